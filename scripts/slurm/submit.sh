#!/bin/bash
# Submits a sharded dq run to Slurm: an array of N tasks (dq-shards.sbatch), then the merge
# (dq-merge.sbatch), which runs once every task has ended and names any shard that failed.
#
#   scripts/slurm/submit.sh N OUT [dq run options]
#   scripts/slurm/submit.sh 16 /scratch/dq/late-start --games 100000000 --heroes 4 --rule late-start
#
# OUT and the dq binary ($DQ, else dq on PATH) must be on a filesystem every node sees. Logs go
# to OUT. CPUs per task: DQ_CPUS, else the smallest node's CPU count (sinfo), else 1. Extra
# sbatch options (partition, account, ...) go in SBATCH_OPTS, e.g.
# SBATCH_OPTS="--partition=cpu --account=games". Prints the two job ids.
set -euo pipefail

if [ $# -lt 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: submit.sh N OUT [dq run options]   (N: number of shards, at least 1)" >&2
    exit 2
fi
shards=$1
out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
dq=${DQ:-dq}

# One dry run first: a wrong option or a missing binary fails here, not in N queued tasks.
if ! check=$("$dq" run "$@" --shard "0/$shards" --dry-run 2>&1); then
    echo "submit.sh: the dq run options were refused: ${check#dq: }" >&2
    exit 2
fi

cpus=${DQ_CPUS:-}
if [ -z "$cpus" ]; then
    cpus=$(sinfo -h -o '%c' 2>/dev/null | tr -dc '0-9\n' | sort -n | head -n 1 || true)
fi
cpus=${cpus:-1}
if ! [[ $cpus =~ ^[1-9][0-9]*$ ]]; then
    echo "submit.sh: DQ_CPUS must be a whole number of CPUs, at least 1 (got '$cpus')" >&2
    exit 2
fi

made=
if [ ! -e "$out" ]; then
    made=1
fi
mkdir -p "$out/parts"
# The split, so a rerun with another number of shards is refused before it replaces a part.
printf '%s\n' "$shards" > "$out/parts/SHARDS"
undo() {
    if [ -n "$made" ]; then
        rm -f "$out/parts/SHARDS"
        rmdir "$out/parts" "$out" 2>/dev/null || true
    fi
}
# shellcheck disable=SC2086 # SBATCH_OPTS is a list of options
if ! array=$(sbatch --parsable ${SBATCH_OPTS:-} --array="0-$((shards - 1))" --cpus-per-task="$cpus" \
    --export="ALL,DQ_SHARDS=$shards" --output="$out/dq-shards-%A_%a.log" "$here/dq-shards.sbatch" "$out" "$@"); then
    undo
    echo "submit.sh: sbatch refused the array (see above); nothing was queued" >&2
    exit 1
fi
array=${array%%;*}
# afterany: the merge runs even if a task failed or was cancelled, and then names the missing
# shards in its log (afterok would leave it pending forever).
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --dependency="afterany:$array" --output="$out/dq-merge-%j.log" \
    "$here/dq-merge.sbatch" "$out")
echo "shards: job $array ($shards tasks, $cpus CPUs each), merge: job ${merge%%;*} -> $out/results.parquet"
