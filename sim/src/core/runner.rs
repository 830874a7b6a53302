//! `dq run`, written once for every game family: a checked [`RunPlan`] played on the chunked
//! pipeline, each worker keeping its players and a [`Chunk`] buffer, the rows streamed to
//! Parquet in game order, integer tallies summed, a `--precision` stop, Ctrl-C, and the
//! family's summary.
//!
//! The run's games `[first, end)` (the whole run, or one shard of it) are cut into chunks at
//! multiples of the plan's chunk size ([`crate::cli::CHUNK`] games, fewer for searching bots) of the
//! global game index; chunks are written in order. Game `i`
//! depends only on (seed, `i`), so the rows are the same for any `--threads`, and shards are
//! exact slices of the unsharded run. With `--precision` the run stops after the first chunk,
//! in game order, at which the family's widest watched interval is narrow enough.

use crate::cli::{RunArgs, Shard};
use crate::dealing_dungeons::run::DealingDungeons;
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
        Family::DealingDungeons => run_family::<DealingDungeons>(args),
        Family::DungeonOfChaos => run_family::<crate::dungeon_of_chaos::run::DungeonOfChaos>(args),
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
    meta.put("master_seed", plan.seed).put("seed_scheme", meta::SEED_SCHEME).put("chunk_size", plan.chunk);
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
    let (n_chunks, chunk) = pipeline::chunks(range, plan.chunk);
    let started = Instant::now();
    let mut total = F::Tally::default();
    let ended = pipeline::run(
        plan.threads,
        n_chunks,
        || F::players(setup),
        || Chunk::<F::Row, F::Tally>::new(keep_rows, plan.chunk as usize, rows_per_game),
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

#[cfg(test)]
mod tests {
    //! A tiny second family played by the runner and written by the Parquet writer: proof that
    //! the seam needs nothing of DungeonQuest.
    use super::*;
    use crate::cli::{TableArgs, CHUNK};
    use crate::family::{FamilyMeta, Headline};
    use crate::schema::ColumnType::{Str, U32, U64, U8};
    use crate::schema::Encoding::{Dictionary, Plain};
    use crate::schema::Role::{Identity, PerSeat, RunConstant};
    use crate::schema::{ColumnDef, ColumnType, Encoding, ResultsTable, Role, Sink};
    use arrow_array::cast::AsArray;
    use arrow_array::types::{UInt32Type, UInt64Type, UInt8Type};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use std::collections::BTreeMap;
    use std::ops::Range;
    use std::path::{Path, PathBuf};

    /// Coins: each seat tosses 16 coins, its score is its heads.
    struct Coins;

    struct Seats(u8);

    #[derive(Clone, Copy)]
    struct Toss {
        game_index: u64,
        seat: u8,
        heads: u32,
    }

    struct Run;

    #[derive(Default)]
    struct Heads {
        games: u64,
        seat_games: u64,
        heads: u64,
    }

    impl RunTally for Heads {
        fn games(&self) -> u64 {
            self.games
        }
        fn merge(&mut self, o: &Heads) {
            self.games += o.games;
            self.seat_games += o.seat_games;
            self.heads += o.heads;
        }
        fn clear(&mut self) {
            *self = Heads::default();
        }
    }

    /// The heads of `seat` in game `game`: a pure function of (seed, game, seat).
    fn heads(seed: u64, game: u64, seat: u8) -> u32 {
        let mut x = seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (u64::from(seat) << 56);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (x ^ (x >> 31)).count_ones() % 17
    }

    const fn col(name: &'static str, ty: ColumnType, encoding: Encoding, role: Role) -> ColumnDef {
        ColumnDef { name, ty, nullable: false, encoding, role, since: 2, doc: "a test column" }
    }

    const COLUMNS: [ColumnDef; 4] = [
        col("game", Str, Dictionary, RunConstant),
        col("game_index", U64, Plain, Identity),
        col("seat", U8, Dictionary, Identity),
        col("heads", U32, Dictionary, PerSeat),
    ];

    impl ResultsTable for Run {
        type Row = Toss;
        const COLUMNS: &'static [ColumnDef] = &COLUMNS;
        fn write_rows(&self, rows: &[Toss], sink: &mut impl Sink) {
            sink.same_str("game", Coins::GAME, rows.len());
            sink.u64s("game_index", rows.iter().map(|r| r.game_index));
            sink.u8s("seat", rows.iter().map(|r| r.seat));
            sink.u32s("heads", rows.iter().map(|r| r.heads));
        }
    }

    impl GameFamily for Coins {
        const GAME: &'static str = "coins";
        const WATCHED: &'static str = "the heads";
        type Setup = Seats;
        type Players = ();
        type Row = Toss;
        type Consts = Run;
        type Tally = Heads;

        fn setup(_: &TableArgs) -> Result<Seats, Failure> {
            Ok(Seats(2))
        }
        fn players(_: &Seats) {}
        fn chunk_games(_: &Seats) -> u64 {
            CHUNK
        }
        fn consts(_: &Seats, _: u64) -> Run {
            Run
        }
        fn rows_per_game(s: &Seats) -> usize {
            s.0.into()
        }
        fn play(s: &Seats, seed: u64, games: Range<u64>, _: &mut (), into: &mut Chunk<Toss, Heads>) -> bool {
            for game_index in games {
                into.tally.games += 1;
                for seat in 0..s.0 {
                    let heads = heads(seed, game_index, seat);
                    into.tally.seat_games += 1;
                    into.tally.heads += u64::from(heads);
                    into.keep(Toss { game_index, seat, heads });
                }
            }
            true
        }
        const RULES_KEYS: &'static [(&'static str, &'static str)] = &[("coins", "coins")];
        const TABLE_KEYS: &'static [(&'static str, &'static str)] = &[("seats", "seats")];
        fn seats(meta: &std::collections::BTreeMap<String, String>) -> Option<u64> {
            meta.get("dq.seats")?.parse().ok()
        }
        fn meta(s: &Seats) -> FamilyMeta {
            let mut m = FamilyMeta::default();
            m.rules.put("coins", 16);
            m.table.put("seats", s.0);
            m
        }
        fn widest(_: &Seats, t: &Heads) -> Option<f64> {
            (t.games > 0).then(|| 1.0 / (t.games as f64).sqrt())
        }
        fn describe(s: &Seats, seed: u64) -> String {
            format!("{} seats, seed {seed}", s.0)
        }
        fn summary_text(_: &Seats, t: &Heads, _: &RunEnd<'_>) -> String {
            format!("{} heads", t.heads)
        }
        fn summary_json(_: &Seats, t: &Heads, _: &RunEnd<'_>) -> serde_json::Value {
            serde_json::json!({ "heads": t.heads })
        }
        fn headline(t: &Heads) -> Headline {
            Headline { games: t.games, seat_games: t.seat_games, reached: t.seat_games, score_of_reached: t.heads }
        }
    }

    fn plan(games: u64, threads: usize, precision: Option<f64>, out: PathBuf) -> RunPlan<Coins> {
        RunPlan {
            setup: Seats(2),
            seed: 11,
            games_in_run: games,
            shard: Shard::ALL,
            range: 0..games,
            threads,
            chunk: CHUNK,
            out: Some(out),
            label: None,
            precision,
        }
    }

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("dq-runner-{}-{name}.parquet", std::process::id()))
    }

    /// Plays a plan under a hidden shared bar (so nothing is printed).
    fn play(plan: &RunPlan<Coins>) -> Heads {
        run_under(plan, Printing::default(), Some(&indicatif::ProgressBar::hidden())).unwrap()
    }

    /// A row as (game, seat, heads).
    type Read = (u64, u8, u32);

    /// The file's rows, and its `dq.*` metadata.
    fn read(path: &Path) -> (Vec<Read>, BTreeMap<String, String>) {
        let builder = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(path).unwrap()).unwrap();
        let meta = builder.metadata().file_metadata().key_value_metadata().unwrap().iter();
        let meta = meta.filter(|k| k.key.starts_with("dq.")).map(|k| (k.key.clone(), k.value.clone().unwrap()));
        let meta = meta.collect();
        let mut rows = Vec::new();
        for b in builder.build().unwrap() {
            let b = b.unwrap();
            assert_eq!(b.num_columns(), 4);
            assert!(b.column(0).as_string::<i32>().iter().all(|g| g == Some("coins")));
            let (g, s, h) = (b.column(1), b.column(2), b.column(3));
            let (g, s, h) =
                (g.as_primitive::<UInt64Type>(), s.as_primitive::<UInt8Type>(), h.as_primitive::<UInt32Type>());
            rows.extend((0..b.num_rows()).map(|i| (g.value(i), s.value(i), h.value(i))));
        }
        (rows, meta)
    }

    #[test]
    fn another_family_runs_and_writes_its_own_columns() {
        let (one, two) = (temp("one"), temp("two"));
        let t = play(&plan(3000, 1, None, one.clone()));
        let t2 = play(&plan(3000, 2, None, two.clone()));
        let (rows, meta) = read(&one);
        let want: Vec<Read> = (0..3000).flat_map(|g| (0..2).map(move |s| (g, s, heads(11, g, s)))).collect();
        assert_eq!(rows, want);
        assert_eq!((t.games, t.seat_games), (3000, 6000));
        assert_eq!(t.heads, want.iter().map(|r| u64::from(r.2)).sum::<u64>());
        assert_eq!((t2.games, t2.heads), (t.games, t.heads));
        assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap(), "the same bytes on 1 and 2 threads");
        assert_eq!(meta["dq.game"], "coins");
        assert_eq!((meta["dq.coins"].as_str(), meta["dq.seats"].as_str()), ("16", "2"));
        assert_eq!((meta["dq.games"].as_str(), meta["dq.end_game"].as_str()), ("3000", "3000"));
        let keys: Vec<&str> = meta.keys().map(String::as_str).collect();
        assert!(!keys.contains(&"dq.heroes") && !keys.contains(&"dq.edition"), "{keys:?}");
        std::fs::remove_file(&one).unwrap();
        std::fs::remove_file(&two).unwrap();
    }

    #[test]
    fn another_family_stops_at_its_precision() {
        // 1/sqrt(games) <= 0.03 from game 1,112: the run ends with the second chunk.
        let path = temp("precision");
        let t = play(&plan(100_000, 2, Some(0.03), path.clone()));
        assert_eq!(t.games, 2 * CHUNK);
        let (rows, meta) = read(&path);
        assert_eq!(rows.len() as u64, 4 * CHUNK);
        assert_eq!(meta["dq.games"], (2 * CHUNK).to_string());
        assert_eq!(meta["dq.precision"], "0.03");
        std::fs::remove_file(&path).unwrap();
    }
}
