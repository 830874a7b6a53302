//! A recording observer and its turn-by-turn text.

use crate::core::Observer;
use crate::dungeonquest::board::{col, row, Cell};
use crate::dungeonquest::decision::{Choice, DecisionKind};
use crate::dungeonquest::observer::Event;
use crate::dungeonquest::rules::Rules;
use std::fmt::Write;

/// Records every event of a game (this allocates: it is for replays, not bulk runs).
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub events: Vec<Event>,
}

impl Observer<Event> for Trace {
    fn event(&mut self, event: Event) {
        self.events.push(event);
    }
}

fn at(c: Cell) -> String {
    if c == u8::MAX {
        "-".into()
    } else {
        format!("({},{})", row(c), col(c))
    }
}

fn choice(rules: &Rules, c: Choice) -> String {
    match c {
        Choice::Move(to) => format!("move to {}", at(to)),
        Choice::Card(id) => format!("card \"{}\"", rules.cards[id as usize].name),
        Choice::Combat(k) => format!("{k:?}"),
        Choice::Dir(d) => d.name().to_string(),
        Choice::Turn(r) => (if r { "turn right" } else { "turn left" }).to_string(),
        Choice::MoveToken(from, to) => format!("move the monster token from {} to {}", at(from), at(to)),
        other => format!("{other:?}"),
    }
}

/// What follows a `Died` event for its seat: the event is the same (statistics count every
/// one), the text says which it was.
enum AfterDeath {
    /// Death Can Wait (Revised): cards returned, the hero restarts on a tower.
    Restarts,
    /// Death Can Wait (2010): knocked out, the hero plays on where he fell.
    KnockedOut,
    /// Out of the game.
    Dead,
}

impl Trace {
    /// Reads ahead from the `Died` event at `i` of `seat`: a restart on a tower, a later turn
    /// of his with no restart (a knock-out), or neither before the game's end (a dead hero
    /// starts no turn again).
    fn after_death(&self, i: usize, seat: u8) -> AfterDeath {
        for e in &self.events[i + 1..] {
            match *e {
                Event::Respawned { seat: s, .. } if s == seat => return AfterDeath::Restarts,
                Event::TurnStart { seat: s, .. } if s == seat => return AfterDeath::KnockedOut,
                Event::GameOver { .. } => return AfterDeath::Dead,
                _ => {}
            }
        }
        AfterDeath::Dead
    }

    /// The events as readable text, one line each, grouped by turn.
    pub fn render(&self, rules: &Rules) -> String {
        let mut s = String::new();
        let card = |id: u16| rules.cards[id as usize].name.as_str();
        for (i, e) in self.events.iter().enumerate() {
            let line = match *e {
                Event::HeroJoins { seat, hero, tower } => {
                    format!("seat {seat}: {} starts on tower {}", rules.heroes[hero as usize].name, at(tower))
                }
                Event::RuneDealt { seat, card: c } => format!("seat {seat} gets {}", card(c)),
                Event::FirstPlayer { seat } => format!("seat {seat} is first player"),
                Event::LateStart { roll } => format!("late start: the sun advances {roll}"),
                Event::RoundStart { round, sun } => format!("\n== round {round}, sun on space {sun} =="),
                Event::SunRoll { space, roll, sets_on_or_below, set } => format!(
                    "sun roll on space {space}: {roll} (sets on {sets_on_or_below} or less){}",
                    if set { " - THE SUN SETS" } else { "" }
                ),
                Event::TurnStart { seat, extra, .. } => {
                    format!("-- seat {seat}'s {}turn", if extra { "extra " } else { "" })
                }
                Event::TurnLost { seat, left } => format!("seat {seat} loses this turn ({left} more to lose)"),
                Event::Decided { seat, kind, choice: c, forced } => format!(
                    "  seat {seat} {} {kind:?}: {}",
                    if forced { "must" } else { "decides" },
                    match (kind, c, &rules.card_combat) {
                        // Combat decisions name combat and power cards, not deck cards.
                        (DecisionKind::CombatPlay | DecisionKind::Counterattack, Choice::Card(id), Some(cc)) => {
                            format!("combat card \"{}\"", cc.names.get(id as usize).map_or("?", |n| n.as_str()))
                        }
                        // A servant adds a token beside a tower.
                        (DecisionKind::ServantMove, Choice::Move(to), _) => format!("add a monster token at {}", at(to)),
                        _ => choice(rules, c),
                    }
                ),
                Event::Dice { dice, count, .. } => format!("  die: {}", &dice[..count as usize].iter().map(|d| d.to_string()).collect::<Vec<_>>().join("+")),
                Event::CardDrawn { seat, card: c } => {
                    format!("  seat {seat} draws {} card \"{}\"", rules.cards[c as usize].deck.name(), card(c))
                }
                Event::CardDiscarded { .. } => continue,
                Event::Shuffled { deck } => format!("  the {} deck is shuffled", deck.name()),
                Event::TilePlaced { cell, tile, rotation } => {
                    format!("  tile {} ({:?}) placed at {} rotated {}", tile, rules.tiles[tile as usize].kind, at(cell), rotation)
                }
                Event::TileRotated { cell, rotation } => format!("  tile at {} turns to rotation {rotation}", at(cell)),
                Event::Moved { seat, from, to } => format!("  seat {seat} moves {} -> {}", at(from), at(to)),
                Event::Test { seat, attr, target, total, pass } => format!(
                    "  seat {seat} tests {attr:?}: rolled {total} against {target}: {}",
                    if pass { "pass" } else { "fail" }
                ),
                Event::Wounds { seat, amount, total } => format!("  seat {seat} suffers {amount} wounds ({total} in all)"),
                Event::Healed { seat, amount, total } => format!("  seat {seat} heals {amount} ({total} left)"),
                Event::Determination { seat, total } => format!("  seat {seat} has {total} determination"),
                Event::MonsterAppears { seat, card: c, monster_seat } => {
                    format!("  seat {seat} meets a {} (monster played by seat {monster_seat})", card(c))
                }
                Event::CombatRound { hero_card, monster_card, hero_wounds, monster_wounds } => format!(
                    "  combat: hero {hero_card:?} vs monster {monster_card:?}: hero -{hero_wounds}, monster -{monster_wounds}"
                ),
                Event::SoloRound { roll, hero_wounds, monster_wounds } => {
                    format!("  solo combat roll {roll}: hero -{hero_wounds}, monster -{monster_wounds}")
                }
                Event::PowerEscape { seat, hero_escape, monster_escape, damage, escaped } => format!(
                    "  seat {seat} tries to escape: escape {hero_escape} vs {monster_escape}: {}",
                    if escaped { "escapes".to_string() } else { format!("fails, suffers {damage}") }
                ),
                Event::CardCombatRound { winner, hero_total, monster_total, deathblow, hero_damage, monster_damage } => format!(
                    "  combat: hero {hero_total} vs monster {monster_total}: {}{}; damage stacks hero {hero_damage}, monster {monster_damage}",
                    ["hero wins", "monster wins", "stand-off"][winner.min(2) as usize],
                    if deathblow > 0 { format!(", deathblow of {deathblow}") } else { String::new() }
                ),
                Event::Volley { seat, cards, hits } => {
                    format!("  seat {seat}'s opening volley: {cards} cards revealed, {hits} onto the monster's damage stack")
                }
                Event::DiceCombatRound { roll, target, hero_hit, monster_wounds } => format!(
                    "  combat dice: {roll} against {target}: {} (monster wounds {monster_wounds})",
                    if hero_hit { "the hero is wounded" } else { "the monster is wounded" }
                ),
                Event::MonsterKilled { seat, card: c } => format!("  seat {seat} kills the {}", card(c)),
                Event::Escaped { seat, to } => format!("  seat {seat} escapes to {}", at(to)),
                Event::DragonRage { seat } => format!("  DRAGON RAGE (drawn by seat {seat})"),
                Event::EnterCatacombs { seat, at: c, facing } => {
                    format!("  seat {seat} enters the catacombs at {}, marker facing {}", at(c), facing.name())
                }
                Event::Resurface { seat, at: c } => format!("  seat {seat} resurfaces at {}", at(c)),
                Event::Died { seat, cause } => match self.after_death(i, seat) {
                    AfterDeath::Restarts => format!("  seat {seat} is slain ({}) and restarts", cause.name()),
                    AfterDeath::KnockedOut => format!("  seat {seat} is knocked out ({})", cause.name()),
                    AfterDeath::Dead => format!("  seat {seat} DIES ({})", cause.name()),
                },
                Event::Respawned { seat, tower } => format!("  seat {seat} returns on tower {}", at(tower)),
                Event::Exited { seat } => format!("  seat {seat} EXITS the dungeon"),
                Event::Sunset => "  the sun has set".to_string(),
                Event::GameOver { round } => format!("game over in round {round}"),
            };
            let _ = writeln!(s, "{line}");
        }
        s
    }
}
