#!/bin/sh
# The web package as npm packs it (issue 67, item 1): from the built folder it holds the module, its
# declarations, the wasm and the README; from the source tree, which has no wasm, npm refuses to pack
# and says how to build it.
# Usage: npm_pack_test.sh NPM BUILT_WEB_DIR SOURCE_WEB_DIR
set -eu
npm=$1 built=$2 source=$3
files=$(cd "$built" && "$npm" pack --dry-run --json 2>/dev/null | tr -d ' \n')
for f in gesturekit.js layouts.js names.js pointer_events.js settings.js strokes.js gesturekit.d.ts gesturekit.wasm \
         README.md package.json; do
  case "$files" in *"\"path\":\"$f\""*) echo "ok   the package holds $f" ;;
    *) echo "FAIL the package lacks $f: $files"; exit 1 ;; esac
done
if out=$(cd "$source" && "$npm" pack --dry-run 2>&1); then
  echo "FAIL npm packed the source tree without gesturekit.wasm"; exit 1
fi
case "$out" in *"gesturekit.wasm is missing"*"cmake --build build"*) echo "ok   the source tree is refused, saying how to build the wasm" ;;
  *) echo "FAIL npm refused the source tree without saying why: $out"; exit 1 ;; esac
