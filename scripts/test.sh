#!/usr/bin/env bash
# Builds everything and runs every test: the Swift core's tests (swift test), then the embedded
# library's C tests (cmocka, also under valgrind), the export/dependency check, the demo, the
# Python binding's tests (pytest) and the spec's conformance scenarios, all through CTest.
# Exits non-zero if any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh

echo "== Swift core tests (swift test)"
swift test 2>&1 | grep -v '^\[[0-9]*/[0-9]*\] ' | tail -n 40
test "${PIPESTATUS[0]}" -eq 0

echo "== Embedded library, C, Python and conformance tests (ctest)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE="$(command -v python3)" >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure
