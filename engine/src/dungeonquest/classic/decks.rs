//! The six card decks of the classic (1987) edition besides the Monster deck, and the Potion
//! Table: the schema of `decks.ron` and its compiled form.
//!
//! The 1987 cards are few and each does one printed thing, so a card's effect is one value of a
//! closed enum ([`CardEffect`]) rather than a list of steps: the game flow matches on it. Damage
//! is a [`Roll`] written as on the card (`"D12-Armour"`, `"D6-2"`, `"D12+3-Luck"`, `"4"`).
//! [`compile_decks`] checks every deck (size, one Shuffle, monster ids, which cards belong where)
//! and expands the counts into one `Copy` card per physical card.

use serde::Deserialize;

use super::rules::MonsterKind;
use crate::dungeonquest::rules::{err, DataError, Source};

/// A character's tested characteristic, in the order of `ClassicHero::attrs`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum Characteristic {
    Strength,
    Agility,
    Armour,
    Luck,
}

impl Characteristic {
    /// Index in `ClassicHero::attrs`.
    pub const fn index(self) -> usize {
        self as usize
    }

    fn from_name(s: &str) -> Option<Characteristic> {
        [Self::Strength, Self::Agility, Self::Armour, Self::Luck].into_iter().find(|c| format!("{c:?}") == s)
    }
}

/// The die a [`Roll`] throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Die {
    /// No die: the roll is its fixed part.
    None,
    D6,
    D12,
}

impl Die {
    /// Highest face (0 for no die).
    pub const fn faces(self) -> u8 {
        match self {
            Die::None => 0,
            Die::D6 => 6,
            Die::D12 => 12,
        }
    }
}

/// LPs lost to a card: a die (or none) plus a fixed part, less one characteristic; never
/// below 0 (rulebook 3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub die: Die,
    pub plus: i8,
    pub less: Option<Characteristic>,
}

impl Roll {
    /// LPs lost for a die showing `rolled` (ignored without a die) by a character of `attrs`
    /// (Strength, Agility, Armour, Luck).
    pub fn lose(self, rolled: u8, attrs: [u8; 4]) -> u8 {
        let die = if self.die == Die::None { 0 } else { rolled as i16 };
        let less = self.less.map_or(0, |c| attrs[c.index()] as i16);
        (die + self.plus as i16 - less).clamp(0, u8::MAX as i16) as u8
    }

    /// The most LPs it can cost anyone (the die's top face, no characteristic).
    pub fn worst(self) -> u8 {
        (self.die.faces() as i16 + self.plus as i16).max(0) as u8
    }

    /// Parses the card's text: `D6` or `D12` or a number, then `+n` / `-n`, then `-Stat`.
    pub fn parse(s: &str) -> Result<Roll, String> {
        let bad = || {
            format!("roll \"{s}\": write D6 or D12 or a number, then +n or -n, then -Strength/-Agility/-Armour/-Luck")
        };
        let (die, mut rest) = if let Some(r) = s.strip_prefix("D12") {
            (Die::D12, r)
        } else if let Some(r) = s.strip_prefix("D6") {
            (Die::D6, r)
        } else {
            (Die::None, s)
        };
        let mut plus: Option<i8> = None;
        if die == Die::None {
            let n = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            plus = Some(rest[..n].parse().map_err(|_| bad())?);
            rest = &rest[n..];
        }
        let mut less = None;
        while !rest.is_empty() {
            let sign = rest.as_bytes()[0];
            if sign != b'+' && sign != b'-' {
                return Err(bad());
            }
            let body = &rest[1..];
            let end = body[1.min(body.len())..].find(['+', '-']).map_or(body.len(), |i| i + 1);
            let (term, tail) = body.split_at(end);
            if let Some(c) = Characteristic::from_name(term) {
                if sign == b'+' || less.replace(c).is_some() {
                    return Err(bad());
                }
            } else {
                if term.is_empty() || !term.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let n: i8 = term.parse().map_err(|_| bad())?;
                if plus.is_some() || n > 12 {
                    return Err(bad());
                }
                plus = Some(if sign == b'-' { -n } else { n });
            }
            rest = tail;
        }
        let roll = Roll { die, plus: plus.unwrap_or(0), less };
        if roll.worst() == 0 {
            return Err(format!("roll \"{s}\" can never cost an LP"));
        }
        if roll.worst() > 20 {
            return Err(format!("roll \"{s}\" costs more than 20 LPs"));
        }
        Ok(roll)
    }
}

/// The decks of `decks.ron`, by index in [`ClassicDecks`].
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub enum ClassicDeck {
    Room,
    Door,
    Trap,
    Corpse,
    Crypt,
    Search,
}

impl ClassicDeck {
    /// All six, in index order.
    pub const ALL: [ClassicDeck; 6] = [Self::Room, Self::Door, Self::Trap, Self::Corpse, Self::Crypt, Self::Search];

    /// The deck's key in `decks.ron` (`room`).
    pub const fn key(self) -> &'static str {
        match self {
            Self::Room => "room",
            Self::Door => "door",
            Self::Trap => "trap",
            Self::Corpse => "corpse",
            Self::Crypt => "crypt",
            Self::Search => "search",
        }
    }
}

/// A card's effect as written in `decks.ron` (rolls as text, monsters by id).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum CardEffectData {
    Nothing,
    Shuffle,
    Treasure(u16),
    Lose(String),
    CaveIn {
        then: String,
    },
    /// Quarter turns clockwise for D6 rolls 1 to 6.
    RotateCorridors(Vec<u8>),
    Search(ClassicDeck),
    GiantSpider {
        flee_from: u8,
        picks: u8,
        bite: u8,
        arrows: u8,
        arrow_kills_from: u8,
    },
    Monster(String),
    SneakAttack {
        kind: String,
        hit: String,
    },
    Potion,
    Trapdoor {
        fall: String,
    },
    TorchGoesOut {
        picks: u8,
    },
    Rope,
    Skeleton {
        kind: String,
        wakes_from: u8,
    },
    SecretDoor,
    DoorOpens,
    DoorJammed,
    DoorTrap(String),
}

/// One card line: `count` identical cards.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CardLine {
    pub name: String,
    #[serde(default = "crate::dungeonquest::data::one")]
    pub count: u8,
    pub effect: CardEffectData,
    /// A "trap" Room card, which the Ring of Warning avoids.
    #[serde(default)]
    pub trap: bool,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// One deck: its size and card lines.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeckData {
    pub size: u8,
    pub cards: Vec<CardLine>,
}

/// What a Potion Table line does.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum PotionData {
    Nothing,
    Lose(String),
    Restore(String),
    RestoreAll,
}

/// One Potion Table line: D12 rolls `lo..=hi`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PotionLine {
    pub lo: u8,
    pub hi: u8,
    pub result: PotionData,
}

/// The Potion Table printed on the board.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PotionTableData {
    pub table: Vec<PotionLine>,
    #[serde(default)]
    pub estimated: Option<String>,
}

/// `decks.ron`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DecksFile {
    pub room: DeckData,
    pub door: DeckData,
    pub trap: DeckData,
    pub corpse: DeckData,
    pub crypt: DeckData,
    pub search: DeckData,
    pub potion: PotionTableData,
}

impl DecksFile {
    fn deck(&self, d: ClassicDeck) -> &DeckData {
        match d {
            ClassicDeck::Room => &self.room,
            ClassicDeck::Door => &self.door,
            ClassicDeck::Trap => &self.trap,
            ClassicDeck::Corpse => &self.corpse,
            ClassicDeck::Crypt => &self.crypt,
            ClassicDeck::Search => &self.search,
        }
    }
}

/// The Giant Spider card's numbers (reference sheet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spider {
    /// A flight succeeds on a D6 of this or more (3: "on a 3-6, you escape").
    pub flee_from: u8,
    /// Numbers picked before each D6 of the fight; one of them rolled kills it.
    pub picks: u8,
    /// LPs lost each turn it lives.
    pub bite: u8,
    /// Arrows El-Adoran may fire a turn instead of fighting.
    pub arrows: u8,
    /// An arrow kills on a D6 of this or more.
    pub arrow_kills_from: u8,
}

/// What a card does, compiled: ids and parsed rolls, `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardEffect {
    /// Nothing happens (Empty, Nothing).
    Nothing,
    /// Shuffle the deck with this card and draw again (rulebook 7).
    Shuffle,
    /// Treasure kept face up; counts at the end (Bracelet, Guineas, ...).
    Treasure {
        gold: u16,
    },
    /// Lose LPs (Crossfire Trap, Vampire Bats, Scorpions, crypt and trap cards, Centipede).
    Lose(Roll),
    /// Pick 1-6 and roll a D6: the number kills; otherwise lose `then`.
    CaveIn {
        then: Roll,
    },
    /// Every Corridor tile turns clockwise by these quarter turns, by D6 roll − 1.
    RotateCorridors {
        quarter_turns: [u8; 6],
    },
    /// The hero may search: draw from the Corpse or Crypt deck (Dead Adventurer, Crypt).
    Search(ClassicDeck),
    GiantSpider(Spider),
    /// A monster of this kind (a `monsters.ron` kind index): attack, wait or escape (8.1).
    Monster {
        kind: u8,
    },
    /// The monster hits first (`hit`), then attack or escape only (8.3).
    SneakAttack {
        kind: u8,
        hit: Roll,
    },
    /// Kept (one at a time) and drunk at the start of a turn: the Potion Table.
    Potion,
    /// D12 ≤ Agility avoids it; else fall (`fall` LPs), keep the card, climb out later.
    Trapdoor {
        fall: Roll,
    },
    /// Kept; the turn ends; relit by rolling one of `picks` numbers on a D6.
    TorchGoesOut {
        picks: u8,
    },
    /// Kept: climbs out of a Trapdoor automatically.
    Rope,
    /// D6 of `wakes_from` or more: fight it as monster `kind` (the Death Warrior).
    Skeleton {
        kind: u8,
        wakes_from: u8,
    },
    /// Move at once to any adjacent square; no escape from a monster there.
    SecretDoor,
    DoorOpens,
    /// The door stays shut; the turn ends.
    DoorJammed,
    /// Lose LPs; the door stays shut and the turn ends.
    DoorTrap(Roll),
}

/// One physical card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassicCard {
    /// Index in [`ClassicDecks::names`].
    pub name: u16,
    pub effect: CardEffect,
    /// A "trap" Room card the Ring of Warning avoids.
    pub trap: bool,
}

/// A Potion Table result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PotionResult {
    Nothing,
    Lose(Roll),
    /// Restores the roll's LPs, never above the starting level.
    Restore(Roll),
    RestoreAll,
}

/// The compiled decks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicDecks {
    /// Card names, one per card line (`ClassicCard::name` indexes it).
    pub names: Vec<String>,
    /// By [`ClassicDeck`] index: one entry per physical card, in file order.
    pub cards: [Vec<ClassicCard>; 6],
    /// By D12 roll − 1.
    pub potion: [PotionResult; 12],
}

impl ClassicDecks {
    /// The physical cards of one deck.
    pub fn deck(&self, d: ClassicDeck) -> &[ClassicCard] {
        &self.cards[d as usize]
    }

    /// A card's name.
    pub fn name(&self, c: ClassicCard) -> &str {
        &self.names[c.name as usize]
    }
}

/// The line of the first `needle` at or after line `from` (1-based), else `from`.
fn line_after(src: Source<'_>, from: usize, needle: &str) -> usize {
    src.text
        .lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, l)| l.contains(needle))
        .map_or(from, |(i, _)| i + 1)
}

/// Checks `decks.ron` against the monster kinds and compiles it; the `estimated` notes by
/// table name.
pub fn compile_decks(
    f: &DecksFile,
    src: Source<'_>,
    kinds: &[MonsterKind],
) -> Result<(ClassicDecks, Vec<&'static str>), DataError> {
    let mut names = Vec::new();
    let mut cards: [Vec<ClassicCard>; 6] = Default::default();
    let mut estimated = Vec::new();
    for deck in ClassicDeck::ALL {
        let data = f.deck(deck);
        let head = err(src, &format!("{}: (", deck.key()), 0, String::new()).line;
        let mut shuffles = 0;
        // Lines are looked for in order, so a name used twice points at its second line.
        let mut cursor = head;
        for (i, line) in data.cards.iter().enumerate() {
            let at = line_after(src, cursor, &format!("(name: \"{}\"", line.name));
            cursor = at + 1;
            let fail = |m: String| DataError {
                file: src.name.to_string(),
                line: at,
                message: format!("{} deck, \"{}\": {m}", deck.key(), line.name),
            };
            if data.cards[..i].iter().any(|o| o.name == line.name) {
                return Err(fail("the name is used twice in this deck".into()));
            }
            if line.count == 0 {
                return Err(fail("count must be at least 1".into()));
            }
            if line.trap && deck != ClassicDeck::Room {
                return Err(fail("`trap` marks Room cards only".into()));
            }
            let effect = compile_effect(&line.effect, deck, kinds).map_err(fail)?;
            if effect == CardEffect::Shuffle {
                shuffles += line.count;
            }
            if line.estimated.is_some() && estimated.last() != Some(&deck_note(deck)) {
                estimated.push(deck_note(deck));
            }
            let name = names.len() as u16;
            names.push(line.name.clone());
            for _ in 0..line.count {
                cards[deck as usize].push(ClassicCard { name, effect, trap: line.trap });
            }
        }
        let size_line = line_after(src, head, "size:");
        let total = cards[deck as usize].len();
        if total != data.size as usize {
            let m = format!("the {} deck's lines add up to {total} cards but size is {}", deck.key(), data.size);
            return Err(DataError { file: src.name.to_string(), line: size_line, message: m });
        }
        if shuffles != 1 {
            let m = format!("the {} deck needs exactly one Shuffle card (rulebook 7), not {shuffles}", deck.key());
            return Err(DataError { file: src.name.to_string(), line: size_line, message: m });
        }
    }
    if !cards[ClassicDeck::Door as usize].iter().any(|c| c.effect == CardEffect::DoorOpens) {
        return Err(err(src, "door: (", 0, "the door deck needs a Door Opens card".into()));
    }
    let potion = compile_potion(&f.potion, src)?;
    if f.potion.estimated.is_some() {
        estimated.push("decks.ron: potion table");
    }
    Ok((ClassicDecks { names, cards, potion }, estimated))
}

fn deck_note(d: ClassicDeck) -> &'static str {
    match d {
        ClassicDeck::Room => "decks.ron: room deck",
        ClassicDeck::Door => "decks.ron: door deck",
        ClassicDeck::Trap => "decks.ron: trap deck",
        ClassicDeck::Corpse => "decks.ron: corpse deck",
        ClassicDeck::Crypt => "decks.ron: crypt deck",
        ClassicDeck::Search => "decks.ron: search deck",
    }
}

fn kind_of(id: &str, kinds: &[MonsterKind]) -> Result<u8, String> {
    kinds
        .iter()
        .position(|k| k.id == id)
        .map(|i| i as u8)
        .ok_or_else(|| format!("no monster kind \"{id}\" in monsters.ron"))
}

fn d6(what: &str, v: u8) -> Result<u8, String> {
    if (1..=6).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{what} {v} must be 1 to 6"))
    }
}

fn compile_effect(e: &CardEffectData, deck: ClassicDeck, kinds: &[MonsterKind]) -> Result<CardEffect, String> {
    use CardEffectData as D;
    let door_card = matches!(e, D::DoorOpens | D::DoorJammed | D::DoorTrap(_));
    if door_card != (deck == ClassicDeck::Door) && !matches!(e, D::Shuffle) {
        return Err(if door_card {
            "door cards belong to the door deck".into()
        } else {
            "the door deck holds only door cards and its Shuffle".into()
        });
    }
    Ok(match e {
        D::Nothing => CardEffect::Nothing,
        D::Shuffle => CardEffect::Shuffle,
        D::Treasure(0) => return Err("a treasure is worth at least 1 GP".into()),
        D::Treasure(g) => CardEffect::Treasure { gold: *g },
        D::Lose(r) => CardEffect::Lose(Roll::parse(r)?),
        D::CaveIn { then } => CardEffect::CaveIn { then: Roll::parse(then)? },
        D::RotateCorridors(t) => {
            let Ok(quarter_turns) = <[u8; 6]>::try_from(t.as_slice()) else {
                return Err("one quarter-turn count for each D6 roll, six in all".into());
            };
            if quarter_turns.iter().any(|&q| !(1..=3).contains(&q)) {
                return Err("quarter turns must be 1 to 3".into());
            }
            CardEffect::RotateCorridors { quarter_turns }
        }
        D::Search(d @ (ClassicDeck::Corpse | ClassicDeck::Crypt)) if *d != deck => CardEffect::Search(*d),
        D::Search(d) => return Err(format!("a search draws from the corpse or crypt deck, not {d:?} from here")),
        D::GiantSpider { flee_from, picks, bite, arrows, arrow_kills_from } => {
            if !(1..=5).contains(picks) || *bite == 0 || *arrows > 12 {
                return Err("the spider needs 1 to 5 picks, a bite of at least 1 and at most 12 arrows".into());
            }
            CardEffect::GiantSpider(Spider {
                flee_from: d6("flee_from", *flee_from)?,
                picks: *picks,
                bite: *bite,
                arrows: *arrows,
                arrow_kills_from: d6("arrow_kills_from", *arrow_kills_from)?,
            })
        }
        D::Monster(k) => CardEffect::Monster { kind: kind_of(k, kinds)? },
        D::SneakAttack { kind, hit } => CardEffect::SneakAttack { kind: kind_of(kind, kinds)?, hit: Roll::parse(hit)? },
        D::Potion => CardEffect::Potion,
        D::Trapdoor { fall } => CardEffect::Trapdoor { fall: Roll::parse(fall)? },
        D::TorchGoesOut { picks } if (1..=5).contains(picks) => CardEffect::TorchGoesOut { picks: *picks },
        D::TorchGoesOut { picks } => return Err(format!("picks {picks} must be 1 to 5")),
        D::Rope => CardEffect::Rope,
        D::Skeleton { kind, wakes_from } => {
            CardEffect::Skeleton { kind: kind_of(kind, kinds)?, wakes_from: d6("wakes_from", *wakes_from)? }
        }
        D::SecretDoor => CardEffect::SecretDoor,
        D::DoorOpens => CardEffect::DoorOpens,
        D::DoorJammed => CardEffect::DoorJammed,
        D::DoorTrap(r) => CardEffect::DoorTrap(Roll::parse(r)?),
    })
}

fn compile_potion(p: &PotionTableData, src: Source<'_>) -> Result<[PotionResult; 12], DataError> {
    let mut t = [None::<PotionResult>; 12];
    for (i, l) in p.table.iter().enumerate() {
        let at = |m: String| err(src, "(lo:", i, format!("potion line {}-{}: {m}", l.lo, l.hi));
        if l.lo == 0 || l.hi > 12 || l.lo > l.hi {
            return Err(at("must lie within 1-12".into()));
        }
        let r = match &l.result {
            PotionData::Nothing => PotionResult::Nothing,
            PotionData::Lose(s) => PotionResult::Lose(Roll::parse(s).map_err(at)?),
            PotionData::Restore(s) => PotionResult::Restore(Roll::parse(s).map_err(at)?),
            PotionData::RestoreAll => PotionResult::RestoreAll,
        };
        for v in l.lo..=l.hi {
            if t[v as usize - 1].replace(r).is_some() {
                return Err(at(format!("roll {v} is covered twice")));
            }
        }
    }
    let mut out = [PotionResult::Nothing; 12];
    for (v, r) in t.iter().enumerate() {
        out[v] =
            r.ok_or_else(|| err(src, "potion: (", 0, format!("the potion table does not cover roll {}", v + 1)))?;
    }
    Ok(out)
}
