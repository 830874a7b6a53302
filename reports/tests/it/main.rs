//! `dq-reports` end to end: `report`, `compare` and `sweep`, with their input made by the
//! same binary's `run` (it is the whole `dq` command line).

/// The binary under test.
pub const DQ: &str = env!("CARGO_BIN_EXE_dq-reports");

// The end-to-end helpers of the `dq` tests, shared rather than copied.
#[path = "../../../sim/tests/it/support.rs"]
#[allow(dead_code)]
mod support;

mod chaos;
mod dealing;
mod reports;
mod runs;
