/* Soak test: many random but valid touch events through one engine, as a kiosk sees over months.
 * Checks that heap use stays flat after a warm-up (glibc's mallinfo2: bytes in use), that no
 * recognizer is left stuck (all back to possible, no touches down and no timer pending once every
 * finger has lifted and time has moved on), and that no queue overflowed while drained.
 *
 * Usage: soak [EVENTS] [SEED]      (default 10,000,000 events)
 * Exit status 0 on success; prints the figures used in docs/RELIABILITY.md. */
#define _GNU_SOURCE
#include <gesturekit.h>
#include "cli_numbers.h"
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CELLS 16
#define PER_CELL 6
#define MAX_DOWN 4

static uint64_t rng;
static uint32_t next_u32(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}
static double unit(void) { return next_u32() / 4294967296.0; }

static void check(gk_status st, const char *what) {
    if (st != GK_OK) {
        fprintf(stderr, "soak: %s: %s\n", what, gk_status_string(st));
        exit(1);
    }
}

static size_t heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

static uint64_t actions_seen;

static void drain(gk_engine *e) {
    gk_action a;
    gk_delivery d;
    while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK) actions_seen++;
    while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK) {}
}

int main(int argc, char **argv) {
    unsigned long long count = 10000000ULL, seed = 0x9E3779B97F4A7C15ULL;
    /* Counts with no sign: "-1" is refused, not read as 2^64 - 1. */
    bool args_ok = (argc <= 1 || gk_cli_unsigned(argv[1], 1ULL << 40, &count)) &&
              (argc <= 2 || gk_cli_unsigned(argv[2], ~0ULL, &seed)) && argc <= 3;
    rng = seed;
    long long events = (long long)count;
    if (!args_ok || events <= 0 || rng == 0) {
        fprintf(stderr, "usage: soak [EVENTS>0] [SEED>0]\n");
        return 2;
    }
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = 800;
    o.screen_height = 800;
    gk_engine *e;
    check(gk_engine_create(&o, &e), "create");
    gk_view root;
    check(gk_engine_root_view(e, &root), "root");
    gk_recognizer recs[CELLS * PER_CELL];
    int nrec = 0;
    const gk_recognizer_kind kinds[PER_CELL] = {GK_KIND_TAP, GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_PAN,
                                                GK_KIND_PINCH, GK_KIND_SWIPE};
    for (int c = 0; c < CELLS; c++) {
        gk_rect f = {(c % 4) * 200.0, (c / 4) * 200.0, 200, 200};
        gk_view v;
        check(gk_view_create(e, root, &f, &v), "view");
        check(gk_view_set_flag(e, v, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true), "flag");
        for (int k = 0; k < PER_CELL; k++) {
            gk_recognizer r;
            check(gk_recognizer_create(e, kinds[k], &r), "recognizer");
            check(gk_recognizer_attach(e, r, v), "attach");
            recs[nrec++] = r;
        }
        /* The single tap waits for the double tap, as in most kiosk UIs. */
        check(gk_recognizer_set_int(e, recs[nrec - PER_CELL + 1], GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), "taps");
        check(gk_recognizer_require_failure_of(e, recs[nrec - PER_CELL], recs[nrec - PER_CELL + 1]), "require");
    }

    struct { int down; int64_t id; double x, y; } fingers[MAX_DOWN] = {{0}};
    int64_t next_id = 1;
    double t = 0;
    long long warmup = events / 10;
    size_t baseline = 0, peak = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long long n = 0; n < events; n++) {
        t += 0.004 + unit() * 0.02;
        if (next_u32() % 2000 == 0) t += 1.0;   /* idle: timers fire on the next frame */
        gk_touch touch;
        int f = (int)(next_u32() % MAX_DOWN);
        if (!fingers[f].down) {
            fingers[f].down = 1;
            fingers[f].id = next_id++;
            fingers[f].x = unit() * 800;
            fingers[f].y = unit() * 800;
            touch = (gk_touch){.id = fingers[f].id, .phase = GK_TOUCH_BEGAN, .x = fingers[f].x, .y = fingers[f].y};
        } else if (next_u32() % 8 == 0) {
            fingers[f].down = 0;
            touch = (gk_touch){.id = fingers[f].id, .phase = next_u32() % 50 ? GK_TOUCH_ENDED : GK_TOUCH_CANCELLED,
                               .x = fingers[f].x, .y = fingers[f].y};
        } else {
            fingers[f].x = fmin(fmax(fingers[f].x + (unit() - 0.5) * 40, -50), 850);
            fingers[f].y = fmin(fmax(fingers[f].y + (unit() - 0.5) * 40, -50), 850);
            touch = (gk_touch){.id = fingers[f].id, .phase = GK_TOUCH_MOVED, .x = fingers[f].x, .y = fingers[f].y};
        }
        check(gk_engine_feed(e, t, &touch, 1), "feed");
        drain(e);
        if (n == warmup) baseline = peak = heap_in_use();
        if (n > warmup && (n & 1023) == 0) {
            size_t h = heap_in_use();
            if (h > peak) peak = h;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

    /* Lift every finger, let every timer run out: nothing may be left in flight. */
    for (int f = 0; f < MAX_DOWN; f++) {
        if (!fingers[f].down) continue;
        gk_touch up = {.id = fingers[f].id, .phase = GK_TOUCH_ENDED, .x = fingers[f].x, .y = fingers[f].y};
        t += 0.01;
        check(gk_engine_feed(e, t, &up, 1), "lift");
    }
    t += 10;
    check(gk_engine_advance(e, t), "advance");
    drain(e);
    int stuck = 0;
    for (int i = 0; i < nrec; i++) {
        gk_state st;
        check(gk_recognizer_get_state(e, recs[i], &st), "state");
        if (st != GK_STATE_POSSIBLE) stuck++;
    }
    gk_engine_stats s;
    check(gk_engine_get_stats(e, &s, sizeof s), "stats");
    double next;
    check(gk_engine_next_deadline(e, &next), "deadline");
    size_t growth = peak > baseline ? peak - baseline : 0;
    printf("soak: %lld events in %.2f s (%.0f ns/event including draining), %llu actions\n", events, seconds,
           seconds * 1e9 / (double)events, (unsigned long long)actions_seen);
    printf("soak: heap in use after warm-up %zu bytes, peak after %zu bytes, growth %zu bytes\n", baseline, peak,
           growth);
    printf("soak: stuck recognizers %d, touches down %llu, next deadline %g, dropped actions %llu deliveries %llu\n",
           stuck, (unsigned long long)s.touches_down, next, (unsigned long long)s.dropped_actions,
           (unsigned long long)s.dropped_deliveries);
    check(gk_engine_destroy(e), "destroy");
    /* Flat memory: no more than 64 KiB of growth after warm-up (allocator noise), whatever the length. */
    int ok = stuck == 0 && s.touches_down == 0 && isinf(next) && growth <= 65536 && s.dropped_actions == 0 &&
             s.dropped_deliveries == 0 && actions_seen > 0;
    puts(ok ? "soak: OK" : "soak: FAILED");
    return ok ? 0 : 1;
}
