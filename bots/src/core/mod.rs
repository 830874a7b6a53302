//! What every game family's bots share, written once over the engine's
//! [`DecisionGame`](dq_engine::DecisionGame): the [`Policy`] trait, the uniform
//! [`RandomPolicy`], and [`play_out`], the loop that answers a game's decisions to its end.
//! Nothing here names a family's decisions; each family's bots live in a module of their own
//! ([`crate::dungeonquest`]).

mod play;
mod policy;

pub mod seats;

pub use play::{play_out, play_out_noting};
pub use policy::{Policy, RandomPolicy};
