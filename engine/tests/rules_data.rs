//! The Revised data loads into the counts the reference gives, and bad data is refused with an
//! error naming the file, the line and the problem.

use dq_engine::data::{Side, TileKind};
use dq_engine::rules::{revised_sources, Source, Sources};
use dq_engine::*;

fn count(rules: &Rules, deck: Deck, name: &str) -> usize {
    rules.deck_cards(deck).filter(|&c| rules.cards[c as usize].name == name).count()
}

#[test]
fn deck_sizes_match_the_official_totals() {
    let r = Rules::revised();
    let sizes = [
        (Deck::Dungeon, 50),
        (Deck::Search, 30),
        (Deck::Door, 15),
        (Deck::Trap, 15),
        (Deck::Crypt, 15),
        (Deck::Corpse, 15),
        (Deck::Catacomb, 40),
        (Deck::Dragon, 8),
        (Deck::Treasure, 32),
        (Deck::Rune, 12),
        (Deck::Monster, 20),
    ];
    for (deck, n) in sizes {
        assert_eq!(r.deck_cards(deck).len(), n, "{} deck", deck.name());
    }
    assert_eq!(r.cards.len(), 252);
    assert_eq!(r.tiles.len(), 117);
    assert_eq!(r.heroes.len(), 6);
}

#[test]
fn distinctive_counts_from_the_reference() {
    let r = Rules::revised();
    // Dungeon deck (reference 2.9).
    for (name, n) in [("Empty", 11), ("Dead Adventurer", 8), ("Crypt", 8), ("Ambush", 6), ("Hidden Trap", 3)] {
        assert_eq!(count(&r, Deck::Dungeon, name), n, "dungeon {name}");
    }
    assert_eq!(r.deck_cards(Deck::Dungeon).filter(|&c| r.cards[c as usize].ambush).count(), 6);
    // One Shuffle card in each of seven decks.
    for d in [Deck::Dungeon, Deck::Search, Deck::Door, Deck::Trap, Deck::Crypt, Deck::Corpse, Deck::Catacomb] {
        assert_eq!(count(&r, d, "Shuffle"), 1, "{} shuffle", d.name());
    }
    assert_eq!(count(&r, Deck::Search, "Secret Door"), 8);
    assert_eq!(count(&r, Deck::Door, "Door Opens"), 8);
    assert_eq!(count(&r, Deck::Catacomb, "Exit"), 6);
    assert_eq!(count(&r, Deck::Dragon, "Sleeping"), 7);
    assert_eq!(count(&r, Deck::Dragon, "Dragon Rage"), 1);
    assert_eq!(count(&r, Deck::Corpse, "Rope"), 3);
    // Unstable Potion: 7 copies over four decks.
    assert_eq!(r.cards.iter().filter(|c| c.name == "Unstable Potion").count(), 7);
    // Treasure: printed gold adds up to 16,952; all treasure is loot.
    let gold: u32 = r.deck_cards(Deck::Treasure).map(|c| r.cards[c as usize].gold).sum();
    assert_eq!(gold, 16_952);
    assert!(r.deck_cards(Deck::Treasure).all(|c| r.cards[c as usize].loot));
    // Monsters: 4 of each kind, total life 81 (mean 4.05) and escape 49 (mean 2.45).
    let life: u32 = r.deck_cards(Deck::Monster).map(|c| r.cards[c as usize].monster.unwrap().life as u32).sum();
    let esc: u32 =
        r.deck_cards(Deck::Monster).map(|c| r.cards[c as usize].monster.unwrap().escape_penalty as u32).sum();
    assert_eq!((life, esc), (81, 49));
    for k in 0..5u8 {
        assert_eq!(r.deck_cards(Deck::Monster).filter(|&c| r.cards[c as usize].monster.unwrap().kind == k).count(), 4);
    }
    // Tiles (estimated mix, reference 5.1): 56 + 8 + 11 + 5 rooms, 80 with a torch.
    let rooms = r.tiles.iter().filter(|t| t.kind == TileKind::DungeonRoom).count();
    assert_eq!(rooms, 80);
    assert_eq!(r.tiles.iter().filter(|t| t.torch).count(), 80);
    assert_eq!(r.tiles.iter().filter(|t| t.stairs).count(), 5);
    assert_eq!(r.tiles.iter().filter(|t| t.kind == TileKind::Corridor).count(), 14);
    assert_eq!(r.tiles.iter().filter(|t| t.kind == TileKind::Bridge).count(), 4);
    assert_eq!(r.tiles.iter().filter(|t| t.kind == TileKind::RotatingChamber).count(), 4);
    assert_eq!(r.tiles.iter().filter(|t| t.sides.contains(&Side::Door)).count(), 10);
    assert!(r.tiles.iter().all(|t| t.sides[2] != Side::Wall));
    // Heroes: Gherinn's official sheet.
    let g = &r.heroes[r.hero_by_id("gherinn").unwrap()];
    assert_eq!((g.health, g.attrs), (13, [3, 5, 4, 9]));
    assert!(g.abilities.reroll_dragon_rage && g.abilities.wounds_for_determination == Some((1, 3)));
    let k = &r.heroes[r.hero_by_id("krutzbeck").unwrap()];
    assert_eq!((k.health, k.attrs), (20, [9, 4, 5, 4]));
    // Combat: Magic, Melee, Ranged rows against Magic, Melee, Ranged columns.
    assert_eq!(r.matrix, [[(1, 1), (1, 0), (0, 1)], [(0, 1), (2, 2), (1, 0)], [(1, 0), (0, 2), (1, 1)]]);
    assert_eq!(r.solo, [(1, 0), (1, 0), (1, 1), (1, 1), (0, 1), (0, 2)]);
    // Sun: 30 spaces, 26..30 numbered 1..5.
    assert_eq!(r.sun_spaces, 30);
    assert_eq!(&r.sun_numbers[25..], &[0, 1, 2, 3, 4, 5]);
}

/// Loads the Revised data with one file's text changed, expecting a refusal (the loaded rules
/// are not printed on failure: their debug form is huge).
fn refused(file: &str, from: &str, to: &str) -> DataError {
    match load_with(file, from, to) {
        Ok(_) => panic!("loading with {from:?} -> {to:?} in {file} should fail"),
        Err(e) => e,
    }
}

/// Loads the Revised data with one file's text changed.
fn load_with(file: &str, from: &str, to: &str) -> Result<Rules, DataError> {
    let base = revised_sources();
    let pick =
        |s: Source<'static>| if s.name.ends_with(file) { s.text.replacen(from, to, 1) } else { s.text.to_string() };
    assert!(
        [base.game, base.heroes, base.tiles, base.decks, base.combat]
            .iter()
            .any(|s| s.name.ends_with(file) && s.text.contains(from)),
        "test setup: {from:?} not in {file}"
    );
    let texts = [pick(base.game), pick(base.heroes), pick(base.tiles), pick(base.decks), pick(base.combat)];
    Rules::load(Sources {
        game: Source { name: base.game.name, text: &texts[0] },
        heroes: Source { name: base.heroes.name, text: &texts[1] },
        tiles: Source { name: base.tiles.name, text: &texts[2] },
        decks: Source { name: base.decks.name, text: &texts[3] },
        combat: Source { name: base.combat.name, text: &texts[4] },
    })
}

fn line_of(file: &str, needle: &str) -> usize {
    let s = revised_sources();
    let text =
        [s.game, s.heroes, s.tiles, s.decks, s.combat].into_iter().find(|x| x.name.ends_with(file)).unwrap().text;
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn deck_size_mismatch_names_the_deck_line() {
    let e = refused("decks.ron", "size: 50", "size: 49");
    assert_eq!(e.file, "data/dungeonquest/revised/decks.ron");
    assert_eq!(e.line, line_of("decks.ron", "deck: dungeon"));
    assert!(e.message.contains("dungeon deck") && e.message.contains("50") && e.message.contains("49"), "{e}");
    assert!(e.to_string().starts_with("data/dungeonquest/revised/decks.ron:"));
}

#[test]
fn syntax_errors_give_file_and_line() {
    let e = refused("heroes.ron", "health: 13", "health: thirteen");
    assert_eq!(e.file, "data/dungeonquest/revised/heroes.ron");
    assert_eq!(e.line, line_of("heroes.ron", "health: 13"));
    let e = refused("decks.ron", "effect: [MayDraw(corpse)]", "effect: [MayDraw(coffin)]");
    assert_eq!(e.line, line_of("decks.ron", "effect: [MayDraw(corpse)]"));
    let e = refused("decks.ron", "Wounds(Fixed(4))", "Wounds(Lots)");
    assert_eq!(e.line, line_of("decks.ron", "Wounds(Fixed(4))"));
}

#[test]
fn semantic_errors_are_refused_with_their_reason() {
    // A tile whose entry arrow side is a wall.
    let e = refused(
        "tiles.ron",
        "sides: (Hall, Hall, Hall, Hall), count: 13",
        "sides: (Hall, Hall, Wall, Hall), count: 13",
    );
    assert_eq!(e.file, "data/dungeonquest/revised/tiles.ron");
    assert_eq!(e.line, line_of("tiles.ron", "count: 13"));
    assert!(e.message.contains("entry arrow"), "{e}");
    // A monster of an unknown kind.
    let e = refused("decks.ron", "kind: \"Troll\"", "kind: \"Ogre\"");
    assert!(e.message.contains("Ogre"), "{e}");
    // A pair bonus naming no card.
    let e = refused("decks.ron", "with: \"Staff of Light\"", "with: \"Staff of Night\"");
    assert!(e.message.contains("Staff of Night"), "{e}");
    // The sun must be able to set.
    let e = refused("game.ron", "(space: 30, sets_on_or_below: 5)", "(space: 25, sets_on_or_below: 5)");
    assert!(e.message.contains("last sun space"), "{e}");
    // A combat round that hurts nobody could go on forever.
    let e = refused("combat.ron", "hero_wounds: 2, monster_wounds: 2", "hero_wounds: 0, monster_wounds: 0");
    assert!(e.message.contains("must wound"), "{e}");
    assert_eq!(e.file, "data/dungeonquest/revised/combat.ron");
    // Catacomb-only effects stay on catacomb cards.
    let e = refused("decks.ron", "effect: [MayDraw(corpse)]", "effect: [MayExitCatacombs]");
    assert!(e.message.contains("catacomb"), "{e}");
}

/// A misspelled or unknown field would otherwise be ignored silently, and the results would
/// change without a word (issue 22 item 13): every data type refuses fields it does not know.
#[test]
fn unknown_fields_are_refused_with_file_line_and_name() {
    let e = refused("decks.ron", "(name: \"Gold Coins\", gold: 30,", "(name: \"Gold Coins\", golds: 30,");
    assert_eq!(e.file, "data/dungeonquest/revised/decks.ron");
    assert_eq!(e.line, line_of("decks.ron", "(name: \"Gold Coins\", gold: 30,"));
    assert!(e.message.contains("golds"), "{e}");
    let e = refused("tiles.ron", "estimated: Some(\"Count scaled 8", "estimatd: Some(\"Count scaled 8");
    assert_eq!(e.file, "data/dungeonquest/revised/tiles.ron");
    assert_eq!(e.line, line_of("tiles.ron", "estimated: Some(\"Count scaled 8"));
    assert!(e.message.contains("estimatd"), "{e}");
    let e = refused("heroes.ron", "health: 13", "health: 13, healht: 14");
    assert!(e.message.contains("healht"), "{e}");
}

/// `game.ron` names the edition: an unknown name is refused, and so is an edition whose combat
/// system is not the one `combat.ron` describes (Revised data called `third` has no cards).
#[test]
fn the_edition_is_a_known_name_matching_the_combat() {
    let e = refused("game.ron", "edition: \"revised\"", "edition: \"fourth\"");
    assert_eq!(e.file, "data/dungeonquest/revised/game.ron");
    assert_eq!(e.line, line_of("game.ron", "edition: \"revised\""));
    assert_eq!(e.message, "unknown edition \"fourth\" (known: revised, third, classic)");
    // The 1987 data is a folder of another shape, which `ClassicRules` loads.
    let e = refused("game.ron", "edition: \"revised\"", "edition: \"classic\"");
    assert!(e.message.starts_with("edition \"classic\": the 1987 edition's data is a folder of its own"), "{e}");
    let e = refused("game.ron", "edition: \"revised\"", "edition: \"third\"");
    assert_eq!(e.line, line_of("game.ron", "edition: \"revised\""));
    assert_eq!(e.message, "edition third plays the card combat, but combat.ron has no `cards`");
}

#[test]
fn the_data_hash_changes_with_the_data() {
    let a = Rules::revised();
    let b = load_with("decks.ron", "gold: 3000", "gold: 3001").map_err(|e| e.to_string()).unwrap();
    assert_ne!(a.data_hash, b.data_hash);
    assert_eq!(a.data_hash, Rules::revised().data_hash);
}

/// The compiled side masks agree with the sides they are read from, in both editions: `walls`
/// (the closed sides) and `barriers` (doors and portcullises, which a move checks before
/// working out a hall's two sides).
#[test]
fn tile_side_masks_match_the_sides() {
    for rules in [Rules::revised(), Rules::third()] {
        for t in &rules.tiles {
            for k in 0..4 {
                assert_eq!(t.walls & 1 << k != 0, t.sides[k] == Side::Wall, "{t:?}");
                assert_eq!(t.barriers & 1 << k != 0, matches!(t.sides[k], Side::Door | Side::Portcullis), "{t:?}");
            }
        }
    }
}
