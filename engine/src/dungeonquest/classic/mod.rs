//! DungeonQuest 1987 (Games Workshop, edition `classic`, issue 25): its data and its combat.
//!
//! This first slice holds what can be built and tested before the game flow: the data of
//! `data/dungeonquest/classic/` with its loader ([`rules`], [`data`]), one monster combat as a
//! small state driven by answers ([`combat`]), and the exact chain of a combat's rounds
//! ([`exact`]). The edition is not yet an [`crate::Edition`]: that needs the whole game
//! (tiles, decks, rounds) playable end to end.

pub mod combat;
pub mod data;
pub mod exact;
pub mod rules;

pub use combat::{Answer, Dice, Encounter, Fight, Opening, Outcome, Pending, RoundSystem, Stacked};
pub use rules::{ClassicRules, ClassicSources};
