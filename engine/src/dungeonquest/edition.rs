//! The editions of DungeonQuest the engine plays, and their combat systems, as types: the
//! data's `game.ron` names its edition, and [`Rules`](crate::Rules) compiles it at load time.

use std::fmt;
use std::str::FromStr;

/// An edition of the rules. The engine plays the Revised rules (2014) and, where they differ,
/// the 2010 rules of the 3rd edition, both through [`crate::Game`]; and the 1987 rules, which
/// differ in kind, through [`crate::dungeonquest::classic::game::ClassicGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Edition {
    /// DungeonQuest Revised (FFG 2014): the three-card results diagram.
    Revised,
    /// DungeonQuest 3rd edition (FFG 2010): the card combat (`game/third.rs`).
    Third,
    /// Dungeonquest (Games Workshop 1987): D12 tests, combat counters, magic rings
    /// (`dungeonquest/classic/`).
    Classic,
}

impl Edition {
    /// Every edition, in the order of [`Edition::name`]s given in errors.
    pub const ALL: [Edition; 3] = [Edition::Revised, Edition::Third, Edition::Classic];
    /// The editions [`crate::Game`] plays (FFG's), whose data [`crate::Rules`] loads.
    pub const FFG: [Edition; 2] = [Edition::Revised, Edition::Third];

    /// The edition's name in the data and on the command line (`revised`, `third`).
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Revised => "revised",
            Edition::Third => "third",
            Edition::Classic => "classic",
        }
    }

    /// The edition named `name` (exactly as [`Edition::name`] writes it).
    pub fn from_name(name: &str) -> Result<Edition, UnknownEdition> {
        Edition::ALL.into_iter().find(|e| e.name() == name).ok_or_else(|| UnknownEdition(name.to_string()))
    }

    /// The combat system the edition's rules use.
    pub const fn combat(self) -> CombatSystem {
        match self {
            Edition::Revised => CombatSystem::ResultsMatrix,
            Edition::Third => CombatSystem::Cards,
            Edition::Classic => CombatSystem::Counters,
        }
    }

    /// Whether [`crate::Game`] plays it (an FFG edition).
    pub const fn is_ffg(self) -> bool {
        !matches!(self, Edition::Classic)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Edition {
    type Err = UnknownEdition;

    fn from_str(s: &str) -> Result<Edition, UnknownEdition> {
        Edition::from_name(s)
    }
}

/// An edition name the engine does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEdition(pub String);

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Edition::ALL.iter().map(|e| e.name()).collect();
        write!(f, "unknown edition \"{}\" (known: {})", self.0, known.join(", "))
    }
}

impl std::error::Error for UnknownEdition {}

/// How a combat with a monster is fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[repr(u8)]
pub enum CombatSystem {
    /// Revised: hero and monster each play one of three combat cards, and the results
    /// diagram (`combat.ron` `matrix`, with the `solo` table) gives the wounds.
    ResultsMatrix,
    /// 2010: the card combat (`combat.ron` `cards`, `card_combat.rs`).
    Cards,
    /// 1987: counters chosen secretly each round and the combat display, after the Monster
    /// card's reaction (`classic/combat.rs`).
    Counters,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for e in Edition::ALL {
            assert_eq!(e.name().parse::<Edition>(), Ok(e));
            assert_eq!(e.to_string(), e.name());
        }
        assert_eq!(Edition::Revised.combat(), CombatSystem::ResultsMatrix);
        assert_eq!(Edition::Third.combat(), CombatSystem::Cards);
        let e = "Third".parse::<Edition>().unwrap_err();
        assert_eq!(Edition::Classic.combat(), CombatSystem::Counters);
        assert!(Edition::FFG.iter().all(|e| e.is_ffg()) && !Edition::Classic.is_ffg());
        assert_eq!(e.to_string(), "unknown edition \"Third\" (known: revised, third, classic)");
        assert!(Edition::from_name("").is_err());
    }
}
