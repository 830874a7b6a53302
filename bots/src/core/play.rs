//! The loop that plays a game out with a policy.

use super::policy::Policy;
use dq_engine::core::Observer;
use dq_engine::rng::GameRng;
use dq_engine::DecisionGame;

/// Answers `game`'s decisions with `policy` until the game ends, the policy drawing from
/// `rng` (the game's bot stream). Takes the game by reference: moving a game in and out by
/// value copies the whole state twice.
///
/// Why here, generic: every runner (the command line, the benchmarks, replays of a run's
/// game) plays games this way, whatever the family.
#[inline]
pub fn play_out<G, P, O>(game: &mut G, rng: &mut GameRng, policy: &mut P, obs: &mut O)
where
    G: DecisionGame,
    P: Policy<G>,
    O: Observer<G::Event>,
{
    play_out_noting(game, rng, policy, obs, |_, _, _, _| {});
}

/// [`play_out`], handing each decision and the policy's answer to `noted` (with the observer
/// and the game as it stands) before the answer is applied: how a replay's trace shows what
/// was chosen where the family's events do not say it, named from the position (a card in
/// hand by its name, not its index).
pub fn play_out_noting<G, P, O>(
    game: &mut G,
    rng: &mut GameRng,
    policy: &mut P,
    obs: &mut O,
    mut noted: impl FnMut(&mut O, &G, G::Decision, G::Choice),
) where
    G: DecisionGame,
    P: Policy<G>,
    O: Observer<G::Event>,
{
    while !game.is_over() {
        let choices = game.legal_choices();
        // A game that is not over always waits for a decision with a legal answer.
        let Some(&first) = choices.first() else { break };
        let c = policy.choose(game, choices, rng);
        if let Some(d) = game.pending() {
            noted(obs, game, d, c);
        }
        if game.apply(c, obs).is_err() {
            // A policy answered outside the legal choices: fall back to the first legal one so
            // the game still ends; tests of each policy assert this never happens.
            let _ = game.apply(first, obs);
        }
    }
}
