/*
 * gesturekit.h - UIKit's gesture recognizers as an embeddable engine for Linux touchscreens.
 *
 * Copyright 2026 The GestureKit developers. SPDX-License-Identifier: Apache-2.0
 *
 * OVERVIEW
 *
 *   An engine (gk_engine) holds one screen: a tree of views under a root view that covers the
 *   screen, the gesture recognizers attached to those views, and the touches that are down.
 *   The host (kiosk firmware) feeds input frames stamped with its own timestamps, advances time
 *   when no input arrives, and drains two queues: the actions recognizers sent (tap recognized,
 *   pan changed, ...) and the touch callbacks its own views receive (began, moved, ended,
 *   cancelled), exactly as UIKit would deliver them to UIView.touchesBegan & co.
 *
 *   The behaviour follows the GestureKit behaviour specification (UIKit's model); rule numbers
 *   in the comments below refer to it.
 *
 * DETERMINISM AND TIME
 *
 *   The library never reads a clock and never starts a thread. Timestamps are seconds as double,
 *   from any origin the host likes (CLOCK_MONOTONIC, the kernel's input event time, or 0 at
 *   start), and must never decrease. Timers (double-tap window, tap duration limit, ...) fire
 *   only inside gk_engine_feed() and gk_engine_advance(); gk_engine_next_deadline() says when the
 *   host must call gk_engine_advance() if no input arrives before. The same calls with the same
 *   arguments always give the same actions and deliveries in the same order.
 *
 * THREADS
 *
 *   An engine and everything made from it belong to one thread at a time: calls on one engine
 *   must not overlap. Separate engines are independent and may be used from different threads.
 *   The functions that take no engine (gk_version, gk_status_string, ...) may be called from
 *   any thread.
 *
 * HANDLES AND OWNERSHIP
 *
 *   gk_engine is opaque; the host owns it from gk_engine_create() to gk_engine_destroy().
 *   Views and recognizers are owned by their engine and named by 64-bit handles (gk_view,
 *   gk_recognizer). A handle carries a generation and an engine tag: a handle whose object was
 *   destroyed, or that belongs to another engine, is answered with GK_ERR_STALE_HANDLE, never
 *   with a crash. A handle never names a second object: a slot whose 24-bit generation is used
 *   up is retired rather than reused, and every live engine of the process holds a distinct tag
 *   (so at most 65,535 engines can be alive at once; gk_engine_create() then says GK_ERR_CAPACITY).
 *   The value 0 (GK_VIEW_NONE, GK_RECOGNIZER_NONE) is never a valid handle.
 *   Destroying the engine destroys every view and recognizer it made.
 *
 * ERRORS
 *
 *   Every function that can fail returns a gk_status; results come back through pointer
 *   arguments, which are written only on GK_OK. Every pointer argument is checked for NULL,
 *   every double for NaN and infinity where a finite value is needed, every enum and count for
 *   its range. A failed call changes nothing. gk_status_string() names a status. Sizes and
 *   capacities are unsigned all the way up: a buffer size or a struct size above what the library
 *   needs (SIZE_MAX included) is a large buffer, never an error, and a count above a documented
 *   maximum is GK_ERR_CAPACITY whatever its value.
 *
 * CALLBACKS AND RE-ENTRANCY
 *
 *   Every callback (action targets, delegate questions, view vetoes, custom recognizer hooks)
 *   runs synchronously inside gk_engine_feed(), gk_engine_feed_hover(), gk_engine_advance(),
 *   gk_engine_cancel_all_touches() or a call that runs an update pass of its own (detaching a
 *   recognizer, disabling it, gk_recognizer_set_state() from outside a callback). Inside any
 *   callback the host may call every getter, gk_pan_set_translation(), the property setters, the
 *   target functions and gk_recognizer_set_deadline(). Calls that would start another update pass
 *   or change the tree (feed, advance, create or destroy an engine, view or recognizer, attach,
 *   detach, set a delegate or a view veto) return GK_ERR_BUSY there and change nothing.
 *   gk_recognizer_set_state() and gk_recognizer_ignore_touch() are accepted in action targets and
 *   in a custom recognizer's touch and deadline hooks; inside delegate questions, view vetoes and
 *   the prevention, requirement and reset hooks (while the engine arbitrates or resets) they
 *   return GK_ERR_BUSY. A state set from an action target takes effect in an update pass that
 *   runs right after the current one, at the same time.
 *
 * COORDINATES AND UNITS
 *
 *   Positions are points (pt), double precision. Window (screen) coordinates have their origin at
 *   the top-left corner with y pointing down. Where a function takes a gk_view to express a
 *   result in, GK_VIEW_NONE means window coordinates. Times are seconds, velocities points per
 *   second.
 */
#ifndef GESTUREKIT_H
#define GESTUREKIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef GK_API
#  if defined(__GNUC__) || defined(__clang__)
#    define GK_API __attribute__((visibility("default")))
#  else
#    define GK_API
#  endif
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

/** Version of this header. The library's own version comes from gk_version(). @since 0.1.0 */
#define GK_VERSION_MAJOR 0
#define GK_VERSION_MINOR 6
#define GK_VERSION_PATCH 2
/** The header's version as one number: (major << 16) | (minor << 8) | patch. @since 0.1.0 */
#define GK_VERSION ((GK_VERSION_MAJOR << 16) | (GK_VERSION_MINOR << 8) | GK_VERSION_PATCH)

/** The library's version as (major << 16) | (minor << 8) | patch. @since 0.1.0 */
GK_API uint32_t gk_version(void);

/** The library's version as a static string such as "0.2.0". Never NULL; do not free. @since 0.1.0 */
GK_API const char *gk_version_string(void);

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */

/** Result of a call. New codes may be added; treat unknown ones as errors. @since 0.1.0 */
typedef enum gk_status {
    GK_OK = 0,                    /**< Success. */
    GK_EMPTY = 1,                 /**< A poll found its queue empty (not an error). */
    GK_ERR_NULL_POINTER = 2,      /**< A required pointer argument was NULL. */
    GK_ERR_INVALID_ARGUMENT = 3,  /**< A value out of range, NaN or infinite, or an unknown enum value. */
    GK_ERR_STALE_HANDLE = 4,      /**< The view or recognizer was destroyed or belongs to another engine. */
    GK_ERR_WRONG_KIND = 5,        /**< The call or property does not apply to this recognizer kind. */
    GK_ERR_UNKNOWN_PROPERTY = 6,  /**< Unknown property, or accessed with the wrong value type. */
    GK_ERR_CAPACITY = 7,          /**< A documented maximum would be exceeded. */
    GK_ERR_TIME_BACKWARDS = 8,    /**< A timestamp earlier than the engine's current time. */
    GK_ERR_UNKNOWN_TOUCH = 9,     /**< A touch that is not down was moved, ended or cancelled. */
    GK_ERR_TOUCH_ALREADY_DOWN = 10, /**< A touch id that is down began again, or appears twice in a frame. */
    GK_ERR_BUSY = 11,             /**< Not allowed now: from inside a callback (see CALLBACKS AND RE-ENTRANCY), or
                                       while a touch is down or held back (a lift the chatter filter holds, a
                                       touch waiting for the hold duration), where the call says so. */
    GK_ERR_NOT_ATTACHED = 12,     /**< The recognizer is not attached to a view. */
    GK_ERR_ALREADY_ATTACHED = 13, /**< The recognizer is attached already; detach it first. */
    GK_ERR_OUT_OF_RANGE = 14,     /**< An index at or beyond a count (e.g. gk_recognizer_location_of_touch). */
    GK_ERR_UNSUPPORTED = 15,      /**< Not implemented by this version of the library. */
    GK_ERR_STRUCT_SIZE = 16,      /**< A struct size argument smaller than the oldest supported layout. */
    GK_ERR_READ_ONLY = 17         /**< The property can be read but not set. */
} gk_status;

/**
 * A static English description of a status, e.g. "stale handle". Unknown values give
 * "unknown status". Never NULL; do not free. @since 0.1.0
 */
GK_API const char *gk_status_string(gk_status status);

/** A static English name of a gk_state: "possible", "began", "changed", "ended", "cancelled",
 *  "failed"; "unknown" otherwise. Never NULL. @since 0.5.0 */
GK_API const char *gk_state_string(uint32_t state);

/** A static English name of a gk_touch_phase: "began", "moved", "stationary", "ended",
 *  "cancelled"; "unknown" otherwise. Never NULL. @since 0.5.0 */
GK_API const char *gk_touch_phase_string(uint32_t phase);

/* ---------------------------------------------------------------------------------------------
 * Plain types
 * ------------------------------------------------------------------------------------------- */

/** A point or a vector in points. @since 0.1.0 */
typedef struct gk_point {
    double x;
    double y;
} gk_point;

/** A rectangle: top-left origin and size, in points. @since 0.1.0 */
typedef struct gk_rect {
    double x;
    double y;
    double width;
    double height;
} gk_rect;

/**
 * An affine transform: (x, y) maps to (a*x + c*y + tx, b*x + d*y + ty), as UIKit's
 * CGAffineTransform. A view's transform applies about the view's centre. @since 0.1.0
 */
typedef struct gk_transform {
    double a, b, c, d, tx, ty;
} gk_transform;

/** An engine. Opaque; see gk_engine_create(). @since 0.1.0 */
typedef struct gk_engine gk_engine;

/** Handle of a view; 0 (GK_VIEW_NONE) is never valid and means "the window" where documented. @since 0.1.0 */
typedef uint64_t gk_view;
/** Handle of a recognizer; 0 (GK_RECOGNIZER_NONE) is never valid. @since 0.1.0 */
typedef uint64_t gk_recognizer;

/** The null handles. @since 0.1.0 */
#define GK_VIEW_NONE ((gk_view)0)
#define GK_RECOGNIZER_NONE ((gk_recognizer)0)

/** Recognizer states (rule 11). GK_STATE_RECOGNIZED equals GK_STATE_ENDED. @since 0.1.0 */
typedef enum gk_state {
    GK_STATE_POSSIBLE = 0,
    GK_STATE_BEGAN = 1,
    GK_STATE_CHANGED = 2,
    GK_STATE_ENDED = 3,
    GK_STATE_CANCELLED = 4,
    GK_STATE_FAILED = 5
} gk_state;
/** UIKit's `recognized`, the same state as ended (rule 11). @since 0.1.0 */
#define GK_STATE_RECOGNIZED GK_STATE_ENDED

/**
 * Kinds of recognizer. Every kind but GK_KIND_CUSTOM can be created with gk_recognizer_create();
 * docs/RECOGNIZERS.md describes each one. @since 0.1.0
 */
typedef enum gk_recognizer_kind {
    GK_KIND_TAP = 0,
    GK_KIND_LONG_PRESS = 1,
    GK_KIND_PAN = 2,
    GK_KIND_SCREEN_EDGE_PAN = 3,
    GK_KIND_SWIPE = 4,
    GK_KIND_PINCH = 5,
    GK_KIND_ROTATION = 6,
    GK_KIND_HOVER = 7,
    GK_KIND_CUSTOM = 8,
    GK_KIND_STROKE = 9,  /**< A drawn shape matched against templates (docs/STROKES.md). */
    GK_KIND_ONE_FINGER_ZOOM = 10 /**< Tap, then touch again and drag down or up: a pinch's scale with one finger (docs/ACCESSIBILITY.md). @since 0.2.0 */
} gk_recognizer_kind;

/** Phase of a touch in an input frame (UITouch.Phase). @since 0.1.0 */
typedef enum gk_touch_phase {
    GK_TOUCH_BEGAN = 0,
    GK_TOUCH_MOVED = 1,
    GK_TOUCH_STATIONARY = 2,
    GK_TOUCH_ENDED = 3,
    GK_TOUCH_CANCELLED = 4
} gk_touch_phase;

/** What produced a touch (UITouch.TouchType). @since 0.1.0 */
typedef enum gk_touch_type {
    GK_TOUCH_TYPE_DIRECT = 0,           /**< A finger. */
    GK_TOUCH_TYPE_STYLUS = 1,           /**< A pen on the screen. */
    GK_TOUCH_TYPE_INDIRECT_POINTER = 2, /**< A mouse or trackpad with a button down. */
    GK_TOUCH_TYPE_PRESS = 3             /**< A physical button (gk_engine_feed_press); in deliveries only, never in gk_touch. */
} gk_touch_type;

/**
 * Physical buttons (UIPress.PressType): 0-7 are named; GK_PRESS_CUSTOM(n) is numbered custom key
 * n, 0 <= n < 56 (a ticket machine's hardware keys, a foot pedal). @since 0.1.0
 */
typedef enum gk_press_type {
    GK_PRESS_UP_ARROW = 0,
    GK_PRESS_DOWN_ARROW = 1,
    GK_PRESS_LEFT_ARROW = 2,
    GK_PRESS_RIGHT_ARROW = 3,
    GK_PRESS_SELECT = 4,
    GK_PRESS_MENU = 5,
    GK_PRESS_PLAY_PAUSE = 6,
    GK_PRESS_BACK = 7
} gk_press_type;
/** Numbered custom key n, 0 <= n < 56. @since 0.1.0 */
#define GK_PRESS_CUSTOM(n) ((gk_press_type)(8 + (n)))
/** Bit of a press type in GK_PROP_ALLOWED_PRESS_TYPES. @since 0.1.0 */
#define GK_PRESS_TYPE_BIT(type) (UINT64_C(1) << (type))

/** Bit of a touch type in GK_PROP_ALLOWED_TOUCH_TYPES (allowedTouchTypes). @since 0.1.0 */
#define GK_TOUCH_TYPE_BIT(type) (1u << (type))
/** Every touch type: the default of GK_PROP_ALLOWED_TOUCH_TYPES. @since 0.1.0 */
#define GK_TOUCH_TYPES_ALL 0x7u

/** Pointer buttons (UIEvent.ButtonMask): button n (1-based) is bit n - 1. @since 0.1.0 */
typedef enum gk_button {
    GK_BUTTON_PRIMARY = 1u << 0,
    GK_BUTTON_SECONDARY = 1u << 1,
    GK_BUTTON_TERTIARY = 1u << 2
} gk_button;

/** Keyboard modifier keys (UIKeyModifierFlags), a bit set. @since 0.1.0 */
typedef enum gk_modifier {
    GK_MODIFIER_CAPS_LOCK = 1u << 0,
    GK_MODIFIER_SHIFT = 1u << 1,
    GK_MODIFIER_CONTROL = 1u << 2,
    GK_MODIFIER_ALTERNATE = 1u << 3,
    GK_MODIFIER_COMMAND = 1u << 4,
    GK_MODIFIER_NUMERIC_PAD = 1u << 5
} gk_modifier;

/* ---------------------------------------------------------------------------------------------
 * Engine
 * ------------------------------------------------------------------------------------------- */

/**
 * Options for gk_engine_create(). Initialise with gk_engine_options_init(), then change fields.
 * `size` lets later versions add fields without breaking callers. @since 0.1.0
 */
typedef struct gk_engine_options {
    size_t size;                      /**< sizeof(gk_engine_options); set by gk_engine_options_init(). */
    double screen_width;              /**< Screen (root view) width in points, > 0. Default 1920. */
    double screen_height;             /**< Screen height in points, > 0. Default 1080. */
    double points_per_mm;             /**< Panel density, (0, 1000]. Scales distance thresholds by points_per_mm / 6.4. Default 6.4. */
    uint32_t max_touches;             /**< Touches down at once, 1..1024. Default 32. */
    uint32_t max_views;               /**< Views including the root, 1..1048576. Default 65536. */
    uint32_t max_recognizers;         /**< Recognizers, 1..1048576. Default 65536. */
    uint32_t action_queue_capacity;   /**< Actions kept until polled, 1..1048576. Default 1024. */
    uint32_t delivery_queue_capacity; /**< Deliveries kept until polled, 1..1048576. Default 4096. */
    uint32_t flags;                   /**< gk_engine_flag bits; default 0. Other bits: GK_ERR_INVALID_ARGUMENT. @since 0.3.0 (it took the struct's tail padding: the size is unchanged, so a struct filled without gk_engine_options_init() must be zeroed first) */
} gk_engine_options;

/** Bits of gk_engine_options.flags. @since 0.3.0 */
typedef enum gk_engine_flag {
    GK_ENGINE_LOG_TRANSITIONS = 1 /**< Keep the transition log (gk_engine_poll_transition()). Off, the log stays empty; its entries' sequence numbers are skipped either way, so actions and deliveries are numbered the same. Before 0.3.0 the log was always kept. */
} gk_engine_flag;

/** Fills `options` with the defaults and sets options->size. @since 0.1.0 */
GK_API gk_status gk_engine_options_init(gk_engine_options *options);

/**
 * Creates an engine. `options` may be NULL for the defaults; it is read during the call only.
 * On success *out_engine is a new engine owned by the caller (free it with gk_engine_destroy()).
 * Errors: GK_ERR_NULL_POINTER (out_engine), GK_ERR_STRUCT_SIZE, GK_ERR_INVALID_ARGUMENT,
 * GK_ERR_CAPACITY (65,535 engines are alive in the process). Thread-safe: engines may be created
 * and destroyed on several threads at once. @since 0.1.0
 */
GK_API gk_status gk_engine_create(const gk_engine_options *options, gk_engine **out_engine);

/**
 * Destroys an engine with all its views, recognizers and queued entries. NULL is accepted and
 * ignored (GK_OK). Returns GK_ERR_BUSY, destroying nothing, when called from inside one of the
 * engine's callbacks. The pointer is invalid afterwards. @since 0.1.0
 */
GK_API gk_status gk_engine_destroy(gk_engine *engine);

/** The root view: the window, covering the screen. It cannot be destroyed. @since 0.1.0 */
GK_API gk_status gk_engine_root_view(const gk_engine *engine, gk_view *out_view);

/** One touch in an input frame. @since 0.1.0 */
typedef struct gk_touch {
    int64_t id;     /**< Host's id, unique among the touches down (e.g. the evdev tracking id). */
    uint32_t phase; /**< A gk_touch_phase. */
    uint32_t type;  /**< A gk_touch_type; read for GK_TOUCH_BEGAN only. */
    double x;       /**< Window x in points; required (finite) for BEGAN and MOVED. */
    double y;       /**< Window y; for ENDED, CANCELLED and STATIONARY a non-finite x or y keeps the last position. */
    double force;   /**< Contact force, 1.0 = an average touch; 0 = not reported. Finite, 0..1e6 (BEGAN, MOVED). */
    double major_radius; /**< Radius of the contact's major axis in points; 0 = not reported. Finite, 0..1e6. */
    uint32_t buttons;    /**< gk_button bits held; read for GK_TOUCH_TYPE_INDIRECT_POINTER only (BEGAN, MOVED). */
    uint32_t modifiers;  /**< gk_modifier bits held during this frame. */
} gk_touch;

/** Most touches in one input frame. @since 0.1.0 */
#define GK_MAX_FRAME_TOUCHES 1024
/** The largest timestamp magnitude the engine takes, in seconds (2^42, about 139,000 years): below
 *  it a double keeps time to under a millisecond. Timestamps beyond it are GK_ERR_INVALID_ARGUMENT.
 *  @since 0.5.2 */
#define GK_MAX_TIMESTAMP 4398046511104.0

/**
 * Feeds one input frame: the touches that changed at `timestamp` (one evdev SYN_REPORT, one
 * UIEvent). Touches that are down and not listed are stationary. Timers due at or before
 * `timestamp` fire first, each in its own update pass; then the frame runs one update pass.
 * `touches` may be NULL when `count` is 0 (a frame that only moves time on). The frame is
 * validated as a whole first: on error nothing happened.
 * Errors: GK_ERR_NULL_POINTER, GK_ERR_INVALID_ARGUMENT (a time that is NaN or beyond
 * ±GK_MAX_TIMESTAMP, a NaN position, a bad phase or type), GK_ERR_TIME_BACKWARDS, GK_ERR_UNKNOWN_TOUCH, GK_ERR_TOUCH_ALREADY_DOWN, GK_ERR_CAPACITY
 * (more than max_touches down, or count > GK_MAX_FRAME_TOUCHES), GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_engine_feed(gk_engine *engine, double timestamp, const gk_touch *touches, size_t count);

/**
 * Feeds several input frames in one call, as if gk_engine_feed() were called for each in order:
 * frame i has timestamp `timestamps[i]` and the next `counts[i]` entries of `touches` (the frames'
 * touches back to back, `sum(counts)` in all). For bindings and replays, where the cost of a call
 * matters; actions and deliveries queue up as usual (size the queues or drain often). Stops at
 * the first frame that fails, which changes nothing, and returns its error; *out_fed (if not
 * NULL) receives the number of frames applied before it. Errors: as gk_engine_feed(), plus
 * GK_ERR_NULL_POINTER when an array needed for `frame_count` > 0 is NULL, and
 * GK_ERR_INVALID_ARGUMENT, with nothing fed, when the counts do not add up to exactly
 * `touch_count` (0.2.0: extra touches were ignored before). @since 0.1.0
 */
GK_API gk_status gk_engine_feed_frames(gk_engine *engine, const double *timestamps, const uint32_t *counts,
                                       size_t frame_count, const gk_touch *touches, size_t touch_count,
                                       size_t *out_fed);

/**
 * Sets the focused view, which receives presses (UIKit's focus); GK_VIEW_NONE clears it (presses
 * then reach only the root's recognizers). Destroying the view clears it. Errors:
 * GK_ERR_STALE_HANDLE, GK_ERR_BUSY. @since 0.1.0
 */
GK_API gk_status gk_engine_set_focus(gk_engine *engine, gk_view view);
/** The focused view, or GK_VIEW_NONE. @since 0.1.0 */
GK_API gk_status gk_engine_get_focus(const gk_engine *engine, gk_view *out_view);

/**
 * Feeds one press of a physical button: GK_TOUCH_BEGAN (down), GK_TOUCH_MOVED (its force
 * changed), GK_TOUCH_ENDED (up) or GK_TOUCH_CANCELLED. The press goes to the focused view as if it
 * were a touch at the view's centre. The recognizers of that view and its ancestors whose
 * GK_PROP_ALLOWED_PRESS_TYPES include the button track it (tap and long press recognize double
 * presses and long presses; they take part in exclusion and failure requirements with touch
 * recognizers). The view receives it like a touch (touch_type GK_TOUCH_TYPE_PRESS, touch_id = the
 * press type), with the same cancel and delay rules. One press per button at a time; `force` is
 * 0 when unknown. Timers due at or before `timestamp` fire first.
 * Errors: GK_ERR_INVALID_ARGUMENT (type >= 64, bad phase, NaN), GK_ERR_TIME_BACKWARDS,
 * GK_ERR_TOUCH_ALREADY_DOWN, GK_ERR_UNKNOWN_TOUCH (up without down), GK_ERR_CAPACITY, GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_engine_feed_press(gk_engine *engine, double timestamp, gk_press_type type, gk_touch_phase phase,
                                      double force);

/** Phases of a pointer hover event. @since 0.1.0 */
typedef enum gk_hover_phase {
    GK_HOVER_ENTER = 0, /**< The pointer appeared (came into range, onto the screen). */
    GK_HOVER_MOVE = 1,  /**< The pointer moved; a MOVE without an ENTER counts as one. */
    GK_HOVER_EXIT = 2   /**< The pointer left; every hover gesture in progress ends. */
} gk_hover_phase;

/**
 * Feeds one hover event: a pointer without contact (a mouse with no button down, a stylus in
 * range) at window point (x, y). Only GK_KIND_HOVER recognizers see it (rule 108): those on the
 * view under the pointer and its ancestors begin, those in progress change while the pointer
 * stays over their view and end when it leaves. Views receive nothing. Timers due at or before
 * `timestamp` fire first. For GK_HOVER_EXIT, a non-finite x or y means "where it was".
 * Errors: GK_ERR_INVALID_ARGUMENT (NaN time or position, bad phase, type GK_TOUCH_TYPE_DIRECT),
 * GK_ERR_TIME_BACKWARDS, GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_engine_feed_hover(gk_engine *engine, double timestamp, gk_hover_phase phase, gk_touch_type type,
                                      double x, double y, uint32_t modifiers);

/**
 * The system cancel: every touch that is down is cancelled at `timestamp` (one frame). Use it when
 * the panel is lost, the screen blanks or a touch never ends. @since 0.1.0
 */
GK_API gk_status gk_engine_cancel_all_touches(gk_engine *engine, double timestamp);

/**
 * Advances engine time to `timestamp`, firing every timer due at or before it, in time order.
 * A deadline that a recognizer's hook sets, while that recognizer's timer fires, at or before the
 * time it fired at does not fire again in the same call: it stays pending (see
 * gk_engine_next_deadline()) and fires at the next gk_engine_advance() or input call. One
 * recognizer's timer fires at most 1,024 times per call. So no hook can make a call loop forever.
 * Errors: GK_ERR_INVALID_ARGUMENT (not finite, or beyond ±GK_MAX_TIMESTAMP), GK_ERR_TIME_BACKWARDS,
 * GK_ERR_BUSY. @since 0.1.0
 */
GK_API gk_status gk_engine_advance(gk_engine *engine, double timestamp);

/**
 * The earliest pending timer, in the host's time base; INFINITY when no timer is pending.
 * Wait for input at most until then, then call gk_engine_advance(). @since 0.1.0
 */
GK_API gk_status gk_engine_next_deadline(const gk_engine *engine, double *out_timestamp);

/** The engine's current time: the latest timestamp supplied; -INFINITY before any. @since 0.1.0 */
GK_API gk_status gk_engine_now(const gk_engine *engine, double *out_timestamp);

/* ---------------------------------------------------------------------------------------------
 * Actions and view deliveries (drained by the host)
 * ------------------------------------------------------------------------------------------- */

/**
 * An action as it was sent: a snapshot of the recognizer at that moment. Positions and vectors
 * are in window coordinates; convert with gk_view_convert_point() if needed.
 * `sequence` orders actions and deliveries together (one counter for both queues). @since 0.1.0
 */
typedef struct gk_action {
    uint64_t sequence;          /**< Position in the engine's single order of actions and deliveries. */
    double timestamp;           /**< Engine time of the update pass that sent it. */
    gk_recognizer recognizer;   /**< The recognizer (may be stale by the time it is polled). */
    gk_view view;               /**< Its view at that moment, or GK_VIEW_NONE. */
    uint32_t kind;              /**< A gk_recognizer_kind. */
    uint32_t state;             /**< A gk_state: BEGAN, CHANGED, ENDED or CANCELLED. */
    gk_point location;          /**< location(in: nil). */
    uint32_t number_of_touches; /**< numberOfTouches. */
    uint32_t swipe_direction;   /**< Swipe: the gk_swipe_direction recognized; 0 for other kinds. */
    gk_point translation;       /**< Pan: translation(in: nil); zero for other kinds. */
    gk_point velocity;          /**< Pan: velocity(in: nil) in pt/s at began and ended, and at changed with GK_PROP_PAN_VELOCITY_ON_CHANGE (0.3.0; always before); zero otherwise and for other kinds. */
    double scale;               /**< Pinch scale; 1 for other kinds. */
    double rotation;            /**< Rotation in radians; 0 for other kinds. */
    double scalar_velocity;     /**< Pinch (scale/s) or rotation (rad/s) velocity; 0 otherwise. */
    uint32_t button_mask;       /**< buttonMask: gk_button bits of the gesture's pointer touches. */
    uint32_t modifier_flags;    /**< modifierFlags: gk_modifier bits of the latest event it received. */
    int32_t stroke_template;    /**< Stroke: index of the recognized template (gk_stroke_template_name()); -1 otherwise. */
    uint32_t reserved;          /**< Zero. */
    double stroke_score;        /**< Stroke: the match's score, 0..1 (1 is perfect); 0 otherwise. */
    gk_rect stroke_bounds;      /**< Stroke: the stroke's bounding box, window points. */
} gk_action;

/**
 * Takes the oldest queued action. `size` is sizeof(gk_action) as the caller knows it; the library
 * writes at most that many bytes. Returns GK_EMPTY when the queue is empty. The queue holds
 * action_queue_capacity entries; beyond that the oldest are dropped and counted (gk_engine_stats).
 * @since 0.1.0
 */
GK_API gk_status gk_engine_poll_action(gk_engine *engine, gk_action *out_action, size_t size);

/** Phases a view receives (UIView.touchesBegan/Moved/Ended/Cancelled): GK_TOUCH_BEGAN, GK_TOUCH_MOVED,
 *  GK_TOUCH_ENDED, GK_TOUCH_CANCELLED (values of gk_touch_phase). */

/** One touch callback for one of the host's views (rules 46–54). @since 0.1.0 */
typedef struct gk_delivery {
    uint64_t sequence;          /**< Shares its counter with gk_action.sequence. */
    double timestamp;           /**< Engine time of the update pass that produced it. */
    gk_view view;               /**< The view receiving the touch (its hit-test view). */
    int64_t touch_id;           /**< The host's touch id. */
    uint32_t phase;             /**< A gk_touch_phase: BEGAN, MOVED, ENDED or CANCELLED. */
    uint32_t touch_type;        /**< A gk_touch_type. */
    gk_point location;          /**< The touch's position in `view`'s coordinates. */
    gk_point window_location;   /**< The same position in window coordinates. */
    double touch_timestamp;     /**< Host time of the touch state delivered (touch-down time for a delayed BEGAN). */
    double force;               /**< The touch's latest force (1.0 = average), 0 when the host gave none. */
    double major_radius;        /**< The touch's latest major radius in points, 0 when the host gave none. */
    uint32_t buttons;           /**< gk_button bits of an indirect pointer; 0 otherwise. */
    uint32_t modifiers;         /**< gk_modifier bits of the touch's latest frame. */
    uint32_t press_type;        /**< touch_type GK_TOUCH_TYPE_PRESS: the gk_press_type (touch_id is the same number); 0 for every other touch. */
    uint32_t reserved;          /**< Zero. */
} gk_delivery;

/** Takes the oldest queued view delivery; GK_EMPTY when none. See gk_engine_poll_action() for `size`. @since 0.1.0 */
GK_API gk_status gk_engine_poll_delivery(gk_engine *engine, gk_delivery *out_delivery, size_t size);

/**
 * Takes every queued action at once, without copying it: the engine lends the entries where it
 * wrote them. `*out_first` points at the `*out_count` actions, oldest first, `*out_stride` bytes
 * apart (entry i is at `(const char *)*out_first + i * *out_stride`; the stride may exceed
 * sizeof(gk_action)). They leave the queue: the next take or poll does not see them again.
 * Returns GK_EMPTY, with `*out_first` NULL and `*out_count` 0, when nothing is queued. One call
 * drains the queue however many actions it holds, where polling takes one call per action.
 *
 * `size` is sizeof(gk_action) as the caller knows it: at least 0.1.0's and at most this
 * library's (GK_ERR_STRUCT_SIZE otherwise; a program built against a newer header then polls
 * with gk_engine_poll_action(), which accepts it).
 *
 * Lifetime: the entries belong to the engine. They stay valid and unchanged until the next call
 * on the engine other than gk_engine_take_actions() and gk_engine_take_deliveries(), and, when
 * taken inside a callback, not beyond that callback (the engine queues more when it returns).
 * Errors: GK_ERR_NULL_POINTER, GK_ERR_STRUCT_SIZE. @since 0.3.0
 */
GK_API gk_status gk_engine_take_actions(gk_engine *engine, size_t size, const gk_action **out_first,
                                        size_t *out_count, size_t *out_stride);

/**
 * gk_engine_take_actions() for view deliveries: takes every queued delivery at once, lent in
 * place, `*out_stride` bytes apart (larger than sizeof(gk_delivery) in this release: step by the
 * stride). Same `size` rule, lifetime and errors. @since 0.3.0
 */
GK_API gk_status gk_engine_take_deliveries(gk_engine *engine, size_t size, const gk_delivery **out_first,
                                           size_t *out_count, size_t *out_stride);

/**
 * One state transition of a recognizer: its state when an update pass started and at its end
 * (several changes in one pass give one entry; changed -> changed is an entry). Transitions to
 * GK_STATE_FAILED appear here although they send no action. A recognizer held back by a failure
 * requirement (rule 39) is logged when it is released or fails. For tests, traces and debugging:
 * kept only by an engine created with GK_ENGINE_LOG_TRANSITIONS (0.3.0; always kept before).
 * @since 0.1.0
 */
typedef struct gk_transition {
    uint64_t sequence;        /**< Shares its counter with actions and deliveries. */
    double timestamp;         /**< Engine time of the update pass. */
    gk_recognizer recognizer;
    uint32_t from_state;      /**< A gk_state. */
    uint32_t to_state;        /**< A gk_state. */
} gk_transition;

/**
 * Takes the oldest queued transition; GK_EMPTY when none. The queue has the capacity of the action
 * queue and drops its oldest entries the same way. See gk_engine_poll_action() for `size`.
 * @since 0.1.0
 */
GK_API gk_status gk_engine_poll_transition(gk_engine *engine, gk_transition *out_transition, size_t size);

/** Counters of an engine. @since 0.1.0 */
typedef struct gk_engine_stats {
    uint64_t pending_actions;
    uint64_t pending_deliveries;
    uint64_t dropped_actions;     /**< Actions lost because the queue was full. */
    uint64_t dropped_deliveries;  /**< Deliveries lost because the queue was full. */
    uint64_t touches_down;
    uint64_t views;               /**< Live views, root included. */
    uint64_t recognizers;         /**< Live recognizers. */
    uint64_t pending_transitions;
    uint64_t dropped_transitions; /**< Transitions lost because the queue was full. */
    uint64_t pending_decisions;   /**< Decision-log entries not yet polled. */
    uint64_t dropped_decisions;   /**< Decision-log entries lost because the log was full. */
    uint64_t pending_accessibility_events;  /**< Accessibility events not yet polled. @since 0.3.0 */
    uint64_t dropped_accessibility_events;  /**< Accessibility events lost because the queue (256) was full. @since 0.3.0 */
} gk_engine_stats;

/** Reads the counters. `size` is sizeof(gk_engine_stats) as the caller knows it. @since 0.1.0 */
GK_API gk_status gk_engine_get_stats(const gk_engine *engine, gk_engine_stats *out_stats, size_t size);

/* ---------------------------------------------------------------------------------------------
 * Panel profile and input filters (docs/INPUT.md, "Noisy panels")
 *
 * A panel profile describes the touch panel (size, sample rate, noise, contact sizes, dead
 * zones); `gesturekit profile RECORDING` measures one. The input filters sit between the frames
 * the host feeds and the recognizers: each is off by default, and with every filter off the
 * recognizers see the host's frames unchanged whatever the profile says. Distances are in
 * points, times in seconds. Both are copied during the call; the caller keeps its structs.
 * ------------------------------------------------------------------------------------------- */

/** A touch panel's character. 0 (or 0 for the flags) means "not known". @since 0.2.0 */
typedef struct gk_panel_profile {
    size_t size;                /**< sizeof(gk_panel_profile); set by gk_panel_profile_init(). */
    double width_mm;            /**< Active area width in millimetres. */
    double height_mm;           /**< Active area height in millimetres. */
    double sample_rate_hz;      /**< Reports per second while a finger moves. */
    double noise;               /**< Largest distance of a resting finger's reports from their mean, points. */
    double max_contact_radius;  /**< Largest major radius of a finger contact, points; larger is a palm. */
    uint32_t reports_pressure;  /**< 1: every contact reports force, so force 0 is not a finger. */
    uint32_t reports_size;      /**< 1: every contact reports major_radius, so 0 is not a finger. */
    double edge_top;            /**< Dead zone along the top edge, points. */
    double edge_left;           /**< Dead zone along the left edge, points. */
    double edge_bottom;         /**< Dead zone along the bottom edge, points. */
    double edge_right;          /**< Dead zone along the right edge, points. */
} gk_panel_profile;

/** Fills `profile` with "nothing known" and sets profile->size. @since 0.2.0 */
GK_API gk_status gk_panel_profile_init(gk_panel_profile *profile);

/**
 * Sets the engine's panel profile; NULL restores "nothing known". Every number must be finite,
 * 0..1e6, and the flags 0 or 1 (GK_ERR_INVALID_ARGUMENT); profile->size below the 0.2.0 layout is
 * GK_ERR_STRUCT_SIZE. Allowed at any time except from a callback (GK_ERR_BUSY). @since 0.2.0
 */
GK_API gk_status gk_engine_set_panel_profile(gk_engine *engine, const gk_panel_profile *profile);

/** Reads the panel profile; `size` is sizeof(gk_panel_profile) as the caller knows it. @since 0.2.0 */
GK_API gk_status gk_engine_get_panel_profile(const gk_engine *engine, gk_panel_profile *out_profile, size_t size);

/** How jitter is taken out of moving touches. @since 0.2.0 */
typedef enum gk_jitter_filter {
    GK_JITTER_OFF = 0,        /**< Positions pass unchanged. */
    GK_JITTER_ONE_EURO = 1,   /**< The 1€ adaptive low-pass (Casiez, Roussel, Vogel, CHI 2012). */
    GK_JITTER_HYSTERESIS = 2  /**< A dead band of the profile's noise (at least 0.5 pt). */
} gk_jitter_filter;

/** Filters switched on by gk_input_filters.flags. @since 0.2.0 */
typedef enum gk_filter_flag {
    GK_FILTER_NOISE_THRESHOLDS = 1u << 0, /**< Movement thresholds never below the profile's noise (2x one touch, 4x two). */
    GK_FILTER_GHOSTS = 1u << 1,   /**< Cancel too-short touches, impossible jumps, zero pressure/size, stuck touches. */
    GK_FILTER_PALMS = 1u << 2,    /**< Reject or cancel contacts larger than max_contact_radius. */
    GK_FILTER_CHATTER = 1u << 3,  /**< A lift and a landing within chatter_interval and chatter_distance are one touch. */
    GK_FILTER_EDGES = 1u << 4     /**< Touches that begin in a dead zone wait until they leave it. */
} gk_filter_flag;

/** The input filters. Parameters of 0 in the one-euro fields mean "tuned from the profile". @since 0.2.0 */
typedef struct gk_input_filters {
    size_t size;                /**< sizeof(gk_input_filters); set by gk_input_filters_init(). */
    uint32_t flags;             /**< gk_filter_flag bits. Default 0. */
    uint32_t jitter;            /**< A gk_jitter_filter. Default GK_JITTER_OFF. */
    double one_euro_min_cutoff; /**< Hz at rest, >= 0; 0 = from the profile's noise (0.5..4 Hz). */
    double one_euro_beta;       /**< Cutoff growth per pt/s, >= 0; 0 = 0.05. */
    double ghost_min_duration;  /**< Touches shorter than this are ghosts, 0..1 s. Default 0.012. */
    double ghost_max_speed;     /**< Faster than this (pt/s) is a jump, > 0. Default 50000. */
    double stuck_timeout;       /**< No report for this long while others report: stuck, > 0. Default 10. */
    double chatter_interval;    /**< Seconds a lift is held back, (0, 1]. Default 0.030. */
    double chatter_distance;    /**< Points between lift and landing, >= 0. Default 12. */
} gk_input_filters;

/** Fills `filters` with the defaults (everything off) and sets filters->size. @since 0.2.0 */
GK_API gk_status gk_input_filters_init(gk_input_filters *filters);

/**
 * Sets the input filters; NULL switches them all off. Switching the first filter on or the last
 * one off is refused with GK_ERR_BUSY while a touch is down (call gk_engine_cancel_all_touches()
 * first), since the filters must see every touch from its start; other changes are allowed at any
 * time except from a callback. Unknown flag bits, an unknown jitter value or a parameter out of
 * range: GK_ERR_INVALID_ARGUMENT. @since 0.2.0
 */
GK_API gk_status gk_engine_set_input_filters(gk_engine *engine, const gk_input_filters *filters);

/** Reads the input filter settings; see gk_engine_get_panel_profile() for `size`. @since 0.2.0 */
GK_API gk_status gk_engine_get_input_filters(const gk_engine *engine, gk_input_filters *out_filters, size_t size);

/** What the filters changed or removed since the engine was created. @since 0.2.0 */
typedef struct gk_filter_counters {
    uint64_t jitter_smoothed; /**< Moves whose position the jitter filter changed. */
    uint64_t ghost_short;     /**< Touches cancelled for lifting within ghost_min_duration. */
    uint64_t ghost_jump;      /**< Touches cancelled for moving faster than ghost_max_speed. */
    uint64_t ghost_empty;     /**< Touches rejected at touch-down for zero force or size. */
    uint64_t ghost_stuck;     /**< Touches cancelled for not reporting within stuck_timeout. */
    uint64_t palms;           /**< Contacts rejected or cancelled for their size. */
    uint64_t chatter;         /**< Bounces joined to the touch before them. */
    uint64_t edge_dropped;    /**< Touches that began and lifted in a dead zone (never seen). */
    uint64_t edge_released;   /**< Touches that began in a dead zone and were let through on leaving it. */
} gk_filter_counters;

/** Reads the filter counters; see gk_engine_get_panel_profile() for `size`. @since 0.2.0 */
GK_API gk_status gk_engine_get_filter_counters(const gk_engine *engine, gk_filter_counters *out_counters, size_t size);

/* ---------------------------------------------------------------------------------------------
 * Telemetry (docs/TELEMETRY.md)
 * ------------------------------------------------------------------------------------------- */

/** Exposition formats of gk_engine_write_metrics(). @since 0.2.0 */
typedef enum gk_metrics_format {
    GK_METRICS_PROMETHEUS = 0,  /**< Prometheus text 0.0.4, as node_exporter's textfile collector reads it. */
    GK_METRICS_OPENMETRICS = 1  /**< OpenMetrics 1.0 text, ending in "# EOF". */
} gk_metrics_format;

/** Turns counting on or off (on by default); the counts so far are kept. @since 0.2.0 */
GK_API gk_status gk_engine_set_metrics(gk_engine *engine, bool enabled);

/**
 * Writes the engine's counters and histograms as exposition text in `format` (UTF-8, "\n" line
 * ends) into `buffer` with a terminating NUL, and the text's length without the NUL in
 * *out_length if it is not NULL. When the text and its NUL do not fit in `size` bytes nothing is
 * written but an empty string (when size > 0), and GK_ERR_CAPACITY is returned with
 * *out_length set: call again with a buffer of *out_length + 1 bytes. `buffer` may be NULL when
 * `size` is 0. Recognizer names are label values, escaped as the formats require. Series are per
 * recognizer name and kind, and outlive the recognizers. Allocates while writing; do not call it
 * on a hot path. @since 0.2.0
 */
GK_API gk_status gk_engine_write_metrics(const gk_engine *engine, uint32_t format, char *buffer, size_t size,
                                         size_t *out_length);

/* ---------------------------------------------------------------------------------------------
 * Accessibility (docs/ACCESSIBILITY.md)
 * ------------------------------------------------------------------------------------------- */

/**
 * Sets the timing scale, 1.0..10.0 (default 1.0: nothing changes). Every time limit a user must
 * beat is multiplied by it: the long press's minimum_press_duration and its tap limits, the tap's
 * maximum_tap_duration, finger_window and maximum_tap_interval, the swipe's maximum_duration, the
 * stroke's stroke_pause. Values the application set are scaled too, except on recognizers with
 * GK_PROP_SCALES_TIMING false; custom recognizers read the scale (gk_engine_get_timing_scale) and
 * apply it to their own limits. In explore-by-touch (gk_engine_set_screen_reader) only the
 * double-tap interval scales: a finger that rests explores after 0.3 s at any scale. A timer
 * already running keeps its deadline. Errors:
 * GK_ERR_INVALID_ARGUMENT (outside 1..10, NaN), GK_ERR_BUSY (from a callback). @since 0.2.0
 */
GK_API gk_status gk_engine_set_timing_scale(gk_engine *engine, double scale);

/** Reads the timing scale into *out_scale. @since 0.2.0 */
GK_API gk_status gk_engine_get_timing_scale(const gk_engine *engine, double *out_scale);

/** Where tap assistance puts the tap (gk_touch_accommodations.tap_assistance). @since 0.2.0 */
typedef enum gk_tap_assistance {
    GK_TAP_ASSISTANCE_OFF = 0,              /**< Off. */
    GK_TAP_ASSISTANCE_INITIAL_LOCATION = 1, /**< The tap is where the finger landed. */
    GK_TAP_ASSISTANCE_FINAL_LOCATION = 2    /**< The tap is where the finger lifted. */
} gk_tap_assistance;

/**
 * Touch accommodations, after iOS's settings of that name; each off (0) by default. They run in
 * the engine's input stage, before any recognizer sees a touch, and work with the input filters.
 * Times in seconds, distances in points. @since 0.2.0
 */
typedef struct gk_touch_accommodations {
    size_t size;                   /**< sizeof(gk_touch_accommodations); set by gk_touch_accommodations_init(). */
    double hold_duration;          /**< 0, or 0.1..2: a touch counts once held this long; recognizers see it begin then, where it is then. Shorter touches are never seen (GK_DECISION_TOUCH_HELD_TOO_BRIEFLY). */
    double ignore_repeat;          /**< 0, or 0.1..2: a touch landing this soon after the previous lift, within ignore_repeat_distance of it, is never seen (GK_DECISION_TOUCH_IGNORED_AS_REPEAT); its lift starts the time again. */
    double ignore_repeat_distance; /**< > 0, default 40. */
    uint32_t tap_assistance;       /**< A gk_tap_assistance: a touch that lifts within tap_assistance_delay is a tap, begun and ended at once at its initial or final location, however it slid; one still down after the delay passes as usual. */
    double tap_assistance_delay;   /**< 0.1..2, default 0.3. */
    double swipe_distance;         /**< 0, or 5..200: with a hold duration, a touch that moves this far (points) before the hold duration has passed begins at once where it landed, and moves on, so a swipe or drag works without waiting (iOS's "Swipe Gestures"); one that stays within it still waits. 0: off. @since 0.6.0 */
} gk_touch_accommodations;

/** Fills `accommodations` with the defaults (all off) and sets its size. @since 0.2.0 */
GK_API gk_status gk_touch_accommodations_init(gk_touch_accommodations *accommodations);

/**
 * Sets the touch accommodations; NULL switches them off. As with gk_engine_set_input_filters(),
 * switching the input stage on (the first accommodation or filter) or off (the last) while a touch
 * is down is GK_ERR_BUSY. A value out of range: GK_ERR_INVALID_ARGUMENT; a size below the 0.2.0
 * layout: GK_ERR_STRUCT_SIZE. @since 0.2.0
 */
GK_API gk_status gk_engine_set_touch_accommodations(gk_engine *engine, const gk_touch_accommodations *accommodations);

/** Most single-pointer alternatives one recognizer may declare. @since 0.2.0 */
#define GK_MAX_ALTERNATIVES 16

/**
 * Declares that `alternative` reaches the action of `recognizer` with a single pointer (WCAG
 * 2.5.1), for the audit: a pinch whose zoom is also on two buttons declares each button's tap.
 * Behaviour does not change. Forgotten when either is destroyed. Errors: GK_ERR_STALE_HANDLE,
 * GK_ERR_INVALID_ARGUMENT (the same recognizer), GK_ERR_CAPACITY (GK_MAX_ALTERNATIVES). @since 0.2.0
 */
GK_API gk_status gk_recognizer_declare_alternative(gk_engine *engine, gk_recognizer recognizer,
                                                   gk_recognizer alternative);

/** Removes a declaration made with gk_recognizer_declare_alternative(). @since 0.2.0 */
GK_API gk_status gk_recognizer_remove_alternative(gk_engine *engine, gk_recognizer recognizer,
                                                  gk_recognizer alternative);

/** Why the audit reports a recognizer. @since 0.2.0 */
typedef enum gk_audit_rule {
    GK_AUDIT_MULTIPOINT = 0, /**< WCAG 2.5.1: it needs several fingers at once (pinch, rotation, multi-finger tap, long press, pan, swipe). */
    GK_AUDIT_PATH_BASED = 1, /**< WCAG 2.5.1: it needs a drawn path (swipe, stroke, screen-edge pan). */
    GK_AUDIT_TARGET_SIZE = 2, /**< WCAG 2.5.8: a tap or press target under 24 x 24 CSS px (6.35 mm with a profile's width), too close to others. @since 0.3.0 */
    GK_AUDIT_DRAGGING = 3,   /**< WCAG 2.5.7: a drag (pan, swipe, one-finger zoom) with no declared alternative that neither drags nor needs several fingers. @since 0.3.0 */
    GK_AUDIT_POINTER_CANCELLATION = 4, /**< WCAG 2.5.2: a long press of duration 0 (acts on touch-down). @since 0.3.0 */
    GK_AUDIT_SCREEN_READER_COMMAND = 5, /**< EN 301 549 V3.2.1 5.9, in explore-by-touch: a multi-finger command of the screen reader (recognizer 0; the suggestion names it) that the host has not declared it offers another way (gk_engine_declare_screen_reader_commands; filed under WCAG 2.5.1 before 0.5.0, which exempts an assistive technology's own gestures). @since 0.3.0 */
    GK_AUDIT_NOT_AN_ELEMENT = 6, /**< WCAG 4.1.2 (EN 301 549 11.4.1.2), once the app uses the screen reader (it is on, or a view is an element): a one-finger tap or long press on a view that neither is an accessibility element nor lies inside one, so the screen reader can neither focus nor activate it. @since 0.6.0 */
    GK_AUDIT_EMPTY_LABEL = 7     /**< WCAG 4.1.2: an accessibility element with an empty label (recognizer 0): the screen reader has nothing to say for it. @since 0.6.0 */
} gk_audit_rule;

/** What would fix a finding. @since 0.2.0 */
typedef enum gk_audit_suggestion {
    GK_AUDIT_ADD_ONE_FINGER_ZOOM = 0,  /**< Add a GK_KIND_ONE_FINGER_ZOOM to the view (a pinch). */
    GK_AUDIT_ACCEPT_ONE_FINGER = 1,    /**< Let one finger do it (number_of_touches_required 1), or declare an alternative. */
    GK_AUDIT_DECLARE_ALTERNATIVE = 2,  /**< Offer the action another way (a button) and declare it. */
    GK_AUDIT_ENLARGE_TARGET = 3,       /**< Make the view bigger, space it, or mark it GK_VIEW_INLINE_TARGET or GK_VIEW_ESSENTIAL. @since 0.3.0 */
    GK_AUDIT_ACT_ON_RELEASE = 4,       /**< Give the long press a duration or act when it ends; or mark the view GK_VIEW_ESSENTIAL. @since 0.3.0 */
    GK_AUDIT_OFFER_PAUSE = 5,          /**< The host offers the screen reader's pause (two-finger tap) another way. @since 0.3.0 */
    GK_AUDIT_OFFER_ESCAPE = 6,         /**< ... its escape (two-finger scrub). @since 0.3.0 */
    GK_AUDIT_OFFER_SCROLL = 7,         /**< ... its scroll (three-finger swipe). @since 0.3.0 */
    GK_AUDIT_MARK_ELEMENT = 8,         /**< Mark the view, or the control it belongs to, as an element with a label (gk_view_set_accessibility). @since 0.6.0 */
    GK_AUDIT_ADD_LABEL = 9             /**< Give the element a label that says what it is or does. @since 0.6.0 */
} gk_audit_suggestion;

/** One finding of gk_engine_audit(). @since 0.2.0 */
typedef struct gk_audit_finding {
    gk_view view;              /**< The recognizer's view. */
    gk_recognizer recognizer;  /**< The recognizer whose action one pointer cannot reach. */
    uint32_t rule;             /**< A gk_audit_rule. */
    uint32_t suggestion;       /**< A gk_audit_suggestion. */
} gk_audit_finding;

/**
 * The accessibility audit (docs/ACCESSIBILITY.md): recognizers that need several fingers or a drawn
 * path with no single-pointer alternative (WCAG 2.5.1), drags with no alternative that does not
 * drag (2.5.7), long presses on touch-down (2.5.2), small tap and press targets (2.5.8), and in
 * explore-by-touch the screen reader's multi-finger commands (recognizer 0). See gk_audit_rule.
 * Findings come in view order, then attachment order. *out_count receives their number; with
 * `capacity` 0 nothing else is written (ask, then fetch); a capacity below the number is
 * GK_ERR_CAPACITY with nothing written. `size` is sizeof(gk_audit_finding) as the caller knows it:
 * the entries are `size` bytes apart, so `findings` must hold capacity x size bytes.
 * Not from callbacks (GK_ERR_BUSY). @since 0.2.0
 */
GK_API gk_status gk_engine_audit(gk_engine *engine, gk_audit_finding *findings, size_t capacity, size_t size,
                                 size_t *out_count);

/** A static English name: "multipoint", "path-based"; "unknown" otherwise. Never NULL. @since 0.2.0 */
GK_API const char *gk_audit_rule_string(uint32_t rule);

/** A static English sentence for a gk_audit_suggestion; "unknown" otherwise. Never NULL. @since 0.2.0 */
GK_API const char *gk_audit_suggestion_string(uint32_t suggestion);

/**
 * A view's accessibility data, for explore-by-touch: its label (UTF-8, `label_length` bytes, at
 * most 255, copied; what a screen reader says), whether it is an element the accessibility focus
 * lands on, and its place in reading order (lower first; ties in the order views were made).
 * Errors: GK_ERR_STALE_HANDLE, GK_ERR_INVALID_ARGUMENT (label too long, or NULL with a length).
 * @since 0.2.0
 */
GK_API gk_status gk_view_set_accessibility(gk_engine *engine, gk_view view, const char *label, size_t label_length,
                                           bool is_element, int32_t order);

/** Copies a view's accessibility label into `buffer` (NUL-terminated, truncated to `size`) and
 *  its length into *out_length (may be NULL). @since 0.2.0 */
GK_API gk_status gk_view_get_accessibility_label(const gk_engine *engine, gk_view view, char *buffer, size_t size,
                                                 size_t *out_length);

/**
 * Switches explore-by-touch (the screen-reader mode) on or off; off by default. While it is on,
 * the host's touches do not reach recognizers or views: a finger held (0.3 s) or moved (20 pt)
 * moves the accessibility focus to the element under it; a single tap focuses the element under
 * it once no second tap follows (0.4 s); a double tap anywhere, or a split tap (a second finger
 * tapping while one rests on the element), activates the focused element by a tap synthesized at
 * its centre through the normal arbitration; a one-finger flick right or left moves the focus to
 * the next or previous element in reading order; a double tap whose second finger stays down
 * (0.3 s) passes that finger through to the focused element: a touch synthesized at its centre,
 * moved as the finger moves and lifted with it, through the normal arbitration (so an element with
 * only a long press or a drag can be used); a two-finger tap is pause, a two-finger scrub
 * (a Z) escape, and a three-finger swipe scrolls a page by a one-finger drag synthesized over the
 * view under the fingers (its pans see it). Presses still reach their recognizers. Each change is an accessibility event (gk_engine_poll_accessibility_event).
 * Refused with GK_ERR_BUSY while a touch is down or from a callback. docs/ACCESSIBILITY.md.
 * @since 0.2.0
 */
GK_API gk_status gk_engine_set_screen_reader(gk_engine *engine, bool on);

/** The focused element into *out_view, or GK_VIEW_NONE. @since 0.2.0 */
GK_API gk_status gk_engine_get_accessibility_focus(const gk_engine *engine, gk_view *out_view);

/** What an accessibility event says. @since 0.2.0 */
typedef enum gk_accessibility_event_kind {
    GK_ACCESSIBILITY_FOCUS_CHANGED = 0, /**< The focus moved to `view`: say its label. */
    GK_ACCESSIBILITY_ACTIVATE = 1,      /**< The focused element `view` was activated (double tap or split tap). */
    GK_ACCESSIBILITY_ESCAPE = 2,        /**< A two-finger scrub: go back. */
    GK_ACCESSIBILITY_SCROLL = 3,        /**< A three-finger swipe scrolled a page (a gesture under the fingers took the
                                             drag it synthesized); `direction` says which way the fingers went. */
    GK_ACCESSIBILITY_PAUSE = 4,         /**< A two-finger tap: pause or resume speech. */
    GK_ACCESSIBILITY_PASS_THROUGH = 5,  /**< A double tap and hold: the focused element `view` gets a touch at its centre
                                             that follows the finger until it lifts (its long press or drag). @since 0.3.0 */
    GK_ACCESSIBILITY_BOUNDARY = 6,      /**< A flick past either end of the reading order (or with no readable element):
                                             the focus stays on `view` (may be GK_VIEW_NONE). Play a boundary sound, as
                                             VoiceOver does (TalkBack plays an earcon). Since 0.5.3 also a three-finger
                                             swipe over nothing that scrolls (no gesture took its drag), with
                                             `direction` set. @since 0.5.0 */
    GK_ACCESSIBILITY_SCROLL_INTO_VIEW = 7, /**< The focused element `view` cannot be reached by a touch at its centre
                                             (scrolled out of its scroll view's bounds, or covered): scroll it into
                                             view. Sent when a flick focuses it, and instead of an activation, which
                                             does not happen until it can be reached. @since 0.5.0 */
    GK_ACCESSIBILITY_INCREMENT = 8,     /**< A one-finger flick up on the focused element `view`, which is adjustable
                                             (GK_ACCESSIBILITY_TRAIT_ADJUSTABLE): raise its value and say the new one,
                                             as VoiceOver does. @since 0.5.0 */
    GK_ACCESSIBILITY_DECREMENT = 9,     /**< A one-finger flick down on it: lower its value and say the new one. @since 0.5.0 */
    GK_ACCESSIBILITY_MAGIC_TAP = 10,    /**< A two-finger double tap (VoiceOver's magic tap): do the app's main action of the
                                             moment ("pay", "answer", "stop"), whatever has the focus (`view`, may be
                                             GK_VIEW_NONE). Since it arrived, a two-finger tap's pause waits the double-tap
                                             interval (0.4 s, times the timing scale) for a second tap. @since 0.6.0 */
    GK_ACCESSIBILITY_READ_ALL = 11,     /**< A two-finger swipe down (from the focused element, or the first) or up (from the
                                             first): read to the end. The focus is on `view`, where reading starts: say its
                                             label, then call gk_engine_move_accessibility_focus(GK_FOCUS_NEXT) after each
                                             utterance until GK_ACCESSIBILITY_BOUNDARY; stop when the user touches the screen. @since 0.6.0 */
    GK_ACCESSIBILITY_POSITION = 12,     /**< A three-finger tap: say where the user is ("page 2 of 3"); `view` is the focused
                                             element, may be GK_VIEW_NONE. @since 0.6.0 */
    GK_ACCESSIBILITY_ANNOUNCEMENT = 13, /**< The host's announcement (gk_engine_announce), in order among the reader's events:
                                             `message` and `priority` say what and how. @since 0.6.0 */
    GK_ACCESSIBILITY_ACTIVATE_TWICE = 14 /**< A one-finger triple tap: the focused element `view` got a double tap (two taps
                                             synthesized at its centre), for a control that acts only on a double tap (a map
                                             that zooms), as VoiceOver's triple tap does. While the focused element has a
                                             one-finger tap recognizer asking two taps or more, a double tap waits the
                                             double-tap interval for a third tap before it activates. @since 0.6.0 */
} gk_accessibility_event_kind;

/** What kind of element a view is to the screen reader (gk_view_set_accessibility_traits). @since 0.5.0 */
typedef enum gk_accessibility_trait {
    GK_ACCESSIBILITY_TRAIT_ADJUSTABLE = 1, /**< A value the user sets (a slider, a quantity, a volume): focused, a flick up
                                               or down sends GK_ACCESSIBILITY_INCREMENT or _DECREMENT (UIKit's adjustable
                                               trait). */
    GK_ACCESSIBILITY_TRAIT_NOT_ENABLED = 2,/**< Read only (gk_view_get_accessibility_traits; setting it is
                                               GK_ERR_INVALID_ARGUMENT): the view or an ancestor has user interaction off, a
                                               disabled control. The screen reader focuses it (read it as "dimmed", as
                                               VoiceOver does) and an activation does nothing. @since 0.5.3 */
    GK_ACCESSIBILITY_TRAIT_MODAL = 4,      /**< A modal view (a dialog over the screen; UIKit's accessibilityViewIsModal): while it
                                               is shown, the screen reader reaches only the elements inside it (exploring,
                                               flicks, first and last, gk_engine_set_accessibility_focus), and a focus outside it
                                               is dropped. With several shown, the one made last counts. Move the focus into it
                                               with gk_engine_set_accessibility_focus() when it appears. @since 0.6.0 */
    GK_ACCESSIBILITY_TRAIT_GROUP = 8       /**< A group (a panel, a card): the elements inside it read together, ordered among
                                               themselves by their `order`, while the group takes its own `order` (set with
                                               gk_view_set_accessibility, is_element false) among its siblings, so that two
                                               panels read panel by panel. A group that is an element reads before its
                                               contents. @since 0.6.0 */
} gk_accessibility_trait;

/**
 * Sets a view's accessibility traits, gk_accessibility_trait bits (0: none, the default). Errors:
 * GK_ERR_STALE_HANDLE, GK_ERR_INVALID_ARGUMENT (an unknown bit), GK_ERR_BUSY from a callback.
 * @since 0.5.0
 */
GK_API gk_status gk_view_set_accessibility_traits(gk_engine *engine, gk_view view, uint32_t traits);

/** A view's accessibility traits into *out_traits: those set, and GK_ACCESSIBILITY_TRAIT_NOT_ENABLED while the
 *  view or an ancestor has user interaction off. @since 0.5.0 */
GK_API gk_status gk_view_get_accessibility_traits(const gk_engine *engine, gk_view view, uint32_t *out_traits);

/** The screen reader's multi-finger commands, as bits. @since 0.5.0 */
typedef enum gk_screen_reader_command {
    GK_SCREEN_READER_PAUSE = 1,  /**< Pause and resume speech (two-finger tap). */
    GK_SCREEN_READER_ESCAPE = 2, /**< Go back (two-finger scrub). */
    GK_SCREEN_READER_SCROLL = 4  /**< Scroll a page (three-finger swipe). */
} gk_screen_reader_command;

/**
 * Declares which of the screen reader's multi-finger commands the host also offers another way (a
 * key, a button), gk_screen_reader_command bits; 0 (the default) declares none. The audit reports
 * only the others (GK_AUDIT_SCREEN_READER_COMMAND, EN 301 549 5.9). Behaviour does not change.
 * Errors: GK_ERR_INVALID_ARGUMENT (an unknown bit), GK_ERR_BUSY from a callback. @since 0.5.0
 */
GK_API gk_status gk_engine_declare_screen_reader_commands(gk_engine *engine, uint32_t commands);

/** The commands declared with gk_engine_declare_screen_reader_commands() into *out_commands. @since 0.5.0 */
GK_API gk_status gk_engine_get_screen_reader_commands(const gk_engine *engine, uint32_t *out_commands);

/** One accessibility event. @since 0.2.0 */
typedef struct gk_accessibility_event {
    uint64_t sequence;   /**< Shared with actions, deliveries and the decision log. */
    double timestamp;    /**< Engine time. */
    uint32_t kind;       /**< A gk_accessibility_event_kind. */
    uint32_t direction;  /**< GK_ACCESSIBILITY_SCROLL, and BOUNDARY after a three-finger swipe: one gk_swipe_direction bit; 0 otherwise. */
    gk_view view;        /**< The element (the focused one for escape, scroll and pause; may be GK_VIEW_NONE). */
    uint64_t dropped_before; /**< Events lost just before this one because the queue was full (0 normally):
                                  speech the user did not hear. @since 0.3.0 */
    uint64_t message;    /**< GK_ACCESSIBILITY_ANNOUNCEMENT: the value given to gk_engine_announce(); 0 otherwise. @since 0.6.0 */
    uint32_t priority;   /**< GK_ACCESSIBILITY_ANNOUNCEMENT: a gk_announcement_priority; 0 otherwise. @since 0.6.0 */
} gk_accessibility_event;

/** The accessibility events the engine holds for the host. @since 0.3.0 */
#define GK_ACCESSIBILITY_QUEUE_CAPACITY 256

/**
 * Takes the oldest accessibility event. GK_EMPTY when there is none. The queue holds
 * GK_ACCESSIBILITY_QUEUE_CAPACITY events: when the host does not drain it, the oldest are dropped,
 * counted in gk_engine_stats.dropped_accessibility_events, and the next event taken carries their
 * number in `dropped_before`. `size` is sizeof(gk_accessibility_event) as the caller knows it; the
 * 0.2.0 layout (without `dropped_before`, 32 bytes) is accepted. @since 0.2.0
 */
GK_API gk_status gk_engine_poll_accessibility_event(gk_engine *engine, gk_accessibility_event *out_event, size_t size);

/** How an announcement is said beside the reader's own speech (gk_accessibility_event_interrupts). @since 0.6.0 */
typedef enum gk_announcement_priority {
    GK_ANNOUNCE_POLITE = 0, /**< Said after what is being said; the reader's events (a focus change) wait for it rather
                                 than cut it, so it is never lost behind a flick. */
    GK_ANNOUNCE_URGENT = 1  /**< Cuts what is being said, except another urgent announcement, which it waits for. */
} gk_announcement_priority;

/**
 * Queues the host's announcement ("Card declined") among the screen reader's events, so that it
 * is said in order with them and with `priority` (a gk_announcement_priority). `message` is the
 * host's own value (an index into its texts, a pointer cast to an integer): the engine stores it,
 * gives it back in the event's `message`, and never reads what it points to. When the queue
 * overflows, reader events are dropped before announcements. Allowed with explore-by-touch on or
 * off, and from callbacks (a target that sees a card declined announces it at once). Errors:
 * GK_ERR_INVALID_ARGUMENT (an unknown priority). @since 0.6.0
 */
GK_API gk_status gk_engine_announce(gk_engine *engine, uint64_t message, uint32_t priority);

/**
 * Whether a host that is saying event `speaking` should cut it to say `next` now (*out_interrupts
 * true) or say `next` after it (false). The reader's own events cut each other (a flick stops the
 * previous label); a polite announcement waits for what is said and is cut only by an urgent
 * one; an urgent announcement cuts anything but another urgent announcement, which it waits for.
 * Both events are `size` bytes as the caller knows the struct (at least the 0.6.0 layout).
 * Errors: GK_ERR_NULL_POINTER, GK_ERR_STRUCT_SIZE. @since 0.6.0
 */
GK_API gk_status gk_accessibility_event_interrupts(const gk_accessibility_event *speaking, const gk_accessibility_event *next,
                                                   size_t size, bool *out_interrupts);

/**
 * The host moves the accessibility focus to `view` (a new screen, a field in error), as UIKit's
 * screen-changed notification does: a GK_ACCESSIBILITY_FOCUS_CHANGED event for it follows even
 * when it had the focus already, and GK_ACCESSIBILITY_SCROLL_INTO_VIEW when a touch cannot reach
 * it. GK_VIEW_NONE drops the focus, with no event. Ignored (GK_OK, no event) while
 * explore-by-touch is off. Allowed from callbacks (a target that opens a new screen moves the focus
 * there). Errors: GK_ERR_STALE_HANDLE; GK_ERR_INVALID_ARGUMENT for a view that is not an element in
 * the reading order (hidden, zero-size, outside the modal view). @since 0.6.0
 */
GK_API gk_status gk_engine_set_accessibility_focus(gk_engine *engine, gk_view view);

/** Where gk_engine_move_accessibility_focus() moves the focus in reading order. @since 0.6.0 */
typedef enum gk_focus_move {
    GK_FOCUS_NEXT = 0,     /**< The next element (a flick right); the first with no focus. */
    GK_FOCUS_PREVIOUS = 1, /**< The previous element (a flick left); the last with no focus. */
    GK_FOCUS_FIRST = 2,    /**< The first element (a four-finger tap near the top of the screen). */
    GK_FOCUS_LAST = 3      /**< The last element (a four-finger tap near the bottom). */
} gk_focus_move;

/**
 * Moves the accessibility focus in reading order as the gestures do, for keys and switches and to
 * go on reading after GK_ACCESSIBILITY_READ_ALL: a GK_ACCESSIBILITY_FOCUS_CHANGED event (and
 * SCROLL_INTO_VIEW) for the element reached, or GK_ACCESSIBILITY_BOUNDARY at the end. Within the
 * modal view, if one is shown. Ignored (GK_OK) while explore-by-touch is off. Allowed from
 * callbacks. Errors: GK_ERR_INVALID_ARGUMENT (an unknown move). @since 0.6.0
 */
GK_API gk_status gk_engine_move_accessibility_focus(gk_engine *engine, uint32_t move);

/** Reads the touch accommodations; `size` is sizeof(gk_touch_accommodations) as the caller knows it. @since 0.2.0 */
GK_API gk_status gk_engine_get_touch_accommodations(const gk_engine *engine, gk_touch_accommodations *out_accommodations,
                                                    size_t size);

/* ---------------------------------------------------------------------------------------------
 * Views
 * ------------------------------------------------------------------------------------------- */

/** Boolean view flags (UIView). @since 0.1.0 */
typedef enum gk_view_flag {
    GK_VIEW_HIDDEN = 0,                   /**< isHidden; default false. Hidden views are not hit-tested (rule 3). */
    GK_VIEW_USER_INTERACTION_ENABLED = 1, /**< isUserInteractionEnabled; default true. */
    GK_VIEW_MULTIPLE_TOUCH_ENABLED = 2,   /**< isMultipleTouchEnabled; default false: the view receives only the first touch of a sequence (rule 8). */
    GK_VIEW_EXCLUSIVE_TOUCH = 3,          /**< isExclusiveTouch; default false (rule 9). */
    GK_VIEW_INLINE_TARGET = 4,            /**< For the audit: the target's size is set by the text it sits in (WCAG 2.5.8's inline exception). @since 0.3.0 */
    GK_VIEW_ESSENTIAL = 5                 /**< For the audit: its size (WCAG 2.5.8) or acting on touch-down (2.5.2) is essential. @since 0.3.0 */
} gk_view_flag;

/** Deepest nesting of views below the root. @since 0.1.0 */
#define GK_MAX_VIEW_DEPTH 256

/**
 * Creates a view as the front-most child of `parent`, with `frame` (x, y, width, height) in the
 * parent's coordinates. Sizes must be >= 0 and every value finite. The engine owns the view.
 * Views nest at most GK_MAX_VIEW_DEPTH deep below the root.
 * Errors: GK_ERR_STALE_HANDLE (parent), GK_ERR_INVALID_ARGUMENT, GK_ERR_CAPACITY (max_views or
 * the depth), GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_view_create(gk_engine *engine, gk_view parent, const gk_rect *frame, gk_view *out_view);

/**
 * Destroys a view and its subviews (not the root). Their recognizers are detached (cancelled if
 * they were recognizing, which runs an update pass) and stay valid for re-attaching or
 * gk_recognizer_destroy(). Touches bound to the views reach no view any more. @since 0.1.0
 */
GK_API gk_status gk_view_destroy(gk_engine *engine, gk_view view);

/** Moves a view under `parent`, in front of its new siblings. Not the root; not under itself. @since 0.1.0 */
GK_API gk_status gk_view_set_parent(gk_engine *engine, gk_view view, gk_view parent);
/** The parent; GK_VIEW_NONE for the root. @since 0.1.0 */
GK_API gk_status gk_view_get_parent(const gk_engine *engine, gk_view view, gk_view *out_parent);

/** Sets the frame without the transform (centre and size), in the parent's coordinates. @since 0.1.0 */
GK_API gk_status gk_view_set_frame(gk_engine *engine, gk_view view, const gk_rect *frame);
/** Reads the frame (without the transform) in the parent's coordinates. @since 0.1.0 */
GK_API gk_status gk_view_get_frame(const gk_engine *engine, gk_view view, gk_rect *out_frame);

/** Sets the bounds origin: the local point at the view's top-left corner (scrolling). @since 0.1.0 */
GK_API gk_status gk_view_set_bounds_origin(gk_engine *engine, gk_view view, gk_point origin);
/** Reads the bounds origin. @since 0.1.0 */
GK_API gk_status gk_view_get_bounds_origin(const gk_engine *engine, gk_view view, gk_point *out_origin);

/**
 * Sets the transform about the view's centre. The root keeps identity. GK_ERR_INVALID_ARGUMENT
 * when a coefficient is NaN or infinite, the translation exceeds 1e12 pt, the linear part cannot be
 * inverted, or some view's composed transform from the window (or back) would magnify by more
 * than 1e100 (nested transforms are multiplied: this keeps every converted point finite).
 * gk_view_set_parent() refuses a move that would break the same limit. @since 0.1.0
 */
GK_API gk_status gk_view_set_transform(gk_engine *engine, gk_view view, const gk_transform *transform);
/** Reads the transform about the view's centre. @since 0.1.0 */
GK_API gk_status gk_view_get_transform(const gk_engine *engine, gk_view view, gk_transform *out_transform);

/** Sets or reads a boolean flag. @since 0.1.0 */
GK_API gk_status gk_view_set_flag(gk_engine *engine, gk_view view, gk_view_flag flag, bool value);
/** Reads a flag. Errors: GK_ERR_INVALID_ARGUMENT for an unknown flag. @since 0.1.0 */
GK_API gk_status gk_view_get_flag(const gk_engine *engine, gk_view view, gk_view_flag flag, bool *out_value);

/** Opacity in [0, 1]; below 0.01 the view is not hit-tested (rule 3). Default 1. @since 0.1.0 */
GK_API gk_status gk_view_set_alpha(gk_engine *engine, gk_view view, double alpha);
/** Reads the opacity. @since 0.1.0 */
GK_API gk_status gk_view_get_alpha(const gk_engine *engine, gk_view view, double *out_alpha);

/** A pointer the host associates with the view (e.g. its widget). Never dereferenced by the library. @since 0.1.0 */
GK_API gk_status gk_view_set_user_data(gk_engine *engine, gk_view view, void *user_data);
/** Reads the pointer set with gk_view_set_user_data() (NULL by default). @since 0.1.0 */
GK_API gk_status gk_view_get_user_data(const gk_engine *engine, gk_view view, void **out_user_data);

/**
 * Converts `point` from `from`'s coordinates to `to`'s; GK_VIEW_NONE means the window for either.
 * Errors: GK_ERR_INVALID_ARGUMENT for a coordinate that is not finite or beyond 1e12 pt (the
 * result is then always finite). @since 0.1.0
 */
GK_API gk_status gk_view_convert_point(const gk_engine *engine, gk_point point, gk_view from, gk_view to,
                                       gk_point *out_point);

/** The view a touch at `window_point` would be bound to (rules 1–3); GK_VIEW_NONE when none. @since 0.1.0 */
GK_API gk_status gk_view_hit_test(const gk_engine *engine, gk_point window_point, gk_view *out_view);

/* ---------------------------------------------------------------------------------------------
 * Recognizers
 * ------------------------------------------------------------------------------------------- */

/**
 * Creates a recognizer of `kind` with UIKit's defaults, unattached. The engine owns it until
 * gk_recognizer_destroy() or gk_engine_destroy(). GK_KIND_CUSTOM gives GK_ERR_UNSUPPORTED here:
 * custom recognizers are made with gk_recognizer_create_custom(), which takes their hooks. A
 * stroke recognizer starts with no templates. Errors: GK_ERR_INVALID_ARGUMENT (unknown kind),
 * GK_ERR_CAPACITY, GK_ERR_BUSY. @since 0.1.0
 */
GK_API gk_status gk_recognizer_create(gk_engine *engine, gk_recognizer_kind kind, gk_recognizer *out_recognizer);

/**
 * Detaches (cancelling it if it was recognizing, which runs an update pass) and destroys a
 * recognizer. Its handle becomes stale; failure requirements naming it are removed. @since 0.1.0
 */
GK_API gk_status gk_recognizer_destroy(gk_engine *engine, gk_recognizer recognizer);

/**
 * Attaches a recognizer to a view, after the view's other recognizers. Touches already down do
 * not reach it (rule 4). Errors: GK_ERR_ALREADY_ATTACHED, GK_ERR_STALE_HANDLE, GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_recognizer_attach(gk_engine *engine, gk_recognizer recognizer, gk_view view);

/** Detaches a recognizer from its view; cancels or fails it if it was involved (rule 56). @since 0.1.0 */
GK_API gk_status gk_recognizer_detach(gk_engine *engine, gk_recognizer recognizer);

/** The view it is attached to, or GK_VIEW_NONE. @since 0.1.0 */
GK_API gk_status gk_recognizer_get_view(const gk_engine *engine, gk_recognizer recognizer, gk_view *out_view);
/** The recognizer's kind. @since 0.1.0 */
GK_API gk_status gk_recognizer_get_kind(const gk_engine *engine, gk_recognizer recognizer, gk_recognizer_kind *out_kind);

/**
 * The current state. Between update passes it is GK_STATE_POSSIBLE, GK_STATE_BEGAN or
 * GK_STATE_CHANGED (finished recognizers are reset at the end of their pass, rule 17); inside an
 * action callback it is the state the action reports. @since 0.1.0
 */
GK_API gk_status gk_recognizer_get_state(const gk_engine *engine, gk_recognizer recognizer, gk_state *out_state);

/**
 * Recognizer properties, read and written with the typed accessors below. Each property has one
 * value type (bool, int or double); using another accessor gives GK_ERR_UNKNOWN_PROPERTY, a
 * property of another kind GK_ERR_WRONG_KIND, a value out of range GK_ERR_INVALID_ARGUMENT, and
 * setting a read-only one GK_ERR_READ_ONLY. Screen-edge pans also take the GK_PROP_PAN_*
 * properties. Distances and speeds are points (per second) and are scaled by the engine's
 * points_per_mm / 6.4 when used; reported values are never scaled. Times are seconds, angles
 * radians. A "maximum" double property documented as "may be INFINITY" accepts +INFINITY.
 * @since 0.1.0
 */
typedef enum gk_property {
    /* Every kind. */
    GK_PROP_ENABLED = 1,                      /**< bool, default true. Turning it off cancels a recognizing gesture (rule 55). */
    GK_PROP_CANCELS_TOUCHES_IN_VIEW = 2,      /**< bool, default true (rule 48). */
    GK_PROP_DELAYS_TOUCHES_BEGAN = 3,         /**< bool, default false; true for screen-edge pans (rules 51, 90). */
    GK_PROP_DELAYS_TOUCHES_ENDED = 4,         /**< bool, default true (rule 49). */
    GK_PROP_REQUIRES_EXCLUSIVE_TOUCH_TYPE = 5,/**< bool, default true. */
    GK_PROP_ALLOWED_TOUCH_TYPES = 6,          /**< int, GK_TOUCH_TYPE_BIT() set, default GK_TOUCH_TYPES_ALL (hover: stylus | indirect pointer). Other touch types never reach the recognizer. */
    GK_PROP_BUTTON_MASK = 7,                  /**< int, read-only: gk_button bits held by its pointer touches (buttonMask). */
    GK_PROP_MODIFIER_FLAGS = 8,               /**< int, read-only: gk_modifier bits of the latest event it received (modifierFlags). */
    GK_PROP_ALLOWED_PRESS_TYPES = 9,          /**< int, GK_PRESS_TYPE_BIT() set, default 0: the buttons whose presses reach it (allowedPressTypes). Tap and long press recognize presses. */
    GK_PROP_SCALES_TIMING = 10,               /**< bool, default true: the engine's timing scale (gk_engine_set_timing_scale) applies to its time limits. @since 0.2.0 */
    GK_PROP_DRIFT_ALLOWANCE = 11,             /**< double pt/s >= 0, default 10; pan, screen-edge pan, pinch and rotation only (GK_ERR_WRONG_KIND otherwise): motion slower than this does not count toward beginning a pan of two or more fingers, a pinch or a rotation (for these two, 6 times as fast for 0.15 s after a finger lands, while the pads settle), so a still hold never begins one. 0 gives the plain hysteresis rules. docs/INPUT.md, "Still holds". @since 0.5.0 */
    GK_PROP_LANDING_WINDOW = 12,              /**< double s >= 0, default 0 (off): how long a recognizer that needs several touches down together (a two-finger tap, a three-finger long press, a four-finger pan, a pinch) waits for the next one. While it has at least one touch but fewer than it needs, it fails this long after the latest landing, or after a lift that left it short (scaled by the timing scale). With GK_PROP_DELAYS_TOUCHES_BEGAN, a touch that does not become part of the gesture is withheld from its view for at most this long. Recognizers that need one touch ignore it. docs/RECOGNIZERS.md, "Landing window". @since 0.5.2 */
    /* GK_KIND_TAP (rules 63-70). */
    GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED = 100,    /**< int 1..64, default 1. */
    GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED = 101, /**< int 1..max_touches, default 1. */
    GK_PROP_TAP_ALLOWABLE_MOVEMENT = 102,         /**< double pt >= 0, default 45 (rule 64). */
    GK_PROP_TAP_MAXIMUM_INTERVAL = 103,           /**< double s > 0, default 0.35 (rule 67). */
    GK_PROP_TAP_MAXIMUM_DURATION = 104,           /**< double s > 0, default 1.5 (rule 68). */
    GK_PROP_TAP_FINGER_WINDOW = 105,              /**< double s > 0, default 0.25 (rule 69). */
    GK_PROP_TAP_BUTTON_MASK_REQUIRED = 106,       /**< int, gk_button bits a pointer touch must hold (buttonMaskRequired), non-zero, default GK_BUTTON_PRIMARY. Fingers and styluses always qualify. */
    /* GK_KIND_PAN and GK_KIND_SCREEN_EDGE_PAN (rules 78-92). */
    GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES = 200,  /**< int >= 1, default 1. */
    GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES = 201,  /**< int >= 1, default INT64_MAX (unlimited); screen edge 1. */
    GK_PROP_PAN_HYSTERESIS = 202,                 /**< double pt >= 0, default 10 (rule 79). */
    GK_PROP_PAN_VELOCITY_MODE = 203,              /**< int, a gk_velocity_mode, default GK_VELOCITY_LEAST_SQUARES. */
    GK_PROP_PAN_VELOCITY_WINDOW = 204,            /**< double s > 0, default 0.1. */
    GK_PROP_PAN_VELOCITY_PAUSE_LIMIT = 205,       /**< double s >= 0, default 0.04. */
    GK_PROP_PAN_VELOCITY_ON_CHANGE = 206,         /**< bool, default false: GK_STATE_CHANGED actions carry the velocity too (began and ended always do; gk_pan_velocity() computes it at any time). Before 0.3.0 every action carried it. @since 0.3.0 */
    /* GK_KIND_LONG_PRESS (rules 71-77). */
    GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION = 300,  /**< double s >= 0, default 0.5; 0 begins at touch-down. */
    GK_PROP_LONG_PRESS_ALLOWABLE_MOVEMENT = 301,      /**< double pt >= 0, default 10 (before began only). */
    GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED = 302, /**< int 1..max_touches, default 1. */
    GK_PROP_LONG_PRESS_NUMBER_OF_TAPS_REQUIRED = 303, /**< int 0..64, default 0. */
    GK_PROP_LONG_PRESS_MAXIMUM_TAP_INTERVAL = 304,    /**< double s > 0, default 0.35 (rule 76). */
    GK_PROP_LONG_PRESS_TAP_ALLOWABLE_MOVEMENT = 305,  /**< double pt >= 0, default 45 (rule 64, for the taps). */
    GK_PROP_LONG_PRESS_MAXIMUM_TAP_DURATION = 306,    /**< double s > 0, default 1.5 (rule 68, for the taps). */
    /* GK_KIND_SCREEN_EDGE_PAN (rules 89-92). */
    GK_PROP_SCREEN_EDGE_EDGES = 400,              /**< int, gk_rect_edge bits, default 0 (never recognizes). */
    GK_PROP_SCREEN_EDGE_REGION = 401,             /**< double pt >= 0, default 13: how close to the edge the touch must go down. */
    GK_PROP_SCREEN_EDGE_HYSTERESIS = 402,         /**< double pt >= 0, default 15: inward movement to begin. */
    /* GK_KIND_SWIPE (rules 93-98; limits decay with time as rule 97 says). */
    GK_PROP_SWIPE_DIRECTION = 500,                /**< int, non-empty gk_swipe_direction bits, default GK_SWIPE_RIGHT. */
    GK_PROP_SWIPE_NUMBER_OF_TOUCHES_REQUIRED = 501, /**< int 1..max_touches, default 1. */
    GK_PROP_SWIPE_MAXIMUM_DURATION = 502,         /**< double s > 0, default 0.5. */
    GK_PROP_SWIPE_MINIMUM_PRIMARY_MOVEMENT = 503, /**< double pt >= 0, default 50 (26.5 at 0.5 s). */
    GK_PROP_SWIPE_MAXIMUM_PRIMARY_MOVEMENT = 504, /**< double pt >= 0, may be INFINITY, default INFINITY. */
    GK_PROP_SWIPE_MINIMUM_SECONDARY_MOVEMENT = 505, /**< double pt >= 0, default 0. */
    GK_PROP_SWIPE_MAXIMUM_SECONDARY_MOVEMENT = 506, /**< double pt >= 0, may be INFINITY, default 200 (102 at 0.5 s). */
    GK_PROP_SWIPE_MINIMUM_DECAY = 507,            /**< double in [0, 1], default 0.06: decay factor of the minimums. */
    GK_PROP_SWIPE_MAXIMUM_DECAY = 508,            /**< double in [0, 1], default 0.02: decay factor of the maximums. */
    GK_PROP_SWIPE_MINIMUM_PRIMARY_SPEED = 509,    /**< double pt/s >= 0, default 0 (no speed check). */
    GK_PROP_SWIPE_MAXIMUM_OPPOSITE_MOVEMENT = 510,/**< double pt >= 0, default 10: more against a direction rules it out. */
    /* GK_KIND_PINCH (rules 99-103). */
    GK_PROP_PINCH_SCALE = 600,                    /**< double, finite: scale, cumulative, 1 before began. Setting it re-bases later values. */
    GK_PROP_PINCH_VELOCITY = 601,                 /**< double, read-only: scale per second. */
    GK_PROP_PINCH_HYSTERESIS = 602,               /**< double pt >= 0, default 8. */
    GK_PROP_PINCH_VELOCITY_MODE = 603,            /**< int, a gk_velocity_mode, default GK_VELOCITY_UIKIT_COMPATIBLE (rule 101). */
    GK_PROP_PINCH_WEIGHT_PINCH = 604,             /**< double >= 0, default 4 (spec 6.7 dominance). */
    GK_PROP_PINCH_WEIGHT_ROTATION = 605,          /**< double >= 0, default 0.5. */
    GK_PROP_PINCH_WEIGHT_TRANSLATION = 606,       /**< double >= 0, default 0.5. */
    /* GK_KIND_ROTATION (rules 104-107). */
    GK_PROP_ROTATION_ROTATION = 700,              /**< double rad, finite: rotation, cumulative, clockwise positive on a y-down screen. Setting it re-bases. */
    GK_PROP_ROTATION_VELOCITY = 701,              /**< double, read-only: radians per second. */
    GK_PROP_ROTATION_ANGLE_THRESHOLD = 702,       /**< double rad >= 0, default 5 degrees (0.0873). */
    GK_PROP_ROTATION_ANGLE_THRESHOLD_GROWTH = 703,/**< double rad >= 0, default 5 degrees: added as growth x sqrt(min(|dd|/d0, 1)). */
    GK_PROP_ROTATION_VELOCITY_MODE = 704,         /**< int, a gk_velocity_mode, default GK_VELOCITY_UIKIT_COMPATIBLE. */
    GK_PROP_ROTATION_WEIGHT_ROTATION = 705,       /**< double >= 0, default 4. */
    GK_PROP_ROTATION_WEIGHT_PINCH = 706,          /**< double >= 0, default 0.5. */
    GK_PROP_ROTATION_WEIGHT_TRANSLATION = 707,    /**< double >= 0, default 0.5. */
    /* GK_KIND_STROKE (docs/STROKES.md). */
    GK_PROP_STROKE_THRESHOLD = 800,               /**< double in [0, 1], default 0.804 (0.8 before 0.3.0): least score to recognize. */
    GK_PROP_STROKE_MINIMUM_LENGTH = 801,          /**< double pt >= 0, default 30: shorter strokes fail without matching. */
    GK_PROP_STROKE_ROTATION_INVARIANT = 802,      /**< bool, default false: match shapes in any orientation (unistroke matcher). */
    GK_PROP_STROKE_MATCHER = 803,                 /**< int, a gk_stroke_matcher, default GK_STROKE_MATCHER_POINT_CLOUD
                                                       (GK_STROKE_MATCHER_UNISTROKE before 0.3.0). @since 0.2.0 */
    GK_PROP_STROKE_PAUSE = 804,                   /**< double s in [0, 60], default 0.5: point-cloud matcher: a shape ends this long after the last lift (0: at the first lift). @since 0.2.0 */
    GK_PROP_STROKE_MAXIMUM_STROKES = 805,         /**< int 1..64, default 8: point-cloud matcher: one stroke more fails. @since 0.2.0 */
    GK_PROP_STROKE_CONTINUATION_PAUSE = 806,      /**< double s in [0, 60], default 3: point-cloud matcher: the wait instead of GK_PROP_STROKE_PAUSE while the strokes so far look about as much like the beginning of a template of more strokes as like any whole template; never shorter than the stroke pause. docs/STROKES.md, "When a shape ends". @since 0.5.0 */
    GK_PROP_STROKE_COMPLETE_PAUSE = 807,          /**< double s in [0, 60], default 1: point-cloud matcher: the wait instead, when the strokes so far already match a whole template and also fit the beginning of a longer one (a line that may become a T); taken between GK_PROP_STROKE_PAUSE and GK_PROP_STROKE_CONTINUATION_PAUSE. docs/STROKES.md, "When a shape ends". @since 0.6.2 */
    /* GK_KIND_ONE_FINGER_ZOOM (docs/ACCESSIBILITY.md). @since 0.2.0 */
    GK_PROP_ONE_FINGER_ZOOM_SCALE = 900,              /**< double, read-only: 1 at began; x2 per points_per_doubling dragged down. */
    GK_PROP_ONE_FINGER_ZOOM_VELOCITY = 901,           /**< double, read-only: scale per second. */
    GK_PROP_ONE_FINGER_ZOOM_HYSTERESIS = 902,         /**< double pt >= 0, default 10: vertical drag to begin. */
    GK_PROP_ONE_FINGER_ZOOM_POINTS_PER_DOUBLING = 903,/**< double pt > 0, default 150. */
    GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_DURATION = 904,/**< double s > 0, default 0.3: the first tap (timing-scaled). */
    GK_PROP_ONE_FINGER_ZOOM_MAXIMUM_TAP_INTERVAL = 905 /**< double s > 0, default 0.35: first lift to second touch (timing-scaled). */
} gk_property;

/** Stroke matchers (GK_PROP_STROKE_MATCHER, docs/STROKES.md). @since 0.2.0 */
typedef enum gk_stroke_matcher {
    GK_STROKE_MATCHER_UNISTROKE = 0,   /**< One stroke, point by point in drawing order (the "$1" idea). */
    GK_STROKE_MATCHER_POINT_CLOUD = 1  /**< One or more strokes as a point cloud: order, direction and stroke count do not matter (the "$P" idea). */
} gk_stroke_matcher;

/**
 * Velocity estimators (spec section 7a). Pan and screen-edge pan default to least squares;
 * pinch and rotation to the UIKit smoothing of rule 101. @since 0.1.0
 */
typedef enum gk_velocity_mode {
    GK_VELOCITY_LEAST_SQUARES = 0,   /**< Least squares over the last 100 ms; zero after a pause before lift-off. */
    GK_VELOCITY_UIKIT_COMPATIBLE = 1, /**< Pan: 0.2 x newest + 0.8 x previous sample. Pinch, rotation: 0.75 x previous smoothed + 0.25 x newest. Stale after a pause. */
    GK_VELOCITY_TIME_WEIGHTED = 2    /**< Pan only (@since 0.2.0): the mean velocity over exactly the last 100 ms up to the lift (displacement over time, the window's start interpolated between reports), so 60 Hz and 240 Hz panels agree; smoother and lower than the default for a stroke that speeds up through the window (docs/INPUT.md). */
} gk_velocity_mode;

/** Swipe directions (UISwipeGestureRecognizer.Direction), a bit set. @since 0.1.0 */
typedef enum gk_swipe_direction {
    GK_SWIPE_RIGHT = 1u << 0,
    GK_SWIPE_LEFT = 1u << 1,
    GK_SWIPE_UP = 1u << 2,
    GK_SWIPE_DOWN = 1u << 3
} gk_swipe_direction;

/** Screen edges (UIRectEdge), a bit set. @since 0.1.0 */
typedef enum gk_rect_edge {
    GK_EDGE_TOP = 1u << 0,
    GK_EDGE_LEFT = 1u << 1,
    GK_EDGE_BOTTOM = 1u << 2,
    GK_EDGE_RIGHT = 1u << 3
} gk_rect_edge;

/**
 * The typed property accessors. set_* writes `value` (validated); get_* stores the current value
 * in *out_value. Errors: GK_ERR_NULL_POINTER, GK_ERR_STALE_HANDLE, GK_ERR_UNKNOWN_PROPERTY (unknown
 * id, or the wrong accessor for its type), GK_ERR_WRONG_KIND, GK_ERR_INVALID_ARGUMENT,
 * GK_ERR_READ_ONLY. Allowed inside callbacks. @since 0.1.0
 */
GK_API gk_status gk_recognizer_set_bool(gk_engine *engine, gk_recognizer recognizer, gk_property property, bool value);
GK_API gk_status gk_recognizer_get_bool(const gk_engine *engine, gk_recognizer recognizer, gk_property property, bool *out_value);
GK_API gk_status gk_recognizer_set_int(gk_engine *engine, gk_recognizer recognizer, gk_property property, int64_t value);
GK_API gk_status gk_recognizer_get_int(const gk_engine *engine, gk_recognizer recognizer, gk_property property, int64_t *out_value);
GK_API gk_status gk_recognizer_set_double(gk_engine *engine, gk_recognizer recognizer, gk_property property, double value);
GK_API gk_status gk_recognizer_get_double(const gk_engine *engine, gk_recognizer recognizer, gk_property property, double *out_value);

/** Longest recognizer name, in bytes. @since 0.1.0 */
#define GK_MAX_NAME_LENGTH 255

/**
 * Sets the recognizer's name (for logs): `length` bytes from `name`, copied; need not be
 * NUL-terminated. `name` may be NULL when `length` is 0. Errors: GK_ERR_INVALID_ARGUMENT when
 * length > GK_MAX_NAME_LENGTH. @since 0.1.0
 */
GK_API gk_status gk_recognizer_set_name(gk_engine *engine, gk_recognizer recognizer, const char *name, size_t length);

/**
 * Copies the name into `buffer` (capacity `size` bytes) with a terminating NUL, truncating if
 * needed, and stores the full length (without NUL) in *out_length if it is not NULL. `buffer` may
 * be NULL when `size` is 0 (to ask for the length). @since 0.1.0
 */
GK_API gk_status gk_recognizer_get_name(const gk_engine *engine, gk_recognizer recognizer, char *buffer, size_t size,
                                        size_t *out_length);

/** Most failure requirements one recognizer may hold (gk_recognizer_require_failure_of). @since 0.1.0 */
#define GK_MAX_FAILURE_REQUIREMENTS 64

/**
 * `recognizer` will not leave GK_STATE_POSSIBLE until `other` has failed (require(toFail:),
 * rules 38–45). Both must belong to the engine. Adding the same pair twice is ignored; a
 * recognizer cannot require itself (GK_ERR_INVALID_ARGUMENT). A cycle of requirements whose
 * members are all waiting fails all of them. More than GK_MAX_FAILURE_REQUIREMENTS gives
 * GK_ERR_CAPACITY. @since 0.1.0
 */
GK_API gk_status gk_recognizer_require_failure_of(gk_engine *engine, gk_recognizer recognizer, gk_recognizer other);
/** Removes a requirement added with gk_recognizer_require_failure_of(). @since 0.1.0 */
GK_API gk_status gk_recognizer_remove_failure_requirement(gk_engine *engine, gk_recognizer recognizer,
                                                          gk_recognizer other);

/**
 * An action target (rules 23–24). Called synchronously for each action the recognizer sends,
 * with the snapshot also queued for gk_engine_poll_action(). `action` is valid during the call only.
 * See CALLBACKS AND RE-ENTRANCY for what the function may call. @since 0.1.0
 */
typedef void (*gk_action_fn)(gk_engine *engine, const gk_action *action, void *user_data);

/** Most targets one recognizer may have. @since 0.1.0 */
#define GK_MAX_TARGETS 64

/**
 * Adds a target (at most GK_MAX_TARGETS, beyond which GK_ERR_CAPACITY). Targets are called in the
 * order they were added; adding the same (fn,
 * user_data) pair again is ignored (GK_OK). `user_data` is passed back unchanged and never
 * dereferenced; it must stay valid while the target is registered. @since 0.1.0
 */
GK_API gk_status gk_recognizer_add_target(gk_engine *engine, gk_recognizer recognizer, gk_action_fn fn, void *user_data);

/**
 * Removes targets: `fn` NULL matches every function, `user_data` NULL every user data, so
 * (NULL, NULL) removes them all (removeTarget(nil, action: nil)). Removing nothing is GK_OK.
 * A target removed while actions are being sent (from another target) is not called again, not
 * even in the dispatch under way, so its user_data may be freed as soon as this returns.
 * @since 0.1.0
 */
GK_API gk_status gk_recognizer_remove_target(gk_engine *engine, gk_recognizer recognizer, gk_action_fn fn, void *user_data);

/**
 * The delegate questions of UIGestureRecognizerDelegate (rules 6, 15, 29, 30). Each member may be
 * NULL: the question is then not asked and UIKit's default answer applies (true for should_begin
 * and should_receive, false for the others). They run synchronously inside update passes, under
 * the rules of CALLBACKS AND RE-ENTRANCY. Initialise with memset 0 and set `size`.
 * @since 0.1.0
 */
typedef struct gk_delegate {
    size_t size;      /**< sizeof(gk_delegate). */
    void *user_data;  /**< Passed to every question; never dereferenced. */
    /** gestureRecognizerShouldBegin: asked when the recognizer tries to leave possible; false fails it. */
    bool (*should_begin)(gk_engine *engine, gk_recognizer recognizer, void *user_data);
    /** gestureRecognizer(_:shouldReceive:) for a new touch (window position); false hides the touch from it. */
    bool (*should_receive_touch)(gk_engine *engine, gk_recognizer recognizer, int64_t touch_id, double x, double y,
                                 void *user_data);
    /** shouldRecognizeSimultaneouslyWith: true from either side lets both recognize. */
    bool (*should_recognize_simultaneously)(gk_engine *engine, gk_recognizer recognizer, gk_recognizer other,
                                            void *user_data);
    /** shouldRequireFailureOf: true makes `recognizer` wait for `other` to fail. */
    bool (*should_require_failure_of)(gk_engine *engine, gk_recognizer recognizer, gk_recognizer other,
                                      void *user_data);
    /** shouldBeRequiredToFailBy: true makes `other` wait for `recognizer` to fail. */
    bool (*should_be_required_to_fail_by)(gk_engine *engine, gk_recognizer recognizer, gk_recognizer other,
                                          void *user_data);
} gk_delegate;

/**
 * Installs the delegate questions (copied; the function pointers and user_data must stay valid
 * while installed). NULL removes every question. Errors: GK_ERR_STRUCT_SIZE. @since 0.1.0
 */
GK_API gk_status gk_recognizer_set_delegate(gk_engine *engine, gk_recognizer recognizer, const gk_delegate *delegate);

/**
 * location(in:): the gesture's location in `view`'s coordinates (GK_VIEW_NONE: window). Tap: the
 * first tap's start point (rule 70); pan: the current adjusted centroid (rule 88). @since 0.1.0
 */
GK_API gk_status gk_recognizer_location(const gk_engine *engine, gk_recognizer recognizer, gk_view view, gk_point *out_point);

/** numberOfTouches. @since 0.1.0 */
GK_API gk_status gk_recognizer_number_of_touches(const gk_engine *engine, gk_recognizer recognizer, uint32_t *out_count);

/**
 * location(ofTouch:in:). An index at or beyond numberOfTouches gives GK_ERR_OUT_OF_RANGE (rule 59).
 * @since 0.1.0
 */
GK_API gk_status gk_recognizer_location_of_touch(const gk_engine *engine, gk_recognizer recognizer, uint32_t index,
                                                 gk_view view, gk_point *out_point);

/**
 * Pan and screen-edge pan: translation(in:), cumulative since the reference point (rule 81).
 * GK_ERR_WRONG_KIND for other kinds. @since 0.1.0
 */
GK_API gk_status gk_pan_translation(const gk_engine *engine, gk_recognizer recognizer, gk_view view, gk_point *out_translation);

/** Pan: setTranslation(_:in:); moves the reference point, leaves the velocity alone (rule 84). @since 0.1.0 */
GK_API gk_status gk_pan_set_translation(gk_engine *engine, gk_recognizer recognizer, gk_point translation, gk_view view);

/** Pan: velocity(in:) in points per second (rule 82, spec 7a). @since 0.1.0 */
GK_API gk_status gk_pan_velocity(const gk_engine *engine, gk_recognizer recognizer, gk_view view, gk_point *out_velocity);

/* ---------------------------------------------------------------------------------------------
 * Custom recognizers (UIKit subclassing)
 * ------------------------------------------------------------------------------------------- */

/** A touch as a recognizer sees it (UITouch). Positions are window points. @since 0.1.0 */
typedef struct gk_touch_info {
    int64_t id;              /**< The host's touch id. */
    uint32_t phase;          /**< A gk_touch_phase: its phase in the current frame. */
    uint32_t type;           /**< A gk_touch_type. */
    gk_point location;       /**< Current position. */
    gk_point previous_location; /**< Position before the latest movement. */
    gk_point start_location; /**< Where it went down. */
    double timestamp;        /**< Host time of its latest change. */
    double start_timestamp;  /**< Host time of its touch-down. */
    gk_view view;            /**< Its hit-test view, or GK_VIEW_NONE. */
    double force;            /**< Latest force, 0 when not reported. */
    double major_radius;     /**< Latest major radius (pt), 0 when not reported. */
    uint32_t buttons;        /**< gk_button bits (indirect pointers). */
    uint32_t modifiers;      /**< gk_modifier bits. */
} gk_touch_info;

/** A touches hook: `touches` holds `count` entries, valid during the call only. @since 0.1.0 */
typedef void (*gk_touches_fn)(gk_engine *engine, gk_recognizer recognizer, const gk_touch_info *touches, size_t count,
                              double timestamp, void *user_data);
/** A question about another recognizer. @since 0.1.0 */
typedef bool (*gk_recognizer_pair_fn)(gk_engine *engine, gk_recognizer recognizer, gk_recognizer other, void *user_data);

/**
 * The overridable methods of a custom recognizer (UIGestureRecognizerSubclass). Every member may
 * be NULL: a NULL touches hook ignores those touches; NULL can_prevent and can_be_prevented answer
 * true, NULL should_require_failure_of and should_be_required_to_fail_by answer false. Initialise
 * with memset 0 and set `size`. The hooks run under the rules of CALLBACKS AND RE-ENTRANCY:
 * inside the touch and deadline hooks call gk_recognizer_set_state(), gk_recognizer_ignore_touch(),
 * gk_recognizer_set_deadline() and the getters. @since 0.1.0
 */
typedef struct gk_custom_recognizer {
    size_t size;          /**< sizeof(gk_custom_recognizer). */
    void *user_data;      /**< Passed to every hook; never dereferenced by the library. */
    gk_touches_fn touches_began;     /**< New touches it tracks (touchesBegan). */
    gk_touches_fn touches_moved;     /**< Tracked touches that moved (touchesMoved). */
    gk_touches_fn touches_ended;     /**< Tracked touches that lifted (touchesEnded). */
    gk_touches_fn touches_cancelled; /**< Tracked touches the system cancelled (touchesCancelled). */
    /** The deadline set with gk_recognizer_set_deadline() was reached (at `timestamp`). */
    void (*deadline_reached)(gk_engine *engine, gk_recognizer recognizer, double timestamp, void *user_data);
    /** reset(): the recognizer finished (rule 17) and is back in GK_STATE_POSSIBLE; clear your state. */
    void (*reset)(gk_engine *engine, gk_recognizer recognizer, void *user_data);
    gk_recognizer_pair_fn can_prevent;        /**< canPrevent(_:) (rule 31). */
    gk_recognizer_pair_fn can_be_prevented;   /**< canBePrevented(by:) (rule 31). */
    gk_recognizer_pair_fn should_require_failure_of;     /**< shouldRequireFailure(of:) (rule 30). */
    gk_recognizer_pair_fn should_be_required_to_fail_by; /**< shouldBeRequiredToFail(by:) (rule 30). */
} gk_custom_recognizer;

/**
 * Creates a custom recognizer (kind GK_KIND_CUSTOM) with the given hooks (copied; the function
 * pointers and user_data must stay valid until it is destroyed). `continuous` true makes it go
 * through began/changed (like a pan), false makes it discrete (possible -> ended, like a tap);
 * rule 14 coerces the states it sets accordingly. Unattached, owned by the engine like any
 * recognizer. Errors: GK_ERR_NULL_POINTER, GK_ERR_STRUCT_SIZE, GK_ERR_CAPACITY, GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_recognizer_create_custom(gk_engine *engine, const gk_custom_recognizer *hooks, bool continuous,
                                             gk_recognizer *out_recognizer);

/**
 * Sets a custom recognizer's state (UIKit's `state` setter for subclasses). The request is
 * coerced by rule 14: an illegal request is mapped (GK_STATE_CHANGED from possible becomes
 * GK_STATE_BEGAN on a continuous recognizer, GK_STATE_CANCELLED from possible becomes
 * GK_STATE_FAILED) or ignored (GK_STATE_BEGAN or GK_STATE_CHANGED on a discrete recognizer, any
 * request after ended, cancelled or failed), never an error. Read the result with gk_recognizer_get_state().
 * From outside any callback this runs an update pass at the engine's current time.
 * Errors: GK_ERR_WRONG_KIND (a standard recognizer), GK_ERR_INVALID_ARGUMENT (not a gk_state),
 * GK_ERR_NOT_ATTACHED (no view: nothing to recognize on), GK_ERR_BUSY (see CALLBACKS AND
 * RE-ENTRANCY). @since 0.1.0
 */
GK_API gk_status gk_recognizer_set_state(gk_engine *engine, gk_recognizer recognizer, gk_state state);

/**
 * ignore(_:for:): the custom recognizer stops tracking the touch `touch_id`; it gets no more hooks
 * for it, and the touch is never cancelled in its view because of this recognizer (rule 53).
 * Errors: GK_ERR_WRONG_KIND, GK_ERR_UNKNOWN_TOUCH (not tracked by it), GK_ERR_BUSY. @since 0.1.0
 */
GK_API gk_status gk_recognizer_ignore_touch(gk_engine *engine, gk_recognizer recognizer, int64_t touch_id);

/**
 * Asks for the custom recognizer's deadline_reached hook at engine time `timestamp` (one deadline
 * per recognizer; a new one replaces the old; INFINITY clears it). The host sees it in
 * gk_engine_next_deadline(). Set from the deadline hook at or before the time being processed, it
 * fires at the next gk_engine_advance() or input call, not again in the same one (see
 * gk_engine_advance()).
 *
 * On a stroke recognizer (GK_KIND_STROKE, since 0.6.1) it moves the decision that waits after a
 * lift: the host says the shape is done (a Done button, a lift outside the drawing area: the
 * deadline at the current time, then gk_engine_advance() decides it at once), or keeps it open
 * (INFINITY: no decision until the host sets a deadline or the next lift sets the wait again from
 * the recognizer's pauses). While a stroke is being drawn a deadline that passes decides nothing.
 * Errors: GK_ERR_WRONG_KIND (another kind), GK_ERR_INVALID_ARGUMENT (NaN or -INFINITY).
 * @since 0.1.0
 */
GK_API gk_status gk_recognizer_set_deadline(gk_engine *engine, gk_recognizer recognizer, double timestamp);

/**
 * Copies the recognizer's touch `index` (0 .. numberOfTouches - 1, in the order they began) into
 * *out_touch, writing at most `size` bytes (pass sizeof(gk_touch_info)). Any kind.
 * Errors: GK_ERR_OUT_OF_RANGE, GK_ERR_STRUCT_SIZE. @since 0.1.0
 */
GK_API gk_status gk_recognizer_get_touch(const gk_engine *engine, gk_recognizer recognizer, uint32_t index,
                                         gk_touch_info *out_touch, size_t size);

/* ---------------------------------------------------------------------------------------------
 * View veto (UIView.gestureRecognizerShouldBegin)
 * ------------------------------------------------------------------------------------------- */

/** Answers whether `recognizer` may begin with touches on `view`. @since 0.1.0 */
typedef bool (*gk_view_should_begin_fn)(gk_engine *engine, gk_view view, gk_recognizer recognizer, void *user_data);

/**
 * Installs the view's gestureRecognizerShouldBegin (rule 61): when any recognizer whose touches
 * were hit-tested to `view` tries to leave GK_STATE_POSSIBLE, `fn` is asked once per attempt, and
 * false fails that recognizer. A button uses it to keep its own taps from a superview's tap
 * (rule 62): answer false for recognizers not attached to the button itself. NULL removes it.
 * `user_data` must stay valid while installed. Errors: GK_ERR_STALE_HANDLE, GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_view_set_should_begin(gk_engine *engine, gk_view view, gk_view_should_begin_fn fn, void *user_data);

/** A view's touch callback: `delivery` is valid during the call only. @since 0.1.0 */
typedef void (*gk_delivery_fn)(gk_engine *engine, const gk_delivery *delivery, void *user_data);

/**
 * Calls `fn` with every touch delivery to `view` (touchesBegan/Moved/Ended/Cancelled), synchronously
 * inside the update pass, in the same order and with the same content as the deliveries queued for
 * gk_engine_poll_delivery() (which still receives them). For hosts that prefer callbacks to
 * polling; the rules of CALLBACKS AND RE-ENTRANCY apply. NULL removes it. `user_data` must stay
 * valid while installed. Errors: GK_ERR_STALE_HANDLE, GK_ERR_BUSY. @since 0.1.0
 */
GK_API gk_status gk_view_set_touch_callback(gk_engine *engine, gk_view view, gk_delivery_fn fn, void *user_data);

/* ---------------------------------------------------------------------------------------------
 * Stroke templates (GK_KIND_STROKE)
 * ------------------------------------------------------------------------------------------- */

/** Most templates one stroke recognizer holds. @since 0.1.0 */
#define GK_MAX_STROKE_TEMPLATES 256
/** Longest template name, in bytes. @since 0.1.0 */
#define GK_MAX_STROKE_NAME 63
/** Points accepted for one template or one gk_stroke_match() call: 2 .. GK_MAX_STROKE_POINTS. @since 0.1.0 */
#define GK_MAX_STROKE_POINTS 4096

/**
 * Adds a named template to a stroke recognizer: `count` points (any size, position and spacing;
 * they are resampled and normalised) and a name of `name_length` bytes (copied, at most
 * GK_MAX_STROKE_NAME). *out_index (may be NULL) receives its index, reported by actions.
 * Errors: GK_ERR_WRONG_KIND, GK_ERR_INVALID_ARGUMENT (bad name, non-finite points, fewer than two
 * distinct points), GK_ERR_CAPACITY (GK_MAX_STROKE_TEMPLATES or GK_MAX_STROKE_POINTS). @since 0.1.0
 */
GK_API gk_status gk_stroke_add_template(gk_engine *engine, gk_recognizer recognizer, const char *name,
                                        size_t name_length, const gk_point *points, size_t count, int32_t *out_index);

/** Adds the built-in templates: check, circle, triangle, x, caret, v, zigzag, rectangle. @since 0.1.0 */
GK_API gk_status gk_stroke_add_builtin_templates(gk_engine *engine, gk_recognizer recognizer);

/** Number of templates. @since 0.1.0 */
GK_API gk_status gk_stroke_template_count(const gk_engine *engine, gk_recognizer recognizer, uint32_t *out_count);

/**
 * Copies template `index`'s name into `buffer` (NUL-terminated, truncated to `size`), and its
 * length into *out_length if not NULL. Errors: GK_ERR_OUT_OF_RANGE, GK_ERR_WRONG_KIND. @since 0.1.0
 */
GK_API gk_status gk_stroke_template_name(const gk_engine *engine, gk_recognizer recognizer, uint32_t index,
                                         char *buffer, size_t size, size_t *out_length);

/**
 * Matches a stroke given as points against the recognizer's templates, without touches (tools,
 * evaluation). *out_index receives the best template (-1 when there is none) and *out_score its
 * score. The recognizer's state is not touched. @since 0.1.0
 */
GK_API gk_status gk_stroke_match(gk_engine *engine, gk_recognizer recognizer, const gk_point *points, size_t count,
                                 int32_t *out_index, double *out_score);

/** Most strokes in one multistroke template or gk_stroke_match_strokes() call. @since 0.2.0 */
#define GK_MAX_STROKE_COUNT 64

/**
 * Adds a template drawn in one or more strokes: `count` points with `stroke_ids[k]` the stroke of
 * point k. The points of one stroke are consecutive and the strokes in drawing order; the ids
 * themselves are any numbers (a stroke's id may not come back after another stroke). The
 * point-cloud matcher sees the strokes as drawn; the unistroke matcher sees them joined in order.
 * Both arrays are read during the call only. Errors: as gk_stroke_add_template(), plus
 * GK_ERR_NULL_POINTER for `stroke_ids` and GK_ERR_INVALID_ARGUMENT for ids that come back or more
 * than GK_MAX_STROKE_COUNT strokes. @since 0.2.0
 */
GK_API gk_status gk_stroke_add_multistroke_template(gk_engine *engine, gk_recognizer recognizer, const char *name,
                                                    size_t name_length, const gk_point *points,
                                                    const uint32_t *stroke_ids, size_t count, int32_t *out_index);

/**
 * Matches strokes (points and their stroke ids, as gk_stroke_add_multistroke_template() takes
 * them) with the recognizer's matcher, without touches. *out_index receives the best template (-1
 * when there is none) and *out_score its score; `threshold` is not applied, and a nearly straight
 * path scores 0 against any template that is not itself a line (docs/STROKES.md). @since 0.2.0
 */
GK_API gk_status gk_stroke_match_strokes(gk_engine *engine, gk_recognizer recognizer, const gk_point *points,
                                         const uint32_t *stroke_ids, size_t count, int32_t *out_index,
                                         double *out_score);

/**
 * Copies the points template `index` was made from (as given, in drawing order) into `points`
 * and their stroke numbers (0, 1, ...) into `stroke_ids` (may be NULL), and their number into
 * *out_count. With `capacity` 0 only the number is written (ask first, then copy); a capacity
 * below it is GK_ERR_CAPACITY with nothing copied. For saving templates (gk_strokes.h in the evdev
 * library, Python StrokeRecognizer.save_templates). Errors: GK_ERR_OUT_OF_RANGE,
 * GK_ERR_WRONG_KIND. @since 0.2.0
 */
GK_API gk_status gk_stroke_template_points(const gk_engine *engine, gk_recognizer recognizer, uint32_t index,
                                           gk_point *points, uint32_t *stroke_ids, size_t capacity,
                                           size_t *out_count);

/* ---------------------------------------------------------------------------------------------
 * Flight recorder: the engine's recent input, to replay a misfire
 * ------------------------------------------------------------------------------------------- */

/** What a flight-recorder entry holds. @since 0.1.0 */
typedef enum gk_recorded_kind {
    GK_RECORDED_TOUCH = 0,       /**< One touch of a frame; `starts_frame` is 1 for the frame's first touch. */
    GK_RECORDED_HOVER = 1,       /**< A hover event: `hover_phase`, `hover_type`, position in `touch.x/y`. */
    GK_RECORDED_ADVANCE = 2,     /**< gk_engine_advance() to `timestamp`. */
    GK_RECORDED_CANCEL_ALL = 3,  /**< gk_engine_cancel_all_touches() at `timestamp`. */
    GK_RECORDED_EMPTY_FRAME = 4, /**< A frame without touches. */
    GK_RECORDED_PRESS = 5        /**< gk_engine_feed_press(): touch.id is the gk_press_type, touch.phase the phase, touch.force the force. */
} gk_recorded_kind;

/** One recorded input. @since 0.1.0 */
typedef struct gk_recorded_input {
    uint32_t kind;          /**< A gk_recorded_kind. */
    uint32_t starts_frame;  /**< GK_RECORDED_TOUCH: 1 for the first touch of its frame. */
    double timestamp;
    gk_touch touch;         /**< GK_RECORDED_TOUCH: the touch as fed (GK_RECORDED_HOVER: its position). */
    uint32_t hover_phase;   /**< GK_RECORDED_HOVER: a gk_hover_phase. */
    uint32_t hover_type;    /**< GK_RECORDED_HOVER: a gk_touch_type. */
} gk_recorded_input;

/**
 * Turns the flight recorder on with room for `capacity` entries (at most 4,194,304; one per touch
 * of a frame, hover event, advance or cancel), or off with 0, discarding its content. Only input
 * the engine accepted is recorded. When full, the oldest entries are dropped. Off by default.
 * Errors: GK_ERR_INVALID_ARGUMENT, GK_ERR_BUSY. @since 0.1.0
 */
GK_API gk_status gk_engine_set_flight_recorder(gk_engine *engine, uint32_t capacity);

/**
 * Copies the recorded input, oldest first and starting at a frame boundary, into `entries`
 * (room for `capacity` entries of `entry_size` = sizeof(gk_recorded_input) bytes each) and stores
 * the number of entries available in *out_count. Call with `entries` NULL and `capacity` 0 to
 * learn the count. The recorder keeps its content. tools/trace.h turns it into a trace file.
 * Errors: GK_ERR_NULL_POINTER, GK_ERR_STRUCT_SIZE, GK_ERR_INVALID_ARGUMENT (`entry_size` above
 * 65,536: a stride that large is a bug). @since 0.1.0
 */
GK_API gk_status gk_engine_read_flight_recorder(const gk_engine *engine, gk_recorded_input *entries, size_t capacity,
                                                size_t entry_size, size_t *out_count);

/* ---------------------------------------------------------------------------------------------
 * Decision log: why a gesture did or did not fire
 * ------------------------------------------------------------------------------------------- */

/** What a decision-log entry records. @since 0.1.0 */
typedef enum gk_decision_event {
    GK_DECISION_TOUCH_TRACKED = 0,   /**< The recognizer started tracking `touch_id` (hit-tested to `view`). */
    GK_DECISION_TOUCH_REFUSED = 1,   /**< Its delegate's should_receive_touch said no to `touch_id`. */
    GK_DECISION_STATE_REQUESTED = 2, /**< Its logic (`cause`) asked for from_state -> to_state. */
    GK_DECISION_ACCEPTED = 3,        /**< Its transition out of possible took effect; actions go out. */
    GK_DECISION_WAITING_FOR_FAILURE = 4, /**< Held back until `other` fails (require to fail). */
    GK_DECISION_RELEASED = 5,        /**< What it waited for failed; its deferred transition takes effect. */
    GK_DECISION_PREVENTED_BY = 6,    /**< Failed: `other` recognized first (exclusion). */
    GK_DECISION_REQUIRED_RECOGNIZER_SUCCEEDED = 7, /**< Failed: `other`, required to fail, recognized. */
    GK_DECISION_VETOED_BY_DELEGATE = 8, /**< Failed: its delegate's should_begin said no. */
    GK_DECISION_VETOED_BY_VIEW = 9,  /**< Failed: `view`'s gk_view_set_should_begin answer said no. */
    GK_DECISION_REQUIREMENT_CYCLE = 10, /**< Failed with a cycle of failure requirements. */
    GK_DECISION_STOPPED_BY_HOST = 11,   /**< Disabled, detached, or its view destroyed. */
    GK_DECISION_TOUCH_IGNORED = 12,  /**< It ignored `touch_id` (gk_recognizer_ignore_touch). */
    GK_DECISION_STROKE_ADDED = 13,   /**< A stroke recognizer added the stroke of `touch_id` to its shape. @since 0.2.0 */
    GK_DECISION_TOUCH_HELD_TOO_BRIEFLY = 14, /**< Touch accommodations: `touch_id` lifted before the hold duration; `recognizer` is 0. @since 0.2.0 */
    GK_DECISION_TOUCH_IGNORED_AS_REPEAT = 15 /**< Touch accommodations: `touch_id` was a repeat (ignore repeat); `recognizer` is 0. @since 0.2.0 */
} gk_decision_event;

/** What started the update pass of a decision. @since 0.1.0 */
typedef enum gk_decision_cause {
    GK_CAUSE_INPUT = 0, /**< An input frame or hover event. */
    GK_CAUSE_TIMER = 1, /**< A recognizer's timer. */
    GK_CAUSE_HOST = 2   /**< A host call (set_state, disabling, detaching) or an action target. */
} gk_decision_cause;

/** One decision-log entry. @since 0.1.0 */
typedef struct gk_decision {
    uint64_t sequence;        /**< Shares its counter with actions, deliveries and transitions. */
    double timestamp;         /**< Engine time of the update pass. */
    gk_recognizer recognizer; /**< Whose decision it is (may be stale by the time it is polled). */
    gk_recognizer other;      /**< The other recognizer, or 0. */
    gk_view view;             /**< The view concerned, or GK_VIEW_NONE. */
    int64_t touch_id;         /**< The touch concerned, or 0. */
    uint32_t event;           /**< A gk_decision_event. */
    uint32_t cause;           /**< A gk_decision_cause. */
    uint32_t from_state;      /**< A gk_state. */
    uint32_t to_state;        /**< A gk_state. */
} gk_decision;

/**
 * Turns the decision log on with room for `capacity` entries (1..1048576; beyond it the oldest
 * are dropped and counted in gk_engine_stats), or off with 0 (discarding what it held). Off by
 * default; off, it costs nothing measurable. Errors: GK_ERR_INVALID_ARGUMENT, GK_ERR_BUSY.
 * @since 0.1.0
 */
GK_API gk_status gk_engine_set_decision_log(gk_engine *engine, uint32_t capacity);

/** Takes the oldest decision-log entry; GK_EMPTY when none (or the log is off). See gk_engine_poll_action() for `size`. @since 0.1.0 */
GK_API gk_status gk_engine_poll_decision(gk_engine *engine, gk_decision *out_decision, size_t size);

/** A static English name for a gk_decision_event, e.g. "prevented by"; never NULL. @since 0.1.0 */
GK_API const char *gk_decision_event_string(gk_decision_event event);

#ifdef __cplusplus
}
#endif

#endif /* GESTUREKIT_H */
