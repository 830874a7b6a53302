//! The Solo modes and the optional rules, one test per rule with stacked decks, forced dice and
//! laid cards (`DealingSetup`), and the rulebook's examples of those sections. Rulings are in
//! docs/rulings.md ("Dealing Dungeons").

use crate::core::{DecisionGame, NoObserver};
use crate::dealing_dungeons::combat::{Answer, BossAnswer, BossPending, Pending};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::game::{
    AfterDeath, Ask, BagOfHolding, DealingChoice as C, DealingConfig, DealingConfigError, DealingEvent, DealingGame,
    DealingSetup, DeathCause, DungeonSize, End, HeroChoice, HeroPick, Laid, Mode, MonsterAttack, Options, RoomCard,
    SeatSetup, Status,
};
use crate::dealing_dungeons::rules::{Encounter, HeroSide, Loot};
use crate::dealing_dungeons::DealingRules;
use std::sync::OnceLock;

fn rules() -> &'static DealingRules {
    static R: OnceLock<DealingRules> = OnceLock::new();
    R.get_or_init(DealingRules::standard)
}

fn room(id: &str) -> u8 {
    rules().rooms.iter().position(|r| r.id == id).unwrap() as u8
}

fn loot(id: &str) -> u8 {
    rules().loot.iter().position(|r| r.id == id).unwrap() as u8
}

fn enc(id: &str) -> u8 {
    rules().encounter(id).unwrap()
}

fn hero(id: &str) -> u8 {
    rules().hero(id).unwrap()
}

fn boss(id: &str) -> u8 {
    rules().boss(id).unwrap()
}

fn laid(seat: u8, from: u8, side: Side, monster: Option<&str>) -> Laid {
    Laid { seat, from, side, card: Some(room("cross")), turns: 0, monster: monster.map(enc) }
}

/// A Barbarian (+1 Combat) alone at his entrance in `mode`, with this Dungeon Deck.
fn solo(mode: Mode, deck: Vec<u8>) -> DealingSetup {
    let mut s0 = SeatSetup::hero(hero("barbarian"));
    s0.deck = Some(deck);
    DealingSetup { seats: vec![s0], mode, ..DealingSetup::default() }
}

fn game(setup: &DealingSetup) -> DealingGame<'static> {
    DealingGame::from_setup(rules(), setup, 1, &mut NoObserver).unwrap()
}

fn play(g: &mut DealingGame<'_>, c: C) -> Vec<DealingEvent> {
    let legal = g.legal().clone();
    let mut ev = Vec::new();
    g.apply(c, &mut |e| ev.push(e)).unwrap_or_else(|e| panic!("{e}; legal {legal:?}"));
    ev
}

fn ask(g: &DealingGame<'_>) -> (u8, Ask) {
    let d = g.pending().unwrap();
    (d.seat, d.ask)
}

/// The attack the hero must beat in the fight he is in.
fn target(g: &DealingGame<'_>) -> u8 {
    match g.player(0).fight.unwrap().pending() {
        Pending::Choose { target } | Pending::AfterDefend { target } => target,
        p => panic!("no round pending: {p:?}"),
    }
}

fn boss_state(g: &DealingGame<'_>) -> (u8, u8) {
    let (_, f) = g.player(0).boss.unwrap();
    match f.pending() {
        BossPending::Choose { target } => (f.foe_lives(), target),
        p => panic!("no boss round pending: {p:?}"),
    }
}

/// Places the drawn card the first legal way.
fn place(g: &mut DealingGame<'_>) -> Vec<DealingEvent> {
    assert_eq!(ask(g).1, Ask::Place);
    let c = g.legal()[0];
    play(g, c)
}

#[test]
fn dealing_solo_modes_take_one_chosen_hero() {
    for mode in [Mode::SoloRegular, Mode::SoloModerate, Mode::SoloHard] {
        let cfg = DealingConfig::solo(mode, HeroPick::Fixed(hero("mage"), HeroSide::Back));
        let g = DealingGame::new(rules(), &cfg, 2, 0, &mut NoObserver).unwrap();
        assert_eq!((g.seats(), g.player(0).hero, g.player(0).side), (1, hero("mage"), HeroSide::Back));
        assert_eq!(ask(&g), (0, Ask::Action));
        let two = DealingConfig { mode, ..DealingConfig::standard(2) };
        assert_eq!(
            DealingGame::new(rules(), &two, 2, 0, &mut NoObserver).unwrap_err(),
            DealingConfigError::Seats(2, 1, 1)
        );
    }
}

#[test]
fn dealing_each_option_is_refused_where_it_does_not_apply() {
    let o = Options::default();
    let refused = |cfg: DealingConfig, option: &str| match DealingGame::check(rules(), &cfg) {
        Err(DealingConfigError::Option { option: o, reason }) => {
            assert_eq!(o, option);
            assert!(!reason.is_empty());
        }
        other => panic!("{cfg:?}: {other:?}"),
    };
    let random = HeroPick::Random;
    for mode in [Mode::SoloRegular, Mode::SoloHard] {
        refused(
            DealingConfig::solo(mode, random).with(Options { dungeon: DungeonSize::Long(12), ..o }),
            "long dungeon",
        );
        refused(DealingConfig::solo(mode, random).with(Options { heroes: HeroChoice::FromAll, ..o }), "hero choice");
    }
    refused(DealingConfig::standard(2).with(Options { dungeon: DungeonSize::Long(12), ..o }), "long dungeon");
    for k in [11, 16] {
        let cfg = DealingConfig::solo(Mode::SoloModerate, random).with(Options { dungeon: DungeonSize::Long(k), ..o });
        refused(cfg, "long dungeon");
    }
    let fixed = DealingConfig {
        heroes: [HeroPick::Fixed(0, HeroSide::Front), random].into_iter().collect(),
        ..DealingConfig::standard(2)
    };
    refused(fixed.with(Options { heroes: HeroChoice::FromTwoEach, ..o }), "hero choice");
    let moderate = DealingConfig::solo(Mode::SoloModerate, random);
    refused(moderate.clone().with(Options { death: AfterDeath::Replaced, ..o }), "replacement hero");
    // Where they apply they are taken.
    let ok = [
        moderate.with(Options { dungeon: DungeonSize::Long(15), attack: MonsterAttack::Rolled, ..o }),
        DealingConfig::solo(Mode::SoloHard, random).with(Options { death: AfterDeath::Replaced, ..o }),
        DealingConfig::standard(4).with(Options { heroes: HeroChoice::FromTwoEach, death: AfterDeath::Replaced, ..o }),
    ];
    for cfg in ok {
        DealingGame::check(rules(), &cfg).unwrap();
    }
}

#[test]
fn dealing_solo_regular_the_treasure_room_opens_once_no_monster_stands() {
    let mut s = solo(Mode::SoloRegular, vec![]);
    s.laid = vec![laid(0, 0, Side::North, None), laid(0, 1, Side::East, Some("goblin"))];
    s.seats[0].at = 1;
    s.boss_tops = vec![boss("troll-mage")];
    // The goblin: 6+6. Boss 1+1+1, hero 6+6; Regenerate's die 1; boss 1+1+1, hero 6+6.
    s.dice = vec![6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1, 6, 6];
    s.loot_tops = vec![loot("purse"), loot("gem"), loot("coins"), loot("goblet")];
    let mut g = game(&s);
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(!g.legal().contains(&C::Build), "a monster stands: the Treasure Room stays shut");
    play(&mut g, C::Move(2));
    assert_eq!(ask(&g), (0, Ask::Fight), "stopped by the goblin, faced next turn");
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(g.legal().contains(&C::Build), "the dungeon is clear");
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!(ask(&g), (0, Ask::Boss));
    play(&mut g, C::Boss(BossAnswer::Fight));
    play(&mut g, C::Boss(BossAnswer::Fight));
    assert_eq!(g.end(), Some(End::Boss(0)), "defeating the End Boss wins");
    assert_eq!(g.player(0).status, Status::Victor);
    assert!(g.won(0));
}

/// Solo Moderate up to the boss's fall: one room laid, the Treasure Room next, the Troll Mage
/// beaten in two rounds (11 dice).
fn moderate_after_boss(lives: u8) -> (DealingSetup, DealingGame<'static>) {
    let mut s = solo(Mode::SoloModerate, vec![]);
    s.seats[0].lives = Some(lives);
    s.laid = vec![laid(0, 0, Side::North, None)];
    s.seats[0].at = 1;
    s.boss_tops = vec![boss("troll-mage")];
    s.encounter_tops = vec![enc("werewolf")];
    s.dice = vec![1, 1, 1, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6];
    s.loot_tops = vec![loot("purse"), loot("gem"), loot("coins"), loot("goblet")];
    if lives == 1 {
        s.dice.truncate(11);
        s.dice.extend([1, 1]);
    }
    let mut g = game(&s);
    play(&mut g, C::Build);
    place(&mut g);
    play(&mut g, C::Boss(BossAnswer::Fight));
    let ev = play(&mut g, C::Boss(BossAnswer::Fight));
    assert!(ev.contains(&DealingEvent::Reset(0)), "{ev:?}");
    (s, g)
}

#[test]
fn dealing_solo_moderate_the_dungeon_resets_and_the_werewolf_has_9_attack_and_2_lives() {
    let (_, mut g) = moderate_after_boss(3);
    assert_eq!(g.end(), None, "the boss's fall does not end Solo Moderate");
    assert_eq!(g.player(0).status, Status::Playing);
    assert_eq!(g.player(0).bag_gold, 10 + 20 + 5, "the boss's three Loot cards");
    let d = g.dungeon(0);
    assert!(!d[0].fresh && d[1].fresh && !d[2].fresh, "every room but the entrance and Treasure Room resets");
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(g.legal().contains(&C::Move(1)) && !g.legal().contains(&C::Move(0)), "a reset room stops the way out");
    let ev = play(&mut g, C::Move(1));
    assert!(ev.contains(&DealingEvent::Encounter { seat: 0, card: enc("werewolf") }), "met again: a new card");
    assert_eq!(ask(&g), (0, Ask::Fight));
    // "The Werewolf now has a 9 for it's Attack Value and 2 Lives."
    assert_eq!(g.dungeon(0)[1].monster.unwrap().lives, 2);
    assert_eq!(target(&g), 9);
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(g.dungeon(0)[1].monster.unwrap().lives, 1, "6+6+1 beats 9: a wound");
    play(&mut g, C::Combat(Answer::Fight));
    assert!(g.dungeon(0)[1].monster.is_none());
    assert_eq!(g.xp(0), 7, "the XP is the printed attack");
    play(&mut g, C::Move(0));
    assert_eq!(g.end(), Some(End::Boss(0)), "out of the dungeon: the game is won");
    assert!(g.won(0));
}

#[test]
fn dealing_solo_moderate_dying_on_the_way_out_ends_the_game() {
    let (_, mut g) = moderate_after_boss(1);
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(g.player(0).status, Status::Dead(DeathCause::Monster));
    assert_eq!(g.end(), Some(End::NoneLeft));
    assert_eq!(g.outcome(0).score, 0);
}

#[test]
fn dealing_solo_moderate_builds_a_long_dungeon_of_12_to_15_cards() {
    for k in 12..=15u8 {
        let cfg = DealingConfig::solo(Mode::SoloModerate, HeroPick::Random)
            .with(Options { dungeon: DungeonSize::Long(k), ..Options::default() });
        let g = DealingGame::new(rules(), &cfg, 4, k as u64, &mut NoObserver).unwrap();
        assert_eq!(g.player(0).deck.len(), k as usize + 1);
        assert_eq!(g.dungeon_cards(), k as usize + 2);
    }
}

#[test]
fn dealing_solo_hard_stacks_four_levels_without_darkness_empty_or_nothing() {
    let cfg = DealingConfig::solo(Mode::SoloHard, HeroPick::Random);
    let g = DealingGame::new(rules(), &cfg, 4, 0, &mut NoObserver).unwrap();
    let deck = &g.player(0).deck;
    assert_eq!(deck.len(), 44);
    let treasures: Vec<usize> = (0..44).filter(|&i| deck[i] == RoomCard::Treasure).collect();
    assert_eq!(treasures, vec![0, 11, 22, 33], "ten room cards on each of four Treasure Room cards");
    assert_eq!(g.dungeon_cards(), 45);
    let monsters = rules()
        .encounter_deck
        .iter()
        .filter(|&&c| matches!(rules().encounters[c as usize].encounter, Encounter::Monster(_)));
    assert_eq!(g.encounter_cards(), monsters.count());
    let nothing = rules().loot_deck.iter().filter(|&&c| rules().loot[c as usize].loot == Loot::Nothing).count();
    assert_eq!(g.loot_left(), rules().loot_deck.len() - nothing);
    assert!(nothing > 0 && g.encounter_cards() < rules().encounter_deck.len());
}

#[test]
fn dealing_solo_hard_a_boss_gives_2_loot_cards_and_a_magic_door_to_level_2() {
    let mut s = solo(Mode::SoloHard, vec![room("cross"); 4]);
    s.encounter_tops = vec![enc("goblin"), enc("orc")];
    s.boss_tops = vec![boss("troll-mage")];
    // Goblin (printed 5): 6+6. Troll Mage: 1+1+1, 6+6; Regenerate 1; 1+1+1, 6+6. Orc's 2D6: 2+3.
    s.dice = vec![6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1, 6, 6, 2, 3];
    s.loot_tops = vec![loot("purse"), loot("gem"), loot("coins")];
    let mut g = game(&s);
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!((target(&g), g.dungeon(0)[1].monster.unwrap().lives), (5, 1), "level 1 as printed");
    play(&mut g, C::Combat(Answer::Fight));
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!(boss_state(&g), (2, 3), "level 1's boss as printed");
    play(&mut g, C::Boss(BossAnswer::Fight));
    let ev = play(&mut g, C::Boss(BossAnswer::Fight));
    let loot_cards = ev.iter().filter(|e| matches!(e, DealingEvent::Loot { .. })).count();
    assert_eq!(loot_cards, 2, "Solo Hard: 2 Loot cards a boss");
    assert_eq!(g.end(), None);
    // "A magic door opens, place a Secret Door Token."
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(g.legal().iter().all(|c| matches!(c, C::Search(_))) && !g.legal().is_empty());
    let tokens = g.door_tokens();
    let c = g.legal()[0];
    play(&mut g, c);
    assert_eq!(g.door_tokens(), tokens - 1);
    assert_eq!(ask(&g), (0, Ask::Action));
    play(&mut g, C::Build);
    place(&mut g);
    let d = g.dungeon(0);
    assert_eq!((d[2].card, d[2].level, d[3].level), (RoomCard::Treasure, 0, 1), "the next card starts level 2");
    assert_eq!(d[3].parent, 2, "built off the Treasure Room's secret door");
    // Level 2: "Roll 2D6, this is the monster's new attack value", +1 life.
    assert_eq!((target(&g), g.dungeon(0)[3].monster.unwrap().lives), (2 + 3, 2));
}

#[test]
fn dealing_solo_hard_level_3_monsters_roll_2d6_plus_2_and_its_boss_has_2_more_lives_and_3_more_attack() {
    let mut s = solo(Mode::SoloHard, vec![room("cross"); 2]);
    s.levels_cleared = 2;
    s.encounter_tops = vec![enc("goblin")];
    s.boss_tops = vec![boss("shadow")];
    s.dice = vec![1, 1, 6, 6, 2, 2, 6, 6, 1, 1, 1];
    s.loot_tops = vec![loot("purse")];
    let mut g = game(&s);
    assert_eq!(g.player(0).deck.len(), 4, "levels 3 and 4 left");
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!((target(&g), g.dungeon(0)[1].monster.unwrap().lives), (1 + 1 + 2, 2));
    play(&mut g, C::Combat(Answer::Fight));
    assert_eq!(target(&g), 2 + 2 + 2, "rolled again each round");
    play(&mut g, C::Combat(Answer::Fight));
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!(boss_state(&g), (2 + 2, 3 + 3));
}

#[test]
fn dealing_solo_hard_at_level_4_the_troll_mage_has_5_lives() {
    let mut s = solo(Mode::SoloHard, vec![room("cross")]);
    s.levels_cleared = 3;
    s.encounter_tops = vec![enc("goblin")];
    s.boss_tops = vec![boss("troll-mage")];
    s.dice = vec![1, 1, 1, 6, 6, 1, 1, 1];
    s.loot_tops = vec![loot("purse")];
    let mut g = game(&s);
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!((target(&g), g.dungeon(0)[1].monster.unwrap().lives), (3 + 2, 2), "level 4: 3D6 + 2");
    play(&mut g, C::Combat(Answer::Fight));
    assert!(g.dungeon(0)[1].monster.is_some(), "wounded, one life left");
}

#[test]
fn dealing_solo_hard_the_level_4_boss_is_the_last() {
    let mut s = solo(Mode::SoloHard, vec![]);
    s.levels_cleared = 3;
    s.seats[0].deck = Some(vec![]);
    s.boss_tops = vec![boss("troll-mage")];
    s.dice = vec![1, 1, 1, 6, 6];
    let mut g = game(&s);
    play(&mut g, C::Build);
    place(&mut g);
    assert_eq!(boss_state(&g), (2 + 3, 3 + 4), "\"At Level 4 the Troll Mage has 5 lives\", +4 attack");
}

#[test]
fn dealing_solo_hard_heroes_level_past_3_as_the_barbarian() {
    let mut s = solo(Mode::SoloHard, vec![room("cross"); 4]);
    s.seats[0].level = 3;
    s.seats[0].dashboard = vec![enc("werewolf"), enc("werewolf"), enc("goblin")];
    s.laid = vec![laid(0, 0, Side::North, None)];
    let mut g = game(&s);
    play(&mut g, C::Move(1));
    assert_eq!(ask(&g), (0, Ask::Exchange));
    assert!(g.legal().contains(&C::Level));
    play(&mut g, C::Level);
    assert_eq!(g.player(0).level, 4);
    assert_eq!((g.fighter(0).skills.combat, g.fighter(0).skills.defend), (4, 1), "Level 4 +4 to Combat");
    // Standard stops at the card's three levels.
    let mut std = s.clone();
    std.mode = Mode::SoloRegular;
    std.seats[0].deck = Some(vec![room("cross")]);
    let mut g = game(&std);
    play(&mut g, C::Move(1));
    assert_ne!(g.pending().map(|d| d.ask), Some(Ask::Exchange), "no level past 3 outside Solo Hard");
    assert_eq!(g.player(0).level, 3);
}

#[test]
fn dealing_more_of_a_challenge_rolls_the_monster_attack_on_2d6_each_round() {
    let mut s0 = SeatSetup::hero(hero("barbarian"));
    s0.deck = Some(vec![room("cross"); 9]);
    s0.at = 1;
    let mut s1 = SeatSetup::hero(hero("knight"));
    s1.deck = Some(vec![room("cross"); 9]);
    let mut s = DealingSetup {
        seats: vec![s0, s1],
        laid: vec![laid(0, 0, Side::North, Some("ogre")), laid(1, 0, Side::North, None)],
        options: Options { attack: MonsterAttack::Rolled, ..Options::default() },
        ..DealingSetup::default()
    };
    // The Ogre (printed 8, 2 lives): rolled 3+4 = 7; the hero's 6+2 (+1) = 9 wins; rolled again 6+6.
    s.dice = vec![3, 4, 6, 2, 6, 6];
    let mut g = game(&s);
    assert_eq!(target(&g), 7);
    let ev = play(&mut g, C::Combat(Answer::Fight));
    assert!(ev.iter().any(|e| matches!(e, DealingEvent::Combat { target: 7, total: 9, .. })), "{ev:?}");
    assert_eq!(g.dungeon(0)[1].monster.unwrap().lives, 1);
    assert_eq!(g.player(0).fight.unwrap().pending(), Pending::Choose { target: 12 }, "rerolled each round");
}

#[test]
fn dealing_a_replacement_hero_starts_at_level_one_in_a_reset_dungeon() {
    let mut s0 = SeatSetup::hero(hero("barbarian"));
    s0.deck = Some(vec![room("cross"); 8]);
    s0.at = 1;
    s0.lives = Some(1);
    s0.hand = vec![loot("short-sword")];
    s0.dashboard = vec![enc("bandit")];
    let mut s1 = SeatSetup::hero(hero("knight"));
    s1.deck = Some(vec![room("cross"); 9]);
    let mut s = DealingSetup {
        seats: vec![s0, s1],
        laid: vec![
            laid(0, 0, Side::North, Some("goblin")),
            laid(0, 1, Side::North, None),
            laid(1, 0, Side::North, None),
        ],
        options: Options { death: AfterDeath::Replaced, ..Options::default() },
        encounter_tops: vec![enc("orc")],
        ..DealingSetup::default()
    };
    s.dice = vec![1, 1];
    let mut g = game(&s);
    let loot_before = g.loot_left();
    let discard_before = g.encounter_piles().1;
    let ev = play(&mut g, C::Combat(Answer::Fight));
    assert!(ev.contains(&DealingEvent::Died(0)));
    let new = ev.iter().find_map(|e| match e {
        DealingEvent::NewHero { seat: 0, hero, .. } => Some(*hero),
        _ => None,
    });
    let new = new.expect("a replacement hero");
    assert!(new != hero("barbarian") && new != hero("knight"), "one of the remaining heroes");
    let p = g.player(0);
    assert_eq!((p.hero, p.status, p.lives, p.level, p.at), (new, Status::Playing, 3, 1, 0));
    assert!(p.hand.is_empty() && p.dashboard.is_empty() && p.bag.is_empty());
    assert_eq!(p.stats.heroes_lost, 1);
    assert_eq!(
        p.stats.first_death,
        Some((hero("barbarian"), HeroSide::Front, DeathCause::Monster)),
        "the first hero kept"
    );
    assert_eq!(g.loot_left(), loot_before + 1, "the loot goes back to its deck");
    assert_eq!(g.encounter_piles().1, discard_before + 2, "the XP card and the standing monster are discarded");
    let d = g.dungeon(0);
    assert!(d[1].fresh && d[2].fresh && d[1].monster.is_none(), "the rooms stay, reset");
    assert_eq!(g.player(0).deck.len(), 9, "the Dungeon Deck as it was");
    // Seat 1 plays; then the new hero walks in and meets the first room again.
    while g.pending().unwrap().seat == 1 {
        let c = g.legal().iter().copied().find(|c| matches!(c, C::Move(_) | C::Go)).unwrap_or(g.legal()[0]);
        play(&mut g, c);
    }
    assert!(g.legal().contains(&C::Move(1)) && !g.legal().contains(&C::Move(2)));
    let ev = play(&mut g, C::Move(1));
    assert!(ev.contains(&DealingEvent::Encounter { seat: 0, card: enc("orc") }));
    assert_eq!(ask(&g), (0, Ask::Fight));
}

/// Solo Hard with a replacement hero: the dead hero's level is not open to the new one. He
/// walks back through the reset levels, meets each Treasure Room's boss again, and builds the
/// next level only off the newest one's magic door; its rooms have that level's numbers.
#[test]
fn dealing_solo_hard_a_replacement_hero_builds_the_next_level_only_past_the_newest_boss() {
    let mut s = solo(Mode::SoloHard, vec![room("cross"); 4]);
    s.seats[0].lives = Some(1);
    s.options = Options { death: AfterDeath::Replaced, ..Options::default() };
    s.encounter_tops = vec![enc("goblin"), enc("orc"), enc("bandit")];
    s.boss_tops = vec![boss("troll-mage"), boss("minotaur-chief")];
    s.loot_tops = vec![loot("purse"), loot("coins"), loot("gem"), loot("goblet")];
    // Goblin: 6+6. Troll Mage: 6+6+6 against 1+1, the last life. Orc: 6+6. Minotaur (3
    // lives): three rounds of 1+1+1 against 6+6. The level-2 Bandit's rolled attack: 2+3.
    s.dice = vec![6, 6, 6, 6, 6, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 6, 6, 2, 3];
    let mut g = game(&s);
    play(&mut g, C::Build);
    place(&mut g);
    play(&mut g, C::Combat(Answer::Fight));
    play(&mut g, C::Build);
    place(&mut g);
    let ev = play(&mut g, C::Boss(BossAnswer::Fight));
    assert!(ev.contains(&DealingEvent::Died(0)), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, DealingEvent::NewHero { seat: 0, .. })));
    assert_eq!((g.player(0).at, g.player(0).bosses), (0, 0), "level 1's boss still stands");
    // No card of level 2 from the entrance (nor a Secret Door there): level 1's boss first.
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(!g.legal().contains(&C::Build) && !g.legal().iter().any(|c| matches!(c, C::Search(_))), "{:?}", g.legal());
    assert!(!g.builds_from(0, 0) && !g.builds_from(0, 1));
    play(&mut g, C::Move(1));
    play(&mut g, C::Combat(Answer::Fight));
    assert!(!g.legal().contains(&C::Build), "room 1 is level 1's: {:?}", g.legal());
    play(&mut g, C::Move(2));
    assert_eq!(boss_state(&g), (3, 3), "a new End Boss in the reset Treasure Room, level 1's numbers");
    for _ in 0..3 {
        play(&mut g, C::Boss(BossAnswer::Fight));
    }
    assert_eq!(g.player(0).bosses, 1);
    // The newest Treasure Room: its magic door, then level 2 off it.
    assert_eq!(ask(&g), (0, Ask::Action));
    assert!(g.legal().iter().all(|c| matches!(c, C::Search(_))) && !g.legal().is_empty());
    let c = g.legal()[0];
    play(&mut g, c);
    assert!(g.builds_from(0, 2) && g.legal().contains(&C::Build));
    play(&mut g, C::Build);
    place(&mut g);
    let d = g.dungeon(0);
    assert_eq!((d[3].parent, d[3].level), (2, 1), "level 2's first room, off the magic door");
    assert_eq!((target(&g), d[3].monster.unwrap().lives), (2 + 3, 2), "level 2's numbers");
    assert_eq!(g.end(), None);
}

/// Replacement heroes meet Treasure Rooms again, so the End Boss deck can run out: it is made
/// again from the bosses defeated, shuffled, as the Encounter deck is.
#[test]
fn dealing_an_empty_end_boss_deck_is_made_again_from_the_defeated_bosses() {
    let mut s = solo(Mode::SoloRegular, vec![]);
    s.boss_pile = Some(vec![]);
    let mut g = game(&s);
    play(&mut g, C::Build);
    let ev = place(&mut g);
    let reshuffled = ev.iter().position(|e| *e == DealingEvent::BossesReshuffled);
    let drawn = ev.iter().position(|e| matches!(e, DealingEvent::BossDrawn { seat: 0, .. }));
    assert!(reshuffled.is_some() && reshuffled < drawn, "{ev:?}");
    assert_eq!(ask(&g), (0, Ask::Boss));
    assert_eq!(g.bosses_left(), rules().bosses.len() - 1);
}

#[test]
fn dealing_the_hero_choice_procedures_deal_two_each_or_offer_all() {
    for (choice, offered) in [(HeroChoice::FromTwoEach, 2 * 3), (HeroChoice::FromAll, rules().heroes.len())] {
        for i in 0..20 {
            let cfg = DealingConfig::standard(3).with(Options { heroes: choice, ..Options::default() });
            let mut g = DealingGame::new(rules(), &cfg, 9, i, &mut NoObserver).unwrap();
            let mut seen = Vec::new();
            for k in 0..3 {
                let (seat, a) = ask(&g);
                assert_eq!(a, Ask::Hero);
                assert_eq!(g.legal().len(), 2 * (offered - k), "both sides of every card left on offer");
                assert!(!seen.contains(&seat), "each seat chooses once");
                seen.push(seat);
                let c = g.legal()[(i as usize * 7 + k) % g.legal().len()];
                play(&mut g, c);
                let C::Hero { hero, side } = c else { panic!() };
                assert_eq!((g.player(seat).hero, g.player(seat).side), (hero, side));
            }
            let heroes: Vec<u8> = (0..3).map(|s| g.player(s).hero).collect();
            assert!(heroes[0] != heroes[1] && heroes[1] != heroes[2] && heroes[0] != heroes[2]);
            assert_eq!(ask(&g), (g.first(), Ask::Action), "then round 1");
        }
    }
}

#[test]
fn dealing_the_bag_of_holding_swap_at_the_start_of_a_turn_in_an_empty_room() {
    let swap = Options { bag: BagOfHolding::Swap, ..Options::default() };
    for (mode, options, swaps) in [
        (Mode::SoloHard, Options::default(), true),
        (Mode::SoloRegular, Options::default(), false),
        (Mode::SoloRegular, swap, true),
    ] {
        let mut s = solo(mode, vec![room("cross"); 4]);
        s.options = options;
        s.seats[0].hand = vec![loot("short-sword")];
        s.laid = vec![laid(0, 0, Side::North, Some("goblin"))];
        s.seats[0].at = 1;
        s.dice = vec![6, 6];
        s.loot_tops = vec![loot("battle-axe")];
        let mut g = game(&s);
        assert_eq!(ask(&g), (0, Ask::Fight), "no swap beside a monster");
        play(&mut g, C::Combat(Answer::Fight));
        play(&mut g, C::Bag);
        if !swaps {
            assert_eq!(ask(&g), (0, Ask::Action), "{mode:?}: once in the bag, it cannot be removed");
            continue;
        }
        assert_eq!(ask(&g), (0, Ask::Potion));
        assert_eq!(g.legal().as_slice(), &[C::Swap { slot: 0, bag: 0 }, C::Go]);
        play(&mut g, C::Swap { slot: 0, bag: 0 });
        let p = g.player(0);
        assert_eq!((p.hand.as_slice(), p.bag.as_slice()), (&[loot("battle-axe")][..], &[loot("short-sword")][..]));
        assert_eq!(p.bag_gold, 20, "an In Hand card counts 20 in the bag or in hand");
        // A slot is swapped once a turn: swapping it back would only undo the choice, and
        // an endless exchange would leave the turn without end.
        assert_eq!(ask(&g), (0, Ask::Action), "{mode:?}: no second swap of slot 0 this turn");
    }
}

/// `restart` clears in place only what a game changed (docs/perf.md): a game restarted after
/// games of every mode plays as a fresh one, state by state (the table's grid included), with
/// the same answers (the last legal one each time, so rooms fill the table).
#[test]
fn dealing_restart_in_place_is_a_fresh_game() {
    let configs = [
        DealingConfig::coop(3),
        DealingConfig::standard(4),
        DealingConfig::chaos(3),
        DealingConfig::solo(Mode::SoloHard, HeroPick::Random),
        DealingConfig::standard(2),
        DealingConfig::coop(2),
        DealingConfig::solo(Mode::SoloModerate, HeroPick::Random),
        DealingConfig::chaos(4),
        DealingConfig::standard(3),
    ];
    let mut kept = DealingGame::new(rules(), &configs[0], 5, 0, &mut NoObserver).unwrap();
    let (w, d) = rules().geometry.table_spaces;
    for (i, config) in configs.iter().enumerate().cycle().take(2 * configs.len()) {
        let index = i as u64 + 1;
        kept.restart(config, 5, index, &mut NoObserver).unwrap();
        let mut fresh = DealingGame::new(rules(), config, 5, index, &mut NoObserver).unwrap();
        let mut steps = 0;
        loop {
            assert_eq!(format!("{kept:?}"), format!("{fresh:?}"), "{:?} step {steps}", config.mode);
            for (x, y) in (0..w as i8).flat_map(|x| (0..d as i8).map(move |y| (x, y))) {
                assert_eq!(kept.room_at(x, y), fresh.room_at(x, y), "{:?} step {steps}", config.mode);
            }
            let Some(&c) = fresh.legal().last() else { break };
            if steps > 3_000 {
                break;
            }
            kept.apply(c, &mut NoObserver).unwrap();
            fresh.apply(c, &mut NoObserver).unwrap();
            steps += 1;
        }
    }
}
