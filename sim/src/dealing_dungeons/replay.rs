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
use dq_engine::dealing_dungeons::game::{DealingChoice, DealingDecision, DealingEvent, DealingGame};
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
        turns: Turns::default(),
        lines: Vec::new(),
    };
    for s in 0..game.seats() {
        let p = game.player(s);
        trace.heroes[s as usize] = super::outcome::hero_side(p.hero, p.side);
    }
    play_dealing_noting(&mut game, config, seed, index, &mut players, &mut trace, |t, d, c| t.answered(d, c))
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

/// The game's events and answers as readable lines, card names beside their ids.
struct Trace<'a> {
    rules: &'a DealingRules,
    names: &'a [String],
    /// Each seat's hero side (index into `names`).
    heroes: [u8; 4],
    turns: Turns,
    lines: Vec<String>,
}

impl Trace<'_> {
    fn who(&self, seat: u8) -> String {
        format!("seat {seat} ({})", self.names[usize::from(self.heroes[seat as usize % 4])])
    }

    fn answered(&mut self, d: DealingDecision, c: DealingChoice) {
        let line = format!("    {} answers {:?}: {c:?}", self.who(d.seat), d.ask);
        self.lines.push(line);
    }

    fn encounter(&self, card: u8) -> &str {
        self.rules.encounters.get(card as usize).map_or("?", |e| e.name.as_str())
    }
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
            E::Drank { seat, lives } => format!("    {} drinks a potion: {lives} lives", self.who(seat)),
            E::Built { seat, room, x, y } => format!("    {} builds room {room} at ({x}, {y})", self.who(seat)),
            E::Encounter { seat, card } => format!("    {} meets {}", self.who(seat), self.encounter(card)),
            E::MonsterDefeated { seat, card } => format!("    {} defeats {}", self.who(seat), self.encounter(card)),
            E::BossDrawn { seat, boss } => format!(
                "    {} faces the End Boss {}",
                self.who(seat),
                self.rules.bosses.get(boss as usize).map_or("?", |b| b.name.as_str())
            ),
            E::Loot { seat, card } => format!(
                "    {} draws loot: {}",
                self.who(seat),
                self.rules.loot.get(card as usize).map_or("?", |l| l.name.as_str())
            ),
            E::Combat { seat, answer, roll, total, target, result } => {
                format!("    {} {answer:?}: rolled {roll}, total {total} against {target}: {result:?}", self.who(seat))
            }
            E::BossRound { seat, answer, roll, total, target, result } => format!(
                "    {} against the boss, {answer:?}: rolled {roll}, total {total} against {target}: {result:?}",
                self.who(seat)
            ),
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
            E::Over(end) => format!("game over: {end:?}"),
            other => format!("    {other:?}"),
        };
        self.lines.push(line);
    }
}
