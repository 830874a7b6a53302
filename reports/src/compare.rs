//! `dq compare A B`: the difference a variant makes, overall and per group.
//!
//! Game `i` of two runs with the same master seed is dealt the same dungeon (common random
//! numbers), so when every hero-game of A has exactly one partner in B with the same
//! (seed, game index, seat) the outcomes are compared pair by pair: McNemar's exact test on
//! the discordant pairs and the paired difference of gold. Otherwise the runs are compared
//! as independent samples (two-proportion z-test, Newcombe interval, Welch interval for
//! gold). Every difference is B − A. "Gold" is the gold a hero carries out per hero-game,
//! a hero who died counting 0, so it prices survival and greed together.

use crate::error::{bad, Error};
use crate::input::{self, InputFile};
use crate::scan::{self, count_by, key, polars_error};
use crate::spec::{Headline, ReportSpec, ScoreRows};
use crate::stats::{mcnemar_exact, newcombe_diff, paired_diff, two_proportion_p, welch_diff, Moments};
use crate::summary::rate;
use polars::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// The columns that identify a hero-game across runs.
pub(crate) const PAIR_KEYS: [&str; 3] = ["seed", "game_index", "seat"];

/// The test used for a survival difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Test {
    /// Paired by (seed, game index, seat): exact McNemar test.
    McnemarExact,
    /// Independent samples: pooled two-proportion z-test.
    TwoProportionZ,
}

impl Test {
    /// How the table names it.
    pub fn short(self) -> &'static str {
        match self {
            Test::McnemarExact => "McNemar",
            Test::TwoProportionZ => "2-prop z",
        }
    }
}

/// One side of a comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Side {
    pub files: Vec<String>,
    pub hero_games: u64,
    pub survived: u64,
    pub survival_rate: Option<f64>,
    /// Mean gold carried out per hero-game (the dead count 0).
    pub mean_gold: Option<f64>,
    /// Mean gold of survivors.
    pub mean_gold_survivors: Option<f64>,
}

/// The difference B − A over some set of hero-games.
#[derive(Clone, Debug, Serialize)]
pub struct Diff {
    pub test: Test,
    pub paired: bool,
    pub hero_games_a: u64,
    pub hero_games_b: u64,
    /// Pairs compared (paired tests only).
    pub pairs: Option<u64>,
    /// Pairs where only A's hero survived / only B's (paired tests only).
    pub a_only_survived: Option<u64>,
    pub b_only_survived: Option<u64>,
    pub survival_a: Option<f64>,
    pub survival_b: Option<f64>,
    pub survival_diff: f64,
    pub survival_diff_ci95: [f64; 2],
    pub p_value: f64,
    pub gold_a: Option<f64>,
    pub gold_b: Option<f64>,
    pub gold_diff: Option<f64>,
    pub gold_diff_ci95: Option<[f64; 2]>,
}

/// A group's difference.
#[derive(Clone, Debug, Serialize)]
pub struct GroupDiff {
    /// The group's value of each `--by` column.
    pub group: BTreeMap<String, String>,
    #[serde(flatten)]
    pub diff: Diff,
}

/// A whole comparison (`dq compare --json` prints this).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub a: Side,
    pub b: Side,
    /// What a difference means.
    pub difference: &'static str,
    /// What the score is (the spec's headline; named `gold` whatever the family).
    pub gold: String,
    pub by: Vec<String>,
    pub overall: Diff,
    pub groups: Vec<GroupDiff>,
    /// Groups found in one run only (not compared), as "col=value, …".
    pub only_in_a: Vec<String>,
    pub only_in_b: Vec<String>,
}

/// Integer counts of one side's group.
#[derive(Clone, Debug, Default)]
struct SideCounts {
    n: u64,
    survived: u64,
    /// Take-home gold histogram.
    gold: BTreeMap<i64, u64>,
}

impl SideCounts {
    fn add(&mut self, o: &SideCounts) {
        self.n += o.n;
        self.survived += o.survived;
        for (&v, &c) in &o.gold {
            *self.gold.entry(v).or_default() += c;
        }
    }
}

/// Integer counts of matched pairs.
#[derive(Clone, Debug, Default)]
struct PairCounts {
    /// Pairs matched whose `--by` values agree.
    same: u64,
    a_only: u64,
    b_only: u64,
    /// Histogram of B's gold minus A's.
    diff: BTreeMap<i64, u64>,
}

impl PairCounts {
    fn add(&mut self, o: &PairCounts) {
        self.same += o.same;
        self.a_only += o.a_only;
        self.b_only += o.b_only;
        for (&v, &c) in &o.diff {
            *self.diff.entry(v).or_default() += c;
        }
    }
}

type GroupKey = Vec<Option<String>>;

/// Parses `--by hero,bot`: columns of the spec's [`ReportSpec::compare_by`], no repeats, in
/// the order given.
pub fn parse_by(spec: &ReportSpec, columns: Option<&str>) -> Result<Vec<String>, Error> {
    let mut by = Vec::new();
    for c in columns.unwrap_or("").split(',').map(str::trim).filter(|c| !c.is_empty()) {
        if !spec.compare_by.contains(&c) {
            return Err(bad(format!("--by {c}: unknown column (known: {})", spec.compare_by.join(", "))));
        }
        if !by.iter().any(|b| b == c) {
            by.push(c.to_string());
        }
    }
    Ok(by)
}

/// The headline score a hero-game takes home: its score where the headline outcome holds, else 0
/// (or its score in any case, for a headline scoring every row).
fn take_home(h: &Headline) -> Expr {
    let score = col(h.score).cast(DataType::Int64);
    match h.counted {
        ScoreRows::Held { .. } => when(col(h.rate)).then(score).otherwise(lit(0i64)),
        ScoreRows::All => score,
    }
}

/// Counts per group of one side.
fn side_counts(h: &Headline, lf: LazyFrame, by: &[String]) -> Result<BTreeMap<GroupKey, SideCounts>, Error> {
    let keys: Vec<Expr> = by.iter().map(|b| key(b)).collect();
    let mut out: BTreeMap<GroupKey, SideCounts> = BTreeMap::new();
    for (k, v, n) in count_by(lf, &keys, &[col(h.rate), take_home(h)])? {
        let c = out.entry(k).or_default();
        c.n += n;
        if v[0] != 0 {
            c.survived += n;
        }
        *c.gold.entry(v[1]).or_default() += n;
    }
    Ok(out)
}

/// Hero-games whose (seed, game index, seat) occurs more than once.
fn duplicated(lf: LazyFrame) -> Result<u64, Error> {
    let keys: Vec<Expr> = PAIR_KEYS.iter().map(|k| col(*k)).collect();
    let df = lf
        .select(keys.clone())
        .group_by(keys)
        .agg([len().alias("n")])
        .filter(col("n").gt(lit(1)))
        .select([col("n").cast(DataType::UInt64).sum().alias("d")])
        .collect()
        .map_err(polars_error)?;
    let c = df.column("d").map_err(polars_error)?.u64().map_err(polars_error)?;
    Ok(c.get(0).unwrap_or(0))
}

/// Pairs by (A's group, B's group agrees, A survived, B survived, gold difference).
fn pair_counts(
    h: &Headline,
    a: LazyFrame,
    b: LazyFrame,
    by: &[String],
) -> Result<BTreeMap<GroupKey, PairCounts>, Error> {
    let side = |lf: LazyFrame, p: &str| {
        let mut cols: Vec<Expr> = PAIR_KEYS.iter().map(|k| col(*k)).collect();
        cols.extend(by.iter().enumerate().map(|(i, b)| key(b).alias(format!("{p}_k{i}"))));
        cols.push(col(h.rate).alias(format!("{p}_s")));
        cols.push(take_home(h).alias(format!("{p}_g")));
        lf.select(cols)
    };
    let on: Vec<Expr> = PAIR_KEYS.iter().map(|k| col(*k)).collect();
    let joined = side(a, "a").join(side(b, "b"), on.clone(), on, JoinArgs::new(JoinType::Inner));
    let same = (0..by.len())
        .map(|i| col(format!("a_k{i}")).eq(col(format!("b_k{i}"))))
        .reduce(|x, y| x.and(y))
        .unwrap_or(lit(true));
    let keys: Vec<Expr> = (0..by.len()).map(|i| col(format!("a_k{i}"))).collect();
    let values = [same, col("a_s"), col("b_s"), col("b_g") - col("a_g")];
    let mut out: BTreeMap<GroupKey, PairCounts> = BTreeMap::new();
    for (k, v, n) in count_by(joined, &keys, &values)? {
        let c = out.entry(k).or_default();
        if v[0] != 0 {
            c.same += n;
        }
        match (v[1] != 0, v[2] != 0) {
            (true, false) => c.a_only += n,
            (false, true) => c.b_only += n,
            _ => {}
        }
        *c.diff.entry(v[3]).or_default() += n;
    }
    Ok(out)
}

fn side_summary(files: &[InputFile], c: &SideCounts) -> Side {
    let m = Moments::of(&c.gold);
    Side {
        files: files.iter().map(|f| f.shown.clone()).collect(),
        hero_games: c.n,
        survived: c.survived,
        survival_rate: rate(c.survived, c.n),
        mean_gold: m.mean(),
        mean_gold_survivors: (c.survived > 0).then(|| m.sum as f64 / c.survived as f64),
    }
}

/// The difference between two sides' counts; paired when `pairs` covers both sides whole.
fn diff(a: &SideCounts, b: &SideCounts, pairs: Option<&PairCounts>) -> Diff {
    let (ma, mb) = (Moments::of(&a.gold), Moments::of(&b.gold));
    let base = |test, paired| Diff {
        test,
        paired,
        hero_games_a: a.n,
        hero_games_b: b.n,
        pairs: None,
        a_only_survived: None,
        b_only_survived: None,
        survival_a: rate(a.survived, a.n),
        survival_b: rate(b.survived, b.n),
        survival_diff: 0.0,
        survival_diff_ci95: [0.0, 0.0],
        p_value: 1.0,
        gold_a: ma.mean(),
        gold_b: mb.mean(),
        gold_diff: None,
        gold_diff_ci95: None,
    };
    match pairs {
        // Paired when one side's hero-games all have their partner in the other (the same
        // run, or a run and a longer run of the same seed): the survival rates are then
        // those of the paired hero-games.
        Some(p) if p.same > 0 && (p.same == a.n || p.same == b.n) => {
            let mut d = base(Test::McnemarExact, true);
            let (sa, sb) = if p.same == a.n {
                (a.survived, (a.survived + p.b_only).saturating_sub(p.a_only))
            } else {
                ((b.survived + p.a_only).saturating_sub(p.b_only), b.survived)
            };
            d.survival_a = rate(sa, p.same);
            d.survival_b = rate(sb, p.same);
            let (sd, lo, hi) = paired_diff(p.a_only, p.b_only, p.same);
            d.pairs = Some(p.same);
            d.a_only_survived = Some(p.a_only);
            d.b_only_survived = Some(p.b_only);
            d.survival_diff = sd;
            d.survival_diff_ci95 = [lo, hi];
            d.p_value = mcnemar_exact(p.a_only, p.b_only);
            if let Some((m, lo, hi)) = Moments::of(&p.diff).mean_ci95() {
                d.gold_diff = Some(m);
                d.gold_diff_ci95 = Some([lo, hi]);
            }
            d
        }
        _ => {
            let mut d = base(Test::TwoProportionZ, false);
            d.survival_diff = match (d.survival_a, d.survival_b) {
                (Some(x), Some(y)) => y - x,
                _ => 0.0,
            };
            let (lo, hi) = newcombe_diff(a.survived, a.n, b.survived, b.n);
            d.survival_diff_ci95 = [lo, hi];
            d.p_value = two_proportion_p(a.survived, a.n, b.survived, b.n);
            if let Some((m, lo, hi)) = welch_diff(&ma, &mb) {
                d.gold_diff = Some(m);
                d.gold_diff_ci95 = Some([lo, hi]);
            }
            d
        }
    }
}

fn label(spec: &ReportSpec, by: &[String], k: &GroupKey) -> String {
    by.iter()
        .zip(k)
        .map(|(b, v)| {
            let v = spec.shown(b, v.as_deref().unwrap_or("-"));
            format!("{b}={v}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Compares run(s) `a` with run(s) `b` (files, folders or glob patterns), overall and per
/// group of the `by` columns.
pub fn compare(spec: &ReportSpec, a: &str, b: &str, by: &[String], schema_version: u32) -> Result<Comparison, Error> {
    let fa = input::check(spec, &input::resolve(&[a.to_string()])?, schema_version)?;
    let fb = input::check(spec, &input::resolve(&[b.to_string()])?, schema_version)?;
    for (side, files, arg) in [("A", &fa, a), ("B", &fb, b)] {
        if files.iter().all(|f| f.rows == 0) {
            return Err(bad(format!("{arg}: side {side} holds no rows: nothing to compare")));
        }
    }
    compare_files(spec, &fa, &fb, by)
}

/// [`compare`] of checked files: `spec`'s headline rate and score.
pub fn compare_files(
    spec: &ReportSpec,
    fa: &[InputFile],
    fb: &[InputFile],
    by: &[String],
) -> Result<Comparison, Error> {
    // The pairing keys, what is compared, and the groups asked for.
    let h = &spec.headline;
    let mut columns: Vec<&str> = PAIR_KEYS.to_vec();
    columns.extend([h.rate, h.score]);
    columns.extend(by.iter().map(String::as_str));
    let (la, lb) = (scan::frame(fa, &columns)?, scan::frame(fb, &columns)?);
    let (sa, sb) = (side_counts(h, la.clone(), by)?, side_counts(h, lb.clone(), by)?);
    let unique = duplicated(la.clone())? == 0 && duplicated(lb.clone())? == 0;
    let pairs = if unique { Some(pair_counts(h, la, lb, by)?) } else { None };

    let total = |m: &BTreeMap<GroupKey, SideCounts>| {
        let mut t = SideCounts::default();
        m.values().for_each(|c| t.add(c));
        t
    };
    let (ta, tb) = (total(&sa), total(&sb));
    let all_pairs = pairs.as_ref().map(|p| {
        let mut t = PairCounts::default();
        p.values().for_each(|c| t.add(c));
        // Overall, a pair counts whatever its groups: every matched pair is "same".
        let matched: u64 = p.values().map(|c| c.diff.values().sum::<u64>()).sum();
        t.same = matched;
        t
    });
    let overall = diff(&ta, &tb, all_pairs.as_ref());
    let mut groups = Vec::new();
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    if !by.is_empty() {
        for (k, ca) in &sa {
            match sb.get(k) {
                Some(cb) => {
                    let p = pairs.as_ref().and_then(|p| p.get(k));
                    groups.push(GroupDiff {
                        group: by.iter().cloned().zip(k.iter().map(|v| v.clone().unwrap_or_default())).collect(),
                        diff: diff(ca, cb, p),
                    })
                }
                None => only_a.push(label(spec, by, k)),
            }
        }
        only_b = sb.keys().filter(|k| !sa.contains_key(*k)).map(|k| label(spec, by, k)).collect();
        if groups.is_empty() {
            return Err(bad(format!(
                "--by {}: no group occurs in both runs (A: {}; B: {})",
                by.join(","),
                only_a.join("; "),
                only_b.join("; ")
            )));
        }
        // Values shown as in reports ("standard" for no optional rules).
        for g in &mut groups {
            for (column, value) in g.group.iter_mut() {
                *value = spec.shown(column, value).to_string();
            }
        }
    }
    Ok(Comparison {
        a: side_summary(fa, &ta),
        b: side_summary(fb, &tb),
        difference: "B - A",
        gold: match h.counted {
            ScoreRows::Held { failed } => format!("{}, {failed} counting 0", h.score_per_row),
            ScoreRows::All => h.score_per_row.to_string(),
        },
        by: by.to_vec(),
        overall,
        groups,
        only_in_a: only_a,
        only_in_b: only_b,
    })
}

fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.2}%", 100.0 * v))
}

fn p_text(p: f64) -> String {
    if p < 1e-300 {
        // Below what a double holds reliably (the exact tail underflows).
        "<1e-300".to_string()
    } else if p < 1e-4 {
        format!("{p:.1e}")
    } else {
        format!("{p:.4}")
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or(String::new(), |first| first.to_uppercase().chain(c).collect())
}

fn row(label: &str, d: &Diff) -> Vec<String> {
    let n = match d.pairs {
        Some(p) => p.to_string(),
        None => format!("{} / {}", d.hero_games_a, d.hero_games_b),
    };
    let gold = match (d.gold_diff, d.gold_diff_ci95) {
        (Some(g), Some(ci)) => format!("{g:+.2} [{:+.2}, {:+.2}]", ci[0], ci[1]),
        _ => "-".into(),
    };
    let num = |x: Option<f64>| x.map_or("-".into(), |v| format!("{v:.2}"));
    vec![
        label.to_string(),
        n,
        pct(d.survival_a),
        pct(d.survival_b),
        format!(
            "{:+.2} pp [{:+.2}, {:+.2}]",
            100.0 * d.survival_diff,
            100.0 * d.survival_diff_ci95[0],
            100.0 * d.survival_diff_ci95[1]
        ),
        p_text(d.p_value),
        d.test.short().to_string(),
        num(d.gold_a),
        num(d.gold_b),
        gold,
    ]
}

impl Comparison {
    /// The readable table, its headers named by `spec`'s headline.
    pub fn text(&self, spec: &ReportSpec) -> String {
        let (h, rows) = (&spec.headline, spec.rows);
        let mut out = String::new();
        let files = |s: &Side| {
            if s.files.len() == 1 {
                s.files[0].clone()
            } else {
                format!("{} files", s.files.len())
            }
        };
        out += &format!(
            "dq compare: A = {} ({} {rows}), B = {} ({} {rows})\n",
            files(&self.a),
            self.a.hero_games,
            files(&self.b),
            self.b.hero_games
        );
        out += "Differences are B - A. Paired rows (n = pairs with the same seed, game and seat) use McNemar's exact \
                test; unpaired rows (n = A / B) a two-proportion z-test.\n";
        out += &format!("{}: mean {}; 95% intervals in brackets.\n\n", capitalised(h.score_name), h.score_note());
        let (rate, score) = (h.rate_name, h.score_name);
        let header = vec![
            "group".into(),
            "n".into(),
            format!("{rate} A"),
            format!("{rate} B"),
            "difference [95% CI]".into(),
            "p".into(),
            "test".into(),
            format!("{score} A"),
            format!("{score} B"),
            format!("{score} diff [95% CI]"),
        ];
        let mut rows = vec![header, row("all", &self.overall)];
        for g in &self.groups {
            let k: Vec<String> = self.by.iter().map(|b| format!("{b}={}", g.group[b])).collect();
            rows.push(row(&k.join(", "), &g.diff));
        }
        let widths: Vec<usize> =
            (0..rows[0].len()).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
        for (i, r) in rows.iter().enumerate() {
            let cells: Vec<String> = r
                .iter()
                .enumerate()
                .map(
                    |(c, v)| if c == 0 { format!("{v:<w$}", w = widths[c]) } else { format!("{v:>w$}", w = widths[c]) },
                )
                .collect();
            out += cells.join("  ").trim_end();
            out += "\n";
            if i == 0 {
                out += &widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>().join("  ");
                out += "\n";
            }
        }
        if !self.only_in_a.is_empty() {
            out += &format!("only in A (not compared): {}\n", self.only_in_a.join("; "));
        }
        if !self.only_in_b.is_empty() {
            out += &format!("only in B (not compared): {}\n", self.only_in_b.join("; "));
        }
        out
    }

    /// The JSON form, fields in a fixed order, with a final newline.
    pub fn json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("plain data serialises");
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(n: u64, survived: u64, gold: &[(i64, u64)]) -> SideCounts {
        SideCounts { n, survived, gold: gold.iter().copied().collect() }
    }

    #[test]
    fn p_values_print_readably() {
        assert_eq!(p_text(1.0), "1.0000");
        assert_eq!(p_text(0.0123), "0.0123");
        assert_eq!(p_text(2.5e-7), "2.5e-7");
        assert_eq!(p_text(0.0), "<1e-300");
    }

    #[test]
    fn by_columns_are_checked() {
        let spec = crate::spec::spec_of(dq_sim::family::Family::DungeonQuest).unwrap();
        assert_eq!(parse_by(spec, None), Ok(vec![]));
        assert_eq!(parse_by(spec, Some("hero, bot,hero")), Ok(vec!["hero".to_string(), "bot".to_string()]));
        assert!(parse_by(spec, Some("colour")).unwrap_err().message().starts_with("--by colour: unknown column"));
    }

    #[test]
    fn identical_pairs_give_zero_and_p_one() {
        let a = counts(100, 40, &[(0, 60), (10, 40)]);
        let p = PairCounts { same: 100, a_only: 0, b_only: 0, diff: [(0, 100)].into_iter().collect() };
        let d = diff(&a, &a, Some(&p));
        assert_eq!((d.test, d.paired, d.pairs), (Test::McnemarExact, true, Some(100)));
        assert_eq!((d.survival_diff, d.survival_diff_ci95, d.p_value), (0.0, [0.0, 0.0], 1.0));
        assert_eq!((d.gold_diff, d.gold_diff_ci95), (Some(0.0), Some([0.0, 0.0])));
    }

    #[test]
    fn partial_pairs_fall_back_to_independent_samples() {
        let a = counts(100, 40, &[(0, 60), (10, 40)]);
        let b = counts(100, 50, &[(0, 50), (10, 50)]);
        let p = PairCounts { same: 60, a_only: 5, b_only: 9, diff: BTreeMap::new() };
        let d = diff(&a, &b, Some(&p));
        assert_eq!((d.test, d.paired, d.pairs), (Test::TwoProportionZ, false, None));
        assert!((d.survival_diff - 0.1).abs() < 1e-12);
        assert_eq!(d.p_value, two_proportion_p(40, 100, 50, 100));
        assert!((d.gold_diff.unwrap() - 1.0).abs() < 1e-12);
        let none = diff(&a, &b, None);
        assert_eq!(none.test, Test::TwoProportionZ);
    }

    /// The table's headers and notes name the spec's headline and rows.
    #[test]
    fn the_text_names_the_headline() {
        let spec = &crate::spec::tests::TOY;
        let (a, b) = (counts(10, 4, &[(0, 6), (7, 4)]), counts(10, 5, &[(0, 5), (7, 5)]));
        let c = Comparison {
            a: side_summary(&[], &a),
            b: side_summary(&[], &b),
            difference: "B - A",
            gold: String::new(),
            by: Vec::new(),
            overall: diff(&a, &b, None),
            groups: Vec::new(),
            only_in_a: Vec::new(),
            only_in_b: Vec::new(),
        };
        let text = c.text(spec);
        assert!(text.contains("(10 seat-games), B = 0 files (10 seat-games)"), "{text}");
        assert!(text.contains("\nPoints: mean points per seat-game (the losers count 0); 95% intervals"), "{text}");
        let header = text.lines().find(|l| l.starts_with("group")).unwrap();
        let header: Vec<&str> = header.split("  ").map(str::trim).filter(|h| !h.is_empty()).collect();
        assert_eq!(
            header,
            [
                "group",
                "n",
                "wins A",
                "wins B",
                "difference [95% CI]",
                "p",
                "test",
                "points A",
                "points B",
                "points diff [95% CI]"
            ]
        );
    }
}
