//! The `dq` command line as a library: the binary's commands, and the pieces the
//! integration tests check directly (the Parquet schema, rows as JSON).
//!
//! - [`run`]: `dq run`, seeded Monte Carlo runs on all cores, streamed to Parquet;
//! - [`duel`]: `dq duel`, one combat many times;
//! - [`replay`]: `dq replay`, one game of a run again, turn by turn.
//! - [`bench`]: `dq bench`, throughput on one and all threads against the RNG floor.

pub mod alloc_count;
pub mod bench;
pub mod cli;
pub mod duel;
pub mod edition;
pub mod error;
pub mod meta;
pub mod outcome;
pub mod parquet_out;
pub mod pipeline;
pub mod progress;
pub mod replay;
pub mod run;
pub mod summary;
pub mod table;
