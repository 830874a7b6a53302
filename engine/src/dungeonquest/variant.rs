//! Optional rules, selected per run by name (`--rule late-start`, `--rule magical-might=3`).
//!
//! Every optional rule of the 2010 rulebook ("Optional Rules", p. 24) and of the Revised Rules
//! Reference ("Optional Rules") has a name here. [`Variant::enable`] parses a name (and the
//! parameter of `magical-might=N`); [`Variant::check`] then says whether the rules switched on
//! make sense in an edition, refusing the others with a one-line reason. The mechanisms live
//! in `game/` next to the rules they change, each with its Revised adaptation written down.

use crate::dungeonquest::edition::Edition;
use std::fmt;

/// The optional rules a game is played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Solo play (Revised Rules Reference) / Going It Alone (2010): one escape chance before
    /// combat, the d6 combat table, and a treasure card needed to exit.
    pub solo: bool,
    /// Death Can Wait (Revised): a dead hero returns his cards and restarts on a tower.
    pub death_can_wait: bool,
    /// Torchlight (Revised): tiles are placed beyond every open hall of each chamber entered.
    pub torchlight: bool,
    /// Late Start: at setup the sun advances 1d6 spaces.
    pub late_start: bool,
    /// Every hero ability off, for sensitivity runs against the estimated abilities.
    pub no_abilities: bool,
    /// Tower Power (2010): a hero entering a tower room may move to another tower room, then
    /// must move on. Played in `third`; part of the Revised tower chamber already, so refused
    /// there.
    pub tower_power: bool,
    /// No Guts, No Glory (2010): exiting needs a treasure card, not just any loot.
    pub no_guts_no_glory: bool,
    /// Live to Fight Another Day (2010): after winning a combat round the hero may give up
    /// that round's damage to escape by winning the next round (Revised adaptation, or the
    /// 2010 form in `third`).
    pub live_to_fight: bool,
    /// Magical Might (2010): runes dealt to each hero at setup (0 = the edition's number).
    pub magical_might: u8,
    /// Cloak and Dagger (2010): loot is face down; players see how many loot cards another
    /// hero holds but not which, nor their gold.
    pub cloak_and_dagger: bool,
    /// Hero vs. Hero Combat (2010): a hero may move into another hero's chamber and must then
    /// attack him.
    pub hero_vs_hero: bool,
    /// Servants of Kalladra (2010): dead heroes' players move monster tokens.
    pub servants: bool,
    /// Official Combat Dice Variant (FFG, 29 Sep 2010; edition `third` only): each round 2d6
    /// against the hero attribute tied to the monster's type instead of the card combat.
    pub combat_dice: bool,
}

/// A rule name that cannot be used: unknown, a bad parameter, or not available in an edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// No rule of that name.
    Unknown(String),
    /// A known rule with a bad parameter (`magical-might=0`).
    BadValue { rule: String, why: String },
    /// A known rule that does not apply to an edition (or to the other rules chosen).
    NotInEdition { rule: &'static str, edition: Edition, why: &'static str },
}

/// The error of [`Variant::enable`] (kept under its old name).
pub type UnknownRule = RuleError;

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Unknown(n) => write!(f, "unknown rule \"{n}\" (known: {})", Variant::NAMES.join(", ")),
            RuleError::BadValue { rule, why } => write!(f, "rule \"{rule}\": {why}"),
            RuleError::NotInEdition { rule, edition, why } => {
                write!(f, "rule \"{rule}\" is not available in the {edition} edition: {why}")
            }
        }
    }
}

impl std::error::Error for RuleError {}

/// Most runes `magical-might=N` may deal to each hero (a hero holds at most four runes; the
/// Revised rune deck's 12 cards go round four heroes three times).
pub const MAX_MAGICAL_MIGHT: u8 = 3;

impl Variant {
    /// Every rule name, sorted (`magical-might` takes `=N`; `going-it-alone` is the 2010 name
    /// of `solo`).
    pub const NAMES: [&'static str; 14] = [
        "cloak-and-dagger",
        "combat-dice",
        "death-can-wait",
        "going-it-alone",
        "hero-vs-hero",
        "late-start",
        "live-to-fight-another-day",
        "magical-might=N",
        "no-abilities",
        "no-guts-no-glory",
        "servants-of-kalladra",
        "solo",
        "torchlight",
        "tower-power",
    ];

    /// Switches one rule on by name (`magical-might=N` with its number of runes).
    pub fn enable(&mut self, name: &str) -> Result<(), RuleError> {
        if let Some(n) = name.strip_prefix("magical-might") {
            let bad = |why: String| RuleError::BadValue { rule: name.to_string(), why };
            let Some(v) = n.strip_prefix('=') else {
                return Err(bad("give the runes per hero as magical-might=N".into()));
            };
            let range = format!("N must be a whole number from 1 to {MAX_MAGICAL_MIGHT}");
            let n: u8 = v.parse().map_err(|_| bad(range.clone()))?;
            if !(1..=MAX_MAGICAL_MIGHT).contains(&n) {
                return Err(bad(range));
            }
            self.magical_might = n;
            return Ok(());
        }
        match name {
            "solo" | "going-it-alone" => self.solo = true,
            "death-can-wait" => self.death_can_wait = true,
            "torchlight" => self.torchlight = true,
            "late-start" => self.late_start = true,
            "no-abilities" => self.no_abilities = true,
            "tower-power" => self.tower_power = true,
            "no-guts-no-glory" => self.no_guts_no_glory = true,
            "live-to-fight-another-day" => self.live_to_fight = true,
            "cloak-and-dagger" => self.cloak_and_dagger = true,
            "hero-vs-hero" => self.hero_vs_hero = true,
            "servants-of-kalladra" => self.servants = true,
            "combat-dice" => self.combat_dice = true,
            _ => return Err(RuleError::Unknown(name.to_string())),
        }
        Ok(())
    }

    /// Whether the rules switched on can be played in `edition` (the `edition` of the data's
    /// `game.ron`, [`Rules::edition`](crate::Rules::edition)): the first rule that cannot is
    /// refused with the reason.
    pub fn check(&self, edition: Edition) -> Result<(), RuleError> {
        for (on, rule) in self.rules_on() {
            if on {
                if let Some(why) = Variant::unavailable(rule, edition) {
                    return Err(RuleError::NotInEdition { rule, edition, why });
                }
            }
        }
        Ok(())
    }

    /// Why `rule` cannot be played in `edition`, or `None` when it can. The one table of
    /// where each optional rule applies.
    pub fn unavailable(rule: &str, edition: Edition) -> Option<&'static str> {
        if edition == Edition::Classic {
            // The 1987 rulebook has no optional rules; its solo rules (the D12 combat table,
            // a win needs treasure) are the rules of a one-hero game.
            return Some(match rule {
                "solo" => "a one-hero 1987 game plays the solo rules without it (the D12 combat table)",
                _ => "it is an FFG optional rule; the 1987 rulebook has none",
            });
        }
        if edition == Edition::Third {
            // The 2010 edition: the rules whose mechanism is the same in both editions are
            // shared code; the others need the 2010 form of what they change, which the
            // third-edition engine accepts here as it implements them.
            return match rule {
                // Death Can Wait and Going It Alone follow their 2010 texts there
                // (`engine/src/dungeonquest/game/third.rs`: knocked out instead of killed; the monster
                // plays the top card and counterattacks from the top five). Torchlight, a
                // Revised rule the 2010 rulebook lacks, is played as written (nothing in it
                // depends on the edition; docs/rulings.md).
                "late-start" | "no-guts-no-glory" | "magical-might" | "cloak-and-dagger" | "torchlight"
                | "no-abilities" | "death-can-wait" | "solo" => None,
                // The 2010 dice variant replaces the card combat (`engine/src/dungeonquest/game/dice_combat.rs`).
                "combat-dice" => None,
                // Their 2010 forms in the card combat (`engine/src/dungeonquest/game/third/optional.rs`).
                // Their 2010 forms move the 2010 monster tokens (`servants.rs`).
                "live-to-fight-another-day" | "hero-vs-hero" | "servants-of-kalladra" => None,
                // The 2010 Tower Room has no move to another tower ("you must immediately move
                // again"): Tower Power adds it (`Game::tower_choices`).
                "tower-power" => None,
                _ => None,
            };
        }
        match rule {
            // The Revised tower chamber already offers "move directly to any other tower
            // chamber not occupied by a hero and continue your turn" (Rules Reference, Tower
            // Chamber): the 2010 rule is part of the base game there.
            "tower-power" => {
                Some("its tower chamber already lets a hero move to another tower (Rules Reference, Tower Chamber)")
            }
            // A variant of the 2010 card combat: the Revised three-card combat has no monster
            // types tied to attributes nor power cards to escape with.
            "combat-dice" => Some(
                "it is a variant of the 2010 card combat (monster types tied to attributes, escape by power cards); use --edition third",
            ),
            _ => None,
        }
    }

    /// Each rule's canonical name (without `=N`) and whether it is on.
    fn rules_on(&self) -> [(bool, &'static str); 13] {
        [
            (self.cloak_and_dagger, "cloak-and-dagger"),
            (self.combat_dice, "combat-dice"),
            (self.death_can_wait, "death-can-wait"),
            (self.hero_vs_hero, "hero-vs-hero"),
            (self.late_start, "late-start"),
            (self.live_to_fight, "live-to-fight-another-day"),
            (self.magical_might > 0, "magical-might"),
            (self.no_abilities, "no-abilities"),
            (self.no_guts_no_glory, "no-guts-no-glory"),
            (self.servants, "servants-of-kalladra"),
            (self.solo, "solo"),
            (self.torchlight, "torchlight"),
            (self.tower_power, "tower-power"),
        ]
    }

    /// The rules switched on, sorted and comma-joined (the Parquet `rules` column);
    /// `magical-might=N` carries its number, and `going-it-alone` is written `solo`.
    pub fn label(&self) -> String {
        let mm = format!("magical-might={}", self.magical_might);
        let on: [(&str, bool); 13] = [
            ("cloak-and-dagger", self.cloak_and_dagger),
            ("combat-dice", self.combat_dice),
            ("death-can-wait", self.death_can_wait),
            ("hero-vs-hero", self.hero_vs_hero),
            ("late-start", self.late_start),
            ("live-to-fight-another-day", self.live_to_fight),
            (&mm, self.magical_might > 0),
            ("no-abilities", self.no_abilities),
            ("no-guts-no-glory", self.no_guts_no_glory),
            ("servants-of-kalladra", self.servants),
            ("solo", self.solo),
            ("torchlight", self.torchlight),
            ("tower-power", self.tower_power),
        ];
        on.iter().filter(|(_, o)| *o).map(|(n, _)| *n).collect::<Vec<_>>().join(",")
    }

    /// The rules switched on by a comma-separated label (the inverse of [`Variant::label`]).
    pub fn from_label(label: &str) -> Result<Variant, RuleError> {
        let mut v = Variant::default();
        for n in label.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            v.enable(n)?;
        }
        Ok(v)
    }
}

/// No optional rule, then each rule alone, in the order of [`Variant::NAMES`] (`magical-might`
/// with 2 runes): the tables the engine's lockstep tests play through. Why one list: each such
/// test built its own, and those skipped `magical-might=N` (its name needs a number).
#[cfg(test)]
pub(crate) fn none_then_each_rule_alone() -> Vec<Variant> {
    let mut variants = vec![Variant::default()];
    for name in Variant::NAMES {
        let name = if name == "magical-might=N" { "magical-might=2" } else { name };
        let mut v = Variant::default();
        v.enable(name).expect("every listed rule enables");
        variants.push(v);
    }
    variants
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roundtrip() {
        let mut v = Variant::default();
        for n in Variant::NAMES {
            let n = if n == "magical-might=N" { "magical-might=2" } else { n };
            v.enable(n).unwrap();
        }
        let label = v.label();
        assert_eq!(
            label,
            "cloak-and-dagger,combat-dice,death-can-wait,hero-vs-hero,late-start,live-to-fight-another-day,magical-might=2,\
             no-abilities,no-guts-no-glory,servants-of-kalladra,solo,torchlight,tower-power"
        );
        assert_eq!(Variant::from_label(&label).unwrap(), v);
        assert!(v.enable("tower-powr").unwrap_err().to_string().contains("tower-powr"));
        assert_eq!(Variant::default().label(), "");
        // The labels of the rules that existed before stay as they were (Parquet column).
        let old = Variant::from_label("torchlight,death-can-wait").unwrap();
        assert_eq!(old.label(), "death-can-wait,torchlight");
        let mut g = Variant::default();
        g.enable("going-it-alone").unwrap();
        assert!(g.solo);
        assert_eq!(g.label(), "solo");
    }

    #[test]
    fn magical_might_takes_a_checked_number() {
        let mut v = Variant::default();
        v.enable("magical-might=3").unwrap();
        assert_eq!(v.magical_might, 3);
        assert_eq!(v.label(), "magical-might=3");
        assert_eq!(Variant::from_label(&v.label()).unwrap(), v);
        for bad in ["magical-might", "magical-might=0", "magical-might=4", "magical-might=x", "magical-might=-1"] {
            let e = Variant::default().enable(bad).unwrap_err().to_string();
            assert!(e.starts_with(&format!("rule \"{bad}\"")), "{e}");
            assert!(!e.contains('\n'));
        }
        assert!(Variant::default().enable("magical-might=0").unwrap_err().to_string().contains("from 1 to 3"));
    }

    #[test]
    fn tower_power_is_refused_in_revised_only() {
        let mut v = Variant::default();
        v.enable("tower-power").unwrap();
        let e = v.check(Edition::Revised).unwrap_err().to_string();
        assert!(e.starts_with("rule \"tower-power\" is not available in the revised edition"), "{e}");
        assert!(!e.contains('\n'));
        assert!(Variant::unavailable("tower-power", Edition::Third).is_none(), "the 2010 tower room lacks the move");
        let mut third = Variant::default();
        third.enable("late-start").unwrap();
        third.enable("magical-might=2").unwrap();
        assert!(third.check(Edition::Third).is_ok());
        assert!(third.check(Edition::Classic).is_err());
        assert!(Variant::default().check(Edition::Classic).is_ok());
        third.enable("death-can-wait").unwrap();
        third.enable("going-it-alone").unwrap();
        assert!(third.check(Edition::Third).is_ok(), "the 2010 texts of both are in the third engine");
        third.enable("hero-vs-hero").unwrap();
        third.enable("live-to-fight-another-day").unwrap();
        assert!(third.check(Edition::Third).is_ok(), "their 2010 forms are in the third engine");
        third.enable("servants-of-kalladra").unwrap();
        assert!(third.check(Edition::Third).is_ok(), "the 2010 monster tokens are moved");
        third.enable("tower-power").unwrap();
        assert!(third.check(Edition::Third).is_ok(), "every optional rule is played in third");
        // Every rule is available in revised except tower-power and combat-dice.
        for n in Variant::NAMES {
            let known = n.trim_end_matches("=N");
            let refused = known == "tower-power" || known == "combat-dice";
            assert_eq!(Variant::unavailable(known, Edition::Revised).is_some(), refused, "{n}");
        }
        let mut ok = Variant::default();
        for n in ["late-start", "no-guts-no-glory", "magical-might=2", "torchlight", "cloak-and-dagger"] {
            ok.enable(n).unwrap();
        }
        assert!(ok.check(Edition::Revised).is_ok());
    }

    #[test]
    fn combat_dice_is_third_only() {
        let mut v = Variant::default();
        v.enable("combat-dice").unwrap();
        assert!(v.combat_dice);
        assert_eq!(v.label(), "combat-dice");
        assert!(v.check(Edition::Third).is_ok());
        let e = v.check(Edition::Revised).unwrap_err().to_string();
        assert!(
            e.starts_with(
                "rule \"combat-dice\" is not available in the revised edition: it is a variant of the 2010 card combat"
            ),
            "{e}"
        );
        assert!(!e.contains('\n'));
    }
}
