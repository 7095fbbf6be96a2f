# Cross build for 32-bit ARM Linux with hard float (Debian armhf: Raspberry Pi OS 32-bit, older
# i.MX6 panels), used by scripts/cross.sh armhf. Needs gcc-arm-linux-gnueabihf,
# libc6-dev-armhf-cross, qemu-user and the armhf multiarch -dev packages of cmocka, libevdev, mtdev.
# The Swift core goes through LLVM IR retargeted to armv7-unknown-linux-gnueabihf (the toolchain's
# embedded armv7 library is soft-float; see docs/ARM.md).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
set(GESTUREKIT_SWIFT_TARGET armv7-none-none-eabi CACHE STRING "" FORCE)
set(GESTUREKIT_SWIFT_VIA_IR_TRIPLE armv7-unknown-linux-gnueabihf CACHE STRING "" FORCE)
set(GESTUREKIT_SWIFT_SYSROOT_INCLUDE /usr/arm-linux-gnueabihf/include CACHE PATH "" FORCE)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm -L /usr/arm-linux-gnueabihf)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/share/pkgconfig)
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf /usr/lib/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
