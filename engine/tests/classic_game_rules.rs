//! The 1987 game's rules, one test each, on hand-laid games with stacked decks and forced
//! dice (rulebook and reference sheet, /work/shared/rules/002_fe4ee8c4642ec04c.txt; rulings in
//! docs/rulings.md, "Classic (1987)").

use dq_engine::core::NoObserver;
use dq_engine::dungeonquest::board::{cell, Cell, Dir, TOWERS, TREASURE};
use dq_engine::dungeonquest::classic::combat::Answer;
use dq_engine::dungeonquest::classic::data::{Counter, RingEffect};
use dq_engine::dungeonquest::classic::decks::ClassicDeck;
use dq_engine::dungeonquest::classic::game::{
    Ask, Cause, ClassicChoice as C, ClassicConfig, ClassicGame, ClassicSetup, ClassicSetupError, Fate, Onward,
    Optional, Plight, SeatSetup, Via,
};
use dq_engine::dungeonquest::classic::rules::Stance;
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::dungeonquest::data::{Side, TileKind};
use std::sync::OnceLock;

const H: Side = Side::Hall;
const W: Side = Side::Wall;
const D: Side = Side::Door;
const P: Side = Side::Portcullis;

fn rules() -> &'static ClassicRules {
    static R: OnceLock<ClassicRules> = OnceLock::new();
    R.get_or_init(ClassicRules::embedded)
}

/// The `nth` tile of a kind and layout.
fn tile_n(kind: TileKind, sides: [Side; 4], nth: usize) -> u8 {
    let all = rules().tiles.drawn();
    let i = all.iter().enumerate().filter(|(_, t)| t.kind == kind && t.sides == sides).nth(nth);
    i.unwrap_or_else(|| panic!("no tile {kind:?} {sides:?} #{nth}")).0 as u8
}

fn tile(kind: TileKind, sides: [Side; 4]) -> u8 {
    tile_n(kind, sides, 0)
}

fn room(nth: usize) -> u8 {
    tile_n(TileKind::DungeonRoom, [H, H, H, H], nth)
}

/// The first card of that name in a deck.
fn card(deck: ClassicDeck, name: &str) -> u8 {
    let d = rules().decks.deck(deck);
    d.iter().position(|c| rules().decks.name(*c) == name).unwrap_or_else(|| panic!("no {name} in {deck:?}")) as u8
}

fn hero(id: &str) -> u8 {
    rules().hero_by_id(id).unwrap()
}

fn ring(effect: fn(&RingEffect) -> bool) -> Option<u8> {
    rules().rings.iter().position(|r| effect(&r.effect)).map(|i| i as u8)
}

fn seat(id: &str, pos: Cell) -> SeatSetup {
    SeatSetup { hero: hero(id), ring: None, pos, life: None }
}

fn solo(id: &str, pos: Cell) -> ClassicSetup {
    ClassicSetup { seats: vec![seat(id, pos)], round: 1, ..Default::default() }
}

fn game(s: &ClassicSetup) -> ClassicGame<'static> {
    ClassicGame::from_setup(rules(), s, 1, &mut NoObserver).unwrap()
}

fn play(g: &mut ClassicGame<'_>, c: C) {
    g.apply(c, &mut NoObserver).unwrap_or_else(|e| panic!("{e}; legal {:?}", g.legal()));
}

fn ask(g: &ClassicGame<'_>) -> Ask {
    g.pending().expect("a decision pending").ask
}

fn bottom(g: &ClassicGame<'_>, d: ClassicDeck) -> u8 {
    g.deck_card(d, g.deck_len(d) - 1).unwrap()
}

const T0: Cell = TOWERS[0];

/// Rulebook 4: first player by D12, characters and rings chosen, towers taken in turn, no two
/// alike; then round 1 starts with the first player.
#[test]
fn set_up_towers_in_turn_no_two_alike() {
    let mut firsts = [0; 4];
    for i in 0..200 {
        let mut g = ClassicGame::new(rules(), &ClassicConfig::random(4), 9, i, &mut NoObserver).unwrap();
        let first = g.first();
        firsts[first as usize] += 1;
        for k in 0..4u8 {
            let d = g.pending().unwrap();
            assert_eq!((d.seat, d.ask), ((first + k) % 4, Ask::Tower));
            assert_eq!(g.legal().len(), 4 - k as usize);
            let c = g.legal()[0];
            play(&mut g, c);
        }
        assert_eq!((g.round(), g.pending().unwrap().seat, ask(&g)), (1, first, Ask::Turn));
        let mut towers: Vec<Cell> = (0..4).map(|s| g.hero(s).pos).collect();
        let mut heroes: Vec<u8> = (0..4).map(|s| g.hero(s).hero).collect();
        let mut rings: Vec<u8> = (0..4).map(|s| g.hero(s).ring.unwrap()).collect();
        for v in [&mut towers, &mut heroes, &mut rings] {
            v.sort();
            v.dedup();
            assert_eq!(v.len(), 4);
        }
        assert!(towers.iter().all(|t| TOWERS.contains(t)));
        assert!((0..4).all(|s| g.hero(s).life == rules().heroes[g.hero(s).hero as usize].life));
        assert!(heroes.iter().all(|&h| !rules().heroes[h as usize].unverified));
    }
    assert!(firsts.iter().all(|&n| n > 20), "first player by D12: {firsts:?}");
}

/// A test set-up is checked.
#[test]
fn a_bad_setup_is_refused() {
    let bad = |s: ClassicSetup| ClassicGame::from_setup(rules(), &s, 1, &mut NoObserver).unwrap_err();
    let base = solo("rohan", T0);
    assert_eq!(bad(ClassicSetup { round: 27, ..base.clone() }), ClassicSetupError::Round(27));
    assert_eq!(bad(ClassicSetup { first: 1, ..base.clone() }), ClassicSetupError::First(1, 1));
    assert_eq!(bad(solo("rohan", cell(3, 3))), ClassicSetupError::Unexplored(cell(3, 3)));
    let laid = vec![(T0, room(0), Dir::South)];
    assert_eq!(bad(ClassicSetup { laid, ..base.clone() }), ClassicSetupError::Printed(T0));
    let laid = vec![(cell(1, 1), room(0), Dir::South), (cell(1, 2), room(0), Dir::South)];
    assert_eq!(bad(ClassicSetup { laid, ..base.clone() }), ClassicSetupError::Tile(room(0)));
    let tops = vec![(ClassicDeck::Door, 200)];
    assert_eq!(bad(ClassicSetup { tops, ..base }), ClassicSetupError::Card(ClassicDeck::Door, 200));
}

/// 5.2, 6.1-6.3, 7: a move to an empty square lays a tile with its entry arrow at the point of
/// entry; a normal tile draws a Room card, which goes back to the bottom of its deck.
#[test]
fn a_move_lays_a_tile_arrow_at_the_entry_and_draws_a_room_card() {
    let empty = card(ClassicDeck::Room, "Empty");
    let mut g =
        game(&ClassicSetup { next_tiles: vec![room(0)], tops: vec![(ClassicDeck::Room, empty)], ..solo("rohan", T0) });
    assert_eq!(g.legal().as_slice(), &[C::Move(1), C::Move(13), C::Pass], "a tower is not searched");
    play(&mut g, C::Move(1));
    // Entered from the west: the arrow faces west, the tile turned a quarter clockwise.
    assert_eq!(g.tile(1), Some((room(0), 1)));
    assert_eq!(g.hero(0).pos, 1);
    assert_eq!(bottom(&g, ClassicDeck::Room), empty);
    assert_eq!(g.deck_len(ClassicDeck::Room), 84);
    assert_eq!((g.round(), ask(&g)), (2, Ask::Turn));
}

/// 5.2: exits only through the tile's exits, and only into a hall that is open on both sides.
#[test]
fn exits_only_through_open_halls() {
    // A room open west and east (walls north and south), with a wall-west room to its east.
    let ew = tile(TileKind::DungeonRoom, [H, W, H, W]);
    let no_west = tile(TileKind::DungeonRoom, [H, H, H, W]);
    let g = game(&ClassicSetup {
        laid: vec![(cell(2, 2), ew, Dir::West), (cell(2, 3), no_west, Dir::South)],
        ..solo("rohan", cell(2, 2))
    });
    assert_eq!(g.legal().as_slice(), &[C::Move(cell(2, 1)), C::Search, C::Pass]);
}

/// 5.2: no move into a room another character is in, except the Treasure Chamber.
#[test]
fn no_entering_another_heros_room_but_the_treasure_chamber() {
    let g = game(&ClassicSetup {
        seats: vec![seat("rohan", cell(3, 6)), seat("ulf", cell(3, 7)), seat("volrik", TREASURE[0])],
        laid: vec![(cell(3, 6), room(0), Dir::South), (cell(3, 7), room(1), Dir::South)],
        round: 1,
        ..Default::default()
    });
    let moves: Vec<C> = g.legal().iter().copied().filter(|c| matches!(c, C::Move(_))).collect();
    assert!(moves.contains(&C::Move(TREASURE[0])) && !moves.contains(&C::Move(cell(3, 7))), "{moves:?}");
}

/// 5.2: a room may be searched on two successive turns, then the hero must move; corridors
/// (and the other special rooms of the list) may not be searched.
#[test]
fn search_twice_then_move_and_unsearchable_rooms() {
    let nothing = card(ClassicDeck::Search, "Empty");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(1, 1), room(0), Dir::South)],
        tops: vec![(ClassicDeck::Search, nothing), (ClassicDeck::Search, nothing + 1)],
        ..solo("rohan", cell(1, 1))
    });
    play(&mut g, C::Search);
    play(&mut g, C::Search);
    assert_eq!(g.hero(0).searches, 2);
    assert!(!g.legal().contains(&C::Search) && g.legal().contains(&C::Pass));
    let corridor = tile(TileKind::Corridor, [H, H, H, H]);
    let g = game(&ClassicSetup { laid: vec![(cell(1, 1), corridor, Dir::South)], ..solo("rohan", cell(1, 1)) });
    assert!(!g.legal().contains(&C::Search));
}

/// A search finds treasure: the card is kept and counts at the end (reference sheet).
#[test]
fn searched_treasure_is_kept() {
    let ring_card = card(ClassicDeck::Search, "Ring");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(1, 1), room(0), Dir::South)],
        tops: vec![(ClassicDeck::Search, ring_card)],
        ..solo("rohan", cell(1, 1))
    });
    play(&mut g, C::Search);
    assert_eq!(g.gold(0), 90);
    assert_eq!(g.deck_len(ClassicDeck::Search), 14);
}

/// 6.6: no way out and no search left: trapped in a dead end, the hero has lost.
#[test]
fn a_dead_end_after_two_searches_kills() {
    let dead_end = tile(TileKind::DungeonRoom, [W, W, H, W]);
    let no_west = tile(TileKind::DungeonRoom, [H, H, H, W]);
    let nothing = card(ClassicDeck::Search, "Empty");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(1, 1), dead_end, Dir::East), (cell(1, 2), no_west, Dir::South)],
        tops: vec![(ClassicDeck::Search, nothing), (ClassicDeck::Search, nothing + 1)],
        ..solo("rohan", cell(1, 1))
    });
    assert_eq!(g.legal().as_slice(), &[C::Search, C::Pass]);
    play(&mut g, C::Search);
    play(&mut g, C::Search);
    assert_eq!(g.hero(0).fate, Fate::Dead(Cause::DeadEnd));
    assert!(g.is_over());
}

/// Reference sheet, Rotating Room: it turns 180° as it is laid and the turn is over; its only
/// exit facing the board's edge is a dead end, and the hero has lost.
#[test]
fn a_rotating_room_turns_and_may_trap() {
    let rot = tile(TileKind::RotatingChamber, [W, W, H, W]);
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(1, 1), room(0), Dir::South)],
        next_tiles: vec![rot],
        ..solo("rohan", cell(1, 1))
    });
    play(&mut g, C::Move(cell(1, 0)));
    // Laid with the arrow east (rotation 3), then turned 180°: the hall faces the west edge.
    assert_eq!(g.tile(cell(1, 0)), Some((rot, 1)));
    assert_eq!(g.hero(0).fate, Fate::Dead(Cause::DeadEnd));
    // Laid away from the edge it only turns; no Room card is drawn.
    let mut g = game(&ClassicSetup { next_tiles: vec![rot], ..solo("rohan", T0) });
    play(&mut g, C::Move(1));
    assert_eq!((g.hero(0).fate, g.tile(1)), (Fate::Inside, Some((rot, 3))));
    assert_eq!(g.legal().first(), Some(&C::Move(2)));
    assert_eq!(
        g.deck_card(ClassicDeck::Room, 0),
        ClassicGame::from_setup(rules(), &solo("rohan", T0), 1, &mut NoObserver)
            .unwrap()
            .deck_card(ClassicDeck::Room, 0)
    );
}

/// 5.1, 10: night falls after round 26 and everyone inside has lost; a hero out through a
/// tower with the most gold wins.
#[test]
fn night_falls_after_round_26_and_the_one_out_wins() {
    let mut g = game(&ClassicSetup {
        seats: vec![seat("rohan", cell(0, 1)), seat("ulf", cell(5, 5))],
        laid: vec![(cell(0, 1), room(0), Dir::South), (cell(5, 5), room(1), Dir::South)],
        round: 26,
        ..Default::default()
    });
    play(&mut g, C::Move(T0));
    assert_eq!(ask(&g), Ask::Onward(Onward::Tower));
    play(&mut g, C::Exit);
    assert_eq!(g.hero(0).fate, Fate::Exited);
    play(&mut g, C::Pass);
    assert!(g.is_over());
    assert_eq!(g.hero(1).fate, Fate::Dead(Cause::Night));
    assert!(g.won(0) && !g.won(1));
}

/// 11: solo, a win is escaping with at least one Treasure counter.
#[test]
fn solo_win_needs_a_treasure_counter() {
    let mut g = game(&ClassicSetup { laid: vec![(cell(0, 1), room(0), Dir::South)], ..solo("rohan", cell(0, 1)) });
    play(&mut g, C::Move(T0));
    play(&mut g, C::Exit);
    assert!(g.is_over() && g.hero(0).fate == Fate::Exited && !g.won(0));
}

/// Reference sheet, Corridor: no Room card, move again at once (chained); the move on never
/// goes back into a room entered this turn (docs/rulings.md).
#[test]
fn corridors_chain_moves() {
    let corridor = tile(TileKind::Corridor, [H, H, H, H]);
    let empty = card(ClassicDeck::Room, "Empty");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![corridor, room(0)],
        tops: vec![(ClassicDeck::Room, empty)],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(ask(&g), Ask::Onward(Onward::Corridor));
    assert!(!g.legal().contains(&C::Move(T0)) && g.legal().contains(&C::Move(2)));
    assert_eq!(g.deck_card(ClassicDeck::Room, 0), Some(empty), "no Room card in a corridor");
    play(&mut g, C::Move(2));
    assert_eq!((g.hero(0).pos, g.round()), (2, 2));
    assert_eq!(bottom(&g, ClassicDeck::Room), empty);
}

/// Reference sheet, Tower Rooms: entered for free, the hero may leave the dungeon or pass
/// through and move on at once.
#[test]
fn a_tower_is_a_free_pass() {
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(0, 1), room(0), Dir::South)],
        next_tiles: vec![room(1)],
        ..solo("rohan", cell(0, 1))
    });
    play(&mut g, C::Move(T0));
    assert_eq!(g.legal().as_slice(), &[C::Exit, C::Move(13)]);
    play(&mut g, C::Move(13));
    assert_eq!((g.hero(0).pos, g.hero(0).fate), (13, Fate::Inside));
}

/// 8.1: a monster: attack, wait and see or escape; the Monster card's Escape sends the hero
/// back to the tile he came from with no Room card.
#[test]
fn escape_goes_back_to_the_previous_tile() {
    let goblin = card(ClassicDeck::Room, "Goblin");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, goblin)],
        monster_tops: vec![1],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(ask(&g), Ask::Fight);
    let stances = [C::Combat(Answer::Stance(Stance::Attack)), C::Combat(Answer::Stance(Stance::Wait))];
    assert!(stances.iter().all(|s| g.legal().contains(s)));
    play(&mut g, C::Combat(Answer::Stance(Stance::Escape)));
    // Monster card 2 under "escape" for the goblin: Escape. Back on the tower.
    assert_eq!(g.hero(0).pos, T0);
    assert_eq!(bottom(&g, ClassicDeck::Room), goblin);
    assert_eq!(g.monster_deck_len(), 15);
}

/// 8.1, 8.2: the player on the hero's right plays the monster: its combat counter is that
/// seat's decision; the display gives the losses (Sir Rohan's Mighty Blow on a Slash: 3).
#[test]
fn the_player_to_the_right_plays_the_monster() {
    let goblin = card(ClassicDeck::Room, "Goblin");
    let mut g = game(&ClassicSetup {
        seats: vec![seat("ulf", TOWERS[3]), seat("rohan", T0), seat("volrik", TOWERS[1])],
        first: 1,
        round: 1,
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, goblin)],
        monster_tops: vec![0],
        ..Default::default()
    });
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Stance(Stance::Attack)));
    // Monster card 1: the goblin fights (2 LPs).
    assert_eq!(g.pending().unwrap().seat, 1);
    play(&mut g, C::Combat(Answer::Counter(Counter::MightyBlow)));
    assert_eq!((g.pending().unwrap().seat, ask(&g)), (0, Ask::Fight), "seat 0 is on seat 1's right");
    play(&mut g, C::Combat(Answer::Counter(Counter::Slash)));
    assert_eq!(g.hero(1).life, 17);
    assert_eq!((g.pending().unwrap().seat, ask(&g)), (2, Ask::Turn), "the goblin is dead, the turn over");
}

/// 11: solo, the rounds are the D12 table: 7-9 the monster loses 1, 1-3 the hero loses 1.
#[test]
fn solo_combat_uses_the_d12_table() {
    let goblin = card(ClassicDeck::Room, "Goblin");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, goblin)],
        monster_tops: vec![0],
        dice: vec![2, 11, 8, 9],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Stance(Stance::Attack)));
    assert_eq!(g.hero(0).life, 16);
    assert_eq!((g.round(), ask(&g)), (2, Ask::Turn));
}

/// 8.3: a Sneak Attack hits for D12 − Luck first; then attack or escape only.
#[test]
fn a_sneak_attack_hits_first() {
    let sneak = card(ClassicDeck::Room, "Sneak Attack (Orc)");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, sneak)],
        dice: vec![12],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(g.fight().unwrap().hero_life(), 17 - 8);
    assert!(!g.legal().contains(&C::Combat(Answer::Stance(Stance::Wait))));
}

/// 8.1 and the reference sheet: no escape behind a fallen portcullis; lifting one takes
/// D12 ≤ Strength, a failure ends the turn.
#[test]
fn a_portcullis_falls_behind_and_must_be_lifted() {
    let port = tile(TileKind::DungeonRoom, [H, W, P, W]);
    let goblin = card(ClassicDeck::Room, "Goblin");
    let mut g =
        game(&ClassicSetup { next_tiles: vec![port], tops: vec![(ClassicDeck::Room, goblin)], ..solo("rohan", T0) });
    play(&mut g, C::Move(1));
    assert_eq!(g.hero(0).via, Via::Portcullis);
    assert!(!g.legal().contains(&C::Combat(Answer::Stance(Stance::Escape))));
    // Going back through it: Rohan's Strength 6; a 7 fails and ends the turn.
    let mut g = game(&ClassicSetup {
        laid: vec![(1, port, Dir::West)],
        dice: vec![7, 6],
        tops: vec![(ClassicDeck::Room, card(ClassicDeck::Room, "Empty"))],
        ..solo("rohan", 1)
    });
    play(&mut g, C::Move(T0));
    assert_eq!((g.hero(0).pos, g.round()), (1, 2));
    play(&mut g, C::Move(T0));
    assert_eq!(g.hero(0).pos, T0);
}

/// 6.5: a door needs a Door card; Door Jammed ends the turn; the Ring of Opening opens it
/// without a card.
#[test]
fn doors_take_door_cards_or_the_ring_of_opening() {
    let door_room = tile(TileKind::DungeonRoom, [D, H, H, H]);
    let jammed = card(ClassicDeck::Door, "Door Jammed");
    let opens = card(ClassicDeck::Door, "Door Opens");
    let base = ClassicSetup {
        laid: vec![(cell(1, 1), door_room, Dir::South)],
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Door, jammed), (ClassicDeck::Door, opens)],
        ..solo("rohan", cell(1, 1))
    };
    let mut g = game(&base);
    play(&mut g, C::Move(cell(0, 1)));
    assert_eq!((g.hero(0).pos, g.round()), (cell(1, 1), 2));
    assert_eq!(bottom(&g, ClassicDeck::Door), jammed);
    play(&mut g, C::Move(cell(0, 1)));
    assert_eq!((g.hero(0).pos, g.hero(0).via), (cell(0, 1), Via::Door));
    let mut s = base;
    s.seats[0].ring = ring(|r| *r == RingEffect::Opening);
    let mut g = game(&s);
    assert!(g.legal().contains(&C::MoveWithRing(cell(0, 1))));
    play(&mut g, C::MoveWithRing(cell(0, 1)));
    assert_eq!((g.hero(0).pos, g.hero(0).ring), (cell(0, 1), None));
    assert_eq!(g.deck_card(ClassicDeck::Door, 0), Some(jammed), "no Door card drawn");
}

/// Reference sheet, Bottomless Pit: D12 ≤ Agility crosses, else out of the game; no Room card.
#[test]
fn a_bottomless_pit_takes_an_agility_roll() {
    let pit = tile(TileKind::BottomlessPit, [H, W, H, W]);
    for (roll, fate) in [(4, Fate::Inside), (5, Fate::Dead(Cause::Pit))] {
        let mut g = game(&ClassicSetup { next_tiles: vec![pit], dice: vec![roll], ..solo("rohan", T0) });
        play(&mut g, C::Move(1));
        assert_eq!(g.hero(0).fate, fate, "roll {roll}");
        if fate == Fate::Inside {
            assert!(!g.legal().contains(&C::Pass) && !g.legal().contains(&C::Search), "no search, no missed turn");
        }
    }
}

/// Reference sheet, Trap room: a Trap card instead of a Room card; the Ring of Warning avoids it.
#[test]
fn a_trap_room_draws_a_trap_card_unless_warned() {
    let trap = tile(TileKind::TrapChamber, [H, H, H, H]);
    let crossfire = card(ClassicDeck::Trap, "Crossfire Trap");
    let base = ClassicSetup {
        next_tiles: vec![trap],
        tops: vec![(ClassicDeck::Trap, crossfire)],
        dice: vec![12],
        ..solo("rohan", T0)
    };
    let mut g = game(&base);
    play(&mut g, C::Move(1));
    assert_eq!(g.hero(0).life, 17 - (12 - 9), "D12 − Armour");
    let mut s = base;
    s.seats[0].ring = ring(|r| *r == RingEffect::Warning);
    let mut g = game(&s);
    play(&mut g, C::Move(1));
    assert_eq!(ask(&g), Ask::Optional(Optional::WarnTile));
    play(&mut g, C::Yes);
    assert_eq!((g.hero(0).life, g.hero(0).ring, g.deck_len(ClassicDeck::Trap)), (17, None, 15));
}

/// Reference sheet, Chamber of Darkness: no Room card; next turn a D6 picks the exit (two
/// exits: 1-3 back the way he came).
#[test]
fn a_chamber_of_darkness_picks_the_exit() {
    let dark = tile(TileKind::ChamberOfDarkness, [W, W, H, H]);
    let mut g = game(&ClassicSetup { next_tiles: vec![dark], dice: vec![2], ..solo("rohan", T0) });
    play(&mut g, C::Move(1));
    // Round 2: the D6 of 2 takes him back to the tower.
    assert_eq!((g.hero(0).pos, ask(&g)), (T0, Ask::Onward(Onward::Tower)));
}

/// Reference sheet, Cave-In tile: a Room card as normal; next turn roll D12 ≤ Agility or
/// retreat; a failed roll misses the turn.
#[test]
fn a_cave_in_tile_holds_the_hero() {
    let cave = tile(TileKind::CaveIn, [H, W, H, W]);
    let empty = card(ClassicDeck::Room, "Empty");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![cave],
        tops: vec![(ClassicDeck::Room, empty)],
        dice: vec![12, 1],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(bottom(&g, ClassicDeck::Room), empty);
    assert_eq!(g.legal().as_slice(), &[C::Roll, C::Retreat]);
    play(&mut g, C::Roll);
    assert_eq!((g.round(), ask(&g)), (3, Ask::CaveIn));
    play(&mut g, C::Roll);
    assert_eq!((g.round(), ask(&g)), (3, Ask::Turn));
}

/// Reference sheet, Trapdoor: D12 ≤ Agility avoids it; else D6 LPs and the card kept; each
/// later turn D12 ≤ Agility climbs out; a Rope climbs out at once.
#[test]
fn a_trapdoor_and_the_rope() {
    let trapdoor = card(ClassicDeck::Room, "Trapdoor");
    let base =
        ClassicSetup { next_tiles: vec![room(0)], tops: vec![(ClassicDeck::Room, trapdoor)], ..solo("rohan", T0) };
    // Two seats, so the fall can be seen before the next turn of the fallen hero.
    let two = ClassicSetup {
        seats: vec![seat("rohan", T0), seat("ulf", TOWERS[3])],
        dice: vec![12, 3, 12, 4],
        ..base.clone()
    };
    let mut g = game(&two);
    play(&mut g, C::Move(1));
    assert_eq!(g.hero(0).life, 14);
    assert!(matches!(g.hero(0).plight, Plight::Trapdoor(_)));
    assert_eq!(g.deck_len(ClassicDeck::Room), 83, "the card is kept while he is down");
    play(&mut g, C::Pass);
    // Round 2: a 12 fails; seat 1 passes; round 3: a 4 climbs out.
    play(&mut g, C::Pass);
    assert_eq!((g.round(), g.pending().unwrap().seat, ask(&g), g.hero(0).plight), (3, 0, Ask::Turn, Plight::None));
    assert_eq!(bottom(&g, ClassicDeck::Room), trapdoor);
    // With a Rope (from a Dead Adventurer) he climbs out on the next turn, no roll.
    let dead = card(ClassicDeck::Room, "Dead Adventurer");
    let rope = card(ClassicDeck::Corpse, "Rope");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0), room(1)],
        tops: vec![(ClassicDeck::Room, dead), (ClassicDeck::Room, trapdoor), (ClassicDeck::Corpse, rope)],
        dice: vec![12, 2],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    play(&mut g, C::Yes);
    assert!(g.hero(0).rope.is_some());
    play(&mut g, C::Move(2));
    assert_eq!((g.round(), ask(&g), g.hero(0).life, g.hero(0).plight), (3, Ask::Turn, 15, Plight::None));
    // Avoided on a roll of 4.
    let mut g = game(&ClassicSetup { dice: vec![4], ..base });
    play(&mut g, C::Move(1));
    assert_eq!((g.hero(0).life, g.hero(0).plight), (17, Plight::None));
}

/// Reference sheet, Torch Goes Out: the turn is over; each later turn, one of three numbers on
/// a D6 relights it, else the turn is missed.
#[test]
fn the_torch_goes_out() {
    let torch = card(ClassicDeck::Room, "Torch Goes Out");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, torch)],
        dice: vec![6, 2],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!((g.round(), ask(&g), g.hero(0).plight), (3, Ask::Turn, Plight::None));
    assert_eq!(bottom(&g, ClassicDeck::Room), torch);
}

/// Reference sheet, Giant Spider: fight or flee; a fight roll misses: 1 LP and fight again
/// next turn (no flight then).
#[test]
fn the_giant_spider() {
    let spider = card(ClassicDeck::Room, "Giant Spider");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, spider)],
        dice: vec![6, 1],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(g.legal().as_slice(), &[C::Strike, C::Flee]);
    play(&mut g, C::Strike);
    assert_eq!((g.hero(0).life, ask(&g), g.round()), (16, Ask::Spider, 2));
    assert_eq!(g.legal().as_slice(), &[C::Strike]);
    play(&mut g, C::Strike);
    assert_eq!(g.hero(0).plight, Plight::None);
    assert_eq!(bottom(&g, ClassicDeck::Room), spider);
}

/// Reference sheet: a Dead Adventurer may be searched (a Corpse card); its treasure is kept.
#[test]
fn a_dead_adventurer_may_be_searched() {
    let dead = card(ClassicDeck::Room, "Dead Adventurer");
    let necklace = card(ClassicDeck::Corpse, "Necklace");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, dead), (ClassicDeck::Corpse, necklace)],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(ask(&g), Ask::Optional(Optional::Corpse));
    play(&mut g, C::Yes);
    assert_eq!(g.gold(0), 150);
    assert_eq!(bottom(&g, ClassicDeck::Room), dead);
}

/// Reference sheet, Crypt: the Skeleton wakes on 4-6 and is fought as a Death Warrior.
#[test]
fn the_crypt_skeleton() {
    let crypt = card(ClassicDeck::Room, "Crypt");
    let skeleton = card(ClassicDeck::Crypt, "Skeleton");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, crypt), (ClassicDeck::Crypt, skeleton)],
        dice: vec![4],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    play(&mut g, C::Yes);
    assert_eq!(ask(&g), Ask::Fight);
    assert_eq!(g.fight().unwrap().encounter().kind, rules().kind_by_id("death-warrior").unwrap());
}

/// Reference sheet, Curse of the Wizard: every Corridor tile turns (D6 3-4: 180°).
#[test]
fn the_curse_of_the_wizard_turns_the_corridors() {
    let corridor = tile(TileKind::Corridor, [H, W, H, W]);
    let curse = card(ClassicDeck::Room, "Curse of the Wizard");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(5, 2), corridor, Dir::South)],
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, curse)],
        dice: vec![3],
        ..solo("rohan", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(g.tile(cell(5, 2)), Some((corridor, 2)));
}

/// Reference sheet, Potion: kept, drunk at the start of a turn on the Potion Table.
#[test]
fn a_potion_is_kept_and_drunk() {
    let potion = card(ClassicDeck::Room, "Potion");
    let mut s =
        ClassicSetup { next_tiles: vec![room(0)], tops: vec![(ClassicDeck::Room, potion)], ..solo("rohan", T0) };
    s.seats[0].life = Some(5);
    s.dice = vec![12];
    let mut g = game(&s);
    play(&mut g, C::Move(1));
    assert!(g.hero(0).potion.is_some());
    play(&mut g, C::Drink);
    assert_eq!((g.hero(0).life, g.hero(0).potion, ask(&g)), (17, None, Ask::Turn));
    assert_eq!(bottom(&g, ClassicDeck::Room), potion);
}

/// Reference sheet, Ring of Healing: up to 5 LPs, never above the start, nothing else that turn.
#[test]
fn the_ring_of_healing() {
    let mut s = ClassicSetup { laid: vec![(cell(1, 1), room(0), Dir::South)], ..solo("rohan", cell(1, 1)) };
    s.seats[0].life = Some(5);
    s.seats[0].ring = ring(|r| matches!(r, RingEffect::Healing { .. }));
    let mut g = game(&s);
    play(&mut g, C::Heal);
    assert_eq!((g.hero(0).life, g.hero(0).ring, g.round()), (10, None, 2));
}

/// Reference sheet, Secret Door: move at once to any adjacent square, walls or not.
#[test]
fn a_secret_door_goes_through_walls() {
    let dead_end = tile(TileKind::DungeonRoom, [W, W, H, W]);
    let secret = card(ClassicDeck::Search, "Secret Door");
    let goblin = card(ClassicDeck::Room, "Goblin");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(2, 2), dead_end, Dir::South)],
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Search, secret), (ClassicDeck::Room, goblin)],
        ..solo("rohan", cell(2, 2))
    });
    play(&mut g, C::Search);
    assert_eq!(ask(&g), Ask::Onward(Onward::SecretDoor));
    assert_eq!(g.legal().len(), 5, "four squares or stay: {:?}", g.legal());
    play(&mut g, C::Move(cell(1, 2)));
    assert_eq!((g.hero(0).pos, g.hero(0).via), (cell(1, 2), Via::SecretDoor));
    assert!(!g.legal().contains(&C::Combat(Answer::Stance(Stance::Escape))), "no escape after a secret door");
}

/// 9.1: two Treasure counters and a Dragon counter a turn; a sleeping counter is set aside,
/// and the counters are shuffled back when the last hero leaves.
#[test]
fn the_treasure_chamber_and_the_sleeping_dragon() {
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(3, 6), room(0), Dir::South)],
        counters: vec![0, 1, 2, 3],
        dragon: vec![false, false],
        ..solo("rohan", cell(3, 6))
    });
    play(&mut g, C::Move(TREASURE[0]));
    assert_eq!((g.gold(0), g.dragon_left(), g.cup_len()), (210, 7, 30));
    assert!(g.legal().contains(&C::Loot) && !g.legal().contains(&C::Search));
    play(&mut g, C::Loot);
    assert_eq!((g.gold(0), g.dragon_left()), (210 + 120 + 130, 6));
    play(&mut g, C::Move(cell(3, 6)));
    assert_eq!(g.dragon_left(), 8, "shuffled back as the last hero leaves");
    assert_eq!(g.gold(0), 460, "leaving draws nothing");
}

/// 9.1, 9.2: the fire-breathing Dragon: all treasure lost, D12 LPs, run to an adjacent square
/// with no Room card; everyone in the chamber, from the drawer clockwise.
#[test]
fn the_dragon_wakes() {
    let mut g = game(&ClassicSetup {
        seats: vec![seat("rohan", cell(3, 6)), seat("ulf", TREASURE[1])],
        laid: vec![(cell(3, 6), room(0), Dir::South)],
        round: 1,
        next_tiles: vec![room(1), room(2)],
        counters: vec![0, 1],
        dragon: vec![true],
        dice: vec![5, 7],
        ..Default::default()
    });
    play(&mut g, C::Move(TREASURE[0]));
    assert_eq!((g.gold(0), g.hero(0).life, g.cup_len(), g.dragon_left()), (0, 12, 32, 8));
    assert_eq!(
        g.pending().unwrap(),
        dq_engine::dungeonquest::classic::game::ClassicDecision { seat: 0, ask: Ask::Onward(Onward::Run) }
    );
    let room_top = g.deck_card(ClassicDeck::Room, 0);
    play(&mut g, C::Move(cell(4, 5)));
    assert_eq!(g.deck_card(ClassicDeck::Room, 0), room_top, "no Room card on the run");
    assert_eq!((g.pending().unwrap().seat, g.hero(1).life), (1, 16 - 7));
    play(&mut g, C::Move(cell(5, 7)));
    assert_eq!((g.hero(0).pos, g.hero(1).pos), (cell(4, 5), cell(5, 7)));
}

/// 8.4: El-Adoran's bow through the combat: an arrow before the Monster card; the arrows left
/// go back on his sheet.
#[test]
fn el_adorans_bow_in_the_game() {
    let goblin = card(ClassicDeck::Room, "Goblin");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, goblin)],
        dice: vec![6],
        ..solo("el-adoran", T0)
    });
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Stance(Stance::Attack)));
    assert_eq!(g.legal().as_slice(), &[C::Combat(Answer::Fire), C::Combat(Answer::Hold)]);
    play(&mut g, C::Combat(Answer::Fire));
    assert_eq!((g.hero(0).arrows, g.hero(0).life, g.round()), (3, 11, 2));
}

/// Reference sheet, Ring of Blinding: used when a monster is drawn, it defeats it.
#[test]
fn the_ring_of_blinding() {
    let troll = card(ClassicDeck::Room, "Mountain Troll");
    let mut s = ClassicSetup { next_tiles: vec![room(0)], tops: vec![(ClassicDeck::Room, troll)], ..solo("rohan", T0) };
    s.seats[0].ring = ring(|r| *r == RingEffect::Blinding);
    let mut g = game(&s);
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Blind));
    assert_eq!((g.hero(0).ring, g.hero(0).life, g.round()), (None, 17, 2));
    assert_eq!(bottom(&g, ClassicDeck::Room), troll);
}

/// Reference sheet, Ring of Warning: it avoids a trap Room card's loss too.
#[test]
fn the_ring_of_warning_against_a_trap_card() {
    let crossfire = card(ClassicDeck::Room, "Crossfire Trap");
    let mut s =
        ClassicSetup { next_tiles: vec![room(0)], tops: vec![(ClassicDeck::Room, crossfire)], ..solo("rohan", T0) };
    s.seats[0].ring = ring(|r| *r == RingEffect::Warning);
    let mut g = game(&s);
    play(&mut g, C::Move(1));
    assert_eq!(ask(&g), Ask::Optional(Optional::WarnCard));
    play(&mut g, C::Yes);
    assert_eq!((g.hero(0).ring, g.hero(0).life), (None, 17));
    assert_eq!(bottom(&g, ClassicDeck::Room), crossfire);
}

/// Reference sheet, Cave-In card: the number picked is rolled (modelled as a 1): killed; else
/// a second D6 of LPs.
#[test]
fn the_cave_in_card() {
    let cave = card(ClassicDeck::Room, "Cave-In");
    for (dice, fate, life) in [(vec![1], Fate::Dead(Cause::Card), 0), (vec![2, 5], Fate::Inside, 12)] {
        let mut g = game(&ClassicSetup {
            next_tiles: vec![room(0)],
            tops: vec![(ClassicDeck::Room, cave)],
            dice,
            ..solo("rohan", T0)
        });
        play(&mut g, C::Move(1));
        assert_eq!((g.hero(0).fate, g.hero(0).life), (fate, life));
    }
}

/// Reference sheet, Chasm: next turn the hero may only leave on the side he came in by.
#[test]
fn a_chasm_keeps_the_hero_on_his_side() {
    // The left chasm: bottom and left near the entry arrow, top and right beyond.
    let chasm = tile_n(TileKind::Chasm, [H, H, H, H], 0);
    let empty = card(ClassicDeck::Room, "Empty");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(2, 2), room(0), Dir::South)],
        next_tiles: vec![chasm],
        tops: vec![(ClassicDeck::Room, empty)],
        ..solo("rohan", cell(2, 2))
    });
    // Entered from the west: the arrow faces west (rotation 1): near sides west and north.
    play(&mut g, C::Move(cell(2, 3)));
    let moves: Vec<C> = g.legal().iter().copied().filter(|c| matches!(c, C::Move(_))).collect();
    assert_eq!(moves, [C::Move(cell(1, 3)), C::Move(cell(2, 2))]);
    assert!(!g.legal().contains(&C::Search));
}

/// Reference sheet, Giant Spider: El-Adoran may shoot instead of fighting, killing on 5-6;
/// if he stops without a kill, the spider bites and the turn is over.
#[test]
fn el_adoran_shoots_the_spider() {
    let spider = card(ClassicDeck::Room, "Giant Spider");
    let mut g = game(&ClassicSetup {
        next_tiles: vec![room(0)],
        tops: vec![(ClassicDeck::Room, spider)],
        dice: vec![4, 5],
        ..solo("el-adoran", T0)
    });
    play(&mut g, C::Move(1));
    assert_eq!(g.legal().as_slice(), &[C::Strike, C::Flee, C::Shoot]);
    play(&mut g, C::Shoot);
    assert_eq!(g.legal().as_slice(), &[C::Stop, C::Shoot]);
    play(&mut g, C::Shoot);
    assert_eq!((g.hero(0).arrows, g.hero(0).plight, g.hero(0).life, g.round()), (2, Plight::None, 11, 2));
}

/// 6.5: doors that line up take two Door cards, and both must open.
#[test]
fn lined_up_doors_take_two_cards() {
    let door_room = tile(TileKind::DungeonRoom, [D, H, H, H]);
    let other = tile_n(TileKind::DungeonRoom, [D, H, H, H], 1);
    let opens = card(ClassicDeck::Door, "Door Opens");
    let jammed = card(ClassicDeck::Door, "Door Jammed");
    for (second, moved) in [(jammed, false), (opens + 1, true)] {
        let mut g = game(&ClassicSetup {
            laid: vec![(cell(2, 2), door_room, Dir::South), (cell(1, 2), other, Dir::North)],
            tops: vec![(ClassicDeck::Door, opens), (ClassicDeck::Door, second)],
            ..solo("rohan", cell(2, 2))
        });
        play(&mut g, C::Move(cell(1, 2)));
        assert_eq!(g.hero(0).pos == cell(1, 2), moved, "second card {second}");
        assert_eq!(g.deck_len(ClassicDeck::Door), 15, "both cards back in the deck");
    }
}

/// Rulebook 7: the Shuffle card shuffles its deck, itself included, and the draw is made again.
#[test]
fn the_shuffle_card_reshuffles_and_draws_again() {
    let shuffle = card(ClassicDeck::Room, "Shuffle");
    let s = ClassicSetup { next_tiles: vec![room(0)], tops: vec![(ClassicDeck::Room, shuffle)], ..solo("rohan", T0) };
    let mut events = Vec::new();
    let mut g = ClassicGame::from_setup(rules(), &s, 1, &mut NoObserver).unwrap();
    g.apply(C::Move(1), &mut |e| events.push(e)).unwrap();
    use dq_engine::dungeonquest::classic::game::ClassicEvent as E;
    let drawn: Vec<u8> = events
        .iter()
        .filter_map(|e| if let E::Card { deck: Some(ClassicDeck::Room), card } = e { Some(*card) } else { None })
        .collect();
    assert_eq!(drawn.len(), 2, "{events:?}");
    assert_eq!(drawn[0], shuffle);
    assert_ne!(drawn[1], shuffle);
    // The Shuffle card is back in the deck, somewhere in it.
    assert!((0..g.deck_len(ClassicDeck::Room)).any(|i| g.deck_card(ClassicDeck::Room, i) == Some(shuffle)));
}

/// Reference sheet, Chamber of Darkness with three exits: 3-4 the closest exit clockwise, 5-6
/// anticlockwise, as seen on the board; an exit into the board's edge costs the turn.
#[test]
fn a_three_exit_darkness_counts_round_the_tile() {
    let dark = tile(TileKind::ChamberOfDarkness, [W, H, H, H]);
    let mut g = game(&ClassicSetup {
        next_tiles: vec![dark, room(0)],
        tops: vec![(ClassicDeck::Room, card(ClassicDeck::Room, "Empty"))],
        dice: vec![3, 5],
        ..solo("rohan", T0)
    });
    // Entered from the west (its wall faces east). Round 2: clockwise from west is north, the
    // board's edge: the turn is lost. Round 3: anticlockwise is south, the turn's move.
    play(&mut g, C::Move(1));
    assert_eq!((g.hero(0).pos, g.round(), ask(&g)), (cell(1, 1), 4, Ask::Turn));
}

/// Reference sheet, Ring of Opening: it opens a portcullis with no Strength roll.
#[test]
fn the_ring_of_opening_lifts_a_portcullis() {
    let port = tile(TileKind::DungeonRoom, [H, W, P, W]);
    let mut s = ClassicSetup { laid: vec![(1, port, Dir::West)], ..solo("rohan", 1) };
    s.seats[0].ring = ring(|r| *r == RingEffect::Opening);
    let mut g = game(&s);
    assert_eq!(g.legal().as_slice(), &[C::Move(2), C::Move(T0), C::MoveWithRing(T0), C::Search, C::Pass]);
    play(&mut g, C::MoveWithRing(T0));
    assert_eq!((g.hero(0).pos, g.hero(0).ring), (T0, None));
}

/// The counters behind the results columns (docs/schema.md): turns, searches, chamber turns,
/// Dragon counters, tiles laid, LPs lost, the cause and round of the end.
#[test]
fn the_results_counters() {
    use dq_engine::DeathCause;
    // Two searches in a dead end: two turns, two searches, then trapped in round 2.
    let dead_end = tile(TileKind::DungeonRoom, [W, W, H, W]);
    let no_west = tile(TileKind::DungeonRoom, [H, H, H, W]);
    let nothing = card(ClassicDeck::Search, "Empty");
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(1, 1), dead_end, Dir::East), (cell(1, 2), no_west, Dir::South)],
        tops: vec![(ClassicDeck::Search, nothing), (ClassicDeck::Search, nothing + 1)],
        ..solo("rohan", cell(1, 1))
    });
    play(&mut g, C::Search);
    play(&mut g, C::Search);
    let s = g.hero(0).stats;
    assert_eq!((s.turns, s.searches, s.deaths, s.death_cause, s.end_round), (3, 2, 1, Some(DeathCause::DeadEnd), 3));
    // The chamber: entered (a turn there) and looted once more; two sleeping Dragon counters.
    let mut g = game(&ClassicSetup {
        laid: vec![(cell(3, 6), room(0), Dir::South)],
        dragon: vec![false, false],
        ..solo("rohan", cell(3, 6))
    });
    play(&mut g, C::Move(TREASURE[0]));
    play(&mut g, C::Loot);
    let s = g.hero(0).stats;
    assert_eq!((s.treasure_chamber_turns, s.dragon_draws, s.dragon_rage, s.chambers_explored), (2, 2, false, 0));
    // The Dragon wakes: 7 LPs lost.
    let mut g = game(&ClassicSetup {
        seats: vec![seat("rohan", cell(3, 6)), seat("ulf", TREASURE[1])],
        laid: vec![(cell(3, 6), room(0), Dir::South)],
        round: 1,
        next_tiles: vec![room(1), room(2)],
        dragon: vec![true],
        dice: vec![7],
        ..Default::default()
    });
    play(&mut g, C::Move(TREASURE[0]));
    let s = g.hero(0).stats;
    assert_eq!((s.dragon_draws, s.dragon_rage, s.wounds_taken), (1, true, 7));
    play(&mut g, C::Move(cell(4, 5)));
    assert_eq!(g.hero(0).stats.chambers_explored, 1, "the run lays a tile");
    // Out through a tower in round 26; the other is still inside at night.
    let mut g = game(&ClassicSetup {
        seats: vec![seat("rohan", cell(0, 1)), seat("ulf", cell(5, 5))],
        laid: vec![(cell(0, 1), room(0), Dir::South), (cell(5, 5), room(1), Dir::South)],
        round: 26,
        ..Default::default()
    });
    play(&mut g, C::Move(T0));
    play(&mut g, C::Exit);
    play(&mut g, C::Pass);
    let (a, b) = (g.hero(0).stats, g.hero(1).stats);
    assert_eq!((a.end_round, a.deaths, a.death_cause), (26, 0, None));
    assert_eq!((b.end_round, b.deaths, b.death_cause, b.turns), (26, 1, Some(DeathCause::Sunset), 1));
}
