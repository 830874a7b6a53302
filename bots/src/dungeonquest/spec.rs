//! Policy specs: the short strings users name policies with on the command line and in sweep
//! files, e.g. `greedy`, `cautious:margin=3`, `greedy:dragon_draws=2:risk=15`.
//!
//! A spec is a policy name followed by `:name=value` parameters. Parsing checks every name and
//! value, so a typo is an error rather than a silently ignored setting. [`BotSpec`]'s
//! `Display` prints the canonical form (defaults left out), which is what run metadata and the
//! Parquet `bot` column record.

use dq_engine::data::CombatCard;
use std::fmt;

/// Why a spec string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

/// The hero policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniform over the legal options: the baseline and the fuzzer.
    Random,
    /// Greedy treasure: treasure chamber first, fights, draws dragon cards while it pays.
    Greedy,
    /// Cautious: survival first (life worth 10,000 gold), careful ways, leaves early.
    Cautious,
    /// Moves like `greedy`, plays combat at the Nash equilibrium and escapes by expected wounds.
    Mixed,
    /// Searches its key decisions by rollouts of resampled copies of the game, a planner
    /// policy (its [`Search::base`]) playing them out; never sees what the hero cannot.
    Expert,
}

impl BotKind {
    /// Every policy name, for error messages and help.
    pub const NAMES: [&'static str; 5] = ["greedy", "cautious", "mixed", "expert", "random"];

    fn from_name(s: &str) -> Option<BotKind> {
        Some(match s {
            "random" => BotKind::Random,
            "greedy" => BotKind::Greedy,
            "cautious" => BotKind::Cautious,
            "mixed" => BotKind::Mixed,
            "expert" => BotKind::Expert,
            _ => return None,
        })
    }

    /// The policy's name.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Cautious => "cautious",
            BotKind::Mixed => "mixed",
            BotKind::Expert => "expert",
        }
    }

    /// Whether the kind is one of the planner's settings, which `expert` can play out with.
    pub fn is_planner(self) -> bool {
        matches!(self, BotKind::Greedy | BotKind::Cautious | BotKind::Mixed)
    }
}

/// How a hero picks combat cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatStyle {
    /// Each card with probability 1/3.
    Uniform,
    /// The Nash-equilibrium mix of the combat results matrix (computed from the rule data).
    Nash,
    /// Always the same card (for experiments, and the adversarial monster's test).
    Always(CombatCard),
}

/// When a hero tries to escape a monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EscapeStyle {
    /// Fights every monster to the end.
    Never,
    /// Tries whenever the rules allow.
    Always,
    /// Compares the expected cost (death risk and wounds) of fighting and of trying to escape.
    Expected,
}

/// The tunable parameters of the strategic policies. Every field has a name in spec strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// Most dragon cards drawn in one game (`dragon_draws`).
    pub dragon_draws: u8,
    /// Highest chance of Dragon Rage, in percent, accepted for one more dragon draw (`risk`).
    pub risk: u8,
    /// Spare sun spaces kept when timing the way back to a tower (`margin`).
    pub margin: u8,
    /// Turns a move is expected to take, in percent, when timing the trip (`pace`): encounters
    /// end turns early, so a careful player reckons more than one turn per space.
    pub pace: u8,
    /// Search a chamber when at least this many spare sun spaces remain; 0 never searches
    /// (`search`).
    pub search: u8,
    /// Combat card choice (`combat`: `uniform`, `nash`, `magic`, `melee`, `ranged`).
    pub combat: CombatStyle,
    /// Escape choice (`escape`: `never`, `always`, `expected`).
    pub escape: EscapeStyle,
    /// What leaving the dungeon alive is worth, in gold (`life`): the policy's risk attitude.
    /// The planner maximises gold carried out plus `life` times the chance of getting out
    /// alive ([`BotSpec::objective`]); 0 cares for gold only.
    pub life: u16,
}

impl Params {
    /// The defaults of a policy in Revised and 2010: each on the survival-gold frontier of
    /// its family (docs/bots.md, "On the frontier"). Greedy and mixed search no chamber for
    /// spare turns (`search=0`: the search cost more survival than the loot it found paid),
    /// cautious fights on once in a fight (`escape=never`: escaping whenever allowed cost
    /// lives).
    pub fn defaults(kind: BotKind) -> Params {
        match kind {
            // Random ignores its parameters; these are the greedy ones so the type stays total.
            // Expert's are its default base's (greedy): they configure the policy it plays
            // out with.
            BotKind::Random | BotKind::Greedy | BotKind::Expert => Params {
                dragon_draws: 4,
                risk: 20,
                margin: 0,
                pace: 100,
                search: 0,
                combat: CombatStyle::Uniform,
                escape: EscapeStyle::Never,
                life: 150,
            },
            BotKind::Cautious => Params {
                dragon_draws: 1,
                risk: 15,
                margin: 2,
                pace: 100,
                search: 0,
                combat: CombatStyle::Uniform,
                escape: EscapeStyle::Never,
                life: 10_000,
            },
            BotKind::Mixed => Params {
                dragon_draws: 4,
                risk: 20,
                margin: 0,
                pace: 100,
                search: 0,
                combat: CombatStyle::Nash,
                escape: EscapeStyle::Expected,
                life: 150,
            },
        }
    }

    /// The defaults of a policy on the 1987 board, whose bots (`classic/`) were measured and
    /// blessed apart (issue 25): they keep their own. Only cautious differs, escaping whenever
    /// allowed as it did; `search` is not read there.
    pub fn classic_defaults(kind: BotKind) -> Params {
        let mut p = Params::defaults(kind);
        if kind == BotKind::Cautious {
            p.escape = EscapeStyle::Always;
        }
        p
    }

    /// Sets the parameter `key` from its spec text; `Ok(false)` if no parameter has that name.
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let int = |max: u8| -> Result<u8, String> {
            value
                .parse::<u8>()
                .ok()
                .filter(|v| *v <= max)
                .ok_or_else(|| format!("{key}={value}: expected a whole number from 0 to {max}"))
        };
        match key {
            "dragon_draws" => self.dragon_draws = int(40)?,
            "risk" => self.risk = int(100)?,
            "margin" => self.margin = int(30)?,
            "pace" => {
                self.pace = int(250)?;
                if self.pace < 50 {
                    return Err(format!("pace={value}: expected a percentage from 50 to 250"));
                }
            }
            "search" => self.search = int(30)?,
            "life" => {
                self.life = value
                    .parse::<u16>()
                    .ok()
                    .filter(|v| *v <= 10_000)
                    .ok_or_else(|| format!("{key}={value}: expected a whole number from 0 to 10000"))?
            }
            "combat" => {
                self.combat = match value {
                    "uniform" => CombatStyle::Uniform,
                    "nash" => CombatStyle::Nash,
                    "magic" => CombatStyle::Always(CombatCard::Magic),
                    "melee" => CombatStyle::Always(CombatCard::Melee),
                    "ranged" => CombatStyle::Always(CombatCard::Ranged),
                    _ => return Err(format!("combat={value}: expected uniform, nash, magic, melee or ranged")),
                }
            }
            "escape" => {
                self.escape = match value {
                    "never" => EscapeStyle::Never,
                    "always" => EscapeStyle::Always,
                    "expected" => EscapeStyle::Expected,
                    _ => return Err(format!("escape={value}: expected never, always or expected")),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Parameter names accepted by the strategic policies.
pub const PARAM_NAMES: [&str; 8] = ["dragon_draws", "risk", "margin", "pace", "search", "combat", "escape", "life"];

/// The search budget and rollout policy of `expert` (ignored by the other kinds): its own
/// parameters, apart from the planner's [`Params`], which configure its base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Search {
    /// Rollouts per legal answer of a key decision (`samples`): the budget. Each answer is
    /// played out from the same `samples` resampled futures (common random numbers).
    pub samples: u16,
    /// The planner setting that plays the rollouts for every seat and whose objective (with
    /// its `life`) the search maximises (`base`: `greedy`, `cautious` or `mixed`).
    pub base: BotKind,
    /// `life` as given to an expert, in gold (`None`: not given). DungeonQuest reads its
    /// planner's [`Params::life`] (set alike); Dealing Dungeons' expert adds it to its
    /// objective for a hero alive at the end (`None`: its default, 100), so a game whose
    /// default differs from the planner's still knows what was asked.
    pub life: Option<u16>,
    /// What winning is worth to an expert's objective, in gold (`win`; `None`: the game's
    /// default). Read by Dealing Dungeons (100) and The Dungeon of Chaos (2,000, the gold a
    /// win takes); DungeonQuest has no winner and refuses it.
    pub win: Option<u32>,
}

impl Default for Search {
    fn default() -> Search {
        Search { samples: 32, base: BotKind::Greedy, life: None, win: None }
    }
}

/// Parameter names of `expert`'s search, besides the planner's [`PARAM_NAMES`].
pub const SEARCH_PARAM_NAMES: [&str; 2] = ["samples", "base"];

/// Parameter names of an expert's objective where its game reads them (`life` is also the
/// planner's, [`PARAM_NAMES`]).
pub const STAKE_PARAM_NAMES: [&str; 2] = ["life", "win"];

/// The largest `win` an expert takes, in gold.
pub const MAX_WIN: u32 = 100_000;

/// A hero policy with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    pub kind: BotKind,
    /// The parameters in Revised and 2010.
    pub params: Params,
    /// The parameters on the 1987 board: the same ones the spec names, the others at
    /// [`Params::classic_defaults`] (read through [`BotSpec::in_classic`]).
    pub classic: Params,
    /// `expert`'s search; the default for every other kind.
    pub search: Search,
}

impl BotSpec {
    /// A policy with its default parameters.
    pub fn new(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            params: Params::defaults(kind),
            classic: Params::classic_defaults(kind),
            search: Search::default(),
        }
    }

    /// The spec as the 1987 bots play it: its [`BotSpec::classic`] parameters.
    pub fn in_classic(&self) -> BotSpec {
        BotSpec { params: self.classic, ..*self }
    }

    /// The planner an `expert` spec plays out with (its base, with the spec's planner
    /// parameters); any other spec as it is.
    pub fn base(&self) -> BotSpec {
        match self.kind {
            BotKind::Expert => BotSpec {
                kind: self.search.base,
                params: self.params,
                classic: self.classic,
                search: Search::default(),
            },
            _ => *self,
        }
    }

    /// Parses `name[:param=value]...`.
    pub fn parse(s: &str) -> Result<BotSpec, SpecError> {
        let mut parts = s.trim().split(':');
        let name = parts.next().unwrap_or("").trim();
        let kind = BotKind::from_name(name)
            .ok_or_else(|| SpecError(format!("unknown bot \"{name}\" (known: {})", BotKind::NAMES.join(", "))))?;
        let mut spec = BotSpec::new(kind);
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for part in parts {
            let Some((key, value)) = part.split_once('=') else {
                return Err(SpecError(format!("bot \"{s}\": parameter \"{part}\" is not name=value")));
            };
            if kind == BotKind::Random {
                return Err(SpecError(format!("bot \"{s}\": random takes no parameters")));
            }
            pairs.push((key.trim(), value.trim()));
        }
        // An expert's base sets the planner defaults the other parameters then change, so it
        // is read first wherever it stands.
        pairs.sort_by_key(|&(key, _)| key != "base");
        for (key, value) in pairs {
            spec.set(key, value).map_err(|m| SpecError(format!("bot \"{s}\": {m}")))?;
        }
        Ok(spec)
    }

    /// Sets one of `expert`'s search parameters; `None` if `key` is not one.
    fn set_search(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        if self.kind != BotKind::Expert {
            return None;
        }
        Some(match key {
            "samples" => match value.parse::<u16>() {
                Ok(n @ 1..=1000) => {
                    self.search.samples = n;
                    Ok(())
                }
                _ => Err(format!("samples={value}: expected a whole number from 1 to 1000")),
            },
            "base" => match BotKind::from_name(value).filter(|k| k.is_planner()) {
                Some(k) => {
                    self.search.base = k;
                    self.params = Params::defaults(k);
                    self.classic = Params::classic_defaults(k);
                    Ok(())
                }
                None => Err(format!("base={value}: expected greedy, cautious or mixed")),
            },
            // The planner's `life` too (DungeonQuest's expert reads it there).
            "life" => match (self.params.set(key, value), self.classic.set(key, value)) {
                (Ok(_), Ok(_)) => {
                    self.search.life = Some(self.params.life);
                    Ok(())
                }
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
            "win" => match value.parse::<u32>() {
                Ok(n) if n <= MAX_WIN => {
                    self.search.win = Some(n);
                    Ok(())
                }
                _ => Err(format!("win={value}: expected a whole number from 0 to {MAX_WIN}")),
            },
            _ => return None,
        })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if let Some(done) = self.set_search(key, value) {
            return done;
        }
        // A named parameter is the same in every edition.
        if self.params.set(key, value)? && self.classic.set(key, value)? {
            return Ok(());
        }
        let search = if self.kind == BotKind::Expert { ", samples, base, win" } else { "" };
        Err(format!("unknown parameter \"{key}\" (known: {}{search})", PARAM_NAMES.join(", ")))
    }

    /// The policy's own objective for one hero-game: the gold carried out (0 for a hero who
    /// died) plus [`Params::life`] if the hero got out alive. What the planner maximises in
    /// expectation, and what the artefact check (bots/tests/artefacts.rs) holds it to.
    pub fn objective(&self, survived: bool, gold: u32) -> f64 {
        if survived {
            f64::from(gold) + f64::from(self.params.life)
        } else {
            0.0
        }
    }

    /// Parses a comma-separated list of specs (one per seat).
    pub fn parse_list(s: &str) -> Result<Vec<BotSpec>, SpecError> {
        s.split(',').map(BotSpec::parse).collect()
    }
}

impl fmt::Display for BotSpec {
    /// The canonical spec: the name, then every parameter that differs from the default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        if self.kind == BotKind::Expert {
            let d = Search::default();
            if self.search.base != d.base {
                write!(f, ":base={}", self.search.base.name())?;
            }
            if self.search.samples != d.samples {
                write!(f, ":samples={}", self.search.samples)?;
            }
            if let Some(win) = self.search.win {
                write!(f, ":win={win}")?;
            }
        }
        // An expert's planner parameters differ from its base's defaults, not its own. A
        // parameter is written when it differs from its default in any edition (a named one
        // holds the same value in every edition).
        let (d, cd) = (Params::defaults(self.base().kind), Params::classic_defaults(self.base().kind));
        let (p, c) = (self.params, self.classic);
        if p.dragon_draws != d.dragon_draws || c.dragon_draws != cd.dragon_draws {
            write!(f, ":dragon_draws={}", p.dragon_draws)?;
        }
        if p.risk != d.risk || c.risk != cd.risk {
            write!(f, ":risk={}", p.risk)?;
        }
        if p.margin != d.margin || c.margin != cd.margin {
            write!(f, ":margin={}", p.margin)?;
        }
        if p.pace != d.pace || c.pace != cd.pace {
            write!(f, ":pace={}", p.pace)?;
        }
        if p.search != d.search || c.search != cd.search {
            write!(f, ":search={}", p.search)?;
        }
        if p.life != d.life || c.life != cd.life || self.search.life.is_some() {
            write!(f, ":life={}", p.life)?;
        }
        if p.combat != d.combat || c.combat != cd.combat {
            let v = match p.combat {
                CombatStyle::Uniform => "uniform",
                CombatStyle::Nash => "nash",
                CombatStyle::Always(CombatCard::Magic) => "magic",
                CombatStyle::Always(CombatCard::Melee) => "melee",
                CombatStyle::Always(CombatCard::Ranged) => "ranged",
            };
            write!(f, ":combat={v}")?;
        }
        if p.escape != d.escape || c.escape != cd.escape {
            let v = match p.escape {
                EscapeStyle::Never => "never",
                EscapeStyle::Always => "always",
                EscapeStyle::Expected => "expected",
            };
            write!(f, ":escape={v}")?;
        }
        Ok(())
    }
}

/// The monster player's policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MonsterSpec {
    /// Uniform over the three combat cards (the default).
    Random,
    /// The monster side of the combat matrix's Nash equilibrium.
    Equilibrium,
    /// Best response to the hero policy's known card mix.
    Adversarial,
}

impl MonsterSpec {
    /// Every monster policy name.
    pub const NAMES: [&'static str; 3] = ["random", "equilibrium", "adversarial"];

    /// Parses a monster policy name.
    pub fn parse(s: &str) -> Result<MonsterSpec, SpecError> {
        Ok(match s.trim() {
            "random" => MonsterSpec::Random,
            "equilibrium" => MonsterSpec::Equilibrium,
            "adversarial" => MonsterSpec::Adversarial,
            other => {
                return Err(SpecError(format!(
                    "unknown monster policy \"{other}\" (known: {})",
                    MonsterSpec::NAMES.join(", ")
                )))
            }
        })
    }

    /// The monster player an edition's tables field unless told otherwise: `random` in
    /// Revised, whose three-card combat a uniform monster plays at about its equilibrium, and
    /// in 1987, whose counters the rulebook has the player to the right choose freely;
    /// `equilibrium` (the bots' card rules of thumb) in the 2010 card combat, where a uniform
    /// card is a weak monster player no table would field.
    pub fn edition_default(edition: dq_engine::Edition) -> MonsterSpec {
        match edition {
            dq_engine::Edition::Third => MonsterSpec::Equilibrium,
            dq_engine::Edition::Revised | dq_engine::Edition::Classic => MonsterSpec::Random,
        }
    }

    /// The policy's name.
    pub fn name(self) -> &'static str {
        match self {
            MonsterSpec::Random => "random",
            MonsterSpec::Equilibrium => "equilibrium",
            MonsterSpec::Adversarial => "adversarial",
        }
    }
}

impl fmt::Display for MonsterSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_parameters() {
        let s = BotSpec::parse("greedy:dragon_draws=2:risk=15").unwrap();
        assert_eq!(s.kind, BotKind::Greedy);
        assert_eq!(s.params.dragon_draws, 2);
        assert_eq!(s.params.risk, 15);
        assert_eq!(s.params.margin, 0);
        assert_eq!(s.to_string(), "greedy:dragon_draws=2:risk=15");
        assert_eq!(BotSpec::parse("cautious").unwrap().to_string(), "cautious");
        assert_eq!(BotSpec::parse("cautious:margin=2").unwrap().to_string(), "cautious");
        assert_eq!(BotSpec::parse("mixed:combat=melee").unwrap().params.combat, CombatStyle::Always(CombatCard::Melee));
        let list = BotSpec::parse_list("greedy,cautious,mixed,random").unwrap();
        assert_eq!(
            list.iter().map(|b| b.kind).collect::<Vec<_>>(),
            [BotKind::Greedy, BotKind::Cautious, BotKind::Mixed, BotKind::Random]
        );
    }

    #[test]
    fn the_1987_bots_keep_their_own_defaults() {
        let parse = |s: &str| BotSpec::parse(s).unwrap();
        assert_eq!(parse("cautious").params.escape, EscapeStyle::Never);
        assert_eq!(parse("cautious").in_classic().params.escape, EscapeStyle::Always);
        assert_eq!(parse("cautious:margin=3").in_classic().params.escape, EscapeStyle::Always);
        // A parameter named in the spec holds in every edition, and is written back.
        let never = parse("cautious:escape=never");
        assert_eq!(never.in_classic().params.escape, EscapeStyle::Never);
        assert_eq!(never.to_string(), "cautious:escape=never");
        assert_eq!(parse(&never.to_string()), never);
        assert_eq!(parse("cautious:escape=always").to_string(), "cautious:escape=always");
        assert_eq!(parse("greedy").in_classic(), parse("greedy"));
        assert_eq!(parse("greedy").to_string(), "greedy");
    }

    #[test]
    fn expert_takes_a_budget_a_base_and_the_base_parameters() {
        let e = BotSpec::parse("expert").unwrap();
        assert_eq!(
            (e.kind, e.search, e.params),
            (BotKind::Expert, Search::default(), Params::defaults(BotKind::Greedy))
        );
        assert_eq!(e.base(), BotSpec::new(BotKind::Greedy));
        assert_eq!(e.to_string(), "expert");
        // The base is read first wherever it stands, and its defaults are the ones left out.
        let c = BotSpec::parse("expert:margin=3:samples=20:base=cautious").unwrap();
        assert_eq!(c.search, Search { samples: 20, base: BotKind::Cautious, ..Search::default() });
        assert_eq!(c.params.margin, 3);
        assert_eq!(c.params.life, Params::defaults(BotKind::Cautious).life);
        assert_eq!(c.to_string(), "expert:base=cautious:samples=20:margin=3");
        assert_eq!(BotSpec::parse(&c.to_string()).unwrap(), c);
        assert_eq!(c.base().kind, BotKind::Cautious);
        let err = |s: &str| BotSpec::parse(s).unwrap_err().0;
        assert!(err("expert:samples=0").contains("samples=0"));
        assert!(err("expert:base=random").contains("base=random"));
        assert!(err("expert:base=expert").contains("base=expert"));
        assert!(err("greedy:samples=4").contains("unknown parameter \"samples\""));
        assert!(err("expert:depth=4").contains("samples, base, win"));
    }

    /// An expert's objective parameters (`life`, `win`) round-trip through the spec text,
    /// even at a planner default; `life` sets the planner's too.
    #[test]
    fn expert_stakes_round_trip() {
        let parse = |s: &str| BotSpec::parse(s).unwrap();
        let e = parse("expert:win=300:life=150:samples=8");
        assert_eq!((e.search.life, e.search.win, e.search.samples), (Some(150), Some(300), 8));
        assert_eq!(e.params.life, 150);
        assert_eq!(e.to_string(), "expert:samples=8:win=300:life=150");
        assert_eq!(parse(&e.to_string()), e);
        let z = parse("expert:base=cautious:life=0:win=0");
        assert_eq!((z.search.life, z.search.win, z.params.life, z.classic.life), (Some(0), Some(0), 0, 0));
        assert_eq!(parse(&z.to_string()), z);
        assert_eq!(parse("expert").search.life, None);
        assert_eq!(parse("greedy:life=7").search, Search::default());
        let err = |s: &str| BotSpec::parse(s).unwrap_err().0;
        assert!(err("expert:win=-1").contains("win=-1: expected a whole number from 0 to 100000"));
        assert!(err("expert:win=100001").contains("win=100001"));
        assert!(err("expert:life=x").contains("life=x: expected a whole number from 0 to 10000"));
        assert!(err("greedy:win=5").contains("unknown parameter \"win\""));
    }

    #[test]
    fn refuses_bad_specs_with_a_reason() {
        let err = |s: &str| BotSpec::parse(s).unwrap_err().0;
        assert!(err("greed").contains("unknown bot \"greed\""));
        assert!(err("greedy:dragons=2").contains("unknown parameter \"dragons\""));
        assert!(err("greedy:risk=200").contains("risk=200"));
        assert!(err("greedy:risk").contains("not name=value"));
        assert!(err("cautious:combat=fire").contains("combat=fire"));
        assert!(err("random:margin=1").contains("no parameters"));
        assert!(MonsterSpec::parse("nice").unwrap_err().0.contains("unknown monster policy"));
        assert_eq!(MonsterSpec::parse("adversarial").unwrap(), MonsterSpec::Adversarial);
    }
}
