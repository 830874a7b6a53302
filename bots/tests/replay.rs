//! A policy is a function of the game and its bot stream: game i replays exactly, whether
//! the policies played other games before it or were built fresh.

use dq_bots::{play, BotSpec, MonsterSpec, Players, Policy};
use dq_engine::core::replay;
use dq_engine::rng::GameRng;
use dq_engine::{Choice, Choices, Game, GameConfig, NoObserver, Rules, Variant};

/// A policy that writes down the answers of the policy it wraps.
struct Recording<'p, P> {
    policy: &'p mut P,
    answers: Vec<Choice>,
}

impl<'r, P: Policy<Game<'r>>> Policy<Game<'r>> for Recording<'_, P> {
    fn new_game(&mut self) {
        self.policy.new_game();
        self.answers.clear();
    }

    fn choose(&mut self, game: &Game<'r>, choices: &Choices, rng: &mut GameRng) -> Choice {
        let c = self.policy.choose(game, choices, rng);
        self.answers.push(c);
        c
    }
}

#[test]
fn the_recorded_answers_of_bots_replay_the_game_exactly() {
    // The bots' answers alone bring their game back (`dq_engine::core::replay`): the same
    // state, answer for answer, without the bots or their stream.
    for (rules, monster) in [(Rules::revised(), MonsterSpec::Adversarial), (Rules::third(), MonsterSpec::Equilibrium)] {
        let all = BotSpec::parse_list("greedy,cautious,mixed,random").unwrap();
        for seats in 1..=4 {
            let specs = &all[..seats];
            let cfg = GameConfig::random(seats, Variant::default());
            let mut players = Players::new(&rules, specs, monster, seats).unwrap();
            for i in 0..25u64 {
                let mut rec = Recording { policy: &mut players, answers: Vec::new() };
                let played = play(&rules, &cfg, 12, i, &mut rec, &mut NoObserver).unwrap();
                let mut again = Game::new(&rules, &cfg, 12, i, &mut NoObserver).unwrap();
                replay(&mut again, &rec.answers, &mut NoObserver).unwrap();
                assert!(again.is_over());
                assert_eq!(format!("{played:?}"), format!("{again:?}"), "{} game {i}, {seats} seats", rules.edition);
            }
        }
    }
}

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
