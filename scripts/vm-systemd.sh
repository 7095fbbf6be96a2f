#!/usr/bin/env bash
# gesturekitd under systemd as PID 1, installed from its Debian packages: builds a Debian 12 image
# with mmdebstrap (systemd, udev, the packages of build/packages/), boots it under QEMU with
# Debian's kernel, and runs Tests/vm/systemd_guest.py there as a unit: the unit starts and sends
# READY=1, the sandbox still opens the panel and /dev/uinput, the watchdog is fed, a reload with a
# bad file keeps the old configuration, the socket switches the cleaning mode, and a stop takes
# under 5 s. Run scripts/package.sh first (CI does). Exits non-zero when a check fails.
#
#   scripts/vm-systemd.sh [PACKAGES_DIR]     default build/packages
# --help: this header, without its comment marks.
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
  sed -n '2,/^[^#]/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
debs="${1:-build/packages}"
work="$root/build/vm-systemd"
ls "$debs"/gesturekitd_*.deb "$debs"/libgesturekit0_*.deb >/dev/null 2>&1 ||
  { echo "vm-systemd: no gesturekitd and libgesturekit0 packages in $debs: run scripts/package.sh first" >&2; exit 1; }

# shellcheck source=scripts/apt_install.sh
. scripts/apt_install.sh
need=()
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
ls /boot/vmlinuz-* >/dev/null 2>&1 || need+=(linux-image-amd64)
if ((${#need[@]})); then
  echo "vm-systemd: installing ${need[*]}"
  apt_install "${need[@]}"
fi
kernel=$(ls -1 /boot/vmlinuz-* | sort -V | tail -n 1)
initrd="/boot/initrd.img-${kernel#/boot/vmlinuz-}"
modules="/lib/modules/${kernel#/boot/vmlinuz-}"

rm -rf "$work"
mkdir -p "$work/debs"
cp "$debs"/gesturekitd_*.deb "$debs"/libgesturekit0_*.deb "$work/debs/"
# The image: Debian 12 with systemd, udev, what the test needs (python3-libevdev, socat), the
# kernel's modules (uinput), the packages, and the test as a unit that powers the machine off.
echo "vm-systemd: building the image (mmdebstrap, bookworm)"
mmdebstrap --variant=apt --quiet \
  --include=systemd-sysv,udev,kmod,python3-libevdev,socat,dbus,passwd,acl \
  --customize-hook="mkdir -p \"\$1$modules/kernel/drivers\" && cp -a '$modules/kernel/drivers/input' \"\$1$modules/kernel/drivers/\" && cp '$modules'/modules.order '$modules'/modules.builtin* \"\$1$modules/\" && chroot \"\$1\" depmod '${kernel#/boot/vmlinuz-}'" \
  --customize-hook="copy-in '$work/debs' /tmp" \
  --customize-hook='chroot "$1" sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/debs/*.deb"' \
  --customize-hook="copy-in '$root/Tests/vm/systemd_guest.py' '$root/Tests/vm/panel.py' /usr/local/bin" \
  --customize-hook='echo uinput > "$1/etc/modules-load.d/uinput.conf"' \
  --customize-hook='printf "[Unit]\nDescription=gesturekitd checks under systemd\nAfter=multi-user.target\n[Service]\nType=oneshot\nExecStart=/usr/bin/python3 /usr/local/bin/systemd_guest.py\nStandardOutput=journal\n[Install]\nWantedBy=multi-user.target\n" > "$1/etc/systemd/system/gk-vm-test.service" && chroot "$1" systemctl enable gk-vm-test.service' \
  bookworm "$work/root" http://deb.debian.org/debian > "$work/mmdebstrap.log" 2>&1 ||
  { tail -30 "$work/mmdebstrap.log"; exit 1; }
mkfs.ext4 -q -F -d "$work/root" "$work/image.ext4" 3G
rm -rf "$work/root"

echo "vm-systemd: booting $kernel with systemd as PID 1 (TCG)"
set +e
timeout 900 qemu-system-x86_64 -m 2G -smp 2 -nographic -no-reboot \
  -kernel "$kernel" -initrd "$initrd" \
  -append "root=/dev/vda rw console=ttyS0 systemd.show_status=0 quiet" \
  -drive "file=$work/image.ext4,format=raw,if=virtio" -nic none > "$work/console.log" 2>&1
rc=$?
set -e
tr -d '\r' < "$work/console.log" | grep -E '^(PASS|FAIL|RESULT|versions|systemd-analyze)' | sed 's/^/vm-systemd: /'
if ! grep -q '^RESULT' "$work/console.log"; then
  echo "vm-systemd: FAIL: no result (qemu exit $rc); see $work/console.log"
  exit 1
fi
! grep -q '^FAIL' "$work/console.log"
