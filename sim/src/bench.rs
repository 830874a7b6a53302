//! `dq bench`: how fast this machine plays, measured the way `dq run` plays.
//!
//! Two passes over the same games, one on a single thread and one on every thread (each
//! writing its Parquet rows to a temporary file that is deleted afterwards, unless
//! `--no-out`), then the RNG floor: the time the same generator takes to draw as many random
//! words as the games consumed. Allocations are counted on the worker thread while it plays.

use crate::cli::{BenchArgs, CHUNK};
use crate::error::{bad, Failure};
use crate::meta::Meta;
use crate::outcome::Row;
use crate::parquet_out::{ParquetOut, SCHEMA_VERSION};
use crate::table::Table;
use crate::{alloc_count, edition, pipeline, run};
use dq_engine::rng::GameRng;
use dq_engine::{Game, NoObserver, Rules};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// What one pass measured.
struct Pass {
    seconds: f64,
    /// Random words the engine drew over all games.
    draws: u64,
    /// Heap allocations while playing, if the counting allocator is installed.
    allocs: Option<u64>,
}

/// The figures `dq bench` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    pub games: u64,
    pub threads: usize,
    pub games_per_sec_1_thread: f64,
    pub games_per_sec_all_threads: f64,
    pub scaling: f64,
    pub ns_per_game: f64,
    pub rng_draws_per_game: f64,
    pub rng_floor_ns_per_game: f64,
    pub rng_floor_ratio: f64,
    pub allocations_per_game: Option<f64>,
}

impl Figures {
    /// One JSON object; the keys are part of the interface.
    pub fn json(&self, table: &Table, parquet: bool) -> String {
        let allocs = self.allocations_per_game.map_or("null".to_string(), |a| format!("{a:.4}"));
        format!(
            "{{\"build\":{},\"games\":{},\"heroes\":{},\"bots\":{},\"parquet\":{parquet},\"threads\":{},\
             \"games_per_sec_1_thread\":{:.1},\"games_per_sec_all_threads\":{:.1},\"scaling\":{:.3},\
             \"ns_per_game\":{:.1},\"rng_draws_per_game\":{:.1},\"rng_floor_ns_per_game\":{:.2},\
             \"rng_floor_ratio\":{:.2},\"allocations_per_game\":{allocs}}}",
            serde_json::to_string(crate::meta::BUILD_KIND).unwrap_or_default(),
            self.games,
            serde_json::to_string(&table.heroes).unwrap_or_default(),
            serde_json::to_string(&table.bots.join(",")).unwrap_or_default(),
            self.threads,
            self.games_per_sec_1_thread,
            self.games_per_sec_all_threads,
            self.scaling,
            self.ns_per_game,
            self.rng_draws_per_game,
            self.rng_floor_ns_per_game,
            self.rng_floor_ratio,
        )
    }

    /// The readable report.
    pub fn text(&self, table: &Table, parquet: bool) -> String {
        let allocs = self.allocations_per_game.map_or("not counted".to_string(), |a| format!("{a:.2} per game"));
        format!(
            "dq bench ({} build): heroes {}, bots {}, {} games per pass, {}\n\
             \x20 1 thread:      {:>10.0} games/s ({:.2} µs per game)\n\
             \x20 {} threads:{}{:>10.0} games/s (scaling {:.2}x)\n\
             \x20 RNG floor:     {:>10.3} µs per game ({:.0} random words per game); a game costs {:.1}x the floor\n\
             \x20 allocations:   {allocs}",
            crate::meta::BUILD_KIND,
            table.heroes,
            table.bots.join(","),
            self.games,
            if parquet { "Parquet rows written to a temporary file" } else { "no Parquet output" },
            self.games_per_sec_1_thread,
            self.ns_per_game / 1000.0,
            self.threads,
            " ".repeat(5usize.saturating_sub(self.threads.to_string().len())),
            self.games_per_sec_all_threads,
            self.scaling,
            self.rng_floor_ns_per_game / 1000.0,
            self.rng_draws_per_game,
            self.rng_floor_ratio,
        )
    }
}

/// Runs `dq bench`.
pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    pipeline::catch_ctrl_c();
    let rules = edition::load(&args.table.data)?;
    let table = Table::new(&rules, &args.table)?;
    let seed = args.table.seed;
    Game::new(&rules, &table.config, seed, 0, &mut NoObserver).map_err(|e| bad(e.to_string()))?;
    let threads = args.threads.unwrap_or_else(run::default_threads);
    let games = args.games;
    let parquet = !args.no_out;

    // Warm caches and bots' first-game work outside the timed passes.
    pass(&rules, &table, seed, games.min(2_000), 1, false)?;
    let one = pass(&rules, &table, seed, games, 1, parquet)?;
    let all = pass(&rules, &table, seed, games, threads, parquet)?;
    let floor_ns = rng_floor(one.draws) / games as f64;
    let ns_per_game = one.seconds * 1e9 / games as f64;
    let gps1 = games as f64 / one.seconds;
    let gpsn = games as f64 / all.seconds;
    let f = Figures {
        games,
        threads,
        games_per_sec_1_thread: gps1,
        games_per_sec_all_threads: gpsn,
        scaling: gpsn / gps1,
        ns_per_game,
        rng_draws_per_game: one.draws as f64 / games as f64,
        rng_floor_ns_per_game: floor_ns,
        rng_floor_ratio: ns_per_game / floor_ns.max(1e-9),
        allocations_per_game: one.allocs.map(|a| a as f64 / games as f64),
    };
    if args.json {
        crate::error::emit(&format!("{}\n", f.json(&table, parquet)));
    } else {
        crate::error::emit(&format!("{}\n", f.text(&table, parquet)));
    }
    Ok(())
}

/// Plays games `0..games` on `threads` threads as `dq run` does, optionally writing Parquet.
fn pass(rules: &Rules, table: &Table, seed: u64, games: u64, threads: usize, parquet: bool) -> Result<Pass, Failure> {
    let path = std::env::temp_dir().join(format!("dq-bench-{}-{threads}.parquet", std::process::id()));
    let mut out = if parquet {
        let mut meta = Meta::default();
        meta.put("schema_version", SCHEMA_VERSION).put("command_line", "dq bench");
        Some(ParquetOut::create(&path, meta.0)?)
    } else {
        None
    };
    let consts = run::consts(rules, table, seed);
    let range = 0..games;
    let (n, chunk) = run::chunks(&range);
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
            Some(o) => o.write(rows, &consts),
            None => Ok(()),
        },
    )?;
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

/// Nanoseconds to draw `draws` random words with the engine's generator (the best of three).
fn rng_floor(draws: u64) -> f64 {
    (0..3)
        .map(|k| {
            let mut r = GameRng::from_seed(k);
            let t = Instant::now();
            let mut acc = 0u64;
            for _ in 0..draws {
                acc ^= r.next_u64();
            }
            black_box(acc);
            t.elapsed().as_nanos() as f64
        })
        .fold(f64::INFINITY, f64::min)
}
