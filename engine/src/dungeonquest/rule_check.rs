//! A rules expert's invariants, checked event by event: [`RuleCheck`].
//!
//! An [`Observer`] that keeps a shadow of what it needs (where each hero stands and on which
//! side of a split chamber, whether he is in the game, the tiles laid) from the events, and
//! is brought back in step with the [`Game`] between decisions by [`RuleCheck::check_after`],
//! which also checks what the state shows (cards conserved, the sun, escape offers). For
//! tests and replays only: it allocates its violation list; bulk runs use
//! [`crate::NoObserver`] and never see it.
//!
//! One function per invariant (`check_*`), each naming the invariant, seat, round and cells
//! in its message.

use crate::core::Observer;
use crate::dungeonquest::board::{col, dir_between, is_treasure, row, Cell, CELLS, NO_CELL, TREASURE};
use crate::dungeonquest::data::{Side, TileKind};
use crate::dungeonquest::decision::{Choice, DecisionKind};
use crate::dungeonquest::edition::Edition;
use crate::dungeonquest::game::{DeathCause, Game, HeroStatus, MAX_SEATS, NO_CARD};
use crate::dungeonquest::observer::Event;
use crate::dungeonquest::rules::{Deck, Op, Rules, Span};
use crate::dungeonquest::variant::Variant;
use std::fmt;

/// Known engine bugs not fixed yet: (edition, invariant, what). The invariant tests
/// (`engine/tests/property_random_games.rs`, `bots/tests/rule_invariants.rs`) report their
/// violations without failing, so a bug found can be listed here until its fix lands (the fix
/// deletes the line). None is open: the bugs this checker was written against are fixed.
pub const KNOWN_BUGS: &[(Edition, Invariant, &str)] = &[];

/// Whether violations of `invariant` in `edition` are a known bug ([`KNOWN_BUGS`]).
pub fn is_known_bug(edition: Edition, invariant: Invariant) -> bool {
    KNOWN_BUGS.iter().any(|&(e, i, _)| e == edition && i == invariant)
}

/// The invariants [`RuleCheck`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Invariant {
    /// No combat round after the death of a hero in the fight.
    CombatAfterDeath,
    /// No turn for a dead or exited hero.
    TurnWhileOut,
    /// Every hero in the treasure chamber takes a Dragon Rage.
    DragonRageSpared,
    /// No move across the wrong side of a split chamber (chasm; bridge and cave-in only after
    /// their crossing test).
    SplitMove,
    /// No escape (or flight) across the wrong side of a split chamber.
    SplitEscape,
    /// No escape offered where the rules forbid one.
    EscapeForbidden,
    /// Revised: no escape refused where the rules allow one (a Secret Door's or Teleport's
    /// "cannot be escaped" holds for the monster met in the chamber reached, not the turn).
    EscapeDenied,
    /// No hero enters a chamber another hero holds (the treasure chamber excepted).
    OccupiedChamber,
    /// Wounds reaching the hero's health mean death (or, 2010 Death Can Wait, a knock-out).
    WoundsWithoutDeath,
    /// The sun never moves back.
    SunBack,
    /// Every card in exactly one place (and the rest of [`Game::check_invariants`]).
    Cards,
}

impl Invariant {
    /// Short name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Invariant::CombatAfterDeath => "combat-after-death",
            Invariant::TurnWhileOut => "turn-while-out",
            Invariant::DragonRageSpared => "dragon-rage-spared",
            Invariant::SplitMove => "split-move",
            Invariant::SplitEscape => "split-escape",
            Invariant::EscapeForbidden => "escape-forbidden",
            Invariant::EscapeDenied => "escape-denied",
            Invariant::OccupiedChamber => "occupied-chamber",
            Invariant::WoundsWithoutDeath => "wounds-without-death",
            Invariant::SunBack => "sun-back",
            Invariant::Cards => "cards",
        }
    }
}

/// One broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Which invariant.
    pub invariant: Invariant,
    /// The round it happened in.
    pub round: u16,
    /// The seat concerned.
    pub seat: u8,
    /// What happened, cells as `(row,col)`.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] round {}, seat {}: {}", self.invariant.name(), self.round, self.seat, self.message)
    }
}

/// A cell as `(row,col)`.
fn at(c: Cell) -> String {
    if c == NO_CELL {
        "-".into()
    } else {
        format!("({},{})", row(c), col(c))
    }
}

/// Where a hero stands, as far as the checker knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    In,
    Dead,
    Exited,
}

/// How a hero came into the chamber he stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arrival {
    /// Setup, respawn, or not known.
    Start,
    Hall,
    /// Secret Door, Teleport (card or rune), a tower jump.
    Special,
    /// An escape, or the flight of a hero beaten in Hero vs. Hero.
    Escape,
    /// 2010 Dragon Rage retreat.
    Retreat,
    /// Resurfacing from the catacombs.
    Catacombs,
}

#[derive(Clone, Copy, Debug)]
struct Shadow {
    def: u8,
    status: Status,
    /// Board space (canonical treasure cell), or `NO_CELL` off the board.
    pos: Cell,
    part: u8,
    wounds: u8,
    arrival: Arrival,
    /// The turn (`RuleCheck::turns`) of the arrival.
    arrived_turn: u32,
    /// The decision that will move the hero next, and its answer.
    cause: Option<(DecisionKind, Choice)>,
    /// An escape or flight was announced: the next move of this hero (to `escape_to`) is it.
    escaping: bool,
    escape_to: Cell,
    /// The last attribute test since the move was chosen passed.
    test_passed: bool,
}

impl Shadow {
    const NEW: Shadow = Shadow {
        def: 0,
        status: Status::In,
        pos: NO_CELL,
        part: 0,
        wounds: 0,
        arrival: Arrival::Start,
        arrived_turn: 0,
        cause: None,
        escaping: false,
        escape_to: NO_CELL,
        test_passed: false,
    };
}

/// A Dragon Rage being resolved.
#[derive(Clone, Copy, Debug)]
struct Rage {
    drawer: u8,
    /// Seats in the treasure chamber when it was drawn.
    due: u8,
    /// Seats that took it (wounds or death).
    hit: u8,
}

/// The encounter in progress.
#[derive(Clone, Copy, Debug)]
struct Encounter {
    seat: u8,
    cell: Cell,
    turn: u32,
    /// The card that started it says "no escape" (Old Bones).
    card_forbids: bool,
}

/// Checks the rule invariants of a game (see the module docs). Pass it as the observer of
/// [`Game::new`] and [`Game::apply`], and call [`RuleCheck::check_after`] after each.
/// `Clone`, so a checker can follow a copy of a game played on (a resampled one, a search's).
#[derive(Clone)]
pub struct RuleCheck<'r> {
    rules: &'r Rules,
    variant: Variant,
    edition: Edition,
    seats: u8,
    heroes: [Shadow; MAX_SEATS],
    /// Tile + 1 (0: none) and rotation per space.
    board: [(u8, u8); CELLS],
    round: u16,
    sun: u8,
    active: u8,
    /// Turns started so far.
    turns: u32,
    /// Seats in the fight in progress, and the one of them who died (and how).
    fighters: u8,
    fight_dead: Option<(u8, String)>,
    /// The fight in progress is against a monster (not Hero vs. Hero), fought by `fighter`.
    monster_fight: bool,
    fighter: u8,
    rage: Option<Rage>,
    /// A hero whose wounds reached his health: the next event must be his death.
    dying: Option<(u8, u8, u8)>,
    /// Whether the last card drawn (not a monster card) starts an encounter without escape.
    card_forbids: bool,
    /// A servant's turn (Servants of Kalladra): a token it moves onto a hero attacks him where
    /// he stands, which is no encounter on entering a chamber by special movement.
    servant_turn: bool,
    /// Per card: its effect can start an encounter without escape.
    no_escape_cards: Vec<bool>,
    encounter: Option<Encounter>,
    violations: Vec<Violation>,
}

impl<'r> RuleCheck<'r> {
    /// A checker for a game of `rules` played with `variant`.
    pub fn new(rules: &'r Rules, variant: Variant) -> RuleCheck<'r> {
        let no_escape_cards = rules.cards.iter().map(|c| forbids_escape(rules, c.effect)).collect();
        RuleCheck {
            rules,
            variant,
            edition: rules.edition,
            seats: 0,
            heroes: [Shadow::NEW; MAX_SEATS],
            board: [(0, 0); CELLS],
            round: 0,
            sun: 0,
            active: 0,
            turns: 0,
            fighters: 0,
            fight_dead: None,
            monster_fight: false,
            fighter: 0,
            rage: None,
            dying: None,
            card_forbids: false,
            servant_turn: false,
            no_escape_cards,
            encounter: None,
            violations: Vec::new(),
        }
    }

    /// The violations found so far.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Takes the violations found so far.
    pub fn take_violations(&mut self) -> Vec<Violation> {
        std::mem::take(&mut self.violations)
    }

    /// Records a violation; the same one again (an offer repeated every combat round) once.
    fn report(&mut self, invariant: Invariant, seat: u8, message: String) {
        let v = Violation { invariant, round: self.round, seat, message };
        if self.violations.last() != Some(&v) {
            self.violations.push(v);
        }
    }

    fn health(&self, seat: u8) -> u8 {
        self.rules.hero(self.heroes[seat as usize].def).health
    }

    fn never_escapes(&self, seat: u8) -> bool {
        !self.variant.no_abilities && self.rules.hero(self.heroes[seat as usize].def).abilities.never_escapes
    }

    /// Between decisions: checks what the state shows, then takes the state as the shadow.
    pub fn check_after(&mut self, g: &Game) {
        if let Some((seat, total, health)) = self.dying.take() {
            self.report(
                Invariant::WoundsWithoutDeath,
                seat,
                format!("{total} wounds of {health} and no death before the next decision"),
            );
        }
        self.round = g.clock.round;
        self.seats = g.seats;
        self.check_cards(g);
        self.check_sun_state(g);
        self.check_pending_turn(g);
        self.check_escape_offer(g);
        self.check_escape_denied(g);
        for (s, h) in g.heroes.iter().enumerate().take(g.seats as usize) {
            let sh = &mut self.heroes[s];
            sh.def = h.def;
            sh.status = match h.status {
                HeroStatus::Board | HeroStatus::Catacombs => Status::In,
                HeroStatus::Dead => Status::Dead,
                HeroStatus::Exited => Status::Exited,
            };
            sh.pos = if h.status == HeroStatus::Board { canon(h.pos) } else { NO_CELL };
            sh.part = h.part;
            sh.wounds = h.wounds;
            // A flight (Hero vs. Hero) has no move event: once the figure is there, it is done.
            if sh.escaping && sh.pos == sh.escape_to {
                sh.escaping = false;
            }
        }
        for (c, s) in self.board.iter_mut().enumerate() {
            let sp = g.board[c];
            *s = (sp.tile, sp.rot);
        }
        if !g.over {
            self.active = g.active.get();
        }
        if g.edition == Edition::Third && g.third.pvp {
            self.monster_fight = false;
        }
    }

    // --- invariants read from the state ---

    /// Cards conserved, tiles placed once, living heroes below their health.
    fn check_cards(&mut self, g: &Game) {
        if let Err(e) = g.check_invariants() {
            self.report(Invariant::Cards, g.active.get(), e);
        }
    }

    /// The sun as the game shows it never moves back.
    fn check_sun_state(&mut self, g: &Game) {
        if g.clock.sun < self.sun {
            self.report(
                Invariant::SunBack,
                g.active.get(),
                format!("sun moved back from {} to {}", self.sun, g.clock.sun),
            );
        }
        self.sun = g.clock.sun;
    }

    /// A hero's own decisions (action, status phase, move again) only while he is in the game.
    fn check_pending_turn(&mut self, g: &Game) {
        let Some(d) = g.pending else { return };
        let own = matches!(d.kind, DecisionKind::Action | DecisionKind::StatusItems | DecisionKind::MoveAgain);
        if own && (d.seat >= g.seats || !g.heroes[d.seat as usize].in_game()) {
            let status = g.heroes[d.seat as usize & (MAX_SEATS - 1)].status;
            self.report(Invariant::TurnWhileOut, d.seat, format!("asked for {:?} while {status:?}", d.kind));
        }
    }

    /// Why the rules forbid the fighting hero an escape from the encounter in progress, if they
    /// do. `None`: allowed as far as this checker knows.
    fn escape_forbidden_why(&self, g: &Game, seat: u8) -> Option<String> {
        let h = &self.heroes[seat as usize];
        if self.never_escapes(seat) {
            return Some("the hero may never escape".into());
        }
        if let Some(e) = self.encounter.filter(|e| e.seat == seat) {
            if e.card_forbids {
                return Some("the card that started the encounter forbids escape".into());
            }
            // Revised: "A monster met there cannot be escaped" (Secret Door, Teleportation Rune):
            // the chamber reached by the special move, in that turn.
            if self.edition != Edition::Third
                && h.arrival == Arrival::Special
                && h.arrived_turn == e.turn
                && e.cell == h.pos
                && h.pos != NO_CELL
            {
                return Some(format!("the monster was met in {} reached by a special move this turn", at(h.pos)));
            }
        }
        if self.edition == Edition::Third && g.heroes[seat as usize].status == HeroStatus::Board {
            // 2010: no escape after special movement (escapes and the Dragon Rage retreat are
            // special movement: the hero is put back, not moved through a hall), nor the turn
            // after resurfacing, nor in a chamber with a portcullis.
            // A servant's token attacking the hero where he stands is no encounter on entering.
            let arrival = if self.servant_turn { Arrival::Hall } else { h.arrival };
            let why = match arrival {
                Arrival::Escape => Some("reached by an escape"),
                Arrival::Retreat => Some("reached by a Dragon Rage retreat"),
                Arrival::Special => Some("reached by special movement"),
                Arrival::Catacombs => Some("reached by resurfacing"),
                Arrival::Start | Arrival::Hall => None,
            };
            if let Some(why) = why {
                return Some(format!("the chamber {} was {why}", at(h.pos)));
            }
            let (t, _) = self.board[h.pos as usize];
            if t != 0 && self.rules.tile(t - 1).sides.contains(&Side::Portcullis) {
                return Some(format!("the chamber {} has a portcullis", at(h.pos)));
            }
        }
        None
    }

    /// No escape offered where the rules forbid one.
    fn check_escape_offer(&mut self, g: &Game) {
        let Some(d) = g.pending else { return };
        let offer = matches!(
            d.kind,
            DecisionKind::Escape | DecisionKind::SoloEscape | DecisionKind::EscapeOrAttack | DecisionKind::LiveToFight
        );
        if !offer || g.duel.is_some() {
            return;
        }
        if let Some(why) = self.escape_forbidden_why(g, d.seat) {
            self.report(
                Invariant::EscapeForbidden,
                d.seat,
                format!("{:?} offered at {} but {why}", d.kind, at(self.heroes[d.seat as usize].pos)),
            );
        }
    }

    /// Revised: an encounter the engine marks as unescapable has a reason the rules give.
    fn check_escape_denied(&mut self, g: &Game) {
        if self.edition == Edition::Third || g.duel.is_some() || g.combat.card == NO_CARD || g.combat.escape {
            return;
        }
        let seat = g.active.get();
        if self.escape_forbidden_why(g, seat).is_none() {
            let pos = self.heroes[seat as usize].pos;
            let how = if g.turn.no_escape {
                " (the no-escape of a Secret Door or Teleport move earlier this turn)"
            } else {
                ""
            };
            self.report(
                Invariant::EscapeDenied,
                seat,
                format!("the monster met at {} may not be escaped, with no rule forbidding it{how}", at(pos)),
            );
        }
    }

    // --- invariants read from the events ---

    /// Wounds reaching the health are followed at once by the hero's death.
    fn check_death_follows(&mut self, e: &Event) {
        let Some((seat, total, health)) = self.dying else { return };
        self.dying = None;
        if !matches!(*e, Event::Died { seat: s, .. } if s == seat) {
            self.report(
                Invariant::WoundsWithoutDeath,
                seat,
                format!("{total} wounds of {health} followed by {e:?}, not his death"),
            );
        }
    }

    /// No combat round once a hero in the fight has died.
    fn check_combat_round(&mut self, e: &Event) {
        if let Some((dead, how)) = self.fight_dead.clone() {
            self.report(Invariant::CombatAfterDeath, dead, format!("{e:?} after seat {dead} {how}"));
        }
    }

    /// 2010 card combat: the hero's damage stack counts as wounds ("Monster Victory": the
    /// combat ends when the damage stack and the wounds he had reach his life value).
    fn note_damage_stack(&mut self, hero_damage: u8) {
        if !self.monster_fight || self.fight_dead.is_some() {
            return;
        }
        let seat = self.fighter;
        let (wounds, health) = (self.heroes[seat as usize].wounds, self.health(seat));
        if wounds.saturating_add(hero_damage) >= health {
            self.fight_dead = Some((
                seat,
                format!("was dead: damage stack {hero_damage} + wounds {wounds} reached his life {health}"),
            ));
        }
    }

    /// A turn starts only for a hero in the game.
    fn check_turn_start(&mut self, seat: u8) {
        let st = self.heroes[seat as usize].status;
        if st != Status::In {
            self.report(Invariant::TurnWhileOut, seat, format!("turn started while {st:?}"));
        }
    }

    /// Every hero in the treasure chamber when a Dragon Rage was drawn took it.
    fn check_rage_done(&mut self) {
        let Some(r) = self.rage.take() else { return };
        let spared = r.due & !r.hit;
        for s in 0..MAX_SEATS as u8 {
            if spared & (1 << s) != 0 {
                self.report(
                    Invariant::DragonRageSpared,
                    s,
                    format!(
                        "in the treasure chamber {} when seat {} drew Dragon Rage, and took no hit",
                        at(TREASURE[0]),
                        r.drawer
                    ),
                );
            }
        }
    }

    /// The side of a split chamber `from` a move or escape of `seat` to `to` leaves by, if it
    /// is not the hero's: the tile's kind.
    fn crosses_split(&self, seat: u8, from: Cell, to: Cell) -> Option<TileKind> {
        if from == NO_CELL || is_treasure(from) {
            return None;
        }
        let (t, rot) = self.board[from as usize];
        if t == 0 {
            return None;
        }
        let tile = self.rules.tile(t - 1);
        if !tile.is_split() {
            return None;
        }
        let d = dir_between(from, to)?;
        let k = ((d as u8 + 4 - rot) & 3) as usize;
        (tile.part[k] != self.heroes[seat as usize].part).then_some(tile.kind)
    }

    /// An escape or flight never leaves a split chamber on the other side.
    fn check_split_escape(&mut self, seat: u8, to: Cell) {
        let from = self.heroes[seat as usize].pos;
        if let Some(kind) = self.crosses_split(seat, from, to) {
            let h = self.heroes[seat as usize];
            let how =
                if matches!(h.cause, Some((DecisionKind::Retreat, _))) { "fled (Hero vs. Hero)" } else { "escaped" };
            self.report(
                Invariant::SplitEscape,
                seat,
                format!(
                    "{how} from {kind:?} {} (standing on part {}) to {} on the other side",
                    at(from),
                    h.part,
                    at(to)
                ),
            );
        }
    }

    /// A move leaves a split chamber on the hero's side, or (bridge, cave-in) after passing
    /// the crossing test; moves that ignore walls (Secret Door, Teleport) are not held to it.
    fn check_split_move(&mut self, seat: u8, from: Cell, to: Cell) {
        let h = self.heroes[seat as usize];
        let special = matches!(h.cause, Some((DecisionKind::SecretDoor | DecisionKind::Teleport, _)));
        if special {
            return;
        }
        let Some(kind) = self.crosses_split(seat, from, to) else { return };
        let ok = matches!(kind, TileKind::Bridge | TileKind::CaveIn) && h.test_passed;
        if !ok {
            self.report(
                Invariant::SplitMove,
                seat,
                format!(
                    "moved from {kind:?} {} (standing on part {}) to {} on the other side{}",
                    at(from),
                    h.part,
                    at(to),
                    if matches!(kind, TileKind::Chasm) { "" } else { " without passing the crossing test" }
                ),
            );
        }
    }

    /// No hero enters a chamber another hero holds ("A player cannot choose to enter a
    /// chamber that is already occupied by another hero figure, with the exception of the
    /// treasure chamber"); resurfacing may ("A player can resurface in a chamber that is
    /// occupied"), escapes may (2010 clarification), and under Hero vs. Hero a move there is
    /// an attack.
    fn check_occupied(&mut self, seat: u8, from: Cell, to: Cell) {
        let resurfacing = from == NO_CELL;
        if is_treasure(to) || resurfacing || self.heroes[seat as usize].escaping || self.variant.hero_vs_hero {
            return;
        }
        for s in 0..self.seats {
            let o = self.heroes[s as usize];
            if s != seat && o.status == Status::In && o.pos == to {
                self.report(Invariant::OccupiedChamber, seat, format!("entered {} held by seat {s}", at(to)));
            }
        }
    }

    /// The sun never moves back.
    fn check_sun_event(&mut self, sun: u8) {
        if sun < self.sun {
            self.report(
                Invariant::SunBack,
                self.active,
                format!("round starts with the sun at {sun}, after {}", self.sun),
            );
        }
        self.sun = sun;
    }

    // --- the shadow ---

    /// Where a hero entering `to` from `from` through a hall stands (split chambers).
    fn part_entering(&self, from: Cell, to: Cell) -> u8 {
        let (t, rot) = self.board[to as usize];
        if t == 0 || from == NO_CELL {
            return 0;
        }
        let from = if is_treasure(from) {
            TREASURE.into_iter().find(|&c| dir_between(c, to).is_some()).unwrap_or(from)
        } else {
            from
        };
        match dir_between(to, from) {
            Some(d) => self.rules.tile(t - 1).part[((d as u8 + 4 - rot) & 3) as usize],
            None => 0,
        }
    }

    fn moved(&mut self, seat: u8, from: Cell, to: Cell) {
        let s = seat as usize;
        let h = self.heroes[s];
        if h.escaping {
            self.heroes[s].escaping = false;
            self.place(seat, from, to, Arrival::Escape);
            return;
        }
        self.check_split_move(seat, from, to);
        self.check_occupied(seat, from, canon(to));
        let arrival = match h.cause {
            _ if from == NO_CELL => Arrival::Catacombs,
            Some((DecisionKind::SecretDoor | DecisionKind::Teleport, _)) => Arrival::Special,
            Some((DecisionKind::RageRetreat, _)) => Arrival::Retreat,
            Some((DecisionKind::Tower, Choice::Move(t))) if crate::dungeonquest::board::is_tower(t) && t == to => {
                Arrival::Special
            }
            _ => Arrival::Hall,
        };
        self.place(seat, from, to, arrival);
    }

    fn place(&mut self, seat: u8, from: Cell, to: Cell, arrival: Arrival) {
        let part = self.part_entering(from, to);
        let turns = self.turns;
        let h = &mut self.heroes[seat as usize];
        h.pos = canon(to);
        h.part = part;
        h.arrival = arrival;
        h.arrived_turn = turns;
        h.cause = None;
        h.test_passed = false;
        // Any card effect that forbade escape belonged to the chamber left.
        self.card_forbids = false;
    }

    fn decided(&mut self, seat: u8, kind: DecisionKind, choice: Choice) {
        use DecisionKind as K;
        let s = seat as usize & (MAX_SEATS - 1);
        match kind {
            K::Action | K::MoveAgain | K::Tower | K::SecretDoor | K::Teleport | K::RageRetreat | K::Retreat => {
                if matches!(choice, Choice::Move(_) | Choice::MoveDark) {
                    self.heroes[s].cause = Some((kind, choice));
                    self.heroes[s].test_passed = false;
                }
            }
            K::ChooseSide => {
                // The side of a split chamber entered other than through a hall.
                let (t, _) = self.board.get(self.heroes[s].pos as usize).copied().unwrap_or((0, 0));
                if let Choice::Part(p) = choice {
                    if t != 0 && self.rules.tile(t - 1).is_split() {
                        self.heroes[s].part = p;
                    }
                }
            }
            K::ServantMove => {
                // A servant's turn (no turn-start event): a turn of its own, whose encounter
                // no card drawn before it started.
                self.turns += 1;
                self.card_forbids = false;
                self.servant_turn = true;
            }
            K::HeroCombatCard | K::AttackCard | K::DefendCard | K::CombatPlay | K::Counterattack => {
                self.fighters |= 1 << s;
            }
            _ => {}
        }
    }
}

impl Observer<Event> for RuleCheck<'_> {
    fn event(&mut self, e: Event) {
        self.check_death_follows(&e);
        match e {
            Event::HeroJoins { seat, hero, tower } => {
                self.seats = self.seats.max(seat + 1);
                let h = &mut self.heroes[seat as usize];
                *h = Shadow { def: hero, pos: tower, ..Shadow::NEW };
            }
            Event::RoundStart { round, sun } => {
                self.round = round;
                self.check_sun_event(sun);
            }
            Event::TurnStart { seat, round, .. } => {
                self.round = round;
                self.check_rage_done();
                self.check_turn_start(seat);
                self.active = seat;
                self.turns += 1;
                self.fighters = 1 << seat;
                self.fight_dead = None;
                self.monster_fight = false;
                self.card_forbids = false;
                self.servant_turn = false;
                self.encounter = None;
            }
            Event::Decided { seat, kind, choice, .. } => self.decided(seat, kind, choice),
            Event::Test { seat, pass, .. } => {
                if let Some(h) = self.heroes.get_mut(seat as usize) {
                    h.test_passed = pass;
                }
            }
            Event::CardDrawn { card, .. } if self.rules.card(card).deck != Deck::Monster => {
                self.card_forbids = self.no_escape_cards.get(card as usize).copied().unwrap_or(false);
            }
            Event::TilePlaced { cell, tile, rotation } => {
                if let Some(s) = self.board.get_mut(cell as usize) {
                    *s = (tile + 1, rotation);
                }
            }
            Event::TileRotated { cell, rotation } => {
                if let Some(s) = self.board.get_mut(cell as usize) {
                    s.1 = rotation;
                }
            }
            Event::Moved { seat, from, to } => self.moved(seat, from, to),
            Event::Escaped { seat, to } => {
                self.check_split_escape(seat, to);
                let from = self.heroes[seat as usize].pos;
                self.place(seat, from, to, Arrival::Escape);
                // The revised and 2010 escapes move the figure next (a `Moved` event); a
                // beaten hero's flight (Hero vs. Hero) does not.
                self.heroes[seat as usize].escaping = true;
                self.heroes[seat as usize].escape_to = canon(to);
            }
            Event::Healed { seat, total, .. } => self.heroes[seat as usize].wounds = total,
            Event::Wounds { seat, total, .. } => {
                self.heroes[seat as usize].wounds = total;
                if let Some(r) = self.rage.as_mut() {
                    r.hit |= 1 << seat;
                }
                let health = self.health(seat);
                if total >= health {
                    self.dying = Some((seat, total, health));
                }
            }
            Event::MonsterAppears { seat, .. } => {
                self.fighters = 1 << seat;
                self.fight_dead = None;
                self.monster_fight = true;
                self.fighter = seat;
                let h = self.heroes[seat as usize];
                self.encounter =
                    Some(Encounter { seat, cell: h.pos, turn: self.turns, card_forbids: self.card_forbids });
                self.card_forbids = false;
            }
            Event::CardCombatRound { hero_damage, .. } => {
                self.check_combat_round(&e);
                self.note_damage_stack(hero_damage);
            }
            Event::CombatRound { .. } | Event::SoloRound { .. } | Event::DiceCombatRound { .. } => {
                self.check_combat_round(&e)
            }
            Event::DragonRage { seat } => {
                self.check_rage_done();
                let mut due = 0;
                for s in 0..self.seats {
                    let h = self.heroes[s as usize];
                    if h.status == Status::In && h.pos != NO_CELL && is_treasure(h.pos) {
                        due |= 1 << s;
                    }
                }
                self.rage = Some(Rage { drawer: seat, due, hit: 0 });
            }
            Event::EnterCatacombs { seat, .. } => {
                self.heroes[seat as usize].pos = NO_CELL;
                self.heroes[seat as usize].escaping = false;
            }
            Event::Died { seat, cause } => {
                if let Some(r) = self.rage.as_mut() {
                    r.hit |= 1 << seat;
                }
                if self.fighters & (1 << seat) != 0 && self.fight_dead.is_none() {
                    self.fight_dead = Some((seat, "died in the fight".into()));
                }
                // 2010 Death Can Wait knocks out instead (the hero stays where he fell).
                let knocked =
                    self.edition == Edition::Third && self.variant.death_can_wait && cause != DeathCause::Sunset;
                if !knocked {
                    let h = &mut self.heroes[seat as usize];
                    h.status = Status::Dead;
                    h.pos = NO_CELL;
                }
            }
            Event::Respawned { seat, tower } => {
                let turns = self.turns;
                let h = &mut self.heroes[seat as usize];
                h.status = Status::In;
                h.pos = tower;
                h.part = 0;
                h.arrival = Arrival::Start;
                h.arrived_turn = turns;
            }
            Event::Exited { seat } => {
                let h = &mut self.heroes[seat as usize];
                h.status = Status::Exited;
                h.pos = NO_CELL;
            }
            Event::GameOver { round } => {
                self.round = round;
                self.check_rage_done();
            }
            _ => {}
        }
    }
}

/// The canonical cell of a space (the treasure chamber's first).
fn canon(c: Cell) -> Cell {
    if is_treasure(c) {
        TREASURE[0]
    } else {
        c
    }
}

/// Whether the ops of `span` (with their branches) can start an encounter without escape.
fn forbids_escape(rules: &Rules, span: Span) -> bool {
    rules.span(span).iter().any(|op| match *op {
        Op::Monster { escape, .. } => !escape,
        Op::Test { pass, fail, .. } => forbids_escape(rules, pass) || forbids_escape(rules, fail),
        Op::Roll { cases, .. } => forbids_escape(rules, cases),
        Op::Case { then, .. } => forbids_escape(rules, then),
        _ => false,
    })
}

/// The optional-rule tables an invariant run plays through for `rules`' edition: no optional
/// rule, each rule alone, then each pair of rules (`magical-might` with 2 runes), leaving out
/// what the edition refuses ([`Variant::check`]). `solo` is returned too: callers give it one
/// hero only.
pub fn rules_alone_and_in_pairs(rules: &Rules) -> Vec<Variant> {
    let names: Vec<&str> =
        Variant::NAMES.iter().map(|&n| if n == "magical-might=N" { "magical-might=2" } else { n }).collect();
    // `going-it-alone` is `solo` by another name.
    let names: Vec<&str> = names.into_iter().filter(|&n| n != "going-it-alone").collect();
    let mut out = vec![Variant::default()];
    for (i, a) in names.iter().enumerate() {
        for b in std::iter::once(None).chain(names[i + 1..].iter().map(Some)) {
            let mut v = Variant::default();
            if v.enable(a).is_err() || b.is_some_and(|b| v.enable(b).is_err()) {
                continue;
            }
            if v.check(rules.edition).is_ok() {
                out.push(v);
            }
        }
    }
    out
}
