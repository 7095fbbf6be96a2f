#!/bin/sh
# The kiosk example refuses recordings that do not come from a touchscreen, and says why: touchpads
# with or without property bits (udev's rules, gk_device_classify) and semi-multitouch pads.
#   kiosk_refuses.sh "KIOSK COMMAND" FILE.events...
kiosk=$1
shift
failed=0
for f in "$@"; do
  # shellcheck disable=SC2086  # the command may be an emulator and the program
  if out=$($kiosk --replay "$f" 2>&1); then
    echo "FAIL: $f was replayed: $out"
    failed=1
    continue
  fi
  reason=$(printf '%s\n' "$out" | grep "does not come from a touchscreen: ")
  if [ -n "$reason" ]; then
    echo "$reason"
  else
    echo "FAIL: $f refused without the reason: $out"
    failed=1
  fi
done
exit $failed
