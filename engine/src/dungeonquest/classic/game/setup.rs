//! Setting a game up: the configuration, the seeded set-up of rulebook 4, and the test set-up.

use super::board::Board;
use super::stock::{CardQueue, DragonStack, COUNTER_CAP, DECK_CAP, DRAGON_CAP};
use super::{Ask, Chance, ClassicDecision, ClassicEvent, ClassicGame, Fate, Hero, Plight, Via, MAX_SEATS, ROUNDS};
use crate::core::rng::{GameRng, LazyRng, Stream};
use crate::core::Observer;
use crate::dungeonquest::board::{is_treasure, Cell, CellSet, Dir, CELLS, NO_CELL, PRINTED, TOWERS};
use crate::dungeonquest::classic::combat::{Dice, Stacked};
use crate::dungeonquest::classic::decks::ClassicDeck;
use crate::dungeonquest::classic::rules::ClassicRules;
use crate::dungeonquest::game::HeroStats;
use arrayvec::ArrayVec;

/// A hero or a ring: a fixed one, or a seeded random one not taken by another seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Fixed(u8),
    Random,
}

/// What a game is set up with: by seat, the character and the Magic Ring.
///
/// Rulebook 4 has the characters chosen in turn from the first player and the rings in the
/// reverse order; a configuration fixes them or leaves them to chance (seeded), which is how
/// a simulation run states its heroes. The towers are the seats' decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicConfig {
    pub heroes: ArrayVec<Pick, MAX_SEATS>,
    pub rings: ArrayVec<Pick, MAX_SEATS>,
}

impl ClassicConfig {
    /// `n` seats with random characters and rings.
    pub fn random(n: usize) -> ClassicConfig {
        let n = n.clamp(1, MAX_SEATS);
        ClassicConfig { heroes: (0..n).map(|_| Pick::Random).collect(), rings: (0..n).map(|_| Pick::Random).collect() }
    }
}

/// A configuration (or rules) a game cannot be set up with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClassicConfigError {
    #[error("a game needs 1 to 4 heroes, got {0}")]
    Seats(usize),
    #[error("{0} rings for {1} heroes")]
    Rings(usize, usize),
    #[error("hero number {0} does not exist")]
    NoSuchHero(u8),
    #[error("hero number {0} is taken twice")]
    DuplicateHero(u8),
    #[error("ring number {0} does not exist")]
    NoSuchRing(u8),
    #[error("ring number {0} is taken twice")]
    DuplicateRing(u8),
    #[error("the rules have too few heroes or rings for {0} seats")]
    TooFew(usize),
    #[error("the rules do not fit the game's storage: {0}")]
    Storage(&'static str),
}

/// One seat of a test set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    /// Index into the rules' heroes.
    pub hero: u8,
    /// Index into the rules' rings.
    pub ring: Option<u8>,
    pub pos: Cell,
    /// Life Points (the sheet's when `None`).
    pub life: Option<u8>,
}

/// A game laid out by hand for a rule test: seats, tiles on the board, stacked decks and
/// forced dice. A plain value; [`ClassicGame::from_setup`] checks it and starts the first
/// player's turn in `round`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassicSetup {
    pub seats: Vec<SeatSetup>,
    pub first: u8,
    /// The round to start in (1 to 26).
    pub round: u8,
    /// Tiles already laid: (space, tile index, the world side the entry arrow faces).
    pub laid: Vec<(Cell, u8, Dir)>,
    /// Tiles drawn next, in order.
    pub next_tiles: Vec<u8>,
    /// Cards put on top of their decks, the first listed drawn first.
    pub tops: Vec<(ClassicDeck, u8)>,
    /// Monster cards on top of the Monster deck.
    pub monster_tops: Vec<u8>,
    /// Dice rolled first, whatever the die (at most 32).
    pub dice: Vec<u8>,
    /// Treasure counters on top of the cup.
    pub counters: Vec<u8>,
    /// Dragon counters on top of the stack (`true`: awake).
    pub dragon: Vec<bool>,
}

/// A test set-up that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClassicSetupError {
    #[error(transparent)]
    Config(#[from] ClassicConfigError),
    #[error("first player {0} of {1} seats")]
    First(u8, usize),
    #[error("round {0} is not 1 to 26")]
    Round(u8),
    #[error("space {0} is not on the board")]
    NoSuchSpace(Cell),
    #[error("space {0} is printed on the board")]
    Printed(Cell),
    #[error("space {0} is taken twice (tile or hero)")]
    Twice(Cell),
    #[error("hero on space {0}, which has no room")]
    Unexplored(Cell),
    #[error("tile {0} does not exist or is used twice")]
    Tile(u8),
    #[error("card {1} of the {0:?} deck is not in it")]
    Card(ClassicDeck, u8),
    #[error("Monster card {0} is not in the deck")]
    MonsterCard(u8),
    #[error("Treasure counter {0} is not in the cup")]
    Counter(u8),
    #[error("more Dragon counters stacked than the stack holds")]
    Dragon,
}

/// A hero before the game: no position yet.
const NO_HERO: Hero = Hero {
    hero: 0,
    ring: None,
    life: 0,
    arrows: 0,
    pos: NO_CELL,
    prev: NO_CELL,
    came: None,
    via: Via::Start,
    part: 0,
    fate: Fate::Inside,
    searches: 0,
    plight: Plight::None,
    counters: 0,
    cards: ArrayVec::new_const(),
    potion: None,
    rope: None,
    stats: HeroStats::ZERO,
};

impl<'r> ClassicGame<'r> {
    /// Checks that `rules` fit the game's fixed storage.
    fn check_rules(rules: &ClassicRules) -> Result<(), ClassicConfigError> {
        if ClassicDeck::ALL.iter().any(|&d| rules.decks.deck(d).len() > DECK_CAP)
            || rules.monster_cards.len() > DECK_CAP
        {
            return Err(ClassicConfigError::Storage("a deck holds more than 128 cards"));
        }
        if rules.treasure.len() > COUNTER_CAP {
            return Err(ClassicConfigError::Storage("more than 32 Treasure counters"));
        }
        if rules.dragon.asleep as usize + rules.dragon.awake as usize > DRAGON_CAP {
            return Err(ClassicConfigError::Storage("more than 16 Dragon counters"));
        }
        if rules.tiles.drawn().len() > 255 {
            return Err(ClassicConfigError::Storage("more than 255 tiles"));
        }
        Ok(())
    }

    /// Checks a configuration against `rules` without building a game.
    pub fn check(rules: &ClassicRules, config: &ClassicConfig) -> Result<(), ClassicConfigError> {
        Self::check_rules(rules)?;
        let n = config.heroes.len();
        if n == 0 || n > MAX_SEATS {
            return Err(ClassicConfigError::Seats(n));
        }
        if config.rings.len() != n {
            return Err(ClassicConfigError::Rings(config.rings.len(), n));
        }
        if rules.default_heroes().count() < n || rules.rings.len() < n {
            return Err(ClassicConfigError::TooFew(n));
        }
        let mut heroes = 0u64;
        let mut rings = 0u64;
        for (i, (&h, &r)) in config.heroes.iter().zip(&config.rings).enumerate() {
            let _ = i;
            if let Pick::Fixed(h) = h {
                if h as usize >= rules.heroes.len() || h >= 64 {
                    return Err(ClassicConfigError::NoSuchHero(h));
                }
                if heroes & (1 << h) != 0 {
                    return Err(ClassicConfigError::DuplicateHero(h));
                }
                heroes |= 1 << h;
            }
            if let Pick::Fixed(r) = r {
                if r as usize >= rules.rings.len() || r >= 64 {
                    return Err(ClassicConfigError::NoSuchRing(r));
                }
                if rings & (1 << r) != 0 {
                    return Err(ClassicConfigError::DuplicateRing(r));
                }
                rings |= 1 << r;
            }
        }
        Ok(())
    }

    /// A game before set-up: every stock empty.
    fn blank(rules: &'r ClassicRules, master: u64, index: u64) -> ClassicGame<'r> {
        ClassicGame {
            rules,
            seats: 0,
            first: 0,
            round: 0,
            active: 0,
            heroes: [NO_HERO; MAX_SEATS],
            board: Board::EMPTY,
            tiles: [0; 256],
            tiles_left: 0,
            decks: [CardQueue::EMPTY; 6],
            monsters: CardQueue::EMPTY,
            cup: CardQueue::EMPTY,
            dragon: DragonStack::EMPTY,
            fight: None,
            dragon_queue: ArrayVec::new_const(),
            shots: 0,
            spider_new: false,
            visited: CellSet::EMPTY,
            held: None,
            chance: Chance {
                dice: Stacked::new(&[], GameRng::new(master, index, Stream::Dice)),
                shuffle: LazyRng::new(master, index, Stream::Shuffle),
                setup_draws: 0,
            },
            pending: None,
            legal: ArrayVec::new_const(),
        }
    }

    /// Fills and shuffles every stock from the set-up stream.
    fn stock_up(&mut self, rng: &mut GameRng) {
        let rules = self.rules;
        let n = rules.tiles.drawn().len().min(255);
        for (i, t) in self.tiles.iter_mut().take(n).enumerate() {
            *t = i as u8;
        }
        self.tiles_left = n as u8;
        rng.shuffle(&mut self.tiles[..n]);
        for d in ClassicDeck::ALL {
            let q = &mut self.decks[d as usize];
            q.fill(rules.decks.deck(d).len());
            q.shuffle(rng);
        }
        self.monsters.fill(rules.monster_cards.len());
        self.monsters.shuffle(rng);
        self.cup.fill(rules.treasure.len());
        self.cup.shuffle(rng);
        self.dragon.gather(rules.dragon.asleep, rules.dragon.awake, rng);
    }

    /// A new game: game `index` of a run with `master` seed, set up by rulebook 4 up to the
    /// first player's choice of tower.
    pub fn new<O: Observer<ClassicEvent>>(
        rules: &'r ClassicRules,
        config: &ClassicConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<ClassicGame<'r>, ClassicConfigError> {
        let mut g = ClassicGame::blank(rules, master, index);
        g.restart(config, master, index, obs)?;
        Ok(g)
    }

    /// Sets this game up afresh as game `index` (its rules kept); a refused configuration
    /// leaves it as it was.
    pub fn restart<O: Observer<ClassicEvent>>(
        &mut self,
        config: &ClassicConfig,
        master: u64,
        index: u64,
        _obs: &mut O,
    ) -> Result<(), ClassicConfigError> {
        Self::check(self.rules, config)?;
        *self = ClassicGame::blank(self.rules, master, index);
        let rules = self.rules;
        let n = config.heroes.len();
        self.seats = n as u8;
        let mut rng = GameRng::new(master, index, Stream::Setup);
        // First player: each rolls the D12, the highest rolls again on a tie.
        let mut rolling: ArrayVec<u8, MAX_SEATS> = (0..n as u8).collect();
        while rolling.len() > 1 {
            let rolls: ArrayVec<u8, MAX_SEATS> = rolling.iter().map(|_| rng.d12()).collect();
            let top = rolls.iter().copied().max().unwrap_or(0);
            let mut keep: ArrayVec<u8, MAX_SEATS> = ArrayVec::new();
            for (s, r) in rolling.iter().zip(&rolls) {
                if *r == top {
                    keep.push(*s);
                }
            }
            rolling = keep;
        }
        self.first = rolling.first().copied().unwrap_or(0);
        // Characters in turn from the first player; rings in the reverse order.
        let mut taken = 0u64;
        for k in 0..n {
            let s = (self.first as usize + k) % n;
            let h = match config.heroes[s] {
                Pick::Fixed(h) => h,
                Pick::Random => {
                    let pool = (0..rules.heroes.len().min(64) as u8).filter(|&i| !rules.heroes[i as usize].unverified);
                    pick_free(pool, &config.heroes, taken, &mut rng)
                }
            };
            taken |= 1 << h;
            let sheet = &rules.heroes[h as usize];
            self.heroes[s] = Hero { hero: h, life: sheet.life, arrows: sheet.arrows, ..NO_HERO };
        }
        let mut taken = 0u64;
        for k in (0..n).rev() {
            let s = (self.first as usize + k) % n;
            let r = match config.rings[s] {
                Pick::Fixed(r) => r,
                Pick::Random => pick_free(0..rules.rings.len() as u8, &config.rings, taken, &mut rng),
            };
            taken |= 1 << r;
            self.heroes[s].ring = Some(r);
        }
        self.stock_up(&mut rng);
        self.chance.setup_draws = rng.draws();
        self.active = self.first;
        self.ask(self.first, Ask::Tower);
        Ok(())
    }

    /// A game laid out by `setup` (validated), at the start of the first player's turn in
    /// `setup.round`. Its shuffles and dice after the stacked ones come from `master`'s game 0.
    pub fn from_setup<O: Observer<ClassicEvent>>(
        rules: &'r ClassicRules,
        setup: &ClassicSetup,
        master: u64,
        obs: &mut O,
    ) -> Result<ClassicGame<'r>, ClassicSetupError> {
        Self::check_rules(rules)?;
        let n = setup.seats.len();
        if n == 0 || n > MAX_SEATS {
            return Err(ClassicConfigError::Seats(n).into());
        }
        if setup.first as usize >= n {
            return Err(ClassicSetupError::First(setup.first, n));
        }
        if !(1..=ROUNDS).contains(&setup.round) {
            return Err(ClassicSetupError::Round(setup.round));
        }
        let mut g = ClassicGame::blank(rules, master, 0);
        g.seats = n as u8;
        g.first = setup.first;
        g.stock_up(&mut GameRng::new(master, 0, Stream::Setup));
        let tiles = rules.tiles.drawn().len();
        let mut used = [false; 256];
        let mut laid = [false; CELLS];
        for &(c, t, arrow) in &setup.laid {
            if c as usize >= CELLS {
                return Err(ClassicSetupError::NoSuchSpace(c));
            }
            if PRINTED[c as usize] {
                return Err(ClassicSetupError::Printed(c));
            }
            if std::mem::replace(&mut laid[c as usize], true) {
                return Err(ClassicSetupError::Twice(c));
            }
            if t as usize >= tiles || std::mem::replace(&mut used[t as usize], true) {
                return Err(ClassicSetupError::Tile(t));
            }
            g.board.lay(rules.tiles.drawn(), c, t, (arrow as u8 + 2) & 3);
        }
        // The box: the tiles not laid, those named first on top.
        for &t in &setup.next_tiles {
            if t as usize >= tiles || used[t as usize] {
                return Err(ClassicSetupError::Tile(t));
            }
        }
        let mut k = 0;
        for t in (0..tiles as u8).filter(|&t| !used[t as usize] && !setup.next_tiles.contains(&t)) {
            g.tiles[k] = t;
            k += 1;
        }
        for &t in setup.next_tiles.iter().rev() {
            if std::mem::replace(&mut used[t as usize], true) {
                return Err(ClassicSetupError::Tile(t));
            }
            g.tiles[k] = t;
            k += 1;
        }
        g.tiles_left = k as u8;
        for &(d, c) in setup.tops.iter().rev() {
            if !g.decks[d as usize].lift(c) {
                return Err(ClassicSetupError::Card(d, c));
            }
        }
        for &c in setup.monster_tops.iter().rev() {
            if !g.monsters.lift(c) {
                return Err(ClassicSetupError::MonsterCard(c));
            }
        }
        for &c in setup.counters.iter().rev() {
            if !g.cup.lift(c) {
                return Err(ClassicSetupError::Counter(c));
            }
        }
        if setup.dragon.len() > (rules.dragon.asleep + rules.dragon.awake) as usize {
            return Err(ClassicSetupError::Dragon);
        }
        g.dragon.stack(&setup.dragon);
        g.chance.dice = Stacked::new(&setup.dice, GameRng::new(master, 0, Stream::Dice));
        let mut heroes = 0u64;
        let mut rings = 0u64;
        for (s, seat) in setup.seats.iter().enumerate() {
            let Some(sheet) = rules.heroes.get(seat.hero as usize) else {
                return Err(ClassicConfigError::NoSuchHero(seat.hero).into());
            };
            if seat.hero >= 64 || heroes & (1 << seat.hero) != 0 {
                return Err(ClassicConfigError::DuplicateHero(seat.hero).into());
            }
            heroes |= 1 << seat.hero;
            if let Some(r) = seat.ring {
                if r as usize >= rules.rings.len() || r >= 64 {
                    return Err(ClassicConfigError::NoSuchRing(r).into());
                }
                if rings & (1 << r) != 0 {
                    return Err(ClassicConfigError::DuplicateRing(r).into());
                }
                rings |= 1 << r;
            }
            let c = seat.pos;
            if c as usize >= CELLS {
                return Err(ClassicSetupError::NoSuchSpace(c));
            }
            if !g.board.explored(c) {
                return Err(ClassicSetupError::Unexplored(c));
            }
            let shared = is_treasure(c);
            if !shared && setup.seats[..s].iter().any(|o| o.pos == c) {
                return Err(ClassicSetupError::Twice(c));
            }
            g.heroes[s] = Hero {
                hero: seat.hero,
                ring: seat.ring,
                life: seat.life.unwrap_or(sheet.life).max(1),
                arrows: sheet.arrows,
                pos: c,
                prev: c,
                via: if TOWERS.contains(&c) { Via::Start } else { Via::Hall },
                ..NO_HERO
            };
        }
        // The dragon counters stay aside while a hero is in the chamber (rulebook 9.3).
        g.round = setup.round;
        g.active = setup.first;
        if O::ENABLED {
            obs.event(ClassicEvent::Round(g.round));
        }
        let flow = g.begin_turn(obs);
        g.settle(flow, obs);
        Ok(g)
    }

    /// Sets the pending decision and lists its legal answers.
    pub(super) fn ask(&mut self, seat: u8, ask: Ask) {
        self.pending = Some(ClassicDecision { seat, ask });
        self.list_legal();
    }
}

/// A seeded pick among `pool` not taken by a fixed pick nor already `taken`.
fn pick_free(pool: impl Iterator<Item = u8> + Clone, fixed: &[Pick], taken: u64, rng: &mut GameRng) -> u8 {
    let free = |i: &u8| *i < 64 && taken & (1 << i) == 0 && !fixed.contains(&Pick::Fixed(*i));
    let n = pool.clone().filter(free).count() as u32;
    let k = if n == 0 { 0 } else { rng.below(n) as usize };
    pool.clone().filter(free).nth(k).unwrap_or(0)
}

const _: () = assert!(MAX_SEATS <= TOWERS.len());
