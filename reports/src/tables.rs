//! The report's tables as text cells, built once from the [`Summary`] so the Markdown and
//! HTML pages print exactly the same figures.

use crate::analysis::KEY_COLUMNS;

/// The key columns' names as tables show them, in [`KEY_COLUMNS`] order.
const KEY_NAMES: [&str; KEY_COLUMNS.len()] =
    ["edition", "rules", "hero", "bot", "players", "monster policy", "variant"];
use crate::summary::fmt::{int, num, num2, pct, pct_ci};
use crate::summary::{GroupSummary, Summary};

/// One table: a title, a note on what it shows, a header and rows of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub id: &'static str,
    pub title: String,
    pub note: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Columns from this one on hold numbers (right-aligned in HTML).
    pub numeric_from: usize,
}

/// The key columns shown in the tables: the hero always, the others only where groups
/// differ (the rest are stated once, see [`shared_keys`]).
pub fn shown_keys(s: &Summary) -> Vec<usize> {
    // Hero first, as groups are sorted.
    [2, 6, 0, 1, 3, 4, 5]
        .into_iter()
        .filter(|&i| {
            i == 2 || {
                let mut v: Vec<String> = s.groups.iter().map(|g| g.key_texts()[i].clone()).collect();
                v.sort();
                v.dedup();
                v.len() > 1
            }
        })
        .collect()
}

/// "edition revised · rules standard · …": the key values every group shares.
pub fn shared_keys(s: &Summary) -> String {
    let shown = shown_keys(s);
    let Some(g) = s.groups.first() else { return String::new() };
    let k = g.key_texts();
    (0..KEY_COLUMNS.len())
        .filter(|&i| !shown.contains(&i) && k[i] != "-")
        .map(|i| format!("{} {}", KEY_NAMES[i], k[i]))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn keyed(
    s: &Summary,
    extra: &[&str],
    cells: impl Fn(&GroupSummary) -> Vec<String>,
) -> (Vec<String>, Vec<Vec<String>>, usize) {
    let keys = shown_keys(s);
    let mut header: Vec<String> = keys.iter().map(|&i| KEY_NAMES[i].to_string()).collect();
    header.extend(extra.iter().map(|h| h.to_string()));
    let rows = s
        .groups
        .iter()
        .map(|g| {
            let k = g.key_texts();
            let mut row: Vec<String> = keys.iter().map(|&i| k[i].clone()).collect();
            row.extend(cells(g));
            row
        })
        .collect();
    (header, rows, keys.len())
}

/// Every table of the report, in page order.
pub fn tables(s: &Summary) -> Vec<Table> {
    let mut out = Vec::new();
    // Columns that would only repeat survival are left out: the exit rate where every
    // survivor exited, the win rate where every group is solo (a survivor is the winner).
    let show_exit = s.groups.iter().any(|g| g.count(None, "exited") != g.count(None, "survived"));
    let show_win = s.groups.iter().any(|g| g.key("players") != "1");
    let mut extra = vec!["hero-games", "survived", "survival", "Wilson 95%", "Clopper–Pearson 95%"];
    if show_exit {
        extra.push("exit rate");
    }
    if show_win {
        extra.extend(["win rate", "win Wilson 95%"]);
    }
    let (header, rows, nk) = keyed(s, &extra, |g| {
        let mut v = vec![
            g.hero_games.to_string(),
            g.count(None, "survived").to_string(),
            pct(g.rate(None, "survival_rate")),
            pct_ci(g.interval(None, "survival_wilson95")),
            pct_ci(g.interval(None, "survival_clopper_pearson95")),
        ];
        if show_exit {
            v.push(pct(g.rate(None, "exit_rate")));
        }
        if show_win {
            v.extend([pct(g.rate(None, "win_rate")), pct_ci(g.interval(None, "win_wilson95"))]);
        }
        v
    });
    out.push(Table {
        id: "survival",
        title: "Survival".into(),
        note: "Per hero-game (one hero in one game). Intervals are 95%, in percent.".into(),
        header,
        rows,
        numeric_from: nk,
    });

    out.extend(effect_tables(s));

    let (header, rows, nk) = keyed(s, &["survivors", "mean gold", "mean 95%", "median", "p90", "max"], |g| {
        let d = g.dist("gold_survivors");
        vec![
            d.n.to_string(),
            num(d.mean),
            d.mean_ci95.map_or("-".into(), |c| format!("[{:.1}, {:.1}]", c[0], c[1])),
            int(d.median),
            int(d.p90),
            int(d.max),
        ]
    });
    out.push(Table {
        id: "gold",
        title: "Gold of survivors".into(),
        note: "Gold carried out by heroes who survived; median and p90 are nearest-rank quantiles.".into(),
        header,
        rows,
        numeric_from: nk,
    });

    let names: Vec<String> = s.death_causes.iter().map(|c| crate::charts::human(c)).collect();
    let mut extra: Vec<&str> = vec!["deaths"];
    extra.extend(names.iter().map(String::as_str));
    let (header, rows, nk) = keyed(s, &extra, |g| {
        let mut v = vec![g.count(None, "deaths").to_string()];
        let causes = g.causes();
        let n = |c: &String| causes.and_then(|m| m.get(c)).copied().unwrap_or(0);
        v.extend(s.death_causes.iter().map(|c| pct(crate::summary::rate(n(c), g.hero_games))));
        v
    });
    out.push(Table {
        id: "causes",
        title: "Death causes".into(),
        note: "Deaths by cause as a share of all hero-games of the group.".into(),
        header,
        rows,
        numeric_from: nk,
    });

    let (header, rows, nk) = keyed(
        s,
        &[
            "turns mean",
            "turns median",
            "turns p90",
            "exit round median",
            "exit round p90",
            "death round median",
            "death round p90",
        ],
        |g| {
            let (turns, exit, death) = (g.dist("turns"), g.dist("end_round_exit"), g.dist("end_round_death"));
            vec![
                num(turns.mean),
                int(turns.median),
                int(turns.p90),
                int(exit.median),
                int(exit.p90),
                int(death.median),
                int(death.p90),
            ]
        },
    );
    out.push(Table {
        id: "turns",
        title: "Turns and rounds".into(),
        note: "Turns each hero played, and the round in which survivors exited and the dead died.".into(),
        header,
        rows,
        numeric_from: nk,
    });

    let (header, rows, nk) = keyed(
        s,
        &[
            "reached",
            "reached rate",
            "dragon draws / visitor",
            "turns / visitor",
            "rage",
            "rage rate",
            "rage Wilson 95%",
        ],
        |g| {
            let t = Some("treasure");
            let reached = g.count(t, "reached");
            vec![
                reached.to_string(),
                pct(g.rate(t, "reached_rate")),
                num2(g.rate(t, "draws_per_visitor")),
                num2(g.rate(t, "turns_per_visitor")),
                g.count(t, "rage").to_string(),
                pct(g.rate(t, "rage_rate")),
                if reached == 0 { "-".into() } else { pct_ci(g.interval(t, "rage_wilson95")) },
            ]
        },
    );
    out.push(Table {
        id: "treasure",
        title: "Treasure chamber".into(),
        note: "A visitor began a turn in the treasure chamber or drew a dragon card; the rage rate is the share of \
               visitors hit by Dragon Rage."
            .into(),
        header,
        rows,
        numeric_from: nk,
    });

    out.push(Table {
        id: "files",
        title: "Input files".into(),
        note: "The results files read, with the run metadata they carry.".into(),
        header: [
            "file",
            "rows",
            "variant",
            "edition",
            "rules",
            "heroes",
            "bots",
            "monster policy",
            "seed",
            "games",
            "commit",
        ]
        .map(String::from)
        .to_vec(),
        rows: s
            .files
            .iter()
            .map(|f| {
                let m = |k: &str| f.meta.get(k).cloned().unwrap_or_else(|| "-".into());
                let rules =
                    f.meta.get("rules").map(|r| crate::analysis::rules_shown(r).to_string()).unwrap_or("-".into());
                let games = match (f.meta.get("first_game"), f.meta.get("end_game")) {
                    (Some(a), Some(b)) => format!("{a}..{b}"),
                    _ => m("games"),
                };
                let commit: String = m("git_commit").chars().take(10).collect();
                vec![
                    f.file.clone(),
                    f.rows.to_string(),
                    f.variant.clone(),
                    m("edition"),
                    rules,
                    m("heroes"),
                    m("bots"),
                    m("monster_policy"),
                    m("master_seed"),
                    games,
                    commit,
                ]
            })
            .collect(),
        numeric_from: 11,
    });
    out
}

/// "+1.23 pp [+0.50, +1.96]": a difference of rates in percentage points with its interval.
fn pp_ci(d: f64, ci: [f64; 2]) -> String {
    format!("{:+.2} pp [{:+.2}, {:+.2}]", 100.0 * d, 100.0 * ci[0], 100.0 * ci[1])
}

fn gold_ci(d: Option<f64>, ci: Option<[f64; 2]>) -> String {
    match (d, ci) {
        (Some(g), Some(c)) => format!("{g:+.1} [{:+.1}, {:+.1}]", c[0], c[1]),
        _ => "-".into(),
    }
}

/// The variant-effect tables: each rule set against the baseline (per context and hero), and
/// the interactions with the bots. None when the files hold no rule set beside the baseline.
fn effect_tables(s: &Summary) -> Vec<Table> {
    let e = &s.effects;
    if e.effects.is_empty() {
        return Vec::new();
    }
    let mut out = vec![Table {
        id: "effects",
        title: format!("Effects against {}", e.baseline),
        note: format!(
            "Each rule set minus the baseline ({}), in the same context: survival in percentage points and gold \
             carried out per hero-game (the dead count 0), with 95% intervals. Paired (McNemar) where both runs \
             hold the same seeds and games, else independent samples (n = baseline / variant).",
            e.baseline
        ),
        header: ["rules", "context", "hero", "n", "survival", "variant − baseline", "p", "gold", "gold difference"]
            .map(String::from)
            .to_vec(),
        rows: e
            .effects
            .iter()
            .map(|x| {
                let d = &x.diff;
                vec![
                    x.rules.clone(),
                    x.context.clone(),
                    x.hero.clone(),
                    d.pairs.map_or_else(|| format!("{} / {}", d.hero_games_a, d.hero_games_b), |p| p.to_string()),
                    format!("{} → {}", pct(d.survival_a), pct(d.survival_b)),
                    pp_ci(d.survival_diff, d.survival_diff_ci95),
                    if d.p_value < 1e-4 { format!("{:.1e}", d.p_value) } else { format!("{:.4}", d.p_value) },
                    format!("{} → {}", num(d.gold_a), num(d.gold_b)),
                    gold_ci(d.gold_diff, d.gold_diff_ci95),
                ]
            })
            .collect(),
        numeric_from: 3,
    }];
    if !e.interactions.is_empty() {
        out.push(Table {
            id: "interactions",
            title: "Interactions with the bots".into(),
            note: "How much more a rule set's effect (all heroes) is under one bot than under the reference bot: \
                   the difference of the two effects, with a 95% interval from their intervals."
                .into(),
            header: [
                "rules",
                "context",
                "bot",
                "reference bot",
                "survival effect difference",
                "gold effect difference",
            ]
            .map(String::from)
            .to_vec(),
            rows: e
                .interactions
                .iter()
                .map(|i| {
                    vec![
                        i.rules.clone(),
                        i.context.clone(),
                        i.bots.clone(),
                        i.reference_bots.clone(),
                        pp_ci(i.survival_dd, i.survival_dd_ci95),
                        gold_ci(i.gold_dd, i.gold_dd_ci95),
                    ]
                })
                .collect(),
            numeric_from: 4,
        });
    }
    out
}

/// What the report's terms mean, shown under the tables.
pub const DEFINITIONS: [(&str, &str); 8] = [
    ("hero-game", "one hero in one game: one row of a results file"),
    ("survival", "the hero left the dungeon alive before sunset (exit rate: the same count from the exited column)"),
    ("win rate", "the hero won: survived with the most gold (ties broken by the best card, then loot count; a full tie shares the win)"),
    ("Wilson 95%", "Wilson score interval; Clopper–Pearson 95%: the exact (conservative) binomial interval"),
    ("gold of survivors", "gold carried out of the dungeon; mean with its 95% normal interval"),
    ("quantiles", "nearest-rank: the smallest value with at least that share of observations at or below it"),
    ("visitor", "a hero who began a turn in the treasure chamber or drew a dragon card"),
    ("rage rate", "share of visitors hit by Dragon Rage (their own draw or another hero's)"),
];
