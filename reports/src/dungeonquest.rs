//! DungeonQuest's report: its key dimensions, counts, distributions and death causes, and
//! the treasure chamber (reached, turns there, dragon draws, Dragon Rage) as its own section.

use crate::scan::VARIANT;
use crate::spec::{Count, Distribution, Figure, Headline, Key, KeyKind, Of, ReportSpec, Rows, Stat, Tally};

/// DungeonQuest's report.
pub static SPEC: ReportSpec = ReportSpec {
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
    headline: Headline { rate: "survived", score: "gold" },
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
};

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
const TEXT: KeyKind = KeyKind::Text { empty: "" };

const fn fig(name: &'static str, stat: Stat) -> Figure {
    Figure { name, stat }
}
