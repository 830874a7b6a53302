//! Edition `third`, optional rule `combat-dice` (FFG Official Combat Dice Variant, 2010): rule
//! tests with stacked dice and stacked power cards. The type -> attribute list is the shipped
//! estimate (`data/dungeonquest/third/combat.ron`, `dice_variant`): Troll Armor, Golem Strength.

mod common;

use common::answer;
use dq_engine::board::{cell as rc, Cell, Dir};
use dq_engine::card_combat::{CcId, HERO, MONSTER};
use dq_engine::data::{Attr, Side, TileKind};
use dq_engine::trace::Trace;
use dq_engine::*;

fn rules() -> &'static Rules {
    use std::sync::OnceLock;
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(Rules::third)
}

const A: Cell = rc(2, 2);
const B: Cell = rc(2, 3);

fn card_in(deck: Deck, name: &str) -> CardId {
    rules().deck_cards(deck).find(|&c| rules().cards[c as usize].name == name).unwrap_or_else(|| panic!("no {name}"))
}

fn room(n: usize) -> u8 {
    rules()
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == TileKind::DungeonRoom && t.sides == [Side::Hall; 4])
        .nth(n)
        .expect("room")
        .0 as u8
}

fn token(kind: &str, life: u8) -> CardId {
    let k = rules().monster_kind_by_name(kind).unwrap();
    rules()
        .deck_cards(Deck::Monster)
        .find(|&c| rules().cards[c as usize].monster.is_some_and(|m| m.kind == k && m.life == life))
        .expect("token")
}

fn power(set: (CcId, u8), name: &str) -> CcId {
    let cr = rules().card_combat.as_ref().unwrap();
    cr.set(set).find(|&c| cr.names[c as usize] == name).unwrap_or_else(|| panic!("no power {name}"))
}

/// A one-hero game (seat 0 first) with these rules; the hero stands on room A, entered from
/// the west, next to room B, and holds a rune that cannot trigger in a combat.
fn arena(hero: &str, rules_on: &[&str]) -> (Game<'static>, Trace) {
    let r = rules();
    let mut v = Variant::default();
    for n in rules_on {
        v.enable(n).unwrap();
    }
    v.check(dq_engine::Edition::Third).unwrap();
    let mut picks = arrayvec::ArrayVec::new();
    picks.push(HeroPick::Fixed(r.hero_by_id(hero).unwrap() as u8));
    let cfg = GameConfig { heroes: picks, variant: v };
    let mut t = Trace::default();
    let mut g = Game::new(r, &cfg, 1, 0, &mut t).unwrap();
    g.give_rune(0, card_in(Deck::Rune, "Rune of Dragonfire"));
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(0, A);
    g.set_came_from(0, rc(2, 1));
    (g, t)
}

/// Every dice round: (roll, target, hero hit, monster wounds).
fn dice_rounds(t: &Trace) -> Vec<(u8, u8, bool, u8)> {
    t.events
        .iter()
        .filter_map(|e| match *e {
            Event::DiceCombatRound { roll, target, hero_hit, monster_wounds } => {
                Some((roll, target, hero_hit, monster_wounds))
            }
            _ => None,
        })
        .collect()
}

fn card_rounds(t: &Trace) -> usize {
    t.events.iter().filter(|e| matches!(e, Event::CardCombatRound { .. })).count()
}

/// The hero moves into B and meets a monster token of `kind` with `life`.
fn meet(g: &mut Game<'static>, t: &mut Trace, kind: &str, life: u8) {
    g.stack_token(token(kind, life));
    g.stack_deck(&[card_in(Deck::Dungeon, kind)]);
    answer(g, t, Choice::Move(B));
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::EscapeOrAttack), "{}", t.render(rules()));
}

#[test]
fn the_dice_list_loads_and_is_marked_estimated() {
    let cr = rules().card_combat.as_ref().unwrap();
    assert!(cr.dice_estimated);
    let attrs = cr.dice_attributes.as_ref().unwrap();
    let by = |k: &str| attrs[rules().monster_kind_by_name(k).unwrap() as usize];
    assert_eq!(
        [by("Skeleton"), by("Sorcerer"), by("Troll"), by("Golem"), by("Demon")],
        [Attr::Agility, Attr::Luck, Attr::Armor, Attr::Strength, Attr::Strength]
    );
}

#[test]
fn lindel_kills_a_troll_of_life_3_rolling_against_his_armor() {
    let (mut g, mut t) = arena("lindel", &["combat-dice"]);
    // Armor 6: 12 wounds Lindel, 3 and 6 wound the Troll, 7 wounds Lindel, 4 kills it.
    g.force_dice(&[6, 6, 1, 2, 3, 3, 4, 3, 2, 2]);
    meet(&mut g, &mut t, "Troll", 3);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(
        dice_rounds(&t),
        vec![(12, 6, true, 0), (3, 6, false, 1), (6, 6, false, 2), (7, 6, true, 2), (4, 6, false, 3)]
    );
    assert_eq!(card_rounds(&t), 0, "no card is played");
    let h = g.hero(0);
    assert_eq!((h.wounds, h.stats.monsters_killed, h.stats.wounds_taken), (2, 1, 2));
    assert!(t.events.iter().any(|e| matches!(e, Event::MonsterKilled { seat: 0, .. })));
    assert_eq!(g.token_kind_at(B), None, "a killed token goes back to the pool");
    assert!(g.card_fight().is_none());
    g.check_invariants().unwrap();
}

#[test]
fn gherinn_dies_against_a_golem_and_its_token_stays() {
    let (mut g, mut t) = arena("gherinn", &["combat-dice"]);
    // Health 13 with 11 wounds; Strength 3: 7 wounds him, 2 wounds the Golem, 9 kills him.
    g.set_hero_state(0, 11, 0);
    g.force_dice(&[3, 4, 1, 1, 4, 5]);
    meet(&mut g, &mut t, "Golem", 4);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(dice_rounds(&t), vec![(7, 3, true, 0), (2, 3, false, 1), (9, 3, true, 1)]);
    let h = g.hero(0);
    assert_eq!(h.status, HeroStatus::Dead);
    assert_eq!(h.stats.death_cause, Some(DeathCause::Monster));
    assert_eq!(g.token_kind_at(B), rules().monster_kind_by_name("Golem"));
    assert!(g.is_over());
    g.check_invariants().unwrap();
}

#[test]
fn escape_still_uses_power_cards_and_a_failure_leads_into_dice_rounds() {
    let cr = rules().card_combat.as_ref().unwrap();
    let lindel = cr.hero_powers[rules().hero_by_id("lindel").unwrap()];
    let troll = cr.monster_powers[rules().monster_kind_by_name("Troll").unwrap() as usize];
    let (mut g, mut t) = arena("lindel", &["combat-dice"]);
    // Keen Eye (escape 2) against Boulder Toss (escape 3, damage 3): the escape fails, 3 wounds.
    g.stack_combat(&[], &[power(lindel, "Keen Eye")], &[power(troll, "Boulder Toss")]);
    g.force_dice(&[1, 1, 1, 1, 1, 1, 1, 1]);
    meet(&mut g, &mut t, "Troll", 4);
    answer(&mut g, &mut t, Choice::Yes);
    assert!(t
        .events
        .iter()
        .any(|e| matches!(e, Event::PowerEscape { hero_escape: 2, monster_escape: 3, damage: 3, escaped: false, .. })));
    assert_eq!(dice_rounds(&t), vec![(2, 6, false, 1), (2, 6, false, 2), (2, 6, false, 3), (2, 6, false, 4)]);
    assert_eq!((g.hero(0).wounds, g.hero(0).stats.monsters_killed), (3, 1));

    // Nature's Ward (escape 5) against Smash (escape 1): escaped, no dice rolled.
    let (mut g, mut t) = arena("lindel", &["combat-dice"]);
    g.stack_combat(&[], &[power(lindel, "Nature's Ward")], &[power(troll, "Smash")]);
    meet(&mut g, &mut t, "Troll", 4);
    // A, encountered on the next turn, holds nothing.
    g.stack_deck(&[card_in(Deck::Dungeon, "Empty")]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).stats.escapes, 1);
    assert!(dice_rounds(&t).is_empty());
    assert_eq!(g.hero(0).pos, A, "back to the chamber he came from");
}

#[test]
fn live_to_fight_under_combat_dice_is_announced_after_a_won_roll_and_the_next_won_roll_escapes() {
    let (mut g, mut t) = arena("lindel", &["combat-dice", "live-to-fight-another-day"]);
    // Armor 6 against a Troll of life 4: 3 wins, 12 loses, 4 wins, 5 wins.
    g.force_dice(&[1, 2, 6, 6, 2, 2, 2, 3]);
    meet(&mut g, &mut t, "Troll", 4);
    let empty = card_in(Deck::Dungeon, "Empty");
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::No);
    // Round 1 won: the announcement; declaring takes the Troll's wound back.
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::LiveToFight), "{}", t.render(rules()));
    assert_eq!(g.card_fight().unwrap().dice_hits(), 1);
    answer(&mut g, &mut t, Choice::Yes);
    // Round 2 lost (a wound): no escape, and the Troll has no wound left from round 1; round 3
    // won: announced again, declared.
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::LiveToFight));
    assert_eq!(dice_rounds(&t), vec![(3, 6, false, 1), (12, 6, true, 0), (4, 6, false, 1)]);
    assert_eq!((g.hero(0).wounds, g.card_fight().unwrap().dice_hits()), (1, 1));
    answer(&mut g, &mut t, Choice::Yes);
    // Round 4 won: the escape instead of a wound, back to A; the Troll stays in B.
    assert_eq!(dice_rounds(&t), vec![(3, 6, false, 1), (12, 6, true, 0), (4, 6, false, 1), (5, 6, false, 1)]);
    assert!(g.card_fight().is_none());
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.escapes, h.stats.monsters_killed), (A, 1, 1, 0));
    assert_eq!(g.token_kind_at(B), rules().monster_kind_by_name("Troll"));
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::Action));
    g.check_invariants().unwrap();

    // Declining goes on fighting; a won roll that kills the monster offers nothing.
    let (mut g, mut t) = arena("lindel", &["combat-dice", "live-to-fight-another-day"]);
    g.force_dice(&[1, 2, 1, 1, 2, 2]);
    meet(&mut g, &mut t, "Troll", 3);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::LiveToFight));
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.pending().map(|d| d.kind), Some(DecisionKind::LiveToFight));
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(dice_rounds(&t), vec![(3, 6, false, 1), (2, 6, false, 2), (4, 6, false, 3)]);
    assert_eq!(g.hero(0).stats.monsters_killed, 1);
}

#[test]
fn tatiannas_volley_has_no_cards_to_reveal_under_combat_dice() {
    let (mut g, mut t) = arena("tatianna", &["combat-dice"]);
    // Tatianna's Agility 9 against a Skeleton: 9 wounds it, 10 wounds her, then 5 and 6.
    g.force_dice(&[4, 5, 5, 5, 2, 3, 3, 3]);
    meet(&mut g, &mut t, "Skeleton", 3);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(dice_rounds(&t), vec![(9, 9, false, 1), (10, 9, true, 1), (5, 9, false, 2), (6, 9, false, 3)]);
    assert_eq!(g.hero(0).wounds, 1);
    let f = g.card_fight();
    assert!(f.is_none_or(|f| f.damage(MONSTER).is_empty() && f.damage(HERO).is_empty()));
}

#[test]
fn combat_dice_is_refused_for_revised_and_for_data_without_the_list() {
    let v = Variant { combat_dice: true, ..Variant::default() };
    let e = v.check(dq_engine::Edition::Revised).unwrap_err().to_string();
    assert!(e.contains("combat-dice") && e.contains("2010 card combat"), "{e}");
    let cfg = GameConfig::random(1, v);
    let revised = Rules::revised();
    let Err(e) = Game::new(&revised, &cfg, 1, 0, &mut Trace::default()) else { panic!("refused") };
    let e = e.to_string();
    assert!(e.contains("combat-dice"), "{e}");

    let mut src = dq_engine::rules::third_sources();
    let start = src.combat.text.find("        dice_variant:").unwrap();
    let end = src.combat.text[start..].find("        )),\n").unwrap() + start + "        )),\n".len();
    let text = format!("{}{}", &src.combat.text[..start], &src.combat.text[end..]);
    src.combat.text = &text;
    let r = Rules::load(src).unwrap();
    assert!(r.card_combat.as_ref().unwrap().dice_attributes.is_none());
    let Err(e) = Game::new(&r, &cfg, 1, 0, &mut Trace::default()) else { panic!("refused") };
    let e = e.to_string();
    assert!(e.contains("dice_variant"), "{e}");
    assert!(Game::new(&r, &GameConfig::random(1, Variant::default()), 1, 0, &mut Trace::default()).is_ok());
}

#[test]
fn a_broken_dice_list_is_an_error_naming_file_and_line() {
    for (from, to, says) in [
        ("(kind: \"Troll\", attribute: Armor)", "(kind: \"Trol\", attribute: Armor)", "\"Trol\" is not a monster kind"),
        ("(kind: \"Demon\", attribute: Strength)", "(kind: \"Troll\", attribute: Strength)", "listed twice"),
        ("(kind: \"Demon\", attribute: Strength),", "", "\"Demon\" has no attribute"),
        ("(kind: \"Troll\", attribute: Armor)", "(kind: \"Troll\", attribute: Armour)", "Armour"),
    ] {
        let mut src = dq_engine::rules::third_sources();
        assert!(src.combat.text.contains(from));
        let text = src.combat.text.replace(from, to);
        src.combat.text = &text;
        let e = Rules::load(src).unwrap_err();
        assert_eq!(e.file, "data/dungeonquest/third/combat.ron");
        assert!(e.message.contains(says), "{e}");
        let line = text.lines().nth(e.line - 1).unwrap();
        if to.is_empty() {
            assert!(line.contains("dice_variant:"), "{e}: {line}");
        } else if says != "Armour" {
            let name = says.split('"').nth(1).unwrap_or("Troll");
            assert!(line.contains(&format!("kind: \"{name}\"")), "{e}: {line}");
        }
    }
}
