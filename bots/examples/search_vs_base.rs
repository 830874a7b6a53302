//! The shared `expert` against its base on the same games, for Dealing Dungeons and The
//! Dungeon of Chaos: the figures of docs/bots.md ("`expert` over the shared search").
//!
//! `cargo run --release -p dq-bots --example search_vs_base -- GAME SEATS GAMES [SAMPLES]
//! [BASE] [STAKES]`, GAME one of `dd-standard`, `dd-solo-regular`, `dd-solo-moderate`,
//! `dd-solo-hard`, `dd-co-op`, `dd-chaos`, `doc`; SAMPLES `-` for the default (32); BASE
//! greedy (default), cautious or mixed; STAKES the expert's objective parameters
//! (`win=1000`, `life=0:win=500`; default none). Game indexes 0..GAMES of seed 20141, on one
//! thread: the base at every seat, then `expert:base=BASE` at seat 0 and the base at the
//! others. Seat 0's objective (the expert's own, with its stakes: see `DealingSearch::objective_of`,
//! `ChaosSearch::objective_of`), survival (The Dungeon of Chaos: no character of the seat
//! died) and wins, paired game by game; prints a Markdown row.

use dq_bots::dealing_dungeons::{play_dealing_into, DealingPlayers, DealingSearch};
use dq_bots::dungeon_of_chaos::{play_chaos_into, ChaosPlayers, ChaosSearch};
use dq_bots::BotSpec;
use dq_engine::dealing_dungeons::game::{DealingConfig, DealingGame, HeroPick, Mode};
use dq_engine::dealing_dungeons::DealingRules;
use dq_engine::dungeon_of_chaos::game::ChaosConfig;
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::{DecisionGame, NoObserver};
use std::time::Instant;

#[path = "common/paired.rs"]
mod paired;
use paired::{mean, paired};

/// The seed every comparison plays.
const SEED: u64 = 20141;

/// Seat 0's [objective, survived, won] in each game, and the seconds the games took.
type Run = (Vec<[f64; 3]>, f64);

fn dealing(config: &DealingConfig, specs: &[BotSpec], games: u64, objective: DealingSearch) -> Run {
    let rules = DealingRules::standard();
    let mut game = DealingGame::new(&rules, config, SEED, 0, &mut NoObserver).unwrap();
    let mut players = DealingPlayers::new(specs, specs.len()).unwrap();
    timed(games, |i| {
        play_dealing_into(&mut game, config, SEED, i, &mut players, &mut NoObserver).unwrap();
        [objective.objective_of(&game, 0), f64::from(u8::from(game.outcome(0).survived)), won(game.won(0))]
    })
}

fn chaos(config: &ChaosConfig, specs: &[BotSpec], games: u64, objective: ChaosSearch) -> Run {
    let rules = ChaosRules::standard();
    let mut game = ChaosGame::new(&rules, config, SEED, 0, &mut NoObserver).unwrap();
    let mut players = ChaosPlayers::new(specs, specs.len()).unwrap();
    timed(games, |i| {
        play_chaos_into(&mut game, config, SEED, i, &mut players, &mut NoObserver).unwrap();
        let w = game.ending() == Some(dq_engine::dungeon_of_chaos::game::Ending::Won(0));
        // Survival as the results rows count it: none of the seat's characters died.
        [objective.objective_of(&game, 0), f64::from(u8::from(game.hero(0).tally.deaths == 0)), won(w)]
    })
}

fn won(w: bool) -> f64 {
    f64::from(u8::from(w))
}

fn timed(games: u64, mut one: impl FnMut(u64) -> [f64; 3]) -> Run {
    let start = Instant::now();
    let rows = (0..games).map(&mut one).collect();
    (rows, start.elapsed().as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("dd-standard", String::as_str);
    let seats: usize = args.get(1).map_or(2, |s| s.parse().unwrap());
    let games: u64 = args.get(2).map_or(1000, |s| s.parse().unwrap());
    let samples = args.get(3).filter(|s| *s != "-").map(|s| format!(":samples={s}")).unwrap_or_default();
    let base = args.get(4).map_or("greedy", String::as_str);
    let base_spec = BotSpec::parse(base).unwrap();
    let stakes = args.get(5).map(|s| format!(":{s}")).unwrap_or_default();
    let expert = BotSpec::parse(&format!("expert:base={base}{samples}{stakes}")).unwrap();
    let mut specs = vec![base_spec; seats];
    let run = |specs: &[BotSpec]| match game {
        "doc" => chaos(&ChaosConfig::new(seats as u8), specs, games, ChaosSearch::of(&expert.search)),
        dd => {
            let mode = match dd {
                "dd-standard" => Mode::Standard,
                "dd-solo-regular" => Mode::SoloRegular,
                "dd-solo-moderate" => Mode::SoloModerate,
                "dd-solo-hard" => Mode::SoloHard,
                "dd-co-op" => Mode::CoOp,
                "dd-chaos" => Mode::Chaos,
                other => panic!("unknown game {other}"),
            };
            let config = if mode.solo() {
                DealingConfig::solo(mode, HeroPick::Random)
            } else {
                DealingConfig { mode, ..DealingConfig::standard(seats) }
            };
            dealing(&config, specs, games, DealingSearch::of(&expert.search))
        }
    };
    let (a, ta) = run(&specs);
    specs[0] = expert;
    let (b, tb) = run(&specs);
    let (d, h) = paired(&a, &b, 0);
    println!("| game | seats | games | base | samples | stakes | objective base → expert | change (95%) | survival base → expert | wins base → expert | base games/s | expert games/s |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    println!(
        "| {game} | {seats} | {games} | {base} | {} | {} | {:.1} → {:.1} | {d:+.1} ± {h:.1} | {:.1}% → {:.1}% | {:.1}% → {:.1}% | {:.0} | {:.1} |",
        expert.search.samples,
        if stakes.is_empty() { "defaults" } else { &stakes[1..] },
        mean(&a, 0),
        mean(&b, 0),
        100.0 * mean(&a, 1),
        100.0 * mean(&b, 1),
        100.0 * mean(&a, 2),
        100.0 * mean(&b, 2),
        games as f64 / ta,
        games as f64 / tb,
    );
}
