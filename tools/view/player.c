/* The player behind gesturekit view (player.h). */

#include "player.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int rec_index(const gkv_player *p, gk_recognizer h) { return gkt_scene_recognizer_index(&p->scene, p->trace, h); }

static double start_time(const gkt_trace *t) { return t->nsteps ? t->steps[0].t : 0; }

static void reset_state(gkv_player *p) {
    p->next = 0;
    p->time = start_time(p->trace);
    memset(p->touches, 0, sizeof p->touches);
    memset(p->recs, 0, sizeof p->recs);
    p->hidden = 0;
    p->next_colour = 0;
    p->nlog = 0;
    p->refused = 0;
    p->error[0] = 0;
}

static int build(gkv_player *p, char *error, size_t size) {
    if (gkt_scene_build(&p->scene, p->trace, p->setup, error, size) < 0) return -1;
    gk_engine_set_decision_log(p->scene.engine, 4096);
    reset_state(p);
    return 0;
}

int gkv_player_open(gkv_player *p, const gkt_trace *t, const gkt_replay_setup *setup, char *error, size_t size) {
    memset(p, 0, sizeof *p);
    p->trace = t;
    p->setup = setup;
    return build(p, error, size);
}

void gkv_player_close(gkv_player *p) {
    gkt_scene_destroy(&p->scene);
    memset(p, 0, sizeof *p);
}

static gkv_touch *find_touch(gkv_player *p, int64_t id) {
    for (int i = 0; i < GKV_TOUCHES; i++)
        if (p->touches[i].used && p->touches[i].down && p->touches[i].id == id) return &p->touches[i];
    return NULL;
}

static void add_trail(gkv_touch *k) {
    int at = (k->trail_start + k->trail_len) % GKV_TRAIL;
    k->trail_x[at] = (float)k->x;
    k->trail_y[at] = (float)k->y;
    if (k->trail_len < GKV_TRAIL) k->trail_len++;
    else k->trail_start = (k->trail_start + 1) % GKV_TRAIL;
}

/* A free place for a new touch: an unused one, else the one lifted longest ago. */
static gkv_touch *new_touch(gkv_player *p) {
    gkv_touch *oldest = NULL;
    for (int i = 0; i < GKV_TOUCHES; i++) {
        gkv_touch *k = &p->touches[i];
        if (!k->used) return k;
        if (!k->down && (!oldest || k->up_time < oldest->up_time)) oldest = k;
    }
    return oldest;
}

static void lift(gkv_touch *k, double t) {
    k->down = false;
    k->up_time = t;
}

/* The touches of an input frame, as the panel reported them (before any filter). */
static void apply_frame(gkv_player *p, const gkt_step *s) {
    for (size_t i = 0; i < s->count; i++) {
        const gk_touch *in = &p->trace->touches[s->first + i];
        gkv_touch *k = find_touch(p, in->id);
        if (in->phase == GK_TOUCH_BEGAN) {
            if (k) lift(k, s->t);
            k = new_touch(p);
            if (!k) {
                p->hidden++;
                continue;
            }
            memset(k, 0, sizeof *k);
            k->used = k->down = true;
            k->id = in->id;
            k->colour = p->next_colour++;
        }
        if (!k) continue;
        if (isfinite(in->x) && isfinite(in->y)) {
            k->x = in->x;
            k->y = in->y;
        }
        if (in->phase == GK_TOUCH_BEGAN || in->phase == GK_TOUCH_MOVED) {
            k->force = in->force;
            k->radius = in->major_radius;
            add_trail(k);
        }
        if (in->phase == GK_TOUCH_ENDED || in->phase == GK_TOUCH_CANCELLED) lift(k, s->t);
    }
}

static void log_line(gkv_player *p, const gk_decision *d) {
    /* A continuous gesture asks to stay in changed on every frame: that says nothing to a person watching. */
    if (d->from_state == GK_STATE_CHANGED && d->to_state == GK_STATE_CHANGED) return;
    gkt_format_decision(&p->scene, p->trace, d, true, p->log[p->nlog % GKV_LOG_LINES], GKV_LOG_WIDTH);
    p->nlog++;
}

/* What the engine said since the last drain. Deliveries are not shown: they are dropped here. */
static void drain(gkv_player *p) {
    gk_engine *e = p->scene.engine;
    gk_action a;
    gk_delivery d;
    gk_transition tr;
    gk_decision dec;
    /* Transitions first: a recognizer that leaves possible starts a new gesture, whose actions follow. */
    while (gk_engine_poll_transition(e, &tr, sizeof tr) == GK_OK) {
        int i = rec_index(p, tr.recognizer);
        if (i < 0) continue;
        p->recs[i].state = (gk_state)tr.to_state;
        p->recs[i].since = tr.timestamp;
        if (tr.from_state == GK_STATE_POSSIBLE && tr.to_state != GK_STATE_POSSIBLE) p->recs[i].acted = false;
    }
    while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK) {
        int i = rec_index(p, a.recognizer);
        if (i < 0) continue;
        p->recs[i].last = a;
        p->recs[i].acted = true;
    }
    while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK) {}
    while (gk_engine_poll_decision(e, &dec, sizeof dec) == GK_OK) log_line(p, &dec);
}

static void refuse(gkv_player *p, const gkt_step *s, gk_status st) {
    if (p->refused++ == 0)
        snprintf(p->error, sizeof p->error, "step %zu at t=%.6f: %s (skipped)", p->next + 1, s->t, gk_status_string(st));
}

int gkv_player_seek(gkv_player *p, double time, char *error, size_t size) {
    if (!(time >= start_time(p->trace))) time = start_time(p->trace);   /* NaN too */
    if (time < p->time) {
        gkt_scene_destroy(&p->scene);
        if (build(p, error, size) < 0) return -1;
    }
    const gkt_trace *t = p->trace;
    while (p->next < t->nsteps && t->steps[p->next].t <= time) {
        const gkt_step *s = &t->steps[p->next];
        gk_status st = gkt_scene_feed(&p->scene, t, s);
        if (st != GK_OK) refuse(p, s, st);
        else if (s->kind == GKT_FRAME) apply_frame(p, s);
        else if (s->kind == GKT_CANCEL)
            for (int i = 0; i < GKV_TOUCHES; i++)
                if (p->touches[i].down) lift(&p->touches[i], s->t);
        p->next++;
        drain(p);
    }
    gk_engine_advance(p->scene.engine, time);   /* timers due by now; a time the engine passed is refused, harmlessly */
    drain(p);
    p->time = time;
    return 0;
}

double gkv_player_step_time(const gkv_player *p, int direction) {
    const gkt_trace *t = p->trace;
    if (direction > 0) {
        for (size_t i = p->next; i < t->nsteps; i++)
            if (t->steps[i].t > p->time) return t->steps[i].t;
        return p->time;
    }
    for (size_t i = p->next; i-- > 0;)
        if (t->steps[i].t < p->time) return t->steps[i].t;
    return start_time(t);
}

double gkv_player_start(const gkv_player *p) { return start_time(p->trace); }

double gkv_player_end(const gkv_player *p) {
    const gkt_trace *t = p->trace;
    return t->nsteps ? t->steps[t->nsteps - 1].t : 0;
}

const char *gkv_player_log_line(const gkv_player *p, size_t age) {
    if (age >= p->nlog || age >= GKV_LOG_LINES) return NULL;
    return p->log[(p->nlog - 1 - age) % GKV_LOG_LINES];
}
