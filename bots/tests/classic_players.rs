//! The 1987 whole-game bots: every policy answers only legal choices, a game is a function of
//! its seed, `check` refuses what the edition does not play, and (ignored) the survival and
//! gold of each policy.

use dq_bots::dungeonquest::classic::{play_classic_into, ClassicPlayers};
use dq_bots::{BotSpec, MonsterSpec, Policy};
use dq_engine::core::{DecisionGame, NoObserver};
use dq_engine::dungeonquest::classic::game::{ClassicChoice, ClassicChoices, ClassicConfig, ClassicGame, Fate};
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::rng::GameRng;

/// Answers with the players and asserts every answer is legal.
struct Checked<'p> {
    players: &'p mut ClassicPlayers,
    answers: u64,
}

impl<'r> Policy<ClassicGame<'r>> for Checked<'_> {
    fn new_game(&mut self) {
        Policy::<ClassicGame<'r>>::new_game(self.players);
    }

    fn choose(&mut self, game: &ClassicGame<'r>, choices: &ClassicChoices, rng: &mut GameRng) -> ClassicChoice {
        let c = self.players.choose(game, choices, rng);
        assert!(
            game.legal_choices().contains(&c),
            "{c:?} is not legal in {:?} (legal {:?})",
            game.pending(),
            game.legal_choices()
        );
        self.answers += 1;
        assert!(self.answers < 50_000_000, "a game does not end");
        c
    }
}

/// Survival, gold of survivors, games played.
#[derive(Default, Debug)]
struct Tally {
    heroes: u64,
    survived: u64,
    gold: u64,
    games: u64,
    /// Heroes who got out with treasure counters (the chamber reached and left alive).
    rich: u64,
    /// Deaths by cause.
    causes: std::collections::BTreeMap<String, u64>,
}

impl Tally {
    fn add(&mut self, g: &ClassicGame<'_>) {
        self.games += 1;
        for s in 0..g.seats() {
            let o = g.outcome(s);
            self.heroes += 1;
            if o.survived {
                self.survived += 1;
                self.gold += u64::from(o.score);
                self.rich += u64::from(g.hero(s).counters != 0);
            }
            if let Fate::Dead(c) = g.hero(s).fate {
                *self.causes.entry(format!("{c:?}")).or_default() += 1;
            }
        }
    }

    fn survival(&self) -> f64 {
        100.0 * self.survived as f64 / self.heroes.max(1) as f64
    }

    fn mean_gold(&self) -> f64 {
        self.gold as f64 / self.survived.max(1) as f64
    }
}

fn players(rules: &ClassicRules, spec: &str, seats: usize, monster: MonsterSpec) -> ClassicPlayers {
    ClassicPlayers::new(rules, &BotSpec::parse_list(spec).unwrap(), monster, seats).unwrap()
}

/// `n` games of `seats` heroes played by `spec`, every answer checked.
fn run(rules: &ClassicRules, spec: &str, seats: usize, monster: MonsterSpec, seed: u64, n: u64) -> Tally {
    let mut p = players(rules, spec, seats, monster);
    let cfg = ClassicConfig::random(seats);
    let mut g = ClassicGame::new(rules, &cfg, seed, 0, &mut NoObserver).unwrap();
    let mut t = Tally::default();
    let mut checked = Checked { players: &mut p, answers: 0 };
    for i in 0..n {
        play_classic_into(&mut g, &cfg, seed, i, &mut checked, &mut NoObserver).unwrap();
        assert!(g.is_over(), "game {i}");
        assert!((0..g.seats()).all(|s| g.hero(s).fate != Fate::Inside), "game {i}");
        t.add(&g);
    }
    t
}

#[test]
fn every_policy_answers_only_legal_choices() {
    let rules = ClassicRules::embedded();
    let monsters = [MonsterSpec::Random, MonsterSpec::Equilibrium, MonsterSpec::Adversarial];
    let mut solo = Vec::new();
    for (k, spec) in ["random", "greedy", "cautious", "mixed"].into_iter().enumerate() {
        for seats in [1, 4] {
            let t = run(&rules, spec, seats, monsters[k % 3], 11, 2_000);
            if seats == 1 {
                solo.push((spec, t));
            }
        }
    }
    // Mixed tables, every monster policy.
    for m in monsters {
        run(&rules, "greedy,cautious,mixed,random", 4, m, 12, 700);
        run(&rules, "mixed,random", 2, m, 13, 700);
    }
    // The planners clearly beat random play by their own objective (gold carried out plus
    // `life` if out alive: greedy and mixed trade survival for the Treasure Chamber when it
    // pays), and the cautious planner clearly outlives it.
    let random = &solo[0].1;
    for (spec, t) in &solo[1..] {
        let life = BotSpec::parse(spec).unwrap().params.life as f64;
        let objective = |t: &Tally| (t.gold as f64 + life * t.survived as f64) / t.heroes as f64;
        let (own, theirs) = (objective(t), objective(random));
        assert!(own > 1.15 * theirs, "{spec}: objective {own:.0} solo, random's by it {theirs:.0}");
    }
    let cautious = solo[2].1.survival();
    assert!(
        cautious > random.survival() + 10.0,
        "cautious survives {cautious:.1}% solo, random {:.1}%",
        random.survival()
    );
}

#[test]
fn same_seed_same_game_and_restarts_replay_fresh_games() {
    let rules = ClassicRules::embedded();
    for (spec, seats) in [("greedy", 1), ("cautious,mixed,greedy,random", 4), ("mixed", 3)] {
        let cfg = ClassicConfig::random(seats);
        let mut a = players(&rules, spec, seats, MonsterSpec::Equilibrium);
        let mut b = a.clone();
        let mut reused = ClassicGame::new(&rules, &cfg, 5, 999, &mut NoObserver).unwrap();
        for i in 0..200 {
            play_classic_into(&mut reused, &cfg, 5, i, &mut a, &mut NoObserver).unwrap();
            let mut fresh = ClassicGame::new(&rules, &cfg, 5, i, &mut NoObserver).unwrap();
            play_classic_into(&mut fresh, &cfg, 5, i, &mut b, &mut NoObserver).unwrap();
            assert_eq!(format!("{reused:?}"), format!("{fresh:?}"), "{spec} game {i}");
        }
    }
}

#[test]
fn check_refuses_what_the_edition_does_not_play() {
    let rules = ClassicRules::embedded();
    let m = MonsterSpec::Random;
    let err = |bots: &str, seats: usize| {
        ClassicPlayers::check(&rules, &BotSpec::parse_list(bots).unwrap(), m, seats).unwrap_err().0
    };
    assert!(err("greedy", 0).contains("1 to 4 heroes"));
    assert!(err("greedy", 5).contains("1 to 4 heroes"));
    assert!(err("greedy,cautious", 3).contains("2 bots for 3 heroes"));
    assert!(err("expert", 2).contains("expert"));
    assert!(err("greedy,expert", 2).contains("classic (1987)"));
    let ok = ClassicPlayers::check(&rules, &BotSpec::parse_list("greedy:margin=3").unwrap(), m, 3).unwrap();
    assert_eq!(ok.len(), 3);
    let p = players(&rules, "greedy,cautious,random", 3, MonsterSpec::Adversarial);
    assert_eq!(p.spec(1).to_string(), "cautious");
    assert_eq!(p.spec(2).to_string(), "random");
    assert_eq!(p.monster_spec(), MonsterSpec::Adversarial);
}

/// `cargo test --release -p dq-bots --test classic_players -- --ignored --nocapture`
#[test]
#[ignore]
fn survival_and_gold_by_policy() {
    let rules = ClassicRules::embedded();
    let n: u64 = std::env::var("CLASSIC_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    for seats in [1, 4] {
        for spec in ["random", "greedy", "cautious", "mixed", "cautious:margin=0"] {
            let t0 = std::time::Instant::now();
            let t = run(&rules, spec, seats, MonsterSpec::Random, 1, n);
            let s = t0.elapsed().as_secs_f64();
            println!(
                "{spec:>17} x{seats}: survival {:5.1}%  mean gold of survivors {:7.0}  out with counters {:5.1}%  {:8.0} games/s  deaths {:?}",
                t.survival(),
                t.mean_gold(),
                100.0 * t.rich as f64 / t.heroes as f64,
                n as f64 / s,
                t.causes
            );
        }
    }
}
