/* Draining actions and view deliveries in one call (gk_engine_take_actions and
 * gk_engine_take_deliveries, 0.3.0): the entries lent are the ones polling copies, all of them in
 * order even when the queue wraps round its storage; they leave the queue; bad arguments change
 * nothing. */
#include "support.h"
#include <string.h>

/* An engine whose queues hold `capacity` entries, with a pan on a full-window view. */
static gk_engine *pan_engine(uint32_t capacity, gk_recognizer *out_pan) {
    gk_engine_options o;
    assert_int_equal(gk_engine_options_init(&o), GK_OK);
    o.screen_width = 400;
    o.screen_height = 800;
    o.action_queue_capacity = capacity;
    o.delivery_queue_capacity = capacity;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_view root, v;
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    gk_rect f = {0, 0, 400, 800};
    assert_int_equal(gk_view_create(e, root, &f, &v), GK_OK);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_PAN, out_pan), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, *out_pan, v), GK_OK);
    /* The pan leaves the view its touches, so each frame queues an action and a delivery. */
    assert_int_equal(gk_recognizer_set_bool(e, *out_pan, GK_PROP_CANCELS_TOUCHES_IN_VIEW, false), GK_OK);
    return e;
}

/* Touch 1 goes down at t = 0 and moves `moves` times, 20 points a frame. */
static void drag(gk_engine *e, int moves) {
    gk_touch t = {.id = 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = 50, .y = 50};
    assert_int_equal(gk_engine_feed(e, 0, &t, 1), GK_OK);
    t.phase = GK_TOUCH_MOVED;
    for (int k = 1; k <= moves; k++) {
        t.x += 20;
        assert_int_equal(gk_engine_feed(e, k * 0.016, &t, 1), GK_OK);
    }
}

static const void *entry(const void *first, size_t stride, size_t i) { return (const char *)first + i * stride; }

static gk_engine_stats stats_of(gk_engine *e) {
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    return st;
}

static void pending(gk_engine *e, uint64_t actions, uint64_t deliveries) {
    gk_engine_stats st = stats_of(e);
    assert_int_equal(st.pending_actions, actions);
    assert_int_equal(st.pending_deliveries, deliveries);
}

/* Two engines fed the same: one drained by taking, one by polling. Apart from the handles' engine
 * tags (bits 48 and up), the entries are the same bytes. */
static void test_taken_actions_and_deliveries_are_the_entries_polling_copies(void **state) {
    (void)state;
    gk_recognizer pan, pan2;
    gk_engine *e = pan_engine(64, &pan), *polled = pan_engine(64, &pan2);
    drag(e, 5);
    drag(polled, 5);
    const gk_action *a;
    size_t n, stride;
    assert_int_equal(gk_engine_take_actions(e, sizeof *a, &a, &n, &stride), GK_OK);
    assert_int_equal(stride, sizeof(gk_action));
    assert_true(n >= 4);   /* began and changed actions */
    pending(e, 0, 6);
    const uint64_t slot = 0xFFFFFFFFFFFFull;
    for (size_t i = 0; i < n; i++) {
        gk_action taken = *(const gk_action *)entry(a, stride, i), copy;
        assert_int_equal(gk_engine_poll_action(polled, &copy, sizeof copy), GK_OK);
        assert_int_equal(taken.recognizer, pan);
        assert_int_equal(taken.recognizer & slot, copy.recognizer & slot);
        assert_int_equal(taken.view & slot, copy.view & slot);
        taken.recognizer = copy.recognizer;
        taken.view = copy.view;
        assert_memory_equal(&taken, &copy, sizeof copy);
    }
    assert_int_equal(gk_engine_poll_action(polled, &(gk_action){0}, sizeof(gk_action)), GK_EMPTY);

    const gk_delivery *d;
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, &n, &stride), GK_OK);
    assert_true(stride >= sizeof(gk_delivery));
    assert_int_equal(n, 6);   /* the touch began and moved five times */
    pending(e, 0, 0);
    for (size_t i = 0; i < n; i++) {
        gk_delivery taken = *(const gk_delivery *)entry(d, stride, i), copy;
        assert_int_equal(gk_engine_poll_delivery(polled, &copy, sizeof copy), GK_OK);
        assert_int_equal(taken.view & slot, copy.view & slot);
        taken.view = copy.view;
        assert_memory_equal(&taken, &copy, sizeof copy);
        assert_int_equal(taken.touch_id, 1);
    }
    assert_int_equal(gk_engine_destroy(e), GK_OK);
    assert_int_equal(gk_engine_destroy(polled), GK_OK);
}

static void test_a_wrapped_queue_is_taken_whole_in_order(void **state) {
    (void)state;
    gk_recognizer pan;
    gk_engine *e = pan_engine(4, &pan);
    drag(e, 2);   /* 3 deliveries, 2 actions */
    const gk_delivery *d, *again;
    const gk_action *a;
    size_t n, stride;
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, &n, &stride), GK_OK);
    assert_int_equal(n, 3);
    assert_int_equal(gk_engine_take_actions(e, sizeof *a, &a, &n, &stride), GK_OK);
    /* Three more frames: the delivery queue's slots 3, 0 and 1 hold them, round the end of its
     * storage; taking them puts them one after another. */
    gk_touch t = {.id = 1, .phase = GK_TOUCH_MOVED, .x = 100, .y = 50};
    for (int k = 0; k < 3; k++) {
        t.x += 20;
        assert_int_equal(gk_engine_feed(e, 0.1 + k * 0.016, &t, 1), GK_OK);
    }
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, &n, &stride), GK_OK);
    assert_int_equal(n, 3);
    for (size_t i = 0; i < n; i++) {
        const gk_delivery *one = entry(d, stride, i);
        assert_true(one->window_location.x == 120 + 20.0 * (double)i);   /* oldest first */
        assert_true(i == 0 || one->sequence > ((const gk_delivery *)entry(d, stride, i - 1))->sequence);
    }
    /* Taking again finds nothing, and leaves the entries lent before as they were. */
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &again, &n, &stride), GK_EMPTY);
    assert_true(((const gk_delivery *)entry(d, stride, 2))->window_location.x == 160);
    gk_engine_stats st = stats_of(e);
    assert_int_equal(st.pending_deliveries, 0);
    assert_int_equal(st.dropped_deliveries, 0);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_a_full_queue_that_dropped_its_oldest_is_taken_newest_last(void **state) {
    (void)state;
    gk_recognizer pan;
    gk_engine *e = pan_engine(4, &pan);
    drag(e, 6);   /* 7 deliveries into 4 slots: the 3 oldest dropped */
    const gk_delivery *d;
    size_t n, stride;
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, &n, &stride), GK_OK);
    assert_int_equal(n, 4);
    for (size_t i = 0; i < n; i++)   /* moves 3..6: x = 110, 130, 150, 170 */
        assert_true(((const gk_delivery *)entry(d, stride, i))->window_location.x == 110 + 20.0 * (double)i);
    assert_int_equal(stats_of(e).dropped_deliveries, 3);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_an_empty_queue_lends_nothing(void **state) {
    (void)state;
    gk_recognizer pan;
    gk_engine *e = pan_engine(8, &pan);
    const gk_action *a = (const gk_action *)&pan;
    size_t n = 99, stride = 0;
    assert_int_equal(gk_engine_take_actions(e, sizeof *a, &a, &n, &stride), GK_EMPTY);
    assert_null(a);
    assert_int_equal(n, 0);
    assert_int_equal(stride, sizeof(gk_action));
    const gk_delivery *d = (const gk_delivery *)&pan;
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, &n, &stride), GK_EMPTY);
    assert_null(d);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void test_take_refuses_null_pointers_and_struct_sizes_it_cannot_lend(void **state) {
    (void)state;
    gk_recognizer pan;
    gk_engine *e = pan_engine(8, &pan);
    drag(e, 1);
    const gk_action *a;
    const gk_delivery *d;
    size_t n, stride;
    assert_int_equal(gk_engine_take_actions(NULL, sizeof *a, &a, &n, &stride), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_actions(e, sizeof *a, NULL, &n, &stride), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_actions(e, sizeof *a, &a, NULL, &stride), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_actions(e, sizeof *a, &a, &n, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_deliveries(NULL, sizeof *d, &d, &n, &stride), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, NULL, &n, &stride), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, NULL, &stride), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d, &d, &n, NULL), GK_ERR_NULL_POINTER);
    /* Smaller than 0.1.0's struct, or larger than this library's (a newer header): refused. */
    assert_int_equal(gk_engine_take_actions(e, sizeof *a - 8, &a, &n, &stride), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_take_actions(e, sizeof *a + 8, &a, &n, &stride), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_take_actions(e, 0, &a, &n, &stride), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d - 4, &d, &n, &stride), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_take_deliveries(e, sizeof *d + 8, &d, &n, &stride), GK_ERR_STRUCT_SIZE);
    /* None of that removed anything. */
    pending(e, 1, 2);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

/* A target sees its action already queued: the newest entry taken is the one it was handed. */
struct take_in_callback {
    size_t calls, matched;
};

static void take_target(gk_engine *e, const gk_action *action, void *data) {
    struct take_in_callback *p = data;
    const gk_action *a;
    size_t n, stride;
    p->calls++;
    if (gk_engine_take_actions(e, sizeof *a, &a, &n, &stride) != GK_OK) return;
    const gk_action *newest = entry(a, stride, n - 1);
    if (newest->sequence == action->sequence && memcmp(newest, action, sizeof *action) == 0) p->matched++;
}

static void test_a_target_can_take_the_queue_inside_its_callback(void **state) {
    (void)state;
    gk_recognizer pan;
    gk_engine *e = pan_engine(64, &pan);
    struct take_in_callback p = {0};
    assert_int_equal(gk_recognizer_add_target(e, pan, take_target, &p), GK_OK);
    drag(e, 4);
    assert_true(p.calls >= 3);
    assert_int_equal(p.matched, p.calls);
    pending(e, 0, 5);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_taken_actions_and_deliveries_are_the_entries_polling_copies),
        cmocka_unit_test(test_a_wrapped_queue_is_taken_whole_in_order),
        cmocka_unit_test(test_a_full_queue_that_dropped_its_oldest_is_taken_newest_last),
        cmocka_unit_test(test_an_empty_queue_lends_nothing),
        cmocka_unit_test(test_take_refuses_null_pointers_and_struct_sizes_it_cannot_lend),
        cmocka_unit_test(test_a_target_can_take_the_queue_inside_its_callback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
