"""Hand-made evemu recordings for gesturekitd's tests and recipes: an 800x480 protocol-B panel whose
units are points, written frame by frame."""


class Recording:
    """An evemu recording of an 800x480 protocol-B panel, frame by frame."""

    def __init__(self):
        self.lines = ["N: hand-made panel", "I: 0018 0000 0000 0000", "P: 02 00 00 00 00 00 00 00",
                      "A: 00 0 799 0 0 0", "A: 01 0 479 0 0 0", "A: 2f 0 9 0 0 0", "A: 35 0 799 0 0 0",
                      "A: 36 0 479 0 0 0", "A: 39 0 65535 0 0 0"]
        self.next_id = 1

    def frame(self, t, *contacts):
        """contacts: (slot, "down"|"move"|"up", x, y)."""
        for slot, what, x, y in contacts:
            self.lines.append(f"E: {t:.6f} 0003 002f {slot}")
            if what == "down":
                self.lines.append(f"E: {t:.6f} 0003 0039 {self.next_id}")
                self.next_id += 1
            if what == "up":
                self.lines.append(f"E: {t:.6f} 0003 0039 -1")
            else:
                self.lines.append(f"E: {t:.6f} 0003 0035 {x}")
                self.lines.append(f"E: {t:.6f} 0003 0036 {y}")
        self.lines.append(f"E: {t:.6f} 0000 0000 0")
        return self

    def tap(self, t, x, y, duration=0.08, slot=0):
        return self.frame(t, (slot, "down", x, y)).frame(t + duration, (slot, "up", 0, 0))

    def write(self, path):
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")

    def chain(self, t, x, y, taps=4, hold=1.5):
        """`taps` quick taps (60 ms, every 200 ms) at (x, y), then a touch held `hold` seconds."""
        for _ in range(taps):
            self.tap(t, x, y, 0.06)
            t += 0.2
        return self.frame(t, (0, "down", x, y)).frame(t + hold, (0, "up", 0, 0))
