/* Building gesturekitd's engine from its configuration (gkd_scene.h). */
#include "gkd_scene.h"

#include "cli_numbers.h"
#include "gk_profile.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int fail(char *error, size_t size, const gkd_config *c, int line, const char *field, const char *format, ...) {
    char what[400];
    va_list ap;
    va_start(ap, format);
    vsnprintf(what, sizeof what, format, ap);
    va_end(ap);
    if (line > 0) snprintf(error, size, "%s:%d: %s: %s", c->path, line, field, what);
    else snprintf(error, size, "%s: %s: %s", c->path, field, what);
    return -1;
}

/* Names for the bit sets of edges and swipe directions ("left,right"), or a number. */
static bool bits(const char *key, const char *value, long long *out) {
    static const struct { const char *key, *name; long long bit; } names[] = {
        {"edges", "top", GK_EDGE_TOP}, {"edges", "left", GK_EDGE_LEFT}, {"edges", "bottom", GK_EDGE_BOTTOM},
        {"edges", "right", GK_EDGE_RIGHT}, {"direction", "right", GK_SWIPE_RIGHT}, {"direction", "left", GK_SWIPE_LEFT},
        {"direction", "up", GK_SWIPE_UP}, {"direction", "down", GK_SWIPE_DOWN},
    };
    if (gk_cli_integer(value, 0, INT32_MAX, out)) return true;
    char list[GKD_TEXT];
    snprintf(list, sizeof list, "%s", value);
    long long set = 0;
    for (char *save = NULL, *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        long long bit = 0;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(names[i].key, key) == 0 && strcmp(names[i].name, w) == 0) bit = names[i].bit;
        if (!bit) return false;
        set |= bit;
    }
    *out = set;
    return set != 0;
}

/* Whether a gesture property counts seconds (minimum_press_duration, maximum_tap_interval,
 * stroke_pause, landing_window, ...): "1000" there is almost surely milliseconds. */
static bool counts_seconds(const char *key) {
    static const char *const words[] = {"duration", "interval", "pause", "window", "delay"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(key, words[i])) return true;
    return false;
}

/* What a number of a gesture property counts, for messages ("" when nothing useful to say). */
static const char *gesture_unit(const char *key) {
    if (counts_seconds(key)) return " (seconds, e.g. 0.5)";
    if (strstr(key, "movement") || strstr(key, "distance") || strstr(key, "hysteresis")) return " (points, e.g. 10)";
    return "";
}

/* The longest time a gesture property may ask a person to wait or hold, in seconds. */
#define GKD_LONGEST_GESTURE_TIME 60

static int set_property(const gkd_config *c, gkd_scene *s, const gkd_gesture *g, gk_recognizer r,
                        const gkd_property *p, char *error, size_t size) {
    gk_property id;
    char type;
    if (!gkd_property_lookup(g->kind, p->key, &id, &type))
        return fail(error, size, c, p->line, p->key, "not a property of a %s gesture", gkd_kind_name(g->kind));
    gk_status st;
    if (type == 'b') {
        bool on = strcmp(p->value, "yes") == 0 || strcmp(p->value, "true") == 0;
        if (!on && strcmp(p->value, "no") != 0 && strcmp(p->value, "false") != 0)
            return fail(error, size, c, p->line, p->key, "'%s' is not yes, no, true or false", p->value);
        st = gk_recognizer_set_bool(s->engine, r, id, on);
    } else if (type == 'i') {
        long long v;
        if (!bits(p->key, p->value, &v))
            return fail(error, size, c, p->line, p->key, "'%s' is not a whole number%s", p->value,
                        strcmp(p->key, "edges") == 0       ? " or a list of top, left, bottom, right"
                        : strcmp(p->key, "direction") == 0 ? " or a list of left, right, up, down"
                                                           : "");
        st = gk_recognizer_set_int(s->engine, r, id, v);
    } else {
        double v;
        if (!gk_cli_double(p->value, &v))
            return fail(error, size, c, p->line, p->key, "'%s' is not a number%s", p->value, gesture_unit(p->key));
        if (counts_seconds(p->key) && v > GKD_LONGEST_GESTURE_TIME)
            return fail(error, size, c, p->line, p->key,
                        "%s is over %d s: times are in seconds (0.5 is half a second; 1000 ms is 1)", p->value,
                        GKD_LONGEST_GESTURE_TIME);
        st = gk_recognizer_set_double(s->engine, r, id, v);
    }
    if (st != GK_OK) return fail(error, size, c, p->line, p->key, "%s is refused: %s", p->value, gk_status_string(st));
    return 0;
}

static bool explicitly_set(const gkd_gesture *g, const char *key) {
    for (int i = 0; i < g->nprops; i++)
        if (strcmp(g->props[i].key, key) == 0) return true;
    return false;
}

/* How many touches a gesture needs down together (its kind's touch-count property, 2 for pinch
 * and rotation, else 1). */
int gkd_scene_touches_needed(const gkd_scene *s, int gesture, gk_recognizer_kind kind) {
    gk_property id;
    switch (kind) {
    case GK_KIND_TAP: id = GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED; break;
    case GK_KIND_LONG_PRESS: id = GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED; break;
    case GK_KIND_PAN: id = GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES; break;
    case GK_KIND_SWIPE: id = GK_PROP_SWIPE_NUMBER_OF_TOUCHES_REQUIRED; break;
    case GK_KIND_PINCH:
    case GK_KIND_ROTATION: return 2;
    default: return 1;
    }
    int64_t n = 1;
    if (gk_recognizer_get_int(s->engine, s->gestures[gesture], id, &n) != GK_OK) return 1;
    return (int)n;
}

/* A whole-screen gesture of several fingers keeps the app from ever having its touches: a new
 * touch waits (delaysTouchesBegan) while the gesture's fingers may still be landing, for at most
 * the landing window after the latest one; when they are not all down by then, the gesture fails
 * and the app gets the touch. Unless the gesture's own settings say otherwise. */
static void hold_back_while_landing(const gkd_config *c, gkd_scene *s, int i) {
    const gkd_gesture *g = &c->gestures[i];
    if (g->zone >= 0 || c->landing_window <= 0 || explicitly_set(g, "delays_touches_began")) return;
    if (gkd_scene_touches_needed(s, i, g->kind) < 2) return;
    gk_recognizer r = s->gestures[i];
    gk_recognizer_set_bool(s->engine, r, GK_PROP_DELAYS_TOUCHES_BEGAN, true);
    if (!explicitly_set(g, "landing_window")) gk_recognizer_set_double(s->engine, r, GK_PROP_LANDING_WINDOW, c->landing_window);
}

bool gkd_scene_app_sees_touches(const gkd_config *c, const gkd_scene *s, int gesture) {
    bool delays = false;
    gk_recognizer_get_bool(s->engine, s->gestures[gesture], GK_PROP_DELAYS_TOUCHES_BEGAN, &delays);
    return c->grab && !delays;
}

int gkd_scene_print_claim_notes(const gkd_config *c, const gkd_scene *s, FILE *out) {
    int n = 0;
    for (int i = 0; i < s->ngestures; i++) {
        if (!gkd_scene_app_sees_touches(c, s, i)) continue;
        const gkd_gesture *g = &c->gestures[i];
        const char *why = g->zone >= 0 ? "its zone's delays_touches_began is off"
                        : c->landing_window <= 0 ? "landing_window is 0"
                        : explicitly_set(g, "delays_touches_began") ? "its delays_touches_began is off"
                                                                    : "it needs one finger on the whole screen";
        fprintf(out, "%s:%d: note: gesture %s: the app receives its touches before it is recognized (%s); "
                     "they then end with %s, which an app may act on as a click. A zone keeps them from the app.\n",
                c->path, g->line, g->name, why, c->cancel == GKD_CANCEL_PALM ? "a palm cancel" : "a lift");
        n++;
    }
    return n;
}

static int build(const gkd_config *c, gkd_scene *s, char *error, size_t size) {
    gk_engine_options options;
    gk_engine_options_init(&options);
    options.screen_width = c->screen_width;
    options.screen_height = c->screen_height;
    options.points_per_mm = c->points_per_mm;
    gk_status st = gk_engine_create(&options, &s->engine);
    if (st != GK_OK) return fail(error, size, c, 0, "engine", "%s", gk_status_string(st));
    gk_engine_root_view(s->engine, &s->root);
    for (int i = 0; i < c->nzones; i++) {
        const gkd_zone *z = &c->zones[i];
        double scale_x = z->in_mm ? c->points_per_mm : c->screen_width;
        double scale_y = z->in_mm ? c->points_per_mm : c->screen_height;
        gk_rect frame = {z->rect[0] * scale_x, z->rect[1] * scale_y, z->rect[2] * scale_x, z->rect[3] * scale_y};
        st = gk_view_create(s->engine, s->root, &frame, &s->zones[i]);
        if (st != GK_OK) return fail(error, size, c, z->line, "rect", "zone %s: %s", z->name, gk_status_string(st));
    }
    for (int i = 0; i < c->ngestures; i++) {
        const gkd_gesture *g = &c->gestures[i];
        gk_recognizer r;
        st = gk_recognizer_create(s->engine, g->kind, &r);
        if (st != GK_OK) return fail(error, size, c, g->line, "kind", "%s: %s", g->name, gk_status_string(st));
        s->gestures[i] = r;
        s->ngestures = i + 1;
        gk_recognizer_set_name(s->engine, r, g->name, strlen(g->name));
        /* In a zone, the app's touches wait until the gesture fails (UIKit's delaysTouchesBegan),
         * unless the configuration says otherwise; on the whole screen they never wait. */
        if (g->zone >= 0 && !explicitly_set(g, "delays_touches_began"))
            gk_recognizer_set_bool(s->engine, r, GK_PROP_DELAYS_TOUCHES_BEGAN, true);
        for (int k = 0; k < g->nprops; k++)
            if (set_property(c, s, g, r, &g->props[k], error, size) < 0) return -1;
        hold_back_while_landing(c, s, i);
        st = gk_recognizer_attach(s->engine, r, g->zone >= 0 ? s->zones[g->zone] : s->root);
        if (st != GK_OK) return fail(error, size, c, g->line, "zone", "%s: %s", g->name, gk_status_string(st));
    }
    for (int i = 0; i < c->ngestures; i++) {
        const gkd_gesture *g = &c->gestures[i];
        for (int r = 0; r < g->nrequires; r++)
            for (int j = 0; j < c->ngestures; j++)
                if (strcmp(c->gestures[j].name, g->requires[r]) == 0) {
                    st = gk_recognizer_require_failure_of(s->engine, s->gestures[i], s->gestures[j]);
                    if (st != GK_OK)
                        return fail(error, size, c, g->line, "require_failure_of", "%s: %s", g->name, gk_status_string(st));
                }
    }
    st = gk_recognizer_create(s->engine, GK_KIND_LONG_PRESS, &s->cleaning_exit);
    if (st == GK_OK) {
        gk_recognizer_set_name(s->engine, s->cleaning_exit, "cleaning-exit", strlen("cleaning-exit"));
        gk_recognizer_set_double(s->engine, s->cleaning_exit, GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION,
                                 c->cleaning_exit_hold);
        gk_recognizer_set_double(s->engine, s->cleaning_exit, GK_PROP_LONG_PRESS_ALLOWABLE_MOVEMENT, 1e6);
        gk_recognizer_set_bool(s->engine, s->cleaning_exit, GK_PROP_ENABLED, false);
        st = gk_recognizer_attach(s->engine, s->cleaning_exit, s->root);
    }
    if (st != GK_OK) return fail(error, size, c, 0, "cleaning_exit_hold", "%s", gk_status_string(st));
    /* The panel profile, and the filters (with a profile and no list: noise, ghosts, palms, edges,
     * as `gesturekit --profile` does). */
    if (c->profile[0]) {
        gk_panel_profile profile;
        char why[300];
        if (gk_panel_profile_load(c->profile, &profile, why, sizeof why) < 0)
            return fail(error, size, c, 0, "profile", "%s", why);
        st = gk_engine_set_panel_profile(s->engine, &profile);
        if (st != GK_OK) return fail(error, size, c, 0, "profile", "%s refused: %s", c->profile, gk_status_string(st));
    }
    if (c->filters[0] || c->profile[0]) {
        gk_input_filters filters;
        char why[200];
        if (gk_input_filters_parse(c->filters[0] ? c->filters : GK_PROFILE_DEFAULT_FILTERS, &filters, why, sizeof why) < 0)
            return fail(error, size, c, 0, "filters", "%s", why);
        st = gk_engine_set_input_filters(s->engine, &filters);
        if (st != GK_OK) return fail(error, size, c, 0, "filters", "refused: %s", gk_status_string(st));
    }
    gk_touch_accommodations a = c->accommodations;
    st = gk_engine_set_touch_accommodations(s->engine, &a);
    if (st != GK_OK) return fail(error, size, c, 0, "[accessibility]", "refused: %s", gk_status_string(st));
    st = gk_engine_set_timing_scale(s->engine, c->timing_scale);
    if (st != GK_OK) return fail(error, size, c, 0, "timing_scale", "refused: %s", gk_status_string(st));
    return 0;
}

int gkd_scene_build(const gkd_config *c, gkd_scene *s, char *error, size_t size) {
    memset(s, 0, sizeof *s);
    if (build(c, s, error, size) < 0) {
        gkd_scene_destroy(s);
        return -1;
    }
    return 0;
}

void gkd_scene_destroy(gkd_scene *s) {
    if (s->engine) gk_engine_destroy(s->engine);
    memset(s, 0, sizeof *s);
}

int gkd_scene_gesture_of(const gkd_scene *s, gk_recognizer r) {
    for (int i = 0; i < s->ngestures; i++)
        if (s->gestures[i] == r) return i;
    return -1;
}

void gkd_scene_set_cleaning(gkd_scene *s, bool cleaning) {
    for (int i = 0; i < s->ngestures; i++) gk_recognizer_set_bool(s->engine, s->gestures[i], GK_PROP_ENABLED, !cleaning);
    gk_recognizer_set_bool(s->engine, s->cleaning_exit, GK_PROP_ENABLED, cleaning);
}

int gkd_config_load_checked(const char *path, gkd_config *config, char *error, size_t size) {
    if (gkd_config_load(path, config, error, size) < 0) return -1;
    gkd_scene trial;
    if (gkd_scene_build(config, &trial, error, size) < 0) return -1;
    gkd_scene_destroy(&trial);
    return 0;
}
