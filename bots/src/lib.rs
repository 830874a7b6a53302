//! Policies that answer the engine's decisions.
//!
//! A policy sees the game only through the engine's public view and the pending decision's
//! legal choices. It draws any randomness from the bot stream it is given, so a game replays
//! exactly.
//!
//! - `random`: uniform over the legal options (the baseline and the fuzzer);
//! - `greedy`, `cautious`, `mixed`: the strategic policies of [`strategic`];
//! - the monster player's card choice: [`monster`];
//! - [`Players`]: one policy per seat plus the monster player, named by [`spec`] strings.

pub mod equilibrium;
pub mod maps;
pub mod monster;
pub mod path;
pub mod players;
#[cfg(test)]
mod random_play;
pub mod spec;
pub mod strategic;
pub mod third;

pub use players::{Bot, Players};
pub use spec::{BotKind, BotSpec, MonsterSpec, Params, SpecError};

use dq_engine::game::DuelConfig;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Choice, Choices, ConfigError, Game, GameConfig, Observer, Rules};

/// Something that answers decisions.
pub trait Policy {
    /// Called before each game: forget anything remembered from the previous one.
    fn new_game(&mut self) {}

    /// Picks one of `choices` (never empty) for the game's pending decision.
    fn choose(&mut self, game: &Game<'_>, choices: &Choices, rng: &mut GameRng) -> Choice;
}

/// Uniform over the legal choices: the baseline and the fuzzer.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl Policy for RandomPolicy {
    #[inline]
    fn choose(&mut self, _game: &Game<'_>, choices: &Choices, rng: &mut GameRng) -> Choice {
        choices[rng.below(choices.len() as u32) as usize]
    }
}

/// Plays game `index` of a run to the end, every decision answered by `policy`.
pub fn play<'r, P: Policy, O: Observer>(
    rules: &'r Rules,
    config: &GameConfig,
    master: u64,
    index: u64,
    policy: &mut P,
    obs: &mut O,
) -> Result<Game<'r>, ConfigError> {
    policy.new_game();
    let mut game = Game::new(rules, config, master, index, obs)?;
    finish(&mut game, master, index, policy, obs);
    Ok(game)
}

/// Plays game `index` of a run to the end in `game`, which is restarted in place (its rules
/// are kept): the same game as [`play`] returns, without building a new `Game`.
///
/// Why: a `Game` is kilobytes of fixed storage; runners playing many games on one thread
/// keep one and restart it instead of copying a fresh one out per game.
pub fn play_into<P: Policy, O: Observer>(
    game: &mut Game<'_>,
    config: &GameConfig,
    master: u64,
    index: u64,
    policy: &mut P,
    obs: &mut O,
) -> Result<(), ConfigError> {
    policy.new_game();
    game.restart(config, master, index, obs)?;
    finish(game, master, index, policy, obs);
    Ok(())
}

/// Plays duel `index` of a run (one combat, see [`Game::duel`]) to the end.
pub fn play_duel<'r, P: Policy, O: Observer>(
    rules: &'r Rules,
    config: &DuelConfig,
    master: u64,
    index: u64,
    policy: &mut P,
    obs: &mut O,
) -> Result<Game<'r>, ConfigError> {
    policy.new_game();
    let mut game = Game::duel(rules, config, master, index, obs)?;
    finish(&mut game, master, index, policy, obs);
    Ok(game)
}

/// Answers decisions until the game ends; the bot stream of game `index` feeds the policy.
/// Takes the game by reference: moving it in and out by value copied the whole struct twice.
fn finish<P: Policy, O: Observer>(game: &mut Game<'_>, master: u64, index: u64, policy: &mut P, obs: &mut O) {
    let mut rng = GameRng::new(master, index, Stream::Bot);
    while !game.is_over() {
        let choices = game.legal_choices();
        // A game that is not over always waits for a decision with two or more answers.
        let Some(&first) = choices.first() else { break };
        let c = policy.choose(game, choices, &mut rng);
        if game.apply(c, obs).is_err() {
            // A policy answered outside the legal choices: fall back to the first legal one so
            // the game still ends; tests of each policy assert this never happens.
            let _ = game.apply(first, obs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dq_engine::{NoObserver, Variant};

    #[test]
    fn random_games_end_and_replay_exactly() {
        let rules = Rules::revised();
        let cfg = GameConfig::random(3, Variant::default());
        for i in 0..50 {
            let a = play(&rules, &cfg, 9, i, &mut RandomPolicy, &mut NoObserver).unwrap();
            let b = play(&rules, &cfg, 9, i, &mut RandomPolicy, &mut NoObserver).unwrap();
            assert!(a.is_over());
            assert_eq!(a.round(), b.round());
            for s in 0..3 {
                assert_eq!(a.hero(s).stats, b.hero(s).stats);
                assert_eq!(a.gold(s), b.gold(s));
            }
        }
    }

    #[test]
    fn play_into_replays_play_exactly() {
        let rules = Rules::revised();
        for seats in [1, 4] {
            let cfg = GameConfig::random(seats, Variant::default());
            let mut reused = play(&rules, &cfg, 3, 1000, &mut RandomPolicy, &mut NoObserver).unwrap();
            for i in 0..40 {
                play_into(&mut reused, &cfg, 3, i, &mut RandomPolicy, &mut NoObserver).unwrap();
                let fresh = play(&rules, &cfg, 3, i, &mut RandomPolicy, &mut NoObserver).unwrap();
                assert_eq!(format!("{reused:?}"), format!("{fresh:?}"), "game {i}");
            }
        }
    }
}
