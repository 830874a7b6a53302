//! The classic (1987) data checked once and compiled into compact tables.
//!
//! [`ClassicRules::load`] parses the six files of `data/dungeonquest/classic/`, checks every
//! value (an error names the file and line, through the same [`DataError`] and helpers as the
//! Revised loader) and compiles them into ids and small `Copy` values: the combat display as a
//! 3×3 array, the solo and Longbow tables by roll, each Monster card as a row of reactions per
//! monster type, the other six decks as one card per physical card ([`super::decks`]) and the
//! Room tiles as the engine's tile definitions ([`super::tiles`]). The engine does no IO:
//! callers pass file names and contents; [`ClassicRules::embedded`] uses the copies built in.

use super::data::{
    ClassicAbility, ClassicCombatFile, ClassicHeroesFile, Damage, MonstersFile, Reaction, RingEffect, Shot, SoloResult,
    TreasureFile,
};
use super::decks::{compile_decks, ClassicDecks, DecksFile};
use super::tiles::{compile_tiles, ClassicTiles, ClassicTilesFile};
use crate::dungeonquest::rules::{err, fnv1a, parse, DataError, Source, FNV_OFFSET};

/// The classic data folder, relative to the workspace root (one place to change).
macro_rules! classic_dir {
    () => {
        "data/dungeonquest/classic/"
    };
}

/// A file of the classic folder: its name in messages and its embedded text.
macro_rules! classic_file {
    ($f:literal) => {
        Source { name: concat!(classic_dir!(), $f), text: include_str!(concat!("../../../../", classic_dir!(), $f)) }
    };
}

/// The data folder of the classic edition, relative to the workspace root.
pub const DATA_DIR: &str = classic_dir!();

/// Most monster types (the Monster cards' rows are fixed arrays of this size).
pub const MAX_KINDS: usize = 8;
/// Most life points a monster can have on a card.
pub const MAX_MONSTER_LIFE: u8 = 20;
/// Most life points a hero sheet may have.
pub const MAX_HERO_LIFE: u8 = 30;

/// The six files of the classic edition.
#[derive(Clone, Copy, Debug)]
pub struct ClassicSources<'a> {
    pub heroes: Source<'a>,
    pub combat: Source<'a>,
    pub monsters: Source<'a>,
    pub treasure: Source<'a>,
    pub decks: Source<'a>,
    pub tiles: Source<'a>,
}

impl ClassicSources<'static> {
    /// The file names the folder holds, in load order.
    pub const FILES: [&'static str; 6] =
        ["heroes.ron", "combat.ron", "monsters.ron", "treasure.ron", "decks.ron", "tiles.ron"];

    /// The copies embedded at build time.
    pub fn embedded() -> ClassicSources<'static> {
        ClassicSources {
            heroes: classic_file!("heroes.ron"),
            combat: classic_file!("combat.ron"),
            monsters: classic_file!("monsters.ron"),
            treasure: classic_file!("treasure.ron"),
            decks: classic_file!("decks.ron"),
            tiles: classic_file!("tiles.ron"),
        }
    }
}

/// LPs lost to a slash or a dragon's breath: fixed or rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Fixed(u8),
    D6,
    D12,
}

impl From<Damage> for Hit {
    fn from(d: Damage) -> Hit {
        match d {
            Damage::Fixed(n) => Hit::Fixed(n),
            Damage::D6 => Hit::D6,
            Damage::D12 => Hit::D12,
        }
    }
}

/// A compiled Monster-card result (the data's [`Reaction`] with ids and checked values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    Combat { life: u8 },
    Escape,
    Flee,
    SlashEscape(Hit),
    SlashCombat { slash: Hit, life: u8 },
}

/// The hero's choice when a monster appears; indexes a card row's headings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Stance {
    Attack = 0,
    Wait = 1,
    Escape = 2,
}

/// One Monster card: by monster kind, the results under attack, wait and see, escape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonsterCard {
    pub rows: [[Response; 3]; MAX_KINDS],
}

impl MonsterCard {
    /// The result for monster `kind` under `stance`.
    #[inline]
    pub fn read(&self, kind: u8, stance: Stance) -> Response {
        self.rows[kind as usize % MAX_KINDS][stance as usize]
    }
}

/// A monster type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonsterKind {
    pub id: String,
    pub name: String,
    /// LPs the first Killed arrow of a combat costs instead of killing (Champion of Chaos).
    pub first_kill_damage: Option<u8>,
}

/// One compiled Character Sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicHero {
    pub id: String,
    pub name: String,
    pub life: u8,
    /// Strength, Agility, Armour, Luck.
    pub attrs: [u8; 4],
    /// LPs added to the monster's loss when his Mighty Blow meets its Slash.
    pub mighty_blow_bonus: i8,
    /// Missile shots a game (El-Adoran's arrows); 0 for none.
    pub arrows: u8,
    /// An extra hero whose sheet is not verified; left out unless asked for.
    pub unverified: bool,
}

/// One round's losses from the combat display or the solo table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    pub hero: u8,
    pub monster: u8,
}

/// A solo D12 roll's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloRoll {
    Loses(Losses),
    Reroll,
}

/// A Magic Ring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    pub name: String,
    pub effect: RingEffect,
}

/// The Dragon counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dragon {
    pub asleep: u8,
    pub awake: u8,
    pub breath: Hit,
}

/// The validated classic data.
#[derive(Clone, Debug)]
pub struct ClassicRules {
    /// All sheets, the four of the box first; see [`ClassicRules::default_heroes`].
    pub heroes: Vec<ClassicHero>,
    /// `[hero counter][monster counter]` (indices of [`super::data::Counter`]) → losses.
    pub chart: [[Losses; 3]; 3],
    /// By D12 roll − 1.
    pub solo: [SoloRoll; 12],
    /// By D6 roll − 1.
    pub longbow: [Shot; 6],
    /// Most arrows in one combat.
    pub arrows_per_combat: u8,
    pub kinds: Vec<MonsterKind>,
    pub monster_cards: Vec<MonsterCard>,
    /// Gold of each Treasure counter.
    pub treasure: Vec<u16>,
    pub treasure_per_turn: u8,
    pub dragon: Dragon,
    pub rings: Vec<Ring>,
    /// The Room, Door, Trap, Corpse, Crypt and Search decks and the Potion Table.
    pub decks: ClassicDecks,
    /// The Room tiles and the Chamber of Darkness table.
    pub tiles: ClassicTiles,
    /// Which tables are estimates (the Monster cards, the Longbow Table, ...), by file.
    pub estimated: Vec<&'static str>,
    /// FNV-1a hash of the data files, for run metadata.
    pub data_hash: u64,
}

impl ClassicRules {
    /// The embedded data (checked by a test, so this cannot fail in a release).
    pub fn embedded() -> ClassicRules {
        ClassicRules::load(ClassicSources::embedded()).expect("embedded classic data is valid")
    }

    /// Parses and checks the six files.
    pub fn load(src: ClassicSources<'_>) -> Result<ClassicRules, DataError> {
        let heroes: ClassicHeroesFile = parse(src.heroes)?;
        let combat: ClassicCombatFile = parse(src.combat)?;
        let monsters: MonstersFile = parse(src.monsters)?;
        let treasure: TreasureFile = parse(src.treasure)?;
        let decks: DecksFile = parse(src.decks)?;
        let tiles: ClassicTilesFile = parse(src.tiles)?;
        let mut data_hash = FNV_OFFSET;
        for s in [src.heroes, src.combat, src.monsters, src.treasure, src.decks, src.tiles] {
            fnv1a(&mut data_hash, s.text.as_bytes());
            fnv1a(&mut data_hash, &[0]);
        }
        let mut estimated = Vec::new();
        let heroes = compile_heroes(&heroes, src.heroes)?;
        let (chart, solo) = compile_chart(&combat, src.combat)?;
        let longbow = compile_longbow(&combat, src.combat)?;
        if combat.longbow.estimated.is_some() {
            estimated.push("combat.ron: longbow");
        }
        let (kinds, monster_cards) = compile_monsters(&monsters, src.monsters)?;
        if monsters.estimated.is_some() {
            estimated.push("monsters.ron: cards");
        }
        let (treasure_values, dragon, rings) = compile_treasure(&treasure, src.treasure)?;
        if treasure.dragon.estimated.is_some() {
            estimated.push("treasure.ron: dragon");
        }
        let (decks, deck_notes) = compile_decks(&decks, src.decks, &kinds)?;
        estimated.extend(deck_notes);
        if tiles.tiles.iter().any(|t| t.estimated.is_some()) {
            estimated.push("tiles.ron: tiles");
        }
        let tiles = compile_tiles(&tiles, src.tiles)?;
        Ok(ClassicRules {
            heroes,
            chart,
            solo,
            longbow,
            arrows_per_combat: combat.longbow.per_combat,
            kinds,
            monster_cards,
            treasure: treasure_values,
            treasure_per_turn: treasure.per_turn,
            dragon,
            rings,
            decks,
            tiles,
            estimated,
            data_hash,
        })
    }

    /// The sheets played unless asked otherwise: the verified ones (the box's four).
    pub fn default_heroes(&self) -> impl Iterator<Item = (u8, &ClassicHero)> {
        self.heroes.iter().enumerate().filter(|(_, h)| !h.unverified).map(|(i, h)| (i as u8, h))
    }

    /// A hero by id (`el-adoran`).
    pub fn hero_by_id(&self, id: &str) -> Option<u8> {
        self.heroes.iter().position(|h| h.id == id).map(|i| i as u8)
    }

    /// A monster type by id (`champion`).
    pub fn kind_by_id(&self, id: &str) -> Option<u8> {
        self.kinds.iter().position(|k| k.id == id).map(|i| i as u8)
    }

    /// The chart's losses for one hero: the display, with his Mighty Blow bonus on Mighty Blow
    /// against Slash (never below zero).
    pub fn chart_for(&self, hero: u8) -> [[Losses; 3]; 3] {
        let mut c = self.chart;
        if let Some(h) = self.heroes.get(hero as usize) {
            let cell = &mut c[super::data::Counter::MightyBlow.index()][super::data::Counter::Slash.index()];
            cell.monster = (cell.monster as i16 + h.mighty_blow_bonus as i16).max(0) as u8;
        }
        c
    }
}

fn compile_heroes(f: &ClassicHeroesFile, src: Source<'_>) -> Result<Vec<ClassicHero>, DataError> {
    if f.heroes.is_empty() || f.heroes.len() > 64 {
        return Err(err(src, "heroes:", 0, "1 to 64 heroes".into()));
    }
    let mut out: Vec<ClassicHero> = Vec::new();
    for h in &f.heroes {
        let at = format!("\"{}\"", h.id);
        let fail = |m: String| err(src, &at, 0, format!("hero \"{}\": {m}", h.id));
        if out.iter().any(|o| o.id == h.id) {
            return Err(err(src, &at, 1, format!("hero id \"{}\" is listed twice", h.id)));
        }
        if h.life == 0 || h.life > MAX_HERO_LIFE {
            return Err(fail(format!("life {} must be 1 to {MAX_HERO_LIFE}", h.life)));
        }
        let attrs = [h.strength, h.agility, h.armour, h.luck];
        if attrs.iter().any(|&a| a > 12) {
            return Err(fail("characteristics are tested on a D12: at most 12".into()));
        }
        let mut bonus = None;
        let mut arrows = None;
        for a in &h.abilities {
            match a.ability {
                ClassicAbility::MightyBlowBonus(b) => {
                    if bonus.replace(b).is_some() || !(-3..=3).contains(&b) {
                        return Err(fail("one MightyBlowBonus, -3 to 3".into()));
                    }
                }
                ClassicAbility::Arrows(n) => {
                    if arrows.replace(n).is_some() || !(1..=12).contains(&n) {
                        return Err(fail("one Arrows, 1 to 12".into()));
                    }
                }
            }
        }
        out.push(ClassicHero {
            id: h.id.clone(),
            name: h.name.clone(),
            life: h.life,
            attrs,
            mighty_blow_bonus: bonus.unwrap_or(0),
            arrows: arrows.unwrap_or(0),
            unverified: h.unverified.is_some(),
        });
    }
    if out.iter().all(|h| h.unverified) {
        return Err(err(src, "heroes:", 0, "at least one hero must be verified (no `unverified`)".into()));
    }
    Ok(out)
}

type Chart = ([[Losses; 3]; 3], [SoloRoll; 12]);

fn compile_chart(f: &ClassicCombatFile, src: Source<'_>) -> Result<Chart, DataError> {
    let mut chart = [[None::<Losses>; 3]; 3];
    for (i, c) in f.chart.iter().enumerate() {
        let cell = &mut chart[c.hero.index()][c.monster.index()];
        if cell.is_some() {
            return Err(err(src, "(hero:", i, format!("chart cell {:?} vs {:?} is listed twice", c.hero, c.monster)));
        }
        if c.hero_loses == 0 && c.monster_loses == 0 {
            // A round that costs nobody anything could repeat for ever.
            return Err(err(src, "(hero:", i, format!("chart cell {:?} vs {:?} must cost someone", c.hero, c.monster)));
        }
        if c.hero_loses > 6 || c.monster_loses > 6 {
            return Err(err(src, "(hero:", i, "a chart cell costs at most 6 LPs".into()));
        }
        *cell = Some(Losses { hero: c.hero_loses, monster: c.monster_loses });
    }
    let mut out = [[Losses::default(); 3]; 3];
    for (i, row) in chart.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            out[i][j] = c.ok_or_else(|| err(src, "chart:", 0, "the chart needs all 9 counter pairs".into()))?;
        }
    }
    let mut solo = [None::<SoloRoll>; 12];
    for (i, l) in f.solo.iter().enumerate() {
        if l.lo == 0 || l.hi > 12 || l.lo > l.hi {
            return Err(err(src, "(lo:", i, format!("solo line {}-{} must lie within 1-12", l.lo, l.hi)));
        }
        let r = match l.result {
            SoloResult::Loses { hero: 0, monster: 0 } => {
                return Err(err(src, "(lo:", i, format!("solo line {}-{} must cost someone", l.lo, l.hi)));
            }
            SoloResult::Loses { hero, monster } => SoloRoll::Loses(Losses { hero, monster }),
            SoloResult::Reroll => SoloRoll::Reroll,
        };
        for v in l.lo..=l.hi {
            if solo[v as usize - 1].replace(r).is_some() {
                return Err(err(src, "(lo:", i, format!("solo roll {v} is covered twice")));
            }
        }
    }
    let mut solo_out = [SoloRoll::Reroll; 12];
    for (v, r) in solo.iter().enumerate() {
        solo_out[v] = r.ok_or_else(|| err(src, "solo:", 0, format!("the solo table does not cover roll {}", v + 1)))?;
    }
    if solo_out.iter().all(|r| *r == SoloRoll::Reroll) {
        return Err(err(src, "solo:", 0, "the solo table needs a roll that is not a reroll".into()));
    }
    Ok((out, solo_out))
}

fn compile_longbow(f: &ClassicCombatFile, src: Source<'_>) -> Result<[Shot; 6], DataError> {
    let b = &f.longbow;
    if !(1..=4).contains(&b.per_combat) {
        return Err(err(src, "per_combat:", 0, "per_combat must be 1 to 4".into()));
    }
    // The longbow lines come after the solo lines, which also start with `(lo:`.
    let skip = f.solo.len();
    let mut t = [None::<Shot>; 6];
    for (i, l) in b.table.iter().enumerate() {
        if l.lo == 0 || l.hi > 6 || l.lo > l.hi {
            return Err(err(src, "(lo:", skip + i, format!("longbow line {}-{} must lie within 1-6", l.lo, l.hi)));
        }
        for v in l.lo..=l.hi {
            if t[v as usize - 1].replace(l.result).is_some() {
                return Err(err(src, "(lo:", skip + i, format!("longbow roll {v} is covered twice")));
            }
        }
    }
    let mut out = [Shot::Missed; 6];
    for (v, s) in t.iter().enumerate() {
        out[v] =
            s.ok_or_else(|| err(src, "longbow:", 0, format!("the longbow table does not cover roll {}", v + 1)))?;
    }
    Ok(out)
}

fn hit(d: Damage) -> Result<Hit, String> {
    match d {
        Damage::Fixed(n) if n > 20 => Err(format!("a slash of {n} LPs: at most 20")),
        d => Ok(d.into()),
    }
}

fn compile_monsters(f: &MonstersFile, src: Source<'_>) -> Result<(Vec<MonsterKind>, Vec<MonsterCard>), DataError> {
    if f.kinds.is_empty() || f.kinds.len() > MAX_KINDS {
        return Err(err(src, "kinds:", 0, format!("1 to {MAX_KINDS} monster kinds")));
    }
    let mut kinds: Vec<MonsterKind> = Vec::new();
    for k in &f.kinds {
        let at = format!("(id: \"{}\"", k.id);
        if kinds.iter().any(|o| o.id == k.id) {
            return Err(err(src, &at, 1, format!("monster kind \"{}\" is listed twice", k.id)));
        }
        if k.first_kill_damage == Some(0) {
            return Err(err(src, &at, 0, format!("kind \"{}\": first_kill_damage must be at least 1", k.id)));
        }
        kinds.push(MonsterKind { id: k.id.clone(), name: k.name.clone(), first_kill_damage: k.first_kill_damage });
    }
    if f.cards.len() != f.size as usize || f.cards.is_empty() {
        let m = format!("the Monster deck lists {} cards but size is {} (at least 1)", f.cards.len(), f.size);
        return Err(err(src, "size:", 0, m));
    }
    let mut cards = Vec::with_capacity(f.cards.len());
    for (ci, c) in f.cards.iter().enumerate() {
        let at = format!("\"{}\"", c.name);
        if f.cards[..ci].iter().any(|o| o.name == c.name) {
            return Err(err(src, &at, 1, format!("card name \"{}\" is used twice", c.name)));
        }
        let mut rows = [[Response::Flee; 3]; MAX_KINDS];
        let mut seen = [false; MAX_KINDS];
        for row in &c.rows {
            // The row's own line: the `kind` entry after the card's name.
            let row_line = |m: String| {
                let card_line = err(src, &at, 0, String::new()).line;
                let needle = format!("(kind: \"{}\"", row.kind);
                let line = src
                    .text
                    .lines()
                    .enumerate()
                    .skip(card_line)
                    .find(|(_, l)| l.contains(&needle))
                    .map_or(card_line, |(i, _)| i + 1);
                DataError { file: src.name.to_string(), line, message: format!("{}, {}: {m}", c.name, row.kind) }
            };
            let Some(k) = kinds.iter().position(|x| x.id == row.kind) else {
                return Err(row_line("no such monster kind".into()));
            };
            if std::mem::replace(&mut seen[k], true) {
                return Err(row_line("the kind has two rows on this card".into()));
            }
            for (s, r) in [row.attack, row.wait, row.escape].into_iter().enumerate() {
                let escape_heading = s == Stance::Escape as usize;
                rows[k][s] = match r {
                    Reaction::Combat { life } | Reaction::SlashCombat { life, .. }
                        if life == 0 || life > MAX_MONSTER_LIFE =>
                    {
                        return Err(row_line(format!("life {life} must be 1 to {MAX_MONSTER_LIFE}")));
                    }
                    Reaction::Escape | Reaction::SlashEscape(_) if !escape_heading => {
                        // The hero escapes only when he chose to (ruling, docs/rulings.md).
                        return Err(row_line("Escape results belong under `escape` only".into()));
                    }
                    Reaction::Combat { life } => Response::Combat { life },
                    Reaction::Escape => Response::Escape,
                    Reaction::Flee => Response::Flee,
                    Reaction::SlashEscape(d) => Response::SlashEscape(hit(d).map_err(row_line)?),
                    Reaction::SlashCombat { slash, life } => {
                        Response::SlashCombat { slash: hit(slash).map_err(row_line)?, life }
                    }
                };
            }
        }
        if let Some(k) = (0..kinds.len()).find(|&k| !seen[k]) {
            return Err(err(src, &at, 0, format!("{} has no row for \"{}\"", c.name, kinds[k].id)));
        }
        cards.push(MonsterCard { rows });
    }
    Ok((kinds, cards))
}

type Treasure = (Vec<u16>, Dragon, Vec<Ring>);

fn compile_treasure(f: &TreasureFile, src: Source<'_>) -> Result<Treasure, DataError> {
    if f.treasure.is_empty() || f.treasure.len() > 64 {
        return Err(err(src, "treasure:", 0, "1 to 64 Treasure counters".into()));
    }
    if f.per_turn == 0 || f.per_turn as usize > f.treasure.len() {
        return Err(err(src, "per_turn:", 0, "per_turn must be 1 to the number of counters".into()));
    }
    let d = &f.dragon;
    if d.awake == 0 || d.asleep as usize + d.awake as usize > 32 {
        return Err(err(src, "awake:", 0, "at least one awake Dragon counter and at most 32 in all".into()));
    }
    let breath = hit(d.breath).map_err(|m| err(src, "breath:", 0, m))?;
    if f.rings.is_empty() || f.rings.len() > 8 {
        return Err(err(src, "rings:", 0, "1 to 8 Magic Rings".into()));
    }
    let mut rings: Vec<Ring> = Vec::new();
    for r in &f.rings {
        if let RingEffect::Healing { up_to: 0 } = r.effect {
            return Err(err(src, &format!("\"{}\"", r.name), 0, "a Healing ring restores at least 1 LP".into()));
        }
        rings.push(Ring { name: r.name.clone(), effect: r.effect });
    }
    Ok((f.treasure.clone(), Dragon { asleep: d.asleep, awake: d.awake, breath }, rings))
}
