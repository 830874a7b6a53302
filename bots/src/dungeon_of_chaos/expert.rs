//! `expert` for The Dungeon of Chaos: the shared search ([`crate::core::Expert`]) told which
//! decisions matter, how far a rollout looks and what an adventurer plays for.

use super::players::ChaosPlayers;
use crate::core::SearchFamily;
use dq_engine::dungeon_of_chaos::data::ItemType;
use dq_engine::dungeon_of_chaos::game::{Ask, ChaosDecision, Ending, GOLD_TO_WIN};
use dq_engine::dungeon_of_chaos::ChaosGame;

/// Decisions a rollout plays (every seat's) before it is scored as it stands: about four
/// rounds of two adventurers. Why cut: a game runs some 1,100 decisions, a whole one about
/// 3.5 ms; what a flight, a fight or a profile decides shows within a few turns (Health and
/// the gold held, or a death that takes it all).
pub const HORIZON: u32 = 60;

/// The Dungeon of Chaos' part of the search: the choices of a fight (whom to strike, with
/// what, flight), a turn begun beside monsters, a secret door, an escape, and the profile
/// after a death. The movement phase's steps (some 950 a game) stay the base's: too many to
/// search, and each one small.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChaosSearch;

impl ChaosSearch {
    /// The searching seat's objective in a position: the gold held, plus the value of the
    /// Treasure items it can redeem, plus [`GOLD_TO_WIN`] once it has won. A death takes the
    /// character's gold and items with it, so it is counted by what it loses.
    pub fn objective_of(game: &ChaosGame<'_>, seat: u8) -> f64 {
        let h = game.hero(seat);
        let rules = game.rules();
        let treasure: u32 = h
            .items
            .iter()
            .map(|&i| &rules.items[usize::from(i)])
            .filter(|i| i.kind == ItemType::Treasure)
            .map(|i| u32::from(i.value))
            .sum();
        let won = if game.ending() == Some(Ending::Won(seat)) { GOLD_TO_WIN } else { 0 };
        f64::from(h.gold + treasure + won)
    }
}

impl<'r> SearchFamily<ChaosGame<'r>> for ChaosSearch {
    fn is_key(&self, _game: &ChaosGame<'r>, d: ChaosDecision) -> bool {
        matches!(d.ask, Ask::Combat | Ask::Flight | Ask::SecretDoor | Ask::Escape | Ask::Profile)
    }

    fn objective(&self, game: &ChaosGame<'r>, seat: u8) -> f64 {
        ChaosSearch::objective_of(game, seat)
    }

    fn horizon(&self) -> u32 {
        HORIZON
    }
}

/// The expert's type: the search over a [`ChaosPlayers`] table of its base at every seat.
pub type ChaosExpert = crate::core::Expert<ChaosSearch, ChaosPlayers>;
