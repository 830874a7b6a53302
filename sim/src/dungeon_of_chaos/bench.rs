//! `dq bench --game dungeon-of-chaos`: its pass, the games of a run played as `dq run` plays
//! them (the same chunks, bots and row encoding), for [`crate::core::bench::measure`].

use super::outcome::Row;
use super::run::{play_games, DungeonOfChaos};
use crate::cli::BenchArgs;
use crate::core::bench;
use crate::error::Failure;
use crate::plan::RunPlan;

/// Runs `dq bench` on a Dungeon of Chaos plan.
pub fn run(args: &BenchArgs, plan: &RunPlan<DungeonOfChaos>) -> Result<(), Failure> {
    let (s, seed) = (&plan.setup, plan.seed);
    bench::run_family(args, plan, &s.table.heroes, &s.table.bots.join(","), |players, range, rows, draws| {
        play_games(s, seed, range, players, |game, i, first| {
            *draws += u64::from(game.rng_draws());
            rows.extend((0..game.seats()).map(|seat| Row::of(game, i, seat, first)));
        })
    })
}
