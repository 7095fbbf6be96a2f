#!/bin/sh
# gesturekit view in a window, under SDL's dummy video driver (no display needed): it opens, plays
# the recording, and closes after --seconds with exit 0. Without any video driver it says so, exit 1,
# and names --screenshot.
# Usage: view_window.sh TOOL RECORDING
set -eu
tool=$1 recording=$2
SDL_VIDEODRIVER=dummy "$tool" view "$recording" --seconds 0.5 --speed 2
SDL_VIDEODRIVER=dummy "$tool" view "$recording" --seconds 0.3 --fullscreen --paused
echo "the view opened, played and closed under the dummy driver (windowed and full screen)"
set +e
err=$(SDL_VIDEODRIVER=no-such-driver "$tool" view "$recording" --seconds 0.3 2>&1)
rc=$?
set -e
[ "$rc" -eq 1 ] || { echo "FAIL: exit $rc without a video driver" >&2; exit 1; }
case "$err" in
  *"no display"*"--screenshot"*) echo "no video driver: exit 1: $err" ;;
  *) echo "FAIL: no video driver said: $err" >&2; exit 1 ;;
esac
