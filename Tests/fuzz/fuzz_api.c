/* Long file: one harness that drives every API call from one byte script; splitting it would split
 * the script's opcodes. */
/* libFuzzer harness over the whole C ABI. The input bytes are decoded into a sequence of calls:
 * building and tearing down views and recognizers (every kind, custom ones included), setting any
 * property to any value (NaN, infinities, huge numbers), feeding frames with arbitrary ids,
 * phases, types, coordinates and timestamps, hover events, advancing time, polling every queue,
 * the system cancel, failure requirements, delegates, vetoes and callbacks that call back into
 * the engine, the decision log, and destroying and recreating the engine. Every status is
 * accepted; the harness only requires that nothing crashes, traps, leaks or touches bad memory.
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-fuzz/fuzz_api build-fuzz/corpus Tests/fuzz/corpus -max_total_time=3600 */
#include <gesturekit.h>
#include "fuzz_reader.h"
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>


static uint32_t u32(struct reader *r) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = (v << 8) | u8(r);
    return v;
}

static int64_t i64(struct reader *r) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = (v << 8) | u8(r);
    return (int64_t)v;
}

/* Mostly ordinary values, sometimes the ones that break code. */
static double dbl(struct reader *r) {
    uint8_t mode = u8(r);
    switch (mode % 16) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return 0.0;
    case 4: return -0.0;
    case 5: return 1e300;
    case 6: return -1e300;
    case 7: return 5e-324;
    case 8: return (double)(int32_t)u32(r);
    case 9: return (double)u32(r) / 4096.0;
    default: return (double)(u8(r) % 100) * 4.0 + (double)(u8(r) % 8) / 8.0;
    }
}

#define NV 12
#define NR 16

static struct fuzz_state {
    gk_engine *engine;
    gk_view views[NV];
    gk_recognizer recs[NR];
    double now;
    unsigned reentry;
} S;

static gk_view pick_view(struct reader *r) {
    uint8_t b = u8(r);
    if (b == 255) return (gk_view)i64(r);   /* a made-up handle */
    return S.views[b % NV];
}

static gk_recognizer pick_rec(struct reader *r) {
    uint8_t b = u8(r);
    if (b == 255) return (gk_recognizer)i64(r);
    return S.recs[b % NR];
}

/* Takes both queues in place (gk_engine_take_*) with the given struct sizes, and reads every byte
 * of every entry lent, so that the sanitizers check the memory. */
static void take_and_read(gk_engine *e, size_t action_size, size_t delivery_size) {
    const gk_action *a;
    const gk_delivery *d;
    size_t n, stride;
    volatile unsigned char sink = 0;
    if (gk_engine_take_actions(e, action_size, &a, &n, &stride) == GK_OK)
        for (size_t i = 0; i < n * stride; i++) sink ^= ((const unsigned char *)a)[i];
    if (gk_engine_take_deliveries(e, delivery_size, &d, &n, &stride) == GK_OK)
        for (size_t i = 0; i < n * stride; i++) sink ^= ((const unsigned char *)d)[i];
    (void)sink;
}

/* Callbacks that call back into the engine, as careless hosts do. */
static void reenter(gk_engine *e, gk_recognizer self) {
    unsigned k = S.reentry++;
    gk_touch t = {.id = (int64_t)k, .phase = GK_TOUCH_BEGAN, .x = 10, .y = 10};
    switch (k % 10) {
    case 0: (void)gk_engine_feed(e, S.now, &t, 1); break;
    case 1: (void)gk_recognizer_destroy(e, self); break;
    case 2: (void)gk_engine_destroy(e); break;
    case 3: (void)gk_recognizer_set_state(e, S.recs[k % NR], (gk_state)(k % 6)); break;
    case 4: (void)gk_recognizer_set_bool(e, S.recs[k % NR], GK_PROP_ENABLED, false); break;
    case 5: (void)gk_view_destroy(e, S.views[k % NV]); break;
    case 6: (void)gk_engine_advance(e, S.now + 1); break;
    case 7: {
        gk_action a;
        if (k & 16) take_and_read(e, sizeof(gk_action), sizeof(gk_delivery));   /* inside a callback */
        else (void)gk_engine_poll_action(e, &a, sizeof a);
        break;
    }
    case 8:   /* 0.6.0: the screen reader's host calls, allowed from callbacks */
        (void)gk_engine_announce(e, k, k % 3);
        (void)gk_engine_set_accessibility_focus(e, S.views[k % NV]);
        (void)gk_engine_move_accessibility_focus(e, k % 5);
        break;
    default: (void)gk_recognizer_set_double(e, self, GK_PROP_PINCH_SCALE, 1.0); break;
    }
}

static void on_action(gk_engine *e, const gk_action *a, void *ud) {
    (void)ud;
    reenter(e, a->recognizer);
}

static bool on_question(gk_engine *e, gk_recognizer r, gk_recognizer o, void *ud) {
    (void)o; (void)ud;
    reenter(e, r);
    return (S.reentry & 1) != 0;
}

static bool on_should_begin(gk_engine *e, gk_recognizer r, void *ud) {
    (void)ud;
    reenter(e, r);
    return (S.reentry % 3) != 0;
}

static bool on_receive(gk_engine *e, gk_recognizer r, int64_t id, double x, double y, void *ud) {
    (void)id; (void)x; (void)y; (void)ud;
    reenter(e, r);
    return (S.reentry % 4) != 0;
}

static void on_touches(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts, void *ud) {
    (void)ts; (void)ud;
    if (n > 0) (void)gk_recognizer_ignore_touch(e, r, t[n - 1].id);
    (void)gk_recognizer_set_state(e, r, (gk_state)(S.reentry++ % 6));
    (void)gk_recognizer_set_deadline(e, r, S.now + 0.1);
    reenter(e, r);
}

static void on_deadline(gk_engine *e, gk_recognizer r, double ts, void *ud) {
    (void)ts; (void)ud;
    (void)gk_recognizer_set_state(e, r, GK_STATE_ENDED);
    reenter(e, r);
}

static void on_reset(gk_engine *e, gk_recognizer r, void *ud) {
    (void)ud;
    (void)gk_recognizer_set_state(e, r, GK_STATE_BEGAN);
    reenter(e, r);
}

static bool on_veto(gk_engine *e, gk_view v, gk_recognizer r, void *ud) {
    (void)v; (void)ud;
    reenter(e, r);
    return (S.reentry % 5) != 0;
}

static void on_delivery(gk_engine *e, const gk_delivery *d, void *ud) {
    (void)d; (void)ud;
    reenter(e, 0);
}

static void new_engine(struct reader *r) {
    gk_engine_options o;
    gk_engine_options_init(&o);
    if (u8(r) & 1) {
        o.screen_width = dbl(r);
        o.screen_height = dbl(r);
        o.points_per_mm = dbl(r);
        o.max_touches = u8(r) % 40;
        o.max_views = u8(r) % 40;
        o.max_recognizers = u8(r) % 40;
        o.action_queue_capacity = u8(r) % 20;
        o.delivery_queue_capacity = u8(r) % 20;
        o.flags = u8(r) % 4;   /* 1: the transition log; 2: not a flag (refused) */
    }
    memset(&S, 0, sizeof S);
    if (gk_engine_create(&o, &S.engine) != GK_OK) {
        gk_engine_create(NULL, &S.engine);
    }
    gk_engine_root_view(S.engine, &S.views[0]);
}

/* The property ids of every kind, plus a few that do not exist. */
static const uint32_t props[] = {1, 2, 3, 4, 5, 6, 7, 8, 100, 101, 102, 103, 104, 105, 106, 200, 201, 202, 203, 204, 205,
                                 300, 301, 302, 303, 304, 305, 306, 400, 401, 402, 500, 501, 502, 503, 504, 505, 506, 507,
                                 508, 509, 510, 600, 601, 602, 603, 604, 605, 606, 700, 701, 702, 703, 704, 705, 706, 707,
                                 800, 801, 802, 803, 804, 805, 806, 807, 900, 901, 902, 903, 904, 905, 10,
                                 0, 99, 107, 808, 906, 999, 0xFFFFFFFFu};

static void step(struct reader *r) {
    gk_engine *e = S.engine;
    uint8_t op = u8(r) % 28;
    switch (op) {
    case 0: {   /* create a view */
        gk_rect f = {dbl(r), dbl(r), dbl(r), dbl(r)};
        gk_view v;
        if (gk_view_create(e, pick_view(r), &f, &v) == GK_OK) S.views[1 + u8(r) % (NV - 1)] = v;
        break;
    }
    case 1: (void)gk_view_destroy(e, pick_view(r)); break;
    case 2: {   /* change a view */
        gk_view v = pick_view(r);
        gk_rect f = {dbl(r), dbl(r), dbl(r), dbl(r)};
        gk_transform t = {dbl(r), dbl(r), dbl(r), dbl(r), dbl(r), dbl(r)};
        gk_point p = {dbl(r), dbl(r)};
        switch (u8(r) % 6) {
        case 0: (void)gk_view_set_frame(e, v, &f); break;
        case 1: (void)gk_view_set_transform(e, v, &t); break;
        case 2: (void)gk_view_set_flag(e, v, (gk_view_flag)(u8(r) % 5), u8(r) & 1); break;
        case 3: (void)gk_view_set_alpha(e, v, dbl(r)); break;
        case 4: (void)gk_view_set_bounds_origin(e, v, p); break;
        default: (void)gk_view_set_parent(e, v, pick_view(r)); break;
        }
        break;
    }
    case 3: {   /* create a recognizer */
        gk_recognizer h;
        uint8_t kind = u8(r) % 12;
        gk_status st;
        if (kind == GK_KIND_CUSTOM) {
            gk_custom_recognizer hooks;
            memset(&hooks, 0, sizeof hooks);
            hooks.size = sizeof hooks;
            uint8_t mask = u8(r);
            if (mask & 1) hooks.touches_began = on_touches;
            if (mask & 2) hooks.touches_moved = on_touches;
            if (mask & 4) hooks.touches_ended = on_touches;
            if (mask & 8) hooks.touches_cancelled = on_touches;
            if (mask & 16) hooks.deadline_reached = on_deadline;
            if (mask & 32) hooks.reset = on_reset;
            if (mask & 64) hooks.can_prevent = on_question;
            if (mask & 128) hooks.should_require_failure_of = on_question;
            st = gk_recognizer_create_custom(e, &hooks, u8(r) & 1, &h);
        } else {
            st = gk_recognizer_create(e, (gk_recognizer_kind)kind, &h);
        }
        if (st == GK_OK) S.recs[u8(r) % NR] = h;
        break;
    }
    case 4: (void)gk_recognizer_destroy(e, pick_rec(r)); break;
    case 5:
        if (u8(r) & 1) (void)gk_recognizer_attach(e, pick_rec(r), pick_view(r));
        else (void)gk_recognizer_detach(e, pick_rec(r));
        break;
    case 6: {   /* set a property to anything */
        gk_recognizer h = pick_rec(r);
        gk_property p = (gk_property)props[u8(r) % (sizeof props / sizeof props[0])];
        switch (u8(r) % 3) {
        case 0: (void)gk_recognizer_set_bool(e, h, p, u8(r) & 1); break;
        case 1: (void)gk_recognizer_set_int(e, h, p, u8(r) & 1 ? (int64_t)(u8(r) % 20) - 2 : i64(r)); break;
        default: (void)gk_recognizer_set_double(e, h, p, dbl(r)); break;
        }
        break;
    }
    case 7: {   /* read a property with each accessor */
        gk_recognizer h = pick_rec(r);
        gk_property p = (gk_property)props[u8(r) % (sizeof props / sizeof props[0])];
        bool b;
        int64_t i;
        double d;
        (void)gk_recognizer_get_bool(e, h, p, &b);
        (void)gk_recognizer_get_int(e, h, p, &i);
        (void)gk_recognizer_get_double(e, h, p, &d);
        break;
    }
    case 8: case 9: case 10: {   /* an input frame */
        gk_touch t[8];
        size_t n = u8(r) % 9;
        for (size_t k = 0; k < n; k++) {
            uint8_t idb = u8(r);
            t[k].id = idb == 255 ? i64(r) : idb % 6;
            t[k].phase = u8(r) % 6;
            t[k].type = u8(r) % 4;
            t[k].x = u8(r) & 1 ? dbl(r) : (double)(u8(r)) * 4;
            t[k].y = u8(r) & 1 ? dbl(r) : (double)(u8(r)) * 4;
            t[k].force = u8(r) & 3 ? 0 : dbl(r);
            t[k].major_radius = u8(r) & 3 ? 0 : dbl(r);
            t[k].buttons = u8(r);
            t[k].modifiers = u8(r);
        }
        uint8_t tm = u8(r);
        double ts = tm < 240 ? S.now + tm / 200.0 : dbl(r);
        if (gk_engine_feed(e, ts, t, n) == GK_OK) S.now = ts;
        break;
    }
    case 11: {   /* hover */
        double ts = S.now + u8(r) / 100.0;
        if (gk_engine_feed_hover(e, ts, (gk_hover_phase)(u8(r) % 4), (gk_touch_type)(u8(r) % 4), dbl(r), dbl(r),
                                 u32(r)) == GK_OK)
            S.now = ts;
        break;
    }
    case 12: {   /* advance, sometimes backwards or to nonsense */
        uint8_t tm = u8(r);
        double ts = tm < 200 ? S.now + tm / 50.0 : dbl(r);
        if (gk_engine_advance(e, ts) == GK_OK) S.now = ts;
        double next;
        (void)gk_engine_next_deadline(e, &next);
        break;
    }
    case 13: {   /* drain every queue */
        gk_action a;
        gk_delivery d;
        gk_transition t;
        gk_decision dec;
        gk_engine_stats st;
        uint8_t how = u8(r);
        if (how & 1) {   /* taken in place, with the right sizes or any */
            take_and_read(e, how & 2 ? sizeof a : u8(r), how & 4 ? sizeof d : u8(r));
        } else {
            while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK) {}
            while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK) {}
        }
        while (gk_engine_poll_transition(e, &t, sizeof t) == GK_OK) {}
        while (gk_engine_poll_decision(e, &dec, sizeof dec) == GK_OK) {}
        (void)gk_engine_get_stats(e, &st, u8(r));
        (void)gk_engine_poll_action(e, &a, u8(r) % 16);
        break;
    }
    case 14: {
        double ts = S.now + u8(r) / 100.0;
        if (gk_engine_cancel_all_touches(e, ts) == GK_OK) S.now = ts;
        break;
    }
    case 15:
        if (u8(r) & 1) (void)gk_recognizer_require_failure_of(e, pick_rec(r), pick_rec(r));
        else (void)gk_recognizer_remove_failure_requirement(e, pick_rec(r), pick_rec(r));
        break;
    case 16: {   /* delegates, targets */
        gk_recognizer h = pick_rec(r);
        uint8_t mask = u8(r);
        if (mask & 1) {
            (void)gk_recognizer_add_target(e, h, on_action, (void *)(uintptr_t)(mask >> 4));
        } else if (mask & 2) {
            (void)gk_recognizer_remove_target(e, h, (mask & 4) ? on_action : NULL, NULL);
        } else {
            gk_delegate d;
            memset(&d, 0, sizeof d);
            d.size = (mask & 4) ? sizeof d : 8;
            if (mask & 8) d.should_begin = on_should_begin;
            if (mask & 16) d.should_receive_touch = on_receive;
            if (mask & 32) d.should_recognize_simultaneously = on_question;
            if (mask & 64) d.should_require_failure_of = on_question;
            if (mask & 128) d.should_be_required_to_fail_by = on_question;
            (void)gk_recognizer_set_delegate(e, h, (mask & 128) && (mask & 4) ? NULL : &d);
        }
        break;
    }
    case 17: {   /* custom recognizer requests from outside */
        gk_recognizer h = pick_rec(r);
        switch (u8(r) % 4) {
        case 0: (void)gk_recognizer_set_state(e, h, (gk_state)(u8(r) % 8)); break;
        case 1: (void)gk_recognizer_ignore_touch(e, h, u8(r) % 6); break;
        case 2: (void)gk_recognizer_set_deadline(e, h, u8(r) & 1 ? dbl(r) : S.now + u8(r) / 50.0); break;
        default: {
            gk_touch_info info;
            (void)gk_recognizer_get_touch(e, h, u8(r) % 4, &info, u8(r) & 1 ? sizeof info : u8(r));
            break;
        }
        }
        break;
    }
    case 18: (void)gk_engine_set_decision_log(e, u8(r) & 1 ? u32(r) % 64 : 0); break;
    case 19: {   /* getters */
        gk_recognizer h = pick_rec(r);
        gk_view v = pick_view(r);
        gk_point p;
        uint32_t n;
        gk_state st;
        gk_view out;
        gk_point q = {dbl(r), dbl(r)};
        (void)gk_recognizer_location(e, h, v, &p);
        (void)gk_recognizer_number_of_touches(e, h, &n);
        (void)gk_recognizer_location_of_touch(e, h, u8(r) % 4, v, &p);
        (void)gk_recognizer_get_state(e, h, &st);
        (void)gk_pan_translation(e, h, v, &p);
        (void)gk_pan_velocity(e, h, v, &p);
        (void)gk_view_hit_test(e, q, &out);
        (void)gk_view_convert_point(e, q, v, pick_view(r), &p);
        break;
    }
    case 20: {
        gk_recognizer h = pick_rec(r);
        gk_point q = {dbl(r), dbl(r)};
        (void)gk_pan_set_translation(e, h, q, pick_view(r));
        char name[300];
        size_t len = u8(r) + (u8(r) & 1 ? 100 : 0);
        memset(name, 'x', sizeof name);
        (void)gk_recognizer_set_name(e, h, name, len);
        (void)gk_recognizer_get_name(e, h, name, u8(r), &len);
        break;
    }
    case 21: {
        gk_view v = pick_view(r);
        uint8_t m = u8(r);
        (void)gk_view_set_should_begin(e, v, (m & 1) ? on_veto : NULL, NULL);
        (void)gk_view_set_touch_callback(e, v, (m & 2) ? on_delivery : NULL, NULL);
        break;
    }
    case 24: {   /* focus and physical button presses */
        if (u8(r) & 1) (void)gk_engine_set_focus(e, pick_view(r));
        double ts = S.now + u8(r) / 100.0;
        if (gk_engine_feed_press(e, ts, (gk_press_type)(u8(r) % 70), (gk_touch_phase)(u8(r) % 6),
                                 u8(r) & 1 ? dbl(r) : 0) == GK_OK)
            S.now = ts;
        (void)gk_recognizer_set_int(e, pick_rec(r), GK_PROP_ALLOWED_PRESS_TYPES, i64(r));
        break;
    }
    case 25: {   /* strokes: templates and matching with any points */
        gk_recognizer h = pick_rec(r);
        gk_point pts[16];
        size_t n = u8(r) % 17;
        for (size_t k = 0; k < n; k++) pts[k] = (gk_point){u8(r) & 1 ? dbl(r) : u8(r), u8(r) & 1 ? dbl(r) : u8(r)};
        int32_t index;
        double score;
        char tname[80];
        memset(tname, 'n', sizeof tname);
        if (u8(r) & 1) (void)gk_stroke_add_template(e, h, tname, u8(r) % sizeof tname, pts, n, &index);
        else if (u8(r) & 1) (void)gk_stroke_add_builtin_templates(e, h);
        (void)gk_stroke_match(e, h, pts, n, &index, &score);
        char name[8];
        (void)gk_stroke_template_name(e, h, u8(r) % 10, name, sizeof name, NULL);
        /* Multistroke: any stroke ids (repeats, returns), both matchers, points read back. */
        uint32_t ids[16];
        for (size_t k = 0; k < n; k++) ids[k] = u8(r) % 4;
        (void)gk_recognizer_set_int(e, h, GK_PROP_STROKE_MATCHER, u8(r) % 3);
        if (u8(r) & 1) (void)gk_stroke_add_multistroke_template(e, h, tname, u8(r) % sizeof tname, pts, ids, n, &index);
        (void)gk_stroke_match_strokes(e, h, pts, u8(r) & 1 ? ids : NULL, n, &index, &score);
        gk_point back[16];
        uint32_t back_ids[16];
        size_t got;
        (void)gk_stroke_template_points(e, h, u8(r) % 10, u8(r) & 1 ? back : NULL, back_ids, u8(r) % 17, &got);
        break;
    }
    case 26: {   /* the flight recorder */
        (void)gk_engine_set_flight_recorder(e, u8(r) & 1 ? u8(r) : 0);
        gk_recorded_input buf[8];
        size_t n;
        (void)gk_engine_read_flight_recorder(e, buf, u8(r) % 9, u8(r) & 1 ? sizeof buf[0] : u8(r), &n);
        break;
    }
    case 27: {   /* accessibility: timing scale, accommodations, audit, explore-by-touch */
        (void)gk_engine_set_timing_scale(e, u8(r) & 1 ? dbl(r) : 1 + u8(r) % 5);
        gk_touch_accommodations a;
        gk_touch_accommodations_init(&a);
        if (u8(r) & 1) {
            a.hold_duration = u8(r) & 1 ? dbl(r) : (u8(r) % 3) * 0.2;
            a.ignore_repeat = u8(r) & 1 ? dbl(r) : (u8(r) % 3) * 0.2;
            a.ignore_repeat_distance = u8(r) & 1 ? dbl(r) : 40;
            a.tap_assistance = u8(r) % 4;
            a.tap_assistance_delay = u8(r) & 1 ? dbl(r) : 0.3;
            a.swipe_distance = u8(r) & 1 ? dbl(r) : (u8(r) % 3) * 10;
            a.size = u8(r) & 1 ? sizeof a : u8(r);
        }
        (void)gk_engine_set_touch_accommodations(e, u8(r) & 1 ? &a : NULL);
        char label[300];
        memset(label, 'a', sizeof label);
        (void)gk_view_set_accessibility(e, pick_view(r), u8(r) & 1 ? label : NULL, u8(r) % 300, u8(r) & 1, (int32_t)u8(r) - 100);
        size_t n = 0;
        (void)gk_view_get_accessibility_label(e, pick_view(r), label, u8(r) % 8, &n);
        (void)gk_engine_set_screen_reader(e, u8(r) & 1);
        /* 0.5.0: traits (adjustable, or unknown bits), declared commands, state and phase names. */
        (void)gk_view_set_accessibility_traits(e, pick_view(r), u8(r) % 16);
        uint32_t bits = 0;
        (void)gk_view_get_accessibility_traits(e, pick_view(r), u8(r) & 1 ? &bits : NULL);
        (void)gk_engine_declare_screen_reader_commands(e, u8(r) % 10);
        (void)gk_engine_get_screen_reader_commands(e, u8(r) & 1 ? &bits : NULL);
        if (!gk_state_string(u8(r)) || !gk_touch_phase_string((uint32_t)u8(r) << 24)) abort();
        (void)gk_recognizer_declare_alternative(e, pick_rec(r), pick_rec(r));
        if (u8(r) & 1) (void)gk_recognizer_remove_alternative(e, pick_rec(r), pick_rec(r));
        /* Up to 4 findings at a stride of up to 255 bytes: the buffer holds what the call may
         * write (capacity x size), as a caller's must; the library cannot check that. */
        _Alignas(gk_audit_finding) unsigned char f[4 * 256];
        size_t stride = u8(r) & 1 ? sizeof(gk_audit_finding) : u8(r);
        (void)gk_engine_audit(e, u8(r) & 1 ? (gk_audit_finding *)f : NULL, u8(r) % 5, stride, &n);
        /* 0.6.0: the host moves the focus, walks the order, announces; the speech rule on any
         * two events and any size. */
        (void)gk_engine_set_accessibility_focus(e, u8(r) & 1 ? pick_view(r) : (gk_view)u32(r));
        (void)gk_engine_move_accessibility_focus(e, u8(r) % 6);
        (void)gk_engine_announce(e, u32(r), u8(r) % 3);
        gk_accessibility_event ev, other;
        memset(&other, 0, sizeof other);
        other.kind = u8(r);
        other.priority = u8(r) & 1 ? u8(r) % 2 : u32(r);
        bool cut;
        while (gk_engine_poll_accessibility_event(e, &ev, sizeof ev) == GK_OK) {
            (void)gk_accessibility_event_interrupts(&ev, &other, u8(r) & 1 ? sizeof ev : u8(r) % 64, &cut);
        }
        gk_view focus;
        (void)gk_engine_get_accessibility_focus(e, &focus);
        break;
    }
    case 22:   /* a new engine */
        gk_engine_destroy(S.engine);
        new_engine(r);
        break;
    case 23: default: {   /* a burst of ordinary touch traffic, to reach deep states */
        double x = u8(r) * 2.0, y = u8(r) * 4.0;
        int fingers = 1 + u8(r) % 3;
        for (int k = 0; k < 6; k++) {
            gk_touch t[3];
            for (int f = 0; f < fingers; f++) {
                t[f].id = 100 + f;
                t[f].phase = k == 0 ? GK_TOUCH_BEGAN : (k == 5 ? GK_TOUCH_ENDED : GK_TOUCH_MOVED);
                t[f].type = GK_TOUCH_TYPE_DIRECT;
                t[f].x = x + k * (u8(r) % 30) + f * 40;
                t[f].y = y + k * (u8(r) % 30);
                t[f].force = 0;
                t[f].major_radius = 0;
                t[f].buttons = 0;
                t[f].modifiers = 0;
            }
            double ts = S.now + 0.016 + (u8(r) % 4) * 0.1;
            if (gk_engine_feed(e, ts, t, (size_t)fingers) == GK_OK) S.now = ts;
        }
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct reader r = {data, size};
    new_engine(&r);
    int steps = 0;
    while (r.n > 0 && steps++ < 4000) step(&r);
    gk_engine_destroy(S.engine);
    S.engine = NULL;
    return 0;
}
