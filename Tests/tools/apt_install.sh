#!/bin/sh
# scripts/apt_install.sh with a fake apt-get (and sudo) first on PATH: a failed `apt-get update`
# is a warning and the install still runs; a failed install is an error naming the packages.
#   apt_install.sh SOURCE_DIR
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
cat >"$work/bin/apt-get" <<'FAKE'
#!/bin/sh
echo "apt-get $*" >>"$FAKE_APT_LOG"
case "$1" in
  update) exit "${FAKE_UPDATE_STATUS:-0}" ;;
  install) exit "${FAKE_INSTALL_STATUS:-0}" ;;
esac
exit 0
FAKE
printf '#!/bin/sh\nexec "$@"\n' >"$work/bin/sudo"
chmod +x "$work/bin/apt-get" "$work/bin/sudo"
fail=0
attempt() {   # update-status install-status
  FAKE_APT_LOG="$work/log" FAKE_UPDATE_STATUS=$1 FAKE_INSTALL_STATUS=$2 PATH="$work/bin:$PATH" \
    bash -c '. "$1/scripts/apt_install.sh"; apt_install cmake "libevdev-dev:arm64"' sh "$src" \
    >"$work/out" 2>"$work/err"
}
export FAKE_APT_LOG
: >"$work/log"
attempt 100 0
status=$?
if [ "$status" -ne 0 ] || ! grep -q "^apt-get install -y -qq --no-install-recommends cmake libevdev-dev:arm64$" "$work/log" ||
   ! grep -q "warning: apt-get update failed" "$work/err"; then
  echo "FAIL: a failed update stopped the install (exit $status)"; cat "$work/log" "$work/err"; fail=1
else
  echo "ok: update failed, the install ran, a warning was printed"
fi
: >"$work/log"
attempt 0 100
status=$?
if [ "$status" -eq 0 ] || ! grep -q "error: apt-get install cmake libevdev-dev:arm64 failed" "$work/err"; then
  echo "FAIL: a failed install was not an error naming the packages (exit $status)"; cat "$work/err"; fail=1
else
  echo "ok: a failed install is an error that names the packages"
fi
: >"$work/log"
attempt 0 0
status=$?
if [ "$status" -ne 0 ] || [ -s "$work/err" ] || [ "$(wc -l <"$work/log")" -ne 2 ]; then
  echo "FAIL: the plain case (exit $status)"; cat "$work/log" "$work/err"; fail=1
else
  echo "ok: update then install, silent"
fi
exit "$fail"
