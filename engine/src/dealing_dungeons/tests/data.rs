//! Dealing Dungeons data: the embedded files load, keep every number and example of the
//! rulebook, mark their estimates, and every kind of bad value is refused with its file and
//! line.

use crate::dealing_dungeons::data::{AttackRule, BossSkill, PotionEffect, Side};
use crate::dealing_dungeons::rules::{Encounter, HeroSide, Loot, Skills};
use crate::dealing_dungeons::{DealingRules, DealingSources};
use crate::dungeonquest::rules::{DataError, Source};

fn rules() -> DealingRules {
    DealingRules::standard()
}

fn skills(combat: i8, defend: i8, range: u8) -> Skills {
    Skills { combat, defend, range, hand_slots: 1, ..Skills::default() }
}

#[test]
fn the_embedded_data_has_every_component_of_the_box() {
    let r = rules();
    assert_eq!(r.room_deck.len(), 44, "44 Room Cards");
    assert_eq!(r.encounter_deck.len(), 48, "48 Encounter Cards");
    assert_eq!(r.loot_deck.len(), 60, "60 Loot Cards");
    assert_eq!(r.bosses.len(), 16, "16 End Boss Cards");
    assert_eq!(r.heroes.len(), 18, "18 Hero Cards (double sided)");
    let special = r.loot_deck.iter().filter(|&&i| matches!(r.loot[i as usize].loot, Loot::SpecialPotion(_))).count();
    assert_eq!(special, 4, "the four special Healing Potions");
    // Four door locations: one doorway per side at most, and every room can be entered.
    for room in r.rooms.iter().chain([&r.entrance, &r.treasure_room]) {
        assert!((1..=4).contains(&room.door_count()), "{}", room.id);
    }
    assert!(r.rooms.iter().any(|x| x.door_count() < 4), "some rooms have fewer doorways than others");
    assert!(r.treasure_room.has_door(Side::South));
    // Darkness, Empty (Encounter deck) and Nothing (Loot deck), which Solo Hard removes.
    assert!(r.encounters.iter().any(|e| e.encounter == Encounter::Darkness));
    assert!(r.encounters.iter().any(|e| e.encounter == Encounter::Empty));
    assert!(r.loot.iter().any(|l| l.loot == Loot::Nothing));
    // N/A defenses and the Range icon both exist.
    let monsters: Vec<_> = r
        .encounters
        .iter()
        .filter_map(|e| if let Encounter::Monster(m) = e.encounter { Some(m) } else { None })
        .collect();
    assert!(monsters.iter().any(|m| m.defense.is_none()));
    assert!(monsters.iter().any(|m| m.range));
    assert_eq!(DealingSources::FILES.len(), 6);
}

#[test]
fn every_card_carries_its_estimate() {
    let s = DealingSources::embedded();
    for src in [s.rooms, s.encounters, s.loot, s.bosses] {
        for line in src.text.lines().filter(|l| l.contains("id: \"")) {
            assert!(line.contains("estimated: Some(\""), "{}: {line}", src.name);
        }
        assert!(src.text.contains("ESTIMATED:"), "{} explains its estimate", src.name);
    }
    let heroes = s.heroes.text;
    assert_eq!(heroes.matches("id: \"").count(), heroes.matches("estimated: Some(\"").count());
}

#[test]
fn the_werewolf_has_attack_7_and_one_life() {
    let r = rules();
    let w = r.monster("werewolf").unwrap();
    assert_eq!((w.attack, w.lives), (7, 1));
    // Solo Moderate: "+2 to their Attack and +1 to their Lives": "The Werewolf now has a 9 for
    // it's Attack Value and 2 Lives."
    assert_eq!((w.attack + r.modes.moderate_attack, w.lives + r.modes.moderate_lives), (9, 2));
    // "The XP Value is equal to the monster's attack value": one Werewolf buys a life.
    assert_eq!(w.attack, r.modes.xp_per_life);
    assert!(r.monster("ghoul").is_some(), "Co-Op's example names a Ghoul");
}

#[test]
fn the_troll_mage_has_two_lives_and_five_at_solo_hard_level_4() {
    let r = rules();
    let t = &r.bosses[r.boss("troll-mage").unwrap() as usize];
    assert_eq!(t.lives, 2);
    assert_eq!(t.lives + r.modes.hard_levels[3].boss_lives, 5, "At Level 4 the Troll Mage has 5 lives.");
}

#[test]
fn the_barbarian_levels_as_in_the_solo_hard_example() {
    let r = rules();
    let b = &r.heroes[r.hero("barbarian").unwrap() as usize];
    let at = |l| b.skills(HeroSide::Front, l);
    assert_eq!(at(1), skills(1, 0, 0));
    assert_eq!(at(2), skills(2, 0, 0));
    assert_eq!(at(3), skills(3, 1, 0));
    // Level 4 +4 to Combat ... Level 6 +6 to Combat & +2 to Defend ... Level 9 +9 & +3.
    for (level, combat, defend) in [(4, 4, 1), (5, 5, 1), (6, 6, 2), (7, 7, 2), (8, 8, 2), (9, 9, 3)] {
        assert_eq!(at(level), skills(combat, defend, 0), "level {level}");
    }
    assert_eq!(b.skills(HeroSide::Back, 6), at(6), "the back side plays the same levels");
}

#[test]
fn the_level_card_example_and_the_mage() {
    let r = rules();
    let ranger = &r.heroes[r.hero("ranger").unwrap() as usize];
    // Level 1 +1 to Range; Level 2 now +1 Range and +1 Defend; Level 3 now +3 Combat, +1 Defend.
    assert_eq!(ranger.skills(HeroSide::Front, 1), skills(0, 0, 1));
    assert_eq!(ranger.skills(HeroSide::Front, 2), skills(0, 1, 1));
    assert_eq!(ranger.skills(HeroSide::Front, 3), skills(3, 1, 1));
    let mage = &r.heroes[r.hero("mage").unwrap() as usize];
    assert_eq!(mage.skills(HeroSide::Front, 1).range, 2, "Mage with a +2 Range bonus");
    assert!(r.heroes.iter().any(|h| h.levels[0][0].hand_slots > 1), "Some Heroes can equip more than one");
}

#[test]
fn the_mode_numbers_are_the_rulebooks() {
    let m = rules().modes;
    let k = m.components;
    assert_eq!((k.life_tokens, k.potion_tokens, k.door_tokens, k.dice), (30, 4, 24, 6));
    assert_eq!((k.entrance_cards, k.treasure_room_cards, k.dashboards), (4, 4, 4));
    assert_eq!(m.players, (2, 4));
    assert_eq!((m.entrance_spacing[2], m.entrance_spacing[3], m.entrance_spacing[4]), (8, 10, 10));
    assert_eq!((m.dungeon_rooms, m.start_lives, m.max_lives, m.potion_tokens), (10, 3, 3, 1));
    assert_eq!((m.xp_per_life, m.xp_per_level, m.exchanges_per_turn), (7, 15, 1));
    assert_eq!((m.gold_per_in_hand, m.gold_per_potion, m.defend_bonus), (20, 10, 2));
    assert_eq!((m.boss_dice, m.boss_loot, m.kilter_after_lives_lost, m.challenge_attack_dice), (3, 3, 2, 2));
    assert_eq!(m.long_dungeon, (12, 15));
    let hard: Vec<_> =
        m.hard_levels.iter().map(|l| (l.monster_attack, l.monster_lives, l.boss_lives, l.boss_attack)).collect();
    assert_eq!(
        hard,
        [
            (AttackRule::Printed, 0, 0, 0),
            (AttackRule::Rolled { dice: 2, plus: 0 }, 1, 1, 2),
            (AttackRule::Rolled { dice: 2, plus: 2 }, 1, 2, 3),
            (AttackRule::Rolled { dice: 3, plus: 2 }, 1, 3, 4),
        ]
    );
    assert_eq!((m.hard_boss_loot, m.hard_missed_turn_lives), (2, 1));
    assert_eq!((m.coop_rooms[2], m.coop_rooms[3], m.coop_rooms[4]), (10, 9, 8));
    // "They rolled a 4. The Ghoul now has 3 lives": 2 for the roll, 1 for two heroes.
    assert_eq!(m.coop_monster_lives[4 - 1] + m.coop_crowd_lives, 3);
    assert_eq!(m.coop_monster_lives, [1, 1, 1, 2, 2, 2]);
    assert_eq!((m.coop_minions, m.coop_minion_lives, m.coop_minion_attack, m.coop_crowd_attack), (2, 3, 1, 1));
    assert_eq!((m.coop_boss_lives[3], m.coop_boss_lives[4], m.coop_move), (2, 3, 3));
    assert_eq!((m.chaos_boss_lives, m.chaos_boss_heal, m.chaos_attack_back_on), (1, [1, 1, 1, 1, 2, 2], 1));
}

#[test]
fn boss_skills_and_potions_use_the_closed_vocabularies() {
    let r = rules();
    let skills: Vec<BossSkill> = r.bosses.iter().map(|b| b.skill).collect();
    assert!(skills.contains(&BossSkill::Relentless) && skills.contains(&BossSkill::Disarm));
    let potions: Vec<PotionEffect> =
        r.loot.iter().filter_map(|l| if let Loot::SpecialPotion(p) = l.loot { Some(p) } else { None }).collect();
    assert_eq!(potions.len(), 4);
    assert_ne!(r.data_hash, 0);
}

/// Loads the embedded data with the first `from` of file `file` replaced by `to`.
fn load_edited(file: &str, from: &str, to: &str) -> (Result<DealingRules, DataError>, String) {
    let base = DealingSources::embedded();
    let pick = |s: Source<'static>| s.name.ends_with(file);
    let all = [base.game, base.rooms, base.encounters, base.loot, base.bosses, base.heroes];
    let target = all.iter().find(|s| pick(**s)).unwrap_or_else(|| panic!("no file {file}"));
    assert!(target.text.contains(from), "{file} holds {from:?}");
    let edited = target.text.replacen(from, to, 1);
    let with = |s: Source<'static>| -> Source<'_> {
        if pick(s) {
            Source { name: s.name, text: &edited }
        } else {
            s
        }
    };
    let src = DealingSources {
        game: with(base.game),
        rooms: with(base.rooms),
        encounters: with(base.encounters),
        loot: with(base.loot),
        bosses: with(base.bosses),
        heroes: with(base.heroes),
    };
    (DealingRules::load(src), edited.clone())
}

/// Bad data: (file, text replaced, replacement, a text on the line the error must name
/// (its `skip`-th occurrence in the edited file), a part of the message).
const BAD: &[(&str, &str, &str, &str, usize, &str)] = &[
    ("encounters.ron", "attack: 7, defense: Some(4)", "attack: 7,, defense: Some(4)", "\"werewolf\"", 0, "column"),
    ("encounters.ron", "lives: 1, skills: [Range]", "lives: 1, skills: [Flying]", "\"kobold-archer\"", 0, "Flying"),
    ("rooms.ron", "copies: 6,", "copies: 6, colour: 1,", "\"cross\"", 0, "colour"),
    ("encounters.ron", "size: 48", "size: 47", "size: 47", 0, "add up to 48, not size 47"),
    ("loot.ron", "id: \"mace\"", "id: \"short-sword\"", "id: \"short-sword\"", 1, "duplicate loot id"),
    ("loot.ron", "copies: 4,", "copies: 0,", "\"coins\"", 0, "0 copies"),
    ("rooms.ron", "doors: [South], copies: 2", "doors: [], copies: 2", "\"end-s\"", 0, "no doorway"),
    (
        "rooms.ron",
        "doors: [North, East, South, West]",
        "doors: [North, North, South, West]",
        "\"cross\"",
        0,
        "two doorways",
    ),
    ("encounters.ron", "attack: 7, defense: Some(4)", "attack: 13, defense: Some(4)", "\"werewolf\"", 0, "attack 13"),
    ("encounters.ron", "attack: 7, defense: Some(4)", "attack: 7, defense: Some(7)", "\"werewolf\"", 0, "defense 7"),
    ("bosses.ron", "lives: 2, skill: Regenerate(5)", "lives: 0, skill: Regenerate(5)", "\"troll-mage\"", 0, "0 lives"),
    ("bosses.ron", "Regenerate(5)", "Regenerate(7)", "\"troll-mage\"", 0, "1D6"),
    (
        "heroes.ron",
        "[[Combat(1)], [Combat(2)]",
        "[[Combat(1)], [Combat(0)]",
        "\"barbarian\"",
        0,
        "level 2 is below level 1",
    ),
    ("heroes.ron", "[[Combat(1)], [Combat(2)], ", "[[Combat(1)], ", "\"barbarian\"", 0, "2 levels"),
    ("heroes.ron", "[[Combat(1)], [Combat(2)]", "[[Combat(1), Combat(1)], [Combat(2)]", "\"barbarian\"", 0, "twice"),
    ("loot.ron", "InHand([Defend(1)])", "InHand([HandSlots(2)])", "\"shield\"", 0, "only Combat, Defend and Range"),
    ("loot.ron", "Gold(5)", "Gold(0)", "\"coins\"", 0, "worth 0"),
    ("game.ron", "max_lives: 3", "max_lives: 2", "max_lives: 2", 0, "start <= max"),
    ("game.ron", "(lo: 4, hi: 6, n: 2)", "(lo: 5, hi: 6, n: 2)", "monster_lives", 0, "roll 4 is missing"),
    ("game.ron", "(players: 2, n: 8), ", "", "entrance_spacing", 0, "no entry for 2 players"),
    ("game.ron", "life_tokens: 30", "life_tokens: 11", "life_tokens", 0, "life and potion tokens"),
    ("game.ron", "attack_back_on: 1", "attack_back_on: 0", "attack_back_on", 0, "not a 1D6 face"),
];

#[test]
fn every_kind_of_bad_value_names_its_file_and_line() {
    for &(file, from, to, on_line, skip, message) in BAD {
        let (res, edited) = load_edited(file, from, to);
        let e = match res {
            Err(e) => e,
            Ok(_) => panic!("{file}: {from:?} -> {to:?} was accepted"),
        };
        let line = edited.lines().enumerate().filter(|(_, l)| l.contains(on_line)).nth(skip).map(|(i, _)| i + 1);
        assert_eq!(Some(e.line), line, "{file}: {from:?} -> {to:?}: {e}");
        assert!(e.file.ends_with(file) && e.file.starts_with("data/dealing_dungeons/"), "{e}");
        assert!(e.message.contains(message), "{file}: {from:?} -> {to:?}: {e}");
        assert!(!e.to_string().contains('\n'), "one line: {e}");
    }
}
