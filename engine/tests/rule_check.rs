//! Each invariant of [`RuleCheck`] fires on the situation it guards (events fed by hand to a
//! checker following a real game), and stays quiet on its lawful twin. What the games show
//! (random answers, strategic bots) is in `property_random_games.rs` and
//! `bots/tests/rule_invariants.rs`.

use dq_engine::board::{cell, step, Cell, Dir, TREASURE};
use dq_engine::data::{Side, TileKind};
use dq_engine::*;
// `event` is the core observer trait's method (`dq_engine::Observer` is its DungeonQuest form).
use dq_engine::core::Observer as _;

/// A game of `n` random heroes with the checker as its observer, in step after setup.
fn start<'r>(rules: &'r Rules, n: usize, rules_on: &[&str]) -> (Game<'r>, RuleCheck<'r>) {
    let mut v = Variant::default();
    for r in rules_on {
        v.enable(r).unwrap();
    }
    let mut chk = RuleCheck::new(rules, v);
    let g = Game::new(rules, &GameConfig::random(n, v), 3, 0, &mut chk).unwrap();
    chk.check_after(&g);
    assert_eq!(chk.violations(), &[], "a fresh game keeps the invariants");
    (g, chk)
}

/// The invariants broken so far, by name.
fn broken(chk: &RuleCheck) -> Vec<&'static str> {
    chk.violations().iter().map(|v| v.invariant.name()).collect()
}

fn health(g: &Game, seat: u8) -> u8 {
    g.hero(seat).health
}

const X: Cell = cell(2, 2);

#[test]
fn a_turn_for_a_dead_hero_is_caught() {
    let r = Rules::revised();
    let (_g, mut chk) = start(&r, 2, &[]);
    chk.event(Event::TurnStart { seat: 0, round: 1, extra: false });
    assert_eq!(broken(&chk), Vec::<&str>::new());
    chk.event(Event::Died { seat: 1, cause: DeathCause::Trap });
    chk.event(Event::TurnStart { seat: 1, round: 1, extra: false });
    assert_eq!(broken(&chk), ["turn-while-out"]);
    assert!(chk.violations()[0].to_string().contains("seat 1"), "{}", chk.violations()[0]);
}

#[test]
fn wounds_at_health_without_death_are_caught() {
    let r = Rules::revised();
    let (g, mut chk) = start(&r, 2, &[]);
    let h = health(&g, 0);
    chk.event(Event::Wounds { seat: 0, amount: h, total: h });
    chk.event(Event::Died { seat: 0, cause: DeathCause::Trap });
    assert_eq!(broken(&chk), Vec::<&str>::new(), "death follows");
    chk.event(Event::Wounds { seat: 1, amount: 20, total: 20 });
    chk.event(Event::TurnStart { seat: 1, round: 1, extra: false });
    assert_eq!(broken(&chk), ["wounds-without-death"]);
}

#[test]
fn a_combat_round_after_the_hero_died_is_caught() {
    let r = Rules::revised();
    let (_g, mut chk) = start(&r, 2, &[]);
    let round = Event::CombatRound {
        hero_card: data::CombatCard::Melee,
        monster_card: data::CombatCard::Melee,
        hero_wounds: 1,
        monster_wounds: 1,
    };
    chk.event(Event::MonsterAppears { seat: 0, card: 0, monster_seat: 1 });
    chk.event(round);
    // The monster player dying elsewhere is no matter; the fighting hero is.
    assert_eq!(broken(&chk), Vec::<&str>::new());
    chk.event(Event::Died { seat: 0, cause: DeathCause::Monster });
    chk.event(round);
    assert_eq!(broken(&chk), ["combat-after-death"]);
}

#[test]
fn a_card_combat_round_past_the_damage_room_is_caught() {
    let r = Rules::third();
    let (g, mut chk) = start(&r, 1, &[]);
    let h = health(&g, 0);
    let round = |hero_damage| Event::CardCombatRound {
        winner: 1,
        hero_total: 1,
        monster_total: 2,
        deathblow: 0,
        hero_damage,
        monster_damage: 0,
    };
    chk.event(Event::Wounds { seat: 0, amount: 2, total: 2 });
    chk.event(Event::MonsterAppears { seat: 0, card: 0, monster_seat: 0 });
    chk.event(round(h - 3));
    chk.event(round(h - 2));
    assert_eq!(broken(&chk), Vec::<&str>::new(), "the stack and wounds reach the life only now");
    chk.event(round(h - 1));
    assert_eq!(broken(&chk), ["combat-after-death"]);
}

#[test]
fn a_hero_spared_by_dragon_rage_is_caught() {
    let r = Rules::revised();
    let (mut g, mut chk) = start(&r, 3, &[]);
    g.put_hero(0, TREASURE[0]);
    g.put_hero(1, TREASURE[1]);
    chk.check_after(&g);
    chk.event(Event::TurnStart { seat: 0, round: 3, extra: false });
    chk.event(Event::DragonRage { seat: 0 });
    chk.event(Event::Wounds { seat: 0, amount: 5, total: 5 });
    chk.event(Event::Wounds { seat: 1, amount: 5, total: 5 });
    chk.event(Event::TurnStart { seat: 1, round: 3, extra: false });
    assert_eq!(broken(&chk), Vec::<&str>::new(), "both in the chamber took it; seat 2 was elsewhere");
    chk.event(Event::DragonRage { seat: 1 });
    chk.event(Event::Wounds { seat: 1, amount: 5, total: 10 });
    chk.event(Event::TurnStart { seat: 2, round: 3, extra: false });
    assert_eq!(broken(&chk), ["dragon-rage-spared"]);
    assert!(chk.violations()[0].to_string().contains("seat 0"), "{}", chk.violations()[0]);
}

#[test]
fn the_sun_moving_back_is_caught() {
    let r = Rules::revised();
    let (mut g, mut chk) = start(&r, 1, &[]);
    chk.event(Event::RoundStart { round: 2, sun: 5 });
    chk.event(Event::RoundStart { round: 3, sun: 5 });
    assert_eq!(broken(&chk), Vec::<&str>::new());
    chk.event(Event::RoundStart { round: 4, sun: 4 });
    assert_eq!(broken(&chk), ["sun-back"]);
    g.set_sun(9);
    chk.check_after(&g);
    g.set_sun(8);
    chk.check_after(&g);
    assert_eq!(broken(&chk), ["sun-back", "sun-back"]);
}

#[test]
fn entering_an_occupied_chamber_is_caught() {
    let r = Rules::revised();
    let (mut g, mut chk) = start(&r, 2, &[]);
    let y = step(X, Dir::East).unwrap();
    g.put_hero(0, X);
    g.put_hero(1, y);
    chk.check_after(&g);
    // Resurfacing there is allowed ("A player can resurface in a chamber that is occupied").
    chk.event(Event::Moved { seat: 0, from: dq_engine::board::NO_CELL, to: y });
    assert_eq!(broken(&chk), Vec::<&str>::new());
    chk.check_after(&g);
    chk.event(Event::Decided { seat: 0, kind: DecisionKind::Action, choice: Choice::Move(y), forced: false });
    chk.event(Event::Moved { seat: 0, from: X, to: y });
    assert_eq!(broken(&chk), ["occupied-chamber"]);
    // Under Hero vs. Hero that move is an attack.
    let (mut g, mut chk) = start(&r, 2, &["hero-vs-hero"]);
    g.put_hero(0, X);
    g.put_hero(1, y);
    chk.check_after(&g);
    chk.event(Event::Moved { seat: 0, from: X, to: y });
    assert_eq!(broken(&chk), Vec::<&str>::new());
}

/// A split tile of `kind` laid on `X` with the hero of seat 0 on its part 0, and the
/// neighbours through an open hall on each part.
fn split_chamber<'r>(r: &'r Rules, kind: TileKind) -> (Game<'r>, RuleCheck<'r>, Cell, Cell) {
    let (mut g, mut chk) = start(r, 1, &[]);
    let t = r.tiles.iter().position(|t| t.kind == kind && t.is_split()).expect("a split tile") as u8;
    g.lay_tile(X, t, Dir::South);
    g.put_hero(0, X);
    chk.check_after(&g);
    let tile = &r.tiles[t as usize];
    // `lay_tile` with the arrow south turns the tile by `rot` = 0: local side k faces Dir k.
    let side = |part: u8| {
        (0..4u8)
            .find(|&k| tile.part[k as usize] == part && tile.sides[k as usize] != Side::Wall)
            .and_then(|k| step(X, Dir::ALL[k as usize]))
            .expect("an open side on each part off the outer wall")
    };
    (g, chk, side(0), side(1))
}

#[test]
fn crossing_a_chasm_is_caught() {
    let r = Rules::revised();
    let (_g, mut chk, near, far) = split_chamber(&r, TileKind::Chasm);
    chk.event(Event::Decided { seat: 0, kind: DecisionKind::Action, choice: Choice::Move(near), forced: false });
    chk.event(Event::Moved { seat: 0, from: X, to: near });
    assert_eq!(broken(&chk), Vec::<&str>::new());
    let (_g, mut chk, _, far2) = split_chamber(&r, TileKind::Chasm);
    assert_eq!(far, far2);
    chk.event(Event::Decided { seat: 0, kind: DecisionKind::Action, choice: Choice::Move(far), forced: false });
    chk.event(Event::Moved { seat: 0, from: X, to: far });
    assert_eq!(broken(&chk), ["split-move"]);
}

#[test]
fn crossing_a_bridge_needs_its_test() {
    let r = Rules::revised();
    let (_g, mut chk, _, far) = split_chamber(&r, TileKind::Bridge);
    chk.event(Event::Decided { seat: 0, kind: DecisionKind::Action, choice: Choice::Move(far), forced: false });
    let test = |pass| Event::Test { seat: 0, attr: data::Attr::Agility, target: 5, total: 4, pass };
    chk.event(test(true));
    chk.event(Event::Moved { seat: 0, from: X, to: far });
    assert_eq!(broken(&chk), Vec::<&str>::new(), "crossed after passing");
    let (_g, mut chk, _, far) = split_chamber(&r, TileKind::Bridge);
    chk.event(Event::Decided { seat: 0, kind: DecisionKind::Action, choice: Choice::Move(far), forced: false });
    chk.event(test(false));
    chk.event(Event::Moved { seat: 0, from: X, to: far });
    assert_eq!(broken(&chk), ["split-move"]);
}

#[test]
fn escaping_across_a_split_chamber_is_caught() {
    for kind in [TileKind::Chasm, TileKind::CaveIn, TileKind::Bridge] {
        let r = Rules::revised();
        let (_g, mut chk, near, far) = split_chamber(&r, kind);
        chk.event(Event::Escaped { seat: 0, to: near });
        chk.event(Event::Moved { seat: 0, from: X, to: near });
        assert_eq!(broken(&chk), Vec::<&str>::new(), "{kind:?}");
        let (_g, mut chk, _, _) = split_chamber(&r, kind);
        chk.event(Event::Escaped { seat: 0, to: far });
        chk.event(Event::Moved { seat: 0, from: X, to: far });
        assert_eq!(broken(&chk), ["split-escape"], "{kind:?}");
    }
}

/// 2010: a hero in a chamber he reached through a hall meets a monster there: the escape
/// offered is lawful; had he reached it by an escape, it is not.
#[test]
fn an_escape_offered_after_an_escape_is_caught_in_third() {
    let r = Rules::third();
    for by_escape in [false, true] {
        let (mut g, mut chk) = start(&r, 1, &[]);
        let rooms: Vec<u8> = (0..r.tiles.len() as u8)
            .filter(|&t| {
                r.tiles[t as usize].kind == TileKind::DungeonRoom && r.tiles[t as usize].sides == [Side::Hall; 4]
            })
            .collect();
        let y = step(X, Dir::East).unwrap();
        g.lay_tile(X, rooms[0], Dir::South);
        g.lay_tile(y, rooms[1], Dir::West);
        g.put_hero(0, X);
        let skeleton = r.deck_cards(Deck::Dungeon).find(|&c| r.cards[c as usize].name == "Skeleton").unwrap();
        g.stack_deck(&[skeleton]);
        chk.check_after(&g);
        while g.pending().is_some_and(|d| d.kind != DecisionKind::Action) {
            let c = g.legal_choices()[0];
            g.apply(c, &mut chk).unwrap();
            chk.check_after(&g);
        }
        g.apply(Choice::Move(y), &mut chk).unwrap();
        assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::EscapeOrAttack));
        if by_escape {
            // As if the figure had come in by an escape (the way the bug shows it).
            chk.event(Event::Escaped { seat: 0, to: y });
            chk.event(Event::Moved { seat: 0, from: X, to: y });
        }
        chk.check_after(&g);
        let want: &[&str] = if by_escape { &["escape-forbidden"] } else { &[] };
        assert_eq!(broken(&chk), want);
    }
}
