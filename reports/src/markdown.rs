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

/// The one-paragraph overview that opens the Markdown and HTML pages.
pub fn overview(s: &Summary) -> String {
    let t = &s.totals;
    format!(
        "{} file{}, {} games, {} hero-games in {} group{}; overall survival {} {} (95% Wilson).\n",
        t.files,
        if t.files == 1 { "" } else { "s" },
        t.games,
        t.hero_games,
        s.groups.len(),
        if s.groups.len() == 1 { "" } else { "s" },
        pct(t.survival_rate),
        pct_ci(t.survival_wilson95),
    )
}
