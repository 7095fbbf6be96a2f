#!/bin/sh
# `convert` then `check` round-trips exactly: for every recording and trace given (directories are
# searched for *.events, *.txt and *.trace), the converted trace's expectations hold when it is
# replayed, converting the converted trace again gives the same bytes, and numbers are plain decimals.
#   round_trip.sh TOOL PATH...
tool=$1; shift
fail=0; n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
list="$tmp/list"
: > "$list"
for p in "$@"; do
  if [ -d "$p" ]; then find "$p" -type f \( -name '*.events' -o -name '*.txt' -o -name '*.trace' \) | sort >> "$list"
  elif [ -f "$p" ]; then echo "$p" >> "$list"; fi
done
while IFS= read -r f; do
  case "$f" in */bad-inputs/*|*/desc-lookup/Unknown*|*LICENSE*|*README*) continue ;; esac
  if ! "$tool" convert "$f" -o "$tmp/a.trace" 2>"$tmp/err"; then
    # Devices the tool refuses by design (touchpads, semi-MT, no axes) are not round-trip cases.
    if grep -q "indirect-as-direct\|--axes\|a device description with no events" "$tmp/err"; then continue; fi
    echo "FAIL: convert $f"; cat "$tmp/err"; fail=1; continue
  fi
  n=$((n + 1))
  if ! "$tool" check "$tmp/a.trace" >"$tmp/out" 2>&1; then echo "FAIL: check after convert: $f"; cat "$tmp/out"; fail=1; continue; fi
  "$tool" convert "$tmp/a.trace" -o "$tmp/b.trace" && cmp -s "$tmp/a.trace" "$tmp/b.trace" ||
    { echo "FAIL: converting the converted trace of $f changed it"; fail=1; continue; }
  # Numbers read as decimals: 800 and 0.25, never 8e+02 (only beyond 1e17 or below 1e-6).
  if grep -v '^#' "$tmp/a.trace" | grep -Eq '(^|[ :])-?[0-9.]+e[+-]0?[0-6]([ :]|$)'; then
    echo "FAIL: $f: a number written with an exponent:"; grep -v '^#' "$tmp/a.trace" | grep -Em3 '[0-9]e[+-]'; fail=1; continue
  fi
  echo "ok: $f"
done < "$list"
echo "round trip: $n files"
[ "$n" -gt 0 ] || { echo "FAIL: no input"; fail=1; }
exit "$fail"
