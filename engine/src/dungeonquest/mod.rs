//! DungeonQuest (the Revised edition and the 2010 third edition): its rule data, its rules
//! and its game state, driven through the decision API of [`crate::core`].
//!
//! Everything here is specific to this game family; what every family shares (seeded
//! streams, the decision trait, the fuzzer, replay) is in [`crate::core`].

pub mod board;
pub mod card_combat;
pub mod classic;
pub mod data;
pub mod decision;
mod decision_game;
pub mod edition;
pub mod game;
pub mod observer;
pub mod rule_check;
pub mod rules;
pub mod trace;
pub mod variant;

pub use board::{Cell, Dir};
pub use decision::{Choice, Choices, Decision, DecisionKind, IllegalChoice};
pub use edition::{CombatSystem, Edition, UnknownEdition};
pub use game::{
    ConfigError, DeathCause, DuelConfig, DuelOutcome, Game, GameConfig, HeroPick, HeroSetup, HeroStats, HeroStatus,
    Setup, SetupError, TileSetup,
};
pub use observer::{Event, NoObserver, Observer};
pub use rule_check::{Invariant, RuleCheck, Violation};
pub use rules::{CardId, DataError, Deck, Rules, Source, Sources};
pub use variant::Variant;
