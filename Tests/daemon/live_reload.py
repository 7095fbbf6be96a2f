#!/usr/bin/env python3
"""gesturekitd live, with no touchscreen to read (these machines have none): it starts, opens its
socket, waits for a device; SIGHUP with a bad file keeps the running configuration and says why;
SIGHUP with a good one reloads; SIGTERM stops it with status 0 and removes the socket. Where a
touchscreen is present the daemon reads it without grabbing (grab = no), which changes none of this.

Usage: live_reload.py GESTUREKITD WORK_DIR
"""
import os
import signal
import socket
import subprocess
import sys
import time

daemon, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)
conf = os.path.join(work, "live.conf")
sock = os.path.join(work, "events.sock")
good = f"[daemon]\ngrab = no\nsocket = {sock}\n[gesture g]\nkind = tap\naction = socket\n"
failures = 0


def check(ok, what):
    global failures
    print(("ok: " if ok else "FAIL: ") + what)
    failures += 0 if ok else 1


def wait_for(predicate, seconds=10):
    end = time.time() + seconds
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


with open(conf, "w") as f:
    f.write(good)
if os.path.exists(sock):
    os.unlink(sock)
err_path = os.path.join(work, "stderr.txt")
with open(err_path, "w") as err:
    proc = subprocess.Popen([daemon, "--config", conf], stdout=subprocess.DEVNULL, stderr=err)
try:
    check(wait_for(lambda: os.path.exists(sock)), "it starts without a touchscreen and opens its socket")
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(sock)
    check(True, "a client connects to the socket")
    with open(conf, "w") as f:
        f.write(good.replace("action = socket", "number_of_taps_required = 0\naction = socket"))
    proc.send_signal(signal.SIGHUP)
    stderr = lambda: open(err_path).read()
    check(wait_for(lambda: "the running configuration stays" in stderr()),
          "SIGHUP with a bad file keeps the running configuration")
    check(f"{conf}:6: number_of_taps_required: 0 is refused: invalid argument" in stderr(), "... and names the line")
    check(proc.poll() is None, "... and the daemon goes on")
    with open(conf, "w") as f:
        f.write(good.replace("kind = tap", "kind = swipe"))
    proc.send_signal(signal.SIGHUP)
    check(wait_for(lambda: f"reloaded {conf}" in stderr()), "SIGHUP with a good file reloads it")
    # A kiosk that boots before its USB panel (issue 64): a reload naming a device that does not
    # open, then the file before it, then that device again: the daemon stays up through each (it
    # crashed on the second; the third read the configuration the first had freed), and says why.
    missing = os.path.join(work, "no-such-event-device")
    for n, text in enumerate((good.replace("grab = no", f"grab = no\ndevice = {missing}"), good,
                              good.replace("grab = no", f"grab = no\ndevice = {missing}"), good)):
        with open(conf, "w") as f:
            f.write(text)
        mark = stderr().count(f"reloaded {conf}")
        proc.send_signal(signal.SIGHUP)
        check(wait_for(lambda: stderr().count(f"reloaded {conf}") > mark) and proc.poll() is None,
              f"reload {n + 1} of 4, {'a device that does not open' if n % 2 == 0 else 'no device named'}: "
              f"reloaded, still running")
    check(f"{missing}: No such file or directory" in stderr() or "no-such-event-device" in stderr(),
          "... and the missing device is named")
    # A reload that moves the socket: the socket stays where it is, and the daemon says so.
    with open(conf, "w") as f:
        f.write(good.replace(sock, sock + ".moved"))
    mark = stderr().count(f"reloaded {conf}")
    proc.send_signal(signal.SIGHUP)
    check(wait_for(lambda: stderr().count(f"reloaded {conf}") > mark) and f"the socket stays {sock}" in stderr()
          and os.path.exists(sock), "a reload that changes the socket says the socket stays where it is")
    with open(conf, "w") as f:
        f.write(good)
    # A FIFO put in the configuration's place: the reload refuses it at once, and SIGTERM still works.
    os.rename(conf, conf + ".good")
    os.mkfifo(conf)
    proc.send_signal(signal.SIGHUP)
    check(wait_for(lambda: "a FIFO, not a regular file; the running configuration stays" in stderr()),
          "SIGHUP with a FIFO as the file refuses it without waiting for a writer")
    os.unlink(conf)
    os.rename(conf + ".good", conf)
    client.close()
    proc.send_signal(signal.SIGTERM)
    try:
        status = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        status = None
    check(status == 0, f"SIGTERM stops it with status 0 (got {status})")
    check(not os.path.exists(sock), "... and removes its socket")
finally:
    if proc.poll() is None:
        proc.kill()


def run_once(config_text, *args):
    """Runs the daemon on `config_text` until it exits (10 s at most): status and standard error."""
    with open(conf, "w") as f:
        f.write(config_text)
    done = subprocess.run([daemon, "--config", conf, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=10)
    return done.returncode, done.stderr


# A device that cannot be opened: it exits 1, and its socket goes with it.
status, said = run_once(good, "--device", os.path.join(work, "no-such-event-device"))
check(status == 1 and not os.path.exists(sock), f"a device it cannot open: exit 1 (got {status}) and no socket left behind")
# Something that is not a socket at the socket's path is never removed.
with open(sock, "w") as f:
    f.write("precious\n")
status, said = run_once(good)
check(status == 1 and "a regular file is there, not a socket" in said and open(sock).read() == "precious\n",
      f"a regular file at the socket's path is refused and left as it was (exit {status}: {said.strip()})")
os.unlink(sock)
print(open(err_path).read(), end="")
print(f"live reload: {'all passed' if not failures else f'{failures} failed'}")
sys.exit(1 if failures else 0)
