//! The worked examples of the Revised Rules Reference (2014; /work/shared/rules/000_…txt),
//! each set up with laid and stacked tiles and stacked cards, asserting the outcome the text
//! states.
//!
//! The Rules Reference holds one worked example, the TORCHLIGHT EXAMPLE. Its only other use
//! of the word is the caption "Examples of catacomb entrances printed on tiles" (CATACOMB
//! ENTRANCE), pinned here too. The rest of its rules are pinned by the `rules_*` tests.

mod common;
use common::*;
use dq_engine::board::Dir;
use dq_engine::data::TileKind;
use dq_engine::*;

/// TORCHLIGHT EXAMPLE: "Krutzbeck has entered a corridor chamber with two exit halls (A). He
/// chooses a hall (B), draws a tile, and places it so the entry arrow is adjacent to the hall
/// he chose. Then, he does the same for the other hall (C). Finally, Krutzbeck must resolve the
/// effects of the corridor chamber he entered."
///
/// Krutzbeck moves east from a room into an unexplored space and draws a corridor with three
/// halls: the one he came through and two exit halls (north and east). A tile goes beyond each
/// exit hall, entry arrow toward the corridor, before the corridor resolves: he must move
/// again, through either new chamber (not back through the hall he entered by).
/// Engine decision (docs/rulings.md): the halls are lit in a fixed order (north, east, south,
/// west); the tiles are drawn face down, so the order the player picks changes nothing he can
/// know.
#[test]
fn torchlight_example_krutzbeck_lights_both_corridor_halls_then_resolves_the_corridor() {
    let (mut g, mut t) = quiet_game(&["krutzbeck"], &["torchlight"]);
    let (room, a, b, c) = (at(3, 3), at(3, 4), at(2, 4), at(3, 5));
    g.lay_tile(room, tile(TileKind::DungeonRoom, [H, H, H, H], 0), Dir::South);
    g.put_hero(0, room);
    // (A) the corridor: top Hall, right Wall, bottom (entry) Hall, left Hall. Its arrow faces
    // west (the room), so its exit halls face north and east, its wall south.
    let corridor = tile(TileKind::Corridor, [H, W, H, H], 0);
    let (tile_b, tile_c) = (tile(TileKind::DungeonRoom, [H, H, H, H], 1), tile(TileKind::DungeonRoom, [H, H, H, H], 2));
    g.stack_tiles(&[corridor, tile_b, tile_c]);
    let left = g.tiles_left();
    answer(&mut g, &mut t, Choice::Move(a));

    assert_eq!(g.hero(0).pos, a);
    assert_eq!(g.cell(a).kind, Some(TileKind::Corridor));
    assert_eq!(g.cell(a).sides, [H, H, W, H]);
    // (B) and (C): one tile beyond each exit hall, nothing beyond the wall or the hall back.
    let placed: Vec<(Cell, u8, u8)> = t
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::TilePlaced { cell, tile, rotation } => Some((cell, tile, rotation)),
            _ => None,
        })
        .collect();
    let n = placed.len();
    // Rotation = entry arrow + 2 (quarter turns): the corridor's arrow west, B's south, C's west.
    assert_eq!(placed[n - 3..], [(a, corridor, 1), (b, tile_b, 0), (c, tile_c, 1)]);
    assert_eq!(g.tiles_left(), left - 3);
    assert!(!g.cell(at(4, 4)).explored, "no tile beyond the corridor's wall");
    // Each new tile's entry side (a hall) faces the corridor's hall.
    assert_eq!(g.cell(b).sides[Dir::South as usize], H);
    assert_eq!(g.cell(c).sides[Dir::West as usize], H);
    // Finally the corridor resolves: move again, through (B) or (C), not back west.
    expect(&g, 0, DecisionKind::MoveAgain);
    let mut l = legal(&g);
    l.sort_by_key(|c| format!("{c:?}"));
    let mut want = vec![Choice::Move(b), Choice::Move(c)];
    want.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(l, want);
    let moved = t.events.iter().position(|e| matches!(e, Event::Moved { seat: 0, to, .. } if *to == a));
    let lit = t.events.iter().position(|e| matches!(e, Event::TilePlaced { cell, .. } if *cell == b));
    assert!(moved.unwrap() < lit.unwrap(), "the hero enters, then lights the halls");
    g.check_invariants().unwrap();

    // Moving on into (B), an explored space now: no tile is drawn for it, it is lit in turn
    // (its three halls to unexplored spaces) and resolved (a dungeon card).
    let left = g.tiles_left();
    let empty = card_in(Deck::Dungeon, "Empty");
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(b));
    assert_eq!(g.hero(0).pos, b);
    assert_eq!(g.tiles_left(), left - 3);
    for x in [at(1, 4), at(2, 3), at(2, 5)] {
        assert!(g.cell(x).explored, "{x} lit from (B)");
    }
    assert!(g.discard_pile(Deck::Dungeon).any(|d| d == empty));
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();
}

/// CATACOMB ENTRANCE ("Examples of catacomb entrances printed on tiles"): "If a player begins
/// his action phase in a chamber that has a catacomb entrance of either sort, he may choose to
/// enter the catacombs instead of moving or searching." Entering places the travel marker,
/// pointed as the player chooses, takes the figure off the board and ends the turn.
#[test]
fn catacomb_entrance_printed_on_a_tile_offers_the_catacombs_as_the_action() {
    let (mut g, mut t) = quiet_game(&["hugo", "lindel"], &[]);
    let s = g.active();
    let stairs = rules()
        .tiles
        .iter()
        .position(|x| x.kind == TileKind::DungeonRoom && x.stairs && x.sides == [H, W, H, H])
        .expect("a stairs room") as u8;
    let room = at(3, 3);
    g.lay_tile(room, stairs, Dir::South);
    assert!(g.cell(room).catacomb_entrance);
    g.put_hero(s, room);
    let l = legal(&g);
    for c in [Choice::EnterCatacombs, Choice::Search, Choice::Move(at(2, 3)), Choice::Move(at(4, 3))] {
        assert!(l.contains(&c), "{c:?} missing from {l:?}");
    }
    // A room without stairs offers no such action.
    let (mut g2, _t2) = quiet_game(&["hugo", "lindel"], &[]);
    let s2 = g2.active();
    g2.lay_tile(room, tile(TileKind::DungeonRoom, [H, W, H, H], 0), Dir::South);
    g2.put_hero(s2, room);
    assert!(!g2.cell(room).catacomb_entrance);
    assert!(!legal(&g2).contains(&Choice::EnterCatacombs));

    answer(&mut g, &mut t, Choice::EnterCatacombs);
    expect(&g, s, DecisionKind::TravelDirection);
    answer(&mut g, &mut t, Choice::Dir(Dir::East));
    let h = g.hero(s);
    assert_eq!(h.status, HeroStatus::Catacombs);
    assert_eq!((h.marker, h.marker_dir), (room, Dir::East));
    // His turn is over: the other hero's turn.
    expect(&g, 1 - s, DecisionKind::Action);
    g.check_invariants().unwrap();
}
