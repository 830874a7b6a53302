//! Integer counts per group (edition × rules × hero × bot × players × monster policy ×
//! variant) read from results files: totals, and histograms of the integer columns whose distributions a report shows.
//! Rates, intervals and quantiles are derived from these at render time.

use crate::error::{bad, Error};
use crate::input::InputFile;
use crate::scan::{self, count_by, key, sums_by};
use polars::prelude::*;
use std::collections::BTreeMap;

/// A histogram of an integer column: value -> count.
pub type Hist = BTreeMap<i64, u64>;

/// The columns a report groups by, in key order: everything that makes runs differ (the
/// variant covers what no column holds: the rule data and the run's `--label`), so runs of
/// different variants are never pooled.
pub const KEY_COLUMNS: [&str; 7] = ["edition", "rules", "hero", "bot", "players", "monster_policy", scan::VARIANT];

/// The file columns a report reads: the keys but the variant (which no file holds) and
/// what the counts are made of; the rest are left unread.
pub(crate) const READ: [&str; 17] = [
    "edition",
    "rules",
    "hero",
    "bot",
    "players",
    "monster_policy",
    "seat",
    "survived",
    "exited",
    "winner",
    "gold",
    "death_cause",
    "turns",
    "end_round",
    "treasure_chamber_turns",
    "dragon_draws",
    "dragon_rage",
];

/// What a report groups by. Groups sort by hero first, so the variants of one hero are
/// adjacent in every table.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupKey {
    pub hero: String,
    pub edition: String,
    /// The comma-joined optional rules; empty for the standard game.
    pub rules: String,
    pub bot: String,
    pub players: u8,
    pub monster_policy: String,
    /// The run's variant name ([`scan::variant_names`]); empty for the embedded data.
    pub variant: String,
}

impl GroupKey {
    fn from_texts(k: &[Option<String>]) -> Result<GroupKey, Error> {
        let text = |i: usize| k.get(i).cloned().flatten().unwrap_or_default();
        let players = text(4).parse().map_err(|_| bad(format!("bad players value \"{}\"", text(4))))?;
        Ok(GroupKey {
            edition: text(0),
            rules: text(1),
            hero: text(2),
            bot: text(3),
            players,
            monster_policy: text(5),
            variant: text(6),
        })
    }

    /// The rules as shown: "standard" for none.
    pub fn rules_shown(&self) -> &str {
        rules_shown(&self.rules)
    }
}

/// A rules label as shown: "standard" for the game without optional rules.
pub fn rules_shown(rules: &str) -> &str {
    if rules.is_empty() {
        "standard"
    } else {
        rules
    }
}

/// Integer counts of one group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows: one per hero per game.
    pub hero_games: u64,
    /// Rows of seat 0 (the number of games the group's rows come from, when a group holds
    /// whole games).
    pub seat0: u64,
    pub survived: u64,
    pub exited: u64,
    pub winners: u64,
    /// Heroes who reached the treasure chamber (a turn in it or a dragon card drawn).
    pub reached_treasure: u64,
    /// Dragon cards drawn, summed.
    pub dragon_draws: u64,
    /// Turns begun in the treasure chamber, summed.
    pub treasure_turns: u64,
    /// Heroes hit by Dragon Rage.
    pub rage: u64,
    /// Gold of survivors.
    pub gold_survivors: Hist,
    /// Deaths by cause.
    pub causes: BTreeMap<String, u64>,
    pub turns: Hist,
    /// Round the hero exited in (survivors) or died in (the rest).
    pub end_round_exit: Hist,
    pub end_round_death: Hist,
}

impl Counts {
    /// Adds another group's counts (integer sums and histogram unions).
    pub fn merge(&mut self, o: &Counts) {
        self.hero_games += o.hero_games;
        self.seat0 += o.seat0;
        self.survived += o.survived;
        self.exited += o.exited;
        self.winners += o.winners;
        self.reached_treasure += o.reached_treasure;
        self.dragon_draws += o.dragon_draws;
        self.treasure_turns += o.treasure_turns;
        self.rage += o.rage;
        for (h, oh) in [
            (&mut self.gold_survivors, &o.gold_survivors),
            (&mut self.turns, &o.turns),
            (&mut self.end_round_exit, &o.end_round_exit),
            (&mut self.end_round_death, &o.end_round_death),
        ] {
            for (&v, &c) in oh {
                *h.entry(v).or_default() += c;
            }
        }
        for (k, &c) in &o.causes {
            *self.causes.entry(k.clone()).or_default() += c;
        }
    }

    /// Deaths counted by cause.
    pub fn deaths(&self) -> u64 {
        self.causes.values().sum()
    }
}

/// The counts of every group, sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    pub groups: BTreeMap<GroupKey, Counts>,
}

impl Analysis {
    /// Reads and counts `files` (already checked).
    pub fn of(files: &[InputFile]) -> Result<Analysis, Error> {
        let lf = scan::frame(files, &READ)?;
        let keys: Vec<Expr> = KEY_COLUMNS.iter().map(|k| key(k)).collect();
        let mut groups: BTreeMap<GroupKey, Counts> = BTreeMap::new();
        let reached = col("dragon_draws").gt(lit(0)).or(col("treasure_chamber_turns").gt(lit(0)));
        let sums = [
            col("seat").eq(lit(0)),
            col("survived"),
            col("exited"),
            col("winner"),
            reached,
            col("dragon_draws"),
            col("treasure_chamber_turns"),
            col("dragon_rage"),
        ];
        for (k, n, s) in sums_by(lf.clone(), &keys, &sums)? {
            let c = groups.entry(GroupKey::from_texts(&k)?).or_default();
            c.hero_games = n;
            [c.seat0, c.survived, c.exited, c.winners, c.reached_treasure, c.dragon_draws, c.treasure_turns, c.rage] =
                [s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]];
        }
        fn group<'a>(
            groups: &'a mut BTreeMap<GroupKey, Counts>,
            k: &[Option<String>],
        ) -> Result<&'a mut Counts, Error> {
            Ok(groups.entry(GroupKey::from_texts(&k[..KEY_COLUMNS.len()])?).or_default())
        }
        for (k, v, n) in count_by(lf.clone().filter(col("survived")), &keys, &[col("gold")])? {
            group(&mut groups, &k)?.gold_survivors.insert(v[0], n);
        }
        let mut with_cause = keys.clone();
        with_cause.push(key("death_cause"));
        for (k, _, n) in count_by(lf.clone().filter(col("death_cause").is_not_null()), &with_cause, &[])? {
            let cause = k[KEY_COLUMNS.len()].clone().unwrap_or_default();
            *group(&mut groups, &k)?.causes.entry(cause).or_default() += n;
        }
        for (k, v, n) in count_by(lf.clone(), &keys, &[col("turns")])? {
            group(&mut groups, &k)?.turns.insert(v[0], n);
        }
        for (k, v, n) in count_by(lf, &keys, &[col("survived"), col("end_round")])? {
            let c = group(&mut groups, &k)?;
            let h = if v[0] != 0 { &mut c.end_round_exit } else { &mut c.end_round_death };
            h.insert(v[1], n);
        }
        Ok(Analysis { groups })
    }

    /// All groups together.
    pub fn total(&self) -> Counts {
        let mut t = Counts::default();
        self.groups.values().for_each(|c| t.merge(c));
        t
    }

    /// Every death cause that occurs, sorted.
    pub fn causes(&self) -> Vec<String> {
        let mut v: Vec<String> = self.groups.values().flat_map(|c| c.causes.keys().cloned()).collect();
        v.sort();
        v.dedup();
        v
    }
}
