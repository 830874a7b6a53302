//! Property test: games answered uniformly at random never panic, always end, and keep the
//! invariants after every decision and event ([`RuleCheck`]): every card in exactly one place,
//! every tile placed at most once, living heroes below their health, the sun never moving
//! backwards, and the rules expert's invariants (no combat round after a death, no turn for a
//! hero out of the game, Dragon Rage for every hero in the chamber, split chambers, escapes,
//! occupied chambers, wounds and death). Both editions, with 1-4 heroes and their optional
//! rules: mixes of them, and every rule alone and in pairs.
//!
//! Violations of the bugs in `dq_engine::rule_check::KNOWN_BUGS` are counted, not failed.

use dq_engine::core::fuzz;
use dq_engine::rng::GameRng;
use dq_engine::rule_check::{is_known_bug, rules_alone_and_in_pairs};
use dq_engine::*;
use std::collections::BTreeMap;

const GAMES: u64 = 100_000;
const THIRD_GAMES: u64 = 20_000;
/// A game not over after this many answers is stuck in a loop.
const MAX_ANSWERS: u32 = 50_000;

/// Known-bug violations by invariant: how many, and the first game showing each.
type Known = BTreeMap<Invariant, (usize, String)>;

/// Plays a game with random answers (the core fuzzer, from the game's bot stream), the rules
/// checker kept in step after setup and after every answer; an error names the first
/// violation not a known bug, or how the game got stuck.
fn play(rules: &Rules, cfg: &GameConfig, master: u64, index: u64, known: &mut Known) -> Result<(), String> {
    let mut chk = RuleCheck::new(rules, cfg.variant);
    let mut g = Game::new(rules, cfg, master, index, &mut chk).map_err(|e| e.to_string())?;
    let mut rng = GameRng::new(master, index, rng::Stream::Bot);
    let sift = |g: &Game<'_>, chk: &mut RuleCheck, _: u32, _: Option<Choice>| -> Result<(), String> {
        chk.check_after(g);
        for v in chk.take_violations() {
            if !is_known_bug(rules.edition, v.invariant) {
                return Err(v.to_string());
            }
            known.entry(v.invariant).or_insert_with(|| (0, format!("game {index}: {v}"))).0 += 1;
        }
        Ok(())
    };
    fuzz(&mut g, &mut rng, MAX_ANSWERS, &mut chk, sift).map_err(|e| e.to_string())?;
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
    let mut known = Known::new();
    for i in 0..GAMES {
        let cfg = &variants[(i % variants.len() as u64) as usize];
        if let Err(e) = play(&rules, cfg, 0xD0_6E0, i, &mut known) {
            panic!("game {i} ({} heroes, {:?}): {e}", cfg.heroes.len(), cfg.variant);
        }
    }
    print_known("revised mixes", &known);
}

/// Prints the known-bug violations seen (`--nocapture`).
fn print_known(what: &str, known: &Known) {
    for (inv, (n, first)) in known {
        println!("{what}: known bug {}: {n} violations, first {first}", inv.name());
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
    let mut known = Known::new();
    for i in 0..THIRD_GAMES {
        let cfg = &variants[(i % variants.len() as u64) as usize];
        if let Err(e) = play(&rules, cfg, 2010, i, &mut known) {
            panic!("game {i} ({} heroes, {:?}): {e}", cfg.heroes.len(), cfg.variant);
        }
    }
    print_known("third mixes", &known);
}

/// Both editions, 1-4 heroes, no optional rule, each rule alone and each pair the edition
/// allows (`solo` with one hero only), `per` games each.
fn rules_alone_and_in_pairs_keep_the_invariants(per: u64, master: u64) {
    for rules in [Rules::revised(), Rules::third()] {
        let mut known = Known::new();
        let mut games = 0;
        for (k, v) in rules_alone_and_in_pairs(&rules).iter().enumerate() {
            for n in 1..=4usize {
                if v.solo && n > 1 {
                    continue;
                }
                let cfg = GameConfig::random(n, *v);
                for j in 0..per {
                    let i = (k as u64 * 4 + n as u64 - 1) * per + j;
                    games += 1;
                    if let Err(e) = play(&rules, &cfg, master, i, &mut known) {
                        panic!("{} game {i} of seed {master} ({n} heroes, rules {}): {e}", rules.edition, v.label());
                    }
                }
            }
        }
        print_known(&format!("{} ({games} games, rules alone and in pairs)", rules.edition), &known);
    }
}

#[test]
fn random_games_with_rules_alone_and_in_pairs_keep_the_invariants() {
    rules_alone_and_in_pairs_keep_the_invariants(30, 4242);
}

#[test]
#[ignore = "a larger run (minutes in release)"]
fn random_games_with_rules_alone_and_in_pairs_keep_the_invariants_many_games() {
    rules_alone_and_in_pairs_keep_the_invariants(200, 424242);
}
