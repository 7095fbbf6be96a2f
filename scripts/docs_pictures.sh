#!/bin/sh
# Draws the README's pictures of gesturekit view and of the SDL kiosk example from a build
# (default build/), headless: docs/images/view-two-finger-drag.png and docs/images/sdl-kiosk.png.
# Usage: scripts/docs_pictures.sh [BUILD_DIR]
# --help: this header, without its comment marks.
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
"$build/gesturekit" view examples/recordings/two-finger-drag.events --scene Tests/tools/view/button-and-map.scene \
  --screenshot docs/images/view-two-finger-drag.png --at 0.45 --size 1200x640
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SDL_VIDEODRIVER=dummy "$build/gesturekit-sdl-kiosk" --demo --screenshot "$tmp/kiosk.bmp" >/dev/null
python3 scripts/bmp_to_png.py "$tmp/kiosk.bmp" docs/images/sdl-kiosk.png
ls -l docs/images/view-two-finger-drag.png docs/images/sdl-kiosk.png
