//! The lazy setup shuffle (see [`Decks`]) against the eager one: the same games played both
//! ways must draw the same cards and tiles, report the same events, offer the same choices,
//! and hold the same decks, discard piles and tile stack once the pending swaps are made.

use super::*;
use crate::core::rng::{GameRng, Stream};
use crate::dungeonquest::decision::Choices;
use std::cell::Cell;

thread_local! {
    /// Forces setup's shuffle form on this thread: `Some(true)` lazy, `Some(false)` eager,
    /// `None` the engine's own choice (`lazy_setup`).
    pub(super) static FORCE_LAZY: Cell<Option<bool>> = const { Cell::new(None) };
}

/// Records every event, to compare two games' reports.
#[derive(Default)]
struct Record(Vec<Event>);

impl crate::core::Observer<Event> for Record {
    fn event(&mut self, event: Event) {
        self.0.push(event);
    }
}

/// How the test's players answer: at random (the bot stream), or always the first or the
/// last legal choice (which walk and draw differently from random play).
#[derive(Clone, Copy, Debug)]
enum Policy {
    Random,
    First,
    Last,
}

/// A game's piles in their order, with every pending setup swap made first (on a copy): per
/// deck its draw pile (bottom first) and its discard pile, then the tile stack.
fn piles(g: &Game) -> (Vec<Vec<CardId>>, Vec<u8>) {
    let mut g = g.clone();
    let mut decks = Vec::new();
    for deck in Deck::ALL {
        let d = deck as usize;
        let r = g.rules.decks[d];
        let (first, len) = (r.first as usize, r.len as usize);
        assert!(g.decks.unsettled[d] <= g.decks.draw[d], "{deck:?}: pending swaps above the draw pile");
        g.decks.settle(first, d);
        let (n, k) = (g.decks.draw[d] as usize, g.decks.discard[d] as usize);
        decks.push(g.decks.slots[first..first + n].to_vec());
        decks.push(g.decks.slots[first + len - k..first + len].to_vec());
    }
    assert!(g.tiles.unsettled <= g.tiles.left, "pending tile swaps above the stack");
    g.tiles.settle();
    (decks, g.tiles.order[..g.tiles.left as usize].to_vec())
}

/// Starts game `index` with setup's shuffle forced to `lazy` (or left to the engine).
fn start<'r>(rules: &'r Rules, cfg: &GameConfig, index: u64, lazy: Option<bool>, rec: &mut Record) -> Option<Game<'r>> {
    FORCE_LAZY.with(|f| f.set(lazy));
    let g = Game::new(rules, cfg, 11, index, rec).ok();
    FORCE_LAZY.with(|f| f.set(None));
    g
}

/// Plays game `index` with the shuffles made lazily (`lazy`: forced, or the engine's choice)
/// and eagerly side by side, comparing them after setup and after every answer. Returns the
/// number of answers, or `None` if the configuration is not valid for the rules.
fn compare(rules: &Rules, cfg: &GameConfig, index: u64, lazy: Option<bool>, policy: Policy) -> Option<u32> {
    let (mut rl, mut re) = (Record::default(), Record::default());
    let mut l = start(rules, cfg, index, lazy, &mut rl)?;
    let mut e = start(rules, cfg, index, Some(false), &mut re).expect("the same configuration");
    let mut rng = GameRng::new(11, index, Stream::Bot);
    let (mut cl, mut ce) = (Choices::new(), Choices::new());
    let mut answers = 0;
    loop {
        let at = format!("{cfg:?} game {index} {policy:?} lazy {lazy:?} answer {answers}");
        assert_eq!(rl.0, re.0, "{at}: events");
        assert_eq!(piles(&l), piles(&e), "{at}: piles");
        assert_eq!(l.is_over(), e.is_over(), "{at}: over");
        if l.is_over() || answers == 3_000 {
            return Some(answers);
        }
        l.legal(&mut cl);
        e.legal(&mut ce);
        assert_eq!(cl, ce, "{at}: choices");
        let c = match policy {
            Policy::Random => cl[rng.below(cl.len() as u32) as usize],
            Policy::First => cl[0],
            Policy::Last => cl[cl.len() - 1],
        };
        l.apply(c, &mut rl).unwrap();
        e.apply(c, &mut re).unwrap();
        answers += 1;
    }
}

/// Games of both editions, one to four heroes, every optional rule alone and none, three
/// ways of answering: the lazy form as the engine picks it (solo games) and forced on every
/// table size (more of each pile drawn, part-drawn piles reshuffled), each against the eager
/// shuffle.
#[test]
fn lazy_setup_shuffle_plays_as_the_eager_one() {
    for rules in [Rules::revised(), Rules::third()] {
        let variants = crate::dungeonquest::variant::none_then_each_rule_alone();
        let (mut games, mut answers) = (0u32, 0u32);
        for (k, variant) in variants.into_iter().enumerate() {
            for seats in 1..=4 {
                let cfg = GameConfig::random(seats, variant);
                for (p, policy) in [Policy::Random, Policy::First, Policy::Last].into_iter().enumerate() {
                    for lazy in [None, Some(true)] {
                        for i in 0..3u64 {
                            let index = (k as u64) * 1000 + (seats as u64) * 100 + (p as u64) * 10 + i;
                            if let Some(n) = compare(&rules, &cfg, index, lazy, policy) {
                                games += 1;
                                answers += n;
                            }
                        }
                    }
                }
            }
        }
        assert!(games >= 500 && answers >= 50_000, "{games} games, {answers} answers");
    }
}
