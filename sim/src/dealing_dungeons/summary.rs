//! The summary of a Dealing Dungeons run, readable and as JSON, computed from the integer
//! tallies at print time (identical for any thread count; only the timings vary).

use super::outcome::{cause_name, end_name, Counts, Tally, CAUSES, ENDS};
use super::run::Setup;
use super::schema::GAME;
use super::table::mode_name;
use crate::core::summary_frame::{pct, Played};
use crate::family::RunEnd;
use crate::summary::{ci95, mean_ci, rate};
use serde_json::{json, Map, Value};

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
    let mut lines = vec![run.title(GAME, t.games)];
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
    let played = Played { game: GAME, data_hash: s.rules.data_hash, heroes: &s.table.heroes, bots: &s.table.bots };
    let mut m = run.json_frame(&played, t.games, s.replay_command(run.seed, run.first_game()));
    m.insert("mode".into(), json!(mode_name(s.table.config.mode)));
    m.insert("rules".into(), json!(s.table.rules));
    let ends: Map<String, Value> = ends(t).into_iter().map(|(n, k)| (n.to_string(), json!(k))).collect();
    m.insert("ends".into(), Value::Object(ends));
    m.insert("all".into(), Value::Object(counts_json(&t.total())));
    let mut by_hero = Map::new();
    for (h, c) in t.by_hero.iter().enumerate().filter(|(_, c)| c.games > 0) {
        by_hero.insert(s.hero_names[h].clone(), Value::Object(counts_json(c)));
    }
    m.insert("by_hero".into(), Value::Object(by_hero));
    Value::Object(m)
}
