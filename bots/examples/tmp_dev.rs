use dq_bots::core::Policy;
use dq_bots::dealing_dungeons::DealingPlayers;
use dq_bots::BotSpec;
use dq_engine::dealing_dungeons::game::{DealingConfig, DealingGame};
use dq_engine::dealing_dungeons::DealingRules;
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{DecisionGame, NoObserver};
use std::collections::BTreeMap;
fn main() {
    let rules = DealingRules::standard();
    let cfg = DealingConfig::standard(2);
    let mut game = DealingGame::new(&rules, &cfg, 1, 0, &mut NoObserver).unwrap();
    let mut ex = DealingPlayers::new(&BotSpec::parse_list("expert,greedy").unwrap(), 2).unwrap();
    let mut base = DealingPlayers::new(&BotSpec::parse_list("greedy").unwrap(), 2).unwrap();
    let mut m: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut ex_pairs: BTreeMap<String, u32> = BTreeMap::new();
    for i in 0..300 {
        game.restart(&cfg, 1, i, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(1, i, Stream::Bot);
        while !game.is_over() {
            let ch = game.legal_choices().clone();
            let d = game.pending().unwrap();
            let b = base.choose(&game, &ch, &mut rng.clone());
            let c = ex.choose(&game, &ch, &mut rng);
            if d.seat == 0 && ch.len() > 1 {
                let e = m.entry(format!("{:?}", d.ask)).or_default();
                e.0 += 1;
                if b != c {
                    e.1 += 1;
                    *ex_pairs
                        .entry(format!("{:?} lives{} {:?} -> {:?}", d.ask, game.player(0).lives, b, c))
                        .or_default() += 1;
                }
            }
            game.apply(c, &mut NoObserver).unwrap();
        }
    }
    for (k, (n, dv)) in m {
        println!("{k}: {n} decisions, {dv} changed");
    }
    let mut v: Vec<_> = ex_pairs.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    for (k, n) in v.iter().take(25) {
        println!("{n:5} {k}");
    }
}
