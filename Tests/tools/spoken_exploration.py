#!/usr/bin/env python3
"""The accessible kiosk (examples/kiosk.c --accessible) on recorded touches: a real one-finger drag
across the map and the buy button (N-Trig, evemu-devices), then real fast taps (Atmel): the screen
reader must say "Map", then "Buy ticket"; the double taps must activate the button (BUY pressed,
through the normal arbitration); the last single tap focuses the map again. Each spoken label is
one WAV file written by espeak-ng, checked as audio of a plausible length.

Usage: spoken_exploration.py KIOSK DATA_SAMPLES OUT_DIR
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
assert [w.name for w in wavs] == ["001.wav", "002.wav", "003.wav"], wavs
for w in wavs:
    with wave.open(str(w)) as f:
        seconds = f.getnframes() / f.getframerate()
        assert 0.2 < seconds < 3, (w, seconds)
print(f"spoken: {spoken}; {len(activations)} activations; {len(wavs)} WAV files")
