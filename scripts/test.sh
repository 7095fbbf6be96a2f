#!/usr/bin/env bash
# Builds everything and runs every test: the Swift core's tests (swift test), then the embedded
# library's C tests (cmocka, also under valgrind), the export/dependency check, the demo, the
# Python binding's tests (pytest), the spec's conformance scenarios and a soak run, all through
# CTest; then the same C tests and soak against an AddressSanitizer build (UBSan in the C code),
# the fuzzer's regression inputs and a short libFuzzer run (GESTUREKIT_FUZZ_SECONDS, default 30);
# last, what needs a real kernel (uinput, udev, libinput, cage, Xorg) in a virtual machine
# (scripts/vm.sh: Debian's kernel under QEMU; GESTUREKIT_VM=no leaves it out, and says so).
# Exits non-zero if any test fails.
set -euo pipefail
case "${1:-}" in
  "") ;;
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "test.sh: takes no arguments (GESTUREKIT_VM=no and GESTUREKIT_FUZZ_SECONDS=N change what runs; test.sh --help)" >&2
     exit 2 ;;
esac
cd "$(dirname "$0")/.."
scripts/deps.sh

echo "== Swift core tests (swift test)"
swift test 2>&1 | grep -v '^\[[0-9]*/[0-9]*\] ' | tail -n 40
test "${PIPESTATUS[0]}" -eq 0

echo "== Embedded library, C, Python and conformance tests (ctest)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE="$(command -v python3)" >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure --parallel "$(nproc)"

echo "== Sanitizer build: ASan+UBSan C tests and soak, fuzzer regressions, a short libFuzzer run"
# The Swift toolchain's own clang has the sanitizer and libFuzzer runtimes that match swiftc.
CLANG="$(dirname "$(command -v swiftc)")/clang"
cmake -S . -B build-san -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CLANG" \
      -DGESTUREKIT_FUZZ=ON -DGESTUREKIT_FUZZ_SECONDS="${GESTUREKIT_FUZZ_SECONDS:-30}" >/dev/null
cmake --build build-san
ctest --test-dir build-san --output-on-failure --parallel "$(nproc)"

echo "== Real kernel: uinput, udev, libinput, cage and Xorg in a virtual machine (scripts/vm.sh)"
if [ "${GESTUREKIT_VM:-yes}" = no ]; then
  echo "NOT RUN: GESTUREKIT_VM=no; the daemon's live path, the uinput tests and the stacks were not tried"
else
  scripts/vm.sh
fi
