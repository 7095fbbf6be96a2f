#!/bin/sh
# The spec's scenarios through the native library (Tests/conformance/run.py --dump, the Python
# binding; GESTUREKIT_LIBRARY and PYTHONPATH set by CTest) and through the WebAssembly build
# (conformance.mjs under Node); compare_logs.py compares the two logs of each scenario.
# Usage: conformance_same_as_native.sh NODE PYTHON WEB_DIR SCENARIO_DIR SCRATCH_DIR
set -eu
node=$1 python=$2 web=$3 scenarios=$4 scratch=$5
here=$(dirname "$0")
rm -rf "$scratch"
mkdir -p "$scratch/native" "$scratch/wasm"
"$python" "$here/../conformance/run.py" "$scenarios" --dump "$scratch/native" | tail -n 1
"$node" "$here/conformance.mjs" "$web" "$scenarios" "$scratch/wasm"
"$python" "$here/compare_logs.py" "$scratch/native" "$scratch/wasm"
