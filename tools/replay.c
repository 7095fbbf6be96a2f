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
    const gkt_scene *scene;
    gkt_replay *out;
    FILE *stream;   /* gkt_replay_setup.expect_out */
};

/* One expectation line: written at once to the stream, or kept in out->lines. */
static void expectation(struct replay_ctx *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (c->stream) {
        fputs("expect ", c->stream);
        vfprintf(c->stream, fmt, ap);
        fputc('\n', c->stream);
    } else {
        char *line = NULL;
        if (vasprintf(&line, fmt, ap) < 0) line = NULL;
        if (line && gkt_grow((void **)&c->out->lines, &c->out->cap, c->out->nlines + 1, sizeof *c->out->lines) == 0)
            c->out->lines[c->out->nlines++] = line;
        else free(line);
    }
    va_end(ap);
}

static int rec_index(struct replay_ctx *c, gk_recognizer h) { return gkt_scene_recognizer_index(c->scene, c->t, h); }

static const char *view_name(struct replay_ctx *c, gk_view v) {
    for (int i = 0; i < c->t->nviews; i++)
        if (c->scene->views[i] == v) return c->t->views[i].name;
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
            expectation(c, "action %.3f %s %s %u", a.timestamp, i >= 0 ? c->t->recognizers[i].name : "?",
                        gkt_state_names[a.state % 6], a.number_of_touches);
            if (!c->stream && gkt_grow((void **)&c->out->events, &c->out->cap_events, c->out->nevents + 1, sizeof *c->out->events) == 0)
                c->out->events[c->out->nevents++] = (gkt_event){a.timestamp, i, 1, GK_STATE_POSSIBLE, (gk_state)a.state};
            have_a = gk_engine_poll_action(e, &a, sizeof a) == GK_OK;
        } else {
            static const char letters[] = "BMSEC";
            expectation(c, "delivery %.3f %s %c %lld", d.timestamp, view_name(c, d.view), letters[d.phase % 5],
                        (long long)d.touch_id);
            have_d = gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK;
        }
    }
    while (gk_engine_poll_transition(e, &tr, sizeof tr) == GK_OK) {
        int i = rec_index(c, tr.recognizer);
        if (!c->stream && gkt_grow((void **)&c->out->events, &c->out->cap_events, c->out->nevents + 1, sizeof *c->out->events) == 0)
            c->out->events[c->out->nevents++] = (gkt_event){tr.timestamp, i, 0, (gk_state)tr.from_state, (gk_state)tr.to_state};
    }
    while (log && gk_engine_poll_decision(e, &dec, sizeof dec) == GK_OK) {
        char line[256];
        gkt_format_decision(c->scene, c->t, &dec, false, line, sizeof line);
        append(&c->out->log, &c->out->nlog, &c->out->cap_log, "%s", line);
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
    c.stream = setup ? setup->expect_out : NULL;
    gkt_scene scene;
    if (gkt_scene_build(&scene, t, setup, error, size) < 0) return -1;
    gk_engine *e = scene.engine;
    c.scene = &scene;
    gk_status st;
    if (setup && setup->audit) {
        size_t n = 0;
        gk_audit_finding *f = NULL;
        st = gk_engine_audit(e, NULL, 0, sizeof *f, &n);
        if (st == GK_OK && n > 0) {
            f = calloc(n, sizeof *f);
            if (!f) {
                gkt_scene_destroy(&scene);
                gkt_replay_free(out);
                return gkt_fail(error, size, 0, "audit: out of memory");
            }
            st = gk_engine_audit(e, f, n, sizeof *f, &n);
        }
        for (size_t k = 0; st == GK_OK && k < n; k++) {
            int ri = rec_index(&c, f[k].recognizer);
            const char *view = "root";
            for (int v = 0; v < t->nviews; v++)
                if (scene.views[v] == f[k].view) view = t->views[v].name;
            append(&out->audit, &out->naudit, &out->cap_audit, "audit %s %s %s: %s", view,
                   ri >= 0 ? t->recognizers[ri].name : "?", gk_audit_rule_string(f[k].rule),
                   gk_audit_suggestion_string(f[k].suggestion));
        }
        free(f);
        if (st != GK_OK) {
            gkt_scene_destroy(&scene);
            gkt_replay_free(out);
            return gkt_fail(error, size, 0, "audit: %s", gk_status_string(st));
        }
    }
    if (decision_log) gk_engine_set_decision_log(e, 1u << 16);
    double last = 0;
    for (size_t i = 0; i < t->nsteps; i++) {
        const gkt_step *s = &t->steps[i];
        st = gkt_scene_feed(&scene, t, s);
        if (st != GK_OK) {
            char msg[160];
            snprintf(msg, sizeof msg, "step %zu at t=%.6f: %s", i + 1, s->t, gk_status_string(st));
            gkt_scene_destroy(&scene);
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
    gkt_scene_destroy(&scene);
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
