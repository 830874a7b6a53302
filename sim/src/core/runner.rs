//! `dq run`, written once for every game family: a checked [`RunPlan`] played on the chunked
//! pipeline, each worker keeping its players and a [`Chunk`] buffer, the rows streamed to
//! Parquet in game order, integer tallies summed, a `--precision` stop, Ctrl-C, and the
//! family's summary.
//!
//! The run's games `[first, end)` (the whole run, or one shard of it) are cut into chunks at
//! multiples of [`CHUNK`] of the global game index; chunks are written in order. Game `i`
//! depends only on (seed, `i`), so the rows are the same for any `--threads`, and shards are
//! exact slices of the unsharded run. With `--precision` the run stops after the first chunk,
//! in game order, at which the family's widest watched interval is narrow enough.

use crate::cli::{RunArgs, Shard, CHUNK};
use crate::dungeonquest::run::DungeonQuest;
use crate::error::Failure;
use crate::family::{Chunk, Family, GameFamily, RunEnd, RunTally};
use crate::meta::{self, Meta};
use crate::parquet_out::{ParquetOut, SCHEMA_VERSION};
use crate::pipeline::{Ended, Flow};
use crate::plan::{Printing, RunPlan};
use crate::{pipeline, progress};
use std::time::Instant;

/// Runs `dq run`: dispatches on the family once, then plays its plan.
pub fn run(args: &RunArgs) -> Result<(), Failure> {
    // First of all, so that Ctrl-C at any later point removes the temporary output.
    pipeline::catch_ctrl_c();
    match args.game.family {
        Family::DungeonQuest => run_family::<DungeonQuest>(args),
    }
}

fn run_family<F: GameFamily>(args: &RunArgs) -> Result<(), Failure> {
    let plan = RunPlan::<F>::from_args(args)?;
    if args.dry_run {
        return dry_run(&plan);
    }
    run_under(&plan, Printing { json: args.json, quiet: args.quiet }, None).map(|_| ())
}

/// The `dq.*` metadata a run's file opens with.
fn run_meta<F: GameFamily>(plan: &RunPlan<F>) -> Meta {
    let (range, own) = (&plan.range, F::meta(&plan.setup));
    let mut meta = Meta::default();
    meta.put("schema_version", SCHEMA_VERSION)
        .put("game", F::GAME)
        .put("version", env!("CARGO_PKG_VERSION"))
        .put("git_commit", meta::GIT_COMMIT);
    meta.0.extend(own.rules.0);
    meta.put("master_seed", plan.seed).put("seed_scheme", meta::SEED_SCHEME).put("chunk_size", CHUNK);
    // A run to a precision says how many games it held once it knows (at the end).
    if plan.precision.is_none() {
        meta.put("games", plan.games_in_run);
    }
    meta.put("shard", plan.shard).put("first_game", range.start);
    if plan.precision.is_none() {
        meta.put("end_game", range.end);
    }
    meta.0.extend(own.table.0);
    meta.put("command_line", meta::command_line());
    meta.0.extend(own.source.0);
    if let Some(label) = &plan.label {
        meta.put("label", label);
    }
    if let Some(p) = plan.precision {
        meta.put("precision", p);
    }
    meta
}

/// Plays a plan: with `shared_bar` (`dq sweep` plays all its cells under one), the bar is
/// ticked but not finished, and no summary is printed. Gives the run's counts.
pub fn run_under<F: GameFamily>(
    plan: &RunPlan<F>,
    print: Printing,
    shared_bar: Option<&indicatif::ProgressBar>,
) -> Result<F::Tally, Failure> {
    pipeline::catch_ctrl_c();
    let (setup, seed, range) = (&plan.setup, plan.seed, &plan.range);
    let mut out = match &plan.out {
        Some(path) => Some(ParquetOut::<F::Consts>::create(path, run_meta(plan).0)?),
        None => None,
    };
    let consts = F::consts(setup, seed);
    let (keep_rows, rows_per_game) = (out.is_some(), F::rows_per_game(setup));

    let bar = shared_bar.cloned().unwrap_or_else(|| match plan.precision {
        Some(p) => progress::open_bar(print.quiet, &format!("until {} is known to ±{:.2} pp", F::WATCHED, 100.0 * p)),
        None => progress::bar(range.end - range.start, print.quiet),
    });
    let (n_chunks, chunk) = pipeline::chunks(range);
    let started = Instant::now();
    let mut total = F::Tally::default();
    let ended = pipeline::run(
        plan.threads,
        n_chunks,
        || F::players(setup),
        || Chunk::<F::Row, F::Tally>::new(keep_rows, CHUNK as usize, rows_per_game),
        |players, k, buf| {
            buf.clear();
            F::play(setup, seed, chunk(k), players, buf)
        },
        |_, buf| {
            // Ticked as chunks are counted, so an interrupted run's message gives what it showed.
            bar.inc(buf.tally.games());
            total.merge(&buf.tally);
            if let (Some(o), Some(rows)) = (out.as_mut(), buf.rows()) {
                o.write(rows, &consts)?;
            }
            Ok(match plan.precision {
                Some(p) if F::widest(setup, &total).is_some_and(|w| w <= p) => Flow::Enough,
                _ => Flow::More,
            })
        },
    )?;
    let (complete, end_game) = match ended {
        Ended::All => (true, range.end),
        Ended::Enough(k) => (true, chunk(k - 1).end),
        Ended::Interrupted => (false, range.end),
    };
    if shared_bar.is_none() {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    if !complete {
        drop(out); // removes the temporary file
        return Err(Failure::Interrupted(format!(
            "interrupted after {} of {} games; no output written",
            total.games(),
            range.end - range.start
        )));
    }
    if let Some(o) = out.take() {
        // Timings stay out of the file (the summary and `--json` have them): the same command
        // writes the same bytes.
        let mut end = Meta::default();
        if plan.precision.is_some() {
            end.put("games", end_game).put("end_game", end_game);
        }
        o.finish(end.0)?;
    }
    if shared_bar.is_some() {
        return Ok(total);
    }

    let end = RunEnd {
        seed,
        games_in_run: if plan.precision.is_some() { end_game } else { plan.games_in_run },
        range,
        end_game,
        precision: plan.precision.map(|p| (p, plan.games_in_run)),
        shard: plan.shard,
        threads: plan.threads,
        seconds,
        out: plan.out.as_deref(),
    };
    let text = F::summary_text(setup, &total, &end);
    if print.json {
        crate::error::emit(&format!("{}\n", F::summary_json(setup, &total, &end)));
        if !print.quiet {
            eprintln!("{text}");
        }
    } else {
        crate::error::emit(&format!("{text}\n"));
    }
    Ok(total)
}

/// `dq run --dry-run`: the output path checked as a run would check it (nothing is created),
/// then one line saying what would be played.
fn dry_run<F: GameFamily>(plan: &RunPlan<F>) -> Result<(), Failure> {
    if let Some(path) = &plan.out {
        crate::parquet_out::check_out(path)?;
    }
    let range = &plan.range;
    let part = if plan.shard == Shard::ALL {
        String::new()
    } else {
        format!(" (shard {}: games {}..{})", plan.shard, range.start, range.end)
    };
    let upto = if plan.precision.is_some() { "up to " } else { "" };
    crate::error::emit(&format!(
        "dq run --dry-run: would play {upto}{} games{part} of {} {}{}\n",
        range.end - range.start,
        F::GAME,
        F::describe(&plan.setup, plan.seed),
        plan.out.as_ref().map_or(String::new(), |p| format!(", writing {}", p.display()))
    ));
    Ok(())
}

