//! Rule tests for movement: halls and walls, doors and portcullises, tile placement, every
//! chamber effect that moves or stops a hero, towers, searching, dead ends and secret doors.
//! Authority: Revised Rules Reference (MOVING, DOOR, PORTCULLIS, WALL, HALL, ENTRY ARROW,
//! DEAD END, SEARCHING, TOWER CHAMBER, chamber effects) and docs/rulings.md.

mod common;
use common::*;
use dq_engine::board::Dir;
use dq_engine::data::{Side, TileKind};
use dq_engine::rules::TileDef;
use dq_engine::trace::Trace;
use dq_engine::*;

// --- helpers ---------------------------------------------------------------------------------

/// A game with these heroes whose runes cannot interfere, waiting for the first Action.
fn setup(heroes: &[&str]) -> (Game<'static>, Trace) {
    quiet_game(heroes, &[])
}

/// Hands out distinct tiles (each physical tile can be laid once).
#[derive(Default)]
struct Tiles(Vec<u8>);

impl Tiles {
    /// The first unused tile that fits.
    fn pick_where(&mut self, f: impl Fn(&TileDef) -> bool) -> u8 {
        let i = rules()
            .tiles
            .iter()
            .enumerate()
            .position(|(i, t)| f(t) && !self.0.contains(&(i as u8)))
            .expect("no such tile left") as u8;
        self.0.push(i);
        i
    }

    /// An unused tile of this kind and layout, without printed stairs.
    fn pick(&mut self, kind: TileKind, sides: [Side; 4]) -> u8 {
        self.pick_where(|t| t.kind == kind && t.sides == sides && !t.stairs)
    }

    /// Lays tile `t` on `c` with its entry arrow facing `arrow`.
    fn lay_this(&mut self, g: &mut Game<'static>, c: Cell, t: u8, arrow: Dir) {
        g.lay_tile(c, t, arrow);
        assert_eq!(g.cell(c).kind, Some(rules().tiles[t as usize].kind), "tile {t} was not laid");
    }

    /// Lays an unused tile of this kind and layout on `c`, entry arrow facing `arrow`.
    fn lay(&mut self, g: &mut Game<'static>, c: Cell, kind: TileKind, sides: [Side; 4], arrow: Dir) -> u8 {
        let t = self.pick(kind, sides);
        self.lay_this(g, c, t, arrow);
        t
    }

    /// An unused tile of this kind and layout, as a [`Setup`] lays it on `c`.
    fn laid(&mut self, c: Cell, kind: TileKind, sides: [Side; 4], arrow: Dir) -> TileSetup {
        TileSetup { cell: c, tile: self.pick(kind, sides), arrow }
    }

    /// A four-hall dungeon room (torch icon).
    fn room(&mut self, g: &mut Game<'static>, c: Cell) -> u8 {
        self.lay(g, c, TileKind::DungeonRoom, [H, H, H, H], Dir::South)
    }
}

/// The dungeon deck's harmless card.
fn empty_dungeon() -> CardId {
    card_in(Deck::Dungeon, "Empty")
}

/// Makes the next dungeon card harmless.
fn stack_empty(g: &mut Game<'static>) {
    g.stack_deck(&[empty_dungeon()]);
}

/// Loot cards: the Gold Coins of the search deck.
fn loot(n: usize) -> CardId {
    let c = nth_card_in(Deck::Search, "Gold Coins", n);
    assert!(rules().cards[c as usize].loot);
    c
}

/// Asserts the legal choices are exactly these (in any order).
fn assert_legal(g: &Game<'static>, expected: &[Choice]) {
    let l = legal(g);
    let mut missing: Vec<Choice> = expected.iter().copied().filter(|c| !l.contains(c)).collect();
    let extra: Vec<Choice> = l.iter().copied().filter(|c| !expected.contains(c)).collect();
    missing.dedup();
    assert!(missing.is_empty() && extra.is_empty(), "legal {l:?}: missing {missing:?}, unexpected {extra:?}");
    assert_eq!(l.len(), expected.len(), "legal {l:?} has duplicates");
}

fn mv(r: u8, c: u8) -> Choice {
    Choice::Move(at(r, c))
}

/// The newest card on a deck's discard pile.
fn last_discard(g: &Game<'static>, deck: Deck) -> Option<CardId> {
    g.discard_pile(deck).last()
}

/// Counts the attribute tests rolled so far.
fn tests_rolled(t: &Trace) -> usize {
    t.events.iter().filter(|e| matches!(e, Event::Test { .. })).count()
}

/// Tile rotations so far.
fn rotations(t: &Trace) -> usize {
    t.events.iter().filter(|e| matches!(e, Event::TileRotated { .. })).count()
}

/// Where seat 0's figure moved, in order.
fn moves_to(t: &Trace) -> Vec<Cell> {
    t.events
        .iter()
        .filter_map(|e| match *e {
            Event::Moved { seat: 0, to, .. } => Some(to),
            _ => None,
        })
        .collect()
}

// --- 1. walls ----------------------------------------------------------------------------------

/// WALL / HALL: a hall blocked by the neighbour's wall, the hero's own wall or the outer wall
/// cannot be moved through; open halls to explored and unexplored spaces can.
#[test]
fn walls_block_halls_open_halls_allow_moves() {
    let mut tl = Tiles::default();
    let mut s = quiet_setup(&["hugo"]);
    s.tiles = vec![
        // Hero's room: halls north, east, south; wall west.
        tl.laid(at(3, 3), TileKind::DungeonRoom, [H, H, H, W], Dir::South),
        // North neighbour: dead-end room turned so its wall faces the hero (its hall faces north).
        tl.laid(at(2, 3), TileKind::DungeonRoom, [W, W, H, W], Dir::North),
        // East neighbour: open on all sides.
        tl.laid(at(3, 4), TileKind::DungeonRoom, [H, H, H, H], Dir::South),
        tl.laid(at(0, 5), TileKind::DungeonRoom, [H, H, H, H], Dir::South),
    ];
    s.heroes[0].at = Some(at(3, 3));
    let (g, _t) = start(&s);
    assert_eq!(g.cell(at(2, 3)).sides[Dir::South as usize], W);
    assert_eq!(g.cell(at(3, 3)).sides, [H, H, H, W]);
    assert_eq!(g.neighbour(at(3, 3), Dir::North), None);
    assert_eq!(g.neighbour(at(3, 3), Dir::West), None);
    assert_eq!(g.neighbour(at(3, 3), Dir::East), Some(at(3, 4)));
    assert_legal(&g, &[mv(3, 4), mv(4, 3), Choice::Search]);

    // The outer wall: a four-hall room on the top row has no way north.
    s.heroes[0].at = Some(at(0, 5));
    let (g, _t) = start(&s);
    assert_eq!(g.neighbour(at(0, 5), Dir::North), None);
    assert_legal(&g, &[mv(0, 4), mv(0, 6), mv(1, 5), Choice::Search]);
    g.check_invariants().unwrap();
}

// --- 2. placing tiles ----------------------------------------------------------------------------

/// MOVING / ENTRY ARROW: an unexplored space gets the next tile with its entry arrow toward
/// the chamber moved from; the hero enters and resolves it (a dungeon room draws a card).
#[test]
fn entering_unexplored_space_places_tile_with_entry_arrow_toward_origin() {
    // Tile (top Door, right Wall, bottom Hall, left Hall); world sides (N, E, S, W) expected.
    let cases: [((u8, u8), [Side; 4]); 4] = [
        ((3, 4), [H, D, W, H]), // moved east: arrow faces west
        ((3, 2), [W, H, H, D]), // moved west: arrow faces east
        ((2, 3), [D, W, H, H]), // moved north: arrow faces south
        ((4, 3), [H, H, D, W]), // moved south: arrow faces north
    ];
    for ((r, c), sides) in cases {
        let mut tl = Tiles::default();
        let mut s = quiet_setup(&["hugo"]);
        s.tiles = vec![tl.laid(at(3, 3), TileKind::DungeonRoom, [H, H, H, H], Dir::South)];
        s.heroes[0].at = Some(at(3, 3));
        s.next_tiles = vec![tl.pick(TileKind::DungeonRoom, [D, W, H, H])];
        s.next_cards = vec![empty_dungeon()];
        let (mut g, mut t) = start(&s);
        let (tiles, dungeon) = (g.tiles_left(), g.deck_len(Deck::Dungeon));
        assert!(!g.cell(at(r, c)).explored);
        answer(&mut g, &mut t, mv(r, c));
        let v = g.cell(at(r, c));
        assert!(v.explored);
        assert_eq!(v.kind, Some(TileKind::DungeonRoom));
        assert_eq!(v.sides, sides, "tile entered at ({r},{c})");
        assert_eq!(g.tiles_left(), tiles - 1);
        assert_eq!(g.hero(0).pos, at(r, c));
        assert_eq!(g.hero(0).stats.chambers_explored, 1);
        // Resolved: one dungeon card drawn and discarded.
        assert_eq!(g.deck_len(Deck::Dungeon), dungeon - 1);
        assert_eq!(last_discard(&g, Deck::Dungeon), Some(empty_dungeon()));
        assert_eq!(g.round(), 2);
        expect(&g, 0, DecisionKind::Action);
        g.check_invariants().unwrap();
    }
}

/// ENTRY ARROW from the treasure chamber: it fills two spaces, and the arrow of a tile placed
/// beside its southern space must point at that space (the chamber moved from).
#[test]
fn entry_arrow_points_back_into_treasure_chamber() {
    let cases: [((u8, u8), [Side; 4]); 3] = [
        ((6, 6), [H, H, D, W]), // below (5,6): arrow faces north
        ((5, 5), [W, H, H, D]), // west of (5,6): arrow faces east
        ((5, 7), [H, D, W, H]), // east of (5,6): arrow faces west
    ];
    for ((r, c), sides) in cases {
        let mut tl = Tiles::default();
        let mut s = quiet_setup(&["hugo"]);
        s.heroes[0].at = Some(TREASURE[1]);
        s.next_tiles = vec![tl.pick(TileKind::DungeonRoom, [D, W, H, H])];
        s.next_cards = vec![empty_dungeon()];
        let (mut g, mut t) = start(&s);
        assert!(legal(&g).contains(&mv(r, c)));
        answer(&mut g, &mut t, mv(r, c));
        assert_eq!(g.hero(0).pos, at(r, c));
        assert_eq!(g.cell(at(r, c)).sides, sides, "tile entered at ({r},{c})");
        g.check_invariants().unwrap();
    }
}

// --- 3. occupied chambers ------------------------------------------------------------------------

/// MOVING: a hero cannot enter a chamber held by another hero, except the treasure chamber.
#[test]
fn occupied_chamber_cannot_be_entered_except_treasure_chamber() {
    let (mut g, mut t) = setup(&["hugo", "krutzbeck"]);
    let s = g.active();
    let o = 1 - s;
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.room(&mut g, at(3, 4));
    g.put_hero(s, at(3, 3));
    g.put_hero(o, at(3, 4));
    assert_legal(&g, &[mv(2, 3), mv(4, 3), mv(3, 2), Choice::Search]);

    // The treasure chamber may hold both.
    tl.room(&mut g, at(3, 6));
    g.put_hero(s, at(3, 6));
    g.put_hero(o, TREASURE[1]);
    assert!(legal(&g).contains(&Choice::Move(TREASURE[0])));
    g.stack_deck(&[card_in(Deck::Dragon, "Sleeping")]);
    answer(&mut g, &mut t, Choice::Move(TREASURE[0]));
    assert_eq!(g.hero(s).pos, TREASURE[0]);
    assert_eq!(g.hero(o).pos, TREASURE[0]);
    assert_eq!(g.hero(s).stats.dragon_draws, 1);
    // The other hero's turn, in the treasure chamber too.
    expect(&g, o, DecisionKind::Action);
    assert!(legal(&g).contains(&Choice::DrawDragon));
    g.check_invariants().unwrap();
}

// --- 4. doors --------------------------------------------------------------------------------------

/// A hero on (3,3) with a door on his east hall, and a four-hall room on (3,4).
fn door_east(far_door: bool) -> (Game<'static>, Trace) {
    let mut tl = Tiles::default();
    let mut s = quiet_setup(&["hugo"]);
    s.tiles = vec![
        // (Door, Hall, Hall, Hall) with the arrow west: the door faces east.
        tl.laid(at(3, 3), TileKind::DungeonRoom, [D, H, H, H], Dir::West),
        if far_door {
            // The same layout with the arrow east: its door faces west, onto the same hall.
            tl.laid(at(3, 4), TileKind::DungeonRoom, [D, H, H, H], Dir::East)
        } else {
            tl.laid(at(3, 4), TileKind::DungeonRoom, [H, H, H, H], Dir::South)
        },
    ];
    s.heroes[0].at = Some(at(3, 3));
    let (g, t) = start(&s);
    if far_door {
        assert_eq!(g.cell(at(3, 4)).sides, [H, H, H, D]);
    }
    assert_eq!(g.cell(at(3, 3)).sides, [H, D, H, H]);
    (g, t)
}

/// DOOR: one door card; Door Opens lets the hero through, Door Jammed keeps him and ends the
/// turn, Spear Trap wounds him 1d6 and keeps him; two doors on one hall take ONE door card.
#[test]
fn door_draws_one_card_and_follows_it() {
    // Door Opens.
    let (mut g, mut t) = door_east(false);
    let doors = g.deck_len(Deck::Door);
    g.stack_deck(&[card_in(Deck::Door, "Door Opens")]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(last_discard(&g, Deck::Door), Some(card_in(Deck::Door, "Door Opens")));
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(last_discard(&g, Deck::Dungeon), Some(empty_dungeon()));
    g.check_invariants().unwrap();

    // Door Jammed: stays, the turn ends.
    let (mut g, mut t) = door_east(false);
    let (doors, dungeon) = (g.deck_len(Deck::Door), g.deck_len(Deck::Dungeon));
    g.stack_deck(&[card_in(Deck::Door, "Door Jammed")]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(last_discard(&g, Deck::Door), Some(card_in(Deck::Door, "Door Jammed")));
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon);
    assert_eq!(g.hero(0).wounds, 0);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Spear Trap: 1d6 wounds, stays.
    let (mut g, mut t) = door_east(false);
    let doors = g.deck_len(Deck::Door);
    g.stack_deck(&[card_in(Deck::Door, "Spear Trap")]);
    g.force_dice(&[4]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(g.hero(0).wounds, 4);
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Two doors on the same hall: one card. (A second card would be the Jammed one.)
    let (mut g, mut t) = door_east(true);
    let doors = g.deck_len(Deck::Door);
    g.stack_deck(&[card_in(Deck::Door, "Door Opens"), card_in(Deck::Door, "Door Jammed")]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(g.hero(0).pos, at(3, 4));
    g.check_invariants().unwrap();
}

// --- 5. portcullises -------------------------------------------------------------------------------

/// PORTCULLIS: a Strength test; failure ends the turn (and earns a determination token);
/// a door and a portcullis in one hall are overcome in order from the hero's side.
#[test]
fn portcullis_needs_strength_test_and_barriers_go_in_order() {
    // Hugo: Strength 7. Portcullis on the hero's east hall.
    let portcullis_east = || {
        let (mut g, t) = setup(&["hugo"]);
        let mut tl = Tiles::default();
        tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [H, H, P, H], Dir::East);
        assert_eq!(g.cell(at(3, 3)).sides, [H, P, H, H]);
        tl.room(&mut g, at(3, 4));
        g.put_hero(0, at(3, 3));
        (g, t)
    };
    // Pass: 3 + 4 = 7.
    let (mut g, mut t) = portcullis_east();
    g.force_dice(&[3, 4]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(g.hero(0).determination, 0);
    g.check_invariants().unwrap();
    // Fail: 4 + 4 = 8.
    let (mut g, mut t) = portcullis_east();
    let dungeon = g.deck_len(Deck::Dungeon);
    g.force_dice(&[4, 4]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.hero(0).determination, 1);
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Door (hero's side) then portcullis (far side).
    let door_then_portcullis = || {
        let (mut g, t) = setup(&["hugo"]);
        let mut tl = Tiles::default();
        tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [D, H, H, H], Dir::West);
        tl.lay(&mut g, at(3, 4), TileKind::DungeonRoom, [H, H, P, H], Dir::West);
        assert_eq!(g.cell(at(3, 3)).sides[Dir::East as usize], D);
        assert_eq!(g.cell(at(3, 4)).sides[Dir::West as usize], P);
        g.put_hero(0, at(3, 3));
        (g, t)
    };
    // A jammed door stops the hero before the portcullis: no test.
    let (mut g, mut t) = door_then_portcullis();
    let doors = g.deck_len(Deck::Door);
    g.stack_deck(&[card_in(Deck::Door, "Door Jammed")]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(tests_rolled(&t), 0);
    assert_eq!(g.hero(0).determination, 0);
    assert_eq!(g.hero(0).pos, at(3, 3));
    g.check_invariants().unwrap();
    // The door opens, then the portcullis holds.
    let (mut g, mut t) = door_then_portcullis();
    g.stack_deck(&[card_in(Deck::Door, "Door Opens")]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).determination, 1);
    assert_eq!(g.hero(0).pos, at(3, 3));
    g.check_invariants().unwrap();
    // Both overcome.
    let (mut g, mut t) = door_then_portcullis();
    g.stack_deck(&[card_in(Deck::Door, "Door Opens")]);
    g.force_dice(&[1, 1]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.deck_len(Deck::Door), doors - 1);
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 4));
    g.check_invariants().unwrap();

    // Portcullis (hero's side) then door (far side): a failed test stops him before the door.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [H, H, P, H], Dir::East);
    tl.lay(&mut g, at(3, 4), TileKind::DungeonRoom, [D, H, H, H], Dir::East);
    assert_eq!(g.cell(at(3, 4)).sides[Dir::West as usize], D);
    g.put_hero(0, at(3, 3));
    let doors = g.deck_len(Deck::Door);
    g.stack_deck(&[card_in(Deck::Door, "Door Opens")]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.deck_len(Deck::Door), doors);
    assert_eq!(g.hero(0).determination, 1);
    assert_eq!(g.hero(0).pos, at(3, 3));
    g.check_invariants().unwrap();
}

// --- 6. corridors ------------------------------------------------------------------------------------

/// CORRIDOR: entering moves again at once ignoring doors and portcullises, not back through
/// the entry hall unless every other hall is blocked (a dead-end corridor sends the hero back).
#[test]
fn corridor_moves_again_ignoring_barriers_not_back_through_entry() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::Corridor, [H, H, H, H], Dir::West);
    // North of the corridor: a door on the hall between them.
    tl.lay(&mut g, at(2, 4), TileKind::DungeonRoom, [D, H, H, H], Dir::North);
    assert_eq!(g.cell(at(2, 4)).sides[Dir::South as usize], D);
    // East: a portcullis on the hall between them.
    tl.lay(&mut g, at(3, 5), TileKind::DungeonRoom, [H, H, P, H], Dir::West);
    assert_eq!(g.cell(at(3, 5)).sides[Dir::West as usize], P);
    g.put_hero(0, at(3, 3));
    answer(&mut g, &mut t, mv(3, 4));
    expect(&g, 0, DecisionKind::MoveAgain);
    assert_eq!(g.hero(0).pos, at(3, 4));
    // Not back west through the entry hall; south is unexplored.
    assert_legal(&g, &[mv(2, 4), mv(3, 5), mv(4, 4)]);
    let doors = g.deck_len(Deck::Door);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(2, 4));
    assert_eq!(g.hero(0).pos, at(2, 4));
    assert_eq!(g.deck_len(Deck::Door), doors);
    assert_eq!(last_discard(&g, Deck::Dungeon), Some(empty_dungeon()));
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();

    // Portcullis ignored too.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::Corridor, [H, W, H, W], Dir::West);
    tl.lay(&mut g, at(3, 5), TileKind::DungeonRoom, [H, H, P, H], Dir::West);
    g.put_hero(0, at(3, 3));
    g.force_dice(&[6, 6]);
    stack_empty(&mut g);
    // The only way on is east: the engine takes it.
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(tests_rolled(&t), 0);
    assert_eq!(g.hero(0).pos, at(3, 5));
    g.check_invariants().unwrap();

    // Dead-end corridor: its far hall abuts a wall, so the hero goes back through the entry.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::Corridor, [H, W, H, W], Dir::West);
    assert_eq!(g.cell(at(3, 4)).sides, [W, H, W, H]);
    // (Hall, Hall, Hall, Wall) with the arrow south: wall on the west.
    tl.lay(&mut g, at(3, 5), TileKind::DungeonRoom, [H, H, H, W], Dir::South);
    g.put_hero(0, at(3, 3));
    let dungeon = g.deck_len(Deck::Dungeon);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.hero(0).pos, at(3, 3));
    // Back in the room: it is resolved again.
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon - 1);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

// --- 7. chamber of darkness ----------------------------------------------------------------------------

/// CHAMBER OF DARKNESS: entering moves again at once, ignoring doors and portcullises, through
/// the hall the die picks (open halls only); starting a turn there, the die picks the way out.
#[test]
fn chamber_of_darkness_moves_through_random_open_hall() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    // (Wall, Hall, Hall, Hall) with the arrow west: open north, south and west; wall east.
    tl.lay(&mut g, at(3, 4), TileKind::ChamberOfDarkness, [W, H, H, H], Dir::West);
    assert_eq!(g.cell(at(3, 4)).sides, [H, W, H, H]);
    tl.room(&mut g, at(2, 4));
    // South of it a door on the hall between them (ignored).
    tl.lay(&mut g, at(4, 4), TileKind::DungeonRoom, [D, H, H, H], Dir::South);
    assert_eq!(g.cell(at(4, 4)).sides[Dir::North as usize], D);
    g.put_hero(0, at(3, 3));
    let doors = g.deck_len(Deck::Door);
    // Open halls clockwise from north: (2,4), (4,4), (3,3). A 2 picks the second.
    g.force_dice(&[2]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.hero(0).pos, at(4, 4));
    assert_eq!(g.deck_len(Deck::Door), doors);
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();

    // Starting a turn in the darkness: the only move is the die's.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.lay(&mut g, at(3, 4), TileKind::ChamberOfDarkness, [W, H, H, H], Dir::West);
    tl.room(&mut g, at(2, 4));
    tl.room(&mut g, at(4, 4));
    tl.room(&mut g, at(3, 3));
    g.put_hero(0, at(3, 4));
    assert_legal(&g, &[Choice::MoveDark]);
    g.force_dice(&[1]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, Choice::MoveDark);
    assert_eq!(g.hero(0).pos, at(2, 4));
    g.check_invariants().unwrap();
}

// --- 8. spider web ----------------------------------------------------------------------------------------

/// A hero on (3,3) next to a spider web on (3,4) (entry arrow west) with rooms all around it.
fn web() -> (Game<'static>, Trace) {
    let (mut g, t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::SpiderWeb, [H, H, H, H], Dir::West);
    tl.room(&mut g, at(2, 4));
    tl.room(&mut g, at(3, 5));
    tl.room(&mut g, at(4, 4));
    g.put_hero(0, at(3, 3));
    (g, t)
}

/// SPIDER WEB: entering from a hall moves again; leaving by another hall needs a Strength
/// test (failure ends the turn in the web); a turn begun in the web needs the test for every move.
#[test]
fn spider_web_struggle_to_leave() {
    // Hugo: Strength 7.
    let (mut g, mut t) = web();
    answer(&mut g, &mut t, mv(3, 4));
    expect(&g, 0, DecisionKind::MoveAgain);
    assert_legal(&g, &[mv(2, 4), mv(3, 5), mv(4, 4), mv(3, 3)]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 5));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(g.hero(0).determination, 1);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);

    // Next turn: even the hall he came by needs the struggle (the token earned may be spent:
    // declined).
    assert_legal(&g, &[mv(2, 4), mv(3, 5), mv(4, 4), mv(3, 3)]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 3));
    expect(&g, 0, DecisionKind::TestFailed);
    answer(&mut g, &mut t, Choice::Done);
    assert_eq!(tests_rolled(&t), 2);
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(g.hero(0).determination, 2);
    assert_eq!(g.round(), 3);
    // Third turn: 1 + 2 passes.
    g.force_dice(&[1, 2]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 5));
    assert_eq!(tests_rolled(&t), 3);
    assert_eq!(g.hero(0).pos, at(3, 5));
    g.check_invariants().unwrap();

    // Entering from a hall, going back out through it needs no test.
    let (mut g, mut t) = web();
    answer(&mut g, &mut t, mv(3, 4));
    g.force_dice(&[6, 6]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 3));
    assert_eq!(tests_rolled(&t), 0);
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.hero(0).determination, 0);
    g.check_invariants().unwrap();
}

// --- 9. bridge ----------------------------------------------------------------------------------------------

/// A hero on (3,3) next to a bridge on (3,4) (entry west, far hall east to a room on (3,5)).
fn bridge(loot_cards: usize) -> (Game<'static>, Trace) {
    let (mut g, t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::Bridge, [H, W, H, W], Dir::West);
    tl.room(&mut g, at(3, 5));
    g.put_hero(0, at(3, 3));
    for i in 0..loot_cards {
        g.give_card(0, loot(i));
    }
    assert_eq!(g.loot_cards(0) as usize, loot_cards);
    (g, t)
}

/// BRIDGE: on entering, cross or end the turn; crossing: optional loot discards, then an
/// Agility test with +1 per loot card; success exits through the far hall; failure is 1d6
/// wounds and the catacombs.
#[test]
fn bridge_cross_or_end_turn_loot_weighs_on_the_test() {
    // End the turn on the bridge.
    let (mut g, mut t) = bridge(0);
    answer(&mut g, &mut t, mv(3, 4));
    expect(&g, 0, DecisionKind::Bridge);
    assert_legal(&g, &[Choice::Cross, Choice::EndTurn]);
    answer(&mut g, &mut t, Choice::EndTurn);
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    // Next turn: back the way he came, or across (the Agility test, no loot to discard).
    assert_legal(&g, &[mv(3, 3), mv(3, 5)]);
    g.force_dice(&[1, 1]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 5));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 5));
    g.check_invariants().unwrap();

    // Hugo: Agility 5. Dice 2 + 3 = 5: a pass only without loot.
    // Discard the loot, then cross.
    let (mut g, mut t) = bridge(2);
    answer(&mut g, &mut t, mv(3, 4));
    answer(&mut g, &mut t, Choice::Cross);
    expect(&g, 0, DecisionKind::BridgeDiscard);
    assert_legal(&g, &[Choice::Done, Choice::Card(loot(0)), Choice::Card(loot(1))]);
    answer(&mut g, &mut t, Choice::Card(loot(0)));
    expect(&g, 0, DecisionKind::BridgeDiscard);
    assert_legal(&g, &[Choice::Done, Choice::Card(loot(1))]);
    g.force_dice(&[2, 3]);
    stack_empty(&mut g);
    // The last loot card goes too: no decision left, the test follows.
    answer(&mut g, &mut t, Choice::Card(loot(1)));
    assert_eq!(g.loot_cards(0), 0);
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 5));
    assert_eq!(g.hero(0).wounds, 0);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    g.check_invariants().unwrap();

    // Keep one loot card: Agility + 1 fails; the fall costs 1d6 = 4 wounds. Two heroes, so
    // that the catacomb turns (a single choice each, taken by the engine) do not run on.
    let (mut g, mut t) = setup(&["hugo", "krutzbeck"]);
    let s = g.active();
    let o = 1 - s;
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::Bridge, [H, W, H, W], Dir::West);
    tl.room(&mut g, at(3, 5));
    g.put_hero(s, at(3, 3));
    g.give_card(s, loot(0));
    answer(&mut g, &mut t, mv(3, 4));
    answer(&mut g, &mut t, Choice::Cross);
    expect(&g, s, DecisionKind::BridgeDiscard);
    // Dice equal to the hero's Agility: only the loot card makes it a failure.
    let agility = rules().heroes[g.hero(s).hero as usize].attrs[1];
    g.force_dice(&[agility - 3, 3, 4]);
    answer(&mut g, &mut t, Choice::Done);
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.test_numbers(), (agility, agility + 1));
    assert_eq!(g.hero(s).wounds, 4);
    assert_eq!(g.hero(s).determination, 1);
    expect(&g, s, DecisionKind::TravelDirection);
    answer(&mut g, &mut t, Choice::Dir(Dir::North));
    assert_eq!(g.hero(s).status, HeroStatus::Catacombs);
    assert_eq!(g.hero(s).marker, at(3, 4));
    assert_eq!(g.hero(s).marker_dir, Dir::North);
    assert_eq!(g.hero(s).stats.catacomb_entries, 1);
    assert_eq!(g.loot_cards(s), 1);
    // His turn is over.
    expect(&g, o, DecisionKind::Action);
    g.check_invariants().unwrap();
}

/// END OF TURN: the end-of-action rune window (the Rune of Insight's) opens once the action's
/// steps are all done, before the next turn starts; a turn ended early (here on a bridge) drops
/// it; a rune used in it acts before the next turn. (The turn's end is the bottom of the
/// engine's task stack: this pins when it runs.)
#[test]
fn end_of_action_window_opens_at_the_turns_end_unless_the_turn_was_cut_short() {
    let (mut g, mut t) = bridge(0);
    let mut tl = Tiles::default();
    // `bridge` laid its three tiles from a fresh `Tiles`: skip them.
    tl.pick(TileKind::DungeonRoom, [H, H, H, H]);
    tl.pick(TileKind::Bridge, [H, W, H, W]);
    tl.pick(TileKind::DungeonRoom, [H, H, H, H]);
    tl.room(&mut g, at(2, 3));
    let insight = card_in(Deck::Rune, "Rune of Insight");
    g.give_rune(0, insight);
    expect(&g, 0, DecisionKind::Action);

    // Onto the bridge, then end the turn there: no window, the next turn starts.
    answer(&mut g, &mut t, mv(3, 4));
    expect(&g, 0, DecisionKind::Bridge);
    answer(&mut g, &mut t, Choice::EndTurn);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);

    // Back into a room with a harmless card: the window opens in the same round.
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 3));
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Rune);
    assert_legal(&g, &[Choice::No, Choice::Card(insight)]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.round(), 3);
    expect(&g, 0, DecisionKind::Action);

    // Again, using the rune this time: it leaves the hero before the next turn.
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(2, 3));
    assert_eq!(g.round(), 3);
    expect(&g, 0, DecisionKind::Rune);
    answer(&mut g, &mut t, Choice::Card(insight));
    assert!(g.hero(0).runes.is_empty());
    assert_eq!(g.round(), 4);
    expect(&g, 0, DecisionKind::Action);

    // No rune left: the next turn's end opens nothing.
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 3));
    assert_eq!(g.round(), 5);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

// --- 10. bottomless pit -------------------------------------------------------------------------------------

/// BOTTOMLESS PIT: a Luck test; success ends the turn there, failure kills the hero.
#[test]
fn bottomless_pit_luck_test_or_death() {
    let pit = || {
        let (mut g, t) = setup(&["hugo"]);
        let mut tl = Tiles::default();
        tl.room(&mut g, at(3, 3));
        tl.lay(&mut g, at(3, 4), TileKind::BottomlessPit, [H, W, H, W], Dir::West);
        tl.room(&mut g, at(3, 5));
        g.put_hero(0, at(3, 3));
        (g, t)
    };
    // Hugo: Luck 4. 1 + 2 passes.
    let (mut g, mut t) = pit();
    g.force_dice(&[1, 2]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
    // 6 + 6 fails: death.
    let (mut g, mut t) = pit();
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Pit));
    assert!(g.is_over());
    assert_eq!(g.winners(), 0);
    g.check_invariants().unwrap();
}

// --- 11. rotating chamber -------------------------------------------------------------------------------------

/// ROTATING CHAMBER: every entry turns it 180° and ends the turn ("Upon Entering" applies
/// "each time a hero enters the chamber"; docs/rulings.md); a rotation that walls the hero in
/// is a dead end. (This test used to pin the 2010 "only ever rotates once" in the Revised game.)
#[test]
fn rotating_chamber_turns_on_every_entry_and_can_trap() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    // One hall, at the entry arrow (west).
    tl.lay(&mut g, at(3, 4), TileKind::RotatingChamber, [W, W, H, W], Dir::West);
    assert_eq!(g.cell(at(3, 4)).sides, [W, W, W, H]);
    tl.room(&mut g, at(3, 5));
    g.put_hero(0, at(3, 3));
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    // Round 1 ends in the chamber, turned: its hall now faces east. In round 2 that hall is the
    // only action, taken by the engine; round 3 waits in (3,5).
    assert_eq!(rotations(&t), 1);
    assert_eq!(moves_to(&t), vec![at(3, 4), at(3, 5)]);
    assert_eq!(g.cell(at(3, 4)).sides, [W, H, W, W]);
    assert_eq!(g.hero(0).pos, at(3, 5));
    assert_eq!(g.round(), 3);
    expect(&g, 0, DecisionKind::Action);
    // Coming back turns it again and ends the turn: in round 4 the hall faces west, the only
    // way on, back into (3,3); round 5 waits there.
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(rotations(&t), 2);
    assert_eq!(g.cell(at(3, 4)).sides, [W, W, W, H]);
    assert_eq!(moves_to(&t), vec![at(3, 4), at(3, 5), at(3, 4), at(3, 3)]);
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.round(), 5);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Walled in: the hall turns to face a wall; the hero dies at his next action phase.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::RotatingChamber, [W, W, H, W], Dir::West);
    tl.lay(&mut g, at(3, 5), TileKind::DungeonRoom, [H, H, H, W], Dir::South);
    g.put_hero(0, at(3, 3));
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.cell(at(3, 4)).sides, [W, H, W, W]);
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::DeadEnd));
    assert_eq!(g.hero(0).stats.end_round, 2);
    assert_eq!(g.hero(0).stats.turns, 2);
    assert!(g.is_over());
    g.check_invariants().unwrap();
}

// --- 12. chasm -----------------------------------------------------------------------------------------------------

/// CHASM: only halls on the hero's side of the chasm can be used.
#[test]
fn chasm_only_halls_on_heros_side() {
    // The left chasm: top and right beyond the chasm. Arrow west: world north = left (near),
    // east = top (far), south = right (far), west = bottom (near).
    let chasm = |tl: &mut Tiles| tl.pick_where(|t| t.kind == TileKind::Chasm && t.part == [1, 1, 0, 0]);
    // Entered from the west (near part).
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    let c = chasm(&mut tl);
    tl.lay_this(&mut g, at(3, 4), c, Dir::West);
    g.put_hero(0, at(3, 3));
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(last_discard(&g, Deck::Dungeon), Some(empty_dungeon()));
    assert_eq!(g.round(), 2);
    assert_eq!(g.hero(0).part, 0);
    assert_legal(&g, &[mv(2, 4), mv(3, 3)]);
    g.check_invariants().unwrap();

    // Entered from the east (far part).
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 5));
    let c = chasm(&mut tl);
    tl.lay_this(&mut g, at(3, 4), c, Dir::West);
    g.put_hero(0, at(3, 5));
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.hero(0).part, 1);
    assert_legal(&g, &[mv(3, 5), mv(4, 4)]);
    g.check_invariants().unwrap();
}

// --- 13. cave-in ---------------------------------------------------------------------------------------------------

/// CAVE-IN: leaving through a hall beyond the rubble needs an Agility test; failure ends the
/// turn; halls on the hero's side need none.
#[test]
fn cave_in_agility_test_beyond_rubble() {
    let cave = || {
        let (mut g, mut t) = setup(&["hugo"]);
        let mut tl = Tiles::default();
        tl.room(&mut g, at(3, 3));
        // (Hall, Wall, Hall, Wall), rubble between bottom and top; arrow west: top faces east.
        let c = tl.pick_where(|t| t.kind == TileKind::CaveIn && t.sides == [H, W, H, W]);
        assert_eq!(rules().tiles[c as usize].part, [1, 0, 0, 0]);
        tl.lay_this(&mut g, at(3, 4), c, Dir::West);
        tl.room(&mut g, at(3, 5));
        g.put_hero(0, at(3, 3));
        stack_empty(&mut g);
        answer(&mut g, &mut t, mv(3, 4));
        assert_eq!(last_discard(&g, Deck::Dungeon), Some(empty_dungeon()));
        assert_eq!(g.round(), 2);
        assert_legal(&g, &[mv(3, 3), mv(3, 5)]);
        (g, t)
    };
    // Hugo: Agility 5. Beyond the rubble: 6 + 6 fails, then 1 + 1 passes.
    let (mut g, mut t) = cave();
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, mv(3, 5));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(3, 4));
    assert_eq!(g.hero(0).determination, 1);
    assert_eq!(g.round(), 3);
    expect(&g, 0, DecisionKind::Action);
    g.force_dice(&[1, 1]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 5));
    assert_eq!(tests_rolled(&t), 2);
    assert_eq!(g.hero(0).pos, at(3, 5));
    g.check_invariants().unwrap();

    // Back the way he came: no test.
    let (mut g, mut t) = cave();
    g.force_dice(&[6, 6]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 3));
    assert_eq!(tests_rolled(&t), 0);
    assert_eq!(g.hero(0).pos, at(3, 3));
    g.check_invariants().unwrap();
}

// --- 14. towers ----------------------------------------------------------------------------------------------------

/// TOWER CHAMBER: entering offers exit (only with loot), moving again, or a jump to another
/// free tower (once a turn); exiting takes the hero out; a turn begun in a tower with loot
/// may exit as its action.
#[test]
fn tower_exit_move_again_or_jump() {
    let (t0, t1, t2, t3) = (TOWERS[0], TOWERS[1], TOWERS[2], TOWERS[3]);
    // No loot: move again or jump, no exit.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(1, 0));
    g.put_hero(0, at(1, 0));
    answer(&mut g, &mut t, Choice::Move(t0));
    expect(&g, 0, DecisionKind::Tower);
    assert_eq!(g.hero(0).pos, t0);
    assert_legal(&g, &[mv(0, 1), mv(1, 0), Choice::Move(t1), Choice::Move(t2), Choice::Move(t3)]);
    // Jump to the far corner: the tower is resolved again, without a second jump.
    answer(&mut g, &mut t, Choice::Move(t3));
    expect(&g, 0, DecisionKind::Tower);
    assert_eq!(g.hero(0).pos, t3);
    assert_legal(&g, &[mv(8, 12), mv(9, 11)]);
    let next = tl.pick(TileKind::DungeonRoom, [H, H, H, H]);
    g.stack_tiles(&[next]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(9, 11));
    assert_eq!(g.hero(0).pos, at(9, 11));
    assert_eq!(g.cell(at(9, 11)).kind, Some(TileKind::DungeonRoom));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // A tower held by another hero is no jump target.
    let (mut g, mut t) = setup(&["hugo", "krutzbeck"]);
    let s = g.active();
    let mut tl = Tiles::default();
    tl.room(&mut g, at(1, 0));
    g.put_hero(s, at(1, 0));
    g.put_hero(1 - s, t3);
    answer(&mut g, &mut t, Choice::Move(t0));
    expect(&g, s, DecisionKind::Tower);
    assert_legal(&g, &[mv(0, 1), mv(1, 0), Choice::Move(t1), Choice::Move(t2)]);
    g.check_invariants().unwrap();

    // With loot: exit on entering; a solo game then ends.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(1, 0));
    g.put_hero(0, at(1, 0));
    g.give_card(0, loot(0));
    answer(&mut g, &mut t, Choice::Move(t0));
    expect(&g, 0, DecisionKind::Tower);
    assert_legal(&g, &[Choice::ExitDungeon, mv(0, 1), mv(1, 0), Choice::Move(t1), Choice::Move(t2), Choice::Move(t3)]);
    answer(&mut g, &mut t, Choice::ExitDungeon);
    assert_eq!(g.hero(0).status, HeroStatus::Exited);
    assert!(g.is_over());
    assert_eq!(g.winners(), 1);
    g.check_invariants().unwrap();

    // Starting the turn in a tower (the starting tower): exit only with loot.
    let (mut g, mut t) = setup(&["hugo"]);
    let start = g.hero(0).pos;
    assert!(TOWERS.contains(&start));
    assert!(!legal(&g).contains(&Choice::ExitDungeon));
    g.give_card(0, loot(0));
    assert!(legal(&g).contains(&Choice::ExitDungeon));
    answer(&mut g, &mut t, Choice::ExitDungeon);
    assert_eq!(g.hero(0).status, HeroStatus::Exited);
    assert!(g.is_over());
    assert_eq!(g.winners(), 1);
    g.check_invariants().unwrap();
}

// --- 15. searching ---------------------------------------------------------------------------------------------------

/// SEARCHING: only in a chamber with a torch icon, no search token and no monster token; a
/// search places a search token, so a chamber is searched once per game.
#[test]
fn searching_needs_torch_no_tokens_and_happens_once() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    // No torch: a trap chamber and a corridor.
    tl.lay(&mut g, at(5, 5), TileKind::TrapChamber, [H, H, H, H], Dir::South);
    tl.lay(&mut g, at(7, 7), TileKind::Corridor, [H, H, H, H], Dir::South);
    // A torch room with a monster token.
    tl.room(&mut g, at(7, 2));
    g.set_monster_token(at(7, 2), true);
    for (c, torch) in [(at(5, 5), false), (at(7, 7), false), (at(7, 2), true)] {
        g.put_hero(0, c);
        assert_eq!(g.cell(c).torch, torch);
        assert!(!legal(&g).contains(&Choice::Search), "search offered on {c}");
    }
    g.put_hero(0, at(3, 3));
    assert!(g.cell(at(3, 3)).torch && !g.cell(at(3, 3)).searched);
    assert!(legal(&g).contains(&Choice::Search));
    let empty = card_in(Deck::Search, "Empty");
    g.stack_deck(&[empty]);
    let search = g.deck_len(Deck::Search);
    answer(&mut g, &mut t, Choice::Search);
    assert_eq!(g.deck_len(Deck::Search), search - 1);
    assert_eq!(last_discard(&g, Deck::Search), Some(empty));
    assert!(g.cell(at(3, 3)).searched);
    assert_eq!(g.hero(0).stats.searches, 1);
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    assert!(!legal(&g).contains(&Choice::Search));
    assert_legal(&g, &[mv(2, 3), mv(3, 4), mv(4, 3), mv(3, 2)]);
    g.check_invariants().unwrap();
}

// --- 16. dead end ----------------------------------------------------------------------------------------------------

/// DEAD END: a hero who cannot move, search or enter the catacombs dies; a catacomb entrance
/// saves him.
#[test]
fn dead_end_kills_hero_without_move_search_or_catacombs() {
    let walled_in = |stairs: bool| {
        let (mut g, t) = setup(&["hugo"]);
        let mut tl = Tiles::default();
        tl.room(&mut g, at(3, 3));
        // A one-hall room (torch), hall toward the hero.
        let d = tl.pick_where(|t| t.kind == TileKind::DungeonRoom && t.sides == [W, W, H, W] && t.stairs == stairs);
        tl.lay_this(&mut g, at(3, 4), d, Dir::West);
        // Every other neighbour turns a wall toward it.
        tl.lay(&mut g, at(2, 4), TileKind::DungeonRoom, [W, H, H, H], Dir::North);
        tl.lay(&mut g, at(4, 4), TileKind::DungeonRoom, [W, H, H, H], Dir::South);
        tl.lay(&mut g, at(3, 5), TileKind::DungeonRoom, [H, H, H, W], Dir::South);
        assert_eq!(g.cell(at(2, 4)).sides[Dir::South as usize], W);
        assert_eq!(g.cell(at(4, 4)).sides[Dir::North as usize], W);
        assert_eq!(g.cell(at(3, 5)).sides[Dir::West as usize], W);
        g.put_hero(0, at(3, 3));
        // Entering, the ceiling collapses: the room turns a quarter and its hall hits a wall.
        g.stack_deck(&[card_in(Deck::Dungeon, "Ceiling Collapses")]);
        g.stack_deck(&[card_in(Deck::Search, "Empty")]);
        (g, t)
    };
    // No stairs: the only action left is a search (taken by the engine); then nothing: death.
    let (mut g, mut t) = walled_in(false);
    answer(&mut g, &mut t, mv(3, 4));
    assert!(g.cell(at(3, 4)).searched);
    assert_eq!(g.hero(0).stats.searches, 1);
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::DeadEnd));
    assert_eq!(g.hero(0).stats.end_round, 3);
    assert!(g.is_over());
    g.check_invariants().unwrap();

    // Printed stairs: search or go down; after the search, the catacombs remain.
    let (mut g, mut t) = walled_in(true);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    assert_legal(&g, &[Choice::Search, Choice::EnterCatacombs]);
    answer(&mut g, &mut t, Choice::Search);
    // Round 3: entering the catacombs is the only action (taken by the engine).
    assert_eq!(g.round(), 3);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    expect(&g, 0, DecisionKind::TravelDirection);
    g.check_invariants().unwrap();
}

// --- 17. secret door -------------------------------------------------------------------------------------------------

/// Secret Door (search card): the hero may move into any adjacent space, walls ignored.
#[test]
fn secret_door_moves_through_walls() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    // Halls north and south only.
    tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [H, W, H, W], Dir::South);
    // East: its west side is a wall as well.
    tl.lay(&mut g, at(3, 4), TileKind::DungeonRoom, [H, H, H, W], Dir::South);
    g.put_hero(0, at(3, 3));
    assert_legal(&g, &[mv(2, 3), mv(4, 3), Choice::Search]);
    g.stack_deck(&[card_in(Deck::Search, "Secret Door")]);
    answer(&mut g, &mut t, Choice::Search);
    expect(&g, 0, DecisionKind::SecretDoor);
    assert_legal(&g, &[Choice::No, mv(2, 3), mv(3, 4), mv(4, 3), mv(3, 2)]);
    let dungeon = g.deck_len(Deck::Dungeon);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.hero(0).pos, at(3, 4));
    // The new chamber is resolved.
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon - 1);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Declining keeps the hero where he is.
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [H, W, H, W], Dir::South);
    g.put_hero(0, at(3, 3));
    g.stack_deck(&[card_in(Deck::Search, "Secret Door")]);
    answer(&mut g, &mut t, Choice::Search);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.hero(0).pos, at(3, 3));
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();
}

// --- 18. ways back and forced loops (issue 21) ----------------------------------------------------------------------

/// CORRIDOR: "You cannot exit the chamber through the hall by which you entered unless all
/// other halls are blocked". A dead-end corridor sends the hero back through its entry hall even
/// into a corridor entered earlier in the turn (docs/rulings.md), and that corridor then sends
/// him on through its other hall: room → corridor → dead-end corridor → corridor → room, resolved.
#[test]
fn dead_end_corridor_sends_the_hero_back_into_a_chamber_entered_this_turn() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    tl.lay(&mut g, at(3, 4), TileKind::Corridor, [H, W, H, W], Dir::West);
    tl.lay(&mut g, at(3, 5), TileKind::Corridor, [H, W, H, W], Dir::West);
    assert_eq!(g.cell(at(3, 5)).sides, [W, H, W, H]);
    // East of the second corridor a room whose west side is a wall.
    tl.lay(&mut g, at(3, 6), TileKind::DungeonRoom, [H, H, H, W], Dir::South);
    assert_eq!(g.cell(at(3, 6)).sides[Dir::West as usize], W);
    g.put_hero(0, at(3, 3));
    let dungeon = g.deck_len(Deck::Dungeon);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(moves_to(&t), vec![at(3, 4), at(3, 5), at(3, 4), at(3, 3)]);
    assert_eq!(g.hero(0).pos, at(3, 3));
    // The room is resolved again; the turn is over.
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon - 1);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

/// The way back after a tower jump: tower → jump → dead-end corridor → back into the tower
/// entered this turn, which is resolved again (exit or move on, no second jump).
#[test]
fn dead_end_corridor_after_a_tower_jump_leads_back_into_the_tower() {
    let (t0, t3) = (TOWERS[0], TOWERS[3]);
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(1, 0));
    // North of the far tower: a corridor whose far hall meets a room's wall.
    tl.lay(&mut g, at(8, 12), TileKind::Corridor, [H, W, H, W], Dir::South);
    assert_eq!(g.cell(at(8, 12)).sides, [H, W, H, W]);
    tl.lay(&mut g, at(7, 12), TileKind::DungeonRoom, [W, H, H, H], Dir::North);
    assert_eq!(g.cell(at(7, 12)).sides[Dir::South as usize], W);
    g.put_hero(0, at(1, 0));
    g.give_card(0, loot(0));
    answer(&mut g, &mut t, Choice::Move(t0));
    answer(&mut g, &mut t, Choice::Move(t3));
    expect(&g, 0, DecisionKind::Tower);
    answer(&mut g, &mut t, mv(8, 12));
    // Back in the tower: it is resolved again; the corridor, entered this turn, is no way on.
    assert_eq!(moves_to(&t), vec![t0, t3, at(8, 12), t3]);
    expect(&g, 0, DecisionKind::Tower);
    assert_legal(&g, &[Choice::ExitDungeon, mv(9, 11)]);
    answer(&mut g, &mut t, Choice::ExitDungeon);
    assert_eq!(g.hero(0).status, HeroStatus::Exited);
    g.check_invariants().unwrap();
}

/// Two dead-end corridors facing each other, the first one entered without a hall (the hero
/// stands in it at the start of his turn): read literally, the rules send him to and fro for
/// ever. The way back may re-enter a chamber once a turn (docs/rulings.md): he goes there,
/// back, there again, and stops; the turn ends.
#[test]
fn facing_dead_end_corridors_do_not_loop_for_ever() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    // West of the first corridor: a room whose east side is a wall.
    tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [H, H, H, W], Dir::North);
    assert_eq!(g.cell(at(3, 3)).sides[Dir::East as usize], W);
    tl.lay(&mut g, at(3, 4), TileKind::Corridor, [H, W, H, W], Dir::West);
    tl.lay(&mut g, at(3, 5), TileKind::Corridor, [H, W, H, W], Dir::West);
    tl.lay(&mut g, at(3, 6), TileKind::DungeonRoom, [H, H, H, W], Dir::South);
    assert_eq!(g.cell(at(3, 6)).sides[Dir::West as usize], W);
    g.put_hero(0, at(3, 4));
    assert_legal(&g, &[mv(3, 5)]);
    answer(&mut g, &mut t, mv(3, 5));
    // Every later turn has one answer (the corridor's only way, back), which the engine takes:
    // the game runs on until the sun sets, each turn the same three moves.
    let mut turns: Vec<Vec<Cell>> = Vec::new();
    for e in &t.events {
        match *e {
            Event::TurnStart { seat: 0, .. } => turns.push(Vec::new()),
            Event::Moved { seat: 0, to, .. } => turns.last_mut().unwrap().push(to),
            _ => {}
        }
    }
    assert_eq!(turns[0], vec![at(3, 5), at(3, 4), at(3, 5)]);
    assert_eq!(turns[1], vec![at(3, 4), at(3, 5), at(3, 4)]);
    assert!(turns.len() > 20);
    assert!(turns.iter().all(|m| m.len() == 3), "{turns:?}");
    assert!(g.is_over());
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Sunset));
    g.check_invariants().unwrap();
}

/// Forced loops between a chamber of darkness and a rotating chamber: the rotating chamber
/// turns on every entry and ends the turn, so a die that keeps sending the hero back into it
/// costs him turns, never an endless turn. "Move again" may re-enter the chamber the turn began
/// in (it was not entered this turn), but nothing entered during the turn.
#[test]
fn darkness_and_rotating_chamber_loops_end_every_turn() {
    let (mut g, mut t) = setup(&["hugo"]);
    let mut tl = Tiles::default();
    let (a, d1, r, d2) = (at(3, 3), at(3, 4), at(3, 5), at(3, 6));
    tl.room(&mut g, a);
    // Darkness west of the rotating chamber: open east and west (north walled off by a room).
    tl.lay(&mut g, d1, TileKind::ChamberOfDarkness, [W, H, H, H], Dir::North);
    assert_eq!(g.cell(d1).sides, [H, H, W, H]);
    tl.lay(&mut g, at(2, 4), TileKind::DungeonRoom, [W, W, H, W], Dir::North);
    assert_eq!(g.cell(at(2, 4)).sides[Dir::South as usize], W);
    // The rotating chamber: its one hall west, toward the darkness.
    tl.lay(&mut g, r, TileKind::RotatingChamber, [W, W, H, W], Dir::West);
    assert_eq!(g.cell(r).sides, [W, W, W, H]);
    // Darkness east of it: open west and south.
    tl.lay(&mut g, d2, TileKind::ChamberOfDarkness, [W, H, H, W], Dir::West);
    assert_eq!(g.cell(d2).sides, [W, W, H, H]);
    tl.room(&mut g, at(4, 6));
    g.put_hero(0, a);
    // Darkness 1 picks among east (the rotating chamber) and west (the room): die 1 = east.
    // Darkness 2 among south and west (the rotating chamber): die 2 = west. The last die, 2,
    // sends the hero from darkness 1 back into the room.
    g.force_dice(&[1, 2, 1, 2, 2]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    // Round 1: room → darkness 1 → rotating chamber (turns east), turn over. Rounds 2-4: the
    // one hall out, a darkness, the die back in, turned again. Round 5: out west, darkness 1
    // back into the room (resolved). Round 6 waits there.
    assert_eq!(moves_to(&t), vec![d1, r, d2, r, d1, r, d2, r, d1, a]);
    assert_eq!(rotations(&t), 4);
    assert_eq!(g.cell(r).sides, [W, W, W, H]);
    assert_eq!(g.hero(0).pos, a);
    assert_eq!(g.round(), 6);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

/// Solo escape into a tower (docs/rulings.md): the tower's "Upon Entering" applies however it
/// was entered, so the hero may exit (holding a treasure card), move again, or jump to another
/// tower and go on from there (exit or move again; no second jump). The chamber escaped from,
/// entered this turn, is no "move again" target.
#[test]
fn solo_escape_into_a_tower_then_jump_and_move_again() {
    let (t0, t1, t2, t3) = (TOWERS[0], TOWERS[1], TOWERS[2], TOWERS[3]);
    let (mut g, mut t) = quiet_game(&["lindel"], &["solo"]);
    let mut tl = Tiles::default();
    let (a, b) = (at(2, 0), at(1, 0));
    tl.room(&mut g, a);
    tl.room(&mut g, b);
    g.put_hero(0, a);
    g.give_card(0, card_in(Deck::Treasure, "Ebon Ring"));
    // Entering B: an ambush by a troll.
    g.stack_deck(&[card_in(Deck::Dungeon, "Ambush")]);
    g.stack_deck(&[monster("Troll", 4, 3)]);
    answer(&mut g, &mut t, mv(1, 0));
    expect(&g, 0, DecisionKind::SoloEscape);
    g.force_dice(&[1, 2]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, 0, DecisionKind::EscapeTo);
    assert!(legal(&g).contains(&Choice::Move(t0)));
    answer(&mut g, &mut t, Choice::Move(t0));
    // The tower is resolved: exit, move again (not back into B), or jump.
    expect(&g, 0, DecisionKind::Tower);
    assert!(g.cell(b).monster, "the token stays where the hero escaped");
    assert_legal(&g, &[Choice::ExitDungeon, mv(0, 1), Choice::Move(t1), Choice::Move(t2), Choice::Move(t3)]);
    answer(&mut g, &mut t, Choice::Move(t3));
    expect(&g, 0, DecisionKind::Tower);
    assert_legal(&g, &[Choice::ExitDungeon, mv(8, 12), mv(9, 11)]);
    let next = tl.pick(TileKind::DungeonRoom, [H, H, H, H]);
    g.stack_tiles(&[next]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, mv(9, 11));
    assert_eq!(moves_to(&t), vec![b, t0, t3, at(9, 11)]);
    // The room reached is resolved (the ambush card is discarded after it).
    assert!(g.discard_pile(Deck::Dungeon).any(|c| c == empty_dungeon()));
    assert_eq!(g.hero(0).stats.escapes, 1);
    assert_eq!(g.round(), 2);
    expect(&g, 0, DecisionKind::Action);
}

// --- 18. escapes keep to the hero's side; a secret door's "no escape" (issue 21) ----------------------------------

/// Lindel (seat 1, first to play) on (3,3) with runes that stay idle here (Hugo, seat 0, plays
/// the monster). `solo`: Hugo alone instead.
fn fight_scene(solo: bool) -> (Game<'static>, Trace, u8) {
    let (mut g, t) = if solo { quiet_game(&["hugo"], &["solo"]) } else { quiet_game(&["hugo", "lindel"], &[]) };
    let seat = g.active();
    for s in 0..g.seats() {
        let name = if s == seat { "Life Drain Rune" } else { "Rune of Dragonfire" };
        g.give_rune(s, card_in(Deck::Rune, name));
    }
    (g, t, seat)
}

/// The next dungeon card is an Ambush bringing out a Troll (life 4, escape penalty 3).
fn stack_ambush(g: &mut Game<'static>) {
    g.stack_deck(&[card_in(Deck::Dungeon, "Ambush")]);
    g.stack_deck(&[monster("Troll", 4, 3)]);
}

/// One multiplayer round the hero survives: Magic against Ranged (monster 1, hero 0).
fn survive_round(g: &mut Game<'static>, t: &mut Trace, seat: u8) {
    expect(g, seat, DecisionKind::HeroCombatCard);
    answer(g, t, Choice::Combat(dq_engine::data::CombatCard::Magic));
    answer(g, t, Choice::Combat(dq_engine::data::CombatCard::Ranged));
}

/// Where the escapes went.
fn escaped_to(t: &Trace) -> Vec<Cell> {
    t.events.iter().filter_map(|e| if let Event::Escaped { to, .. } = *e { Some(to) } else { None }).collect()
}

/// ESCAPING COMBAT moves to an adjacent explored chamber, but only on the hero's side of a split
/// chamber, as every move: never across a chasm, nor across a cave-in's rubble (which a move
/// crosses only by a test the escape does not make). Solo escapes likewise.
#[test]
fn escape_keeps_to_the_heros_side_of_a_chasm_or_cave_in() {
    // Chasm (top and right beyond it), arrow west: north and west near, east and south far.
    let (mut g, mut t, seat) = fight_scene(false);
    let mut tl = Tiles::default();
    tl.room(&mut g, at(3, 3));
    let c = tl.pick_where(|t| t.kind == TileKind::Chasm && t.part == [1, 1, 0, 0]);
    tl.lay_this(&mut g, at(3, 4), c, Dir::West);
    for c in [at(2, 4), at(3, 5), at(4, 4)] {
        tl.room(&mut g, c);
    }
    g.put_hero(seat, at(3, 3));
    stack_ambush(&mut g);
    answer(&mut g, &mut t, mv(3, 4));
    assert_eq!(g.hero(seat).part, 0);
    survive_round(&mut g, &mut t, seat);
    expect(&g, seat, DecisionKind::Escape);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, seat, DecisionKind::EscapeTo);
    assert_legal(&g, &[mv(3, 3), mv(2, 4)]);
    answer(&mut g, &mut t, mv(2, 4));
    assert_eq!(g.hero(seat).pos, at(2, 4));
    g.check_invariants().unwrap();

    // Cave-in (rubble before the top hall), arrow west: the east hall is beyond the rubble.
    let cave = |solo: bool| {
        let (mut g, mut t, seat) = fight_scene(solo);
        let mut tl = Tiles::default();
        tl.room(&mut g, at(3, 3));
        let c = tl.pick_where(|t| t.kind == TileKind::CaveIn && t.sides == [H, W, H, W]);
        tl.lay_this(&mut g, at(3, 4), c, Dir::West);
        tl.room(&mut g, at(3, 5));
        g.put_hero(seat, at(3, 3));
        stack_ambush(&mut g);
        answer(&mut g, &mut t, mv(3, 4));
        (g, t, seat)
    };
    let (mut g, mut t, seat) = cave(false);
    survive_round(&mut g, &mut t, seat);
    expect(&g, seat, DecisionKind::Escape);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Yes);
    // One way out on his side: taken at once, no test for the rubble.
    assert_eq!(escaped_to(&t), vec![at(3, 3)]);
    assert_eq!(g.hero(seat).pos, at(3, 3));
    assert_eq!(tests_rolled(&t), 1, "the escape's Agility test only");
    g.check_invariants().unwrap();

    // Solo: the escape before combat, out through a hall on his side only.
    let (mut g, mut t, seat) = cave(true);
    expect(&g, seat, DecisionKind::SoloEscape);
    g.force_dice(&[1, 1]);
    stack_empty(&mut g);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(escaped_to(&t), vec![at(3, 3)]);
    assert_eq!(g.hero(seat).pos, at(3, 3));
    g.check_invariants().unwrap();
}

/// Secret Door: "a monster met there cannot be escaped" is about the chamber the secret door
/// leads to, not every chamber entered later in the turn.
#[test]
fn a_secret_doors_no_escape_is_only_for_the_chamber_it_leads_to() {
    let scene = |second: bool| {
        let (mut g, mut t, seat) = fight_scene(false);
        let mut tl = Tiles::default();
        // Halls north and south only: east is a wall.
        tl.lay(&mut g, at(3, 3), TileKind::DungeonRoom, [H, W, H, W], Dir::South);
        if second {
            // A corridor behind the wall (its west end walled off by the room), then a room.
            tl.lay(&mut g, at(3, 4), TileKind::Corridor, [H, W, H, W], Dir::West);
            tl.room(&mut g, at(3, 5));
        } else {
            tl.room(&mut g, at(3, 4));
            tl.room(&mut g, at(2, 4));
        }
        g.put_hero(seat, at(3, 3));
        g.stack_deck(&[card_in(Deck::Search, "Secret Door")]);
        answer(&mut g, &mut t, Choice::Search);
        expect(&g, seat, DecisionKind::SecretDoor);
        stack_ambush(&mut g);
        answer(&mut g, &mut t, mv(3, 4));
        (g, t, seat)
    };
    // The monster met behind the secret door: no escape, though a chamber is next door.
    let (mut g, mut t, seat) = scene(false);
    assert_eq!(g.hero(seat).pos, at(3, 4));
    survive_round(&mut g, &mut t, seat);
    expect(&g, seat, DecisionKind::HeroCombatCard);
    g.check_invariants().unwrap();

    // Through the corridor (forced on) into the next room: its monster may be escaped.
    let (mut g, mut t, seat) = scene(true);
    assert_eq!(g.hero(seat).pos, at(3, 5));
    survive_round(&mut g, &mut t, seat);
    expect(&g, seat, DecisionKind::Escape);
    g.check_invariants().unwrap();
}
