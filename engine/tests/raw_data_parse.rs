//! Parses the raw `data/revised/*.ron` files into the serde schema of `dq_engine::data` and
//! checks the obvious totals. This only tests the text files; rule validation and compilation
//! belong to the loader.

use dq_engine::data::{CombatCard, CombatFile, DeckName, DecksFile, Effect, GameFile, HeroesFile, TilesFile};

const GAME: &str = include_str!("../../data/revised/game.ron");
const HEROES: &str = include_str!("../../data/revised/heroes.ron");
const TILES: &str = include_str!("../../data/revised/tiles.ron");
const DECKS: &str = include_str!("../../data/revised/decks.ron");
const COMBAT: &str = include_str!("../../data/revised/combat.ron");

fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> T {
    match ron::from_str::<T>(text) {
        Ok(v) => v,
        Err(e) => panic!("{name} does not parse: {e}"),
    }
}

#[test]
fn game_parses() {
    let game: GameFile = parse("game.ron", GAME);
    assert_eq!(game.edition, "revised");
    assert_eq!(game.sun_spaces, 30);
    assert_eq!(game.runes_per_hero, 1);
    let spaces: Vec<(u8, u8)> = game.sun_numbered.iter().map(|s| (s.space, s.sets_on_or_below)).collect();
    assert_eq!(spaces, vec![(26, 1), (27, 2), (28, 3), (29, 4), (30, 5)]);
    assert!(game.sun_estimated.is_some(), "the sun numbers are an estimate and must say so");
}

#[test]
fn heroes_parse() {
    let heroes: HeroesFile = parse("heroes.ron", HEROES);
    assert_eq!(heroes.heroes.len(), 6);
    let ids: Vec<&str> = heroes.heroes.iter().map(|h| h.id.as_str()).collect();
    for id in ["gherinn", "challara", "hugo", "krutzbeck", "lindel", "tatianna"] {
        assert!(ids.contains(&id), "hero {id} missing");
    }
    for h in &heroes.heroes {
        assert!(!h.abilities.is_empty(), "{} has no ability", h.id);
        // Only Gherinn's abilities are official.
        let official = h.id == "gherinn";
        for a in &h.abilities {
            assert_eq!(a.estimated.is_none(), official, "{}: {:?}", h.id, a.ability);
        }
    }
}

#[test]
fn tiles_parse() {
    let tiles: TilesFile = parse("tiles.ron", TILES);
    assert_eq!(tiles.size, 117);
    let total: u16 = tiles.tiles.iter().map(|t| u16::from(t.count)).sum();
    assert_eq!(total, tiles.size, "tile counts must add up to the official 117");
    let torches: u16 = tiles.tiles.iter().filter(|t| t.torch).map(|t| u16::from(t.count)).sum();
    assert_eq!(torches, 80, "room-class tiles per ref 5.1");
    assert!(tiles.tiles.iter().all(|t| t.estimated.is_some()), "the tile mix is an estimate");
}

#[test]
fn decks_parse() {
    let decks: DecksFile = parse("decks.ron", DECKS);
    assert_eq!(decks.monster_kinds, ["Skeleton", "Sorcerer", "Troll", "Golem", "Demon"]);

    let official = [
        (DeckName::Dungeon, 50),
        (DeckName::Search, 30),
        (DeckName::Door, 15),
        (DeckName::Trap, 15),
        (DeckName::Crypt, 15),
        (DeckName::Corpse, 15),
        (DeckName::Catacomb, 40),
        (DeckName::Dragon, 8),
        (DeckName::Treasure, 32),
        (DeckName::Rune, 12),
        (DeckName::Monster, 20),
    ];
    assert_eq!(decks.decks.len(), official.len());
    for (name, size) in official {
        let matching: Vec<_> = decks.decks.iter().filter(|d| d.deck == name).collect();
        assert_eq!(matching.len(), 1, "{name:?} must appear exactly once");
        let deck = matching[0];
        assert_eq!(deck.size, size, "{name:?} official size");
        let total: u16 = deck.cards.iter().map(|c| u16::from(c.count)).sum();
        assert_eq!(total, deck.size, "{name:?} card lines must add up to its size");

        let shuffles: u16 =
            deck.cards.iter().filter(|c| c.effect == [Effect::Shuffle]).map(|c| u16::from(c.count)).sum();
        let wants_shuffle = !matches!(name, DeckName::Dragon | DeckName::Treasure | DeckName::Rune | DeckName::Monster);
        assert_eq!(shuffles, u16::from(wants_shuffle), "{name:?} Shuffle cards");
    }

    let deck = |n: DeckName| decks.decks.iter().find(|d| d.deck == n).unwrap();

    // Treasure: printed values add up to 16,952 (ref 2.9).
    let treasure_gold: u32 = deck(DeckName::Treasure).cards.iter().map(|c| c.gold * u32::from(c.count)).sum();
    assert_eq!(treasure_gold, 16_952);

    // Monsters: every card has stats of a known kind, 4 of each kind.
    for kind in &decks.monster_kinds {
        let n = deck(DeckName::Monster)
            .cards
            .iter()
            .filter(|c| c.monster.as_ref().is_some_and(|m| &m.kind == kind))
            .count();
        assert_eq!(n, 4, "{kind} monster cards");
    }

    // Runes: every card has a rune use.
    assert!(deck(DeckName::Rune).cards.iter().all(|c| c.rune.is_some()));
}

#[test]
fn combat_parses() {
    let combat: CombatFile = parse("combat.ron", COMBAT);
    assert_eq!(combat.matrix.len(), 9);
    let cards = [CombatCard::Magic, CombatCard::Melee, CombatCard::Ranged];
    for h in cards {
        for m in cards {
            let n = combat.matrix.iter().filter(|c| c.hero == h && c.monster == m).count();
            assert_eq!(n, 1, "matrix cell {h:?} vs {m:?}");
        }
    }
    // Solo lines cover 1..=6 exactly once.
    let mut covered = [0u8; 7];
    for l in &combat.solo {
        for v in l.lo..=l.hi {
            covered[usize::from(v)] += 1;
        }
    }
    assert_eq!(&covered[1..], &[1, 1, 1, 1, 1, 1]);
}
