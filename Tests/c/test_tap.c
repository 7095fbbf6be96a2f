/* Tap recognizer through the C ABI: spec scenarios S01, S02, S04, S06, S07, S08, S10, S11. */
#include "support.h"
#include <string.h>

static void test_tap_recognized_cancels_view_touch_before_action(void **state) {   /* S01 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n0.080 V C#1\n0.080 tap ended (50.0,50.0) n=1\n");
    scene_free(&s);
}

static void test_tap_without_cancelling_delivers_ended(void **state) {   /* S02 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_int_equal(gk_recognizer_set_bool(s.engine, tap, GK_PROP_CANCELS_TOUCHES_IN_VIEW, false), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n0.080 tap ended (50.0,50.0) n=1\n0.080 V E#1\n");
    scene_free(&s);
}

static void test_tap_fails_beyond_45_points(void **state) {   /* S04 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 200, 150);
    scene_touch(&s, 0.10, 1, GK_TOUCH_ENDED, 200, 150);
    assert_string_equal(s.log, "0.000 V B#1\n0.050 V M#1\n0.100 V E#1\n");
    scene_free(&s);
}

static void test_tap_allows_exactly_45_points(void **state) {   /* S04 boundary */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 195, 150);
    scene_touch(&s, 0.10, 1, GK_TOUCH_ENDED, 195, 150);
    assert_non_null(strstr(s.log, "0.100 tap ended (50.0,50.0)"));
    scene_free(&s);
}

static void test_tap_held_too_long_fails_by_timer(void **state) {   /* S06 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    double deadline;
    assert_int_equal(gk_engine_next_deadline(s.engine, &deadline), GK_OK);
    assert_true(deadline > 0 && deadline <= 3.0);
    scene_touch(&s, 3.0, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n3.000 V E#1\n");
    scene_free(&s);
}

static void test_extra_finger_fails_one_finger_tap(void **state) {   /* S07 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.02, 2, GK_TOUCH_BEGAN, 170, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    scene_touch(&s, 0.09, 2, GK_TOUCH_ENDED, 170, 150);
    /* V is not multiple-touch enabled: it only ever sees touch 1. */
    assert_string_equal(s.log, "0.000 V B#1\n0.080 V E#1\n");
    scene_free(&s);
}

static void test_two_finger_tap_reports_centroid_and_touch_locations(void **state) {   /* S08 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_int_equal(gk_recognizer_set_int(s.engine, tap, GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED, 2), GK_OK);
    assert_int_equal(gk_view_set_flag(s.engine, s.v, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 140, 150);
    scene_touch(&s, 0.02, 2, GK_TOUCH_BEGAN, 160, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 140, 150);
    scene_touch(&s, 0.09, 2, GK_TOUCH_ENDED, 160, 150);
    assert_non_null(strstr(s.log, "0.090 tap ended (50.0,50.0) n=2"));
    scene_free(&s);
}

static void test_double_tap_recognized_at_second_lift_with_first_location(void **state) {   /* S10 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer dbl = scene_add(&s, GK_KIND_TAP, s.v, "double");
    assert_int_equal(gk_recognizer_set_int(s.engine, dbl, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    scene_touch(&s, 0.25, 2, GK_TOUCH_BEGAN, 152, 151);
    scene_touch(&s, 0.33, 2, GK_TOUCH_ENDED, 152, 151);
    /* Apple's example: began, began, cancelled, cancelled. */
    assert_string_equal(s.log, "0.000 V B#1\n0.250 V B#2\n0.330 V C#1\n0.330 V C#2\n"
                               "0.330 double ended (50.0,50.0) n=1\n");
    scene_free(&s);
}

static void test_double_tap_times_out_and_releases_withheld_ended(void **state) {   /* S11 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer dbl = scene_add(&s, GK_KIND_TAP, s.v, "double");
    assert_int_equal(gk_recognizer_set_int(s.engine, dbl, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    double deadline;
    assert_int_equal(gk_engine_next_deadline(s.engine, &deadline), GK_OK);
    assert_true(deadline > 0.429 && deadline < 0.431);
    scene_advance(&s, 1.0);
    assert_string_equal(s.log, "0.000 V B#1\n0.430 V E#1\n");
    scene_free(&s);
}

static void test_double_tap_delays_single_tap_until_timeout(void **state) {   /* S13 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer single = scene_add(&s, GK_KIND_TAP, s.v, "single");
    gk_recognizer dbl = scene_add(&s, GK_KIND_TAP, s.v, "double");
    assert_int_equal(gk_recognizer_set_int(s.engine, dbl, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), GK_OK);
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, single, dbl), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n");
    scene_advance(&s, 1.0);
    assert_string_equal(s.log, "0.000 V B#1\n0.430 V C#1\n0.430 single ended (50.0,50.0) n=1\n");
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tap_recognized_cancels_view_touch_before_action),
        cmocka_unit_test(test_tap_without_cancelling_delivers_ended),
        cmocka_unit_test(test_tap_fails_beyond_45_points),
        cmocka_unit_test(test_tap_allows_exactly_45_points),
        cmocka_unit_test(test_tap_held_too_long_fails_by_timer),
        cmocka_unit_test(test_extra_finger_fails_one_finger_tap),
        cmocka_unit_test(test_two_finger_tap_reports_centroid_and_touch_locations),
        cmocka_unit_test(test_double_tap_recognized_at_second_lift_with_first_location),
        cmocka_unit_test(test_double_tap_times_out_and_releases_withheld_ended),
        cmocka_unit_test(test_double_tap_delays_single_tap_until_timeout),
    };
    return cmocka_run_group_tests_name("tap", tests, NULL, NULL);
}
