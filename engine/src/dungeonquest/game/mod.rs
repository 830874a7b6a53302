//! The game state and its public interface.
//!
//! A [`Game`] is a small, `Clone` value in fixed-size storage. It advances by running tasks
//! from a fixed-capacity stack (the rules' "then do this" steps) until a player must decide;
//! [`Game::apply`] feeds the answer back and runs on. Nothing here allocates after
//! [`Game::new`].

mod attr_test;
mod cards;
mod catacombs;
mod combat;
mod dice_combat;
mod duel;
mod flow;
mod moves;
mod pvp;
mod resample;
mod scenario;
mod servants;
mod setup;
mod third;
mod treasure;
mod view;

pub(crate) use duel::DuelState;
pub use duel::{DuelConfig, DuelOutcome};
pub(crate) use moves::Targets;
pub use setup::{HeroSetup, Setup, SetupError, TileSetup};
pub use view::{CellView, HeroView};

use crate::core::rng::{GameRng, LazyRng, Stream};
use crate::dungeonquest::board::{Cell, CellSet, CELLS, TOWERS};
use crate::dungeonquest::data::{AttrSel, CombatCard, TestTag};
use crate::dungeonquest::decision::{Choice, Choices, Decision, DecisionKind, IllegalChoice};
use crate::dungeonquest::edition::{CombatSystem, Edition};
use crate::dungeonquest::observer::{Event, Observer};
use crate::dungeonquest::rules::{CardId, Deck, Rules, Span, HELD_CAP, MAX_CARDS, MAX_TILES, NUM_DECKS, ROW_CAP};
use crate::dungeonquest::variant::Variant;
use arrayvec::ArrayVec;

/// Most heroes in one game.
pub const MAX_SEATS: usize = 4;

/// A seat in a game, as the active seat is kept (`Game::active`): one of `MAX_SEATS`
/// values, which the compiler knows of any seat read back from the game. Why: the active
/// hero (`Game::cur`) is looked up many times in every step, and indexing the heroes by a
/// `u8` took a mask (or a bounds check) each time; by a `Seat` it takes neither
/// (docs/perf.md: a plain `u8` costs 1.25% on the median workload).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Seat {
    S0 = 0,
    S1 = 1,
    S2 = 2,
    S3 = 3,
}
const _: () = assert!(MAX_SEATS == 4);

impl Seat {
    /// Seat `s` (`s < MAX_SEATS`; masked to the seats, as the heroes were indexed before).
    #[inline(always)]
    pub(crate) fn of(s: u8) -> Seat {
        debug_assert!((s as usize) < MAX_SEATS, "seat {s}");
        match s & 3 {
            0 => Seat::S0,
            1 => Seat::S1,
            2 => Seat::S2,
            _ => Seat::S3,
        }
    }

    /// The seat's number.
    #[inline(always)]
    pub(crate) fn get(self) -> u8 {
        self as u8
    }
}
// Seats are masked with `MAX_SEATS - 1` in places (`Seat::of`, hero indexes).
const _: () = assert!(MAX_SEATS.is_power_of_two());
/// Slots of the tile stack ([`TileStack`]): one per `u8`.
const TILE_SLOTS: usize = u8::MAX as usize + 1;
const _: () = assert!(MAX_TILES <= TILE_SLOTS);
/// No card (sentinel).
pub const NO_CARD: CardId = CardId::MAX;
const NO_CELL: Cell = u8::MAX;
const TASK_CAP: usize = 96;

/// How a hero died: the Parquet `death_cause` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeathCause {
    /// Wounds in combat with a monster.
    Monster,
    /// Dragon Rage.
    Dragon,
    /// Wounds or death from a trap card.
    Trap,
    /// Wounds or death from another card (dungeon, crypt, corpse, search, catacomb, door, item).
    Card,
    /// A bottomless pit.
    Pit,
    /// Falling off a bridge.
    Bridge,
    /// Wounds past the outer wall while resurfacing.
    Resurfacing,
    /// No move, search or catacomb entrance left.
    DeadEnd,
    /// Still inside at sunset.
    Sunset,
    /// Wounds from another hero (Hero vs. Hero Combat).
    Hero,
}

impl DeathCause {
    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            DeathCause::Monster => "monster",
            DeathCause::Dragon => "dragon",
            DeathCause::Trap => "trap",
            DeathCause::Card => "card",
            DeathCause::Pit => "pit",
            DeathCause::Bridge => "bridge",
            DeathCause::Resurfacing => "resurfacing",
            DeathCause::DeadEnd => "dead_end",
            DeathCause::Sunset => "sunset",
            DeathCause::Hero => "hero",
        }
    }
}

/// Where a hero is in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeroStatus {
    /// On the board.
    Board,
    /// Below, in the catacombs.
    Catacombs,
    /// Left the dungeon through a tower.
    Exited,
    /// Dead.
    Dead,
}

/// How each hero picks: a fixed hero or a seeded random one distinct from the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeroPick {
    Fixed(u8),
    Random,
}

/// What a game is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameConfig {
    pub heroes: ArrayVec<HeroPick, MAX_SEATS>,
    pub variant: Variant,
}

impl GameConfig {
    /// `n` random heroes with the given optional rules.
    pub fn random(n: usize, variant: Variant) -> GameConfig {
        GameConfig { heroes: (0..n.clamp(1, MAX_SEATS)).map(|_| HeroPick::Random).collect(), variant }
    }

    /// Whether a game of `rules` can be set up with this configuration: what [`Game::new`]
    /// would refuse, checked without building a game (a runner checks its plan once, before
    /// any thread starts).
    pub fn check(&self, rules: &Rules) -> Result<(), ConfigError> {
        let n = self.heroes.len();
        if n == 0 || n > MAX_SEATS {
            return Err(ConfigError::Seats(n));
        }
        if self.variant.combat_dice {
            Game::check_combat_dice(rules)?;
        }
        if rules.heroes.len() < n {
            return Err(ConfigError::TooFewHeroes(rules.heroes.len(), n));
        }
        let mut taken = [false; 64];
        for p in &self.heroes {
            if let HeroPick::Fixed(h) = *p {
                let h = h as usize;
                if h >= rules.heroes.len() {
                    return Err(ConfigError::NoSuchHero(h as u8));
                }
                if taken[h] {
                    return Err(ConfigError::DuplicateHero(rules.heroes[h].id.clone()));
                }
                taken[h] = true;
            }
        }
        Ok(())
    }
}

/// A bad game configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("a game needs 1 to 4 heroes, got {0}")]
    Seats(usize),
    #[error("hero number {0} does not exist")]
    NoSuchHero(u8),
    #[error("hero \"{0}\" is chosen twice")]
    DuplicateHero(String),
    #[error("only {0} heroes exist for {1} seats")]
    TooFewHeroes(usize, usize),
    #[error("{0}")]
    Duel(String),
    /// An optional rule the rule data cannot play (e.g. `combat-dice` without its list).
    #[error("{0}")]
    Rule(String),
}

/// Per-hero counters for the outcome rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeroStats {
    pub turns: u16,
    pub treasure_chamber_turns: u16,
    pub dragon_draws: u16,
    pub dragon_rage: bool,
    pub monsters_met: u16,
    pub monsters_killed: u16,
    pub escapes: u16,
    pub catacomb_entries: u16,
    pub chambers_explored: u16,
    pub searches: u16,
    pub wounds_taken: u16,
    pub deaths: u16,
    /// Round in which the hero died or exited (or the last round).
    pub end_round: u16,
    pub death_cause: Option<DeathCause>,
}

impl HeroStats {
    /// No turn played yet (a `const`, for fixed-size set-up values such as the 1987 game's).
    pub const ZERO: HeroStats = HeroStats {
        turns: 0,
        treasure_chamber_turns: 0,
        dragon_draws: 0,
        dragon_rage: false,
        monsters_met: 0,
        monsters_killed: 0,
        escapes: 0,
        catacomb_entries: 0,
        chambers_explored: 0,
        searches: 0,
        wounds_taken: 0,
        deaths: 0,
        end_round: 0,
        death_cause: None,
    };
}

/// A hero's play area (loot and kept cards), with how many of its cards carry each
/// start-of-turn flag ([`crate::dungeonquest::rules::CardDef::status`]).
///
/// Why the counts: every turn asks whether the status phase has anything to do
/// ([`Game::status_due`]), and reading each held card's flags cost some fifty instructions a
/// turn; the play area changes far less often than turns start. The cards are private so that
/// every change goes through the methods here, which keep the counts exact; reads go through
/// `Deref` to the slice of cards.
#[derive(Clone, Debug, Default)]
pub(crate) struct Held {
    cards: ArrayVec<CardId, HELD_CAP>,
    /// Held cards with each flag: `counts[i]` for flag bit `1 << i`.
    counts: [u8; 3],
}

impl Held {
    /// The flags of which at least one held card carries one.
    #[inline]
    pub(crate) fn status(&self) -> u8 {
        u8::from(self.counts[0] > 0) | u8::from(self.counts[1] > 0) << 1 | u8::from(self.counts[2] > 0) << 2
    }

    /// Counts card `c`'s flags in (`add`) or out.
    #[inline]
    fn note(&mut self, rules: &Rules, c: CardId, add: bool) {
        let flags = rules.card(c).status;
        if flags != 0 {
            for (i, n) in self.counts.iter_mut().enumerate() {
                if flags & (1 << i) != 0 {
                    *n = if add { *n + 1 } else { *n - 1 };
                }
            }
        }
    }

    /// Adds a card at the end; gives it back when the play area is full.
    pub(crate) fn try_push(&mut self, rules: &Rules, c: CardId) -> Result<(), CardId> {
        self.cards.try_push(c).map_err(|e| e.element())?;
        self.note(rules, c, true);
        Ok(())
    }

    /// Removes and returns the card at `i`, the others keeping their order.
    pub(crate) fn remove(&mut self, rules: &Rules, i: usize) -> CardId {
        let c = self.cards.remove(i);
        self.note(rules, c, false);
        c
    }

    /// Keeps the cards `keep` says yes to, in order.
    pub(crate) fn retain(&mut self, rules: &Rules, mut keep: impl FnMut(CardId) -> bool) {
        let mut dropped = [0u8; 3];
        self.cards.retain(|c| {
            let k = keep(*c);
            if !k {
                let flags = rules.card(*c).status;
                for (i, n) in dropped.iter_mut().enumerate() {
                    *n += (flags >> i) & 1;
                }
            }
            k
        });
        for (n, d) in self.counts.iter_mut().zip(dropped) {
            *n -= d;
        }
    }

    /// Puts card `c` in place of the card at `i` (the others keep their places) and returns
    /// the card taken out.
    pub(crate) fn replace(&mut self, rules: &Rules, i: usize, c: CardId) -> CardId {
        let old = core::mem::replace(&mut self.cards[i], c);
        self.note(rules, old, false);
        self.note(rules, c, true);
        old
    }

    /// Empties the play area, returning its cards.
    pub(crate) fn take(&mut self) -> ArrayVec<CardId, HELD_CAP> {
        self.counts = [0; 3];
        core::mem::take(&mut self.cards)
    }
}

/// Read access for a card list whose changes go through its own methods (`Held`, `Runes`):
/// the cards as a slice, and `for &c in &list`.
macro_rules! read_as_cards {
    ($t:ty) => {
        impl core::ops::Deref for $t {
            type Target = [CardId];
            #[inline]
            fn deref(&self) -> &[CardId] {
                &self.cards
            }
        }

        impl<'a> IntoIterator for &'a $t {
            type Item = &'a CardId;
            type IntoIter = core::slice::Iter<'a, CardId>;
            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                self.cards.iter()
            }
        }
    };
}

read_as_cards!(Held);

/// A hero's runes, with the windows they can be used in ([`crate::dungeonquest::rules::RuneDef::window`],
/// a bit per [`crate::dungeonquest::data::RuneWindow`]).
///
/// Why: a game opens some fifty rune windows a hero (after each draw and tile, at the end of
/// each status and action phase), and most find no rune of theirs; the bits say so without
/// reading the runes' cards. The cards are private so that every change goes through the
/// methods here, which keep the bits; reads go through `Deref` to the slice of cards.
#[derive(Clone, Debug, Default)]
pub(crate) struct Runes {
    cards: ArrayVec<CardId, 4>,
    windows: u8,
}

impl Runes {
    /// Whether some rune here is used in `window` (more conditions may apply: see
    /// `Game::rune_usable`).
    #[inline]
    pub(crate) fn has_window(&self, window: crate::dungeonquest::data::RuneWindow) -> bool {
        self.windows & (1 << window as u8) != 0
    }

    /// The window bits of these cards.
    fn windows_of(rules: &Rules, cards: &[CardId]) -> u8 {
        cards.iter().filter_map(|&c| rules.card(c).rune).fold(0, |m, d| m | 1 << d.window as u8)
    }

    /// Adds a rune at the end.
    pub(crate) fn push(&mut self, rules: &Rules, c: CardId) {
        self.cards.push(c);
        self.windows = Runes::windows_of(rules, &self.cards);
    }

    /// Removes and returns the rune at `i`, the others keeping their order.
    pub(crate) fn remove(&mut self, rules: &Rules, i: usize) -> CardId {
        let c = self.cards.remove(i);
        self.windows = Runes::windows_of(rules, &self.cards);
        c
    }

    /// Takes every rune away.
    pub(crate) fn take(&mut self) -> ArrayVec<CardId, 4> {
        self.windows = 0;
        core::mem::take(&mut self.cards)
    }
}

read_as_cards!(Runes);

/// One hero's state.
#[derive(Clone, Debug)]
pub struct Hero {
    pub(crate) def: u8,
    pub(crate) status: HeroStatus,
    pub(crate) pos: Cell,
    /// Part of a split tile the hero stands on. On a 2010 Spider Web (never split), 1 marks a
    /// hero who retreated and must go back through the entry hall (`Game::web_retreat_target`).
    pub(crate) part: u8,
    /// Tile side (tile orientation) the hero entered by; 4 = none.
    pub(crate) entry: u8,
    pub(crate) wounds: u8,
    pub(crate) determination: u8,
    /// Play area: loot and kept cards.
    pub(crate) held: Held,
    /// Gold values set during play (Treasure Chest, Artifact Eater).
    pub(crate) gold_set: ArrayVec<(CardId, u32), 8>,
    pub(crate) runes: Runes,
    pub(crate) row: ArrayVec<CardId, ROW_CAP>,
    pub(crate) marker: Cell,
    pub(crate) marker_dir: u8,
    /// A catacomb card whose test may be retaken instead of drawing (Hole in the Roof).
    pub(crate) retest: CardId,
    pub(crate) lost_turns: u8,
    pub(crate) extra_turns: u8,
    pub(crate) stats: HeroStats,
}

impl Hero {
    fn new(def: u8) -> Hero {
        Hero {
            def,
            status: HeroStatus::Board,
            pos: NO_CELL,
            part: 0,
            entry: 4,
            wounds: 0,
            determination: 0,
            held: Held::default(),
            gold_set: ArrayVec::new(),
            runes: Runes::default(),
            row: ArrayVec::new(),
            marker: NO_CELL,
            marker_dir: 0,
            retest: NO_CARD,
            lost_turns: 0,
            extra_turns: 0,
            stats: HeroStats::default(),
        }
    }

    /// Whether the hero still takes turns.
    #[inline]
    pub fn in_game(&self) -> bool {
        matches!(self.status, HeroStatus::Board | HeroStatus::Catacombs)
    }

    #[inline]
    fn on_board(&self) -> bool {
        self.status == HeroStatus::Board
    }
}

/// One board space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Space {
    /// Tile index + 1; 0 = no tile.
    pub tile: u8,
    pub rot: u8,
    pub flags: u8,
    /// What the space shows to movement, derived from the rest and kept by [`Game::touch`]:
    /// the world sides closed (bits 0-3, [`Game::closed`]) and [`LOOK_EXPLORED`]. Why: legal
    /// moves, halls and the bots' path maps ask these of spaces many times a decision, and a
    /// byte read is cheaper than the tile, rotation and wall lookups behind them. Kept here
    /// rather than in an array of its own: the fourth byte makes a space four bytes, so a
    /// `board` access is one scaled address (three bytes took a multiply by three first, and
    /// a space copied was two loads; docs/perf.md).
    pub look: u8,
}
const _: () = assert!(core::mem::size_of::<Space>() == 4);

pub(crate) const F_SEARCHED: u8 = 1;
pub(crate) const F_MARKER: u8 = 2;
pub(crate) const F_MONSTER: u8 = 4;
/// The rotating chamber has turned (edition `third` turns it on the first entry only).
pub(crate) const F_ROTATED: u8 = 8;

/// Decks in one pool: each deck owns a region of `slots`; its draw pile grows up from the
/// start of the region (top = last), its discard pile grows down from the end.
#[derive(Clone, Debug)]
pub(crate) struct Decks {
    slots: [CardId; MAX_CARDS],
    draw: [u16; NUM_DECKS],
    discard: [u16; NUM_DECKS],
    /// The search cards one player has seen and put back on top (Rune of Vision).
    pub(crate) peek: Peek,
}

/// Draw-pile cards whose order one seat knows: the search deck's cards from slot `from` of
/// its draw pile up to the top, put back there in an order `seat` chose (Rune of Vision).
/// Why kept: [`Game::resample`] must leave that order alone for `seat` (he knows it) and
/// shuffle it for everyone else. Cards drawn off the top shrink it; a reshuffle of the deck
/// forgets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Peek {
    /// The seat that knows the order ([`pvp::NO_SEAT`]: nobody).
    pub seat: u8,
    /// The first draw-pile position (from the bottom) whose card he knows.
    pub from: u16,
}

impl Peek {
    /// Nobody knows any draw pile's order.
    pub(crate) const NONE: Peek = Peek { seat: pvp::NO_SEAT, from: 0 };
}

/// A deck slot index masked to the slots: a no-op (deck regions lie within the rules' cards,
/// at most `MAX_CARDS`), which spares the draw and the discard a bounds check each.
#[inline(always)]
pub(crate) fn slot(i: usize) -> usize {
    debug_assert!(i < MAX_CARDS);
    i & (MAX_CARDS - 1)
}
const _: () = assert!(MAX_CARDS.is_power_of_two() && MAX_CARDS <= u16::MAX as usize + 1);

/// The chamber tile stack.
#[derive(Clone, Debug)]
pub(crate) struct TileStack {
    /// A slot per `u8` (the tiles use the first `MAX_TILES`), so that the top (`left`, a
    /// `u8`) is read without a bounds check.
    order: [u8; TILE_SLOTS],
    left: u8,
}

/// How a move is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveMode {
    /// Doors and portcullises are ignored.
    pub ignore_barriers: bool,
    /// The chamber left needs no crossing test (escapes, special moves).
    pub no_leave_test: bool,
    /// A chamber's "move again" rather than the action phase's move.
    pub again: bool,
    /// Special movement (secret door, teleport): in `third` the hero enters as by special
    /// movement (no hall), choosing his side of a split chamber.
    pub special: bool,
}

impl MoveMode {
    pub const NORMAL: MoveMode =
        MoveMode { ignore_barriers: false, no_leave_test: false, again: false, special: false };
    pub const AGAIN: MoveMode = MoveMode { ignore_barriers: true, no_leave_test: false, again: true, special: false };
    /// Edition `third`'s "move again": the 2010 texts (corridor, darkness, web, bridge, tower)
    /// say only "you must immediately move again", without the Revised "ignoring doors and
    /// portcullises", so doors are opened and portcullises lifted as on any move.
    pub const AGAIN_GATED: MoveMode =
        MoveMode { ignore_barriers: false, no_leave_test: false, again: true, special: false };
    pub const SPECIAL: MoveMode = MoveMode { ignore_barriers: true, no_leave_test: true, again: true, special: true };
    pub const SLIP: MoveMode = MoveMode { ignore_barriers: true, no_leave_test: true, again: true, special: false };
}

/// How a hero came into a chamber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// Through the hall on this world side of the new chamber.
    Hall(u8),
    /// Resurfacing from the catacombs.
    Catacombs,
    /// Secret door, teleport, tower jump, respawn.
    Special,
}

/// What happens after a crossing test when leaving a chamber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leave {
    Bridge,
    CaveIn,
    Web,
}

/// A step of the rules waiting to run.
///
/// The turn's end has no step of its own: it is the bottom of the stack. A turn's steps are
/// pushed on an empty stack (a turn starts when the previous one's steps are all done), so
/// the stack runs empty exactly where a turn-end step at its bottom would have been popped,
/// and `run` ends the turn there (see `Game::turn_end_step`). Why: a push, a pop and a
/// dispatch fewer every turn.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    // --- turn structure ---
    StatusOptional,
    StatusMandatory,
    StatusCheck,
    RunesAfter {
        window: crate::dungeonquest::data::RuneWindow,
        card: CardId,
    },
    Action,
    ExitNow,
    // --- movement ---
    Move {
        to: Cell,
        mode: MoveMode,
    },
    AfterLeaveTest {
        to: Cell,
        mode: MoveMode,
        leave: Leave,
    },
    Barriers {
        to: Cell,
        mode: MoveMode,
        stage: u8,
    },
    AfterDoor {
        to: Cell,
        mode: MoveMode,
        stage: u8,
    },
    AfterPortcullis {
        to: Cell,
        mode: MoveMode,
        stage: u8,
    },
    Enter {
        to: Cell,
        from: Cell,
        via: Via,
    },
    PlaceTile {
        to: Cell,
        from: Cell,
        via: Via,
    },
    Resolve,
    Chamber,
    MoveAgain,
    BridgeOffer,
    BridgeDiscard {
        to: Cell,
    },
    BridgeTest {
        to: Cell,
    },
    AfterPit,
    // --- cards ---
    Draw {
        deck: Deck,
        redraw_ok: bool,
    },
    CardBody {
        card: CardId,
    },
    FinishCard {
        card: CardId,
    },
    Ops {
        span: Span,
        card: CardId,
    },
    Branch {
        pass: Span,
        fail: Span,
        card: CardId,
    },
    DiscardTreasure,
    ArrangeSearch,
    DuelRound {
        life: u8,
    },
    AfterDuelTest {
        life: u8,
    },
    // --- tests ---
    TestStart,
    TestRoll,
    TestEnd,
    // --- monsters ---
    Encounter {
        escape: bool,
    },
    SoloEscapeOffer,
    AfterSoloEscape,
    CombatRound,
    EscapeOffer,
    AfterEscape,
    // --- catacombs ---
    EnterCatacombs,
    CatacombDraw,
    ExitCatacombs {
        blocked: bool,
        keep_loot: bool,
    },
    Resurface,
    AfterBribe {
        gold: u32,
        wounds: u8,
    },
    // --- treasure chamber ---
    DragonDraw {
        draws: u8,
    },
    RageHit {
        seat: u8,
    },
    // --- end ---
    Respawn {
        seat: u8,
    },
    EndGame {
        seat: u8,
    },
    EndGameOptional {
        seat: u8,
    },
    Finalize,
    /// Bottom of a single-combat game: the combat is over.
    DuelEnd,
    // --- hero vs. hero ---
    PvpRound,
    PvpRetreat,
    // --- servants of Kalladra ---
    /// Below an attack on a servant's turn: the turn goes back to the servant.
    ServantDone {
        seat: u8,
    },
    /// A step of the 2010 rules (edition `third`).
    Third(third::Step),
}

/// The attribute test in progress.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TestState {
    pub attr: AttrSel,
    pub tag: TestTag,
    pub no_determination: bool,
    /// Added to the roll (bridge: one per loot card).
    pub penalty: u8,
    pub target: u8,
    pub dice: [u8; 2],
    pub rerolled: bool,
    pub pass: bool,
    pub margin: u8,
    /// Determination tokens spent on this roll (taken off its total).
    pub spent: u8,
}

impl TestState {
    /// No test in progress: what a new or restarted game holds.
    const IDLE: TestState = TestState {
        attr: AttrSel::One(crate::dungeonquest::data::Attr::Luck),
        tag: TestTag::Other,
        no_determination: false,
        penalty: 0,
        target: 0,
        dice: [0; 2],
        rerolled: false,
        pass: false,
        margin: 0,
        spent: 0,
    };
}

/// The combat in progress.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CombatState {
    pub card: CardId,
    pub monster_seat: u8,
    pub wounds: u8,
    pub escape: bool,
    pub hero_card: Option<CombatCard>,
    pub rounds: u8,
    /// Live to Fight Another Day: an escape declared, to happen if the next round is won.
    pub declared: bool,
    /// Wounds the monster took in the last round (given back when an escape is declared).
    pub last_dealt: u8,
}

impl CombatState {
    /// No combat in progress: what a new or restarted game holds.
    const IDLE: CombatState = CombatState {
        card: NO_CARD,
        monster_seat: 0,
        wounds: 0,
        escape: true,
        hero_card: None,
        rounds: 0,
        declared: false,
        last_dealt: 0,
    };
}

/// Per-turn flags.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TurnFlags {
    /// Chambers entered this turn (a "move again" cannot re-enter them).
    pub entered: CellSet,
    /// The hero entered a chamber a second time this turn (a corridor's way back, the only
    /// "move again" that may, is then closed for the rest of the turn: see `move_targets`).
    pub reentered: bool,
    pub ignore_barriers: bool,
    /// No escape from any monster this turn (2010: a monster to be attacked on resurfacing).
    pub no_escape: bool,
    /// The chamber a secret door or teleport led to this turn, while the hero stands in it:
    /// a monster met there cannot be escaped (only there: `set_position` clears it when he
    /// stands anywhere else).
    pub no_escape_at: Option<Cell>,
    pub ability_used: bool,
    pub jumped: bool,
    pub in_status: bool,
    pub end_after_status: bool,
    pub door_open: bool,
    pub raged: bool,
    /// The end-of-action rune window is still to come this turn. It stands for a
    /// `RunesAt(EndOfAction)` step directly above the turn's end (which is where
    /// `start_turn` would put one): the turn-end step opens the window first, and whatever
    /// would have dropped that step (a truncated turn, the game's end) clears the flag. Why:
    /// one push, pop and dispatch fewer every turn, for a window that almost never asks.
    pub end_window: bool,
}

/// Entries of [`Space::look`]: one per `Cell` value.
pub(crate) const LOOK_LEN: usize = Cell::MAX as usize + 1;

/// [`Space::look`] bit: the space holds a chamber (tower, treasure chamber or tile).
pub(crate) const LOOK_EXPLORED: u8 = 16;

/// Deck slots before setup: every slot holds its own index, so each deck's region holds its
/// cards in order (a deck's cards are numbered from its region's first slot), ready for the
/// setup shuffle. A new game copies this in one block, a restarted one the slots its rules'
/// cards use; setup used to write each region in turn (eleven loops a game).
static START_SLOTS: [CardId; MAX_CARDS] = {
    let mut t = [0; MAX_CARDS];
    let mut i = 0;
    while i < MAX_CARDS {
        t[i] = i as CardId;
        i += 1;
    }
    t
};

/// The tile stack before setup: tile `i` at position `i` (see [`START_SLOTS`]).
static START_TILES: [u8; TILE_SLOTS] = {
    let mut t = [0; TILE_SLOTS];
    let mut i = 0;
    while i < TILE_SLOTS {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// The empty board: no tiles; each space's `look` the outer wall and the inside of the
/// treasure chamber closed, the printed chambers explored.
static START_BOARD: [Space; LOOK_LEN] = {
    let mut t = [Space { tile: 0, rot: 0, flags: 0, look: 0 }; LOOK_LEN];
    let mut c = 0;
    while c < CELLS {
        t[c].look = crate::dungeonquest::board::FIXED_CLOSED[c]
            | if crate::dungeonquest::board::PRINTED[c] { LOOK_EXPLORED } else { 0 };
        c += 1;
    }
    t
};

/// The answers of a decision that has always the same ones, whatever the state (what
/// [`Game::choices`] lists for it), for [`Game::ask`] to post as they are: the first `.1`
/// entries of `.0`, padded to [`POST_BLOCK`] entries so that [`Game::post_block`] can copy
/// them as one block.
fn fixed_choices(kind: DecisionKind) -> Option<&'static ([Choice; POST_BLOCK], usize)> {
    use DecisionKind as K;
    static YES_NO: ([Choice; POST_BLOCK], usize) = ([Choice::No, Choice::Yes, Choice::No, Choice::No], 2);
    static COMBAT: ([Choice; POST_BLOCK], usize) = (
        [
            Choice::Combat(CombatCard::Magic),
            Choice::Combat(CombatCard::Melee),
            Choice::Combat(CombatCard::Ranged),
            Choice::No,
        ],
        3,
    );
    match kind {
        K::BeforeTest
        | K::MayDraw(_)
        | K::Redraw
        | K::Escape
        | K::SoloEscape
        | K::ExitCatacombs
        | K::LiveToFight
        | K::EscapeOrAttack => Some(&YES_NO),
        K::HeroCombatCard | K::MonsterCombatCard | K::AttackCard | K::DefendCard => Some(&COMBAT),
        _ => None,
    }
}

/// Answer lists up to this long are posted by copying this many slots in one block
/// ([`Game::post_block`]).
const POST_BLOCK: usize = 4;

/// How many board changes [`Game::board_changes`] can report.
pub const BOARD_LOG: usize = 64;

/// The game's chance: its dice and reshuffle streams, and dice a scenario fixed.
#[derive(Clone, Debug)]
pub(crate) struct Chance {
    pub dice: GameRng,
    /// Seeded on first use: most games never draw from it (see [`LazyRng`]).
    pub shuffle: LazyRng,
    /// Random words the setup stream produced (the RNG-floor benchmark counts them).
    pub setup_draws: u32,
    /// Dice a scenario fixed, rolled before the dice stream (first first).
    pub forced: ArrayVec<u8, 32>,
}

impl Chance {
    /// The streams of game `index` of a run with seed `master`, nothing drawn or forced.
    fn new(master: u64, index: u64) -> Chance {
        Chance {
            dice: GameRng::new(master, index, Stream::Dice),
            shuffle: LazyRng::new(master, index, Stream::Shuffle),
            setup_draws: 0,
            forced: ArrayVec::new(),
        }
    }

    /// Back to [`Chance::new`]'s state in place (the forced dice cleared, not rebuilt).
    fn reset(&mut self, master: u64, index: u64) {
        let Chance { dice, shuffle, setup_draws, forced } = self;
        *dice = GameRng::new(master, index, Stream::Dice);
        *shuffle = LazyRng::new(master, index, Stream::Shuffle);
        *setup_draws = 0;
        forced.clear();
    }
}

/// Where the game is in time: the round and the sun track.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Clock {
    pub round: u16,
    pub sun: u8,
    /// The sun has set: heroes still inside are lost.
    pub sunset: bool,
}

/// What lies on the board, and the log of what changed (for the bots' path maps).
#[derive(Clone, Debug)]
pub(crate) struct BoardState {
    /// What lies on each space (and what it shows to movement: [`Space::look`]), one slot
    /// per `Cell` value (256): spaces are read in every step (`tile_at`), and a `Cell` index
    /// needs no bounds check here, [`NO_CELL`] included (the neighbour past the outer wall,
    /// whose own side is closed anyway). Slots from `CELLS` on stay empty, their `look` 0.
    /// Read and written by `Cell` through `Index` (`game.board[c as usize]`).
    spaces: [Space; LOOK_LEN],
    /// Bumped whenever what the board shows changes (tiles placed or turned, monster tokens):
    /// bots key their path caches on it.
    pub epoch: u32,
    /// The space each recent epoch changed, at `epoch % BOARD_LOG`: bots update their maps
    /// cell by cell instead of rebuilding them.
    pub log: [Cell; BOARD_LOG],
}

impl BoardState {
    /// The empty board, no change logged.
    const START: BoardState = BoardState { spaces: START_BOARD, epoch: 0, log: [0; BOARD_LOG] };

    /// Every slot's space, in `Cell` order (slots past `CELLS` empty).
    pub(crate) fn iter(&self) -> core::slice::Iter<'_, Space> {
        self.spaces.iter()
    }
}

impl core::ops::Index<usize> for BoardState {
    type Output = Space;
    #[inline(always)]
    fn index(&self, i: usize) -> &Space {
        &self.spaces[i]
    }
}

impl core::ops::IndexMut<usize> for BoardState {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut Space {
        &mut self.spaces[i]
    }
}

/// Values one step of a rule leaves for a later step of the same rule (a card being
/// resolved, the tiles a rune drew, the bridge's far side, a bribe's terms...): meaningless
/// between turns, kept apart from the lasting state so that it reads as what it is.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    /// Cards being resolved, innermost last.
    pub resolving: ArrayVec<CardId, 16>,
    /// Cards drawn to pick from: search cards to put back in order, or treasure cards of
    /// which `keep` are kept.
    pub cards: ArrayVec<CardId, 8>,
    pub keep: u8,
    /// The two tiles a tile redraw offers to choose from.
    pub tiles: [u8; 2],
    /// A card's roll, for its later effects (`Amount::LastRoll`).
    pub last_roll: u8,
    /// What kills the hero if the step under way does.
    pub cause: DeathCause,
    pub respawn_seat: u8,
    pub bridge_to: Cell,
    pub place_to: Cell,
    pub window: crate::dungeonquest::data::RuneWindow,
    pub window_card: CardId,
    pub bribe: (u8, u16, u8),
    pub duel_attr: crate::dungeonquest::data::Attr,
    pub exit_blocked: bool,
    pub exit_keep_loot: bool,
    pub rage_dice: u8,
}

impl Scratch {
    /// What a new game holds.
    const START: Scratch = Scratch {
        resolving: ArrayVec::new_const(),
        cards: ArrayVec::new_const(),
        keep: 0,
        tiles: [0; 2],
        last_roll: 0,
        cause: DeathCause::Card,
        respawn_seat: 0,
        bridge_to: 0,
        place_to: 0,
        window: crate::dungeonquest::data::RuneWindow::EndOfStatus,
        window_card: NO_CARD,
        bribe: (1, 100, 4),
        duel_attr: crate::dungeonquest::data::Attr::Strength,
        exit_blocked: false,
        exit_keep_loot: true,
        rage_dice: 2,
    };

    /// Back to [`Scratch::START`] in place (the lists cleared, not rebuilt).
    fn reset(&mut self) {
        let Scratch {
            resolving,
            cards,
            keep,
            tiles,
            last_roll,
            cause,
            respawn_seat,
            bridge_to,
            place_to,
            window,
            window_card,
            bribe,
            duel_attr,
            exit_blocked,
            exit_keep_loot,
            rage_dice,
        } = self;
        resolving.clear();
        cards.clear();
        *keep = 0;
        *tiles = [0; 2];
        *last_roll = 0;
        *cause = DeathCause::Card;
        *respawn_seat = 0;
        *bridge_to = 0;
        *place_to = 0;
        *window = crate::dungeonquest::data::RuneWindow::EndOfStatus;
        *window_card = NO_CARD;
        *bribe = (1, 100, 4);
        *duel_attr = crate::dungeonquest::data::Attr::Strength;
        *exit_blocked = false;
        *exit_keep_loot = true;
        *rage_dice = 2;
    }
}

/// Servants of Kalladra: dead heroes' players moving monster tokens.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Servants {
    /// The space of the monster token moved last.
    pub last_token: Cell,
    /// The servant playing the monster in an attack on his turn ([`pvp::NO_SEAT`]: none).
    pub seat: u8,
}

impl Servants {
    const NONE: Servants = Servants { last_token: NO_CELL, seat: pvp::NO_SEAT };
}

/// A game of DungeonQuest in progress: the turn order and the decision under way here, the
/// rest in parts that each hold one concern (heroes, board, piles, chance, clock, the steps'
/// scratch values, the state of optional rules and of the 2010 edition).
#[derive(Clone, Debug)]
pub struct Game<'r> {
    pub(crate) rules: &'r Rules,
    /// `rules.edition`, kept with the rules (which never change for a game). Why: the edition
    /// is asked at every move, chamber and action; here it is one byte compare of `self`.
    pub(crate) edition: Edition,
    pub(crate) variant: Variant,
    pub(crate) seats: u8,
    pub(crate) first: u8,
    pub(crate) active: Seat,
    pub(crate) clock: Clock,
    pub(crate) over: bool,
    /// The game's end is being played out (its steps at the bottom of the stack).
    pub(crate) finishing: bool,
    /// Seats that won, as a bit mask.
    pub(crate) winners: u8,
    /// One slot per seat, `seats` of them in play ([`Game::seated`]); the others hold an
    /// unused starting hero. A fixed array rather than an `ArrayVec` so that
    /// [`Game::cur`], read many times a step, indexes without a length check.
    pub(crate) heroes: [Hero; MAX_SEATS],
    pub(crate) board: BoardState,
    pub(crate) tiles: TileStack,
    pub(crate) decks: Decks,
    pub(crate) tasks: ArrayVec<Task, TASK_CAP>,
    pub(crate) pending: Option<Decision>,
    /// Whether the task loop stops here: a decision is pending or the game is over
    /// (`pending.is_some() || over`), kept so by every write of either. Why: the loop and
    /// every step's last act (`Game::runs_next`) ask it, several times a decision, and one
    /// byte's test is half the two tests it stands for.
    pub(crate) halted: bool,
    /// The legal answers of `pending`, computed once when it was posted (bots read them and
    /// `apply` checks against them). Scenario edits that could change them clear `legal_ok`.
    pub(crate) legal: Choices,
    pub(crate) legal_ok: bool,
    pub(crate) chance: Chance,
    pub(crate) test: TestState,
    pub(crate) combat: CombatState,
    pub(crate) turn: TurnFlags,
    pub(crate) scratch: Scratch,
    /// Optional end-of-game cards already used (each once).
    pub(crate) end_used: ArrayVec<CardId, 8>,
    /// Set in a single-combat game ([`Game::duel`]): the monster's life if fixed by the caller.
    pub(crate) duel: Option<DuelState>,
    /// Hero vs. Hero Combat in progress.
    pub(crate) pvp: pvp::PvpState,
    pub(crate) servants: Servants,
    /// State of the 2010 rules (unused by Revised).
    pub(crate) third: third::ThirdState,
}

impl<'r> Game<'r> {
    /// Sets up a game: game `index` of a run with `master` seed. Runs up to the first decision.
    pub fn new<O: Observer>(
        rules: &'r Rules,
        config: &GameConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<Game<'r>, ConfigError> {
        let mut game = Game::blank(rules);
        game.restart(config, master, index, obs)?;
        Ok(game)
    }

    /// Sets this game up afresh as game `index` of a run with `master` seed (same rules) and
    /// runs up to the first decision: the same state as [`Game::new`] gives, built in place.
    ///
    /// Why: a `Game` is several kilobytes of fixed-size storage; building a new one per game
    /// and moving it out through `Result`s and return values cost a few whole-struct copies
    /// per game (about 8% of a `random` game). Runners that play many games on one thread keep
    /// one `Game` and restart it. On error the game is left as it was.
    pub fn restart<O: Observer>(
        &mut self,
        config: &GameConfig,
        master: u64,
        index: u64,
        obs: &mut O,
    ) -> Result<(), ConfigError> {
        let mut setup = self.prepare(config, master, index)?;
        self.setup(&mut setup, obs);
        self.chance.setup_draws = setup.draws();
        self.run(obs);
        Ok(())
    }

    /// A game with no heroes and nothing dealt: only storage for [`Game::prepare`] to fill.
    fn blank(rules: &'r Rules) -> Game<'r> {
        let (master, index) = (0, 0);
        Game {
            rules,
            edition: rules.edition,
            variant: Variant::default(),
            seats: 0,
            first: 0,
            active: Seat::S0,
            clock: Clock::default(),
            over: false,
            finishing: false,
            winners: 0,
            heroes: core::array::from_fn(|_| Hero::new(0)),
            board: BoardState::START,
            tiles: TileStack { order: START_TILES, left: 0 },
            decks: Decks { slots: START_SLOTS, draw: [0; NUM_DECKS], discard: [0; NUM_DECKS], peek: Peek::NONE },
            tasks: ArrayVec::new(),
            pending: None,
            halted: false,
            legal: Choices::new(),
            legal_ok: false,
            chance: Chance::new(master, index),
            test: TestState::IDLE,
            combat: CombatState::IDLE,
            turn: TurnFlags::default(),
            scratch: Scratch::START,
            end_used: ArrayVec::new(),
            duel: None,
            pvp: pvp::PvpState::NONE,
            servants: Servants::NONE,
            third: third::ThirdState::new(),
        }
    }

    /// Puts the game in the state before setup: every field back to its starting value, the
    /// heroes picked (from the setup stream), nothing shuffled yet. Returns the setup stream
    /// positioned after the hero picks. Checks the configuration first and changes nothing if
    /// it is refused.
    fn prepare(&mut self, config: &GameConfig, master: u64, index: u64) -> Result<GameRng, ConfigError> {
        let rules = self.rules;
        config.check(rules)?;
        let mut setup = GameRng::new(master, index, Stream::Setup);
        let mut taken = [false; 64];
        // How many entries of `taken` are set, kept as they are set rather than counted over
        // all 64 at each random pick.
        let mut n_taken = 0;
        for p in &config.heroes {
            // Checked above: a known hero, taken once.
            if let HeroPick::Fixed(h) = *p {
                taken[h as usize] = true;
                n_taken += 1;
            }
        }
        let mut defs = [0u8; MAX_SEATS];
        for (slot, p) in defs.iter_mut().zip(&config.heroes) {
            *slot = match *p {
                HeroPick::Fixed(h) => h,
                HeroPick::Random => {
                    let free = rules.heroes.len() - n_taken;
                    let mut k = setup.below(free as u32);
                    let mut pick = 0;
                    for (i, t) in taken.iter().enumerate().take(rules.heroes.len()) {
                        if !*t {
                            if k == 0 {
                                pick = i;
                                break;
                            }
                            k -= 1;
                        }
                    }
                    taken[pick] = true;
                    n_taken += 1;
                    pick as u8
                }
            };
        }
        self.reset(config.variant, &defs[..config.heroes.len()], master, index);
        Ok(setup)
    }

    /// Every field but the rules back to its starting value, with heroes `defs`. The pattern
    /// names every field, so a field added to `Game` without a reset here does not compile.
    fn reset(&mut self, variant_in: Variant, defs: &[u8], master: u64, index: u64) {
        let Game {
            rules,
            edition,
            variant,
            seats,
            first,
            active,
            clock,
            over,
            finishing,
            winners,
            heroes,
            board,
            tiles,
            decks,
            tasks,
            pending,
            halted,
            legal,
            legal_ok,
            chance,
            test,
            combat,
            turn,
            scratch,
            end_used,
            duel,
            pvp,
            servants,
            third,
        } = self;
        *edition = rules.edition;
        *variant = variant_in;
        let old_seats = *seats as usize;
        *seats = defs.len() as u8;
        *first = 0;
        *active = Seat::S0;
        *clock = Clock::default();
        *over = false;
        *finishing = false;
        *winners = 0;
        // Slots past the seats in play hold hero 0, as in `blank`: never read, but the state
        // stays exactly that of a new game. Only the slots the last game seated can differ
        // from that (play writes only seats in play), so only those and the new seats are
        // written: a solo game after a solo game rewrites one hero, not four. Why: the four
        // heroes' fields were a good part of the reset, ~25 stores each, at every game start.
        let dirty = old_seats.max(defs.len());
        for (i, h) in heroes.iter_mut().enumerate() {
            if i < dirty {
                *h = Hero::new(defs.get(i).copied().unwrap_or(0));
            }
        }
        *board = BoardState::START;
        // Only the rules' tiles, as for the deck slots below: the stack's slots past them
        // are never written (a tile is only ever put back into the stack it came from, below
        // its old top), so they still hold what `blank` put there.
        let nt = rules.tiles.len();
        tiles.order[..nt].copy_from_slice(&START_TILES[..nt]);
        tiles.left = 0;
        // Only the slots of the rules' cards: the decks' regions cover exactly those (from
        // slot 0, in card order), and the slots past them are never written, so they still
        // hold what `blank` put there. Written in place: building a `Decks` value and moving
        // it in copied all `MAX_CARDS` slots twice (two 1 KiB memcpy calls a game).
        let n = rules.cards.len();
        decks.slots[..n].copy_from_slice(&START_SLOTS[..n]);
        decks.draw = [0; NUM_DECKS];
        decks.discard = [0; NUM_DECKS];
        decks.peek = Peek::NONE;
        tasks.clear();
        *pending = None;
        *halted = false;
        legal.clear();
        *legal_ok = false;
        chance.reset(master, index);
        *test = TestState::IDLE;
        *combat = CombatState::IDLE;
        *turn = TurnFlags::default();
        scratch.reset();
        end_used.clear();
        *duel = None;
        *pvp = pvp::PvpState::NONE;
        *servants = Servants::NONE;
        *third = third::ThirdState::new();
    }

    /// The rules this game is played with.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The optional rules in force.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The decision the game waits for, if any.
    pub fn pending(&self) -> Option<Decision> {
        self.pending
    }

    /// The legal answers to the pending decision (empty when none is pending).
    pub fn legal(&self, out: &mut Choices) {
        out.clear();
        if let Some(d) = self.pending {
            if self.legal_ok {
                out.extend(self.legal.iter().copied());
            } else {
                self.choices(d, out);
            }
        }
    }

    /// The legal answers to the pending decision, without copying them (empty when none is
    /// pending). Bots read this in the hot loop.
    #[inline]
    pub fn legal_choices(&self) -> &Choices {
        debug_assert!(self.pending.is_none() || self.legal_ok, "legal choices read after a scenario edit");
        &self.legal
    }

    /// Answers the pending decision and runs on to the next one (or the end).
    pub fn apply<O: Observer>(&mut self, choice: Choice, obs: &mut O) -> Result<(), IllegalChoice> {
        let Some(d) = self.pending else {
            return Err(IllegalChoice { decision: None, choice });
        };
        // `legal` is up to date whenever a decision is pending, so no refresh is tested for
        // here: `pending` is only ever set by `ask` and `post`, which set `legal_ok` with it;
        // scenario edits refresh the list at once (`refresh_legal`); and only the reset, which
        // clears `pending`, clears `legal_ok`. Why: ~2 instructions an answer.
        debug_assert!(self.legal_ok);
        if !self.is_legal(choice) {
            return Err(IllegalChoice { decision: Some(d), choice });
        }
        // A decision was pending, so the game is not over: the loop may run on.
        debug_assert!(!self.over);
        self.pending = None;
        self.halted = false;
        // `legal` is left as it is: nothing reads it until the next decision is posted (which
        // rewrites it) or the game ends (which clears it: `finish_game`, `duel_end`), the
        // only ways the loop stops. Why: ~3 instructions an answer.
        if O::ENABLED {
            obs.event(Event::Decided { seat: d.seat, kind: d.kind, choice, forced: false });
        }
        self.answer_here(d, choice, obs);
        // `run`'s own first test, made here: a third of the answers already reach the next
        // decision themselves (direct calls, see `runs_next`), and `run` is a large frame to
        // set up and tear down for nothing.
        if self.runs_next() {
            self.run(obs);
        }
        Ok(())
    }

    /// Whether `choice` is among the pending decision's legal answers (`legal`, up to date).
    ///
    /// `legal.contains` with the derived `Choice` equality, which tests the variant and then
    /// jumps by variant to compare the fields, entry by entry. A move (most answers: action,
    /// move again, escape) is tested against the entries as moves directly, a byte compare
    /// per entry: same answer, fewer instructions per decision.
    #[inline]
    fn is_legal(&self, choice: Choice) -> bool {
        match choice {
            Choice::Move(to) => self.legal.iter().any(|&c| matches!(c, Choice::Move(t) if t == to)),
            _ => self.legal.contains(&choice),
        }
    }

    /// Runs tasks until a decision is needed or the game is over.
    pub(crate) fn run<O: Observer>(&mut self, obs: &mut O) {
        while self.runs_next() {
            let n = self.tasks.len();
            if n == 0 {
                // The turn's steps are all done: the bottom of the stack is its end (see `Task`).
                self.stack_ran_empty(obs);
                continue;
            }
            // The task is popped by shortening the stack and read where it lies, so that each
            // step reads only its own fields (a popped copy had every field of the largest
            // task loaded, and spilled, before the dispatch; a plain pop costs 0.9%,
            // docs/perf.md).
            // SAFETY: `n - 1 < n = len`, so every slot up to the new length stays initialised,
            // and `Task` is `Copy` (no drop is skipped or doubled by shortening the stack). The
            // popped task stays in the slot just past the new end, which is what `step` needs.
            unsafe { self.tasks.set_len(n - 1) };
            // SAFETY: the stack was shortened by one just above, nothing in between.
            unsafe { self.step(obs) };
        }
    }

    /// The task stack ran empty in `run`: the turn ends (the bottom of the stack is the turn's
    /// end, see `Task`). Always inlined into `run`, as the turn-end step was.
    ///
    /// A game that is ending, or a single combat, keeps its own step at the bottom of the
    /// stack (the game's end, the combat's), whose handler ends the game, so neither ever
    /// runs its stack empty; should a rule ever let one do so, the game ends rather than
    /// starting a turn.
    #[inline(always)]
    fn stack_ran_empty<O: Observer>(&mut self, obs: &mut O) {
        if self.finishing || self.duel.is_some() {
            debug_assert!(false, "task stack ran empty in a game's end or a single combat");
            self.finish_game(obs);
        } else {
            self.turn_end_step(obs);
        }
    }

    /// Posts a decision, taking it at once when only one answer is legal.
    pub(crate) fn ask<O: Observer>(&mut self, seat: u8, kind: DecisionKind, obs: &mut O) {
        // A decision whose answers never change (a yes or no, a combat card: half the
        // decisions asked this way) is posted with its constant list, without listing the
        // answers into a buffer first. Two or more answers: `ask_with` would only post them.
        if let Some(&(ref fixed, n)) = fixed_choices(kind) {
            debug_assert!({
                let mut legal = Choices::new();
                self.choices(Decision { seat, kind }, &mut legal);
                legal.as_slice() == &fixed[..n]
            });
            self.pending = Some(Decision { seat, kind });
            self.halted = true;
            self.legal_ok = true;
            // SAFETY: `fixed` is an array of `POST_BLOCK` answers, all initialised, the first
            // `n` (at most `POST_BLOCK`) of them the list.
            unsafe { self.post_block(fixed.as_ptr(), n) };
            return;
        }
        let mut legal = Choices::new();
        self.choices(Decision { seat, kind }, &mut legal);
        self.ask_with(seat, kind, &legal, obs);
    }

    /// [`Game::ask`] with the legal answers the caller has just listed (exactly what
    /// `choices` gives for this decision now): steps that look at the answers before asking
    /// (the action phase, rune windows) need not list them twice.
    pub(crate) fn ask_with<O: Observer>(&mut self, seat: u8, kind: DecisionKind, legal: &Choices, obs: &mut O) {
        let d = Decision { seat, kind };
        match legal.len() {
            // A decision with no legal answer is skipped (e.g. a tower with no way on).
            0 => {}
            1 => {
                let c = legal[0];
                if O::ENABLED {
                    obs.event(Event::Decided { seat, kind, choice: c, forced: true });
                }
                self.answer(d, c, obs);
            }
            _ => self.post(d, legal),
        }
    }

    /// Records that what space `c` shows changed (a tile placed or turned, a monster token).
    /// Every change of a space's tile or rotation comes through here, which keeps
    /// [`Space::look`] in step with `board`.
    #[inline]
    pub(crate) fn touch(&mut self, c: Cell) {
        self.board.epoch = self.board.epoch.wrapping_add(1);
        self.board.log[self.board.epoch as usize % BOARD_LOG] = c;
        self.board[c as usize].look = self.look_of(c);
    }

    /// [`Space::look`] of space `c` worked out from the board.
    pub(crate) fn look_of(&self, c: Cell) -> u8 {
        let s = self.board[c as usize];
        let mut v = crate::dungeonquest::board::FIXED_CLOSED[c as usize];
        if s.tile != 0 {
            v |= crate::dungeonquest::board::rotate_mask(self.rules.tile(s.tile - 1).walls, s.rot);
        }
        if s.tile != 0 || crate::dungeonquest::board::PRINTED[c as usize] {
            v |= LOOK_EXPLORED;
        }
        v
    }

    /// Makes `d` the pending decision with its legal answers. Copies only the answers, not a
    /// whole `Choices` (a move copies all 128 slots, which showed up as 5% of a greedy game).
    pub(crate) fn post(&mut self, d: Decision, legal: &Choices) {
        self.pending = Some(d);
        self.halted = true;
        self.legal_ok = true;
        let n = legal.len();
        if n <= POST_BLOCK {
            // SAFETY: `legal`'s buffer has `Choices`' capacity (128) slots, at least
            // `POST_BLOCK` of them, the first `n` initialised (its length).
            unsafe { self.post_block(legal.as_ptr(), n) };
        } else {
            self.post_long(legal);
        }
    }

    /// `post`'s copy of a list longer than `POST_BLOCK`. Out of line: its call to memcpy
    /// gave `post` a frame (three pushes and pops) that the short lists, nine in ten, paid
    /// for nothing.
    #[inline(never)]
    fn post_long(&mut self, legal: &Choices) {
        self.legal.clear();
        // `legal` is a `Choices` too, so it always fits.
        let _ = self.legal.try_extend_from_slice(legal);
    }

    /// Sets `legal` to the `n` answers at `src`, copying `POST_BLOCK` slots as one block
    /// whatever `n` is. Why: most lists are short (an action's few moves, a yes or no, a
    /// rune window), and a copy of a fixed 16 bytes is two instructions where copying the
    /// answers one by one (a capacity test, a store and a length update each) cost some
    /// twenty a decision, and a bulk copy of `n` goes through a call to memcpy.
    ///
    /// # Safety
    ///
    /// `src` must be valid for reads of `POST_BLOCK` slots of `Choice` (initialised or not:
    /// the copy is untyped), of which the first `n` are initialised answers, `n <=
    /// POST_BLOCK`; and it must not point into `self.legal`.
    #[inline(always)]
    unsafe fn post_block(&mut self, src: *const Choice, n: usize) {
        debug_assert!(n <= POST_BLOCK);
        const { assert!(POST_BLOCK <= 128) };
        // SAFETY: the destination is `legal`'s buffer of 128 slots, at least `POST_BLOCK`;
        // the source (the caller's promise) is `POST_BLOCK` readable slots elsewhere, so the
        // two do not overlap. `copy_nonoverlapping` copies bytes without reading them as
        // values, so slots past the first `n` may be uninitialised. After it the first `n`
        // slots of `legal` hold initialised answers, which is what `set_len(n)` (n at most
        // the capacity) needs; the slots past `n` are not part of the list.
        unsafe {
            core::ptr::copy_nonoverlapping(src, self.legal.as_mut_ptr(), POST_BLOCK);
            self.legal.set_len(n);
        }
    }

    /// Recomputes the pending decision's legal answers (after a scenario edit).
    pub(crate) fn refresh_legal(&mut self) {
        let mut legal = Choices::new();
        if let Some(d) = self.pending {
            self.choices(d, &mut legal);
        }
        self.legal.clear();
        let _ = self.legal.try_extend_from_slice(&legal);
        self.legal_ok = true;
    }

    /// Whether the task loop would run a task pushed now at once: no decision pending and the
    /// game goes on. A step whose last act is to push a task may run that task's handler
    /// directly instead when this holds (only steps called from [`Game::step`], as their
    /// last act, so nothing else is pushed on top of it on the way back to the loop). Why:
    /// a push and a pop with their dispatch cost as much as many steps themselves, and every
    /// move runs a chain of them.
    #[inline]
    pub(crate) fn runs_next(&self) -> bool {
        debug_assert_eq!(self.halted, self.pending.is_some() || self.over);
        !self.halted
    }

    #[inline]
    pub(crate) fn push(&mut self, t: Task) {
        // The stack is sized for the deepest rule chain; overflowing it would be an engine bug.
        if self.tasks.try_push(t).is_err() {
            debug_assert!(false, "task stack overflow");
        }
    }

    /// Runs the step just popped off the task stack, reading the task where it lies: the
    /// slot just past the stack's end (see `run`). Its fields are copied out as the match
    /// binds them, before the handler runs and may push over the slot.
    ///
    /// # Safety
    ///
    /// The stack must have been shortened by one (`set_len`) right before the call, so that
    /// the slot at its length holds the popped task, initialised.
    #[inline(always)]
    unsafe fn step<O: Observer>(&mut self, obs: &mut O) {
        // SAFETY: the slot at `len` is within the buffer (the stack held one more) and holds
        // the popped task (the caller's promise). The pointer comes from this `&mut self`,
        // and the reference is used only by the match below, which copies the arm's fields
        // out before the handler borrows `self` again; nothing writes the slot before that.
        let t: &Task = unsafe { &*self.tasks.as_ptr().add(self.tasks.len()) };
        match *t {
            Task::StatusOptional => self.status_optional(obs),
            Task::StatusMandatory => self.status_mandatory(obs),
            Task::StatusCheck => self.status_end(obs),
            Task::RunesAfter { window, card } => self.offer_runes(window, card, obs),
            Task::Action => self.action(obs),
            Task::ExitNow => self.exit_dungeon(obs),
            Task::Move { to, mode } => self.start_move(to, mode, obs),
            Task::AfterLeaveTest { to, mode, leave } => self.after_leave_test(to, mode, leave, obs),
            Task::Barriers { to, mode, stage } => self.barriers(to, mode, stage, obs),
            Task::AfterDoor { to, mode, stage } => self.after_door(to, mode, stage, obs),
            Task::AfterPortcullis { to, mode, stage } => self.after_portcullis(to, mode, stage, obs),
            Task::Enter { to, from, via } => self.enter(to, from, via, obs),
            Task::PlaceTile { to, from, via } => self.place_drawn_tile(to, from, via, obs),
            Task::Resolve => self.resolve(obs),
            Task::Chamber => self.chamber(obs),
            Task::MoveAgain => self.move_again(obs),
            Task::BridgeOffer => self.ask(self.active.get(), DecisionKind::Bridge, obs),
            Task::BridgeDiscard { to } => self.bridge_discard(to, obs),
            Task::BridgeTest { to } => self.bridge_test(to, obs),
            Task::AfterPit => self.after_pit(obs),
            Task::Draw { deck, redraw_ok } => self.draw_and_resolve(deck, redraw_ok, obs),
            Task::CardBody { card } => self.card_body(card, obs),
            Task::FinishCard { card } => self.finish_card(card, obs),
            Task::Ops { span, card } => self.ops(span, card, obs),
            Task::Branch { pass, fail, card } => {
                let s = if self.test.pass { pass } else { fail };
                // The branch step's only act: see `Game::runs_next`.
                if self.runs_next() {
                    self.ops(s, card, obs);
                } else {
                    self.push(Task::Ops { span: s, card });
                }
            }
            Task::DiscardTreasure => self.discard_treasure_step(obs),
            Task::ArrangeSearch => self.arrange_search_step(obs),
            Task::DuelRound { life } => self.duel_round(life, obs),
            Task::AfterDuelTest { life } => self.after_duel_test(life, obs),
            Task::TestStart => self.test_start(obs),
            Task::TestRoll => self.test_roll(obs),
            Task::TestEnd => self.finish_test(self.test.pass, obs),
            Task::Encounter { escape } => self.encounter(escape, obs),
            Task::SoloEscapeOffer => self.solo_escape_offer(obs),
            Task::AfterSoloEscape => self.after_solo_escape(obs),
            Task::CombatRound => self.combat_round(obs),
            Task::EscapeOffer => self.escape_offer(obs),
            Task::AfterEscape => self.after_escape(obs),
            Task::EnterCatacombs => self.ask(self.active.get(), DecisionKind::TravelDirection, obs),
            Task::CatacombDraw => self.catacomb_draw(obs),
            Task::ExitCatacombs { blocked, keep_loot } => self.exit_catacombs(blocked, keep_loot, obs),
            Task::Resurface => self.resurface(obs),
            Task::AfterBribe { gold, wounds } => self.after_bribe(gold, wounds, obs),
            Task::DragonDraw { draws } => self.dragon_draw(draws, obs),
            Task::RageHit { seat } => self.rage_hit(seat, obs),
            Task::Respawn { seat } => self.respawn_offer(seat, obs),
            Task::EndGame { seat } => self.end_game_for(seat, obs),
            Task::EndGameOptional { seat } => self.end_game_optional(seat, obs),
            Task::Finalize => self.finalize(obs),
            Task::DuelEnd => self.duel_end(obs),
            Task::PvpRound => self.pvp_round(obs),
            Task::PvpRetreat => self.pvp_retreat(obs),
            Task::ServantDone { seat } => self.servant_done(seat),
            Task::Third(s) => self.third_step(s, obs),
        }
    }

    /// The legal answers of a decision.
    fn choices(&self, d: Decision, out: &mut Choices) {
        use DecisionKind as K;
        match d.kind {
            K::Action => self.action_choices(out),
            K::MoveAgain => self.move_again_choices(out),
            K::Tower => self.tower_choices(out),
            K::Bridge => {
                if self.bridge_far_target().is_some() {
                    out.push(Choice::Cross);
                }
                out.push(Choice::EndTurn);
            }
            K::BridgeDiscard => {
                out.push(Choice::Done);
                for &c in &self.cur().held {
                    if self.rules.card(c).loot && out.len() < out.capacity() {
                        out.push(Choice::Card(c));
                    }
                }
            }
            K::BeforeTest
            | K::MayDraw(_)
            | K::Redraw
            | K::Escape
            | K::SoloEscape
            | K::ExitCatacombs
            | K::LiveToFight
            | K::EscapeOrAttack => {
                out.push(Choice::No);
                out.push(Choice::Yes);
            }
            K::TestFailed => self.test_failed_choices(out),
            K::RageReroll => {
                out.push(Choice::Done);
                out.extend([Choice::Reroll(0), Choice::Reroll(1), Choice::Reroll(2)]);
            }
            K::Rune => self.rune_choices(out),
            K::StatusItems => {
                out.push(Choice::Done);
                self.status_item_choices(out);
            }
            K::EndGameItems => {
                out.push(Choice::Done);
                for &c in &self.cur().held {
                    if !self.rules.card(c).on_end_optional.is_empty()
                        && !self.end_used.contains(&c)
                        && out.len() < out.capacity()
                    {
                        out.push(Choice::Card(c));
                    }
                }
            }
            K::HeroCombatCard | K::MonsterCombatCard | K::AttackCard | K::DefendCard => {
                // Pushed one by one: cheaper than `extend` from an array (every combat round).
                out.push(Choice::Combat(CombatCard::Magic));
                out.push(Choice::Combat(CombatCard::Melee));
                out.push(Choice::Combat(CombatCard::Ranged));
            }
            K::EscapeTo => self.escape_targets(out),
            K::TravelDirection | K::TileOrientation => {
                out.extend(crate::dungeonquest::board::Dir::ALL.map(Choice::Dir));
            }
            K::TurnDirection => out.extend([Choice::Turn(false), Choice::Turn(true)]),
            K::ChooseSide => self.side_choices(out),
            K::SecretDoor => {
                out.push(Choice::No);
                self.special_targets(out);
            }
            K::Teleport => self.special_targets(out),
            K::DiscardLoot | K::Bribe => {
                if d.kind == K::Bribe {
                    out.push(Choice::No);
                }
                for &c in &self.cur().held {
                    if self.rules.card(c).loot && out.len() < out.capacity() {
                        out.push(Choice::Card(c));
                    }
                }
            }
            K::DiscardTreasure | K::ArrangeSearch => out.extend(self.scratch.cards.iter().map(|&c| Choice::Card(c))),
            K::ChooseTile => out.extend(self.scratch.tiles.map(Choice::Tile)),
            K::TakeLoot => self.take_loot_choices(out),
            K::Retreat => self.retreat_choices(out),
            K::ServantMove => self.servant_choices(out),
            K::CombatPlay => self.third_play_choices(out),
            K::Counterattack => self.third_counter_choices(out),
            K::RageRetreat => self.retreat_targets(d.seat, out),
            K::RespawnTower => {
                let free: ArrayVec<Cell, 4> = TOWERS.into_iter().filter(|&t| !self.occupied(t, u8::MAX)).collect();
                if free.is_empty() {
                    out.extend(TOWERS.map(Choice::Move));
                } else {
                    out.extend(free.into_iter().map(Choice::Move));
                }
            }
        }
    }

    /// Applies an answer already checked to be legal.
    fn answer<O: Observer>(&mut self, d: Decision, c: Choice, obs: &mut O) {
        self.answer_here(d, c, obs);
    }

    /// [`Game::answer`] inlined into its caller: `apply`, once per decision, where the call
    /// (the answer passed as four bytes and put back together, a large frame) cost more than
    /// most answers themselves.
    #[inline(always)]
    fn answer_here<O: Observer>(&mut self, d: Decision, c: Choice, obs: &mut O) {
        use DecisionKind as K;
        match d.kind {
            K::Action => self.answer_action(c, obs),
            K::MoveAgain => {
                if let Choice::Move(to) = c {
                    // An answer is the last act before the loop runs on: see `runs_next`.
                    let mode = self.again_mode();
                    if self.runs_next() {
                        self.start_move(to, mode, obs);
                    } else {
                        self.push(Task::Move { to, mode });
                    }
                }
            }
            K::Tower => self.answer_tower(c),
            K::Bridge => {
                // Answers are tested with `matches!` here and in the answer handlers: `==` on
                // `Choice` went through an out-of-line call to the derived equality.
                if matches!(c, Choice::Cross) {
                    if let Some(to) = self.bridge_far_target() {
                        self.push(Task::BridgeDiscard { to });
                    }
                } else {
                    self.end_turn_now(obs);
                }
            }
            K::BridgeDiscard => self.answer_bridge_discard(c, obs),
            K::BeforeTest => self.answer_before_test(c, obs),
            K::TestFailed => self.answer_test_failed(c, obs),
            K::RageReroll => self.answer_rage_reroll(d.seat, c, obs),
            K::MayDraw(deck) => {
                if matches!(c, Choice::Yes) {
                    // The answer's last act, as for a move again.
                    if self.runs_next() {
                        self.draw_and_resolve(deck, true, obs);
                    } else {
                        self.push(Task::Draw { deck, redraw_ok: true });
                    }
                }
            }
            K::Redraw => self.answer_redraw(c, obs),
            K::Rune => {
                if let Choice::Card(r) = c {
                    self.use_rune(r, obs);
                } else {
                    // No rune: most windows asked are the end-of-status one, the action waiting
                    // under them. (A rune used pushes its effect above whatever waits.)
                    self.action_on_top(obs);
                }
            }
            K::StatusItems => self.answer_status_item(c, obs),
            K::EndGameItems => {
                if let Choice::Card(card) = c {
                    let span = self.rules.card(card).on_end_optional;
                    self.push(Task::EndGameOptional { seat: self.active.get() });
                    self.push(Task::Ops { span, card });
                    self.mark_end_used(card);
                }
            }
            K::HeroCombatCard => {
                if let Choice::Combat(cc) = c {
                    self.combat.hero_card = Some(cc);
                    // An answer is the last act before the loop runs on: see `runs_next`.
                    if self.runs_next() {
                        self.combat_round(obs);
                    } else {
                        self.push(Task::CombatRound);
                    }
                }
            }
            K::MonsterCombatCard => {
                if let Choice::Combat(cc) = c {
                    self.resolve_combat_round(cc, obs);
                }
            }
            K::Escape => {
                if matches!(c, Choice::Yes) {
                    self.push(Task::AfterEscape);
                    self.begin_test(
                        AttrSel::One(crate::dungeonquest::data::Attr::Agility),
                        TestTag::Escape,
                        false,
                        0,
                        obs,
                    );
                } else if self.runs_next() {
                    // An answer is the last act before the loop runs on: see `runs_next`.
                    self.combat_round(obs);
                } else {
                    self.push(Task::CombatRound);
                }
            }
            K::SoloEscape => {
                if matches!(c, Choice::Yes) {
                    self.push(Task::AfterSoloEscape);
                    self.begin_test(
                        AttrSel::One(crate::dungeonquest::data::Attr::Agility),
                        TestTag::Escape,
                        false,
                        0,
                        obs,
                    );
                } else {
                    self.fight_solo(obs);
                }
            }
            K::EscapeTo => self.answer_escape_to(c, obs),
            K::TravelDirection => self.answer_travel(c, obs),
            K::ExitCatacombs => {
                if matches!(c, Choice::Yes) {
                    self.push(Task::ExitCatacombs { blocked: false, keep_loot: true });
                }
            }
            K::TurnDirection => self.answer_turn(c, obs),
            K::TileOrientation => self.answer_orientation(c, obs),
            K::ChooseSide => self.answer_side(c),
            K::SecretDoor | K::Teleport => {
                if let Choice::Move(to) = c {
                    // "A monster met there cannot be escaped": the chamber reached only.
                    self.turn.no_escape_at = Some(if crate::dungeonquest::board::is_treasure(to) {
                        crate::dungeonquest::board::TREASURE[0]
                    } else {
                        to
                    });
                    self.push(Task::Move { to, mode: MoveMode::SPECIAL });
                }
            }
            K::DiscardLoot => {
                if let Choice::Card(card) = c {
                    self.discard_held(self.active.get(), card, obs);
                }
            }
            K::Bribe => self.answer_bribe(c, obs),
            K::DiscardTreasure => self.answer_discard_treasure(c, obs),
            K::ArrangeSearch => self.answer_arrange(c),
            K::ChooseTile => self.answer_choose_tile(c, obs),
            K::RespawnTower => self.answer_respawn(d.seat, c, obs),
            K::LiveToFight if self.edition == Edition::Third => self.third_answer_live_to_fight(c),
            K::LiveToFight => self.answer_live_to_fight(c),
            K::AttackCard => self.answer_attack_card(c),
            K::DefendCard => self.answer_defend_card(c, obs),
            K::TakeLoot => self.answer_take_loot(d.seat, c),
            K::Retreat => self.answer_retreat(c, obs),
            K::ServantMove => self.answer_servant(c, obs),
            K::EscapeOrAttack => self.answer_escape_or_attack(c, obs),
            K::CombatPlay => self.answer_combat_play(c, obs),
            K::Counterattack => self.answer_counterattack(c, obs),
            K::RageRetreat => self.answer_rage_retreat(d.seat, c, obs),
        }
    }

    // --- small shared helpers ---

    /// The heroes of the seats in play.
    #[inline]
    pub(crate) fn seated(&self) -> &[Hero] {
        &self.heroes[..self.seats as usize]
    }

    /// The active hero. `active` is a [`Seat`], below `MAX_SEATS` by its type, so the
    /// access needs neither a bounds check (about 2% of a random-bot game went to the check
    /// once) nor the mask that replaced it.
    #[inline]
    pub(crate) fn cur(&self) -> &Hero {
        &self.heroes[self.active as usize]
    }

    #[inline]
    pub(crate) fn cur_mut(&mut self) -> &mut Hero {
        &mut self.heroes[self.active as usize]
    }

    /// The printed attribute value of the active hero for a test. Inlined, as are
    /// `defender_at`, `monster_dead` and `answer_status_item`: small, asked at every test, move,
    /// combat round or status-item decision, where the call cost more than a copy of the code.
    #[inline]
    pub(crate) fn attr_value(&self, seat: u8, a: AttrSel) -> u8 {
        let h = self.rules.hero(self.heroes[seat as usize & (MAX_SEATS - 1)].def);
        match a {
            AttrSel::One(x) => h.attrs[crate::dungeonquest::rules::attr_index(x)],
            AttrSel::LowerOf(x, y) => h.attrs[crate::dungeonquest::rules::attr_index(x)]
                .min(h.attrs[crate::dungeonquest::rules::attr_index(y)]),
        }
    }

    /// Abilities of a seat's hero, none under the `no-abilities` rule.
    pub(crate) fn abilities(&self, seat: u8) -> crate::dungeonquest::rules::Abilities {
        if self.variant.no_abilities {
            crate::dungeonquest::rules::Abilities::default()
        } else {
            self.rules.hero(self.heroes[seat as usize & (MAX_SEATS - 1)].def).abilities
        }
    }

    /// A d6 (or a forced value from a stacked test).
    #[inline]
    pub(crate) fn d6<O: Observer>(&mut self, obs: &mut O) -> u8 {
        let v = if self.chance.forced.is_empty() { self.chance.dice.d6() } else { self.forced_die() };
        if O::ENABLED {
            obs.event(Event::Dice { seat: self.active.get(), dice: [v, 0, 0], count: 1 });
        }
        v
    }

    /// The next of the dice a test stacked (see `forced_dice`). Out of line and cold: the
    /// shifting remove made `d6`, a die of the dice stream at every combat round and test, a
    /// function with a frame of its own.
    #[cold]
    #[inline(never)]
    fn forced_die(&mut self) -> u8 {
        self.chance.forced.remove(0)
    }

    /// The sum of `n` dice.
    pub(crate) fn roll<O: Observer>(&mut self, n: u8, obs: &mut O) -> u8 {
        (0..n).map(|_| self.d6(obs)).sum()
    }

    /// Uniform in `0..n` from the dice stream (random choices the rules make by die).
    pub(crate) fn pick(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        if self.chance.forced.is_empty() {
            self.chance.dice.below(n as u32) as usize
        } else {
            (self.chance.forced.remove(0) as usize).saturating_sub(1) % n
        }
    }

    /// Whether another hero on the board stands on `c` (the treasure chamber never counts).
    pub(crate) fn occupied(&self, c: Cell, except: u8) -> bool {
        if crate::dungeonquest::board::is_treasure(c) {
            return false;
        }
        self.seated().iter().enumerate().any(|(i, h)| i as u8 != except && h.on_board() && h.pos == c)
    }

    /// Gold of a hero's loot as it would be counted now (the score). Not part of what a player
    /// sees of others under Cloak and Dagger: policies use [`Game::gold_seen`].
    pub fn gold(&self, seat: u8) -> u32 {
        let h = &self.heroes[seat as usize];
        h.held.iter().map(|&c| self.card_gold(h, c)).sum()
    }

    fn card_gold(&self, h: &Hero, c: CardId) -> u32 {
        let def = self.rules.card(c);
        if !def.loot {
            return 0;
        }
        if let Some(&(_, g)) = h.gold_set.iter().find(|(k, _)| *k == c) {
            return g;
        }
        if let Some((partner, g)) = def.pair_gold {
            if h.held.iter().any(|&o| o != c && self.rules.card(o).name_id == partner) {
                return g;
            }
        }
        def.gold
    }

    /// Number of loot cards in a hero's play area.
    pub(crate) fn loot_count(&self, seat: u8) -> u8 {
        self.heroes[seat as usize].held.iter().filter(|&&c| self.rules.card(c).loot).count() as u8
    }

    /// Number of treasure cards in a hero's play area.
    pub(crate) fn treasure_count(&self, seat: u8) -> u8 {
        self.heroes[seat as usize].held.iter().filter(|&&c| self.rules.card(c).deck == Deck::Treasure).count() as u8
    }
}

#[cfg(test)]
mod edition_tests {
    use super::{Game, GameConfig};
    use crate::dungeonquest::edition::{CombatSystem, Edition};
    use crate::dungeonquest::observer::NoObserver;
    use crate::dungeonquest::rules::Rules;
    use crate::dungeonquest::variant::Variant;

    /// The kept `edition` is the rules' edition, for both editions, after a new game and after
    /// a restart; the embedded data name their editions and combats.
    #[test]
    fn the_kept_edition_is_the_rules_edition() {
        for (rules, edition, combat) in [
            (Rules::revised(), Edition::Revised, CombatSystem::ResultsMatrix),
            (Rules::third(), Edition::Third, CombatSystem::Cards),
        ] {
            assert_eq!((rules.edition, rules.combat), (edition, combat));
            assert_eq!(rules.card_combat.is_some(), combat == CombatSystem::Cards);
            let cfg = GameConfig::random(2, Variant::default());
            let mut g = Game::new(&rules, &cfg, 3, 0, &mut NoObserver).unwrap();
            assert_eq!(g.edition, edition);
            g.restart(&cfg, 3, 1, &mut NoObserver).unwrap();
            assert_eq!(g.edition, edition);
        }
    }
}

#[cfg(test)]
mod seat_tests {
    use super::{Seat, MAX_SEATS};

    /// A seat kept as a `Seat` reads back as the number it was made from, for every seat.
    #[test]
    fn seat_round_trips() {
        for s in 0..MAX_SEATS as u8 {
            assert_eq!(Seat::of(s).get(), s);
            assert_eq!(Seat::of(s) as usize, s as usize);
        }
    }
}

#[cfg(test)]
mod halted_tests {
    use super::{Game, GameConfig};
    use crate::dungeonquest::decision::Choices;
    use crate::dungeonquest::observer::NoObserver;
    use crate::dungeonquest::rules::Rules;

    /// `halted` against what it stands for (`pending.is_some() || over`) after every game
    /// start and every answer, in games of one to four heroes under every optional rule
    /// alone and both editions, answers picked at random from the legal ones.
    #[test]
    fn halted_is_a_pending_decision_or_the_end() {
        let check = |g: &Game| assert_eq!(g.halted, g.pending.is_some() || g.over, "round {}", g.clock.round);
        for rules in [Rules::revised(), Rules::third()] {
            let variants = crate::dungeonquest::variant::none_then_each_rule_alone();
            let mut pick: u64 = 0x9E37_79B9;
            let (mut games, mut answers) = (0, 0);
            for (k, variant) in variants.into_iter().enumerate() {
                for seats in 1..=4 {
                    let Ok(mut g) =
                        Game::new(&rules, &GameConfig::random(seats, variant), 7, k as u64, &mut NoObserver)
                    else {
                        continue;
                    };
                    check(&g);
                    games += 1;
                    let mut legal = Choices::new();
                    for _ in 0..5_000 {
                        if g.is_over() {
                            break;
                        }
                        g.legal(&mut legal);
                        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        let c = legal[(pick >> 33) as usize % legal.len()];
                        g.apply(c, &mut NoObserver).unwrap();
                        answers += 1;
                        check(&g);
                    }
                }
            }
            assert!(games >= 40 && answers >= 1_000, "{games} games, {answers} answers");
        }
    }

    /// What `apply` counts on instead of testing or clearing the list itself: while a
    /// decision is pending its posted answers are up to date (`legal_ok`, and the same as
    /// listing them afresh with `choices`), and once the game is over there are none. Games of
    /// one to four heroes under every optional rule alone and both editions, answers at
    /// random.
    #[test]
    fn legal_is_fresh_while_pending_and_empty_at_the_end() {
        for rules in [Rules::revised(), Rules::third()] {
            let mut pick: u64 = 0x2545_F491;
            let (mut games, mut answers) = (0, 0);
            for (k, variant) in crate::dungeonquest::variant::none_then_each_rule_alone().into_iter().enumerate() {
                for seats in 1..=4 {
                    let Ok(mut g) =
                        Game::new(&rules, &GameConfig::random(seats, variant), 9, k as u64, &mut NoObserver)
                    else {
                        continue;
                    };
                    games += 1;
                    for _ in 0..5_000 {
                        let Some(d) = g.pending else { break };
                        assert!(g.legal_ok);
                        let mut fresh = Choices::new();
                        g.choices(d, &mut fresh);
                        assert_eq!(g.legal_choices().as_slice(), fresh.as_slice(), "{d:?}");
                        let legal = g.legal_choices();
                        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        let c = legal[(pick >> 33) as usize % legal.len()];
                        g.apply(c, &mut NoObserver).unwrap();
                        answers += 1;
                    }
                    if g.is_over() {
                        assert!(g.legal_choices().is_empty());
                    }
                }
            }
            assert!(games >= 40 && answers >= 1_000, "{games} games, {answers} answers");
        }
    }
}
