#!/usr/bin/env bash
# rustc wrapper for scripts/pgo/build.sh: adds $DQ_PGO_RUSTFLAGS to the compiles of the
# workspace's hot crates only (engine, bots, the dq runner), so the dependencies (arrow,
# parquet, polars) are compiled once, exactly as in a plain release build, and both PGO
# phases reuse them. Cargo calls it as `rustc-wrapper.sh RUSTC ARGS...`.
set -euo pipefail
rustc=$1
shift
case " $* " in
  *" --crate-name dq_engine "* | *" --crate-name dq_bots "* | *" --crate-name dq_sim "* | *" --crate-name dq "*)
    # Word splitting is wanted: the flags are a space-separated list (paths without spaces).
    # shellcheck disable=SC2086
    exec "$rustc" "$@" ${DQ_PGO_RUSTFLAGS:-}
    ;;
  *)
    exec "$rustc" "$@"
    ;;
esac
