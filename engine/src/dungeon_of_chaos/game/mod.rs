//! The Dungeon of Chaos as a game: its own state, driven through [`DecisionGame`].
//!
//! A [`ChaosGame`] is a `Clone` value in fixed-size storage (no allocation after set-up, no IO):
//! the seats' characters, the four levels of laid tiles ([`board`]), the decks (`stock.rs`), the
//! turn in progress and the pending decision with its legal answers. It runs on (chance
//! included, from the per-game streams of [`crate::core::rng`]) until a seat must decide;
//! [`ChaosGame::apply`] takes the answer and runs on. Combats are slice 1's
//! [`crate::dungeon_of_chaos::combat::Combat`].
//!
//! - `decision.rs`: what is asked, the answers, the events;
//! - `setup.rs`: configuration, the seeded set-up (§2–3) and the test set-up;
//! - `board.rs`: squares, directions, laid tiles, walls and doors (§1, §7);
//! - `stock.rs`: decks and their discards (§2);
//! - `flow.rs`: rounds, turns (§6), town (§14), dying (§15), winning and the round limit;
//! - `moves.rs`: movement actions, tiles, doors, secret doors, stairs and arrivals (§1, §7);
//! - `cards.rs`: card effects outside combat;
//! - `items.rs`: items held and equipped, tools, chests on tiles, scrolls, curses, companions
//!   and mounts with their shares, trading, treasure redeemed, the beginning phase (§6, §13, §16);
//! - `fight.rs`: the combat phase through `Combat` (§10);
//! - `rooms.rs`: the tile guide's special tiles and rooms (ice, slides, fans, spikes, portal,
//!   tunnels, floodgates, dark rooms, statues, tome, crystal ball, barrier, fountain,
//!   springboard, altar);
//! - `shop.rs`: Ye Olde Shoppe (stock, buying, trade-ins, redeeming) and the Alchemist's
//!   transmutation (§13, tile guide).
//!
//! Rulings where the text is unclear: docs/rulings.md, "The Dungeon of Chaos".

pub mod board;
mod cards;
mod decision;
mod fight;
mod flow;
mod items;
mod moves;
mod rooms;
mod setup;
mod shop;
mod stock;

pub use board::{ChestLeft, Dir, DoorState, Edge, Laid, Sq};
pub use decision::{Ask, ChaosChoice, ChaosChoices, ChaosDecision, ChaosEvent, ChaosIllegal, DeckId, Ending};
pub use rooms::Arrival;
pub use setup::{ChaosConfig, ChaosConfigError, ChaosSetup, ChaosSetupError, SeatSetup};
pub use shop::{Shop, Ware, MAX_SHOPS, MAX_WARES};
pub use stock::{Stock, STOCK_CAP};

use super::combat::{Ailments, Combat, Dice, HandCard, MAX_HAND};
use super::data::{Ailment, Attr, ItemType};
use super::death::{self, DeathCause, Fatal, Harm, Source};
use super::rules::ChaosRules;
use super::rules::Op;
use crate::core::rng::GameRng;
use crate::core::{DecisionGame, Observer, Outcome};
use arrayvec::ArrayVec;
use board::Board;

/// Most seats (§ Introduction: 2 to 4 players; 1 is allowed for solo runs and tests).
pub const MAX_SEATS: usize = 4;
/// Items one character carries (a storage bound: more are discarded, docs/rulings.md).
pub const MAX_ITEMS: usize = 12;
/// Curse cards one character holds (a storage bound: more are discarded).
pub const MAX_CURSES: usize = 4;
/// Companions and mounts one character leads (a storage bound: more do not join).
pub const MAX_COMPANIONS: usize = 4;
/// Gold to win with, back in town (§ Introduction).
pub const GOLD_TO_WIN: u32 = 2000;
/// Rounds after which a game no one has won ends, recorded as unfinished (docs/rulings.md).
pub const ROUND_LIMIT: u16 = 200;
/// Relocations in a row (falls, teleports) resolved in one move before the character stays
/// where he is: a guard against loops (the springboard's note, §1).
const MAX_CHAIN: u8 = 8;

/// Where a character is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In town (§14), or waiting to enter with a new character (§15): the next turn starts on
    /// the entry tile.
    Town,
    Dungeon(Sq),
}

/// What a seat did, for the results rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub turns: u16,
    pub deaths: u16,
    /// Characters played (the first included).
    pub characters: u8,
    /// Deepest level reached, 1-based.
    pub deepest: u8,
    pub kills: u16,
    pub town_visits: u16,
    /// Why the seat's last character to die died.
    pub last_death: Option<DeathCause>,
    /// Deaths by [`death::Category`], in [`death::CATEGORIES`] order.
    pub deaths_by: [u16; death::CATEGORIES.len()],
}

/// A companion or mount (§9, §16): an effective bonus while he follows, and whether he takes
/// an equal share of the gold found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Companion {
    pub attr: Attr,
    pub by: i8,
    pub share: bool,
    /// The Monster card of a mount (kept while he rides it), `None` for a companion met on a
    /// card.
    pub mount: Option<u8>,
}

/// Whether an item of this type works only while equipped (§13: Body Armour, Shield, Helmet,
/// Boots); the others work while held.
pub fn needs_equipping(kind: ItemType) -> bool {
    matches!(kind, ItemType::BodyArmour | ItemType::Shield | ItemType::Helmet | ItemType::Boots)
}

/// One seat's character.
#[derive(Clone, Debug)]
pub struct Hero {
    /// Index into [`ChaosRules::characters`].
    pub character: u8,
    /// The profile's values (§5 "starting values").
    pub start: [i8; 5],
    /// Actual values.
    pub stats: [i8; 5],
    /// Persistent ailments (§11: blindness, drunkenness, disease).
    pub ailments: Ailments,
    pub gold: u32,
    /// Store credit from trade-ins (tile guide: spent only on a shop's wares, never coins).
    pub credit: u32,
    pub place: Place,
    /// Item cards (ids of [`ChaosRules::items`]).
    pub items: ArrayVec<u8, MAX_ITEMS>,
    /// Equipped items: bit `i` for `items[i]` (§13; only the types of [`needs_equipping`]
    /// look at it).
    pub worn: u16,
    /// Spell, Potion and Scroll cards.
    pub hand: [Option<HandCard>; MAX_HAND],
    /// Identified potions and scrolls: bit `i` for `hand[i]` (§13: face down until then).
    pub known: u8,
    /// Curse cards held (their boosts last while held; §14 removes them in town).
    pub curses: ArrayVec<u16, MAX_CURSES>,
    pub companions: ArrayVec<Companion, MAX_COMPANIONS>,
    /// Fled from the monsters of his room last turn (§6).
    pub fled: bool,
    /// A combat paused by a lost turn, continued next turn (§10).
    pub fight: Option<Combat>,
    /// His last loss of Health, Mind or Speed this turn: the death cause if he dies of it.
    pub harm: Harm,
    pub tally: Tally,
}

impl Hero {
    fn new(rules: &ChaosRules, character: u8) -> Hero {
        let stats = rules.characters[character as usize].stats;
        Hero {
            character,
            start: stats,
            stats,
            ailments: Ailments(0),
            gold: 0,
            credit: 0,
            place: Place::Town,
            items: ArrayVec::new(),
            worn: 0,
            hand: [None; MAX_HAND],
            known: 0,
            curses: ArrayVec::new(),
            companions: ArrayVec::new(),
            fled: false,
            fight: None,
            harm: Harm::default(),
            tally: Tally::default(),
        }
    }

    /// Whether the item in slot `i` works now: equipped, or of a type that needs no equipping.
    pub fn works(&self, rules: &ChaosRules, i: usize) -> bool {
        !needs_equipping(rules.items[self.items[i] as usize].kind) || self.worn & (1 << i) != 0
    }

    /// The items that work now.
    pub fn working<'a>(&'a self, rules: &'a ChaosRules) -> impl Iterator<Item = u8> + Clone + 'a {
        (0..self.items.len()).filter(|&i| self.works(rules, i)).map(|i| self.items[i])
    }

    /// Effective bonuses besides items (curse cards held, companions), by [`Attr`].
    pub fn other_bonus(&self, rules: &ChaosRules) -> [i8; 5] {
        let mut b = [0i8; 5];
        for &c in &self.curses {
            for op in rules.ops(rules.curses.cards[c as usize].effects) {
                if let Op::Boost { attr, by } = *op {
                    b[attr as usize] = b[attr as usize].saturating_add(by);
                }
            }
        }
        for c in &self.companions {
            b[c.attr as usize] = b[c.attr as usize].saturating_add(c.by);
        }
        b
    }

    /// The square he stands on.
    pub fn square(&self) -> Option<Sq> {
        match self.place {
            Place::Dungeon(s) => Some(s),
            Place::Town => None,
        }
    }

    /// Why he died, from the value at 0 or less and his last loss (call when [`Hero::is_dead`]).
    pub fn death_cause(&self) -> DeathCause {
        let s = &self.stats;
        let fatal = if s[Attr::Health as usize] <= 0 {
            Fatal::Health
        } else if s[Attr::Mind as usize] <= 0 && self.start[Attr::Mind as usize] > 0 {
            Fatal::Mind
        } else {
            Fatal::Speed
        };
        DeathCause { fatal, harm: self.harm }
    }

    /// Dead (§5: Health 0 or less; Mind 0 or less is insanity, Speed 0 or less paralysis,
    /// actual values, unless the profile starts at 0).
    pub fn is_dead(&self) -> bool {
        let s = &self.stats;
        s[Attr::Health as usize] <= 0
            || (s[Attr::Mind as usize] <= 0 && self.start[Attr::Mind as usize] > 0)
            || (s[Attr::Speed as usize] <= 0 && self.start[Attr::Speed as usize] > 0)
    }
}

/// The dice outside and inside combat: forced rolls of a test set-up first, then the stream.
#[derive(Clone, Debug)]
pub(crate) struct GameDice {
    forced: [u8; 32],
    n: u8,
    pos: u8,
    pub(crate) rng: GameRng,
}

impl GameDice {
    fn new(forced: &[u8], rng: GameRng) -> GameDice {
        let mut f = [0; 32];
        let n = forced.len().min(32);
        f[..n].copy_from_slice(&forced[..n]);
        GameDice { forced: f, n: n as u8, pos: 0, rng }
    }

    fn forced(&mut self) -> Option<u8> {
        (self.pos < self.n).then(|| {
            self.pos += 1;
            self.forced[self.pos as usize - 1]
        })
    }
}

impl Dice for GameDice {
    fn d8(&mut self) -> u8 {
        self.forced().unwrap_or_else(|| self.rng.below(8) as u8 + 1)
    }
    fn d6(&mut self) -> u8 {
        self.forced().unwrap_or_else(|| self.rng.d6())
    }
    fn pick(&mut self, n: u32) -> u32 {
        match self.forced() {
            Some(v) => v as u32 % n,
            None => self.rng.below(n),
        }
    }
}

/// Every deck in play.
#[derive(Clone, Debug)]
pub(crate) struct Stocks {
    monsters: [Stock; 4],
    items: [Stock; 4],
    spells: Stock,
    potions: Stock,
    scrolls: Stock,
    rooms: Stock,
    events: Stock,
    doors: Stock,
    chests: Stock,
    curses: Stock,
    gods: Stock,
    profiles: Stock,
    tiles: [Stock; 3],
}

impl Stocks {
    pub(crate) fn get(&mut self, d: DeckId) -> &mut Stock {
        match d {
            DeckId::Monsters(l) => &mut self.monsters[l as usize % 4],
            DeckId::Items(l) => &mut self.items[l as usize % 4],
            DeckId::Spells => &mut self.spells,
            DeckId::Potions => &mut self.potions,
            DeckId::Scrolls => &mut self.scrolls,
            DeckId::Rooms => &mut self.rooms,
            DeckId::Events => &mut self.events,
            DeckId::Doors => &mut self.doors,
            DeckId::Chests => &mut self.chests,
            DeckId::Curses => &mut self.curses,
            DeckId::Gods => &mut self.gods,
            DeckId::Profiles => &mut self.profiles,
            DeckId::Tiles(s) => &mut self.tiles[s as usize % 3],
        }
    }

    fn all(&self) -> impl Iterator<Item = (DeckId, &Stock)> {
        let levels = (0..4u8).flat_map(|l| {
            [(DeckId::Monsters(l), &self.monsters[l as usize]), (DeckId::Items(l), &self.items[l as usize])]
        });
        let tiles = (0..3u8).map(|s| (DeckId::Tiles(s), &self.tiles[s as usize]));
        levels.chain(tiles).chain([
            (DeckId::Spells, &self.spells),
            (DeckId::Potions, &self.potions),
            (DeckId::Scrolls, &self.scrolls),
            (DeckId::Rooms, &self.rooms),
            (DeckId::Events, &self.events),
            (DeckId::Doors, &self.doors),
            (DeckId::Chests, &self.chests),
            (DeckId::Curses, &self.curses),
            (DeckId::Gods, &self.gods),
            (DeckId::Profiles, &self.profiles),
        ])
    }
}

/// The state of the turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnState {
    /// Movement actions left (§6: 2 + Speed at the start).
    pub moves: u8,
    /// A combat was fought: no movement actions after it (§6).
    pub after_combat: bool,
    /// Something ended the turn (town, a lost turn, monsters appearing after a combat).
    pub over: bool,
    /// The secret door just found, waiting on [`Ask::SecretDoor`].
    found: Option<(Sq, Dir)>,
    /// How the character came onto the tile he stands on (ice needs momentum, spikes hurt
    /// the carried and the fallen).
    pub arrival: Arrival,
    /// Drank from a fountain this turn (once a turn, tile guide).
    pub drank: bool,
    /// Touched the statues this turn (new ones only upon re-entry).
    pub touched: bool,
    /// A springboard's loop waiting on [`Ask::Loop`]: the springboard's and the pit's squares.
    looped: Option<(Sq, Sq)>,
}

/// What a Profile decision leads to once answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AfterProfile {
    /// Set-up: the next seat chooses, then the first player is rolled.
    Setup,
    /// A new character after a death (§15): the turn ends.
    EndTurn,
}

/// The Dungeon of Chaos.
#[derive(Clone, Debug)]
pub struct ChaosGame<'r> {
    rules: &'r ChaosRules,
    seats: u8,
    first: u8,
    round: u16,
    round_limit: u16,
    active: u8,
    heroes: [Hero; MAX_SEATS],
    board: Board,
    stocks: Stocks,
    /// The entry tile's square of the black arrow (level 1).
    entry: Sq,
    /// The special tiles put at the ends of staircases (§1, the guide's Staircase).
    stair_up: u16,
    stair_down: u16,
    turn: TurnState,
    /// Ye Olde Shoppes on the board and their wares.
    shops: ArrayVec<Shop, MAX_SHOPS>,
    /// The three profiles offered to the seat choosing.
    offer: [u8; 3],
    /// How many were drawn (fewer only if the deck ran short).
    offered: u8,
    after_profile: AfterProfile,
    /// Profiles fixed per seat for the first characters ([`ChaosConfig::profiles`]).
    fixed: [Option<u8>; MAX_SEATS],
    ending: Option<Ending>,
    /// The card or tile whose effects the active character is following: the source of a
    /// loss outside combat.
    by: Source,
    dice: GameDice,
    /// Reshuffles of discards during play.
    shuffle: GameRng,
    pending: Option<ChaosDecision>,
    legal: ChaosChoices,
}

impl<'r> ChaosGame<'r> {
    /// The rules it is played by.
    pub fn rules(&self) -> &'r ChaosRules {
        self.rules
    }

    /// Seats in play.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The first player (§3).
    pub fn first(&self) -> u8 {
        self.first
    }

    /// The round being played (0 during set-up).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> u8 {
        self.active
    }

    /// A seat's character.
    pub fn hero(&self, seat: u8) -> &Hero {
        &self.heroes[seat as usize % MAX_SEATS]
    }

    /// The coins `h`'s Treasure items are worth in town (§13): what the bots and the search
    /// count towards the gold that wins, besides the gold held.
    pub fn treasure_value(&self, h: &Hero) -> u32 {
        let items = &self.rules.items;
        h.items
            .iter()
            .map(|&i| &items[usize::from(i)])
            .filter(|i| i.kind == ItemType::Treasure)
            .map(|i| u32::from(i.value))
            .sum()
    }

    #[inline]
    fn hero_mut(&mut self, seat: u8) -> &mut Hero {
        &mut self.heroes[seat as usize % MAX_SEATS]
    }

    /// The active seat's character.
    fn me(&mut self) -> &mut Hero {
        let a = self.active;
        self.hero_mut(a)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The entry tile's square of the black arrow.
    pub fn entry(&self) -> Sq {
        self.entry
    }

    /// The turn in progress.
    pub fn turn(&self) -> TurnState {
        self.turn
    }

    /// The profiles offered to the seat choosing.
    pub fn offer(&self) -> [u8; 3] {
        self.offer
    }

    /// How the game ended, once over.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The cards of a deck's draw pile and discards.
    pub fn stock(&self, d: DeckId) -> &Stock {
        let s = &self.stocks;
        match d {
            DeckId::Monsters(l) => &s.monsters[l as usize % 4],
            DeckId::Items(l) => &s.items[l as usize % 4],
            DeckId::Spells => &s.spells,
            DeckId::Potions => &s.potions,
            DeckId::Scrolls => &s.scrolls,
            DeckId::Rooms => &s.rooms,
            DeckId::Events => &s.events,
            DeckId::Doors => &s.doors,
            DeckId::Chests => &s.chests,
            DeckId::Curses => &s.curses,
            DeckId::Gods => &s.gods,
            DeckId::Profiles => &s.profiles,
            DeckId::Tiles(t) => &s.tiles[t as usize % 3],
        }
    }

    /// Every deck.
    pub fn stocks(&self) -> impl Iterator<Item = (DeckId, &Stock)> {
        self.stocks.all()
    }

    /// An effective value of a seat's character outside combat (§5): items' bonuses, weight
    /// against Speed, blindness, drunkenness.
    pub fn effective(&self, seat: u8, attr: Attr) -> i8 {
        let h = self.hero(seat);
        let a = attr as usize;
        let mut v = h.stats[a].saturating_add(h.other_bonus(self.rules)[a]);
        for (slot, &i) in h.items.iter().enumerate() {
            let it = &self.rules.items[i as usize];
            if h.works(self.rules, slot) {
                v = v.saturating_add(it.bonus[a]);
            }
            if attr == Attr::Speed {
                v = v.saturating_sub(it.weight as i8);
            }
        }
        match attr {
            Attr::Attack | Attr::Defence if h.ailments.has(Ailment::Blind) => v.saturating_sub(4),
            Attr::Mind if h.ailments.has(Ailment::Drunk) => 1,
            _ => v,
        }
    }

    /// Whether a seat's character can fly or climb (profile or item).
    pub fn flies_or_climbs(&self, seat: u8) -> (bool, bool) {
        let h = self.hero(seat);
        let c = &self.rules.characters[h.character as usize];
        let items = h.working(self.rules).map(|i| &self.rules.items[i as usize]);
        let fly = c.flying || items.clone().any(|i| i.flying);
        let climb = c.climbing || items.clone().any(|i| i.climbing);
        (fly, climb)
    }

    /// Random words drawn by the dice and reshuffles.
    pub fn rng_draws(&self) -> u32 {
        self.dice.rng.draws() + self.shuffle.draws()
    }

    /// The pending decision.
    pub fn pending(&self) -> Option<ChaosDecision> {
        self.pending
    }

    /// The pending decision's legal answers.
    pub fn legal(&self) -> &ChaosChoices {
        &self.legal
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.pending.is_none()
    }

    /// Answers the pending decision and runs on.
    pub fn apply<O: Observer<ChaosEvent>>(&mut self, choice: ChaosChoice, obs: &mut O) -> Result<(), ChaosIllegal> {
        let Some(d) = self.pending else {
            return Err(ChaosIllegal { choice, pending: None });
        };
        if !self.legal.contains(&choice) {
            return Err(ChaosIllegal { choice, pending: Some(d) });
        }
        self.pending = None;
        self.legal.clear();
        self.answer(d, choice, obs);
        Ok(())
    }

    /// Sets the pending decision for the active seat.
    fn ask(&mut self, ask: Ask) {
        debug_assert!(!self.legal.is_empty(), "{ask:?} with no legal answer");
        self.pending = Some(ChaosDecision { seat: self.active, ask });
    }

    /// Draws a card of a deck (reshuffling its discards if need be), reporting it.
    fn draw<O: Observer<ChaosEvent>>(&mut self, deck: DeckId, obs: &mut O) -> Option<u16> {
        let card = self.stocks.get(deck).draw(&mut self.shuffle)?;
        if O::ENABLED {
            obs.event(ChaosEvent::Card { deck, card });
        }
        Some(card)
    }

    fn discard(&mut self, deck: DeckId, card: u16) {
        self.stocks.get(deck).discard(card);
    }

    /// A die rolled outside combat, reported.
    fn roll<O: Observer<ChaosEvent>>(&mut self, sides: u8, obs: &mut O) -> u8 {
        let value = if sides == 6 { self.dice.d6() } else { self.dice.d8() };
        if O::ENABLED {
            obs.event(ChaosEvent::Rolled { sides, value });
        }
        value
    }
}

impl ChaosGame<'_> {
    /// Redraws in place what `seat` cannot see and reseeds the game's chance from `rng`
    /// ([`DecisionGame::resample`]). Hidden here: the order of every draw pile (decks and
    /// tiles), the dice, and the face-down potions and scrolls in every hand. Known and kept: the board, the characters and what they hold, the
    /// discards. Each pile is put in a canonical order first, so the result depends only on
    /// what `seat` knows and on `rng`.
    pub fn resample(&mut self, _seat: u8, rng: &mut GameRng) {
        let s = &mut self.stocks;
        for st in s.monsters.iter_mut().chain(s.items.iter_mut()).chain(s.tiles.iter_mut()) {
            st.resample(rng);
        }
        for st in [
            &mut s.spells,
            &mut s.potions,
            &mut s.scrolls,
            &mut s.rooms,
            &mut s.events,
            &mut s.doors,
            &mut s.chests,
            &mut s.curses,
            &mut s.gods,
            &mut s.profiles,
        ] {
            st.resample(rng);
        }
        // Face-down potions and scrolls (§13) are unknown even to their holder: all of them
        // go back into their piles, which are then put in order and shuffled, and one is drawn
        // for each slot. Back all at once, then ordered: drawn one slot at a time from a pile
        // holding that slot's real card, the redraw would depend on the card it replaces (the
        // search would see it; `bots/tests/shared_expert.rs`, `chaos_expert_does_not_peek`).
        let face_down = |h: &Hero, slot: usize| match h.hand[slot] {
            Some(HandCard::Potion(c)) if h.known & (1 << slot) == 0 => Some((true, c)),
            Some(HandCard::Scroll { card, .. }) if h.known & (1 << slot) == 0 => Some((false, card)),
            _ => None,
        };
        for h in self.heroes.iter() {
            for slot in 0..MAX_HAND {
                if let Some((potion, card)) = face_down(h, slot) {
                    let deck = if potion { &mut s.potions } else { &mut s.scrolls };
                    deck.shuffle_in(card, rng);
                }
            }
        }
        s.potions.resample(rng);
        s.scrolls.resample(rng);
        for h in self.heroes.iter_mut() {
            for slot in 0..MAX_HAND {
                let Some((potion, _)) = face_down(h, slot) else { continue };
                let deck = if potion { &mut s.potions } else { &mut s.scrolls };
                let Some(new) = deck.draw(rng) else { continue };
                h.hand[slot] = Some(if potion {
                    HandCard::Potion(new)
                } else {
                    HandCard::Scroll { card: new, on_enemy: self.rules.scrolls.cards[new as usize].on_enemy }
                });
            }
        }
        self.dice = GameDice::new(&[], GameRng::from_seed(rng.next_u64()));
        self.shuffle = GameRng::from_seed(rng.next_u64());
    }
}

impl DecisionGame for ChaosGame<'_> {
    type Decision = ChaosDecision;
    type Choice = ChaosChoice;
    type Choices = ChaosChoices;
    type Event = ChaosEvent;
    type Illegal = ChaosIllegal;
    type Config = ChaosConfig;
    type ConfigError = ChaosConfigError;

    fn restart<O: Observer<ChaosEvent>>(
        &mut self,
        config: &ChaosConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), ChaosConfigError> {
        ChaosGame::restart(self, config, master, index, obs)
    }

    #[inline]
    fn pending(&self) -> Option<ChaosDecision> {
        self.pending
    }

    #[inline]
    fn deciding_seat(&self) -> Option<u8> {
        self.pending.map(|d| d.seat)
    }

    #[inline]
    fn legal_choices(&self) -> &ChaosChoices {
        &self.legal
    }

    #[inline]
    fn apply<O: Observer<ChaosEvent>>(&mut self, choice: ChaosChoice, obs: &mut O) -> Result<(), ChaosIllegal> {
        ChaosGame::apply(self, choice, obs)
    }

    #[inline]
    fn is_over(&self) -> bool {
        ChaosGame::is_over(self)
    }

    #[inline]
    fn seats(&self) -> u8 {
        self.seats
    }

    fn resample(&mut self, seat: u8, rng: &mut GameRng) {
        ChaosGame::resample(self, seat, rng)
    }

    /// Survived: the seat's character is alive at the end (the winner, or anyone when the
    /// round limit came first); score: the gold he holds. Who won is [`ChaosGame::ending`].
    fn outcome(&self, seat: u8) -> Outcome {
        let h = self.hero(seat);
        let survived = !h.is_dead();
        Outcome { survived, score: h.gold }
    }
}
