//! DungeonQuest's report: its key dimensions, counts, distributions and death causes, and
//! the treasure chamber (reached, turns there, dragon draws, Dragon Rage) as its own section;
//! survival and gold as the headline, the optional rules as the rule effects, and its charts.

use crate::hero_games::{causes_chart, CAUSES_TABLE, EFFECTS_CHART, HERO_GAME, QUANTILES, SURVIVAL_CHART, WILSON};
use crate::scan::VARIANT;
use crate::spec::{
    col, fig, top, Body, Cell, ChartSpec, Column, Count, DistCell, Distribution, Effects, Fig, Figure, Headline, Key,
    KeyKind, Of, Plot, ReportSpec, Rgb, Rows, ScoreRows, Stat, Subject, TableSpec, Tally, When, TEXT,
};
use dq_sim::family::Family;

/// DungeonQuest's report.
pub static SPEC: ReportSpec = ReportSpec {
    family: Family::DungeonQuest,
    rows: "hero-games",
    subject: Subject { key: "hero", plural: "heroes" },
    keys: &[
        Key { column: "edition", shown: "edition", kind: TEXT },
        // The optional rules, comma-joined; "standard" for none.
        Key { column: "rules", shown: "rules", kind: KeyKind::Text { empty: "standard" } },
        Key { column: "hero", shown: "hero", kind: TEXT },
        Key { column: "bot", shown: "bot", kind: TEXT },
        Key { column: "players", shown: "players", kind: KeyKind::Number },
        Key { column: "monster_policy", shown: "monster policy", kind: TEXT },
        // The run's variant (its `--label`, or `--data` folder); "-" for the embedded data.
        Key { column: VARIANT, shown: "variant", kind: KeyKind::Text { empty: "-" } },
    ],
    counts: &[
        // Rows of seat 0: the games a group's rows come from, when it holds whole games.
        Count { name: "seat0", tally: Tally::Equals("seat", 0) },
        Count { name: "survived", tally: Tally::Sum("survived") },
        Count { name: "exited", tally: Tally::Sum("exited") },
        Count { name: "winners", tally: Tally::Sum("winner") },
        // The treasure chamber section.
        Count { name: "reached_treasure", tally: Tally::AnyPositive(&["dragon_draws", "treasure_chamber_turns"]) },
        Count { name: "dragon_draws", tally: Tally::Sum("dragon_draws") },
        Count { name: "treasure_turns", tally: Tally::Sum("treasure_chamber_turns") },
        Count { name: "rage", tally: Tally::Sum("dragon_rage") },
    ],
    dists: &[
        Distribution { name: "gold_survivors", column: "gold", rows: Rows::Where("survived") },
        Distribution { name: "turns", column: "turns", rows: Rows::All },
        Distribution { name: "end_round_exit", column: "end_round", rows: Rows::Where("survived") },
        Distribution { name: "end_round_death", column: "end_round", rows: Rows::WhereNot("survived") },
    ],
    cause: "death_cause",
    headline: Headline {
        rate: "survived",
        rate_name: "survival",
        score: "gold",
        score_name: "gold",
        score_per_row: "gold carried out per hero-game",
        counted: ScoreRows::Held { failed: "the dead" },
        held: "survivors",
    },
    effects: Effects {
        rules: "rules",
        context: &[("edition", "edition"), ("bots", "bot"), ("heroes", "heroes"), ("monster_policy", "monster policy")],
        bots: "bots",
    },
    compare_by: &["edition", "rules", "hero", "bot", "players", "seat", "monster_policy"],
    // Hero first, so the variants of one hero are adjacent in every table.
    group_order: &["hero", "edition", "rules", "bot", "players", "monster_policy", VARIANT],
    figures: &[
        fig("survived", Stat::Count("survived")),
        fig("survival_rate", Stat::Rate("survived", Of::Rows)),
        fig("survival_wilson95", Stat::Wilson("survived", Of::Rows)),
        fig("survival_clopper_pearson95", Stat::ClopperPearson("survived", Of::Rows)),
        fig("exited", Stat::Count("exited")),
        fig("exit_rate", Stat::Rate("exited", Of::Rows)),
        // Heroes who won their game (most gold among the survivors).
        fig("winners", Stat::Count("winners")),
        fig("win_rate", Stat::Rate("winners", Of::Rows)),
        fig("win_wilson95", Stat::Wilson("winners", Of::Rows)),
        fig("gold_survivors", Stat::Dist("gold_survivors")),
        fig("deaths", Stat::CauseTotal),
        fig("death_causes", Stat::Causes),
        fig("turns", Stat::Dist("turns")),
        // Round of the exit, survivors only; of the death, the dead only.
        fig("end_round_exit", Stat::Dist("end_round_exit")),
        fig("end_round_death", Stat::Dist("end_round_death")),
        fig("treasure", Stat::Section(TREASURE)),
    ],
    // Hero first, as groups are sorted.
    file_meta: &[
        ("edition", "edition"),
        ("rules", "rules"),
        ("heroes", "heroes"),
        ("bots", "bots"),
        ("monster_policy", "monster policy"),
    ],
    table_keys: &["hero", VARIANT, "edition", "rules", "bot", "players", "monster_policy"],
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
                // Left out where every survivor exited, and where every group is solo (a
                // survivor is the winner): they would only repeat survival.
                Column {
                    header: "exit rate",
                    cell: Cell::Percent(top("exit_rate")),
                    when: When::Differ(top("exited"), top("survived")),
                },
                Column { header: "win rate", cell: Cell::Percent(top("win_rate")), when: SEVERAL },
                Column { header: "win Wilson 95%", cell: Cell::Interval(top("win_wilson95"), None), when: SEVERAL },
            ]),
        },
        TableSpec {
            id: "gold",
            title: "Gold of survivors",
            note: "Gold carried out by heroes who survived; median and p90 are nearest-rank quantiles.",
            body: Body::Columns(&[
                col("survivors", Cell::Dist("gold_survivors", DistCell::N)),
                col("mean gold", Cell::Dist("gold_survivors", DistCell::Mean)),
                col("mean 95%", Cell::Dist("gold_survivors", DistCell::MeanCi)),
                col("median", Cell::Dist("gold_survivors", DistCell::Median)),
                col("p90", Cell::Dist("gold_survivors", DistCell::P90)),
                col("max", Cell::Dist("gold_survivors", DistCell::Max)),
            ]),
        },
        CAUSES_TABLE,
        TableSpec {
            id: "turns",
            title: "Turns and rounds",
            note: "Turns each hero played, and the round in which survivors exited and the dead died.",
            body: Body::Columns(&[
                col("turns mean", Cell::Dist("turns", DistCell::Mean)),
                col("turns median", Cell::Dist("turns", DistCell::Median)),
                col("turns p90", Cell::Dist("turns", DistCell::P90)),
                col("exit round median", Cell::Dist("end_round_exit", DistCell::Median)),
                col("exit round p90", Cell::Dist("end_round_exit", DistCell::P90)),
                col("death round median", Cell::Dist("end_round_death", DistCell::Median)),
                col("death round p90", Cell::Dist("end_round_death", DistCell::P90)),
            ]),
        },
        TableSpec {
            id: "treasure",
            title: "Treasure chamber",
            note: "A visitor began a turn in the treasure chamber or drew a dragon card; the rage rate is the share \
                   of visitors hit by Dragon Rage.",
            body: Body::Columns(&[
                col("reached", Cell::Count(chamber("reached"))),
                col("reached rate", Cell::Percent(chamber("reached_rate"))),
                col("dragon draws / visitor", Cell::Ratio(chamber("draws_per_visitor"))),
                col("turns / visitor", Cell::Ratio(chamber("turns_per_visitor"))),
                col("rage", Cell::Count(chamber("rage"))),
                col("rage rate", Cell::Percent(chamber("rage_rate"))),
                col("rage Wilson 95%", Cell::Interval(chamber("rage_wilson95"), Some(chamber("reached")))),
            ]),
        },
    ],
    definitions: &[
        HERO_GAME,
        ("survival", "the hero left the dungeon alive before sunset (exit rate: the same count from the exited column)"),
        ("win rate", "the hero won: survived with the most gold (ties broken by the best card, then loot count; a full tie shares the win)"),
        WILSON,
        ("gold of survivors", "gold carried out of the dungeon; mean with its 95% normal interval"),
        QUANTILES,
        ("visitor", "a hero who began a turn in the treasure chamber or drew a dragon card"),
        ("rage rate", "share of visitors hit by Dragon Rage (their own draw or another hero's)"),
    ],
    charts: &[
        SURVIVAL_CHART,
        EFFECTS_CHART,
        // Cumulative: most survivors carry little and a few a fortune, which a histogram
        // would flatten into one spike.
        ChartSpec {
            name: "gold",
            title: "Gold of survivors",
            caption: "Share of survivors carrying out at most x gold (cumulative), up to {top} gold (the largest 95th \
                      percentile), one line per {series}.",
            size: (1100, 520),
            plot: Plot::Cumulative {
                dist: "gold_survivors",
                x_axis: "gold carried out",
                y_axis: "% of survivors with at most this gold",
            },
        },
        causes_chart(CAUSE_COLOURS),
        ChartSpec {
            name: "rounds",
            title: "Round at exit and at death",
            caption: "Share of hero-games ending with an exit (left) or a death (right) in each round, one line per \
                      {series}.",
            size: (1100, 480),
            plot: Plot::Shares {
                panels: &[("exits", "end_round_exit"), ("deaths", "end_round_death")],
                x_axis: "round",
                y_axis: "% of hero-games",
            },
        },
    ],
    series_forms: &[("players", "{}p"), ("monster_policy", "monster {}")],
};

/// Each death cause's colour, the same in every report whichever causes occur.
const CAUSE_COLOURS: &[(&str, Rgb)] = &[
    ("monster", Rgb(0xd6, 0x27, 0x28)),
    ("dragon", Rgb(0xff, 0x7f, 0x0e)),
    ("trap", Rgb(0x94, 0x67, 0xbd)),
    ("card", Rgb(0x8c, 0x56, 0x4b)),
    ("pit", Rgb(0x17, 0x17, 0x17)),
    ("bridge", Rgb(0x1f, 0x77, 0xb4)),
    ("resurfacing", Rgb(0x17, 0xbe, 0xcf)),
    ("dead_end", Rgb(0xe3, 0x77, 0xc2)),
    ("sunset", Rgb(0xbc, 0xbd, 0x22)),
    ("hero", Rgb(0x2c, 0x4f, 0x7f)),
];

/// Shown where some game has several heroes.
const SEVERAL: When = When::KeyAbove("players", 1);

const fn chamber(name: &'static str) -> Fig {
    Fig { section: Some("treasure"), name }
}

/// Treasure-chamber behaviour: a visitor began a turn in the chamber or drew a dragon card.
const TREASURE: &[Figure] = &[
    fig("reached", Stat::Count("reached_treasure")),
    fig("reached_rate", Stat::Rate("reached_treasure", Of::Rows)),
    // Dragon cards drawn, all heroes of the group, and per visitor.
    fig("dragon_draws", Stat::Count("dragon_draws")),
    fig("draws_per_visitor", Stat::Rate("dragon_draws", VISITORS)),
    fig("turns_per_visitor", Stat::Rate("treasure_turns", VISITORS)),
    // Heroes hit by Dragon Rage, and their share of the visitors.
    fig("rage", Stat::Count("rage")),
    fig("rage_rate", Stat::Rate("rage", VISITORS)),
    fig("rage_wilson95", Stat::Wilson("rage", VISITORS)),
];

const VISITORS: Of = Of::Count("reached_treasure");
