//! Attribute tests: 2d6 at or under the attribute, determination tokens, rerolls, runes and
//! items that turn a failure into a success.

use super::*;
use crate::dungeonquest::data::RuneWindow;
use crate::dungeonquest::rules::tag_bit;

impl<'r> Game<'r> {
    /// Starts a test of the active hero. `penalty` is added to the roll (bridge loot).
    ///
    /// Every caller starts the test as its last act, having pushed the step that reads the
    /// result (see `Game::runs_next`): the test-start step the loop would pop next is run
    /// here when nothing is pending, rather than pushed and popped.
    pub(crate) fn begin_test<O: Observer>(
        &mut self,
        attr: AttrSel,
        tag: TestTag,
        no_determination: bool,
        penalty: u8,
        obs: &mut O,
    ) {
        self.test = TestState {
            attr,
            tag,
            no_determination,
            penalty,
            target: self.attr_value(self.active.get(), attr),
            dice: [0; 2],
            rerolled: false,
            pass: false,
            margin: 0,
            spent: 0,
        };
        if self.edition == Edition::Third {
            self.third_test_key(attr, tag);
        }
        if self.runs_next() {
            self.test_start(obs);
        } else {
            self.push(Task::TestStart);
        }
    }

    /// Before rolling: an ability usable "when about to make an attribute test" (Gherinn).
    ///
    /// `test_start` is only the test-start step's handler, so when no ability is offered the
    /// roll the loop would run next is run here (see `Game::runs_next`). Always inlined: see
    /// `Game::ops`.
    #[inline(always)]
    pub(crate) fn test_start<O: Observer>(&mut self, obs: &mut O) {
        if self.abilities(self.active.get()).wounds_for_determination.is_some() && !self.turn.ability_used {
            self.push(Task::TestRoll);
            self.ask(self.active.get(), DecisionKind::BeforeTest, obs);
        } else if self.runs_next() {
            self.test_roll(obs);
        } else {
            self.push(Task::TestRoll);
        }
    }

    pub(crate) fn answer_before_test<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        if !matches!(c, Choice::Yes) {
            return;
        }
        if let Some((wounds, tokens)) = self.abilities(self.active.get()).wounds_for_determination {
            self.turn.ability_used = true;
            let seat = self.active.get();
            let h = self.cur_mut();
            h.determination = h.determination.saturating_add(tokens);
            let total = h.determination;
            if O::ENABLED {
                obs.event(Event::Determination { seat, total });
            }
            self.wound(seat, wounds, self.scratch.cause, obs);
        }
    }

    pub(crate) fn test_roll<O: Observer>(&mut self, obs: &mut O) {
        if !self.cur().in_game() {
            return;
        }
        if self.edition == Edition::Third && !self.test.no_determination {
            // 2010: each determination token of this encounter adds one to the attribute.
            self.test.target = self.test.target.saturating_add(self.cur().determination);
        }
        self.test.dice = [self.d6(obs), self.d6(obs)];
        self.evaluate_test(obs);
    }

    /// The roll's total: dice plus penalty, less the determination tokens spent.
    fn total(&self) -> u8 {
        (self.test.dice[0] + self.test.dice[1] + self.test.penalty).saturating_sub(self.test.spent)
    }

    fn evaluate_test<O: Observer>(&mut self, obs: &mut O) {
        if self.total() <= self.test.target {
            self.finish_test(true, obs);
            return;
        }
        let mut c = Choices::new();
        self.test_failed_choices(&mut c);
        if c.len() > 1 {
            self.post(Decision { seat: self.active.get(), kind: DecisionKind::TestFailed }, &c);
        } else {
            self.finish_test(false, obs);
        }
    }

    /// Accept (`Done`), spend any number of determination tokens (Rules Reference,
    /// "Determination Token": "he may spend any number"; one answer per amount, 1 to all he
    /// has), reroll a die, or discard a rune or item that passes this test.
    ///
    /// Rule decision: a spend is the test's last act. Enough tokens pass it; fewer leave it
    /// failed by a smaller margin (what Crossfire Trap and Sorcerer's Bolt wound by), and the
    /// failure still earns a token. A reroll or a rune comes before a spend, not after.
    pub(crate) fn test_failed_choices(&self, out: &mut Choices) {
        out.push(Choice::Done);
        let h = self.cur();
        let need = self.total().saturating_sub(self.test.target);
        if self.edition != Edition::Third && !self.test.no_determination && need > 0 {
            for n in 1..=h.determination {
                if out.len() + 1 >= out.capacity() {
                    break;
                }
                out.push(Choice::Spend(n));
            }
        }
        if self.abilities(self.active.get()).reroll_test_die && !self.test.rerolled {
            out.extend([Choice::Reroll(0), Choice::Reroll(1)]);
        }
        for &r in &h.runes {
            if self.rules.card(r).rune.is_some_and(|d| d.window == RuneWindow::AfterFailedTest) {
                out.push(Choice::Card(r));
            }
        }
        let bit = tag_bit(self.test.tag);
        for &c in &h.held {
            if self.rules.card(c).autopass & bit != 0 && out.len() < out.capacity() {
                out.push(Choice::Card(c));
            }
        }
    }

    pub(crate) fn answer_test_failed<O: Observer>(&mut self, c: Choice, obs: &mut O) {
        match c {
            Choice::Spend(n) => {
                let seat = self.active.get();
                let h = self.cur_mut();
                h.determination -= n;
                let total = h.determination;
                if O::ENABLED {
                    obs.event(Event::Determination { seat, total });
                }
                self.test.spent = n;
                let pass = self.total() <= self.test.target;
                self.finish_test(pass, obs);
            }
            Choice::Reroll(i) => {
                self.test.rerolled = true;
                self.test.dice[(i & 1) as usize] = self.d6(obs);
                self.evaluate_test(obs);
            }
            Choice::Card(card) if self.rules.card(card).deck == Deck::Rune => {
                self.test.pass = false;
                self.push(Task::TestEnd);
                self.use_rune(card, obs);
            }
            Choice::Card(card) => {
                self.discard_held(self.active.get(), card, obs);
                self.finish_test(true, obs);
            }
            _ => self.finish_test(false, obs),
        }
    }

    /// Records the result; a failure earns a determination token.
    pub(crate) fn finish_test<O: Observer>(&mut self, pass: bool, obs: &mut O) {
        let total = self.total();
        self.test.pass = pass;
        self.test.margin = if pass { 0 } else { total.saturating_sub(self.test.target) };
        let seat = self.active.get();
        if O::ENABLED {
            let attr = match self.test.attr {
                AttrSel::One(a) => a,
                AttrSel::LowerOf(a, _) => a,
            };
            obs.event(Event::Test { seat, attr, target: self.test.target, total, pass });
        }
        if pass && self.edition == Edition::Third {
            self.third_test_passed();
        }
        if !pass {
            let h = self.cur_mut();
            h.determination = h.determination.saturating_add(1);
            let total = h.determination;
            if O::ENABLED {
                obs.event(Event::Determination { seat, total });
            }
        }
    }
}
