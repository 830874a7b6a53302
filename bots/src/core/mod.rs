//! What every game family's bots share, written once over the engine's
//! [`DecisionGame`](dq_engine::DecisionGame): the [`Policy`] trait, the uniform
//! [`RandomPolicy`], [`play_out`], the loop that answers a game's decisions to its end, and
//! [`Expert`], the search over resampled copies that a family plugs into with a
//! [`SearchFamily`]. Nothing here names a family's decisions; each family's bots live in a
//! module of their own ([`crate::dungeonquest`]).

mod play;
mod policy;
pub(crate) mod search;

pub mod seats;

pub use play::{play_out, play_out_noting};
pub use policy::{Policy, RandomPolicy};
pub use search::{Budget, Expert, SearchFamily, BATCH, CONFIDENCE};
