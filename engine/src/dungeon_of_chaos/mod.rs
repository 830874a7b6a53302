//! The Dungeon of Chaos (issue 27): 2–4 adventurers in a four-level dungeon laid tile by tile,
//! monsters acting by d8 combat charts, spells, items and a race to 2,000 gold.
//!
//! Landed in slices. This one holds the data and the combat:
//! - [`data`]: the serde schema of `data/dungeon_of_chaos/*.ron`, card effects as a closed
//!   vocabulary;
//! - [`rules`]: [`ChaosRules::load`], the files checked once (errors name file and line) and
//!   compiled into compact tables with `u8`/`u16` ids; [`ChaosRules::standard`] the embedded copy;
//! - [`combat`]: one combat (§10) as a fixed-size state machine driven by answers, its dice
//!   behind the [`combat::Dice`] trait so tests force them;
//! - [`death`]: why a character died, as compact values (the results' death causes);
//! - [`exact`]: the exact odds of one fight where it is a Markov chain (for `dq duel`).
//!
//! - [`game`]: the game itself, [`game::ChaosGame`] as a `DecisionGame`: the dungeon, set-up,
//!   turns and movement, rooms and doors, town and dying (slice 2).
//!
//! Items, scrolls, curses and companions came with slice 3; Ye Olde Shoppe, the Alchemist, item
//! actions in combat and every special tile of the guide with slice 4.

pub mod combat;
pub mod data;
pub mod death;
pub mod exact;
pub mod game;
pub mod rules;

#[cfg(test)]
mod tests;

pub use game::{ChaosConfig, ChaosGame};
pub use rules::{ChaosRules, ChaosSources};
