/*
 * gesturekit-demo: plays the part of kiosk firmware.
 *
 * It builds a small ticket-machine screen (a "Buy" button with a tap recognizer, a map with a
 * single tap that waits for a double tap, and a pan), replays a bundled touch trace through the
 * library in real time (or at once with --fast), and prints every action and every touch
 * callback the host's views receive, the way firmware would dispatch them.
 *
 * Build: cc demo.c $(pkg-config --cflags --libs gesturekit) -o gesturekit-demo
 */
#define _POSIX_C_SOURCE 200809L
#include <gesturekit.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One recorded frame: time, touch id, phase, window position. */
struct trace_event {
    double t;
    int64_t id;
    gk_touch_phase phase;
    double x, y;
};

/* The bundled trace: a button tap, a double tap on the map, a pan across the map, then a single
 * tap on the map that fires once the double-tap window has passed. Coordinates are points on an
 * 800 x 480 panel. */
static const struct trace_event trace[] = {
    {0.000, 1, GK_TOUCH_BEGAN, 700, 400},   {0.070, 1, GK_TOUCH_MOVED, 701, 401},
    {0.110, 1, GK_TOUCH_ENDED, 701, 401},
    {1.000, 2, GK_TOUCH_BEGAN, 300, 200},   {1.080, 2, GK_TOUCH_ENDED, 300, 200},
    {1.250, 3, GK_TOUCH_BEGAN, 302, 201},   {1.330, 3, GK_TOUCH_ENDED, 302, 201},
    {2.000, 4, GK_TOUCH_BEGAN, 200, 240},   {2.016, 4, GK_TOUCH_MOVED, 206, 240},
    {2.033, 4, GK_TOUCH_MOVED, 216, 241},   {2.050, 4, GK_TOUCH_MOVED, 230, 242},
    {2.066, 4, GK_TOUCH_MOVED, 248, 243},   {2.083, 4, GK_TOUCH_MOVED, 268, 244},
    {2.100, 4, GK_TOUCH_ENDED, 268, 244},
    {3.000, 5, GK_TOUCH_BEGAN, 400, 150},   {3.090, 5, GK_TOUCH_ENDED, 400, 150},
};

struct widgets {
    gk_view button, map;
    gk_recognizer buy_tap, map_single, map_double, map_pan;
};
static struct widgets ui;

static const char *recognizer_name(gk_recognizer r) {
    if (r == ui.buy_tap) return "buy-button tap";
    if (r == ui.map_single) return "map single tap";
    if (r == ui.map_double) return "map double tap";
    if (r == ui.map_pan) return "map pan";
    return "recognizer";
}

static const char *view_name(gk_view v) {
    if (v == ui.button) return "button";
    if (v == ui.map) return "map";
    return "view";
}

/* A target: where firmware reacts to a gesture (open the ticket menu, scroll the map...). The
 * demo only counts here and prints from the queues below, in the engine's order. */
static unsigned gestures_seen;
static void on_action(gk_engine *engine, const gk_action *a, void *user_data) {
    (void)engine;
    (void)a;
    (void)user_data;
    gestures_seen++;
}

static void print_action(gk_engine *engine, const gk_action *a) {
    gk_point local;
    if (gk_view_convert_point(engine, a->location, GK_VIEW_NONE, a->view, &local) != GK_OK) local = a->location;
    printf("%8.3f  action    %-15s %-9s at (%.1f, %.1f)", a->timestamp, recognizer_name(a->recognizer),
           gk_state_string(a->state), local.x, local.y);
    if (a->kind == GK_KIND_PAN)
        printf("  translation (%.1f, %.1f)  velocity (%.0f, %.0f) pt/s", a->translation.x, a->translation.y,
               a->velocity.x, a->velocity.y);
    printf("\n");
}

/* Firmware's dispatch: actions, and what the host views receive (as UIView.touches... would),
 * merged by their shared sequence number. */
static void drain_deliveries(gk_engine *engine) {
    gk_delivery d;
    gk_action a;
    int have_d = gk_engine_poll_delivery(engine, &d, sizeof d) == GK_OK;
    int have_a = gk_engine_poll_action(engine, &a, sizeof a) == GK_OK;
    while (have_d || have_a) {
        if (have_a && (!have_d || a.sequence < d.sequence)) {
            print_action(engine, &a);
            have_a = gk_engine_poll_action(engine, &a, sizeof a) == GK_OK;
        } else {
            printf("%8.3f  delivery  %-15s touch #%lld %-9s at (%.1f, %.1f)\n", d.timestamp, view_name(d.view),
                   (long long)d.touch_id, gk_touch_phase_string(d.phase), d.location.x, d.location.y);
            have_d = gk_engine_poll_delivery(engine, &d, sizeof d) == GK_OK;
        }
    }
}

static void check(gk_status s, const char *what) {
    if (s != GK_OK) {
        fprintf(stderr, "gesturekit-demo: %s: %s\n", what, gk_status_string(s));
        exit(1);
    }
}

static void sleep_until(double start, double t) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = (double)now.tv_sec + now.tv_nsec / 1e9 - start;
    if (t > elapsed) {
        double wait = t - elapsed;
        struct timespec ts = {(time_t)wait, (long)((wait - floor(wait)) * 1e9)};
        nanosleep(&ts, NULL);
    }
}

int main(int argc, char **argv) {
    int fast = argc > 1 && strcmp(argv[1], "--fast") == 0;
    printf("GestureKit %s demo: a ticket-machine screen replaying a recorded trace\n", gk_version_string());

    gk_engine_options options;
    check(gk_engine_options_init(&options), "options");
    options.screen_width = 800;
    options.screen_height = 480;
    gk_engine *engine = NULL;
    check(gk_engine_create(&options, &engine), "create engine");

    gk_view root;
    check(gk_engine_root_view(engine, &root), "root view");
    gk_rect map_frame = {0, 0, 600, 480}, button_frame = {620, 360, 160, 80};
    check(gk_view_create(engine, root, &map_frame, &ui.map), "map view");
    check(gk_view_create(engine, root, &button_frame, &ui.button), "button view");

    check(gk_recognizer_create(engine, GK_KIND_TAP, &ui.buy_tap), "tap");
    check(gk_recognizer_attach(engine, ui.buy_tap, ui.button), "attach tap");

    check(gk_recognizer_create(engine, GK_KIND_TAP, &ui.map_single), "single tap");
    check(gk_recognizer_create(engine, GK_KIND_TAP, &ui.map_double), "double tap");
    check(gk_recognizer_set_int(engine, ui.map_double, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), "taps");
    check(gk_recognizer_require_failure_of(engine, ui.map_single, ui.map_double), "require");
    check(gk_recognizer_create(engine, GK_KIND_PAN, &ui.map_pan), "pan");
    /* The pan's velocity at every change, not only when it begins and ends (printed below). */
    check(gk_recognizer_set_bool(engine, ui.map_pan, GK_PROP_PAN_VELOCITY_ON_CHANGE, true), "velocity on change");
    gk_recognizer all[] = {ui.buy_tap, ui.map_single, ui.map_double, ui.map_pan};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (all[i] != ui.buy_tap) check(gk_recognizer_attach(engine, all[i], ui.map), "attach");
        check(gk_recognizer_add_target(engine, all[i], on_action, NULL), "target");
    }

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double start = (double)t0.tv_sec + t0.tv_nsec / 1e9;

    size_t n = sizeof trace / sizeof trace[0];
    for (size_t i = 0; i < n; i++) {
        const struct trace_event *e = &trace[i];
        /* Like a poll() loop: fire timers that fall due before the next input arrives. */
        double deadline;
        check(gk_engine_next_deadline(engine, &deadline), "deadline");
        while (deadline < e->t) {
            if (!fast) sleep_until(start, deadline);
            check(gk_engine_advance(engine, deadline), "advance");
            drain_deliveries(engine);
            check(gk_engine_next_deadline(engine, &deadline), "deadline");
        }
        if (!fast) sleep_until(start, e->t);
        gk_touch touch = {.id = e->id, .phase = (uint32_t)e->phase, .type = GK_TOUCH_TYPE_DIRECT, .x = e->x, .y = e->y};
        check(gk_engine_feed(engine, e->t, &touch, 1), "feed");
        drain_deliveries(engine);
    }
    /* Let the last timers run out. */
    check(gk_engine_advance(engine, trace[n - 1].t + 1.0), "advance");
    drain_deliveries(engine);

    check(gk_engine_destroy(engine), "destroy");
    printf("done: %u actions\n", gestures_seen);
    return 0;
}
