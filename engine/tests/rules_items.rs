//! Rule tests for the catacomb cards that act from the row or test Luck, kept cards that follow
//! the hero, and the treasure and loot cards with their own texts (reference data file 2.9).
//!
//! Hugo (health 16, Strength 7, Agility 5, Armor 9, Luck 4) or Lindel (health 15, Armor 4) play
//! with `no-abilities` and the Rune of Dragonfire (inert outside the treasure chamber), so no
//! optional prompt interrupts what is tested. In a one-hero game below ground every turn's only
//! action (draw a catacomb card) is taken by the engine, so the cards are stacked first and an
//! Exit card ends the run of automatic turns with a decision.

mod common;
use common::*;
use dq_engine::board::Cell;
use dq_engine::data::TileKind;
use dq_engine::trace::Trace;
use dq_engine::*;

type G = Game<'static>;

fn hero(id: &str) -> (G, Trace) {
    let (mut g, t) = game(&[id], &["no-abilities"]);
    g.give_rune(0, card_in(Deck::Rune, "Rune of Dragonfire"));
    g.put_hero(0, at(0, 0));
    expect(&g, 0, DecisionKind::Action);
    (g, t)
}

fn cata(name: &str) -> CardId {
    card_in(Deck::Catacomb, name)
}

fn treasure(name: &str) -> CardId {
    card_in(Deck::Treasure, name)
}

fn stairs_room() -> u8 {
    rules().tiles.iter().position(|t| t.kind == TileKind::DungeonRoom && t.stairs).unwrap() as u8
}

/// Goes below from a stairs room at (5,2), marker facing east, with these catacomb cards on top
/// and these dice forced for what follows.
fn below(g: &mut G, t: &mut Trace, draws: &[CardId], dice: &[u8]) {
    let c: Cell = at(5, 2);
    g.stack_deck(draws);
    g.lay_tile(c, stairs_room(), Dir::South);
    g.put_hero(0, c);
    answer(g, t, Choice::EnterCatacombs);
    expect(g, 0, DecisionKind::TravelDirection);
    g.force_dice(dice);
    answer(g, t, Choice::Dir(Dir::East));
}

#[test]
fn spiders_venom_wounds_on_1_or_2_at_each_status_phase_below() {
    let (mut g, mut t) = hero("hugo");
    let venom = cata("Spider's Venom");
    // Round 2 draws the venom; round 3's status roll is 2 (1 wound); round 4's is 6 (nothing).
    below(&mut g, &mut t, &[venom, cata("Empty"), cata("Exit")], &[2, 6]);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.round(), 4);
    assert_eq!(g.hero(0).wounds, 1);
    assert!(g.hero(0).row.contains(&venom));
    g.check_invariants().unwrap();
}

#[test]
fn catacomb_torch_goes_out_costs_the_draw_on_a_failed_luck_test() {
    let (mut g, mut t) = hero("hugo");
    let torch = nth_card_in(Deck::Catacomb, "Torch Goes Out", 0);
    let exit = cata("Exit");
    // Round 3: Luck 6+6 fails, the turn ends before any draw. Round 4: 1+1 passes, Exit drawn.
    below(&mut g, &mut t, &[torch, exit], &[6, 6, 1, 1]);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.round(), 4);
    assert_eq!(g.hero(0).row.to_vec(), vec![torch, exit]);
    assert_eq!(g.hero(0).determination, 1);
    g.check_invariants().unwrap();
}

#[test]
fn vampire_bite_is_kept_beyond_the_catacombs_and_wounds_every_status_phase() {
    let (mut g, mut t) = hero("hugo");
    let bite = cata("Vampire Bite");
    // Round 2: the lower of Agility 5 and Armor 9 is tested: 6+6 fails, the card is kept.
    // Round 3: 1 wound at the status phase, then the Exit card.
    below(&mut g, &mut t, &[bite, cata("Exit")], &[6, 6]);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.round(), 3);
    let h = g.hero(0);
    assert_eq!(h.wounds, 1);
    assert!(h.held.contains(&bite) && !h.row.contains(&bite));
    assert_eq!(g.loot_cards(0), 0, "a kept card is not loot");
    // Leave: 2 spaces east to (5,4), turn left (north), die 1: (4,4), a new tile.
    answer(&mut g, &mut t, Choice::Yes);
    g.stack_tiles(&[tile(TileKind::DungeonRoom, [H, H, H, H], 0)]);
    g.stack_deck(&[card_in(Deck::Dungeon, "Empty"), card_in(Deck::Dungeon, "Empty")]);
    g.force_dice(&[1]);
    answer(&mut g, &mut t, Choice::Turn(false));
    answer(&mut g, &mut t, Choice::Dir(Dir::South));
    // Round 4 starts on the board: the bite still bites.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 4);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    assert_eq!(g.hero(0).wounds, 2);
    assert!(g.hero(0).held.contains(&bite));
    g.check_invariants().unwrap();
}

#[test]
fn demon_flame_allows_no_determination() {
    for (dice, wounds) in [([6, 6], 5), ([1, 1], 1)] {
        let (mut g, mut t) = hero("hugo");
        g.set_hero_state(0, 0, 9);
        below(&mut g, &mut t, &[cata("Demon Flame"), cata("Exit")], &dice);
        // A failure with 9 tokens in hand is not offered a spend: no TestFailed decision came.
        expect(&g, 0, DecisionKind::ExitCatacombs);
        assert_eq!(g.hero(0).wounds, wounds);
        assert_eq!(g.hero(0).determination, if wounds == 5 { 10 } else { 9 });
        g.check_invariants().unwrap();
    }
}

#[test]
fn luck_cards_below_end_the_turn_on_a_pass() {
    for name in ["Skeleton Volley", "Golem Grab", "Troll Smash", "Sorcerer's Bolt"] {
        let (mut g, mut t) = hero("hugo");
        below(&mut g, &mut t, &[cata(name), cata("Exit")], &[1, 1]);
        expect(&g, 0, DecisionKind::ExitCatacombs);
        assert_eq!(g.round(), 3, "{name}: the pass ended round 2's turn, round 3 drew the exit");
        assert_eq!(g.hero(0).wounds, 0, "{name}");
        g.check_invariants().unwrap();
    }
}

#[test]
fn skeleton_volley_failure_costs_two_monsters_escape_penalties() {
    let (mut g, mut t) = hero("hugo");
    g.stack_deck(&[monster("Troll", 4, 3), monster("Demon", 8, 6)]);
    below(&mut g, &mut t, &[cata("Skeleton Volley"), cata("Exit")], &[6, 6]);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.hero(0).wounds, 9);
    assert_eq!(g.deck_len(Deck::Monster), 18);
    assert_eq!(g.discard_pile(Deck::Monster).count(), 2);
    g.check_invariants().unwrap();
}

#[test]
fn golem_grab_failure_wounds_and_takes_a_loot_card_of_the_players_choice() {
    let (mut g, mut t) = hero("hugo");
    let (c30, c150) = (
        rules().deck_cards(Deck::Dungeon).find(|&c| rules().cards[c as usize].gold == 30).unwrap(),
        rules().deck_cards(Deck::Search).find(|&c| rules().cards[c as usize].gold == 150).unwrap(),
    );
    g.give_card(0, c30);
    g.give_card(0, c150);
    below(&mut g, &mut t, &[cata("Golem Grab"), cata("Exit")], &[6, 6]);
    expect(&g, 0, DecisionKind::DiscardLoot);
    assert_eq!(legal(&g), vec![Choice::Card(c30), Choice::Card(c150)]);
    answer(&mut g, &mut t, Choice::Card(c30));
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.hero(0).wounds, 2);
    assert_eq!(g.gold(0), 150);
    g.check_invariants().unwrap();
}

#[test]
fn troll_smash_and_sorcerers_bolt_and_rats() {
    // Lindel: Armor 4, Luck 5. Troll Smash: 10 - Armor = 6. Bolt: 6+6 = 12 against 5: 7.
    // Horde of Rats: Armor 4 failed: 4 wounds.
    for (name, wounds) in [("Troll Smash", 6), ("Sorcerer's Bolt", 7), ("Horde of Rats", 4)] {
        let (mut g, mut t) = hero("lindel");
        below(&mut g, &mut t, &[cata(name), cata("Exit")], &[6, 6]);
        expect(&g, 0, DecisionKind::ExitCatacombs);
        assert_eq!(g.hero(0).wounds, wounds, "{name}");
        g.check_invariants().unwrap();
    }
}

#[test]
fn lingering_shade_is_left_behind_on_entering_the_catacombs() {
    let (mut g, mut t) = hero("hugo");
    let shade = card_in(Deck::Dungeon, "Lingering Shade");
    g.give_card(0, shade);
    below(&mut g, &mut t, &[cata("Exit")], &[]);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert!(!g.hero(0).held.contains(&shade));
    assert!(g.discard_pile(Deck::Dungeon).any(|c| c == shade));
    g.check_invariants().unwrap();
}

/// Hugo exits from his tower holding these cards; `dice` are forced for the end of the game.
fn exit_with(cards: &[CardId], dice: &[u8]) -> (G, Trace) {
    let (mut g, mut t) = hero("hugo");
    for &c in cards {
        g.give_card(0, c);
    }
    g.force_dice(dice);
    answer(&mut g, &mut t, Choice::ExitDungeon);
    (g, t)
}

#[test]
fn treasure_chest_is_worth_2d6_times_100_at_the_end() {
    let chest = cata("Treasure Chest");
    let (g, _) = exit_with(&[chest], &[3, 4]);
    assert!(g.is_over());
    assert_eq!(g.gold(0), 700);
    assert_eq!(g.winners(), 1);
    g.check_invariants().unwrap();
}

#[test]
fn artifact_eater_eats_another_loot_card_or_is_worth_the_roll() {
    let (eater, ruby) = (treasure("Artifact Eater"), treasure("Giant Ruby"));
    let (g, _) = exit_with(&[eater, ruby], &[2, 3]);
    assert_eq!(g.gold(0), 0, "2-5: another loot card is discarded");
    assert!(!g.hero(0).held.contains(&ruby) && g.hero(0).held.contains(&eater));
    let (g, _) = exit_with(&[eater, ruby], &[6, 6]);
    assert_eq!(g.gold(0), 3000 + 1200, "6-12: worth the roll x 100");
    g.check_invariants().unwrap();
}

#[test]
fn bottle_imp_is_an_optional_gamble_at_the_end() {
    let (imp, ruby, ring) = (card_in(Deck::Dungeon, "Bottle Imp"), treasure("Giant Ruby"), treasure("Ebon Ring"));
    // Declined: the gold stands.
    let (mut g, mut t) = exit_with(&[imp, ruby], &[]);
    expect(&g, 0, DecisionKind::EndGameItems);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Card(imp)]);
    answer(&mut g, &mut t, Choice::Done);
    assert!(g.is_over());
    assert_eq!(g.gold(0), 3000);
    // 4-6: a treasure card.
    let (mut g, mut t) = exit_with(&[imp, ruby], &[]);
    g.stack_deck(&[ring]);
    g.force_dice(&[5]);
    answer(&mut g, &mut t, Choice::Card(imp));
    assert!(g.is_over());
    assert_eq!(g.gold(0), 3080);
    // 1-3: another loot card at random (the ruby is the only other one).
    let (mut g, mut t) = exit_with(&[imp, ruby], &[]);
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Card(imp));
    assert_eq!(g.gold(0), 0);
    g.check_invariants().unwrap();
}

#[test]
fn sun_spear_and_staff_of_light_are_worth_2500_each_together() {
    let (spear, staff) = (treasure("Sun Spear"), treasure("Staff of Light"));
    let (g, _) = exit_with(&[spear, staff], &[]);
    assert_eq!(g.gold(0), 5000);
    let (g, _) = exit_with(&[spear], &[]);
    assert_eq!(g.gold(0), 1100);
    let (g, _) = exit_with(&[staff], &[]);
    assert_eq!(g.gold(0), 700);
}

#[test]
fn quicksilver_potion_gives_three_turns_in_a_row() {
    let (mut g, mut t) = hero("hugo");
    let qs = treasure("Quicksilver Potion");
    g.give_card(0, qs);
    // Move into an empty room; round 2's status phase offers the potion.
    g.lay_tile(at(0, 1), tile(TileKind::DungeonRoom, [H, H, H, H], 0), Dir::West);
    g.stack_deck(&[card_in(Deck::Dungeon, "Empty")]);
    answer(&mut g, &mut t, Choice::Move(at(0, 1)));
    expect(&g, 0, DecisionKind::StatusItems);
    assert_eq!(g.round(), 2);
    answer(&mut g, &mut t, Choice::Card(qs));
    assert!(!g.hero(0).held.contains(&qs));
    // This turn and two extra ones, all in round 2 with the sun on space 2.
    let mut turns = 0;
    while g.round() == 2 && !g.is_over() && turns <= 5 {
        expect(&g, 0, DecisionKind::Action);
        let search_or_move = if legal(&g).contains(&Choice::Search) { Choice::Search } else { legal(&g)[0] };
        g.stack_deck(&[card_in(Deck::Search, "Empty"), card_in(Deck::Dungeon, "Empty")]);
        answer(&mut g, &mut t, search_or_move);
        turns += 1;
    }
    let extra = t.events.iter().filter(|e| matches!(e, Event::TurnStart { extra: true, .. })).count();
    assert_eq!(turns, 3);
    assert_eq!(extra, 2);
    assert_eq!(g.sun(), 3, "the next round moved the sun once");
    g.check_invariants().unwrap();
}

#[test]
fn flying_carpet_passes_a_bottomless_pit_test_when_discarded() {
    let (mut g, mut t) = hero("hugo");
    let carpet = treasure("Flying Carpet");
    g.give_card(0, carpet);
    g.lay_tile(at(0, 1), tile(TileKind::BottomlessPit, [H, W, H, W], 0), Dir::West);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::Move(at(0, 1)));
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Card(carpet)]);
    answer(&mut g, &mut t, Choice::Card(carpet));
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    assert_eq!(g.hero(0).pos, at(0, 1));
    assert!(g.hero(0).held.is_empty());
    g.check_invariants().unwrap();
}
