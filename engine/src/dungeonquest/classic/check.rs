//! The 1987 game's rule invariants: [`check_position`] for one position, [`ClassicCheck`]
//! across a game.
//!
//! Why: the random-game property test (engine/tests/classic_game.rs) plays thousands of games
//! of random answers; a game that ends without a panic may still break a rule on the way (a
//! card lost, two heroes in one room, a ring used twice). The checker reads the game through
//! its accessors and returns the first broken invariant, named, with the round and a message
//! in the rulebook's words. For tests and replays: its messages allocate; bulk runs never
//! call it.
//!
//! [`check_position`] checks what one position shows (LPs, places, stocks conserved, the
//! decision). [`ClassicCheck`] adds what only a game's course shows: it is the observer of
//! [`ClassicGame::apply`] (the events: rounds in order, no tile laid twice, no turn for a hero
//! out) and [`ClassicCheck::check_after`] compares each position with the one before (a ring
//! used at most once, arrows never back, exited heroes keep what they held).

use super::combat::Answer;
use super::decks::{CardEffect, ClassicDeck};
use super::game::{
    Ask, ClassicChoice, ClassicDecision, ClassicEvent, ClassicGame, Fate, Hero, Kept, Onward, Optional, Plight,
    MAX_SEATS,
};
use super::rules::ClassicRules;
use crate::core::Observer;
use crate::dungeonquest::board::{col, is_tower, is_treasure, row, Cell, CellSet, CELLS, NO_CELL, PRINTED};
use crate::dungeonquest::classic::data::RingEffect;
use crate::dungeonquest::classic::game::ROUNDS;
use crate::dungeonquest::classic::tiles::searchable;
use crate::dungeonquest::data::TileKind;
use std::fmt;

/// The invariants checked, one per family of rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Invariant {
    /// LPs within 0 to the sheet's starting level; the living have at least 1 (rulebook 3).
    Life,
    /// A dead hero is at 0 LPs, out by a named cause, holding nothing; dead stays dead.
    Death,
    /// Every hero inside stands on a room: a laid tile, a tower or the Treasure Chamber.
    Place,
    /// No two heroes in one room but the Treasure Chamber (5.2).
    Crowded,
    /// At most two successive searches, and only of a room that may be searched (5.2).
    Searches,
    /// Every card of each deck in exactly one place: the deck, a hero, the step in play.
    Cards,
    /// Every Treasure counter in exactly one place: the cup or one hero (9.1).
    Counters,
    /// The Dragon counters: only sleeping ones set aside, all back when the chamber is empty (9.3).
    Dragon,
    /// Arrows only El-Adoran's, at most his sheet's, never back once fired (8.4).
    Arrows,
    /// One ring a hero, no two alike, each used at most once (reference sheet).
    Ring,
    /// Rounds 1 to 26 in order; the game over after 26 or when nobody is inside (5.1, 10).
    Round,
    /// Every tile in exactly one place, the box or the board; none laid twice (6.1).
    Tiles,
    /// A hero out through a tower keeps what he held (10).
    Exited,
    /// A pending decision for the right seat with legal answers that the rules allow.
    Decision,
    /// What holds a hero (trapdoor, torch, spider, darkness, cave-in) matches his card or tile.
    Plight,
    /// The events in an order the rules allow (no turn for a hero out, nothing after the end).
    Events,
}

impl Invariant {
    /// Short name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Invariant::Life => "life",
            Invariant::Death => "death",
            Invariant::Place => "place",
            Invariant::Crowded => "crowded",
            Invariant::Searches => "searches",
            Invariant::Cards => "cards",
            Invariant::Counters => "counters",
            Invariant::Dragon => "dragon",
            Invariant::Arrows => "arrows",
            Invariant::Ring => "ring",
            Invariant::Round => "round",
            Invariant::Tiles => "tiles",
            Invariant::Exited => "exited",
            Invariant::Decision => "decision",
            Invariant::Plight => "plight",
            Invariant::Events => "events",
        }
    }
}

/// The first broken invariant found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub invariant: Invariant,
    /// The round of the position (the sun's space).
    pub round: u8,
    /// What is wrong, cells as `(row,col)`.
    pub message: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] round {}: {}", self.invariant.name(), self.round, self.message)
    }
}

impl std::error::Error for Broken {}

/// A cell as `(row,col)`.
fn at(c: Cell) -> String {
    if c == NO_CELL {
        "-".into()
    } else {
        format!("({},{})", row(c), col(c))
    }
}

/// A seat and its hero's name, for messages.
fn who(g: &ClassicGame<'_>, seat: u8) -> String {
    let name = g.rules().heroes.get(g.hero(seat).hero as usize).map_or("?", |h| h.name.as_str());
    format!("seat {seat} ({name})")
}

/// Fails with `invariant` and the message `msg()` unless `ok`.
fn ensure(ok: bool, g: &ClassicGame<'_>, invariant: Invariant, msg: impl FnOnce() -> String) -> Result<(), Broken> {
    if ok {
        Ok(())
    } else {
        Err(Broken { invariant, round: g.round(), message: msg() })
    }
}

/// Checks every invariant one position shows; the first broken one.
pub fn check_position(g: &ClassicGame<'_>) -> Result<(), Broken> {
    check_round(g)?;
    for s in 0..g.seats() {
        check_hero(g, s)?;
    }
    check_crowding(g)?;
    check_rings(g)?;
    check_cards(g)?;
    check_counters(g)?;
    check_dragon(g)?;
    check_tiles(g)?;
    check_decision(g)
}

/// Whether the game is still setting up (towers being chosen).
fn setting_up(g: &ClassicGame<'_>) -> bool {
    g.pending().is_some_and(|d| d.ask == Ask::Tower)
}

fn check_round(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let r = g.round();
    let inside = (0..g.seats()).filter(|&s| g.hero(s).inside()).count();
    if setting_up(g) {
        return ensure(r == 0, g, Invariant::Round, || format!("towers are chosen in round {r}, not before round 1"));
    }
    ensure((1..=ROUNDS).contains(&r), g, Invariant::Round, || format!("round {r} is not 1 to {ROUNDS}"))?;
    if g.is_over() {
        ensure(inside == 0, g, Invariant::Round, || format!("the game is over with {inside} heroes inside"))?;
    } else {
        ensure(inside > 0, g, Invariant::Round, || "nobody is inside, yet the game goes on".into())?;
    }
    for s in 0..g.seats() {
        let night = g.hero(s).fate == Fate::Dead(super::game::Cause::Night);
        ensure(!night || r == ROUNDS, g, Invariant::Round, || {
            format!("{} died at nightfall in round {r}, before the end of round {ROUNDS}", who(g, s))
        })?;
    }
    Ok(())
}

/// The kept cards a hero holds (treasure, potion, rope, the card of his plight).
fn hero_cards(h: &Hero) -> impl Iterator<Item = Kept> + '_ {
    let plight = match h.plight {
        Plight::Trapdoor(k) | Plight::Torch(k) | Plight::Spider(k) => Some(k),
        _ => None,
    };
    h.cards.iter().copied().chain(h.potion).chain(h.rope).chain(plight)
}

fn effect(rules: &ClassicRules, k: Kept) -> Option<CardEffect> {
    rules.decks.deck(k.deck).get(k.card as usize).map(|c| c.effect)
}

fn card_name(rules: &ClassicRules, k: Kept) -> String {
    let name = rules.decks.deck(k.deck).get(k.card as usize).map_or("?", |c| rules.decks.name(*c));
    format!("{:?} card {} \"{name}\"", k.deck, k.card)
}

fn check_hero(g: &ClassicGame<'_>, s: u8) -> Result<(), Broken> {
    let rules = g.rules();
    let h = g.hero(s);
    let Some(sheet) = rules.heroes.get(h.hero as usize) else {
        return ensure(false, g, Invariant::Life, || format!("seat {s} plays hero {}, not on any sheet", h.hero));
    };
    let name = || who(g, s);
    ensure(h.life <= sheet.life, g, Invariant::Life, || {
        format!("{} has {} LPs, above the sheet's {}", name(), h.life, sheet.life)
    })?;
    ensure(h.arrows <= sheet.arrows, g, Invariant::Arrows, || {
        if sheet.arrows == 0 {
            format!("{} has {} arrows: only El-Adoran has a longbow", name(), h.arrows)
        } else {
            format!("{} has {} arrows, above the sheet's {}", name(), h.arrows, sheet.arrows)
        }
    })?;
    match h.fate {
        Fate::Inside => {
            ensure(h.life >= 1, g, Invariant::Life, || format!("{} is inside with 0 LPs", name()))?;
            if !setting_up(g) {
                let room = (h.pos as usize) < CELLS && (PRINTED[h.pos as usize] || g.tile(h.pos).is_some());
                ensure(room, g, Invariant::Place, || {
                    format!("{} stands on {}, where no tile lies", name(), at(h.pos))
                })?;
            }
            check_searches(g, s)?;
            check_plight(g, s)?;
        }
        Fate::Exited => {
            ensure(h.life >= 1, g, Invariant::Life, || format!("{} is out with 0 LPs", name()))?;
            ensure(is_tower(h.pos), g, Invariant::Place, || {
                format!("{} left the dungeon from {}, no tower", name(), at(h.pos))
            })?;
        }
        Fate::Dead(cause) => {
            ensure(h.life == 0, g, Invariant::Death, || format!("{} died ({cause:?}) with {} LPs", name(), h.life))?;
            let holds = h.counters != 0 || !h.cards.is_empty() || h.potion.is_some() || h.rope.is_some();
            ensure(!holds, g, Invariant::Death, || {
                format!("{} is dead ({cause:?}) yet holds treasure or cards", name())
            })?;
            ensure(h.plight == Plight::None, g, Invariant::Death, || {
                format!("{} is dead ({cause:?}) yet held by {:?}", name(), h.plight)
            })?;
        }
    }
    for k in h.cards.iter().copied() {
        let ok = matches!(effect(rules, k), Some(CardEffect::Treasure { .. }));
        ensure(ok, g, Invariant::Cards, || format!("{} keeps {}, which is no treasure", name(), card_name(rules, k)))?;
    }
    for (k, what, want) in [(h.potion, "potion", CardEffect::Potion), (h.rope, "rope", CardEffect::Rope)] {
        if let Some(k) = k {
            ensure(effect(rules, k) == Some(want), g, Invariant::Cards, || {
                format!("{} carries {} as his {what}", name(), card_name(rules, k))
            })?;
        }
    }
    Ok(())
}

fn check_searches(g: &ClassicGame<'_>, s: u8) -> Result<(), Broken> {
    let h = g.hero(s);
    ensure(h.searches <= 2, g, Invariant::Searches, || {
        format!("{} searched {} successive times at {} (at most 2)", who(g, s), h.searches, at(h.pos))
    })?;
    if h.searches > 0 {
        let kind = g.tile(h.pos).and_then(|(t, _)| g.rules().tiles.drawn().get(t as usize)).map(|t| t.kind);
        ensure(kind.is_some_and(searchable), g, Invariant::Searches, || {
            format!("{} searched {} ({kind:?}), which may not be searched", who(g, s), at(h.pos))
        })?;
    }
    Ok(())
}

fn check_plight(g: &ClassicGame<'_>, s: u8) -> Result<(), Broken> {
    let rules = g.rules();
    let h = g.hero(s);
    let kind = g.tile(h.pos).and_then(|(t, _)| rules.tiles.drawn().get(t as usize)).map(|t| t.kind);
    let ok = match h.plight {
        Plight::None => true,
        Plight::Trapdoor(k) => matches!(effect(rules, k), Some(CardEffect::Trapdoor { .. })),
        Plight::Torch(k) => matches!(effect(rules, k), Some(CardEffect::TorchGoesOut { .. })),
        Plight::Spider(k) => matches!(effect(rules, k), Some(CardEffect::GiantSpider(_))),
        Plight::Darkness => kind == Some(TileKind::ChamberOfDarkness),
        Plight::CaveIn => kind == Some(TileKind::CaveIn),
    };
    ensure(ok, g, Invariant::Plight, || format!("{} is held by {:?} on {} ({kind:?})", who(g, s), h.plight, at(h.pos)))
}

fn check_crowding(g: &ClassicGame<'_>) -> Result<(), Broken> {
    for a in 0..g.seats() {
        for b in a + 1..g.seats() {
            let (ha, hb) = (g.hero(a), g.hero(b));
            let both = ha.inside() && hb.inside() && ha.pos != NO_CELL;
            ensure(!both || ha.pos != hb.pos || is_treasure(ha.pos), g, Invariant::Crowded, || {
                format!("{} and {} are both in the room at {}", who(g, a), who(g, b), at(ha.pos))
            })?;
        }
    }
    Ok(())
}

fn check_rings(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let rings = g.rules().rings.len();
    for a in 0..g.seats() {
        let Some(r) = g.hero(a).ring else { continue };
        ensure((r as usize) < rings, g, Invariant::Ring, || format!("{} holds ring {r}, not in the box", who(g, a)))?;
        for b in a + 1..g.seats() {
            ensure(g.hero(b).ring != Some(r), g, Invariant::Ring, || {
                format!("{} and {} both hold ring {r}", who(g, a), who(g, b))
            })?;
        }
    }
    Ok(())
}

/// Where a card was found, for messages.
#[derive(Clone, Copy)]
enum Spot {
    Deck,
    Seat(u8),
    Play,
}

fn check_cards(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let rules = g.rules();
    for d in ClassicDeck::ALL {
        let size = rules.decks.deck(d).len();
        let mut seen: Vec<Option<Spot>> = vec![None; size];
        let mut put = |card: u8, spot: Spot| -> Result<(), Broken> {
            let k = Kept { deck: d, card };
            let slot = seen.get_mut(card as usize);
            let Some(slot) = slot else {
                return ensure(false, g, Invariant::Cards, || format!("{d:?} card {card} is not in a deck of {size}"));
            };
            let first = slot.replace(spot);
            ensure(first.is_none(), g, Invariant::Cards, || {
                let place = |s: Spot| match s {
                    Spot::Deck => format!("the {d:?} deck"),
                    Spot::Seat(s) => who(g, s),
                    Spot::Play => "the step in play".to_string(),
                };
                format!(
                    "{} is in two places: {} and {}",
                    card_name(rules, k),
                    place(first.unwrap_or(spot)),
                    place(spot)
                )
            })
        };
        for i in 0..g.deck_len(d) {
            put(g.deck_card(d, i).unwrap_or(u8::MAX), Spot::Deck)?;
        }
        for s in 0..g.seats() {
            for k in hero_cards(g.hero(s)).filter(|k| k.deck == d) {
                put(k.card, Spot::Seat(s))?;
            }
        }
        for k in g.cards_in_play().into_iter().flatten().filter(|k| k.deck == d) {
            put(k.card, Spot::Play)?;
        }
        if let Some(card) = seen.iter().position(Option::is_none) {
            let k = Kept { deck: d, card: card as u8 };
            return ensure(false, g, Invariant::Cards, || {
                format!("{} is nowhere: not in its deck, held by no hero, not in play", card_name(rules, k))
            });
        }
    }
    let size = rules.monster_cards.len();
    let mut seen = vec![false; size];
    for i in 0..g.monster_deck_len() {
        let c = g.monster_card(i).unwrap_or(u8::MAX) as usize;
        let fresh = c < size && !std::mem::replace(&mut seen[c], true);
        ensure(fresh, g, Invariant::Cards, || format!("Monster card {c} is twice in its deck or not of it"))?;
    }
    ensure(g.monster_deck_len() == size, g, Invariant::Cards, || {
        format!("the Monster deck holds {} cards of {size} (a Monster card goes back at once)", g.monster_deck_len())
    })
}

fn check_counters(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let n = g.rules().treasure.len();
    let all: u64 = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut held = 0u64;
    for s in 0..g.seats() {
        let c = g.hero(s).counters as u64;
        ensure(c & !all == 0, g, Invariant::Counters, || {
            format!("{} holds a counter beyond the {n} of the box", who(g, s))
        })?;
        ensure(held & c == 0, g, Invariant::Counters, || {
            format!("{} holds Treasure counter {} another hero holds", who(g, s), (held & c).trailing_zeros())
        })?;
        held |= c;
    }
    for i in 0..g.cup_len() {
        let c = g.cup_counter(i).unwrap_or(u8::MAX);
        let bit = 1u64.checked_shl(c as u32).unwrap_or(0);
        ensure(bit & all != 0 && held & bit == 0, g, Invariant::Counters, || {
            format!("Treasure counter {c} is in the cup twice, held too, or not of the box")
        })?;
        held |= bit;
    }
    ensure(held == all, g, Invariant::Counters, || {
        format!(
            "{} of the {n} Treasure counters are in the cup or held (counter {} is nowhere)",
            held.count_ones(),
            (!held & all).trailing_zeros()
        )
    })
}

fn check_dragon(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let d = g.rules().dragon;
    let total = d.asleep + d.awake;
    let left = g.dragon_left();
    ensure(left <= total, g, Invariant::Dragon, || format!("{left} Dragon counters in a stack of {total}"))?;
    ensure(g.dragon_awake_left() == d.awake, g, Invariant::Dragon, || {
        format!(
            "{} fire-breathing counters in the stack of {}: only sleeping ones are set aside",
            g.dragon_awake_left(),
            d.awake
        )
    })?;
    let in_chamber = (0..g.seats()).any(|s| g.hero(s).inside() && is_treasure(g.hero(s).pos));
    ensure(in_chamber || left == total, g, Invariant::Dragon, || {
        format!("{} Dragon counters set aside with nobody in the Treasure Chamber (9.3)", total - left)
    })
}

fn check_tiles(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let n = g.rules().tiles.drawn().len();
    let mut seen: Vec<Option<Cell>> = vec![None; n];
    for c in 0..CELLS as u8 {
        let Some((t, _)) = g.tile(c) else { continue };
        ensure(!PRINTED[c as usize], g, Invariant::Tiles, || {
            format!("tile {t} lies on the printed room at {}", at(c))
        })?;
        let slot = seen.get_mut(t as usize);
        let first = slot.map(|s| s.replace(c));
        ensure(first == Some(None), g, Invariant::Tiles, || match first {
            Some(Some(o)) => format!("tile {t} is laid twice: at {} and {}", at(o), at(c)),
            _ => format!("tile {t} at {} is not of the box of {n}", at(c)),
        })?;
    }
    for i in 0..g.tiles_left() as usize {
        let t = g.box_tile(i).unwrap_or(u8::MAX);
        let first = seen.get_mut(t as usize).map(|s| s.replace(NO_CELL));
        ensure(first == Some(None), g, Invariant::Tiles, || match first {
            Some(Some(c)) if c != NO_CELL => format!("tile {t} is in the box and laid at {}", at(c)),
            Some(Some(_)) => format!("tile {t} is twice in the box"),
            _ => format!("tile {t} in the box is not of the {n}"),
        })?;
    }
    let missing = seen.iter().position(Option::is_none);
    ensure(missing.is_none(), g, Invariant::Tiles, || {
        format!("tile {} is neither laid nor in the box", missing.unwrap_or(0))
    })
}

fn check_decision(g: &ClassicGame<'_>) -> Result<(), Broken> {
    let legal = g.legal();
    let Some(d) = g.pending() else {
        ensure(legal.is_empty(), g, Invariant::Decision, || "the game is over, yet answers are listed".into())?;
        return ensure(g.cards_in_play() == [None, None], g, Invariant::Decision, || {
            "the game is over with a fight or an optional step left open".into()
        });
    };
    let e = |m: String| Err(Broken { invariant: Invariant::Decision, round: g.round(), message: m });
    if legal.is_empty() {
        return e(format!("{d:?} is pending with no legal answer"));
    }
    for (i, c) in legal.iter().enumerate() {
        if legal[..i].contains(c) {
            return e(format!("{c:?} is listed twice for {d:?}"));
        }
    }
    if d.seat >= g.seats() {
        return e(format!("{d:?} is asked of seat {}, of {} seats", d.seat, g.seats()));
    }
    // The hero the decision is about: the active one, or a Dragon's victim running out.
    let mut active = g.active();
    match d.ask {
        Ask::Tower => return Ok(()),
        Ask::Fight => {
            if g.fight().is_none() {
                return e(format!("{d:?} with no fight in progress"));
            }
            if d.seat != active && d.seat != g.monster_seat(active) {
                return e(format!("seat {} answers the fight of seat {active}, not the hero nor his right", d.seat));
            }
        }
        Ask::Onward(Onward::Run) => {
            active = d.seat;
            if !is_treasure(g.hero(active).pos) {
                return e(format!("{} runs from the Dragon from {}", who(g, active), at(g.hero(active).pos)));
            }
        }
        _ if d.seat != active => return e(format!("{d:?} asked while seat {active} plays")),
        _ => {}
    }
    let h = g.hero(active);
    if !h.inside() {
        return e(format!("{d:?} pending in the turn of {}, who is out", who(g, active)));
    }
    if g.fight().is_some() && d.ask != Ask::Fight {
        return e(format!("{d:?} pending with a fight in progress"));
    }
    let held = g.cards_in_play()[1];
    let wants_held = matches!(d.ask, Ask::Optional(Optional::Corpse | Optional::Crypt | Optional::WarnCard));
    if held.is_some() != wants_held {
        return e(format!("{d:?} pending with card {held:?} held aside"));
    }
    match (d.ask, h.plight) {
        (Ask::Spider, Plight::Spider(_)) | (Ask::CaveIn, Plight::CaveIn) => {}
        (Ask::Spider | Ask::CaveIn, p) => return e(format!("{d:?} asked of {} held by {p:?}", who(g, active))),
        _ => {}
    }
    if matches!(d.ask, Ask::Onward(Onward::Tower)) && !is_tower(h.pos) {
        return e(format!("a tower's onward move asked at {}", at(h.pos)));
    }
    let sheet = &g.rules().heroes[h.hero as usize % g.rules().heroes.len()];
    let ring = h.ring.and_then(|r| g.rules().rings.get(r as usize)).map(|r| r.effect);
    for &c in legal {
        let ok = match c {
            ClassicChoice::Move(to) | ClassicChoice::MoveWithRing(to) => {
                let taken = (0..g.seats()).any(|s| s != active && g.hero(s).inside() && g.hero(s).pos == to);
                if taken && !is_treasure(to) {
                    return ensure(false, g, Invariant::Crowded, || {
                        format!("{} may move into the room at {}, another hero's", who(g, active), at(to))
                    });
                }
                !matches!(c, ClassicChoice::MoveWithRing(_)) || ring == Some(RingEffect::Opening)
            }
            ClassicChoice::Search => {
                let kind = g.tile(h.pos).and_then(|(t, _)| g.rules().tiles.drawn().get(t as usize)).map(|t| t.kind);
                if h.searches >= 2 || !kind.is_some_and(searchable) {
                    return ensure(false, g, Invariant::Searches, || {
                        format!("{} may search {} ({kind:?}) after {} searches", who(g, active), at(h.pos), h.searches)
                    });
                }
                true
            }
            ClassicChoice::Loot => is_treasure(h.pos),
            ClassicChoice::Exit => is_tower(h.pos),
            // Never voluntarily a missed turn on a Bottomless Pit (reference sheet).
            ClassicChoice::Pass if d.ask == Ask::Turn => {
                let kind = g.tile(h.pos).and_then(|(t, _)| g.rules().tiles.drawn().get(t as usize)).map(|t| t.kind);
                kind != Some(TileKind::BottomlessPit) || legal.len() == 1
            }
            ClassicChoice::Drink => h.potion.is_some(),
            ClassicChoice::Heal => matches!(ring, Some(RingEffect::Healing { .. })) && h.life < sheet.life,
            ClassicChoice::Shoot => h.arrows > 0,
            _ => true,
        };
        if !ok {
            return e(format!("{c:?} is offered to {} at {}", who(g, active), at(h.pos)));
        }
    }
    Ok(())
}

/// What [`ClassicCheck`] remembers of the position before.
#[derive(Clone, Debug)]
struct Before {
    round: u8,
    pending: Option<ClassicDecision>,
    heroes: [Option<Hero>; MAX_SEATS],
    /// The tile on each space.
    tiles: [Option<u8>; CELLS],
}

/// The shadow the events keep between positions.
#[derive(Clone, Copy, Debug)]
struct Shadow {
    seats: u8,
    /// Seats whose hero is inside, a bit each.
    inside: u8,
    round: u8,
    laid: CellSet,
    /// Tiles laid, a bit per tile index.
    tiles: [u64; 4],
    over: bool,
    /// The seat that woke the Dragon since the last position.
    woke: Option<u8>,
}

/// Checks a game's rule invariants along its course: pass it as the observer of
/// [`ClassicGame::apply`] and call [`ClassicCheck::check_after`] after set-up and after each
/// answer (as [`crate::core::fuzz`] does with its check). It allocates only to report.
#[derive(Clone, Debug, Default)]
pub struct ClassicCheck {
    before: Option<Before>,
    shadow: Option<Shadow>,
    /// The first event out of order since the last check.
    found: Option<(Invariant, String)>,
    /// Seats in the Treasure Chamber when the Dragon woke whose loss is not checked yet, a bit each.
    owed: u8,
}

impl ClassicCheck {
    /// A checker that has seen nothing yet: its first [`ClassicCheck::check_after`] takes the
    /// game as it stands.
    pub fn new() -> ClassicCheck {
        ClassicCheck::default()
    }

    /// Checks the position, the events since the last call, and the change from the last
    /// position given `last`, the answer just applied (`None` after set-up); then remembers
    /// this one.
    pub fn check_after(&mut self, g: &ClassicGame<'_>, last: Option<ClassicChoice>) -> Result<(), Broken> {
        if let Some((invariant, message)) = self.found.take() {
            return Err(Broken { invariant, round: g.round(), message });
        }
        check_position(g)?;
        if let Some(b) = &self.before {
            check_course(b, g)?;
            if let Some(drawer) = self.shadow.and_then(|s| s.woke) {
                self.owed |= 1 << drawer.min(7);
                for s in 0..g.seats() {
                    let h = b.heroes[s as usize].as_ref();
                    if h.is_some_and(|h| h.inside() && is_treasure(h.pos)) {
                        self.owed |= 1 << s;
                    }
                }
            }
            self.owed = check_breath(g, self.owed)?;
            if let (Some(d), Some(c)) = (b.pending, last) {
                check_ring_used(g, d, c)?;
            }
        }
        self.remember(g);
        Ok(())
    }

    fn remember(&mut self, g: &ClassicGame<'_>) {
        let mut heroes: [Option<Hero>; MAX_SEATS] = Default::default();
        for (s, slot) in heroes.iter_mut().enumerate().take(g.seats() as usize) {
            *slot = Some(g.hero(s as u8).clone());
        }
        let mut tiles = [None; CELLS];
        let mut laid = CellSet::EMPTY;
        let mut bits = [0u64; 4];
        for (c, slot) in tiles.iter_mut().enumerate() {
            *slot = g.tile(c as u8).map(|t| t.0);
            if let Some(t) = *slot {
                laid.insert(c as u8);
                bits[t as usize / 64] |= 1 << (t % 64);
            }
        }
        let inside = (0..g.seats()).filter(|&s| g.hero(s).inside()).fold(0u8, |m, s| m | 1 << s);
        let over = g.is_over();
        self.shadow = Some(Shadow { seats: g.seats(), inside, round: g.round(), laid, tiles: bits, over, woke: None });
        self.before = Some(Before { round: g.round(), pending: g.pending(), heroes, tiles });
    }

    /// Notes the first event out of order.
    fn flag(&mut self, invariant: Invariant, message: impl FnOnce() -> String) {
        if self.found.is_none() {
            self.found = Some((invariant, message()));
        }
    }
}

/// A ring used is spent: after the answer that uses one, the hero holds none (reference
/// sheet, "Each ring may be used only once per game").
fn check_ring_used(g: &ClassicGame<'_>, d: ClassicDecision, c: ClassicChoice) -> Result<(), Broken> {
    let used = matches!(
        (d.ask, c),
        (Ask::Turn, ClassicChoice::Heal)
            | (_, ClassicChoice::MoveWithRing(_))
            | (Ask::Optional(Optional::WarnTile | Optional::WarnCard), ClassicChoice::Yes)
            | (Ask::Fight, ClassicChoice::Combat(Answer::Blind))
    );
    let h = g.hero(d.seat);
    ensure(!used || h.ring.is_none(), g, Invariant::Ring, || {
        format!("{} used ring {:?} ({c:?}) and still holds it: a ring is used once", who(g, d.seat), h.ring)
    })
}

/// The fire-breathing Dragon: everyone in the chamber when it woke (the drawer too) loses all
/// his treasure, counters and cards (9.2), each in turn. Checks the `owed` seats no longer
/// queued for the breath; the seats still owed.
fn check_breath(g: &ClassicGame<'_>, owed: u8) -> Result<u8, Broken> {
    let mut left = owed;
    for s in (0..g.seats()).filter(|&s| owed & (1 << s) != 0 && !g.dragon_queue().contains(&s)) {
        let h = g.hero(s);
        ensure(h.counters == 0 && h.cards.is_empty(), g, Invariant::Dragon, || {
            format!("the Dragon woke with {} in the Treasure Chamber, who kept his treasure", who(g, s))
        })?;
        left &= !(1 << s);
    }
    Ok(left)
}

/// What may change from one position to the next.
fn check_course(b: &Before, g: &ClassicGame<'_>) -> Result<(), Broken> {
    ensure(g.round() >= b.round, g, Invariant::Round, || format!("the sun moved back from round {}", b.round))?;
    for s in 0..g.seats() {
        let Some(was) = &b.heroes[s as usize] else { continue };
        let h = g.hero(s);
        ensure(h.hero == was.hero, g, Invariant::Life, || format!("seat {s} changed hero"))?;
        ensure(h.ring.is_none() || h.ring == was.ring, g, Invariant::Ring, || {
            format!("{} holds ring {:?} after {:?}: a ring is used once", who(g, s), h.ring, was.ring)
        })?;
        ensure(h.arrows <= was.arrows, g, Invariant::Arrows, || {
            format!("{} has {} arrows after {}: fired arrows do not come back", who(g, s), h.arrows, was.arrows)
        })?;
        match (was.fate, h.fate) {
            (Fate::Inside, _) => {}
            (a, b) if a == b => {}
            (a, b) => ensure(false, g, Invariant::Death, || format!("{} went from {a:?} to {b:?}", who(g, s)))?,
        }
        if h.fate == Fate::Exited {
            // Leaving sets the fate and the round of the end, and nothing else changes after.
            let mut stats = was.stats;
            stats.end_round = h.stats.end_round;
            let same = Hero { fate: Fate::Exited, stats, ..was.clone() } == *h;
            ensure(same, g, Invariant::Exited, || {
                format!("{} changed after leaving the dungeon: {:?} became {:?}", who(g, s), was, h)
            })?;
        }
    }
    for c in 0..CELLS as u8 {
        let (then, now) = (b.tiles[c as usize], g.tile(c).map(|t| t.0));
        ensure(then.is_none() || then == now, g, Invariant::Tiles, || {
            format!("the tile at {} went from {then:?} to {now:?}: a laid tile stays", at(c))
        })?;
    }
    Ok(())
}

impl Observer<ClassicEvent> for ClassicCheck {
    fn event(&mut self, ev: ClassicEvent) {
        let Some(mut sh) = self.shadow else { return };
        if sh.over {
            return self.flag(Invariant::Events, || format!("{ev:?} after the game's end"));
        }
        let seat_in = |s: u8| s < sh.seats && sh.inside & (1 << s) != 0;
        match ev {
            ClassicEvent::Round(r) => {
                if r != sh.round + 1 || r > ROUNDS {
                    self.flag(Invariant::Round, || format!("round {r} follows round {}", sh.round));
                }
                sh.round = r;
            }
            ClassicEvent::Turn(s) | ClassicEvent::Missed(s) if !seat_in(s) => {
                self.flag(Invariant::Events, || format!("{ev:?}: seat {s} is not inside"));
            }
            ClassicEvent::Moved { seat, .. }
            | ClassicEvent::LifeLost { seat, .. }
            | ClassicEvent::LifeGained { seat, .. }
            | ClassicEvent::Treasure { seat, .. }
            | ClassicEvent::Dragon { seat, .. }
                if !seat_in(seat) =>
            {
                self.flag(Invariant::Events, || format!("{ev:?}: seat {seat} is not inside"));
            }
            ClassicEvent::Exited(seat) | ClassicEvent::Died { seat, .. } => {
                if !seat_in(seat) {
                    self.flag(Invariant::Death, || format!("{ev:?}: seat {seat} was already out"));
                }
                sh.inside &= !(1 << seat.min(7));
            }
            ClassicEvent::TilePlaced { cell, tile, .. } => {
                let bit = 1u64 << (tile % 64);
                let word = &mut sh.tiles[tile as usize / 64];
                if sh.laid.contains(cell) || (cell as usize) < CELLS && PRINTED[cell as usize] {
                    self.flag(Invariant::Tiles, || format!("tile {tile} laid on {}, which holds a room", at(cell)));
                } else if *word & bit != 0 {
                    self.flag(Invariant::Tiles, || format!("tile {tile} laid again, at {}", at(cell)));
                }
                *word |= bit;
                sh.laid.insert(cell);
            }
            ClassicEvent::Rolled { sides, value } if !matches!(sides, 6 | 12) || value == 0 || value > sides => {
                self.flag(Invariant::Events, || format!("a D{sides} rolled {value}"));
            }
            ClassicEvent::Dragon { seat, awake: true } => sh.woke = Some(seat),
            ClassicEvent::Over => sh.over = true,
            _ => {}
        }
        self.shadow = Some(sh);
    }
}
