#include "support.h"
#include <stdio.h>
#include <string.h>

void scene_init(struct scene *s) {
    memset(s, 0, sizeof *s);
    gk_engine_options o;
    assert_int_equal(gk_engine_options_init(&o), GK_OK);
    o.screen_width = 400;
    o.screen_height = 800;
    o.flags = GK_ENGINE_LOG_TRANSITIONS;   /* tests read the log */
    assert_int_equal(gk_engine_create(&o, &s->engine), GK_OK);
    assert_int_equal(gk_engine_root_view(s->engine, &s->root), GK_OK);
    gk_rect f = {100, 100, 200, 200};
    assert_int_equal(gk_view_create(s->engine, s->root, &f, &s->v), GK_OK);
}

void scene_free(struct scene *s) {
    assert_int_equal(gk_engine_destroy(s->engine), GK_OK);
    s->engine = NULL;
}

void scene_name(struct scene *s, gk_recognizer r, const char *name) {
    assert_true(s->name_count < 8);
    s->names_r[s->name_count] = r;
    s->names[s->name_count++] = name;
    assert_int_equal(gk_recognizer_set_name(s->engine, r, name, strlen(name)), GK_OK);
}

gk_recognizer scene_add(struct scene *s, gk_recognizer_kind kind, gk_view view, const char *name) {
    gk_recognizer r;
    assert_int_equal(gk_recognizer_create(s->engine, kind, &r), GK_OK);
    assert_int_equal(gk_recognizer_attach(s->engine, r, view), GK_OK);
    scene_name(s, r, name);
    return r;
}

static const char *name_of(struct scene *s, gk_recognizer r) {
    for (int i = 0; i < s->name_count; i++)
        if (s->names_r[i] == r) return s->names[i];
    return "?";
}

static void append(struct scene *s, const char *line) {
    size_t used = strlen(s->log);
    snprintf(s->log + used, sizeof s->log - used, "%s\n", line);
}

void scene_drain(struct scene *s) {
    gk_action a;
    gk_delivery d;
    int have_a = gk_engine_poll_action(s->engine, &a, sizeof a) == GK_OK;
    int have_d = gk_engine_poll_delivery(s->engine, &d, sizeof d) == GK_OK;
    static const char *states[] = {"possible", "began", "changed", "ended", "cancelled", "failed"};
    static const char phases[] = "BMSEC";
    char line[256];
    while (have_a || have_d) {
        if (have_a && (!have_d || a.sequence < d.sequence)) {
            gk_point p;
            /* In V's coordinates; in window coordinates once V is gone. */
            if (gk_view_convert_point(s->engine, a.location, GK_VIEW_NONE, s->v, &p) != GK_OK) p = a.location;
            snprintf(line, sizeof line, "%.3f %s %s (%.1f,%.1f) n=%u", a.timestamp, name_of(s, a.recognizer),
                     states[a.state], p.x, p.y, a.number_of_touches);
            append(s, line);
            have_a = gk_engine_poll_action(s->engine, &a, sizeof a) == GK_OK;
        } else {
            snprintf(line, sizeof line, "%.3f %s %c#%lld", d.timestamp, d.view == s->v ? "V" : "R", phases[d.phase],
                     (long long)d.touch_id);
            append(s, line);
            have_d = gk_engine_poll_delivery(s->engine, &d, sizeof d) == GK_OK;
        }
    }
}

void scene_touch(struct scene *s, double t, int64_t id, gk_touch_phase phase, double x, double y) {
    gk_touch touch = {.id = id, .phase = (uint32_t)phase, .type = GK_TOUCH_TYPE_DIRECT, .x = x, .y = y};
    assert_int_equal(gk_engine_feed(s->engine, t, &touch, 1), GK_OK);
    scene_drain(s);
}

void scene_advance(struct scene *s, double t) {
    assert_int_equal(gk_engine_advance(s->engine, t), GK_OK);
    scene_drain(s);
}
