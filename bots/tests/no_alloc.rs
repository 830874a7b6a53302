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
