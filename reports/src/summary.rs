//! The figures of a report, derived once from integer counts: `summary.json` is this
//! structure serialised, and the Markdown and HTML pages print the same values, so every
//! number a reader sees has one source.

use crate::analysis::{rules_shown, Analysis, Counts, GroupKey, Hist};
use crate::input::InputFile;
use crate::stats::{clopper_pearson, quantile, wilson, Moments, Z95};
use serde::Serialize;
use std::collections::BTreeMap;

/// Version of the `summary.json` layout.
pub const SUMMARY_VERSION: u32 = 2;

/// A whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub summary_version: u32,
    /// The `dq run` schema version of every input file.
    pub schema_version: u32,
    pub totals: Totals,
    /// Every death cause that occurs, sorted: the keys of each group's `death_causes`.
    pub death_causes: Vec<String>,
    pub groups: Vec<GroupSummary>,
    /// Each rule set's effect against the baseline (filled by the report's render).
    pub effects: crate::effects::Effects,
    pub files: Vec<FileSummary>,
}

/// All groups together.
#[derive(Clone, Debug, Serialize)]
pub struct Totals {
    pub files: usize,
    /// Rows: one per hero per game.
    pub hero_games: u64,
    /// Games (rows of seat 0).
    pub games: u64,
    pub survived: u64,
    pub survival_rate: Option<f64>,
    pub survival_wilson95: [f64; 2],
}

/// One input file.
#[derive(Clone, Debug, Serialize)]
pub struct FileSummary {
    pub file: String,
    pub rows: u64,
    /// The variant its groups are keyed on ("-" for the embedded data).
    pub variant: String,
    /// Its `dq.*` run metadata (prefix dropped).
    pub meta: BTreeMap<String, String>,
}

/// The figures of one edition × rules × hero × bot × players × monster policy × variant
/// group.
#[derive(Clone, Debug, Serialize)]
pub struct GroupSummary {
    pub edition: String,
    /// The optional rules, comma-joined; "standard" for none.
    pub rules: String,
    pub hero: String,
    pub bot: String,
    pub players: u8,
    pub monster_policy: String,
    /// The run's variant (its `--label`, or `--data` folder); "-" for the embedded data.
    pub variant: String,
    /// Rows: one per hero per game.
    pub hero_games: u64,
    pub survived: u64,
    pub survival_rate: Option<f64>,
    pub survival_wilson95: [f64; 2],
    pub survival_clopper_pearson95: [f64; 2],
    pub exited: u64,
    pub exit_rate: Option<f64>,
    /// Heroes who won their game (most gold among the survivors).
    pub winners: u64,
    pub win_rate: Option<f64>,
    pub win_wilson95: [f64; 2],
    pub gold_survivors: Dist,
    pub deaths: u64,
    /// Deaths by cause, every cause of the report listed (0 included).
    pub death_causes: BTreeMap<String, u64>,
    pub turns: Dist,
    /// Round of the exit, survivors only.
    pub end_round_exit: Dist,
    /// Round of the death, the dead only.
    pub end_round_death: Dist,
    pub treasure: Treasure,
}

/// Summary of an integer distribution, with its histogram.
#[derive(Clone, Debug, Serialize)]
pub struct Dist {
    pub n: u64,
    pub mean: Option<f64>,
    pub mean_ci95: Option<[f64; 2]>,
    pub min: Option<i64>,
    pub p10: Option<i64>,
    pub median: Option<i64>,
    pub p90: Option<i64>,
    pub max: Option<i64>,
    /// `[value, count]` pairs, by value.
    pub histogram: Vec<(i64, u64)>,
}

impl Dist {
    /// The summary of a histogram (nearest-rank quantiles).
    pub fn of(h: &Hist) -> Dist {
        let m = Moments::of(h);
        Dist {
            n: m.n,
            mean: m.mean(),
            mean_ci95: m.mean_ci95().map(|(_, lo, hi)| [lo, hi]),
            min: h.keys().next().copied(),
            p10: quantile(h, 1, 10),
            median: quantile(h, 1, 2),
            p90: quantile(h, 9, 10),
            max: h.keys().next_back().copied(),
            histogram: h.iter().map(|(&v, &c)| (v, c)).collect(),
        }
    }
}

/// Treasure-chamber behaviour of a group.
#[derive(Clone, Debug, Serialize)]
pub struct Treasure {
    /// Heroes who reached the treasure chamber (began a turn in it or drew a dragon card).
    pub reached: u64,
    pub reached_rate: Option<f64>,
    /// Dragon cards drawn, all heroes of the group.
    pub dragon_draws: u64,
    /// Dragon cards drawn per hero who reached the chamber.
    pub draws_per_visitor: Option<f64>,
    /// Turns begun in the chamber per hero who reached it.
    pub turns_per_visitor: Option<f64>,
    /// Heroes hit by Dragon Rage.
    pub rage: u64,
    /// Heroes hit by Dragon Rage per hero who reached the chamber.
    pub rage_rate: Option<f64>,
    pub rage_wilson95: [f64; 2],
}

/// `k / n`, `None` when nothing was counted.
pub fn rate(k: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| k as f64 / n as f64)
}

fn pair((a, b): (f64, f64)) -> [f64; 2] {
    [a, b]
}

impl GroupSummary {
    /// The figures of one group.
    pub fn of(k: &GroupKey, c: &Counts, causes: &[String]) -> GroupSummary {
        let n = c.hero_games;
        let survived = c.count("survived");
        let (winners, reached, rage) = (c.count("winners"), c.count("reached_treasure"), c.count("rage"));
        GroupSummary {
            edition: k.edition.clone(),
            rules: rules_shown(&k.rules).to_string(),
            hero: k.hero.clone(),
            bot: k.bot.clone(),
            players: k.players,
            monster_policy: k.monster_policy.clone(),
            variant: if k.variant.is_empty() { "-".to_string() } else { k.variant.clone() },
            hero_games: n,
            survived,
            survival_rate: rate(survived, n),
            survival_wilson95: pair(wilson(survived, n, Z95)),
            survival_clopper_pearson95: pair(clopper_pearson(survived, n, 0.05)),
            exited: c.count("exited"),
            exit_rate: rate(c.count("exited"), n),
            winners,
            win_rate: rate(winners, n),
            win_wilson95: pair(wilson(winners, n, Z95)),
            gold_survivors: Dist::of(c.hist("gold_survivors")),
            deaths: c.deaths(),
            death_causes: causes.iter().map(|k| (k.clone(), c.causes.get(k).copied().unwrap_or(0))).collect(),
            turns: Dist::of(c.hist("turns")),
            end_round_exit: Dist::of(c.hist("end_round_exit")),
            end_round_death: Dist::of(c.hist("end_round_death")),
            treasure: Treasure {
                reached,
                reached_rate: rate(reached, n),
                dragon_draws: c.count("dragon_draws"),
                draws_per_visitor: rate(c.count("dragon_draws"), reached),
                turns_per_visitor: rate(c.count("treasure_turns"), reached),
                rage,
                rage_rate: rate(rage, reached),
                rage_wilson95: pair(wilson(rage, reached, Z95)),
            },
        }
    }

    /// The group key columns, in [`crate::analysis::KEY_COLUMNS`] order, as shown.
    pub fn key_texts(&self) -> [String; 7] {
        [
            self.edition.clone(),
            self.rules.clone(),
            self.hero.clone(),
            self.bot.clone(),
            self.players.to_string(),
            self.monster_policy.clone(),
            self.variant.clone(),
        ]
    }
}

impl Summary {
    /// Derives every figure of the report.
    pub fn of(a: &Analysis, files: &[InputFile], schema_version: u32) -> Summary {
        let causes = a.causes();
        let t = a.total();
        Summary {
            summary_version: SUMMARY_VERSION,
            schema_version,
            totals: Totals {
                files: files.len(),
                hero_games: t.hero_games,
                games: t.count("seat0"),
                survived: t.count("survived"),
                survival_rate: rate(t.count("survived"), t.hero_games),
                survival_wilson95: pair(wilson(t.count("survived"), t.hero_games, Z95)),
            },
            groups: a.groups.iter().map(|(k, c)| GroupSummary::of(k, c, &causes)).collect(),
            death_causes: causes,
            effects: Default::default(),
            files: files
                .iter()
                .zip(crate::scan::variant_names(files))
                .map(|(f, v)| FileSummary {
                    file: f.shown.clone(),
                    rows: f.rows,
                    variant: if v.is_empty() { "-".into() } else { v },
                    meta: f.meta.clone(),
                })
                .collect(),
        }
    }

    /// `summary.json`: pretty-printed, fields in declaration order, a final newline.
    pub fn json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("plain data serialises");
        s.push('\n');
        s
    }
}

/// Formatting shared by the Markdown and HTML pages.
pub mod fmt {
    /// A rate as a percentage with two decimals, "-" when undefined.
    pub fn pct(x: Option<f64>) -> String {
        x.map_or("-".into(), |v| format!("{:.2}%", 100.0 * v))
    }

    /// An interval of rates as "[lo, hi]" in percent.
    pub fn pct_ci(ci: [f64; 2]) -> String {
        format!("[{:.2}, {:.2}]", 100.0 * ci[0], 100.0 * ci[1])
    }

    /// A mean with one decimal, "-" when undefined.
    pub fn num(x: Option<f64>) -> String {
        x.map_or("-".into(), |v| format!("{v:.1}"))
    }

    /// A ratio with two decimals, "-" when undefined.
    pub fn num2(x: Option<f64>) -> String {
        x.map_or("-".into(), |v| format!("{v:.2}"))
    }

    /// An integer, "-" when undefined.
    pub fn int(x: Option<i64>) -> String {
        x.map_or("-".into(), |v| v.to_string())
    }
}
