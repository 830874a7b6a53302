//! The 3rd edition (2010) rules where they differ from Revised, played in edition
//! [`Edition::Third`] (whose data has a card combat). Source: the 2010 rulebook
//! (`/work/shared/rules/004_23e42ad2503e9c74.txt`).
//!
//! - Monsters: the five types have monster tokens whose number is the monster's life. A token
//!   drawn for an encounter is placed in the chamber when the hero escapes or dies, and the
//!   same token (same life) is met by the next hero to enter; killing it returns it to the pool
//!   and the chamber is then encountered ("Monster Tokens", "Moving into a Dungeon Chamber").
//! - Escape or attack before combat: random power cards' escape values; a failure costs the
//!   monster card's damage value; a success returns the hero to the chamber he entered from,
//!   ends his turn, and he encounters that chamber on his next turn. No escape in a chamber with
//!   a portcullis, after special movement, or in the encounter owed after an escape, a Dragon
//!   Rage retreat or resurfacing (all special movement, 2010 Clarifications).
//! - Card combat ([`crate::dungeonquest::card_combat`]) with the monster played by the player to the left,
//!   or solo ("Going It Alone") by the top card of the combat deck.
//! - Searching: twice on successive turns at most, then the hero must move; a dead end kills
//!   once he can neither move nor search; a hero whose only way out is held by another hero is
//!   blocked and loses his turn ("Searching", "Dead Ends", "Blocked Heroes").
//! - Determination tokens count automatically, only for the encounter that earned them, and are
//!   discarded when it resolves ("Determination Tokens").
//! - Resurfacing ends the turn without encountering the chamber; the chamber is encountered next
//!   turn, a monster there without escape; no wounds at the outer wall ("Exiting the
//!   Catacombs"). Dragon Rage is followed by a retreat ("Looting the Treasure Chamber").
//! - The sun does not advance on the very first turn ("Running out of Time").

use super::*;
use crate::dungeonquest::board::{is_treasure, Dir};
use crate::dungeonquest::card_combat::{CcId, Fight, FightSetup, HERO, MONSTER};
use crate::dungeonquest::data::{RuneWindow, Side};
use crate::dungeonquest::rules::ANY_KIND;

mod optional;

/// Most monster tokens.
pub(crate) const MAX_TOKENS: usize = 32;
/// Catacomb entrance markers in the box ("Components": 6).
const CATACOMB_MARKERS: usize = 6;

/// A step of the 2010 rules waiting on the task stack.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    /// A monster of `kind` ([`ANY_KIND`]: a random type) is met; `token` if it is a token on
    /// the board.
    Encounter {
        kind: u8,
        escape: bool,
        token: CardId,
    },
    /// Draw step, then the hero picks a card.
    Round,
    /// After the reveal: the counterattack, if any.
    Counter,
    /// A counterattack goes on.
    CounterMore {
        side: u8,
    },
    Assign,
    /// After Dragon Rage: the hero retreats.
    Retreat {
        seat: u8,
    },
    /// Death Can Wait (2010): `left` loot cards still to discard.
    KnockedLoot {
        seat: u8,
        left: u8,
    },
    /// Death Can Wait (2010) after a dead end: the figure goes to an adjacent space.
    KnockedPlace {
        seat: u8,
    },
}

/// The 2010 state that Revised does not have.
#[derive(Clone, Debug)]
pub(crate) struct ThirdState {
    pub fight: Fight,
    /// Board cell of each monster token (index = card id − first monster-deck card), or
    /// `NO_CELL` when in the pool or being fought.
    pub token_cell: [Cell; MAX_TOKENS],
    /// The token fought now, or `NO_CARD`.
    pub token: CardId,
    /// The fought monster was a token met on entering: after a kill the chamber is encountered.
    pub from_token: bool,
    pub monster_seat: u8,
    /// The card the hero chose this round (kept secret until the monster has chosen).
    pub hero_card: CcId,
    /// The side whose card is asked for.
    pub deciding: u8,
    /// The chamber each hero entered his current one from (escape destination).
    pub came_from: [Cell; MAX_SEATS],
    /// Next turn the hero encounters his chamber instead of acting: 1, or 2 with no escape
    /// (after special movement: an escape, a Dragon Rage retreat, resurfacing).
    pub encounter_next: [u8; MAX_SEATS],
    /// The hero's next chamber resolution is put off to his next turn (this value goes to
    /// `encounter_next`).
    pub defer: [u8; MAX_SEATS],
    /// A "Passage Down" found here (a Cave-in, or no marker left) may be taken next turn.
    pub passage: [Cell; MAX_SEATS],
    /// Successive searches in `search_cell`.
    pub search_cell: [Cell; MAX_SEATS],
    pub search_count: [u8; MAX_SEATS],
    /// The encounter the hero's determination tokens belong to.
    pub det_key: [u32; MAX_SEATS],
    /// Scenario control: combat deck and power cards on top at the next combat, token to draw.
    pub stacked_deck: ArrayVec<CcId, 32>,
    pub stacked_power: [ArrayVec<CcId, 8>; 2],
    pub stacked_token: CardId,
    /// Hero vs. Hero (optional): the fight is between the active hero and `Game::pvp.defender`.
    pub pvp: bool,
    /// The encounter allows escaping (Live to Fight Another Day checks it again mid-fight).
    pub escape_ok: bool,
    /// Live to Fight Another Day: the hero declared an escape; the next won round is it.
    pub declared: bool,
    /// Live to Fight Another Day: the monster's damage stack before the round just won.
    pub dealt_before: u8,
}

impl ThirdState {
    pub(crate) fn new() -> ThirdState {
        ThirdState {
            fight: Fight::new(),
            token_cell: [NO_CELL; MAX_TOKENS],
            token: NO_CARD,
            from_token: false,
            monster_seat: 0,
            hero_card: 0,
            deciding: 0,
            came_from: [NO_CELL; MAX_SEATS],
            encounter_next: [0; MAX_SEATS],
            defer: [0; MAX_SEATS],
            passage: [NO_CELL; MAX_SEATS],
            search_cell: [NO_CELL; MAX_SEATS],
            search_count: [0; MAX_SEATS],
            det_key: [u32::MAX; MAX_SEATS],
            stacked_deck: ArrayVec::new(),
            stacked_power: [ArrayVec::new(), ArrayVec::new()],
            stacked_token: NO_CARD,
            pvp: false,
            escape_ok: false,
            declared: false,
            dealt_before: 0,
        }
    }
}

impl ThirdState {
    /// A hero died: nothing owed from his last turns carries over (Death Can Wait restarts him).
    pub(crate) fn forget(&mut self, seat: u8) {
        let s = seat as usize;
        self.encounter_next[s] = 0;
        self.defer[s] = 0;
        self.came_from[s] = NO_CELL;
        self.search_cell[s] = NO_CELL;
        self.search_count[s] = 0;
        self.det_key[s] = u32::MAX;
        self.passage[s] = NO_CELL;
    }
}

/// A combat that has gone on this long ends as a stalemate (see [`Game::third_stalemate`]).
const ROUND_CAP: u8 = 200;

impl<'r> Game<'r> {
    pub(crate) fn third_step<O: Observer>(&mut self, s: Step, obs: &mut O) {
        match s {
            // A token cancelled by the Rune of Death: the chamber follows, if it was entered.
            Step::Encounter { token, .. } if self.token_gone(token) => {
                if self.servants.seat == super::pvp::NO_SEAT && self.cur().on_board() {
                    self.push(Task::Chamber);
                }
            }
            Step::Encounter { kind, escape, token } => self.third_encounter(kind, escape, token, obs),
            Step::Round => self.third_round(obs),
            Step::Counter => self.third_counter(obs),
            Step::CounterMore { side } => self.third_counter_more(side as usize, obs),
            Step::Assign => self.third_assign(obs),
            Step::Retreat { seat } => self.ask(seat, DecisionKind::RageRetreat, obs),
            Step::KnockedLoot { seat, left } => self.knocked_loot(seat, left, obs),
            Step::KnockedPlace { seat } => {
                if seat == self.active.get() && self.heroes[seat as usize].on_board() {
                    // As when resurfacing: the turn ends there, the space is encountered next
                    // turn, and a monster there must be attacked.
                    self.third.defer[seat as usize] = 2;
                    self.ask(seat, DecisionKind::Teleport, obs);
                }
            }
        }
    }

    pub(super) fn card_rules(&self) -> &'r crate::dungeonquest::card_combat::CardRules {
        self.rules.card_combat.as_ref().expect("third-edition rules have a card combat")
    }

    // --- monster tokens ---

    fn token_index(&self, token: CardId) -> Option<usize> {
        let first = self.rules.decks[Deck::Monster as usize].first;
        let i = token.checked_sub(first)? as usize;
        (i < MAX_TOKENS && i < self.rules.decks[Deck::Monster as usize].len as usize).then_some(i)
    }

    fn token_kind(&self, token: CardId) -> u8 {
        self.rules.card(token).monster.map_or(0, |m| m.kind)
    }

    /// The token on a board cell, if any.
    pub(crate) fn token_on(&self, c: Cell) -> Option<CardId> {
        let first = self.rules.decks[Deck::Monster as usize].first;
        self.third.token_cell.iter().position(|&x| x == c && c != NO_CELL).map(|i| first + i as CardId)
    }

    fn lift_token(&mut self, token: CardId) {
        let Some(i) = self.token_index(token) else { return };
        let c = self.third.token_cell[i];
        if c != NO_CELL {
            self.third.token_cell[i] = NO_CELL;
            self.board[c as usize].flags &= !F_MONSTER;
            self.touch(c);
        }
    }

    /// Puts the fought token in a chamber. Rule decision: a chamber holds one token; if it
    /// already has one (only the optional "Servants of Kalladra" rule puts several in a
    /// chamber), the new token goes back to the pool.
    fn place_token(&mut self, token: CardId, c: Cell) {
        let Some(i) = self.token_index(token) else { return };
        if c == NO_CELL || is_treasure(c) || self.token_on(c).is_some() {
            return;
        }
        self.third.token_cell[i] = c;
        self.board[c as usize].flags |= F_MONSTER;
        self.touch(c);
    }

    /// "The monster player draws a monster token with that Monster's portrait at random from
    /// the pool. If a monster token is not available in the pool, the monster player takes one
    /// from the board instead" (at random: he cannot look at the numbers).
    fn draw_token(&mut self, kind: u8) -> Option<CardId> {
        let r = self.rules.decks[Deck::Monster as usize];
        let kind = if kind == ANY_KIND {
            self.chance.shuffle.get().below(self.rules.monster_kinds.len() as u32) as u8
        } else {
            kind
        };
        let stacked = core::mem::replace(&mut self.third.stacked_token, NO_CARD);
        if stacked != NO_CARD && self.token_index(stacked).is_some() {
            self.lift_token(stacked);
            return Some(stacked);
        }
        let mut pool: ArrayVec<CardId, MAX_TOKENS> = ArrayVec::new();
        let mut board: ArrayVec<CardId, MAX_TOKENS> = ArrayVec::new();
        for t in r.first..r.first + (r.len as usize).min(MAX_TOKENS) as CardId {
            if self.token_kind(t) != kind || t == self.third.token {
                continue;
            }
            if self.third.token_cell[(t - r.first) as usize] == NO_CELL {
                pool.push(t);
            } else {
                board.push(t);
            }
        }
        let from = if pool.is_empty() { &board } else { &pool };
        if from.is_empty() {
            return None;
        }
        let t = from[self.chance.shuffle.get().below(from.len() as u32) as usize];
        self.lift_token(t);
        Some(t)
    }

    // --- encounter, escape ---

    /// Whether the hero may try to escape here ("Escape or Attack").
    fn third_escape_allowed(&self, escape: bool) -> bool {
        let seat = self.active.get();
        if !escape || self.escape_forbidden_here() || self.abilities(seat).never_escapes {
            return false;
        }
        let h = self.cur();
        match h.status {
            // In the catacombs the monster wanders off after an escape; nothing to return to.
            HeroStatus::Catacombs => true,
            HeroStatus::Board => {
                let portcullis = self.tile_at(h.pos).is_some_and(|t| t.sides.contains(&Side::Portcullis));
                !portcullis && self.third_back(seat).is_some()
            }
            _ => false,
        }
    }

    /// The chamber `seat` entered his own from, if a hall on his side of a split chamber leads
    /// back to it: where a 2010 escape (or a beaten hero's flight) returns him. The side matters
    /// when he did not come in by that hall (special movement, resurfacing) or the tile has
    /// turned since (Ceiling Collapses); an escape never crosses a chasm, rubble or a bridge.
    pub(crate) fn third_back(&self, seat: u8) -> Option<Cell> {
        let h = &self.heroes[seat as usize & (MAX_SEATS - 1)];
        let back = self.third.came_from[seat as usize & (MAX_SEATS - 1)];
        if !h.on_board() || back == NO_CELL || back == h.pos {
            return None;
        }
        self.dir_to(h.pos, back).filter(|&(c, d)| self.on_part(c, d, h.part)).map(|_| back)
    }

    pub(crate) fn third_encounter<O: Observer>(&mut self, kind: u8, escape: bool, token: CardId, obs: &mut O) {
        if !self.cur().in_game() {
            return;
        }
        let from_token = token != NO_CARD;
        let token = if from_token {
            self.lift_token(token);
            token
        } else {
            match self.draw_token(kind) {
                Some(t) => t,
                None => return,
            }
        };
        let seat = self.active.get();
        let ab = self.abilities(seat);
        let cr = self.card_rules();
        let kind = self.token_kind(token);
        let life = self.rules.card(token).monster.map_or(1, |m| m.life);
        // `dq duel --life` fixes the token's life value.
        let life = self.duel.and_then(|d| d.life).unwrap_or(life);
        let def = self.cur().def as usize;
        let health = self.rules.heroes[def].health;
        let setup = FightSetup {
            solo: self.variant.solo,
            life,
            hero_room: health.saturating_sub(self.cur().wounds).max(1),
            hand_size: [cr.hand_size + ab.extra_hand_cards, cr.hand_size],
            no_deathblow: [false, ab.no_deathblows_against],
            hero_powers: cr.hero_powers[def],
            monster_powers: cr.monster_powers[kind as usize],
        };
        let deck = core::mem::take(&mut self.third.stacked_deck);
        let hp = core::mem::take(&mut self.third.stacked_power[HERO]);
        let mp = core::mem::take(&mut self.third.stacked_power[MONSTER]);
        self.third.fight.start(cr, setup, self.chance.shuffle.get(), &deck, [&hp, &mp]);
        self.third.token = token;
        // A token a servant moved onto the hero was not entered: no chamber after the kill.
        self.third.from_token = from_token && self.servants.seat == super::pvp::NO_SEAT;
        self.third.escape_ok = escape;
        self.third.declared = false;
        self.third.monster_seat = if self.servants.seat != super::pvp::NO_SEAT {
            // Servants of Kalladra: the eliminated player who moved the token plays it.
            self.servants.seat
        } else if self.seats == 1 {
            seat
        } else {
            (seat + 1) % self.seats
        };
        self.scratch.cause = DeathCause::Monster;
        self.cur_mut().stats.monsters_met += 1;
        if O::ENABLED {
            obs.event(Event::MonsterAppears { seat, card: token, monster_seat: self.third.monster_seat });
        }
        if self.third_escape_allowed(escape) {
            self.ask(seat, DecisionKind::EscapeOrAttack, obs);
        } else {
            self.third_begin_fight(true, obs);
        }
    }

    pub(crate) fn answer_escape_or_attack<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if c != Choice::Yes {
            self.third_begin_fight(true, obs);
            return;
        }
        let cr = self.card_rules();
        let (Some(h), Some(m)) = (self.third.fight.take_power(HERO), self.third.fight.take_power(MONSTER)) else {
            self.third_begin_fight(false, obs);
            return;
        };
        let (he, me, dmg) = (cr.card(h).escape, cr.card(m).escape, cr.card(m).damage);
        let escaped = he >= me;
        let seat = self.active.get();
        if O::ENABLED {
            obs.event(Event::PowerEscape { seat, hero_escape: he, monster_escape: me, damage: dmg, escaped });
        }
        if escaped {
            self.third_escaped(obs);
        } else {
            let health = self.rules.hero(self.cur().def).health;
            if self.cur().wounds.saturating_add(dmg) >= health {
                self.third_monster_stays();
            }
            self.wound(seat, dmg, DeathCause::Monster, obs);
            if self.cur().in_game() {
                // The damage stack that kills him shrinks by the wounds just taken.
                let room = health.saturating_sub(self.cur().wounds).max(1);
                self.third.fight.set_hero_room(room);
                self.push(Task::Third(Step::Round));
            }
        }
    }

    /// The monster survives the encounter: its token stays in the chamber where it was met (not
    /// in the catacombs, where "the Monster wanders off"). Call before a killing wound.
    pub(super) fn third_monster_stays(&mut self) {
        let token = core::mem::replace(&mut self.third.token, NO_CARD);
        let h = self.cur();
        if h.on_board() {
            let at = h.pos;
            self.place_token(token, at);
        }
    }

    fn third_escaped<O: Observer>(&mut self, obs: &mut O) {
        let seat = self.active.get();
        self.cur_mut().stats.escapes += 1;
        let on_board = self.cur().on_board();
        let pos = self.cur().pos;
        self.third_monster_stays();
        if on_board {
            let to = self.third.came_from[seat as usize];
            if O::ENABLED {
                obs.event(Event::Escaped { seat, to });
            }
            let via = self.dir_to(pos, to).map_or(Via::Special, |(_, d)| Via::Hall(d.opposite() as u8));
            self.set_position(to, via, obs);
            self.third.came_from[seat as usize] = pos;
            // An escape is special movement (Clarifications, "Encountering a Monster with
            // Special Movement"): a monster met in the chamber reached cannot be escaped.
            self.third.encounter_next[seat as usize] = 2;
        }
        self.end_turn_now(obs);
    }

    /// Combat begins; Tatianna's opening volley when she fights rather than escapes.
    fn third_begin_fight<O: Observer>(&mut self, chose_to_fight: bool, obs: &mut O) {
        // The dice variant has no combat cards to volley (`dice_combat.rs`).
        if chose_to_fight && !self.variant.combat_dice {
            if let Some((n, attack)) = self.abilities(self.active.get()).opening_volley {
                let cr = self.card_rules();
                let hits = self.third.fight.volley(cr, n, attack, self.chance.shuffle.get());
                if O::ENABLED {
                    obs.event(Event::Volley { seat: self.active.get(), cards: n, hits });
                }
                if self.third.fight.monster_dead() {
                    self.third_monster_killed(obs);
                    return;
                }
            }
        }
        self.push(Task::Third(Step::Round));
    }

    // --- combat rounds ---

    fn third_round<O: Observer>(&mut self, obs: &mut O) {
        if !self.cur().in_game() || !self.third_fighting() {
            return;
        }
        if self.third.fight.round >= ROUND_CAP {
            self.third_stalemate(obs);
            return;
        }
        // Hero vs. Hero keeps the card combat under the dice variant (rule decision at
        // `dice_combat.rs`: the dice list ties monster types, not heroes, to an attribute).
        if self.variant.combat_dice && !self.third.pvp {
            self.dice_round(obs);
            return;
        }
        let ab = self.abilities(self.active.get());
        let solo = self.variant.solo;
        let challara = ab.no_power_card_at_wounds.is_some_and(|w| self.cur().wounds >= w);
        // Hero vs. Hero: the defender's own ability holds for his side.
        let d = self.third.monster_seat;
        let other = self.third.pvp
            && self.abilities(d).no_power_card_at_wounds.is_some_and(|w| self.heroes[d as usize].wounds >= w);
        self.third.fight.draw_step([!solo && !challara, !solo && !other], self.chance.shuffle.get());
        let f = &self.third.fight;
        if f.hand(HERO).is_empty() || (!solo && f.hand(MONSTER).is_empty()) {
            self.third_stalemate(obs);
            return;
        }
        self.third.deciding = HERO as u8;
        self.ask(self.active.get(), DecisionKind::CombatPlay, obs);
    }

    /// Rule decision (the rulebook never runs out of cards): a combat in which a side has no
    /// card left to play, or that reaches 200 rounds, ends with both alive; the monster stays
    /// in the chamber and the hero takes his damage stack as wounds, as at the end of a combat.
    fn third_stalemate<O: Observer>(&mut self, obs: &mut O) {
        if self.third.pvp {
            self.third_pvp_end(obs);
            return;
        }
        let n = self.third.fight.damage(HERO).len() as u8;
        self.third_monster_stays();
        self.wound(self.active.get(), n, DeathCause::Monster, obs);
        if self.cur().in_game() {
            self.end_turn_now(obs);
        }
    }

    /// The seat that plays a side.
    fn side_seat(&self, side: usize) -> u8 {
        if side == HERO {
            self.active.get()
        } else {
            self.third.monster_seat
        }
    }

    pub(crate) fn third_play_choices(&self, out: &mut Choices) {
        let side = self.third.deciding as usize;
        out.extend(self.third.fight.hand(side).iter().map(|&c| Choice::Card(c as CardId)));
    }

    pub(crate) fn answer_combat_play<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        let Choice::Card(card) = c else { return };
        let card = card as CcId;
        if self.third.deciding as usize == HERO && !self.variant.solo {
            self.third.hero_card = card;
            self.third.deciding = MONSTER as u8;
            self.ask(self.third.monster_seat, DecisionKind::CombatPlay, obs);
            return;
        }
        let (hero, monster) = if self.variant.solo { (card, 0) } else { (self.third.hero_card, card) };
        let cr = self.card_rules();
        if self.third.fight.reveal(cr, hero, monster, self.chance.shuffle.get()) {
            self.push(Task::Third(Step::Counter));
        } else {
            self.third_stalemate(obs);
        }
    }

    fn third_counter<O: Observer>(&mut self, obs: &mut O) {
        let cr = self.card_rules();
        match self.third.fight.counter_side(cr) {
            None => self.push(Task::Third(Step::Assign)),
            Some(MONSTER) if self.variant.solo => {
                self.third.fight.solo_counter(cr, self.chance.shuffle.get());
                self.push(Task::Third(Step::Assign));
            }
            Some(side) => self.third_counter_more(side, obs),
        }
    }

    fn third_counter_more<O: Observer>(&mut self, side: usize, obs: &mut O) {
        let cr = self.card_rules();
        let mut cards = ArrayVec::new();
        self.third.fight.counter_cards(cr, side, &mut cards);
        if cards.is_empty() {
            self.push(Task::Third(Step::Assign));
            return;
        }
        self.third.deciding = side as u8;
        self.ask(self.side_seat(side), DecisionKind::Counterattack, obs);
    }

    pub(crate) fn third_counter_choices(&self, out: &mut Choices) {
        let side = self.third.deciding as usize;
        let mut cards = ArrayVec::new();
        self.third.fight.counter_cards(self.card_rules(), side, &mut cards);
        out.push(Choice::Done);
        out.extend(cards.into_iter().map(|c| Choice::Card(c as CardId)));
    }

    pub(crate) fn answer_counterattack<O: Observer>(&mut self, c: Choice, _obs: &mut O) {
        let side = self.third.deciding as usize;
        match c {
            Choice::Card(card) => {
                let cr = self.card_rules();
                self.third.fight.counter_play(cr, side, card as CcId, self.chance.shuffle.get());
                self.push(Task::Third(Step::CounterMore { side: side as u8 }));
            }
            _ => self.push(Task::Third(Step::Assign)),
        }
    }

    fn third_assign<O: Observer>(&mut self, obs: &mut O) {
        let cr = self.card_rules();
        let before = self.third.fight.damage(MONSTER).len() as u8;
        let r = self.third.fight.assign(cr, self.chance.shuffle.get());
        if O::ENABLED {
            obs.event(Event::CardCombatRound {
                winner: r.winner,
                hero_total: r.totals[HERO],
                monster_total: r.totals[MONSTER],
                deathblow: r.deathblow,
                hero_damage: r.damage[HERO],
                monster_damage: r.damage[MONSTER],
            });
        }
        if self.third.pvp {
            self.third_pvp_round_over(obs);
            return;
        }
        if self.third_live_to_fight(r.winner, before, obs) {
            return;
        }
        if self.third.fight.hero_dead() {
            // "Monster Victory": the damage stack counts as wounds; the token stays.
            let n = self.third.fight.hero_room();
            self.third_monster_stays();
            self.wound(self.active.get(), n, DeathCause::Monster, obs);
        } else if self.third.fight.monster_dead() {
            self.third_monster_killed(obs);
        } else {
            self.push(Task::Third(Step::Round));
        }
    }

    /// "Hero Victory": the damage stack becomes wound tokens, the token returns to the pool,
    /// and a monster met on entering a chamber is followed by the chamber.
    pub(super) fn third_monster_killed<O: Observer>(&mut self, obs: &mut O) {
        let seat = self.active.get();
        let n = self.third.fight.damage(HERO).len() as u8;
        let token = core::mem::replace(&mut self.third.token, NO_CARD);
        self.wound(seat, n, DeathCause::Monster, obs);
        if !self.cur().in_game() {
            return;
        }
        self.cur_mut().stats.monsters_killed += 1;
        if O::ENABLED {
            obs.event(Event::MonsterKilled { seat, card: token });
        }
        if self.third.from_token && self.cur().on_board() {
            self.push(Task::Chamber);
        }
        self.offer_runes(RuneWindow::AfterKill, NO_CARD, obs);
    }

    // --- turn structure hooks ---

    /// Action phase hook: an encounter owed from last turn, search bookkeeping, blocked heroes.
    /// Returns true if the action phase is taken care of.
    pub(crate) fn third_action<O: Observer>(&mut self, obs: &mut O) -> bool {
        let seat = self.active as usize;
        // A deferred arrival is consumed in the turn it was set; one left over (no tile could
        // be placed) must not swallow a later chamber.
        self.third.defer[seat] = 0;
        if !self.cur().on_board() {
            return false;
        }
        let pos = self.cur().pos;
        if self.third.search_cell[seat] != pos {
            self.third.search_cell[seat] = pos;
            self.third.search_count[seat] = 0;
        }
        let owed = core::mem::replace(&mut self.third.encounter_next[seat], 0);
        if owed != 0 {
            // "On the Hero's next turn, he must then encounter the chamber he escaped to as if
            // he just entered it (instead of moving or searching)"; after resurfacing a monster
            // there must be attacked.
            if owed == 2 {
                self.turn.no_escape = true;
            }
            self.push(Task::Resolve);
            return true;
        }
        let mut c = Choices::new();
        self.action_choices(&mut c);
        if c.is_empty() && self.third_blocked() {
            if O::ENABLED {
                obs.event(Event::TurnLost { seat: self.active.get(), left: 0 });
            }
            return true;
        }
        false
    }

    /// "Blocked Heroes": no move or search left, but a passage leads to a chamber another hero
    /// holds. Rule decision: this applies whether or not the chamber can be searched at all.
    fn third_blocked(&self) -> bool {
        let pos = self.cur().pos;
        Self::chamber_cells(pos).into_iter().any(|c| {
            Dir::ALL.into_iter().any(|d| self.link(c, d).is_some_and(|to| self.occupied(to, self.active.get())))
        })
    }

    /// "Dead Ends": "If a Hero does not succeed in finding a secret door or passage to the
    /// catacombs that allows him to leave the chamber after searching twice, he is killed"
    /// (the Rotating Room: "before the end of the second search attempt"). Run at the end of
    /// the active hero's turn: after his second successive search here, with no move, search
    /// or catacomb entrance left and not merely blocked by a hero, he dies now rather than at
    /// his next action (so no start-of-turn effect or rune comes between). Returns whether he
    /// was killed.
    pub(crate) fn third_trapped<O: Observer>(&mut self, obs: &mut O) -> bool {
        let seat = self.active as usize;
        let h = self.cur();
        if self.third.search_count[seat] < 2 || !h.on_board() || self.third.search_cell[seat] != h.pos {
            return false;
        }
        let mut c = Choices::new();
        self.action_choices(&mut c);
        if !c.is_empty() || self.third_blocked() {
            return false;
        }
        self.third.search_count[seat] = 0;
        self.kill(self.active.get(), DeathCause::DeadEnd, obs);
        true
    }

    /// "Search": at most two successive searches in a chamber, no monster token there.
    ///
    /// A Rotating Room has no search icon, but "if a Rotating Room's passage is blocked by a
    /// wall, the Hero may try to leave by searching" (Chamber Descriptions; the Dead End
    /// example). Rule decision: it may be searched exactly while every side is walled (its own
    /// walls, a neighbour's or the outer wall); a passage held by a hero is no wall.
    pub(crate) fn third_can_search(&self, c: Cell) -> bool {
        let seat = self.active as usize;
        let used = if self.third.search_cell[seat] == c { self.third.search_count[seat] } else { 0 };
        let icon = |t: &crate::dungeonquest::rules::TileDef| {
            t.torch || (t.kind == crate::dungeonquest::data::TileKind::RotatingChamber && self.open_mask(c) == 0)
        };
        self.tile_at(c).is_some_and(icon) && self.board[c as usize].flags & F_MONSTER == 0 && used < 2
    }

    pub(crate) fn third_note_action(&mut self, c: Choice) {
        let seat = self.active as usize;
        // A passage found without a marker serves only the next turn's action.
        self.third.passage[seat] = NO_CELL;
        match c {
            Choice::Search => {
                let pos = self.cur().pos;
                if self.third.search_cell[seat] != pos {
                    self.third.search_cell[seat] = pos;
                    self.third.search_count[seat] = 0;
                }
                self.third.search_count[seat] += 1;
            }
            _ => {
                self.third.search_cell[seat] = NO_CELL;
                self.third.search_count[seat] = 0;
            }
        }
    }

    /// Resolve hook: a deferred arrival (escape, resurfacing, retreat) ends the turn; a token
    /// in the chamber is met before the chamber. Returns true if handled.
    pub(crate) fn third_defer<O: Observer>(&mut self, obs: &mut O) -> bool {
        let seat = self.active as usize;
        let d = core::mem::replace(&mut self.third.defer[seat], 0);
        if d == 0 {
            return false;
        }
        self.third.encounter_next[seat] = d;
        self.end_turn_now(obs);
        true
    }

    /// "Passage Down": a catacomb entrance marker goes on the chamber, except on a Cave-in
    /// ("the cave-in has filled in the entrance") or when all the markers are in use ("Limited
    /// Resources"); either way the hero may enter the catacombs on his next turn.
    pub(crate) fn third_passage_down(&mut self) {
        let pos = self.cur().pos;
        let markers = self.board.iter().filter(|s| s.flags & F_MARKER != 0).count();
        let cave_in = self.tile_kind(pos) == Some(crate::dungeonquest::data::TileKind::CaveIn);
        if cave_in || markers >= CATACOMB_MARKERS || is_treasure(pos) || self.tile_at(pos).is_none() {
            self.third.passage[self.active as usize] = pos;
        } else {
            self.board[pos as usize].flags |= F_MARKER;
        }
    }

    /// A token in the hero's chamber is met before the chamber. "Any effect that refers to the
    /// Monster card type also applies to monster tokens": the Rune of Death (cancel a monster
    /// card, the after-ambush window) is offered against it first.
    pub(crate) fn third_token_here<O: Observer>(&mut self, obs: &mut O) -> bool {
        let pos = self.cur().pos;
        match self.token_on(pos) {
            Some(token) => {
                let kind = self.token_kind(token);
                self.push(Task::Third(Step::Encounter { kind, escape: true, token }));
                self.offer_runes_token(RuneWindow::AfterAmbush, token, obs);
                true
            }
            None => false,
        }
    }

    /// The Rune of Death used against a token on the board. Rule decision: the monster is
    /// gone as a cancelled monster card is: its token returns to the pool, and a hero who
    /// entered the chamber then encounters it (as after a kill; no kill is counted).
    pub(crate) fn third_cancel_token(&mut self, token: CardId) {
        self.lift_token(token);
    }

    /// Whether the token of an encounter met on the board has left it since (cancelled by
    /// the Rune of Death).
    fn token_gone(&self, token: CardId) -> bool {
        token != NO_CARD && self.token_index(token).is_some_and(|i| self.third.token_cell[i] == NO_CELL)
    }

    /// Determination ("for that encounter"): tokens belong to one test situation (what is
    /// tested, why, and where); a test of another situation discards them first. Rule decision:
    /// the situation is identified by the test's tag, attribute and the hero's space (or
    /// travel marker), so a portcullis retried next turn, or a trapdoor card's test repeated each
    /// turn, keeps its tokens.
    pub(crate) fn third_test_key(&mut self, attr: AttrSel, tag: TestTag) {
        let seat = self.active as usize;
        let h = self.cur();
        let at = if h.on_board() { h.pos } else { h.marker };
        let a = match attr {
            AttrSel::One(x) => crate::dungeonquest::rules::attr_index(x) as u32,
            AttrSel::LowerOf(x, y) => {
                4 + 4 * crate::dungeonquest::rules::attr_index(x) as u32
                    + crate::dungeonquest::rules::attr_index(y) as u32
            }
        };
        let key = (tag as u32) << 16 | a << 8 | at as u32;
        if self.third.det_key[seat] != key {
            self.third.det_key[seat] = key;
            self.cur_mut().determination = 0;
        }
    }

    /// The test passed: the encounter is resolved and its tokens are discarded.
    pub(crate) fn third_test_passed(&mut self) {
        self.third.det_key[self.active as usize] = u32::MAX;
        self.cur_mut().determination = 0;
    }

    // --- Death Can Wait (2010) ---

    /// "When Heroes are killed, they are knocked out instead": a die's worth of loot cards of
    /// the player's choice discarded, half the wounds (rounded up) discarded, the turn over; a
    /// hero killed by a dead end is placed in an adjacent space as when resurfacing. Rule
    /// decisions: the hero otherwise stays where he was knocked out; wounds left are kept below
    /// his life value; another player's hero (Dragon Rage in the treasure chamber) discards his
    /// lowest-value loot cards.
    pub(crate) fn third_knock_out<O: Observer>(&mut self, seat: u8, cause: DeathCause, obs: &mut O) {
        if O::ENABLED {
            obs.event(Event::Died { seat, cause });
        }
        if seat == self.active.get() {
            self.turn.in_status = false;
            self.flush_resolving(obs);
            self.truncate_turn();
        }
        let health = self.rules.hero(self.heroes[seat as usize].def).health;
        let h = &mut self.heroes[seat as usize];
        h.stats.deaths += 1;
        let before = h.wounds;
        h.wounds = (before - before.div_ceil(2)).min(health.saturating_sub(1));
        let (amount, total) = (before - h.wounds, h.wounds);
        if O::ENABLED {
            obs.event(Event::Healed { seat, amount, total });
        }
        let save = self.active.get();
        self.active = Seat::of(seat);
        let n = self.d6(obs);
        self.active = Seat::of(save);
        if cause == DeathCause::DeadEnd {
            self.push(Task::Third(Step::KnockedPlace { seat }));
        }
        self.push(Task::Third(Step::KnockedLoot { seat, left: n }));
    }

    fn knocked_loot<O: Observer>(&mut self, seat: u8, left: u8, obs: &mut O) {
        if left == 0 || self.loot_count(seat) == 0 {
            return;
        }
        self.push(Task::Third(Step::KnockedLoot { seat, left: left - 1 }));
        if seat == self.active.get() {
            self.ask(seat, DecisionKind::DiscardLoot, obs);
        } else {
            let h = &self.heroes[seat as usize];
            let cheapest =
                h.held.iter().copied().filter(|&c| self.rules.card(c).loot).min_by_key(|&c| self.card_gold(h, c));
            if let Some(c) = cheapest {
                self.discard_held(seat, c, obs);
            }
        }
    }

    // --- Dragon Rage retreat ---

    /// Where a hero may retreat from the treasure chamber: an adjacent space through a passage,
    /// not through a door or portcullis, not onto another hero (an unexplored space gets a tile).
    pub(crate) fn retreat_targets(&self, seat: u8, out: &mut Choices) {
        let h = &self.heroes[seat as usize];
        if !h.on_board() || !is_treasure(h.pos) {
            return;
        }
        self.halls_out(seat, |_, d, to| {
            if is_treasure(to) || self.occupied(to, seat) || out.contains(&Choice::Move(to)) {
                return;
            }
            if self.explored(to) && matches!(self.side_at(to, d.opposite()), Side::Door | Side::Portcullis) {
                return;
            }
            out.push(Choice::Move(to));
        });
    }

    pub(crate) fn answer_rage_retreat<O: Observer>(&mut self, seat: u8, c: Choice, obs: &mut O) {
        let Choice::Move(to) = c else { return };
        let save = self.active.get();
        self.active = Seat::of(seat);
        let from = self.cur().pos;
        if let Some((_, d)) = self.dir_to(from, to) {
            let placed = if self.explored(to) {
                true
            } else if let Some(t) = self.take_tile() {
                self.place_tile(to, t, d.opposite(), obs);
                true
            } else {
                false
            };
            if placed {
                self.set_position(to, Via::Hall(d.opposite() as u8), obs);
                self.third.came_from[seat as usize] = from;
                // The retreat is special movement: no escape from a monster met there.
                self.third.encounter_next[seat as usize] = 2;
            }
        }
        self.active = Seat::of(save);
    }

    // --- views ---

    /// The card combat in progress, if any (2010 rules).
    pub fn card_fight(&self) -> Option<&Fight> {
        (self.edition == Edition::Third && self.third_fighting()).then_some(&self.third.fight)
    }

    /// Whether the card combat in progress is Hero vs. Hero (2010 rules): then the monster
    /// side is the defending hero, played by his own player, not by the monster policy.
    pub fn card_fight_is_hero_vs_hero(&self) -> bool {
        self.edition == Edition::Third && self.third.pvp
    }

    /// The monster type fought now (2010 rules).
    pub fn fight_kind(&self) -> Option<u8> {
        (self.edition == Edition::Third && self.third.token != NO_CARD).then(|| self.token_kind(self.third.token))
    }

    /// The seat playing the monster now (2010 rules).
    pub fn fight_monster_seat(&self) -> u8 {
        self.third.monster_seat
    }

    /// Which side a pending combat decision is for: [`HERO`] or [`MONSTER`].
    pub fn fight_deciding(&self) -> usize {
        self.third.deciding as usize
    }

    /// The monster type of the token on a space (2010 rules; the life value stays hidden).
    pub fn token_kind_at(&self, c: Cell) -> Option<u8> {
        self.token_on(c).map(|t| self.token_kind(t))
    }

    // --- scenario control (tests) ---

    /// 2010 invariants: a space shows a monster exactly when one token lies there, and the
    /// token being fought is not also on the board.
    pub(crate) fn third_invariants(&self) -> Result<(), String> {
        for c in 0..crate::dungeonquest::board::CELLS {
            let flag = self.board[c].flags & F_MONSTER != 0;
            let tokens = self.third.token_cell.iter().filter(|&&x| x as usize == c).count();
            if flag != (tokens == 1) || tokens > 1 {
                return Err(format!("space {c}: monster flag {flag} with {tokens} tokens"));
            }
        }
        if self.third.token != NO_CARD
            && self.token_index(self.third.token).is_some_and(|i| self.third.token_cell[i] != NO_CELL)
        {
            return Err("the token fought is also on the board".into());
        }
        Ok(())
    }

    /// The next combat starts with these combat cards on top of the deck (first on top) and
    /// these power cards on top of the hero's and the monster's power piles.
    pub fn stack_combat(&mut self, deck: &[CcId], hero_power: &[CcId], monster_power: &[CcId]) {
        self.third.stacked_deck = deck.iter().copied().take(32).collect();
        self.third.stacked_power[HERO] = hero_power.iter().copied().take(8).collect();
        self.third.stacked_power[MONSTER] = monster_power.iter().copied().take(8).collect();
    }

    /// The next monster token drawn is this one.
    pub fn stack_token(&mut self, token: CardId) {
        self.third.stacked_token = token;
    }

    /// Puts a monster token on a space.
    pub fn put_token(&mut self, token: CardId, c: Cell) {
        self.lift_token(token);
        self.place_token(token, c);
        self.refresh_legal();
    }

    /// Sets the chamber a hero entered his current one from.
    pub fn set_came_from(&mut self, seat: u8, c: Cell) {
        self.third.came_from[seat as usize] = c;
    }

    /// Whether the hero must encounter his chamber at the start of his next action phase.
    pub fn owes_encounter(&self, seat: u8) -> u8 {
        self.third.encounter_next[seat as usize]
    }
}
