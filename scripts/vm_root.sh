#!/usr/bin/env bash
# Makes (once) and prints the path of a Debian root for scripts/vm.sh --release N: the release's own
# packages of every stack the VM tests (compositors, Xorg, Chromium, Qt, libinput, udev, Python),
# made with mmdebstrap from Debian's mirror, with this machine's kernel modules copied in so that
# this machine's kernel boots it. Cached under ${XDG_CACHE_HOME:-~/.cache}/gesturekit/ and made
# again when the package list or the kernel changes.
#
#   scripts/vm_root.sh 13       Debian 13 (trixie)
#   scripts/vm_root.sh --help
#
# Needs mmdebstrap (installed when missing) and the network; about 4 minutes and 2.5 GB.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  13) suite=trixie ;;
  "") usage >&2; exit 2 ;;
  *) echo "vm_root.sh: no root for Debian ${1}: 13 is the one made here (12 is this machine's own)" >&2; exit 2 ;;
esac
kernel=$(ls -1 /boot/vmlinuz-* | sort -V | tail -n 1)
version=${kernel#/boot/vmlinuz-}
packages=(udev kmod procps coreutils busybox-static python3 python3-libevdev libinput-tools evemu-tools strace
          libevdev2 libmtdev1t64 libudev1 libsystemd0 libsdl2-2.0-0
          seatd cage wev labwc sway weston xwayland xserver-xorg-core xserver-xorg-video-dummy
          xserver-xorg-input-libinput xinput chromium fonts-dejavu-core
          python3-pyqt6 python3-pyqt6.qtquick qt6-qpa-plugins qt6-wayland qml6-module-qtquick qml6-module-qtqml
          qml6-module-qtquick-controls qml6-module-qtquick-templates qml6-module-qtquick-layouts
          qml6-module-qtquick-window qml6-module-qtqml-workerscript)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gesturekit
root=$cache/vm-$suite
stamp="$suite $version ${packages[*]}"
if [ -f "$root/.gesturekit-root" ] && [ "$(cat "$root/.gesturekit-root")" = "$stamp" ]; then
  echo "$root"
  exit 0
fi
# shellcheck source=scripts/apt_install.sh
. scripts/apt_install.sh
command -v mmdebstrap >/dev/null || apt_install mmdebstrap >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "vm_root: making a Debian $1 ($suite) root in $root (about 4 minutes)" >&2
$sudo rm -rf "$root.new"
mkdir -p "$cache"
$sudo mmdebstrap --quiet --variant=apt --include="$(IFS=,; echo "${packages[*]}")" "$suite" "$root.new" \
  http://deb.debian.org/debian >&2
$sudo mkdir -p "$root.new/lib/modules"
$sudo cp -a "/lib/modules/$version" "$root.new/lib/modules/"
# The project's tree and build appear at the same paths inside (vng --rodir/--rwdir mount points).
$sudo mkdir -p "$root.new$PWD"
echo "$stamp" | $sudo tee "$root.new/.gesturekit-root" >/dev/null
$sudo rm -rf "$root"
$sudo mv "$root.new" "$root"
echo "$root"
