//! `dq replay --game dealing-dungeons`: one game of a run played again, exactly (rebuilt from
//! the run's options, seed and the game's index alone, with fresh bots), printed as a
//! turn-by-turn trace of its events and the bots' answers, or as JSON with its Parquet rows
//! (built by the same code as the results file's).

use super::outcome::{Row, Turns};
use super::run::Setup;
use super::table::mode_name;
use crate::cli::{Format, ReplayArgs};
use crate::error::{bad, Failure};
use crate::parquet_out;
use crate::replay::rows_json;
use dq_bots::dealing_dungeons::play_dealing_noting;
use dq_engine::core::Observer;
use dq_engine::dealing_dungeons::combat::{Answer, BossAnswer, RoundResult};
use dq_engine::dealing_dungeons::data::Side;
use dq_engine::dealing_dungeons::game::{
    Ask, DealingChoice, DealingDecision, DealingEvent, DealingGame, End, Gift, Mode, RoomCard,
};
use dq_engine::dealing_dungeons::DealingRules;
use dq_engine::{DecisionGame, NoObserver};
use serde_json::{json, Value};

/// Runs `dq replay` of game `index` of a Dealing Dungeons run.
pub fn run(args: &ReplayArgs, index: u64) -> Result<(), Failure> {
    let setup = Setup::new(&args.table)?;
    if let Some(games) = args.games {
        if index >= games {
            return Err(bad(format!("--index {index}: a run of {games} games has games 0 to {}", games - 1)));
        }
    }
    let seed = args.table.seed;
    let config = &setup.table.config;
    let mut players = setup.table.players();
    let mut game =
        DealingGame::new(&setup.rules, config, seed, index, &mut NoObserver).map_err(|e| bad(e.to_string()))?;
    let mut trace = Trace {
        rules: &setup.rules,
        names: &setup.hero_names,
        heroes: [0; 4],
        spot: None,
        mode: config.mode,
        turns: Turns::default(),
        lines: Vec::new(),
    };
    for s in 0..game.seats() {
        let p = game.player(s);
        trace.heroes[s as usize] = super::outcome::hero_side(p.hero, p.side);
    }
    play_dealing_noting(&mut game, config, seed, index, &mut players, &mut trace, |t, g, d, c| t.answered(g, d, c))
        .map_err(|e| bad(e.to_string()))?;
    let rows: Vec<Row> = (0..game.seats()).map(|s| Row::of(&game, index, s, &trace.turns)).collect();
    let batch = parquet_out::batch(&rows, &setup.consts(seed));
    let table = &setup.table;
    let mode = mode_name(table.config.mode);
    match args.format {
        Format::Text => {
            let mut s = format!(
                "dq replay: game {index} of seed {seed}, dealing-dungeons mode {mode} (data {}), rules: {}, heroes {}, bots {}\n",
                crate::meta::hex(setup.rules.data_hash),
                if table.rules.is_empty() { "none" } else { &table.rules },
                table.heroes,
                table.bots.join(",")
            );
            for l in &trace.lines {
                s += l;
                s.push('\n');
            }
            s += "\nresult:\n";
            for row in rows_json(&batch) {
                let v = |k: &str| row.get(k).map_or(String::new(), |v| v.to_string().trim_matches('"').to_string());
                s += &format!(
                    "  seat {} {} ({}): {}, gold {}, level {}, {} lives, {} rooms, {} monsters{}{}\n",
                    v("seat"),
                    v("hero"),
                    v("bot"),
                    if row["survived"] == json!(true) {
                        "alive".to_string()
                    } else {
                        format!("died ({})", v("death_cause"))
                    },
                    v("gold"),
                    v("level"),
                    v("lives_left"),
                    v("rooms_built"),
                    v("monsters_defeated"),
                    if row["boss_defeated"] == json!(true) { ", defeated the boss" } else { "" },
                    if row["winner"] == json!(true) { ", WINNER" } else { "" },
                );
            }
            crate::error::emit(&s);
        }
        Format::Json => {
            let head = json!({
                "game": super::schema::GAME,
                "seed": seed,
                "game_index": index,
                "mode": mode,
                "data_hash": crate::meta::hex(setup.rules.data_hash),
                "heroes": table.heroes,
                "bots": table.bots,
            });
            let events: Vec<String> = trace.lines.iter().map(|l| json!({ "event": l.trim() }).to_string()).collect();
            let rows: Vec<String> = rows_json(&batch).into_iter().map(|r| Value::Object(r).to_string()).collect();
            crate::error::emit(&format!(
                "{{\"game\":{head},\n\"events\":[\n{}\n],\n\"rows\":[\n{}\n]}}\n",
                events.join(",\n"),
                rows.join(",\n")
            ));
        }
    }
    Ok(())
}

/// The game's events and answers as readable lines: cards, heroes, monsters and loot by
/// their names, sides as north/east/south/west, rooms by their number in the dungeon.
struct Trace<'a> {
    rules: &'a DealingRules,
    names: &'a [String],
    /// Each seat's hero side (index into `names`).
    heroes: [u8; 4],
    /// The room the doorway answer (`Spot`) chose, for the placement after it.
    spot: Option<u8>,
    mode: Mode,
    turns: Turns,
    lines: Vec<String>,
}

/// A side as the rules say it.
fn side(s: Side) -> &'static str {
    match s {
        Side::North => "north",
        Side::East => "east",
        Side::South => "south",
        Side::West => "west",
    }
}

/// A card's quarter turns clockwise from upright, in words.
fn turned(turns: u8) -> &'static str {
    match turns % 4 {
        0 => "upright",
        1 => "turned a quarter clockwise",
        2 => "upside down",
        _ => "turned a quarter anticlockwise",
    }
}

/// A combat answer as a verb.
fn attack(a: Answer) -> &'static str {
    match a {
        Answer::Fight => "fights",
        Answer::Ranged => "shoots",
        Answer::Defend => "defends",
        Answer::Run => "runs",
        Answer::Leave => "leaves",
    }
}

/// A round's result in words.
fn result(r: RoundResult) -> String {
    match r {
        RoundResult::Won => "a hit, the foe loses a life".into(),
        RoundResult::Tied => "a tie".into(),
        RoundResult::Lost { lives: 0 } => "a miss".into(),
        RoundResult::Lost { lives } | RoundResult::DefendFailed { lives } => {
            format!("loses {lives} {}", if lives == 1 { "life" } else { "lives" })
        }
        RoundResult::Defended => "defended".into(),
        RoundResult::Ran => "runs back".into(),
        RoundResult::Left => "leaves the monster standing".into(),
    }
}

impl Trace<'_> {
    fn who(&self, seat: u8) -> String {
        format!("seat {seat} ({})", self.names[usize::from(self.heroes[seat as usize % 4])])
    }

    fn answered(&mut self, game: &DealingGame<'_>, d: DealingDecision, c: DealingChoice) {
        let line = match c {
            // The hero is chosen now: the seat has none to be named by yet.
            DealingChoice::Hero { hero, side } => {
                self.heroes[d.seat as usize % 4] = super::outcome::hero_side(hero, side);
                format!("    seat {} {}", d.seat, self.answer(game, d, c))
            }
            _ => format!("    {} {}", self.who(d.seat), self.answer(game, d, c)),
        };
        self.lines.push(line);
    }

    /// What an answer does, named from the position it is given in.
    fn answer(&mut self, game: &DealingGame<'_>, d: DealingDecision, c: DealingChoice) -> String {
        use DealingChoice as C;
        let p = game.player(d.seat);
        let held = |list: &[u8], i: u8| list.get(usize::from(i)).map_or("?".to_string(), |&k| self.loot(k).to_string());
        match c {
            C::Drink => "drinks the Healing Potion".into(),
            C::Special(i) => format!("drinks {}", held(&p.specials, i)),
            C::Swap { slot, bag } => match p.hand.get(usize::from(slot)) {
                Some(&k) => format!("takes {} from the bag in place of {}", held(&p.bag, bag), self.loot(k)),
                None => format!("takes {} from the bag into a free hand", held(&p.bag, bag)),
            },
            C::Go => match d.ask {
                Ask::Potion => "drinks nothing".into(),
                Ask::Exchange => "keeps the XP".into(),
                Ask::Trade => "is done trading".into(),
                Ask::Action => "ends the action".into(),
                _ => "goes on".into(),
            },
            C::Build => "builds (Build/Encounter)".into(),
            C::Move(r) => match d.ask {
                Ask::Walk if r == p.at => "stays".into(),
                Ask::Walk => format!("walks to {}", self.room(game, d.seat, r)),
                _ => format!("moves to {}", self.room(game, d.seat, r)),
            },
            C::Shoot(r) => format!("shoots at {} in {}", self.monster_in(game, d.seat, r), self.room(game, d.seat, r)),
            C::Search(s) => format!("searches the {} wall for a secret door", side(s)),
            C::Place { side: s, turns } => {
                let from = self.spot.take().unwrap_or(p.at);
                let card = game.drawn().map_or("the Treasure Room".to_string(), |k| self.room_card(k).to_string());
                let into = match game.chaos_placing_into().filter(|_| self.mode == Mode::Chaos) {
                    Some(t) if t != d.seat => format!(" of seat {t}'s dungeon"),
                    _ => String::new(),
                };
                format!("lays {card} {} of room {from}{into}, {}", side(s), turned(turns))
            }
            C::Combat(a) => {
                let foe = self.monster_in(game, d.seat, p.at);
                match a {
                    Answer::Fight => format!("fights {foe}"),
                    Answer::Ranged => format!("shoots at {foe}"),
                    Answer::Defend => format!("defends against {foe}"),
                    Answer::Run => format!("runs from {foe}"),
                    Answer::Leave => format!("leaves {foe} standing"),
                }
            }
            C::Kilter => "blows the Mighty Horn of Kilter".into(),
            C::Boss(BossAnswer::Fight) => "fights the End Boss".into(),
            C::Boss(BossAnswer::Defend) => "defends against the End Boss".into(),
            C::Equip(slot) => {
                let card = game.held_loot().map_or("the loot", |k| self.loot(k));
                match p.hand.get(usize::from(slot)) {
                    Some(&k) => format!("equips {card} in hand {}, {} to the bag", slot + 1, self.loot(k)),
                    None => format!("equips {card} in hand {}", slot + 1),
                }
            }
            C::Bag => format!("puts {} in the Bag of Holding", game.held_loot().map_or("the loot", |k| self.loot(k))),
            C::Life => "trades 7 XP for a life".into(),
            C::Level => "trades 15 XP for a level".into(),
            C::Hero { hero, side } => {
                format!(
                    "takes {}",
                    self.names.get(usize::from(super::outcome::hero_side(hero, side))).map_or("?", |n| n)
                )
            }
            C::Card(i) if d.ask == Ask::Deal => {
                let card = game.chaos().hands.get(usize::from(d.seat)).and_then(|h| h.get(usize::from(i)));
                format!("deals {} face down", card.map_or("?", |&k| self.encounter(k)))
            }
            C::Card(i) => {
                format!("picks {} from the hand", p.deck.get(usize::from(i)).map_or("?", |&k| self.room_card(k)))
            }
            C::Spot { room, side: s } => {
                self.spot = Some(room);
                format!("chooses the doorway {} of room {room}", side(s))
            }
            C::Minion { minion, answer } => {
                let name = game
                    .coop()
                    .minions
                    .get(usize::from(minion))
                    .copied()
                    .flatten()
                    .map_or("?", |m| self.encounter(m.card));
                format!("{} against the End Boss's minion {name}", attack(answer))
            }
            C::Cover(r) => {
                let t = game.chaos_placing_into().unwrap_or(d.seat);
                format!("puts it on room {r} of seat {t}'s dungeon")
            }
            C::Give { to, gift } => {
                let what = match gift {
                    Gift::Hand { slot, back } => {
                        let mine = held(&p.hand, slot);
                        match back {
                            Some(b) => format!("{mine} for {}", held(&game.player(to).hand, b)),
                            None => mine,
                        }
                    }
                    Gift::Bag(i) => held(&p.bag, i),
                    Gift::Special(i) => held(&p.specials, i),
                    Gift::Potion => "the Healing Potion".into(),
                };
                format!("gives {} {what}", self.who(to))
            }
        }
    }

    /// Room `r` of the dungeon `seat` walks, with its card's name.
    fn room(&self, game: &DealingGame<'_>, seat: u8, r: u8) -> String {
        match game.dungeon(seat).get(usize::from(r)) {
            Some(room) => format!("room {r} ({})", self.room_card(room.card)),
            None => format!("room {r}"),
        }
    }

    /// The monster standing in room `r` of the dungeon `seat` walks, by name.
    fn monster_in(&self, game: &DealingGame<'_>, seat: u8, r: u8) -> &str {
        match game.dungeon(seat).get(usize::from(r)).and_then(|room| room.monster) {
            Some(m) => self.encounter(m.card),
            None => "the monster",
        }
    }

    fn room_card(&self, card: RoomCard) -> &str {
        match card {
            RoomCard::Entrance => "the Entrance",
            RoomCard::Treasure => "the Treasure Room",
            RoomCard::Deck(k) => self.rules.rooms.get(usize::from(k)).map_or("?", |r| r.name.as_str()),
        }
    }

    fn encounter(&self, card: u8) -> &str {
        self.rules.encounters.get(card as usize).map_or("?", |e| e.name.as_str())
    }

    fn loot(&self, card: u8) -> &str {
        self.rules.loot.get(usize::from(card)).map_or("?", |l| l.name.as_str())
    }

    fn boss(&self, boss: u8) -> &str {
        self.rules.bosses.get(usize::from(boss)).map_or("?", |b| b.name.as_str())
    }
}

/// `n` lives in words.
fn lives(n: u8) -> String {
    format!("{n} {}", if n == 1 { "life" } else { "lives" })
}

impl Observer<DealingEvent> for Trace<'_> {
    fn event(&mut self, e: DealingEvent) {
        self.turns.event(e);
        use DealingEvent as E;
        let line = match e {
            E::FirstPlayer(s) => format!("{} goes first", self.who(s)),
            E::Round(r) => format!("round {r}"),
            E::Turn(s) => format!("  {}'s turn", self.who(s)),
            E::Missed(s) => format!("    {} misses the turn (Darkness)", self.who(s)),
            E::Drank { seat, lives: n } => format!("    {} drinks a potion, now at {}", self.who(seat), lives(n)),
            E::Built { room, x, y, .. } if self.mode == Mode::CoOp => format!("    room {room} laid at ({x}, {y})"),
            E::Built { seat, room, x, y } => format!("    seat {seat}'s room {room} laid at ({x}, {y})"),
            E::Blocked { seat, room, side: s } => {
                format!("    a Blocked Door token on the {} doorway of room {room} of seat {seat}'s dungeon", side(s))
            }
            E::NoPlacement(s) => format!("    {} cannot place the card: back on the Dungeon Deck", self.who(s)),
            E::OffTable(s) => format!("    {} could only build off the table: the hero's game is over", self.who(s)),
            E::WalledIn(s) => format!("    {} is walled in: the hero's game is over", self.who(s)),
            E::SecretDoor { seat, room, side: s } => {
                format!("    {} places a Secret Door token on the {} wall of room {room}", self.who(seat), side(s))
            }
            E::Moved { seat, room } => format!("    {} arrives in room {room}", self.who(seat)),
            E::Encounter { seat, card } => format!("    {} meets {}", self.who(seat), self.encounter(card)),
            E::Reshuffled => "    the Encounter discards are shuffled into a new deck".into(),
            E::BossesReshuffled => "    the defeated End Bosses are shuffled into a new deck".into(),
            E::MonsterDefeated { seat, card } => format!("    {} defeats {}", self.who(seat), self.encounter(card)),
            E::Ran { seat, room } => format!("    {} runs back to room {room}", self.who(seat)),
            E::Kilter(s) => format!("    {} blows the Mighty Horn of Kilter", self.who(s)),
            E::Warded(s) => format!("    {}'s Ward potion keeps a life", self.who(s)),
            E::BossDrawn { seat, boss } => format!("    {} faces the End Boss {}", self.who(seat), self.boss(boss)),
            E::Loot { seat, card } => format!("    {} draws loot: {}", self.who(seat), self.loot(card)),
            E::Combat { seat, answer, roll, total, target, result: r } => format!(
                "    {} {}: rolled {roll}, total {total} against {target}: {}",
                self.who(seat),
                attack(answer),
                result(r)
            ),
            E::BossRound { seat, answer, roll, total, target, result: r } => format!(
                "    {} {} the boss: rolled {roll}, total {total} against {target}: {}",
                self.who(seat),
                match answer {
                    BossAnswer::Fight => "fights",
                    BossAnswer::Defend => "defends against",
                },
                result(r)
            ),
            E::LifeBought(s) => format!("    {} buys a life with 7 XP", self.who(s)),
            E::LevelUp { seat, level } => format!("    {} goes up to level {level}", self.who(seat)),
            E::Died(s) => format!("    {} dies", self.who(s)),
            E::NewHero { seat, hero, side } => {
                let was = &self.names[usize::from(self.heroes[seat as usize % 4])];
                let line =
                    format!("    seat {seat}: {} replaces the dead {was} at the entrance; the dungeon resets", {
                        &self.names[usize::from(super::outcome::hero_side(hero, side))]
                    });
                self.heroes[seat as usize % 4] = super::outcome::hero_side(hero, side);
                line
            }
            E::Reset(s) => format!("    {} defeated the End Boss: the dungeon resets for the way out", self.who(s)),
            E::Flipped { room, card, lives: 0 } => format!("    room {room}: {} turned up", self.encounter(card)),
            E::Flipped { room, card, lives: n } => {
                format!("    room {room}: {} turned up with {}", self.encounter(card), lives(n))
            }
            E::Rested(s) => format!("    {} rests and heals a life", self.who(s)),
            E::Gave { from, to, card } => format!(
                "    {} receives {} from {}",
                self.who(to),
                card.map_or("the Healing Potion", |k| self.loot(k)),
                self.who(from)
            ),
            E::Vortex => {
                "    the last Encounter card resolved: the vortex takes the heroes to the Treasure Room".into()
            }
            E::Minion { card } => format!("    the End Boss's minion: {}", self.encounter(card)),
            E::BossHealed { lives: n } => {
                format!("    a hero reached his Treasure Room: the End Boss heals to {}", lives(n))
            }
            E::AttackedBack(s) => format!("    the monster attacks {} back: a life lost", self.who(s)),
            E::Over(end) => match end {
                End::Boss(s) => format!("game over: {} defeated the End Boss", self.who(s)),
                End::NoneLeft => "game over: no hero is left playing".into(),
                End::RoundLimit => "game over: the round limit (unfinished)".into(),
            },
        };
        self.lines.push(line);
    }
}
