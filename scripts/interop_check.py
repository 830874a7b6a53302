#!/usr/bin/env python3
"""Interoperability check, run by .ci/run: dq's results files read in pyarrow and DuckDB with the
column types and metadata keys documented in docs/schema.md; shards merge into the unsharded run;
scripts/analyze.py answers on real files; and the Kubernetes manifests' commands, run locally one
process per index, produce parts that merge into the unsharded run.

    python3 scripts/interop_check.py --dq target/release/dq

Needs the packages of scripts/requirements.txt. Prints one line per check and a closing
"N passed, M failed" line; exits 1 if any check failed.
"""

import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import traceback

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The Arrow type names of docs/schema.md as pyarrow spells them.
PYARROW = {
    "UInt8": pa.uint8(),
    "UInt16": pa.uint16(),
    "UInt32": pa.uint32(),
    "UInt64": pa.uint64(),
    "Utf8": pa.string(),
    "Boolean": pa.bool_(),
}


def table(heading):
    """Body rows of the first Markdown table after `heading` in docs/schema.md."""
    text = (ROOT / "docs" / "schema.md").read_text()
    after = text.split(f"\n{heading}\n", 1)[1].splitlines()
    rows = []
    started = False
    for line in after:
        if line.startswith("|"):
            started = True
            rows.append([c.strip().strip("`") for c in line.strip().strip("|").split("|")])
        elif started:
            break
    return rows[2:]


COLUMNS = [(r[0], r[1], r[2] == "yes", r[3]) for r in table("## Columns")]
SCHEMA_VERSION = re.search(r"\(currently \*\*(\d+)\*\*\)", (ROOT / "docs" / "schema.md").read_text()).group(1)
GAME = "dungeonquest"
META = {r[0]: {k.strip() for k in r[2].split(",")} for r in table("## Metadata")}


def keys_in(*kinds):
    return {k for k, ks in META.items() if ks & set(kinds)}


def differ(got, want):
    """The entries where what a reader shows differs from the doc, for a short message."""
    if len(got) != len(want):
        return f"{len(got)} columns, the doc has {len(want)}"
    return "; ".join(f"{g} where the doc says {w}" for g, w in zip(got, want) if g != w)


def expect(cond, message):
    if not cond:
        raise AssertionError(message)


class Checker:
    def __init__(self, dq, work):
        self.dq, self.work = dq, pathlib.Path(work)
        self.passed, self.failed = 0, 0

    def run(self, *args, env=None):
        out = subprocess.run([self.dq, *args], capture_output=True, text=True, env=env)
        expect(out.returncode == 0, f"dq {' '.join(args)} failed: {out.stderr.strip()}")
        return out.stdout

    def check(self, name, fn):
        try:
            fn()
            self.passed += 1
            print(f"ok   {name}")
        except Exception:  # report every failing check, not just the first
            self.failed += 1
            print(f"FAIL {name}\n{traceback.format_exc()}")

    def files(self):
        """A 2-hero run whole and in 3 shards played by separate processes, and their merge."""
        w = self.work
        table = ["--games", "5000", "--heroes", "2", "--bots", "greedy,random", "--seed", "11", "--quiet"]
        (w / "parts").mkdir()
        procs = [
            subprocess.Popen(
                [self.dq, "run", *table, "--shard", f"{i}/3", "--out", str(w / "parts" / f"part-{i}.parquet")],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for i in range(3)
        ]
        self.run("run", *table, "--out", str(w / "full.parquet"))
        for p in procs:
            expect(p.wait() == 0, f"a shard failed: {p.stderr.read().decode()}")
        self.run("merge", str(w / "parts"), "--out", str(w / "merged.parquet"))

    def pyarrow_reads_the_documented_schema(self):
        for name, kinds in [("full.parquet", ["run"]), ("merged.parquet", ["merge"])]:
            path = self.work / name
            schema = pq.read_schema(path)
            got = [(f.name, f.type, f.nullable) for f in schema]
            want = [(n, PYARROW[t], null) for n, t, null, _ in COLUMNS]
            expect(got == want, f"{name}: pyarrow reads {differ(got, want)}")
            meta = {k.decode(): v.decode() for k, v in (pq.read_metadata(path).metadata or {}).items()}
            dq_keys = {k for k in meta if k.startswith("dq.")}
            expect(dq_keys == keys_in(*kinds), f"{name}: keys {sorted(dq_keys ^ keys_in(*kinds))} differ from the doc")
            version = meta["dq.schema_version"]
            expect(version == SCHEMA_VERSION, f"{name}: schema version {version}, the doc's {SCHEMA_VERSION}")
            expect(meta["dq.game"] == GAME, f"{name}: dq.game {meta['dq.game']}")
            t = pq.read_table(path)
            expect(t.num_rows == 10000, f"{name}: {t.num_rows} rows")
            games = set(t.column("game").to_pylist())
            expect(games == {GAME}, f"{name}: game column {games}")
            seeds = set(t.column("seed").to_pylist())
            expect(seeds == {int(meta["dq.master_seed"])}, f"{name}: seeds {seeds}")
            idx = t.column("game_index").to_pylist()
            expect(idx == sorted(idx) and idx[0] == 0 and idx[-1] == 4999, f"{name}: game_index not 0..4999 in order")
            for row in t.slice(0, 200).to_pylist():
                expect(row["survived"] == (row["death_cause"] is None), f"{name}: survived and death_cause disagree")

    def merged_rows_equal_the_unsharded_run(self):
        full, merged = pq.read_table(self.work / "full.parquet"), pq.read_table(self.work / "merged.parquet")
        expect(full.equals(merged), "the merged table differs from the unsharded run's")
        meta = {k.decode(): v.decode() for k, v in pq.read_metadata(self.work / "merged.parquet").metadata.items()}
        expect(meta["dq.shard"] == "0/1" and meta["dq.end_game"] == "5000", f"merged shard {meta['dq.shard']}")

    def duckdb_reads_the_documented_types(self):
        con = duckdb.connect()
        path = str(self.work / "full.parquet")
        got = [(r[0], r[1]) for r in con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [path]).fetchall()]
        want = [(n, duck) for n, _, _, duck in COLUMNS]
        expect(got == want, f"DuckDB reads {differ(got, want)}")
        keys = {
            r[0]
            for r in con.execute("SELECT decode(key) FROM parquet_kv_metadata(?)", [path]).fetchall()
            if r[0].startswith("dq.")
        }
        expect(keys == keys_in("run"), f"DuckDB metadata keys differ from the doc: {sorted(keys ^ keys_in('run'))}")
        codecs = {r[0] for r in con.execute("SELECT DISTINCT compression FROM parquet_metadata(?)", [path]).fetchall()}
        expect(codecs == {"ZSTD"}, f"compression {codecs}")
        # Both readers agree on the figures.
        survived, gold, nulls = con.execute(
            "SELECT count(*) FILTER (WHERE survived), sum(gold), count(*) FILTER (WHERE death_cause IS NULL) "
            "FROM read_parquet(?)",
            [path],
        ).fetchone()
        t = pq.read_table(path)
        expect(survived == sum(t.column("survived").to_pylist()), "survivor counts differ between readers")
        expect(gold == sum(t.column("gold").to_pylist()), "gold sums differ between readers")
        expect(nulls == survived, "null death causes are not the survivors")

    def analyze_script_answers(self):
        runs = self.work / "runs"
        runs.mkdir()
        base = ["--games", "6000", "--seed", "5", "--quiet"]
        self.run("run", *base, "--out", str(runs / "base.parquet"))
        self.run("run", *base, "--rule", "late-start", "--out", str(runs / "late.parquet"))
        script = str(ROOT / "scripts" / "analyze.py")
        out = subprocess.run([sys.executable, script, str(runs)], capture_output=True, text=True)
        expect(out.returncode == 0, f"analyze.py failed: {out.stderr}")
        lines = out.stdout.splitlines()
        expect(lines[0].startswith("survival by hero x rules x bot"), out.stdout)
        body = [line.split() for line in lines[2:]]
        expect(len(body) == 12, f"expected 6 heroes x 2 rule sets:\n{out.stdout}")
        expect(sum(int(r[4]) for r in body) == 12000, "hero-games do not add up to the two runs")
        con = duckdb.connect()
        k = con.execute("SELECT count(*) FILTER (WHERE survived) FROM read_parquet(?)", [str(runs / "base.parquet")])
        expect(sum(int(r[5]) for r in body if r[0] == "standard") == k.fetchone()[0], "survivors differ from the file")
        out = subprocess.run([sys.executable, script, str(runs), "--late-start"], capture_output=True, text=True)
        expect(out.returncode == 0, f"analyze.py --late-start failed: {out.stderr}")
        expect("does it change some heroes' survival more than others'? " in out.stdout, out.stdout)
        # The direction follows the sign of the common change.
        common = [line for line in out.stdout.splitlines() if line.strip().startswith("Late Start ")]
        expect(len(common) == 1 and (" raises " in common[0] or " lowers " in common[0]), out.stdout)
        expect(len([line for line in out.stdout.splitlines() if "points [" in line]) == 6, out.stdout)
        # A truncated file and a file with a retyped column: one line, exit 2, the file named.
        bad = self.work / "bad"
        bad.mkdir()
        data = (runs / "base.parquet").read_bytes()
        (bad / "cut.parquet").write_bytes(data[: len(data) // 2])
        out = subprocess.run([sys.executable, script, str(bad)], capture_output=True, text=True)
        expect(out.returncode == 2 and len(out.stderr.splitlines()) == 1 and "cut.parquet" in out.stderr,
               f"truncated file: {out.returncode}: {out.stderr}")
        (bad / "cut.parquet").unlink()
        t = pq.read_table(runs / "base.parquet")
        i = t.schema.get_field_index("survived")
        retyped = t.set_column(i, "survived", pa.array([str(v) for v in t.column("survived").to_pylist()]))
        pq.write_table(retyped, bad / "retyped.parquet")
        out = subprocess.run([sys.executable, script, str(bad)], capture_output=True, text=True)
        expect(out.returncode == 2 and "retyped.parquet: column survived holds VARCHAR" in out.stderr,
               f"retyped file: {out.returncode}: {out.stderr}")
        (bad / "retyped.parquet").unlink()
        bad.rmdir()
        # Parts beside their merged file would count games twice: refused.
        out = subprocess.run([sys.executable, script, str(self.work)], capture_output=True, text=True)
        expect(out.returncode == 2 and "hold the same games" in out.stderr, f"{out.returncode}: {out.stderr}")

    def k8s_indexed_job_commands_work(self):
        docs = {}
        for f in sorted((ROOT / "scripts" / "k8s").glob("*.yaml")):
            for d in yaml.safe_load_all(f.read_text()):
                docs[(d["kind"], d["metadata"]["name"])] = d
        shards, merge = docs[("Job", "dq-shards")], docs[("Job", "dq-merge")]
        spec = shards["spec"]
        expect(spec["completionMode"] == "Indexed", "the shard Job is not an Indexed Job")
        (container,) = spec["template"]["spec"]["containers"]
        env = {e["name"]: e["value"] for e in container["env"]}
        n = spec["completions"]
        expect(int(env["DQ_SHARDS"]) == n, f"DQ_SHARDS {env['DQ_SHARDS']} != completions {n}")
        claims = {v["persistentVolumeClaim"]["claimName"] for v in spec["template"]["spec"]["volumes"]}
        expect(("PersistentVolumeClaim", claims.pop()) in docs, "the shard Job's volume claim is not defined")
        # Run each index's command as the pod would (one process per index), on a small run.
        out = self.work / "k8s"
        out.mkdir()
        path = f"{pathlib.Path(self.dq).resolve().parent}{os.pathsep}{os.environ['PATH']}"
        small = "--games 3000 --heroes 3 --seed 21"
        base = {**os.environ, **env, "PATH": path, "DQ_RESULTS": str(out), "DQ_RUN_ARGS": small}
        procs = [
            subprocess.Popen(
                container["command"] + container["args"],
                env={**base, "JOB_COMPLETION_INDEX": str(i)},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for i in range(n)
        ]
        for p in procs:
            expect(p.wait() == 0, f"a shard pod's command failed: {p.stderr.read().decode()}")
        parts = sorted(p.name for p in (out / "parts").iterdir())
        expect(parts == [f"part-{i:05d}.parquet" for i in range(n)], f"parts {parts}")
        (mc,) = merge["spec"]["template"]["spec"]["containers"]
        menv = {**os.environ, **{e["name"]: e["value"] for e in mc["env"]}, "PATH": path, "DQ_RESULTS": str(out)}
        done = subprocess.run(mc["command"] + mc["args"], env=menv, capture_output=True, text=True)
        expect(done.returncode == 0, f"the merge pod's command failed: {done.stderr}")
        self.run("run", *small.split(), "--quiet", "--out", str(self.work / "k8s-full.parquet"))
        expect(
            pq.read_table(out / "results.parquet").equals(pq.read_table(self.work / "k8s-full.parquet")),
            "the k8s parts do not merge into the unsharded run",
        )

    def sweep_reads_as_one_dataset(self):
        grid = self.work / "grid.toml"
        grid.write_text('games = 200\nseed = 3\nrules = ["standard", "late-start"]\nbots = ["greedy", "cautious"]\n')
        out = self.work / "sweep"
        said = json.loads(self.run("sweep", "--config", str(grid), "--out", str(out), "--quiet", "--json"))
        expect([c["games"] for c in said["cells"]] == [200] * 4, f"sweep --json: {said}")
        rows = 4 * 200
        t = ds.dataset(out, format="parquet", partitioning="hive").to_table()
        expect(t.num_rows == rows and t.schema.names == pq.read_schema(next(out.rglob("*.parquet"))).names,
               f"pyarrow.dataset(hive): {t.num_rows} rows, columns {t.schema.names}")
        expect(sorted(set(t.column("rules").to_pylist())) == ["", "late-start"], "rules column")
        df = pd.read_parquet(out)
        expect(len(df) == rows, f"pandas.read_parquet: {len(df)} rows")
        n = duckdb.connect().execute(f"SELECT count(*) FROM read_parquet('{out}/**/*.parquet', hive_partitioning = true)").fetchone()[0]
        expect(n == rows, f"DuckDB hive reading: {n} rows")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dq", required=True, help="the dq binary to test")
    args = ap.parse_args()
    print(f"interop: pyarrow {pa.__version__}, duckdb {duckdb.__version__}, dq {args.dq}")
    with tempfile.TemporaryDirectory(prefix="dq-interop-") as work:
        c = Checker(os.path.abspath(args.dq), work)
        c.files()
        c.check("pyarrow reads the documented columns and metadata", c.pyarrow_reads_the_documented_schema)
        c.check("merged shards equal the unsharded run", c.merged_rows_equal_the_unsharded_run)
        c.check("DuckDB reads the documented types and metadata", c.duckdb_reads_the_documented_types)
        c.check("scripts/analyze.py answers on real files", c.analyze_script_answers)
        c.check("the Kubernetes Indexed Job's commands shard and merge", c.k8s_indexed_job_commands_work)
        c.check("a sweep folder reads as one dataset (pyarrow, pandas, DuckDB)", c.sweep_reads_as_one_dataset)
    print(f"interop: {c.passed} passed, {c.failed} failed")
    sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
