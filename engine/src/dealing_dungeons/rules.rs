//! The Dealing Dungeons data checked once and compiled into compact tables.
//!
//! [`DealingRules::load`] parses the six files of `data/dealing_dungeons/`, checks every value
//! (an error names the file and line, through the same [`DataError`] as DungeonQuest) and
//! compiles them into small `Copy` values addressed by `u8` ids: doorway masks, monsters,
//! loot, bosses, each hero's skill totals per level, and the decks as lists of ids (one entry
//! per physical card). The engine does no IO: callers pass file names and contents;
//! [`DealingRules::standard`] uses the copies built in.

use super::data::{
    AttackRule, BossSkill, BossesFile, ByPlayers, ComponentsData, Effect, EncounterKind, EncountersFile, GameFile,
    HeroesFile, LootFile, LootKind, MonsterSkill, PotionEffect, RollLine, RoomData, RoomsFile, Side,
};
use crate::dungeonquest::rules::{err, fnv1a, parse, DataError, Source, FNV_OFFSET};

/// The data folder, relative to the workspace root (one place to change).
macro_rules! dd_dir {
    () => {
        "data/dealing_dungeons/"
    };
}

/// A file of the folder: its name in messages and its embedded text.
macro_rules! dd_file {
    ($f:literal) => {
        Source { name: concat!(dd_dir!(), $f), text: include_str!(concat!("../../../", dd_dir!(), $f)) }
    };
}

/// The data folder, relative to the workspace root.
pub const DATA_DIR: &str = dd_dir!();

/// Most lives any monster, boss or hero can have once every mode's extras are added.
pub const MAX_LIVES: u8 = 16;
/// Most lives printed on a card.
pub const MAX_CARD_LIVES: u8 = 9;
/// Most hero levels a game can reach (Solo Hard goes past the card's three).
pub const MAX_LEVEL: u8 = 30;

/// The six files of the folder.
#[derive(Clone, Copy, Debug)]
pub struct DealingSources<'a> {
    pub game: Source<'a>,
    pub rooms: Source<'a>,
    pub encounters: Source<'a>,
    pub loot: Source<'a>,
    pub bosses: Source<'a>,
    pub heroes: Source<'a>,
}

impl DealingSources<'static> {
    /// The file names the folder holds, in load order.
    pub const FILES: [&'static str; 6] =
        ["game.ron", "rooms.ron", "encounters.ron", "loot.ron", "bosses.ron", "heroes.ron"];

    /// The copies embedded at build time.
    pub fn embedded() -> DealingSources<'static> {
        DealingSources {
            game: dd_file!("game.ron"),
            rooms: dd_file!("rooms.ron"),
            encounters: dd_file!("encounters.ron"),
            loot: dd_file!("loot.ron"),
            bosses: dd_file!("bosses.ron"),
            heroes: dd_file!("heroes.ron"),
        }
    }
}

/// A room card: its doorways as a mask of [`Side::bit`]s, the card upright.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    pub id: String,
    pub name: String,
    pub doors: u8,
}

impl Room {
    /// Whether the upright card has a doorway on `side`.
    #[inline]
    pub fn has_door(&self, side: Side) -> bool {
        self.doors & side.bit() != 0
    }

    /// How many doorways the card has.
    pub fn door_count(&self) -> u32 {
        self.doors.count_ones()
    }
}

/// The table as the rulebook measures it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    pub space_inches: f32,
    pub card_inches: (f32, f32),
    pub table_spaces: (u8, u8),
}

/// A monster as printed on its Encounter card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monster {
    /// The Attack value, which is also its XP value.
    pub attack: u8,
    /// The Defense value; `None` is N/A (it cannot be defended against).
    pub defense: Option<u8>,
    pub lives: u8,
    /// The Range icon: a failed ranged attack against it costs a life.
    pub range: bool,
}

/// What an Encounter card is, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encounter {
    Monster(Monster),
    Darkness,
    Empty,
}

/// One kind of Encounter card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncounterCard {
    pub id: String,
    pub name: String,
    pub encounter: Encounter,
}

/// Modifiers of equipped In Hand cards (summed over the equipped ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mods {
    pub combat: i8,
    pub defend: i8,
    pub range: u8,
}

impl Mods {
    /// Both cards' modifiers together ("plus modifiers can stack").
    pub fn plus(self, o: Mods) -> Mods {
        Mods {
            combat: self.combat.saturating_add(o.combat),
            defend: self.defend.saturating_add(o.defend),
            range: self.range.saturating_add(o.range),
        }
    }
}

/// What a Loot card is, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loot {
    Gold(u16),
    InHand(Mods),
    HealingPotion,
    SpecialPotion(PotionEffect),
    Nothing,
}

/// One kind of Loot card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LootCard {
    pub id: String,
    pub name: String,
    pub loot: Loot,
}

/// One End Boss card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boss {
    pub id: String,
    pub name: String,
    pub lives: u8,
    pub skill: BossSkill,
}

/// A hero's skill totals at one level. `Copy`: a fight takes one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Skills {
    pub combat: i8,
    pub defend: i8,
    pub range: u8,
    /// In Hand cards equipped at once.
    pub hand_slots: u8,
    pub boss_combat: i8,
    /// Added to the usual Defend bonus.
    pub defend_bonus: u8,
}

impl Skills {
    /// `self` counted `k` times plus `rest` (levels past the card: the Barbarian example). The
    /// hand slots are a count of hands, not a bonus, so they are never multiplied.
    fn rounds(self, k: i8, rest: Skills) -> Skills {
        let ku = k as u8;
        Skills {
            combat: self.combat.saturating_mul(k).saturating_add(rest.combat),
            defend: self.defend.saturating_mul(k).saturating_add(rest.defend),
            range: self.range.saturating_mul(ku).saturating_add(rest.range),
            hand_slots: self.hand_slots.max(rest.hand_slots),
            boss_combat: self.boss_combat.saturating_mul(k).saturating_add(rest.boss_combat),
            defend_bonus: self.defend_bonus.saturating_mul(ku).saturating_add(rest.defend_bonus),
        }
    }
}

/// Which side of a double-sided Hero card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeroSide {
    Front,
    Back,
}

/// One double-sided Hero card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hero {
    pub id: String,
    pub name: String,
    pub back: String,
    /// Skill totals at card levels 1, 2, 3, by side.
    pub levels: [[Skills; 3]; 2],
}

impl Hero {
    /// The skills at `level` (1 or more). Past the card's three, levels count again in
    /// rounds of three on top of level 3's totals (Solo Hard's Barbarian: level 4 is level 3
    /// plus level 1, level 6 twice level 3, level 9 three times).
    pub fn skills(&self, side: HeroSide, level: u8) -> Skills {
        let card = &self.levels[side as usize];
        let level = level.clamp(1, MAX_LEVEL);
        let rounds = (level - 1) / 3;
        let within = card[(level - 3 * rounds) as usize - 1];
        if rounds == 0 {
            return within;
        }
        card[2].rounds(rounds as i8, within)
    }

    /// The side's name.
    pub fn side_name(&self, side: HeroSide) -> &str {
        match side {
            HeroSide::Front => &self.name,
            HeroSide::Back => &self.back,
        }
    }
}

/// One level of a Solo Hard dungeon, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HardLevel {
    pub monster_attack: AttackRule,
    pub monster_lives: u8,
    pub boss_lives: u8,
    pub boss_attack: u8,
}

/// The numbers of every mode (`game.ron`), indexed for play: by player count, by roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modes {
    /// The box's tokens, cards and dice.
    pub components: ComponentsData,
    pub players: (u8, u8),
    /// Spaces between entrances, by player count (0 where not given).
    pub entrance_spacing: [u8; 5],
    pub dungeon_rooms: u8,
    pub start_lives: u8,
    pub max_lives: u8,
    pub potion_tokens: u8,
    pub xp_per_life: u8,
    pub xp_per_level: u8,
    pub exchanges_per_turn: u8,
    pub card_levels: u8,
    pub gold_per_in_hand: u16,
    pub gold_per_potion: u16,
    pub defend_bonus: u8,
    pub boss_dice: u8,
    pub boss_loot: u8,
    pub kilter_after_lives_lost: u8,
    pub challenge_attack_dice: u8,
    /// Solo Moderate's way out: attack and lives added.
    pub moderate_attack: u8,
    pub moderate_lives: u8,
    pub long_dungeon: (u8, u8),
    pub hard_levels: [HardLevel; 4],
    pub hard_boss_loot: u8,
    pub hard_missed_turn_lives: u8,
    pub hard_levels_beyond_card: bool,
    /// Co-Op room cards per player, by player count.
    pub coop_rooms: [u8; 5],
    pub coop_move: u8,
    /// Co-Op monster lives by 1D6 − 1.
    pub coop_monster_lives: [u8; 6],
    pub coop_crowd_lives: u8,
    pub coop_crowd_attack: u8,
    pub coop_flee_wounds: u8,
    pub coop_minions: u8,
    pub coop_minion_lives: u8,
    pub coop_minion_attack: u8,
    pub coop_boss_lives: [u8; 5],
    pub chaos_boss_lives: u8,
    /// Wounds the Chaos boss heals by 1D6 − 1.
    pub chaos_boss_heal: [u8; 6],
    pub chaos_attack_back_on: u8,
    pub chaos_secret_doors: u8,
    pub chaos_encounters: u8,
}

/// The validated Dealing Dungeons data.
#[derive(Clone, Debug)]
pub struct DealingRules {
    /// Room card kinds; [`DealingRules::room_deck`] holds one id per physical card.
    pub rooms: Vec<Room>,
    pub room_deck: Vec<u8>,
    pub entrance: Room,
    pub treasure_room: Room,
    pub geometry: Geometry,
    pub encounters: Vec<EncounterCard>,
    pub encounter_deck: Vec<u8>,
    pub loot: Vec<LootCard>,
    pub loot_deck: Vec<u8>,
    pub bosses: Vec<Boss>,
    pub heroes: Vec<Hero>,
    pub modes: Modes,
    /// FNV-1a hash of the data files, for run metadata.
    pub data_hash: u64,
}

impl DealingRules {
    /// The embedded data (checked by a test, so this cannot fail in a release).
    pub fn standard() -> DealingRules {
        DealingRules::load(DealingSources::embedded()).expect("embedded Dealing Dungeons data is valid")
    }

    /// Parses and checks the six files.
    pub fn load(src: DealingSources<'_>) -> Result<DealingRules, DataError> {
        let game: GameFile = parse(src.game)?;
        let rooms: RoomsFile = parse(src.rooms)?;
        let encounters: EncountersFile = parse(src.encounters)?;
        let loot: LootFile = parse(src.loot)?;
        let bosses: BossesFile = parse(src.bosses)?;
        let heroes: HeroesFile = parse(src.heroes)?;
        let mut data_hash = FNV_OFFSET;
        for s in [src.game, src.rooms, src.encounters, src.loot, src.bosses, src.heroes] {
            fnv1a(&mut data_hash, s.text.as_bytes());
            fnv1a(&mut data_hash, &[0]);
        }
        let modes = compile_modes(&game, src.game)?;
        let (room_kinds, room_deck) = compile_rooms(&rooms, src.rooms)?;
        let (encounter_kinds, encounter_deck) = compile_encounters(&encounters, src.encounters)?;
        let (loot_kinds, loot_deck) = compile_loot(&loot, src.loot)?;
        Ok(DealingRules {
            rooms: room_kinds,
            room_deck,
            entrance: compile_room(&rooms.entrance, src.rooms)?,
            treasure_room: compile_room(&rooms.treasure_room, src.rooms)?,
            geometry: compile_geometry(&rooms, src.rooms)?,
            encounters: encounter_kinds,
            encounter_deck,
            loot: loot_kinds,
            loot_deck,
            bosses: compile_bosses(&bosses, src.bosses)?,
            heroes: compile_heroes(&heroes, src.heroes, modes.card_levels)?,
            modes,
            data_hash,
        })
    }

    /// The hero with this id.
    pub fn hero(&self, id: &str) -> Option<u8> {
        self.heroes.iter().position(|h| h.id == id).map(|i| i as u8)
    }

    /// The End Boss with this id.
    pub fn boss(&self, id: &str) -> Option<u8> {
        self.bosses.iter().position(|b| b.id == id).map(|i| i as u8)
    }

    /// The Encounter card kind with this id.
    pub fn encounter(&self, id: &str) -> Option<u8> {
        self.encounters.iter().position(|e| e.id == id).map(|i| i as u8)
    }

    /// The monster on Encounter card kind `id`, if it is one.
    pub fn monster(&self, id: &str) -> Option<Monster> {
        match self.encounters.get(self.encounter(id)? as usize)?.encounter {
            Encounter::Monster(m) => Some(m),
            _ => None,
        }
    }
}

/// The line holding `id: "x"` (its `skip`-th occurrence).
fn at_id(src: Source<'_>, id: &str, skip: usize, message: String) -> DataError {
    err(src, &format!("id: \"{id}\""), skip, message)
}

/// Checks ids are unique and the copies add up to the deck size; returns one entry per card.
fn deck<'a>(
    src: Source<'_>,
    what: &str,
    size: u8,
    cards: impl Iterator<Item = (&'a str, u8)> + Clone,
) -> Result<Vec<u8>, DataError> {
    let ids: Vec<&str> = cards.clone().map(|(id, _)| id).collect();
    if ids.len() > u8::MAX as usize {
        return Err(err(src, "size:", 0, format!("more than 255 kinds of {what}")));
    }
    for (i, id) in ids.iter().enumerate() {
        if id.is_empty() {
            return Err(err(src, "id: \"\"", 0, format!("a {what} has an empty id")));
        }
        if ids[..i].contains(id) {
            return Err(at_id(src, id, 1, format!("duplicate {what} id {id:?}")));
        }
    }
    let mut out = Vec::new();
    for (k, (id, copies)) in cards.enumerate() {
        if copies == 0 {
            return Err(at_id(src, id, 0, format!("{what} {id:?} has 0 copies")));
        }
        out.extend(std::iter::repeat_n(k as u8, copies as usize));
    }
    if out.len() != size as usize {
        return Err(err(src, "size:", 0, format!("the {what} copies add up to {}, not size {size}", out.len())));
    }
    Ok(out)
}

fn compile_room(r: &RoomData, src: Source<'_>) -> Result<Room, DataError> {
    let mut doors = 0u8;
    for &s in &r.doors {
        if doors & s.bit() != 0 {
            return Err(at_id(src, &r.id, 0, format!("room {:?} has two doorways on side {s:?}", r.id)));
        }
        doors |= s.bit();
    }
    if doors == 0 {
        return Err(at_id(src, &r.id, 0, format!("room {:?} has no doorway (it could never be entered)", r.id)));
    }
    Ok(Room { id: r.id.clone(), name: r.name.clone(), doors })
}

fn compile_rooms(f: &RoomsFile, src: Source<'_>) -> Result<(Vec<Room>, Vec<u8>), DataError> {
    let deck = deck(src, "room", f.size, f.rooms.iter().map(|r| (r.id.as_str(), r.copies)))?;
    let rooms = f.rooms.iter().map(|r| compile_room(r, src)).collect::<Result<Vec<_>, _>>()?;
    Ok((rooms, deck))
}

fn compile_geometry(f: &RoomsFile, src: Source<'_>) -> Result<Geometry, DataError> {
    let g = &f.geometry;
    let ok = |x: f32| x.is_finite() && x > 0.0;
    if !ok(g.space_inches) || !ok(g.card_inches.0) || !ok(g.card_inches.1) {
        return Err(err(src, "inches", 0, "sizes in inches must be positive numbers".into()));
    }
    if g.table_spaces.0 == 0 || g.table_spaces.1 == 0 {
        return Err(err(src, "table_spaces", 0, "the table needs at least one space each way".into()));
    }
    Ok(Geometry { space_inches: g.space_inches, card_inches: g.card_inches, table_spaces: g.table_spaces })
}

fn check_lives(src: Source<'_>, id: &str, lives: u8) -> Result<(), DataError> {
    if lives == 0 || lives > MAX_CARD_LIVES {
        return Err(at_id(src, id, 0, format!("{id:?} has {lives} lives; a card has 1 to {MAX_CARD_LIVES}")));
    }
    Ok(())
}

fn compile_encounters(f: &EncountersFile, src: Source<'_>) -> Result<(Vec<EncounterCard>, Vec<u8>), DataError> {
    let deck = deck(src, "encounter", f.size, f.cards.iter().map(|c| (c.id.as_str(), c.copies)))?;
    let mut out = Vec::with_capacity(f.cards.len());
    for c in &f.cards {
        let encounter = match &c.kind {
            EncounterKind::Monster { attack, defense, lives, skills } => {
                if !(2..=12).contains(attack) {
                    return Err(at_id(src, &c.id, 0, format!("{:?} has attack {attack}; 2D6 gives 2 to 12", c.id)));
                }
                if let Some(d) = defense {
                    if !(1..=6).contains(d) {
                        let m = format!("{:?} has defense {d}; a 1D6 gives 1 to 6 (N/A is `None`)", c.id);
                        return Err(at_id(src, &c.id, 0, m));
                    }
                }
                check_lives(src, &c.id, *lives)?;
                let mut range = false;
                for s in skills {
                    match s {
                        MonsterSkill::Range if range => {
                            return Err(at_id(src, &c.id, 0, format!("{:?} lists Range twice", c.id)));
                        }
                        MonsterSkill::Range => range = true,
                    }
                }
                Encounter::Monster(Monster { attack: *attack, defense: *defense, lives: *lives, range })
            }
            EncounterKind::Darkness => Encounter::Darkness,
            EncounterKind::Empty => Encounter::Empty,
        };
        out.push(EncounterCard { id: c.id.clone(), name: c.name.clone(), encounter });
    }
    Ok((out, deck))
}

/// In Hand modifiers; hero-only effects are refused.
fn item_mods(src: Source<'_>, id: &str, effects: &[Effect]) -> Result<Mods, DataError> {
    if effects.is_empty() {
        return Err(at_id(src, id, 0, format!("In Hand card {id:?} has no modifier")));
    }
    let mut m = Mods::default();
    for e in effects {
        m = match *e {
            Effect::Combat(n) => Mods { combat: m.combat + n, ..m },
            Effect::Defend(n) => Mods { defend: m.defend + n, ..m },
            Effect::Range(n) => Mods { range: m.range + n, ..m },
            other => {
                let msg = format!("{other:?} on In Hand card {id:?}: only Combat, Defend and Range are card modifiers");
                return Err(at_id(src, id, 0, msg));
            }
        };
    }
    Ok(m)
}

fn compile_loot(f: &LootFile, src: Source<'_>) -> Result<(Vec<LootCard>, Vec<u8>), DataError> {
    let deck = deck(src, "loot", f.size, f.cards.iter().map(|c| (c.id.as_str(), c.copies)))?;
    let mut out = Vec::with_capacity(f.cards.len());
    for c in &f.cards {
        let loot = match &c.kind {
            LootKind::Gold(0) => return Err(at_id(src, &c.id, 0, format!("gold card {:?} is worth 0", c.id))),
            LootKind::Gold(v) => Loot::Gold(*v),
            LootKind::InHand(effects) => Loot::InHand(item_mods(src, &c.id, effects)?),
            LootKind::HealingPotion => Loot::HealingPotion,
            LootKind::SpecialPotion(p) => {
                let heal = match *p {
                    PotionEffect::Heal(n) | PotionEffect::HealAndFight { heal: n, .. } => n,
                    PotionEffect::Ward => 1,
                };
                if heal == 0 {
                    return Err(at_id(src, &c.id, 0, format!("special potion {:?} heals nothing", c.id)));
                }
                Loot::SpecialPotion(*p)
            }
            LootKind::Nothing => Loot::Nothing,
        };
        out.push(LootCard { id: c.id.clone(), name: c.name.clone(), loot });
    }
    Ok((out, deck))
}

fn compile_bosses(f: &BossesFile, src: Source<'_>) -> Result<Vec<Boss>, DataError> {
    deck(src, "boss", f.size, f.bosses.iter().map(|b| (b.id.as_str(), 1)))?;
    let mut out = Vec::with_capacity(f.bosses.len());
    for b in &f.bosses {
        check_lives(src, &b.id, b.lives)?;
        match b.skill {
            BossSkill::Regenerate(n) | BossSkill::Curse(n) if !(1..=6).contains(&n) => {
                return Err(at_id(src, &b.id, 0, format!("{:?}: {:?} needs a 1D6 number, 1 to 6", b.id, b.skill)));
            }
            BossSkill::Fear(n) | BossSkill::Armour(n) | BossSkill::Fury(n) if !(1..=6).contains(&n) => {
                return Err(at_id(src, &b.id, 0, format!("{:?}: {:?} must be 1 to 6", b.id, b.skill)));
            }
            _ => {}
        }
        out.push(Boss { id: b.id.clone(), name: b.name.clone(), lives: b.lives, skill: b.skill });
    }
    Ok(out)
}

fn level_skills(src: Source<'_>, id: &str, effects: &[Effect]) -> Result<Skills, DataError> {
    let mut s = Skills { hand_slots: 1, ..Skills::default() };
    let mut seen: Vec<std::mem::Discriminant<Effect>> = Vec::new();
    for e in effects {
        let d = std::mem::discriminant(e);
        if seen.contains(&d) {
            return Err(at_id(
                src,
                id,
                0,
                format!("hero {id:?} lists {e:?}'s kind twice in one level (give the total)"),
            ));
        }
        seen.push(d);
        match *e {
            Effect::Combat(n) => s.combat = n,
            Effect::Defend(n) => s.defend = n,
            Effect::Range(n) => s.range = n,
            Effect::HandSlots(0) => return Err(at_id(src, id, 0, format!("hero {id:?} with 0 hand slots"))),
            Effect::HandSlots(n) => s.hand_slots = n,
            Effect::BossCombat(n) => s.boss_combat = n,
            Effect::DefendBonus(n) => s.defend_bonus = n,
        }
    }
    Ok(s)
}

fn card_levels(src: Source<'_>, id: &str, levels: &[Vec<Effect>], n: u8) -> Result<[Skills; 3], DataError> {
    if levels.len() != n as usize || n != 3 {
        return Err(at_id(src, id, 0, format!("hero {id:?} has {} levels; a card has {n}", levels.len())));
    }
    let mut out = [Skills::default(); 3];
    for (i, l) in levels.iter().enumerate() {
        out[i] = level_skills(src, id, l)?;
    }
    for i in 1..3 {
        let (a, b) = (out[i - 1], out[i]);
        let lower = b.combat < a.combat
            || b.defend < a.defend
            || b.range < a.range
            || b.hand_slots < a.hand_slots
            || b.boss_combat < a.boss_combat
            || b.defend_bonus < a.defend_bonus;
        if lower {
            let m = format!("hero {id:?}: level {} is below level {i} (levels list totals; skills are kept)", i + 1);
            return Err(at_id(src, id, 0, m));
        }
    }
    Ok(out)
}

fn compile_heroes(f: &HeroesFile, src: Source<'_>, n: u8) -> Result<Vec<Hero>, DataError> {
    deck(src, "hero", f.size, f.heroes.iter().map(|h| (h.id.as_str(), 1)))?;
    let mut out = Vec::with_capacity(f.heroes.len());
    for h in &f.heroes {
        let front = card_levels(src, &h.id, &h.levels, n)?;
        let back = match &h.back_levels {
            Some(b) => card_levels(src, &h.id, b, n)?,
            None => front,
        };
        out.push(Hero { id: h.id.clone(), name: h.name.clone(), back: h.back.clone(), levels: [front, back] });
    }
    Ok(out)
}

/// A by-player-count list as an array indexed by player count.
fn by_players(src: Source<'_>, field: &str, list: &[ByPlayers], need: (u8, u8)) -> Result<[u8; 5], DataError> {
    let mut out = [0u8; 5];
    let mut seen = [false; 5];
    for b in list {
        if b.players == 0 || b.players > 4 || seen[b.players as usize] {
            return Err(err(src, field, 0, format!("{field} lists player count {} twice or out of 1-4", b.players)));
        }
        seen[b.players as usize] = true;
        out[b.players as usize] = b.n;
    }
    if let Some(p) = (need.0..=need.1).find(|&p| !seen[p as usize]) {
        return Err(err(src, field, 0, format!("{field} has no entry for {p} players")));
    }
    Ok(out)
}

/// A 1D6 table as an array by roll − 1: every face exactly once.
fn d6_table(src: Source<'_>, field: &str, lines: &[RollLine]) -> Result<[u8; 6], DataError> {
    let mut out = [0u8; 6];
    let mut seen = [false; 6];
    for l in lines {
        if l.lo == 0 || l.hi > 6 || l.lo > l.hi {
            return Err(err(src, field, 0, format!("{field}: rolls {}-{} are not 1D6 faces", l.lo, l.hi)));
        }
        for r in l.lo..=l.hi {
            if seen[r as usize - 1] {
                return Err(err(src, field, 0, format!("{field}: roll {r} is listed twice")));
            }
            seen[r as usize - 1] = true;
            out[r as usize - 1] = l.n;
        }
    }
    if let Some(r) = seen.iter().position(|s| !s) {
        return Err(err(src, field, 0, format!("{field}: roll {} is missing", r + 1)));
    }
    Ok(out)
}

fn compile_modes(g: &GameFile, src: Source<'_>) -> Result<Modes, DataError> {
    let s = &g.standard;
    let (lo, hi) = s.players;
    if lo == 0 || lo > hi || hi > 4 {
        return Err(err(src, "players:", 0, format!("players ({lo}, {hi}) must be within 1-4, low first")));
    }
    if s.start_lives == 0 || s.start_lives > s.max_lives || s.max_lives > MAX_CARD_LIVES {
        let m = format!("start_lives {} and max_lives {} must be 1 <= start <= max <= 9", s.start_lives, s.max_lives);
        return Err(err(src, "max_lives:", 0, m));
    }
    for (field, v) in [
        ("dungeon_rooms:", s.dungeon_rooms),
        ("xp_per_life:", s.xp_per_life),
        ("xp_per_level:", s.xp_per_level),
        ("exchanges_per_turn:", s.exchanges_per_turn),
        ("boss_dice:", s.boss_dice),
        ("challenge_attack_dice:", s.challenge_attack_dice),
    ] {
        if v == 0 {
            return Err(err(src, field, 0, format!("{} must be above 0", field.trim_end_matches(':'))));
        }
    }
    if s.card_levels != 3 {
        return Err(err(src, "card_levels:", 0, format!("card_levels is {}; hero cards have 3", s.card_levels)));
    }
    if s.boss_dice > 4 {
        return Err(err(
            src,
            "boss_dice:",
            0,
            format!("boss_dice {} is more than the 4 the fights allow", s.boss_dice),
        ));
    }
    let h = &g.solo_hard;
    if h.levels.len() != 4 {
        return Err(err(src, "levels:", 0, format!("solo_hard has {} levels; the mode has 4", h.levels.len())));
    }
    let mut hard =
        [HardLevel { monster_attack: AttackRule::Printed, monster_lives: 0, boss_lives: 0, boss_attack: 0 }; 4];
    for (i, l) in h.levels.iter().enumerate() {
        if let AttackRule::Rolled { dice, .. } = l.monster_attack {
            if !(1..=4).contains(&dice) {
                return Err(err(src, "Rolled", 0, format!("solo_hard level {}: {dice} attack dice (1 to 4)", i + 1)));
            }
        }
        hard[i] = HardLevel {
            monster_attack: l.monster_attack,
            monster_lives: l.monster_lives,
            boss_lives: l.boss_lives,
            boss_attack: l.boss_attack,
        };
    }
    let m = &g.solo_moderate;
    if m.long_dungeon.0 > m.long_dungeon.1 || m.long_dungeon.0 < s.dungeon_rooms {
        return Err(err(src, "long_dungeon:", 0, "long_dungeon must be (from, to) with from >= dungeon_rooms".into()));
    }
    let c = &g.co_op;
    let x = &g.chaos;
    if !(1..=6).contains(&x.attack_back_on) {
        return Err(err(src, "attack_back_on:", 0, format!("attack_back_on {} is not a 1D6 face", x.attack_back_on)));
    }
    let k = g.components;
    if k.entrance_cards < hi || k.treasure_room_cards < hi || k.dashboards < hi {
        return Err(err(
            src,
            "entrance_cards:",
            0,
            format!("{hi} players need {hi} entrance, treasure room and dashboard cards"),
        ));
    }
    if k.life_tokens < hi * s.max_lives || k.potion_tokens < hi * s.potion_tokens {
        return Err(err(src, "life_tokens:", 0, format!("{hi} players need {hi} x max_lives life and potion tokens")));
    }
    if k.dice < s.boss_dice {
        return Err(err(src, "dice:", 0, format!("{} dice cannot roll the boss's {}", k.dice, s.boss_dice)));
    }
    Ok(Modes {
        components: k,
        players: s.players,
        entrance_spacing: by_players(src, "entrance_spacing", &s.entrance_spacing, (lo.max(2), hi))?,
        dungeon_rooms: s.dungeon_rooms,
        start_lives: s.start_lives,
        max_lives: s.max_lives,
        potion_tokens: s.potion_tokens,
        xp_per_life: s.xp_per_life,
        xp_per_level: s.xp_per_level,
        exchanges_per_turn: s.exchanges_per_turn,
        card_levels: s.card_levels,
        gold_per_in_hand: s.gold_per_in_hand,
        gold_per_potion: s.gold_per_potion,
        defend_bonus: s.defend_bonus,
        boss_dice: s.boss_dice,
        boss_loot: s.boss_loot,
        kilter_after_lives_lost: s.kilter_after_lives_lost,
        challenge_attack_dice: s.challenge_attack_dice,
        moderate_attack: m.attack,
        moderate_lives: m.lives,
        long_dungeon: m.long_dungeon,
        hard_levels: hard,
        hard_boss_loot: h.boss_loot,
        hard_missed_turn_lives: h.missed_turn_lives,
        hard_levels_beyond_card: h.levels_beyond_card,
        coop_rooms: by_players(src, "rooms_by_players", &c.rooms_by_players, (2, 4))?,
        coop_move: c.move_spaces,
        coop_monster_lives: d6_table(src, "monster_lives", &c.monster_lives)?,
        coop_crowd_lives: c.crowd_lives,
        coop_crowd_attack: c.crowd_attack,
        coop_flee_wounds: c.flee_wounds,
        coop_minions: c.minions,
        coop_minion_lives: c.minion_lives,
        coop_minion_attack: c.minion_attack,
        coop_boss_lives: by_players(src, "boss_extra_lives: [", &c.boss_extra_lives, (2, 4))?,
        chaos_boss_lives: x.boss_extra_lives,
        chaos_boss_heal: d6_table(src, "boss_heal", &x.boss_heal)?,
        chaos_attack_back_on: x.attack_back_on,
        chaos_secret_doors: x.secret_doors,
        chaos_encounters: x.encounters_dealt,
    })
}
