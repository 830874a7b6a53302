//! What every game family shares, written once.
//!
//! A game family (DungeonQuest now; Dealing Dungeons and The Dungeon of Chaos to come) brings
//! its rules and state and implements [`DecisionGame`]: the game runs until a seat must
//! decide, lists the legal answers, and goes on when one is applied, drawing its chance from
//! per-game streams ([`rng`]) so a game is a pure function of (rules, configuration, master
//! seed, game index, answers). Over that trait the tools every family needs are written here
//! once, monomorphised for each game (no dynamic dispatch in the hot loop): the random
//! [`fuzz`](fuzz())er that plays uniformly random legal answers, and [`replay`](replay()) of a recorded answer
//! list. Nothing here names a family's decisions, cards or boards.
//!
//! - `rng.rs`: the per-game streams from (master seed, game index, purpose) and samplers;
//! - `decision_game.rs`: [`DecisionGame`] and the per-seat [`Outcome`];
//! - `observer.rs`: [`Observer`] of a family's events, and [`NoObserver`];
//! - `fuzz.rs`, `replay.rs`: [`fuzz()`] and [`replay()`];
//! - `linear.rs`: the small linear systems of the families' exact fight chains;
//! - `toy.rs` (tests only): a toy game family the tools are tested on.

mod decision_game;
mod fuzz;
pub mod linear;
mod observer;
mod replay;
pub mod rng;
#[cfg(test)]
mod toy;

pub use decision_game::{DecisionGame, Outcome};
pub use fuzz::{fuzz, FuzzError};
pub use observer::{NoObserver, Observer};
pub use replay::{replay, ReplayError};
