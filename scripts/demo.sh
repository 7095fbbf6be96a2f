#!/usr/bin/env bash
# Builds libgesturekit.so.0 (Embedded Swift) and the gesturekit tool, then:
#   1. runs the kiosk demo (examples/demo.c), which replays a scripted touch trace in real time;
#   2. replays a real touchscreen recording (examples/recordings/two-finger-drag.events, evemu)
#      through the default scene, prints what was recognized and the decision log's summary,
#      and writes the picture build/demo.svg (touch paths and the recognizers' timeline).
# Pass --fast to skip the kiosk demo's real-time waits.
# Pass --accessible for the accessible mode instead: the kiosk example (examples/kiosk.c) in
# explore-by-touch, replaying a real one-finger drag across its map and buy button and then real
# quick taps, printing what the screen reader says and does, and speaking it with espeak-ng into
# build/speech/*.wav.
set -euo pipefail
case "${1:-}" in
  ""|--fast|--accessible) ;;
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "demo.sh: unknown option $1 (demo.sh --help)" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
if [ "${1:-}" = "--accessible" ]; then
  cmake --build build --target gesturekit-kiosk
  echo "== The kiosk in screen-reader mode: a finger explores (N-Trig drag), then double taps (Atmel taps)"
  ./build/gesturekit-kiosk --replay examples/recordings/one-finger-drag.events examples/recordings/fast-taps.events \
    --accessible --speak-to build/speech
  echo "speech: $(ls build/speech/*.wav | tr '\n' ' ')"
  exit 0
fi
cmake --build build --target gesturekit-demo gesturekit-tool
./build/gesturekit-demo "$@"
echo
echo "== A real recording: two fingers dragged on an EP0430M09 panel (evemu), default scene"
./build/gesturekit replay examples/recordings/two-finger-drag.events | awk '
  $1 == "action" { n[$3 " " $4]++; if (!($3 " " $4 in first)) { first[$3 " " $4] = $0; order[++k] = $3 " " $4 } }
  END { for (i = 1; i <= k; i++) printf "%-24s %4d x, first: %s\n", order[i], n[order[i]], first[order[i]] }'
./build/gesturekit svg examples/recordings/two-finger-drag.events -o build/demo.svg
echo "picture: build/demo.svg"
