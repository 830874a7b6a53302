//! `dq bench` of DungeonQuest: its pass, the games of a run played as `dq run` plays them
//! (the same chunks, bots and row encoding), for [`crate::core::bench::measure`] to time.

use crate::cli::BenchArgs;
use crate::core::bench::{self, Out};
use crate::error::Failure;
use crate::family::Family;
use crate::outcome::Row;
use crate::plan::RunPlan;
use crate::run::{self, DungeonQuest, Engine};

/// Runs `dq bench` on a DungeonQuest plan.
pub fn run(args: &BenchArgs, plan: &RunPlan<DungeonQuest>) -> Result<(), Failure> {
    let (s, seed) = (&plan.setup, plan.seed);
    let consts = run::consts(&s.sheets(), &s.seating(), seed);
    let seats = s.seats();
    let f = bench::measure(args, plan.games_in_run, plan.threads, |games, threads, parquet| {
        let out = Out { game: Family::DungeonQuest.name(), consts: &consts, seats, games, threads, parquet };
        match &s.engine {
            Engine::Ffg { rules, table } => out.pass(
                || table.players(rules),
                |players, range, rows, draws| {
                    run::play_games(rules, table, seed, range, players, |game, i| {
                        *draws += u64::from(game.rng_draws());
                        rows.extend((0..game.seats()).map(|s| Row::of(game, i, s)));
                    })
                },
            ),
            Engine::Classic { rules, table } => out.pass(
                || table.players(rules),
                |players, range, rows, draws| {
                    run::play_classic(rules, table, seed, range, players, |game, i| {
                        *draws += u64::from(game.rng_draws());
                        rows.extend((0..game.seats()).map(|s| Row::of_classic(game, i, s)));
                    })
                },
            ),
        }
    })?;
    let seating = s.seating();
    bench::print(&f, args.json, seating.heroes, &seating.bots.join(","), !args.no_out);
    Ok(())
}
