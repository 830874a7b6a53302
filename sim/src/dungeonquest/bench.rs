//! `dq bench` of DungeonQuest: its pass, the games of a run played as `dq run` plays them
//! (the same chunks, bots and row encoding), for [`crate::core::bench::measure`] to time.

use crate::cli::{BenchArgs, CHUNK};
use crate::core::bench::{self, Pass};
use crate::error::Failure;
use crate::family::Family;
use crate::meta::Meta;
use crate::outcome::Row;
use crate::parquet_out::{Consts, ParquetOut, SCHEMA_VERSION};
use crate::plan::RunPlan;
use crate::run::DungeonQuest;
use crate::table::Table;
use crate::{alloc_count, pipeline, run};
use dq_engine::Rules;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Runs `dq bench` on a DungeonQuest plan.
pub fn run(args: &BenchArgs, plan: &RunPlan<DungeonQuest>) -> Result<(), Failure> {
    let (rules, table, seed) = (&plan.setup.rules, &plan.setup.table, plan.seed);
    let f = bench::measure(args, plan.threads, |games, threads, parquet| {
        pass(rules, table, seed, games, threads, parquet)
    })?;
    bench::print(&f, args.json, &table.heroes, &table.bots.join(","), !args.no_out);
    Ok(())
}

/// Plays games `0..games` on `threads` threads as `dq run` does, optionally writing Parquet.
fn pass(rules: &Rules, table: &Table, seed: u64, games: u64, threads: usize, parquet: bool) -> Result<Pass, Failure> {
    let path = std::env::temp_dir().join(format!("dq-bench-{}-{threads}.parquet", std::process::id()));
    let mut out = if parquet {
        let mut meta = Meta::default();
        meta.put("schema_version", SCHEMA_VERSION).put("game", Family::DungeonQuest).put("command_line", "dq bench");
        Some(ParquetOut::<Consts>::create(&path, meta.0)?)
    } else {
        None
    };
    let consts = run::consts(rules, table, seed);
    let range = 0..games;
    let (n, chunk) = pipeline::chunks(&range);
    let seats = table.seats();
    let draws = AtomicU64::new(0);
    let allocs = AtomicU64::new(0);
    let counted = AtomicBool::new(true);
    let started = Instant::now();
    let complete = pipeline::run(
        threads,
        n,
        || table.players(rules),
        || Vec::<Row>::with_capacity(CHUNK as usize * seats),
        |players, k, rows| {
            rows.clear();
            let before = alloc_count::thread_allocs();
            let mut d = 0u64;
            let done = run::play_games(rules, table, seed, chunk(k), players, |game, i| {
                d += u64::from(game.rng_draws());
                for s in 0..game.seats() {
                    rows.push(Row::of(game, i, s));
                }
            });
            if !done {
                return false;
            }
            match (before, alloc_count::thread_allocs()) {
                (Some(a), Some(b)) => {
                    allocs.fetch_add(b - a, Ordering::Relaxed);
                }
                _ => counted.store(false, Ordering::Relaxed),
            }
            draws.fetch_add(d, Ordering::Relaxed);
            true
        },
        |_, rows| match out.as_mut() {
            Some(o) => o.write(rows, &consts).map(|_| pipeline::Flow::More),
            None => Ok(pipeline::Flow::More),
        },
    )? == pipeline::Ended::All;
    if !complete {
        drop(out);
        return Err(Failure::Interrupted("interrupted; nothing measured".into()));
    }
    if let Some(o) = out.take() {
        o.finish(Vec::new())?;
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    if parquet {
        let _ = std::fs::remove_file(&path);
    }
    Ok(Pass { seconds, draws: draws.into_inner(), allocs: counted.into_inner().then(|| allocs.into_inner()) })
}
