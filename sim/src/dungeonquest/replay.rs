//! `dq replay`: plays one game of a run again, exactly, and prints what happened.
//!
//! The game is rebuilt from the run's options, seed and the game's index alone (nothing is
//! stored), with fresh bots, as every game of a run is. Text output is the engine's
//! turn-by-turn trace; JSON output holds the game, its events and its Parquet rows, with the
//! rows built by the same code as the results file so the two can be compared field by field.

use crate::cli::{Format, ReplayArgs};
use crate::error::{bad, Failure};
use crate::family::Family;
use crate::meta;
use crate::outcome::Row;
use crate::parquet_out;
use crate::run::{Engine, Setup};
use crate::summary::Sheets;
use crate::table::Seating;
use arrow_array::cast::AsArray;
use arrow_array::types::{UInt16Type, UInt32Type, UInt64Type, UInt8Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::DataType;
use dq_bots::dungeonquest::classic::play_classic_noting;
use dq_engine::dungeonquest::classic::game::ClassicGame;
use dq_engine::dungeonquest::classic::trace::ClassicTrace;
use dq_engine::trace::Trace;
use dq_engine::{Event, NoObserver, Rules};
use serde_json::{json, Map, Value};

/// Runs `dq replay`.
pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let index = args.index().map_err(bad)?;
    match args.family() {
        Family::DungeonQuest => dungeonquest(args, index),
        Family::DealingDungeons => crate::dealing_dungeons::replay::run(args, index),
        Family::DungeonOfChaos => crate::dungeon_of_chaos::replay::run(args, index),
    }
}

/// `dq replay` of a DungeonQuest game.
fn dungeonquest(args: &ReplayArgs, index: u64) -> Result<(), Failure> {
    let setup = Setup::new(&args.table)?;
    if let Some(games) = args.games {
        if index >= games {
            return Err(bad(format!("--game {index}: a run of {games} games has games 0 to {}", games - 1)));
        }
    }
    let seed = args.table.seed;
    let (rows, trace, events) = match &setup.engine {
        Engine::Ffg { rules, table } => {
            let mut players = table.players(rules);
            let mut trace = Trace::default();
            let game = dq_bots::play(rules, &table.config, seed, index, &mut players, &mut trace)
                .map_err(|e| bad(e.to_string()))?;
            let rows: Vec<Row> = (0..game.seats()).map(|s| Row::of(&game, index, s)).collect();
            let events: Vec<Value> = trace.events.iter().map(|e| event_json(rules, e)).collect();
            (rows, trace.render(rules), events)
        }
        Engine::Classic { rules, table } => {
            let mut players = table.players(rules);
            let mut game =
                ClassicGame::new(rules, &table.config, seed, index, &mut NoObserver).map_err(|e| bad(e.to_string()))?;
            // The seats' heroes are known once the game is set up; it is then played again
            // from its start with the trace watching, the answers noted.
            let mut trace = ClassicTrace::for_game(&game);
            play_classic_noting(&mut game, &table.config, seed, index, &mut players, &mut trace, |t, d, c| {
                t.answered(d, c)
            })
            .map_err(|e| bad(e.to_string()))?;
            let rows: Vec<Row> = (0..game.seats()).map(|s| Row::of_classic(&game, index, s)).collect();
            let lines = trace.lines();
            let events: Vec<Value> = lines.iter().map(|l| json!({ "event": l })).collect();
            (rows, trace.render(), events)
        }
    };
    let (sheets, seating) = (setup.sheets(), setup.seating());
    let batch = parquet_out::batch(&rows, &crate::run::consts(&sheets, &seating, seed));
    let head = Head { sheets: &sheets, seating: &seating, seed, index };
    match args.format {
        Format::Text => crate::error::emit(&text(&head, &trace, &batch)),
        Format::Json => crate::error::emit(&format!("{}\n", json_doc(&head, &events, &batch))),
    }
    Ok(())
}

/// What was replayed.
struct Head<'a> {
    sheets: &'a Sheets<'a>,
    seating: &'a Seating<'a>,
    seed: u64,
    index: u64,
}

fn text(h: &Head<'_>, trace: &str, batch: &RecordBatch) -> String {
    let (seed, index) = (h.seed, h.index);
    let mut s = format!(
        "dq replay: game {index} of seed {seed}, edition {} (data {}), rules: {}, monster policy {}\n",
        h.sheets.edition,
        meta::hex(h.sheets.data_hash),
        if h.seating.rules_label.is_empty() { "standard" } else { h.seating.rules_label },
        h.seating.monster
    );
    s += trace;
    s += "\nresult:\n";
    for row in rows_json(batch) {
        let v = |k: &str| row.get(k).map_or(String::new(), |v| v.to_string().trim_matches('"').to_string());
        s += &format!(
            "  seat {} {} ({}): {}, gold {}, {} loot / {} treasure cards, {} turns, {} wounds{}\n",
            v("seat"),
            v("hero"),
            v("bot"),
            if row["survived"] == json!(true) {
                "survived".to_string()
            } else {
                format!("died ({})", v("death_cause"))
            },
            v("gold"),
            v("loot_cards"),
            v("treasure_cards"),
            v("turns"),
            v("wounds"),
            if row["winner"] == json!(true) { ", WINNER" } else { "" }
        );
    }
    s
}

/// The replay as one JSON object: `game` (what was played), `events` (one per line, card and
/// hero names added next to their ids) and `rows` (the Parquet rows of the game).
fn json_doc(h: &Head<'_>, events: &[Value], batch: &RecordBatch) -> String {
    let head = json!({
        "seed": h.seed,
        "game_index": h.index,
        "edition": h.sheets.edition,
        "data_hash": meta::hex(h.sheets.data_hash),
        "rules": h.seating.rules_label,
        "heroes": h.seating.heroes,
        "bots": h.seating.bots,
        "monster_policy": h.seating.monster.to_string(),
    });
    let events: Vec<String> = events.iter().map(Value::to_string).collect();
    let rows: Vec<String> = rows_json(batch).into_iter().map(|r| Value::Object(r).to_string()).collect();
    format!("{{\"game\":{head},\n\"events\":[\n{}\n],\n\"rows\":[\n{}\n]}}", events.join(",\n"), rows.join(",\n"))
}

/// One event as JSON, with names beside ids: `card_name`, `hero_name`.
pub fn event_json(rules: &Rules, e: &Event) -> Value {
    let mut v = serde_json::to_value(e).expect("events serialize");
    if let Value::Object(m) = &mut v {
        if let Some(id) = m.get("card").and_then(Value::as_u64) {
            if let Some(c) = rules.cards.get(id as usize) {
                m.insert("card_name".into(), json!(c.name));
            }
        }
        if let Some(id) = m.get("hero").and_then(Value::as_u64) {
            if let Some(h) = rules.heroes.get(id as usize) {
                m.insert("hero_name".into(), json!(h.id));
            }
        }
    }
    v
}

/// The rows of a batch as JSON objects keyed by column name (the types the schema uses).
pub fn rows_json(batch: &RecordBatch) -> Vec<Map<String, Value>> {
    let schema = batch.schema();
    (0..batch.num_rows())
        .map(|r| {
            let mut m = Map::new();
            for (f, col) in schema.fields().iter().zip(batch.columns()) {
                let v = if col.is_null(r) {
                    Value::Null
                } else {
                    match f.data_type() {
                        DataType::UInt8 => json!(col.as_primitive::<UInt8Type>().value(r)),
                        DataType::UInt16 => json!(col.as_primitive::<UInt16Type>().value(r)),
                        DataType::UInt32 => json!(col.as_primitive::<UInt32Type>().value(r)),
                        DataType::UInt64 => json!(col.as_primitive::<UInt64Type>().value(r)),
                        DataType::Boolean => json!(col.as_boolean().value(r)),
                        DataType::Utf8 => json!(col.as_string::<i32>().value(r)),
                        other => unreachable!("column type {other} is not in the schema"),
                    }
                };
                m.insert(f.name().clone(), v);
            }
            m
        })
        .collect()
}
