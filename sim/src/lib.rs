//! The `dq` command line as a library: the binary's commands, and the pieces the
//! integration tests check directly (the Parquet schema, rows as JSON).
//!
//! - [`run`]: `dq run`, seeded Monte Carlo runs on all cores, streamed to Parquet;
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

pub mod alloc_count;
pub mod bench;
pub mod cli;
pub mod completions;
pub mod dispatch;
pub mod duel;
pub mod edition;
pub mod error;
pub mod family;
pub mod interval;
pub mod merge;
pub mod meta;
pub mod outcome;
pub mod outdir;
pub mod parquet_out;
pub mod pipeline;
pub mod plan;
pub mod progress;
pub mod replay;
pub mod run;
pub mod schema;
pub mod summary;
pub mod table;
