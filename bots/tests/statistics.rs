//! Statistical checks of the policies' styles (slow: run with `--ignored`).
//!
//! Over the same games (same seeds, so the same dungeons), the cautious policy must survive
//! more often than the greedy one, and greedy survivors must carry more gold.

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, HeroStatus, NoObserver, Rules, Variant};

struct Tally {
    hero_games: u64,
    survived: u64,
    gold: u64,
}

fn run(rules: &Rules, spec: &str, seats: usize, games: u64) -> Tally {
    let specs = [BotSpec::parse(spec).unwrap()];
    let mut players = Players::new(rules, &specs, MonsterSpec::Random, seats).unwrap();
    let cfg = GameConfig::random(seats, Variant::default());
    let mut t = Tally { hero_games: 0, survived: 0, gold: 0 };
    for i in 0..games {
        let g = play(rules, &cfg, 2014, i, &mut players, &mut NoObserver).unwrap();
        for s in 0..seats as u8 {
            t.hero_games += 1;
            if g.hero(s).status == HeroStatus::Exited {
                t.survived += 1;
                t.gold += u64::from(g.gold(s));
            }
        }
    }
    t
}

#[test]
#[ignore = "statistical: about 20 s in release"]
fn cautious_survives_more_and_greedy_survivors_are_richer() {
    let rules = Rules::revised();
    for (seats, games) in [(1usize, 40_000u64), (4, 10_000)] {
        let g = run(&rules, "greedy", seats, games);
        let c = run(&rules, "cautious", seats, games);
        let rate = |t: &Tally| t.survived as f64 / t.hero_games as f64;
        let gold = |t: &Tally| t.gold as f64 / t.survived.max(1) as f64;
        let (pg, pc) = (rate(&g), rate(&c));
        let se = (pg * (1.0 - pg) / g.hero_games as f64 + pc * (1.0 - pc) / c.hero_games as f64).sqrt();
        println!(
            "{seats} hero(es), {games} games: greedy survival {:.4} gold/survivor {:.0}; cautious survival {:.4} gold/survivor {:.0}",
            pg,
            gold(&g),
            pc,
            gold(&c)
        );
        assert!(pc - pg > 4.0 * se, "cautious {pc} vs greedy {pg} (se {se})");
        assert!(gold(&g) > gold(&c), "greedy survivors {} vs cautious {}", gold(&g), gold(&c));
    }
}
