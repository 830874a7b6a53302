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
use crate::run::{DungeonQuest, Engine};
use crate::{alloc_count, pipeline, run};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Runs `dq bench` on a DungeonQuest plan.
pub fn run(args: &BenchArgs, plan: &RunPlan<DungeonQuest>) -> Result<(), Failure> {
    let (s, seed) = (&plan.setup, plan.seed);
    let consts = run::consts(&s.sheets(), &s.seating(), seed);
    let seats = s.seats();
    let f = bench::measure(args, plan.threads, |games, threads, parquet| {
        let out = Out { consts: &consts, seats, games, threads, parquet };
        match &s.engine {
            Engine::Ffg { rules, table } => out.pass(
                || table.players(rules),
                |players, range, rows, draws| {
                    run::play_games(rules, table, seed, range, players, |game, i| {
                        *draws += u64::from(game.rng_draws());
                        rows.extend((0..game.seats()).map(|s| Row::of(game, i, s)));
                    })
                },
            ),
            Engine::Classic { rules, table } => out.pass(
                || table.players(rules),
                |players, range, rows, draws| {
                    run::play_classic(rules, table, seed, range, players, |game, i| {
                        *draws += u64::from(game.rng_draws());
                        rows.extend((0..game.seats()).map(|s| Row::of_classic(game, i, s)));
                    })
                },
            ),
        }
    })?;
    let seating = s.seating();
    bench::print(&f, args.json, seating.heroes, &seating.bots.join(","), !args.no_out);
    Ok(())
}

/// One timed pass: games `0..games` on `threads` threads, rows written to Parquet or not.
struct Out<'a> {
    consts: &'a Consts,
    seats: usize,
    games: u64,
    threads: usize,
    parquet: bool,
}

impl Out<'_> {
    /// Plays the pass as `dq run` does: a worker's players from `players`, each chunk's games
    /// played by `play` (which adds its random draws and returns `false` when stopped).
    fn pass<P>(
        &self,
        players: impl Fn() -> P + Sync,
        play: impl Fn(&mut P, Range<u64>, &mut Vec<Row>, &mut u64) -> bool + Sync,
    ) -> Result<Pass, Failure> {
        let (games, threads, parquet, seats) = (self.games, self.threads, self.parquet, self.seats);
        let path = std::env::temp_dir().join(format!("dq-bench-{}-{threads}.parquet", std::process::id()));
        let mut out = if parquet {
            let mut meta = Meta::default();
            meta.put("schema_version", SCHEMA_VERSION)
                .put("game", Family::DungeonQuest)
                .put("command_line", "dq bench");
            Some(ParquetOut::<Consts>::create(&path, meta.0)?)
        } else {
            None
        };
        let range = 0..games;
        let (n, chunk) = pipeline::chunks(&range);
        let draws = AtomicU64::new(0);
        let allocs = AtomicU64::new(0);
        let counted = AtomicBool::new(true);
        let started = Instant::now();
        let complete = pipeline::run(
            threads,
            n,
            &players,
            || Vec::<Row>::with_capacity(CHUNK as usize * seats),
            |players, k, rows| {
                rows.clear();
                let before = alloc_count::thread_allocs();
                let mut d = 0u64;
                let done = play(players, chunk(k), rows, &mut d);
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
                Some(o) => o.write(rows, self.consts).map(|_| pipeline::Flow::More),
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
}
