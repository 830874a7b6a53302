//! The bots of a 1987 table: a hero policy per seat and the monster player's policy, and
//! playing game `index` of a run with them.

use super::fight::{ClassicHero, ClassicMonster};
use super::plan::{Memory, Planner};
use super::route::RouteMaps;
use crate::core::{play_out_noting, Policy};
use crate::dungeonquest::spec::{BotKind, BotSpec, MonsterSpec, SpecError};
use arrayvec::ArrayVec;
use dq_engine::core::Observer;
use dq_engine::dungeonquest::classic::combat::Side;
use dq_engine::dungeonquest::classic::game::{
    Ask, ClassicChoice, ClassicChoices, ClassicConfig, ClassicConfigError, ClassicDecision, ClassicEvent, ClassicGame,
    MAX_SEATS,
};
use dq_engine::dungeonquest::classic::{Answer, ClassicRules, Fight};
use dq_engine::rng::{GameRng, Stream};

/// One seat's hero policy: enum dispatch, no virtual calls in the hot loop.
#[derive(Clone, Debug)]
enum Seat {
    /// Uniform over the legal answers: no state, no maps.
    Random,
    Planned(Box<Planner>),
}

/// The bots of a 1987 table: a policy per seat (`random`, `greedy`, `cautious`, `mixed`) and
/// the monster player's counters ([`ClassicMonster`]), with the route maps the planners
/// share. Built once per worker thread and reused game after game: no allocation per game.
#[derive(Clone, Debug)]
pub struct ClassicPlayers {
    specs: ArrayVec<BotSpec, MAX_SEATS>,
    seats: ArrayVec<Seat, MAX_SEATS>,
    monster_spec: MonsterSpec,
    monster: ClassicMonster,
    maps: RouteMaps,
    /// What each seat remembers within the game (forgotten at [`Policy::new_game`]).
    memory: [Memory; MAX_SEATS],
}

impl ClassicPlayers {
    /// What [`ClassicPlayers::new`] would refuse, checked without building (building computes
    /// the combat tables): 1 to 4 seats, one spec or one per seat, kinds this edition plays.
    /// The spec of each seat.
    pub fn check(
        rules: &ClassicRules,
        bots: &[BotSpec],
        monster: MonsterSpec,
        seats: usize,
    ) -> Result<ArrayVec<BotSpec, MAX_SEATS>, SpecError> {
        let _ = monster; // The three monster policies all play the 1987 counters.
        if !(1..=MAX_SEATS).contains(&seats) {
            return Err(SpecError(format!("{seats} seats: a game has 1 to 4 heroes")));
        }
        if rules.heroes.is_empty() {
            return Err(SpecError("the classic rules have no heroes".into()));
        }
        let specs: ArrayVec<BotSpec, MAX_SEATS> = match bots.len() {
            1 => (0..seats).map(|_| bots[0]).collect(),
            n if n == seats => bots.iter().copied().collect(),
            n => return Err(SpecError(format!("{n} bots for {seats} heroes: give one bot, or one per hero"))),
        };
        if specs.iter().any(|s| s.kind == BotKind::Expert) {
            return Err(SpecError(
                "bot \"expert\" does not play the classic (1987) edition: use greedy, cautious, mixed or random".into(),
            ));
        }
        Ok(specs)
    }

    /// `bots` holds one spec for every seat, or a single spec used by all `seats`.
    pub fn new(
        rules: &ClassicRules,
        bots: &[BotSpec],
        monster: MonsterSpec,
        seats: usize,
    ) -> Result<ClassicPlayers, SpecError> {
        let specs = ClassicPlayers::check(rules, bots, monster, seats)?;
        // Seats of the same spec share one build of the combat tables.
        let mut built: ArrayVec<Planner, MAX_SEATS> = ArrayVec::new();
        let mut out: ArrayVec<Seat, MAX_SEATS> = ArrayVec::new();
        for &s in &specs {
            if s.kind == BotKind::Random {
                out.push(Seat::Random);
                continue;
            }
            // The 1987 bots play the spec's 1987 parameters (their own defaults).
            let played = s.in_classic();
            let p = match built.iter().find(|p| p.spec() == played) {
                Some(p) => p.clone(),
                None => {
                    let p = Planner::with_hero(rules, played, ClassicHero::new(rules, played));
                    built.push(p.clone());
                    p
                }
            };
            out.push(Seat::Planned(Box::new(p)));
        }
        Ok(ClassicPlayers {
            specs,
            seats: out,
            monster_spec: monster,
            monster: ClassicMonster::new(rules, monster),
            maps: RouteMaps::new(),
            memory: [Memory::default(); MAX_SEATS],
        })
    }

    /// The spec seat `seat` plays.
    pub fn spec(&self, seat: u8) -> BotSpec {
        self.specs[seat as usize % self.specs.len()]
    }

    /// The monster player's policy.
    pub fn monster_spec(&self) -> MonsterSpec {
        self.monster_spec
    }

    /// The monster player's counter against the active hero, whose policy's mix it may know.
    fn monster_counter(&self, game: &ClassicGame<'_>, f: &Fight, rng: &mut GameRng) -> ClassicChoice {
        let sheet = f.encounter().hero;
        let mix = match &self.seats[game.active() as usize % self.seats.len()] {
            Seat::Random => [1.0 / 3.0; 3],
            Seat::Planned(p) => p.hero().counter_mix(sheet),
        };
        ClassicChoice::Combat(Answer::Counter(self.monster.counter(sheet, mix, rng)))
    }
}

impl<'r> Policy<ClassicGame<'r>> for ClassicPlayers {
    fn new_game(&mut self) {
        self.memory = [Memory::default(); MAX_SEATS];
        self.maps.new_game();
    }

    #[inline]
    fn choose(&mut self, game: &ClassicGame<'r>, choices: &ClassicChoices, rng: &mut GameRng) -> ClassicChoice {
        let Some(d) = game.pending() else { return choices[0] };
        if d.ask == Ask::Fight {
            if let Some(f) = game.fight().filter(|f| f.side() == Side::Monster) {
                let c = self.monster_counter(game, f, rng);
                return if choices.contains(&c) { c } else { choices[0] };
            }
        }
        match &self.seats[d.seat as usize % self.seats.len()] {
            Seat::Random => choices[rng.below(choices.len() as u32) as usize],
            Seat::Planned(p) => {
                let memory = &mut self.memory[d.seat as usize % MAX_SEATS];
                p.choose(game, d.ask, choices, rng, &mut self.maps, memory)
            }
        }
    }
}

/// Plays game `index` of a run to the end in `game`, restarted in place (its rules kept),
/// every decision answered by `players` from the game's bot stream: the 1987 counterpart of
/// [`crate::play_into`].
pub fn play_classic_into<'r, P: Policy<ClassicGame<'r>>, O: Observer<ClassicEvent>>(
    game: &mut ClassicGame<'r>,
    config: &ClassicConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
) -> Result<(), ClassicConfigError> {
    play_classic_noting(game, config, master, index, players, obs, |_, _, _| {})
}

/// [`play_classic_into`], handing each decision and its answer to `noted` before it is
/// applied (see [`crate::core::play_out_noting`]): `dq replay`'s trace of the answers.
pub fn play_classic_noting<'r, P: Policy<ClassicGame<'r>>, O: Observer<ClassicEvent>>(
    game: &mut ClassicGame<'r>,
    config: &ClassicConfig,
    master: u64,
    index: u64,
    players: &mut P,
    obs: &mut O,
    mut noted: impl FnMut(&mut O, ClassicDecision, ClassicChoice),
) -> Result<(), ClassicConfigError> {
    players.new_game();
    game.restart(config, master, index, obs)?;
    let mut rng = GameRng::new(master, index, Stream::Bot);
    play_out_noting(game, &mut rng, players, obs, |o, _, d, c| noted(o, d, c));
    Ok(())
}
