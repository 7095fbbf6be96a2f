/* SVG pictures of a replay: the touch paths on the screen with the views outlined, and underneath a
 * timeline with one row per recognizer (its states as bars, its actions as marks). */
#include "trace.h"
#include "trace_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void escape(FILE *out, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

struct id_index { int64_t id; size_t index; };

static int by_id_then_index(const void *a, const void *b) {
    const struct id_index *x = a, *y = b;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* For every touch entry, the index of the next entry with the same touch id (t->ntouches when
 * none). NULL when out of memory. */
static size_t *link_same_ids(const gkt_trace *t) {
    size_t n = t->ntouches;
    size_t *next = malloc((n ? n : 1) * sizeof *next);
    struct id_index *order = malloc((n ? n : 1) * sizeof *order);
    if (!next || !order) {
        free(next);
        free(order);
        return NULL;
    }
    for (size_t k = 0; k < n; k++) order[k] = (struct id_index){t->touches[k].id, k};
    qsort(order, n, sizeof *order, by_id_then_index);
    for (size_t k = 0; k < n; k++)
        next[order[k].index] = k + 1 < n && order[k + 1].id == order[k].id ? order[k + 1].index : n;
    free(order);
    return next;
}

/* The picture's pixels, for drawing no more than the picture can show: `stamp[cell]` records the
 * last path (or marker) that covered each pixel of the screen area, so a path that crosses a pixel
 * it already drew adds no point there, and a marker is drawn once per pixel. What is written is
 * bounded by the number of pixels, not by the length of the trace. */
struct pixels {
    uint32_t *stamp;
    int w, h;
    double scale;
};

static bool pixels_init(struct pixels *g, double screen_w, double screen_h, double scale) {
    g->w = (int)ceil(screen_w * scale) + 1;
    g->h = (int)ceil(screen_h * scale) + 1;
    g->scale = scale;
    if (g->w < 1 || g->h < 1 || g->w > 20000 || g->h > 20000) g->w = g->h = 0;
    g->stamp = g->w ? calloc((size_t)g->w * (size_t)g->h, sizeof *g->stamp) : NULL;
    return g->stamp != NULL;
}

/* The cell of a point in trace coordinates, or -1 outside the picture (or not finite). */
static long pixel_of(const struct pixels *g, double x, double y) {
    double px = floor(x * g->scale), py = floor(y * g->scale);
    if (!g->stamp || !(px >= 0 && py >= 0 && px < g->w && py < g->h)) return -1;
    return (long)py * g->w + (long)px;
}

/* One touch's polyline, thinned to the picture: a point is written when it enters a pixel this
 * path has not covered yet, and the path's last point always. Where points were skipped (the
 * path went over pixels it had drawn), the last one skipped is written first, so that the segment
 * into the new pixel starts where the finger was; when the skipped stretch ended more than two
 * pixels from the last point written, the polyline is broken there (`reopen` closes it and opens
 * another of the same style) rather than drawing a chord the finger never made. Points outside the
 * picture are written as they come. `added`: whether the path covered a pixel no earlier path had
 * (`any`: a stamp shared by every path). */
struct thinning {
    struct pixels *grid, *any;
    uint32_t self, others;
    long last_cell;
    double lx, ly;       /* the last point written */
    double px, py;       /* the last point skipped */
    bool pending, added;
    char reopen[200];
};

static void thin_write(struct thinning *th, FILE *out, double x, double y) {
    fprintf(out, "%.1f,%.1f ", x, y);
    th->lx = x;
    th->ly = y;
}

/* Writes the last point skipped, if any: after a break when it is more than two pixels from the
 * last point written. */
static void thin_end(struct thinning *th, FILE *out) {
    if (!th->pending) return;
    double dx = (th->px - th->lx) * th->grid->scale, dy = (th->py - th->ly) * th->grid->scale;
    if (dx * dx + dy * dy > 4) fputs(th->reopen, out);
    thin_write(th, out, th->px, th->py);
    th->pending = false;
}

static void thin_point(struct thinning *th, FILE *out, double x, double y) {
    long c = pixel_of(th->grid, x, y);
    if (c >= 0 && (c == th->last_cell || th->grid->stamp[c] == th->self)) {
        th->px = x;
        th->py = y;
        th->pending = true;
        return;
    }
    thin_end(th, out);
    thin_write(th, out, x, y);
    th->last_cell = c;
    if (c >= 0) {
        th->grid->stamp[c] = th->self;
        if (th->any->stamp[c] != th->others) {
            th->any->stamp[c] = th->others;
            th->added = true;
        }
    } else {
        th->added = true;
    }
}


/* A round tick step for a time axis of `span` seconds: 1, 2 or 5 times a power of ten, the smallest
 * that gives at most 8 intervals. */
static double tick_step(double span) {
    if (!(span > 0) || !isfinite(span)) return 1;
    double raw = span / 8;
    double mag = pow(10, floor(log10(raw)));
    static const double mult[] = {1, 2, 5, 10};
    for (int i = 0; i < 4; i++)
        if (mult[i] * mag >= raw) return mult[i] * mag;
    return 10 * mag;
}

static const char *palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};

/* The colour of the n-th touch: the palette's eight, then hues a golden angle apart, so that many
 * touches never share one. */
static void touch_color(int n, char *out, size_t size) {
    if (n < 8) snprintf(out, size, "%s", palette[n]);
    else snprintf(out, size, "hsl(%.0f,70%%,40%%)", fmod(n * 137.508, 360.0));
}

/* Text placement that never overlaps: every label's box (estimated from the font size, 0.7 em per
 * character) is kept, and a new label moves down (or up) a line at a time until it is free. */
struct box { double x0, y0, x1, y1; };
struct placer { struct box b[512]; size_t n; };

static struct box text_box(double x, double y, const char *s, double size, int anchor) {
    double w = 0.7 * size * (double)strlen(s) + 2;   /* 0.7 em: DejaVu Sans digits are 0.64 em, "#" 0.84 */
    double x0 = anchor == 0 ? x : anchor == 1 ? x - w / 2 : x - w;
    return (struct box){x0, y - 0.8 * size, x0 + w, y + 0.25 * size};
}

static bool free_at(const struct placer *p, struct box b) {
    for (size_t i = 0; i < p->n; i++)
        if (b.x0 < p->b[i].x1 && p->b[i].x0 < b.x1 && b.y0 < p->b[i].y1 && p->b[i].y0 < b.y1) return false;
    return true;
}

static void keep(struct placer *p, struct box b) {
    if (p->n < sizeof p->b / sizeof p->b[0]) p->b[p->n++] = b;
}

/* Finds a free spot for `s` near (x, y), between ymin and ymax, moving a line at a time; writes the
 * baseline to *oy and returns true, or false when the area is full (the label is then left out). */
static bool place(struct placer *p, double x, double y, const char *s, double size, double ymin, double ymax,
                  double *oy) {
    if (p->n >= sizeof p->b / sizeof p->b[0]) return false;
    for (int k = 0; k < 80; k++) {
        double cy = y + (k % 2 ? -1 : 1) * ((k + 1) / 2) * (size + 2);
        if (cy - size < ymin || cy > ymax) continue;
        struct box b = text_box(x, cy, s, size, 0);
        if (free_at(p, b)) {
            keep(p, b);
            *oy = cy;
            return true;
        }
    }
    return false;
}

void gkt_write_svg(const gkt_trace *t, const gkt_replay *r, const char *title, FILE *out) {
    const double width = 800, margin = 20;
    double scale = (width - 2 * margin) / t->width;
    double screen_h = t->height * scale;
    double row = 22, label = 110;
    double timeline_top = margin + screen_h + 50;
    double height = timeline_top + row * (t->nrecognizers + 1) + 40;
    double t_end = r->end_time > 0 ? r->end_time : 1;
    double tl_w = width - margin - label - margin;
#define TX(v) (margin + label + (v) / t_end * tl_w)
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                 "font-family=\"sans-serif\" font-size=\"11\">\n", width, height, width, height);
    fprintf(out, "<title>");
    escape(out, title ? title : "gesturekit trace");
    fprintf(out, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    struct placer *labels = calloc(1, sizeof *labels);
    fprintf(out, "<text x=\"%.1f\" y=\"14\" font-weight=\"bold\">", margin);
    escape(out, title ? title : "gesturekit trace");
    fprintf(out, "</text>\n");
    if (labels) {
        keep(labels, text_box(margin, 14, title ? title : "gesturekit trace", 11, 0));
        keep(labels, text_box(margin, timeline_top - 8, "recognizers", 11, 0));
    }
    /* The screen and the views (frames relative to their parents; transforms are not drawn). Labels
     * are written outside the scaled group, in picture coordinates, where they are placed. */
    const double ox = margin, oy = margin + 6;
    fprintf(out, "<g transform=\"translate(%.1f,%.1f) scale(%.6f)\">\n", ox, oy, scale);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%g\" height=\"%g\" fill=\"#f4f4f4\" stroke=\"#333\" "
                 "stroke-width=\"%.3f\"/>\n", t->width, t->height, 1.5 / scale);
    double *vx = calloc((size_t)(t->nviews > 0 ? t->nviews : 1), sizeof *vx);
    double *vy = calloc((size_t)(t->nviews > 0 ? t->nviews : 1), sizeof *vy);
    for (int i = 0; i < t->nviews; i++) {
        const gkt_view *v = &t->views[i];
        double x = v->x, y = v->y;
        int hops = 0;   /* the reader refuses cycles; the bound keeps a hand-built trace finite too */
        for (const gkt_view *p = v; strcmp(p->parent, "root") != 0 && hops++ < t->nviews;) {
            const gkt_view *q = NULL;
            for (int k = 0; k < t->nviews; k++)
                if (strcmp(t->views[k].name, p->parent) == 0) q = &t->views[k];
            if (!q || q == p) break;
            x += q->x;
            y += q->y;
            p = q;
        }
        if (vx && vy) { vx[i] = x; vy[i] = y; }
        double w = v->w > 0 ? v->w : t->width, h = v->h > 0 ? v->h : t->height;
        fprintf(out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#888\" "
                     "stroke-dasharray=\"%.2f\" stroke-width=\"%.3f\"/>\n", x, y, w, h, 6 / scale, 1 / scale);
    }
    /* Touch paths: one polyline per touch, a dot where it went down, a square where it lifted, its id
     * beside the dot. next[k] is the next entry with the same id as entry k, so each path is walked
     * in linear time. */
    size_t *next = link_same_ids(t);
    int color = 0;
    size_t nlabels = 0, cap_labels = 0;
    struct touch_label { double x, y; int64_t id; char color[40]; } *tl = NULL;
    /* Each path thinned to the picture's pixels; a touch that covers no pixel an earlier one did
     * not, and whose dot and square stand where others already do, is left out whole. */
    struct pixels own = {0}, any = {0}, marks = {0};
    uint32_t paths = 0;
    bool thinned = pixels_init(&own, t->width, t->height, scale) && pixels_init(&any, t->width, t->height, scale) &&
                   pixels_init(&marks, t->width, t->height, scale);
    char *path_text = NULL;
    size_t path_size = 0;
    for (size_t i = 0; next && i < t->ntouches; i++) {
        const gk_touch *first = &t->touches[i];
        if (first->phase != GK_TOUCH_BEGAN) continue;
        char c[40];
        touch_color(color, c, sizeof c);
        FILE *points = thinned ? open_memstream(&path_text, &path_size) : NULL;
        FILE *pout = points ? points : out;
        if (!points) fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.3f\" points=\"", c, 2.5 / scale);
        struct thinning th = {&own, &any, ++paths, 1, -2, first->x, first->y, 0, 0, false, !points, ""};
        snprintf(th.reopen, sizeof th.reopen, "\"><title>touch %lld</title></polyline>\n<polyline fill=\"none\" "
                 "stroke=\"%s\" stroke-width=\"%.3f\" points=\"", (long long)first->id, c, 2.5 / scale);
        double lx = first->x, ly = first->y;
        for (size_t k = i; k < t->ntouches; k = next[k]) {
            const gk_touch *tc = &t->touches[k];
            if (k > i && tc->phase == GK_TOUCH_BEGAN) break;
            if (isfinite(tc->x) && isfinite(tc->y)) { lx = tc->x; ly = tc->y; }
            if (points) thin_point(&th, pout, lx, ly);
            else fprintf(out, "%.1f,%.1f ", lx, ly);
            if (tc->phase == GK_TOUCH_ENDED || tc->phase == GK_TOUCH_CANCELLED) break;
        }
        bool dot = true, square = true;
        if (points) {
            thin_end(&th, pout);
            fclose(points);
            long d = pixel_of(&marks, first->x, first->y), q = pixel_of(&marks, lx, ly);
            dot = d < 0 || !(marks.stamp[d] & 1);
            square = q < 0 || !(marks.stamp[q] & 2);
            if (d >= 0) marks.stamp[d] |= 1;
            if (q >= 0) marks.stamp[q] |= 2;
            if (!th.added && !dot && !square) {   /* nothing the picture does not show already */
                free(path_text);
                path_text = NULL;
                continue;
            }
            fprintf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.3f\" points=\"%s", c, 2.5 / scale,
                    path_text ? path_text : "");
            free(path_text);
            path_text = NULL;
        }
        color++;
        fprintf(out, "\"><title>touch %lld</title></polyline>\n", (long long)first->id);
        /* As `gesturekit view` draws them: a lifted finger is a ring where it lifted, with its
         * label there; where it landed, a small square (the view draws none; see the legend). */
        if (dot)
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>\n",
                    first->x - 3 / scale, first->y - 3 / scale, 6 / scale, 6 / scale, c);
        if (square)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.2f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.3f\"/>\n",
                    lx, ly, 5 / scale, c, 1.5 / scale);
        if (square && nlabels < 512 && gkt_grow((void **)&tl, &cap_labels, nlabels + 1, sizeof *tl) == 0) {
            tl[nlabels] = (struct touch_label){lx, ly, first->id, ""};
            snprintf(tl[nlabels].color, sizeof tl[nlabels].color, "%s", c);
            nlabels++;
        }
    }
    free(next);
    /* Hover: a dashed path, thinned the same way. */
    int hovering = 0;
    struct thinning hover = {&own, &any, ++paths, 1, -2, 0, 0, 0, 0, false, false, ""};
    snprintf(hover.reopen, sizeof hover.reopen, "\"/>\n<polyline fill=\"none\" stroke=\"#999\" "
             "stroke-dasharray=\"%.2f\" stroke-width=\"%.3f\" points=\"", 4 / scale, 1.5 / scale);
    for (size_t i = 0; i < t->nsteps; i++) {
        const gkt_step *s = &t->steps[i];
        if (s->kind != GKT_HOVER || !isfinite(s->x)) continue;
        if (!hovering) fprintf(out, "<polyline fill=\"none\" stroke=\"#999\" stroke-dasharray=\"%.2f\" stroke-width=\"%.3f\" points=\"", 4 / scale, 1.5 / scale);
        hovering = 1;
        if (thinned) thin_point(&hover, out, s->x, s->y);
        else fprintf(out, "%.1f,%.1f ", s->x, s->y);
    }
    if (hovering) {
        thin_end(&hover, out);
        fprintf(out, "\"/>\n");
    }
    free(own.stamp);
    free(any.stamp);
    free(marks.stamp);
    fprintf(out, "</g>\n");
    /* The labels of the views and the touches, placed so that none overlaps another. */
    double top = oy, bottom = oy + screen_h;
    for (int i = 0; labels && i < t->nviews; i++) {
        double ly;
        if (!place(labels, ox + vx[i] * scale + 4, oy + vy[i] * scale + 14, t->views[i].name, 11, top, bottom, &ly))
            continue;
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#666\">", ox + vx[i] * scale + 4, ly);
        escape(out, t->views[i].name);
        fprintf(out, "</text>\n");
    }
    /* The touch-down dots are obstacles too: an id written over a dot cannot be read. */
    for (size_t i = 0; labels && i < nlabels; i++) {
        double px = ox + tl[i].x * scale, py = oy + tl[i].y * scale;
        if (isfinite(px) && isfinite(py)) keep(labels, (struct box){px - 6, py - 6, px + 6, py + 6});
    }
    for (size_t i = 0; labels && i < nlabels; i++) {
        char id[32];
        snprintf(id, sizeof id, "#%lld", (long long)tl[i].id);
        double px = ox + tl[i].x * scale + 7, py = oy + tl[i].y * scale - 6, ly;
        if (!isfinite(px) || !isfinite(py)) continue;
        if (!place(labels, px, py, id, 10, top, bottom, &ly)) continue;
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"%s\">%s</text>\n", px, ly, tl[i].color, id);
    }
    free(tl);
    free(vx);
    free(vy);
    free(labels);
    /* The timeline. */
    fprintf(out, "<g>\n<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">recognizers</text>\n", margin, timeline_top - 8);
    for (int i = 0; i < t->nrecognizers; i++) {
        double y = timeline_top + i * row;
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", margin, y + 14);
        escape(out, t->recognizers[i].name);
        fprintf(out, "</text>\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
                TX(0), y + 10, TX(t_end), y + 10);
        /* Bars from began to the end of the gesture; marks for actions. At most one mark of a kind
         * per pixel of the row, and bars that touch are drawn as one, so that the row is bounded by
         * its width however many gestures the trace holds. */
        double began = -1;
        long last_mark[4] = {-1, -1, -1, -1}, last_cross = -1;
        double bar_x0 = 0, bar_x1 = -1;   /* the bar being merged, picture x; none while x1 < x0 */
        for (size_t k = 0; k < r->nevents; k++) {
            const gkt_event *ev = &r->events[k];
            if (ev->recognizer != i) continue;
            if (ev->action) {
                const char *fill = ev->to == GK_STATE_ENDED ? "#2ca02c" : ev->to == GK_STATE_CANCELLED ? "#d62728" : "#1f77b4";
                int kind = ev->to == GK_STATE_BEGAN ? 0 : ev->to == GK_STATE_CHANGED ? 1 : ev->to == GK_STATE_ENDED ? 2 : 3;
                long px = (long)floor(TX(ev->t));
                if (px == last_mark[kind]) continue;
                last_mark[kind] = px;
                fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s %.3f s</title></circle>\n",
                        TX(ev->t), y + 10, fill, ev->to == GK_STATE_BEGAN ? "began" : ev->to == GK_STATE_CHANGED ? "changed"
                        : ev->to == GK_STATE_ENDED ? "ended" : "cancelled", ev->t);
                continue;
            }
            if (ev->to == GK_STATE_BEGAN) began = ev->t;
            if ((ev->to == GK_STATE_ENDED || ev->to == GK_STATE_CANCELLED) && began >= 0) {
                double x0 = TX(began), x1 = TX(ev->t) + 1;
                if (bar_x1 >= bar_x0 && x0 <= bar_x1 + 1) {
                    if (x1 > bar_x1) bar_x1 = x1;   /* touches the bar before: one bar */
                } else {
                    if (bar_x1 >= bar_x0)
                        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"8\" fill=\"#1f77b4\" opacity=\"0.35\"/>\n",
                                bar_x0, y + 6, bar_x1 - bar_x0);
                    bar_x0 = x0;
                    bar_x1 = x1;
                }
                began = -1;
            }
            if (ev->to == GK_STATE_FAILED) {   /* a cross, drawn (text marks would pile up on each other) */
                long px = (long)floor(TX(ev->t));
                if (px == last_cross) continue;
                last_cross = px;
                fprintf(out, "<path d=\"M%.1f %.1fl6 6m0 -6l-6 6\" stroke=\"#999\" stroke-width=\"1.2\"><title>failed %.3f s"
                             "</title></path>\n", TX(ev->t) - 3, y + 7, ev->t);
            }
        }
        if (bar_x1 >= bar_x0)
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"8\" fill=\"#1f77b4\" opacity=\"0.35\"/>\n",
                    bar_x0, y + 6, bar_x1 - bar_x0);
    }
    double axis_y = timeline_top + t->nrecognizers * row + 10;
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", TX(0), axis_y, TX(t_end), axis_y);
    /* Ticks at a round step (1, 2 or 5 times a power of ten) giving at most about 8 of them, so the
     * loop is short and the labels never crowd, whatever the length. */
    double step = tick_step(t_end);
    int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    /* Wider steps while the widest label would not fit between two ticks. */
    for (int widen = 0; widen < 8; widen++) {
        char widest[48];
        snprintf(widest, sizeof widest, "%.*f s", decimals, floor(t_end / step) * step);
        if (0.7 * 11 * (double)strlen(widest) + 10 <= step / t_end * tl_w) break;
        step = tick_step(step * 8 * 2.01);
        decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    }
    long ticks = (long)floor(t_end / step + 1e-9);
    for (long k = 0; k <= ticks; k++)
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#333\">%.*f s</text>\n",
                TX(k * step), axis_y + 14, decimals, k * step);
    /* The legend: what each mark means, items placed one after another at the width the text
     * checker counts (0.7 em a character). */
    static const char *const legend_marks[] = {
        "<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\" fill=\"#1f77b4\"/>",
        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\"/>",
        "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"8\" fill=\"#1f77b4\" opacity=\"0.35\"/>",
        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#2ca02c\"/>",
        "<path d=\"M%.1f %.1fl6 6m0 -6l-6 6\" stroke=\"#999\" stroke-width=\"1.2\"/>",
    };
    static const char *const words[] = {"landed", "lifted (a ring, as the view draws it)", "a gesture, began to end",
                                        "an action", "failed"};
    static const double dx[] = {0, 5, 0, 3.5, 0}, dy[] = {-6, -3, -7, -3, -7};
    double lx0 = margin, ly0 = axis_y + 34;
    fprintf(out, "<g fill=\"#333\">\n");
    for (int k = 0; k < 5; k++) {
        fprintf(out, legend_marks[k], lx0 + dx[k], ly0 + dy[k]);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", lx0 + 18, ly0, words[k]);
        lx0 += 18 + 0.7 * 11 * (double)strlen(words[k]) + 2 + 16;
    }
    fprintf(out, "</g>\n");
    fprintf(out, "</g>\n</svg>\n");
#undef TX
}
