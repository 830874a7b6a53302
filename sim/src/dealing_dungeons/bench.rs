//! `dq bench --game dealing-dungeons`: its pass, the games of a run played as `dq run`
//! plays them (the same chunks, bots and row encoding), for [`crate::core::bench::measure`].

use super::outcome::Row;
use super::run::{play_games, DealingDungeons};
use super::schema::GAME;
use crate::cli::BenchArgs;
use crate::core::bench::{self, Out};
use crate::error::Failure;
use crate::plan::RunPlan;
use dq_engine::DecisionGame;

/// Runs `dq bench` on a Dealing Dungeons plan.
pub fn run(args: &BenchArgs, plan: &RunPlan<DealingDungeons>) -> Result<(), Failure> {
    let (s, seed) = (&plan.setup, plan.seed);
    let consts = s.consts(seed);
    let seats = s.table.seats();
    let f = bench::measure(args, plan.games_in_run, plan.threads, |games, threads, parquet| {
        let out = Out { game: GAME, consts: &consts, seats, games, threads, parquet };
        out.pass(
            || s.table.players(),
            |players, range, rows, draws| {
                play_games(s, seed, range, players, |game, i, turns| {
                    *draws += u64::from(game.rng_draws());
                    rows.extend((0..game.seats()).map(|seat| Row::of(game, i, seat, turns)));
                })
            },
        )
    })?;
    bench::print(&f, args.json, &s.table.heroes, &s.table.bots.join(","), !args.no_out);
    Ok(())
}
