//! The classic (1987) decks and tiles load into what the rulebook's reference sheet and the
//! reference data give: every deck card by card, the Potion Table, every tile category, the
//! Chamber of Darkness table; bad data is refused with the file, the line and the problem.

use dq_engine::data::{Side, TileKind};
use dq_engine::dungeonquest::classic::decks::{
    CardEffect, Characteristic, ClassicDeck, Die, PotionResult, Roll, Spider,
};
use dq_engine::dungeonquest::classic::rules::{ClassicRules, ClassicSources, DATA_DIR};
use dq_engine::dungeonquest::classic::tiles::{searchable, DarkExit};

mod classic_common;
use classic_common::{broken, line_of};

fn r(s: &str) -> Roll {
    Roll::parse(s).unwrap()
}

/// A deck as (name, count, effect) lines, in file order.
fn lines(rules: &ClassicRules, d: ClassicDeck) -> Vec<(String, usize, CardEffect)> {
    let mut out: Vec<(String, usize, CardEffect)> = Vec::new();
    for c in rules.decks.deck(d) {
        match out.last_mut() {
            Some(l) if l.0 == rules.decks.name(*c) => l.1 += 1,
            _ => out.push((rules.decks.name(*c).to_string(), 1, c.effect)),
        }
    }
    out
}

fn expect(rules: &ClassicRules, d: ClassicDeck, want: &[(&str, usize, CardEffect)]) {
    let got = lines(rules, d);
    let want: Vec<_> = want.iter().map(|(n, c, e)| (n.to_string(), *c, *e)).collect();
    assert_eq!(got, want, "{d:?} deck");
}

/// Reference 4.4 and the reference sheet: the Room deck, card by card (82 listed + Cave-In and
/// Shuffle, row 28).
#[test]
fn the_room_deck() {
    use CardEffect::*;
    let rules = ClassicRules::embedded();
    let k = |id: &str| rules.kind_by_id(id).unwrap();
    let spider = Spider { flee_from: 3, picks: 3, bite: 1, arrows: 4, arrow_kills_from: 5 };
    expect(
        &rules,
        ClassicDeck::Room,
        &[
            ("Empty", 34, Nothing),
            ("Crypt", 6, Search(ClassicDeck::Crypt)),
            ("Dead Adventurer", 5, Search(ClassicDeck::Corpse)),
            ("Goblin", 5, Monster { kind: k("goblin") }),
            ("Orc", 4, Monster { kind: k("orc") }),
            ("Death Warrior", 3, Monster { kind: k("death-warrior") }),
            ("Mountain Troll", 3, Monster { kind: k("troll") }),
            ("Champion of Chaos", 2, Monster { kind: k("champion") }),
            ("Sneak Attack (Death Warrior)", 2, SneakAttack { kind: k("death-warrior"), hit: r("D12-Luck") }),
            ("Sneak Attack (Orc)", 2, SneakAttack { kind: k("orc"), hit: r("D12-Luck") }),
            ("Sneak Attack (Mountain Troll)", 1, SneakAttack { kind: k("troll"), hit: r("D12-Luck") }),
            ("Giant Spider", 3, GiantSpider(spider)),
            ("Torch Goes Out", 3, TorchGoesOut { picks: 3 }),
            ("Vampire Bats", 3, Lose(r("D6-2"))),
            ("Curse of the Wizard", 1, RotateCorridors { quarter_turns: [1, 1, 2, 2, 3, 3] }),
            ("Crossfire Trap", 1, Lose(r("D12-Armour"))),
            ("Trapdoor", 1, Trapdoor { fall: r("D6") }),
            ("Potion", 1, Potion),
            ("Bracelet", 1, Treasure { gold: 40 }),
            ("Jewellery", 1, Treasure { gold: 30 }),
            ("Cave-In", 1, CaveIn { then: r("D6") }),
            ("Shuffle", 1, Shuffle),
        ],
    );
    // The Ring of Warning's "trap Room cards".
    let mut traps: Vec<_> =
        rules.decks.deck(ClassicDeck::Room).iter().filter(|c| c.trap).map(|c| rules.decks.name(*c)).collect();
    traps.dedup();
    assert_eq!(traps, ["Crossfire Trap", "Trapdoor", "Cave-In"]);
    let others = ClassicDeck::ALL.into_iter().filter(|&d| d != ClassicDeck::Room);
    assert!(others.flat_map(|d| rules.decks.deck(d)).all(|c| !c.trap));
}

/// Reference 4.4 (RVR) and rulebook 12.2 ("3 Trap cards in the Door deck").
#[test]
fn the_door_deck() {
    use CardEffect::*;
    let rules = ClassicRules::embedded();
    expect(
        &rules,
        ClassicDeck::Door,
        &[
            ("Door Jammed", 6, DoorJammed),
            ("Door Opens", 5, DoorOpens),
            ("Trapped Door (D12-Luck)", 1, DoorTrap(r("D12-Luck"))),
            ("Trapped Door (D6)", 1, DoorTrap(r("D6"))),
            ("Trapped Door (D6+3-Luck)", 1, DoorTrap(r("D6+3-Luck"))),
            ("Shuffle", 1, Shuffle),
        ],
    );
    let traps = rules.decks.deck(ClassicDeck::Door).iter().filter(|c| matches!(c.effect, DoorTrap(_))).count();
    assert_eq!(traps, 3);
}

/// ATP's 14 + Shuffle (= JDQ's 15); Explosion, Gas and Snakes damage estimated.
#[test]
fn the_trap_deck() {
    use CardEffect::*;
    let rules = ClassicRules::embedded();
    expect(
        &rules,
        ClassicDeck::Trap,
        &[
            ("Trapdoor", 4, Trapdoor { fall: r("D6") }),
            ("Crossfire Trap", 2, Lose(r("D12-Armour"))),
            ("Cave-In", 2, CaveIn { then: r("D6") }),
            ("Explosion", 2, Lose(r("4"))),
            ("Poisonous Gas", 2, Lose(r("D6-3"))),
            ("Poisonous Snakes", 2, Lose(r("D6"))),
            ("Shuffle", 1, Shuffle),
        ],
    );
}

#[test]
fn the_corpse_crypt_and_search_decks() {
    use CardEffect::*;
    let rules = ClassicRules::embedded();
    expect(
        &rules,
        ClassicDeck::Corpse,
        &[
            ("Nothing", 5, Nothing),
            ("Rope", 3, Rope),
            ("Necklace", 1, Treasure { gold: 150 }),
            ("Golden Guineas (20)", 1, Treasure { gold: 20 }),
            ("Golden Guineas (60)", 1, Treasure { gold: 60 }),
            ("Potion", 1, Potion),
            ("Scorpion (D6-2)", 1, Lose(r("D6-2"))),
            ("Scorpion (D6)", 1, Lose(r("D6"))),
            ("Shuffle", 1, Shuffle),
        ],
    );
    let dw = rules.kind_by_id("death-warrior").unwrap();
    expect(
        &rules,
        ClassicDeck::Crypt,
        &[
            ("Empty", 4, Nothing),
            ("Potion", 3, Potion),
            ("Crypt Trap (D6-3)", 1, Lose(r("D6-3"))),
            ("Crypt Trap (D12+3-Luck)", 1, Lose(r("D12+3-Luck"))),
            ("Bracelet", 1, Treasure { gold: 120 }),
            ("Jewelled Dagger", 1, Treasure { gold: 250 }),
            ("Brooch", 1, Treasure { gold: 100 }),
            ("Guineas", 1, Treasure { gold: 50 }),
            ("Skeleton", 1, Skeleton { kind: dw, wakes_from: 4 }),
            ("Shuffle", 1, Shuffle),
        ],
    );
    expect(
        &rules,
        ClassicDeck::Search,
        &[
            ("Empty", 5, Nothing),
            ("Secret Door", 4, SecretDoor),
            ("Potion", 1, Potion),
            ("Golden Guineas", 1, Treasure { gold: 10 }),
            ("Giant Centipede", 1, Lose(r("D12"))),
            ("Ring", 1, Treasure { gold: 90 }),
            ("Jewellery", 1, Treasure { gold: 200 }),
            ("Shuffle", 1, Shuffle),
        ],
    );
}

/// Sizes: Room 84 and 15 for every other deck, which with the 15 Monster cards makes the box's
/// 174 cards; one Shuffle in each deck (rulebook 7), none among the Monster cards.
#[test]
fn deck_sizes_and_shuffles() {
    let rules = ClassicRules::embedded();
    let sizes: Vec<_> = ClassicDeck::ALL.iter().map(|&d| rules.decks.deck(d).len()).collect();
    assert_eq!(sizes, [84, 15, 15, 15, 15, 15]);
    assert_eq!(sizes.iter().sum::<usize>() + rules.monster_cards.len(), 174);
    for d in ClassicDeck::ALL {
        let n = rules.decks.deck(d).iter().filter(|c| c.effect == CardEffect::Shuffle).count();
        assert_eq!(n, 1, "{d:?}");
    }
    // Treasure cards: the gold the decks hold.
    let gold: u32 = ClassicDeck::ALL
        .iter()
        .flat_map(|&d| rules.decks.deck(d))
        .map(|c| if let CardEffect::Treasure { gold } = c.effect { gold as u32 } else { 0 })
        .sum();
    assert_eq!(gold, 40 + 30 + 150 + 20 + 60 + 120 + 250 + 100 + 50 + 10 + 90 + 200);
    // Potions: Room 1, Corpse 1, Crypt 3, Search 1.
    let potions: Vec<_> = ClassicDeck::ALL
        .iter()
        .map(|&d| rules.decks.deck(d).iter().filter(|c| c.effect == CardEffect::Potion).count())
        .collect();
    assert_eq!(potions, [1, 0, 0, 1, 3, 1]);
    for note in ["decks.ron: room deck", "decks.ron: trap deck", "decks.ron: search deck", "decks.ron: potion table"] {
        assert!(rules.estimated.contains(&note), "{note}");
    }
}

/// Rulebook 3.2: "D12-Armour" is a D12 less the Armour score; below 0 counts as 0. The crypt
/// erratum: D12 + 3 - Luck.
#[test]
fn rolls_read_as_printed() {
    let rohan = [6, 4, 9, 4];
    let volrik = [4, 7, 4, 8];
    assert_eq!(r("D12-Armour"), Roll { die: Die::D12, plus: 0, less: Some(Characteristic::Armour) });
    assert_eq!(r("D12-Armour").lose(12, rohan), 3);
    assert_eq!(r("D12-Armour").lose(9, rohan), 0);
    assert_eq!(r("D12-Armour").lose(12, volrik), 8);
    assert_eq!(r("D12+3-Luck"), Roll { die: Die::D12, plus: 3, less: Some(Characteristic::Luck) });
    assert_eq!(r("D12+3-Luck").lose(1, rohan), 0);
    assert_eq!(r("D12+3-Luck").lose(12, rohan), 11);
    assert_eq!(r("D6-3").lose(2, rohan), 0);
    assert_eq!(r("D6-3").lose(6, rohan), 3);
    assert_eq!(r("4").lose(1, rohan), 4);
    assert_eq!(r("4"), Roll { die: Die::None, plus: 4, less: None });
    assert_eq!((r("D12").worst(), r("D6-2").worst(), r("D6+3-Luck").worst()), (12, 4, 9));
    for bad in ["D8", "D6+-2", "D6+Luck", "D6-Luck-Armour", "D6-2-3", "x", ""] {
        let e = Roll::parse(bad).unwrap_err();
        assert!(e.starts_with(&format!("roll \"{bad}\": write D6 or D12")), "{bad}: {e}");
    }
    assert_eq!(Roll::parse("0").unwrap_err(), "roll \"0\" can never cost an LP");
    assert_eq!(Roll::parse("D6-6").unwrap_err(), "roll \"D6-6\" can never cost an LP");
    assert_eq!(Roll::parse("D12+9").unwrap_err(), "roll \"D12+9\" costs more than 20 LPs");
}

/// The Potion Table (estimated): D12 1-2 lose D6, 3-4 nothing, 5-10 restore D6, 11-12 all.
#[test]
fn the_potion_table() {
    let p = ClassicRules::embedded().decks.potion;
    let want = |v: usize| match v {
        1..=2 => PotionResult::Lose(r("D6")),
        3..=4 => PotionResult::Nothing,
        5..=10 => PotionResult::Restore(r("D6")),
        _ => PotionResult::RestoreAll,
    };
    for v in 1..=12 {
        assert_eq!(p[v - 1], want(v), "roll {v}");
    }
}

/// Reference 4.6 with the ruling of docs/rulings.md: ATP's 135 less the 6 catacomb tiles, the 4
/// bridges and the spider web (no 1987 rule) = 124, the 13 portcullis tiles kept.
#[test]
fn every_tile_category() {
    let rules = ClassicRules::embedded();
    let all = rules.tiles.drawn();
    assert_eq!(all.len(), 124);
    // 124 tiles fill the board: 130 spaces less 4 towers and 2 treasure-chamber spaces.
    assert_eq!(all.len(), 130 - 4 - 2);
    let count = |ts: &[dq_engine::rules::TileDef], k: TileKind| ts.iter().filter(|d| d.kind == k).count();
    let kinds = [
        (TileKind::DungeonRoom, 86),
        (TileKind::Corridor, 16),
        (TileKind::BottomlessPit, 2),
        (TileKind::RotatingChamber, 5),
        (TileKind::Chasm, 2),
        (TileKind::TrapChamber, 5),
        (TileKind::ChamberOfDarkness, 4),
        (TileKind::CaveIn, 4),
        (TileKind::Bridge, 0),
        (TileKind::SpiderWeb, 0),
    ];
    for (k, n) in kinds {
        assert_eq!(count(all, k), n, "{k:?}");
    }
    assert_eq!(kinds.iter().map(|k| k.1).sum::<usize>(), 124);
    let base = &all[..111];
    let has = |d: &dq_engine::rules::TileDef, s: Side| d.sides.contains(&s);
    // Doors: 9 rooms in the base set (one with three doors), 2 more among the portcullis tiles.
    assert_eq!(base.iter().filter(|d| has(d, Side::Door)).count(), 9);
    assert_eq!(base.iter().filter(|d| d.sides.iter().filter(|&&s| s == Side::Door).count() == 3).count(), 1);
    assert!(base.iter().all(|d| !has(d, Side::Portcullis)));
    let extra = &all[111..];
    assert!(extra.iter().all(|d| d.kind == TileKind::DungeonRoom && d.sides[2] == Side::Portcullis));
    assert_eq!(extra.iter().filter(|d| has(d, Side::Door)).count(), 2);
    // Dead-end rooms (only the entry hall) and rotating rooms share the layout.
    let dead_end = [Side::Wall, Side::Wall, Side::Hall, Side::Wall];
    assert_eq!(base.iter().filter(|d| d.kind == TileKind::DungeonRoom && d.sides == dead_end).count(), 5);
    assert!(base.iter().filter(|d| d.kind == TileKind::RotatingChamber).all(|d| d.sides == dead_end));
    // The entry arrow is on the bottom: never a wall.
    assert!(all.iter().all(|d| d.sides[2] != Side::Wall));
    // Only chasms are split; the left chasm has top and right beyond it.
    assert!(all.iter().all(|d| d.is_split() == (d.kind == TileKind::Chasm)));
    let chasms: Vec<_> = base.iter().filter(|d| d.kind == TileKind::Chasm).map(|d| d.part).collect();
    assert_eq!(chasms, [[1, 1, 0, 0], [1, 0, 0, 1]]);
    assert!(rules.estimated.contains(&"tiles.ron: tiles"));
}

/// Rulebook 5.2: rotating rooms, chambers of darkness, bottomless pits, trap rooms, chasms and
/// corridors may not be searched; every other tile may (rooms, door and portcullis rooms,
/// cave-ins).
#[test]
fn searchable_follows_the_rulebook_list() {
    let rules = ClassicRules::embedded();
    for d in rules.tiles.drawn() {
        assert_eq!(d.torch, searchable(d.kind), "{:?}", d.kind);
    }
    let yes = [TileKind::DungeonRoom, TileKind::CaveIn];
    let no = [
        TileKind::RotatingChamber,
        TileKind::ChamberOfDarkness,
        TileKind::BottomlessPit,
        TileKind::TrapChamber,
        TileKind::Chasm,
        TileKind::Corridor,
    ];
    assert!(yes.iter().all(|&k| searchable(k)));
    assert!(no.iter().all(|&k| !searchable(k)));
}

/// The reference sheet's Chamber of Darkness table.
#[test]
fn chamber_of_darkness_exits() {
    let t = ClassicRules::embedded().tiles;
    let two: Vec<_> = (1..=6).map(|v| t.dark_exit(2, v)).collect();
    let three: Vec<_> = (1..=6).map(|v| t.dark_exit(3, v)).collect();
    use DarkExit::*;
    assert_eq!(two, [Entry, Entry, Entry, Other, Other, Other]);
    assert_eq!(three, [Entry, Entry, Clockwise, Clockwise, Anticlockwise, Anticlockwise]);
    // Every darkness tile has 2 or 3 exits.
    let rules = ClassicRules::embedded();
    let exits = |d: &dq_engine::rules::TileDef| d.sides.iter().filter(|&&s| s != Side::Wall).count();
    let mut n: Vec<_> =
        rules.tiles.drawn().iter().filter(|d| d.kind == TileKind::ChamberOfDarkness).map(exits).collect();
    n.sort();
    assert_eq!(n, [2, 2, 3, 3]);
}

#[test]
fn the_data_hash_covers_decks_and_tiles() {
    let s = ClassicSources::embedded();
    assert_eq!((s.decks.name, s.tiles.name), (&*format!("{DATA_DIR}decks.ron"), &*format!("{DATA_DIR}tiles.ron")));
    let base = ClassicRules::embedded().data_hash;
    for file in [s.decks, s.tiles] {
        let edited = format!("{}// edited\n", file.text);
        let mut src: ClassicSources<'_> = s;
        let changed = dq_engine::rules::Source { name: file.name, text: &edited };
        if file.name.ends_with("decks.ron") {
            src.decks = changed;
        } else {
            src.tiles = changed;
        }
        assert_ne!(ClassicRules::load(src).unwrap().data_hash, base, "{}", file.name);
    }
}

// --- bad data ---

fn at(file: &str, needle: &str, message: &str) -> String {
    format!("{DATA_DIR}{file}:{}: {message}", line_of(file, needle))
}

#[test]
fn bad_deck_data_names_file_and_line() {
    let d = "decks.ron";
    // A count that breaks the deck's size: the deck's `size:` line.
    let e = broken(d, |t| t.replace("(name: \"Door Jammed\", count: 6,", "(name: \"Door Jammed\", count: 7,"));
    assert_eq!(
        e,
        format!("{DATA_DIR}{d}:{}: the door deck's lines add up to 16 cards but size is 15", line_of(d, "size: 15,"))
    );
    // Two Shuffles in a deck.
    let e = broken(d, |t| {
        t.replace(
            "(name: \"Rope\", count: 3, effect: Rope),",
            "(name: \"Rope\", count: 2, effect: Rope),\n            (name: \"Shuffle 2\", effect: Shuffle),",
        )
    });
    assert!(e.ends_with("the corpse deck needs exactly one Shuffle card (rulebook 7), not 2"), "{e}");
    // An unknown monster.
    let e = broken(d, |t| t.replace("Monster(\"orc\")", "Monster(\"ogre\")"));
    assert_eq!(e, at(d, "(name: \"Orc\"", "room deck, \"Orc\": no monster kind \"ogre\" in monsters.ron"));
    // A roll that is not a roll.
    let e = broken(d, |t| t.replace("Lose(\"D12-Armour\"), trap: true", "Lose(\"D12-Armor\"), trap: true"));
    assert!(
        e.starts_with(&at(
            d,
            "(name: \"Crossfire Trap\"",
            "room deck, \"Crossfire Trap\": roll \"D12-Armor\": write D6"
        )),
        "{e}"
    );
    // A door card outside the door deck, and another card inside it.
    let e = broken(d, |t| {
        t.replace("(name: \"Empty\", count: 34, effect: Nothing)", "(name: \"Empty\", count: 34, effect: DoorOpens)")
    });
    assert_eq!(e, at(d, "(name: \"Empty\", count: 34", "room deck, \"Empty\": door cards belong to the door deck"));
    let e = broken(d, |t| {
        t.replace(
            "(name: \"Door Jammed\", count: 6, effect: DoorJammed)",
            "(name: \"Door Jammed\", count: 6, effect: Nothing)",
        )
    });
    assert_eq!(
        e,
        at(
            d,
            "(name: \"Door Jammed\"",
            "door deck, \"Door Jammed\": the door deck holds only door cards and its Shuffle"
        )
    );
    // `trap` outside the Room deck.
    let e = broken(d, |t| {
        t.replace(
            "(name: \"Explosion\", count: 2, effect: Lose(\"4\"),",
            "(name: \"Explosion\", count: 2, effect: Lose(\"4\"), trap: true,",
        )
    });
    assert_eq!(e, at(d, "(name: \"Explosion\"", "trap deck, \"Explosion\": `trap` marks Room cards only"));
    // A search of the deck being drawn.
    let e = broken(d, |t| {
        t.replace(
            "(name: \"Nothing\", count: 5, effect: Nothing)",
            "(name: \"Nothing\", count: 5, effect: Search(Corpse))",
        )
    });
    assert_eq!(
        e,
        at(
            d,
            "(name: \"Nothing\"",
            "corpse deck, \"Nothing\": a search draws from the corpse or crypt deck, not Corpse from here"
        )
    );
    // The same name twice in a deck: the second line.
    let e = broken(d, |t| t.replace("(name: \"Brooch\",", "(name: \"Bracelet\","));
    let second = line_of(d, "(name: \"Brooch\",");
    assert_eq!(e, format!("{DATA_DIR}{d}:{second}: crypt deck, \"Bracelet\": the name is used twice in this deck"));
    // The Potion Table: overlapping and missing rolls.
    let e = broken(d, |t| t.replace("(lo: 3,  hi: 4,  result: Nothing)", "(lo: 2,  hi: 4,  result: Nothing)"));
    assert_eq!(e, at(d, "(lo: 3,  hi: 4,", "potion line 2-4: roll 2 is covered twice"));
    let e = broken(d, |t| t.replace("(lo: 11, hi: 12, result: RestoreAll),", ""));
    assert_eq!(e, at(d, "potion: (", "the potion table does not cover roll 11"));
    // The Skeleton's D6.
    let e = broken(d, |t| t.replace("wakes_from: 4", "wakes_from: 7"));
    assert_eq!(e, at(d, "(name: \"Skeleton\"", "crypt deck, \"Skeleton\": wakes_from 7 must be 1 to 6"));
}

#[test]
fn bad_tile_data_names_file_and_line() {
    let f = "tiles.ron";
    // The entry side walled up.
    let line = "(kind: TrapChamber, sides: (Hall, Wall, Hall, Hall), count: 1),";
    let e = broken(f, |t| t.replace(line, "(kind: TrapChamber, sides: (Hall, Wall, Wall, Hall), count: 1),"));
    assert!(e.starts_with(&format!("{DATA_DIR}{f}:{}: tile line ", line_of(f, line))), "{e}");
    assert!(e.ends_with("the bottom side holds the entry arrow and must be open"), "{e}");
    // A count off by one.
    let e = broken(f, |t| {
        t.replace(
            "(kind: TrapChamber, sides: (Hall, Hall, Hall, Hall), count: 3)",
            "(kind: TrapChamber, sides: (Hall, Hall, Hall, Hall), count: 4)",
        )
    });
    assert_eq!(e, at(f, "size:", "the tile lines add up to 125 but size: 124"));
    // A bridge or a spider web: no 1987 rule plays them (docs/rulings.md).
    let e = broken(f, |t| {
        t.replace(
            "(kind: TrapChamber, sides: (Hall, Hall, Hall, Hall), count: 3)",
            "(kind: TrapChamber, sides: (Hall, Hall, Hall, Hall), count: 2), (kind: SpiderWeb, sides: (Hall, Hall, Hall, Hall))",
        )
    });
    assert!(e.ends_with("the 1987 rules have no SpiderWeb tile"), "{e}");
    // A split cave-in (the 1987 cave-in is not split).
    let e = broken(f, |t| {
        t.replace(
            "(kind: CaveIn, sides: (Hall, Wall, Hall, Wall), count: 2)",
            "(kind: CaveIn, sides: (Hall, Wall, Hall, Wall), count: 2, far: [Top])",
        )
    });
    assert!(e.ends_with("CaveIn tiles have no `far` sides"), "{e}");
    // A chamber of darkness with four exits.
    let e = broken(f, |t| {
        t.replace(
            "(kind: ChamberOfDarkness, sides: (Wall, Wall, Hall, Hall), count: 1)",
            "(kind: ChamberOfDarkness, sides: (Hall, Hall, Hall, Hall), count: 1)",
        )
    });
    assert!(e.ends_with("a Chamber of Darkness has 2 or 3 exits (its D6 tables)"), "{e}");
    // The darkness tables: a three-exit word in the two-exit table.
    let e = broken(f, |t| t.replace("(lo: 4, hi: 6, exit: Other)", "(lo: 4, hi: 6, exit: Clockwise)"));
    assert_eq!(e, at(f, "(lo: 4, hi: 6, exit: Other)", "darkness line 4-6: Clockwise is not one of [Entry, Other]"));
    let e = broken(f, |t| t.replace("(lo: 5, hi: 6, exit: Anticlockwise)", "(lo: 4, hi: 6, exit: Anticlockwise)"));
    assert_eq!(e, at(f, "(lo: 5, hi: 6, exit: Anticlockwise)", "darkness line 4-6: roll 4 is covered twice"));
}
