//! Validated, compact rules built once from the data files.
//!
//! [`Rules::load`] parses the five files of an edition, checks every value, and compiles card
//! texts into one flat array of [`Op`]s addressed by [`Span`]s, so the game loop works with ids
//! and small `Copy` values only. The engine does no IO: callers pass file names and contents
//! (the `dq` binary reads them from disk; [`Rules::revised`] uses copies embedded at build time).

use crate::dungeonquest::data::{
    self, Ability, Amount, AttrSel, CombatCard, DeckName, Effect, HealAmount, Passive, RuneWindow, Side, TestTag,
    TileKind, When,
};
use crate::dungeonquest::edition::{CombatSystem, Edition};
use std::fmt;

/// Most physical cards over all decks.
pub const MAX_CARDS: usize = 512;
/// Most cards one hero can hold in his play area (loot and kept cards).
pub const HELD_CAP: usize = 96;
/// Most catacomb cards (a hero's row can hold at most the whole deck).
pub const ROW_CAP: usize = 64;
/// Most chamber tiles.
pub const MAX_TILES: usize = 250;
/// Deepest nesting of effects inside effects.
const MAX_EFFECT_DEPTH: usize = 6;

/// Deck ids in a fixed order; the engine refers to decks by role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[repr(u8)]
pub enum Deck {
    Dungeon = 0,
    Search,
    Door,
    Trap,
    Crypt,
    Corpse,
    Catacomb,
    Dragon,
    Treasure,
    Rune,
    Monster,
}

/// Number of decks.
pub const NUM_DECKS: usize = 11;

impl Deck {
    /// All decks in id order.
    pub const ALL: [Deck; NUM_DECKS] = [
        Deck::Dungeon,
        Deck::Search,
        Deck::Door,
        Deck::Trap,
        Deck::Crypt,
        Deck::Corpse,
        Deck::Catacomb,
        Deck::Dragon,
        Deck::Treasure,
        Deck::Rune,
        Deck::Monster,
    ];

    /// The data-file name of the deck.
    pub const fn name(self) -> &'static str {
        match self {
            Deck::Dungeon => "dungeon",
            Deck::Search => "search",
            Deck::Door => "door",
            Deck::Trap => "trap",
            Deck::Crypt => "crypt",
            Deck::Corpse => "corpse",
            Deck::Catacomb => "catacomb",
            Deck::Dragon => "dragon",
            Deck::Treasure => "treasure",
            Deck::Rune => "rune",
            Deck::Monster => "monster",
        }
    }

    fn from_data(d: DeckName) -> Deck {
        match d {
            DeckName::Dungeon => Deck::Dungeon,
            DeckName::Search => Deck::Search,
            DeckName::Door => Deck::Door,
            DeckName::Trap => Deck::Trap,
            DeckName::Crypt => Deck::Crypt,
            DeckName::Corpse => Deck::Corpse,
            DeckName::Catacomb => Deck::Catacomb,
            DeckName::Dragon => Deck::Dragon,
            DeckName::Treasure => Deck::Treasure,
            DeckName::Rune => Deck::Rune,
            DeckName::Monster => Deck::Monster,
        }
    }
}

/// A physical card: index into [`Rules::cards`].
pub type CardId = u16;

/// A run of ops in [`Rules::ops`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: u16,
    pub len: u16,
}

impl Span {
    /// The empty span.
    pub const EMPTY: Span = Span { start: 0, len: 0 };

    /// Whether it holds no op.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The span without its first op.
    #[inline]
    pub fn rest(self) -> Span {
        Span { start: self.start + 1, len: self.len - 1 }
    }
}

/// A compiled effect: [`data::Effect`] with nested lists replaced by spans.
///
/// Aligned to sixteen bytes, which makes it sixteen (twelve without): the effects of every
/// card drawn are read from the list of ops by index, and an index times sixteen is one
/// shift where twelve took two address computations (docs/perf.md).
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(missing_docs)]
#[repr(align(16))]
pub enum Op {
    Wounds(Amount),
    Heal(HealAmount),
    Die,
    EndTurn,
    Proceed,
    LoseTurns(Amount),
    ExtraTurns(u8),
    Loot,
    Keep,
    DiscardThis,
    MayDraw(Deck),
    Draw(Deck),
    DrawTreasure {
        draw: u8,
        keep: u8,
    },
    /// `kind`: monster kind index, or [`ANY_KIND`] for a random one.
    Monster {
        escape: bool,
        kind: u8,
    },
    CatacombEntrance,
    EnterCatacombs,
    RotateTile(u8),
    RotateAll {
        kind: TileKind,
        quarter_turns: u8,
    },
    SecretDoor,
    Test {
        attr: AttrSel,
        tag: TestTag,
        no_determination: bool,
        pass: Span,
        fail: Span,
    },
    Roll {
        dice: u8,
        cases: Span,
    },
    Case {
        lo: u8,
        hi: u8,
        then: Span,
    },
    Shuffle,
    MayExitCatacombs,
    RetestNextTurn,
    Bribe {
        dice: u8,
        times: u16,
        wounds: u8,
    },
    BlockedWay {
        keep_loot: bool,
    },
    MonsterVolley(u8),
    DiscardLoot,
    DiscardRandomOtherLoot,
    GoldFromRoll(u16),
    Duel {
        life_dice: u8,
        attr: data::Attr,
    },
    DragonRage {
        dice: u8,
    },
    ExitDungeon,
    CancelCard,
    RemoveSearchTokens,
    ReshuffleDragon,
    RedrawTile,
    PassTest,
    ClearDetermination,
    IgnoreBarriers,
    ArrangeSearch(u8),
    Teleport,
}

/// [`Op::Monster`] without a named kind.
pub const ANY_KIND: u8 = u8::MAX;

/// Monster values of a monster card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonsterDef {
    /// Index into [`Rules::monster_kinds`].
    pub kind: u8,
    pub life: u8,
    pub escape_penalty: u8,
}

/// A rune's use window and effect.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RuneDef {
    pub window: RuneWindow,
    /// For `AfterDraw`: bit per [`Deck`].
    pub decks: u16,
    pub effect: Span,
}

/// One physical card.
///
/// Aligned to 128 bytes, which makes it 128 (96 without): a card's definition is looked up
/// by its id many times a draw, and an id times 128 is one shift where 96 took two address
/// computations (docs/perf.md).
#[derive(Clone, Debug)]
#[repr(align(128))]
pub struct CardDef {
    pub name: String,
    /// Same for every card with the same name (for "while you hold X").
    pub name_id: u16,
    pub deck: Deck,
    pub gold: u32,
    pub effect: Span,
    /// Kept as loot (the effect holds `Loot`), or a treasure card.
    pub loot: bool,
    pub ambush: bool,
    pub monster: Option<MonsterDef>,
    pub rune: Option<RuneDef>,
    pub on_status: Span,
    pub on_status_optional: Span,
    pub on_status_catacombs: Span,
    pub on_status_treasure: Span,
    pub on_end: Span,
    pub on_end_optional: Span,
    /// Bit per [`TestTag`] this card passes automatically when discarded.
    pub autopass: u16,
    pub double_dragon: bool,
    /// (name id of the partner card, gold while both are held).
    pub pair_gold: Option<(u16, u32)>,
    pub discard_on_catacombs: bool,
    pub discard_on_exit: bool,
    /// Whether the line was marked estimated.
    pub estimated: bool,
    /// Which status-phase effects the card has, as `STATUS_*` bits: one byte for the checks
    /// every turn start makes over the play area (the spans are three separate loads).
    pub status: u8,
}

/// [`CardDef::status`]: `on_status_optional` is not empty.
pub const STATUS_OPTIONAL: u8 = 1;
/// [`CardDef::status`]: `on_status` is not empty.
pub const STATUS_MANDATORY: u8 = 2;
/// [`CardDef::status`]: `on_status_treasure` is not empty.
pub const STATUS_TREASURE: u8 = 4;

/// Contiguous range of card ids of one deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeckRange {
    pub first: CardId,
    pub len: u16,
}

/// One physical chamber tile.
///
/// Aligned to four bytes, which makes it sixteen (thirteen without): the tile table is read
/// at every space looked at, and an index times sixteen is one shift where thirteen took
/// two address computations (docs/perf.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(4))]
pub struct TileDef {
    pub kind: TileKind,
    /// Sides (top, right, bottom, left) in the tile's own orientation; entry arrow at bottom.
    pub sides: [Side; 4],
    /// Part (0 near the entry arrow, 1 far) of each side, for split tiles.
    pub part: [u8; 4],
    pub torch: bool,
    pub stairs: bool,
    /// The sides that are walls, bit `k` for side `k` (top, right, bottom, left): turned by the
    /// tile's rotation it gives the closed world directions in one lookup.
    pub walls: u8,
    /// The sides with a door or a portcullis, bits as `walls`: most halls have neither, and
    /// a move checks this before working out the hall's two sides.
    pub barriers: u8,
}

const _: () = assert!(core::mem::size_of::<TileDef>() == 16);

const _: () = assert!(core::mem::size_of::<Op>() == 16 && core::mem::size_of::<CardDef>() == 128);

impl TileDef {
    /// Whether the tile has two parts (bridge, chasm, cave-in).
    pub fn is_split(&self) -> bool {
        self.part.contains(&1)
    }
}

/// Hero abilities compiled to flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Abilities {
    pub wounds_for_determination: Option<(u8, u8)>,
    pub reroll_dragon_rage: bool,
    pub redraw_dungeon_card: bool,
    pub reroll_test_die: bool,
    pub opening_strike: u8,
    pub max_combat_wounds_per_round: Option<u8>,
    pub never_escapes: bool,
    /// Card combat (`third`): extra cards in the hand (Krutzbeck).
    pub extra_hand_cards: u8,
    /// Card combat: no power card drawn at the start of combat from this many wounds (Challara).
    pub no_power_card_at_wounds: Option<u8>,
    /// Card combat: the opponent cannot make deathblows (Hugo).
    pub no_deathblows_against: bool,
    /// Card combat: reveal N cards before the first round, those of the type hit (Tatianna).
    pub opening_volley: Option<(u8, data::AttackType)>,
}

/// One hero sheet.
#[derive(Clone, Debug)]
pub struct HeroDef {
    pub id: String,
    pub name: String,
    pub health: u8,
    /// Strength, agility, armor, luck.
    pub attrs: [u8; 4],
    pub abilities: Abilities,
}

/// Index of an attribute in [`HeroDef::attrs`].
pub fn attr_index(a: data::Attr) -> usize {
    match a {
        data::Attr::Strength => 0,
        data::Attr::Agility => 1,
        data::Attr::Armor => 2,
        data::Attr::Luck => 3,
    }
}

/// Index of a combat card in the matrix.
pub fn combat_index(c: CombatCard) -> usize {
    match c {
        CombatCard::Magic => 0,
        CombatCard::Melee => 1,
        CombatCard::Ranged => 2,
    }
}

/// Bit of a test tag.
pub fn tag_bit(t: TestTag) -> u16 {
    1 << (t as u16)
}

/// The validated rules of one edition.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The edition, named by `game.ron` (`edition: "third"`).
    pub edition: Edition,
    /// The edition's combat system (which of `combat.ron`'s tables is played).
    pub combat: CombatSystem,
    pub heroes: Vec<HeroDef>,
    pub tiles: Vec<TileDef>,
    pub cards: Vec<CardDef>,
    pub decks: [DeckRange; NUM_DECKS],
    pub ops: Vec<Op>,
    /// `[hero card][monster card]` → (hero wounds, monster wounds).
    pub matrix: [[(u8, u8); 3]; 3],
    /// Solo combat table by d6 − 1 → (hero wounds, monster wounds).
    pub solo: [(u8, u8); 6],
    pub sun_spaces: u8,
    /// By space (index 0 = start): the sun sets on a d6 at or below this; 0 = not numbered.
    pub sun_numbers: Vec<u8>,
    pub runes_per_hero: u8,
    pub monster_kinds: Vec<String>,
    /// The 2010 card combat (edition `third`). When present, the engine plays the 2010 rules
    /// wherever they differ from the Revised ones (see `game/third.rs`); `matrix` and `solo` are
    /// then unused.
    pub card_combat: Option<crate::dungeonquest::card_combat::CardRules>,
    /// FNV-1a hash of the data files, for run metadata.
    pub data_hash: u64,
    /// `tiles` again, in a table the engine indexes without a bounds check.
    pub(crate) tile_table: Table<TileDef, 256>,
    /// `cards` again, likewise ([`Rules::card`]).
    pub(crate) card_table: Table<CardDef, MAX_CARDS>,
    /// `heroes` again, likewise ([`Rules::hero`]).
    pub(crate) hero_table: Table<HeroDef, 256>,
    /// `sun_numbers` again, likewise ([`Rules::sun_number`]).
    pub(crate) sun_table: Table<u8, 256>,
}

/// A rule list again, in a table of `N` entries (a power of two; the entries past the list
/// are copies of a filler), built once with the rules, read by an index masked to `N - 1`.
///
/// Why: the engine looks up the tile a space holds, a card's definition or a hero sheet
/// hundreds of times a game, by ids that are always in range (a tile byte of the board, a
/// card id from the decks, a hero's sheet number). Masked to the table's size such an index
/// needs no bounds check (for a `u8` into 256 entries the mask is no instruction at all),
/// where the `Vec` costs a length load, a compare and a branch each time.
#[derive(Clone)]
pub(crate) struct Table<T, const N: usize>(Box<[T; N]>);

impl<T: Clone, const N: usize> Table<T, N> {
    /// `items` (at most `N`), then copies of `filler` (of `items[0]` if there is one).
    fn new(items: &[T], filler: impl FnOnce() -> T) -> Table<T, N> {
        const { assert!(N.is_power_of_two()) };
        assert!(items.len() <= N, "a rule table holds at most {N} entries");
        let pad = items.first().cloned().unwrap_or_else(filler);
        let mut t = items.to_vec();
        t.resize(N, pad);
        let Ok(b) = t.into_boxed_slice().try_into() else { unreachable!("resized to {N}") };
        Table(b)
    }

    /// Entry `i` masked to the table (for an index within the list, its entry).
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> &T {
        &self.0[i & (N - 1)]
    }
}

impl<T, const N: usize> fmt::Debug for Table<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The same entries as the list it copies, which `Rules`' own output shows.
        f.write_str("Table(..)")
    }
}

/// A data error: file, line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DataError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// One data file: the name used in messages and its text.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// The five files of an edition.
#[derive(Clone, Copy, Debug)]
pub struct Sources<'a> {
    pub game: Source<'a>,
    pub heroes: Source<'a>,
    pub tiles: Source<'a>,
    pub decks: Source<'a>,
    pub combat: Source<'a>,
}

impl<'a> Sources<'a> {
    /// The file names an edition folder holds, in load order.
    pub const FILES: [&'static str; 5] = ["game.ron", "heroes.ron", "tiles.ron", "decks.ron", "combat.ron"];
}

/// An edition folder of `data/dungeonquest/` as embedded at build time, each file named by its
/// path in the repository (so error messages point at the file to edit).
macro_rules! embedded_edition {
    ($edition:literal) => {
        Sources {
            game: embedded_edition!($edition, "game.ron"),
            heroes: embedded_edition!($edition, "heroes.ron"),
            tiles: embedded_edition!($edition, "tiles.ron"),
            decks: embedded_edition!($edition, "decks.ron"),
            combat: embedded_edition!($edition, "combat.ron"),
        }
    };
    ($edition:literal, $file:literal) => {
        Source {
            name: concat!("data/dungeonquest/", $edition, "/", $file),
            text: include_str!(concat!("../../../data/dungeonquest/", $edition, "/", $file)),
        }
    };
}

/// The Revised data as embedded at build time.
pub fn revised_sources() -> Sources<'static> {
    embedded_edition!("revised")
}

/// The 3rd edition (2010) data as embedded at build time.
pub fn third_sources() -> Sources<'static> {
    embedded_edition!("third")
}

/// Parses one data file; a syntax error names the file, line and column (shared with the
/// classic loader).
pub(crate) fn parse<T: serde::de::DeserializeOwned>(src: Source<'_>) -> Result<T, DataError> {
    ron::from_str(src.text).map_err(|e| DataError {
        file: src.name.to_string(),
        line: e.span.start.line,
        message: format!("column {}: {}", e.span.start.col, e.code),
    })
}

/// First line (1-based) holding `needle`, after skipping `skip` earlier occurrences.
fn line_of(text: &str, needle: &str, skip: usize) -> usize {
    let mut seen = 0;
    for (i, line) in text.lines().enumerate() {
        if line.contains(needle) {
            if seen == skip {
                return i + 1;
            }
            seen += 1;
        }
    }
    1
}

/// A data error at the line of `src` holding `needle` (after `skip` earlier ones); shared with
/// the classic loader.
pub(crate) fn err(src: Source<'_>, needle: &str, skip: usize, message: String) -> DataError {
    DataError { file: src.name.to_string(), line: line_of(src.text, needle, skip), message }
}

/// The part of each side of a tile line (0 the entry's part, 1 beyond a split) from its `far`
/// sides; the bottom side holds the entry arrow, so it is never far.
pub(crate) fn far_parts(far: &[data::SideName]) -> Result<[u8; 4], &'static str> {
    let mut part = [0u8; 4];
    for &s in far {
        if s as usize == 2 {
            return Err("the bottom side (entry arrow) is always on the near part");
        }
        part[s as usize] = 1;
    }
    Ok(part)
}

/// FNV-1a's offset basis: the hash of no bytes.
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over `bytes`, continuing `h` (the data hash of run metadata).
pub(crate) fn fnv1a(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= b as u64;
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

/// Compiles effect trees into the flat op array.
struct Compiler<'s> {
    ops: Vec<Op>,
    src: Source<'s>,
    card: String,
    deck: Deck,
    kinds: Vec<String>,
}

impl Compiler<'_> {
    fn fail(&self, message: String) -> DataError {
        err(self.src, &format!("\"{}\"", self.card), 0, format!("card \"{}\": {}", self.card, message))
    }

    fn list(&mut self, effects: &[Effect], depth: usize) -> Result<Span, DataError> {
        if depth > MAX_EFFECT_DEPTH {
            return Err(self.fail(format!("effects nested deeper than {MAX_EFFECT_DEPTH}")));
        }
        // Reserve the run first so that nested lists land after it.
        let start = self.ops.len();
        if start + effects.len() > u16::MAX as usize {
            return Err(self.fail("too many effects in the data".into()));
        }
        self.ops.extend(std::iter::repeat_n(Op::Die, effects.len()));
        for (i, e) in effects.iter().enumerate() {
            let op = self.one(e, depth)?;
            self.ops[start + i] = op;
        }
        Ok(Span { start: start as u16, len: effects.len() as u16 })
    }

    fn amount(&self, a: Amount) -> Result<Amount, DataError> {
        if let Amount::Dice { dice, .. } = a {
            if !(1..=4).contains(&dice) {
                return Err(self.fail(format!("{dice} dice: use 1 to 4")));
            }
        }
        Ok(a)
    }

    fn drawable(&self, d: DeckName) -> Result<Deck, DataError> {
        let deck = Deck::from_data(d);
        if matches!(deck, Deck::Rune | Deck::Monster | Deck::Dragon) {
            return Err(self.fail(format!("cannot draw from the {} deck by an effect", deck.name())));
        }
        Ok(deck)
    }

    fn catacomb_only(&self, what: &str) -> Result<(), DataError> {
        if self.deck != Deck::Catacomb {
            return Err(self.fail(format!("{what} only works on catacomb cards")));
        }
        Ok(())
    }

    fn one(&mut self, e: &Effect, depth: usize) -> Result<Op, DataError> {
        Ok(match e {
            Effect::Wounds(a) => Op::Wounds(self.amount(*a)?),
            Effect::Heal(h) => Op::Heal(*h),
            Effect::Die => Op::Die,
            Effect::EndTurn => Op::EndTurn,
            Effect::Proceed => {
                if self.deck != Deck::Door {
                    return Err(self.fail("Proceed only works on door cards".into()));
                }
                Op::Proceed
            }
            Effect::LoseTurns(a) => Op::LoseTurns(self.amount(*a)?),
            Effect::ExtraTurns(n) => Op::ExtraTurns(*n),
            Effect::Loot => Op::Loot,
            Effect::Keep => Op::Keep,
            Effect::DiscardThis => Op::DiscardThis,
            Effect::MayDraw(d) => Op::MayDraw(self.drawable(*d)?),
            Effect::Draw(d) => Op::Draw(self.drawable(*d)?),
            Effect::DrawTreasure { draw, keep } => {
                if *draw == 0 || keep > draw || *draw > 8 {
                    return Err(self.fail(format!("DrawTreasure draw {draw} keep {keep}: need 1 ≤ keep ≤ draw ≤ 8")));
                }
                Op::DrawTreasure { draw: *draw, keep: *keep }
            }
            Effect::Monster { escape, kind } => {
                let kind = match kind {
                    None => ANY_KIND,
                    Some(k) => match self.kinds.iter().position(|x| x == k) {
                        Some(i) => i as u8,
                        None => return Err(self.fail(format!("monster kind \"{k}\" is not in monster_kinds"))),
                    },
                };
                Op::Monster { escape: *escape, kind }
            }
            Effect::CatacombEntrance => Op::CatacombEntrance,
            Effect::EnterCatacombs => Op::EnterCatacombs,
            Effect::RotateTile(q) => Op::RotateTile(q % 4),
            Effect::RotateAll { kind, quarter_turns } => {
                Op::RotateAll { kind: *kind, quarter_turns: quarter_turns % 4 }
            }
            Effect::SecretDoor => Op::SecretDoor,
            Effect::Test { attr, tag, no_determination, pass, fail } => {
                let pass = self.list(pass, depth + 1)?;
                let fail = self.list(fail, depth + 1)?;
                Op::Test { attr: *attr, tag: *tag, no_determination: *no_determination, pass, fail }
            }
            Effect::Roll { dice, cases } => {
                if !(1..=3).contains(dice) {
                    return Err(self.fail(format!("Roll with {dice} dice: use 1 to 3")));
                }
                let start = self.ops.len();
                self.ops.extend(std::iter::repeat_n(Op::Die, cases.len()));
                for (i, c) in cases.iter().enumerate() {
                    if c.lo > c.hi || c.lo < *dice || c.hi > dice * 6 {
                        return Err(self.fail(format!("roll case {}–{} is outside {}–{}", c.lo, c.hi, dice, dice * 6)));
                    }
                    let then = self.list(&c.then, depth + 1)?;
                    self.ops[start + i] = Op::Case { lo: c.lo, hi: c.hi, then };
                }
                Op::Roll { dice: *dice, cases: Span { start: start as u16, len: cases.len() as u16 } }
            }
            Effect::Shuffle => Op::Shuffle,
            Effect::MayExitCatacombs => {
                self.catacomb_only("MayExitCatacombs")?;
                Op::MayExitCatacombs
            }
            Effect::RetestNextTurn => {
                self.catacomb_only("RetestNextTurn")?;
                Op::RetestNextTurn
            }
            Effect::Bribe { dice, times, wounds } => {
                self.catacomb_only("Bribe")?;
                if !(1..=3).contains(dice) {
                    return Err(self.fail("Bribe dice: use 1 to 3".into()));
                }
                Op::Bribe { dice: *dice, times: *times, wounds: *wounds }
            }
            Effect::BlockedWay { keep_loot } => {
                self.catacomb_only("BlockedWay")?;
                Op::BlockedWay { keep_loot: *keep_loot }
            }
            Effect::MonsterVolley(n) => Op::MonsterVolley(*n),
            Effect::DiscardLoot => Op::DiscardLoot,
            Effect::DiscardRandomOtherLoot => Op::DiscardRandomOtherLoot,
            Effect::GoldFromRoll(n) => Op::GoldFromRoll(*n),
            Effect::Duel { life_dice, attr } => {
                if !(1..=3).contains(life_dice) {
                    return Err(self.fail("Duel life_dice: use 1 to 3".into()));
                }
                Op::Duel { life_dice: *life_dice, attr: *attr }
            }
            Effect::DragonRage { dice } => {
                if !(1..=4).contains(dice) {
                    return Err(self.fail("DragonRage dice: use 1 to 4".into()));
                }
                Op::DragonRage { dice: *dice }
            }
            Effect::ExitDungeon => Op::ExitDungeon,
            Effect::CancelCard => Op::CancelCard,
            Effect::RemoveSearchTokens => Op::RemoveSearchTokens,
            Effect::ReshuffleDragon => Op::ReshuffleDragon,
            Effect::RedrawTile => Op::RedrawTile,
            Effect::PassTest => Op::PassTest,
            Effect::ClearDetermination => Op::ClearDetermination,
            Effect::IgnoreBarriers => Op::IgnoreBarriers,
            Effect::ArrangeSearch(n) => {
                if !(1..=4).contains(n) {
                    return Err(self.fail("ArrangeSearch: use 1 to 4 cards".into()));
                }
                Op::ArrangeSearch(*n)
            }
            Effect::Teleport => Op::Teleport,
        })
    }
}

fn contains_loot(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::Loot => true,
        Effect::Test { pass, fail, .. } => contains_loot(pass) || contains_loot(fail),
        Effect::Roll { cases, .. } => cases.iter().any(|c| contains_loot(&c.then)),
        _ => false,
    })
}

fn contains_keep(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::Loot | Effect::Keep => true,
        Effect::Test { pass, fail, .. } => contains_keep(pass) || contains_keep(fail),
        Effect::Roll { cases, .. } => cases.iter().any(|c| contains_keep(&c.then)),
        _ => false,
    })
}

impl Rules {
    /// The 3rd edition (2010) rules from the data embedded at build time.
    ///
    /// # Panics
    /// Only if the embedded data is invalid, which the test suite rules out.
    pub fn third() -> Rules {
        Rules::load(third_sources()).expect("embedded third-edition data is valid")
    }

    /// The Revised (2014) rules from the data embedded at build time.
    ///
    /// # Panics
    /// Only if the embedded data is invalid, which the test suite rules out.
    pub fn revised() -> Rules {
        Rules::load(revised_sources()).expect("embedded revised data is valid")
    }

    /// The embedded rules of an FFG edition; `None` for the 1987 edition, whose rules are
    /// [`crate::dungeonquest::classic::ClassicRules`].
    pub fn embedded(edition: Edition) -> Option<Rules> {
        match edition {
            Edition::Revised => Some(Rules::revised()),
            Edition::Third => Some(Rules::third()),
            Edition::Classic => None,
        }
    }

    /// Parses and validates the files of an edition.
    pub fn load(src: Sources<'_>) -> Result<Rules, DataError> {
        let game: data::GameFile = parse(src.game)?;
        let heroes: data::HeroesFile = parse(src.heroes)?;
        let tiles: data::TilesFile = parse(src.tiles)?;
        let decks: data::DecksFile = parse(src.decks)?;
        let combat: data::CombatFile = parse(src.combat)?;

        let mut hash = FNV_OFFSET;
        for s in [src.game, src.heroes, src.tiles, src.decks, src.combat] {
            fnv1a(&mut hash, s.text.as_bytes());
            fnv1a(&mut hash, &[0]);
        }

        // --- game.ron ---
        let g = src.game;
        let edition = Edition::from_name(&game.edition).map_err(|e| err(g, "edition:", 0, e.to_string()))?;
        if !edition.is_ffg() {
            let why =
                "the 1987 edition's data is a folder of its own (heroes, combat, monsters, treasure, decks, tiles)";
            return Err(err(g, "edition:", 0, format!("edition \"{}\": {why}", game.edition)));
        }
        if !(1..=100).contains(&game.sun_spaces) {
            return Err(err(g, "sun_spaces", 0, format!("sun_spaces {} must be 1 to 100", game.sun_spaces)));
        }
        let mut sun_numbers = vec![0u8; game.sun_spaces as usize + 1];
        for (i, s) in game.sun_numbered.iter().enumerate() {
            let line = format!("space: {}", s.space);
            if s.space == 0 || s.space > game.sun_spaces {
                return Err(err(
                    g,
                    &line,
                    0,
                    format!("numbered space {} is off the track (1 to {})", s.space, game.sun_spaces),
                ));
            }
            if s.sets_on_or_below > 6 {
                return Err(err(
                    g,
                    &line,
                    0,
                    format!("space {}: a d6 cannot be at or below {}", s.space, s.sets_on_or_below),
                ));
            }
            if sun_numbers[s.space as usize] != 0 || s.sets_on_or_below == 0 {
                return Err(err(g, "space:", i, format!("space {} is listed twice or has number 0", s.space)));
            }
            sun_numbers[s.space as usize] = s.sets_on_or_below;
        }
        if sun_numbers[game.sun_spaces as usize] == 0 {
            return Err(err(
                g,
                "sun_numbered",
                0,
                "the last sun space must be numbered (the game could never end)".into(),
            ));
        }
        if game.runes_per_hero > 3 {
            return Err(err(g, "runes_per_hero", 0, "runes_per_hero must be 0 to 3 (12 runes for 4 heroes)".into()));
        }

        // --- heroes.ron ---
        let h = src.heroes;
        if heroes.heroes.is_empty() || heroes.heroes.len() > 64 {
            return Err(err(h, "heroes", 0, "need 1 to 64 heroes".into()));
        }
        let mut hero_defs = Vec::new();
        for hd in &heroes.heroes {
            let at = format!("\"{}\"", hd.id);
            if hd.id.is_empty() || !hd.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
                return Err(err(h, &at, 0, format!("hero id \"{}\" must be lower-case letters, digits or '-'", hd.id)));
            }
            if hero_defs.iter().any(|x: &HeroDef| x.id == hd.id) {
                return Err(err(h, &at, 1, format!("hero id \"{}\" is used twice", hd.id)));
            }
            if hd.health == 0 || hd.health > 60 {
                return Err(err(h, &at, 0, format!("hero \"{}\": health {} must be 1 to 60", hd.id, hd.health)));
            }
            for (name, v) in
                [("strength", hd.strength), ("agility", hd.agility), ("armor", hd.armor), ("luck", hd.luck)]
            {
                if v > 20 {
                    return Err(err(h, &at, 0, format!("hero \"{}\": {name} {v} must be at most 20", hd.id)));
                }
            }
            let mut ab = Abilities::default();
            for a in &hd.abilities {
                match a.ability {
                    Ability::WoundsForDetermination { wounds, tokens } => {
                        ab.wounds_for_determination = Some((wounds, tokens))
                    }
                    Ability::RerollDragonRage => ab.reroll_dragon_rage = true,
                    Ability::RedrawDungeonCard => ab.redraw_dungeon_card = true,
                    Ability::RerollTestDie => ab.reroll_test_die = true,
                    Ability::OpeningStrike(n) => ab.opening_strike = n,
                    Ability::MaxCombatWoundsPerRound(n) => ab.max_combat_wounds_per_round = Some(n),
                    Ability::NeverEscapes => ab.never_escapes = true,
                    Ability::ExtraHandCards(n) => ab.extra_hand_cards = n.min(4),
                    Ability::NoPowerCardAtWounds(n) => ab.no_power_card_at_wounds = Some(n),
                    Ability::NoDeathblowsAgainst => ab.no_deathblows_against = true,
                    Ability::OpeningVolley { reveal, attack } => ab.opening_volley = Some((reveal.min(10), attack)),
                }
            }
            hero_defs.push(HeroDef {
                id: hd.id.clone(),
                name: hd.name.clone(),
                health: hd.health,
                attrs: [hd.strength, hd.agility, hd.armor, hd.luck],
                abilities: ab,
            });
        }

        // --- tiles.ron ---
        let t = src.tiles;
        let mut tile_defs = Vec::new();
        for (i, td) in tiles.tiles.iter().enumerate() {
            let sides = [td.sides.0, td.sides.1, td.sides.2, td.sides.3];
            let here = |m: String| err(t, "kind:", i, format!("tile line {}: {m}", i + 1));
            if sides[2] == Side::Wall {
                return Err(here("the bottom side holds the entry arrow and must be a hall".into()));
            }
            if td.count == 0 {
                return Err(here("count must be at least 1".into()));
            }
            let part = far_parts(&td.far).map_err(|m| here(m.into()))?;
            let needs_split = matches!(td.kind, TileKind::Bridge | TileKind::Chasm | TileKind::CaveIn);
            if needs_split && td.far.is_empty() {
                return Err(here(format!("{:?} tiles need `far` sides", td.kind)));
            }
            if !needs_split && !td.far.is_empty() {
                return Err(here(format!("{:?} tiles have no far part", td.kind)));
            }
            if td.kind == TileKind::Bridge && (0..4).filter(|&k| part[k] == 1 && sides[k] != Side::Wall).count() == 0 {
                return Err(here("a bridge needs a hall on its far part".into()));
            }
            for _ in 0..td.count {
                let walls = (0..4).filter(|&k| sides[k] == Side::Wall).fold(0u8, |m, k| m | 1 << k);
                let barriers =
                    (0..4).filter(|&k| matches!(sides[k], Side::Door | Side::Portcullis)).fold(0u8, |m, k| m | 1 << k);
                tile_defs.push(TileDef {
                    kind: td.kind,
                    sides,
                    part,
                    torch: td.torch,
                    stairs: td.stairs,
                    walls,
                    barriers,
                });
            }
        }
        if tile_defs.len() != tiles.size as usize {
            return Err(err(
                t,
                "size",
                0,
                format!("tile lines add up to {} but size is {}", tile_defs.len(), tiles.size),
            ));
        }
        if tile_defs.len() > MAX_TILES {
            return Err(err(t, "size", 0, format!("at most {MAX_TILES} tiles")));
        }

        // --- decks.ron ---
        let d = src.decks;
        if decks.monster_kinds.is_empty() || decks.monster_kinds.len() > 16 {
            return Err(err(d, "monster_kinds", 0, "need 1 to 16 monster kinds".into()));
        }
        let mut names: Vec<String> = Vec::new();
        let mut cards: Vec<CardDef> = Vec::new();
        let mut ranges = [DeckRange::default(); NUM_DECKS];
        let mut seen = [false; NUM_DECKS];
        let mut compiler = Compiler {
            ops: Vec::new(),
            src: d,
            card: String::new(),
            deck: Deck::Dungeon,
            kinds: decks.monster_kinds.clone(),
        };
        let mut pairs: Vec<(usize, String, u32)> = Vec::new();
        // Cards that can end up in a play area (loot or kept): one hero could hold them all.
        let mut keepable = 0usize;
        // Lay the decks out in id order whatever the file order.
        for deck in Deck::ALL {
            let Some(dd) = decks.decks.iter().find(|x| Deck::from_data(x.deck) == deck) else {
                return Err(err(d, "decks", 0, format!("the {} deck is missing", deck.name())));
            };
            if decks.decks.iter().filter(|x| Deck::from_data(x.deck) == deck).count() > 1 {
                return Err(err(
                    d,
                    &format!("deck: {}", deck.name()),
                    1,
                    format!("the {} deck is listed twice", deck.name()),
                ));
            }
            seen[deck as usize] = true;
            let first = cards.len();
            for cd in &dd.cards {
                compiler.card = cd.name.clone();
                compiler.deck = deck;
                let at = format!("\"{}\"", cd.name);
                let fail = |m: String| err(d, &at, 0, format!("{} deck, card \"{}\": {m}", deck.name(), cd.name));
                if cd.count == 0 {
                    return Err(fail("count must be at least 1".into()));
                }
                let effect = compiler.list(&cd.effect, 0)?;
                let mut spans = [Span::EMPTY; 6];
                for tr in &cd.triggers {
                    let k = match tr.when {
                        When::Status => 0,
                        When::StatusOptional => 1,
                        When::StatusInCatacombs => 2,
                        When::StatusInTreasureChamber => 3,
                        When::EndOfGame => 4,
                        When::EndOfGameOptional => 5,
                    };
                    if !spans[k].is_empty() {
                        return Err(fail(format!("two {:?} triggers", tr.when)));
                    }
                    spans[k] = compiler.list(&tr.effect, 0)?;
                }
                let keeps = contains_keep(&cd.effect) || deck == Deck::Treasure;
                if keeps {
                    keepable += cd.count as usize;
                }
                let play_area_triggers = [0, 1, 3, 4, 5].iter().any(|&k| !spans[k].is_empty());
                if !keeps && play_area_triggers {
                    return Err(fail("has play-area triggers but is never kept (add Loot or Keep)".into()));
                }
                let optional = cd.triggers.iter().filter(|t| t.when == When::StatusOptional);
                if optional.clone().any(|t| !t.effect.contains(&Effect::DiscardThis)) {
                    // Otherwise the start-of-turn offer could be taken forever.
                    return Err(fail("a StatusOptional trigger must discard the card (DiscardThis)".into()));
                }
                if deck != Deck::Catacomb && !spans[2].is_empty() {
                    return Err(fail("StatusInCatacombs triggers only work on catacomb cards".into()));
                }
                let mut autopass = 0u16;
                let mut double_dragon = false;
                let mut discard_on_catacombs = false;
                let mut discard_on_exit = false;
                let mut pair = None;
                for p in &cd.passives {
                    match p {
                        Passive::AutoPass(tags) => tags.iter().for_each(|t| autopass |= tag_bit(*t)),
                        Passive::DoubleDragonDraw => double_dragon = true,
                        Passive::PairGold { with, gold } => pair = Some((with.clone(), *gold)),
                        Passive::DiscardOnCatacombs => discard_on_catacombs = true,
                        Passive::DiscardOnExit => discard_on_exit = true,
                    }
                }
                let monster = match (&cd.monster, deck) {
                    (Some(m), Deck::Monster) => {
                        let Some(kind) = decks.monster_kinds.iter().position(|k| *k == m.kind) else {
                            return Err(fail(format!("monster kind \"{}\" is not in monster_kinds", m.kind)));
                        };
                        if m.life == 0 {
                            return Err(fail("monster life must be at least 1".into()));
                        }
                        Some(MonsterDef { kind: kind as u8, life: m.life, escape_penalty: m.escape_penalty })
                    }
                    (None, Deck::Monster) => return Err(fail("monster cards need `monster`".into())),
                    (Some(_), _) => return Err(fail("only monster cards have `monster`".into())),
                    (None, _) => None,
                };
                let rune = match (&cd.rune, deck) {
                    (Some(r), Deck::Rune) => {
                        let span = compiler.list(&r.effect, 0)?;
                        let mut mask = 0u16;
                        for dn in &r.decks {
                            mask |= 1 << Deck::from_data(*dn) as u16;
                        }
                        if r.window == RuneWindow::AfterDraw && mask == 0 {
                            return Err(fail("an AfterDraw rune needs `decks`".into()));
                        }
                        Some(RuneDef { window: r.window, decks: mask, effect: span })
                    }
                    (None, Deck::Rune) => return Err(fail("rune cards need `rune`".into())),
                    (Some(_), _) => return Err(fail("only rune cards have `rune`".into())),
                    (None, _) => None,
                };
                let name_id = match names.iter().position(|n| *n == cd.name) {
                    Some(i) => i,
                    None => {
                        names.push(cd.name.clone());
                        names.len() - 1
                    }
                } as u16;
                for _ in 0..cd.count {
                    if let Some((with, gold)) = &pair {
                        pairs.push((cards.len(), with.clone(), *gold));
                    }
                    cards.push(CardDef {
                        name: cd.name.clone(),
                        name_id,
                        deck,
                        gold: cd.gold,
                        effect,
                        loot: contains_loot(&cd.effect) || deck == Deck::Treasure,
                        ambush: cd.ambush,
                        monster,
                        rune,
                        on_status: spans[0],
                        on_status_optional: spans[1],
                        on_status_catacombs: spans[2],
                        on_status_treasure: spans[3],
                        on_end: spans[4],
                        on_end_optional: spans[5],
                        autopass,
                        double_dragon,
                        pair_gold: None,
                        discard_on_catacombs,
                        discard_on_exit,
                        estimated: cd.estimated.is_some(),
                        status: [(1, STATUS_OPTIONAL), (0, STATUS_MANDATORY), (3, STATUS_TREASURE)]
                            .into_iter()
                            .filter(|&(i, _)| !spans[i].is_empty())
                            .fold(0, |m, (_, bit)| m | bit),
                    });
                }
            }
            let len = cards.len() - first;
            if len != dd.size as usize {
                return Err(err(
                    d,
                    &format!("deck: {}", deck.name()),
                    0,
                    format!("the {} deck's lines add up to {len} cards but size is {}", deck.name(), dd.size),
                ));
            }
            if cards.len() > MAX_CARDS {
                return Err(err(d, "decks", 0, format!("more than {MAX_CARDS} cards in all")));
            }
            ranges[deck as usize] = DeckRange { first: first as u16, len: len as u16 };
        }
        for (i, with, gold) in pairs {
            let Some(nid) = names.iter().position(|n| *n == with) else {
                return Err(err(
                    d,
                    &with,
                    0,
                    format!("card \"{}\": PairGold names \"{with}\", which is no card", cards[i].name),
                ));
            };
            cards[i].pair_gold = Some((nid as u16, gold));
        }
        let r = |k: Deck| ranges[k as usize];
        if r(Deck::Catacomb).len as usize > ROW_CAP {
            return Err(err(d, "deck: catacomb", 0, format!("at most {ROW_CAP} catacomb cards")));
        }
        for k in [Deck::Monster, Deck::Dragon, Deck::Door] {
            if r(k).len == 0 {
                return Err(err(
                    d,
                    &format!("deck: {}", k.name()),
                    0,
                    format!("the {} deck needs at least one card", k.name()),
                ));
            }
        }
        if keepable > HELD_CAP {
            return Err(err(d, "decks", 0, format!("{keepable} cards can be kept in a play area; at most {HELD_CAP}")));
        }
        if (game.runes_per_hero as usize) * 4 > r(Deck::Rune).len as usize {
            return Err(err(
                g,
                "runes_per_hero",
                0,
                format!("{} runes for each of 4 heroes but only {} rune cards", game.runes_per_hero, r(Deck::Rune).len),
            ));
        }
        let ops = compiler.ops;

        // --- combat.ron ---
        let c = src.combat;
        if let Some(cc) = &combat.cards {
            if r(Deck::Monster).len > 32 {
                return Err(err(d, "deck: monster", 0, "card combat: at most 32 monster tokens".into()));
            }
            let ids: Vec<String> = hero_defs.iter().map(|h| h.id.clone()).collect();
            let card_combat = crate::dungeonquest::card_combat::CardRules::compile(cc, c, &ids, &decks.monster_kinds)?;
            if edition.combat() != CombatSystem::Cards {
                let why = format!("edition {edition} has no card combat, but combat.ron has `cards`");
                return Err(err(src.game, "edition:", 0, why));
            }
            return Ok(Rules {
                edition,
                combat: CombatSystem::Cards,
                tile_table: Table::new(&tile_defs, Rules::filler_tile),
                card_table: Table::new(&cards, Rules::filler_card),
                hero_table: Table::new(&hero_defs, Rules::filler_hero),
                heroes: hero_defs,
                tiles: tile_defs,
                cards,
                decks: ranges,
                ops,
                matrix: [[(0, 0); 3]; 3],
                solo: [(0, 0); 6],
                sun_spaces: game.sun_spaces,
                sun_table: Table::new(&sun_numbers, || 0),
                sun_numbers,
                runes_per_hero: game.runes_per_hero,
                monster_kinds: decks.monster_kinds,
                card_combat: Some(card_combat),
                data_hash: hash,
            });
        }
        let mut matrix = [[(u8::MAX, u8::MAX); 3]; 3];
        for (i, m) in combat.matrix.iter().enumerate() {
            let cell = &mut matrix[combat_index(m.hero)][combat_index(m.monster)];
            if cell.0 != u8::MAX {
                return Err(err(c, "hero:", i, format!("matrix cell {:?} vs {:?} is listed twice", m.hero, m.monster)));
            }
            if m.hero_wounds == 0 && m.monster_wounds == 0 {
                // A round that hurts nobody could repeat forever.
                return Err(err(
                    c,
                    "hero:",
                    i,
                    format!("matrix cell {:?} vs {:?} must wound someone", m.hero, m.monster),
                ));
            }
            *cell = (m.hero_wounds, m.monster_wounds);
        }
        if matrix.iter().flatten().any(|x| x.0 == u8::MAX) {
            return Err(err(c, "matrix", 0, "the combat matrix needs all 9 hero/monster card pairs".into()));
        }
        let mut solo = [(u8::MAX, u8::MAX); 6];
        for (i, l) in combat.solo.iter().enumerate() {
            if l.lo == 0 || l.hi > 6 || l.lo > l.hi {
                return Err(err(c, "lo:", i, format!("solo line {}–{} must lie within 1–6", l.lo, l.hi)));
            }
            if l.hero_wounds == 0 && l.monster_wounds == 0 {
                return Err(err(c, "lo:", i, format!("solo line {}–{} must wound someone", l.lo, l.hi)));
            }
            for v in l.lo..=l.hi {
                if solo[v as usize - 1].0 != u8::MAX {
                    return Err(err(c, "lo:", i, format!("solo roll {v} is covered twice")));
                }
                solo[v as usize - 1] = (l.hero_wounds, l.monster_wounds);
            }
        }
        if solo.iter().any(|x| x.0 == u8::MAX) {
            return Err(err(c, "solo", 0, "the solo table must cover every roll 1–6".into()));
        }

        if edition.combat() != CombatSystem::ResultsMatrix {
            let why = format!("edition {edition} plays the card combat, but combat.ron has no `cards`");
            return Err(err(src.game, "edition:", 0, why));
        }
        Ok(Rules {
            edition,
            combat: CombatSystem::ResultsMatrix,
            tile_table: Table::new(&tile_defs, Rules::filler_tile),
            card_table: Table::new(&cards, Rules::filler_card),
            hero_table: Table::new(&hero_defs, Rules::filler_hero),
            heroes: hero_defs,
            tiles: tile_defs,
            cards,
            decks: ranges,
            ops,
            matrix,
            solo,
            sun_spaces: game.sun_spaces,
            sun_table: Table::new(&sun_numbers, || 0),
            sun_numbers,
            runes_per_hero: game.runes_per_hero,
            monster_kinds: decks.monster_kinds,
            card_combat: None,
            data_hash: hash,
        })
    }

    /// The definition of card `c` (an id of these rules: below `cards.len()`), read without a
    /// bounds check ([`Table`]).
    #[inline(always)]
    pub(crate) fn card(&self, c: CardId) -> &CardDef {
        debug_assert!((c as usize) < self.cards.len(), "card {c} out of range");
        self.card_table.get(c as usize)
    }

    /// Hero sheet `h` (below `heroes.len()`), read without a bounds check ([`Table`]).
    #[inline(always)]
    pub(crate) fn hero(&self, h: u8) -> &HeroDef {
        debug_assert!((h as usize) < self.heroes.len(), "hero {h} out of range");
        self.hero_table.get(h as usize)
    }

    /// The number of sun space `s` (at most `sun_spaces`, see `sun_numbers`), read without a
    /// bounds check ([`Table`]).
    #[inline(always)]
    pub(crate) fn sun_number(&self, s: u8) -> u8 {
        debug_assert!((s as usize) < self.sun_numbers.len(), "sun space {s} out of range");
        *self.sun_table.get(s as usize)
    }

    /// Tile `t` (below `tiles.len()`), read without a bounds check ([`Table`]).
    #[inline(always)]
    pub(crate) fn tile(&self, t: u8) -> &TileDef {
        debug_assert!((t as usize) < self.tiles.len(), "tile {t} out of range");
        self.tile_table.get(t as usize)
    }

    /// What fills the tile table past the tiles when there are none (never read).
    fn filler_tile() -> TileDef {
        TileDef {
            kind: TileKind::DungeonRoom,
            sides: [Side::Wall; 4],
            part: [0; 4],
            torch: false,
            stairs: false,
            walls: 0xF,
            barriers: 0,
        }
    }

    /// What fills the card table when there are no cards (never read).
    fn filler_card() -> CardDef {
        CardDef {
            name: String::new(),
            name_id: 0,
            deck: Deck::Dungeon,
            gold: 0,
            effect: Span::EMPTY,
            loot: false,
            ambush: false,
            monster: None,
            rune: None,
            on_status: Span::EMPTY,
            on_status_optional: Span::EMPTY,
            on_status_catacombs: Span::EMPTY,
            on_status_treasure: Span::EMPTY,
            on_end: Span::EMPTY,
            on_end_optional: Span::EMPTY,
            autopass: 0,
            double_dragon: false,
            pair_gold: None,
            discard_on_catacombs: false,
            discard_on_exit: false,
            estimated: false,
            status: 0,
        }
    }

    /// What fills the hero table when there are no heroes (never read).
    fn filler_hero() -> HeroDef {
        HeroDef { id: String::new(), name: String::new(), health: 0, attrs: [0; 4], abilities: Abilities::default() }
    }

    /// The card ids of a deck.
    pub fn deck_cards(&self, deck: Deck) -> std::ops::Range<CardId> {
        let r = self.decks[deck as usize];
        r.first..r.first + r.len
    }

    /// A monster kind by name, ignoring case (`troll`).
    pub fn monster_kind_by_name(&self, name: &str) -> Option<u8> {
        self.monster_kinds.iter().position(|k| k.eq_ignore_ascii_case(name)).map(|i| i as u8)
    }

    /// A hero sheet by its id (`tatianna`).
    pub fn hero_by_id(&self, id: &str) -> Option<usize> {
        self.heroes.iter().position(|h| h.id == id)
    }

    /// The ops of a span.
    #[inline]
    pub fn span(&self, s: Span) -> &[Op] {
        &self.ops[s.start as usize..(s.start + s.len) as usize]
    }
}
