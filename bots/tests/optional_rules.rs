//! Statistical checks of the optional rules (slow: run with `--ignored` in release).
//!
//! Each check plays the same games (same master seed and game indices, so the same heroes,
//! dungeons and decks at setup) with and without one optional rule, and asserts that the
//! survival rate moves the way a player would expect, by more than four standard errors of
//! the difference. The figures are printed (`--nocapture`).

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, HeroStatus, NoObserver, Rules, Variant};

const SEED: u64 = 2010;

/// Survivors and hero-games over `games` games of `seats` heroes played by `bot`.
fn survival(rules: &Rules, bot: &str, seats: usize, variant: Variant, games: u64) -> (u64, u64) {
    let specs = [BotSpec::parse(bot).unwrap()];
    let mut players = Players::new(rules, &specs, MonsterSpec::Random, seats).unwrap();
    let cfg = GameConfig::random(seats, variant);
    let (mut survived, mut n) = (0, 0);
    for i in 0..games {
        let g = play(rules, &cfg, SEED, i, &mut players, &mut NoObserver).unwrap();
        for s in 0..seats as u8 {
            n += 1;
            survived += u64::from(g.hero(s).status == HeroStatus::Exited);
        }
    }
    (survived, n)
}

/// Plays with and without `rule` and checks the sign of the change in survival
/// (`sign` +1: the rule should help, -1: it should hurt).
fn compare(rule: &str, bot: &str, seats: usize, games: u64, sign: f64) {
    let rules = Rules::revised();
    let on = Variant::from_label(rule).unwrap();
    on.check(&rules.edition).unwrap();
    let base = Variant::from_label(if on.solo { "solo" } else { "" }).unwrap();
    let (s0, n0) = survival(&rules, bot, seats, base, games);
    let (s1, n1) = survival(&rules, bot, seats, on, games);
    let (p0, p1) = (s0 as f64 / n0 as f64, s1 as f64 / n1 as f64);
    let se = (p0 * (1.0 - p0) / n0 as f64 + p1 * (1.0 - p1) / n1 as f64).sqrt();
    println!(
        "{rule}: {bot}, {seats} hero(es), {games} games: survival without {p0:.4} ({s0}/{n0}), with {p1:.4} \
         ({s1}/{n1}), difference {:+.4} ± {:.4} (95%)",
        p1 - p0,
        1.96 * se
    );
    assert!(sign * (p1 - p0) > 4.0 * se, "{rule}: without {p0}, with {p1}, se {se}");
}

#[test]
#[ignore = "statistical: a few seconds in release"]
fn no_guts_no_glory_costs_lives() {
    compare("no-guts-no-glory", "greedy", 1, 40_000, -1.0);
}

#[test]
#[ignore = "statistical: a few seconds in release"]
fn magical_might_saves_lives() {
    compare("magical-might=3", "greedy", 1, 40_000, 1.0);
}
