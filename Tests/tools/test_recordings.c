/* Recordings, traces and the flight recorder: every recording in ../shared/data-samples and
 * examples/recordings replayed with the outcome a person expects from its name and geometry, a
 * trace written and read back, and the flight recorder's dump replayed. The decoder's protocol
 * tests on hand-made streams are in test_evdev.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gk_recording.h"
#include "trace.h"

static char samples[1024];   /* ../shared/data-samples, when it is there */
static char bundled[1024];   /* examples/recordings of this repository */

struct counts {
    int ended[16], began[16], max_touches[16], actions;
};

static void frame_sink(void *ud, double t, const gk_touch *touches, size_t n) { gkt_add_frame(ud, t, touches, n); }
static void hover_sink(void *ud, double t, gk_hover_phase p, double x, double y) { gkt_add_hover(ud, t, p, x, y); }
static void cancel_sink(void *ud, double t) { gkt_add_cancel(ud, t); }

static struct counts play(const char *rel, gkt_trace *keep) {
    char path[1400], error[300];
    if (rel[0] == '/') snprintf(path, sizeof path, "%s", rel);
    else snprintf(path, sizeof path, "%s/%s", samples, rel);
    gkt_trace t;
    gkt_init(&t);
    if (gkt_parse_scene(&t, gkt_default_scene, error, sizeof error) < 0) fail_msg("scene: %s", error);
    gk_recording rec;
    if (gk_recording_load(path, NULL, &rec, error, sizeof error) < 0) fail_msg("%s", error);
    gk_evdev_sink sink = {&t, frame_sink, hover_sink, cancel_sink};
    gk_evdev_decoder d;
    gk_recording_decoder(&rec, NULL, &sink, &d);
    gk_recording_play(&rec, &d);
    gk_evdev_release(&d);
    gk_recording_free(&rec);
    gkt_replay r;
    if (gkt_replay_run(&t, false, 1.0, &r, error, sizeof error) < 0) fail_msg("%s: %s", rel, error);
    struct counts c;
    memset(&c, 0, sizeof c);
    for (size_t i = 0; i < r.nlines; i++) {
        char name[64], st[32];
        double ts;
        unsigned n;
        if (sscanf(r.lines[i], "action %lf %63s %31s %u", &ts, name, st, &n) != 4) continue;
        c.actions++;
        for (int k = 0; k < t.nrecognizers; k++) {
            if (strcmp(t.recognizers[k].name, name) != 0) continue;
            if (strcmp(st, "ended") == 0) c.ended[k]++;
            if (strcmp(st, "began") == 0) c.began[k]++;
            if ((int)n > c.max_touches[k]) c.max_touches[k] = (int)n;
        }
    }
    gkt_replay_free(&r);
    if (keep) *keep = t; else gkt_free(&t);
    return c;
}

/* Indices of the default scene's recognizers. */
enum { DOUBLE, TAP, LONG_PRESS, PAN, PINCH, ROTATION, SWIPE, HOVER, TWO_FINGER_TAP };

static void test_recordings_give_the_gestures_their_names_promise(void **state) {
    (void)state;
    char probe[1200];
    snprintf(probe, sizeof probe, "%s/evemu-devices", samples);
    if (access(probe, R_OK) != 0) {
        fprintf(stderr, "data samples not found at %s: skipped\n", samples);
        skip();
    }
    struct counts c;
    c = play("evemu-devices/tablets/Wacom ISDv4 E6 Finger.single-tap-center.events", NULL);
    assert_int_equal(c.ended[TAP], 1);
    assert_int_equal(c.actions, 1);
    c = play("evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-tap-center.events", NULL);
    assert_int_equal(c.ended[DOUBLE], 1);
    assert_int_equal(c.ended[TAP], 0);   /* the single tap waited for the double tap and failed */
    c = play("evemu-devices/tablets/Wacom ISDv4 E6 Finger.2fg-tap.events", NULL);
    assert_int_equal(c.ended[TWO_FINGER_TAP], 1);
    assert_int_equal(c.max_touches[TWO_FINGER_TAP], 2);
    assert_int_equal(c.actions, 1);
    c = play("evemu-devices/tablets/Wacom ISDv4 E6 Finger.single-top-swipe.events", NULL);
    assert_int_equal(c.began[PAN], 1);   /* 1.2 s is too slow for a swipe: a one-finger pan */
    assert_int_equal(c.ended[PAN], 1);
    assert_int_equal(c.max_touches[PAN], 1);
    c = play("evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-center-scroll.events", NULL);
    assert_int_equal(c.began[PAN], 1);   /* a two-finger drag is a pan with two touches */
    assert_int_equal(c.max_touches[PAN], 2);
    c = play("evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-center-circle.events", NULL);
    assert_int_equal(c.began[PAN], 1);   /* two fingers circling together: they translate */
    assert_int_equal(c.max_touches[PAN], 2);
    c = play("evemu-devices/touchscreens/Atmel maXTouch Touchscreen.1-finger-fast-taps.events", NULL);
    /* Nine quick taps close together: four double taps and one single tap left over. */
    assert_int_equal(c.ended[DOUBLE], 4);
    assert_int_equal(c.ended[TAP], 1);
    c = play("evemu-devices/touchscreens/EP0430M09.2-finger-scroll-down.events", NULL);
    assert_int_equal(c.began[PAN], 1);
    assert_int_equal(c.max_touches[PAN], 2);
    c = play("evemu-devices/touchscreens/N-Trig MultiTouch.1-finger-drag-NW-SE.events", NULL);   /* protocol A */
    assert_int_equal(c.began[PAN], 1);
    assert_int_equal(c.max_touches[PAN], 1);
    c = play("evemu-devices/tablets/Wacom Cintiq 13HD touch Pen.events", NULL);
    assert_true(c.began[HOVER] >= 1);   /* the pen hovers before touching */
    assert_true(c.ended[HOVER] >= 1);
    assert_true(c.ended[TAP] + c.ended[DOUBLE] + c.began[PAN] >= 1);   /* and touches down */
    c = play("android-getevent/traces/Phone/phone-single-touch.txt", NULL);
    assert_int_equal(c.ended[TAP], 1);
    c = play("android-getevent/traces/Phone/phone-three-touches.txt", NULL);
    assert_int_equal(c.ended[TAP], 3);   /* 2 s apart: three single taps, no double tap */
    assert_int_equal(c.ended[DOUBLE], 0);
    c = play("android-getevent/traces/Phone/phone-single-drag.txt", NULL);
    assert_int_equal(c.began[PAN], 1);
    assert_int_equal(c.max_touches[PAN], 1);
    c = play("android-getevent/traces/Phone/phone-two-finger-drag.txt", NULL);
    assert_int_equal(c.began[PAN], 1);
    assert_int_equal(c.max_touches[PAN], 2);
}

static void test_a_trace_written_and_read_back_replays_the_same(void **state) {
    (void)state;
    gkt_trace t;
    char path[1200];
    snprintf(path, sizeof path, "%s/two-finger-drag.events", bundled);
    play(path, &t);
    char *text = NULL, error[300];
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    gkt_write(&t, mem, true);
    fclose(mem);
    gkt_trace back;
    gkt_init(&back);
    assert_int_equal(gkt_parse(&back, text, error, sizeof error), 0);
    gkt_replay a, b;
    assert_int_equal(gkt_replay_run(&t, false, 1, &a, error, sizeof error), 0);
    assert_int_equal(gkt_replay_run(&back, false, 1, &b, error, sizeof error), 0);
    assert_int_equal(a.nlines, b.nlines);
    assert_true(a.nlines > 10);
    for (size_t i = 0; i < a.nlines; i++) assert_string_equal(a.lines[i], b.lines[i]);
    /* Bad traces are refused with a line number, never a crash. */
    gkt_trace bad;
    gkt_init(&bad);
    assert_int_equal(gkt_parse(&bad, "gesturekit-trace 1\nframe 0 1:jump:1:1\n", error, sizeof error), -1);
    assert_non_null(strstr(error, "line 2"));
    gkt_free(&bad);
    gkt_init(&bad);
    assert_int_equal(gkt_parse(&bad, "gesturekit-trace 2\n", error, sizeof error), -1);
    gkt_free(&bad);
    gkt_replay_free(&a);
    gkt_replay_free(&b);
    gkt_free(&back);
    gkt_free(&t);
    free(text);
}

static void test_the_flight_recorder_replays_exactly_what_the_engine_saw(void **state) {
    (void)state;
    gkt_trace live;
    char path[1200];
    snprintf(path, sizeof path, "%s/fast-taps.events", bundled);
    play(path, &live);
    /* Feed the recording to an engine with the recorder on, as a kiosk would. */
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = live.width;
    o.screen_height = live.height;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    assert_int_equal(gk_engine_set_flight_recorder(e, 1u << 16), GK_OK);
    double last = 0;
    for (size_t i = 0; i < live.nsteps; i++) {
        const gkt_step *s = &live.steps[i];
        if (s->kind == GKT_FRAME) assert_int_equal(gk_engine_feed(e, s->t, live.touches + s->first, s->count), GK_OK);
        last = s->t;
    }
    gk_touch bad = {.id = 999, .phase = GK_TOUCH_ENDED};
    assert_int_equal(gk_engine_feed(e, last, &bad, 1), GK_ERR_UNKNOWN_TOUCH);   /* refused: not recorded */
    assert_int_equal(gk_engine_feed_hover(e, last + 0.1, GK_HOVER_ENTER, GK_TOUCH_TYPE_STYLUS, 10, 10, 0), GK_OK);
    assert_int_equal(gk_engine_advance(e, last + 0.2), GK_OK);
    assert_int_equal(gk_engine_cancel_all_touches(e, last + 0.3), GK_OK);
    char *text = NULL, error[300];
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_int_equal(gkt_dump_flight_recorder(e, &live, mem), 0);
    fclose(mem);
    size_t count;
    assert_int_equal(gk_engine_read_flight_recorder(e, NULL, 0, sizeof(gk_recorded_input), &count), GK_OK);
    assert_int_equal(count, live.ntouches + 3);
    gk_recorded_input one;
    assert_int_equal(gk_engine_read_flight_recorder(e, &one, 1, 8, &count), GK_ERR_STRUCT_SIZE);
    gk_engine_destroy(e);
    gkt_trace dumped;
    gkt_init(&dumped);
    assert_int_equal(gkt_parse(&dumped, text, error, sizeof error), 0);
    /* The live input plus the three extra calls; replayed, the same outcome as the live input. */
    assert_int_equal(dumped.nsteps, live.nsteps + 3);
    gkt_replay a, b;
    dumped.nsteps -= 3;
    assert_int_equal(gkt_replay_run(&live, false, 1, &a, error, sizeof error), 0);
    assert_int_equal(gkt_replay_run(&dumped, false, 1, &b, error, sizeof error), 0);
    assert_int_equal(a.nlines, b.nlines);
    for (size_t i = 0; i < a.nlines; i++) assert_string_equal(a.lines[i], b.lines[i]);
    gkt_replay_free(&a);
    gkt_replay_free(&b);
    gkt_free(&dumped);
    gkt_free(&live);
    free(text);
}

int main(void) {
    const char *env = getenv("GESTUREKIT_DATA_SAMPLES");
    snprintf(samples, sizeof samples, "%s", env ? env : "../shared/data-samples");
    env = getenv("GESTUREKIT_RECORDINGS");
    snprintf(bundled, sizeof bundled, "%s", env ? env : "examples/recordings");
    if (getenv("GK_TEST_FILTER")) cmocka_set_test_filter(getenv("GK_TEST_FILTER"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recordings_give_the_gestures_their_names_promise),
        cmocka_unit_test(test_a_trace_written_and_read_back_replays_the_same),
        cmocka_unit_test(test_the_flight_recorder_replays_exactly_what_the_engine_saw),
    };
    return cmocka_run_group_tests_name("recordings", tests, NULL, NULL);
}
