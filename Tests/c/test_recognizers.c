/* The other standard recognizers through the C ABI: creation and defaults of every kind, the
 * property table's errors, long press timers with the engine's deadline, swipe, pinch with a
 * scale reset in the handler, screen-edge pan, hover events, and the input-kind fields. */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static void test_every_standard_kind_is_created_with_uikit_defaults(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r[8];
    for (int k = GK_KIND_TAP; k <= GK_KIND_HOVER; k++) {
        assert_int_equal(gk_recognizer_create(e, (gk_recognizer_kind)k, &r[k]), GK_OK);
        gk_recognizer_kind kind;
        assert_int_equal(gk_recognizer_get_kind(e, r[k], &kind), GK_OK);
        assert_int_equal(kind, k);
    }
    double d;
    int64_t i;
    bool b;
    assert_int_equal(gk_recognizer_get_double(e, r[GK_KIND_LONG_PRESS], GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION, &d), GK_OK);
    assert_true(d == 0.5);
    assert_int_equal(gk_recognizer_get_double(e, r[GK_KIND_LONG_PRESS], GK_PROP_LONG_PRESS_ALLOWABLE_MOVEMENT, &d), GK_OK);
    assert_true(d == 10);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_LONG_PRESS], GK_PROP_LONG_PRESS_NUMBER_OF_TAPS_REQUIRED, &i), GK_OK);
    assert_int_equal(i, 0);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_SWIPE], GK_PROP_SWIPE_DIRECTION, &i), GK_OK);
    assert_int_equal(i, GK_SWIPE_RIGHT);
    assert_int_equal(gk_recognizer_get_double(e, r[GK_KIND_SWIPE], GK_PROP_SWIPE_MAXIMUM_PRIMARY_MOVEMENT, &d), GK_OK);
    assert_true(isinf(d));
    assert_int_equal(gk_recognizer_get_double(e, r[GK_KIND_SWIPE], GK_PROP_SWIPE_MAXIMUM_SECONDARY_MOVEMENT, &d), GK_OK);
    assert_true(d == 200);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_SCREEN_EDGE_PAN], GK_PROP_SCREEN_EDGE_EDGES, &i), GK_OK);
    assert_int_equal(i, 0);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_SCREEN_EDGE_PAN], GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, &i), GK_OK);
    assert_int_equal(i, 1);
    assert_int_equal(gk_recognizer_get_bool(e, r[GK_KIND_SCREEN_EDGE_PAN], GK_PROP_DELAYS_TOUCHES_BEGAN, &b), GK_OK);
    assert_true(b);
    assert_int_equal(gk_recognizer_get_double(e, r[GK_KIND_PINCH], GK_PROP_PINCH_SCALE, &d), GK_OK);
    assert_true(d == 1);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_PINCH], GK_PROP_PINCH_VELOCITY_MODE, &i), GK_OK);
    assert_int_equal(i, GK_VELOCITY_UIKIT_COMPATIBLE);
    assert_int_equal(gk_recognizer_get_double(e, r[GK_KIND_ROTATION], GK_PROP_ROTATION_ANGLE_THRESHOLD, &d), GK_OK);
    assert_true(fabs(d - 5 * 3.14159265358979323846 / 180) < 1e-12);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_HOVER], GK_PROP_ALLOWED_TOUCH_TYPES, &i), GK_OK);
    assert_int_equal(i, GK_TOUCH_TYPE_BIT(GK_TOUCH_TYPE_STYLUS) | GK_TOUCH_TYPE_BIT(GK_TOUCH_TYPE_INDIRECT_POINTER));
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_TAP], GK_PROP_ALLOWED_TOUCH_TYPES, &i), GK_OK);
    assert_int_equal(i, GK_TOUCH_TYPES_ALL);
    assert_int_equal(gk_recognizer_get_int(e, r[GK_KIND_TAP], GK_PROP_TAP_BUTTON_MASK_REQUIRED, &i), GK_OK);
    assert_int_equal(i, GK_BUTTON_PRIMARY);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_property_errors_say_what_is_wrong(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer swipe, pinch, edge;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_SWIPE, &swipe), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_PINCH, &pinch), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_SCREEN_EDGE_PAN, &edge), GK_OK);
    /* Empty or unknown direction bits, NaN, negative distances, decay above 1. */
    assert_int_equal(gk_recognizer_set_int(e, swipe, GK_PROP_SWIPE_DIRECTION, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, swipe, GK_PROP_SWIPE_DIRECTION, 16), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, swipe, GK_PROP_SWIPE_MINIMUM_PRIMARY_MOVEMENT, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, swipe, GK_PROP_SWIPE_MINIMUM_PRIMARY_MOVEMENT, INFINITY), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, swipe, GK_PROP_SWIPE_MAXIMUM_PRIMARY_MOVEMENT, INFINITY), GK_OK);
    assert_int_equal(gk_recognizer_set_double(e, swipe, GK_PROP_SWIPE_MAXIMUM_OPPOSITE_MOVEMENT, -1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, swipe, GK_PROP_SWIPE_MINIMUM_DECAY, 1.5), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, swipe, GK_PROP_SWIPE_DIRECTION, GK_SWIPE_LEFT | GK_SWIPE_UP), GK_OK);
    /* Read-only, wrong type, wrong kind, unknown id. */
    assert_int_equal(gk_recognizer_set_double(e, pinch, GK_PROP_PINCH_VELOCITY, 1), GK_ERR_READ_ONLY);
    assert_int_equal(gk_recognizer_set_int(e, pinch, GK_PROP_BUTTON_MASK, 1), GK_ERR_READ_ONLY);
    assert_int_equal(gk_recognizer_set_int(e, pinch, GK_PROP_PINCH_SCALE, 2), GK_ERR_UNKNOWN_PROPERTY);
    assert_int_equal(gk_recognizer_set_double(e, pinch, GK_PROP_SWIPE_MAXIMUM_DURATION, 1), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_recognizer_set_double(e, pinch, (gk_property)699, 1), GK_ERR_UNKNOWN_PROPERTY);
    assert_int_equal(gk_recognizer_set_double(e, pinch, GK_PROP_PINCH_SCALE, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, pinch, GK_PROP_PINCH_VELOCITY_MODE, 2), GK_ERR_INVALID_ARGUMENT);
    /* A screen-edge pan is a pan: the pan properties and gk_pan_* apply to it. */
    assert_int_equal(gk_recognizer_set_double(e, edge, GK_PROP_PAN_VELOCITY_WINDOW, 0.05), GK_OK);
    gk_point p;
    assert_int_equal(gk_pan_translation(e, edge, GK_VIEW_NONE, &p), GK_OK);
    assert_int_equal(gk_recognizer_set_int(e, edge, GK_PROP_SCREEN_EDGE_EDGES, 32), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, swipe, GK_PROP_ALLOWED_TOUCH_TYPES, 8), GK_ERR_INVALID_ARGUMENT);
    assert_string_equal(gk_status_string(GK_ERR_READ_ONLY), "read-only property");
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

/* A double property of `r`: `initial` as created, `good` accepted and read back, and negative,
 * NaN and infinite values refused. */
static void check_double_property(gk_engine *e, gk_recognizer r, gk_property p, double initial, double good) {
    double d = -1;
    assert_int_equal(gk_recognizer_get_double(e, r, p, &d), GK_OK);
    assert_true(d == initial);
    assert_int_equal(gk_recognizer_set_double(e, r, p, good), GK_OK);
    assert_int_equal(gk_recognizer_get_double(e, r, p, &d), GK_OK);
    assert_true(d == good);
    assert_int_equal(gk_recognizer_set_double(e, r, p, -0.01), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, r, p, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, r, p, INFINITY), GK_ERR_INVALID_ARGUMENT);
}

/* The drift allowance (issue 53): 10 pt/s on pans, pinch and rotation, settable to 0 (the plain
 * hysteresis rules), never negative, NaN or infinite, and refused by kinds that have none. */
static void test_drift_allowance_belongs_to_pans_pinch_and_rotation(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer_kind with[] = {GK_KIND_PAN, GK_KIND_SCREEN_EDGE_PAN, GK_KIND_PINCH, GK_KIND_ROTATION};
    for (size_t k = 0; k < sizeof with / sizeof with[0]; k++) {
        gk_recognizer r;
        assert_int_equal(gk_recognizer_create(e, with[k], &r), GK_OK);
        check_double_property(e, r, GK_PROP_DRIFT_ALLOWANCE, 10, 0);
        assert_int_equal(gk_recognizer_set_int(e, r, GK_PROP_DRIFT_ALLOWANCE, 5), GK_ERR_UNKNOWN_PROPERTY);
    }
    gk_recognizer_kind without[] = {GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_SWIPE, GK_KIND_HOVER};
    for (size_t k = 0; k < sizeof without / sizeof without[0]; k++) {
        gk_recognizer r;
        double d;
        assert_int_equal(gk_recognizer_create(e, without[k], &r), GK_OK);
        assert_int_equal(gk_recognizer_get_double(e, r, GK_PROP_DRIFT_ALLOWANCE, &d), GK_ERR_WRONG_KIND);
        assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_DRIFT_ALLOWANCE, 1), GK_ERR_WRONG_KIND);
    }
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

/* The landing window (0.5.2): off (0) on every kind, never negative, NaN or infinite. */
static void test_landing_window_is_off_by_default_and_refuses_bad_values(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    for (gk_recognizer_kind k = GK_KIND_TAP; k <= GK_KIND_ROTATION; k++) {
        gk_recognizer r;
        assert_int_equal(gk_recognizer_create(e, k, &r), GK_OK);
        check_double_property(e, r, GK_PROP_LANDING_WINDOW, 0, 0.075);
        assert_int_equal(gk_recognizer_set_bool(e, r, GK_PROP_LANDING_WINDOW, true), GK_ERR_UNKNOWN_PROPERTY);
    }
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

/* Through the C API: a three-finger long press on the root that delays touches and has a landing
 * window holds a lone touch back until the window ends (the engine's deadline), then the view has
 * it; three fingers landing within the window of each other never reach the view. */
static void test_landing_window_holds_a_lone_touch_back_until_it_ends(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer hold = scene_add(&s, GK_KIND_LONG_PRESS, s.root, "hold");
    assert_int_equal(gk_recognizer_set_int(s.engine, hold, GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED, 3), GK_OK);
    assert_int_equal(gk_recognizer_set_bool(s.engine, hold, GK_PROP_DELAYS_TOUCHES_BEGAN, true), GK_OK);
    assert_int_equal(gk_recognizer_set_double(s.engine, hold, GK_PROP_LANDING_WINDOW, 0.075), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 50, 500);
    double deadline = 0;
    assert_int_equal(gk_engine_next_deadline(s.engine, &deadline), GK_OK);
    assert_true(fabs(deadline - 0.075) < 1e-12);
    scene_drain(&s);
    assert_string_equal(s.log, "");
    scene_advance(&s, 0.075);
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 50, 500);
    scene_touch(&s, 1.0, 2, GK_TOUCH_BEGAN, 50, 500);
    scene_touch(&s, 1.03, 3, GK_TOUCH_BEGAN, 80, 500);
    scene_touch(&s, 1.06, 4, GK_TOUCH_BEGAN, 110, 500);
    scene_advance(&s, 1.6);
    scene_drain(&s);
    assert_string_equal(s.log, "0.075 R B#1\n0.100 R E#1\n1.560 hold began (-20.0,400.0) n=3\n");   /* locations in V */
    scene_free(&s);
}

static void test_long_press_begins_at_the_engines_deadline(void **state) {   /* S34 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_LONG_PRESS, s.v, "lp");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    double deadline;
    assert_int_equal(gk_engine_next_deadline(s.engine, &deadline), GK_OK);
    assert_true(deadline == 0.5);
    scene_advance(&s, deadline);
    scene_touch(&s, 0.8, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.500 V C#1\n"
                               "0.500 lp began (50.0,50.0) n=1\n"
                               "0.800 lp ended (50.0,50.0) n=0\n");
    assert_int_equal(gk_engine_next_deadline(s.engine, &deadline), GK_OK);
    assert_true(isinf(deadline));
    scene_free(&s);
}

static void test_swipe_is_recognized_mid_move(void **state) {   /* S61 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_SWIPE, s.v, "swipe");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 110, 150);
    scene_touch(&s, 0.02, 1, GK_TOUCH_MOVED, 140, 150);
    scene_touch(&s, 0.04, 1, GK_TOUCH_MOVED, 175, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 175, 150);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.020 V M#1\n"
                               "0.040 V C#1\n"
                               "0.040 swipe ended (10.0,50.0) n=1\n");
    scene_free(&s);
}

struct scales {
    int count;
    double scale[8];
    uint32_t state[8];
};

static void read_and_reset_scale(gk_engine *engine, const gk_action *a, void *user_data) {
    struct scales *r = user_data;
    if (r->count >= 8) return;
    r->state[r->count] = a->state;
    r->scale[r->count++] = a->scale;
    assert_int_equal(gk_recognizer_set_double(engine, a->recognizer, GK_PROP_PINCH_SCALE, 1.0), GK_OK);
}

static void feed2(struct scene *s, double t, gk_touch_phase ph1, double x1, gk_touch_phase ph2, double x2) {
    gk_touch f[2] = {{.id = 1, .phase = ph1, .x = x1, .y = 200}, {.id = 2, .phase = ph2, .x = x2, .y = 200}};
    assert_int_equal(gk_engine_feed(s->engine, t, f, 2), GK_OK);
    scene_drain(s);
}

static void test_pinch_scale_reset_in_the_handler_gives_increments(void **state) {   /* S68 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pinch = scene_add(&s, GK_KIND_PINCH, s.v, "pinch");
    struct scales r = {0};
    assert_int_equal(gk_recognizer_add_target(s.engine, pinch, read_and_reset_scale, &r), GK_OK);
    feed2(&s, 0, GK_TOUCH_BEGAN, 150, GK_TOUCH_BEGAN, 250);
    feed2(&s, 0.05, GK_TOUCH_STATIONARY, 150, GK_TOUCH_MOVED, 270);
    feed2(&s, 0.07, GK_TOUCH_STATIONARY, 150, GK_TOUCH_MOVED, 300);
    feed2(&s, 0.09, GK_TOUCH_ENDED, 150, GK_TOUCH_ENDED, 300);
    assert_int_equal(r.count, 3);
    assert_int_equal(r.state[0], GK_STATE_BEGAN);
    assert_true(fabs(r.scale[0] - 120.0 / 108) < 1e-9);
    assert_true(fabs(r.scale[1] - 150.0 / 120) < 1e-9);
    assert_true(fabs(r.scale[2] - 1.0) < 1e-9);
    assert_int_equal(r.state[2], GK_STATE_ENDED);
    scene_free(&s);
}

static void test_screen_edge_pan_starts_only_at_its_edge(void **state) {   /* S58, S60 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer edge = scene_add(&s, GK_KIND_SCREEN_EDGE_PAN, s.root, "edge");
    assert_int_equal(gk_recognizer_set_int(s.engine, edge, GK_PROP_SCREEN_EDGE_EDGES, GK_EDGE_LEFT), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);   /* far from the edge: fails at once */
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 200, 150);
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 200, 150);
    scene_touch(&s, 1.0, 2, GK_TOUCH_BEGAN, 5, 400);
    scene_touch(&s, 1.04, 2, GK_TOUCH_MOVED, 25, 400);
    scene_touch(&s, 1.08, 2, GK_TOUCH_ENDED, 25, 400);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.050 V M#1\n"
                               "0.100 V E#1\n"
                               "1.040 edge began (-75.0,300.0) n=1\n"
                               "1.080 edge ended (-75.0,300.0) n=0\n");
    scene_free(&s);
}

static void test_hover_follows_the_pointer_and_fingers_do_not_drive_it(void **state) {   /* S75 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_HOVER, s.v, "hover");
    assert_int_equal(gk_engine_feed_hover(s.engine, 0, GK_HOVER_ENTER, GK_TOUCH_TYPE_INDIRECT_POINTER, 150, 150, 0), GK_OK);
    assert_int_equal(gk_engine_feed_hover(s.engine, 0.1, GK_HOVER_MOVE, GK_TOUCH_TYPE_INDIRECT_POINTER, 160, 150,
                                          GK_MODIFIER_SHIFT), GK_OK);
    gk_action a;
    assert_int_equal(gk_engine_poll_action(s.engine, &a, sizeof a), GK_OK);   /* began */
    assert_int_equal(gk_engine_poll_action(s.engine, &a, sizeof a), GK_OK);   /* changed */
    assert_int_equal(a.state, GK_STATE_CHANGED);
    assert_int_equal(a.modifier_flags, GK_MODIFIER_SHIFT);
    assert_int_equal(gk_engine_feed_hover(s.engine, 0.2, GK_HOVER_EXIT, GK_TOUCH_TYPE_INDIRECT_POINTER, NAN, NAN, 0), GK_OK);
    scene_touch(&s, 0.5, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.6, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.200 hover ended (60.0,50.0) n=0\n"
                               "0.500 V B#1\n"
                               "0.600 V E#1\n");
    /* Bad hover events change nothing. */
    assert_int_equal(gk_engine_feed_hover(s.engine, 0.7, (gk_hover_phase)3, GK_TOUCH_TYPE_INDIRECT_POINTER, 1, 1, 0),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed_hover(s.engine, 0.7, GK_HOVER_MOVE, GK_TOUCH_TYPE_DIRECT, 1, 1, 0),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed_hover(s.engine, 0.7, GK_HOVER_MOVE, GK_TOUCH_TYPE_STYLUS, NAN, 1, 0),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed_hover(s.engine, 0.1, GK_HOVER_MOVE, GK_TOUCH_TYPE_STYLUS, 1, 1, 0),
                     GK_ERR_TIME_BACKWARDS);
    assert_int_equal(gk_engine_feed_hover(NULL, 0.8, GK_HOVER_MOVE, GK_TOUCH_TYPE_STYLUS, 1, 1, 0), GK_ERR_NULL_POINTER);
    scene_free(&s);
}

static void test_pointer_buttons_and_touch_force_are_validated_and_reported(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_int_equal(gk_recognizer_set_int(s.engine, tap, GK_PROP_TAP_BUTTON_MASK_REQUIRED, GK_BUTTON_SECONDARY), GK_OK);
    gk_touch bad = {.id = 1, .phase = GK_TOUCH_BEGAN, .x = 150, .y = 150, .force = -1};
    assert_int_equal(gk_engine_feed(s.engine, 0, &bad, 1), GK_ERR_INVALID_ARGUMENT);
    bad.force = NAN;
    assert_int_equal(gk_engine_feed(s.engine, 0, &bad, 1), GK_ERR_INVALID_ARGUMENT);
    gk_touch click = {.id = 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_INDIRECT_POINTER, .x = 150, .y = 150,
                      .force = 0.7, .major_radius = 3, .buttons = GK_BUTTON_SECONDARY, .modifiers = GK_MODIFIER_CONTROL};
    assert_int_equal(gk_engine_feed(s.engine, 0, &click, 1), GK_OK);
    click.phase = GK_TOUCH_ENDED;
    assert_int_equal(gk_engine_feed(s.engine, 0.05, &click, 1), GK_OK);
    gk_action a;
    assert_int_equal(gk_engine_poll_action(s.engine, &a, sizeof a), GK_OK);
    assert_int_equal(a.state, GK_STATE_ENDED);
    assert_int_equal(a.button_mask, GK_BUTTON_SECONDARY);
    assert_int_equal(a.modifier_flags, GK_MODIFIER_CONTROL);
    scene_free(&s);
}

static void test_touch_deliveries_carry_no_press_type(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_touch t = {.id = 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = 150, .y = 150};
    assert_int_equal(gk_engine_feed(s.engine, 0, &t, 1), GK_OK);
    t.phase = GK_TOUCH_ENDED;
    assert_int_equal(gk_engine_feed(s.engine, 0.05, &t, 1), GK_OK);
    gk_delivery d;
    int n = 0;
    while (gk_engine_poll_delivery(s.engine, &d, sizeof d) == GK_OK) {
        assert_int_equal(d.touch_type, GK_TOUCH_TYPE_DIRECT);
        assert_int_equal(d.press_type, 0);   /* was GK_PRESS_SELECT (4), a press's type on a finger */
        n++;
    }
    assert_int_equal(n, 2);
    scene_free(&s);
}

static void test_presses_reach_the_focused_view_and_its_recognizers(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer dbl = scene_add(&s, GK_KIND_TAP, s.v, "double");
    assert_int_equal(gk_recognizer_set_int(s.engine, dbl, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), GK_OK);
    assert_int_equal(gk_recognizer_set_int(s.engine, dbl, GK_PROP_ALLOWED_PRESS_TYPES,
                                           (int64_t)GK_PRESS_TYPE_BIT(GK_PRESS_SELECT)), GK_OK);
    int64_t mask;
    assert_int_equal(gk_recognizer_get_int(s.engine, dbl, GK_PROP_ALLOWED_PRESS_TYPES, &mask), GK_OK);
    assert_int_equal(mask, 1 << GK_PRESS_SELECT);
    /* Without focus a press reaches no view. */
    assert_int_equal(gk_engine_feed_press(s.engine, 0, GK_PRESS_SELECT, GK_TOUCH_BEGAN, 0), GK_OK);
    assert_int_equal(gk_engine_feed_press(s.engine, 0.05, GK_PRESS_SELECT, GK_TOUCH_ENDED, 0), GK_OK);
    assert_string_equal(s.log, "");
    assert_int_equal(gk_engine_set_focus(s.engine, s.v), GK_OK);
    gk_view focus;
    assert_int_equal(gk_engine_get_focus(s.engine, &focus), GK_OK);
    assert_true(focus == s.v);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(gk_engine_feed_press(s.engine, 1 + k * 0.2, GK_PRESS_SELECT, GK_TOUCH_BEGAN, 0.5), GK_OK);
        assert_int_equal(gk_engine_feed_press(s.engine, 1.08 + k * 0.2, GK_PRESS_SELECT, GK_TOUCH_ENDED, 0), GK_OK);
    }
    gk_delivery d;
    assert_int_equal(gk_engine_poll_delivery(s.engine, &d, sizeof d), GK_OK);
    assert_int_equal(d.touch_type, GK_TOUCH_TYPE_PRESS);
    assert_int_equal(d.press_type, GK_PRESS_SELECT);
    assert_int_equal(d.touch_id, GK_PRESS_SELECT);
    assert_true(d.force == 0.5);
    scene_drain(&s);
    assert_non_null(strstr(s.log, "1.280 double ended (100.0,100.0)"));   /* at the view's centre */
    assert_int_equal(gk_engine_feed_press(s.engine, 2, (gk_press_type)64, GK_TOUCH_BEGAN, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed_press(s.engine, 2, GK_PRESS_MENU, GK_TOUCH_ENDED, 0), GK_ERR_UNKNOWN_TOUCH);
    assert_int_equal(gk_engine_feed_press(s.engine, 2, GK_PRESS_CUSTOM(55), GK_TOUCH_BEGAN, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_set_focus(s.engine, 12345), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_view_destroy(s.engine, s.v), GK_OK);
    assert_int_equal(gk_engine_get_focus(s.engine, &focus), GK_OK);
    assert_true(focus == GK_VIEW_NONE);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_standard_kind_is_created_with_uikit_defaults),
        cmocka_unit_test(test_property_errors_say_what_is_wrong),
        cmocka_unit_test(test_drift_allowance_belongs_to_pans_pinch_and_rotation),
        cmocka_unit_test(test_landing_window_is_off_by_default_and_refuses_bad_values),
        cmocka_unit_test(test_landing_window_holds_a_lone_touch_back_until_it_ends),
        cmocka_unit_test(test_long_press_begins_at_the_engines_deadline),
        cmocka_unit_test(test_swipe_is_recognized_mid_move),
        cmocka_unit_test(test_pinch_scale_reset_in_the_handler_gives_increments),
        cmocka_unit_test(test_screen_edge_pan_starts_only_at_its_edge),
        cmocka_unit_test(test_hover_follows_the_pointer_and_fingers_do_not_drive_it),
        cmocka_unit_test(test_pointer_buttons_and_touch_force_are_validated_and_reported),
        cmocka_unit_test(test_touch_deliveries_carry_no_press_type),
        cmocka_unit_test(test_presses_reach_the_focused_view_and_its_recognizers),
    };
    return cmocka_run_group_tests_name("recognizers", tests, NULL, NULL);
}
