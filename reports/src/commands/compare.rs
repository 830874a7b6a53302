//! `dq compare A B`: the differences in the game's headline rate and score (DungeonQuest's
//! survival and gold) between two runs, paired game by game when they share seeds and games
//! (see `crate::compare`).

use crate::spec::spec_or_refuse;
use dq_sim::cli::CompareArgs;
use dq_sim::error::{emit, Failure};
use dq_sim::parquet_out::SCHEMA_VERSION;

/// Runs `dq compare`.
pub fn run(args: &CompareArgs) -> Result<(), Failure> {
    // The files' `dq.game` is checked as they are read.
    let spec = spec_or_refuse(crate::input::family_of(args.game.family, std::slice::from_ref(&args.a)))?;
    let by = crate::compare::parse_by(spec, args.by.as_deref())?;
    let c = crate::compare::compare(spec, &args.a, &args.b, &by, SCHEMA_VERSION)?;
    emit(&if args.json { c.json() } else { c.text(spec) });
    Ok(())
}
