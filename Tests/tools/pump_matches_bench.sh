#!/bin/sh
# The standard workload written as an evemu recording (bench/workload_evemu.py) and read back by
# libgesturekit-pump gives the engine the same touches the benchmark feeds directly: the same
# touch events, frames, actions and deliveries.
#   pump_matches_bench.sh PYTHON WORKLOAD BENCH PUMP_BENCH WORK_DIR
set -u
python=$1; workload=$2; bench=$3; pump=$4; work=$5
mkdir -p "$work"
"$python" "$(dirname "$0")/../../bench/workload_evemu.py" "$workload" -o "$work/workload.events" 2>/dev/null ||
  { echo "FAIL: workload_evemu.py"; exit 1; }
direct=$("$bench" "$workload" --once | sed -n 's/^one run: \([0-9]*\) touch events, \([0-9]*\) frames; actions \([0-9]*\), deliveries \([0-9]*\)$/\1 \2 \3 \4/p')
pumped=$("$pump" "$work/workload.events" --runs 1 |
         sed -n 's/.*(\([0-9]*\) events, \([0-9]*\) frames, \([0-9]*\) actions, \([0-9]*\) deliveries.*/\1 \2 \3 \4/p')
echo "direct: $direct (events, frames, actions, deliveries)"
echo "pumped: $pumped"
[ -n "$direct" ] && [ "$direct" = "$pumped" ] || { echo "FAIL: the pumped recording gave other figures"; exit 1; }
echo "the recording read by the pump gives what the workload fed directly gives"
