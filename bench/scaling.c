/* bench --scaling: the cost per event against the size of the tree, the recognizers per view and
 * the fingers down (synthetic drags over a grid of cells), and crowds of recognizers on one view.
 * Reports times; never asserts one. */
#include "bench_scene.h"
#include <stdio.h>
#include <string.h>

/* Drags over a grid: 400 drags of 30 moves with `fingers` fingers on cells chosen in turn. */
static double scaling_case(int nviews, int per_view, int fingers) {
    int side = 1;
    while (side * side < nviews) side++;
    static const gk_recognizer_kind mix[5] = {GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_PAN, GK_KIND_PINCH,
                                              GK_KIND_SWIPE};
    double size = 4096;
    gk_engine *e = make_scene(side, side, per_view, mix, 5, size, size);
    struct counts c;
    memset(&c, 0, sizeof c);
    gk_touch f[16];
    double t = 0;
    long long events = 0;
    const int sequences = 400, moves = 30;
    double t0 = now_s();
    for (int s = 0; s < sequences; s++) {
        double cell = size / side;
        int target = (s * 7919) % (side * side);
        double bx = (target % side) * cell + cell / 2, by = (target / side) * cell + cell / 2;
        for (int k = 0; k <= moves + 1; k++) {
            for (int i = 0; i < fingers; i++) {
                f[i].id = i + 1;
                f[i].phase = k == 0 ? GK_TOUCH_BEGAN : (k == moves + 1 ? GK_TOUCH_ENDED : GK_TOUCH_MOVED);
                f[i].type = GK_TOUCH_TYPE_DIRECT;
                f[i].x = bx + (i % 4) * 2 + k * 0.5;
                f[i].y = by + (i / 4) * 2;
                f[i].force = f[i].major_radius = 0;
                f[i].buttons = f[i].modifiers = 0;
            }
            t += 0.01;
            check(gk_engine_feed(e, t, f, (size_t)fingers), "feed");
            drain(e, &c);
            events += fingers;
        }
        t += 0.5;
        check(gk_engine_advance(e, t), "advance");
        drain(e, &c);
    }
    double elapsed = now_s() - t0;
    check(gk_engine_destroy(e), "destroy");
    return elapsed * 1e9 / (double)events;
}

/* Many recognizers on one view, all seeing one gesture: a tap (down, up, then time past every
 * timer) or a drag of 30 moves. Returns milliseconds per gesture. */
double crowd_case(int n, int mixed, int drag) {
    static const gk_recognizer_kind taps[1] = {GK_KIND_TAP};
    static const gk_recognizer_kind mix[5] = {GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_PAN, GK_KIND_PINCH,
                                              GK_KIND_SWIPE};
    gk_engine *e = make_scene(1, 1, n, mixed ? mix : taps, mixed ? 5 : 1, 800, 480);
    struct counts c;
    memset(&c, 0, sizeof c);
    const int gestures = 3, moves = drag ? 30 : 0;
    double t = 0, t0 = now_s();
    for (int g = 0; g < gestures; g++) {
        for (int k = 0; k <= moves + 1; k++) {
            gk_touch f = {1, k == 0 ? GK_TOUCH_BEGAN : (k == moves + 1 ? GK_TOUCH_ENDED : GK_TOUCH_MOVED),
                          GK_TOUCH_TYPE_DIRECT, 400 + k * 3.0, 240, 0, 0, 0, 0};
            t += 0.01;
            check(gk_engine_feed(e, t, &f, 1), "feed");
            drain(e, &c);
        }
        t += 1.0;
        check(gk_engine_advance(e, t), "advance");
        drain(e, &c);
    }
    double elapsed = now_s() - t0;
    check(gk_engine_destroy(e), "destroy");
    return elapsed * 1e3 / gestures;
}

int scaling_main(void) {
    printf("scaling: ns per touch event (drags of 30 moves; one cell's recognizers see the touches)\n");
    printf("%8s %10s %8s %12s\n", "views", "rec/view", "touches", "ns/event");
    const int views[] = {16, 256, 4096}, recs[] = {1, 5, 20}, touches_down[] = {1, 2, 10};
    for (int a = 0; a < 3; a++) printf("%8d %10d %8d %12.1f\n", views[a], 5, 1, scaling_case(views[a], 5, 1));
    nest_rows = 1;
    for (int a = 1; a < 3; a++)
        printf("%8d %10d %8d %12.1f   (cells nested in row views)\n", views[a], 5, 1, scaling_case(views[a], 5, 1));
    nest_rows = 0;
    for (int b = 0; b < 3; b++) printf("%8d %10d %8d %12.1f\n", 16, recs[b], 1, scaling_case(16, recs[b], 1));
    for (int c = 0; c < 3; c++)
        printf("%8d %10d %8d %12.1f\n", 16, 5, touches_down[c], scaling_case(16, 5, touches_down[c]));
    printf("\ncrowds: many recognizers on one view, all seeing one gesture (ms per gesture; linear cost\n"
           "keeps ms/1000 recognizers flat)\n");
    printf("%-34s %8s %12s %18s\n", "case", "n", "ms/gesture", "ms per 1000 recs");
    const int crowd[] = {1000, 4000};
    for (int i = 0; i < 2; i++) {
        double ms = crowd_case(crowd[i], 0, 0);
        printf("%-34s %8d %12.2f %18.3f\n", "taps on one view, one tap", crowd[i], ms, ms * 1000 / crowd[i]);
    }
    for (int i = 0; i < 2; i++) {
        double ms = crowd_case(crowd[i], 1, 1);
        printf("%-34s %8d %12.2f %18.3f\n", "mixed kinds on one view, one drag", crowd[i], ms, ms * 1000 / crowd[i]);
    }
    return 0;
}
