//! `docs/schema.md` against the code: its column table must be the schema's table
//! (`schema::dungeonquest::COLUMNS`: names, types, nullability, versions, roles and meanings,
//! in file order; the roles must hold in a file written), and its metadata table must list
//! exactly the `dq.*` keys that `dq run` and `dq merge` write in each kind of file, with
//! values of the documented type.

use crate::support::*;
use dq_sim::schema::dungeonquest::COLUMNS;
use dq_sim::schema::{Role, SCHEMA_VERSION};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/schema.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The body rows of the first Markdown table after the line `heading`, cells trimmed and
/// stripped of backticks.
fn table(doc: &str, heading: &str) -> Vec<Vec<String>> {
    let (_, after) = doc.split_once(&format!("\n{heading}\n")).unwrap_or_else(|| panic!("no {heading}"));
    let lines: Vec<&str> =
        after.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|')).collect();
    assert!(lines.len() > 2, "{heading}: no table");
    assert!(lines[1].starts_with("|---"), "{heading}: no header separator");
    lines[2..]
        .iter()
        .map(|l| l.trim().trim_matches('|').split('|').map(|c| c.trim().trim_matches('`').to_string()).collect())
        .collect()
}

fn since(cell: &str, what: &str) {
    let v: u32 = cell.parse().unwrap_or_else(|_| panic!("{what}: since \"{cell}\" is not a number"));
    assert!((1..=SCHEMA_VERSION).contains(&v), "{what}: since {v}, but the schema is at version {SCHEMA_VERSION}");
}

/// A column as the doc shows it: name, Arrow type, nullable, since, role, meaning.
type Documented = (String, String, bool, String, String, String);

#[test]
fn columns_table_is_the_schema() {
    let doc = doc();
    assert!(doc.contains(&format!("(currently **{SCHEMA_VERSION}**)")), "the doc names another schema version");
    columns_match(&doc, "## Columns", &COLUMNS);
}

#[test]
fn dealing_dungeons_columns_table_is_its_schema() {
    columns_match(&doc(), "## Dealing Dungeons columns", &dq_sim::schema::dealing_dungeons::COLUMNS);
}

#[test]
fn dungeon_of_chaos_columns_table_is_its_schema() {
    columns_match(&doc(), "## The Dungeon of Chaos columns", &dq_sim::schema::dungeon_of_chaos::COLUMNS);
}

/// The table after `heading` shows exactly `columns`.
fn columns_match(doc: &str, heading: &str, columns: &[dq_sim::schema::ColumnDef]) {
    let rows = table(doc, heading);
    let documented: Vec<Documented> = rows
        .iter()
        .map(|r| {
            assert_eq!(r.len(), 7, "{r:?}");
            let nullable = match r[2].as_str() {
                "yes" => true,
                "no" => false,
                other => panic!("{}: nullable is \"{other}\", not yes or no", r[0]),
            };
            since(&r[4], &r[0]);
            // The DuckDB type must be the one DuckDB gives the Arrow type (checked against
            // DuckDB itself by scripts/interop_check.py).
            let duck = match r[1].as_str() {
                "UInt8" => "UTINYINT",
                "UInt16" => "USMALLINT",
                "UInt32" => "UINTEGER",
                "UInt64" => "UBIGINT",
                "Utf8" => "VARCHAR",
                "Boolean" => "BOOLEAN",
                other => panic!("{}: no DuckDB type known for {other}", r[0]),
            };
            assert_eq!(r[3], duck, "{}", r[0]);
            (r[0].clone(), r[1].clone(), nullable, r[4].clone(), r[5].clone(), r[6].clone())
        })
        .collect();
    let code: Vec<Documented> = columns
        .iter()
        .map(|c| {
            let ty = c.ty.arrow().to_string();
            (c.name.to_string(), ty, c.nullable, c.since.to_string(), c.role.name().to_string(), c.doc.to_string())
        })
        .collect();
    // Row by row first, so a failure names the column.
    for (d, c) in documented.iter().zip(&code) {
        assert_eq!(d, c, "docs/schema.md's column differs from the schema's table");
    }
    assert_eq!(documented, code, "docs/schema.md's columns differ from the schema's table");
}

/// What the roles promise holds in a file: the run constants have one value, and no two rows
/// share their identity columns.
#[test]
fn roles_hold_in_a_file() {
    let dir = Scratch::new("roles");
    let out = dir.file("r.parquet");
    ok(&["run", "--games", "300", "--heroes", "3", "--bots", "greedy,random,cautious", "--quiet", "--out", &out]);
    let rows = read_rows(&out);
    assert_eq!(rows.len(), 900);
    let with = |role: Role| -> Vec<&str> { COLUMNS.iter().filter(|c| c.role == role).map(|c| c.name).collect() };
    for name in with(Role::RunConstant) {
        let values: BTreeSet<String> = rows.iter().map(|r| r[name].to_string()).collect();
        assert_eq!(values.len(), 1, "{name}: {values:?}");
    }
    let identity = with(Role::Identity);
    assert_eq!(identity, ["game_index", "seat"]);
    let keys: BTreeSet<Vec<String>> =
        rows.iter().map(|r| identity.iter().map(|k| r[*k].to_string()).collect()).collect();
    assert_eq!(keys.len(), rows.len(), "two rows with the same {identity:?}");
}

#[test]
fn metadata_table_lists_exactly_the_keys_written() {
    let doc = doc();
    let rows = table(&doc, "## Metadata");
    // key -> (type, kinds of file it is in)
    let mut documented: BTreeMap<String, (String, BTreeSet<String>)> = BTreeMap::new();
    for r in &rows {
        assert_eq!(r.len(), 5, "{r:?}");
        assert!(r[0].starts_with("dq."), "{}: not a dq. key", r[0]);
        assert!(["integer", "decimal", "string", "JSON"].contains(&r[1].as_str()), "{}: type {}", r[0], r[1]);
        let kinds: BTreeSet<String> = r[2].split(',').map(|k| k.trim().to_string()).collect();
        for k in &kinds {
            assert!(
                ["run", "merge", "partial merge", "with --data", "with --label", "with --precision"]
                    .contains(&k.as_str()),
                "{}: in \"{k}\"",
                r[0]
            );
        }
        since(&r[3], &r[0]);
        assert!(r[4].len() > 10, "{}: no meaning given", r[0]);
        assert!(documented.insert(r[0].clone(), (r[1].clone(), kinds)).is_none(), "{} listed twice", r[0]);
    }
    let having = |kinds: &[&str]| -> BTreeSet<String> {
        documented.iter().filter(|(_, (_, k))| kinds.iter().any(|x| k.contains(*x))).map(|(n, _)| n.clone()).collect()
    };

    let dir = Scratch::new("schema-doc");
    std::fs::create_dir_all(dir.0.join("data")).unwrap();
    copy_revised_data(&dir.0.join("data"));
    let f = |name: &str| dir.0.join(name).display().to_string();
    let table = ["--games", "40", "--heroes", "2", "--bot", "random", "--quiet"];
    let run = |extra: &[&str], out: &str| {
        let mut a = vec!["run", "--out", out];
        a.extend(table);
        a.extend(extra);
        ok(&a);
    };
    run(&["--shard", "0/2"], &f("a.parquet"));
    run(&["--shard", "1/2"], &f("b.parquet"));
    let data = f("data");
    run(&["--data", &data], &f("d.parquet"));
    ok(&["merge", &f("a.parquet"), &f("b.parquet"), "--out", &f("merged.parquet")]);
    ok(&["merge", &f("b.parquet"), "--allow-partial", "--out", &f("partial.parquet")]);
    ok(&["merge", &f("d.parquet"), "--out", &f("merged-data.parquet")]);
    run(&["--label", "mine"], &f("l.parquet"));
    run(&["--precision", "0.25"], &f("p.parquet"));

    let cases: [(&str, &[&str]); 8] = [
        ("l.parquet", &["run", "with --label"]),
        ("p.parquet", &["run", "with --precision"]),
        ("a.parquet", &["run"]),
        ("d.parquet", &["run", "with --data"]),
        ("merged.parquet", &["merge"]),
        ("partial.parquet", &["merge", "partial merge"]),
        ("merged-data.parquet", &["merge", "with --data"]),
        ("b.parquet", &["run"]),
    ];
    let mut seen = BTreeSet::new();
    for (file, kinds) in cases {
        let meta = dq_meta(dir.0.join(file));
        seen.extend(meta.keys().cloned());
        let written: BTreeSet<String> = meta.keys().cloned().collect();
        assert_eq!(written, having(kinds), "{file}: the keys written differ from docs/schema.md's {kinds:?} keys");
        for (k, v) in &meta {
            let ty = documented[k].0.as_str();
            let fits = match ty {
                "integer" => v.parse::<u64>().is_ok(),
                "decimal" => v.parse::<f64>().is_ok(),
                "JSON" => serde_json::from_str::<serde_json::Value>(v).is_ok(),
                _ => true,
            };
            assert!(fits, "{file}: {k} = \"{v}\" is not {ty}");
        }
    }
    // Every documented key turns up in one of the files above.
    assert_eq!(seen, documented.keys().cloned().collect::<BTreeSet<_>>());
}

/// A Dealing Dungeons file has DungeonQuest's `run` keys but its edition, monster policy and
/// rules, and the keys of its own metadata table.
#[test]
fn dealing_dungeons_metadata_is_documented() {
    let doc = doc();
    let keys = |heading: &str, kind: &str| -> BTreeSet<String> {
        table(&doc, heading)
            .into_iter()
            .filter(|r| r[2].split(',').any(|k| k.trim() == kind))
            .map(|r| r[0].clone())
            .collect()
    };
    let mut want = keys("## Metadata", "run");
    for k in ["dq.edition", "dq.monster_policy", "dq.rules"] {
        assert!(want.remove(k), "{k}");
    }
    want.extend(keys("## Dealing Dungeons metadata", "run"));
    assert!(want.contains("dq.rules"), "Dealing Dungeons writes its own dq.rules");
    let dir = Scratch::new("dd-schema-doc");
    let out = dir.file("d.parquet");
    ok(&["run", "--game", "dealing-dungeons", "--games", "40", "--heroes", "2", "--quiet", "--out", &out]);
    let written: BTreeSet<String> = dq_meta(&out).keys().cloned().collect();
    assert_eq!(written, want);
}
