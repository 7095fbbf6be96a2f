/* Explore-by-touch, the screen-reader mode, through the C ABI (docs/ACCESSIBILITY.md): focus,
 * activation, the event queue, multi-finger commands, flicks, adjustable elements, the commands a
 * host offers another way, and pass-through. */
#include "support.h"

#include <math.h>
#include <string.h>

/* Explore-by-touch: a held finger focuses V, a double tap activates it (V's tap fires through the
 * normal arbitration); bad arguments; busy while a touch is down. */
static void test_explore_by_touch_focuses_and_activates_through_the_c_abi(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, "Pay", 3, true, 0), GK_OK);
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, NULL, 3, true, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, "x", 256, true, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_accessibility(s.engine, 12345, "x", 1, true, 0), GK_ERR_STALE_HANDLE);
    char label[8];
    size_t n = 0;
    assert_int_equal(gk_view_get_accessibility_label(s.engine, s.v, label, sizeof label, &n), GK_OK);
    assert_string_equal(label, "Pay");
    assert_int_equal(n, 3);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, true), GK_OK);
    gk_view focus = 1;
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == GK_VIEW_NONE);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, false), GK_ERR_BUSY);
    scene_advance(&s, 0.3);
    scene_touch(&s, 0.4, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == s.v);
    assert_int_equal((int)strlen(s.log), 0);   /* the recognizers and the view saw nothing */
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 20, 20);
    scene_touch(&s, 1.05, 2, GK_TOUCH_ENDED, 20, 20);
    scene_touch(&s, 1.2, 3, GK_TOUCH_BEGAN, 22, 20);
    scene_touch(&s, 1.25, 3, GK_TOUCH_ENDED, 22, 20);
    assert_non_null(strstr(s.log, "1.250 tap ended (100.0,100.0)"));   /* at V's centre */
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, 31), GK_ERR_STRUCT_SIZE);   /* below 0.2.0's */
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_FOCUS_CHANGED && e.view == s.v && e.timestamp == 0.3);
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_ACTIVATE && e.view == s.v);
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_EMPTY);
    assert_int_equal(gk_engine_poll_accessibility_event(NULL, &e, sizeof e), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, false), GK_OK);
    scene_free(&s);
}

/* A scene whose view V, with a tap, is the element "Pay", in explore-by-touch. */
static void pay_scene(struct scene *s) {
    scene_init(s);
    scene_add(s, GK_KIND_TAP, s->v, "tap");
    assert_int_equal(gk_view_set_accessibility(s->engine, s->v, "Pay", 3, true, 0), GK_OK);
    assert_int_equal(gk_engine_set_screen_reader(s->engine, true), GK_OK);
}

/* The queue holds GK_ACCESSIBILITY_QUEUE_CAPACITY events. A host that does not drain it loses the
 * oldest, and learns it three ways: the stats count them, the next event says how many were lost
 * just before it, and the events after that say 0 again. A 0.2.0 caller's smaller struct works. */
static void test_dropped_accessibility_events_are_counted_and_flagged_on_the_next_poll(void **state) {
    (void)state;
    struct scene s;
    pay_scene(&s);
    const int taps = GK_ACCESSIBILITY_QUEUE_CAPACITY + 44;
    for (int i = 0; i < taps; i++) {   /* each tap on the element says it (again) */
        scene_touch(&s, i, 1, GK_TOUCH_BEGAN, 150, 150);
        scene_touch(&s, i + 0.05, 1, GK_TOUCH_ENDED, 150, 150);
        scene_advance(&s, i + 0.9);
    }
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.pending_accessibility_events, GK_ACCESSIBILITY_QUEUE_CAPACITY);
    assert_int_equal(st.dropped_accessibility_events, 44);
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_int_equal(e.dropped_before, 44);
    assert_true(e.kind == GK_ACCESSIBILITY_FOCUS_CHANGED && fabs(e.timestamp - 44.45) < 1e-9);   /* the 45th tap, said once the double-tap interval passed */
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_int_equal(e.dropped_before, 0);
    struct { uint64_t sequence; double timestamp; uint32_t kind, direction; gk_view view; } old;   /* 0.2.0's layout */
    assert_int_equal(sizeof old, 32);
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, (gk_accessibility_event *)&old, sizeof old), GK_OK);
    assert_true(old.view == s.v && fabs(old.timestamp - 46.45) < 1e-9);
    uint64_t old_stats[11];   /* 0.2.0's gk_engine_stats: eleven counters */
    assert_int_equal(gk_engine_get_stats(s.engine, (gk_engine_stats *)old_stats, sizeof old_stats), GK_OK);
    assert_int_equal(gk_engine_get_stats(s.engine, &st, 80), GK_ERR_STRUCT_SIZE);
    scene_free(&s);
}

static void frame2(struct scene *s, double t, gk_touch_phase phase, double x1, double y1, double x2, double y2) {
    gk_touch f[2] = {{.id = 1, .phase = phase, .type = GK_TOUCH_TYPE_DIRECT, .x = x1, .y = y1},
                     {.id = 2, .phase = phase, .type = GK_TOUCH_TYPE_DIRECT, .x = x2, .y = y2}};
    assert_int_equal(gk_engine_feed(s->engine, t, f, 2), GK_OK);
    scene_drain(s);
}

static uint32_t next_kind(struct scene *s) {
    gk_accessibility_event e;
    if (gk_engine_poll_accessibility_event(s->engine, &e, sizeof e) != GK_OK) return 99;
    return e.kind;
}

/* Three fingers land at (x, y + 30 k) and lift 80 pt to the left, 0.2 s later. */
static void three_fingers_left(struct scene *s, double t, double x, double y) {
    gk_touch f[3];
    for (int k = 0; k < 3; k++) f[k] = (gk_touch){.id = 20 + k, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = x, .y = y + 30 * k};
    assert_int_equal(gk_engine_feed(s->engine, t, f, 3), GK_OK);
    for (int k = 0; k < 3; k++) { f[k].phase = GK_TOUCH_ENDED; f[k].x = x - 80; }
    assert_int_equal(gk_engine_feed(s->engine, t + 0.2, f, 3), GK_OK);
    scene_drain(s);
}

/* Split tap, two-finger tap (pause), two-finger scrub (escape), three-finger swipe (scroll). */
static void test_explore_by_touch_multi_finger_gestures(void **state) {
    (void)state;
    struct scene s;
    pay_scene(&s);
    /* Split tap: finger 1 rests on V (focus), finger 2 taps. */
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_advance(&s, 0.3);
    scene_touch(&s, 0.5, 2, GK_TOUCH_BEGAN, 20, 700);
    scene_touch(&s, 0.6, 2, GK_TOUCH_ENDED, 20, 700);
    scene_touch(&s, 0.8, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_ACTIVATE);
    assert_non_null(strstr(s.log, "0.600 tap ended"));
    /* Two-finger tap. */
    frame2(&s, 1, GK_TOUCH_BEGAN, 20, 500, 60, 500);
    frame2(&s, 1.1, GK_TOUCH_ENDED, 20, 500, 60, 500);
    assert_int_equal(next_kind(&s), 99);                        /* it may be a magic tap's first */
    scene_advance(&s, 1.5);                                     /* no second: a pause */
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_PAUSE);
    /* Scrub: right, left, right. */
    frame2(&s, 2, GK_TOUCH_BEGAN, 20, 500, 20, 560);
    frame2(&s, 2.1, GK_TOUCH_MOVED, 80, 500, 80, 560);
    frame2(&s, 2.2, GK_TOUCH_MOVED, 20, 500, 20, 560);
    frame2(&s, 2.3, GK_TOUCH_MOVED, 80, 500, 80, 560);
    frame2(&s, 2.4, GK_TOUCH_ENDED, 80, 500, 80, 560);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_ESCAPE);
    /* Three fingers to the left. */
    three_fingers_left(&s, 3, 300, 500);
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    /* Nothing there scrolls (the root has no pan): the boundary, with the fingers' direction. */
    assert_true(e.kind == GK_ACCESSIBILITY_BOUNDARY && e.direction == GK_SWIPE_LEFT);
    assert_int_equal(next_kind(&s), 99);
    scene_free(&s);
}

/* Issue 66: a three-finger swipe says SCROLL only where a gesture took its drag (a pan: a list
 * that scrolls); over a button with a tap it says BOUNDARY. */
static void test_a_three_finger_swipe_scrolls_only_where_something_scrolls(void **state) {
    (void)state;
    struct scene s;
    pay_scene(&s);
    three_fingers_left(&s, 1, 200, 130);      /* over V: its tap fails on the drag */
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_BOUNDARY && e.direction == GK_SWIPE_LEFT);
    scene_add(&s, GK_KIND_PAN, s.v, "pan");   /* now V scrolls */
    three_fingers_left(&s, 2, 200, 130);
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_SCROLL && e.direction == GK_SWIPE_LEFT);
    assert_non_null(strstr(s.log, "pan began"));
    assert_int_equal(next_kind(&s), 99);
    scene_free(&s);
}

/* Issue 66: a focused element the host hides leaves the focus, and a double tap asks nothing for
 * it; a disabled control is focused, reads as dimmed (GK_ACCESSIBILITY_TRAIT_NOT_ENABLED, which
 * cannot be set) and a double tap does nothing. */
static void test_hidden_and_disabled_focused_elements(void **state) {
    (void)state;
    struct scene s;
    pay_scene(&s);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_advance(&s, 0.3);
    scene_touch(&s, 0.4, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_FOCUS_CHANGED);
    /* Disabled: still the focus, dimmed, and a double tap does nothing. */
    assert_int_equal(gk_view_set_flag(s.engine, s.v, GK_VIEW_USER_INTERACTION_ENABLED, false), GK_OK);
    uint32_t traits = 0;
    assert_int_equal(gk_view_get_accessibility_traits(s.engine, s.v, &traits), GK_OK);
    assert_int_equal(traits, GK_ACCESSIBILITY_TRAIT_NOT_ENABLED);
    assert_int_equal(gk_view_set_accessibility_traits(s.engine, s.v, GK_ACCESSIBILITY_TRAIT_NOT_ENABLED),
                     GK_ERR_INVALID_ARGUMENT);
    gk_view focus = GK_VIEW_NONE;
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == s.v);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 20, 20);
    scene_touch(&s, 1.05, 2, GK_TOUCH_ENDED, 20, 20);
    scene_touch(&s, 1.2, 3, GK_TOUCH_BEGAN, 22, 20);
    scene_touch(&s, 1.25, 3, GK_TOUCH_ENDED, 22, 20);
    scene_advance(&s, 2);
    assert_int_equal(next_kind(&s), 99);
    assert_int_equal((int)strlen(s.log), 0);
    /* Enabled again, then hidden: the focus is gone, and a double tap asks nothing. */
    assert_int_equal(gk_view_set_flag(s.engine, s.v, GK_VIEW_USER_INTERACTION_ENABLED, true), GK_OK);
    assert_int_equal(gk_view_get_accessibility_traits(s.engine, s.v, &traits), GK_OK);
    assert_int_equal(traits, 0);
    assert_int_equal(gk_view_set_flag(s.engine, s.v, GK_VIEW_HIDDEN, true), GK_OK);
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == GK_VIEW_NONE);
    scene_touch(&s, 3, 4, GK_TOUCH_BEGAN, 20, 20);
    scene_touch(&s, 3.05, 4, GK_TOUCH_ENDED, 20, 20);
    scene_touch(&s, 3.2, 5, GK_TOUCH_BEGAN, 22, 20);
    scene_touch(&s, 3.25, 5, GK_TOUCH_ENDED, 22, 20);
    scene_advance(&s, 4);
    assert_int_equal(next_kind(&s), 99);   /* no scroll-into-view, no activation */
    assert_int_equal((int)strlen(s.log), 0);
    scene_free(&s);
}

/* One tap focuses once the double-tap interval passes; flicks walk the reading order. */
static void test_explore_by_touch_single_tap_and_flicks(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_view second;
    gk_rect r = {100, 400, 200, 100};
    assert_int_equal(gk_view_create(s.engine, s.root, &r, &second), GK_OK);
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, "First", 5, true, 0), GK_OK);
    assert_int_equal(gk_view_set_accessibility(s.engine, second, "Second", 6, true, 1), GK_OK);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, true), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 200, 450);       /* a tap on Second */
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 200, 450);
    scene_advance(&s, 0.5);
    gk_view focus;
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == second);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 300, 700);        /* flick left: the previous element */
    scene_touch(&s, 1.05, 2, GK_TOUCH_MOVED, 260, 700);
    scene_touch(&s, 1.1, 2, GK_TOUCH_ENDED, 220, 700);
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == s.v);
    scene_touch(&s, 2, 3, GK_TOUCH_BEGAN, 220, 700);        /* flick left again: at the start, stays */
    scene_touch(&s, 2.1, 3, GK_TOUCH_ENDED, 160, 700);
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == s.v);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_FOCUS_CHANGED);
    /* ... and the host hears that it reached the start, on the element that keeps the focus. */
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_BOUNDARY && e.view == s.v && fabs(e.timestamp - 2.1) < 1e-9);
    assert_int_equal(next_kind(&s), 99);
    scene_free(&s);
}

/* Issue 54, item 1: an adjustable element (a quantity) is raised by a flick up and lowered by a
 * flick down while focused; traits are validated; a plain element ignores vertical flicks. */
static void test_an_adjustable_element_is_raised_and_lowered_by_vertical_flicks(void **state) {
    (void)state;
    struct scene s;
    pay_scene(&s);
    uint32_t traits = 99;
    assert_int_equal(gk_view_get_accessibility_traits(s.engine, s.v, &traits), GK_OK);
    assert_int_equal(traits, 0);
    assert_int_equal(gk_view_set_accessibility_traits(s.engine, s.v, 2), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_accessibility_traits(s.engine, (gk_view)12345, GK_ACCESSIBILITY_TRAIT_ADJUSTABLE),
                     GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_view_set_accessibility_traits(NULL, s.v, 0), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_accessibility_traits(s.engine, s.v, NULL), GK_ERR_NULL_POINTER);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);        /* a tap on Pay focuses it */
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 150, 150);
    scene_advance(&s, 0.6);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_FOCUS_CHANGED);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 200, 600);        /* flick up: not adjustable, nothing */
    scene_touch(&s, 1.1, 2, GK_TOUCH_ENDED, 200, 540);
    assert_int_equal(next_kind(&s), 99);
    assert_int_equal(gk_view_set_accessibility_traits(s.engine, s.v, GK_ACCESSIBILITY_TRAIT_ADJUSTABLE), GK_OK);
    assert_int_equal(gk_view_get_accessibility_traits(s.engine, s.v, &traits), GK_OK);
    assert_int_equal(traits, GK_ACCESSIBILITY_TRAIT_ADJUSTABLE);
    scene_touch(&s, 2, 3, GK_TOUCH_BEGAN, 200, 600);        /* flick up: raise */
    scene_touch(&s, 2.1, 3, GK_TOUCH_ENDED, 200, 540);
    scene_touch(&s, 3, 4, GK_TOUCH_BEGAN, 200, 540);        /* flick down: lower */
    scene_touch(&s, 3.1, 4, GK_TOUCH_ENDED, 200, 600);
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_INCREMENT && e.view == s.v && fabs(e.timestamp - 2.1) < 1e-9);
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_DECREMENT && e.view == s.v);
    assert_int_equal(next_kind(&s), 99);
    assert_null(strstr(s.log, "tap "));   /* no flick reached the tap */
    scene_free(&s);
}

/* Issue 54, item 7: the commands a host declares it offers another way are not reported. */
static void test_declared_screen_reader_commands_leave_the_audit(void **state) {
    (void)state;
    struct scene s;
    pay_scene(&s);
    gk_audit_finding f[8];
    size_t n = 0;
    assert_int_equal(gk_engine_audit(s.engine, f, 8, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 3);
    assert_int_equal(f[0].rule, GK_AUDIT_SCREEN_READER_COMMAND);
    assert_string_equal(gk_audit_rule_string(GK_AUDIT_SCREEN_READER_COMMAND), "screen-reader command (EN 301 549 5.9)");
    assert_int_equal(gk_engine_declare_screen_reader_commands(s.engine, GK_SCREEN_READER_PAUSE | GK_SCREEN_READER_ESCAPE), GK_OK);
    assert_int_equal(gk_engine_audit(s.engine, f, 8, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 1);
    assert_int_equal(f[0].suggestion, GK_AUDIT_OFFER_SCROLL);
    assert_int_equal(gk_engine_declare_screen_reader_commands(s.engine, 8), GK_ERR_INVALID_ARGUMENT);
    uint32_t c = 0;
    assert_int_equal(gk_engine_get_screen_reader_commands(s.engine, &c), GK_OK);
    assert_int_equal(c, GK_SCREEN_READER_PAUSE | GK_SCREEN_READER_ESCAPE);
    assert_int_equal(gk_engine_declare_screen_reader_commands(s.engine, GK_SCREEN_READER_PAUSE | GK_SCREEN_READER_ESCAPE |
                                                                         GK_SCREEN_READER_SCROLL), GK_OK);
    assert_int_equal(gk_engine_audit(s.engine, f, 8, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gk_engine_get_screen_reader_commands(NULL, &c), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_declare_screen_reader_commands(NULL, 0), GK_ERR_NULL_POINTER);
    scene_free(&s);
}

/* A double tap whose second finger stays down passes it through to the focused element: the
 * element's long press (its only recognizer) begins and ends with the finger, at the element. */
static void test_a_double_tap_and_hold_passes_the_finger_through_to_the_focused_element(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_LONG_PRESS, s.v, "press");
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, "Hold", 4, true, 0), GK_OK);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, true), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);   /* explore onto V */
    scene_advance(&s, 0.3);
    scene_touch(&s, 0.4, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(next_kind(&s), GK_ACCESSIBILITY_FOCUS_CHANGED);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 20, 20);     /* the double tap, far from V */
    scene_touch(&s, 1.05, 2, GK_TOUCH_ENDED, 20, 20);
    scene_touch(&s, 1.2, 3, GK_TOUCH_BEGAN, 22, 20);   /* held */
    scene_advance(&s, 2.0);
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_PASS_THROUGH && e.view == s.v && fabs(e.timestamp - 1.5) < 1e-9);
    assert_non_null(strstr(s.log, "2.000 press began (100.0,100.0)"));   /* at V's centre, 0.5 s after 1.5 */
    scene_touch(&s, 2.2, 3, GK_TOUCH_ENDED, 22, 20);
    assert_non_null(strstr(s.log, "2.200 press ended"));
    assert_int_equal(next_kind(&s), 99);   /* nothing else said; the focus stayed */
    gk_view focus = GK_VIEW_NONE;
    assert_int_equal(gk_engine_get_accessibility_focus(s.engine, &focus), GK_OK);
    assert_true(focus == s.v);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_explore_by_touch_focuses_and_activates_through_the_c_abi),
        cmocka_unit_test(test_dropped_accessibility_events_are_counted_and_flagged_on_the_next_poll),
        cmocka_unit_test(test_explore_by_touch_multi_finger_gestures),
        cmocka_unit_test(test_a_three_finger_swipe_scrolls_only_where_something_scrolls),
        cmocka_unit_test(test_hidden_and_disabled_focused_elements),
        cmocka_unit_test(test_explore_by_touch_single_tap_and_flicks),
        cmocka_unit_test(test_an_adjustable_element_is_raised_and_lowered_by_vertical_flicks),
        cmocka_unit_test(test_declared_screen_reader_commands_leave_the_audit),
        cmocka_unit_test(test_a_double_tap_and_hold_passes_the_finger_through_to_the_focused_element),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
