#!/bin/sh
# Help and version: `--help`/`-h` print to stdout and exit 0, for the tool and for each command;
# `--version` names the tool's and the library's versions; an unknown command is an error (exit 2,
# on stderr). The kiosk example's --help too, which must not be taken for a file; the SDL kiosk's;
# and the scripts' (demo.sh --help prints its usage instead of running the demo; test.sh --help too,
# and test.sh refuses an argument it would otherwise ignore).
# Options are read by getopt_long: --opt=value and a unique prefix work, an ambiguous one is refused.
#   help.sh GESTUREKIT [KIOSK [SDL_KIOSK]]      (GESTUREKITD=PATH: the daemon's options too)
tool=$1
kiosk=${2:-}
sdl_kiosk=${3:-}
trace=$(dirname "$0")/../traces/double-tap-delays-single.trace
scripts=$(dirname "$0")/../../scripts
fail=0
check() {   # status pattern command...
  want=$1; pattern=$2; shift 2
  out=$("$@" 2>/dev/null)
  got=$?
  if [ "$got" -ne "$want" ] || ! printf '%s\n' "$out" | grep -q -- "$pattern"; then
    echo "FAIL: $* -> exit $got (want $want), stdout without '$pattern'"; fail=1
  else
    echo "ok: $*"
  fi
}
check 0 "^usage: gesturekit" "$tool" --help
check 0 "^usage: gesturekit" "$tool" -h
check 0 "^gesturekit [0-9]*\.[0-9]*\.[0-9]* (libgesturekit [0-9]*\.[0-9]*\.[0-9]*)$" "$tool" --version
for cmd in replay check convert svg record scene profile metrics audit; do
  check 0 "^usage: gesturekit $cmd" "$tool" "$cmd" --help
  check 0 "^usage: gesturekit $cmd" "$tool" "$cmd" -h
done
if "$tool" frobnicate >/dev/null 2>&1; then echo "FAIL: an unknown command succeeded"; fail=1; fi
# A likely typo names the command it most likely meant; a word like no command suggests nothing.
case "$("$tool" reply 2>&1)" in *'unknown command "reply"; did you mean "replay"?'*) ;;
  *) echo "FAIL: gesturekit reply did not suggest replay"; fail=1 ;; esac
case "$("$tool" frobnicate 2>&1)" in *"did you mean"*) echo "FAIL: frobnicate got a suggestion"; fail=1 ;; esac
check 0 "action 0.430 single ended" "$tool" replay "$trace" --screen=800x480
check 0 "action 0.430 single ended" "$tool" replay "$trace" --indirect --rot=0 --screen 800x480
if "$tool" replay "$trace" --fl >/dev/null 2>&1; then echo "FAIL: an ambiguous prefix (--fl) was taken"; fail=1; fi
if [ -n "${GESTUREKITD:-}" ]; then
  check 0 "OK" "$GESTUREKITD" --con="$(dirname "$0")/../../daemon/gesturekitd.conf" --che
  check 0 "^gesturekitd [0-9]" "$GESTUREKITD" --vers
  if "$GESTUREKITD" --check stray >/dev/null 2>&1; then echo "FAIL: gesturekitd took a stray argument"; fail=1; fi
fi
if [ -n "$kiosk" ]; then
  check 0 "^usage: kiosk" "$kiosk" --help
  if "$kiosk" --frobnicate >/dev/null 2>&1; then echo "FAIL: kiosk took an unknown option"; fail=1; fi
fi
if [ -n "$sdl_kiosk" ]; then
  check 0 "^usage: gesturekit-sdl-kiosk" "$sdl_kiosk" --help
  if "$sdl_kiosk" --frobnicate >/dev/null 2>&1; then echo "FAIL: the SDL kiosk took an unknown option"; fail=1; fi
fi
check 0 "^Builds libgesturekit" "$scripts/demo.sh" --help
check 0 "^Builds everything and runs every test" "$scripts/test.sh" --help
if "$scripts/test.sh" --vm=no >/dev/null 2>&1; then echo "FAIL: test.sh ran with an argument it does not take"; fail=1; fi
if "$scripts/demo.sh" --bogus >/dev/null 2>&1; then echo "FAIL: demo.sh ran with an unknown option"; fail=1; fi
[ "$fail" -eq 0 ] && echo "help: every command answers --help"
exit "$fail"
