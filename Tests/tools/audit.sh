#!/bin/sh
# gesturekit audit: exit 1 with the findings for a scene with pinch, rotation, swipe and stroke
# actions one finger cannot reach and drags with no way that does not drag; exit 0 once they have
# alternatives (issues 17 and 40). Then one scene for each of WCAG 2.5.8 (target size) and 2.5.2
# (pointer cancellation), with the exceptions the scene declares.
# Usage: audit.sh TOOL DIR
set -u
tool=$1 dir=$2
out=$("$tool" audit "$dir/kiosk-map.trace")
rc=$?
[ "$rc" = 1 ] || { echo "audit: expected exit 1, got $rc"; echo "$out"; exit 1; }
alt="offer the action another way (a button) and declare it as the alternative"
expected="audit root service path-based (WCAG 2.5.1): $alt
audit map pan dragging (WCAG 2.5.7): $alt
audit map pinch multipoint (WCAG 2.5.1): add a one-finger zoom to the view
audit strip swipe path-based (WCAG 2.5.1): $alt
audit strip swipe dragging (WCAG 2.5.7): $alt
5 findings"
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
[ "$rc" = 1 ] && [ "$(echo "$out" | tail -n 1)" = "6 findings" ] || { echo "audit: default scene:"; echo "$out"; exit 1; }
size="make it at least 24 CSS px (6.35 mm) each way, space it from other targets, or mark it inline or essential"
out=$("$tool" audit "$dir/small-targets.scene"); rc=$?
expected="audit keypad one target size (WCAG 2.5.8): $size
audit keypad_next two target size (WCAG 2.5.8): $size
2 findings"
[ "$rc" = 1 ] && [ "$out" = "$expected" ] || { echo "audit: small targets:"; echo "$out"; exit 1; }
out=$("$tool" audit "$dir/small-target-with-equivalent.scene"); rc=$?
expected="audit plus_key plus target size (WCAG 2.5.8): $size
1 finding"
[ "$rc" = 1 ] && [ "$out" = "$expected" ] || { echo "audit: small target with an equivalent:"; echo "$out"; exit 1; }
out=$("$tool" audit "$dir/press-on-touch-down.scene"); rc=$?
expected="audit buy buy_now pointer cancellation (WCAG 2.5.2): give the long press a duration or act when it ends, so that sliding off aborts; or mark the view essential
1 finding"
[ "$rc" = 1 ] && [ "$out" = "$expected" ] || { echo "audit: press on touch-down:"; echo "$out"; exit 1; }
echo "audit: 5 findings, then none with the alternatives; the default scene file: 6; 2.5.8: 2, with an equivalent 1; 2.5.2: 1"
