# Cross build for 64-bit ARM Linux (Debian arm64: Raspberry Pi 3/4/5, i.MX8, Rockchip), used by
# scripts/cross.sh arm64. Needs gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, qemu-user and the
# arm64 multiarch -dev packages of cmocka, libevdev and mtdev (scripts/cross.sh installs them).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(GESTUREKIT_SWIFT_TARGET aarch64-none-none-elf CACHE STRING "" FORCE)
set(GESTUREKIT_SWIFT_SYSROOT_INCLUDE /usr/aarch64-linux-gnu/include CACHE PATH "" FORCE)
# Tests run under QEMU user mode; the target's loader and libraries come from the cross sysroot and
# from multiarch (/usr/lib/aarch64-linux-gnu).
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
