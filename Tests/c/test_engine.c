/* Engine, views and recognizers through the C ABI: lifecycle, version, views, hit-testing,
 * properties, targets, queues. */
#include "support.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static void test_version_matches_header(void **state) {
    (void)state;
    assert_int_equal(gk_version(), GK_VERSION);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", GK_VERSION_MAJOR, GK_VERSION_MINOR, GK_VERSION_PATCH);
    assert_string_equal(gk_version_string(), expected);
}

static void test_every_status_has_a_string(void **state) {
    (void)state;
    for (int s = GK_OK; s <= GK_ERR_READ_ONLY; s++) {
        const char *text = gk_status_string((gk_status)s);
        assert_non_null(text);
        assert_string_not_equal(text, "unknown status");
    }
    assert_string_equal(gk_status_string(GK_ERR_STALE_HANDLE), "stale handle");
    assert_string_equal(gk_status_string((gk_status)999), "unknown status");
}

/* Issue 55, item 13: states and touch phases have names a host can print. */
static void test_states_and_touch_phases_have_names(void **state) {
    (void)state;
    const char *states[] = {"possible", "began", "changed", "ended", "cancelled", "failed"};
    for (uint32_t k = GK_STATE_POSSIBLE; k <= GK_STATE_FAILED; k++) assert_string_equal(gk_state_string(k), states[k]);
    assert_string_equal(gk_state_string(GK_STATE_RECOGNIZED), "ended");
    assert_string_equal(gk_state_string(6), "unknown");
    assert_string_equal(gk_state_string(UINT32_MAX), "unknown");
    const char *phases[] = {"began", "moved", "stationary", "ended", "cancelled"};
    for (uint32_t k = GK_TOUCH_BEGAN; k <= GK_TOUCH_CANCELLED; k++) assert_string_equal(gk_touch_phase_string(k), phases[k]);
    assert_string_equal(gk_touch_phase_string(5), "unknown");
}

static void test_engine_with_default_options(void **state) {
    (void)state;
    gk_engine *e = NULL;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    assert_non_null(e);
    double now, deadline;
    assert_int_equal(gk_engine_now(e, &now), GK_OK);
    assert_true(isinf(now) && now < 0);
    assert_int_equal(gk_engine_next_deadline(e, &deadline), GK_OK);
    assert_true(isinf(deadline) && deadline > 0);
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    assert_int_equal(st.views, 1);
    assert_int_equal(st.recognizers, 0);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
    assert_int_equal(gk_engine_destroy(NULL), GK_OK);
}

static void test_views_hit_test_deepest_front_most_visible(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_rect f = {10, 10, 50, 50};
    gk_view a, b;
    assert_int_equal(gk_view_create(s.engine, s.v, &f, &a), GK_OK);
    assert_int_equal(gk_view_create(s.engine, s.v, &f, &b), GK_OK);   /* b is in front of a */
    gk_view hit;
    gk_point p = {120, 120};
    assert_int_equal(gk_view_hit_test(s.engine, p, &hit), GK_OK);
    assert_true(hit == b);
    assert_int_equal(gk_view_set_flag(s.engine, b, GK_VIEW_HIDDEN, true), GK_OK);
    assert_int_equal(gk_view_hit_test(s.engine, p, &hit), GK_OK);
    assert_true(hit == a);
    assert_int_equal(gk_view_set_alpha(s.engine, a, 0.005), GK_OK);
    assert_int_equal(gk_view_hit_test(s.engine, p, &hit), GK_OK);
    assert_true(hit == s.v);
    assert_int_equal(gk_view_set_flag(s.engine, s.v, GK_VIEW_USER_INTERACTION_ENABLED, false), GK_OK);
    assert_int_equal(gk_view_hit_test(s.engine, p, &hit), GK_OK);
    assert_true(hit == s.root);
    gk_point outside = {500, 10};
    assert_int_equal(gk_view_hit_test(s.engine, outside, &hit), GK_OK);
    assert_true(hit == GK_VIEW_NONE);
    scene_free(&s);
}

static void test_convert_point_through_transform_and_bounds(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_transform t = {2, 0, 0, 2, 0, 0};
    assert_int_equal(gk_view_set_transform(s.engine, s.v, &t), GK_OK);
    gk_point w = {150, 150}, local;
    assert_int_equal(gk_view_convert_point(s.engine, w, GK_VIEW_NONE, s.v, &local), GK_OK);
    assert_float_equal(local.x, 75, 1e-9);
    assert_float_equal(local.y, 75, 1e-9);
    gk_point back;
    assert_int_equal(gk_view_convert_point(s.engine, local, s.v, GK_VIEW_NONE, &back), GK_OK);
    assert_float_equal(back.x, 150, 1e-9);
    gk_point origin = {10, 20};
    assert_int_equal(gk_view_set_bounds_origin(s.engine, s.v, origin), GK_OK);
    assert_int_equal(gk_view_convert_point(s.engine, w, GK_VIEW_NONE, s.v, &local), GK_OK);
    assert_float_equal(local.x, 85, 1e-9);
    assert_float_equal(local.y, 95, 1e-9);
    scene_free(&s);
}

static void test_destroyed_view_handle_is_stale(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_view v = s.v;
    assert_int_equal(gk_view_destroy(s.engine, v), GK_OK);
    gk_rect f;
    assert_int_equal(gk_view_get_frame(s.engine, v, &f), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_view_destroy(s.engine, v), GK_ERR_STALE_HANDLE);
    gk_view rv;
    assert_int_equal(gk_recognizer_get_view(s.engine, tap, &rv), GK_OK);
    assert_true(rv == GK_VIEW_NONE);
    /* The slot is reused by the next view; the old handle stays stale. */
    gk_rect nf = {0, 0, 10, 10};
    gk_view w;
    assert_int_equal(gk_view_create(s.engine, s.root, &nf, &w), GK_OK);
    assert_true(w != v);
    assert_int_equal(gk_view_get_frame(s.engine, v, &f), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_view_destroy(s.engine, s.root), GK_ERR_INVALID_ARGUMENT);
    scene_free(&s);
}

static void test_handles_of_another_engine_are_rejected(void **state) {
    (void)state;
    struct scene a, b;
    scene_init(&a);
    scene_init(&b);
    gk_recognizer ra = scene_add(&a, GK_KIND_TAP, a.v, "tap");
    gk_rect f;
    assert_int_equal(gk_view_get_frame(b.engine, a.v, &f), GK_ERR_STALE_HANDLE);
    gk_state st;
    assert_int_equal(gk_recognizer_get_state(b.engine, ra, &st), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_recognizer_attach(b.engine, ra, b.v), GK_ERR_STALE_HANDLE);
    scene_free(&a);
    scene_free(&b);
}

static void test_properties_have_uikit_defaults_and_check_types(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    bool b;
    int64_t i;
    double d;
    assert_int_equal(gk_recognizer_get_bool(s.engine, tap, GK_PROP_CANCELS_TOUCHES_IN_VIEW, &b), GK_OK);
    assert_true(b);
    assert_int_equal(gk_recognizer_get_bool(s.engine, tap, GK_PROP_DELAYS_TOUCHES_BEGAN, &b), GK_OK);
    assert_false(b);
    assert_int_equal(gk_recognizer_get_bool(s.engine, tap, GK_PROP_DELAYS_TOUCHES_ENDED, &b), GK_OK);
    assert_true(b);
    assert_int_equal(gk_recognizer_get_int(s.engine, tap, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, &i), GK_OK);
    assert_int_equal(i, 1);
    assert_int_equal(gk_recognizer_get_double(s.engine, tap, GK_PROP_TAP_ALLOWABLE_MOVEMENT, &d), GK_OK);
    assert_float_equal(d, 45, 0);
    assert_int_equal(gk_recognizer_get_double(s.engine, tap, GK_PROP_TAP_MAXIMUM_INTERVAL, &d), GK_OK);
    assert_float_equal(d, 0.35, 0);
    assert_int_equal(gk_recognizer_get_int(s.engine, pan, GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, &i), GK_OK);
    assert_true(i == INT64_MAX);
    assert_int_equal(gk_recognizer_get_double(s.engine, pan, GK_PROP_PAN_HYSTERESIS, &d), GK_OK);
    assert_float_equal(d, 10, 0);
    /* Wrong kind, wrong type, unknown id, bad values. */
    assert_int_equal(gk_recognizer_get_double(s.engine, pan, GK_PROP_TAP_ALLOWABLE_MOVEMENT, &d), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_recognizer_get_int(s.engine, tap, GK_PROP_TAP_ALLOWABLE_MOVEMENT, &i), GK_ERR_UNKNOWN_PROPERTY);
    assert_int_equal(gk_recognizer_set_bool(s.engine, tap, (gk_property)9999, true), GK_ERR_UNKNOWN_PROPERTY);
    assert_int_equal(gk_recognizer_set_int(s.engine, tap, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(s.engine, tap, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, INT64_MIN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(s.engine, tap, GK_PROP_TAP_ALLOWABLE_MOVEMENT, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(s.engine, tap, GK_PROP_TAP_ALLOWABLE_MOVEMENT, -1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(s.engine, pan, GK_PROP_PAN_HYSTERESIS, INFINITY), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(s.engine, pan, GK_PROP_PAN_VELOCITY_MODE, 7), GK_ERR_INVALID_ARGUMENT);
    scene_free(&s);
}

static int calls_a, calls_b;
static void target_a(gk_engine *e, const gk_action *a, void *u) { (void)e; (void)a; (void)u; calls_a++; }
static void target_b(gk_engine *e, const gk_action *a, void *u) { (void)e; (void)a; (void)u; calls_b++; }

static void test_two_targets_then_remove_all(void **state) {   /* S74 */
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    calls_a = calls_b = 0;
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, target_a, NULL), GK_OK);
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, target_a, NULL), GK_OK);   /* ignored */
    assert_int_equal(gk_recognizer_add_target(s.engine, tap, target_b, &s), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.08, 1, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(calls_a, 1);
    assert_int_equal(calls_b, 1);
    assert_int_equal(gk_recognizer_remove_target(s.engine, tap, NULL, NULL), GK_OK);
    scene_touch(&s, 1, 2, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 1.08, 2, GK_TOUCH_ENDED, 150, 150);
    assert_int_equal(calls_a, 1);
    assert_int_equal(calls_b, 1);
    scene_free(&s);
}

static void test_recognizer_name_round_trips_and_truncates(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    assert_int_equal(gk_recognizer_set_name(s.engine, tap, "buy-button", 10), GK_OK);
    char buf[5];
    size_t len = 0;
    assert_int_equal(gk_recognizer_get_name(s.engine, tap, buf, sizeof buf, &len), GK_OK);
    assert_string_equal(buf, "buy-");
    assert_int_equal(len, 10);
    assert_int_equal(gk_recognizer_get_name(s.engine, tap, NULL, 0, &len), GK_OK);
    assert_int_equal(gk_recognizer_set_name(s.engine, tap, NULL, 3), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_set_name(s.engine, tap, "x", 256), GK_ERR_INVALID_ARGUMENT);
    scene_free(&s);
}

static void test_action_queue_drops_oldest_when_full(void **state) {
    (void)state;
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.action_queue_capacity = 2;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_view root;
    gk_engine_root_view(e, &root);
    gk_recognizer tap;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, tap, root), GK_OK);
    for (int k = 0; k < 5; k++) {
        gk_touch down = {.id = k + 1, .phase = GK_TOUCH_BEGAN, .x = 10, .y = 10};
        gk_touch up = {.id = k + 1, .phase = GK_TOUCH_ENDED, .x = 10, .y = 10};
        assert_int_equal(gk_engine_feed(e, k, &down, 1), GK_OK);
        assert_int_equal(gk_engine_feed(e, k + 0.05, &up, 1), GK_OK);
    }
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    assert_int_equal(st.pending_actions, 2);
    assert_int_equal(st.dropped_actions, 3);
    gk_action a;
    assert_int_equal(gk_engine_poll_action(e, &a, sizeof a), GK_OK);
    assert_float_equal(a.timestamp, 3.05, 1e-9);
    assert_int_equal(gk_engine_poll_action(e, &a, sizeof a), GK_OK);
    assert_int_equal(gk_engine_poll_action(e, &a, sizeof a), GK_EMPTY);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_flight_recorder_counts_every_entry_and_fills_only_the_room_given(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    size_t count = 99;
    /* Off: nothing recorded, and a NULL buffer with no room is fine. */
    assert_int_equal(gk_engine_read_flight_recorder(e, NULL, 0, sizeof(gk_recorded_input), &count), GK_OK);
    assert_int_equal(count, 0);
    assert_int_equal(gk_engine_set_flight_recorder(e, 16), GK_OK);
    gk_touch two[2] = {{.id = 1, .phase = GK_TOUCH_BEGAN, .x = 10, .y = 10},
                       {.id = 2, .phase = GK_TOUCH_BEGAN, .x = 50, .y = 10}};
    assert_int_equal(gk_engine_feed(e, 1.0, two, 2), GK_OK);
    assert_int_equal(gk_engine_advance(e, 1.5), GK_OK);
    assert_int_equal(gk_engine_cancel_all_touches(e, 2.0), GK_OK);
    /* Two touches, an advance and a cancel: four entries, of which only the first two fit. */
    gk_recorded_input out[3];
    memset(out, 0xAB, sizeof out);
    assert_int_equal(gk_engine_read_flight_recorder(e, out, 2, sizeof out[0], &count), GK_OK);
    assert_int_equal(count, 4);
    assert_int_equal(out[0].kind, GK_RECORDED_TOUCH);
    assert_int_equal(out[0].starts_frame, 1);
    assert_int_equal(out[0].touch.id, 1);
    assert_int_equal(out[1].kind, GK_RECORDED_TOUCH);
    assert_int_equal(out[1].starts_frame, 0);
    assert_int_equal(out[1].touch.id, 2);
    assert_float_equal(out[1].timestamp, 1.0, 0);
    unsigned char untouched[sizeof out[2]];
    memset(untouched, 0xAB, sizeof untouched);
    assert_memory_equal(&out[2], untouched, sizeof untouched);   /* no write past the room given */
    assert_int_equal(gk_engine_read_flight_recorder(e, out, 3, sizeof out[0], &count), GK_OK);
    assert_int_equal(count, 4);
    assert_int_equal(out[2].kind, GK_RECORDED_ADVANCE);
    assert_float_equal(out[2].timestamp, 1.5, 0);
    /* Room but no buffer, or no place for the count, is an error. */
    assert_int_equal(gk_engine_read_flight_recorder(e, NULL, 1, sizeof out[0], &count), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_read_flight_recorder(e, out, 1, sizeof out[0], NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static bool refuse_begin(gk_engine *e, gk_recognizer r, void *u) { (void)e; (void)r; (*(int *)u)++; return false; }

static void test_remaining_accessors_round_trip(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_rect f = {1, 2, 3, 4};
    gk_view w, parent;
    assert_int_equal(gk_view_create(s.engine, s.root, &f, &w), GK_OK);
    assert_int_equal(gk_view_set_parent(s.engine, w, s.v), GK_OK);
    assert_int_equal(gk_view_get_parent(s.engine, w, &parent), GK_OK);
    assert_true(parent == s.v);
    assert_int_equal(gk_view_get_parent(s.engine, s.root, &parent), GK_OK);
    assert_true(parent == GK_VIEW_NONE);
    int widget = 7;
    void *ud = NULL;
    assert_int_equal(gk_view_set_user_data(s.engine, w, &widget), GK_OK);
    assert_int_equal(gk_view_get_user_data(s.engine, w, &ud), GK_OK);
    assert_ptr_equal(ud, &widget);
    gk_rect g;
    gk_rect nf = {5, 6, 7, 8};
    assert_int_equal(gk_view_set_frame(s.engine, w, &nf), GK_OK);
    assert_int_equal(gk_view_get_frame(s.engine, w, &g), GK_OK);
    assert_float_equal(g.x, 5, 0);
    assert_float_equal(g.height, 8, 0);
    gk_transform t;
    assert_int_equal(gk_view_get_transform(s.engine, w, &t), GK_OK);
    assert_float_equal(t.a, 1, 0);
    gk_point o;
    assert_int_equal(gk_view_get_bounds_origin(s.engine, w, &o), GK_OK);
    assert_float_equal(o.x, 0, 0);
    bool flag;
    double alpha;
    assert_int_equal(gk_view_get_flag(s.engine, w, GK_VIEW_EXCLUSIVE_TOUCH, &flag), GK_OK);
    assert_false(flag);
    assert_int_equal(gk_view_get_alpha(s.engine, w, &alpha), GK_OK);
    assert_float_equal(alpha, 1, 0);

    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_recognizer_kind kind;
    assert_int_equal(gk_recognizer_get_kind(s.engine, pan, &kind), GK_OK);
    assert_int_equal(kind, GK_KIND_PAN);
    assert_int_equal(gk_recognizer_require_failure_of(s.engine, tap, pan), GK_OK);
    assert_int_equal(gk_recognizer_remove_failure_requirement(s.engine, tap, pan), GK_OK);
    int asked = 0;
    gk_delegate d = {0};
    d.size = sizeof d;
    d.user_data = &asked;
    d.should_begin = refuse_begin;
    assert_int_equal(gk_recognizer_set_delegate(s.engine, pan, &d), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    uint32_t n;
    gk_point p;
    assert_int_equal(gk_recognizer_number_of_touches(s.engine, pan, &n), GK_OK);
    assert_int_equal(n, 1);
    assert_int_equal(gk_recognizer_location(s.engine, pan, s.v, &p), GK_OK);
    assert_float_equal(p.x, 50, 1e-9);
    assert_int_equal(gk_recognizer_location_of_touch(s.engine, pan, 0, GK_VIEW_NONE, &p), GK_OK);
    assert_float_equal(p.x, 150, 1e-9);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 180, 150);   /* the pan asks, is refused, fails */
    assert_int_equal(asked, 1);
    gk_transition tr;
    int failed = 0;
    while (gk_engine_poll_transition(s.engine, &tr, sizeof tr) == GK_OK)
        if (tr.recognizer == pan && tr.to_state == GK_STATE_FAILED) failed = 1;
    assert_true(failed);
    assert_int_equal(gk_recognizer_set_delegate(s.engine, pan, NULL), GK_OK);
    gk_delegate small = {0};
    small.size = 4;
    assert_int_equal(gk_recognizer_set_delegate(s.engine, pan, &small), GK_ERR_STRUCT_SIZE);
    scene_free(&s);
}

/* The same touches to two engines, one keeping the transition log: the other's log stays empty,
 * and both number their actions and deliveries the same (the log's entries skip their numbers). */
static void run_pan(gk_engine *e, uint64_t *sequences, size_t *n, size_t cap) {
    gk_view root;
    gk_recognizer pan, tap;
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_PAN, &pan), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, pan, root), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, tap, root), GK_OK);
    for (int i = 0; i <= 10; i++) {
        gk_touch t = {.id = 1, .phase = i == 0 ? GK_TOUCH_BEGAN : i == 10 ? GK_TOUCH_ENDED : GK_TOUCH_MOVED,
                      .type = GK_TOUCH_TYPE_DIRECT, .x = 100 + 8 * i, .y = 100};
        assert_int_equal(gk_engine_feed(e, 0.016 * i, &t, 1), GK_OK);
        gk_action a;
        gk_delivery d;
        while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK && *n < cap) sequences[(*n)++] = a.sequence;
        while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK && *n < cap) sequences[(*n)++] = d.sequence;
    }
}

static void test_transition_log_is_off_by_default_and_numbers_stay_the_same(void **state) {
    (void)state;
    gk_engine_options o;
    assert_int_equal(gk_engine_options_init(&o), GK_OK);
    assert_int_equal(o.flags, 0);
    assert_int_equal(sizeof o, 8 * ((sizeof(size_t) + 7) / 8) + 3 * 8 + 6 * 4);   /* 0.2.0's size: flags took the padding */
    gk_engine *off, *on;
    assert_int_equal(gk_engine_create(&o, &off), GK_OK);
    o.flags = GK_ENGINE_LOG_TRANSITIONS;
    assert_int_equal(gk_engine_create(&o, &on), GK_OK);
    uint64_t seq_off[64], seq_on[64];
    size_t n_off = 0, n_on = 0;
    run_pan(off, seq_off, &n_off, 64);
    run_pan(on, seq_on, &n_on, 64);
    assert_true(n_off > 10);
    assert_int_equal(n_off, n_on);
    assert_memory_equal(seq_off, seq_on, n_off * sizeof seq_off[0]);
    gk_transition tr;
    assert_int_equal(gk_engine_poll_transition(off, &tr, sizeof tr), GK_EMPTY);
    int logged = 0;
    uint64_t last = 0;
    while (gk_engine_poll_transition(on, &tr, sizeof tr) == GK_OK) {
        for (size_t i = 0; i < n_on; i++) assert_true(seq_on[i] != tr.sequence);   /* its own numbers */
        assert_true(tr.sequence > last);
        last = tr.sequence;
        logged++;
    }
    assert_true(logged >= 10);   /* the pan's began, changes and end, and the tap's failure */
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(off, &st, sizeof st), GK_OK);
    assert_int_equal(st.dropped_transitions, 0);
    assert_int_equal(gk_engine_destroy(off), GK_OK);
    assert_int_equal(gk_engine_destroy(on), GK_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_matches_header),
        cmocka_unit_test(test_every_status_has_a_string),
        cmocka_unit_test(test_states_and_touch_phases_have_names),
        cmocka_unit_test(test_engine_with_default_options),
        cmocka_unit_test(test_views_hit_test_deepest_front_most_visible),
        cmocka_unit_test(test_convert_point_through_transform_and_bounds),
        cmocka_unit_test(test_destroyed_view_handle_is_stale),
        cmocka_unit_test(test_handles_of_another_engine_are_rejected),
        cmocka_unit_test(test_properties_have_uikit_defaults_and_check_types),
        cmocka_unit_test(test_two_targets_then_remove_all),
        cmocka_unit_test(test_recognizer_name_round_trips_and_truncates),
        cmocka_unit_test(test_action_queue_drops_oldest_when_full),
        cmocka_unit_test(test_transition_log_is_off_by_default_and_numbers_stay_the_same),
        cmocka_unit_test(test_remaining_accessors_round_trip),
        cmocka_unit_test(test_flight_recorder_counts_every_entry_and_fills_only_the_room_given),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
