//! The parts of a report spec the families whose rows are hero-games (DungeonQuest, Dealing
//! Dungeons) share word for word, and the definitions every report gives: written once, so a
//! family's spec holds only what is its own.

use crate::spec::{Body, ChartSpec, Plot, Rgb, TableSpec};

/// The Wilson and Clopper–Pearson intervals, as every report defines them.
pub const WILSON: (&str, &str) =
    ("Wilson 95%", "Wilson score interval; Clopper–Pearson 95%: the exact (conservative) binomial interval");

/// The quantiles, as every report defines them.
pub const QUANTILES: (&str, &str) =
    ("quantiles", "nearest-rank: the smallest value with at least that share of observations at or below it");

/// A hero-game, the row of these reports.
pub const HERO_GAME: (&str, &str) = ("hero-game", "one hero in one game: one row of a results file");

/// The death causes' table: each cause's share of the group's hero-games.
pub const CAUSES_TABLE: TableSpec = TableSpec {
    id: "causes",
    title: "Death causes",
    note: "Deaths by cause as a share of all hero-games of the group.",
    body: Body::Causes,
};

/// Survival by hero, with its intervals.
pub const SURVIVAL_CHART: ChartSpec = ChartSpec {
    name: "survival",
    title: "Survival by hero",
    caption: "Share of hero-games the hero survived, with 95% Wilson intervals.",
    size: (1100, 560),
    plot: Plot::Rate { count: "survived", axis: "survival (% of hero-games)" },
};

/// Each rule set's effect on survival against the baseline.
pub const EFFECTS_CHART: ChartSpec = ChartSpec {
    name: "effects",
    title: "Effect on survival against {baseline}",
    caption: "Survival of each rule set minus the baseline ({baseline}), in percentage points, per hero, with 95% \
              intervals (paired where the runs share seeds and games).",
    size: (1100, 560),
    plot: Plot::Effects { axis: "survival difference (pp)" },
};

/// How heroes ended: survived, or each death cause in its colour (`causes`).
pub const fn causes_chart(causes: &'static [(&'static str, Rgb)]) -> ChartSpec {
    ChartSpec {
        name: "causes",
        title: "How heroes ended",
        caption: "Share of hero-games survived or lost to each death cause.",
        size: (1100, 150),
        plot: Plot::Ends { count: "survived", label: "survived", colour: Rgb(0x9c, 0xd3, 0x8c), causes },
    }
}
