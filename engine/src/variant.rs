//! Optional rules, selected per run by name (`--rule late-start`).

use std::fmt;

/// The optional rules a game is played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Solo play (Revised Rules Reference): one escape chance before combat, the d6 combat
    /// table, and a treasure card needed to exit.
    pub solo: bool,
    /// Death Can Wait (Revised): a dead hero returns his cards and restarts on a tower.
    pub death_can_wait: bool,
    /// Torchlight (Revised): tiles are placed beyond every open hall of each chamber entered.
    pub torchlight: bool,
    /// Late Start: at setup the sun advances 1d6 spaces.
    pub late_start: bool,
    /// Every hero ability off, for sensitivity runs against the estimated abilities.
    pub no_abilities: bool,
}

/// An unknown optional-rule name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rule \"{}\" (known: {})", self.0, Variant::NAMES.join(", "))
    }
}

impl std::error::Error for UnknownRule {}

impl Variant {
    /// Every rule name, sorted.
    pub const NAMES: [&'static str; 5] = ["death-can-wait", "late-start", "no-abilities", "solo", "torchlight"];

    /// Switches one rule on by name.
    pub fn enable(&mut self, name: &str) -> Result<(), UnknownRule> {
        match name {
            "solo" => self.solo = true,
            "death-can-wait" => self.death_can_wait = true,
            "torchlight" => self.torchlight = true,
            "late-start" => self.late_start = true,
            "no-abilities" => self.no_abilities = true,
            _ => return Err(UnknownRule(name.to_string())),
        }
        Ok(())
    }

    /// The rules switched on, sorted and comma-joined (the Parquet `rules` column).
    pub fn label(&self) -> String {
        let on = [self.death_can_wait, self.late_start, self.no_abilities, self.solo, self.torchlight];
        Variant::NAMES.iter().zip(on).filter(|(_, o)| *o).map(|(n, _)| *n).collect::<Vec<_>>().join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roundtrip() {
        let mut v = Variant::default();
        for n in Variant::NAMES {
            v.enable(n).unwrap();
        }
        assert_eq!(v.label(), Variant::NAMES.join(","));
        assert!(v.enable("tower-powr").unwrap_err().to_string().contains("tower-powr"));
        assert_eq!(Variant::default().label(), "");
    }
}
