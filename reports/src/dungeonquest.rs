//! DungeonQuest's report: its key dimensions, counts, distributions and death causes, and
//! the treasure chamber (reached, turns there, dragon draws, Dragon Rage) as its own section.

use crate::scan::VARIANT;
use crate::spec::{Count, Distribution, Headline, Key, ReportSpec, Rows, Tally};

/// DungeonQuest's report.
pub static SPEC: ReportSpec = ReportSpec {
    keys: &[
        Key { column: "edition", shown: "edition" },
        Key { column: "rules", shown: "rules" },
        Key { column: "hero", shown: "hero" },
        Key { column: "bot", shown: "bot" },
        Key { column: "players", shown: "players" },
        Key { column: "monster_policy", shown: "monster policy" },
        Key { column: VARIANT, shown: "variant" },
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
};
