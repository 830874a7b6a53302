//! Rule tests for cards, attribute tests, hero abilities, runes and death (Revised 2014).
//!
//! Sources: Revised Rules Reference (ATTRIBUTE TEST, DETERMINATION TOKEN, CARDS, LOOT, RUNE CARDS,
//! SEARCHING, HEALING, DEATH), reference data file sections 2.5 and 2.9,
//! `data/dungeonquest/revised/decks.ron`.
//!
//! Every test builds its scene by hand: the hero is put on tower (0,0), chambers are laid next to
//! him, decks are stacked, and dice are forced before the answer that leads to the roll. The engine
//! runs on to the next decision, so a status-phase roll of the next turn is forced before the move
//! of this one. Gherinn's stats are health 13, Strength 3, Agility 5, Armor 4, Luck 9.

mod common;
use common::*;
use dq_engine::board::Cell;
use dq_engine::data::{Side, TileKind};
use dq_engine::trace::Trace;
use dq_engine::*;

type G = Game<'static>;

const ALL_HALLS: [Side; 4] = [H, H, H, H];

/// Seat 0 on tower (0,0) in round 1's action phase, holding only the Rune of Dragonfire (which
/// acts only in the treasure chamber, so no rune window interrupts the test).
fn setup(heroes: &[&str], rules_on: &[&str]) -> (G, Trace) {
    let (mut g, t) = game(heroes, rules_on);
    g.give_rune(0, card_in(Deck::Rune, "Rune of Dragonfire"));
    g.put_hero(0, at(0, 0));
    expect(&g, 0, DecisionKind::Action);
    (g, t)
}

/// Gherinn without abilities: no "before the test" question interrupts the card tests.
fn plain() -> (G, Trace) {
    setup(&["gherinn"], &["no-abilities"])
}

/// Lays a tile of this kind and sides on `c` with its entry arrow facing `arrow`, using the first
/// such tile still in the stack.
fn lay(g: &mut G, c: Cell, kind: TileKind, sides: [Side; 4], arrow: Dir) {
    for k in 0.. {
        g.lay_tile(c, tile(kind, sides, k), arrow);
        if g.cell(c).explored {
            return;
        }
    }
}

/// A four-hall dungeon room on `c`, entry arrow facing `arrow`.
fn room(g: &mut G, c: Cell, arrow: Dir) {
    lay(g, c, TileKind::DungeonRoom, ALL_HALLS, arrow);
}

/// Stacks `cards`, forces `dice` and moves from the tower (0,0) into a four-hall tile of `kind`
/// laid on (0,1).
fn enter(g: &mut G, t: &mut Trace, kind: TileKind, cards: &[CardId], dice: &[u8]) {
    lay(g, at(0, 1), kind, ALL_HALLS, Dir::West);
    g.stack_deck(cards);
    g.force_dice(dice);
    answer(g, t, Choice::Move(at(0, 1)));
}

/// Enters a dungeon room on (0,1): the top dungeon card is drawn.
fn enter_room(g: &mut G, t: &mut Trace, cards: &[CardId], dice: &[u8]) {
    enter(g, t, TileKind::DungeonRoom, cards, dice);
}

/// Enters a trap chamber on (0,1): the top trap card is drawn.
fn enter_trap(g: &mut G, t: &mut Trace, cards: &[CardId], dice: &[u8]) {
    enter(g, t, TileKind::TrapChamber, cards, dice);
}

fn dungeon(name: &str) -> CardId {
    card_in(Deck::Dungeon, name)
}

fn trap(name: &str) -> CardId {
    card_in(Deck::Trap, name)
}

fn rune(name: &str) -> CardId {
    card_in(Deck::Rune, name)
}

/// The card of a deck with this name and gold value.
fn gold_card(deck: Deck, gold: u32) -> CardId {
    rules()
        .deck_cards(deck)
        .find(|&c| rules().cards[c as usize].name == "Gold Coins" && rules().cards[c as usize].gold == gold)
        .expect("gold card")
}

fn discards(g: &G, deck: Deck) -> Vec<CardId> {
    g.discard_pile(deck).collect()
}

fn count(t: &Trace, f: impl Fn(&Event) -> bool) -> usize {
    t.events.iter().filter(|e| f(e)).count()
}

/// Number of attribute tests rolled so far.
fn tests_rolled(t: &Trace) -> usize {
    count(t, |e| matches!(e, Event::Test { .. }))
}

fn no_runes(g: &G) {
    assert!(g.hero(0).runes.is_empty(), "a used rune is gone");
}

/// The next decision is seat 0's action in this round.
fn action_in_round(g: &G, round: u16) {
    expect(g, 0, DecisionKind::Action);
    assert_eq!(g.round(), round);
}

// =================================================================================================
// 1. Attribute tests and determination
// =================================================================================================

#[test]
fn attribute_test_passes_at_or_under_fails_over_and_determination_buys_the_shortfall() {
    let crossfire = trap("Crossfire Trap");

    // 2d6 equal to the attribute (Armor 4) passes: no wounds, no token.
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[crossfire], &[2, 2]);
    assert_eq!(g.hero(0).wounds, 0);
    assert_eq!(g.hero(0).determination, 0);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // One over fails: one determination token, and Crossfire's wounds equal the margin (1).
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[crossfire], &[2, 3]);
    assert_eq!(g.hero(0).wounds, 1);
    assert_eq!(g.hero(0).determination, 1);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // With tokens the player is asked: accept, or spend any number of them (Rules Reference:
    // "any number"); the shortfall (7 - 4 = 3) passes.
    let (mut g, mut t) = plain();
    g.set_hero_state(0, 0, 5);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 4]);
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), [Choice::Done].into_iter().chain((1..=5).map(Choice::Spend)).collect::<Vec<_>>());
    answer(&mut g, &mut t, Choice::Spend(3));
    assert_eq!(g.hero(0).determination, 2, "3 of 5 tokens spent");
    assert_eq!(g.hero(0).wounds, 0, "the test passed");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // Accepting the failure keeps the tokens and gains one more.
    let (mut g, mut t) = plain();
    g.set_hero_state(0, 0, 3);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 4]);
    expect(&g, 0, DecisionKind::TestFailed);
    answer(&mut g, &mut t, Choice::Done);
    assert_eq!(g.hero(0).determination, 4);
    assert_eq!(g.hero(0).wounds, 3);
    g.check_invariants().unwrap();

    // No tokens: nothing to decide, the test fails at once.
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 4]);
    action_in_round(&g, 2);
    assert_eq!(g.hero(0).determination, 1);
    assert_eq!(g.hero(0).wounds, 3);
    g.check_invariants().unwrap();
}

/// Determination: "he may spend any number of his determination tokens" (Rules Reference),
/// so a spend short of a pass is offered too; it lowers the total, and Crossfire Trap wounds
/// by what is left of the margin. The failure still earns a token.
#[test]
fn a_partial_determination_spend_lowers_a_margin_wound() {
    let crossfire = trap("Crossfire Trap");
    // 3 + 4 = 7 against Armor 4: short by 3, with 2 tokens.
    let (mut g, mut t) = plain();
    g.set_hero_state(0, 0, 2);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 4]);
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Spend(1), Choice::Spend(2)]);
    answer(&mut g, &mut t, Choice::Spend(2));
    assert_eq!(g.hero(0).wounds, 1, "failed by 1 after the spend");
    assert_eq!(g.hero(0).determination, 1, "both spent, one earned by the failure");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // More than the shortfall may be spent: a pass, the extra tokens wasted.
    let (mut g, mut t) = plain();
    g.set_hero_state(0, 0, 4);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 4]);
    answer(&mut g, &mut t, Choice::Spend(4));
    assert_eq!((g.hero(0).wounds, g.hero(0).determination), (0, 0));
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 2. Hero abilities
// =================================================================================================

#[test]
fn gherinn_takes_a_wound_for_three_tokens_once_per_turn() {
    let (mut g, mut t) = setup(&["gherinn"], &[]);
    room(&mut g, at(0, 1), Dir::West);
    g.put_hero(0, at(0, 1));
    // Ferrox: life 2, then Strength tests (Strength 3).
    g.stack_deck(&[card_in(Deck::Search, "Ferrox")]);
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::Search);
    expect(&g, 0, DecisionKind::BeforeTest);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Yes]);
    g.force_dice(&[1, 1, 1, 2]);
    answer(&mut g, &mut t, Choice::Yes);
    // The second test of the turn is rolled without asking again.
    assert_eq!(tests_rolled(&t), 2);
    assert_eq!(g.hero(0).wounds, 1);
    assert_eq!(g.hero(0).determination, 3);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // A new turn: the ability is offered again; declining it costs nothing.
    lay(&mut g, at(0, 2), TileKind::TrapChamber, ALL_HALLS, Dir::West);
    g.stack_deck(&[trap("Crossfire Trap")]);
    answer(&mut g, &mut t, Choice::Move(at(0, 2)));
    expect(&g, 0, DecisionKind::BeforeTest);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.hero(0).wounds, 1);
    assert_eq!(g.hero(0).determination, 3);
    action_in_round(&g, 3);
    g.check_invariants().unwrap();

    // Under `no-abilities` nothing is asked.
    let (mut g, mut t) = plain();
    room(&mut g, at(0, 1), Dir::West);
    g.put_hero(0, at(0, 1));
    g.stack_deck(&[card_in(Deck::Search, "Ferrox")]);
    g.force_dice(&[1, 1, 1]);
    answer(&mut g, &mut t, Choice::Search);
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!((g.hero(0).wounds, g.hero(0).determination), (0, 0));
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

#[test]
fn lindel_may_reroll_one_die_of_a_failed_test_once() {
    let crossfire = trap("Crossfire Trap");

    // Lindel's Armor is 4. 3 + 6 fails; rerolling the 6 into a 1 passes.
    let (mut g, mut t) = setup(&["lindel"], &[]);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 6]);
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Reroll(0), Choice::Reroll(1)]);
    g.force_dice(&[1]);
    answer(&mut g, &mut t, Choice::Reroll(1));
    assert_eq!((g.hero(0).wounds, g.hero(0).determination), (0, 0));
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // Once only: after a failed reroll the choices are the other ones (here: spend 4 tokens).
    let (mut g, mut t) = setup(&["lindel"], &[]);
    g.set_hero_state(0, 0, 4);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 6]);
    let spends: Vec<Choice> = (1..=4).map(Choice::Spend).collect();
    let mut want = vec![Choice::Done];
    want.extend(&spends);
    want.extend([Choice::Reroll(0), Choice::Reroll(1)]);
    assert_eq!(legal(&g), want, "9 - 4 = 5 > 4 tokens: every amount is offered all the same");
    g.force_dice(&[5]);
    answer(&mut g, &mut t, Choice::Reroll(1));
    expect(&g, 0, DecisionKind::TestFailed);
    let mut want = vec![Choice::Done];
    want.extend(&spends);
    assert_eq!(legal(&g), want);
    answer(&mut g, &mut t, Choice::Done);
    assert_eq!(g.hero(0).wounds, 4, "3 + 5 fails Armor 4 by 4");
    assert_eq!(g.hero(0).determination, 5);
    g.check_invariants().unwrap();

    // `no-abilities`: no reroll, the failure stands at once.
    let (mut g, mut t) = setup(&["lindel"], &["no-abilities"]);
    enter_trap(&mut g, &mut t, &[crossfire], &[3, 6]);
    action_in_round(&g, 2);
    assert_eq!(g.hero(0).wounds, 5);
    g.check_invariants().unwrap();
}

#[test]
fn challara_may_replace_a_dungeon_card_and_must_resolve_the_replacement() {
    let razor = dungeon("Razorwing Attack");
    let gold30 = gold_card(Deck::Dungeon, 30);

    // Replace the Razorwing: it is discarded unresolved, the Gold Coins are resolved.
    let (mut g, mut t) = setup(&["challara"], &[]);
    enter_room(&mut g, &mut t, &[razor, gold30], &[]);
    expect(&g, 0, DecisionKind::Redraw);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Yes]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).wounds, 0);
    assert_eq!(g.hero(0).held, &[gold30]);
    assert_eq!(g.gold(0), 30);
    assert_eq!(discards(&g, Deck::Dungeon), vec![razor]);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // The replacement cannot be replaced again: the Razorwing drawn second is resolved.
    let (mut g, mut t) = setup(&["challara"], &[]);
    enter_room(&mut g, &mut t, &[gold30, razor], &[]);
    expect(&g, 0, DecisionKind::Redraw);
    g.force_dice(&[5]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.hero(0).wounds, 5);
    assert!(g.hero(0).held.is_empty());
    assert_eq!(discards(&g, Deck::Dungeon), vec![gold30, razor], "oldest first");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // Keeping the card resolves it.
    let (mut g, mut t) = setup(&["challara"], &[]);
    enter_room(&mut g, &mut t, &[razor, gold30], &[]);
    g.force_dice(&[2]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.hero(0).wounds, 2);
    assert_eq!(g.deck_len(Deck::Dungeon), 49);
    g.check_invariants().unwrap();

    // `no-abilities`: nothing asked.
    let (mut g, mut t) = setup(&["challara"], &["no-abilities"]);
    enter_room(&mut g, &mut t, &[razor, gold30], &[3]);
    assert_eq!(g.hero(0).wounds, 3);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 3. Dungeon deck
// =================================================================================================

#[test]
fn dungeon_empty_does_nothing() {
    let (mut g, mut t) = plain();
    let empty = dungeon("Empty");
    enter_room(&mut g, &mut t, &[empty], &[]);
    assert_eq!(g.hero(0).pos, at(0, 1));
    assert_eq!((g.hero(0).wounds, g.hero(0).determination), (0, 0));
    assert!(g.hero(0).held.is_empty());
    assert_eq!(discards(&g, Deck::Dungeon), vec![empty]);
    assert_eq!(g.deck_len(Deck::Dungeon), 49);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

#[test]
fn dead_adventurer_may_draw_a_corpse_card() {
    let da = dungeon("Dead Adventurer");
    let gold50 = gold_card(Deck::Corpse, 50);

    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[da, gold50], &[]);
    expect(&g, 0, DecisionKind::MayDraw(Deck::Corpse));
    assert_eq!(legal(&g), vec![Choice::No, Choice::Yes]);
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.deck_len(Deck::Corpse), 14);
    assert_eq!(g.hero(0).held, &[gold50]);
    assert_eq!(g.gold(0), 50);
    assert_eq!(discards(&g, Deck::Dungeon), vec![da]);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[da, gold50], &[]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.deck_len(Deck::Corpse), 15);
    assert!(g.hero(0).held.is_empty());
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

#[test]
fn crypt_may_draw_a_crypt_card() {
    let crypt = dungeon("Crypt");
    let gold250 = gold_card(Deck::Crypt, 250);

    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[crypt, gold250], &[]);
    expect(&g, 0, DecisionKind::MayDraw(Deck::Crypt));
    answer(&mut g, &mut t, Choice::Yes);
    assert_eq!(g.deck_len(Deck::Crypt), 14);
    assert_eq!(g.gold(0), 250);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[crypt, gold250], &[]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.deck_len(Deck::Crypt), 15);
    assert_eq!(g.gold(0), 0);
    g.check_invariants().unwrap();
}

#[test]
fn gold_coins_are_loot() {
    let (mut g, mut t) = plain();
    let gold30 = gold_card(Deck::Dungeon, 30);
    enter_room(&mut g, &mut t, &[gold30], &[]);
    assert_eq!(g.hero(0).held, &[gold30]);
    assert_eq!(g.loot_cards(0), 1);
    assert_eq!(g.gold(0), 30);
    assert!(discards(&g, Deck::Dungeon).is_empty(), "loot is not discarded");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

#[test]
fn razorwing_attack_deals_1d6_wounds() {
    for d in [1, 6] {
        let (mut g, mut t) = plain();
        enter_room(&mut g, &mut t, &[dungeon("Razorwing Attack")], &[d]);
        assert_eq!(g.hero(0).wounds, d);
        action_in_round(&g, 2);
        g.check_invariants().unwrap();
    }
}

#[test]
fn hidden_trap_draws_a_trap_card() {
    let (mut g, mut t) = plain();
    let hidden = dungeon("Hidden Trap");
    let explosion = trap("Explosion");
    enter_room(&mut g, &mut t, &[hidden, explosion], &[]);
    assert_eq!(g.hero(0).wounds, 4, "Explosion resolved");
    assert_eq!(g.deck_len(Deck::Trap), 14);
    assert_eq!(discards(&g, Deck::Trap), vec![explosion]);
    assert_eq!(discards(&g, Deck::Dungeon), vec![hidden]);
    g.check_invariants().unwrap();
}

#[test]
fn passage_down_gives_the_chamber_a_catacomb_entrance() {
    let (mut g, mut t) = plain();
    assert!(!g.cell(at(0, 1)).catacomb_entrance);
    enter_room(&mut g, &mut t, &[dungeon("Passage Down")], &[]);
    assert!(g.cell(at(0, 1)).catacomb_entrance);
    action_in_round(&g, 2);
    assert!(legal(&g).contains(&Choice::EnterCatacombs));
    answer(&mut g, &mut t, Choice::EnterCatacombs);
    expect(&g, 0, DecisionKind::TravelDirection);
    answer(&mut g, &mut t, Choice::Dir(Dir::South));
    assert_eq!(g.hero(0).status, HeroStatus::Catacombs);
    g.check_invariants().unwrap();

    // A room without the card offers no entrance.
    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[dungeon("Empty")], &[]);
    assert!(!legal(&g).contains(&Choice::EnterCatacombs));
}

#[test]
fn ceiling_collapses_turns_the_tile_a_quarter_clockwise() {
    let (mut g, mut t) = plain();
    // A room walled on its right side; arrow west puts that wall to the south.
    lay(&mut g, at(0, 1), TileKind::DungeonRoom, [H, W, H, H], Dir::West);
    assert_eq!(g.cell(at(0, 1)).sides, [H, H, W, H]);
    g.stack_deck(&[dungeon("Ceiling Collapses")]);
    answer(&mut g, &mut t, Choice::Move(at(0, 1)));
    // A quarter turn clockwise: the south wall now faces west.
    assert_eq!(g.cell(at(0, 1)).sides, [H, H, H, W]);
    action_in_round(&g, 2);
    // The hall back to the tower is now walled.
    assert!(!legal(&g).contains(&Choice::Move(at(0, 0))));
    g.check_invariants().unwrap();
}

#[test]
fn curse_of_the_wizard_turns_every_corridor_by_the_die() {
    // Corridor (Wall, Wall, Hall, Hall) laid arrow south: halls south and west.
    let start = [W, W, H, H];
    for (die, after) in [
        (1, [H, W, W, H]),
        (2, [H, W, W, H]),
        (3, [H, H, W, W]),
        (4, [H, H, W, W]),
        (5, [W, H, H, W]),
        (6, [W, H, H, W]),
    ] {
        let (mut g, mut t) = plain();
        lay(&mut g, at(5, 2), TileKind::Corridor, [W, W, H, H], Dir::South);
        lay(&mut g, at(8, 10), TileKind::Corridor, [W, W, H, H], Dir::South);
        assert_eq!(g.cell(at(5, 2)).sides, start);
        enter_room(&mut g, &mut t, &[dungeon("Curse of the Wizard")], &[die]);
        assert_eq!(g.cell(at(5, 2)).sides, after, "die {die}");
        assert_eq!(g.cell(at(8, 10)).sides, after, "die {die}");
        assert_eq!(g.cell(at(0, 1)).sides, ALL_HALLS);
        action_in_round(&g, 2);
        g.check_invariants().unwrap();
    }
    // Only corridors turn: an asymmetric room stays put.
    let (mut g, mut t) = plain();
    lay(&mut g, at(5, 2), TileKind::DungeonRoom, [W, W, H, H], Dir::South);
    enter_room(&mut g, &mut t, &[dungeon("Curse of the Wizard")], &[1]);
    assert_eq!(g.cell(at(5, 2)).sides, start);
}

#[test]
fn torch_goes_out_is_kept_until_a_status_luck_test_passes() {
    let torch = dungeon("Torch Goes Out");
    let (mut g, mut t) = plain();
    g.set_hero_state(0, 0, 3);
    // Round 2's status phase: Luck 9 fails on 6 + 6 (3 tokens would buy it: the player is asked).
    enter_room(&mut g, &mut t, &[torch], &[6, 6]);
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(g.round(), 2);
    assert_eq!(g.hero(0).held, &[torch], "kept in the play area");
    assert_eq!(g.loot_cards(0), 0, "kept, not loot");
    // Failing ends the turn and the card stays; round 3's test passes and discards it.
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Done);
    let luck: Vec<bool> =
        t.events.iter().filter_map(|e| if let Event::Test { pass, .. } = e { Some(*pass) } else { None }).collect();
    assert_eq!(luck, vec![false, true]);
    action_in_round(&g, 3);
    assert_eq!(
        count(&t, |e| matches!(e, Event::Decided { kind: DecisionKind::Action, .. })),
        1,
        "round 2 had no action"
    );
    assert!(g.hero(0).held.is_empty());
    assert_eq!(discards(&g, Deck::Dungeon), vec![torch]);
    assert_eq!(g.hero(0).determination, 4);
    g.check_invariants().unwrap();

    // A first pass discards it at once and the turn goes on.
    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[torch], &[1, 1]);
    action_in_round(&g, 2);
    assert!(g.hero(0).held.is_empty());
    assert_eq!(discards(&g, Deck::Dungeon), vec![torch]);
    g.check_invariants().unwrap();
}

#[test]
fn lingering_shade_kills_on_a_status_roll_of_2_or_3() {
    let shade = dungeon("Lingering Shade");
    // 4 does nothing: the card stays, not as loot.
    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[shade], &[2, 2]);
    action_in_round(&g, 2);
    assert_eq!(g.hero(0).held, &[shade]);
    assert_eq!(g.loot_cards(0), 0);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    g.check_invariants().unwrap();

    for dice in [[1, 1], [1, 2]] {
        let (mut g, mut t) = plain();
        enter_room(&mut g, &mut t, &[shade], &dice);
        assert_eq!(g.hero(0).status, HeroStatus::Dead, "{dice:?}");
        assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Card));
        assert!(g.is_over());
        assert_eq!(discards(&g, Deck::Dungeon), vec![shade]);
        g.check_invariants().unwrap();
    }
}

/// Draws the dungeon Unstable Potion in round 1 and reaches round 2's status phase with
/// `wounds`, where the potion is offered.
fn potion_at_status(wounds: u8) -> (G, Trace, CardId) {
    let potion = dungeon("Unstable Potion");
    let (mut g, mut t) = plain();
    enter_room(&mut g, &mut t, &[potion], &[]);
    assert_eq!(g.hero(0).held, &[potion]);
    assert_eq!(g.loot_cards(0), 1, "the potion is loot");
    assert_eq!(g.gold(0), 0);
    expect(&g, 0, DecisionKind::StatusItems);
    assert_eq!(g.round(), 2);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Card(potion)]);
    g.set_hero_state(0, wounds, 0);
    (g, t, potion)
}

#[test]
fn unstable_potion_is_loot_offered_at_the_status_phase() {
    // Not drinking it keeps it.
    let (mut g, mut t, potion) = potion_at_status(0);
    answer(&mut g, &mut t, Choice::Done);
    action_in_round(&g, 2);
    assert_eq!(g.hero(0).held, &[potion]);
    g.check_invariants().unwrap();
}

/// Declining the status items goes on with the rest of the status phase: the end-of-status
/// rune window (a Stasis Rune held), then, the rune declined, the action, all in the same turn.
/// (Both answers run the steps after them straight away: `answer_status_item`,
/// `action_on_top`.) Used instead, the rune's effect comes before the action.
#[test]
fn status_items_declined_then_the_end_of_status_rune_window_then_the_action() {
    for use_it in [false, true] {
        let (mut g, mut t, potion) = potion_at_status(0);
        let r = rune("Stasis Rune");
        g.give_rune(0, r);
        answer(&mut g, &mut t, Choice::Done);
        expect(&g, 0, DecisionKind::Rune);
        assert_eq!(g.round(), 2);
        assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
        answer(&mut g, &mut t, if use_it { Choice::Card(r) } else { Choice::No });
        action_in_round(&g, 2);
        assert_eq!(g.hero(0).held, &[potion]);
        if use_it {
            rune_used(&g, r);
        } else {
            assert_eq!(g.hero(0).runes, &[r]);
        }
        g.check_invariants().unwrap();
    }
}

#[test]
fn unstable_potion_table_every_band() {
    // (dice, wounds before, wounds after); 2 kills.
    let cases: [([u8; 2], u8, u8); 10] = [
        ([1, 2], 0, 4),  // 3: 4 wounds
        ([2, 3], 5, 9),  // 5: 4 wounds
        ([3, 3], 5, 5),  // 6: nothing
        ([3, 4], 5, 5),  // 7: nothing
        ([4, 4], 5, 2),  // 8: heal 3
        ([4, 6], 5, 2),  // 10: heal 3
        ([4, 6], 2, 0),  // heal "up to" 3
        ([5, 6], 10, 0), // 11: heal all
        ([6, 6], 12, 0), // 12: heal all
        ([6, 6], 0, 0),
    ];
    for (dice, before, after) in cases {
        let (mut g, mut t, potion) = potion_at_status(before);
        g.force_dice(&dice);
        answer(&mut g, &mut t, Choice::Card(potion));
        assert_eq!(g.hero(0).wounds, after, "{dice:?} from {before}");
        assert!(g.hero(0).held.is_empty(), "drunk potions are discarded");
        assert_eq!(discards(&g, Deck::Dungeon), vec![potion]);
        action_in_round(&g, 2);
        g.check_invariants().unwrap();
    }
    let (mut g, mut t, potion) = potion_at_status(0);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Card(potion));
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Card));
    assert!(g.is_over());
    g.check_invariants().unwrap();
}

#[test]
fn shuffle_card_reshuffles_deck_and_discards_then_draws_again() {
    let (mut g, mut t) = plain();
    let empty = dungeon("Empty");
    let shuffle = dungeon("Shuffle");
    room(&mut g, at(0, 2), Dir::West);
    enter_room(&mut g, &mut t, &[empty, shuffle], &[]);
    assert_eq!(discards(&g, Deck::Dungeon), vec![empty]);
    assert_eq!(g.deck_len(Deck::Dungeon), 49);
    action_in_round(&g, 2);
    let before = t.events.len();
    answer(&mut g, &mut t, Choice::Move(at(0, 2)));
    let turn = &t.events[before..];
    let drawn: Vec<CardId> = turn
        .iter()
        .filter_map(|e| match e {
            Event::CardDrawn { card, .. } if rules().cards[*card as usize].deck == Deck::Dungeon => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(drawn.len(), 2, "the Shuffle card and one more");
    assert_eq!(drawn[0], shuffle);
    let shuffled = turn.iter().position(|e| matches!(e, Event::Shuffled { deck: Deck::Dungeon })).expect("shuffled");
    let second = turn.iter().rposition(|e| matches!(e, Event::CardDrawn { card, .. } if *card == drawn[1])).unwrap();
    assert!(shuffled < second, "shuffled before the new draw");
    // All 50 cards (the Empty and the Shuffle card included) formed the deck; one was drawn.
    assert_eq!(g.deck_len(Deck::Dungeon), 49);
    let kept = g.hero(0).held.len() as u16;
    assert_eq!(discards(&g, Deck::Dungeon).len() as u16 + kept, 1);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 4. Trap deck
// =================================================================================================

#[test]
fn trapdoor_agility_failure_wounds_and_drops_into_the_catacombs() {
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[trap("Trapdoor")], &[1, 4]);
    assert_eq!(g.hero(0).wounds, 0, "5 passes Agility 5");
    action_in_round(&g, 2);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    g.check_invariants().unwrap();

    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[trap("Trapdoor")], &[2, 4]);
    assert_eq!(g.hero(0).wounds, 1);
    assert_eq!(g.hero(0).determination, 1);
    expect(&g, 0, DecisionKind::TravelDirection);
    // Below, each turn draws a catacomb card (the only action, taken without asking).
    g.stack_deck(&[nth_card_in(Deck::Catacomb, "Empty", 0), nth_card_in(Deck::Catacomb, "Exit", 0)]);
    answer(&mut g, &mut t, Choice::Dir(Dir::East));
    assert_eq!(g.hero(0).status, HeroStatus::Catacombs);
    assert_eq!(g.hero(0).marker, at(0, 1));
    assert_eq!(g.hero(0).marker_dir, Dir::East);
    expect(&g, 0, DecisionKind::ExitCatacombs);
    assert_eq!(g.round(), 3);
    assert_eq!(g.hero(0).row.len(), 2);
    g.check_invariants().unwrap();
}

/// Two heroes: seat 1 (Hugo, first player) starts on (0,0) and enters a trap chamber on (0,1);
/// seat 0 (Gherinn) starts on (0,12) with an empty room on (0,11).
fn duo_trap(card: CardId, dice: &[u8]) -> (G, Trace) {
    let (mut g, mut t) = game(&["gherinn", "hugo"], &["no-abilities"]);
    g.give_rune(0, rune("Rune of Dragonfire"));
    g.give_rune(1, rune("Stasis Rune"));
    expect(&g, 1, DecisionKind::Action);
    assert_eq!(g.hero(1).pos, at(0, 0));
    assert_eq!(g.hero(0).pos, at(0, 12));
    room(&mut g, at(0, 11), Dir::East);
    lay(&mut g, at(0, 1), TileKind::TrapChamber, ALL_HALLS, Dir::West);
    g.stack_deck(&[card, dungeon("Empty")]);
    g.force_dice(dice);
    answer(&mut g, &mut t, Choice::Move(at(0, 1)));
    (g, t)
}

/// Seat 0 plays a turn into the empty room; seat 1's turns come next.
fn seat0_moves(g: &mut G, t: &mut Trace) {
    expect(g, 0, DecisionKind::Action);
    answer(g, t, Choice::Move(at(0, 11)));
}

#[test]
fn poisonous_snakes_deal_1d6_wounds_and_as_many_lost_turns() {
    let (mut g, mut t) = duo_trap(trap("Poisonous Snakes"), &[3]);
    assert_eq!(g.hero(1).wounds, 3);
    assert_eq!(g.hero(1).lost_turns, 3);
    seat0_moves(&mut g, &mut t);
    // Seat 1 loses round 2's turn: seat 0 plays again.
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 2);
    assert_eq!(g.hero(1).lost_turns, 2);
    g.check_invariants().unwrap();
}

#[test]
fn poisonous_gas_rolls_wounds_and_lost_turns_separately() {
    let (g, _t) = duo_trap(trap("Poisonous Gas"), &[5, 6]);
    assert_eq!(g.hero(1).wounds, 2);
    assert_eq!(g.hero(1).lost_turns, 3);
    g.check_invariants().unwrap();
    // Both are floored at zero.
    let (g, _t) = duo_trap(trap("Poisonous Gas"), &[2, 3]);
    assert_eq!(g.hero(1).wounds, 0);
    assert_eq!(g.hero(1).lost_turns, 0);
    g.check_invariants().unwrap();
}

#[test]
fn explosion_deals_4_wounds_and_skips_the_next_turn() {
    let (mut g, mut t) = duo_trap(trap("Explosion"), &[]);
    assert_eq!(g.hero(1).wounds, 4);
    assert_eq!(g.hero(1).lost_turns, 1);
    seat0_moves(&mut g, &mut t);
    expect(&g, 0, DecisionKind::Action);
    assert_eq!(g.round(), 2, "seat 1's round-2 turn was skipped");
    assert_eq!(g.hero(1).lost_turns, 0);
    assert_eq!(count(&t, |e| matches!(e, Event::TurnLost { seat: 1, .. })), 1);
    g.check_invariants().unwrap();

    // Solo: the next turn is skipped, round 3 is played.
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[trap("Explosion")], &[]);
    assert_eq!(g.hero(0).wounds, 4);
    action_in_round(&g, 3);
    assert_eq!(count(&t, |e| matches!(e, Event::TurnLost { seat: 0, .. })), 1);
    g.check_invariants().unwrap();
}

#[test]
fn swinging_blade_armor_failure_kills() {
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[trap("Swinging Blade")], &[2, 2]);
    assert_eq!(g.hero(0).status, HeroStatus::Board);
    assert_eq!(g.hero(0).wounds, 0);
    action_in_round(&g, 2);

    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[trap("Swinging Blade")], &[2, 3]);
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Trap));
    assert!(g.is_over());
    g.check_invariants().unwrap();
}

#[test]
fn crossfire_trap_armor_failure_wounds_by_the_margin() {
    let (mut g, mut t) = plain();
    enter_trap(&mut g, &mut t, &[trap("Crossfire Trap")], &[5, 6]);
    assert_eq!(g.hero(0).wounds, 7, "11 - Armor 4");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 5. Crypt and corpse decks
// =================================================================================================

/// Enters a room whose dungeon card is a Crypt and draws this crypt card.
fn crypt_card(g: &mut G, t: &mut Trace, card: CardId, dice: &[u8]) {
    enter_room(g, t, &[dungeon("Crypt"), card], &[]);
    expect(g, 0, DecisionKind::MayDraw(Deck::Crypt));
    g.force_dice(dice);
    answer(g, t, Choice::Yes);
}

/// Enters a room whose dungeon card is a Dead Adventurer and draws this corpse card.
fn corpse_card(g: &mut G, t: &mut Trace, card: CardId, dice: &[u8]) {
    enter_room(g, t, &[dungeon("Dead Adventurer"), card], &[]);
    expect(g, 0, DecisionKind::MayDraw(Deck::Corpse));
    g.force_dice(dice);
    answer(g, t, Choice::Yes);
}

#[test]
fn old_bones_on_4_to_6_is_a_monster_that_cannot_be_escaped() {
    let bones = card_in(Deck::Crypt, "Old Bones");
    let demon = monster("Demon", 8, 6);

    let (mut g, mut t) = plain();
    crypt_card(&mut g, &mut t, bones, &[3]);
    action_in_round(&g, 2);
    assert_eq!(g.deck_len(Deck::Monster), 20);
    g.check_invariants().unwrap();

    for die in [4, 6] {
        let (mut g, mut t) = plain();
        g.stack_deck(&[demon]);
        crypt_card(&mut g, &mut t, bones, &[die]);
        expect(&g, 0, DecisionKind::HeroCombatCard);
        assert!(g.cell(at(0, 1)).monster);
        answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Ranged));
        answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Magic));
        assert_eq!(g.hero(0).wounds, 1);
        // Nobody died: no escape is offered, the next round begins.
        expect(&g, 0, DecisionKind::HeroCombatCard);
        g.check_invariants().unwrap();
    }

    // An Ambush in the same position may be escaped.
    let (mut g, mut t) = plain();
    g.stack_deck(&[demon]);
    enter_room(&mut g, &mut t, &[dungeon("Ambush")], &[]);
    answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Ranged));
    answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Magic));
    expect(&g, 0, DecisionKind::Escape);
    g.check_invariants().unwrap();
}

#[test]
fn old_bones_in_the_corpse_deck_too() {
    let (mut g, mut t) = plain();
    g.stack_deck(&[monster("Demon", 8, 6)]);
    corpse_card(&mut g, &mut t, card_in(Deck::Corpse, "Old Bones"), &[5]);
    expect(&g, 0, DecisionKind::HeroCombatCard);
    answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Ranged));
    answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Magic));
    expect(&g, 0, DecisionKind::HeroCombatCard);
    g.check_invariants().unwrap();
}

#[test]
fn spectral_storm_strength_failure_costs_half_the_remaining_health_rounded_up() {
    let storm = card_in(Deck::Crypt, "Spectral Storm");
    // (wounds before, wounds after): 13 - 2 = 11 remaining -> 6; 13 - 3 = 10 -> 5.
    for (before, after) in [(2, 8), (3, 8), (0, 7), (12, 13)] {
        let (mut g, mut t) = plain();
        g.set_hero_state(0, before, 0);
        crypt_card(&mut g, &mut t, storm, &[2, 2]);
        if after >= 13 {
            assert_eq!(g.hero(0).status, HeroStatus::Dead);
            assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Card));
            assert!(g.is_over());
        } else {
            assert_eq!(g.hero(0).wounds, after, "from {before}");
            action_in_round(&g, 2);
        }
        g.check_invariants().unwrap();
    }
    // A pass (Strength 3) costs nothing.
    let (mut g, mut t) = plain();
    crypt_card(&mut g, &mut t, storm, &[1, 2]);
    assert_eq!(g.hero(0).wounds, 0);
    g.check_invariants().unwrap();
}

#[test]
fn scorpions_deal_d6_minus_1_and_minus_2_floored_at_zero() {
    for (name, die, wounds) in [
        ("Scorpion", 1, 0),
        ("Scorpion", 6, 5),
        ("Small Scorpion", 1, 0),
        ("Small Scorpion", 2, 0),
        ("Small Scorpion", 6, 4),
        ("Deadly Scorpion", 6, 6),
    ] {
        let (mut g, mut t) = plain();
        corpse_card(&mut g, &mut t, card_in(Deck::Corpse, name), &[die]);
        assert_eq!(g.hero(0).wounds, wounds, "{name} {die}");
        action_in_round(&g, 2);
        g.check_invariants().unwrap();
    }
}

#[test]
fn rope_is_loot_that_passes_a_trapdoor_test_when_discarded() {
    let rope = card_in(Deck::Corpse, "Rope");
    let (mut g, mut t) = plain();
    corpse_card(&mut g, &mut t, rope, &[]);
    assert_eq!(g.hero(0).held, &[rope]);
    assert_eq!(g.loot_cards(0), 1);
    assert_eq!(g.gold(0), 0);
    action_in_round(&g, 2);

    // Next turn: a Trapdoor fails (6 + 6 against Agility 5): the rope is offered.
    lay(&mut g, at(0, 2), TileKind::TrapChamber, ALL_HALLS, Dir::West);
    g.stack_deck(&[trap("Trapdoor")]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::Move(at(0, 2)));
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Card(rope)]);
    answer(&mut g, &mut t, Choice::Card(rope));
    assert_eq!(g.hero(0).status, HeroStatus::Board, "the test passed: no fall");
    assert_eq!(g.hero(0).wounds, 0);
    assert_eq!(g.hero(0).determination, 0);
    assert!(g.hero(0).held.is_empty());
    assert_eq!(discards(&g, Deck::Corpse), vec![rope]);
    action_in_round(&g, 3);
    g.check_invariants().unwrap();

    // The rope does not help with other tests (Crossfire's Armor test fails at once).
    let (mut g, mut t) = plain();
    g.give_card(0, rope);
    enter_trap(&mut g, &mut t, &[trap("Crossfire Trap")], &[6, 6]);
    action_in_round(&g, 2);
    assert_eq!(g.hero(0).wounds, 8);
    assert_eq!(g.hero(0).held, &[rope]);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 6. Search deck
// =================================================================================================

/// Seat 0 stands in a four-hall room on (0,1) and searches it.
fn search(g: &mut G, t: &mut Trace, cards: &[CardId], dice: &[u8]) {
    room(g, at(0, 1), Dir::West);
    g.put_hero(0, at(0, 1));
    g.stack_deck(cards);
    g.force_dice(dice);
    answer(g, t, Choice::Search);
}

#[test]
fn ferrox_d6_life_then_strength_tests_until_one_side_is_dead() {
    let (mut g, mut t) = plain();
    // Life 2. Pass (life 1), fail (1 wound), fail (1 wound), pass (life 0). The second failure
    // may spend the token the first earned: declined.
    search(&mut g, &mut t, &[card_in(Deck::Search, "Ferrox")], &[2, 1, 1, 6, 6, 5, 6, 1, 2]);
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Spend(1)]);
    answer(&mut g, &mut t, Choice::Done);
    assert_eq!(tests_rolled(&t), 4);
    assert_eq!(g.hero(0).wounds, 2);
    assert_eq!(g.hero(0).determination, 2);
    assert!(g.cell(at(0, 1)).searched);
    assert_eq!(discards(&g, Deck::Search), vec![card_in(Deck::Search, "Ferrox")]);
    action_in_round(&g, 2);
    assert!(!legal(&g).contains(&Choice::Search), "searched chambers cannot be searched again");
    g.check_invariants().unwrap();

    // Ferrox can kill: 1 wound left, the first failure is fatal.
    let (mut g, mut t) = plain();
    g.set_hero_state(0, 12, 0);
    search(&mut g, &mut t, &[card_in(Deck::Search, "Ferrox")], &[6, 6, 6]);
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Card));
    assert!(g.is_over());
    g.check_invariants().unwrap();
}

#[test]
fn giant_centipede_deals_2d6_wounds() {
    let (mut g, mut t) = plain();
    search(&mut g, &mut t, &[card_in(Deck::Search, "Giant Centipede")], &[3, 4]);
    assert_eq!(g.hero(0).wounds, 7);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 7. Decks reform
// =================================================================================================

#[test]
fn an_empty_deck_reforms_from_its_discard_pile() {
    let (mut g, mut t) = plain();
    let keep = [nth_card_in(Deck::Corpse, "Empty", 0), nth_card_in(Deck::Corpse, "Empty", 1)];
    for c in rules().deck_cards(Deck::Corpse) {
        if !keep.contains(&c) {
            g.give_card(0, c);
        }
    }
    assert_eq!(g.deck_len(Deck::Corpse), 2);
    let das: Vec<CardId> = (0..3).map(|k| nth_card_in(Deck::Dungeon, "Dead Adventurer", k)).collect();
    g.stack_deck(&das);
    for col in 1..=3 {
        room(&mut g, at(0, col), Dir::West);
    }
    for col in 1..=3u8 {
        if g.pending() == Some(Decision { seat: 0, kind: DecisionKind::StatusItems }) {
            answer(&mut g, &mut t, Choice::Done); // the Unstable Potion held
        }
        expect(&g, 0, DecisionKind::Action);
        answer(&mut g, &mut t, Choice::Move(at(0, col)));
        expect(&g, 0, DecisionKind::MayDraw(Deck::Corpse));
        answer(&mut g, &mut t, Choice::Yes);
        let (deck, pile) = (g.deck_len(Deck::Corpse), discards(&g, Deck::Corpse).len());
        match col {
            1 => assert_eq!((deck, pile), (1, 1)),
            2 => assert_eq!((deck, pile), (0, 2)),
            // The two discarded cards were shuffled into a new deck, and one was drawn.
            _ => assert_eq!((deck, pile), (1, 1)),
        }
        g.check_invariants().unwrap();
    }
    assert_eq!(count(&t, |e| matches!(e, Event::Shuffled { deck: Deck::Corpse })), 1);
}

// =================================================================================================
// 8. Runes
// =================================================================================================

/// Plain Gherinn holding only this rune.
fn with_rune(name: &str) -> (G, Trace, CardId) {
    let (mut g, t) = plain();
    let r = rune(name);
    g.give_rune(0, r);
    assert_eq!(g.hero(0).runes, &[r]);
    (g, t, r)
}

/// A rune was used: gone from the hero, into the rune discard pile (the box).
fn rune_used(g: &G, r: CardId) {
    no_runes(g);
    assert_eq!(discards(g, Deck::Rune), vec![r]);
}

#[test]
fn rune_of_healing_heals_up_to_6_at_the_end_of_the_status_phase() {
    for (before, after) in [(8, 2), (3, 0)] {
        let (mut g, mut t, r) = with_rune("Rune of Healing");
        g.set_hero_state(0, before, 0);
        enter_room(&mut g, &mut t, &[dungeon("Empty")], &[]);
        expect(&g, 0, DecisionKind::Rune);
        assert_eq!(g.round(), 2);
        assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
        answer(&mut g, &mut t, Choice::Card(r));
        assert_eq!(g.hero(0).wounds, after);
        rune_used(&g, r);
        action_in_round(&g, 2);
        g.check_invariants().unwrap();
    }
    // Declined, it stays for later.
    let (mut g, mut t, r) = with_rune("Rune of Healing");
    enter_room(&mut g, &mut t, &[dungeon("Empty")], &[]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.hero(0).runes, &[r]);
    action_in_round(&g, 2);
}

#[test]
fn stasis_rune_gives_an_extra_turn() {
    let (mut g, mut t, r) = with_rune("Stasis Rune");
    room(&mut g, at(0, 2), Dir::West);
    enter_room(&mut g, &mut t, &[dungeon("Empty"), nth_card_in(Deck::Dungeon, "Empty", 1)], &[]);
    expect(&g, 0, DecisionKind::Rune);
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    action_in_round(&g, 2);
    answer(&mut g, &mut t, Choice::Move(at(0, 2)));
    // The same seat plays again in the same round.
    action_in_round(&g, 2);
    assert_eq!(count(&t, |e| matches!(e, Event::TurnStart { seat: 0, extra: true, .. })), 1);
    assert_eq!(g.hero(0).stats.turns, 3);
    assert_eq!(g.sun(), 2, "an extra turn does not move the sun");
    g.check_invariants().unwrap();
}

#[test]
fn rune_of_luck_turns_a_failed_test_into_a_pass_and_clears_determination() {
    let (mut g, mut t, r) = with_rune("Rune of Luck");
    g.set_hero_state(0, 0, 2);
    enter_trap(&mut g, &mut t, &[trap("Crossfire Trap")], &[6, 6]);
    expect(&g, 0, DecisionKind::TestFailed);
    assert_eq!(legal(&g), vec![Choice::Done, Choice::Spend(1), Choice::Spend(2), Choice::Card(r)]);
    answer(&mut g, &mut t, Choice::Card(r));
    assert_eq!(g.hero(0).wounds, 0, "the test passed");
    assert_eq!(g.hero(0).determination, 0, "all tokens discarded");
    rune_used(&g, r);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

#[test]
fn rune_of_death_cancels_an_ambush() {
    let (mut g, mut t, r) = with_rune("Rune of Death");
    let ambush = dungeon("Ambush");
    enter_room(&mut g, &mut t, &[ambush], &[]);
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    assert_eq!(g.deck_len(Deck::Monster), 20, "no monster drawn");
    assert!(!g.cell(at(0, 1)).monster);
    assert_eq!(discards(&g, Deck::Dungeon), vec![ambush]);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // Not used: the monster comes.
    let (mut g, mut t, r) = with_rune("Rune of Death");
    enter_room(&mut g, &mut t, &[ambush], &[]);
    answer(&mut g, &mut t, Choice::No);
    expect(&g, 0, DecisionKind::HeroCombatCard);
    assert_eq!(g.hero(0).runes, &[r]);
    g.check_invariants().unwrap();

    // Not offered for other dungeon cards.
    let (mut g, mut t, r) = with_rune("Rune of Death");
    enter_room(&mut g, &mut t, &[dungeon("Razorwing Attack")], &[2]);
    assert_eq!(g.hero(0).wounds, 2);
    assert_eq!(g.hero(0).runes, &[r]);
    action_in_round(&g, 2);
}

#[test]
fn rune_of_blinding_discards_a_search_crypt_or_corpse_card_unresolved_for_1_wound() {
    let centipede = card_in(Deck::Search, "Giant Centipede");
    let (mut g, mut t, r) = with_rune("Rune of Blinding");
    search(&mut g, &mut t, &[centipede], &[]);
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
    g.force_dice(&[6, 6]);
    answer(&mut g, &mut t, Choice::Card(r));
    assert_eq!(g.hero(0).wounds, 1, "1 wound instead of 2d6");
    assert_eq!(discards(&g, Deck::Search), vec![centipede]);
    rune_used(&g, r);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // A crypt card.
    let (mut g, mut t, r) = with_rune("Rune of Blinding");
    let storm = card_in(Deck::Crypt, "Spectral Storm");
    enter_room(&mut g, &mut t, &[dungeon("Crypt"), storm], &[]);
    answer(&mut g, &mut t, Choice::Yes);
    expect(&g, 0, DecisionKind::Rune);
    answer(&mut g, &mut t, Choice::Card(r));
    assert_eq!(g.hero(0).wounds, 1);
    assert_eq!(tests_rolled(&t), 0, "the storm was not resolved");
    assert_eq!(discards(&g, Deck::Crypt), vec![storm]);
    g.check_invariants().unwrap();

    // Not for dungeon cards.
    let (mut g, mut t, r) = with_rune("Rune of Blinding");
    enter_room(&mut g, &mut t, &[dungeon("Razorwing Attack")], &[4]);
    assert_eq!(g.hero(0).wounds, 4);
    assert_eq!(g.hero(0).runes, &[r]);
    action_in_round(&g, 2);
}

/// Round 1: tower (0,0) to an empty room on (1,0). A room on (1,1) has a door facing it.
fn door_scene(rune_name: &str) -> (G, Trace, CardId) {
    let (mut g, mut t, r) = with_rune(rune_name);
    room(&mut g, at(1, 0), Dir::North);
    // (Door, Hall, Hall, Hall) with the arrow east: the door faces west.
    lay(&mut g, at(1, 1), TileKind::DungeonRoom, [D, H, H, H], Dir::East);
    assert_eq!(g.cell(at(1, 1)).sides[3], D);
    g.stack_deck(&[dungeon("Empty"), nth_card_in(Deck::Dungeon, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Move(at(1, 0)));
    expect(&g, 0, DecisionKind::Rune);
    (g, t, r)
}

#[test]
fn rune_of_opening_ignores_doors_that_turn() {
    let (mut g, mut t, r) = door_scene("Rune of Opening");
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    action_in_round(&g, 2);
    answer(&mut g, &mut t, Choice::Move(at(1, 1)));
    assert_eq!(g.hero(0).pos, at(1, 1));
    assert_eq!(g.deck_len(Deck::Door), 15, "no door card drawn");
    action_in_round(&g, 3);
    g.check_invariants().unwrap();

    // Without it the door card is drawn.
    let (mut g, mut t, _) = door_scene("Rune of Opening");
    answer(&mut g, &mut t, Choice::No);
    g.stack_deck(&[card_in(Deck::Door, "Door Opens")]);
    answer(&mut g, &mut t, Choice::Move(at(1, 1)));
    assert_eq!(g.hero(0).pos, at(1, 1));
    assert_eq!(g.deck_len(Deck::Door), 14);
    g.check_invariants().unwrap();

    // Portcullises too: no Strength test.
    let (mut g, mut t, r) = with_rune("Rune of Opening");
    room(&mut g, at(1, 0), Dir::North);
    // (Hall, Wall, Portcullis, Wall) with the arrow west: the portcullis faces (1,0).
    lay(&mut g, at(1, 1), TileKind::DungeonRoom, [H, W, P, W], Dir::West);
    assert_eq!(g.cell(at(1, 1)).sides[3], P);
    g.stack_deck(&[dungeon("Empty"), nth_card_in(Deck::Dungeon, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Move(at(1, 0)));
    answer(&mut g, &mut t, Choice::Card(r));
    answer(&mut g, &mut t, Choice::Move(at(1, 1)));
    assert_eq!(g.hero(0).pos, at(1, 1));
    assert_eq!(tests_rolled(&t), 0);
    g.check_invariants().unwrap();

    // Without the rune the portcullis takes a Strength test (Strength 3: 1 + 1 passes).
    let (mut g, mut t, _) = with_rune("Rune of Opening");
    room(&mut g, at(1, 0), Dir::North);
    lay(&mut g, at(1, 1), TileKind::DungeonRoom, [H, W, P, W], Dir::West);
    g.stack_deck(&[dungeon("Empty"), nth_card_in(Deck::Dungeon, "Empty", 1)]);
    answer(&mut g, &mut t, Choice::Move(at(1, 0)));
    answer(&mut g, &mut t, Choice::No);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Move(at(1, 1)));
    assert_eq!(tests_rolled(&t), 1);
    assert_eq!(g.hero(0).pos, at(1, 1));
    g.check_invariants().unwrap();
}

#[test]
fn rune_of_insight_removes_search_tokens_here_and_next_door() {
    let (mut g, mut t, r) = with_rune("Rune of Insight");
    let (a, b, c) = (at(2, 1), at(1, 1), at(0, 1));
    room(&mut g, a, Dir::North);
    room(&mut g, b, Dir::North);
    room(&mut g, c, Dir::West);
    g.put_hero(0, a);
    g.stack_deck(&[
        nth_card_in(Deck::Search, "Empty", 0),
        nth_card_in(Deck::Search, "Empty", 1),
        nth_card_in(Deck::Dungeon, "Empty", 0),
        nth_card_in(Deck::Dungeon, "Empty", 1),
    ]);
    // Round 1: search A. Round 2: move to B. Round 3: search B. Declining the rune each time.
    for ch in [Choice::Search, Choice::Move(b), Choice::Search] {
        answer(&mut g, &mut t, ch);
        expect(&g, 0, DecisionKind::Rune);
        answer(&mut g, &mut t, Choice::No);
    }
    assert!(g.cell(a).searched && g.cell(b).searched);
    // Round 4: move to C, then use the rune at the end of the action phase.
    answer(&mut g, &mut t, Choice::Move(c));
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    assert!(!g.cell(b).searched, "adjacent space cleared");
    assert!(g.cell(a).searched, "two spaces away: untouched");
    action_in_round(&g, 5);
    g.check_invariants().unwrap();
}

#[test]
fn rune_of_vision_orders_the_top_four_search_cards() {
    let (mut g, mut t, r) = with_rune("Rune of Vision");
    let g10 = gold_card(Deck::Search, 10);
    let g60 = gold_card(Deck::Search, 60);
    let g70 = gold_card(Deck::Search, 70);
    let g150 = gold_card(Deck::Search, 150);
    room(&mut g, at(0, 2), Dir::West);
    g.stack_deck(&[g70, g10, g150, g60]);
    enter_room(&mut g, &mut t, &[dungeon("Empty"), nth_card_in(Deck::Dungeon, "Empty", 1)], &[]);
    expect(&g, 0, DecisionKind::Rune);
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    expect(&g, 0, DecisionKind::ArrangeSearch);
    let mut seen = g.pick_cards().to_vec();
    seen.sort();
    let mut four = vec![g10, g60, g70, g150];
    four.sort();
    assert_eq!(seen, four);
    assert_eq!(g.deck_len(Deck::Search), 26);
    // Put back 150, 70, 60; the last one (10) goes back last, on top.
    for c in [g150, g70, g60] {
        answer(&mut g, &mut t, Choice::Card(c));
    }
    assert_eq!(g.deck_len(Deck::Search), 30);
    action_in_round(&g, 2);
    answer(&mut g, &mut t, Choice::Search);
    assert_eq!(g.gold(0), 10, "the last card put back is drawn first");
    answer(&mut g, &mut t, Choice::Move(at(0, 2)));
    action_in_round(&g, 4);
    answer(&mut g, &mut t, Choice::Search);
    assert_eq!(g.gold(0), 70, "then the one put back before it (60)");
    g.check_invariants().unwrap();
}

#[test]
fn teleportation_rune_moves_to_an_adjacent_space_walls_ignored() {
    let (mut g, mut t, r) = with_rune("Teleportation Rune");
    room(&mut g, at(1, 0), Dir::North);
    // (Hall, Wall, Hall, Hall) with the arrow north: the wall faces west, toward (1,0).
    lay(&mut g, at(1, 1), TileKind::DungeonRoom, [H, W, H, H], Dir::North);
    assert_eq!(g.cell(at(1, 1)).sides[3], W);
    g.stack_deck(&[dungeon("Empty"), gold_card(Deck::Dungeon, 30)]);
    answer(&mut g, &mut t, Choice::Move(at(1, 0)));
    expect(&g, 0, DecisionKind::Rune);
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    expect(&g, 0, DecisionKind::Teleport);
    let l = legal(&g);
    assert!(l.contains(&Choice::Move(at(1, 1))), "{l:?}");
    answer(&mut g, &mut t, Choice::Move(at(1, 1)));
    assert_eq!(g.hero(0).pos, at(1, 1));
    assert_eq!(g.gold(0), 30, "the chamber is resolved");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();

    // A monster met there cannot be escaped.
    let (mut g, mut t, r) = with_rune("Teleportation Rune");
    room(&mut g, at(1, 0), Dir::North);
    room(&mut g, at(1, 1), Dir::West);
    g.stack_deck(&[dungeon("Empty"), dungeon("Ambush"), monster("Demon", 8, 6)]);
    answer(&mut g, &mut t, Choice::Move(at(1, 0)));
    answer(&mut g, &mut t, Choice::Card(r));
    answer(&mut g, &mut t, Choice::Move(at(1, 1)));
    expect(&g, 0, DecisionKind::HeroCombatCard);
    answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Ranged));
    answer(&mut g, &mut t, Choice::Combat(dq_engine::data::CombatCard::Magic));
    expect(&g, 0, DecisionKind::HeroCombatCard);
    g.check_invariants().unwrap();
}

#[test]
fn rune_of_dragonfire_reshuffles_the_dragon_cards_before_a_draw() {
    let (mut g, mut t) = plain();
    let r = rune("Rune of Dragonfire");
    g.put_hero(0, TREASURE[0]);
    let sleeping = nth_card_in(Deck::Dragon, "Sleeping", 0);
    g.stack_deck(&[sleeping, card_in(Deck::Treasure, "Ebon Ring"), card_in(Deck::Treasure, "Pearl Ring")]);
    answer(&mut g, &mut t, Choice::DrawDragon);
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
    answer(&mut g, &mut t, Choice::No);
    assert_eq!(g.hero(0).held.len(), 2);
    assert_eq!(g.deck_len(Deck::Dragon), 7);
    assert_eq!(discards(&g, Deck::Dragon), vec![sleeping]);
    action_in_round(&g, 2);
    answer(&mut g, &mut t, Choice::DrawDragon);
    expect(&g, 0, DecisionKind::Rune);
    let before = t.events.len();
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    let turn = &t.events[before..];
    let shuffled = turn.iter().position(|e| matches!(e, Event::Shuffled { deck: Deck::Dragon })).expect("reshuffled");
    let drawn = turn
        .iter()
        .position(|e| matches!(e, Event::CardDrawn { card, .. } if rules().cards[*card as usize].deck == Deck::Dragon))
        .expect("drawn");
    assert!(shuffled < drawn);
    // All 8 dragon cards were in the deck for this draw: 7 left and the one drawn discarded
    // (without the rune: 6 left and 2 discarded).
    let drawn_card = match turn[drawn] {
        Event::CardDrawn { card, .. } => card,
        _ => unreachable!(),
    };
    assert_eq!(rules().cards[drawn_card as usize].name, "Sleeping", "seed 1 draws a Sleeping card");
    assert_eq!(g.deck_len(Deck::Dragon), 7);
    assert_eq!(discards(&g, Deck::Dragon), vec![drawn_card]);
    g.check_invariants().unwrap();
}

#[test]
fn life_drain_rune_heals_all_after_a_kill() {
    use dq_engine::data::CombatCard::{Melee, Ranged};
    let (mut g, mut t, r) = with_rune("Life Drain Rune");
    g.set_hero_state(0, 6, 0);
    let skeleton = monster("Skeleton", 2, 1);
    g.stack_deck(&[skeleton]);
    enter_room(&mut g, &mut t, &[dungeon("Ambush")], &[]);
    answer(&mut g, &mut t, Choice::Combat(Ranged));
    answer(&mut g, &mut t, Choice::Combat(Melee));
    // Ranged against Melee: 2 wounds to the monster, which dies.
    assert_eq!(g.hero(0).stats.monsters_killed, 1);
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
    answer(&mut g, &mut t, Choice::Card(r));
    assert_eq!(g.hero(0).wounds, 0);
    rune_used(&g, r);
    assert!(!g.cell(at(0, 1)).monster, "the token goes with the monster");
    assert_eq!(discards(&g, Deck::Monster), vec![skeleton]);
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

#[test]
fn rune_of_transformation_chooses_between_two_tiles() {
    let (mut g, mut t, r) = with_rune("Rune of Transformation");
    let trap_tile = tile(TileKind::TrapChamber, ALL_HALLS, 0);
    let room_tile = tile(TileKind::DungeonRoom, ALL_HALLS, 0);
    g.stack_tiles(&[trap_tile, room_tile]);
    g.stack_deck(&[dungeon("Gold Coins")]);
    let left = g.tiles_left();
    answer(&mut g, &mut t, Choice::Move(at(0, 1)));
    expect(&g, 0, DecisionKind::Rune);
    assert_eq!(legal(&g), vec![Choice::No, Choice::Card(r)]);
    answer(&mut g, &mut t, Choice::Card(r));
    rune_used(&g, r);
    expect(&g, 0, DecisionKind::ChooseTile);
    assert_eq!(legal(&g), vec![Choice::Tile(trap_tile), Choice::Tile(room_tile)]);
    answer(&mut g, &mut t, Choice::Tile(room_tile));
    assert_eq!(g.cell(at(0, 1)).kind, Some(TileKind::DungeonRoom));
    assert_eq!(g.tiles_left(), left - 1, "the other tile went back into the stack");
    assert_eq!(g.gold(0), 30, "the chosen chamber is resolved");
    action_in_round(&g, 2);
    g.check_invariants().unwrap();
}

// =================================================================================================
// 9. Death
// =================================================================================================

#[test]
fn a_hero_dies_at_his_health_and_his_cards_go_to_their_discard_piles() {
    let (mut g, mut t) = plain();
    let rope = card_in(Deck::Corpse, "Rope");
    let gold40 = gold_card(Deck::Dungeon, 40);
    let ring = card_in(Deck::Treasure, "Ruby Ring");
    let r = rune("Rune of Dragonfire");
    g.give_card(0, rope);
    g.give_card(0, gold40);
    g.give_card(0, ring);
    g.set_hero_state(0, 12, 2);
    let razor = dungeon("Razorwing Attack");
    enter_room(&mut g, &mut t, &[razor], &[1]);
    let h = g.hero(0);
    assert_eq!(h.status, HeroStatus::Dead);
    assert_eq!(h.stats.death_cause, Some(DeathCause::Card));
    assert!(h.held.is_empty());
    assert!(h.runes.is_empty());
    assert_eq!(discards(&g, Deck::Corpse), vec![rope]);
    assert_eq!(discards(&g, Deck::Treasure), vec![ring]);
    assert_eq!(discards(&g, Deck::Rune), vec![r]);
    let dungeon_pile = discards(&g, Deck::Dungeon);
    assert!(dungeon_pile.contains(&gold40) && dungeon_pile.contains(&razor) && dungeon_pile.len() == 2);
    assert!(g.is_over(), "a solo game ends with its only hero");
    assert_eq!(g.pending(), None);
    assert_eq!(g.winners(), 0);
    g.check_invariants().unwrap();
}

#[test]
fn death_in_the_status_phase_is_caused_by_the_card_rolled() {
    // Lingering Shade kept in round 1; a trap card in round 2; the Shade kills in round 3.
    let shade = dungeon("Lingering Shade");
    let (mut g, mut t) = plain();
    lay(&mut g, at(0, 2), TileKind::TrapChamber, ALL_HALLS, Dir::West);
    enter_room(&mut g, &mut t, &[shade, trap("Ceiling Collapses")], &[2, 2]);
    action_in_round(&g, 2);
    g.force_dice(&[1, 1]);
    answer(&mut g, &mut t, Choice::Move(at(0, 2)));
    assert_eq!(g.hero(0).status, HeroStatus::Dead);
    assert_eq!(g.hero(0).stats.death_cause, Some(DeathCause::Card), "killed by a dungeon card, not a trap");
    g.check_invariants().unwrap();
}
