//! The table a Dealing Dungeons run is played at: the mode, a hero side per seat and a bot per
//! seat, checked against the rules (one-line errors, exit 2) and kept with the canonical
//! spellings the summary, the Parquet columns and the replay command print. DungeonQuest's
//! options (`--edition`, `--data`, `--monster-policy`, `--rule`) are refused by name.

use crate::cli::TableArgs;
use crate::error::{bad, Failure};
use arrayvec::ArrayVec;
use dq_bots::dealing_dungeons::DealingPlayers;
use dq_bots::BotSpec;
use dq_engine::dealing_dungeons::game::{
    AfterDeath, BagOfHolding, DealingConfig, DealingGame, DungeonSize, HeroChoice, HeroPick, Mode, MonsterAttack,
    Options, MAX_SEATS,
};
use dq_engine::dealing_dungeons::rules::HeroSide;
use dq_engine::dealing_dungeons::DealingRules;

/// The default bot.
pub const DEFAULT_BOT: &str = "greedy";

/// Every mode's name, in the rulebook's order.
pub const MODES: [(Mode, &str); 6] = [
    (Mode::Standard, "standard"),
    (Mode::SoloRegular, "solo-regular"),
    (Mode::SoloModerate, "solo-moderate"),
    (Mode::SoloHard, "solo-hard"),
    (Mode::CoOp, "co-op"),
    (Mode::Chaos, "chaos"),
];

/// A mode's name.
pub fn mode_name(m: Mode) -> &'static str {
    MODES.iter().find(|(k, _)| *k == m).map_or("standard", |(_, n)| n)
}

/// Everything a game of a run is played with, except the seed and index.
#[derive(Clone, Debug)]
pub struct DealingTable {
    pub config: DealingConfig,
    /// `--heroes` canonical: a number for all-random seats, else hero side names and `random`.
    pub heroes: String,
    /// The optional rules played, canonical, sorted and comma-joined (the Parquet `rules`
    /// column); empty for none.
    pub rules: String,
    /// The bot spec of each seat, canonical (the Parquet `bot` column).
    pub bots: Vec<String>,
    pub specs: Vec<BotSpec>,
}

impl DealingTable {
    /// Checks the table options against `rules`.
    pub fn new(rules: &DealingRules, args: &TableArgs) -> Result<DealingTable, Failure> {
        refuse_dungeonquest_options(args)?;
        let names = hero_names(rules);
        let chosen = mode(args.mode.as_deref())?;
        // A table mode named without `--heroes` seats two heroes.
        let given = args.heroes_or(if chosen.is_some_and(|m| !m.solo()) { 2 } else { 1 });
        let (picks, heroes) = heroes(&names, &given)?;
        // One hero plays the solo rules (Regular unless `--mode` says otherwise).
        let default = if picks.len() == 1 { Mode::SoloRegular } else { Mode::Standard };
        let mode = chosen.unwrap_or(default);
        let (lo, hi) = if mode.solo() {
            (1, 1)
        } else {
            let (lo, hi) = rules.modes.players;
            (usize::from(lo.max(2)), usize::from(hi).min(MAX_SEATS))
        };
        if !(lo..=hi).contains(&picks.len()) {
            let range = if lo == hi { format!("{lo} hero") } else { format!("{lo} to {hi} heroes") };
            return Err(bad(format!(
                "--heroes {}: dealing-dungeons' {} mode has {range}",
                given.trim(),
                mode_name(mode)
            )));
        }
        let (options, rule_names) = options(&args.rules)?;
        let specs = match (&args.bot, &args.bots) {
            (_, Some(list)) => BotSpec::parse_list(list),
            (Some(one), None) => BotSpec::parse(one).map(|s| vec![s]),
            (None, None) => BotSpec::parse(DEFAULT_BOT).map(|s| vec![s]),
        }
        .map_err(|e| bad(e.to_string()))?;
        let seats = DealingPlayers::check(&specs, picks.len()).map_err(|e| bad(e.to_string()))?;
        let config = DealingConfig { mode, heroes: picks, options };
        DealingGame::check(rules, &config).map_err(|e| bad(e.to_string()))?;
        Ok(DealingTable {
            config,
            heroes,
            rules: rule_names,
            bots: seats.iter().map(|s| s.to_string()).collect(),
            specs,
        })
    }

    pub fn seats(&self) -> usize {
        self.config.heroes.len()
    }

    /// The bots of the table, ready to play (one per worker).
    pub fn players(&self) -> DealingPlayers {
        DealingPlayers::new(&self.specs, self.seats()).expect("checked in DealingTable::new")
    }

    /// The options that rebuild this table (for the printed replay command).
    pub fn options(&self) -> String {
        let rules = if self.rules.is_empty() { String::new() } else { format!(" --rule {}", self.rules) };
        format!(
            " --mode {} --heroes {}{rules} {}",
            mode_name(self.config.mode),
            self.heroes,
            crate::cli::bot_option(&self.bots)
        )
    }
}

/// DungeonQuest's table options, refused by name: none of them means anything here.
fn refuse_dungeonquest_options(args: &TableArgs) -> Result<(), Failure> {
    let not_here = |what: &str| Err(bad(format!("{what} is a dungeonquest option: dealing-dungeons has none")));
    if let Some(e) = &args.data.edition {
        return not_here(&format!("--edition {e}"));
    }
    if args.data.data.is_some() {
        return Err(bad("--data: dealing-dungeons plays its embedded data only (data/dealing_dungeons/) for now"));
    }
    if let Some(m) = &args.monster_policy {
        return not_here(&format!("--monster-policy {m}"));
    }
    Ok(())
}

/// The optional rules by name (`--rule`), as the rulebook words them.
pub const RULES: [(&str, &str); 6] = [
    ("replace-dead-hero", "a dead hero is replaced by a random remaining hero; his dungeon resets"),
    ("choose-from-two", "heroes chosen by 1D6 order from two cards dealt to each player"),
    ("choose-from-all", "heroes chosen by 1D6 order from every card"),
    ("rolled-attack", "\"more of a challenge\": a monster's attack rolled on 2D6 each round"),
    ("long-dungeon=N", "Solo Moderate's longer game: a dungeon of N = 12 to 15 cards"),
    ("bag-swap", "In Hand loot swapped from the Bag of Holding at the start of a turn in an empty room"),
];

/// `--rule` values: the game's options and their canonical names, sorted and comma-joined.
/// Where a rule does not apply, the engine's check says why.
fn options(given: &[String]) -> Result<(Options, String), Failure> {
    let mut o = Options::default();
    let mut names: Vec<String> = Vec::new();
    for raw in given {
        let name = raw.trim().to_ascii_lowercase();
        let twice = |what: &str| bad(format!("rule \"{name}\": {what} is given twice"));
        match name.as_str() {
            "replace-dead-hero" => o.death = AfterDeath::Replaced,
            "choose-from-two" | "choose-from-all" => {
                if o.heroes != HeroChoice::Dealt {
                    return Err(twice("a hero-choice procedure"));
                }
                o.heroes = if name == "choose-from-two" { HeroChoice::FromTwoEach } else { HeroChoice::FromAll };
            }
            "rolled-attack" => o.attack = MonsterAttack::Rolled,
            "bag-swap" => o.bag = BagOfHolding::Swap,
            _ => match name.strip_prefix("long-dungeon=") {
                Some(n) => {
                    let cards = n
                        .parse::<u8>()
                        .map_err(|_| bad(format!("rule \"{name}\": the dungeon's cards must be a number 12 to 15")))?;
                    if o.dungeon != DungeonSize::Standard {
                        return Err(twice("the dungeon's size"));
                    }
                    o.dungeon = DungeonSize::Long(cards);
                }
                None => {
                    let known = RULES.map(|(n, _)| n).join(", ");
                    return Err(bad(format!("unknown dealing-dungeons rule \"{name}\" (known: {known})")));
                }
            },
        }
        if names.contains(&name) {
            return Err(bad(format!("rule \"{name}\" is given twice")));
        }
        names.push(name);
    }
    names.sort();
    Ok((o, names.join(",")))
}

/// `--mode`, if given.
pub fn mode(given: Option<&str>) -> Result<Option<Mode>, Failure> {
    let Some(name) = given else { return Ok(None) };
    let name = name.trim().to_ascii_lowercase();
    MODES
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(m, _)| Some(*m))
        .ok_or_else(|| bad(format!("unknown mode \"{name}\" (known: {})", MODES.map(|(_, n)| n).join(", "))))
}

/// The hero sides' names by [`super::outcome::hero_side`] index: each card's id for its
/// front, its back's name in lower case with dashes for the back (`Dwarf Shieldmaiden` is
/// `dwarf-shieldmaiden`).
pub fn hero_names(rules: &DealingRules) -> Vec<String> {
    rules
        .heroes
        .iter()
        .flat_map(|h| {
            let back: String = h
                .back
                .trim()
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
                .collect();
            [h.id.clone(), back]
        })
        .collect()
}

/// `--heroes`: a count of random heroes, or a list of hero side names and `random`.
fn heroes(names: &[String], s: &str) -> Result<(ArrayVec<HeroPick, MAX_SEATS>, String), Failure> {
    let s = s.trim();
    let mut picks = ArrayVec::new();
    let too_many = || bad(format!("--heroes {s}: dealing-dungeons has 1 to {MAX_SEATS} heroes"));
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = s.parse().unwrap_or(usize::MAX);
        if n > MAX_SEATS {
            return Err(too_many());
        }
        (0..n).for_each(|_| picks.push(HeroPick::Random));
        return Ok((picks, n.to_string()));
    }
    let mut out = Vec::new();
    let mut cards: Vec<usize> = Vec::new();
    for item in s.split(',') {
        let item = item.trim().to_ascii_lowercase();
        let pick = if item == "random" {
            HeroPick::Random
        } else if item.is_empty() {
            return Err(bad(format!("--heroes \"{s}\": empty hero name")));
        } else {
            let i = names
                .iter()
                .position(|n| *n == item)
                .ok_or_else(|| bad(format!("unknown hero \"{item}\" (known: {}, random)", names.join(", "))))?;
            if cards.contains(&(i / 2)) {
                return Err(bad(format!("--heroes {s}: hero card \"{}\" is chosen twice", names[i / 2 * 2])));
            }
            cards.push(i / 2);
            let side = if i % 2 == 0 { HeroSide::Front } else { HeroSide::Back };
            HeroPick::Fixed((i / 2) as u8, side)
        };
        picks.try_push(pick).map_err(|_| too_many())?;
        out.push(item);
    }
    let label = if picks.iter().all(|p| *p == HeroPick::Random) { picks.len().to_string() } else { out.join(",") };
    Ok((picks, label))
}
