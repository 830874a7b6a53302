//! DungeonQuest 1987 (Games Workshop, edition `classic`, issue 25): its data and its combat.
//!
//! These slices hold what can be built and tested before the game flow: the data of
//! `data/dungeonquest/classic/` with its loader ([`rules`], [`data`]; the card decks and Room
//! tiles in [`decks`] and [`tiles`]), one monster combat as a small state driven by answers
//! ([`combat`]), and the exact chain of a combat's rounds ([`exact`]). The edition is not yet an [`crate::Edition`]: that needs the whole game
//! (tiles, decks, rounds) playable end to end.

pub mod combat;
pub mod data;
pub mod decks;
pub mod exact;
pub mod game;
pub mod rules;
pub mod tiles;

pub use combat::{Answer, Dice, Encounter, Fight, Opening, Outcome, Pending, RoundSystem, Stacked};
pub use rules::{ClassicRules, ClassicSources};
