//! What the per-game report tests share: a run of one game into a scratch file, and a
//! report's `summary.json`.

use crate::support::*;
use serde_json::{Map, Value};

/// `dq run --game GAME --games N --seed 7` into `dir/name`, with `extra` options; the file's path.
pub fn run_of(game: &str, games: u32, dir: &Scratch, name: &str, extra: &[&str]) -> String {
    let out = dir.file(name);
    let games = games.to_string();
    let mut a = vec!["run", "--game", game, "--games", &games, "--seed", "7", "--quiet", "--out", &out];
    a.extend(extra);
    ok(&a);
    out
}

/// The `summary.json` of a report folder.
pub fn summary(dir: &str) -> Map<String, Value> {
    json(&std::fs::read_to_string(std::path::Path::new(dir).join("summary.json")).unwrap())
}
