//! The summary of a Dealing Dungeons run, readable and as JSON, computed from the integer
//! tallies at print time (identical for any thread count; only the timings vary).

use super::outcome::{cause_name, end_name, Counts, Tally, CAUSES, ENDS};
use super::run::Setup;
use super::table::mode_name;
use crate::family::RunEnd;
use crate::summary::{ci95, mean_ci, rate};
use serde_json::{json, Map, Value};

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.2}%", 100.0 * v))
}

/// The watched hero side with the widest survival interval and its half-width, or `None`
/// while one of them has no game yet.
pub fn widest(t: &Tally, watched: &[usize]) -> Option<(usize, f64)> {
    let mut out: Option<(usize, f64)> = None;
    for &h in watched {
        let c = &t.by_hero[h % t.by_hero.len()];
        if c.games == 0 {
            return None;
        }
        let (lo, hi) = ci95(c.survived, c.games);
        let half = (hi - lo) / 2.0;
        if out.is_none_or(|(_, w)| half > w) {
            out = Some((h, half));
        }
    }
    out
}

fn counts_line(label: &str, c: &Counts) -> String {
    let (lo, hi) = ci95(c.survived, c.games);
    let gold = mean_ci(c.gold_survivors as u128, c.gold_sq_survivors, c.survived)
        .map_or("-".into(), |(m, lo, hi)| format!("{m:.1} [{lo:.1}, {hi:.1}]"));
    format!(
        "  {label:<20} {:>10} {:>8} [{}, {}] {:>8} {:>8}  {gold}",
        c.games,
        pct(rate(c.survived, c.games)),
        pct(Some(lo)),
        pct(Some(hi)),
        pct(rate(c.wins, c.games)),
        pct(rate(c.bosses, c.games)),
    )
}

/// How the games ended, as shares of games.
fn ends(t: &Tally) -> Vec<(&'static str, u64)> {
    ENDS.iter().zip(t.ends).map(|(&e, k)| (end_name(e), k)).collect()
}

/// The readable summary.
pub fn text(s: &Setup, t: &Tally, run: &RunEnd<'_>) -> String {
    let mut lines = Vec::new();
    let part = if run.shard == crate::cli::Shard::ALL {
        String::new()
    } else {
        format!(" (shard {}: games {}..{} of {})", run.shard, run.range.start, run.end_game, run.games_in_run)
    };
    lines.push(format!("dq run: {} games{part} of dealing-dungeons, seed {}", t.games, run.seed));
    let table = &s.table;
    lines.push(format!(
        "mode {} (data {}), rules: {}, heroes: {}, bots {}",
        mode_name(table.config.mode),
        crate::meta::hex(s.rules.data_hash),
        if table.rules.is_empty() { "none" } else { &table.rules },
        table.heroes,
        table.bots.join(",")
    ));
    let ended: Vec<String> = ends(t).iter().map(|(n, k)| format!("{n} {}", pct(rate(*k, t.games)))).collect();
    lines.push(format!("games ended by: {}", ended.join(", ")));
    lines.push(format!(
        "  {:<20} {:>10} survival [95% CI]     {:>8} {:>8}  mean gold of survivors [95% CI]",
        "hero", "hero-games", "won", "boss"
    ));
    lines.push(counts_line("all", &t.total()));
    for (h, c) in t.by_hero.iter().enumerate().filter(|(_, c)| c.games > 0) {
        lines.push(counts_line(&s.hero_names[h], c));
    }
    let total = t.total();
    let causes: Vec<String> = CAUSES
        .iter()
        .zip(total.deaths)
        .filter(|(_, k)| *k > 0)
        .map(|(&c, k)| format!("{} {}", cause_name(c), pct(rate(k, total.games))))
        .collect();
    if !causes.is_empty() {
        lines.push(format!("deaths by cause (of hero-games): {}", causes.join(", ")));
    }
    lines.extend(run.footer(t.games, total.games, &s.replay_command(run.seed, run.first_game())).into_iter().flatten());
    lines.join("\n")
}

fn counts_json(c: &Counts) -> Map<String, Value> {
    let (lo, hi) = ci95(c.survived, c.games);
    let gold = mean_ci(c.gold_survivors as u128, c.gold_sq_survivors, c.survived);
    let mut m = Map::new();
    m.insert("hero_games".into(), json!(c.games));
    m.insert("survived".into(), json!(c.survived));
    m.insert("survival".into(), json!(rate(c.survived, c.games)));
    m.insert("survival_ci95".into(), json!([lo, hi]));
    m.insert("wins".into(), json!(c.wins));
    m.insert("bosses_defeated".into(), json!(c.bosses));
    m.insert("monsters_defeated".into(), json!(c.monsters));
    m.insert("mean_gold_survivors".into(), json!(gold.map(|g| g.0)));
    m.insert("mean_gold_survivors_ci95".into(), json!(gold.map(|g| [g.1, g.2])));
    let deaths: Map<String, Value> =
        CAUSES.iter().zip(c.deaths).map(|(&k, n)| (cause_name(k).into(), json!(n))).collect();
    m.insert("death_causes".into(), Value::Object(deaths));
    m
}

/// The summary as one JSON object.
pub fn json(s: &Setup, t: &Tally, run: &RunEnd<'_>) -> Value {
    let mut m = Map::new();
    m.insert("game".into(), json!(super::schema::GAME));
    m.insert("games".into(), json!(t.games));
    m.insert("games_in_run".into(), json!(run.games_in_run));
    m.insert("first_game".into(), json!(run.range.start));
    m.insert("end_game".into(), json!(run.end_game));
    m.insert("shard".into(), json!(run.shard.to_string()));
    m.insert("seed".into(), json!(run.seed));
    m.insert("mode".into(), json!(mode_name(s.table.config.mode)));
    m.insert("rules".into(), json!(s.table.rules));
    m.insert("data_hash".into(), json!(crate::meta::hex(s.rules.data_hash)));
    m.insert("heroes".into(), json!(s.table.heroes));
    m.insert("bots".into(), json!(s.table.bots));
    if let Some((wanted, _)) = run.precision {
        m.insert("precision".into(), json!(wanted));
    }
    let ends: Map<String, Value> = ends(t).into_iter().map(|(n, k)| (n.to_string(), json!(k))).collect();
    m.insert("ends".into(), Value::Object(ends));
    m.insert("all".into(), Value::Object(counts_json(&t.total())));
    let mut by_hero = Map::new();
    for (h, c) in t.by_hero.iter().enumerate().filter(|(_, c)| c.games > 0) {
        by_hero.insert(s.hero_names[h].clone(), Value::Object(counts_json(c)));
    }
    m.insert("by_hero".into(), Value::Object(by_hero));
    m.insert("threads".into(), json!(run.threads));
    m.insert("wall_seconds".into(), json!(run.seconds));
    m.insert("games_per_sec".into(), json!(t.games as f64 / run.seconds.max(1e-9)));
    m.insert("out".into(), json!(run.out.map(|p| p.display().to_string())));
    let first = run.first_game();
    m.insert("replay".into(), json!(s.replay_command(run.seed, first)));
    Value::Object(m)
}
