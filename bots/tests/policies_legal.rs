//! Property test: every policy answers only legal options, over 100,000 games with random
//! hero counts, heroes, seat mixes, monster policies and optional rules.

use dq_bots::monster::MonsterPolicy;
use dq_bots::{Bot, BotSpec, MonsterSpec, Players, Policy};
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Choices, Game, GameConfig, NoObserver, Rules, Variant};

const GAMES: u64 = 100_000;
const SPECS: [&str; 7] = [
    "greedy",
    "cautious",
    "mixed",
    "random",
    "greedy:dragon_draws=8:risk=50:search=1",
    "cautious:margin=10:combat=nash",
    "mixed:escape=always:combat=ranged",
];

#[test]
fn every_policy_answers_only_legal_options() {
    let rules = Rules::revised();
    let mut meta = GameRng::from_seed(0xB075);
    let mut decisions = 0u64;
    let mut choices = Choices::new();
    let bots: Vec<Bot> = SPECS.iter().map(|s| Bot::new(&rules, BotSpec::parse(s).unwrap())).collect();
    let monsters: Vec<MonsterPolicy> =
        MonsterSpec::NAMES.iter().map(|m| MonsterPolicy::new(&rules, MonsterSpec::parse(m).unwrap())).collect();
    for index in 0..GAMES {
        let seats = 1 + meta.below(4) as usize;
        let mut variant = Variant::default();
        for name in [
            "solo",
            "death-can-wait",
            "torchlight",
            "late-start",
            "no-abilities",
            "no-guts-no-glory",
            "live-to-fight-another-day",
            "magical-might=2",
            "cloak-and-dagger",
            "hero-vs-hero",
            "servants-of-kalladra",
        ] {
            if meta.below(4) == 0 && (name != "solo" || seats == 1) {
                variant.enable(name).unwrap();
            }
        }
        let seat_bots: Vec<Bot> = (0..seats).map(|_| bots[meta.below(SPECS.len() as u32) as usize].clone()).collect();
        let specs: Vec<String> = seat_bots.iter().map(|b| b.spec().to_string()).collect();
        let mut players = Players::from_parts(&seat_bots, monsters[meta.below(3) as usize].clone());
        players.new_game();
        let cfg = GameConfig::random(seats, variant);
        let mut game = Game::new(&rules, &cfg, 77, index, &mut NoObserver).unwrap();
        let mut rng = GameRng::new(77, index, Stream::Bot);
        let mut steps = 0;
        while !game.is_over() {
            game.legal(&mut choices);
            let c = players.choose(&game, &choices, &mut rng);
            let d = game.pending();
            if let Err(e) = game.apply(c, &mut NoObserver) {
                panic!("game {index} ({specs:?}, {variant:?}): {e} at {d:?}");
            }
            decisions += 1;
            steps += 1;
            assert!(steps < 20_000, "game {index} does not end");
        }
    }
    assert!(decisions > GAMES * 5, "only {decisions} decisions");
}
