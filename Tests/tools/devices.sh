#!/bin/sh
# Device classes, descriptions and axes, through the gesturekit tool (docs/INPUT.md):
#   devices.sh TOOL DIR [SAMPLES]     (DIR: Tests/tools/devices; SAMPLES: ../shared/data-samples)
tool=$1
dir=$2
samples=${3:-}
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# expect STATUS PATTERN ARGS...: the tool exits with STATUS and its output (stdout and stderr) has PATTERN.
expect() {
  want=$1; pattern=$2; shift 2
  # A hang is a failure too (exit 124 after 30 s).
  timeout 30 "$tool" "$@" >"$out" 2>&1
  got=$?
  if [ "$got" -ne "$want" ] || ! grep -q -- "$pattern" "$out"; then
    echo "FAIL: gesturekit $* -> exit $got (want $want), no '$pattern' in:"; sed 's/^/    /' "$out" | head -n 12; fail=1
  else
    echo "ok: gesturekit $*"
  fi
}
# refuse NOT_PATTERN ARGS...: the output must not contain NOT_PATTERN.
refuse() {
  pattern=$1; shift
  "$tool" "$@" >"$out" 2>&1
  if grep -q -- "$pattern" "$out"; then echo "FAIL: gesturekit $* printed '$pattern'"; fail=1; else echo "ok: gesturekit $* (no '$pattern')"; fi
}
# A touchpad is no touchscreen: refused with the reason, read as one only when asked.
expect 1 "INPUT_PROP_POINTER or INPUT_PROP_BUTTONPAD" replay "$dir/touchpad-one-finger-tap.events"
expect 1 "indirect-as-direct" replay "$dir/touchpad-one-finger-tap.events"
expect 0 "action .* tap ended 1" replay "$dir/touchpad-one-finger-tap.events" --indirect-as-direct
# Touchpads that declare no INPUT_PROP_* bits: udev's input_id rules (BTN_TOOL_FINGER, mouse
# buttons), then the name; a multitouch panel with BTN_TOUCH and a stray BTN_LEFT is still a touchscreen.
expect 1 "BTN_TOOL_FINGER without INPUT_PROP_DIRECT" replay "$dir/touchpad-no-props-finger-tool.events"
expect 1 "BTN_LEFT or another mouse button" replay "$dir/touchpad-no-props-buttons.events"
expect 1 "its name says it is a touchpad" replay "$dir/touchpad-no-props-named.events"
expect 0 "action .* tap ended 1" replay "$dir/touchpad-no-props-finger-tool.events" --indirect-as-direct
expect 0 "action .* tap ended 1" replay "$dir/touchscreen-no-props-buttons.events"
# A drawing tablet's pen without INPUT_PROP_DIRECT and a tablet's button pad: udev's tablet and pad
# rules, never an --axes suggestion for a pad's strip and serial (issue 53, item 6).
expect 1 "ID_INPUT_TABLET) beside the screen" replay "$dir/pen-tablet-no-direct.events"
expect 1 "ID_INPUT_TABLET_PAD" replay "$dir/tablet-pad-strip.events"
refuse "--axes 0x" replay "$dir/tablet-pad-strip.events"
# Semi-MT corners spreading apart: refused; when asked, one touch at the box's centre, never a pinch.
expect 1 "INPUT_PROP_SEMI_MT" replay "$dir/semi-mt-corners-spreading.events"
expect 0 "action .* tap ended 1" replay "$dir/semi-mt-corners-spreading.events" --indirect-as-direct
refuse "pinch\|rotation\| 2$" replay "$dir/semi-mt-corners-spreading.events" --indirect-as-direct
# A position on ABS_Z/ABS_RX: a clear error naming the axes; --axes maps them.
expect 1 "the device has ABS_Z (0x02), ABS_RX (0x03)" replay "$dir/position-on-abs-z-and-rx.events"
expect 0 "action .* tap ended 1" replay "$dir/position-on-abs-z-and-rx.events" --axes 0x02,0x03
expect 1 "both must be different axes" replay "$dir/position-on-abs-z-and-rx.events" --axes 0x02,0x07
# ABS_X/ABS_Y declared but still while ABS_Z/ABS_RX move: said, with the --axes to try; which works.
expect 1 "never change .* ABS_Z (0x02) and ABS_RX (0x03) do.* --axes 0x02,0x03" replay "$dir/position-declared-xy-on-z-rx.events"
expect 0 "action .* pan ended" replay "$dir/position-declared-xy-on-z-rx.events" --axes 0x02,0x03
# Out of range: clamped to the edge, counted, and still a tap.
expect 0 "2 positions outside the device's axis range were clamped" replay "$dir/x-below-axis-minimum.events"
expect 0 "action .* tap ended 1" replay "$dir/x-below-axis-minimum.events"
# Protocol A past mtdev's limits: 32 contacts in a frame, 16 contacts renumbered by the device.
# Each returns (it used to hang inside mtdev); the contacts past 15 in a frame are dropped and said so.
expect 0 "34 contacts past the 15 a protocol-A frame may hold were dropped" replay "$dir/protocol-a-32-contacts.events"
expect 0 "3 contacts past the 15 a protocol-A frame may hold were dropped" replay "$dir/protocol-a-16-contacts-renumbered.events"
# Files that are not recordings, and what to do about them.
expect 1 "not a recording: neither an evemu recording" replay "$dir/../round_trip.sh"
expect 1 "a device description with no events" replay "$dir/description-only.events"
expect 1 "cannot open: No such file or directory" replay "$dir/no-such-file.events"
expect 1 "has no expectations: convert it first" check "$dir/x-below-axis-minimum.events"
# Descriptions: only the extension is cut; the longest matching device name beside it wins.
expect 0 "action .* tap ended 1" replay "$dir/desc-lookup/Device 1.2 Finger tap.events"
expect 1 "tried 'Unknown Panel.tap.desc'" replay "$dir/desc-lookup/Unknown Panel.tap.events"
# The real recordings where one shows a case: the Cintiq pen goes below its axis range twice.
if [ -n "$samples" ] && [ -d "$samples/evemu-devices" ]; then
  expect 0 "2 positions outside the device's axis range were clamped" \
    replay "$samples/evemu-devices/tablets/Wacom Cintiq 13HD touch Pen.events"
  expect 0 "action" replay "$samples/evemu-devices/touchscreens/N-Trig MultiTouch.1-finger-drag-NW-SE.events"
fi
[ "$fail" -eq 0 ] && echo "devices: all as documented"
exit "$fail"
