/* Building a trace's scene in a fresh engine, and feeding it the trace's steps: what a replay and
 * gesturekit view share. */

#include "cli_numbers.h"
#include "trace.h"
#include "trace_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *kind_names[] = {"tap", "long_press", "pan", "screen_edge_pan", "swipe", "pinch", "rotation", "hover"};

/* Property names of the trace format: the Python binding's names. */
static const struct { const char *name; gk_property id; char type; } props[] = {
    {"enabled", GK_PROP_ENABLED, 'b'}, {"cancels_touches_in_view", GK_PROP_CANCELS_TOUCHES_IN_VIEW, 'b'},
    {"delays_touches_began", GK_PROP_DELAYS_TOUCHES_BEGAN, 'b'}, {"delays_touches_ended", GK_PROP_DELAYS_TOUCHES_ENDED, 'b'},
    {"allowed_touch_types", GK_PROP_ALLOWED_TOUCH_TYPES, 'i'},
    {"allowed_press_types", GK_PROP_ALLOWED_PRESS_TYPES, 'i'},
    {"threshold", GK_PROP_STROKE_THRESHOLD, 'd'},
    {"rotation_invariant", GK_PROP_STROKE_ROTATION_INVARIANT, 'b'},
    {"number_of_taps_required", GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 'i'},
    {"number_of_touches_required", GK_PROP_TAP_NUMBER_OF_TOUCHES_REQUIRED, 'i'},
    {"minimum_number_of_touches", GK_PROP_PAN_MINIMUM_NUMBER_OF_TOUCHES, 'i'},
    {"maximum_number_of_touches", GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, 'i'},
    {"minimum_press_duration", GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION, 'd'},
    {"drift_allowance", GK_PROP_DRIFT_ALLOWANCE, 'd'},
    {"landing_window", GK_PROP_LANDING_WINDOW, 'd'},
    {"edges", GK_PROP_SCREEN_EDGE_EDGES, 'i'}, {"direction", GK_PROP_SWIPE_DIRECTION, 'i'},
};

/* A scene's property value, whole: an integer, a real number, or true/false/1/0 for a flag. A
 * value with anything after the number ("12px") is GK_ERR_INVALID_ARGUMENT, not its prefix. */
static int set_int(gk_engine *e, gk_recognizer r, gk_property id, const char *value) {
    long long v;
    return gk_cli_integer(value, INT64_MIN, INT64_MAX, &v) ? gk_recognizer_set_int(e, r, id, v) : GK_ERR_INVALID_ARGUMENT;
}

static int set_prop(gk_engine *e, gk_recognizer r, const char *kind, const char *key, const char *value) {
    /* Kind-specific ids for the shared names. */
    if (strcmp(key, "number_of_touches_required") == 0) {
        if (strcmp(kind, "long_press") == 0) return set_int(e, r, GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED, value);
        if (strcmp(kind, "swipe") == 0) return set_int(e, r, GK_PROP_SWIPE_NUMBER_OF_TOUCHES_REQUIRED, value);
    }
    if (strcmp(key, "number_of_taps_required") == 0 && strcmp(kind, "long_press") == 0)
        return set_int(e, r, GK_PROP_LONG_PRESS_NUMBER_OF_TAPS_REQUIRED, value);
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
        if (strcmp(props[i].name, key) != 0) continue;
        if (props[i].type == 'b') {
            bool on = strcmp(value, "true") == 0 || strcmp(value, "1") == 0;
            if (!on && strcmp(value, "false") != 0 && strcmp(value, "0") != 0) return GK_ERR_INVALID_ARGUMENT;
            return gk_recognizer_set_bool(e, r, props[i].id, on);
        }
        if (props[i].type == 'i') return set_int(e, r, props[i].id, value);
        double v;
        return gk_cli_double(value, &v) ? gk_recognizer_set_double(e, r, props[i].id, v) : GK_ERR_INVALID_ARGUMENT;
    }
    return GK_ERR_UNKNOWN_PROPERTY;
}

void gkt_scene_destroy(gkt_scene *s) {
    if (s->engine) gk_engine_destroy(s->engine);
    memset(s, 0, sizeof *s);
}

/* The body below reports with gkt_fail() and leaves nothing to free on an error. */
int gkt_scene_build(gkt_scene *s, const gkt_trace *t, const gkt_replay_setup *setup, char *error, size_t size) {
    memset(s, 0, sizeof *s);
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = t->width;
    o.screen_height = t->height;
    o.max_touches = 64;
    o.action_queue_capacity = 65536;
    o.delivery_queue_capacity = 65536;
    o.flags = GK_ENGINE_LOG_TRANSITIONS;   /* traces and the live view show state changes */
    gk_status st = gk_engine_create(&o, &s->engine);
    gk_engine *e = s->engine;
    if (st != GK_OK) return gkt_fail(error, size, 0, "engine: %s", gk_status_string(st));
    gk_engine_root_view(e, &s->root);
    gk_view root = s->root;
    for (int i = 0; i < t->nviews; i++) {
        const gkt_view *v = &t->views[i];
        gk_view parent = root;
        for (int k = 0; k < i; k++)
            if (strcmp(t->views[k].name, v->parent) == 0) parent = s->views[k];
        gk_rect f = {v->x, v->y, v->w > 0 ? v->w : t->width, v->h > 0 ? v->h : t->height};
        if ((st = gk_view_create(e, parent, &f, &s->views[i])) != GK_OK) break;
        if (v->multitouch) gk_view_set_flag(e, s->views[i], GK_VIEW_MULTIPLE_TOUCH_ENABLED, true);
        if (v->inline_target) gk_view_set_flag(e, s->views[i], GK_VIEW_INLINE_TARGET, true);
        if (v->essential) gk_view_set_flag(e, s->views[i], GK_VIEW_ESSENTIAL, true);
    }
    for (int i = 0; st == GK_OK && i < t->nrecognizers; i++) {
        const gkt_recognizer *r = &t->recognizers[i];
        int kind = strcmp(r->kind, "stroke") == 0            ? GK_KIND_STROKE
                   : strcmp(r->kind, "one_finger_zoom") == 0 ? GK_KIND_ONE_FINGER_ZOOM
                                                             : gkt_index_of(r->kind, kind_names, 8);
        if (kind < 0) { gkt_scene_destroy(s); return gkt_fail(error, size, 0, "unknown kind %s", r->kind); }
        if ((st = gk_recognizer_create(e, (gk_recognizer_kind)kind, &s->recs[i])) != GK_OK) break;
        gk_recognizer_set_name(e, s->recs[i], r->name, strlen(r->name));
        gk_view v = root;
        for (int k = 0; k < t->nviews; k++)
            if (strcmp(t->views[k].name, r->view) == 0) v = s->views[k];
        if ((st = gk_recognizer_attach(e, s->recs[i], v)) != GK_OK) break;
        if (kind == GK_KIND_STROKE) gk_stroke_add_builtin_templates(e, s->recs[i]);
        if (kind == GK_KIND_PAN || kind == GK_KIND_SCREEN_EDGE_PAN)   /* the live view draws it at every change */
            gk_recognizer_set_bool(e, s->recs[i], GK_PROP_PAN_VELOCITY_ON_CHANGE, true);
        for (int k = 0; k < r->nprops; k++) {
            st = set_prop(e, s->recs[i], r->kind, r->prop_key[k], r->prop_value[k]);
            if (st != GK_OK) {
                gkt_scene_destroy(s);
                return gkt_fail(error, size, 0, "%s: property %s=%s: %s", r->name, r->prop_key[k], r->prop_value[k],
                            gk_status_string(st));
            }
        }
    }
    for (int i = 0; st == GK_OK && i < t->nrecognizers; i++)
        for (int k = 0; k < t->recognizers[i].nrequires; k++)
            for (int j = 0; j < t->nrecognizers; j++)
                if (strcmp(t->recognizers[j].name, t->recognizers[i].requires[k]) == 0)
                    gk_recognizer_require_failure_of(e, s->recs[i], s->recs[j]);
    for (int i = 0; st == GK_OK && i < t->nrecognizers; i++)
        for (int k = 0; k < t->recognizers[i].nalternatives; k++)
            for (int j = 0; j < t->nrecognizers; j++)
                if (strcmp(t->recognizers[j].name, t->recognizers[i].alternatives[k]) == 0)
                    gk_recognizer_declare_alternative(e, s->recs[i], s->recs[j]);
    if (st != GK_OK) {
        gkt_scene_destroy(s);
        return gkt_fail(error, size, 0, "scene: %s", gk_status_string(st));
    }
    if (setup && setup->profile && (st = gk_engine_set_panel_profile(e, setup->profile)) != GK_OK) {
        gkt_scene_destroy(s);
        return gkt_fail(error, size, 0, "panel profile: %s", gk_status_string(st));
    }
    if (setup && setup->filters && (st = gk_engine_set_input_filters(e, setup->filters)) != GK_OK) {
        gkt_scene_destroy(s);
        return gkt_fail(error, size, 0, "input filters: %s", gk_status_string(st));
    }
    return 0;
}

gk_status gkt_scene_feed(const gkt_scene *sc, const gkt_trace *t, const gkt_step *s) {
    gk_engine *e = sc->engine;
    switch (s->kind) {
    case GKT_FRAME: return gk_engine_feed(e, s->t, t->touches + s->first, s->count);
    case GKT_HOVER:
        return gk_engine_feed_hover(e, s->t, s->hover_phase, s->hover_type ? s->hover_type : GK_TOUCH_TYPE_STYLUS, s->x, s->y, 0);
    case GKT_PRESS: return gk_engine_feed_press(e, s->t, s->press_type, s->press_phase, s->force);
    case GKT_FOCUS: {
        gk_view v = GK_VIEW_NONE;
        const char *name = t->focus_views[s->first];
        for (int k = 0; k < t->nviews; k++)
            if (strcmp(t->views[k].name, name) == 0) v = sc->views[k];
        if (strcmp(name, "root") == 0) v = sc->root;
        return gk_engine_set_focus(e, v);
    }
    case GKT_ADVANCE: return gk_engine_advance(e, s->t);
    case GKT_CANCEL: return gk_engine_cancel_all_touches(e, s->t);
    }
    return GK_ERR_INVALID_ARGUMENT;
}

const char *const gkt_state_names[6] = {"possible", "began", "changed", "ended", "cancelled", "failed"};

int gkt_scene_recognizer_index(const gkt_scene *scene, const gkt_trace *t, gk_recognizer r) {
    for (int i = 0; i < t->nrecognizers; i++)
        if (scene->recs[i] == r) return i;
    return -1;
}

/* The decision in words, as the Python binding's explain() says it (README, "Why didn't my gesture
 * fire?"): "single waits for double to fail". */
static void describe(const gkt_scene *scene, const gkt_trace *t, const gk_decision *d, char *out, size_t size) {
    int i = gkt_scene_recognizer_index(scene, t, d->recognizer);
    int o = d->other ? gkt_scene_recognizer_index(scene, t, d->other) : -1;
    const char *who = i >= 0 ? t->recognizers[i].name : "?", *other = o >= 0 ? t->recognizers[o].name : "?";
    const char *from = gkt_state_names[d->from_state % 6], *to = gkt_state_names[d->to_state % 6];
    static const char *const causes[] = {"input", "timer", "host"};
    const char *view = "root";
    for (int v = 0; v < t->nviews; v++)
        if (scene->views[v] == d->view) view = t->views[v].name;
    long long touch = (long long)d->touch_id;
    switch ((gk_decision_event)d->event) {
    case GK_DECISION_TOUCH_TRACKED: snprintf(out, size, "%s tracks touch %lld", who, touch); break;
    case GK_DECISION_TOUCH_REFUSED: snprintf(out, size, "%s refused touch %lld (delegate should_receive)", who, touch); break;
    case GK_DECISION_TOUCH_IGNORED: snprintf(out, size, "%s ignores touch %lld", who, touch); break;
    case GK_DECISION_TOUCH_HELD_TOO_BRIEFLY:
        snprintf(out, size, "touch %lld lifted before the hold duration (touch accommodations)", touch);
        break;
    case GK_DECISION_TOUCH_IGNORED_AS_REPEAT:
        snprintf(out, size, "touch %lld ignored as a repeat (touch accommodations)", touch);
        break;
    case GK_DECISION_STROKE_ADDED: snprintf(out, size, "%s adds the stroke of touch %lld to its shape", who, touch); break;
    case GK_DECISION_STATE_REQUESTED:
        snprintf(out, size, "%s asks %s -> %s (%s)", who, from, to, causes[d->cause < 3 ? d->cause : 2]);
        break;
    case GK_DECISION_ACCEPTED: snprintf(out, size, "%s %s: accepted, actions sent", who, to); break;
    case GK_DECISION_WAITING_FOR_FAILURE: snprintf(out, size, "%s waits for %s to fail", who, other); break;
    case GK_DECISION_RELEASED: snprintf(out, size, "%s released: %s, which it waited for, failed", who, other); break;
    case GK_DECISION_PREVENTED_BY: snprintf(out, size, "%s failed: prevented by %s, which recognized first", who, other); break;
    case GK_DECISION_REQUIRED_RECOGNIZER_SUCCEEDED:
        snprintf(out, size, "%s failed: %s, which it required to fail, recognized", who, other);
        break;
    case GK_DECISION_VETOED_BY_DELEGATE: snprintf(out, size, "%s failed: its delegate's should_begin said no", who); break;
    case GK_DECISION_VETOED_BY_VIEW: snprintf(out, size, "%s failed: vetoed by view %s", who, view); break;
    case GK_DECISION_REQUIREMENT_CYCLE: snprintf(out, size, "%s failed: a cycle of failure requirements", who); break;
    default: snprintf(out, size, "%s stopped by the host (disabled, detached or view destroyed)", who); break;
    }
}

void gkt_format_decision(const gkt_scene *scene, const gkt_trace *t, const gk_decision *d, bool compact, char *out,
                         size_t size) {
    char text[300];
    describe(scene, t, d, text, sizeof text);
    snprintf(out, size, compact ? "%7.3f %s" : "%8.3f  %s", d->timestamp, text);
}
