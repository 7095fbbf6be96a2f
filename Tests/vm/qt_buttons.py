#!/usr/bin/python3
"""A Qt 6 kiosk app of 12 buttons (4 x 3, filling the screen) that prints what it does, one line
each: how Tests/vm/guest.py's apps scenarios count what a Qt app did with the touches it received.

    qt_buttons.py widgets    QPushButtons in a QGridLayout (Qt Widgets: a touch reaches a button
                             as the mouse events Qt makes from it)
    qt_buttons.py quick      Buttons of QtQuick.Controls in a GridLayout (Qt Quick: a button takes
                             the touch itself)

Lines: "gk-app ready WxH", "gk-app act bN clicked", "gk-app touch down|up|cancel ID TIME" (every
touch point the window receives, TIME the wall clock in seconds), "gk-app key NAME" (Qt's key
name, e.g. F9). The platform and the input plugin come from the environment (QT_QPA_PLATFORM,
QT_QPA_GENERIC_PLUGINS)."""
import sys
import time

from PyQt6.QtCore import QEvent, QObject, Qt
from PyQt6.QtGui import QKeySequence, QWindow

TOUCH = {QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd, QEvent.Type.TouchCancel}


def say(text):
    print("gk-app " + text, flush=True)


class Watch(QObject):
    """Sees every event Qt sends to a window (a QWindow), before its widgets or items do: the
    touch points and keys the app received, whatever it then made of them."""

    def eventFilter(self, obj, event):
        if isinstance(obj, QWindow):
            kind = event.type()
            if kind in TOUCH:
                stamp = f"{time.time():.4f}"
                if kind == QEvent.Type.TouchCancel:
                    say(f"touch cancel -1 {stamp}")
                for p in event.points():
                    state = p.state().name
                    if state == "Pressed":
                        say(f"touch down {p.id()} {stamp}")
                    elif state == "Released":
                        say(f"touch up {p.id()} {stamp}")
            elif kind == QEvent.Type.KeyPress and not event.isAutoRepeat():
                say("key " + QKeySequence(event.key()).toString())
        return False


def widgets(app):
    from PyQt6.QtWidgets import QGridLayout, QPushButton, QWidget
    window = QWidget()
    grid = QGridLayout(window)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setSpacing(0)
    for i in range(12):
        button = QPushButton(f"Button {i}")
        button.setSizePolicy(button.sizePolicy().Policy.Expanding, button.sizePolicy().Policy.Expanding)
        button.clicked.connect(lambda _=False, i=i: say(f"act b{i} clicked"))
        grid.addWidget(button, i // 4, i % 4)
    window.setGeometry(app.primaryScreen().geometry())   # touches map to the whole screen
    window.show()
    return window, window.width(), window.height()


QML = b"""
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
Window {
    visible: true
    GridLayout {
        anchors.fill: parent
        columns: 4
        rowSpacing: 0
        columnSpacing: 0
        Repeater {
            model: 12
            Button {
                text: "Button " + index
                Layout.fillWidth: true
                Layout.fillHeight: true
                onClicked: act.say("act b" + index + " clicked")
            }
        }
    }
}
"""


def quick(app):
    from PyQt6.QtCore import QByteArray, pyqtSlot
    from PyQt6.QtQml import QQmlApplicationEngine

    class Act(QObject):
        @pyqtSlot(str)
        def say(self, text):
            say(text)

    engine = QQmlApplicationEngine()
    act = Act()
    engine.rootContext().setContextProperty("act", act)
    engine.loadData(QByteArray(QML))
    if not engine.rootObjects():
        say("error: the QML did not load")
        sys.exit(1)
    window = engine.rootObjects()[0]
    window.setGeometry(app.primaryScreen().geometry())
    window.keep = (engine, act)
    return window, window.width(), window.height()


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("widgets", "quick"):
        print("usage: qt_buttons.py widgets|quick", file=sys.stderr)
        return 2
    if sys.argv[1] == "widgets":
        from PyQt6.QtWidgets import QApplication
        app = QApplication(sys.argv[:1])
    else:
        from PyQt6.QtGui import QGuiApplication
        app = QGuiApplication(sys.argv[:1])
    watch = Watch()
    app.installEventFilter(watch)
    window, width, height = (widgets if sys.argv[1] == "widgets" else quick)(app)
    say(f"ready {width}x{height}")
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
