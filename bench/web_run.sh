#!/usr/bin/env bash
# The WebAssembly build's cost against the native library's, in the same run (docs/PERFORMANCE.md,
# "In the browser"): the native bench, then the WebAssembly build raw and through gesturekit.js
# under Node, three rounds interleaved, on the 10,000-sequence standard workload.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target gesturekit bench gesturekit_web
python3 bench/workload.py --sequences 10000 --seed 0x5EED0001 -o build/workload.txt
for round in 1 2 3; do
  echo "== round $round"
  build/bench build/workload.txt --runs 5 | grep -E "ns per touch event|floor"
  node bench/web_bench.mjs build/web build/workload.txt 5 | grep -E "ns per touch event|workload"
done
