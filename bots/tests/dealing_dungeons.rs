//! Dealing Dungeons' bots: every answer legal, every game ended, nothing allocated per game,
//! and each setting plays as its objective says (docs/bots.md).

#[path = "../../engine/tests/support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

use dq_bots::core::Policy;
use dq_bots::dealing_dungeons::{play_dealing_into, DealingPlayers};
use dq_bots::BotSpec;
use dq_engine::dealing_dungeons::game::{
    AfterDeath, DealingChoice, DealingChoices, DealingConfig, DealingGame, DeathCause, End, HeroPick, Mode, Options,
    Status,
};
use dq_engine::dealing_dungeons::DealingRules;
use dq_engine::rng::GameRng;
use dq_engine::{DecisionGame, NoObserver};

/// The players, refusing to answer outside the legal choices.
struct Checked(DealingPlayers);

impl<'r> Policy<DealingGame<'r>> for Checked {
    fn choose(&mut self, game: &DealingGame<'r>, choices: &DealingChoices, rng: &mut GameRng) -> DealingChoice {
        let c = self.0.choose(game, choices, rng);
        assert!(choices.contains(&c), "{c:?} is not among {choices:?} for {:?}", game.pending());
        c
    }
}

fn players(list: &str, seats: usize) -> DealingPlayers {
    DealingPlayers::new(&BotSpec::parse_list(list).unwrap(), seats).unwrap()
}

#[test]
fn every_bot_answers_legally_and_every_game_ends() {
    let rules = DealingRules::standard();
    for (seats, list) in [(2, "greedy,cautious"), (3, "mixed,random,greedy"), (4, "cautious,mixed,random,greedy")] {
        let config = DealingConfig::standard(seats);
        let mut game = DealingGame::new(&rules, &config, 1, 0, &mut NoObserver).unwrap();
        let mut p = Checked(players(list, seats));
        for i in 0..2_000 {
            play_dealing_into(&mut game, &config, 1, i, &mut p, &mut NoObserver).unwrap();
            assert!(game.is_over() && game.end().is_some(), "game {i}");
        }
    }
}

#[test]
fn every_bot_answers_co_op_legally_and_every_game_ends() {
    let rules = DealingRules::standard();
    for (seats, list) in [(2, "greedy,cautious"), (3, "mixed,random,greedy"), (4, "cautious,mixed,random,greedy")] {
        let config = DealingConfig::coop(seats);
        let mut game = DealingGame::new(&rules, &config, 1, 0, &mut NoObserver).unwrap();
        let mut p = Checked(players(list, seats));
        let mut wins = 0;
        for i in 0..1_000 {
            play_dealing_into(&mut game, &config, 1, i, &mut p, &mut NoObserver).unwrap();
            assert!(game.is_over() && game.end().is_some(), "game {i}");
            wins += matches!(game.end(), Some(End::Boss(_))) as u32;
        }
        assert!(wins > 100, "{list}: the party beats the boss now and then ({wins} of 1000)");
    }
}

#[test]
fn co_op_games_allocate_nothing() {
    let rules = DealingRules::standard();
    let config = DealingConfig::coop(4);
    let mut game = DealingGame::new(&rules, &config, 2, 0, &mut NoObserver).unwrap();
    let mut p = players("greedy,cautious,mixed,random", 4);
    for i in 0..1_000u64 {
        let ((), allocs) = counting_alloc::measure(|| {
            play_dealing_into(&mut game, &config, 2, i, &mut p, &mut NoObserver).unwrap();
        });
        assert_eq!(allocs, 0, "game {i} allocated {allocs} times");
    }
}

#[test]
fn games_allocate_nothing() {
    let rules = DealingRules::standard();
    let config = DealingConfig::standard(4);
    let mut game = DealingGame::new(&rules, &config, 2, 0, &mut NoObserver).unwrap();
    let mut p = players("greedy,cautious,mixed,random", 4);
    for i in 0..3_000u64 {
        let ((), allocs) = counting_alloc::measure(|| {
            play_dealing_into(&mut game, &config, 2, i, &mut p, &mut NoObserver).unwrap();
        });
        assert_eq!(allocs, 0, "game {i} allocated {allocs} times");
    }
}

/// Over the same games: the heuristic bots finish far more games by a boss than random
/// answers do, greedy brings out the most loot, and cautious loses fewer heroes to monsters
/// than greedy (the End Boss, who cannot be run from, decides most deaths: docs/bots.md).
#[test]
fn the_settings_play_to_their_objectives() {
    let rules = DealingRules::standard();
    let config = DealingConfig::standard(2);
    let mut game = DealingGame::new(&rules, &config, 3, 0, &mut NoObserver).unwrap();
    let mut tally = |bot: &str| {
        let mut p = players(bot, 2);
        let (mut monster_deaths, mut boss, mut loot) = (0u32, 0u32, 0u64);
        for i in 0..4_000 {
            play_dealing_into(&mut game, &config, 3, i, &mut p, &mut NoObserver).unwrap();
            boss += u32::from(matches!(game.end(), Some(End::Boss(_))));
            for s in 0..2 {
                monster_deaths += u32::from(game.player(s).status == Status::Dead(DeathCause::Monster));
                loot += u64::from(game.outcome(s).score);
            }
        }
        (monster_deaths, boss, loot)
    };
    let (greedy, cautious, random) = (tally("greedy"), tally("cautious"), tally("random"));
    eprintln!("monster deaths, boss ends, loot: greedy {greedy:?}, cautious {cautious:?}, random {random:?}");
    assert!(greedy.1 > 2 * random.1.max(1), "greedy {greedy:?} vs random {random:?}");
    assert!(greedy.2 > cautious.2 && greedy.2 > random.2, "greedy {greedy:?} vs {cautious:?}, {random:?}");
    assert!(cautious.0 < greedy.0, "cautious {cautious:?} vs greedy {greedy:?}");
}

/// Each mode's goal is played: after Solo Moderate's boss the hero walks back out (most who
/// beat it win), a replacement hero walks on to his Treasure Room, and no game waits for the
/// round limit (a walled-in hero's game ends; a hero walled in at one room walks to another).
#[test]
fn the_bots_play_each_modes_goal_to_the_end() {
    let rules = DealingRules::standard();
    let replaced = Options { death: AfterDeath::Replaced, ..Options::default() };
    let configs = [
        DealingConfig::standard(2),
        DealingConfig::standard(4),
        DealingConfig::standard(2).with(replaced),
        DealingConfig::solo(Mode::SoloRegular, HeroPick::Random),
        DealingConfig::solo(Mode::SoloModerate, HeroPick::Random),
    ];
    for config in configs {
        let mut game = DealingGame::new(&rules, &config, 4, 0, &mut NoObserver).unwrap();
        let mut p = players("greedy", config.heroes.len());
        let (mut round_limit, mut bosses, mut out) = (0u32, 0u32, 0u32);
        for i in 0..2_000 {
            play_dealing_into(&mut game, &config, 4, i, &mut p, &mut NoObserver).unwrap();
            round_limit += u32::from(game.end() == Some(End::RoundLimit));
            bosses += u32::from(game.player(0).bosses > 0);
            out += u32::from(matches!(game.end(), Some(End::Boss(_))));
        }
        let name = format!("{:?} {:?}", config.mode, config.options.death);
        assert_eq!(round_limit, 0, "{name}: {round_limit} games reached the round limit");
        if config.mode == Mode::SoloModerate {
            assert!(out * 10 > bosses * 7, "{name}: {out} of {bosses} who beat the boss got out");
        }
    }
}

#[test]
fn specs_dealing_dungeons_does_not_play_are_refused() {
    let err = |list: &str, seats| DealingPlayers::check(&BotSpec::parse_list(list).unwrap(), seats).unwrap_err().0;
    assert!(err("expert", 2).starts_with("bot \"expert\" does not play dealing-dungeons yet"));
    assert!(err("greedy:risk=5", 2).contains("take no parameters yet"));
    assert!(err("greedy,cautious", 3).contains("2 bots for 3 heroes"));
}
