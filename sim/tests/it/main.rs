//! The `dq` binary end to end, in one test binary: every module links the same `dq-sim` (and
//! through it polars), so one binary links once instead of once per file.

mod support;

mod cli;
mod completions;
mod merge;
mod reports;
mod schema_doc;
