//! `dq report`: a report folder (HTML page, Markdown and JSON summaries, charts) from one or
//! many results files. The work is done by `dq-reports`; this module maps its errors to the
//! binary's exit codes and prints where the report went.

use crate::cli::ReportArgs;
use crate::error::{emit, Failure};
use crate::parquet_out::SCHEMA_VERSION;

/// A `dq-reports` error as a command failure (bad input: exit 2; failure: exit 1).
pub fn failure(e: dq_reports::Error) -> Failure {
    match e {
        dq_reports::Error::Bad(m) => Failure::Bad(m),
        dq_reports::Error::Failed(m) => Failure::Failed(m),
    }
}

/// Runs `dq report`.
pub fn run(args: &ReportArgs) -> Result<(), Failure> {
    let r = dq_reports::report::report(&args.inputs, &args.out, args.baseline.as_deref(), SCHEMA_VERSION)
        .map_err(failure)?;
    let t = &r.summary.totals;
    emit(&format!(
        "dq report: {} file{}, {} hero-games in {} groups -> {}\n",
        t.files,
        if t.files == 1 { "" } else { "s" },
        t.hero_games,
        r.summary.groups.len(),
        args.out.join("index.html").display()
    ));
    Ok(())
}
