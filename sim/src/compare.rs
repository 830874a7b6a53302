//! `dq compare A B`: the survival and gold differences between two runs, paired game by game
//! when they share seeds and games (see `dq_reports::compare`).

use crate::cli::CompareArgs;
use crate::error::{emit, Failure};
use crate::parquet_out::SCHEMA_VERSION;
use crate::report_cmd::failure;

/// Runs `dq compare`.
pub fn run(args: &CompareArgs) -> Result<(), Failure> {
    let by = dq_reports::compare::parse_by(args.by.as_deref()).map_err(failure)?;
    let c = dq_reports::compare::compare(&args.a, &args.b, &by, SCHEMA_VERSION).map_err(failure)?;
    emit(&if args.json { c.json() } else { c.text() });
    Ok(())
}
