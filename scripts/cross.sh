#!/usr/bin/env bash
# Cross-builds GestureKit for an ARM kiosk and runs its C tests under QEMU user mode:
#   scripts/cross.sh arm64    (Debian arm64)      scripts/cross.sh armhf    (Debian armhf)
# Builds, through CMake and the toolchain file cmake/toolchains/<triple>.cmake, the library, the evdev
# library, the gesturekit tool, the examples and the C tests into build-<arch>/, then runs CTest there
# (cmocka suites, soak, trace and tool tests, the ABI layout and double-passing tests). Installs what it
# needs from Debian when it is missing: the cross compiler, qemu-user, and the target's multiarch
# libcmocka-dev, libevdev-dev, libmtdev-dev, libudev-dev, libsystemd-dev, and libsdl2-dev,
# libsdl2-ttf-dev and libpng-dev (the SDL adapter and gesturekit view). The Swift toolchain (swiftc on PATH) is a prerequisite.
# --help: this header, without its comment marks.
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
set -euo pipefail
cd "$(dirname "$0")/.."
arch="${1:-}"
case "$arch" in
  arm64) triple=aarch64-linux-gnu; toolchain=cmake/toolchains/arm64-linux-gnu.cmake
         tools=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross) ;;
  armhf) triple=arm-linux-gnueabihf; toolchain=cmake/toolchains/armhf-linux-gnueabihf.cmake
         tools=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross) ;;
  *) echo "usage: scripts/cross.sh arm64|armhf" >&2; exit 2 ;;
esac
scripts/deps.sh
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
need=()
for p in "${tools[@]}" qemu-user "libcmocka-dev:$arch" "libevdev-dev:$arch" "libmtdev-dev:$arch" "libudev-dev:$arch" "libsystemd-dev:$arch" \
         "libsdl2-dev:$arch" "libsdl2-ttf-dev:$arch" "libpng-dev:$arch"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if ((${#need[@]})); then
  echo "cross: installing ${need[*]}"
  if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    # The cross packages (libc6-dev:$arch and friends) need it; it changes this machine's apt setup.
    echo "cross: adding the dpkg architecture $arch to this machine (dpkg --add-architecture $arch)" >&2
    $SUDO dpkg --add-architecture "$arch"
  fi
  # shellcheck source=scripts/apt_install.sh
  . scripts/apt_install.sh
  apt_install "${need[@]}"
fi
cmake -S . -B "build-$arch" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$toolchain" >/dev/null
cmake --build "build-$arch"
lib="build-$arch/libgesturekit.so.0"
echo "== $lib: $(file -b "$lib" | cut -d, -f1-2)"
echo "   needs: $(readelf -d "$lib" | grep NEEDED | grep -o '\[.*\]' | tr -d '[]' | tr '\n' ' ')"
echo "   exports: $(nm -D --defined-only "$lib" | awk '{print $3}' | grep -vc '^gk_') symbols not named gk_*"
ctest --test-dir "build-$arch" --output-on-failure --timeout 600 --parallel "$(nproc)"
