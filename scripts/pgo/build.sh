#!/usr/bin/env bash
# Builds `dq` with profile-guided optimisation (PGO): an instrumented build plays a training
# set of runs, LLVM merges the counts, and a second build lays out and inlines the hot code
# (engine, bots, the runner) by them. Results are the same as the plain release build's,
# bit for bit (the same source and rules; only code layout and inlining change); the
# games/s are higher. See README "Measure performance" for the figures.
#
# Usage: scripts/pgo/build.sh            -> target/pgo/release/dq
# Needs an llvm-profdata that reads this rustc's profiles: $LLVM_PROFDATA, else rustup's
# llvm-tools component (`rustup component add llvm-tools`), else llvm-profdata-NN or
# llvm-profdata on PATH (Debian: `apt install llvm-19`, which reads rustc 1.95's LLVM 22
# profiles). The dependencies are compiled once without profiles (a full release build,
# ~10-25 minutes the first time); each later run recompiles only the three hot crates.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
fail() { echo "pgo: $*" >&2; exit 2; }

# --- llvm-profdata --------------------------------------------------------------------------
find_profdata() {
  if [ -n "${LLVM_PROFDATA:-}" ]; then
    [ -x "$LLVM_PROFDATA" ] || fail "LLVM_PROFDATA=$LLVM_PROFDATA is not an executable"
    echo "$LLVM_PROFDATA"; return
  fi
  local sysroot host tool
  sysroot=$(rustc --print sysroot)
  host=$(rustc -vV | sed -n 's/^host: //p')
  tool="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
  if [ -x "$tool" ]; then echo "$tool"; return; fi
  # Versioned names, newest first, then the plain one.
  for tool in $(compgen -c llvm-profdata- | sort -t- -k3 -n -r | uniq) llvm-profdata; do
    if command -v "$tool" >/dev/null 2>&1; then command -v "$tool"; return; fi
  done
  fail "no llvm-profdata found: set LLVM_PROFDATA, or run 'rustup component add llvm-tools', or install LLVM >= 19"
}
profdata=$(find_profdata)
rust_llvm=$(rustc -vV | sed -n 's/^LLVM version: //p')
tool_llvm=$("$profdata" --version 2>&1 | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p' | head -n 1)
echo "pgo: llvm-profdata of LLVM ${tool_llvm:-unknown} ($profdata), rustc's LLVM $rust_llvm" >&2

# --- where --------------------------------------------------------------------------------
export CARGO_TARGET_DIR="$root/target/pgo"
data="$CARGO_TARGET_DIR/pgo-data"
export RUSTC_WRAPPER="$root/scripts/pgo/rustc-wrapper.sh"
# The wrapper's flags are not part of cargo's fingerprints: the hot crates are cleaned before
# each phase so that each is compiled with its phase's flags. DQ_BUILD names the build in
# `dq bench` (sim/build.rs).
hot=(-p dq-engine -p dq-bots -p dq-sim)

# --- phase 1: instrumented build and training runs -----------------------------------------
rm -rf "$data"
mkdir -p "$data/runs"
cargo clean --release "${hot[@]}" >/dev/null 2>&1 || true
DQ_BUILD=pgo-instrumented DQ_PGO_RUSTFLAGS="-Cprofile-generate=$data" cargo build --release -p dq-sim
# The instrumented binary is moved out of the way: target/pgo/release/dq is only ever the
# finished build (or absent, if the script stopped before it).
dq="$data/dq-instrumented"
mv "$CARGO_TARGET_DIR/release/dq" "$dq"
# The training set: what users run most (solo and four heroes, every bot, both editions,
# common rules, Parquet written), a few seconds in all. The counts only steer layout and
# inlining, so a set that misses a case costs speed there, never correctness.
train() { "$dq" run --quiet --seed 1 --out "$data/runs/$1.parquet" "${@:2}" >/dev/null; }
echo "pgo: training runs" >&2
train solo --games 200000
train four --games 30000 --heroes 4
train cautious --games 50000 --bot cautious
train random --games 100000 --bot random
train mixed --games 20000 --heroes 2 --bots mixed,greedy --rule late-start,torchlight
train third --games 50000 --edition third
train third4 --games 10000 --edition third --heroes 4 --rule hero-vs-hero
"$profdata" merge -o "$data/dq.profdata" "$data"/*.profraw \
  || fail "$profdata could not merge rustc's profiles (rustc uses LLVM $rust_llvm): use a newer llvm-profdata (LLVM_PROFDATA=...)"

# --- phase 2: the optimised build ----------------------------------------------------------
cargo clean --release "${hot[@]}" >/dev/null 2>&1 || true
DQ_BUILD=pgo DQ_PGO_RUSTFLAGS="-Cprofile-use=$data/dq.profdata" cargo build --release -p dq-sim
rm -rf "$data/runs" "$data"/*.profraw "$dq"
echo "pgo: built $CARGO_TARGET_DIR/release/dq" >&2
