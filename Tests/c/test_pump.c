/* Long file: the pump's cases share one set of recordings and the helpers that write them. */
/* libgesturekit-pump (include/gesturekit-pump.h) against the built libraries: a pumped recording
 * gives the engine exactly what the evdev decoder gives when its frames are fed by hand, in any
 * batch size; bad arguments, odd files and misuse are refused with a status and a reason.
 *
 * Environment: GESTUREKIT_RECORDINGS (examples/recordings) and GESTUREKIT_DATA_SAMPLES (the
 * shared samples: a pen recording, for hover). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <gesturekit-pump.h>

#include "gk_recording.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *path_in(const char *env, const char *name) {
    const char *dir = getenv(env);
    assert_non_null(dir);
    static char buf[4][1024];
    static int k;
    char *out = buf[k++ % 4];
    snprintf(out, sizeof buf[0], "%s/%s", dir, name);
    return out;
}

static const char *two_finger_drag(void) { return path_in("GESTUREKIT_RECORDINGS", "two-finger-drag.events"); }
static const char *fast_taps(void) { return path_in("GESTUREKIT_RECORDINGS", "fast-taps.events"); }

/* An 800 x 480 screen with a tap, a pan and a pinch on one view: the recordings land on it. */
static gk_engine *make_engine(uint32_t max_touches) {
    gk_engine_options o;
    assert_int_equal(gk_engine_options_init(&o), GK_OK);
    o.screen_width = 800;
    o.screen_height = 480;
    if (max_touches) o.max_touches = max_touches;
    gk_engine *e;
    assert_int_equal(gk_engine_create(&o, &e), GK_OK);
    gk_view root, v;
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    gk_rect r = {0, 0, 800, 480};
    assert_int_equal(gk_view_create(e, root, &r, &v), GK_OK);
    const gk_recognizer_kind kinds[] = {GK_KIND_TAP, GK_KIND_PAN, GK_KIND_PINCH};
    for (size_t i = 0; i < 3; i++) {
        gk_recognizer g;
        assert_int_equal(gk_recognizer_create(e, kinds[i], &g), GK_OK);
        assert_int_equal(gk_recognizer_attach(e, g, v), GK_OK);
    }
    return e;
}

/* What an engine reported, with the handles reduced to their slots (two engines tag theirs
 * differently): every action and delivery, in order. */
struct transcript {
    char text[65536];
    size_t length, actions, deliveries;
};

static void note(struct transcript *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->text + t->length, sizeof t->text - t->length, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof t->text - t->length);
    t->length += (size_t)n;
}

/* Actions and deliveries interleaved by sequence number, so that the transcript does not depend on
 * how often it is drained. */
static void drain(gk_engine *e, struct transcript *t) {
    gk_action a;
    gk_delivery d;
    bool have_a = gk_engine_poll_action(e, &a, sizeof a) == GK_OK;
    bool have_d = gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK;
    while (have_a || have_d) {
        if (have_a && (!have_d || a.sequence < d.sequence)) {
            note(t, "A %llu %.9g r%llu k%u s%u (%.9g,%.9g) n%u\n", (unsigned long long)a.sequence, a.timestamp,
                 (unsigned long long)(a.recognizer & 0xFFFFFF), a.kind, a.state, a.location.x, a.location.y,
                 a.number_of_touches);
            t->actions++;
            have_a = gk_engine_poll_action(e, &a, sizeof a) == GK_OK;
        } else {
            note(t, "D %llu %.9g id%lld p%u (%.9g,%.9g)\n", (unsigned long long)d.sequence, d.timestamp,
                 (long long)d.touch_id, d.phase, d.window_location.x, d.window_location.y);
            t->deliveries++;
            have_d = gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK;
        }
    }
}

/* The reference: the recording decoded by the evdev library, each frame fed by this test. */
static void on_frame(void *ud, double t, const gk_touch *touches, size_t n) {
    assert_int_equal(gk_engine_feed(ud, t, touches, n), GK_OK);
}
static void on_hover(void *ud, double t, gk_hover_phase phase, double x, double y) {
    assert_int_equal(gk_engine_feed_hover(ud, t, phase, GK_TOUCH_TYPE_STYLUS, x, y, 0), GK_OK);
}
static void on_cancel(void *ud, double t) { assert_int_equal(gk_engine_cancel_all_touches(ud, t), GK_OK); }

static void fed_by_hand(const char *path, struct transcript *out) {
    gk_recording rec;
    char error[300];
    assert_int_equal(gk_recording_load(path, NULL, &rec, error, sizeof error), 0);
    gk_engine *e = make_engine(0);
    gk_evdev_config c;
    gk_evdev_config_init(&c);
    gk_evdev_sink sink = {e, on_frame, on_hover, on_cancel};
    gk_evdev_decoder d;
    gk_recording_decoder(&rec, &c, &sink, &d);
    gk_recording_play(&rec, &d);
    drain(e, out);
    gk_evdev_release(&d);
    gk_recording_free(&rec);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
}

static void pumped(const char *path, size_t batch, struct transcript *out, gk_pump_stats *stats) {
    gk_pump *p = NULL;
    char error[300] = "";
    assert_int_equal(gk_pump_open_recording(path, NULL, NULL, 0, &p, error, sizeof error), GK_OK);
    gk_engine *e = make_engine(0);
    size_t fed, total = 0;
    do {
        assert_int_equal(gk_pump_run(p, e, batch, 0, &fed), GK_OK);
        assert_true(fed <= batch + 2);   /* one kernel event may end a frame and a hover */
        total += fed;
        drain(e, out);
    } while (fed > 0);
    assert_int_equal(gk_pump_get_stats(p, stats, sizeof *stats), GK_OK);
    assert_int_equal(total, stats->frames + stats->hovers + stats->cancels);
    assert_int_equal(stats->remaining, 0);
    assert_int_equal(stats->refused, 0);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
    gk_pump_close(p);
}

static void a_pumped_recording_gives_what_its_decoded_frames_give(void **state) {
    (void)state;
    const char *files[] = {two_finger_drag(), fast_taps()};
    for (size_t f = 0; f < 2; f++) {
        static struct transcript want, got;
        memset(&want, 0, sizeof want);
        fed_by_hand(files[f], &want);
        assert_true(want.actions > 0 && want.deliveries > 0);
        const size_t batches[] = {1, 7, 100000};
        for (size_t b = 0; b < 3; b++) {
            memset(&got, 0, sizeof got);
            gk_pump_stats s;
            pumped(files[f], batches[b], &got, &s);
            assert_string_equal(got.text, want.text);
            assert_true(s.frames > 0 && s.touches >= s.frames && s.reports >= s.frames);
        }
    }
}

static void a_pen_recording_hovers_through_the_pump(void **state) {
    (void)state;
    const char *pen = path_in("GESTUREKIT_DATA_SAMPLES", "evemu-devices/tablets/Wacom Cintiq 13HD touch Pen.events");
    if (access(pen, R_OK) != 0) {
        /* The shared samples are beside the project in CI; without them this case is not run. */
        print_message("not run: %s is not there\n", pen);
        skip();
    }
    static struct transcript want, got;
    memset(&want, 0, sizeof want);
    memset(&got, 0, sizeof got);
    fed_by_hand(pen, &want);
    gk_pump_stats s;
    pumped(pen, 3, &got, &s);
    assert_string_equal(got.text, want.text);
    assert_true(s.hovers > 0);
}

static void the_clock_and_the_figures_follow_the_recording(void **state) {
    (void)state;
    gk_pump *p;
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, NULL, 0, &p, NULL, 0), GK_OK);
    gk_pump_stats s;
    assert_int_equal(gk_pump_get_stats(p, &s, sizeof s), GK_OK);
    assert_true(s.remaining > 0 && s.frames == 0 && s.time == 0);
    uint64_t total = s.remaining;
    double now = -1;
    assert_int_equal(gk_pump_now(p, &now), GK_OK);
    assert_true(now == 0);
    int fd = 0;
    assert_int_equal(gk_pump_get_fd(p, &fd), GK_OK);
    assert_int_equal(fd, -1);   /* a recording has nothing to wait on */
    gk_engine *e = make_engine(0);
    size_t fed;
    assert_int_equal(gk_pump_run(p, e, 2, 0, &fed), GK_OK);
    assert_int_equal(fed, 2);
    assert_int_equal(gk_pump_get_stats(p, &s, sizeof s), GK_OK);
    assert_int_equal(s.frames, 2);
    assert_true(s.remaining > 0 && s.remaining < total);
    assert_int_equal(gk_pump_now(p, &now), GK_OK);
    double engine_now;
    assert_int_equal(gk_engine_now(e, &engine_now), GK_OK);
    assert_true(now >= engine_now && now < engine_now + 0.1);
    while (gk_pump_run(p, e, 1000, 0, &fed) == GK_OK && fed > 0) {
    }
    assert_int_equal(gk_pump_get_stats(p, &s, sizeof s), GK_OK);
    assert_int_equal(s.remaining, 0);
    assert_true(s.time > 1 && s.time < 10);   /* nine taps in a few seconds */
    assert_int_equal(gk_pump_run(p, e, 1000, 0, &fed), GK_OK);
    assert_int_equal(fed, 0);   /* done, and stays done */
    /* A newer stats struct than this library's is filled as far as it knows. */
    unsigned char bigger[sizeof s + 64];
    memset(bigger, 0xAB, sizeof bigger);
    assert_int_equal(gk_pump_get_stats(p, (gk_pump_stats *)(void *)bigger, sizeof bigger), GK_OK);
    assert_int_equal(bigger[sizeof bigger - 1], 0xAB);
    assert_int_equal(gk_pump_get_stats(p, &s, sizeof s - 1), GK_ERR_STRUCT_SIZE);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
    gk_pump_close(p);
}

static void frames_the_engine_refuses_are_counted_and_the_rest_fed(void **state) {
    (void)state;
    gk_pump *p;
    assert_int_equal(gk_pump_open_recording(two_finger_drag(), NULL, NULL, 0, &p, NULL, 0), GK_OK);
    gk_engine *e = make_engine(1);   /* one touch at most: the second finger is refused */
    size_t fed;
    gk_pump_stats s;
    gk_status first = GK_OK;
    do {   /* a frame at a time, to see the first refusal */
        assert_int_equal(gk_pump_run(p, e, 1, 0, &fed), GK_OK);
        assert_int_equal(gk_pump_get_stats(p, &s, sizeof s), GK_OK);
        if (s.refused == 1 && first == GK_OK) first = s.last_refusal;
    } while (fed > 0);
    assert_true(s.refused > 0 && s.refused < s.frames);
    /* The second finger's landing is over capacity; the frames that then move it are refused
     * as moving a touch the engine does not know. */
    assert_int_equal(first, GK_ERR_CAPACITY);
    assert_int_equal(s.last_refusal, GK_ERR_UNKNOWN_TOUCH);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
    gk_pump_close(p);
}

/* An action target that tries to run the pump from inside the engine's callback. */
struct reentry {
    gk_pump *pump;
    gk_status answer;
    int calls;
};
static void run_from_target(gk_engine *e, const gk_action *a, void *ud) {
    (void)a;
    struct reentry *r = ud;
    size_t fed = 99;
    r->answer = gk_pump_run(r->pump, e, 10, 0, &fed);
    assert_int_equal(fed, 99);   /* untouched */
    r->calls++;
}

/* An engine whose tap on the root calls `target` with `ud` from its action target. */
static gk_engine *tap_engine_with(gk_action_fn target, void *ud) {
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_view root;
    assert_int_equal(gk_engine_root_view(e, &root), GK_OK);
    gk_recognizer tap;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_recognizer_attach(e, tap, root), GK_OK);
    assert_int_equal(gk_recognizer_add_target(e, tap, target, ud), GK_OK);
    return e;
}

/* An engine whose tap on the root runs the pump `r->pump` from its action target. */
static gk_engine *tap_engine(struct reentry *r) { return tap_engine_with(run_from_target, r); }

/* fast-taps pumped whole into `e`; the target's answers land in `r`. */
static void pump_taps_into(gk_engine *e, struct reentry *r) {
    gk_pump *p;
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, NULL, 0, &p, NULL, 0), GK_OK);
    if (!r->pump) r->pump = p;   /* the target runs the very pump that is running */
    size_t fed;
    do {
        assert_int_equal(gk_pump_run(p, e, 100, 0, &fed), GK_OK);
    } while (fed > 0);
    assert_true(r->calls > 0);
    assert_int_equal(r->answer, GK_ERR_BUSY);
    gk_pump_close(p);
}

static void a_pump_run_from_a_callback_is_busy(void **state) {
    (void)state;
    struct reentry r = {NULL, GK_OK, 0};
    gk_engine *e = tap_engine(&r);
    pump_taps_into(e, &r);
    gk_engine_destroy(e);
    /* From a callback of another pump's run the engine itself says no. */
    gk_pump *q;
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, NULL, 0, &q, NULL, 0), GK_OK);
    r = (struct reentry){q, GK_OK, 0};
    e = tap_engine(&r);
    pump_taps_into(e, &r);
    gk_pump_stats s;
    assert_int_equal(gk_pump_get_stats(q, &s, sizeof s), GK_OK);
    assert_int_equal(s.frames, 0);   /* nothing of q's was read and lost */
    gk_engine_destroy(e);
    gk_pump_close(q);
}

/* An action target that closes the running pump (the test runs under ASan in build-san, and
 * valgrind's memcheck in the sanitizer-free build would see a use after free too). */
struct closer {
    gk_pump *pump;
    int calls;
};
static void close_from_target(gk_engine *e, const gk_action *a, void *ud) {
    (void)e;
    (void)a;
    struct closer *c = ud;
    if (c->calls++ == 0) gk_pump_close(c->pump);
}

static void a_pump_closed_from_an_action_target_stops_feeding_and_is_freed_when_its_run_returns(void **state) {
    (void)state;
    struct closer c = {NULL, 0};
    gk_engine *e = tap_engine_with(close_from_target, &c);
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, NULL, 0, &c.pump, NULL, 0), GK_OK);
    size_t fed = 0;
    assert_int_equal(gk_pump_run(c.pump, e, 100000, 0, &fed), GK_OK);   /* the pump is gone now */
    assert_int_equal(c.calls, 1);   /* nothing was fed after the close: no second tap */
    assert_true(fed > 0);
    /* The engine is untouched by it and goes on working. */
    double now = 0;
    assert_int_equal(gk_engine_now(e, &now), GK_OK);
    assert_int_equal(gk_engine_advance(e, now + 1), GK_OK);
    gk_engine_destroy(e);
}

static void bad_arguments_are_refused_and_change_nothing(void **state) {
    (void)state;
    gk_pump *p = (gk_pump *)(void *)&p, *keep = p;
    char error[200];
    assert_int_equal(gk_pump_open_recording(NULL, NULL, NULL, 0, &p, error, sizeof error), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, NULL, 0, NULL, error, sizeof error), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_open_device(NULL, NULL, 0, &p, error, sizeof error), GK_ERR_NULL_POINTER);
    gk_pump_options o;
    gk_pump_options_init(&o);
    assert_int_equal(o.size, sizeof o);
    assert_true(o.screen_width == 800 && o.screen_height == 480 && o.rotation == 0 && o.flags == 0);
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, &o, 8, &p, error, sizeof error), GK_ERR_STRUCT_SIZE);
    const struct {
        double w, h;
        int32_t rotation;
        uint32_t flags;
    } bad[] = {{0, 480, 0, 0}, {800, -1, 0, 0}, {NAN, 480, 0, 0}, {INFINITY, 480, 0, 0}, {800, 2e6, 0, 0},
               {800, 480, 45, 0}, {800, 480, -90, 0}, {800, 480, 0, 1u << 9}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gk_pump_options_init(&o);
        o.screen_width = bad[i].w;
        o.screen_height = bad[i].h;
        o.rotation = bad[i].rotation;
        o.flags = bad[i].flags;
        error[0] = 0;
        assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, &o, sizeof o, &p, error, sizeof error),
                         GK_ERR_INVALID_ARGUMENT);
        assert_non_null(strstr(error, "gk_pump_options"));
    }
    assert_ptr_equal(p, keep);   /* never written on failure */
    gk_pump_options_init(NULL);   /* harmless */
    gk_pump_close(NULL);          /* allowed */
    gk_pump_stats s;
    double t;
    int fd;
    size_t fed;
    assert_int_equal(gk_pump_get_stats(NULL, &s, sizeof s), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_now(NULL, &t), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_get_fd(NULL, &fd), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_run(NULL, NULL, 1, 0, &fed), GK_ERR_NULL_POINTER);
    gk_pump *q;
    assert_int_equal(gk_pump_open_recording(fast_taps(), NULL, NULL, 0, &q, NULL, 0), GK_OK);
    assert_int_equal(gk_pump_run(q, NULL, 1, 0, &fed), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_get_stats(q, NULL, sizeof s), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_now(q, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_pump_get_fd(q, NULL), GK_ERR_NULL_POINTER);
    gk_engine *e = make_engine(0);
    assert_int_equal(gk_pump_run(q, e, 1, 0, NULL), GK_ERR_NULL_POINTER);
    /* A batch of 0 frames reads nothing. */
    assert_int_equal(gk_pump_run(q, e, 0, 0, &fed), GK_OK);
    assert_int_equal(fed, 0);
    assert_int_equal(gk_pump_get_stats(q, &s, sizeof s), GK_OK);
    assert_int_equal(s.reports, 0);
    assert_int_equal(gk_engine_destroy(e), GK_OK);
    gk_pump_close(q);
}

static void files_that_are_not_recordings_are_refused_with_a_reason(void **state) {
    (void)state;
    char dir[] = "/tmp/gk-pump-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[300];
    snprintf(path, sizeof path, "%s/garbage.events", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("this is not an evemu recording\nE: nonsense\n", f);
    fclose(f);
    gk_pump *p = NULL;
    char error[400] = "";
    assert_int_equal(gk_pump_open_recording(path, NULL, NULL, 0, &p, error, sizeof error), GK_ERR_INVALID_ARGUMENT);
    assert_null(p);
    assert_true(strlen(error) > 0);
    snprintf(path, sizeof path, "%s/missing.events", dir);
    error[0] = 0;
    assert_int_equal(gk_pump_open_recording(path, NULL, NULL, 0, &p, error, sizeof error), GK_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(error, "missing.events"));
    /* A one-byte error buffer gets an empty string, not an overrun. */
    char tiny[1] = {'x'};
    assert_int_equal(gk_pump_open_recording(path, NULL, NULL, 0, &p, tiny, sizeof tiny), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(tiny[0], 0);
    remove(path);
    snprintf(path, sizeof path, "%s/garbage.events", dir);
    remove(path);
    rmdir(dir);
}

static void a_path_that_is_not_an_evdev_device_is_refused(void **state) {
    (void)state;
    gk_pump *p = NULL;
    char error[400] = "";
    gk_status st = gk_pump_open_device("/dev/null", NULL, 0, &p, error, sizeof error);
    if (st == GK_ERR_UNSUPPORTED) {
        assert_non_null(strstr(error, "libevdev"));
        return;
    }
    assert_int_equal(st, GK_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(error, "not an evdev device"));
    error[0] = 0;
    assert_int_equal(gk_pump_open_device("/nonexistent/event0", NULL, 0, &p, error, sizeof error),
                     GK_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(error, "/nonexistent/event0"));
    assert_null(p);
}

#ifdef GESTUREKIT_HAVE_LIBEVDEV
#include <fcntl.h>
#include <libevdev/libevdev-uinput.h>
#include <time.h>

static void emit(struct libevdev_uinput *ui, unsigned type, unsigned code, int value) {
    assert_int_equal(libevdev_uinput_write_event(ui, type, code, value), 0);
}

/* `test_pump --uinput`: a touchscreen made with uinput is opened by path, tapped, and pumped into an
 * engine whose tap recognizer sees it. Needs a writable /dev/uinput; elsewhere it says "not run:"
 * and exits 77, which CTest counts as skipped. */
static void a_live_touchscreen_is_pumped_into_an_engine(void **state) {
    (void)state;
    struct libevdev *dev = libevdev_new();
    libevdev_set_name(dev, "gesturekit pump test touchscreen");
    libevdev_enable_property(dev, INPUT_PROP_DIRECT);
    libevdev_enable_event_code(dev, EV_KEY, BTN_TOUCH, NULL);
    struct input_absinfo x = {.maximum = 800}, y = {.maximum = 480}, slot = {.maximum = 9},
                         id = {.maximum = 65535};
    libevdev_enable_event_code(dev, EV_ABS, ABS_X, &x);
    libevdev_enable_event_code(dev, EV_ABS, ABS_Y, &y);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_SLOT, &slot);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_POSITION_X, &x);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_POSITION_Y, &y);
    libevdev_enable_event_code(dev, EV_ABS, ABS_MT_TRACKING_ID, &id);
    struct libevdev_uinput *ui;
    assert_int_equal(libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &ui), 0);
    const char *node = libevdev_uinput_get_devnode(ui);
    assert_non_null(node);
    gk_pump *p = NULL;
    char error[300];
    gk_status st = GK_ERR_INVALID_ARGUMENT;
    for (int tries = 0; tries < 50 && st != GK_OK; tries++) {   /* udev may still be setting the node up */
        st = gk_pump_open_device(node, NULL, 0, &p, error, sizeof error);
        if (st != GK_OK) nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
    assert_int_equal(st, GK_OK);
    int fd = -1;
    assert_int_equal(gk_pump_get_fd(p, &fd), GK_OK);
    assert_true(fd >= 0);
    gk_engine *e = make_engine(0);
    emit(ui, EV_ABS, ABS_MT_SLOT, 0);
    emit(ui, EV_ABS, ABS_MT_TRACKING_ID, 7);
    emit(ui, EV_ABS, ABS_MT_POSITION_X, 400);
    emit(ui, EV_ABS, ABS_MT_POSITION_Y, 240);
    emit(ui, EV_KEY, BTN_TOUCH, 1);
    emit(ui, EV_SYN, SYN_REPORT, 0);
    emit(ui, EV_ABS, ABS_MT_TRACKING_ID, -1);
    emit(ui, EV_KEY, BTN_TOUCH, 0);
    emit(ui, EV_SYN, SYN_REPORT, 0);
    size_t fed, total = 0;
    for (int tries = 0; tries < 20 && total < 2; tries++) {
        assert_int_equal(gk_pump_run(p, e, 1, 100, &fed), GK_OK);
        total += fed;
    }
    assert_int_equal(total, 2);
    static struct transcript t;
    memset(&t, 0, sizeof t);
    drain(e, &t);
    assert_non_null(strstr(t.text, " k0 s3 (400,240) n1"));   /* the tap ended where it landed */
    double now;
    assert_int_equal(gk_pump_now(p, &now), GK_OK);
    assert_true(now > 0 && now < 60);
    gk_engine_destroy(e);
    gk_pump_close(p);
    libevdev_uinput_destroy(ui);
    libevdev_free(dev);
}

static int run_uinput(void) {
    int fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        printf("not run: /dev/uinput cannot be opened for writing here\n");
        return 77;
    }
    close(fd);
    const struct CMUnitTest tests[] = {cmocka_unit_test(a_live_touchscreen_is_pumped_into_an_engine)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--uinput") == 0) {
#ifdef GESTUREKIT_HAVE_LIBEVDEV
        return run_uinput();
#else
        printf("not run: built without libevdev\n");
        return 77;
#endif
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_pumped_recording_gives_what_its_decoded_frames_give),
        cmocka_unit_test(a_pen_recording_hovers_through_the_pump),
        cmocka_unit_test(the_clock_and_the_figures_follow_the_recording),
        cmocka_unit_test(frames_the_engine_refuses_are_counted_and_the_rest_fed),
        cmocka_unit_test(a_pump_run_from_a_callback_is_busy),
        cmocka_unit_test(a_pump_closed_from_an_action_target_stops_feeding_and_is_freed_when_its_run_returns),
        cmocka_unit_test(bad_arguments_are_refused_and_change_nothing),
        cmocka_unit_test(files_that_are_not_recordings_are_refused_with_a_reason),
        cmocka_unit_test(a_path_that_is_not_an_evdev_device_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
