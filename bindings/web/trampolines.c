/* The WebAssembly build's bridge for callbacks (docs/WEB.md): the C API calls host code through
 * function pointers, which in WebAssembly are indices into the module's table and must name wasm
 * functions. Each function here forwards one callback signature to a function that gesturekit.js
 * passes in when it instantiates the module (import module "gesturekit_js"), with the user data
 * as the number that tells the JS side whose callback it is. gkweb_callbacks() hands the table
 * indices to the JS side once.
 *
 * Compiled for wasm32 only (cmake/web.cmake); the layout checks below pin the structures whose
 * fields gesturekit.js reads and writes by offset. */
#include <gesturekit.h>
#include <stddef.h>

#define JS(name) __attribute__((import_module("gesturekit_js"), import_name(name)))

JS("action") void js_action(gk_engine *e, const gk_action *a, void *id);
JS("delivery") void js_delivery(gk_engine *e, const gk_delivery *d, void *id);
JS("should_begin") int js_should_begin(gk_engine *e, gk_recognizer r, void *id);
JS("should_receive") int js_should_receive(gk_engine *e, gk_recognizer r, int64_t touch, double x, double y, void *id);
JS("pair") int js_pair(gk_engine *e, int question, gk_recognizer r, gk_recognizer other, void *id);
JS("view_should_begin") int js_view_should_begin(gk_engine *e, gk_view v, gk_recognizer r, void *id);
JS("touches") void js_touches(gk_engine *e, gk_recognizer r, int hook, const gk_touch_info *t, size_t n, double time, void *id);
JS("deadline") void js_deadline(gk_engine *e, gk_recognizer r, double time, void *id);
JS("reset") void js_reset(gk_engine *e, gk_recognizer r, void *id);

static void action(gk_engine *e, const gk_action *a, void *id) { js_action(e, a, id); }
static void delivery(gk_engine *e, const gk_delivery *d, void *id) { js_delivery(e, d, id); }
static bool should_begin(gk_engine *e, gk_recognizer r, void *id) { return js_should_begin(e, r, id) != 0; }
static bool should_receive(gk_engine *e, gk_recognizer r, int64_t touch, double x, double y, void *id) {
    return js_should_receive(e, r, touch, x, y, id) != 0;
}
static bool simultaneous(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 0, r, o, id) != 0; }
static bool require_failure(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 1, r, o, id) != 0; }
static bool required_by(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 2, r, o, id) != 0; }
static bool view_should_begin(gk_engine *e, gk_view v, gk_recognizer r, void *id) { return js_view_should_begin(e, v, r, id) != 0; }
/* A custom recognizer's hooks: the touches hooks say which they are (0 began ... 3 cancelled), the
 * pair questions are numbered on from the delegate's (3 can_prevent ... 6 should_be_required_to_fail_by). */
static void began(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double time, void *id) { js_touches(e, r, 0, t, n, time, id); }
static void moved(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double time, void *id) { js_touches(e, r, 1, t, n, time, id); }
static void ended(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double time, void *id) { js_touches(e, r, 2, t, n, time, id); }
static void cancelled(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double time, void *id) { js_touches(e, r, 3, t, n, time, id); }
static void deadline(gk_engine *e, gk_recognizer r, double time, void *id) { js_deadline(e, r, time, id); }
static void reset(gk_engine *e, gk_recognizer r, void *id) { js_reset(e, r, id); }
static bool can_prevent(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 3, r, o, id) != 0; }
static bool can_be_prevented(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 4, r, o, id) != 0; }
static bool custom_requires(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 5, r, o, id) != 0; }
static bool custom_required_by(gk_engine *e, gk_recognizer r, gk_recognizer o, void *id) { return js_pair(e, 6, r, o, id) != 0; }

/* The callbacks' table indices, in this order: action, delivery, should_begin, should_receive,
 * simultaneous, require_failure, required_by, view_should_begin, then a custom recognizer's:
 * began, moved, ended, cancelled, deadline, reset, can_prevent, can_be_prevented,
 * should_require_failure_of, should_be_required_to_fail_by. */
__attribute__((export_name("gkweb_callbacks"))) const void *const *gkweb_callbacks(void) {
    static const void *const fns[] = {
        (const void *)action, (const void *)delivery, (const void *)should_begin, (const void *)should_receive,
        (const void *)simultaneous, (const void *)require_failure, (const void *)required_by,
        (const void *)view_should_begin, (const void *)began, (const void *)moved, (const void *)ended,
        (const void *)cancelled, (const void *)deadline, (const void *)reset, (const void *)can_prevent,
        (const void *)can_be_prevented, (const void *)custom_requires, (const void *)custom_required_by,
    };
    return fns;
}

/* gesturekit.js reads and writes these structures by offset (wasm32: 4-byte pointers and size_t,
 * 8-byte doubles and 64-bit integers aligned to 8). */
_Static_assert(sizeof(void *) == 4, "wasm32 only");
_Static_assert(sizeof(gk_engine_options) == 56 && offsetof(gk_engine_options, screen_width) == 8 &&
               offsetof(gk_engine_options, max_touches) == 32 && offsetof(gk_engine_options, flags) == 52,
               "gk_engine_options");
_Static_assert(sizeof(gk_touch) == 56 && offsetof(gk_touch, phase) == 8 && offsetof(gk_touch, x) == 16 &&
               offsetof(gk_touch, force) == 32 && offsetof(gk_touch, buttons) == 48 && offsetof(gk_touch, modifiers) == 52,
               "gk_touch");
_Static_assert(sizeof(gk_action) == 176 && offsetof(gk_action, recognizer) == 16 && offsetof(gk_action, kind) == 32 &&
               offsetof(gk_action, location) == 40 && offsetof(gk_action, number_of_touches) == 56 &&
               offsetof(gk_action, translation) == 64 && offsetof(gk_action, velocity) == 80 &&
               offsetof(gk_action, scale) == 96 && offsetof(gk_action, scalar_velocity) == 112 &&
               offsetof(gk_action, button_mask) == 120 && offsetof(gk_action, stroke_template) == 128 &&
               offsetof(gk_action, stroke_score) == 136 && offsetof(gk_action, stroke_bounds) == 144, "gk_action");
_Static_assert(sizeof(gk_delivery) == 112 && offsetof(gk_delivery, view) == 16 && offsetof(gk_delivery, touch_id) == 24 &&
               offsetof(gk_delivery, phase) == 32 && offsetof(gk_delivery, location) == 40 &&
               offsetof(gk_delivery, window_location) == 56 && offsetof(gk_delivery, touch_timestamp) == 72 &&
               offsetof(gk_delivery, force) == 80 && offsetof(gk_delivery, buttons) == 96 &&
               offsetof(gk_delivery, press_type) == 104, "gk_delivery");
_Static_assert(sizeof(gk_transition) == 32 && offsetof(gk_transition, from_state) == 24, "gk_transition");
_Static_assert(sizeof(gk_decision) == 64 && offsetof(gk_decision, other) == 24 && offsetof(gk_decision, view) == 32 &&
               offsetof(gk_decision, touch_id) == 40 && offsetof(gk_decision, event) == 48 &&
               offsetof(gk_decision, from_state) == 56, "gk_decision");
_Static_assert(sizeof(gk_delegate) == 28, "gk_delegate");
_Static_assert(sizeof(gk_custom_recognizer) == 48 && offsetof(gk_custom_recognizer, deadline_reached) == 24 &&
               offsetof(gk_custom_recognizer, should_be_required_to_fail_by) == 44, "gk_custom_recognizer");
_Static_assert(sizeof(gk_touch_info) == 112 && offsetof(gk_touch_info, location) == 16 &&
               offsetof(gk_touch_info, previous_location) == 32 && offsetof(gk_touch_info, start_location) == 48 &&
               offsetof(gk_touch_info, timestamp) == 64 && offsetof(gk_touch_info, view) == 80 &&
               offsetof(gk_touch_info, force) == 88 && offsetof(gk_touch_info, buttons) == 104, "gk_touch_info");
_Static_assert(sizeof(gk_touch_accommodations) == 56 && offsetof(gk_touch_accommodations, tap_assistance) == 32 &&
               offsetof(gk_touch_accommodations, tap_assistance_delay) == 40 &&
               offsetof(gk_touch_accommodations, swipe_distance) == 48, "gk_touch_accommodations");
