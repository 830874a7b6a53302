//! The table a Dungeon of Chaos run is played at: the seats and a bot per seat, checked (one-line
//! errors, exit 2) and kept with the canonical spellings the summary, the Parquet columns and
//! the replay command print. Other games' options (`--edition`, `--data`, `--monster-policy`,
//! `--rule`, `--mode`) are refused by name.

use crate::cli::TableArgs;
use crate::error::{bad, Failure};
use dq_bots::dungeon_of_chaos::ChaosPlayers;
use dq_bots::BotSpec;
use dq_engine::dungeon_of_chaos::game::{ChaosConfig, MAX_SEATS};
use dq_engine::dungeon_of_chaos::ChaosRules;

/// The default bot.
pub const DEFAULT_BOT: &str = "greedy";
/// Fewest adventurers (§ Introduction: 2 to 4 players).
pub const MIN_SEATS: usize = 2;

/// Everything a game of a run is played with, except the seed and index.
#[derive(Clone, Debug)]
pub struct ChaosTable {
    pub config: ChaosConfig,
    /// `--heroes` canonical: the number of seats.
    pub heroes: String,
    /// The bot spec of each seat, canonical (the Parquet `bot` column).
    pub bots: Vec<String>,
    pub specs: Vec<BotSpec>,
}

impl ChaosTable {
    /// Checks the table options (profile names from `rules`).
    pub fn new(args: &TableArgs, rules: &ChaosRules) -> Result<ChaosTable, Failure> {
        refuse_other_games_options(args)?;
        let (seats, profiles) = seats(&args.heroes_or(MIN_SEATS), &profile_names(rules))?;
        let specs = match (&args.bot, &args.bots) {
            (_, Some(list)) => BotSpec::parse_list(list),
            (Some(one), None) => BotSpec::parse(one).map(|s| vec![s]),
            (None, None) => BotSpec::parse(DEFAULT_BOT).map(|s| vec![s]),
        }
        .map_err(|e| bad(e.to_string()))?;
        let checked = ChaosPlayers::check(&specs, seats).map_err(|e| bad(e.to_string()))?;
        let mut config = ChaosConfig::new(seats as u8);
        config.profiles[..seats].copy_from_slice(&profiles[..seats]);
        // Canonical: the count when every seat draws, else the list (`faerie,random`).
        let names = profile_names(rules);
        let heroes = if profiles.iter().all(Option::is_none) {
            seats.to_string()
        } else {
            let one = |p: &Option<u8>| p.map_or("random".to_string(), |p| names[p as usize].clone());
            profiles[..seats].iter().map(one).collect::<Vec<_>>().join(",")
        };
        Ok(ChaosTable { config, heroes, bots: checked.iter().map(|s| s.to_string()).collect(), specs })
    }

    pub fn seats(&self) -> usize {
        usize::from(self.config.seats)
    }

    /// The bots of the table, ready to play (one per worker).
    pub fn players(&self) -> ChaosPlayers {
        ChaosPlayers::new(&self.specs, self.seats()).expect("checked in ChaosTable::new")
    }

    /// The options that rebuild this table (for the printed replay command).
    pub fn options(&self) -> String {
        format!(" --heroes {} {}", self.heroes, crate::cli::bot_option(&self.bots))
    }
}

/// Other games' table options, refused by name: none of them means anything here.
fn refuse_other_games_options(args: &TableArgs) -> Result<(), Failure> {
    let not_here = |what: String| Err(bad(format!("{what}: dungeon-of-chaos has no such option")));
    if let Some(e) = &args.data.edition {
        return not_here(format!("--edition {e}"));
    }
    if args.data.data.is_some() {
        return Err(bad("--data: dungeon-of-chaos plays its embedded data only (data/dungeon_of_chaos/) for now"));
    }
    if let Some(m) = &args.monster_policy {
        return not_here(format!("--monster-policy {m}"));
    }
    if let Some(r) = args.rules.first() {
        return Err(bad(format!("--rule {r}: dungeon-of-chaos has no optional rules")));
    }
    if let Some(m) = &args.mode {
        return not_here(format!("--mode {m}"));
    }
    Ok(())
}

/// `--heroes`: a count of adventurers, or one entry per seat: `random` (three Character
/// Profiles dealt and one chosen by the bot, §3) or a profile's name (`faerie`), fixed for the
/// seat's first character (its later ones are chosen of three, §15). A name is used once.
fn seats(s: &str, names: &[String]) -> Result<(usize, [Option<u8>; MAX_SEATS]), Failure> {
    let s = s.trim();
    let range = || bad(format!("--heroes {s}: dungeon-of-chaos has {MIN_SEATS} to {MAX_SEATS} adventurers"));
    let mut fixed = [None; MAX_SEATS];
    let n = if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse::<usize>().map_err(|_| range())?
    } else {
        let items: Vec<String> = s.split(',').map(|i| i.trim().to_ascii_lowercase()).collect();
        for (seat, item) in items.iter().enumerate().filter(|(_, i)| *i != "random") {
            let Some(p) = names.iter().position(|n| n == item) else {
                return Err(bad(format!(
                    "--heroes {s}: unknown profile \"{item}\" (known: {}, or random)",
                    names.join(", ")
                )));
            };
            if items[..seat].contains(item) {
                return Err(bad(format!("--heroes {s}: profile \"{item}\" is named twice (one card per profile)")));
            }
            if seat < MAX_SEATS {
                fixed[seat] = Some(p as u8);
            }
        }
        items.len()
    };
    if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
        return Err(range());
    }
    Ok((n, fixed))
}

/// The profiles' names by character index: the rules' names in lower case with dashes
/// (`Faerie` is `faerie`).
pub fn profile_names(rules: &ChaosRules) -> Vec<String> {
    rules.character_names.iter().map(|n| dashed(n)).collect()
}

/// A card's name as the command line and the columns spell it: lower case, dashes for the
/// rest (`Frail Goblin` is `frail-goblin`).
pub fn dashed(name: &str) -> String {
    name.trim().chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect()
}
