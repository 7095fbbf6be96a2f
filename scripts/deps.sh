#!/usr/bin/env bash
# Installs what the build and the tests need on Debian, when it is missing:
# cmake, ninja, pkg-config, cmocka, libevdev, mtdev, libudev and libsystemd (gesturekitd), SDL2 (the
# SDL adapter, tested headless), SDL2_ttf, libpng and the DejaVu fonts (gesturekit view), systemd
# (systemd-analyze verify on its unit), valgrind, binutils, python3 with pytest and
# prometheus_client (the reference parser the metrics test uses), espeak-ng (the accessible kiosk
# speaks with it; its test writes the speech to WAV files), wasi-libc and Node.js (the WebAssembly build
# and its tests), TypeScript and npm (the web package's declarations and packing), Chromium (the web example's
# test in a real browser).
# The Swift toolchain (swiftc on PATH, 6.3 or later) is a prerequisite, not installed here.
# --help: this header, without its comment marks.
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
set -euo pipefail

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
command -v cc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
command -v c++ >/dev/null 2>&1 || missing+=(g++)
command -v nm >/dev/null 2>&1 || missing+=(binutils)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
if ! pkg-config --exists cmocka 2>/dev/null; then missing+=(libcmocka-dev); fi
if ! pkg-config --exists libevdev 2>/dev/null; then missing+=(libevdev-dev); fi
if ! pkg-config --exists mtdev 2>/dev/null; then missing+=(libmtdev-dev); fi
if ! pkg-config --exists libudev 2>/dev/null; then missing+=(libudev-dev); fi
if ! pkg-config --exists libsystemd 2>/dev/null; then missing+=(libsystemd-dev); fi
if ! pkg-config --exists sdl2 2>/dev/null; then missing+=(libsdl2-dev); fi
if ! pkg-config --exists SDL2_ttf 2>/dev/null; then missing+=(libsdl2-ttf-dev); fi
if ! pkg-config --exists libpng 2>/dev/null; then missing+=(libpng-dev); fi
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing+=(fonts-dejavu-core)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
[ -f /usr/include/wasm32-wasi/math.h ] && [ -f /usr/lib/wasm32-wasi/libc.a ] || missing+=(wasi-libc)
command -v node >/dev/null 2>&1 || command -v nodejs >/dev/null 2>&1 || missing+=(nodejs)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ! python3 -c "import pytest" >/dev/null 2>&1; then missing+=(python3-pytest); fi
if ! python3 -c "import prometheus_client" >/dev/null 2>&1; then missing+=(python3-prometheus-client); fi

if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  # shellcheck source=scripts/apt_install.sh
  . "$(dirname "$0")/apt_install.sh"
  apt_install "${missing[@]}"
fi

# A python3 that is not Debian's (pyenv, a venv) does not see Debian's python3-* packages.
for module in pytest prometheus_client; do
  if ! python3 -c "import $module" >/dev/null 2>&1; then
    echo "deps: python3 has no $module; installing it with pip"
    python3 -m pip install --quiet "$module" || python3 -m pip install --quiet --break-system-packages "$module"
  fi
done

if ! command -v swiftc >/dev/null 2>&1; then
  echo "deps: swiftc not found on PATH; install the Swift toolchain (6.3 or later) first" >&2
  exit 1
fi
