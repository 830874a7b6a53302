#!/usr/bin/env python3
"""Survival by hero x rules x bot, with 95% intervals, from a folder of `dq` results files.

    python3 scripts/analyze.py RESULTS            # survival per hero, rules, bot and player count
    python3 scripts/analyze.py RESULTS --late-start   # does Late Start change some heroes' odds more?

RESULTS is a folder (every *.parquet below it is read) or Parquet files written by
`dq run --out` or `dq merge`. The files are read with DuckDB; their `dq.*` metadata is checked
first so that no game is counted twice (shard parts lying beside their merged file, or the same
file copied twice, are refused with a message). Needs the packages of scripts/requirements.txt.
"""

import argparse
import json
import math
import pathlib
import sys

import duckdb

Z = 1.959963984540054  # two-sided 95% normal quantile

# Metadata keys that identify a run (the ones `dq merge` requires to agree).
RUN_KEYS = [
    "dq.schema_version", "dq.game", "dq.version", "dq.git_commit", "dq.data_hash", "dq.edition", "dq.seed_scheme",
    "dq.master_seed", "dq.games", "dq.chunk_size", "dq.heroes", "dq.bots", "dq.monster_policy", "dq.rules",
]


def wilson(k, n):
    """95% Wilson score interval of a proportion k/n: honest near 0 and 1, unlike p +- z*se."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe(k1, n1, k2, n2):
    """95% interval of p2 - p1 from the two Wilson intervals (Newcombe's hybrid score method)."""
    p1, p2 = k1 / n1, k2 / n2
    (l1, u1), (l2, u2) = wilson(k1, n1), wilson(k2, n2)
    d = p2 - p1
    return (d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def chi2_sf(x, df):
    """P(X >= x) for a chi-square variable with df degrees of freedom (closed forms, no SciPy)."""
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= (x / 2) / k
            total += term
        return math.exp(-x / 2) * total
    total, term = 0.0, math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    for k in range(1, (df - 1) // 2 + 1):
        total += term
        term *= x / (2 * k + 1)
    return math.erfc(math.sqrt(x / 2)) + total


def fail(message):
    """Bad input: one line on stderr and exit code 2, as dq itself does."""
    print(f"analyze: {message}", file=sys.stderr)
    sys.exit(2)


def find_files(paths):
    """The Parquet files named, or found below the folders named (hidden files skipped)."""
    files = []
    for p in map(pathlib.Path, paths):
        if p.is_dir():
            found = sorted(f for f in p.rglob("*.parquet") if not any(part.startswith(".") for part in f.parts))
            if not found:
                fail(f"{p}: no .parquet files in this folder")
            files += found
        elif p.is_file():
            files.append(p)
        else:
            fail(f"{p}: no such file or folder")
    return [str(f) for f in files]


def check_no_game_twice(con, files):
    """Refuses files that hold the same games of the same run, naming the first pair found."""
    meta = {f: {} for f in files}
    for name, key, value in con.execute(
        "SELECT file_name, decode(key), decode(value) FROM parquet_kv_metadata(?)", [files]
    ).fetchall():
        meta[name][key] = value
    held = {}  # run identity -> [(first, end, file)]
    for f in files:
        m = meta[f]
        if "dq.schema_version" not in m:
            fail(f"{f}: not a dq results file (no dq.schema_version metadata)")
        if "dq.game_ranges" in m:
            ranges = [tuple(r) for r in json.loads(m["dq.game_ranges"])]
        elif "dq.first_game" in m and "dq.end_game" in m:
            ranges = [(int(m["dq.first_game"]), int(m["dq.end_game"]))]
        else:
            continue  # a file that does not say which games it holds cannot be checked
        run = tuple(m.get(k) for k in RUN_KEYS)
        held.setdefault(run, []).extend((a, b, f) for a, b in ranges if a < b)
    for spans in held.values():
        spans.sort()
        for (a1, b1, f1), (a2, b2, f2) in zip(spans, spans[1:]):
            if a2 < b1:
                fail(
                    f"{f1} and {f2} hold the same games [{a2}, {min(b1, b2)}) of one run "
                    "(shard parts beside their merged file?): read one or the other"
                )


# The columns read, with the DuckDB types a dq results file gives them.
COLUMN_TYPES = {"rules": "VARCHAR", "bot": "VARCHAR", "players": "UTINYINT", "hero": "VARCHAR", "survived": "BOOLEAN"}


def check_columns(con, files):
    """Refuses, by name, a file that cannot be read, lacks a column, holds one of another type,
    or has nulls where a results file has none (read as such they would count silently)."""
    for f in files:
        try:
            types = dict(con.execute("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet(?))", [f]).fetchall())
            for name, want in COLUMN_TYPES.items():
                if name not in types:
                    fail(f"{f}: column {name} is missing")
                if types[name] != want:
                    fail(f"{f}: column {name} holds {types[name]} values, a dq results file {want}")
            nulls = con.execute(
                "SELECT " + " + ".join(f"count(*) FILTER (WHERE {c} IS NULL)" for c in COLUMN_TYPES) + " FROM read_parquet(?)",
                [f],
            ).fetchone()[0]
        except duckdb.Error as e:
            fail(f"{f}: cannot read: {str(e).splitlines()[0]}")
        if nulls:
            fail(f"{f}: {nulls} nulls in columns {', '.join(COLUMN_TYPES)}, which a dq results file never has")


def survival(con, files):
    """Survival per hero x rules x bot x players: (rules, bot, players, hero, games, survived)."""
    return con.execute(
        """
        SELECT rules, bot, players, hero, count(*) AS games, count(*) FILTER (WHERE survived) AS survived
        FROM read_parquet(?, union_by_name = true, hive_partitioning = false)
        GROUP BY ALL
        ORDER BY rules, bot, players, hero
        """,
        [files],
    ).fetchall()


def pct(x):
    return f"{100 * x:.1f}%"


def print_survival(rows):
    print("survival by hero x rules x bot (95% Wilson intervals)")
    print(f"{'rules':<24} {'bot':<20} {'players':>7}  {'hero':<10} {'hero-games':>10} {'survived':>9}  survival [95% CI]")
    for rules, bot, players, hero, n, k in rows:
        lo, hi = wilson(k, n)
        print(f"{rules or 'standard':<24} {bot:<20} {players:>7}  {hero:<10} {n:>10} {k:>9}  {pct(k / n):>6} [{pct(lo)}, {pct(hi)}]")


def late_start(rows):
    """Does Late Start change some heroes' survival more? For each bot, player count and set of other rules
    played both with and without late-start: the change in each hero's survival, and Cochran's Q
    test of whether that change is the same for every hero."""
    cells = {}
    for rules, bot, players, hero, n, k in rows:
        names = [r for r in rules.split(",") if r]
        others = ",".join(r for r in names if r != "late-start")
        cells.setdefault((others, bot, players), {}).setdefault(hero, {})["late-start" in names] = (k, n)
    answered = False
    for (others, bot, players), heroes in sorted(cells.items()):
        both = {h: v for h, v in sorted(heroes.items()) if True in v and False in v}
        if len(both) < 2:
            continue
        answered = True
        print(f"Late Start, bot {bot}, {players} player(s), other rules: {others or 'standard'}")
        print(f"  {'hero':<10} {'without':>8} {'with':>8}  change in survival [95% CI]")
        effects = []
        for hero, v in both.items():
            (k0, n0), (k1, n1) = v[False], v[True]
            d = k1 / n1 - k0 / n0
            lo, hi = newcombe(k0, n0, k1, n1)
            var = (k0 / n0) * (1 - k0 / n0) / n0 + (k1 / n1) * (1 - k1 / n1) / n1
            effects.append((d, var, hero))
            print(f"  {hero:<10} {pct(k0 / n0):>8} {pct(k1 / n1):>8}  {100 * d:+5.1f} points [{100 * lo:+5.1f}, {100 * hi:+5.1f}]")
        # Cochran's Q: are the per-hero changes one common change plus noise?
        weights = [1 / max(v, 1e-12) for _, v, _ in effects]
        common = sum(w * d for w, (d, _, _) in zip(weights, effects)) / sum(weights)
        q = sum(w * (d - common) ** 2 for w, (d, _, _) in zip(weights, effects))
        p = chi2_sf(q, len(effects) - 1)
        low, high = min(effects), max(effects)
        spread = f"from {100 * low[0]:+.1f} points for {low[2]} to {100 * high[0]:+.1f} for {high[2]}"
        verdict = (
            f"yes: the change is not the same for every hero ({spread})"
            if p < 0.05
            else f"no difference between heroes detected at this sample size ({spread})"
        )
        direction = "raises" if common > 0 else "lowers" if common < 0 else "leaves"
        print(f"  Late Start {direction} survival by {100 * abs(common):.1f} points on average; "
              f"Cochran's Q = {q:.1f} on {len(effects) - 1} df, p = {p:.3g}")
        print(f"  does it change some heroes' survival more than others'? {verdict}")
    if not answered:
        fail("no hero was played both with and without late-start under the same bot and other rules")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+", metavar="RESULTS", help="a folder of dq Parquet files, or the files")
    ap.add_argument("--late-start", action="store_true", help="answer: does Late Start change some heroes' survival more?")
    args = ap.parse_args()
    files = find_files(args.paths)
    con = duckdb.connect()
    check_columns(con, files)
    check_no_game_twice(con, files)
    try:
        rows = survival(con, files)
    except duckdb.Error as e:
        fail(f"reading the results: {str(e).splitlines()[0]}")
    if args.late_start:
        late_start(rows)
    else:
        print_survival(rows)


if __name__ == "__main__":
    main()
