/* Strokes through the C ABI: multistroke templates and matching, the point-cloud matcher's
 * properties, template points read back, straight lines against the built-in shapes, and the
 * stroke-template files of gk_strokes.h (round trip, and bad files that add nothing). */
#define _GNU_SOURCE
#include "support.h"

#include <gk_strokes.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Two strokes (a, b) as points every 10 % along each, with their stroke ids 0 and 1. */
static size_t two_strokes(gk_point a0, gk_point a1, gk_point b0, gk_point b1, gk_point *pts, uint32_t *ids) {
    size_t n = 0;
    for (int s = 0; s < 2; s++) {
        gk_point p = s ? b0 : a0, q = s ? b1 : a1;
        for (int k = 0; k <= 10; k++) {
            pts[n].x = p.x + (q.x - p.x) * k / 10.0;
            pts[n].y = p.y + (q.y - p.y) * k / 10.0;
            ids[n++] = (uint32_t)(s ? 7 : 3);   /* any numbers: only their changes count */
        }
    }
    return n;
}

static gk_recognizer cloud_recognizer(gk_engine *e) {
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_STROKE, &r), GK_OK);
    assert_int_equal(gk_recognizer_set_int(e, r, GK_PROP_STROKE_MATCHER, GK_STROKE_MATCHER_POINT_CLOUD), GK_OK);
    return r;
}

/* Adds the two-stroke template "x" (corner to corner, twice) to `r`; returns its index. */
static int32_t add_x_template(gk_engine *e, gk_recognizer r) {
    gk_point pts[22];
    uint32_t ids[22];
    size_t n = two_strokes((gk_point){0, 0}, (gk_point){100, 100}, (gk_point){100, 0}, (gk_point){0, 100}, pts, ids);
    int32_t index = -1;
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, n, &index), GK_OK);
    return index;
}

static void test_a_multistroke_x_matches_in_any_stroke_order_and_direction(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e);
    assert_int_equal(add_x_template(e, r), 0);
    gk_point pts[22];
    uint32_t ids[22];
    size_t n;
    int32_t index = -1;
    n = two_strokes((gk_point){50, 0}, (gk_point){50, 100}, (gk_point){0, 50}, (gk_point){100, 50}, pts, ids);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "plus", 4, pts, ids, n, &index), GK_OK);
    assert_int_equal(index, 1);
    /* The x again: second stroke first, both reversed, four times bigger. */
    n = two_strokes((gk_point){0, 400}, (gk_point){400, 0}, (gk_point){400, 400}, (gk_point){0, 0}, pts, ids);
    double score = 0;
    assert_int_equal(gk_stroke_match_strokes(e, r, pts, ids, n, &index, &score), GK_OK);
    assert_int_equal(index, 0);
    assert_true(score > 0.95);
    gk_engine_destroy(e);
}

/* Draws the stroke (x0, y0) -> (x1, y1) as touch `id` from time t over 0.2 s; returns its lift time. */
static double draw_stroke(gk_engine *e, int64_t id, double x0, double y0, double x1, double y1, double t) {
    gk_touch touch = {.id = id, .phase = GK_TOUCH_BEGAN, .x = x0, .y = y0};
    assert_int_equal(gk_engine_feed(e, t, &touch, 1), GK_OK);
    for (int k = 1; k <= 10; k++) {
        touch.phase = k == 10 ? GK_TOUCH_ENDED : GK_TOUCH_MOVED;
        touch.x = x0 + (x1 - x0) * k / 10.0;
        touch.y = y0 + (y1 - y0) * k / 10.0;
        assert_int_equal(gk_engine_feed(e, t + 0.02 * k, &touch, 1), GK_OK);
    }
    return t + 0.2;
}

/* The state of the last action of `r` queued, or -1 when none. */
static int last_state(gk_engine *e, gk_recognizer r) {
    gk_action a;
    int state = -1;
    while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK)
        if (a.recognizer == r) state = (int)a.state;
    return state;
}

/* A new engine with a point-cloud recognizer holding the "x" template, attached to the root view. */
static gk_recognizer x_on_root(gk_engine **out) {
    assert_int_equal(gk_engine_create(NULL, out), GK_OK);
    gk_view root;
    assert_int_equal(gk_engine_root_view(*out, &root), GK_OK);
    gk_recognizer r = cloud_recognizer(*out);
    assert_int_equal(add_x_template(*out, r), 0);
    assert_int_equal(gk_recognizer_attach(*out, r, root), GK_OK);
    return r;
}

/* The engine's next deadline is `expected`. */
static void assert_next_deadline(gk_engine *e, double expected) {
    double next = 0;
    assert_int_equal(gk_engine_next_deadline(e, &next), GK_OK);
    assert_true(fabs(next - expected) < 1e-9);
}

/* The host says when a drawn shape is done (issue 68): a deadline now decides it at once, with no
 * pause; INFINITY keeps it open past its pauses; another kind still refuses a deadline. */
static void test_the_host_decides_a_drawn_shape_with_a_deadline(void **state) {
    (void)state;
    gk_engine *e;
    gk_recognizer r = x_on_root(&e);
    double t = draw_stroke(e, 1, 100, 100, 300, 300, 1.0);
    t = draw_stroke(e, 2, 300, 100, 100, 300, t + 0.3);
    /* Done: decided now, not the 0.5 s pause (or 3 s continuation) later. */
    assert_int_equal(gk_recognizer_set_deadline(e, r, t + 0.05), GK_OK);
    assert_next_deadline(e, t + 0.05);
    assert_int_equal(gk_engine_advance(e, t + 0.05), GK_OK);
    assert_int_equal(last_state(e, r), GK_STATE_ENDED);
    /* Kept open: INFINITY, and nothing is decided 10 s later; then done. */
    t = draw_stroke(e, 3, 100, 100, 300, 300, t + 1.0);
    assert_int_equal(gk_recognizer_set_deadline(e, r, INFINITY), GK_OK);
    assert_int_equal(gk_engine_advance(e, t + 10), GK_OK);
    assert_int_equal(last_state(e, r), -1);
    t = draw_stroke(e, 4, 300, 100, 100, 300, t + 10);
    assert_int_equal(gk_recognizer_set_deadline(e, r, t), GK_OK);
    assert_int_equal(gk_engine_advance(e, t), GK_OK);
    assert_int_equal(last_state(e, r), GK_STATE_ENDED);
    /* A deadline that passes while a stroke is drawn decides nothing; the lift's pause does. */
    gk_touch touch = {.id = 5, .phase = GK_TOUCH_BEGAN, .x = 100, .y = 100};
    assert_int_equal(gk_engine_feed(e, t + 1, &touch, 1), GK_OK);
    assert_int_equal(gk_recognizer_set_deadline(e, r, t + 1.01), GK_OK);
    assert_int_equal(gk_engine_advance(e, t + 1.05), GK_OK);
    assert_int_equal(last_state(e, r), -1);
    assert_int_equal(gk_recognizer_set_deadline(e, r, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_deadline(e, r, -INFINITY), GK_ERR_INVALID_ARGUMENT);
    gk_recognizer pan;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_PAN, &pan), GK_OK);
    assert_int_equal(gk_recognizer_set_deadline(e, pan, t), GK_ERR_WRONG_KIND);
    gk_engine_destroy(e);
}

/* Issue 68: one diagonal is a whole "line" template and the beginning of the x, so the shape waits
 * the complete pause (1 s by default), not the continuation pause (3 s). */
static void test_a_whole_shape_that_could_go_on_waits_the_complete_pause(void **state) {
    (void)state;
    gk_engine *e;
    gk_recognizer r = x_on_root(&e);
    gk_point line[2] = {{0, 0}, {100, 100}};
    int32_t index = -1;
    assert_int_equal(gk_stroke_add_template(e, r, "line", 4, line, 2, &index), GK_OK);
    double pause = 0;
    assert_int_equal(gk_recognizer_get_double(e, r, GK_PROP_STROKE_COMPLETE_PAUSE, &pause), GK_OK);
    assert_true(pause == 1.0);
    double t = draw_stroke(e, 1, 100, 100, 300, 300, 1.0);
    assert_next_deadline(e, t + 1.0);
    assert_int_equal(gk_engine_advance(e, t + 1.0), GK_OK);
    assert_int_equal(last_state(e, r), GK_STATE_ENDED);
    /* The second stroke within the pause makes the x. */
    t = draw_stroke(e, 2, 100, 100, 300, 300, t + 5);
    t = draw_stroke(e, 3, 300, 100, 100, 300, t + 0.8);
    assert_int_equal(gk_engine_advance(e, t + 5), GK_OK);
    assert_int_equal(last_state(e, r), GK_STATE_ENDED);
    /* Taken between the stroke pause and the continuation pause. */
    assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_STROKE_COMPLETE_PAUSE, 7.0), GK_OK);
    t = draw_stroke(e, 4, 100, 100, 300, 300, t + 10);
    assert_next_deadline(e, t + 3.0);
    assert_int_equal(gk_engine_advance(e, t + 3), GK_OK);
    assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_STROKE_COMPLETE_PAUSE, -0.1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_STROKE_COMPLETE_PAUSE, 60.5), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_STROKE_COMPLETE_PAUSE, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, r, GK_PROP_STROKE_COMPLETE_PAUSE, 1), GK_ERR_UNKNOWN_PROPERTY);
    gk_engine_destroy(e);
}

static void test_bad_multistroke_arguments_are_refused(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e), tap;
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    gk_point pts[22];
    uint32_t ids[22];
    size_t n = two_strokes((gk_point){0, 0}, (gk_point){100, 100}, (gk_point){100, 0}, (gk_point){0, 100}, pts, ids);
    int32_t index;
    double score;
    assert_int_equal(gk_stroke_add_multistroke_template(NULL, r, "x", 1, pts, ids, n, &index), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, NULL, ids, n, &index), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, NULL, n, &index), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_stroke_add_multistroke_template(e, tap, "x", 1, pts, ids, n, &index), GK_ERR_WRONG_KIND);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", GK_MAX_STROKE_NAME + 1, pts, ids, n, &index),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, GK_MAX_STROKE_POINTS + 1, &index),
                     GK_ERR_CAPACITY);
    /* A stroke id that comes back after another stroke. */
    ids[n - 1] = 3;
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, n, &index), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_stroke_match_strokes(e, r, pts, ids, n, &index, &score), GK_ERR_INVALID_ARGUMENT);
    ids[n - 1] = 7;
    /* Not finite, or no length. */
    pts[3].x = NAN;
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, n, &index), GK_ERR_INVALID_ARGUMENT);
    for (size_t k = 0; k < n; k++) pts[k] = (gk_point){5, 5};
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, n, &index), GK_ERR_INVALID_ARGUMENT);
    /* More strokes than GK_MAX_STROKE_COUNT. */
    enum { MANY = 2 * (GK_MAX_STROKE_COUNT + 1) };
    gk_point many[MANY];
    uint32_t many_ids[MANY];
    for (int k = 0; k < MANY; k++) {
        many[k] = (gk_point){(double)(k % 2) * 10, (double)k};
        many_ids[k] = (uint32_t)(k / 2);
    }
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "m", 1, many, many_ids, MANY, &index),
                     GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "m", 1, many, many_ids, MANY - 2, &index), GK_OK);
    assert_int_equal(gk_stroke_match_strokes(e, r, NULL, ids, n, &index, &score), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_stroke_match_strokes(e, r, pts, ids, n, NULL, &score), GK_ERR_NULL_POINTER);
    /* Properties out of range. */
    assert_int_equal(gk_recognizer_set_int(e, r, GK_PROP_STROKE_MATCHER, 2), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_STROKE_PAUSE, -0.1), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_double(e, r, GK_PROP_STROKE_PAUSE, NAN), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, r, GK_PROP_STROKE_MAXIMUM_STROKES, 0), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_recognizer_set_int(e, r, GK_PROP_STROKE_MAXIMUM_STROKES, 65), GK_ERR_INVALID_ARGUMENT);
    gk_engine_destroy(e);
}

static void test_template_points_are_read_back_as_given(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e);
    gk_point pts[22], back[22];
    uint32_t ids[22], back_ids[22];
    size_t n = two_strokes((gk_point){0, 0}, (gk_point){100, 100}, (gk_point){100, 0}, (gk_point){0, 100}, pts, ids);
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, n, NULL), GK_OK);
    size_t count = 0;
    assert_int_equal(gk_stroke_template_points(e, r, 0, NULL, NULL, 0, &count), GK_OK);
    assert_int_equal(count, n);
    assert_int_equal(gk_stroke_template_points(e, r, 0, back, back_ids, n - 1, &count), GK_ERR_CAPACITY);
    assert_int_equal(gk_stroke_template_points(e, r, 0, back, back_ids, n, &count), GK_OK);
    for (size_t k = 0; k < n; k++) {
        assert_true(back[k].x == pts[k].x && back[k].y == pts[k].y);
        assert_int_equal(back_ids[k], k < 11 ? 0 : 1);   /* renumbered 0, 1, ... in drawing order */
    }
    assert_int_equal(gk_stroke_template_points(e, r, 1, back, back_ids, n, &count), GK_ERR_OUT_OF_RANGE);
    assert_int_equal(gk_stroke_template_points(e, r, 0, back, back_ids, n, NULL), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_stroke_template_points(e, r, 0, NULL, NULL, n, &count), GK_ERR_NULL_POINTER);
    gk_engine_destroy(e);
}

/* A straight drag across the view, with both matchers and the built-in shapes, is no shape. */
static void test_a_straight_drag_is_not_a_check_mark(void **state) {
    (void)state;
    for (int matcher = 0; matcher < 2; matcher++) {
        for (int direction = 0; direction < 8; direction++) {
            struct scene s;
            scene_init(&s);
            gk_recognizer r = scene_add(&s, GK_KIND_STROKE, s.v, "stroke");
            assert_int_equal(gk_stroke_add_builtin_templates(s.engine, r), GK_OK);
            assert_int_equal(gk_recognizer_set_int(s.engine, r, GK_PROP_STROKE_MATCHER, matcher), GK_OK);
            double a = direction * M_PI / 4, cx = 200, cy = 200;
            scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, cx - 80 * cos(a), cy - 80 * sin(a));
            for (int k = 1; k < 16; k++)
                scene_touch(&s, 0.01 * k, 1, GK_TOUCH_MOVED, cx + 80 * cos(a) * (k / 8.0 - 1), cy + 80 * sin(a) * (k / 8.0 - 1));
            scene_touch(&s, 0.16, 1, GK_TOUCH_ENDED, cx + 80 * cos(a), cy + 80 * sin(a));
            scene_advance(&s, 2);
            assert_null(strstr(s.log, "stroke ended"));
            /* The control: a check mark drawn the same way is recognized (and logged so). */
            static const double check[3][2] = {{130, 190}, {170, 240}, {270, 110}};
            scene_touch(&s, 3, 2, GK_TOUCH_BEGAN, check[0][0], check[0][1]);
            for (int k = 1; k <= 20; k++) {
                int seg = k <= 10 ? 0 : 1;
                double f = (k - seg * 10) / 10.0;
                scene_touch(&s, 3 + 0.01 * k, 2, GK_TOUCH_MOVED, check[seg][0] + (check[seg + 1][0] - check[seg][0]) * f,
                            check[seg][1] + (check[seg + 1][1] - check[seg][1]) * f);
            }
            scene_touch(&s, 3.21, 2, GK_TOUCH_ENDED, check[2][0], check[2][1]);
            scene_advance(&s, 5);
            assert_non_null(strstr(s.log, "stroke ended"));
            scene_free(&s);
        }
    }
}

/* The heap in use, or 0 where mallinfo2() does not see this program's allocations (valgrind and
 * AddressSanitizer replace the allocator; there the test says it did not run). */
static size_t heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

static bool heap_is_measurable(void) {
    size_t before = heap_in_use();
    char *volatile probe = malloc(1 << 16);   /* volatile: the compiler may not leave the pair out */
    if (probe) probe[0] = 1;
    size_t during = heap_in_use();
    free(probe);
    return during >= before + (1 << 16);
}

/* A pen left on the panel over a stroke recognizer: the engine's memory must stay flat. */
static void test_a_touch_that_never_lifts_on_a_stroke_recognizer_keeps_memory_flat(void **state) {
    (void)state;
    if (!heap_is_measurable()) {
        print_message("not run: mallinfo2() does not see the heap under this allocator (valgrind or ASan)\n");
        skip();
    }
    struct scene s;
    scene_init(&s);
    gk_recognizer r = scene_add(&s, GK_KIND_STROKE, s.v, "stroke");
    assert_int_equal(gk_stroke_add_builtin_templates(s.engine, r), GK_OK);
    scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 200, 200);
    size_t after_warmup = 0;
    for (int k = 1; k <= 40000; k++) {
        double a = k * 0.01;
        scene_touch(&s, k / 120.0, 1, GK_TOUCH_MOVED, 200 + 50 * cos(a), 200 + 50 * sin(a));
        if (k == 8000) after_warmup = heap_in_use();
    }
    size_t at_end = heap_in_use();
    /* 32,000 more moves at 24 bytes each would be 768 KB; the path holds at most 1,024 points. */
    assert_true(at_end <= after_warmup + 4096);
    scene_free(&s);
}

static const char good_file[] =
    "gesturekit-strokes 1\n"
    "# two shapes\n"
    "template check\n"
    "stroke 0 60 35 100 100 0\n"
    "\n"
    "template x mark\n"
    "stroke 0 0 100 100\n"
    "stroke 100 0 0 100.25\n";

static void test_a_stroke_file_round_trips(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer a = cloud_recognizer(e), b = cloud_recognizer(e);
    char error[200];
    assert_int_equal(gk_strokes_parse(good_file, strlen(good_file), e, a, error, sizeof error), 2);
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    assert_non_null(out);
    assert_int_equal(gk_strokes_write(e, a, out), 0);
    fclose(out);
    assert_int_equal(gk_strokes_parse(text, length, e, b, error, sizeof error), 2);
    char name[64];
    assert_int_equal(gk_stroke_template_name(e, b, 1, name, sizeof name, NULL), GK_OK);
    assert_string_equal(name, "x mark");
    gk_point p[8];
    uint32_t ids[8];
    size_t n = 0;
    assert_int_equal(gk_stroke_template_points(e, b, 1, p, ids, 8, &n), GK_OK);
    assert_int_equal(n, 4);
    assert_true(p[3].y == 100.25 && ids[1] == 0 && ids[2] == 1);
    free(text);
    gk_engine_destroy(e);
}

/* A file of `templates` templates, then `tail` (written to a temporary file; the path in `path`). */
static void write_template_file(char *path, size_t size, int templates, const char *tail) {
    snprintf(path, size, "/tmp/gk-strokes-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fprintf(f, "gesturekit-strokes 1\n");
    for (int k = 0; k < templates; k++) fprintf(f, "template t%d\nstroke 0 0 %d 100\n", k, k + 1);
    fputs(tail, f);
    fclose(f);
}

/* Reading stops at the template that does not fit: the bad line after it is never reached, and
 * nothing is added. */
static void test_a_stroke_file_stops_at_the_first_template_that_does_not_fit(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e);
    char path[64], error[200];
    write_template_file(path, sizeof path, GK_MAX_STROKE_TEMPLATES + 1, "this line is never read\n");
    assert_int_equal(gk_strokes_load(path, e, r, error, sizeof error), -1);
    /* Line 1 is the header; template k starts on line 2 + 2k: the 257th (k = 256) on line 514. */
    assert_string_equal(error, "line 514: one template too many: the recognizer takes at most 256");
    uint32_t count = 1;
    assert_int_equal(gk_stroke_template_count(e, r, &count), GK_OK);
    assert_int_equal(count, 0);
    /* The same from memory, and a recognizer that already has templates has less room. */
    FILE *f = fopen(path, "rb");
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    assert_int_equal(gk_strokes_parse(text, n, e, r, error, sizeof error), -1);
    assert_string_equal(error, "line 514: one template too many: the recognizer takes at most 256");
    assert_int_equal(gk_strokes_parse(good_file, strlen(good_file), e, r, error, sizeof error), 2);
    unlink(path);
    write_template_file(path, sizeof path, GK_MAX_STROKE_TEMPLATES - 1, "");
    assert_int_equal(gk_strokes_load(path, e, r, error, sizeof error), -1);
    assert_string_equal(error, "line 510: one template too many: the recognizer takes at most 256");
    write_template_file(path, sizeof path, GK_MAX_STROKE_TEMPLATES - 2, "");
    assert_int_equal(gk_strokes_load(path, e, r, error, sizeof error), GK_MAX_STROKE_TEMPLATES - 2);
    unlink(path);
    /* A coordinate past the engine's 1e12 pt in the last template: found by the parser, so none of
     * the templates before it is added (fuzz_strokes found the engine refusing it half-way). */
    gk_recognizer fresh = cloud_recognizer(e);
    static const char far[] = "gesturekit-strokes 1\ntemplate a\nstroke 0 0 10 10\ntemplate b\nstroke 0 0 9e37 1\n";
    assert_int_equal(gk_strokes_parse(far, strlen(far), e, fresh, error, sizeof error), -1);
    assert_string_equal(error, "line 5: 9e37 is beyond the 1e12 pt a coordinate may be");
    assert_int_equal(gk_stroke_template_count(e, fresh, &count), GK_OK);
    assert_int_equal(count, 0);
    gk_engine_destroy(e);
}

static void test_a_stroke_file_with_a_line_over_1_mib_or_past_16_mib_is_refused(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e);
    char path[64], error[200];
    /* One comment line of 2 MiB. */
    snprintf(path, sizeof path, "/tmp/gk-strokes-XXXXXX");
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "gesturekit-strokes 1\n#");
    for (int k = 0; k < (2 << 20); k++) fputc('x', f);
    fclose(f);
    assert_int_equal(gk_strokes_load(path, e, r, error, sizeof error), -1);
    assert_non_null(strstr(error, "line 2 is longer than 1048576 bytes"));
    /* 17 MiB of comments in short lines. */
    f = fopen(path, "w");
    fprintf(f, "gesturekit-strokes 1\n");
    for (int k = 0; k < (17 << 14); k++) fprintf(f, "# %061d\n", k);
    fclose(f);
    assert_int_equal(gk_strokes_load(path, e, r, error, sizeof error), -1);
    assert_non_null(strstr(error, "larger than 16 MiB"));
    unlink(path);
    /* A file that does not exist: the reason. */
    assert_int_equal(gk_strokes_load("/nonexistent/strokes.txt", e, r, error, sizeof error), -1);
    assert_string_equal(error, "/nonexistent/strokes.txt: cannot open: No such file or directory");
    gk_engine_destroy(e);
}

static void test_a_bad_stroke_file_adds_nothing(void **state) {
    (void)state;
    static const char *bad[] = {
        "template check\nstroke 0 0 1 1\n",                          /* no header */
        "gesturekit-strokes 2\ntemplate a\nstroke 0 0 1 1\n",        /* another version */
        "gesturekit-strokes 1\nstroke 0 0 1 1\n",                    /* a stroke before any template */
        "gesturekit-strokes 1\ntemplate a\nstroke 0 0 1\n",          /* an odd count */
        "gesturekit-strokes 1\ntemplate a\nstroke 0 0 1 nan\n",      /* not finite */
        "gesturekit-strokes 1\ntemplate a\nstroke 0 0 1 1x\n",       /* not a number */
        "gesturekit-strokes 1\ntemplate a\n",                        /* no stroke */
        "gesturekit-strokes 1\ntemplate a\nstroke 5 5 5 5\n",        /* no length */
        "gesturekit-strokes 1\ntemplate a\nstroke 0 0 1 1\nshape b\n", /* unknown statement */
        /* a name of 64 bytes */
        "gesturekit-strokes 1\ntemplate 0123456789012345678901234567890123456789012345678901234567890123\nstroke 0 0 1 1\n",
        "gesturekit-strokes 1\ntemplate a\nstroke 0 0 1 1\ntemplate b\n", /* the second has no stroke */
    };
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e), tap;
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char error[200] = "";
        assert_int_equal(gk_strokes_parse(bad[k], strlen(bad[k]), e, r, error, sizeof error), -1);
        assert_true(strlen(error) > 0);
        uint32_t count = 99;
        assert_int_equal(gk_stroke_template_count(e, r, &count), GK_OK);
        assert_int_equal(count, 0);
    }
    char error[200];
    assert_int_equal(gk_recognizer_create(e, GK_KIND_TAP, &tap), GK_OK);
    assert_int_equal(gk_strokes_parse(good_file, strlen(good_file), e, tap, error, sizeof error), -1);
    assert_int_equal(gk_strokes_load("/nonexistent/strokes", e, r, error, sizeof error), -1);
    assert_int_equal(gk_strokes_write(e, tap, stdout), -1);
    gk_engine_destroy(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_multistroke_x_matches_in_any_stroke_order_and_direction),
        cmocka_unit_test(test_bad_multistroke_arguments_are_refused),
        cmocka_unit_test(test_the_host_decides_a_drawn_shape_with_a_deadline),
        cmocka_unit_test(test_a_whole_shape_that_could_go_on_waits_the_complete_pause),
        cmocka_unit_test(test_template_points_are_read_back_as_given),
        cmocka_unit_test(test_a_straight_drag_is_not_a_check_mark),
        cmocka_unit_test(test_a_stroke_file_round_trips),
        cmocka_unit_test(test_a_bad_stroke_file_adds_nothing),
        cmocka_unit_test(test_a_stroke_file_stops_at_the_first_template_that_does_not_fit),
        cmocka_unit_test(test_a_stroke_file_with_a_line_over_1_mib_or_past_16_mib_is_refused),
        cmocka_unit_test(test_a_touch_that_never_lifts_on_a_stroke_recognizer_keeps_memory_flat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
