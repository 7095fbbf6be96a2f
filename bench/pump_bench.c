/* What a C host pays per touch event when libgesturekit-pump reads a recording and feeds the
 * engine: bench/python_bench.py --pump runs the same recording with every action handled in Python.
 * The scene is the benchmark's (16 cells, five recognizers each); the host takes the queues whole
 * after each batch of frames.
 *
 * Usage: pump_bench RECORDING [--batch FRAMES] [--runs R]
 * Prints the median over the runs, and the actions and deliveries drained (the same in every run). */
#define _POSIX_C_SOURCE 200809L
#include "bench_scene.h"

#include <gesturekit-pump.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const gk_recognizer_kind kinds[5] = {GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_PAN, GK_KIND_PINCH, GK_KIND_SWIPE};

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One run: seconds, and the touch events, actions and deliveries of it. */
static double run(const char *path, size_t batch, gk_pump_stats *stats, struct counts *c) {
    drain_in_place = 1;
    gk_engine *e = make_scene(4, 4, 5, kinds, 5, 800, 480);
    gk_pump *p;
    char error[300];
    gk_pump_options o;
    gk_pump_options_init(&o);
    gk_status st = gk_pump_open_recording(path, NULL, &o, sizeof o, &p, error, sizeof error);
    if (st != GK_OK) {
        fprintf(stderr, "pump_bench: %s: %s\n", gk_status_string(st), error);
        exit(1);
    }
    memset(c, 0, sizeof *c);
    double t0 = now_s();
    size_t fed;
    do {
        check(gk_pump_run(p, e, batch, 0, &fed), "pump");
        drain(e, c);
    } while (fed > 0);
    /* Timers still pending at the end fire a second later, as in bench. */
    double now;
    check(gk_pump_now(p, &now), "now");
    check(gk_engine_advance(e, now + 1), "advance");
    drain(e, c);
    double elapsed = now_s() - t0;
    check(gk_pump_get_stats(p, stats, sizeof *stats), "stats");
    gk_engine_stats es;
    check(gk_engine_get_stats(e, &es, sizeof es), "engine stats");
    if (es.dropped_actions || es.dropped_deliveries || stats->refused) {
        fprintf(stderr, "pump_bench: %llu actions and %llu deliveries dropped, %llu inputs refused: use a smaller --batch\n",
                (unsigned long long)es.dropped_actions, (unsigned long long)es.dropped_deliveries,
                (unsigned long long)stats->refused);
        exit(1);
    }
    gk_pump_close(p);
    check(gk_engine_destroy(e), "destroy");
    return elapsed;
}

int main(int argc, char **argv) {
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: pump_bench RECORDING [--batch FRAMES] [--runs R]\n");
        return 2;
    }
    size_t batch = 256;
    int runs = 5;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--batch") == 0) batch = strtoul(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--runs") == 0) runs = atoi(argv[i + 1]);
        else {
            fprintf(stderr, "pump_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (batch == 0 || runs < 1 || runs > 100) {
        fprintf(stderr, "pump_bench: --batch must be at least 1 and --runs 1 to 100\n");
        return 2;
    }
    double times[100];
    gk_pump_stats s;
    struct counts c;
    for (int r = 0; r < runs; r++) times[r] = run(argv[1], batch, &s, &c);
    qsort(times, (size_t)runs, sizeof times[0], by_value);
    printf("C host through libgesturekit-pump: %.0f ns per touch event (%llu events, %llu frames, %llu actions, "
           "%llu deliveries, batches of %zu frames, median of %d)\n",
           times[runs / 2] * 1e9 / (double)s.touches, (unsigned long long)s.touches, (unsigned long long)s.frames,
           c.actions, c.deliveries, batch, runs);
    return 0;
}
