//! Setting a game up: the configuration, the seeded set-up of §2–3, and the test set-up.

use super::board::{Board, Dir, DoorState, Sq};
use super::stock::{Stock, STOCK_CAP};
use super::{
    AfterProfile, Ask, ChaosChoice, ChaosChoices, ChaosEvent, ChaosGame, Companion, DeckId, GameDice, Hero, Place,
    Stocks, TurnState, MAX_COMPANIONS, MAX_CURSES, MAX_ITEMS, MAX_SEATS, ROUND_LIMIT,
};
use crate::core::rng::{GameRng, Stream};
use crate::core::Observer;
use crate::dungeon_of_chaos::combat::{Ailments, HandCard, MAX_HAND};
use crate::dungeon_of_chaos::data::{Attr, Feature};
use crate::dungeon_of_chaos::death::Source;
use crate::dungeon_of_chaos::rules::ChaosRules;

/// What a game is set up with besides its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChaosConfig {
    /// Players, 1 to 4 (the rulebook's 2 to 4, and solo).
    pub seats: u8,
    /// Rounds before an unwon game ends unfinished ([`ROUND_LIMIT`] by default).
    pub round_limit: u16,
    /// A profile fixed for a seat's first character (an index of
    /// [`ChaosRules::characters`]), for runs that compare profiles (`dq run --heroes
    /// faerie,random`): that seat skips §3's draw of three; its later characters are chosen
    /// of three as §15 says. `None`: drawn and chosen as §3 says.
    pub profiles: [Option<u8>; MAX_SEATS],
}

impl ChaosConfig {
    /// `seats` players, every profile drawn, and the documented round limit.
    pub fn new(seats: u8) -> ChaosConfig {
        ChaosConfig { seats, round_limit: ROUND_LIMIT, profiles: [None; MAX_SEATS] }
    }
}

/// A configuration (or rules) a game cannot be set up with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChaosConfigError {
    #[error("a game needs 1 to 4 players, got {0}")]
    Seats(u8),
    #[error("the round limit must be at least 1")]
    RoundLimit,
    #[error("{0} profiles are too few for {1} players (each draws three, §3)")]
    Profiles(usize, u8),
    #[error("the {0:?} deck has {1} cards, more than the game's storage ({STOCK_CAP})")]
    Storage(DeckId, usize),
    #[error("the rules have no special {0} tile")]
    NoStairTile(&'static str),
    #[error("profile {0} is not in the rules")]
    UnknownProfile(u8),
    #[error("profile {0} is fixed for two seats")]
    SameProfile(u8),
}

/// One seat of a test set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    /// Index into the rules' characters.
    pub character: u8,
    pub place: Place,
    /// Actual values (the profile's when `None`).
    pub stats: Option<[i8; 5]>,
    pub gold: u32,
    pub items: Vec<u8>,
    pub hand: Vec<HandCard>,
    /// Persistent ailments.
    pub ailments: Ailments,
    pub fled: bool,
    /// Companions and mounts (a mount's Monster card is taken from its deck).
    pub companions: Vec<Companion>,
    /// Curse cards held.
    pub curses: Vec<u16>,
}

impl SeatSetup {
    /// A fresh character of profile `character` on `place`.
    pub fn new(character: u8, place: Place) -> SeatSetup {
        SeatSetup {
            character,
            place,
            stats: None,
            gold: 0,
            items: Vec::new(),
            hand: Vec::new(),
            ailments: Ailments(0),
            fled: false,
            companions: Vec::new(),
            curses: Vec::new(),
        }
    }
}

/// A game laid out by hand for a rule test: characters, tiles, monsters, stacked decks and
/// forced dice. [`ChaosGame::from_setup`] checks it and starts the first seat's turn in
/// round 1. The entry tile is always laid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChaosSetup {
    pub seats: Vec<SeatSetup>,
    pub first: u8,
    /// Tiles laid besides the entry tile: (square of the arrow, tile id, facing).
    pub laid: Vec<(Sq, u16, Dir)>,
    /// Monsters waiting in rooms.
    pub monsters: Vec<(Sq, u8)>,
    /// Doors whose card was drawn: (square, side, state).
    pub doors: Vec<(Sq, Dir, DoorState)>,
    /// Cards put on top of their decks, the first listed drawn first.
    pub tops: Vec<(DeckId, u16)>,
    /// Dice rolled first, whatever the die (at most 32).
    pub dice: Vec<u8>,
}

/// A test set-up that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChaosSetupError {
    #[error(transparent)]
    Config(#[from] ChaosConfigError),
    #[error("first player {0} of {1} seats")]
    First(u8, usize),
    #[error("tile {0} at {1:?} does not fit")]
    Tile(u16, Sq),
    #[error("{0:?} is not on a tile")]
    Unexplored(Sq),
    #[error("card {1} is not in the {0:?} deck")]
    Card(DeckId, u16),
    #[error("more than {MAX_ITEMS} items or {MAX_HAND} cards in hand")]
    Hand,
}

/// The square of the entry tile's arrow: the tile covers the centre four squares of level 1
/// (§1, §3), rows 3–4 and columns 4–5 counted from 1.
pub const ENTRY: Sq = Sq(3 * 8 + 3);
/// The entry tile's arrow points north, so it covers rows 2–3, columns 3–4 (0-based).
pub const ENTRY_FACING: Dir = Dir::N;

fn stock_of(deck: DeckId, cards: impl Iterator<Item = u16>, rng: &mut GameRng) -> Result<Stock, ChaosConfigError> {
    let mut buf = [0u16; STOCK_CAP];
    let mut n = 0;
    for c in cards {
        if n == STOCK_CAP || n == u8::MAX as usize {
            return Err(ChaosConfigError::Storage(deck, n + 1));
        }
        buf[n] = c;
        n += 1;
    }
    Ok(Stock::new(&buf[..n], rng))
}

impl Stocks {
    /// Every deck of the rules, shuffled (§2).
    fn new(rules: &ChaosRules, rng: &mut GameRng) -> Result<Stocks, ChaosConfigError> {
        let wide = |v: &[u8]| v.iter().map(|&c| c as u16).collect::<arrayvec::ArrayVec<u16, STOCK_CAP>>();
        let level = |f: fn(u8) -> DeckId, decks: &[Vec<u8>; 4], rng: &mut GameRng| {
            let mut out = [Stock::new(&[], rng); 4];
            for l in 0..4 {
                if decks[l].len() > STOCK_CAP {
                    return Err(ChaosConfigError::Storage(f(l as u8), decks[l].len()));
                }
                out[l] = stock_of(f(l as u8), wide(&decks[l]).into_iter(), rng)?;
            }
            Ok(out)
        };
        let monsters = level(DeckId::Monsters, &rules.monster_decks, rng)?;
        let items = level(DeckId::Items, &rules.item_decks, rng)?;
        let deck = |d: DeckId, v: &[u16], rng: &mut GameRng| stock_of(d, v.iter().copied(), rng);
        let tiles = [
            deck(DeckId::Tiles(0), &rules.tile_decks[0], rng)?,
            deck(DeckId::Tiles(1), &rules.tile_decks[1], rng)?,
            deck(DeckId::Tiles(2), &rules.tile_decks[2], rng)?,
        ];
        Ok(Stocks {
            monsters,
            items,
            spells: deck(DeckId::Spells, &rules.spells.draw, rng)?,
            potions: deck(DeckId::Potions, &rules.potions.draw, rng)?,
            scrolls: deck(DeckId::Scrolls, &rules.scrolls.draw, rng)?,
            rooms: deck(DeckId::Rooms, &rules.rooms.draw, rng)?,
            events: deck(DeckId::Events, &rules.events.draw, rng)?,
            doors: deck(DeckId::Doors, &rules.doors.draw, rng)?,
            chests: deck(DeckId::Chests, &rules.chests.draw, rng)?,
            curses: deck(DeckId::Curses, &rules.curses.draw, rng)?,
            gods: deck(DeckId::Gods, &rules.gods.draw, rng)?,
            profiles: stock_of(DeckId::Profiles, 0..rules.characters.len() as u16, rng)?,
            tiles,
        })
    }
}

impl<'r> ChaosGame<'r> {
    /// A game of `config` set up as game `index` of a run with `master` seed, waiting on the
    /// first seat's choice of profile.
    pub fn new<O: Observer<ChaosEvent>>(
        rules: &'r ChaosRules,
        config: &ChaosConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<ChaosGame<'r>, ChaosConfigError> {
        let mut g = ChaosGame::blank(rules, config)?;
        g.restart(config, master, index, obs)?;
        Ok(g)
    }

    /// An empty game (no decks dealt), checked against the rules' sizes.
    fn blank(rules: &'r ChaosRules, config: &ChaosConfig) -> Result<ChaosGame<'r>, ChaosConfigError> {
        let find = |f: Feature, name: &'static str| {
            rules
                .tiles
                .iter()
                .enumerate()
                .position(|(i, t)| t.feature == f && !rules.tile_decks.iter().any(|d| d.contains(&(i as u16))))
                .map(|i| i as u16)
                .ok_or(ChaosConfigError::NoStairTile(name))
        };
        let stair_up = find(Feature::StaircaseUp, "Staircase Up")?;
        let stair_down = find(Feature::StaircaseDown, "Staircase Down")?;
        let mut rng = GameRng::from_seed(0);
        let stocks = Stocks::new(rules, &mut rng)?;
        let hero = Hero::new(rules, 0);
        Ok(ChaosGame {
            rules,
            seats: config.seats,
            first: 0,
            round: 0,
            round_limit: config.round_limit,
            active: 0,
            heroes: [hero.clone(), hero.clone(), hero.clone(), hero],
            board: Board::new(),
            stocks,
            entry: ENTRY,
            stair_up,
            stair_down,
            turn: TurnState::default(),
            shops: arrayvec::ArrayVec::new(),
            offer: [0; 3],
            offered: 0,
            after_profile: AfterProfile::Setup,
            fixed: [None; MAX_SEATS],
            ending: None,
            by: Source::Unknown,
            dice: GameDice::new(&[], GameRng::from_seed(1)),
            shuffle: GameRng::from_seed(2),
            pending: None,
            legal: ChaosChoices::new(),
        })
    }

    fn check(&self, config: &ChaosConfig) -> Result<(), ChaosConfigError> {
        if !(1..=MAX_SEATS as u8).contains(&config.seats) {
            return Err(ChaosConfigError::Seats(config.seats));
        }
        if config.round_limit == 0 {
            return Err(ChaosConfigError::RoundLimit);
        }
        // Each seat holds one profile and the next chooser draws three.
        if self.rules.characters.len() < config.seats as usize + 3 {
            return Err(ChaosConfigError::Profiles(self.rules.characters.len(), config.seats));
        }
        let fixed = &config.profiles[..config.seats as usize];
        for (i, p) in fixed.iter().enumerate() {
            match *p {
                Some(p) if p as usize >= self.rules.characters.len() => {
                    return Err(ChaosConfigError::UnknownProfile(p))
                }
                Some(p) if fixed[..i].contains(&Some(p)) => return Err(ChaosConfigError::SameProfile(p)),
                _ => {}
            }
        }
        Ok(())
    }

    /// Sets this game up afresh (its rules kept): decks shuffled, the entry tile laid, and the
    /// first seat asked to choose among three profiles (§3). Allocates nothing.
    pub fn restart<O: Observer<ChaosEvent>>(
        &mut self,
        config: &ChaosConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), ChaosConfigError> {
        self.check(config)?;
        let mut setup = GameRng::new(master, index, Stream::Setup);
        self.stocks = Stocks::new(self.rules, &mut setup)?;
        self.dice = GameDice::new(&[], GameRng::new(master, index, Stream::Dice));
        self.shuffle = GameRng::new(master, index, Stream::Shuffle);
        self.reset(config);
        // Fixed profiles are out of the deck before anyone draws.
        for p in self.fixed.into_iter().flatten() {
            self.stocks.profiles.take(u16::from(p));
        }
        self.setup_profile(obs);
        Ok(())
    }

    /// The active seat's first character at set-up: a fixed profile taken at once, else
    /// three drawn and one chosen (§3).
    pub(super) fn setup_profile<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        match self.fixed[self.active as usize] {
            Some(p) => {
                self.offer[0] = p;
                self.offered = 1;
                self.take_profile(0, 1, obs);
                self.profile_taken(obs);
            }
            None => self.offer_profiles(obs),
        }
    }

    /// Everything but the decks and the dice back to the start.
    fn reset(&mut self, config: &ChaosConfig) {
        self.seats = config.seats;
        self.round_limit = config.round_limit;
        self.fixed = config.profiles;
        self.first = 0;
        self.round = 0;
        self.active = 0;
        for h in &mut self.heroes {
            *h = Hero::new(self.rules, 0);
        }
        self.board = Board::new();
        let entry = self.rules.entry_tile;
        self.board.lay(&self.rules.tiles[entry as usize], entry, ENTRY, ENTRY_FACING);
        self.turn = TurnState::default();
        self.shops.clear();
        self.after_profile = AfterProfile::Setup;
        self.ending = None;
        self.by = Source::Unknown;
        self.pending = None;
        self.legal.clear();
    }

    /// Draws three profiles for the active seat and asks which (§3, §15).
    pub(super) fn offer_profiles<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        self.legal.clear();
        self.offered = 0;
        for i in 0..3u8 {
            if let Some(c) = self.draw(DeckId::Profiles, obs) {
                self.offer[i as usize] = c as u8;
                self.offered += 1;
                self.legal.push(ChaosChoice::Profile(i));
            }
        }
        self.ask(Ask::Profile);
    }

    /// Takes the profile chosen; the others go back into the deck, shuffled (§3). A
    /// spellcaster draws Spell cards equal to his Mind.
    pub(super) fn take_profile<O: Observer<ChaosEvent>>(&mut self, pick: u8, offered: usize, obs: &mut O) {
        let chosen = self.offer[pick as usize];
        for i in 0..offered {
            if i != pick as usize {
                let c = self.offer[i] as u16;
                self.stocks.profiles.shuffle_in(c, &mut self.shuffle);
            }
        }
        let (tally, gold, credit) = (self.me().tally, self.me().gold, self.me().credit);
        let mut hero = Hero::new(self.rules, chosen);
        hero.tally = tally;
        // §15 and docs/rulings.md: the player keeps his coins (and store credit) through a
        // death.
        hero.gold = gold;
        hero.credit = credit;
        hero.tally.characters += 1;
        if self.after_profile == AfterProfile::Setup {
            // §3: every token starts on the entry tile.
            hero.place = Place::Dungeon(self.entry);
            hero.tally.deepest = 1;
        }
        *self.me() = hero;
        if O::ENABLED {
            obs.event(ChaosEvent::Profile { seat: self.active, character: chosen });
        }
        if self.rules.characters[chosen as usize].colours != 0 {
            let mind = self.me().start[Attr::Mind as usize].max(0) as usize;
            for _ in 0..mind {
                self.draw_spell(obs);
            }
        }
    }

    /// §3: each rolls d8 + Speed; the highest goes first, the tied highest rolling again.
    pub(super) fn roll_first<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) -> u8 {
        let mut in_it = [false; MAX_SEATS];
        in_it[..self.seats as usize].fill(true);
        loop {
            let mut best = i16::MIN;
            let mut totals = [i16::MIN; MAX_SEATS];
            for s in 0..self.seats {
                if in_it[s as usize] {
                    let t = self.roll(8, obs) as i16 + self.effective(s, Attr::Speed) as i16;
                    totals[s as usize] = t;
                    best = best.max(t);
                }
            }
            let mut top = 0;
            for s in 0..self.seats as usize {
                in_it[s] = in_it[s] && totals[s] == best;
                top += in_it[s] as u8;
            }
            if top == 1 {
                let seat = in_it.iter().position(|&b| b).unwrap_or(0) as u8;
                if O::ENABLED {
                    obs.event(ChaosEvent::First { seat });
                }
                return seat;
            }
        }
    }

    /// A game laid out by `setup` (a test's starting position), at the first seat's turn.
    pub fn from_setup(rules: &'r ChaosRules, setup: &ChaosSetup) -> Result<ChaosGame<'r>, ChaosSetupError> {
        let config = ChaosConfig::new(setup.seats.len() as u8);
        let mut g = ChaosGame::blank(rules, &config)?;
        g.check(&config)?;
        if setup.first as usize >= setup.seats.len() {
            return Err(ChaosSetupError::First(setup.first, setup.seats.len()));
        }
        let mut rng = GameRng::from_seed(7);
        g.stocks = Stocks::new(rules, &mut rng)?;
        g.reset(&config);
        g.dice = GameDice::new(&setup.dice, GameRng::from_seed(8));
        for &(at, tile, facing) in &setup.laid {
            let def = rules.tiles.get(tile as usize).ok_or(ChaosSetupError::Tile(tile, at))?;
            if g.board.fits(def.size, at, facing).is_none() {
                return Err(ChaosSetupError::Tile(tile, at));
            }
            g.board.lay(def, tile, at, facing);
            g.stocks.get(DeckId::Tiles(def.size as u8)).take(tile);
        }
        for &(at, m) in &setup.monsters {
            if !g.board.add_monster(at, m) {
                return Err(ChaosSetupError::Unexplored(at));
            }
            g.stocks.get(DeckId::Monsters(rules.monsters[m as usize].level - 1)).take(m as u16);
        }
        for &(at, d, st) in &setup.doors {
            g.board.set_door(at, d, st);
        }
        for (seat, s) in setup.seats.iter().enumerate() {
            let mut h = Hero::new(rules, s.character);
            g.stocks.profiles.take(s.character as u16);
            if let Some(stats) = s.stats {
                h.stats = stats;
            }
            h.gold = s.gold;
            h.place = s.place;
            h.fled = s.fled;
            h.ailments = s.ailments;
            h.tally.characters = 1;
            if let Place::Dungeon(at) = s.place {
                if !g.board.explored(at) {
                    return Err(ChaosSetupError::Unexplored(at));
                }
                h.tally.deepest = at.level() + 1;
            }
            if s.items.len() > MAX_ITEMS
                || s.hand.len() > MAX_HAND
                || s.companions.len() > MAX_COMPANIONS
                || s.curses.len() > MAX_CURSES
            {
                return Err(ChaosSetupError::Hand);
            }
            for &c in &s.companions {
                h.companions.push(c);
                if let Some(m) = c.mount {
                    g.stocks.get(DeckId::Monsters(rules.monsters[m as usize].level - 1)).take(m as u16);
                }
            }
            for &c in &s.curses {
                h.curses.push(c);
                g.stocks.curses.take(c);
            }
            for &i in &s.items {
                h.hold(rules, i);
                g.stocks.get(DeckId::Items(rules.items[i as usize].level - 1)).take(i as u16);
            }
            for (slot, &c) in s.hand.iter().enumerate() {
                h.hand[slot] = Some(c);
                match c {
                    HandCard::Spell { card, .. } => g.stocks.spells.take(card),
                    HandCard::Potion(card) => g.stocks.potions.take(card),
                    HandCard::Scroll { card, .. } => g.stocks.scrolls.take(card),
                };
            }
            g.heroes[seat] = h;
        }
        for &(deck, card) in setup.tops.iter().rev() {
            if !g.stocks.get(deck).put_on_top(card) {
                return Err(ChaosSetupError::Card(deck, card));
            }
        }
        // Tile guide: a shoppe on the board is stocked (from the decks as stacked).
        let shops: Vec<Sq> = g
            .board
            .laid()
            .iter()
            .filter(|l| rules.tiles[l.tile as usize].feature == Feature::Shoppe)
            .map(|l| l.origin)
            .collect();
        for at in shops {
            g.stock_shop(at, &mut crate::core::NoObserver);
        }
        g.first = setup.first;
        g.after_profile = AfterProfile::EndTurn;
        g.start_round(setup.first, &mut crate::core::NoObserver);
        Ok(g)
    }
}
