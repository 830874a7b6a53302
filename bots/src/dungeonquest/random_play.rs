//! Test support: games played with answers drawn at random, for the tests that check
//! something (a bound, a repaired map, a shortcut) on every board a game passes through.

use dq_engine::core::fuzz;
use dq_engine::rng::GameRng;
use dq_engine::{Game, GameConfig, NoObserver, Rules, Variant};
use std::convert::Infallible;

/// Plays `games` games under `rules` with master seed `seed` (game `i` seats `1 + i % 4`
/// heroes), answering every decision at random (the engine's fuzzer, from a stream seeded
/// by `i`), and calls `at(game, i, step)` before each answer; `step` counts the game's
/// answers from 0, so `step == 0` starts a new game.
pub(crate) fn each_board(rules: &Rules, seed: u64, games: u64, mut at: impl FnMut(&Game<'_>, u64, u32)) {
    for i in 0..games {
        let cfg = GameConfig::random(1 + (i % 4) as usize, Variant::default());
        let mut game = Game::new(rules, &cfg, seed, i, &mut NoObserver).expect("a random configuration is legal");
        let mut rng = GameRng::from_seed(i);
        // The fuzzer's check runs after setup and after each answer: before the next one.
        let before_each = |g: &Game<'_>, _: &mut NoObserver, step: u32, _| {
            if !g.is_over() {
                at(g, i, step);
            }
            Ok::<(), Infallible>(())
        };
        fuzz(&mut game, &mut rng, u32::MAX, &mut NoObserver, before_each).expect("random games end");
    }
}
