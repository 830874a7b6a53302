//! The 1987 bots: one setting's figures, and two builds' games compared pair by pair.
//!
//! `cargo run --release -p dq-benches --example classic_versus -- run SEATS GAMES SPEC [SEED] [FILE]`
//! plays games 0..GAMES of seed SEED (1 by default) with every seat playing SPEC (random
//! monster policy) and prints survival, gold per hero-game, the chamber reached, treasure
//! (counters) carried out, SPEC's objective per hero-game and games/s on one thread; with
//! FILE it writes each game's objective (the mean over its seats) one per line.
//!
//! `... -- compare FILE_A FILE_B`: the paired mean difference B − A and its 95% interval.
//! Why files: the old planner is another build (the commit before), so its games are written
//! by that build's copy of this example and paired here with the new build's.

use dq_bots::dungeonquest::classic::{play_classic_into, ClassicPlayers};
use dq_bots::{BotSpec, MonsterSpec};
use dq_engine::core::{DecisionGame, NoObserver};
use dq_engine::dungeonquest::classic::game::{ClassicConfig, ClassicGame};
use dq_engine::dungeonquest::classic::ClassicRules;
use std::io::Write;
use std::time::Instant;

const USAGE: &str = "run SEATS GAMES SPEC [SEED] [FILE] | compare FILE_A FILE_B";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") if args.len() >= 4 => run(&args[1..]),
        Some("compare") if args.len() == 3 => compare(&args[1], &args[2]),
        _ => panic!("{USAGE}"),
    }
}

fn run(args: &[String]) {
    let seats: usize = args[0].parse().expect(USAGE);
    let games: u64 = args[1].parse().expect(USAGE);
    let spec = BotSpec::parse(&args[2]).unwrap_or_else(|e| panic!("{e:?}"));
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect(USAGE));
    let rules = ClassicRules::embedded();
    let cfg = ClassicConfig::random(seats);
    let mut players = ClassicPlayers::new(&rules, &[spec], MonsterSpec::Random, seats).unwrap();
    let mut game = ClassicGame::new(&rules, &cfg, seed, 0, &mut NoObserver).unwrap();
    let (mut alive, mut gold, mut reached, mut rich) = (0u64, 0u64, 0u64, 0u64);
    let mut per_game = Vec::with_capacity(games as usize);
    let start = Instant::now();
    for i in 0..games {
        play_classic_into(&mut game, &cfg, seed, i, &mut players, &mut NoObserver).unwrap();
        let mut objective = 0.0;
        for s in 0..game.seats() {
            let o = game.outcome(s);
            let h = game.hero(s);
            alive += u64::from(o.survived);
            gold += if o.survived { u64::from(o.score) } else { 0 };
            reached += u64::from(h.stats.dragon_draws > 0);
            rich += u64::from(o.survived && h.counters != 0);
            objective += spec.objective(o.survived, o.score);
        }
        per_game.push(objective / seats as f64);
    }
    let secs = start.elapsed().as_secs_f64();
    let n = (games * seats as u64) as f64;
    let pct = |k: u64| 100.0 * k as f64 / n;
    println!(
        "{spec} heroes={seats} games={games} seed={seed}: survival {:.1}%, gold per hero-game {:.0}, chamber reached \
         {:.1}%, treasure out {:.1}%, objective {:.1} per hero-game, {:.0} games/s",
        pct(alive),
        gold as f64 / n,
        pct(reached),
        pct(rich),
        per_game.iter().sum::<f64>() / games as f64,
        games as f64 / secs
    );
    if let Some(path) = args.get(4) {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        for v in &per_game {
            writeln!(f, "{v}").unwrap();
        }
    }
}

fn compare(a: &str, b: &str) {
    let read =
        |p: &str| -> Vec<f64> { std::fs::read_to_string(p).unwrap().lines().map(|l| l.parse().unwrap()).collect() };
    let (a, b) = (read(a), read(b));
    assert_eq!(a.len(), b.len(), "the runs must pair game by game");
    let n = a.len() as f64;
    let d: Vec<f64> = a.iter().zip(&b).map(|(x, y)| y - x).collect();
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "objective A {:.1}, B {:.1}, B − A {mean:+.1} ± {half:.1} (95%, {} paired games)",
        a.iter().sum::<f64>() / n,
        b.iter().sum::<f64>() / n,
        a.len()
    );
}
