//! What every game family's commands share, written once: the command line and its
//! dispatch, the registry of families, the chunked parallel pipeline and its stop on signals,
//! run plans and the runner, the results file's schema core (types, common prefix,
//! [`Sink`](schema::Sink)) and its Parquet writer, `dq merge`, `dq bench`'s measuring, output files and folders
//! written whole, errors and exit codes.
//!
//! A family (see [`crate::dungeonquest`]) implements [`family::GameFamily`] (its setup,
//! players, rows, results table, tallies and summary), which [`runner`] (`dq run`), the
//! Parquet writer and `dq merge` are written over, and brings its other commands'
//! game-specific parts; [`family::Family`] names it, and each command matches on it once.

pub mod alloc_count;
pub mod bench;
pub mod cli;
pub mod completions;
pub mod dispatch;
pub mod error;
pub mod family;
pub mod interval;
pub mod merge;
pub mod meta;
pub mod outdir;
pub mod parquet_out;
pub mod pipeline;
pub mod plan;
pub mod progress;
pub mod runner;
pub mod schema;
pub mod summary_frame;
