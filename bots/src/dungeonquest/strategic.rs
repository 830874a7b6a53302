//! The strategic hero policies: `greedy`, `cautious` and `mixed`.
//!
//! They share one decision procedure and differ only in their [`Params`] and path costs:
//! at every move the policy weighs the treasure chamber against a tower by what each is worth
//! to it (gold carried out plus its `life`, times the chance of getting out: see
//! `Strategic::treasure_pays` and [`crate::dungeonquest::value`]), finds the cheapest known
//! way to the goal with [`DistMap`](crate::dungeonquest::path::DistMap), and answers every
//! other decision by a rule that follows from the same objective or its style (fight or
//! escape, draw or stop, use an item or keep its gold).
//!
//! The weighing reads three distances (see [`crate::dungeonquest::maps`]): home now (the
//! tower map at the hero's space), the trip in (the treasure map there) and the way back (the
//! tower map from the treasure chamber, counted once per board). A lower bound on the trip
//! (rows and columns) decides first where it can, so most moves read the home map only.
//!
//! The policy reads only what a player at the table sees: the board, the sun, its own cards,
//! face-up discard piles and the announced monster kind. It never looks at deck order or the
//! monster card's hidden life; the escape decision instead reasons over the monster cards of
//! that kind not yet seen in the discard pile.

use crate::dungeonquest::circles::Circles;
use crate::dungeonquest::equilibrium::{payoff, solve, weights};
use crate::dungeonquest::maps::{Maps, TableMaps, MODELS};
use crate::dungeonquest::path::{CostModel, Goal, Graph, Want, SLOTS};
use crate::dungeonquest::spec::{BotKind, BotSpec, CombatStyle, EscapeStyle, Params};
use crate::dungeonquest::value::{walk_survival, SunTrack};
use arrayvec::ArrayVec;
use dq_engine::board::{manhattan, step, walk, CELLS, COLS, NO_CELL, TOWERS, TREASURE};
use dq_engine::data::{Amount, CombatCard};
use dq_engine::rng::GameRng;
use dq_engine::rules::Op;
use dq_engine::{Cell, Choice, Choices, DecisionKind, Deck, Dir, Edition, Game, HeroStatus, Rules};

/// Wound-equivalents a death costs in the escape comparison.
const DEATH_COST: f64 = 12.0;
/// Wound-equivalents of the ground an escape loses (the hero falls back a chamber and the
/// turn ends), so a hero does not flee a fight that costs about as much as the escape.
const ESCAPE_DETOUR: f64 = 1.0;

/// A strategic hero policy.
#[derive(Clone, Debug)]
pub struct Strategic {
    spec: BotSpec,
    /// The cost model the policy prices the board with, as an index into [`MODELS`].
    model: usize,
    /// Per hero sheet: the hero's equilibrium mix as sampling weights, with and without the
    /// hero's own wound cap (the `no-abilities` rule removes it).
    nash: Vec<[[u32; 3]; 2]>,
    /// Per hero sheet: the hero's combat mix as probabilities (capped, uncapped).
    nash_mix: Vec<[[f64; 3]; 2]>,
    /// The monster's equilibrium mix per hero sheet (capped, uncapped), assumed when the policy
    /// predicts how a fight goes.
    monster_mix: Vec<[[f64; 3]; 2]>,
    /// First sun space where the sun can set.
    first_danger: u8,
    /// Mean gold of a treasure card.
    treasure_gold: f64,
    /// Cards of the dragon deck that bring Dragon Rage.
    rage_cards: u16,
    /// Per card of the rules the policy was built for: what [`card_facts`] says (a rune's use,
    /// whether the card can hurt), worked out once instead of from the card's effect at every
    /// rune and redraw decision.
    facts: Vec<u8>,
    /// The sun track as chances (see [`SunTrack`]).
    sun: SunTrack,
    /// Once set, the policy heads for a tower for the rest of the game (done in the treasure
    /// chamber, or out of dragon draws).
    homeward: bool,
    /// The goal of the last plan weighed (see [`Strategic::treasure_pays`]).
    heading: Goal,
    /// What the turns to spare on the last plan weighed allow (see [`Spare`]).
    spare: Spare,
    /// The spaces the hero's last moves led to, to notice when he goes in circles (see
    /// [`Circles`]).
    circles: Circles,
    /// The policy's own path maps, when it plays outside a [`crate::Players`] table (which
    /// shares one set between its seats); boxed so that taking them out is cheap.
    own: Option<Box<TableMaps>>,
}

impl Strategic {
    /// A policy for `spec` (any kind but `random`) under `rules`.
    pub fn new(rules: &Rules, spec: BotSpec) -> Strategic {
        let mut nash = Vec::new();
        let mut nash_mix = Vec::new();
        let mut monster_mix = Vec::new();
        let mut plain = rules.heroes.first().cloned();
        if let Some(p) = plain.as_mut() {
            p.abilities = Default::default();
        }
        let plain = plain.map(|p| payoff(rules, &p));
        let uncapped = plain.map(|a| solve(&a));
        for h in &rules.heroes {
            // A hero whose abilities leave the payoffs as they are (most: only a cap on the
            // wounds dealt changes them) plays the plain game, whose equilibrium is solved
            // once rather than again for each such hero.
            let a = payoff(rules, h);
            let capped = match (plain, uncapped) {
                (Some(p), Some(u)) if p == a => u,
                _ => solve(&a),
            };
            let u = uncapped.unwrap_or(capped);
            nash.push([weights(capped.hero), weights(u.hero)]);
            nash_mix.push([capped.hero, u.hero]);
            monster_mix.push([capped.monster, u.monster]);
        }
        let first_danger = rules.sun_numbers.iter().position(|&n| n > 0).unwrap_or(rules.sun_spaces as usize + 1) as u8;
        let tr = rules.deck_cards(Deck::Treasure);
        let n = tr.len().max(1) as f64;
        let treasure_gold = tr.clone().map(|c| f64::from(rules.cards[c as usize].gold)).sum::<f64>() / n;
        let rage_cards = rules.deck_cards(Deck::Dragon).filter(|&c| is_rage(rules, c)).count() as u16;
        let model = model_of(spec);
        Strategic {
            spec,
            model,
            nash,
            nash_mix,
            monster_mix,
            first_danger,
            treasure_gold,
            rage_cards,
            facts: (0..rules.cards.len()).map(|c| card_facts(rules, c as dq_engine::CardId)).collect(),
            sun: SunTrack::new(rules),
            homeward: false,
            heading: Goal::Treasure,
            spare: Spare::NONE,
            circles: Circles::default(),
            own: None,
        }
    }

    /// The spec this policy plays.
    pub fn spec(&self) -> BotSpec {
        self.spec
    }

    /// The policy for `spec` under the rules this one was built for: what
    /// [`Strategic::new`] gives, without solving the combat equilibria again (all but the
    /// spec and its cost model come from the rules alone). A table of several strategic
    /// seats builds one and copies it.
    pub fn for_spec(&self, spec: BotSpec) -> Strategic {
        Strategic {
            spec,
            model: model_of(spec),
            homeward: false,
            heading: Goal::Treasure,
            spare: Spare::NONE,
            circles: Circles::default(),
            own: None,
            ..self.clone()
        }
    }

    /// Takes up `other`'s plan for the game under way (its heading, whether it is homeward),
    /// its tables left as they are. Why: a search plays copies of a game on with this policy
    /// from where `other` stands, and a fresh plan would turn a homeward hero round.
    pub fn take_plan(&mut self, other: &Strategic) {
        self.homeward = other.homeward;
        self.heading = other.heading;
        self.spare = other.spare;
    }

    fn p(&self) -> &Params {
        &self.spec.params
    }

    /// Forgets the previous game.
    pub fn new_game(&mut self) {
        self.homeward = false;
        self.heading = Goal::Treasure;
        self.spare = Spare::NONE;
        self.circles.clear();
        if let Some(own) = self.own.as_mut() {
            own.new_game();
        }
    }

    /// The hero's combat-card mix for the hero in `seat` (what an adversarial monster knows).
    pub fn combat_mix(&self, game: &Game<'_>, seat: u8) -> [f64; 3] {
        match self.p().combat {
            CombatStyle::Uniform => [1.0 / 3.0; 3],
            CombatStyle::Always(c) => one_hot(c),
            CombatStyle::Nash => {
                let h = game.hero(seat).hero as usize;
                self.nash_mix[h][usize::from(game.variant().no_abilities)]
            }
        }
    }

    /// Answers the pending decision with the policy's own path maps.
    pub fn choose(&mut self, game: &Game<'_>, choices: &Choices, rng: &mut GameRng) -> Choice {
        let Some(d) = game.pending() else { return choices[0] };
        let mut own = self.own.take().unwrap_or_default();
        let c = self.choose_with(game, d, choices, rng, &mut own);
        self.own = Some(own);
        c
    }

    /// Answers `d`, the game's pending decision, with path maps shared by the table (see
    /// [`TableMaps`]). The caller has read the decision already, so it is passed on rather
    /// than read again. Inlined into its callers (one call frame less at every decision).
    #[inline(always)]
    pub fn choose_with(
        &mut self,
        game: &Game<'_>,
        d: dq_engine::Decision,
        choices: &Choices,
        rng: &mut GameRng,
        maps: &mut TableMaps,
    ) -> Choice {
        let seat = d.seat;
        use DecisionKind as K;
        if game.variant().hero_vs_hero && matches!(d.kind, K::Action | K::MoveAgain | K::Tower) {
            let mut kept = Choices::new();
            kept.extend(choices.iter().copied().filter(|&c| !self.unwanted_attack(game, seat, c)));
            if !kept.is_empty() && kept.len() < choices.len() {
                return self.choose_among_cold(game, d, &kept, rng, maps);
            }
        }
        self.choose_among(game, d, choices, rng, maps)
    }

    /// [`Strategic::choose_among`] for Hero vs. Hero choices with unwanted attacks left
    /// out: a call of its own, so that the usual way in inlines the dispatch once.
    #[cold]
    #[inline(never)]
    fn choose_among_cold(
        &mut self,
        game: &Game<'_>,
        d: dq_engine::Decision,
        choices: &Choices,
        rng: &mut GameRng,
        maps: &mut TableMaps,
    ) -> Choice {
        self.choose_among(game, d, choices, rng, maps)
    }

    /// Hero vs. Hero: whether moving by `c` would attack another hero the policy leaves alone.
    /// `cautious` attacks nobody; the others attack a hero who carries loot (a public count)
    /// while they have at least half their health, to take a card from him.
    fn unwanted_attack(&self, game: &Game<'_>, seat: u8, c: Choice) -> bool {
        let Choice::Move(to) = c else { return false };
        let Some(other) = (0..game.seats()).find(|&s| {
            s != seat && game.hero(s).status == HeroStatus::Board && game.hero(s).pos == to && !TREASURE.contains(&to)
        }) else {
            return false;
        };
        let me = game.hero(seat);
        let fit = 2 * u32::from(me.wounds) <= u32::from(me.health);
        self.spec.kind == BotKind::Cautious || !fit || game.loot_cards(other) == 0
    }

    /// The dispatch by decision kind, inlined into [`Strategic::choose_with`] (one call frame
    /// less at every decision).
    #[inline(always)]
    fn choose_among(
        &mut self,
        game: &Game<'_>,
        d: dq_engine::Decision,
        choices: &Choices,
        rng: &mut GameRng,
        maps: &mut TableMaps,
    ) -> Choice {
        let seat = d.seat;
        use DecisionKind as K;
        match d.kind {
            K::Action => self.action(game, seat, choices, maps),
            // Another hero's restart tower: no stake in it, any will do.
            K::RespawnTower => choices[rng.below(choices.len() as u32) as usize],
            K::MoveAgain | K::Teleport => self.best_move(game, seat, choices, maps).unwrap_or(choices[0]),
            K::EscapeTo => self.escape_to(game, seat, choices, maps),
            K::SecretDoor => self.secret_door(game, seat, choices, maps),
            K::Tower => self.tower(game, seat, choices, maps),
            K::Bridge => pick(choices, Choice::Cross),
            K::BridgeDiscard => self.bridge_discard(game, seat, choices),
            K::BeforeTest => Choice::No,
            K::TestFailed => self.test_failed(game, choices),
            K::RageReroll => {
                let (_, total) = game.test_numbers();
                if total > 7 {
                    pick(choices, Choice::Reroll(2))
                } else {
                    Choice::Done
                }
            }
            // Every setting searches corpses and crypts: a cautious rule leaving crypts shut and
            // corpses to the healthy cost it 2.2 points of survival in Revised (no loot to
            // leave with sends the hero on a longer way), and gold nowhere.
            K::MayDraw(_) => Choice::Yes,
            K::Redraw => yes_if(game.window_card().is_some_and(|c| self.facts(game.rules(), c) & HARMFUL != 0)),
            K::Rune => self.rune(game, seat, choices),
            K::StatusItems => self.status_items(game, seat, choices),
            K::EndGameItems => self.end_game_items(game, seat, choices),
            K::HeroCombatCard => self.combat_card(game, seat, rng),
            // The monster side is normally answered by the monster policy; if a strategic
            // policy is asked, it plays uniformly.
            K::MonsterCombatCard => choices[rng.below(choices.len() as u32) as usize],
            K::Escape | K::SoloEscape => self.escape(game, seat, d.kind == K::SoloEscape),
            K::LiveToFight if game.rules().edition == Edition::Third => {
                crate::dungeonquest::third::live_to_fight(game, self.p().escape)
            }
            K::LiveToFight => self.live_to_fight(game, seat),
            K::AttackCard | K::DefendCard => self.combat_card(game, seat, rng),
            K::TakeLoot => by_gold(game, choices, true).unwrap_or(choices[0]),
            K::Retreat | K::RageRetreat => self.best_move(game, seat, choices, maps).unwrap_or(choices[0]),
            K::ServantMove => servant_move(game, choices),
            K::TravelDirection => self.travel(game, seat, choices),
            K::ExitCatacombs => Choice::Yes,
            K::TurnDirection => self.turn_direction(game, seat, choices),
            K::DiscardLoot | K::DiscardTreasure => by_gold(game, choices, false).unwrap_or(choices[0]),
            K::Bribe => self.bribe(game, seat, choices),
            K::ArrangeSearch => by_gold(game, choices, true).unwrap_or(choices[0]),
            K::TileOrientation | K::ChooseSide | K::ChooseTile => choices[rng.below(choices.len() as u32) as usize],
            K::EscapeOrAttack => crate::dungeonquest::third::escape_or_attack(game, seat, self.p().escape),
            K::CombatPlay => crate::dungeonquest::third::combat_play(game, choices),
            K::Counterattack => crate::dungeonquest::third::counterattack(game, choices),
        }
    }

    // ---------------------------------------------------------------------------------------
    // Where to go

    /// Brings the path maps up to date and decides whether it is time to head home; returns
    /// the goal and the maps, the map to the goal prepared (a caller reading the tower map
    /// on the way to the treasure prepares it; every reader settles what it reads).
    fn plan<'m>(&mut self, game: &Game<'_>, seat: u8, maps: &'m mut TableMaps) -> (Goal, &'m mut Maps) {
        let (goal, m) = self.plan_lazy(game, seat, maps);
        m.prepare(goal);
        (goal, m)
    }

    /// [`Strategic::plan`], except that the tower map is not prepared (a homeward hero that
    /// leaves the dungeon reads no map) and the treasure map is left as it is (perhaps behind
    /// the board) while the hero stands in the treasure chamber: there the hero's distance
    /// to it is 0 whatever the board, and the dragon decision reads only the tower map. The
    /// changes wait for the next hero that reads the map (none, once every hero is homeward
    /// or gone). The caller prepares the goal's map, and settles it as far as it reads it
    /// (see [`Maps::settle`]), before it reads it.
    #[inline(always)]
    fn plan_lazy<'m>(&mut self, game: &Game<'_>, seat: u8, maps: &'m mut TableMaps) -> (Goal, &'m mut Maps) {
        // Loot reprices the board only under a model that charges loaded bridges extra; under
        // any other the loaded and unloaded maps are one and the same, so the hero's loot
        // (a count the engine works out card by card) is not read at all.
        let loaded = MODELS[self.model].bridge_loaded != 0 && game.loot_cards(seat) > 0;
        let goal = self.goal(game, seat, maps.sync(game, self.model, loaded));
        if !loaded {
            maps.keep_empty(game, self.model);
        }
        (goal, maps.get_mut(self.model, loaded))
    }

    /// The goal. The maps are left to the caller (see [`Strategic::plan_lazy`]), but for
    /// what [`Strategic::treasure_pays`] reads: the tower map at the hero's space, the
    /// treasure map there when bounds do not settle whether to head home, the tower map in
    /// full when the way back must be counted.
    fn goal(&mut self, game: &Game<'_>, seat: u8, m: &mut Maps) -> Goal {
        // Revised solo play and No Guts, No Glory: without a treasure card the towers are
        // shut, so heading home only meets the sunset there; the treasure chamber stays the
        // goal until a treasure card is held (issue 24, `--rule solo` G=0: greedy walked home
        // without one and tower-hopped until sunset).
        if needs_treasure(game, seat) {
            return Goal::Treasure;
        }
        if self.homeward {
            // The way back from the treasure chamber only matters on the way there.
            return Goal::Tower;
        }
        let h = game.hero(seat);
        // The treasure map is prepared where it is read: by `treasure_pays`, if the bounds it
        // starts from do not settle the question, and by the caller once the goal is known
        // (so a hero who turns home by the bounds leaves it behind the board for good).
        if u32::from(h.stats.dragon_draws) >= u32::from(self.p().dragon_draws) {
            self.homeward = true;
            return Goal::Tower;
        }
        if h.status != HeroStatus::Board {
            return Goal::Treasure;
        }
        self.heading = if self.treasure_pays(game, seat, m) { Goal::Treasure } else { Goal::Tower };
        self.heading
    }

    /// Whether going on to the treasure chamber (a draw or two there, then home) is worth more
    /// than heading home now, by the policy's objective (see [`crate::dungeonquest::value`]):
    /// gold carried out plus the value of life, times the chance of getting out, for both
    /// plans. Weighed afresh at every move, so the hero turns home when the trip stops paying,
    /// and goes on when it still pays late in the game. Leaves what the turns the chosen plan
    /// has to spare allow in [`Strategic::spare`].
    ///
    /// The moves back from the treasure chamber are counted on the tower map, settled in
    /// full, at each board change: the dearest part of the weighing. They are first bounded
    /// below instead (the rows and columns from the chamber to a tower), and counted only if
    /// a trip that short still pays. (An upper bound too, from the cost of the way back last
    /// walked, saved 2.6% of a game for 297 lines: removed, docs/perf.md.)
    fn treasure_pays(&mut self, game: &Game<'_>, seat: u8, m: &mut Maps) -> bool {
        let h = game.hero(seat);
        let p = *self.p();
        let pos = h.pos;
        if pos as usize >= CELLS {
            return true;
        }
        // Home first: its value is what the trip must beat.
        m.prepare(Goal::Tower);
        m.settle_at(Goal::Tower, &[pos]);
        let home = i64::from(m.map(Goal::Tower).hops(m.graph(), pos));
        let left = i32::from(h.health) - i32::from(h.wounds);
        let gold = f64::from(game.gold_seen(seat).unwrap_or(0));
        let life = f64::from(p.life);
        let margin = i64::from(p.margin);
        let safe = i64::from(self.safe_turns(game));
        let draws = i64::from(p.dragon_draws.clamp(1, 2));
        let home_turns = self.turns_for(home) + margin;
        let sun = game.sun();
        let gain = draws as f64 * self.treasure_gold;
        let go_home = if exit_allowed(game, seat) {
            self.sun.survive(sun, home_turns) * walk_survival(home, left) * (gold + life)
        } else {
            // Without what the exit asks for, home means finding loot on the way: a few turns
            // more, and not sure to work.
            LOOT_FOUND * self.sun.survive(sun, home_turns + LOOT_TURNS) * walk_survival(home + LOOT_TURNS, left) * life
        };
        let trip_turns = |moves: i64| self.turns_for(moves) + draws + margin;
        // The trip is worth less the more moves it takes. A bound decides only with a margin
        // that keeps rounding out of the test.
        let trip =
            |moves: i64| self.sun.survive(sun, trip_turns(moves)) * walk_survival(moves, left) * (gold + gain + life);
        let home_by = |moves: i64| trip(moves) <= go_home * (1.0 - BOUND_MARGIN);
        let spare_home = || Spare::of(safe - home_turns, &p);
        // A trip priced at fewer moves than it can take (rows and columns each way) that does
        // not pay settles it without the treasure map or the way back.
        let least_back = i64::from(TREASURE_LEAST.iter().copied().min().unwrap_or(0));
        let in_chamber = TREASURE.contains(&pos);
        let least_to = if in_chamber { 0 } else { i64::from(nearest(pos, &TREASURE)) };
        if home_by(least_to + least_back) {
            self.spare = spare_home();
            return false;
        }
        let to = if in_chamber {
            0
        } else {
            m.prepare(Goal::Treasure);
            m.settle_at(Goal::Treasure, &[pos]);
            i64::from(m.map(Goal::Treasure).hops(m.graph(), pos))
        };
        if home_by(to + least_back) {
            self.spare = spare_home();
            return false;
        }
        let back = match m.back {
            Some(back) => back,
            None => {
                let back = exact_back(m);
                m.back = Some(back);
                back
            }
        };
        let goes = trip(to + back) > go_home;
        self.spare = if goes { Spare::of(safe - trip_turns(to + back), &p) } else { spare_home() };
        goes
    }

    /// Whether a hero about to leave the dungeon with no gold goes on instead: while he has
    /// more than half his health, the sun more than [`EMPTY_HANDED_TURNS`] turns short of its
    /// first numbered space, and two treasure cards are worth more to the policy than its
    /// life.
    ///
    /// Why: the plan's trip is walked without turning back, and priced with a pessimistic
    /// hazard (see [`crate::dungeonquest::value`]) that serves the policy well once it
    /// carries gold to lose. A hero with nothing to lose but his life who leaves early ends
    /// his game for good, where one who goes on can still turn home at any move while the
    /// sun is safe. Measured, revised greedy solo (20,000 games): 6.0% of hero-games ended
    /// out alive with no gold, most of them healthy at a tower by sun 10, and the objective
    /// rose with the heroes going on (docs/bots.md, "Policy decisions").
    fn goes_on_empty_handed(&self, game: &Game<'_>, seat: u8) -> bool {
        let h = game.hero(seat);
        !self.homeward
            && game.gold_seen(seat) == Some(0)
            && 2 * u32::from(h.wounds) < u32::from(h.health)
            && self.safe_turns(game) > EMPTY_HANDED_TURNS
            && 2.0 * self.treasure_gold > f64::from(self.p().life)
    }

    /// Turns expected for `moves` moves at the policy's pace (rounded up).
    fn turns_for(&self, moves: i64) -> i64 {
        (moves * i64::from(self.p().pace) + 99) / 100
    }

    /// Turns left before the sun reaches its first numbered space.
    fn safe_turns(&self, game: &Game<'_>) -> u32 {
        u32::from(self.first_danger.saturating_sub(game.sun()))
    }

    /// The legal move that gets cheapest to the current goal, away from a circle the hero is
    /// breaking out of if one such move leads somewhere.
    fn best_move(&mut self, game: &Game<'_>, seat: u8, choices: &Choices, maps: &mut TableMaps) -> Option<Choice> {
        let (goal, m) = self.plan(game, seat, maps);
        self.cheapest_away(m, goal, choices).or_else(|| cheapest(m, goal, choices))
    }

    /// While the hero breaks out of a circle (see [`Circles`]): the cheapest legal move to
    /// `goal` onto a space not in the circle, if one leads somewhere; else `None`.
    fn cheapest_away(&self, m: &mut Maps, goal: Goal, choices: &Choices) -> Option<Choice> {
        if !self.circles.breaking_out() {
            return None;
        }
        let mut away = Choices::new();
        away.extend(choices.iter().copied().filter(|&c| matches!(c, Choice::Move(to) if !self.circles.avoids(to))));
        match cheapest(m, goal, &away)? {
            mv @ Choice::Move(to) if m.map(goal).via(m.graph(), to) != u32::MAX => Some(mv),
            _ => None,
        }
    }

    /// Where to escape to: the cheapest way to the goal among the spaces offered that lead
    /// somewhere (see [`escape_trap`]): a space whose only way on is back into the
    /// chamber escaped from only if every space offered is one, and of those a tower the hero
    /// cannot leave by last. Why: from such a tower, where he can neither leave nor search,
    /// a hero walks straight back into the chamber on his next turn and meets a new monster
    /// (issue 24, G=19590: cautious did so twice and died); from a dead-end room he may at
    /// least search for the loot that lets him leave.
    fn escape_to(&mut self, game: &Game<'_>, seat: u8, choices: &Choices, maps: &mut TableMaps) -> Choice {
        let from = game.hero(seat).pos;
        let exit = exit_allowed(game, seat);
        let (goal, m) = self.plan(game, seat, maps);
        let trap = |c: Choice| match c {
            Choice::Move(to) => escape_trap(m.graph(), to, from, exit),
            _ => Trap::None,
        };
        let least = choices.iter().map(|&c| trap(c)).min().unwrap_or(Trap::None);
        let mut kept = Choices::new();
        kept.extend(choices.iter().copied().filter(|&c| trap(c) == least));
        cheapest(m, goal, &kept).unwrap_or(kept[0])
    }

    /// The action, and where it leads noted for [`Circles`]: a move's space, or the dark
    /// chamber a hero feels his way out of (searches and draws are no steps of a circle).
    fn action(&mut self, game: &Game<'_>, seat: u8, choices: &Choices, maps: &mut TableMaps) -> Choice {
        let h = game.hero(seat);
        if h.status == HeroStatus::Catacombs {
            return pick(choices, Choice::DrawCatacomb);
        }
        let c = self.action_on_board(game, seat, choices, maps);
        let to = match c {
            Choice::Move(to) => to,
            Choice::MoveDark => h.pos,
            _ => return c,
        };
        // A hero on the way home without the loot the exit asks for, or stepping in and out
        // of a tower, walks to and fro on purpose: each room entered draws a dungeon card,
        // perhaps the loot (or the gold) he stays for.
        let home = self.heading_home();
        if TOWERS.contains(&to) || TOWERS.contains(&h.pos) || (home && !exit_allowed(game, seat)) {
            return c;
        }
        // On the way home only the way counts: a loop that picks up cards (back into the
        // treasure chamber, where a dragon card is drawn on entering) is still a loop. A
        // determination token is a gain: a hero failing the test of a portcullis again and
        // again gains one each time, and passes in the end.
        let held = if home { 0 } else { worth(h.held) };
        self.circles.note(to, held ^ u64::from(h.determination) << 56);
        c
    }

    fn action_on_board(&mut self, game: &Game<'_>, seat: u8, choices: &Choices, maps: &mut TableMaps) -> Choice {
        let (mut goal, m) = self.plan_lazy(game, seat, maps);
        // The answers this decision looks for, found in one pass over the choices rather than
        // a search of them for each (an action is the most frequent decision).
        let (mut dragon, mut exit, mut search, mut dark, mut catacombs) = (false, false, false, false, false);
        for c in choices {
            match c {
                Choice::DrawDragon => dragon = true,
                Choice::ExitDungeon => exit = true,
                Choice::Search => search = true,
                Choice::MoveDark => dark = true,
                Choice::EnterCatacombs => catacombs = true,
                _ => {}
            }
        }
        if dragon {
            m.prepare(Goal::Tower);
            if goal == Goal::Treasure && self.dragon_pays(game, seat, m) {
                return Choice::DrawDragon;
            }
            // Done in the chamber: go home from here on.
            self.homeward = true;
            return cheapest(m, Goal::Tower, choices).unwrap_or(choices[0]);
        }
        if exit && goal == Goal::Tower {
            if !self.goes_on_empty_handed(game, seat) {
                return Choice::ExitDungeon;
            }
            goal = Goal::Treasure;
        }
        m.prepare(goal);
        // Spare turns go to searching; a hero on the way home without the loot the exit
        // asks for searches whenever a turn is spare.
        let needs_loot = goal == Goal::Tower && !exit_allowed(game, seat);
        if search && (self.spare.search || (needs_loot && self.spare.one)) {
            return Choice::Search;
        }
        // Going in circles: a move off the circle, else the catacombs.
        if self.circles.breaking_out() {
            if let Some(mv) = self.cheapest_away(m, goal, choices) {
                return mv;
            }
            if catacombs {
                return Choice::EnterCatacombs;
            }
        }
        if let Some(mv) = cheapest(m, goal, choices) {
            if let Choice::Move(to) = mv {
                if m.map(goal).via(m.graph(), to) != u32::MAX {
                    return mv;
                }
            }
        }
        // No known way on: feel through darkness, search if allowed, the catacombs, else any
        // move.
        if dark {
            return Choice::MoveDark;
        }
        if search {
            return Choice::Search;
        }
        if catacombs {
            return Choice::EnterCatacombs;
        }
        choices.iter().copied().find(|c| matches!(c, Choice::Move(_))).unwrap_or(choices[0])
    }

    fn tower(&mut self, game: &Game<'_>, seat: u8, choices: &Choices, maps: &mut TableMaps) -> Choice {
        let (mut goal, m) = self.plan_lazy(game, seat, maps);
        if goal == Goal::Tower && choices.contains(&Choice::ExitDungeon) {
            if !self.goes_on_empty_handed(game, seat) {
                return Choice::ExitDungeon;
            }
            goal = Goal::Treasure;
        }
        m.prepare(goal);
        cheapest(m, goal, choices).unwrap_or(choices[0])
    }

    fn secret_door(&mut self, game: &Game<'_>, seat: u8, choices: &Choices, maps: &mut TableMaps) -> Choice {
        let (goal, m) = self.plan(game, seat, maps);
        let pos = game.hero(seat).pos;
        m.settle_at(goal, &[pos]);
        let here = m.map(goal).cost[pos as usize];
        // Going in circles: a door off the circle is a way out.
        if let Some(mv) = self.cheapest_away(m, goal, choices) {
            return mv;
        }
        match cheapest(m, goal, choices) {
            Some(mv @ Choice::Move(to)) if m.map(goal).via(m.graph(), to) < u32::from(here) => mv,
            _ => Choice::No,
        }
    }

    /// Draw a dragon card when the chance of Dragon Rage is within the accepted risk and
    /// drawing is worth more by the policy's objective than leaving now: two treasure cards'
    /// mean gold unless Rage comes, against the treasure held and, if the rage dice can kill,
    /// everything carried and the value of life; the turn the draw takes is priced by the sun
    /// track (the walk home is the same either way).
    fn dragon_pays(&self, game: &Game<'_>, seat: u8, m: &mut Maps) -> bool {
        let rules = game.rules();
        let h = game.hero(seat);
        let p = self.p();
        // Without the treasure card the exit asks for, the sunset kills for sure: draw.
        if needs_treasure(game, seat) {
            return game.deck_len(Deck::Dragon) > 0;
        }
        if u32::from(h.stats.dragon_draws) >= u32::from(p.dragon_draws) {
            return false;
        }
        // One turn for the draw, then the walk home.
        m.settle_at(Goal::Tower, &[h.pos]);
        let home = self.turns_for(i64::from(m.map(Goal::Tower).hops(m.graph(), h.pos))) + i64::from(p.margin);
        let leave_sun = self.sun.survive(game.sun(), home);
        let draw_sun = self.sun.survive(game.sun(), home + 1);
        let left = game.deck_len(Deck::Dragon);
        let seen_rage = game.discard_pile(Deck::Dragon).filter(|&c| is_rage(rules, c)).count() as u16;
        let rage_left = self.rage_cards.saturating_sub(seen_rage);
        if left == 0 {
            return false;
        }
        let p_rage = f64::from(rage_left) / f64::from(left);
        if p_rage * 100.0 > f64::from(p.risk) {
            return false;
        }
        let held_treasure: f64 = h
            .held
            .iter()
            .filter(|&&c| rules.cards[c as usize].deck == Deck::Treasure)
            .map(|&c| f64::from(rules.cards[c as usize].gold))
            .sum();
        let remaining = i32::from(h.health) - i32::from(h.wounds);
        let p_die = p_2d6_at_least(remaining);
        let keep = f64::from(game.gold_seen(seat).unwrap_or(0)) + f64::from(p.life);
        let gain = (1.0 - p_rage) * 2.0 * self.treasure_gold;
        let loss = p_rage * (held_treasure + p_die * keep);
        draw_sun * (keep + gain - loss) > leave_sun * keep
    }

    // ---------------------------------------------------------------------------------------
    // Tests, cards and items

    /// A failed test: spend the shortfall in determination if the tokens reach, else reroll,
    /// else a rune, else (when the failure wounds by its margin, as Crossfire Trap does) spend
    /// every token to lower the wounds, else (cautious) an item that passes it.
    fn test_failed(&self, game: &Game<'_>, choices: &Choices) -> Choice {
        let rules = game.rules();
        let cautious = self.spec.kind == BotKind::Cautious;
        let (target, total) = game.test_numbers();
        let need = total.saturating_sub(target);
        let by_margin = || game.test_fail_effects().iter().any(|op| matches!(op, Op::Wounds(Amount::FailMargin)));
        let mut best = Choice::Done;
        let mut rank = 0;
        for &c in choices {
            let r = match c {
                Choice::Spend(n) if n == need => 5,
                Choice::Reroll(_) => 4,
                Choice::Card(id) if rules.cards[id as usize].rune.is_some() => 3,
                // A partial spend (the amounts come in increasing order: the last is all).
                Choice::Spend(n) if n < need && by_margin() => 2,
                // Discarding an item costs its gold: only the cautious policy pays that.
                Choice::Card(_) if cautious => 1,
                _ => 0,
            };
            if r > rank || (r == 2 && rank == 2) {
                rank = r;
                best = c;
            }
        }
        best
    }

    /// The [`card_facts`] of card `c` of `rules`: from the table made with the policy, or
    /// worked out now for a card the table lacks.
    #[inline]
    fn facts(&self, rules: &Rules, c: dq_engine::CardId) -> u8 {
        match self.facts.get(c as usize) {
            Some(&f) => f,
            None => card_facts(rules, c),
        }
    }

    /// Uses a rune when its effect helps now, judged from the effect itself.
    fn rune(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let rules = game.rules();
        let h = game.hero(seat);
        for &c in choices {
            let Choice::Card(r) = c else { continue };
            let useful = match self.facts(rules, r) & RUNE_USE {
                // Cancel the card just drawn: worth it if that card hurts.
                RUNE_CANCEL => game.window_card().is_some_and(|w| self.facts(rules, w) & HARMFUL != 0),
                RUNE_RESHUFFLE => game.discard_pile(Deck::Dragon).next().is_some(),
                RUNE_HEAL => u32::from(h.wounds) * 2 >= u32::from(h.health),
                RUNE_EXTRA => self.heading_home(),
                // A way out of a circle the planner's ways lead round.
                RUNE_TELEPORT | RUNE_OPENING => self.circles.breaking_out(),
                _ => false,
            };
            if useful {
                return c;
            }
        }
        Choice::No
    }

    /// Start-of-turn items: used to heal once wounded to half health (every setting: healing
    /// at the first wound spent the items before the wounds that kill, 2 points of survival
    /// less for cautious), and only an item that heals, is worth no gold (the Harp
    /// and the Quicksilver Potion are worth more kept than any healing) and does not risk
    /// the hero's life more than a sure death on a double one would (the Unstable Potion's
    /// four wounds kill a hero with four health left).
    fn status_items(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let rules = game.rules();
        let h = game.hero(seat);
        if h.wounds < (h.health / 2).max(1) {
            return Choice::Done;
        }
        let left = i32::from(h.health) - i32::from(h.wounds);
        for &c in choices {
            let Choice::Card(id) = c else { continue };
            let card = &rules.cards[id as usize];
            if card.gold > 0 {
                continue;
            }
            let (heals, p_die) = item_outlook(rules, rules.span(card.on_status_optional), left);
            if heals && p_die <= ITEM_DEATH_RISK {
                return c;
            }
        }
        Choice::Done
    }

    /// End-of-game gambles (Bottle Imp: lose a random other loot card or gain a treasure):
    /// taken when the loot at stake is worth less than a treasure card on average.
    fn end_game_items(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let rules = game.rules();
        let Some(&card) = choices.iter().find(|c| matches!(c, Choice::Card(_))) else { return Choice::Done };
        let Choice::Card(id) = card else { return Choice::Done };
        let (mut sum, mut n) = (0.0, 0u32);
        for &c in game.hero(seat).held {
            if c != id && rules.cards[c as usize].loot {
                sum += f64::from(rules.cards[c as usize].gold);
                n += 1;
            }
        }
        let at_stake = if n == 0 { 0.0 } else { sum / f64::from(n) };
        if at_stake < self.treasure_gold {
            card
        } else {
            Choice::Done
        }
    }

    /// Before crossing a bridge: discard the least valuable loot card (one the exit does not
    /// need) while that raises the objective. Each card discarded takes one off the roll of
    /// the Agility test (determination tokens count too); a fall costs 1d6 wounds, death when
    /// they reach the health left, and with it the gold carried and `life`. Why: the hero
    /// crossed with every card and fell, dying with all of it (issue 24, G=137).
    fn bridge_discard(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let rules = game.rules();
        let h = game.hero(seat);
        let Some((card, g)) = choices
            .iter()
            .filter_map(|&c| match c {
                Choice::Card(id) if !exit_needs(game, seat, id) => Some((c, f64::from(rules.cards[id as usize].gold))),
                _ => None,
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
        else {
            return Choice::Done;
        };
        let tokens = if rules.edition == Edition::Third { 0 } else { i32::from(h.determination) };
        let agility = i32::from(rules.heroes[h.hero as usize].attrs[1]) + tokens;
        let loot = i32::from(game.loot_cards(seat));
        let left = i32::from(h.health) - i32::from(h.wounds);
        let p_die = f64::from((7 - left).clamp(0, 6)) / 6.0;
        let keep = f64::from(game.gold_seen(seat).unwrap_or(0)) + f64::from(self.p().life);
        let value = |penalty: i32, keep: f64| keep * (1.0 - (1.0 - p_2d6_at_most(agility - penalty)) * p_die);
        if value(loot - 1, keep - g) > value(loot, keep) {
            card
        } else {
            Choice::Done
        }
    }

    fn bribe(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let h = game.hero(seat);
        let pay = self.spec.kind == BotKind::Cautious || i32::from(h.health) - i32::from(h.wounds) <= 4;
        if pay {
            by_gold(game, choices, false).unwrap_or(Choice::No)
        } else {
            Choice::No
        }
    }

    // ---------------------------------------------------------------------------------------
    // Combat

    fn combat_card(&self, game: &Game<'_>, seat: u8, rng: &mut GameRng) -> Choice {
        let card = match self.p().combat {
            CombatStyle::Always(c) => c,
            CombatStyle::Uniform => CARDS[rng.below(3) as usize],
            CombatStyle::Nash => {
                let h = game.hero(seat).hero as usize;
                let w = self.nash[h][usize::from(game.variant().no_abilities)];
                sample(w, rng)
            }
        };
        Choice::Combat(card)
    }

    fn escape(&self, game: &Game<'_>, seat: u8, solo_before: bool) -> Choice {
        match self.p().escape {
            EscapeStyle::Never => Choice::No,
            EscapeStyle::Always => Choice::Yes,
            EscapeStyle::Expected => yes_if(self.escape_pays(game, seat, solo_before)),
        }
    }

    /// What the hero in `seat` knows of the combat in progress, the common ground of every
    /// decision to fight on or get out.
    fn outlook(&self, game: &Game<'_>, seat: u8) -> Option<FightOutlook> {
        let rules = game.rules();
        let (kind, dealt, _) = game.combat()?;
        let h = game.hero(seat);
        let def = &rules.heroes[h.hero as usize];
        let variant = game.variant();
        let rounds = round_outcomes(rules, variant.solo, self.combat_mix(game, seat), {
            let m = &self.monster_mix[h.hero as usize];
            m[usize::from(variant.no_abilities)]
        });
        Some(FightOutlook {
            kind,
            dealt,
            left: i32::from(h.health) - i32::from(h.wounds),
            cap: if variant.no_abilities { None } else { def.abilities.max_combat_wounds_per_round },
            rounds,
            seen: game.discard_pile(Deck::Monster).fold(0, |acc, c| acc | bit(rules, c)),
        })
    }

    /// Live to Fight Another Day: `never` keeps fighting; the others declare the escape when
    /// its expected cost beats fighting on. Declaring gives back the round's damage; the next
    /// round is won (escape, [`ESCAPE_DETOUR`]) with the chance of a round the hero takes no
    /// wound and deals some, else the fight goes on from the undamaged monster. (`always`
    /// does not declare blindly: giving back damage is no survival-first move in itself.)
    fn live_to_fight(&self, game: &Game<'_>, seat: u8) -> Choice {
        if self.p().escape == EscapeStyle::Never {
            return Choice::No;
        }
        let rules = game.rules();
        let Some(FightOutlook { kind, dealt, left, cap, rounds, seen }) = self.outlook(game, seat) else {
            return Choice::No;
        };
        let undone = dealt.saturating_sub(game.combat_last_dealt());
        let p_won: f64 = rounds
            .iter()
            .filter(|&&(_, hw, mw)| cap.map_or(hw, |c| hw.min(c)) == 0 && mw > 0)
            .map(|&(p, _, _)| p)
            .sum();
        let (mut fight, mut declare, mut n) = (0.0, 0.0, 0.0);
        for c in rules.deck_cards(Deck::Monster) {
            let Some(m) = rules.cards[c as usize].monster else { continue };
            if m.kind != kind || m.life <= dealt || seen & bit(rules, c) != 0 {
                continue;
            }
            fight += fight_cost(&rounds, cap, left, i32::from(m.life - dealt));
            declare +=
                p_won * ESCAPE_DETOUR + (1.0 - p_won) * fight_cost(&rounds, cap, left, i32::from(m.life - undone));
            n += 1.0;
        }
        yes_if(n > 0.0 && declare < fight)
    }

    /// Compares the expected cost (death weighted by [`DEATH_COST`], plus wounds) of fighting
    /// on with the cost of an escape attempt, over the monster cards of the announced kind
    /// not yet seen in the discard pile.
    fn escape_pays(&self, game: &Game<'_>, seat: u8, solo_before: bool) -> bool {
        let rules = game.rules();
        let Some(FightOutlook { kind, dealt, left, cap, rounds, seen }) = self.outlook(game, seat) else {
            return false;
        };
        let def = &rules.heroes[game.hero(seat).hero as usize];
        let (mut fight, mut flee, mut n) = (0.0, 0.0, 0.0);
        for c in rules.deck_cards(Deck::Monster) {
            let Some(m) = rules.cards[c as usize].monster else { continue };
            if m.kind != kind || m.life <= dealt || seen & bit(rules, c) != 0 {
                continue;
            }
            let life = i32::from(m.life - dealt);
            let f = fight_cost(&rounds, cap, left, life);
            let penalty = if solo_before { 0 } else { i32::from(m.escape_penalty) };
            let e = if penalty >= left { DEATH_COST + f64::from(left) } else { f64::from(penalty) + ESCAPE_DETOUR };
            fight += f;
            flee += e;
            n += 1.0;
        }
        if n == 0.0 {
            return false;
        }
        let agility = i32::from(def.attrs[1]);
        let pass = p_2d6_at_most(agility);
        let try_cost = pass * flee / n + (1.0 - pass) * fight / n;
        try_cost < fight / n
    }

    // ---------------------------------------------------------------------------------------
    // Catacombs

    /// Whether the policy is on its way to a tower.
    fn heading_home(&self) -> bool {
        self.homeward || self.heading == Goal::Tower
    }

    fn goal_cells(&self) -> &'static [Cell] {
        if self.heading_home() {
            &TOWERS
        } else {
            &TREASURE
        }
    }

    fn closeness(&self, c: Cell) -> u8 {
        self.goal_cells().iter().map(|&g| manhattan(c, g)).min().unwrap_or(0)
    }

    /// The way into the catacombs: the one pointing nearest a goal. Asked while the hero still
    /// stands on the board (the travel marker is placed by the answer), so it counts from `pos`.
    fn travel(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let pos = game.hero(seat).pos;
        let score = |d: Dir| step(pos, d).map_or(u8::MAX, |c| self.closeness(c));
        choices
            .iter()
            .copied()
            .min_by_key(|c| match c {
                Choice::Dir(d) => score(*d),
                _ => u8::MAX,
            })
            .unwrap_or(choices[0])
    }

    fn turn_direction(&self, game: &Game<'_>, seat: u8, choices: &Choices) -> Choice {
        let h = game.hero(seat);
        let score = |right: bool| {
            // Resurfacing walks 1d6 spaces that way: judge by the average.
            let (c, _) = walk(h.marker, h.marker_dir.turn(right), 3);
            self.closeness(c)
        };
        choices
            .iter()
            .copied()
            .min_by_key(|c| match c {
                Choice::Turn(r) => score(*r),
                _ => u8::MAX,
            })
            .unwrap_or(choices[0])
    }
}

/// How much an escape to a space traps the hero (see [`Strategic::escape_to`]), least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Trap {
    /// The hero can go on from there another way, or leave the dungeon there.
    None,
    /// A dead end: the only way on is back into the chamber escaped from.
    DeadEnd,
    /// A dead-end tower the hero cannot leave by (no loot, or no treasure card where one is
    /// asked for): he can neither leave nor search there.
    ShutTower,
}

/// How much escaping from `from` to `to` traps a hero who may leave the dungeon (`exit`) or
/// not, on `graph`.
fn escape_trap(graph: &Graph, to: Cell, from: Cell, exit: bool) -> Trap {
    let tower = TOWERS.contains(&to);
    if (tower && exit) || !graph.only_way_on_is(to, from) {
        Trap::None
    } else if tower {
        Trap::ShutTower
    } else {
        Trap::DeadEnd
    }
}

/// Whether the hero in `seat` may leave the dungeon now: a loot card, or a treasure card in
/// Revised solo play and under No Guts, No Glory (the engine's `can_exit`).
fn exit_allowed(game: &Game<'_>, seat: u8) -> bool {
    let v = game.variant();
    if (v.solo && game.rules().edition != Edition::Third) || v.no_guts_no_glory {
        game.treasure_cards(seat) > 0
    } else {
        game.loot_cards(seat) > 0
    }
}

/// Whether the exit asks the hero in `seat` for a treasure card (Revised solo play, No Guts,
/// No Glory) and he holds none.
fn needs_treasure(game: &Game<'_>, seat: u8) -> bool {
    let v = game.variant();
    ((v.solo && game.rules().edition != Edition::Third) || v.no_guts_no_glory) && game.treasure_cards(seat) == 0
}

/// Whether the hero in `seat` needs card `id` to leave the dungeon: his last treasure card
/// where the exit asks for one, else his last loot card.
fn exit_needs(game: &Game<'_>, seat: u8, id: dq_engine::CardId) -> bool {
    let v = game.variant();
    let card = &game.rules().cards[id as usize];
    if (v.solo && game.rules().edition != Edition::Third) || v.no_guts_no_glory {
        card.deck == Deck::Treasure && game.treasure_cards(seat) <= 1
    } else {
        card.loot && game.loot_cards(seat) <= 1
    }
}

/// What a hero holds, as a number that changes when he gains a card (see [`Circles::note`]).
fn worth(held: &[dq_engine::CardId]) -> u64 {
    held.iter().fold(held.len() as u64, |acc, &c| acc.wrapping_mul(31).wrapping_add(u64::from(c)))
}

/// The most chance of death a healing item may carry: one roll in 36 (a double one).
const ITEM_DEATH_RISK: f64 = 1.0 / 36.0 + 1e-9;

/// Whether the effect `ops` heals, and its chance of killing a hero with `left` health left
/// (by death, or by wounds as many as his health), over the dice it rolls.
fn item_outlook(rules: &Rules, ops: &[Op], left: i32) -> (bool, f64) {
    let (mut heals, mut p_die) = (false, 0.0);
    for op in ops {
        match *op {
            Op::Heal(_) => heals = true,
            Op::Die => p_die = 1.0,
            Op::Wounds(Amount::Fixed(n)) if i32::from(n) >= left => p_die = 1.0,
            Op::Roll { dice, cases } => {
                for case in rules.span(cases) {
                    let Op::Case { lo, hi, then } = *case else { continue };
                    let (h, d) = item_outlook(rules, rules.span(then), left);
                    heals |= h;
                    p_die += d * p_dice_between(dice, lo, hi);
                }
            }
            _ => {}
        }
    }
    (heals, p_die.min(1.0))
}

/// P(`dice`d6 totals `lo` to `hi`), for one or two dice (more count as two).
fn p_dice_between(dice: u8, lo: u8, hi: u8) -> f64 {
    let (mut n, mut all) = (0, 0);
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let total = if dice == 1 { a } else { a + b };
            all += 1;
            n += u32::from((lo..=hi).contains(&total));
        }
    }
    f64::from(n) / f64::from(all)
}

/// Safe turns of sun (before its first numbered space) beyond which a hero who would leave
/// with no gold goes on (see [`Strategic::goes_on_empty_handed`]): about a walk into the
/// dungeon and back.
const EMPTY_HANDED_TURNS: u32 = 10;

/// Turns a hero without loot is reckoned to spend finding some on the way home.
const LOOT_TURNS: i64 = 4;
/// The chance he finds it in those turns.
const LOOT_FOUND: f64 = 0.8;

/// The index into [`MODELS`] of the cost model a policy of `spec` prices the board with.
fn model_of(spec: BotSpec) -> usize {
    let model = if spec.kind == BotKind::Cautious { CostModel::CAREFUL } else { CostModel::BOLD };
    MODELS.iter().position(|&m| m == model).unwrap_or(0)
}

/// Moves from the treasure chamber to the nearest tower on the tower map (brought up to date
/// here), the fewer of the walks from its spaces, and the space the fewer start from.
///
/// A walk moves to a neighbouring space at every step, so from a treasure space it takes at
/// least [`TREASURE_LEAST`] moves; once one walk is that short, a walk from a space whose
/// least is as long cannot beat it and is not taken. (Nearly every walk back is that
/// short, so this halves the walking.)
///
/// The map is settled in full first, not only as far as the walks read. Why: settling as
/// far as a treasure space's cost leaves the spaces beyond it pending for the next reader
/// (the next walk back after a board change, or a hero on the way home), who then settles
/// them in a settling of its own; and the settling in full runs without the test for the
/// reader's need at each space taken (docs/perf.md).
///
/// The walks are taken from treasure space `first` (an index into [`TREASURE`]) first: the
/// space the way back last started from, whose walk is most often the short one still, so
/// that the other is walked less often. Of two walks equally short the one taken first is
/// kept.
///
/// The space the fewer walk starts from goes into [`Maps::back_from`] ([`NO_CELL`] if no walk
/// reaches a tower).
fn walk_back(m: &mut Maps, first: usize) -> (u8, Cell) {
    m.prepare_all(Goal::Tower);
    let (mut best, mut from) = (u8::MAX, TREASURE[first]);
    for i in [first, first ^ 1] {
        let (t, least) = (TREASURE[i], TREASURE_LEAST[i]);
        if least < best {
            let moves = m.map(Goal::Tower).hops(m.graph(), t);
            if moves < best {
                (best, from) = (moves, t);
            }
        }
    }
    m.back_from = if best == u8::MAX { NO_CELL } else { from };
    (best, from)
}

/// Moves from the treasure chamber to the nearest tower, the tower map brought up to date
/// first; keeps where the fewer walk started in [`Maps::back_from`].
fn exact_back(m: &mut Maps) -> i64 {
    let first = usize::from(m.back_from == TREASURE[1]);
    let (back, _) = walk_back(m, first);
    i64::from(back)
}

/// What the turns to spare on a plan allow: a search by the policy's `search` parameter, and
/// one turn (a hero without the loot the exit asks for searches whenever a turn is spare).
/// Why not the count: the planner may know the turns a plan takes only within bounds, and
/// bounds on both sides of a threshold need the moves counted, ones on one side do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spare {
    /// At least `search` turns (never, when `search` is 0).
    search: bool,
    /// At least one turn.
    one: bool,
}

impl Spare {
    /// No turn to spare.
    const NONE: Spare = Spare { search: false, one: false };

    /// What `turns` to spare allow under `p`.
    fn of(turns: i64, p: &Params) -> Spare {
        Spare { search: p.search > 0 && turns >= i64::from(p.search), one: turns >= 1 }
    }
}

/// The relative margin by which a value priced at bounds on the moves must beat the other
/// plan's to decide: far beyond the rounding of the products that price it.
const BOUND_MARGIN: f64 = 1e-9;

/// The fewest moves from `c` to the nearest of `cells`: the distance in rows and columns.
fn nearest(c: Cell, cells: &[Cell]) -> u8 {
    cells.iter().map(|&t| manhattan(c, t)).min().unwrap_or(0)
}

/// The fewest moves from each space of [`TREASURE`] to the nearest tower: the distance in
/// rows and columns.
const TREASURE_LEAST: [u8; TREASURE.len()] = {
    let mut least = [u8::MAX; TREASURE.len()];
    let mut i = 0;
    while i < TREASURE.len() {
        let mut j = 0;
        while j < TOWERS.len() {
            let (a, b) = (TREASURE[i], TOWERS[j]);
            let rows = (a / COLS).abs_diff(b / COLS);
            let cols = (a % COLS).abs_diff(b % COLS);
            if rows + cols < least[i] {
                least[i] = rows + cols;
            }
            j += 1;
        }
        i += 1;
    }
    least
};

/// The legal move that gets cheapest to `goal` (the first of equals); the map must be
/// prepared. It is settled first as far as the choice needs (see [`Moves`]), so the chosen
/// move's cost (read again by callers) is exact.
///
/// The moves are priced on the map as it is first: if the floor of its inconsistent keys is
/// at least the cheapest price (then at least what [`Moves::need`] says, which is at most the
/// cheapest sum), that answer stands, as it does at most decisions; else the map is settled
/// and the moves priced again (a call of its own).
#[inline(always)]
fn cheapest(m: &mut Maps, goal: Goal, choices: &Choices) -> Option<Choice> {
    let best = price_moves(m, goal, choices);
    if best.is_none_or(|(via, _)| m.map(goal).reads_right(via)) {
        return best.map(|(_, c)| c);
    }
    cheapest_settled(m, goal, choices)
}

/// [`cheapest`] once the map must be settled first.
#[inline(never)]
fn cheapest_settled(m: &mut Maps, goal: Goal, choices: &Choices) -> Option<Choice> {
    m.settle(goal, &Moves(choices));
    price_moves(m, goal, choices).map(|(_, c)| c)
}

/// The cheapest move on the map to `goal` as it is (the first of equals), and its price.
fn price_moves(m: &Maps, goal: Goal, choices: &Choices) -> Option<(u32, Choice)> {
    let map = m.map(goal);
    choices
        .iter()
        .filter_map(|&c| match c {
            Choice::Move(to) => Some((map.via(m.graph(), to), c)),
            _ => None,
        })
        .min_by_key(|&(cost, _)| cost)
}

/// What [`cheapest`] reads of a map: the cost of moving to each space a move goes to and on
/// to the goal (`enter + g`), enough to tell the cheapest, first of equals.
///
/// With `K` the least key of the map's inconsistent spaces, a space that costs less than `K`
/// is exact, and one that costs `K` or more has an exact cost of `K` or more (see
/// [`DistMap`]'s settling). So once `K` is at least the sum of some move (whose space then
/// costs less than `K`: exact), every move whose space is not exact sums to more than `K`,
/// more than that move: it is neither the cheapest nor equal to it, and the exact moves
/// decide. Once `K` is above the cost of every move's space, all are exact anyway.
///
/// [`DistMap`]: crate::dungeonquest::path::DistMap
struct Moves<'a>(&'a Choices);

impl Want for Moves<'_> {
    fn need(&self, cost: &[u16; SLOTS], _: &[u16; SLOTS], graph: &Graph) -> u32 {
        let (mut least_sum, mut most) = (u32::MAX, 0);
        for &c in self.0 {
            if let Choice::Move(to) = c {
                let g = u32::from(cost[to as usize]);
                least_sum = least_sum.min(g + u32::from(graph.enter(to)));
                most = most.max(g + 1);
            }
        }
        least_sum.min(most)
    }
}

const CARDS: [CombatCard; 3] = [CombatCard::Magic, CombatCard::Melee, CombatCard::Ranged];

fn one_hot(c: CombatCard) -> [f64; 3] {
    let mut m = [0.0; 3];
    m[dq_engine::rules::combat_index(c)] = 1.0;
    m
}

/// Servants of Kalladra: the dead hero's player hunts the heroes still in the dungeon. Each
/// choice is scored by how near the token it moves or adds ends up to the nearest hero on the
/// board outside the treasure chamber (0 = attacks him); the nearest wins, first of equals,
/// moves before additions; passing only when nothing else is legal.
fn servant_move(game: &Game<'_>, choices: &Choices) -> Choice {
    let near = |c: Cell| {
        (0..game.seats())
            .map(|s| game.hero(s))
            .filter(|h| h.status == HeroStatus::Board && !TREASURE.contains(&h.pos))
            .map(|h| manhattan(c, h.pos))
            .min()
            .unwrap_or(u8::MAX)
    };
    choices
        .iter()
        .filter_map(|&c| match c {
            Choice::MoveToken(_, to) => Some(((near(to), 0u8), c)),
            Choice::Move(at) => Some(((near(at), 1), c)),
            _ => None,
        })
        .min_by_key(|&(k, _)| k)
        .map_or(choices[0], |(_, c)| c)
}

/// Samples a card from integer weights summing to 2^24.
pub(crate) fn sample(w: [u32; 3], rng: &mut GameRng) -> CombatCard {
    let x = rng.below(1 << 24);
    if x < w[0] {
        CombatCard::Magic
    } else if x < w[0] + w[1] {
        CombatCard::Melee
    } else {
        CombatCard::Ranged
    }
}

/// A combat in progress as the hero sees it: the monster kind and the wounds dealt to it, the
/// hero's health left and per-round wound cap, the distribution of round outcomes (probability,
/// hero wounds, monster wounds) and the monster cards already seen (bits, see [`bit`]).
struct FightOutlook {
    kind: u8,
    dealt: u8,
    left: i32,
    cap: Option<u8>,
    rounds: ArrayVec<(f64, u8, u8), 9>,
    seen: u64,
}

fn bit(rules: &Rules, c: dq_engine::CardId) -> u64 {
    let first = rules.deck_cards(Deck::Monster).start;
    1u64.checked_shl(u32::from(c - first)).unwrap_or(0)
}

/// The outcome distribution of one combat round: (probability, hero wounds, monster wounds).
fn round_outcomes(rules: &Rules, solo: bool, hero: [f64; 3], monster: [f64; 3]) -> ArrayVec<(f64, u8, u8), 9> {
    if solo {
        return rules.solo.iter().map(|&(h, m)| (1.0 / 6.0, h, m)).collect();
    }
    let mut v = ArrayVec::new();
    for (i, row) in rules.matrix.iter().enumerate() {
        for (j, &(h, m)) in row.iter().enumerate() {
            let p = hero[i] * monster[j];
            if p > 0.0 {
                v.push((p, h, m));
            }
        }
    }
    v
}

/// Expected cost of fighting to the end from `left` health against `life`, by dynamic
/// programming over (health, life).
fn fight_cost(rounds: &[(f64, u8, u8)], cap: Option<u8>, left: i32, life: i32) -> f64 {
    const H: usize = 40;
    const L: usize = 24;
    let (left, life) = (left.clamp(1, H as i32 - 1) as usize, life.clamp(1, L as i32 - 1) as usize);
    let mut cost = [[0.0f64; L]; H];
    for h in 1..=left {
        for m in 1..=life {
            let (mut acc, mut stay) = (0.0, 0.0);
            for &(p, hw, mw) in rounds {
                let hw = usize::from(cap.map_or(hw, |c| hw.min(c)));
                let mw = usize::from(mw);
                if hw == 0 && mw == 0 {
                    stay += p;
                } else if hw >= h {
                    acc += p * (DEATH_COST + h as f64);
                } else if mw >= m {
                    acc += p * hw as f64;
                } else {
                    acc += p * (hw as f64 + cost[h - hw][m - mw]);
                }
            }
            cost[h][m] = if stay < 1.0 { acc / (1.0 - stay) } else { 0.0 };
        }
    }
    cost[left][life]
}

/// P(2d6 <= t).
fn p_2d6_at_most(t: i32) -> f64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + b <= t {
                n += 1;
            }
        }
    }
    f64::from(n) / 36.0
}

/// P(2d6 >= t).
fn p_2d6_at_least(t: i32) -> f64 {
    1.0 - p_2d6_at_most(t - 1)
}

fn is_rage(rules: &Rules, c: dq_engine::CardId) -> bool {
    rules.span(rules.cards[c as usize].effect).iter().any(|op| matches!(op, Op::DragonRage { .. }))
}

/// [`card_facts`]: the bits of a rune's use (the first op of its effect that is not a wound).
const RUNE_USE: u8 = 0b111;
/// A rune that cancels the card just drawn.
const RUNE_CANCEL: u8 = 1;
/// A rune that reshuffles the dragon deck.
const RUNE_RESHUFFLE: u8 = 2;
/// A rune that heals.
const RUNE_HEAL: u8 = 3;
/// A rune that gives extra turns.
const RUNE_EXTRA: u8 = 4;
/// A rune that moves the hero to a neighbouring space through walls.
const RUNE_TELEPORT: u8 = 5;
/// A rune that lets the hero through doors and portcullises this turn.
const RUNE_OPENING: u8 = 6;
/// [`card_facts`]: the card can hurt (see [`is_harmful`]).
const HARMFUL: u8 = 0b1000;

/// What the rune and redraw decisions need of card `c`: the use of its rune (0: not a rune,
/// or none the policy knows, see [`RUNE_USE`]) and whether it is [`is_harmful`].
fn card_facts(rules: &Rules, c: dq_engine::CardId) -> u8 {
    let def = &rules.cards[c as usize];
    let rune = def.rune.map_or(0, |r| match rules.span(r.effect).iter().find(|op| !matches!(op, Op::Wounds(_))) {
        Some(Op::CancelCard) => RUNE_CANCEL,
        Some(Op::ReshuffleDragon) => RUNE_RESHUFFLE,
        Some(Op::Heal(_)) => RUNE_HEAL,
        Some(Op::ExtraTurns(_)) => RUNE_EXTRA,
        Some(Op::Teleport) => RUNE_TELEPORT,
        Some(Op::IgnoreBarriers) => RUNE_OPENING,
        _ => 0,
    });
    rune | if is_harmful(rules, c) { HARMFUL } else { 0 }
}

/// A card whose effect can hurt: wounds, death, a monster, a trap, lost turns, a duel.
fn is_harmful(rules: &Rules, c: dq_engine::CardId) -> bool {
    let d = &rules.cards[c as usize];
    d.monster.is_some()
        || rules.span(d.effect).iter().any(|op| {
            matches!(
                op,
                Op::Wounds(_)
                    | Op::Die
                    | Op::Monster { .. }
                    | Op::Draw(Deck::Trap)
                    | Op::LoseTurns(_)
                    | Op::Duel { .. }
                    | Op::DragonRage { .. }
                    | Op::Test { .. }
            )
        })
}

fn pick(choices: &Choices, want: Choice) -> Choice {
    if choices.contains(&want) {
        want
    } else {
        choices[0]
    }
}

fn yes_if(b: bool) -> Choice {
    if b {
        Choice::Yes
    } else {
        Choice::No
    }
}

fn card_gold(game: &Game<'_>, c: Choice) -> Option<u32> {
    match c {
        Choice::Card(id) => Some(game.rules().cards[id as usize].gold),
        _ => None,
    }
}

/// The card choice with the least gold, or with `highest` the most.
fn by_gold(game: &Game<'_>, choices: &Choices, highest: bool) -> Option<Choice> {
    let golds = choices.iter().copied().filter_map(|c| card_gold(game, c).map(|g| (g, c)));
    let best = if highest { golds.max_by_key(|&(g, _)| g) } else { golds.min_by_key(|&(g, _)| g) };
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeonquest::random_play::each_board;

    /// The equilibria a policy keeps for each hero are those of the hero's own payoffs and of
    /// the plain game, each solved afresh: the plain game's equilibrium, solved once, serves
    /// every hero whose payoffs are the plain ones (all but one under the revised rules).
    #[test]
    fn equilibria_kept_per_hero_are_each_heros_own() {
        let rules = Rules::revised();
        let p = Strategic::new(&rules, BotSpec::parse("greedy").unwrap());
        let mut plain = rules.heroes[0].clone();
        plain.abilities = Default::default();
        let u = solve(&payoff(&rules, &plain));
        let mut shared = 0;
        for (i, h) in rules.heroes.iter().enumerate() {
            let c = solve(&payoff(&rules, h));
            assert_eq!(p.nash_mix[i], [c.hero, u.hero], "hero {i}");
            assert_eq!(p.monster_mix[i], [c.monster, u.monster], "hero {i}");
            assert_eq!(p.nash[i], [weights(c.hero), weights(u.hero)], "hero {i}");
            shared += usize::from(c == u);
        }
        assert!(shared > 0 && shared < rules.heroes.len(), "{shared} heroes play the plain game");
    }

    /// The least moves from the treasure spaces are their distances to the nearest tower, and
    /// the walk back skipping a walk that cannot be shorter gives the fewer of both walks, on
    /// boards of games played at random.
    #[test]
    fn the_walk_back_is_the_fewer_of_the_walks_from_the_treasure_spaces() {
        for (i, &t) in TREASURE.iter().enumerate() {
            assert_eq!(TREASURE_LEAST[i], TOWERS.iter().map(|&w| manhattan(t, w)).min().unwrap());
        }
        let rules = Rules::revised();
        let mut table = TableMaps::default();
        let mut checked = 0;
        each_board(&rules, 17, 200, |game, i, step| {
            if step == 0 {
                table.new_game();
            }
            for model in 0..MODELS.len() {
                let m = table.sync(game, model, false);
                m.prepare(Goal::Tower);
                // The walks back settle the map only as far as they read it.
                let (back, from) = walk_back(m, ((i + u64::from(step)) % 2) as usize);
                m.prepare_all(Goal::Tower);
                let tower = m.map(Goal::Tower);
                let want = TREASURE.iter().map(|&t| i64::from(tower.hops(m.graph(), t))).min().unwrap();
                assert_eq!(i64::from(back), want, "game {i}, model {model}");
                // The space kept is the one that walk starts from.
                assert_eq!(tower.hops(m.graph(), from), back, "game {i}, model {model}");
                let kept = if back == u8::MAX { NO_CELL } else { from };
                assert_eq!(m.back_from, kept, "game {i}, model {model}");
                checked += 1;
            }
        });
        assert!(checked > 10_000, "only {checked} boards");
    }

    /// The cheapest move read from maps settled only as far as it needs (see [`Moves`]) is the
    /// move maps computed afresh give, and so is its price, for moves from spaces all over
    /// the board (a space and its open neighbours, some choices not moves), on the boards of
    /// games played at random, for both goals.
    #[test]
    fn the_cheapest_move_on_a_partly_settled_map_is_the_fresh_one() {
        use crate::dungeonquest::path::{DistMap, Graph};
        let rules = Rules::revised();
        let mut table = TableMaps::default();
        let (mut checked, mut settled) = (0, 0);
        each_board(&rules, 31, 300, |game, i, step| {
            if step == 0 {
                table.new_game();
            }
            for (model, cost_model) in MODELS.iter().enumerate() {
                let m = table.sync(game, model, false);
                let mut fresh = Graph::default();
                fresh.build(game, cost_model, false);
                for goal in [Goal::Treasure, Goal::Tower] {
                    let at = ((u64::from(step) * 0x9E37_79B9 + i * 7 + model as u64) % CELLS as u64) as Cell;
                    let mut choices = Choices::new();
                    choices.push(Choice::Search);
                    for d in Dir::ALL {
                        if fresh.open(at) & (1 << d as u8) != 0 {
                            if let Some(to) = dq_engine::board::step(at, d) {
                                choices.push(Choice::Move(to));
                            }
                        }
                    }
                    m.prepare(goal);
                    let before = m.map(goal).is_settled();
                    let got = cheapest(m, goal, &choices);
                    settled += usize::from(!before && m.map(goal).is_settled());
                    let mut want_map = DistMap::default();
                    want_map.compute(&fresh, goal);
                    let want = choices
                        .iter()
                        .filter_map(|&c| match c {
                            Choice::Move(to) => Some((want_map.via(&fresh, to), c)),
                            _ => None,
                        })
                        .min_by_key(|&(cost, _)| cost);
                    assert_eq!(got, want.map(|(_, c)| c), "game {i} step {step}: {goal:?} from {at}");
                    if let (Some(Choice::Move(to)), Some((price, _))) = (got, want) {
                        assert_eq!(m.map(goal).via(m.graph(), to), price, "game {i} step {step}: {goal:?} price");
                    }
                    checked += 1;
                }
            }
        });
        assert!(checked > 20_000 && settled < checked / 2, "{checked} checked, {settled} settled in full");
    }

    /// A hero in the treasure chamber is 0 moves from it on the treasure map brought up to
    /// date (what `treasure_pays` takes without reading the map there, see `plan_lazy`), and
    /// a treasure map left behind the board there is brought to the same map later.
    #[test]
    fn the_treasure_chamber_is_no_move_from_itself_on_any_board() {
        use crate::dungeonquest::path::{DistMap, Graph};
        let rules = Rules::revised();
        let mut table = TableMaps::default();
        let mut checked = 0;
        each_board(&rules, 29, 200, |game, i, step| {
            if step == 0 {
                table.new_game();
            }
            for (model, cost_model) in MODELS.iter().enumerate() {
                let m = table.sync(game, model, false);
                // Prepared only now and then: behind the board in between.
                if step.is_multiple_of(5) {
                    m.prepare_all(Goal::Treasure);
                    let mut fresh = Graph::default();
                    fresh.build(game, cost_model, false);
                    let mut want = DistMap::default();
                    want.compute(&fresh, Goal::Treasure);
                    assert_eq!(m.map(Goal::Treasure).cost, want.cost, "game {i} step {step}");
                    for &t in &TREASURE {
                        assert_eq!(m.map(Goal::Treasure).hops(m.graph(), t), 0, "game {i} step {step}");
                        checked += 1;
                    }
                }
            }
        });
        assert!(checked > 1000, "only {checked} checks");
    }

    /// The table of card facts a policy keeps says, for every card, the rune's use and
    /// whether it can hurt just as the effect does when read at the decision.
    #[test]
    fn card_facts_read_the_effects() {
        for rules in [Rules::revised(), Rules::third()] {
            let bot = Strategic::new(&rules, BotSpec::parse("greedy").unwrap());
            let mut runes = 0;
            for c in 0..rules.cards.len() as dq_engine::CardId {
                let f = bot.facts(&rules, c);
                assert_eq!(f & HARMFUL != 0, is_harmful(&rules, c), "card {c}");
                let first = rules.cards[c as usize]
                    .rune
                    .and_then(|r| rules.span(r.effect).iter().find(|op| !matches!(op, Op::Wounds(_))));
                let want = match first {
                    Some(Op::CancelCard) => RUNE_CANCEL,
                    Some(Op::ReshuffleDragon) => RUNE_RESHUFFLE,
                    Some(Op::Heal(_)) => RUNE_HEAL,
                    Some(Op::ExtraTurns(_)) => RUNE_EXTRA,
                    Some(Op::Teleport) => RUNE_TELEPORT,
                    Some(Op::IgnoreBarriers) => RUNE_OPENING,
                    _ => 0,
                };
                assert_eq!(f & RUNE_USE, want, "card {c}");
                runes += usize::from(want != 0);
            }
            assert!(runes > 0);
        }
    }

    /// The Teleportation Rune and the Rune of Opening are kept while the hero follows his
    /// way, and used once he notices he is going in circles: a way out of a loop the path
    /// map cannot see (issue 24, G=66, G=371891: trapped, the runes unused to sunset).
    #[test]
    fn runes_that_open_a_way_are_used_to_break_out_of_a_circle() {
        use dq_engine::{GameConfig, HeroPick, NoObserver, Variant};
        let rules = Rules::revised();
        for name in ["Teleportation Rune", "Rune of Opening"] {
            let rune = (0..rules.cards.len() as dq_engine::CardId)
                .find(|&c| rules.cards[c as usize].name == name)
                .unwrap_or_else(|| panic!("no card {name}"));
            let mut heroes = arrayvec::ArrayVec::new();
            heroes.push(HeroPick::Fixed(0));
            let cfg = GameConfig { heroes, variant: Variant::default() };
            let mut game = Game::new(&rules, &cfg, 5, 0, &mut NoObserver).unwrap();
            game.give_rune(0, rune);
            let mut choices = Choices::new();
            // Play on (first legal answers) until the rune is offered at the start of a turn.
            for _ in 0..200 {
                game.legal(&mut choices);
                if game.pending().is_some_and(|d| d.kind == DecisionKind::Rune) && choices.contains(&Choice::Card(rune))
                {
                    break;
                }
                let pick = *choices.iter().find(|c| matches!(c, Choice::No | Choice::Done)).unwrap_or(&choices[0]);
                game.apply(pick, &mut NoObserver).unwrap();
            }
            assert!(choices.contains(&Choice::Card(rune)), "{name} never offered");
            let mut bot = Strategic::new(&rules, BotSpec::parse("greedy").unwrap());
            assert_eq!(bot.rune(&game, 0, &choices), Choice::No, "{name} used on the way");
            for i in 0..8 {
                if bot.circles.note(dq_engine::board::cell(1, i % 2), 0) {
                    break;
                }
            }
            assert!(bot.circles.breaking_out());
            assert_eq!(bot.rune(&game, 0, &choices), Choice::Card(rune), "{name} kept in a circle");
        }
    }

    /// A policy copied for another spec is the policy built for that spec.
    #[test]
    fn a_policy_for_another_spec_is_the_one_built_for_it() {
        for rules in [Rules::revised(), Rules::third()] {
            let first = Strategic::new(&rules, BotSpec::parse("greedy").unwrap());
            for spec in ["greedy", "cautious", "mixed", "cautious:margin=10:combat=nash", "mixed:escape=always"] {
                let spec = BotSpec::parse(spec).unwrap();
                let want = Strategic::new(&rules, spec);
                assert_eq!(format!("{:?}", first.for_spec(spec)), format!("{want:?}"), "{spec:?}");
            }
        }
    }

    #[test]
    fn dice_probabilities() {
        assert!((p_2d6_at_most(7) - 21.0 / 36.0).abs() < 1e-12);
        assert!((p_2d6_at_least(12) - 1.0 / 36.0).abs() < 1e-12);
        assert_eq!(p_2d6_at_least(2), 1.0);
    }

    #[test]
    fn fight_cost_of_a_sure_kill_is_zero_and_of_a_sure_death_is_the_death_cost() {
        // Every round: monster takes 1, hero nothing.
        assert_eq!(fight_cost(&[(1.0, 0, 1)], None, 3, 2), 0.0);
        // Every round: hero takes 2 with 2 health left.
        assert_eq!(fight_cost(&[(1.0, 2, 0)], None, 2, 5), DEATH_COST + 2.0);
        // Half/half: one wound to either side, hero 1 health, monster 1 life: dies half the time.
        assert!((fight_cost(&[(0.5, 1, 0), (0.5, 0, 1)], None, 1, 1) - 0.5 * (DEATH_COST + 1.0)).abs() < 1e-12);
    }

    /// The way into the catacombs is judged from the space the hero stands on (the travel
    /// marker is only placed by the answer): the bot takes the way whose first space is nearest
    /// a goal, and never one off the board while another leads onto it. Games are driven by
    /// random answers so that heroes reach catacomb entrances from many places.
    #[test]
    fn the_way_into_the_catacombs_heads_for_the_goal_from_the_hero_s_space() {
        use dq_engine::{GameConfig, NoObserver, Variant};
        let rules = Rules::revised();
        let mut bot = Strategic::new(&rules, BotSpec::parse("greedy").unwrap());
        let mut entries = 0;
        for i in 0..3000u64 {
            let cfg = GameConfig::random(1, Variant::default());
            let mut game = Game::new(&rules, &cfg, 31, i, &mut NoObserver).unwrap();
            bot.new_game();
            let mut rng = GameRng::from_seed(i);
            while !game.is_over() {
                let choices = game.legal_choices().clone();
                let mut c = choices[rng.below(choices.len() as u32) as usize];
                if game.pending().is_some_and(|d| d.kind == DecisionKind::TravelDirection) {
                    let pos = game.hero(0).pos;
                    assert!((pos as usize) < CELLS, "game {i}: the hero is on the board when asked");
                    let score = |bot: &Strategic, c: &Choice| match c {
                        Choice::Dir(d) => step(pos, *d).map_or(u8::MAX, |n| bot.closeness(n)),
                        _ => u8::MAX,
                    };
                    c = bot.choose(&game, &choices, &mut rng);
                    let best = choices.iter().map(|c| score(&bot, c)).min().unwrap();
                    assert_eq!(score(&bot, &c), best, "game {i}: {c:?} from space {pos} among {choices:?}");
                    entries += 1;
                }
                game.apply(c, &mut NoObserver).unwrap();
            }
        }
        assert!(entries > 50, "only {entries} catacomb entries");
    }
}
