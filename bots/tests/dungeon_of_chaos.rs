//! The Dungeon of Chaos' bots: every answer legal, every game ended, nothing allocated per
//! game, and each setting plays as its objective says (docs/bots.md).

#[path = "../../engine/tests/support/counting_alloc.rs"]
mod counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;

use dq_bots::core::Policy;
use dq_bots::dungeon_of_chaos::{play_chaos_into, ChaosPlayers};
use dq_bots::BotSpec;
use dq_engine::dungeon_of_chaos::game::{
    ChaosChoice, ChaosChoices, ChaosConfig, ChaosSetup, Dir, Ending, Place, SeatSetup, Sq,
};
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::rng::GameRng;
use dq_engine::NoObserver;

/// The players, refusing to answer outside the legal choices.
struct Checked(ChaosPlayers);

impl<'r> Policy<ChaosGame<'r>> for Checked {
    fn new_game(&mut self) {
        self.0.new_game();
    }
    fn choose(&mut self, game: &ChaosGame<'r>, choices: &ChaosChoices, rng: &mut GameRng) -> ChaosChoice {
        let c = self.0.choose(game, choices, rng);
        assert!(choices.contains(&c), "{c:?} is not among {choices:?} for {:?}", game.pending());
        c
    }
}

fn players(list: &str, seats: usize) -> ChaosPlayers {
    ChaosPlayers::new(&BotSpec::parse_list(list).unwrap(), seats).unwrap()
}

#[test]
fn chaos_bots_answer_legally_and_every_game_ends() {
    let rules = ChaosRules::standard();
    for (seats, list) in [(2, "greedy,cautious"), (3, "mixed,random,greedy"), (4, "cautious,mixed,random,greedy")] {
        let config = ChaosConfig::new(seats);
        let mut game = ChaosGame::new(&rules, &config, 1, 0, &mut NoObserver).unwrap();
        let mut p = Checked(players(list, seats as usize));
        for i in 0..150 {
            play_chaos_into(&mut game, &config, 1, i, &mut p, &mut NoObserver).unwrap();
            assert!(game.is_over() && game.ending().is_some(), "game {i}");
            assert!(game.round() <= config.round_limit, "game {i}");
        }
    }
}

#[test]
fn chaos_games_allocate_nothing() {
    let rules = ChaosRules::standard();
    let config = ChaosConfig::new(4);
    let mut game = ChaosGame::new(&rules, &config, 2, 0, &mut NoObserver).unwrap();
    let mut p = players("greedy,cautious,mixed,random", 4);
    for i in 0..100u64 {
        let ((), allocs) = counting_alloc::measure(|| {
            play_chaos_into(&mut game, &config, 2, i, &mut p, &mut NoObserver).unwrap();
        });
        assert_eq!(allocs, 0, "game {i} allocated {allocs} times");
    }
}

/// Over the same games: greedy reaches deeper levels than cautious and holds the most gold
/// (more than random answers too); cautious visits town more often and loses the fewest
/// characters, fewer than greedy, who loses fewer than random answers.
#[test]
fn chaos_settings_play_to_their_objectives() {
    let rules = ChaosRules::standard();
    let config = ChaosConfig::new(2);
    let mut game = ChaosGame::new(&rules, &config, 3, 0, &mut NoObserver).unwrap();
    let mut tally = |bot: &str| {
        let mut p = players(bot, 2);
        let (mut deepest, mut gold, mut deaths, mut towns, mut won) = (0u64, 0u64, 0u64, 0u64, 0u32);
        for i in 0..300 {
            play_chaos_into(&mut game, &config, 3, i, &mut p, &mut NoObserver).unwrap();
            won += u32::from(matches!(game.ending(), Some(Ending::Won(_))));
            for s in 0..2 {
                let h = game.hero(s);
                deepest += u64::from(h.tally.deepest);
                gold += u64::from(h.gold);
                deaths += u64::from(h.tally.deaths);
                towns += u64::from(h.tally.town_visits);
            }
        }
        (deepest, gold, deaths, towns, won)
    };
    let (greedy, cautious, random) = (tally("greedy"), tally("cautious"), tally("random"));
    eprintln!(
        "deepest, gold, deaths, town visits, games won: greedy {greedy:?}, cautious {cautious:?}, random {random:?}"
    );
    assert!(greedy.0 > cautious.0, "greedy goes deeper: {greedy:?} vs {cautious:?}");
    assert!(greedy.1 > random.1 && greedy.1 > cautious.1, "gold: {greedy:?} vs {cautious:?}, random {random:?}");
    assert!(greedy.2 < random.2, "greedy dies less than random: {greedy:?} vs {random:?}");
    assert!(cautious.3 > greedy.3, "cautious visits town more: {cautious:?} vs {greedy:?}");
    assert!(cautious.2 < greedy.2, "cautious dies less: {cautious:?} vs {greedy:?}");
}

/// Greedy on level 1, standing on stairs down with ground left on level 2: it takes them onto
/// a plain corridor, but not onto a springboard, which throws him straight back up (tile
/// guide). Before, such stairs were taken with every movement action to the round limit
/// (docs/bots.md, "Games that end").
#[test]
fn chaos_stairs_down_onto_a_springboard_are_not_taken() {
    let rules = ChaosRules::standard();
    let tile = |n: &str| rules.tile_names.iter().position(|x| x == n).unwrap() as u16;
    let at = Sq::new(0, 0, 0);
    let below = at.down(1).unwrap();
    let answers = |landing: &str| {
        let setup = ChaosSetup {
            seats: vec![
                SeatSetup::new(rules.character("Warrior").unwrap(), Place::Dungeon(at)),
                SeatSetup::new(rules.character("Knight").unwrap(), Place::Town),
            ],
            laid: vec![
                (at, tile("Staircase Down"), Dir::N),
                (below, tile(landing), Dir::N),
                (Sq::new(1, 5, 7), tile("Crossroads"), Dir::N),
            ],
            ..ChaosSetup::default()
        };
        let game = ChaosGame::from_setup(&rules, &setup).unwrap();
        let legal = game.legal().clone();
        assert!(legal.contains(&ChaosChoice::Down), "{legal:?}");
        let mut p = players("greedy", 2);
        (0..20).map(|seed| p.choose(&game, &legal, &mut GameRng::from_seed(seed))).collect::<Vec<_>>()
    };
    assert!(answers("Crossroads").iter().all(|&c| c == ChaosChoice::Down));
    let sprung = answers("Springboard");
    assert!(sprung.iter().all(|&c| c != ChaosChoice::Down), "{sprung:?}");
}
