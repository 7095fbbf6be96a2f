#!/bin/sh
# gesturekitd started by hand as a user with supplementary groups and no exec action says nothing
# about those groups (issue 69: it warned that exec actions keep them, with no exec action at all).
# Needs root to start it as another user (setpriv); exits 77 (skipped) otherwise.
# Usage: groups_warning.sh GESTUREKITD WORK_DIR
set -u
daemon=$1 work=$2
[ "$(id -u)" = 0 ] && command -v setpriv >/dev/null || { echo "skipped: needs root and setpriv"; exit 77; }
mkdir -p "$work"
printf '[daemon]\ndevice = /dev/input/event-none\n' > "$work/no-exec.conf"
out=$(timeout 3 setpriv --reuid=65534 --regid=65534 --groups=29 "$daemon" --config "$work/no-exec.conf" 2>&1)
echo "$out"
case "$out" in *"supplementary groups"*) echo "FAIL: warned about supplementary groups with no exec action"; exit 1 ;; esac
echo "ok   no word about supplementary groups without an exec action"
