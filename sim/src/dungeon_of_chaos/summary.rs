//! The summary of a Dungeon of Chaos run, readable and as JSON, computed from the integer
//! tallies at print time (identical for any thread count; only the timings vary).

use super::outcome::{Counts, Tally, ENDS};
use super::run::Setup;
use super::schema::GAME;
use crate::core::summary_frame::{pct, Played};
use crate::family::RunEnd;
use crate::summary::{ci95, mean_ci, rate};
use dq_engine::dungeon_of_chaos::death::{Category, CATEGORIES};
use serde_json::{json, Map, Value};

/// A mean per seat-game, or `-` with none.
fn per(sum: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

/// The half-width of the adventurers' survival interval (every seat-game together), `None`
/// before the first game.
pub fn widest(t: &Tally) -> Option<f64> {
    let c = t.total();
    (c.games > 0).then(|| {
        let (lo, hi) = ci95(c.survived, c.games);
        (hi - lo) / 2.0
    })
}

fn counts_line(label: &str, c: &Counts) -> String {
    let (lo, hi) = ci95(c.wins, c.games);
    let gold = mean_ci(c.gold as u128, c.gold_sq, c.games)
        .map_or("-".into(), |(m, lo, hi)| format!("{m:.1} [{lo:.1}, {hi:.1}]"));
    let f = |x: Option<f64>| x.map_or("-".into(), |v| format!("{v:.2}"));
    format!(
        "  {label:<16} {:>10} {:>8} [{}, {}] {:>8} {:>7} {:>7} {:>7} {:>7}  {gold}",
        c.games,
        pct(rate(c.wins, c.games)),
        pct(Some(lo)),
        pct(Some(hi)),
        pct(rate(c.survived, c.games)),
        f(per(c.deaths, c.games)),
        f(per(c.deepest, c.games)),
        f(per(c.kills, c.games)),
        f(per(c.town_visits, c.games)),
    )
}

/// Deaths by category, with their counts (`unknown`, never expected, only when it happened).
fn causes(c: &Counts) -> impl Iterator<Item = (&'static str, u64)> + '_ {
    CATEGORIES.iter().zip(c.deaths_by).filter(|(k, n)| **k != Category::Unknown || *n > 0).map(|(k, n)| (k.name(), n))
}

/// How the games ended, with their counts.
fn ends(t: &Tally) -> Vec<(&'static str, u64)> {
    ENDS.iter().zip(t.ends).map(|(&e, k)| (e.name(), k)).collect()
}

/// The readable summary.
pub fn text(s: &Setup, t: &Tally, run: &RunEnd<'_>) -> String {
    let mut lines = vec![run.title(GAME, t.games)];
    lines.push(format!(
        "data {}, heroes: {}, bots {}",
        crate::meta::hex(s.rules.data_hash),
        s.table.heroes,
        s.table.bots.join(",")
    ));
    let ended: Vec<String> = ends(t).iter().map(|(n, k)| format!("{n} {}", pct(rate(*k, t.games)))).collect();
    lines.push(format!(
        "games ended by: {} (mean rounds {})",
        ended.join(", "),
        per(t.rounds, t.games).map_or("-".into(), |r| format!("{r:.1}"))
    ));
    lines.push(format!(
        "  {:<16} {:>10} won [95% CI]           {:>8} {:>7} {:>7} {:>7} {:>7}  mean gold [95% CI]",
        "first profile", "seat-games", "no death", "deaths", "deepest", "kills", "town"
    ));
    lines.push(counts_line("all", &t.total()));
    for (p, c) in t.by_profile.iter().enumerate().filter(|(_, c)| c.games > 0) {
        lines.push(counts_line(&s.profile_names[p], c));
    }
    let all = t.total();
    if all.deaths > 0 {
        let by: Vec<String> = causes(&all).map(|(n, k)| format!("{n} {}", pct(rate(k, all.deaths)))).collect();
        lines.push(format!("deaths by cause: {}", by.join(", ")));
    }
    lines.extend(
        run.footer(t.games, t.total().games, &s.replay_command(run.seed, run.first_game())).into_iter().flatten(),
    );
    lines.join("\n")
}

fn counts_json(c: &Counts) -> Map<String, Value> {
    let (lo, hi) = ci95(c.wins, c.games);
    let gold = mean_ci(c.gold as u128, c.gold_sq, c.games);
    let mut m = Map::new();
    m.insert("seat_games".into(), json!(c.games));
    m.insert("wins".into(), json!(c.wins));
    m.insert("win_rate".into(), json!(rate(c.wins, c.games)));
    m.insert("win_rate_ci95".into(), json!([lo, hi]));
    m.insert("survived".into(), json!(c.survived));
    m.insert("deaths".into(), json!(c.deaths));
    let by: Map<String, Value> = causes(c).map(|(n, k)| (n.to_string(), json!(k))).collect();
    m.insert("deaths_by_cause".into(), Value::Object(by));
    m.insert("kills".into(), json!(c.kills));
    m.insert("town_visits".into(), json!(c.town_visits));
    m.insert("mean_deepest_level".into(), json!(per(c.deepest, c.games)));
    m.insert("mean_gold".into(), json!(gold.map(|g| g.0)));
    m.insert("mean_gold_ci95".into(), json!(gold.map(|g| [g.1, g.2])));
    m
}

/// The summary as one JSON object.
pub fn json(s: &Setup, t: &Tally, run: &RunEnd<'_>) -> Value {
    let played = Played { game: GAME, data_hash: s.rules.data_hash, heroes: &s.table.heroes, bots: &s.table.bots };
    let mut m = run.json_frame(&played, t.games, s.replay_command(run.seed, run.first_game()));
    let ends: Map<String, Value> = ends(t).into_iter().map(|(n, k)| (n.to_string(), json!(k))).collect();
    m.insert("ends".into(), Value::Object(ends));
    m.insert("rounds".into(), json!(t.rounds));
    m.insert("all".into(), Value::Object(counts_json(&t.total())));
    let mut by = Map::new();
    for (p, c) in t.by_profile.iter().enumerate().filter(|(_, c)| c.games > 0) {
        by.insert(s.profile_names[p].clone(), Value::Object(counts_json(c)));
    }
    m.insert("by_profile".into(), Value::Object(by));
    Value::Object(m)
}
