//! DungeonQuest 1987 (Games Workshop, edition `classic`, issue 25): its data and its combat.
//!
//! The data of `data/dungeonquest/classic/` with its loader ([`rules`], [`data`]; the card
//! decks and Room tiles in [`decks`] and [`tiles`]), one monster combat as a small state driven
//! by answers ([`combat`]), the exact chain of a combat's rounds ([`exact`]), and the game
//! itself ([`game`]: its own state implementing [`crate::core::DecisionGame`]), its rule
//! invariants ([`check`], run by the random-game tests) and its events as readable lines
//! ([`trace`]). The edition is not yet an [`crate::Edition`] nor wired into the runner.

pub mod check;
pub mod combat;
pub mod data;
pub mod decks;
pub mod exact;
pub mod game;
pub mod rules;
pub mod tiles;
pub mod trace;

pub use combat::{Answer, Dice, Encounter, Fight, Opening, Outcome, Pending, RoundSystem, Stacked};
pub use rules::{ClassicRules, ClassicSources};
