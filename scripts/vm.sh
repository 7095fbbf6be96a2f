#!/usr/bin/env bash
# Runs the tests that need a real kernel (uinput, udev, libinput, a compositor, X) in a virtual
# machine: Debian's own kernel booted with virtme-ng under QEMU, with this machine's root filesystem
# seen read-only and the build tree writable (docs/DAEMON.md, "What is proved").
#
#   scripts/vm.sh                  the core set: the uinput CTest cases, what the daemon refuses
#                                  live, the readers opened on a used panel, a storm of 1,000
#                                  reloads (Tests/vm/readers.py, storm.py), then gesturekitd with
#                                  libinput, cage + wev and Xorg + xinput,
#                                  and apps that act on touches (Tests/vm/apps.py): Qt 6 Widgets and
#                                  Qt Quick (libinput), Chromium on Xorg and on weston
#   scripts/vm.sh --full           the whole matrix (docs/DAEMON.md's tables): also sway, weston,
#                                  Chromium on Xorg, weston and cage, Qt 6 (evdevtouch and libinput), both
#                                  cancel styles, Qt on weston, every app with landing_window = 0
#                                  (what a claim did before), and the stacks' own limitations (KNOWN lines)
#   scripts/vm.sh STACK...         only these stacks (guest.py's names; "STACK:key = value" adds a
#                                  line to the daemon's [daemon] section)
#   scripts/vm.sh --release 13 [--full | STACK...]
#                                  the same in a Debian 13 root (scripts/vm_root.sh makes and caches
#                                  it): by default libinput, cage 0.2 with wev, and Chromium in cage
#                                  with the page of buttons; --full adds labwc, sway, weston, Xorg
#                                  and Qt 6.8. Results: build/vm/out-13/
#
# Installs what it needs when it is missing: QEMU, a Debian kernel package, busybox-static, udev,
# the stacks and their clients (Debian packages), and virtme-ng from PyPI in a venv under build/vm/.
# Uses KVM when a probe boot with it succeeds, TCG otherwise (nested KVM hangs on some machines).
# The build tree must exist (cmake --build build). Results: build/vm/out/results.txt; each client's
# output beside it. Exits non-zero when any check fails or the machine does not boot.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build="$root/build"
vmdir="$build/vm"
out="$vmdir/out"
full=no
release=12
stacks=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  arg=${args[i]}
  case "$arg" in
    --full) full=yes ;;
    --release) i=$((i + 1)); release=${args[i]:-} ;;
    --release=*) release=${arg#--release=} ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) stacks+=("$arg") ;;
  esac
done
case "$release" in
  12) ;;
  13) out="$vmdir/out-13" ;;
  *) echo "vm: --release takes 12 (this machine's own root) or 13 (a Debian 13 root made by scripts/vm_root.sh)" >&2; exit 2 ;;
esac
if [ ${#stacks[@]} -eq 0 ] && [ "$release" = 13 ]; then
  if [ "$full" = yes ]; then
    # Debian 13: every stack of Debian 12's matrix, cage 0.2 and labwc with Chromium, and the apps.
    stacks=(daemon readers libinput cage x sway weston chromium-x chromium-cage chromium-labwc chromium-weston
            qt-libinput "libinput:cancel = palm"
            apps-qt-widgets apps-qt-quick apps-chromium-x apps-chromium-weston apps-chromium-cage apps-chromium-labwc
            apps-qt-widgets-weston apps-qt-quick-weston)
  else
    # CI's Debian 13 set: libinput, cage 0.2 with a Wayland client, and Chromium in cage (the kiosk
    # guides' recipe, which works from cage 0.2 on) with the page of buttons that act.
    stacks=(libinput cage apps-chromium-cage)
  fi
fi
if [ ${#stacks[@]} -eq 0 ]; then
  if [ "$full" = yes ]; then
    # Every stack with the default (cancel = lift), palm where it works, and what the stacks
    # themselves get wrong (known=...: docs/DAEMON.md's table), so that a fixed stack shows up.
    stacks=(daemon readers storm libinput cage x sway weston chromium-x chromium-weston qt-libinput
            "libinput:cancel = palm" "x:cancel = palm" "chromium-x:cancel = palm"
            "cage:cancel = palm;known=claimed-touch" "sway:cancel = palm;known=claimed-touch"
            "weston:cancel = palm;known=claimed-touch"
            "chromium-weston:cancel = palm;known=claimed-touch;known=next-touch-after-claim"
            "qt-libinput:cancel = palm;known=next-touch-after-claim;known=zone-chain-fails-tap-arrives"
            "chromium-cage:bare;known=touch-without-daemon" "qt-evdevtouch:bare;known=four-fingers-without-daemon")
    # Apps that act: each with the default landing window, and with none, where the system
    # gestures of several fingers act in the app (documented as KNOWN: what the window fixes).
    before="landing_window = 0;known=hold3-together-acts-nothing;known=hold3-60ms-apart-acts-nothing;known=swipe4-acts-nothing"
    before+=";known=hold3-100ms-apart-is-the-apps;known=hold3-150ms-apart-is-the-apps"
    for app in apps-qt-widgets apps-qt-quick apps-chromium-x apps-chromium-weston apps-qt-widgets-weston apps-qt-quick-weston; do
      stacks+=("$app" "$app:$before")
    done
  else
    stacks=(daemon readers storm libinput cage x apps-qt-widgets apps-qt-quick apps-chromium-x apps-chromium-weston)
  fi
fi
[ -x "$build/gesturekitd" ] || { echo "vm: $build/gesturekitd is missing: build first (cmake --build build)" >&2; exit 1; }

# ---- what the guest needs, installed here (the guest sees this machine's files) ----
# shellcheck source=scripts/apt_install.sh
. scripts/apt_install.sh
need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
ls /boot/vmlinuz-* >/dev/null 2>&1 || need+=(linux-image-amd64)
dpkg -s busybox-static >/dev/null 2>&1 || need+=(busybox-static)   # virtme-ng's init needs a static busybox
command -v udevadm >/dev/null || need+=(udev)
command -v libinput >/dev/null || need+=(libinput-tools)
command -v cage >/dev/null || need+=(cage)
command -v wev >/dev/null || need+=(wev)
command -v seatd >/dev/null || need+=(seatd)
command -v Xwayland >/dev/null || need+=(xwayland)
command -v Xorg >/dev/null || need+=(xserver-xorg-core)
[ -e /usr/lib/xorg/modules/drivers/dummy_drv.so ] || need+=(xserver-xorg-video-dummy)
[ -e /usr/lib/xorg/modules/input/libinput_drv.so ] || need+=(xserver-xorg-input-libinput)
command -v xinput >/dev/null || need+=(xinput)
command -v stdbuf >/dev/null || need+=(coreutils)
/usr/bin/python3 -c "import libevdev" 2>/dev/null || need+=(python3-libevdev)
/usr/bin/python3 -c "import venv, ensurepip" 2>/dev/null || need+=(python3-venv)
[ "$release" = 13 ] || for s in "${stacks[@]}"; do   # Debian 13's stacks are in its own root
  case "${s%%:*}" in
    sway) command -v sway >/dev/null || need+=(sway) ;;
    chromium-*) command -v chromium >/dev/null || need+=(chromium) ;;
    qt-*) /usr/bin/python3 -c "import PyQt6.QtWidgets" 2>/dev/null || need+=(python3-pyqt6 qt6-qpa-plugins) ;;
    weston) command -v weston >/dev/null || need+=(weston) ;;
    apps-chromium-*) command -v chromium >/dev/null || need+=(chromium) ;;
    apps-qt-*)
      /usr/bin/python3 -c "import PyQt6.QtWidgets, PyQt6.QtQuick" 2>/dev/null ||
        need+=(python3-pyqt6 python3-pyqt6.qtquick qt6-qpa-plugins)
      # Qt Quick's QML modules (Button, GridLayout), which the Python binding does not pull in.
      dpkg -s qml6-module-qtquick-controls qml6-module-qtquick-layouts >/dev/null 2>&1 ||
        need+=(qml6-module-qtquick qml6-module-qtqml qml6-module-qtquick-controls qml6-module-qtquick-templates
               qml6-module-qtquick-layouts qml6-module-qtquick-window qml6-module-qtqml-workerscript) ;;
  esac
  case "${s%%:*}" in
    apps-*-weston) command -v weston >/dev/null || need+=(weston)
                   [ "${s#apps-qt}" = "$s" ] || dpkg -s qt6-wayland >/dev/null 2>&1 || need+=(qt6-wayland) ;;
  esac
done
if ((${#need[@]})); then
  echo "vm: installing ${need[*]}"
  apt_install "${need[@]}"
fi
kernel=$(ls -1 /boot/vmlinuz-* | sort -V | tail -n 1)

# virtme-ng from PyPI, in a venv of Debian's Python (its vng calls virtme-run through the shell).
if [ ! -x "$vmdir/venv/bin/vng" ]; then
  echo "vm: installing virtme-ng in $vmdir/venv"
  rm -rf "$vmdir/venv"
  /usr/bin/python3 -m venv "$vmdir/venv"
  "$vmdir/venv/bin/pip" install --quiet "virtme-ng==1.42"
fi
export PATH="$vmdir/venv/bin:$PATH"
mkdir -p "$out"
rm -f "$out"/*.log "$out"/results.txt "$out"/delays.txt "$out"/ctest-uinput.status

# KVM when it works here; a probe boot that does not finish in 40 s means it does not.
accel=(--disable-kvm)
if [ -w /dev/kvm ] && [ "${GESTUREKIT_VM_KVM:-auto}" != no ]; then
  if timeout 40 vng -r "$kernel" --memory 1G --exec "true" >/dev/null 2>&1; then
    accel=()
  fi
fi
echo "vm: kernel $kernel, $([ ${#accel[@]} -eq 0 ] && echo KVM || echo "TCG (software emulation)"), stacks: ${stacks[*]}"

# One boot: the uinput CTest cases, then the stacks. Each stack has its own bound in guest.py.
# The stacks go in a file: the guest's script travels on the kernel's command line, which holds
# 2048 bytes on x86 (a longer one was cut, and the guest hung at boot).
printf '%s\n' "${stacks[@]}" > "$out/stacks.txt"
# Debian 12 runs in this machine's root (read-only) with the build tree writable; Debian 13 in its
# own root (scripts/vm_root.sh), with this tree writable at the same path (virtme-ng mounts one
# folder over another read-only). The uinput CTest cases run on Debian 12 (ctest is this machine's).
ctest_step="cd '$root' && ctest --test-dir '$build' -R uinput --output-on-failure > '$out/ctest-uinput.log' 2>&1;
echo ctest-uinput=\$? > '$out/ctest-uinput.status';"
where=(--rwdir "$build")
if [ "$release" = 13 ]; then
  guest_root=$(scripts/vm_root.sh 13)
  # The tree is mounted at its own path inside the cached root: a clone elsewhere needs its folder.
  [ -d "$guest_root$root" ] || $( [ "$(id -u)" -eq 0 ] || echo sudo ) mkdir -p "$guest_root$root"
  where=(--root "$guest_root" --rwdir "$root=$root")
  ctest_step=""
fi
guest="modprobe uinput && (test -e /run/udev/control || /lib/systemd/systemd-udevd --daemon) && udevadm trigger && udevadm settle;
$ctest_step
/usr/bin/python3 '$root/Tests/vm/guest.py' '$build' '$out' '@$out/stacks.txt'"
set +e
# A PC machine with a virtio GPU (not virtme-ng's microvm), so that weston's DRM backend has a card.
timeout $((300 + 420 * ${#stacks[@]})) vng -r "$kernel" "${accel[@]}" --memory 3G --cpus 2 "${where[@]}" \
  --disable-microvm --qemu-opts="-device virtio-gpu-pci" \
  --exec "$guest" 2>&1 | tee "$out/console.log" | grep -E '^(PASS|FAIL|KNOWN|DELAY|VERSIONS|==|RESULT)|took|arrived|writes'
rc=${PIPESTATUS[0]}
set -e

# The uinput CTest cases count only when they ran: skipped there is a failure.
ctest_ok=no
if [ -f "$out/ctest-uinput.status" ] && grep -q "ctest-uinput=0" "$out/ctest-uinput.status" &&
   ! grep -qi "skipped\|not run" "$out/ctest-uinput.log"; then
  ctest_ok=yes
elif [ "$release" = 13 ]; then
  ctest_ok="run on Debian 12"
fi
grep -E "Test +#|tests passed" "$out/ctest-uinput.log" 2>/dev/null | sed 's/^/vm: ctest: /' || true
if [ "$ctest_ok" = no ]; then
  echo "vm: FAIL: the uinput CTest cases did not all pass in the machine ($out/ctest-uinput.log)"
fi
if [ ! -f "$out/results.txt" ]; then
  echo "vm: FAIL: the machine gave no results (exit $rc); see $out/console.log"
  exit 1
fi
failed=$(grep -c '^FAIL' "$out/results.txt" || true)
passed=$(grep -c '^PASS' "$out/results.txt" || true)
known=$(grep -c '^KNOWN' "$out/results.txt" || true)
echo "vm: $passed checks passed, $failed failed, $known known limitations of the stacks; uinput CTest cases: $ctest_ok"
[ "$failed" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$ctest_ok" != no ]
