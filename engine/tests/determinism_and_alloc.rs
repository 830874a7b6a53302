//! A game is a pure function of (rules, configuration, seed, game index, answers), and playing
//! one allocates nothing on the heap.

use dq_engine::core::{fuzz, replay};
use dq_engine::rng::{GameRng, Stream};
use dq_engine::trace::Trace;
use dq_engine::*;
use std::convert::Infallible;
#[path = "support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

/// Game `index` answered at random (the core fuzzer, from the game's bot stream): its last
/// round and each seat's gold.
fn play<O: Observer>(rules: &Rules, cfg: &GameConfig, seed: u64, index: u64, obs: &mut O) -> (u16, [u32; 4]) {
    let mut g = Game::new(rules, cfg, seed, index, obs).unwrap();
    let mut rng = GameRng::new(seed, index, Stream::Bot);
    fuzz(&mut g, &mut rng, u32::MAX, obs, |_, _, _, _| Ok::<(), Infallible>(())).unwrap();
    let mut gold = [0; 4];
    for s in 0..g.seats() {
        gold[s as usize] = g.gold(s);
    }
    (g.round(), gold)
}

#[test]
fn same_seed_same_answers_same_events() {
    let rules = Rules::revised();
    let (mut dice, mut draws) = (false, false);
    for n in [1, 4] {
        let cfg = GameConfig::random(n, Variant::default());
        for i in 0..20 {
            let (mut a, mut b) = (Trace::default(), Trace::default());
            let ra = play(&rules, &cfg, 5, i, &mut a);
            let rb = play(&rules, &cfg, 5, i, &mut b);
            assert_eq!(ra, rb);
            assert_eq!(a.events, b.events, "game {i} differs");
            dice |= a.events.iter().any(|e| matches!(e, Event::Dice { .. }));
            draws |= a.events.iter().any(|e| matches!(e, Event::CardDrawn { .. }));
        }
    }
    assert!(dice && draws, "chance outcomes are recorded");
}

#[test]
fn recorded_answers_replay_the_game_exactly() {
    // The answers alone bring a game back: replayed on a fresh game of the same (seed,
    // index), they give the same events and the same state, and one answer past the end is
    // refused at its place in the list.
    for rules in [Rules::revised(), Rules::third()] {
        for n in 1..=4 {
            let cfg = GameConfig::random(n, Variant::default());
            for i in 0..10 {
                let mut played = Trace::default();
                let mut g = Game::new(&rules, &cfg, 6, i, &mut played).unwrap();
                let mut answers = Vec::new();
                let mut rng = GameRng::new(6, i, Stream::Bot);
                fuzz(&mut g, &mut rng, u32::MAX, &mut played, |_, _, _, last| {
                    answers.extend(last);
                    Ok::<(), Infallible>(())
                })
                .unwrap();
                let mut again = Trace::default();
                let mut r = Game::new(&rules, &cfg, 6, i, &mut again).unwrap();
                replay(&mut r, &answers, &mut again).unwrap();
                assert!(r.is_over());
                assert_eq!(played.events, again.events, "{} game {i} with {n} heroes", rules.edition);
                assert_eq!(format!("{g:?}"), format!("{r:?}"), "{} game {i} with {n} heroes", rules.edition);
                answers.push(Choice::Done);
                let mut past = Game::new(&rules, &cfg, 6, i, &mut NoObserver).unwrap();
                let e = replay(&mut past, &answers, &mut NoObserver).unwrap_err();
                assert_eq!(e.at, answers.len() - 1);
            }
        }
    }
}

#[test]
fn a_game_does_not_depend_on_other_games() {
    // Game 7 alone equals game 7 played after games 0..7: per-game streams, no shared state.
    let rules = Rules::revised();
    let cfg = GameConfig::random(2, Variant::default());
    let alone = play(&rules, &cfg, 11, 7, &mut NoObserver);
    for i in 0..7 {
        play(&rules, &cfg, 11, i, &mut NoObserver);
    }
    assert_eq!(play(&rules, &cfg, 11, 7, &mut NoObserver), alone);
}

#[test]
fn variants_share_the_setup_stream() {
    // Common random numbers: Late Start rolls its die from the setup stream, so the heroes,
    // towers, runes and deck orders match the standard game with the same seed.
    let rules = Rules::revised();
    let std_cfg = GameConfig::random(1, Variant::default());
    let late_cfg = GameConfig::random(1, Variant { late_start: true, ..Variant::default() });
    for i in 0..50 {
        let a = Game::new(&rules, &std_cfg, 3, i, &mut NoObserver).unwrap();
        let b = Game::new(&rules, &late_cfg, 3, i, &mut NoObserver).unwrap();
        assert_eq!(a.hero(0).hero, b.hero(0).hero);
        assert_eq!(a.hero(0).pos, b.hero(0).pos);
        assert_eq!(a.hero(0).runes, b.hero(0).runes);
        assert_eq!(a.sun(), 1);
        assert!((2..=7).contains(&b.sun()), "late start sun {}", b.sun());
    }
}

#[test]
fn playing_allocates_nothing() {
    let rules = Rules::revised();
    let cfgs: Vec<GameConfig> = (1..=4).map(|n| GameConfig::random(n, Variant::default())).collect();
    let mut games = 0;
    for i in 0..2_000u64 {
        let cfg = &cfgs[(i % 4) as usize];
        let (r, allocs) = counting_alloc::measure(|| play(&rules, cfg, 1, i, &mut NoObserver));
        assert_eq!(allocs, 0, "game {i} allocated");
        games += r.0 as u64 / r.0.max(1) as u64;
    }
    assert_eq!(games, 2_000);
}

#[test]
fn resampling_allocates_nothing() {
    // A search resamples a copy of the position at every decision: in place, no heap. Both
    // editions (the 2010 card combat and tokens), tables of one to four under the 2010 table
    // rules, a copy resampled for the deciding seat and for the next one at every decision.
    for rules in [Rules::revised(), Rules::third()] {
        let mut variant = Variant::default();
        for name in ["hero-vs-hero", "servants-of-kalladra", "cloak-and-dagger"] {
            variant.enable(name).unwrap();
        }
        let mut resampled = 0;
        for i in 0..200u64 {
            let cfg = GameConfig::random(1 + (i % 4) as usize, variant);
            let mut g = Game::new(&rules, &cfg, 4, i, &mut NoObserver).unwrap();
            let mut pick = GameRng::new(4, i, Stream::Bot);
            let mut copy = g.clone();
            while let Some(d) = g.pending() {
                for seat in [d.seat, (d.seat + 1) % g.seats()] {
                    let ((), allocs) = counting_alloc::measure(|| {
                        copy.clone_from(&g);
                        copy.resample(seat, &mut pick);
                    });
                    assert_eq!(allocs, 0, "game {i}: resampling allocated");
                    resampled += 1;
                }
                let legal = g.legal_choices();
                let c = legal[pick.below(legal.len() as u32) as usize];
                g.apply(c, &mut NoObserver).unwrap();
            }
        }
        assert!(resampled > 10_000, "{resampled}");
    }
}

#[test]
fn the_trace_reads_turn_by_turn() {
    let rules = Rules::revised();
    let cfg = GameConfig::random(2, Variant::default());
    let mut t = Trace::default();
    play(&rules, &cfg, 2, 3, &mut t);
    let text = t.render(&rules);
    assert!(text.contains("== round 1, sun on space 1 =="), "{text}");
    assert!(text.contains("seat 0: ") && text.contains("starts on tower"));
    assert!(text.contains("-- seat"));
    assert!(text.trim_end().ends_with(&format!("game over in round {}", play(&rules, &cfg, 2, 3, &mut NoObserver).0)));
}

#[test]
fn a_game_is_small() {
    // Fixed-size state: cloning a game for search or replay copies a few kilobytes, no heap.
    let size = std::mem::size_of::<Game<'static>>();
    println!("size_of::<Game>() = {size}");
    assert!(size < 8 * 1024, "Game is {size} bytes");
}

#[test]
fn a_restarted_game_is_a_new_game() {
    // `Game::restart` resets every field in place: after any game, restarting gives exactly
    // the state `Game::new` builds (all of it, as `Debug` shows it), in both editions and with
    // optional rules; a refused configuration leaves the game as it was.
    for rules in [Rules::revised(), Rules::third()] {
        for (n, variant) in [
            (1, Variant::default()),
            (4, Variant::default()),
            (3, Variant::from_label("hero-vs-hero,torchlight,servants-of-kalladra").unwrap()),
        ] {
            let cfg = GameConfig::random(n, variant);
            let mut g = Game::new(&rules, &cfg, 8, 999, &mut NoObserver).unwrap();
            let mut rng = GameRng::new(8, 0, Stream::Bot);
            let mut c = Choices::new();
            for i in 0..30 {
                while !g.is_over() {
                    g.legal(&mut c);
                    g.apply(c[rng.below(c.len() as u32) as usize], &mut NoObserver).unwrap();
                }
                let before = format!("{g:?}");
                let mut refused = cfg.clone();
                refused.heroes.clear();
                assert!(g.restart(&refused, 8, i, &mut NoObserver).is_err());
                assert_eq!(format!("{g:?}"), before, "a refused restart changed the game");
                g.restart(&cfg, 8, i, &mut NoObserver).unwrap();
                let fresh = Game::new(&rules, &cfg, 8, i, &mut NoObserver).unwrap();
                assert_eq!(format!("{g:?}"), format!("{fresh:?}"), "game {i}");
            }
        }
    }
}

#[test]
fn a_restart_with_fewer_seats_is_a_new_game() {
    // The reset rewrites only the hero slots the last game seated and the new seats: after a
    // four-hero game, a restart with fewer heroes still gives exactly the new game's state.
    let rules = Rules::revised();
    let mut rng = GameRng::new(8, 0, Stream::Bot);
    let mut c = Choices::new();
    let four = GameConfig::random(4, Variant::default());
    let mut g = Game::new(&rules, &four, 8, 3, &mut NoObserver).unwrap();
    for (i, n) in [1, 2, 4, 3, 1].into_iter().enumerate() {
        while !g.is_over() {
            g.legal(&mut c);
            g.apply(c[rng.below(c.len() as u32) as usize], &mut NoObserver).unwrap();
        }
        let cfg = GameConfig::random(n, Variant::default());
        g.restart(&cfg, 8, i as u64, &mut NoObserver).unwrap();
        let fresh = Game::new(&rules, &cfg, 8, i as u64, &mut NoObserver).unwrap();
        assert_eq!(format!("{g:?}"), format!("{fresh:?}"), "{n} seats after game {i}");
    }
}
