#!/usr/bin/env bash
# Builds the Debian packages from the tree, checks them with lintian, installs them, builds and
# runs the C kiosk example and the C++ wrapper test against the installed files (pkg-config),
# runs the Python tests against the installed module, and removes the packages again.
# The .debs end up in build/packages/. Needs root or sudo (apt-get install).
#
#   scripts/package.sh            native packages, installed and used as above
#   scripts/package.sh arm64|armhf   cross-built packages for that architecture (docs/ARM.md): built
#                                 with the toolchain file, the symbols file checked (dh_makeshlibs
#                                 -c4), lintian, and the library's dependencies and exports checked;
#                                 they cannot be installed here. The .debs end up in build/packages-ARCH/.
# --help: this header, without its comment marks.
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
set -euo pipefail
cd "$(dirname "$0")/.."
arch="${1:-}"
# shellcheck source=scripts/apt_install.sh
. scripts/apt_install.sh
# The package version, from the newest debian/changelog entry (Tests/tools/versions_agree.py checks
# that it is the library's version).
version=$(sed -n '1s/^gesturekit (\([^)]*\)).*/\1/p' debian/changelog)
[ -n "$version" ] || { echo "package: no version in the first line of debian/changelog" >&2; exit 1; }

# dpkg-buildpackage writes its results beside the source tree. Build in a copy under build/deb/, so
# that nothing outside the project's build folder is written or deleted (a user's own .debs in the
# folder above the clone stay as they are). build_debs OUT LOG COMMAND...: the .debs, .changes and
# .buildinfo end up in OUT.
build_debs() {
  local out=$1 log=$2 top=build/deb
  shift 2
  rm -rf "$top"
  mkdir -p "$top/gesturekit"
  tar --exclude=./build --exclude='./build-*' --exclude='./obj-*' --exclude=./.build --exclude=./.git -cf - . |
    tar -xf - -C "$top/gesturekit"
  # Debian's Python builds the Debian packages (pybuild runs python3.X from PATH): a pyenv or
  # other Python put first on PATH is left out for the build.
  local debian_path
  debian_path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e '/\.pyenv/' -e '/venv/bin$' | paste -sd: -)
  (cd "$top/gesturekit" && PATH="$debian_path" "$@") >"$log" 2>&1 || { tail -40 "$log"; return 1; }
  rm -rf "$out"
  mkdir -p "$out"
  mv "$top"/*.deb "$top"/*.changes "$top"/*.buildinfo "$out/"
  rm -rf "$top"
}
if [ -n "$arch" ]; then
  case "$arch" in arm64|armhf) ;; *) echo "usage: scripts/package.sh [arm64|armhf]" >&2; exit 2 ;; esac
  scripts/cross.sh "$arch" >/dev/null   # the cross tools and the target's -dev packages, and a tested build
  for p in debhelper lintian; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      apt_install "$p"
  done
  echo "== dpkg-buildpackage -a $arch (cross, architecture-dependent packages)"
  mkdir -p build
  out="build/packages-$arch"
  build_debs "$out" "$PWD/build/dpkg-buildpackage-$arch.log" \
    env DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -B -d -a "$arch" -Pnocheck
  ls "$out"
  echo "== lintian --pedantic (any tag fails)"
  lintian --pedantic -I -E --fail-on error,warning,info,pedantic "$out/gesturekit_${version}_$arch.changes" 2>&1 |
    grep -v "running with root privileges" || true
  lintian --pedantic -I -E --fail-on error,warning,info,pedantic "$out/gesturekit_${version}_$arch.changes" >/dev/null 2>&1
  echo "== the packaged library: dependencies and exports"
  dpkg-deb -x "$out/libgesturekit0_${version}_$arch.deb" "$out/root"
  so=$(find "$out/root" -name 'libgesturekit.so.0.*' | head -n 1)
  cmake -DLIB="$so" -DNM=nm -DREADELF=readelf -DHEADER=include/gesturekit.h -P cmake/check_exports.cmake
  dpkg-deb -x "$out/libgesturekit-pump0_${version}_$arch.deb" "$out/root"
  so=$(find "$out/root" -name 'libgesturekit-pump.so.0.*' | head -n 1)
  cmake -DLIB="$so" -DNM=nm -DREADELF=readelf -DHEADER=include/gesturekit-pump.h -DAPI=GESTUREKIT_PUMP_API \
        -DNODE=GESTUREKIT_PUMP -DSONAME=libgesturekit-pump.so.0 -DMIN=8 \
        "-DNEEDS=libgesturekit\\.so\\.0|libmtdev\\.so\\.1|libevdev\\.so\\.2" -P cmake/check_exports.cmake
  echo "package $arch: OK"
  exit 0
fi
scripts/deps.sh
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
need=()
for p in debhelper dh-python pybuild-plugin-pyproject python3-all python3-pip python3-setuptools lintian libevdev-dev g++ python3-pytest \
         libcmocka-dev valgrind; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if ((${#need[@]})); then
  echo "package: installing ${need[*]}"
  apt_install "${need[@]}"
fi

echo "== dpkg-buildpackage (the test suite already ran: nocheck)"
mkdir -p build   # the log goes there; in a fresh clone nothing has made it yet
build_debs build/packages "$PWD/build/dpkg-buildpackage.log" \
  env DEB_BUILD_OPTIONS=nocheck DEB_BUILD_PROFILES=nocheck dpkg-buildpackage -us -uc -b
ls build/packages

echo "== lintian --pedantic (any tag fails)"
lintian --pedantic -I -E --fail-on error,warning,info,pedantic build/packages/gesturekit_${version}_*.changes 2>&1 |
  grep -v "running with root privileges" || true
lintian --pedantic -I -E --fail-on error,warning,info,pedantic build/packages/gesturekit_${version}_*.changes >/dev/null 2>&1

echo "== install"
debs=(build/packages/libgesturekit0_*.deb build/packages/libgesturekit-pump0_*.deb build/packages/libgesturekit-dev_*.deb
      build/packages/libgesturekit-sdl-dev_*.deb
      build/packages/python3-gesturekit_*.deb build/packages/gesturekit-tools_*.deb build/packages/gesturekitd_*.deb
      build/packages/gesturekit-web_*.deb)
$SUDO apt-get install -y -qq --no-install-recommends "${debs[@]/#/./}" >/dev/null
trap '$SUDO apt-get purge -y -qq libgesturekit0 libgesturekit-pump0 libgesturekit-dev libgesturekit-sdl-dev python3-gesturekit gesturekit-tools gesturekitd gesturekit-web >/dev/null' EXIT

echo "== gesturekitd (installed): its user, unit, udev rule and conffile"
id gesturekitd
# Its own groups (gesturekitd-io: /dev/uinput and the touchscreens; gesturekit: the socket), never
# input: the postinst takes a 0.4.0 install's user out of it.
for g in gesturekitd-io gesturekit; do
  id -nG gesturekitd | tr ' ' '\n' | grep -qx "$g" || { echo "package: user gesturekitd is not in group $g" >&2; exit 1; }
done
if id -nG gesturekitd | tr ' ' '\n' | grep -qx input; then
  echo "package: user gesturekitd is still in group input" >&2; exit 1
fi
for f in /usr/lib/systemd/system/gesturekitd.service /lib/systemd/system/gesturekitd.service; do
  [ -f "$f" ] && unit=$f
done
[ -n "${unit:-}" ] || { echo "package: no gesturekitd.service installed" >&2; exit 1; }
ls /usr/lib/udev/rules.d/70-gesturekitd.rules /lib/udev/rules.d/70-gesturekitd.rules 2>/dev/null | head -n 1
dpkg-query -W -f='${Conffiles}\n' gesturekitd | grep -q /etc/gesturekit/gesturekitd.conf ||
  { echo "package: /etc/gesturekit/gesturekitd.conf is not a conffile" >&2; exit 1; }
gesturekitd --config /etc/gesturekit/gesturekitd.conf --check
# The recipes ship beside their recordings, and run as the documentation says (issue 69).
(cd /usr/share/doc/gesturekitd/examples && ls ./*.conf ./*.events* &&
  gesturekitd --config cleaning.conf --dry-run cleaning.events --app-out /dev/null >/dev/null)
systemd-analyze verify "$unit"

echo "== gesturekit-web (installed): the WebAssembly engine gives the native digest under Node"
ls /usr/share/gesturekit/web/gesturekit.wasm /usr/share/gesturekit/web/gesturekit.js /usr/share/gesturekit/web/layouts.js \
   /usr/share/gesturekit/web/pointer_events.js /usr/share/gesturekit/web/gesturekit.d.ts /usr/share/gesturekit/web/package.json
mkdir -p build/installed
python3 bench/workload.py --sequences 300 --seed 0x5EED0001 -o build/installed/workload-smoke.txt
web_digest=$(node Tests/web/digest.mjs /usr/share/gesturekit/web build/installed/workload-smoke.txt)
echo "$web_digest"
[ "$web_digest" = "digest: b032a3fbecb4c158 over 11792 entries (dropped 0)" ] ||
  { echo "package: the installed WebAssembly engine gives another digest" >&2; exit 1; }

echo "== the C kiosk example against the installed package (pkg-config)"
out=build/installed
mkdir -p "$out"
cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror examples/kiosk.c \
   $(pkg-config --cflags --libs gesturekit gesturekit-evdev libevdev) -o "$out/kiosk"
"$out/kiosk" --replay examples/recordings/two-finger-drag.events | tail -3

echo "== a libgesturekit-pump program against the installed package (pkg-config gesturekit-pump)"
sed -n '/^\.SH EXAMPLE/,/^\.fi/p' docs/man/libgesturekit-pump.3 | sed '1,2d;$d' | sed 's/\\e/\\/g' >"$out/pump_taps.c"
cc -std=c11 -Wall -Wextra -Werror "$out/pump_taps.c" $(pkg-config --cflags --libs gesturekit-pump) -o "$out/pump_taps"
"$out/pump_taps" examples/recordings/fast-taps.events

echo "== the C++ wrapper test against the installed headers"
c++ -std=c++17 -Wall -Wextra -Werror Tests/cpp/test_wrapper.cpp $(pkg-config --cflags --libs gesturekit) \
    -o "$out/test_cpp_wrapper"
"$out/test_cpp_wrapper"

echo "== the SDL kiosk example against the installed adapter (pkg-config gesturekit-sdl), played headless"
cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror /usr/share/doc/libgesturekit-sdl-dev/examples/sdl_kiosk.c \
   $(pkg-config --cflags --libs gesturekit-sdl SDL2_ttf) -o "$out/sdl_kiosk"
SDL_VIDEODRIVER=dummy "$out/sdl_kiosk" --demo | tail -2

echo "== gesturekit (installed) on a trace, and its view drawing a recording (the packaged font)"
gesturekit check Tests/traces/double-tap-delays-single.trace
gesturekit view examples/recordings/two-finger-drag.events --screenshot "$out/view.png" --at 0.5 2>&1 | tee "$out/view.txt"
if grep -q "no font" "$out/view.txt"; then echo "package: gesturekit view found no font" >&2; exit 1; fi

echo "== Python tests against the installed module (the system python3, where the package installs)"
# The package carries pip's metadata: importlib.metadata and pip know it, at the library's version.
(cd /tmp && env -u PYTHONPATH -u GESTUREKIT_LIBRARY /usr/bin/python3 -c "
import importlib.metadata, gesturekit
meta = importlib.metadata.version('gesturekit')
print('module:', gesturekit.__file__, 'metadata', meta, 'library', gesturekit.library_version(), gesturekit.library_path())
assert meta == gesturekit.__version__ == gesturekit.library_version(), 'versions differ'")
/usr/bin/python3 -m pip show gesturekit 2>/dev/null | grep -E '^(Name|Version|Location):'

(cd /tmp && env -u PYTHONPATH -u GESTUREKIT_LIBRARY /usr/bin/python3 -m pytest -q -p no:cacheprovider "$OLDPWD/bindings/python/tests" | tail -2)
echo "== pip install of the binding, using a library given by path"
rm -rf build/pip-target
/usr/bin/python3 -m pip install -q --no-build-isolation --no-deps --target build/pip-target bindings/python 2>&1 |
  grep -v "WARNING: Running pip as the 'root' user" || true
# The installed library, by path: package.sh must also work as the first command in a fresh clone,
# where no build/libgesturekit.so.0 exists yet.
lib="/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libgesturekit.so.0"
(cd /tmp && env PYTHONPATH="$OLDPWD/build/pip-target" GESTUREKIT_LIBRARY="$lib" \
   /usr/bin/python3 -c "import gesturekit as gk; e = gk.Engine(); print('pip-installed module:', gk.__file__, gk.library_version())")
echo "== purge gesturekitd: none of its files stay (its system user and groups do, as Debian leaves them)"
$SUDO apt-get purge -y -qq gesturekitd >/dev/null
trap '$SUDO apt-get purge -y -qq libgesturekit0 libgesturekit-pump0 libgesturekit-dev libgesturekit-sdl-dev python3-gesturekit gesturekit-tools >/dev/null' EXIT
if [ -e /etc/gesturekit/gesturekitd.conf ] || [ -e /usr/sbin/gesturekitd ]; then
  echo "package: gesturekitd left files behind after purge" >&2; exit 1
fi
# A purge keeps the system user and its groups, as Debian packages do (files the user owns
# elsewhere must never pass to a new user that reuses its uid): that is said, not an accident.
id gesturekitd >/dev/null || { echo "package: the purge removed user gesturekitd" >&2; exit 1; }
echo "package: OK"
