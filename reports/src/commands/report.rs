//! `dq report`: a report folder (HTML page, Markdown and JSON summaries, charts) from one or
//! many results files. This module prints where the report went;
//! the work is [`crate::report`]'s.

use crate::spec::spec_or_refuse;
use dq_sim::cli::ReportArgs;
use dq_sim::error::{emit, Failure};
use dq_sim::parquet_out::SCHEMA_VERSION;

/// Runs `dq report`.
pub fn run(args: &ReportArgs) -> Result<(), Failure> {
    // The files' `dq.game` is checked as they are read.
    let spec = spec_or_refuse(crate::input::family_of(args.game.family, &args.inputs))?;
    let r = crate::report::report(spec, &args.inputs, &args.out, args.baseline.as_deref(), SCHEMA_VERSION)?;
    let t = &r.summary.totals;
    emit(&format!(
        "dq report: {} file{}, {} {} in {} groups -> {}\n",
        t.files,
        if t.files == 1 { "" } else { "s" },
        t.hero_games,
        spec.rows,
        r.summary.groups.len(),
        args.out.join("index.html").display()
    ));
    Ok(())
}
