//! What each variant does: every optional-rule set against its baseline, per hero, with
//! paired intervals when the games pair, and how the effect differs between bots.
//!
//! A designer's question is rarely "what is the survival rate under Late Start" but "what
//! does Late Start change, for whom". Files are split into contexts (everything a run is keyed
//! on except its rules: the variant and the spec's context metadata, for DungeonQuest the
//! edition, bots, heroes and monster policy); within a context each rule set is compared with
//! the baseline (the game without optional rules, or the rules the user names) on the spec's
//! headline, as `dq compare` would compare the two runs: paired game by game when they share
//! seeds and games, else as independent samples. Where one rule set was played in contexts
//! that differ only in their bots, the difference of its effects between bots (the
//! interaction) is given with its interval.

use crate::compare::{compare_files, Diff};
use crate::error::{bad, Error};
use crate::input::InputFile;
use crate::spec::ReportSpec;
use crate::stats::Z95;
use serde::Serialize;

/// A rule set's effect in one context, for one hero or for all of the context's heroes.
#[derive(Clone, Debug, Serialize)]
pub struct Effect {
    /// The rule set, as reports show rules.
    pub rules: String,
    /// The rule set it is compared with.
    pub baseline: String,
    /// The context's keys that vary between contexts, as "bot greedy · 4 heroes".
    pub context: String,
    /// The context's bots (the `dq.bots` of its runs).
    pub bots: String,
    /// The context label without the bots: effects with the same one differ only in bots.
    #[serde(skip)]
    pub without_bots: String,
    /// A value of the spec's subject (DungeonQuest's hero id), or "all"; named `hero` in
    /// `summary.json` whatever the family.
    pub hero: String,
    /// Variant − baseline.
    #[serde(flatten)]
    pub diff: Diff,
}

/// How much more a rule set changes things under one bot than under another (difference of
/// differences, over all heroes), with 95% intervals from the two effects' (normal) intervals.
#[derive(Clone, Debug, Serialize)]
pub struct Interaction {
    pub rules: String,
    pub baseline: String,
    /// The context without its bots.
    pub context: String,
    pub bots: String,
    /// Compared with this bot's effect.
    pub reference_bots: String,
    pub survival_dd: f64,
    pub survival_dd_ci95: [f64; 2],
    pub gold_dd: Option<f64>,
    pub gold_dd_ci95: Option<[f64; 2]>,
}

/// Every effect and interaction of a report's files.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Effects {
    /// The baseline rule set, as shown.
    pub baseline: String,
    pub effects: Vec<Effect>,
    pub interactions: Vec<Interaction>,
}

/// A context's rule sets, each with its files, in first-seen order.
type RuleSets = Vec<(String, Vec<InputFile>)>;

/// A file's context: its variant and the values of the spec's context metadata.
fn context_of(spec: &ReportSpec, f: &InputFile, variant: &str) -> Vec<String> {
    let mut v = vec![variant.to_string()];
    v.extend(spec.effects.context.iter().map(|(k, _)| f.meta.get(*k).cloned().unwrap_or_default()));
    v
}

/// The effects of every rule set against `baseline` (the rules label, `None` for the game
/// without optional rules). Contexts without the baseline, or with it alone, give none.
pub fn effects(spec: &ReportSpec, files: &[InputFile], baseline: Option<&str>) -> Result<Effects, Error> {
    let (rules_key, context_keys) = (spec.effects.rules, spec.effects.context);
    let shown = |rules: &str| spec.shown(rules_key, rules).to_string();
    let base = baseline.map(|b| canonical_rules(spec, b)).unwrap_or_default();
    let names = crate::scan::variant_names(files);
    // context -> rules -> files, each in first-seen order of the files.
    let mut contexts: Vec<(Vec<String>, RuleSets)> = Vec::new();
    for (f, v) in files.iter().zip(&names) {
        let c = context_of(spec, f, v);
        let rules = f.meta.get(rules_key).cloned().unwrap_or_default();
        let i = match contexts.iter().position(|(k, _)| *k == c) {
            Some(i) => i,
            None => {
                contexts.push((c, Vec::new()));
                contexts.len() - 1
            }
        };
        let sets = &mut contexts[i].1;
        match sets.iter_mut().find(|(r, _)| *r == rules) {
            Some((_, fs)) => fs.push(f.clone()),
            None => sets.push((rules, vec![f.clone()])),
        }
    }
    if baseline.is_some() && !contexts.iter().any(|(_, sets)| sets.iter().any(|(r, _)| *r == base)) {
        return Err(bad(format!("--baseline {}: no input file was played with these rules", shown(&base))));
    }
    // Which context keys vary (those name a context).
    let varies: Vec<bool> = (0..=context_keys.len())
        .map(|i| contexts.iter().map(|(k, _)| &k[i]).collect::<std::collections::BTreeSet<_>>().len() > 1)
        .collect();
    let label = |k: &[String], skip_bots: bool| -> String {
        let mut parts = Vec::new();
        if varies[0] {
            parts.push(if k[0].is_empty() { "variant -".to_string() } else { format!("variant {}", k[0]) });
        }
        for (i, (key, name)) in context_keys.iter().enumerate() {
            if varies[i + 1] && !(skip_bots && *key == spec.effects.bots) {
                parts.push(format!("{name} {}", k[i + 1]));
            }
        }
        if parts.is_empty() {
            "all".into()
        } else {
            parts.join(" · ")
        }
    };
    let bots = 1 + context_keys.iter().position(|(k, _)| *k == spec.effects.bots).expect("the bots are a context key");
    let subject = spec.subject.key;
    let mut out = Effects { baseline: shown(&base), ..Default::default() };
    for (k, sets) in &contexts {
        let Some((_, base_files)) = sets.iter().find(|(r, _)| *r == base) else { continue };
        for (rules, fs) in sets.iter().filter(|(r, _)| *r != base) {
            let c = compare_files(spec, base_files, fs, &[subject.to_string()])?;
            let effect = |hero: String, diff: Diff| Effect {
                rules: shown(rules),
                baseline: shown(&base),
                context: label(k, false),
                bots: k[bots].clone(),
                without_bots: label(k, true),
                hero,
                diff,
            };
            out.effects.push(effect("all".into(), c.overall));
            for g in c.groups {
                out.effects.push(effect(g.group.get(subject).cloned().unwrap_or_default(), g.diff));
            }
        }
    }
    out.interactions = interactions(&out.effects);
    Ok(out)
}

/// The difference of each rule set's overall effect between bots, against the first bot it
/// was played with in an otherwise equal context.
fn interactions(effects: &[Effect]) -> Vec<Interaction> {
    // (context without bots, rules) -> that rule set's overall effects, one per bots.
    let mut by: Vec<((&str, &str), Vec<&Effect>)> = Vec::new();
    for e in effects.iter().filter(|e| e.hero == "all") {
        let key = (e.without_bots.as_str(), e.rules.as_str());
        match by.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(e),
            None => by.push((key, vec![e])),
        }
    }
    // Each effect's standard error from its interval; the two runs are independent samples.
    let se = |ci: [f64; 2]| (ci[1] - ci[0]) / 2.0 / Z95;
    let mut out = Vec::new();
    for ((context, _), list) in by {
        let r = list[0];
        for e in &list[1..] {
            let dd = e.diff.survival_diff - r.diff.survival_diff;
            let h = Z95 * se(e.diff.survival_diff_ci95).hypot(se(r.diff.survival_diff_ci95));
            let gold = match (e.diff.gold_diff, r.diff.gold_diff, e.diff.gold_diff_ci95, r.diff.gold_diff_ci95) {
                (Some(a), Some(b), Some(ca), Some(cb)) => {
                    let g = a - b;
                    let gh = Z95 * se(ca).hypot(se(cb));
                    Some((g, [g - gh, g + gh]))
                }
                _ => None,
            };
            out.push(Interaction {
                rules: e.rules.clone(),
                baseline: e.baseline.clone(),
                context: context.to_string(),
                bots: e.bots.clone(),
                reference_bots: r.bots.clone(),
                survival_dd: dd,
                survival_dd_ci95: [dd - h, dd + h],
                gold_dd: gold.map(|g| g.0),
                gold_dd_ci95: gold.map(|g| g.1),
            });
        }
    }
    out
}

/// A rules list as the spec's rules column spells it: sorted, comma-joined; the empty value
/// (and its shown name, DungeonQuest's "standard") for none.
pub fn canonical_rules(spec: &ReportSpec, s: &str) -> String {
    let none = spec.shown(spec.effects.rules, "");
    let mut v: Vec<&str> = s.split(',').map(str::trim).filter(|r| !r.is_empty() && *r != none).collect();
    v.sort_unstable();
    v.dedup();
    v.join(",")
}
