//! DungeonQuest's commands: its runner, replay and duel, the table of heroes and bots a run
//! plays, the per-hero outcome of a game and the run's summary, its rule data (embedded
//! editions or a `--data` folder) and its results table.
//!
//! What every family shares (command line, pipeline, plans, the Parquet writer, merge) is in
//! [`crate::core`].

pub mod bench;
pub mod duel;
pub mod edition;
pub mod outcome;
pub mod replay;
pub mod run;
pub mod schema;
pub mod summary;
pub mod table;
