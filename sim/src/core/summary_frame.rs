//! What every family's run summary opens and closes with, written once: its first line, the
//! JSON keys that say what was run and how fast (the family adds its tallies between), and
//! the percentages both forms print.

use crate::cli::Shard;
use crate::family::RunEnd;
use serde_json::{json, Map, Value};

/// A share as a percentage with two decimals, `-` where nothing was counted.
pub fn pct(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{:.2}%", 100.0 * v))
}

/// What a summary names of the table played, besides the family's own settings.
pub struct Played<'a> {
    /// The family's name (`dq.game`).
    pub game: &'a str,
    /// The rules data's hash.
    pub data_hash: u64,
    /// `--heroes` as given.
    pub heroes: &'a str,
    /// Bot spec by seat.
    pub bots: &'a [String],
}

impl RunEnd<'_> {
    /// The readable summary's first line: the games played (and which part of the run), the
    /// game and the seed.
    pub fn title(&self, game: &str, games: u64) -> String {
        let part = if self.shard == Shard::ALL {
            String::new()
        } else {
            format!(" (shard {}: games {}..{} of {})", self.shard, self.range.start, self.end_game, self.games_in_run)
        };
        format!("dq run: {games} games{part} of {game}, seed {}", self.seed)
    }

    /// The JSON summary's keys about the run: what was played (`played`, `games` of it), the
    /// games' range, the precision asked, the threads and time, the file written and the
    /// command that replays `replay`'s game. The family adds its settings and tallies.
    pub fn json_frame(&self, played: &Played<'_>, games: u64, replay: String) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("game".into(), json!(played.game));
        m.insert("games".into(), json!(games));
        m.insert("games_in_run".into(), json!(self.games_in_run));
        m.insert("first_game".into(), json!(self.range.start));
        m.insert("end_game".into(), json!(self.end_game));
        m.insert("shard".into(), json!(self.shard.to_string()));
        m.insert("seed".into(), json!(self.seed));
        m.insert("data_hash".into(), json!(crate::meta::hex(played.data_hash)));
        m.insert("heroes".into(), json!(played.heroes));
        m.insert("bots".into(), json!(played.bots));
        if let Some((wanted, _)) = self.precision {
            m.insert("precision".into(), json!(wanted));
        }
        m.insert("threads".into(), json!(self.threads));
        m.insert("wall_seconds".into(), json!(self.seconds));
        m.insert("games_per_sec".into(), json!(games as f64 / self.seconds.max(1e-9)));
        m.insert("out".into(), json!(self.out.map(|p| p.display().to_string())));
        m.insert("replay".into(), json!(replay));
        m
    }
}
