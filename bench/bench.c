/* Long file: the benchmark's options, workload reader, engine scene driving and report in one
 * program. */
/* GestureKit benchmark on the standard touch workload (../shared/bench/WORKLOAD.md).
 *
 *   bench WORKLOAD [--runs N] [--so PATH] [--config C]
 *                                             the workload: ns/event, ns/frame, latency, allocations...
 *                                             C: "default" (metrics on, filters off), "bare" (metrics
 *                                             off), "filters" (metrics on, a 60 Hz profile with 1 pt
 *                                             noise, every filter and the 1-euro jitter filter on)
 *   bench WORKLOAD ... --drain poll|take      how every mode drains the queues: poll the entries one
 *                                             by one (poll, the default), or take each queue whole in
 *                                             one call, lent in place (take, gk_engine_take_*, 0.3.0)
 *   bench WORKLOAD --check                    one run; exit 1 unless the recognized gestures match the
 *                                             workload's header (every tap a tap, every pan a pan)
 *   bench WORKLOAD --digest                   one run; prints a digest of every action, delivery and
 *                                             transition, in order (refactorings must keep it)
 *   bench WORKLOAD --once [--config C]        exactly one run (scene, workload, destroy) and nothing
 *                                             else: what bench/run.sh counts instructions on. (The
 *                                             timing mode runs the workload at least twice: the timed
 *                                             runs, then one more for the frame latencies.)
 *   bench WORKLOAD --once --frames K          the same run, with callgrind's instrumentation on only
 *                                             around the frames of kind K (next-deadline, advance, feed
 *                                             and drain of each): "moved1" (one touch moves: the pans),
 *                                             "moved2" (two touches move: the pinches), "downup" (a
 *                                             touch goes down or lifts). Run it under `valgrind
 *                                             --tool=callgrind --instr-atstart=no`; prints how many
 *                                             frames and touch events of that kind there were
 *   bench --scaling                           cost against views, recognizers per view, touches down,
 *                                             and crowds of recognizers on one view (scaling.c)
 *
 * Scene: an 800x480 window with 16 cell views (4x4, pitch 200x120, inset 4), each with tap, long
 * press, pan, pinch and swipe recognizers at their defaults. The workload is fed frame by frame
 * through the C ABI with its timestamps, as firmware would: advance time when a timer is due,
 * feed the frame, drain actions and deliveries. Reports the median of the runs; never asserts a
 * time. Heap allocations are counted by interposing malloc and friends in this program. */
#define _GNU_SOURCE
#include <gesturekit.h>
#include "cli_numbers.h"
#include "bench_scene.h"
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND_H 1
#endif
#endif
#ifndef HAVE_CALLGRIND_H   /* without valgrind's header, --frames is refused (see main) */
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

/* ---- allocation counting: interpose the allocator (the library's calls resolve to these) ---- */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);
static unsigned long long allocations;
void *malloc(size_t n) { allocations++; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { allocations++; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { allocations++; return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
int posix_memalign(void **out, size_t align, size_t n) {
    allocations++;
    void *p = __libc_memalign(align < sizeof(void *) ? sizeof(void *) : align, n);
    if (!p) return 12;
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) { allocations++; return __libc_memalign(align, n); }
void *memalign(size_t align, size_t n) { allocations++; return __libc_memalign(align, n); }

/* ---- the workload ---- */
struct frame {
    double t;
    uint32_t first, count;
};
static long expect_sequences = -1, expect_taps = -1, expect_pans = -1, expect_pinches = -1, expect_events = -1;
static gk_touch *touches;
static struct frame *frames;
static size_t ntouches, nframes;

static void load(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    size_t cap = 1 << 19, fcap = 1 << 18;
    touches = __libc_malloc(cap * sizeof *touches);
    frames = __libc_malloc(fcap * sizeof *frames);
    char line[256];
    /* Each sequence reuses finger ids 0 and 1; give every touch a fresh id per sequence. */
    int64_t ids[2] = {0, 0}, next_id = 1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') {
            char *p = strstr(line, "sequences ");
            if (p) sscanf(p, "sequences %ld tap %ld pan %ld pinch %ld events %ld", &expect_sequences, &expect_taps,
                          &expect_pans, &expect_pinches, &expect_events);
            continue;
        }
        long ms;
        int finger;
        char phase[8];
        double x, y;
        if (sscanf(line, "%ld %d %7s %lf %lf", &ms, &finger, phase, &x, &y) != 5 || finger < 0 || finger > 1) continue;
        if (ntouches == cap || nframes == fcap) {
            fprintf(stderr, "bench: workload too large\n");
            exit(1);
        }
        double t = ms / 1000.0;
        if (nframes == 0 || frames[nframes - 1].t != t) frames[nframes++] = (struct frame){t, (uint32_t)ntouches, 0};
        gk_touch *tc = &touches[ntouches++];
        memset(tc, 0, sizeof *tc);
        if (phase[0] == 'd') {
            ids[finger] = next_id++;
            tc->phase = GK_TOUCH_BEGAN;
        } else if (phase[0] == 'u') {
            tc->phase = GK_TOUCH_ENDED;
        } else {
            tc->phase = GK_TOUCH_MOVED;
        }
        tc->id = ids[finger];
        tc->type = GK_TOUCH_TYPE_DIRECT;
        tc->x = x;
        tc->y = y;
        frames[nframes - 1].count++;
    }
    fclose(f);
}

/* ---- the scene ---- */
static const gk_recognizer_kind cell_kinds[5] = {GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_PAN, GK_KIND_PINCH,
                                                 GK_KIND_SWIPE};
static const char *kind_names[] = {"tap", "long_press", "pan", "screen_edge_pan", "swipe", "pinch", "rotation",
                                   "hover", "custom"};


/* The workload scene's configuration (--config): 0 default, 1 bare (metrics off), 2 filters on. */
enum { CONFIG_DEFAULT, CONFIG_BARE, CONFIG_FILTERS };
static int config = CONFIG_DEFAULT;
static gk_filter_counters filtered;   /* the filter counters at the end of the last workload run */

static void configure(gk_engine *e) {
    if (config == CONFIG_BARE) check(gk_engine_set_metrics(e, false), "metrics");
    if (config != CONFIG_FILTERS) return;
    gk_panel_profile p;
    check(gk_panel_profile_init(&p), "profile init");
    p.sample_rate_hz = 60;
    p.noise = 1;
    p.max_contact_radius = 40;
    p.edge_top = p.edge_left = p.edge_bottom = p.edge_right = 2;
    check(gk_engine_set_panel_profile(e, &p), "profile");
    gk_input_filters f;
    check(gk_input_filters_init(&f), "filters init");
    f.flags = GK_FILTER_NOISE_THRESHOLDS | GK_FILTER_GHOSTS | GK_FILTER_PALMS | GK_FILTER_CHATTER | GK_FILTER_EDGES;
    f.jitter = GK_JITTER_ONE_EURO;
    check(gk_engine_set_input_filters(e, &f), "filters");
}

/* --frames: the kind of frame callgrind's instrumentation is switched on around (FRAMES_ALL: no
 * client request is made). */
enum { FRAMES_ALL = -1, FRAMES_MOVED1, FRAMES_MOVED2, FRAMES_DOWNUP, FRAMES_OTHER };
static int frames_kind = FRAMES_ALL;
static size_t kind_frames, kind_events;   /* frames of that kind, and their touches */

static int frame_kind(size_t i) {
    for (uint32_t q = 0; q < frames[i].count; q++)
        if (touches[frames[i].first + q].phase != GK_TOUCH_MOVED) return FRAMES_DOWNUP;
    return frames[i].count == 1 ? FRAMES_MOVED1 : frames[i].count == 2 ? FRAMES_MOVED2 : FRAMES_OTHER;
}

/* One pass over the workload; fills latencies (ns per frame) when given. */
static double run_workload(struct counts *c, double *latency, unsigned long long *allocs_after_warmup) {
    gk_engine *e = make_scene(4, 4, 5, cell_kinds, 5, 800, 480);
    configure(e);
    memset(c, 0, sizeof *c);
    size_t warm = nframes / 10;
    unsigned long long allocs_at_warm = 0;
    double t0 = now_s();
    for (size_t i = 0; i < nframes; i++) {
        double f0 = latency ? now_s() : 0;
        double deadline;
        int counted = frames_kind != FRAMES_ALL && frame_kind(i) == frames_kind;
        if (counted) {
            kind_frames++;
            kind_events += frames[i].count;
            CALLGRIND_START_INSTRUMENTATION;
        }
        check(gk_engine_next_deadline(e, &deadline), "deadline");
        if (deadline <= frames[i].t) check(gk_engine_advance(e, frames[i].t), "advance");
        check(gk_engine_feed(e, frames[i].t, touches + frames[i].first, frames[i].count), "feed");
        drain(e, c);
        if (counted) CALLGRIND_STOP_INSTRUMENTATION;
        if (latency) latency[i] = (now_s() - f0) * 1e9;
        if (i == warm) allocs_at_warm = allocations;
    }
    /* Timers still pending at the end (a lift the chatter filter holds back) fire a second later. */
    if (nframes) check(gk_engine_advance(e, frames[nframes - 1].t + 1), "advance");
    drain(e, c);
    double elapsed = now_s() - t0;
    if (allocs_after_warmup) *allocs_after_warmup = allocations - allocs_at_warm;
    check(gk_engine_get_filter_counters(e, &filtered, sizeof filtered), "counters");
    check(gk_engine_destroy(e), "destroy");
    return elapsed;
}

/* ---- the output digest: every action, delivery and transition of a run, in order ---- */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}
#define MIX(h, v) ((h) = fnv((h), &(v), sizeof(v)))

/* Handles are reduced to their slot index (the tag differs between processes). */
static uint64_t slot_of(uint64_t handle) { return handle & 0xFFFFFF; }

static uint64_t digest_action(uint64_t h, const gk_action *a) {
    uint64_t r = slot_of(a->recognizer), v = slot_of(a->view);
    MIX(h, a->sequence); MIX(h, a->timestamp); MIX(h, r); MIX(h, v); MIX(h, a->kind); MIX(h, a->state);
    MIX(h, a->location.x); MIX(h, a->location.y); MIX(h, a->number_of_touches); MIX(h, a->swipe_direction);
    MIX(h, a->translation.x); MIX(h, a->translation.y); MIX(h, a->velocity.x); MIX(h, a->velocity.y);
    MIX(h, a->scale); MIX(h, a->rotation); MIX(h, a->scalar_velocity); MIX(h, a->button_mask);
    MIX(h, a->modifier_flags); MIX(h, a->stroke_template); MIX(h, a->stroke_score);
    return h;
}

static uint64_t digest_delivery(uint64_t h, const gk_delivery *d) {
    uint64_t v = slot_of(d->view);
    MIX(h, d->sequence); MIX(h, d->timestamp); MIX(h, v); MIX(h, d->touch_id); MIX(h, d->phase);
    MIX(h, d->touch_type); MIX(h, d->location.x); MIX(h, d->location.y); MIX(h, d->window_location.x);
    MIX(h, d->window_location.y); MIX(h, d->touch_timestamp); MIX(h, d->force); MIX(h, d->major_radius);
    MIX(h, d->buttons); MIX(h, d->modifiers);
    return h;
}

/* Hashes what is queued, drained as drain() does (polled, or taken in place with --drain take):
 * both ways must give the same digest. */
static uint64_t digest_drain(gk_engine *e, uint64_t h, unsigned long long *entries) {
    gk_transition tr;
    if (!drain_in_place) {
        gk_action a;
        gk_delivery d;
        for (; gk_engine_poll_action(e, &a, sizeof a) == GK_OK; (*entries)++) h = digest_action(h, &a);
        for (; gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK; (*entries)++) h = digest_delivery(h, &d);
    } else {
        const gk_action *a;
        const gk_delivery *d;
        size_t n, stride;
        if (gk_engine_take_actions(e, sizeof *a, &a, &n, &stride) == GK_OK)
            for (size_t i = 0; i < n; i++, (*entries)++)
                h = digest_action(h, taken_entry(a, stride, i));
        if (gk_engine_take_deliveries(e, sizeof *d, &d, &n, &stride) == GK_OK)
            for (size_t i = 0; i < n; i++, (*entries)++)
                h = digest_delivery(h, taken_entry(d, stride, i));
    }
    while (gk_engine_poll_transition(e, &tr, sizeof tr) == GK_OK) {
        uint64_t r = slot_of(tr.recognizer);
        MIX(h, tr.sequence); MIX(h, tr.timestamp); MIX(h, r); MIX(h, tr.from_state); MIX(h, tr.to_state);
        (*entries)++;
    }
    return h;
}

/* One pass over the workload hashing everything the engine reports. The same library behaviour
 * gives the same digest; a refactoring that changes any action, delivery or transition does not. */
static int digest_main(const char *path) {
    load(path);
    scene_engine_flags = GK_ENGINE_LOG_TRANSITIONS;
    gk_engine *e = make_scene(4, 4, 5, cell_kinds, 5, 800, 480);
    uint64_t h = 14695981039346656037ull;
    unsigned long long entries = 0;
    for (size_t i = 0; i < nframes; i++) {
        double deadline;
        check(gk_engine_next_deadline(e, &deadline), "deadline");
        if (deadline <= frames[i].t) check(gk_engine_advance(e, frames[i].t), "advance");
        h = digest_drain(e, h, &entries);
        check(gk_engine_feed(e, frames[i].t, touches + frames[i].first, frames[i].count), "feed");
        h = digest_drain(e, h, &entries);
    }
    gk_engine_stats st;
    check(gk_engine_get_stats(e, &st, sizeof st), "stats");
    check(gk_engine_destroy(e), "destroy");
    printf("digest: %016llx over %llu entries (dropped %llu)\n", (unsigned long long)h, entries,
           (unsigned long long)(st.dropped_actions + st.dropped_deliveries + st.dropped_transitions));
    return 0;
}

/* ---- the floor: the least work any recognizer must do per event, on the same events ---- */
/* A hit test against the 16 cell rectangles and the distance from the touch-down point. Read
 * GestureKit's cost as a multiple of this loop's, measured in the same process. */
static double floor_ns_per_event(int reps) {
    struct { double x0, y0, x1, y1; } cells[16];
    for (int k = 0; k < 16; k++) {
        int c = k % 4, r = k / 4;
        cells[k].x0 = c * 200 + 4;
        cells[k].y0 = r * 120 + 4;
        cells[k].x1 = (c + 1) * 200 - 4;
        cells[k].y1 = (r + 1) * 120 - 4;
    }
    double best = 1e300;
    volatile double sink = 0;
    for (int rep = 0; rep < reps; rep++) {
        double dx0[2] = {0, 0}, dy0[2] = {0, 0}, acc = 0;
        long hits = 0;
        double t0 = now_s();
        for (size_t i = 0; i < ntouches; i++) {
            const gk_touch *e = &touches[i];
            int hit = -1;
            for (int k = 0; k < 16; k++)
                if (e->x >= cells[k].x0 && e->x < cells[k].x1 && e->y >= cells[k].y0 && e->y < cells[k].y1) {
                    hit = k;
                    break;
                }
            hits += hit;
            int f = (int)(e->id & 1);
            if (e->phase == GK_TOUCH_BEGAN) { dx0[f] = e->x; dy0[f] = e->y; }
            double dx = e->x - dx0[f], dy = e->y - dy0[f];
            acc += sqrt(dx * dx + dy * dy);
        }
        double el = now_s() - t0;
        sink += acc + (double)hits;
        if (el < best) best = el;
    }
    (void)sink;
    return best * 1e9 / (double)ntouches;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *sorted, size_t n, double p) {
    size_t k = (size_t)(p * (double)(n - 1));
    return sorted[k];
}

/* One run and nothing else, for counting instructions per event under callgrind. */
static int once_main(const char *path) {
    load(path);
    struct counts c;
    run_workload(&c, NULL, NULL);
    printf("one run: %zu touch events, %zu frames; actions %llu, deliveries %llu\n", ntouches, nframes, c.actions,
           c.deliveries);
    if (frames_kind != FRAMES_ALL) printf("instrumented: %zu frames, %zu touch events\n", kind_frames, kind_events);
    return 0;
}

static int workload_main(const char *path, int runs, const char *so) {
    load(path);
    static const char *config_names[] = {"default (metrics on, filters off)", "bare (metrics off, filters off)",
                                         "filters (metrics on, profile, every filter and 1-euro jitter on)"};
    printf("workload: %s: %zu touch events, %zu frames; configuration: %s; drain: %s\n", path, ntouches, nframes,
           config_names[config], drain_in_place ? "take" : "poll");
    double *times = __libc_malloc(sizeof(double) * (size_t)runs);
    struct counts c;
    unsigned long long allocs = 0;
    for (int r = 0; r < runs; r++) times[r] = run_workload(&c, NULL, r == 0 ? &allocs : NULL);
    qsort(times, (size_t)runs, sizeof *times, cmp_double);
    double med = times[runs / 2];
    double *lat = __libc_malloc(sizeof(double) * nframes);
    run_workload(&c, lat, NULL);
    qsort(lat, nframes, sizeof *lat, cmp_double);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    size_t warm_events = ntouches - ntouches / 10;
    printf("runs: %d, median %.3f s, min %.3f s, max %.3f s\n", runs, med, times[0], times[runs - 1]);
    double fl = floor_ns_per_event(50);
    printf("ns per touch event: %.1f (median run)\n", med * 1e9 / (double)ntouches);
    printf("floor ns per event: %.1f (bare C loop, same events, fastest of 50); GestureKit = %.1fx the floor\n", fl,
           med * 1e9 / (double)ntouches / fl);
    printf("ns per frame:       %.1f (median run)\n", med * 1e9 / (double)nframes);
    printf("frame latency ns:   p50 %.0f, p99 %.0f, max %.0f (feed + advance + drain, clock overhead included)\n",
           percentile(lat, nframes, 0.50), percentile(lat, nframes, 0.99), lat[nframes - 1]);
    printf("heap allocations after warm-up: %llu over %zu events (%.4f per event)\n", allocs, warm_events,
           (double)allocs / (double)warm_events);
    printf("peak RSS: %ld KiB\n", ru.ru_maxrss);
    printf("recognized:");
    for (int k = 0; k < 9; k++)
        if (c.began[k] || c.ended[k])
            printf(" %s began %llu ended %llu;", kind_names[k], c.began[k], c.ended[k]);
    printf(" actions %llu, deliveries %llu\n", c.actions, c.deliveries);
    if (config == CONFIG_FILTERS)
        printf("filtered: jitter_smoothed %llu, ghost_short %llu, ghost_jump %llu, ghost_empty %llu, ghost_stuck %llu, "
               "palms %llu, chatter %llu, edge_dropped %llu, edge_released %llu\n",
               (unsigned long long)filtered.jitter_smoothed, (unsigned long long)filtered.ghost_short,
               (unsigned long long)filtered.ghost_jump, (unsigned long long)filtered.ghost_empty,
               (unsigned long long)filtered.ghost_stuck, (unsigned long long)filtered.palms,
               (unsigned long long)filtered.chatter, (unsigned long long)filtered.edge_dropped,
               (unsigned long long)filtered.edge_released);
    if (so) {
        struct stat st;
        if (stat(so, &st) == 0) printf("library: %s, %lld bytes\n", so, (long long)st.st_size);
    }
    return 0;
}

/* The CI smoke check: the harness runs and recognition is right (never a timing). */
static int check_main(const char *path) {
    load(path);
    struct counts c;
    run_workload(&c, NULL, NULL);
    printf("check: %zu events (header %ld); taps %llu/%ld, pans %llu/%ld, pinches %llu began of %ld sequences\n",
           ntouches, expect_events, c.ended[GK_KIND_TAP], expect_taps, c.ended[GK_KIND_PAN], expect_pans,
           c.began[GK_KIND_PINCH], expect_pinches);
    int ok = expect_events == (long)ntouches && (long)c.ended[GK_KIND_TAP] == expect_taps &&
             (long)c.began[GK_KIND_PAN] == expect_pans && (long)c.ended[GK_KIND_PAN] == expect_pans &&
             c.began[GK_KIND_PINCH] > 0 && c.began[GK_KIND_PINCH] == c.ended[GK_KIND_PINCH] &&
             (long)c.began[GK_KIND_PINCH] <= expect_pinches && c.ended[GK_KIND_SWIPE] == 0 &&
             c.began[GK_KIND_LONG_PRESS] == 0;
    puts(ok ? "check: OK" : "check: FAILED");
    return ok ? 0 : 1;
}

/* The index of `value` in `names`, or -1. */
static int choice(const char *value, const char *const *names, int n) {
    for (int k = 0; k < n; k++)
        if (strcmp(value, names[k]) == 0) return k;
    return -1;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "--scaling") == 0) return scaling_main();
    if (argc >= 4 && strcmp(argv[1], "--crowd") == 0) {   /* one crowd case, for profiling */
        unsigned long long views, recognizers;
        if (!gk_cli_unsigned(argv[2], 1 << 20, &views) || !gk_cli_unsigned(argv[3], 1 << 20, &recognizers)) {
            fprintf(stderr, "bench: --crowd VIEWS RECOGNIZERS (counts)\n");
            return 2;
        }
        printf("%.3f ms per gesture\n", crowd_case((int)views, (int)recognizers, (int)recognizers));
        return 0;
    }
    /* --check and --digest take one option: --drain */
    if ((argc == 3 || (argc == 5 && strcmp(argv[3], "--drain") == 0)) &&
        (strcmp(argv[2], "--check") == 0 || strcmp(argv[2], "--digest") == 0)) {
        if (argc == 5) {
            static const char *const drains[] = {"poll", "take"};
            if ((drain_in_place = choice(argv[4], drains, 2)) < 0) {
                fprintf(stderr, "bench: --drain takes poll or take\n");
                return 2;
            }
        }
        return strcmp(argv[2], "--check") == 0 ? check_main(argv[1]) : digest_main(argv[1]);
    }
    if (argc < 2) {
        fprintf(stderr, "usage: bench WORKLOAD [--runs N | --once [--frames moved1|moved2|downup]] [--so LIBRARY]\n"
                        "             [--config default|bare|filters] [--drain poll|take]\n       bench --scaling\n");
        return 2;
    }
    int runs = 5, once = 0;
    const char *so = NULL;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--once") == 0) {
            once = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "bench: %s needs a value\n", argv[i]);
            return 2;
        }
        if (strcmp(argv[i], "--frames") == 0) {
#ifndef HAVE_CALLGRIND_H
            fprintf(stderr, "bench: --frames needs valgrind's <valgrind/callgrind.h> at build time\n");
            return 2;
#endif
            static const char *const kinds[] = {"moved1", "moved2", "downup"};   /* FRAMES_* order */
            if ((frames_kind = choice(argv[i + 1], kinds, 3)) < 0) {
                fprintf(stderr, "bench: --frames takes moved1, moved2 or downup\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--runs") == 0) {
            unsigned long long n;
            if (!gk_cli_unsigned(argv[i + 1], 1000000, &n) || n == 0) {
                fprintf(stderr, "bench: --runs takes a count from 1 to 1000000\n");
                return 2;
            }
            runs = (int)n;
        }
        else if (strcmp(argv[i], "--so") == 0) so = argv[i + 1];
        else if (strcmp(argv[i], "--drain") == 0) {
            static const char *const drains[] = {"poll", "take"};
            if ((drain_in_place = choice(argv[i + 1], drains, 2)) < 0) {
                fprintf(stderr, "bench: --drain takes poll or take\n");
                return 2;
            }
        }
        else if (strcmp(argv[i], "--config") == 0) {
            static const char *const configs[] = {"default", "bare", "filters"};   /* CONFIG_* order */
            if ((config = choice(argv[i + 1], configs, 3)) < 0) {
                fprintf(stderr, "bench: --config takes default, bare or filters\n");
                return 2;
            }
        } else {
            fprintf(stderr, "bench: unknown option %s\n", argv[i]);
            return 2;
        }
        i++;
    }
    if (runs < 1) runs = 1;
    if (once) return once_main(argv[1]);
    return workload_main(argv[1], runs, so);
}
