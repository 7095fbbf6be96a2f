# measured by gesturekit profile from ../shared/data-samples/evemu-devices/touchscreens/EP0430M09.2-finger-scroll-down.events
gesturekit-panel-profile 1
width_mm 0
height_mm 0
sample_rate_hz 130
noise 0
max_contact_radius 0
reports_pressure 0
reports_size 0
edge_top 0
edge_left 0
edge_bottom 0
edge_right 0
