//! The subcommands the `dq-reports` binary runs in its own process: `report`, `compare` and
//! `sweep`, the ones that need polars. `dq` hands them over to that binary (see
//! `dq_sim::dispatch`), so a simulation never waits for polars to build.

pub mod compare;
pub mod report;
pub mod sweep;

use dq_sim::dispatch::{ReportCommand, ReportCommands};
use dq_sim::error::Failure;

/// Runs the report commands here, in this process.
pub struct InProcess;

impl ReportCommands for InProcess {
    fn run(&self, command: ReportCommand<'_>) -> Result<(), Failure> {
        match command {
            ReportCommand::Report(a) => report::run(a),
            ReportCommand::Compare(a) => compare::run(a),
            ReportCommand::Sweep(a) => sweep::run(a),
        }
    }
}
