#!/usr/bin/env python3
"""Conformance runner: plays the spec's acceptance scenarios (format gk-acceptance/1, see
docs/CONFORMANCE.md) through the Python binding and checks their expectations.

Usage: run.py [SCENARIO_DIR] [-v] [--only S01,S42] [--dump DIR]

Each scenario is reported as pass, fail (a hard expectation did not hold), warn (only soft ones
failed) or unsupported (it needs something the engine or this adapter cannot do yet; the reason is
printed). A scenario may be listed in EXPECTED_FAILURES only with the issue that will fix it. The
exit status is non-zero when a scenario fails unexpectedly. --dump writes each scenario's log and
readings to DIR as JSON (Tests/web/compare_logs.py compares them with the WebAssembly build's). Playing a scenario is here (`Run`);
matching its expectations against the logs is `expectations.py`.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import gesturekit as gk
from expectations import Unsupported, check

# Scenario id -> issue number that will make it pass. Keep this list empty or justified.
EXPECTED_FAILURES: dict = {}

SUPPORTED_KINDS = {"tap": gk.Kind.TAP, "long_press": gk.Kind.LONG_PRESS, "pan": gk.Kind.PAN,
                   "screen_edge_pan": gk.Kind.SCREEN_EDGE_PAN, "swipe": gk.Kind.SWIPE, "pinch": gk.Kind.PINCH,
                   "rotation": gk.Kind.ROTATION, "hover": gk.Kind.HOVER}
PROPERTY_NAMES = {
    "is_enabled": "enabled",
    "cancels_touches_in_view": "cancels_touches_in_view",
    "delays_touches_began": "delays_touches_began",
    "delays_touches_ended": "delays_touches_ended",
    "requires_exclusive_touch_type": "requires_exclusive_touch_type",
    "number_of_taps_required": "number_of_taps_required",
    "number_of_touches_required": "number_of_touches_required",
    "minimum_number_of_touches": "minimum_number_of_touches",
    "maximum_number_of_touches": "maximum_number_of_touches",
    "minimum_press_duration": "minimum_press_duration",
    "allowable_movement": "allowable_movement",
    "edges": "edges",
    "direction": "direction",
    "scale": "scale",
    "rotation": "rotation",
}
# List-valued properties (FORMAT.md 5.2) become bit sets.
BIT_NAMES = {
    "edges": {"top": gk.Edge.TOP, "left": gk.Edge.LEFT, "bottom": gk.Edge.BOTTOM, "right": gk.Edge.RIGHT},
    "direction": {"right": gk.SwipeDirection.RIGHT, "left": gk.SwipeDirection.LEFT, "up": gk.SwipeDirection.UP,
                  "down": gk.SwipeDirection.DOWN},
}
HOVER_PHASES = {"enter": gk.HoverPhase.ENTER, "move": gk.HoverPhase.MOVE, "exit": gk.HoverPhase.EXIT}


def property_value(name, value):
    """A scenario's property value as the binding takes it."""
    if name in BIT_NAMES:
        bits = 0
        for item in value:
            bits |= int(BIT_NAMES[name][item])
        return bits
    return value
PHASES = {"down": gk.Phase.BEGAN, "move": gk.Phase.MOVED, "stationary": gk.Phase.STATIONARY,
          "up": gk.Phase.ENDED, "cancel": gk.Phase.CANCELLED}
TYPES = {"finger": gk.TouchType.DIRECT, "stylus": gk.TouchType.STYLUS, "pointer": gk.TouchType.INDIRECT_POINTER}
STATE_NAMES = {gk.State.POSSIBLE: "possible", gk.State.BEGAN: "began", gk.State.CHANGED: "changed",
               gk.State.ENDED: "ended", gk.State.CANCELLED: "cancelled", gk.State.FAILED: "failed"}
DELIVERY_LETTER = {gk.Phase.BEGAN: "B", gk.Phase.MOVED: "M", gk.Phase.ENDED: "E", gk.Phase.CANCELLED: "C"}


TEST_KINDS = {"probe", "probe_continuous", "eager", "lazy", "ignore_touch_custom", "fail_on_begin"}


def make_test_recognizer(run, rid, kind, props, answers):
    """The spec's test recognizers (FORMAT.md 5.1) as custom recognizers that log their callbacks."""
    continuous = kind in ("probe_continuous", "eager")

    def per_other(key, other, default):
        spec = answers.get(key)
        if spec is None:
            return default
        if isinstance(spec, bool):
            return spec
        oid = run.rec_ids.get(other.handle) if other else None
        return spec.get("per", {}).get(oid, spec.get("default", default))

    class TestRecognizer(gk.CustomRecognizer):
        def _log(self, hook, touch=None):
            entry = {"kind": "callback", "seq": run._call_seq(), "t": run.engine.now, "recognizer": rid, "hook": hook}
            if touch is not None:
                entry["touch"] = touch
            run.log.append(entry)

        def touches_began(self, touches, t):
            for x in touches:
                self._log("touches_began", x.id)
            if kind == "eager" and self.state == gk.State.POSSIBLE:
                self.state = gk.State.BEGAN
            elif kind == "fail_on_begin":
                self.state = gk.State.FAILED
            elif kind == "ignore_touch_custom":
                for x in touches:
                    if x.id in props.get("ignored_touches", []):
                        self.ignore(x)

        def touches_moved(self, touches, t):
            for x in touches:
                self._log("touches_moved", x.id)

        def touches_ended(self, touches, t):
            for x in touches:
                self._log("touches_ended", x.id)
            if kind == "ignore_touch_custom" and any(x.id == props.get("recognize_on_lift_of") for x in touches):
                self.state = gk.State.RECOGNIZED

        def touches_cancelled(self, touches, t):
            for x in touches:
                self._log("touches_cancelled", x.id)

        def reset(self):
            self._log("reset")

    if "can_prevent" in answers:
        TestRecognizer.can_prevent = lambda self, other: per_other("can_prevent", other, True)
    if "can_be_prevented" in answers:
        TestRecognizer.can_be_prevented = lambda self, other: per_other("can_be_prevented", other, True)
    return TestRecognizer(run.engine, continuous=continuous)


CALL_STATES = {"recognize": gk.State.RECOGNIZED, "fail": gk.State.FAILED, "begin": gk.State.BEGAN,
               "change": gk.State.CHANGED, "end": gk.State.ENDED}


class Run:
    """Plays one scenario and keeps its logs (section 7 of the format)."""

    def __init__(self, sc: dict, defaults: dict):
        self.sc = sc
        self.tol = defaults["tolerances"]
        scene = sc["scene"]
        self.engine = gk.Engine(scene["screen"]["width"], scene["screen"]["height"], log_transitions=True)
        self.views = {"window": None}
        self.recognizers = {}
        self.rec_ids = {}
        self.log = []          # combined log: dicts with kind, seq, ...
        self.readings = {}     # index of state_at/values_at expectation -> observed value
        self.needed_views = self._views_in_expectations()
        for v in scene["views"]:
            self._add_view(v)
        for r in sc["recognizers"]:
            self._add_recognizer(r)
        for r in sc["recognizers"]:
            for other in r.get("require_to_fail", []):
                self.recognizers[r["id"]].require_to_fail(self.recognizers[other])

    # ---- scene
    def _views_in_expectations(self):
        names = set()

        def walk(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k in ("location_in", "translation_in", "velocity_in", "location_of_touches_in") and isinstance(v, dict):
                        names.update(v.keys())
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(self.sc["expect"])
        return names

    def _add_view(self, v):
        parent = self.engine.root if v["parent"] is None else self.views[v["parent"]]
        view = parent.add_view(v["frame"])
        flags = {"hidden": "hidden", "user_interaction_enabled": "user_interaction_enabled",
                 "multiple_touch_enabled": "multiple_touch_enabled", "exclusive_touch": "exclusive_touch"}
        for key, attr in flags.items():
            if key in v:
                setattr(view, attr, v[key])
        if "transform" in v:
            view.set_scale(v["transform"]["scale"])
        if v.get("veto"):
            refused = set(v["veto"])
            view.set_should_begin(lambda _view, rec: self.rec_ids.get(rec.handle if rec else -1) not in refused)
        self.views[v["id"]] = view

    def _add_recognizer(self, r):
        if r["kind"] in TEST_KINDS:
            rec = make_test_recognizer(self, r["id"], r["kind"], r.get("properties", {}), r.get("delegate", {}))
            props = {}
        else:
            kind = SUPPORTED_KINDS.get(r["kind"])
            if kind is None:
                raise Unsupported(f"recognizer kind '{r['kind']}'")
            rec = self.engine.recognizer(kind)
            props = r.get("properties", {})
        self.rec_ids[rec.handle] = r["id"]
        if r.get("delegate"):
            self._install_delegate(r["id"], rec, r["delegate"])
        for name, value in props.items():
            if name not in PROPERTY_NAMES:
                raise Unsupported(f"property '{name}'")
            setattr(rec, PROPERTY_NAMES[name], property_value(name, value))
        opts = r.get("engine_options", {})
        if "velocity_mode" in opts:
            rec.velocity_mode = (gk.VelocityMode.UIKIT_COMPATIBLE if opts["velocity_mode"] == "uikit_compatible"
                                 else gk.VelocityMode.LEAST_SQUARES)
        targets = r.get("targets", ["main"])
        rec._conf_targets = {}
        for name in targets:
            rec._conf_targets[name] = rec.add_target(self._make_target(r["id"], name, r.get("on_action", [])))
        if r["view"] is not None:
            rec.attach(self.views[r["view"]])
        self.recognizers[r["id"]] = rec
        self.rec_ids[rec.handle] = r["id"]

    def _call_seq(self):
        # Delegate questions are asked in steps 1-2 of a pass, before that pass's queued entries:
        # place them just after everything logged so far.
        top = max([x["seq"] for x in self.log], default=0)
        return top + 0.001

    def _install_delegate(self, rid, rec, answers):
        unknown = set(answers) - {"should_begin", "should_receive", "should_recognize_simultaneously"}
        if unknown and not isinstance(rec, gk.CustomRecognizer):
            raise Unsupported(f"subclass hooks {sorted(unknown)} on a standard recognizer")

        def per_other(spec, other, default):
            if isinstance(spec, bool):
                return spec
            oid = self.rec_ids.get(other.handle) if other else None
            return spec.get("per", {}).get(oid, spec.get("default", default))

        def log(hook, **extra):
            self.log.append(dict({"kind": "call", "seq": self._call_seq(), "t": self.engine.now,
                                  "recognizer": rid, "hook": hook}, **extra))

        kwargs = {}
        if "should_begin" in answers:
            def should_begin(r):
                log("should_begin")
                return answers["should_begin"]
            kwargs["should_begin"] = should_begin
        if "should_receive" in answers:
            def should_receive(r, touch_id, location):
                log("should_receive", touch=touch_id)
                return answers["should_receive"]
            kwargs["should_receive"] = should_receive
        if "should_recognize_simultaneously" in answers:
            def simultaneous(r, other):
                log("should_recognize_simultaneously", other=self.rec_ids.get(other.handle) if other else None)
                return per_other(answers["should_recognize_simultaneously"], other, False)
            kwargs["should_recognize_simultaneously"] = simultaneous
        rec.set_delegate(**kwargs)

    def _make_target(self, rid, target, behaviours):
        def target_fn(action):
            rec = self.recognizers[rid]
            values = {"location_in": {}, "translation_in": {}, "velocity_in": {}, "location_of_touches_in": {}}
            values["number_of_touches"] = rec.number_of_touches
            values.update(self._scalar_values(rec))
            for vname in self.needed_views | {"window"}:
                if vname not in self.views:
                    continue
                view = self.views[vname]
                values["location_in"][vname] = rec.location(view)
                if isinstance(rec, gk.PanRecognizer):
                    values["translation_in"][vname] = rec.translation(view)
                    values["velocity_in"][vname] = rec.velocity(view)
                pts = []
                for i in range(rec.number_of_touches):
                    try:
                        pts.append(rec.location_of_touch(i, view))
                    except gk.GestureKitError:
                        break
                values["location_of_touches_in"][vname] = pts
            self.log.append({"kind": "action", "seq": action.sequence, "t": action.timestamp, "recognizer": rid,
                             "state": STATE_NAMES[action.state], "target": target, "values": values})
            for b in behaviours:
                if "states" in b and STATE_NAMES[action.state] not in b["states"]:
                    continue
                if b["do"] == "set_translation":
                    rec.set_translation(b["value"], self.views[b["view"]])
                elif b["do"] == "set_scale":
                    rec.scale = b["value"]
                elif b["do"] == "set_rotation":
                    rec.rotation = b["value"]
                else:
                    raise Unsupported(f"on_action '{b['do']}'")
        return target_fn

    # ---- playing
    def drain(self):
        for d in self.engine.deliveries():
            name = next((k for k, v in self.views.items() if v is not None and v == d.view), "?")
            self.log.append({"kind": "delivery", "seq": d.sequence, "t": d.timestamp, "view": name,
                             "phase": DELIVERY_LETTER.get(d.phase, "?"), "touch": d.touch_id})
        for t in self.engine.transitions():
            rid = self.rec_ids.get(t.recognizer.handle if t.recognizer else -1, "?")
            self.log.append({"kind": "state", "seq": t.sequence, "t": t.timestamp, "recognizer": rid,
                             "state": STATE_NAMES[t.to_state]})
        for _ in self.engine.actions():
            pass

    def play(self):
        steps = self.sc["timeline"]
        readings = [(i, e) for i, e in enumerate(self.sc["expect"]) if e["type"] in ("state_at", "values_at")]
        last_t = steps[-1]["t"] if steps else 0.0
        k = 0
        for step_index, step in enumerate(steps):
            # Readings due before this step (all earlier steps have run).
            k = self._take_readings(readings, step["t"], before=True)
            self._step(step)
            self.drain()
        self._take_readings(readings, last_t, before=False)
        self.log.sort(key=lambda e: e["seq"])

    def _take_readings(self, readings, t, before):
        for i, e in readings:
            if i in self.readings:
                continue
            if (before and e["t"] < t - 1e-9) or (not before and e["t"] <= t + 1e-9):
                if e["t"] > self.engine.now:
                    self.engine.advance(e["t"])
                    self.drain()
                rec = self.recognizers[e["recognizer"]]
                if e["type"] == "state_at":
                    self.readings[i] = STATE_NAMES[rec.state]
                else:
                    self.readings[i] = self._read_values(rec, e["values"])

    @staticmethod
    def _scalar_values(rec):
        if isinstance(rec, gk.PinchRecognizer):
            return {"scale": rec.scale, "velocity": rec.velocity}
        if isinstance(rec, gk.RotationRecognizer):
            return {"rotation": rec.rotation, "velocity": rec.velocity}
        return {}

    def _read_values(self, rec, wanted):
        out = {}
        scalars = self._scalar_values(rec)
        for key, spec in wanted.items():
            if key == "number_of_touches":
                out[key] = rec.number_of_touches
            elif key in ("scale", "rotation", "velocity"):
                if key not in scalars:
                    raise Unsupported(f"value {key} for this kind")
                out[key] = scalars[key]
            elif key in ("location_in", "translation_in", "velocity_in"):
                out[key] = {}
                for vname in spec:
                    view = self.views[vname]
                    if key == "location_in":
                        out[key][vname] = rec.location(view)
                    elif isinstance(rec, gk.PanRecognizer):
                        out[key][vname] = rec.translation(view) if key == "translation_in" else rec.velocity(view)
                    else:
                        raise Unsupported(f"value {key} for this kind")
            else:
                raise Unsupported(f"value '{key}'")
        return out

    def _step(self, step):
        op, t = step["op"], step["t"]
        if op == "touches":
            frame = []
            for e in step["touches"]:
                frame.append(gk.Touch(e["id"], PHASES[e["phase"]], e.get("x", math.nan), e.get("y", math.nan),
                                      TYPES[e.get("type", "finger")]))
            self.engine.feed(t, frame)
        elif op == "advance":
            self.engine.advance(t)
        elif op == "set":
            self.engine.advance(t)
            if step["property"] not in PROPERTY_NAMES:
                raise Unsupported(f"property '{step['property']}'")
            setattr(self.recognizers[step["recognizer"]], PROPERTY_NAMES[step["property"]],
                    property_value(step["property"], step["value"]))
        elif op == "attach":
            self.engine.advance(t)
            self.recognizers[step["recognizer"]].attach(self.views[step["view"]])
        elif op == "detach":
            self.engine.advance(t)
            self.recognizers[step["recognizer"]].detach()
        elif op == "remove_target":
            self.engine.advance(t)
            rec = self.recognizers[step["recognizer"]]
            if step["target"] is None:
                rec.remove_target(None)
            else:
                rec.remove_target(rec._conf_targets[step["target"]])
        elif op == "hover":
            self.engine.hover(t, HOVER_PHASES[step["phase"]], step.get("x", math.nan), step.get("y", math.nan))
        elif op == "call":
            self.engine.advance(t)
            self.recognizers[step["recognizer"]].state = CALL_STATES[step["method"]]
        else:
            raise Unsupported(f"op '{op}'")


def dump(out: Path, name: str, run, unsupported) -> None:
    """The scenario's log and readings as JSON (what Tests/web/conformance.mjs writes)."""
    data = {"unsupported": unsupported, "log": run.log if run else [],
            "readings": {str(k): v for k, v in sorted(run.readings.items())} if run else {}}
    (out / name).write_text(json.dumps(data))


def run_file(path: Path, defaults: dict, verbose: bool, dump_dir=None):
    sc = json.loads(path.read_text())
    run = None
    try:
        run = Run(sc, defaults)
        run.play()
        if dump_dir:
            dump(dump_dir, path.name, run, None)
        failures, warnings = [], []
        for i, e in enumerate(sc["expect"]):
            ok = check(run, i, e, defaults["tolerances"])
            if not ok:
                (warnings if e.get("soft") else failures).append((i, e))
    except Unsupported as exc:
        if dump_dir:
            dump(dump_dir, path.name, None, str(exc))
        return "unsupported", str(exc), None
    finally:
        try:
            run.engine.close()
        except Exception:
            pass
    detail = ""
    if failures or warnings:
        lines = [f"  expectation {i} ({e['type']} {e.get('recognizer', e.get('view', ''))}) did not hold"
                 for i, e in failures + warnings]
        if verbose:
            lines += ["  log:"] + [f"    {x}" for x in run.log if x["kind"] != "action"] + \
                     [f"    action {x['t']:.4f} {x['recognizer']} {x['state']}" for x in run.log if x["kind"] == "action"]
        detail = "\n".join(lines)
    if failures:
        return "fail", detail, run
    if warnings:
        return "warn", detail, run
    return "pass", "", run


def main(argv):
    verbose = "-v" in argv
    args = [a for a in argv[1:] if not a.startswith("-")]
    only = None
    if "--only" in argv:
        only = set(argv[argv.index("--only") + 1].split(","))
        args = [a for a in args if a not in only and "," not in a]
    dump_dir = None
    if "--dump" in argv:
        dump_dir = Path(argv[argv.index("--dump") + 1])
        args = [a for a in args if a != str(dump_dir)]
        dump_dir.mkdir(parents=True, exist_ok=True)
    folder = Path(args[0]) if args else Path(__file__).parent / "scenarios"
    defaults = json.loads((folder / "defaults.json").read_text())
    counts = {"pass": 0, "fail": 0, "warn": 0, "unsupported": 0}
    unexpected = 0
    for path in sorted(folder.glob("S*.json")):
        sid = path.name.split("-")[0]
        if only and sid not in only:
            continue
        outcome, detail, _ = run_file(path, defaults, verbose, dump_dir)
        note = ""
        if outcome == "fail" and sid in EXPECTED_FAILURES:
            note = f" (expected: issue {EXPECTED_FAILURES[sid]})"
        elif outcome == "fail":
            unexpected += 1
        counts[outcome] += 1
        print(f"{sid:5} {outcome:11} {path.stem}{note}" + (f"  [{detail}]" if outcome == "unsupported" else ""))
        if detail and outcome != "unsupported":
            print(detail)
    print(f"scenarios: {counts['pass']} passed, {counts['fail']} failed, {counts['warn']} warned, "
          f"{counts['unsupported']} unsupported")
    print(f"{counts['pass'] + counts['warn']} passed, {counts['fail']} failed")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
