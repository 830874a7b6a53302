//! The Dungeon of Chaos' bots (issue 27): `greedy`, `cautious` and `mixed`, three settings of
//! one heuristic ([`Style`], [`Heuristic`]) with a [`Memory`] per seat, and `random`; the
//! table of a policy per seat ([`ChaosPlayers`]) and playing game `index` of a run with it.
//!
//! Named by the same spec strings as the other games' bots (`--bot greedy`,
//! `--bots greedy,cautious`), without parameters yet. `expert` is the shared search
//! ([`crate::core::Expert`]) over one of them ([`ChaosSearch`]). What each aims for is in docs/bots.md
//! ("The Dungeon of Chaos").

mod expert;
mod heuristic;
mod memory;
mod players;
mod route;
mod style;

pub use expert::{ChaosExpert, ChaosSearch, HORIZON};
pub use heuristic::Heuristic;
pub use memory::Memory;
pub use players::{play_chaos_into, play_chaos_noting, ChaosPlayers};
pub use style::Style;
