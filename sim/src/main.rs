//! `dq`: the simulator's command line.
//!
//! - `dq run`: seeded Monte Carlo runs on all cores, a summary, optional Parquet rows;
//! - `dq duel`: one combat many times;
//! - `dq replay`: one game of a run again, turn by turn;
//! - `dq bench`: games/s on one and all threads, the RNG floor, allocations per game;
//! - `dq report`, `dq compare`, `dq sweep`: handed to the `dq-reports` binary (polars).
//!
//! Bad input of any kind ends with one line on stderr and exit code 2; Ctrl-C, SIGTERM or
//! SIGHUP with 128 + the signal (130, 143, 129) and no half-written output.

use dq_sim::dispatch::{main_with, HandOver};
use std::process::ExitCode;

/// Counts allocations per thread for `dq bench` (a thread-local increment per allocation).
#[global_allocator]
static GLOBAL: dq_sim::alloc_count::Counting = dq_sim::alloc_count::Counting;

fn main() -> ExitCode {
    GLOBAL.install();
    main_with(&HandOver)
}
