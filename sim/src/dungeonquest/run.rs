//! `dq run`: a seeded Monte Carlo run on all cores, streamed to Parquet, summarised from
//! integer tallies.
//!
//! The run's games `[first, end)` (the whole run, or one shard of it) are cut into chunks at
//! multiples of [`CHUNK`] of the global game index; each worker reuses one set of bots and
//! one row buffer chunk after chunk; chunks are written in order. Game `i` depends only on
//! (seed, `i`), so the rows are the same for any `--threads`, and shards are exact slices of
//! the unsharded run. With `--precision` the run stops after the first chunk, in game order,
//! at which every watched hero's survival interval is narrow enough.

use crate::cli::{RunArgs, Shard, CHUNK};
use crate::error::Failure;
use crate::family::Family;
use crate::meta::{self, Meta};
use crate::outcome::{Row, Tally};
use crate::parquet_out::{Consts, ParquetOut, SCHEMA_VERSION};
use crate::pipeline::{Ended, Flow};
use crate::plan::{Printing, RunPlan};
use crate::summary::{self, Precision, RunFacts};
use crate::table::Table;
use crate::{pipeline, progress};
use dq_engine::{Game, HeroPick, NoObserver, Rules};
use std::ops::Range;
use std::time::Instant;

/// Plays games `games` one after another with `players`, handing each finished game and its
/// index to `each`: the loop `dq run` and `dq bench` share. `false` if Ctrl-C stopped it
/// (looked at every 256 games).
pub(crate) fn play_games(
    rules: &Rules,
    table: &Table,
    seed: u64,
    games: Range<u64>,
    players: &mut dq_bots::Players,
    mut each: impl FnMut(&Game<'_>, u64),
) -> bool {
    // One `Game` for all the games, restarted in place for each: the same games without
    // building (and copying out) kilobytes of fresh state per game.
    let mut slot: Option<Game<'_>> = None;
    for i in games {
        if i % 256 == 0 && pipeline::stopping() {
            return false;
        }
        let game = match &mut slot {
            Some(g) => {
                dq_bots::play_into(g, &table.config, seed, i, players, &mut NoObserver)
                    .expect("configuration checked before the run");
                g
            }
            None => slot.insert(
                dq_bots::play(rules, &table.config, seed, i, players, &mut NoObserver)
                    .expect("configuration checked before the run"),
            ),
        };
        each(game, i);
    }
    true
}

/// A worker's output for one chunk, reused chunk after chunk.
struct Buf {
    rows: Vec<Row>,
    tally: Tally,
}

/// The column values shared by every row of the run (also used by `dq replay`).
pub(crate) fn consts(rules: &Rules, table: &Table, seed: u64) -> Consts {
    Consts {
        hero_ids: rules.heroes.iter().map(|h| h.id.clone()).collect(),
        bots: table.bots.clone(),
        edition: rules.edition.name().into(),
        rules: table.rules_label.clone(),
        monster_policy: table.monster.to_string(),
        seed,
    }
}

/// Runs `dq run`: the game family's runner (DungeonQuest's is [`run_under`]).
pub fn run(args: &RunArgs) -> Result<(), Failure> {
    // First of all, so that Ctrl-C at any later point removes the temporary output.
    pipeline::catch_ctrl_c();
    let plan = RunPlan::from_args(args)?;
    if args.dry_run {
        return dry_run(&plan);
    }
    match plan.family {
        Family::DungeonQuest => run_under(&plan, Printing { json: args.json, quiet: args.quiet }, None).map(|_| ()),
    }
}

/// Plays a DungeonQuest plan: with `shared_bar` (`dq sweep` plays all its cells under one),
/// the bar is ticked but not finished, and no summary is printed. Gives the run's counts.
pub fn run_under(
    plan: &RunPlan,
    print: Printing,
    shared_bar: Option<&indicatif::ProgressBar>,
) -> Result<Tally, Failure> {
    pipeline::catch_ctrl_c();
    let (rules, table, seed, shard, range) = (&plan.rules, &plan.table, plan.seed, plan.shard, &plan.range);
    let games_in_run = plan.games_in_run;
    let threads = plan.threads;
    let mut meta = Meta::default();
    meta.put("schema_version", SCHEMA_VERSION)
        .put("game", plan.family)
        .put("version", env!("CARGO_PKG_VERSION"))
        .put("git_commit", meta::GIT_COMMIT)
        .put("data_hash", meta::hex(rules.data_hash))
        .put("edition", rules.edition)
        .put("master_seed", seed)
        .put("seed_scheme", meta::SEED_SCHEME)
        .put("chunk_size", CHUNK);
    // A run to a precision says how many games it held once it knows (at the end).
    if plan.precision.is_none() {
        meta.put("games", games_in_run);
    }
    meta.put("shard", shard).put("first_game", range.start);
    if plan.precision.is_none() {
        meta.put("end_game", range.end);
    }
    meta.put("heroes", &table.heroes)
        .put("bots", table.bots.join(","))
        .put("monster_policy", table.monster)
        .put("rules", &table.rules_label)
        .put("command_line", meta::command_line());
    if let Some(dir) = &plan.data.data {
        meta.put("data_dir", dir.display());
    }
    if let Some(label) = &plan.label {
        meta.put("label", label);
    }
    if let Some(p) = plan.precision {
        meta.put("precision", p);
    }
    // The heroes whose survival a precision waits for: those the run's seats can field.
    let watched = watched_heroes(rules, table);
    let mut out = match &plan.out {
        Some(path) => Some(ParquetOut::create(path, meta.0)?),
        None => None,
    };
    let consts = consts(rules, table, seed);
    let collect = out.is_some();
    let seats = table.seats();

    let bar = shared_bar.cloned().unwrap_or_else(|| match plan.precision {
        Some(p) => {
            progress::open_bar(print.quiet, &format!("until every hero's survival is known to ±{:.2} pp", 100.0 * p))
        }
        None => progress::bar(range.end - range.start, print.quiet),
    });
    let (n_chunks, chunk) = pipeline::chunks(range);
    let started = Instant::now();
    let mut total = Tally::default();
    let ended = pipeline::run(
        threads,
        n_chunks,
        || table.players(rules),
        || Buf { rows: Vec::with_capacity(if collect { CHUNK as usize * seats } else { 0 }), tally: Tally::default() },
        |players, k, buf| {
            buf.rows.clear();
            buf.tally.clear();
            let games = chunk(k);
            play_games(rules, table, seed, games, players, |game, i| {
                buf.tally.add_game();
                for s in 0..game.seats() {
                    let row = Row::of(game, i, s);
                    buf.tally.add_row(&row);
                    if collect {
                        buf.rows.push(row);
                    }
                }
            })
        },
        |_, buf| {
            // Ticked as chunks are counted, so an interrupted run's message gives what it showed.
            bar.inc(buf.tally.games);
            total.merge(&buf.tally);
            if let Some(o) = out.as_mut() {
                o.write(&buf.rows, &consts)?;
            }
            Ok(match plan.precision {
                Some(p) if widest(&total, &watched).is_some_and(|(_, w)| w <= p) => Flow::Enough,
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
            total.games,
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

    let facts = RunFacts {
        rules,
        seed,
        games_in_run: if plan.precision.is_some() { end_game } else { games_in_run },
        first_game: range.start,
        end_game,
        precision: plan.precision.map(|p| Precision {
            wanted: p,
            most_games: games_in_run,
            widest: widest(&total, &watched).map(|(h, w)| (rules.heroes[h].id.clone(), w)),
        }),
        shard: shard.to_string(),
        heroes: &table.heroes,
        bots: &table.bots,
        monster_policy: table.monster.to_string(),
        rules_label: &table.rules_label,
        threads,
        seconds,
        out: plan.out.as_ref().map(|p| p.display().to_string()),
        replay: format!(
            "dq replay --seed {seed} --game {}{}",
            range.start.min(range.end.saturating_sub(1)),
            table.options(&plan.data)
        ),
    };
    if shared_bar.is_some() {
        return Ok(total);
    }
    let text = summary::text(&total, &facts);
    if print.json {
        crate::error::emit(&format!("{}\n", summary::json(&total, &facts)));
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
fn dry_run(plan: &RunPlan) -> Result<(), Failure> {
    if let Some(path) = &plan.out {
        crate::parquet_out::check_out(path)?;
    }
    let (range, table) = (&plan.range, &plan.table);
    let part = if plan.shard == Shard::ALL {
        String::new()
    } else {
        format!(" (shard {}: games {}..{})", plan.shard, range.start, range.end)
    };
    let upto = if plan.precision.is_some() { "up to " } else { "" };
    crate::error::emit(&format!(
        "dq run --dry-run: would play {upto}{} games{part} of {} edition {}, seed {}, heroes {}, bots {}, rules {}{}\n",
        range.end - range.start,
        plan.family,
        plan.rules.edition,
        plan.seed,
        table.heroes,
        table.bots.join(","),
        if table.rules_label.is_empty() { "standard" } else { &table.rules_label },
        plan.out.as_ref().map_or(String::new(), |p| format!(", writing {}", p.display()))
    ));
    Ok(())
}

/// The hero indexes whose survival `--precision` waits for: the fixed heroes of the seats, or
/// every hero if a seat is random.
fn watched_heroes(rules: &Rules, table: &Table) -> Vec<usize> {
    let mut v: Vec<usize> = if table.config.heroes.contains(&HeroPick::Random) {
        (0..rules.heroes.len()).collect()
    } else {
        table
            .config
            .heroes
            .iter()
            .filter_map(|p| if let HeroPick::Fixed(h) = p { Some(*h as usize) } else { None })
            .collect()
    };
    v.sort_unstable();
    v.dedup();
    v
}

/// The watched hero with the widest survival interval and its half-width, or `None` while
/// one of them has no game yet.
pub fn widest(t: &Tally, watched: &[usize]) -> Option<(usize, f64)> {
    let mut out: Option<(usize, f64)> = None;
    for &h in watched {
        let c = &t.by_hero[h % crate::outcome::MAX_HEROES];
        if c.games == 0 {
            return None;
        }
        let (lo, hi) = crate::summary::ci95(c.survived, c.games);
        let half = (hi - lo) / 2.0;
        if out.is_none_or(|(_, w)| half > w) {
            out = Some((h, half));
        }
    }
    out
}
