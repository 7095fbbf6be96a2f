#!/bin/sh
# gesturekit audit: exit 1 with the findings for a scene with pinch, rotation, swipe and stroke
# actions one finger cannot reach; exit 0 once they have alternatives (issue 17).
# Usage: audit.sh TOOL DIR
set -u
tool=$1 dir=$2
out=$("$tool" audit "$dir/kiosk-map.trace")
rc=$?
[ "$rc" = 1 ] || { echo "audit: expected exit 1, got $rc"; echo "$out"; exit 1; }
expected="audit root service path-based: offer the action another way (a button) and declare it as the alternative
audit map pinch multipoint: add a one-finger zoom to the view
audit strip swipe path-based: offer the action another way (a button) and declare it as the alternative
3 findings"
[ "$out" = "$expected" ] || { echo "audit: unexpected findings:"; echo "$out"; exit 1; }
out=$("$tool" audit "$dir/kiosk-map-accessible.trace")
rc=$?
[ "$rc" = 0 ] && [ "$out" = "0 findings" ] || { echo "audit: expected no finding, got exit $rc:"; echo "$out"; exit 1; }
# The alternative statements survive a convert round trip.
"$tool" convert "$dir/kiosk-map-accessible.trace" -o "${TMPDIR:-/tmp}/gk-audit-$$.trace" || exit 1
out=$("$tool" audit "${TMPDIR:-/tmp}/gk-audit-$$.trace"); rc=$?
rm -f "${TMPDIR:-/tmp}/gk-audit-$$.trace"
[ "$rc" = 0 ] || { echo "audit: alternatives lost by convert"; echo "$out"; exit 1; }
# A scene file (what `gesturekit scene` prints) is audited too: the default scene's pinch, rotation,
# swipe and two-finger tap.
"$tool" scene > "${TMPDIR:-/tmp}/gk-scene-$$.txt" || exit 1
out=$("$tool" audit "${TMPDIR:-/tmp}/gk-scene-$$.txt"); rc=$?
rm -f "${TMPDIR:-/tmp}/gk-scene-$$.txt"
[ "$rc" = 1 ] && [ "$(echo "$out" | tail -n 1)" = "4 findings" ] || { echo "audit: default scene:"; echo "$out"; exit 1; }
echo "audit: 3 findings, then none with the alternatives; the default scene file: 4"
