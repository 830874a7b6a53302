//! Dealing Dungeons' bots (issue 26): `greedy`, `cautious` and `mixed`, three settings of one
//! heuristic ([`Style`], [`Heuristic`]), and `random`; the table of a policy per seat
//! ([`DealingPlayers`]) and playing game `index` of a run with it.
//!
//! They are named by the same spec strings as DungeonQuest's bots (`--bot greedy`,
//! `--bots greedy,cautious`); they take no parameters yet. `expert` is the shared search
//! ([`crate::core::Expert`]) over one of them ([`DealingSearch`]: `expert:base=cautious`,
//! `expert:samples=16`). What each one aims for is in
//! docs/bots.md ("Dealing Dungeons").

mod chaos;
mod coop;
mod expert;
mod heuristic;
mod odds;
mod players;
mod style;

pub use expert::{DealingExpert, DealingSearch, LIFE, WIN};
pub use heuristic::Heuristic;
pub use players::{play_dealing_into, play_dealing_noting, DealingPlayers};
pub use style::{CombatChoice, Style};
