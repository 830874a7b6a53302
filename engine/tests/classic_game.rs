//! The 1987 game as a whole: random games end without a panic and keep the rule invariants
//! (`classic::check`), a game is a pure function of its seed and answers, and playing allocates
//! nothing.

use dq_engine::core::{fuzz, replay, DecisionGame, NoObserver};
use dq_engine::dungeonquest::classic::check::ClassicCheck;
use dq_engine::dungeonquest::classic::game::{ClassicConfig, ClassicEvent, ClassicGame, Fate};
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::rng::{GameRng, Stream};
use std::convert::Infallible;
#[path = "support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

/// Game `index` answered at random from its bot stream: the answers given.
fn play<'r>(
    rules: &'r ClassicRules,
    n: usize,
    seed: u64,
    index: u64,
    events: &mut Vec<ClassicEvent>,
) -> (u32, ClassicGame<'r>) {
    let mut g = ClassicGame::new(rules, &ClassicConfig::random(n), seed, index, &mut NoObserver).unwrap();
    let mut rng = GameRng::new(seed, index, Stream::Bot);
    let answers = fuzz(&mut g, &mut rng, 20_000, &mut |e| events.push(e), |_, _, _, _| Ok::<(), Infallible>(()))
        .unwrap_or_else(|e| panic!("seed {seed} game {index} with {n} heroes: {e}"));
    (answers, g)
}

#[test]
fn random_games_end_without_a_panic_and_keep_the_rules() {
    let rules = ClassicRules::embedded();
    let (mut exited, mut dead, mut won, mut checked) = (0, 0, 0, 0u64);
    for i in 0..4_000u64 {
        let n = (i % 4) as usize + 1;
        let mut g = ClassicGame::new(&rules, &ClassicConfig::random(n), 3, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(3, i, Stream::Bot);
        // The rule invariants after set-up and after every answer.
        checked += 1 + u64::from(
            fuzz(
                &mut g,
                &mut rng,
                20_000,
                &mut ClassicCheck::new(),
                |g: &ClassicGame, check: &mut ClassicCheck, _, last| check.check_after(g, last),
            )
            .unwrap_or_else(|e| panic!("game {i} with {n} heroes: {e}")),
        );
        assert!(g.is_over() && g.round() <= 26);
        for s in 0..g.seats() {
            match g.hero(s).fate {
                Fate::Inside => panic!("game {i}: seat {s} still inside at the end"),
                Fate::Exited => exited += 1,
                Fate::Dead(_) => dead += 1,
            }
            won += u32::from(g.won(s));
        }
    }
    println!("exited {exited}, dead {dead}, won {won}; {checked} positions checked");
    assert!(exited > 0 && dead > 0);
}

#[test]
fn same_seed_same_answers_same_game() {
    let rules = ClassicRules::embedded();
    for n in 1..=4 {
        for i in 0..20 {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let (na, ga) = play(&rules, n, 5, i, &mut a);
            let (nb, gb) = play(&rules, n, 5, i, &mut b);
            assert_eq!((na, &a), (nb, &b), "game {i}");
            assert_eq!(format!("{ga:?}"), format!("{gb:?}"));
        }
    }
}

#[test]
fn recorded_answers_replay_the_game() {
    let rules = ClassicRules::embedded();
    for n in 1..=4 {
        for i in 0..10 {
            let mut g = ClassicGame::new(&rules, &ClassicConfig::random(n), 6, i, &mut NoObserver).unwrap();
            let mut answers = Vec::new();
            let mut rng = GameRng::new(6, i, Stream::Bot);
            fuzz(&mut g, &mut rng, 20_000, &mut NoObserver, |_, _, _, last| {
                answers.extend(last);
                Ok::<(), Infallible>(())
            })
            .unwrap();
            let mut r = ClassicGame::new(&rules, &ClassicConfig::random(n), 6, i, &mut NoObserver).unwrap();
            replay(&mut r, &answers, &mut NoObserver).unwrap();
            assert_eq!(format!("{g:?}"), format!("{r:?}"), "game {i} with {n} heroes");
        }
    }
}

#[test]
fn a_restarted_game_is_a_new_game() {
    let rules = ClassicRules::embedded();
    let mut rng = GameRng::new(8, 0, Stream::Bot);
    let mut g = ClassicGame::new(&rules, &ClassicConfig::random(4), 8, 99, &mut NoObserver).unwrap();
    for (i, n) in [1, 2, 4, 3, 1].into_iter().enumerate() {
        while !g.is_over() {
            let c = g.legal_choices();
            let c = c[rng.below(c.len() as u32) as usize];
            g.apply(c, &mut NoObserver).unwrap();
        }
        let cfg = ClassicConfig::random(n);
        g.restart(&cfg, 8, i as u64, &mut NoObserver).unwrap();
        let fresh = ClassicGame::new(&rules, &cfg, 8, i as u64, &mut NoObserver).unwrap();
        assert_eq!(format!("{g:?}"), format!("{fresh:?}"), "{n} seats after game {i}");
    }
}

#[test]
fn playing_allocates_nothing() {
    let rules = ClassicRules::embedded();
    let cfgs: Vec<ClassicConfig> = (1..=4).map(ClassicConfig::random).collect();
    let mut g = ClassicGame::new(&rules, &cfgs[0], 1, 0, &mut NoObserver).unwrap();
    for i in 0..2_000u64 {
        let cfg = &cfgs[(i % 4) as usize];
        let (r, allocs) = counting_alloc::measure(|| {
            g.restart(cfg, 1, i, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(1, i, Stream::Bot);
            fuzz(&mut g, &mut rng, 20_000, &mut NoObserver, |_, _, _, _| Ok::<(), Infallible>(())).unwrap()
        });
        assert_eq!(allocs, 0, "game {i} allocated");
        assert!(r > 0);
    }
}

#[test]
fn a_game_is_small() {
    let size = std::mem::size_of::<ClassicGame<'static>>();
    println!("size_of::<ClassicGame>() = {size}");
    assert!(size < 4 * 1024, "ClassicGame is {size} bytes");
}

/// Figures of random-answer games (run with `--ignored --nocapture`): speed, answers, fates.
#[test]
#[ignore]
fn random_game_figures() {
    use dq_engine::dungeonquest::classic::game::Cause;
    let rules = ClassicRules::embedded();
    let n_games = 40_000u64;
    let mut g = ClassicGame::new(&rules, &ClassicConfig::random(1), 7, 0, &mut NoObserver).unwrap();
    let (mut answers, mut rounds, mut exited) = (0u64, 0u64, 0u64);
    let mut causes: std::collections::BTreeMap<String, u64> = Default::default();
    let t = std::time::Instant::now();
    for i in 0..n_games {
        g.restart(&ClassicConfig::random(1), 7, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(7, i, Stream::Bot);
        answers +=
            fuzz(&mut g, &mut rng, 20_000, &mut NoObserver, |_, _, _, _| Ok::<(), Infallible>(())).unwrap() as u64;
        rounds += g.round() as u64;
        match g.hero(0).fate {
            Fate::Exited => exited += 1,
            Fate::Dead(c) => *causes.entry(format!("{c:?}")).or_default() += 1,
            Fate::Inside => unreachable!(),
        }
    }
    let s = t.elapsed().as_secs_f64();
    let _ = Cause::Night;
    println!(
        "{n_games} solo games in {s:.2}s ({:.0} games/s), {:.1} answers and {:.1} rounds a game, exited {:.1}%, deaths {causes:?}",
        n_games as f64 / s,
        answers as f64 / n_games as f64,
        rounds as f64 / n_games as f64,
        100.0 * exited as f64 / n_games as f64
    );
}

/// Heads for the Treasure Chamber, loots, and heads for a tower: games that reach the chamber
/// and the Dragon far more often than uniformly random answers do.
fn greedy(g: &ClassicGame<'_>, rng: &mut GameRng) -> dq_engine::dungeonquest::classic::game::ClassicChoice {
    use dq_engine::dungeonquest::board::{manhattan, TOWERS, TREASURE};
    use dq_engine::dungeonquest::classic::game::ClassicChoice as C;
    let legal = g.legal();
    let seat = g.pending().unwrap().seat;
    let h = g.hero(seat);
    let loaded = h.counters.count_ones() >= 2 + rng.below(4);
    if rng.below(10) == 0 {
        return legal[rng.below(legal.len() as u32) as usize];
    }
    if legal.contains(&C::Loot) && !loaded {
        return C::Loot;
    }
    if legal.contains(&C::Exit) && (h.counters != 0 || g.round() > 22) {
        return C::Exit;
    }
    let target = |c: u8| {
        if loaded || g.round() > 18 {
            TOWERS.iter().map(|&t| manhattan(c, t)).min().unwrap()
        } else {
            manhattan(c, TREASURE[0]).min(manhattan(c, TREASURE[1]))
        }
    };
    let best = legal
        .iter()
        .filter_map(|c| match c {
            C::Move(t) | C::MoveWithRing(t) => Some((target(*t), *c)),
            _ => None,
        })
        .min_by_key(|x| x.0);
    match best {
        Some((_, c)) => c,
        None => {
            let no_exit: Vec<C> = legal.iter().copied().filter(|c| *c != C::Exit).collect();
            let pool = if no_exit.is_empty() { legal.to_vec() } else { no_exit };
            pool[rng.below(pool.len() as u32) as usize]
        }
    }
}

#[test]
fn goal_directed_games_end_and_keep_their_invariants() {
    use dq_engine::dungeonquest::classic::game::Cause;
    let rules = ClassicRules::embedded();
    let (mut dragon_deaths, mut rich_exits, mut games) = (0, 0, 0);
    for i in 0..4_000u64 {
        let n = (i % 4) as usize + 1;
        let mut g = ClassicGame::new(&rules, &ClassicConfig::random(n), 4, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(4, i, Stream::Bot);
        let mut answers = 0;
        let mut check = ClassicCheck::new();
        check.check_after(&g, None).unwrap_or_else(|e| panic!("game {i} after set-up: {e}"));
        while !g.is_over() {
            assert!(answers < 20_000, "game {i} does not end");
            let c = greedy(&g, &mut rng);
            g.apply(c, &mut check).unwrap();
            answers += 1;
            check.check_after(&g, Some(c)).unwrap_or_else(|e| panic!("game {i} after answer {answers} ({c:?}): {e}"));
            // Counters are never held twice nor lost: cup + held = 32.
            let held: u32 = (0..g.seats()).map(|s| g.hero(s).counters.count_ones()).sum();
            assert_eq!(held as usize + g.cup_len(), rules.treasure.len(), "game {i}");
            let overlap = (0..g.seats()).fold((0u32, false), |(seen, dup), s| {
                let c = g.hero(s).counters;
                (seen | c, dup || seen & c != 0)
            });
            assert!(!overlap.1, "game {i}: a counter held twice");
        }
        games += 1;
        for s in 0..g.seats() {
            dragon_deaths += u32::from(g.hero(s).fate == Fate::Dead(Cause::Dragon));
            rich_exits += u32::from(g.hero(s).fate == Fate::Exited && g.hero(s).counters != 0);
        }
    }
    println!("{games} games: {rich_exits} exits with treasure, {dragon_deaths} dragon deaths");
    assert!(rich_exits > 0 && dragon_deaths > 10, "{rich_exits} {dragon_deaths}");
}
