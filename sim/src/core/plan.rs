//! A run checked once: the validated form of `dq run`'s options (or of a sweep cell), built
//! before any thread starts or any file is created, and then only read. The command line and
//! `dq sweep` both build one; the runner (`crate::runner`) plays it.

use crate::cli::{RunArgs, Shard, TableArgs};
use crate::error::Failure;
use crate::family::GameFamily;
use std::ops::Range;
use std::path::PathBuf;

/// Everything one run of family `F` plays and writes, checked: what every family's run has,
/// and the family's own checked setup.
pub struct RunPlan<F: GameFamily> {
    /// The family's part: for DungeonQuest the rules, where they came from, and the table.
    pub setup: F::Setup,
    pub seed: u64,
    /// Games in the whole run (with a precision, the most to play).
    pub games_in_run: u64,
    pub shard: Shard,
    /// The games this process plays: the shard's part of the run.
    pub range: Range<u64>,
    pub threads: usize,
    /// Games per chunk (the unit of parallel work and progress): [`GameFamily::chunk_games`].
    pub chunk: u64,
    pub out: Option<PathBuf>,
    pub label: Option<String>,
    pub precision: Option<f64>,
}

/// What a run prints besides its output file.
#[derive(Clone, Copy, Debug, Default)]
pub struct Printing {
    pub json: bool,
    pub quiet: bool,
}

impl<F: GameFamily> RunPlan<F> {
    /// The plan of `dq run`'s options.
    pub fn from_args(args: &RunArgs) -> Result<RunPlan<F>, Failure> {
        RunPlan::new(&args.table, args.games(), args.shard, args.threads, args.out.clone()).map(|p| RunPlan {
            label: args.label.clone(),
            precision: args.precision,
            ..p
        })
    }

    /// A plan of `games` games at `table` (the family loads and checks it); `threads`
    /// defaults to every core, `shard` to the whole run.
    pub fn new(
        table: &TableArgs,
        games: u64,
        shard: Option<Shard>,
        threads: Option<usize>,
        out: Option<PathBuf>,
    ) -> Result<RunPlan<F>, Failure> {
        let setup = F::setup(table)?;
        let shard = shard.unwrap_or(Shard::ALL);
        let range = shard.range(games);
        let chunk = F::chunk_games(&setup);
        Ok(RunPlan {
            chunk,
            setup,
            seed: table.seed,
            games_in_run: games,
            shard,
            range,
            threads: threads.unwrap_or_else(default_threads),
            out,
            label: None,
            precision: None,
        })
    }
}

/// Worker threads when `--threads` is not given: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
