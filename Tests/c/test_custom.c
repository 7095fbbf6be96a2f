/* Custom recognizers through the C ABI (gk_custom_recognizer): hooks, state requests from every
 * place a host can make them, ignore, deadlines, prevention hooks; and the view veto (rule 61). */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A recording probe: logs its hooks, and optionally acts in them. */
struct probe {
    char calls[1024];
    int fail_on_begin;          /* sets FAILED in touches_began */
    int begin_on_first_touch;   /* sets BEGAN in touches_began (Eager) */
    int64_t ignore_id;          /* ignores this touch in touches_began (0: none) */
    int recognize_on_lift;      /* sets RECOGNIZED in touches_ended */
    int can_prevent;            /* answer of can_prevent (-1: hook not installed) */
    gk_status in_reset_set_state, in_prevent_set_state, in_hook_feed, in_hook_get_touch;
    gk_touch_info last_touch;
    double deadline_at;
};

static void note(struct probe *p, const char *fmt, int64_t id, double t) {
    char line[64];
    snprintf(line, sizeof line, fmt, (long long)id, t);
    strncat(p->calls, line, sizeof p->calls - strlen(p->calls) - 1);
}

static void began(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts, void *ud) {
    struct probe *p = ud;
    for (size_t i = 0; i < n; i++) note(p, "B#%lld@%.2f ", t[i].id, ts);
    p->last_touch = t[n - 1];
    gk_touch_info copy;
    p->in_hook_get_touch = gk_recognizer_get_touch(e, r, 0, &copy, sizeof copy);
    gk_touch again = {.id = 99, .phase = GK_TOUCH_BEGAN, .x = 1, .y = 1};
    p->in_hook_feed = gk_engine_feed(e, ts, &again, 1);
    if (p->ignore_id) assert_int_equal(gk_recognizer_ignore_touch(e, r, p->ignore_id), GK_OK);
    if (p->fail_on_begin) assert_int_equal(gk_recognizer_set_state(e, r, GK_STATE_FAILED), GK_OK);
    if (p->begin_on_first_touch) assert_int_equal(gk_recognizer_set_state(e, r, GK_STATE_BEGAN), GK_OK);
}

static void moved(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts, void *ud) {
    (void)e; (void)r;
    for (size_t i = 0; i < n; i++) note(ud, "M#%lld@%.2f ", t[i].id, ts);
}

static void ended(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts, void *ud) {
    struct probe *p = ud;
    for (size_t i = 0; i < n; i++) note(p, "E#%lld@%.2f ", t[i].id, ts);
    if (p->recognize_on_lift) assert_int_equal(gk_recognizer_set_state(e, r, GK_STATE_RECOGNIZED), GK_OK);
}

static void reset_hook(gk_engine *e, gk_recognizer r, void *ud) {
    struct probe *p = ud;
    note(p, "R%lld ", 0, 0);
    p->in_reset_set_state = gk_recognizer_set_state(e, r, GK_STATE_BEGAN);
}

static void deadline(gk_engine *e, gk_recognizer r, double ts, void *ud) {
    struct probe *p = ud;
    p->deadline_at = ts;
    assert_int_equal(gk_recognizer_set_state(e, r, GK_STATE_RECOGNIZED), GK_OK);
}

static bool prevent(gk_engine *e, gk_recognizer r, gk_recognizer other, void *ud) {
    (void)other;
    struct probe *p = ud;
    p->in_prevent_set_state = gk_recognizer_set_state(e, r, GK_STATE_FAILED);
    return p->can_prevent != 0;
}

static gk_recognizer add_probe(struct scene *s, struct probe *p, bool continuous, const char *name) {
    gk_custom_recognizer hooks;
    memset(&hooks, 0, sizeof hooks);
    hooks.size = sizeof hooks;
    hooks.user_data = p;
    hooks.touches_began = began;
    hooks.touches_moved = moved;
    hooks.touches_ended = ended;
    hooks.reset = reset_hook;
    hooks.deadline_reached = deadline;
    if (p->can_prevent >= 0) hooks.can_prevent = prevent;
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create_custom(s->engine, &hooks, continuous, &r), GK_OK);
    assert_int_equal(gk_recognizer_attach(s->engine, r, s->v), GK_OK);
    scene_name(s, r, name);
    return r;
}

static void test_custom_hooks_see_touches_and_reset_once_per_sequence(void **state) {   /* S72 */
    (void)state;
    struct scene s;
    scene_init(&s);
    struct probe p = {.fail_on_begin = 1, .can_prevent = -1};
    gk_recognizer f = add_probe(&s, &p, false, "F");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 160, 150);
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 160, 150);
    scene_touch(&s, 0.2, 2, GK_TOUCH_BEGAN, 150, 150);
    /* Failed at once: no moved/ended for touch 1; a new touch reaches it again. */
    assert_string_equal(p.calls, "B#1@0.00 R0 B#2@0.20 R0 ");
    assert_int_equal(p.last_touch.id, 2);
    assert_true(p.last_touch.location.x == 150 && p.last_touch.type == GK_TOUCH_TYPE_DIRECT);
    assert_int_equal(p.in_hook_get_touch, GK_OK);
    assert_int_equal(p.in_hook_feed, GK_ERR_BUSY);          /* no re-entrant input from a hook */
    assert_int_equal(p.in_reset_set_state, GK_ERR_BUSY);    /* no state requests while resetting */
    gk_state st;
    assert_int_equal(gk_recognizer_get_state(s.engine, f, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    scene_free(&s);
}

static void test_probe_told_to_recognize_from_outside_runs_a_pass(void **state) {   /* S21 shape */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    struct probe p = {.can_prevent = -1};
    gk_recognizer probe = add_probe(&s, &p, false, "probe");
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, tap, probe), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    scene_advance(&s, 1.0);
    assert_int_equal(gk_recognizer_set_state(s.engine, probe, GK_STATE_FAILED), GK_OK);
    scene_drain(&s);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "1.000 V C#1\n"
                               "1.000 tap ended (50.0,50.0) n=1\n");
    scene_free(&s);
}

static void test_state_requests_are_coerced_by_rule_14_never_errors(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    struct probe p = {.can_prevent = -1};
    gk_recognizer d = add_probe(&s, &p, false, "discrete");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    gk_state st;
    /* A discrete recognizer has no began or changed: such requests are dropped. */
    assert_int_equal(gk_recognizer_set_state(s.engine, d, GK_STATE_CHANGED), GK_OK);
    assert_int_equal(gk_recognizer_set_state(s.engine, d, GK_STATE_BEGAN), GK_OK);
    assert_int_equal(gk_recognizer_get_state(s.engine, d, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    /* Recognized from outside a callback: a pass runs now, the action is queued, then reset. */
    assert_int_equal(gk_recognizer_set_state(s.engine, d, GK_STATE_RECOGNIZED), GK_OK);
    assert_true(strstr(s.log, "discrete ended") == NULL);
    scene_drain(&s);
    assert_non_null(strstr(s.log, "discrete ended"));
    assert_int_equal(gk_recognizer_get_state(s.engine, d, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    /* Requests after the reset, for touches that began before it, are still coerced, not errors. */
    assert_int_equal(gk_recognizer_set_state(s.engine, d, GK_STATE_CANCELLED), GK_OK);
    assert_int_equal(gk_recognizer_set_state(s.engine, d, (gk_state)17), GK_ERR_INVALID_ARGUMENT);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_int_equal(gk_recognizer_set_state(s.engine, tap, GK_STATE_ENDED), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_recognizer_ignore_touch(s.engine, tap, 1), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_recognizer_set_deadline(s.engine, tap, 1), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_recognizer_ignore_touch(s.engine, d, 12345), GK_ERR_UNKNOWN_TOUCH);
    assert_int_equal(gk_recognizer_set_deadline(s.engine, d, NAN), GK_ERR_INVALID_ARGUMENT);
    gk_touch_info info;
    assert_int_equal(gk_recognizer_get_touch(s.engine, d, 5, &info, sizeof info), GK_ERR_OUT_OF_RANGE);
    assert_int_equal(gk_recognizer_get_touch(s.engine, d, 0, &info, 4), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_recognizer_detach(s.engine, d), GK_OK);
    assert_int_equal(gk_recognizer_set_state(s.engine, d, GK_STATE_ENDED), GK_ERR_NOT_ATTACHED);
    gk_custom_recognizer small = {.size = 4};
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create_custom(s.engine, &small, false, &r), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_recognizer_create_custom(s.engine, NULL, false, &r), GK_ERR_NULL_POINTER);
    scene_free(&s);
}

static void test_ignored_touch_is_never_cancelled_in_the_view(void **state) {   /* rule 53 */
    (void)state;
    struct scene s;
    scene_init(&s);
    struct probe p = {.ignore_id = 1, .recognize_on_lift = 1, .can_prevent = -1};
    add_probe(&s, &p, false, "ignorer");
    gk_touch two[2] = {{.id = 1, .phase = GK_TOUCH_BEGAN, .x = 150, .y = 150},
                       {.id = 2, .phase = GK_TOUCH_BEGAN, .x = 160, .y = 150}};
    assert_int_equal(gk_view_set_flag(s.engine, s.v, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true), GK_OK);
    assert_int_equal(gk_engine_feed(s.engine, 0, two, 2), GK_OK);
    scene_drain(&s);
    scene_touch(&s, 0.1, 2, GK_TOUCH_ENDED, 160, 150);
    scene_touch(&s, 0.2, 1, GK_TOUCH_ENDED, 150, 150);
    /* Touch 2 was cancelled by the recognition; touch 1, ignored, ends normally. */
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.000 V B#2\n"
                               "0.100 V C#2\n"
                               "0.100 ignorer ended (60.0,50.0) n=0\n"
                               "0.200 V E#1\n");
    assert_string_equal(p.calls, "B#1@0.00 B#2@0.00 E#2@0.10 R0 ");
    scene_free(&s);
}

static void test_deadline_hook_fires_at_the_engines_deadline(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    struct probe p = {.can_prevent = -1};
    gk_recognizer r = add_probe(&s, &p, false, "timer");
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    assert_int_equal(gk_recognizer_set_deadline(s.engine, r, 0.3), GK_OK);
    double next;
    assert_int_equal(gk_engine_next_deadline(s.engine, &next), GK_OK);
    assert_true(next == 0.3);
    scene_advance(&s, 0.5);
    assert_true(p.deadline_at == 0.3);
    assert_non_null(strstr(s.log, "0.300 timer ended"));
    assert_int_equal(gk_recognizer_set_deadline(s.engine, r, INFINITY), GK_OK);
    scene_free(&s);
}

static void test_eager_continuous_probe_blocks_later_recognizers(void **state) {   /* S25, S26 */
    (void)state;
    for (int allow = 0; allow <= 1; allow++) {
        struct scene s;
        scene_init(&s);
        struct probe eager = {.begin_on_first_touch = 1, .can_prevent = allow ? 0 : -1};
        add_probe(&s, &eager, true, "eager");
        gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
        (void)tap;
        scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
        scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
        if (allow) {
            /* can_prevent answered false: the tap still recognizes. A state request from inside
             * the prevention hook is refused (the engine is arbitrating). */
            assert_non_null(strstr(s.log, "tap ended"));
            assert_int_equal(eager.in_prevent_set_state, GK_ERR_BUSY);
        } else {
            assert_null(strstr(s.log, "tap ended"));
        }
        assert_non_null(strstr(s.log, "0.000 eager began"));
        scene_free(&s);
    }
}

static bool refuse_superview_recognizers(gk_engine *e, gk_view view, gk_recognizer r, void *ud) {
    (void)ud;
    gk_view attached;
    assert_int_equal(gk_recognizer_get_view(e, r, &attached), GK_OK);
    return attached == view;   /* a button keeps its taps; its own recognizers still win */
}

static void test_view_veto_keeps_a_buttons_tap_from_the_superview(void **state) {   /* S18, rule 62 */
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.root, "tapR");
    assert_int_equal(gk_view_set_should_begin(s.engine, s.v, refuse_superview_recognizers, NULL), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.080 V E#1\n");
    /* A tap on the button itself is allowed. */
    scene_add(&s, GK_KIND_TAP, s.v, "tapV");
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 1.08, 2, GK_TOUCH_ENDED, 150, 150);
    assert_non_null(strstr(s.log, "1.080 tapV ended"));
    /* Removing the veto gives the superview its taps back; bad handles are refused. */
    assert_int_equal(gk_view_set_should_begin(s.engine, s.v, NULL, NULL), GK_OK);
    assert_int_equal(gk_view_set_should_begin(s.engine, 12345, NULL, NULL), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_view_set_should_begin(NULL, s.v, NULL, NULL), GK_ERR_NULL_POINTER);
    scene_free(&s);
}

struct seen {
    int count;
    char phases[16];
    gk_status feed_inside;
};

static void on_touch(gk_engine *e, const gk_delivery *d, void *ud) {
    struct seen *s = ud;
    if (s->count < 15) s->phases[s->count++] = "BMSEC"[d->phase];
    gk_touch t = {.id = 5, .phase = GK_TOUCH_BEGAN, .x = 1, .y = 1};
    s->feed_inside = gk_engine_feed(e, d->timestamp, &t, 1);
}

static void test_view_touch_callback_sees_the_same_deliveries_as_the_queue(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    struct seen seen = {0};
    assert_int_equal(gk_view_set_touch_callback(s.engine, s.v, on_touch, &seen), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    assert_string_equal(seen.phases, "BC");
    assert_int_equal(seen.feed_inside, GK_ERR_BUSY);
    assert_string_equal(s.log, "0.000 V B#1\n"
                               "0.050 V C#1\n"
                               "0.050 tap ended (50.0,50.0) n=1\n");
    assert_int_equal(gk_view_set_touch_callback(s.engine, s.v, NULL, NULL), GK_OK);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 150, 150);
    assert_int_equal(seen.count, 2);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_custom_hooks_see_touches_and_reset_once_per_sequence),
        cmocka_unit_test(test_probe_told_to_recognize_from_outside_runs_a_pass),
        cmocka_unit_test(test_state_requests_are_coerced_by_rule_14_never_errors),
        cmocka_unit_test(test_ignored_touch_is_never_cancelled_in_the_view),
        cmocka_unit_test(test_deadline_hook_fires_at_the_engines_deadline),
        cmocka_unit_test(test_eager_continuous_probe_blocks_later_recognizers),
        cmocka_unit_test(test_view_veto_keeps_a_buttons_tap_from_the_superview),
        cmocka_unit_test(test_view_touch_callback_sees_the_same_deliveries_as_the_queue),
    };
    return cmocka_run_group_tests_name("custom", tests, NULL, NULL);
}
