//! The game families dq plays, by name: the one registry a new family adds a line to. The
//! name is the `--game` option's value, the results file's `game` column and `dq.game` key.

use crate::schema::{dungeonquest, ColumnDef};

/// A game family: its rules engine, bots, results columns and report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Family {
    /// DungeonQuest in its editions (`--edition revised|third`).
    #[default]
    DungeonQuest,
}

impl Family {
    /// Every family, in the order help texts list them.
    pub const ALL: [Family; 1] = [Family::DungeonQuest];

    /// The family's name on the command line and in results files.
    pub fn name(self) -> &'static str {
        match self {
            Family::DungeonQuest => dungeonquest::GAME,
        }
    }

    /// The family named `name`, if dq plays it.
    pub fn parse(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The results file's columns (the common prefix first).
    pub fn columns(self) -> &'static [ColumnDef] {
        match self {
            Family::DungeonQuest => &dungeonquest::COLUMNS,
        }
    }

    /// The known names, comma-separated (for messages).
    pub fn known() -> String {
        Family::ALL.map(Family::name).join(", ")
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_the_game_column() {
        for f in Family::ALL {
            assert_eq!(Family::parse(f.name()), Some(f));
            assert_eq!(f.columns()[0].name, "game");
        }
        assert_eq!(Family::parse("chess"), None);
        assert_eq!(Family::default().name(), "dungeonquest");
    }
}
