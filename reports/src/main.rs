//! `dq-reports`: the whole `dq` command line, with `report`, `compare` and `sweep` run here
//! (they need polars). `dq` hands those three to this binary; every other command runs the
//! same code as in `dq`.

use dq_reports::commands::InProcess;
use dq_sim::dispatch::main_with;
use std::process::ExitCode;

/// Counts allocations per thread for `bench`, as in `dq`.
#[global_allocator]
static GLOBAL: dq_sim::alloc_count::Counting = dq_sim::alloc_count::Counting;

fn main() -> ExitCode {
    GLOBAL.install();
    main_with(&InProcess)
}
