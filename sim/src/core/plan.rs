//! A run checked once: the validated form of `dq run`'s options (or of a sweep cell), built
//! before any thread starts or any file is created, and then only read. The command line and
//! `dq sweep` both build one; the runner plays it.

use crate::cli::{DataArgs, RunArgs, Shard, TableArgs};
use crate::edition;
use crate::error::Failure;
use crate::family::Family;
use crate::table::Table;
use dq_engine::Rules;
use std::ops::Range;
use std::path::PathBuf;

/// Everything one run plays and writes, checked.
pub struct RunPlan {
    pub family: Family,
    pub rules: Rules,
    /// Where the rules came from (an edition or a `--data` folder): printed back in the
    /// replay command and kept in the file.
    pub data: DataArgs,
    pub table: Table,
    pub seed: u64,
    /// Games in the whole run (with a precision, the most to play).
    pub games_in_run: u64,
    pub shard: Shard,
    /// The games this process plays: the shard's part of the run.
    pub range: Range<u64>,
    pub threads: usize,
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

impl RunPlan {
    /// The plan of `dq run`'s options.
    pub fn from_args(args: &RunArgs) -> Result<RunPlan, Failure> {
        RunPlan::new(args.game.family, &args.table, args.games(), args.shard, args.threads, args.out.clone())
            .map(|p| RunPlan { label: args.label.clone(), precision: args.precision, ..p })
    }

    /// A plan of `games` games at `table` (loads and checks the rules and the table);
    /// `threads` defaults to every core, `shard` to the whole run.
    pub fn new(
        family: Family,
        table: &TableArgs,
        games: u64,
        shard: Option<Shard>,
        threads: Option<usize>,
        out: Option<PathBuf>,
    ) -> Result<RunPlan, Failure> {
        let Family::DungeonQuest = family;
        let rules = edition::load(&table.data)?;
        // The table checks what the engine and the bots would refuse, without building either.
        let checked = Table::new(&rules, table)?;
        let shard = shard.unwrap_or(Shard::ALL);
        let range = shard.range(games);
        Ok(RunPlan {
            family,
            data: table.data.clone(),
            table: checked,
            seed: table.seed,
            games_in_run: games,
            shard,
            range,
            threads: threads.unwrap_or_else(default_threads),
            out,
            label: None,
            precision: None,
            rules,
        })
    }
}

/// Worker threads when `--threads` is not given: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
