//! Death causes (§5, §15): each category with stacked decks and forced dice, the cause's
//! words, and random games in which every death has a known cause.

use super::game::{game, play, room, solo, sq, tile, tile1, ENTRY};
use super::rules;
use crate::core::rng::GameRng;
use crate::core::{fuzz, NoObserver};
use crate::dungeon_of_chaos::combat::{Ailments, Answer};
use crate::dungeon_of_chaos::data::{Ailment, AttackType, Feature};
use crate::dungeon_of_chaos::death::{Blow, Category, DeathCause, Fatal, Harm, Source, CATEGORIES};
use crate::dungeon_of_chaos::game::{ChaosChoice, ChaosConfig, ChaosEvent, ChaosGame, ChaosSetup, DeckId, Dir};

fn event(name: &str) -> (DeckId, u16) {
    (DeckId::Events, super::game::card(&rules().events.names, name))
}

/// A Warrior on the entry tile with these values (Attack, Defence, Speed, Mind, Health).
fn warrior(stats: [i8; 5]) -> ChaosSetup {
    let mut set = solo("Warrior", ENTRY);
    set.seats[0].stats = Some(stats);
    set
}

/// The seat's last death, checked against its tally by category.
fn last_death(g: &ChaosGame<'_>) -> DeathCause {
    let t = g.hero(0).tally;
    let cause = t.last_death.expect("a death");
    assert_eq!(t.deaths, 1);
    assert_eq!(t.deaths_by[cause.category().index()], 1, "{t:?}");
    cause
}

#[test]
fn chaos_death_by_a_monsters_attack_names_the_monster_and_melee() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = warrior([6, 6, 4, 2, 1]);
    set.monsters = vec![(ENTRY, goblin)];
    // Initiative: Warrior 2 + 4, goblin 8 + 4; its chart 1 (ATTACK): 7 + 2 − 6 = 3 ≥ Health 1.
    set.dice = vec![2, 8, 1, 7];
    let g = game(&set);
    let cause = last_death(&g);
    assert_eq!(
        cause,
        DeathCause {
            fatal: Fatal::Health,
            harm: Harm { source: Source::Monster { monster: goblin, blow: Blow::Attack }, kind: AttackType::Plain }
        }
    );
    assert_eq!((cause.category(), cause.attack()), (Category::Monster, Some("melee")));
}

#[test]
fn chaos_death_by_a_gaze_names_the_attack_type() {
    let basilisk = rules().monster("Basilisk").unwrap();
    let mut set = warrior([6, 6, 4, 2, 2]);
    set.monsters = vec![(ENTRY, basilisk)];
    // Initiative 2 + 4 against 8 + 3; chart 5: Mind test 1 + 2 < 14, the gaze 1 + 1 = 2.
    set.dice = vec![2, 8, 5, 1, 1, 1];
    let g = game(&set);
    let cause = last_death(&g);
    assert_eq!(cause.harm.source, Source::Monster { monster: basilisk, blow: Blow::Chart });
    assert_eq!((cause.category(), cause.attack()), (Category::Monster, Some("gaze")));
}

#[test]
fn chaos_speed_drained_to_0_is_paralysis_by_the_monster() {
    let wraith = rules().monster("Wraith").unwrap();
    let mut set = warrior([6, 6, 1, 2, 26]);
    set.monsters = vec![(ENTRY, wraith)];
    // Initiative 2 + 1 against 8 + 6; chart 4 (TOUCH): 5 + 6 − 6 > 0, Speed 1 − 1.
    set.dice = vec![2, 8, 4, 5];
    let g = game(&set);
    let cause = last_death(&g);
    assert_eq!(cause.fatal, Fatal::Speed);
    assert_eq!(
        cause.harm,
        Harm { source: Source::Monster { monster: wraith, blow: Blow::Touch }, kind: AttackType::Draining }
    );
    assert_eq!((cause.category(), cause.attack()), (Category::Paralysis, Some("draining")));
}

#[test]
fn chaos_mind_lost_to_an_event_is_insanity_by_the_card() {
    let mut set = warrior([6, 6, 4, 1, 26]);
    set.tops = vec![tile1("Small Room"), room("Strange Happenings"), event("Eerie Whispers")];
    // The Mind test: 1 + 1 < 10, Mind 1 − 1.
    set.dice = vec![1];
    let mut g = game(&set);
    let log = play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    let cause = last_death(&g);
    assert!(log.contains(&ChaosEvent::Died { seat: 0, cause }));
    assert_eq!(cause.fatal, Fatal::Mind);
    assert_eq!(cause.harm.source, Source::Card(DeckId::Events));
    assert_eq!((cause.category(), cause.attack()), (Category::Insanity, None));
}

#[test]
fn chaos_health_lost_to_a_trap_card_is_the_cards() {
    let mut set = warrior([6, 6, 4, 2, 3]);
    set.tops = vec![tile1("Small Room"), room("Strange Happenings"), event("Poison Gas")];
    set.dice = vec![3];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: sq(0, 2, 3), dir: Dir::N });
    let cause = last_death(&g);
    assert_eq!(cause.harm, Harm { source: Source::Card(DeckId::Events), kind: AttackType::Poison });
    assert_eq!((cause.category(), cause.attack()), (Category::Card, Some("poison")));
}

#[test]
fn chaos_a_bottomless_pit_is_the_tiles_death() {
    let deep = sq(3, 2, 3);
    let mut set = solo("Warrior", deep);
    set.laid = vec![(deep, tile("Crossroads"), Dir::N)];
    set.tops = vec![tile1("Pit")];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Move { from: deep, dir: Dir::N });
    let cause = last_death(&g);
    assert_eq!(cause.harm.source, Source::Tile(Feature::Pit));
    assert_eq!((cause.category(), cause.attack()), (Category::Tile, None));
}

#[test]
fn chaos_poison_at_the_start_of_his_turn_is_the_ailments_death() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let mut set = warrior([6, 6, 4, 2, 1]);
    let mut ill = Ailments(0);
    ill.add(Ailment::Poisoned);
    set.seats[0].ailments = ill;
    set.monsters = vec![(ENTRY, goblin)];
    // Initiative 8 + 4 against 2 + 4: his turn first, and poison takes his last Health.
    set.dice = vec![8, 2];
    let g = game(&set);
    let cause = last_death(&g);
    assert_eq!(cause.harm, Harm { source: Source::Ailment(Ailment::Poisoned), kind: AttackType::Poison });
    assert_eq!(cause.category(), Category::Ailment);
}

#[test]
fn chaos_his_own_potion_in_combat_is_the_cards_death() {
    let goblin = rules().monster("Frail Goblin").unwrap();
    let poison = super::game::card(&rules().potions.names, "Poison");
    let mut set = warrior([6, 6, 4, 2, 2]);
    set.seats[0].hand = vec![crate::dungeon_of_chaos::combat::HandCard::Potion(poison)];
    set.monsters = vec![(ENTRY, goblin)];
    // Initiative 8 + 4 against 2 + 4; the potion's damage 5.
    set.dice = vec![8, 2, 5];
    let mut g = game(&set);
    play(&mut g, ChaosChoice::Combat(Answer::Drink { slot: 0 }));
    let cause = last_death(&g);
    assert_eq!(cause.harm, Harm { source: Source::Card(DeckId::Potions), kind: AttackType::Poison });
    assert_eq!(cause.category(), Category::Card);
}

#[test]
fn chaos_every_death_of_random_games_has_a_known_cause() {
    let r = rules();
    let mut g = ChaosGame::new(r, &ChaosConfig::new(2), 0, 0, &mut NoObserver).unwrap();
    let mut rng = GameRng::from_seed(27);
    let mut by = [0u64; CATEGORIES.len()];
    for index in 0..300u64 {
        let config = ChaosConfig::new(2 + (index % 3) as u8);
        let mut deaths = Vec::new();
        let mut log = |e: ChaosEvent| {
            if let ChaosEvent::Died { cause, .. } = e {
                deaths.push(cause);
            }
        };
        g.restart(&config, 5, index, &mut log).unwrap();
        fuzz(&mut g, &mut rng, 2_000_000, &mut log, |_, _, _, _| Ok::<(), String>(()))
            .unwrap_or_else(|e| panic!("game {index}: {e}"));
        for c in &deaths {
            assert_ne!(c.category(), Category::Unknown, "game {index}: {c:?}");
            by[c.category().index()] += 1;
        }
        let tallied: u16 = (0..g.seats()).map(|s| g.hero(s).tally.deaths_by.iter().sum::<u16>()).sum();
        assert_eq!(tallied as usize, deaths.len(), "game {index}");
    }
    // Random answers meet monsters, traps and cards.
    assert!(by[Category::Monster.index()] > 0 && by[Category::Card.index()] > 0, "{by:?}");
}
