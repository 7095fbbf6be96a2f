/* Accessibility through the C ABI (docs/ACCESSIBILITY.md): the timing scale, touch accommodations,
 * one-finger zoom and the audit. Explore-by-touch is in test_screen_reader.c. */
#include "support.h"

#include <math.h>
#include <string.h>

static void test_the_timing_scale_defaults_to_one_and_refuses_bad_values(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    double scale = 0;
    assert_int_equal(gk_engine_get_timing_scale(e, &scale), GK_OK);
    assert_true(scale == 1.0);
    const double bad[] = {0, 0.5, 10.5, -2, NAN, INFINITY};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(gk_engine_set_timing_scale(e, bad[k]), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_set_timing_scale(NULL, 2), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_get_timing_scale(NULL, &scale), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_get_timing_scale(e, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_set_timing_scale(e, 10), GK_OK);   /* WCAG 2.2.1: at least ten times */
    assert_int_equal(gk_engine_get_timing_scale(e, &scale), GK_OK);
    assert_true(scale == 10.0);
    gk_engine_destroy(e);
}

/* A long press and a double tap with a scale of 2; a second long press that opts out keeps 0.5 s. */
static void test_a_scale_of_two_doubles_the_limits_unless_a_recognizer_opts_out(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    assert_int_equal(gk_engine_set_timing_scale(s.engine, 2), GK_OK);
    gk_recognizer slow = scene_add(&s, GK_KIND_LONG_PRESS, s.v, "slow");
    gk_recognizer fixed = scene_add(&s, GK_KIND_LONG_PRESS, s.v, "fixed");
    assert_int_equal(gk_recognizer_set_bool(s.engine, fixed, GK_PROP_SCALES_TIMING, false), GK_OK);
    bool scales = true;
    assert_int_equal(gk_recognizer_get_bool(s.engine, fixed, GK_PROP_SCALES_TIMING, &scales), GK_OK);
    assert_false(scales);
    (void)slow;   /* the two long presses exclude each other: the unscaled one wins at 0.5 s */
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_advance(&s, 0.6);
    assert_non_null(strstr(s.log, "0.500 fixed began"));
    scene_touch(&s, 0.7, 1, GK_TOUCH_ENDED, 150, 150);
    scene_free(&s);

    scene_init(&s);
    assert_int_equal(gk_engine_set_timing_scale(s.engine, 2), GK_OK);
    scene_add(&s, GK_KIND_LONG_PRESS, s.v, "slow");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_advance(&s, 0.9);
    assert_null(strstr(s.log, "began"));
    scene_advance(&s, 1.1);
    assert_non_null(strstr(s.log, "1.000 slow began"));
    scene_free(&s);
}

static void test_touch_accommodations_defaults_and_bad_values(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_touch_accommodations a;
    assert_int_equal(gk_touch_accommodations_init(&a), GK_OK);
    assert_true(a.size == sizeof a && a.hold_duration == 0 && a.ignore_repeat == 0 && a.ignore_repeat_distance == 40);
    assert_int_equal(gk_touch_accommodations_init(NULL), GK_ERR_NULL_POINTER);
    const double bad[] = {0.05, 2.5, -1, NAN, INFINITY};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        gk_touch_accommodations_init(&a);
        a.hold_duration = bad[k];
        assert_int_equal(gk_engine_set_touch_accommodations(e, &a), GK_ERR_INVALID_ARGUMENT);
        gk_touch_accommodations_init(&a);
        a.ignore_repeat = bad[k];
        assert_int_equal(gk_engine_set_touch_accommodations(e, &a), GK_ERR_INVALID_ARGUMENT);
    }
    gk_touch_accommodations_init(&a);
    a.ignore_repeat_distance = 0;
    assert_int_equal(gk_engine_set_touch_accommodations(e, &a), GK_ERR_INVALID_ARGUMENT);
    gk_touch_accommodations_init(&a);
    a.size = offsetof(gk_touch_accommodations, swipe_distance) - 1;   /* below 0.2.0's layout */
    assert_int_equal(gk_engine_set_touch_accommodations(e, &a), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_set_touch_accommodations(NULL, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_get_touch_accommodations(e, &a, offsetof(gk_touch_accommodations, swipe_distance) - 1),
                     GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_get_touch_accommodations(e, NULL, sizeof a), GK_ERR_NULL_POINTER);
    /* Switching the stage on with a touch down is busy; NULL switches everything off. */
    gk_touch t = {.id = 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = 10, .y = 10};
    assert_int_equal(gk_engine_feed(e, 0, &t, 1), GK_OK);
    gk_touch_accommodations_init(&a);
    a.hold_duration = 0.5;
    assert_int_equal(gk_engine_set_touch_accommodations(e, &a), GK_ERR_BUSY);
    t.phase = GK_TOUCH_ENDED;
    assert_int_equal(gk_engine_feed(e, 0.1, &t, 1), GK_OK);
    assert_int_equal(gk_engine_set_touch_accommodations(e, &a), GK_OK);
    gk_touch_accommodations got;
    assert_int_equal(gk_engine_get_touch_accommodations(e, &got, sizeof got), GK_OK);
    assert_true(got.hold_duration == 0.5);
    assert_int_equal(gk_engine_set_touch_accommodations(e, NULL), GK_OK);
    assert_int_equal(gk_engine_get_touch_accommodations(e, &got, sizeof got), GK_OK);
    assert_true(got.hold_duration == 0);
    gk_engine_destroy(e);
}

/* Hold duration: a short touch is never seen and the decision log says so; a held one taps. */
static void test_the_hold_duration_drops_short_touches_and_delays_held_ones(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_touch_accommodations a;
    gk_touch_accommodations_init(&a);
    a.hold_duration = 0.3;
    assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_OK);
    assert_int_equal(gk_engine_set_decision_log(s.engine, 64), GK_OK);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 5, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.1, 5, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal((int)strlen(s.log), 0);
    gk_decision d;
    bool logged = false;
    while (gk_engine_poll_decision(s.engine, &d, sizeof d) == GK_OK)
        if (d.event == GK_DECISION_TOUCH_HELD_TOO_BRIEFLY && d.touch_id == 5 && d.recognizer == 0) logged = true;
    assert_true(logged);
    assert_string_equal(gk_decision_event_string(GK_DECISION_TOUCH_HELD_TOO_BRIEFLY), "touch held too briefly");
    scene_touch(&s, 1, 6, GK_TOUCH_BEGAN, 150, 150);
    double deadline = 0;
    assert_int_equal(gk_engine_next_deadline(s.engine, &deadline), GK_OK);
    assert_true(deadline == 1.3);
    scene_advance(&s, 1.3);
    assert_non_null(strstr(s.log, "1.300 V B#6"));
    scene_touch(&s, 1.5, 6, GK_TOUCH_ENDED, 150, 150);
    assert_non_null(strstr(s.log, "1.500 tap ended"));
    scene_free(&s);
}

/* Ignore repeat: bounces near the lift make one tap; a tap elsewhere counts. */
static void test_ignore_repeat_joins_bounces_into_one_tap(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_touch_accommodations a;
    gk_touch_accommodations_init(&a);
    a.ignore_repeat = 0.4;
    assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_OK);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    scene_touch(&s, 0.15, 2, GK_TOUCH_BEGAN, 155, 150);
    scene_touch(&s, 0.2, 2, GK_TOUCH_ENDED, 155, 150);
    scene_touch(&s, 0.3, 3, GK_TOUCH_BEGAN, 280, 280);
    scene_touch(&s, 0.35, 3, GK_TOUCH_ENDED, 280, 280);
    const char *first = strstr(s.log, "0.050 tap ended");
    assert_non_null(first);
    assert_null(strstr(s.log, "0.200 tap ended"));
    assert_non_null(strstr(s.log, "0.350 tap ended"));
    scene_free(&s);
}

/* Tap assistance: a quick sliding touch is a tap at its initial location, not a pan; a touch
 * still down after the delay pans. */
static void test_tap_assistance_turns_a_quick_slide_into_a_tap(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_touch_accommodations a;
    gk_touch_accommodations_init(&a);
    assert_true(a.tap_assistance == GK_TAP_ASSISTANCE_OFF && a.tap_assistance_delay == 0.3);
    a.tap_assistance = 3;
    assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_ERR_INVALID_ARGUMENT);
    a.tap_assistance = GK_TAP_ASSISTANCE_INITIAL_LOCATION;
    a.tap_assistance_delay = 0.05;
    assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_ERR_INVALID_ARGUMENT);
    a.tap_assistance_delay = 0.4;
    assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_OK);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_add(&s, GK_KIND_PAN, s.v, "pan");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 120, 150);
    scene_touch(&s, 0.1, 1, GK_TOUCH_MOVED, 170, 150);
    scene_touch(&s, 0.2, 1, GK_TOUCH_ENDED, 220, 150);
    assert_non_null(strstr(s.log, "0.200 tap ended (20.0,50.0)"));   /* in V: where it landed */
    assert_null(strstr(s.log, "pan"));
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 120, 150);
    scene_touch(&s, 1.2, 2, GK_TOUCH_MOVED, 140, 150);
    scene_advance(&s, 1.4);
    scene_touch(&s, 1.5, 2, GK_TOUCH_MOVED, 180, 150);
    scene_touch(&s, 1.6, 2, GK_TOUCH_ENDED, 180, 150);
    assert_non_null(strstr(s.log, "1.400 pan began"));
    assert_non_null(strstr(s.log, "1.600 pan ended"));
    scene_free(&s);
}

/* One-finger zoom: tap, touch again, drag down: the scale doubles per 150 pt; properties checked. */
static void test_one_finger_zoom_reports_a_scale_like_a_pinch(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer zoom = scene_add(&s, GK_KIND_ONE_FINGER_ZOOM, s.v, "zoom");
    double v = 0;
    assert_int_equal(gk_recognizer_get_double(s.engine, zoom, GK_PROP_ONE_FINGER_ZOOM_POINTS_PER_DOUBLING, &v), GK_OK);
    assert_true(v == 150);
    assert_int_equal(gk_recognizer_set_double(s.engine, zoom, GK_PROP_ONE_FINGER_ZOOM_POINTS_PER_DOUBLING, 0),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(s.engine, zoom, GK_PROP_ONE_FINGER_ZOOM_SCALE, 2), GK_ERR_READ_ONLY);
    assert_int_equal(gk_recognizer_set_double(s.engine, zoom, GK_PROP_ONE_FINGER_ZOOM_HYSTERESIS, 20), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 150, 150);
    scene_touch(&s, 0.3, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.35, 2, GK_TOUCH_MOVED, 150, 165);   /* 15 pt: under the hysteresis of 20 */
    assert_null(strstr(s.log, "zoom began"));
    scene_touch(&s, 0.4, 2, GK_TOUCH_MOVED, 150, 170);
    assert_non_null(strstr(s.log, "0.400 zoom began"));
    scene_touch(&s, 0.5, 2, GK_TOUCH_MOVED, 150, 320);
    assert_int_equal(gk_recognizer_get_double(s.engine, zoom, GK_PROP_ONE_FINGER_ZOOM_SCALE, &v), GK_OK);
    assert_true(fabs(v - 2) < 1e-12);
    scene_touch(&s, 0.6, 2, GK_TOUCH_ENDED, 150, 320);
    assert_non_null(strstr(s.log, "0.600 zoom ended"));
    gk_recognizer tap;
    assert_int_equal(gk_recognizer_create(s.engine, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_get_double(s.engine, tap, GK_PROP_ONE_FINGER_ZOOM_SCALE, &v), GK_ERR_WRONG_KIND);
    scene_free(&s);
}

/* The audit: ask for the count, fetch, capacity and size errors, declared alternatives. */
static void test_the_audit_reports_a_pinch_until_a_one_finger_zoom_or_a_declared_button_covers_it(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pinch = scene_add(&s, GK_KIND_PINCH, s.v, "pinch");
    gk_recognizer swipe = scene_add(&s, GK_KIND_SWIPE, s.v, "swipe");
    gk_recognizer button = scene_add(&s, GK_KIND_TAP, s.root, "button");
    size_t n = 99;
    assert_int_equal(gk_engine_audit(s.engine, NULL, 0, sizeof(gk_audit_finding), &n), GK_OK);
    assert_int_equal(n, 3);   /* the pinch (2.5.1), the swipe (2.5.1, and 2.5.7: it drags) */
    gk_audit_finding f[3];
    assert_int_equal(gk_engine_audit(s.engine, f, 2, sizeof f[0], &n), GK_ERR_CAPACITY);
    assert_int_equal(gk_engine_audit(s.engine, f, 3, sizeof f[0] - 1, &n), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_audit(s.engine, f, 3, sizeof f[0], NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_audit(NULL, f, 3, sizeof f[0], &n), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_audit(s.engine, f, 3, sizeof f[0], &n), GK_OK);
    assert_true(f[0].recognizer == pinch && f[0].view == s.v && f[0].rule == GK_AUDIT_MULTIPOINT &&
                f[0].suggestion == GK_AUDIT_ADD_ONE_FINGER_ZOOM);
    assert_true(f[1].recognizer == swipe && f[1].rule == GK_AUDIT_PATH_BASED);
    assert_true(f[2].recognizer == swipe && f[2].rule == GK_AUDIT_DRAGGING && f[2].suggestion == GK_AUDIT_DECLARE_ALTERNATIVE);
    assert_string_equal(gk_audit_rule_string(GK_AUDIT_PATH_BASED), "path-based (WCAG 2.5.1)");
    assert_string_equal(gk_audit_rule_string(GK_AUDIT_TARGET_SIZE), "target size (WCAG 2.5.8)");
    assert_string_equal(gk_audit_rule_string(99), "unknown");
    assert_non_null(strstr(gk_audit_suggestion_string(GK_AUDIT_ADD_ONE_FINGER_ZOOM), "one-finger zoom"));
    assert_non_null(strstr(gk_audit_suggestion_string(GK_AUDIT_OFFER_SCROLL), "three-finger swipe"));
    assert_string_equal(gk_audit_suggestion_string(GK_AUDIT_ADD_LABEL + 1), "unknown");
    /* Declarations: the same recognizer is refused; a stale one too. A tap covers 2.5.1 and 2.5.7. */
    assert_int_equal(gk_recognizer_declare_alternative(s.engine, pinch, pinch), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_declare_alternative(s.engine, pinch, button), GK_OK);
    assert_int_equal(gk_recognizer_declare_alternative(s.engine, swipe, button), GK_OK);
    assert_int_equal(gk_engine_audit(s.engine, NULL, 0, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gk_recognizer_remove_alternative(s.engine, swipe, button), GK_OK);
    assert_int_equal(gk_engine_audit(s.engine, NULL, 0, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 2);
    assert_int_equal(gk_recognizer_destroy(s.engine, button), GK_OK);
    assert_int_equal(gk_recognizer_declare_alternative(s.engine, swipe, button), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_engine_audit(s.engine, NULL, 0, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 3);   /* the destroyed button no longer covers the pinch */
    gk_recognizer zoom;
    assert_int_equal(gk_recognizer_create(s.engine, GK_KIND_ONE_FINGER_ZOOM, &zoom), GK_OK);
    assert_int_equal(gk_recognizer_attach(s.engine, zoom, s.v), GK_OK);
    assert_int_equal(gk_engine_audit(s.engine, f, 3, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 3);   /* the zoom covers the pinch (2.5.1), but is a drag itself (2.5.7) */
    assert_true(f[2].recognizer == zoom && f[2].rule == GK_AUDIT_DRAGGING);
    /* In explore-by-touch, the screen reader's own multi-finger commands, with no recognizer. */
    assert_int_equal(gk_engine_set_screen_reader(s.engine, true), GK_OK);
    assert_int_equal(gk_engine_audit(s.engine, NULL, 0, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 6);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_timing_scale_defaults_to_one_and_refuses_bad_values),
        cmocka_unit_test(test_a_scale_of_two_doubles_the_limits_unless_a_recognizer_opts_out),
        cmocka_unit_test(test_touch_accommodations_defaults_and_bad_values),
        cmocka_unit_test(test_the_hold_duration_drops_short_touches_and_delays_held_ones),
        cmocka_unit_test(test_ignore_repeat_joins_bounces_into_one_tap),
        cmocka_unit_test(test_tap_assistance_turns_a_quick_slide_into_a_tap),
        cmocka_unit_test(test_one_finger_zoom_reports_a_scale_like_a_pinch),
        cmocka_unit_test(test_the_audit_reports_a_pinch_until_a_one_finger_zoom_or_a_declared_button_covers_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
