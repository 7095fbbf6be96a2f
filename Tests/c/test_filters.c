/* The panel profile, the input filters and the metrics through the C ABI: defaults, bad input,
 * the filters' counters, and the metrics buffer contract. */
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void touch(gk_engine *e, double t, int64_t id, gk_touch_phase phase, double x, double y, double radius) {
    gk_touch k = {.id = id, .phase = phase, .type = GK_TOUCH_TYPE_DIRECT, .x = x, .y = y, .major_radius = radius};
    assert_int_equal(gk_engine_feed(e, t, &k, 1), GK_OK);
}

static void test_defaults_are_off_and_unknown(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_panel_profile p;
    gk_input_filters f;
    assert_int_equal(gk_engine_get_panel_profile(e, &p, sizeof p), GK_OK);
    assert_int_equal(gk_engine_get_input_filters(e, &f, sizeof f), GK_OK);
    assert_true(p.noise == 0 && p.max_contact_radius == 0 && p.reports_pressure == 0);
    assert_int_equal(f.flags, 0);
    assert_int_equal(f.jitter, GK_JITTER_OFF);
    assert_int_equal(f.size, sizeof f);
    gk_engine_destroy(e);
}

static void test_bad_profiles_and_filters_are_refused(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_panel_profile p;
    gk_panel_profile_init(&p);
    p.noise = NAN;
    assert_int_equal(gk_engine_set_panel_profile(e, &p), GK_ERR_INVALID_ARGUMENT);
    gk_panel_profile_init(&p);
    p.reports_size = 2;
    assert_int_equal(gk_engine_set_panel_profile(e, &p), GK_ERR_INVALID_ARGUMENT);
    p.reports_size = 1;
    p.size = 8;
    assert_int_equal(gk_engine_set_panel_profile(e, &p), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_set_panel_profile(NULL, &p), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_set_panel_profile(e, NULL), GK_OK);
    gk_input_filters f;
    gk_input_filters_init(&f);
    f.flags = 1u << 7;
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_ERR_INVALID_ARGUMENT);
    gk_input_filters_init(&f);
    f.jitter = 3;
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_ERR_INVALID_ARGUMENT);
    gk_input_filters_init(&f);
    f.chatter_interval = -1;
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_ERR_INVALID_ARGUMENT);
    gk_input_filters_init(&f);
    f.ghost_max_speed = INFINITY;
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_get_input_filters(e, &f, 4), GK_ERR_STRUCT_SIZE);
    gk_filter_counters c;
    assert_int_equal(gk_engine_get_filter_counters(e, NULL, sizeof c), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_set_input_filters(e, NULL), GK_OK);
    gk_engine_destroy(e);
}

static void test_switching_filters_on_with_a_touch_down_is_busy(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    touch(e, 0, 1, GK_TOUCH_BEGAN, 50, 50, 0);
    gk_input_filters f;
    gk_input_filters_init(&f);
    f.flags = GK_FILTER_GHOSTS;
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_ERR_BUSY);
    assert_int_equal(gk_engine_cancel_all_touches(e, 0.1), GK_OK);
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_OK);
    gk_engine_destroy(e);
}

/* A lift held back for chatter keeps the input stage busy with no callback running: the status
 * text must not say "called from a callback" alone. Once the lift goes, switching works. */
static void test_a_lift_held_back_for_chatter_is_busy_and_the_message_says_why(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_input_filters f;
    gk_input_filters_init(&f);
    f.flags = GK_FILTER_CHATTER;
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_OK);
    touch(e, 0, 1, GK_TOUCH_BEGAN, 50, 50, 0);
    touch(e, 0.05, 1, GK_TOUCH_ENDED, 50, 50, 0);   /* held back until 0.08 */
    gk_input_filters off;
    gk_input_filters_init(&off);
    assert_int_equal(gk_engine_set_input_filters(e, &off), GK_ERR_BUSY);
    assert_non_null(strstr(gk_status_string(GK_ERR_BUSY), "held back"));
    assert_int_equal(gk_engine_advance(e, 0.1), GK_OK);
    assert_int_equal(gk_engine_set_input_filters(e, &off), GK_OK);
    gk_engine_destroy(e);
}

static void test_palms_are_rejected_and_counted(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_view root;
    gk_engine_root_view(e, &root);
    gk_recognizer tap;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, tap, root), GK_OK);
    gk_panel_profile p;
    gk_panel_profile_init(&p);
    p.max_contact_radius = 10;
    gk_input_filters f;
    gk_input_filters_init(&f);
    f.flags = GK_FILTER_PALMS;
    assert_int_equal(gk_engine_set_panel_profile(e, &p), GK_OK);
    assert_int_equal(gk_engine_set_input_filters(e, &f), GK_OK);
    touch(e, 0, 1, GK_TOUCH_BEGAN, 100, 100, 40);
    touch(e, 0.02, 1, GK_TOUCH_MOVED, 101, 100, 40);   /* the host may keep reporting it */
    touch(e, 0.05, 1, GK_TOUCH_ENDED, 101, 100, 0);
    gk_action a;
    assert_int_equal(gk_engine_poll_action(e, &a, sizeof a), GK_EMPTY);
    gk_filter_counters c;
    assert_int_equal(gk_engine_get_filter_counters(e, &c, sizeof c), GK_OK);
    assert_int_equal(c.palms, 1);
    gk_engine_stats s;
    gk_engine_get_stats(e, &s, sizeof s);
    assert_int_equal(s.touches_down, 0);
    gk_engine_destroy(e);
}

static void test_metrics_report_their_length_and_never_write_half(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    size_t length = 0;
    assert_int_equal(gk_engine_write_metrics(e, GK_METRICS_PROMETHEUS, NULL, 0, &length), GK_ERR_CAPACITY);
    assert_true(length > 100);
    char small[64];
    memset(small, 'x', sizeof small);
    assert_int_equal(gk_engine_write_metrics(e, GK_METRICS_PROMETHEUS, small, sizeof small, &length), GK_ERR_CAPACITY);
    assert_int_equal(small[0], 0);
    char *text = malloc(length + 1);
    assert_non_null(text);
    assert_int_equal(gk_engine_write_metrics(e, GK_METRICS_PROMETHEUS, text, length + 1, NULL), GK_OK);
    assert_int_equal(strlen(text), length);
    assert_non_null(strstr(text, "gesturekit_frames_total 0\n"));
    free(text);
    assert_int_equal(gk_engine_write_metrics(e, 7, NULL, 0, &length), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_write_metrics(e, GK_METRICS_OPENMETRICS, NULL, 16, &length), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_write_metrics(NULL, GK_METRICS_OPENMETRICS, NULL, 0, &length), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_set_metrics(NULL, true), GK_ERR_NULL_POINTER);
    gk_engine_destroy(e);
}

static void test_a_recognizer_name_cannot_break_the_metrics_text(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_view root;
    gk_engine_root_view(e, &root);
    gk_recognizer tap;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, tap, root), GK_OK);
    const char name[] = "a\"b\\c\nd\xff";
    assert_int_equal(gk_recognizer_set_name(e, tap, name, sizeof name - 1), GK_OK);
    touch(e, 0, 1, GK_TOUCH_BEGAN, 100, 100, 0);
    touch(e, 0.05, 1, GK_TOUCH_ENDED, 100, 100, 0);
    char text[8192];
    assert_int_equal(gk_engine_write_metrics(e, GK_METRICS_OPENMETRICS, text, sizeof text, NULL), GK_OK);
    /* The name's backslash is doubled and its invalid byte written \xFF (reversibly), then the
     * format escapes each backslash, quote and line feed. */
    assert_non_null(strstr(text, "recognizer=\"a\\\"b\\\\\\\\c\\nd\\\\xFF\",kind=\"tap\",outcome=\"recognized\"} 1\n"));
    gk_engine_destroy(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_are_off_and_unknown),
        cmocka_unit_test(test_bad_profiles_and_filters_are_refused),
        cmocka_unit_test(test_switching_filters_on_with_a_touch_down_is_busy),
        cmocka_unit_test(test_a_lift_held_back_for_chatter_is_busy_and_the_message_says_why),
        cmocka_unit_test(test_palms_are_rejected_and_counted),
        cmocka_unit_test(test_metrics_report_their_length_and_never_write_half),
        cmocka_unit_test(test_a_recognizer_name_cannot_break_the_metrics_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
