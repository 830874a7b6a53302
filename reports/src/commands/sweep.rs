//! `dq sweep --config sweep.toml --out DIR`: a grid of runs as one job. Every cell is checked
//! before the first game, then played by the `dq run` pipeline under one progress bar into
//! `DIR/<hive folders>/part-0.parquet`, and the report of the whole grid goes to
//! `DIR/report/`. The folder is written under a temporary name and appears only when
//! everything is done; an error or Ctrl-C leaves nothing behind.

use crate::sweep_config::{self, Cell, Sweep};
use clap::Parser;
use dq_sim::cli::{Cli, Command, RunArgs, SweepArgs, DEFAULT_SEED};
use dq_sim::error::{bad, emit, Failure};
use dq_sim::family::Family;
use dq_sim::outcome::Tally;
use dq_sim::outdir::{Existing, TempDir};
use dq_sim::parquet_out::SCHEMA_VERSION;
use dq_sim::summary;
use dq_sim::table::Table;
use dq_sim::{edition, pipeline, progress, run};
use std::path::Path;

/// The `dq run` arguments of one cell, parsed as if typed, so every run option keeps its
/// default.
fn run_args(s: &Sweep, cell: &Cell, family: Family, threads: Option<usize>, out: &Path) -> Result<RunArgs, Failure> {
    let mut argv: Vec<String> =
        ["dq", "run", "--quiet", "--game", family.name(), "--edition", &cell.edition, "--heroes", &cell.heroes]
            .map(String::from)
            .to_vec();
    argv.push(if cell.per_seat_bots() { "--bots" } else { "--bot" }.into());
    argv.push(cell.bot.clone());
    if let Some(m) = &s.monster_policy {
        argv.extend(["--monster-policy".into(), m.clone()]);
    }
    argv.extend(["--seed".into(), s.seed.to_string(), "--games".into(), s.games.to_string()]);
    if !cell.rules.is_empty() {
        argv.extend(["--rule".into(), cell.rules.join(",")]);
    }
    if let Some(p) = &s.precision {
        argv.extend(["--precision".into(), p.clone()]);
    }
    if let Some(t) = threads.or(s.threads) {
        argv.extend(["--threads".into(), t.to_string()]);
    }
    argv.extend(["--out".into(), out.display().to_string()]);
    let cli = Cli::try_parse_from(&argv).map_err(|e| {
        let text = e.render().to_string();
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
        bad(format!("cell {}: {}", cell.partition, first.strip_prefix("error: ").unwrap_or(first)))
    })?;
    match cli.command {
        Command::Run(a) => Ok(a),
        _ => unreachable!("parsed as dq run"),
    }
}

/// Runs `dq sweep`.
pub fn run(args: &SweepArgs) -> Result<(), Failure> {
    pipeline::catch_ctrl_c();
    let shown = args.config.display().to_string();
    let text = std::fs::read_to_string(&args.config).map_err(|e| bad(format!("cannot read {shown}: {e}")))?;
    let sweep = sweep_config::parse(&text, &shown, DEFAULT_SEED)?;

    // Every cell is checked before the first game is played.
    let dir = TempDir::create(&args.out, Existing::EmptyOnly, "--out")?;
    let mut runs = Vec::with_capacity(sweep.cells.len());
    for cell in &sweep.cells {
        let a = run_args(&sweep, cell, args.game.family, args.threads, &dir.path().join(&cell.partition))?;
        // A grid of one cell has no folder to name it by.
        let folder = cell.partition.trim_end_matches("part-0.parquet");
        let place = if folder.is_empty() { String::new() } else { format!(" cell {folder}:") };
        let in_cell = |f: Failure| match f {
            Failure::Bad(m) => bad(format!("{shown}:{place} {m}")),
            other => other,
        };
        let rules = edition::load(&a.table.data).map_err(in_cell)?;
        Table::new(&rules, &a.table).map_err(in_cell)?;
        runs.push(a);
    }

    let bar = progress::bar(sweep.total_games(), args.quiet || args.json);
    let mut tallies = Vec::with_capacity(runs.len());
    for (cell, a) in sweep.cells.iter().zip(&runs) {
        let out = a.out.as_ref().expect("every cell writes a file");
        if let Some(parent) = out.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Failure::Failed(format!("cannot write {}: {e}", dir.shown(&cell.partition))))?;
        }
        tallies.push(run::run_under(a, Some(&bar))?);
    }
    bar.finish_and_clear();

    let files = sweep
        .cells
        .iter()
        .map(|c| crate::input::check_one(&dir.path().join(&c.partition), &c.partition, SCHEMA_VERSION))
        .collect::<Result<Vec<_>, _>>()?;
    let report = crate::report::render(&files, args.baseline.as_deref(), SCHEMA_VERSION)?;
    // `_report`: dataset readers (pyarrow, pandas) skip names starting with `_`, so the folder
    // stays a clean dataset.
    for (name, bytes) in report.files() {
        dir.write(&format!("{REPORT}/{name}"), &bytes)?;
    }
    dir.commit()?;
    let index = args.out.join(REPORT).join("index.html");
    let cells: Vec<(&str, &Tally)> = sweep
        .cells
        .iter()
        .zip(&tallies)
        .map(|(c, t)| (c.partition.trim_end_matches("part-0.parquet").trim_end_matches('/'), t))
        .collect();
    if args.json {
        let list: Vec<serde_json::Value> = cells
            .iter()
            .map(|(p, t)| {
                let c = t.total();
                let (lo, hi) = summary::ci95(c.survived, c.games);
                serde_json::json!({
                    "cell": p,
                    "games": t.games,
                    "hero_games": c.games,
                    "survived": c.survived,
                    "survival_rate": summary::rate(c.survived, c.games),
                    "survival_ci95": [lo, hi],
                    "mean_gold_survivors": summary::rate(c.gold_survivors, c.survived),
                })
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
    text += &format!("  {:<width$} {:>10}  survival [95% CI]          mean gold of survivors\n", "cell", "hero-games");
    for (p, t) in &cells {
        let c = t.total();
        let (lo, hi) = summary::ci95(c.survived, c.games);
        let gold = summary::rate(c.gold_survivors, c.survived).map_or("-".into(), |g| format!("{g:.1}"));
        let p = if p.is_empty() { "(one cell)" } else { p };
        text += &format!(
            "  {p:<width$} {:>10}  {:>7} [{:.2}%, {:.2}%]  {gold}\n",
            c.games,
            summary::rate(c.survived, c.games).map_or("-".into(), |r| format!("{:.2}%", 100.0 * r)),
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
