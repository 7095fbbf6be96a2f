/* Pan recognizer through the C ABI: spec scenarios S30, S31, S42, S44, S45, S46, S48, S51, S53. */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static void run_s42_input(struct scene *s) {
    scene_touch(s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(s, 0.0167, 1, GK_TOUCH_MOVED, 154, 150);
    scene_touch(s, 0.0333, 1, GK_TOUCH_MOVED, 162, 150);
    scene_touch(s, 0.05, 1, GK_TOUCH_MOVED, 180, 150);
    scene_touch(s, 0.0667, 1, GK_TOUCH_ENDED, 180, 150);
}

struct reads {
    gk_view view;
    int set_zero;
    int count;
    gk_point translation[8];
    gk_point velocity[8];
    uint32_t states[8];
};

static void read_pan(gk_engine *engine, const gk_action *a, void *user_data) {
    struct reads *r = user_data;
    if (r->count >= 8) return;
    assert_int_equal(gk_pan_translation(engine, a->recognizer, r->view, &r->translation[r->count]), GK_OK);
    assert_int_equal(gk_pan_velocity(engine, a->recognizer, r->view, &r->velocity[r->count]), GK_OK);
    r->states[r->count++] = a->state;
    if (r->set_zero) {
        gk_point zero = {0, 0};
        assert_int_equal(gk_pan_set_translation(engine, a->recognizer, zero, r->view), GK_OK);
    }
}

static void test_pan_begins_after_hysteresis_with_reduced_translation(void **state) {   /* S42 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    struct reads r = {.view = s.v};
    assert_int_equal(gk_recognizer_add_target(s.engine, pan, read_pan, &r), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.0167, 1, GK_TOUCH_MOVED, 154, 150);
    gk_state st;
    assert_int_equal(gk_recognizer_get_state(s.engine, pan, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    scene_touch(&s, 0.0333, 1, GK_TOUCH_MOVED, 162, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 180, 150);
    scene_touch(&s, 0.0667, 1, GK_TOUCH_ENDED, 180, 150);
    assert_string_equal(s.log, "0.000 V B#1\n0.017 V M#1\n0.033 V C#1\n0.033 pan began (62.0,50.0) n=1\n"
                               "0.050 pan changed (80.0,50.0) n=1\n0.067 pan ended (80.0,50.0) n=0\n");
    assert_int_equal(r.count, 3);
    assert_float_equal(r.translation[0].x, 2, 1e-9);
    assert_float_equal(r.translation[1].x, 20, 1e-9);
    assert_float_equal(r.translation[2].x, 20, 1e-9);
    scene_free(&s);
}

static void test_set_translation_every_frame_gives_increments(void **state) {   /* S44 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    struct reads r = {.view = s.v, .set_zero = 1};
    assert_int_equal(gk_recognizer_add_target(s.engine, pan, read_pan, &r), GK_OK);
    run_s42_input(&s);
    assert_int_equal(r.count, 3);
    assert_float_equal(r.translation[0].x, 2, 1e-9);
    assert_float_equal(r.translation[1].x, 18, 1e-9);
    assert_float_equal(r.translation[2].x, 0, 1e-9);
    scene_free(&s);
}

static void test_translation_is_in_the_requested_views_coordinates(void **state) {   /* S45 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_transform scale2 = {2, 0, 0, 2, 0, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &scale2), GK_OK);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.02, 1, GK_TOUCH_MOVED, 170, 150);
    gk_point r0, v0, w0, r1, v1, w1;
    assert_int_equal(gk_pan_translation(s.engine, pan, s.root, &r0), GK_OK);
    assert_int_equal(gk_pan_translation(s.engine, pan, s.v, &v0), GK_OK);
    assert_int_equal(gk_pan_translation(s.engine, pan, GK_VIEW_NONE, &w0), GK_OK);
    scene_touch(&s, 0.04, 1, GK_TOUCH_MOVED, 210, 150);
    assert_int_equal(gk_pan_translation(s.engine, pan, s.root, &r1), GK_OK);
    assert_int_equal(gk_pan_translation(s.engine, pan, s.v, &v1), GK_OK);
    assert_int_equal(gk_pan_translation(s.engine, pan, GK_VIEW_NONE, &w1), GK_OK);
    assert_float_equal(r1.x - r0.x, 40, 1e-9);
    assert_float_equal(v1.x - v0.x, 20, 1e-9);
    assert_float_equal(w1.x - w0.x, 40, 1e-9);
    scene_free(&s);
}

static void velocity_case(int mode) {
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    assert_int_equal(gk_recognizer_set_int(s.engine, pan, GK_PROP_PAN_VELOCITY_MODE, mode), GK_OK);
    struct reads r = {.view = s.v};
    assert_int_equal(gk_recognizer_add_target(s.engine, pan, read_pan, &r), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    for (int i = 1; i <= 6; i++) scene_touch(&s, i / 60.0, 1, GK_TOUCH_MOVED, 150 + 10 * i, 150);
    scene_touch(&s, 0.1167, 1, GK_TOUCH_ENDED, 210, 150);
    assert_int_equal(r.count, 7);
    for (int i = 2; i < 7; i++) {
        assert_true(fabs(r.velocity[i].x - 600) <= 30);
        assert_true(fabs(r.velocity[i].y) <= 30);
    }
    assert_int_equal(r.states[6], GK_STATE_ENDED);
    scene_free(&s);
}

static void test_velocity_is_600_points_per_second_least_squares(void **state) {   /* S46 */
    (void)state;
    velocity_case(GK_VELOCITY_LEAST_SQUARES);
}

static void test_velocity_is_600_points_per_second_uikit_compatible(void **state) {   /* S46 */
    (void)state;
    velocity_case(GK_VELOCITY_UIKIT_COMPATIBLE);
}

struct action_speeds {
    int count;
    uint32_t states[8];
    double vx[8];
};

static void keep_speed(gk_engine *engine, const gk_action *a, void *user_data) {
    (void)engine;
    struct action_speeds *r = user_data;
    if (r->count >= 8) return;
    r->states[r->count] = a->state;
    r->vx[r->count++] = a->velocity.x;
}

/* The fit runs for began and ended; changed actions carry it only when asked. */
static void test_changed_actions_carry_the_velocity_only_when_asked(void **state) {
    (void)state;
    for (int asked = 0; asked <= 1; asked++) {
        struct scene s;
        scene_init(&s);
        gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
        bool on = true;
        assert_int_equal(gk_recognizer_get_bool(s.engine, pan, GK_PROP_PAN_VELOCITY_ON_CHANGE, &on), GK_OK);
        assert_false(on);   /* the default */
        assert_int_equal(gk_recognizer_set_bool(s.engine, pan, GK_PROP_PAN_VELOCITY_ON_CHANGE, asked), GK_OK);
        assert_int_equal(gk_recognizer_set_int(s.engine, pan, GK_PROP_PAN_VELOCITY_ON_CHANGE, 1), GK_ERR_UNKNOWN_PROPERTY);
        struct action_speeds r = {0};
        assert_int_equal(gk_recognizer_add_target(s.engine, pan, keep_speed, &r), GK_OK);
        scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
        for (int i = 1; i <= 6; i++) scene_touch(&s, i / 60.0, 1, GK_TOUCH_MOVED, 150 + 10 * i, 150);
        gk_point now;
        assert_int_equal(gk_pan_velocity(s.engine, pan, GK_VIEW_NONE, &now), GK_OK);
        assert_true(fabs(now.x - 600) <= 30);   /* on demand, either way */
        scene_touch(&s, 0.1167, 1, GK_TOUCH_ENDED, 210, 150);
        assert_int_equal(r.count, 7);
        assert_int_equal(r.states[0], GK_STATE_BEGAN);
        assert_int_equal(r.states[6], GK_STATE_ENDED);
        assert_true(fabs(r.vx[6] - 600) <= 30);
        for (int i = 2; i < 6; i++) {
            assert_int_equal(r.states[i], GK_STATE_CHANGED);
            if (asked) assert_true(fabs(r.vx[i] - 600) <= 30);
            else assert_true(r.vx[i] == 0);
        }
        scene_free(&s);
    }
}

static void test_pan_with_too_few_touches_fails_at_lift(void **state) {   /* S48 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    assert_int_equal(gk_recognizer_set_int(s.engine, pan, GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES, 2), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    for (int i = 1; i <= 5; i++) scene_touch(&s, i * 0.02, 1, GK_TOUCH_MOVED, 150 + 20 * i, 150);
    scene_touch(&s, 0.12, 1, GK_TOUCH_ENDED, 250, 150);
    assert_string_equal(s.log, "0.000 V B#1\n0.020 V M#1\n0.040 V M#1\n0.060 V M#1\n0.080 V M#1\n0.100 V M#1\n"
                               "0.120 V E#1\n");
    scene_free(&s);
}

/* A 15 pt drag from V's centre: the pan begins at the move and takes the touch from the view. */
static void assert_drag_goes_to_pan(struct scene *s) {
    scene_touch(s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(s, 0.05, 1, GK_TOUCH_MOVED, 165, 150);
    scene_touch(s, 0.10, 1, GK_TOUCH_ENDED, 165, 150);
    assert_string_equal(s->log, "0.000 V B#1\n0.050 V C#1\n0.050 pan began (65.0,50.0) n=1\n"
                                "0.100 pan ended (65.0,50.0) n=0\n");
}

static void test_pan_beats_tap_on_the_same_view(void **state) {   /* S30 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_add(&s, GK_KIND_PAN, s.v, "pan");
    assert_drag_goes_to_pan(&s);
    scene_free(&s);
}

static void test_pan_on_superview_beats_tap_on_subview(void **state) {   /* S31 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_PAN, s.root, "pan");
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_drag_goes_to_pan(&s);
    scene_free(&s);
}

static void test_system_cancel_cancels_a_began_pan(void **state) {   /* S51 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_PAN, s.v, "pan");
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 165, 150);
    assert_int_equal(gk_engine_cancel_all_touches(s.engine, 0.08), GK_OK);
    scene_drain(&s);
    assert_string_equal(s.log, "0.000 V B#1\n0.050 V C#1\n0.050 pan began (65.0,50.0) n=1\n"
                               "0.080 pan cancelled (65.0,50.0) n=0\n");
    scene_free(&s);
}

static void test_disabled_pan_sees_nothing_and_view_gets_everything(void **state) {   /* S53 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    assert_int_equal(gk_recognizer_set_bool(s.engine, pan, GK_PROP_ENABLED, false), GK_OK);
    run_s42_input(&s);
    assert_string_equal(s.log, "0.000 V B#1\n0.017 V M#1\n0.033 V M#1\n0.050 V M#1\n0.067 V E#1\n");
    scene_free(&s);
}

static void test_disabling_a_recognizing_pan_cancels_it(void **state) {   /* rule 55 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 165, 150);
    assert_int_equal(gk_recognizer_set_bool(s.engine, pan, GK_PROP_ENABLED, false), GK_OK);
    scene_drain(&s);
    scene_touch(&s, 0.1, 1, GK_TOUCH_MOVED, 185, 150);
    assert_string_equal(s.log, "0.000 V B#1\n0.050 V C#1\n0.050 pan began (65.0,50.0) n=1\n"
                               "0.050 pan cancelled (65.0,50.0) n=1\n");
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pan_begins_after_hysteresis_with_reduced_translation),
        cmocka_unit_test(test_set_translation_every_frame_gives_increments),
        cmocka_unit_test(test_translation_is_in_the_requested_views_coordinates),
        cmocka_unit_test(test_velocity_is_600_points_per_second_least_squares),
        cmocka_unit_test(test_velocity_is_600_points_per_second_uikit_compatible),
        cmocka_unit_test(test_changed_actions_carry_the_velocity_only_when_asked),
        cmocka_unit_test(test_pan_with_too_few_touches_fails_at_lift),
        cmocka_unit_test(test_pan_beats_tap_on_the_same_view),
        cmocka_unit_test(test_pan_on_superview_beats_tap_on_subview),
        cmocka_unit_test(test_system_cancel_cancels_a_began_pan),
        cmocka_unit_test(test_disabled_pan_sees_nothing_and_view_gets_everything),
        cmocka_unit_test(test_disabling_a_recognizing_pan_cancels_it),
    };
    return cmocka_run_group_tests_name("pan", tests, NULL, NULL);
}
