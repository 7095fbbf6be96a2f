/* Accessibility through the C ABI: the timing scale (docs/ACCESSIBILITY.md). */
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
    const double bad[] = {0, 0.5, 5.5, -2, NAN, INFINITY};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(gk_engine_set_timing_scale(e, bad[k]), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_set_timing_scale(NULL, 2), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_get_timing_scale(NULL, &scale), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_get_timing_scale(e, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_set_timing_scale(e, 5), GK_OK);
    assert_int_equal(gk_engine_get_timing_scale(e, &scale), GK_OK);
    assert_true(scale == 5.0);
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_timing_scale_defaults_to_one_and_refuses_bad_values),
        cmocka_unit_test(test_a_scale_of_two_doubles_the_limits_unless_a_recognizer_opts_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
