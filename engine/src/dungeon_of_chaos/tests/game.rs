//! The game of slice 2: one test per rule of §1–3, §6–7, §14–15 with set-up values, stacked
//! decks and forced dice; the random-game property test; no allocation per game after
//! set-up; the size of the state.

use super::rules;
use crate::core::rng::GameRng;
use crate::core::{fuzz, DecisionGame, NoObserver};
use crate::dungeon_of_chaos::combat::{HandCard, Presence};
use crate::dungeon_of_chaos::data::{Ailment, Attr, Feature};
use crate::dungeon_of_chaos::game::{
    Ask, ChaosChoice, ChaosConfig, ChaosConfigError, ChaosEvent, ChaosGame, ChaosSetup, ChestLeft, DeckId, Dir,
    DoorState, Edge, Ending, Place, SeatSetup, Sq, Ware, ROUND_LIMIT,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

pub(super) fn character(name: &str) -> u8 {
    rules().character(name).unwrap_or_else(|| panic!("{name}"))
}

pub(super) fn tile(name: &str) -> u16 {
    rules().tile_names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name}")) as u16
}

pub(super) fn card(names: &[String], name: &str) -> u16 {
    names.iter().position(|n| n == name).unwrap_or_else(|| panic!("{name}")) as u16
}

pub(super) fn room(name: &str) -> (DeckId, u16) {
    (DeckId::Rooms, card(&rules().rooms.names, name))
}

fn door(name: &str) -> (DeckId, u16) {
    (DeckId::Doors, card(&rules().doors.names, name))
}

pub(super) fn tile1(name: &str) -> (DeckId, u16) {
    (DeckId::Tiles(rules().tiles[tile(name) as usize].size as u8), tile(name))
}

pub(super) fn sq(level: u8, row: u8, col: u8) -> Sq {
    Sq::new(level, row, col)
}

/// The entry tile's square of the arrow (row 3, column 3, level 1, 0-based).
pub(super) const ENTRY: Sq = Sq(27);

/// One seat playing `who` on `at`.
pub(super) fn solo(who: &str, at: Sq) -> ChaosSetup {
    ChaosSetup { seats: vec![SeatSetup::new(character(who), Place::Dungeon(at))], ..ChaosSetup::default() }
}

pub(super) fn game(s: &ChaosSetup) -> ChaosGame<'static> {
    ChaosGame::from_setup(rules(), s).expect("valid set-up")
}

pub(super) fn play(g: &mut ChaosGame<'_>, c: ChaosChoice) -> Vec<ChaosEvent> {
    let mut log = Vec::new();
    g.apply(c, &mut |e| log.push(e)).unwrap_or_else(|e| panic!("{e}; legal: {:?}", g.legal()));
    log
}

fn at(g: &ChaosGame<'_>) -> Sq {
    g.hero(0).square().expect("in the dungeon")
}

#[test]
fn chaos_a_square_off_a_side_of_the_board_is_the_one_opposite() {
    let s = sq(1, 0, 0);
    assert_eq!(s.step(Dir::N), sq(1, 5, 0));
    assert_eq!(s.step(Dir::W), sq(1, 0, 7));
    assert_eq!(sq(2, 5, 7).step(Dir::S), sq(2, 0, 7));
    assert_eq!(sq(2, 5, 7).step(Dir::E), sq(2, 5, 0));
    // Through an exit on the top edge: out at the bottom of the same board.
    let mut set = solo("Warrior", sq(0, 0, 3));
    set.laid = vec![(sq(0, 1, 3), tile("Straight Corridor"), Dir::N), (sq(0, 0, 3), tile("Straight Corridor"), Dir::N)];
    set.tops = vec![tile1("Straight Corridor")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 0, 3), dir: Dir::N });
    assert_eq!(at(&g), sq(0, 5, 3));
    assert_eq!(g.board().laid_at(sq(0, 5, 3)).unwrap().facing, Dir::N);
}

#[test]
fn chaos_the_entry_tile_covers_the_centre_of_level_1() {
    let g = game(&solo("Warrior", ENTRY));
    let entry = g.board().laid_at(ENTRY).unwrap();
    assert_eq!(entry.tile, rules().entry_tile);
    let covered: Vec<Sq> = (0..4)
        .flat_map(|l| (0..6).flat_map(move |r| (0..8).map(move |c| sq(l, r, c))))
        .filter(|&s| g.board().explored(s))
        .collect();
    assert_eq!(covered, vec![sq(0, 2, 3), sq(0, 2, 4), sq(0, 3, 3), sq(0, 3, 4)]);
}

#[test]
fn chaos_a_turn_has_2_plus_speed_movement_actions() {
    let g = game(&solo("Warrior", ENTRY));
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
    assert_eq!(g.turn().moves, 2 + 4);
    let g = game(&solo("Thief", ENTRY));
    assert_eq!(g.turn().moves, 2 + 8);
    // Each move out of a tile costs one; with none left only non-movement actions remain.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Straight Corridor")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(g.turn().moves, 5);
}

#[test]
fn chaos_a_tile_is_laid_with_its_arrow_pointing_away() {
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Corner Corridor")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 3, 4), dir: Dir::E });
    let to = sq(0, 3, 5);
    assert_eq!(at(&g), to);
    let l = g.board().laid_at(to).unwrap();
    assert_eq!((l.tile, l.facing), (tile("Corner Corridor"), Dir::E));
    // Back (towards the entry) open, Left (north when facing east) open, the rest walls.
    assert_eq!(g.board().edge(to, Dir::W), Edge::Open);
    assert_eq!(g.board().edge(to, Dir::N), Edge::Open);
    assert_eq!(g.board().edge(to, Dir::E), Edge::Wall);
    assert_eq!(g.board().edge(to, Dir::S), Edge::Wall);
}

#[test]
fn chaos_behind_a_white_arrow_a_2x2_tile_else_1x2_else_1x1() {
    let hall = sq(0, 2, 5);
    let mut set = solo("Warrior", hall);
    set.laid = vec![(hall, tile("Corridor to a Hall"), Dir::E)];
    set.tops = vec![tile1("Great Hall"), room("Empty Room")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: hall, dir: Dir::E });
    let l = *g.board().laid_at(sq(0, 2, 6)).unwrap();
    assert_eq!(l.tile, tile("Great Hall"));
    for s in [sq(0, 2, 6), sq(0, 2, 7), sq(0, 3, 6), sq(0, 3, 7)] {
        assert_eq!(g.board().laid_at(s).unwrap().tile, l.tile);
    }
    // A 2×2 does not fit: a 1×2.
    let mut set = solo("Warrior", hall);
    set.laid = vec![(hall, tile("Corridor to a Hall"), Dir::E), (sq(0, 3, 6), tile("Straight Corridor"), Dir::E)];
    set.tops = vec![tile1("Long Corridor")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: hall, dir: Dir::E });
    assert_eq!(g.board().laid_at(sq(0, 2, 7)).unwrap().tile, tile("Long Corridor"));
    // Neither fits (out over the top edge onto the bottom row, the square ahead taken): a 1×1.
    let top = sq(0, 0, 3);
    let mut set = solo("Warrior", top);
    set.laid = vec![
        (sq(0, 1, 3), tile("Straight Corridor"), Dir::N),
        (top, tile("Corridor to a Hall"), Dir::N),
        (sq(0, 4, 3), tile("Straight Corridor"), Dir::N),
    ];
    set.tops = vec![tile1("Crossroads")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: top, dir: Dir::N });
    assert_eq!(g.board().laid_at(sq(0, 5, 3)).unwrap().tile, tile("Crossroads"));
}

#[test]
fn chaos_a_room_draws_a_room_card_and_its_monster_is_fought() {
    let mut set = solo("Warrior", ENTRY);
    let goblin = rules().monster("Frail Goblin").unwrap();
    set.tops = vec![tile1("Small Room"), room("Lair"), (DeckId::Monsters(0), goblin as u16)];
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert!(log.contains(&ChaosEvent::Card { deck: DeckId::Rooms, card: room("Lair").1 }));
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
    let f = g.hero(0).fight.as_ref().unwrap();
    assert_eq!(f.len(), 2);
    // A corridor draws no Room card.
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Straight Corridor")];
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert!(!log.iter().any(|e| matches!(e, ChaosEvent::Card { deck: DeckId::Rooms, .. })));
}

#[test]
fn chaos_a_turn_begun_in_a_monsters_room_goes_to_combat_and_after_a_flight_may_move_away() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.monsters = vec![(ENTRY, goblin)];
    let g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
    // Fled last turn: a movement action away, or the fight.
    set.seats[0].fled = true;
    set.tops = vec![tile1("Straight Corridor")];
    let mut g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Flight);
    assert!(g.legal().contains(&ChaosChoice::Fight));
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(at(&g), sq(0, 1, 3));
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
    assert_eq!(g.turn().moves, 5);
    assert_eq!(g.board().laid_at(ENTRY).unwrap().monsters(), &[goblin]);
}

#[test]
fn chaos_fleeing_ends_the_turn_and_leaves_the_monster_in_the_room() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = solo("Thief", ENTRY);
    set.monsters = vec![(ENTRY, goblin)];
    // Initiative: Thief 8 + 8, goblin 2 + 4; then the flight: 8 + 8 against 1 + 4.
    set.dice = vec![8, 2, 8, 1];
    let mut g = game(&set);
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
    let log = play(&mut g, ChaosChoice::Combat(crate::dungeon_of_chaos::combat::Answer::Flee));
    assert!(log.contains(&ChaosEvent::Round(2)), "the turn ended: {log:?}");
    assert_eq!(g.board().laid_at(ENTRY).unwrap().monsters(), &[goblin]);
    assert_eq!(g.pending().unwrap().ask, Ask::Flight);
}

#[test]
fn chaos_a_slain_monster_pays_and_no_movement_follows_the_combat() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.monsters = vec![(ENTRY, goblin)];
    // Initiative 8 + 4 against 1 + 4 (surprised); the attack: 8, critical 8: 6 + 16 − 2 = 20.
    set.dice = vec![8, 1, 8, 8];
    let mut g = game(&set);
    let attack = ChaosChoice::Combat(crate::dungeon_of_chaos::combat::Answer::Attack { foe: 1, weapon: None });
    play(&mut g, attack);
    assert_eq!(g.hero(0).gold, 40);
    assert_eq!(g.hero(0).items.len(), 1, "the goblin's level 1 item");
    assert_eq!(g.hero(0).tally.kills, 1);
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
    assert!(g.legal().iter().all(|c| !matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Search { .. })));
    assert!(g.stock(DeckId::Monsters(0)).cards().contains(&(goblin as u16)), "discarded");
}

#[test]
fn chaos_a_lost_turn_pauses_the_combat_until_the_next_turn_and_others_are_ignored() {
    let weed = rules().monster("Strangleweed").unwrap();
    let mut set = solo("Warrior", ENTRY);
    set.seats.push(SeatSetup::new(character("Knight"), Place::Dungeon(ENTRY)));
    set.monsters = vec![(ENTRY, weed)];
    // Initiative 2 + 4 against 8 + 0: the weed first; its chart 6 touches, 8 + 2 − 6 > 0.
    set.dice = vec![2, 8, 6, 8];
    let mut g = game(&set);
    // Seat 0's turn was lost at once; seat 1 plays, the weed held in seat 0's combat.
    let d = g.pending().unwrap();
    assert_eq!((d.seat, d.ask), (1, Ask::Turn));
    assert!(g.hero(0).fight.is_some());
    assert!(g.board().laid_at(ENTRY).unwrap().monsters().is_empty());
    g.apply(ChaosChoice::End, &mut NoObserver).unwrap();
    // Seat 0 starts and stays in the combat phase.
    let d = g.pending().unwrap();
    assert_eq!((d.seat, d.ask), (0, Ask::Combat));
}

#[test]
fn chaos_monsters_appearing_after_the_combat_are_fought_next_turn() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let bandit = rules().monster("Bandit").unwrap();
    let room_sq = sq(0, 2, 5);
    let mut set = solo("Warrior", room_sq);
    set.laid = vec![(room_sq, tile("Small Room"), Dir::E)];
    set.monsters = vec![(room_sq, goblin)];
    set.tops = vec![door("Screaming Door"), (DeckId::Monsters(0), bandit as u16)];
    set.dice = vec![8, 1, 8, 8];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Combat(crate::dungeon_of_chaos::combat::Answer::Attack { foe: 1, weapon: None }));
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
    let log = play(&mut g, ChaosChoice::Open { from: room_sq, dir: Dir::E });
    assert!(log.contains(&ChaosEvent::Round(2)), "the turn ended");
    assert_eq!(g.pending().unwrap().ask, Ask::Combat, "fought on the next turn");
    let f = g.hero(0).fight.as_ref().unwrap();
    assert!(matches!(f.fighter(1).who, crate::dungeon_of_chaos::combat::Who::Monster(m) if m == bandit));
    // In the movement phase a monster behind a door is fought at once.
    let mut set = solo("Warrior", room_sq);
    set.laid = vec![(room_sq, tile("Small Room"), Dir::E)];
    set.tops = vec![door("Screaming Door"), (DeckId::Monsters(0), bandit as u16)];
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Open { from: room_sq, dir: Dir::E });
    assert!(!log.contains(&ChaosEvent::Round(2)));
    assert_eq!(g.pending().unwrap().ask, Ask::Combat);
}

#[test]
fn chaos_a_passage_between_two_tiles_needs_an_exit_on_both_sides() {
    let mut set = solo("Warrior", ENTRY);
    // A dead end west of the entry, open only to the south: its east side is a wall.
    set.laid = vec![(sq(0, 2, 2), tile("Dead End"), Dir::N)];
    let g = game(&set);
    assert!(!g.legal().contains(&ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::W }));
    assert!(g.legal().contains(&ChaosChoice::Move { from: sq(0, 3, 3), dir: Dir::W }));
}

#[test]
fn chaos_a_full_hand_sends_a_new_card_back_to_its_discards() {
    let mut set = solo("Necromancer", ENTRY);
    set.seats[0].hand = (0..8u16).map(|card| HandCard::Spell { card, on_enemy: true }).collect();
    set.tops = vec![tile1("Small Room"), room("Alchemist's Shelf")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(g.hero(0).hand.iter().flatten().count(), 8);
    assert_eq!(g.stock(DeckId::Potions).discarded(), 1);
}

#[test]
fn chaos_random_squares_are_rolled_on_a_d6_and_a_d8() {
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Teleporter"), tile1("Straight Corridor")];
    set.dice = vec![5, 7];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(at(&g), sq(0, 4, 6), "row 5, column 7");
    // An unexplored square gets a tile, its arrow as the tile left.
    let l = g.board().laid_at(sq(0, 4, 6)).unwrap();
    assert_eq!((l.tile, l.facing), (tile("Straight Corridor"), Dir::N));
}

#[test]
fn chaos_stairs_lead_to_the_same_square_a_level_down_and_back_up() {
    let stairs = sq(0, 1, 3);
    let mut set = solo("Warrior", stairs);
    set.laid = vec![(stairs, tile("Staircase"), Dir::N)];
    set.tops = vec![room("Empty Room")];
    let mut g = game(&set);
    assert!(g.legal().contains(&ChaosChoice::Down) && !g.legal().contains(&ChaosChoice::Up));
    let log = play(&mut g, ChaosChoice::Down);
    let below = sq(1, 1, 3);
    assert_eq!(at(&g), below);
    assert_eq!(rules().tiles[g.board().laid_at(below).unwrap().tile as usize].feature, Feature::StaircaseUp);
    assert!(log.contains(&ChaosEvent::Card { deck: DeckId::Rooms, card: room("Empty Room").1 }));
    assert_eq!(g.hero(0).tally.deepest, 2);
    play(&mut g, ChaosChoice::Up);
    assert_eq!(at(&g), stairs);
    assert_eq!(g.turn().moves, 4);
}

#[test]
fn chaos_a_pit_drops_to_the_same_square_below_and_on_level_4_kills() {
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Pit"), tile1("Crossroads")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    let below = sq(1, 1, 3);
    assert_eq!(at(&g), below);
    let l = g.board().laid_at(below).unwrap();
    assert_eq!((l.tile, l.facing), (tile("Crossroads"), Dir::N));
    // Climbers do not fall.
    let mut set = solo("Barbarian", ENTRY);
    set.tops = vec![tile1("Pit")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(at(&g), sq(0, 1, 3));
    // Nor do fliers, over a pit or a chasm.
    for (who, t) in [("Faerie", "Pit"), ("Faerie", "Chasm")] {
        let mut set = solo(who, ENTRY);
        set.tops = vec![tile1(t)];
        let mut g = game(&set);
        play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
        assert_eq!(at(&g), sq(0, 1, 3), "{who} over the {t}");
    }
    // Level 4: bottomless.
    let deep = sq(3, 2, 3);
    let mut set = solo("Warrior", deep);
    set.laid = vec![(deep, tile("Crossroads"), Dir::N)];
    set.tops = vec![tile1("Pit")];
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Move { from: deep, dir: Dir::N });
    assert!(log.iter().any(|e| matches!(e, ChaosEvent::Died { seat: 0, .. })));
    assert_eq!(g.pending().unwrap().ask, Ask::Profile);
}

#[test]
fn chaos_a_failed_chasm_crossing_falls_two_levels() {
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Chasm"), tile1("Crossroads")];
    set.dice = vec![5]; // above Speed 4
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(at(&g), sq(2, 1, 3));
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Chasm")];
    set.dice = vec![4];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(at(&g), sq(0, 1, 3));
}

#[test]
fn chaos_mud_ends_the_movement() {
    let mut set = solo("Warrior", ENTRY);
    set.tops = vec![tile1("Muddy Corridor")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    assert_eq!(g.turn().moves, 0);
    assert!(g.legal().iter().all(|c| !matches!(c, ChaosChoice::Move { .. })));
}

#[test]
fn chaos_doors_open_by_their_door_card() {
    let room_sq = sq(0, 2, 5);
    let base = || {
        let mut set = solo("Warrior", room_sq);
        set.laid = vec![(room_sq, tile("Small Room"), Dir::E)];
        set
    };
    let open = ChaosChoice::Open { from: room_sq, dir: Dir::E };
    let through = ChaosChoice::Move { from: room_sq, dir: Dir::E };
    // A closed door: open it (a non-movement action) before passing.
    let mut set = base();
    set.tops = vec![door("Open Door"), tile1("Long Corridor")];
    let mut g = game(&set);
    assert!(g.legal().contains(&open) && !g.legal().contains(&through));
    play(&mut g, open);
    assert_eq!(g.turn().moves, 6);
    assert_eq!(g.board().edge(room_sq, Dir::E), Edge::Door(DoorState::Open));
    play(&mut g, through);
    // Behind a door, a 1×2 tile.
    assert_eq!(g.board().laid_at(sq(0, 2, 7)).unwrap().tile, tile("Long Corridor"));
    // Locked: no way through without a key.
    let mut set = base();
    set.tops = vec![door("Locked Door")];
    let mut g = game(&set);
    play(&mut g, open);
    assert!(!g.legal().contains(&through) && !g.legal().contains(&open));
    let mut set = base();
    set.seats[0].items = vec![rules().item("Skeleton Key").unwrap()];
    set.doors = vec![(room_sq, Dir::E, DoorState::Locked)];
    let g = game(&set);
    assert!(g.legal().contains(&through));
    // The coin slot door takes its toll at every passage.
    let mut set = base();
    set.doors = vec![(room_sq, Dir::E, DoorState::Toll(10))];
    set.seats[0].gold = 9;
    assert!(!game(&set).legal().contains(&through));
    set.seats[0].gold = 25;
    let mut g = game(&set);
    play(&mut g, through);
    assert_eq!(g.hero(0).gold, 15);
}

#[test]
fn chaos_secret_doors_are_found_on_2d8_of_12() {
    let c = sq(0, 1, 3);
    let base = |dice: Vec<u8>| {
        let mut set = solo("Warrior", c);
        set.laid = vec![(c, tile("Straight Corridor"), Dir::N)];
        set.tops = vec![tile1("Crossroads")];
        set.dice = dice;
        game(&set)
    };
    let search = ChaosChoice::Search { from: c, dir: Dir::E };
    let mut g = base(vec![6, 5]);
    assert!(g.legal().contains(&search));
    play(&mut g, search);
    assert_eq!(g.board().edge(c, Dir::E), Edge::Wall);
    assert_eq!(g.turn().moves, 5);
    let mut g = base(vec![6, 6]);
    play(&mut g, search);
    assert_eq!(g.board().edge(c, Dir::E), Edge::Secret);
    assert_eq!(g.pending().unwrap().ask, Ask::SecretDoor);
    play(&mut g, ChaosChoice::Through);
    assert_eq!(at(&g), sq(0, 1, 4));
    assert_eq!(g.turn().moves, 5, "through in the same movement action");
    // No secret door inside a tile: the entry tile's inner walls are not offered.
    let g = game(&solo("Warrior", ENTRY));
    assert!(!g.legal().contains(&ChaosChoice::Search { from: sq(0, 2, 3), dir: Dir::E }));
}

#[test]
fn chaos_the_town_ends_the_turn_restores_cures_and_draws_a_spell() {
    let mut set = solo("Elf", ENTRY);
    let start = rules().characters[character("Elf") as usize].stats;
    let mut hurt = start;
    hurt[Attr::Health as usize] = 3;
    hurt[Attr::Mind as usize] = 2;
    set.seats[0].stats = Some(hurt);
    set.seats[0].ailments.add(Ailment::Blind);
    let mut g = game(&set);
    let spells = g.hero(0).hand.iter().flatten().count();
    let log = play(&mut g, ChaosChoice::Up);
    assert!(log.contains(&ChaosEvent::Town { seat: 0 }));
    assert!(log.contains(&ChaosEvent::Round(2)), "the turn ended");
    let h = g.hero(0);
    assert_eq!(h.stats, start);
    assert!(!h.ailments.has(Ailment::Blind));
    assert_eq!(h.hand.iter().flatten().count(), spells + 1);
    assert_eq!(h.tally.town_visits, 1);
    // The next turn re-enters through the entry tile.
    assert_eq!(h.place, Place::Dungeon(ENTRY));
    assert_eq!(g.pending().unwrap().ask, Ask::Turn);
}

#[test]
fn chaos_2000_gold_back_in_town_wins() {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].gold = 1999;
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Up);
    assert!(!g.is_over());
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].gold = 2000;
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Up);
    assert!(log.contains(&ChaosEvent::Over(Ending::Won(0))));
    assert!(g.is_over());
    assert!(g.outcome(0).survived);
    assert_eq!(g.outcome(0).score, 2000);
}

#[test]
fn chaos_a_dead_characters_cards_are_discarded_and_a_new_one_chosen_of_three() {
    let deep = sq(3, 2, 3);
    let mut set = solo("Elf", deep);
    set.laid = vec![(deep, tile("Crossroads"), Dir::N)];
    set.tops = vec![tile1("Pit")];
    let sword = rules().items.iter().position(|i| i.weapon.is_some()).unwrap() as u8;
    set.seats[0].items = vec![sword];
    set.seats[0].hand = vec![HandCard::Potion(0)];
    set.seats[0].gold = 500;
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: deep, dir: Dir::N });
    assert_eq!(g.pending().unwrap().ask, Ask::Profile);
    assert_eq!(g.legal().len(), 3);
    let h = g.hero(0);
    // The coins stay with the player (§15 discards cards; docs/rulings.md).
    assert_eq!((h.gold, h.items.len(), h.hand.iter().flatten().count(), h.tally.deaths), (500, 0, 0, 1));
    let level = rules().items[sword as usize].level - 1;
    assert!(g.stock(DeckId::Items(level)).cards().contains(&(sword as u16)));
    assert!(g.stock(DeckId::Potions).cards().contains(&0));
    assert!(g.stock(DeckId::Profiles).cards().contains(&(character("Elf") as u16)));
    let offered = g.offer()[1];
    let log = play(&mut g, ChaosChoice::Profile(1));
    assert!(log.contains(&ChaosEvent::Profile { seat: 0, character: offered }));
    assert_eq!(g.hero(0).character, offered);
    assert_eq!(g.hero(0).tally.characters, 2);
    // The player's coins go on with the new character (slice 3's ruling; slice 4 fixed them
    // being reset with the profile).
    assert_eq!(g.hero(0).gold, 500);
    // Next turn on the entry tile.
    assert_eq!(g.hero(0).place, Place::Dungeon(ENTRY));
}

#[test]
fn chaos_set_up_draws_three_profiles_casters_draw_mind_spells_and_d8_plus_speed_goes_first() {
    let r = rules();
    let mut g = ChaosGame::new(r, &ChaosConfig::new(3), 9, 4, &mut NoObserver).unwrap();
    for seat in 0..3 {
        let d = g.pending().unwrap();
        assert_eq!((d.seat, d.ask), (seat, Ask::Profile));
        assert_eq!(g.legal().len(), 3);
        let offer = g.offer();
        assert!(offer[0] != offer[1] && offer[1] != offer[2] && offer[0] != offer[2]);
        // Choose a caster when one is offered.
        let pick = (0..3).find(|&i| r.characters[offer[i] as usize].colours != 0).unwrap_or(0);
        g.apply(ChaosChoice::Profile(pick as u8), &mut NoObserver).unwrap();
        let h = g.hero(seat);
        assert_eq!(h.character, offer[pick]);
        let c = &r.characters[h.character as usize];
        let spells = h.hand.iter().flatten().count();
        assert_eq!(spells, if c.colours != 0 { c.stats[Attr::Mind as usize] as usize } else { 0 });
    }
    // Profiles not chosen went back: the deck holds all but the three chosen.
    assert_eq!(g.stock(DeckId::Profiles).left(), r.characters.len() - 3);
    assert_eq!(g.round(), 1);
    assert_eq!(g.active(), g.first());
    for seat in 0..3 {
        assert_eq!(g.hero(seat).place, Place::Dungeon(ENTRY));
    }
    // The first player: d8 + Speed, the highest (ties roll again).
    for index in 0..20 {
        let mut g = ChaosGame::new(r, &ChaosConfig::new(3), 9, index, &mut NoObserver).unwrap();
        g.apply(ChaosChoice::Profile(0), &mut NoObserver).unwrap();
        g.apply(ChaosChoice::Profile(0), &mut NoObserver).unwrap();
        let mut log = Vec::new();
        g.apply(ChaosChoice::Profile(0), &mut |e| log.push(e)).unwrap();
        let rolls: Vec<u8> = log
            .iter()
            .filter_map(|e| if let ChaosEvent::Rolled { value, .. } = e { Some(*value) } else { None })
            .collect();
        let totals: Vec<i16> = (0..3u8)
            .map(|s| {
                rolls[s as usize] as i16 + r.characters[g.hero(s).character as usize].stats[Attr::Speed as usize] as i16
            })
            .collect();
        let best = *totals.iter().max().unwrap();
        let first =
            log.iter().find_map(|e| if let ChaosEvent::First { seat } = e { Some(*seat) } else { None }).unwrap();
        assert_eq!(totals[first as usize], best, "game {index}: {totals:?}");
        if totals.iter().filter(|&&t| t == best).count() == 1 {
            assert_eq!(rolls.len(), 3, "no roll-off without a tie");
        }
    }
}

#[test]
fn chaos_an_unwon_game_ends_unfinished_at_the_round_limit() {
    let r = rules();
    let config = ChaosConfig { round_limit: 3, ..ChaosConfig::new(2) };
    let mut g = ChaosGame::new(r, &config, 1, 1, &mut NoObserver).unwrap();
    let mut log = Vec::new();
    while !g.is_over() {
        let c = if g.legal().contains(&ChaosChoice::End) { ChaosChoice::End } else { g.legal()[0] };
        g.apply(c, &mut |e| log.push(e)).unwrap();
    }
    assert_eq!(g.ending(), Some(Ending::Unfinished));
    assert!(log.contains(&ChaosEvent::Over(Ending::Unfinished)));
    assert_eq!(g.round(), 3);
    assert_eq!(ROUND_LIMIT, 200);
}

/// Every card of a deck is in its stock, in a hand, on the board or in a combat.
pub(super) fn cards_are_conserved(g: &ChaosGame<'_>) -> Result<(), String> {
    let r = g.rules();
    let count = |deck: DeckId, total: usize, held: usize| {
        let n = g.stock(deck).cards().len() + held;
        if n == total {
            Ok(())
        } else {
            Err(format!("{deck:?}: {n} cards, {total} printed"))
        }
    };
    let heroes = || (0..g.seats()).map(|s| g.hero(s));
    for l in 0..4u8 {
        let on_board: usize = g
            .board()
            .laid()
            .iter()
            .flat_map(|t| t.monsters())
            .filter(|&&m| r.monsters[m as usize].level == l + 1)
            .count();
        let mounts = heroes()
            .flat_map(|h| h.companions.iter())
            .filter_map(|c| c.mount)
            .filter(|&m| r.monsters[m as usize].level == l + 1)
            .count();
        let fighting: usize = heroes()
            .filter_map(|h| h.fight.as_ref())
            .map(|f| {
                (1..f.len())
                    .filter(|&i| {
                        matches!(f.fighter(i).who, crate::dungeon_of_chaos::combat::Who::Monster(m)
                            if r.monsters[m as usize].level == l + 1)
                    })
                    .count()
            })
            .sum();
        count(DeckId::Monsters(l), r.monster_decks[l as usize].len(), on_board + fighting + mounts)?;
        let items: usize =
            heroes().flat_map(|h| h.items.iter()).filter(|&&i| r.items[i as usize].level == l + 1).count();
        let for_sale = g.wares().filter(|w| matches!(w, Ware::Item(i) if r.items[*i as usize].level == l + 1)).count();
        count(DeckId::Items(l), r.item_decks[l as usize].len(), items + for_sale)?;
    }
    // A paused combat's used cards are discarded when it ends: until then the hand counts.
    let hand = |kind: fn(&HandCard) -> bool| {
        heroes().map(|h| h.hand.iter().flatten().filter(|c| kind(c)).count()).sum::<usize>()
    };
    count(DeckId::Spells, r.spells.draw.len(), hand(|c| matches!(c, HandCard::Spell { .. })))?;
    // Shops' wares and fountains' potions (tile guide) stay on the board.
    let fountains = g.board().laid().iter().filter(|t| t.fountain.is_some()).count();
    let potions = g.wares().filter(|w| matches!(w, Ware::Potion(_))).count() + fountains;
    let scrolls = g.wares().filter(|w| matches!(w, Ware::Scroll(_))).count();
    count(DeckId::Potions, r.potions.draw.len(), hand(|c| matches!(c, HandCard::Potion(_))) + potions)?;
    count(DeckId::Scrolls, r.scrolls.draw.len(), hand(|c| matches!(c, HandCard::Scroll { .. })) + scrolls)?;
    count(DeckId::Curses, r.curses.draw.len(), heroes().map(|h| h.curses.len()).sum())?;
    let locked = g.board().laid().iter().filter(|t| matches!(t.chest, ChestLeft::Locked(_))).count();
    count(DeckId::Chests, r.chests.draw.len(), locked)?;
    let playing = heroes().filter(|h| h.tally.characters > 0 && !h.is_dead()).count();
    let offered = if g.pending().is_some_and(|d| d.ask == Ask::Profile) { g.legal().len() } else { 0 };
    count(DeckId::Profiles, r.characters.len(), playing + offered)?;
    for size in 0..3u8 {
        let laid = g
            .board()
            .laid()
            .iter()
            .filter(|t| r.tile_decks[size as usize].contains(&t.tile))
            .filter(|t| r.tiles[t.tile as usize].size as u8 == size)
            .count();
        count(DeckId::Tiles(size), r.tile_decks[size as usize].len(), laid)?;
    }
    for deck in [DeckId::Rooms, DeckId::Events, DeckId::Gods] {
        let total = match deck {
            DeckId::Rooms => r.rooms.draw.len(),
            DeckId::Events => r.events.draw.len(),
            _ => r.gods.draw.len(),
        };
        // Room cards left face down by a giant fan (tile guide) wait on their tiles.
        let face_down =
            if deck == DeckId::Rooms { g.board().laid().iter().filter(|t| t.face_down.is_some()).count() } else { 0 };
        count(deck, total, face_down)?;
    }
    for s in 0..g.seats() {
        let h = g.hero(s);
        if let Some(at) = h.square() {
            if !g.board().explored(at) {
                return Err(format!("seat {s} on unexplored {at:?}"));
            }
        }
        if let Some(f) = &h.fight {
            if f.fighter(0).presence != Presence::In {
                return Err(format!("seat {s}: a paused combat he is out of"));
            }
        }
    }
    Ok(())
}

#[test]
fn chaos_random_games_end_without_panic_and_keep_every_card() {
    let r = rules();
    let mut g = ChaosGame::new(r, &ChaosConfig::new(2), 0, 0, &mut NoObserver).unwrap();
    let mut rng = GameRng::from_seed(2026);
    let (mut won, mut unfinished, mut answers) = (0, 0, 0u64);
    let clock = std::time::Instant::now();
    for index in 0..1_000u64 {
        let seats = 1 + (index % 4) as u8;
        let config = ChaosConfig::new(seats);
        g.restart(&config, 77, index, &mut NoObserver).unwrap();
        // Every answer checked on the first games, the end of every game.
        let full = index < 50;
        let n = fuzz(&mut g, &mut rng, 2_000_000, &mut NoObserver, |g, _, _, _| {
            if full || g.is_over() {
                cards_are_conserved(g)
            } else {
                Ok(())
            }
        })
        .unwrap_or_else(|e| panic!("game {index}: {e}"));
        answers += n as u64;
        match g.ending() {
            Some(Ending::Won(_)) => won += 1,
            Some(Ending::Unfinished) => unfinished += 1,
            None => panic!("game {index} over without an ending"),
        }
    }
    println!(
        "1,000 random games (1 to 4 seats): {won} won, {unfinished} unfinished at round {ROUND_LIMIT}, {answers} answers, {:.2} s with the checks",
        clock.elapsed().as_secs_f64()
    );
    assert_eq!(won + unfinished, 1_000);
}

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting this thread's allocations.
struct Counting;

// SAFETY: every call is passed to `System` unchanged; the count is a thread-local `Cell`
// with a const initialiser and no destructor, so it never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[test]
fn chaos_games_allocate_nothing_after_set_up() {
    let r = rules();
    let config = ChaosConfig::new(4);
    let mut g = ChaosGame::new(r, &config, 5, 0, &mut NoObserver).unwrap();
    let mut rng = GameRng::from_seed(3);
    let before = ALLOCATIONS.with(Cell::get);
    for index in 0..50 {
        g.restart(&config, 5, index, &mut NoObserver).unwrap();
        while !g.is_over() {
            let legal = g.legal_choices();
            let c = legal[rng.below(legal.len() as u32) as usize];
            g.apply(c, &mut NoObserver).unwrap();
        }
    }
    let after = ALLOCATIONS.with(Cell::get);
    assert_eq!(after - before, 0, "allocations in 50 games");
}

#[test]
fn chaos_the_size_of_the_state() {
    let size = std::mem::size_of::<ChaosGame<'static>>();
    println!("ChaosGame: {size} bytes");
    assert!(size < 64 * 1024, "{size} bytes");
}

/// A plain test policy that plays for gold: fights with its best attack, flees below 40%
/// Health, goes down to level 2 (3 once it holds four items), opens chests and equips what
/// fits, redeems treasure at a shop (the Alchemist transmutes), heads up once its coins and
/// treasure reach 2,000, explores at random otherwise (stumbling out of dark rooms).
fn gold_digger(g: &ChaosGame<'_>, rng: &mut GameRng) -> ChaosChoice {
    use crate::dungeon_of_chaos::combat::Answer;
    let legal = g.legal();
    let seat = g.pending().unwrap().seat;
    let h = g.hero(seat);
    let pick = |rng: &mut GameRng, f: &dyn Fn(&ChaosChoice) -> bool| {
        let n = legal.iter().filter(|c| f(c)).count();
        (n > 0).then(|| *legal.iter().filter(|c| f(c)).nth(rng.below(n as u32) as usize).unwrap())
    };
    match g.pending().unwrap().ask {
        Ask::Combat => {
            let low = h.stats[Attr::Health as usize] as i32 * 5 < h.start[Attr::Health as usize] as i32 * 2;
            if low && legal.contains(&ChaosChoice::Combat(Answer::Flee)) {
                return ChaosChoice::Combat(Answer::Flee);
            }
            legal
                .iter()
                .rev()
                .find(|c| matches!(c, ChaosChoice::Combat(Answer::Attack { .. })))
                .copied()
                .unwrap_or(legal[0])
        }
        Ask::Turn | Ask::Flight => {
            // Treasure items turn into coins in town (§13).
            let treasure: u32 = h
                .items
                .iter()
                .map(|&i| &g.rules().items[i as usize])
                .filter(|i| i.kind == crate::dungeon_of_chaos::data::ItemType::Treasure)
                .map(|i| i.value as u32)
                .sum();
            let rich = h.gold + treasure >= 2000;
            let hurt = h.stats[Attr::Health as usize] * 2 < h.start[Attr::Health as usize];
            if (rich || hurt) && legal.contains(&ChaosChoice::Up) {
                return ChaosChoice::Up;
            }
            // Chests opened; an item equipped only where nothing of its type is.
            let kind = |i: u8| g.rules().items[h.items[i as usize] as usize].kind;
            let bare = |i: u8| (0..h.items.len() as u8).all(|j| h.worn & (1 << j) == 0 || kind(j) != kind(i));
            // Treasure redeemed at a shop (§13), an Alchemist's items made coins.
            if let Some(c) = pick(rng, &|c| matches!(c, ChaosChoice::Redeem(_) | ChaosChoice::Transmute(_))) {
                return c;
            }
            if let Some(c) =
                pick(rng, &|c| matches!(*c, ChaosChoice::OpenChest) || matches!(*c, ChaosChoice::Equip(i) if bare(i)))
            {
                return c;
            }
            // Down to level 2, to level 3 once well equipped.
            let level = h.square().map_or(0, |s| s.level()) as usize;
            let deepest = if h.items.len() >= 4 { 2 } else { 1 };
            let deep_enough = level >= deepest;
            if !rich && !hurt && !deep_enough && legal.contains(&ChaosChoice::Down) && rng.below(2) == 0 {
                return ChaosChoice::Down;
            }
            let new =
                |c: &ChaosChoice| matches!(*c, ChaosChoice::Move { from, dir } if !g.board().explored(from.step(dir)));
            pick(rng, &new)
                .or_else(|| pick(rng, &|c| matches!(c, ChaosChoice::Open { .. })))
                .or_else(|| {
                    let search = |c: &ChaosChoice| matches!(c, ChaosChoice::Search { .. });
                    if rng.below(3) == 0 {
                        pick(rng, &search)
                    } else {
                        None
                    }
                })
                .or_else(|| toward_frontier(g, seat).filter(|c| legal.contains(c)))
                .or_else(|| {
                    pick(rng, &|c| matches!(c, ChaosChoice::Move { .. } | ChaosChoice::Stumble | ChaosChoice::Fight))
                })
                .unwrap_or(ChaosChoice::End)
        }
        Ask::Beginning => ChaosChoice::Go,
        Ask::Escape => ChaosChoice::Away,
        _ => legal[0],
    }
}

/// The first move of a shortest walk from the seat's tile to an exit onto an unexplored square
/// (a breadth-first search over the squares, through open sides).
fn toward_frontier(g: &ChaosGame<'_>, seat: u8) -> Option<ChaosChoice> {
    use crate::dungeon_of_chaos::game::board::SQUARES;
    let b = g.board();
    let start = g.hero(seat).square()?;
    let mut first: [Option<(Sq, Dir)>; SQUARES] = [None; SQUARES];
    let mut seen = [false; SQUARES];
    let mut queue = std::collections::VecDeque::new();
    for s in (0..SQUARES as u8).map(Sq).filter(|&s| b.explored(s) && b.same_tile(s, start)) {
        seen[s.0 as usize] = true;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        for d in Dir::ALL {
            let t = s.step(d);
            if seen[t.0 as usize] || b.edge(s, d) == Edge::Wall {
                continue;
            }
            let step = first[s.0 as usize].or(Some((s, d)));
            if !b.explored(t) {
                return step.map(|(from, dir)| ChaosChoice::Move { from, dir });
            }
            if b.edge(t, d.opp()) == Edge::Wall {
                continue;
            }
            seen[t.0 as usize] = true;
            first[t.0 as usize] = if b.same_tile(s, t) { first[s.0 as usize] } else { step };
            queue.push_back(t);
        }
    }
    None
}

/// Measures games played for gold (not a rule: a figure for the data's balance, see the
/// report of slice 2): they end, keep every card, and how far they get is printed.
#[test]
fn chaos_games_played_for_gold_end_and_keep_every_card() {
    let r = rules();
    let config = ChaosConfig::new(2);
    let mut g = ChaosGame::new(r, &config, 0, 0, &mut NoObserver).unwrap();
    let mut rng = GameRng::from_seed(11);
    let games = 200u64;
    let (mut won, mut rounds, mut deaths, mut kills, mut best, mut laid, mut tiles_left) =
        (0, 0u64, 0u64, 0u64, 0u32, 0u64, 0u64);
    let (mut gold, mut deepest, mut towns, mut closed) = (0u64, 0u64, 0u64, 0u32);
    for index in 0..games {
        g.restart(&config, 31, index, &mut NoObserver).unwrap();
        while !g.is_over() {
            let c = gold_digger(&g, &mut rng);
            g.apply(c, &mut NoObserver).unwrap();
        }
        cards_are_conserved(&g).unwrap();
        won += matches!(g.ending(), Some(Ending::Won(_))) as u32;
        // No seat in the dungeon can walk to an unexplored square: the maze closed itself.
        closed += (0..2).all(|s| toward_frontier(&g, s).is_none()) as u32;
        rounds += g.round() as u64;
        laid += g.board().laid().len() as u64;
        tiles_left += (0..3).map(|s| g.stock(DeckId::Tiles(s)).left() as u64).sum::<u64>();
        for s in 0..2 {
            let h = g.hero(s);
            deaths += h.tally.deaths as u64;
            kills += h.tally.kills as u64;
            best = best.max(h.gold);
            gold += h.gold as u64;
            deepest += h.tally.deepest as u64;
            towns += h.tally.town_visits as u64;
        }
    }
    println!(
        "{games} games played for gold: {won} won; a game: {} rounds, {:.1} deaths, {:.1} kills, {:.1} tiles laid, {:.1} left; a seat: {:.0} gold, deepest level {:.2}, {:.1} town visits; most gold held at the end {best}; maze closed at the end in {closed}",
        rounds / games,
        deaths as f64 / games as f64,
        kills as f64 / games as f64,
        laid as f64 / games as f64,
        tiles_left as f64 / games as f64,
        gold as f64 / (2 * games) as f64,
        deepest as f64 / (2 * games) as f64,
        towns as f64 / (2 * games) as f64,
    );
    assert!(g.is_over());
}

#[test]
fn chaos_a_game_is_a_function_of_its_seed_and_answers() {
    let r = rules();
    let config = ChaosConfig::new(3);
    let mut rng = GameRng::from_seed(5);
    let mut g = ChaosGame::new(r, &config, 12, 34, &mut NoObserver).unwrap();
    let (mut answers, mut events) = (Vec::new(), Vec::new());
    while !g.is_over() {
        let legal = g.legal_choices();
        let c = legal[rng.below(legal.len() as u32) as usize];
        answers.push(c);
        g.apply(c, &mut |e| events.push(e)).unwrap();
    }
    let mut again = Vec::new();
    let mut h = ChaosGame::new(r, &config, 12, 34, &mut NoObserver).unwrap();
    for &c in &answers {
        h.apply(c, &mut |e| again.push(e)).unwrap();
    }
    assert!(h.is_over());
    assert_eq!(events, again);
}

#[test]
fn chaos_a_resampled_copy_keeps_what_is_known_and_plays_on() {
    let r = rules();
    let config = ChaosConfig::new(2);
    let mut rng = GameRng::from_seed(8);
    let mut g = ChaosGame::new(r, &config, 3, 3, &mut NoObserver).unwrap();
    for _ in 0..300 {
        if g.is_over() {
            break;
        }
        let legal = g.legal_choices();
        let c = legal[rng.below(legal.len() as u32) as usize];
        g.apply(c, &mut NoObserver).unwrap();
    }
    let mut copy = g.clone();
    copy.resample(0, &mut GameRng::from_seed(1));
    assert_eq!(copy.pending(), g.pending());
    assert_eq!(copy.legal(), g.legal());
    assert_eq!(copy.board().laid(), g.board().laid());
    for deck in [DeckId::Rooms, DeckId::Monsters(0), DeckId::Tiles(0)] {
        let mut a = copy.stock(deck).cards().to_vec();
        let mut b = g.stock(deck).cards().to_vec();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "{deck:?} holds the same cards");
    }
    while !copy.is_over() {
        let legal = copy.legal_choices();
        let c = legal[rng.below(legal.len() as u32) as usize];
        copy.apply(c, &mut NoObserver).unwrap();
    }
    cards_are_conserved(&copy).unwrap();
}

#[test]
fn chaos_a_fixed_profile_skips_the_draw_of_three_for_its_seat_only() {
    // ChaosConfig::profiles (`dq run --heroes faerie,random`): seat 0 plays the Faerie without
    // a draw, out of the deck before seat 1 draws its three; seat 1 chooses as §3 says.
    let r = rules();
    let faerie = character("Faerie");
    for index in 0..30 {
        let mut config = ChaosConfig::new(2);
        config.profiles[0] = Some(faerie);
        let g = ChaosGame::new(r, &config, 5, index, &mut NoObserver).unwrap();
        assert_eq!(g.hero(0).character, faerie);
        assert_eq!(g.hero(0).hand.iter().flatten().count(), 3, "a caster draws Mind (3) spells");
        let d = g.pending().unwrap();
        assert_eq!((d.seat, d.ask), (1, Ask::Profile));
        assert_eq!(g.legal().len(), 3);
        assert!(!g.offer().contains(&faerie));
        assert_eq!(g.stock(DeckId::Profiles).left(), r.characters.len() - 4);
    }
    // Both fixed: straight to the first round.
    let mut config = ChaosConfig::new(2);
    config.profiles = [Some(faerie), Some(character("Wizard")), None, None];
    let g = ChaosGame::new(r, &config, 5, 0, &mut NoObserver).unwrap();
    assert_eq!((g.round(), g.hero(1).character), (1, character("Wizard")));
    // Bad configurations.
    config.profiles[1] = Some(faerie);
    assert_eq!(ChaosGame::new(r, &config, 5, 0, &mut NoObserver).err(), Some(ChaosConfigError::SameProfile(faerie)));
    config.profiles[1] = Some(200);
    assert_eq!(ChaosGame::new(r, &config, 5, 0, &mut NoObserver).err(), Some(ChaosConfigError::UnknownProfile(200)));
}
