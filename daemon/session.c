/* A running configuration (gkd_session.h): the engine's actions become events and actions, its view
 * deliveries the app's touches. */
#include "gkd_session.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *state_name(uint32_t state) {
    switch (state) {
    case GK_STATE_BEGAN: return "began";
    case GK_STATE_CHANGED: return "changed";
    case GK_STATE_ENDED: return "ended";
    case GK_STATE_CANCELLED: return "cancelled";
    default: return "other";
    }
}

static bool withheld(const gkd_session *s, int64_t id) {
    for (int i = 0; i < s->nwithheld; i++)
        if (s->withheld[i] == id) return true;
    return false;
}

static void forget_withheld(gkd_session *s, int64_t id) {
    for (int i = 0; i < s->nwithheld; i++)
        if (s->withheld[i] == id) s->withheld[i] = s->withheld[--s->nwithheld];
}

void gkd_session_set_cleaning(gkd_session *s, bool on, double time) {
    if (s->cleaning == on) return;
    s->cleaning = on;
    gkd_scene_set_cleaning(&s->scene, on);
    /* Whatever the app holds now is taken back: cleaning hands it nothing. */
    if (on) gkd_app_stream_cancel_all(&s->app, time);
    gkd_event e = {.time = time, .event = "cleaning", .state = on ? "on" : "off"};
    gkd_log_event(s->runner, &e);
}

/* Writes the frame being built, then runs the actions of the gestures that fired in it. */
static void run_pending(gkd_session *s) {
    gkd_app_stream_flush(&s->app);
    for (int i = 0; i < s->npending; i++) {
        const gkd_gesture *g = &s->config->gestures[s->pending[i].gesture];
        gkd_run_actions(s->runner, &s->pending[i].event, g->actions, g->naction);
    }
    s->npending = 0;
}

static void on_action(gkd_session *s, const gk_action *a) {
    if (a->recognizer == s->scene.cleaning_exit) {
        if (a->state == GK_STATE_BEGAN) gkd_session_set_cleaning(s, false, a->timestamp);
        return;
    }
    int index = gkd_scene_gesture_of(&s->scene, a->recognizer);
    if (index < 0) return;
    const gkd_gesture *g = &s->config->gestures[index];
    if ((int)a->state != g->on) return;
    gkd_event e = {.time = a->timestamp, .event = "gesture", .gesture = g->name, .kind = gkd_kind_name(g->kind),
                   .state = state_name(a->state), .x = a->location.x, .y = a->location.y,
                   .touches = (int)a->number_of_touches};
    /* The actions run once the app stream's frame is written: the touches this gesture claims end
     * in the app before a key or a program can act there. */
    if (s->npending == GKD_SESSION_PENDING) run_pending(s);
    s->pending[s->npending].gesture = index;
    s->pending[s->npending].event = e;
    s->npending++;
    for (int i = 0; i < g->naction; i++)
        if (g->actions[i].kind == GKD_ACTION_CLEANING) gkd_session_set_cleaning(s, true, a->timestamp);
}

static void on_delivery(gkd_session *s, const gk_delivery *d) {
    if (d->phase == GK_TOUCH_BEGAN && s->cleaning) {
        if (s->nwithheld < GK_EVDEV_MAX_SLOTS) s->withheld[s->nwithheld++] = d->touch_id;
        return;
    }
    if (withheld(s, d->touch_id)) {
        if (d->phase == GK_TOUCH_ENDED || d->phase == GK_TOUCH_CANCELLED) forget_withheld(s, d->touch_id);
        return;
    }
    gkd_app_stream_deliver(&s->app, d);
}

/* Actions and deliveries share one sequence: taken in that order, so that a gesture that starts
 * the cleaning mode withholds exactly the deliveries after it. */
static void drain(gkd_session *s) {
    gk_action a;
    gk_delivery d;
    bool have_a = gk_engine_poll_action(s->scene.engine, &a, sizeof a) == GK_OK;
    bool have_d = gk_engine_poll_delivery(s->scene.engine, &d, sizeof d) == GK_OK;
    while (have_a || have_d) {
        if (have_a && (!have_d || a.sequence < d.sequence)) {
            on_action(s, &a);
            have_a = gk_engine_poll_action(s->scene.engine, &a, sizeof a) == GK_OK;
        } else {
            on_delivery(s, &d);
            have_d = gk_engine_poll_delivery(s->scene.engine, &d, sizeof d) == GK_OK;
        }
    }
    run_pending(s);
}

int gkd_session_start(gkd_session *s, const gkd_config *config, const gkd_mapping *mapping,
                      const gkd_event_sink *app_sink, gkd_runner *runner, char *error, size_t size) {
    memset(s, 0, sizeof *s);
    s->config = config;
    s->runner = runner;
    if (gkd_scene_build(config, &s->scene, error, size) < 0) return -1;
    gkd_app_stream_init(&s->app, mapping, config->cancel, app_sink);
    if (config->cleaning_at_start) gkd_session_set_cleaning(s, true, 0);
    return 0;
}

static void idle_check(gkd_session *s, double time) {
    if (s->config->idle_seconds <= 0 || !s->started || s->idle_sent || s->down > 0) return;
    if (time < s->last_input + s->config->idle_seconds) return;
    s->idle_sent = true;
    gkd_event e = {.time = s->last_input + s->config->idle_seconds, .event = "idle"};
    if (s->config->nidle > 0) gkd_run_actions(s->runner, &e, s->config->idle_actions, s->config->nidle);
    else gkd_log_event(s->runner, &e);
}

void gkd_session_frame(gkd_session *s, double time, const gk_touch *touches, size_t count) {
    if (time < s->now) time = s->now;   /* the engine refuses time going back; a device can't do it */
    gkd_session_advance_to(s, time);    /* timers that fell before this frame fire first */
    idle_check(s, time);
    for (size_t i = 0; i < count; i++) {
        if (touches[i].phase == GK_TOUCH_BEGAN) s->down++;
        else if ((touches[i].phase == GK_TOUCH_ENDED || touches[i].phase == GK_TOUCH_CANCELLED) && s->down > 0) s->down--;
    }
    s->started = true;
    s->last_input = time;
    s->idle_sent = false;
    s->now = time;
    gk_status st = gk_engine_feed(s->scene.engine, time, touches, count);
    if (st != GK_OK) fprintf(stderr, "gesturekitd: a frame at %.6f was refused: %s\n", time, gk_status_string(st));
    drain(s);
}

void gkd_session_cancel_all(gkd_session *s, double time) {
    if (time < s->now) time = s->now;
    gkd_session_advance_to(s, time);
    s->now = time;
    gk_engine_cancel_all_touches(s->scene.engine, time);
    drain(s);
    gkd_app_stream_cancel_all(&s->app, time);
    s->down = 0;
    s->nwithheld = 0;
}

void gkd_session_advance(gkd_session *s, double time) {
    if (time < s->now) time = s->now;
    s->now = time;
    gk_engine_advance(s->scene.engine, time);
    drain(s);
    idle_check(s, time);
}

void gkd_session_advance_to(gkd_session *s, double time) {
    for (int guard = 0; guard < GKD_SESSION_CATCH_UP; guard++) {
        double due = gkd_session_next_deadline(s);
        if (!(due <= time)) return;
        gkd_session_advance(s, due);
    }
}

double gkd_session_next_deadline(const gkd_session *s) {
    double deadline = INFINITY;
    gk_engine_next_deadline(s->scene.engine, &deadline);
    if (s->config->idle_seconds > 0 && s->started && !s->idle_sent && s->down == 0)
        deadline = fmin(deadline, s->last_input + s->config->idle_seconds);
    return deadline;
}

void gkd_session_stop(gkd_session *s) {
    gkd_app_stream_flush(&s->app);
    gkd_scene_destroy(&s->scene);
    s->config = NULL;   /* stopped: it holds nothing of the configuration any more */
}

static void sink_frame(void *ud, double t, const gk_touch *touches, size_t n) { gkd_session_frame(ud, t, touches, n); }
static void sink_cancel(void *ud, double t) { gkd_session_cancel_all(ud, t); }

gk_evdev_sink gkd_session_sink(gkd_session *session) {
    return (gk_evdev_sink){session, sink_frame, NULL, sink_cancel};
}
