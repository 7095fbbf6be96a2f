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
echo "== scaling"
build/bench --scaling
echo "== Python binding"
GESTUREKIT_LIBRARY=build/libgesturekit.so.0 PYTHONPATH=bindings/python python3 bench/python_bench.py build/workload.txt
