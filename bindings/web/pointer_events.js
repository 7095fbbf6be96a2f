// The Pointer Events adapter of gesturekit.js: what Engine.attach() does in a page (docs/WEB.md).
// A host loop for the browser: pointer events in, the engine's timers on setTimeout, the queues out.
import { Phase, TouchType } from "./gesturekit.js";

const NONE = Object.freeze([]);   // a queue nobody listens to

/**
 * Feeds `element`'s Pointer Events to `engine`, and runs its timers (Engine.attach). Returns a
 * function that detaches.
 */
export function attachPointerEvents(engine, element, { onAction, onDelivery, onAccessibility, onError } = {}) {
  if (engine._detach) throw new Error("gesturekit: the engine is attached to an element already");
  const types = { touch: TouchType.DIRECT, pen: TouchType.STYLUS, mouse: TouchType.INDIRECT_POINTER };
  const down = new Set();
  let timer = null;
  const previousTouchAction = element.style.touchAction;
  element.style.touchAction = "none";
  // The queues are drained and the timer armed whatever a callback throws: one exception from
  // the page's code must not stop the engine's timers or strand the actions after it.
  // A queue the page does not listen to is emptied without reading its entries into objects.
  const drain = () => {
    let actions = NONE, deliveries = NONE;
    if (onAction) actions = engine.actions(); else engine._discardActions();
    if (onDelivery) deliveries = engine.deliveries(); else engine._discardDeliveries();
    const spoken = onAccessibility ? engine.accessibilityEvents() : NONE;
    let first = null;
    const each = (fn, items) => {
      if (fn) for (const item of items) try { fn(item); } catch (e) { first ??= e; }
    };
    each(onAction, actions);
    each(onDelivery, deliveries);
    each(onAccessibility, spoken);
    if (first) throw first;
  };
  // The timer is set again only when the deadline changed (most moves leave it as it was).
  let armed = null;
  const arm = () => {
    const deadline = engine.nextDeadline();
    if (deadline === armed && (timer !== null || deadline === null)) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    armed = deadline;
    if (deadline === null) return;
    const wait = Math.max(0, deadline * 1000 - performance.now());
    timer = setTimeout(() => {
      timer = null;
      armed = null;
      if (!engine.ptr) return;
      guarded(() => engine.advance(Math.max(deadline, engine._time)));
    }, wait);
  };
  // What the page pays: pointer events handled, and the milliseconds spent feeding them, sending
  // the actions and deliveries, and arming the timer (engine.attachStats).
  const stats = { events: 0, ms: 0 };
  engine.attachStats = stats;
  const guarded = (fn) => {
    const t0 = performance.now();
    let error = null;
    try { fn(); } catch (e) { error = e; }
    try { drain(); } catch (e) { error ??= e; }
    try {
      if (engine.ptr) arm();
    } finally {
      stats.events += 1;
      stats.ms += performance.now() - t0;
    }
    if (error) {
      if (onError) onError(error); else throw error;
    }
  };
  // One frame of one touch, filled in place for each event (engine.feed copies it at once).
  const touch = { id: 0, phase: 0, x: 0, y: 0, type: 0, force: 0, majorRadius: 0, buttons: 0, modifiers: 0 };
  const frame = [touch];
  let frameTime = 0;
  const feedFrame = () => engine.feed(frameTime, frame);
  const feed = (ev, phase) => {
    const type = types[ev.pointerType] ?? TouchType.DIRECT;
    // The engine's time is kept by the engine object (_time): no call into the engine for it.
    frameTime = Math.max(ev.timeStamp / 1000, engine._time);
    touch.id = ev.pointerId;
    touch.phase = phase;
    touch.type = type;
    // A cancelled pointer's position may be meaningless: the touch keeps its last one.
    touch.x = phase === Phase.CANCELLED ? NaN : ev.clientX;
    touch.y = phase === Phase.CANCELLED ? NaN : ev.clientY;
    const pressure = ev.pressure;
    touch.force = pressure > 0 && type !== TouchType.INDIRECT_POINTER ? pressure * 2 : 0;
    touch.majorRadius = Math.max(ev.width || 0, ev.height || 0) / 2;
    touch.buttons = type === TouchType.INDIRECT_POINTER ? ev.buttons : 0;
    touch.modifiers = (ev.shiftKey ? 1 : 0) | (ev.ctrlKey ? 2 : 0) | (ev.altKey ? 4 : 0) | (ev.metaKey ? 8 : 0);
    guarded(feedFrame);
  };
  const handlers = {
    pointerdown: (ev) => {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;
      if (down.has(ev.pointerId)) return;
      down.add(ev.pointerId);
      element.setPointerCapture?.(ev.pointerId);
      ev.preventDefault();
      feed(ev, Phase.BEGAN);
    },
    pointermove: (ev) => { if (down.has(ev.pointerId)) feed(ev, Phase.MOVED); },
    pointerup: (ev) => { if (down.delete(ev.pointerId)) feed(ev, Phase.ENDED); },
    pointercancel: (ev) => { if (down.delete(ev.pointerId)) feed(ev, Phase.CANCELLED); },
    // The element lost a pointer it had without a pointerup: another element took the capture
    // (an outer element's engine), or the element left the page. The touch is cancelled.
    lostpointercapture: (ev) => { if (down.delete(ev.pointerId)) feed(ev, Phase.CANCELLED); },
  };
  // What the element will never hear, seen at the document (capture phase, before the element):
  // a removed element's pointer ending; another element taking the capture of a pointer the
  // element holds (in Chromium 156 the element then gets no lostpointercapture when both asked
  // for it during one pointerdown: an outer element's engine, say); a pointer the element holds
  // ending on an element outside it. Each cancels the touch.
  const doc = element.ownerDocument;
  const outside = (ev) => !element.isConnected || (ev.target && ev.target !== element && element.contains &&
                                                    !element.contains(ev.target));
  const orphaned = (ev) => {
    if (down.has(ev.pointerId) && outside(ev) && down.delete(ev.pointerId)) feed(ev, Phase.CANCELLED);
  };
  const documentEvents = ["pointerup", "pointercancel", "lostpointercapture", "gotpointercapture"];
  for (const [name, fn] of Object.entries(handlers)) element.addEventListener(name, fn);
  if (doc) for (const name of documentEvents) doc.addEventListener(name, orphaned, true);
  engine._detach = () => {
    for (const [name, fn] of Object.entries(handlers)) element.removeEventListener(name, fn);
    if (doc) for (const name of documentEvents) doc.removeEventListener(name, orphaned, true);
    if (timer !== null) clearTimeout(timer);
    element.style.touchAction = previousTouchAction;
    engine._detach = null;
  };
  return engine._detach;
}
