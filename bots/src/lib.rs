//! Policies that answer the engine's decisions.
//!
//! A policy sees the game only through the engine's public view and the pending decision's
//! legal choices. It draws any randomness from the bot stream it is given, so a game replays
//! exactly.
//!
//! Laid out by game family, as the engine is: [`core`] holds what every family's bots share
//! (the [`Policy`] trait over `dq_engine::DecisionGame`, the uniform [`RandomPolicy`], the
//! [`play_out`] loop); [`dealing_dungeons`] holds Dealing Dungeons' (`greedy`, `cautious`,
//! `mixed` as settings of one heuristic, and `random`); [`dungeon_of_chaos`] The Dungeon of
//! Chaos' (the same four names); [`dungeonquest`] holds DungeonQuest's:
//!
//! - `random`: uniform over the legal options (the baseline and the fuzzer);
//! - `greedy`, `cautious`, `mixed`: the strategic policies of [`strategic`];
//! - `expert`: a search over rollouts of resampled copies of the game ([`expert`]);
//! - the monster player's card choice: [`monster`];
//! - [`Players`]: one policy per seat plus the monster player, named by [`spec`] strings.
//!
//! DungeonQuest's modules and items are re-exported at the crate root (`dq_bots::path`,
//! `dq_bots::play`, …), where the other crates name them.

pub mod core;
pub mod dealing_dungeons;
pub mod dungeon_of_chaos;
pub mod dungeonquest;

pub use crate::core::{play_out, Policy, RandomPolicy};
pub use dungeonquest::{equilibrium, expert, maps, monster, path, players, spec, strategic, third};
pub use dungeonquest::{play, play_duel, play_into, Bot, BotKind, BotSpec, MonsterSpec, Params, Players, SpecError};
