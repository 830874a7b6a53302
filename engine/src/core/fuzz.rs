//! The random fuzzer: plays a game to its end with uniformly random legal answers.
//!
//! Why: every legal sequence of answers must end the game without a panic. Playing many
//! games of random answers is how the property tests look for the sequences that do not,
//! and how tests visit the boards real games pass through. Written once over
//! [`DecisionGame`], for every game family.

use super::decision_game::DecisionGame;
use super::observer::Observer;
use super::rng::GameRng;
use std::fmt;

/// Why a fuzzed game failed.
pub enum FuzzError<G: DecisionGame, E> {
    /// The game is not over, yet no decision with a legal answer is pending.
    Stuck {
        /// Answers given before.
        answered: u32,
        /// The decision pending, if any.
        decision: Option<G::Decision>,
    },
    /// The game refused one of its own legal answers.
    Refused {
        /// Answers given before.
        answered: u32,
        /// The answer refused.
        choice: G::Choice,
        /// The game's reason.
        error: G::Illegal,
    },
    /// The game did not end within the bound on answers.
    Unending {
        /// Answers given (the bound).
        answered: u32,
    },
    /// The caller's check failed.
    Check {
        /// Answers given before the check (0: after setup).
        answered: u32,
        /// The answer just given (`None` after setup).
        last: Option<G::Choice>,
        /// The check's finding.
        error: E,
    },
}

impl<G: DecisionGame, E: fmt::Display> fmt::Display for FuzzError<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FuzzError::Stuck { answered, decision } => {
                write!(f, "after {answered} answers: {decision:?} pending with no legal answer")
            }
            FuzzError::Refused { answered, choice, error } => {
                write!(f, "after {answered} answers: legal answer {choice:?} refused: {error:?}")
            }
            FuzzError::Unending { answered } => write!(f, "no end after {answered} answers"),
            FuzzError::Check { answered: 0, last: None, error } => write!(f, "after setup: {error}"),
            FuzzError::Check { answered, last, error } => {
                write!(f, "after answer {} ({last:?}): {error}", answered.saturating_sub(1))
            }
        }
    }
}

impl<G: DecisionGame, E: fmt::Display> fmt::Debug for FuzzError<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<G: DecisionGame, E: fmt::Display> std::error::Error for FuzzError<G, E> {}

/// Plays `game` on to its end, each answer drawn uniformly from the legal ones with `rng`
/// (one `below` draw per answer), at most `max_answers` of them. `check` runs after setup
/// (before any answer: `answered` 0, `last` `None`) and after every answer, with the game,
/// the observer and the answer just given; its error stops the game. Returns the number of
/// answers given.
///
/// Why the observer is handed to `check`: an observer that checks invariants event by event
/// is brought up to date with the game between answers, and its findings read there.
pub fn fuzz<G, O, E>(
    game: &mut G,
    rng: &mut GameRng,
    max_answers: u32,
    obs: &mut O,
    mut check: impl FnMut(&G, &mut O, u32, Option<G::Choice>) -> Result<(), E>,
) -> Result<u32, FuzzError<G, E>>
where
    G: DecisionGame,
    O: Observer<G::Event>,
{
    let mut answered = 0u32;
    check(game, obs, answered, None).map_err(|error| FuzzError::Check { answered, last: None, error })?;
    while !game.is_over() {
        if answered >= max_answers {
            return Err(FuzzError::Unending { answered });
        }
        let legal = game.legal_choices();
        if legal.is_empty() {
            return Err(FuzzError::Stuck { answered, decision: game.pending() });
        }
        let choice = legal[rng.below(legal.len() as u32) as usize];
        game.apply(choice, obs).map_err(|error| FuzzError::Refused { answered, choice, error })?;
        answered += 1;
        check(game, obs, answered, Some(choice)).map_err(|error| FuzzError::Check {
            answered,
            last: Some(choice),
            error,
        })?;
    }
    Ok(answered)
}

#[cfg(test)]
mod tests {
    use super::super::toy::{Countdown, Fault};
    use super::super::NoObserver;
    use super::*;
    use std::convert::Infallible;

    fn run(fault: Fault, max: u32) -> Result<u32, FuzzError<Countdown, Infallible>> {
        let mut g = Countdown::new(20, fault);
        fuzz(&mut g, &mut GameRng::from_seed(1), max, &mut NoObserver, |_, _, _, _| Ok(()))
    }

    #[test]
    fn a_sound_game_is_played_to_its_end() {
        let mut g = Countdown::new(20, Fault::None);
        let mut left = Vec::new();
        let n =
            fuzz(&mut g, &mut GameRng::from_seed(1), 100, &mut |e| left.push(e), |_, _, _, _| Ok::<_, Infallible>(()))
                .unwrap();
        assert!(g.is_over() && (10..=20).contains(&n), "{n} answers");
        assert_eq!(left.len(), n as usize, "one event per answer");
        assert!(g.outcome(0).survived != g.outcome(1).survived);
    }

    #[test]
    fn each_failure_is_named() {
        assert!(matches!(run(Fault::Endless, 50), Err(FuzzError::Unending { answered: 50 })));
        assert!(matches!(run(Fault::Stuck, 50), Err(FuzzError::Stuck { decision: Some(_), .. })));
        assert!(matches!(run(Fault::Refuses, 50), Err(FuzzError::Refused { choice: 2, error: 2, .. })));
    }

    #[test]
    fn the_check_runs_after_setup_and_every_answer_and_stops_the_game() {
        let mut g = Countdown::new(20, Fault::None);
        let mut seen = Vec::new();
        let stop_below_15 = |g: &Countdown, _: &mut NoObserver, answered: u32, last: Option<u32>| {
            seen.push((answered, last.is_some()));
            if g.left < 15 {
                Err("below 15")
            } else {
                Ok(())
            }
        };
        let e = fuzz(&mut g, &mut GameRng::from_seed(3), 100, &mut NoObserver, stop_below_15).unwrap_err();
        assert!(matches!(e, FuzzError::Check { last: Some(_), error: "below 15", .. }), "{e}");
        assert_eq!(seen[0], (0, false));
        assert!(seen[1..].iter().enumerate().all(|(i, &(n, last))| n == i as u32 + 1 && last));
        assert!(g.left < 15);
    }
}
