//! Shared helpers for the rule tests: fixed heroes and seeds, finding cards and tiles by name,
//! answering decisions in order, and recording events.
#![allow(dead_code, unused_imports)]

use dq_engine::board::{cell, Cell, Dir};
use dq_engine::data::TileKind;
use dq_engine::trace::Trace;
use dq_engine::*;

/// The Revised rules, loaded once per test binary.
pub fn rules() -> &'static Rules {
    use std::sync::OnceLock;
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(Rules::revised)
}

/// The 2010 rules, loaded once per test binary.
pub fn third_rules() -> &'static Rules {
    use std::sync::OnceLock;
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(Rules::third)
}

/// A game with these heroes (by id) in seat order and these optional rules, seed 1 game 0.
pub fn game(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    game_seeded(heroes, rules_on, 1, 0)
}

pub fn game_seeded(heroes: &[&str], rules_on: &[&str], master: u64, index: u64) -> (Game<'static>, Trace) {
    let r = rules();
    let mut v = Variant::default();
    for n in rules_on {
        v.enable(n).unwrap();
    }
    let picks = heroes.iter().map(|h| HeroPick::Fixed(r.hero_by_id(h).expect("hero id") as u8)).collect();
    let cfg = GameConfig { heroes: picks, variant: v };
    let mut t = Trace::default();
    let g = Game::new(r, &cfg, master, index, &mut t).unwrap();
    (g, t)
}

/// Every card id with this name (panics if none).
pub fn cards(name: &str) -> Vec<CardId> {
    let v: Vec<CardId> =
        rules().cards.iter().enumerate().filter(|(_, c)| c.name == name).map(|(i, _)| i as CardId).collect();
    assert!(!v.is_empty(), "no card named {name}");
    v
}

/// The first card with this name in this deck.
pub fn card_in(deck: Deck, name: &str) -> CardId {
    rules()
        .deck_cards(deck)
        .find(|&c| rules().cards[c as usize].name == name)
        .unwrap_or_else(|| panic!("no {name} in the {} deck", deck.name()))
}

/// The `n`th card with this name in this deck (for decks with several copies).
pub fn nth_card_in(deck: Deck, name: &str, n: usize) -> CardId {
    rules().deck_cards(deck).filter(|&c| rules().cards[c as usize].name == name).nth(n).expect("copy")
}

/// A monster card with this kind, life and escape penalty.
pub fn monster(kind: &str, life: u8, escape: u8) -> CardId {
    let r = rules();
    let k = r.monster_kinds.iter().position(|m| m == kind).expect("kind") as u8;
    r.deck_cards(Deck::Monster)
        .find(|&c| {
            r.cards[c as usize].monster.is_some_and(|m| m.kind == k && m.life == life && m.escape_penalty == escape)
        })
        .expect("monster card")
}

/// The index of the first tile of this kind whose sides (top, right, bottom, left) match,
/// skipping `skip` matches.
pub fn tile(kind: TileKind, sides: [dq_engine::data::Side; 4], skip: usize) -> u8 {
    tile_of(rules(), kind, sides, skip)
}

/// [`tile`] in the tiles of `rules` (any edition).
pub fn tile_of(rules: &Rules, kind: TileKind, sides: [dq_engine::data::Side; 4], skip: usize) -> u8 {
    rules
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == kind && t.sides == sides)
        .nth(skip)
        .unwrap_or_else(|| panic!("no tile {kind:?} {sides:?}"))
        .0 as u8
}

/// Answers the pending decision; panics if the choice is illegal.
pub fn answer(g: &mut Game<'static>, t: &mut Trace, c: Choice) {
    if let Err(e) = g.apply(c, t) {
        let mut l = Choices::new();
        g.legal(&mut l);
        panic!("{e}; legal: {l:?}\n--- trace ---\n{}", t.render(g.rules()));
    }
}

/// The legal choices now.
pub fn legal(g: &Game<'static>) -> Vec<Choice> {
    let mut l = Choices::new();
    g.legal(&mut l);
    l.to_vec()
}

/// Asserts what is pending.
pub fn expect(g: &Game<'static>, seat: u8, kind: DecisionKind) {
    assert_eq!(g.pending(), Some(Decision { seat, kind }), "legal: {:?}", legal(g));
}

pub use dq_engine::board::{cell as rc, TOWERS, TREASURE};
pub use dq_engine::data::Side::{Door as D, Hall as H, Portcullis as P, Wall as W};

pub fn at(row: u8, col: u8) -> Cell {
    cell(row, col)
}

/// Runes that never come up in the rule tests (after a kill, after an ambush, before a dragon
/// card).
pub const HARMLESS_RUNES: [&str; 3] = ["Life Drain Rune", "Rune of Death", "Rune of Dragonfire"];

/// A game with these heroes and optional rules whose runes cannot interfere (each hero holds a
/// harmless one), waiting for the first Action.
pub fn quiet_game(heroes: &[&str], rules_on: &[&str]) -> (Game<'static>, Trace) {
    let (mut g, mut t) = game(heroes, rules_on);
    let harmless: Vec<CardId> = HARMLESS_RUNES.iter().map(|n| card_in(Deck::Rune, n)).collect();
    for seat in 0..g.seats() {
        if g.hero(seat).runes.iter().all(|r| harmless.contains(r)) {
            continue;
        }
        let held: Vec<CardId> = (0..g.seats()).flat_map(|s| g.hero(s).runes.to_vec()).collect();
        let free = *harmless.iter().find(|r| !held.contains(r)).expect("a free harmless rune");
        g.give_rune(seat, free);
        assert_eq!(g.hero(seat).runes.to_vec(), vec![free]);
    }
    while g.pending().map(|d| d.kind) == Some(DecisionKind::Rune) {
        answer(&mut g, &mut t, Choice::No);
    }
    let seat = g.active();
    expect(&g, seat, DecisionKind::Action);
    g.check_invariants().unwrap();
    (g, t)
}

/// The position of these heroes (by id, in seat order), seed 1 game 0, each holding one of
/// the harmless runes (so no rune window asks): what a test fills in and [`start`]s, instead
/// of editing a live game (see [`Setup`]).
pub fn quiet_setup(heroes: &[&str]) -> Setup {
    let ids: Vec<u8> = heroes.iter().map(|h| rules().hero_by_id(h).expect("hero id") as u8).collect();
    let mut s = Setup::heroes(&ids);
    for (h, rune) in s.heroes.iter_mut().zip(HARMLESS_RUNES) {
        h.runes = Some(vec![card_in(Deck::Rune, rune)]);
    }
    s
}

/// The game of a position under the Revised rules (panics naming what is wrong with it),
/// with an empty trace for the answers to come.
pub fn start(s: &Setup) -> (Game<'static>, Trace) {
    let g = s.build(rules()).unwrap_or_else(|e| panic!("setup: {e}"));
    (g, Trace::default())
}
