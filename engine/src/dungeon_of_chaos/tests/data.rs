//! The embedded data loads and respects the rulebook's numbers; every kind of bad value gives a
//! one-line error naming the file and the line.

use super::rules;
use crate::dungeon_of_chaos::data::{Ailment, AttackType, Attr, EnemyType, Feature, TileSize};
use crate::dungeon_of_chaos::rules::{Act, ChaosRules, ChaosSources, Op, LEVELS};
use crate::dungeonquest::rules::{DataError, Source};

/// Loads the embedded data with `from` replaced by `to` (once, and it must be there) in `file`.
fn load_with(file: &str, from: &str, to: &str) -> Result<ChaosRules, DataError> {
    let e = ChaosSources::embedded();
    let mut texts = [e.characters, e.monsters, e.items, e.decks, e.tiles].map(|s| s.text.to_string());
    let names = ChaosSources::FILES;
    let i = names.iter().position(|n| *n == file).expect("a file of the folder");
    assert_eq!(texts[i].matches(from).count(), 1, "`{from}` must be in {file} once");
    texts[i] = texts[i].replacen(from, to, 1);
    let src = |k: usize| Source { name: names[k], text: &texts[k] };
    ChaosRules::load(ChaosSources { characters: src(0), monsters: src(1), items: src(2), decks: src(3), tiles: src(4) })
}

/// The line (1-based) of the first occurrence of `needle` in `file` after the replacement,
/// skipping `skip` earlier ones.
fn line_in(file: &str, from: &str, to: &str, needle: &str, skip: usize) -> usize {
    let e = ChaosSources::embedded();
    let text = [e.characters, e.monsters, e.items, e.decks, e.tiles]
        [ChaosSources::FILES.iter().position(|n| *n == file).unwrap()]
    .text
    .replacen(from, to, 1);
    text.lines().enumerate().filter(|(_, l)| l.contains(needle)).nth(skip).expect("needle present").0 + 1
}

/// Asserts the replacement fails in `file` at the line holding `needle` with a message holding
/// `says`, on one line.
fn fails(file: &str, from: &str, to: &str, needle: &str, skip: usize, says: &str) {
    let e = load_with(file, from, to).expect_err("bad data must be refused");
    assert_eq!(e.file, file, "{e}");
    assert_eq!(e.line, line_in(file, from, to, needle, skip), "{e}");
    assert!(e.message.contains(says), "{e} should say `{says}`");
    assert!(!e.to_string().contains('\n'), "one line: {e}");
}

#[test]
fn chaos_standard_data_loads_with_the_sizes_the_issue_asks() {
    let r = rules();
    assert!(r.characters.len() >= 10);
    for level in 1..=LEVELS {
        let distinct = r.monsters.iter().filter(|m| m.level == level).count();
        assert!(distinct >= 12, "level {level}: {distinct} monsters");
        let items = r.items.iter().filter(|i| i.level == level).count();
        assert!(items >= 12, "level {level}: {items} items");
    }
    for (name, deck) in [
        ("spells", &r.spells),
        ("potions", &r.potions),
        ("scrolls", &r.scrolls),
        ("rooms", &r.rooms),
        ("events", &r.events),
        ("curses", &r.curses),
        ("gods", &r.gods),
    ] {
        assert!(deck.draw.len() >= 10, "{name}: {}", deck.draw.len());
    }
    assert!(!r.doors.draw.is_empty() && !r.chests.draw.is_empty());
    for size in [TileSize::One, TileSize::OneByTwo, TileSize::TwoByTwo] {
        assert!(!r.tile_decks[size as usize].is_empty());
    }
    assert_eq!(r.tiles[r.entry_tile as usize].feature, Feature::Entry);
    // Every feature of the tile guide is on some tile.
    for f in [
        Feature::Corridor,
        Feature::StaircaseDown,
        Feature::Ice,
        Feature::Slide,
        Feature::PortalChamber,
        Feature::Tunnel,
        Feature::MuddyCorridor,
        Feature::Chasm,
        Feature::Floodgates,
        Feature::GiantFan,
        Feature::Pit,
        Feature::LockedDoor,
        Feature::Dark,
        Feature::Laboratory,
        Feature::Library,
        Feature::MysteriousStatues,
        Feature::TomeOfKnowledge,
        Feature::CrystalBall,
        Feature::Shoppe,
        Feature::Pentagram,
        Feature::MagicalBarrier,
        Feature::Fountain,
        Feature::Springboard,
        Feature::Altar,
        Feature::Teleporter,
    ] {
        assert!(r.tiles.iter().any(|t| t.feature == f), "{f:?}");
    }
}

#[test]
fn chaos_printed_cards_are_as_printed() {
    let r = rules();
    // §4: the Faerie.
    let f = &r.characters[r.character("Faerie").unwrap() as usize];
    assert_eq!(f.stats, [2, 9, 7, 3, 20]);
    // Ruling: the Faerie's plain *Spellcasting* is White magic.
    assert!(f.flying && f.no_weight && f.colours == 1 << crate::dungeon_of_chaos::data::Colour::White as u8);
    let dust = f.action.expect("FAIRY DUST");
    assert!(dust.on_enemy);
    let Op::Test { attr: Attr::Mind, target: 10, fail, .. } = r.ops(dust.effects)[0] else { panic!("Mind target 10") };
    assert_eq!(r.ops(fail), [Op::Ailment(Ailment::Asleep)]);
    // §5: a Wizard of Mind 7.
    assert_eq!(r.characters[r.character("Wizard").unwrap() as usize].stats[Attr::Mind as usize], 7);
    // §9: the Frail Goblin (ruling: Attack, Defence, Speed, Mind, Health), 40 gold, a level 1 item, 7 = FLEE.
    let g = &r.monsters[r.monster("Frail Goblin").unwrap() as usize];
    assert_eq!((g.stats, g.gold, g.item, g.level, g.kind), ([2, 2, 4, 2, 8], 40, true, 1, EnemyType::Humanoid));
    assert_eq!(g.chart[6], Act::Flee);
    // §12: the Dragon Hatching breathes fire for d8.
    let d = &r.monsters[r.monster("Dragon Hatching").unwrap() as usize];
    assert!(d.chart.iter().any(|a| matches!(a, Act::Do(s) if r.ops(*s)
        == [Op::Damage { amount: crate::dungeon_of_chaos::data::Amount::D8, kind: AttackType::Fire }])));
    // §10: the Young Qyzox summons from the deck holding the Giant Rat.
    let q = &r.monsters[r.monster("Young Qyzox").unwrap() as usize];
    let rat = r.monster("Giant Rat").unwrap();
    assert!(q.chart.iter().any(|a| matches!(a, Act::Summon(l) if r.monster_decks[*l as usize - 1].contains(&rat))));
    // §10: the Ring of Retribution deals 1.
    assert_eq!(r.items[r.item("Ring of Retribution").unwrap() as usize].retribution, 1);
    assert!(r.items[r.item("Skeleton Key").unwrap() as usize].opens_locks);
}

#[test]
fn chaos_data_hash_follows_the_files() {
    let edited = load_with("monsters.ron", "gold: 40,", "gold: 41,").unwrap();
    assert_ne!(edited.data_hash, rules().data_hash);
    assert_eq!(ChaosRules::standard().data_hash, rules().data_hash);
}

#[test]
fn chaos_bad_syntax_names_file_and_line() {
    fails("monsters.ron", "gold: 40, item: true,", "gold: 40 item: true,", "gold: 40 item", 0, "column");
    fails(
        "characters.ron",
        "abilities: [\n            Spellcasting([White]), Flying",
        "powers: [\n            Spellcasting([White]), Flying",
        "powers",
        0,
        "",
    );
}

#[test]
fn chaos_chart_gaps_and_overlaps_are_refused() {
    fails(
        "monsters.ron",
        "(6, 6, Defend), (7, 8, Flee)]",
        "(6, 6, Defend), (7, 7, Flee)]",
        "\"Frail Goblin\"",
        0,
        "misses roll 8",
    );
    fails(
        "monsters.ron",
        "(1, 5, Attack), (6, 6, Defend), (7, 8, Flee)]",
        "(1, 6, Attack), (6, 6, Defend), (7, 8, Flee)]",
        "\"Frail Goblin\"",
        0,
        "roll 6 twice",
    );
    fails(
        "monsters.ron",
        "(1, 4, Attack), (5, 5, Defend), (6, 8, Flee)]",
        "(0, 4, Attack), (5, 5, Defend), (6, 8, Flee)]",
        "\"Cave Bat\"",
        0,
        "within 1-8",
    );
    fails("decks.ron", "(7, 8, Normal),", "(7, 7, Normal),", "confusion: [", 0, "misses roll 8");
}

#[test]
fn chaos_duplicate_names_are_refused_at_the_second() {
    fails("monsters.ron", "(name: \"Cave Bat\"", "(name: \"Giant Rat\"", "\"Giant Rat\"", 1, "used twice");
}

#[test]
fn chaos_levels_out_of_range_are_refused() {
    fails(
        "monsters.ron",
        "(name: \"Frail Goblin\", level: 1,",
        "(name: \"Frail Goblin\", level: 5,",
        "\"Frail Goblin\"",
        0,
        "level 5",
    );
    fails("items.ron", "(name: \"Dagger\", level: 1,", "(name: \"Dagger\", level: 0,", "\"Dagger\"", 0, "level 0");
    fails(
        "monsters.ron",
        "Summon(Level(1))), (6, 6, CastSpell)",
        "Summon(Level(9))), (6, 6, CastSpell)",
        "\"Young Qyzox\"",
        0,
        "Summon needs",
    );
}

#[test]
fn chaos_bad_attributes_are_refused() {
    fails(
        "monsters.ron",
        "stats: (1, 2, 7, 1, 5)",
        "stats: (1, 2, 7, 1, 0)",
        "\"Cave Bat\"",
        0,
        "Health must be positive",
    );
    fails("characters.ron", "stats: (6, 6, 4, 2, 26)", "stats: (6, 6, 4, 2, 127)", "\"Warrior\"", 0, "Health = 127");
}

#[test]
fn chaos_effects_that_cannot_happen_in_combat_are_refused_there() {
    fails(
        "monsters.ron",
        "(6, 8, Touch([LoseTurn]))], summoned: Touch([LoseTurn])",
        "(6, 8, Touch([Teleport]))], summoned: Touch([LoseTurn])",
        "\"Strangleweed\"",
        0,
        "cannot happen in combat",
    );
    fails(
        "decks.ron",
        "effects: [Damage(amount: Mind)], copies: 3",
        "effects: [Chest], copies: 3",
        "\"Magic Missile\"",
        0,
        "cannot happen in combat",
    );
}

#[test]
fn chaos_bad_card_numbers_are_refused() {
    fails(
        "characters.ron",
        "Test(attr: Mind, target: 10, fail: [Ailment(Asleep)])",
        "Test(attr: Mind, target: 40, fail: [Ailment(Asleep)])",
        "\"Faerie\"",
        0,
        "target 40",
    );
    fails(
        "items.ron",
        "(name: \"Dagger\", level: 1, type: Weapon, value: 10,",
        "(name: \"Dagger\", level: 1, type: Weapon, value: 10, sturdiness: 5,",
        "\"Dagger\"",
        0,
        "sturdiness 5 is for Tools",
    );
    fails(
        "decks.ron",
        "(name: \"Coin Slot Door\", door: Toll(10)",
        "(name: \"Coin Slot Door\", door: Toll(0)",
        "\"Coin Slot Door\"",
        0,
        "Toll of 0",
    );
    fails(
        "decks.ron",
        "(name: \"Open Door\", door: Open, copies: 8)",
        "(name: \"Open Door\", door: Open, copies: 0)",
        "\"Open Door\"",
        0,
        "copies",
    );
    fails(
        "decks.ron",
        "(name: \"Trapdoor\", effects: [Test(attr: Speed, target: 9, fail: [Fall(levels: 1)])]",
        "(name: \"Trapdoor\", effects: [Test(attr: Speed, target: 9, fail: [Fall(levels: 3)])]",
        "\"Trapdoor\"",
        0,
        "Fall of 3",
    );
}

#[test]
fn chaos_spells_need_a_colour() {
    fails("decks.ron", "(name: \"Heal\", colour: Some(White),", "(name: \"Heal\",", "\"Heal\"", 0, "colour");
}

#[test]
fn chaos_tiles_follow_the_tile_guide() {
    fails(
        "tiles.ron",
        "(name: \"Straight Corridor\", size: One, feature: Corridor,",
        "(name: \"Straight Corridor\", size: One, feature: Corridor, room: true,",
        "\"Straight Corridor\"",
        0,
        "draws no a Room card".split(" a").next().unwrap(),
    );
    fails("tiles.ron", "(name: \"Long Room\", size: OneByTwo, feature: Room, room: true, exits: [(0, 0, Back, Open), (0, 1, Ahead, Door)]", "(name: \"Long Room\", size: OneByTwo, feature: Room, room: true, exits: [(0, 0, Back, Open), (0, 0, Ahead, Door)]", "\"Long Room\"", 0, "into the same tile");
    fails(
        "tiles.ron",
        "(name: \"Dead End\", size: One, feature: Corridor, exits: [(0, 0, Back, Open)]",
        "(name: \"Dead End\", size: One, feature: Corridor, exits: [(0, 0, Ahead, Open)]",
        "\"Dead End\"",
        0,
        "(0, 0, Back)",
    );
    fails(
        "tiles.ron",
        "(name: \"Closet\", size: One, feature: Room, room: true, exits: [(0, 0, Back, Open)]",
        "(name: \"Closet\", size: One, feature: Room, room: true, exits: [(0, 0, Back, Open), (1, 0, Left, Open)]",
        "\"Closet\"",
        0,
        "off a 1×1 tile",
    );
}

#[test]
fn chaos_special_rules_cards_must_exist() {
    fails(
        "monsters.ron",
        "(rule: Werewolf, on_wound: [Test(attr: Mind, target: 9, fail: [Curse])],",
        "(rule: Vampire, on_wound: [Test(attr: Mind, target: 9, fail: [Curse])],",
        "rule: Vampire",
        1,
        "twice",
    );
}

#[test]
fn chaos_every_value_not_in_the_rulebook_says_it_is_estimated() {
    use crate::dungeon_of_chaos::data::{CharactersFile, DecksFile, ItemsFile, MonstersFile, TilesFile};
    let e = ChaosSources::embedded();
    let says = |s: &Option<String>| s.as_deref().is_some_and(|t| t.trim().len() > 3);
    let chars: CharactersFile = ron::from_str(e.characters.text).unwrap();
    for c in &chars.characters {
        assert!(c.name == "Faerie" || says(&c.estimated), "{}", c.name);
    }
    let mons: MonstersFile = ron::from_str(e.monsters.text).unwrap();
    assert!(mons.monsters.iter().all(|m| says(&m.estimated)) && mons.special_rules.iter().all(|s| says(&s.estimated)));
    let items: ItemsFile = ron::from_str(e.items.text).unwrap();
    assert!(items.items.iter().all(|i| says(&i.estimated)));
    let decks: DecksFile = ron::from_str(e.decks.text).unwrap();
    assert!(says(&decks.estimated));
    let tiles: TilesFile = ron::from_str(e.tiles.text).unwrap();
    assert!(says(&tiles.estimated));
}

#[test]
fn chaos_empty_decks_are_refused_at_their_list() {
    let e = ChaosSources::embedded();
    let text = e.decks.text;
    let (from, to) = (text.find("    gods: [").unwrap(), text.find("    doors: [").unwrap());
    let emptied = format!("{}    gods: [],\n{}", &text[..from], &text[to..]);
    let src = ChaosSources { decks: Source { name: "decks.ron", text: &emptied }, ..e };
    let err = ChaosRules::load(src).expect_err("an empty deck");
    let line = emptied.lines().position(|l| l.contains("gods: [")).unwrap() + 1;
    assert_eq!((err.file.as_str(), err.line), ("decks.ron", line), "{err}");
    assert!(err.message.contains("the gods deck is empty"), "{err}");
}
