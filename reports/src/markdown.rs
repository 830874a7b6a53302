//! `summary.md`: the report's tables as GitHub-flavoured Markdown, for pasting into issues
//! and notes.

use crate::summary::fmt::{pct, pct_ci};
use crate::summary::Summary;
use crate::tables::{definitions, shared_keys, tables};

/// A table cell with the characters that would break a Markdown table escaped.
fn cell(s: &str) -> String {
    s.replace('\\', "\\\\").replace('|', "\\|").replace('\n', " ")
}

/// The whole `summary.md`, chart files referenced by `charts` (file stem, title).
pub fn render(s: &Summary, charts: &[(&str, &str)]) -> String {
    let mut out = String::new();
    out += "# dq report\n\n";
    out += &overview(s);
    out += "\n";
    let shared = shared_keys(s);
    if !shared.is_empty() {
        out += &format!("All groups: {shared}.\n\n");
    }
    for (name, title) in charts {
        out += &format!("![{title}]({name}.png)\n\n");
    }
    for t in tables(s) {
        out += &format!("## {}\n\n{}\n\n", t.title, t.note);
        out += &format!("| {} |\n", t.header.iter().map(|h| cell(h)).collect::<Vec<_>>().join(" | "));
        let align: Vec<&str> = (0..t.header.len()).map(|i| if i >= t.numeric_from { "---:" } else { "---" }).collect();
        out += &format!("| {} |\n", align.join(" | "));
        for r in &t.rows {
            out += &format!("| {} |\n", r.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
        }
        out += "\n";
    }
    out += "## Definitions\n\n";
    for (term, what) in definitions(s) {
        out += &format!("- **{term}**: {what}.\n");
    }
    out
}

/// The one-paragraph overview that opens the Markdown and HTML pages. It gives an overall
/// survival only when the groups are one setting of the game (they differ in the subject
/// alone): pooled over editions, rules or bots it would be a blend weighed by run sizes.
pub fn overview(s: &Summary) -> String {
    let t = &s.totals;
    let groups = s.groups.len();
    let head = format!(
        "{} file{}, {} games, {} {} in {} group{}",
        t.files,
        plural(t.files),
        t.games,
        t.hero_games,
        s.spec.rows,
        groups,
        plural(groups),
    );
    match (t.survival_rate, t.survival_wilson95) {
        (rate, Some(ci)) if t.differ_in.is_empty() => {
            format!("{head}; overall survival {} {} (95% Wilson).\n", pct(rate), pct_ci(ci))
        }
        _ => format!(
            "{head}. The groups differ in {}, so no overall survival is given: a rate pooled over \
             different settings weighs each by its run's size. Compare the groups below.\n",
            and_list(&t.differ_in)
        ),
    }
}

/// "s" for a count other than one.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
