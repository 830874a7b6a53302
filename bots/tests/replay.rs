//! A policy is a function of the game and its bot stream: game i replays exactly, whether
//! the policies played other games before it or were built fresh.

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, NoObserver, Rules, Variant};

#[test]
fn games_replay_exactly_with_fresh_or_reused_policies() {
    let rules = Rules::revised();
    let specs = BotSpec::parse_list("greedy,cautious,mixed,random").unwrap();
    let cfg = GameConfig::random(4, Variant::default());
    let mut shared = Players::new(&rules, &specs, MonsterSpec::Adversarial, 4).unwrap();
    let mut differ = 0;
    for i in 0..300u64 {
        let a = play(&rules, &cfg, 8, i, &mut shared, &mut NoObserver).unwrap();
        let mut fresh = Players::new(&rules, &specs, MonsterSpec::Adversarial, 4).unwrap();
        let b = play(&rules, &cfg, 8, i, &mut fresh, &mut NoObserver).unwrap();
        assert_eq!(a.round(), b.round(), "game {i}");
        for s in 0..4 {
            assert_eq!(a.hero(s).stats, b.hero(s).stats, "game {i} seat {s}");
            assert_eq!(a.gold(s), b.gold(s), "game {i} seat {s}");
        }
        // Different seats' policies really play differently.
        differ += usize::from(a.hero(0).stats.searches != a.hero(1).stats.searches);
    }
    assert!(differ > 30, "greedy and cautious searched alike in {} of 300 games", 300 - differ);
}
