#!/usr/bin/env python3
"""The accessible kiosk (examples/kiosk.c --accessible) on recorded touches: a real one-finger drag
across the map and the buy button (N-Trig, evemu-devices), then real fast taps (Atmel): the screen
reader must say "Map", then "Buy ticket"; the double taps must activate the button (BUY pressed,
through the normal arbitration), and each activation is spoken too; the last single tap focuses the
map again. Each utterance is one WAV file written by espeak-ng, in order, checked as audio of a
plausible length.

Then one-finger flicks (Tests/tools/devices/accessible-flicks.events, issue 54, item 1): right to
the map, right to the ticket count (an adjustable element), up twice and down once (the count goes
to 2, 3 and back to 2, each new value spoken), and right to the buy button.

Then the payment (Tests/tools/devices/accessible-payment.events, issue 66): a magic tap (two-finger
double tap, the kiosk's main action) opens the modal "Pay 12 EUR?" dialog and the host puts the
focus on Pay; flicks stay inside the dialog (Cancel, then the boundary, then Pay again); a magic
tap pays and the declined card is announced (urgent); another pays, the dialog closes, the focus
goes back to "Buy ticket" and "Paid" is announced. Each utterance is a WAV file.

Usage: spoken_exploration.py KIOSK DATA_SAMPLES OUT_DIR [FLICKS [PAYMENT]]
"""
import shutil
import subprocess
import sys
import wave
from pathlib import Path

kiosk, samples, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
screens = samples / "evemu-devices" / "touchscreens"
drag = screens / "N-Trig MultiTouch.1-finger-drag-NW-SE.events"
taps = screens / "Atmel maXTouch Touchscreen.1-finger-fast-taps.events"
shutil.rmtree(out, ignore_errors=True)
out.mkdir(parents=True)
run = subprocess.run([kiosk, "--replay", str(drag), str(taps), "--accessible", "--speak-to", str(out)],
                     capture_output=True, text=True, check=True)
lines = run.stdout.splitlines()
spoken = [l.split('"')[1] for l in lines if "screen reader: focus" in l]
activations = [l for l in lines if "screen reader: activate" in l]
pressed = [l for l in lines if "BUY pressed" in l]
assert spoken == ["Map", "Buy ticket", "Map"], spoken
assert len(activations) == 4 and all('"Buy ticket"' in l for l in activations), activations
assert len(pressed) == len(activations), (pressed, activations)
wavs = sorted(out.glob("*.wav"))
# "Map", "Buy ticket", four times "Buy ticket, activated", then "Map" again: seven utterances.
assert [w.name for w in wavs] == [f"{i:03d}.wav" for i in range(1, 8)], wavs
for w in wavs:
    with wave.open(str(w)) as f:
        seconds = f.getnframes() / f.getframerate()
        assert 0.2 < seconds < 3, (w, seconds)
print(f"spoken: {spoken}; {len(activations)} activations; {len(wavs)} WAV files")


def replay_spoken(recording, name):
    """The accessible kiosk on `recording`, speaking into OUT/name/: that folder, the run, and what
    the screen reader said as (kind, text) pairs."""
    folder = out / name
    folder.mkdir()
    run = subprocess.run([kiosk, "--replay", recording, "--accessible", "--speak-to", str(folder)],
                         capture_output=True, text=True, check=True)
    said = [(l.split("screen reader: ")[1].split(' "')[0], l.split('"')[1]) for l in run.stdout.splitlines()
            if "screen reader:" in l]
    return folder, run, said


if len(sys.argv) > 4:
    flicks_out, run, said = replay_spoken(sys.argv[4], "flicks")
    assert said == [("focus", "Map"), ("focus", "Tickets: 1"), ("increment", "Tickets: 2"),
                    ("increment", "Tickets: 3"), ("decrement", "Tickets: 2"), ("focus", "Buy ticket")], said
    wavs = sorted(flicks_out.glob("*.wav"))
    assert len(wavs) == 6, wavs
    print(f"adjusted: {said}; {len(wavs)} WAV files")

if len(sys.argv) > 5:
    pay_out, run, said = replay_spoken(sys.argv[5], "payment")
    assert said == [("magic tap", ""), ("focus", "Pay 12 EUR"), ("focus", "Cancel"), ("boundary", "Cancel"),
                    ("focus", "Pay 12 EUR"), ("magic tap", "Pay 12 EUR"), ("announce", "Card declined. Try again"),
                    ("magic tap", "Pay 12 EUR"), ("focus", "Buy ticket"), ("announce", "Paid. Printing your ticket")], said
    assert [l.strip() for l in run.stdout.splitlines() if "payment" in l] == ["payment declined", "payment accepted"]
    wavs = sorted(pay_out.glob("*.wav"))
    # Pay, Cancel, "end", Pay, declined, Buy ticket, paid: seven utterances.
    assert len(wavs) == 7, wavs
    print(f"paid: {said}; {len(wavs)} WAV files")
