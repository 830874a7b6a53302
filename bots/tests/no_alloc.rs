//! Engine plus bots allocate nothing per game once the players are built: 10,000 games
//! across every policy, the three monster policies and 1-4 heroes.

#[path = "../../engine/tests/support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

use dq_bots::{play, BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, NoObserver, Rules, Variant};

#[test]
fn games_with_every_policy_allocate_nothing() {
    let rules = Rules::revised();
    let tables: Vec<(GameConfig, Players)> = (1..=4usize)
        .flat_map(|seats| {
            let rules = &rules;
            MonsterSpec::NAMES.iter().map(move |m| {
                let specs = BotSpec::parse_list(&["greedy", "cautious", "mixed", "random"][..seats].join(",")).unwrap();
                let players = Players::new(rules, &specs, MonsterSpec::parse(m).unwrap(), seats).unwrap();
                (GameConfig::random(seats, Variant::default()), players)
            })
        })
        .collect();
    let mut tables = tables;
    let n = tables.len() as u64;
    let mut rounds = 0u64;
    for i in 0..10_000u64 {
        let (cfg, players) = &mut tables[(i % n) as usize];
        let (game, allocs) =
            counting_alloc::measure(|| play(&rules, cfg, 2, i, players, &mut NoObserver).unwrap().round());
        assert_eq!(allocs, 0, "game {i} allocated {allocs} times");
        rounds += u64::from(game);
    }
    assert!(rounds > 10_000);
}

#[test]
fn third_edition_games_with_every_policy_allocate_nothing() {
    let rules = Rules::third();
    // Each player count without and with the 2010 optional rules of the third engine.
    let mut tables: Vec<(GameConfig, Players)> = (1..=4usize)
        .flat_map(|seats| [false, true].map(|optional| (seats, optional)))
        .map(|(seats, optional)| {
            let specs = BotSpec::parse_list(&["greedy", "cautious", "mixed", "random"][..seats].join(",")).unwrap();
            // Both card-combat monster policies, and the Combat Dice Variant at three seats.
            let monster = if seats == 2 { "equilibrium" } else { "random" };
            let players = Players::new(&rules, &specs, MonsterSpec::parse(monster).unwrap(), seats).unwrap();
            let mut variant = Variant { solo: seats == 1, combat_dice: seats == 3, ..Variant::default() };
            if optional {
                for rule in ["hero-vs-hero", "live-to-fight-another-day", "servants-of-kalladra", "tower-power"] {
                    variant.enable(rule).unwrap();
                }
            }
            (GameConfig::random(seats, variant), players)
        })
        .collect();
    let n = tables.len() as u64;
    let mut monsters = 0u64;
    for i in 0..4_000u64 {
        let (cfg, players) = &mut tables[(i % n) as usize];
        let (met, allocs) = counting_alloc::measure(|| {
            let g = play(&rules, cfg, 3, i, players, &mut NoObserver).unwrap();
            (0..g.seats()).map(|s| u64::from(g.hero(s).stats.monsters_met)).sum::<u64>()
        });
        assert_eq!(allocs, 0, "third-edition game {i} allocated {allocs} times");
        monsters += met;
    }
    assert!(monsters > 1_000, "card combats were played ({monsters})");
}

/// `expert` searches (copies, resamples, rollouts) without allocating once built: both
/// editions, one and three heroes.
#[test]
fn expert_games_allocate_nothing() {
    for rules in [Rules::revised(), Rules::third()] {
        for seats in [1usize, 3] {
            let specs = [BotSpec::parse("expert:samples=4").unwrap()];
            let mut players = Players::new(&rules, &specs, MonsterSpec::Equilibrium, seats).unwrap();
            let cfg = GameConfig::random(seats, Variant::default());
            for i in 0..12u64 {
                let (_, allocs) = counting_alloc::measure(|| {
                    play(&rules, &cfg, 4, i, &mut players, &mut NoObserver).unwrap().round()
                });
                assert_eq!(allocs, 0, "{} expert game {i} ({seats} heroes) allocated {allocs} times", rules.edition);
            }
        }
    }
}

/// Classic (1987) fights, with every bot and monster policy, the bow, the ring, Sneak Attacks
/// and the solo table, allocate nothing once the policies are built.
#[test]
fn classic_fights_allocate_nothing() {
    use dq_bots::dungeonquest::classic::{play_fight, ClassicHero, ClassicMonster};
    use dq_engine::dungeonquest::classic::{ClassicRules, Encounter, Fight, Opening, RoundSystem};
    use dq_engine::rng::{GameRng, Stream};
    let rules = ClassicRules::embedded();
    let players: Vec<(ClassicHero, ClassicMonster)> = ["greedy", "cautious", "mixed", "random"]
        .iter()
        .flat_map(|b| {
            let rules = &rules;
            MonsterSpec::NAMES.iter().map(move |m| {
                (
                    ClassicHero::new(rules, BotSpec::parse(b).unwrap()),
                    ClassicMonster::new(rules, MonsterSpec::parse(m).unwrap()),
                )
            })
        })
        .collect();
    let openings = [Opening::Room, Opening::SneakAttack, Opening::Rounds { life: 5 }];
    for i in 0..10_000u64 {
        let (hero, monster) = &players[(i % players.len() as u64) as usize];
        let h = (i % 4) as u8;
        let enc = Encounter {
            hero: h,
            life_left: rules.heroes[h as usize].life,
            kind: (i % rules.kinds.len() as u64) as u8,
            arrows: rules.heroes[h as usize].arrows,
            may_escape: i % 3 != 0,
            ring_of_blinding: i % 5 == 0,
            opening: openings[(i % 3) as usize],
            rounds: if i % 7 == 0 { RoundSystem::SoloTable } else { RoundSystem::Counters },
        };
        let (end, allocs) = counting_alloc::measure(|| {
            let mut dice = GameRng::new(3, i, Stream::Dice);
            let mut deck = GameRng::new(3, i, Stream::Shuffle);
            let mut bot = GameRng::new(3, i, Stream::Bot);
            let mut f = Fight::start(&rules, enc, &mut dice);
            play_fight(&rules, hero, monster, &mut f, &mut dice, &mut deck, &mut bot)
        });
        assert!(end.is_ok(), "fight {i}: {end:?}");
        assert_eq!(allocs, 0, "fight {i} allocated {allocs} times");
    }
}

/// Whole classic (1987) games with every policy and monster policy, 1 to 4 heroes, allocate
/// nothing once the players are built (the route maps and the game are reused).
#[test]
fn classic_games_allocate_nothing() {
    use dq_bots::dungeonquest::classic::{play_classic_into, ClassicPlayers};
    use dq_engine::dungeonquest::classic::game::{ClassicConfig, ClassicGame};
    use dq_engine::dungeonquest::classic::ClassicRules;
    let rules = ClassicRules::embedded();
    let mut tables: Vec<(ClassicConfig, ClassicPlayers)> = (1..=4usize)
        .flat_map(|seats| {
            let rules = &rules;
            MonsterSpec::NAMES.iter().map(move |m| {
                let specs = BotSpec::parse_list(&["greedy", "cautious", "mixed", "random"][..seats].join(",")).unwrap();
                let players = ClassicPlayers::new(rules, &specs, MonsterSpec::parse(m).unwrap(), seats).unwrap();
                (ClassicConfig::random(seats), players)
            })
        })
        .collect();
    let mut game = ClassicGame::new(&rules, &ClassicConfig::random(1), 2, 0, &mut NoObserver).unwrap();
    let n = tables.len() as u64;
    for i in 0..3_000u64 {
        let (cfg, players) = &mut tables[(i % n) as usize];
        let (r, allocs) = counting_alloc::measure(|| {
            play_classic_into(&mut game, cfg, 2, i, players, &mut NoObserver).map(|_| game.round())
        });
        assert!(r.is_ok(), "classic game {i}: {r:?}");
        assert_eq!(allocs, 0, "classic game {i} allocated {allocs} times");
    }
}
