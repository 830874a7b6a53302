//! Tests of The Dungeon of Chaos: the data loader's checks and the combat's rules with forced
//! dice.

mod combat;
mod data;
mod death;
mod game;
mod items;
mod rooms;

use super::combat::Dice;
use super::ChaosRules;
use std::sync::OnceLock;

/// The embedded rules, loaded once.
fn rules() -> &'static ChaosRules {
    static RULES: OnceLock<ChaosRules> = OnceLock::new();
    RULES.get_or_init(ChaosRules::standard)
}

/// Dice that return the given rolls in order (picks too) and fail the test when they run out
/// or when a roll is left over (checked by [`Forced::done`]).
struct Forced {
    rolls: Vec<u32>,
    pos: usize,
}

impl Forced {
    fn new(rolls: &[u32]) -> Forced {
        Forced { rolls: rolls.to_vec(), pos: 0 }
    }

    fn next(&mut self, what: &str) -> u32 {
        let r = *self
            .rolls
            .get(self.pos)
            .unwrap_or_else(|| panic!("no forced roll left for a {what} (roll {})", self.pos + 1));
        self.pos += 1;
        r
    }

    /// Every forced roll was used.
    fn done(&self) {
        assert_eq!(self.pos, self.rolls.len(), "forced rolls left over: {:?}", &self.rolls[self.pos..]);
    }
}

impl Dice for Forced {
    fn d8(&mut self) -> u8 {
        let r = self.next("d8");
        assert!((1..=8).contains(&r), "forced d8 {r}");
        r as u8
    }
    fn d6(&mut self) -> u8 {
        let r = self.next("d6");
        assert!((1..=6).contains(&r), "forced d6 {r}");
        r as u8
    }
    fn pick(&mut self, n: u32) -> u32 {
        let r = self.next("pick");
        assert!(r < n, "forced pick {r} of {n}");
        r
    }
}
