/* The benchmarks' shared pieces (bench_scene.h): the clock, status checks, the cell scene and the
 * draining loop. */
#define _POSIX_C_SOURCE 200809L
#include "bench_scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int nest_rows;
int drain_in_place;
uint32_t scene_engine_flags;   /* the digest turns the transition log on; the timed runs leave it off, the default */   /* scaling: put each row of cells in a row view of its own */

double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void check(gk_status st, const char *what) {
    if (st != GK_OK) {
        fprintf(stderr, "bench: %s: %s\n", what, gk_status_string(st));
        exit(1);
    }
}

gk_engine *make_scene(int cols, int rows, int per_view, const gk_recognizer_kind *kinds, int nkinds, double w,
                      double h) {
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = w;
    o.screen_height = h;
    o.max_touches = 64;
    o.flags = scene_engine_flags;
    gk_engine *e;
    check(gk_engine_create(&o, &e), "create");
    gk_view root;
    check(gk_engine_root_view(e, &root), "root");
    double pw = w / cols, ph = h / rows;
    gk_view row = root;
    for (int i = 0; i < cols * rows; i++) {
        gk_rect fr = {(i % cols) * pw + 4, (i / cols) * ph + 4, pw - 8, ph - 8};
        if (nest_rows && i % cols == 0) {
            gk_rect rf = {0, (i / cols) * ph, w, ph};
            check(gk_view_create(e, root, &rf, &row), "row");
        }
        if (nest_rows) fr.y -= (i / cols) * ph;
        gk_view v;
        check(gk_view_create(e, row, &fr, &v), "view");
        check(gk_view_set_flag(e, v, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true), "flag");
        for (int k = 0; k < per_view; k++) {
            gk_recognizer r;
            check(gk_recognizer_create(e, kinds[k % nkinds], &r), "recognizer");
            check(gk_recognizer_attach(e, r, v), "attach");
        }
    }
    return e;
}

static void count_action(const gk_action *a, struct counts *c) {
    c->actions++;
    if (a->kind < 9) {
        if (a->state == GK_STATE_BEGAN) c->began[a->kind]++;
        if (a->state == GK_STATE_ENDED) c->ended[a->kind]++;
    }
}

const void *taken_entry(const void *first, size_t stride, size_t i) { return (const char *)first + i * stride; }

void drain(gk_engine *e, struct counts *c) {
    if (!drain_in_place) {
        gk_action a;
        gk_delivery d;
        while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK) count_action(&a, c);
        while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK) c->deliveries++;
        return;
    }
    const gk_action *actions;
    const gk_delivery *deliveries;
    size_t n, stride;
    if (gk_engine_take_actions(e, sizeof *actions, &actions, &n, &stride) == GK_OK)
        for (size_t i = 0; i < n; i++) count_action(taken_entry(actions, stride, i), c);
    if (gk_engine_take_deliveries(e, sizeof *deliveries, &deliveries, &n, &stride) == GK_OK) c->deliveries += n;
}
