"""The stroke recognizer: shapes against the built-in templates, coordination with a pan, and a CI
subset of the $1-logs evaluation (bench/strokes_eval.py runs the full one; docs/STROKES.md)."""
from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import gesturekit as gk

ROOT = Path(__file__).resolve().parents[3]
DOLLAR = ROOT / ".." / "shared" / "data-samples" / "dollar1-xml"


def draw(engine, points, t0=0.0, dt=0.01, touch_id=1, pause=0.6):
    """Draws one stroke, then lets `pause` seconds pass: the point-cloud matcher (the default)
    waits its stroke pause (0.5 s) for a further stroke before it matches."""
    engine.feed(t0, [gk.Touch(touch_id, gk.Phase.BEGAN, *points[0])])
    for k, p in enumerate(points[1:-1], 1):
        engine.feed(t0 + k * dt, [gk.Touch(touch_id, gk.Phase.MOVED, *p)])
    lift = t0 + (len(points) - 1) * dt
    engine.feed(lift, [gk.Touch(touch_id, gk.Phase.ENDED, *points[-1])])
    if pause:
        engine.advance(lift + pause)


def polyline(corners, steps=10, jitter=0.0, rng=None):
    out = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        for i in range(steps):
            f = i / steps
            dx = (rng.uniform(-jitter, jitter) if rng else 0)
            dy = (rng.uniform(-jitter, jitter) if rng else 0)
            out.append((x0 + (x1 - x0) * f + dx, y0 + (y1 - y0) * f + dy))
    out.append(corners[-1])
    return out


@pytest.fixture
def scene():
    with gk.Engine(800, 480) as engine:
        v = engine.root.add_view((0, 0, 800, 480))
        yield engine, v


def test_a_hand_drawn_check_mark_is_recognized_and_a_straight_line_is_not(scene):
    engine, v = scene
    stroke = engine.stroke(v)
    got = []
    stroke.add_target(lambda a: got.append((stroke.template_name(a.stroke_template), round(a.stroke_score, 2),
                                            a.stroke_bounds)))
    rng = random.Random(3)
    # A check mark, smaller, elsewhere, drawn with some wobble: size and position do not matter.
    draw(engine, polyline([(400, 220), (420, 245), (470, 170)], jitter=1.5, rng=rng))
    assert [g[0] for g in got] == ["check"]
    assert got[0][1] >= 0.8
    x, y, w, h = got[0][2]   # the stroke's bounding box, window points (wobble of 1.5 pt)
    assert abs(x - 400) < 3 and abs(y - 170) < 3 and abs(w - 70) < 4 and abs(h - 75) < 4
    draw(engine, polyline([(100, 300), (400, 300)]), t0=2)
    assert len(got) == 1   # a line matches no shape well enough
    draw(engine, [(600, 100), (601, 100)], t0=4)
    assert len(got) == 1   # nor does a tap-sized stroke


def test_the_host_says_when_a_drawn_shape_is_done(scene):
    engine, v = scene
    stroke = engine.stroke(v)
    stroke.stroke_pause = 10.0   # the kiosk has a Done button: the shape is never ended by a pause
    stroke.add_builtin_templates()
    got = []
    stroke.add_target(lambda a: got.append((round(a.timestamp, 3), stroke.template_name(a.stroke_template))))
    draw(engine, polyline([(400, 220), (420, 245), (470, 170)]), pause=0)
    lift = engine.now
    engine.advance(lift + 2.0)
    assert got == []            # still open: the person may draw more
    stroke.set_deadline(lift + 2.1)   # Done pressed
    engine.advance(lift + 2.1)
    assert got == [(round(lift + 2.1, 3), "check")]
    with pytest.raises(gk.GestureKitError):
        stroke.set_deadline(math.nan)


def test_every_builtin_shape_is_told_apart(scene):
    engine, v = scene
    stroke = engine.stroke(v)
    shapes = {
        "check": [(0, 60), (35, 100), (100, 0)], "triangle": [(50, 0), (0, 100), (100, 100), (50, 0)],
        "x": [(0, 0), (100, 100), (100, 0), (0, 100)], "caret": [(0, 100), (50, 0), (100, 100)],
        "v": [(0, 0), (50, 100), (100, 0)], "zigzag": [(0, 0), (100, 0), (0, 100), (100, 100)],
        "rectangle": [(0, 0), (0, 100), (100, 100), (100, 0), (0, 0)],
    }
    circle = [(50 + 50 * math.cos(-math.pi / 2 - 2 * math.pi * k / 40),
               50 + 50 * math.sin(-math.pi / 2 - 2 * math.pi * k / 40)) for k in range(41)]
    rng = random.Random(7)
    for name, corners in shapes.items():
        pts = [(200 + 1.7 * x, 100 + 1.3 * y) for x, y in polyline(corners, jitter=2, rng=rng)]
        assert stroke.match(pts)[0] == name
    assert stroke.match([(300 + 0.8 * x, 200 + 0.8 * y) for x, y in circle])[0] == "circle"


def test_stroke_and_pan_on_one_view_resolve_by_the_normal_rules(scene):
    engine, v = scene
    stroke, pan = engine.stroke(v), engine.pan(v)
    fired = []
    stroke.add_target(lambda a: fired.append("stroke"))
    pan.add_target(lambda a: fired.append("pan " + a.state.name.lower()))
    check = polyline([(400, 220), (420, 245), (470, 170)])
    # Without a relation the pan begins first (10 pt of movement) and prevents the stroke (rule 33).
    draw(engine, check)
    assert "stroke" not in fired and fired[0] == "pan began"
    # With the pan required to wait for the stroke to fail, the check mark wins...
    fired.clear()
    pan.require_to_fail(stroke)
    draw(engine, check, t0=2)
    assert fired == ["stroke"]
    # ...and a plain drag is released to the pan at the lift, from began to ended (rules 26, 40).
    fired.clear()
    draw(engine, polyline([(100, 300), (400, 300)]), t0=4)
    assert fired == ["pan began", "pan ended"]


def test_templates_from_the_host_and_bad_input(scene):
    engine, v = scene
    stroke = engine.stroke(v, builtin_templates=False)
    assert stroke.template_count == 0
    assert stroke.add_template("L", [(0, 0), (0, 100), (60, 100)]) == 0
    assert stroke.template_name(0) == "L"
    assert stroke.match([(10, 10), (10, 60), (40, 60)])[0] == "L"
    for bad in ([(0, 0)], [(0, 0), (0, 0)], [(0, 0), (math.nan, 1)]):
        with pytest.raises(gk.GestureKitError) as err:
            stroke.add_template("bad", bad)
        assert err.value.status == gk.Status.INVALID_ARGUMENT
    with pytest.raises(gk.GestureKitError):
        stroke.add_template("x" * 64, [(0, 0), (1, 1)])
    with pytest.raises(gk.GestureKitError) as err:
        stroke.template_name(5)
    assert err.value.status == gk.Status.OUT_OF_RANGE
    stroke.threshold = 0.95
    with pytest.raises(gk.GestureKitError):
        stroke.threshold = 1.5


def run_eval(*args):
    """bench/strokes_eval.py's output, run with the `gesturekit` package this test imported (the
    source tree's, the installed one or a wheel's): its folder goes first on PYTHONPATH."""
    package_parent = str(Path(gk.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, str(ROOT / "bench" / "strokes_eval.py"), str(DOLLAR), *args], check=True,
                          capture_output=True, text=True, env=env).stdout


def subset_accuracy(*options):
    """Runs the evaluation CI-sized (medium speed, 3 draws per person) and returns its figures by
    label, in %."""
    out = run_eval("--repeats", "3", "--speeds", "medium", *options)
    return {line.split(":")[0]: float(line.split(":")[1].split("%")[0]) for line in out.splitlines() if "% of" in line}


@pytest.mark.skipif(not DOLLAR.is_dir(), reason="the $1 logs are not beside the project")
def test_dollar1_logs_subset_accuracy():
    """A CI-sized run of the evaluation. Floors sit a little below the measured full-run figures
    (docs/STROKES.md), to catch regressions."""
    pct = subset_accuracy()
    # Measured on this subset: 99.17, 99.79 and 98.12 % (before the direction term and the free
    # start of closed shapes: 98.33, 99.38 and 94.79 %).
    assert pct["user-dependent, 1 template/shape"] >= 97
    assert pct["user-dependent, 3 templates/shape"] >= 98.5
    assert pct["user-independent, 3 templates/shape"] >= 96


@pytest.mark.skipif(not DOLLAR.is_dir(), reason="the $1 logs are not beside the project")
def test_dollar1_logs_cut_into_pieces_keep_their_accuracy_with_the_point_cloud():
    """The same run with the point-cloud matcher, each test stroke also cut into two to four pieces,
    partly reversed and shuffled. Floors below the measured subset figures."""
    pct = subset_accuracy("--matcher", "point-cloud", "--multistroke")
    # Measured on this subset: 99.17 / 99.79 / 98.54 % whole, 99.17 / 99.58 / 97.92 % in pieces
    # (before the orientation feature and the stretch: 97.71 / 99.17 / 91.25 and 97.29 / 99.17 / 90.62).
    assert pct["user-independent, 3 templates/shape"] >= 96
    assert pct["user-dependent, 1 template/shape, multistroke variants"] >= 97
    assert pct["user-independent, 3 templates/shape, multistroke variants"] >= 95.5


def test_a_multistroke_shape_is_collected_across_strokes_and_ends_after_the_pause(scene):
    engine, v = scene
    stroke = engine.stroke(v, builtin_templates=False, matcher=gk.StrokeMatcher.POINT_CLOUD, stroke_pause=0.3)
    assert stroke.matcher == gk.StrokeMatcher.POINT_CLOUD and stroke.stroke_pause == 0.3
    stroke.add_template("x", [[(0, 0), (100, 100)], [(100, 0), (0, 100)]])
    stroke.add_template("plus", [[(50, 0), (50, 100)], [(0, 50), (100, 50)]])
    engine.enable_decision_log(64)
    got = []
    stroke.add_target(lambda a: got.append((round(a.timestamp, 3), stroke.template_name(a.stroke_template))))
    # The x's second stroke first, both drawn backwards.
    draw(engine, polyline([(500, 100), (300, 300)]), t0=0.0, pause=0)
    draw(engine, polyline([(500, 300), (300, 100)]), t0=0.2, touch_id=2, pause=0)
    assert got == []
    engine.advance(1.0)
    assert got == [(0.6, "x")]
    added = [d.touch_id for d in engine.decisions() if d.event == gk.DecisionEvent.STROKE_ADDED]
    assert added == [1, 2]


def arc(cx, cy, r, a0, a1, steps=16):
    return [(cx + r * math.cos(a0 + (a1 - a0) * k / steps), cy + r * math.sin(a0 + (a1 - a0) * k / steps))
            for k in range(steps + 1)]


def d_and_exclamation(engine, v, **props):
    """A stroke recognizer with a D (a bar, then its bow) and an exclamation mark (a bar and a dot)
    drawn as people do, and a one-stroke check."""
    stroke = engine.stroke(v, builtin_templates=False, **props)
    stroke.add_template("D", [[(0, 0), (0, 100)], arc(0, 50, 50, -math.pi / 2, math.pi / 2)])
    stroke.add_template("exclamation", [[(0, 0), (0, 75)], [(0, 95), (0, 100)]])
    stroke.add_template("check", [(0, 60), (35, 100), (100, 0)])
    got = []
    stroke.add_target(lambda a: got.append((round(a.timestamp, 3), stroke.template_name(a.stroke_template))))
    return stroke, got


def test_a_d_whose_bar_alone_looks_like_a_beginning_waits_for_its_bow(scene):
    """Issue 53, item 1, and issue 68: the bar of a D is the beginning of a longer template, and
    also (its dot too small to count) a whole exclamation mark. So the shape stays open for the
    complete pause (1 s), and a bow drawn 0.8 s later completes the D, decided the stroke pause
    after it. With the complete pause as long as the continuation pause (3 s, the rule before
    0.6.2) a bow 1.3 s later still does."""
    engine, v = scene
    stroke, got = d_and_exclamation(engine, v)
    assert stroke.continuation_pause == 3.0 and stroke.complete_pause == 1.0
    bow = [(300 + x * 2, 100 + y * 2) for x, y in arc(0, 50, 50, -math.pi / 2, math.pi / 2)]
    draw(engine, polyline([(300, 100), (300, 300)]), t0=0.0, pause=0)   # lifted at 0.1
    assert engine.next_deadline == pytest.approx(1.1)
    draw(engine, bow, t0=0.9, touch_id=2, pause=0)                      # lifted at 1.06
    assert engine.next_deadline == pytest.approx(1.56)
    engine.advance(5)
    assert got == [(1.56, "D")]
    got.clear()
    stroke.complete_pause = 3.0
    draw(engine, polyline([(300, 100), (300, 300)]), t0=10.0, touch_id=3, pause=0)
    assert engine.next_deadline == pytest.approx(13.1)
    draw(engine, bow, t0=11.4, touch_id=4, pause=0)                     # lifted at 11.56
    engine.advance(15)
    assert got == [(12.06, "D")]


def test_without_the_continuation_pause_the_bar_alone_is_decided(scene):
    engine, v = scene
    _stroke, got = d_and_exclamation(engine, v, continuation_pause=0.5)
    draw(engine, polyline([(300, 100), (300, 300)]), t0=0.0, pause=0)
    assert engine.next_deadline == pytest.approx(0.6)
    draw(engine, [(300 + x * 2, 100 + y * 2) for x, y in arc(0, 50, 50, -math.pi / 2, math.pi / 2)],
         t0=1.4, touch_id=2, pause=0)
    engine.advance(5)
    assert (2.06, "D") not in got


def line_t_and_h(engine, v, **props):
    """A stroke recognizer with a line (an upright), a T (a bar, then an upright from its middle)
    and an H (two uprights, then a bar): a drawn upright is a whole line and the beginning of an
    H; a drawn bar is only the beginning of a T."""
    stroke = engine.stroke(v, builtin_templates=False, **props)
    stroke.add_template("line", [(0, 0), (0, 100)])
    stroke.add_template("T", [[(-50, 0), (50, 0)], [(0, 0), (0, 100)]])
    stroke.add_template("H", [[(0, 0), (0, 100)], [(60, 0), (60, 100)], [(0, 50), (60, 50)]])
    got = []
    stroke.add_target(lambda a: got.append((round(a.timestamp, 3), stroke.template_name(a.stroke_template))))
    return stroke, got


def test_a_line_that_could_begin_an_h_is_decided_after_the_complete_pause(scene):
    """Issue 68, item 1: strokes that are already a whole shape (a line) but also the beginning of
    a longer one (an H) wait the complete pause, 1 s, not the 3 s continuation pause: a person who
    draws a line and stops sees it decided within 1 s of the lift."""
    engine, v = scene
    stroke, got = line_t_and_h(engine, v)
    assert stroke.complete_pause == 1.0
    draw(engine, polyline([(300, 100), (300, 300)]), t0=0.0, pause=0)   # lifted at 0.1
    assert engine.next_deadline == pytest.approx(1.1)
    engine.advance(5)
    assert got == [(1.1, "line")]


def test_an_h_whose_second_upright_comes_within_the_complete_pause_is_an_h(scene):
    engine, v = scene
    _stroke, got = line_t_and_h(engine, v)
    draw(engine, polyline([(300, 100), (300, 300)]), t0=0.0, pause=0)           # lifted at 0.1
    draw(engine, polyline([(420, 100), (420, 300)]), t0=0.9, touch_id=2, pause=0)  # 0.8 s later
    # Two uprights are no whole shape, only the beginning of the H: the continuation pause.
    assert engine.next_deadline == pytest.approx(1.0 + 3.0)
    draw(engine, polyline([(300, 200), (420, 200)]), t0=2.5, touch_id=3, pause=0)  # 1.5 s later
    engine.advance(10)
    assert got == [(3.1, "H")]


def test_a_bar_that_is_only_the_beginning_of_a_t_waits_the_continuation_pause(scene):
    engine, v = scene
    _stroke, got = line_t_and_h(engine, v)
    draw(engine, polyline([(250, 100), (350, 100)]), t0=0.0, pause=0)
    assert engine.next_deadline == pytest.approx(0.1 + 3.0)
    draw(engine, polyline([(300, 100), (300, 300)]), t0=2.0, touch_id=2, pause=0)   # 1.9 s later
    engine.advance(10)
    assert got == [(2.6, "T")]


def test_the_complete_pause_is_a_property_within_the_other_two(scene):
    engine, v = scene
    stroke, got = line_t_and_h(engine, v, complete_pause=3.0)
    assert stroke.complete_pause == 3.0
    draw(engine, polyline([(300, 100), (300, 300)]), t0=0.0, pause=0)
    assert engine.next_deadline == pytest.approx(3.1)        # as long as the continuation pause
    engine.advance(10)
    assert got == [(3.1, "line")]
    stroke.complete_pause = 0.0                              # no shorter than the stroke pause
    draw(engine, polyline([(300, 100), (300, 300)]), t0=20.0, touch_id=2, pause=0)
    assert engine.next_deadline == pytest.approx(20.6)
    engine.advance(30)
    stroke.continuation_pause = 2.0
    stroke.complete_pause = 9.0                              # no longer than the continuation pause
    draw(engine, polyline([(300, 100), (300, 300)]), t0=40.0, touch_id=3, pause=0)
    assert engine.next_deadline == pytest.approx(42.1)
    engine.advance(50)
    assert [name for _t, name in got] == ["line"] * 3
    for bad in (-1.0, 61.0, float("nan")):
        with pytest.raises(gk.GestureKitError):
            stroke.complete_pause = bad


def test_a_finished_shape_is_decided_after_the_stroke_pause(scene):
    """A check is no template's beginning: it is decided 0.5 s after its lift, as before."""
    engine, v = scene
    _stroke, got = d_and_exclamation(engine, v)
    draw(engine, polyline([(300, 160), (335, 200), (400, 100)]), t0=0.0, pause=0)
    assert engine.next_deadline == pytest.approx(0.2 + 0.5)
    engine.advance(1)
    assert got == [(0.7, "check")]


@pytest.mark.parametrize("name", [" padded ", "padded ", "\ttab", "two\nlines", "cr\r"])
def test_a_name_the_file_cannot_carry_is_refused_not_changed(scene, tmp_path, name):
    engine, _v = scene
    r = engine.stroke(builtin_templates=False)
    r.add_template(name, [(0, 0), (100, 100)])
    with pytest.raises(ValueError, match="cannot be written"):
        r.save_templates(tmp_path / "shapes.strokes")


def test_templates_are_saved_and_loaded_in_the_text_format(scene, tmp_path):
    engine, _v = scene
    a = engine.stroke(builtin_templates=False, matcher=gk.StrokeMatcher.POINT_CLOUD)
    a.add_template("x mark", [[(0, 0), (100, 100.5)], [(100, 0), (0, 100)]])
    a.add_template("check", [(0, 60), (35, 100), (100, 0)])
    path = tmp_path / "shapes.strokes"
    a.save_templates(path)
    assert path.read_text().splitlines()[:3] == ["gesturekit-strokes 1", "template x mark", "stroke 0 0 100 100.5"]
    b = engine.stroke(builtin_templates=False, matcher=gk.StrokeMatcher.POINT_CLOUD)
    assert b.load_templates(path) == 2
    assert [b.template_name(k) for k in range(b.template_count)] == ["x mark", "check"]
    assert b.template_strokes(0) == [[(0.0, 0.0), (100.0, 100.5)], [(100.0, 0.0), (0.0, 100.0)]]
    assert b.match([[(0, 100), (100, 0)], [(100, 100), (0, 0)]])[0] == "x mark"
    # A malformed file adds nothing and says where.
    bad = tmp_path / "bad.strokes"
    bad.write_text("gesturekit-strokes 1\ntemplate a\nstroke 0 0 1\n")
    with pytest.raises(ValueError, match="line 3"):
        b.load_templates(bad)
    assert b.template_count == 2


def test_straight_lines_in_every_direction_match_no_built_in_shape(scene):
    engine, _v = scene
    for matcher in (gk.StrokeMatcher.UNISTROKE, gk.StrokeMatcher.POINT_CLOUD):
        stroke = engine.stroke(matcher=matcher)
        for k in range(16):
            a = k * math.pi / 8
            line = [(400 + t * 200 * math.cos(a) - 2 * math.sin(3 * math.pi * t) * math.sin(a),
                     240 + t * 200 * math.sin(a) + 2 * math.sin(3 * math.pi * t) * math.cos(a))
                    for t in [i / 40 for i in range(41)]]
            name, score = stroke.match(line)
            assert score < stroke.threshold, (matcher, k, name, score)
        assert stroke.match(polyline([(0, 60), (35, 100), (100, 0)]))[0] == "check"


def test_loading_templates_is_all_or_nothing(scene, tmp_path):
    engine, _v = scene
    r = engine.stroke(builtin_templates=False)
    r.add_template("kept", [(0, 0), (50, 50)])
    # 300 good templates: more than the 255 places left, so none is added.
    many = tmp_path / "many.strokes"
    many.write_text("gesturekit-strokes 1\n" + "".join(f"template t{k}\nstroke 0 0 {k + 1} 100\n" for k in range(300)))
    with pytest.raises(ValueError, match="line 512: one template too many"):
        r.load_templates(many)
    assert r.template_count == 1
    # A template the library would refuse (no length) after good ones: none is added either.
    flat = tmp_path / "flat.strokes"
    flat.write_text("gesturekit-strokes 1\ntemplate a\nstroke 0 0 10 10\ntemplate dot\nstroke 5 5 5 5\n")
    with pytest.raises(ValueError, match="'dot' has no length"):
        r.load_templates(flat)
    assert r.template_count == 1
    # A coordinate the library refuses (past 1e12 pt), after a good template: none is added.
    far = tmp_path / "far.strokes"
    far.write_text("gesturekit-strokes 1\ntemplate a\nstroke 0 0 10 10\ntemplate b\nstroke 0 0 9e37 1\n")
    with pytest.raises(ValueError, match="line 5: a coordinate beyond 1e\\+12"):
        r.load_templates(far)
    assert r.template_count == 1


@pytest.mark.parametrize("reader", ["templates", "profile"])
def test_the_file_readers_stop_on_an_endless_or_huge_file(scene, tmp_path, reader):
    engine, _v = scene
    r = engine.stroke(builtin_templates=False)
    load = r.load_templates if reader == "templates" else gk.PanelProfile.load
    with pytest.raises(ValueError, match="a directory, not a regular file"):
        load(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="a FIFO, not a regular file"):
        load(fifo)                                 # refused at once, not waited on
    with pytest.raises(ValueError, match="not a regular file"):
        load("/dev/zero")                          # a device: no line end, ever
    huge = tmp_path / "huge.txt"
    with open(huge, "w") as f:                     # short lines, 17 MiB
        f.write("gesturekit-strokes 1\n" if reader == "templates" else "gesturekit-panel-profile 1\n")
        line = "# " + "x" * 61 + "\n"
        f.write(line * (17 << 14))
    with pytest.raises(ValueError, match="larger than"):
        load(huge)
    assert r.template_count == 0


@pytest.mark.skipif(not DOLLAR.is_dir(), reason="the $1 logs are not beside the project")
def test_the_default_matcher_is_the_one_that_generalises_to_strangers_shapes():
    """Issue 41, item 8: templates from some people, tests from others, cut into pieces and
    reordered, drawn at other sizes and aspect ratios: the evaluation separates the two matchers,
    and the default is the one that keeps its accuracy."""
    variant = "user-independent, 3 templates/shape, multistroke variants, other sizes and aspects"
    cloud = subset_accuracy("--matcher", "point-cloud", "--multistroke", "--distort")
    unistroke = subset_accuracy("--matcher", "unistroke", "--multistroke", "--distort")
    # Full run (docs/STROKES.md): 96.69 % against 21.38 %.
    assert cloud[variant] >= 94 and unistroke[variant] < 50
    with gk.Engine(400, 400) as engine:
        stroke = engine.stroke()
        assert stroke.matcher == gk.StrokeMatcher.POINT_CLOUD
        assert stroke.threshold == pytest.approx(0.804)


@pytest.mark.skipif(not DOLLAR.is_dir(), reason="the $1 logs are not beside the project")
def test_the_default_threshold_accepts_known_shapes_and_refuses_unknown_ones():
    """Issue 41, item 9: at the default threshold the point cloud accepts about 90 % of known shapes
    drawn by strangers and about 10 % of shapes it has no template for (full runs: 89.98-90.48 %
    and 9.17-10.06 %). This subset is smaller, so its bounds are wider."""
    out = run_eval("--repeats", "1", "--speeds", "medium", "--matcher", "point-cloud", "--rejection")
    rows = [line.split() for line in out.splitlines() if line.startswith("  0.00 ")]
    row = next(r for r in rows if r[1] == "0.8040")
    true_accept, unknown = float(row[2]), float(row[4])
    assert true_accept >= 86 and unknown <= 14
    # Straight lines, taps and scribbles against the built-in shapes: none accepted.
    assert row[6] == "0.0" and row[7] == "0.0" and row[8] == "0.0"

