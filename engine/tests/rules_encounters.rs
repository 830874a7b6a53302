//! Rule tests for encounters and the end of the game: combat, escape, monster tokens, solo play,
//! the treasure chamber, the catacombs, the sun, winning, Death Can Wait and Torchlight.
//!
//! Authority: the Revised Rules Reference (COMBAT, ENCOUNTERING MONSTERS, ESCAPING COMBAT,
//! MONSTER, CATACOMBS, EXITING THE CATACOMBS, TREASURE CHAMBER, SUN TOKEN AND TRACK, WINNING THE
//! GAME, the optional rules) and the reference data file (sections 1.4, 2.6-2.9, 5).
//!
//! In the two-hero games of seed 1 game 0, seat 1 is the first player, so seat 1 is the hero
//! player of the first turn and seat 0 the monster player (the player to his left).

mod common;
use common::*;
use dq_engine::data::{CombatCard, TileKind};
use dq_engine::trace::Trace;
use dq_engine::*;

use CombatCard::{Magic, Melee, Ranged};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The hero's room, the room he moves into and a third room next to that one.
const A: Cell = rc(2, 2);
const B: Cell = rc(2, 3);
const C: Cell = rc(1, 3);

fn rune(name: &str) -> CardId {
    card_in(Deck::Rune, name)
}

/// Runes that cannot trigger in these tests: the active seat gets the Rune of Blinding (search,
/// crypt and corpse cards only), the others the Rune of Dragonfire (dragon draws only).
fn quiet(g: &mut Game<'static>) {
    let active = g.active();
    for s in 0..g.seats() {
        let name = if s == active { "Rune of Blinding" } else { "Rune of Dragonfire" };
        g.give_rune(s, rune(name));
        assert_eq!(g.hero(s).runes.to_vec(), vec![rune(name)]);
    }
}

/// A plain four-hall dungeon room tile (the `n`th such tile).
fn room(n: usize) -> u8 {
    tile(TileKind::DungeonRoom, [H, H, H, H], n)
}

/// The monster kind index of a kind name.
fn kind(name: &str) -> u8 {
    rules().monster_kinds.iter().position(|k| k == name).expect("kind") as u8
}

fn dungeon(name: &str) -> CardId {
    card_in(Deck::Dungeon, name)
}

/// A game with these heroes, quiet runes, the active hero on room A next to room B.
fn arena(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace, u8) {
    let (mut g, t) = game(heroes, rules_on);
    quiet(&mut g);
    let seat = g.active();
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(seat, A);
    (g, t, seat)
}

/// Moves the active hero from A into B, where an Ambush brings out monster card `m`.
fn ambushed(g: &mut Game<'static>, t: &mut Trace, m: CardId) {
    g.stack_deck(&[dungeon("Ambush")]);
    g.stack_deck(&[m]);
    let seat = g.active();
    answer(g, t, Choice::Move(B));
    assert_eq!(g.hero(seat).pos, B);
    if !g.variant().solo {
        expect(g, seat, DecisionKind::HeroCombatCard);
    }
}

/// One multiplayer combat round: hero card, then monster card.
fn round(g: &mut Game<'static>, t: &mut Trace, hero: CombatCard, monster: CombatCard) {
    let seat = g.active();
    let mseat = if g.seats() == 1 { seat } else { (seat + 1) % g.seats() };
    expect(g, seat, DecisionKind::HeroCombatCard);
    answer(g, t, Choice::Combat(hero));
    expect(g, mseat, DecisionKind::MonsterCombatCard);
    answer(g, t, Choice::Combat(monster));
}

fn in_discard(g: &Game<'static>, deck: Deck, card: CardId) -> bool {
    g.discard_pile(deck).any(|c| c == card)
}

// ---------------------------------------------------------------------------------------------
// 1. Combat results diagram
// ---------------------------------------------------------------------------------------------

#[test]
fn combat_matrix_matches_the_revised_diagram() {
    // (hero card, monster card, hero wounds, monster wounds), Rules Reference p. 12.
    let diagram = [
        (Magic, Ranged, 0, 1),
        (Magic, Melee, 1, 0),
        (Magic, Magic, 1, 1),
        (Melee, Ranged, 1, 0),
        (Melee, Melee, 2, 2),
        (Melee, Magic, 0, 1),
        (Ranged, Ranged, 1, 1),
        (Ranged, Melee, 0, 2),
        (Ranged, Magic, 1, 0),
    ];
    for (hero, mcard, hw, mw) in diagram {
        // Lindel (no combat ability) fights a life-8 Demon that survives any single round.
        let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
        assert_eq!(seat, 1);
        ambushed(&mut g, &mut t, monster("Demon", 8, 6));
        round(&mut g, &mut t, hero, mcard);
        assert_eq!(g.hero(seat).wounds, hw, "{hero:?} vs {mcard:?}: hero wounds");
        assert_eq!(g.combat(), Some((kind("Demon"), mw, 1)), "{hero:?} vs {mcard:?}: monster wounds");
        assert_eq!(g.hero(0).wounds, 0, "the monster player's hero is never hurt");
        // Nobody died: the hero may now try to escape (room A is adjacent and explored).
        expect(&g, seat, DecisionKind::Escape);
        g.check_invariants().unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// 2. A monster dies; hero death is checked first
// ---------------------------------------------------------------------------------------------

#[test]
fn a_killed_monster_is_discarded_with_its_token_and_the_turn_ends() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    let skeleton = monster("Skeleton", 2, 1);
    ambushed(&mut g, &mut t, skeleton);
    assert!(g.cell(B).monster, "the monster player places a token in the chamber");
    // Ranged beats Melee for 2: the life-2 skeleton dies in round 1.
    round(&mut g, &mut t, Ranged, Melee);
    assert_eq!(g.combat(), None);
    assert!(in_discard(&g, Deck::Monster, skeleton), "the monster card is discarded");
    assert!(!g.cell(B).monster, "the monster token is removed");
    assert!(in_discard(&g, Deck::Dungeon, dungeon("Ambush")));
    let h = g.hero(seat);
    assert_eq!((h.wounds, h.pos, h.status), (0, B, HeroStatus::Board));
    assert_eq!((h.stats.monsters_met, h.stats.monsters_killed), (1, 1));
    // The hero's turn ends: the next seat (seat 0) takes his turn in the same round.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 1);
    g.check_invariants().unwrap();
}

#[test]
fn a_hero_who_dies_in_the_round_does_not_also_kill_the_monster() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    // Lindel has 15 health; at 13 wounds the Melee tie (2 each) kills him, and it would also
    // kill the life-2 skeleton.
    g.set_hero_state(seat, 13, 0);
    let skeleton = monster("Skeleton", 2, 1);
    ambushed(&mut g, &mut t, skeleton);
    round(&mut g, &mut t, Melee, Melee);
    let h = g.hero(seat);
    assert_eq!(h.status, HeroStatus::Dead);
    assert_eq!(h.stats.death_cause, Some(DeathCause::Monster));
    assert_eq!(h.stats.monsters_killed, 0, "the monster did not die");
    assert!(g.cell(B).monster, "the monster token stays");
    assert!(in_discard(&g, Deck::Monster, skeleton), "the monster player discards the monster card");
    assert_eq!(g.combat(), None);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 3. Escaping combat
// ---------------------------------------------------------------------------------------------

#[test]
fn a_successful_escape_costs_the_penalty_and_moves_to_a_chosen_explored_chamber_unresolved() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    // A second explored chamber next to B, so the hero has a choice. Hugo stands in it: an
    // escaping hero may share a chamber (documented decision).
    g.lay_tile(C, room(2), Dir::South);
    g.put_hero(0, C);
    let troll = monster("Troll", 4, 3);
    ambushed(&mut g, &mut t, troll);
    round(&mut g, &mut t, Magic, Ranged); // monster 1, hero 0
    expect(&g, seat, DecisionKind::Escape);
    let dungeon_left = g.deck_len(Deck::Dungeon);
    g.force_dice(&[2, 3]); // Agility 6: 5 passes
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.test_numbers(), (6, 5), "an Agility test (Lindel's Agility is 6)");
    assert_eq!(g.hero(seat).wounds, 3, "the Troll's escape penalty of 3");
    expect(&g, seat, DecisionKind::EscapeTo);
    let mut targets = legal(&g);
    targets.sort_by_key(|c| format!("{c:?}"));
    let mut want = vec![Choice::Move(A), Choice::Move(C)];
    want.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(targets, want, "only adjacent explored chambers; unexplored spaces are not offered");
    answer(&mut g, &mut t, Choice::Move(C));
    let h = g.hero(seat);
    assert_eq!((h.pos, h.wounds, h.status), (C, 3, HeroStatus::Board));
    assert_eq!(h.stats.escapes, 1);
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon_left, "the chamber fled to is not resolved");
    assert!(g.cell(B).monster, "the monster token stays behind");
    assert!(in_discard(&g, Deck::Monster, troll), "the monster card is discarded");
    assert_eq!(g.combat(), None);
    expect(&g, 0, DecisionKind::Action); // the turn is over
    g.check_invariants().unwrap();
}

#[test]
fn an_escape_penalty_can_kill_the_hero() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    g.set_hero_state(seat, 12, 0);
    ambushed(&mut g, &mut t, monster("Troll", 4, 3));
    round(&mut g, &mut t, Magic, Ranged);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Yes);
    let h = g.hero(seat);
    assert_eq!((h.status, h.stats.death_cause, h.stats.escapes), (HeroStatus::Dead, Some(DeathCause::Monster), 0));
    assert!(g.cell(B).monster);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

#[test]
fn a_failed_escape_means_another_round() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    ambushed(&mut g, &mut t, monster("Troll", 4, 3));
    round(&mut g, &mut t, Magic, Ranged);
    expect(&g, seat, DecisionKind::Escape);
    g.force_dice(&[6, 5]);
    answer(&mut g, &mut t, Choice::Yes);
    // Lindel could reroll a die; he accepts the failure.
    expect(&g, seat, DecisionKind::TestFailed);
    answer(&mut g, &mut t, Choice::Done);
    let h = g.hero(seat);
    assert_eq!((h.pos, h.wounds, h.determination), (B, 0, 1), "no penalty; a determination token");
    assert_eq!(g.combat(), Some((kind("Troll"), 1, 1)), "still fighting the same monster");
    expect(&g, seat, DecisionKind::HeroCombatCard);
    round(&mut g, &mut t, Magic, Ranged);
    assert_eq!(g.combat(), Some((kind("Troll"), 2, 2)));
    expect(&g, seat, DecisionKind::Escape);
    g.check_invariants().unwrap();
}

#[test]
fn declining_the_escape_means_another_round() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    ambushed(&mut g, &mut t, monster("Troll", 4, 3));
    round(&mut g, &mut t, Magic, Ranged);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, seat, DecisionKind::HeroCombatCard);
    assert_eq!(g.combat(), Some((kind("Troll"), 1, 1)));
    g.check_invariants().unwrap();
}

#[test]
fn old_bones_forbids_escape() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    // The Rune of Blinding would trigger on a crypt card: swap it for one that stays idle here
    // (no tile is drawn in this test).
    g.give_rune(seat, rune("Rune of Transformation"));
    g.stack_deck(&[dungeon("Crypt")]);
    g.stack_deck(&[card_in(Deck::Crypt, "Old Bones")]);
    g.stack_deck(&[monster("Troll", 4, 3)]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, seat, DecisionKind::MayDraw(Deck::Crypt));
    g.force_dice(&[4]); // Old Bones: 4-6 a monster that cannot be escaped
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.combat(), Some((kind("Troll"), 0, 0)));
    round(&mut g, &mut t, Magic, Ranged);
    // Room A is adjacent and explored, but no escape is offered.
    expect(&g, seat, DecisionKind::HeroCombatCard);
    assert_eq!(g.combat(), Some((kind("Troll"), 1, 1)));
    g.check_invariants().unwrap();
}

/// The first dungeon room with printed stairs (sides top, right, bottom, left: H, W, H, H).
fn stairs_room() -> u8 {
    rules().tiles.iter().position(|t| t.kind == TileKind::DungeonRoom && t.stairs).expect("stairs") as u8
}

/// The active hero stands on a stairs room at `at` and goes down, the marker facing `facing`.
/// In a one-hero game his next turn starts at once, and its only action (drawing a catacomb
/// card) is taken by the engine, so the catacomb cards he will draw are stacked first.
fn go_below(g: &mut Game<'static>, t: &mut Trace, at: Cell, facing: Dir, draws: &[CardId]) {
    let seat = g.active();
    g.stack_deck(draws);
    g.lay_tile(at, stairs_room(), Dir::South);
    g.put_hero(seat, at);
    assert!(legal(g).contains(&Choice::EnterCatacombs));
    answer(g, t, Choice::EnterCatacombs);
    expect(g, seat, DecisionKind::TravelDirection);
    answer(g, t, Choice::Dir(facing));
}

#[test]
fn no_escape_without_an_adjacent_explored_chamber() {
    // Hugo resurfaces from the catacombs into an unexplored space far from any chamber, and is
    // ambushed there: no neighbour is explored, so no escape is offered after the round.
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    g.stack_tiles(&[room(3)]);
    g.stack_deck(&[dungeon("Ambush")]);
    g.stack_deck(&[monster("Troll", 4, 3)]);
    go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[card_in(Deck::Catacomb, "Exit")]);
    // Next turn the only action below is drawing a catacomb card: the Exit.
    expect(&g, 0, DecisionKind::ExitCatacombs);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, 0, DecisionKind::TurnDirection);
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Turn(true)); // east, turned right: south, 2 spaces
    expect(&g, 0, DecisionKind::TileOrientation);
    answer(&mut g, &mut t, Choice::Dir(Dir::North));
    let at = rc(7, 3);
    assert_eq!(g.hero(0).pos, at);
    for d in Dir::ALL {
        let n = dq_engine::board::step(at, d).unwrap();
        assert!(!g.cell(n).explored, "neighbour {n} must be unexplored");
    }
    round(&mut g, &mut t, Magic, Ranged);
    assert_eq!(g.combat(), Some((kind("Troll"), 1, 1)));
    expect(&g, 0, DecisionKind::HeroCombatCard);
    g.check_invariants().unwrap();
}

#[test]
fn krutzbeck_is_never_offered_an_escape() {
    let (mut g, mut t, seat) = arena(&["hugo", "krutzbeck"], &[]);
    ambushed(&mut g, &mut t, monster("Troll", 4, 3));
    round(&mut g, &mut t, Magic, Ranged);
    assert_eq!(g.combat(), Some((kind("Troll"), 1, 1)));
    expect(&g, seat, DecisionKind::HeroCombatCard);
    g.check_invariants().unwrap();
}

#[test]
fn hugo_takes_one_wound_in_the_melee_tie() {
    let (mut g, mut t, seat) = arena(&["lindel", "hugo"], &[]);
    ambushed(&mut g, &mut t, monster("Demon", 8, 6));
    round(&mut g, &mut t, Melee, Melee);
    assert_eq!(g.hero(seat).wounds, 1, "at most 1 wound per round");
    assert_eq!(g.combat(), Some((kind("Demon"), 2, 1)), "the monster still takes 2");
    answer(&mut g, &mut t, Choice::No);
    round(&mut g, &mut t, Magic, Melee);
    assert_eq!(g.hero(seat).wounds, 2, "1-wound results are unchanged");
    g.check_invariants().unwrap();
}

#[test]
fn tatiannas_opening_strike_wounds_the_monster_before_round_one() {
    let (mut g, mut t, seat) = arena(&["hugo", "tatianna"], &[]);
    let skeleton = monster("Skeleton", 2, 1);
    ambushed(&mut g, &mut t, skeleton);
    assert_eq!(g.combat(), Some((kind("Skeleton"), 1, 0)), "1 wound before any round");
    // One more wound (Melee beats Magic for 1) kills the life-2 skeleton.
    round(&mut g, &mut t, Melee, Magic);
    assert_eq!(g.combat(), None);
    assert!(in_discard(&g, Deck::Monster, skeleton));
    assert!(!g.cell(B).monster);
    assert_eq!(g.hero(seat).stats.monsters_killed, 1);
    assert_eq!(g.hero(seat).wounds, 0);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 4. A monster token left behind
// ---------------------------------------------------------------------------------------------

#[test]
fn reentering_a_chamber_with_a_monster_token_meets_a_new_monster_instead_of_the_chamber() {
    let (mut g, mut t, seat) = arena(&["hugo"], &[]);
    g.lay_tile(C, room(2), Dir::South);
    let troll = monster("Troll", 4, 3);
    ambushed(&mut g, &mut t, troll);
    round(&mut g, &mut t, Magic, Ranged);
    g.force_dice(&[2, 2]); // Hugo's Agility 5
    answer(&mut g, &mut t, Choice::Yes);
    answer(&mut g, &mut t, Choice::Move(A));
    assert_eq!(g.hero(seat).pos, A);
    assert!(g.cell(B).monster);
    // Next turn: back into B.
    expect(&g, seat, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    let golem = monster("Golem", 4, 2);
    g.stack_deck(&[golem]);
    g.stack_deck(&[dungeon("Ambush")]);
    let dungeon_left = g.deck_len(Deck::Dungeon);
    let monsters_left = g.deck_len(Deck::Monster);
    answer(&mut g, &mut t, Choice::Move(B));
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon_left, "the chamber's own effect is skipped");
    assert_eq!(g.deck_len(Deck::Monster), monsters_left - 1, "a new monster card is drawn");
    assert_eq!(g.combat(), Some((kind("Golem"), 0, 0)));
    assert!(in_discard(&g, Deck::Monster, troll), "the old card stays discarded");
    assert_eq!(g.hero(seat).stats.monsters_met, 2);
    expect(&g, seat, DecisionKind::HeroCombatCard);
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 5. Solo play
// ---------------------------------------------------------------------------------------------

fn solo_rounds(t: &Trace) -> Vec<(u8, u8, u8)> {
    t.events
        .iter()
        .filter_map(|e| match *e {
            Event::SoloRound { roll, hero_wounds, monster_wounds } => Some((roll, hero_wounds, monster_wounds)),
            _ => None,
        })
        .collect()
}

fn decisions(t: &Trace, kind: DecisionKind) -> usize {
    t.events.iter().filter(|e| matches!(e, Event::Decided { kind: k, .. } if *k == kind)).count()
}

#[test]
fn solo_escape_before_combat_succeeds_out_through_an_open_hall() {
    let (mut g, mut t, seat) = arena(&["lindel"], &["solo"]);
    g.lay_tile(C, room(2), Dir::South);
    let troll = monster("Troll", 4, 3);
    ambushed(&mut g, &mut t, troll);
    // The one chance to escape comes before any round.
    expect(&g, seat, DecisionKind::SoloEscape);
    assert_eq!(g.combat(), Some((kind("Troll"), 0, 0)));
    assert!(g.cell(B).monster);
    g.force_dice(&[1, 2]);
    answer(&mut g, &mut t, Choice::Yes);
    assert!(in_discard(&g, Deck::Monster, troll), "the monster card is discarded");
    assert_eq!(g.hero(seat).wounds, 0, "no escape penalty on a success");
    expect(&g, seat, DecisionKind::EscapeTo);
    let targets = legal(&g);
    // Any open hall: explored chambers and unexplored spaces alike.
    for c in [A, C, rc(3, 3), rc(2, 4)] {
        assert!(targets.contains(&Choice::Move(c)), "{c} missing from {targets:?}");
    }
    // The chamber reached is resolved (documented decision): room C draws a dungeon card.
    let empty = nth_card_in(Deck::Dungeon, "Empty", 0);
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(C));
    assert!(in_discard(&g, Deck::Dungeon, empty), "room C was resolved");
    let h = g.hero(seat);
    assert_eq!((h.pos, h.wounds, h.stats.escapes), (C, 0, 1));
    assert!(g.cell(B).monster, "a monster token stays in the chamber left");
    assert_eq!(solo_rounds(&t), vec![], "no combat round was fought");
    expect(&g, seat, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();
}

#[test]
fn solo_failed_escape_costs_the_penalty_then_the_d6_table_decides_every_round() {
    let (mut g, mut t, seat) = arena(&["lindel"], &["solo"]);
    let demon = monster("Demon", 8, 6);
    ambushed(&mut g, &mut t, demon);
    expect(&g, seat, DecisionKind::SoloEscape);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, seat, DecisionKind::TestFailed);
    // Every roll of the table once; the life-8 demon dies on the last one.
    g.force_dice(&[1, 2, 3, 4, 5, 6, 6, 5]);
    answer(&mut g, &mut t, Choice::Done);
    assert_eq!(
        solo_rounds(&t),
        vec![(1, 1, 0), (2, 1, 0), (3, 1, 1), (4, 1, 1), (5, 0, 1), (6, 0, 2), (6, 0, 2), (5, 0, 1)],
        "1-2 hero 1; 3-4 both 1; 5 monster 1; 6 monster 2"
    );
    let h = g.hero(seat);
    assert_eq!(h.wounds, 6 + 4, "escape penalty 6, then 4 wounds from the table");
    assert_eq!(h.stats.monsters_killed, 1);
    assert!(in_discard(&g, Deck::Monster, demon));
    assert!(!g.cell(B).monster);
    // No escape between rounds in solo play.
    assert_eq!(decisions(&t, DecisionKind::Escape), 0);
    assert_eq!(decisions(&t, DecisionKind::SoloEscape), 1);
    expect(&g, seat, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();
}

#[test]
fn solo_exit_needs_a_treasure_card_not_just_loot() {
    let (mut g, mut t) = game(&["lindel"], &["solo"]);
    quiet(&mut g);
    assert!(TOWERS.contains(&g.hero(0).pos));
    g.give_card(0, card_in(Deck::Dungeon, "Gold Coins"));
    assert_eq!(g.loot_cards(0), 1);
    assert!(!legal(&g).contains(&Choice::ExitDungeon), "a gold-coin loot card is not enough");
    g.give_card(0, card_in(Deck::Treasure, "Ebon Ring"));
    assert!(legal(&g).contains(&Choice::ExitDungeon));
    answer(&mut g, &mut t, Choice::ExitDungeon);
    assert_eq!(g.hero(0).status, HeroStatus::Exited);
    assert!(g.is_over());
    assert_eq!(g.winners(), 0b1);
    g.check_invariants().unwrap();

    // Without the solo rule one loot card is enough.
    let (mut g, _t) = game(&["lindel"], &[]);
    quiet(&mut g);
    g.give_card(0, card_in(Deck::Dungeon, "Gold Coins"));
    assert!(legal(&g).contains(&Choice::ExitDungeon));
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 6. The treasure chamber
// ---------------------------------------------------------------------------------------------

const NORTH_OF_TREASURE: Cell = rc(3, 6);
const SOUTH_OF_TREASURE: Cell = rc(6, 6);

fn sleeping(n: usize) -> CardId {
    nth_card_in(Deck::Dragon, "Sleeping", n)
}

fn rage() -> CardId {
    card_in(Deck::Dragon, "Dragon Rage")
}

fn treasure(name: &str) -> CardId {
    card_in(Deck::Treasure, name)
}

fn held(g: &Game<'static>, seat: u8) -> Vec<CardId> {
    let mut v = g.hero(seat).held.to_vec();
    v.sort();
    v
}

fn sorted(mut v: Vec<CardId>) -> Vec<CardId> {
    v.sort();
    v
}

/// The active hero waits north of the treasure chamber.
fn at_the_door(heroes: &[&str]) -> (Game<'static>, Trace, u8) {
    let (mut g, t) = game(heroes, &[]);
    quiet(&mut g);
    let seat = g.active();
    g.lay_tile(NORTH_OF_TREASURE, room(0), Dir::South);
    g.put_hero(seat, NORTH_OF_TREASURE);
    (g, t, seat)
}

#[test]
fn sleeping_dragon_gives_two_treasures_then_next_turn_draw_again_or_leave() {
    let (mut g, mut t, seat) = at_the_door(&["hugo"]);
    let (ruby, pearl) = (treasure("Ruby Ring"), treasure("Pearl Ring"));
    g.stack_deck(&[sleeping(0)]);
    g.stack_deck(&[ruby, pearl]);
    answer(&mut g, &mut t, Choice::Move(TREASURE[0]));
    assert_eq!(g.hero(seat).pos, TREASURE[0]);
    assert_eq!(held(&g, seat), sorted(vec![ruby, pearl]));
    assert_eq!(g.treasure_cards(seat), 2);
    assert_eq!(g.deck_len(Deck::Dragon), 7, "sleeping cards are not shuffled back");
    assert_eq!(g.hero(seat).stats.dragon_draws, 1);
    // The turn ended; the next one begins in the chamber: draw again or leave.
    expect(&g, seat, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    let l = legal(&g);
    assert!(l.contains(&Choice::DrawDragon));
    assert!(l.contains(&Choice::Move(NORTH_OF_TREASURE)));
    assert!(l.contains(&Choice::Move(SOUTH_OF_TREASURE)));
    assert!(!l.contains(&Choice::Search));
    g.check_invariants().unwrap();

    // Dragon Rage: treasure cards go, other loot stays, 2d6 wounds, all dragon cards back.
    let coins = card_in(Deck::Crypt, "Gold Coins");
    g.give_card(seat, coins);
    g.stack_deck(&[rage()]);
    g.force_dice(&[3, 4]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    let h = g.hero(seat);
    assert_eq!(h.held.to_vec(), vec![coins], "only the non-treasure loot is kept");
    assert_eq!(h.wounds, 7);
    assert!(h.stats.dragon_rage);
    assert_eq!(h.stats.dragon_draws, 2);
    assert!(in_discard(&g, Deck::Treasure, ruby) && in_discard(&g, Deck::Treasure, pearl));
    assert_eq!(g.deck_len(Deck::Dragon), 8, "every dragon card is shuffled back");
    assert_eq!(g.discard_pile(Deck::Dragon).count(), 0);
    expect(&g, seat, DecisionKind::Action);
    assert_eq!(g.round(), 3);
    g.check_invariants().unwrap();
}

#[test]
fn dragon_rage_strikes_every_hero_in_the_chamber_with_their_own_dice() {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    g.put_hero(0, TREASURE[0]);
    g.put_hero(1, TREASURE[1]);
    let (ruby, pearl, gold_ring) = (treasure("Ruby Ring"), treasure("Pearl Ring"), treasure("Gold Ring"));
    let coins = card_in(Deck::Crypt, "Gold Coins");
    g.give_card(1, ruby);
    g.give_card(0, pearl);
    g.give_card(0, gold_ring);
    g.give_card(0, coins);
    g.stack_deck(&[rage()]);
    g.force_dice(&[2, 3, 4, 5]); // the drawer (seat 1) first, then clockwise
    answer(&mut g, &mut t, Choice::DrawDragon);
    assert_eq!(g.hero(1).wounds, 5);
    assert_eq!(g.hero(0).wounds, 9);
    assert_eq!(g.treasure_cards(1), 0);
    assert_eq!(g.treasure_cards(0), 0);
    assert_eq!(g.hero(0).held.to_vec(), vec![coins], "other loot is kept");
    assert!(g.hero(0).stats.dragon_rage && g.hero(1).stats.dragon_rage);
    assert_eq!(g.deck_len(Deck::Dragon), 8);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

#[test]
fn gherinn_may_reroll_dragon_rage_dice() {
    let (mut g, mut t) = game(&["hugo", "gherinn"], &[]);
    quiet(&mut g);
    g.put_hero(1, TREASURE[0]);
    g.give_card(1, treasure("Ruby Ring"));
    g.stack_deck(&[rage()]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    expect(&g, 1, DecisionKind::RageReroll);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Reroll(0), Choice::Reroll(1), Choice::Reroll(2)]);
    g.force_dice(&[1]);
    answer(&mut g, &mut t, Choice::Reroll(0));
    assert_eq!(g.hero(1).wounds, 7, "1 (rerolled) + 6 (kept)");
    assert_eq!(g.treasure_cards(1), 0);
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
}

#[test]
fn dragon_cards_go_back_when_the_last_hero_leaves_the_chamber() {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    g.put_hero(0, TREASURE[0]);
    g.put_hero(1, TREASURE[0]);
    g.lay_tile(NORTH_OF_TREASURE, room(0), Dir::South);
    g.lay_tile(SOUTH_OF_TREASURE, room(1), Dir::North);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0), nth_card_in(Deck::Dungeon, "Empty", 1)]);
    g.stack_deck(&[sleeping(0)]);
    answer(&mut g, &mut t, Choice::DrawDragon); // seat 1
    assert_eq!(g.deck_len(Deck::Dragon), 7);
    expect(&g, 0, DecisionKind::Action);
    answer(&mut g, &mut t, Choice::Move(NORTH_OF_TREASURE)); // seat 0 leaves; seat 1 is still in
    assert_eq!(g.hero(0).pos, NORTH_OF_TREASURE);
    assert_eq!(g.deck_len(Deck::Dragon), 7);
    expect(&g, 1, DecisionKind::Action);
    answer(&mut g, &mut t, Choice::Move(SOUTH_OF_TREASURE)); // the last one leaves
    assert_eq!(g.hero(1).pos, SOUTH_OF_TREASURE);
    assert_eq!(g.deck_len(Deck::Dragon), 8);
    assert_eq!(g.discard_pile(Deck::Dragon).count(), 0);
    g.check_invariants().unwrap();
}

#[test]
fn the_harp_of_tranquility_makes_every_dragon_draw_two_cards() {
    let (mut g, mut t, seat) = at_the_door(&["hugo"]);
    let harp = treasure("Harp of Tranquility");
    g.give_card(seat, harp);
    g.stack_deck(&[sleeping(0), sleeping(1)]);
    let four = [treasure("Ruby Ring"), treasure("Pearl Ring"), treasure("Gold Ring"), treasure("Ebon Ring")];
    g.stack_deck(&four);
    answer(&mut g, &mut t, Choice::Move(TREASURE[0]));
    assert_eq!(g.deck_len(Deck::Dragon), 6, "two dragon cards drawn on entering");
    assert_eq!(g.hero(seat).stats.dragon_draws, 2);
    let mut want = four.to_vec();
    want.push(harp);
    assert_eq!(held(&g, seat), sorted(want));
    // The harp may be discarded at the start of a turn.
    expect(&g, seat, DecisionKind::StatusItems);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Card(harp)]);
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 7. Forbidden Tome
// ---------------------------------------------------------------------------------------------

/// Hugo (seat 0) holds the Forbidden Tome in the treasure chamber; Lindel (seat 1) ends his
/// turn quietly, so Hugo's turn starts there with `dice` forced.
fn tome_turn(dice: &[u8]) -> (Game<'static>, Trace) {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    assert_eq!(seat, 1);
    g.put_hero(0, TREASURE[0]);
    g.give_card(0, treasure("Forbidden Tome"));
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    g.force_dice(dice);
    answer(&mut g, &mut t, Choice::Move(B));
    (g, t)
}

#[test]
fn forbidden_tome_rolls_at_the_start_of_a_turn_in_the_treasure_chamber() {
    // 6-8: the turn ends.
    let (g, _t) = tome_turn(&[3, 4]);
    let h = g.hero(0);
    assert_eq!((h.status, h.pos, h.wounds), (HeroStatus::Board, TREASURE[0], 0));
    assert_eq!(h.stats.turns, 1);
    assert_eq!(h.stats.dragon_draws, 0, "no action was taken");
    expect(&g, 1, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    g.check_invariants().unwrap();

    // 2-3: he dies.
    let (g, _t) = tome_turn(&[1, 2]);
    let h = g.hero(0);
    assert_eq!(h.status, HeroStatus::Dead);
    assert_eq!(h.stats.death_cause, Some(DeathCause::Card));
    assert!(in_discard(&g, Deck::Treasure, treasure("Forbidden Tome")));
    expect(&g, 1, DecisionKind::Action);
    g.check_invariants().unwrap();

    // 4-5: 1d6 wounds, then the turn goes on.
    let (g, _t) = tome_turn(&[2, 2, 5]);
    assert_eq!(g.hero(0).wounds, 5);
    expect(&g, 0, DecisionKind::Action);
    assert!(legal(&g).contains(&Choice::DrawDragon));
    g.check_invariants().unwrap();

    // 9-11: draw 4 treasures, keep 2.
    let four = [treasure("Ruby Ring"), treasure("Pearl Ring"), treasure("Gold Ring"), treasure("Ebon Ring")];
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.put_hero(1, A);
    g.put_hero(0, TREASURE[0]);
    let tome = treasure("Forbidden Tome");
    g.give_card(0, tome);
    g.stack_deck(&four);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    g.force_dice(&[4, 5]);
    answer(&mut g, &mut t, Choice::Move(B));
    expect(&g, 0, DecisionKind::DiscardTreasure);
    answer(&mut g, &mut t, Choice::Card(four[0]));
    expect(&g, 0, DecisionKind::DiscardTreasure);
    answer(&mut g, &mut t, Choice::Card(four[1]));
    assert_eq!(held(&g, 0), sorted(vec![tome, four[2], four[3]]));
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // 12: draw 3 treasures and exit at once.
    let (g, _t) = tome_turn(&[6, 6]);
    let h = g.hero(0);
    assert_eq!(h.status, HeroStatus::Exited);
    assert_eq!(g.treasure_cards(0), 4);
    expect(&g, 1, DecisionKind::Action);
    g.check_invariants().unwrap();
}

#[test]
fn forbidden_tome_death_is_recorded_as_a_card_death_after_another_heros_combat() {
    // Lindel (seat 1) fights and escapes on his turn; then Hugo's Tome kills him. The death must
    // be recorded as caused by a card (the Tome), not by the monster Lindel met.
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    g.put_hero(0, TREASURE[0]);
    g.give_card(0, treasure("Forbidden Tome"));
    ambushed(&mut g, &mut t, monster("Troll", 4, 3));
    round(&mut g, &mut t, Magic, Ranged);
    g.force_dice(&[1, 1, 1, 2]); // escape test, then the Tome's 2d6
    answer(&mut g, &mut t, Choice::Yes); // the only way out is room A: taken at once
    assert_eq!(g.hero(seat).pos, A);
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Card));
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 8. The catacombs
// ---------------------------------------------------------------------------------------------

fn cata(name: &str) -> CardId {
    card_in(Deck::Catacomb, name)
}

fn gold_card(deck: Deck, gold: u32) -> CardId {
    rules()
        .deck_cards(deck)
        .find(|&c| rules().cards[c as usize].loot && rules().cards[c as usize].gold == gold)
        .unwrap()
}

/// A dead-end room: only the entry hall is open.
fn dead_end_room() -> u8 {
    tile(TileKind::DungeonRoom, [W, W, H, W], 0)
}

#[test]
fn entering_the_catacombs_takes_the_hero_off_the_board_and_ends_the_turn() {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    let s = rc(5, 2);
    // Hugo's quiet turn: D1 -> D2, an empty dungeon room.
    let (d1, d2) = (rc(8, 8), rc(8, 9));
    g.lay_tile(d1, room(1), Dir::South);
    g.lay_tile(d2, room(2), Dir::West);
    g.put_hero(0, d1);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    g.stack_deck(&[nth_card_in(Deck::Catacomb, "Empty", 0)]);
    go_below(&mut g, &mut t, s, Dir::East, &[]);
    let h = g.hero(1);
    assert_eq!(h.status, HeroStatus::Catacombs);
    assert_eq!((h.marker, h.marker_dir), (s, Dir::East));
    assert_eq!(h.stats.catacomb_entries, 1);
    assert!(h.row.is_empty());
    assert!(g.cell(s).explored);
    // His turn ended at once: Hugo's turn.
    expect(&g, 0, DecisionKind::Action);
    answer(&mut g, &mut t, Choice::Move(d2));
    // Lindel's next turn: below, the only action is to draw a catacomb card (taken at once),
    // which joins his row.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    let h = g.hero(1);
    assert_eq!(h.status, HeroStatus::Catacombs);
    assert_eq!(h.row.to_vec(), vec![nth_card_in(Deck::Catacomb, "Empty", 0)]);
    assert_eq!(h.stats.turns, 2);
    g.check_invariants().unwrap();
}

#[test]
fn exiting_the_catacombs_moves_the_marker_by_the_row_then_sideways_by_a_die() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let diamond = cata("Gigantic Diamond");
    let empty = nth_card_in(Deck::Catacomb, "Empty", 0);
    let exit = cata("Exit");
    g.stack_tiles(&[dead_end_room()]);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    // Three turns below: Empty, Gigantic Diamond, Exit.
    go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[empty, diamond, exit]);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.round(), 4);
    assert_eq!(g.hero(0).row.to_vec(), vec![empty, diamond, exit]);
    answer(&mut g, &mut t, Choice::Yes);
    // Three cards in the row: three spaces east.
    expect(&g, 0, DecisionKind::TurnDirection);
    assert_eq!(g.hero(0).marker, rc(5, 5));
    g.force_dice(&[3]);
    answer(&mut g, &mut t, Choice::Turn(false)); // east turned left: north, 3 spaces
                                                 // Unexplored: a tile is drawn and oriented as the player likes.
    expect(&g, 0, DecisionKind::TileOrientation);
    answer(&mut g, &mut t, Choice::Dir(Dir::West));
    let at = rc(2, 5);
    let h = g.hero(0);
    assert_eq!((h.status, h.pos, h.wounds), (HeroStatus::Board, at, 0));
    assert_eq!(h.held.to_vec(), vec![diamond], "loot catacomb cards join the loot");
    assert!(h.row.is_empty());
    assert_eq!(g.gold(0), 4000);
    assert!(in_discard(&g, Deck::Catacomb, empty) && in_discard(&g, Deck::Catacomb, exit));
    let cell = g.cell(at);
    assert!(cell.explored);
    assert_eq!(cell.sides, [W, W, W, H], "the entry arrow points west as chosen");
    assert!(!cell.catacomb_entrance, "no catacomb entrance marker where he resurfaces");
    // The chamber is resolved: a dungeon card was drawn.
    assert!(in_discard(&g, Deck::Dungeon, nth_card_in(Deck::Dungeon, "Empty", 0)));
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(legal(&g), vec![Choice::Move(rc(2, 4)), Choice::Search]);
    g.check_invariants().unwrap();
}

#[test]
fn exit_movement_stops_at_the_outer_wall_and_the_die_wounds_past_it() {
    // Step 1 (row length) stops at the wall without wounds.
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    g.stack_tiles(&[room(3)]);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    let e = |n| nth_card_in(Deck::Catacomb, "Empty", n);
    go_below(&mut g, &mut t, rc(5, 10), Dir::East, &[e(0), e(1), e(2), cata("Exit")]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).marker, rc(5, 12), "4 spaces east from column 10 stop at the wall");
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Turn(true)); // south
    answer(&mut g, &mut t, Choice::Dir(Dir::North));
    assert_eq!(g.hero(0).pos, rc(7, 12));
    assert_eq!(g.hero(0).wounds, 0);
    g.check_invariants().unwrap();

    // Step 2 (the die) past the wall: one wound per space left over.
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    g.stack_tiles(&[room(3)]);
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    go_below(&mut g, &mut t, rc(5, 4), Dir::East, &[cata("Exit")]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).marker, rc(5, 5));
    g.force_dice(&[6]);
    answer(&mut g, &mut t, Choice::Turn(false)); // north: 5 spaces to row 0, 1 past the wall
    answer(&mut g, &mut t, Choice::Dir(Dir::South));
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.stats.wounds_taken), (rc(0, 5), 1, 1));
    g.check_invariants().unwrap();

    // Those wounds can kill: death by resurfacing.
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    g.set_hero_state(0, 15, 0);
    go_below(&mut g, &mut t, rc(5, 4), Dir::East, &[cata("Exit")]);
    answer(&mut g, &mut t, Choice::Yes);
    g.force_dice(&[6]);
    answer(&mut g, &mut t, Choice::Turn(false));
    let h = g.hero(0);
    assert_eq!((h.status, h.stats.death_cause), (HeroStatus::Dead, Some(DeathCause::Resurfacing)));
    assert!(g.is_over());
    g.check_invariants().unwrap();
}

#[test]
fn resurfacing_on_a_bridge_or_chasm_asks_which_side() {
    for (tile_kind, sides) in [(TileKind::Bridge, [H, W, H, W]), (TileKind::Chasm, [H, H, H, H])] {
        let (mut g, mut t) = game(&["hugo"], &[]);
        quiet(&mut g);
        let at = rc(6, 3);
        g.lay_tile(at, tile(tile_kind, sides, 0), Dir::South);
        g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
        go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[cata("Exit")]);
        answer(&mut g, &mut t, Choice::Yes);
        g.force_dice(&[1]);
        answer(&mut g, &mut t, Choice::Turn(true)); // south, 1 space: (6,3)
        assert_eq!(g.hero(0).pos, at);
        expect(&g, 0, DecisionKind::ChooseSide);
        assert_eq!(legal(&g), vec![Choice::Part(0), Choice::Part(1)]);
        answer(&mut g, &mut t, Choice::Part(1));
        assert_eq!(g.hero(0).part, 1);
        if tile_kind == TileKind::Bridge {
            // Then the bridge: cross or end the turn.
            expect(&g, 0, DecisionKind::Bridge);
        } else {
            // The chasm draws a dungeon card.
            assert!(in_discard(&g, Deck::Dungeon, nth_card_in(Deck::Dungeon, "Empty", 0)));
        }
        g.check_invariants().unwrap();
    }
}

#[test]
fn resurfacing_into_a_chamber_with_a_monster_token_meets_the_monster() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let at = rc(6, 3);
    g.lay_tile(at, room(3), Dir::South);
    g.set_monster_token(at, true);
    g.stack_deck(&[monster("Troll", 4, 3)]);
    go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[cata("Exit")]);
    answer(&mut g, &mut t, Choice::Yes);
    let dungeon_left = g.deck_len(Deck::Dungeon);
    g.force_dice(&[1]);
    answer(&mut g, &mut t, Choice::Turn(true)); // south 1: (6,3)
    assert_eq!(g.hero(0).pos, at);
    expect(&g, 0, DecisionKind::HeroCombatCard);
    assert_eq!(g.combat(), Some((kind("Troll"), 0, 0)));
    assert_eq!(g.deck_len(Deck::Dungeon), dungeon_left, "the chamber's effect is not resolved");
    g.check_invariants().unwrap();
}

#[test]
fn resurfacing_into_the_treasure_chamber_draws_a_dragon_card() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    g.stack_deck(&[sleeping(0)]);
    // Down at (7,5) facing east: one card moves the marker to (7,6); turned left (north), a 2
    // reaches (5,6), the treasure chamber's southern half.
    go_below(&mut g, &mut t, rc(7, 5), Dir::East, &[cata("Exit")]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).marker, rc(7, 6));
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Turn(false));
    assert_eq!(g.hero(0).pos, TREASURE[0], "(5,6) is the treasure chamber");
    assert_eq!(g.deck_len(Deck::Dragon), 7);
    assert_eq!(g.treasure_cards(0), 2);
    g.check_invariants().unwrap();
}

#[test]
fn hole_in_the_roof_failure_ends_the_turn_and_offers_a_retest_next_turn() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let hole = cata("Hole in the Roof");
    g.force_dice(&[6, 6]); // Hugo's Agility 5: the test fails
    go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[hole]);
    // Next turn: retake the test or draw a card.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 3);
    assert_eq!(legal(&g), vec![Choice::DrawCatacomb, Choice::Retest]);
    let h = g.hero(0);
    assert_eq!((h.status, h.determination), (HeroStatus::Catacombs, 1));
    assert_eq!(h.row.to_vec(), vec![hole]);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Retest);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.hero(0).row.len(), 1, "no new card was drawn");
    g.check_invariants().unwrap();
}

#[test]
fn giant_naga_moves_and_turns_the_marker_and_discards_the_row_while_the_hero_stays_below() {
    let (mut g, mut t) = game(&["hugo"], &[]);
    quiet(&mut g);
    let diamond = cata("Gigantic Diamond");
    let naga = cata("Giant Naga");
    let exit = cata("Exit");
    go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[diamond, naga, exit]);
    // Round 3: the Naga. Exit steps 1-2 are worked out: 2 spaces east, then sideways.
    expect(&g, 0, DecisionKind::TurnDirection);
    assert_eq!(g.hero(0).marker, rc(5, 4));
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Turn(true)); // south 2: (7,4)
                                                // He stays below; next turn he draws the Exit.
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.round(), 4);
    let h = g.hero(0);
    assert_eq!(h.status, HeroStatus::Catacombs);
    assert_eq!(h.marker, rc(7, 4));
    // "Turned 180 degrees": read by the engine as reversing the travel direction (east -> west).
    assert_eq!(h.marker_dir, Dir::West);
    assert_eq!(h.row.to_vec(), vec![exit], "the whole row, loot included, was discarded");
    assert!(h.held.is_empty());
    assert!(in_discard(&g, Deck::Catacomb, diamond) && in_discard(&g, Deck::Catacomb, naga));
    g.check_invariants().unwrap();
}

#[test]
fn greedy_deep_elf_bribe_roll_against_the_card_gold() {
    // (die, exit offered, wounds): 100 < 200 lets him leave; 300 > 200 costs 4 wounds; a tie
    // does nothing.
    for (die, exit, wounds) in [(1, true, 0), (3, false, 4), (2, false, 0)] {
        let (mut g, mut t) = game(&["hugo"], &[]);
        quiet(&mut g);
        let coins = gold_card(Deck::Corpse, 200);
        g.give_card(0, coins);
        go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[cata("Greedy Deep Elf"), cata("Exit")]);
        expect(&g, 0, DecisionKind::Bribe);
        assert_eq!(legal(&g), vec![Choice::No, Choice::Card(coins)]);
        g.force_dice(&[die]);
        answer(&mut g, &mut t, Choice::Card(coins));
        assert!(g.hero(0).held.is_empty(), "the bribe is discarded");
        assert!(in_discard(&g, Deck::Corpse, coins));
        assert_eq!(g.hero(0).wounds, wounds, "die {die}");
        if exit {
            expect(&g, 0, DecisionKind::ExitCatacombs);
            assert_eq!(g.round(), 2);
        } else {
            // Nothing more this turn; next turn the Exit card is drawn.
            expect(&g, 0, DecisionKind::ExitCatacombs);
            assert_eq!(g.round(), 3, "die {die}");
        }
        g.check_invariants().unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// 9. The sun
// ---------------------------------------------------------------------------------------------

/// Lets the active hero (on room A, next to room B) end his turn by moving into B.
fn quiet_move(g: &mut Game<'static>, t: &mut Trace, to: Cell) {
    g.stack_deck(&[nth_card_in(Deck::Dungeon, "Empty", 0)]);
    answer(g, t, Choice::Move(to));
}

#[test]
fn the_sun_advances_once_per_round_at_the_first_players_turn() {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    assert_eq!(g.first_player(), 1);
    g.lay_tile(A, room(0), Dir::South);
    g.lay_tile(B, room(1), Dir::West);
    g.lay_tile(rc(8, 8), room(2), Dir::South);
    g.lay_tile(rc(8, 9), room(3), Dir::West);
    g.put_hero(1, A);
    g.put_hero(0, rc(8, 8));
    assert_eq!((g.round(), g.sun()), (1, 1));
    quiet_move(&mut g, &mut t, B); // seat 1, the first player
    expect(&g, 0, DecisionKind::Action);
    assert_eq!((g.round(), g.sun()), (1, 1), "not at the second player's turn");
    quiet_move(&mut g, &mut t, rc(8, 9));
    expect(&g, 1, DecisionKind::Action);
    assert_eq!((g.round(), g.sun()), (2, 2));
    quiet_move(&mut g, &mut t, A);
    assert_eq!(g.sun(), 2);
    g.check_invariants().unwrap();
}

#[test]
fn the_sun_moves_on_even_after_the_first_player_has_left() {
    // Documented decision: the sun counts rounds, whoever the first player is.
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    g.give_card(1, gold_card(Deck::Corpse, 50));
    g.lay_tile(rc(8, 8), room(2), Dir::South);
    g.lay_tile(rc(8, 9), room(3), Dir::West);
    g.lay_tile(rc(8, 10), room(4), Dir::West);
    g.put_hero(0, rc(8, 8));
    answer(&mut g, &mut t, Choice::ExitDungeon); // the first player leaves
    assert_eq!(g.hero(1).status, HeroStatus::Exited);
    quiet_move(&mut g, &mut t, rc(8, 9));
    expect(&g, 0, DecisionKind::Action);
    assert_eq!((g.round(), g.sun()), (2, 2));
    quiet_move(&mut g, &mut t, rc(8, 10));
    assert_eq!((g.round(), g.sun()), (3, 3));
    g.check_invariants().unwrap();
}

#[test]
fn sunset_kills_every_hero_still_inside_and_ends_the_game() {
    // Sun on 25: the next round moves it to 26 (sets on 1 or less). A 2 lets the game go on.
    let (mut g, mut t, seat) = arena(&["hugo"], &[]);
    g.set_sun(25);
    g.force_dice(&[2]);
    quiet_move(&mut g, &mut t, B);
    expect(&g, seat, DecisionKind::Action);
    assert_eq!(g.sun(), 26);
    assert!(!g.sun_has_set());
    // Space 27 sets on 2 or less: a 2 sets the sun.
    g.force_dice(&[2]);
    quiet_move(&mut g, &mut t, A);
    assert_eq!(g.sun(), 27);
    assert!(g.sun_has_set());
    assert!(g.is_over());
    assert_eq!(g.pending(), None);
    let h = g.hero(seat);
    assert_eq!(h.status, HeroStatus::Dead);
    assert_eq!(h.stats.death_cause, Some(DeathCause::Sunset));
    assert_eq!(g.winners(), 0);
    g.check_invariants().unwrap();
}

#[test]
fn sunset_also_kills_heroes_in_the_catacombs() {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    // Lindel (first player) goes below; Hugo exits; at the next round the sun sets on 30.
    g.give_card(0, gold_card(Deck::Corpse, 50));
    g.set_sun(29);
    go_below(&mut g, &mut t, rc(5, 2), Dir::East, &[]);
    expect(&g, 0, DecisionKind::Action);
    g.force_dice(&[5]); // space 30 sets on 5 or less
    answer(&mut g, &mut t, Choice::ExitDungeon);
    assert!(g.is_over());
    assert_eq!(g.sun(), 30);
    let h = g.hero(1);
    assert_eq!(h.status, HeroStatus::Dead);
    assert_eq!(h.stats.death_cause, Some(DeathCause::Sunset));
    assert_eq!(g.hero(0).status, HeroStatus::Exited);
    assert_eq!(g.winners(), 0b01);
    g.check_invariants().unwrap();
}

#[test]
fn after_the_last_space_the_sun_roll_repeats_every_round() {
    let (mut g, mut t, seat) = arena(&["hugo"], &[]);
    g.set_sun(30);
    g.force_dice(&[6]);
    quiet_move(&mut g, &mut t, B);
    assert_eq!((g.sun(), g.round()), (30, 2), "the token stays on the last space");
    assert!(!g.sun_has_set());
    g.force_dice(&[6]);
    quiet_move(&mut g, &mut t, A);
    assert_eq!((g.sun(), g.round()), (30, 3));
    assert!(!g.sun_has_set());
    expect(&g, seat, DecisionKind::Action);
    // The roll is against the last number, 5.
    g.force_dice(&[5]);
    quiet_move(&mut g, &mut t, B);
    assert!(g.sun_has_set());
    assert_eq!(g.hero(seat).stats.death_cause, Some(DeathCause::Sunset));
    assert_eq!(g.hero(seat).stats.end_round, 4);
    g.check_invariants().unwrap();
}

#[test]
fn late_start_advances_the_sun_one_die_at_setup() {
    let (g, t) = game(&["hugo"], &["late-start"]);
    let roll = t
        .events
        .iter()
        .find_map(|e| match *e {
            Event::LateStart { roll } => Some(roll),
            _ => None,
        })
        .expect("a late-start roll");
    assert!((1..=6).contains(&roll));
    assert_eq!(g.round(), 1);
    assert_eq!(g.sun(), 1 + roll);
    // The same seed without the rule: the sun is on space 1 in round 1.
    let (g2, _) = game(&["hugo"], &[]);
    assert_eq!(g2.sun(), 1);
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 10. Winning the game
// ---------------------------------------------------------------------------------------------

/// Both heroes stand on their towers with these loot cards and exit (seat 1, then seat 0).
fn both_exit(loot1: &[CardId], loot0: &[CardId]) -> Game<'static> {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    for &c in loot1 {
        g.give_card(1, c);
    }
    for &c in loot0 {
        g.give_card(0, c);
    }
    answer(&mut g, &mut t, Choice::ExitDungeon);
    expect(&g, 0, DecisionKind::Action);
    answer(&mut g, &mut t, Choice::ExitDungeon);
    assert!(g.is_over());
    assert_eq!((g.hero(0).status, g.hero(1).status), (HeroStatus::Exited, HeroStatus::Exited));
    g.check_invariants().unwrap();
    g
}

#[test]
fn the_winner_has_the_most_gold_then_the_best_card_then_the_most_cards() {
    let g250 = gold_card(Deck::Crypt, 250);
    let g200 = gold_card(Deck::Corpse, 200);
    let g50 = gold_card(Deck::Corpse, 50);
    let (stone0, stone1) = (nth_card_in(Deck::Treasure, "Loadstone", 0), nth_card_in(Deck::Treasure, "Loadstone", 1));
    let rope = card_in(Deck::Corpse, "Rope");

    // Highest total gold.
    let g = both_exit(&[g250], &[g200]);
    assert_eq!((g.gold(1), g.gold(0)), (250, 200));
    assert_eq!(g.winners(), 0b10);

    // Tied gold (250 each): the single most valuable loot card decides.
    let g = both_exit(&[g200, g50], &[g250]);
    assert_eq!((g.gold(1), g.gold(0)), (250, 250));
    assert_eq!(g.winners(), 0b01);

    // Tied gold and tied best card: more loot cards win (a 0-gold Rope is a loot card).
    let g = both_exit(&[stone0], &[stone1, rope]);
    assert_eq!((g.gold(1), g.gold(0)), (1, 1));
    assert_eq!(g.winners(), 0b01);

    // Still tied: all tied players win.
    let g = both_exit(&[stone0], &[stone1]);
    assert_eq!(g.winners(), 0b11);
}

#[test]
fn only_heroes_who_exited_can_win_and_nobody_wins_if_nobody_exits() {
    // Lindel exits with 1 gold; Hugo, with a Giant Ruby, is still inside at sunset.
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    g.give_card(1, nth_card_in(Deck::Treasure, "Loadstone", 0));
    g.give_card(0, treasure("Giant Ruby"));
    g.lay_tile(rc(8, 8), room(2), Dir::South);
    g.lay_tile(rc(8, 9), room(3), Dir::West);
    g.put_hero(0, rc(8, 8));
    g.set_sun(25);
    answer(&mut g, &mut t, Choice::ExitDungeon);
    g.force_dice(&[1]);
    quiet_move(&mut g, &mut t, rc(8, 9));
    assert!(g.is_over() && g.sun_has_set());
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.winners(), 0b10);
    g.check_invariants().unwrap();

    // Both die: nobody wins.
    let (mut g, mut t, seat) = arena(&["hugo"], &[]);
    g.set_sun(25);
    g.force_dice(&[1]);
    quiet_move(&mut g, &mut t, B);
    assert!(g.is_over());
    assert_eq!(g.hero(seat).status, HeroStatus::Dead);
    assert_eq!(g.winners(), 0);
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 11. Death Can Wait
// ---------------------------------------------------------------------------------------------

#[test]
fn death_can_wait_returns_the_cards_and_the_left_player_picks_a_tower() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &["death-can-wait"]);
    assert_eq!(seat, 1);
    let coins = gold_card(Deck::Corpse, 200);
    let rune_card = g.hero(seat).runes[0];
    g.give_card(seat, coins);
    g.set_hero_state(seat, 13, 2);
    let skeleton = monster("Skeleton", 2, 1);
    ambushed(&mut g, &mut t, skeleton);
    round(&mut g, &mut t, Melee, Melee); // 2 wounds: 15 of 15
                                         // The player to his left (the next seat) picks a free tower.
    expect(&g, 0, DecisionKind::RespawnTower);
    let hugo_tower = g.hero(0).pos;
    let mut free: Vec<Choice> = TOWERS.iter().filter(|&&c| c != hugo_tower).map(|&c| Choice::Move(c)).collect();
    free.sort_by_key(|c| format!("{c:?}"));
    let mut l = legal(&g);
    l.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(l, free);
    let h = g.hero(seat);
    assert!(h.held.is_empty() && h.runes.is_empty() && h.row.is_empty(), "all his cards are returned");
    assert!(in_discard(&g, Deck::Corpse, coins));
    assert!(in_discard(&g, Deck::Rune, rune_card));
    assert!(in_discard(&g, Deck::Monster, skeleton));
    answer(&mut g, &mut t, Choice::Move(TOWERS[2]));
    let h = g.hero(seat);
    assert_eq!((h.status, h.pos, h.wounds, h.determination), (HeroStatus::Board, TOWERS[2], 0, 0));
    assert_eq!(h.stats.deaths, 1);
    assert_eq!(h.stats.death_cause, None);
    assert!(g.cell(B).monster, "the token stays where he died");
    // Play goes on with Hugo's turn; then Lindel plays from his tower.
    expect(&g, 0, DecisionKind::Action);
    assert!(!g.is_over());
    g.check_invariants().unwrap();
}

#[test]
fn without_death_can_wait_a_dead_hero_stays_dead_but_still_plays_the_monster() {
    let (mut g, mut t, seat) = arena(&["hugo", "lindel"], &[]);
    let (d1, d2) = (rc(8, 8), rc(8, 9));
    g.lay_tile(d1, room(2), Dir::South);
    g.lay_tile(d2, room(3), Dir::West);
    g.put_hero(0, d1);
    g.set_hero_state(seat, 13, 0);
    ambushed(&mut g, &mut t, monster("Skeleton", 2, 1));
    round(&mut g, &mut t, Melee, Melee);
    assert_eq!(g.hero(seat).status, HeroStatus::Dead);
    expect(&g, 0, DecisionKind::Action);
    // Hugo is ambushed: the dead Lindel (the player to his left) plays the monster.
    g.stack_deck(&[dungeon("Ambush")]);
    g.stack_deck(&[monster("Troll", 4, 3)]);
    answer(&mut g, &mut t, Choice::Move(d2));
    expect(&g, 0, DecisionKind::HeroCombatCard);
    answer(&mut g, &mut t, Choice::Combat(Magic));
    expect(&g, 1, DecisionKind::MonsterCombatCard);
    answer(&mut g, &mut t, Choice::Combat(Ranged));
    assert_eq!(g.combat(), Some((kind("Troll"), 1, 1)));
    // After Hugo's turn the round ends without a turn for the dead Lindel.
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 12. Torchlight
// ---------------------------------------------------------------------------------------------

#[test]
fn torchlight_places_tiles_around_each_starting_tower() {
    let (g, _t) = game(&["hugo", "lindel"], &["torchlight"]);
    let placed = |c: Cell| g.cell(c).explored;
    // Hugo on (0,12), Lindel on (0,0): each tower opens on its two board neighbours.
    assert_eq!(g.hero(0).pos, rc(0, 12));
    assert_eq!(g.hero(1).pos, rc(0, 0));
    for c in [rc(0, 11), rc(1, 12), rc(0, 1), rc(1, 0)] {
        assert!(placed(c), "{c} should hold a tile");
    }
    assert_eq!(g.tiles_left(), 117 - 4);
    // Each tile's entry arrow points at the tower: that side is open.
    assert_ne!(g.cell(rc(0, 11)).sides[Dir::East as usize], W);
    assert_ne!(g.cell(rc(1, 12)).sides[Dir::North as usize], W);
    assert_ne!(g.cell(rc(0, 1)).sides[Dir::West as usize], W);
    assert_ne!(g.cell(rc(1, 0)).sides[Dir::North as usize], W);
    g.check_invariants().unwrap();
}

#[test]
fn torchlight_lights_every_open_doorless_hall_before_the_chamber_resolves() {
    let (mut g, mut t) = game(&["hugo"], &["torchlight"]);
    quiet(&mut g);
    let (from, x) = (rc(3, 2), rc(3, 3));
    g.lay_tile(from, room(0), Dir::South);
    // X: top Door, right Hall, bottom (entry) Hall, left Wall; arrow west, so in the world:
    // north Wall, east Door, south Hall, west Hall (back to `from`).
    g.lay_tile(x, tile(TileKind::DungeonRoom, [D, H, H, W], 0), Dir::West);
    assert_eq!(g.cell(x).sides, [W, D, H, H]);
    g.put_hero(0, from);
    let left = g.tiles_left();
    let empty = nth_card_in(Deck::Dungeon, "Empty", 0);
    g.stack_deck(&[empty]);
    answer(&mut g, &mut t, Choice::Move(x));
    assert!(g.cell(rc(4, 3)).explored, "the open hall south gets a tile");
    assert_ne!(g.cell(rc(4, 3)).sides[Dir::North as usize], W, "its entry arrow faces the hall");
    assert!(!g.cell(rc(3, 4)).explored, "no tile behind a door");
    assert!(!g.cell(rc(2, 3)).explored, "no tile behind a wall");
    // Entering `from`'s other neighbours is not torchlight's business here: only X's halls.
    assert_eq!(g.tiles_left(), left - 1);
    // Then the chamber resolves (after the tile was placed).
    let placed_at = t.events.iter().rposition(|e| matches!(e, Event::TilePlaced { cell, .. } if *cell == rc(4, 3)));
    let drawn_at = t.events.iter().rposition(|e| matches!(e, Event::CardDrawn { card, .. } if *card == empty));
    assert!(placed_at.unwrap() < drawn_at.unwrap());
    g.check_invariants().unwrap();
}

#[test]
fn torchlight_in_the_treasure_chamber_lights_all_its_halls() {
    let (mut g, mut t) = game(&["hugo"], &["torchlight"]);
    quiet(&mut g);
    g.lay_tile(NORTH_OF_TREASURE, room(0), Dir::South);
    g.put_hero(0, NORTH_OF_TREASURE);
    g.stack_deck(&[sleeping(0)]);
    answer(&mut g, &mut t, Choice::Move(TREASURE[0]));
    for c in [rc(4, 5), rc(4, 7), rc(5, 5), rc(5, 7), SOUTH_OF_TREASURE] {
        assert!(g.cell(c).explored, "{c} should hold a tile");
    }
    assert_eq!(g.deck_len(Deck::Dragon), 7, "then the dragon card is drawn");
    g.check_invariants().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 12. Issue 21 (Revised engine bugs 1, 5, 6 and the trace of a restart)
// ---------------------------------------------------------------------------------------------

/// Dragon Rage strikes every hero in the chamber even when the drawer dies of it first: the
/// drawer's death ends his turn, but not the hits owed to the others.
#[test]
fn dragon_rage_still_strikes_the_others_when_the_drawer_dies_first() {
    let (mut g, mut t) = game(&["hugo", "lindel"], &[]);
    quiet(&mut g);
    assert_eq!(g.active(), 1);
    g.put_hero(1, TREASURE[0]);
    g.put_hero(0, TREASURE[1]);
    // Lindel (health 15) draws with 13 wounds: the rage kills him.
    g.set_hero_state(1, 13, 0);
    let (ruby, pearl) = (treasure("Ruby Ring"), treasure("Pearl Ring"));
    g.give_card(1, ruby);
    g.give_card(0, pearl);
    g.stack_deck(&[rage()]);
    g.force_dice(&[2, 3, 4, 5]); // the drawer first, then clockwise
    answer(&mut g, &mut t, Choice::DrawDragon);
    assert_eq!(g.hero(1).status, HeroStatus::Dead);
    assert_eq!(g.hero(1).stats.death_cause, Some(DeathCause::Dragon));
    let h = g.hero(0);
    assert_eq!(h.wounds, 9, "Hugo rolls his own dice");
    assert_eq!(g.treasure_cards(0), 0, "Hugo loses his treasure too");
    assert!(h.stats.dragon_rage);
    assert!(in_discard(&g, Deck::Treasure, ruby) && in_discard(&g, Deck::Treasure, pearl));
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();

    // Under Death Can Wait the drawer restarts; the others are struck all the same.
    let (mut g, mut t) = game(&["hugo", "lindel"], &["death-can-wait"]);
    quiet(&mut g);
    g.put_hero(1, TREASURE[0]);
    g.put_hero(0, TREASURE[1]);
    g.set_hero_state(1, 13, 0);
    g.give_card(0, pearl);
    g.stack_deck(&[rage()]);
    g.force_dice(&[2, 3, 4, 5]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    expect(&g, 0, DecisionKind::RespawnTower);
    answer(&mut g, &mut t, Choice::Move(TOWERS[2]));
    assert_eq!(g.hero(1).pos, TOWERS[2]);
    assert_eq!((g.hero(0).wounds, g.treasure_cards(0)), (9, 0));
    expect(&g, 0, DecisionKind::Action);
    g.check_invariants().unwrap();
    // The trace says what happened: no "DIES" for a restart.
    let text = t.render(g.rules());
    assert!(text.contains("seat 1 is slain (dragon) and restarts"), "{text}");
    assert!(!text.contains("DIES"), "{text}");
}

/// A Harp of Tranquility found by a dragon draw doubles the later draws only, not that one.
#[test]
fn a_harp_found_by_a_dragon_draw_doubles_only_later_draws() {
    let (mut g, mut t, seat) = at_the_door(&["hugo"]);
    let harp = treasure("Harp of Tranquility");
    let ruby = treasure("Ruby Ring");
    g.stack_deck(&[sleeping(0), sleeping(1)]);
    g.stack_deck(&[harp, ruby]);
    answer(&mut g, &mut t, Choice::Move(TREASURE[0]));
    assert_eq!(g.hero(seat).stats.dragon_draws, 1, "one dragon card: the harp came with it");
    assert_eq!(g.deck_len(Deck::Dragon), 7);
    assert_eq!(held(&g, seat), sorted(vec![harp, ruby]));
    // The next draw is doubled.
    expect(&g, seat, DecisionKind::StatusItems);
    answer(&mut g, &mut t, Choice::Done);
    expect(&g, seat, DecisionKind::Action);
    g.stack_deck(&[sleeping(1), sleeping(2)]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    assert_eq!(g.hero(seat).stats.dragon_draws, 3);
    assert_eq!(g.deck_len(Deck::Dragon), 5);
    g.check_invariants().unwrap();
}

/// Solo: Tatianna's opening strike ("when she chooses to fight") comes after the escape
/// offer, and only when she fights without trying to escape.
#[test]
fn tatiannas_opening_strike_waits_for_her_choice_to_fight_in_solo_play() {
    // Declines the escape: the strike, then the rounds.
    let (mut g, mut t, seat) = arena(&["tatianna"], &["solo"]);
    ambushed(&mut g, &mut t, monster("Skeleton", 2, 1));
    expect(&g, seat, DecisionKind::SoloEscape);
    assert_eq!(g.combat(), Some((kind("Skeleton"), 0, 0)), "no strike before she chooses");
    g.force_dice(&[5]); // the d6 table: monster 1 more, dead
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(solo_rounds(&t), vec![(5, 0, 1)]);
    assert_eq!(g.hero(seat).stats.monsters_killed, 1);
    g.check_invariants().unwrap();

    // Tries the escape and fails: no strike.
    let (mut g, mut t, seat) = arena(&["tatianna"], &["solo"]);
    ambushed(&mut g, &mut t, monster("Skeleton", 2, 1));
    expect(&g, seat, DecisionKind::SoloEscape);
    g.force_dice(&[6, 6, 5, 5]); // Agility 9 fails; then the table: monster 1, twice
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(solo_rounds(&t), vec![(5, 0, 1), (5, 0, 1)], "the strike was not made: two rounds");
    assert_eq!(g.hero(seat).wounds, 1, "the escape penalty");
    assert_eq!(g.hero(seat).stats.monsters_killed, 1);
    g.check_invariants().unwrap();

    // Escapes: no strike either (the card is discarded unhurt).
    let (mut g, mut t, seat) = arena(&["tatianna"], &["solo"]);
    let skeleton = monster("Skeleton", 2, 1);
    ambushed(&mut g, &mut t, skeleton);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, seat, DecisionKind::EscapeTo);
    assert_eq!(g.hero(seat).stats.monsters_killed, 0);
    assert!(in_discard(&g, Deck::Monster, skeleton));
    g.check_invariants().unwrap();
}
