#!/bin/sh
# Every script of scripts/ that a user runs answers --help with its usage on standard output and
# exit status 0, and does nothing else (issue 69: package.sh, wheel.sh and cross.sh printed their
# usage on standard error and exited 2).
# Usage: scripts_help.sh SCRIPTS_DIR
set -u
dir=$1 fail=0
for s in cross demo deps docs_pictures package package_release_check test vm-systemd vm vm_root wheel; do
  out=$(timeout 10 "$dir/$s.sh" --help 2>/tmp/gk-help-err.$$); rc=$?
  err=$(cat /tmp/gk-help-err.$$)
  if [ $rc -ne 0 ] || [ -z "$out" ] || [ -n "$err" ]; then
    echo "FAIL scripts/$s.sh --help: exit $rc, $(printf '%s' "$out" | wc -l) lines out, stderr: $err"; fail=1
  else
    echo "ok   scripts/$s.sh --help: $(printf '%s\n' "$out" | head -n 1)"
  fi
done
rm -f /tmp/gk-help-err.$$
exit $fail
