//! `dq sweep --config sweep.toml --out DIR`: a grid of runs as one job. Every cell is checked
//! before the first game, then played by the `dq run` pipeline under one progress bar into
//! `DIR/<hive folders>/part-0.parquet`, and the report of the whole grid goes to
//! `DIR/report/`. The folder is written under a temporary name and appears only when
//! everything is done; an error or Ctrl-C leaves nothing behind.

use crate::spec::ScoreRows;
use crate::sweep_config::{self, Cell, Sweep};
use dq_sim::cli::{DataArgs, SweepArgs, TableArgs, DEFAULT_SEED};
use dq_sim::dealing_dungeons::run::DealingDungeons;
use dq_sim::dungeon_of_chaos::run::DungeonOfChaos;
use dq_sim::error::{bad, emit, Failure};
use dq_sim::family::{Family, GameFamily, Headline};
use dq_sim::outdir::{Existing, TempDir};
use dq_sim::parquet_out::SCHEMA_VERSION;
use dq_sim::plan::{Printing, RunPlan};
use dq_sim::run::DungeonQuest;
use dq_sim::summary;
use dq_sim::{pipeline, progress, runner};
use std::path::PathBuf;

/// The run plan of one cell: `dq run`'s table options as the cell gives them, checked as a
/// run checks them.
fn plan<F: GameFamily>(s: &Sweep, cell: &Cell, threads: Option<usize>, out: PathBuf) -> Result<RunPlan<F>, Failure> {
    let per_seat = cell.per_seat_bots();
    let table = TableArgs {
        data: DataArgs { edition: cell.edition.clone(), data: None },
        heroes: Some(cell.heroes.clone()),
        bot: (!per_seat).then(|| cell.bot.clone()),
        bots: per_seat.then(|| cell.bot.clone()),
        monster_policy: s.monster_policy.clone(),
        rules: cell.rules.clone(),
        mode: cell.mode.clone(),
        seed: s.seed,
    };
    let plan = RunPlan::<F>::new(&table, s.games, None, threads.or(s.threads), Some(out))?;
    Ok(RunPlan { precision: s.precision, ..plan })
}

/// Runs `dq sweep`: dispatches on the family once.
pub fn run(args: &SweepArgs) -> Result<(), Failure> {
    match args.game.family {
        Family::DungeonQuest => sweep::<DungeonQuest>(args),
        Family::DealingDungeons => sweep::<DealingDungeons>(args),
        Family::DungeonOfChaos => sweep::<DungeonOfChaos>(args),
    }
}

/// Runs `dq sweep` of family `F`.
fn sweep<F: GameFamily>(args: &SweepArgs) -> Result<(), Failure> {
    pipeline::catch_ctrl_c();
    let shown = args.config.display().to_string();
    let text = std::fs::read_to_string(&args.config).map_err(|e| bad(format!("cannot read {shown}: {e}")))?;
    let sweep = sweep_config::parse(&text, &shown, DEFAULT_SEED, F::DEFAULT_SEATS)?;

    // Every cell is checked before the first game is played.
    let dir = TempDir::create(&args.out, Existing::EmptyOnly, "--out")?;
    let mut runs = Vec::with_capacity(sweep.cells.len());
    for cell in &sweep.cells {
        // A grid of one cell has no folder to name it by.
        let folder = cell.partition.trim_end_matches("part-0.parquet");
        let place = if folder.is_empty() { String::new() } else { format!(" cell {folder}:") };
        let in_cell = |f: Failure| match f {
            Failure::Bad(m) => bad(format!("{shown}:{place} {m}")),
            other => other,
        };
        let out = dir.path().join(&cell.partition);
        runs.push(plan::<F>(&sweep, cell, args.threads, out).map_err(in_cell)?);
    }

    let bar = progress::bar(sweep.total_games(), args.quiet || args.json);
    let mut headlines = Vec::with_capacity(runs.len());
    for (cell, plan) in sweep.cells.iter().zip(&runs) {
        if let Some(parent) = plan.out.as_ref().and_then(|o| o.parent()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| Failure::Failed(format!("cannot write {}: {e}", dir.shown(&cell.partition))))?;
        }
        let tally = runner::run_under(plan, Printing { json: false, quiet: true }, Some(&bar))?;
        headlines.push(F::headline(&tally));
    }
    bar.finish_and_clear();

    let spec = crate::spec::spec_or_refuse(args.game.family)?;
    let files = sweep
        .cells
        .iter()
        .map(|c| crate::input::check_one(spec, &dir.path().join(&c.partition), &c.partition, SCHEMA_VERSION))
        .collect::<Result<Vec<_>, _>>()?;
    let report = crate::report::render(spec, &files, args.baseline.as_deref(), SCHEMA_VERSION)?;
    // `_report`: dataset readers (pyarrow, pandas) skip names starting with `_`, so the folder
    // stays a clean dataset.
    for (name, bytes) in report.files() {
        dir.write(&format!("{REPORT}/{name}"), &bytes)?;
    }
    dir.commit()?;
    let index = args.out.join(REPORT).join("index.html");
    let cells: Vec<(&str, &Headline)> = sweep
        .cells
        .iter()
        .zip(&headlines)
        .map(|(c, t)| (c.partition.trim_end_matches("part-0.parquet").trim_end_matches('/'), t))
        .collect();
    let head = &spec.headline;
    // The mean score over the rows it counts for (survivors, or every seat-game).
    let (mean_key, mean): (&str, fn(&Headline) -> Option<f64>) = match head.counted {
        ScoreRows::Held { .. } => ("mean_gold_survivors", |h| summary::rate(h.score_of_reached, h.reached)),
        ScoreRows::All => ("mean_gold", |h| summary::rate(h.score_of_reached, h.seat_games)),
    };
    if args.json {
        // Keyed by the headline: `survived`, `survival_rate`, … (`winner`, `win_rate`, …).
        let list: Vec<serde_json::Value> = cells
            .iter()
            .map(|(p, h)| {
                let (lo, hi) = summary::ci95(h.reached, h.seat_games);
                let mut j = serde_json::json!({
                    "cell": p,
                    "games": h.games,
                    "hero_games": h.seat_games,
                });
                j[head.rate] = h.reached.into();
                j[format!("{}_rate", head.rate_name)] = summary::rate(h.reached, h.seat_games).into();
                j[format!("{}_ci95", head.rate_name)] = serde_json::json!([lo, hi]);
                j[mean_key] = mean(h).into();
                j
            })
            .collect();
        let j = serde_json::json!({
            "cells": list,
            "games_per_cell": sweep.games,
            "seed": sweep.seed,
            "out": args.out.display().to_string(),
            "report": index.display().to_string(),
        });
        emit(&format!("{j}\n"));
        return Ok(());
    }
    let mut text = format!(
        "dq sweep: {} cells x {} games (seed {}) -> {}\n",
        sweep.cells.len(),
        sweep.games,
        sweep.seed,
        args.out.display()
    );
    let width = cells.iter().map(|(p, _)| p.chars().count()).max().unwrap_or(4).max(4);
    text += &format!(
        "  {:<width$} {:>10}  {:<27}mean {} of {}\n",
        "cell",
        spec.rows,
        format!("{} [95% CI]", head.rate_name),
        head.score_name,
        head.score_over(spec.rows)
    );
    for (p, h) in &cells {
        let (lo, hi) = summary::ci95(h.reached, h.seat_games);
        let gold = mean(h).map_or("-".into(), |g| format!("{g:.1}"));
        let p = if p.is_empty() { "(one cell)" } else { p };
        text += &format!(
            "  {p:<width$} {:>10}  {:>7} [{:.2}%, {:.2}%]  {gold}\n",
            h.seat_games,
            summary::rate(h.reached, h.seat_games).map_or("-".into(), |r| format!("{:.2}%", 100.0 * r)),
            100.0 * lo,
            100.0 * hi
        );
    }
    text += &format!("report: {}\n", index.display());
    emit(&text);
    Ok(())
}

/// The report's folder inside a sweep's.
pub const REPORT: &str = "_report";
