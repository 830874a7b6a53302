//! The `expert` search bot: it plays both editions under every optional rule within the
//! rules, replays exactly, and decides only from what its hero can see.

use dq_bots::{play, BotSpec, MonsterSpec, Players, Policy};
use dq_engine::rng::{GameRng, Stream};
use dq_engine::rule_check::{is_known_bug, rules_alone_and_in_pairs};
use dq_engine::{Edition, Game, GameConfig, NoObserver, RuleCheck, Rules, Variant};

/// A small budget: the tests are about behaviour, not strength.
const SPEC: &str = "expert:samples=4";

fn monster(rules: &Rules) -> MonsterSpec {
    if rules.edition == Edition::Third {
        MonsterSpec::Equilibrium
    } else {
        MonsterSpec::Random
    }
}

/// Every optional rule alone, in both editions, with one and three heroes (solo alone), a
/// few games each: no panic, an end, and no rule invariant broken but the known engine bugs.
#[test]
fn expert_plays_both_editions_and_every_optional_rule() {
    let mut unknown = Vec::new();
    let mut games = 0;
    for rules in [Rules::revised(), Rules::third()] {
        for base in ["greedy", "cautious", "mixed"] {
            let spec = BotSpec::parse(&format!("{SPEC}:base={base}")).unwrap();
            for variant in rules_alone_and_in_pairs(&rules).into_iter().filter(|v| v.label().split(',').count() <= 1) {
                for seats in [1usize, 3] {
                    if variant.solo && seats > 1 {
                        continue;
                    }
                    let mut players = Players::new(&rules, &[spec], monster(&rules), seats).unwrap();
                    let cfg = GameConfig::random(seats, variant);
                    for index in 0..2u64 {
                        games += 1;
                        players.new_game();
                        let mut chk = RuleCheck::new(&rules, cfg.variant);
                        let mut game = Game::new(&rules, &cfg, 7, index, &mut chk).unwrap();
                        let mut rng = GameRng::new(7, index, Stream::Bot);
                        let mut steps = 0;
                        while !game.is_over() {
                            let choices = game.legal_choices().clone();
                            let c = players.choose(&game, &choices, &mut rng);
                            game.apply(c, &mut chk).expect("expert answers legally");
                            chk.check_after(&game);
                            steps += 1;
                            assert!(steps < 100_000, "no end");
                        }
                        for v in chk.take_violations() {
                            if !is_known_bug(rules.edition, v.invariant) {
                                unknown.push(format!(
                                    "{} {base} {} heroes '{}' game {index}: {v}",
                                    rules.edition,
                                    seats,
                                    variant.label()
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(games > 200, "{games} games");
    assert!(unknown.is_empty(), "{}", unknown.join("\n"));
}

/// The same seed gives the same game, whether the table is fresh or played before.
#[test]
fn expert_games_replay_exactly() {
    for rules in [Rules::revised(), Rules::third()] {
        let spec = [BotSpec::parse(SPEC).unwrap()];
        let cfg = GameConfig::random(2, Variant::default());
        let mut reused = Players::new(&rules, &spec, monster(&rules), 2).unwrap();
        for i in 0..6u64 {
            let a = play(&rules, &cfg, 3, i, &mut reused, &mut NoObserver).unwrap();
            let mut fresh = Players::new(&rules, &spec, monster(&rules), 2).unwrap();
            let b = play(&rules, &cfg, 3, i, &mut fresh, &mut NoObserver).unwrap();
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{} game {i}", rules.edition);
        }
    }
}

/// The decision depends only on what the deciding seat knows: at every decision of a few
/// games, the same table asked in the real game and in a copy whose hidden future was
/// redrawn (another deck order, monster life, dice) answers the same. Some of those answers
/// must differ from the base planner's, or the test would not be testing the search.
#[test]
fn expert_never_reads_hidden_state() {
    let (mut compared, mut hidden_differs, mut searched) = (0, 0, 0);
    for rules in [Rules::revised(), Rules::third()] {
        let spec = BotSpec::parse("expert:samples=6").unwrap();
        for seats in [1usize, 2] {
            let cfg = GameConfig::random(seats, Variant::default());
            let mut players = Players::new(&rules, &[spec], monster(&rules), seats).unwrap();
            let mut base = Players::new(&rules, &[spec.base()], monster(&rules), seats).unwrap();
            for index in 0..4u64 {
                players.new_game();
                let mut game = Game::new(&rules, &cfg, 11, index, &mut NoObserver).unwrap();
                let mut rng = GameRng::new(11, index, Stream::Bot);
                let mut other = GameRng::from_seed(1000 + index);
                while !game.is_over() {
                    let d = game.pending().unwrap();
                    let choices = game.legal_choices().clone();
                    if dq_bots::expert::is_key(d.kind) && choices.len() > 1 {
                        let mut alt = game.clone();
                        alt.resample(d.seat, &mut other);
                        hidden_differs += usize::from(format!("{alt:?}") != format!("{game:?}"));
                        let mut twin = players.clone();
                        let on_alt = twin.choose(&alt, &alt.legal_choices().clone(), &mut rng.clone());
                        let mut real = players.clone();
                        let on_real = real.choose(&game, &choices, &mut rng.clone());
                        assert_eq!(on_real, on_alt, "{} game {index}: {:?}", rules.edition, d.kind);
                        let planner = base.choose(&game, &choices, &mut rng.clone());
                        searched += usize::from(planner != on_real);
                        compared += 1;
                    }
                    let c = players.choose(&game, &choices, &mut rng);
                    game.apply(c, &mut NoObserver).unwrap();
                }
            }
        }
    }
    println!("{compared} decisions compared, hidden state differed in {hidden_differs}, {searched} left the planner");
    assert!(compared > 100, "{compared} decisions compared");
    assert!(hidden_differs * 10 > compared * 9, "the redraw changed {hidden_differs} of {compared}");
    assert!(searched > 0, "the search never left the planner's answer");
}
