#!/bin/sh
# The SDL kiosk example (examples/sdl_kiosk.c) plays its scripted visit through SDL's own event
# queue under the dummy video driver, in real time (about 6 s): each gesture gives the action the
# script meant, in order, and the last frame is written.
# Usage: kiosk_demo.sh KIOSK BMP_TO_PNG
set -eu
kiosk=$1 to_png=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
SDL_VIDEODRIVER=dummy "$kiosk" --demo --screenshot "$dir/last.bmp" >"$dir/out.txt"
cat "$dir/out.txt"
expect() {
  grep -q "$1" "$dir/out.txt" || { echo "FAIL: no line matching '$1'" >&2; exit 1; }
}
expect '^tickets: tapped, 1 sold$'
expect '^map: panned by 1[0-9][0-9], [3-5][0-9]$'
expect '^map: double tap at 40[0-9], 28[0-9], recentred$'
expect '^map: pinched, scale 2\.[0-9]* (now 2\.[0-9]*)$'
expect '^map: rotated by 1[0-9] degrees$\|^map: rotated by 2[0-5] degrees$'
expect '^service: two fingers held 2 s in the corner, service menu open$'
order=$(cut -d: -f1 "$dir/out.txt" | tr '\n' ' ')
[ "$order" = "tickets map map map map service " ] || { echo "FAIL: order $order" >&2; exit 1; }
[ "$(wc -l <"$dir/out.txt")" -eq 6 ] || { echo "FAIL: other actions were reported" >&2; exit 1; }
python3 "$to_png" "$dir/last.bmp" "$dir/last.png"
head -c 8 "$dir/last.png" | od -An -c | grep -q 'P   N   G' || { echo "FAIL: no PNG" >&2; exit 1; }
echo "six actions in the script's order; the last frame written ($(wc -c <"$dir/last.bmp") bytes of BMP)"
# Bad arguments are refused.
if "$kiosk" --no-such-option 2>/dev/null; then echo "FAIL: a bad option was accepted" >&2; exit 1; fi
echo "a bad option: exit 2"
