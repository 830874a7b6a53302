//! Dealing Dungeons' report: survival by hero, mode, optional rules, bot and players; the
//! loot tally of the survivors, End Bosses defeated, wins, levels, monsters and rooms; death
//! causes (monster, ranged miss, boss). Survival and the loot tally are the headline, the
//! optional rules the rule effects (within a mode, bots and heroes).

use crate::hero_games::{causes_chart, CAUSES_TABLE, EFFECTS_CHART, HERO_GAME, QUANTILES, SURVIVAL_CHART, WILSON};
use crate::scan::VARIANT;
use crate::spec::{
    col, fig, top, Body, Cell, ChartSpec, Count, DistCell, Distribution, Effects, Headline, Key, KeyKind, Of, Plot,
    ReportSpec, Rgb, Rows, ScoreRows, Stat, Subject, TableSpec, Tally, TEXT,
};
use dq_sim::family::Family;

/// Dealing Dungeons' report.
pub static SPEC: ReportSpec = ReportSpec {
    family: Family::DealingDungeons,
    rows: "hero-games",
    subject: Subject { key: "hero", plural: "heroes" },
    keys: &[
        Key { column: "mode", shown: "mode", kind: TEXT },
        // The optional rules, comma-joined; "none" for none.
        Key { column: "rules", shown: "rules", kind: KeyKind::Text { empty: "none" } },
        Key { column: "hero", shown: "hero", kind: TEXT },
        Key { column: "bot", shown: "bot", kind: TEXT },
        Key { column: "players", shown: "players", kind: KeyKind::Number },
        // The run's variant (its `--label`); "-" for none.
        Key { column: VARIANT, shown: "variant", kind: KeyKind::Text { empty: "-" } },
    ],
    counts: &[
        // Rows of seat 0: the games a group's rows come from, when it holds whole games.
        Count { name: "seat0", tally: Tally::Equals("seat", 0) },
        Count { name: "survived", tally: Tally::Sum("survived") },
        Count { name: "winners", tally: Tally::Sum("winner") },
        Count { name: "boss_defeated", tally: Tally::Sum("boss_defeated") },
        Count { name: "stopped_at_edge", tally: Tally::Sum("stopped_at_edge") },
    ],
    dists: &[
        Distribution { name: "gold_survivors", column: "gold", rows: Rows::Where("survived") },
        Distribution { name: "level", column: "level", rows: Rows::All },
        Distribution { name: "monsters", column: "monsters_defeated", rows: Rows::All },
        Distribution { name: "rooms", column: "rooms_built", rows: Rows::All },
        Distribution { name: "turns", column: "turns", rows: Rows::All },
        // 1 for a dead hero; under replace-dead-hero a seat plays on and may lose several.
        Distribution { name: "heroes_lost", column: "heroes_lost", rows: Rows::All },
    ],
    cause: "death_cause",
    headline: Headline {
        rate: "survived",
        rate_name: "survival",
        score: "gold",
        score_name: "loot",
        score_per_row: "loot tally per hero-game",
        counted: ScoreRows::Held { failed: "the dead" },
        held: "survivors",
    },
    effects: Effects {
        rules: "rules",
        context: &[("mode", "mode"), ("bots", "bot"), ("heroes", "heroes")],
        bots: "bots",
    },
    compare_by: &["mode", "rules", "hero", "bot", "players", "seat"],
    // Hero first, so the variants of one hero are adjacent in every table.
    group_order: &["hero", "mode", "rules", "bot", "players", VARIANT],
    figures: &[
        fig("survived", Stat::Count("survived")),
        fig("survival_rate", Stat::Rate("survived", Of::Rows)),
        fig("survival_wilson95", Stat::Wilson("survived", Of::Rows)),
        fig("survival_clopper_pearson95", Stat::ClopperPearson("survived", Of::Rows)),
        // Heroes who won their game (a boss fell; alive with the highest tally).
        fig("winners", Stat::Count("winners")),
        fig("win_rate", Stat::Rate("winners", Of::Rows)),
        fig("win_wilson95", Stat::Wilson("winners", Of::Rows)),
        fig("boss_defeated", Stat::Count("boss_defeated")),
        fig("boss_rate", Stat::Rate("boss_defeated", Of::Rows)),
        fig("boss_wilson95", Stat::Wilson("boss_defeated", Of::Rows)),
        fig("stopped_at_edge", Stat::Count("stopped_at_edge")),
        fig("edge_rate", Stat::Rate("stopped_at_edge", Of::Rows)),
        fig("gold_survivors", Stat::Dist("gold_survivors")),
        fig("deaths", Stat::CauseTotal),
        fig("death_causes", Stat::Causes),
        fig("level", Stat::Dist("level")),
        fig("monsters", Stat::Dist("monsters")),
        fig("rooms", Stat::Dist("rooms")),
        fig("turns", Stat::Dist("turns")),
        fig("heroes_lost", Stat::Dist("heroes_lost")),
    ],
    file_meta: &[("mode", "mode"), ("rules", "rules"), ("heroes", "heroes"), ("bots", "bots")],
    table_keys: &["hero", VARIANT, "mode", "rules", "bot", "players"],
    tables: &[
        TableSpec {
            id: "survival",
            title: "Survival",
            note: "Per hero-game (one hero in one game). Intervals are 95%, in percent.",
            body: Body::Columns(&[
                col("hero-games", Cell::Rows),
                col("survived", Cell::Count(top("survived"))),
                col("survival", Cell::Percent(top("survival_rate"))),
                col("Wilson 95%", Cell::Interval(top("survival_wilson95"), None)),
                col("Clopper–Pearson 95%", Cell::Interval(top("survival_clopper_pearson95"), None)),
                col("win rate", Cell::Percent(top("win_rate"))),
                col("win Wilson 95%", Cell::Interval(top("win_wilson95"), None)),
            ]),
        },
        TableSpec {
            id: "boss",
            title: "End Boss",
            note: "Hero-games in which the hero defeated his End Boss, and those stopped at the table edge.",
            body: Body::Columns(&[
                col("boss defeated", Cell::Count(top("boss_defeated"))),
                col("boss rate", Cell::Percent(top("boss_rate"))),
                col("boss Wilson 95%", Cell::Interval(top("boss_wilson95"), None)),
                col("stopped at edge", Cell::Percent(top("edge_rate"))),
            ]),
        },
        TableSpec {
            id: "loot",
            title: "Loot of survivors",
            note: "The loot tally of heroes alive at the end; median and p90 are nearest-rank quantiles.",
            body: Body::Columns(&[
                col("survivors", Cell::Dist("gold_survivors", DistCell::N)),
                col("mean loot", Cell::Dist("gold_survivors", DistCell::Mean)),
                col("mean 95%", Cell::Dist("gold_survivors", DistCell::MeanCi)),
                col("median", Cell::Dist("gold_survivors", DistCell::Median)),
                col("p90", Cell::Dist("gold_survivors", DistCell::P90)),
                col("max", Cell::Dist("gold_survivors", DistCell::Max)),
            ]),
        },
        CAUSES_TABLE,
        TableSpec {
            id: "progress",
            title: "Levels, monsters, rooms, turns and heroes lost",
            note: "Per hero-game: the level at the end, monsters defeated, rooms built, turns begun, and the \
                   seat's heroes who died (at most 1 but under replace-dead-hero, where a seat plays on).",
            body: Body::Columns(&[
                col("level mean", Cell::Dist("level", DistCell::Mean)),
                col("level max", Cell::Dist("level", DistCell::Max)),
                col("monsters mean", Cell::Dist("monsters", DistCell::Mean)),
                col("monsters p90", Cell::Dist("monsters", DistCell::P90)),
                col("rooms mean", Cell::Dist("rooms", DistCell::Mean)),
                col("turns mean", Cell::Dist("turns", DistCell::Mean)),
                col("turns p90", Cell::Dist("turns", DistCell::P90)),
                col("heroes lost mean", Cell::Dist("heroes_lost", DistCell::Mean)),
                col("heroes lost max", Cell::Dist("heroes_lost", DistCell::Max)),
            ]),
        },
    ],
    definitions: &[
        HERO_GAME,
        ("survival", "the hero was alive when the game ended"),
        ("win rate", "an End Boss fell and the hero is alive with the highest loot tally (ties shared)"),
        ("boss rate", "the hero defeated his own End Boss (which ends the game)"),
        (
            "heroes lost",
            "the seat's heroes who died; under replace-dead-hero the row's hero and survival are its first hero's",
        ),
        WILSON,
        ("loot", "the loot tally: Bag of Holding, In Hand cards 20 gold each, unused potions 10 each"),
        QUANTILES,
    ],
    charts: &[
        SURVIVAL_CHART,
        ChartSpec {
            name: "boss",
            title: "End Boss defeated by hero",
            caption: "Share of hero-games in which the hero defeated his End Boss, with 95% Wilson intervals.",
            size: (1100, 560),
            plot: Plot::Rate { count: "boss_defeated", axis: "boss defeated (% of hero-games)" },
        },
        EFFECTS_CHART,
        ChartSpec {
            name: "loot",
            title: "Loot of survivors",
            caption: "Share of survivors with a loot tally of at most x (cumulative), up to {top} (the largest 95th \
                      percentile), one line per {series}.",
            size: (1100, 520),
            plot: Plot::Cumulative {
                dist: "gold_survivors",
                x_axis: "loot tally",
                y_axis: "% of survivors with at most this loot",
            },
        },
        causes_chart(CAUSE_COLOURS),
        ChartSpec {
            name: "levels",
            title: "Level and monsters defeated",
            caption: "Share of hero-games ending at each level (left) and with each number of monsters defeated \
                      (right), one line per {series}.",
            size: (1100, 480),
            plot: Plot::Shares {
                panels: &[("level", "level"), ("monsters defeated", "monsters")],
                x_axis: "value",
                y_axis: "% of hero-games",
            },
        },
    ],
    series_forms: &[("players", "{}p")],
};

/// Each death cause's colour.
const CAUSE_COLOURS: &[(&str, Rgb)] =
    &[("monster", Rgb(0xd6, 0x27, 0x28)), ("ranged_miss", Rgb(0x94, 0x67, 0xbd)), ("boss", Rgb(0xff, 0x7f, 0x0e))];
