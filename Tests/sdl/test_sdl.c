/* The SDL2 adapter (bindings/sdl/gk_sdl.h), headless: SDL's dummy video driver, events built here
 * (with their timestamps) or pushed through SDL's queue and read back by a real event loop. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "gk_sdl.h"

static SDL_Window *window;
static int width, height;

static int setup(void **state) {
    (void)state;
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) return -1;
    SDL_Rect display;
    if (SDL_GetDisplayBounds(0, &display) != 0) return -1;
    width = display.w;
    height = display.h;
    window = SDL_CreateWindow("gk_sdl test", 0, 0, width, height, 0);
    return window ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}

struct scene {
    gk_engine *engine;
    gk_sdl *sdl;
    gk_recognizer single, double_tap;
};

static void make_scene(struct scene *s, const gk_sdl_options *options) {
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = width;
    o.screen_height = height;
    assert_int_equal(gk_engine_create(&o, &s->engine), GK_OK);
    gk_view root;
    gk_engine_root_view(s->engine, &root);
    assert_int_equal(gk_recognizer_create(s->engine, GK_KIND_TAP, &s->single), GK_OK);
    assert_int_equal(gk_recognizer_create(s->engine, GK_KIND_TAP, &s->double_tap), GK_OK);
    gk_recognizer_set_int(s->engine, s->double_tap, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2);
    gk_recognizer_attach(s->engine, s->single, root);
    gk_recognizer_attach(s->engine, s->double_tap, root);
    gk_recognizer_require_failure_of(s->engine, s->single, s->double_tap);
    assert_int_equal(gk_sdl_create(s->engine, window, options, &s->sdl), GK_OK);
}

static void free_scene(struct scene *s) {
    gk_sdl_destroy(s->sdl);
    gk_engine_destroy(s->engine);
}

static SDL_Event finger(uint32_t type, uint32_t ms, SDL_FingerID id, float x, float y) {
    SDL_Event e;
    SDL_zero(e);
    e.type = type;
    e.tfinger.type = type;
    e.tfinger.timestamp = ms;
    e.tfinger.touchId = 7;
    e.tfinger.fingerId = id;
    e.tfinger.x = x;
    e.tfinger.y = y;
    e.tfinger.pressure = 1;
    e.tfinger.windowID = SDL_GetWindowID(window);
    return e;
}

/* A quick tap of finger `id` at the middle of the display, down at `ms` and up 50 ms later. */
static void tap_centre(struct scene *s, SDL_FingerID id, uint32_t ms) {
    SDL_Event down = finger(SDL_FINGERDOWN, ms, id, 0.5f, 0.5f), up = finger(SDL_FINGERUP, ms + 50, id, 0.5f, 0.5f);
    assert_true(gk_sdl_handle_event(s->sdl, &down));
    assert_true(gk_sdl_handle_event(s->sdl, &up));
}

/* A window or display event of `type` with `event`, for the adapter to note. */
static SDL_Event geometry_event(uint32_t type, uint8_t event) {
    SDL_Event e;
    SDL_zero(e);
    e.type = type;
    if (type == SDL_WINDOWEVENT) {
        e.window.event = event;
        e.window.windowID = SDL_GetWindowID(window);
    } else {
        e.display.event = event;
    }
    return e;
}

static int actions(struct scene *s, gk_action *out, int max) {
    int n = 0;
    gk_action a;
    while (n < max && gk_engine_poll_action(s->engine, &a, sizeof a) == GK_OK) out[n++] = a;
    return n;
}

static void test_a_double_tap_of_fingers_is_recognized_where_the_fingers_were(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    SDL_Event events[] = {finger(SDL_FINGERDOWN, 1000, 1, 0.25f, 0.5f), finger(SDL_FINGERUP, 1060, 1, 0.25f, 0.5f),
                          finger(SDL_FINGERDOWN, 1200, 2, 0.25f, 0.5f), finger(SDL_FINGERUP, 1260, 2, 0.25f, 0.5f)};
    for (size_t i = 0; i < 4; i++) assert_true(gk_sdl_handle_event(s.sdl, &events[i]));
    gk_action got[4];
    assert_int_equal(actions(&s, got, 4), 1);
    assert_true(got[0].recognizer == s.double_tap);
    assert_int_equal(got[0].state, GK_STATE_ENDED);
    assert_true(got[0].timestamp == 1.26);   /* SDL's milliseconds, as seconds */
    assert_true(fabs(got[0].location.x - 0.25 * width) < 1e-3);
    assert_true(fabs(got[0].location.y - 0.5 * height) < 1e-3);
    free_scene(&s);
}

/* Through SDL's own queue and a real loop: the single tap waits for the double tap to fail, and the
 * loop's deadline (gk_sdl_wait_timeout, gk_sdl_advance) fires it, as a user event. */
static void test_the_loop_fires_the_single_tap_after_the_double_tap_fails(void **state) {
    (void)state;
    gk_sdl_options o;
    gk_sdl_options_init(&o);
    o.action_event = SDL_RegisterEvents(1);
    struct scene s;
    make_scene(&s, &o);
    SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
    SDL_Event down = finger(SDL_FINGERDOWN, 0, 1, 0.5f, 0.5f), up = finger(SDL_FINGERUP, 0, 1, 0.5f, 0.5f);
    SDL_PushEvent(&down);
    SDL_Delay(40);
    SDL_PushEvent(&up);
    uint32_t lifted = SDL_GetTicks();
    int fired = 0;
    gk_action first = {0};
    while (SDL_GetTicks() - lifted < 2000 && fired == 0) {
        SDL_Event e;
        if (SDL_WaitEventTimeout(&e, gk_sdl_wait_timeout(s.sdl) < 0 ? 100 : gk_sdl_wait_timeout(s.sdl))) {
            if (e.type == o.action_event) {
                first = *(gk_action *)e.user.data1;
                assert_int_equal(e.user.code, (int)first.state);
                SDL_free(e.user.data1);
                fired++;
            } else {
                gk_sdl_handle_event(s.sdl, &e);
            }
        }
        gk_sdl_advance(s.sdl);
    }
    assert_int_equal(fired, 1);
    assert_true(first.recognizer == s.single);   /* the double tap failed first: no action */
    assert_int_equal(first.state, GK_STATE_ENDED);
    uint32_t waited = SDL_GetTicks() - lifted;
    assert_true(waited >= 250);   /* the double tap's interval (0.35 s) ran out first */
    free_scene(&s);
}

static void test_synthesised_events_are_not_counted_twice(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    SDL_Event mouse;
    SDL_zero(mouse);
    mouse.type = SDL_MOUSEBUTTONDOWN;
    mouse.button.which = SDL_TOUCH_MOUSEID;   /* SDL's mouse copy of a touch */
    mouse.button.button = SDL_BUTTON_LEFT;
    mouse.button.windowID = SDL_GetWindowID(window);
    assert_false(gk_sdl_handle_event(s.sdl, &mouse));
    SDL_Event f = finger(SDL_FINGERDOWN, 10, 1, 0.5f, 0.5f);
    f.tfinger.touchId = SDL_MOUSE_TOUCHID;    /* SDL's touch copy of the mouse */
    assert_false(gk_sdl_handle_event(s.sdl, &f));
    gk_sdl_stats st;
    gk_sdl_get_stats(s.sdl, &st);
    assert_int_equal(st.ignored, 2);
    assert_int_equal(st.used, 0);
    free_scene(&s);
}

static void test_the_mouse_is_a_pointer_that_taps(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    gk_recognizer_set_bool(s.engine, s.double_tap, GK_PROP_ENABLED, false);
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.timestamp = 500;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.windowID = SDL_GetWindowID(window);
    e.button.x = 100;
    e.button.y = 80;
    assert_true(gk_sdl_handle_event(s.sdl, &e));
    e.type = SDL_MOUSEBUTTONUP;
    e.button.timestamp = 560;
    assert_true(gk_sdl_handle_event(s.sdl, &e));
    gk_action got[2];
    assert_int_equal(actions(&s, got, 2), 1);
    assert_true(got[0].recognizer == s.single);
    assert_true(got[0].location.x == 100 && got[0].location.y == 80);
    free_scene(&s);
}

static void test_other_windows_and_unknown_fingers_are_not_used(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    SDL_Event other = finger(SDL_FINGERDOWN, 10, 1, 0.5f, 0.5f);
    other.tfinger.windowID = SDL_GetWindowID(window) + 1000;
    assert_false(gk_sdl_handle_event(s.sdl, &other));
    SDL_Event stray = finger(SDL_FINGERMOTION, 20, 9, 0.5f, 0.5f);   /* never went down */
    assert_false(gk_sdl_handle_event(s.sdl, &stray));
    SDL_Event device = finger(SDL_FINGERDOWN, 30, 1, 0.5f, 0.5f);
    device.tfinger.touchId = 12345;                                  /* a device not seen before */
    assert_true(gk_sdl_handle_event(s.sdl, &device));
    free_scene(&s);
}

static void test_time_going_back_is_held_at_the_last_time(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    SDL_Event a = finger(SDL_FINGERDOWN, 5000, 1, 0.5f, 0.5f), b = finger(SDL_FINGERUP, 4000, 1, 0.5f, 0.5f);
    assert_true(gk_sdl_handle_event(s.sdl, &a));
    assert_true(gk_sdl_handle_event(s.sdl, &b));   /* taken, at 5.000 s */
    double now = 0;
    gk_engine_now(s.engine, &now);
    assert_true(now == 5.0);
    gk_sdl_stats st;
    gk_sdl_get_stats(s.sdl, &st);
    assert_int_equal(st.time_held, 1);
    free_scene(&s);
}

/* SDL2's 32-bit millisecond timestamps wrap after 49.7 days of app uptime: a long press begun
 * just before the wrap still fires after it, lifted just after it, and the loop's wait is short. */
static void test_time_goes_on_across_the_49_day_wrap_of_sdl_timestamps(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    gk_view root;
    gk_engine_root_view(s.engine, &root);
    gk_recognizer press;
    assert_int_equal(gk_recognizer_create(s.engine, GK_KIND_LONG_PRESS, &press), GK_OK);
    assert_int_equal(gk_recognizer_attach(s.engine, press, root), GK_OK);
    const uint64_t wrap = (uint64_t)1 << 32;
    gk_sdl_advance_at(s.sdl, wrap - 1000);   /* the loop's clock, 1 s before the wrap */
    SDL_Event down = finger(SDL_FINGERDOWN, (uint32_t)(wrap - 200), 1, 0.5f, 0.5f);
    assert_true(gk_sdl_handle_event(s.sdl, &down));
    /* The press fires 0.5 s after the finger landed, 300 ms after the wrap: the wait says so. */
    int wait = gk_sdl_wait_timeout_at(s.sdl, wrap + 100);
    assert_true(wait >= 199 && wait <= 201);
    gk_sdl_advance_at(s.sdl, wrap + 400);
    gk_action got[8];
    int n = actions(&s, got, 8);
    assert_int_equal(n, 1);
    assert_true(got[0].recognizer == press);
    assert_int_equal(got[0].state, GK_STATE_BEGAN);
    SDL_Event up = finger(SDL_FINGERUP, 500, 1, 0.5f, 0.5f);   /* SDL's timestamp has wrapped to 500 ms */
    assert_true(gk_sdl_handle_event(s.sdl, &up));
    n = actions(&s, got, 8);
    assert_int_equal(n, 1);
    assert_int_equal(got[0].state, GK_STATE_ENDED);
    assert_true(fabs(got[0].timestamp - (double)(wrap + 500) / 1000.0) < 1e-6);
    gk_sdl_stats st;
    gk_sdl_get_stats(s.sdl, &st);
    assert_int_equal(st.time_held, 0);
    free_scene(&s);
}

static void test_a_finger_down_twice_ends_the_old_touch_first(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    SDL_Event a = finger(SDL_FINGERDOWN, 100, 1, 0.5f, 0.5f), b = finger(SDL_FINGERDOWN, 900, 1, 0.2f, 0.2f);
    assert_true(gk_sdl_handle_event(s.sdl, &a));
    assert_true(gk_sdl_handle_event(s.sdl, &b));
    gk_engine_stats st;
    assert_int_equal(gk_engine_get_stats(s.engine, &st, sizeof st), GK_OK);
    assert_int_equal(st.touches_down, 1);
    gk_sdl_stats ss;
    gk_sdl_get_stats(s.sdl, &ss);
    assert_int_equal(ss.restarted, 1);
    free_scene(&s);
}

static void test_a_window_resized_during_a_touch_keeps_it(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    gk_recognizer pan;
    gk_view root;
    gk_engine_root_view(s.engine, &root);
    gk_recognizer_create(s.engine, GK_KIND_PAN, &pan);
    gk_recognizer_attach(s.engine, pan, root);
    SDL_Event a = finger(SDL_FINGERDOWN, 100, 1, 0.5f, 0.5f);
    assert_true(gk_sdl_handle_event(s.sdl, &a));
    SDL_SetWindowSize(window, width / 2, height / 2);
    SDL_Event b = finger(SDL_FINGERMOTION, 150, 1, 0.6f, 0.5f), c = finger(SDL_FINGERUP, 200, 1, 0.6f, 0.5f);
    assert_true(gk_sdl_handle_event(s.sdl, &b));
    assert_true(gk_sdl_handle_event(s.sdl, &c));
    gk_engine_stats st;
    gk_engine_get_stats(s.engine, &st, sizeof st);
    assert_int_equal(st.touches_down, 0);
    SDL_SetWindowSize(window, width, height);
    free_scene(&s);
}

static void test_a_moved_window_maps_fingers_from_its_new_place(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    gk_recognizer_set_bool(s.engine, s.double_tap, GK_PROP_ENABLED, false);
    SDL_SetWindowPosition(window, 100, 50);
    int wx, wy;
    SDL_GetWindowPosition(window, &wx, &wy);
    SDL_Event moved = geometry_event(SDL_WINDOWEVENT, SDL_WINDOWEVENT_MOVED);
    assert_false(gk_sdl_handle_event(s.sdl, &moved));   /* noted, never the adapter's */
    tap_centre(&s, 1, 100);
    gk_action got[2];
    assert_int_equal(actions(&s, got, 2), 1);
    assert_true(fabs(got[0].location.x - (0.5 * width - wx)) < 1e-3);
    assert_true(fabs(got[0].location.y - (0.5 * height - wy)) < 1e-3);
    SDL_SetWindowPosition(window, 0, 0);
    free_scene(&s);
}

/* A display that changes (rotated, resized, another one plugged in) sends SDL_DISPLAYEVENT: the
 * adapter reads the display's bounds and the window's place again before the next finger. Until
 * then it keeps the mapping it had, so a change SDL has not reported yet is not guessed at. */
static void test_a_display_event_makes_the_adapter_map_fingers_again(void **state) {
    (void)state;
    struct scene s;
    make_scene(&s, NULL);
    gk_recognizer_set_bool(s.engine, s.double_tap, GK_PROP_ENABLED, false);
    tap_centre(&s, 1, 100);   /* the mapping is read here: window at 0, 0 */
    SDL_SetWindowPosition(window, 60, 40);
    int wx, wy;
    SDL_GetWindowPosition(window, &wx, &wy);
    tap_centre(&s, 2, 1000);   /* not told yet: the old mapping */
    SDL_Event display = geometry_event(SDL_DISPLAYEVENT, SDL_DISPLAYEVENT_ORIENTATION);
    assert_false(gk_sdl_handle_event(s.sdl, &display));   /* noted, and left to the app */
    tap_centre(&s, 3, 2000);
    gk_action got[3];
    assert_int_equal(actions(&s, got, 3), 3);
    assert_true(fabs(got[1].location.x - 0.5 * width) < 1e-3);
    assert_true(fabs(got[2].location.x - (0.5 * width - wx)) < 1e-3);
    assert_true(fabs(got[2].location.y - (0.5 * height - wy)) < 1e-3);
    SDL_SetWindowPosition(window, 0, 0);
    free_scene(&s);
}

static void test_bad_arguments_are_refused(void **state) {
    (void)state;
    gk_sdl *sdl;
    assert_int_equal(gk_sdl_create(NULL, window, NULL, &sdl), GK_ERR_NULL_POINTER);
    gk_sdl_options o;
    gk_sdl_options_init(&o);
    o.size = 4;
    struct scene s;
    make_scene(&s, NULL);
    assert_int_equal(gk_sdl_create(s.engine, window, &o, &sdl), GK_ERR_STRUCT_SIZE);
    assert_false(gk_sdl_handle_event(s.sdl, NULL));
    assert_false(gk_sdl_handle_event(NULL, NULL));
    assert_int_equal(gk_sdl_wait_timeout(NULL), -1);
    gk_sdl_destroy(NULL);
    free_scene(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_double_tap_of_fingers_is_recognized_where_the_fingers_were),
        cmocka_unit_test(test_the_loop_fires_the_single_tap_after_the_double_tap_fails),
        cmocka_unit_test(test_synthesised_events_are_not_counted_twice),
        cmocka_unit_test(test_the_mouse_is_a_pointer_that_taps),
        cmocka_unit_test(test_other_windows_and_unknown_fingers_are_not_used),
        cmocka_unit_test(test_time_going_back_is_held_at_the_last_time),
        cmocka_unit_test(test_time_goes_on_across_the_49_day_wrap_of_sdl_timestamps),
        cmocka_unit_test(test_a_finger_down_twice_ends_the_old_touch_first),
        cmocka_unit_test(test_a_window_resized_during_a_touch_keeps_it),
        cmocka_unit_test(test_a_moved_window_maps_fingers_from_its_new_place),
        cmocka_unit_test(test_a_display_event_makes_the_adapter_map_fingers_again),
        cmocka_unit_test(test_bad_arguments_are_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
