/* Every public function that takes or returns a double (or a gk_point of two doubles, passed by
 * value), and the hooks that receive one, called with fixed values; each double seen is printed in
 * hexadecimal (%a), so the output is the same bit for bit wherever the calling convention is right.
 * On armhf this proves the hard-float convention of the library built through LLVM IR: a double
 * passed in the wrong registers would print garbage or fail the call.
 *
 *   abi_doubles                 print the table
 *   abi_doubles EXPECTED.txt    compare with the table written on x86-64; exit 1 on a difference */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <gesturekit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *out;

static void check(const char *what, gk_status st) {
    if (st != GK_OK) fprintf(out, "%s: status %d\n", what, (int)st);
}

static void on_deadline(gk_engine *e, gk_recognizer r, double ts, void *ud) {
    (void)e; (void)r; (void)ud;
    fprintf(out, "deadline hook %a\n", ts);
}

static void on_touches(gk_engine *e, gk_recognizer r, const gk_touch_info *t, size_t n, double ts, void *ud) {
    (void)e; (void)r; (void)ud;
    for (size_t i = 0; i < n; i++) fprintf(out, "touches hook %a at %a %a\n", ts, t[i].location.x, t[i].location.y);
}

int main(int argc, char **argv) {
    char *text = NULL;
    size_t len = 0;
    out = argc > 1 ? open_memstream(&text, &len) : stdout;
    if (!out) return 2;
    gk_engine *e;
    check("create", gk_engine_create(NULL, &e));
    gk_view root, v;
    gk_engine_root_view(e, &root);
    gk_rect f = {100.25, 50.5, 300.125, 200.0625};
    check("view", gk_view_create(e, root, &f, &v));
    check("alpha", gk_view_set_alpha(e, v, 0.3125));
    double alpha = 0;
    check("get alpha", gk_view_get_alpha(e, v, &alpha));
    fprintf(out, "alpha %a\n", alpha);
    check("origin", gk_view_set_bounds_origin(e, v, (gk_point){-3.5, 7.25}));
    gk_point p;
    check("convert", gk_view_convert_point(e, (gk_point){123.456, 78.9}, GK_VIEW_NONE, v, &p));
    fprintf(out, "convert %a %a\n", p.x, p.y);
    gk_view hit = 0;
    check("hit", gk_view_hit_test(e, (gk_point){150.5, 100.5}, &hit));
    fprintf(out, "hit %s\n", hit == v ? "v" : "other");
    gk_recognizer pan, tap;
    check("pan", gk_recognizer_create(e, GK_KIND_PAN, &pan));
    check("attach", gk_recognizer_attach(e, pan, v));
    check("set double", gk_recognizer_set_double(e, pan, GK_PROP_PAN_HYSTERESIS, 7.0625));
    check("velocity on change", gk_recognizer_set_bool(e, pan, GK_PROP_PAN_VELOCITY_ON_CHANGE, true));   /* every action carries the fit's bits */
    double h = 0;
    check("get double", gk_recognizer_get_double(e, pan, GK_PROP_PAN_HYSTERESIS, &h));
    fprintf(out, "hysteresis %a\n", h);
    check("tap", gk_recognizer_create(e, GK_KIND_TAP, &tap));
    check("attach tap", gk_recognizer_attach(e, tap, v));
    gk_custom_recognizer hooks;
    memset(&hooks, 0, sizeof hooks);
    hooks.size = sizeof hooks;
    hooks.deadline_reached = on_deadline;
    hooks.touches_began = on_touches;
    hooks.touches_moved = on_touches;
    gk_recognizer c;
    check("custom", gk_recognizer_create_custom(e, &hooks, true, &c));
    check("attach custom", gk_recognizer_attach(e, c, v));
    check("deadline", gk_recognizer_set_deadline(e, c, 0.4375));
    gk_recognizer timer;   /* unattached: its deadline fires whatever the gestures do */
    check("timer", gk_recognizer_create_custom(e, &hooks, false, &timer));
    check("timer deadline", gk_recognizer_set_deadline(e, timer, 0.40625));
    double next = 0, now = 0;
    check("next", gk_engine_next_deadline(e, &next));
    fprintf(out, "next deadline %a\n", next);
    /* A drag: feed, feed_frames, advance, then the pan's numbers. */
    gk_touch t = {1, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT, 200.125, 150.0625, 0.75, 3.5, 0, 0};
    check("feed", gk_engine_feed(e, 0.0625, &t, 1));
    double stamps[3] = {0.078125, 0.09375, 0.109375};
    uint32_t counts[3] = {1, 1, 1};
    gk_touch moves[3];
    for (int i = 0; i < 3; i++) {
        moves[i] = t;
        moves[i].phase = GK_TOUCH_MOVED;
        moves[i].x = 200.125 + 12.5 * (i + 1);
        moves[i].y = 150.0625 - 3.25 * (i + 1);
    }
    size_t fed = 0;
    check("feed frames", gk_engine_feed_frames(e, stamps, counts, 3, moves, 3, &fed));
    gk_point tr, vel;
    check("translation", gk_pan_translation(e, pan, v, &tr));
    check("velocity", gk_pan_velocity(e, pan, GK_VIEW_NONE, &vel));
    fprintf(out, "translation %a %a velocity %a %a\n", tr.x, tr.y, vel.x, vel.y);
    check("set translation", gk_pan_set_translation(e, pan, (gk_point){1.5, -2.25}, v));
    check("translation", gk_pan_translation(e, pan, v, &tr));
    fprintf(out, "translation after set %a %a\n", tr.x, tr.y);
    gk_action a;
    while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK)
        fprintf(out, "action %a %u %a %a %a %a\n", a.timestamp, a.state, a.location.x, a.location.y, a.velocity.x,
                a.velocity.y);
    check("advance", gk_engine_advance(e, 0.5));
    check("now", gk_engine_now(e, &now));
    fprintf(out, "now %a\n", now);
    check("hover", gk_engine_feed_hover(e, 0.5625, GK_HOVER_ENTER, GK_TOUCH_TYPE_STYLUS, 210.5, 160.25, 0));
    check("press", gk_engine_feed_press(e, 0.625, GK_PRESS_SELECT, GK_TOUCH_BEGAN, 0.875));
    check("cancel all", gk_engine_cancel_all_touches(e, 0.6875));
    gk_delivery d;
    while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK)
        fprintf(out, "delivery %a %u %a %a %a %a %a\n", d.timestamp, d.phase, d.location.x, d.location.y,
                d.window_location.x, d.force, d.major_radius);
    gk_engine_destroy(e);
    if (argc < 2) return 0;
    fclose(out);
    FILE *g = fopen(argv[1], "r");
    if (!g) {
        fprintf(stderr, "doubles: cannot read %s\n", argv[1]);
        return 2;
    }
    char *want = NULL;
    size_t cap = 0;
    ssize_t got = getdelim(&want, &cap, '\0', g);
    fclose(g);
    int same = got >= 0 && (size_t)got == len && memcmp(want, text, len) == 0;
    if (!same) fprintf(stderr, "doubles: this build differs from %s:\n%s", argv[1], text);
    else printf("doubles: %zu bytes match %s\n", len, argv[1]);
    free(want);
    free(text);
    return same ? 0 : 1;
}
