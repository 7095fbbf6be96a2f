/* What the benchmark's modes share (bench.c): the clock, status checks, the cell scene and the
 * draining loop. The scaling and crowd cases live in scaling.c. */
#ifndef GESTUREKIT_BENCH_SCENE_H
#define GESTUREKIT_BENCH_SCENE_H

#include <gesturekit.h>

/* Actions and deliveries drained, and the actions that began and ended, by recognizer kind. */
struct counts {
    unsigned long long began[9], ended[9], actions, deliveries;
};

/* Monotonic time in seconds. */
double now_s(void);
/* Exits with a message unless `st` is GK_OK. */
void check(gk_status st, const char *what);
/* Non-zero: make_scene puts each row of cells in a row view of its own. */
extern int nest_rows;
/* drain(): 0 polls the queued entries one by one (the default), 1 takes each queue whole, lent in place
 * (gk_engine_take_*, 0.3.0; --drain take) */
extern int drain_in_place;
extern uint32_t scene_engine_flags;   /* gk_engine_options.flags of the engines make_scene() creates */
/* A w x h window with cols x rows cell views (inset 4, multiple touch enabled), each with per_view
 * recognizers of the kinds given, in turn. The caller destroys the engine. */
gk_engine *make_scene(int cols, int rows, int per_view, const gk_recognizer_kind *kinds, int nkinds, double w,
                      double h);
/* Polls every action and delivery, counting them into c. */
void drain(gk_engine *e, struct counts *c);
/* Entry i of the entries lent by a gk_engine_take_*() call, `stride` bytes apart. */
const void *taken_entry(const void *first, size_t stride, size_t i);
/* bench --scaling (scaling.c). */
int scaling_main(void);
/* One crowd case (scaling.c; bench --crowd, for profiling): n recognizers on one view, taps only or
 * mixed kinds, a tap or a drag. Milliseconds per gesture. */
double crowd_case(int n, int mixed, int drag);

#endif
