//! Rule tests for the optional rules of the 2010 rulebook ("Optional Rules") played in the
//! Revised engine: one stacked scenario per rule asserting its exact mechanism.

mod common;
use common::*;
use dq_engine::data::TileKind;
use dq_engine::trace::Trace;
use dq_engine::*;

/// Runes that never come up in these tests.
const HARMLESS_RUNES: [&str; 3] = ["Life Drain Rune", "Rune of Death", "Rune of Dragonfire"];

/// A game with these heroes and rules whose runes cannot interfere, waiting for an Action.
fn setup(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    let (mut g, mut t) = game(heroes, rules_on);
    let harmless: Vec<CardId> = HARMLESS_RUNES.iter().map(|n| card_in(Deck::Rune, n)).collect();
    for seat in 0..g.seats() {
        if g.hero(seat).runes.iter().all(|r| harmless.contains(r)) {
            continue;
        }
        let held: Vec<CardId> = (0..g.seats()).flat_map(|s| g.hero(s).runes.to_vec()).collect();
        let free = *harmless.iter().find(|r| !held.contains(r)).expect("a free harmless rune");
        g.give_rune(seat, free);
    }
    while g.pending().map(|d| d.kind) == Some(DecisionKind::Rune) {
        answer(&mut g, &mut t, Choice::No);
    }
    expect(&g, g.active(), DecisionKind::Action);
    g.check_invariants().unwrap();
    (g, t)
}

/// An unused four-hall dungeon room without stairs.
fn room() -> u8 {
    rules()
        .tiles
        .iter()
        .position(|t| t.kind == TileKind::DungeonRoom && t.sides == [H, H, H, H] && !t.stairs)
        .expect("a four-hall room") as u8
}

fn gold_coins() -> CardId {
    nth_card_in(Deck::Search, "Gold Coins", 0)
}

fn treasure() -> CardId {
    rules().deck_cards(Deck::Treasure).find(|&c| rules().cards[c as usize].loot).expect("a treasure card")
}

// --- No Guts, No Glory ------------------------------------------------------------------------

/// NO GUTS, NO GLORY: loot from the search deck does not open the tower doors; a treasure card
/// does. Without the rule, any loot card does.
#[test]
fn no_guts_no_glory_needs_a_treasure_card_to_exit() {
    for rule in [&[][..], &["no-guts-no-glory"][..]] {
        let (mut g, mut t) = setup(&["hugo"], rule);
        let start = g.hero(0).pos;
        assert!(TOWERS.contains(&start));
        g.give_card(0, gold_coins());
        assert_eq!(legal(&g).contains(&Choice::ExitDungeon), rule.is_empty(), "{rule:?}");
        g.give_card(0, treasure());
        assert!(legal(&g).contains(&Choice::ExitDungeon), "{rule:?}");
        answer(&mut g, &mut t, Choice::ExitDungeon);
        assert_eq!(g.hero(0).status, HeroStatus::Exited);
        assert!(g.is_over());
    }
    // Entering a tower room: the exit is offered only with a treasure card.
    let (mut g, mut t) = setup(&["hugo"], &["no-guts-no-glory"]);
    g.lay_tile(at(1, 0), room(), dq_engine::Dir::South);
    g.put_hero(0, at(1, 0));
    g.give_card(0, gold_coins());
    answer(&mut g, &mut t, Choice::Move(TOWERS[0]));
    expect(&g, 0, DecisionKind::Tower);
    assert!(!legal(&g).contains(&Choice::ExitDungeon));
    g.check_invariants().unwrap();
}

// --- Magical Might ----------------------------------------------------------------------------

/// MAGICAL MIGHT: each hero is dealt N different runes at setup instead of one.
#[test]
fn magical_might_deals_n_runes_each() {
    for n in 1..=3usize {
        let rule = format!("magical-might={n}");
        let (g, _) = game(&["hugo", "lindel", "challara", "krutzbeck"], &[&rule]);
        let mut all: Vec<CardId> = Vec::new();
        for s in 0..4 {
            assert_eq!(g.hero(s).runes.len(), n, "{rule} seat {s}");
            all.extend(g.hero(s).runes);
        }
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 4 * n, "{rule}: runes dealt twice");
        assert_eq!(g.deck_len(Deck::Rune) as usize, rules().deck_cards(Deck::Rune).count() - 4 * n);
    }
    let (g, _) = game(&["hugo"], &[]);
    assert_eq!(g.hero(0).runes.len(), rules().runes_per_hero as usize);
}
