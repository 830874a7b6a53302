#!/usr/bin/env python3
"""Checks that `cargo build --release -p dq-sim` (the README's first command) builds every
dependency with the features the whole workspace's test build gives it, so the README's test
command reuses those builds instead of compiling them again (cargo builds a crate once per
feature set). Prints each crate whose features differ and exits 1 if any does.

Fix a mismatch by asking for the missing features in sim/Cargo.toml's feature-unification
section. Run from the repository root: python3 scripts/feature_unity.py
"""
import subprocess
import sys


def features(args):
    out = subprocess.run(
        ["cargo", "tree", "--quiet", "--prefix", "none", "-f", "{p} {f}", *args],
        check=True, capture_output=True, text=True,
    ).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split(" ")
        if len(parts) < 2:
            continue
        # "name vX.Y.Z [(path)] features" with "(*)" marking a repeat.
        rest = [p for p in parts[2:] if p != "(*)" and not p.startswith("(")]
        found.setdefault(f"{parts[0]} {parts[1]}", set()).add(" ".join(rest))
    return found


def main():
    first = features(["-p", "dq-sim", "-e", "normal,build"])
    tests = features(["--workspace", "-e", "normal,build,dev"])
    # A crate may be built twice (for the build machine and the target); every build dq-sim
    # makes must be one the test build makes too.
    differ = sorted(k for k in first if k in tests and not first[k] <= tests[k])
    for k in differ:
        print(f"{k}: dq-sim alone {sorted(first[k])}, workspace tests {sorted(tests[k])}")
    if differ:
        print(f"{len(differ)} crate(s) would be compiled again by the test command", file=sys.stderr)
        return 1
    print(f"the {len(first)} crates dq-sim builds keep their features in the workspace's test build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
