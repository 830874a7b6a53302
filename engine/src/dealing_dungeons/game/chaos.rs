//! Chaos mode: every dungeon built and populated by the players round the table (left /
//! right / across / self), then played as in Standard with the Chaos hooks: face-down
//! Encounter cards revealed on entry, one End Boss shared by every Treasure Room with a
//! minion in each, its healing when another hero arrives, monsters attacking back on a 1,
//! and Secret Door tokens paid for in Loot cards at the end.

use super::table::{opposite, step, turn, Beyond, Room, RoomCard, Standing, Table, MAX_ROOMS};
use super::{Ask, DealingChoice, DealingDecision, DealingEvent, DealingGame, DeathCause, Mode, MAX_SEATS};
use crate::core::rng::GameRng;
use crate::core::Observer;
use crate::dealing_dungeons::combat::{BossFight, BossFoe, Dice};
use crate::dealing_dungeons::data::Side;
use crate::dealing_dungeons::rules::{Encounter, Loot};
use arrayvec::ArrayVec;

use DealingChoice as C;

/// No card on a room, or none picked.
const NONE: u8 = u8::MAX;
/// Most Encounter cards dealt to a hand for the populating phase.
pub const ENCOUNTER_HAND: usize = 16;

/// Where a Chaos game's set-up stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChaosPhase {
    /// Phase 1: room cards from the hands, a placement round at a time.
    #[default]
    Build,
    /// Each seat lays its own Treasure Room card.
    Treasure,
    /// Phase 2: Encounter cards face down, in the same order.
    Populate,
    /// Play as in Standard, with the Chaos hooks.
    Play,
}

/// Whose dungeon a placement goes to, from the placing seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Toward {
    Left,
    Right,
    Across,
    Own,
}

/// Chaos's own state; empty in the other modes.
#[derive(Clone, Debug)]
pub struct Chaos {
    pub phase: ChaosPhase,
    /// The placement round (0 on) and the seat's place in it from the first player.
    round: u8,
    cursor: u8,
    /// The hand card picked (room card index in the seat's deck, or Encounter hand index).
    pick: u8,
    /// The room and side picked for the room card being laid.
    spot: (u8, Side),
    /// Each seat's Encounter cards for the populating phase.
    pub hands: [ArrayVec<u8, ENCOUNTER_HAND>; MAX_SEATS],
    /// The face-down Encounter card of each room of each dungeon (`u8::MAX`: none), and
    /// the seat that laid it (it knows the card).
    pub hidden: [[u8; MAX_ROOMS]; MAX_SEATS],
    placer: [[u8; MAX_ROOMS]; MAX_SEATS],
    /// Secret Door tokens each seat used while building.
    pub tokens_used: [u8; MAX_SEATS],
    /// Room cards set aside: no room of their dungeon could take them.
    pub set_aside: u8,
    /// The shared End Boss: its card, lives left and its most lives.
    pub boss: Option<(u8, u8, u8)>,
}

impl Chaos {
    pub const fn new() -> Chaos {
        Chaos {
            phase: ChaosPhase::Build,
            round: 0,
            cursor: 0,
            pick: NONE,
            spot: (0, Side::North),
            hands: [ArrayVec::new_const(), ArrayVec::new_const(), ArrayVec::new_const(), ArrayVec::new_const()],
            hidden: [[NONE; MAX_ROOMS]; MAX_SEATS],
            placer: [[NONE; MAX_ROOMS]; MAX_SEATS],
            tokens_used: [0; MAX_SEATS],
            set_aside: 0,
            boss: None,
        }
    }
}

impl Default for Chaos {
    fn default() -> Chaos {
        Chaos::new()
    }
}

/// The rulebook's placement orders: four players Left, Right, Across, Own twice, then Left
/// and Own; three players Left, Right, Own; two players Across, Own; repeated until the
/// round `k` (0 on).
fn toward(seats: u8, k: u8) -> Toward {
    use Toward::*;
    match seats {
        2 => [Across, Own][k as usize % 2],
        3 => [Left, Right, Own][k as usize % 3],
        _ if k >= 8 => [Left, Own][(k as usize - 8) % 2],
        _ => [Left, Right, Across, Own][k as usize % 4],
    }
}

/// The dungeon seat `s` places into in round `k`. Play goes clockwise, so the player to the
/// left is the next seat (docs/rulings.md).
pub fn target(seats: u8, k: u8, s: u8) -> u8 {
    let off = match toward(seats, k) {
        Toward::Left => 1,
        Toward::Right => seats - 1,
        Toward::Across => seats / 2,
        Toward::Own => 0,
    };
    (s + off) % seats
}

impl<'r> DealingGame<'r> {
    /// Chaos's state (the phase, the face-down cards, the shared boss).
    pub fn chaos(&self) -> &Chaos {
        &self.chaos
    }

    /// The dungeon (its seat) the pending set-up decision places into; `None` in play.
    pub fn chaos_placing_into(&self) -> Option<u8> {
        let s = self.pending?.seat;
        match self.chaos.phase {
            ChaosPhase::Play => None,
            ChaosPhase::Treasure => Some(s),
            _ => Some(target(self.seats, self.chaos.round, s)),
        }
    }

    /// A test set-up's laid monsters are face down, as the populating phase leaves them.
    pub(super) fn chaos_face_down(&mut self) {
        for t in 0..self.seats as usize {
            for r in 1..self.dungeons[t].len() {
                if let Some(st) = self.dungeons[t][r].monster.take() {
                    self.chaos.hidden[t][r] = st.card;
                    self.dungeons[t][r].fresh = true;
                }
            }
        }
    }

    /// Chaos's state, for tests to set the boss or the tokens used.
    #[cfg(test)]
    pub(crate) fn chaos_mut(&mut self) -> &mut Chaos {
        &mut self.chaos
    }

    /// Set-up step: the Encounter hands for the populating phase (a seeded game only).
    pub(super) fn chaos_deal(&mut self) {
        let n = self.rules.modes.chaos_encounters as usize;
        for s in 0..self.seats as usize {
            for _ in 0..n.min(ENCOUNTER_HAND) {
                if let Some(c) = self.encounters.pop() {
                    self.chaos.hands[s].push(c);
                }
            }
        }
    }

    /// Round 1 of the building phase (a test set-up with its dungeons laid starts play).
    pub(super) fn chaos_start<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        for s in 0..self.seats as usize {
            // A laid Treasure Room (a test set-up): its card is out of the hand, its boss unmet.
            if let Some(i) = self.dungeons[s].iter().position(|r| r.card == RoomCard::Treasure) {
                self.dungeons[s][i].fresh = true;
                self.players[s].deck.retain(|c| *c != RoomCard::Treasure);
            }
        }
        self.chaos.phase = ChaosPhase::Build;
        self.chaos_next(obs)
    }

    fn chaos_seat(&self) -> u8 {
        (self.first + self.chaos.cursor) % self.seats
    }

    /// The next set-up step: posts a decision, or begins play.
    fn chaos_next<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        loop {
            let rounds = match self.chaos.phase {
                ChaosPhase::Build => self.rules.modes.dungeon_rooms,
                ChaosPhase::Treasure => 1,
                ChaosPhase::Populate => self.rules.modes.chaos_encounters,
                ChaosPhase::Play => {
                    self.active = self.first;
                    return self.begin_turn(obs);
                }
            };
            if self.chaos.cursor >= self.seats {
                self.chaos.cursor = 0;
                self.chaos.round += 1;
            }
            if self.chaos.round >= rounds {
                self.chaos.round = 0;
                self.chaos.cursor = 0;
                self.chaos.phase = match self.chaos.phase {
                    ChaosPhase::Build => ChaosPhase::Treasure,
                    ChaosPhase::Treasure => ChaosPhase::Populate,
                    _ => {
                        // Cards left in hand (rooms that were never built) are discarded.
                        for s in 0..MAX_SEATS {
                            for c in self.chaos.hands[s].drain(..) {
                                let _ = self.discard.try_push(c);
                            }
                        }
                        ChaosPhase::Play
                    }
                };
                continue;
            }
            let s = self.chaos_seat();
            let asked = match self.chaos.phase {
                ChaosPhase::Build => self.chaos_build_step(s, obs),
                ChaosPhase::Treasure => self.chaos_treasure_step(s, obs),
                _ => self.chaos_populate_step(s),
            };
            if asked {
                return;
            }
            self.chaos.cursor += 1;
        }
    }

    /// Sides of room `room` of dungeon `t` a card can go off.
    fn chaos_free(&self, t: u8, room: u8) -> ArrayVec<Side, 4> {
        self.table().build_sides(t, room).0
    }

    fn chaos_any_free(&self, t: u8) -> bool {
        let d = &self.dungeons[t as usize];
        (0..d.len() as u8).any(|r| d[r as usize].card != RoomCard::Treasure && !self.chaos_free(t, r).is_empty())
    }

    /// "If you are unable to build you must use a Secret Door Token": on the first blank
    /// wall of dungeon `t` facing a free space (docs/rulings.md). False if there is none or
    /// the seat has no token left (its free one used and the box empty).
    fn chaos_secret_door<O: Observer<DealingEvent>>(&mut self, s: u8, t: u8, obs: &mut O) -> bool {
        let free = self.rules.modes.chaos_secret_doors;
        if self.chaos.tokens_used[s as usize] >= free && self.door_tokens == 0 {
            return false;
        }
        let d = &self.dungeons[t as usize];
        let spot = (0..d.len() as u8).find_map(|r| {
            let room = d[r as usize];
            if room.card == RoomCard::Treasure {
                return None;
            }
            Side::ALL
                .into_iter()
                .find(|&side| room.doors & side.bit() == 0 && self.table().beyond(t, r, side) == Beyond::Free)
                .map(|side| (r, side))
        });
        let Some((r, side)) = spot else { return false };
        if self.chaos.tokens_used[s as usize] >= free {
            self.door_tokens -= 1;
        }
        self.chaos.tokens_used[s as usize] += 1;
        let room = &mut self.dungeons[t as usize][r as usize];
        room.doors |= side.bit();
        room.secret |= side.bit();
        Self::emit(obs, DealingEvent::SecretDoor { seat: t, room: r, side });
        true
    }

    /// A room card of seat `s`'s hand into this round's dungeon.
    fn chaos_build_step<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) -> bool {
        let t = target(self.seats, self.chaos.round, s);
        if !self.players[s as usize].deck.iter().any(|c| *c != RoomCard::Treasure) {
            return false;
        }
        if !self.chaos_any_free(t) && !self.chaos_secret_door(s, t, obs) {
            // Nowhere to go: the card is set aside (docs/rulings.md).
            if let Some(i) = self.players[s as usize].deck.iter().position(|c| *c != RoomCard::Treasure) {
                self.players[s as usize].deck.remove(i);
                self.chaos.set_aside += 1;
            }
            return false;
        }
        self.legal.clear();
        let hand = &self.players[s as usize].deck;
        for (i, c) in hand.iter().enumerate() {
            if *c != RoomCard::Treasure && hand[..i].iter().all(|o| o != c) {
                self.legal.push(C::Card(i as u8));
            }
        }
        self.ask(s, Ask::Lay);
        true
    }

    /// Each seat lays its own Treasure Room anywhere it fits in its dungeon.
    fn chaos_treasure_step<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) -> bool {
        let Some(i) = self.players[s as usize].deck.iter().position(|c| *c == RoomCard::Treasure) else {
            return false;
        };
        if !self.chaos_any_free(s) && !self.chaos_secret_door(s, s, obs) {
            // No Treasure Room: his dungeon cannot be finished (walled in, alive).
            self.players[s as usize].deck.remove(i);
            self.chaos.set_aside += 1;
            self.players[s as usize].status = super::Status::WalledIn;
            Self::emit(obs, DealingEvent::WalledIn(s));
            return false;
        }
        self.chaos.pick = i as u8;
        self.drawn = Some(RoomCard::Treasure);
        self.chaos_ask_spot(s, s);
        true
    }

    fn chaos_ask_spot(&mut self, s: u8, t: u8) {
        self.legal.clear();
        let d = &self.dungeons[t as usize];
        for room in 0..d.len() as u8 {
            if d[room as usize].card == RoomCard::Treasure {
                continue;
            }
            for side in self.chaos_free(t, room) {
                if self.legal.len() < self.legal.capacity() {
                    self.legal.push(C::Spot { room, side });
                }
            }
        }
        self.ask(s, Ask::Spot);
    }

    /// An Encounter card of seat `s`'s hand face down in this round's dungeon.
    fn chaos_populate_step(&mut self, s: u8) -> bool {
        let t = target(self.seats, self.chaos.round, s);
        if self.chaos.hands[s as usize].is_empty() {
            return false;
        }
        if !self.chaos_empty_rooms(t).any(|_| true) {
            // Every room has its card: this one is discarded.
            if let Some(c) = self.chaos.hands[s as usize].pop() {
                let _ = self.discard.try_push(c);
            }
            return false;
        }
        self.legal.clear();
        let hand = &self.chaos.hands[s as usize];
        for (i, c) in hand.iter().enumerate() {
            if hand[..i].iter().all(|o| o != c) {
                self.legal.push(C::Card(i as u8));
            }
        }
        self.ask(s, Ask::Deal);
        true
    }

    /// Rooms of dungeon `t` with no card yet (not the entrance nor the Treasure Room).
    fn chaos_empty_rooms(&self, t: u8) -> impl Iterator<Item = u8> + '_ {
        let d = &self.dungeons[t as usize];
        (1..d.len() as u8).filter(move |&r| {
            d[r as usize].card != RoomCard::Treasure && self.chaos.hidden[t as usize][r as usize] == NONE
        })
    }

    /// The set-up answers (Lay, Spot, Place, Deal, Cover); false for play's.
    pub(super) fn chaos_answer<O: Observer<DealingEvent>>(
        &mut self,
        d: DealingDecision,
        choice: DealingChoice,
        obs: &mut O,
    ) -> bool {
        if self.chaos.phase == ChaosPhase::Play {
            return false;
        }
        let s = d.seat;
        let t = if self.chaos.phase == ChaosPhase::Treasure { s } else { target(self.seats, self.chaos.round, s) };
        match choice {
            C::Card(i) if d.ask == Ask::Lay => {
                self.chaos.pick = i;
                self.drawn = self.players[s as usize].deck.get(i as usize).copied();
                self.chaos_ask_spot(s, t);
            }
            C::Spot { room, side } => {
                self.chaos.spot = (room, side);
                let card = self.drawn.unwrap_or(RoomCard::Treasure);
                self.legal.clear();
                for (turns, _) in Table::turns_facing(self.card_doors(card), opposite(side)) {
                    self.legal.push(C::Place { side, turns });
                }
                self.ask(s, Ask::Place);
            }
            C::Place { turns, .. } => {
                let card = self.drawn.take().unwrap_or(RoomCard::Treasure);
                let (from, side) = self.chaos.spot;
                let f = self.dungeons[t as usize][from as usize];
                let (dx, dy) = step(side);
                let (x, y) = (f.x + dx, f.y + dy);
                let doors = turn(self.card_doors(card), turns);
                let (w, dp) = (self.table.0 as i8, self.table.1 as i8);
                let others = super::table::lay(&mut self.dungeons, w, dp, t, Room::new(card, x, y, doors, from));
                let new = (self.dungeons[t as usize].len() - 1) as u8;
                Self::emit(obs, DealingEvent::Built { seat: t, room: new, x, y });
                if O::ENABLED {
                    let blocked = self.dungeons[t as usize][new as usize].blocked;
                    for side in Side::ALL {
                        if blocked & side.bit() != 0 {
                            Self::emit(obs, DealingEvent::Blocked { seat: t, room: new, side });
                        }
                    }
                    for (o, k, side) in others {
                        Self::emit(obs, DealingEvent::Blocked { seat: o, room: k, side });
                    }
                }
                // The Treasure Room is met (its boss) when the hero first enters it.
                self.dungeons[t as usize][new as usize].fresh = card == RoomCard::Treasure;
                self.players[s as usize].stats.rooms_built += 1;
                self.players[s as usize].deck.remove(self.chaos.pick as usize);
                self.chaos.pick = NONE;
                self.chaos.cursor += 1;
                self.chaos_next(obs);
            }
            C::Card(i) => {
                self.chaos.pick = i;
                self.legal.clear();
                for r in self.chaos_empty_rooms(t).collect::<ArrayVec<u8, MAX_ROOMS>>() {
                    self.legal.push(C::Cover(r));
                }
                self.ask(s, Ask::Cover);
            }
            C::Cover(room) => {
                let card = self.chaos.hands[s as usize].remove(self.chaos.pick as usize);
                self.chaos.hidden[t as usize][room as usize] = card;
                self.chaos.placer[t as usize][room as usize] = s;
                self.dungeons[t as usize][room as usize].fresh = true;
                self.chaos.pick = NONE;
                self.chaos.cursor += 1;
                self.chaos_next(obs);
            }
            _ => return false,
        }
        true
    }

    /// The face-down card of the hero's room, turned up as he enters (none: an empty room).
    pub(super) fn chaos_reveal(&mut self, s: u8) -> Option<u8> {
        let at = self.players[s as usize].at as usize;
        let c = std::mem::replace(&mut self.chaos.hidden[s as usize][at], NONE);
        (c != NONE).then_some(c)
    }

    /// Whether the hero stands in his Treasure Room (no healing there without a potion).
    pub(super) fn chaos_in_treasure(&self, s: u8) -> bool {
        let p = &self.players[s as usize];
        self.dungeons[s as usize][p.at as usize].card == RoomCard::Treasure
    }

    /// The hero enters his Treasure Room: the shared End Boss drawn by the first (one extra
    /// life), or healed by 1D6 if already wounded; then its minion.
    pub(super) fn chaos_meet_boss<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        match self.chaos.boss {
            None => {
                let Some(b) = self.bosses.pop() else {
                    return self.end_turn(obs);
                };
                Self::emit(obs, DealingEvent::BossDrawn { seat: s, boss: b });
                let lives = self.rules.bosses[b as usize].lives.saturating_add(self.rules.modes.chaos_boss_lives);
                self.chaos.boss = Some((b, lives, lives));
            }
            Some((b, lives, most)) if lives < most => {
                let roll = self.chance.dice.d6();
                let heal = self.rules.modes.chaos_boss_heal[(roll as usize).clamp(1, 6) - 1];
                let lives = lives.saturating_add(heal).min(most);
                self.chaos.boss = Some((b, lives, most));
                Self::emit(obs, DealingEvent::BossHealed { lives });
            }
            Some(_) => {}
        }
        self.chaos_minion(s, obs);
        self.action(obs)
    }

    /// A minion in the hero's Treasure Room: Encounter cards drawn until a monster (the
    /// others discarded).
    pub(super) fn chaos_minion<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        let at = self.players[s as usize].at as usize;
        for _ in 0..super::DECK_CAP * 2 {
            let Some(card) = self.draw_encounter(obs) else { return };
            if let Encounter::Monster(m) = self.rules.encounters[card as usize].encounter {
                self.dungeons[s as usize][at].monster = Some(Standing { card, lives: m.lives });
                Self::emit(obs, DealingEvent::Minion { card });
                return;
            }
            let _ = self.discard.try_push(card);
        }
    }

    /// Start of a turn in the Treasure Room with no minion: a new one appears.
    pub(super) fn chaos_turn_start<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        if self.chaos.boss.is_some() && self.chaos_in_treasure(s) {
            let at = self.players[s as usize].at as usize;
            if self.dungeons[s as usize][at].monster.is_none() && !self.dungeons[s as usize][at].fresh {
                self.chaos_minion(s, obs);
            }
        }
    }

    /// A minion fell (no loot): the hero attacks the End Boss at once.
    pub(super) fn chaos_minion_down<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        if self.players[s as usize].boss.is_none() {
            if let Some((b, lives, most)) = self.chaos.boss {
                let card = &self.rules.bosses[b as usize];
                let m = &self.rules.modes;
                let foe = BossFoe { lives: most, skill: card.skill, dice: m.boss_dice, attack_bonus: 0 };
                let mut fight = BossFight::new(self.fighter(s), foe, m.defend_bonus, &mut self.chance.dice);
                fight.set_foe_lives(lives);
                self.players[s as usize].boss = Some((b, fight));
            }
        }
        self.action(obs)
    }

    /// The shared boss's lives into this hero's fight with it (it teleports in wounded).
    pub(super) fn chaos_sync_boss(&mut self, s: u8) {
        if let (Some((_, lives, _)), Some((_, f))) = (self.chaos.boss, &mut self.players[s as usize].boss) {
            f.set_foe_lives(lives);
        }
    }

    /// The hero's fight with the boss back into the shared boss.
    pub(super) fn chaos_boss_wounded(&mut self, lives: u8) {
        if let Some((b, _, most)) = self.chaos.boss {
            self.chaos.boss = Some((b, lives, most));
        }
    }

    /// "Monsters attack back": after a combat round, 1D6 at most the rules' face costs a
    /// life. True if it was his last (the hero is dead and play went on).
    pub(super) fn chaos_attack_back<O: Observer<DealingEvent>>(
        &mut self,
        s: u8,
        cause: DeathCause,
        obs: &mut O,
    ) -> bool {
        if self.mode != Mode::Chaos {
            return false;
        }
        let roll = self.chance.dice.d6();
        if roll > self.rules.modes.chaos_attack_back_on {
            return false;
        }
        let now = self.players[s as usize].lives.saturating_sub(1);
        Self::emit(obs, DealingEvent::AttackedBack(s));
        if self.take_ward(s, now, obs) {
            return false;
        }
        self.players[s as usize].lives = now;
        if now == 0 {
            self.die(s, cause, obs);
            return true;
        }
        false
    }

    /// The end: each seat discards a Loot card for every Secret Door token past its free
    /// one, the least valuable first (docs/rulings.md).
    pub(super) fn chaos_pay_doors(&mut self) {
        let free = self.rules.modes.chaos_secret_doors;
        for s in 0..self.seats as usize {
            for _ in free..self.chaos.tokens_used[s].max(free) {
                self.discard_cheapest(s);
            }
        }
    }

    fn discard_cheapest(&mut self, s: usize) {
        let m = &self.rules.modes;
        let rules = self.rules;
        let p = &mut self.players[s];
        let value = |c: u8| -> u16 {
            match rules.loot[c as usize].loot {
                Loot::Gold(v) => v,
                Loot::Nothing => 0,
                Loot::HealingPotion | Loot::SpecialPotion(_) => m.gold_per_potion,
                Loot::InHand(_) => m.gold_per_in_hand,
            }
        };
        let bag = p.bag.iter().enumerate().min_by_key(|&(_, &c)| value(c)).map(|(i, &c)| (i, value(c)));
        let potion = m.gold_per_potion;
        let best_bag = bag.map_or(u16::MAX, |b| b.1);
        if best_bag <= potion.min(m.gold_per_in_hand) || (!p.potion && p.specials.is_empty() && p.hand.is_empty()) {
            if let Some((i, v)) = bag {
                p.bag.remove(i);
                p.bag_gold = p.bag_gold.saturating_sub(v);
                p.bag_cards = p.bag_cards.saturating_sub(1);
            }
            return;
        }
        if potion <= m.gold_per_in_hand && p.potion {
            p.potion = false;
        } else if potion <= m.gold_per_in_hand && !p.specials.is_empty() {
            p.specials.pop();
        } else if !p.hand.is_empty() {
            p.hand.pop();
            self.refit(s as u8);
        } else if p.potion {
            p.potion = false;
        } else {
            p.specials.pop();
        }
    }

    /// Chaos's hidden state redrawn for `seat`, consistently: the other seats' room-card
    /// hands from the room cards it has not seen (the box's room deck less its own hand and
    /// every card on the table), and the Encounter cards it has not seen (the draw pile, the
    /// other seats' Encounter hands and the face-down cards it did not lay) among those
    /// places. Its own hands, the Treasure Room cards and a card another seat is placing (held
    /// up, `Ask::Spot`/`Place`/`Cover`) stay. The other seat's pending `Lay`/`Deal` is
    /// listed again from its new hand.
    pub(super) fn chaos_resample(&mut self, seat: u8, rng: &mut GameRng) {
        let n = self.seats as usize;
        // A card another seat holds up while placing it.
        let kept = match self.pending {
            Some(d) if d.seat != seat && matches!(d.ask, Ask::Spot | Ask::Place | Ask::Cover) => {
                (d.seat, self.chaos.pick)
            }
            _ => (NONE, NONE),
        };
        let redrawn = |s: usize, i: usize| s as u8 != seat && (s as u8, i as u8) != kept;

        // Room cards: what the seat has not seen, by kind.
        let mut unseen = [0u8; 256];
        for &k in &self.rules.room_deck {
            unseen[k as usize] = unseen[k as usize].saturating_add(1);
        }
        let mut seen = |c: RoomCard| {
            if let RoomCard::Deck(k) = c {
                unseen[k as usize] = unseen[k as usize].saturating_sub(1);
            }
        };
        for t in 0..n {
            self.dungeons[t].iter().for_each(|r| seen(r.card));
            for (i, &c) in self.players[t].deck.iter().enumerate() {
                if !redrawn(t, i) {
                    seen(c);
                }
            }
        }
        let mut rooms: ArrayVec<u8, 256> = ArrayVec::new();
        for (k, &c) in unseen.iter().enumerate() {
            for _ in 0..c {
                let _ = rooms.try_push(k as u8);
            }
        }
        rng.shuffle(&mut rooms);
        for t in 0..n {
            for (i, c) in self.players[t].deck.iter_mut().enumerate() {
                if matches!(c, RoomCard::Deck(_)) && redrawn(t, i) {
                    *c = RoomCard::Deck(rooms.pop().unwrap_or(0));
                }
            }
        }

        // Encounter cards: the draw pile, the others' hands, face-down cards laid by others.
        let mut cards: ArrayVec<u8, { 2 * super::DECK_CAP }> = self.encounters.iter().copied().collect();
        for t in 0..n {
            for r in 0..MAX_ROOMS {
                let c = self.chaos.hidden[t][r];
                if c != NONE && self.chaos.placer[t][r] != seat {
                    cards.push(c);
                }
            }
            for (i, &c) in self.chaos.hands[t].iter().enumerate() {
                if redrawn(t, i) {
                    let _ = cards.try_push(c);
                }
            }
        }
        cards.sort_unstable();
        rng.shuffle(&mut cards);
        for t in 0..n {
            for r in 0..MAX_ROOMS {
                if self.chaos.hidden[t][r] != NONE && self.chaos.placer[t][r] != seat {
                    self.chaos.hidden[t][r] = cards.pop().unwrap_or(NONE);
                }
            }
            for (i, c) in self.chaos.hands[t].iter_mut().enumerate() {
                if redrawn(t, i) {
                    *c = cards.pop().unwrap_or(*c);
                }
            }
        }
        self.encounters.clear();
        self.encounters.extend(cards.into_iter().take(super::DECK_CAP));

        // Another seat's choice of hand card, listed from its new hand.
        if let Some(d) = self.pending.filter(|d| d.seat != seat) {
            let s = d.seat as usize;
            let (deck, hand) = (&self.players[s].deck, &self.chaos.hands[s]);
            match d.ask {
                Ask::Lay => {
                    self.legal.clear();
                    for (i, c) in deck.iter().enumerate() {
                        if *c != RoomCard::Treasure && deck[..i].iter().all(|o| o != c) {
                            self.legal.push(C::Card(i as u8));
                        }
                    }
                }
                Ask::Deal => {
                    self.legal.clear();
                    for (i, c) in hand.iter().enumerate() {
                        if hand[..i].iter().all(|o| o != c) {
                            self.legal.push(C::Card(i as u8));
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
