/* The trace format's writer (numbers in their shortest exact form) and the flight recorder turned
 * into trace steps. The reader is trace.c. See trace.h and docs/TRACE-FORMAT.md. */

#include "trace.h"
#include "trace_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The shortest decimal that reads back as exactly `v` (strtod gives the same double), so that a trace
 * written and read again replays bit for bit: a pan sitting on its 10 pt threshold stays on the
 * same side of it. It is written as a person reads it: 800 and 0.00025, not 8e+02 and 2.5e-04;
 * only magnitudes beyond 1e17 or below 1e-6 keep an exponent. */
static void write_exact(FILE *out, double v) {
    char buf[48];
    int p = 1;
    for (; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, v);
        if (strtod(buf, NULL) == v) break;
    }
    const char *e = strchr(buf, 'e');
    if (e) {
        int exponent = atoi(e + 1);
        if (exponent >= -6 && exponent < 17) {
            /* The same p significant digits, without the exponent. */
            char plain[48];
            int decimals = p - 1 - exponent;
            snprintf(plain, sizeof plain, "%.*f", decimals > 0 ? decimals : 0, v);
            if (strtod(plain, NULL) == v) {
                fputs(plain, out);
                return;
            }
        }
    }
    fputs(buf, out);
}

static void write_number(FILE *out, double v) {
    if (isnan(v)) fputs("-", out);
    else write_exact(out, v);
}

void gkt_write(const gkt_trace *t, FILE *out, bool with_expectations) {
    fputs("gesturekit-trace 1\nscreen ", out);
    write_exact(out, t->width);
    fputc(' ', out);
    write_exact(out, t->height);
    fputc('\n', out);
    for (int i = 0; i < t->nviews; i++) {
        const gkt_view *v = &t->views[i];
        fprintf(out, "view %s %s ", v->name, v->parent);
        const double g[4] = {v->x, v->y, v->w, v->h};
        for (int k = 0; k < 4; k++) {
            if (k) fputc(' ', out);
            write_exact(out, g[k]);
        }
        fprintf(out, "%s%s%s\n", v->multitouch ? " multitouch" : "", v->inline_target ? " inline" : "",
                v->essential ? " essential" : "");
    }
    for (int i = 0; i < t->nrecognizers; i++) {
        const gkt_recognizer *r = &t->recognizers[i];
        fprintf(out, "recognizer %s %s %s", r->name, r->kind, r->view);
        for (int k = 0; k < r->nprops; k++) fprintf(out, " %s=%s", r->prop_key[k], r->prop_value[k]);
        fputc('\n', out);
    }
    for (int i = 0; i < t->nrecognizers; i++) {
        for (int k = 0; k < t->recognizers[i].nrequires; k++)
            fprintf(out, "require %s %s\n", t->recognizers[i].name, t->recognizers[i].requires[k]);
        for (int k = 0; k < t->recognizers[i].nalternatives; k++)
            fprintf(out, "alternative %s %s\n", t->recognizers[i].name, t->recognizers[i].alternatives[k]);
    }
    for (size_t i = 0; i < t->nsteps; i++) {
        const gkt_step *s = &t->steps[i];
        switch (s->kind) {
        case GKT_FRAME:
            fputs("frame ", out);
            write_exact(out, s->t);
            for (size_t k = 0; k < s->count; k++) {
                const gk_touch *tc = &t->touches[s->first + k];
                fprintf(out, " %lld:%s:", (long long)tc->id, gkt_phase_names[tc->phase % 5]);
                write_number(out, tc->x);
                fputc(':', out);
                write_number(out, tc->y);
                if (tc->type) fprintf(out, ":%s", gkt_type_names[tc->type % 3]);
            }
            fputc('\n', out);
            break;
        case GKT_HOVER:
            fputs("hover ", out);
            write_exact(out, s->t);
            fprintf(out, " %s ", gkt_hover_names[s->hover_phase % 3]);
            write_number(out, s->x);
            fputc(' ', out);
            write_number(out, s->y);
            fprintf(out, " %s\n", s->hover_type == GK_TOUCH_TYPE_INDIRECT_POINTER ? "pointer" : "stylus");
            break;
        case GKT_PRESS:
            fputs("press ", out);
            write_exact(out, s->t);
            if (s->press_type < 8) fprintf(out, " %s %s", gkt_press_names[s->press_type], gkt_phase_names[s->press_phase % 5]);
            else fprintf(out, " key%d %s", (int)s->press_type - 8, gkt_phase_names[s->press_phase % 5]);
            if (s->force != 0) {
                fputc(' ', out);
                write_exact(out, s->force);
            }
            fputc('\n', out);
            break;
        case GKT_FOCUS:
            fputs("focus ", out);
            write_exact(out, s->t);
            fprintf(out, " %s\n", t->focus_views[s->first]);
            break;
        case GKT_ADVANCE:
        case GKT_CANCEL:
            fputs(s->kind == GKT_ADVANCE ? "advance " : "cancel ", out);
            write_exact(out, s->t);
            fputc('\n', out);
            break;
        }
    }
    if (with_expectations)
        for (size_t i = 0; i < t->nexpect; i++) fprintf(out, "expect %s\n", t->expect[i]);
}

int gkt_add_recorded(gkt_trace *t, const gk_recorded_input *e, size_t n) {
    size_t i = 0;
    while (i < n) {
        switch (e[i].kind) {
        case GK_RECORDED_TOUCH: {
            size_t j = i + 1;
            while (j < n && e[j].kind == GK_RECORDED_TOUCH && !e[j].starts_frame && e[j].timestamp == e[i].timestamp) j++;
            gk_touch frame[GK_MAX_FRAME_TOUCHES];
            size_t c = 0;
            for (size_t k = i; k < j && c < GK_MAX_FRAME_TOUCHES; k++) frame[c++] = e[k].touch;
            if (gkt_add_frame(t, e[i].timestamp, frame, c) < 0) return -1;
            i = j;
            continue;
        }
        case GK_RECORDED_EMPTY_FRAME: if (gkt_add_frame(t, e[i].timestamp, NULL, 0) < 0) return -1; break;
        case GK_RECORDED_HOVER:
            if (gkt_add_hover_typed(t, e[i].timestamp, (gk_hover_phase)e[i].hover_phase, (gk_touch_type)e[i].hover_type,
                                    e[i].touch.x, e[i].touch.y) < 0) return -1;
            break;
        case GK_RECORDED_ADVANCE: if (gkt_add_advance(t, e[i].timestamp) < 0) return -1; break;
        case GK_RECORDED_CANCEL_ALL: if (gkt_add_cancel(t, e[i].timestamp) < 0) return -1; break;
        case GK_RECORDED_PRESS:
            if (gkt_add_press(t, e[i].timestamp, (gk_press_type)e[i].touch.id, (gk_touch_phase)e[i].touch.phase,
                              e[i].touch.force) < 0) return -1;
            break;
        default: break;
        }
        i++;
    }
    return 0;
}

int gkt_dump_flight_recorder(gk_engine *engine, const gkt_trace *scene, FILE *out) {
    size_t n = 0;
    if (gk_engine_read_flight_recorder(engine, NULL, 0, sizeof(gk_recorded_input), &n) != GK_OK) return -1;
    gk_recorded_input *e = calloc(n ? n : 1, sizeof *e);
    if (!e) return -1;
    if (gk_engine_read_flight_recorder(engine, e, n, sizeof *e, &n) != GK_OK) { free(e); return -1; }
    gkt_trace *t = malloc(sizeof *t);
    if (!t) { free(e); return -1; }
    gkt_init(t);
    if (scene) {
        t->width = scene->width;
        t->height = scene->height;
        t->nviews = scene->nviews;
        memcpy(t->views, scene->views, sizeof t->views);
        t->nrecognizers = scene->nrecognizers;
        memcpy(t->recognizers, scene->recognizers, sizeof t->recognizers);
    }
    int rc = gkt_add_recorded(t, e, n);
    if (rc == 0) gkt_write(t, out, false);
    gkt_free(t);
    free(t);
    free(e);
    return rc;
}
