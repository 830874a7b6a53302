//! Rules engines for dungeon board games: data-driven rules, a small fixed-size game state,
//! and a decision API that bots, replays, tests and search all drive the same way.
//!
//! The crate is laid out by game family. [`core`] holds what every family shares: the seeded
//! per-game random streams, the [`DecisionGame`] trait (pending decision, legal answers,
//! apply) and the tools written once over it (the random fuzzer, replay of recorded
//! answers). Each family is a module of its own: [`dungeonquest`] now; Dealing Dungeons and
//! The Dungeon of Chaos are to come beside it.
//!
//! The engine does no IO and knows nothing of threads, files or the command line. Build
//! [`Rules`] once (from the data files, or [`Rules::revised`] for the embedded Revised data),
//! then play [`Game`]s: each runs until a player must decide, exposes the [`Decision`] and its
//! legal [`Choice`]s, and continues when [`Game::apply`] gets an answer.
//!
//! DungeonQuest's modules and types are re-exported at the crate root (`dq_engine::rules`,
//! `dq_engine::Game`, …), where the other crates have always named them.

pub mod core;
pub mod dealing_dungeons;
pub mod dungeon_of_chaos;
pub mod dungeonquest;

pub use crate::core::rng;
pub use crate::core::{DecisionGame, Outcome};
pub use dungeonquest::{
    board, card_combat, data, decision, edition, game, observer, rule_check, rules, trace, variant,
};
pub use dungeonquest::{
    CardId, Cell, Choice, Choices, CombatSystem, ConfigError, DataError, DeathCause, Decision, DecisionKind, Deck, Dir,
    DuelConfig, DuelOutcome, Edition, Event, Game, GameConfig, HeroPick, HeroSetup, HeroStats, HeroStatus,
    IllegalChoice, Invariant, NoObserver, Observer, RuleCheck, Rules, Setup, SetupError, Source, Sources, TileSetup,
    UnknownEdition, Variant, Violation,
};
