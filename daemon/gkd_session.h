/* One running configuration of gesturekitd: its engine (gkd_scene), the app's touchscreen
 * (gkd_app_stream), the actions (gkd_runner), the cleaning mode and the idle signal. The host, the
 * live loop or a dry run, feeds it decoded frames with their times and calls advance at its
 * deadline; the session reads no clock and no device. */
#ifndef GKD_SESSION_H
#define GKD_SESSION_H

#include "gkd_actions.h"
#include "gkd_app_stream.h"
#include "gkd_scene.h"

#define GKD_SESSION_PENDING 32
#define GKD_SESSION_CATCH_UP 100000   /* most timers gkd_session_advance_to() fires in one call */

typedef struct gkd_session {
    const gkd_config *config;     /* borrowed: it must outlive the session */
    gkd_scene scene;
    gkd_app_stream app;
    gkd_runner *runner;           /* borrowed */
    bool cleaning;
    int64_t withheld[GK_EVDEV_MAX_SLOTS];   /* touches that began in cleaning mode: never the app's */
    int nwithheld;
    int down;                     /* touches down on the panel */
    double last_input;            /* time of the last frame */
    bool idle_sent;               /* the idle actions ran since the last touch */
    bool started;                 /* a first frame arrived (the idle clock runs from it) */
    double now;
    /* Gestures whose actions wait for the app stream's frame to be written (the claim first). */
    struct { int gesture; gkd_event event; } pending[GKD_SESSION_PENDING];
    int npending;
} gkd_session;

/* Builds the engine and the app stream. Returns 0, or -1 with the reason in `error`. */
int gkd_session_start(gkd_session *session, const gkd_config *config, const gkd_mapping *mapping,
                      const gkd_event_sink *app_sink, gkd_runner *runner, char *error, size_t size);

/* One decoded input frame (gk_evdev_sink.frame). */
void gkd_session_frame(gkd_session *session, double time, const gk_touch *touches, size_t count);

/* Events were lost, or the device went away: every touch is cancelled, for the app too. */
void gkd_session_cancel_all(gkd_session *session, double time);

/* The sink a panel reader feeds (gk_evdev.h): its frames and cancels go to `session`. The one place
 * the live daemon and the dry run build it. */
gk_evdev_sink gkd_session_sink(gkd_session *session);

/* Time passes with no input (at or after gkd_session_next_deadline()). */
void gkd_session_advance(gkd_session *session, double time);

/* Fires, in order and each at its own deadline, every timer due at or before `time`: what would
 * have happened while waiting for it. Frames and cancels do it for their own time first. */
void gkd_session_advance_to(gkd_session *session, double time);

/* When advance must be called if no input comes first: the engine's deadline or the idle time;
 * INFINITY when nothing is pending. */
double gkd_session_next_deadline(const gkd_session *session);

/* Turns the cleaning mode on or off at `time`, as its gesture, its exit hold or an operator would
 * (cleaning_at_start, a socket client with socket_control). Touches the app holds are ended. */
void gkd_session_set_cleaning(gkd_session *session, bool on, double time);

/* Writes what the app stream holds and frees the engine. The session then holds no pointer to
 * its configuration (`config` is NULL), so the caller may free that; gkd_session_start() starts
 * it again. */
void gkd_session_stop(gkd_session *session);

#endif
