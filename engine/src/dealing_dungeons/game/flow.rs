//! Turns: the start-of-turn potions, the one action (Build/Encounter, Move, a ranged attack,
//! a Secret Door search, Re-Encounter), fights a round a turn, loot, the end-of-turn XP
//! exchange, the next seat and the end of the game.

use super::table::{opposite, step, turn, Room, RoomCard, Standing, Table};
use super::{
    After, Ask, DealingChoice, DealingDecision, DealingEvent, DealingGame, DeathCause, End, Status, ROUND_LIMIT,
};
use crate::core::Observer;
use crate::dealing_dungeons::combat::{
    Answer, BossFight, BossFoe, BossOutcome, BossPending, Foe, MonsterFight, Outcome, Pending, Setting,
};
use crate::dealing_dungeons::data::{PotionEffect, Side};
use crate::dealing_dungeons::rules::{Encounter, Loot};

use DealingChoice as C;

impl DealingGame<'_> {
    /// The table as the building and moving rules see it.
    fn table(&self) -> Table<'_> {
        Table { width: self.table.0 as i8, depth: self.table.1 as i8, dungeons: &self.dungeons[..self.seats as usize] }
    }

    fn emit<O: Observer<DealingEvent>>(obs: &mut O, e: DealingEvent) {
        if O::ENABLED {
            obs.event(e);
        }
    }

    /// The active seat's turn begins: a missed turn, the potions, the action.
    pub(super) fn begin_turn<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let s = self.active;
        Self::emit(obs, DealingEvent::Turn(s));
        let p = &mut self.players[s as usize];
        if p.miss_turn {
            p.miss_turn = false;
            Self::emit(obs, DealingEvent::Missed(s));
            return self.next_seat(obs);
        }
        self.potion_or_action(obs);
    }

    /// The potions he may drink now: the token (below his most lives), a healing special
    /// potion (below his most lives) or one that also strengthens his next Fight.
    fn potion_choices(&mut self) {
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

    fn potion_or_action<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        self.legal.clear();
        self.potion_choices();
        if self.legal.is_empty() {
            return self.action(obs);
        }
        self.legal.push(C::Go);
        self.ask(self.active, Ask::Potion);
    }

    /// Asks for the turn's action (or the forced fight).
    fn action<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let s = self.active;
        let fighter = self.fighter(s);
        let defend_bonus = self.rules.modes.defend_bonus;
        let p = &mut self.players[s as usize];
        // A potion's bonus goes to the fight he faces now, or waits for the next one.
        let facing = p.boss.is_some() || self.dungeons[s as usize][p.at as usize].monster.is_some();
        let bonus = if facing { std::mem::take(&mut p.fight_bonus) } else { 0 };
        self.legal.clear();
        // The End Boss: Fight or Defend, every turn until one falls.
        if let Some((_, boss)) = &mut p.boss {
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
            let fight = p.fight.get_or_insert_with(|| {
                let foe = Foe { lives: st.lives, ..Foe::printed(monster(self.rules, st.card)) };
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
        let p = &self.players[s as usize];
        if self.dungeons[s as usize].len() > 1 || p.deck.is_empty() {
            let moves = self.table().moves(s, at);
            self.legal.extend(moves.iter().map(|&(room, _)| C::Move(room)));
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
        if p.deck.is_empty() {
            return;
        }
        self.legal.push(C::Build);
        let first_turn = self.dungeons[s as usize].len() == 1;
        let at = p.at;
        let room = self.dungeons[s as usize][at as usize];
        if first_turn || self.door_tokens == 0 || (room.monster.is_some() && !defended) {
            return;
        }
        if !self.table().build_sides(s, at).0.is_empty() {
            return;
        }
        for side in Side::ALL {
            if room.doors & side.bit() == 0 && self.table().beyond(s, at, side) == super::table::Beyond::Free {
                self.legal.push(C::Search(side));
            }
        }
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
            C::Go if d.ask == Ask::Potion => self.action(obs),
            C::Go if d.ask == Ask::Exchange => self.next_seat(obs),
            C::Go => self.end_turn(obs),
            C::Build => self.build(s, obs),
            C::Place { side, turns } => self.place(s, side, turns, obs),
            C::Move(room) => self.move_to(s, room, obs),
            C::Shoot(room) => self.shoot(s, room, obs),
            C::Search(side) => {
                self.door_tokens -= 1;
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
                        *old = card;
                        p.bag_gold += in_hand;
                        p.bag_cards += 1;
                    }
                    None => p.hand.push(card),
                }
                self.next_loot(s, obs);
            }
            C::Bag => {
                self.held_loot = None;
                let p = &mut self.players[s as usize];
                p.bag_gold += self.rules.modes.gold_per_in_hand;
                p.bag_cards += 1;
                self.next_loot(s, obs);
            }
            C::Life | C::Level => {
                let max = self.rules.modes.max_lives;
                let treasure = self.in_treasure_room(s);
                let p = &mut self.players[s as usize];
                for c in p.dashboard.drain(..) {
                    let _ = self.discard.try_push(c);
                }
                if !treasure {
                    p.lives = (p.lives + 1).min(max);
                }
                if choice == C::Level {
                    p.level += 1;
                    Self::emit(obs, DealingEvent::LevelUp { seat: s, level: p.level });
                } else {
                    Self::emit(obs, DealingEvent::LifeBought(s));
                }
                self.next_seat(obs);
            }
        }
    }

    fn in_treasure_room(&self, s: u8) -> bool {
        let p = &self.players[s as usize];
        self.dungeons[s as usize][p.at as usize].card == RoomCard::Treasure
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
        let others =
            super::table::lay(&mut self.dungeons[..self.seats as usize], w, dp, s, Room::new(card, x, y, doors, from));
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
    fn draw_encounter<O: Observer<DealingEvent>>(&mut self, obs: &mut O) -> Option<u8> {
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
        let Some(card) = self.draw_encounter(obs) else {
            return self.end_turn(obs);
        };
        Self::emit(obs, DealingEvent::Encounter { seat: s, card });
        match self.rules.encounters[card as usize].encounter {
            Encounter::Monster(m) => {
                let at = self.players[s as usize].at;
                self.dungeons[s as usize][at as usize].monster = Some(Standing { card, lives: m.lives });
                self.action(obs)
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
        let via = self.table().moves(s, at).iter().find(|m| m.0 == room).map_or(at, |m| m.1);
        let p = &mut self.players[s as usize];
        p.at = room;
        p.came_from = via;
        Self::emit(obs, DealingEvent::Moved { seat: s, room });
        let r = &mut self.dungeons[s as usize][room as usize];
        if std::mem::take(&mut r.loot_waiting) {
            return self.give_loot(s, 1, After::EndTurn, obs);
        }
        self.end_turn(obs)
    }

    /// A ranged attack from afar (one round); the loot waits in the monster's room.
    fn shoot<O: Observer<DealingEvent>>(&mut self, s: u8, room: u8, obs: &mut O) {
        let fighter = self.fighter(s);
        let at = self.players[s as usize].at;
        let dist = self.table().targets(s, at, fighter.reach()).iter().find(|t| t.0 == room).map_or(1, |t| t.1);
        let Some(st) = self.dungeons[s as usize][room as usize].monster else {
            return self.end_turn(obs);
        };
        let foe = Foe { lives: st.lives, ..Foe::printed(monster(self.rules, st.card)) };
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
    fn take_ward<O: Observer<DealingEvent>>(&mut self, s: u8, now: u8, obs: &mut O) -> bool {
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
                self.give_loot(s, 1, After::EndTurn, obs)
            }
            Pending::Over(Outcome::Ran) => {
                self.leave_fight(s);
                // "go back one space in the direction from which you came"
                let p = &mut self.players[s as usize];
                p.at = p.came_from;
                p.came_from = self.dungeons[s as usize][p.at as usize].parent;
                Self::emit(obs, DealingEvent::Ran { seat: s, room: p.at });
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
        let Some(b) = self.bosses.pop() else {
            return self.end_turn(obs);
        };
        Self::emit(obs, DealingEvent::BossDrawn { seat: s, boss: b });
        let card = &self.rules.bosses[b as usize];
        let m = &self.rules.modes;
        let foe = BossFoe { lives: card.lives, skill: card.skill, dice: m.boss_dice, attack_bonus: 0 };
        let fight = BossFight::new(self.fighter(s), foe, m.defend_bonus, &mut self.chance.dice);
        self.players[s as usize].boss = Some((b, fight));
        self.action(obs)
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
        match f.pending() {
            BossPending::Over(BossOutcome::HeroDied) => self.die(s, DeathCause::Boss, obs),
            BossPending::Over(BossOutcome::Defeated) => {
                let p = &mut self.players[s as usize];
                p.boss = None;
                p.status = Status::Victor;
                p.stats.boss_defeated = true;
                self.give_loot(s, self.rules.modes.boss_loot, After::EndGame(s), obs)
            }
            BossPending::Choose { .. } => self.end_turn(obs),
        }
    }

    /// Draws `n` Loot cards for `s`, then goes on to `after`.
    fn give_loot<O: Observer<DealingEvent>>(&mut self, s: u8, n: u8, after: After, obs: &mut O) {
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
                Loot::Gold(v) => {
                    p.bag_gold += v;
                    p.bag_cards += 1;
                }
                Loot::Nothing => p.bag_cards += 1,
                Loot::HealingPotion if !p.potion => p.potion = true,
                Loot::HealingPotion => {
                    p.bag_gold += m.gold_per_potion;
                    p.bag_cards += 1;
                }
                Loot::SpecialPotion(_) => {
                    if p.specials.try_push(card).is_err() {
                        p.bag_gold += m.gold_per_potion;
                        p.bag_cards += 1;
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
            After::EndGame(s) => self.finish(End::Boss(s), obs),
        }
    }

    /// A hero's last life is gone.
    fn die<O: Observer<DealingEvent>>(&mut self, s: u8, cause: DeathCause, obs: &mut O) {
        self.leave_fight(s);
        let p = &mut self.players[s as usize];
        p.lives = 0;
        p.boss = None;
        p.status = Status::Dead(cause);
        Self::emit(obs, DealingEvent::Died(s));
        self.next_seat(obs)
    }

    /// End of turn: one XP exchange may be made (7 for a life below the most, none in the
    /// Treasure Room; 15 for a level while the card has one).
    fn end_turn<O: Observer<DealingEvent>>(&mut self, obs: &mut O) {
        let s = self.active;
        let xp = self.xp(s);
        let m = &self.rules.modes;
        let p = &self.players[s as usize];
        self.legal.clear();
        if p.playing() {
            if xp >= m.xp_per_life as u16 && p.lives < m.max_lives && !self.in_treasure_room(s) {
                self.legal.push(C::Life);
            }
            if xp >= m.xp_per_level as u16 && p.level < m.card_levels {
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
                if self.round > ROUND_LIMIT {
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

    fn finish<O: Observer<DealingEvent>>(&mut self, end: End, obs: &mut O) {
        self.end = Some(end);
        self.pending = None;
        self.legal.clear();
        Self::emit(obs, DealingEvent::Over(end));
    }
}

/// The monster printed on an Encounter card kind (a default one if the card is not a
/// monster, which the game never asks).
fn monster(rules: &crate::dealing_dungeons::DealingRules, card: u8) -> crate::dealing_dungeons::rules::Monster {
    match rules.encounters[card as usize].encounter {
        Encounter::Monster(m) => m,
        _ => crate::dealing_dungeons::rules::Monster { attack: 2, defense: None, lives: 1, range: false },
    }
}
