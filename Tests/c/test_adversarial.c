/* Regressions from the adversarial probe of the C ABI (issue 13): hooks that re-arm their deadline,
 * targets removed during a dispatch, non-finite transforms, callback rules, feed_frames counts.
 * Each test failed on the code before the fix. */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- 1. A deadline hook that re-arms "now" must not make gk_engine_advance loop forever ---- */

struct rearm { int calls; double at; };

static void rearm_now(gk_engine *e, gk_recognizer r, double ts, void *ud) {
    struct rearm *x = ud;
    x->calls++;
    x->at = ts;
    if (x->calls < 100000) gk_recognizer_set_deadline(e, r, ts);   /* the bound only keeps a broken build finite */
}

static void test_deadline_rearmed_at_the_current_time_fires_once_per_advance(void **state) {
    (void)state;
    for (int attached = 0; attached < 2; attached++) {
        struct scene s;
        scene_init(&s);
        struct rearm x = {0, 0};
        gk_custom_recognizer hooks;
        memset(&hooks, 0, sizeof hooks);
        hooks.size = sizeof hooks;
        hooks.user_data = &x;
        hooks.deadline_reached = rearm_now;
        gk_recognizer r;
        assert_int_equal(gk_recognizer_create_custom(s.engine, &hooks, false, &r), GK_OK);
        if (attached) assert_int_equal(gk_recognizer_attach(s.engine, r, s.v), GK_OK);
        assert_int_equal(gk_recognizer_set_deadline(s.engine, r, 1.0), GK_OK);
        assert_int_equal(gk_engine_advance(s.engine, 2.0), GK_OK);
        assert_int_equal(x.calls, 1);
        assert_true(x.at == 1.0);
        /* It stays pending, due now, and fires once at each later call. */
        double next;
        assert_int_equal(gk_engine_next_deadline(s.engine, &next), GK_OK);
        assert_true(next == 1.0);
        assert_int_equal(gk_engine_advance(s.engine, 2.0), GK_OK);
        assert_int_equal(x.calls, 2);
        assert_true(x.at == 2.0);
        gk_touch t = {7, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT, 150, 150, 0, 0, 0, 0};
        assert_int_equal(gk_engine_feed(s.engine, 2.5, &t, 1), GK_OK);
        assert_int_equal(x.calls, 3);
        scene_free(&s);
    }
}

struct creep { int calls; };

static void rearm_a_little_later(gk_engine *e, gk_recognizer r, double ts, void *ud) {
    struct creep *x = ud;
    x->calls++;
    gk_recognizer_set_deadline(e, r, nextafter(ts, INFINITY));
}

static void test_deadline_creeping_forward_is_bounded_within_one_advance(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    struct creep x = {0};
    gk_custom_recognizer hooks;
    memset(&hooks, 0, sizeof hooks);
    hooks.size = sizeof hooks;
    hooks.user_data = &x;
    hooks.deadline_reached = rearm_a_little_later;
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create_custom(s.engine, &hooks, false, &r), GK_OK);
    assert_int_equal(gk_recognizer_set_deadline(s.engine, r, 1.0), GK_OK);
    assert_int_equal(gk_engine_advance(s.engine, 2.0), GK_OK);
    assert_int_equal(x.calls, 1024);   /* the documented bound per call */
    scene_free(&s);
}

/* ---- 2. A target removed by another target during the dispatch is never called ---- */

struct calls { int n[5]; gk_recognizer tap; int *freed; };

static void remover(gk_engine *e, const gk_action *a, void *ud) {
    (void)a;
    struct calls *c = ud;
    c->n[0]++;
    assert_int_equal(gk_recognizer_remove_target(e, c->tap, NULL, NULL), GK_OK);
}

static void counted(gk_engine *e, const gk_action *a, void *ud) {
    (void)e; (void)a;
    int *slot = ud;
    (*slot)++;
}

static void test_targets_removed_during_dispatch_are_not_called(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    struct calls c;
    memset(&c, 0, sizeof c);
    c.tap = tap;
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, remover, &c), GK_OK);
    for (int i = 1; i < 5; i++) assert_int_equal(gk_recognizer_add_target(s.engine, tap, counted, &c.n[i]), GK_OK);
    scene_touch(&s, 0.00, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(c.n[0], 1);
    for (int i = 1; i < 5; i++) assert_int_equal(c.n[i], 0);
    /* And nothing is left for the next tap. */
    scene_touch(&s, 1.00, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 1.05, 2, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(c.n[0], 1);
    scene_free(&s);
}

static void remove_one(gk_engine *e, const gk_action *a, void *ud) {
    (void)a;
    struct calls *c = ud;
    c->n[0]++;
    /* Removes the third target only; the second and fourth still run. */
    assert_int_equal(gk_recognizer_remove_target(e, c->tap, counted, &c->n[2]), GK_OK);
}

static void test_a_target_removing_one_other_target_leaves_the_rest(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    struct calls c;
    memset(&c, 0, sizeof c);
    c.tap = tap;
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, remove_one, &c), GK_OK);
    for (int i = 1; i < 4; i++) assert_int_equal(gk_recognizer_add_target(s.engine, tap, counted, &c.n[i]), GK_OK);
    scene_touch(&s, 0.00, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(c.n[0], 1);
    assert_int_equal(c.n[1], 1);
    assert_int_equal(c.n[2], 0);
    assert_int_equal(c.n[3], 1);
    scene_free(&s);
}

/* ---- 5. Transforms can never make a conversion non-finite ---- */

static void test_transforms_that_would_overflow_are_refused(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_transform huge = {1, 0, 0, 1, 1e308, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &huge), GK_ERR_INVALID_ARGUMENT);
    gk_transform inf = {INFINITY, 0, 0, 1, 0, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &inf), GK_ERR_INVALID_ARGUMENT);
    gk_transform tiny = {1e-161, 0, 0, 1e-161, 0, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &tiny), GK_ERR_INVALID_ARGUMENT);
    gk_transform big = {1e154, 0, 0, 1e154, 0, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &big), GK_ERR_INVALID_ARGUMENT);
    /* Ordinary scales and rotations are fine. */
    gk_transform half = {0.5, 0, 0, 0.5, 10, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &half), GK_OK);
    /* Nesting: each level at 1e-3 is fine alone, but the composed scale may not pass 1e100. */
    gk_view parent = s.v;
    int accepted = 0;
    gk_transform milli = {1e-3, 0, 0, 1e-3, 0, 0};
    for (int i = 0; i < 60; i++) {
        gk_rect f = {0, 0, 100, 100};
        gk_view child;
        assert_int_equal(gk_view_create(s.engine, parent, &f, &child), GK_OK);
        gk_status st = gk_view_set_transform(s.engine, child, &milli);
        if (st != GK_OK) {
            assert_int_equal(st, GK_ERR_INVALID_ARGUMENT);
            break;
        }
        accepted++;
        parent = child;
    }
    assert_true(accepted >= 30 && accepted < 60);
    /* Every conversion through the deepest accepted view stays finite. */
    gk_point out;
    assert_int_equal(gk_view_convert_point(s.engine, (gk_point){1e12, -1e12}, GK_VIEW_NONE, parent, &out), GK_OK);
    assert_true(isfinite(out.x) && isfinite(out.y));
    assert_int_equal(gk_view_convert_point(s.engine, (gk_point){1e12, -1e12}, parent, GK_VIEW_NONE, &out), GK_OK);
    assert_true(isfinite(out.x) && isfinite(out.y));
    assert_int_equal(gk_view_convert_point(s.engine, (gk_point){1e300, 0}, GK_VIEW_NONE, parent, &out),
                     GK_ERR_INVALID_ARGUMENT);
    scene_free(&s);
}

static void test_moving_a_scaled_subtree_under_a_scaled_parent_is_refused_past_the_limit(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_rect f = {0, 0, 100, 100};
    gk_view a, b;
    assert_int_equal(gk_view_create(s.engine, s.root, &f, &a), GK_OK);
    assert_int_equal(gk_view_create(s.engine, s.root, &f, &b), GK_OK);
    gk_transform t60 = {1e-60, 0, 0, 1e-60, 0, 0};
    assert_int_equal(gk_view_set_transform(s.engine, a, &t60), GK_OK);
    assert_int_equal(gk_view_set_transform(s.engine, b, &t60), GK_OK);
    assert_int_equal(gk_view_set_parent(s.engine, b, a), GK_ERR_INVALID_ARGUMENT);   /* 1e120 */
    gk_view parent;
    assert_int_equal(gk_view_get_parent(s.engine, b, &parent), GK_OK);
    assert_true(parent == s.root);
    scene_free(&s);
}

static void check_finite_action(gk_engine *e, const gk_action *a, void *ud) {
    (void)e;
    int *n = ud;
    (*n)++;
    assert_true(isfinite(a->location.x) && isfinite(a->location.y));
    assert_true(isfinite(a->translation.x) && isfinite(a->translation.y));
    assert_true(isfinite(a->velocity.x) && isfinite(a->velocity.y));
}

static void test_a_pan_deep_in_scaled_views_reports_finite_values(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_view parent = s.root;
    gk_transform scale = {0.1, 0, 0, 0.1, 0, 0};
    for (int i = 0; i < 60; i++) {
        gk_rect f = {0, 0, 400, 800};
        gk_view child;
        assert_int_equal(gk_view_create(s.engine, parent, &f, &child), GK_OK);
        if (gk_view_set_transform(s.engine, child, &scale) != GK_OK) {
            gk_view_destroy(s.engine, child);
            break;
        }
        parent = child;
    }
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, parent, "pan");
    int n = 0;
    assert_int_equal(gk_recognizer_add_target(s.engine, pan, check_finite_action, &n), GK_OK);
    scene_touch(&s, 0.00, 1, GK_TOUCH_BEGAN, 200, 400);
    for (int k = 1; k < 10; k++) scene_touch(&s, 0.01 * k, 1, GK_TOUCH_MOVED, 200 + k * 0.5, 400);
    scene_touch(&s, 0.2, 1, GK_TOUCH_ENDED, 205, 400);
    gk_delivery d;
    while (gk_engine_poll_delivery(s.engine, &d, sizeof d) == GK_OK)
        assert_true(isfinite(d.location.x) && isfinite(d.location.y));
    gk_point tr;
    if (gk_pan_translation(s.engine, pan, parent, &tr) == GK_OK) assert_true(isfinite(tr.x) && isfinite(tr.y));
    scene_free(&s);
}

/* ---- 6. The callback rules the header states are enforced ---- */

struct busy { gk_status set_delegate, set_state; int asked; };

static void set_delegate_from_hook(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts,
                                   void *ud) {
    (void)t; (void)n; (void)ts;
    struct busy *b = ud;
    gk_delegate d;
    memset(&d, 0, sizeof d);
    d.size = sizeof d;
    b->set_delegate = gk_recognizer_set_delegate(e, r, &d);
}

static void set_delegate_from_reset(gk_engine *e, gk_recognizer r, void *ud) {
    struct busy *b = ud;
    b->set_delegate = gk_recognizer_set_delegate(e, r, NULL);
}

static bool set_delegate_from_can_prevent(gk_engine *e, gk_recognizer r, gk_recognizer other, void *ud) {
    (void)other;
    struct busy *b = ud;
    b->set_delegate = gk_recognizer_set_delegate(e, r, NULL);
    return true;
}

static void recognize_on_end(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts, void *ud) {
    (void)t; (void)n; (void)ts; (void)ud;
    gk_recognizer_set_state(e, r, GK_STATE_ENDED);
}

static void test_set_delegate_is_busy_inside_custom_hooks(void **state) {
    (void)state;
    for (int where = 0; where < 3; where++) {
        struct scene s;
        scene_init(&s);
        struct busy b = {GK_OK, GK_OK, 0};
        b.set_delegate = (gk_status)-1;
        gk_custom_recognizer hooks;
        memset(&hooks, 0, sizeof hooks);
        hooks.size = sizeof hooks;
        hooks.user_data = &b;
        hooks.touches_ended = recognize_on_end;
        if (where == 0) hooks.touches_began = set_delegate_from_hook;
        if (where == 1) hooks.reset = set_delegate_from_reset;
        if (where == 2) hooks.can_prevent = set_delegate_from_can_prevent;
        gk_recognizer r;
        assert_int_equal(gk_recognizer_create_custom(s.engine, &hooks, false, &r), GK_OK);
        assert_int_equal(gk_recognizer_attach(s.engine, r, s.v), GK_OK);
        scene_add(&s, GK_KIND_TAP, s.v, "tap");   /* someone to prevent */
        scene_touch(&s, 0.00, 1, GK_TOUCH_BEGAN, 150, 150);
        scene_touch(&s, 0.05, 1, GK_TOUCH_ENDED, 150, 150);
        assert_int_equal(b.set_delegate, GK_ERR_BUSY);
        scene_free(&s);
    }
}

static bool set_state_from_should_receive(gk_engine *e, gk_recognizer r, int64_t id, double x, double y, void *ud) {
    (void)id; (void)x; (void)y;
    struct busy *b = ud;
    b->asked++;
    b->set_state = gk_recognizer_set_state(e, r, GK_STATE_ENDED);
    return true;
}

static void test_set_state_is_busy_inside_should_receive_touch(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    struct busy b = {GK_OK, GK_OK, 0};
    gk_custom_recognizer hooks;
    memset(&hooks, 0, sizeof hooks);
    hooks.size = sizeof hooks;
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create_custom(s.engine, &hooks, false, &r), GK_OK);
    assert_int_equal(gk_recognizer_attach(s.engine, r, s.v), GK_OK);
    gk_delegate d;
    memset(&d, 0, sizeof d);
    d.size = sizeof d;
    d.user_data = &b;
    d.should_receive_touch = set_state_from_should_receive;
    assert_int_equal(gk_recognizer_set_delegate(s.engine, r, &d), GK_OK);
    scene_touch(&s, 0.00, 1, GK_TOUCH_BEGAN, 150, 150);
    assert_int_equal(b.asked, 1);
    assert_int_equal(b.set_state, GK_ERR_BUSY);
    gk_state st;
    assert_int_equal(gk_recognizer_get_state(s.engine, r, &st), GK_OK);
    assert_int_equal(st, GK_STATE_POSSIBLE);
    scene_free(&s);
}

static void test_feed_frames_refuses_counts_that_do_not_cover_the_touches(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_touch t[3] = {{1, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT, 150, 150, 0, 0, 0, 0},
                     {2, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT, 160, 150, 0, 0, 0, 0},
                     {3, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT, 170, 150, 0, 0, 0, 0}};
    double stamps[2] = {0.0, 0.1};
    uint32_t counts[2] = {1, 1};
    size_t fed = 99;
    assert_int_equal(gk_engine_feed_frames(s.engine, stamps, counts, 2, t, 3, &fed), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(fed, 0);
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.touches_down, 0);   /* nothing was fed */
    counts[1] = 2;
    assert_int_equal(gk_engine_feed_frames(s.engine, stamps, counts, 2, t, 3, &fed), GK_OK);
    assert_int_equal(fed, 2);
    scene_free(&s);
}

/* ---- 3 (quick part). A handle of one live engine is refused by another ---- */

static void test_handles_of_one_engine_are_stale_in_every_other_live_engine(void **state) {
    (void)state;
    gk_engine *a, *b;
    assert_int_equal(gk_engine_create(NULL, &a), GK_OK);
    gk_view root_a, va;
    gk_engine_root_view(a, &root_a);
    gk_rect f = {0, 0, 10, 10};
    assert_int_equal(gk_view_create(a, root_a, &f, &va), GK_OK);
    for (int i = 0; i < 300; i++) {
        assert_int_equal(gk_engine_create(NULL, &b), GK_OK);
        gk_view root_b, vb;
        gk_engine_root_view(b, &root_b);
        assert_int_equal(gk_view_create(b, root_b, &f, &vb), GK_OK);
        assert_int_equal(gk_view_set_alpha(b, va, 0.5), GK_ERR_STALE_HANDLE);
        assert_int_equal(gk_view_set_alpha(a, vb, 0.5), GK_ERR_STALE_HANDLE);
        assert_int_equal(gk_engine_destroy(b), GK_OK);
    }
    assert_int_equal(gk_engine_destroy(a), GK_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadline_rearmed_at_the_current_time_fires_once_per_advance),
        cmocka_unit_test(test_deadline_creeping_forward_is_bounded_within_one_advance),
        cmocka_unit_test(test_targets_removed_during_dispatch_are_not_called),
        cmocka_unit_test(test_a_target_removing_one_other_target_leaves_the_rest),
        cmocka_unit_test(test_transforms_that_would_overflow_are_refused),
        cmocka_unit_test(test_moving_a_scaled_subtree_under_a_scaled_parent_is_refused_past_the_limit),
        cmocka_unit_test(test_a_pan_deep_in_scaled_views_reports_finite_values),
        cmocka_unit_test(test_set_delegate_is_busy_inside_custom_hooks),
        cmocka_unit_test(test_set_state_is_busy_inside_should_receive_touch),
        cmocka_unit_test(test_feed_frames_refuses_counts_that_do_not_cover_the_touches),
        cmocka_unit_test(test_handles_of_one_engine_are_stale_in_every_other_live_engine),
    };
    return cmocka_run_group_tests_name("adversarial", tests, NULL, NULL);
}
