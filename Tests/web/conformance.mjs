// The spec's conformance scenarios played through the WebAssembly build and gesturekit.js under
// Node, as Tests/conformance/run.py plays them through the native library with the Python binding:
// the same scene, the same calls in the same order, the same log (every action with the values its
// target read, every delivery, transition, delegate question and test-recognizer callback) and the
// same readings. Each scenario's log is written as JSON to OUT_DIR; compare_logs.py compares them
// with run.py --dump's, value for value.
//
// Usage: node conformance.mjs WEB_DIR SCENARIO_DIR OUT_DIR
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [webDir, scenarioDir, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node conformance.mjs WEB_DIR SCENARIO_DIR OUT_DIR");
  process.exit(2);
}
const gk = await import(pathToFileURL(join(webDir, "gesturekit.js")).href);
const module = await gk.load(readFileSync(join(webDir, "gesturekit.wasm")));

class Unsupported extends Error {}

const SUPPORTED_KINDS = { tap: gk.Kind.TAP, long_press: gk.Kind.LONG_PRESS, pan: gk.Kind.PAN,
  screen_edge_pan: gk.Kind.SCREEN_EDGE_PAN, swipe: gk.Kind.SWIPE, pinch: gk.Kind.PINCH, rotation: gk.Kind.ROTATION,
  hover: gk.Kind.HOVER };
const PROPERTY_NAMES = { is_enabled: "enabled", cancels_touches_in_view: "cancelsTouchesInView",
  delays_touches_began: "delaysTouchesBegan", delays_touches_ended: "delaysTouchesEnded",
  requires_exclusive_touch_type: "requiresExclusiveTouchType", number_of_taps_required: "numberOfTapsRequired",
  number_of_touches_required: "numberOfTouchesRequired", minimum_number_of_touches: "minimumNumberOfTouches",
  maximum_number_of_touches: "maximumNumberOfTouches", minimum_press_duration: "minimumPressDuration",
  allowable_movement: "allowableMovement", edges: "edges", direction: "direction", scale: "scale", rotation: "rotation" };
const BIT_NAMES = { edges: { top: 1, left: 2, bottom: 4, right: 8 }, direction: { right: 1, left: 2, up: 4, down: 8 } };
const HOVER_PHASES = { enter: gk.HoverPhase.ENTER, move: gk.HoverPhase.MOVE, exit: gk.HoverPhase.EXIT };
const PHASES = { down: gk.Phase.BEGAN, move: gk.Phase.MOVED, stationary: gk.Phase.STATIONARY, up: gk.Phase.ENDED,
  cancel: gk.Phase.CANCELLED };
const TYPES = { finger: gk.TouchType.DIRECT, stylus: gk.TouchType.STYLUS, pointer: gk.TouchType.INDIRECT_POINTER };
const STATE_NAMES = ["possible", "began", "changed", "ended", "cancelled", "failed"];
const DELIVERY_LETTER = { [gk.Phase.BEGAN]: "B", [gk.Phase.MOVED]: "M", [gk.Phase.ENDED]: "E", [gk.Phase.CANCELLED]: "C" };
const TEST_KINDS = new Set(["probe", "probe_continuous", "eager", "lazy", "ignore_touch_custom", "fail_on_begin"]);
const CALL_STATES = { recognize: gk.State.RECOGNIZED, fail: gk.State.FAILED, begin: gk.State.BEGAN,
  change: gk.State.CHANGED, end: gk.State.ENDED };
const PAN_KINDS = new Set([gk.Kind.PAN, gk.Kind.SCREEN_EDGE_PAN]);

function propertyValue(name, value) {
  if (name in BIT_NAMES) return value.reduce((bits, item) => bits | BIT_NAMES[name][item], 0);
  return value;
}
const pt = (p) => [p.x, p.y];

class Run {
  constructor(sc) {
    this.sc = sc;
    const scene = sc.scene;
    this.engine = module.engine({ width: scene.screen.width, height: scene.screen.height, logTransitions: true });
    this.views = new Map([["window", null]]);
    this.recognizers = new Map();
    this.recIds = new Map();
    this.targets = new Map();
    this.log = [];
    this.readings = {};
    this.neededViews = this._viewsInExpectations();
    for (const v of scene.views) this._addView(v);
    for (const r of sc.recognizers) this._addRecognizer(r);
    for (const r of sc.recognizers) for (const other of r.require_to_fail ?? []) this.recognizers.get(r.id).requireToFail(this.recognizers.get(other));
  }

  _viewsInExpectations() {
    const names = new Set();
    const walk = (x) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === "object") {
        for (const [k, v] of Object.entries(x)) {
          if (["location_in", "translation_in", "velocity_in", "location_of_touches_in"].includes(k) && v && typeof v === "object" && !Array.isArray(v)) {
            Object.keys(v).forEach((n) => names.add(n));
          }
          walk(v);
        }
      }
    };
    walk(this.sc.expect);
    return names;
  }

  _addView(v) {
    const parent = v.parent === null ? this.engine.root : this.views.get(v.parent);
    const view = parent.addView(v.frame);
    const flags = { hidden: "hidden", user_interaction_enabled: "userInteractionEnabled",
      multiple_touch_enabled: "multipleTouchEnabled", exclusive_touch: "exclusiveTouch" };
    for (const [key, attr] of Object.entries(flags)) if (key in v) view[attr] = v[key];
    if (v.transform) view.setScale(v.transform.scale);
    if (v.veto) {
      const refused = new Set(v.veto);
      view.setShouldBegin((_view, rec) => !refused.has(this.recIds.get(rec ? rec.handle : -1)));
    }
    this.views.set(v.id, view);
  }

  _callSeq() {
    let top = 0;
    for (const x of this.log) if (x.seq > top) top = x.seq;
    return top + 0.001;
  }

  _testRecognizer(rid, kind, props, answers) {
    const continuous = kind === "probe_continuous" || kind === "eager";
    const perOther = (key, other, dflt) => {
      const spec = answers[key];
      if (spec === undefined || spec === null) return dflt;
      if (typeof spec === "boolean") return spec;
      const oid = other ? this.recIds.get(other.handle) : undefined;
      const per = spec.per ?? {};
      return oid !== undefined && oid in per ? per[oid] : ("default" in spec ? spec.default : dflt);
    };
    const logHook = (hook, touch) => {
      const entry = { kind: "callback", seq: this._callSeq(), t: this.engine.now, recognizer: rid, hook };
      if (touch !== undefined) entry.touch = touch;
      this.log.push(entry);
    };
    const hooks = {
      touchesBegan: (r, touches) => {
        for (const x of touches) logHook("touches_began", x.id);
        if (kind === "eager" && r.state === gk.State.POSSIBLE) r.state = gk.State.BEGAN;
        else if (kind === "fail_on_begin") r.state = gk.State.FAILED;
        else if (kind === "ignore_touch_custom") for (const x of touches) if ((props.ignored_touches ?? []).includes(x.id)) r.ignore(x.id);
      },
      touchesMoved: (r, touches) => { for (const x of touches) logHook("touches_moved", x.id); },
      touchesEnded: (r, touches) => {
        for (const x of touches) logHook("touches_ended", x.id);
        if (kind === "ignore_touch_custom" && touches.some((x) => x.id === props.recognize_on_lift_of)) r.state = gk.State.RECOGNIZED;
      },
      touchesCancelled: (r, touches) => { for (const x of touches) logHook("touches_cancelled", x.id); },
      reset: () => logHook("reset"),
    };
    if ("can_prevent" in answers) hooks.canPrevent = (r, other) => perOther("can_prevent", other, true);
    if ("can_be_prevented" in answers) hooks.canBePrevented = (r, other) => perOther("can_be_prevented", other, true);
    return this.engine.custom(hooks, { continuous });
  }

  _addRecognizer(r) {
    let rec, props;
    if (TEST_KINDS.has(r.kind)) {
      rec = this._testRecognizer(r.id, r.kind, r.properties ?? {}, r.delegate ?? {});
      props = {};
    } else {
      const kind = SUPPORTED_KINDS[r.kind];
      if (kind === undefined) throw new Unsupported(`recognizer kind '${r.kind}'`);
      rec = this.engine.recognizer(kind);
      props = r.properties ?? {};
    }
    this.recIds.set(rec.handle, r.id);
    if (r.delegate && Object.keys(r.delegate).length) this._installDelegate(r.id, rec, r.delegate);
    for (const [name, value] of Object.entries(props)) {
      if (!(name in PROPERTY_NAMES)) throw new Unsupported(`property '${name}'`);
      rec[PROPERTY_NAMES[name]] = propertyValue(name, value);
    }
    const opts = r.engine_options ?? {};
    if ("velocity_mode" in opts) rec.velocityMode = opts.velocity_mode === "uikit_compatible" ? 1 : 0;
    const tokens = new Map();
    for (const name of r.targets ?? ["main"]) tokens.set(name, rec.addTarget(this._makeTarget(r.id, name, r.on_action ?? [])));
    this.targets.set(r.id, tokens);
    if (r.view !== null) rec.attach(this.views.get(r.view));
    this.recognizers.set(r.id, rec);
  }

  _installDelegate(rid, rec, answers) {
    const unknown = Object.keys(answers).filter((k) => !["should_begin", "should_receive", "should_recognize_simultaneously"].includes(k));
    if (unknown.length && rec.kind !== gk.Kind.CUSTOM) throw new Unsupported(`subclass hooks ${JSON.stringify(unknown.sort())} on a standard recognizer`);
    const perOther = (spec, other, dflt) => {
      if (typeof spec === "boolean") return spec;
      const oid = other ? this.recIds.get(other.handle) : undefined;
      const per = spec.per ?? {};
      return oid !== undefined && oid in per ? per[oid] : ("default" in spec ? spec.default : dflt);
    };
    const log = (hook, extra = {}) => this.log.push({ kind: "call", seq: this._callSeq(), t: this.engine.now, recognizer: rid, hook, ...extra });
    const d = {};
    if ("should_begin" in answers) d.shouldBegin = () => { log("should_begin"); return answers.should_begin; };
    if ("should_receive" in answers) d.shouldReceive = (r, touch) => { log("should_receive", { touch }); return answers.should_receive; };
    if ("should_recognize_simultaneously" in answers) {
      d.shouldRecognizeSimultaneously = (r, other) => {
        log("should_recognize_simultaneously", { other: other ? (this.recIds.get(other.handle) ?? null) : null });
        return perOther(answers.should_recognize_simultaneously, other, false);
      };
    }
    rec.setDelegate(d);
  }

  _scalarValues(rec) {
    if (rec.kind === gk.Kind.PINCH) return { scale: rec.scale, velocity: rec.velocity };
    if (rec.kind === gk.Kind.ROTATION) return { rotation: rec.rotation, velocity: rec.velocity };
    return {};
  }

  _makeTarget(rid, target, behaviours) {
    return (action) => {
      const rec = this.recognizers.get(rid);
      const values = { location_in: {}, translation_in: {}, velocity_in: {}, location_of_touches_in: {} };
      values.number_of_touches = rec.numberOfTouches;
      Object.assign(values, this._scalarValues(rec));
      for (const vname of new Set([...this.neededViews, "window"])) {
        if (!this.views.has(vname)) continue;
        const view = this.views.get(vname);
        values.location_in[vname] = pt(rec.location(view));
        if (PAN_KINDS.has(rec.kind)) {
          values.translation_in[vname] = pt(rec.translation(view));
          values.velocity_in[vname] = pt(rec.velocityIn(view));
        }
        const pts = [];
        for (let i = 0; i < rec.numberOfTouches; i++) {
          try { pts.push(pt(rec.locationOfTouch(i, view))); } catch (e) { if (e instanceof gk.GestureKitError) break; throw e; }
        }
        values.location_of_touches_in[vname] = pts;
      }
      this.log.push({ kind: "action", seq: action.sequence, t: action.timestamp, recognizer: rid,
        state: STATE_NAMES[action.state], target, values });
      for (const b of behaviours) {
        if (b.states && !b.states.includes(STATE_NAMES[action.state])) continue;
        if (b.do === "set_translation") rec.setTranslation({ x: b.value[0], y: b.value[1] }, this.views.get(b.view));
        else if (b.do === "set_scale") rec.scale = b.value;
        else if (b.do === "set_rotation") rec.rotation = b.value;
        else throw new Unsupported(`on_action '${b.do}'`);
      }
    };
  }

  drain() {
    for (const d of this.engine.deliveries()) {
      let name = "?";
      for (const [k, v] of this.views) if (v !== null && v.handle === d.view) { name = k; break; }
      this.log.push({ kind: "delivery", seq: d.sequence, t: d.timestamp, view: name, phase: DELIVERY_LETTER[d.phase] ?? "?", touch: d.touchId });
    }
    for (const t of this.engine.transitions()) {
      this.log.push({ kind: "state", seq: t.sequence, t: t.timestamp, recognizer: this.recIds.get(t.recognizer) ?? "?", state: STATE_NAMES[t.to] });
    }
    this.engine.actions();
  }

  play() {
    const steps = this.sc.timeline;
    const readings = this.sc.expect.map((e, i) => [i, e]).filter(([, e]) => e.type === "state_at" || e.type === "values_at");
    const lastT = steps.length ? steps[steps.length - 1].t : 0;
    for (const step of steps) {
      this._takeReadings(readings, step.t, true);
      this._step(step);
      this.drain();
    }
    this._takeReadings(readings, lastT, false);
    this.log.sort((a, b) => a.seq - b.seq);
  }

  _takeReadings(readings, t, before) {
    for (const [i, e] of readings) {
      if (i in this.readings) continue;
      if ((before && e.t < t - 1e-9) || (!before && e.t <= t + 1e-9)) {
        if (e.t > this.engine.now) {
          this.engine.advance(e.t);
          this.drain();
        }
        const rec = this.recognizers.get(e.recognizer);
        this.readings[i] = e.type === "state_at" ? STATE_NAMES[rec.state] : this._readValues(rec, e.values);
      }
    }
  }

  _readValues(rec, wanted) {
    const out = {};
    const scalars = this._scalarValues(rec);
    for (const [key, spec] of Object.entries(wanted)) {
      if (key === "number_of_touches") out[key] = rec.numberOfTouches;
      else if (["scale", "rotation", "velocity"].includes(key)) {
        if (!(key in scalars)) throw new Unsupported(`value ${key} for this kind`);
        out[key] = scalars[key];
      } else if (["location_in", "translation_in", "velocity_in"].includes(key)) {
        out[key] = {};
        for (const vname of Object.keys(spec)) {
          const view = this.views.get(vname);
          if (key === "location_in") out[key][vname] = pt(rec.location(view));
          else if (PAN_KINDS.has(rec.kind)) out[key][vname] = pt(key === "translation_in" ? rec.translation(view) : rec.velocityIn(view));
          else throw new Unsupported(`value ${key} for this kind`);
        }
      } else throw new Unsupported(`value '${key}'`);
    }
    return out;
  }

  _step(step) {
    const { op, t } = step;
    const rec = () => this.recognizers.get(step.recognizer);
    if (op === "touches") {
      this.engine.feed(t, step.touches.map((e) => ({ id: e.id, phase: PHASES[e.phase], x: e.x ?? NaN, y: e.y ?? NaN,
        type: TYPES[e.type ?? "finger"] })));
    } else if (op === "advance") {
      this.engine.advance(t);
    } else if (op === "set") {
      this.engine.advance(t);
      if (!(step.property in PROPERTY_NAMES)) throw new Unsupported(`property '${step.property}'`);
      rec()[PROPERTY_NAMES[step.property]] = propertyValue(step.property, step.value);
    } else if (op === "attach") {
      this.engine.advance(t);
      rec().attach(this.views.get(step.view));
    } else if (op === "detach") {
      this.engine.advance(t);
      rec().detach();
    } else if (op === "remove_target") {
      this.engine.advance(t);
      rec().removeTarget(step.target === null ? null : this.targets.get(step.recognizer).get(step.target));
    } else if (op === "hover") {
      this.engine.hover(t, HOVER_PHASES[step.phase], step.x ?? NaN, step.y ?? NaN);
    } else if (op === "call") {
      this.engine.advance(t);
      rec().state = CALL_STATES[step.method];
    } else {
      throw new Unsupported(`op '${op}'`);
    }
  }
}

// NaN and the infinities as strings, so that JSON keeps them (Python's json writes NaN).
const replacer = (k, v) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v);
mkdirSync(outDir, { recursive: true });
let played = 0, unsupported = 0;
for (const name of readdirSync(scenarioDir).filter((f) => /^S.*\.json$/.test(f)).sort()) {
  const sc = JSON.parse(readFileSync(join(scenarioDir, name), "utf8"));
  let out;
  let run = null;
  try {
    run = new Run(sc);
    run.play();
    out = { unsupported: null, log: run.log, readings: run.readings };
    played++;
  } catch (e) {
    if (!(e instanceof Unsupported)) throw new Error(`${name}: ${e.stack}`);
    out = { unsupported: e.message, log: [], readings: {} };
    unsupported++;
  } finally {
    run?.engine.close();
  }
  writeFileSync(join(outDir, name), JSON.stringify(out, replacer));
}
console.log(`conformance through WebAssembly: ${played} scenarios played, ${unsupported} unsupported`);
