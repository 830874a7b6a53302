//! Integer counts per group (edition × rules × hero × bot × players × monster policy ×
//! variant) read from results files: totals, and histograms of the integer columns whose distributions a report shows.
//! Rates, intervals and quantiles are derived from these at render time.

use crate::error::{bad, Error};
use crate::input::InputFile;
use crate::scan::{self, count_by, key, sums_by};
use crate::spec::{KeyKind, ReportSpec, Rows, Tally};
use polars::prelude::*;
use std::collections::BTreeMap;

/// A histogram of an integer column: value -> count.
pub type Hist = BTreeMap<i64, u64>;

/// What a report groups by: a group's key values in the spec's
/// [`ReportSpec::group_order`], so groups sort that way (DungeonQuest's by hero first, so the
/// variants of one hero are adjacent in every table).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupKey(Vec<KeyPart>);

/// One key value: numbers compare as numbers.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum KeyPart {
    Number(u64),
    Text(String),
}

impl GroupKey {
    /// The key of the values `k`, given as text in the spec's key order (`None` for null).
    fn from_texts(spec: &ReportSpec, k: &[Option<String>]) -> Result<GroupKey, Error> {
        let part = |column: &str| {
            let at = spec.key_columns().position(|c| c == column).expect("a group_order column is a key");
            let text = k.get(at).cloned().flatten().unwrap_or_default();
            match spec.keys[at].kind {
                KeyKind::Text { .. } => Ok(KeyPart::Text(text)),
                KeyKind::Number => {
                    text.parse().map(KeyPart::Number).map_err(|_| bad(format!("bad {column} value \"{text}\"")))
                }
            }
        };
        spec.group_order.iter().map(|c| part(c)).collect::<Result<_, _>>().map(GroupKey)
    }

    /// The key values as text, in the spec's key order.
    pub fn texts(&self, spec: &ReportSpec) -> Vec<String> {
        spec.key_columns()
            .map(|c| match spec.group_order.iter().position(|o| *o == c).map(|i| &self.0[i]) {
                Some(KeyPart::Number(n)) => n.to_string(),
                Some(KeyPart::Text(t)) => t.clone(),
                None => String::new(),
            })
            .collect()
    }
}

/// A rules label as shown: "standard" for the game without optional rules.
pub fn rules_shown(rules: &str) -> &str {
    if rules.is_empty() {
        "standard"
    } else {
        rules
    }
}

/// Integer counts of one group, as its family's [`ReportSpec`] declares them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows: one per hero per game.
    pub hero_games: u64,
    /// The spec's counts, by name.
    pub counts: BTreeMap<&'static str, u64>,
    /// The spec's distributions, by name.
    pub hists: BTreeMap<&'static str, Hist>,
    /// Rows by value of the spec's cause column (deaths by cause).
    pub causes: BTreeMap<String, u64>,
}

/// The histogram of a distribution no row fell in.
static EMPTY: Hist = Hist::new();

impl Counts {
    /// The spec's count `name` (0 if nothing was counted).
    pub fn count(&self, name: &str) -> u64 {
        self.counts.get(name).copied().unwrap_or(0)
    }

    /// The spec's distribution `name` (empty if no row fell in it).
    pub fn hist(&self, name: &str) -> &Hist {
        self.hists.get(name).unwrap_or(&EMPTY)
    }

    /// Adds another group's counts (integer sums and histogram unions).
    pub fn merge(&mut self, o: &Counts) {
        self.hero_games += o.hero_games;
        for (&k, &c) in &o.counts {
            *self.counts.entry(k).or_default() += c;
        }
        for (&k, oh) in &o.hists {
            let h = self.hists.entry(k).or_default();
            for (&v, &c) in oh {
                *h.entry(v).or_default() += c;
            }
        }
        for (k, &c) in &o.causes {
            *self.causes.entry(k.clone()).or_default() += c;
        }
    }

    /// Deaths counted by cause.
    pub fn deaths(&self) -> u64 {
        self.causes.values().sum()
    }
}

/// The counts of every group, sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    pub groups: BTreeMap<GroupKey, Counts>,
}

impl Analysis {
    /// Reads and counts `files` (already checked) as `spec` declares.
    pub fn of(spec: &ReportSpec, files: &[InputFile]) -> Result<Analysis, Error> {
        let lf = scan::frame(files, &spec.columns())?;
        let keys: Vec<Expr> = spec.key_columns().map(key).collect();
        let mut groups: BTreeMap<GroupKey, Counts> = BTreeMap::new();
        let sums: Vec<Expr> = spec.counts.iter().map(|c| tally(&c.tally)).collect();
        for (k, n, s) in sums_by(lf.clone(), &keys, &sums)? {
            let c = groups.entry(GroupKey::from_texts(spec, &k)?).or_default();
            c.hero_games = n;
            c.counts = spec.counts.iter().map(|c| c.name).zip(s).collect();
        }
        let n_keys = spec.keys.len();
        fn group<'a>(
            spec: &ReportSpec,
            groups: &'a mut BTreeMap<GroupKey, Counts>,
            k: &[Option<String>],
        ) -> Result<&'a mut Counts, Error> {
            Ok(groups.entry(GroupKey::from_texts(spec, &k[..spec.keys.len()])?).or_default())
        }
        for d in spec.dists {
            let rows = match d.rows {
                Rows::All => lf.clone(),
                Rows::Where(c) => lf.clone().filter(col(c)),
                Rows::WhereNot(c) => lf.clone().filter(col(c).not()),
            };
            for (k, v, n) in count_by(rows, &keys, &[col(d.column)])? {
                group(spec, &mut groups, &k)?.hists.entry(d.name).or_default().insert(v[0], n);
            }
        }
        let mut with_cause = keys.clone();
        with_cause.push(key(spec.cause));
        for (k, _, n) in count_by(lf.filter(col(spec.cause).is_not_null()), &with_cause, &[])? {
            let cause = k[n_keys].clone().unwrap_or_default();
            *group(spec, &mut groups, &k)?.causes.entry(cause).or_default() += n;
        }
        Ok(Analysis { groups })
    }

    /// All groups together.
    pub fn total(&self) -> Counts {
        let mut t = Counts::default();
        self.groups.values().for_each(|c| t.merge(c));
        t
    }

    /// Every death cause that occurs, sorted.
    pub fn causes(&self) -> Vec<String> {
        let mut v: Vec<String> = self.groups.values().flat_map(|c| c.causes.keys().cloned()).collect();
        v.sort();
        v.dedup();
        v
    }
}

/// The expression [`sums_by`] sums for a count.
fn tally(t: &Tally) -> Expr {
    match *t {
        Tally::Equals(c, v) => col(c).eq(lit(v)),
        Tally::Sum(c) => col(c),
        Tally::AnyPositive(cs) => cs.iter().map(|c| col(*c).gt(lit(0))).reduce(Expr::or).unwrap_or(lit(false)),
        // Text columns are read as categoricals: compared as text.
        Tally::Is(c, v) => col(c).cast(DataType::String).eq(lit(v)),
    }
}
