//! Replay of a recorded answer list.
//!
//! Why: a game is a pure function of (rules, configuration, master seed, game index,
//! answers), so the answers alone (recorded from a bot, a fuzzer or a person) bring a game
//! back to any point, for a bug report, a test or a search. Written once over
//! [`DecisionGame`], for every game family.

use super::decision_game::DecisionGame;
use super::observer::Observer;
use std::fmt;

/// A recorded answer the game refused.
pub struct ReplayError<G: DecisionGame> {
    /// Its place in the list (the answers before it were applied).
    pub at: usize,
    /// The answer.
    pub choice: G::Choice,
    /// The game's reason.
    pub error: G::Illegal,
}

impl<G: DecisionGame> fmt::Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "recorded answer {} ({:?}) refused: {:?}", self.at, self.choice, self.error)
    }
}

impl<G: DecisionGame> fmt::Debug for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<G: DecisionGame> std::error::Error for ReplayError<G> {}

/// Applies `answers` in order to `game` (set up as the recorded game was), stopping at the
/// first one refused. The game is left after the last answer applied.
pub fn replay<G, O>(game: &mut G, answers: &[G::Choice], obs: &mut O) -> Result<(), ReplayError<G>>
where
    G: DecisionGame,
    O: Observer<G::Event>,
{
    for (at, &choice) in answers.iter().enumerate() {
        game.apply(choice, obs).map_err(|error| ReplayError { at, choice, error })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::toy::{Countdown, Fault};
    use super::super::NoObserver;
    use super::*;

    #[test]
    fn answers_replay_until_one_is_refused() {
        let mut g = Countdown::new(7, Fault::None);
        replay(&mut g, &[2, 2, 1], &mut NoObserver).unwrap();
        assert_eq!((g.left, g.turn), (2, 1));
        let e = replay(&mut g, &[1, 1, 1], &mut NoObserver).unwrap_err();
        assert_eq!((e.at, e.choice), (2, 1), "the game ended before the third answer");
        assert!(g.is_over());
    }
}
