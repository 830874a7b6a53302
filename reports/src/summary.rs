//! The figures of a report, derived once from integer counts: `summary.json` is this
//! structure serialised, and the Markdown and HTML pages print the same values, so every
//! number a reader sees has one source.

use crate::analysis::{Analysis, Counts, GroupKey, Hist};
use crate::input::InputFile;
use crate::spec::{Figure, KeyKind, Of, ReportSpec, Stat};
use crate::stats::{clopper_pearson, quantile, wilson, Moments, Z95};
use serde::Serialize;
use std::collections::BTreeMap;

/// Version of the `summary.json` layout.
pub const SUMMARY_VERSION: u32 = 3;

/// A whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// What the report is made of (not serialised).
    #[serde(skip)]
    pub spec: &'static ReportSpec,
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
    /// The keys (as shown, the subject's aside) whose values differ between groups. When
    /// any do, the groups are different settings of the game, and a rate pooled over them
    /// would weigh each by its run's size: no overall rate is given then.
    pub differ_in: Vec<&'static str>,
    /// Survival over all groups; `None` when they differ in more than the subject.
    pub survival_rate: Option<f64>,
    pub survival_wilson95: Option<[f64; 2]>,
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

/// The figures of one group (for DungeonQuest, an edition × rules × hero × bot × players ×
/// monster policy × variant group), as its family's [`ReportSpec`] declares them.
#[derive(Clone, Debug, Serialize)]
pub struct GroupSummary {
    /// The key values, in key order.
    #[serde(flatten)]
    pub keys: Named<KeyValue>,
    /// Rows: one per hero per game.
    pub hero_games: u64,
    #[serde(flatten)]
    pub figures: Named<Value>,
}

/// Values by name, in a fixed order (a JSON object in that order).
#[derive(Clone, Debug, Default)]
pub struct Named<T>(pub Vec<(&'static str, T)>);

impl<T> Named<T> {
    /// The value named `name`.
    pub fn get(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

impl<T: Serialize> Serialize for Named<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// A key's value as shown.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum KeyValue {
    Text(String),
    Number(u64),
}

impl KeyValue {
    /// The value as text.
    pub fn text(&self) -> String {
        match self {
            KeyValue::Text(t) => t.clone(),
            KeyValue::Number(n) => n.to_string(),
        }
    }
}

/// One figure of a group (see [`Stat`]).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Value {
    Count(u64),
    Rate(Option<f64>),
    Interval([f64; 2]),
    Dist(Dist),
    Causes(BTreeMap<String, u64>),
    Section(Named<Value>),
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
        let (min, max) = (h.keys().next().copied(), h.keys().next_back().copied());
        Dist {
            n: m.n,
            mean: m.mean(),
            // The mean lies between the least and the greatest value: a small cell's normal
            // interval is cut there (no negative gold).
            mean_ci95: m
                .mean_ci95()
                .zip(min.zip(max))
                .map(|((_, lo, hi), (a, b))| [lo.max(a as f64), hi.min(b as f64)]),
            min,
            p10: quantile(h, 1, 10),
            median: quantile(h, 1, 2),
            p90: quantile(h, 9, 10),
            max,
            histogram: h.iter().map(|(&v, &c)| (v, c)).collect(),
        }
    }
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
    pub fn of(spec: &ReportSpec, k: &GroupKey, c: &Counts, causes: &[String]) -> GroupSummary {
        let keys = spec
            .keys
            .iter()
            .zip(k.texts(spec))
            .map(|(key, text)| {
                let value = match key.kind {
                    KeyKind::Text { empty } if text.is_empty() => KeyValue::Text(empty.to_string()),
                    KeyKind::Text { .. } => KeyValue::Text(text),
                    KeyKind::Number => text.parse().map_or_else(|_| KeyValue::Text(text.clone()), KeyValue::Number),
                };
                (key.column, value)
            })
            .collect();
        GroupSummary { keys: Named(keys), hero_games: c.hero_games, figures: figures(spec.figures, c, causes) }
    }

    /// The key values as shown, in key order.
    pub fn key_texts(&self) -> Vec<String> {
        self.keys.0.iter().map(|(_, v)| v.text()).collect()
    }

    /// The value of key `column` as shown.
    pub fn key(&self, column: &str) -> String {
        self.keys.get(column).map(KeyValue::text).unwrap_or_default()
    }

    /// Figure `name` (of the section `section`, if given), for the presentation to read.
    fn figure(&self, section: Option<&str>, name: &str) -> Option<&Value> {
        match section {
            None => self.figures.get(name),
            Some(s) => match self.figures.get(s) {
                Some(Value::Section(f)) => f.get(name),
                _ => None,
            },
        }
    }

    /// A count figure (0 if there is none so named).
    pub fn count(&self, section: Option<&str>, name: &str) -> u64 {
        match self.figure(section, name) {
            Some(Value::Count(n)) => *n,
            _ => 0,
        }
    }

    /// A rate figure.
    pub fn rate(&self, section: Option<&str>, name: &str) -> Option<f64> {
        match self.figure(section, name) {
            Some(Value::Rate(r)) => *r,
            _ => None,
        }
    }

    /// An interval figure.
    pub fn interval(&self, section: Option<&str>, name: &str) -> [f64; 2] {
        match self.figure(section, name) {
            Some(Value::Interval(i)) => *i,
            _ => [0.0, 0.0],
        }
    }

    /// A distribution figure (empty if there is none so named).
    pub fn dist(&self, name: &str) -> &Dist {
        static EMPTY: std::sync::OnceLock<Dist> = std::sync::OnceLock::new();
        match self.figures.get(name) {
            Some(Value::Dist(d)) => d,
            _ => EMPTY.get_or_init(|| Dist::of(&Hist::new())),
        }
    }

    /// The cause breakdown (every cause of the report).
    pub fn causes(&self) -> Option<&BTreeMap<String, u64>> {
        self.figures.0.iter().find_map(|(_, v)| match v {
            Value::Causes(c) => Some(c),
            _ => None,
        })
    }
}

/// The figures `spec` lists, from a group's counts.
fn figures(spec: &[Figure], c: &Counts, causes: &[String]) -> Named<Value> {
    let total = |of: &Of| match of {
        Of::Rows => c.hero_games,
        Of::Count(name) => c.count(name),
    };
    let value = |stat: &Stat| match stat {
        Stat::Count(name) => Value::Count(c.count(name)),
        Stat::Rate(name, of) => Value::Rate(rate(c.count(name), total(of))),
        Stat::Wilson(name, of) => Value::Interval(pair(wilson(c.count(name), total(of), Z95))),
        Stat::ClopperPearson(name, of) => Value::Interval(pair(clopper_pearson(c.count(name), total(of), 0.05))),
        Stat::Dist(name) => Value::Dist(Dist::of(c.hist(name))),
        Stat::CauseTotal => Value::Count(c.deaths()),
        Stat::Causes => {
            Value::Causes(causes.iter().map(|k| (k.clone(), c.causes.get(k).copied().unwrap_or(0))).collect())
        }
        Stat::Section(f) => Value::Section(figures(f, c, causes)),
    };
    Named(spec.iter().map(|f| (f.name, value(&f.stat))).collect())
}

impl Totals {
    /// The totals of every group of `a`, pooled only over groups of one setting.
    fn of(spec: &ReportSpec, a: &Analysis, files: usize) -> Totals {
        let t = a.total();
        let differ_in = differing_keys(spec, a);
        let pooled = differ_in.is_empty();
        Totals {
            files,
            hero_games: t.hero_games,
            games: t.count("seat0"),
            survived: t.count("survived"),
            survival_rate: rate(t.count("survived"), t.hero_games).filter(|_| pooled),
            survival_wilson95: pooled.then(|| pair(wilson(t.count("survived"), t.hero_games, Z95))),
            differ_in,
        }
    }
}

/// The keys (shown names, the subject's aside) whose values are not the same in every group.
fn differing_keys(spec: &ReportSpec, a: &Analysis) -> Vec<&'static str> {
    let texts: Vec<Vec<String>> = a.groups.keys().map(|k| k.texts(spec)).collect();
    spec.keys
        .iter()
        .enumerate()
        .filter(|(i, key)| key.column != spec.subject.key && texts.iter().any(|t| t[*i] != texts[0][*i]))
        .map(|(_, key)| key.shown)
        .collect()
}

impl Summary {
    /// Derives every figure of the report.
    pub fn of(spec: &'static ReportSpec, a: &Analysis, files: &[InputFile], schema_version: u32) -> Summary {
        let causes = a.causes();
        Summary {
            spec,
            summary_version: SUMMARY_VERSION,
            schema_version,
            totals: Totals::of(spec, a, files.len()),
            groups: a.groups.iter().map(|(k, c)| GroupSummary::of(spec, k, c, &causes)).collect(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_interval_stays_between_the_least_and_greatest_value() {
        // Gold 0, 0, 150: the normal interval would run from -48 to 148 + 50.
        let d = Dist::of(&[(0, 2), (150, 1)].into_iter().collect());
        let [lo, hi] = d.mean_ci95.unwrap();
        assert_eq!((d.mean, lo), (Some(50.0), 0.0));
        assert!((hi - 148.0).abs() < 0.1, "{hi}");
        // One value: the interval is that value.
        assert_eq!(Dist::of(&[(7, 1)].into_iter().collect()).mean_ci95, Some([7.0, 7.0]));
    }
}
