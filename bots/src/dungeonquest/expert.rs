//! `expert`: a search bot that does not peek (issue 24, item 4).
//!
//! At a key decision (where to go, whether to draw, fight or flee, which item to use: see
//! [`is_key`]) with more than one legal answer, the bot plays every answer out up to
//! `samples` times, scored by its base planner's objective (gold carried out plus `life` if
//! alive, [`BotSpec::objective`]), and takes another answer than the planner's only when its
//! rollouts beat the planner's clearly (by `CONFIDENCE` standard errors; an answer no better
//! is given up early, every `BATCH` rollouts). Each rollout starts from a copy of the game
//! whose hidden state (deck order, the monster's life, the dice to come) is
//! redrawn for the deciding seat by [`Game::resample`], so the search sees only what the
//! hero knows; the planner (`base`) then plays every seat of the copy to its end. Every
//! answer meets the same `samples` futures (common random numbers), so the comparison
//! between answers is not drowned in the noise of the futures themselves. Every other
//! decision, and a key decision with one answer, is the base planner's.
//!
//! Deterministic: the futures' seeds come from the game's bot stream, one draw per search.
//! No allocation per decision: the copy lives on the stack (a `Game` is fixed storage) and
//! the rollout table, built with the bot, is readied in place for each rollout.

use crate::core::play_out;
use crate::core::search::best_answer;
use crate::dungeonquest::maps::TableMaps;
use crate::dungeonquest::players::Players;
use crate::dungeonquest::spec::{BotSpec, MonsterSpec};
use crate::dungeonquest::strategic::Strategic;
use dq_engine::rng::GameRng;
use dq_engine::{Choice, Choices, Decision, DecisionGame, DecisionKind, Game, NoObserver, Rules};

/// The `expert` policy: the base planner, and a table of it to play the rollouts with.
#[derive(Clone, Debug)]
pub struct Expert {
    spec: BotSpec,
    /// The planner that answers every decision not searched, and whose plan the searching
    /// seat follows in the rollouts.
    base: Strategic,
    /// The base planner at every seat, with the table's monster policy: plays the copies out.
    rollout: Box<Players>,
    /// The policy's own path maps, when it plays outside a [`Players`] table.
    own: Option<Box<TableMaps>>,
    /// The base answer's score in each future of the search under way (`samples` long).
    base_scores: Vec<f64>,
}

impl Expert {
    /// An expert for `spec` (an `expert` spec) whose rollouts meet `monster` as the monster
    /// player's policy (the table's, so the rollouts fight as the real game does).
    pub fn new(rules: &Rules, spec: BotSpec, monster: MonsterSpec) -> Expert {
        let base = spec.base();
        let planner = Strategic::new(rules, base);
        let seats: Vec<crate::Bot> = (0..4).map(|_| crate::Bot::Strategic(Box::new(planner.for_spec(base)))).collect();
        let rollout = Players::from_parts(&seats, crate::dungeonquest::monster::MonsterPolicy::new(rules, monster));
        let base_scores = vec![0.0; usize::from(spec.search.samples)];
        Expert { spec, base: planner, rollout: Box::new(rollout), own: None, base_scores }
    }

    /// The spec this policy plays.
    pub fn spec(&self) -> BotSpec {
        self.spec
    }

    /// Forgets the previous game.
    pub fn new_game(&mut self) {
        self.base.new_game();
        if let Some(own) = self.own.as_mut() {
            own.new_game();
        }
    }

    /// The hero's combat-card mix (the base planner's: combat is not searched).
    pub fn combat_mix(&self, game: &Game<'_>, seat: u8) -> [f64; 3] {
        self.base.combat_mix(game, seat)
    }

    /// Answers the pending decision with the policy's own path maps.
    pub fn choose(&mut self, game: &Game<'_>, choices: &Choices, rng: &mut GameRng) -> Choice {
        let Some(d) = game.pending() else { return choices[0] };
        let mut own = self.own.take().unwrap_or_default();
        let c = self.choose_with(game, d, choices, rng, &mut own);
        self.own = Some(own);
        c
    }

    /// Answers `d`, the game's pending decision, with path maps shared by the table: by a
    /// search at a key decision with a choice, else as the base planner.
    pub fn choose_with(
        &mut self,
        game: &Game<'_>,
        d: Decision,
        choices: &Choices,
        rng: &mut GameRng,
        maps: &mut TableMaps,
    ) -> Choice {
        // The base answers first in any case: its plan (heading home, say) is kept up to
        // date at every decision, and its answer wins ties.
        let base = self.base.choose_with(game, d, choices, rng, maps);
        if choices.len() < 2 || !is_key(d.kind) {
            return base;
        }
        let seed = rng.next_u64();
        self.search(game, d.seat, choices, base, seed, maps)
    }

    /// The answer whose rollouts beat the base answer's most, if any does by more than
    /// chance explains (see [`crate::core::CONFIDENCE`]); else `base`.
    #[inline(never)]
    fn search(
        &mut self,
        game: &Game<'_>,
        seat: u8,
        choices: &Choices,
        base: Choice,
        seed: u64,
        maps: &TableMaps,
    ) -> Choice {
        let mut copy = game.clone();
        let samples = usize::from(self.spec.search.samples);
        // Taken out for the search (no allocation: an empty `Vec` holds none) and put back.
        let mut scores = std::mem::take(&mut self.base_scores);
        let best = best_answer(choices, base, &mut scores[..samples], |answer, k| {
            self.rollout(&mut copy, game, seat, answer, seed, k, maps)
        });
        self.base_scores = scores;
        best
    }

    /// The seat's objective in future `k` of the search seeded `seed` after `answer`: `game`
    /// copied into `copy`, its hidden state redrawn for `seat`, `answer` applied, and the copy
    /// played out by the base planner at every seat. `None` if `answer` is not legal.
    #[allow(clippy::too_many_arguments)]
    fn rollout<'r>(
        &mut self,
        copy: &mut Game<'r>,
        game: &Game<'r>,
        seat: u8,
        answer: Choice,
        seed: u64,
        k: usize,
        maps: &TableMaps,
    ) -> Option<f64> {
        // Future k: the same for every answer (common random numbers).
        let mut future = GameRng::from_seed(seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        copy.clone_from(game);
        copy.resample(seat, &mut future);
        copy.apply(answer, &mut NoObserver).ok()?;
        self.rollout.start_rollout(maps, seat, &self.base);
        play_out(copy, &mut future, &mut *self.rollout, &mut NoObserver);
        let out = copy.outcome(seat);
        Some(self.spec.objective(out.survived, out.score))
    }
}

/// The decisions worth a search: where the hero goes and when he leaves, what he draws, fights
/// or flees, the items and runes he uses, what he gives up. Combat cards (many per fight, and
/// a mixed strategy by design), and the choices of no stake (another hero's tower, a tile's
/// turn, a servant's step) stay the base planner's.
pub fn is_key(kind: DecisionKind) -> bool {
    use DecisionKind as K;
    matches!(
        kind,
        K::Action
            | K::MoveAgain
            | K::Teleport
            | K::Tower
            | K::EscapeTo
            | K::SecretDoor
            | K::Retreat
            | K::RageRetreat
            | K::Bridge
            | K::BridgeDiscard
            | K::TestFailed
            | K::MayDraw(_)
            | K::Rune
            | K::StatusItems
            | K::EndGameItems
            | K::Escape
            | K::SoloEscape
            | K::LiveToFight
            | K::EscapeOrAttack
            | K::DiscardLoot
            | K::DiscardTreasure
            | K::Bribe
            | K::TravelDirection
    )
}
