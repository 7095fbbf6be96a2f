/* Coordination and life-cycle through the C ABI: the decision log explaining outcomes, failure
 * requirement cycles, and recognizers or views going away mid-gesture, and the system cancel. */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Drains the decision log as "t name event [other]" lines. */
static void explain(struct scene *s, char *out, size_t size) {
    out[0] = 0;
    gk_decision d;
    while (gk_engine_poll_decision(s->engine, &d, sizeof d) == GK_OK) {
        char who[32] = "?", other[32] = "";
        size_t len;
        gk_recognizer_get_name(s->engine, d.recognizer, who, sizeof who, &len);
        if (d.other) gk_recognizer_get_name(s->engine, d.other, other, sizeof other, &len);
        char line[160];
        snprintf(line, sizeof line, "%.2f %s %s%s%s\n", d.timestamp, who,
                 gk_decision_event_string((gk_decision_event)d.event), other[0] ? " " : "", other);
        strncat(out, line, size - strlen(out) - 1);
    }
}

static void test_decision_log_explains_a_single_tap_waiting_for_the_double_tap(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer single = scene_add(&s, GK_KIND_TAP, s.v, "single");
    gk_recognizer dbl = scene_add(&s, GK_KIND_TAP, s.v, "double");
    assert_int_equal(gk_recognizer_set_int(s.engine, dbl, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), GK_OK);
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, single, dbl), GK_OK);
    assert_int_equal(gk_engine_set_decision_log(s.engine, 256), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    scene_advance(&s, 1);
    char log[2048];
    explain(&s, log, sizeof log);
    /* The single tap recognized at 0.08 but waited; the double tap's timer failed it at 0.43;
     * then the single tap was released and fired. */
    assert_string_equal(log, "0.00 single tracks touch\n"
                             "0.00 double tracks touch\n"
                             "0.08 single state requested\n"
                             "0.08 single waiting for failure of double\n"
                             "0.43 double state requested\n"
                             "0.43 single released double\n"
                             "0.43 single accepted\n");
    assert_non_null(strstr(s.log, "0.430 single ended"));
    /* The cause of the double tap's failure is its timer. */
    scene_touch(&s, 2, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 2.08, 2, GK_TOUCH_ENDED, 150, 150);
    scene_advance(&s, 3);
    gk_decision d;
    int found = 0;
    while (gk_engine_poll_decision(s.engine, &d, sizeof d) == GK_OK) {
        if (d.recognizer == dbl && d.event == GK_DECISION_STATE_REQUESTED) {
            assert_int_equal(d.cause, GK_CAUSE_TIMER);
            assert_int_equal(d.to_state, GK_STATE_FAILED);
            assert_true(fabs(d.timestamp - 2.43) < 1e-9);
            found = 1;
        }
    }
    assert_true(found);
    scene_free(&s);
}

static void test_decision_log_explains_a_tap_prevented_by_the_superviews_pan(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    scene_add(&s, GK_KIND_PAN, s.root, "pan");
    assert_int_equal(gk_engine_set_decision_log(s.engine, 64), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 170, 150);
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 170, 150);
    char log[2048];
    explain(&s, log, sizeof log);
    assert_string_equal(log, "0.00 tap tracks touch\n"
                             "0.00 pan tracks touch\n"
                             "0.05 pan state requested\n"
                             "0.05 pan accepted\n"
                             "0.05 tap prevented by pan\n"
                             "0.10 pan state requested\n");
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.pending_decisions, 0);
    scene_free(&s);
}

static void test_decision_log_is_off_by_default_and_bounded(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_decision d;
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    assert_int_equal(gk_engine_poll_decision(s.engine, &d, sizeof d), GK_EMPTY);
    assert_int_equal(gk_engine_set_decision_log(s.engine, 2), GK_OK);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 150, 150);
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.pending_decisions, 2);
    assert_true(st.dropped_decisions > 0);
    assert_int_equal(gk_engine_poll_decision(s.engine, &d, 4), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_set_decision_log(s.engine, (1u << 20) + 1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_set_decision_log(s.engine, 0), GK_OK);
    assert_int_equal(gk_engine_poll_decision(s.engine, &d, sizeof d), GK_EMPTY);
    assert_string_equal(gk_decision_event_string(GK_DECISION_PREVENTED_BY), "prevented by");
    assert_string_equal(gk_decision_event_string((gk_decision_event)99), "unknown event");
    scene_free(&s);
}

static bool always(gk_engine *e, gk_recognizer r, gk_recognizer o, void *ud) {
    (void)e; (void)r; (void)o; (void)ud;
    return true;
}

static void test_requirement_cycle_fails_both_and_the_engine_goes_on(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer a = scene_add(&s, GK_KIND_TAP, s.v, "a");
    gk_recognizer b = scene_add(&s, GK_KIND_TAP, s.v, "b");
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, a, b), GK_OK);
    /* The other direction through a delegate, so the cycle mixes both forms. */
    gk_delegate d;
    memset(&d, 0, sizeof d);
    d.size = sizeof d;
    d.should_require_failure_of = always;
    assert_int_equal(gk_recognizer_set_delegate(s.engine, b, &d), GK_OK);
    assert_int_equal(gk_engine_set_decision_log(s.engine, 64), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    assert_null(strstr(s.log, "ended ("));   /* neither fires */
    gk_decision dec;
    int cycle = 0;
    while (gk_engine_poll_decision(s.engine, &dec, sizeof dec) == GK_OK)
        if (dec.event == GK_DECISION_REQUIREMENT_CYCLE) cycle++;
    assert_int_equal(cycle, 2);
    /* The view got its touch back, and the engine keeps working. */
    assert_non_null(strstr(s.log, "0.080 V E#1"));
    gk_state st;
    assert_int_equal(gk_recognizer_get_state(s.engine, a, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    scene_free(&s);
}

static void press_and_move(struct scene *s) {
    scene_touch(s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(s, 0.05, 1, GK_TOUCH_MOVED, 170, 150);   /* the pan begins */
}

static void test_disabling_detaching_or_destroying_the_view_mid_pan_cancels_it(void **state) {
    (void)state;
    for (int how = 0; how < 3; how++) {
        struct scene s;
        scene_init(&s);
        gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
        press_and_move(&s);
        if (how == 0) assert_int_equal(gk_recognizer_set_bool(s.engine, pan, GK_PROP_ENABLED, false), GK_OK);
        if (how == 1) assert_int_equal(gk_recognizer_detach(s.engine, pan), GK_OK);
        if (how == 2) assert_int_equal(gk_view_destroy(s.engine, s.v), GK_OK);
        scene_drain(&s);
        assert_non_null(strstr(s.log, "0.050 pan cancelled"));
        /* Later movement of the same finger reaches nobody; a new touch works normally. */
        scene_touch(&s, 0.1, 1, GK_TOUCH_MOVED, 200, 150);
        scene_touch(&s, 0.15, 1, GK_TOUCH_ENDED, 200, 150);
        gk_engine_stats st;
        assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
        assert_int_equal(st.touches_down, 0);
        assert_null(strstr(s.log, "0.100 pan"));
        assert_null(strstr(s.log, "0.150 pan"));
        scene_free(&s);
    }
}

static void test_system_cancel_cancels_everything_in_flight_and_the_next_touch_works(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_PAN, s.v, "pan");
    scene_add(&s, GK_KIND_LONG_PRESS, s.root, "lp");
    press_and_move(&s);
    assert_int_equal(gk_engine_cancel_all_touches(s.engine, 0.08), GK_OK);
    scene_drain(&s);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.050 V C#1\n"
                               "0.050 pan began (70.0,50.0) n=1\n"
                               "0.080 pan cancelled (70.0,50.0) n=0\n");   /* its touches are gone */
    double next;
    assert_int_equal(gk_engine_next_deadline(s.engine, &next), GK_OK);
    assert_true(isinf(next));   /* the long press's timer is gone too */
    s.log[0] = 0;
    scene_touch(&s, 1, 1, GK_TOUCH_BEGAN, 150, 150);   /* the id may be reused */
    scene_touch(&s, 1.05, 1, GK_TOUCH_MOVED, 170, 150);
    scene_touch(&s, 1.1, 1, GK_TOUCH_ENDED, 170, 150);
    assert_non_null(strstr(s.log, "1.050 pan began"));
    assert_non_null(strstr(s.log, "1.100 pan ended"));
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decision_log_explains_a_single_tap_waiting_for_the_double_tap),
        cmocka_unit_test(test_decision_log_explains_a_tap_prevented_by_the_superviews_pan),
        cmocka_unit_test(test_decision_log_is_off_by_default_and_bounded),
        cmocka_unit_test(test_requirement_cycle_fails_both_and_the_engine_goes_on),
        cmocka_unit_test(test_disabling_detaching_or_destroying_the_view_mid_pan_cancels_it),
        cmocka_unit_test(test_system_cancel_cancels_everything_in_flight_and_the_next_touch_works),
    };
    return cmocka_run_group_tests_name("coordination", tests, NULL, NULL);
}
