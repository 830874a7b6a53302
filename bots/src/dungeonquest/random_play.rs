//! Test support: games played with answers drawn at random, for the tests that check
//! something (a bound, a repaired map, a shortcut) on every board a game passes through.

use dq_engine::rng::GameRng;
use dq_engine::{Game, GameConfig, NoObserver, Rules, Variant};

/// Plays `games` games under `rules` with master seed `seed` (game `i` seats `1 + i % 4`
/// heroes), answering every decision at random from the game's own stream, and calls
/// `at(game, i, step)` before each answer; `step` counts the game's answers from 0, so
/// `step == 0` starts a new game.
pub(crate) fn each_board(rules: &Rules, seed: u64, games: u64, mut at: impl FnMut(&Game<'_>, u64, u32)) {
    for i in 0..games {
        let cfg = GameConfig::random(1 + (i % 4) as usize, Variant::default());
        let mut game = Game::new(rules, &cfg, seed, i, &mut NoObserver).expect("a random configuration is legal");
        let mut rng = GameRng::from_seed(i);
        let mut step = 0u32;
        while !game.is_over() {
            at(&game, i, step);
            let choices = game.legal_choices().clone();
            let c = choices[rng.below(choices.len() as u32) as usize];
            game.apply(c, &mut NoObserver).expect("a legal answer");
            step += 1;
        }
    }
}
