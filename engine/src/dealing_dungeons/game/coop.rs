//! Co-Op mode: one shared dungeon built from the players' hands, an Encounter card face down
//! in every room, rounds of four phases, the vortex and the End Boss with two minions.
//!
//! The whole mode is one state machine, [`DealingGame::coop_next`]: each phase walks the
//! seats from the first player, posts the next decision it needs, or moves on to the next
//! phase. The hands are the seats' `Player::deck`, the shared dungeon is dungeon 0 (every
//! seat's [`DealingGame::dungeon`]), a face-down room is a `Room::fresh` room with its card
//! here. Rulings: docs/rulings.md ("Dealing Dungeons, Co-Op").

use super::table::{opposite, step, turn, Room, RoomCard, Standing, Table, NO_LINK, ROOM_POOL};
use super::{
    After, Ask, DealingChoice, DealingDecision, DealingEvent, DealingGame, DeathCause, End, Gift, MonsterAttack,
    Status, HAND_CAP, MAX_SEATS, ROUND_LIMIT,
};
use crate::core::rng::{GameRng, Stream};
use crate::core::Observer;
use crate::dealing_dungeons::combat::{
    Answer, BossFight, BossFoe, Dice, Foe, MonsterFight, RoundResult, Setting, Stacked,
};
use crate::dealing_dungeons::data::{AttackRule, PotionEffect, Side};
use crate::dealing_dungeons::rules::{Encounter, Loot};
use arrayvec::ArrayVec;

use DealingChoice as C;

/// No card on a room (face down) or no room picked.
const NONE: u8 = u8::MAX;
/// The card being laid is the Treasure Room (not a hand card).
const TREASURE: u8 = u8::MAX - 1;

/// Where a Co-Op game stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CoopPhase {
    /// Set-up step 4: each card played off the last one placed.
    #[default]
    Build,
    /// Set-up step 5: the Treasure Room off the last card.
    Treasure,
    /// Set-up step 6: the remaining cards anywhere they fit.
    FillOut,
    /// An unused Secret Door token exchanged for an In Hand Loot card.
    Tokens,
    /// Phase 1: each hero moves up to three spaces (phase 2, the encounters, follows at once).
    Move,
    /// Phase 3: each hero in a monster's room fights a round (or shoots from afar).
    Combat,
    /// Phase 4: rest, XP exchanges, trading.
    Heal,
    /// In the Treasure Room: the End Boss and its minions, a hero at a time.
    Boss,
}

/// A seat's progress through its step of the phase, a bit each.
const OFFERED_POTION: u8 = 1;
const ACTED: u8 = 2;
/// The Treasure Room: the XP exchange was offered.
const EXCHANGED: u8 = 4;
/// Phase 4 (and the Treasure Room's turns): done trading.
const TRADED: u8 = 8;
/// A gift's bit in `Coop::gave`: hand slots, then special potions, then the token.
const GAVE_SPECIAL: u8 = HAND_CAP as u8;
const GAVE_POTION: u8 = GAVE_SPECIAL + 4;

/// Co-Op's own state; empty in the other modes.
#[derive(Clone, Debug)]
pub struct Coop {
    pub phase: CoopPhase,
    /// The seat whose step it is: the `cursor`-th from the first player.
    cursor: u8,
    /// What the current seat did of its step.
    step: u8,
    /// The current seat's cards given in this trading, a bit each (a hand slot, a special
    /// potion's place, the token): each is given once, so trading ends.
    gave: u16,
    /// Build: seats sitting out; the seats still holding a Secret Door token.
    passed: u8,
    pub secret: u8,
    /// The last room placed, and by whom.
    pub last: u8,
    last_by: u8,
    /// The hand card (index) and the spot (room, side) picked for the card being laid.
    pick: u8,
    pub spot: (u8, Side),
    /// This round: seats that moved (a ranged attack counts) / rested; rested last round.
    moved: u8,
    rested: u8,
    rested_before: u8,
    /// Rooms entered or passed through in this movement phase.
    entered: u64,
    /// The face-down Encounter card of each room (`u8::MAX`: none).
    pub hidden: [u8; ROOM_POOL],
    /// A revealed monster's lives when flipped (the most it heals to).
    most: [u8; ROOM_POOL],
    /// Seats that wounded the monster of each room (they draw loot when it falls).
    wounders: [u8; ROOM_POOL],
    /// Defend bonuses passed on to the next hero in the room who fights.
    pub pool: [u8; ROOM_POOL],
    /// Seats still to draw a Loot card.
    loot_to: u8,
    /// The Treasure Room (its index in the dungeon).
    pub treasure: u8,
    /// The End Boss: its card and lives left.
    pub boss: Option<(u8, u8)>,
    /// The End Boss's two minions.
    pub minions: [Option<Standing>; 2],
}

impl Coop {
    pub const fn new() -> Coop {
        Coop {
            phase: CoopPhase::Build,
            cursor: 0,
            step: 0,
            gave: 0,
            passed: 0,
            secret: 0,
            last: 0,
            last_by: 0,
            pick: NONE,
            spot: (0, Side::North),
            moved: 0,
            rested: 0,
            rested_before: 0,
            entered: 0,
            hidden: [NONE; ROOM_POOL],
            most: [0; ROOM_POOL],
            wounders: [0; ROOM_POOL],
            pool: [0; ROOM_POOL],
            loot_to: 0,
            treasure: NONE,
            boss: None,
            minions: [None; 2],
        }
    }
}

impl Default for Coop {
    fn default() -> Coop {
        Coop::new()
    }
}

impl<'r> DealingGame<'r> {
    /// Co-Op's state (the phase, the face-down cards, the boss and minions).
    pub fn coop(&self) -> &Coop {
        &self.coop
    }

    /// Co-Op set-up steps 1-3: the hands dealt (10 / 9 / 8 room cards for 2 / 3 / 4
    /// players), a Secret Door token each, one dungeon with its entrance mid-edge.
    pub(super) fn coop_deal(&mut self, rng: &mut GameRng) {
        let rules = self.rules;
        let n = self.seats as usize;
        let mut rooms: ArrayVec<u8, 256> = rules.room_deck.iter().copied().take(256).collect();
        rng.shuffle(&mut rooms);
        let cards = rules.modes.coop_rooms[n];
        for p in &mut self.players[..n] {
            for _ in 0..cards {
                p.deck.push(RoomCard::Deck(rooms.pop().unwrap_or(0)));
            }
        }
        self.coop_table(n * cards as usize);
    }

    /// One dungeon for `cards` hand cards, its entrance laid; every seat holds a token.
    fn coop_table(&mut self, cards: usize) {
        self.dungeon_cards = (cards + 2) as u8;
        self.dungeons.reset(1, cards + 2);
        self.coop = Coop { secret: (1 << self.seats) - 1, ..Coop::new() };
        let (w, d) = (self.table.0 as i8, self.table.1 as i8);
        let entrance = Room::new(RoomCard::Entrance, (w - 1) / 2, 0, self.rules.entrance.doors, 0);
        super::table::lay(&mut self.dungeons, w, d, 0, entrance);
    }

    /// Cards needed and seats allowed: checked with the configuration.
    pub(super) fn coop_fits(rules: &crate::dealing_dungeons::DealingRules, n: usize) -> Result<(), &'static str> {
        let cards = rules.modes.coop_rooms[n.min(4)] as usize;
        if n * cards > rules.room_deck.len() {
            return Err("too few room cards to deal every hand");
        }
        if n * cards + 2 > ROOM_POOL || cards > super::DUNGEON_DECK_CAP {
            return Err("the shared dungeon does not fit the room pool");
        }
        Ok(())
    }

    /// Round 0: the building begins with the first player.
    pub(super) fn coop_start<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        self.coop.phase = CoopPhase::Build;
        self.coop.cursor = 0;
        self.coop.step = 0;
        if self.coop.hidden.iter().any(|&c| c != NONE) || self.dungeons[0].len() > 1 {
            // A test set-up with the dungeon laid: play begins.
            self.coop.phase = CoopPhase::Move;
        }
        self.coop_next(obs)
    }

    /// The seat `i` places after the first player, clockwise.
    fn nth(&self, i: u8) -> u8 {
        (self.first + i) % self.seats
    }

    fn heroes_in(&self, room: u8) -> u8 {
        self.players[..self.seats as usize].iter().filter(|p| p.playing() && p.at == room).count() as u8
    }

    fn alive_mask(&self) -> u8 {
        (0..self.seats).filter(|&s| self.players[s as usize].playing()).fold(0, |m, s| m | 1 << s)
    }

    /// No face-down card and no monster left: the last Encounter card is resolved.
    fn resolved(&self) -> bool {
        self.dungeons[0].iter().all(|r| r.monster.is_none() && !r.fresh)
    }

    /// The next thing to do: loot owed, the vortex, else the phase's next seat or the next
    /// phase. Posts a decision or ends the game.
    pub(super) fn coop_next<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        while self.end.is_none() {
            if self.alive_mask() == 0 {
                return self.finish(End::NoneLeft, obs);
            }
            if self.coop.loot_to != 0 {
                let s = self.coop.loot_to.trailing_zeros() as u8;
                self.coop.loot_to &= !(1 << s);
                return self.give_loot(s, 1, After::Coop, obs);
            }
            let playing = matches!(self.coop.phase, CoopPhase::Move | CoopPhase::Combat | CoopPhase::Heal);
            if playing && self.resolved() {
                self.vortex(obs);
                continue;
            }
            if self.coop.cursor >= self.seats {
                self.next_phase(obs);
                continue;
            }
            let s = self.nth(self.coop.cursor);
            let asked = match self.coop.phase {
                CoopPhase::Build => self.build_step(s, obs),
                CoopPhase::Treasure => self.treasure_step(obs),
                CoopPhase::FillOut => self.fill_step(s),
                CoopPhase::Tokens => self.token_step(s, obs),
                CoopPhase::Move => self.move_step(s, obs),
                CoopPhase::Combat => self.combat_step(s),
                CoopPhase::Heal => self.heal_step(s, obs),
                CoopPhase::Boss => self.boss_step(s),
            };
            if asked {
                return;
            }
            self.advance();
        }
    }

    /// The next seat of the phase (building goes round the table until the phase ends it).
    fn advance(&mut self) {
        self.coop.step = 0;
        self.coop.gave = 0;
        if self.coop.cursor >= self.seats {
            return;
        }
        self.coop.cursor += 1;
        if matches!(self.coop.phase, CoopPhase::Build | CoopPhase::FillOut) && self.coop.cursor >= self.seats {
            self.coop.cursor = 0;
        }
    }

    /// A phase is over for every seat: the next one.
    fn next_phase<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let c = &mut self.coop;
        c.cursor = 0;
        c.step = 0;
        c.gave = 0;
        match c.phase {
            CoopPhase::Build => {
                // Every seat has passed: "When the last card is played, place the Treasure Room".
                c.phase = CoopPhase::Treasure;
            }
            CoopPhase::Treasure => c.phase = CoopPhase::FillOut,
            CoopPhase::FillOut => {
                // No seat can place more: the rest are discarded.
                if self.fill_possible() {
                    return;
                }
                for p in &mut self.players[..self.seats as usize] {
                    p.deck.clear();
                }
                self.coop.phase = CoopPhase::Tokens;
            }
            CoopPhase::Tokens => {
                // "Then reshuffle the deck."
                let rng = self.chance.shuffle.get();
                self.loot.sort_unstable();
                rng.shuffle(&mut self.loot);
                self.deal_face_down();
                self.coop.phase = CoopPhase::Move;
                for s in 0..self.seats {
                    self.players[s as usize].at = 0;
                    self.players[s as usize].came_from = 0;
                }
            }
            CoopPhase::Move => {
                self.flip(obs);
                self.coop.phase = CoopPhase::Combat;
            }
            CoopPhase::Combat => c.phase = CoopPhase::Heal,
            CoopPhase::Heal | CoopPhase::Boss => {
                let c = &mut self.coop;
                if c.phase == CoopPhase::Heal {
                    c.rested_before = std::mem::take(&mut c.rested);
                    c.moved = 0;
                    c.phase = CoopPhase::Move;
                }
                self.new_round(obs);
            }
        }
    }

    /// The First Player token passes clockwise (to a living hero); the round limit.
    fn new_round<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        for k in 1..=self.seats {
            let s = (self.first + k) % self.seats;
            if self.players[s as usize].playing() {
                self.first = s;
                break;
            }
        }
        self.round += 1;
        if self.round > ROUND_LIMIT {
            return self.finish(End::RoundLimit, obs);
        }
        Self::emit(obs, DealingEvent::Round(self.round));
    }

    // ---- Building ------------------------------------------------------------------------

    /// Free doorways of a room (onto an empty space on the table).
    fn free_sides(&self, room: u8) -> ArrayVec<Side, 4> {
        self.table().build_sides(0, room).0
    }

    /// Set-up step 4 for seat `s`: a card off the last one placed, the Secret Door token in a
    /// dead end, or sitting out.
    fn build_step<O: Observer<DealingEvent>>(&mut self, s: u8, _obs: &mut O) -> bool {
        let all = (1u8 << self.seats) - 1;
        let empty = (0..self.seats).filter(|&t| self.players[t as usize].deck.is_empty()).fold(0, |m, t| m | 1 << t);
        self.coop.passed |= empty;
        if self.coop.passed == all {
            self.coop.cursor = self.seats;
            return false;
        }
        if self.coop.passed & (1 << s) != 0 {
            return false;
        }
        let last = self.coop.last;
        if !self.free_sides(last).is_empty() {
            self.coop.spot = (last, Side::North);
            self.ask_hand(s);
            return true;
        }
        // A dead end: "you must use your Secret Door Token".
        let room = self.dungeons[0][last as usize];
        self.legal.clear();
        if self.coop.secret & (1 << s) != 0 {
            for side in Side::ALL {
                if room.doors & side.bit() == 0 && self.table().beyond(0, last, side) == super::table::Beyond::Free {
                    self.legal.push(C::Search(side));
                }
            }
        }
        if self.legal.is_empty() {
            // "pass to the next player and sit out until all other players have passed"
            self.coop.passed |= 1 << s;
            return false;
        }
        self.ask(s, Ask::Action);
        true
    }

    /// Asks `s` which hand card to lay.
    fn ask_hand(&mut self, s: u8) {
        self.legal.clear();
        let hand = &self.players[s as usize].deck;
        for (i, c) in hand.iter().enumerate() {
            // One answer per kind of card.
            if hand[..i].iter().all(|o| o != c) {
                self.legal.push(C::Card(i as u8));
            }
        }
        self.ask(s, Ask::Lay);
    }

    /// Asks where the card goes: a spot (room, side) when several rooms are open, then
    /// its turn.
    fn ask_spot(&mut self, s: u8, only: Option<u8>) {
        self.legal.clear();
        let rooms = self.dungeons[0].len() as u8;
        for room in 0..rooms {
            if only.is_some_and(|o| o != room) || self.dungeons[0][room as usize].card == RoomCard::Treasure {
                continue;
            }
            for side in self.free_sides(room) {
                if self.legal.len() < self.legal.capacity() {
                    self.legal.push(C::Spot { room, side });
                }
            }
        }
        self.ask(s, Ask::Spot);
    }

    fn ask_place(&mut self, s: u8, card: RoomCard) {
        let (_, side) = self.coop.spot;
        self.drawn = Some(card);
        self.legal.clear();
        for (turns, _) in Table::turns_facing(self.card_doors(card), opposite(side)) {
            self.legal.push(C::Place { side, turns });
        }
        self.ask(s, Ask::Place);
    }

    /// Set-up step 5: the seat that placed the last card lays the Treasure Room off it (off
    /// any open doorway when it has none; with none at all the dungeon cannot be finished).
    fn treasure_step<O: Observer<DealingEvent>>(&mut self, obs: &mut O) -> bool {
        let s = self.coop.last_by;
        self.coop.pick = TREASURE;
        let last = self.coop.last;
        let only = if self.free_sides(last).is_empty() { None } else { Some(last) };
        self.ask_spot(s, only);
        if self.legal.is_empty() {
            self.pending = None;
            self.finish(End::NoneLeft, obs);
        }
        true
    }

    /// Whether a hand card can still go anywhere.
    fn fill_possible(&self) -> bool {
        let any_card = self.players[..self.seats as usize].iter().any(|p| !p.deck.is_empty());
        let rooms = self.dungeons[0].len() as u8;
        any_card
            && (0..rooms)
                .any(|r| self.dungeons[0][r as usize].card != RoomCard::Treasure && !self.free_sides(r).is_empty())
    }

    /// Set-up step 6: seat `s` places a remaining card anywhere it fits (a card a turn, round
    /// the table, until no card can be placed).
    fn fill_step(&mut self, s: u8) -> bool {
        if !self.fill_possible() {
            self.coop.cursor = self.seats;
            return false;
        }
        if self.players[s as usize].deck.is_empty() {
            return false;
        }
        self.coop.spot = (NONE, Side::North);
        self.ask_hand(s);
        true
    }

    /// The card laid where picked.
    fn coop_lay<O: Observer<DealingEvent>>(&mut self, s: u8, turns: u8, obs: &mut O) {
        let card = self.drawn.take().unwrap_or(RoomCard::Treasure);
        let (from, side) = self.coop.spot;
        let f = self.dungeons[0][from as usize];
        let (dx, dy) = step(side);
        let (x, y) = (f.x + dx, f.y + dy);
        let doors = turn(self.card_doors(card), turns);
        let (w, d) = (self.table.0 as i8, self.table.1 as i8);
        super::table::lay(&mut self.dungeons, w, d, 0, Room::new(card, x, y, doors, from));
        let new = (self.dungeons[0].len() - 1) as u8;
        Self::emit(obs, DealingEvent::Built { seat: s, room: new, x, y });
        self.players[s as usize].stats.rooms_built += 1;
        if self.coop.pick < TREASURE {
            self.players[s as usize].deck.remove(self.coop.pick as usize);
        }
        if card == RoomCard::Treasure {
            self.coop.treasure = new;
        }
        if self.coop.phase == CoopPhase::Build {
            self.coop.last = new;
            self.coop.last_by = s;
        }
        self.coop.pick = NONE;
        if self.coop.phase == CoopPhase::Treasure {
            self.coop.cursor = self.seats;
        } else {
            self.advance();
        }
        self.coop_next(obs)
    }

    /// An unused Secret Door token for "an In Hand loot card": the first one from the top.
    fn token_step<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) -> bool {
        if self.coop.secret & (1 << s) == 0 {
            return false;
        }
        self.coop.secret &= !(1 << s);
        let rules = self.rules;
        let Some(i) = self.loot.iter().rposition(|&c| matches!(rules.loot[c as usize].loot, Loot::InHand(_))) else {
            return false;
        };
        let card = self.loot.remove(i);
        self.loot.push(card);
        self.advance();
        self.give_loot(s, 1, After::Coop, obs);
        true
    }

    /// Set-up step 7: an Encounter card face down in every room but the entrance and the
    /// Treasure Room.
    fn deal_face_down(&mut self) {
        let rooms = self.dungeons[0].len();
        for r in 1..rooms {
            if self.dungeons[0][r].card == RoomCard::Treasure || self.coop.hidden[r] != NONE {
                continue;
            }
            let card = match self.encounters.pop() {
                Some(c) => c,
                None => {
                    std::mem::swap(&mut self.encounters, &mut self.discard);
                    self.chance.shuffle.get().shuffle(&mut self.encounters);
                    match self.encounters.pop() {
                        Some(c) => c,
                        None => continue,
                    }
                }
            };
            self.coop.hidden[r] = card;
            self.dungeons[0][r].fresh = true;
        }
    }

    // ---- Phases 1 and 2 ------------------------------------------------------------------

    /// Rooms seat `s` can reach this movement phase, each with the room it is entered from,
    /// nearest first: through cleared and face-down rooms, stopped by a revealed monster,
    /// never into the Treasure Room.
    fn walks(&self, s: u8) -> ArrayVec<(u8, u8, u8), ROOM_POOL> {
        let d = &self.dungeons[0];
        let from = self.players[s as usize].at;
        let mut out: ArrayVec<(u8, u8, u8), ROOM_POOL> = ArrayVec::new();
        let mut seen = 1u64 << from;
        let mut frontier: ArrayVec<(u8, u8), ROOM_POOL> = ArrayVec::new();
        frontier.push((from, 0));
        let mut i = 0;
        while let Some(&(r, dist)) = frontier.get(i) {
            i += 1;
            if dist >= self.rules.modes.coop_move || (r != from && d[r as usize].monster.is_some()) {
                continue;
            }
            for &k in &d[r as usize].links {
                if k == NO_LINK || seen & (1 << k) != 0 || d[k as usize].card == RoomCard::Treasure {
                    continue;
                }
                seen |= 1 << k;
                out.push((k, r, dist + 1));
                frontier.push((k, dist + 1));
            }
        }
        out
    }

    /// Phase 1 for seat `s`: move up to three spaces, or stay. A hero facing a revealed
    /// monster stays to fight it; Darkness costs the movement.
    fn move_step<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) -> bool {
        let p = &mut self.players[s as usize];
        if !p.playing() {
            return false;
        }
        Self::emit(obs, DealingEvent::Turn(s));
        if std::mem::take(&mut p.miss_turn) {
            Self::emit(obs, DealingEvent::Missed(s));
            return false;
        }
        if self.dungeons[0][p.at as usize].monster.is_some() {
            return false;
        }
        let walks = self.walks(s);
        if walks.is_empty() {
            return false;
        }
        self.legal.clear();
        self.legal.push(C::Go);
        self.legal.extend(walks.iter().take(63).map(|&(r, _, _)| C::Move(r)));
        self.ask(s, Ask::Walk);
        true
    }

    fn walk<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, obs: &mut O) {
        let walks = self.walks(s);
        let mut r = room;
        let via = walks.iter().find(|w| w.0 == room).map_or(room, |w| w.1);
        // Every room on the way is entered or passed through.
        while let Some(&(_, prev, _)) = walks.iter().find(|w| w.0 == r) {
            self.coop.entered |= 1 << r;
            r = prev;
        }
        let p = &mut self.players[s as usize];
        p.at = room;
        p.came_from = via;
        self.coop.moved |= 1 << s;
        Self::emit(obs, DealingEvent::Moved { seat: s, room });
        self.advance();
        self.coop_next(obs)
    }

    /// Phase 2: every face-down card in a room entered, passed through or stood in is
    /// turned up; a monster's lives by 1D6 (+1 with two or more heroes there); a revealed
    /// monster heals 1 when more heroes walk in.
    fn flip<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let rules = self.rules;
        let m = &rules.modes;
        let rooms = self.dungeons[0].len();
        for r in 0..rooms {
            let heroes = self.heroes_in(r as u8);
            let entered = self.coop.entered & (1 << r) != 0;
            let card = self.coop.hidden[r];
            if card == NONE {
                if let Some(st) = &mut self.dungeons[0][r].monster {
                    if entered && st.lives < self.coop.most[r] {
                        st.lives += 1;
                    }
                }
                continue;
            }
            if !entered && heroes == 0 {
                continue;
            }
            self.coop.hidden[r] = NONE;
            self.dungeons[0][r].fresh = false;
            let mut lives = 0;
            match rules.encounters[card as usize].encounter {
                Encounter::Monster(_) => {
                    let roll = self.chance.dice.d6();
                    lives = m.coop_monster_lives[(roll as usize).clamp(1, 6) - 1]
                        + if heroes >= 2 { m.coop_crowd_lives } else { 0 };
                    self.dungeons[0][r].monster = Some(Standing { card, lives });
                    self.coop.most[r] = lives;
                    self.coop.wounders[r] = 0;
                    self.coop.pool[r] = 0;
                }
                Encounter::Darkness => {
                    let _ = self.discard.try_push(card);
                    for p in &mut self.players[..self.seats as usize] {
                        if p.playing() && p.at as usize == r {
                            p.miss_turn = true;
                        }
                    }
                }
                Encounter::Empty => {
                    let _ = self.discard.try_push(card);
                }
            }
            Self::emit(obs, DealingEvent::Flipped { room: r as u8, card, lives });
        }
        self.coop.entered = 0;
    }

    // ---- Phase 3 -------------------------------------------------------------------------

    /// A monster as Co-Op meets it: its lives on the room, +1 attack with more than one hero
    /// (minions: their +1 instead), rolled with "more of a challenge".
    fn coop_foe(&self, st: Standing, bonus: u8) -> Foe {
        let printed = Foe { lives: st.lives, ..Foe::printed(super::flow::monster(self.rules, st.card)) };
        let attack = match self.options.attack {
            MonsterAttack::Rolled => AttackRule::Rolled { dice: self.rules.modes.challenge_attack_dice, plus: 0 },
            MonsterAttack::Printed => AttackRule::Printed,
        };
        Foe { attack, attack_bonus: bonus, ..printed }
    }

    /// The potions `s` may drink before acting (offered once a step).
    fn offer_potion(&mut self, s: u8) -> bool {
        if self.coop.step & OFFERED_POTION != 0 {
            return false;
        }
        self.coop.step |= OFFERED_POTION;
        self.active = s;
        self.legal.clear();
        self.potion_choices();
        if self.legal.is_empty() {
            return false;
        }
        self.legal.push(C::Go);
        self.ask(s, Ask::Potion);
        true
    }

    /// Phase 3 for seat `s`: a round against the monster in his room, or a shot from afar.
    fn combat_step(&mut self, s: u8) -> bool {
        let p = &self.players[s as usize];
        if !p.playing() || self.coop.step & ACTED != 0 {
            return false;
        }
        let at = p.at;
        let fighter = self.fighter(s);
        let Some(st) = self.dungeons[0][at as usize].monster else {
            let reach = fighter.reach();
            if reach == 0 || self.dungeons[0][at as usize].fresh {
                return false;
            }
            let targets = self.table().targets(0, at, reach);
            if targets.is_empty() {
                return false;
            }
            if self.offer_potion(s) {
                return true;
            }
            self.legal.clear();
            self.legal.extend(targets.iter().map(|&(room, _)| C::Shoot(room)));
            self.legal.push(C::Go);
            self.ask(s, Ask::Action);
            return true;
        };
        if self.offer_potion(s) {
            return true;
        }
        let crowd = if self.heroes_in(at) > 1 { self.rules.modes.coop_crowd_attack } else { 0 };
        let foe = self.coop_foe(st, crowd);
        let p = &self.players[s as usize];
        let (may_run, potion) = (p.came_from != at, p.fight_bonus);
        let setting = Setting { distance: 0, may_run, defend_bonus: self.rules.modes.defend_bonus };
        let mut f = MonsterFight::new(fighter, foe, setting, &mut self.chance.dice);
        f.grant_bonus(self.coop.pool[at as usize].saturating_add(potion));
        self.players[s as usize].fight = Some(f);
        self.legal.clear();
        self.legal.extend(f.legal().iter().map(|&a| C::Combat(a)));
        self.ask(s, Ask::Fight);
        true
    }

    /// One round against the monster in `s`'s room.
    fn coop_round<O: Observer<DealingEvent>>(&mut self, s: u8, a: Answer, obs: &mut O) {
        self.coop.step |= ACTED;
        let at = self.players[s as usize].at;
        let Some(mut f) = self.players[s as usize].fight.take() else { return self.coop_next(obs) };
        let Ok(r) = f.apply(a, &mut self.chance.dice) else { return self.coop_next(obs) };
        Self::emit(obs, combat_event(s, a, r));
        self.spend_pool(s, at, a, r.result, f.bonus());
        if self.hurt(s, f.hero_lives(), obs) {
            return self.coop_next(obs);
        }
        match r.result {
            RoundResult::Won => self.wound(s, at, f.foe_lives(), obs),
            RoundResult::Ran => {
                // Back the way he came; an unresolved room there costs a wound.
                let p = &mut self.players[s as usize];
                let to = p.came_from;
                p.at = to;
                p.came_from = self.dungeons[0][to as usize].parent;
                Self::emit(obs, DealingEvent::Ran { seat: s, room: to });
                let back = self.dungeons[0][to as usize];
                if back.fresh || back.monster.is_some() {
                    let lives = self.players[s as usize].lives.saturating_sub(self.rules.modes.coop_flee_wounds);
                    self.hurt(s, lives, obs);
                }
            }
            _ => {}
        }
        self.coop_next(obs)
    }

    /// The Defend bonus passed on: a Fight takes what the room's heroes passed (and his
    /// potion's bonus); a successful Defend adds its bonus for the next hero who fights.
    fn spend_pool(&mut self, s: u8, room: u8, a: Answer, result: RoundResult, left: u8) {
        if matches!(a, Answer::Fight | Answer::Ranged) {
            self.coop.pool[room as usize] = 0;
            self.players[s as usize].fight_bonus = 0;
        }
        if result == RoundResult::Defended {
            let pool = &mut self.coop.pool[room as usize];
            *pool = pool.saturating_add(left);
        }
    }

    /// Sets `s`'s lives after a blow (a Ward potion keeps one); true when he died.
    fn hurt<O: Observer<DealingEvent>>(&mut self, s: u8, now: u8, obs: &mut O) -> bool {
        let ward = self.take_ward(s, now, obs);
        let p = &mut self.players[s as usize];
        p.lives = now + ward as u8;
        if p.lives > 0 {
            return false;
        }
        let cause = if self.coop.phase == CoopPhase::Boss { DeathCause::Boss } else { DeathCause::Monster };
        p.status = Status::Dead(cause);
        if p.stats.heroes_lost == 0 {
            p.stats.first_death = Some((p.hero, p.side, cause));
        }
        p.stats.heroes_lost = p.stats.heroes_lost.saturating_add(1);
        p.fight = None;
        p.boss = None;
        Self::emit(obs, DealingEvent::Died(s));
        true
    }

    /// A wound dealt by `s` to the monster in `room` (`left` lives left): at the last, XP to
    /// him and a Loot card to every hero who wounded it.
    fn wound<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, left: u8, obs: &mut O) {
        self.coop.wounders[room as usize] |= 1 << s;
        let r = room as usize;
        let Some(st) = &mut self.dungeons[0][r].monster else { return };
        st.lives = left;
        if left > 0 {
            return;
        }
        let card = st.card;
        self.dungeons[0][r].monster = None;
        let p = &mut self.players[s as usize];
        let _ = p.dashboard.try_push(card);
        p.stats.monsters_defeated += 1;
        Self::emit(obs, DealingEvent::MonsterDefeated { seat: s, card });
        self.coop.loot_to |= std::mem::take(&mut self.coop.wounders[r]) & self.alive_mask();
        self.coop.pool[r] = 0;
    }

    /// A ranged attack from afar (one round): it counts as having moved.
    fn coop_shoot<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, obs: &mut O) {
        self.coop.step |= ACTED;
        self.coop.moved |= 1 << s;
        let fighter = self.fighter(s);
        let at = self.players[s as usize].at;
        let dist = self.table().targets(0, at, fighter.reach()).iter().find(|t| t.0 == room).map_or(1, |t| t.1);
        let Some(st) = self.dungeons[0][room as usize].monster else { return self.coop_next(obs) };
        let crowd = if self.heroes_in(room) > 1 { self.rules.modes.coop_crowd_attack } else { 0 };
        let setting = Setting { distance: dist, may_run: false, defend_bonus: self.rules.modes.defend_bonus };
        let mut f = MonsterFight::new(fighter, self.coop_foe(st, crowd), setting, &mut self.chance.dice);
        f.grant_bonus(std::mem::take(&mut self.players[s as usize].fight_bonus));
        let Ok(r) = f.apply(Answer::Ranged, &mut self.chance.dice) else { return self.coop_next(obs) };
        Self::emit(obs, combat_event(s, Answer::Ranged, r));
        if !self.hurt(s, f.hero_lives(), obs) && r.result == RoundResult::Won {
            self.wound(s, room, f.foe_lives(), obs);
        }
        self.coop_next(obs)
    }

    // ---- Phase 4 -------------------------------------------------------------------------

    /// Phase 4 for seat `s`: a hero who did not move (nor shoot) and did not rest last round
    /// heals 1 in a cleared room; then his XP exchange; then his trading.
    fn heal_step<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) -> bool {
        let p = &mut self.players[s as usize];
        if !p.playing() {
            return false;
        }
        if self.coop.step & ACTED != 0 {
            return self.offer_trade(s);
        }
        self.coop.step |= ACTED;
        let bit = 1 << s;
        let room = self.dungeons[0][p.at as usize];
        let cleared = room.monster.is_none() && !room.fresh;
        if cleared && (self.coop.moved | self.coop.rested_before) & bit == 0 && p.lives < self.rules.modes.max_lives {
            p.lives += 1;
            self.coop.rested |= bit;
            Self::emit(obs, DealingEvent::Rested(s));
        }
        self.ask_exchange(s) || self.offer_trade(s)
    }

    /// "Players in the same room, after searching for loot, can trade cards": seat `s` may
    /// give a card to a hero standing with him, a card a post, until he says he is done.
    fn offer_trade(&mut self, s: u8) -> bool {
        if self.coop.step & TRADED != 0 {
            return false;
        }
        self.legal.clear();
        self.list_gifts(s);
        if self.legal.is_empty() {
            self.coop.step |= TRADED;
            return false;
        }
        self.legal.push(C::Go);
        self.ask(s, Ask::Trade);
        true
    }

    /// The gifts seat `s` can make now: each card he has not given yet this trading, to each
    /// hero playing in his room who can take it (an In Hand card, equipped or bagged, into a
    /// free slot, an equipped one also in exchange for one of his; a special potion; the token
    /// to a hero without one).
    fn list_gifts(&mut self, s: u8) {
        let p = &self.players[s as usize];
        let gave = self.coop.gave;
        let room = self.legal.capacity() - 1;
        for t in 0..self.seats {
            let q = &self.players[t as usize];
            if t == s || !q.playing() || q.at != p.at {
                continue;
            }
            let slots = self.kits[t as usize].skills.hand_slots as usize;
            for slot in 0..p.hand.len() as u8 {
                if gave & 1 << slot != 0 {
                    continue;
                }
                if q.hand.len() < slots {
                    self.legal.push(C::Give { to: t, gift: Gift::Hand { slot, back: None } });
                } else {
                    for b in 0..q.hand.len() as u8 {
                        if self.legal.len() < room {
                            self.legal.push(C::Give { to: t, gift: Gift::Hand { slot, back: Some(b) } });
                        }
                    }
                }
            }
            if q.hand.len() < slots {
                // A bagged In Hand card, one answer per kind.
                for (i, &c) in p.bag.iter().enumerate() {
                    let in_hand = matches!(self.rules.loot[c as usize].loot, Loot::InHand(_));
                    if in_hand && !p.bag[..i].contains(&c) && self.legal.len() < room {
                        self.legal.push(C::Give { to: t, gift: Gift::Bag(i as u8) });
                    }
                }
            }
            for i in 0..p.specials.len() as u8 {
                if gave & 1 << (GAVE_SPECIAL + i) == 0 && !q.specials.is_full() && self.legal.len() < room {
                    self.legal.push(C::Give { to: t, gift: Gift::Special(i) });
                }
            }
            if p.potion && !q.potion && gave & 1 << GAVE_POTION == 0 && self.legal.len() < room {
                self.legal.push(C::Give { to: t, gift: Gift::Potion });
            }
        }
    }

    /// A card given (an In Hand card to a full hand in exchange for his); seat `s` trades on.
    fn give<O: Observer<DealingEvent>>(&mut self, s: u8, to: u8, gift: Gift, obs: &mut O) {
        let (a, b) = (s as usize % MAX_SEATS, to as usize % MAX_SEATS);
        let card = match gift {
            Gift::Hand { slot, back } => {
                self.coop.gave |= 1 << slot;
                let card = self.players[a].hand.remove(slot as usize);
                if let Some(k) = back {
                    let theirs = self.players[b].hand.remove(k as usize);
                    self.players[a].hand.push(theirs);
                    Self::emit(obs, DealingEvent::Gave { from: to, to: s, card: Some(theirs) });
                }
                self.players[b].hand.push(card);
                self.refit(s);
                self.refit(to);
                Some(card)
            }
            Gift::Bag(i) => {
                // Bag gifts shrink the bag, which trading never fills: they end too.
                let in_hand = self.rules.modes.gold_per_in_hand;
                let p = &mut self.players[a];
                let card = p.bag.remove(i as usize);
                p.bag_gold -= in_hand;
                p.bag_cards -= 1;
                self.players[b].hand.push(card);
                self.refit(to);
                Some(card)
            }
            Gift::Special(i) => {
                self.coop.gave |= 1 << (GAVE_SPECIAL + i);
                let card = self.players[a].specials.remove(i as usize);
                self.players[b].specials.push(card);
                Some(card)
            }
            Gift::Potion => {
                self.coop.gave |= 1 << GAVE_POTION;
                self.players[a].potion = false;
                self.players[b].potion = true;
                None
            }
        };
        Self::emit(obs, DealingEvent::Gave { from: s, to, card });
        self.coop_next(obs)
    }

    /// The XP exchange at the end of `s`'s turn: 7 for a life (not in the Treasure Room), 15
    /// for a level.
    fn ask_exchange(&mut self, s: u8) -> bool {
        let xp = self.xp(s);
        let m = &self.rules.modes;
        let p = &self.players[s as usize];
        self.legal.clear();
        let shut = self.coop.phase == CoopPhase::Boss;
        if xp >= m.xp_per_life as u16 && p.lives < m.max_lives && !shut {
            self.legal.push(C::Life);
        }
        if xp >= m.xp_per_level as u16 && p.level < self.max_level() {
            self.legal.push(C::Level);
        }
        if self.legal.is_empty() {
            return false;
        }
        self.legal.push(C::Go);
        self.ask(s, Ask::Exchange);
        true
    }

    // ---- The End Boss --------------------------------------------------------------------

    /// "The instant the last Encounter Card is resolved a magical vortex whisks all players
    /// to the Treasure Room": the End Boss (extra lives by player count) and two minions of
    /// 3 lives.
    fn vortex<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        Self::emit(obs, DealingEvent::Vortex);
        let t = self.coop.treasure;
        for p in &mut self.players[..self.seats as usize] {
            p.at = t;
            p.came_from = t;
            p.fight = None;
        }
        let rules = self.rules;
        let m = &rules.modes;
        let Some(b) = self.bosses.pop() else { return self.finish(End::NoneLeft, obs) };
        let lives = rules.bosses[b as usize].lives.saturating_add(m.coop_boss_lives[self.seats as usize]);
        self.coop.boss = Some((b, lives));
        Self::emit(obs, DealingEvent::BossDrawn { seat: self.first, boss: b });
        let mut draws = 2 * self.encounter_cards as usize + 2;
        for k in 0..m.coop_minions.min(2) as usize {
            while draws > 0 {
                draws -= 1;
                let Some(card) = self.draw_encounter(obs) else { break };
                if matches!(rules.encounters[card as usize].encounter, Encounter::Monster(_)) {
                    self.coop.minions[k] = Some(Standing { card, lives: m.coop_minion_lives });
                    Self::emit(obs, DealingEvent::Minion { card });
                    break;
                }
                let _ = self.discard.try_push(card);
            }
        }
        self.coop.pool[t as usize] = 0;
        self.coop.phase = CoopPhase::Boss;
        self.coop.cursor = 0;
        self.coop.step = 0;
        self.coop.gave = 0;
    }

    /// The boss fight as `s` meets it this round (its dice rolled now).
    fn boss_fight(&mut self, s: u8) -> Option<(u8, BossFight)> {
        let (b, lives) = self.coop.boss?;
        let m = &self.rules.modes;
        let card = &self.rules.bosses[b as usize];
        let max = card.lives.saturating_add(m.coop_boss_lives[self.seats as usize]);
        let foe = BossFoe { lives: max, skill: card.skill, dice: m.boss_dice, attack_bonus: 0 };
        let mut f = BossFight::new(self.fighter(s), foe, m.defend_bonus, &mut self.chance.dice);
        f.set_foe_lives(lives);
        let t = self.coop.treasure as usize;
        f.grant_bonus(self.coop.pool[t].saturating_add(self.players[s as usize].fight_bonus));
        Some((b, f))
    }

    /// A hero's turn in the Treasure Room: potions, then the End Boss or a minion, then his
    /// XP exchange.
    fn boss_step(&mut self, s: u8) -> bool {
        if !self.players[s as usize].playing() {
            return false;
        }
        if self.coop.step & ACTED != 0 {
            if self.coop.step & EXCHANGED != 0 {
                return self.offer_trade(s);
            }
            self.coop.step |= EXCHANGED;
            return self.ask_exchange(s) || self.offer_trade(s);
        }
        if self.offer_potion(s) {
            return true;
        }
        let Some((b, f)) = self.boss_fight(s) else { return false };
        self.players[s as usize].boss = Some((b, f));
        self.legal.clear();
        self.legal.extend(f.legal().iter().map(|&a| C::Boss(a)));
        let fighter = self.fighter(s);
        for (k, mn) in self.coop.minions.iter().enumerate() {
            let Some(st) = mn else { continue };
            let defends = super::flow::monster(self.rules, st.card).defense.is_some();
            for a in [Answer::Fight, Answer::Defend, Answer::Ranged] {
                let ok = match a {
                    Answer::Defend => defends,
                    Answer::Ranged => fighter.reach() > 0,
                    _ => true,
                };
                if ok {
                    self.legal.push(C::Minion { minion: k as u8, answer: a });
                }
            }
        }
        self.ask(s, Ask::Boss);
        true
    }

    /// One round against the End Boss.
    fn coop_boss_round<O: Observer<DealingEvent>>(
        &mut self,
        s: u8,
        a: crate::dealing_dungeons::BossAnswer,
        obs: &mut O,
    ) {
        self.coop.step |= ACTED;
        let Some((b, mut f)) = self.players[s as usize].boss.take() else { return self.coop_next(obs) };
        let Ok(r) = f.apply(a, &mut self.chance.dice) else { return self.coop_next(obs) };
        Self::emit(
            obs,
            DealingEvent::BossRound {
                seat: s,
                answer: a,
                roll: r.roll,
                total: r.total,
                target: r.target,
                result: r.result,
            },
        );
        let t = self.coop.treasure;
        let fight = if a == crate::dealing_dungeons::BossAnswer::Fight { Answer::Fight } else { Answer::Defend };
        self.spend_pool(s, t, fight, r.result, f.bonus());
        self.coop.boss = Some((b, f.foe_lives()));
        if self.hurt(s, f.hero_lives(), obs) {
            return self.coop_next(obs);
        }
        if f.foe_lives() == 0 {
            // "When the first Hero inflicts the last wound on the End Boss this signals the
            // end of the game": he draws 3 Loot cards.
            self.coop.boss = None;
            let p = &mut self.players[s as usize];
            p.status = Status::Victor;
            p.stats.boss_defeated = true;
            return self.give_loot(s, self.rules.modes.boss_loot, After::EndGame(s), obs);
        }
        self.coop_next(obs)
    }

    /// One round against a minion (3 lives, +1 attack; no running from the Treasure Room):
    /// the killing blow draws a Loot card.
    fn minion_round<O: Observer<DealingEvent>>(&mut self, s: u8, k: u8, a: Answer, obs: &mut O) {
        self.coop.step |= ACTED;
        self.players[s as usize].boss = None;
        let Some(st) = self.coop.minions[k as usize % 2] else { return self.coop_next(obs) };
        let m = &self.rules.modes;
        let t = self.coop.treasure;
        let setting = Setting { distance: 0, may_run: false, defend_bonus: m.defend_bonus };
        let (fighter, foe) = (self.fighter(s), self.coop_foe(st, m.coop_minion_attack));
        let mut f = MonsterFight::new(fighter, foe, setting, &mut self.chance.dice);
        f.grant_bonus(self.coop.pool[t as usize].saturating_add(self.players[s as usize].fight_bonus));
        let Ok(r) = f.apply(a, &mut self.chance.dice) else { return self.coop_next(obs) };
        Self::emit(obs, combat_event(s, a, r));
        self.spend_pool(s, t, a, r.result, f.bonus());
        if self.hurt(s, f.hero_lives(), obs) {
            return self.coop_next(obs);
        }
        if r.result == RoundResult::Won {
            let slot = &mut self.coop.minions[k as usize % 2];
            if f.foe_lives() == 0 {
                *slot = None;
                let p = &mut self.players[s as usize];
                let _ = p.dashboard.try_push(st.card);
                p.stats.monsters_defeated += 1;
                Self::emit(obs, DealingEvent::MonsterDefeated { seat: s, card: st.card });
                self.coop.loot_to |= 1 << s;
            } else {
                *slot = Some(Standing { lives: f.foe_lives(), ..st });
            }
        }
        self.coop_next(obs)
    }

    // ---- Answers -------------------------------------------------------------------------

    /// A Co-Op answer; false for the answers the shared flow runs (Loot cards).
    pub(super) fn coop_answer<O: Observer<DealingEvent>>(
        &mut self,
        d: DealingDecision,
        choice: DealingChoice,
        obs: &mut O,
    ) -> bool {
        let s = d.seat;
        match choice {
            C::Equip(_) | C::Bag | C::Hero { .. } => return false,
            C::Card(i) => {
                self.coop.pick = i;
                let card = self.players[s as usize].deck[i as usize];
                let (room, _) = self.coop.spot;
                if room == NONE {
                    self.drawn = Some(card);
                    self.ask_spot(s, None);
                } else {
                    self.drawn = Some(card);
                    self.ask_spot(s, Some(room));
                }
            }
            C::Spot { room, side } => {
                self.coop.spot = (room, side);
                let card = if self.coop.pick == TREASURE {
                    RoomCard::Treasure
                } else {
                    self.players[s as usize].deck[self.coop.pick as usize]
                };
                self.ask_place(s, card);
            }
            C::Place { turns, .. } => self.coop_lay(s, turns, obs),
            C::Search(side) => {
                // The Secret Door token opens the dead end; he lays a card off it.
                self.coop.secret &= !(1 << s);
                let last = self.coop.last;
                let r = &mut self.dungeons[0][last as usize];
                r.doors |= side.bit();
                r.secret |= side.bit();
                Self::emit(obs, DealingEvent::SecretDoor { seat: s, room: last, side });
                self.coop_next(obs);
            }
            C::Move(room) => self.walk(s, room, obs),
            C::Go if d.ask == Ask::Potion => self.coop_next(obs),
            C::Go if d.ask == Ask::Trade => {
                self.coop.step |= TRADED;
                self.coop_next(obs)
            }
            C::Give { to, gift } => self.give(s, to, gift, obs),
            C::Go => {
                if d.ask == Ask::Action {
                    self.coop.step |= ACTED;
                }
                // After the exchange comes the trading (`heal_step`, `boss_step`).
                if d.ask != Ask::Exchange {
                    self.advance();
                }
                self.coop_next(obs)
            }
            C::Drink | C::Special(_) => {
                self.coop_drink(s, choice, obs);
                self.coop_next(obs);
            }
            C::Combat(a) => self.coop_round(s, a, obs),
            C::Shoot(room) => self.coop_shoot(s, room, obs),
            C::Boss(a) => self.coop_boss_round(s, a, obs),
            C::Minion { minion, answer } => self.minion_round(s, minion, answer, obs),
            C::Life | C::Level => {
                let max = self.rules.modes.max_lives;
                let p = &mut self.players[s as usize];
                for c in p.dashboard.drain(..) {
                    let _ = self.discard.try_push(c);
                }
                if choice == C::Level {
                    p.level += 1;
                    let level = p.level;
                    self.refit(s);
                    Self::emit(obs, DealingEvent::LevelUp { seat: s, level });
                } else {
                    p.lives = (p.lives + 1).min(max);
                    Self::emit(obs, DealingEvent::LifeBought(s));
                }
                self.coop_next(obs);
            }
            C::Swap { .. } | C::Build | C::Kilter | C::Cover(_) => self.coop_next(obs),
        }
        true
    }

    /// A potion drunk before acting.
    fn coop_drink<O: Observer<DealingEvent>>(&mut self, s: u8, choice: DealingChoice, obs: &mut O) {
        let max = self.rules.modes.max_lives;
        let p = &mut self.players[s as usize];
        let (heal, fight) = match choice {
            C::Special(i) if (i as usize) < p.specials.len() => {
                let card = p.specials.remove(i as usize);
                match self.rules.loot[card as usize].loot {
                    Loot::SpecialPotion(PotionEffect::Heal(n)) => (n, 0),
                    Loot::SpecialPotion(PotionEffect::HealAndFight { heal, fight }) => (heal, fight),
                    _ => (0, 0),
                }
            }
            _ => {
                p.potion = false;
                (1, 0)
            }
        };
        p.lives = (p.lives + heal).min(max);
        p.fight_bonus = p.fight_bonus.saturating_add(fight);
        Self::emit(obs, DealingEvent::Drank { seat: s, lives: p.lives });
        // Another potion may follow: offer again.
        self.coop.step &= !OFFERED_POTION;
    }

    /// Co-Op's hidden state redrawn for `seat`: the face-down cards (with the Encounter draw
    /// pile) and the other seats' hands (among themselves).
    pub(super) fn coop_resample(&mut self, seat: u8, rng: &mut GameRng) {
        let mut pool: ArrayVec<u8, 128> = self.encounters.iter().copied().collect();
        for &c in self.coop.hidden.iter().filter(|&&c| c != NONE) {
            pool.push(c);
        }
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        for h in self.coop.hidden.iter_mut().filter(|c| **c != NONE) {
            *h = pool.pop().unwrap_or(*h);
        }
        self.encounters.clear();
        self.encounters.extend(pool);
        let mut hands: ArrayVec<RoomCard, 64> = ArrayVec::new();
        for (s, p) in self.players[..self.seats as usize].iter().enumerate() {
            if s as u8 != seat {
                hands.extend(p.deck.iter().copied().take(hands.remaining_capacity()));
            }
        }
        hands.sort_unstable_by_key(|c| match c {
            RoomCard::Deck(k) => *k,
            _ => u8::MAX,
        });
        rng.shuffle(&mut hands);
        for (s, p) in self.players[..self.seats as usize].iter_mut().enumerate() {
            if s as u8 != seat {
                for c in p.deck.iter_mut() {
                    *c = hands.pop().unwrap_or(*c);
                }
            }
        }
    }

    /// A Co-Op game laid out by a test set-up: the hands (`deck`) to build from, or, when
    /// cards are `laid` (seat 0's dungeon, a Treasure Room among them), the dungeon with
    /// `monster` as each room's face-down card and the rest dealt from the Encounter deck's
    /// top; play then begins at round 1's movement.
    pub(super) fn coop_from_setup<O: Observer<DealingEvent>>(
        rules: &'r crate::dealing_dungeons::DealingRules,
        setup: &super::DealingSetup,
        master: u64,
        obs: &mut O,
    ) -> Result<DealingGame<'r>, super::SetupError> {
        use super::SetupError as E;
        let n = setup.seats.len();
        let mut g = DealingGame::blank(rules, master, 0);
        g.seats = n as u8;
        g.first = setup.first;
        g.mode = setup.mode;
        g.options = setup.options;
        g.table = setup.table.unwrap_or(rules.geometry.table_spaces);
        let mut rng = GameRng::new(master, 0, Stream::Setup);
        let mut rooms: ArrayVec<u8, 256> = rules.room_deck.iter().copied().take(256).collect();
        rng.shuffle(&mut rooms);
        g.stock_decks(&mut rng);
        let cards = rules.modes.coop_rooms[n];
        let mut total = setup.laid.len();
        for (s, seat) in setup.seats.iter().enumerate() {
            let mut p = seat_player(rules, seat).map_err(|e| E::Seat(s, e))?;
            if setup.laid.is_empty() {
                match &seat.deck {
                    Some(d) if d.iter().any(|&k| k as usize >= rules.rooms.len()) || d.len() > cards as usize => {
                        return Err(E::Seat(s, "a hand card that does not exist, or too many"))
                    }
                    Some(d) => p.deck.extend(d.iter().map(|&k| RoomCard::Deck(k))),
                    None => {
                        for _ in 0..cards {
                            p.deck.push(RoomCard::Deck(rooms.pop().unwrap_or(0)));
                        }
                    }
                }
                total += p.deck.len();
            }
            g.heroes_used |= 1 << seat.hero.min(63);
            g.players[s] = p;
        }
        if total + 2 > ROOM_POOL {
            return Err(E::Card("a dungeon larger than the room pool"));
        }
        g.coop_table(total);
        let (w, d) = (g.table.0 as i8, g.table.1 as i8);
        for (i, l) in setup.laid.iter().enumerate() {
            if l.seat != 0 || l.from as usize >= g.dungeons[0].len() {
                return Err(E::Laid(i));
            }
            let card = match l.card {
                Some(k) if (k as usize) < rules.rooms.len() => RoomCard::Deck(k),
                None => RoomCard::Treasure,
                Some(_) => return Err(E::Laid(i)),
            };
            let from = g.dungeons[0][l.from as usize];
            let doors = turn(g.card_doors(card), l.turns);
            let (dx, dy) = step(l.side);
            let (x, y) = (from.x + dx, from.y + dy);
            let table = Table { width: w, depth: d, dungeons: &g.dungeons };
            let lines_up = from.doors & l.side.bit() != 0 && doors & opposite(l.side).bit() != 0;
            if !lines_up || !table.on_table(x, y) || table.at(x, y).is_some() {
                return Err(E::Laid(i));
            }
            super::table::lay(&mut g.dungeons, w, d, 0, Room::new(card, x, y, doors, l.from));
            let k = g.dungeons[0].len() - 1;
            if card == RoomCard::Treasure {
                g.coop.treasure = k as u8;
            }
            if let Some(c) = l.monster {
                if c as usize >= rules.encounters.len() || card == RoomCard::Treasure {
                    return Err(E::Laid(i));
                }
                super::setup::lift(&mut g.encounters, c).ok_or(E::Card("an Encounter card laid too often"))?;
                g.encounters.pop();
                g.coop.hidden[k] = c;
                g.dungeons[0][k].fresh = true;
            }
        }
        if !setup.laid.is_empty() && g.coop.treasure == NONE {
            return Err(E::Card("a laid Co-Op dungeon needs its Treasure Room"));
        }
        for &c in setup.encounter_tops.iter().rev() {
            super::setup::lift(&mut g.encounters, c).ok_or(E::Card("Encounter"))?;
        }
        for &c in setup.loot_tops.iter().rev() {
            super::setup::lift(&mut g.loot, c).ok_or(E::Card("Loot"))?;
        }
        for &c in setup.boss_tops.iter().rev() {
            super::setup::lift(&mut g.bosses, c).ok_or(E::Card("End Boss"))?;
        }
        if !setup.laid.is_empty() {
            g.coop.secret = 0;
            g.deal_face_down();
            for (s, seat) in setup.seats.iter().enumerate() {
                if seat.at as usize >= g.dungeons[0].len() {
                    return Err(E::Seat(s, "the hero stands in a room not laid"));
                }
                g.players[s].at = seat.at;
                g.players[s].came_from = g.dungeons[0][seat.at as usize].parent;
            }
        }
        g.chance.dice = Stacked::new(&setup.dice, GameRng::new(master, 0, Stream::Dice));
        g.active = g.first;
        g.round = 1;
        Self::emit(obs, DealingEvent::FirstPlayer(g.first));
        for s in 0..g.seats {
            g.refit(s);
        }
        Self::emit(obs, DealingEvent::Round(1));
        g.coop_start(obs);
        Ok(g)
    }
}

/// A seat of a test set-up as a player (no Dungeon Deck), or what is wrong with it.
fn seat_player(
    rules: &crate::dealing_dungeons::DealingRules,
    seat: &super::SeatSetup,
) -> Result<super::Player, &'static str> {
    let mut p = super::Player { hero: seat.hero, side: seat.side, level: seat.level.max(1), ..super::setup::NO_PLAYER };
    p.lives = seat.lives.unwrap_or(rules.modes.start_lives).clamp(1, rules.modes.max_lives);
    p.potion = seat.potion;
    let loot_ok =
        |list: &Vec<u8>, cap: usize| list.len() <= cap && list.iter().all(|&c| (c as usize) < rules.loot.len());
    if !loot_ok(&seat.hand, super::HAND_CAP) || !loot_ok(&seat.specials, 4) {
        return Err("a loot card that does not exist, or too many");
    }
    p.hand.extend(seat.hand.iter().copied());
    p.specials.extend(seat.specials.iter().copied());
    for &c in &seat.dashboard {
        if !matches!(rules.encounters.get(c as usize).map(|e| e.encounter), Some(Encounter::Monster(_))) {
            return Err("a dashboard card that is not a monster");
        }
        let _ = p.dashboard.try_push(c);
    }
    Ok(p)
}

fn combat_event(seat: u8, answer: Answer, r: crate::dealing_dungeons::combat::Round) -> DealingEvent {
    DealingEvent::Combat { seat, answer, roll: r.roll, total: r.total, target: r.target, result: r.result }
}

const _: () = assert!(MAX_SEATS <= 8, "seat masks are u8");
