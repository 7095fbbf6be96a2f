#!/bin/sh
# The WebAssembly build's output, through gesturekit.js under Node, against the native library's,
# on the smoke workload and on a 1000-sequence workload made here: the two digest lines (every
# action, delivery and transition, hashed in order; bench/bench.c --digest) must be equal.
# Usage: same_as_native.sh NODE PYTHON GENERATOR BENCH WEB_DIR SMOKE_WORKLOAD SCRATCH_DIR
set -eu
node=$1 python=$2 generator=$3 bench=$4 web=$5 smoke=$6 scratch=$7
mkdir -p "$scratch"
"$python" "$generator" --sequences 1000 --seed 0x5EED0001 -o "$scratch/workload1000.txt"
status=0
for w in "$smoke" "$scratch/workload1000.txt"; do
    native=$("$bench" "$w" --digest)
    wasm=$("$node" "$(dirname "$0")/digest.mjs" "$web" "$w")
    echo "native: $native"
    echo "wasm:   $wasm"
    [ "$native" = "$wasm" ] || { echo "DIFFERENT on $w"; status=1; }
done
exit $status
