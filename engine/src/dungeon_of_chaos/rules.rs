//! The Dungeon of Chaos data checked once and compiled into compact tables.
//!
//! [`ChaosRules::load`] parses the five files of `data/dungeon_of_chaos/`, checks every value
//! (an error names the file and the line of the card at fault, through the DungeonQuest
//! loader's [`DataError`]) and compiles them: monsters, items and characters as `Copy` rows
//! addressed by `u8` ids, deck cards by `u16`, every card effect into one flat [`Op`] array
//! addressed by [`Span`]s, combat charts as eight acts indexed by the d8. The engine does no
//! IO: callers pass file names and contents; [`ChaosRules::standard`] uses the embedded copies.

use super::data::{
    Ability, Ailment, Amount, AttackType, Attr, CardData, CharactersFile, ChartAct, ChartRow, ChestData, Colour,
    Confusion, DecksFile, DoorData, DoorKind, Effect, EnemyType, ExitKind, Feature, ItemPower, ItemType, ItemsFile,
    LevelRef, MonstersFile, Side, SpecialRule, TileSize, TilesFile,
};
use crate::dungeonquest::rules::{err, fnv1a, parse, DataError, Source, FNV_OFFSET};

/// The data folder, relative to the workspace root (one place to change).
macro_rules! chaos_dir {
    () => {
        "data/dungeon_of_chaos/"
    };
}

/// A file of the folder: its name in messages and its embedded text.
macro_rules! chaos_file {
    ($f:literal) => {
        Source { name: concat!(chaos_dir!(), $f), text: include_str!(concat!("../../../", chaos_dir!(), $f)) }
    };
}

/// The data folder of The Dungeon of Chaos, relative to the workspace root.
pub const DATA_DIR: &str = chaos_dir!();
/// Dungeon levels (§1).
pub const LEVELS: u8 = 4;
/// Most monsters, items or characters a file may hold (ids are `u8`).
pub const MAX_IDS: usize = 255;
/// Largest attribute on a card, and the most negative (Attack and Defence can go below 0, §5).
pub const MAX_STAT: i8 = 99;
pub const MIN_STAT: i8 = -9;
/// Targets a card may set for a roll (d8 + attribute ≥ target, §16).
pub const TARGETS: std::ops::RangeInclusive<u8> = 2..=30;

/// The five files.
#[derive(Clone, Copy, Debug)]
pub struct ChaosSources<'a> {
    pub characters: Source<'a>,
    pub monsters: Source<'a>,
    pub items: Source<'a>,
    pub decks: Source<'a>,
    pub tiles: Source<'a>,
}

impl ChaosSources<'static> {
    /// The file names the folder holds, in load order.
    pub const FILES: [&'static str; 5] = ["characters.ron", "monsters.ron", "items.ron", "decks.ron", "tiles.ron"];

    /// The copies embedded at build time.
    pub fn embedded() -> ChaosSources<'static> {
        ChaosSources {
            characters: chaos_file!("characters.ron"),
            monsters: chaos_file!("monsters.ron"),
            items: chaos_file!("items.ron"),
            decks: chaos_file!("decks.ron"),
            tiles: chaos_file!("tiles.ron"),
        }
    }
}

/// A run of ops in [`ChaosRules::ops`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: u16,
    pub len: u16,
}

impl Span {
    /// The op indices.
    #[inline]
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }
}

/// A set of attack types as bits (immunities, weaknesses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeSet(pub u8);

impl TypeSet {
    #[inline]
    pub fn has(self, t: AttackType) -> bool {
        t != AttackType::Plain && self.0 & (1 << t as u8) != 0
    }
    pub fn with(self, t: AttackType) -> TypeSet {
        TypeSet(self.0 | (1 << t as u8))
    }
    pub fn of(types: &[AttackType]) -> TypeSet {
        types.iter().fold(TypeSet(0), |s, &t| s.with(t))
    }
}

/// A compiled card effect (the data's [`Effect`] with nested lists as [`Span`]s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Damage { amount: Amount, kind: AttackType },
    Lose { attr: Attr, amount: Amount, kind: AttackType },
    Gain { attr: Attr, amount: Amount },
    Restore { attr: Attr, amount: Amount },
    Boost { attr: Attr, by: i8 },
    Ailment(Ailment),
    Cure(Ailment),
    LoseTurn,
    Test { attr: Attr, target: u8, pass: Span, fail: Span },
    Contest { attr: Attr, win: Span, lose: Span },
    Gold { amount: Amount, times: u16 },
    LoseGold(u16),
    Item(LevelRef),
    LoseItem,
    Potion,
    Scroll,
    Spell,
    Curse,
    God,
    Event,
    Chest,
    Monster(LevelRef),
    Teleport,
    Portal,
    Fall(u8),
    ToTown,
    Identify,
    Companion { attr: Attr, by: i8, share: bool },
}

impl Op {
    /// Whether a combat can apply it (charts, spells, combat actions: §8 spells only in combat).
    pub fn in_combat(self) -> bool {
        matches!(
            self,
            Op::Damage { .. }
                | Op::Lose { .. }
                | Op::Gain { .. }
                | Op::Restore { .. }
                | Op::Boost { .. }
                | Op::Ailment(_)
                | Op::Cure(_)
                | Op::LoseTurn
                | Op::Test { .. }
                | Op::Contest { .. }
                | Op::LoseGold(_)
        )
    }
}

/// A compiled monster combat act (§10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Attack {
        kind: AttackType,
        bonus: i8,
    },
    Flee,
    Defend,
    CastSpell,
    Teleport,
    Mindstrike,
    Touch(Span),
    /// Summons from this level's deck (1..=4).
    Summon(u8),
    Do(Span),
}

/// One Monster card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonsterDef {
    pub level: u8,
    pub kind: EnemyType,
    /// Indexed by [`Attr`].
    pub stats: [i8; 5],
    pub gold: u16,
    pub item: bool,
    pub immune: TypeSet,
    pub weak: TypeSet,
    /// By d8 roll − 1.
    pub chart: [Act; 8],
    pub summoned: Act,
    pub mount: Option<(Attr, i8)>,
    pub special: Option<SpecialRule>,
}

impl MonsterDef {
    /// Undead, Things and Plants shrug off status ailments (§9, §11).
    pub fn ailment_immune(&self) -> bool {
        matches!(self.kind, EnemyType::Undead | EnemyType::Thing | EnemyType::Plant)
    }

    /// Immunities with the enemy type's (§9: Undead and Things to draining and poison,
    /// Plants to poison).
    pub fn immunities(&self) -> TypeSet {
        match self.kind {
            EnemyType::Undead | EnemyType::Thing => self.immune.with(AttackType::Draining).with(AttackType::Poison),
            EnemyType::Plant => self.immune.with(AttackType::Poison),
            _ => self.immune,
        }
    }
}

/// A combat action of a profile or an item: its effects on the chosen enemy or on its user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionDef {
    pub on_enemy: bool,
    pub effects: Span,
}

/// One Character Profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharacterDef {
    pub stats: [i8; 5],
    /// Spell colours as bits (`1 << Colour`); 0 for no spellcasting.
    pub colours: u8,
    pub flying: bool,
    pub climbing: bool,
    pub no_weight: bool,
    pub transmute: bool,
    pub immune: TypeSet,
    pub action: Option<ActionDef>,
}

/// One Item card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemDef {
    pub level: u8,
    pub kind: ItemType,
    pub value: u16,
    pub weight: u8,
    pub sturdiness: u8,
    pub cursed: bool,
    /// The weapon's bonus and attack type (weapons only).
    pub weapon: Option<(i8, AttackType)>,
    /// Effective bonuses while held, by [`Attr`].
    pub bonus: [i8; 5],
    pub immune: TypeSet,
    pub weak: TypeSet,
    pub flying: bool,
    pub climbing: bool,
    pub retribution: u8,
    pub opens_locks: bool,
    pub action: Option<ActionDef>,
}

/// A card of an effect deck (spell, potion, scroll, room, event, curse, gods).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    pub colour: Option<Colour>,
    pub on_enemy: bool,
    pub effects: Span,
}

/// A deck: the distinct cards, their names, and one entry per physical card.
#[derive(Clone, Debug)]
pub struct Deck<T> {
    pub cards: Vec<T>,
    pub names: Vec<String>,
    /// Card ids, `copies` times each: the deck to shuffle.
    pub draw: Vec<u16>,
}

impl<T> Deck<T> {
    fn new() -> Deck<T> {
        Deck { cards: Vec::new(), names: Vec::new(), draw: Vec::new() }
    }

    /// Adds a card with its copies.
    fn push(&mut self, card: T, name: &str, copies: u8) {
        self.draw.extend(std::iter::repeat_n(self.cards.len() as u16, copies as usize));
        self.cards.push(card);
        self.names.push(name.to_string());
    }
}

/// An effect deck (spells, potions, scrolls, rooms, events, curses, gods).
pub type CardDeck = Deck<Card>;

/// One Door card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    pub door: DoorKind,
    pub effects: Span,
}

/// One Chest card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chest {
    pub locked: bool,
    pub trap: Span,
    pub loot: Span,
}

/// Exits of one tile square as bits: `1 << side` open, `1 << (4 + side)` door, `1 << (8 + side)`
/// white arrow (sides in [`Side`] order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareExits(pub u16);

impl SquareExits {
    /// The exit on `side`, if any.
    pub fn get(self, side: Side) -> Option<ExitKind> {
        let s = side as u16;
        if self.0 & (1 << s) != 0 {
            Some(ExitKind::Open)
        } else if self.0 & (1 << (4 + s)) != 0 {
            Some(ExitKind::Door)
        } else if self.0 & (1 << (8 + s)) != 0 {
            Some(ExitKind::WhiteArrow)
        } else {
            None
        }
    }
}

/// One Dungeon Tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileDef {
    pub size: TileSize,
    pub feature: Feature,
    pub room: bool,
    /// By square `row * 2 + column` (a 1×2 tile uses 0 and 2).
    pub exits: [SquareExits; 4],
}

/// What Ye Olde Shoppe asks for the cards that print no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShopPrices {
    pub potion: u16,
    pub scroll: u16,
}

/// The validated data of The Dungeon of Chaos.
#[derive(Clone, Debug)]
pub struct ChaosRules {
    pub characters: Vec<CharacterDef>,
    pub character_names: Vec<String>,
    pub monsters: Vec<MonsterDef>,
    pub monster_names: Vec<String>,
    /// By level − 1: monster ids, one per physical card.
    pub monster_decks: [Vec<u8>; 4],
    /// By [`SpecialRule`]: effects on a character the monster wounds.
    pub special_rules: [Span; 3],
    pub items: Vec<ItemDef>,
    pub item_names: Vec<String>,
    /// By level − 1: item ids.
    pub item_decks: [Vec<u8>; 4],
    pub spells: CardDeck,
    pub potions: CardDeck,
    pub scrolls: CardDeck,
    pub rooms: CardDeck,
    pub events: CardDeck,
    pub curses: CardDeck,
    pub gods: CardDeck,
    pub doors: Deck<Door>,
    pub chests: Deck<Chest>,
    /// The Confusion card by d8 roll − 1.
    pub confusion: [Confusion; 8],
    /// Ye Olde Shoppe's price of a Potion card and of a Scroll card.
    pub shop_prices: ShopPrices,
    pub tiles: Vec<TileDef>,
    pub tile_names: Vec<String>,
    /// By [`TileSize`]: tile ids, one per physical tile (special tiles excluded).
    pub tile_decks: [Vec<u16>; 3],
    pub entry_tile: u16,
    /// Every card effect.
    pub ops: Vec<Op>,
    /// FNV-1a of the five files.
    pub data_hash: u64,
}

/// What an effect list may hold where it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Context {
    /// Combat charts, spells, combat actions: only what a combat applies.
    Combat,
    /// Cards resolved outside combat.
    Anywhere,
}

/// Compiles effect lists into the flat op array, checking each value.
struct Compiler<'s> {
    ops: Vec<Op>,
    src: Source<'s>,
    /// The card name, to find its line and name it in the message.
    card: String,
    /// Earlier cards of the same name (the line search skips them).
    skip: usize,
}

impl Compiler<'_> {
    fn fail(&self, message: String) -> DataError {
        err(self.src, &format!("\"{}\"", self.card), self.skip, format!("\"{}\": {}", self.card, message))
    }

    fn amount(&self, a: Amount, restore: bool) -> Result<(), DataError> {
        match a {
            Amount::Full if !restore => Err(self.fail("`Full` is only an amount to Restore".into())),
            Amount::N(0) => Err(self.fail("an amount of N(0) does nothing".into())),
            _ => Ok(()),
        }
    }

    fn list(&mut self, effects: &[Effect], ctx: Context) -> Result<Span, DataError> {
        // Children first, so the parent's spans point at finished runs.
        let mut compiled = Vec::with_capacity(effects.len());
        for e in effects {
            compiled.push(self.one(e, ctx)?);
        }
        let start = self.ops.len();
        if start + compiled.len() > u16::MAX as usize {
            return Err(self.fail("too many card effects in the data".into()));
        }
        self.ops.extend(compiled);
        Ok(Span { start: start as u16, len: effects.len() as u16 })
    }

    fn one(&mut self, e: &Effect, ctx: Context) -> Result<Op, DataError> {
        let op = match *e {
            Effect::Damage { amount, kind } => {
                self.amount(amount, false)?;
                Op::Damage { amount, kind }
            }
            Effect::Lose { attr, amount, kind } => {
                self.amount(amount, false)?;
                Op::Lose { attr, amount, kind }
            }
            Effect::Gain { attr, amount } => {
                self.amount(amount, false)?;
                Op::Gain { attr, amount }
            }
            Effect::Restore { attr, amount } => {
                self.amount(amount, true)?;
                Op::Restore { attr, amount }
            }
            Effect::Boost { attr, by } => {
                if by == 0 || !(-10..=10).contains(&by) {
                    return Err(self.fail(format!("Boost by {by} must be -10 to 10 and not 0")));
                }
                Op::Boost { attr, by }
            }
            Effect::Ailment(a) => Op::Ailment(a),
            Effect::Cure(a) => Op::Cure(a),
            Effect::LoseTurn => Op::LoseTurn,
            Effect::Test { attr, target, ref pass, ref fail } => {
                if !TARGETS.contains(&target) {
                    return Err(self.fail(format!("target {target} must be {} to {}", TARGETS.start(), TARGETS.end())));
                }
                let pass = self.list(pass, ctx)?;
                let fail = self.list(fail, ctx)?;
                Op::Test { attr, target, pass, fail }
            }
            Effect::Contest { attr, ref win, ref lose } => {
                let win = self.list(win, ctx)?;
                let lose = self.list(lose, ctx)?;
                Op::Contest { attr, win, lose }
            }
            Effect::Gold { amount, times } => {
                self.amount(amount, false)?;
                if times == 0 {
                    return Err(self.fail("Gold times 0 gives nothing".into()));
                }
                Op::Gold { amount, times }
            }
            Effect::LoseGold { amount } => Op::LoseGold(amount),
            Effect::Item { level } => Op::Item(self.level(level)?),
            Effect::LoseItem => Op::LoseItem,
            Effect::Potion => Op::Potion,
            Effect::Scroll => Op::Scroll,
            Effect::Spell => Op::Spell,
            Effect::Curse => Op::Curse,
            Effect::God => Op::God,
            Effect::Event => Op::Event,
            Effect::Chest => Op::Chest,
            Effect::Monster { level } => Op::Monster(self.level(level)?),
            Effect::Teleport => Op::Teleport,
            Effect::Portal => Op::Portal,
            Effect::Fall { levels } => {
                if !(1..=2).contains(&levels) {
                    return Err(self.fail(format!("Fall of {levels} levels: pits fall 1, chasms 2")));
                }
                Op::Fall(levels)
            }
            Effect::ToTown => Op::ToTown,
            Effect::Identify => Op::Identify,
            Effect::Companion { attr, by, share } => Op::Companion { attr, by, share },
        };
        if ctx == Context::Combat && !op.in_combat() {
            return Err(self.fail(format!("{e:?} cannot happen in combat")));
        }
        Ok(op)
    }

    fn level(&self, l: LevelRef) -> Result<LevelRef, DataError> {
        match l {
            LevelRef::Level(n) if !(1..=LEVELS).contains(&n) => {
                Err(self.fail(format!("level {n} must be 1 to {LEVELS}")))
            }
            _ => Ok(l),
        }
    }

    fn act(&mut self, a: &ChartAct) -> Result<Act, DataError> {
        Ok(match a {
            ChartAct::Attack => Act::Attack { kind: AttackType::Plain, bonus: 0 },
            &ChartAct::AttackWith { kind, bonus } => Act::Attack { kind, bonus },
            ChartAct::Flee => Act::Flee,
            ChartAct::Defend => Act::Defend,
            ChartAct::CastSpell => Act::CastSpell,
            ChartAct::Teleport => Act::Teleport,
            ChartAct::Mindstrike => Act::Mindstrike,
            ChartAct::Touch(e) => Act::Touch(self.list(e, Context::Combat)?),
            ChartAct::Summon(l) => match *l {
                LevelRef::Level(n) if (1..=LEVELS).contains(&n) => Act::Summon(n),
                other => return Err(self.fail(format!("Summon needs Level(1) to Level({LEVELS}), not {other:?}"))),
            },
            ChartAct::Do(e) => Act::Do(self.list(e, Context::Combat)?),
        })
    }

    /// Starts a new card: names it and counts the earlier cards of the same name in `seen`.
    fn card(&mut self, name: &str, seen: &[String]) {
        self.card = name.to_string();
        self.skip = seen.iter().filter(|n| *n == name).count();
    }
}

/// Checks a name is new in its list.
fn unique(c: &Compiler<'_>, names: &[String], name: &str) -> Result<(), DataError> {
    if name.trim().is_empty() {
        return Err(c.fail("a card needs a name".into()));
    }
    if names.iter().any(|n| n == name) {
        return Err(c.fail("the name is used twice".into()));
    }
    Ok(())
}

fn stats(c: &Compiler<'_>, s: (i8, i8, i8, i8, i8)) -> Result<[i8; 5], DataError> {
    let a = [s.0, s.1, s.2, s.3, s.4];
    for (i, &v) in a.iter().enumerate() {
        if !(MIN_STAT..=MAX_STAT).contains(&v) {
            return Err(c.fail(format!("attribute {} = {v} must be {MIN_STAT} to {MAX_STAT}", ATTR_NAMES[i])));
        }
    }
    // Speed and Mind at 0 are allowed for monsters (§5); a creature starts alive.
    if a[Attr::Health as usize] <= 0 || a[Attr::Speed as usize] < 0 || a[Attr::Mind as usize] < 0 {
        return Err(c.fail("Health must be positive, Speed and Mind not negative".into()));
    }
    Ok(a)
}

const ATTR_NAMES: [&str; 5] = ["Attack", "Defence", "Speed", "Mind", "Health"];

fn copies(c: &Compiler<'_>, n: u8) -> Result<(), DataError> {
    if n == 0 {
        return Err(c.fail("copies must be at least 1".into()));
    }
    Ok(())
}

fn check_level(c: &Compiler<'_>, level: u8) -> Result<(), DataError> {
    if !(1..=LEVELS).contains(&level) {
        return Err(c.fail(format!("level {level} must be 1 to {LEVELS}")));
    }
    Ok(())
}

/// A d8 chart's rows as eight entries, each roll covered exactly once.
fn chart<T: Copy, R>(
    c: &Compiler<'_>,
    rows: &[R],
    mut row: impl FnMut(&R) -> (u8, u8, T),
) -> Result<[T; 8], DataError> {
    let mut out: [Option<T>; 8] = [None; 8];
    for r in rows {
        let (from, to, t) = row(r);
        if from < 1 || to > 8 || from > to {
            return Err(c.fail(format!("chart row {from}-{to} must lie within 1-8, low to high")));
        }
        for roll in from..=to {
            if out[roll as usize - 1].replace(t).is_some() {
                return Err(c.fail(format!("the chart gives roll {roll} twice")));
            }
        }
    }
    if let Some(i) = out.iter().position(Option::is_none) {
        return Err(c.fail(format!("the chart misses roll {}", i + 1)));
    }
    Ok(out.map(|o| o.expect("every roll is covered (checked above)")))
}

impl ChaosRules {
    /// The embedded data.
    pub fn standard() -> ChaosRules {
        ChaosRules::load(ChaosSources::embedded()).expect("the embedded Dungeon of Chaos data is valid")
    }

    /// Parses and checks the five files.
    pub fn load(src: ChaosSources<'_>) -> Result<ChaosRules, DataError> {
        let characters: CharactersFile = parse(src.characters)?;
        let monsters: MonstersFile = parse(src.monsters)?;
        let items: ItemsFile = parse(src.items)?;
        let decks: DecksFile = parse(src.decks)?;
        let tiles: TilesFile = parse(src.tiles)?;

        let mut data_hash = FNV_OFFSET;
        for s in [src.characters, src.monsters, src.items, src.decks, src.tiles] {
            fnv1a(&mut data_hash, s.text.as_bytes());
            fnv1a(&mut data_hash, &[0]);
        }

        let mut c = Compiler { ops: Vec::new(), src: src.characters, card: String::new(), skip: 0 };

        // --- characters.ron ---
        let mut character_names = Vec::new();
        let mut chars = Vec::new();
        for ch in &characters.characters {
            c.card(&ch.name, &character_names);
            unique(&c, &character_names, &ch.name)?;
            let mut def = CharacterDef {
                stats: stats(&c, ch.stats)?,
                colours: 0,
                flying: false,
                climbing: false,
                no_weight: false,
                transmute: false,
                immune: TypeSet(0),
                action: None,
            };
            for a in &ch.abilities {
                match a {
                    Ability::Spellcasting(cols) => {
                        if cols.is_empty() {
                            return Err(c.fail("Spellcasting needs at least one colour".into()));
                        }
                        def.colours = cols.iter().fold(0, |m, &k| m | 1 << k as u8);
                    }
                    Ability::Flying => def.flying = true,
                    Ability::Climbing => def.climbing = true,
                    Ability::NoWeight => def.no_weight = true,
                    Ability::Transmute => def.transmute = true,
                    &Ability::Immune(t) => def.immune = def.immune.with(t),
                    Ability::Action { on_enemy, effects, .. } => {
                        if def.action.is_some() {
                            return Err(c.fail("one combat action per profile".into()));
                        }
                        def.action =
                            Some(ActionDef { on_enemy: *on_enemy, effects: c.list(effects, Context::Combat)? });
                    }
                }
            }
            character_names.push(ch.name.clone());
            chars.push(def);
        }
        if chars.len() < 3 || chars.len() > MAX_IDS {
            return Err(err(
                src.characters,
                "characters: [",
                0,
                format!("{} profiles: §3 draws three, at most {MAX_IDS}", chars.len()),
            ));
        }

        // --- monsters.ron ---
        c.src = src.monsters;
        let mut monster_names = Vec::new();
        let mut mons = Vec::new();
        let mut monster_decks: [Vec<u8>; 4] = Default::default();
        for m in &monsters.monsters {
            c.card(&m.name, &monster_names);
            unique(&c, &monster_names, &m.name)?;
            check_level(&c, m.level)?;
            copies(&c, m.copies)?;
            if mons.len() == MAX_IDS {
                return Err(c.fail(format!("more than {MAX_IDS} monsters")));
            }
            let mut acts = Vec::with_capacity(m.chart.len());
            for ChartRow(from, to, act) in &m.chart {
                acts.push((*from, *to, c.act(act)?));
            }
            let chart = chart(&c, &acts, |r| *r)?;
            let summoned = c.act(&m.summoned)?;
            let immune = TypeSet::of(&m.immune);
            let weak = TypeSet::of(&m.weak);
            if immune.0 & weak.0 != 0 {
                return Err(c.fail("a monster cannot be immune and weak to one attack type".into()));
            }
            let def = MonsterDef {
                level: m.level,
                kind: m.kind,
                stats: stats(&c, m.stats)?,
                gold: m.gold,
                item: m.item,
                immune,
                weak,
                chart,
                summoned,
                mount: m.mount,
                special: m.special,
            };
            let id = mons.len() as u8;
            for _ in 0..m.copies {
                monster_decks[m.level as usize - 1].push(id);
            }
            monster_names.push(m.name.clone());
            mons.push(def);
        }
        for (l, deck) in monster_decks.iter().enumerate() {
            if deck.is_empty() {
                return Err(err(src.monsters, "monsters: [", 0, format!("the level {} Monster deck is empty", l + 1)));
            }
        }
        let mut special_rules = [None; 3];
        for s in &monsters.special_rules {
            c.card = format!("{:?}", s.rule);
            c.skip = 0;
            let span = c.list(&s.on_wound, Context::Anywhere)?;
            if special_rules[s.rule as usize].replace(span).is_some() {
                return Err(err(
                    src.monsters,
                    &format!("rule: {:?}", s.rule),
                    1,
                    format!("special rules card {:?} twice", s.rule),
                ));
            }
        }
        for (i, m) in mons.iter().enumerate() {
            if let Some(rule) = m.special {
                if special_rules[rule as usize].is_none() {
                    let name = &monster_names[i];
                    return Err(err(
                        src.monsters,
                        &format!("\"{name}\""),
                        0,
                        format!("\"{name}\": no special rules card for {rule:?}"),
                    ));
                }
            }
        }
        let special_rules = special_rules.map(|s| s.unwrap_or_default());

        // --- items.ron ---
        c.src = src.items;
        let mut item_names = Vec::new();
        let mut its = Vec::new();
        let mut item_decks: [Vec<u8>; 4] = Default::default();
        for it in &items.items {
            c.card(&it.name, &item_names);
            unique(&c, &item_names, &it.name)?;
            check_level(&c, it.level)?;
            if its.len() == MAX_IDS {
                return Err(c.fail(format!("more than {MAX_IDS} items")));
            }
            if it.sturdiness > 8 || (it.sturdiness > 0 && it.kind != ItemType::Tool) {
                return Err(c.fail(format!(
                    "sturdiness {} is for Tools, 1 to 8 (a d8 above it breaks the tool)",
                    it.sturdiness
                )));
            }
            let mut def = ItemDef {
                level: it.level,
                kind: it.kind,
                value: it.value,
                weight: it.weight,
                sturdiness: it.sturdiness,
                cursed: it.cursed,
                weapon: None,
                bonus: [0; 5],
                immune: TypeSet(0),
                weak: TypeSet(0),
                flying: false,
                climbing: false,
                retribution: 0,
                opens_locks: false,
                action: None,
            };
            for p in &it.powers {
                match p {
                    &ItemPower::Weapon { bonus, kind } => {
                        if it.kind != ItemType::Weapon {
                            return Err(c.fail("a weapon bonus on an item that is not a Weapon".into()));
                        }
                        def.weapon = Some((bonus, kind));
                    }
                    &ItemPower::Bonus(attr, by) => def.bonus[attr as usize] += by,
                    &ItemPower::Immune(t) => def.immune = def.immune.with(t),
                    &ItemPower::Weak(t) => def.weak = def.weak.with(t),
                    ItemPower::Grants(Ability::Flying) => def.flying = true,
                    ItemPower::Grants(Ability::Climbing) => def.climbing = true,
                    ItemPower::Grants(other) => {
                        return Err(c.fail(format!("items grant Flying or Climbing, not {other:?}")))
                    }
                    &ItemPower::Retribution(n) => def.retribution = n,
                    ItemPower::OpensLocks => def.opens_locks = true,
                    ItemPower::Action { on_enemy, effects, .. } => {
                        def.action = Some(ActionDef { on_enemy: *on_enemy, effects: c.list(effects, Context::Combat)? })
                    }
                }
            }
            if it.kind == ItemType::Weapon && def.weapon.is_none() {
                return Err(c.fail("a Weapon needs a Weapon(bonus) power".into()));
            }
            let id = its.len() as u8;
            item_decks[it.level as usize - 1].push(id);
            item_names.push(it.name.clone());
            its.push(def);
        }
        for (l, deck) in item_decks.iter().enumerate() {
            if deck.is_empty() {
                return Err(err(src.items, "items: [", 0, format!("the level {} Item deck is empty", l + 1)));
            }
        }

        // --- decks.ron ---
        c.src = src.decks;
        let spells = card_deck(&mut c, "spells", &decks.spells, Context::Combat, true)?;
        let potions = card_deck(&mut c, "potions", &decks.potions, Context::Anywhere, false)?;
        let scrolls = card_deck(&mut c, "scrolls", &decks.scrolls, Context::Anywhere, false)?;
        let rooms = card_deck(&mut c, "rooms", &decks.rooms, Context::Anywhere, false)?;
        let events = card_deck(&mut c, "events", &decks.events, Context::Anywhere, false)?;
        let curses = card_deck(&mut c, "curses", &decks.curses, Context::Anywhere, false)?;
        let gods = card_deck(&mut c, "gods", &decks.gods, Context::Anywhere, false)?;
        let doors = door_deck(&mut c, &decks.doors)?;
        let chests = chest_deck(&mut c, &decks.chests)?;
        c.card = "confusion".into();
        c.skip = 0;
        let confusion = chart(&c, &decks.confusion, |r| (r.0, r.1, r.2))
            .map_err(|e| err(src.decks, "confusion: [", 0, e.message.replace("\"confusion\"", "the Confusion card")))?;

        // --- tiles.ron ---
        let (tile_defs, tile_names, tile_decks, entry_tile) = compile_tiles(src.tiles, &tiles)?;

        Ok(ChaosRules {
            characters: chars,
            character_names,
            monsters: mons,
            monster_names,
            monster_decks,
            special_rules,
            items: its,
            item_names,
            item_decks,
            spells,
            potions,
            scrolls,
            rooms,
            events,
            curses,
            gods,
            doors,
            chests,
            confusion,
            shop_prices: ShopPrices { potion: decks.shop.potion_price, scroll: decks.shop.scroll_price },
            tiles: tile_defs,
            tile_names,
            tile_decks,
            entry_tile,
            ops: c.ops,
            data_hash,
        })
    }

    /// The ops of a span.
    #[inline]
    pub fn ops(&self, s: Span) -> &[Op] {
        &self.ops[s.range()]
    }

    /// A monster's id by name.
    pub fn monster(&self, name: &str) -> Option<u8> {
        self.monster_names.iter().position(|n| n == name).map(|i| i as u8)
    }

    /// A character's id by name.
    pub fn character(&self, name: &str) -> Option<u8> {
        self.character_names.iter().position(|n| n == name).map(|i| i as u8)
    }

    /// An item's id by name.
    pub fn item(&self, name: &str) -> Option<u8> {
        self.item_names.iter().position(|n| n == name).map(|i| i as u8)
    }
}

fn card_deck(
    c: &mut Compiler<'_>,
    deck: &str,
    cards: &[CardData],
    ctx: Context,
    spells: bool,
) -> Result<CardDeck, DataError> {
    let mut out = CardDeck::new();
    if cards.is_empty() {
        return Err(err(c.src, &format!("{deck}: ["), 0, format!("the {deck} deck is empty")));
    }
    for card in cards {
        c.card(&card.name, &out.names);
        unique(c, &out.names, &card.name)?;
        copies(c, card.copies)?;
        if spells != card.colour.is_some() {
            return Err(c.fail("spells have a colour (White, Grey, Black); other cards none".into()));
        }
        // Spells and scrolls (READ SCROLL in combat, §10) may target an enemy.
        if card.on_enemy && !spells && deck != "scrolls" {
            return Err(c.fail("only spells and scrolls target an enemy".into()));
        }
        let effects = c.list(&card.effects, ctx)?;
        out.push(Card { colour: card.colour, on_enemy: card.on_enemy, effects }, &card.name, card.copies);
    }
    Ok(out)
}

fn door_deck(c: &mut Compiler<'_>, cards: &[DoorData]) -> Result<Deck<Door>, DataError> {
    let mut doors = Deck::new();
    for d in cards {
        c.card(&d.name, &doors.names);
        unique(c, &doors.names, &d.name)?;
        copies(c, d.copies)?;
        if d.door == DoorKind::Toll(0) {
            return Err(c.fail("a Toll of 0 coins is an open door".into()));
        }
        let effects = c.list(&d.effects, Context::Anywhere)?;
        doors.push(Door { door: d.door, effects }, &d.name, d.copies);
    }
    if !doors.cards.iter().any(|d| d.door == DoorKind::Open) {
        return Err(err(
            c.src,
            "doors: [",
            0,
            "the Door deck needs an Open door (§7: unless stated, the door opens)".into(),
        ));
    }
    Ok(doors)
}

fn chest_deck(c: &mut Compiler<'_>, cards: &[ChestData]) -> Result<Deck<Chest>, DataError> {
    let mut chests = Deck::new();
    for ch in cards {
        c.card(&ch.name, &chests.names);
        unique(c, &chests.names, &ch.name)?;
        copies(c, ch.copies)?;
        let trap = c.list(&ch.trap, Context::Anywhere)?;
        let loot = c.list(&ch.loot, Context::Anywhere)?;
        chests.push(Chest { locked: ch.locked, trap, loot }, &ch.name, ch.copies);
    }
    if chests.cards.is_empty() {
        return Err(err(c.src, "chests: [", 0, "the chests deck is empty".into()));
    }
    Ok(chests)
}

/// Whether the tile guide says the feature draws a Room card: `Some` when it says, `None` for
/// N/A or features the guide's table leaves out.
fn guide_room(f: Feature) -> Option<bool> {
    use Feature::*;
    match f {
        Room | StaircaseUp | StaircaseDown | PortalChamber | Floodgates | Spikes(_) | Laboratory | Library
        | TomeOfKnowledge | CrystalBall => Some(true),
        Corridor | Ice | Slide | MuddyCorridor | Chasm | GiantFan | Pit | Dark | MysteriousStatues | Shoppe
        | Pentagram => Some(false),
        Tunnel | LockedDoor | MagicalBarrier | Fountain | Springboard | Altar | Teleporter | Entry => None,
    }
}

type Tiles = (Vec<TileDef>, Vec<String>, [Vec<u16>; 3], u16);

fn compile_tiles(src: Source<'_>, file: &TilesFile) -> Result<Tiles, DataError> {
    let mut c = Compiler { ops: Vec::new(), src, card: String::new(), skip: 0 };
    let (mut defs, mut names) = (Vec::new(), Vec::<String>::new());
    let mut decks: [Vec<u16>; 3] = Default::default();
    let mut entry = None;
    for t in &file.tiles {
        c.card(&t.name, &names);
        unique(&c, &names, &t.name)?;
        copies(&c, t.copies)?;
        if let Some(room) = guide_room(t.feature) {
            if room != t.room {
                return Err(c.fail(format!(
                    "the tile guide says a {:?} tile {} a Room card",
                    t.feature,
                    if room { "draws" } else { "draws no" }
                )));
            }
        }
        let (cols, rows) = match t.size {
            TileSize::One => (1, 1),
            TileSize::OneByTwo => (1, 2),
            TileSize::TwoByTwo => (2, 2),
        };
        let mut exits = [SquareExits(0); 4];
        for &super::data::ExitData(col, row, side, kind) in &t.exits {
            if col >= cols || row >= rows {
                return Err(c.fail(format!("exit on square ({col}, {row}) is off a {cols}×{rows} tile")));
            }
            let inner = match side {
                Side::Back => row > 0,
                Side::Ahead => row + 1 < rows,
                Side::Left => col > 0,
                Side::Right => col + 1 < cols,
            };
            if inner {
                return Err(c.fail(format!("exit ({col}, {row}, {side:?}) leads into the same tile")));
            }
            let shift = match kind {
                ExitKind::Open => 0,
                ExitKind::Door => 4,
                ExitKind::WhiteArrow => 8,
            } + side as u16;
            let sq = &mut exits[(row * 2 + col) as usize];
            if sq.get(side).is_some() {
                return Err(c.fail(format!("two exits on ({col}, {row}, {side:?})")));
            }
            sq.0 |= 1 << shift;
        }
        if exits[0].get(Side::Back).is_none() {
            return Err(c.fail("no exit on (0, 0, Back): the tile is entered there (§7)".into()));
        }
        let id = defs.len() as u16;
        if t.feature == Feature::Entry {
            if entry.replace(id).is_some() || t.size != TileSize::TwoByTwo {
                return Err(c.fail("one Entry tile, 2×2 (§1)".into()));
            }
        } else if !t.special {
            decks[t.size as usize].extend(std::iter::repeat_n(id, t.copies as usize));
        }
        defs.push(TileDef { size: t.size, feature: t.feature, room: t.room, exits });
        names.push(t.name.clone());
    }
    let Some(entry) = entry else {
        return Err(err(src, "tiles: [", 0, "no Entry tile (§1: the 2×2 Entry Tile)".into()));
    };
    for (i, d) in decks.iter().enumerate() {
        if d.is_empty() {
            return Err(err(
                src,
                "tiles: [",
                0,
                format!("the {:?} tile deck is empty", [TileSize::One, TileSize::OneByTwo, TileSize::TwoByTwo][i]),
            ));
        }
    }
    Ok((defs, names, decks, entry))
}
