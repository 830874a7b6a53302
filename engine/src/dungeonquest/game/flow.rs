//! Setup, rounds and the sun, turn phases, death, exiting, and the end of the game.

use super::*;
use crate::dungeonquest::board::{is_tower, is_treasure};
use crate::dungeonquest::data::{RuneWindow, TileKind};

impl<'r> Game<'r> {
    /// Setup steps, all drawn from the setup stream so that variants share the same dungeon.
    pub(crate) fn setup<O: Observer>(&mut self, rng: &mut GameRng, obs: &mut O) {
        let rules = self.rules;
        // Every slot and tile position holds its own index already (`START_SLOTS`,
        // `START_TILES`: setup always follows a reset), so each deck's region holds its cards
        // in order, as does the tile stack.
        let nt = rules.tiles.len();
        debug_assert!(self.tiles.order.iter().take(nt).enumerate().all(|(i, &t)| t == i as u8));
        for deck in Deck::ALL {
            let r = rules.decks[deck as usize];
            let region = &mut self.decks.slots[r.first as usize..(r.first + r.len) as usize];
            debug_assert!(region.iter().enumerate().all(|(i, &s)| s == r.first + i as u16));
            rng.shuffle(region);
            self.decks.draw[deck as usize] = r.len;
            self.decks.discard[deck as usize] = 0;
        }
        rng.shuffle(&mut self.tiles.order[..nt]);
        self.tiles.left = nt as u8;

        self.first = rng.below(self.seats as u32) as u8;
        if O::ENABLED {
            obs.event(Event::FirstPlayer { seat: self.first });
        }
        let mut towers = TOWERS;
        rng.shuffle(&mut towers);
        for seat in 0..self.seats {
            let h = &mut self.heroes[seat as usize];
            h.pos = towers[seat as usize];
            if O::ENABLED {
                obs.event(Event::HeroJoins { seat, hero: h.def, tower: h.pos });
            }
        }
        // Magical Might (2010): the players agree how many runes each hero starts with; dealt
        // like the edition's one rune, a hero at a time from the shuffled rune deck.
        let runes = if self.variant.magical_might > 0 { self.variant.magical_might } else { rules.runes_per_hero };
        for seat in 0..self.seats {
            for _ in 0..runes {
                if let Some(card) = self.take_top(Deck::Rune) {
                    self.heroes[seat as usize].runes.push(rules, card);
                    if O::ENABLED {
                        obs.event(Event::RuneDealt { seat, card });
                    }
                }
            }
        }
        // 2010 "Set Up Sun Track": "Place the sun token on the first space of the sun track".
        // Rule decision: that space is space 1, where it rests on the first turn (see
        // `advance_sun`), so the sun is on space r in round r as in Revised (first roll in round
        // 26 with the shipped track, the 2010 reviews' "25 safe turns").
        if self.edition == Edition::Third {
            self.clock.sun = 1;
        }
        if self.variant.late_start {
            // Rolled from the setup stream so the dice stream stays aligned with a standard game.
            let roll = rng.d6();
            self.clock.sun = (self.clock.sun + roll).min(rules.sun_spaces);
            if O::ENABLED {
                obs.event(Event::LateStart { roll });
            }
        }
        if self.variant.torchlight {
            for k in 0..self.seats {
                let seat = (self.first + k) % self.seats;
                self.active = Seat::of(seat);
                let pos = self.heroes[seat as usize].pos;
                self.torchlight(pos, obs);
            }
        }
        self.active = Seat::of(self.first);
        // The stack is empty: `run` starts the first turn there (see `Task`).
        debug_assert!(self.tasks.is_empty());
    }

    /// The turn's end, run when the task stack runs empty (see `Task`): the end-of-action
    /// rune window if the turn still owes it (see `TurnFlags::end_window`), then the end of
    /// the turn. When the window asks, the turn end waits under the decision: the stack is
    /// left empty, and runs empty again once the answer's steps are done.
    pub(crate) fn turn_end_step<O: Observer>(&mut self, obs: &mut O) {
        debug_assert!(self.tasks.is_empty());
        // 2010: trapped after two searches, the hero dies at the end of the second; what that
        // leaves to do (Death Can Wait) runs first, and the turn end comes back here.
        if self.edition == Edition::Third && self.third_trapped(obs) && (!self.tasks.is_empty() || !self.runs_next()) {
            return;
        }
        if self.turn.end_window {
            self.turn.end_window = false;
            self.offer_runes(RuneWindow::EndOfAction, NO_CARD, obs);
            if !self.runs_next() {
                return;
            }
        }
        self.turn_end(obs);
    }

    /// Ends the current turn and starts the next one: extra turns, then the next seat,
    /// starting a new round (and moving the sun) when play comes back to the first player.
    pub(crate) fn turn_end<O: Observer>(&mut self, obs: &mut O) {
        if self.over {
            return;
        }
        if self.clock.round > 0 {
            let h = self.cur_mut();
            if h.in_game() && h.extra_turns > 0 {
                h.extra_turns -= 1;
                self.start_turn(true, obs);
                return;
            }
        }
        loop {
            // The next seat by a compare rather than `% seats`: a division at every turn.
            // (`active < seats` always, so `active + 1 <= seats`.)
            debug_assert!(self.active.get() < self.seats);
            let next = if self.clock.round == 0 {
                self.first
            } else if self.active.get() + 1 >= self.seats {
                0
            } else {
                self.active.get() + 1
            };
            self.active = Seat::of(next);
            if next == self.first {
                self.clock.round = self.clock.round.saturating_add(1);
                if self.advance_sun(obs) {
                    return;
                }
            }
            if self.servant_turns(next) {
                self.start_servant_turn(obs);
                return;
            }
            let h = &mut self.heroes[next as usize & (MAX_SEATS - 1)];
            if !h.in_game() {
                continue;
            }
            if h.lost_turns > 0 {
                h.lost_turns -= 1;
                let left = h.lost_turns;
                if O::ENABLED {
                    obs.event(Event::TurnLost { seat: next, left });
                }
                continue;
            }
            self.start_turn(false, obs);
            return;
        }
    }

    /// Moves the sun one space (once per round, whoever is first player or alive) and rolls on
    /// numbered spaces. Returns whether the sun set.
    fn advance_sun<O: Observer>(&mut self, obs: &mut O) -> bool {
        // 2010: "The sun token does not advance on the very first turn of the game."
        let first_turn = self.edition == Edition::Third && self.clock.round == 1;
        if self.clock.sun < self.rules.sun_spaces && !first_turn {
            self.clock.sun += 1;
        }
        if O::ENABLED {
            obs.event(Event::RoundStart { round: self.clock.round, sun: self.clock.sun });
        }
        let number = self.rules.sun_number(self.clock.sun);
        if number == 0 {
            return false;
        }
        let save = self.active.get();
        self.active = Seat::of(self.first);
        let roll = self.d6(obs);
        self.active = Seat::of(save);
        let set = roll <= number;
        if O::ENABLED {
            obs.event(Event::SunRoll { space: self.clock.sun, roll, sets_on_or_below: number, set });
        }
        if set {
            self.clock.sunset = true;
            if O::ENABLED {
                obs.event(Event::Sunset);
            }
            self.begin_finish();
            for seat in 0..self.seats {
                self.kill(seat, DeathCause::Sunset, obs);
            }
            self.finish_game(obs);
        }
        set
    }

    fn start_turn<O: Observer>(&mut self, extra: bool, obs: &mut O) {
        // The end-of-action rune window is owed (`end_window`) instead of pushed above the
        // turn end.
        self.turn = TurnFlags { in_status: true, end_window: true, ..TurnFlags::default() };
        let round = self.clock.round;
        let in_treasure = {
            let h = self.cur_mut();
            h.stats.turns += 1;
            h.stats.end_round = round;
            h.on_board() && is_treasure(h.pos)
        };
        if in_treasure {
            self.cur_mut().stats.treasure_chamber_turns += 1;
        }
        if O::ENABLED {
            obs.event(Event::TurnStart { seat: self.active.get(), round, extra });
        }
        // The turn's steps go on the empty stack, whose bottom is the turn's end (see `Task`).
        debug_assert!(self.tasks.is_empty());
        // Most turns have no status phase to speak of. The loop runs the status steps next
        // (nothing is pending: turn_end returns straight to it), so whether they will find
        // anything to do can be read now; steps with nothing to do are not pushed. With
        // neither, the status check's only effect (`end_after_status` is still unset) is done
        // here and the end-of-status rune window and the action follow at once, as the loop
        // would run them (see `Game::runs_next`). Why: five task round trips a turn for
        // nothing.
        //
        // When the status phase has something to do, its first step (the optional cards, or
        // the mandatory effects) is likewise run here rather than pushed and popped at once:
        // `status_optional` only asks, `status_mandatory` only pushes the effects, as each
        // would at the top of the stack.
        //
        // The end of the status phase, its rune window and the action are one step
        // (`StatusCheck`, see `Game::status_end`).
        let (optional, mandatory) = self.status_due();
        if !self.runs_next() {
            self.push(Task::StatusCheck);
            self.push(Task::StatusMandatory);
            self.push(Task::StatusOptional);
        } else if optional {
            self.push(Task::StatusCheck);
            self.push(Task::StatusMandatory);
            self.status_optional(obs);
        } else if mandatory {
            self.push(Task::StatusCheck);
            self.status_mandatory(obs);
        } else {
            // `status_end` written out: the common turn, kept free of the call.
            self.status_check();
            // A rune window only posts a decision (it pushes nothing), so the action goes
            // below anything the answer pushes, as before.
            self.offer_runes(RuneWindow::EndOfStatus, NO_CARD, obs);
            if self.runs_next() {
                self.action(obs);
            } else {
                self.push(Task::Action);
            }
        }
    }

    /// Start of the status phase: cards the player may use (potions, quicksilver, harp).
    pub(crate) fn status_optional<O: Observer>(&mut self, obs: &mut O) {
        if self.status_optional_due() {
            self.ask(self.active.get(), DecisionKind::StatusItems, obs);
        }
    }

    /// Whether the active hero holds a card usable at the start of the status phase.
    fn status_optional_due(&self) -> bool {
        self.cur().held.status() & crate::dungeonquest::rules::STATUS_OPTIONAL != 0
    }

    /// Whether the status phase has something to do now: (a card usable at its start, as
    /// [`Game::status_optional_due`]; an effect for [`Game::status_mandatory`] to run). One
    /// read of the play area's flags for both (kept by [`Held`]): every turn asks. Inlined
    /// into `start_turn`, its one caller.
    #[inline]
    fn status_due(&self) -> (bool, bool) {
        let rules = self.rules;
        let h = self.cur();
        let in_treasure = h.on_board() && is_treasure(h.pos);
        let bits = h.held.status();
        debug_assert_eq!(bits, h.held.iter().fold(0, |m, &c| m | rules.card(c).status));
        let optional = bits & crate::dungeonquest::rules::STATUS_OPTIONAL != 0;
        let mut wanted = crate::dungeonquest::rules::STATUS_MANDATORY;
        if in_treasure {
            wanted |= crate::dungeonquest::rules::STATUS_TREASURE;
        }
        let mut mandatory = bits & wanted != 0;
        if !mandatory && h.status == HeroStatus::Catacombs {
            mandatory = h.row.iter().any(|&c| !rules.card(c).on_status_catacombs.is_empty());
        }
        (optional, mandatory)
    }

    pub(crate) fn status_item_choices(&self, out: &mut Choices) {
        for &c in &self.cur().held {
            if !self.rules.card(c).on_status_optional.is_empty() && out.len() < out.capacity() {
                out.push(Choice::Card(c));
            }
        }
    }

    /// Always inlined (into `apply`), with the rest of the status phase it may run: see
    /// `Game::attr_value`.
    #[inline(always)]
    pub(crate) fn answer_status_item<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if let Choice::Card(card) = c {
            self.push(Task::StatusOptional);
            let span = self.rules.card(card).on_status_optional;
            self.push(Task::Ops { span, card });
        } else if let Some(Task::StatusMandatory) = self.tasks.last() {
            // Done: the rest of the status phase is what the loop would run next (the answer
            // is a last act, see `Game::runs_next`), its mandatory effects' step on top.
            if self.runs_next() {
                self.tasks.pop();
                self.status_mandatory(obs);
                self.status_end_on_top(obs);
            }
        }
    }

    /// Runs the status-check step on top of the task stack now, if the loop would run it next
    /// (a last act only: see `Game::runs_next`). Why: the status phase's last steps (its
    /// mandatory effects, mostly none, then the check, the rune window and the action) were a
    /// task round trip each after the player's status-item decision; with them run here, the
    /// answer goes straight on to the action's decision.
    #[inline]
    fn status_end_on_top<O: Observer>(&mut self, obs: &mut O) {
        if let Some(Task::StatusCheck) = self.tasks.last() {
            if self.runs_next() {
                self.tasks.pop();
                self.status_end(obs);
            }
        }
    }

    /// Runs the action step on top of the task stack now, if the loop would run it next (a
    /// last act only: see `Game::runs_next`). Why: most rune decisions are the end-of-status
    /// window, the action step waiting under it; answered, the loop popped the action at once,
    /// a call of the loop and a dispatch for a step that only lists the moves and asks.
    /// Always inlined (into `apply`'s rune answer): as a call of its own it cost most of that.
    #[inline(always)]
    pub(crate) fn action_on_top<O: Observer>(&mut self, obs: &mut O) {
        if let Some(Task::Action) = self.tasks.last() {
            if self.runs_next() {
                self.tasks.pop();
                self.action(obs);
            }
        }
    }

    /// Mandatory start-of-turn effects of kept cards. All of them resolve even if one ends
    /// the turn (2010 rulebook, "Start of Turn Effects"); they run in play-area order.
    pub(crate) fn status_mandatory<O: Observer>(&mut self, _obs: &mut O) {
        let rules = self.rules;
        let h = self.cur();
        let in_treasure = h.on_board() && is_treasure(h.pos);
        // Nothing in the play area to run (the counts of `Held` say so without reading a
        // card): the step after an optional card's decision mostly finds this.
        let wanted = crate::dungeonquest::rules::STATUS_MANDATORY
            | if in_treasure { crate::dungeonquest::rules::STATUS_TREASURE } else { 0 };
        if h.held.status() & wanted == 0 && h.status != HeroStatus::Catacombs {
            return;
        }
        let mut todo: ArrayVec<(Span, CardId), 32> = ArrayVec::new();
        for &c in &h.held {
            let d = rules.card(c);
            for s in [d.on_status, if in_treasure { d.on_status_treasure } else { Span::EMPTY }] {
                if !s.is_empty() && todo.len() < todo.capacity() {
                    todo.push((s, c));
                }
            }
        }
        if h.status == HeroStatus::Catacombs {
            for &c in &h.row {
                let s = rules.card(c).on_status_catacombs;
                if !s.is_empty() && todo.len() < todo.capacity() {
                    todo.push((s, c));
                }
            }
        }
        for &(span, card) in todo.iter().rev() {
            self.push(Task::Ops { span, card });
        }
    }

    /// End of the status phase: a turn ended by a start-of-turn effect ends now. Inlined: a
    /// store and a test, asked at every turn's start, where the call cost more.
    #[inline]
    pub(crate) fn status_check(&mut self) {
        self.turn.in_status = false;
        if self.turn.end_after_status {
            self.truncate_turn();
        }
    }

    /// The status-check step: the end of the status phase ([`Game::status_check`]), then,
    /// unless that ended the turn, the end-of-status rune window and the action phase.
    ///
    /// These were three steps pushed one under the other (status check, end-of-status rune
    /// window, action) with nothing ever between them; a turn ended at the check dropped the
    /// other two (down to the turn end), and the window only ever posts a decision (it pushes
    /// nothing). So one step does the same: the action runs at once when nothing is pending,
    /// and waits under the window's decision otherwise, where its own step was. Why: two
    /// task round trips fewer on every turn with a status phase. Always inlined (into the
    /// loop's step and the status-item answer, once a turn with a status phase each).
    #[inline(always)]
    pub(crate) fn status_end<O: Observer>(&mut self, obs: &mut O) {
        self.status_check();
        if self.turn.end_after_status {
            return;
        }
        self.offer_runes(RuneWindow::EndOfStatus, NO_CARD, obs);
        if self.runs_next() {
            self.action(obs);
        } else {
            self.push(Task::Action);
        }
    }

    /// Action phase. Always inlined, as is `answer_action`: once a decision each, from a few
    /// places (the turn's start, the action step; `apply`), where the calls cost more.
    #[inline(always)]
    pub(crate) fn action<O: Observer>(&mut self, obs: &mut O) {
        if self.edition == Edition::Third && self.third_action(obs) {
            return;
        }
        let mut c = Choices::new();
        self.action_choices(&mut c);
        if c.is_empty() {
            // Dead end: no move, search or catacomb entrance (Rules Reference "Dead End").
            self.kill(self.active.get(), DeathCause::DeadEnd, obs);
        } else {
            self.ask_with(self.active.get(), DecisionKind::Action, &c, obs);
        }
    }

    pub(crate) fn action_choices(&self, out: &mut Choices) {
        let h = self.cur();
        match h.status {
            HeroStatus::Catacombs => {
                out.push(Choice::DrawCatacomb);
                if h.retest != NO_CARD {
                    out.push(Choice::Retest);
                }
            }
            HeroStatus::Board => {
                let pos = h.pos;
                if is_treasure(pos) {
                    out.push(Choice::DrawDragon);
                }
                if is_tower(pos) && self.can_exit(self.active.get()) {
                    out.push(Choice::ExitDungeon);
                }
                let kind = self.tile_kind(pos);
                if self.edition == Edition::Third && kind == Some(TileKind::SpiderWeb) && h.part == 1 {
                    // 2010: after retreating from the web, back the way he came, and only that.
                    if let Some(to) = self.web_retreat_target() {
                        out.push(Choice::Move(to));
                    }
                } else if super::moves::plain_moves(pos, kind, self.edition)
                    && kind != Some(TileKind::ChamberOfDarkness)
                {
                    // The common action (an ordinary chamber): `move_targets`' first path, the
                    // answers written as they are found (a chamber of darkness lists one
                    // answer for all its moves).
                    self.open_targets(pos, |to| out.push(Choice::Move(to)));
                } else {
                    let mut targets = Targets::new();
                    self.move_targets(false, &mut targets);
                    if kind == Some(TileKind::ChamberOfDarkness) {
                        if !targets.is_empty() {
                            out.push(Choice::MoveDark);
                        }
                    } else {
                        super::moves::push_moves(out, &targets);
                    }
                }
                if self.can_search(pos) {
                    out.push(Choice::Search);
                }
                let passage = self.edition == Edition::Third && self.third.passage[self.active as usize] == pos;
                if self.has_catacomb_entrance(pos) || passage {
                    out.push(Choice::EnterCatacombs);
                }
            }
            _ => {}
        }
    }

    /// The answer to the action decision. Always inlined: see `Game::action`.
    #[inline(always)]
    pub(crate) fn answer_action<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if self.edition == Edition::Third {
            self.third_note_action(c);
        }
        match c {
            // The answer's last act before the task loop runs on (from `apply`, or the action
            // step taking a single legal answer): see `Game::runs_next`.
            Choice::Move(to) if self.runs_next() => self.start_move(to, MoveMode::NORMAL, obs),
            Choice::Move(to) => self.push(Task::Move { to, mode: MoveMode::NORMAL }),
            Choice::MoveDark => {
                let mut t = Targets::new();
                self.move_targets(false, &mut t);
                if !t.is_empty() {
                    match self.dark_pick(&t) {
                        Some(to) => self.push(Task::Move { to, mode: MoveMode::NORMAL }),
                        // 2010: the die points at a walled passage: the turn ends.
                        None => self.end_turn_now(obs),
                    }
                }
            }
            Choice::Search => {
                let pos = self.cur().pos;
                self.board[pos as usize].flags |= F_SEARCHED;
                self.cur_mut().stats.searches += 1;
                // The answer's last act, as for a move.
                if self.runs_next() {
                    self.draw_and_resolve(Deck::Search, true, obs);
                } else {
                    self.push(Task::Draw { deck: Deck::Search, redraw_ok: true });
                }
            }
            Choice::EnterCatacombs => self.push(Task::EnterCatacombs),
            Choice::ExitDungeon => self.exit_dungeon(obs),
            Choice::DrawDragon => self.push(Task::DragonDraw { draws: 0 }),
            Choice::DrawCatacomb => {
                self.cur_mut().retest = NO_CARD;
                self.push(Task::CatacombDraw);
            }
            Choice::Retest => {
                let card = self.cur().retest;
                self.cur_mut().retest = NO_CARD;
                let span = self.rules.card(card).effect;
                self.push(Task::Ops { span, card });
            }
            _ => {}
        }
    }

    /// Whether a hero may leave the dungeon now: a loot card, or a treasure card in solo play
    /// and under No Guts, No Glory (2010: "cannot exit the dungeon unless they have at least
    /// one Treasure card"; the Revised treasure deck is the loot drawn in the treasure chamber,
    /// as in 2010, so the rule carries over unchanged). The treasure card of solo play is the
    /// Revised text's; the 2010 Going It Alone changes only the combat ("uses all the normal
    /// rules, with the exception of some of the rules related to combat").
    pub(crate) fn can_exit(&self, seat: u8) -> bool {
        let solo_needs_treasure = self.variant.solo && self.edition != Edition::Third;
        if solo_needs_treasure || self.variant.no_guts_no_glory {
            self.treasure_count(seat) > 0
        } else {
            self.loot_count(seat) > 0
        }
    }

    /// Ends the active hero's turn at once (an effect says "end your turn").
    pub(crate) fn end_turn_now<O: Observer>(&mut self, obs: &mut O) {
        if self.turn.in_status {
            self.turn.end_after_status = true;
            return;
        }
        self.flush_resolving(obs);
        self.truncate_turn();
    }

    /// Drops the rest of the turn's steps, down to the turn's end (the bottom of the stack, see
    /// `Task`) or a step that marks the end of something else.
    ///
    /// Dragon Rage strikes every hero in the treasure chamber: the hits still owed to the
    /// others (`RageHit`) outlive the drawer's turn (his death ends it), and are put back on
    /// top of what is kept, in their order.
    pub(crate) fn truncate_turn(&mut self) {
        let mut hits: ArrayVec<Task, MAX_SEATS> = ArrayVec::new();
        let mut to_end = true;
        while let Some(t) = self.tasks.last() {
            if matches!(
                t,
                Task::EndGame { .. }
                    | Task::EndGameOptional { .. }
                    | Task::Finalize
                    | Task::DuelEnd
                    | Task::ServantDone { .. }
            ) {
                to_end = false;
                break;
            }
            // Only a turn that raged can hold hits (a test of one flag otherwise).
            if self.turn.raged && matches!(t, Task::RageHit { .. }) {
                let _ = hits.try_push(*t);
            }
            self.tasks.pop();
        }
        if to_end {
            // Down to the turn's end: the end-of-action window owed above it goes too.
            self.turn.end_window = false;
        }
        while let Some(t) = hits.pop() {
            self.push(t);
        }
    }

    /// Discards cards still being resolved and a monster still being fought.
    pub(crate) fn flush_resolving<O: Observer>(&mut self, obs: &mut O) {
        while let Some(c) = self.scratch.resolving.pop() {
            self.put_discard(c, obs);
        }
        for c in core::mem::take(&mut self.scratch.cards) {
            self.put_discard(c, obs);
        }
        if self.combat.card != NO_CARD {
            let c = self.combat.card;
            self.combat.card = NO_CARD;
            self.put_discard(c, obs);
        }
    }

    /// A hero suffers wounds; at his health he dies.
    pub(crate) fn wound<O: Observer>(&mut self, seat: u8, amount: u8, cause: DeathCause, obs: &mut O) {
        // Masked as `cur` does (a seat is below `MAX_SEATS`): no bounds check per wound. The
        // debug assertion keeps the check the mask leaves out.
        debug_assert!(seat < self.seats, "wound for seat {seat} of {}", self.seats);
        let seat_i = seat as usize & (MAX_SEATS - 1);
        if amount == 0 || !self.heroes[seat_i].in_game() {
            return;
        }
        let health = self.rules.hero(self.heroes[seat_i].def).health;
        let h = &mut self.heroes[seat_i];
        h.wounds = h.wounds.saturating_add(amount);
        h.stats.wounds_taken = h.stats.wounds_taken.saturating_add(amount as u16);
        let total = h.wounds;
        if O::ENABLED {
            obs.event(Event::Wounds { seat, amount, total });
        }
        if total >= health {
            self.kill(seat, cause, obs);
        }
    }

    /// Heals the active hero.
    pub(crate) fn heal<O: Observer>(&mut self, amount: Option<u8>, obs: &mut O) {
        let seat = self.active.get();
        let h = self.cur_mut();
        let n = amount.unwrap_or(h.wounds).min(h.wounds);
        h.wounds -= n;
        let total = h.wounds;
        if O::ENABLED && n > 0 {
            obs.event(Event::Healed { seat, amount: n, total });
        }
    }

    /// A hero dies: cards to their discard piles, figure off the board, no more turns.
    pub(crate) fn kill<O: Observer>(&mut self, seat: u8, cause: DeathCause, obs: &mut O) {
        if !self.heroes[seat as usize].in_game() {
            return;
        }
        if self.edition == Edition::Third
            && self.variant.death_can_wait
            && cause != DeathCause::Sunset
            && !self.finishing()
        {
            // The 2010 "Death Can Wait": knocked out instead (see game/third.rs).
            self.third_knock_out(seat, cause, obs);
            return;
        }
        if O::ENABLED {
            obs.event(Event::Died { seat, cause });
        }
        if seat == self.active.get() && !self.finishing() {
            self.turn.in_status = false;
            self.flush_resolving(obs);
            self.truncate_turn();
        }
        let round = self.clock.round;
        let h = &mut self.heroes[seat as usize];
        h.stats.death_cause = Some(cause);
        h.stats.deaths += 1;
        h.stats.end_round = round;
        h.status = HeroStatus::Dead;
        let pos = h.pos;
        self.third.forget(seat);
        h.pos = NO_CELL;
        h.retest = NO_CARD;
        h.lost_turns = 0;
        h.extra_turns = 0;
        h.gold_set.clear();
        let held = h.held.take();
        let row = core::mem::take(&mut h.row);
        let runes = h.runes.take();
        for c in held.into_iter().chain(row).chain(runes) {
            self.put_discard(c, obs);
        }
        self.left_cell(pos, obs);
        if self.finishing() {
            return;
        }
        if self.variant.death_can_wait && cause != DeathCause::Sunset {
            self.push(Task::Respawn { seat });
        } else {
            self.check_game_over(obs);
        }
    }

    /// Death Can Wait: the player to the left places the hero on a tower.
    pub(crate) fn respawn_offer<O: Observer>(&mut self, seat: u8, obs: &mut O) {
        self.scratch.respawn_seat = seat;
        self.ask((seat + 1) % self.seats, DecisionKind::RespawnTower, obs);
    }

    pub(crate) fn answer_respawn<O: Observer>(&mut self, _decider: u8, c: Choice, obs: &mut O) {
        let Choice::Move(tower) = c else { return };
        let seat = self.scratch.respawn_seat;
        let h = &mut self.heroes[seat as usize];
        h.status = HeroStatus::Board;
        h.pos = tower;
        h.part = 0;
        h.entry = 4;
        h.wounds = 0;
        h.determination = 0;
        h.stats.death_cause = None;
        if O::ENABLED {
            obs.event(Event::Respawned { seat, tower });
        }
    }

    /// The active hero leaves the dungeon with his loot.
    pub(crate) fn exit_dungeon<O: Observer>(&mut self, obs: &mut O) {
        let seat = self.active.get();
        let rules = self.rules;
        let round = self.clock.round;
        self.turn.in_status = false;
        self.flush_resolving(obs);
        self.truncate_turn();
        let h = &mut self.heroes[seat as usize];
        if !h.in_game() {
            return;
        }
        h.status = HeroStatus::Exited;
        h.stats.end_round = round;
        let pos = h.pos;
        h.pos = NO_CELL;
        let row = core::mem::take(&mut h.row);
        let mut dropped: ArrayVec<CardId, HELD_CAP> = ArrayVec::new();
        h.held.retain(rules, |c| {
            let keep = !rules.card(c).discard_on_exit;
            if !keep {
                dropped.push(c);
            }
            keep
        });
        for c in dropped.into_iter().chain(row) {
            self.put_discard(c, obs);
        }
        if O::ENABLED {
            obs.event(Event::Exited { seat });
        }
        self.left_cell(pos, obs);
        self.check_game_over(obs);
    }

    /// After a hero leaves a space: the dragon cards go back when the treasure chamber empties.
    pub(crate) fn left_cell<O: Observer>(&mut self, pos: Cell, obs: &mut O) {
        if pos != NO_CELL
            && is_treasure(pos)
            && !self.seated().iter().any(|h| h.on_board() && is_treasure(h.pos))
            && self.decks.discard[Deck::Dragon as usize] > 0
        {
            self.reshuffle(Deck::Dragon, obs);
        }
    }

    pub(crate) fn finishing(&self) -> bool {
        self.finishing
    }

    pub(crate) fn begin_finish(&mut self) {
        self.finishing = true;
    }

    fn check_game_over<O: Observer>(&mut self, obs: &mut O) {
        let waiting_respawn = self.tasks.iter().any(|t| matches!(t, Task::Respawn { .. }));
        if !waiting_respawn && !self.seated().iter().any(|h| h.in_game()) {
            self.finish_game(obs);
        }
    }

    /// The game ends: end-of-game card effects for every survivor from the first player on,
    /// then the winner.
    pub(crate) fn finish_game<O: Observer>(&mut self, obs: &mut O) {
        self.finishing = true;
        self.turn.in_status = false;
        self.flush_resolving(obs);
        self.tasks.clear();
        self.turn.end_window = false;
        self.pending = None;
        self.halted = self.over;
        self.push(Task::Finalize);
        for k in (0..self.seats).rev() {
            let seat = (self.first + k) % self.seats;
            if self.heroes[seat as usize].status == HeroStatus::Exited {
                self.push(Task::EndGame { seat });
            }
        }
    }

    /// Mandatory end-of-game effects of one survivor's cards.
    pub(crate) fn end_game_for<O: Observer>(&mut self, seat: u8, _obs: &mut O) {
        self.active = Seat::of(seat);
        self.end_used.clear();
        self.push(Task::EndGameOptional { seat });
        let rules = self.rules;
        let held = self.heroes[seat as usize].held.clone();
        for &c in held.iter().rev() {
            let s = rules.card(c).on_end;
            if !s.is_empty() {
                self.push(Task::Ops { span: s, card: c });
            }
        }
    }

    /// Optional end-of-game effects (Bottle Imp), each usable once.
    pub(crate) fn end_game_optional<O: Observer>(&mut self, seat: u8, obs: &mut O) {
        self.active = Seat::of(seat);
        let any = self.heroes[seat as usize]
            .held
            .iter()
            .any(|&c| !self.rules.card(c).on_end_optional.is_empty() && !self.end_used.contains(&c));
        if any {
            self.ask(seat, DecisionKind::EndGameItems, obs);
        }
    }

    pub(crate) fn mark_end_used(&mut self, card: CardId) {
        let _ = self.end_used.try_push(card);
    }

    /// Works out the winner (Rules Reference "Winning the Game") and ends the game.
    pub(crate) fn finalize<O: Observer>(&mut self, obs: &mut O) {
        let mut best: Option<(u32, u32, u8)> = None;
        let mut winners = 0u8;
        for seat in 0..self.seats {
            let h = &self.heroes[seat as usize];
            if h.status != HeroStatus::Exited {
                continue;
            }
            let gold = self.gold(seat);
            let top = h.held.iter().map(|&c| self.card_gold(h, c)).max().unwrap_or(0);
            let key = (gold, top, self.loot_count(seat));
            match best {
                Some(b) if key < b => {}
                Some(b) if key == b => winners |= 1 << seat,
                _ => {
                    best = Some(key);
                    winners = 1 << seat;
                }
            }
        }
        self.winners = winners;
        self.over = true;
        self.pending = None;
        self.halted = true;
        // No answers once the game is over (`apply` leaves the last decision's: see there).
        self.legal.clear();
        if O::ENABLED {
            obs.event(Event::GameOver { round: self.clock.round });
        }
    }
}
