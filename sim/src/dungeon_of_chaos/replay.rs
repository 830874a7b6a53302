//! `dq replay --game dungeon-of-chaos`: one game of a run played again, exactly (rebuilt from
//! the run's options, seed and the game's index alone, with fresh bots), printed as a
//! turn-by-turn trace of its events and the bots' answers, or as JSON with its Parquet rows
//! (built by the same code as the results file's).

use super::outcome::{FirstProfiles, Row};
use super::run::Setup;
use crate::cli::{Format, ReplayArgs};
use crate::error::{bad, Failure};
use crate::parquet_out;
use crate::replay::rows_json;
use dq_bots::dungeon_of_chaos::play_chaos_noting;
use dq_engine::core::Observer;
use dq_engine::dungeon_of_chaos::game::{ChaosChoice, ChaosDecision, ChaosEvent, DeckId};
use dq_engine::dungeon_of_chaos::{ChaosGame, ChaosRules};
use dq_engine::NoObserver;
use serde_json::{json, Value};

/// Runs `dq replay` of game `index` of a Dungeon of Chaos run.
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
        ChaosGame::new(&setup.rules, config, seed, index, &mut NoObserver).map_err(|e| bad(e.to_string()))?;
    let mut trace =
        Trace { rules: &setup.rules, names: &setup.profile_names, first: FirstProfiles::default(), lines: Vec::new() };
    play_chaos_noting(&mut game, config, seed, index, &mut players, &mut trace, |t, d, c| t.answered(d, c))
        .map_err(|e| bad(e.to_string()))?;
    let rows: Vec<Row> = (0..game.seats()).map(|s| Row::of(&game, index, s, &trace.first)).collect();
    let batch = parquet_out::batch(&rows, &setup.consts(seed));
    let table = &setup.table;
    match args.format {
        Format::Text => {
            let mut s = format!(
                "dq replay: game {index} of seed {seed}, dungeon-of-chaos (data {}), heroes {}, bots {}\n",
                crate::meta::hex(setup.rules.data_hash),
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
                    "  seat {} {} ({}): gold {}, {} deaths, deepest level {}, {} kills, {} town visits{}\n",
                    v("seat"),
                    v("hero"),
                    v("bot"),
                    v("gold"),
                    v("deaths"),
                    v("deepest_level"),
                    v("kills"),
                    v("town_visits"),
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

/// The game's events and answers as readable lines, names beside the ids where the rules
/// give them.
struct Trace<'a> {
    rules: &'a ChaosRules,
    names: &'a [String],
    first: FirstProfiles,
    lines: Vec<String>,
}

impl Trace<'_> {
    fn answered(&mut self, d: ChaosDecision, c: ChaosChoice) {
        let line = format!("    seat {} answers {:?}: {c:?}", d.seat, d.ask);
        self.lines.push(line);
    }

    fn card(&self, deck: DeckId, card: u16) -> String {
        let name = match deck {
            DeckId::Monsters(_) => self.rules.monster_names.get(card as usize),
            DeckId::Items(_) => self.rules.item_names.get(card as usize),
            DeckId::Profiles => self.rules.character_names.get(card as usize),
            _ => None,
        };
        name.map_or(format!("{deck:?} card {card}"), |n| format!("{deck:?}: {n}"))
    }
}

impl Observer<ChaosEvent> for Trace<'_> {
    fn event(&mut self, e: ChaosEvent) {
        self.first.event(e);
        use ChaosEvent as E;
        let line = match e {
            E::Round(r) => format!("round {r}"),
            E::Turn(s) => format!("  seat {s}'s turn"),
            E::Profile { seat, character } => {
                format!("    seat {seat} plays {}", self.names.get(usize::from(character)).map_or("?", |n| n.as_str()))
            }
            E::First { seat } => format!("seat {seat} goes first"),
            E::Card { deck, card } => format!("    draws {}", self.card(deck, card)),
            E::Town { seat } => format!("    seat {seat} enters the town"),
            E::Died { seat, cause } => {
                use dq_engine::dungeon_of_chaos::death::Source;
                let by = match cause.harm.source {
                    Source::Monster { monster, .. } => self.rules.monster_names.get(usize::from(monster)).cloned(),
                    Source::Item(i) => self.rules.item_names.get(usize::from(i)).cloned(),
                    other => Some(super::schema::other_word(other).to_string()),
                };
                let attack = cause.attack().map_or(String::new(), |a| format!(", {a}"));
                format!(
                    "    seat {seat}'s character dies: {} ({}{attack})",
                    cause.category().name(),
                    by.as_deref().unwrap_or("?")
                )
            }
            E::Over(end) => format!("game over: {end:?}"),
            other => format!("    {other:?}"),
        };
        self.lines.push(line);
    }
}
