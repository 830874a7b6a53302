//! Rounds and turns (§6), the town (§14), dying (§15), winning and the round limit.

use super::{AfterProfile, Ask, ChaosChoice, ChaosDecision, ChaosEvent, ChaosGame, DeckId, Ending, Place, GOLD_TO_WIN};
use crate::core::Observer;
use crate::dungeon_of_chaos::data::Attr;

impl ChaosGame<'_> {
    /// Runs the answer to decision `d`.
    pub(super) fn answer<O: Observer<ChaosEvent>>(&mut self, d: ChaosDecision, c: ChaosChoice, obs: &mut O) {
        match (d.ask, c) {
            (Ask::Profile, ChaosChoice::Profile(pick)) => {
                self.take_profile(pick, self.offered as usize, obs);
                self.profile_taken(obs);
            }
            (Ask::Combat, ChaosChoice::Combat(a)) => self.combat_answer(a, obs),
            (Ask::SecretDoor, ChaosChoice::Through) => self.through_secret_door(obs),
            (Ask::SecretDoor, _) => {
                self.turn.found = None;
                self.settle(obs);
            }
            (Ask::Beginning, ChaosChoice::Dismiss(i)) => {
                self.part_with(i as usize);
                if !self.pose_beginning() {
                    self.after_beginning(obs);
                }
            }
            (Ask::Beginning, _) => self.after_beginning(obs),
            (Ask::Escape, c) => self.escape(c, obs),
            (Ask::Loop, c) => self.land(c, obs),
            (Ask::Flight, ChaosChoice::Fight) => self.start_combat(obs),
            (Ask::Flight, c) => self.flee_away(c, obs),
            (_, c) => self.action(c, obs),
        }
    }

    /// After a character is taken: the next seat's at set-up, then the first player's roll
    /// (§3); after a death, the end of the turn (§15).
    pub(super) fn profile_taken<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        match self.after_profile {
            AfterProfile::Setup if self.active + 1 < self.seats => {
                self.active += 1;
                self.setup_profile(obs);
            }
            AfterProfile::Setup => {
                self.after_profile = AfterProfile::EndTurn;
                let first = self.roll_first(obs);
                self.first = first;
                self.start_round(first, obs);
            }
            AfterProfile::EndTurn => self.end_turn(obs),
        }
    }

    /// A new round from the first player (§3), unless the round limit is reached: then the
    /// game ends unfinished.
    pub(super) fn start_round<O: Observer<ChaosEvent>>(&mut self, seat: u8, obs: &mut O) {
        if self.round >= self.round_limit {
            self.finish(Ending::Unfinished, obs);
            return;
        }
        self.round += 1;
        if O::ENABLED {
            obs.event(ChaosEvent::Round(self.round));
        }
        self.begin_turn(seat, obs);
    }

    /// Ends the game.
    pub(super) fn finish<O: Observer<ChaosEvent>>(&mut self, ending: Ending, obs: &mut O) {
        self.ending = Some(ending);
        self.pending = None;
        self.legal.clear();
        if O::ENABLED {
            obs.event(ChaosEvent::Over(ending));
        }
    }

    /// The next seat's turn (a new round after the last).
    pub(super) fn end_turn<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        if self.ending.is_some() {
            return;
        }
        self.end_of_turn_room(obs);
        let next = (self.active + 1) % self.seats;
        if next == self.first {
            self.start_round(next, obs);
        } else {
            self.begin_turn(next, obs);
        }
    }

    /// Movement actions at the start of a turn (§6: two plus Speed; none while carried weight
    /// brings effective Speed to 0 or below, §13).
    pub(super) fn movement_actions(&self) -> u8 {
        let speed = self.effective(self.active, Attr::Speed);
        if speed <= 0 {
            0
        } else {
            (2 + speed as i16).min(u8::MAX as i16) as u8
        }
    }

    /// A seat's turn: a paused combat continued (no beginning phase, §10), else the entry
    /// from town and the beginning phase (§6), then the rest of the turn.
    fn begin_turn<O: Observer<ChaosEvent>>(&mut self, seat: u8, obs: &mut O) {
        self.active = seat;
        self.turn = Default::default();
        // Death causes are of this turn's losses (a paused combat keeps its own).
        self.me().harm = Default::default();
        self.me().tally.turns += 1;
        if O::ENABLED {
            obs.event(ChaosEvent::Turn(seat));
        }
        if self.me().fight.is_some() {
            self.resume_combat(obs);
            return;
        }
        // Lost during another's turn (washed off level 4 by the floodgates): his new
        // character now (§15).
        if self.me().is_dead() {
            self.after_profile = AfterProfile::EndTurn;
            self.offer_profiles(obs);
            return;
        }
        if self.me().place == Place::Town {
            // §14: re-entry through the entry tile.
            let entry = self.entry;
            self.place_hero(entry, obs);
        }
        if !self.pose_beginning() {
            self.after_beginning(obs);
        }
    }

    /// After the beginning phase: the combat of a monster's room, or the movement phase (§6).
    fn after_beginning<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        self.turn.moves = self.movement_actions();
        let at = self.me().square().unwrap_or(self.entry);
        let fled = std::mem::replace(&mut self.me().fled, false);
        if self.monsters_at(at) {
            if fled {
                self.pose_flight();
            } else {
                self.start_combat(obs);
            }
        } else {
            self.pose_turn();
        }
    }

    /// Whether monsters wait in the room on `at`.
    pub(super) fn monsters_at(&self, at: crate::dungeon_of_chaos::game::Sq) -> bool {
        self.board.laid_at(at).is_some_and(|l| l.n_monsters > 0)
    }

    /// After an action: death, the end of the turn, a combat with monsters in the room, or
    /// the next action.
    pub(super) fn settle<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        if self.ending.is_some() {
            return;
        }
        if self.me().is_dead() {
            self.die(obs);
            return;
        }
        if self.pose_loop() {
            return;
        }
        let Some(at) = self.me().square() else {
            self.end_turn(obs);
            return;
        };
        if self.turn.over {
            self.end_turn(obs);
        } else if self.monsters_at(at) {
            // §6: monsters appearing after the combat phase are fought next turn.
            if self.turn.after_combat {
                self.end_turn(obs);
            } else {
                self.start_combat(obs);
            }
        } else {
            self.pose_turn();
        }
    }

    /// Into the town (§14): the turn ends; a character holding 2,000 gold wins; else values
    /// restored, persistent ailments cured, cursed items discarded, a spell drawn.
    pub(super) fn go_to_town<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let seat = self.active;
        let rules = self.rules;
        let h = self.me();
        h.place = Place::Town;
        h.tally.town_visits += 1;
        self.turn.over = true;
        if O::ENABLED {
            obs.event(ChaosEvent::Town { seat });
        }
        self.redeem_treasure(obs);
        if self.me().gold >= GOLD_TO_WIN {
            self.finish(Ending::Won(seat), obs);
            return;
        }
        let h = self.me();
        h.ailments = Default::default();
        for a in 0..5 {
            h.stats[a] = h.stats[a].max(h.start[a]);
        }
        let mut i = 0;
        while i < self.me().items.len() {
            let item = self.me().items[i];
            let def = &rules.items[item as usize];
            if def.cursed {
                self.lose_item(seat, i);
            } else {
                i += 1;
            }
        }
        let curses = std::mem::take(&mut self.me().curses);
        for c in curses {
            self.discard(DeckId::Curses, c);
        }
        if rules.characters[self.me().character as usize].colours != 0 {
            self.draw_spell(obs);
        }
    }

    /// §15: the character's cards discarded (the player keeps his coins: docs/rulings.md),
    /// his companions gone, three new profiles drawn and one chosen; the next turn starts on
    /// the entry tile.
    pub(super) fn die<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        self.bury(obs);
        self.after_profile = AfterProfile::EndTurn;
        self.offer_profiles(obs);
    }

    /// §15 without the new profile: the active character's cards discarded (a paused
    /// combat's monsters too), his companions gone, the seat in town.
    pub(super) fn bury<O: Observer<ChaosEvent>>(&mut self, obs: &mut O) {
        let seat = self.active;
        if let Some(f) = self.me().fight.take() {
            for i in 1..f.len() {
                if let crate::dungeon_of_chaos::combat::Who::Monster(m) = f.fighter(i).who {
                    let l = self.rules.monsters[m as usize].level - 1;
                    self.discard(DeckId::Monsters(l), m as u16);
                }
            }
        }
        let cause = self.me().death_cause();
        if O::ENABLED {
            obs.event(ChaosEvent::Died { seat, cause });
        }
        let rules = self.rules;
        let h = self.me();
        h.tally.deaths += 1;
        h.tally.last_death = Some(cause);
        h.tally.deaths_by[cause.category().index()] += 1;
        h.place = Place::Town;
        h.fled = false;
        h.fight = None;
        let items = std::mem::take(&mut h.items);
        h.worn = 0;
        h.known = 0;
        let hand = std::mem::replace(&mut h.hand, [None; crate::dungeon_of_chaos::combat::MAX_HAND]);
        let curses = std::mem::take(&mut h.curses);
        let character = h.character;
        for i in items {
            self.discard(DeckId::Items(rules.items[i as usize].level - 1), i as u16);
        }
        for c in hand.into_iter().flatten() {
            self.discard_hand_card(c);
        }
        for c in curses {
            self.discard(DeckId::Curses, c);
        }
        while !self.me().companions.is_empty() {
            self.part_with(0);
        }
        self.discard(DeckId::Profiles, character as u16);
    }
}
