//! The 1987 game's events as readable lines, with the rules' names: [`ClassicTrace`].
//!
//! Why: a replayed game (`dq replay --edition classic`) or a failing test is read by a person,
//! who wants "Sir Rohan (seat 0) draws the Room card \"Goblin\"", not `Card { deck: Some(Room),
//! card: 12 }`. The events carry indices; the names come from [`ClassicRules`] (heroes, tiles,
//! cards, counters) and from the seats' heroes, which the trace is given. For replays and
//! tests only: it allocates.

use super::combat::Answer;
use super::decks::ClassicDeck;
use super::game::{Ask, Cause, ClassicChoice, ClassicDecision, ClassicEvent, ClassicGame, Onward, Optional};
use super::rules::{ClassicRules, Stance};
use crate::core::Observer;
use crate::dungeonquest::board::{col, is_tower, is_treasure, row, Cell, Dir, NO_CELL};
use crate::dungeonquest::data::{Side, TileKind};
use std::fmt::{self, Write};

/// One line of a trace: an event, or an answer given (recorded by [`ClassicTrace::answered`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Event(ClassicEvent),
    Answer(ClassicDecision, ClassicChoice),
}

/// Records a game's events (as its observer) and the answers given, and renders them as
/// lines. Build it for the game's seats ([`ClassicTrace::for_game`]) so seats are named by
/// their heroes.
#[derive(Clone, Debug)]
pub struct ClassicTrace<'r> {
    rules: &'r ClassicRules,
    /// The hero (index into the rules' heroes) of each seat.
    heroes: Vec<u8>,
    entries: Vec<Entry>,
}

impl<'r> ClassicTrace<'r> {
    /// An empty trace for seats playing `heroes` (indices into `rules.heroes`, by seat).
    pub fn new(rules: &'r ClassicRules, heroes: &[u8]) -> ClassicTrace<'r> {
        ClassicTrace { rules, heroes: heroes.to_vec(), entries: Vec::new() }
    }

    /// An empty trace for the seats of `g`.
    pub fn for_game(g: &ClassicGame<'r>) -> ClassicTrace<'r> {
        let heroes: Vec<u8> = (0..g.seats()).map(|s| g.hero(s).hero).collect();
        ClassicTrace::new(g.rules(), &heroes)
    }

    /// Records the answer `c` given to `d` (call it before applying the answer, so the line
    /// comes before what it caused).
    pub fn answered(&mut self, d: ClassicDecision, c: ClassicChoice) {
        self.entries.push(Entry::Answer(d, c));
    }

    /// What was recorded, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// One line per entry.
    pub fn lines(&self) -> Vec<String> {
        let names = Names { rules: self.rules, heroes: &self.heroes };
        self.entries
            .iter()
            .map(|e| {
                let mut s = String::new();
                let _ = match *e {
                    Entry::Event(ev) => names.event(&mut s, ev),
                    Entry::Answer(d, c) => names.answer(&mut s, d, c),
                };
                s
            })
            .collect()
    }

    /// The lines joined, each ending with a newline.
    pub fn render(&self) -> String {
        self.lines().into_iter().fold(String::new(), |mut s, l| {
            s.push_str(&l);
            s.push('\n');
            s
        })
    }
}

impl Observer<ClassicEvent> for ClassicTrace<'_> {
    fn event(&mut self, event: ClassicEvent) {
        self.entries.push(Entry::Event(event));
    }
}

/// One event as a line, seats by number (no seat's hero known).
pub fn render_event(rules: &ClassicRules, ev: &ClassicEvent) -> String {
    let mut s = String::new();
    let _ = write_event(&mut s, rules, &[], ev);
    s
}

/// Writes one event as a line (no newline), seats named by `heroes` (by seat; a seat past its
/// end is named by number only).
pub fn write_event(out: &mut impl Write, rules: &ClassicRules, heroes: &[u8], ev: &ClassicEvent) -> fmt::Result {
    Names { rules, heroes }.event(out, *ev)
}

/// Writes an answer given as a line (no newline).
pub fn write_answer(
    out: &mut impl Write,
    rules: &ClassicRules,
    heroes: &[u8],
    d: ClassicDecision,
    c: ClassicChoice,
) -> fmt::Result {
    Names { rules, heroes }.answer(out, d, c)
}

/// A cell as `(row,col)`.
fn at(c: Cell) -> String {
    if c == NO_CELL {
        "-".into()
    } else {
        format!("({},{})", row(c), col(c))
    }
}

/// A space named: the Treasure Chamber, a tower, or its `(row,col)`.
fn place(c: Cell) -> String {
    if is_treasure(c) {
        "the Treasure Chamber".into()
    } else if is_tower(c) {
        format!("the tower at {}", at(c))
    } else {
        at(c)
    }
}

/// The rulebook's name of a kind of tile.
fn kind_name(k: TileKind) -> &'static str {
    match k {
        TileKind::DungeonRoom => "room",
        TileKind::Corridor => "Corridor",
        TileKind::Bridge => "Bridge",
        TileKind::BottomlessPit => "Bottomless Pit",
        TileKind::CaveIn => "Cave-In",
        TileKind::ChamberOfDarkness => "Chamber of Darkness",
        TileKind::Chasm => "Chasm",
        TileKind::RotatingChamber => "Rotating Room",
        TileKind::SpiderWeb => "Spider Web",
        TileKind::TrapChamber => "Trap Room",
    }
}

fn deck_name(d: ClassicDeck) -> &'static str {
    match d {
        ClassicDeck::Room => "Room",
        ClassicDeck::Door => "Door",
        ClassicDeck::Trap => "Trap",
        ClassicDeck::Corpse => "Corpse",
        ClassicDeck::Crypt => "Crypt",
        ClassicDeck::Search => "Search",
    }
}

fn cause_text(c: Cause) -> &'static str {
    match c {
        Cause::Monster => "slain by a monster",
        Cause::Dragon => "burnt by the Dragon",
        Cause::Card => "killed by what a card brought",
        Cause::Pit => "fallen into the Bottomless Pit",
        Cause::DeadEnd => "trapped in a dead end",
        Cause::Night => "still inside at nightfall",
    }
}

/// The rules and the seats' heroes: what turns indices into names.
struct Names<'a> {
    rules: &'a ClassicRules,
    heroes: &'a [u8],
}

impl Names<'_> {
    /// A seat as "Sir Rohan (seat 0)", or "seat 0" when its hero is not known.
    fn who(&self, seat: u8) -> String {
        match self.heroes.get(seat as usize).and_then(|&h| self.rules.heroes.get(h as usize)) {
            Some(h) => format!("{} (seat {seat})", h.name),
            None => format!("seat {seat}"),
        }
    }

    /// A tile of the box: "tile 17 (a Corridor with 1 door)".
    fn tile(&self, t: u8) -> String {
        let Some(def) = self.rules.tiles.drawn().get(t as usize) else { return format!("tile {t}") };
        let name = kind_name(def.kind);
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
        let doors = def.sides.iter().filter(|&&s| s == Side::Door).count();
        let gates = def.sides.iter().filter(|&&s| s == Side::Portcullis).count();
        let extra = match (doors, gates) {
            (0, 0) => String::new(),
            (d, 0) => format!(" with {d} door{}", if d > 1 { "s" } else { "" }),
            (0, p) => format!(" with {p} portcullis{}", if p > 1 { "es" } else { "" }),
            (d, p) => format!(
                " with {d} door{} and {p} portcullis{}",
                if d > 1 { "s" } else { "" },
                if p > 1 { "es" } else { "" }
            ),
        };
        format!("tile {t} ({article} {name}{extra})")
    }

    fn event(&self, out: &mut impl Write, ev: ClassicEvent) -> fmt::Result {
        let rules = self.rules;
        match ev {
            ClassicEvent::Round(r) => write!(out, "== round {r} =="),
            ClassicEvent::Turn(s) => write!(out, "-- {}'s turn", self.who(s)),
            ClassicEvent::Start { seat, cell } => write!(out, "{} starts in {}", self.who(seat), place(cell)),
            ClassicEvent::TilePlaced { cell, tile, rot } => {
                write!(out, "  {} laid at {}, entry arrow {}", self.tile(tile), at(cell), Dir::from_u8(rot + 2).name())
            }
            ClassicEvent::TileTurned { cell, rot } => {
                write!(out, "  the tile at {} turns: its entry arrow now {}", at(cell), Dir::from_u8(rot + 2).name())
            }
            ClassicEvent::Moved { seat, to } => write!(out, "  {} moves to {}", self.who(seat), place(to)),
            ClassicEvent::Card { deck: Some(d), card } => {
                let name = rules.decks.deck(d).get(card as usize).map_or("?", |c| rules.decks.name(*c));
                write!(out, "  {} card: \"{name}\"", deck_name(d))
            }
            ClassicEvent::Card { deck: None, card } => write!(out, "  Monster card {card}"),
            ClassicEvent::Rolled { sides, value } => write!(out, "  D{sides} rolls {value}"),
            ClassicEvent::LifeLost { seat, lp } => {
                write!(out, "  {} loses {lp} LP{}", self.who(seat), if lp == 1 { "" } else { "s" })
            }
            ClassicEvent::LifeGained { seat, lp } => {
                write!(out, "  {} regains {lp} LP{}", self.who(seat), if lp == 1 { "" } else { "s" })
            }
            ClassicEvent::Treasure { seat, counter } => {
                let gp = rules.treasure.get(counter as usize).copied().unwrap_or(0);
                write!(out, "  {} takes Treasure counter {counter}: {gp} GP", self.who(seat))
            }
            ClassicEvent::Dragon { seat, awake } => write!(
                out,
                "  {} turns a Dragon counter: {}",
                self.who(seat),
                if awake { "THE DRAGON WAKES" } else { "the Dragon sleeps" }
            ),
            ClassicEvent::Missed(s) => write!(out, "  {} misses the turn", self.who(s)),
            ClassicEvent::Exited(s) => write!(out, "  {} LEAVES the dungeon", self.who(s)),
            ClassicEvent::Died { seat, cause } => write!(out, "  {} DIES, {}", self.who(seat), cause_text(cause)),
            ClassicEvent::Over => write!(out, "game over"),
        }
    }

    fn answer(&self, out: &mut impl Write, d: ClassicDecision, c: ClassicChoice) -> fmt::Result {
        let what = match c {
            ClassicChoice::Tower(t) => {
                let cell = crate::dungeonquest::board::TOWERS.get(t as usize).copied().unwrap_or(NO_CELL);
                format!("take {}", place(cell))
            }
            ClassicChoice::Move(to) if d.ask == Ask::Onward(Onward::Run) => format!("run to {}", place(to)),
            ClassicChoice::Move(to) => format!("move to {}", place(to)),
            ClassicChoice::MoveWithRing(to) => format!("move to {} with the Ring of Opening", place(to)),
            ClassicChoice::Search => "search the room".into(),
            ClassicChoice::Pass => "pass".into(),
            ClassicChoice::Drink => "drink the potion".into(),
            ClassicChoice::Heal => "use the Ring of Healing".into(),
            ClassicChoice::Loot => "stay in the Treasure Chamber".into(),
            ClassicChoice::Exit => "leave through the tower".into(),
            ClassicChoice::Yes | ClassicChoice::No => {
                let q = match d.ask {
                    Ask::Optional(Optional::Corpse) => "search the body",
                    Ask::Optional(Optional::Crypt) => "search the Crypt",
                    Ask::Optional(Optional::WarnTile | Optional::WarnCard) => "use the Ring of Warning",
                    _ => "go on",
                };
                format!("{}{q}", if c == ClassicChoice::Yes { "" } else { "not " })
            }
            ClassicChoice::Retreat => "retreat from the Cave-In".into(),
            ClassicChoice::Roll => "try to cross the Cave-In".into(),
            ClassicChoice::Strike => "fight the Giant Spider".into(),
            ClassicChoice::Flee => "flee the Giant Spider".into(),
            ClassicChoice::Shoot => "shoot an arrow at the Giant Spider".into(),
            ClassicChoice::Stop => "stop shooting".into(),
            ClassicChoice::Combat(a) => match a {
                Answer::Stance(Stance::Attack) => "attack".into(),
                Answer::Stance(Stance::Wait) => "wait and see".into(),
                Answer::Stance(Stance::Escape) => "try to escape".into(),
                Answer::Blind => "use the Ring of Blinding".into(),
                Answer::Fire => "fire an arrow".into(),
                Answer::Hold => "hold fire".into(),
                Answer::Counter(k) => format!("play {k:?}"),
            },
        };
        write!(out, "  > {} decides: {what}", self.who(d.seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeonquest::board::TOWERS;
    use crate::dungeonquest::classic::game::{ClassicSetup, SeatSetup};

    /// Sir Rohan, solo, leaves his tower east into a new room, meets a Goblin and attacks:
    /// the D12 solo table (2: he loses 1; 11: roll again; 8, 9: the Goblin loses 1 twice).
    #[test]
    fn a_short_stacked_game_reads_in_the_rules_words() {
        let rules = ClassicRules::embedded();
        let room = rules.tiles.drawn().iter().position(|t| t.kind == TileKind::DungeonRoom && t.walls == 0).unwrap();
        let goblin = rules.decks.deck(ClassicDeck::Room).iter().position(|c| rules.decks.name(*c) == "Goblin").unwrap();
        let rohan = rules.hero_by_id("rohan").unwrap();
        let setup = ClassicSetup {
            seats: vec![SeatSetup { hero: rohan, ring: None, pos: TOWERS[0], life: None }],
            round: 1,
            next_tiles: vec![room as u8],
            tops: vec![(ClassicDeck::Room, goblin as u8)],
            monster_tops: vec![0],
            dice: vec![2, 11, 8, 9],
            ..Default::default()
        };
        let mut trace = ClassicTrace::new(&rules, &[rohan]);
        let mut g = ClassicGame::from_setup(&rules, &setup, 1, &mut trace).unwrap();
        for c in [ClassicChoice::Move(1), ClassicChoice::Combat(Answer::Stance(Stance::Attack))] {
            trace.answered(g.pending().unwrap(), c);
            g.apply(c, &mut trace).unwrap();
        }
        let want = [
            "== round 1 ==",
            "-- Sir Rohan (seat 0)'s turn",
            "  > Sir Rohan (seat 0) decides: move to (0,1)",
            "  tile 0 (a room) laid at (0,1), entry arrow west",
            "  Sir Rohan (seat 0) moves to (0,1)",
            "  Room card: \"Goblin\"",
            "  > Sir Rohan (seat 0) decides: attack",
            "  Monster card 0",
            "  Sir Rohan (seat 0) loses 1 LP",
            "== round 2 ==",
            "-- Sir Rohan (seat 0)'s turn",
        ];
        assert_eq!(trace.lines(), want);
        assert_eq!(trace.render(), want.join("\n") + "\n");
        assert_eq!(render_event(&rules, &ClassicEvent::LifeLost { seat: 2, lp: 3 }), "  seat 2 loses 3 LPs");
        assert_eq!(
            render_event(&rules, &ClassicEvent::Died { seat: 1, cause: Cause::Pit }),
            "  seat 1 DIES, fallen into the Bottomless Pit"
        );
    }
}
