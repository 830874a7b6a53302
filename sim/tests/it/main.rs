//! The `dq` binary end to end, in one test binary (one link instead of one per file). The
//! report commands are tested in the reports package, against `dq-reports`.

/// The `dq` binary under test.
pub const DQ: &str = env!("CARGO_BIN_EXE_dq");

#[allow(dead_code)] // some helpers serve only the reports package's tests
mod support;

mod classic;
mod cli;
mod completions;
mod dealing_dungeons;
mod duel_chaos;
mod duel_checks;
mod duel_classic;
mod duel_dealing;
mod dungeon_of_chaos;
mod merge;
mod replay_text;
mod schema_doc;
