//! The `dq` command line as a library: the binary's commands, and the pieces the
//! integration tests check directly (the Parquet schema, rows as JSON).
//!
//! Laid out by game family, as the engine and the bots are: [`core`] holds the plumbing every
//! family's commands share (command line, dispatch, the family registry, the chunked parallel
//! pipeline, run plans and the runner written over a game family trait, the results file's
//! schema core and Parquet writer, merge, output folders, errors); [`dungeonquest`] holds
//! DungeonQuest as such a family (its `run` module), its replay, duel, table,
//! outcomes, summary, rule data loading and results table; [`dealing_dungeons`] holds Dealing
//! Dungeons the same way; [`dungeon_of_chaos`] The Dungeon of Chaos (run, replay, bench).
//!
//! - [`runner`]: `dq run`, seeded Monte Carlo runs on all cores, streamed to Parquet;
//! - [`duel`]: `dq duel`, one combat many times;
//! - [`replay`]: `dq replay`, one game of a run again, turn by turn.
//! - [`bench`](mod@bench): `dq bench`, throughput on one and all threads against the RNG floor.
//! - [`merge`]: `dq merge`, the parts of a sharded run joined into one file;
//! - [`completions`]: `dq completions` and `dq man`, generated from the clap definitions.
//! - [`dispatch`]: the command line of both binaries; `dq report`, `dq compare` and
//!   `dq sweep` run in the `dq-reports` binary (polars), to which `dq` hands them;
//! - [`schema`]: the results file's columns, one table per game, that everything else reads;
//! - [`outdir`], [`interval`]: output files and folders written whole or not at all, and the
//!   summary's intervals, shared with `dq-reports`.
//!
//! Every module is re-exported at the crate root (`dq_sim::run`, `dq_sim::cli`, …), where the
//! other crates and the tests have always named them.

pub mod core;
pub mod dealing_dungeons;
pub mod dungeon_of_chaos;
pub mod dungeonquest;

pub use crate::core::{
    alloc_count, bench, cli, completions, dispatch, error, family, interval, merge, meta, outdir, parquet_out,
    pipeline, plan, progress, runner, schema,
};
pub use dungeonquest::{duel, edition, outcome, replay, run, summary, table};
