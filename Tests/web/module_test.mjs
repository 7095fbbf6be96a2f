// Long file: one test file for the one web module; each test stands alone and shares only the
// loaded module.
// gesturekit.js against the WebAssembly build, under Node's test runner: what the module adds to the
// C API (objects, callbacks, properties by name) and what it passes through (errors, accommodations,
// the timing scale, the decision log), bad input included.
//
// Usage: node --test module_test.mjs   (GESTUREKIT_WEB_DIR: the build's web/ folder; GESTUREKIT_HEADER:
// gesturekit.h, for the constants check)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const webDir = process.env.GESTUREKIT_WEB_DIR ?? "build/web";
const gk = await import(pathToFileURL(join(webDir, "gesturekit.js")).href);
const module = await gk.load(readFileSync(join(webDir, "gesturekit.wasm")));
const { Phase, State, Kind, Status, GestureKitError } = gk;

const down = (id, x, y) => ({ id, phase: Phase.BEGAN, x, y });
const moved = (id, x, y) => ({ id, phase: Phase.MOVED, x, y });
const up = (id, x, y) => ({ id, phase: Phase.ENDED, x, y });

function tapAt(engine, t, x, y, id = 1) {
  engine.feed(t, [down(id, x, y)]);
  engine.feed(t + 0.05, [up(id, x, y)]);
}

test("a tap on a view reaches its target with the tap's place and state", () => {
  const e = module.engine({ width: 800, height: 600 });
  const v = e.root.addView([100, 100, 200, 100]);
  const got = [];
  const tap = e.tap(v);
  tap.addTarget((a) => got.push(a));
  tapAt(e, 1, 150, 150);
  assert.equal(got.length, 1);
  assert.equal(got[0].state, State.ENDED);
  assert.equal(got[0].kind, Kind.TAP);
  assert.deepEqual(got[0].location, { x: 150, y: 150 });
  assert.equal(got[0].recognizer, tap.handle);
  assert.equal(e.actions().length, 1, "the queue holds what the target was given");
  e.close();
});

test("a single tap waits for the double tap to fail, and fires once it has", () => {
  const e = module.engine();
  const single = e.tap(e.root), double = e.tap(e.root, { numberOfTapsRequired: 2 });
  single.requireToFail(double);
  const seen = [];
  single.addTarget(() => seen.push("single"));
  double.addTarget(() => seen.push("double"));
  tapAt(e, 1, 50, 50);
  assert.deepEqual(seen, [], "held back while a second tap may come");
  const deadline = e.nextDeadline();
  assert.ok(deadline !== null && deadline > 1.05);
  e.advance(deadline);
  assert.deepEqual(seen, ["single"]);
  assert.equal(e.nextDeadline(), null, "no timer left");
  e.close();
});

test("properties are read and written by name, per kind, and refused on the wrong kind", () => {
  const e = module.engine();
  const tap = e.tap(null, { numberOfTapsRequired: 3, allowableMovement: 20 });
  const press = e.longPress(null, { allowableMovement: 5 });
  assert.equal(tap.numberOfTapsRequired, 3);
  assert.equal(tap.allowableMovement, 20, "the tap's own allowable movement");
  assert.equal(press.allowableMovement, 5, "the long press's, a different property of the same name");
  assert.equal(tap.enabled, true);
  tap.enabled = false;
  assert.equal(tap.enabled, false);
  assert.throws(() => { tap.minimumNumberOfTouches = 2; }, (err) => err instanceof GestureKitError && err.status === Status.WRONG_KIND);
  assert.throws(() => { tap.numberOfTapsRequired = 0; }, (err) => err.status === Status.INVALID_ARGUMENT);
  assert.ok(gk.propertyNames(Kind.PAN).includes("maximumNumberOfTouches"));
  assert.ok(!gk.propertyNames(Kind.TAP).includes("maximumNumberOfTouches"));
  e.close();
});

test("bad frames are refused with the C API's status and change nothing", () => {
  const e = module.engine();
  const p = e.pan(e.root);
  const cases = [
    [[moved(9, 1, 1)], Status.UNKNOWN_TOUCH],
    [[down(1, NaN, 1)], Status.INVALID_ARGUMENT],
    [[down(1, 1, 1), down(1, 2, 2)], Status.TOUCH_ALREADY_DOWN],
    [[{ id: 1, phase: 7, x: 1, y: 1 }], Status.INVALID_ARGUMENT],
    [[{ id: 1, phase: Phase.BEGAN, x: 1, y: 1, type: 3 }], Status.INVALID_ARGUMENT],
  ];
  for (const [frame, status] of cases) {
    assert.throws(() => e.feed(1, frame), (err) => err instanceof GestureKitError && err.status === status,
      JSON.stringify(frame));
  }
  e.feed(2, [down(1, 10, 10)]);
  assert.throws(() => e.feed(1, [moved(1, 20, 20)]), (err) => err.status === Status.TIME_BACKWARDS);
  assert.throws(() => e.feed(3, new Array(1025).fill(down(5, 1, 1))), (err) => err.status === Status.CAPACITY);
  assert.equal(p.state, State.POSSIBLE);
  assert.equal(e.stats().touchesDown, 1);
  e.close();
  assert.throws(() => e.feed(4, []), /closed/);
});

test("a target removed by its token is not called again; null removes them all", () => {
  const e = module.engine();
  const tap = e.tap(e.root);
  const calls = [];
  const a = tap.addTarget(() => calls.push("a"));
  tap.addTarget(() => calls.push("b"));
  tapAt(e, 1, 10, 10);
  tap.removeTarget(a);
  tapAt(e, 2, 10, 10);
  tap.removeTarget(null);
  tapAt(e, 3, 10, 10);
  assert.deepEqual(calls, ["a", "b", "b"]);
  e.close();
});

test("delegates answer the engine's questions, with the recognizers as objects", () => {
  const e = module.engine();
  const pan = e.pan(e.root), pinch = e.pinch(e.root);
  const asked = [];
  pan.setDelegate({
    shouldBegin: (r) => { asked.push(["begin", r === pan]); return true; },
    shouldReceive: (r, touchId) => { asked.push(["receive", touchId]); return touchId !== 7; },
    shouldRecognizeSimultaneously: (r, other) => { asked.push(["together", other === pinch]); return true; },
  });
  e.feed(1, [down(7, 100, 100)]);
  e.feed(1.01, [down(1, 300, 100)]);
  for (let k = 1; k <= 10; k++) e.feed(1.01 + k * 0.01, [moved(1, 300 + 5 * k, 100)]);
  assert.ok(asked.some(([q, v]) => q === "receive" && v === 7));
  assert.ok(asked.some(([q, v]) => q === "begin" && v === true));
  assert.equal(pan.numberOfTouches, 1, "touch 7 was refused: the pan tracks touch 1 only");
  pan.setDelegate(null);
  e.close();
});

test("a view's veto keeps a recognizer from beginning on its touches", () => {
  const e = module.engine();
  const button = e.root.addView([0, 0, 100, 100]);
  const tap = e.tap(e.root);
  const ended = [];
  tap.addTarget((a) => ended.push(a.state));
  button.setShouldBegin((view, rec) => !(view === button && rec === tap));
  tapAt(e, 1, 50, 50);
  tapAt(e, 2, 500, 500);
  assert.deepEqual(ended, [State.ENDED], "only the tap beside the button");
  e.close();
});

test("a view's touch handler gets its deliveries as they happen", () => {
  const e = module.engine();
  const v = e.root.addView([0, 0, 100, 100]);
  const phases = [];
  v.onTouches((d) => phases.push(d.phase));
  e.feed(1, [down(1, 10, 10)]);
  e.feed(1.01, [moved(1, 12, 10)]);
  e.feed(1.02, [up(1, 12, 10)]);
  assert.deepEqual(phases, [Phase.BEGAN, Phase.MOVED, Phase.ENDED]);
  v.onTouches(null);
  e.close();
});

test("a custom recognizer's hooks run, and its state requests follow rule 14", () => {
  const e = module.engine();
  const hooks = [];
  const r = e.custom({
    touchesBegan: (rec, touches) => { hooks.push(["began", touches.map((t) => t.id)]); rec.setDeadline(e.now + 0.2); },
    deadlineReached: (rec) => { hooks.push(["deadline"]); rec.state = State.RECOGNIZED; },
    reset: () => hooks.push(["reset"]),
  }, { view: e.root });
  e.feed(1, [down(4, 10, 10)]);
  e.advance(1.2);
  assert.deepEqual(hooks, [["began", [4]], ["deadline"], ["reset"]]);
  assert.equal(r.state, State.POSSIBLE);
  assert.throws(() => e.tap(e.root).setDeadline(2), (err) => err.status === Status.WRONG_KIND);
  e.close();
});

test("the decision log says why, in the C API's words", () => {
  const e = module.engine();
  e.enableDecisionLog(64);
  const single = e.tap(e.root), double = e.tap(e.root, { numberOfTapsRequired: 2 });
  single.requireToFail(double);
  tapAt(e, 1, 10, 10);
  tapAt(e, 1.1, 10, 10);
  const texts = e.decisions().map((d) => d.text);
  assert.ok(texts.length > 0 && texts.every((t) => typeof t === "string" && t.length > 0));
  assert.ok(texts.some((t) => /fail/i.test(t)), texts.join(" | "));
  e.close();
});

test("touch accommodations work as in C: a touch shorter than the hold duration is never seen", () => {
  const e = module.engine();
  const seen = [];
  e.tap(e.root).addTarget((a) => seen.push(a.state));
  e.setTouchAccommodations({ holdDuration: 0.3 });
  tapAt(e, 1, 10, 10);                       // 0.05 s: too brief
  e.feed(2, [down(2, 10, 10)]);
  e.advance(2.35);
  e.feed(2.4, [up(2, 10, 10)]);             // held 0.4 s: counts, begins at 0.3 s
  assert.deepEqual(seen, [State.ENDED]);
  assert.throws(() => e.setTouchAccommodations({ holdDuration: 5 }), (err) => err.status === Status.INVALID_ARGUMENT);
  e.close();
});

test("touch accommodations: a repeat within the ignore time is not seen; tap assistance makes a slide a tap", () => {
  const e = module.engine();
  const seen = [];
  e.tap(e.root).addTarget((a) => seen.push(a.location));
  e.setTouchAccommodations({ ignoreRepeat: 0.5 });
  tapAt(e, 1, 10, 10);
  tapAt(e, 1.2, 12, 10);                     // a bounce: ignored
  tapAt(e, 3, 10, 10);
  assert.equal(seen.length, 2);
  e.setTouchAccommodations({ tapAssistance: gk.TapAssistance.INITIAL_LOCATION, tapAssistanceDelay: 0.3 });
  seen.length = 0;
  e.feed(5, [down(5, 100, 100)]);
  e.feed(5.1, [moved(5, 160, 100)]);        // slid 60 pt: a tap by assistance, at its first place
  e.feed(5.2, [up(5, 160, 100)]);
  assert.deepEqual(seen, [{ x: 100, y: 100 }]);
  e.close();
});

test("the timing scale stretches the time limits, and is refused outside 1..10", () => {
  const e = module.engine();
  const seen = [];
  e.longPress(e.root).addTarget((a) => seen.push(a.state));
  e.setTimingScale(2);
  e.feed(1, [down(1, 10, 10)]);
  e.advance(1.6);                            // 0.5 s × 2 not yet reached
  assert.deepEqual(seen, []);
  e.advance(2.01);
  assert.deepEqual(seen, [State.BEGAN]);
  assert.throws(() => e.setTimingScale(0.5), (err) => err.status === Status.INVALID_ARGUMENT);
  assert.throws(() => e.setTimingScale(NaN), (err) => err.status === Status.INVALID_ARGUMENT);
  e.close();
});

test("a callback that throws: the engine finishes its call, which then throws, and the engine works on", () => {
  const e = module.engine();
  const tap = e.tap(e.root);
  let calls = 0;
  tap.addTarget(() => { calls += 1; if (calls === 1) throw new Error("target broke"); });
  e.feed(1, [down(1, 10, 10)]);
  assert.throws(() => e.feed(1.05, [up(1, 10, 10)]), /target broke/);
  assert.equal(tap.state, State.POSSIBLE, "the pass finished: the tap was reset");
  tapAt(e, 2, 10, 10);
  assert.equal(calls, 2, "the next tap reaches the target; the engine is not left busy");
  const pan = e.pan(e.root);
  pan.setDelegate({ shouldBegin: () => { throw new Error("delegate broke"); } });
  e.feed(3, [down(2, 10, 10)]);
  assert.throws(() => { for (let k = 1; k <= 5; k++) e.feed(3 + k * 0.01, [moved(2, 10 + 10 * k, 10)]); }, /delegate broke/);
  assert.equal(pan.state, State.BEGAN, "the question counted as answered with UIKit's default, true");
  e.close();
});

test("load() with no argument finds gesturekit.wasm beside the module, also under Node", async () => {
  const again = await gk.load();
  const e = again.engine();
  const seen = [];
  e.tap(e.root).addTarget((a) => seen.push(a.state));
  tapAt(e, 1, 5, 5);
  assert.deepEqual(seen, [State.ENDED]);
  e.close();
  await assert.rejects(gk.load(new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9])), WebAssembly.CompileError);
});

test("engines are separate, and a handle of one is refused by another", () => {
  const a = module.engine(), b = module.engine();
  const ra = a.tap(a.root);
  assert.throws(() => b.root.engine._call("gk_recognizer_attach", ra.handle, b.root.handle),
    (err) => err.status === Status.STALE_HANDLE);
  a.close();
  b.close();
});

test("the module's constants are the header's", { skip: !process.env.GESTUREKIT_HEADER }, () => {
  const h = readFileSync(process.env.GESTUREKIT_HEADER, "utf8");
  const value = (name) => {
    const m = h.match(new RegExp(`\\b${name}\\s*=\\s*(\\d+)`));
    assert.ok(m, `${name} in gesturekit.h`);
    return Number(m[1]);
  };
  for (const [k, v] of Object.entries(gk.Kind)) assert.equal(v, value(`GK_KIND_${k}`), k);
  for (const [k, v] of Object.entries(gk.Status)) assert.equal(v, value(k === "OK" || k === "EMPTY" ? `GK_${k}` : `GK_ERR_${k}`), k);
  for (const [k, v] of Object.entries(gk.Phase)) assert.equal(v, value(`GK_TOUCH_${k}`), k);
  const ids = [...h.matchAll(/\b(GK_PROP_[A-Z0-9_]+)\s*=\s*(\d+)/g)].map((m) => [m[1], Number(m[2])]);
  assert.equal(gk.PROPERTIES.length, ids.length, "one JS property per gk_property");
  for (const [cname, id] of ids) assert.ok(gk.PROPERTIES.some(([, pid]) => pid === id), `${cname} (${id}) in PROPERTIES`);
});

// ---- attach(): a fake element and document, and timers run by hand (issue 64) ----

class FakeTarget {
  constructor() { this.listeners = new Map(); }
  addEventListener(name, fn) { (this.listeners.get(name) ?? this.listeners.set(name, new Set()).get(name)).add(fn); }
  removeEventListener(name, fn) { this.listeners.get(name)?.delete(fn); }
  dispatch(name, ev) { for (const fn of [...(this.listeners.get(name) ?? [])]) fn(ev); }
  count() { let n = 0; for (const set of this.listeners.values()) n += set.size; return n; }
}

function fakePage() {
  const document = new FakeTarget();
  const element = Object.assign(new FakeTarget(), {
    style: { touchAction: "" }, isConnected: true, ownerDocument: document,
    getBoundingClientRect: () => ({ left: 0, top: 0 }), setPointerCapture() {},
  });
  return { document, element };
}

const pointer = (pointerId, x, y, ms) => ({ pointerId, pointerType: "touch", clientX: x, clientY: y, timeStamp: ms,
  pressure: 0, width: 0, height: 0, buttons: 0, button: 0, preventDefault() {} });

/** Replaces setTimeout while `body` runs: the timers are kept, for the test to fire. */
async function withTimers(body) {
  const saved = [globalThis.setTimeout, globalThis.clearTimeout];
  const timers = new Map();
  let next = 1;
  globalThis.setTimeout = (fn) => { timers.set(next, fn); return next++; };
  globalThis.clearTimeout = (id) => timers.delete(id);
  try {
    await body(timers, () => { const all = [...timers.values()]; timers.clear(); for (const fn of all) fn(); });
  } finally {
    [globalThis.setTimeout, globalThis.clearTimeout] = saved;
  }
}

test("attach: a callback that throws at touch-down still leaves the timers armed (the long press begins)", async () => {
  await withTimers(async (timers, fire) => {
    const e = module.engine({ width: 800, height: 600 });
    const states = [];
    e.longPress(e.root).addTarget((a) => states.push(a.state));
    let once = true;
    e.root.onTouches(() => { if (once) { once = false; throw new Error("the page's bug"); } });
    const errors = [];
    const { element } = fakePage();
    e.attach(element, { onError: (err) => errors.push(err.message) });
    element.dispatch("pointerdown", pointer(1, 100, 100, 1000));
    assert.deepEqual(errors, ["the page's bug"]);
    assert.equal(timers.size, 1, "the long press's timer is armed despite the exception");
    fire();
    assert.deepEqual(states, [State.BEGAN]);
    e.close();
  });
});

test("attach: an element removed in mid-drag cancels its touch; the next drag starts afresh", async () => {
  await withTimers(async () => {
    const e = module.engine({ width: 800, height: 600 });
    const states = [];
    e.pan(e.root).addTarget((a) => states.push(a.state));
    const { element, document } = fakePage();
    e.attach(element);
    element.dispatch("pointerdown", pointer(7, 100, 100, 1000));
    element.dispatch("pointermove", pointer(7, 160, 100, 1050));
    element.isConnected = false;   // the sheet closed: the pointer's last events go to the document
    document.dispatch("pointerup", pointer(7, 170, 100, 1100));
    assert.deepEqual(states, [State.BEGAN, State.CANCELLED]);
    element.isConnected = true;
    element.dispatch("pointerdown", pointer(8, 100, 100, 2000));
    element.dispatch("pointermove", pointer(8, 160, 100, 2050));
    element.dispatch("pointerup", pointer(8, 160, 100, 2100));
    assert.deepEqual(states, [State.BEGAN, State.CANCELLED, State.BEGAN, State.ENDED]);   // a new pan, not the old one going on
    e.close();
    assert.equal(element.count() + document.count(), 0, "close() removes every listener, the document's too");
  });
});

test("attach: an element that loses the pointer's capture to another cancels its touch", async () => {
  await withTimers(async () => {
    const e = module.engine({ width: 800, height: 600 });
    const states = [];
    e.longPress(e.root, { minimumPressDuration: 0 }).addTarget((a) => states.push(a.state));
    const { element } = fakePage();
    e.attach(element);
    element.dispatch("pointerdown", pointer(3, 100, 100, 1000));
    element.dispatch("lostpointercapture", pointer(3, 100, 100, 1010));   // an outer element took it
    element.dispatch("pointerup", pointer(3, 100, 100, 1020));            // (never comes here, but harmless)
    assert.deepEqual(states, [State.BEGAN, State.CANCELLED]);
    e.close();
  });
});

test("attach: another element taking the capture of a pointer the element holds cancels its touch", async () => {
  await withTimers(async () => {
    const e = module.engine({ width: 800, height: 600 });
    const { element, document } = fakePage();
    const other = {};
    element.contains = (node) => node === element;
    e.attach(element);
    element.dispatch("pointerdown", pointer(4, 100, 100, 1000));
    assert.equal(e.stats().touchesDown, 1);
    document.dispatch("gotpointercapture", { ...pointer(4, 100, 100, 1010), target: element });   // its own: kept
    assert.equal(e.stats().touchesDown, 1);
    document.dispatch("gotpointercapture", { ...pointer(4, 100, 100, 1020), target: other });     // an outer element's
    assert.equal(e.stats().touchesDown, 0, "the touch the element will never hear the end of is cancelled");
    element.dispatch("pointerdown", pointer(5, 100, 100, 2000));
    document.dispatch("pointerup", { ...pointer(5, 100, 100, 2050), target: other });   // ended outside it
    assert.equal(e.stats().touchesDown, 0);
    e.close();
  });
});

test("close() from the engine's own callback is refused, and the engine stays attached and working", async () => {
  await withTimers(async () => {
    const e = module.engine({ width: 800, height: 600 });
    const taps = [];
    let closing = true;
    e.tap(e.root).addTarget(() => { taps.push(1); if (closing) { closing = false; e.close(); } });
    const { element } = fakePage();
    const errors = [];
    e.attach(element, { onError: (err) => errors.push(err.status) });
    element.dispatch("pointerdown", pointer(1, 100, 100, 1000));
    element.dispatch("pointerup", pointer(1, 100, 100, 1050));
    assert.deepEqual(errors, [Status.BUSY]);
    element.dispatch("pointerdown", pointer(2, 100, 100, 2000));
    element.dispatch("pointerup", pointer(2, 100, 100, 2050));
    assert.equal(taps.length, 2, "the engine still gets the element's input");
    e.close();
    assert.equal(element.count(), 0);
  });
});

test("attach: queues the page does not listen to are emptied, not overflowed; the ones it does are read", async () => {
  await withTimers(async () => {
    const e = module.engine({ width: 800, height: 600, actionQueueCapacity: 4, deliveryQueueCapacity: 4 });
    let targeted = 0;
    e.pan(e.root).addTarget(() => { targeted += 1; });
    e.root.onTouches(() => {});
    const { element } = fakePage();
    e.attach(element);
    element.dispatch("pointerdown", pointer(1, 100, 100, 1000));
    for (let i = 1; i <= 50; i++) element.dispatch("pointermove", pointer(1, 100 + 3 * i, 100, 1000 + 8 * i));
    element.dispatch("pointerup", pointer(1, 250, 100, 1500));
    const st = e.stats();
    assert.ok(targeted > 40, "the targets were called");
    assert.deepEqual([st.pendingActions, st.droppedActions, st.pendingDeliveries, st.droppedDeliveries], [0, 0, 0, 0]);
    e.close();
    const f = module.engine({ width: 800, height: 600 });
    f.pan(f.root).addTarget(() => {});
    const page = fakePage(), actions = [], deliveries = [];
    f.attach(page.element, { onAction: (a) => actions.push(a.state), onDelivery: (d) => deliveries.push(d.phase) });
    page.element.dispatch("pointerdown", pointer(1, 100, 100, 1000));
    page.element.dispatch("pointermove", pointer(1, 160, 100, 1050));
    page.element.dispatch("pointerup", pointer(1, 160, 100, 1100));
    assert.deepEqual(actions, [State.BEGAN, State.ENDED]);
    assert.deepEqual(deliveries, [Phase.BEGAN, Phase.CANCELLED]);
    f.close();
  });
});

test("the engine object keeps the time the engine reached (_time), whatever call moved it or failed", () => {
  const e = module.engine({ width: 800, height: 600 });
  let throwing = true;
  e.longPress(e.root).addTarget(() => { if (throwing) { throwing = false; throw new Error("a target's bug"); } });
  const same = () => assert.equal(e._time, e.now);
  same();
  e.feed(1.5, [{ id: 1, phase: Phase.BEGAN, x: 10, y: 10 }]);
  same();
  assert.throws(() => e.advance(3.0), /a target's bug/);   // the press began at 2.0: time moved all the same
  same();
  assert.throws(() => e.feed(2.0, []), (err) => err.status === Status.TIME_BACKWARDS);
  same();
  e.hover(3.5, 0, 5, 5);
  same();
  e.cancelAllTouches(4.0);
  same();
  e.close();
});

test("a custom recognizer's hooks and a delegate's answers are registered each under its own name", () => {
  const e = module.engine({ width: 800, height: 600 });
  const seen = [];
  const r = e.custom({
    touchesBegan: (self, touches, t) => { seen.push(["began", self === r, touches.length, t]); },
    reset: (self) => { seen.push(["reset", self === r]); },
    canPrevent: (self, other) => { seen.push(["canPrevent", self === r, other === null || other.kind]); return false; },
  }, { view: e.root });
  assert.deepEqual(Object.keys(module._callbacks.get(r._hooks)).sort(), ["canPrevent", "reset", "touchesBegan"]);
  const pan = e.pan(e.root);
  pan.setDelegate({ shouldRecognizeSimultaneously: () => true, shouldBegin: () => true });
  assert.deepEqual(Object.keys(module._callbacks.get(pan._delegate[0])).sort(), ["shouldBegin", "simultaneous"]);
  e.feed(1, [{ id: 1, phase: Phase.BEGAN, x: 10, y: 10 }]);
  r.state = State.FAILED;
  e.feed(1.1, [{ id: 1, phase: Phase.ENDED, x: 10, y: 10 }]);
  assert.deepEqual(seen[0], ["began", true, 1, 1]);
  assert.ok(seen.some((x) => x[0] === "reset" && x[1]), "reset was called with the recognizer");
  e.close();
});

test("destroying a view forgets its subviews' callbacks too", () => {
  const e = module.engine({ width: 800, height: 600 });
  const before = module._callbacks.size;
  for (let i = 0; i < 100; i++) {
    const box = e.root.addView([0, 0, 100, 100]);
    const inner = box.addView([10, 10, 50, 50]);
    inner.onTouches(() => {});
    inner.addView([1, 1, 5, 5]).onTouches(() => {});
    box.destroy();
  }
  assert.equal(module._callbacks.size, before);
  assert.equal(e._views.size, 1, "only the root is left");
  e.close();
});

test("callback ids past 2^31 are called, and ids wrap without reusing one in use", () => {
  const e = module.engine({ width: 800, height: 600 });
  module._nextCallback = 2 ** 31 + 5;
  const got = [];
  e.root.onTouches((d) => got.push(d.phase));
  tapAt(e, 1, 100, 100);
  assert.deepEqual(got, [Phase.BEGAN, Phase.ENDED]);
  module._nextCallback = 0xFFFFFFFF;
  const a = module._register(() => {}), b = module._register(() => {});
  assert.equal(a, 0xFFFFFFFF);
  assert.ok(b >= 1 && b !== a && b < 2 ** 31, `wrapped to ${b}`);
  module._callbacks.delete(a);
  module._callbacks.delete(b);
  e.close();
});

test("times beyond what a double keeps to the millisecond are refused with INVALID_ARGUMENT", () => {
  const e = module.engine({ width: 800, height: 600 });
  assert.throws(() => e.feed(1e16, []), (err) => err.status === Status.INVALID_ARGUMENT);
  assert.throws(() => e.advance(2 ** 43), (err) => err.status === Status.INVALID_ARGUMENT);
  const got = [];
  e.tap(e.root).addTarget((a) => got.push(a.state));
  tapAt(e, 2 ** 42 - 1, 100, 100);
  assert.deepEqual(got, [State.ENDED]);
  e.close();
});

// ---- The screen reader from a page (issue 66): what the C ABI gained, through the module ----

test("the screen reader: groups, the host's focus, a modal dialog, announcements and the magic tap", () => {
  const e = module.engine({ width: 400, height: 800 });
  const panel = (x, names) => {
    const box = e.root.addView([x, 300, 200, 300]);
    box.group = true;
    return names.map((name, k) => {
      const v = box.addView([20, 20 + 120 * k, 160, 100]);
      v.setAccessibility(name, { order: k + 1 });
      return v;
    });
  };
  const [adult, child] = panel(0, ["Adult", "Child"]);
  const [single] = panel(200, ["Single", "Return"]);
  e.screenReader = true;
  e.accessibilityFocus = adult;
  e.moveAccessibilityFocus("next");
  e.moveAccessibilityFocus("next");
  assert.deepEqual(e.accessibilityEvents().map((a) => [a.kind, a.label]),
    [["focus", "Adult"], ["focus", "Child"], ["focus", "Single"]], "panel by panel");
  assert.equal(e.accessibilityFocus, single);
  // A two-finger double tap is the magic tap.
  for (const t of [1, 1.25]) {
    e.feed(t, [down(1, 50, 50), down(2, 90, 50)]);
    e.feed(t + 0.1, [up(1, 50, 50), up(2, 90, 50)]);
  }
  e.announce("Card declined", { priority: "urgent" });
  const [magic, said] = e.accessibilityEvents();
  assert.deepEqual([magic.kind, magic.label, said.kind, said.message, said.priority],
    ["magic-tap", "Single", "announcement", "Card declined", "urgent"]);
  assert.equal(e.interrupts(magic, said), true);
  assert.equal(e.interrupts(said, { kind: "focus" }), false, "a focus change waits for an urgent announcement");
  // A modal dialog keeps the focus inside it.
  const dialog = e.root.addView([50, 50, 300, 200]);
  dialog.addView([20, 100, 120, 80]).setAccessibility("Confirm");
  dialog.modal = true;
  assert.equal(dialog.modal && !dialog.adjustable && !child.dimmed, true);
  assert.equal(e.accessibilityFocus, null);
  assert.throws(() => { e.accessibilityFocus = adult; }, (err) => err.status === Status.INVALID_ARGUMENT);
  assert.throws(() => e.moveAccessibilityFocus("up"), RangeError);
  assert.throws(() => e.announce("x", { priority: "loud" }), RangeError);
  e.close();
});

test("a misspelt property is refused with the closest name and the kind's list (issue 67)", () => {
  const e = module.engine({ width: 400, height: 400 });
  const before = e.stats().recognizers;
  assert.throws(() => e.tap(e.root, { numberOfTapRequired: 2 }),
    (err) => err instanceof TypeError && /no property "numberOfTapRequired"; did you mean "numberOfTapsRequired"\?/.test(err.message)
      && /maximumTapDuration/.test(err.message));
  assert.equal(e.stats().recognizers, before, "no half-made recognizer is left");
  const t = e.tap(e.root);
  assert.throws(() => { t.numberOfTapRequired = 2; }, /did you mean "numberOfTapsRequired"/);
  assert.throws(() => { t.zzz = 1; }, (err) => !/did you mean/.test(err.message) && /no property "zzz"/.test(err.message));
  t.numberOfTapsRequired = 2;
  assert.equal(t.numberOfTapsRequired, 2);
  assert.equal(e.recognizerFor(t.handle), t, "the engine hands out the same object");
  const c = e.custom({});
  c.mine = 1;   // a custom recognizer keeps the application's own fields
  assert.equal(c.mine, 1);
  e.close();
});

// ---- What the module wraps besides the recognizers (issue 67, item 5) ----

test("panel profile and input filters: set and read back by name; unknown names and values refused", () => {
  const e = module.engine({ width: 800, height: 480 });
  e.setPanelProfile({ widthMm: 217, heightMm: 136, noise: 1.5, maxContactRadius: 12, reportsSize: true, edgeLeft: 6 });
  const p = e.panelProfile();
  assert.deepEqual([p.widthMm, p.noise, p.reportsSize, p.reportsPressure, p.edgeLeft, p.edgeTop], [217, 1.5, true, false, 6, 0]);
  e.setInputFilters({ ghosts: true, chatter: true, jitter: "oneEuro", chatterInterval: 0.04 });
  const f = e.inputFilters();
  assert.deepEqual([f.ghosts, f.chatter, f.palms, f.jitter, f.chatterInterval], [true, true, false, "oneEuro", 0.04]);
  assert.throws(() => e.setInputFilters({ ghost: true }), /no option "ghost"; did you mean "ghosts"\?/);
  assert.throws(() => e.setPanelProfile({ widthMM: 1 }), /did you mean "widthMm"/);
  assert.throws(() => e.setInputFilters({ jitter: "kalman" }), RangeError);
  assert.throws(() => e.setPanelProfile({ noise: -1 }), (err) => err.status === Status.INVALID_ARGUMENT);
  // Chatter on: a bounce (lift and land again 5 ms later, 3 pt away) stays one touch, one tap.
  const taps = [];
  e.tap(e.root).addTarget((a) => taps.push(a.timestamp));
  const finger = (t) => ({ ...t, majorRadius: 5 });   // the profile says the panel reports sizes
  e.feed(1, [finger(down(1, 100, 100))]); e.feed(1.05, [finger(up(1, 100, 100))]);
  e.feed(1.055, [finger(down(2, 103, 100))]); e.feed(1.1, [finger(up(2, 103, 100))]);
  e.advance(2);
  assert.equal(taps.length, 1);
  e.close();
});

test("the audit names the rule, the criterion and the fix, with the views and recognizers as objects", () => {
  const e = module.engine({ width: 800, height: 480 });
  const map = e.root.addView([0, 0, 800, 400]);
  const pinch = e.pinch(map);
  const small = e.root.addView([700, 410, 10, 10]);
  const tiny = e.tap(small);
  e.root.addView([720, 410, 10, 10]).setAccessibility("");   // an element with no label...
  const found = e.audit().map((f) => [f.view === map ? "map" : f.view === small ? "small" : "other",
    f.recognizer === pinch ? "pinch" : f.recognizer === tiny ? "tap" : null, f.rule, f.criterion]);
  assert.deepEqual(found, [["map", "pinch", "multipoint", "WCAG 2.5.1"], ["small", "tap", "not-an-element", "WCAG 4.1.2"],
    ["other", null, "empty-label", "WCAG 4.1.2"]]);                // ...makes the app one that uses the reader
  assert.match(e.audit()[0].suggestion, /one-finger zoom/);
  e.close();
});

test("stroke templates: the built-in shapes, one of the page's own, matched without touches and drawn", () => {
  const e = module.engine({ width: 800, height: 480 });
  const pad = e.root.addView([0, 0, 800, 480]);
  const r = e.stroke(pad);
  assert.ok(r.templateNames().includes("check"));
  const check = [[100, 200], [130, 240], [160, 270], [200, 220], [250, 150], [300, 90]];
  assert.equal(r.match(check).name, "check");
  const index = r.addTemplate("hook", [[0, 0], [0, 100], [0, 200], [50, 250], [100, 200]]);
  assert.equal(r.templateNames()[index], "hook");
  const plus = r.addTemplate("plus", [[0, 50], [100, 50], [50, 0], [50, 100]], [0, 0, 1, 1]);
  assert.equal(r.templateNames()[plus], "plus");
  assert.throws(() => r.addTemplate("", check), RangeError);
  assert.throws(() => r.match([[0, 0]]), RangeError);
  assert.throws(() => e.tap(pad).addTemplate("x", check), (err) => err.status === Status.WRONG_KIND);
  // Drawn with a finger: the recognizer's action names the template.
  const got = [];
  r.addTarget((a) => { if (a.state === State.ENDED) got.push(r.templateNames()[a.strokeTemplate]); });
  check.forEach(([x, y], k) => e.feed(1 + 0.02 * k, [k === 0 ? down(1, x, y) : moved(1, x, y)]));
  e.feed(1.2, [up(1, 300, 90)]);
  e.advance(5);
  assert.deepEqual(got, ["check"]);
  e.close();
});
