//! The Dungeon of Chaos' report: per first Character Profile, bot and seat count, the seats
//! that won (came back to town with 2,000 gold), the games left unfinished at the round limit,
//! gold held at the end, deaths and characters per seat, what killed the seats' characters (the
//! last death's cause per seat-game, and every death by category), the deepest level, kills,
//! town visits, items and rounds. Wins and gold per seat are the headline; the game has no optional rules,
//! so a report shows no rule effects (the `rules` column is kept as the key they would use).

use crate::hero_games::{QUANTILES, WILSON};
use crate::scan::VARIANT;
use crate::spec::{
    col, fig, top, Body, Cell, ChartSpec, Count, DistCell, Distribution, Effects, Headline, Key, KeyKind, Of, Plot,
    ReportSpec, Rgb, Rows, ScoreRows, Stat, Subject, TableSpec, Tally, TEXT,
};
use dq_sim::family::Family;

/// The Dungeon of Chaos' report.
pub static SPEC: ReportSpec = ReportSpec {
    family: Family::DungeonOfChaos,
    rows: "seat-games",
    subject: Subject { key: "hero", plural: "first profiles" },
    keys: &[
        // Always empty (the game has no optional rules); "none" for none.
        Key { column: "rules", shown: "rules", kind: KeyKind::Text { empty: "none" } },
        Key { column: "hero", shown: "first profile", kind: TEXT },
        Key { column: "bot", shown: "bot", kind: TEXT },
        Key { column: "players", shown: "seats", kind: KeyKind::Number },
        // The run's variant (its `--label`); "-" for none.
        Key { column: VARIANT, shown: "variant", kind: KeyKind::Text { empty: "-" } },
    ],
    counts: &[
        // Rows of seat 0: the games a group's rows come from, when it holds whole games.
        Count { name: "seat0", tally: Tally::Equals("seat", 0) },
        Count { name: "survived", tally: Tally::Sum("survived") },
        Count { name: "winners", tally: Tally::Sum("winner") },
        Count { name: "unfinished", tally: Tally::Is("game_end", "round_limit") },
    ],
    dists: &[
        Distribution { name: "gold", column: "gold", rows: Rows::All },
        Distribution { name: "deaths", column: "deaths", rows: Rows::All },
        Distribution { name: "deaths_monster", column: "deaths_monster", rows: Rows::All },
        Distribution { name: "deaths_insanity", column: "deaths_insanity", rows: Rows::All },
        Distribution { name: "deaths_paralysis", column: "deaths_paralysis", rows: Rows::All },
        Distribution { name: "deaths_tile", column: "deaths_tile", rows: Rows::All },
        Distribution { name: "deaths_card", column: "deaths_card", rows: Rows::All },
        Distribution { name: "deaths_ailment", column: "deaths_ailment", rows: Rows::All },
        Distribution { name: "characters", column: "characters", rows: Rows::All },
        Distribution { name: "deepest_level", column: "deepest_level", rows: Rows::All },
        Distribution { name: "kills", column: "kills", rows: Rows::All },
        Distribution { name: "town_visits", column: "town_visits", rows: Rows::All },
        Distribution { name: "items", column: "items", rows: Rows::All },
        Distribution { name: "rounds", column: "rounds", rows: Rows::All },
    ],
    cause: "death_cause",
    headline: Headline {
        rate: "winner",
        rate_name: "win",
        score: "gold",
        score_name: "gold",
        score_per_row: "gold held at the end per seat-game",
        // A seat plays on after a death: its gold at the end counts whether it won or not.
        counted: ScoreRows::All,
        held: "winners",
    },
    effects: Effects { rules: "rules", context: &[("bots", "bot"), ("heroes", "seats")], bots: "bots" },
    compare_by: &["hero", "bot", "players", "seat"],
    // Profile first, so the variants of one profile are adjacent in every table.
    group_order: &["hero", "rules", "bot", "players", VARIANT],
    figures: &[
        fig("winners", Stat::Count("winners")),
        fig("win_rate", Stat::Rate("winners", Of::Rows)),
        fig("win_wilson95", Stat::Wilson("winners", Of::Rows)),
        fig("win_clopper_pearson95", Stat::ClopperPearson("winners", Of::Rows)),
        fig("unfinished", Stat::Count("unfinished")),
        fig("unfinished_rate", Stat::Rate("unfinished", Of::Rows)),
        fig("unfinished_wilson95", Stat::Wilson("unfinished", Of::Rows)),
        // Seats none of whose characters died.
        fig("survived", Stat::Count("survived")),
        fig("survival_rate", Stat::Rate("survived", Of::Rows)),
        fig("gold", Stat::Dist("gold")),
        fig("deaths", Stat::Dist("deaths")),
        fig("death_causes", Stat::Causes),
        fig("deaths_monster", Stat::Dist("deaths_monster")),
        fig("deaths_insanity", Stat::Dist("deaths_insanity")),
        fig("deaths_paralysis", Stat::Dist("deaths_paralysis")),
        fig("deaths_tile", Stat::Dist("deaths_tile")),
        fig("deaths_card", Stat::Dist("deaths_card")),
        fig("deaths_ailment", Stat::Dist("deaths_ailment")),
        fig("characters", Stat::Dist("characters")),
        fig("deepest_level", Stat::Dist("deepest_level")),
        fig("kills", Stat::Dist("kills")),
        fig("town_visits", Stat::Dist("town_visits")),
        fig("items", Stat::Dist("items")),
        fig("rounds", Stat::Dist("rounds")),
    ],
    file_meta: &[("heroes", "seats"), ("bots", "bots")],
    table_keys: &["hero", VARIANT, "rules", "bot", "players"],
    tables: &[
        TableSpec {
            id: "wins",
            title: "Wins and unfinished games",
            note: "Per seat-game (one seat in one game). A win: back in town with 2,000 gold coins. Unfinished: the \
                   round limit ended the game. Intervals are 95%, in percent.",
            body: Body::Columns(&[
                col("seat-games", Cell::Rows),
                col("won", Cell::Count(top("winners"))),
                col("win rate", Cell::Percent(top("win_rate"))),
                col("Wilson 95%", Cell::Interval(top("win_wilson95"), None)),
                col("Clopper–Pearson 95%", Cell::Interval(top("win_clopper_pearson95"), None)),
                col("unfinished", Cell::Percent(top("unfinished_rate"))),
                col("unfinished 95%", Cell::Interval(top("unfinished_wilson95"), None)),
                col("no death", Cell::Percent(top("survival_rate"))),
            ]),
        },
        TableSpec {
            id: "gold",
            title: "Gold held at the end",
            note: "Gold coins of every seat at the end (a dead character's are lost with him); median and p90 are \
                   nearest-rank quantiles.",
            body: Body::Columns(&[
                col("mean gold", Cell::Dist("gold", DistCell::Mean)),
                col("mean 95%", Cell::Dist("gold", DistCell::MeanCi)),
                col("median", Cell::Dist("gold", DistCell::Median)),
                col("p90", Cell::Dist("gold", DistCell::P90)),
                col("max", Cell::Dist("gold", DistCell::Max)),
            ]),
        },
        TableSpec {
            id: "characters",
            title: "Deaths and characters",
            note: "Per seat-game: characters who died, and characters played (a dead one is replaced, §15).",
            body: Body::Columns(&[
                col("deaths mean", Cell::Dist("deaths", DistCell::Mean)),
                col("deaths p90", Cell::Dist("deaths", DistCell::P90)),
                col("deaths max", Cell::Dist("deaths", DistCell::Max)),
                col("characters mean", Cell::Dist("characters", DistCell::Mean)),
                col("characters max", Cell::Dist("characters", DistCell::Max)),
            ]),
        },
        TableSpec {
            id: "causes",
            title: "Last death's cause",
            note: "Per seat-game: what killed the seat's last character to die (a monster; insanity, Mind 0; \
                   paralysis, Speed 0; a tile; a card; an ailment), as a share of the group's seat-games.",
            body: Body::Causes,
        },
        TableSpec {
            id: "deaths_by",
            title: "Deaths by cause",
            note: "Per seat-game: every death of the seat's characters by category (the means add up to the deaths \
                   mean).",
            body: Body::Columns(&[
                col("monster", Cell::Dist("deaths_monster", DistCell::Mean)),
                col("insanity", Cell::Dist("deaths_insanity", DistCell::Mean)),
                col("paralysis", Cell::Dist("deaths_paralysis", DistCell::Mean)),
                col("tile", Cell::Dist("deaths_tile", DistCell::Mean)),
                col("card", Cell::Dist("deaths_card", DistCell::Mean)),
                col("ailment", Cell::Dist("deaths_ailment", DistCell::Mean)),
            ]),
        },
        TableSpec {
            id: "progress",
            title: "Depth, kills, town, items and rounds",
            note: "Per seat-game: the deepest level reached, monsters killed, town visits, items held at the end and \
                   the rounds the game lasted.",
            body: Body::Columns(&[
                col("deepest mean", Cell::Dist("deepest_level", DistCell::Mean)),
                col("deepest max", Cell::Dist("deepest_level", DistCell::Max)),
                col("kills mean", Cell::Dist("kills", DistCell::Mean)),
                col("kills p90", Cell::Dist("kills", DistCell::P90)),
                col("town mean", Cell::Dist("town_visits", DistCell::Mean)),
                col("items mean", Cell::Dist("items", DistCell::Mean)),
                col("rounds mean", Cell::Dist("rounds", DistCell::Mean)),
                col("rounds median", Cell::Dist("rounds", DistCell::Median)),
            ]),
        },
    ],
    definitions: &[
        ("seat-game", "one seat in one game: one row of a results file"),
        ("first profile", "the Character Profile the seat chose first (of three dealt); later characters are not keys"),
        ("win rate", "the seat came back to town holding 2,000 gold coins, which ends the game"),
        ("unfinished", "the round limit (200 rounds) ended the game before anyone won"),
        ("no death", "no character of the seat died in the game"),
        (
            "death cause",
            "monster: Health lost to a monster (or its special rules card); insanity: Mind 0 or less; paralysis: \
             Speed 0 or less; tile: a trap of the tile guide or a bottomless pit; card: a Room, Door, Event, Gods, \
             Chest or Curse card or the hero's own potion, scroll or spell; ailment: poison or confusion",
        ),
        WILSON,
        ("gold", "gold coins held at the end; Treasure items not yet redeemed do not count"),
        QUANTILES,
    ],
    charts: &[
        ChartSpec {
            name: "wins",
            title: "Wins by first profile",
            caption: "Share of seat-games the seat won, with 95% Wilson intervals.",
            size: (1100, 560),
            plot: Plot::Rate { count: "winners", axis: "won (% of seat-games)" },
        },
        ChartSpec {
            name: "unfinished",
            title: "Unfinished games by first profile",
            caption: "Share of seat-games whose game the round limit ended, with 95% Wilson intervals.",
            size: (1100, 560),
            plot: Plot::Rate { count: "unfinished", axis: "unfinished (% of seat-games)" },
        },
        ChartSpec {
            name: "gold",
            title: "Gold held at the end",
            caption: "Share of seat-games ending with at most x gold (cumulative), up to {top} (the largest 95th \
                      percentile), one line per {series}.",
            size: (1100, 520),
            plot: Plot::Cumulative { dist: "gold", x_axis: "gold", y_axis: "% of seat-games with at most this gold" },
        },
        ChartSpec {
            name: "deaths",
            title: "Seats with and without a death",
            caption: "Share of seat-games in which no character died, and by what killed the last to die.",
            size: (1100, 150),
            plot: Plot::Ends {
                count: "survived",
                label: "no death",
                colour: Rgb(0x9c, 0xd3, 0x8c),
                causes: CAUSE_COLOURS,
            },
        },
        ChartSpec {
            name: "depth",
            title: "Deepest level and kills",
            caption: "Share of seat-games reaching each deepest level (left) and with each number of kills (right), \
                      one line per {series}.",
            size: (1100, 480),
            plot: Plot::Shares {
                panels: &[("deepest level", "deepest_level"), ("monsters killed", "kills")],
                x_axis: "value",
                y_axis: "% of seat-games",
            },
        },
    ],
    series_forms: &[("players", "{} seats")],
};

/// Each death cause's colour.
const CAUSE_COLOURS: &[(&str, Rgb)] = &[
    ("monster", Rgb(0xd6, 0x27, 0x28)),
    ("insanity", Rgb(0x94, 0x67, 0xbd)),
    ("paralysis", Rgb(0x17, 0xbe, 0xcf)),
    ("tile", Rgb(0x8c, 0x56, 0x4b)),
    ("card", Rgb(0xff, 0x7f, 0x0e)),
    ("ailment", Rgb(0x2c, 0xa0, 0x2c)),
];
