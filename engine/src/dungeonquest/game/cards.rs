//! Decks, drawing, the effect interpreter, and runes.

use super::*;
use crate::dungeonquest::board::{step, Dir};
use crate::dungeonquest::data::{Amount, HealAmount, RuneWindow};
use crate::dungeonquest::rules::Op;

impl<'r> Game<'r> {
    fn region(&self, deck: Deck) -> (usize, usize) {
        let r = self.rules.decks[deck as usize];
        (r.first as usize, r.len as usize)
    }

    /// Takes the top card of a deck, reforming it from the discard pile when empty.
    pub(crate) fn draw_card<O: Observer>(&mut self, deck: Deck, obs: &mut O) -> Option<CardId> {
        if self.decks.draw[deck as usize] == 0 {
            if self.decks.discard[deck as usize] == 0 {
                return None;
            }
            self.reshuffle(deck, obs);
        }
        self.take_top(deck)
    }

    /// Takes the top card without reforming the deck.
    #[inline]
    pub(crate) fn take_top(&mut self, deck: Deck) -> Option<CardId> {
        let (first, _) = self.region(deck);
        let d = deck as usize;
        let n = self.decks.draw[d];
        if n == 0 {
            return None;
        }
        let i = n - 1;
        self.decks.draw[d] = i;
        Some(self.decks.slots[slot(first + i as usize)])
    }

    /// Puts a card back on top of its deck.
    pub(crate) fn put_top(&mut self, card: CardId) {
        let deck = self.rules.card(card).deck;
        let (first, _) = self.region(deck);
        let n = &mut self.decks.draw[deck as usize];
        self.decks.slots[slot(first + *n as usize)] = card;
        *n += 1;
    }

    /// Puts a card face up on its deck's discard pile.
    pub(crate) fn put_discard<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        let deck = self.rules.card(card).deck;
        let (first, len) = self.region(deck);
        let k = &mut self.decks.discard[deck as usize];
        *k += 1;
        self.decks.slots[slot(first + len - *k as usize)] = card;
        if O::ENABLED {
            obs.event(Event::CardDiscarded { card });
        }
    }

    /// Shuffles the discard pile into the deck (with the cards still in the deck).
    pub(crate) fn reshuffle<O: Observer>(&mut self, deck: Deck, obs: &mut O) {
        let (first, len) = self.region(deck);
        let d = self.decks.draw[deck as usize] as usize;
        let k = self.decks.discard[deck as usize] as usize;
        self.decks.slots.copy_within(first + len - k..first + len, first + d);
        self.decks.draw[deck as usize] = (d + k) as u16;
        self.decks.discard[deck as usize] = 0;
        let pile = &mut self.decks.slots[first..first + d + k];
        self.chance.shuffle.get().shuffle(pile);
        self.forget_peek(deck);
        if O::ENABLED {
            obs.event(Event::Shuffled { deck });
        }
    }

    /// Returns these cards (out of every pile) to the draw pile of `deck` and shuffles that
    /// pile; its discard pile stays as it is.
    pub(crate) fn shuffle_into_deck<O: Observer>(&mut self, deck: Deck, cards: &[CardId], obs: &mut O) {
        if cards.is_empty() {
            return;
        }
        let (first, _) = self.region(deck);
        for &c in cards {
            self.put_top(c);
        }
        let d = self.decks.draw[deck as usize] as usize;
        self.chance.shuffle.get().shuffle(&mut self.decks.slots[first..first + d]);
        self.forget_peek(deck);
        if O::ENABLED {
            obs.event(Event::Shuffled { deck });
        }
    }

    /// A shuffle of `deck` ends what anyone knew of its order (see [`Peek`]).
    #[inline]
    fn forget_peek(&mut self, deck: Deck) {
        if deck == Deck::Search {
            self.decks.peek = Peek::NONE;
        }
    }

    /// Draws a card and resolves it: ability and rune windows first, then its effect.
    pub(crate) fn draw_and_resolve<O: Observer>(&mut self, deck: Deck, redraw_ok: bool, obs: &mut O) {
        if !self.cur().in_game() {
            return;
        }
        let Some(card) = self.draw_card(deck, obs) else { return };
        if O::ENABLED {
            obs.event(Event::CardDrawn { seat: self.active.get(), card });
        }
        if self.scratch.resolving.try_push(card).is_err() {
            self.put_discard(card, obs);
            return;
        }
        self.push(Task::FinishCard { card });
        let def = self.rules.card(card);
        let redraw = deck == Deck::Dungeon && redraw_ok && self.abilities(self.active.get()).redraw_dungeon_card;
        if !redraw && self.runs_next() {
            // The common draw: no redraw offer, and this is the draw step's last act (see
            // `Game::runs_next`). The loop would run the after-draw rune window, then (an
            // ambush) the after-ambush window, then the card body, then the finish: run them
            // here while nothing is pending, rather than a task round trip each. A rune window
            // only posts a decision (it pushes nothing), so when one asks, the steps still to
            // come go on the stack exactly where the pushes before it would have put them.
            let ambush = def.ambush;
            self.offer_runes_resolving(RuneWindow::AfterDraw, card, obs);
            if !self.runs_next() {
                self.push(Task::CardBody { card });
                if ambush {
                    self.push(Task::RunesAfter { window: RuneWindow::AfterAmbush, card });
                }
                return;
            }
            if ambush {
                self.offer_runes_resolving(RuneWindow::AfterAmbush, card, obs);
                if !self.runs_next() {
                    self.push(Task::CardBody { card });
                    return;
                }
            }
            // Still being resolved: it was put among the cards being resolved just above, and
            // only an answer can take it out (a rune's), while nothing has been asked since.
            // So the body runs without `card_body`'s search for it.
            debug_assert!(self.is_resolving(card));
            self.card_effect(card, obs);
            self.finish_on_top(obs);
            return;
        }
        self.push(Task::CardBody { card });
        if def.ambush {
            self.push(Task::RunesAfter { window: RuneWindow::AfterAmbush, card });
        }
        if redraw {
            self.push(Task::RunesAfter { window: RuneWindow::AfterDraw, card });
            self.scratch.window_card = card;
            self.ask(self.active.get(), DecisionKind::Redraw, obs);
        } else if self.runs_next() {
            // `draw_and_resolve` is only the draw step's handler: see `Game::runs_next`.
            self.offer_runes(RuneWindow::AfterDraw, card, obs);
        } else {
            self.push(Task::RunesAfter { window: RuneWindow::AfterDraw, card });
        }
    }

    pub(crate) fn answer_redraw<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if matches!(c, Choice::Yes) {
            let card = self.scratch.window_card;
            self.cancel_card(card, obs);
            // The answer's last act (see `Game::runs_next`).
            if self.runs_next() {
                self.draw_and_resolve(Deck::Dungeon, false, obs);
            } else {
                self.push(Task::Draw { deck: Deck::Dungeon, redraw_ok: false });
            }
        }
    }

    /// Discards a card being resolved without resolving it.
    ///
    /// The card is nearly always the last one put among those being resolved (its finish
    /// step runs once its effect, and any card drawn by it, is done), so that end is tried
    /// first: a pop instead of the general search and a shifting `remove`.
    pub(crate) fn cancel_card<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        if self.scratch.resolving.last() == Some(&card) {
            self.scratch.resolving.pop();
            self.put_discard(card, obs);
        } else if let Some(i) = self.scratch.resolving.iter().position(|&c| c == card) {
            self.scratch.resolving.remove(i);
            self.put_discard(card, obs);
        }
    }

    /// Whether `card` is still being resolved (not cancelled). An inlined scan: the list
    /// holds a card or two, and `<[u16]>::contains` is an out-of-line call costing more than
    /// the scan itself (asked at every card body and every rune window of a card).
    #[inline]
    #[allow(clippy::manual_contains)] // on purpose: `contains` is the out-of-line call avoided
    pub(crate) fn is_resolving(&self, card: CardId) -> bool {
        self.scratch.resolving.iter().any(|&c| c == card)
    }

    /// A card's effect, unless it was cancelled: the card-body step's handler (and the draw's
    /// when a decision came between the draw and the body). Always inlined, as is
    /// `card_effect`: a call would cost a frame of its own for a body of a few instructions
    /// (the effect itself is `ops`').
    #[inline(always)]
    pub(crate) fn card_body<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        if !self.is_resolving(card) {
            return; // cancelled
        }
        self.card_effect(card, obs);
    }

    /// The effect of a card known to be still being resolved. Why apart from
    /// [`Game::card_body`]: the draw's common path (most cards) has just put the card among
    /// those being resolved and asked nothing since, so the search for it there, a scan with
    /// its loop on every draw, would always find it.
    #[inline(always)]
    fn card_effect<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        let span = self.rules.card(card).effect;
        // `card_body` is only the card-body step's handler: see `Game::runs_next`.
        if self.runs_next() {
            self.ops(span, card, obs);
        } else {
            self.push(Task::Ops { span, card });
        }
    }

    pub(crate) fn finish_card<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        self.cancel_card(card, obs);
    }

    /// Runs the finish step on top of the task stack now, if the loop would run it next (a
    /// tail act only: see `Game::runs_next`). Whatever the card's effect left on the stack,
    /// the loop pops the top task next; when that is a card's finish, popping and running it
    /// here is the same step without the round trip through the loop (most cards push
    /// nothing, so their own finish is on top).
    #[inline]
    pub(crate) fn finish_on_top<O: Observer>(&mut self, obs: &mut O) {
        if let Some(&Task::FinishCard { card }) = self.tasks.last() {
            if self.runs_next() {
                self.tasks.pop();
                self.finish_card(card, obs);
            }
        }
    }

    /// Removes a card from the active hero's play area, row or resolution and discards it.
    pub(crate) fn discard_anywhere<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        if let Some(i) = self.scratch.resolving.iter().position(|&c| c == card) {
            self.scratch.resolving.remove(i);
        } else if let Some(i) = self.cur().held.iter().position(|&c| c == card) {
            let rules = self.rules;
            self.cur_mut().held.remove(rules, i);
        } else if let Some(i) = self.cur().row.iter().position(|&c| c == card) {
            self.cur_mut().row.remove(i);
        } else {
            return;
        }
        self.put_discard(card, obs);
    }

    /// Discards a card from a hero's play area.
    pub(crate) fn discard_held<O: Observer>(&mut self, seat: u8, card: CardId, obs: &mut O) {
        let rules = self.rules;
        let h = &mut self.heroes[seat as usize];
        if let Some(i) = h.held.iter().position(|&c| c == card) {
            h.held.remove(rules, i);
            h.gold_set.retain(|(c, _)| *c != card);
            self.put_discard(card, obs);
        }
    }

    /// Moves a card being resolved into the play area (loot or kept card).
    fn keep_card<O: Observer>(&mut self, card: CardId, obs: &mut O) {
        if let Some(i) = self.scratch.resolving.iter().position(|&c| c == card) {
            self.scratch.resolving.remove(i);
        } else if let Some(i) = self.cur().row.iter().position(|&c| c == card) {
            // A catacomb card kept beyond the catacombs (Vampire Bite) leaves the row now; loot
            // stays in the row until the hero resurfaces.
            if self.rules.card(card).loot {
                return;
            }
            self.cur_mut().row.remove(i);
        } else {
            return;
        }
        let rules = self.rules;
        if self.cur_mut().held.try_push(rules, card).is_err() {
            self.put_discard(card, obs);
        }
    }

    /// Runs a list of effects, one task per effect so any of them can wait for a decision.
    ///
    /// Always inlined (into its few callers: the effects and branch steps, a card's body), as
    /// are `combat_round`, `test_start` and `rune_choices`: each runs at every card, combat
    /// round, test or rune decision, and the call with its frame cost more than a copy.
    #[inline(always)]
    pub(crate) fn ops<O: Observer>(&mut self, span: Span, card: CardId, obs: &mut O) {
        // Effects stop when their hero dies; an exited hero's cards act only at the game's end.
        let status = self.cur().status;
        if span.is_empty() || status == HeroStatus::Dead || (status == HeroStatus::Exited && !self.finishing) {
            return;
        }
        // Read where it lies in the rules (which `self` only borrows): `exec` copies out only
        // the fields of the op it runs, not the whole `Op` before its dispatch.
        let rules = self.rules;
        let op = &rules.ops[span.start as usize];
        // Whatever this card does to the hero is blamed on its deck (a status-phase effect must
        // not inherit the cause of the last card drawn).
        if card != NO_CARD {
            self.scratch.cause = CAUSE_OF_DECK[self.rules.card(card).deck as usize];
        }
        if span.len > 1 {
            self.push(Task::Ops { span: span.rest(), card });
        }
        self.exec(op, card, obs);
    }

    /// The value of an amount.
    ///
    /// Always inlined (into `exec`'s wound and lost-turn ops, its callers): most amounts are
    /// fixed, and the call with its frame cost more than the copy (measured with `exec`
    /// inlined as well; docs/perf.md).
    #[inline(always)]
    pub(crate) fn amount<O: Observer>(&mut self, a: Amount, obs: &mut O) -> u8 {
        match a {
            Amount::Fixed(n) => n,
            Amount::Dice { dice, plus } => (self.roll(dice, obs) as i16 + plus as i16).max(0) as u8,
            Amount::HalfRemainingUp => {
                let h = self.cur();
                let health = self.rules.hero(h.def).health;
                health.saturating_sub(h.wounds).div_ceil(2)
            }
            Amount::Minus { base, attr } => {
                base.saturating_sub(self.attr_value(self.active.get(), crate::dungeonquest::data::AttrSel::One(attr)))
            }
            Amount::FailMargin => self.test.margin,
            Amount::LastRoll => self.scratch.last_roll,
        }
    }

    /// Runs one op of a card's effect. The op is read where it lies in the rules, and the
    /// hero's whereabouts (on the board, in the catacombs) only by the ops that depend on them,
    /// each before it changes anything: most ops need neither.
    ///
    /// Always inlined into `ops`, so into its two kinds of caller (a drawn card's effect in
    /// `draw_and_resolve`, the effects and branch steps in `run`). Why: ops run by the
    /// tens of thousands, and out of line each paid a call and a frame of six register pushes
    /// on top of its caller's (inlined into one of the two callers alone: no gain or a loss,
    /// as with the rare ops kept out of line; docs/perf.md).
    #[inline(always)]
    fn exec<O: Observer>(&mut self, op: &Op, card: CardId, obs: &mut O) {
        let seat = self.active.get();
        match *op {
            Op::Wounds(a) => {
                let n = self.amount(a, obs);
                self.wound(seat, n, self.scratch.cause, obs);
            }
            Op::Heal(HealAmount::Up(n)) => self.heal(Some(n), obs),
            Op::Heal(HealAmount::All) => self.heal(None, obs),
            Op::Die => self.kill(seat, self.scratch.cause, obs),
            Op::EndTurn => self.end_turn_now(obs),
            Op::Proceed => self.turn.door_open = true,
            Op::LoseTurns(a) => {
                let n = self.amount(a, obs);
                let h = self.cur_mut();
                h.lost_turns = h.lost_turns.saturating_add(n);
            }
            Op::ExtraTurns(n) => {
                let h = self.cur_mut();
                h.extra_turns = h.extra_turns.saturating_add(n);
            }
            Op::Loot | Op::Keep => self.keep_card(card, obs),
            Op::DiscardThis => self.discard_anywhere(card, obs),
            Op::MayDraw(deck) => self.ask(seat, DecisionKind::MayDraw(deck), obs),
            // `exec` is the last act of `ops`, itself a last act (see `Game::runs_next`): the
            // draw runs at once when the loop would run it next.
            Op::Draw(deck) if self.runs_next() => self.draw_and_resolve(deck, true, obs),
            Op::Draw(deck) => self.push(Task::Draw { deck, redraw_ok: true }),
            Op::DrawTreasure { draw, keep } => self.draw_treasure(draw, keep, obs),
            Op::Monster { escape, kind } => match self.edition.combat() {
                CombatSystem::Cards => self.push(Task::Third(third::Step::Encounter { kind, escape, token: NO_CARD })),
                // Counters are the 1987 game's, which `Rules` never holds (it refuses that data).
                CombatSystem::ResultsMatrix | CombatSystem::Counters => self.push(Task::Encounter { escape }),
            },
            Op::CatacombEntrance => {
                if self.cur().on_board() && self.edition == Edition::Third {
                    self.third_passage_down();
                } else if self.cur().on_board() {
                    let pos = self.cur().pos;
                    self.board[pos as usize].flags |= F_MARKER;
                }
            }
            Op::EnterCatacombs => {
                if self.cur().on_board() {
                    self.push(Task::EnterCatacombs);
                }
            }
            Op::RotateTile(q) => {
                if self.cur().on_board() {
                    self.rotate_tile(self.cur().pos, q, obs);
                }
            }
            Op::RotateAll { kind, quarter_turns } => {
                for c in 0..CELLS as Cell {
                    if self.tile_kind(c) == Some(kind) {
                        self.rotate_tile(c, quarter_turns, obs);
                    }
                }
            }
            Op::SecretDoor => {
                if self.cur().on_board() {
                    self.ask(seat, DecisionKind::SecretDoor, obs);
                }
            }
            Op::Test { attr, tag, no_determination, pass, fail } => {
                self.push(Task::Branch { pass, fail, card });
                self.begin_test(attr, tag, no_determination, 0, obs);
            }
            Op::Roll { dice, cases } => {
                let total = self.roll(dice, obs);
                self.scratch.last_roll = total;
                let rules = self.rules;
                for c in rules.span(cases) {
                    if let Op::Case { lo, hi, then } = *c {
                        if (lo..=hi).contains(&total) {
                            self.push(Task::Ops { span: then, card });
                            break;
                        }
                    }
                }
            }
            Op::Case { .. } => {}
            Op::Shuffle => {
                let deck = self.rules.card(card).deck;
                self.discard_anywhere(card, obs);
                self.reshuffle(deck, obs);
                if deck == Deck::Catacomb {
                    self.push(Task::CatacombDraw);
                } else {
                    self.push(Task::Draw { deck, redraw_ok: true });
                }
            }
            Op::MayExitCatacombs => {
                if self.cur().status == HeroStatus::Catacombs {
                    self.ask(seat, DecisionKind::ExitCatacombs, obs);
                }
            }
            Op::RetestNextTurn => {
                if self.cur().status == HeroStatus::Catacombs {
                    self.cur_mut().retest = card;
                }
            }
            Op::Bribe { dice, times, wounds } => {
                if self.cur().status == HeroStatus::Catacombs && self.loot_count(seat) > 0 {
                    self.scratch.bribe = (dice, times, wounds);
                    self.ask(seat, DecisionKind::Bribe, obs);
                }
            }
            Op::BlockedWay { keep_loot } => {
                if self.cur().status == HeroStatus::Catacombs {
                    self.push(Task::ExitCatacombs { blocked: true, keep_loot });
                }
            }
            Op::MonsterVolley(n) => {
                let mut sum = 0u8;
                for _ in 0..n {
                    if let Some(m) = self.draw_card(Deck::Monster, obs) {
                        if O::ENABLED {
                            obs.event(Event::CardDrawn { seat, card: m });
                        }
                        sum = sum.saturating_add(self.rules.card(m).monster.map_or(0, |x| x.escape_penalty));
                        self.put_discard(m, obs);
                    }
                }
                self.wound(seat, sum, self.scratch.cause, obs);
            }
            Op::DiscardLoot => {
                if self.loot_count(seat) > 0 {
                    self.ask(seat, DecisionKind::DiscardLoot, obs);
                }
            }
            Op::DiscardRandomOtherLoot => {
                let rules = self.rules;
                let others: ArrayVec<CardId, HELD_CAP> =
                    self.cur().held.iter().copied().filter(|&c| c != card && rules.card(c).loot).collect();
                if !others.is_empty() {
                    let c = others[self.pick(others.len())];
                    self.discard_held(seat, c, obs);
                }
            }
            Op::GoldFromRoll(n) => {
                let g = self.scratch.last_roll as u32 * n as u32;
                let h = self.cur_mut();
                h.gold_set.retain(|(c, _)| *c != card);
                let _ = h.gold_set.try_push((card, g));
            }
            Op::Duel { life_dice, attr } => {
                let life = self.roll(life_dice, obs);
                self.scratch.duel_attr = attr;
                self.push(Task::DuelRound { life });
            }
            Op::DragonRage { dice } => self.dragon_rage(dice, card, obs),
            Op::ExitDungeon => self.exit_dungeon(obs),
            Op::CancelCard => {
                let w = self.scratch.window_card;
                if self.edition == Edition::Third && w != NO_CARD && self.rules.card(w).deck == Deck::Monster {
                    // A 2010 monster token on the board (see `third_token_here`).
                    self.third_cancel_token(w);
                } else {
                    self.cancel_card(w, obs);
                }
            }
            Op::RemoveSearchTokens => {
                if self.cur().on_board() {
                    let pos = self.cur().pos;
                    for c in Self::chamber_cells(pos) {
                        self.board[c as usize].flags &= !F_SEARCHED;
                        for d in Dir::ALL {
                            if let Some(n) = step(c, d) {
                                self.board[n as usize].flags &= !F_SEARCHED;
                            }
                        }
                    }
                }
            }
            Op::ReshuffleDragon => {
                if self.decks.discard[Deck::Dragon as usize] > 0 {
                    self.reshuffle(Deck::Dragon, obs);
                }
            }
            Op::RedrawTile => self.redraw_tile(obs),
            Op::PassTest => self.test.pass = true,
            Op::ClearDetermination => self.cur_mut().determination = 0,
            Op::IgnoreBarriers => self.turn.ignore_barriers = true,
            Op::ArrangeSearch(n) => {
                self.scratch.cards.clear();
                for _ in 0..n {
                    if let Some(c) = self.take_top(Deck::Search) {
                        self.scratch.cards.push(c);
                    }
                }
                // What he puts back goes on top of what is left: he alone knows its order.
                self.decks.peek = Peek { seat, from: self.decks.draw[Deck::Search as usize] };
                self.push(Task::ArrangeSearch);
            }
            Op::Teleport => {
                if self.cur().on_board() {
                    self.ask(seat, DecisionKind::Teleport, obs);
                }
            }
        }
    }

    /// Rune of Vision: the player puts the cards back one at a time; the last one put back
    /// is the new top card.
    pub(crate) fn arrange_search_step<O: Observer>(&mut self, obs: &mut O) {
        if !self.scratch.cards.is_empty() {
            self.ask(self.active.get(), DecisionKind::ArrangeSearch, obs);
        }
    }

    pub(crate) fn answer_arrange(&mut self, c: Choice) {
        if let Choice::Card(card) = c {
            if let Some(i) = self.scratch.cards.iter().position(|&x| x == card) {
                self.scratch.cards.remove(i);
                self.put_top(card);
                self.push(Task::ArrangeSearch);
            }
        }
    }

    /// Draws treasure cards; if more are drawn than kept, the player discards down.
    pub(crate) fn draw_treasure<O: Observer>(&mut self, draw: u8, keep: u8, obs: &mut O) {
        self.scratch.cards.clear();
        for _ in 0..draw {
            if let Some(c) = self.draw_card(Deck::Treasure, obs) {
                if O::ENABLED {
                    obs.event(Event::CardDrawn { seat: self.active.get(), card: c });
                }
                self.scratch.cards.push(c);
            }
        }
        self.scratch.keep = keep;
        self.push(Task::DiscardTreasure);
    }

    pub(crate) fn discard_treasure_step<O: Observer>(&mut self, obs: &mut O) {
        if self.scratch.cards.len() > self.scratch.keep as usize {
            self.ask(self.active.get(), DecisionKind::DiscardTreasure, obs);
        } else {
            let cards = core::mem::take(&mut self.scratch.cards);
            let rules = self.rules;
            for c in cards {
                if self.cur_mut().held.try_push(rules, c).is_err() {
                    self.put_discard(c, obs);
                }
            }
        }
    }

    pub(crate) fn answer_discard_treasure<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if let Choice::Card(card) = c {
            if let Some(i) = self.scratch.cards.iter().position(|&x| x == card) {
                self.scratch.cards.remove(i);
                self.put_discard(card, obs);
            }
            self.push(Task::DiscardTreasure);
        }
    }

    /// Ferrox: one Strength test per round until it or the hero is dead.
    pub(crate) fn duel_round<O: Observer>(&mut self, life: u8, obs: &mut O) {
        let attr = self.scratch.duel_attr;
        self.push(Task::AfterDuelTest { life });
        self.begin_test(
            crate::dungeonquest::data::AttrSel::One(attr),
            crate::dungeonquest::data::TestTag::Other,
            false,
            0,
            obs,
        );
    }

    pub(crate) fn after_duel_test<O: Observer>(&mut self, life: u8, obs: &mut O) {
        let life = if self.test.pass { life.saturating_sub(1) } else { life };
        if !self.test.pass {
            self.wound(self.active.get(), 1, self.scratch.cause, obs);
        }
        if life > 0 && self.cur().in_game() {
            self.push(Task::DuelRound { life });
        }
    }

    /// Offers the runes usable in a window; `card` is the card just drawn, if any.
    ///
    /// Inlined at its callers up to the test whether any rune fits the window: a game opens
    /// some fifty windows and most offer nothing, and the call alone (the listing's answer
    /// buffer makes a large frame) cost more than the tests.
    #[inline]
    pub(crate) fn offer_runes<O: Observer>(&mut self, window: RuneWindow, card: CardId, obs: &mut O) {
        self.offer_runes_in::<true, O>(window, card, obs);
    }

    /// [`Game::offer_runes`] for a card known to be still being resolved (or `NO_CARD`). Why
    /// apart: the draw's common path offers the after-draw and after-ambush windows of the
    /// card it has just put among those being resolved, with nothing asked since, so the
    /// search for it there would always find it.
    #[inline]
    pub(crate) fn offer_runes_resolving<O: Observer>(&mut self, window: RuneWindow, card: CardId, obs: &mut O) {
        debug_assert!(card == NO_CARD || self.is_resolving(card));
        self.offer_runes_in::<false, O>(window, card, obs);
    }

    /// [`Game::offer_runes`] for a 2010 monster token met on the board (`card`), which is
    /// never among the cards being resolved.
    pub(crate) fn offer_runes_token<O: Observer>(&mut self, window: RuneWindow, token: CardId, obs: &mut O) {
        self.offer_runes_in::<false, O>(window, token, obs);
    }

    /// The rune window, searching for `card` among the cards being resolved if `SEARCH`.
    #[inline(always)]
    fn offer_runes_in<const SEARCH: bool, O: Observer>(&mut self, window: RuneWindow, card: CardId, obs: &mut O) {
        // Most windows offer nothing (a hero holds a rune or two, each for one window): the
        // runes' window bits say so first, before the card is looked for among those being
        // resolved or any rune's card is read (no runes, no bits). The open window is noted
        // only then: `window` and `window_card` are read only while a rune decision this
        // opens is pending, or by the effect of a rune used in it.
        let h = self.cur();
        debug_assert_eq!(h.runes.windows, super::Runes::windows_of(self.rules, &h.runes));
        if !h.in_game() || !h.runes.has_window(window) {
            return;
        }
        if SEARCH && card != NO_CARD && !self.is_resolving(card) {
            return;
        }
        self.scratch.window = window;
        self.scratch.window_card = card;
        if !self.cur().runes.iter().any(|&r| self.rune_usable(r)) {
            return;
        }
        self.post_runes(obs);
    }

    /// Posts the rune decision of the open window, some rune being usable in it.
    #[inline(never)]
    fn post_runes<O: Observer>(&mut self, _obs: &mut O) {
        let mut c = Choices::new();
        self.rune_choices(&mut c);
        // Posted with the answers just listed: `ask` would list them again (with two or more
        // answers it only posts them).
        if c.len() > 1 {
            self.post(Decision { seat: self.active.get(), kind: DecisionKind::Rune }, &c);
        }
    }

    /// The rune decision's answers. Always inlined: see `Game::ops`.
    #[inline(always)]
    pub(crate) fn rune_choices(&self, out: &mut Choices) {
        out.push(Choice::No);
        for &r in &self.cur().runes {
            if self.rune_usable(r) {
                out.push(Choice::Card(r));
            }
        }
    }

    /// Whether rune `r` may be used in the open window (`window`, `window_card`).
    #[inline]
    fn rune_usable(&self, r: CardId) -> bool {
        let Some(def) = self.rules.card(r).rune else { return false };
        if def.window != self.scratch.window {
            return false;
        }
        if def.window == RuneWindow::AfterDraw {
            let deck = (self.scratch.window_card != NO_CARD).then(|| self.rules.card(self.scratch.window_card).deck);
            if deck.is_none_or(|d| def.decks & (1 << d as u16) == 0) {
                return false;
            }
        }
        true
    }

    /// Uses a rune: it leaves the game (returned to the box: its deck's discard pile, which is
    /// never drawn from again).
    pub(crate) fn use_rune<O: Observer>(&mut self, r: CardId, obs: &mut O) {
        if let Some(i) = self.cur().runes.iter().position(|&x| x == r) {
            let rules = self.rules;
            self.cur_mut().runes.remove(rules, i);
            self.put_discard(r, obs);
            if let Some(def) = self.rules.card(r).rune {
                self.push(Task::Ops { span: def.effect, card: r });
            }
        }
    }
}

/// The death cause a card's effects are blamed on, by the card's deck: a trap's on traps, a
/// dragon card's on the dragon, any other card's on cards. A table rather than a `match` in
/// [`Game::ops`], which runs for every card effect: one load instead of compares and selects.
const CAUSE_OF_DECK: [DeathCause; crate::dungeonquest::rules::NUM_DECKS] = {
    let mut t = [DeathCause::Card; crate::dungeonquest::rules::NUM_DECKS];
    t[Deck::Trap as usize] = DeathCause::Trap;
    t[Deck::Dragon as usize] = DeathCause::Dragon;
    t
};
