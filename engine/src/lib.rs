//! DungeonQuest rules engine: data-driven rules, a small fixed-size game state, and a decision
//! API that bots, replays, tests and search all drive the same way.
//!
//! The engine does no IO and knows nothing of threads, files or the command line. Build
//! [`Rules`] once (from the data files, or [`Rules::revised`] for the embedded Revised data),
//! then play [`Game`]s: each runs until a player must decide, exposes the [`Decision`] and its
//! legal [`Choice`]s, and continues when [`Game::apply`] gets an answer.

pub mod board;
pub mod card_combat;
pub mod data;
pub mod decision;
pub mod edition;
pub mod game;
pub mod observer;
pub mod rng;
pub mod rule_check;
pub mod rules;
pub mod trace;
pub mod variant;

pub use board::{Cell, Dir};
pub use decision::{Choice, Choices, Decision, DecisionKind, IllegalChoice};
pub use edition::{CombatSystem, Edition, UnknownEdition};
pub use game::{ConfigError, DeathCause, DuelConfig, DuelOutcome, Game, GameConfig, HeroPick, HeroStats, HeroStatus};
pub use observer::{Event, NoObserver, Observer};
pub use rule_check::{Invariant, RuleCheck, Violation};
pub use rules::{CardId, DataError, Deck, Rules, Source, Sources};
pub use variant::Variant;
