#!/bin/bash
# Submits a sharded dq run to Slurm: an array of N tasks (dq-shards.sbatch), then the merge
# (dq-merge.sbatch), which starts only once every task has succeeded.
#
#   scripts/slurm/submit.sh N OUT [dq run options]
#   scripts/slurm/submit.sh 16 /scratch/dq/late-start --games 100000000 --heroes 4 --rule late-start
#
# Extra sbatch options (partition, account, ...) go in SBATCH_OPTS, e.g.
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
mkdir -p "$out"
# shellcheck disable=SC2086 # SBATCH_OPTS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTS:-} --array="0-$((shards - 1))" --export="ALL,DQ_SHARDS=$shards" \
    --output="$out/dq-shards-%A_%a.log" "$here/dq-shards.sbatch" "$out" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --dependency="afterok:$array" --output="$out/dq-merge-%j.log" \
    "$here/dq-merge.sbatch" "$out")
echo "shards: job $array ($shards tasks), merge: job ${merge%%;*} -> $out/results.parquet"
