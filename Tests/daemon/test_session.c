/* gesturekitd's session on hand-made frames: the order in which the app stream and the actions
 * happen, the cancel styles, and the cleaning mode switched by an operator rather than a gesture. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gkd_session.h"

/* What the app stream wrote, and what the actions saw of it when they ran. */
struct record {
    int events, reports, lifts, palms;
    int lifts_when_keys;          /* lifts written before the key action ran; -1: it never ran */
    int reports_when_keys;        /* frames ended (SYN_REPORT) by then */
};

static int on_event(void *ud, double t, uint16_t type, uint16_t code, int32_t value) {
    (void)t;
    struct record *r = ud;
    r->events++;
    if (type == GK_EV_SYN && code == GK_SYN_REPORT) r->reports++;
    if (type == GK_EV_ABS && code == GK_ABS_MT_TRACKING_ID && value == -1) r->lifts++;
    if (type == GK_EV_ABS && code == GKD_ABS_MT_TOOL_TYPE && value == GKD_MT_TOOL_PALM) r->palms++;
    return 0;
}

static int on_keys(void *ud, const int *keys, int count) {
    (void)keys; (void)count;
    struct record *r = ud;
    r->lifts_when_keys = r->lifts;
    r->reports_when_keys = r->reports;
    return 0;
}

struct fixture {
    gkd_config config;
    gkd_session session;
    gkd_runner runner;
    struct record record;
};

static struct fixture *start(const char *text) {
    struct fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    char error[600];
    if (gkd_config_parse(text, strlen(text), "test.conf", &f->config, error, sizeof error) < 0) fail_msg("%s", error);
    f->record.lifts_when_keys = -1;
    f->runner.send_keys = on_keys;
    f->runner.keys_user_data = &f->record;
    gkd_mapping m;
    memset(&m, 0, sizeof m);
    gk_evdev_config_init(&m.config);
    m.x = (gk_evdev_axis){0, 799};
    m.y = (gk_evdev_axis){0, 479};
    gkd_event_sink sink = {&f->record, on_event};
    if (gkd_session_start(&f->session, &f->config, &m, &sink, &f->runner, error, sizeof error) < 0) fail_msg("%s", error);
    return f;
}

static void stop(struct fixture *f) {
    gkd_session_stop(&f->session);
    free(f);
}

static void frame(struct fixture *f, double t, int n, const int64_t *ids, gk_touch_phase phase, double x) {
    gk_touch touches[4];
    memset(touches, 0, sizeof touches);
    for (int i = 0; i < n; i++) {
        touches[i].id = ids[i];
        touches[i].phase = phase;
        touches[i].x = x + 100 * i;
        touches[i].y = 300;
    }
    gkd_session_frame(&f->session, t, touches, (size_t)n);
}

/* With no landing window (landing_window = 0) a whole-screen gesture may claim touches the app
 * already has: how those end, and when, is what the first two tests check. */
#define HOLD_GESTURE "\n[gesture hold]\nkind = long_press\nnumber_of_touches_required = 3\n" \
                     "minimum_press_duration = 0.5\naction = key KEY_F10\n"
#define HOLD_CONFIG "[daemon]\ngrab = yes\nlanding_window = 0\n%s\n" HOLD_GESTURE

/* An app drag, then two more fingers: the hold claims all three touches the app has. */
static struct fixture *three_finger_hold(const char *daemon_lines) {
    char text[512];
    snprintf(text, sizeof text, HOLD_CONFIG, daemon_lines);
    struct fixture *f = start(text);
    const int64_t one[] = {1}, two[] = {2, 3};
    frame(f, 1.0, 1, one, GK_TOUCH_BEGAN, 200);
    frame(f, 1.05, 1, one, GK_TOUCH_MOVED, 220);
    frame(f, 1.1, 2, two, GK_TOUCH_BEGAN, 400);
    gkd_session_advance(&f->session, 1.7);
    return f;
}

static void test_claimed_touches_end_in_the_app_before_the_action_runs(void **state) {
    (void)state;
    struct fixture *f = three_finger_hold("");
    assert_int_equal(f->record.lifts, 3);
    assert_int_equal(f->record.lifts_when_keys, 3);
    assert_int_equal(f->record.reports_when_keys, f->record.reports);   /* the lift's frame is complete */
    assert_int_equal(f->record.palms, 0);
    stop(f);
}

static void test_cancel_palm_marks_the_touches_before_the_action_and_lifts_them_after(void **state) {
    (void)state;
    struct fixture *f = three_finger_hold("cancel = palm");
    assert_int_equal(f->record.palms, 3);
    assert_int_equal(f->record.lifts, 3);
    assert_int_equal(f->record.lifts_when_keys, 3);   /* the palm frame and its lift frame both come first */
    stop(f);
}

/* With the default landing window, three fingers landing together are the hold's from the start:
 * nothing reaches the app, and the key action still runs. A touch that lands alone reaches the
 * app when the window ends, with the key of no gesture. */
static void test_a_hold_whose_fingers_land_together_never_reaches_the_app(void **state) {
    (void)state;
    struct fixture *f = start("[daemon]\ngrab = yes\n" HOLD_GESTURE);
    assert_true(fabs(f->config.landing_window - 0.075) < 1e-12);
    const int64_t three[] = {1, 2, 3}, four[] = {4};
    frame(f, 1.0, 3, three, GK_TOUCH_BEGAN, 200);
    gkd_session_advance(&f->session, 1.6);
    assert_int_equal(f->record.lifts_when_keys, 0);
    frame(f, 2.0, 3, three, GK_TOUCH_ENDED, 200);
    assert_int_equal(f->record.events, 0);
    frame(f, 3.0, 1, four, GK_TOUCH_BEGAN, 200);
    assert_int_equal(f->record.events, 0);        /* held back while more fingers may land */
    gkd_session_advance(&f->session, 3.075);
    assert_true(f->record.reports > 0);           /* the window ended: the app has it */
    frame(f, 3.2, 1, four, GK_TOUCH_ENDED, 200);
    assert_int_equal(f->record.lifts, 1);
    stop(f);
}

static void test_cleaning_at_start_withholds_touches_until_turned_off(void **state) {
    (void)state;
    struct fixture *f = start("[daemon]\ngrab = yes\ncleaning_at_start = yes\n");
    assert_true(f->session.cleaning);
    const int64_t one[] = {1}, two[] = {2};
    frame(f, 1.0, 1, one, GK_TOUCH_BEGAN, 200);
    frame(f, 1.1, 1, one, GK_TOUCH_ENDED, 200);
    assert_int_equal(f->record.events, 0);
    gkd_session_set_cleaning(&f->session, false, 2.0);
    frame(f, 3.0, 1, two, GK_TOUCH_BEGAN, 200);
    frame(f, 3.1, 1, two, GK_TOUCH_ENDED, 200);
    assert_int_equal(f->record.lifts, 1);
    stop(f);
}

static void test_cleaning_turned_on_by_an_operator_ends_the_touch_the_app_holds(void **state) {
    (void)state;
    struct fixture *f = start("[daemon]\ngrab = yes\n");
    const int64_t one[] = {1};
    frame(f, 1.0, 1, one, GK_TOUCH_BEGAN, 200);
    gkd_session_set_cleaning(&f->session, true, 1.5);
    assert_int_equal(f->record.lifts, 1);
    frame(f, 2.0, 1, one, GK_TOUCH_ENDED, 200);
    assert_int_equal(f->record.lifts, 1);   /* already ended: no second lift */
    stop(f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_claimed_touches_end_in_the_app_before_the_action_runs),
        cmocka_unit_test(test_cancel_palm_marks_the_touches_before_the_action_and_lifts_them_after),
        cmocka_unit_test(test_a_hold_whose_fingers_land_together_never_reaches_the_app),
        cmocka_unit_test(test_cleaning_at_start_withholds_touches_until_turned_off),
        cmocka_unit_test(test_cleaning_turned_on_by_an_operator_ends_the_touch_the_app_holds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
