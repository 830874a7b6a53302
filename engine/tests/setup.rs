//! `Setup`: a starting position as a value, checked once and laid out before the first turn.

mod common;
use common::*;
use dq_engine::board::Dir;
use dq_engine::data::TileKind;
use dq_engine::*;

/// Hero sheet of a hero id.
fn sheet(id: &str) -> u8 {
    rules().hero_by_id(id).expect("hero id") as u8
}

/// A four-hall dungeon room without stairs, skipping `skip` of them.
fn room(skip: usize) -> u8 {
    tile(TileKind::DungeonRoom, [H, H, H, H], skip)
}

/// A setup that says nothing but the heroes is the seeded game itself, state for state.
#[test]
fn a_setup_saying_nothing_is_the_seeded_game() {
    for (seed, heroes) in
        [((1, 0), vec![sheet("hugo")]), ((7, 3), vec![sheet("hugo"), sheet("gherinn"), sheet("challara")])]
    {
        let mut s = Setup::heroes(&heroes);
        s.seed = seed;
        let built = s.build(rules()).unwrap();
        let cfg =
            GameConfig { heroes: heroes.iter().map(|&h| HeroPick::Fixed(h)).collect(), variant: Variant::default() };
        let new = Game::new(rules(), &cfg, seed.0, seed.1, &mut NoObserver).unwrap();
        assert_eq!(format!("{built:?}"), format!("{new:?}"), "seed {seed:?}");
    }
}

/// Everything a setup says is where the game starts: tiles, heroes with their wounds, cards
/// and runes, the next tile, card and dice, the sun, monster tokens, the first player.
#[test]
fn the_game_starts_from_the_position() {
    let mut s = quiet_setup(&["hugo", "lindel"]);
    let (a, b) = (room(0), room(1));
    s.tiles = vec![TileSetup { cell: at(3, 3), tile: a, arrow: Dir::South }];
    s.next_tiles = vec![b];
    let door = card_in(Deck::Door, "Door Opens");
    s.next_cards = vec![door];
    s.dice = vec![6, 1];
    s.sun = Some(5);
    s.monster_tokens = vec![at(2, 2)];
    s.first = Some(1);
    let loot = rules().deck_cards(Deck::Treasure).next().expect("a treasure card");
    s.heroes[0].at = Some(at(3, 3));
    s.heroes[0].wounds = 2;
    s.heroes[0].determination = 1;
    s.heroes[0].cards = vec![loot];
    let (g, _t) = start(&s);
    assert_eq!(g.first_player(), 1);
    expect(&g, 1, DecisionKind::Action);
    assert_eq!(g.cell(at(3, 3)).kind, Some(TileKind::DungeonRoom));
    let h = g.hero(0);
    assert_eq!((h.pos, h.wounds, h.determination), (at(3, 3), 2, 1));
    assert_eq!(h.held, &[loot]);
    assert_eq!(h.runes, &[card_in(Deck::Rune, HARMLESS_RUNES[0])]);
    assert_eq!(g.hero(1).runes, &[card_in(Deck::Rune, HARMLESS_RUNES[1])]);
    assert!(g.monster_at(at(2, 2)));
    assert!(g.sun() >= 5);
    assert_eq!(g.tiles_left() as usize, rules().tiles.len() - 1);
    g.check_invariants().unwrap();
}

/// Each kind of mistake is refused, naming it, before anything is laid out.
#[test]
fn a_wrong_position_is_refused_naming_the_mistake() {
    let base = quiet_setup(&["hugo"]);
    let lay = |c, t| TileSetup { cell: c, tile: t, arrow: Dir::South };
    let cases: Vec<(Setup, SetupError)> = vec![
        (Setup { heroes: vec![], ..base.clone() }, SetupError::Config(ConfigError::Seats(0))),
        (Setup { first: Some(1), ..base.clone() }, SetupError::First(1, 1)),
        (Setup { tiles: vec![lay(200, room(0))], ..base.clone() }, SetupError::NoSuchSpace(200)),
        (Setup { tiles: vec![lay(TOWERS[0], room(0))], ..base.clone() }, SetupError::Printed(TOWERS[0])),
        (
            Setup { tiles: vec![lay(at(3, 3), room(0)), lay(at(3, 3), room(1))], ..base.clone() },
            SetupError::SpaceTwice(at(3, 3)),
        ),
        (Setup { tiles: vec![lay(at(3, 3), 250)], ..base.clone() }, SetupError::NoSuchTile(250)),
        (
            Setup { tiles: vec![lay(at(3, 3), room(0))], next_tiles: vec![room(0)], ..base.clone() },
            SetupError::TileTwice(room(0)),
        ),
        (Setup { dice: vec![7], ..base.clone() }, SetupError::Die(7)),
        (Setup { dice: vec![1; 33], ..base.clone() }, SetupError::TooManyDice(33)),
        (Setup { sun: Some(200), ..base.clone() }, SetupError::Sun(200, rules().sun_spaces)),
    ];
    for (s, want) in cases {
        assert_eq!(s.build(rules()).err(), Some(want.clone()), "{want}");
    }
    let mut s = base.clone();
    s.heroes[0].at = Some(at(3, 3));
    assert_eq!(s.build(rules()).err(), Some(SetupError::Unexplored(0, at(3, 3))));
    let health = rules().heroes[s.heroes[0].hero as usize].health;
    let mut s = base.clone();
    s.heroes[0].wounds = health;
    assert_eq!(s.build(rules()).err(), Some(SetupError::Wounds { seat: 0, wounds: health, health }));
    let door = card_in(Deck::Door, "Door Opens");
    let mut s = base.clone();
    s.heroes[0].cards = vec![door];
    s.next_cards = vec![door];
    assert_eq!(s.build(rules()).err(), Some(SetupError::CardTwice(door)));
    let mut s = base.clone();
    s.heroes[0].runes = Some(vec![door]);
    assert_eq!(s.build(rules()).err(), Some(SetupError::NotARune(door)));
}

/// `GameConfig::check` refuses exactly what `Game::new` refuses, with the same error, without
/// building a game (runners check their plan with it).
#[test]
fn a_configuration_is_checked_as_a_game_would_refuse_it() {
    let fixed = |ids: &[&str]| ids.iter().map(|id| HeroPick::Fixed(sheet(id))).collect::<Vec<_>>();
    let dice = Variant { combat_dice: true, ..Variant::default() };
    let cases: Vec<(Vec<HeroPick>, Variant, Option<ConfigError>)> = vec![
        (fixed(&["hugo"]), Variant::default(), None),
        (vec![HeroPick::Random; 4], Variant::default(), None),
        (vec![], Variant::default(), Some(ConfigError::Seats(0))),
        (fixed(&["hugo", "hugo"]), Variant::default(), Some(ConfigError::DuplicateHero("hugo".into()))),
        (vec![HeroPick::Fixed(60)], Variant::default(), Some(ConfigError::NoSuchHero(60))),
        // Revised data has no combat dice list.
        (fixed(&["hugo"]), dice, None),
    ];
    for (heroes, variant, want) in cases {
        let cfg = GameConfig { heroes: heroes.into_iter().collect(), variant };
        let checked = cfg.check(rules()).err();
        let built = Game::new(rules(), &cfg, 1, 0, &mut NoObserver).err();
        assert_eq!(checked, built, "{cfg:?}");
        if variant.combat_dice {
            assert!(matches!(checked, Some(ConfigError::Rule(_))), "{checked:?}");
        } else {
            assert_eq!(checked, want, "{cfg:?}");
        }
    }
}
