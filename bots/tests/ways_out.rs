//! The planner's ways out (issue 24 item 1): the exit condition of each rule set, loot
//! discarded before a bridge when it pays, and going in circles noticed (catacombs, another
//! way, no bouncing back into the same chamber). Stacked positions where one can be built
//! by hand, else the games of seed 20141 the blunder was found in (`dq replay --seed 20141
//! --game G`, after `cargo build --release -p dq-sim`).

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::board::{cell, manhattan, TOWERS, TREASURE};
use dq_engine::data::TileKind;
use dq_engine::{Cell, Choice, Choices, DecisionKind, Dir, Event, Game, GameConfig, NoObserver, Rules, Variant};
#[path = "support/position.rs"]
mod position_support;
use position_support::{decide, open_room, position};

fn card(rules: &Rules, name: &str) -> dq_engine::CardId {
    (0..rules.cards.len() as dq_engine::CardId)
        .find(|&c| rules.cards[c as usize].name == name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

fn to_nearest(c: Cell, targets: &[Cell]) -> u8 {
    targets.iter().map(|&t| manhattan(c, t)).min().unwrap()
}

const AT: Cell = cell(4, 3);

/// Issue 24 (`--rule solo`, G=0): under the solo rule (Revised) and No Guts, No Glory a hero
/// leaves only with a treasure card; greedy walked home without one and tower-hopped until
/// sunset. Late in the game, holding loot but no treasure card, he goes on to the treasure
/// chamber; with a treasure card he turns home as in the standard game.
#[test]
fn without_the_treasure_card_the_exit_asks_for_the_hero_goes_on() {
    let rules = Rules::revised();
    for rule in ["solo", "no-guts-no-glory"] {
        let mut g = position(&rules, rule, AT, 17);
        g.give_card(0, card(&rules, "Gold Coins"));
        assert_eq!(decide(&rules, "greedy", &g), Choice::Move(cell(4, 4)), "{rule}");
        assert_eq!(decide(&rules, "cautious", &g), Choice::Move(cell(4, 4)), "{rule}");
        g.give_card(0, card(&rules, "Giant Ruby"));
        let Choice::Move(to) = decide(&rules, "greedy", &g) else { panic!("{rule}: greedy did not move") };
        assert!(to_nearest(to, &TOWERS) < to_nearest(AT, &TOWERS), "{rule}: moved to {to} with a treasure card");
    }
    // Without the rule, loot is enough: home.
    let mut g = position(&rules, "", AT, 17);
    g.give_card(0, card(&rules, "Gold Coins"));
    let Choice::Move(to) = decide(&rules, "greedy", &g) else { panic!("greedy did not move") };
    assert!(to_nearest(to, &TOWERS) < to_nearest(AT, &TOWERS));
}

/// In the treasure chamber with 3 health left, cautious does not stake its life on a dragon
/// card (Dragon Rage's two dice kill 35 times in 36) — unless the exit asks for a treasure
/// card it lacks: then the sunset kills it for sure, and it draws.
#[test]
fn without_the_treasure_card_the_exit_asks_for_the_hero_draws() {
    let rules = Rules::revised();
    for (rule, draws) in [("", false), ("solo", true), ("no-guts-no-glory", true)] {
        let mut g = position(&rules, rule, AT, 2);
        g.put_hero(0, TREASURE[0]);
        g.set_hero_state(0, rules.heroes[0].health - 3, 0);
        assert_eq!(decide(&rules, "cautious", &g) == Choice::DrawDragon, draws, "{rule}");
        // Out of dragon draws by its cap, still without a treasure card: draws on.
        assert_eq!(decide(&rules, "greedy:dragon_draws=0", &g) == Choice::DrawDragon, draws, "{rule}");
    }
}

/// A hero standing on a bridge (laid east of `AT`, its far side a room beyond) with
/// `coins` Gold Coins and `left` health left, asked which loot to discard before crossing.
fn before_bridge(rules: &Rules, coins: usize, left: u8) -> Option<Game<'_>> {
    let bridge = rules.tiles.iter().position(|t| t.kind == TileKind::Bridge).expect("a bridge") as u8;
    for arrow in Dir::ALL {
        let mut g = position(rules, "", AT, 2);
        g.lay_tile(cell(4, 4), bridge, arrow);
        for d in Dir::ALL {
            if let Some(c) = dq_engine::board::step(cell(4, 4), d) {
                if c != AT && !g.cell_is_explored(c) {
                    g.lay_tile(c, open_room(rules), Dir::South);
                }
            }
        }
        let mut all =
            (0..rules.cards.len() as dq_engine::CardId).filter(|&c| rules.cards[c as usize].name == "Gold Coins");
        for _ in 0..coins {
            g.give_card(0, all.next().expect("enough Gold Coins cards"));
        }
        g.set_hero_state(0, rules.heroes[0].health - left, 0);
        let mut c = Choices::new();
        g.legal(&mut c);
        if !c.contains(&Choice::Move(cell(4, 4))) {
            continue;
        }
        g.apply(Choice::Move(cell(4, 4)), &mut NoObserver).unwrap();
        // Cross now, else (the turn ended on the bridge) at the next action.
        let mut steps = 0;
        while !g.is_over() && steps < 20 {
            steps += 1;
            let Some(d) = g.pending() else { break };
            g.legal(&mut c);
            match d.kind {
                DecisionKind::BridgeDiscard => return Some(g),
                DecisionKind::Bridge => g.apply(Choice::Cross, &mut NoObserver).unwrap(),
                DecisionKind::Action if g.hero(0).pos == cell(4, 4) => {
                    let far = c.iter().copied().find(|&x| matches!(x, Choice::Move(t) if t != AT));
                    let Some(far) = far else { break };
                    g.apply(far, &mut NoObserver).unwrap();
                }
                _ => {
                    let pick = *c.iter().find(|x| matches!(x, Choice::No | Choice::Done)).unwrap_or(&c[0]);
                    g.apply(pick, &mut NoObserver).unwrap();
                }
            }
        }
    }
    None
}

/// Issue 24 (G=137): greedy crossed bridges with every loot card (each adds one to the
/// Agility roll) and fell. With a fall's 1d6 wounds able to kill, a card of little gold is
/// worth discarding; at full health, where a fall cannot kill, nothing is discarded; the
/// card the exit needs is never discarded.
#[test]
fn loot_is_discarded_before_a_bridge_when_it_pays() {
    let rules = Rules::revised();
    let g = before_bridge(&rules, 3, 2).expect("a bridge to cross");
    assert!(matches!(decide(&rules, "greedy", &g), Choice::Card(_)));
    assert!(matches!(decide(&rules, "cautious", &g), Choice::Card(_)));
    let g = before_bridge(&rules, 3, rules.heroes[0].health).expect("a bridge to cross");
    assert_eq!(decide(&rules, "greedy", &g), Choice::Done);
    let g = before_bridge(&rules, 1, 2).expect("a bridge to cross");
    assert_eq!(decide(&rules, "greedy", &g), Choice::Done, "the last loot card is the way out");
}

/// The moves of one hero in one game, and the spaces he met monsters on.
#[derive(Default)]
struct Walk {
    moves: Vec<(Cell, Cell)>,
    met: Vec<Cell>,
}

impl dq_engine::core::Observer<Event> for Walk {
    fn event(&mut self, e: Event) {
        match e {
            Event::Moved { from, to, .. } => self.moves.push((from, to)),
            Event::MonsterAppears { .. } => self.met.push(self.moves.last().map_or(u8::MAX, |m| m.1)),
            _ => {}
        }
    }
}

/// Game `index` of seed 20141, one hero played by `spec`, as the outcomes example plays it.
fn replay<'r>(rules: &'r Rules, spec: &str, index: u64) -> (Game<'r>, Walk) {
    let specs = BotSpec::parse_list(spec).unwrap();
    let mut players = Players::new(rules, &specs, MonsterSpec::Random, 1).unwrap();
    let cfg = GameConfig::random(1, Variant::default());
    let mut walk = Walk::default();
    let g = play(rules, &cfg, 20141, index, &mut players, &mut walk).unwrap();
    (g, walk)
}

/// Issue 24 (G=66, `dq replay --seed 20141 --game 66`): with no loot, greedy walked between
/// (1,0) and (1,1) from round 18 to the sunset, a catacomb entrance under its feet. Going in
/// circles, it takes the catacombs.
#[test]
fn going_in_circles_the_hero_takes_the_catacombs() {
    let rules = Rules::revised();
    let (g, walk) = replay(&rules, "greedy", 66);
    assert!(g.hero(0).stats.catacomb_entries > 0, "never entered the catacombs");
    let pingpong = walk.moves.windows(2).filter(|w| w[0] == (cell(1, 0), cell(1, 1)) && w[1].0 == cell(1, 1)).count();
    assert!(pingpong < 3, "{pingpong} round trips (1,0) - (1,1)");
}

/// Issue 24 (G=376154 before; here G=4377): on the way home, a chasm's side turned the hero
/// back into the treasure chamber again and again (a dragon card drawn at each entry) until
/// Dragon Rage killed him. He notices the loop and leaves the chamber another way.
#[test]
fn no_bouncing_back_into_the_treasure_chamber() {
    let rules = Rules::revised();
    let (_, walk) = replay(&rules, "greedy", 4377);
    let entries = walk.moves.iter().filter(|(f, t)| !TREASURE.contains(f) && TREASURE.contains(t)).count();
    assert!(entries <= 3, "{entries} entries into the treasure chamber");
}

/// Issue 24 (G=224299 before, seven round trips into one monster room; here G=1981): a
/// corridor bounced greedy back into the room at (7,0) each turn, where it met a monster
/// again and again until one killed it. It notices the loop and takes the catacombs.
#[test]
fn no_round_trips_into_one_monster_room() {
    let rules = Rules::revised();
    let (_, walk) = replay(&rules, "greedy", 1981);
    let met = walk.met.iter().filter(|&&c| c == cell(7, 0)).count();
    assert!(met < 2, "met {met} monsters at (7,0)");
}
