//! `dq sweep --config sweep.toml`: the grid of a sweep (editions or Dealing Dungeons' modes ×
//! rule sets × heroes × bots × player counts), read from TOML and expanded into cells, each with the folder its Parquet
//! file goes to (`rules_late-start/bot_greedy/part-0.parquet`). Only the dimensions with more
//! than one value name a folder level. The names are `name_value`, not Hive's `name=value`:
//! every file already holds these columns, and a Hive key of the same name is read as a second
//! column of another type (pandas refuses to merge them), so the folder stays a plain dataset
//! that pyarrow, pandas and DuckDB read whole.
//!
//! Names are checked against the rules by the `dq` binary when it builds each cell's table;
//! this module checks the shape of the grid.

use crate::error::{bad, Error};
use serde::Deserialize;

/// The file as written.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Raw {
    games: u64,
    seed: Option<u64>,
    editions: Option<Vec<String>>,
    modes: Option<Vec<String>>,
    rules: Option<Vec<String>>,
    heroes: Option<Vec<String>>,
    bots: Option<Vec<String>>,
    players: Option<Vec<u8>>,
    monster_policy: Option<String>,
    threads: Option<usize>,
    precision: Option<f64>,
}

/// A checked sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    /// Games per cell.
    pub games: u64,
    /// The master seed of every cell: game `i` of each cell is dealt the same dungeon, so
    /// cells compare pair by pair (`dq compare`).
    pub seed: u64,
    /// `None`: each edition's default (random in revised, equilibrium in third).
    pub monster_policy: Option<String>,
    pub threads: Option<usize>,
    /// Each cell plays until every hero's survival is known to ± this (`dq run --precision`),
    /// `games` being then the most a cell plays.
    pub precision: Option<f64>,
    pub cells: Vec<Cell>,
}

/// One run of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The edition (`--edition`), if the file names any (DungeonQuest's default is revised).
    pub edition: Option<String>,
    /// Dealing Dungeons' mode (`--mode`), if the file names any.
    pub mode: Option<String>,
    /// Optional rules (empty: the standard game).
    pub rules: Vec<String>,
    /// The `--heroes` value: one id or `random` per seat.
    pub heroes: String,
    /// The bot spec of every seat, or one per seat comma-separated.
    pub bot: String,
    pub players: u8,
    /// The file's path inside the sweep folder.
    pub partition: String,
}

impl Cell {
    /// Whether `bot` lists one spec per seat (`--bots`) rather than one for all (`--bot`).
    pub fn per_seat_bots(&self) -> bool {
        self.bot.contains(',')
    }
}

impl Sweep {
    /// Games the whole sweep plays (every cell's).
    pub fn total_games(&self) -> u64 {
        self.games.saturating_mul(self.cells.len() as u64)
    }
}

/// Percent-encodes a partition value: everything but letters, digits and `-_.,` (so `=`,
/// `/` and `:` of bot specs cannot break the `name_value` folder names).
pub fn encode(value: &str) -> String {
    let mut out = String::new();
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.,".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].bytes().filter(|&b| b == b'\n').count() + 1
}

fn distinct(name: &str, v: &[String]) -> Result<(), Error> {
    for (i, a) in v.iter().enumerate() {
        if v[..i].contains(a) {
            return Err(bad(format!("{name}: \"{a}\" is listed twice")));
        }
    }
    Ok(())
}

/// Reads a sweep configuration. `shown` names the file in messages; `default_seed` is the
/// seed when none is given.
pub fn parse(text: &str, shown: &str, default_seed: u64, default_players: u8) -> Result<Sweep, Error> {
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let at = e.span().map(|s| format!(" line {}", line_of(text, s.start))).unwrap_or_default();
        bad(format!("{shown}{at}: {}", e.message().trim().replace('\n', " ")))
    })?;
    let err = |m: String| bad(format!("{shown}: {m}"));
    if raw.games == 0 {
        return Err(err("games must be at least 1".into()));
    }
    if raw.threads == Some(0) {
        return Err(err("threads must be at least 1".into()));
    }
    let list = |name: &str, v: Option<Vec<String>>, default: &str| -> Result<Vec<String>, Error> {
        let v: Vec<String> =
            v.unwrap_or_else(|| vec![default.to_string()]).into_iter().map(|s| s.trim().to_string()).collect();
        if v.is_empty() {
            return Err(err(format!("{name} is empty (leave it out for the default, {default})")));
        }
        distinct(name, &v).map_err(|e| err(e.to_string()))?;
        Ok(v)
    };
    // Editions and modes: each family's default where the file names none (the `dq`
    // binary refuses the other family's option by name).
    let optional = |name: &str, v: Option<Vec<String>>, default: &str| -> Result<Vec<Option<String>>, Error> {
        match v {
            None => Ok(vec![None]),
            Some(v) => Ok(list(name, Some(v), default)?.into_iter().map(Some).collect()),
        }
    };
    let editions = optional("editions", raw.editions, "revised")?;
    let modes = optional("modes", raw.modes, "standard, or solo-regular for one hero")?;
    let bots = list("bots", raw.bots, "greedy")?;
    let heroes = list("heroes", raw.heroes, "random")?;
    // Rule sets: "standard" (or "none", or "") is the game without optional rules; a set is
    // a comma list, compared as a set.
    let rule_sets: Vec<Vec<String>> = list("rules", raw.rules, "standard")?
        .iter()
        .map(|r| {
            let mut set: Vec<String> = r
                .split(',')
                .map(|n| n.trim().to_ascii_lowercase())
                .filter(|n| !n.is_empty() && n != "standard" && n != "none")
                .collect();
            set.sort();
            set.dedup();
            set
        })
        .collect();
    let rule_labels: Vec<String> =
        rule_sets.iter().map(|s| if s.is_empty() { "standard".to_string() } else { s.join(",") }).collect();
    distinct("rules", &rule_labels).map_err(|e| err(e.to_string()))?;
    let players = raw.players.unwrap_or_else(|| vec![default_players]);
    if players.is_empty() {
        return Err(err(format!("players is empty (leave it out for the default, {default_players})")));
    }
    if let Some(p) = players.iter().find(|p| !(1..=4).contains(*p)) {
        return Err(err(format!("players {p}: a game has 1 to 4 heroes")));
    }
    distinct("players", &players.iter().map(u8::to_string).collect::<Vec<_>>()).map_err(|e| err(e.to_string()))?;
    for h in &heroes {
        if h.split(',').any(|x| x.trim().is_empty()) {
            return Err(err(format!("heroes: \"{h}\" has an empty name")));
        }
        if !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(format!(
                "heroes: \"{h}\": give hero ids or \"random\" (the number of heroes is the players list)"
            )));
        }
    }

    let varies =
        [editions.len() > 1, modes.len() > 1, rule_sets.len() > 1, heroes.len() > 1, bots.len() > 1, players.len() > 1];
    let mut cells = Vec::new();
    for (edition, mode) in editions.iter().flat_map(|e| modes.iter().map(move |m| (e, m))) {
        for (rules, rules_label) in rule_sets.iter().zip(&rule_labels) {
            for hero in &heroes {
                for bot in &bots {
                    for &p in &players {
                        let seats: Vec<&str> = hero.split(',').map(str::trim).collect();
                        if seats.len() > p as usize {
                            return Err(err(format!(
                                "heroes \"{hero}\" names {} heroes, but players is {p}",
                                seats.len()
                            )));
                        }
                        let mut all: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                        all.resize(p as usize, "random".to_string());
                        let n_bots = bot.split(',').count();
                        if n_bots > 1 && n_bots != p as usize {
                            return Err(err(format!("bots \"{bot}\" gives {n_bots} bots, but players is {p}")));
                        }
                        let values = [
                            edition.as_deref().unwrap_or_default(),
                            mode.as_deref().unwrap_or_default(),
                            rules_label.as_str(),
                            hero.as_str(),
                            bot.as_str(),
                            &p.to_string(),
                        ];
                        let names = ["edition", "mode", "rules", "hero", "bot", "players"];
                        let mut partition: String = (0..names.len())
                            .filter(|&i| varies[i])
                            .map(|i| format!("{}_{}/", names[i], encode(values[i])))
                            .collect();
                        partition.push_str("part-0.parquet");
                        cells.push(Cell {
                            edition: edition.clone(),
                            mode: mode.clone(),
                            rules: rules.clone(),
                            heroes: all.join(","),
                            bot: bot.clone(),
                            players: p,
                            partition,
                        });
                    }
                }
            }
        }
    }
    if let Some(p) = raw.precision {
        if !(0.0005..=0.25).contains(&p) {
            return Err(err(format!("precision = {p}: expected a half-width from 0.0005 to 0.25 (e.g. 0.005)")));
        }
    }
    Ok(Sweep {
        games: raw.games,
        seed: raw.seed.unwrap_or(default_seed),
        monster_policy: raw.monster_policy,
        threads: raw.threads,
        precision: raw.precision,
        cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dealing Dungeons' modes are a dimension like editions: a folder level where several
    /// are listed, no edition or mode where the file names none.
    #[test]
    fn modes_expand_like_editions() {
        let s =
            parse("games = 10\nmodes = [\"solo-regular\", \"solo-hard\"]\nheroes = [\"mage\"]\n", "t", 1, 1).unwrap();
        let got: Vec<(&str, Option<&str>, Option<&str>)> =
            s.cells.iter().map(|c| (c.partition.as_str(), c.mode.as_deref(), c.edition.as_deref())).collect();
        assert_eq!(
            got,
            [
                ("mode_solo-regular/part-0.parquet", Some("solo-regular"), None),
                ("mode_solo-hard/part-0.parquet", Some("solo-hard"), None)
            ]
        );
        let plain = parse("games = 10\n", "t", 1, 1).unwrap();
        // A family whose smallest table is two (The Dungeon of Chaos) sweeps two by default.
        assert_eq!(parse("games = 10\n", "t", 1, 2).unwrap().cells[0].players, 2);
        assert_eq!((plain.cells[0].edition.as_deref(), plain.cells[0].mode.as_deref()), (None, None));
        let err = parse("games = 10\nmodes = []\n", "t", 1, 1).unwrap_err().to_string();
        assert!(err.contains("modes is empty"), "{err}");
        let err = parse("games = 10\nmodes = [\"standard\", \"standard\"]\n", "t", 1, 1).unwrap_err().to_string();
        assert!(err.contains("\"standard\" is listed twice"), "{err}");
    }

    #[test]
    fn a_grid_expands_with_folders_for_varying_dimensions() {
        let s = parse(
            "games = 100\nrules = [\"standard\", \"late-start\"]\nbots = [\"greedy\", \"cautious:margin=3\"]\n",
            "s.toml",
            7,
            1,
        )
        .unwrap();
        assert_eq!((s.games, s.seed, s.monster_policy.as_deref(), s.threads), (100, 7, None, None));
        let parts: Vec<&str> = s.cells.iter().map(|c| c.partition.as_str()).collect();
        assert_eq!(
            parts,
            [
                "rules_standard/bot_greedy/part-0.parquet",
                "rules_standard/bot_cautious%3Amargin%3D3/part-0.parquet",
                "rules_late-start/bot_greedy/part-0.parquet",
                "rules_late-start/bot_cautious%3Amargin%3D3/part-0.parquet",
            ]
        );
        assert_eq!(s.cells[2].rules, ["late-start"]);
        assert!(s.cells[0].rules.is_empty());
        assert_eq!((s.cells[0].heroes.as_str(), s.cells[0].players), ("random", 1));
        assert_eq!(s.total_games(), 400);
    }

    #[test]
    fn heroes_fill_the_seats_and_bots_may_go_per_seat() {
        let s = parse("games = 5\nheroes = [\"hugo\"]\nplayers = [1, 3]\nbots = [\"greedy\"]\n", "s", 1, 1).unwrap();
        let h: Vec<(&str, &str)> = s.cells.iter().map(|c| (c.heroes.as_str(), c.partition.as_str())).collect();
        assert_eq!(h, [("hugo", "players_1/part-0.parquet"), ("hugo,random,random", "players_3/part-0.parquet")]);
        let s = parse("games = 5\nplayers = [2]\nbots = [\"greedy,random\"]\n", "s", 1, 1).unwrap();
        assert!(s.cells[0].per_seat_bots());
        assert_eq!(s.cells[0].partition, "part-0.parquet");
    }

    #[test]
    fn bad_configs_say_why() {
        let e = |t: &str| parse(t, "s.toml", 1, 1).unwrap_err().message().to_string();
        assert_eq!(e("games = 0"), "s.toml: games must be at least 1");
        assert!(e("").starts_with("s.toml line 1: missing field `games`"), "{}", e(""));
        assert!(
            e("games = 10\ngmes = 3").starts_with("s.toml line 2: unknown field `gmes`"),
            "{}",
            e("games = 10\ngmes = 3")
        );
        assert!(e("games = \"many\"").starts_with("s.toml line 1: "), "{}", e("games = \"many\""));
        assert_eq!(e("games = 1\nplayers = [5]"), "s.toml: players 5: a game has 1 to 4 heroes");
        assert_eq!(e("games = 1\nplayers = []"), "s.toml: players is empty (leave it out for the default, 1)");
        assert_eq!(e("games = 1\nbots = [\"greedy\", \"greedy\"]"), "s.toml: bots: \"greedy\" is listed twice");
        assert_eq!(e("games = 1\nrules = [\"none\", \"standard\"]"), "s.toml: rules: \"standard\" is listed twice");
        assert_eq!(
            e("games = 1\nheroes = [\"hugo,lindel\"]"),
            "s.toml: heroes \"hugo,lindel\" names 2 heroes, but players is 1"
        );
        assert_eq!(
            e("games = 1\nbots = [\"greedy,random\"]"),
            "s.toml: bots \"greedy,random\" gives 2 bots, but players is 1"
        );
        assert!(e("games = 1\nheroes = [\"2\"]").contains("give hero ids or \"random\""));
    }

    #[test]
    fn partition_values_are_encoded() {
        assert_eq!(encode("late-start,torchlight"), "late-start,torchlight");
        assert_eq!(encode("greedy:risk=15"), "greedy%3Arisk%3D15");
        assert_eq!(encode("a/b c"), "a%2Fb%20c");
    }
}
