#!/bin/sh
# Every file in bad-inputs/ (and /dev/zero) must be refused by every command of the tool: exit
# status 1, a "gesturekit: ..." message, within the time limit, with no leak or sanitizer report
# (in the sanitizer build a leak or a UBSan report changes the exit status). Every file in
# odd-inputs/ is valid, if unusual, and must load and replay with status 0.
#   bad_inputs.sh TOOL DIR
tool=$1
dir=$2
fail=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {   # expected-status command file
  want=$1; shift
  timeout 20 "$tool" "$@" >"$out/stdout" 2>"$out/stderr"
  got=$?
  if [ "$got" -ne "$want" ]; then
    echo "FAIL: gesturekit $* -> exit $got, expected $want"; sed 's/^/    /' "$out/stderr" | head -n 20; fail=1
  elif [ "$want" -eq 1 ] && ! grep -q '^gesturekit: ' "$out/stderr"; then
    echo "FAIL: gesturekit $* -> no message"; fail=1
  else
    echo "ok: gesturekit $* -> $got $(head -n 1 "$out/stderr")"
  fi
}
for f in "$dir"/bad-inputs/* /dev/zero; do
  for cmd in replay check convert svg; do
    run 1 "$cmd" "$f" -o "$out/result"
  done
done
for f in "$dir"/odd-inputs/*; do
  run 0 replay "$f"
  run 0 svg "$f" -o "$out/result.svg"
done
[ "$fail" -eq 0 ] && echo "bad inputs: all refused cleanly"
exit "$fail"
