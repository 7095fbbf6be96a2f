/* Bad input through the C ABI: every call answers with a status, none crashes. */
#include "support.h"
#include <math.h>
#include <string.h>

static void test_null_pointers_are_rejected_everywhere(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_engine *e = s.engine;
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_rect f = {0, 0, 1, 1};
    gk_point p = {0, 0};
    assert_int_equal(gk_engine_options_init(NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_create(NULL, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_root_view(NULL, &s.root), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_root_view(e, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_feed(NULL, 0, NULL, 0), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_feed(e, 0, NULL, 1), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_advance(NULL, 0), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_cancel_all_touches(NULL, 0), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_next_deadline(e, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_now(NULL, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_poll_action(e, NULL, sizeof(gk_action)), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_poll_delivery(e, NULL, sizeof(gk_delivery)), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_get_stats(e, NULL, sizeof(gk_engine_stats)), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_create(e, s.root, NULL, &s.v), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_create(e, s.root, &f, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_create(NULL, s.root, &f, &s.v), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_destroy(NULL, s.v), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_set_frame(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_frame(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_parent(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_bounds_origin(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_set_transform(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_transform(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_flag(e, s.v, GK_VIEW_HIDDEN, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_alpha(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_get_user_data(e, s.v, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_convert_point(e, p, s.v, s.root, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_view_hit_test(e, p, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_destroy(NULL, tap), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_view(e, tap, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_kind(e, tap, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_state(e, tap, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_bool(e, tap, GK_PROP_ENABLED, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_int(e, tap, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_double(e, tap, GK_PROP_TAP_ALLOWABLE_MOVEMENT, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_add_target(e, tap, NULL, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_location(e, tap, GK_VIEW_NONE, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_number_of_touches(e, tap, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_location_of_touch(e, tap, 0, GK_VIEW_NONE, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_recognizer_get_name(e, tap, NULL, 4, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pan_translation(e, tap, GK_VIEW_NONE, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pan_velocity(e, tap, GK_VIEW_NONE, NULL), GK_ERR_NULL_POINTER);
    scene_free(&s);
}

static void test_bad_values_and_handles_are_rejected(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_engine *e = s.engine;
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_view out;
    gk_rect nan_frame = {NAN, 0, 10, 10}, negative = {0, 0, -1, 10}, huge = {0, 0, INFINITY, 1};
    assert_int_equal(gk_view_create(e, s.root, &nan_frame, &out), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_create(e, s.root, &negative, &out), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_create(e, s.root, &huge, &out), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_create(e, 0, &negative, &out), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_view_create(e, 0xFFFFFFFFFFFFFFFFull, &nan_frame, &out), GK_ERR_STALE_HANDLE);
    gk_transform singular = {0, 0, 0, 0, 0, 0}, nan_t = {1, 0, 0, 1, NAN, 0};
    assert_int_equal(gk_view_set_transform(e, s.v, &singular), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_transform(e, s.v, &nan_t), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_flag(e, s.v, (gk_view_flag)42, true), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_alpha(e, s.v, 2), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_alpha(e, s.v, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_parent(e, s.root, s.v), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_set_parent(e, s.v, s.v), GK_ERR_INVALID_ARGUMENT);
    gk_point nanp = {NAN, 1}, pt;
    assert_int_equal(gk_view_hit_test(e, nanp, &out), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_view_convert_point(e, nanp, s.v, 0, &pt), GK_ERR_INVALID_ARGUMENT);
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create(e, (gk_recognizer_kind)99, &r), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_create(e, GK_KIND_CUSTOM, &r), GK_ERR_UNSUPPORTED);
    assert_int_equal(gk_recognizer_attach(e, tap, s.v), GK_ERR_ALREADY_ATTACHED);
    assert_int_equal(gk_recognizer_require_failure_of(e, tap, tap), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_location_of_touch(e, tap, 0, GK_VIEW_NONE, &pt), GK_ERR_OUT_OF_RANGE);
    assert_int_equal(gk_recognizer_location_of_touch(e, tap, UINT32_MAX, GK_VIEW_NONE, &pt), GK_ERR_OUT_OF_RANGE);
    assert_int_equal(gk_pan_translation(e, tap, GK_VIEW_NONE, &pt), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_pan_set_translation(e, tap, pt, GK_VIEW_NONE), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_recognizer_destroy(e, tap), GK_OK);
    assert_int_equal(gk_recognizer_destroy(e, tap), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_recognizer_detach(e, tap), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_recognizer_set_bool(e, tap, GK_PROP_ENABLED, true), GK_ERR_STALE_HANDLE);
    gk_action a;
    assert_int_equal(gk_engine_poll_action(e, &a, 8), GK_ERR_STRUCT_SIZE);
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.size = 4;
    gk_engine *e2;
    assert_int_equal(gk_engine_create(&o, &e2), GK_ERR_STRUCT_SIZE);
    gk_engine_options_init(&o);
    o.screen_width = NAN;
    assert_int_equal(gk_engine_create(&o, &e2), GK_ERR_INVALID_ARGUMENT);
    gk_engine_options_init(&o);
    o.max_touches = 0;
    assert_int_equal(gk_engine_create(&o, &e2), GK_ERR_INVALID_ARGUMENT);
    gk_engine_options_init(&o);
    o.flags = 2;   /* not a gk_engine_flag */
    assert_int_equal(gk_engine_create(&o, &e2), GK_ERR_INVALID_ARGUMENT);
    o.flags = 0x80000000u | GK_ENGINE_LOG_TRANSITIONS;
    assert_int_equal(gk_engine_create(&o, &e2), GK_ERR_INVALID_ARGUMENT);
    scene_free(&s);
}

static void test_bad_input_frames_change_nothing(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_engine *e = s.engine;
    scene_add(&s, GK_KIND_TAP, s.v, "tap");
    gk_touch down = {.id = 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = 150, .y = 150};
    gk_touch nan_down = {.id = 2, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = NAN, .y = 150};
    gk_touch bad_phase = {.id = 3, .phase = 17, .type = GK_TOUCH_TYPE_DIRECT, .x = 1, .y = 1};
    gk_touch bad_type = {.id = 3, .phase = GK_TOUCH_BEGAN, .type = 9, .x = 1, .y = 1};
    gk_touch unknown_move = {.id = 9, .phase = GK_TOUCH_MOVED, .type = GK_TOUCH_TYPE_DIRECT, .x = 1, .y = 1};
    gk_touch unknown_up = {.id = 9, .phase = GK_TOUCH_ENDED, .type = GK_TOUCH_TYPE_DIRECT, .x = 1, .y = 1};
    gk_touch twice[2] = {{.id = 5, .phase = GK_TOUCH_BEGAN, .x = 1, .y = 1}, {.id = 5, .phase = GK_TOUCH_BEGAN, .x = 2, .y = 2}};
    assert_int_equal(gk_engine_feed(e, NAN, &down, 1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, INFINITY, &down, 1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, 0, &nan_down, 1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, 0, &bad_phase, 1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, 0, &bad_type, 1), GK_ERR_INVALID_ARGUMENT);
    /* Values whose low byte is a valid phase or type are still refused. */
    gk_touch wrapped_phase = {.id = 3, .phase = 0x100 | GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = 1, .y = 1};
    gk_touch wrapped_type = {.id = 3, .phase = GK_TOUCH_BEGAN, .type = 0x100 | GK_TOUCH_TYPE_DIRECT, .x = 1, .y = 1};
    assert_int_equal(gk_engine_feed(e, 0, &wrapped_phase, 1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, 0, &wrapped_type, 1), GK_ERR_INVALID_ARGUMENT);
    /* A bad touch after good ones refuses the whole frame: the good ones do not go down. */
    gk_touch good_then_bad[2] = {{.id = 4, .phase = GK_TOUCH_BEGAN, .x = 150, .y = 150},
                                 {.id = 6, .phase = 9, .x = 160, .y = 150}};
    assert_int_equal(gk_engine_feed(e, 0, good_then_bad, 2), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, 0, &unknown_move, 1), GK_ERR_UNKNOWN_TOUCH);
    assert_int_equal(gk_engine_feed(e, 0, &unknown_up, 1), GK_ERR_UNKNOWN_TOUCH);
    assert_int_equal(gk_engine_feed(e, 0, twice, 2), GK_ERR_TOUCH_ALREADY_DOWN);
    assert_int_equal(gk_engine_feed(e, 0, &down, GK_MAX_FRAME_TOUCHES + 1), GK_ERR_CAPACITY);
    assert_int_equal(gk_engine_feed(e, 0, &down, (size_t)-1), GK_ERR_CAPACITY);
    assert_int_equal(gk_engine_feed(e, 1.0, &down, 1), GK_OK);
    assert_int_equal(gk_engine_feed(e, 1.0, &down, 1), GK_ERR_TOUCH_ALREADY_DOWN);   /* id reused while down */
    assert_int_equal(gk_engine_feed(e, 0.5, &unknown_move, 0), GK_ERR_TIME_BACKWARDS);
    assert_int_equal(gk_engine_advance(e, 0.5), GK_ERR_TIME_BACKWARDS);
    assert_int_equal(gk_engine_advance(e, NAN), GK_ERR_INVALID_ARGUMENT);
    /* Times beyond what a double keeps to the millisecond (issue 64: at 1e16 s every touch was a
     * long press) are refused, by every call that takes one; the largest one is taken. */
    assert_int_equal(gk_engine_advance(e, 1e16), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, GK_MAX_TIMESTAMP * 2, NULL, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed_hover(e, 1e16, GK_HOVER_ENTER, GK_TOUCH_TYPE_INDIRECT_POINTER, 10, 10, 0),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(e, 1.0, NULL, 0), GK_OK);   /* time standing still is fine */
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    assert_int_equal(st.touches_down, 1);
    /* Coordinates far outside the screen hit no view and are harmless. */
    gk_touch far = {.id = 7, .phase = GK_TOUCH_BEGAN, .type = 0, .x = -1e11, .y = 1e11};
    assert_int_equal(gk_engine_feed(e, 1.1, &far, 1), GK_OK);
    gk_touch far_move = {.id = 7, .phase = GK_TOUCH_MOVED, .type = 0, .x = 1e11, .y = -1e11};
    assert_int_equal(gk_engine_feed(e, 1.2, &far_move, 1), GK_OK);
    assert_int_equal(gk_engine_cancel_all_touches(e, 1.3), GK_OK);
    assert_int_equal(gk_engine_get_stats(e, &st, sizeof st), GK_OK);
    assert_int_equal(st.touches_down, 0);
    scene_free(&s);
}

static void test_too_many_touches_is_a_capacity_error(void **state) {
    (void)state;
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.max_touches = 2;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_touch three[3] = {{.id = 1, .x = 1, .y = 1}, {.id = 2, .x = 2, .y = 2}, {.id = 3, .x = 3, .y = 3}};
    assert_int_equal(gk_engine_feed(e, 0, three, 3), GK_ERR_CAPACITY);
    assert_int_equal(gk_engine_feed(e, 0, three, 2), GK_OK);
    assert_int_equal(gk_engine_feed(e, 0, three + 2, 1), GK_ERR_CAPACITY);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

struct reentry {
    gk_status feed, advance, destroy_engine, create_view, destroy_recognizer, set_translation;
    int calls;
};

static void reenter(gk_engine *engine, const gk_action *a, void *user_data) {
    struct reentry *r = user_data;
    r->calls++;
    gk_touch t = {.id = 99, .phase = GK_TOUCH_BEGAN, .type = 0, .x = 1, .y = 1};
    r->feed = gk_engine_feed(engine, a->timestamp, &t, 1);
    r->advance = gk_engine_advance(engine, a->timestamp + 1);
    r->destroy_engine = gk_engine_destroy(engine);
    gk_view root, v;
    gk_engine_root_view(engine, &root);
    gk_rect f = {0, 0, 1, 1};
    r->create_view = gk_view_create(engine, root, &f, &v);
    r->destroy_recognizer = gk_recognizer_destroy(engine, a->recognizer);
    gk_point zero = {0, 0};
    r->set_translation = gk_pan_set_translation(engine, a->recognizer, zero, GK_VIEW_NONE);
}

static void test_calls_from_inside_a_callback_are_refused_or_allowed_as_documented(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pan = scene_add(&s, GK_KIND_PAN, s.v, "pan");
    struct reentry r = {0};
    assert_int_equal(gk_recognizer_add_target(s.engine, pan, reenter, &r), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 150);
    scene_touch(&s, 0.05, 1, GK_TOUCH_MOVED, 170, 150);
    assert_int_equal(r.calls, 1);
    assert_int_equal(r.feed, GK_ERR_BUSY);
    assert_int_equal(r.advance, GK_ERR_BUSY);
    assert_int_equal(r.destroy_engine, GK_ERR_BUSY);
    assert_int_equal(r.create_view, GK_ERR_BUSY);
    assert_int_equal(r.destroy_recognizer, GK_ERR_BUSY);
    assert_int_equal(r.set_translation, GK_OK);
    /* The engine still works afterwards. */
    scene_touch(&s, 0.1, 1, GK_TOUCH_ENDED, 170, 150);
    assert_int_equal(r.calls, 2);
    scene_free(&s);
}

/* size_t arguments are unsigned: SIZE_MAX is a large buffer, never a negative one, and a count
 * above a documented maximum is GK_ERR_CAPACITY whatever its value. */
static void test_sizes_up_to_size_max_are_large_buffers_and_counts_past_a_maximum_are_capacity(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_panel_profile p;
    gk_panel_profile_init(&p);
    p.size = SIZE_MAX;
    assert_int_equal(gk_engine_set_panel_profile(s.engine, &p), GK_OK);
    gk_panel_profile back;
    assert_int_equal(gk_engine_get_panel_profile(s.engine, &back, SIZE_MAX), GK_OK);
    gk_recognizer stroke = scene_add(&s, GK_KIND_STROKE, s.v, "stroke");
    gk_point points[3] = {{0, 0}, {10, 0}, {10, 10}};
    assert_int_equal(gk_stroke_add_template(s.engine, stroke, "l", 1, points, SIZE_MAX, NULL), GK_ERR_CAPACITY);
    assert_int_equal(gk_stroke_add_template(s.engine, stroke, "l", 1, points, (size_t)GK_MAX_STROKE_POINTS + 1, NULL),
                     GK_ERR_CAPACITY);
    assert_int_equal(gk_stroke_add_template(s.engine, stroke, "l", 1, points, 3, NULL), GK_OK);
    char name[8];
    size_t length = 0;
    assert_int_equal(gk_stroke_template_name(s.engine, stroke, 0, name, SIZE_MAX, &length), GK_OK);
    assert_string_equal(name, "l");
    gk_point out[3];
    size_t count = 0;
    assert_int_equal(gk_stroke_template_points(s.engine, stroke, 0, out, NULL, SIZE_MAX, &count), GK_OK);
    assert_int_equal(count, 3);
    gk_recorded_input entries[4];
    assert_int_equal(gk_engine_read_flight_recorder(s.engine, entries, 4, SIZE_MAX, &count), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_feed(s.engine, 0, NULL, SIZE_MAX), GK_ERR_CAPACITY);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_pointers_are_rejected_everywhere),
        cmocka_unit_test(test_bad_values_and_handles_are_rejected),
        cmocka_unit_test(test_bad_input_frames_change_nothing),
        cmocka_unit_test(test_too_many_touches_is_a_capacity_error),
        cmocka_unit_test(test_sizes_up_to_size_max_are_large_buffers_and_counts_past_a_maximum_are_capacity),
        cmocka_unit_test(test_calls_from_inside_a_callback_are_refused_or_allowed_as_documented),
    };
    return cmocka_run_group_tests_name("misuse", tests, NULL, NULL);
}
