gesturekit-panel-profile 1
# comment
noise 1.25
sample_rate_hz 130
reports_pressure 1
edge_left 12.5
