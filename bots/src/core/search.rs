//! `expert` for any game family: flat Monte Carlo over resampled copies, written once over
//! [`DecisionGame`] (issues 26 and 27).
//!
//! At a key decision (the family says which, [`SearchFamily::is_key`]) with more than one
//! legal answer, the bot plays every answer out up to `samples` times and takes another
//! answer than its base table's only when that answer's rollouts beat the base answer's
//! clearly (by [`CONFIDENCE`] standard errors of the paired difference; an answer no better is
//! given up early, every [`BATCH`] rollouts). One rollout: the game copied, the copy's hidden
//! state redrawn for the deciding seat by [`DecisionGame::resample`] (so the search never
//! peeks), the answer applied, and the copy played on by the base policy at every seat until
//! it ends or the family's [`SearchFamily::horizon`]; then scored by the family's
//! [`SearchFamily::objective`] for the searching seat. Every answer meets the same futures
//! (common random numbers: future `k` is seeded alike for each answer), so answers are
//! compared pair by pair and not drowned in the futures' own noise.
//!
//! The same method as DungeonQuest's `expert` (`crate::dungeonquest::expert`), which keeps
//! its own copy for its planner's path maps and plan hand-over.
//!
//! Deterministic: the futures' seed is one draw of the game's bot stream per search. No
//! allocation per decision: the copy is a clone of fixed-size storage, and the one buffer
//! (the base answer's score in each future) is sized when the bot is built.

use super::policy::Policy;
use dq_engine::core::NoObserver;
use dq_engine::rng::GameRng;
use dq_engine::DecisionGame;

/// What a game family gives the shared search: which decisions are worth it, and what a
/// rollout's end is worth to the searching seat.
///
/// Why a trait beside [`Policy`]: the statistics are the same for every game; what differs
/// is where the stakes lie and what a seat plays for.
pub trait SearchFamily<G: DecisionGame> {
    /// Whether the pending decision `d` is worth a search (it is searched only with two or
    /// more legal answers).
    fn is_key(&self, game: &G, d: G::Decision) -> bool;

    /// The searching seat's objective in a rollout's last position: the game over, or cut
    /// at the [`SearchFamily::horizon`]. Read from what every player sees.
    fn objective(&self, game: &G, seat: u8) -> f64;

    /// The most decisions a rollout plays before it is scored as it stands; `u32::MAX`
    /// plays every rollout to the game's end. Why: in a long game a full rollout at every
    /// key decision costs too much, and the near future carries most of an answer's effect.
    fn horizon(&self) -> u32 {
        u32::MAX
    }
}

/// The search's budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Rollouts per legal answer of a key decision (at least 1).
    pub samples: u16,
}

/// The `expert` policy over game `G`'s family `F`: the base table `T` answers every decision
/// not searched and plays the rollouts out.
#[derive(Clone, Debug)]
pub struct Expert<F, T> {
    family: F,
    /// The base policy at every seat: gives the answer the search must beat.
    base: T,
    /// The same base policy at every seat, playing the rollouts (kept apart from `base` so a
    /// table that remembers anything between decisions is not disturbed by the rollouts).
    rollout: T,
    /// The base answer's score in each future of the search under way (`samples` long).
    base_scores: Vec<f64>,
}

impl<F, T: Clone> Expert<F, T> {
    /// An expert over `family`, with `base` the base policy at every seat.
    pub fn new(family: F, base: T, budget: Budget) -> Expert<F, T> {
        let samples = usize::from(budget.samples.max(1));
        Expert { family, rollout: base.clone(), base, base_scores: vec![0.0; samples] }
    }

    /// The family's part of the search.
    pub fn family(&self) -> &F {
        &self.family
    }
}

impl<G, F, T> Policy<G> for Expert<F, T>
where
    G: DecisionGame,
    F: SearchFamily<G>,
    T: Policy<G>,
{
    fn new_game(&mut self) {
        self.base.new_game();
    }

    fn choose(&mut self, game: &G, choices: &G::Choices, rng: &mut GameRng) -> G::Choice {
        // The base answers first in any case: its answer is the one to beat, and wins ties.
        let base = self.base.choose(game, choices, rng);
        let (Some(d), Some(seat)) = (game.pending(), game.deciding_seat()) else { return base };
        if choices.len() < 2 || !self.family.is_key(game, d) {
            return base;
        }
        let seed = rng.next_u64();
        self.search(game, seat, choices, base, seed)
    }
}

impl<F, T> Expert<F, T> {
    /// The answer whose rollouts beat the base answer's most, if any does by more than
    /// chance explains (see [`CONFIDENCE`]); else `base`.
    #[inline(never)]
    fn search<G>(&mut self, game: &G, seat: u8, choices: &[G::Choice], base: G::Choice, seed: u64) -> G::Choice
    where
        G: DecisionGame,
        F: SearchFamily<G>,
        T: Policy<G>,
    {
        let mut copy = game.clone();
        let samples = self.base_scores.len();
        for k in 0..samples {
            self.base_scores[k] = self.rollout(&mut copy, game, seat, base, seed, k).unwrap_or(0.0);
        }
        let mut best = (base, 0.0);
        for &answer in choices.iter().filter(|&&c| c != base) {
            // The paired differences with the base answer: their mean and spread.
            let mut gain = Gain::default();
            for k in 0..samples {
                let Some(score) = self.rollout(&mut copy, game, seat, answer, seed, k) else {
                    gain = Gain::default();
                    break;
                };
                gain.add(score - self.base_scores[k]);
                // Racing: an answer no better than the base's so far is given up.
                if gain.n % BATCH == 0 && gain.n < samples && gain.mean() + gain.error() <= 0.0 {
                    break;
                }
            }
            let mean = gain.mean();
            if gain.n == samples && mean > CONFIDENCE * gain.error() && mean > best.1 {
                best = (answer, mean);
            }
        }
        best.0
    }

    /// The seat's objective in future `k` of the search seeded `seed` after `answer`: `game`
    /// copied into `copy`, its hidden state redrawn for `seat`, `answer` applied, and the copy
    /// played on by the base at every seat to its end or the horizon. `None` if `answer` is
    /// not legal.
    fn rollout<G>(&mut self, copy: &mut G, game: &G, seat: u8, answer: G::Choice, seed: u64, k: usize) -> Option<f64>
    where
        G: DecisionGame,
        F: SearchFamily<G>,
        T: Policy<G>,
    {
        // Future k: the same for every answer (common random numbers).
        let mut future = GameRng::from_seed(seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        copy.clone_from(game);
        copy.resample(seat, &mut future);
        copy.apply(answer, &mut NoObserver).ok()?;
        self.rollout.new_game();
        let mut left = self.family.horizon();
        while left > 0 && !copy.is_over() {
            let choices = copy.legal_choices();
            let Some(&first) = choices.first() else { break };
            let c = self.rollout.choose(copy, choices, &mut future);
            if copy.apply(c, &mut NoObserver).is_err() {
                let _ = copy.apply(first, &mut NoObserver);
            }
            left -= 1;
        }
        Some(self.family.objective(copy, seat))
    }
}

/// An answer's paired differences with the base answer, future by future.
#[derive(Clone, Copy, Debug, Default)]
struct Gain {
    n: usize,
    sum: f64,
    squares: f64,
}

impl Gain {
    fn add(&mut self, d: f64) {
        self.n += 1;
        self.sum += d;
        self.squares += d * d;
    }

    fn mean(&self) -> f64 {
        if self.n == 0 {
            return f64::NEG_INFINITY;
        }
        self.sum / self.n as f64
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = self.n as f64;
        let m = self.sum / n;
        ((self.squares / n - m * m).max(0.0) / (n - 1.0)).sqrt()
    }
}

/// Rollouts between the checks that give up an answer no better than the base's.
pub const BATCH: usize = 4;

/// Standard errors by which an answer's mean gain over the base answer must exceed zero to
/// be taken instead. Why: with a few rollouts per answer, the best-looking of several close
/// answers is mostly the luckiest; following the base unless the rollouts show a clear gain
/// keeps the search from doing worse than its base by chasing noise.
pub const CONFIDENCE: f64 = 2.0;
