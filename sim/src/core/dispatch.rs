//! The command line of both binaries: `dq` and `dq-reports` parse the same [`Cli`] and run
//! the same commands; they differ only in where the report commands (`report`, `compare`,
//! `sweep`) run. Those need polars, which takes most of a clean build, so `dq` is built
//! without it and hands them to `dq-reports`, found beside `dq` or on the `PATH` (as git and
//! cargo find their external subcommands).

use crate::cli::{Cli, Command, CompareArgs, ReportArgs, SweepArgs};
use crate::error::{self, Failure};
use crate::{completions, duel, merge, replay, runner};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

/// A command that needs the reports crate.
pub enum ReportCommand<'a> {
    Report(&'a ReportArgs),
    Compare(&'a CompareArgs),
    Sweep(&'a SweepArgs),
}

/// Where the report commands run.
pub trait ReportCommands {
    fn run(&self, command: ReportCommand<'_>) -> Result<(), Failure>;
}

/// The name of the binary that runs the report commands.
pub const REPORTS_BIN: &str = "dq-reports";

/// `dq`'s way: the whole command line goes to `dq-reports`, which replaces this process (on
/// Unix), so its output, exit code and signals are the command's own.
pub struct HandOver;

impl ReportCommands for HandOver {
    fn run(&self, command: ReportCommand<'_>) -> Result<(), Failure> {
        let exe = find_reports(match command {
            ReportCommand::Report(_) => "report",
            ReportCommand::Compare(_) => "compare",
            ReportCommand::Sweep(_) => "sweep",
        })?;
        let mut child = std::process::Command::new(&exe);
        child.args(std::env::args_os().skip(1));
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Messages and usage lines keep saying `dq`.
            let e = child.arg0("dq").exec();
            Err(Failure::Failed(format!("cannot start {}: {e}", exe.display())))
        }
        #[cfg(not(unix))]
        {
            let status = child.status().map_err(|e| Failure::Failed(format!("cannot start {}: {e}", exe.display())))?;
            std::process::exit(status.code().unwrap_or(1))
        }
    }
}

/// `dq-reports` beside the running binary, else the first on the `PATH`.
fn find_reports(sub: &str) -> Result<PathBuf, Failure> {
    let name = format!("{REPORTS_BIN}{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe().ok().and_then(|p| p.parent().map(|d| d.join(&name)));
    let path = std::env::var_os("PATH").unwrap_or_default();
    let on_path = std::env::split_paths(&path).map(|d| d.join(&name));
    beside.into_iter().chain(on_path).find(|p| p.is_file()).ok_or_else(|| {
        error::bad(format!(
            "dq {sub} runs in {REPORTS_BIN}, the reports binary, which is not built: \
             `cargo build --release -p dq-reports` puts it beside dq (or `cargo install --path reports`)"
        ))
    })
}

/// Parses the command line and runs the command: the `main` of both binaries. Exit codes:
/// 0 done, 1 failed while working, 2 bad input, 128 + signal when stopped.
pub fn main_with(reports: &dyn ReportCommands) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match &cli.command {
        Command::Run(a) => runner::run(a),
        Command::Duel(a) => duel::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Bench(a) => crate::bench::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Completions(a) => completions::completions(a),
        Command::Man(a) => completions::man(a),
        Command::Report(a) => reports.run(ReportCommand::Report(a)),
        Command::Compare(a) => reports.run(ReportCommand::Compare(a)),
        Command::Sweep(a) => reports.run(ReportCommand::Sweep(a)),
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
