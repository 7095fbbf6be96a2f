#!/bin/sh
# Issue 16's still hold: two resting fingers whose reports scatter by about 2 pt pinch without a
# profile; with the profile that `gesturekit profile` measures from the same trace (and the
# noise-aware thresholds), neither pinch nor rotation begins.
# Usage: still_hold.sh TOOL TRACE WORKDIR
set -eu
tool=$1 trace=$2 work=$3
mkdir -p "$work"
"$tool" replay "$trace" > "$work/without.txt"
grep -q "^action [0-9.]* pinch began" "$work/without.txt" || { echo "still_hold: expected a pinch without the profile"; exit 1; }
"$tool" profile "$trace" -o "$work/still-hold.profile" > "$work/profile.txt" 2>&1
grep -q "^noise [1-9]" "$work/still-hold.profile" || { echo "still_hold: the profile measured no noise"; cat "$work/still-hold.profile"; exit 1; }
for filters in noise default; do
  if [ "$filters" = default ]; then "$tool" replay "$trace" --profile "$work/still-hold.profile" > "$work/with.txt"
  else "$tool" replay "$trace" --profile "$work/still-hold.profile" --filters "$filters" > "$work/with.txt"; fi
  if grep -E "^action [0-9.]* (pinch|rotation) " "$work/with.txt"; then
    echo "still_hold: the hold was recognized with the measured profile (filters: $filters)"; exit 1
  fi
done
echo "still_hold: pinch without the profile; nothing with the measured profile ($(grep '^noise' "$work/still-hold.profile"))"
