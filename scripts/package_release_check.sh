#!/usr/bin/env bash
# Installs this project's Debian packages into a fresh Debian root of another release and runs
# them there, as a kiosk installed on that release would: apt resolves their dependencies from
# Debian's mirror; then the tool checks a trace, the daemon checks its shipped configuration and
# makes a dry run of a real recording, and Python imports the module and runs an engine. On the
# machine's own architecture it also installs the development packages with a compiler, and builds
# examples/kiosk.c with the README's firmware line (pkg-config) and with CMake's find_package and
# every component: what a firmware developer does on a clean machine.
#
#   scripts/package_release_check.sh 12|13 [amd64|arm64|armhf]
#
# With GESTUREKIT_README_INSTALL set to the README's install line (Tests/tools/readme_steps.py
# --install reads it from the README and sets it), that line runs first, as written but for sudo,
# in the clean root.
#
# The packages come from build/packages/ (amd64, scripts/package.sh) or build/packages-ARCH/
# (scripts/package.sh ARCH). A foreign architecture runs under qemu-user (binfmt), installed here
# when missing, with mmdebstrap. The root is made in a temporary folder and removed.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  12) suite=bookworm ;;
  13) suite=trixie ;;
  *) usage >&2; exit 2 ;;
esac
arch=${2:-amd64}
case "$arch" in
  amd64) dir=build/packages ;;
  arm64|armhf) dir=build/packages-$arch ;;
  *) echo "package_release_check: architecture $arch: amd64, arm64 or armhf" >&2; exit 2 ;;
esac
version=$(dpkg-parsechangelog -S Version)
debs=()
for p in libgesturekit0 libgesturekit-pump0 python3-gesturekit gesturekit-tools gesturekitd; do
  case $p in python3-gesturekit) a=all ;; *) a=$arch ;; esac
  f="$dir/${p}_${version}_$a.deb"
  [ -f "$f" ] || f="build/packages/${p}_${version}_$a.deb"   # the arch-all package is built with amd64's
  [ -f "$f" ] || { echo "package_release_check: $f is missing (scripts/package.sh${arch/amd64/})" >&2; exit 1; }
  debs+=("$PWD/$f")
done
include=python3
if [ "$arch" = "$(dpkg --print-architecture)" ]; then
  for p in libgesturekit-dev libgesturekit-sdl-dev; do
    f="$dir/${p}_${version}_$arch.deb"
    [ -f "$f" ] || { echo "package_release_check: $f is missing (scripts/package.sh)" >&2; exit 1; }
    debs+=("$PWD/$f")
  done
  include=python3,gcc,libc6-dev,pkg-config,cmake,make
fi

# shellcheck source=scripts/apt_install.sh
. scripts/apt_install.sh
need=()
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
  [ -e /usr/bin/qemu-aarch64-static ] || need+=(qemu-user-static)
  dpkg -s binfmt-support >/dev/null 2>&1 || need+=(binfmt-support)
  command -v arch-test >/dev/null || need+=(arch-test)
fi
((${#need[@]} == 0)) || apt_install "${need[@]}"
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
  mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  update-binfmts --enable >/dev/null 2>&1 || true
fi

work=$(mktemp -d /tmp/gk-release-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in"
cp "${debs[@]}" "$work/in/"
cp Tests/traces/double-tap-delays-single.trace examples/recordings/two-finger-drag.events daemon/gesturekitd.conf \
   examples/kiosk.c "$work/in/"
# The README's own install line (its Install section, given by readme_steps.py), run as written but
# for sudo in the clean root first, where its path names the packages (build/packages/).
readme_install=${GESTUREKIT_README_INSTALL:-}
if [ "$arch" = "$(dpkg --print-architecture)" ] && [ -n "$readme_install" ]; then
  mkdir -p "$work/in/build/packages"
  cp "$dir/libgesturekit0_${version}_$arch.deb" "$work/in/build/packages/"
  printf '%s\n' "$readme_install" > "$work/in/readme_install"
fi
cat > "$work/in/check.sh" <<'EOF'
set -e
cd /tmp/gk
echo "release: Debian $(cat /etc/debian_version) $(dpkg --print-architecture)"
if [ -f readme_install ]; then
  echo "README's install line: $(cat readme_install)"
  apt-get remove -y -qq libgesturekit0 >/dev/null
  DEBIAN_FRONTEND=noninteractive sh -c "$(cat readme_install) -y -qq" >/dev/null 2>&1
  dpkg-query -W -f '${Package} ${Version} installed by the README line\n' libgesturekit0
  apt-get install -y -qq --no-install-recommends /tmp/gk/*.deb >/dev/null 2>&1
fi
dpkg-query -W -f '${Package} ${Version} ${Depends}\n' libgesturekit0 gesturekitd | sed 's/^/installed: /'
dpkg-query -W -f '${Package} ${Version}\n' libmtdev1t64 libmtdev1 libevdev2 python3 2>/dev/null | sed 's/^/with: /'
gesturekit --version
gesturekit check double-tap-delays-single.trace
gesturekitd --config gesturekitd.conf --check
printf '[daemon]\ngrab = yes\n[gesture two]\nkind = pan\nminimum_number_of_touches = 2\naction = key KEY_F8\n' > two.conf
gesturekitd --config two.conf --dry-run two-finger-drag.events --app-out app.events --actions-out actions.jsonl
echo "dry run: gesture two fired ($(grep -c '"gesture":"two"' actions.jsonl) lines); the app's stream has $(grep -c '^E:' app.events) events (every touch of the recording is the gesture's)"
grep -q '"gesture":"two"' actions.jsonl
python3 -c "
import gesturekit as gk
with gk.Engine(width=800, height=480) as e:
    t = e.tap(e.root)
    e.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 100, 100)])
    e.feed(0.05, [gk.Touch(1, gk.Phase.ENDED, 100, 100)])
    got = [(a.kind.name, a.state.name) for a in e.actions()]
print('python', __import__('sys').version.split()[0], 'gesturekit', gk.__version__, 'library', gk.library_version(), got)
assert got == [('TAP', 'ENDED')], got
"
if dpkg-query -W libgesturekit-dev >/dev/null 2>&1; then
  # The README's firmware line, as written, with nothing installed by hand (issue 69).
  cc kiosk.c $(pkg-config --cflags --libs gesturekit gesturekit-evdev libevdev) -o kiosk
  ./kiosk --help | head -n 1
  mkdir -p project
  cp kiosk.c project/
  printf '#include <gk_sdl.h>\nint main(void) { return 0; }\n' > project/sdl.c
  cat > project/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.25)
project(kiosk C)
find_package(GestureKit 0.6 REQUIRED COMPONENTS pump evdev sdl)
add_executable(kiosk kiosk.c)
target_link_libraries(kiosk PRIVATE GestureKit::evdev)
add_executable(sdl_check sdl.c)
target_link_libraries(sdl_check PRIVATE GestureKit::sdl)
CM
  cmake -S project -B project/build >/dev/null && cmake --build project/build >/dev/null
  project/build/kiosk --help | head -n 1
  echo "development: kiosk.c built with pkg-config and with find_package(GestureKit COMPONENTS pump evdev sdl)"
fi
echo "release check: OK"
EOF
echo "== Debian $1 ($suite) $arch: a fresh root, the packages installed by apt, then run"
mmdebstrap --quiet --variant=apt --arch="$arch" --include="$include" \
  --customize-hook="mkdir -p \"\$1/tmp/gk\"" \
  --customize-hook="copy-in $work/in/. /tmp/gk" \
  --customize-hook='chroot "$1" sh -c "apt-get install -y -qq --no-install-recommends /tmp/gk/*.deb >/tmp/gk/apt.log 2>&1 || { cat /tmp/gk/apt.log; exit 1; }"' \
  --customize-hook='chroot "$1" sh /tmp/gk/check.sh' \
  "$suite" "$work/root" http://deb.debian.org/debian
