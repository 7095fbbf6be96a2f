#!/bin/sh
# The unit passes `systemd-analyze verify`: its directives, its sandbox, its documentation (the
# man pages, put on MANPATH) and its programs (the built daemon stands in for /usr/sbin/gesturekitd).
# Exits 77 (CTest: skipped, not passed) where systemd-analyze is not installed.
#   unit_verify.sh GESTUREKITD SOURCE_DIR WORK_DIR
daemon=$1; src=$2; work=$3
if ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "NOT RUN: systemd-analyze is not installed (apt install systemd)"; exit 77
fi
rm -rf "$work"; mkdir -p "$work/man/man8" "$work/man/man5"
cp "$src/docs/man/gesturekitd.8" "$work/man/man8/"
cp "$src/docs/man/gesturekitd.conf.5" "$work/man/man5/"
sed "s|/usr/sbin/gesturekitd|$daemon|g" "$src/daemon/gesturekitd.service" >"$work/gesturekitd.service"
if MANPATH="$work/man" systemd-analyze verify "$work/gesturekitd.service"; then
  echo "systemd-analyze verify: gesturekitd.service is clean"
else
  exit 1
fi
