//! What a game family's report is made of, declared once per family ([`spec_of`]): the key
//! dimensions that make runs differ, the integers counted per group, the distributions kept
//! as histograms, the cause breakdown and the headline a comparison is about. The columns
//! checked and read and the group-by counts are one loop over the spec, so a new family
//! declares its report rather than writing one.

use dq_sim::family::Family;

/// A family's report, declared.
#[derive(Debug)]
pub struct ReportSpec {
    /// The key dimensions, in key order: every column that makes runs differ (the last may be
    /// [`crate::scan::VARIANT`], which no file holds), so different runs are never pooled.
    pub keys: &'static [Key],
    /// The integers counted per group, beside the rows.
    pub counts: &'static [Count],
    /// The integer columns whose histograms each group keeps.
    pub dists: &'static [Distribution],
    /// The column naming what ended a hero's game badly (null where nothing did); each group
    /// counts its rows by value.
    pub cause: &'static str,
    /// The rate and score a comparison is about.
    pub headline: Headline,
    /// The figures of each group in `summary.json`, in order, derived from the counts.
    pub figures: &'static [Figure],
}

/// A key dimension: a column, its name in tables and how its values are shown.
#[derive(Debug)]
pub struct Key {
    pub column: &'static str,
    pub shown: &'static str,
    pub kind: KeyKind,
}

/// How a key's values are shown in `summary.json` and the tables.
#[derive(Debug)]
pub enum KeyKind {
    /// Text; the empty value shown as the text given.
    Text { empty: &'static str },
    /// A whole number.
    Number,
}

/// An integer counted per group, named for where the summary uses it.
#[derive(Debug)]
pub struct Count {
    pub name: &'static str,
    pub tally: Tally,
}

/// How a [`Count`] is made from a group's rows.
#[derive(Debug)]
pub enum Tally {
    /// Rows where the integer column equals the value.
    Equals(&'static str, i64),
    /// The column summed (a boolean column counts its `true`s).
    Sum(&'static str),
    /// Rows where any of the integer columns is positive.
    AnyPositive(&'static [&'static str]),
}

/// An integer column's histogram over some of a group's rows.
#[derive(Debug)]
pub struct Distribution {
    pub name: &'static str,
    pub column: &'static str,
    pub rows: Rows,
}

/// Which of a group's rows a [`Distribution`] covers.
#[derive(Debug)]
pub enum Rows {
    All,
    /// Rows where the boolean column is true.
    Where(&'static str),
    /// Rows where the boolean column is false.
    WhereNot(&'static str),
}

/// What a comparison compares: a boolean outcome's rate and an integer score taken home
/// where the outcome holds (0 elsewhere).
#[derive(Debug)]
pub struct Headline {
    pub rate: &'static str,
    pub score: &'static str,
}

/// One figure of a group: its name in `summary.json` and what it is.
#[derive(Debug)]
pub struct Figure {
    pub name: &'static str,
    pub stat: Stat,
}

/// What a [`Figure`] is, from the counts named.
#[derive(Debug)]
pub enum Stat {
    /// A count as is.
    Count(&'static str),
    /// A count over a total (`null` when the total is 0).
    Rate(&'static str, Of),
    /// The Wilson 95% interval of a count over a total.
    Wilson(&'static str, Of),
    /// The Clopper–Pearson 95% interval of a count over a total.
    ClopperPearson(&'static str, Of),
    /// A distribution's summary with its histogram.
    Dist(&'static str),
    /// Rows with a cause, all causes together.
    CauseTotal,
    /// Rows by cause, every cause of the report listed (0 included).
    Causes,
    /// Figures of their own, shown together (a family's extension).
    Section(&'static [Figure]),
}

/// The total a rate or interval is over.
#[derive(Debug)]
pub enum Of {
    /// The group's rows.
    Rows,
    /// A count.
    Count(&'static str),
}

/// The report of a family.
pub fn spec_of(family: Family) -> &'static ReportSpec {
    match family {
        Family::DungeonQuest => &crate::dungeonquest::SPEC,
    }
}

impl ReportSpec {
    /// The file columns a report reads: the keys but the variant, and every column a count,
    /// distribution or breakdown is made of, each once, in that order.
    pub fn columns(&self) -> Vec<&'static str> {
        let keys = self.keys.iter().map(|k| k.column).filter(|c| *c != crate::scan::VARIANT);
        let counts = self.counts.iter().flat_map(|c| match &c.tally {
            Tally::Equals(col, _) | Tally::Sum(col) => std::slice::from_ref(col),
            Tally::AnyPositive(cols) => cols,
        });
        let dists = self.dists.iter().flat_map(|d| match d.rows {
            Rows::All => vec![d.column],
            Rows::Where(c) | Rows::WhereNot(c) => vec![c, d.column],
        });
        let mut out: Vec<&'static str> = Vec::new();
        for c in keys.chain(counts.copied()).chain(dists).chain([self.cause, self.headline.rate, self.headline.score]) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The key columns, in key order.
    pub fn key_columns(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.keys.iter().map(|k| k.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dq_sim::schema;

    /// Every column a spec names is one of its family's results columns.
    #[test]
    fn specs_name_the_schemas_columns() {
        for f in Family::ALL {
            for c in spec_of(f).columns() {
                assert!(schema::position(f.columns(), c).is_some(), "{f}: {c} is not a results column");
            }
        }
    }
}
