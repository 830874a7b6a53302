//! Hand-built positions shared by the bots' position tests: a one-hero game at its first
//! action with the hero put where a test wants him, and one policy's answer there.

use dq_bots::{Bot, BotSpec, Policy};
use dq_engine::data::{Side, TileKind};
use dq_engine::rng::{GameRng, Stream};
use dq_engine::{Cell, Choice, Choices, DecisionKind, Dir, Game, GameConfig, HeroPick, NoObserver, Rules, Variant};

/// A dungeon room with no wall, so every neighbour is a legal move.
pub fn open_room(rules: &Rules) -> u8 {
    rules
        .tiles
        .iter()
        .position(|t| t.kind == TileKind::DungeonRoom && t.sides.iter().all(|s| *s == Side::Hall))
        .expect("a room with four halls") as u8
}

/// A one-hero game under the optional rules `rules_on` at its first action, with the hero
/// moved to `at` (an open room) and the sun on `sun`.
pub fn position<'r>(rules: &'r Rules, rules_on: &str, at: Cell, sun: u8) -> Game<'r> {
    let mut heroes = arrayvec::ArrayVec::new();
    heroes.push(HeroPick::Fixed(0));
    let mut variant = Variant::default();
    for r in rules_on.split(',').filter(|r| !r.is_empty()) {
        variant.enable(r).unwrap();
    }
    let cfg = GameConfig { heroes, variant };
    let mut g = Game::new(rules, &cfg, 11, 0, &mut NoObserver).unwrap();
    let mut c = Choices::new();
    while g.pending().map(|d| d.kind) != Some(DecisionKind::Action) {
        g.legal(&mut c);
        let pick = *c.iter().find(|x| matches!(x, Choice::No | Choice::Done)).unwrap_or(&c[0]);
        g.apply(pick, &mut NoObserver).unwrap();
    }
    g.lay_tile(at, open_room(rules), Dir::South);
    g.put_hero(0, at);
    g.set_sun(sun);
    g
}

pub fn decide(rules: &Rules, spec: &str, g: &Game<'_>) -> Choice {
    let mut bot = Bot::new(rules, BotSpec::parse(spec).unwrap());
    bot.new_game();
    let mut c = Choices::new();
    g.legal(&mut c);
    let mut rng = GameRng::new(1, 0, Stream::Bot);
    let pick = bot.choose(g, &c, &mut rng);
    assert!(c.contains(&pick), "{spec} chose {pick:?}, not among {c:?}");
    pick
}
