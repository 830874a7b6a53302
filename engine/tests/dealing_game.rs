//! The Dealing Dungeons game as a whole: playing allocates nothing after set-up, a game is a
//! pure function of its seed and answers, and the figures of random-answer games.

use dq_engine::core::{fuzz, replay, NoObserver};
use dq_engine::dealing_dungeons::game::{
    AfterDeath, BagOfHolding, DealingConfig, DealingGame, DungeonSize, End, HeroChoice, HeroPick, Mode, MonsterAttack,
    Options,
};
use dq_engine::dealing_dungeons::DealingRules;
use dq_engine::rng::{GameRng, Stream};
use std::convert::Infallible;
#[path = "support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

/// A game of each mode, with options that apply to it.
fn every_mode() -> Vec<DealingConfig> {
    let o = Options::default();
    let all = Options {
        heroes: HeroChoice::FromTwoEach,
        death: AfterDeath::Replaced,
        attack: MonsterAttack::Rolled,
        bag: BagOfHolding::Swap,
        ..o
    };
    let mut out: Vec<DealingConfig> = (2..=4).map(DealingConfig::standard).collect();
    out.push(DealingConfig::standard(3).with(all));
    out.push(DealingConfig::standard(4).with(Options { heroes: HeroChoice::FromAll, ..all }));
    let solo = |mode, options| DealingConfig::solo(mode, HeroPick::Random).with(options);
    out.push(solo(Mode::SoloRegular, o));
    out.push(solo(Mode::SoloRegular, Options { heroes: HeroChoice::Dealt, ..all }));
    out.push(solo(Mode::SoloModerate, Options { dungeon: DungeonSize::Long(15), attack: MonsterAttack::Rolled, ..o }));
    out.push(solo(Mode::SoloModerate, o));
    out.push(solo(Mode::SoloHard, o));
    out.push(solo(Mode::SoloHard, Options { heroes: HeroChoice::Dealt, ..all }));
    out.extend((2..=4).map(DealingConfig::coop));
    out.push(DealingConfig::coop(3).with(Options { heroes: HeroChoice::FromAll, attack: MonsterAttack::Rolled, ..o }));
    out.extend((2..=4).map(DealingConfig::chaos));
    out.push(DealingConfig::chaos(4).with(Options { death: AfterDeath::Out, ..all }));
    out
}

#[test]
fn dealing_playing_allocates_nothing() {
    let rules = DealingRules::standard();
    let cfgs = every_mode();
    let mut g = DealingGame::new(&rules, &cfgs[0], 1, 0, &mut NoObserver).unwrap();
    for i in 0..3_000u64 {
        let cfg = &cfgs[(i % cfgs.len() as u64) as usize];
        let (r, allocs) = counting_alloc::measure(|| {
            g.restart(cfg, 1, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(1, i, Stream::Bot);
            fuzz(&mut g, &mut rng, 100_000, &mut NoObserver, |_, _, _, _| Ok::<(), Infallible>(())).unwrap()
        });
        assert_eq!(allocs, 0, "game {i} allocated");
        assert!(r > 0);
    }
}

#[test]
fn dealing_recorded_answers_replay_the_game() {
    let rules = DealingRules::standard();
    for (n, cfg) in every_mode().into_iter().enumerate() {
        for i in 0..10 {
            let mut g = DealingGame::new(&rules, &cfg, 6, i, &mut NoObserver).unwrap();
            let mut answers = Vec::new();
            let mut rng = GameRng::new(6, i, Stream::Bot);
            fuzz(&mut g, &mut rng, 100_000, &mut NoObserver, |_, _, _, last| {
                answers.extend(last);
                Ok::<(), Infallible>(())
            })
            .unwrap();
            let mut r = DealingGame::new(&rules, &cfg, 6, i, &mut NoObserver).unwrap();
            replay(&mut r, &answers, &mut NoObserver).unwrap();
            assert_eq!(format!("{g:?}"), format!("{r:?}"), "game {i} of configuration {n}");
        }
    }
}

/// Figures of random-answer games (run with `--ignored --nocapture`): speed, answers, ends.
#[test]
#[ignore]
fn dealing_random_game_figures() {
    let rules = DealingRules::standard();
    let n_games = 100_000u64;
    let mut g = DealingGame::new(&rules, &DealingConfig::standard(2), 7, 0, &mut NoObserver).unwrap();
    let (mut answers, mut rounds, mut ends) = (0u64, 0u64, [0u64; 3]);
    let t = std::time::Instant::now();
    for i in 0..n_games {
        g.restart(&DealingConfig::standard(2 + (i % 3) as usize), 7, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(7, i, Stream::Bot);
        answers +=
            fuzz(&mut g, &mut rng, 100_000, &mut NoObserver, |_, _, _, _| Ok::<(), Infallible>(())).unwrap() as u64;
        rounds += g.round() as u64;
        ends[match g.end() {
            Some(End::Boss(_)) => 0,
            Some(End::NoneLeft) => 1,
            _ => 2,
        }] += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{n_games} random games (2-4 players) in {secs:.2}s: {:.0} games/s, {:.1} answers and {:.1} rounds a game; \
         ends: boss {} / no one left {} / round limit {}",
        n_games as f64 / secs,
        answers as f64 / n_games as f64,
        rounds as f64 / n_games as f64,
        ends[0],
        ends[1],
        ends[2]
    );
}
