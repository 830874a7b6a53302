//! Playing game `index` of a run with DungeonQuest policies: the game set up (or restarted in
//! place) from the run's seed, then played out by [`play_out`] from the game's bot stream.

use crate::core::{play_out, Policy};
use dq_engine::game::DuelConfig;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{ConfigError, Game, GameConfig, Observer, Rules};

/// Plays game `index` of a run to the end, every decision answered by `policy`.
pub fn play<'r, P: Policy<Game<'r>>, O: Observer>(
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
pub fn play_into<'r, P: Policy<Game<'r>>, O: Observer>(
    game: &mut Game<'r>,
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
pub fn play_duel<'r, P: Policy<Game<'r>>, O: Observer>(
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
fn finish<'r, P: Policy<Game<'r>>, O: Observer>(
    game: &mut Game<'r>,
    master: u64,
    index: u64,
    policy: &mut P,
    obs: &mut O,
) {
    let mut rng = GameRng::new(master, index, Stream::Bot);
    play_out(game, &mut rng, policy, obs);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::RandomPolicy;
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
