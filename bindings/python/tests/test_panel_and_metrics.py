"""Panel profiles, input filters and the metrics export through the Python binding."""
import pytest
from prometheus_client.openmetrics.parser import text_string_to_metric_families as parse_openmetrics
from prometheus_client.parser import text_string_to_metric_families as parse_prometheus

import gesturekit as gk


def tap(engine, touch_id, t, x=100, y=100, duration=0.05):
    engine.feed(t, [gk.Touch(touch_id, gk.Phase.BEGAN, x, y)])
    engine.feed(t + duration, [gk.Touch(touch_id, gk.Phase.ENDED, x, y)])


def samples(families):
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for f in families for s in f.samples}


def test_profile_text_round_trips_and_bad_lines_are_refused():
    p = gk.PanelProfile(noise=1.25, sample_rate_hz=130, reports_size=True, edge_left=6)
    assert gk.PanelProfile.parse(p.text()) == p
    with pytest.raises(ValueError, match="line 2"):
        gk.PanelProfile.parse("gesturekit-panel-profile 1\nnoise -1\n")
    with pytest.raises(ValueError, match="line 1"):
        gk.PanelProfile.parse("noise 1\n")
    with pytest.raises(ValueError, match="twice"):
        gk.PanelProfile.parse("gesturekit-panel-profile 1\nnoise 1\nnoise 2\n")


def test_profile_and_filters_are_set_and_read_back():
    with gk.Engine(800, 480) as e:
        assert e.input_filters == gk.InputFilters()
        p = gk.PanelProfile(noise=2.0, max_contact_radius=12)
        e.set_panel_profile(p)
        assert e.panel_profile == p
        f = gk.InputFilters(jitter="one-euro", ghosts=True, palms=True)
        e.set_input_filters(f)
        assert e.input_filters == f
        with pytest.raises(gk.GestureKitError):
            e.set_panel_profile(gk.PanelProfile(noise=float("nan")))
        with pytest.raises(ValueError):
            gk.InputFilters(jitter="median")._struct()


@pytest.mark.parametrize("bad", [{"ghosts": "no"}, {"palms": "yes"}, {"chatter": 2}, {"stuck_timeout": "10"}])
def test_filters_of_the_wrong_kind_are_refused_not_read_as_true(bad):
    with pytest.raises(TypeError):
        gk.InputFilters(**bad)._struct()


@pytest.mark.parametrize("bad", [{"reports_pressure": "no"}, {"noise": "0.5"}])
def test_a_profile_of_the_wrong_kind_is_refused(bad):
    with pytest.raises(TypeError):
        gk.PanelProfile(**bad)._struct()


def test_switching_filters_on_with_a_touch_down_is_busy():
    with gk.Engine(800, 480) as e:
        e.feed(0, [gk.Touch(1, gk.Phase.BEGAN, 10, 10)])
        with pytest.raises(gk.GestureKitError) as err:
            e.set_input_filters(gk.InputFilters(ghosts=True))
        assert err.value.status == gk.Status.BUSY


def test_a_ghost_tap_is_counted_and_never_recognized():
    with gk.Engine(800, 480) as e:
        recognizer = e.tap(e.root)
        e.set_input_filters(gk.InputFilters(ghosts=True))
        e.feed(0.0, [gk.Touch(9, gk.Phase.BEGAN, 700, 400)])      # a finger resting elsewhere
        tap(e, 1, 0.1, duration=0.004)                              # a 4 ms flicker beside it
        e.feed(0.3, [gk.Touch(9, gk.Phase.MOVED, 500, 400)])      # it slides away: no tap of its own
        e.feed(0.5, [gk.Touch(9, gk.Phase.ENDED, 500, 400)])
        tap(e, 2, 1.0)
        tap(e, 3, 2.0, duration=0.00005)                            # alone, 0.05 ms: a real tap
        ended = [a for a in e.actions() if a.state == gk.State.ENDED]
        assert len(ended) == 2 and ended[0].recognizer == recognizer
        assert e.filter_counters()["ghost_short"] == 1


@pytest.mark.parametrize("openmetrics", [False, True])
def test_metrics_parse_with_the_reference_parser_and_count_what_happened(openmetrics):
    with gk.Engine(800, 480) as e:
        single = e.tap(e.root)
        double = e.tap(e.root)
        double.number_of_taps_required = 2
        single.require_to_fail(double)
        single.name = 'tap "main"\\\nline'
        double.name = "double"
        tap(e, 1, 0.0)
        e.advance(1.0)          # the double tap times out; the single tap is recognized
        list(e.actions())
        text = e.metrics(openmetrics=openmetrics)
        parse = parse_openmetrics if openmetrics else parse_prometheus
        values = samples(parse(text))
        suffix = "_total"
        assert values[("gesturekit_frames" + suffix, ())] == 2
        assert values[("gesturekit_touches" + suffix, ())] == 1
        name = 'tap "main"\\\\\nline'   # the name's backslash doubled: labels read back reversibly
        assert values[("gesturekit_gestures_total", (("kind", "tap"), ("outcome", "recognized"), ("recognizer", name)))] == 1
        assert values[("gesturekit_gestures_total", (("kind", "tap"), ("outcome", "failed"), ("recognizer", "double")))] == 1
        assert values[("gesturekit_double_tap_timeouts_total", (("kind", "tap"), ("recognizer", "double")))] == 1
        assert values[("gesturekit_recognition_seconds_count", (("kind", "tap"), ("recognizer", name)))] == 1
        assert text.endswith("# EOF\n") == openmetrics


@pytest.mark.parametrize("openmetrics", [False, True])
def test_names_that_differ_only_in_invalid_utf8_stay_separate_series(openmetrics):
    # Both formats' parsers refuse a file with two identical series: each name keeps its own label.
    with gk.Engine(800, 480) as e:
        first, second = e.tap(e.root), e.tap(e.root)
        first.name, second.name = b"door\xff", b"door\xfe"
        tap(e, 1, 0.0)
        list(e.actions())
        text = e.metrics(openmetrics=openmetrics)
        values = samples((parse_openmetrics if openmetrics else parse_prometheus)(text))
        labels = {dict(k[1])["recognizer"] for k in values if k[0] == "gesturekit_gestures_total"}
        assert labels == {"door\\xFF", "door\\xFE"}
        assert sum(v for k, v in values.items() if k[0] == "gesturekit_gestures_total") == 2   # one tap, one failure


def test_rejected_input_is_counted_by_status():
    with gk.Engine(800, 480) as e:
        with pytest.raises(gk.GestureKitError):
            e.feed(0, [gk.Touch(7, gk.Phase.MOVED, 1, 1)])
        values = samples(parse_prometheus(e.metrics()))
        assert values[("gesturekit_input_rejected_total", (("status", "unknown_touch"),))] == 1


def test_counting_can_be_switched_off():
    with gk.Engine(800, 480) as e:
        e.set_metrics(False)
        tap(e, 1, 0.0)
        values = samples(parse_prometheus(e.metrics()))
        assert values[("gesturekit_frames_total", ())] == 0
