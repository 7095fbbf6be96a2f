// gesturekit.js: GestureKit's engine in a web page or in Node, over the WebAssembly build of the
// same Swift core as libgesturekit (gesturekit.wasm beside this file). No dependency, no build step.
// docs/WEB.md says how to use it and how it differs from the C API; gesturekit.h is the reference
// for what each call does.
//
//   import { load } from "./gesturekit.js";
//   const gk = await load();                       // fetches gesturekit.wasm next to this module
//   const engine = gk.engine({ width: innerWidth, height: innerHeight });
//   const tap = engine.tap(engine.root, { numberOfTapsRequired: 2 });
//   tap.addTarget(a => console.log("double tap", a.state, a.location));
//   engine.attach(document.body);                  // Pointer Events in, deadlines on timers
//
// Ownership: an Engine owns its views and recognizers; close() frees it and them. Values handed to
// callbacks (actions, deliveries, decisions) are plain objects, copied out of the engine.
//
// Long file: the engine, its views and recognizers and the screen reader are the module's core, one
// file in the C API's order; the rest is beside it (layouts.js, pointer_events.js, settings.js,
// strokes.js, names.js).

import { LAYOUTS as L } from "./layouts.js";
import { attachPointerEvents } from "./pointer_events.js";
import { unknownName } from "./names.js";
import { installSettings } from "./settings.js";
import { installStrokes } from "./strokes.js";

/** Recognizer kinds (gk_recognizer_kind). */
export const Kind = Object.freeze({ TAP: 0, LONG_PRESS: 1, PAN: 2, SCREEN_EDGE_PAN: 3, SWIPE: 4, PINCH: 5,
  ROTATION: 6, HOVER: 7, CUSTOM: 8, STROKE: 9, ONE_FINGER_ZOOM: 10 });
/** Recognizer states (gk_state); RECOGNIZED equals ENDED. */
export const State = Object.freeze({ POSSIBLE: 0, BEGAN: 1, CHANGED: 2, ENDED: 3, RECOGNIZED: 3, CANCELLED: 4,
  FAILED: 5 });
/** Touch phases (gk_touch_phase). */
export const Phase = Object.freeze({ BEGAN: 0, MOVED: 1, STATIONARY: 2, ENDED: 3, CANCELLED: 4 });
/** Touch types (gk_touch_type). */
export const TouchType = Object.freeze({ DIRECT: 0, STYLUS: 1, INDIRECT_POINTER: 2, PRESS: 3 });
/** View flags (gk_view_flag). */
export const ViewFlag = Object.freeze({ HIDDEN: 0, USER_INTERACTION_ENABLED: 1, MULTIPLE_TOUCH_ENABLED: 2,
  EXCLUSIVE_TOUCH: 3, INLINE_TARGET: 4, ESSENTIAL: 5 });
/** Accessibility traits (gk_accessibility_trait bits); NOT_ENABLED is read only. */
export const AccessibilityTrait = Object.freeze({ ADJUSTABLE: 1, NOT_ENABLED: 2, MODAL: 4, GROUP: 8 });
/** Screen-reader event kinds (gk_accessibility_event_kind), by value. */
export const ACCESSIBILITY_EVENTS = Object.freeze(["focus", "activate", "escape", "scroll", "pause", "pass-through",
  "boundary", "scroll-into-view", "increment", "decrement", "magic-tap", "read-all", "position", "announcement",
  "activate-twice"]);
const PRIORITIES = ["polite", "urgent"], FOCUS_MOVES = ["next", "previous", "first", "last"];
/** Hover phases (gk_hover_phase). */
export const HoverPhase = Object.freeze({ ENTER: 0, MOVE: 1, EXIT: 2 });
/** Tap assistance (gk_tap_assistance). */
export const TapAssistance = Object.freeze({ OFF: 0, INITIAL_LOCATION: 1, FINAL_LOCATION: 2 });
/** Status codes (gk_status). */
export const Status = Object.freeze({ OK: 0, EMPTY: 1, NULL_POINTER: 2, INVALID_ARGUMENT: 3, STALE_HANDLE: 4,
  WRONG_KIND: 5, UNKNOWN_PROPERTY: 6, CAPACITY: 7, TIME_BACKWARDS: 8, UNKNOWN_TOUCH: 9, TOUCH_ALREADY_DOWN: 10,
  BUSY: 11, NOT_ATTACHED: 12, ALREADY_ATTACHED: 13, OUT_OF_RANGE: 14, UNSUPPORTED: 15, STRUCT_SIZE: 16,
  READ_ONLY: 17 });

// The hooks a trampoline names: the pair questions (0..2 a delegate's, 3..6 a custom recognizer's)
// and the touch hooks, in the C enumerations' order.
const PAIR_HOOKS = ["simultaneous", "requireFailure", "requiredBy", "canPrevent", "canBePrevented",
  "shouldRequireFailureOf", "shouldBeRequiredToFailBy"];
const TOUCH_HOOKS = ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"];
const KIND_NAMES = ["tap", "longPress", "pan", "screenEdgePan", "swipe", "pinch", "rotation", "hover", "custom",
  "stroke", "oneFingerZoom"];

// Each gk_property: [JS name, id, group, type (b bool, i integer, d double)].
const PROPERTIES = [
  ["enabled", 1, "common", "b"],   // GK_PROP_ENABLED
  ["cancelsTouchesInView", 2, "common", "b"],   // GK_PROP_CANCELS_TOUCHES_IN_VIEW
  ["delaysTouchesBegan", 3, "common", "b"],   // GK_PROP_DELAYS_TOUCHES_BEGAN
  ["delaysTouchesEnded", 4, "common", "b"],   // GK_PROP_DELAYS_TOUCHES_ENDED
  ["requiresExclusiveTouchType", 5, "common", "b"],   // GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE
  ["allowedTouchTypes", 6, "common", "i"],   // GK_PROP_ALLOWED_TOUCH_TYPES
  ["buttonMask", 7, "common", "i"],   // GK_PROP_BUTTON_MASK
  ["modifierFlags", 8, "common", "i"],   // GK_PROP_MODIFIER_FLAGS
  ["allowedPressTypes", 9, "common", "i"],   // GK_PROP_ALLOWED_PRESS_TYPES
  ["scalesTiming", 10, "common", "b"],   // GK_PROP_SCALES_TIMING
  ["driftAllowance", 11, "drift", "d"],   // GK_PROP_DRIFT_ALLOWANCE
  ["landingWindow", 12, "common", "d"],   // GK_PROP_LANDING_WINDOW
  ["numberOfTapsRequired", 100, "tap", "i"],   // GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED
  ["numberOfTouchesRequired", 101, "tap", "i"],   // GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED
  ["allowableMovement", 102, "tap", "d"],   // GK_PROP_TAP_ALLOWABLE_MOVEMENT
  ["maximumTapInterval", 103, "tap", "d"],   // GK_PROP_TAP_MAXIMUM_INTERVAL
  ["maximumTapDuration", 104, "tap", "d"],   // GK_PROP_TAP_MAXIMUM_DURATION
  ["fingerWindow", 105, "tap", "d"],   // GK_PROP_TAP_FINGER_WINDOW
  ["buttonMaskRequired", 106, "tap", "i"],   // GK_PROP_TAP_BUTTON_MASK_REQUIRED
  ["minimumNumberOfTouches", 200, "pan", "i"],   // GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES
  ["maximumNumberOfTouches", 201, "pan", "i"],   // GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES
  ["hysteresis", 202, "pan", "d"],   // GK_PROP_PAN_HYSTERESIS
  ["velocityMode", 203, "pan", "i"],   // GK_PROP_PAN_VELOCITY_MODE
  ["velocityWindow", 204, "pan", "d"],   // GK_PROP_PAN_VELOCITY_WINDOW
  ["velocityPauseLimit", 205, "pan", "d"],   // GK_PROP_PAN_VELOCITY_PAUSE_LIMIT
  ["velocityOnChange", 206, "pan", "b"],   // GK_PROP_PAN_VELOCITY_ON_CHANGE
  ["minimumPressDuration", 300, "longPress", "d"],   // GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION
  ["allowableMovement", 301, "longPress", "d"],   // GK_PROP_LONG_PRESS_ALLOWABLE_MOVEMENT
  ["numberOfTouchesRequired", 302, "longPress", "i"],   // GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED
  ["numberOfTapsRequired", 303, "longPress", "i"],   // GK_PROP_LONG_PRESS_NUMBER_OF_TAPS_REQUIRED
  ["maximumTapInterval", 304, "longPress", "d"],   // GK_PROP_LONG_PRESS_MAXIMUM_TAP_INTERVAL
  ["tapAllowableMovement", 305, "longPress", "d"],   // GK_PROP_LONG_PRESS_TAP_ALLOWABLE_MOVEMENT
  ["maximumTapDuration", 306, "longPress", "d"],   // GK_PROP_LONG_PRESS_MAXIMUM_TAP_DURATION
  ["edges", 400, "screenEdgePan", "i"],   // GK_PROP_SCREEN_EDGE_EDGES
  ["edgeRegion", 401, "screenEdgePan", "d"],   // GK_PROP_SCREEN_EDGE_REGION
  ["edgeHysteresis", 402, "screenEdgePan", "d"],   // GK_PROP_SCREEN_EDGE_HYSTERESIS
  ["direction", 500, "swipe", "i"],   // GK_PROP_SWIPE_DIRECTION
  ["numberOfTouchesRequired", 501, "swipe", "i"],   // GK_PROP_SWIPE_NUMBER_OF_TOUCHES_REQUIRED
  ["maximumDuration", 502, "swipe", "d"],   // GK_PROP_SWIPE_MAXIMUM_DURATION
  ["minimumPrimaryMovement", 503, "swipe", "d"],   // GK_PROP_SWIPE_MINIMUM_PRIMARY_MOVEMENT
  ["maximumPrimaryMovement", 504, "swipe", "d"],   // GK_PROP_SWIPE_MAXIMUM_PRIMARY_MOVEMENT
  ["minimumSecondaryMovement", 505, "swipe", "d"],   // GK_PROP_SWIPE_MINIMUM_SECONDARY_MOVEMENT
  ["maximumSecondaryMovement", 506, "swipe", "d"],   // GK_PROP_SWIPE_MAXIMUM_SECONDARY_MOVEMENT
  ["minimumDecay", 507, "swipe", "d"],   // GK_PROP_SWIPE_MINIMUM_DECAY
  ["maximumDecay", 508, "swipe", "d"],   // GK_PROP_SWIPE_MAXIMUM_DECAY
  ["minimumPrimarySpeed", 509, "swipe", "d"],   // GK_PROP_SWIPE_MINIMUM_PRIMARY_SPEED
  ["maximumOppositeMovement", 510, "swipe", "d"],   // GK_PROP_SWIPE_MAXIMUM_OPPOSITE_MOVEMENT
  ["scale", 600, "pinch", "d"],   // GK_PROP_PINCH_SCALE
  ["velocity", 601, "pinch", "d"],   // GK_PROP_PINCH_VELOCITY
  ["hysteresis", 602, "pinch", "d"],   // GK_PROP_PINCH_HYSTERESIS
  ["velocityMode", 603, "pinch", "i"],   // GK_PROP_PINCH_VELOCITY_MODE
  ["pinchWeight", 604, "pinch", "d"],   // GK_PROP_PINCH_WEIGHT_PINCH
  ["rotationWeight", 605, "pinch", "d"],   // GK_PROP_PINCH_WEIGHT_ROTATION
  ["translationWeight", 606, "pinch", "d"],   // GK_PROP_PINCH_WEIGHT_TRANSLATION
  ["rotation", 700, "rotation", "d"],   // GK_PROP_ROTATION_ROTATION
  ["velocity", 701, "rotation", "d"],   // GK_PROP_ROTATION_VELOCITY
  ["angleThreshold", 702, "rotation", "d"],   // GK_PROP_ROTATION_ANGLE_THRESHOLD
  ["angleThresholdGrowth", 703, "rotation", "d"],   // GK_PROP_ROTATION_ANGLE_THRESHOLD_GROWTH
  ["velocityMode", 704, "rotation", "i"],   // GK_PROP_ROTATION_VELOCITY_MODE
  ["rotationWeight", 705, "rotation", "d"],   // GK_PROP_ROTATION_WEIGHT_ROTATION
  ["pinchWeight", 706, "rotation", "d"],   // GK_PROP_ROTATION_WEIGHT_PINCH
  ["translationWeight", 707, "rotation", "d"],   // GK_PROP_ROTATION_WEIGHT_TRANSLATION
  ["threshold", 800, "stroke", "d"],   // GK_PROP_STROKE_THRESHOLD
  ["minimumLength", 801, "stroke", "d"],   // GK_PROP_STROKE_MINIMUM_LENGTH
  ["rotationInvariant", 802, "stroke", "b"],   // GK_PROP_STROKE_ROTATION_INVARIANT
  ["matcher", 803, "stroke", "i"],   // GK_PROP_STROKE_MATCHER
  ["strokePause", 804, "stroke", "d"],   // GK_PROP_STROKE_PAUSE
  ["maximumStrokes", 805, "stroke", "i"],   // GK_PROP_STROKE_MAXIMUM_STROKES
  ["continuationPause", 806, "stroke", "d"],   // GK_PROP_STROKE_CONTINUATION_PAUSE
  ["completePause", 807, "stroke", "d"],       // GK_PROP_STROKE_COMPLETE_PAUSE
  ["scale", 900, "oneFingerZoom", "d"],   // GK_PROP_ONE_FINGER_ZOOM_SCALE
  ["velocity", 901, "oneFingerZoom", "d"],   // GK_PROP_ONE_FINGER_ZOOM_VELOCITY
  ["hysteresis", 902, "oneFingerZoom", "d"],   // GK_PROP_ONE_FINGER_ZOOM_HYSTERESIS
  ["pointsPerDoubling", 903, "oneFingerZoom", "d"],   // GK_PROP_ONE_FINGER_ZOOM_POINTS_PER_DOUBLING
  ["maximumTapDuration", 904, "oneFingerZoom", "d"],   // GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_DURATION
  ["maximumTapInterval", 905, "oneFingerZoom", "d"],   // GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_INTERVAL
];
// The property groups each kind has.
const GROUPS = {
  tap: ["common", "tap"],
  longPress: ["common", "longPress"],
  pan: ["common", "pan", "drift"],
  screenEdgePan: ["common", "pan", "screenEdgePan", "drift"],
  swipe: ["common", "swipe"],
  pinch: ["common", "pinch", "drift"],
  rotation: ["common", "rotation", "drift"],
  hover: ["common"],
  stroke: ["common", "stroke"],
  oneFingerZoom: ["common", "oneFingerZoom"],
  custom: ["common"],
};

/** A call the engine refused: `status` is the gk_status, `message` gk_status_string()'s text. */
export class GestureKitError extends Error {
  constructor(status, message, call) {
    super(`${call}: ${message}`);
    this.name = "GestureKitError";
    this.status = status;
  }
}

// The structures' wasm32 layouts are in layouts.js (Tests/web/layouts_check.mjs checks them).
const SCRATCH_SIZE = 4096;
const MAX_FRAME_TOUCHES = 1024;

/**
 * Loads and instantiates gesturekit.wasm. `source`: a URL (string or URL; default: gesturekit.wasm
 * beside this module; a file: URL is read from the file system under Node), a Response, or the
 * module's bytes (ArrayBuffer or typed array). Resolves to a Module, whose engine() makes engines.
 */
export async function load(source) {
  if (source === undefined) source = new URL("gesturekit.wasm", import.meta.url);
  if (typeof source === "string" && source.startsWith("file:")) source = new URL(source);
  let bytes;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    bytes = source;
  } else if (source instanceof URL && source.protocol === "file:") {
    // Node: fetch() does not read files.
    const { readFile } = await import("node:fs/promises");
    bytes = await readFile(source);
  } else {
    const response = typeof Response !== "undefined" && source instanceof Response ? source : await fetch(source);
    if (!response.ok) throw new Error(`gesturekit: ${response.url}: HTTP ${response.status}`);
    bytes = await response.arrayBuffer();
  }
  const module = new Module();
  const { instance } = await WebAssembly.instantiate(bytes, module._imports());
  module._init(instance);
  return module;
}

/** One instance of the WebAssembly module: its memory, its exports and the callbacks it can call. */
export class Module {
  constructor() {
    this._callbacks = new Map();   // id -> function, for the trampolines
    this._nextCallback = 1;
    this._depth = 0;               // callbacks running now
    this._failed = undefined;      // the first exception a callback threw, until its engine call returns
  }

  _inCallback() { return this._depth > 0; }

  _imports() {
    // A callback runs inside an engine call. An exception must not unwind through the engine (it
    // would leave the engine mid-pass): it is kept, the callback answers the C default, and the
    // engine call that ran it throws it once the engine is done (Engine._call).
    // `one` is the single argument of the per-event callbacks (actions, deliveries), passed without
    // an array; `args` the others' arguments.
    const invoke = (fn, dflt, args, one) => {
      if (!fn) return dflt;
      this._depth += 1;
      try {
        return args === null ? fn(one) : fn(...args);
      } catch (e) {
        if (this._failed === undefined) this._failed = e;
        return dflt;
      } finally {
        this._depth -= 1;
      }
    };
    const callback = (id) => this._callbacks.get(id >>> 0);   // a 32-bit user datum: past 2^31 it arrives negative
    const call = (id, dflt, args) => invoke(callback(id), dflt, args);
    // An action or delivery is read only when someone takes it.
    const event = (id, read, p) => {
      const fn = callback(id);
      if (fn) invoke(fn, undefined, null, read.call(this, p));
    };
    // A delegate's answers and a custom recognizer's hooks are registered as one table per
    // recognizer (one user datum in C), each hook under its own name: the trampoline that runs
    // says which hook it is, and that one is called.
    const hook = (id, name, dflt, args) => invoke(callback(id)?.[name], dflt, args);
    const yes = (v) => (v ? 1 : 0);
    return {
      gesturekit_js: {
        action: (e, a, id) => event(id, this._readAction, a),
        delivery: (e, d, id) => event(id, this._readDelivery, d),
        should_begin: (e, r, id) => yes(hook(id, "shouldBegin", true, [r])),
        should_receive: (e, r, touch, x, y, id) => yes(hook(id, "shouldReceive", true, [r, Number(touch), x, y])),
        // The pair questions' defaults: simultaneous, require and required-by false; can_prevent
        // and can_be_prevented true.
        pair: (e, question, r, other, id) => yes(hook(id, PAIR_HOOKS[question], question === 3 || question === 4, [r, other])),
        view_should_begin: (e, v, r, id) => yes(call(id, true, [v, r])),
        touches: (e, r, which, p, n, t, id) => {
          const list = [];
          for (let i = 0; i < n; i++) list.push(this._readTouchInfo(p + L.gk_touch_info.size * i));
          hook(id, TOUCH_HOOKS[which], undefined, [list, t]);
        },
        deadline: (e, r, t, id) => hook(id, "deadlineReached", undefined, [t]),
        reset: (e, r, id) => hook(id, "reset", undefined, []),
      },
      // The C library's file calls are linked in but never reached from the engine's own calls
      // (they serve the gk_* functions that read and write files, which the page has none of).
      wasi_snapshot_preview1: {
        fd_close: () => ENOSYS,
        fd_seek: () => ENOSYS,
        fd_write: (fd, iovs, n, written) => {
          // The Swift runtime's last words before a trap (none is reachable from the API).
          let text = "";
          for (let i = 0; i < n; i++) {
            const p = this._dv().getUint32(iovs + 8 * i, true), len = this._dv().getUint32(iovs + 8 * i + 4, true);
            text += new TextDecoder().decode(new Uint8Array(this._memory.buffer, p, len));
          }
          this._dv().setUint32(written, 0, true);
          console.error(`gesturekit.wasm: ${text}`);
          return 0;
        },
      },
    };
  }

  _init(instance) {
    this.exports = instance.exports;
    this._memory = instance.exports.memory;
    this._scratch = this.exports.malloc(SCRATCH_SIZE);
    this._frame = this.exports.malloc(L.gk_touch.size * MAX_FRAME_TOUCHES);
    const fns = this.exports.gkweb_callbacks();
    const dv = this._dv();
    this._fn = {};
    ["action", "delivery", "shouldBegin", "shouldReceive", "simultaneous", "requireFailure", "requiredBy",
      "viewShouldBegin", "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "deadlineReached",
      "reset", "canPrevent", "canBePrevented", "shouldRequireFailureOf", "shouldBeRequiredToFailBy"].forEach((name, i) => { this._fn[name] = dv.getUint32(fns + 4 * i, true); });
  }

  /** The module's memory, as a DataView (made again when the memory has grown). */
  _dv() {
    // Growing the memory detaches its old buffer (byteLength 0): only then is a new view made.
    if (this._view === undefined || this._viewBuffer.byteLength === 0) {
      this._viewBuffer = this._memory.buffer;
      this._view = new DataView(this._viewBuffer);
    }
    return this._view;
  }

  _string(p) {
    const bytes = new Uint8Array(this._memory.buffer, p);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  }

  _check(status, call) {
    if (status === Status.OK || status === Status.EMPTY) return status;
    throw new GestureKitError(status, this._string(this.exports.gk_status_string(status)), call);
  }

  _register(fn) {
    // Ids travel as the C callbacks' 32-bit user data: 1 to 2^32 - 1, wrapping past the last,
    // never one still in use (0 means none).
    let id = this._nextCallback;
    while (this._callbacks.has(id)) id = id >= 0xFFFFFFFF ? 1 : id + 1;
    this._nextCallback = id >= 0xFFFFFFFF ? 1 : id + 1;
    this._callbacks.set(id, fn);
    return id;
  }

  _point(d, p) { return { x: d.getFloat64(p, true), y: d.getFloat64(p + 8, true) }; }
  // A uint64_t or int64_t as a Number without making a BigInt (exact below 2^53: sequences, touch ids).
  _u64(d, p) { return d.getUint32(p, true) + d.getUint32(p + 4, true) * 4294967296; }
  _i64(d, p) { return d.getUint32(p, true) + d.getInt32(p + 4, true) * 4294967296; }

  _readAction(p) {
    const d = this._dv(), o = L.gk_action, b = p + o.stroke_bounds;
    return {
      sequence: this._u64(d, p + o.sequence), timestamp: d.getFloat64(p + o.timestamp, true),
      recognizer: d.getBigUint64(p + o.recognizer, true), view: d.getBigUint64(p + o.view, true),
      kind: d.getUint32(p + o.kind, true), state: d.getUint32(p + o.state, true), location: this._point(d, p + o.location),
      numberOfTouches: d.getUint32(p + o.number_of_touches, true), swipeDirection: d.getUint32(p + o.swipe_direction, true),
      translation: this._point(d, p + o.translation), velocity: this._point(d, p + o.velocity),
      scale: d.getFloat64(p + o.scale, true), rotation: d.getFloat64(p + o.rotation, true),
      scalarVelocity: d.getFloat64(p + o.scalar_velocity, true), buttonMask: d.getUint32(p + o.button_mask, true),
      modifierFlags: d.getUint32(p + o.modifier_flags, true), strokeTemplate: d.getInt32(p + o.stroke_template, true),
      strokeScore: d.getFloat64(p + o.stroke_score, true),
      strokeBounds: { x: d.getFloat64(b, true), y: d.getFloat64(b + 8, true), width: d.getFloat64(b + 16, true),
        height: d.getFloat64(b + 24, true) },
    };
  }

  _readTouchInfo(p) {
    const d = this._dv(), o = L.gk_touch_info;
    return {
      id: Number(d.getBigInt64(p + o.id, true)), phase: d.getUint32(p + o.phase, true), type: d.getUint32(p + o.type, true),
      location: this._point(d, p + o.location), previousLocation: this._point(d, p + o.previous_location),
      startLocation: this._point(d, p + o.start_location),
      timestamp: d.getFloat64(p + o.timestamp, true), startTimestamp: d.getFloat64(p + o.start_timestamp, true),
      view: d.getBigUint64(p + o.view, true), force: d.getFloat64(p + o.force, true),
      majorRadius: d.getFloat64(p + o.major_radius, true),
      buttons: d.getUint32(p + o.buttons, true), modifiers: d.getUint32(p + o.modifiers, true),
    };
  }

  _readDelivery(p) {
    const d = this._dv(), o = L.gk_delivery;
    return {
      sequence: this._u64(d, p + o.sequence), timestamp: d.getFloat64(p + o.timestamp, true),
      view: d.getBigUint64(p + o.view, true), touchId: this._i64(d, p + o.touch_id),
      phase: d.getUint32(p + o.phase, true), touchType: d.getUint32(p + o.touch_type, true),
      location: this._point(d, p + o.location), windowLocation: this._point(d, p + o.window_location),
      touchTimestamp: d.getFloat64(p + o.touch_timestamp, true), force: d.getFloat64(p + o.force, true),
      majorRadius: d.getFloat64(p + o.major_radius, true), buttons: d.getUint32(p + o.buttons, true),
      modifiers: d.getUint32(p + o.modifiers, true), pressType: d.getUint32(p + o.press_type, true),
    };
  }

  /**
   * A new engine. Options (all optional): width, height (the screen in points, default 1920×1080),
   * pointsPerMm (6.4), maxTouches (32), actionQueueCapacity (1024), deliveryQueueCapacity (4096),
   * logTransitions (false).
   */
  engine(options = {}) {
    return new Engine(this, options);
  }
}

/** An engine: its views, recognizers and queues (gk_engine). */
export class Engine {
  constructor(module, options = {}) {
    this.module = module;
    const x = module.exports, s = module._scratch, d = module._dv();
    const o = L.gk_engine_options, out = s + o.size;
    module._check(x.gk_engine_options_init(s), "gk_engine_options_init");
    if (options.width !== undefined) d.setFloat64(s + o.screen_width, options.width, true);
    if (options.height !== undefined) d.setFloat64(s + o.screen_height, options.height, true);
    if (options.pointsPerMm !== undefined) d.setFloat64(s + o.points_per_mm, options.pointsPerMm, true);
    if (options.maxTouches !== undefined) d.setUint32(s + o.max_touches, options.maxTouches, true);
    if (options.actionQueueCapacity !== undefined) d.setUint32(s + o.action_queue_capacity, options.actionQueueCapacity, true);
    if (options.deliveryQueueCapacity !== undefined) d.setUint32(s + o.delivery_queue_capacity, options.deliveryQueueCapacity, true);
    d.setUint32(s + o.flags, options.logTransitions ? 1 : 0, true);
    module._check(x.gk_engine_create(s, out), "gk_engine_create");
    this.ptr = module._dv().getUint32(out, true);
    module._check(x.gk_engine_root_view(this.ptr, s), "gk_engine_root_view");
    /** The root view (the window). */
    this.root = new View(this, module._dv().getBigUint64(s, true));
    this._recognizers = new Map();   // handle -> Recognizer
    this._views = new Map([[this.root.handle, this.root]]);
    this._detach = null;
    this._time = this.now;
  }

  _call(name, ...args) { return this._done(this.module.exports[name](this._open(), ...args), name); }

  /** The engine's pointer; throws once it is closed. */
  _open() {
    if (!this.ptr) throw new Error("gesturekit: the engine is closed");
    return this.ptr;
  }

  /** A finished engine call's status: a callback's exception thrown first, then a failure. */
  _done(status, name) {
    const failed = this.module._failed;
    if (failed !== undefined && !this.module._inCallback()) {
      this.module._failed = undefined;
      throw failed;
    }
    return this.module._check(status, name);
  }

  /** Frees the engine, its views and its recognizers (gk_engine_destroy); detaches it from its element. */
  close() {
    if (!this.ptr) return;
    // Destroyed first: from one of this engine's own callbacks the engine refuses (BUSY), and it
    // must then stay whole, still attached to its element.
    this._call("gk_engine_destroy");
    this.ptr = 0;
    if (this._detach) this._detach();
    for (const r of this._recognizers.values()) r._forget();
    for (const v of this._views.values()) v._forget();
  }

  /** The View of a handle this engine gave out (or null). */
  view(handle) { return this._views.get(handle) ?? null; }
  /** The Recognizer of a handle this engine gave out (or null). */
  recognizerFor(handle) { return this._recognizers.get(handle) ?? null; }

  /** A recognizer of `kind` (a Kind), attached to `view` when one is given, with `properties` set. */
  recognizer(kind, view = null, properties = {}) {
    const s = this.module._scratch;
    this._call("gk_recognizer_create", kind, s);
    const r = new Recognizer(this, this.module._dv().getBigUint64(s, true), kind);
    this._recognizers.set(r.handle, r);
    try {
      Object.assign(r, properties);
    } catch (e) {
      r.destroy();   // a misspelt property: no half-made recognizer is left behind
      throw e;
    }
    if (view) r.attach(view);
    return r;
  }
  tap(view, properties) { return this.recognizer(Kind.TAP, view, properties); }
  longPress(view, properties) { return this.recognizer(Kind.LONG_PRESS, view, properties); }
  pan(view, properties) { return this.recognizer(Kind.PAN, view, properties); }
  screenEdgePan(view, properties) { return this.recognizer(Kind.SCREEN_EDGE_PAN, view, properties); }
  swipe(view, properties) { return this.recognizer(Kind.SWIPE, view, properties); }
  pinch(view, properties) { return this.recognizer(Kind.PINCH, view, properties); }
  rotation(view, properties) { return this.recognizer(Kind.ROTATION, view, properties); }
  oneFingerZoom(view, properties) { return this.recognizer(Kind.ONE_FINGER_ZOOM, view, properties); }
  hoverRecognizer(view, properties) { return this.recognizer(Kind.HOVER, view, properties); }

  /**
   * A custom recognizer (UIGestureRecognizerSubclass; gk_recognizer_create_custom) whose hooks are
   * the functions of `hooks` that are given, each called with the recognizer first:
   * touchesBegan / touchesMoved / touchesEnded / touchesCancelled (r, touches, time), where each
   * touch is { id, phase, type, location, previousLocation, startLocation, timestamp,
   * startTimestamp, view, force, majorRadius, buttons, modifiers }; deadlineReached (r, time);
   * reset (r); canPrevent, canBePrevented, shouldRequireFailureOf, shouldBeRequiredToFailBy
   * (r, other). A hook left out is not installed (the C defaults apply). From the hooks, set
   * r.state, call r.ignore(touchId) and r.setDeadline(time). `continuous`: began/changed like a
   * pan; otherwise discrete like a tap.
   */
  custom(hooks = {}, { continuous = false, view = null, properties = {} } = {}) {
    const m = this.module, s = m._scratch, d = m._dv();
    let r = null;
    const names = ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "deadlineReached", "reset"];
    const pairs = ["canPrevent", "canBePrevented", "shouldRequireFailureOf", "shouldBeRequiredToFailBy"];
    // Each hook under its own name, called with this recognizer first (the trampolines pass the
    // rest: touches and time, time, nothing, or the two recognizers' handles).
    const table = {};
    for (const n of names) if (hooks[n]) table[n] = (...a) => hooks[n](r, ...a);
    for (const n of pairs) if (hooks[n]) table[n] = (self, other) => hooks[n](r, this.recognizerFor(other));
    const id = m._register(table);
    const o = L.gk_custom_recognizer, out = s + o.size;
    const fields = ["touches_began", "touches_moved", "touches_ended", "touches_cancelled", "deadline_reached", "reset",
      "can_prevent", "can_be_prevented", "should_require_failure_of", "should_be_required_to_fail_by"];
    new Uint8Array(m._memory.buffer, s, o.size).fill(0);
    d.setUint32(s, o.size, true);
    d.setUint32(s + o.user_data, id, true);
    [...names, ...pairs].forEach((n, i) => { if (hooks[n]) d.setUint32(s + o[fields[i]], m._fn[n], true); });
    try {
      this._call("gk_recognizer_create_custom", s, continuous ? 1 : 0, out);
    } catch (e) {
      m._callbacks.delete(id);
      throw e;
    }
    r = new Recognizer(this, m._dv().getBigUint64(out, true), Kind.CUSTOM);
    r._hooks = id;   // forgotten with the recognizer
    this._recognizers.set(r.handle, r);
    try {
      Object.assign(r, properties);
    } catch (e) {
      r.destroy();   // a misspelt property: no half-made recognizer is left behind
      throw e;
    }
    if (view) r.attach(view);
    return r;
  }

  /**
   * Feeds one frame at `timestamp` (seconds): the touches that changed, each
   * { id, phase, x, y, type, force, majorRadius, buttons, modifiers } (phase a Phase; the rest
   * optional: type DIRECT, x and y NaN for a lift where it was, the others 0).
   */
  feed(timestamp, touches = []) {
    const n = touches.length;
    if (n > MAX_FRAME_TOUCHES) throw new GestureKitError(Status.CAPACITY, "too many touches in one frame", "gk_engine_feed");
    const d = this.module._dv(), f = this.module._frame, o = L.gk_touch;
    for (let i = 0; i < n; i++) {
      const t = touches[i], p = f + i * o.size;
      d.setBigInt64(p + o.id, BigInt(t.id), true);
      d.setUint32(p + o.phase, t.phase, true);
      d.setUint32(p + o.type, t.type ?? 0, true);
      d.setFloat64(p + o.x, t.x ?? NaN, true);
      d.setFloat64(p + o.y, t.y ?? NaN, true);
      d.setFloat64(p + o.force, t.force ?? 0, true);
      d.setFloat64(p + o.major_radius, t.majorRadius ?? 0, true);
      d.setUint32(p + o.buttons, t.buttons ?? 0, true);
      d.setUint32(p + o.modifiers, t.modifiers ?? 0, true);
    }
    this._timed(this.module.exports.gk_engine_feed(this._open(), timestamp, n ? f : 0, n), "gk_engine_feed", timestamp);
  }

  // A call that moves engine time: the time it reached is kept (_time, what `now` reads from the
  // engine), so the Pointer Events adapter need not ask the engine for it on every event.
  _timed(status, name, timestamp) {
    if ((status === Status.OK || status === Status.EMPTY) && timestamp > this._time) this._time = timestamp;
    return this._done(status, name);
  }

  /** A pointer hovering without contact (gk_engine_feed_hover): `phase` a HoverPhase, at window (x, y). */
  hover(timestamp, phase, x = NaN, y = NaN, { type = TouchType.INDIRECT_POINTER, modifiers = 0 } = {}) {
    this._timed(this.module.exports.gk_engine_feed_hover(this._open(), timestamp, phase, type, x, y, modifiers),
                "gk_engine_feed_hover", timestamp);
  }

  /** Moves engine time on to `timestamp`, firing the timers due (gk_engine_advance). */
  advance(timestamp) {
    this._timed(this.module.exports.gk_engine_advance(this._open(), timestamp), "gk_engine_advance", timestamp);
  }
  /** Cancels every touch down (gk_engine_cancel_all_touches). */
  cancelAllTouches(timestamp) {
    this._timed(this.module.exports.gk_engine_cancel_all_touches(this._open(), timestamp), "gk_engine_cancel_all_touches",
                timestamp);
  }

  /** When advance() is next due, or null when no timer waits (gk_engine_next_deadline). */
  nextDeadline() {
    const m = this.module, s = m._scratch;
    this._done(m.exports.gk_engine_next_deadline(this._open(), s), "gk_engine_next_deadline");
    const t = m._dv().getFloat64(s, true);
    return Number.isFinite(t) ? t : null;
  }

  /** The engine's current time. */
  get now() {
    const s = this.module._scratch;
    this._call("gk_engine_now", s);
    return this.module._dv().getFloat64(s, true);
  }

  _drain(call, size, read) {
    const out = [], s = this.module._scratch;
    while (this._call(call, s, size) === Status.OK) out.push(read(s));
    return out;
  }
  // Empties a queue nobody reads (the adapter with no onAction, say) without making its objects.
  _discard(call, size) {
    const poll = this.module.exports[call], s = this.module._scratch, ptr = this._open();
    while (this._done(poll(ptr, s, size), call) === Status.OK);
  }
  _discardActions() { this._discard("gk_engine_poll_action", L.gk_action.size); }
  _discardDeliveries() { this._discard("gk_engine_poll_delivery", L.gk_delivery.size); }
  /** Takes every queued action, oldest first (the same as targets receive). */
  actions() { return this._drain("gk_engine_poll_action", L.gk_action.size, (p) => this.module._readAction(p)); }
  /** Takes every queued view delivery, oldest first. */
  deliveries() { return this._drain("gk_engine_poll_delivery", L.gk_delivery.size, (p) => this.module._readDelivery(p)); }
  /** Takes every queued state transition (the engine was made with logTransitions). */
  transitions() {
    const o = L.gk_transition;
    return this._drain("gk_engine_poll_transition", o.size, (p) => {
      const d = this.module._dv();
      return { sequence: Number(d.getBigUint64(p + o.sequence, true)), timestamp: d.getFloat64(p + o.timestamp, true),
        recognizer: d.getBigUint64(p + o.recognizer, true), from: d.getUint32(p + o.from_state, true),
        to: d.getUint32(p + o.to_state, true) };
    });
  }

  /** Turns the decision log on with room for `capacity` entries (0: off). */
  enableDecisionLog(capacity = 4096) { this._call("gk_engine_set_decision_log", capacity); }
  /** Takes the decision log's entries; each has its event's English name in `text`. */
  decisions() {
    const m = this.module;
    const o = L.gk_decision;
    return this._drain("gk_engine_poll_decision", o.size, (p) => {
      const d = m._dv(), event = d.getUint32(p + o.event, true);
      return { sequence: Number(d.getBigUint64(p + o.sequence, true)), timestamp: d.getFloat64(p + o.timestamp, true),
        recognizer: d.getBigUint64(p + o.recognizer, true), other: d.getBigUint64(p + o.other, true),
        view: d.getBigUint64(p + o.view, true), touchId: Number(d.getBigInt64(p + o.touch_id, true)), event,
        cause: d.getUint32(p + o.cause, true), from: d.getUint32(p + o.from_state, true), to: d.getUint32(p + o.to_state, true),
        text: m._string(m.exports.gk_decision_event_string(event)) };
    });
  }

  /**
   * Touch accommodations (gk_touch_accommodations; docs/ACCESSIBILITY.md): { holdDuration,
   * ignoreRepeat, ignoreRepeatDistance, tapAssistance (a TapAssistance), tapAssistanceDelay,
   * swipeDistance }; what is left out keeps its default (off).
   */
  setTouchAccommodations(a = {}) {
    const m = this.module, s = m._scratch;
    m._check(m.exports.gk_touch_accommodations_init(s), "gk_touch_accommodations_init");
    const d = m._dv(), o = L.gk_touch_accommodations;
    if (a.holdDuration !== undefined) d.setFloat64(s + o.hold_duration, a.holdDuration, true);
    if (a.ignoreRepeat !== undefined) d.setFloat64(s + o.ignore_repeat, a.ignoreRepeat, true);
    if (a.ignoreRepeatDistance !== undefined) d.setFloat64(s + o.ignore_repeat_distance, a.ignoreRepeatDistance, true);
    if (a.tapAssistance !== undefined) d.setUint32(s + o.tap_assistance, a.tapAssistance, true);
    if (a.tapAssistanceDelay !== undefined) d.setFloat64(s + o.tap_assistance_delay, a.tapAssistanceDelay, true);
    if (a.swipeDistance !== undefined) d.setFloat64(s + o.swipe_distance, a.swipeDistance, true);
    this._call("gk_engine_set_touch_accommodations", s);
  }

  /** Stretches every time limit of the recognizers that scale their timing (gk_engine_set_timing_scale). */
  setTimingScale(scale) { this._call("gk_engine_set_timing_scale", scale); }

  // ---- The screen reader (docs/ACCESSIBILITY.md) ----

  /** Explore-by-touch: while on, touches move the screen reader's focus instead of reaching views. */
  get screenReader() { return this._screenReader === true; }
  set screenReader(on) {
    this._call("gk_engine_set_screen_reader", on ? 1 : 0);
    this._screenReader = !!on;
  }

  /** The focused element (a View), or null. Assign a View to move the focus there (a new screen,
   *  a field in error): a "focus" event follows; null drops it. */
  get accessibilityFocus() {
    const s = this.module._scratch;
    this._call("gk_engine_get_accessibility_focus", s);
    const h = this.module._dv().getBigUint64(s, true);
    return h === 0n ? null : this._views.get(h) ?? null;
  }
  set accessibilityFocus(view) {
    if (view !== null && !(view instanceof View)) throw new TypeError("accessibilityFocus takes a View or null");
    this._call("gk_engine_set_accessibility_focus", view ? view.handle : 0n);
  }

  /** Moves the focus in reading order: "next", "previous", "first" or "last" (keys, switches,
   *  reading on after a "read-all" event). */
  moveAccessibilityFocus(to) {
    const i = FOCUS_MOVES.indexOf(to);
    if (i < 0) throw new RangeError(`moveAccessibilityFocus: "${to}" is not one of ${FOCUS_MOVES.join(", ")}`);
    this._call("gk_engine_move_accessibility_focus", i);
  }

  /** Queues an announcement ("Card declined") among the screen reader's events; it comes back as
   *  an "announcement" event with this `message`. `priority`: "polite" (waits, never cut by a
   *  focus change) or "urgent" (cuts anything but another urgent one). */
  announce(message, { priority = "polite" } = {}) {
    if (typeof message !== "string") throw new TypeError("announce: the message is a string");
    const p = PRIORITIES.indexOf(priority);
    if (p < 0) throw new RangeError(`announce: priority "${priority}" is not "polite" or "urgent"`);
    this._announcements ??= new Map();
    this._announcementKey = (this._announcementKey ?? 0) + 1;
    this._call("gk_engine_announce", BigInt(this._announcementKey), p);
    this._announcements.set(this._announcementKey, message);
  }

  /** Takes every queued screen-reader event, oldest first: { sequence, timestamp, kind (a name of
   *  ACCESSIBILITY_EVENTS), view (a View or null), label, direction, droppedBefore, message,
   *  priority }. */
  accessibilityEvents() {
    const o = L.gk_accessibility_event;
    return this._drain("gk_engine_poll_accessibility_event", o.size, (p) => {
      const d = this.module._dv(), kind = ACCESSIBILITY_EVENTS[d.getUint32(p + o.kind, true)] ?? "unknown";
      const handle = d.getBigUint64(p + o.view, true), view = handle === 0n ? null : this._views.get(handle) ?? null;
      const e = { sequence: Number(d.getBigUint64(p + o.sequence, true)), timestamp: d.getFloat64(p + o.timestamp, true),
        kind, view, label: "", direction: d.getUint32(p + o.direction, true),
        droppedBefore: Number(d.getBigUint64(p + o.dropped_before, true)), message: "", priority: "" };
      if (kind === "announcement") {
        const key = Number(d.getBigUint64(p + o.message, true));
        e.message = this._announcements?.get(key) ?? "";
        this._announcements?.delete(key);
        e.priority = PRIORITIES[d.getUint32(p + o.priority, true)] ?? "polite";
      }
      if (view) { try { e.label = view.accessibilityLabel; } catch { /* destroyed since */ } }
      return e;
    });
  }

  /** Whether a host saying event `speaking` cuts it to say `next` now (gk_accessibility_event_interrupts). */
  interrupts(speaking, next) {
    const m = this.module, s = m._scratch, d = m._dv(), o = L.gk_accessibility_event, size = o.size;
    [speaking, next].forEach((e, k) => {
      new Uint8Array(m._memory.buffer, s + k * size, size).fill(0);
      d.setUint32(s + k * size + o.kind, Math.max(0, ACCESSIBILITY_EVENTS.indexOf(e.kind)), true);
      d.setUint32(s + k * size + o.priority, Math.max(0, PRIORITIES.indexOf(e.priority)), true);
    });
    m._check(m.exports.gk_accessibility_event_interrupts(s, s + size, size, s + 2 * size), "gk_accessibility_event_interrupts");
    return m._dv().getUint8(s + 2 * size) !== 0;
  }

  /** Counters and queue levels (gk_engine_stats), as numbers. */
  stats() {
    const s = this.module._scratch;
    this._call("gk_engine_get_stats", s, L.gk_engine_stats.size);
    const d = this.module._dv();
    const names = ["pendingActions", "pendingDeliveries", "droppedActions", "droppedDeliveries", "touchesDown", "views",
      "recognizers", "pendingTransitions", "droppedTransitions", "pendingDecisions", "droppedDecisions",
      "pendingAccessibilityEvents", "droppedAccessibilityEvents"];
    return Object.fromEntries(names.map((n, i) => [n, Number(d.getBigUint64(s + 8 * i, true))]));
  }

  /**
   * Feeds `element`'s Pointer Events to the engine, and runs its timers. Touch, pen and mouse
   * (with a button down) become touches of types DIRECT, STYLUS and INDIRECT_POINTER, at the
   * event's position in the viewport (clientX, clientY: CSS pixels from the viewport's top left,
   * the frame getBoundingClientRect() gives views), and at event.timeStamp / 1000 s. So views laid
   * out from elements' rectangles meet the touches whatever element is attached, with no layout
   * read per event.
   * Each pointer is captured while it is down; `pointercancel` cancels it. The element's
   * `touch-action` is set to "none" so that the browser does not pan or zoom instead. After each
   * frame and timer, queued actions go to `onAction`, deliveries to `onDelivery` and, when it is
   * given, the screen reader's events to `onAccessibility` (all optional; targets are called either
   * way). Returns a function that detaches. While attached,
   * `attachStats` counts the events handled and the milliseconds spent on them.
   */
  attach(element, options = {}) { return attachPointerEvents(this, element, options); }
}

/** A view (gk_view): a rectangle in the tree that touches are hit-tested against. */
export class View {
  constructor(engine, handle) {
    this.engine = engine;
    this.handle = handle;
  }

  /** A subview with `frame` [x, y, width, height] in this view's coordinates. */
  addView(frame, { multipleTouch = false } = {}) {
    const m = this.engine.module, s = m._scratch, d = m._dv();
    frame.forEach((v, i) => d.setFloat64(s + 8 * i, v, true));
    this.engine._call("gk_view_create", this.handle, s, s + 32);
    const v = new View(this.engine, m._dv().getBigUint64(s + 32, true));
    this.engine._views.set(v.handle, v);
    v._parent = this;
    (this._children ??= new Set()).add(v);
    if (multipleTouch) v.multipleTouchEnabled = true;
    return v;
  }

  /** Destroys the view and its subviews (their recognizers stay, detached). */
  destroy() {
    this.engine._call("gk_view_destroy", this.handle);
    const gone = [this];
    for (let i = 0; i < gone.length; i++) {   // the subviews went with it: forget their callbacks too
      const v = gone[i];
      if (v._children) gone.push(...v._children);
      v._forget();
      this.engine._views.delete(v.handle);
    }
    this._parent?._children?.delete(this);
  }

  /** Drops the view's callbacks from the module (its engine or the view is gone). */
  _forget() {
    const m = this.engine.module;
    if (this._shouldBegin) m._callbacks.delete(this._shouldBegin);
    if (this._onTouches) m._callbacks.delete(this._onTouches);
    this._shouldBegin = this._onTouches = 0;
  }

  get frame() {
    const m = this.engine.module, s = m._scratch;
    this.engine._call("gk_view_get_frame", this.handle, s);
    const d = m._dv();
    return [0, 1, 2, 3].map((i) => d.getFloat64(s + 8 * i, true));
  }
  set frame(frame) {
    const m = this.engine.module, s = m._scratch, d = m._dv();
    frame.forEach((v, i) => d.setFloat64(s + 8 * i, v, true));
    this.engine._call("gk_view_set_frame", this.handle, s);
  }

  /** The affine transform about the view's centre (gk_view_set_transform). */
  setTransform(a, b, c, d, tx = 0, ty = 0) {
    const m = this.engine.module, s = m._scratch, dv = m._dv();
    [a, b, c, d, tx, ty].forEach((v, i) => dv.setFloat64(s + 8 * i, v, true));
    this.engine._call("gk_view_set_transform", this.handle, s);
  }
  /** A uniform scale about the view's centre. */
  setScale(scale) { this.setTransform(scale, 0, 0, scale); }

  _flag(flag) {
    const s = this.engine.module._scratch;
    this.engine._call("gk_view_get_flag", this.handle, flag, s);
    return this.engine.module._dv().getUint8(s) !== 0;
  }
  _setFlag(flag, on) { this.engine._call("gk_view_set_flag", this.handle, flag, on ? 1 : 0); }
  /** Accessibility data for the screen reader: the label it says (UTF-8, at most 255 bytes),
   *  whether the focus lands on this view, and its place in reading order. */
  setAccessibility(label, { element = true, order = 0 } = {}) {
    if (typeof label !== "string") throw new TypeError("setAccessibility: the label is a string");
    const m = this.engine.module, s = m._scratch, bytes = new TextEncoder().encode(label);
    if (bytes.length > 255) throw new RangeError("setAccessibility: the label is longer than 255 bytes");
    new Uint8Array(m._memory.buffer, s, bytes.length).set(bytes);
    this.engine._call("gk_view_set_accessibility", this.handle, s, bytes.length, element ? 1 : 0, order);
  }
  get accessibilityLabel() {
    const m = this.engine.module, s = m._scratch;
    this.engine._call("gk_view_get_accessibility_label", this.handle, s, 256, 0);
    return m._string(s);
  }
  _traits() {
    const s = this.engine.module._scratch;
    this.engine._call("gk_view_get_accessibility_traits", this.handle, s);
    return this.engine.module._dv().getUint32(s, true);
  }
  _setTrait(bit, on) {
    const t = this._traits() & ~AccessibilityTrait.NOT_ENABLED;
    this.engine._call("gk_view_set_accessibility_traits", this.handle, on ? t | bit : t & ~bit);
  }
  get adjustable() { return (this._traits() & AccessibilityTrait.ADJUSTABLE) !== 0; }
  set adjustable(on) { this._setTrait(AccessibilityTrait.ADJUSTABLE, on); }
  get modal() { return (this._traits() & AccessibilityTrait.MODAL) !== 0; }
  set modal(on) { this._setTrait(AccessibilityTrait.MODAL, on); }
  get group() { return (this._traits() & AccessibilityTrait.GROUP) !== 0; }
  set group(on) { this._setTrait(AccessibilityTrait.GROUP, on); }
  /** Read as dimmed: user interaction is off on the view or an ancestor. */
  get dimmed() { return (this._traits() & AccessibilityTrait.NOT_ENABLED) !== 0; }

  get hidden() { return this._flag(ViewFlag.HIDDEN); }
  set hidden(on) { this._setFlag(ViewFlag.HIDDEN, on); }
  get userInteractionEnabled() { return this._flag(ViewFlag.USER_INTERACTION_ENABLED); }
  set userInteractionEnabled(on) { this._setFlag(ViewFlag.USER_INTERACTION_ENABLED, on); }
  get multipleTouchEnabled() { return this._flag(ViewFlag.MULTIPLE_TOUCH_ENABLED); }
  set multipleTouchEnabled(on) { this._setFlag(ViewFlag.MULTIPLE_TOUCH_ENABLED, on); }
  get exclusiveTouch() { return this._flag(ViewFlag.EXCLUSIVE_TOUCH); }
  set exclusiveTouch(on) { this._setFlag(ViewFlag.EXCLUSIVE_TOUCH, on); }

  /**
   * gestureRecognizerShouldBegin for this view: `fn(view, recognizer)` returns false to fail a
   * recognizer that tries to begin on this view's touches (a button keeping its taps). null removes it.
   */
  setShouldBegin(fn) {
    const m = this.engine.module;
    if (this._shouldBegin) m._callbacks.delete(this._shouldBegin);
    this._shouldBegin = 0;
    if (!fn) { this.engine._call("gk_view_set_should_begin", this.handle, 0, 0); return; }
    this._shouldBegin = m._register((v, r) => fn(this.engine.view(v), this.engine.recognizerFor(r)));
    this.engine._call("gk_view_set_should_begin", this.handle, m._fn.viewShouldBegin, this._shouldBegin);
  }

  /** `fn(delivery)` is called with each of the view's touch deliveries as they happen (null: none). */
  onTouches(fn) {
    const m = this.engine.module;
    if (this._onTouches) m._callbacks.delete(this._onTouches);
    this._onTouches = 0;
    if (!fn) { this.engine._call("gk_view_set_touch_callback", this.handle, 0, 0); return; }
    this._onTouches = m._register(fn);
    this.engine._call("gk_view_set_touch_callback", this.handle, m._fn.delivery, this._onTouches);
  }
}

/** A recognizer (gk_recognizer). Its properties are JS properties (see PROPERTIES). */
export class Recognizer {
  constructor(engine, handle, kind) {
    this.engine = engine;
    this.handle = handle;
    this.kind = kind;
    this._targets = new Map();   // token -> callback id
    this._delegate = [];         // the delegate's callback id
    this._hooks = 0;             // a custom recognizer's hooks' callback id
    // A misspelt property would otherwise become a plain field and change nothing: the standard
    // kinds refuse unknown names (a custom recognizer may keep the application's own fields).
    return kind === Kind.CUSTOM ? this : new Proxy(this, GUARD);
  }

  _forget() {
    const m = this.engine.module;
    for (const id of this._targets.values()) m._callbacks.delete(id);
    for (const id of this._delegate) m._callbacks.delete(id);
    if (this._hooks) m._callbacks.delete(this._hooks);
    this._targets.clear();
  }

  /** Frees the recognizer (gk_recognizer_destroy). */
  destroy() {
    this.engine._call("gk_recognizer_destroy", this.handle);
    this._forget();
    this.engine._recognizers.delete(this.handle);
  }

  attach(view) { this.engine._call("gk_recognizer_attach", this.handle, view.handle); }
  detach() { this.engine._call("gk_recognizer_detach", this.handle); }

  /** This recognizer waits for `other` to fail (requireGestureRecognizerToFail). */
  requireToFail(other) { this.engine._call("gk_recognizer_require_failure_of", this.handle, other.handle); }

  /** The state (a State). */
  get state() {
    const s = this.engine.module._scratch;
    this.engine._call("gk_recognizer_get_state", this.handle, s);
    return this.engine.module._dv().getUint32(s, true);
  }

  /** A custom recognizer's state request (coerced by rule 14; gk_recognizer_set_state). */
  set state(value) { this.engine._call("gk_recognizer_set_state", this.handle, value); }
  /** A custom recognizer stops tracking touch `touchId` (ignore(_:for:)). */
  ignore(touchId) { this.engine._call("gk_recognizer_ignore_touch", this.handle, BigInt(touchId)); }
  /** A custom recognizer's deadlineReached hook runs at engine time `time` (Infinity: none); a stroke
   *  recognizer's shape is decided then (the page says it is done), or kept open (Infinity). */
  setDeadline(time) { this.engine._call("gk_recognizer_set_deadline", this.handle, time); }

  /** Calls `fn(action)` with each of its actions; returns a token for removeTarget(). */
  addTarget(fn) {
    const m = this.engine.module;
    const id = m._register(fn);
    this.engine._call("gk_recognizer_add_target", this.handle, m._fn.action, id);
    this._targets.set(id, id);
    return id;
  }
  /** Removes the target of `token` (null: every target). */
  removeTarget(token = null) {
    const m = this.engine.module;
    const ids = token === null ? [...this._targets.keys()] : [token];
    for (const id of ids) {
      if (!this._targets.has(id)) continue;
      this.engine._call("gk_recognizer_remove_target", this.handle, m._fn.action, id);
      this._targets.delete(id);
      m._callbacks.delete(id);
    }
  }

  /**
   * The delegate's answers, each optional: shouldBegin(recognizer), shouldReceive(recognizer,
   * touchId, x, y), shouldRecognizeSimultaneously(recognizer, other), shouldRequireFailureOf(
   * recognizer, other), shouldBeRequiredToFailBy(recognizer, other). null removes the delegate.
   */
  setDelegate(answers) {
    const m = this.engine.module, e = this.engine, s = m._scratch, d = m._dv();
    for (const id of this._delegate) m._callbacks.delete(id);
    this._delegate = [];
    if (!answers) { e._call("gk_recognizer_set_delegate", this.handle, 0); return; }
    const rec = (h) => e.recognizerFor(h);
    const pairs = [answers.shouldRecognizeSimultaneously, answers.shouldRequireFailureOf, answers.shouldBeRequiredToFailBy];
    // The five questions share one user_data: each is registered under its trampoline's name.
    const table = {};
    if (answers.shouldBegin) table.shouldBegin = (r) => answers.shouldBegin(rec(r));
    if (answers.shouldReceive) table.shouldReceive = (r, touch, x, y) => answers.shouldReceive(rec(r), touch, x, y);
    PAIR_HOOKS.slice(0, 3).forEach((name, i) => {
      if (pairs[i]) table[name] = (r, other) => pairs[i](rec(r), rec(other));
    });
    const id = m._register(table);
    this._delegate.push(id);
    const o = L.gk_delegate;
    d.setUint32(s, o.size, true);
    d.setUint32(s + o.user_data, id, true);
    d.setUint32(s + o.should_begin, answers.shouldBegin ? m._fn.shouldBegin : 0, true);
    d.setUint32(s + o.should_receive_touch, answers.shouldReceive ? m._fn.shouldReceive : 0, true);
    d.setUint32(s + o.should_recognize_simultaneously, pairs[0] ? m._fn.simultaneous : 0, true);
    d.setUint32(s + o.should_require_failure_of, pairs[1] ? m._fn.requireFailure : 0, true);
    d.setUint32(s + o.should_be_required_to_fail_by, pairs[2] ? m._fn.requiredBy : 0, true);
    e._call("gk_recognizer_set_delegate", this.handle, s);
  }

  _point(call, view) {
    const s = this.engine.module._scratch;
    this.engine._call(call, this.handle, view ? view.handle : 0n, s);
    const d = this.engine.module._dv();
    return { x: d.getFloat64(s, true), y: d.getFloat64(s + 8, true) };
  }
  /** location(in:): in `view`'s coordinates, or the window's (null). */
  location(view = null) { return this._point("gk_recognizer_location", view); }
  /** Pan: translation(in:). */
  translation(view = null) { return this._point("gk_pan_translation", view); }
  /** Pan: velocity(in:), points per second (`velocity` is the pinch's and rotation's property). */
  velocityIn(view = null) { return this._point("gk_pan_velocity", view); }
  /** Pan: setTranslation(_:in:). */
  setTranslation({ x, y }, view = null) {
    const s = this.engine.module._scratch, d = this.engine.module._dv();
    d.setFloat64(s, x, true);
    d.setFloat64(s + 8, y, true);
    this.engine._call("gk_pan_set_translation", this.handle, s, view ? view.handle : 0n);
  }
  /** numberOfTouches. */
  get numberOfTouches() {
    const s = this.engine.module._scratch;
    this.engine._call("gk_recognizer_number_of_touches", this.handle, s);
    return this.engine.module._dv().getUint32(s, true);
  }
  /** location(ofTouch:in:). */
  locationOfTouch(index, view = null) {
    const s = this.engine.module._scratch;
    this.engine._call("gk_recognizer_location_of_touch", this.handle, index, view ? view.handle : 0n, s);
    const d = this.engine.module._dv();
    return { x: d.getFloat64(s, true), y: d.getFloat64(s + 8, true) };
  }
}

// Each property of PROPERTIES as a JS property of Recognizer. Some names belong to several kinds
// with their own ids (allowableMovement is the tap's and the long press's): the recognizer's kind
// picks the id. A name its kind does not have is passed to the C call with the name's first id,
// so it fails as the C call does (GestureKitError, WRONG_KIND).
const CALLS = { b: ["gk_recognizer_get_bool", "gk_recognizer_set_bool"], i: ["gk_recognizer_get_int", "gk_recognizer_set_int"],
  d: ["gk_recognizer_get_double", "gk_recognizer_set_double"] };
const BY_NAME = new Map();
for (const [name, id, group, type] of PROPERTIES) {
  if (!BY_NAME.has(name)) BY_NAME.set(name, []);
  BY_NAME.get(name).push({ id, group, type });
}
function propertyOf(kind, name) {
  const groups = GROUPS[KIND_NAMES[kind]] ?? [];
  const all = BY_NAME.get(name);
  return all.find((p) => groups.includes(p.group)) ?? all[0];
}
for (const name of BY_NAME.keys()) {
  Object.defineProperty(Recognizer.prototype, name, {
    get() {
      const { id, type } = propertyOf(this.kind, name);
      const s = this.engine.module._scratch;
      this.engine._call(CALLS[type][0], this.handle, id, s);
      const d = this.engine.module._dv();
      return type === "b" ? d.getUint8(s) !== 0 : type === "i" ? Number(d.getBigInt64(s, true)) : d.getFloat64(s, true);
    },
    set(value) {
      const { id, type } = propertyOf(this.kind, name);
      this.engine._call(CALLS[type][1], this.handle, id, type === "b" ? (value ? 1 : 0) : type === "i" ? BigInt(value) : value);
    },
  });
}

installSettings(Engine);
installStrokes(Engine, Recognizer, Kind);

// Refuses to set a name a recognizer does not have (see the Recognizer constructor).
const GUARD = {
  set(target, key, value, receiver) {
    if (typeof key === "string" && !key.startsWith("_") && !(key in target)) throw new TypeError(unknownProperty(target.kind, key));
    return Reflect.set(target, key, value, receiver);
  },
};

/** What to say about `name`, which a recognizer of `kind` does not have: the closest name and the list. */
function unknownProperty(kind, name) { return unknownName(KIND_NAMES[kind], "property", name, propertyNames(kind)); }

const STATE_NAMES = ["possible", "began", "changed", "ended", "cancelled", "failed"];
const PHASE_NAMES = ["began", "moved", "stationary", "ended", "cancelled"];
/** A State's name, as gk_state_string() gives it ("ended"); "unknown" for another value. */
export function stateName(state) { return STATE_NAMES[state] ?? "unknown"; }
/** A Phase's name, as gk_touch_phase_string() gives it ("moved"); "unknown" for another value. */
export function phaseName(phase) { return PHASE_NAMES[phase] ?? "unknown"; }

/** The property names a recognizer of `kind` has. */
export function propertyNames(kind) {
  const groups = GROUPS[KIND_NAMES[kind]] ?? [];
  return PROPERTIES.filter(([, , g]) => groups.includes(g)).map(([n]) => n);
}
export { PROPERTIES };
