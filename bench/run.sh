#!/usr/bin/env bash
# Runs the whole benchmark: the standard workload through the C ABI (5 runs, median), its instruction
# count (in total and by kind of frame), the scaling table, and the Python binding's cost per
# event, feeding frames itself and letting libgesturekit-pump read the workload as a recording. Numbers go to stdout; docs/PERFORMANCE.md says how to read them. The workload comes from
# bench/workload.py (the same bytes as the reference generator in ../shared/bench).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
GEN="${GESTUREKIT_WORKLOAD_GENERATOR:-bench/workload.py}"
[ -f "$GEN" ] || { echo "run.sh: $GEN not found (set GESTUREKIT_WORKLOAD_GENERATOR)" >&2; exit 1; }
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target gesturekit gesturekit_pump bench pump_bench
python3 "$GEN" --sequences 10000 --seed 0x5EED0001 -o build/workload.txt
cp build/libgesturekit.so.0 build/libgesturekit.stripped.so
strip --strip-unneeded build/libgesturekit.stripped.so
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "== workload through the C ABI"
build/bench build/workload.txt --runs "${RUNS:-5}" --so build/libgesturekit.stripped.so
echo "== the same with every input filter on (a panel profile, 1-euro jitter)"
build/bench build/workload.txt --runs "${RUNS:-5}" --config filters
echo "== instructions per touch event inside gk_* (callgrind, 1000-sequence workload; stable across runs)"
python3 "$GEN" --sequences 1000 --seed 0x5EED0001 -o build/workload1000.txt
events=$(grep -m1 -o 'events [0-9]*' build/workload1000.txt | grep -o '[0-9]*$')
# default: metrics on, filters off (the library's defaults); bare: metrics off; filters: metrics
# on with a panel profile and every input filter on (bench.c's configure()). `--once` feeds the
# workload exactly once: the timing mode feeds it once more for the latencies, so counting it
# with `--runs 1` (as the figures up to 7,263 did) counts every event twice.
for config in default bare filters; do
  valgrind --tool=callgrind --toggle-collect='gk_*' --callgrind-out-file="build/callgrind.$config" \
    build/bench build/workload1000.txt --once --config "$config" >/dev/null 2>"build/callgrind.$config.log"
  collected=$(grep -o 'Collected : [0-9]*' "build/callgrind.$config.log" | grep -o '[0-9]*$')
  echo "instructions ($config): $collected over $events events = $((collected / events)) per touch event"
done
# The same count split by kind of frame (default config): callgrind's instrumentation is on only
# around the frames of one kind (bench.c's --frames), so each figure is that kind's own cost.
for kind in moved1 moved2 downup; do
  valgrind --tool=callgrind --instr-atstart=no --toggle-collect='gk_*' --callgrind-out-file="build/callgrind.$kind" \
    build/bench build/workload1000.txt --once --frames "$kind" >"build/frames.$kind.txt" 2>"build/callgrind.$kind.log"
  collected=$(grep -o 'Collected : [0-9]*' "build/callgrind.$kind.log" | grep -o '[0-9]*$')
  read -r nframes nevents < <(sed -n 's/^instrumented: \([0-9]*\) frames, \([0-9]*\) touch events$/\1 \2/p' "build/frames.$kind.txt")
  echo "instructions ($kind frames): $collected over $nframes frames ($nevents touch events) = $((collected / nframes)) per frame, $((collected / nevents)) per touch event"
done
echo "== scaling"
build/bench --scaling
echo "== hosts that let libgesturekit-pump read the workload (as an evemu recording)"
python3 bench/workload_evemu.py build/workload.txt --events 60000 -o build/workload60000.events
build/pump_bench build/workload60000.events
echo "== Python binding"
GESTUREKIT_LIBRARY=build/libgesturekit.so.0 PYTHONPATH=bindings/python python3 bench/python_bench.py build/workload.txt \
  --pump build/workload60000.events
# Python wall times vary with the machine's load; the interpreter's instructions do not. Counted
# under callgrind over 2,000 and 6,000 events, and the difference divided by 4,000: what one more
# touch event costs, without the start-up and the warm-up.
PY=$(python3 -c 'import sys; print(sys.executable)')
# The benchmark's own parsing of the workload's lines is counted apart and taken out: it is not
# what a host pays (it has its touches already).
for n in 2000 6000; do
  GESTUREKIT_LIBRARY=build/libgesturekit.so.0 PYTHONPATH=bindings/python valgrind --tool=callgrind \
    --callgrind-out-file="build/callgrind.python.parse.$n" "$PY" bench/python_bench.py build/workload.txt \
    --events "$n" --parse-only >/dev/null 2>"build/callgrind.python.parse.$n.log"
done
parse_low=$(grep -o 'Collected : [0-9]*' build/callgrind.python.parse.2000.log | grep -o '[0-9]*$')
parse_high=$(grep -o 'Collected : [0-9]*' build/callgrind.python.parse.6000.log | grep -o '[0-9]*$')
parse=$(((parse_high - parse_low) / 4000))
echo "python: parsing the workload's lines costs $parse interpreter instructions per touch event (taken out below)"
for batch in 0 1000; do
  for n in 2000 6000; do
    GESTUREKIT_LIBRARY=build/libgesturekit.so.0 PYTHONPATH=bindings/python valgrind --tool=callgrind \
      --callgrind-out-file="build/callgrind.python.$batch.$n" "$PY" bench/python_bench.py build/workload.txt \
      --events "$n" --once "$batch" >/dev/null 2>"build/callgrind.python.$batch.$n.log"
  done
  low=$(grep -o 'Collected : [0-9]*' "build/callgrind.python.$batch.2000.log" | grep -o '[0-9]*$')
  high=$(grep -o 'Collected : [0-9]*' "build/callgrind.python.$batch.6000.log" | grep -o '[0-9]*$')
  label=$([ "$batch" = 0 ] && echo "feed() per frame" || echo "feed_batch() of $batch frames")
  echo "python $label: $(((high - low) / 4000 - parse)) interpreter instructions per touch event (callgrind; $(((high - low) / 4000)) with the parsing)"
done
# The pumped hosts the same way (S = 0: Action and Delivery objects, 1: deliveries discarded,
# 2: ActionRecords), over recordings of 2,000 and 6,000 events. Reading a recording (its parse, when
# it is opened) is not timed, so its instructions are taken out: gk_recording_load's, inclusive.
for n in 2000 6000; do
  python3 bench/workload_evemu.py build/workload.txt --events "$n" -o "build/workload$n.events" 2>/dev/null
done
# (awk reads to the end: leaving early would stop callgrind_annotate with SIGPIPE, which pipefail
# turns into a failure.)
loaded() { callgrind_annotate --inclusive=yes "$1" 2>/dev/null | awk '/gk_recording_load/ && !n++ {gsub(",", "", $1); print $1}'; }
for style in 0 1 2; do
  for n in 2000 6000; do
    GESTUREKIT_LIBRARY=build/libgesturekit.so.0 PYTHONPATH=bindings/python valgrind --tool=callgrind \
      --callgrind-out-file="build/callgrind.pump.$style.$n" "$PY" bench/python_bench.py build/workload.txt --events 10 \
      --pump "build/workload$n.events" --once "$style" >/dev/null 2>"build/callgrind.pump.$style.$n.log"
  done
  low=$(grep -o 'Collected : [0-9]*' "build/callgrind.pump.$style.2000.log" | grep -o '[0-9]*$')
  high=$(grep -o 'Collected : [0-9]*' "build/callgrind.pump.$style.6000.log" | grep -o '[0-9]*$')
  low=$((low - $(loaded "build/callgrind.pump.$style.2000"))); high=$((high - $(loaded "build/callgrind.pump.$style.6000")))
  label=$(case $style in 0) echo "objects";; 1) echo "objects, deliveries discarded";; 2) echo "records, deliveries discarded";; esac)
  echo "python pumped ($label): $(((high - low) / 4000)) instructions per touch event, C included (callgrind)"
done
