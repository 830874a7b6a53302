//! The 1987 game itself: its own state, driven through [`DecisionGame`].
//!
//! A [`ClassicGame`] is a small `Clone` value in fixed-size storage (no allocation after
//! set-up, no IO): seats and heroes, the board of laid tiles, the seven decks, the Treasure cup
//! and the Dragon stack, an optional combat in progress ([`super::Fight`]) and the pending
//! decision with its legal answers. It runs on (chance included, from the per-game streams of
//! [`crate::core::rng`]) until a seat must decide; [`ClassicGame::apply`] takes the answer and
//! runs on. It shares the board geometry, the tile definitions and the rng streams with the
//! Revised game, and nothing else: the 1987 rules differ in kind.
//!
//! - `decision.rs`: what is asked, the answers, the events;
//! - `setup.rs`: configuration, the seeded set-up and the test set-up;
//! - `stock.rs`: decks, the Treasure cup and the Dragon stack;
//! - `board.rs`: laid tiles and which moves they allow;
//! - `flow.rs`: rounds, turns, the start-of-turn plights and the turn's action;
//! - `moves.rs`: moving, doors and portcullises, laying tiles, arriving;
//! - `cards.rs`: the Room, Trap, Corpse, Crypt and Search cards;
//! - `fight.rs`: monsters through `Fight`, and the Giant Spider;
//! - `chamber.rs`: the Treasure Chamber and the Dragon.
//!
//! Rulings where the text is unclear: docs/rulings.md, "Classic (1987)".

mod board;
mod cards;
mod chamber;
#[cfg(test)]
mod check_tests;
mod decision;
mod fight;
mod flow;
mod moves;
#[cfg(test)]
mod resample_tests;
mod setup;
mod stock;

pub use decision::{
    Ask, Cause, ClassicChoice, ClassicChoices, ClassicDecision, ClassicEvent, ClassicIllegal, Fate, Onward, Optional,
};
pub use setup::{ClassicConfig, ClassicConfigError, ClassicSetup, ClassicSetupError, Pick, SeatSetup};

use super::combat::{Fight, Stacked};
use super::decks::ClassicDeck;
use super::rules::ClassicRules;
use crate::core::rng::{GameRng, LazyRng};
use crate::core::{DecisionGame, Observer, Outcome};
use crate::dungeonquest::board::{is_treasure, Cell, CellSet};
use crate::dungeonquest::data::Side;
use crate::dungeonquest::game::HeroStats;
use arrayvec::ArrayVec;
use board::Board;
use stock::{CardQueue, DragonStack};

/// Most heroes in one game.
pub const MAX_SEATS: usize = 4;
/// Rounds in a game: night falls after the 26th (rulebook 5).
pub const ROUNDS: u8 = 26;
/// Treasure cards one hero can keep.
const KEPT_CAP: usize = 16;

/// A kept card: its deck and its index in that deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    pub deck: ClassicDeck,
    pub card: u8,
}

/// What holds a hero at the start of his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plight {
    None,
    /// Fallen through a Trapdoor (the card kept until he climbs out).
    Trapdoor(Kept),
    /// His torch went out (the card kept until relit).
    Torch(Kept),
    /// A Giant Spider he must fight again (its Room card).
    Spider(Kept),
    /// In a Chamber of Darkness: the D6 decides the exit.
    Darkness,
    /// On a Cave-In tile: roll or retreat.
    CaveIn,
}

/// How a hero came onto the space he stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// Placed on a start tower.
    Start,
    /// Through a hall.
    Hall,
    /// Through a door (an escape back needs no Door card).
    Door,
    /// Under a portcullis that fell behind him: no escape.
    Portcullis,
    /// Through a secret door: no escape.
    SecretDoor,
}

/// One seat's hero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hero {
    /// Index into [`ClassicRules::heroes`].
    pub hero: u8,
    /// Index into [`ClassicRules::rings`] while unused.
    pub ring: Option<u8>,
    pub life: u8,
    pub arrows: u8,
    pub pos: Cell,
    /// The space he came from (escapes go back there).
    pub prev: Cell,
    /// The side of `pos` he came in by (towards `prev`).
    pub came: Option<crate::dungeonquest::board::Dir>,
    pub via: Via,
    /// The part of a chasm tile he is on (0: the entry arrow's).
    pub part: u8,
    pub fate: Fate,
    /// Successive searches in this room.
    pub searches: u8,
    pub plight: Plight,
    /// Treasure counters held, a bit per counter.
    pub counters: u32,
    /// Treasure cards kept.
    pub cards: ArrayVec<Kept, KEPT_CAP>,
    pub potion: Option<Kept>,
    pub rope: Option<Kept>,
    /// What he did and met, for the results rows (the columns Revised fills, counted here by
    /// the 1987 rules: see docs/schema.md).
    pub stats: HeroStats,
}

impl Hero {
    /// Whether he is still in the dungeon.
    #[inline]
    pub fn inside(&self) -> bool {
        self.fate == Fate::Inside
    }
}

/// The streams a game draws from.
#[derive(Clone, Debug)]
struct Chance {
    /// Dice: a test's stacked rolls first, then the dice stream.
    dice: Stacked<GameRng>,
    /// Reshuffles during play (decks, the cup, the Dragon counters).
    shuffle: LazyRng,
    /// Words the set-up stream gave (for `dq bench`'s count of random draws).
    setup_draws: u32,
}

/// The 1987 game.
#[derive(Clone, Debug)]
pub struct ClassicGame<'r> {
    rules: &'r ClassicRules,
    seats: u8,
    first: u8,
    /// The sun's space: the round being played (0 during set-up).
    round: u8,
    /// The seat whose turn it is.
    active: u8,
    heroes: [Hero; MAX_SEATS],
    board: Board,
    /// Tile indices still in the box, drawn from the end.
    tiles: [u8; 256],
    tiles_left: u8,
    /// By [`ClassicDeck`] index.
    decks: [CardQueue; 6],
    monsters: CardQueue,
    /// Treasure counters in the cup.
    cup: CardQueue,
    dragon: DragonStack,
    /// The combat in progress, with the Room card (or Crypt card) that brought it.
    fight: Option<(Fight, Kept)>,
    /// Heroes still to suffer the Dragon's breath, in order.
    dragon_queue: ArrayVec<u8, MAX_SEATS>,
    /// Rooms the active hero has been in this turn: a move on from a corridor or a tower never
    /// goes back into one (docs/rulings.md).
    visited: CellSet,
    /// Giant Spider: arrows fired this turn.
    shots: u8,
    /// Whether the Giant Spider was drawn this turn (flight is allowed).
    spider_new: bool,
    /// A card waiting on an optional step (Dead Adventurer, Crypt, a trap card and the Ring
    /// of Warning).
    held: Option<Kept>,
    chance: Chance,
    pending: Option<ClassicDecision>,
    legal: ClassicChoices,
}

impl<'r> ClassicGame<'r> {
    /// The rules it is played by.
    pub fn rules(&self) -> &'r ClassicRules {
        self.rules
    }

    /// Seats in play.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The first player.
    pub fn first(&self) -> u8 {
        self.first
    }

    /// The round (the sun's space).
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> u8 {
        self.active
    }

    /// A seat's hero.
    pub fn hero(&self, seat: u8) -> &Hero {
        &self.heroes[seat as usize % MAX_SEATS]
    }

    /// The tile on a space and its rotation (quarter turns clockwise).
    #[inline]
    pub fn tile(&self, c: Cell) -> Option<(u8, u8)> {
        self.board.tile(c)
    }

    /// What is on each world side of `c`: the laid tile's sides turned, a printed room's, or
    /// (no room yet) walls where the board closes it and halls elsewhere; walls off the board.
    #[inline]
    pub fn sides(&self, c: Cell) -> [Side; 4] {
        self.board.sides(c)
    }

    /// Laid tiles turned so far this game (wrapping): unchanged, no laid tile turned (the
    /// bots' maps look at the turning tiles again only when it moves).
    #[inline]
    pub fn tiles_turned(&self) -> u16 {
        self.board.turned()
    }

    /// Tiles left in the box.
    pub fn tiles_left(&self) -> u8 {
        self.tiles_left
    }

    /// Cards in a deck.
    pub fn deck_len(&self, d: ClassicDeck) -> usize {
        self.decks[d as usize].len()
    }

    /// The card `i` from the top of a deck (the bottom is `deck_len - 1`): public knowledge
    /// for a player who watched cards go back, and what rule tests read.
    pub fn deck_card(&self, d: ClassicDeck, i: usize) -> Option<u8> {
        self.decks[d as usize].get(i)
    }

    /// Dragon counters in the stack (the sleeping ones drawn are set aside).
    pub fn dragon_left(&self) -> u8 {
        self.dragon.left()
    }

    /// Cards in the Monster deck.
    pub fn monster_deck_len(&self) -> usize {
        self.monsters.len()
    }

    /// Treasure counters in the cup.
    pub fn cup_len(&self) -> usize {
        self.cup.len()
    }

    /// Cards out of their decks while a step waits on them: the fight's Room (or Crypt) card
    /// and the card held for an optional step. The rule checker counts them.
    pub(crate) fn cards_in_play(&self) -> [Option<Kept>; 2] {
        [self.fight.map(|f| f.1), self.held]
    }

    /// The Treasure counter `i` from the top of the cup (the rule checker's count).
    pub(crate) fn cup_counter(&self, i: usize) -> Option<u8> {
        self.cup.get(i)
    }

    /// The Monster card `i` from the top of its deck (the rule checker's count).
    pub(crate) fn monster_card(&self, i: usize) -> Option<u8> {
        self.monsters.get(i)
    }

    /// The tile `i` of those left in the box (the rule checker's count).
    pub(crate) fn box_tile(&self, i: usize) -> Option<u8> {
        self.tiles[..self.tiles_left as usize].get(i).copied()
    }

    /// Fire-breathing Dragon counters in the stack: only sleeping ones are ever set aside.
    pub(crate) fn dragon_awake_left(&self) -> u8 {
        self.dragon.order[..self.dragon.left() as usize].iter().filter(|&&a| a).count() as u8
    }

    /// Seats still to suffer the awake Dragon's breath, in order (each after the previous
    /// victim has run). The rule checker waits for them.
    pub(crate) fn dragon_queue(&self) -> &[u8] {
        &self.dragon_queue
    }

    /// The combat in progress.
    pub fn fight(&self) -> Option<&Fight> {
        self.fight.as_ref().map(|f| &f.0)
    }

    /// Random words the game has drawn, every stream (what `dq bench` holds the speed of
    /// the generator against).
    pub fn rng_draws(&self) -> u32 {
        self.chance.setup_draws + self.chance.dice.then.draws() + self.chance.shuffle.draws()
    }

    /// The gold a seat's hero holds: Treasure counters and kept treasure cards.
    pub fn gold(&self, seat: u8) -> u32 {
        let h = self.hero(seat);
        // Only the counters held (the bots ask at every move).
        let mut counters = 0u32;
        let mut held = h.counters;
        while held != 0 {
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            counters += self.rules.treasure.get(i).copied().unwrap_or(0) as u32;
        }
        let cards: u32 = h.cards.iter().map(|k| self.card_gold(*k)).sum();
        counters + cards
    }

    /// Whether a seat won: out with the most gold (rulebook 10); solo, out with at least one
    /// Treasure counter (11).
    pub fn won(&self, seat: u8) -> bool {
        let h = self.hero(seat);
        if !self.is_over() || h.fate != Fate::Exited {
            return false;
        }
        if self.seats == 1 {
            return h.counters != 0;
        }
        let mine = self.gold(seat);
        (0..self.seats).all(|s| s == seat || self.hero(s).fate != Fate::Exited || self.gold(s) <= mine)
    }

    /// The pending decision.
    pub fn pending(&self) -> Option<ClassicDecision> {
        self.pending
    }

    /// The pending decision's legal answers.
    pub fn legal(&self) -> &ClassicChoices {
        &self.legal
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.pending.is_none()
    }

    /// The seats of heroes in the Treasure Chamber.
    fn in_chamber(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.seats).filter(|&s| {
            let h = self.hero(s);
            h.inside() && is_treasure(h.pos)
        })
    }

    fn card_gold(&self, k: Kept) -> u32 {
        match self.rules.decks.deck(k.deck).get(k.card as usize).map(|c| c.effect) {
            Some(super::decks::CardEffect::Treasure { gold }) => gold as u32,
            _ => 0,
        }
    }

    #[inline]
    fn hero_mut(&mut self, seat: u8) -> &mut Hero {
        &mut self.heroes[seat as usize % MAX_SEATS]
    }

    /// Answers the pending decision and runs on.
    pub fn apply<O: Observer<ClassicEvent>>(
        &mut self,
        choice: ClassicChoice,
        obs: &mut O,
    ) -> Result<(), ClassicIllegal> {
        let Some(d) = self.pending else {
            return Err(ClassicIllegal { choice, pending: None });
        };
        if !self.legal.contains(&choice) {
            return Err(ClassicIllegal { choice, pending: Some(d) });
        }
        self.pending = None;
        self.legal.clear();
        self.answer(d, choice, obs);
        Ok(())
    }
}

impl ClassicGame<'_> {
    /// Redraws in place everything `seat` cannot see and reseeds the game's chance from `rng`
    /// (the contract of [`DecisionGame::resample`]), so a search plays on without peeking.
    /// Hidden: the order of the tiles in the box; of each deck's cards no one has seen since its
    /// last shuffle (the cards put back at the bottom were seen, in order); the whole Monster
    /// deck (read by the player to the right, and taken as hidden from him too: less known,
    /// nothing leaked); the Treasure counters in the cup and the Dragon counters in the stack;
    /// a fought monster's LPs, unless `seat` read its card; the hero's counter chosen in secret,
    /// unless `seat` is the hero; the dice. Known and kept: the board, the heroes, cards kept
    /// and counters taken, the Dragon counters set aside, every stock's size. Each hidden part
    /// is put in a canonical order first, so the result depends only on what `seat` knows and
    /// on `rng`.
    pub fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        let n = self.tiles_left as usize;
        self.tiles[..n].sort_unstable();
        rng.shuffle(&mut self.tiles[..n]);
        for deck in &mut self.decks {
            deck.resample(false, rng);
        }
        self.monsters.resample(true, rng);
        self.cup.resample(true, rng);
        self.dragon.resample(rng);
        let hero = self.active;
        let reader = self.monster_seat(hero);
        if let Some((fight, _)) = &mut self.fight {
            fight.resample_hidden(self.rules, seat == reader, seat == hero, rng);
        }
        self.chance.dice = Stacked::new(&[], GameRng::from_seed(rng.next_u64()));
        self.chance.shuffle = LazyRng::from_seed(rng.next_u64());
    }
}

impl DecisionGame for ClassicGame<'_> {
    type Decision = ClassicDecision;
    type Choice = ClassicChoice;
    type Choices = ClassicChoices;
    type Event = ClassicEvent;
    type Illegal = ClassicIllegal;
    type Config = ClassicConfig;
    type ConfigError = ClassicConfigError;

    fn restart<O: Observer<ClassicEvent>>(
        &mut self,
        config: &ClassicConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), ClassicConfigError> {
        ClassicGame::restart(self, config, master, index, obs)
    }

    #[inline]
    fn pending(&self) -> Option<ClassicDecision> {
        self.pending
    }

    #[inline]
    fn deciding_seat(&self) -> Option<u8> {
        self.pending.map(|d| d.seat)
    }

    #[inline]
    fn legal_choices(&self) -> &ClassicChoices {
        &self.legal
    }

    #[inline]
    fn apply<O: Observer<ClassicEvent>>(&mut self, choice: ClassicChoice, obs: &mut O) -> Result<(), ClassicIllegal> {
        ClassicGame::apply(self, choice, obs)
    }

    #[inline]
    fn is_over(&self) -> bool {
        ClassicGame::is_over(self)
    }

    #[inline]
    fn seats(&self) -> u8 {
        self.seats
    }

    fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        ClassicGame::resample(self, seat, rng)
    }

    /// Survived: out through a tower; score: the gold he carried out (the dead score nothing).
    fn outcome(&self, seat: u8) -> Outcome {
        let survived = self.hero(seat).fate == Fate::Exited;
        Outcome { survived, score: if survived { self.gold(seat) } else { 0 } }
    }
}
