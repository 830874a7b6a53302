//! A starting position for tests, written as a plain value and checked once ([`Setup`]).
//!
//! Why: rule tests used to start a game and then edit it live (lay tiles, move heroes, stack
//! decks, force dice), each edit on a game already waiting for a decision, so a test's
//! position was the sum of edits in a chosen order, and a wrong one (a tile laid twice, a
//! hero on an empty space) went unnoticed until a later assertion failed. A `Setup` says the
//! whole position at once; [`Setup::build`] checks all of it, names the first thing wrong,
//! and lays it out before the first turn starts, so the game's first decision is already
//! the position's own. The edits themselves are the scenario helpers (`scenario.rs`).

use super::*;
use crate::dungeonquest::board::{Dir, CELLS, PRINTED};

/// The observer a setup's game is built with: sees nothing, as `NoObserver`. A type of its
/// own so that the engine crate holds no `NoObserver` copy of the game loop: with one here,
/// the runners' own copies were built differently (+0.6% instructions in a 2010 greedy game).
struct Unseen;

impl crate::core::Observer<Event> for Unseen {
    const ENABLED: bool = false;
    #[inline]
    fn event(&mut self, _: Event) {}
}

/// One hero of a [`Setup`], in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeroSetup {
    /// Hero sheet (index into `Rules::heroes`).
    pub hero: u8,
    /// Where the figure stands; `None`: the tower setup dealt.
    pub at: Option<Cell>,
    pub wounds: u8,
    pub determination: u8,
    /// Cards put into the hero's play area (loot and kept cards), taken from their decks.
    pub cards: Vec<CardId>,
    /// The hero's runes instead of the ones dealt; `None`: the ones dealt.
    pub runes: Option<Vec<CardId>>,
}

impl HeroSetup {
    /// Hero sheet `hero` as dealt: his tower, no wounds, no cards, the runes dealt.
    pub fn new(hero: u8) -> HeroSetup {
        HeroSetup { hero, at: None, wounds: 0, determination: 0, cards: Vec::new(), runes: None }
    }
}

/// A tile laid by a [`Setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileSetup {
    pub cell: Cell,
    /// Tile index into `Rules::tiles`.
    pub tile: u8,
    /// Where its entry arrow faces.
    pub arrow: Dir,
}

/// A game's starting position, as a value: heroes, tiles laid, stacked decks and tiles,
/// forced dice, the sun. What is not said is as the seeded setup deals it. See the module
/// documentation for why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// One to four heroes, in seat order.
    pub heroes: Vec<HeroSetup>,
    pub variant: Variant,
    /// Master seed and game index of the seeded setup (decks, tiles, towers, first player).
    pub seed: (u64, u64),
    /// The seat that plays first; `None`: as the setup drew it.
    pub first: Option<u8>,
    pub tiles: Vec<TileSetup>,
    /// The next chamber tiles drawn, first drawn first.
    pub next_tiles: Vec<u8>,
    /// Cards put on top of their decks, first on top.
    pub next_cards: Vec<CardId>,
    /// The next dice rolled, in order (at most 32).
    pub dice: Vec<u8>,
    /// The sun's space; `None`: where setup put it.
    pub sun: Option<u8>,
    /// Spaces holding a monster token.
    pub monster_tokens: Vec<Cell>,
}

/// What is wrong with a [`Setup`]: the first thing [`Setup::build`] found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("seat {0} plays first, but there are {1} seats")]
    First(u8, usize),
    #[error("space {0} is not on the board")]
    NoSuchSpace(Cell),
    #[error("space {0} is printed on the board: no tile is laid there")]
    Printed(Cell),
    #[error("two tiles are laid on space {0}")]
    SpaceTwice(Cell),
    #[error("tile {0} does not exist")]
    NoSuchTile(u8),
    #[error("tile {0} is used twice")]
    TileTwice(u8),
    #[error("seat {0} stands on space {1}, which holds no chamber")]
    Unexplored(u8, Cell),
    #[error("seat {seat} has {wounds} wounds, his health is {health}")]
    Wounds { seat: u8, wounds: u8, health: u8 },
    #[error("card {0} does not exist")]
    NoSuchCard(CardId),
    #[error("card {0} is used twice")]
    CardTwice(CardId),
    #[error("card {0} was dealt elsewhere at setup")]
    Dealt(CardId),
    #[error("card {0} is not a rune")]
    NotARune(CardId),
    #[error("seat {0} holds more than four runes")]
    TooManyRunes(u8),
    #[error("die {0} is not 1 to 6")]
    Die(u8),
    #[error("{0} forced dice, at most 32")]
    TooManyDice(usize),
    #[error("sun space {0}, the track has {1}")]
    Sun(u8, u8),
    #[error("the position breaks an invariant: {0}")]
    Invariant(String),
}

impl Setup {
    /// `heroes` (hero sheets, in seat order) as dealt by game 0 of seed 1, nothing else said.
    pub fn heroes(heroes: &[u8]) -> Setup {
        Setup { heroes: heroes.iter().map(|&h| HeroSetup::new(h)).collect(), seed: (1, 0), ..Setup::default() }
    }

    /// Checks the position against `rules`, then sets the game up with it and runs to its
    /// first decision. Nothing is laid out unless all of it is valid.
    pub fn build<'r>(&self, rules: &'r Rules) -> Result<Game<'r>, SetupError> {
        self.check(rules)?;
        let config =
            GameConfig { heroes: self.heroes.iter().map(|h| HeroPick::Fixed(h.hero)).collect(), variant: self.variant };
        let mut game = Game::blank(rules);
        let mut rng = game.prepare(&config, self.seed.0, self.seed.1)?;
        let obs = &mut Unseen;
        game.setup(&mut rng, obs);
        game.chance.setup_draws = rng.draws();
        self.lay_out(&mut game);
        // A card asked for that setup dealt elsewhere (a rune to another seat) is not moved.
        for (seat, h) in self.heroes.iter().zip(&game.heroes) {
            let runes = seat.runes.iter().flatten();
            if let Some(&c) = seat.cards.iter().chain(runes).find(|c| !h.held.contains(c) && !h.runes.contains(c)) {
                return Err(SetupError::Dealt(c));
            }
        }
        if let Err(e) = game.check_invariants() {
            return Err(SetupError::Invariant(e));
        }
        game.run(obs);
        Ok(game)
    }

    /// Everything `build` checks before it sets up, bar the configuration (`Game::prepare`).
    fn check(&self, rules: &Rules) -> Result<(), SetupError> {
        let seats = self.heroes.len();
        if seats == 0 || seats > MAX_SEATS {
            return Err(ConfigError::Seats(seats).into());
        }
        if let Some(f) = self.first.filter(|&f| f as usize >= seats) {
            return Err(SetupError::First(f, seats));
        }
        let space = |c: Cell| if (c as usize) < CELLS { Ok(c) } else { Err(SetupError::NoSuchSpace(c)) };
        let mut laid = [false; CELLS];
        let mut tiles = [false; MAX_TILES];
        let mut tile = |t: u8| {
            if t as usize >= rules.tiles.len() {
                return Err(SetupError::NoSuchTile(t));
            }
            if core::mem::replace(&mut tiles[t as usize], true) {
                return Err(SetupError::TileTwice(t));
            }
            Ok(())
        };
        for l in &self.tiles {
            let c = space(l.cell)? as usize;
            if PRINTED[c] {
                return Err(SetupError::Printed(l.cell));
            }
            if core::mem::replace(&mut laid[c], true) {
                return Err(SetupError::SpaceTwice(l.cell));
            }
            tile(l.tile)?;
        }
        for &t in &self.next_tiles {
            tile(t)?;
        }
        let mut cards = [false; MAX_CARDS];
        let mut card = |c: CardId| {
            if c as usize >= rules.cards.len() {
                return Err(SetupError::NoSuchCard(c));
            }
            if core::mem::replace(&mut cards[c as usize], true) {
                return Err(SetupError::CardTwice(c));
            }
            Ok(())
        };
        for (seat, h) in self.heroes.iter().enumerate() {
            let seat = seat as u8;
            if let Some(c) = h.at {
                let c = space(c)?;
                if !PRINTED[c as usize] && !laid[c as usize] {
                    return Err(SetupError::Unexplored(seat, c));
                }
            }
            if let Some(def) = rules.heroes.get(h.hero as usize) {
                if h.wounds >= def.health {
                    return Err(SetupError::Wounds { seat, wounds: h.wounds, health: def.health });
                }
            }
            for &c in &h.cards {
                card(c)?;
            }
            if let Some(runes) = &h.runes {
                if runes.len() > 4 {
                    return Err(SetupError::TooManyRunes(seat));
                }
                for &c in runes {
                    card(c)?;
                    if rules.card(c).deck != Deck::Rune {
                        return Err(SetupError::NotARune(c));
                    }
                }
            }
        }
        for &c in &self.next_cards {
            card(c)?;
        }
        if self.dice.len() > 32 {
            return Err(SetupError::TooManyDice(self.dice.len()));
        }
        if let Some(&d) = self.dice.iter().find(|&&d| !(1..=6).contains(&d)) {
            return Err(SetupError::Die(d));
        }
        if let Some(s) = self.sun.filter(|&s| s > rules.sun_spaces) {
            return Err(SetupError::Sun(s, rules.sun_spaces));
        }
        for &c in &self.monster_tokens {
            space(c)?;
        }
        Ok(())
    }

    /// The position laid out on a game just set up (no decision pending, the first turn not
    /// started), through the scenario helpers.
    fn lay_out(&self, game: &mut Game<'_>) {
        for l in &self.tiles {
            game.lay_tile(l.cell, l.tile, l.arrow);
        }
        game.stack_tiles(&self.next_tiles);
        // The runes dealt back first, every seat's, so that any of them can be given anew.
        for (seat, h) in self.heroes.iter().enumerate() {
            if h.runes.is_some() {
                for c in game.heroes[seat].runes.take() {
                    game.put_top(c);
                }
            }
        }
        // The runes dealt back first, every seat's, so that any of them can be given anew.
        for (seat, h) in self.heroes.iter().enumerate() {
            if h.runes.is_some() {
                for c in game.heroes[seat].runes.take() {
                    game.put_top(c);
                }
            }
        }
        for (seat, h) in self.heroes.iter().enumerate() {
            let seat = seat as u8;
            if let Some(c) = h.at {
                game.put_hero(seat, c);
            }
            game.set_hero_state(seat, h.wounds, h.determination);
            for &c in &h.cards {
                game.give_card(seat, c);
            }
            if let Some(runes) = &h.runes {
                for &c in runes {
                    game.stack_deck(&[c]);
                    if game.take_top(Deck::Rune) == Some(c) {
                        let rules = game.rules;
                        game.heroes[seat as usize].runes.push(rules, c);
                    }
                }
            }
        }
        game.stack_deck(&self.next_cards);
        game.force_dice(&self.dice);
        if let Some(s) = self.sun {
            game.set_sun(s);
        }
        for &c in &self.monster_tokens {
            game.set_monster_token(c, true);
        }
        if let Some(f) = self.first {
            game.first = f;
            game.active = Seat::of(f);
        }
    }
}
