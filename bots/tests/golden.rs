//! Golden outcomes: fixed seeds, fixed games, exact outcome histograms.
//!
//! These pin what the engine and the bots do today, so a performance change that alters any
//! decision, die roll or shuffle shows up here as a changed count or digest. A rule fix that
//! is meant to change outcomes updates the expected values in the same commit, saying why.
//!
//! Updated deliberately twice: the bots' way into the catacombs was judged from the unset
//! travel marker instead of the hero's space (session 4), which changed every scenario that
//! enters the catacombs; the random-bot scenario did not change. Then the rules-fidelity fixes
//! of issue 21 (Dragon Rage after a dying drawer, escapes keeping to the hero's side,
//! determination spent in any amount, the rotating chamber on every entry, the dead-end
//! corridor's way back, and the others in docs/rulings.md) changed every Revised scenario; the
//! two third-edition scenarios were added then, after the 2010 fixes. Then (session 13,
//! issue 24) the greedy, cautious and mixed plan stopped deciding "treasure chamber or home"
//! by a cutoff on the sun and values the remaining game instead (bots/src/dungeonquest/value.rs),
//! and judges potions, the Harp and dragon draws by value: every scenario with those bots
//! changed (greedy solo: 996 → 1104 of 3000 out alive, gold 575,157 → 604,785, with the two blunder
//! fixes of the second slice: no 0-gold exit early in the game, no escape into a dead end); the
//! random-bot scenario did not. Then (session 14, issue 24 item 1) the plan learned each
//! rule set's exit condition (solo, no-guts-no-glory keep the treasure chamber as the goal
//! without a treasure card), notices going in circles (catacombs, secret doors and the
//! Teleportation and Opening runes as ways out) and discards loot before a bridge when it
//! pays: every scenario with those bots changed (greedy solo: 1104 → 1100 of 3000 out alive,
//! gold 604,785 → 596,114; 20,000 games: survival 37.30% → 37.09%, gold 198.2 → 201.8 per
//! hero-game, `--rule solo` 3.84% → 4.80%); the random-bot scenario did not.
//!
//! The digest folds every hero's full statistics, gold, the game's last round and the number
//! of random words drawn into one FNV-1a hash; the histogram makes a failure readable.

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, NoObserver, Rules, Variant};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One scenario's summary: the outcome histogram, totals and the digest, as one text.
fn summary(bots: &str, seats: usize, monster: MonsterSpec, rules_on: &[&str], games: u64, seed: u64) -> String {
    summary_of(&Rules::revised(), bots, seats, monster, rules_on, games, seed)
}

/// [`summary`] in any edition.
fn summary_of(
    rules: &Rules,
    bots: &str,
    seats: usize,
    monster: MonsterSpec,
    rules_on: &[&str],
    games: u64,
    seed: u64,
) -> String {
    let mut variant = Variant::default();
    for r in rules_on {
        variant.enable(r).unwrap();
    }
    let specs = BotSpec::parse_list(bots).unwrap();
    let mut players = Players::new(rules, &specs, monster, seats).unwrap();
    let cfg = GameConfig::random(seats, variant);
    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let (mut gold, mut turns, mut draws, mut rounds, mut dragon) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut digest = Fnv::default();
    for i in 0..games {
        let g = play(rules, &cfg, seed, i, &mut players, &mut NoObserver).unwrap();
        rounds += u64::from(g.round());
        draws += u64::from(g.rng_draws());
        digest.word(u64::from(g.round()));
        digest.word(u64::from(g.rng_draws()));
        for s in 0..seats as u8 {
            let h = g.hero(s);
            let key = match h.stats.death_cause {
                Some(c) => format!("died:{c:?}"),
                None => format!("{:?}", h.status),
            };
            *outcomes.entry(key).or_default() += 1;
            gold += u64::from(g.gold(s));
            turns += u64::from(h.stats.turns);
            dragon += u64::from(h.stats.dragon_draws);
            digest.word(u64::from(g.gold(s)));
            digest.text(&format!("{:?} {:?} {} {}", h.stats, h.status, h.pos, h.wounds));
        }
    }
    let mut out = String::new();
    for (k, v) in &outcomes {
        write!(out, "{k}={v} ").unwrap();
    }
    write!(out, "gold={gold} turns={turns} dragon={dragon} rounds={rounds} draws={draws} digest={:016x}", digest.0)
        .unwrap();
    out
}

/// FNV-1a, 64 bit: a stable hash that does not depend on the standard library's hasher.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ u64::from(x)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn word(&mut self, w: u64) {
        self.bytes(&w.to_le_bytes());
    }
    fn text(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
}

fn check(name: &str, got: String, want: &str) {
    assert_eq!(got, want, "golden outcome of {name} changed:\n got: {got}\nwant: {want}");
}

#[test]
fn greedy_solo() {
    let got = summary("greedy", 1, MonsterSpec::Random, &[], 3000, 2014);
    check("greedy solo", got, GREEDY_SOLO);
}

#[test]
fn greedy_four_heroes() {
    let got = summary("greedy", 4, MonsterSpec::Random, &[], 600, 2014);
    check("greedy 4 heroes", got, GREEDY_FOUR);
}

#[test]
fn cautious_and_mixed_with_adversarial_monster() {
    let got = summary("cautious,mixed", 2, MonsterSpec::Adversarial, &[], 1000, 7);
    check("cautious,mixed", got, CAUTIOUS_MIXED);
}

#[test]
fn every_policy_with_optional_rules() {
    let got = summary(
        "greedy:dragon_draws=2:combat=nash,random,mixed:escape=always,cautious:search=3",
        4,
        MonsterSpec::Equilibrium,
        &["death-can-wait", "late-start", "torchlight"],
        400,
        99,
    );
    check("every policy, optional rules", got, EVERY_POLICY);
}

#[test]
fn third_edition_greedy_and_cautious() {
    let got = summary_of(&Rules::third(), "greedy,cautious", 2, MonsterSpec::Equilibrium, &[], 800, 2010);
    check("third greedy,cautious", got, THIRD_TWO);
}

#[test]
fn third_edition_rules_and_dice() {
    let got = summary_of(
        &Rules::third(),
        "mixed,random,greedy",
        3,
        MonsterSpec::Random,
        &["combat-dice", "hero-vs-hero", "live-to-fight-another-day", "tower-power"],
        400,
        11,
    );
    check("third mixed,random,greedy with rules", got, THIRD_RULES);
}

#[test]
fn random_solo_rule() {
    let got = summary("random", 1, MonsterSpec::Random, &["solo", "no-abilities"], 3000, 5);
    check("random solo", got, RANDOM_SOLO);
}

const GREEDY_SOLO: &str =
    "Exited=1168 died:Bridge=38 died:Card=562 died:DeadEnd=67 died:Dragon=72 died:Monster=252 died:Pit=250 died:Resurfacing=27 died:Sunset=190 died:Trap=374 gold=614178 turns=37575 dragon=1510 rounds=39859 draws=1176625 digest=f6668732fc261da6";
const GREEDY_FOUR: &str =
    "Exited=943 died:Bridge=24 died:Card=452 died:DeadEnd=46 died:Dragon=56 died:Monster=218 died:Pit=188 died:Resurfacing=18 died:Sunset=145 died:Trap=310 gold=476845 turns=29828 dragon=1133 rounds=12766 draws=296964 digest=0871dbb10733664a";
const CAUTIOUS_MIXED: &str =
    "Exited=1164 died:Bridge=14 died:Card=255 died:DeadEnd=32 died:Dragon=22 died:Monster=157 died:Pit=87 died:Resurfacing=19 died:Sunset=74 died:Trap=176 gold=329834 turns=18821 dragon=558 rounds=14416 draws=405920 digest=eead8513d464f1ef";
const EVERY_POLICY: &str =
    "Exited=1144 died:Sunset=456 gold=179466 turns=20928 dragon=234 rounds=9271 draws=198935 digest=ba386048d19a6fa9";
const RANDOM_SOLO: &str =
    "died:Bridge=37 died:Card=1030 died:DeadEnd=107 died:Dragon=6 died:Monster=351 died:Pit=225 died:Resurfacing=60 died:Sunset=572 died:Trap=612 gold=0 turns=46479 dragon=60 rounds=49274 draws=1205264 digest=67b2dfc5861653cd";
const THIRD_TWO: &str =
    "Exited=983 died:Bridge=8 died:Card=190 died:DeadEnd=9 died:Dragon=10 died:Monster=102 died:Pit=82 died:Sunset=87 died:Trap=129 gold=179754 turns=14814 dragon=354 rounds=11792 draws=383011 digest=078ec7cf3dcc6479";
const THIRD_RULES: &str =
    "Exited=292 died:Bridge=12 died:Card=205 died:DeadEnd=14 died:Dragon=15 died:Hero=7 died:Monster=306 died:Pit=81 died:Sunset=106 died:Trap=162 gold=99245 turns=14630 dragon=283 rounds=8127 draws=278716 digest=ecc3069d7981a4ae";
