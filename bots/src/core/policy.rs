//! Policies: what answers a game's decisions.

use dq_engine::rng::GameRng;
use dq_engine::DecisionGame;

/// Something that answers the decisions of games of type `G`.
///
/// Why generic over the game: the runner loop ([`crate::core::play_out`]) and the baseline
/// policy are written once for every game family; a family's policies implement it for its
/// game (DungeonQuest's for `dq_engine::Game`). A policy sees the game only through its
/// public view and the legal answers, and draws any randomness from the bot stream it is
/// given, so a game replays exactly.
pub trait Policy<G: DecisionGame> {
    /// Called before each game: forget anything remembered from the previous one.
    fn new_game(&mut self) {}

    /// Picks one of `choices` (never empty) for the game's pending decision.
    fn choose(&mut self, game: &G, choices: &G::Choices, rng: &mut GameRng) -> G::Choice;
}

/// Uniform over the legal choices, for every game: the baseline and the fuzzer's answers
/// (one `below` draw per decision, as `dq_engine::core::fuzz` draws them).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl<G: DecisionGame> Policy<G> for RandomPolicy {
    #[inline]
    fn choose(&mut self, _game: &G, choices: &G::Choices, rng: &mut GameRng) -> G::Choice {
        let choices: &[G::Choice] = choices;
        choices[rng.below(choices.len() as u32) as usize]
    }
}
