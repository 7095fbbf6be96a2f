#!/usr/bin/python3
"""gesturekitd as the packages install it, under systemd as PID 1: run by gk-vm-test.service inside
the Debian image scripts/vm-systemd.sh builds. Prints one line per check on the console:

    PASS systemd <check>: <what was seen>
    FAIL systemd <check>: <what was seen>

then RESULT, and the machine powers off. Checks: the unit starts and is active (Type=notify: it
sent READY=1) with the sandbox still letting it open the panel and /dev/uinput; the watchdog
keeps it alive past WatchdogSec; a reload with a bad file keeps the old configuration and the same
process; who may do what (the daemon in gesturekitd-io and gesturekit only, with no capability
left; a member of gesturekit connects but cannot open /dev/uinput or the panel, and holds at most
4 client slots); `cleaning on` over the socket; an exec action run in the sandbox as the daemon's
user with no signal blocked or ignored, no supplementary group, no capability and no input
device; a stop in under 5 s; systemd-analyze security's verdict.
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from panel import CORNER_DOUBLE_TAP, libevdev, make_touchscreen, unplug, wait_until  # noqa: E402

results = []
CONF = "/etc/gesturekit/gesturekitd.conf"
GOOD = """[daemon]
grab = yes
screen = 800x480
socket = /run/gesturekitd/events.sock
socket_control = yes
""" + CORNER_DOUBLE_TAP + """action = socket
action = exec /usr/local/bin/gk-action-probe
"""
# What an exec action's program may do: its signals, user, groups and capabilities, and whether it
# can open /dev/uinput (inject input) or any input device (read every keyboard). Written by the
# guest before the daemon starts; the daemon runs it from its helper, in the unit's sandbox.
PROBE = """#!/bin/sh
out=/run/gesturekitd/exec-status
grep -E '^(SigBlk|SigIgn|Uid|Gid|Groups|CapEff|CapPrm|CapAmb):' /proc/self/status > $out.tmp
if (exec 3<>/dev/uinput) 2>/dev/null; then echo 'uinput: opened' >> $out.tmp; else echo 'uinput: denied' >> $out.tmp; fi
opened=
for d in /dev/input/event*; do (exec 3<"$d") 2>/dev/null && opened="$opened $d"; done
echo "input:${opened:- none}" >> $out.tmp
mv $out.tmp $out
"""


def say(text):
    with open("/dev/console", "w") as console:   # the serial console the host reads
        console.write("\n" + text + "\n")   # a line of its own, whatever the console printed before


def report(ok, check, detail):
    results.append(ok)
    say(f"{'PASS' if ok else 'FAIL'} systemd {check}: {detail}")


def run(*argv):
    return subprocess.run(argv, capture_output=True, text=True)


def show(prop):
    return run("systemctl", "show", "-P", prop, "gesturekitd").stdout.strip()


def seconds(span):
    """A systemd time span as `systemctl show` prints it ("10s", "500ms", "1min 30s") in seconds."""
    units = {"us": 1e-6, "ms": 1e-3, "s": 1, "min": 60, "h": 3600}
    total = 0.0
    for number, unit in re.findall(r"([\d.]+)\s*(us|ms|min|s|h)", span):
        total += float(number) * units[unit]
    return total


def journal():
    return run("journalctl", "-u", "gesturekitd", "--no-pager", "-o", "cat").stdout


def device_names():
    return open("/proc/bus/input/devices").read()


def status_fields(pid):
    fields = {}
    for line in open(f"/proc/{pid}/status"):
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields


def gid(name):
    return run("getent", "group", name).stdout.split(":")[2]


def main():
    panel = make_touchscreen("gesturekit vm panel")
    run("udevadm", "settle")
    with open("/usr/local/bin/gk-action-probe", "w") as f:
        f.write(PROBE)
    os.chmod("/usr/local/bin/gk-action-probe", 0o755)
    with open(CONF, "w") as f:
        f.write(GOOD)

    versions = run("dpkg-query", "-W", "-f", "${Package} ${Version}\\n", "gesturekitd", "systemd", "libgesturekit0").stdout
    say("versions: " + versions.replace("\n", "; "))

    t0 = time.monotonic()
    start = run("systemctl", "restart", "gesturekitd")
    started = time.monotonic() - t0
    active = show("ActiveState") == "active" and show("SubState") == "running"
    report(start.returncode == 0 and active, "unit-starts-ready",
           f"systemctl restart returned {start.returncode} after {started:.1f} s (Type=notify: it waits for "
           f"READY=1); state {show('ActiveState')}/{show('SubState')}; status \"{show('StatusText')}\"")
    opened = wait_until(lambda: "gesturekitd: gesturekit vm panel" in device_names(), 20)
    report(bool(opened) and "the app reads the virtual touchscreen" in journal(), "sandbox-opens-panel-and-uinput",
           "the journal says it reads the panel and the kernel lists the virtual touchscreen"
           if opened else "no virtual touchscreen: " + journal()[-400:])
    keyboard = "gesturekitd keyboard" in device_names()
    report(keyboard, "virtual-keyboard", "the key action's uinput keyboard exists" if keyboard else journal()[-400:])

    # Who may do what: the daemon reads the panel through an ACL and writes /dev/uinput through
    # gesturekitd-io, is not in group input, and keeps no capability once its helper has started.
    daemon = status_fields(show("MainPID"))
    groups = set(daemon.get("Groups", "").split())
    node = run("sh", "-c", "grep -l 'gesturekit vm panel' /sys/class/input/event*/device/name").stdout.split("/")
    event = next((part for part in node if part.startswith("event")), "?")
    acl = run("getfacl", "-p", f"/dev/input/{event}").stdout
    uinput = run("stat", "-c", "%G %a", "/dev/uinput").stdout.strip()
    own = run("id", "-g", "gesturekitd").stdout.strip()   # the kernel lists the primary group too
    ok = (groups - {own} == {gid("gesturekitd-io"), gid("gesturekit")} and daemon.get("CapEff") == "0" * 16
          and daemon.get("CapPrm") == "0" * 16 and "group:gesturekitd-io:r--" in acl and uinput == "gesturekitd-io 660")
    report(ok, "daemon-groups-and-capabilities",
           f"groups {sorted(groups)} (gesturekitd {own}, gesturekitd-io {gid('gesturekitd-io')}, gesturekit "
           f"{gid('gesturekit')}, input "
           f"{gid('input')}); CapEff {daemon.get('CapEff')} CapPrm {daemon.get('CapPrm')}; /dev/input/{event}'s ACL: "
           + " ".join(line for line in acl.splitlines() if line.startswith("group")) + f"; /dev/uinput: {uinput}")

    # An app that reads events joins group gesturekit: it may connect, and may not inject input.
    run("useradd", "--system", "--groups", "gesturekit", "kioskapp")
    reader = run("runuser", "-u", "kioskapp", "--", "sh", "-c",
                 "printf 'status\\n' | timeout 5 socat -t 2 - UNIX-CONNECT:/run/gesturekitd/events.sock; "
                 "if (exec 3<>/dev/uinput) 2>/dev/null; then echo 'uinput: opened'; else echo 'uinput: denied'; fi; "
                 f"if (exec 3</dev/input/{event}) 2>/dev/null; then echo 'panel: opened'; else echo 'panel: denied'; fi")
    sock = run("stat", "-c", "%G %a", "/run/gesturekitd/events.sock").stdout.strip()
    report('"cleaning"' in reader.stdout and "uinput: denied" in reader.stdout and "panel: denied" in reader.stdout
           and sock == "gesturekit 660", "socket-reader-cannot-inject",
           f"socket {sock}; as a member of gesturekit only: " + reader.stdout.strip().replace("\n", " | ")
           + reader.stderr.strip())
    # One user holds at most 4 of the 16 client slots.
    crowd = run("runuser", "-u", "kioskapp", "--", "python3", "-c",
                "import socket, time\n"
                "s = []\n"
                "for i in range(6):\n"
                "    c = socket.socket(socket.AF_UNIX); c.connect('/run/gesturekitd/events.sock'); s.append(c)\n"
                "time.sleep(1)\n"
                "for c in s:\n"
                "    c.settimeout(0.5)\n"
                "    try: print(repr(c.recv(100)))\n"
                "    except OSError: print('open')\n")
    lines = crowd.stdout.split()
    report(lines.count("open") == 4 and sum("holds 4 connections" in x for x in crowd.stdout.splitlines()) == 2,
           "socket-slots-per-user", "six connections from one user: " + " | ".join(crowd.stdout.splitlines()) + crowd.stderr[-200:])

    pid = show("MainPID")
    watchdog = seconds(show("WatchdogUSec"))
    time.sleep(watchdog * 1.5 if watchdog else 15)   # past the watchdog's time: it must have been fed
    report(watchdog > 0 and show("MainPID") == pid and show("NRestarts") == "0" and show("ActiveState") == "active",
           "watchdog-fed", f"WatchdogSec {watchdog:.0f} s; after {watchdog * 1.5:.0f} s the same process {pid} runs, "
           f"{show('NRestarts')} restarts")

    with open(CONF, "w") as f:
        f.write(GOOD.replace("kind = tap", "kind = tapp"))
    reload = run("systemctl", "reload", "gesturekitd")
    kept = wait_until(lambda: "the running configuration stays" in journal(), 10)
    report(bool(kept) and show("MainPID") == pid and show("ActiveState") == "active"
           and "gesturekitd: gesturekit vm panel" in device_names(), "bad-reload-keeps-running",
           f"systemctl reload returned {reload.returncode} {reload.stderr.strip()}; journal: "
           + next((line for line in journal().splitlines() if "running configuration stays" in line), "(nothing)"))
    with open(CONF, "w") as f:
        f.write(GOOD)

    answer = run("sh", "-c", "printf 'cleaning on\\nstatus\\n' | timeout 5 socat -t 2 - UNIX-CONNECT:/run/gesturekitd/events.sock")
    report("ok: cleaning on" in answer.stdout and '"cleaning":true' in answer.stdout, "socket-cleaning-on",
           "the socket answered: " + answer.stdout.strip().replace("\n", " | ") + answer.stderr.strip())

    # The corner's double tap: its exec action runs inside the sandbox, as the daemon's user, with
    # no signal blocked or ignored (the daemon blocks SIGTERM, SIGINT and SIGHUP for its signalfd).
    def tap():
        panel.send_events([libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_SLOT, 0),
                           libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_TRACKING_ID, 7),
                           libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_X, 760),
                           libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_POSITION_Y, 30),
                           libevdev.InputEvent(libevdev.EV_KEY.BTN_TOUCH, 1),
                           libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        time.sleep(0.05)
        panel.send_events([libevdev.InputEvent(libevdev.EV_ABS.ABS_MT_TRACKING_ID, -1),
                           libevdev.InputEvent(libevdev.EV_KEY.BTN_TOUCH, 0),
                           libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
    cleaned = run("sh", "-c", "printf 'cleaning off\n' | timeout 5 socat -t 2 - UNIX-CONNECT:/run/gesturekitd/events.sock")
    tap()
    time.sleep(0.12)
    tap()
    status = wait_until(lambda: os.path.exists("/run/gesturekitd/exec-status") and
                        open("/run/gesturekitd/exec-status").read(), 15)
    fields = dict(line.split(":", 1) for line in (status or "").splitlines() if ":" in line)
    uid = fields.get("Uid", "").split()
    user = run("id", "-u", "gesturekitd").stdout.strip()
    # Signals 32 and 33 are glibc's own (thread cancellation, set*id): no glibc program can block,
    # ignore or reset them, so only the others count.
    glibc_own = (1 << 31) | (1 << 32)
    ignored = int(fields.get("SigIgn", "f" * 16).strip(), 16) & ~glibc_own
    blocked = int(fields.get("SigBlk", "f" * 16).strip(), 16) & ~glibc_own
    daemon_ignored = run("sh", "-c", f"grep SigIgn /proc/{show('MainPID')}/status").stdout.strip()
    clean = ignored == 0 and blocked == 0
    own_gid = run("id", "-g", "gesturekitd").stdout.strip()
    shed = (fields.get("Groups", "?").strip() in ("", own_gid) and fields.get("CapEff", "").strip() == "0" * 16
            and fields.get("CapPrm", "").strip() == "0" * 16 and fields.get("uinput", "").strip() == "denied"
            and fields.get("input", "").strip() == "none")
    report(bool(status) and shed, "exec-action-without-device-access",
           f"the program's groups '{fields.get('Groups', '?').strip()}' (gesturekitd's own group is {own_gid}), CapEff "
           f"{fields.get('CapEff', '?').strip()}, CapPrm {fields.get('CapPrm', '?').strip()}; /dev/uinput "
           f"{fields.get('uinput', '?').strip()}; input devices it could open: {fields.get('input', '?').strip()}"
           if status else "the exec action wrote nothing: " + journal()[-300:])
    report(bool(status) and clean and uid[:1] == [user], "exec-action-in-the-sandbox",
           f"{cleaned.stdout.strip()}; the program ran as uid {uid[:1]} (gesturekitd is {user}), "
           f"SigBlk {fields.get('SigBlk', '?').strip()}, SigIgn {fields.get('SigIgn', '?').strip()} "
           f"(the daemon's {daemon_ignored}; 32 and 33 are glibc's)"
           if status else "the exec action wrote nothing: " + journal()[-300:])

    security = run("systemd-analyze", "security", "gesturekitd.service", "--no-pager")
    verdict = next((line for line in security.stdout.splitlines() if "Overall exposure" in line), "(none)")
    say("systemd-analyze security: " + verdict.strip())

    t0 = time.monotonic()
    stop = run("systemctl", "stop", "gesturekitd")
    took = time.monotonic() - t0
    report(stop.returncode == 0 and took < 5 and show("ActiveState") == "inactive", "stop-under-5-s",
           f"systemctl stop took {took:.2f} s, state {show('ActiveState')}")
    unplug(panel)
    say(f"RESULT {sum(results)} passed, {len(results) - sum(results)} failed")
    return 0


if __name__ == "__main__":
    try:
        main()
    except Exception as e:   # a broken harness is a failure, never a pass
        say(f"FAIL systemd harness: {e!r}")
        say("RESULT 0 passed, 1 failed")
    finally:
        subprocess.run(["systemctl", "poweroff", "--no-block"])
