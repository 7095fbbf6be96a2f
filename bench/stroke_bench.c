/* Stroke matching latency, measured in C (docs/STROKES.md).
 *
 *   stroke_bench TEMPLATES TESTS [--matcher unistroke|point-cloud] [--rounds N]
 *
 * TEMPLATES and TESTS are stroke-template files (gk_strokes.h); each test's name is the shape it
 * should match. bench/strokes_eval.py writes both from the $1 logs (16 shapes x 3 templates). Loads
 * the templates into one stroke recognizer, matches every test N times with
 * gk_stroke_match_strokes(), and prints the time per match (fastest round, then the median round)
 * and the accuracy. Never asserts a time. */
#define _GNU_SOURCE
#include <gesturekit.h>
#include "cli_numbers.h"
#include <gk_strokes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static gk_recognizer stroke_recognizer(gk_engine *e, int matcher) {
    gk_recognizer r;
    if (gk_recognizer_create(e, GK_KIND_STROKE, &r) != GK_OK ||
        gk_recognizer_set_int(e, r, GK_PROP_STROKE_MATCHER, matcher) != GK_OK) {
        fprintf(stderr, "stroke_bench: cannot make a stroke recognizer\n");
        exit(1);
    }
    return r;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: stroke_bench TEMPLATES TESTS [--matcher unistroke|point-cloud] [--rounds N]\n");
        return 2;
    }
    int matcher = GK_STROKE_MATCHER_UNISTROKE, rounds = 20;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--matcher") == 0)
            matcher = strcmp(argv[i + 1], "point-cloud") == 0 ? GK_STROKE_MATCHER_POINT_CLOUD : GK_STROKE_MATCHER_UNISTROKE;
        else if (strcmp(argv[i], "--rounds") == 0) {
            unsigned long long n;
            if (!gk_cli_unsigned(argv[i + 1], 1000000, &n) || n == 0) {
                fprintf(stderr, "stroke_bench: --rounds takes a count from 1 to 1000000\n");
                return 2;
            }
            rounds = (int)n;
        }
    }
    gk_engine_options o;
    gk_engine_options_init(&o);
    gk_engine *e;
    if (gk_engine_create(&o, &e) != GK_OK) return 1;
    gk_recognizer templates = stroke_recognizer(e, matcher), tests = stroke_recognizer(e, matcher);
    char error[300];
    int nt = gk_strokes_load(argv[1], e, templates, error, sizeof error);
    int nq = nt < 0 ? -1 : gk_strokes_load(argv[2], e, tests, error, sizeof error);
    if (nt < 0 || nq < 0) {
        fprintf(stderr, "stroke_bench: %s\n", error);
        return 1;
    }
    /* The tests' points, copied out once. */
    gk_point **pts = calloc((size_t)nq, sizeof *pts);
    uint32_t **ids = calloc((size_t)nq, sizeof *ids);
    size_t *counts = calloc((size_t)nq, sizeof *counts);
    char (*names)[GK_MAX_STROKE_NAME + 1] = calloc((size_t)nq, sizeof *names);
    for (int k = 0; k < nq; k++) {
        gk_stroke_template_points(e, tests, (uint32_t)k, NULL, NULL, 0, &counts[k]);
        pts[k] = malloc(counts[k] * sizeof **pts);
        ids[k] = malloc(counts[k] * sizeof **ids);
        gk_stroke_template_points(e, tests, (uint32_t)k, pts[k], ids[k], counts[k], &counts[k]);
        gk_stroke_template_name(e, tests, (uint32_t)k, names[k], sizeof names[k], NULL);
    }
    double *per_round = calloc((size_t)rounds, sizeof *per_round);
    int correct = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = now_s();
        for (int k = 0; k < nq; k++) {
            int32_t index;
            double score;
            gk_stroke_match_strokes(e, templates, pts[k], ids[k], counts[k], &index, &score);
            if (r == 0 && index >= 0) {
                char name[GK_MAX_STROKE_NAME + 1];
                gk_stroke_template_name(e, templates, (uint32_t)index, name, sizeof name, NULL);
                correct += strcmp(name, names[k]) == 0;
            }
        }
        per_round[r] = (now_s() - t0) / nq * 1e6;
    }
    qsort(per_round, (size_t)rounds, sizeof *per_round, cmp_double);
    printf("%s matcher: %d templates, %d tests x %d rounds: %.1f us per match (fastest round), %.1f us (median); "
           "accuracy %.2f %%\n", matcher == GK_STROKE_MATCHER_POINT_CLOUD ? "point-cloud" : "unistroke", nt, nq, rounds,
           per_round[0], per_round[rounds / 2], 100.0 * correct / nq);
    for (int k = 0; k < nq; k++) {
        free(pts[k]);
        free(ids[k]);
    }
    free(pts);
    free(ids);
    free(counts);
    free(names);
    free(per_round);
    gk_engine_destroy(e);
    return 0;
}
