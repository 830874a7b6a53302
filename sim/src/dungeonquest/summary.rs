//! The summary of a run, readable and as JSON, computed from integer tallies at print time
//! (so it is identical for any thread count; only the timing figures vary).

use crate::core::summary_frame::pct;
use crate::outcome::{Counts, Tally};
use dq_engine::Edition;
use serde_json::{json, Map, Value};

/// `k / n`, or `None` when nothing was counted.
pub fn rate(k: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| k as f64 / n as f64)
}

/// 95% Wilson interval of `k` in `n`.
pub fn ci95(k: u64, n: u64) -> (f64, f64) {
    crate::interval::wilson(k, n, crate::interval::Z95)
}

/// Mean and 95% normal interval of a value from its sum, sum of squares and count. The values
/// are counts (never negative), so the interval is cut at 0: a few survivors' gold would
/// otherwise print a negative lower bound.
pub fn mean_ci(sum: u128, sum_sq: u128, n: u64) -> Option<(f64, f64, f64)> {
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let mean = sum as f64 / nf;
    // Var = (Σx² − (Σx)²/n) / (n − 1), computed exactly in integers before the division.
    let var = if n > 1 {
        let num = sum_sq.saturating_mul(n as u128).saturating_sub(sum * sum);
        num as f64 / (nf * (nf - 1.0))
    } else {
        0.0
    };
    let half = crate::interval::Z95 * (var / nf).sqrt();
    Some((mean, (mean - half).max(0.0), mean + half))
}

/// What the summary names of the rules played.
pub struct Sheets<'a> {
    pub edition: Edition,
    pub data_hash: u64,
    /// Hero ids by sheet index.
    pub hero_ids: Vec<&'a str>,
}

/// Run facts the summary shows besides the tallies.
pub struct RunFacts<'a> {
    pub rules: Sheets<'a>,
    pub seed: u64,
    pub games_in_run: u64,
    pub first_game: u64,
    pub end_game: u64,
    /// `--precision`, when the run was played to one.
    pub precision: Option<Precision>,
    pub shard: String,
    pub heroes: &'a str,
    pub bots: &'a [String],
    pub monster_policy: String,
    pub rules_label: &'a str,
    pub threads: usize,
    pub seconds: f64,
    pub out: Option<String>,
    /// The command that replays the run's first game.
    pub replay: String,
}

/// A run played to a precision: what was wanted and how far it got.
pub struct Precision {
    /// The half-width asked for.
    pub wanted: f64,
    /// The most games it would have played.
    pub most_games: u64,
    /// The hero with the widest survival interval at the end, and its half-width.
    pub widest: Option<(String, f64)>,
}

impl Precision {
    fn reached(&self) -> bool {
        self.widest.as_ref().is_some_and(|(_, w)| *w <= self.wanted)
    }

    fn text(&self, games: u64) -> String {
        let pp = |w: f64| format!("±{:.2} pp", 100.0 * w);
        match (&self.widest, self.reached()) {
            (Some((h, w)), true) => format!(
                "Precision {} reached after {games} games (widest survival interval: {h} {}).",
                pp(self.wanted),
                pp(*w)
            ),
            (Some((h, w)), false) => format!(
                "Precision {} NOT reached within {} games (widest survival interval: {h} {}); raise --games.",
                pp(self.wanted),
                self.most_games,
                pp(*w)
            ),
            (None, _) => format!(
                "Precision {} NOT reached within {} games (a hero never played); raise --games.",
                pp(self.wanted),
                self.most_games
            ),
        }
    }
}

impl RunFacts<'_> {
    fn games_per_sec(&self, games: u64) -> f64 {
        games as f64 / self.seconds.max(1e-9)
    }
}

fn counts_json(c: &Counts) -> Map<String, Value> {
    let (lo, hi) = ci95(c.survived, c.games);
    let (wlo, whi) = ci95(c.wins, c.games);
    let gold = mean_ci(c.gold_survivors as u128, c.gold_sq_survivors, c.survived);
    let mut m = Map::new();
    m.insert("hero_games".into(), json!(c.games));
    m.insert("survived".into(), json!(c.survived));
    m.insert("survival_rate".into(), json!(rate(c.survived, c.games)));
    m.insert("survival_ci95".into(), json!([lo, hi]));
    m.insert("mean_gold_survivors".into(), json!(gold.map(|g| g.0)));
    m.insert("mean_gold_survivors_ci95".into(), json!(gold.map(|g| [g.1, g.2])));
    m.insert("wins".into(), json!(c.wins));
    m.insert("win_rate".into(), json!(rate(c.wins, c.games)));
    m.insert("win_ci95".into(), json!([wlo, whi]));
    m
}

/// The machine-readable summary (`dq run --json`).
pub fn json(t: &Tally, f: &RunFacts<'_>) -> Value {
    let mut m = counts_json(&t.total());
    m.insert("games".into(), json!(t.games));
    m.insert("games_in_run".into(), json!(f.games_in_run));
    m.insert("first_game".into(), json!(f.first_game));
    m.insert("end_game".into(), json!(f.end_game));
    m.insert("shard".into(), json!(f.shard));
    m.insert("seed".into(), json!(f.seed));
    m.insert("edition".into(), json!(f.rules.edition));
    m.insert("data_hash".into(), json!(crate::meta::hex(f.rules.data_hash)));
    m.insert("rules".into(), json!(f.rules_label));
    m.insert("heroes".into(), json!(f.heroes));
    m.insert("bots".into(), json!(f.bots));
    m.insert("monster_policy".into(), json!(f.monster_policy));
    if let Some(p) = &f.precision {
        m.insert("precision".into(), json!(p.wanted));
        m.insert("precision_reached".into(), json!(p.reached()));
        m.insert("precision_widest".into(), json!(p.widest.as_ref().map(|w| w.1)));
    }
    let mut by_hero = Map::new();
    for (h, c) in t.by_hero.iter().enumerate().filter(|(_, c)| c.games > 0) {
        by_hero.insert(f.rules.hero_ids[h].to_string(), Value::Object(counts_json(c)));
    }
    m.insert("by_hero".into(), Value::Object(by_hero));
    let seats: Vec<Value> = t
        .by_seat
        .iter()
        .enumerate()
        .filter(|(_, c)| c.games > 0)
        .map(|(s, c)| {
            let mut o = counts_json(c);
            o.insert("seat".into(), json!(s));
            Value::Object(o)
        })
        .collect();
    m.insert("by_seat".into(), Value::Array(seats));
    let causes: Map<String, Value> = t.causes_sorted().into_iter().map(|(n, k)| (n.to_string(), json!(k))).collect();
    m.insert("death_causes".into(), Value::Object(causes));
    m.insert("threads".into(), json!(f.threads));
    m.insert("wall_seconds".into(), json!(f.seconds));
    m.insert("games_per_sec".into(), json!(f.games_per_sec(t.games)));
    m.insert("out".into(), json!(f.out));
    Value::Object(m)
}

fn counts_line(label: &str, c: &Counts) -> String {
    let (lo, hi) = ci95(c.survived, c.games);
    let gold = mean_ci(c.gold_survivors as u128, c.gold_sq_survivors, c.survived)
        .map_or("-".into(), |(m, lo, hi)| format!("{m:.1} [{lo:.1}, {hi:.1}]"));
    format!(
        "  {label:<12} {:>10} {:>10}  {:>7} [{}, {}]  {gold}",
        c.games,
        c.survived,
        pct(rate(c.survived, c.games)),
        pct(Some(lo)),
        pct(Some(hi))
    )
}

/// The readable summary (always printed unless `--json --quiet`).
pub fn text(t: &Tally, f: &RunFacts<'_>) -> String {
    let mut lines = Vec::new();
    let part = if f.shard == "0/1" {
        String::new()
    } else {
        format!(" (shard {}: games {}..{} of {})", f.shard, f.first_game, f.end_game, f.games_in_run)
    };
    lines.push(format!("dq run: {} games{part}, seed {}", t.games, f.seed));
    if let Some(p) = &f.precision {
        lines.push(p.text(t.games));
    }
    let bots = if f.bots.iter().all(|b| *b == f.bots[0]) { f.bots[0].clone() } else { f.bots.join(",") };
    lines.push(format!(
        "edition {} (data {}), rules: {}, heroes: {}, bot {bots}, monster policy {}",
        f.rules.edition,
        crate::meta::hex(f.rules.data_hash),
        if f.rules_label.is_empty() { "standard" } else { f.rules_label },
        f.heroes,
        f.monster_policy
    ));
    lines.push(format!(
        "  {:<12} {:>10} {:>10}  survival [95% CI]           mean gold of survivors [95% CI]",
        "hero", "hero-games", "survived"
    ));
    lines.push(counts_line("all", &t.total()));
    for (h, c) in t.by_hero.iter().enumerate().filter(|(_, c)| c.games > 0) {
        lines.push(counts_line(f.rules.hero_ids[h], c));
    }
    let seats: Vec<String> = t
        .by_seat
        .iter()
        .enumerate()
        .filter(|(_, c)| c.games > 0)
        .map(|(s, c)| {
            let (lo, hi) = ci95(c.wins, c.games);
            format!("seat {s} {} [{}, {}]", pct(rate(c.wins, c.games)), pct(Some(lo)), pct(Some(hi)))
        })
        .collect();
    lines.push(format!("win rate: {}", if seats.is_empty() { "-".to_string() } else { seats.join("; ") }));
    let hero_games = t.total().games;
    let causes: Vec<String> =
        t.causes_sorted().iter().map(|(n, k)| format!("{n} {}", pct(rate(*k, hero_games)))).collect();
    if !causes.is_empty() {
        lines.push(format!("deaths by cause (of hero-games): {}", causes.join(", ")));
    }
    lines.push(format!(
        "{:.0} games/s ({} games in {:.2} s on {} thread{})",
        f.games_per_sec(t.games),
        t.games,
        f.seconds,
        f.threads,
        if f.threads == 1 { "" } else { "s" }
    ));
    if let Some(out) = &f.out {
        lines.push(format!("wrote {out} ({} rows)", hero_games));
    }
    lines.push(format!("replay a game: {}", f.replay));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_interval_from_integer_sums() {
        // Values 1, 2, 3, 4: mean 2.5, sample variance 5/3.
        let (m, lo, hi) = mean_ci(10, 30, 4).unwrap();
        assert_eq!(m, 2.5);
        let half = crate::interval::Z95 * (5.0f64 / 3.0 / 4.0).sqrt();
        assert!((hi - m - half).abs() < 1e-12 && (m - lo - half).abs() < 1e-12);
        assert_eq!(mean_ci(0, 0, 0), None);
        assert_eq!(mean_ci(7, 49, 1), Some((7.0, 7.0, 7.0)));
        // Gold 0, 0, 150: the normal interval would start at -48; gold is never negative.
        let (m, lo, hi) = mean_ci(150, 150 * 150, 3).unwrap();
        assert_eq!((m, lo), (50.0, 0.0));
        assert!((hi - 50.0 - crate::interval::Z95 * (7500.0f64 / 3.0).sqrt()).abs() < 1e-9);
        assert_eq!(rate(1, 4), Some(0.25));
        assert_eq!(rate(0, 0), None);
    }
}
