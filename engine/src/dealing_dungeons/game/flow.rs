//! Turns: the start-of-turn potions, the one action (Build/Encounter, Move, a ranged attack,
//! a Secret Door search, Re-Encounter), fights a round a turn, loot, the end-of-turn XP
//! exchange, the next seat and the end of the game.

use super::table::{opposite, step, turn, Room, RoomCard, Standing, Table, MAX_ROOMS, NO_LINK};
use super::{
    After, AfterDeath, Ask, BagOfHolding, DealingChoice, DealingDecision, DealingEvent, DealingGame, DeathCause, End,
    Mode, MonsterAttack, Player, Status, ROUND_LIMIT,
};
use crate::core::Observer;
use crate::dealing_dungeons::combat::{
    Answer, BossFight, BossFoe, BossOutcome, BossPending, Foe, MonsterFight, Outcome, Pending, Setting,
};
use crate::dealing_dungeons::data::{AttackRule, PotionEffect, Side};
use crate::dealing_dungeons::rules::{Encounter, HeroSide, Loot};
use arrayvec::ArrayVec;

use DealingChoice as C;

impl DealingGame<'_> {
    /// The table as the building and moving rules see it.
    pub(super) fn table(&self) -> Table<'_> {
        Table { width: self.table.0 as i8, depth: self.table.1 as i8, dungeons: &self.dungeons }
    }

    pub(super) fn emit<O: Observer<DealingEvent>>(obs: &mut O, e: DealingEvent) {
        if O::ENABLED {
            obs.event(e);
        }
    }

    /// The active seat's turn begins: a missed turn, the potions, the action.
    pub(super) fn begin_turn<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let s = self.active;
        Self::emit(obs, DealingEvent::Turn(s));
        let p = &mut self.players[s as usize];
        p.swapped = 0;
        if p.miss_turn {
            p.miss_turn = false;
            Self::emit(obs, DealingEvent::Missed(s));
            return self.next_seat(obs);
        }
        if self.mode == Mode::Chaos {
            self.chaos_turn_start(s, obs);
        }
        self.potion_or_action(obs);
    }

    /// The potions he may drink now: the token (below his most lives), a healing special
    /// potion (below his most lives) or one that also strengthens his next Fight.
    pub(super) fn potion_choices(&mut self) {
        let s = self.active;
        let p = &self.players[s as usize];
        let hurt = p.lives < self.rules.modes.max_lives;
        if p.potion && hurt {
            self.legal.push(C::Drink);
        }
        for (i, &c) in p.specials.iter().enumerate() {
            let usable = match self.rules.loot[c as usize].loot {
                Loot::SpecialPotion(PotionEffect::Heal(_)) => hurt,
                Loot::SpecialPotion(PotionEffect::HealAndFight { .. }) => true,
                _ => false,
            };
            if usable {
                self.legal.push(C::Special(i as u8));
            }
        }
    }

    /// Bag of Holding swaps (the optional rule, and Solo Hard's): in an empty room, an In
    /// Hand card of the bag (one of each kind) into a free slot or in place of an equipped one.
    fn swap_choices(&mut self) {
        let s = self.active;
        let p = &self.players[s as usize];
        let allowed = self.mode == Mode::SoloHard || self.options.bag == BagOfHolding::Swap;
        if !allowed || p.boss.is_some() || self.dungeons[s as usize][p.at as usize].monster.is_some() {
            return;
        }
        let slots = (self.fighter(s).skills.hand_slots.max(1) as usize).min(p.hand.len() + 1);
        for (j, &c) in p.bag.iter().enumerate() {
            let first = p.bag.iter().position(|&o| o == c) == Some(j);
            if !first || !matches!(self.rules.loot[c as usize].loot, Loot::InHand(_)) {
                continue;
            }
            for slot in 0..slots {
                let fresh = p.swapped & (1 << slot) == 0;
                if fresh && p.hand.get(slot) != Some(&c) && self.legal.len() + 1 < self.legal.capacity() {
                    self.legal.push(C::Swap { slot: slot as u8, bag: j as u8 });
                }
            }
        }
    }

    fn potion_or_action<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        self.legal.clear();
        self.potion_choices();
        self.swap_choices();
        if self.legal.is_empty() {
            return self.action(obs);
        }
        self.legal.push(C::Go);
        self.ask(self.active, Ask::Potion);
    }

    /// Asks for the turn's action (or the forced fight).
    pub(super) fn action<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let s = self.active;
        let fighter = self.fighter(s);
        let defend_bonus = self.rules.modes.defend_bonus;
        let p = &mut self.players[s as usize];
        // A potion's bonus goes to the fight he faces now, or waits for the next one.
        let facing = p.boss.is_some() || self.dungeons[s as usize][p.at as usize].monster.is_some();
        let bonus = if facing { std::mem::take(&mut p.fight_bonus) } else { 0 };
        self.legal.clear();
        // Chaos: the minion in the Treasure Room is fought before the boss.
        let minion = self.mode == Mode::Chaos && self.dungeons[s as usize][p.at as usize].monster.is_some();
        if self.mode == Mode::Chaos && !minion {
            self.chaos_sync_boss(s);
        }
        let p = &mut self.players[s as usize];
        // The End Boss: Fight or Defend, every turn until one falls.
        if let (false, Some((_, boss))) = (minion, &mut p.boss) {
            boss.refresh(fighter, &mut self.chance.dice);
            boss.grant_bonus(bonus);
            if let BossPending::Over(BossOutcome::HeroDied) = boss.pending() {
                return self.die(s, DeathCause::Boss, obs);
            }
            self.legal.extend(boss.legal().iter().map(|&a| C::Boss(a)));
            return self.ask(s, Ask::Boss);
        }
        let at = p.at;
        let standing = self.dungeons[s as usize][at as usize].monster;
        if let Some(st) = standing {
            let foe = self.foe(s, at, st);
            let p = &mut self.players[s as usize];
            let fight = p.fight.get_or_insert_with(|| {
                MonsterFight::new(fighter, foe, Setting::in_room(defend_bonus), &mut self.chance.dice)
            });
            fight.refresh(fighter, &mut self.chance.dice);
            fight.grant_bonus(bonus);
            let after_defend = matches!(fight.pending(), Pending::AfterDefend { .. });
            let answers = fight.legal();
            if after_defend {
                // "build to escape OR add +2 to your combat roll" (or search a secret door).
                self.legal.extend(answers.iter().filter(|&&a| a != Answer::Leave).map(|&a| C::Combat(a)));
                self.build_and_search(s, true);
                return self.ask(s, Ask::Action);
            }
            self.legal.extend(answers.iter().map(|&a| C::Combat(a)));
            if self.kilter_allowed(s) {
                self.legal.push(C::Kilter);
            }
            return self.ask(s, Ask::Fight);
        }
        p.fight = None;
        if self.walled_in(s) {
            self.players[s as usize].status = Status::WalledIn;
            Self::emit(obs, DealingEvent::WalledIn(s));
            return self.next_seat(obs);
        }
        let p = &self.players[s as usize];
        if self.dungeons[s as usize].len() > 1 || p.deck.is_empty() {
            let table = Table { width: self.table.0 as i8, depth: self.table.1 as i8, dungeons: &self.dungeons };
            let legal = &mut self.legal;
            table.moves(s, at, |room, _| legal.push(C::Move(room)));
            let reach = fighter.reach();
            if reach > 0 {
                let targets = self.table().targets(s, at, reach);
                self.legal.extend(targets.iter().map(|&(room, _)| C::Shoot(room)));
            }
        }
        // "For your first turn you must choose Build/Encounter": only Build while the
        // dungeon is the entrance alone.
        self.build_and_search(s, false);
        if self.legal.is_empty() {
            // Nothing to build, nowhere to go (a dungeon walled in with its deck spent).
            self.legal.push(C::Go);
        }
        self.ask(s, Ask::Action);
    }

    /// Adds Build (while the Dungeon Deck has cards) and the Secret Door searches: in a dead
    /// end (no doorway opens on a free space), on a side without a doorway that faces a free
    /// space, not in a monster's room unless the last Defend succeeded (`defended`).
    fn build_and_search(&mut self, s: u8, defended: bool) {
        let p = &self.players[s as usize];
        if p.deck.is_empty() || !self.builds_from(s, p.at) {
            return;
        }
        // Solo Regular and Moderate: "You must defeat all monsters before the Treasure Room
        // will open."
        if p.deck.last() == Some(&RoomCard::Treasure) && self.mode.clear_before_treasure() && self.monsters_stand(s) {
            return;
        }
        self.legal.push(C::Build);
        let first_turn = self.dungeons[s as usize].len() == 1;
        let at = p.at;
        let room = self.dungeons[s as usize][at as usize];
        if first_turn || self.door_tokens == 0 || (room.monster.is_some() && !defended) {
            return;
        }
        // A doorway onto a free space: no dead end (`open` holds the free sides).
        if room.doors & room.open != 0 {
            return;
        }
        self.push_searches(room);
    }

    /// Whether seat `s` may build his next card from `room`. Solo Hard: "A magic door opens
    /// ... draw a Dungeon Room card from your second stack. This begins the second level", so
    /// a level is built from its own rooms and, for its first card, from the Treasure Room
    /// before it once that boss has fallen, never from an earlier level (a replacement hero
    /// walks back through the reset levels). Every room in the other modes.
    pub fn builds_from(&self, s: u8, room: u8) -> bool {
        if self.mode != Mode::SoloHard {
            return true;
        }
        let Some(r) = self.dungeons[s as usize].get(room as usize) else { return false };
        let level = self.building_level(s);
        let magic_door =
            r.card == RoomCard::Treasure && r.level + 1 == level && self.players[s as usize].bosses > r.level;
        r.level == level || magic_door
    }

    /// Solo Hard: the level the next card of seat `s`'s Dungeon Deck belongs to (its stack):
    /// the levels less the Treasure Room cards still in the deck, one under each stack.
    fn building_level(&self, s: u8) -> u8 {
        let left = self.players[s as usize].deck.iter().filter(|&&c| c == RoomCard::Treasure).count();
        (super::HARD_LEVELS - left.min(super::HARD_LEVELS)) as u8
    }

    /// A Secret Door search on each side of `room` without a doorway that faces a free space.
    fn push_searches(&mut self, room: Room) {
        let sides = !room.doors & room.open;
        for side in Side::ALL {
            if sides & side.bit() != 0 {
                self.legal.push(C::Search(side));
            }
        }
    }

    /// Whether seat `s` has cards to build but no room to build them from, ever: no doorway
    /// of a room he can reach opens on an empty space, and no blank wall faces one where a
    /// Secret Door token could go (or none is left). Spaces only fill up, so this never
    /// changes.
    fn walled_in(&self, s: u8) -> bool {
        if self.players[s as usize].deck.is_empty() {
            return false;
        }
        let tokens = self.door_tokens > 0;
        let rooms = &self.dungeons[s as usize];
        // The rooms he can still reach, monsters or not: a Treasure Room met already is
        // entered no more (Solo Hard's earlier levels lie behind one).
        let start = self.players[s as usize].at;
        let (mut seen, mut queue) = (1u64 << start, ArrayVec::<u8, MAX_ROOMS>::new());
        queue.push(start);
        let mut i = 0;
        while let Some(&r) = queue.get(i) {
            i += 1;
            let room = &rooms[r as usize];
            let builds = room.doors & room.open != 0 || (tokens && room.open & !room.doors & 0xF != 0);
            if builds && self.builds_from(s, r) {
                return false;
            }
            // Solo Hard: the newest Treasure Room met again (a replacement hero), its boss's
            // fall opens a magic door on any side onto a free space.
            let next_level = self.mode == Mode::SoloHard && room.level + 1 == self.building_level(s);
            if next_level && room.card == RoomCard::Treasure && room.fresh && room.open & 0xF != 0 {
                return false;
            }
            for &k in &room.links {
                if k == NO_LINK || seen & (1 << k) != 0 {
                    continue;
                }
                seen |= 1 << k;
                if rooms[k as usize].card != RoomCard::Treasure || rooms[k as usize].fresh {
                    queue.push(k);
                }
            }
        }
        true
    }

    /// The Horn of Kilter: in the first room, against its first encounter, after two lives
    /// lost there; once a game.
    fn kilter_allowed(&self, s: u8) -> bool {
        let p = &self.players[s as usize];
        !p.kilter_used && p.at == 1 && p.first_losses >= self.rules.modes.kilter_after_lives_lost
    }

    /// Runs the answer to a decision on.
    pub(super) fn answer<O: Observer<DealingEvent>>(&mut self, d: DealingDecision, choice: DealingChoice, obs: &mut O) {
        let s = d.seat;
        if self.mode == Mode::CoOp && self.coop_answer(d, choice, obs) {
            return;
        }
        if self.mode == Mode::Chaos && self.chaos_answer(d, choice, obs) {
            return;
        }
        match choice {
            C::Drink => {
                let p = &mut self.players[s as usize];
                p.potion = false;
                p.lives += 1;
                Self::emit(obs, DealingEvent::Drank { seat: s, lives: p.lives });
                self.potion_or_action(obs);
            }
            C::Special(i) => {
                let max = self.rules.modes.max_lives;
                let p = &mut self.players[s as usize];
                let card = p.specials.remove(i as usize);
                let (heal, fight) = match self.rules.loot[card as usize].loot {
                    Loot::SpecialPotion(PotionEffect::Heal(n)) => (n, 0),
                    Loot::SpecialPotion(PotionEffect::HealAndFight { heal, fight }) => (heal, fight),
                    _ => (0, 0),
                };
                p.lives = (p.lives + heal).min(max);
                p.fight_bonus = p.fight_bonus.saturating_add(fight);
                Self::emit(obs, DealingEvent::Drank { seat: s, lives: p.lives });
                self.potion_or_action(obs);
            }
            C::Swap { slot, bag } => {
                let in_hand = self.rules.modes.gold_per_in_hand;
                let p = &mut self.players[s as usize];
                let card = p.bag.remove(bag as usize);
                p.swapped |= 1 << slot;
                match p.hand.get_mut(slot as usize) {
                    Some(old) => {
                        let old = std::mem::replace(old, card);
                        p.bag.push(old);
                    }
                    None => {
                        p.hand.push(card);
                        p.bag_gold -= in_hand;
                        p.bag_cards -= 1;
                    }
                }
                self.refit(s);
                self.potion_or_action(obs);
            }
            C::Go if d.ask == Ask::Potion => self.action(obs),
            C::Go if d.ask == Ask::Exchange => self.next_seat(obs),
            C::Go => self.end_turn(obs),
            C::Build => self.build(s, obs),
            C::Place { side, turns } => self.place(s, side, turns, obs),
            C::Move(room) => self.move_to(s, room, obs),
            C::Shoot(room) => self.shoot(s, room, obs),
            C::Search(side) => {
                self.door_tokens = self.door_tokens.saturating_sub(1);
                let at = self.players[s as usize].at;
                let r = &mut self.dungeons[s as usize][at as usize];
                r.doors |= side.bit();
                r.secret |= side.bit();
                Self::emit(obs, DealingEvent::SecretDoor { seat: s, room: at, side });
                self.end_turn(obs);
            }
            C::Combat(a) => self.fight_round(s, a, obs),
            C::Kilter => {
                let max = self.rules.modes.max_lives;
                let p = &mut self.players[s as usize];
                p.kilter_used = true;
                p.fight = None;
                p.lives = (p.lives + 1).min(max);
                let at = p.at;
                if let Some(st) = self.dungeons[s as usize][at as usize].monster.take() {
                    let _ = self.discard.try_push(st.card);
                }
                Self::emit(obs, DealingEvent::Kilter(s));
                self.end_turn(obs);
            }
            C::Boss(a) => self.boss_round(s, a, obs),
            C::Equip(k) => {
                let in_hand = self.rules.modes.gold_per_in_hand;
                let card = self.held_loot.take().unwrap_or(0);
                let p = &mut self.players[s as usize];
                match p.hand.get_mut(k as usize) {
                    Some(old) => {
                        let old = std::mem::replace(old, card);
                        bag(p, old, in_hand);
                    }
                    None => p.hand.push(card),
                }
                self.refit(s);
                self.next_loot(s, obs);
            }
            C::Bag => {
                let card = self.held_loot.take().unwrap_or(0);
                bag(&mut self.players[s as usize], card, self.rules.modes.gold_per_in_hand);
                self.next_loot(s, obs);
            }
            C::Hero { hero, side } => self.hero_chosen(s, hero, side, obs),
            // Co-Op's answers, never legal in the other modes.
            C::Card(_) | C::Spot { .. } | C::Minion { .. } | C::Cover(_) | C::Give { .. } => self.end_turn(obs),
            C::Life | C::Level => {
                let max = self.rules.modes.max_lives;
                let treasure = self.shut_in(s);
                let p = &mut self.players[s as usize];
                for c in p.dashboard.drain(..) {
                    let _ = self.discard.try_push(c);
                }
                if !treasure {
                    p.lives = (p.lives + 1).min(max);
                }
                if choice == C::Level {
                    p.level += 1;
                    let level = p.level;
                    self.refit(s);
                    Self::emit(obs, DealingEvent::LevelUp { seat: s, level });
                } else {
                    Self::emit(obs, DealingEvent::LifeBought(s));
                }
                self.next_seat(obs);
            }
        }
    }

    /// In the Treasure Room with its End Boss: "the door slams shut behind you and you can
    /// no longer heal" (it opens again once the boss falls, in the Solo modes that go on).
    fn shut_in(&self, s: u8) -> bool {
        self.players[s as usize].boss.is_some() || (self.mode == Mode::Chaos && self.chaos_in_treasure(s))
    }

    /// Whether a monster stands in the seat's dungeon, or a reset room is still to be met.
    fn monsters_stand(&self, s: u8) -> bool {
        self.dungeons[s as usize].iter().any(|r| r.monster.is_some() || r.fresh)
    }

    /// A monster as the mode meets it in `room`: Solo Hard's level (rolled attack, extra
    /// life counted when it was drawn), "more of a challenge", Solo Moderate's way out.
    fn foe(&self, s: u8, room: u8, st: Standing) -> Foe {
        let m = &self.rules.modes;
        let printed = Foe { lives: st.lives, ..Foe::printed(monster(self.rules, st.card)) };
        let attack = match self.mode {
            Mode::SoloHard => m.hard_levels[self.dungeons[s as usize][room as usize].level as usize % 4].monster_attack,
            _ => AttackRule::Printed,
        };
        let attack = match (attack, self.options.attack) {
            (AttackRule::Printed, MonsterAttack::Rolled) => {
                AttackRule::Rolled { dice: m.challenge_attack_dice, plus: 0 }
            }
            (a, _) => a,
        };
        let attack_bonus = if self.way_out(s) { m.moderate_attack } else { 0 };
        Foe { attack, attack_bonus, ..printed }
    }

    /// Solo Moderate after the End Boss: on the way back out.
    fn way_out(&self, s: u8) -> bool {
        self.mode == Mode::SoloModerate && self.players[s as usize].bosses > 0
    }

    /// Lives of a monster drawn now in `room`: printed, plus Solo Hard's past level 1 and
    /// Solo Moderate's on the way out.
    fn drawn_lives(&self, s: u8, room: u8, printed: u8) -> u8 {
        let m = &self.rules.modes;
        let hard = match self.mode {
            Mode::SoloHard => m.hard_levels[self.dungeons[s as usize][room as usize].level as usize % 4].monster_lives,
            _ => 0,
        };
        let out = if self.way_out(s) { m.moderate_lives } else { 0 };
        printed.saturating_add(hard).saturating_add(out)
    }

    /// Build: the top card of the Dungeon Deck, placed off a doorway of the hero's room.
    fn build<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        let at = self.players[s as usize].at;
        let Some(card) = self.players[s as usize].deck.pop() else {
            return self.end_turn(obs);
        };
        let (free, edge) = self.table().build_sides(s, at);
        if free.is_empty() {
            self.players[s as usize].deck.push(card);
            if edge {
                // "If playing a card will cause it to extend off of a table edge and you do
                // not have any other valid placement, your game is over."
                self.players[s as usize].status = Status::Edge;
                self.players[s as usize].fight = None;
                Self::emit(obs, DealingEvent::OffTable(s));
                return self.next_seat(obs);
            }
            Self::emit(obs, DealingEvent::NoPlacement(s));
            return self.end_turn(obs);
        }
        self.drawn = Some(card);
        let mask = self.card_doors(card);
        self.legal.clear();
        for side in free {
            for (turns, _) in Table::turns_facing(mask, opposite(side)) {
                self.legal.push(C::Place { side, turns });
            }
        }
        self.ask(s, Ask::Place);
    }

    /// The drawn card laid; the hero moves in and meets its Encounter card (or End Boss).
    fn place<O: Observer<DealingEvent>>(&mut self, s: u8, side: Side, turns: u8, obs: &mut O) {
        let card = self.drawn.take().unwrap_or(RoomCard::Treasure);
        let from = self.players[s as usize].at;
        let f = self.dungeons[s as usize][from as usize];
        let (dx, dy) = step(side);
        let (x, y) = (f.x + dx, f.y + dy);
        let doors = turn(self.card_doors(card), turns);
        let (w, dp) = (self.table.0 as i8, self.table.1 as i8);
        // Solo Hard: the level of the stack the card came from (the drawn card is out of
        // the deck), not the bosses beaten: a replacement hero meets earlier levels again.
        let level = if self.mode == Mode::SoloHard {
            self.building_level(s).saturating_sub(u8::from(card == RoomCard::Treasure)).min(3)
        } else {
            0
        };
        let others =
            super::table::lay(&mut self.dungeons, w, dp, s, Room { level, ..Room::new(card, x, y, doors, from) });
        let new = (self.dungeons[s as usize].len() - 1) as u8;
        Self::emit(obs, DealingEvent::Built { seat: s, room: new, x, y });
        let blocked = self.dungeons[s as usize][new as usize].blocked;
        for side in Side::ALL {
            if blocked & side.bit() != 0 {
                Self::emit(obs, DealingEvent::Blocked { seat: s, room: new, side });
            }
        }
        for (o, k, side) in others {
            Self::emit(obs, DealingEvent::Blocked { seat: o, room: k, side });
        }
        // Leaving a monster's room (building past it after a Defend): it stays, wounds kept.
        self.leave_fight(s);
        let p = &mut self.players[s as usize];
        p.at = new;
        p.came_from = from;
        p.stats.rooms_built += 1;
        if card == RoomCard::Treasure {
            return self.meet_boss(s, obs);
        }
        self.encounter(s, obs);
    }

    /// Drops the hero's fight, keeping the monster's lives on its room.
    fn leave_fight(&mut self, s: u8) {
        let p = &mut self.players[s as usize];
        if let Some(f) = p.fight.take() {
            if let Some(st) = &mut self.dungeons[s as usize][p.at as usize].monster {
                st.lives = f.foe_lives().max(1);
            }
        }
    }

    /// Draws an Encounter card (the discard pile reshuffled when the deck is empty).
    pub(super) fn draw_encounter<O: Observer<DealingEvent>>(&mut self, obs: &mut O) -> Option<u8> {
        if self.encounters.is_empty() && !self.discard.is_empty() {
            std::mem::swap(&mut self.encounters, &mut self.discard);
            self.chance.shuffle.get().shuffle(&mut self.encounters);
            Self::emit(obs, DealingEvent::Reshuffled);
        }
        self.encounters.pop()
    }

    /// The new room's Encounter card: a monster is fought at once, Darkness costs the next
    /// turn, an empty room nothing.
    fn encounter<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        // Chaos: the card laid face down in the room.
        let card = if self.mode == Mode::Chaos { self.chaos_reveal(s) } else { self.draw_encounter(obs) };
        let Some(card) = card else {
            return self.end_turn(obs);
        };
        Self::emit(obs, DealingEvent::Encounter { seat: s, card });
        match self.rules.encounters[card as usize].encounter {
            Encounter::Monster(m) => {
                let at = self.players[s as usize].at;
                let lives = self.drawn_lives(s, at, m.lives);
                self.dungeons[s as usize][at as usize].monster = Some(Standing { card, lives });
                self.action(obs)
            }
            Encounter::Darkness if self.mode == Mode::SoloHard => {
                // "If instructed to MISS A TURN, Lose 1 life instead."
                let _ = self.discard.try_push(card);
                let p = &mut self.players[s as usize];
                p.lives = p.lives.saturating_sub(self.rules.modes.hard_missed_turn_lives);
                if p.lives == 0 {
                    return self.die(s, DeathCause::Monster, obs);
                }
                self.end_turn(obs)
            }
            Encounter::Darkness => {
                let _ = self.discard.try_push(card);
                self.players[s as usize].miss_turn = true;
                self.end_turn(obs)
            }
            Encounter::Empty => {
                let _ = self.discard.try_push(card);
                self.end_turn(obs)
            }
        }
    }

    /// Move: to a cleared room, or stopped in the first room with a monster; loot left by a
    /// ranged kill is drawn on arrival.
    fn move_to<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, obs: &mut O) {
        let at = self.players[s as usize].at;
        let mut via = at;
        self.table().moves(s, at, |k, by| {
            if k == room {
                via = by;
            }
        });
        let p = &mut self.players[s as usize];
        p.at = room;
        p.came_from = via;
        Self::emit(obs, DealingEvent::Moved { seat: s, room });
        if self.arrived_out(s, obs) {
            return;
        }
        let r = &mut self.dungeons[s as usize][room as usize];
        if std::mem::take(&mut r.fresh) {
            // A reset room is met again: its Encounter card (or End Boss) now.
            if r.card == RoomCard::Treasure {
                return self.meet_boss(s, obs);
            }
            return self.encounter(s, obs);
        }
        if std::mem::take(&mut r.loot_waiting) {
            return self.give_loot(s, 1, After::EndTurn, obs);
        }
        self.end_turn(obs)
    }

    /// Solo Moderate: back at the entrance after the End Boss, the hero is out and wins.
    fn arrived_out<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) -> bool {
        if !self.way_out(s) || self.players[s as usize].at != 0 {
            return false;
        }
        self.players[s as usize].status = Status::Victor;
        self.finish(End::Boss(s), obs);
        true
    }

    /// A ranged attack from afar (one round); the loot waits in the monster's room.
    fn shoot<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, obs: &mut O) {
        let fighter = self.fighter(s);
        let at = self.players[s as usize].at;
        let dist = self.table().targets(s, at, fighter.reach()).iter().find(|t| t.0 == room).map_or(1, |t| t.1);
        let Some(st) = self.dungeons[s as usize][room as usize].monster else {
            return self.end_turn(obs);
        };
        let foe = self.foe(s, room, st);
        let setting = Setting { distance: dist, may_run: false, defend_bonus: self.rules.modes.defend_bonus };
        let mut f = MonsterFight::new(fighter, foe, setting, &mut self.chance.dice);
        f.grant_bonus(std::mem::take(&mut self.players[s as usize].fight_bonus));
        let Ok(r) = f.apply(Answer::Ranged, &mut self.chance.dice) else {
            return self.end_turn(obs);
        };
        let e = DealingEvent::Combat {
            seat: s,
            answer: r.answer,
            roll: r.roll,
            total: r.total,
            target: r.target,
            result: r.result,
        };
        Self::emit(obs, e);
        self.lose_lives(s, f.hero_lives(), &mut f, obs);
        match f.pending() {
            Pending::Over(Outcome::HeroDied) => self.die(s, DeathCause::RangedMiss, obs),
            Pending::Over(Outcome::Defeated) => {
                self.defeat(s, room, obs);
                self.dungeons[s as usize][room as usize].loot_waiting = true;
                self.end_turn(obs)
            }
            _ => {
                if let Some(st) = &mut self.dungeons[s as usize][room as usize].monster {
                    st.lives = f.foe_lives().max(1);
                }
                self.end_turn(obs)
            }
        }
    }

    /// The hero's lives after a round (`now`): the first room's losses counted, a Ward potion
    /// spent on a loss, the fight told of a life kept.
    fn lose_lives<O: Observer<DealingEvent>>(&mut self, s: u8, now: u8, f: &mut MonsterFight, obs: &mut O) {
        let ward = self.take_ward(s, now, obs);
        let p = &mut self.players[s as usize];
        let lost = p.lives.saturating_sub(now);
        if p.at == 1 {
            p.first_losses = p.first_losses.saturating_add(lost);
        }
        p.lives = now + ward as u8;
        if ward {
            let fighter = self.fighter(s);
            f.refresh(fighter, &mut self.chance.dice);
        }
    }

    /// Spends a Ward potion if the hero has lost a life (down to `now`).
    pub(super) fn take_ward<O: Observer<DealingEvent>>(&mut self, s: u8, now: u8, obs: &mut O) -> bool {
        let p = &mut self.players[s as usize];
        if now >= p.lives {
            return false;
        }
        let rules = self.rules;
        let Some(i) =
            p.specials.iter().position(|&c| rules.loot[c as usize].loot == Loot::SpecialPotion(PotionEffect::Ward))
        else {
            return false;
        };
        p.specials.remove(i);
        Self::emit(obs, DealingEvent::Warded(s));
        true
    }

    /// One round against the monster in the hero's room.
    fn fight_round<O: Observer<DealingEvent>>(&mut self, s: u8, a: Answer, obs: &mut O) {
        let Some(mut f) = self.players[s as usize].fight else {
            return self.end_turn(obs);
        };
        let Ok(r) = f.apply(a, &mut self.chance.dice) else {
            return self.end_turn(obs);
        };
        let e = DealingEvent::Combat {
            seat: s,
            answer: a,
            roll: r.roll,
            total: r.total,
            target: r.target,
            result: r.result,
        };
        Self::emit(obs, e);
        self.lose_lives(s, f.hero_lives(), &mut f, obs);
        let at = self.players[s as usize].at;
        self.players[s as usize].fight = Some(f);
        match f.pending() {
            Pending::Over(Outcome::HeroDied) => {
                let cause = if a == Answer::Ranged { DeathCause::RangedMiss } else { DeathCause::Monster };
                self.die(s, cause, obs)
            }
            Pending::Over(Outcome::Defeated) => {
                self.players[s as usize].fight = None;
                self.defeat(s, at, obs);
                if self.mode == Mode::Chaos && self.chaos_in_treasure(s) {
                    // A minion: no loot, and the End Boss is attacked at once.
                    return self.chaos_minion_down(s, obs);
                }
                self.give_loot(s, 1, After::EndTurn, obs)
            }
            Pending::Over(Outcome::Ran) => {
                self.leave_fight(s);
                // "go back one space in the direction from which you came"
                let p = &mut self.players[s as usize];
                p.at = p.came_from;
                p.came_from = self.dungeons[s as usize][p.at as usize].parent;
                Self::emit(obs, DealingEvent::Ran { seat: s, room: p.at });
                if self.arrived_out(s, obs) {
                    return;
                }
                self.end_turn(obs)
            }
            Pending::Over(Outcome::Left) => {
                self.leave_fight(s);
                self.end_turn(obs)
            }
            _ => {
                if let Some(st) = &mut self.dungeons[s as usize][at as usize].monster {
                    st.lives = f.foe_lives().max(1);
                }
                if self.chaos_attack_back(s, DeathCause::Monster, obs) {
                    return;
                }
                self.end_turn(obs)
            }
        }
    }

    /// A monster defeated: its card to the dashboard (its XP).
    fn defeat<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, obs: &mut O) {
        if let Some(st) = self.dungeons[s as usize][room as usize].monster.take() {
            let p = &mut self.players[s as usize];
            let _ = p.dashboard.try_push(st.card);
            p.stats.monsters_defeated += 1;
            Self::emit(obs, DealingEvent::MonsterDefeated { seat: s, card: st.card });
        }
    }

    /// The Treasure Room: an End Boss card, its first round this turn.
    fn meet_boss<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        if self.mode == Mode::Chaos {
            return self.chaos_meet_boss(s, obs);
        }
        if self.bosses.is_empty() {
            self.reshuffle_bosses(obs);
        }
        let Some(b) = self.bosses.pop() else {
            return self.end_turn(obs);
        };
        Self::emit(obs, DealingEvent::BossDrawn { seat: s, boss: b });
        let card = &self.rules.bosses[b as usize];
        let m = &self.rules.modes;
        // Solo Hard: stronger bosses past level 1.
        let (lives, attack_bonus) = match self.mode {
            Mode::SoloHard => {
                let at = self.players[s as usize].at;
                let l = m.hard_levels[self.dungeons[s as usize][at as usize].level as usize % 4];
                (card.lives.saturating_add(l.boss_lives), l.boss_attack)
            }
            _ => (card.lives, 0),
        };
        let foe = BossFoe { lives, skill: card.skill, dice: m.boss_dice, attack_bonus };
        let fight = BossFight::new(self.fighter(s), foe, m.defend_bonus, &mut self.chance.dice);
        self.players[s as usize].boss = Some((b, fight));
        self.action(obs)
    }

    /// An empty End Boss deck made again from every boss not being fought, shuffled, as the
    /// Encounter deck is: only replacement heroes meeting the Treasure Rooms again draw more
    /// bosses than the deck holds.
    fn reshuffle_bosses<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        for b in 0..self.rules.bosses.len().min(super::BOSS_CAP) as u8 {
            if !self.players.iter().any(|p| matches!(p.boss, Some((k, _)) if k == b)) {
                self.bosses.push(b);
            }
        }
        self.chance.shuffle.get().shuffle(&mut self.bosses);
        Self::emit(obs, DealingEvent::BossesReshuffled);
    }

    /// One round against the End Boss.
    fn boss_round<O: Observer<DealingEvent>>(&mut self, s: u8, a: crate::dealing_dungeons::BossAnswer, obs: &mut O) {
        let Some((b, mut f)) = self.players[s as usize].boss else {
            return self.end_turn(obs);
        };
        let Ok(r) = f.apply(a, &mut self.chance.dice) else {
            return self.end_turn(obs);
        };
        let e = DealingEvent::BossRound {
            seat: s,
            answer: a,
            roll: r.roll,
            total: r.total,
            target: r.target,
            result: r.result,
        };
        Self::emit(obs, e);
        let now = f.hero_lives();
        if self.take_ward(s, now, obs) {
            let fighter = crate::dealing_dungeons::Fighter { lives: now + 1, ..self.fighter(s) };
            f.refresh(fighter, &mut self.chance.dice);
        }
        self.players[s as usize].lives = f.hero_lives();
        self.players[s as usize].boss = Some((b, f));
        if self.mode == Mode::Chaos {
            self.chaos_boss_wounded(f.foe_lives());
        }
        match f.pending() {
            BossPending::Over(BossOutcome::HeroDied) => self.die(s, DeathCause::Boss, obs),
            BossPending::Over(BossOutcome::Defeated) => {
                let m = &self.rules.modes;
                let p = &mut self.players[s as usize];
                // Solo Hard: the level of this Treasure Room (a replacement hero may meet an
                // earlier level's again; only the newest leads on).
                let level = self.dungeons[s as usize][p.at as usize].level;
                let newest = p.at as usize + 1 == self.dungeons[s as usize].len();
                p.boss = None;
                p.bosses = p.bosses.max(level + 1);
                p.stats.boss_defeated = true;
                let (loot, after) = match self.mode {
                    Mode::SoloModerate => (m.boss_loot, After::WayOut),
                    Mode::SoloHard if (level as usize) + 1 >= super::HARD_LEVELS => {
                        (m.hard_boss_loot, After::EndGame(s))
                    }
                    Mode::SoloHard if newest => (m.hard_boss_loot, After::NextLevel),
                    Mode::SoloHard => (m.hard_boss_loot, After::EndTurn),
                    _ => (m.boss_loot, After::EndGame(s)),
                };
                if let After::EndGame(_) = after {
                    p.status = Status::Victor;
                }
                self.give_loot(s, loot, after, obs)
            }
            BossPending::Choose { .. } => {
                if self.chaos_attack_back(s, DeathCause::Boss, obs) {
                    return;
                }
                self.end_turn(obs)
            }
        }
    }

    /// Draws `n` Loot cards for `s`, then goes on to `after`.
    pub(super) fn give_loot<O: Observer<DealingEvent>>(&mut self, s: u8, n: u8, after: After, obs: &mut O) {
        self.loot_queue = n;
        self.after = after;
        self.next_loot(s, obs);
    }

    /// The next Loot card of the queue: gold to the bag, the Healing Potion token (extras to
    /// the bag), special potions face up, In Hand cards equipped or bagged (asked).
    fn next_loot<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        let m = &self.rules.modes;
        while self.loot_queue > 0 {
            self.loot_queue -= 1;
            let Some(card) = self.loot.pop() else { break };
            Self::emit(obs, DealingEvent::Loot { seat: s, card });
            let p = &mut self.players[s as usize];
            match self.rules.loot[card as usize].loot {
                Loot::Gold(v) => bag(p, card, v),
                Loot::Nothing => bag(p, card, 0),
                Loot::HealingPotion if !p.potion => p.potion = true,
                Loot::HealingPotion => bag(p, card, m.gold_per_potion),
                Loot::SpecialPotion(_) => {
                    if p.specials.try_push(card).is_err() {
                        bag(p, card, m.gold_per_potion);
                    }
                }
                Loot::InHand(_) => {
                    self.held_loot = Some(card);
                    let slots = self.fighter(s).skills.hand_slots.max(1) as usize;
                    let p = &self.players[s as usize];
                    self.legal.clear();
                    let free = p.hand.len() < slots;
                    for k in 0..p.hand.len().min(slots) {
                        self.legal.push(C::Equip(k as u8));
                    }
                    if free {
                        self.legal.push(C::Equip(p.hand.len() as u8));
                    }
                    self.legal.push(C::Bag);
                    return self.ask(s, Ask::Loot);
                }
            }
        }
        self.loot_queue = 0;
        match self.after {
            After::EndTurn => self.end_turn(obs),
            After::EndGame(s) => {
                if self.mode == Mode::Chaos {
                    self.chaos_pay_doors();
                }
                self.finish(End::Boss(s), obs)
            }
            After::WayOut => {
                // "After Defeating the End Boss, the door opens and your dungeon resets."
                for r in self.dungeons[s as usize].iter_mut().skip(1) {
                    r.fresh = r.card != RoomCard::Treasure;
                }
                Self::emit(obs, DealingEvent::Reset(s));
                self.end_turn(obs)
            }
            After::NextLevel => self.magic_door(s, obs),
            After::Coop => self.coop_next(obs),
        }
    }

    /// Solo Hard, a level's boss fallen: "A magic door opens, place a Secret Door Token" on
    /// the Treasure Room, to build the next level from. With no side onto a free space the
    /// dungeon cannot go on: his game is over, as at the table edge.
    fn magic_door<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        let at = self.players[s as usize].at;
        let room = self.dungeons[s as usize][at as usize];
        self.legal.clear();
        self.push_searches(room);
        if self.legal.is_empty() {
            self.players[s as usize].status = Status::Edge;
            Self::emit(obs, DealingEvent::OffTable(s));
            return self.next_seat(obs);
        }
        self.ask(s, Ask::Action);
    }

    /// A hero's last life is gone.
    pub(super) fn die<O: Observer<DealingEvent>>(&mut self, s: u8, cause: DeathCause, obs: &mut O) {
        self.leave_fight(s);
        let p = &mut self.players[s as usize];
        p.lives = 0;
        if p.stats.heroes_lost == 0 {
            p.stats.first_death = Some((p.hero, p.side, cause));
        }
        p.stats.heroes_lost = p.stats.heroes_lost.saturating_add(1);
        if let (false, Some((b, _))) = (self.mode == Mode::Chaos, p.boss.take()) {
            // Back under the End Boss deck (a replacement meets a new one).
            let _ = self.bosses.try_insert(0, b);
        }
        p.status = Status::Dead(cause);
        Self::emit(obs, DealingEvent::Died(s));
        if self.options.death == AfterDeath::Replaced {
            self.replace_hero(s, obs);
        }
        self.next_seat(obs)
    }

    /// The optional rule: "randomly choose one of the remaining Heroes. All dungeon rooms
    /// stay as they were, but are reset and you must re-encounter each room. All loot and XP
    /// are discarded back into their respective decks and you start at the entrance at level
    /// one." No hero card left: he stays dead.
    fn replace_hero<O: Observer<DealingEvent>>(&mut self, s: u8, obs: &mut O) {
        let heroes = self.rules.heroes.len().min(64) as u8;
        let left = (0..heroes).filter(|&h| self.heroes_used & (1 << h) == 0);
        let n = left.clone().count() as u32;
        if n == 0 {
            return;
        }
        let rng = self.chance.shuffle.get();
        let k = rng.below(n) as usize;
        let side = if rng.below(2) == 0 { HeroSide::Front } else { HeroSide::Back };
        let Some(hero) = left.clone().nth(k) else { return };
        self.heroes_used |= 1 << hero;
        let rules = self.rules;
        let p = &mut self.players[s as usize];
        // Loot to the bottom of the Loot deck (the token as a Healing Potion card), XP to the
        // Encounter discard pile.
        let potion_card = p.potion.then(|| rules.loot.iter().position(|l| l.loot == Loot::HealingPotion)).flatten();
        for c in p.hand.drain(..).chain(p.specials.drain(..)).chain(p.bag.drain(..)).chain(potion_card.map(|c| c as u8))
        {
            let _ = self.loot.try_insert(0, c);
        }
        for c in p.dashboard.drain(..) {
            let _ = self.discard.try_push(c);
        }
        *p = Player {
            hero,
            side,
            status: Status::Playing,
            lives: rules.modes.start_lives,
            level: 1,
            potion: false,
            bag_gold: 0,
            bag_cards: 0,
            at: 0,
            came_from: 0,
            fight: None,
            boss: None,
            miss_turn: false,
            first_losses: 0,
            fight_bonus: 0,
            deck: std::mem::take(&mut p.deck),
            dashboard: std::mem::take(&mut p.dashboard),
            specials: std::mem::take(&mut p.specials),
            hand: std::mem::take(&mut p.hand),
            bag: std::mem::take(&mut p.bag),
            ..*p
        };
        self.refit(s);
        for r in self.dungeons[s as usize].iter_mut().skip(1) {
            if let Some(st) = r.monster.take() {
                let _ = self.discard.try_push(st.card);
            }
            r.loot_waiting = false;
            r.fresh = true;
        }
        self.last_round = self.round.saturating_add(ROUND_LIMIT);
        Self::emit(obs, DealingEvent::NewHero { seat: s, hero, side });
    }

    /// End of turn: one XP exchange may be made (7 for a life below the most, none in the
    /// Treasure Room; 15 for a level while the card has one).
    pub(super) fn end_turn<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let s = self.active;
        let xp = self.xp(s);
        let m = &self.rules.modes;
        let p = &self.players[s as usize];
        self.legal.clear();
        if p.playing() {
            if xp >= m.xp_per_life as u16 && p.lives < m.max_lives && !self.shut_in(s) {
                self.legal.push(C::Life);
            }
            if xp >= m.xp_per_level as u16 && p.level < self.max_level() {
                self.legal.push(C::Level);
            }
        }
        if self.legal.is_empty() {
            return self.next_seat(obs);
        }
        self.legal.push(C::Go);
        self.ask(s, Ask::Exchange);
    }

    /// The next playing seat clockwise; a new round when the first player's seat comes round.
    fn next_seat<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let n = self.seats;
        if !self.players[..n as usize].iter().any(|p| p.playing()) {
            return self.finish(End::NoneLeft, obs);
        }
        let mut s = self.active;
        loop {
            s = (s + 1) % n;
            if s == self.first {
                self.round += 1;
                if self.round > self.last_round {
                    return self.finish(End::RoundLimit, obs);
                }
                Self::emit(obs, DealingEvent::Round(self.round));
            }
            if self.players[s as usize].playing() {
                break;
            }
        }
        self.active = s;
        self.begin_turn(obs)
    }

    pub(super) fn finish<O: Observer<DealingEvent>>(&mut self, end: End, obs: &mut O) {
        self.end = Some(end);
        self.pending = None;
        self.legal.clear();
        Self::emit(obs, DealingEvent::Over(end));
    }
}

/// A Loot card into the Bag of Holding, worth `gold` at the tally.
fn bag(p: &mut super::Player, card: u8, gold: u16) {
    p.bag_gold += gold;
    p.bag_cards += 1;
    let _ = p.bag.try_push(card);
}

/// The monster printed on an Encounter card kind (a default one if the card is not a
/// monster, which the game never asks).
pub(super) fn monster(
    rules: &crate::dealing_dungeons::DealingRules,
    card: u8,
) -> crate::dealing_dungeons::rules::Monster {
    match rules.encounters[card as usize].encounter {
        Encounter::Monster(m) => m,
        _ => crate::dealing_dungeons::rules::Monster { attack: 2, defense: None, lives: 1, range: false },
    }
}
