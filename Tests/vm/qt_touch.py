#!/usr/bin/python3
"""A Qt 6 window that prints every touch point and key it receives, one line each: how
Tests/vm/guest.py sees what a Qt kiosk app gets. Run with QT_QPA_PLATFORM=offscreen and the input
plugin under test in QT_QPA_GENERIC_PLUGINS (evdevtouch, evdevkeyboard or libinput)."""
import sys

from PyQt6.QtCore import QEvent, Qt
from PyQt6.QtWidgets import QApplication, QWidget

STATES = {"Pressed": "pressed", "Updated": "moved", "Stationary": "stationary", "Released": "released"}


class Log(QWidget):
    def __init__(self):
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)

    def event(self, event):
        kind = event.type()
        if kind in (QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd, QEvent.Type.TouchCancel):
            name = {QEvent.Type.TouchBegin: "TouchBegin", QEvent.Type.TouchUpdate: "TouchUpdate",
                    QEvent.Type.TouchEnd: "TouchEnd", QEvent.Type.TouchCancel: "TouchCancel"}[kind]
            points = " ".join(f"{p.id()}:{STATES.get(p.state().name, 'other')}" for p in event.points())
            print(f"qt {name} {points}", flush=True)
            event.accept()
            return True
        if kind == QEvent.Type.KeyPress:
            print(f"qt key {event.key():#x}", flush=True)
            return True
        return super().event(event)


app = QApplication(sys.argv)
window = Log()
window.setGeometry(app.primaryScreen().geometry())   # touches map to the whole screen
window.show()
print(f"qt ready {window.width()}x{window.height()}", flush=True)
sys.exit(app.exec())
