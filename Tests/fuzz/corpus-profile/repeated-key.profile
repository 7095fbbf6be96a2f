gesturekit-panel-profile 1
noise 1e6
noise 2
