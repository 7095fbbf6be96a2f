#!/usr/bin/env bash
# Runs the whole benchmark: the standard workload through the C ABI (5 runs, median), the scaling
# table, and the Python binding's cost per event. Numbers go to stdout; docs/PERFORMANCE.md says
# how to read them. Needs ../shared/bench/gen_workload.py (the standard workload's generator).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
GEN="${GESTUREKIT_WORKLOAD_GENERATOR:-../shared/bench/gen_workload.py}"
[ -f "$GEN" ] || { echo "run.sh: $GEN not found (set GESTUREKIT_WORKLOAD_GENERATOR)" >&2; exit 1; }
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target gesturekit bench
python3 "$GEN" --sequences 10000 --seed 0x5EED0001 -o build/workload.txt
cp build/libgesturekit.so.0 build/libgesturekit.stripped.so
strip --strip-unneeded build/libgesturekit.stripped.so
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "== workload through the C ABI"
build/bench build/workload.txt --runs "${RUNS:-5}" --so build/libgesturekit.stripped.so
echo "== instructions per touch event inside gk_* (callgrind, 1000-sequence workload; stable across runs)"
python3 "$GEN" --sequences 1000 --seed 0x5EED0001 -o build/workload1000.txt
valgrind --tool=callgrind --toggle-collect='gk_*' --callgrind-out-file=build/callgrind.bench \
  build/bench build/workload1000.txt --runs 1 >/dev/null 2>build/callgrind.log
events=$(grep -m1 -o 'events [0-9]*' build/workload1000.txt | grep -o '[0-9]*$')
collected=$(grep -o 'Collected : [0-9]*' build/callgrind.log | grep -o '[0-9]*$')
echo "instructions: $collected over $events events = $((collected / events)) per touch event"
echo "== scaling"
build/bench --scaling
echo "== Python binding"
GESTUREKIT_LIBRARY=build/libgesturekit.so.0 PYTHONPATH=bindings/python python3 bench/python_bench.py build/workload.txt
