//! Edition `third`: `--monster-policy` in the 2010 card combat. `random` answers the monster
//! side's card decisions uniformly among the legal answers, `equilibrium` with the bots' card
//! rules of thumb (whatever bot the monster's seat plays), and `adversarial` is refused.

use dq_bots::{play, BotSpec, MonsterSpec, Players, Policy};
use dq_engine::card_combat::MONSTER;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{DeathCause, DecisionKind, Game, GameConfig, NoObserver, Rules, Variant};

#[test]
fn adversarial_is_refused_for_third_with_one_line() {
    let third = Rules::third();
    let specs = [BotSpec::parse("greedy").unwrap()];
    let e = Players::new(&third, &specs, MonsterSpec::Adversarial, 1).unwrap_err().0;
    assert!(e.starts_with("monster policy \"adversarial\" is not available in the third edition"), "{e}");
    assert!(!e.contains('\n'));
    for m in [MonsterSpec::Random, MonsterSpec::Equilibrium] {
        assert!(Players::new(&third, &specs, m, 1).is_ok());
    }
    assert!(Players::new(&Rules::revised(), &specs, MonsterSpec::Adversarial, 1).is_ok());
}

/// Plays third-edition games (two `random` heroes: the monster's seat plays uniformly itself)
/// and counts the monster-side card decisions and how many of them the rules of thumb would
/// have answered the same way.
fn monster_decisions(monster: MonsterSpec, games: u64) -> (u64, u64) {
    let rules = Rules::third();
    let specs = [BotSpec::parse("random").unwrap()];
    let mut players = Players::new(&rules, &specs, monster, 2).unwrap();
    let cfg = GameConfig::random(2, Variant::default());
    let (mut n, mut same) = (0, 0);
    for i in 0..games {
        players.new_game();
        let mut g = Game::new(&rules, &cfg, 7, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(7, i, Stream::Bot);
        while !g.is_over() {
            let choices = g.legal_choices().clone();
            let Some(d) = g.pending() else { break };
            let c = players.choose(&g, &choices, &mut rng);
            let monster_side = g.card_fight().is_some() && g.fight_deciding() == MONSTER;
            if monster_side && choices.len() > 1 {
                let thumb = match d.kind {
                    DecisionKind::CombatPlay => Some(dq_bots::third::combat_play(&g, &choices)),
                    DecisionKind::Counterattack => Some(dq_bots::third::counterattack(&g, &choices)),
                    _ => None,
                };
                if let Some(t) = thumb {
                    n += 1;
                    same += u64::from(t == c);
                }
            }
            g.apply(c, &mut NoObserver).unwrap();
        }
    }
    (n, same)
}

#[test]
fn equilibrium_plays_the_rules_of_thumb_and_random_does_not() {
    let (n, same) = monster_decisions(MonsterSpec::Equilibrium, 200);
    assert!(n > 500, "monster decisions: {n}");
    assert_eq!(same, n, "equilibrium answers every monster card decision by the rules of thumb");
    let (n, same) = monster_decisions(MonsterSpec::Random, 200);
    assert!(n > 500, "monster decisions: {n}");
    // Hands of five or six cards: a uniform pick agrees with the rules of thumb about a fifth
    // to a third of the time.
    let share = same as f64 / n as f64;
    assert!((0.1..0.5).contains(&share), "random agrees with the rules of thumb {same}/{n}");
}

#[test]
#[ignore = "statistical: a few seconds in release"]
fn the_rules_of_thumb_monster_kills_more_than_the_uniform_one() {
    let rules = Rules::third();
    let specs = [BotSpec::parse("greedy").unwrap()];
    let cfg = GameConfig::random(2, Variant::default());
    let games = 20_000;
    let mut deaths = [0u64; 2];
    for (k, m) in [MonsterSpec::Random, MonsterSpec::Equilibrium].into_iter().enumerate() {
        let mut players = Players::new(&rules, &specs, m, 2).unwrap();
        for i in 0..games {
            let g = play(&rules, &cfg, 2010, i, &mut players, &mut NoObserver).unwrap();
            for s in 0..2 {
                deaths[k] += u64::from(g.hero(s).stats.death_cause == Some(DeathCause::Monster));
            }
        }
    }
    let n = 2.0 * games as f64;
    let (p0, p1) = (deaths[0] as f64 / n, deaths[1] as f64 / n);
    let se = (p0 * (1.0 - p0) / n + p1 * (1.0 - p1) / n).sqrt();
    println!(
        "third, greedy, 2 heroes, {games} games: monster deaths per hero with the random monster {p0:.4} ({}), \
         equilibrium (rules of thumb) {p1:.4} ({}), difference {:+.4} ± {:.4} (95%)",
        deaths[0],
        deaths[1],
        p1 - p0,
        1.96 * se
    );
    assert!(p1 - p0 > 4.0 * se, "random {p0}, equilibrium {p1}, se {se}");
}
