//! Edition `third`: the worked examples of the 2010 rulebook
//! (`/work/shared/rules/004_23e42ad2503e9c74.txt`) played with stacked decks and forced dice,
//! each asserting what the rulebook says happens. The five combat examples are one combat in
//! `rules_third.rs` (`the_five_rulebook_combat_examples_in_one_combat`); the others are here,
//! with the 2010 deviations fixed alongside them (move again through doors, catacomb cards
//! shuffled back).

mod common;

use common::{answer, expect, legal};
use dq_engine::board::{cell as rc, Cell, Dir};
use dq_engine::card_combat::CcId;
use dq_engine::data::{Side, TileKind};
use dq_engine::trace::Trace;
use dq_engine::*;

fn rules() -> &'static Rules {
    common::third_rules()
}

fn cr() -> &'static dq_engine::card_combat::CardRules {
    rules().card_combat.as_ref().unwrap()
}

const A: Cell = rc(2, 2);
const B: Cell = rc(2, 3);
const C: Cell = rc(2, 4);

/// A game of these heroes in which seat 0 moves first, with runes that cannot trigger here
/// (seat 0 the Rune of Dragonfire, the others the Rune of Death / Life Drain).
fn game(heroes: &[&str]) -> (Game<'static>, Trace) {
    game_with(heroes, &[])
}

/// [`game`] with these optional rules.
fn game_with(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    let r = rules();
    let picks: arrayvec::ArrayVec<HeroPick, 4> =
        heroes.iter().map(|h| HeroPick::Fixed(r.hero_by_id(h).expect("hero id") as u8)).collect();
    let mut variant = Variant::default();
    for n in rules_on {
        variant.enable(n).unwrap();
    }
    let cfg = GameConfig { heroes: picks, variant };
    for master in 1..200 {
        let mut t = Trace::default();
        let mut g = Game::new(r, &cfg, master, 0, &mut t).unwrap();
        if g.active() == 0 {
            for s in 0..g.seats() {
                let name = ["Rune of Dragonfire", "Rune of Death", "Life Drain Rune", "Stasis Rune"][s as usize];
                g.give_rune(s, card_in(Deck::Rune, name));
            }
            return (g, t);
        }
    }
    panic!("no seed with seat 0 first");
}

fn card_in(deck: Deck, name: &str) -> CardId {
    nth_card(deck, name, 0)
}

fn nth_card(deck: Deck, name: &str, n: usize) -> CardId {
    rules()
        .deck_cards(deck)
        .filter(|&c| rules().cards[c as usize].name == name)
        .nth(n)
        .unwrap_or_else(|| panic!("no {name} #{n} in the {} deck", deck.name()))
}

fn tile(kind: TileKind, sides: [Side; 4], skip: usize) -> u8 {
    common::tile_of(rules(), kind, sides, skip)
}

fn room(n: usize) -> u8 {
    tile(TileKind::DungeonRoom, [Side::Hall; 4], n)
}

fn in_discard(g: &Game<'static>, deck: Deck, card: CardId) -> bool {
    g.discard_pile(deck).any(|c| c == card)
}

/// Attribute tests made: (target, total, pass).
fn tests(t: &Trace) -> Vec<(u8, u8, bool)> {
    t.events
        .iter()
        .filter_map(|e| match *e {
            Event::Test { target, total, pass, .. } => Some((target, total, pass)),
            _ => None,
        })
        .collect()
}

fn token(kind: &str, life: u8) -> CardId {
    let k = rules().monster_kind_by_name(kind).unwrap();
    rules()
        .deck_cards(Deck::Monster)
        .find(|&c| rules().cards[c as usize].monster.is_some_and(|m| m.kind == k && m.life == life))
        .expect("token")
}

fn power(owner_first: (CcId, u8), name: &str) -> CcId {
    cr().set(owner_first).find(|&c| cr().names[c as usize] == name).unwrap_or_else(|| panic!("no power {name}"))
}

/// "Example of Running out of Time" (p. 14): the sun moves onto "1-2", a 3 is rolled and the
/// turn goes on; next round onto "1-3", a 3 ends the game and every hero still inside dies.
#[test]
fn running_out_of_time() {
    let (mut g, mut t) = game(&["lindel"]);
    g.lay_tile(A, room(0), Dir::South);
    g.put_hero(0, A);
    // The space before the "1-2" one (the data's numbered spaces: 27 is <= 2, 28 is <= 3).
    g.set_sun(26);
    g.stack_deck(&[nth_card(Deck::Search, "Empty", 0), nth_card(Deck::Search, "Empty", 1)]);
    g.force_dice(&[3, 3]);
    answer(&mut g, &mut t, Choice::Search);
    // The next round (alone: his next turn) opens with the sun on 27 and a 3: play goes on.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.sun(), 27);
    answer(&mut g, &mut t, Choice::Search);
    let rolls: Vec<(u8, u8, u8, bool)> = t
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::SunRoll { space, roll, sets_on_or_below, set } => Some((space, roll, sets_on_or_below, set)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(27, 3, 2, false), (28, 3, 3, true)]);
    assert!(g.is_over() && g.sun_has_set());
    let h = g.hero(0);
    assert_eq!((h.status, h.stats.death_cause), (HeroStatus::Dead, Some(DeathCause::Sunset)));
}

/// "Example of a Dead End" (p. 9): Lindel draws a Rotating Room, it turns 180 degrees, every
/// passage is walled, and he "must search for a secret door or passage to the catacombs in
/// order to leave" (the Rotating Room: "the Hero may try to leave by searching"). Two failed
/// searches kill him ("Dead Ends").
#[test]
fn dead_end_rotating_room_must_be_searched() {
    let (mut g, mut t) = game(&["lindel"]);
    g.lay_tile(A, room(0), Dir::South);
    g.put_hero(0, A);
    // C, east of B, shows B a wall (a dead-end room whose only hall faces east).
    g.lay_tile(C, tile(TileKind::DungeonRoom, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::East);
    let rotating = tile(TileKind::RotatingChamber, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0);
    g.stack_tiles(&[rotating]);
    g.stack_deck(&[nth_card(Deck::Search, "Empty", 0), nth_card(Deck::Search, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Move(B));
    // Placed with its hall toward A, turned to face C's wall; the turn ended. Alone, his next
    // turns come at once, and searching is all he can do (a single answer, taken for him):
    // twice, then he is dead.
    assert_eq!(g.tile_kind_at(B), Some(TileKind::RotatingChamber));
    assert_eq!(g.open_sides(B), 0, "every passage is blocked by a wall");
    assert!(t.events.iter().any(|e| matches!(e, Event::TileRotated { cell: B, .. })));
    // Killed at the end of the second search, not at the start of a fourth turn.
    let h = g.hero(0);
    assert_eq!((h.stats.searches, h.stats.turns), (2, 3), "two searches on two turns");
    assert_eq!((h.status, h.stats.death_cause), (HeroStatus::Dead, Some(DeathCause::DeadEnd)));
    assert!(g.is_over());
}

/// The Dead End example's way out: a "Secret Door" found by searching the Rotating Room.
#[test]
fn a_secret_door_found_in_a_walled_rotating_room_leads_out() {
    let (mut g, mut t) = game(&["lindel"]);
    g.lay_tile(A, room(0), Dir::South);
    g.put_hero(0, A);
    g.lay_tile(C, tile(TileKind::DungeonRoom, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::East);
    g.stack_tiles(&[tile(TileKind::RotatingChamber, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0)]);
    g.stack_deck(&[card_in(Deck::Search, "Secret Door"), nth_card(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Move(B));
    // The next turn's only answer, a search, is taken for him: a Secret Door.
    expect(&g, 0, DecisionKind::SecretDoor);
    assert_eq!(g.hero(0).stats.searches, 1);
    answer(&mut g, &mut t, Choice::Move(A));
    let h = g.hero(0);
    assert_eq!((h.pos, h.status), (A, HeroStatus::Board));
}

/// A Rotating Room whose passage is open is left by that passage, not searched (it has no
/// search icon); one whose passage leads to another hero is no dead end either: the hero is
/// blocked (`rules_third.rs`, `a_blocked_hero_loses_his_turn_instead_of_dying`).
#[test]
fn an_open_rotating_room_is_not_searched() {
    let (mut g, mut t) = game(&["lindel"]);
    g.lay_tile(A, room(0), Dir::South);
    g.put_hero(0, A);
    g.lay_tile(C, room(1), Dir::South);
    g.stack_tiles(&[tile(TileKind::RotatingChamber, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0)]);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Move(B));
    // Next turn the move to C is his only answer (taken for him): no search.
    expect(&g, 0, DecisionKind::Action);
    let h = g.hero(0);
    assert_eq!((h.pos, h.stats.searches), (C, 0));
}

/// "Example of Moving Through a Door and Portcullis" (p. 9): Hugo's door card is a "Hidden
/// Trap"; the trap is resolved and his turn ends without the portcullis. Next turn a new door
/// card ("Door Opens"), then the Strength test. Had the test failed, the next try starts again
/// with a new door card.
#[test]
fn door_and_portcullis_hugo() {
    let (mut g, mut t) = game(&["hugo"]);
    // A's east side is a door (a door room with its top toward B); B's west side a portcullis.
    g.lay_tile(A, tile(TileKind::DungeonRoom, [Side::Door, Side::Hall, Side::Hall, Side::Hall], 0), Dir::West);
    g.lay_tile(B, tile(TileKind::DungeonRoom, [Side::Hall, Side::Wall, Side::Portcullis, Side::Wall], 0), Dir::West);
    g.put_hero(0, A);
    let hidden = card_in(Deck::Door, "Hidden Trap");
    let crossfire = card_in(Deck::Trap, "Crossfire Trap");
    let (open1, open2) = (nth_card(Deck::Door, "Door Opens", 0), nth_card(Deck::Door, "Door Opens", 1));
    g.stack_deck(&[hidden, open1, open2]);
    g.stack_deck(&[crossfire]);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    // Crossfire: Armor 2 passes. Portcullis: 12 fails, then 2 passes.
    g.force_dice(&[1, 1, 6, 6, 1, 1]);
    answer(&mut g, &mut t, Choice::Move(B));
    // The Hidden Trap: a trap card resolved, then his turn ends in A, no portcullis test.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.hero(0).pos, A);
    assert!(in_discard(&g, Deck::Door, hidden) && in_discard(&g, Deck::Trap, crossfire));
    let armor = rules().heroes[g.hero(0).hero as usize].attrs[2];
    assert_eq!(tests(&t), vec![(armor, 2, true)], "the trap's test only");
    // Next turn: "Door Opens", then the Strength test fails: he stays.
    answer(&mut g, &mut t, Choice::Move(B));
    assert_eq!(g.hero(0).pos, A);
    assert!(in_discard(&g, Deck::Door, open1));
    // The turn after: a new door card first, then the portcullis is lifted.
    answer(&mut g, &mut t, Choice::Move(B));
    assert!(in_discard(&g, Deck::Door, open2), "a new door card after the failed portcullis");
    let strength = rules().heroes[g.hero(0).hero as usize].attrs[0];
    assert_eq!(tests(&t)[1..], [(strength, 12, false), (strength + 1, 2, true)]);
    assert_eq!(g.hero(0).pos, B);
}

/// "Example of an Attribute Test" (p. 23): Challara's "Trapdoor" test (Agility 6) rolls 2 + 5
/// = 7 and fails: a wound, a determination token, and the test again next turn; then 7 against
/// 6 + 1 passes and the Trapdoor and the token are discarded.
#[test]
fn attribute_test_challaras_trapdoor() {
    let (mut g, mut t) = game(&["challara", "lindel"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::TrapChamber, [Side::Hall; 4], 0), Dir::West);
    g.put_hero(0, A);
    let far = rc(7, 2);
    g.lay_tile(far, room(1), Dir::South);
    g.put_hero(1, far);
    let trapdoor = card_in(Deck::Trap, "Trapdoor");
    g.stack_deck(&[trapdoor]);
    g.stack_deck(&[nth_card(Deck::Search, "Empty", 0)]);
    g.force_dice(&[2, 5]);
    answer(&mut g, &mut t, Choice::Move(B));
    // Lindel's turn: Challara is in B with a wound, a token and the Trapdoor kept.
    expect(&g, 1, DecisionKind::Action);
    let h = g.hero(0);
    assert_eq!((h.pos, h.status, h.wounds, h.determination), (B, HeroStatus::Board, 1, 1));
    assert!(h.held.contains(&trapdoor), "the Trapdoor stays until passed");
    g.force_dice(&[3, 4]);
    answer(&mut g, &mut t, Choice::Search);
    // Her next turn opens with the retest: 7 against 6 + 1 passes; then she acts.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(tests(&t), vec![(6, 7, false), (7, 7, true)]);
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.determination), (B, 1, 0));
    assert!(!h.held.contains(&trapdoor) && in_discard(&g, Deck::Trap, trapdoor));
}

/// The Trapdoor retest failed again: another wound, and the turn is over (he tests again the
/// turn after).
#[test]
fn a_failed_trapdoor_retest_costs_a_wound_and_the_turn() {
    let (mut g, mut t) = game(&["challara"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::TrapChamber, [Side::Hall; 4], 0), Dir::West);
    g.put_hero(0, A);
    let trapdoor = card_in(Deck::Trap, "Trapdoor");
    g.stack_deck(&[trapdoor]);
    g.force_dice(&[6, 6, 6, 6, 1, 1]);
    answer(&mut g, &mut t, Choice::Move(B));
    // Alone: fail (turn 1), fail again at the start of turn 2 (its turn over), pass on turn 3.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(tests(&t), vec![(6, 12, false), (7, 12, false), (8, 2, true)]);
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.turns), (B, 2, 3));
    assert!(in_discard(&g, Deck::Trap, trapdoor));
}

/// "Example of Entering a Bridge with Special Movement" (p. 27): Tatianna's "Secret Door" takes
/// her into a Bridge chamber; she chooses her side and encounters it normally (cross or stay).
/// Staying, she must go back next turn the way her side leads ("If you stay on the side of
/// the chamber you entered from, on your next turn, you must return").
#[test]
fn entering_a_bridge_by_special_movement_tatianna_picks_a_side() {
    let (mut g, mut t) = game(&["tatianna"]);
    g.lay_tile(A, room(0), Dir::South);
    g.put_hero(0, A);
    // North of A, a bridge whose entry arrow faces A (near side south, far side north).
    let bridge_at = rc(1, 2);
    g.lay_tile(bridge_at, tile(TileKind::Bridge, [Side::Hall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::South);
    g.lay_tile(rc(0, 2), room(1), Dir::South);
    g.stack_deck(&[card_in(Deck::Search, "Secret Door")]);
    answer(&mut g, &mut t, Choice::Search);
    expect(&g, 0, DecisionKind::SecretDoor);
    answer(&mut g, &mut t, Choice::Move(bridge_at));
    expect(&g, 0, DecisionKind::ChooseSide);
    assert_eq!(legal(&g), vec![Choice::Part(0), Choice::Part(1)]);
    answer(&mut g, &mut t, Choice::Part(1));
    // The far side (north): the chamber is then encountered, cross or stay.
    expect(&g, 0, DecisionKind::Bridge);
    assert_eq!(g.hero(0).part, 1);
    assert_eq!(legal(&g), vec![Choice::Cross, Choice::EndTurn]);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::EndTurn);
    // Next turn (alone, at once) the passage on her side is her only answer, taken for her: no
    // crossing (no Agility test), she is in the room north of the bridge.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.hero(0).pos, rc(0, 2));
    assert!(tests(&t).is_empty());
}

/// "Example of Exiting the Catacombs" (p. 21): Lindel holds two catacomb cards, draws "Exit"
/// and leaves: three cards, three spaces forward; he keeps the Treasure Chest (Loot) and the
/// other cards go back into the Catacomb deck, shuffled; he shifts right, rolls a 2, lands in
/// unexplored space, places a chamber in any orientation, and encounters it next turn.
#[test]
fn exiting_the_catacombs_lindel() {
    let (mut g, mut t) = game(&["lindel"]);
    let stairs = rules().tiles.iter().position(|t| t.kind == TileKind::DungeonRoom && t.stairs).unwrap() as u8;
    g.lay_tile(A, stairs, Dir::South);
    g.put_hero(0, A);
    let empty = nth_card(Deck::Catacomb, "Empty", 0);
    let chest = card_in(Deck::Catacomb, "Treasure Chest");
    let exit = card_in(Deck::Catacomb, "Exit");
    g.stack_deck(&[empty, chest, exit]);
    g.stack_deck(&[card_in(Deck::Dungeon, "Troll")]);
    g.stack_tiles(&[room(3)]);
    let before = g.deck_len(Deck::Catacomb);
    answer(&mut g, &mut t, Choice::EnterCatacombs);
    answer(&mut g, &mut t, Choice::Dir(Dir::East));
    // Two turns of draws (Empty, the Treasure Chest), then "Exit".
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.hero(0).row, &[empty, chest, exit][..]);
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, 0, DecisionKind::TurnDirection);
    assert_eq!(g.hero(0).marker, rc(2, 5), "three cards: three spaces east");
    answer(&mut g, &mut t, Choice::Turn(true));
    // Right of east is south: two spaces, unexplored; the chamber in any orientation.
    let to = rc(4, 5);
    expect(&g, 0, DecisionKind::TileOrientation);
    assert_eq!(legal(&g).len(), 4);
    let h = g.hero(0);
    assert!(h.held.contains(&chest) && h.row.is_empty(), "the Treasure Chest is kept");
    // The two other cards are back in the Catacomb deck (not its discard pile), shuffled.
    assert_eq!(g.deck_len(Deck::Catacomb), before - 1);
    assert!(!in_discard(&g, Deck::Catacomb, empty) && !in_discard(&g, Deck::Catacomb, exit));
    assert!(t.events.iter().any(|e| matches!(e, Event::Shuffled { deck: Deck::Catacomb })));
    answer(&mut g, &mut t, Choice::Dir(Dir::West));
    // The turn ended there; the next turn the chamber is encountered (a Troll, to be attacked).
    expect(&g, 0, DecisionKind::CombatPlay);
    let h = g.hero(0);
    assert_eq!((h.pos, h.status, h.stats.turns), (to, HeroStatus::Board, 5));
}

/// "Example of an Escape" (p. 13): Challara's power card shows escape 3, the Skeleton's 2: she
/// escapes, a Skeleton token stays in the chamber, and she returns to the chamber she entered
/// from.
#[test]
fn escape_challara_three_against_two() {
    let (mut g, mut t) = game(&["challara"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(0, A);
    g.set_came_from(0, rc(2, 1));
    let challara = power(cr().hero_powers[rules().hero_by_id("challara").unwrap()], "Arcane Bolt");
    let skeleton =
        power(cr().monster_powers[rules().monster_kind_by_name("Skeleton").unwrap() as usize], "Poisoned Arrow");
    g.stack_token(token("Skeleton", 3));
    g.stack_combat(&[], &[challara], &[skeleton]);
    g.stack_deck(&[card_in(Deck::Dungeon, "Skeleton"), nth_card(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Move(B));
    // Her ability offers a redraw of the dungeon card; she keeps the Skeleton.
    expect(&g, 0, DecisionKind::Redraw);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, 0, DecisionKind::EscapeOrAttack);
    answer(&mut g, &mut t, Choice::Yes);
    let esc: Vec<_> = t.events.iter().filter(|e| matches!(e, Event::PowerEscape { .. })).collect();
    assert_eq!(esc, vec![&Event::PowerEscape { seat: 0, hero_escape: 3, monster_escape: 2, damage: 1, escaped: true }]);
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.escapes), (A, 0, 1));
    assert_eq!(g.token_kind_at(B), rules().monster_kind_by_name("Skeleton"));
}

/// "Move again" in the 2010 texts (Corridor, Chamber of Darkness, Spider Web, Bridge, Tower
/// Room) has no "ignoring doors and portcullises": a door met while moving on from a corridor
/// takes a door card, and a jammed door keeps the hero in the corridor.
#[test]
fn move_again_from_a_corridor_still_opens_doors() {
    let (mut g, mut t) = game(&["hugo"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::Corridor, [Side::Hall; 4], 0), Dir::West);
    // C's door faces B (a door room with its top toward the west).
    g.lay_tile(C, tile(TileKind::DungeonRoom, [Side::Door, Side::Hall, Side::Hall, Side::Hall], 0), Dir::East);
    g.put_hero(0, A);
    let jammed = card_in(Deck::Door, "Door Jammed");
    g.stack_deck(&[jammed]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::MoveAgain);
    assert!(legal(&g).contains(&Choice::Move(C)));
    answer(&mut g, &mut t, Choice::Move(C));
    // The door stays shut: he remains in the corridor, his turn over (alone: the next begins).
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.hero(0).pos, B);
    assert!(in_discard(&g, Deck::Door, jammed));
}

/// Spider Web (2010): "You may either retreat or attempt to cross the web. If you retreat, on
/// your next turn, you must return to the Dungeon chamber you entered from." Taking the hall
/// entered by is the retreat: the turn ends in the web, and the next turn he goes back that way
/// (his only move) without a struggle.
#[test]
fn a_web_retreat_costs_the_turn_and_the_way_back_needs_no_struggle() {
    let (mut g, mut t) = game(&["hugo"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::SpiderWeb, [Side::Hall; 4], 0), Dir::West);
    g.put_hero(0, A);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::MoveAgain);
    assert!(legal(&g).contains(&Choice::Move(A)), "the retreat");
    answer(&mut g, &mut t, Choice::Move(A));
    // Turn 1 ended in the web; turn 2's only move (back to A, taken for him) needs no Strength
    // test; A is encountered; turn 3 waits for his action.
    expect(&g, 0, DecisionKind::Action);
    let h = g.hero(0);
    assert_eq!((h.pos, h.stats.turns), (A, 3));
    assert!(tests(&t).is_empty(), "no struggle through the web");
    assert!(in_discard(&g, Deck::Dungeon, nth_card(Deck::Dungeon, "Empty", 0)));
}

/// Chamber of Darkness (2010): "If the passage you rolled is blocked by a wall, your turn ends
/// and you must roll again next turn." The die picks among the chamber's passages (the printed
/// numbers are unknown: uniformly); one walled off by a neighbour ends the turn.
#[test]
fn a_darkness_roll_into_a_wall_ends_the_turn_and_is_rolled_again_next_turn() {
    let (mut g, mut t) = game(&["hugo"]);
    g.lay_tile(A, room(0), Dir::South);
    // B's passages face north, west (A) and south; its east side is a wall.
    g.lay_tile(B, tile(TileKind::ChamberOfDarkness, [Side::Wall, Side::Hall, Side::Hall, Side::Hall], 0), Dir::West);
    // North of B, a room whose wall faces B.
    let north = rc(1, 3);
    g.lay_tile(north, tile(TileKind::DungeonRoom, [Side::Wall, Side::Wall, Side::Hall, Side::Wall], 0), Dir::North);
    g.put_hero(0, A);
    let south = rc(3, 3);
    g.stack_tiles(&[room(2)]);
    g.stack_deck(&[nth_card(Deck::Dungeon, "Empty", 0)]);
    // The open ways (south, A) then the walled one (north): a 3 picks the wall, a 1 south.
    g.force_dice(&[3, 1]);
    answer(&mut g, &mut t, Choice::Move(B));
    // Turn 1 ended in the dark; turn 2 rolled again (taken for him) and went south.
    expect(&g, 0, DecisionKind::Action);
    let h = g.hero(0);
    assert_eq!((h.pos, h.stats.turns), (south, 3));
}

/// "Any effect that refers to the Monster card type also applies to monster tokens": the Rune
/// of Death (cancel a monster card) is offered against a token met on the board; used, the token
/// goes back to the pool and the chamber is encountered.
#[test]
fn the_rune_of_death_cancels_a_monster_token_on_the_board() {
    let (mut g, mut t) = game(&["hugo", "lindel"]);
    let death = card_in(Deck::Rune, "Rune of Death");
    g.give_rune(1, card_in(Deck::Rune, "Life Drain Rune"));
    g.give_rune(0, death);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(0, A);
    g.lay_tile(rc(7, 2), room(2), Dir::South);
    g.put_hero(1, rc(7, 2));
    g.put_token(token("Skeleton", 3), B);
    let empty = nth_card(Deck::Dungeon, "Empty", 0);
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(death)]);
    answer(&mut g, &mut t, Choice::Card(death));
    // No combat; the token is back in the pool; B's dungeon card was drawn; Lindel's turn.
    expect(&g, 1, DecisionKind::Action);
    assert_eq!(g.token_kind_at(B), None);
    assert!(in_discard(&g, Deck::Dungeon, empty), "the chamber is encountered");
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.monsters_met, h.stats.monsters_killed), (B, 0, 0, 0));
    g.check_invariants().unwrap();
}

/// Servants of Kalladra, "Adding More Monsters": dungeon cards are drawn until a monster card;
/// a "Shuffle" card shuffles "the Dungeon deck and its discard pile together"; then "he
/// discards all of the drawn Dungeon cards": the cards drawn before the Shuffle (and the
/// Shuffle card) are held, not shuffled back in.
#[test]
fn servants_adding_a_token_hold_the_drawn_cards_through_a_shuffle() {
    let (mut g, mut t) = game_with(&["lindel", "hugo"], &["servants-of-kalladra"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(0, A);
    g.kill_hero(1);
    let tower = dq_engine::board::TOWERS.into_iter().find(|&x| x != A).unwrap();
    let spot = Dir::ALL.into_iter().find_map(|d| g.neighbour(tower, d)).unwrap();
    g.lay_tile(spot, room(3), Dir::South);
    let (empty0, empty1) = (nth_card(Deck::Dungeon, "Empty", 0), nth_card(Deck::Dungeon, "Empty", 1));
    let shuffle = card_in(Deck::Dungeon, "Shuffle");
    g.stack_deck(&[empty0, empty1, shuffle]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 1, DecisionKind::ServantMove);
    answer(&mut g, &mut t, Choice::Move(spot));
    assert!(g.token_kind_at(spot).is_some(), "a token was added");
    // B's card (empty0) was on the discard pile and went into the reshuffle; the add drew
    // empty1, the Shuffle, then cards of the reshuffled deck up to a monster card, all
    // discarded at the end.
    assert!(in_discard(&g, Deck::Dungeon, empty1) && in_discard(&g, Deck::Dungeon, shuffle));
    g.check_invariants().unwrap();
}

/// Torchlight is a Revised optional rule (Rules Reference) with no 2010 counterpart. Rule
/// decision: it is accepted in `third` and played as written (tiles laid beyond every open,
/// door-less hall of each chamber entered, the starting towers included), as the 2010 optional
/// rules are accepted in Revised; nothing in it depends on the edition.
#[test]
fn torchlight_is_accepted_in_third_and_lights_the_starting_towers() {
    let mut v = Variant::default();
    v.enable("torchlight").unwrap();
    assert!(v.check(dq_engine::Edition::Third).is_ok());
    let (g, _t) = game_with(&["hugo"], &["torchlight"]);
    let tower = g.hero(0).pos;
    assert!(dq_engine::board::TOWERS.contains(&tower));
    let lit = Dir::ALL.into_iter().filter_map(|d| g.neighbour(tower, d)).filter(|&c| g.cell_is_explored(c)).count();
    assert_eq!(lit, 2, "both board neighbours of the tower hold a tile");
    assert_eq!(g.tiles_left() as usize, rules().tiles.len() - 2);
}

/// The web's retreat is offered even when the chamber entered from was entered this same turn
/// (here a corridor): the hero does not move on the retreat, so no chamber is re-entered.
#[test]
fn a_web_entered_from_a_corridor_still_offers_the_retreat() {
    let (mut g, mut t) = game(&["hugo"]);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, tile(TileKind::Corridor, [Side::Hall; 4], 0), Dir::West);
    g.lay_tile(C, tile(TileKind::SpiderWeb, [Side::Hall; 4], 0), Dir::West);
    g.put_hero(0, A);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::MoveAgain);
    answer(&mut g, &mut t, Choice::Move(C));
    expect(&g, 0, DecisionKind::MoveAgain);
    assert!(legal(&g).contains(&Choice::Move(B)), "the retreat: {:?}", legal(&g));
    answer(&mut g, &mut t, Choice::Move(B));
    // Turn 2: back into the corridor (his only move), which moves him on again.
    expect(&g, 0, DecisionKind::MoveAgain);
    let h = g.hero(0);
    assert_eq!((h.pos, h.stats.turns), (B, 2));
    assert!(tests(&t).is_empty());
}
