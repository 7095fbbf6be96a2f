#!/bin/sh
# A tree installed with `cmake --install BUILD --prefix DIR` is usable from DIR: its .pc files name
# DIR (not the configured prefix), and `find_package(GestureKit)` gives GestureKit::gesturekit. A C
# program is built each way against DIR and run.
#   installed_tree.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -u
build=$1; src=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
prefix="$work/prefix"
fail=0
cmake --install "$build" --prefix "$prefix" --component runtime >/dev/null &&
cmake --install "$build" --prefix "$prefix" --component pump >/dev/null &&
cmake --install "$build" --prefix "$prefix" --component dev >/dev/null &&
cmake --install "$build" --prefix "$prefix" --component tools >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
# The SDL adapter, when the build has it (libgesturekit-sdl-dev's files).
have_sdl=0
if [ -f "$build/libgesturekit-sdl.a" ]; then
  cmake --install "$build" --prefix "$prefix" --component sdl >/dev/null && have_sdl=1
fi
# The tool finds the library beside it (a RUNPATH relative to bin/), with no LD_LIBRARY_PATH.
if ! env -u LD_LIBRARY_PATH "$prefix/bin/gesturekit" --version >/dev/null 2>"$work/tool.err"; then
  echo "FAIL: $prefix/bin/gesturekit does not run from the prefix:"; sed 's/^/    /' "$work/tool.err"; fail=1
fi
pc=$(find "$prefix" -name gesturekit.pc | head -n 1)
[ -n "$pc" ] || { echo "FAIL: no gesturekit.pc installed"; exit 1; }
if ! grep -q "^prefix=$prefix\$" "$pc"; then echo "FAIL: $pc does not name the install prefix:"; sed 's/^/    /' "$pc"; fail=1; fi
grep -q "^prefix=$prefix\$" "$(dirname "$pc")/gesturekit-evdev.pc" || { echo "FAIL: gesturekit-evdev.pc prefix"; fail=1; }
[ -f "$prefix/share/man/man3/libgesturekit.3" ] || { echo "FAIL: libgesturekit(3) not installed with the dev component"; fail=1; }
[ -f "$prefix/share/man/man3/libgesturekit-pump.3" ] || { echo "FAIL: libgesturekit-pump(3) not installed with the dev component"; fail=1; }
grep -q "^prefix=$prefix\$" "$(dirname "$pc")/gesturekit-pump.pc" || { echo "FAIL: gesturekit-pump.pc prefix"; fail=1; }
cat > "$work/app.c" <<'C'
#include <gesturekit.h>
#include <stdio.h>
int main(void) {
    gk_engine *e;
    if (gk_engine_create(NULL, &e) != GK_OK) return 1;
    printf("engine from libgesturekit %s\n", gk_version_string());
    gk_engine_destroy(e);
    return 0;
}
C
# pkg-config, against the installed tree.
libdir=$(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --variable=libdir gesturekit)
if PKG_CONFIG_PATH="$(dirname "$pc")" cc "$work/app.c" -o "$work/app-pc" $(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags --libs gesturekit) \
     -Wl,-rpath,"$libdir" && "$work/app-pc" | grep -q "engine from libgesturekit"; then
  echo "ok: pkg-config build and run against $prefix"
else
  echo "FAIL: pkg-config build against the installed tree"; fail=1
fi
# libgesturekit-pump through its pkg-config file, reading one of the project's recordings.
cat > "$work/pump.c" <<'C'
#include <gesturekit-pump.h>
#include <stdio.h>
int main(int argc, char **argv) {
    gk_engine *e;
    gk_pump *p;
    size_t fed;
    gk_pump_stats s;
    if (argc != 2 || gk_engine_create(NULL, &e) != GK_OK) return 1;
    if (gk_pump_open_recording(argv[1], NULL, NULL, 0, &p, NULL, 0) != GK_OK) return 1;
    do {
        if (gk_pump_run(p, e, 1000, 0, &fed) != GK_OK) return 1;
    } while (fed > 0);
    gk_pump_get_stats(p, &s, sizeof s);
    printf("pumped %llu frames\n", (unsigned long long)s.frames);
    gk_pump_close(p);
    gk_engine_destroy(e);
    return 0;
}
C
if cc "$work/pump.c" -o "$work/pump-pc" $(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags --libs gesturekit-pump) \
     -Wl,-rpath,"$libdir" && "$work/pump-pc" "$src/examples/recordings/fast-taps.events" | grep -q "pumped [1-9][0-9]* frames"; then
  echo "ok: pkg-config build of a libgesturekit-pump program, run against $prefix"
else
  echo "FAIL: pkg-config build of a libgesturekit-pump program against the installed tree"; fail=1
fi
# find_package(GestureKit), against the installed tree.
mkdir -p "$work/project"
cp "$work/app.c" "$work/project/app.c"
cat > "$work/project/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.25)
project(app C)
find_package(GestureKit 0.2 REQUIRED)
add_executable(app app.c)
target_link_libraries(app PRIVATE GestureKit::gesturekit)
CM
if cmake -S "$work/project" -B "$work/project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 &&
   cmake --build "$work/project/build" >>"$work/cmake.log" 2>&1 &&
   "$work/project/build/app" | grep -q "engine from libgesturekit"; then
  echo "ok: find_package(GestureKit) build and run against $prefix"
else
  echo "FAIL: find_package(GestureKit)"; sed 's/^/    /' "$work/cmake.log" | tail -n 20; fail=1
fi
# The lower-case name and the pump component: a libgesturekit-pump program through CMake.
mkdir -p "$work/pump-project"
cp "$work/pump.c" "$work/pump-project/pump.c"
cat > "$work/pump-project/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.25)
project(pumped C)
find_package(gesturekit 0.4 REQUIRED COMPONENTS pump)
add_executable(pumped pump.c)
target_link_libraries(pumped PRIVATE GestureKit::pump)
CM
if cmake -S "$work/pump-project" -B "$work/pump-project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake-pump.log" 2>&1 &&
   cmake --build "$work/pump-project/build" >>"$work/cmake-pump.log" 2>&1 &&
   "$work/pump-project/build/pumped" "$src/examples/recordings/fast-taps.events" | grep -q "pumped [1-9][0-9]* frames"; then
  echo "ok: find_package(gesturekit COMPONENTS pump) build and run against $prefix"
else
  echo "FAIL: find_package(gesturekit COMPONENTS pump)"; sed 's/^/    /' "$work/cmake-pump.log" | tail -n 20; fail=1
fi
# The kiosk example (a live panel through libevdev) built with the evdev component's target alone:
# GestureKit::evdev brings libevdev and mtdev (issue 69), and sdl gives the SDL adapter.
mkdir -p "$work/kiosk-project"
cp "$src/examples/kiosk.c" "$work/kiosk-project/"
components="pump evdev"
[ "$have_sdl" = 1 ] && components="pump evdev sdl"
cat > "$work/kiosk-project/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.25)
project(kiosk C)
find_package(GestureKit 0.6 REQUIRED COMPONENTS $components)
add_executable(kiosk kiosk.c)
target_link_libraries(kiosk PRIVATE GestureKit::evdev)
CM
if [ "$have_sdl" = 1 ]; then
  printf '#include <gk_sdl.h>\nint main(void) { return 0; }\n' > "$work/kiosk-project/sdl.c"
  printf 'add_executable(sdl_check sdl.c)\ntarget_link_libraries(sdl_check PRIVATE GestureKit::sdl)\n' >> "$work/kiosk-project/CMakeLists.txt"
fi
if cmake -S "$work/kiosk-project" -B "$work/kiosk-project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake-kiosk.log" 2>&1 &&
   cmake --build "$work/kiosk-project/build" >>"$work/cmake-kiosk.log" 2>&1 &&
   "$work/kiosk-project/build/kiosk" --help | grep -q "^usage: kiosk"; then
  echo "ok: examples/kiosk.c built with find_package(GestureKit COMPONENTS $components) and GestureKit::evdev alone"
else
  echo "FAIL: examples/kiosk.c with GestureKit::evdev"; sed 's/^/    /' "$work/cmake-kiosk.log" | tail -n 20; fail=1
fi
# A component that does not exist is an error, as CMake's convention says, and the message names it
# and the ones there are, not CMake's generic text.
mkdir -p "$work/bad-project"
printf 'cmake_minimum_required(VERSION 3.25)\nproject(bad C)\nfind_package(GestureKit REQUIRED COMPONENTS frobnicate)\n' \
  > "$work/bad-project/CMakeLists.txt"
if cmake -S "$work/bad-project" -B "$work/bad-project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake-bad.log" 2>&1; then
  echo "FAIL: find_package(GestureKit COMPONENTS frobnicate) succeeded"; fail=1
elif ! tr -s ' \n' ' ' < "$work/cmake-bad.log" | grep -q "frobnicate: no such component (there are pump, evdev and sdl)"; then
  echo "FAIL: the message for a component that does not exist:"; sed 's/^/    /' "$work/cmake-bad.log" | head -n 12; fail=1
else
  echo "ok: find_package(GestureKit COMPONENTS frobnicate) says there are pump, evdev and sdl"
fi
[ "$fail" -eq 0 ] && echo "installed tree: pkg-config and find_package both work"
exit "$fail"
