//! What every game family's commands share, written once: the command line and its
//! dispatch, the registry of families, the chunked parallel pipeline and its stop on signals,
//! run plans, the results file's schema core (types, common prefix, [`Sink`](schema::Sink))
//! and its Parquet writer, `dq merge`, `dq bench`'s measuring, output files and folders
//! written whole, errors and exit codes.
//!
//! A family (see [`crate::dungeonquest`]) brings its runner, its results table and its
//! commands' game-specific parts; [`family`] names it, and each command matches on it.

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
pub mod schema;
