#!/bin/sh
# Every file in bad-inputs/ (and /dev/zero, a FIFO with no writer, a directory) must be refused by every command of the tool: exit
# status 1, a "gesturekit: ..." message, within the time limit, with no leak or sanitizer report
# (in the sanitizer build a leak or a UBSan report changes the exit status). Every file in
# odd-inputs/ is valid, if unusual, and must load and replay with status 0.
#   bad_inputs.sh TOOL DIR
tool=$1
dir=$2
fail=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkfifo "$out/fifo"   # opening it for reading would wait for a writer: it must be refused at once
mkdir "$out/directory"
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
for f in "$dir"/bad-inputs/* /dev/zero "$out/fifo" "$out/directory"; do
  for cmd in replay check convert svg; do
    run 1 "$cmd" "$f" -o "$out/result"
  done
done
for f in "$dir"/odd-inputs/*; do
  run 0 replay "$f"
  run 0 svg "$f" -o "$out/result.svg"
done
# Options with a number: the whole word must be the number, in range (exit 2, a message naming it).
good="$dir/odd-inputs/$(ls "$dir/odd-inputs" | head -n 1)"
for bad in "--screen 800x480abc" "--screen 800" "--screen x480" "--screen 0x480" "--rotate 45" "--rotate abc" \
           "--rotate 90deg" "--seconds 5x" "--seconds -1" "--axes 0x02,0x03junk" "--axes 2"; do
  # shellcheck disable=SC2086
  timeout 20 "$tool" replay "$good" $bad >"$out/stdout" 2>"$out/stderr"
  got=$?
  option=${bad%% *}
  if [ "$got" -ne 2 ] || ! grep -q -- "^gesturekit: $option" "$out/stderr"; then
    echo "FAIL: gesturekit replay FILE $bad -> exit $got (want 2 and a message about $option)"; sed 's/^/    /' "$out/stderr" | head -n 5; fail=1
  else
    echo "ok: gesturekit replay FILE $bad -> 2 $(head -n 1 "$out/stderr")"
  fi
done
# A picture bigger than 8192x8192 pixels is refused before anything is drawn (it would need 1 GiB).
if "$tool" view --help >/dev/null 2>&1; then
  timeout 20 "$tool" view "$good" --size 16384x16384 --screenshot "$out/big.png" >"$out/stdout" 2>"$out/stderr"
  got=$?
  if [ "$got" -ne 2 ] || ! grep -q -- "^gesturekit: --size 16384x16384 is 268435456 pixels, 1024 MiB to draw" "$out/stderr" \
     || [ -e "$out/big.png" ]; then
    echo "FAIL: gesturekit view --size 16384x16384 -> exit $got (want 2, a message, no file)"; sed 's/^/    /' "$out/stderr" | head -n 5; fail=1
  else
    echo "ok: gesturekit view --size 16384x16384 -> 2 $(head -n 1 "$out/stderr")"
  fi
fi
# The view says what it cannot do (issue 55, item 8): no display is an error, not an empty run; a
# screenshot is a PNG, so another name is refused; a time past the end is said.
if "$tool" view --help >/dev/null 2>&1; then
  view_expect() {   # status pattern args...
    want=$1; pattern=$2; shift 2
    timeout 20 env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$tool" view "$good" "$@" >"$out/stdout" 2>"$out/stderr"
    got=$?
    if [ "$got" -ne "$want" ] || ! grep -q -- "$pattern" "$out/stderr"; then
      echo "FAIL: gesturekit view $* (no display) -> exit $got (want $want and '$pattern')"; sed 's/^/    /' "$out/stderr" | head -n 5; fail=1
    else
      echo "ok: gesturekit view $* (no display) -> $got $(grep -- "$pattern" "$out/stderr" | head -n 1)"
    fi
  }
  view_expect 1 "gesturekit view: no display"
  view_expect 2 "writes a PNG: name the file FILE.png" --screenshot "$out/picture.jpg"
  view_expect 0 "past the end of the input" --screenshot "$out/picture.png" --at 99999
  # ... and the time the picture says it shows is the end it drew, not the time asked (issue 69).
  if grep -q " at 99999.000 s" "$out/stdout"; then
    echo "FAIL: the screenshot past the end claims the time asked: $(cat "$out/stdout")"; fail=1
  else
    echo "ok: the screenshot past the end gives the time it drew: $(cut -c1-80 "$out/stdout")"
  fi
fi
# A scene property whose value is not a whole number is refused, not read as its prefix.
printf 'screen 800 480\nview v root 0 0 800 480\nrecognizer t tap v number_of_taps_required=2x\n' >"$out/scene"
run 1 replay "$good" --scene "$out/scene"
# `record` without a device says where it looked and what it found there (exit 2: no device named).
expect_record() {   # directory pattern
  GESTUREKIT_INPUT_DIR=$1 timeout 20 "$tool" record >"$out/stdout" 2>"$out/stderr"
  got=$?
  if [ "$got" -ne 2 ] || ! grep -q -- "$2" "$out/stderr"; then
    echo "FAIL: gesturekit record in $1 -> exit $got (want 2 and '$2')"; sed 's/^/    /' "$out/stderr" | head -n 5; fail=1
  else
    echo "ok: gesturekit record in $1 -> 2 $(grep -- "$2" "$out/stderr" | head -n 1)"
  fi
}
if ! "$tool" record 2>&1 | grep -q "built without libevdev"; then
  expect_record "$out/missing" "$out/missing cannot be read: No such file or directory"
  mkdir -p "$out/input"
  expect_record "$out/input" "no event device in $out/input"
  echo "not a device" >"$out/input/event3"
  : >"$out/input/mouse0"
  expect_record "$out/input" "$out/input/event3 *not an evdev device"
  expect_record "$out/input" "None of them is a touchscreen"
fi
[ "$fail" -eq 0 ] && echo "bad inputs: all refused cleanly"
exit "$fail"
