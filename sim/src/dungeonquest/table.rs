//! The table a run is played at: heroes per seat, a bot per seat, the monster player's policy
//! and the optional rules, checked against the loaded rules and kept with the canonical
//! spellings that the summary, the Parquet columns and the replay command print.

use crate::cli::TableArgs;
use crate::error::{bad, Failure};
use arrayvec::ArrayVec;
use dq_bots::{BotSpec, MonsterSpec, Players};
use dq_engine::{GameConfig, HeroPick, Rules, Variant};

/// The default hero bot.
pub const DEFAULT_BOT: &str = "greedy";

/// Everything a game of a run is played with, except the seed and index.
#[derive(Clone, Debug)]
pub struct Table {
    pub config: GameConfig,
    /// `--heroes` as given, canonical: a number for all-random seats, else ids and `random`.
    pub heroes: String,
    /// The bot spec of each seat, canonical (the Parquet `bot` column).
    pub bots: Vec<String>,
    pub specs: Vec<BotSpec>,
    pub monster: MonsterSpec,
    /// The edition's monster policy when `--monster-policy` is not given.
    pub default_monster: MonsterSpec,
    /// Sorted, comma-joined optional rules (the Parquet `rules` column).
    pub rules_label: String,
}

impl Table {
    /// Checks the table options against `rules`.
    pub fn new(rules: &Rules, args: &TableArgs) -> Result<Table, Failure> {
        let variant = variant(rules, &args.rules)?;
        let (picks, heroes) = heroes(rules, &args.heroes)?;
        if variant.solo && picks.len() != 1 {
            return Err(bad(format!(
                "--rule solo needs exactly one hero (--heroes {} gives {})",
                args.heroes,
                picks.len()
            )));
        }
        let specs = match (&args.bot, &args.bots) {
            (_, Some(list)) => BotSpec::parse_list(list).map_err(|e| bad(e.to_string()))?,
            (Some(one), None) => vec![BotSpec::parse(one).map_err(|e| bad(e.to_string()))?],
            (None, None) => vec![BotSpec::parse(DEFAULT_BOT).map_err(|e| bad(e.to_string()))?],
        };
        let monster = monster_policy(rules, args.monster_policy.as_deref())?;
        let config = GameConfig { heroes: picks, variant };
        let seats = Players::check(rules, &specs, monster, config.heroes.len()).map_err(|e| bad(e.to_string()))?;
        config.check(rules).map_err(|e| bad(e.to_string()))?;
        let bots = seats.iter().map(|s| s.to_string()).collect();
        let default_monster = monster_policy(rules, None)?;
        Ok(Table { rules_label: variant.label(), config, heroes, bots, specs, monster, default_monster })
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.config.heroes.len()
    }

    /// The bots of a table, ready to play (one per worker: construction allocates).
    pub fn players(&self, rules: &Rules) -> Players {
        Players::new(rules, &self.specs, self.monster, self.seats()).expect("checked in Table::new")
    }

    /// The bot option as a user would type it: one spec if all seats share it.
    pub fn bot_option(&self) -> String {
        if self.bots.iter().all(|b| *b == self.bots[0]) {
            format!("--bot {}", self.bots[0])
        } else {
            format!("--bots {}", self.bots.join(","))
        }
    }

    /// The options that rebuild this table (for the printed replay command).
    pub fn options(&self, data: &crate::cli::DataArgs) -> String {
        let mut s = String::new();
        if let Some(dir) = &data.data {
            s += &format!(" --data {}", shell_word(&dir.display().to_string()));
        } else if let Some(e) = &data.edition {
            s += &format!(" --edition {e}");
        }
        s += &format!(" --heroes {} {}", self.heroes, self.bot_option());
        if self.monster != self.default_monster {
            s += &format!(" --monster-policy {}", self.monster);
        }
        if !self.rules_label.is_empty() {
            s += &format!(" --rule {}", self.rules_label);
        }
        s
    }
}

/// The monster policy named by `--monster-policy`, or the edition's default: `random` in
/// Revised, whose three-card combat a uniform monster plays at about its equilibrium, and
/// `equilibrium` (the bots' card rules of thumb) in the 2010 card combat, where a uniform card
/// is a weak monster player no table would field.
pub fn monster_policy(rules: &Rules, given: Option<&str>) -> Result<MonsterSpec, Failure> {
    let name = given.unwrap_or(if rules.edition == dq_engine::Edition::Third { "equilibrium" } else { "random" });
    MonsterSpec::parse(name).map_err(|e| bad(e.to_string()))
}

/// The optional rules named by `--rule` (repeatable, comma lists allowed), checked against the
/// edition of `rules` (a rule that does not apply there is refused).
pub fn variant(rules: &Rules, names: &[String]) -> Result<Variant, Failure> {
    let mut v = Variant::default();
    for n in names {
        v.enable(n.trim()).map_err(|e| bad(e.to_string()))?;
    }
    v.check(rules.edition).map_err(|e| bad(e.to_string()))?;
    Ok(v)
}

/// A hero id, ignoring case; unknown ids list the known ones.
pub fn hero(rules: &Rules, id: &str) -> Result<u8, Failure> {
    hero_or(rules, id, "")
}

fn hero_or(rules: &Rules, id: &str, also: &str) -> Result<u8, Failure> {
    let id = id.trim().to_ascii_lowercase();
    rules.hero_by_id(&id).map(|h| h as u8).ok_or_else(|| {
        let known: Vec<&str> = rules.heroes.iter().map(|h| h.id.as_str()).collect();
        bad(format!("unknown hero \"{id}\" (known: {}{also})", known.join(", ")))
    })
}

/// `--heroes`: a count of random heroes, or a list of ids and `random`.
fn heroes(rules: &Rules, s: &str) -> Result<(ArrayVec<HeroPick, 4>, String), Failure> {
    let s = s.trim();
    let max = rules.heroes.len().min(4);
    let mut picks = ArrayVec::new();
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = s.parse().unwrap_or(usize::MAX);
        if !(1..=max).contains(&n) {
            return Err(bad(format!("--heroes {s}: a game has 1 to {max} heroes")));
        }
        (0..n).for_each(|_| picks.push(HeroPick::Random));
        return Ok((picks, n.to_string()));
    }
    let mut names = Vec::new();
    for item in s.split(',') {
        let item = item.trim();
        let pick = if item.eq_ignore_ascii_case("random") {
            HeroPick::Random
        } else if item.is_empty() {
            return Err(bad(format!("--heroes \"{s}\": empty hero name")));
        } else {
            let h = hero_or(rules, item, ", random")?;
            if picks.contains(&HeroPick::Fixed(h)) {
                return Err(bad(format!("--heroes {s}: hero \"{}\" is chosen twice", rules.heroes[h as usize].id)));
            }
            HeroPick::Fixed(h)
        };
        if picks.len() == max {
            return Err(bad(format!("--heroes {s}: a game has 1 to {max} heroes")));
        }
        picks.push(pick);
        names.push(match pick {
            HeroPick::Random => "random".to_string(),
            HeroPick::Fixed(h) => rules.heroes[h as usize].id.clone(),
        });
    }
    let label = if picks.iter().all(|p| *p == HeroPick::Random) { picks.len().to_string() } else { names.join(",") };
    Ok((picks, label))
}

/// Quotes a word for a POSIX shell if it needs it.
pub fn shell_word(s: &str) -> String {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_./:=,+@%".contains(&b)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn table(args: &[&str]) -> Result<Table, Failure> {
        let cli = Cli::try_parse_from(["dq", "run"].iter().chain(args)).unwrap();
        let Command::Run(run) = cli.command else { unreachable!() };
        Table::new(&Rules::revised(), &run.table)
    }

    #[test]
    fn the_monster_policy_defaults_to_the_edition_s_own() {
        let parse = |rules: &Rules, args: &[&str]| {
            let cli = Cli::try_parse_from(["dq", "run"].iter().chain(args)).unwrap();
            let Command::Run(run) = cli.command else { unreachable!() };
            Table::new(rules, &run.table).unwrap()
        };
        let (revised, third) = (Rules::revised(), Rules::third());
        let data = crate::cli::DataArgs { edition: None, data: None };
        let t = parse(&revised, &[]);
        assert_eq!(t.monster, MonsterSpec::Random);
        assert!(!t.options(&data).contains("--monster-policy"));
        let t = parse(&third, &[]);
        assert_eq!(t.monster, MonsterSpec::Equilibrium);
        assert!(!t.options(&data).contains("--monster-policy"), "the default is not spelled out");
        let t = parse(&third, &["--monster-policy", "random"]);
        assert_eq!(t.monster, MonsterSpec::Random);
        assert!(t.options(&data).ends_with(" --monster-policy random"), "{}", t.options(&data));
    }

    #[test]
    fn heroes_and_bots_are_canonical() {
        let t = table(&[]).unwrap();
        assert_eq!((t.heroes.as_str(), t.bots.clone(), t.rules_label.as_str()), ("1", vec!["greedy".to_string()], ""));
        let t = table(&["--heroes", "Hugo,random", "--bots", "greedy,cautious", "--rule", "torchlight,late-start"])
            .unwrap();
        assert_eq!(t.heroes, "hugo,random");
        assert_eq!(t.bots, ["greedy", "cautious"]);
        assert_eq!(t.rules_label, "late-start,torchlight");
        assert_eq!(
            t.options(&crate::cli::DataArgs { edition: None, data: None }),
            " --heroes hugo,random --bots greedy,cautious --rule late-start,torchlight"
        );
        let t = table(&["--heroes", "random,random", "--bot", "greedy:risk=10"]).unwrap();
        assert_eq!((t.heroes.as_str(), t.bot_option().as_str()), ("2", "--bot greedy:risk=10"));
    }

    #[test]
    fn bad_tables_say_why() {
        let err = |a: &[&str]| match table(a) {
            Err(Failure::Bad(m)) => m,
            other => panic!("{a:?}: {other:?}"),
        };
        assert!(err(&["--heroes", "bob"]).starts_with("unknown hero \"bob\" (known: gherinn,"));
        assert_eq!(err(&["--heroes", "5"]), "--heroes 5: a game has 1 to 4 heroes");
        assert_eq!(err(&["--heroes", "0"]), "--heroes 0: a game has 1 to 4 heroes");
        assert_eq!(err(&["--heroes", "hugo,hugo"]), "--heroes hugo,hugo: hero \"hugo\" is chosen twice");
        assert_eq!(err(&["--heroes", "hugo,,lindel"]), "--heroes \"hugo,,lindel\": empty hero name");
        assert!(err(&["--heroes", "2", "--rule", "solo"]).starts_with("--rule solo needs exactly one hero"));
        assert!(err(&["--bot", "gredy"]).starts_with("unknown bot \"gredy\""));
        assert!(err(&["--bots", "greedy,cautious", "--heroes", "3"]).contains("2 bots for 3 heroes"));
        assert!(err(&["--rule", "tower-powr"]).starts_with("unknown rule \"tower-powr\""));
        assert!(
            err(&["--rule", "tower-power"]).starts_with("rule \"tower-power\" is not available in the revised edition")
        );
        assert!(err(&["--monster-policy", "nasty"]).starts_with("unknown monster policy \"nasty\""));
    }

    #[test]
    fn shell_words() {
        assert_eq!(shell_word("data/my-ed"), "data/my-ed");
        assert_eq!(shell_word("my data"), "'my data'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
