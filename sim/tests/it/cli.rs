//! The `dq` binary end to end: determinism across threads and shards, replays that match the
//! Parquet rows, the schema and metadata of the results file, the summaries, clean failures on
//! every kind of bad input, Ctrl-C, and the solo duel against exact odds.

use crate::support::*;
use dq_sim::parquet_out::COLUMNS;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::reader::{FileReader, SerializedFileReader};
use serde_json::Value;
use std::fs::File;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn rows_do_not_depend_on_threads_or_shards() {
    let dir = Scratch::new("determinism");
    let table = ["--games", "9000", "--heroes", "2", "--bots", "greedy,cautious", "--seed", "77", "--quiet", "--json"];
    let (s1, s2, full, _) = rows_on_1_and_2_threads(&dir, &table);
    assert_eq!(full.len(), 18_000);
    assert_eq!(without_timing(s1.clone()), without_timing(s2), "summaries differ between 1 and 2 threads");
    for (i, r) in full.iter().enumerate() {
        assert_eq!(r["game_index"], Value::from(i as u64 / 2));
        assert_eq!(r["seat"], Value::from(i as u64 % 2));
    }

    let shards: [&[&str]; 3] = [
        &["--shard", "0/3", "--threads", "2"],
        &["--shard", "1/3", "--threads", "1"],
        &["--shard", "2/3", "--threads", "2"],
    ];
    let (union, games) = shard_rows(&dir, &table, &shards);
    assert_eq!(games, 9000);
    assert_eq!(union, full, "the shards together are not the full run");
    assert_eq!(s1["games"], Value::from(9000));
}

#[test]
fn replay_reproduces_the_parquet_rows() {
    let dir = Scratch::new("replay");
    let out = dir.file("r.parquet");
    let table = ["--heroes", "3", "--bot", "cautious", "--rule", "torchlight", "--seed", "99"];
    let mut a = vec!["run", "--games", "5000", "--quiet", "--out", &out];
    a.extend(table);
    let summary = ok(&a);
    let rows = read_rows(&out);
    assert_eq!(rows.len(), 15_000);
    // The summary prints the exact command that replays the first game.
    let replay_line = summary.lines().find(|l| l.starts_with("replay a game: ")).expect("replay command printed");
    assert_eq!(replay_line, "replay a game: dq replay --seed 99 --game 0 --heroes 3 --bot cautious --rule torchlight");
    for game in [0u64, 1, 1023, 1024, 4999] {
        let g = game.to_string();
        let mut a = vec!["replay", "--game", &g, "--games", "5000", "--format", "json"];
        a.extend(table);
        let doc = replay_matches(&a, &rows, game);
        assert_eq!(doc["rows"].as_array().unwrap().len(), 3);
        let events = doc["events"].as_array().unwrap();
        assert_eq!(events.first().unwrap()["event"], "FirstPlayer", "game {game}");
        assert_eq!(events.last().unwrap()["event"], "GameOver", "game {game}");
        assert_eq!(doc["game"]["game_index"], Value::from(game));
    }
    let mut a = vec!["replay", "--game", "1024"];
    a.extend(table);
    let text = ok(&a);
    assert!(text.starts_with("dq replay: game 1024 of seed 99, edition revised"), "{text}");
    assert!(text.lines().next().unwrap().contains(", rules: torchlight,"), "{text}");
    // Without optional rules the replay names them as the run's summary does.
    let plain = ok(&["replay", "--game", "0", "--seed", "99"]);
    assert!(plain.lines().next().unwrap().contains(", rules: standard,"), "{plain}");
    assert!(text.contains("\n== round 1, sun on space"), "{text}");
    assert!(text.contains("\ngame over in round "), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("  seat ") && l.contains(" (cautious): ")).count(), 3, "{text}");
    // `--game` names the game, `--index` the game's index: the same replay.
    let mut a = vec!["replay", "--game", "dungeonquest", "--index", "1024"];
    a.extend(table);
    assert_eq!(ok(&a), text);
}

#[test]
fn schema_snapshot() {
    let dir = Scratch::new("schema");
    let out = dir.file("s.parquet");
    ok(&["run", "--games", "50", "--heroes", "2", "--quiet", "--out", &out]);
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(&out).unwrap()).unwrap();
    let fields: Vec<String> = reader
        .schema()
        .fields()
        .iter()
        .map(|f| format!("{}:{}{}", f.name(), f.data_type(), if f.is_nullable() { "?" } else { "" }))
        .collect();
    assert_eq!(
        fields.join(" "),
        "game:Utf8 edition:Utf8 game_index:UInt64 seat:UInt8 hero:Utf8 bot:Utf8 players:UInt8 rules:Utf8 \
         survived:Boolean winner:Boolean gold:UInt32 death_cause:Utf8? turns:UInt16 seed:UInt64 exited:Boolean \
         loot_cards:UInt16 treasure_cards:UInt16 wounds:UInt16 end_round:UInt16 treasure_chamber_turns:UInt16 \
         dragon_draws:UInt16 dragon_rage:Boolean monsters_met:UInt16 monsters_killed:UInt16 escapes:UInt16 \
         catacomb_entries:UInt16 chambers_explored:UInt16 searches:UInt16 wounds_taken:UInt16 deaths:UInt16 \
         first_player:Boolean monster_policy:Utf8"
    );
    assert_eq!(fields.len(), COLUMNS.len());
    let r = SerializedFileReader::new(File::open(&out).unwrap()).unwrap();
    let rg = r.metadata().row_group(0);
    assert!(rg.columns().iter().all(|c| matches!(c.compression(), parquet::basic::Compression::ZSTD(_))));
    let rows = read_rows(&out);
    assert_eq!(rows.len(), 100);
    for row in &rows {
        assert_eq!(row["game"], "dungeonquest");
        assert_eq!(row["edition"], "revised");
        assert_eq!(row["bot"], "greedy");
        assert_eq!(row["rules"], "");
        assert_eq!(row["players"], 2);
        assert_eq!(row["seed"], 20141);
        assert_eq!(row["survived"].as_bool().unwrap(), row["death_cause"].is_null());
        assert_eq!(row["survived"], row["exited"]);
    }
}

/// `--precision`: the run stops at the first whole chunk, in game order, where every hero's
/// survival interval is narrow enough, whatever the threads; the file says how many games.
#[test]
fn a_run_to_a_precision_stops_when_every_hero_is_known() {
    let dir = Scratch::new("precision");
    let out = dir.file("p.parquet");
    let args = |t: &str| -> Vec<String> {
        ["run", "--precision", "0.03", "--heroes", "2", "--games", "200000", "--json", "--quiet", "--threads", t]
            .map(String::from)
            .to_vec()
    };
    let mut seen = Vec::new();
    for t in ["1", "2"] {
        let mut a = args(t);
        a.extend(["--out".to_string(), out.clone()]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let j = json(&ok(&a));
        let games = j["games"].as_u64().unwrap();
        assert_eq!(j["precision_reached"], true, "{j:?}");
        assert!(games.is_multiple_of(1024) && games < 200_000, "{games}");
        let heroes = j["by_hero"].as_object().unwrap();
        assert_eq!(heroes.len(), 6, "every hero played");
        let mut widest = 0.0f64;
        for (h, c) in heroes {
            let ci: Vec<f64> = c["survival_ci95"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            assert!((ci[1] - ci[0]) / 2.0 <= 0.03, "{h}: {ci:?}");
            widest = widest.max((ci[1] - ci[0]) / 2.0);
        }
        assert!((j["precision_widest"].as_f64().unwrap() - widest).abs() < 1e-12);
        // One chunk fewer would not have been enough (the stop is the first one that is).
        let m = dq_meta(&out);
        assert_eq!(
            (m["dq.games"].as_str(), m["dq.end_game"].as_str()),
            (games.to_string().as_str(), games.to_string().as_str())
        );
        assert_eq!(m["dq.precision"], "0.03");
        assert_eq!(read_rows(&out).len() as u64, 2 * games);
        seen.push((games, std::fs::read(&out).unwrap().len()));
    }
    assert_eq!(seen[0], seen[1], "the stop depends on the threads");
    let games = seen[0].0;
    let shorter = json(&ok(&["run", "--games", &(games - 1024).to_string(), "--heroes", "2", "--json", "--quiet"]));
    let widest = shorter["by_hero"]
        .as_object()
        .unwrap()
        .values()
        .map(|c| {
            let ci: Vec<f64> = c["survival_ci95"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            (ci[1] - ci[0]) / 2.0
        })
        .fold(0.0f64, f64::max);
    assert!(widest > 0.03, "it could have stopped a chunk earlier ({widest})");
}

/// Same command, same seed: the same file, byte for byte (timings live in the summary only).
#[test]
fn the_same_command_writes_the_same_bytes() {
    let dir = Scratch::new("bytes");
    let out = dir.file("r.parquet");
    let args =
        ["run", "--games", "3000", "--heroes", "2", "--seed", "9", "--rule", "torchlight", "--quiet", "--out", &out];
    ok(&args);
    let first = std::fs::read(&out).unwrap();
    ok(&args);
    assert!(std::fs::read(&out).unwrap() == first, "two runs of one command wrote different files");
}

#[test]
fn metadata_describes_the_run() {
    let dir = Scratch::new("meta");
    let out = dir.file("m.parquet");
    ok(&["run", "--games", "300", "--shard", "1/2", "--seed", "5", "--rule", "late-start", "--quiet", "--out", &out]);
    let m = read_meta(&out);
    let expect = [
        ("dq.schema_version", "2"),
        ("dq.game", "dungeonquest"),
        ("dq.version", env!("CARGO_PKG_VERSION")),
        ("dq.edition", "revised"),
        ("dq.master_seed", "5"),
        ("dq.chunk_size", "1024"),
        ("dq.games", "300"),
        ("dq.shard", "1/2"),
        ("dq.first_game", "150"),
        ("dq.end_game", "300"),
        ("dq.heroes", "1"),
        ("dq.bots", "greedy"),
        ("dq.monster_policy", "random"),
        ("dq.rules", "late-start"),
    ];
    for (k, v) in expect {
        assert_eq!(m.get(k).map(String::as_str), Some(v), "{k}");
    }
    assert_eq!(m["dq.data_hash"].len(), 16);
    assert_eq!(m["dq.data_hash"], format!("{:016x}", dq_engine::Rules::revised().data_hash));
    assert!(m["dq.seed_scheme"].starts_with("splitmix64(master, game_index, stream)"));
    let commit = &m["dq.git_commit"];
    assert!(commit == "unknown" || (commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit())), "{commit}");
    assert!(m["dq.command_line"].ends_with(&format!("--quiet --out {out}")), "{}", m["dq.command_line"]);
    // Timings are not in the file (the same command writes the same bytes).
    assert!(!m.contains_key("dq.wall_seconds") && !m.contains_key("dq.games_per_sec"));
    assert!(m.contains_key("ARROW:schema"));
    let rows = read_rows(&out);
    assert_eq!(rows.first().unwrap()["game_index"], 150);
    assert_eq!(rows.last().unwrap()["game_index"], 299);
    assert_eq!(dir.entries(), ["m.parquet"]);
}

#[test]
fn json_summary_has_the_documented_keys() {
    let s = json(&ok(&["run", "--games", "2000", "--heroes", "hugo,lindel", "--json", "--quiet"]));
    for k in [
        "games",
        "hero_games",
        "survived",
        "survival_rate",
        "survival_ci95",
        "mean_gold_survivors",
        "games_per_sec",
        "by_hero",
        "by_seat",
        "seed",
        "death_causes",
    ] {
        assert!(s.contains_key(k), "missing {k}");
    }
    assert_eq!(s["games"], 2000);
    assert_eq!(s["hero_games"], 4000);
    assert_eq!(s["seed"], 20141);
    let by_hero = s["by_hero"].as_object().unwrap();
    assert_eq!(by_hero.keys().collect::<Vec<_>>(), ["hugo", "lindel"]);
    let mut survived = 0;
    for h in by_hero.values() {
        assert_eq!(h["hero_games"], 2000);
        let (k, rate) = (h["survived"].as_u64().unwrap(), h["survival_rate"].as_f64().unwrap());
        assert_eq!(rate, k as f64 / 2000.0);
        let ci = h["survival_ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() < rate && rate < ci[1].as_f64().unwrap());
        survived += k;
    }
    assert_eq!(s["survived"].as_u64().unwrap(), survived);
    let deaths: u64 = s["death_causes"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(deaths + survived, 4000);
    let wins: u64 = s["by_seat"].as_array().unwrap().iter().map(|x| x["wins"].as_u64().unwrap()).sum();
    assert!(wins <= 2000 && wins > 0);
}

#[test]
fn readable_summary_and_help() {
    let text = ok(&["run", "--games", "1000", "--heroes", "tatianna", "--seed", "3"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "dq run: 1000 games, seed 3");
    assert!(lines[1].starts_with("edition revised (data "), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("  tatianna ")), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("win rate: seat 0 ")), "{text}");
    assert!(lines.iter().any(|l| l.ends_with(" thread)") || l.ends_with(" threads)")), "{text}");
    // Clap may wrap the help to the terminal (its `wrap_help` feature comes in with the
    // benchmark crates' dependencies), so compare with line breaks folded into spaces.
    let help = ok(&["run", "--help"]).split_whitespace().collect::<Vec<_>>().join(" ");
    for d in [
        "[default: 100000;",
        "[default: 20141]",
        "[default: greedy]",
        "[default: revised]",
        "[default: one seat per `--bots` entry;",
    ] {
        assert!(help.contains(d), "help lacks {d}");
    }
    assert!(ok(&["--help"]).contains("replay"));
}

/// Runs `dq` expecting bad input: exit code 2, one line on stderr, no stdout, no files left.
fn refused(args: &[&str], with_out: bool, expect: &str) {
    let dir = Scratch::new("bad");
    let out = dir.file("x.parquet");
    let mut a = args.to_vec();
    if with_out {
        a.extend(["--out", &out]);
    }
    refused_with(&a, expect);
    assert!(dir.entries().is_empty(), "{a:?} left {:?}", dir.entries());
}

#[test]
fn bad_input_fails_cleanly() {
    let cases: &[(&[&str], &str)] = &[
        (&["run", "--heroes", "bob"], "unknown hero \"bob\" (known: gherinn, challara, hugo"),
        (&["run", "--heroes", "5"], "--heroes 5: a game has 1 to 4 heroes"),
        (&["run", "--heroes", "hugo,hugo"], "hero \"hugo\" is chosen twice"),
        (&["run", "--heroes", "a,b,c,d,e"], "unknown hero \"a\""),
        (&["run", "--bot", "gredy"], "unknown bot \"gredy\""),
        (&["run", "--bot", "greedy:risk=500"], "risk=500: expected a whole number from 0 to 100"),
        (&["run", "--bot", "greedy:nonsense"], "is not name=value"),
        (&["run", "--bot", "expert:win=100"], "dungeonquest's expert takes no win (it has no winner)"),
        (&["run", "--bots", "greedy,cautious", "--heroes", "3"], "2 bots for 3 heroes"),
        (&["run", "--bot", "greedy", "--bots", "greedy"], "cannot be used with"),
        (&["run", "--monster-policy", "nasty"], "unknown monster policy \"nasty\""),
        (&["run", "--rule", "tower-powr"], "unknown rule \"tower-powr\""),
        (&["run", "--rule", "tower-power"], "rule \"tower-power\" is not available in the revised edition"),
        (&["run", "--rule", "magical-might=9"], "rule \"magical-might=9\": N must be a whole number from 1 to 3"),
        (&["run", "--rule", "solo", "--heroes", "2"], "--rule solo needs exactly one hero"),
        (&["run", "--edition", "fourth"], "unknown edition \"fourth\" (known: revised, third, classic)"),
        (
            &["run", "--edition", "classic", "--rule", "late-start"],
            "rule \"late-start\" is not available in the classic edition: it is an FFG optional rule",
        ),
        (
            &["run", "--edition", "classic", "--rule", "solo"],
            "rule \"solo\" is not available in the classic edition: a one-hero 1987 game plays the solo rules",
        ),
        (
            &["run", "--edition", "classic", "--heroes", "hugo"],
            "unknown hero \"hugo\" (known: rohan, ulf, el-adoran, volrik",
        ),
        (&["run", "--edition", "classic", "--heroes", "rohan,rohan"], "hero \"rohan\" is chosen twice"),
        (&["bench", "--edition", "classic", "--heroes", "5"], "--heroes 5: a game has 1 to 4 heroes"),
        (&["replay", "--edition", "classic", "--game", "1", "--bot", "gredy"], "unknown bot \"gredy\""),
        (&["duel", "--edition", "classic", "--hero", "hugo"], "unknown hero \"hugo\" (known: rohan, ulf, el-adoran"),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--wounds", "16"], "ulf has 16 Life Points"),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--life", "0"], "monster life must be at least 1"),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--life", "21"], "monster life 21: the classic"),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--monster", "dragon"], "unknown monster \"dragon\""),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--rule", "solo"], "no optional rules (the solo table"),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--monster-policy", "x"], "unknown monster policy \"x\""),
        (&["duel", "--edition", "classic", "--hero", "ulf", "--bot", "gredy"], "unknown bot \"gredy\""),
        (&["run", "--games", "0"], "invalid value '0' for '--games <N>'"),
        (&["run", "--games", "-5"], "invalid value '-5' for '--games <N>'"),
        (&["run", "--games", "lots"], "invalid value 'lots' for '--games <N>'"),
        (&["run", "--shard", "3/3"], "invalid value '3/3' for '--shard <I/N>'"),
        (&["run", "--shard", "1"], "invalid value '1' for '--shard <I/N>'"),
        (&["run", "--shard", "-1/2"], "invalid value '-1/2' for '--shard <I/N>'"),
        (&["run", "--shard", "1/0"], "expected I/N with 0 <= I < N"),
        (&["run", "--threads", "0"], "invalid value '0' for '--threads <T>'"),
        (&["run", "--precision", "0"], "invalid value '0' for '--precision <P>'"),
        (&["run", "--precision", "lots"], "invalid value 'lots' for '--precision <P>'"),
        (&["run", "--precision", "0.01", "--shard", "0/2"], "cannot be used with"),
        (&["run", "--label", ""], "invalid value '' for '--label <TEXT>'"),
        (
            &["bench", "--rounds", "0"],
            "invalid value '0' for '--rounds <R>': expected a number of rounds from 1 to 100",
        ),
        (&["bench", "--rounds", "101"], "invalid value '101' for '--rounds <R>'"),
        (&["run", "--seed", "-1"], "invalid value '-1' for '--seed <S>'"),
        (&["run", "--data", "/nonexistent/dq-data"], "--data /nonexistent/dq-data: not a folder"),
        (&["run", "--frobnicate"], "unexpected argument '--frobnicate'"),
        (&["duel", "--hero", "bob"], "unknown hero \"bob\""),
        (&["duel", "--hero", "hugo", "--monster", "dragonling"], "unknown monster \"dragonling\" (known: "),
        (&["duel", "--hero", "hugo", "--wounds", "16"], "hugo has 16 health: wounds must be below that"),
        (&["duel", "--hero", "hugo", "--life", "0"], "monster life must be at least 1"),
        (&["duel", "--games", "0", "--hero", "hugo"], "invalid value '0' for '--games <N>'"),
        (&["duel"], "required arguments were not provided: --hero <ID>"),
        (&["replay", "--game", "10", "--games", "10"], "--game 10: a run of 10 games has games 0 to 9"),
        (&["replay", "--game", "-1"], "invalid value '-1' for '--game <I|NAME>'"),
        (&["replay", "--game", "2", "--index", "2"], "--game I and --index I both give the index: give one"),
        (&["replay", "--game", "dungeonquest"], "which game? give its index: --game I (or --index I)"),
        (
            &["run", "--game", "chess"],
            "invalid value 'chess' for '--game <NAME>' [possible values: dungeonquest, dealing-dungeons, dungeon-of-chaos]",
        ),
        (&["run", "--game", "dealing-dungeons", "--heroes", "bob"], "unknown hero \"bob\" (known: barbarian,"),
        (
            &["run", "--game", "dealing-dungeons", "--heroes", "1", "--mode", "chaos"],
            "--heroes 1: dealing-dungeons' chaos mode has 2 to 4 heroes",
        ),
        (
            &["run", "--game", "dealing-dungeons", "--heroes", "2", "--rule", "solo"],
            "unknown dealing-dungeons rule \"solo\" (known: replace-dead-hero,",
        ),
        (&["run", "--mode", "standard"], "--mode standard: modes are dealing-dungeons'; dungeonquest has none"),
        (&["replay", "--game", "dealing-dungeons", "--index", "0", "--heroes", "hugo"], "unknown hero \"hugo\""),
        (&["report", "x.parquet", "--out", "r", "--game", "go"], "invalid value 'go' for '--game <NAME>'"),
        (&["replay", "--game", "1", "--format", "xml"], "invalid value 'xml' for '--format <FORMAT>'"),
        (&["explode"], "unrecognized subcommand 'explode'"),
    ];
    for (args, expect) in cases {
        refused(args, false, expect);
        if args[0] == "run" {
            refused(args, true, expect);
        }
    }
}

#[test]
fn unwritable_output_fails_before_playing() {
    let dir = Scratch::new("unwritable");
    let missing = dir.file("no/such/folder/x.parquet");
    let started = Instant::now();
    let o = dq(&["run", "--games", "100000000", "--out", &missing]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.trim(), format!("dq: cannot write {missing}: No such file or directory (os error 2)"));
    assert!(started.elapsed() < Duration::from_secs(20), "it played before failing");
    let folder = dir.0.display().to_string();
    let o = dq(&["run", "--out", &folder]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).trim(), format!("dq: --out {folder}: is a folder"));
    assert!(dir.entries().is_empty());
}

/// `--out` on a device, a FIFO or a link: the first two are refused (as root, a rename would
/// have replaced `/dev/full` with a regular file), a link is written through and kept.
#[test]
fn out_never_replaces_what_is_not_a_regular_file() {
    use std::os::unix::fs::FileTypeExt;
    refused_with(
        &["run", "--games", "10", "--out", "/dev/full"],
        "--out /dev/full: is a device; dq writes its output only to regular files",
    );
    assert!(std::fs::symlink_metadata("/dev/full").unwrap().file_type().is_char_device());
    refused_with(
        &["run", "--games", "10", "--out", "results.csv"],
        "--out results.csv: dq writes Parquet; name the file .parquet, not .csv",
    );
    let dir = Scratch::new("special");
    let fifo = dir.file("pipe.parquet");
    if Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        let expect = format!("--out {fifo}: is a FIFO; dq writes its output only to regular files");
        refused_with(&["run", "--games", "10", "--out", &fifo], &expect);
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        std::fs::remove_file(&fifo).unwrap();
    }
    let (real, link) = (dir.file("real.parquet"), dir.file("link.parquet"));
    std::os::unix::fs::symlink(&real, &link).unwrap();
    refused_with(&["run", "--games", "10", "--out", &link], "a symbolic link to nothing (name a real path)");
    std::fs::write(&real, b"old").unwrap();
    ok(&["run", "--games", "10", "--quiet", "--out", &link]);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_eq!(read_rows(&real).len(), 10);
    assert_eq!(dir.entries(), ["link.parquet", "real.parquet"]);
}

#[test]
fn data_folders_load_or_fail_with_file_and_line() {
    let dir = Scratch::new("data");
    let data = dir.0.join("edition");
    std::fs::create_dir(&data).unwrap();
    copy_revised_data(&data);
    let d = data.display().to_string();
    // An unchanged copy plays exactly as the embedded data.
    let a = json(&ok(&["run", "--games", "500", "--json", "--quiet", "--data", &d]));
    let b = json(&ok(&["run", "--games", "500", "--json", "--quiet"]));
    assert_eq!(without_timing(a), without_timing(b));

    // A syntax error: file and line.
    let heroes = data.join("heroes.ron");
    let text = std::fs::read_to_string(&heroes).unwrap();
    let line = text.lines().position(|l| l.trim() == "health: 13,").unwrap() + 1;
    std::fs::write(&heroes, text.replacen("health: 13,", "health: thirteen,", 1)).unwrap();
    let out = dir.file("x.parquet");
    let o = dq(&["run", "--data", &d, "--out", &out]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("dq: {}:{line}: ", heroes.display())), "{err}");

    // A misspelled field is refused, not ignored (it would change results without a word).
    std::fs::write(&heroes, text.replacen("health: 13,", "health: 13, healht: 30,", 1)).unwrap();
    let o = dq(&["run", "--data", &d, "--out", &out]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("dq: {}:{line}: ", heroes.display())) && err.contains("healht"), "{err}");

    // A missing file.
    std::fs::write(&heroes, &text).unwrap();
    std::fs::remove_file(data.join("combat.ron")).unwrap();
    let o = dq(&["run", "--data", &d, "--out", &out]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with(&format!("dq: cannot read {}: ", data.join("combat.ron").display())), "{err}");

    // A file that is not text at all.
    std::fs::write(data.join("combat.ron"), [0xffu8, 0xfe, 0x00, 0x01]).unwrap();
    let o = dq(&["run", "--data", &d, "--out", &out]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    assert_eq!(dir.entries(), ["edition"]);
}

/// Ctrl-C, SIGTERM (Slurm cancel, pod deletion, `timeout`) and SIGHUP stop alike: exit code
/// 128 + the signal, one line, nothing left behind.
#[test]
fn signals_stop_cleanly_without_output() {
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        stops_cleanly_on(signal, code);
    }
}

fn stops_cleanly_on(signal: &str, code: i32) {
    let dir = Scratch::new(&format!("signal-{signal}"));
    let out = dir.file("big.parquet");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dq"))
        .args(["run", "--games", "100000000", "--threads", "1", "--heroes", "1", "--bot", "random", "--out", &out])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the temporary file exists and some chunks are written.
    let started = Instant::now();
    while dir.entries().is_empty() {
        assert!(started.elapsed() < Duration::from_secs(30), "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(dir.entries()[0].starts_with(".big.parquet.tmp-"), "{:?}", dir.entries());
    std::thread::sleep(Duration::from_millis(700));
    let killed = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let stopped = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if stopped.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("dq did not stop after SIG{signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(status.code(), Some(code), "SIG{signal}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("dq: interrupted after ") && err.trim_end().ends_with("no output written"), "{err}");
    assert!(o.stdout.is_empty());
    assert!(dir.entries().is_empty(), "left behind: {:?}", dir.entries());
}

/// Exact solo-combat figures: P(hero wins), then mean and second moment of the rounds and of
/// the wounds taken.
#[derive(Clone, Copy, Default)]
struct Exact {
    p_win: f64,
    rounds: f64,
    rounds_sq: f64,
    wounds: f64,
    wounds_sq: f64,
}

/// Dynamic programming over (hero health left, monster life left): each round one d6 picks a
/// line of the solo table; hero wounds come first, so a hero who dies does not also kill.
fn solo_exact(table: &[(u8, u8); 6], hero_left: u8, life: u8) -> Exact {
    let (h, m) = (hero_left as usize, life as usize);
    let mut f = vec![vec![Exact::default(); m + 1]; h + 1];
    for hh in 1..=h {
        for mm in 1..=m {
            let mut e = Exact::default();
            for &(hw, mw) in table {
                assert!(hw + mw > 0, "a round that hurts nobody would never end");
                let (hw, mw) = (hw as usize, mw as usize);
                let next = if hw >= hh {
                    Exact::default()
                } else if mw >= mm {
                    Exact { p_win: 1.0, ..Exact::default() }
                } else {
                    f[hh - hw][mm - mw]
                };
                let x = hw as f64;
                e.p_win += next.p_win / 6.0;
                e.rounds += (1.0 + next.rounds) / 6.0;
                e.rounds_sq += (1.0 + 2.0 * next.rounds + next.rounds_sq) / 6.0;
                e.wounds += (x + next.wounds) / 6.0;
                e.wounds_sq += (x * x + 2.0 * x * next.wounds + next.wounds_sq) / 6.0;
            }
            f[hh][mm] = e;
        }
    }
    f[h][m]
}

#[test]
fn solo_duel_matches_the_exact_odds() {
    let rules = dq_engine::Rules::revised();
    let n = 20_000.0;
    for (hero, wounds, life, seed) in [("gherinn", 8u8, 4u8, "1"), ("krutzbeck", 14, 7, "2"), ("hugo", 0, 9, "3")] {
        let h = rules.hero_by_id(hero).unwrap();
        let left = rules.heroes[h].health - wounds;
        let e = solo_exact(&rules.solo, left, life);
        assert!(e.p_win > 0.05 && e.p_win < 0.95 || hero == "hugo", "{hero}: a test that cannot fail ({})", e.p_win);
        let (w, l) = (wounds.to_string(), life.to_string());
        let monster = rules.monster_kinds[0].to_lowercase();
        let args = [
            "duel",
            "--solo",
            "--no-escape",
            "--hero",
            hero,
            "--wounds",
            &w,
            "--monster",
            &monster,
            "--life",
            &l,
            "--rule",
            "no-abilities",
            "--games",
            "20000",
            "--seed",
            seed,
            "--json",
            "--quiet",
        ];
        let s = json(&ok(&args));
        assert_eq!(s["games"], 20_000);
        assert_eq!(s["escapes"], 0);
        assert_eq!(s["hero_wins"].as_u64().unwrap() + s["hero_deaths"].as_u64().unwrap(), 20_000);
        let close = |key: &str, mean: f64, var: f64| {
            let (got, se) = (s[key].as_f64().unwrap(), (var / n).sqrt());
            assert!((got - mean).abs() < 4.0 * se, "{hero}: {key} {got}, exact {mean} (standard error {se})");
        };
        close("p_hero_wins", e.p_win, e.p_win * (1.0 - e.p_win));
        close("p_hero_dies", 1.0 - e.p_win, e.p_win * (1.0 - e.p_win));
        close("mean_rounds", e.rounds, e.rounds_sq - e.rounds * e.rounds);
        close("mean_hero_wounds", e.wounds, e.wounds_sq - e.wounds * e.wounds);
    }
}

#[test]
fn duels_do_not_depend_on_threads() {
    let run = |t: &str| {
        json(&ok(&[
            "duel",
            "--hero",
            "lindel",
            "--monster",
            "troll",
            "--games",
            "10000",
            "--threads",
            t,
            "--json",
            "--quiet",
        ]))
    };
    let (a, b) = (run("1"), run("2"));
    assert_eq!(without_timing(a.clone()), without_timing(b));
    for k in [
        "hero_wins",
        "hero_deaths",
        "escapes",
        "p_hero_wins",
        "p_hero_dies",
        "p_escape",
        "mean_rounds",
        "mean_hero_wounds",
    ] {
        assert!(a.contains_key(k), "missing {k}");
    }
    assert_eq!(a["games"], 10_000);
    // Every duel ends one way: the monster dies, the hero dies, or the hero gets away.
    let ends: u64 = ["hero_wins", "hero_deaths", "escapes"].iter().map(|k| a[*k].as_u64().unwrap()).sum();
    assert_eq!(ends, 10_000);
}

/// `dq bench --json` gives every documented key, names the kind of build it measured (a
/// profile-guided build's figures must not pass for a plain one's), and counts no heap
/// allocation while playing.
#[test]
fn bench_json_names_the_build_and_gives_every_key() {
    let j = json(&ok(&["bench", "--games", "300", "--threads", "1", "--no-out", "--json"]));
    // `cargo test --release` builds dq in the release profile, plain `cargo test` in a debug one.
    let want = if cfg!(debug_assertions) { "debug" } else { "release" };
    assert_eq!(j["build"], Value::from(want), "{j:?}");
    for k in [
        "games_per_sec_1_thread",
        "games_per_sec_all_threads",
        "threads",
        "scaling",
        "ns_per_game",
        "rng_floor_ns_per_game",
        "rng_floor_ratio",
        "allocations_per_game",
    ] {
        assert!(j[k].as_f64().is_some_and(|v| v >= 0.0), "{k} in {j:?}");
    }
    assert_eq!(j["games"], Value::from(300));
    assert_eq!(j["threads"], Value::from(1));
    assert_eq!(j["parquet"], Value::from(false));
    assert_eq!(j["allocations_per_game"].as_f64(), Some(0.0), "{j:?}");
    // The default is three rounds, each listed; the top-level figures are their medians.
    let rounds = j["per_round"].as_array().expect("per_round");
    assert_eq!(j["rounds"], Value::from(3));
    assert_eq!(rounds.len(), 3);
    let mut one: Vec<f64> = rounds.iter().map(|r| r["games_per_sec_1_thread"].as_f64().unwrap()).collect();
    one.sort_by(f64::total_cmp);
    let top = j["games_per_sec_1_thread"].as_f64().unwrap();
    assert!((top - one[1]).abs() <= 0.1, "median {top} of {one:?}");
}

/// `dq bench --rounds 2` plays two rounds and lists each one's figures.
#[test]
fn bench_rounds_are_listed() {
    let j = json(&ok(&["bench", "--games", "100", "--threads", "1", "--no-out", "--rounds", "2", "--json"]));
    assert_eq!(j["rounds"], Value::from(2));
    let rounds = j["per_round"].as_array().expect("per_round");
    assert_eq!(rounds.len(), 2, "{j:?}");
    for r in rounds {
        for k in [
            "games_per_sec_1_thread",
            "games_per_sec_all_threads",
            "scaling",
            "ns_per_game",
            "rng_floor_ns_per_game",
            "rng_floor_ratio",
        ] {
            assert!(r[k].as_f64().is_some_and(|v| v > 0.0), "{k} in {r:?}");
        }
    }
}

/// `dq report`, `compare` and `sweep` run in `dq-reports`: `dq` parses the command line,
/// then hands it over whole, its exit code with it. Without `dq-reports` beside `dq` or on
/// the `PATH`, one line says how to build it (exit 2). A stand-in script plays `dq-reports`.
#[test]
fn report_commands_are_handed_to_dq_reports() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("hand-over");
    let dq = s.0.join("dq");
    std::fs::copy(DQ, &dq).unwrap();
    let run = |args: &[&str]| Command::new(&dq).args(args).env("PATH", "").stdin(Stdio::null()).output().unwrap();

    let o = run(&["report", "a.parquet", "--out", "r"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("dq report runs in dq-reports") && err.contains("cargo build --release -p dq-reports"),
        "{err}"
    );
    // A usage error is still dq's own, before any hand-over.
    let o = run(&["compare", "only-one.parquet"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("required"), "{:?}", o);

    let stand_in = s.0.join("dq-reports");
    std::fs::write(&stand_in, "#!/bin/sh\necho \"handed: $*\"\nexit 7\n").unwrap();
    std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o755)).unwrap();
    for args in [
        &["report", "a.parquet", "--out", "r"][..],
        &["compare", "a.parquet", "b.parquet", "--json"],
        &["sweep", "--config", "g.toml", "--out", "o"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(7), "{args:?}: {o:?}");
        assert_eq!(String::from_utf8_lossy(&o.stdout), format!("handed: {}\n", args.join(" ")));
    }
    // Every other command stays in dq.
    assert!(run(&["run", "--games", "5", "--quiet", "--threads", "1"]).status.success());
}

/// `dq run --dry-run` checks the plan and says what it would play, creating nothing.
#[test]
fn dry_run_says_what_the_plan_plays() {
    let s = Scratch::new("dry-run");
    let out = s.file("x.parquet");
    let said = ok(&["run", "--dry-run", "--games", "1000", "--shard", "1/4", "--heroes", "2", "--out", &out]);
    assert_eq!(
        said,
        format!(
            "dq run --dry-run: would play 250 games (shard 1/4: games 250..500) of dungeonquest edition revised, \
             seed 20141, heroes 2, bots greedy,greedy, rules standard, writing {out}\n"
        )
    );
    assert!(s.entries().is_empty());
    refused_with(&["run", "--dry-run", "--heroes", "hugo,hugo"], "hugo");
}

/// Without `--heroes`, a run seats one hero per `--bots` entry, else the smallest table of
/// the game or mode: two for The Dungeon of Chaos and Dealing Dungeons' table modes, one
/// otherwise. Given, `--heroes` wins (and is checked as before).
#[test]
fn seats_without_heroes_follow_the_bots_game_and_mode() {
    let seats = |args: &[&str]| {
        let mut a = vec!["run", "--games", "20", "--quiet", "--json"];
        a.extend(args);
        json(&ok(&a))["heroes"].clone()
    };
    assert_eq!(seats(&[]), Value::from("1"));
    assert_eq!(seats(&["--bots", "greedy,cautious"]), Value::from("2"));
    assert_eq!(seats(&["--game", "dungeon-of-chaos"]), Value::from("2"));
    assert_eq!(seats(&["--game", "dungeon-of-chaos", "--bots", "greedy,mixed,random"]), Value::from("3"));
    assert_eq!(seats(&["--game", "dealing-dungeons"]), Value::from("1"));
    assert_eq!(seats(&["--game", "dealing-dungeons", "--mode", "standard"]), Value::from("2"));
    assert_eq!(seats(&["--game", "dealing-dungeons", "--mode", "co-op"]), Value::from("2"));
    assert_eq!(seats(&["--game", "dealing-dungeons", "--mode", "solo-hard"]), Value::from("1"));
    refused_with(
        &["run", "--game", "dealing-dungeons", "--mode", "solo-hard", "--heroes", "2"],
        "--heroes 2: dealing-dungeons' solo-hard mode has 1 hero",
    );
    refused_with(&["run", "--bots", "greedy,cautious", "--heroes", "3"], "2 bots for 3 heroes");
}
