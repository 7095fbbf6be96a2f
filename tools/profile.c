/* Measuring a panel from a recording (`gesturekit profile`): sample rate, sensor noise, contact
 * sizes, and whether the panel reports pressure and size. docs/INPUT.md ("Panel profiles") says
 * how each number is measured and what to record. */
#include "trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct track {
    int64_t id;
    double *t, *x, *y;
    size_t n, cap;
    double lifted;   /* when it lifted, or 0 (still down at the end) */
} track;

/* A touch that hardly moves: down for at least GKT_HOLD_TIME with every report within
 * GKT_HOLD_RADIUS of where it landed. */
#define GKT_HOLD_TIME 0.2
#define GKT_HOLD_RADIUS 15.0

/* A panel that reports only changes sends nothing while a finger rests, so a resting finger gives
 * no window of 5 reports. For such a touch that hardly moves, the noise is what its reports do
 * give: the largest distance of a report from their mean (creep and the panel's own steps
 * together). Returns -1 for a touch that moves or is too short to say. */
static double hold_spread(const track *k) {
    double end = k->lifted > 0 ? k->lifted : (k->n ? k->t[k->n - 1] : 0);
    if (k->n < 2 || end - k->t[0] < GKT_HOLD_TIME) return -1;
    double mx = 0, my = 0;
    for (size_t i = 0; i < k->n; i++) {
        if (hypot(k->x[i] - k->x[0], k->y[i] - k->y[0]) > GKT_HOLD_RADIUS) return -1;
        mx += k->x[i];
        my += k->y[i];
    }
    mx /= (double)k->n;
    my /= (double)k->n;
    double worst = 0;
    for (size_t i = 0; i < k->n; i++) worst = fmax(worst, hypot(k->x[i] - mx, k->y[i] - my));
    return worst;
}

static int push(track *k, double t, double x, double y) {
    if (k->n == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 64;
        double *nt = realloc(k->t, cap * sizeof *nt);
        if (!nt) return -1;
        k->t = nt;
        double *nx = realloc(k->x, cap * sizeof *nx);
        if (!nx) return -1;
        k->x = nx;
        double *ny = realloc(k->y, cap * sizeof *ny);
        if (!ny) return -1;
        k->y = ny;
        k->cap = cap;
    }
    k->t[k->n] = t;
    k->x[k->n] = x;
    k->y[k->n] = y;
    k->n++;
    return 0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The value below which `q` of the sorted values lie (nearest rank). */
static double quantile(double *v, size_t n, double q) {
    if (n == 0) return 0;
    qsort(v, n, sizeof *v, by_value);
    size_t i = (size_t)ceil(q * (double)n);
    return v[i > 0 ? i - 1 : 0];
}

/* Largest distance of the samples [a, b) from the straight-line motion fitted to them (least
 * squares in t), and the speed of that motion. */
static double residual(const track *k, size_t a, size_t b, double *speed) {
    double n = (double)(b - a), st = 0, sx = 0, sy = 0, stt = 0, stx = 0, sty = 0;
    double t0 = k->t[a];
    for (size_t i = a; i < b; i++) {
        double t = k->t[i] - t0;
        st += t; sx += k->x[i]; sy += k->y[i];
        stt += t * t; stx += t * k->x[i]; sty += t * k->y[i];
    }
    double den = n * stt - st * st;
    double vx = den > 1e-12 ? (n * stx - st * sx) / den : 0, vy = den > 1e-12 ? (n * sty - st * sy) / den : 0;
    double cx = (sx - vx * st) / n, cy = (sy - vy * st) / n;
    double worst = 0;
    for (size_t i = a; i < b; i++) {
        double t = k->t[i] - t0;
        double d = hypot(k->x[i] - (cx + vx * t), k->y[i] - (cy + vy * t));
        if (d > worst) worst = d;
    }
    *speed = hypot(vx, vy);
    return worst;
}

/* Sample rate: the intervals between successive frames that both move a finger. A landing or a
 * lift is no sample: a panel that reports only changes sends a still tap as a down and an up,
 * 100 ms apart. Left out too: intervals under GKT_BURST_INTERVAL (one sample sent in pieces: an
 * Android driver sends each finger in a frame of its own, 0.6 ms apart; one 30 us interval once
 * made a "33288 Hz" panel) and over GKT_STILL_GAP (such a panel, silent while a finger rests).
 *
 * Such a panel reports a finger that moves slowly only when it has moved a step, so a still hold
 * gives intervals of the finger's creep, not of the panel's scan (a hold once measured 32 Hz on a
 * panel whose drags give 88 to 134 Hz). So the rate is taken from the intervals across which a
 * finger was moving at GKT_FAST_SPEED or more, where every panel reports every scan, when there are 5
 * of them; otherwise from all the intervals only when they are regular (the 90th percentile
 * within 1.6 times the 10th: jitter between 8 and 12 ms is regular) and at least GKT_LOWEST_RATE;
 * otherwise it is not measured. */
#define GKT_BURST_INTERVAL 0.002   /* 500 Hz: no touch panel samples faster */
#define GKT_STILL_GAP 0.25
#define GKT_FAST_SPEED 200.0       /* pt/s: 2 pt a scan at 100 Hz, past any panel's step */
#define GKT_LOWEST_RATE 40.0       /* Hz: touch panels scan at 50 Hz or faster */
#define GKT_SEEN 16                /* touches whose last report frame_intervals() remembers */

#define GKT_SPEED_SPAN 0.03          /* s: a finger's speed is taken over its reports this far back */
#define GKT_HISTORY 8

typedef struct interval_set {
    double *all, *fast;   /* each with room for nsteps */
    size_t nall, nfast;
} interval_set;

/* A touch's latest reports, for its speed over GKT_SPEED_SPAN (over one interval, a short one would
 * look faster than the long one beside it, and the fast intervals would be the short ones). */
typedef struct recent_reports {
    int64_t id;
    size_t n;   /* reports pushed; the last GKT_HISTORY are kept */
    double t[GKT_HISTORY], x[GKT_HISTORY], y[GKT_HISTORY];
} recent_reports;

static double push_report(recent_reports *r, double t, double x, double y) {
    r->t[r->n % GKT_HISTORY] = t;
    r->x[r->n % GKT_HISTORY] = x;
    r->y[r->n % GKT_HISTORY] = y;
    r->n++;
    /* The newest report at least GKT_SPEED_SPAN old, or the oldest kept. */
    size_t kept = r->n < GKT_HISTORY ? r->n : GKT_HISTORY, from = 0;
    for (size_t back = 1; back < kept; back++) {
        from = (r->n - 1 - back) % GKT_HISTORY;
        if (t - r->t[from] >= GKT_SPEED_SPAN) break;
    }
    double dt = t - r->t[from];
    return kept > 1 && dt > 0 ? hypot(x - r->x[from], y - r->y[from]) / dt : 0;
}

static void frame_intervals(const gkt_trace *t, interval_set *out) {
    bool moved_before = false;
    double last = 0;
    recent_reports seen[GKT_SEEN];
    size_t nseen = 0;
    out->nall = out->nfast = 0;
    for (size_t s = 0; s < t->nsteps; s++) {
        const gkt_step *st = &t->steps[s];
        if (st->kind != GKT_FRAME) continue;
        bool moves = false, fast = false;
        for (size_t i = 0; i < st->count; i++) {
            const gk_touch *c = &t->touches[st->first + i];
            if (c->phase != GK_TOUCH_MOVED && c->phase != GK_TOUCH_BEGAN) continue;
            moves = moves || c->phase == GK_TOUCH_MOVED;
            size_t j = 0;
            while (j < nseen && seen[j].id != c->id) j++;
            if (j == nseen) {
                if (nseen < GKT_SEEN) nseen++;
                else j = (size_t)(c->id & (GKT_SEEN - 1));   /* full: reuse a slot */
                seen[j].id = c->id;
                seen[j].n = 0;
            }
            if (c->phase == GK_TOUCH_BEGAN) seen[j].n = 0;
            double speed = push_report(&seen[j], st->t, c->x, c->y);
            if (c->phase == GK_TOUCH_MOVED && speed >= GKT_FAST_SPEED) fast = true;
        }
        double dt = st->t - last;
        if (moves && moved_before && dt >= GKT_BURST_INTERVAL && dt <= GKT_STILL_GAP) {
            out->all[out->nall++] = dt;
            if (fast) out->fast[out->nfast++] = dt;
        }
        /* A burst's frame does not start the next interval: the one before it does. */
        if (!(moves && moved_before && dt < GKT_BURST_INTERVAL)) last = st->t;
        moved_before = moves;
    }
}

/* The mean of the intervals within half and one and a half times their median: a panel whose
 * timestamps jitter between two values (the Wacom ISDv4 alternates 8 and 12 ms, 100 Hz) has a
 * median at either, and a pause or a missed scan is left out. */
static double typical_interval(double *v, size_t n) {
    double median = quantile(v, n, 0.5), sum = 0;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (v[i] >= 0.5 * median && v[i] <= 1.5 * median) { sum += v[i]; kept++; }
    return kept ? sum / (double)kept : median;
}

/* The sample rate the intervals give (rounded Hz), or 0 with `why` saying what was missing. */
static double rate_of(interval_set *iv, const char **why) {
    if (iv->nfast >= 5) return round(1 / typical_interval(iv->fast, iv->nfast));
    if (iv->nall < 5) {
        *why = "too few intervals between frames that move a finger (5 needed; a still tap on a panel "
               "that reports only changes gives none)";
        return 0;
    }
    double typical = typical_interval(iv->all, iv->nall);
    double low = quantile(iv->all, iv->nall, 0.1), high = quantile(iv->all, iv->nall, 0.9);
    if (high > 1.6 * low || 1 / typical < GKT_LOWEST_RATE) {
        *why = "the fingers moved too slowly: a panel that reports only changes sends a resting finger "
               "when it has crept a step, not at its scan rate (record a drag)";
        return 0;
    }
    return round(1 / typical);
}

int gkt_measure_profile(const gkt_trace *t, gk_panel_profile *out, FILE *report) {
    gk_panel_profile_init(out);
    track *tracks = NULL;
    size_t ntracks = 0, cap = 0;
    size_t contacts = 0, with_force = 0, with_size = 0;
    double largest = 0;
    int rc = 0;
    for (size_t s = 0; s < t->nsteps && rc == 0; s++) {
        const gkt_step *st = &t->steps[s];
        if (st->kind != GKT_FRAME) continue;
        for (size_t i = 0; i < st->count && rc == 0; i++) {
            const gk_touch *c = &t->touches[st->first + i];
            if (c->phase == GK_TOUCH_ENDED || c->phase == GK_TOUCH_CANCELLED) {
                for (size_t j = ntracks; j-- > 0;)
                    if (tracks[j].id == c->id && tracks[j].lifted == 0) { tracks[j].lifted = st->t; break; }
                continue;
            }
            if (c->phase != GK_TOUCH_BEGAN && c->phase != GK_TOUCH_MOVED) continue;
            contacts++;
            if (c->force > 0) with_force++;
            if (c->major_radius > 0) with_size++;
            if (c->major_radius > largest) largest = c->major_radius;
            track *k = NULL;
            if (c->phase == GK_TOUCH_BEGAN) {
                if (ntracks == cap) {
                    size_t ncap = cap ? cap * 2 : 16;
                    track *nt = realloc(tracks, ncap * sizeof *nt);
                    if (!nt) { rc = -1; break; }
                    tracks = nt;
                    cap = ncap;
                }
                k = &tracks[ntracks++];
                memset(k, 0, sizeof *k);
                k->id = c->id;
            } else {
                for (size_t j = ntracks; j-- > 0;)
                    if (tracks[j].id == c->id) { k = &tracks[j]; break; }
            }
            if (k && push(k, st->t, c->x, c->y) < 0) rc = -1;
        }
    }
    /* At most one noise measure per report (a window holds at least 5; a still touch gives one). */
    size_t reports = 0, nwindows = 0;
    for (size_t j = 0; j < ntracks; j++) reports += tracks[j].n;
    double *intervals = rc == 0 ? malloc(2 * (t->nsteps + 1) * sizeof *intervals) : NULL;
    double *noise = rc == 0 ? malloc((reports + 1) * sizeof *noise) : NULL;
    if (rc == 0 && (!intervals || !noise)) rc = -1;
    interval_set iv = {intervals, intervals ? intervals + t->nsteps + 1 : NULL, 0, 0};
    if (rc == 0) frame_intervals(t, &iv);
    size_t holds = 0;   /* touches measured by hold_spread() */
    for (size_t j = 0; rc == 0 && j < ntracks; j++) {
        const track *k = &tracks[j];
        size_t track_windows = nwindows;
        /* Noise: windows of at least 100 ms and 5 reports, leaving out the first and last 50 ms
           of the touch (landing and lifting), in which the finger rests (moves slower than
           50 pt/s); the largest distance of a report from the window's fitted motion. */
        size_t a = 0;
        while (a < k->n && k->t[a] < k->t[0] + 0.05) a++;
        double end = k->n ? k->t[k->n - 1] - 0.05 : 0;
        while (a < k->n && k->t[a] <= end) {
            size_t b = a;
            while (b < k->n && k->t[b] <= end && k->t[b] - k->t[a] < 0.1) b++;
            if (b < k->n && k->t[b] <= end) b++;
            if (b - a >= 5 && k->t[b - 1] - k->t[a] >= 0.1) {
                double speed;
                double r = residual(k, a, b, &speed);
                if (speed < 50) noise[nwindows++] = r;
            }
            a = b;
        }
        if (nwindows == track_windows) {
            double spread = hold_spread(k);
            if (spread >= 0) {
                noise[nwindows++] = spread;
                holds++;
            }
        }
    }
    if (rc == 0) {
        /* A rate that cannot be told is left at 0 (unknown). */
        const char *why = "";
        size_t nall = iv.nall, nfast = iv.nfast;
        out->sample_rate_hz = rate_of(&iv, &why);
        out->noise = nwindows ? round(quantile(noise, nwindows, 0.9) * 100) / 100 : 0;
        out->reports_pressure = contacts > 0 && with_force == contacts;
        out->reports_size = contacts > 0 && with_size == contacts;
        out->max_contact_radius = with_size > 0 ? round(largest * 1.5 * 100) / 100 : 0;
        if (report) {
            if (out->sample_rate_hz > 0 && nfast >= 5)
                fprintf(report, "sample rate: %.0f Hz (typical of %zu intervals between frames that move a finger "
                                "%.0f pt/s or faster)\n", out->sample_rate_hz, nfast, GKT_FAST_SPEED);
            else if (out->sample_rate_hz > 0)
                fprintf(report, "sample rate: %.0f Hz (typical of %zu regular intervals between frames that move a "
                                "finger)\n", out->sample_rate_hz, nall);
            else
                fprintf(report, "sample rate: not measured from %zu intervals between frames that move a finger: %s\n",
                        nall, why);
            if (nwindows)
                fprintf(report, "noise: %.2f pt (90th percentile of %zu resting windows of 100 ms and %zu still touches "
                                "of a panel that reported them only on change)\n", out->noise, nwindows - holds, holds);
            else
                fprintf(report, "noise: not measured: no finger rested for 100 ms with 5 reports, and none stayed "
                                "within 15 pt for 200 ms (hold one finger still for a second while recording)\n");
            if (with_size)
                fprintf(report, "contacts: largest radius %.2f pt; max_contact_radius %.2f pt (1.5x)\n", largest,
                        out->max_contact_radius);
            else
                fprintf(report, "contacts: the panel reports no contact size; palms cannot be told apart\n");
            fprintf(report, "reports pressure: %s; reports size: %s (%zu contact reports)\n",
                    out->reports_pressure ? "yes" : "no", out->reports_size ? "yes" : "no", contacts);
        }
    }
    for (size_t j = 0; j < ntracks; j++) {
        free(tracks[j].t);
        free(tracks[j].x);
        free(tracks[j].y);
    }
    free(tracks);
    free(intervals);
    free(noise);
    return rc;
}
