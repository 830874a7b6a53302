//! The table a run is played at: heroes per seat, a bot per seat, the monster player's policy
//! and the optional rules, checked against the loaded rules and kept with the canonical
//! spellings that the summary, the Parquet columns and the replay command print.

use crate::cli::TableArgs;
use crate::error::{bad, Failure};
use arrayvec::ArrayVec;
use dq_bots::dungeonquest::classic::ClassicPlayers;
use dq_bots::{BotSpec, MonsterSpec, Players};
use dq_engine::dungeonquest::classic::game::{ClassicConfig, ClassicGame, Pick};
use dq_engine::dungeonquest::classic::ClassicRules;
use dq_engine::{Edition, GameConfig, HeroPick, Rules, Variant};

/// The default hero bot.
pub const DEFAULT_BOT: &str = "greedy";

/// Everything a game of a run is played with, except the seed and index: the engine's
/// configuration `C` and the seats' canonical spellings.
#[derive(Clone, Debug)]
pub struct TableOf<C> {
    pub config: C,
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

/// A table of the FFG editions (revised, third).
pub type Table = TableOf<GameConfig>;
/// A table of the 1987 game.
pub type ClassicTable = TableOf<ClassicConfig>;

impl Table {
    /// Checks the table options against `rules`.
    pub fn new(rules: &Rules, args: &TableArgs) -> Result<Table, Failure> {
        let variant = variant(rules.edition, &args.rules)?;
        let ids: Vec<&str> = rules.heroes.iter().map(|h| h.id.as_str()).collect();
        let given = args.heroes_or(1);
        let (picks, heroes) = heroes(&ids, ids.len(), &given)?;
        if variant.solo && picks.len() != 1 {
            return Err(bad(format!("--rule solo needs exactly one hero (--heroes {given} gives {})", picks.len())));
        }
        let specs = specs(args)?;
        let monster = monster_policy(rules.edition, args.monster_policy.as_deref())?;
        let picks = picks.iter().map(|p| p.map_or(HeroPick::Random, HeroPick::Fixed)).collect();
        let config = GameConfig { heroes: picks, variant };
        let seats = Players::check(rules, &specs, monster, config.heroes.len()).map_err(|e| bad(e.to_string()))?;
        config.check(rules).map_err(|e| bad(e.to_string()))?;
        Ok(TableOf::seated(config, heroes, &seats, specs, monster, rules.edition, variant.label()))
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.config.heroes.len()
    }

    /// The bots of a table, ready to play (one per worker: construction allocates).
    pub fn players(&self, rules: &Rules) -> Players {
        Players::new(rules, &self.specs, self.monster, self.seats()).expect("checked in Table::new")
    }
}

impl ClassicTable {
    /// Checks the table options against the 1987 `rules`: heroes by id (a random seat draws
    /// among the verified characters), no optional rules (the rulebook has none).
    pub fn new(rules: &ClassicRules, args: &TableArgs) -> Result<ClassicTable, Failure> {
        let variant = variant(Edition::Classic, &args.rules)?;
        let ids: Vec<&str> = rules.heroes.iter().map(|h| h.id.as_str()).collect();
        let (picks, heroes) = heroes(&ids, rules.default_heroes().count(), &args.heroes_or(1))?;
        let specs = specs(args)?;
        let monster = monster_policy(Edition::Classic, args.monster_policy.as_deref())?;
        let n = picks.len();
        let config = ClassicConfig {
            heroes: picks.iter().map(|p| p.map_or(Pick::Random, Pick::Fixed)).collect(),
            rings: (0..n).map(|_| Pick::Random).collect(),
        };
        let seats = ClassicPlayers::check(rules, &specs, monster, n).map_err(|e| bad(e.to_string()))?;
        ClassicGame::check(rules, &config).map_err(|e| bad(e.to_string()))?;
        Ok(TableOf::seated(config, heroes, &seats, specs, monster, Edition::Classic, variant.label()))
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.config.heroes.len()
    }

    /// The bots of a table, ready to play (one per worker).
    pub fn players(&self, rules: &ClassicRules) -> ClassicPlayers {
        ClassicPlayers::new(rules, &self.specs, self.monster, self.seats()).expect("checked in ClassicTable::new")
    }
}

impl<C> TableOf<C> {
    fn seated(
        config: C,
        heroes: String,
        seats: &[BotSpec],
        specs: Vec<BotSpec>,
        monster: MonsterSpec,
        edition: Edition,
        rules_label: String,
    ) -> TableOf<C> {
        let bots = seats.iter().map(|s| s.to_string()).collect();
        let default_monster = MonsterSpec::edition_default(edition);
        TableOf { config, heroes, bots, specs, monster, default_monster, rules_label }
    }

    /// The bot option as a user would type it: one spec if all seats share it.
    pub fn bot_option(&self) -> String {
        Seating::of(self).bot_option()
    }

    /// The options that rebuild this table (for the printed replay command).
    pub fn options(&self, data: &crate::cli::DataArgs) -> String {
        Seating::of(self).options(data)
    }
}

/// A table's seats and options, whatever the engine's configuration: what metadata,
/// summaries and the replay command print.
pub struct Seating<'a> {
    pub heroes: &'a str,
    pub bots: &'a [String],
    pub monster: MonsterSpec,
    pub default_monster: MonsterSpec,
    pub rules_label: &'a str,
}

impl<'a> Seating<'a> {
    /// The seats of `t`.
    pub fn of<C>(t: &'a TableOf<C>) -> Seating<'a> {
        Seating {
            heroes: &t.heroes,
            bots: &t.bots,
            monster: t.monster,
            default_monster: t.default_monster,
            rules_label: &t.rules_label,
        }
    }

    /// The bot option as a user would type it: one spec if all seats share it.
    pub fn bot_option(&self) -> String {
        crate::cli::bot_option(self.bots)
    }

    /// The options that rebuild the table (for the printed replay command).
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

/// `--bot` / `--bots`, parsed (not yet checked against the seats).
fn specs(args: &TableArgs) -> Result<Vec<BotSpec>, Failure> {
    match (&args.bot, &args.bots) {
        (_, Some(list)) => BotSpec::parse_list(list).map_err(|e| bad(e.to_string())),
        (Some(one), None) => Ok(vec![BotSpec::parse(one).map_err(|e| bad(e.to_string()))?]),
        (None, None) => Ok(vec![BotSpec::parse(DEFAULT_BOT).map_err(|e| bad(e.to_string()))?]),
    }
}

/// The monster policy named by `--monster-policy`, or the edition's default
/// ([`MonsterSpec::edition_default`]).
pub fn monster_policy(edition: Edition, given: Option<&str>) -> Result<MonsterSpec, Failure> {
    match given {
        Some(name) => MonsterSpec::parse(name).map_err(|e| bad(e.to_string())),
        None => Ok(MonsterSpec::edition_default(edition)),
    }
}

/// The optional rules named by `--rule` (repeatable, comma lists allowed), checked against
/// `edition` (a rule that does not apply there is refused).
pub fn variant(edition: Edition, names: &[String]) -> Result<Variant, Failure> {
    let mut v = Variant::default();
    for n in names {
        v.enable(n.trim()).map_err(|e| bad(e.to_string()))?;
    }
    v.check(edition).map_err(|e| bad(e.to_string()))?;
    Ok(v)
}

/// A hero id, ignoring case; unknown ids list the known ones.
pub fn hero(rules: &Rules, id: &str) -> Result<u8, Failure> {
    let ids: Vec<&str> = rules.heroes.iter().map(|h| h.id.as_str()).collect();
    hero_or(&ids, id, "")
}

fn hero_or(ids: &[&str], id: &str, also: &str) -> Result<u8, Failure> {
    let id = id.trim().to_ascii_lowercase();
    ids.iter()
        .position(|h| *h == id)
        .map(|h| h as u8)
        .ok_or_else(|| bad(format!("unknown hero \"{id}\" (known: {}{also})", ids.join(", "))))
}

/// `--heroes`: a count of random heroes (at most `drawn`, the sheets a random seat draws
/// from), or a list of ids of `ids` and `random`. A pick is `None` for a random seat.
fn heroes(ids: &[&str], drawn: usize, s: &str) -> Result<(ArrayVec<Option<u8>, 4>, String), Failure> {
    let s = s.trim();
    let max = drawn.min(4);
    let mut picks = ArrayVec::new();
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = s.parse().unwrap_or(usize::MAX);
        if !(1..=max).contains(&n) {
            return Err(bad(format!("--heroes {s}: a game has 1 to {max} heroes")));
        }
        (0..n).for_each(|_| picks.push(None));
        return Ok((picks, n.to_string()));
    }
    let mut names = Vec::new();
    for item in s.split(',') {
        let item = item.trim();
        let pick = if item.eq_ignore_ascii_case("random") {
            None
        } else if item.is_empty() {
            return Err(bad(format!("--heroes \"{s}\": empty hero name")));
        } else {
            let h = hero_or(ids, item, ", random")?;
            if picks.contains(&Some(h)) {
                return Err(bad(format!("--heroes {s}: hero \"{}\" is chosen twice", ids[h as usize])));
            }
            Some(h)
        };
        if picks.len() == max {
            return Err(bad(format!("--heroes {s}: a game has 1 to {max} heroes")));
        }
        picks.push(pick);
        names.push(pick.map_or("random", |h| ids[h as usize]).to_string());
    }
    let label = if picks.iter().all(Option::is_none) { picks.len().to_string() } else { names.join(",") };
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
