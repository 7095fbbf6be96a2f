/* Reliability through the C ABI: documented limits, what callbacks may call back into, and the
 * input faults real panels produce. Each case has a defined outcome (docs/RELIABILITY.md). */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static void nop_target(gk_engine *e, const gk_action *a, void *ud) { (void)e; (void)a; (void)ud; }

static void test_targets_and_requirements_have_documented_maxima(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    for (uintptr_t i = 0; i < GK_MAX_TARGETS; i++)
        assert_int_equal(gk_recognizer_add_target(s.engine, tap, nop_target, (void *)(i + 1)), GK_OK);
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, nop_target, (void *)9999), GK_ERR_CAPACITY);
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, nop_target, (void *)1), GK_OK);   /* already there */
    gk_recognizer others[GK_MAX_FAILURE_REQUIREMENTS + 1];
    for (int i = 0; i <= GK_MAX_FAILURE_REQUIREMENTS; i++)
        assert_int_equal(gk_recognizer_create(s.engine, GK_KIND_PAN, &others[i]), GK_OK);
    for (int i = 0; i < GK_MAX_FAILURE_REQUIREMENTS; i++)
        assert_int_equal(gk_recognizer_require_failure_of(s.engine, tap, others[i]), GK_OK);
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, tap, others[GK_MAX_FAILURE_REQUIREMENTS]),
                     GK_ERR_CAPACITY);
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, tap, others[0]), GK_OK);
    /* The recognizer still works. */
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    assert_non_null(strstr(s.log, "tap ended"));
    scene_free(&s);
}

static void test_views_and_recognizers_stop_at_their_maxima(void **state) {
    (void)state;
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.max_views = 3;   /* the root and two more */
    o.max_recognizers = 2;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_view root, v[3];
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    gk_rect f = {0, 0, 10, 10};
    assert_int_equal(gk_view_create(e, root, &f, &v[0]), GK_OK);
    assert_int_equal(gk_view_create(e, root, &f, &v[1]), GK_OK);
    assert_int_equal(gk_view_create(e, root, &f, &v[2]), GK_ERR_CAPACITY);
    assert_int_equal(gk_view_destroy(e, v[1]), GK_OK);
    assert_int_equal(gk_view_create(e, root, &f, &v[2]), GK_OK);   /* the slot is reused... */
    gk_rect out;
    assert_int_equal(gk_view_get_frame(e, v[1], &out), GK_ERR_STALE_HANDLE);   /* ...the old handle stays dead */
    gk_recognizer r[3];
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &r[0]), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_PAN, &r[1]), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_SWIPE, &r[2]), GK_ERR_CAPACITY);
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    assert_int_equal(st.views, 3);
    assert_int_equal(st.recognizers, 2);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_undrained_queues_stay_bounded_and_count_what_they_drop(void **state) {
    (void)state;
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.action_queue_capacity = 4;
    o.delivery_queue_capacity = 4;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_view root;
    gk_recognizer tap;
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, tap, root), GK_OK);
    for (int k = 0; k < 100; k++) {
        gk_touch d = {.id = 1, .phase = GK_TOUCH_BEGAN, .x = 10, .y = 10}, u = {.id = 1, .phase = GK_TOUCH_ENDED};
        u.x = u.y = NAN;
        assert_int_equal(gk_engine_feed(e, k, &d, 1), GK_OK);
        assert_int_equal(gk_engine_feed(e, k + 0.05, &u, 1), GK_OK);
    }
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    assert_int_equal(st.pending_actions, 4);
    assert_int_equal(st.dropped_actions, 96);
    assert_int_equal(st.pending_deliveries, 4);
    assert_int_equal(st.dropped_deliveries, 196);   /* began + cancelled per tap */
    gk_action a;
    assert_int_equal(gk_engine_poll_action(e, &a, sizeof a), GK_OK);
    assert_true(a.timestamp == 96.05);   /* the newest are kept */
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

/* What a target may call back into, and what it may not. */
struct reentry {
    gk_recognizer other_custom;
    gk_status destroy_self, destroy_view, destroy_engine, feed, hover, set_delegate, set_veto, set_other_state,
        detach_self, create_recognizer, set_prop;
    int calls;
};

static void reenter(gk_engine *e, const gk_action *a, void *ud) {
    struct reentry *r = ud;
    if (r->calls++) return;
    gk_view v;
    assert_int_equal(gk_recognizer_get_view(e, a->recognizer, &v), GK_OK);
    r->destroy_self = gk_recognizer_destroy(e, a->recognizer);
    r->destroy_view = gk_view_destroy(e, v);
    r->destroy_engine = gk_engine_destroy(e);
    gk_touch t = {.id = 7, .phase = GK_TOUCH_BEGAN, .x = 1, .y = 1};
    r->feed = gk_engine_feed(e, a->timestamp, &t, 1);
    r->hover = gk_engine_feed_hover(e, a->timestamp, GK_HOVER_MOVE, GK_TOUCH_TYPE_INDIRECT_POINTER, 1, 1, 0);
    r->set_delegate = gk_recognizer_set_delegate(e, a->recognizer, NULL);
    r->set_veto = gk_view_set_should_begin(e, v, NULL, NULL);
    r->detach_self = gk_recognizer_detach(e, a->recognizer);
    gk_recognizer fresh;
    r->create_recognizer = gk_recognizer_create(e, GK_KIND_TAP, &fresh);
    r->set_prop = gk_recognizer_set_bool(e, a->recognizer, GK_PROP_CANCELS_TOUCHES_IN_VIEW, true);
    r->set_other_state = gk_recognizer_set_state(e, r->other_custom, GK_STATE_RECOGNIZED);
}

static void test_callbacks_may_read_and_set_but_never_tear_down_or_feed(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_custom_recognizer hooks;
    memset(&hooks, 0, sizeof hooks);
    hooks.size = sizeof hooks;
    gk_recognizer probe;
    assert_int_equal(gk_recognizer_create_custom(s.engine, &hooks, false, &probe), GK_OK);
    assert_int_equal(gk_recognizer_attach(s.engine, probe, s.root), GK_OK);
    scene_name(&s, probe, "probe");
    struct reentry r = {.other_custom = probe};
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, reenter, &r), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(r.calls, 1);
    assert_int_equal(r.destroy_self, GK_ERR_BUSY);
    assert_int_equal(r.destroy_view, GK_ERR_BUSY);
    assert_int_equal(r.destroy_engine, GK_ERR_BUSY);
    assert_int_equal(r.feed, GK_ERR_BUSY);
    assert_int_equal(r.hover, GK_ERR_BUSY);
    assert_int_equal(r.set_delegate, GK_ERR_BUSY);
    assert_int_equal(r.set_veto, GK_ERR_BUSY);
    assert_int_equal(r.detach_self, GK_ERR_BUSY);
    assert_int_equal(r.create_recognizer, GK_ERR_BUSY);
    assert_int_equal(r.set_prop, GK_OK);
    assert_int_equal(r.set_other_state, GK_OK);
    /* The request was taken: it ran in an update pass right after the tap's, at the same time,
     * and the probe is back to possible (finished and reset) rather than stuck. */
    gk_state st;
    assert_int_equal(gk_recognizer_get_state(s.engine, probe, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    /* Nothing was torn down: the tap still works. */
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 1.05, 2, GK_TOUCH_ENDED, 150, 150);
    assert_non_null(strstr(s.log, "1.050 tap ended"));
    scene_free(&s);
}

static void test_time_standing_still_is_fine_and_going_back_changes_nothing(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_touch(&s, 1.0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 1.0, 1, GK_TOUCH_MOVED, 151, 150);   /* same timestamp: accepted */
    gk_touch up = {.id = 1, .phase = GK_TOUCH_ENDED, .x = 151, .y = 150};
    assert_int_equal(gk_engine_feed(s.engine, 0.5, &up, 1), GK_ERR_TIME_BACKWARDS);
    assert_int_equal(gk_engine_advance(s.engine, 0.9), GK_ERR_TIME_BACKWARDS);
    double now;
    assert_int_equal(gk_engine_now(s.engine, &now), GK_OK);
    assert_true(now == 1.0);
    scene_touch(&s, 1.05, 1, GK_TOUCH_ENDED, 151, 150);   /* the touch was still down */
    assert_non_null(strstr(s.log, "1.050 tap ended"));
    scene_free(&s);
}

static void test_phantom_and_reused_touch_ids_are_refused(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_touch ghost = {.id = 42, .phase = GK_TOUCH_ENDED, .x = 150, .y = 150};
    assert_int_equal(gk_engine_feed(s.engine, 0, &ghost, 1), GK_ERR_UNKNOWN_TOUCH);   /* ends without beginning */
    ghost.phase = GK_TOUCH_CANCELLED;
    assert_int_equal(gk_engine_feed(s.engine, 0, &ghost, 1), GK_ERR_UNKNOWN_TOUCH);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    gk_touch again = {.id = 1, .phase = GK_TOUCH_BEGAN, .x = 160, .y = 150};
    assert_int_equal(gk_engine_feed(s.engine, 0.01, &again, 1), GK_ERR_TOUCH_ALREADY_DOWN);   /* reused while down */
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.050 V C#1\n"
                               "0.050 tap ended (50.0,50.0) n=1\n");
    scene_free(&s);
}

static void test_a_frame_of_200_touches(void **state) {
    (void)state;
    gk_touch frame[200];
    for (int i = 0; i < 200; i++)
        frame[i] = (gk_touch){.id = i, .phase = GK_TOUCH_BEGAN, .x = (i % 20) * 20.0, .y = (i / 20) * 20.0};
    /* With the default limit of 32 touches down the frame is refused as a whole. */
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_PAN, s.root, "pan");
    assert_int_equal(gk_engine_feed(s.engine, 0, frame, 200), GK_ERR_CAPACITY);
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.touches_down, 0);
    scene_free(&s);
    /* An engine configured for 256 touches takes it, and a 200-finger drag pans. */
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.max_touches = 256;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_view root;
    gk_recognizer pan;
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_PAN, &pan), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, pan, root), GK_OK);
    assert_int_equal(gk_engine_feed(e, 0, frame, 200), GK_OK);
    for (int i = 0; i < 200; i++) {
        frame[i].phase = GK_TOUCH_MOVED;
        frame[i].x += 30;
    }
    assert_int_equal(gk_engine_feed(e, 0.05, frame, 200), GK_OK);
    uint32_t n;
    assert_int_equal(gk_recognizer_number_of_touches(e, pan, &n), GK_OK);
    assert_int_equal(n, 200);
    gk_action a;
    assert_int_equal(gk_engine_poll_action(e, &a, sizeof a), GK_OK);
    assert_int_equal(a.state, GK_STATE_BEGAN);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_a_touch_that_never_ends_is_cleared_by_the_system_cancel(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_LONG_PRESS, s.v, "lp");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_advance(&s, 3600);   /* an hour later the finger (or a stuck contact) is still "down" */
    assert_int_equal(gk_engine_cancel_all_touches(s.engine, 3600.5), GK_OK);
    scene_drain(&s);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.500 V C#1\n"
                               "0.500 lp began (50.0,50.0) n=1\n"
                               "3600.500 lp cancelled (50.0,50.0) n=0\n");
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.touches_down, 0);
    assert_int_equal(gk_engine_cancel_all_touches(s.engine, 3601), GK_OK);   /* nothing down: a no-op */
    scene_free(&s);
}

static void test_coordinates_far_outside_the_screen(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_PAN, s.root, "pan");
    /* Far outside, but finite and within 1e12: accepted, hit no view, reach no recognizer. */
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, -5e9, 7e11);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 5e9, -7e11);
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 5e9, -7e11);
    assert_string_equal(s.log, "");
    /* A touch that starts on screen and leaves it keeps being tracked. */
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 1.05, 2, GK_TOUCH_MOVED, -1e6, 150);
    assert_non_null(strstr(s.log, "1.050 pan began"));
    /* Beyond 1e12 or not finite: refused. */
    gk_touch bad = {.id = 3, .phase = GK_TOUCH_BEGAN, .x = 2e12, .y = 0};
    assert_int_equal(gk_engine_feed(s.engine, 2, &bad, 1), GK_ERR_INVALID_ARGUMENT);
    bad.x = INFINITY;
    assert_int_equal(gk_engine_feed(s.engine, 2, &bad, 1), GK_ERR_INVALID_ARGUMENT);
    scene_free(&s);
}

static void test_feed_frames_applies_frames_in_order_and_stops_at_an_error(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_touch t[3] = {{.id = 1, .phase = GK_TOUCH_BEGAN, .x = 150, .y = 150},
                     {.id = 1, .phase = GK_TOUCH_ENDED, .x = 150, .y = 150},
                     {.id = 2, .phase = GK_TOUCH_ENDED, .x = 150, .y = 150}};
    double stamps[3] = {0, 0.05, 0.1};
    uint32_t counts[3] = {1, 1, 1};
    size_t fed = 99;
    /* The third frame ends a touch that is not down: two frames applied, the error reported. */
    assert_int_equal(gk_engine_feed_frames(s.engine, stamps, counts, 3, t, 3, &fed), GK_ERR_UNKNOWN_TOUCH);
    assert_int_equal(fed, 2);
    scene_drain(&s);
    assert_non_null(strstr(s.log, "0.050 tap ended"));
    /* Counts that run past the touch array are refused before that frame. */
    counts[0] = 5;
    double later[1] = {1};
    assert_int_equal(gk_engine_feed_frames(s.engine, later, counts, 1, t, 3, &fed), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(fed, 0);
    assert_int_equal(gk_engine_feed_frames(s.engine, NULL, counts, 1, t, 3, &fed), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_feed_frames(s.engine, NULL, NULL, 0, NULL, 0, NULL), GK_OK);
    /* Empty frames just move time on. */
    uint32_t zero[1] = {0};
    assert_int_equal(gk_engine_feed_frames(s.engine, later, zero, 1, NULL, 0, &fed), GK_OK);
    assert_int_equal(fed, 1);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_targets_and_requirements_have_documented_maxima),
        cmocka_unit_test(test_views_and_recognizers_stop_at_their_maxima),
        cmocka_unit_test(test_undrained_queues_stay_bounded_and_count_what_they_drop),
        cmocka_unit_test(test_callbacks_may_read_and_set_but_never_tear_down_or_feed),
        cmocka_unit_test(test_time_standing_still_is_fine_and_going_back_changes_nothing),
        cmocka_unit_test(test_phantom_and_reused_touch_ids_are_refused),
        cmocka_unit_test(test_a_frame_of_200_touches),
        cmocka_unit_test(test_a_touch_that_never_ends_is_cleared_by_the_system_cancel),
        cmocka_unit_test(test_coordinates_far_outside_the_screen),
        cmocka_unit_test(test_feed_frames_applies_frames_in_order_and_stops_at_an_error),
    };
    return cmocka_run_group_tests_name("reliability", tests, NULL, NULL);
}
