/* Replaying a trace: builds its scene in a fresh engine, feeds its input, and writes down the
 * actions and view deliveries (and, on request, the decision log) as trace expectation lines. */

#include "cli_numbers.h"
#include "trace.h"
#include "trace_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_names[] = {"tap", "long_press", "pan", "screen_edge_pan", "swipe", "pinch", "rotation", "hover"};
static const char *state_names[] = {"possible", "began", "changed", "ended", "cancelled", "failed"};

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

static int append(char ***lines, size_t *n, size_t *cap, const char *fmt, ...) {
    if (gkt_grow((void **)lines, cap, *n + 1, sizeof **lines) < 0) return -1;
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) s = NULL;
    va_end(ap);
    if (!s) return -1;
    (*lines)[(*n)++] = s;
    return 0;
}

struct replay_ctx {
    const gkt_trace *t;
    gk_view views[GKT_MAX_VIEWS];
    gk_recognizer recs[GKT_MAX_RECOGNIZERS];
    gkt_replay *out;
};

static int rec_index(struct replay_ctx *c, gk_recognizer h) {
    for (int i = 0; i < c->t->nrecognizers; i++)
        if (c->recs[i] == h) return i;
    return -1;
}

static const char *view_name(struct replay_ctx *c, gk_view v) {
    for (int i = 0; i < c->t->nviews; i++)
        if (c->views[i] == v) return c->t->views[i].name;
    return "root";
}

static void drain(struct replay_ctx *c, gk_engine *e, bool log) {
    gk_action a;
    gk_delivery d;
    gk_transition tr;
    gk_decision dec;
    int have_a = gk_engine_poll_action(e, &a, sizeof a) == GK_OK;
    int have_d = gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK;
    while (have_a || have_d) {
        if (have_a && (!have_d || a.sequence < d.sequence)) {
            int i = rec_index(c, a.recognizer);
            append(&c->out->lines, &c->out->nlines, &c->out->cap, "action %.3f %s %s %u", a.timestamp,
                   i >= 0 ? c->t->recognizers[i].name : "?", state_names[a.state % 6], a.number_of_touches);
            if (gkt_grow((void **)&c->out->events, &c->out->cap_events, c->out->nevents + 1, sizeof *c->out->events) == 0)
                c->out->events[c->out->nevents++] = (gkt_event){a.timestamp, i, 1, GK_STATE_POSSIBLE, (gk_state)a.state};
            have_a = gk_engine_poll_action(e, &a, sizeof a) == GK_OK;
        } else {
            static const char letters[] = "BMSEC";
            append(&c->out->lines, &c->out->nlines, &c->out->cap, "delivery %.3f %s %c %lld", d.timestamp,
                   view_name(c, d.view), letters[d.phase % 5], (long long)d.touch_id);
            have_d = gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK;
        }
    }
    while (gk_engine_poll_transition(e, &tr, sizeof tr) == GK_OK) {
        int i = rec_index(c, tr.recognizer);
        if (gkt_grow((void **)&c->out->events, &c->out->cap_events, c->out->nevents + 1, sizeof *c->out->events) == 0)
            c->out->events[c->out->nevents++] = (gkt_event){tr.timestamp, i, 0, (gk_state)tr.from_state, (gk_state)tr.to_state};
    }
    while (log && gk_engine_poll_decision(e, &dec, sizeof dec) == GK_OK) {
        int i = rec_index(c, dec.recognizer), o = dec.other ? rec_index(c, dec.other) : -1;
        append(&c->out->log, &c->out->nlog, &c->out->cap_log, "%8.3f  %-12s %s%s%s (%s -> %s)", dec.timestamp,
               i >= 0 ? c->t->recognizers[i].name : "?", gk_decision_event_string((gk_decision_event)dec.event),
               o >= 0 ? " " : "", o >= 0 ? c->t->recognizers[o].name : "", state_names[dec.from_state % 6],
               state_names[dec.to_state % 6]);
    }
}

int gkt_replay_run(const gkt_trace *t, bool decision_log, double tail, gkt_replay *out, char *error, size_t size) {
    return gkt_replay_run_setup(t, decision_log, tail, NULL, out, error, size);
}

int gkt_replay_run_setup(const gkt_trace *t, bool decision_log, double tail, const gkt_replay_setup *setup,
                         gkt_replay *out, char *error, size_t size) {
    memset(out, 0, sizeof *out);
    struct replay_ctx c;
    memset(&c, 0, sizeof c);
    c.t = t;
    c.out = out;
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = t->width;
    o.screen_height = t->height;
    o.max_touches = 64;
    o.action_queue_capacity = 65536;
    o.delivery_queue_capacity = 65536;
    gk_engine *e;
    gk_status st = gk_engine_create(&o, &e);
    if (st != GK_OK) return gkt_fail(error, size, 0, "engine: %s", gk_status_string(st));
    gk_view root;
    gk_engine_root_view(e, &root);
    for (int i = 0; i < t->nviews; i++) {
        const gkt_view *v = &t->views[i];
        gk_view parent = root;
        for (int k = 0; k < i; k++)
            if (strcmp(t->views[k].name, v->parent) == 0) parent = c.views[k];
        gk_rect f = {v->x, v->y, v->w > 0 ? v->w : t->width, v->h > 0 ? v->h : t->height};
        if ((st = gk_view_create(e, parent, &f, &c.views[i])) != GK_OK) break;
        if (v->multitouch) gk_view_set_flag(e, c.views[i], GK_VIEW_MULTIPLE_TOUCH_ENABLED, true);
    }
    for (int i = 0; st == GK_OK && i < t->nrecognizers; i++) {
        const gkt_recognizer *r = &t->recognizers[i];
        int kind = strcmp(r->kind, "stroke") == 0            ? GK_KIND_STROKE
                   : strcmp(r->kind, "one_finger_zoom") == 0 ? GK_KIND_ONE_FINGER_ZOOM
                                                             : gkt_index_of(r->kind, kind_names, 8);
        if (kind < 0) { gk_engine_destroy(e); return gkt_fail(error, size, 0, "unknown kind %s", r->kind); }
        if ((st = gk_recognizer_create(e, (gk_recognizer_kind)kind, &c.recs[i])) != GK_OK) break;
        gk_recognizer_set_name(e, c.recs[i], r->name, strlen(r->name));
        gk_view v = root;
        for (int k = 0; k < t->nviews; k++)
            if (strcmp(t->views[k].name, r->view) == 0) v = c.views[k];
        if ((st = gk_recognizer_attach(e, c.recs[i], v)) != GK_OK) break;
        if (kind == GK_KIND_STROKE) gk_stroke_add_builtin_templates(e, c.recs[i]);
        for (int k = 0; k < r->nprops; k++) {
            st = set_prop(e, c.recs[i], r->kind, r->prop_key[k], r->prop_value[k]);
            if (st != GK_OK) {
                gk_engine_destroy(e);
                return gkt_fail(error, size, 0, "%s: property %s=%s: %s", r->name, r->prop_key[k], r->prop_value[k],
                            gk_status_string(st));
            }
        }
    }
    for (int i = 0; st == GK_OK && i < t->nrecognizers; i++)
        for (int k = 0; k < t->recognizers[i].nrequires; k++)
            for (int j = 0; j < t->nrecognizers; j++)
                if (strcmp(t->recognizers[j].name, t->recognizers[i].requires[k]) == 0)
                    gk_recognizer_require_failure_of(e, c.recs[i], c.recs[j]);
    for (int i = 0; st == GK_OK && i < t->nrecognizers; i++)
        for (int k = 0; k < t->recognizers[i].nalternatives; k++)
            for (int j = 0; j < t->nrecognizers; j++)
                if (strcmp(t->recognizers[j].name, t->recognizers[i].alternatives[k]) == 0)
                    gk_recognizer_declare_alternative(e, c.recs[i], c.recs[j]);
    if (st != GK_OK) {
        gk_engine_destroy(e);
        return gkt_fail(error, size, 0, "scene: %s", gk_status_string(st));
    }
    if (setup && setup->profile && (st = gk_engine_set_panel_profile(e, setup->profile)) != GK_OK) {
        gk_engine_destroy(e);
        return gkt_fail(error, size, 0, "panel profile: %s", gk_status_string(st));
    }
    if (setup && setup->filters && (st = gk_engine_set_input_filters(e, setup->filters)) != GK_OK) {
        gk_engine_destroy(e);
        return gkt_fail(error, size, 0, "input filters: %s", gk_status_string(st));
    }
    if (setup && setup->audit) {
        size_t n = 0;
        gk_audit_finding *f = NULL;
        st = gk_engine_audit(e, NULL, 0, sizeof *f, &n);
        if (st == GK_OK && n > 0) {
            f = calloc(n, sizeof *f);
            if (!f) {
                gk_engine_destroy(e);
                gkt_replay_free(out);
                return gkt_fail(error, size, 0, "audit: out of memory");
            }
            st = gk_engine_audit(e, f, n, sizeof *f, &n);
        }
        for (size_t k = 0; st == GK_OK && k < n; k++) {
            int ri = rec_index(&c, f[k].recognizer);
            const char *view = "root";
            for (int v = 0; v < t->nviews; v++)
                if (c.views[v] == f[k].view) view = t->views[v].name;
            append(&out->audit, &out->naudit, &out->cap_audit, "audit %s %s %s: %s", view,
                   ri >= 0 ? t->recognizers[ri].name : "?", gk_audit_rule_string(f[k].rule),
                   gk_audit_suggestion_string(f[k].suggestion));
        }
        free(f);
        if (st != GK_OK) {
            gk_engine_destroy(e);
            gkt_replay_free(out);
            return gkt_fail(error, size, 0, "audit: %s", gk_status_string(st));
        }
    }
    if (decision_log) gk_engine_set_decision_log(e, 1u << 16);
    double last = 0;
    for (size_t i = 0; i < t->nsteps; i++) {
        const gkt_step *s = &t->steps[i];
        switch (s->kind) {
        case GKT_FRAME: st = gk_engine_feed(e, s->t, t->touches + s->first, s->count); break;
        case GKT_HOVER: st = gk_engine_feed_hover(e, s->t, s->hover_phase, s->hover_type ? s->hover_type : GK_TOUCH_TYPE_STYLUS, s->x, s->y, 0); break;
        case GKT_PRESS: st = gk_engine_feed_press(e, s->t, s->press_type, s->press_phase, s->force); break;
        case GKT_FOCUS: {
            gk_view v = GK_VIEW_NONE;
            for (int k = 0; k < t->nviews; k++)
                if (strcmp(t->views[k].name, s->view) == 0) v = c.views[k];
            if (strcmp(s->view, "root") == 0) v = root;
            st = gk_engine_set_focus(e, v);
            break;
        }
        case GKT_ADVANCE: st = gk_engine_advance(e, s->t); break;
        case GKT_CANCEL: st = gk_engine_cancel_all_touches(e, s->t); break;
        }
        if (st != GK_OK) {
            char msg[160];
            snprintf(msg, sizeof msg, "step %zu at t=%.6f: %s", i + 1, s->t, gk_status_string(st));
            gk_engine_destroy(e);
            gkt_replay_free(out);   /* nothing half-made is handed back on an error */
            snprintf(error, size, "%s", msg);
            return -1;
        }
        last = s->t;
        drain(&c, e, decision_log);
    }
    gk_engine_advance(e, last + tail);
    drain(&c, e, decision_log);
    out->end_time = last + tail;
    if (setup && setup->metrics_format >= 0) {
        size_t length = 0;
        gk_engine_write_metrics(e, (uint32_t)setup->metrics_format, NULL, 0, &length);
        out->metrics = malloc(length + 1);
        if (out->metrics && gk_engine_write_metrics(e, (uint32_t)setup->metrics_format, out->metrics, length + 1, NULL) != GK_OK) {
            free(out->metrics);
            out->metrics = NULL;
        }
    }
    gk_engine_destroy(e);
    return 0;
}

void gkt_replay_free(gkt_replay *r) {
    for (size_t i = 0; i < r->nlines; i++) free(r->lines[i]);
    for (size_t i = 0; i < r->nlog; i++) free(r->log[i]);
    for (size_t i = 0; i < r->naudit; i++) free(r->audit[i]);
    free(r->lines);
    free(r->log);
    free(r->audit);
    free(r->events);
    free(r->metrics);
    memset(r, 0, sizeof *r);
}
