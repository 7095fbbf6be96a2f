#!/bin/sh
# Still holds: two resting fingers that pinch without a profile (issue 16: reports scattering by
# about 2 pt; issue 41: a panel that reports only changes, with an 11 pt creep). With the profile
# that `gesturekit profile` measures from the same trace and the noise-aware thresholds, neither a
# pinch, a rotation nor a pan begins, whatever filters come with it: no filter may turn the hold
# into another gesture.
# Usage: still_hold.sh TOOL WORKDIR TRACE...
set -eu
tool=$1 work=$2
shift 2
mkdir -p "$work"
for trace in "$@"; do
  name=$(basename "$trace" .trace)
  "$tool" replay "$trace" > "$work/$name.without.txt"
  grep -q "^action [0-9.]* pinch began" "$work/$name.without.txt" ||
    { echo "still_hold: $name: expected a pinch without the profile"; exit 1; }
  "$tool" profile "$trace" -o "$work/$name.profile" > "$work/$name.profile.txt" 2>&1
  grep -q "^noise [1-9]" "$work/$name.profile" ||
    { echo "still_hold: $name: the profile measured no noise"; cat "$work/$name.profile.txt"; exit 1; }
  for filters in default noise noise,one-euro noise,hysteresis noise,ghosts,palms,edges,chatter,one-euro; do
    if [ "$filters" = default ]; then "$tool" replay "$trace" --profile "$work/$name.profile" > "$work/$name.with.txt"
    else "$tool" replay "$trace" --profile "$work/$name.profile" --filters "$filters" > "$work/$name.with.txt"; fi
    if grep -E "^action [0-9.]* (pinch|rotation|pan) " "$work/$name.with.txt"; then
      echo "still_hold: $name: the hold was recognized with the measured profile (filters: $filters)"; exit 1
    fi
  done
  echo "still_hold: $name: pinch without the profile; nothing with the measured profile ($(grep '^noise' "$work/$name.profile"))"
done
