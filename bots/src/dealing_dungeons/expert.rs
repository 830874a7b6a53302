//! `expert` for Dealing Dungeons: the shared search ([`crate::core::Expert`]) told which
//! decisions matter and what a hero plays for.

use super::players::DealingPlayers;
use crate::core::SearchFamily;
use dq_engine::dealing_dungeons::game::{Ask, DealingDecision, DealingGame};
use dq_engine::DecisionGame;

/// What a hero coming out alive is worth, in loot-tally gold, to the search: about a
/// survivor's mean tally (docs/bots.md, "Dealing Dungeons"), so dying is not taken lightly.
pub const LIFE: f64 = 100.0;

/// What winning is worth besides (the End Boss down with the best tally; Co-Op, the party's
/// win), so a hero does not sit out the boss for a safe tally.
pub const WIN: f64 = 100.0;

/// Dealing Dungeons' part of the search: every decision with a stake is searched, and a
/// rollout is played to the game's end (a whole game costs some 20 µs).
#[derive(Clone, Copy, Debug, Default)]
pub struct DealingSearch;

impl DealingSearch {
    /// The searching seat's objective once the game is over: the loot tally (0 for a fallen
    /// hero), plus [`LIFE`] if alive, plus [`WIN`] if it won.
    pub fn objective_of(game: &DealingGame<'_>, seat: u8) -> f64 {
        let out = game.outcome(seat);
        let mut v = f64::from(out.score);
        if out.survived {
            v += LIFE;
        }
        if game.won(seat) {
            v += WIN;
        }
        v
    }
}

impl<'r> SearchFamily<DealingGame<'r>> for DealingSearch {
    /// Every decision but the start's hero choice: the turn's action, placements, fights,
    /// the End Boss, potions, loot, XP, and each mode's own (Co-Op's building and walks,
    /// Chaos's populating). The hero choice is left to the base: a search from before round 1
    /// over up to 36 answers buys little the base's own pick does not.
    fn is_key(&self, _game: &DealingGame<'r>, d: DealingDecision) -> bool {
        !matches!(d.ask, Ask::Hero)
    }

    fn objective(&self, game: &DealingGame<'r>, seat: u8) -> f64 {
        DealingSearch::objective_of(game, seat)
    }
}

/// The expert's base table: [`DealingPlayers`] of the base setting at every seat.
pub type DealingExpert = crate::core::Expert<DealingSearch, DealingPlayers>;
