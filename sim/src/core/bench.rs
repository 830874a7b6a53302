//! `dq bench`: how fast this machine plays, measured the way `dq run` plays.
//!
//! Each round plays two passes over the same games, one on a single thread and one on every
//! thread (each writing its Parquet rows to a temporary file that is deleted afterwards,
//! unless `--no-out`), then measures the RNG floor: the time the same generator takes to draw
//! as many random words as the games consumed. The figures are the rounds' medians, each
//! ratio (scaling, floor ratio) taken within its round first, since a shared machine's speed
//! wanders between rounds more than within one. Allocations are counted on the worker thread
//! while it plays.

use crate::cli::{BenchArgs, CHUNK};
use crate::dealing_dungeons::run::DealingDungeons;
use crate::dungeon_of_chaos::run::DungeonOfChaos;
use crate::dungeonquest::run::DungeonQuest;
use crate::error::Failure;
use crate::family::{Family, GameFamily};
use crate::meta::Meta;
use crate::parquet_out::{ParquetOut, SCHEMA_VERSION};
use crate::plan::RunPlan;
use crate::schema::ResultsTable;
use crate::{alloc_count, pipeline};
use dq_engine::rng::GameRng;
use std::hint::black_box;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// What one pass measured.
pub struct Pass {
    pub seconds: f64,
    /// Random words the engine drew over all games.
    pub draws: u64,
    /// Heap allocations while playing, if the counting allocator is installed.
    pub allocs: Option<u64>,
}

/// One round's figures, kept so the report can show how far the rounds spread.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundFigures {
    pub games_per_sec_1_thread: f64,
    pub games_per_sec_all_threads: f64,
    pub ns_per_game: f64,
    pub rng_floor_ns_per_game: f64,
}

impl RoundFigures {
    /// All-threads over one-thread games/s, within this round.
    pub fn scaling(&self) -> f64 {
        self.games_per_sec_all_threads / self.games_per_sec_1_thread.max(1e-9)
    }

    /// A game's cost over the RNG floor, both measured in this round.
    pub fn rng_floor_ratio(&self) -> f64 {
        self.ns_per_game / self.rng_floor_ns_per_game.max(1e-9)
    }
}

/// The median of `values` (the mean of the middle two for an even count; 0 for none).
fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// The smallest and largest of `values`.
fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// The figures `dq bench` prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    pub games: u64,
    pub threads: usize,
    /// Each round's figures, in the order played; the fields below are their medians.
    pub rounds: Vec<RoundFigures>,
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
    /// The medians of `rounds` (at least one), with the counts that do not vary by round.
    pub fn of_rounds(
        games: u64,
        threads: usize,
        rounds: Vec<RoundFigures>,
        rng_draws_per_game: f64,
        allocations_per_game: Option<f64>,
    ) -> Figures {
        let m = |f: fn(&RoundFigures) -> f64| median(rounds.iter().map(f));
        Figures {
            games,
            threads,
            games_per_sec_1_thread: m(|r| r.games_per_sec_1_thread),
            games_per_sec_all_threads: m(|r| r.games_per_sec_all_threads),
            scaling: m(RoundFigures::scaling),
            ns_per_game: m(|r| r.ns_per_game),
            rng_draws_per_game,
            rng_floor_ns_per_game: m(|r| r.rng_floor_ns_per_game),
            rng_floor_ratio: m(RoundFigures::rng_floor_ratio),
            allocations_per_game,
            rounds,
        }
    }

    /// One JSON object; the keys are part of the interface. `heroes` and `bots` are the
    /// table played, as the run's options spell them.
    pub fn json(&self, heroes: &str, bots: &str, parquet: bool) -> String {
        let allocs = self.allocations_per_game.map_or("null".to_string(), |a| format!("{a:.4}"));
        let per_round: Vec<String> = self
            .rounds
            .iter()
            .map(|r| {
                format!(
                    "{{\"games_per_sec_1_thread\":{:.1},\"games_per_sec_all_threads\":{:.1},\"scaling\":{:.3},\
                     \"ns_per_game\":{:.1},\"rng_floor_ns_per_game\":{:.2},\"rng_floor_ratio\":{:.2}}}",
                    r.games_per_sec_1_thread,
                    r.games_per_sec_all_threads,
                    r.scaling(),
                    r.ns_per_game,
                    r.rng_floor_ns_per_game,
                    r.rng_floor_ratio(),
                )
            })
            .collect();
        format!(
            "{{\"build\":{},\"games\":{},\"heroes\":{},\"bots\":{},\"parquet\":{parquet},\"threads\":{},\
             \"games_per_sec_1_thread\":{:.1},\"games_per_sec_all_threads\":{:.1},\"scaling\":{:.3},\
             \"ns_per_game\":{:.1},\"rng_draws_per_game\":{:.1},\"rng_floor_ns_per_game\":{:.2},\
             \"rng_floor_ratio\":{:.2},\"allocations_per_game\":{allocs},\"rounds\":{},\"per_round\":[{}]}}",
            serde_json::to_string(crate::meta::BUILD_KIND).unwrap_or_default(),
            self.games,
            serde_json::to_string(heroes).unwrap_or_default(),
            serde_json::to_string(bots).unwrap_or_default(),
            self.threads,
            self.games_per_sec_1_thread,
            self.games_per_sec_all_threads,
            self.scaling,
            self.ns_per_game,
            self.rng_draws_per_game,
            self.rng_floor_ns_per_game,
            self.rng_floor_ratio,
            self.rounds.len(),
            per_round.join(","),
        )
    }

    /// The readable report (`heroes` and `bots` as for [`Figures::json`]).
    pub fn text(&self, heroes: &str, bots: &str, parquet: bool) -> String {
        let allocs = self.allocations_per_game.map_or("not counted".to_string(), |a| format!("{a:.2} per game"));
        let (one_lo, one_hi) = range(self.rounds.iter().map(|r| r.games_per_sec_1_thread));
        let (all_lo, all_hi) = range(self.rounds.iter().map(|r| r.games_per_sec_all_threads));
        let (ratio_lo, ratio_hi) = range(self.rounds.iter().map(RoundFigures::rng_floor_ratio));
        let spread = if self.rounds.len() > 1 {
            format!(
                "\n\x20 spread:        1 thread {one_lo:.0}-{one_hi:.0} games/s, {} threads {all_lo:.0}-{all_hi:.0} \
                 games/s, floor ratio {ratio_lo:.1}-{ratio_hi:.1}x",
                self.threads
            )
        } else {
            String::new()
        };
        let all_threads = match self.threads {
            1 => "1 thread".to_string(),
            n => format!("{n} threads"),
        };
        format!(
            "dq bench ({} build): heroes {}, bots {}, {} games per pass, {}, {}\n\
             \x20 1 thread:      {:>10.0} games/s ({:.2} µs per game)\n\
             \x20 {}:{}{:>10.0} games/s (scaling {:.2}x)\n\
             \x20 RNG floor:     {:>10.3} µs per game ({:.0} random words per game); a game costs {:.1}x the floor\n\
             \x20 allocations:   {allocs}{spread}",
            crate::meta::BUILD_KIND,
            heroes,
            bots,
            self.games,
            if parquet { "Parquet rows written to a temporary file" } else { "no Parquet output" },
            match self.rounds.len() {
                1 => "1 round".to_string(),
                n => format!("median of {n} rounds"),
            },
            self.games_per_sec_1_thread,
            self.ns_per_game / 1000.0,
            all_threads,
            " ".repeat(14usize.saturating_sub(all_threads.len())),
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
    // The games are those of a run of `--games` games: the same checks, the same games.
    match args.game.family {
        Family::DungeonQuest => crate::dungeonquest::bench::run(args, &plan::<DungeonQuest>(args)?),
        Family::DealingDungeons => crate::dealing_dungeons::bench::run(args, &plan::<DealingDungeons>(args)?),
        Family::DungeonOfChaos => crate::dungeon_of_chaos::bench::run(args, &plan::<DungeonOfChaos>(args)?),
    }
}

/// The checked plan of a run of [`bench_games`] games of family `F`.
fn plan<F: GameFamily>(args: &BenchArgs) -> Result<RunPlan<F>, Failure> {
    RunPlan::<F>::new(&args.table, bench_games::<F>(args), None, args.threads, None)
}

/// Games per pass: `--games`, else the family's [`GameFamily::BENCH_GAMES`].
fn bench_games<F: GameFamily>(args: &BenchArgs) -> u64 {
    args.games.unwrap_or(F::BENCH_GAMES)
}

/// `dq bench` of a family whose players [`GameFamily::players`] builds: the rounds of
/// [`measure`], each pass's chunks played by `play` (a worker's players, the chunk's games,
/// the rows to fill and the random draws to add to; `false` when stopped), then printed with
/// the table's `heroes` and `bots` as given.
pub fn run_family<F: GameFamily>(
    args: &BenchArgs,
    plan: &RunPlan<F>,
    heroes: &str,
    bots: &str,
    play: impl Fn(&mut F::Players, Range<u64>, &mut Vec<F::Row>, &mut u64) -> bool + Sync,
) -> Result<(), Failure>
where
    F::Consts: Sync,
{
    let s = &plan.setup;
    let consts = F::consts(s, plan.seed);
    let seats = F::rows_per_game(s);
    let f = measure(args, plan.games_in_run, plan.threads, |games, threads, parquet| {
        let out = Out { game: F::GAME, consts: &consts, seats, games, threads, parquet };
        out.pass(|| F::players(s), &play)
    })?;
    print(&f, args.json, heroes, bots, !args.no_out);
    Ok(())
}

/// The rounds `args` asks for, each a one-thread and an all-threads pass of `pass` (given the
/// games, the threads and whether to write Parquet) and the RNG floor, after a warm-up pass
/// (caches, bots' first-game work) outside the timing: a family's bench gives its own pass.
pub fn measure(
    args: &BenchArgs,
    games: u64,
    threads: usize,
    mut pass: impl FnMut(u64, usize, bool) -> Result<Pass, Failure>,
) -> Result<Figures, Failure> {
    let parquet = !args.no_out;
    pass(games.min(2_000), 1, false)?;
    let mut rounds = Vec::with_capacity(args.rounds as usize);
    let mut draws = None;
    let mut allocs = Some(0u64);
    for _ in 0..args.rounds {
        let one = pass(games, 1, parquet)?;
        let all = pass(games, threads, parquet)?;
        // Every pass plays the same games, so draws the same words: a difference would mean
        // results depend on the thread count.
        if one.draws != all.draws || draws.is_some_and(|d| d != one.draws) {
            return Err(Failure::Failed(format!(
                "passes drew different numbers of random words ({} on 1 thread, {} on {threads})",
                one.draws, all.draws
            )));
        }
        draws = Some(one.draws);
        allocs = allocs.zip(one.allocs).map(|(a, b)| a + b);
        rounds.push(RoundFigures {
            games_per_sec_1_thread: games as f64 / one.seconds,
            games_per_sec_all_threads: games as f64 / all.seconds,
            ns_per_game: one.seconds * 1e9 / games as f64,
            rng_floor_ns_per_game: rng_floor(one.draws) / games as f64,
        });
    }
    let played = games as f64 * rounds.len() as f64;
    Ok(Figures::of_rounds(
        games,
        threads,
        rounds,
        draws.unwrap_or(0) as f64 / games as f64,
        allocs.map(|a| a as f64 / played),
    ))
}

/// Prints `f` as `--json` asks (`heroes`, `bots` and `parquet` as for [`Figures::json`]).
pub fn print(f: &Figures, json: bool, heroes: &str, bots: &str, parquet: bool) {
    let text = if json { f.json(heroes, bots, parquet) } else { f.text(heroes, bots, parquet) };
    crate::error::emit(&format!("{text}\n"));
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

/// One timed pass: games `0..games` on `threads` threads, rows written to Parquet or not.
pub struct Out<'a, T: ResultsTable> {
    /// The family's name (the temporary file's `dq.game`).
    pub game: &'static str,
    pub consts: &'a T,
    pub seats: usize,
    pub games: u64,
    pub threads: usize,
    pub parquet: bool,
}

impl<T: ResultsTable + Sync> Out<'_, T>
where
    T::Row: Send,
{
    /// Plays the pass as `dq run` does: a worker's players from `players`, each chunk's games
    /// played by `play` (which adds its random draws and returns `false` when stopped).
    pub fn pass<P>(
        &self,
        players: impl Fn() -> P + Sync,
        play: impl Fn(&mut P, Range<u64>, &mut Vec<T::Row>, &mut u64) -> bool + Sync,
    ) -> Result<Pass, Failure> {
        let (games, threads, parquet, seats) = (self.games, self.threads, self.parquet, self.seats);
        let path = std::env::temp_dir().join(format!("dq-bench-{}-{threads}.parquet", std::process::id()));
        let mut out = if parquet {
            let mut meta = Meta::default();
            meta.put("schema_version", SCHEMA_VERSION).put("game", self.game).put("command_line", "dq bench");
            Some(ParquetOut::<T>::create(&path, meta.0)?)
        } else {
            None
        };
        let range = 0..games;
        let (n, chunk) = pipeline::chunks(&range, CHUNK);
        let draws = AtomicU64::new(0);
        let allocs = AtomicU64::new(0);
        let counted = AtomicBool::new(true);
        let started = Instant::now();
        let complete = pipeline::run(
            threads,
            n,
            &players,
            || Vec::<T::Row>::with_capacity(CHUNK as usize * seats),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use crate::dungeon_of_chaos::run::DungeonOfChaos;
    use clap::Parser;

    fn round(one: f64, all: f64, floor_ns: f64) -> RoundFigures {
        RoundFigures {
            games_per_sec_1_thread: one,
            games_per_sec_all_threads: all,
            ns_per_game: 1e9 / one,
            rng_floor_ns_per_game: floor_ns,
        }
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median([3.0, 1.0, 2.0].into_iter()), 2.0);
        assert_eq!(median([4.0, 1.0, 3.0, 2.0].into_iter()), 2.5);
        assert_eq!(median([7.0].into_iter()), 7.0);
        assert_eq!(median(std::iter::empty()), 0.0);
    }

    /// Ratios are taken within each round, then the median: a round where the whole machine
    /// ran slow still pairs its two passes.
    #[test]
    fn ratios_are_paired_within_rounds() {
        // Scalings 2.0, 1.5 and 1.9; the ratio of the medians (200/100) would say 2.0.
        let f = Figures::of_rounds(
            10,
            2,
            vec![round(100.0, 200.0, 500.0), round(200.0, 300.0, 250.0), round(50.0, 95.0, 1000.0)],
            390.0,
            Some(0.0),
        );
        assert_eq!(f.games_per_sec_1_thread, 100.0);
        assert_eq!(f.games_per_sec_all_threads, 200.0);
        assert_eq!(f.scaling, 1.9);
        // Floor ratios: 1e7/500 = 20000, 5e6/250 = 20000, 2e7/1000 = 20000.
        assert_eq!(f.rng_floor_ratio, 20000.0);
        assert_eq!(f.ns_per_game, 1e7);
        assert_eq!(f.rng_floor_ns_per_game, 500.0);
        assert_eq!(f.rounds.len(), 3);
    }

    fn bench_args(line: &[&str]) -> BenchArgs {
        match Cli::try_parse_from(line).unwrap().command {
            Command::Bench(args) => args,
            other => panic!("not a bench: {other:?}"),
        }
    }

    /// Without `--games` a pass plays the family's default: The Dungeon of Chaos' few thousand
    /// long games take seconds, not the twenty minutes 200,000 would.
    #[test]
    fn a_pass_plays_the_familys_default_unless_told() {
        let doc = bench_args(&["dq", "bench", "--game", "dungeon-of-chaos"]);
        assert_eq!(bench_games::<DungeonOfChaos>(&doc), 5_000);
        let dq = bench_args(&["dq", "bench"]);
        assert_eq!(bench_games::<DungeonQuest>(&dq), 200_000);
        assert_eq!(bench_games::<DealingDungeons>(&dq), 200_000);
        let told = bench_args(&["dq", "bench", "--game", "dungeon-of-chaos", "--games", "7"]);
        assert_eq!(bench_games::<DungeonOfChaos>(&told), 7);
    }
}
