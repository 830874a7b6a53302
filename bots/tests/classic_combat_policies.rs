//! The bots in one classic (1987) combat: the hero's reaction, bow, ring and counters, the
//! monster player's counters, and the exact odds of an encounter held against Monte Carlo.

use dq_bots::dungeonquest::classic::{encounter_odds, hero_mix, play_fight, ClassicHero, ClassicMonster, Odds};
use dq_bots::dungeonquest::equilibrium::{classic_payoff, solve};
use dq_bots::{BotSpec, MonsterSpec};
use dq_engine::dungeonquest::classic::combat::BowWindow;
use dq_engine::dungeonquest::classic::exact::{exact, RoundModel};
use dq_engine::dungeonquest::classic::rules::Stance;
use dq_engine::dungeonquest::classic::{
    Answer, ClassicRules, Encounter, Fight, Opening, Outcome, Pending, RoundSystem,
};
use dq_engine::rng::{GameRng, Stream};

const BOTS: [&str; 4] = ["greedy", "cautious", "mixed", "random"];
const MONSTERS: [MonsterSpec; 2] = [MonsterSpec::Random, MonsterSpec::Equilibrium];

fn encounter(rules: &ClassicRules, hero: &str, kind: &str, opening: Opening, rounds: RoundSystem) -> Encounter {
    let h = rules.hero_by_id(hero).unwrap();
    Encounter {
        hero: h,
        life_left: rules.heroes[h as usize].life,
        kind: rules.kind_by_id(kind).unwrap(),
        arrows: rules.heroes[h as usize].arrows,
        may_escape: true,
        ring_of_blinding: false,
        opening,
        rounds,
    }
}

fn policies(rules: &ClassicRules, bot: &str, monster: MonsterSpec) -> (ClassicHero, ClassicMonster) {
    (ClassicHero::new(rules, BotSpec::parse(bot).unwrap()), ClassicMonster::new(rules, monster))
}

/// Plays `n` fights of `enc`; returns the tallies as [`Odds`] (means) and the sums of squares
/// of LPs lost and rounds, for standard errors.
fn monte_carlo(
    rules: &ClassicRules,
    hero: &ClassicHero,
    monster: &ClassicMonster,
    enc: Encounter,
    n: u64,
) -> (Odds, f64, f64) {
    let mut o = Odds::default();
    let (mut lost_sq, mut rounds_sq) = (0.0, 0.0);
    for i in 0..n {
        let mut dice = GameRng::new(7, i, Stream::Dice);
        let mut deck = GameRng::new(7, i, Stream::Shuffle);
        let mut bot = GameRng::new(7, i, Stream::Bot);
        let mut f = Fight::start(rules, enc, &mut dice);
        let end = play_fight(rules, hero, monster, &mut f, &mut dice, &mut deck, &mut bot).expect("legal answers");
        match end {
            Outcome::MonsterKilled | Outcome::MonsterBlinded => o.hero_wins += 1.0,
            Outcome::HeroKilled { monster_dead } => {
                o.hero_dies += 1.0;
                o.both_die += f64::from(u8::from(monster_dead));
            }
            Outcome::Escaped => o.escaped += 1.0,
            Outcome::MonsterFled => o.monster_fled += 1.0,
        }
        let lost = f64::from(enc.life_left - f.hero_life());
        o.mean_lost += lost;
        lost_sq += lost * lost;
        o.mean_rounds += f64::from(f.rounds());
        rounds_sq += f64::from(f.rounds()).powi(2);
    }
    let k = n as f64;
    for x in [
        &mut o.hero_wins,
        &mut o.hero_dies,
        &mut o.both_die,
        &mut o.escaped,
        &mut o.monster_fled,
        &mut o.mean_lost,
        &mut o.mean_rounds,
    ] {
        *x /= k;
    }
    (o, lost_sq / k, rounds_sq / k)
}

/// Every Monte Carlo figure within 4 standard errors of the exact one.
fn assert_close(what: &str, mc: (Odds, f64, f64), e: Odds, n: u64) {
    let (m, lost_sq, rounds_sq) = mc;
    let k = n as f64;
    let rate = |name: &str, got: f64, want: f64| {
        let se = (want * (1.0 - want) / k).sqrt().max(1.0 / k);
        assert!((got - want).abs() <= 4.0 * se, "{what}: {name} {got} against exact {want} (se {se})");
    };
    rate("hero wins", m.hero_wins, e.hero_wins);
    rate("hero dies", m.hero_dies, e.hero_dies);
    rate("both die", m.both_die, e.both_die);
    rate("escaped", m.escaped, e.escaped);
    rate("monster fled", m.monster_fled, e.monster_fled);
    let mean = |name: &str, got: f64, sq: f64, want: f64| {
        let se = ((sq - got * got).max(0.0) / k).sqrt().max(1.0 / k);
        assert!((got - want).abs() <= 4.0 * se, "{what}: {name} {got} against exact {want} (se {se})");
    };
    mean("LPs lost", m.mean_lost, lost_sq, e.mean_lost);
    mean("rounds", m.mean_rounds, rounds_sq, e.mean_rounds);
    let total = e.hero_wins + e.hero_dies + e.escaped + e.monster_fled;
    assert!((total - 1.0).abs() < 1e-9, "{what}: exact ends sum to {total}");
}

/// With a fixed monster life the odds are the engine's chain with the two policies' mixes.
#[test]
fn rounds_odds_are_the_engine_chain_of_the_two_mixes() {
    let rules = ClassicRules::embedded();
    for hero in ["rohan", "volrik"] {
        for monster in MONSTERS {
            for rounds in [RoundSystem::Counters, RoundSystem::SoloTable] {
                let (hp, mp) = policies(&rules, "mixed", monster);
                let enc = encounter(&rules, hero, "orc", Opening::Rounds { life: 6 }, rounds);
                let h = enc.hero;
                let mix = hero_mix(&rules, BotSpec::parse("mixed").unwrap(), h);
                let model = match rounds {
                    RoundSystem::Counters => RoundModel::Counters {
                        chart: rules.chart_for(h),
                        hero: mix,
                        monster: match monster {
                            MonsterSpec::Random => [1.0 / 3.0; 3],
                            _ => solve(&classic_payoff(&rules, h)).monster,
                        },
                    },
                    RoundSystem::SoloTable => RoundModel::Solo(rules.solo),
                };
                let want = exact(enc.life_left, &[(6, 1.0)], 0, &model);
                let got = encounter_odds(&rules, &hp, &mp, enc);
                let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
                assert!(close(got.hero_dies, want.hero_dies) && close(got.hero_wins, want.monster_dies));
                assert!(close(got.both_die, want.both_die) && close(got.mean_rounds, want.rounds));
                assert!(close(got.mean_lost, want.expected_loss(enc.life_left)));
            }
        }
    }
}

/// Whole encounters (reaction, Monster card, bow, slashes, rounds) under every bot and both
/// monster policies, by El-Adoran (the bow) and Sir Rohan (the Mighty Blow bonus), against
/// the Champion of Chaos (slashes, the first Killed arrow) and the Goblin (flight).
#[test]
fn monte_carlo_encounters_match_the_exact_odds() {
    let rules = ClassicRules::embedded();
    let n = 20_000;
    for bot in BOTS {
        for monster in MONSTERS {
            for (hero, kind) in [("el-adoran", "champion"), ("el-adoran", "goblin"), ("rohan", "troll")] {
                let (hp, mp) = policies(&rules, bot, monster);
                let enc = encounter(&rules, hero, kind, Opening::Room, RoundSystem::Counters);
                let what = format!("{bot} / {monster} / {hero} against {kind}");
                assert_close(&what, monte_carlo(&rules, &hp, &mp, enc, n), encounter_odds(&rules, &hp, &mp, enc), n);
            }
        }
    }
    // The solo table after the card, and a Sneak Attack (its roll enumerated too).
    let (hp, mp) = policies(&rules, "greedy", MonsterSpec::Random);
    for (opening, rounds) in [(Opening::Room, RoundSystem::SoloTable), (Opening::SneakAttack, RoundSystem::Counters)] {
        let enc = encounter(&rules, "volrik", "orc", opening, rounds);
        let what = format!("volrik against orc, {opening:?}, {rounds:?}");
        assert_close(&what, monte_carlo(&rules, &hp, &mp, enc, n), encounter_odds(&rules, &hp, &mp, enc), n);
    }
}

fn reaction(rules: &ClassicRules, bot: &str, enc: Encounter) -> Answer {
    let (hp, _) = policies(rules, bot, MonsterSpec::Random);
    let f = Fight::start(rules, enc, &mut GameRng::new(1, 0, Stream::Dice));
    assert_eq!(f.pending(), Pending::Reaction);
    hp.decide(&f, &mut GameRng::new(1, 0, Stream::Bot))
}

/// Greedy never escapes (as in Revised), cautious escapes whenever it may, mixed picks the
/// cheapest reaction by the table; without escape every bot attacks or waits.
#[test]
fn reactions_follow_each_bots_escape_style() {
    let rules = ClassicRules::embedded();
    for kind in ["goblin", "orc", "death-warrior", "troll", "champion"] {
        let enc = encounter(&rules, "ulf", kind, Opening::Room, RoundSystem::Counters);
        assert_ne!(reaction(&rules, "greedy", enc), Answer::Stance(Stance::Escape), "{kind}");
        assert_eq!(reaction(&rules, "cautious", enc), Answer::Stance(Stance::Escape), "{kind}");
        let (hp, _) = policies(&rules, "mixed", MonsterSpec::Random);
        let Answer::Stance(s) = reaction(&rules, "mixed", enc) else { panic!("{kind}: not a stance") };
        let cost = |s| hp.stance_cost(&enc, enc.life_left, s).cost;
        for other in [Stance::Attack, Stance::Wait, Stance::Escape] {
            assert!(cost(s) <= cost(other) + 1e-12, "{kind}: mixed chose {s:?} over {other:?}");
        }
        let fenced = Encounter { may_escape: false, ..enc };
        for bot in ["greedy", "cautious", "mixed"] {
            assert_ne!(reaction(&rules, bot, fenced), Answer::Stance(Stance::Escape), "{bot} {kind}");
        }
    }
}

/// The ring when the chosen reaction's chance of death is above the bot's `risk`, not before.
#[test]
fn the_ring_of_blinding_is_kept_for_a_likely_death() {
    let rules = ClassicRules::embedded();
    let mut enc = encounter(&rules, "ulf", "champion", Opening::Room, RoundSystem::Counters);
    enc.ring_of_blinding = true;
    enc.may_escape = false;
    assert_ne!(reaction(&rules, "greedy", enc), Answer::Blind, "a fresh Ulf fights");
    enc.life_left = 2;
    assert_eq!(reaction(&rules, "greedy", enc), Answer::Blind, "Ulf at 2 LPs blinds the Champion");
    assert_ne!(reaction(&rules, "greedy:risk=100", enc), Answer::Blind, "risk=100 never blinds");
}

/// Greedy and cautious fire whenever allowed; mixed keeps its first arrow against a monster
/// that runs from an attack on a third of the cards (the Goblin), not against the Champion.
#[test]
fn the_bow_is_fired_by_each_bots_rule() {
    let rules = ClassicRules::embedded();
    let at_bow = |bot: &str, kind: &str| {
        let (hp, _) = policies(&rules, bot, MonsterSpec::Random);
        let enc = encounter(&rules, "el-adoran", kind, Opening::Room, RoundSystem::Counters);
        let mut d = GameRng::new(1, 0, Stream::Dice);
        let mut f = Fight::start(&rules, enc, &mut d);
        f.apply(&rules, Answer::Stance(Stance::Attack), &mut d).unwrap();
        assert_eq!(f.pending(), Pending::Bow(BowWindow::BeforeCard));
        hp.decide(&f, &mut GameRng::new(1, 0, Stream::Bot))
    };
    for bot in ["greedy", "cautious"] {
        assert_eq!(at_bow(bot, "goblin"), Answer::Fire);
    }
    assert_eq!(at_bow("mixed", "goblin"), Answer::Hold);
    assert_eq!(at_bow("mixed", "champion"), Answer::Fire);
}

/// The counter mixes: `nash` is the display's equilibrium, greedy's default `uniform`, and a
/// fixed Revised card maps to its counter; the monster's equilibrium is the solver's.
#[test]
fn counter_mixes_are_the_revised_styles_read_for_the_display() {
    let rules = ClassicRules::embedded();
    let h = rules.hero_by_id("rohan").unwrap();
    let eq = solve(&classic_payoff(&rules, h));
    assert_eq!(hero_mix(&rules, BotSpec::parse("mixed").unwrap(), h), eq.hero);
    assert_eq!(hero_mix(&rules, BotSpec::parse("greedy").unwrap(), h), [1.0 / 3.0; 3]);
    assert_eq!(hero_mix(&rules, BotSpec::parse("greedy:combat=ranged").unwrap(), h), [1.0, 0.0, 0.0]);
    assert_eq!(hero_mix(&rules, BotSpec::parse("greedy:combat=magic").unwrap(), h), [0.0, 0.0, 1.0]);
    let m = ClassicMonster::new(&rules, MonsterSpec::Equilibrium);
    assert_eq!(m.mix(h, [1.0 / 3.0; 3]), eq.monster);
    // Against a hero who always plays Mighty Blow the adversary leaps aside.
    let adv = ClassicMonster::new(&rules, MonsterSpec::Adversarial);
    assert_eq!(adv.mix(h, [1.0, 0.0, 0.0]), [0.0, 0.0, 1.0]);
}
