//! One policy per seat plus the monster player: what a whole table of bots looks like to the
//! engine.

use crate::core::{Policy, RandomPolicy};
use crate::dungeonquest::expert::Expert;
use crate::dungeonquest::maps::TableMaps;
use crate::dungeonquest::monster::MonsterPolicy;
use crate::dungeonquest::spec::{BotKind, BotSpec, MonsterSpec, SpecError};
use crate::dungeonquest::strategic::Strategic;
use arrayvec::ArrayVec;
use dq_engine::rng::GameRng;
use dq_engine::{Choice, Choices, Decision, DecisionKind, Game, Rules};

/// A hero policy: enum dispatch, so the hot loop makes no virtual calls.
#[derive(Clone, Debug)]
pub enum Bot {
    Random(RandomPolicy),
    Strategic(Box<Strategic>),
    Expert(Box<Expert>),
}

impl Bot {
    /// The policy a spec names (an expert's rollouts then meet the random monster policy;
    /// [`Players::new`] gives it the table's).
    pub fn new(rules: &Rules, spec: BotSpec) -> Bot {
        match spec.kind {
            BotKind::Random => Bot::Random(RandomPolicy),
            BotKind::Expert => Bot::Expert(Box::new(Expert::new(rules, spec, MonsterSpec::Random))),
            _ => Bot::Strategic(Box::new(Strategic::new(rules, spec))),
        }
    }

    /// The spec this policy plays.
    pub fn spec(&self) -> BotSpec {
        match self {
            Bot::Random(_) => BotSpec::new(BotKind::Random),
            Bot::Strategic(s) => s.spec(),
            Bot::Expert(e) => e.spec(),
        }
    }

    /// The hero's combat-card mix as the monster player may know it.
    pub fn combat_mix(&self, game: &Game<'_>, seat: u8) -> [f64; 3] {
        match self {
            Bot::Random(_) => [1.0 / 3.0; 3],
            Bot::Strategic(s) => s.combat_mix(game, seat),
            Bot::Expert(e) => e.combat_mix(game, seat),
        }
    }

    /// Answers `d`, the game's pending decision; a strategic policy reads the table's shared
    /// path maps.
    #[inline]
    pub fn choose_with(
        &mut self,
        game: &Game<'_>,
        d: Decision,
        choices: &Choices,
        rng: &mut GameRng,
        maps: &mut TableMaps,
    ) -> Choice {
        match self {
            Bot::Random(r) => r.choose(game, choices, rng),
            Bot::Strategic(s) => s.choose_with(game, d, choices, rng, maps),
            Bot::Expert(e) => e.choose_with(game, d, choices, rng, maps),
        }
    }
}

impl<'r> Policy<Game<'r>> for Bot {
    fn new_game(&mut self) {
        match self {
            Bot::Strategic(s) => s.new_game(),
            Bot::Expert(e) => e.new_game(),
            Bot::Random(_) => {}
        }
    }

    #[inline]
    fn choose(&mut self, game: &Game<'r>, choices: &Choices, rng: &mut GameRng) -> Choice {
        match self {
            Bot::Random(r) => r.choose(game, choices, rng),
            Bot::Strategic(s) => s.choose(game, choices, rng),
            Bot::Expert(e) => e.choose(game, choices, rng),
        }
    }
}

/// The bots of a table: a hero policy per seat and the monster player's policy.
#[derive(Clone, Debug)]
pub struct Players {
    seats: ArrayVec<Bot, 4>,
    specs: ArrayVec<BotSpec, 4>,
    monster: MonsterPolicy,
    /// Path maps shared by the strategic seats (boxed: a few kilobytes).
    maps: Box<TableMaps>,
    /// Every seat plays [`RandomPolicy`]: [`Players::choose`] then answers most decisions
    /// without entering the general dispatch, whose stack frame (sized for the inlined
    /// strategic policy) costs more than the random answer itself.
    all_random: bool,
}

impl Players {
    /// What [`Players::new`] would refuse, checked without building the bots (building them
    /// allocates and computes the combat equilibria): the spec of each of the `seats`.
    pub fn check(
        rules: &Rules,
        bots: &[BotSpec],
        monster: MonsterSpec,
        seats: usize,
    ) -> Result<ArrayVec<BotSpec, 4>, SpecError> {
        if !(1..=4).contains(&seats) {
            return Err(SpecError(format!("{seats} seats: a game has 1 to 4 heroes")));
        }
        let specs: ArrayVec<BotSpec, 4> = match bots.len() {
            1 => (0..seats).map(|_| bots[0]).collect(),
            n if n == seats => bots.iter().copied().collect(),
            n => return Err(SpecError(format!("{n} bots for {seats} heroes: give one bot, or one per hero"))),
        };
        // DungeonQuest has no winner: an expert's objective is the planner's (with `life`).
        if let Some(s) = specs.iter().find(|s| s.search.win.is_some()) {
            return Err(SpecError(format!("bot \"{s}\": dungeonquest's expert takes no win (it has no winner)")));
        }
        if let Some(why) = crate::dungeonquest::monster::unavailable(rules, monster) {
            return Err(SpecError(why));
        }
        Ok(specs)
    }

    /// `bots` holds one spec for every seat, or a single spec used by all `seats`.
    pub fn new(rules: &Rules, bots: &[BotSpec], monster: MonsterSpec, seats: usize) -> Result<Players, SpecError> {
        let specs = Players::check(rules, bots, monster, seats)?;
        // The strategic seats share what comes from the rules alone (the combat equilibria
        // above all): the first is built, the others are copies of it for their own specs.
        let mut seats: ArrayVec<Bot, 4> = ArrayVec::new();
        for &s in &specs {
            let first = seats.iter().find_map(|b| match b {
                Bot::Strategic(f) => Some(f),
                Bot::Random(_) | Bot::Expert(_) => None,
            });
            let bot = match (s.kind, first) {
                (BotKind::Random, _) => Bot::Random(RandomPolicy),
                (BotKind::Expert, _) => Bot::Expert(Box::new(Expert::new(rules, s, monster))),
                (_, Some(f)) => Bot::Strategic(Box::new(f.for_spec(s))),
                (_, None) => Bot::Strategic(Box::new(Strategic::new(rules, s))),
            };
            seats.push(bot);
        }
        let all_random = all_random(&seats);
        Ok(Players { seats, specs, monster: MonsterPolicy::new(rules, monster), maps: Box::default(), all_random })
    }

    /// A table from policies already built (building solves the combat equilibria; reusing
    /// built policies across many tables is cheaper).
    pub fn from_parts(bots: &[Bot], monster: MonsterPolicy) -> Players {
        let seats: ArrayVec<Bot, 4> = bots.iter().take(4).cloned().collect();
        let specs = seats.iter().map(Bot::spec).collect();
        let all_random = all_random(&seats);
        Players { seats, specs, monster, maps: Box::default(), all_random }
    }

    /// The spec playing `seat`.
    pub fn spec(&self, seat: u8) -> BotSpec {
        self.specs[seat as usize]
    }

    /// The monster player's policy.
    pub fn monster_spec(&self) -> MonsterSpec {
        self.monster.spec()
    }

    /// Readies a table of planner seats to play a copy of a game on from the position it
    /// was copied at: the path maps taken from `maps` (the real table's, up to date with
    /// the same board), `seat` following `plan`'s plan and every other seat a fresh one
    /// (its own is not the searching seat's to know). Allocates nothing.
    pub(crate) fn start_rollout(&mut self, maps: &TableMaps, seat: u8, plan: &Strategic) {
        (*self.maps).clone_from(maps);
        for (s, b) in self.seats.iter_mut().enumerate() {
            if let Bot::Strategic(st) = b {
                if s == usize::from(seat) {
                    st.take_plan(plan);
                } else {
                    st.new_game();
                }
            }
        }
    }
}

impl<'r> Policy<Game<'r>> for Players {
    fn new_game(&mut self) {
        if self.all_random {
            // Random seats keep no state, and nothing fills the maps at their table.
            return;
        }
        for b in &mut self.seats {
            b.new_game();
        }
        self.maps.new_game();
    }

    #[inline]
    fn choose(&mut self, game: &Game<'r>, choices: &Choices, rng: &mut GameRng) -> Choice {
        if self.all_random {
            // A random seat answers every decision but the combat ones with one draw, as
            // `choose_table` would; the combat kinds (the monster player's, perhaps) go there.
            if let Some(d) = game.pending() {
                if !matches!(
                    d.kind,
                    DecisionKind::MonsterCombatCard | DecisionKind::CombatPlay | DecisionKind::Counterattack
                ) {
                    return RandomPolicy.choose(game, choices, rng);
                }
            }
        }
        self.choose_table(game, choices, rng)
    }
}

/// Whether every seat of a table plays [`RandomPolicy`].
fn all_random(seats: &[Bot]) -> bool {
    seats.iter().all(|b| matches!(b, Bot::Random(_)))
}

impl Players {
    /// Answers the pending decision: the monster player's, else the deciding seat's policy's.
    /// Inlined into [`Policy::choose`] (docs/perf.md).
    #[inline(always)]
    fn choose_table(&mut self, game: &Game<'_>, choices: &Choices, rng: &mut GameRng) -> Choice {
        let Some(d) = game.pending() else { return choices[0] };
        if d.kind == DecisionKind::MonsterCombatCard {
            // The monster fights the active hero; its policy may know that hero's mix.
            let hero_seat = game.active();
            let hero = game.hero(hero_seat).hero as usize;
            let mix = self.seats[hero_seat as usize].combat_mix(game, hero_seat);
            let card = self.monster.choose(hero, game.variant().no_abilities, mix, rng);
            return Choice::Combat(card);
        }
        // 2010 card combat: the monster side's cards follow the monster policy, whichever seat
        // plays the monster (the player to the hero's left, or the hero's own in a one-hero game);
        // in Hero vs. Hero the defending hero's own bot plays that side.
        if matches!(d.kind, DecisionKind::CombatPlay | DecisionKind::Counterattack)
            && game.card_fight().is_some()
            && game.fight_deciding() == dq_engine::card_combat::MONSTER
            && !game.card_fight_is_hero_vs_hero()
        {
            return self.monster.choose_card(game, d.kind, choices, rng);
        }
        let seat = (d.seat as usize).min(self.seats.len() - 1);
        self.seats[seat].choose_with(game, d, choices, rng, &mut self.maps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dq_engine::{GameConfig, NoObserver, Variant};

    /// The random-table shortcut answers exactly as the general dispatch does: same games,
    /// whatever the monster policy, with one to four heroes.
    #[test]
    fn random_shortcut_plays_the_same_games() {
        let rules = Rules::revised();
        let random = [BotSpec::new(BotKind::Random)];
        for monster in [MonsterSpec::Random, MonsterSpec::Equilibrium, MonsterSpec::Adversarial] {
            for seats in 1..=4 {
                let cfg = GameConfig::random(seats, Variant::default());
                let mut fast = Players::new(&rules, &random, monster, seats).unwrap();
                assert!(fast.all_random);
                let mut general = fast.clone();
                general.all_random = false;
                for i in 0..60 {
                    let a = crate::play(&rules, &cfg, 5, i, &mut fast, &mut NoObserver).unwrap();
                    let b = crate::play(&rules, &cfg, 5, i, &mut general, &mut NoObserver).unwrap();
                    assert_eq!(format!("{a:?}"), format!("{b:?}"), "{monster:?} {seats} heroes, game {i}");
                }
            }
        }
        let mixed = [BotSpec::new(BotKind::Random), BotSpec::new(BotKind::Greedy)];
        assert!(!Players::new(&rules, &mixed, MonsterSpec::Random, 2).unwrap().all_random);
    }
}
