//! The report's tables as text cells, built once from the [`Summary`] so the Markdown and
//! HTML pages print exactly the same figures: the spec's tables ([`crate::spec::ReportSpec::tables`]),
//! the rule-effect tables and the input files.

use crate::spec::{Body, Cell, Column, DistCell, Fig, When};
use crate::summary::fmt::{int, num, num2, pct, pct_ci};
use crate::summary::{GroupSummary, Summary};

/// One table: a title, a note on what it shows, a header and rows of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub id: &'static str,
    pub title: String,
    pub note: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Columns from this one on hold numbers (right-aligned in HTML).
    pub numeric_from: usize,
}

/// The key columns shown in the tables, as positions in key order: the spec's first table
/// key always, the others only where groups differ (the rest are stated once, see
/// [`shared_keys`]).
pub fn shown_keys(s: &Summary) -> Vec<usize> {
    let spec = s.spec;
    let at = |c: &str| spec.keys.iter().position(|k| k.column == c).expect("a table key is a key");
    spec.table_keys
        .iter()
        .enumerate()
        .map(|(n, c)| (n, at(c)))
        .filter(|&(n, i)| {
            n == 0 || {
                let mut v: Vec<String> = s.groups.iter().map(|g| g.key_texts()[i].clone()).collect();
                v.sort();
                v.dedup();
                v.len() > 1
            }
        })
        .map(|(_, i)| i)
        .collect()
}

/// "edition revised · rules standard · …": the key values every group shares.
pub fn shared_keys(s: &Summary) -> String {
    let shown = shown_keys(s);
    let Some(g) = s.groups.first() else { return String::new() };
    let k = g.key_texts();
    s.spec
        .keys
        .iter()
        .enumerate()
        .filter(|&(i, _)| !shown.contains(&i) && k[i] != "-")
        .map(|(i, key)| format!("{} {}", key.shown, k[i]))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn keyed(
    s: &Summary,
    extra: &[&str],
    cells: impl Fn(&GroupSummary) -> Vec<String>,
) -> (Vec<String>, Vec<Vec<String>>, usize) {
    let keys = shown_keys(s);
    let mut header: Vec<String> = keys.iter().map(|&i| s.spec.keys[i].shown.to_string()).collect();
    header.extend(extra.iter().map(|h| h.to_string()));
    let rows = s
        .groups
        .iter()
        .map(|g| {
            let k = g.key_texts();
            let mut row: Vec<String> = keys.iter().map(|&i| k[i].clone()).collect();
            row.extend(cells(g));
            row
        })
        .collect();
    (header, rows, keys.len())
}

/// Whether a column is shown in this report.
fn shown(s: &Summary, c: &Column) -> bool {
    match &c.when {
        When::Always => true,
        When::Differ(a, b) => s.groups.iter().any(|g| count(g, a) != count(g, b)),
        When::KeyAbove(k, v) => s.groups.iter().any(|g| g.key(k).parse::<u64>().is_ok_and(|n| n > *v)),
    }
}

fn count(g: &GroupSummary, f: &Fig) -> u64 {
    g.count(f.section, f.name)
}

/// A cell's text.
fn cell(g: &GroupSummary, c: &Cell) -> String {
    match c {
        Cell::Rows => g.hero_games.to_string(),
        Cell::Count(f) => count(g, f).to_string(),
        Cell::Percent(f) => pct(g.rate(f.section, f.name)),
        Cell::Ratio(f) => num2(g.rate(f.section, f.name)),
        Cell::Interval(_, Some(n)) if count(g, n) == 0 => "-".into(),
        Cell::Interval(f, _) => pct_ci(g.interval(f.section, f.name)),
        Cell::Dist(name, what) => {
            let d = g.dist(name);
            match what {
                DistCell::N => d.n.to_string(),
                DistCell::Mean => num(d.mean),
                DistCell::MeanCi => d.mean_ci95.map_or("-".into(), |c| format!("[{:.1}, {:.1}]", c[0], c[1])),
                DistCell::Median => int(d.median),
                DistCell::P90 => int(d.p90),
                DistCell::Max => int(d.max),
            }
        }
    }
}

/// The table a spec declares.
fn spec_table(s: &Summary, t: &crate::spec::TableSpec) -> Table {
    let (header, rows, nk) = match &t.body {
        Body::Columns(columns) => {
            let columns: Vec<&Column> = columns.iter().filter(|c| shown(s, c)).collect();
            let headers: Vec<&str> = columns.iter().map(|c| c.header).collect();
            keyed(s, &headers, |g| columns.iter().map(|c| cell(g, &c.cell)).collect())
        }
        Body::Causes => {
            let names: Vec<String> = s.death_causes.iter().map(|c| crate::charts::human(c)).collect();
            let mut extra: Vec<&str> = vec!["deaths"];
            extra.extend(names.iter().map(String::as_str));
            keyed(s, &extra, |g| {
                let causes = g.causes();
                let n = |c: &String| causes.and_then(|m| m.get(c)).copied().unwrap_or(0);
                let mut v = vec![causes.map_or(0, |m| m.values().sum::<u64>()).to_string()];
                v.extend(s.death_causes.iter().map(|c| pct(crate::summary::rate(n(c), g.hero_games))));
                v
            })
        }
    };
    Table { id: t.id, title: t.title.into(), note: t.note.into(), header, rows, numeric_from: nk }
}

/// Every table of the report, in page order: the spec's first, the rule effects, the spec's
/// others, the input files.
pub fn tables(s: &Summary) -> Vec<Table> {
    let mut out = Vec::new();
    let mut spec_tables = s.spec.tables.iter();
    out.extend(spec_tables.next().map(|t| spec_table(s, t)));
    out.extend(effect_tables(s));
    out.extend(spec_tables.map(|t| spec_table(s, t)));

    out.push(Table {
        id: "files",
        title: "Input files".into(),
        note: "The results files read, with the run metadata they carry.".into(),
        header: ["file", "rows", "variant"]
            .into_iter()
            .chain(s.spec.file_meta.iter().map(|(_, header)| *header))
            .chain(["seed", "games", "commit"])
            .map(String::from)
            .collect(),
        rows: s
            .files
            .iter()
            .map(|f| {
                let m = |k: &str| f.meta.get(k).cloned().unwrap_or_else(|| "-".into());
                let games = match (f.meta.get("first_game"), f.meta.get("end_game")) {
                    (Some(a), Some(b)) => format!("{a}..{b}"),
                    _ => m("games"),
                };
                let commit: String = m("git_commit").chars().take(10).collect();
                let meta = s.spec.file_meta.iter().map(|(key, _)| match f.meta.get(*key) {
                    Some(v) if *key == s.spec.effects.rules => crate::analysis::rules_shown(v).to_string(),
                    _ => m(key),
                });
                [f.file.clone(), f.rows.to_string(), f.variant.clone()]
                    .into_iter()
                    .chain(meta)
                    .chain([m("master_seed"), games, commit])
                    .collect()
            })
            .collect(),
        numeric_from: 6 + s.spec.file_meta.len(),
    });
    out
}

/// "+1.23 pp [+0.50, +1.96]": a difference of rates in percentage points with its interval.
fn pp_ci(d: f64, ci: [f64; 2]) -> String {
    format!("{:+.2} pp [{:+.2}, {:+.2}]", 100.0 * d, 100.0 * ci[0], 100.0 * ci[1])
}

fn gold_ci(d: Option<f64>, ci: Option<[f64; 2]>) -> String {
    match (d, ci) {
        (Some(g), Some(c)) => format!("{g:+.1} [{:+.1}, {:+.1}]", c[0], c[1]),
        _ => "-".into(),
    }
}

/// The variant-effect tables: each rule set against the baseline (per context and hero), and
/// the interactions with the bots. None when the files hold no rule set beside the baseline.
fn effect_tables(s: &Summary) -> Vec<Table> {
    let e = &s.effects;
    if e.effects.is_empty() {
        return Vec::new();
    }
    let h = &s.spec.headline;
    let (rate, score) = (h.rate_name, h.score_name);
    let (rules, subject) = (s.spec.key_name(s.spec.effects.rules), s.spec.key_name(s.spec.subject.key));
    let bot = s.spec.effects.bots_name();
    let mut out = vec![Table {
        id: "effects",
        title: format!("Effects against {}", e.baseline),
        note: format!(
            "Each rule set minus the baseline ({}), in the same context: {rate} in percentage points and {}, with \
             95% intervals. Paired (McNemar) where both runs hold the same seeds and games, else independent \
             samples (n = baseline / variant).",
            e.baseline,
            h.score_note()
        ),
        header: vec![
            rules.into(),
            "context".into(),
            subject.into(),
            "n".into(),
            rate.into(),
            "variant − baseline".into(),
            "p".into(),
            score.into(),
            format!("{score} difference"),
        ],
        rows: e
            .effects
            .iter()
            .map(|x| {
                let d = &x.diff;
                vec![
                    x.rules.clone(),
                    x.context.clone(),
                    x.hero.clone(),
                    d.pairs.map_or_else(|| format!("{} / {}", d.hero_games_a, d.hero_games_b), |p| p.to_string()),
                    format!("{} → {}", pct(d.survival_a), pct(d.survival_b)),
                    pp_ci(d.survival_diff, d.survival_diff_ci95),
                    if d.p_value < 1e-4 { format!("{:.1e}", d.p_value) } else { format!("{:.4}", d.p_value) },
                    format!("{} → {}", num(d.gold_a), num(d.gold_b)),
                    gold_ci(d.gold_diff, d.gold_diff_ci95),
                ]
            })
            .collect(),
        numeric_from: 3,
    }];
    if !e.interactions.is_empty() {
        out.push(Table {
            id: "interactions",
            title: "Interactions with the bots".into(),
            note: format!(
                "How much more a rule set's effect (all {}) is under one bot than under the reference bot: the \
                 difference of the two effects, with a 95% interval from their intervals.",
                s.spec.subject.plural
            ),
            header: vec![
                rules.into(),
                "context".into(),
                bot.into(),
                format!("reference {bot}"),
                format!("{rate} effect difference"),
                format!("{score} effect difference"),
            ],
            rows: e
                .interactions
                .iter()
                .map(|i| {
                    vec![
                        i.rules.clone(),
                        i.context.clone(),
                        i.bots.clone(),
                        i.reference_bots.clone(),
                        pp_ci(i.survival_dd, i.survival_dd_ci95),
                        gold_ci(i.gold_dd, i.gold_dd_ci95),
                    ]
                })
                .collect(),
            numeric_from: 4,
        });
    }
    out
}

/// What the report's terms mean, shown under the tables.
pub fn definitions(s: &Summary) -> &'static [(&'static str, &'static str)] {
    s.spec.definitions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{Diff, Test};
    use crate::effects::{Effect, Effects, Interaction};

    /// The rule-effect tables name the spec's rules key, subject, bots and headline.
    #[test]
    fn the_effect_tables_follow_the_spec() {
        let mut s = crate::charts::tests::toy_summary();
        let diff = Diff {
            test: Test::TwoProportionZ,
            paired: false,
            hero_games_a: 10,
            hero_games_b: 10,
            pairs: None,
            a_only_survived: None,
            b_only_survived: None,
            survival_a: Some(0.4),
            survival_b: Some(0.5),
            survival_diff: 0.1,
            survival_diff_ci95: [-0.3, 0.5],
            p_value: 0.5,
            gold_a: Some(4.0),
            gold_b: Some(5.0),
            gold_diff: Some(1.0),
            gold_diff_ci95: Some([-2.0, 4.0]),
        };
        let effect = Effect {
            rules: "fast".into(),
            baseline: "plain".into(),
            context: "all".into(),
            bots: "x".into(),
            without_bots: "all".into(),
            hero: "all".into(),
            diff,
        };
        let interaction = Interaction {
            rules: "fast".into(),
            baseline: "plain".into(),
            context: "all".into(),
            bots: "y".into(),
            reference_bots: "x".into(),
            survival_dd: 0.0,
            survival_dd_ci95: [0.0, 0.0],
            gold_dd: None,
            gold_dd_ci95: None,
        };
        s.effects = Effects { baseline: "plain".into(), effects: vec![effect], interactions: vec![interaction] };
        let t = effect_tables(&s);
        let header = |i: usize| t[i].header.join("|");
        assert_eq!(header(0), "rule set|context|who|n|wins|variant − baseline|p|points|points difference");
        assert!(t[0].note.contains("wins in percentage points and points per seat-game (the losers count 0)"));
        assert_eq!(
            header(1),
            "rule set|context|strategy|reference strategy|wins effect difference|points effect difference"
        );
        assert!(t[1].note.contains("(all players)"));
    }

    #[test]
    fn the_files_table_shows_the_spec_s_run_metadata() {
        let mut s = crate::charts::tests::toy_summary();
        let meta = [("ruleset", ""), ("seats", "3"), ("master_seed", "7"), ("first_game", "0"), ("end_game", "9")];
        s.files = vec![crate::summary::FileSummary {
            file: "a.parquet".into(),
            rows: 27,
            variant: "-".into(),
            meta: meta.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        }];
        let t = tables(&s).pop().expect("the files table comes last");
        assert_eq!(t.header.join("|"), "file|rows|variant|rule set|seats|seed|games|commit");
        assert_eq!(t.rows[0].join("|"), "a.parquet|27|-|standard|3|7|0..9|-");
        assert_eq!(t.numeric_from, t.header.len());
    }
}
