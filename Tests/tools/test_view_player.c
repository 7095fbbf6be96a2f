/* The player behind gesturekit view (tools/view/player.h): the state at a time depends only on the
 * trace and the time, whether reached by playing on, by seeking back, or by stepping; timers fire
 * when time passes them with no input; the touches keep their trails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "player.h"

/* A single tap that waits for a double tap to fail: its timer fires at 0.430 with no input. */
static const char trace_text[] =
    "gesturekit-trace 1\n"
    "screen 800 480\n"
    "view button root 300 200 200 80\n"
    "recognizer double tap button number_of_taps_required=2\n"
    "recognizer single tap button\n"
    "require single double\n"
    "frame 0.000 1:down:400:240\n"
    "frame 0.040 1:move:410:244\n"
    "frame 0.080 1:up:411:245\n"
    "frame 2.000 2:down:400:240\n"
    "frame 2.070 2:up:400:240\n"
    "frame 2.200 3:down:402:238\n"
    "frame 2.270 3:up:402:238\n";

static gkt_trace trace;

static int setup(void **state) {
    (void)state;
    char error[200];
    gkt_init(&trace);
    return gkt_parse(&trace, trace_text, error, sizeof error);
}

static int teardown(void **state) {
    (void)state;
    gkt_free(&trace);
    return 0;
}

static void open_at(gkv_player *p, double t) {
    char error[200];
    assert_int_equal(gkv_player_open(p, &trace, NULL, error, sizeof error), 0);
    assert_int_equal(gkv_player_seek(p, t, error, sizeof error), 0);
}

static void assert_same(const gkv_player *a, const gkv_player *b) {
    assert_int_equal(a->next, b->next);
    assert_true(a->time == b->time);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(a->recs[i].state, b->recs[i].state);
        assert_int_equal(a->recs[i].acted, b->recs[i].acted);
    }
    assert_memory_equal(a->touches, b->touches, sizeof a->touches);
    assert_int_equal(a->nlog, b->nlog);
}

static void test_the_single_tap_fires_when_time_passes_its_deadline_without_input(void **state) {
    (void)state;
    gkv_player p;
    open_at(&p, 0.2);
    assert_false(p.recs[1].acted);   /* still waiting for the double tap to fail */
    char error[200];
    gkv_player_seek(&p, 0.5, error, sizeof error);
    assert_true(p.recs[1].acted);
    assert_int_equal(p.recs[1].last.state, GK_STATE_ENDED);
    assert_true(fabs(p.recs[1].last.timestamp - 0.43) < 1e-9);
    assert_int_equal(p.recs[0].state, GK_STATE_FAILED);
    gkv_player_close(&p);
}

static void test_seeking_back_gives_the_state_of_a_fresh_player(void **state) {
    (void)state;
    gkv_player played, fresh;
    open_at(&played, 2.3);
    assert_true(played.recs[0].acted);   /* the double tap */
    char error[200];
    assert_int_equal(gkv_player_seek(&played, 0.05, error, sizeof error), 0);
    open_at(&fresh, 0.05);
    assert_same(&played, &fresh);
    gkv_player_close(&played);
    gkv_player_close(&fresh);
}

static void test_playing_in_small_steps_equals_one_seek(void **state) {
    (void)state;
    gkv_player stepped, jumped;
    open_at(&stepped, 0);
    char error[200];
    for (double t = 0; t < 2.25; t += 1.0 / 60) gkv_player_seek(&stepped, t, error, sizeof error);
    gkv_player_seek(&stepped, 2.25, error, sizeof error);
    open_at(&jumped, 2.25);
    assert_int_equal(stepped.recs[0].state, jumped.recs[0].state);
    assert_int_equal(stepped.recs[1].state, jumped.recs[1].state);
    assert_int_equal(stepped.next, jumped.next);
    gkv_player_close(&stepped);
    gkv_player_close(&jumped);
}

static void test_a_touch_keeps_its_trail_and_is_shown_lifted(void **state) {
    (void)state;
    gkv_player p;
    open_at(&p, 0.05);
    const gkv_touch *k = &p.touches[0];
    assert_true(k->used && k->down);
    assert_int_equal(k->id, 1);
    assert_int_equal(k->trail_len, 2);
    assert_true(k->x == 410 && k->y == 244);
    char error[200];
    gkv_player_seek(&p, 0.1, error, sizeof error);
    assert_false(k->down);
    assert_true(k->up_time == 0.08);
    assert_true(k->x == 411);
    gkv_player_close(&p);
}

static void test_steps_are_found_both_ways_and_times_are_clamped(void **state) {
    (void)state;
    gkv_player p;
    open_at(&p, 0.04);
    assert_true(gkv_player_step_time(&p, 1) == 0.08);
    assert_true(gkv_player_step_time(&p, -1) == 0.0);
    assert_true(gkv_player_start(&p) == 0 && gkv_player_end(&p) == 2.27);
    char error[200];
    assert_int_equal(gkv_player_seek(&p, NAN, error, sizeof error), 0);   /* NaN: the start */
    assert_true(p.time == 0);
    assert_int_equal(gkv_player_seek(&p, -5, error, sizeof error), 0);
    assert_true(p.time == 0);
    assert_null(gkv_player_log_line(&p, GKV_LOG_LINES));
    gkv_player_close(&p);
}

static void test_a_step_the_engine_refuses_is_skipped_and_reported(void **state) {
    (void)state;
    gkt_trace bad;
    gkt_init(&bad);
    char error[200];
    /* Touch 7 is lifted without having come down: the engine refuses that frame. */
    assert_int_equal(gkt_parse(&bad, "gesturekit-trace 1\nscreen 800 480\nview v root 0 0 0 0\nrecognizer t tap v\n"
                                     "frame 0 1:down:10:10\nframe 0.1 7:up:10:10\nframe 0.2 1:up:10:10\n", error, sizeof error), 0);
    gkv_player p;
    assert_int_equal(gkv_player_open(&p, &bad, NULL, error, sizeof error), 0);
    assert_int_equal(gkv_player_seek(&p, 1, error, sizeof error), 0);
    assert_int_equal(p.refused, 1);
    assert_non_null(strstr(p.error, "step 2"));
    assert_false(p.touches[0].down);   /* the last frame still went in */
    gkv_player_close(&p);
    gkt_free(&bad);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_single_tap_fires_when_time_passes_its_deadline_without_input),
        cmocka_unit_test(test_seeking_back_gives_the_state_of_a_fresh_player),
        cmocka_unit_test(test_playing_in_small_steps_equals_one_seek),
        cmocka_unit_test(test_a_touch_keeps_its_trail_and_is_shown_lifted),
        cmocka_unit_test(test_steps_are_found_both_ways_and_times_are_clamped),
        cmocka_unit_test(test_a_step_the_engine_refuses_is_skipped_and_reported),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
