//! Single combats: one hero against one monster, many times over, for `dq duel`.
//!
//! A duel is a real game state set up so that the first thing that happens is a monster
//! encounter in a dungeon room, and that ends when the combat does (monster killed, hero dead,
//! or hero escaped). The combat itself runs through the same code as in a full game, so the
//! duel measures exactly what the game does.
//!
//! Edition `third` (2010): the hero meets a monster token of the requested type (a random type
//! otherwise), drawn at random from that type's pool, so its life value is a token's (unless
//! fixed); he may escape or attack by power cards, back into the chamber he came from, then the
//! card combat (Going It Alone under `solo`, the `combat-dice` variant if on) is fought; the
//! monster side is played by the hero's own player, as in a one-hero game, so the monster policy
//! answers its cards. A stalemate (the card combat's round cap) ends the duel with both alive.

use super::*;
use crate::dungeonquest::board::{cell, Dir};
use crate::dungeonquest::data::{Side, TileKind};

/// What to fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelConfig {
    /// Index into [`Rules::heroes`].
    pub hero: u8,
    /// Wounds the hero already has.
    pub wounds: u8,
    /// Monster kind (index into [`Rules::monster_kinds`]); `None` draws from the whole deck.
    pub monster: Option<u8>,
    /// The monster's life; `None` takes it from the card drawn, as in the game.
    pub life: Option<u8>,
    /// Whether the hero may escape (the rules may still forbid it).
    pub escape: bool,
    /// Optional rules: `solo` uses the solo combat table (third: Going It Alone), `no-abilities`
    /// removes hero abilities, `combat-dice` (third) the dice variant. Rules about the rest of the game (sun, towers, respawning) do not apply.
    pub variant: Variant,
}

/// How a duel ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelOutcome {
    pub hero_won: bool,
    pub hero_died: bool,
    pub escaped: bool,
    /// Combat rounds fought.
    pub rounds: u8,
    /// Wounds the hero took in this combat (escape penalty included).
    pub hero_wounds: u8,
}

/// Duel settings kept in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DuelState {
    pub life: Option<u8>,
}

/// Where the duel takes place: away from towers and the treasure chamber.
const ARENA: Cell = cell(2, 3);
/// The chamber the hero came from.
const FROM: Cell = cell(3, 3);

impl<'r> Game<'r> {
    /// Sets up duel `index` of a run with `master` seed and runs it to the first decision.
    /// The monster card is drawn at random (from the setup stream) among the cards of the
    /// requested kind; the hero stands in a dungeon room with open halls to escape through.
    pub fn duel<O: Observer>(
        rules: &'r Rules,
        config: &DuelConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<Game<'r>, ConfigError> {
        let mut game = Game::duel_staged(rules, config, master, index, obs)?;
        game.run(obs);
        Ok(game)
    }

    /// Sets up duel `index` as [`Game::duel`] does but stops before the encounter, so that a
    /// test can stack decks, tokens and dice; [`Game::begin`] then runs it to the first decision.
    pub fn duel_staged<O: Observer>(
        rules: &'r Rules,
        config: &DuelConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<Game<'r>, ConfigError> {
        let third = rules.edition == Edition::Third;
        let hero = rules.heroes.get(config.hero as usize).ok_or(ConfigError::NoSuchHero(config.hero))?;
        if config.wounds >= hero.health {
            return Err(ConfigError::Duel(format!(
                "{} has {} health: wounds must be below that, got {}",
                hero.id, hero.health, config.wounds
            )));
        }
        if let Some(k) = config.monster {
            if k as usize >= rules.monster_kinds.len() {
                return Err(ConfigError::Duel(format!("monster kind number {k} does not exist")));
            }
        }
        if config.life == Some(0) {
            return Err(ConfigError::Duel("monster life must be at least 1".into()));
        }
        let mut variant = config.variant;
        variant.death_can_wait = false;
        variant.late_start = false;
        variant.torchlight = false;
        variant.hero_vs_hero = false;
        variant.servants = false;
        variant.tower_power = false;
        let mut heroes = ArrayVec::new();
        heroes.push(HeroPick::Fixed(config.hero));
        let mut game = Game::blank(rules);
        let mut setup = game.prepare(&GameConfig { heroes, variant }, master, index)?;
        game.setup(&mut setup, obs);
        game.chance.setup_draws = setup.draws();
        game.tasks.clear();
        // No runes in a duel: they belong to the wider game.
        let runes = game.heroes[0].runes.take();
        for r in runes {
            game.put_discard(r, obs);
        }
        // The arena: the dungeon room in the tile stack with the most open sides, and south
        // of it the room the hero came from (escapes lead back into explored chambers). The
        // stack is read in its order.
        for at in [ARENA, FROM] {
            let n = game.tiles.left as usize;
            let open = |t: u8| rules.tiles[t as usize].sides.iter().filter(|s| **s != Side::Wall).count();
            // 2010: no escape from a chamber with a portcullis, so the arena has none.
            let portcullis = |t: u8| third && rules.tiles[t as usize].sides.contains(&Side::Portcullis);
            let room = game.tiles.order[..n]
                .iter()
                .copied()
                .filter(|&t| rules.tiles[t as usize].kind == TileKind::DungeonRoom && !portcullis(t))
                .max_by_key(|&t| (open(t), core::cmp::Reverse(t)));
            if let Some(t) = room {
                // Entry arrows face south: the arena's entry hall leads to the room below.
                let arrow = if at == ARENA { Dir::South } else { Dir::North };
                game.lay_tile(at, t, arrow);
            }
        }
        let h = &mut game.heroes[0];
        h.pos = ARENA;
        h.wounds = config.wounds;
        if third {
            // The hero came from the room to the south; the token is drawn as the encounter
            // begins (from the shuffle stream, as in a game).
            game.third.came_from[0] = FROM;
            game.duel = Some(DuelState { life: config.life });
            game.clock.round = 1;
            game.active = Seat::of(0);
            game.push(Task::DuelEnd);
            let kind = config.monster.unwrap_or(crate::dungeonquest::rules::ANY_KIND);
            game.push(Task::Third(third::Step::Encounter { kind, escape: config.escape, token: NO_CARD }));
            return Ok(game);
        }
        // The monster: a card of the requested kind on top of the monster deck.
        let cards = rules.deck_cards(Deck::Monster);
        let count = |k: Option<u8>| {
            cards.clone().filter(|&c| rules.card(c).monster.is_some_and(|m| k.is_none_or(|k| m.kind == k))).count()
        };
        let n = count(config.monster);
        if n == 0 {
            return Err(ConfigError::Duel("no monster card of that kind".into()));
        }
        let pick = setup.below(n as u32) as usize;
        if let Some(card) = cards
            .clone()
            .filter(|&c| rules.card(c).monster.is_some_and(|m| config.monster.is_none_or(|k| m.kind == k)))
            .nth(pick)
        {
            game.stack_deck(&[card]);
        }
        game.duel = Some(DuelState { life: config.life });
        game.clock.round = 1;
        game.active = Seat::of(0);
        game.push(Task::DuelEnd);
        game.push(Task::Encounter { escape: config.escape });
        Ok(game)
    }

    /// Runs a staged game ([`Game::duel_staged`]) to its first decision; does nothing once a
    /// decision is pending or the game is over.
    pub fn begin<O: Observer>(&mut self, obs: &mut O) {
        if self.runs_next() {
            self.run(obs);
        }
    }

    /// The outcome of a finished duel (`None` for a normal game or a duel still running).
    pub fn duel_outcome(&self) -> Option<DuelOutcome> {
        self.duel?;
        if !self.over {
            return None;
        }
        let h = &self.heroes[0];
        Some(DuelOutcome {
            hero_won: h.stats.monsters_killed > 0,
            hero_died: h.status == HeroStatus::Dead,
            escaped: h.stats.escapes > 0,
            rounds: match self.edition.combat() {
                CombatSystem::Cards => self.third.fight.round,
                CombatSystem::ResultsMatrix | CombatSystem::Counters => self.combat.rounds,
            },
            hero_wounds: h.stats.wounds_taken.min(255) as u8,
        })
    }

    pub(crate) fn duel_end<O: Observer>(&mut self, _obs: &mut O) {
        self.heroes[0].stats.end_round = self.clock.round;
        self.over = true;
        self.halted = true;
        // As `finish_game`: no answers once the game is over.
        self.legal.clear();
    }
}
