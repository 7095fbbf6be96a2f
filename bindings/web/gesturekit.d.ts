// TypeScript declarations for gesturekit.js (the WebAssembly build of GestureKit's engine).
// gesturekit.h is the reference for what each call does; docs/WEB.md says how the module differs.
// Handles (views, recognizers) are bigint, as the C API's 64-bit handles; times are seconds.

/** Recognizer kinds (gk_recognizer_kind). */
export declare const Kind: Readonly<{
  TAP: 0; LONG_PRESS: 1; PAN: 2; SCREEN_EDGE_PAN: 3; SWIPE: 4; PINCH: 5; ROTATION: 6; HOVER: 7; CUSTOM: 8;
  STROKE: 9; ONE_FINGER_ZOOM: 10;
}>;
export type Kind = (typeof Kind)[keyof typeof Kind];
/** Recognizer states (gk_state); RECOGNIZED equals ENDED. */
export declare const State: Readonly<{
  POSSIBLE: 0; BEGAN: 1; CHANGED: 2; ENDED: 3; RECOGNIZED: 3; CANCELLED: 4; FAILED: 5;
}>;
export type State = (typeof State)[keyof typeof State];
/** Touch phases (gk_touch_phase). */
export declare const Phase: Readonly<{ BEGAN: 0; MOVED: 1; STATIONARY: 2; ENDED: 3; CANCELLED: 4 }>;
export type Phase = (typeof Phase)[keyof typeof Phase];
/** Touch types (gk_touch_type). */
export declare const TouchType: Readonly<{ DIRECT: 0; STYLUS: 1; INDIRECT_POINTER: 2; PRESS: 3 }>;
export type TouchType = (typeof TouchType)[keyof typeof TouchType];
/** View flags (gk_view_flag). */
export declare const ViewFlag: Readonly<{
  HIDDEN: 0; USER_INTERACTION_ENABLED: 1; MULTIPLE_TOUCH_ENABLED: 2; EXCLUSIVE_TOUCH: 3; INLINE_TARGET: 4;
  ESSENTIAL: 5;
}>;
/** Accessibility traits (gk_accessibility_trait bits); NOT_ENABLED is read only. */
export declare const AccessibilityTrait: Readonly<{ ADJUSTABLE: 1; NOT_ENABLED: 2; MODAL: 4; GROUP: 8 }>;
/** What a screen-reader event says (gk_accessibility_event_kind), by value. */
export type AccessibilityEventKind =
  | "focus" | "activate" | "escape" | "scroll" | "pause" | "pass-through" | "boundary" | "scroll-into-view"
  | "increment" | "decrement" | "magic-tap" | "read-all" | "position" | "announcement" | "activate-twice";
export declare const ACCESSIBILITY_EVENTS: readonly AccessibilityEventKind[];
/** Hover phases (gk_hover_phase). */
export declare const HoverPhase: Readonly<{ ENTER: 0; MOVE: 1; EXIT: 2 }>;
/** Where tap assistance puts the tap (gk_tap_assistance). */
export declare const TapAssistance: Readonly<{ OFF: 0; INITIAL_LOCATION: 1; FINAL_LOCATION: 2 }>;
/** Status codes (gk_status). */
export declare const Status: Readonly<{
  OK: 0; EMPTY: 1; NULL_POINTER: 2; INVALID_ARGUMENT: 3; STALE_HANDLE: 4; WRONG_KIND: 5; UNKNOWN_PROPERTY: 6;
  CAPACITY: 7; TIME_BACKWARDS: 8; UNKNOWN_TOUCH: 9; TOUCH_ALREADY_DOWN: 10; BUSY: 11; NOT_ATTACHED: 12;
  ALREADY_ATTACHED: 13; OUT_OF_RANGE: 14; UNSUPPORTED: 15; STRUCT_SIZE: 16; READ_ONLY: 17;
}>;

/** Every gk_property: [JS name, id, group, type ("b" boolean, "i" integer, "d" double)]. */
export declare const PROPERTIES: ReadonlyArray<readonly [string, number, string, "b" | "i" | "d"]>;
/** The property names a recognizer of `kind` has. */
export declare function propertyNames(kind: Kind): string[];
/** A State's name, as gk_state_string() gives it ("ended"); "unknown" for another value. */
export declare function stateName(state: number): string;
/** A Phase's name, as gk_touch_phase_string() gives it ("moved"); "unknown" for another value. */
export declare function phaseName(phase: number): string;

/** A call the engine refused. */
export declare class GestureKitError extends Error {
  readonly status: number;
  constructor(status: number, message: string, call: string);
}

export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }
/** A view's frame, [x, y, width, height] in its parent's coordinates. */
export type Frame = [number, number, number, number];

/** One touch of a frame given to Engine.feed(): window points. */
export interface TouchInput {
  id: number;
  phase: Phase;
  x?: number;
  y?: number;
  type?: TouchType;
  force?: number;
  majorRadius?: number;
  buttons?: number;
  modifiers?: number;
}

/** A recognizer's action (gk_action), given to targets and by Engine.actions(). */
export interface Action {
  sequence: number;
  timestamp: number;
  recognizer: bigint;
  view: bigint;
  kind: Kind;
  state: State;
  location: Point;
  numberOfTouches: number;
  swipeDirection: number;
  translation: Point;
  velocity: Point;
  scale: number;
  rotation: number;
  scalarVelocity: number;
  buttonMask: number;
  modifierFlags: number;
  strokeTemplate: number;
  strokeScore: number;
  strokeBounds: Rect;
}

/** A touch delivered to a view (gk_delivery). */
export interface Delivery {
  sequence: number;
  timestamp: number;
  view: bigint;
  touchId: number;
  phase: Phase;
  touchType: TouchType;
  location: Point;
  windowLocation: Point;
  touchTimestamp: number;
  force: number;
  majorRadius: number;
  buttons: number;
  modifiers: number;
  pressType: number;
}

/** A touch a custom recognizer tracks (gk_touch_info). */
export interface TouchInfo {
  id: number;
  phase: Phase;
  type: TouchType;
  location: Point;
  previousLocation: Point;
  startLocation: Point;
  timestamp: number;
  startTimestamp: number;
  view: bigint;
  force: number;
  majorRadius: number;
  buttons: number;
  modifiers: number;
}

export interface Transition { sequence: number; timestamp: number; recognizer: bigint; from: State; to: State }

export interface Decision {
  sequence: number;
  timestamp: number;
  recognizer: bigint;
  other: bigint;
  view: bigint;
  touchId: number;
  event: number;
  cause: number;
  from: number;
  to: number;
  /** The event's English name (gk_decision_event_string). */
  text: string;
}

/** A screen-reader event (gk_accessibility_event). */
export interface AccessibilityEvent {
  sequence: number;
  timestamp: number;
  kind: AccessibilityEventKind | "unknown";
  view: View | null;
  /** The view's label when the event was taken ("" without a view). */
  label: string;
  direction: number;
  droppedBefore: number;
  /** "announcement": the text given to Engine.announce(). */
  message: string;
  /** "announcement": its priority; "" otherwise. */
  priority: "polite" | "urgent" | "";
}

export interface Stats {
  pendingActions: number;
  pendingDeliveries: number;
  droppedActions: number;
  droppedDeliveries: number;
  touchesDown: number;
  views: number;
  recognizers: number;
  pendingTransitions: number;
  droppedTransitions: number;
  pendingDecisions: number;
  droppedDecisions: number;
  pendingAccessibilityEvents: number;
  droppedAccessibilityEvents: number;
}

export interface EngineOptions {
  width?: number;
  height?: number;
  pointsPerMm?: number;
  maxTouches?: number;
  actionQueueCapacity?: number;
  deliveryQueueCapacity?: number;
  logTransitions?: boolean;
}

export interface TouchAccommodations {
  holdDuration?: number;
  ignoreRepeat?: number;
  ignoreRepeatDistance?: number;
  tapAssistance?: (typeof TapAssistance)[keyof typeof TapAssistance];
  tapAssistanceDelay?: number;
  swipeDistance?: number;
}

export interface AttachOptions {
  onAction?: (action: Action) => void;
  onDelivery?: (delivery: Delivery) => void;
  /** The screen reader's events, drained after each event and timer (left queued when not given). */
  onAccessibility?: (event: AccessibilityEvent) => void;
  onError?: (error: unknown) => void;
}

/** A touch panel's character (gk_panel_profile); 0 is "not known". */
export interface PanelProfile {
  widthMm?: number; heightMm?: number; sampleRateHz?: number; noise?: number; maxContactRadius?: number;
  reportsPressure?: boolean; reportsSize?: boolean;
  edgeTop?: number; edgeLeft?: number; edgeBottom?: number; edgeRight?: number;
}

/** The input filters (gk_input_filters), each off by default. */
export interface InputFilters {
  noiseThresholds?: boolean; ghosts?: boolean; palms?: boolean; chatter?: boolean; edges?: boolean;
  jitter?: "off" | "oneEuro" | "hysteresis";
  oneEuroMinCutoff?: number; oneEuroBeta?: number; ghostMinDuration?: number; ghostMaxSpeed?: number;
  stuckTimeout?: number; chatterInterval?: number; chatterDistance?: number;
}

/** One finding of Engine.audit(). */
export interface AuditFinding {
  view: View | null;
  /** null for the screen reader's own commands and for empty labels. */
  recognizer: Recognizer | null;
  rule: "multipoint" | "path-based" | "target-size" | "dragging" | "pointer-cancellation" | "screen-reader-command"
    | "not-an-element" | "empty-label" | "unknown";
  /** "WCAG 2.5.1", "EN 301 549 5.9", ... */
  criterion: string;
  suggestion: string;
}

/** A point of a stroke: { x, y } or [x, y]. */
export type StrokePoint = Point | readonly [number, number];

/** The element attach() reads Pointer Events from (an HTMLElement in a page). */
export interface PointerEventSource {
  addEventListener(type: string, listener: (event: any) => void, options?: unknown): void;
  removeEventListener(type: string, listener: (event: any) => void, options?: unknown): void;
  getBoundingClientRect(): { left: number; top: number };
  setPointerCapture?(pointerId: number): void;
  style: { touchAction: string };
}

/** The hooks of a custom recognizer; each is optional and gets the recognizer first. */
export interface CustomHooks {
  touchesBegan?(r: Recognizer, touches: TouchInfo[], time: number): void;
  touchesMoved?(r: Recognizer, touches: TouchInfo[], time: number): void;
  touchesEnded?(r: Recognizer, touches: TouchInfo[], time: number): void;
  touchesCancelled?(r: Recognizer, touches: TouchInfo[], time: number): void;
  deadlineReached?(r: Recognizer, time: number): void;
  reset?(r: Recognizer): void;
  canPrevent?(r: Recognizer, other: Recognizer | null): boolean;
  canBePrevented?(r: Recognizer, other: Recognizer | null): boolean;
  shouldRequireFailureOf?(r: Recognizer, other: Recognizer | null): boolean;
  shouldBeRequiredToFailBy?(r: Recognizer, other: Recognizer | null): boolean;
}

export interface Delegate {
  shouldBegin?(r: Recognizer | null): boolean;
  shouldReceive?(r: Recognizer | null, touchId: number, x: number, y: number): boolean;
  shouldRecognizeSimultaneously?(r: Recognizer | null, other: Recognizer | null): boolean;
  shouldRequireFailureOf?(r: Recognizer | null, other: Recognizer | null): boolean;
  shouldBeRequiredToFailBy?(r: Recognizer | null, other: Recognizer | null): boolean;
}

/** Loads and instantiates gesturekit.wasm (default: beside this module). */
export declare function load(source?: string | URL | Response | ArrayBuffer | ArrayBufferView): Promise<Module>;

/** One instance of the WebAssembly module. */
export declare class Module {
  engine(options?: EngineOptions): Engine;
}

/** An engine: one screen's views, recognizers and touches. close() frees it and them. */
export declare class Engine {
  readonly module: Module;
  /** The root view (the window). */
  readonly root: View;
  /** While attached: the events handled and the milliseconds spent on them. */
  readonly attachStats?: { events: number; ms: number };
  close(): void;
  view(handle: bigint): View | null;
  recognizerFor(handle: bigint): Recognizer | null;

  recognizer(kind: Kind, view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  tap(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  longPress(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  pan(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  screenEdgePan(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  swipe(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  pinch(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  rotation(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  oneFingerZoom(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  hoverRecognizer(view?: View | null, properties?: Partial<RecognizerProperties>): Recognizer;
  custom(hooks?: CustomHooks, options?: { continuous?: boolean; view?: View | null; properties?: Partial<RecognizerProperties> }): Recognizer;

  feed(timestamp: number, touches?: TouchInput[]): void;
  hover(timestamp: number, phase: number, x?: number, y?: number, options?: { type?: TouchType; modifiers?: number }): void;
  advance(timestamp: number): void;
  cancelAllTouches(timestamp: number): void;
  /** When advance() is next due, or null. */
  nextDeadline(): number | null;
  readonly now: number;

  actions(): Action[];
  deliveries(): Delivery[];
  transitions(): Transition[];
  enableDecisionLog(capacity?: number): void;
  decisions(): Decision[];
  setTouchAccommodations(accommodations?: TouchAccommodations): void;
  setTimingScale(scale: number): void;
  stats(): Stats;

  /** Explore-by-touch (the screen reader). */
  screenReader: boolean;
  /** The focused element; assign a View to move the focus there (null drops it). */
  accessibilityFocus: View | null;
  moveAccessibilityFocus(to: "next" | "previous" | "first" | "last"): void;
  announce(message: string, options?: { priority?: "polite" | "urgent" }): void;
  accessibilityEvents(): AccessibilityEvent[];
  /** Whether a host saying `speaking` cuts it to say `next` now. */
  interrupts(speaking: Pick<AccessibilityEvent, "kind" | "priority">, next: Pick<AccessibilityEvent, "kind" | "priority">): boolean;

  setPanelProfile(profile?: PanelProfile): void;
  panelProfile(): Required<PanelProfile>;
  setInputFilters(filters?: InputFilters): void;
  inputFilters(): Required<InputFilters>;
  /** The accessibility audit. */
  audit(): AuditFinding[];
  /** A stroke recognizer (drawn shapes), with the built-in shapes unless builtinTemplates is false. */
  stroke(view?: View | null, properties?: Partial<RecognizerProperties>, options?: { builtinTemplates?: boolean }): Recognizer;

  /** Feeds the element's Pointer Events to the engine; returns a function that detaches. */
  attach(element: PointerEventSource, options?: AttachOptions): () => void;
}

/** A view: a rectangle in the tree that touches are hit-tested against. */
export declare class View {
  readonly engine: Engine;
  readonly handle: bigint;
  addView(frame: Frame, options?: { multipleTouch?: boolean }): View;
  destroy(): void;
  frame: Frame;
  setTransform(a: number, b: number, c: number, d: number, tx?: number, ty?: number): void;
  setScale(scale: number): void;
  hidden: boolean;
  userInteractionEnabled: boolean;
  multipleTouchEnabled: boolean;
  exclusiveTouch: boolean;
  setShouldBegin(fn: ((view: View | null, recognizer: Recognizer | null) => boolean) | null): void;
  onTouches(fn: ((delivery: Delivery) => void) | null): void;

  setAccessibility(label: string, options?: { element?: boolean; order?: number }): void;
  readonly accessibilityLabel: string;
  adjustable: boolean;
  modal: boolean;
  group: boolean;
  /** Read as dimmed: user interaction is off on the view or an ancestor. */
  readonly dimmed: boolean;
}

/**
 * The recognizer properties, as JS properties of a Recognizer. A kind has only its own (see
 * propertyNames); another kind's name fails with WRONG_KIND, and a name no kind has is refused.
 */
export interface RecognizerProperties {
  // BEGIN generated by scripts/web_types.mjs from PROPERTIES: do not edit
  /** common */
  enabled: boolean;
  /** common */
  cancelsTouchesInView: boolean;
  /** common */
  delaysTouchesBegan: boolean;
  /** common */
  delaysTouchesEnded: boolean;
  /** common */
  requiresExclusiveTouchType: boolean;
  /** common */
  allowedTouchTypes: number;
  /** common */
  buttonMask: number;
  /** common */
  modifierFlags: number;
  /** common */
  allowedPressTypes: number;
  /** common */
  scalesTiming: boolean;
  /** drift */
  driftAllowance: number;
  /** common */
  landingWindow: number;
  /** tap, longPress */
  numberOfTapsRequired: number;
  /** tap, longPress, swipe */
  numberOfTouchesRequired: number;
  /** tap, longPress */
  allowableMovement: number;
  /** tap, longPress, oneFingerZoom */
  maximumTapInterval: number;
  /** tap, longPress, oneFingerZoom */
  maximumTapDuration: number;
  /** tap */
  fingerWindow: number;
  /** tap */
  buttonMaskRequired: number;
  /** pan */
  minimumNumberOfTouches: number;
  /** pan */
  maximumNumberOfTouches: number;
  /** pan, pinch, oneFingerZoom */
  hysteresis: number;
  /** pan, pinch, rotation */
  velocityMode: number;
  /** pan */
  velocityWindow: number;
  /** pan */
  velocityPauseLimit: number;
  /** pan */
  velocityOnChange: boolean;
  /** longPress */
  minimumPressDuration: number;
  /** longPress */
  tapAllowableMovement: number;
  /** screenEdgePan */
  edges: number;
  /** screenEdgePan */
  edgeRegion: number;
  /** screenEdgePan */
  edgeHysteresis: number;
  /** swipe */
  direction: number;
  /** swipe */
  maximumDuration: number;
  /** swipe */
  minimumPrimaryMovement: number;
  /** swipe */
  maximumPrimaryMovement: number;
  /** swipe */
  minimumSecondaryMovement: number;
  /** swipe */
  maximumSecondaryMovement: number;
  /** swipe */
  minimumDecay: number;
  /** swipe */
  maximumDecay: number;
  /** swipe */
  minimumPrimarySpeed: number;
  /** swipe */
  maximumOppositeMovement: number;
  /** pinch, oneFingerZoom */
  scale: number;
  /** pinch, rotation, oneFingerZoom */
  velocity: number;
  /** pinch, rotation */
  pinchWeight: number;
  /** pinch, rotation */
  rotationWeight: number;
  /** pinch, rotation */
  translationWeight: number;
  /** rotation */
  rotation: number;
  /** rotation */
  angleThreshold: number;
  /** rotation */
  angleThresholdGrowth: number;
  /** stroke */
  threshold: number;
  /** stroke */
  minimumLength: number;
  /** stroke */
  rotationInvariant: boolean;
  /** stroke */
  matcher: number;
  /** stroke */
  strokePause: number;
  /** stroke */
  maximumStrokes: number;
  /** stroke */
  continuationPause: number;
  /** stroke */
  completePause: number;
  /** oneFingerZoom */
  pointsPerDoubling: number;
  // END generated
}

/** A recognizer. */
export declare class Recognizer {
  readonly engine: Engine;
  readonly handle: bigint;
  readonly kind: Kind;
  destroy(): void;
  attach(view: View): void;
  detach(): void;
  requireToFail(other: Recognizer): void;
  state: State;
  /** A custom recognizer: stop tracking a touch. */
  ignore(touchId: number): void;
  /** A custom recognizer: its deadlineReached hook runs at `time` (Infinity: none). A stroke
   * recognizer: the shape drawn so far is decided at `time` (the page says it is done), or kept open
   * (Infinity) until the next lift. */
  setDeadline(time: number): void;
  /** Calls `fn(action)` with each action; returns a token for removeTarget(). */
  addTarget(fn: (action: Action) => void): number;
  removeTarget(token?: number | null): void;
  setDelegate(answers: Delegate | null): void;
  location(view?: View | null): Point;
  translation(view?: View | null): Point;
  velocityIn(view?: View | null): Point;
  setTranslation(translation: Point, view?: View | null): void;
  readonly numberOfTouches: number;
  locationOfTouch(index: number, view?: View | null): Point;
  /** A stroke recognizer's templates. */
  addBuiltinTemplates(): void;
  addTemplate(name: string, points: readonly StrokePoint[], strokeIds?: readonly number[] | null): number;
  templateNames(): string[];
  match(points: readonly StrokePoint[], strokeIds?: readonly number[] | null): { index: number; name: string | null; score: number };
}
export interface Recognizer extends RecognizerProperties {}
