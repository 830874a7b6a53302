//! What a game family's report is made of, declared once per family ([`spec_of`]): the key
//! dimensions that make runs differ, the integers counted per group, the distributions kept
//! as histograms, the cause breakdown, the headline a comparison and the rule effects are
//! about, the tables and the charts. The columns checked and read, the group-by counts, the
//! tables, charts and comparisons are loops over the spec, so a new family declares its
//! report rather than writing one.

use dq_sim::family::Family;

/// A family's report, declared.
#[derive(Debug)]
pub struct ReportSpec {
    /// The family reported on: every input file's `dq.game` must name it.
    pub family: Family,
    /// What a row is, plural, in running text ("hero-games").
    pub rows: &'static str,
    /// The key whose values the charts draw a bar each and the rule effects are given for.
    pub subject: Subject,
    /// The key dimensions, in key order: every column that makes runs differ (the last may be
    /// [`crate::scan::VARIANT`], which no file holds), so different runs are never pooled.
    pub keys: &'static [Key],
    /// The key columns groups sort by, in order: each key once.
    pub group_order: &'static [&'static str],
    /// The integers counted per group, beside the rows.
    pub counts: &'static [Count],
    /// The integer columns whose histograms each group keeps.
    pub dists: &'static [Distribution],
    /// The column naming what ended a hero's game badly (null where nothing did); each group
    /// counts its rows by value.
    pub cause: &'static str,
    /// The rate and score a comparison and the rule effects are about.
    pub headline: Headline,
    /// Where the rule set of a run is, and what a rule effect's context is.
    pub effects: Effects,
    /// The columns a comparison may be grouped by (`dq compare --by`).
    pub compare_by: &'static [&'static str],
    /// The figures of each group in `summary.json`, in order, derived from the counts.
    pub figures: &'static [Figure],
    /// The key columns the tables show, in column order: the first always, the others only
    /// where groups differ (the rest are stated once above the tables).
    pub table_keys: &'static [&'static str],
    /// The tables of the page, in order; the rule-effect tables follow the first.
    pub tables: &'static [TableSpec],
    /// The family's run metadata the input-files table shows (key with `dq.` dropped, header),
    /// between the variant and the seed; the rule set's key is shown as its key shows it.
    pub file_meta: &'static [(&'static str, &'static str)],
    /// What the report's terms mean (term, meaning), shown under the tables.
    pub definitions: &'static [(&'static str, &'static str)],
    /// The charts of the page, in order.
    pub charts: &'static [ChartSpec],
    /// How chart series labels show key values (key, form with `{}` for the value); keys not
    /// listed show the value alone.
    pub series_forms: &'static [(&'static str, &'static str)],
}

/// The key charts and rule effects are given per value of, with its plural for running text.
#[derive(Debug)]
pub struct Subject {
    pub key: &'static str,
    pub plural: &'static str,
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
    /// Rows where the text column holds the value (`game_end` is `round_limit`).
    Is(&'static str, &'static str),
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

/// What a comparison compares: a boolean outcome's rate and an integer score (taken home where
/// the outcome holds, or held by every row: [`ScoreRows`]), with the names tables and texts
/// give them.
#[derive(Debug)]
pub struct Headline {
    /// The boolean column.
    pub rate: &'static str,
    /// The rate's name in headers ("survival").
    pub rate_name: &'static str,
    /// The integer column.
    pub score: &'static str,
    /// The score's name in headers ("gold").
    pub score_name: &'static str,
    /// The score per row, in running text ("gold carried out per hero-game").
    pub score_per_row: &'static str,
    /// Which rows' scores count.
    pub counted: ScoreRows,
    /// The rows where it holds, in running text ("survivors").
    pub held: &'static str,
}

/// Which rows a [`Headline`]'s score counts for.
#[derive(Debug)]
pub enum ScoreRows {
    /// Only where the outcome holds: the others, named here ("the dead"), count 0 (gold
    /// carried out of DungeonQuest's dungeon).
    Held { failed: &'static str },
    /// Every row, whatever the outcome (The Dungeon of Chaos' gold held at the end).
    All,
}

impl Headline {
    /// The score as running text says it: "gold carried out per hero-game (the dead count 0)".
    pub fn score_note(&self) -> String {
        match self.counted {
            ScoreRows::Held { failed } => format!("{} ({failed} count 0)", self.score_per_row),
            ScoreRows::All => self.score_per_row.to_string(),
        }
    }

    /// The rows the mean score of a sweep's table is over ("survivors", "seat-games").
    pub fn score_over<'a>(&'a self, rows: &'a str) -> &'a str {
        match self.counted {
            ScoreRows::Held { .. } => self.held,
            ScoreRows::All => rows,
        }
    }
}

/// Where a run's rule set is and what else its effect depends on: the rule effects compare
/// each rule set with the baseline on the [`Headline`], within contexts of otherwise equal runs.
#[derive(Debug)]
pub struct Effects {
    /// The key column holding a row's rule set, and the run metadata key (`dq.` dropped)
    /// holding a file's; its key's empty value is the game without optional rules.
    pub rules: &'static str,
    /// The run metadata (`dq.` dropped) a context is keyed on besides the variant, with its
    /// name in context labels, in label order.
    pub context: &'static [(&'static str, &'static str)],
    /// The context entry naming the bots: effects in contexts equal but for it give the
    /// interactions with the bots.
    pub bots: &'static str,
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

/// A table of the page: one row per group, its key columns, then the body's.
#[derive(Debug)]
pub struct TableSpec {
    pub id: &'static str,
    pub title: &'static str,
    /// What the table shows, under its title.
    pub note: &'static str,
    pub body: Body,
}

/// The columns after a table's keys.
#[derive(Debug)]
pub enum Body {
    Columns(&'static [Column]),
    /// The rows with a cause, then each cause's share of the rows (a column per cause).
    Causes,
}

/// One column of a table.
#[derive(Debug)]
pub struct Column {
    pub header: &'static str,
    pub cell: Cell,
    pub when: When,
}

/// When a [`Column`] is shown: columns that would only repeat another are left out.
#[derive(Debug)]
pub enum When {
    Always,
    /// Where the two counts differ in some group.
    Differ(Fig, Fig),
    /// Where the numeric key exceeds the value in some group.
    KeyAbove(&'static str, u64),
}

/// A figure of a group by name, inside a section or not.
#[derive(Debug)]
pub struct Fig {
    pub section: Option<&'static str>,
    pub name: &'static str,
}

/// What a table cell shows.
#[derive(Debug)]
pub enum Cell {
    /// The group's rows.
    Rows,
    /// A count as is.
    Count(Fig),
    /// A rate in percent, two decimals.
    Percent(Fig),
    /// A ratio, two decimals.
    Ratio(Fig),
    /// An interval of rates in percent; "-" where the count (if given) is 0.
    Interval(Fig, Option<Fig>),
    /// A figure of a distribution.
    Dist(&'static str, DistCell),
}

/// The figure of a distribution a [`Cell`] shows.
#[derive(Debug)]
pub enum DistCell {
    N,
    /// One decimal.
    Mean,
    /// "[lo, hi]", one decimal.
    MeanCi,
    Median,
    P90,
    Max,
}

impl Effects {
    /// The bots' name in context labels.
    pub fn bots_name(&self) -> &'static str {
        self.context.iter().find(|(k, _)| *k == self.bots).map_or(self.bots, |(_, name)| name)
    }
}

/// A chart of the page, drawn from the groups' figures.
#[derive(Debug)]
pub struct ChartSpec {
    /// File stem: `{name}.svg`, `{name}.png`.
    pub name: &'static str,
    /// Title and caption. `{baseline}` stands for the rule effects' baseline, `{series}` for
    /// what a line is (the subject, or "variant" where variants differ) and `{top}` for where
    /// a [`Plot::Cumulative`] axis ends.
    pub title: &'static str,
    pub caption: &'static str,
    /// Pixels; a [`Plot::Ends`] chart grows by 30 per bar.
    pub size: (u32, u32),
    pub plot: Plot,
}

/// What a chart draws. Series are the variants (every table key but the subject) where they
/// differ, else the subject's values.
#[derive(Debug)]
pub enum Plot {
    /// A count figure's share of the rows per subject, a bar per variant, with Wilson 95%
    /// intervals; `axis` is the value axis's name.
    Rate { count: &'static str, axis: &'static str },
    /// Each rule set's effect on the headline rate per subject, against the baseline, with
    /// 95% intervals (left out when the report has no rule effects).
    Effects { axis: &'static str },
    /// A distribution's cumulative shares up to the largest 95th percentile, a line per series.
    Cumulative { dist: &'static str, x_axis: &'static str, y_axis: &'static str },
    /// How rows ended, as parts of a bar per group (per series when there are many groups):
    /// the count's share first, then each cause's, each cause in its colour (grey if unlisted).
    Ends { count: &'static str, label: &'static str, colour: Rgb, causes: &'static [(&'static str, Rgb)] },
    /// Distributions as shares of the rows per value, a panel each (title, distribution),
    /// a line per series.
    Shares { panels: &'static [(&'static str, &'static str)], x_axis: &'static str, y_axis: &'static str },
}

/// A colour.
#[derive(Clone, Copy, Debug)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// A text key with no special empty value.
pub const TEXT: KeyKind = KeyKind::Text { empty: "" };

/// A column shown always.
pub const fn col(header: &'static str, cell: Cell) -> Column {
    Column { header, cell, when: When::Always }
}

/// A top-level figure by name.
pub const fn top(name: &'static str) -> Fig {
    Fig { section: None, name }
}

/// A figure of a group.
pub const fn fig(name: &'static str, stat: Stat) -> Figure {
    Figure { name, stat }
}

/// The report of a family, if one is written (every family has one now; a new family's
/// files are refused with one line until it declares its own).
pub fn spec_of(family: Family) -> Option<&'static ReportSpec> {
    match family {
        Family::DungeonQuest => Some(&crate::dungeonquest::SPEC),
        Family::DealingDungeons => Some(&crate::dealing_dungeons::SPEC),
        Family::DungeonOfChaos => Some(&crate::dungeon_of_chaos::SPEC),
    }
}

/// The report of a family, or the one-line refusal of a family without one.
pub fn spec_or_refuse(family: Family) -> Result<&'static ReportSpec, dq_sim::error::Failure> {
    spec_of(family).ok_or_else(|| {
        dq_sim::error::bad(format!("reports of {family} results are not written yet; dq run writes them"))
    })
}

impl ReportSpec {
    /// The file columns a report reads: the keys but the variant, and every column a count,
    /// distribution or breakdown is made of, each once, in that order.
    pub fn columns(&self) -> Vec<&'static str> {
        let keys = self.keys.iter().map(|k| k.column).filter(|c| *c != crate::scan::VARIANT);
        let counts = self.counts.iter().flat_map(|c| match &c.tally {
            Tally::Equals(col, _) | Tally::Sum(col) => std::slice::from_ref(col),
            Tally::AnyPositive(cols) => cols,
            Tally::Is(col, _) => std::slice::from_ref(col),
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

    /// A value of `column` as shown: the key's text for the empty value where it has one.
    pub fn shown<'a>(&self, column: &str, value: &'a str) -> &'a str {
        match self.keys.iter().find(|k| k.column == column).map(|k| &k.kind) {
            Some(KeyKind::Text { empty }) if value.is_empty() => empty,
            _ => value,
        }
    }

    /// The name tables give key `column` (the column's own name if it is no key).
    pub fn key_name<'a>(&self, column: &'a str) -> &'a str {
        self.keys.iter().find(|k| k.column == column).map_or(column, |k| k.shown)
    }

    /// The key columns, in key order.
    pub fn key_columns(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.keys.iter().map(|k| k.column)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use dq_sim::schema;

    /// A made-up game's report, every name unlike DungeonQuest's: what the generic code shows
    /// must come from here.
    pub(crate) static TOY: ReportSpec = ReportSpec {
        family: Family::DungeonQuest,
        rows: "seat-games",
        subject: Subject { key: "player", plural: "players" },
        keys: &[
            Key { column: "player", shown: "who", kind: KeyKind::Text { empty: "" } },
            Key { column: "ruleset", shown: "rule set", kind: KeyKind::Text { empty: "plain" } },
            Key { column: "seats", shown: "seats", kind: KeyKind::Number },
        ],
        group_order: &["player", "ruleset", "seats"],
        counts: &[Count { name: "won", tally: Tally::Sum("won") }],
        dists: &[Distribution { name: "points", column: "points", rows: Rows::All }],
        cause: "loss",
        headline: Headline {
            rate: "won",
            rate_name: "wins",
            score: "points",
            score_name: "points",
            score_per_row: "points per seat-game",
            counted: ScoreRows::Held { failed: "the losers" },
            held: "winners",
        },
        effects: Effects { rules: "ruleset", context: &[("bots", "strategy")], bots: "bots" },
        compare_by: &[],
        figures: &[
            Figure { name: "won", stat: Stat::Count("won") },
            Figure { name: "points", stat: Stat::Dist("points") },
            Figure { name: "losses", stat: Stat::Causes },
        ],
        file_meta: &[("ruleset", "rule set"), ("seats", "seats")],
        table_keys: &["player", "ruleset", "seats"],
        tables: &[],
        definitions: &[],
        charts: &[
            ChartSpec {
                name: "wins",
                title: "Wins by player",
                caption: "Wins.",
                size: (400, 300),
                plot: Plot::Rate { count: "won", axis: "wins (%)" },
            },
            ChartSpec {
                name: "lift",
                title: "Lift against {baseline}",
                caption: "Per player.",
                size: (400, 300),
                plot: Plot::Effects { axis: "wins (pp)" },
            },
            ChartSpec {
                name: "points",
                title: "Points",
                caption: "Up to {top} points, a line per {series}.",
                size: (400, 300),
                plot: Plot::Cumulative { dist: "points", x_axis: "points", y_axis: "% of seat-games" },
            },
            ChartSpec {
                name: "ends",
                title: "Ends",
                caption: "Wins and losses.",
                size: (400, 100),
                plot: Plot::Ends {
                    count: "won",
                    label: "won",
                    colour: Rgb(0, 0x80, 0),
                    causes: &[("timeout", Rgb(0, 0, 0))],
                },
            },
            ChartSpec {
                name: "spread",
                title: "Spread",
                caption: "A line per {series}.",
                size: (400, 300),
                plot: Plot::Shares { panels: &[("all points", "points")], x_axis: "points", y_axis: "% of seat-games" },
            },
        ],
        series_forms: &[("seats", "{} seats")],
    };

    /// The figure `name` of `figures` (in `section`, if given).
    fn find<'a>(figures: &'a [Figure], section: Option<&str>, name: &str) -> Option<&'a Stat> {
        let figures = match section {
            None => figures,
            Some(sec) => match figures.iter().find(|f| f.name == sec).map(|f| &f.stat) {
                Some(Stat::Section(inner)) => inner,
                _ => return None,
            },
        };
        figures.iter().find(|f| f.name == name).map(|f| &f.stat)
    }

    /// Every name a spec uses is one it declares: figures name counts and distributions,
    /// tables and charts name figures, distributions and keys.
    #[test]
    fn specs_are_consistent() {
        for f in Family::ALL {
            let Some(spec) = spec_of(f) else { continue };
            assert_eq!(spec.family, f);
            consistent(spec);
        }
        consistent(&TOY);
    }

    fn consistent(s: &ReportSpec) {
        let f = s.family;
        let count = |n: &str| assert!(s.counts.iter().any(|c| c.name == n), "{f}: no count {n}");
        let dist = |n: &str| assert!(s.dists.iter().any(|d| d.name == n), "{f}: no distribution {n}");
        let of = |o: &Of| {
            if let Of::Count(n) = o {
                count(n)
            }
        };
        let mut stack: Vec<&Figure> = s.figures.iter().collect();
        while let Some(fig) = stack.pop() {
            match &fig.stat {
                Stat::Count(n) => count(n),
                Stat::Rate(n, o) | Stat::Wilson(n, o) | Stat::ClopperPearson(n, o) => {
                    count(n);
                    of(o);
                }
                Stat::Dist(n) => dist(n),
                Stat::CauseTotal | Stat::Causes => {}
                Stat::Section(inner) => stack.extend(inner.iter()),
            }
        }
        let figure = |x: &Fig| {
            assert!(find(s.figures, x.section, x.name).is_some(), "{f}: no figure {:?}", x);
        };
        for t in s.tables {
            let Body::Columns(columns) = &t.body else { continue };
            for c in *columns {
                match &c.cell {
                    Cell::Rows => {}
                    Cell::Count(x) | Cell::Percent(x) | Cell::Ratio(x) => figure(x),
                    Cell::Interval(x, n) => {
                        figure(x);
                        n.iter().for_each(figure);
                    }
                    Cell::Dist(n, _) => {
                        assert!(matches!(find(s.figures, None, n), Some(Stat::Dist(_))), "{f}: no figure {n}")
                    }
                }
                match &c.when {
                    When::Always => {}
                    When::Differ(a, b) => [a, b].into_iter().for_each(figure),
                    When::KeyAbove(k, _) => assert!(s.key_columns().any(|c| c == *k), "{f}: no key {k}"),
                }
            }
        }
        let key = |k: &str| assert!(s.key_columns().any(|c| c == k), "{f}: no key {k}");
        s.table_keys.iter().chain([&s.subject.key, &s.effects.rules]).for_each(|k| key(k));
        s.series_forms.iter().for_each(|(k, _)| key(k));
        assert!(s.effects.context.iter().any(|(k, _)| *k == s.effects.bots), "{f}: the bots are no context");
        // Charts read top-level figures by name.
        let count = |n: &str| assert!(matches!(find(s.figures, None, n), Some(Stat::Count(_))), "{f}: no figure {n}");
        let dist = |n: &str| assert!(matches!(find(s.figures, None, n), Some(Stat::Dist(_))), "{f}: no figure {n}");
        for c in s.charts {
            match &c.plot {
                Plot::Rate { count: n, .. } | Plot::Ends { count: n, .. } => count(n),
                Plot::Effects { .. } => {}
                Plot::Cumulative { dist: d, .. } => dist(d),
                Plot::Shares { panels, .. } => panels.iter().for_each(|(_, d)| dist(d)),
            }
        }
    }

    /// Groups sort by every key, each once.
    #[test]
    fn the_group_order_is_the_keys() {
        for f in Family::ALL {
            let Some(s) = spec_of(f) else { continue };
            let mut order = s.group_order.to_vec();
            let mut keys: Vec<&str> = s.key_columns().collect();
            order.sort();
            keys.sort();
            assert_eq!(order, keys, "{f}");
        }
    }

    /// Every column a spec names is one of its family's results columns.
    #[test]
    fn specs_name_the_schemas_columns() {
        for f in Family::ALL {
            let Some(spec) = spec_of(f) else { continue };
            for c in spec.columns() {
                assert!(schema::position(f.columns(), c).is_some(), "{f}: {c} is not a results column");
            }
        }
    }
}
