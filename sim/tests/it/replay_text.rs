//! `dq replay`'s text trace for Dealing Dungeons (every mode) and The Dungeon of Chaos reads
//! as plain English: golden excerpts of seeded replays (the opening, and the end with the
//! result), and no Rust Debug text in any line of whole replays.

use crate::support::ok;

/// One seeded replay of each mode: its name for the golden file and its arguments.
const CASES: [(&str, &[&str]); 8] = [
    ("dd-standard", &["--game", "dealing-dungeons", "--mode", "standard", "--heroes", "2"]),
    ("dd-solo-regular", &["--game", "dealing-dungeons", "--mode", "solo-regular", "--heroes", "1"]),
    ("dd-solo-moderate", &["--game", "dealing-dungeons", "--mode", "solo-moderate", "--heroes", "1"]),
    ("dd-solo-hard", &["--game", "dealing-dungeons", "--mode", "solo-hard", "--heroes", "1"]),
    ("dd-co-op", &["--game", "dealing-dungeons", "--mode", "co-op", "--heroes", "2"]),
    ("dd-chaos", &["--game", "dealing-dungeons", "--mode", "chaos", "--heroes", "2"]),
    (
        "dd-standard-random",
        &["--game", "dealing-dungeons", "--heroes", "2", "--bot", "random", "--rule", "bag-swap,choose-from-two"],
    ),
    ("doc", &["--game", "dungeon-of-chaos", "--heroes", "2"]),
];

/// Lines of the opening kept in a golden excerpt.
const OPENING: usize = 40;

fn replay(args: &[&str], index: &str) -> String {
    let mut a = vec!["replay", "--seed", "20141", "--index", index];
    a.extend(args);
    ok(&a)
}

/// The excerpt a golden file holds: the opening, the first exchange between heroes (Co-Op's
/// trading) if any, and the end from the game's last line on.
fn excerpt(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<&str> = lines.iter().take(OPENING).copied().collect();
    if let Some(k) = lines.iter().position(|l| l.contains(" gives seat ")) {
        out.push("...");
        out.extend(&lines[k.saturating_sub(2)..(k + 4).min(lines.len())]);
    }
    if let Some(k) = lines.iter().position(|l| l.starts_with("game over")) {
        out.push("...");
        out.extend(&lines[k.saturating_sub(3)..]);
    }
    out.join("\n") + "\n"
}

/// The golden excerpts: a change of wording shows here line by line. To renew them after a
/// deliberate change: `DQ_BLESS=1 cargo test --release -p dq-sim --test it replay_text`.
#[test]
fn replay_text_matches_the_golden_excerpts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/replay_text");
    for (name, args) in CASES {
        let got = excerpt(&replay(args, "0"));
        let path = dir.join(format!("{name}.txt"));
        if std::env::var_os("DQ_BLESS").is_some() {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (k, (g, w)) in got.lines().zip(want.lines()).enumerate() {
            assert_eq!(g, w, "{name}: line {} of the excerpt", k + 1);
        }
        assert_eq!(got.lines().count(), want.lines().count(), "{name}: excerpt length");
    }
}

/// Whole replays of every mode (greedy, and random bots for the rarer answers) hold no Debug
/// text: no braces, `Some(`, `Sq(` or `Card(`, and no unnamed `?`.
#[test]
fn replay_text_has_no_debug_formatting() {
    for (name, args) in CASES {
        for index in ["0", "1", "2"] {
            let solo = args.iter().any(|a| a.starts_with("solo-"));
            let random: &[&str] = if solo { &["--bot", "random"] } else { &["--bots", "random,greedy"] };
            let mut with_random: Vec<&str> = args.to_vec();
            if !args.contains(&"--bot") {
                with_random.extend(random);
            }
            for a in [args.to_vec(), with_random] {
                let text = replay(&a, index);
                for line in text.lines().take_while(|l| !l.starts_with("result:")) {
                    for bad in ["{", "}", "Some(", "Sq(", "Card(", "?"] {
                        assert!(!line.contains(bad), "{name} game {index} {a:?}: {bad:?} in {line:?}");
                    }
                }
            }
        }
    }
}
