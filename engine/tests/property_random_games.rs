//! Property test: games answered uniformly at random never panic, always end, and keep the
//! invariants after every decision: every card in exactly one place, every tile placed at most
//! once, living heroes below their health, the sun never moving backwards. Both editions, with
//! 1-4 heroes and their optional rules.

use dq_engine::rng::GameRng;
use dq_engine::*;

const GAMES: u64 = 100_000;
const THIRD_GAMES: u64 = 20_000;

fn play(rules: &Rules, cfg: &GameConfig, master: u64, index: u64) -> Result<(), String> {
    let mut g = Game::new(rules, cfg, master, index, &mut NoObserver).map_err(|e| e.to_string())?;
    let mut rng = GameRng::new(master, index, rng::Stream::Bot);
    let mut choices = Choices::new();
    let mut sun = g.sun();
    let mut steps = 0u32;
    g.check_invariants().map_err(|e| format!("after setup: {e}"))?;
    while !g.is_over() {
        g.legal(&mut choices);
        if choices.is_empty() {
            return Err(format!("{:?} pending with no legal choice", g.pending()));
        }
        let c = choices[rng.below(choices.len() as u32) as usize];
        g.apply(c, &mut NoObserver).map_err(|e| e.to_string())?;
        g.check_invariants().map_err(|e| format!("after decision {steps} ({c:?}): {e}"))?;
        if g.sun() < sun {
            return Err(format!("sun moved back from {sun} to {}", g.sun()));
        }
        sun = g.sun();
        steps += 1;
        if steps > 50_000 {
            return Err("no end after 50,000 decisions".into());
        }
    }
    for s in 0..g.seats() {
        let h = g.hero(s);
        if h.status == HeroStatus::Board || h.status == HeroStatus::Catacombs {
            return Err(format!("game over with seat {s} still inside"));
        }
    }
    Ok(())
}

#[test]
fn hundred_thousand_random_games_keep_the_invariants() {
    let rules = Rules::revised();
    // Cycle through 1-4 heroes and the optional rules so every mechanism is exercised.
    let mut variants = Vec::new();
    for n in 1..=4usize {
        for mask in 0..8u8 {
            let v = Variant {
                solo: n == 1 && mask & 1 != 0,
                death_can_wait: mask & 2 != 0,
                torchlight: mask & 4 != 0,
                late_start: mask & 1 != 0,
                no_abilities: n == 2 && mask & 1 != 0,
                ..Variant::default()
            };
            variants.push(GameConfig::random(n, v));
            // The 2010 optional rules, in other combinations.
            let w = Variant {
                solo: n == 1 && mask & 1 != 0,
                no_guts_no_glory: mask & 1 != 0,
                live_to_fight: mask & 2 != 0,
                cloak_and_dagger: mask & 4 != 0,
                hero_vs_hero: mask & 2 != 0,
                magical_might: mask & 3,
                death_can_wait: mask & 4 != 0,
                servants: mask & 1 == 0,
                ..Variant::default()
            };
            variants.push(GameConfig::random(n, w));
        }
    }
    for i in 0..GAMES {
        let cfg = &variants[(i % variants.len() as u64) as usize];
        if let Err(e) = play(&rules, cfg, 0xD0_6E0, i) {
            panic!("game {i} ({} heroes, {:?}): {e}", cfg.heroes.len(), cfg.variant);
        }
    }
}

#[test]
fn random_third_edition_games_keep_the_invariants() {
    let rules = Rules::third();
    let mut variants = Vec::new();
    for n in 1..=4usize {
        for mask in 0..64u8 {
            let mut v = Variant::default();
            let optional = [
                (1, "death-can-wait"),
                (2, "torchlight"),
                (4, "hero-vs-hero"),
                (8, "live-to-fight-another-day"),
                (16, "servants-of-kalladra"),
                (32, "tower-power"),
            ];
            for (bit, name) in optional {
                if mask & bit != 0 {
                    v.enable(name).unwrap();
                }
            }
            if n == 1 && mask == 0 {
                v.enable("solo").unwrap();
            }
            variants.push(GameConfig::random(n, v));
            // The same with the 2010 Combat Dice Variant.
            v.enable("combat-dice").unwrap();
            variants.push(GameConfig::random(n, v));
        }
    }
    for i in 0..THIRD_GAMES {
        let cfg = &variants[(i % variants.len() as u64) as usize];
        if let Err(e) = play(&rules, cfg, 2010, i) {
            panic!("game {i} ({} heroes, {:?}): {e}", cfg.heroes.len(), cfg.variant);
        }
    }
}
