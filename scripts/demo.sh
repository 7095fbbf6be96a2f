#!/usr/bin/env bash
# Builds libgesturekit.so.0 (Embedded Swift) and runs the demo: a kiosk screen replaying a
# recorded touch trace in real time. Pass --fast to replay without waiting.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target gesturekit-demo
exec ./build/gesturekit-demo "$@"
