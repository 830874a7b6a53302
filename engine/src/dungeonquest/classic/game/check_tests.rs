//! The rule checker (`classic::check`) rejects hand-built bad positions: each test lays a
//! sound game out with a [`ClassicSetup`], breaks one thing the rules fix, and expects the
//! invariant named. Here, inside `game`, so a test can break what no accessor writes.

use super::*;
use crate::core::{NoObserver, Observer};
use crate::dungeonquest::board::{cell, Dir, TOWERS, TREASURE};
use crate::dungeonquest::classic::check::{check_position, ClassicCheck, Invariant};
use crate::dungeonquest::data::TileKind;
use std::sync::OnceLock;

fn rules() -> &'static ClassicRules {
    static R: OnceLock<ClassicRules> = OnceLock::new();
    R.get_or_init(ClassicRules::embedded)
}

/// The `nth` Dungeon Room tile open on all four sides.
fn room(nth: usize) -> u8 {
    let all = rules().tiles.drawn();
    let open = |t: &&crate::dungeonquest::rules::TileDef| t.kind == TileKind::DungeonRoom && t.walls == 0;
    let t = all.iter().filter(open).nth(nth).unwrap();
    all.iter().position(|x| std::ptr::eq(x, t)).unwrap() as u8
}

fn seat(id: &str, pos: Cell) -> SeatSetup {
    SeatSetup { hero: rules().hero_by_id(id).unwrap(), ring: None, pos, life: None }
}

/// Sir Rohan in a room at (1,1) and Ulf in a room at (1,3), round 3.
fn setup() -> ClassicSetup {
    ClassicSetup {
        seats: vec![seat("rohan", cell(1, 1)), seat("ulf", cell(1, 3))],
        round: 3,
        laid: vec![(cell(1, 1), room(0), Dir::South), (cell(1, 3), room(1), Dir::South)],
        ..Default::default()
    }
}

fn game(s: &ClassicSetup) -> ClassicGame<'static> {
    ClassicGame::from_setup(rules(), s, 1, &mut NoObserver).unwrap()
}

/// The invariant `check_position` finds broken, with its message.
fn broken(g: &ClassicGame<'_>) -> (Invariant, String) {
    let e = check_position(g).expect_err("the position must be rejected");
    (e.invariant, e.to_string())
}

#[test]
fn a_sound_position_passes() {
    let g = game(&setup());
    check_position(&g).unwrap();
    let mut check = ClassicCheck::new();
    check.check_after(&g, None).unwrap();
}

#[test]
fn life_above_the_sheet() {
    let mut s = setup();
    s.seats[0].life = Some(30);
    let (i, m) = broken(&game(&s));
    assert_eq!(i, Invariant::Life, "{m}");
    assert!(m.contains("seat 0 (Sir Rohan) has 30 LPs, above the sheet's 17"), "{m}");
}

#[test]
fn the_dead_hold_nothing_and_have_no_lps() {
    let mut g = game(&setup());
    g.heroes[1].fate = Fate::Dead(Cause::Monster);
    assert_eq!(broken(&g).0, Invariant::Death);
    g.heroes[1].life = 0;
    g.heroes[1].potion = Some(Kept { deck: ClassicDeck::Room, card: 0 });
    assert_eq!(broken(&g).0, Invariant::Death);
}

#[test]
fn a_hero_stands_on_a_room() {
    let mut g = game(&setup());
    g.heroes[0].pos = cell(5, 1);
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Place, "{m}");
    assert!(m.contains("stands on (5,1), where no tile lies"), "{m}");
}

#[test]
fn no_two_heroes_in_one_room_but_the_treasure_chamber() {
    let mut g = game(&setup());
    g.heroes[1].pos = cell(1, 1);
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Crowded, "{m}");
    assert!(m.contains("are both in the room at (1,1)"), "{m}");
    g.heroes[0].pos = TREASURE[0];
    g.heroes[1].pos = TREASURE[1];
    g.pending = None;
    g.legal.clear();
    g.round = 26;
    // Both in the chamber is allowed; the game over with heroes inside is not.
    assert_eq!(broken(&g).0, Invariant::Round);
}

#[test]
fn at_most_two_successive_searches() {
    let mut g = game(&setup());
    g.heroes[0].searches = 3;
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Searches, "{m}");
    assert!(m.contains("searched 3 successive times at (1,1)"), "{m}");
    // Two searches done: no third offered.
    g.heroes[0].searches = 2;
    assert_eq!(broken(&g).0, Invariant::Searches, "the pending Turn still offers a search");
}

#[test]
fn every_card_in_one_place() {
    let mut g = game(&setup());
    let top = g.decks[ClassicDeck::Room as usize].draw().unwrap();
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Cards, "{m}");
    assert!(m.contains(&format!("Room card {top} ")) && m.contains("is nowhere"), "{m}");
    // Kept by a hero and back in the deck: twice.
    g.decks[ClassicDeck::Room as usize].put_bottom(top);
    let treasure = g.deck_card(ClassicDeck::Search, 0).unwrap();
    g.heroes[1].cards.push(Kept { deck: ClassicDeck::Search, card: treasure });
    assert_eq!(broken(&g).0, Invariant::Cards);
}

#[test]
fn every_treasure_counter_in_one_place() {
    let mut g = game(&setup());
    let c = g.cup_counter(0).unwrap();
    g.heroes[0].counters = 1 << c;
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Counters, "{m}");
    g.cup.draw();
    check_position(&g).unwrap();
    g.heroes[1].counters = 1 << c;
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Counters, "{m}");
    assert!(m.contains(&format!("holds Treasure counter {c} another hero holds")), "{m}");
}

#[test]
fn dragon_counters_aside_only_while_the_chamber_is_taken() {
    let mut g = game(&ClassicSetup { dragon: vec![false], ..setup() });
    assert_eq!(g.dragon.draw(), Some(false));
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Dragon, "{m}");
    assert!(m.contains("1 Dragon counters set aside with nobody in the Treasure Chamber"), "{m}");
}

#[test]
fn arrows_only_el_adorans() {
    let mut g = game(&setup());
    g.heroes[0].arrows = 2;
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Arrows, "{m}");
    assert!(m.contains("only El-Adoran has a longbow"), "{m}");
    let mut s = setup();
    s.seats[0] = seat("el-adoran", cell(1, 1));
    let mut g = game(&s);
    check_position(&g).unwrap();
    g.heroes[0].arrows = 5;
    assert!(broken(&g).1.contains("5 arrows, above the sheet's 4"));
}

#[test]
fn rings_distinct_and_used_once() {
    let mut s = setup();
    s.seats[0].ring = Some(0);
    s.seats[1].ring = Some(1);
    let mut g = game(&s);
    let mut check = ClassicCheck::new();
    check.check_after(&g, None).unwrap();
    g.heroes[1].ring = Some(0);
    assert_eq!(broken(&g).0, Invariant::Ring);
    // Used, then back: caught across positions.
    g.heroes[1].ring = None;
    check.check_after(&g, None).unwrap();
    g.heroes[1].ring = Some(1);
    let e = check.check_after(&g, None).unwrap_err();
    assert_eq!(e.invariant, Invariant::Ring, "{e}");
}

#[test]
fn rounds_one_to_twenty_six_in_order() {
    let mut g = game(&setup());
    g.round = 27;
    assert_eq!(broken(&g).0, Invariant::Round);
    let mut g = game(&setup());
    let mut check = ClassicCheck::new();
    check.check_after(&g, None).unwrap();
    g.round = 2;
    assert_eq!(check.check_after(&g, None).unwrap_err().invariant, Invariant::Round, "the sun moved back");
    // Round events skip a round.
    let mut check = ClassicCheck::new();
    let g = game(&setup());
    check.check_after(&g, None).unwrap();
    check.event(ClassicEvent::Round(5));
    let e = check.check_after(&g, None).unwrap_err();
    assert_eq!(e.invariant, Invariant::Round, "{e}");
    assert!(e.message.contains("round 5 follows round 3"), "{e}");
}

#[test]
fn no_tile_laid_twice() {
    let mut g = game(&setup());
    g.board.lay(g.tile_defs(), cell(2, 1), room(0), 0);
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Tiles, "{m}");
    assert!(m.contains("is laid twice: at (1,1) and (2,1)"), "{m}");
    // An event laying a tile on a room.
    let g = game(&setup());
    let mut check = ClassicCheck::new();
    check.check_after(&g, None).unwrap();
    check.event(ClassicEvent::TilePlaced { cell: cell(1, 3), tile: 7, rot: 0 });
    assert_eq!(check.check_after(&g, None).unwrap_err().invariant, Invariant::Tiles);
}

#[test]
fn an_exited_hero_keeps_what_he_held() {
    let mut s = setup();
    s.seats[1] = seat("ulf", TOWERS[1]);
    let mut g = game(&s);
    g.heroes[1].fate = Fate::Exited;
    let mut check = ClassicCheck::new();
    check.check_after(&g, None).unwrap();
    let c = g.cup.draw().unwrap();
    g.heroes[1].counters = 1 << c;
    let e = check.check_after(&g, None).unwrap_err();
    assert_eq!(e.invariant, Invariant::Exited, "{e}");
}

#[test]
fn a_pending_decision_has_legal_answers() {
    let mut g = game(&setup());
    g.legal.clear();
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Decision, "{m}");
    assert!(m.contains("pending with no legal answer"), "{m}");
    let mut g = game(&setup());
    g.legal.push(ClassicChoice::Loot);
    assert_eq!(broken(&g).0, Invariant::Decision, "Loot away from the Treasure Chamber");
}

#[test]
fn a_plight_matches_its_card() {
    let mut g = game(&setup());
    g.heroes[0].plight = Plight::Darkness;
    let (i, m) = broken(&g);
    assert_eq!(i, Invariant::Plight, "{m}");
}

#[test]
fn the_awake_dragon_takes_all_treasure() {
    let mut s = setup();
    s.seats[0] = seat("rohan", TREASURE[0]);
    let mut g = game(&s);
    let c = g.cup.draw().unwrap();
    g.heroes[0].counters = 1 << c;
    let mut check = ClassicCheck::new();
    check.check_after(&g, None).unwrap();
    check.event(ClassicEvent::Dragon { seat: 0, awake: true });
    let e = check.check_after(&g, Some(ClassicChoice::Loot)).unwrap_err();
    assert_eq!(e.invariant, Invariant::Dragon, "{e}");
    assert!(e.message.contains("seat 0 (Sir Rohan) in the Treasure Chamber, who kept his treasure"), "{e}");
}
