/* Strokes through the C ABI: multistroke templates and matching, the point-cloud matcher's
 * properties, template points read back, straight lines against the built-in shapes, and the
 * stroke-template files of gk_strokes.h (round trip, and bad files that add nothing). */
#define _GNU_SOURCE
#include "support.h"

#include <gk_strokes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void test_a_multistroke_x_matches_in_any_stroke_order_and_direction(void **state) {
    (void)state;
    gk_engine *e;
    assert_int_equal(gk_engine_create(NULL, &e), GK_OK);
    gk_recognizer r = cloud_recognizer(e);
    gk_point pts[22];
    uint32_t ids[22];
    size_t n = two_strokes((gk_point){0, 0}, (gk_point){100, 100}, (gk_point){100, 0}, (gk_point){0, 100}, pts, ids);
    int32_t index = -1;
    assert_int_equal(gk_stroke_add_multistroke_template(e, r, "x", 1, pts, ids, n, &index), GK_OK);
    assert_int_equal(index, 0);
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
        cmocka_unit_test(test_template_points_are_read_back_as_given),
        cmocka_unit_test(test_a_straight_drag_is_not_a_check_mark),
        cmocka_unit_test(test_a_stroke_file_round_trips),
        cmocka_unit_test(test_a_bad_stroke_file_adds_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
