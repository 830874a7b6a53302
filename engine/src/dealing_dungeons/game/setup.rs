//! Setting a game up: the configuration, the seeded set-up of the Standard mode, and the
//! hand-built set-up rule tests use (stacked decks, forced dice, laid cards).

use super::table::{turn, Room, RoomCard, Standing, Table};
use super::table::{Dungeons, ROOM_POOL};
use super::{
    After, Ask, Chance, DealingDecision, DealingEvent, DealingGame, Player, Stats, Status, BOSS_CAP, DECK_CAP,
    DUNGEON_DECK_CAP, HAND_CAP, HARD_LEVELS, MAX_SEATS, ROUND_LIMIT,
};
use crate::core::rng::{GameRng, LazyRng, Stream};
use crate::core::Observer;
use crate::dealing_dungeons::combat::Stacked;
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::rules::{DealingRules, Encounter, HeroSide, Loot};
use arrayvec::ArrayVec;

/// The play modes of the rulebook, all played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    Standard,
    SoloRegular,
    SoloModerate,
    SoloHard,
    CoOp,
    Chaos,
}

impl Mode {
    /// A one-player mode.
    pub fn solo(self) -> bool {
        matches!(self, Mode::SoloRegular | Mode::SoloModerate | Mode::SoloHard)
    }

    /// "You must defeat all monsters before the Treasure Room will open."
    pub fn clear_before_treasure(self) -> bool {
        matches!(self, Mode::SoloRegular | Mode::SoloModerate)
    }
}

/// A hero: a fixed card and side, or a seeded random card (and side) no other seat has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeroPick {
    Fixed(u8, HeroSide),
    Random,
}

/// How heroes come to the seats (the optional HEROES rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeroChoice {
    /// Dealt as the configuration says (set-up step 3).
    #[default]
    Dealt,
    /// Two cards dealt for each player; by 1D6, highest to lowest, each chooses one.
    FromTwoEach,
    /// By 1D6, highest to lowest, each chooses from every card.
    FromAll,
}

/// What a hero's death means (the optional replacement rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AfterDeath {
    /// "Your time in this realm is over."
    #[default]
    Out,
    /// A random remaining hero starts at the entrance at level one; the dungeon resets and
    /// his loot and XP go back to their decks.
    Replaced,
}

/// A monster's attack ("Want more of a challenge?").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MonsterAttack {
    /// The Attack value on the card.
    #[default]
    Printed,
    /// Two dice rolled for it each round (Solo Hard's rolled levels keep their own dice).
    Rolled,
}

/// How many Dungeon Room cards a dungeon is built with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DungeonSize {
    /// The mode's ten.
    #[default]
    Standard,
    /// Solo Moderate's longer, harder game: 12 to 15 cards.
    Long(u8),
}

/// The Bag of Holding (its optional rule; Solo Hard always swaps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BagOfHolding {
    /// "Once placed in your bag, it cannot be removed."
    #[default]
    Sealed,
    /// "At the start of your turn, you may swap out In Hand Loot Cards from your bag of
    /// holding. This can only be done if the room is empty."
    Swap,
}

/// The optional rules and mode options of a game, one field each. [`DealingGame::check`]
/// refuses one where it does not apply, with the reason ([`DealingConfigError::Option`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub heroes: HeroChoice,
    pub death: AfterDeath,
    pub attack: MonsterAttack,
    pub dungeon: DungeonSize,
    pub bag: BagOfHolding,
}

/// What a game is set up with: the mode, by seat the hero, the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealingConfig {
    pub mode: Mode,
    pub heroes: ArrayVec<HeroPick, MAX_SEATS>,
    pub options: Options,
}

impl DealingConfig {
    /// A Standard game of `n` seats with random heroes.
    pub fn standard(n: usize) -> DealingConfig {
        DealingConfig {
            mode: Mode::Standard,
            heroes: (0..n.clamp(1, MAX_SEATS)).map(|_| HeroPick::Random).collect(),
            options: Options::default(),
        }
    }

    /// A Co-Op game of `n` seats with random heroes.
    pub fn coop(n: usize) -> DealingConfig {
        DealingConfig { mode: Mode::CoOp, ..DealingConfig::standard(n) }
    }

    /// A Chaos game of `n` seats with random heroes.
    pub fn chaos(n: usize) -> DealingConfig {
        DealingConfig { mode: Mode::Chaos, ..DealingConfig::standard(n) }
    }

    /// A one-player game of a Solo mode ("you may choose your Hero": `hero`).
    pub fn solo(mode: Mode, hero: HeroPick) -> DealingConfig {
        DealingConfig { mode, heroes: [hero].into_iter().collect(), options: Options::default() }
    }

    /// The same game with these options.
    pub fn with(self, options: Options) -> DealingConfig {
        DealingConfig { options, ..self }
    }
}

/// A configuration (or rules) a game cannot be set up with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealingConfigError {
    #[error("the mode needs {1} to {2} players, got {0}")]
    Seats(usize, u8, u8),
    #[error("hero card {0} does not exist or is taken twice")]
    Hero(u8),
    #[error("the rules do not fit the game's storage: {0}")]
    Storage(&'static str),
    #[error("option {option} does not apply here: {reason}")]
    Option { option: &'static str, reason: &'static str },
}

/// One seat of a test set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    pub hero: u8,
    pub side: HeroSide,
    /// The start lives when `None`.
    pub lives: Option<u8>,
    pub level: u8,
    /// Encounter cards on the dashboard (their XP).
    pub dashboard: Vec<u8>,
    pub potion: bool,
    /// Loot card kinds equipped / face-up special potions.
    pub hand: Vec<u8>,
    pub specials: Vec<u8>,
    /// The Dungeon Deck above the Treasure Room card, the first drawn first; `None`: dealt
    /// at random.
    pub deck: Option<Vec<u8>>,
    /// The room (index in its dungeon) the hero stands in.
    pub at: u8,
}

impl SeatSetup {
    /// A level 1 hero at his entrance with a random deck.
    pub fn hero(hero: u8) -> SeatSetup {
        SeatSetup {
            hero,
            side: HeroSide::Front,
            lives: None,
            level: 1,
            dashboard: Vec::new(),
            potion: false,
            hand: Vec::new(),
            specials: Vec::new(),
            deck: None,
            at: 0,
        }
    }
}

/// A card laid by a test set-up: in `seat`'s dungeon, off room `from`'s side `side`, the
/// Dungeon Room card kind `card` (`None`: the Treasure Room) turned `turns`, with an Encounter
/// card standing on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Laid {
    pub seat: u8,
    pub from: u8,
    pub side: Side,
    pub card: Option<u8>,
    pub turns: u8,
    pub monster: Option<u8>,
}

/// A game laid out by hand for a rule test. A plain value; [`DealingGame::from_setup`]
/// checks it and starts the first player's turn. Entrances stand where the set-up puts them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealingSetup {
    pub seats: Vec<SeatSetup>,
    pub first: u8,
    pub laid: Vec<Laid>,
    /// Cards on top of their decks, the first listed drawn first.
    pub encounter_tops: Vec<u8>,
    /// The whole Encounter draw pile, the first drawn first, when given: every other card is
    /// in the discard pile (a deck about to run out).
    pub encounter_pile: Option<Vec<u8>>,
    pub loot_tops: Vec<u8>,
    pub boss_tops: Vec<u8>,
    /// The whole End Boss deck, the first drawn first, when given (the others defeated).
    pub boss_pile: Option<Vec<u8>>,
    /// Dice rolled first (at most 32).
    pub dice: Vec<u8>,
    /// The table's size in spaces, when not the data's.
    pub table: Option<(u8, u8)>,
    /// The mode (Standard by default); a Solo Hard seat's `deck` is cut into four equal
    /// stacks, the first drawn first, a Treasure Room card under each.
    pub mode: Mode,
    /// The options (the hero-choice procedures are refused: a set-up's heroes are fixed).
    pub options: Options,
    /// Solo Hard: levels every seat has cleared already. Its deck holds the levels left; the
    /// entrance stands for the last Treasure Room (the rulebook's small-table way).
    pub levels_cleared: u8,
}

/// A test set-up that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Config(#[from] DealingConfigError),
    #[error("laid card {0} does not fit (space taken, off the table, no doorway to line up)")]
    Laid(usize),
    #[error("a stacked card is not in its deck: {0}")]
    Card(&'static str),
    #[error("seat {0}: {1}")]
    Seat(usize, &'static str),
}

/// Whether a table of `w` × `d` spaces fits the game's grid.
fn table_fits(w: u8, d: u8) -> bool {
    w <= 64 && d <= 64 && w as usize * d as usize <= super::table::TABLE_SPACES
}

/// `deck` set to the cards of `all`, only those `kept` when `filter` (else a plain copy).
fn copy_kept(deck: &mut ArrayVec<u8, DECK_CAP>, all: &[u8], filter: bool, kept: impl Fn(&u8) -> bool) {
    deck.clear();
    if filter {
        deck.extend(all.iter().copied().filter(kept).take(DECK_CAP));
    } else {
        let _ = deck.try_extend_from_slice(&all[..all.len().min(DECK_CAP)]);
    }
}

pub(super) const NO_PLAYER: Player = Player {
    hero: 0,
    side: HeroSide::Front,
    status: Status::Playing,
    lives: 0,
    level: 1,
    dashboard: ArrayVec::new_const(),
    potion: false,
    specials: ArrayVec::new_const(),
    hand: ArrayVec::new_const(),
    bag_gold: 0,
    bag_cards: 0,
    bag: ArrayVec::new_const(),
    bosses: 0,
    at: 0,
    came_from: 0,
    deck: ArrayVec::new_const(),
    fight: None,
    boss: None,
    miss_turn: false,
    kilter_used: false,
    first_losses: 0,
    fight_bonus: 0,
    swapped: 0,
    stats: Stats { rooms_built: 0, monsters_defeated: 0, boss_defeated: false, heroes_lost: 0, first_death: None },
};

impl<'r> DealingGame<'r> {
    /// Checks that `rules` fit the fixed storage.
    fn check_rules(rules: &DealingRules) -> Result<(), DealingConfigError> {
        if rules.encounter_deck.len() > DECK_CAP || rules.loot_deck.len() > DECK_CAP {
            return Err(DealingConfigError::Storage("an Encounter or Loot deck of more than 64 cards"));
        }
        if rules.bosses.len() > BOSS_CAP || rules.bosses.len() < MAX_SEATS {
            return Err(DealingConfigError::Storage("End Boss cards must number 4 to 32"));
        }
        if rules.modes.dungeon_rooms as usize >= DUNGEON_DECK_CAP {
            return Err(DealingConfigError::Storage("a Dungeon Deck of more than the room pool holds"));
        }
        if rules.room_deck.len() < MAX_SEATS * rules.modes.dungeon_rooms as usize {
            return Err(DealingConfigError::Storage("too few room cards to deal every seat a deck"));
        }
        let (w, d) = rules.geometry.table_spaces;
        if !table_fits(w, d) {
            return Err(DealingConfigError::Storage("a table of more than 64 spaces a side or 1,024 in all"));
        }
        if rules.heroes.iter().any(|h| h.levels.iter().flatten().any(|s| s.hand_slots as usize > HAND_CAP)) {
            return Err(DealingConfigError::Storage("a hero with more than 4 hand slots"));
        }
        Ok(())
    }

    /// Checks a configuration against `rules` without building a game.
    pub fn check(rules: &DealingRules, config: &DealingConfig) -> Result<(), DealingConfigError> {
        Self::check_rules(rules)?;
        let mode = config.mode;
        let (lo, hi) = if mode.solo() {
            (1, 1)
        } else {
            let (lo, hi) = rules.modes.players;
            (lo.max(2), hi.min(MAX_SEATS as u8))
        };
        let n = config.heroes.len();
        if n < lo as usize || n > hi as usize {
            return Err(DealingConfigError::Seats(n, lo, hi));
        }
        let mut taken = 0u64;
        for &h in &config.heroes {
            if let HeroPick::Fixed(h, _) = h {
                if h as usize >= rules.heroes.len() || h >= 64 || taken & (1 << h) != 0 {
                    return Err(DealingConfigError::Hero(h));
                }
                taken |= 1 << h;
            }
        }
        Self::check_options(rules, config)?;
        if mode == Mode::CoOp {
            return Self::coop_fits(rules, n).map_err(DealingConfigError::Storage);
        }
        let cards = level_cards(rules, config.options) as usize;
        if rules.room_deck.len() < n * cards * levels(mode) {
            return Err(DealingConfigError::Storage("too few room cards to deal every seat its Dungeon Deck"));
        }
        if n * dungeon_cards(mode, cards) > ROOM_POOL {
            return Err(DealingConfigError::Storage("the dungeons do not fit the room pool"));
        }
        let spacing = rules.modes.entrance_spacing[n] as i32;
        if spacing * (n as i32 - 1) >= rules.geometry.table_spaces.0 as i32 {
            return Err(DealingConfigError::Storage("the entrances do not fit along the table"));
        }
        Ok(())
    }

    /// Refuses an option where it does not apply, saying why.
    fn check_options(rules: &DealingRules, config: &DealingConfig) -> Result<(), DealingConfigError> {
        let o = config.options;
        let refuse = |option, reason| Err(DealingConfigError::Option { option, reason });
        if let DungeonSize::Long(k) = o.dungeon {
            if config.mode != Mode::SoloModerate {
                return refuse("long dungeon", "only Solo Moderate builds its dungeon with 12 to 15 cards");
            }
            let (lo, hi) = rules.modes.long_dungeon;
            if !(lo..=hi).contains(&k) {
                return refuse("long dungeon", "the rulebook's longer dungeon has 12 to 15 cards");
            }
        }
        if o.heroes != HeroChoice::Dealt {
            if config.mode.solo() {
                return refuse("hero choice", "the solo player chooses his hero: give it in the configuration");
            }
            if config.heroes.iter().any(|h| *h != HeroPick::Random) {
                return refuse("hero choice", "the procedure picks every hero: the configuration's must be Random");
            }
            if o.heroes == HeroChoice::FromTwoEach && 2 * config.heroes.len() > rules.heroes.len().min(64) {
                return refuse("hero choice", "too few hero cards to deal two for each player");
            }
        }
        if config.mode == Mode::CoOp && o.death == AfterDeath::Replaced {
            return refuse("replacement hero", "Co-Op's shared dungeon is not reset for one hero");
        }
        if config.mode == Mode::CoOp && o.bag == BagOfHolding::Swap {
            return refuse("bag of holding", "Co-Op trades nothing from the bag (its In Hand cards stay put)");
        }
        if config.mode == Mode::Chaos && o.death == AfterDeath::Replaced {
            return refuse(
                "replacement hero",
                "Chaos's dungeons were built and populated by every player, not reset for one",
            );
        }
        if o.death == AfterDeath::Replaced && config.mode == Mode::SoloModerate {
            return refuse("replacement hero", "in Solo Moderate \"if you die your game is over\"");
        }
        Ok(())
    }

    /// A game before set-up.
    pub(super) fn blank(rules: &'r DealingRules, master: u64, index: u64) -> DealingGame<'r> {
        DealingGame {
            rules,
            mode: Mode::Standard,
            options: Options::default(),
            seats: 0,
            first: 0,
            active: 0,
            round: 0,
            last_round: ROUND_LIMIT,
            players: [NO_PLAYER; MAX_SEATS],
            kits: [super::Kit::default(); MAX_SEATS],
            dungeons: Dungeons::new(),
            dungeon_cards: 0,
            encounter_cards: 0,
            heroes_used: 0,
            choosing: ArrayVec::new_const(),
            offered: 0,
            encounters: ArrayVec::new_const(),
            discard: ArrayVec::new_const(),
            loot: ArrayVec::new_const(),
            bosses: ArrayVec::new_const(),
            table: rules.geometry.table_spaces,
            door_tokens: rules.modes.components.door_tokens,
            drawn: None,
            held_loot: None,
            loot_queue: 0,
            after: After::EndTurn,
            end: None,
            chance: Chance {
                dice: Stacked::new(&[], GameRng::new(master, index, Stream::Dice)),
                shuffle: LazyRng::new(master, index, Stream::Shuffle),
                setup_draws: 0,
            },
            pending: None,
            legal: ArrayVec::new_const(),
            coop: super::Coop::new(),
            chaos: super::Chaos::new(),
        }
    }

    /// Takes the game back to [`DealingGame::blank`]'s state as game `index`, writing only
    /// what a game changes (docs/perf.md): lists emptied, not rewritten; the grid cleared
    /// where cards lie ([`Dungeons::reset`]); Co-Op's and Chaos's parts only after a game of
    /// their mode (no other mode touches them). Every field is named, so a new one cannot
    /// be missed.
    fn clear(&mut self, master: u64, index: u64) {
        let DealingGame {
            rules,
            mode,
            options,
            seats,
            first,
            active,
            round,
            last_round,
            players,
            kits,
            dungeons: _,
            dungeon_cards,
            encounter_cards,
            heroes_used,
            choosing,
            offered,
            encounters,
            discard,
            loot,
            bosses,
            table,
            door_tokens,
            drawn,
            held_loot,
            loot_queue,
            after,
            end,
            chance,
            pending,
            legal,
            coop,
            chaos,
        } = self;
        match *mode {
            Mode::CoOp => *coop = super::Coop::new(),
            Mode::Chaos => *chaos = super::Chaos::new(),
            _ => {}
        }
        *mode = Mode::Standard;
        *options = Options::default();
        (*seats, *first, *active, *round, *last_round) = (0, 0, 0, 0, ROUND_LIMIT);
        for p in players.iter_mut() {
            *p = NO_PLAYER;
        }
        *kits = [super::Kit::default(); MAX_SEATS];
        (*dungeon_cards, *encounter_cards, *heroes_used, *offered) = (0, 0, 0, 0);
        choosing.clear();
        encounters.clear();
        discard.clear();
        loot.clear();
        bosses.clear();
        *table = rules.geometry.table_spaces;
        *door_tokens = rules.modes.components.door_tokens;
        (*drawn, *held_loot, *loot_queue, *after, *end) = (None, None, 0, After::EndTurn, None);
        *chance = Chance {
            dice: Stacked::new(&[], GameRng::new(master, index, Stream::Dice)),
            shuffle: LazyRng::new(master, index, Stream::Shuffle),
            setup_draws: 0,
        };
        *pending = None;
        legal.clear();
    }

    /// A new game: game `index` of a run with `master` seed, set up and run to the first
    /// decision.
    pub fn new<O: Observer<DealingEvent>>(
        rules: &'r DealingRules,
        config: &DealingConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<DealingGame<'r>, DealingConfigError> {
        let mut g = DealingGame::blank(rules, master, index);
        g.restart(config, master, index, obs)?;
        Ok(g)
    }

    /// Sets this game up afresh as game `index` (its rules kept); a refused configuration
    /// leaves it as it was.
    pub fn restart<O: Observer<DealingEvent>>(
        &mut self,
        config: &DealingConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), DealingConfigError> {
        Self::check(self.rules, config)?;
        self.clear(master, index);
        let rules = self.rules;
        let n = config.heroes.len();
        self.seats = n as u8;
        self.mode = config.mode;
        self.options = config.options;
        let choosing = config.options.heroes != HeroChoice::Dealt;
        let mut rng = GameRng::new(master, index, Stream::Setup);
        // Heroes dealt: the fixed ones, then random cards (and sides) from the rest.
        let mut taken = 0u64;
        for h in &config.heroes {
            if let HeroPick::Fixed(h, _) = h {
                taken |= 1 << h;
            }
        }
        for (s, pick) in config.heroes.iter().enumerate() {
            let (hero, side) = match *pick {
                HeroPick::Fixed(h, side) => (h, side),
                // Chosen once the set-up is done.
                HeroPick::Random if choosing => (0, HeroSide::Front),
                HeroPick::Random => {
                    let free = (0..rules.heroes.len().min(64) as u8).filter(|&i| taken & (1 << i) == 0);
                    let k = rng.below(free.clone().count().max(1) as u32) as usize;
                    let h = free.clone().nth(k).unwrap_or(0);
                    taken |= 1 << h;
                    (h, if rng.below(2) == 0 { HeroSide::Front } else { HeroSide::Back })
                }
            };
            self.players[s] = Player { hero, side, lives: rules.modes.start_lives, ..NO_PLAYER };
        }
        self.heroes_used = taken;
        for s in 0..n as u8 {
            self.refit(s);
        }
        if self.mode == Mode::CoOp {
            return self.coop_restart(rng, choosing, obs);
        }
        // The Dungeon Decks: a Treasure Room card each, 10 room cards dealt on top (Solo
        // Hard: four such stacks, one on another; Solo Moderate's long dungeon: 12 to 15).
        let mut rooms: ArrayVec<u8, 256> = rules.room_deck.iter().copied().take(256).collect();
        rng.shuffle(&mut rooms);
        let cards = level_cards(rules, config.options);
        for p in &mut self.players[..n] {
            for _ in 0..levels(self.mode) {
                p.deck.push(RoomCard::Treasure);
                for _ in 0..cards {
                    p.deck.push(RoomCard::Deck(rooms.pop().unwrap_or(0)));
                }
            }
        }
        self.dungeon_cards = dungeon_cards(self.mode, cards as usize) as u8;
        self.dungeons.reset(n, self.dungeon_cards as usize);
        self.stock_decks(&mut rng);
        if self.mode == Mode::Chaos {
            self.chaos_deal();
        }
        // Entrances along the players' edge, the rulebook's spaces apart, centred.
        let spacing = rules.modes.entrance_spacing[n] as i8;
        let width = rules.geometry.table_spaces.0 as i8;
        let x0 = (width - 1 - spacing * (n as i8 - 1)) / 2;
        let (w, d) = (width, rules.geometry.table_spaces.1 as i8);
        for s in 0..n {
            super::table::lay(&mut self.dungeons, w, d, s as u8, entrance(rules, x0 + spacing * s as i8, 0));
        }
        self.first = first_player(n, &mut rng);
        if choosing {
            self.deal_hero_choice(&mut rng);
        }
        self.chance.setup_draws = rng.draws();
        if choosing {
            self.ask_hero();
            return Ok(());
        }
        self.start(obs);
        Ok(())
    }

    /// Co-Op's set-up after the heroes: the hands, the shared dungeon, the decks, the first
    /// player; then the hero choice or the building.
    fn coop_restart<O: Observer<DealingEvent>>(
        &mut self,
        mut rng: GameRng,
        choosing: bool,
        obs: &mut O,
    ) -> Result<(), DealingConfigError> {
        self.coop_deal(&mut rng);
        self.stock_decks(&mut rng);
        self.first = first_player(self.seats as usize, &mut rng);
        if choosing {
            self.deal_hero_choice(&mut rng);
        }
        self.chance.setup_draws = rng.draws();
        if choosing {
            self.ask_hero();
            return Ok(());
        }
        self.start(obs);
        Ok(())
    }

    /// The hero-choice procedures: the order by 1D6 (highest first, ties rolled again) and
    /// the cards on offer (two for each player dealt from the shuffled hero cards, or all).
    fn deal_hero_choice(&mut self, rng: &mut GameRng) {
        let n = self.seats as usize;
        let heroes = self.rules.heroes.len().min(64);
        self.offered = match self.options.heroes {
            HeroChoice::FromTwoEach => {
                let mut deck: ArrayVec<u8, 64> = (0..heroes as u8).collect();
                rng.shuffle(&mut deck);
                deck.iter().take(2 * n).fold(0u64, |m, &h| m | 1 << h)
            }
            _ => (0..heroes).fold(0u64, |m, h| m | 1 << h),
        };
        let order = roll_order(n, rng);
        // Asked from the end: the highest roll last in the list.
        self.choosing = order.iter().rev().copied().collect();
    }

    /// Asks the next seat of the hero-choice procedure for a card and side on offer.
    pub(super) fn ask_hero(&mut self) {
        let Some(&seat) = self.choosing.last() else { return };
        self.legal.clear();
        for h in 0..64u8 {
            if self.offered & (1 << h) != 0 {
                for side in [HeroSide::Front, HeroSide::Back] {
                    self.legal.push(super::DealingChoice::Hero { hero: h, side });
                }
            }
        }
        self.ask(seat, Ask::Hero);
    }

    /// A seat took a hero card: the next chooses, or round 1 begins.
    pub(super) fn hero_chosen<O: Observer<DealingEvent>>(&mut self, seat: u8, hero: u8, side: HeroSide, obs: &mut O) {
        let p = &mut self.players[seat as usize];
        p.hero = hero;
        p.side = side;
        self.refit(seat);
        self.offered &= !(1 << hero);
        self.heroes_used |= 1 << hero;
        self.choosing.pop();
        if self.choosing.is_empty() {
            self.start(obs);
        } else {
            self.ask_hero();
        }
    }

    /// Fills and shuffles the Encounter, Loot and End Boss decks.
    pub(super) fn stock_decks(&mut self, rng: &mut GameRng) {
        let r = self.rules;
        // Solo Hard: "Remove all the Darkness, Empty and Nothing Cards".
        let hard = self.mode == Mode::SoloHard;
        // Copied whole but in Solo Hard (`check_rules` sized the decks to fit).
        let kept = |&c: &u8| matches!(r.encounters[c as usize].encounter, Encounter::Monster(_));
        copy_kept(&mut self.encounters, &r.encounter_deck, hard, kept);
        self.encounter_cards = self.encounters.len() as u8;
        rng.shuffle(&mut self.encounters);
        copy_kept(&mut self.loot, &r.loot_deck, hard, |&c| r.loot[c as usize].loot != Loot::Nothing);
        rng.shuffle(&mut self.loot);
        self.bosses = (0..r.bosses.len() as u8).collect();
        rng.shuffle(&mut self.bosses);
    }

    /// Round 1, the first player's turn.
    fn start<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        self.active = self.first;
        self.round = 1;
        self.last_round = ROUND_LIMIT;
        if O::ENABLED {
            obs.event(DealingEvent::FirstPlayer(self.first));
            obs.event(DealingEvent::Round(1));
        }
        match self.mode {
            Mode::CoOp => self.coop_start(obs),
            Mode::Chaos => self.chaos_start(obs),
            _ => self.begin_turn(obs),
        }
    }

    /// A game laid out by `setup` (checked), at the start of the first player's turn. Its
    /// shuffles and dice after the stacked ones come from `master`'s game 0.
    pub fn from_setup<O: Observer<DealingEvent>>(
        rules: &'r DealingRules,
        setup: &DealingSetup,
        master: u64,
        obs: &mut O,
    ) -> Result<DealingGame<'r>, SetupError> {
        let config = DealingConfig {
            mode: setup.mode,
            heroes: setup.seats.iter().map(|s| HeroPick::Fixed(s.hero, s.side)).take(MAX_SEATS).collect(),
            options: setup.options,
        };
        Self::check(rules, &config)?;
        let n = setup.seats.len();
        if setup.first as usize >= n {
            return Err(SetupError::Seat(setup.first as usize, "the first player is not a seat"));
        }
        if setup.mode == Mode::CoOp {
            return Self::coop_from_setup(rules, setup, master, obs);
        }
        let mut g = DealingGame::blank(rules, master, 0);
        g.seats = n as u8;
        g.first = setup.first;
        g.mode = setup.mode;
        g.options = setup.options;
        let cleared =
            if setup.mode == Mode::SoloHard { (setup.levels_cleared as usize).min(HARD_LEVELS - 1) } else { 0 };
        let stacks = levels(setup.mode) - cleared;
        let mode_cards = level_cards(rules, setup.options) as usize;
        let share = setup
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let laid = setup.laid.iter().filter(|l| l.seat as usize == i).count();
                1 + laid + stacks * (seat.deck.as_ref().map_or(mode_cards, |d| d.len() / stacks) + 1)
            })
            .max()
            .unwrap_or(0);
        if n * share > ROOM_POOL || setup.seats.iter().any(|s| s.deck.as_ref().is_some_and(|d| d.len() % stacks != 0)) {
            return Err(SetupError::Card("Dungeon Decks that do not fit the room pool or cut into the levels"));
        }
        g.dungeon_cards = share as u8;
        g.dungeons.reset(n, share);
        let mut rng = GameRng::new(master, 0, Stream::Setup);
        let mut rooms: ArrayVec<u8, 256> = rules.room_deck.iter().copied().take(256).collect();
        rng.shuffle(&mut rooms);
        g.stock_decks(&mut rng);
        let spacing = rules.modes.entrance_spacing[n] as i8;
        let (w, d) = setup.table.unwrap_or(rules.geometry.table_spaces);
        if !table_fits(w, d) {
            return Err(DealingConfigError::Storage("a table of more than 64 spaces a side or 1,024 in all").into());
        }
        let x0 = (w as i8 - 1 - spacing * (n as i8 - 1)) / 2;
        for (s, seat) in setup.seats.iter().enumerate() {
            let mut p = Player {
                hero: seat.hero,
                side: seat.side,
                level: seat.level.max(1),
                bosses: cleared as u8,
                ..NO_PLAYER
            };
            p.lives = seat.lives.unwrap_or(rules.modes.start_lives).clamp(1, rules.modes.max_lives);
            p.potion = seat.potion;
            let loot_ok =
                |list: &Vec<u8>, cap: usize| list.len() <= cap && list.iter().all(|&c| (c as usize) < rules.loot.len());
            if !loot_ok(&seat.hand, HAND_CAP) || !loot_ok(&seat.specials, 4) {
                return Err(SetupError::Seat(s, "a loot card that does not exist, or too many"));
            }
            p.hand.extend(seat.hand.iter().copied());
            p.specials.extend(seat.specials.iter().copied());
            for &c in &seat.dashboard {
                if !matches!(rules.encounters.get(c as usize).map(|e| e.encounter), Some(Encounter::Monster(_))) {
                    return Err(SetupError::Seat(s, "a dashboard card that is not a monster"));
                }
                let _ = p.dashboard.try_push(c);
            }
            match &seat.deck {
                Some(deck) => {
                    if deck.len() + stacks > DUNGEON_DECK_CAP || deck.iter().any(|&k| k as usize >= rules.rooms.len()) {
                        return Err(SetupError::Seat(s, "a Dungeon Deck card that does not exist, or too many"));
                    }
                    let k = deck.len() / stacks;
                    for level in (0..stacks).rev() {
                        p.deck.push(RoomCard::Treasure);
                        p.deck.extend(deck[level * k..(level + 1) * k].iter().rev().map(|&k| RoomCard::Deck(k)));
                    }
                }
                None => {
                    for _ in 0..stacks {
                        p.deck.push(RoomCard::Treasure);
                        for _ in 0..mode_cards {
                            p.deck.push(RoomCard::Deck(rooms.pop().unwrap_or(0)));
                        }
                    }
                }
            }
            g.heroes_used |= 1 << seat.hero.min(63);
            g.players[s] = p;
            g.refit(s as u8);
            // Solo Hard past cleared levels: the entrance stands for the last Treasure Room,
            // the next level built from it.
            let door = Room { level: cleared as u8, ..entrance(rules, x0 + spacing * s as i8, 0) };
            super::table::lay(&mut g.dungeons, w as i8, d as i8, s as u8, door);
        }
        for (i, l) in setup.laid.iter().enumerate() {
            if l.seat as usize >= n || l.from as usize >= g.dungeons[l.seat as usize].len() {
                return Err(SetupError::Laid(i));
            }
            let table = Table { width: w as i8, depth: d as i8, dungeons: &g.dungeons };
            let card = match l.card {
                Some(k) if (k as usize) < rules.rooms.len() => RoomCard::Deck(k),
                None => RoomCard::Treasure,
                Some(_) => return Err(SetupError::Laid(i)),
            };
            let from = g.dungeons[l.seat as usize][l.from as usize];
            let doors = turn(g.card_doors(card), l.turns);
            let (dx, dy) = super::table::step(l.side);
            let (x, y) = (from.x + dx, from.y + dy);
            let lines_up = from.doors & l.side.bit() != 0 && doors & super::table::opposite(l.side).bit() != 0;
            if !lines_up || !table.on_table(x, y) || table.at(x, y).is_some() {
                return Err(SetupError::Laid(i));
            }
            let monster = match l.monster {
                None => None,
                Some(c) => match rules.encounters.get(c as usize).map(|e| e.encounter) {
                    Some(Encounter::Monster(m)) => Some(Standing { card: c, lives: m.lives }),
                    _ => return Err(SetupError::Laid(i)),
                },
            };
            let level = g.players[l.seat as usize].bosses;
            let room = Room { monster, level, ..Room::new(card, x, y, doors, l.from) };
            super::table::lay(&mut g.dungeons, w as i8, d as i8, l.seat, room);
            if let Some(c) = l.monster {
                lift(&mut g.encounters, c).ok_or(SetupError::Card("an Encounter card laid twice too often"))?;
            }
        }
        for (s, seat) in setup.seats.iter().enumerate() {
            let d = &g.dungeons[s];
            if seat.at as usize >= d.len() {
                return Err(SetupError::Seat(s, "the hero stands in a room not laid"));
            }
            g.players[s].at = seat.at;
            g.players[s].came_from = d[seat.at as usize].parent;
        }
        if let Some(pile) = &setup.encounter_pile {
            let mut rest = std::mem::take(&mut g.encounters);
            for &c in pile.iter().rev() {
                let i = rest.iter().position(|&x| x == c).ok_or(SetupError::Card("Encounter pile"))?;
                g.encounters.push(rest.remove(i));
            }
            g.discard = rest;
        }
        for &c in setup.encounter_tops.iter().rev() {
            lift(&mut g.encounters, c).ok_or(SetupError::Card("Encounter"))?;
        }
        for &c in setup.loot_tops.iter().rev() {
            lift(&mut g.loot, c).ok_or(SetupError::Card("Loot"))?;
        }
        if let Some(pile) = &setup.boss_pile {
            if pile.iter().any(|&b| b as usize >= rules.bosses.len()) {
                return Err(SetupError::Card("End Boss pile"));
            }
            g.bosses.clear();
            g.bosses.extend(pile.iter().rev().copied());
        }
        for &c in setup.boss_tops.iter().rev() {
            lift(&mut g.bosses, c).ok_or(SetupError::Card("End Boss"))?;
        }
        g.table = (w, d);
        if setup.mode == Mode::Chaos {
            g.chaos_face_down();
        }
        g.chance.dice = Stacked::new(&setup.dice, GameRng::new(master, 0, Stream::Dice));
        g.start(obs);
        Ok(g)
    }

    /// The doorways of a card held upright.
    pub(super) fn card_doors(&self, card: RoomCard) -> u8 {
        match card {
            RoomCard::Entrance => self.rules.entrance.doors,
            RoomCard::Treasure => self.rules.treasure_room.doors,
            RoomCard::Deck(k) => self.rules.rooms[k as usize].doors,
        }
    }

    /// Sets the pending decision; the caller lists its legal answers.
    pub(super) fn ask(&mut self, seat: u8, ask: Ask) {
        self.pending = Some(DealingDecision { seat, ask });
    }
}

/// An Entrance card at (x, y), its doorway facing into the table (North).
fn entrance(rules: &DealingRules, x: i8, y: i8) -> Room {
    Room::new(RoomCard::Entrance, x, y, rules.entrance.doors, 0)
}

/// Moves one copy of card `c` to the top (the end) of a draw pile.
pub(super) fn lift<const N: usize>(pile: &mut ArrayVec<u8, N>, c: u8) -> Option<()> {
    let i = pile.iter().rposition(|&x| x == c)?;
    let card = pile.remove(i);
    pile.push(card);
    Some(())
}

/// Dungeon Room cards in one level of a dungeon (Solo Moderate's long one, or ten).
fn level_cards(rules: &DealingRules, options: Options) -> u8 {
    match options.dungeon {
        DungeonSize::Long(k) => k,
        DungeonSize::Standard => rules.modes.dungeon_rooms,
    }
}

/// Levels of a dungeon: Solo Hard's four, one in the other modes.
fn levels(mode: Mode) -> usize {
    if mode == Mode::SoloHard {
        HARD_LEVELS
    } else {
        1
    }
}

/// Cards of one dungeon: its entrance, and each level's room cards and Treasure Room.
fn dungeon_cards(mode: Mode, cards: usize) -> usize {
    1 + levels(mode) * (cards + 1)
}

/// "Each player rolls 1D6, highest to lowest": the seats in order of their rolls, tied
/// seats rolling again among themselves for their places.
fn roll_order(n: usize, rng: &mut GameRng) -> ArrayVec<u8, MAX_SEATS> {
    let mut keys: ArrayVec<(u64, u8), MAX_SEATS> = (0..n as u8).map(|s| (0u64, s)).collect();
    loop {
        // Each seat still tied with another (or every seat at first) rolls again.
        let tied: ArrayVec<bool, MAX_SEATS> =
            keys.iter().map(|&(k, s)| k == 0 || keys.iter().any(|&(o, t)| t != s && o == k)).collect();
        if !tied.iter().any(|&t| t) {
            break;
        }
        for (key, t) in keys.iter_mut().zip(tied) {
            if t {
                key.0 = key.0.wrapping_mul(8).wrapping_add(rng.d6() as u64);
            } else {
                key.0 = key.0.wrapping_mul(8);
            }
        }
    }
    keys.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
    keys.iter().map(|&(_, s)| s).collect()
}

/// "Each player rolls 1D6, highest goes first": the tied highest roll again.
fn first_player(n: usize, rng: &mut GameRng) -> u8 {
    let mut rolling: ArrayVec<u8, MAX_SEATS> = (0..n as u8).collect();
    while rolling.len() > 1 {
        let rolls: ArrayVec<u8, MAX_SEATS> = rolling.iter().map(|_| rng.d6()).collect();
        let top = rolls.iter().copied().max().unwrap_or(0);
        rolling = rolling.iter().zip(&rolls).filter(|(_, &r)| r == top).map(|(&s, _)| s).collect();
    }
    rolling.first().copied().unwrap_or(0)
}

const _: () = assert!(DUNGEON_DECK_CAP >= 17);
const _: () = assert!(std::mem::size_of::<Dungeons>() < 2048);
