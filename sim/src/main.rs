//! `dq`: the DungeonQuest simulator's command line.
//!
//! - `dq run`: seeded Monte Carlo runs on all cores, a summary, optional Parquet rows;
//! - `dq duel`: one combat many times;
//! - `dq replay`: one game of a run again, turn by turn;
//! - `dq bench`: games/s on one and all threads, the RNG floor, allocations per game.
//!
//! Bad input of any kind ends with one line on stderr and exit code 2; Ctrl-C, SIGTERM or
//! SIGHUP with 128 + the signal (130, 143, 129) and no half-written output.

use clap::Parser;
use dq_sim::cli::{Cli, Command};
use dq_sim::{completions, duel, error, merge, replay, run};
use std::process::ExitCode;

/// Counts allocations per thread for `dq bench` (a thread-local increment per allocation).
#[global_allocator]
static GLOBAL: dq_sim::alloc_count::Counting = dq_sim::alloc_count::Counting;

fn main() -> ExitCode {
    GLOBAL.install();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match &cli.command {
        Command::Run(a) => run::run(a),
        Command::Duel(a) => duel::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Bench(a) => dq_sim::bench::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
        Command::Report(a) => dq_sim::report_cmd::run(a),
        Command::Compare(a) => dq_sim::compare::run(a),
        Command::Sweep(a) => dq_sim::sweep::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}

/// Help and version print as clap formats them; a usage error becomes one line, exit 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    // The message is clap's first paragraph (a list of missing arguments included), joined
    // into one line; the usage block after it is left to --help.
    let text = e.render().to_string();
    let para: Vec<&str> =
        text.lines().skip_while(|l| l.trim().is_empty()).take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
    let msg = para.join(" ");
    let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
    error::bad(format!("{msg} (see --help)")).report()
}
