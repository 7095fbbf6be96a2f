/* The player behind gesturekit view: a trace's scene in an engine, fed the trace's input up to a
 * chosen time, and what a person watching needs from it (where the touches are and have been, each
 * recognizer's state and latest action, the decision log's latest lines).
 *
 * The state at time T depends only on the trace and T: seeking forward feeds the steps up to T and
 * advances the engine's timers to T; seeking back builds the scene again and replays from the
 * start. The player reads no clock and draws nothing (draw.h does). */
#ifndef GKV_PLAYER_H
#define GKV_PLAYER_H

#include "trace.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GKV_TOUCHES 32       /* touches shown at once; more are counted in `hidden` */
#define GKV_TRAIL 128        /* positions kept per touch */
#define GKV_LOG_LINES 10     /* decision log lines kept */
#define GKV_LOG_WIDTH 120
#define GKV_UP_SHOWN 0.6     /* seconds a lifted touch's trail stays on screen */

typedef struct gkv_touch {
    bool used, down;
    int64_t id;
    int colour;              /* index into the palette: the order touches came down in */
    double x, y, force, radius;
    double up_time;          /* when it lifted (or was cancelled) */
    float trail_x[GKV_TRAIL], trail_y[GKV_TRAIL];
    int trail_start, trail_len;   /* a ring: the oldest at trail_start */
} gkv_touch;

typedef struct gkv_recognizer {
    gk_state state;
    double since;            /* time of its latest transition */
    bool acted;              /* has sent an action since the last time it was possible */
    gk_action last;          /* its latest action */
} gkv_recognizer;

typedef struct gkv_player {
    const gkt_trace *trace;
    const gkt_replay_setup *setup;
    gkt_scene scene;
    size_t next;             /* the next step to feed */
    double time;
    gkv_touch touches[GKV_TOUCHES];
    unsigned hidden;         /* touches down that did not fit */
    int next_colour;
    gkv_recognizer recs[GKT_MAX_RECOGNIZERS];
    char log[GKV_LOG_LINES][GKV_LOG_WIDTH];
    size_t nlog;             /* lines logged since the start; the latest is log[(nlog - 1) % GKV_LOG_LINES] */
    size_t refused;          /* steps the engine refused (each is skipped, and the first kept in `error`) */
    char error[200];
} gkv_player;

/** Builds the trace's scene (`setup` may be NULL) at time 0, before any step. The player keeps
 *  pointers to `t` and `setup`: both must outlive it. Returns 0, or -1 with the reason in `error`. */
int gkv_player_open(gkv_player *p, const gkt_trace *t, const gkt_replay_setup *setup, char *error, size_t size);
void gkv_player_close(gkv_player *p);

/** Moves to `time` (seconds, trace time): feeds every step at or before it and fires the timers due.
 *  A time before the first step is taken as the first step's. Returns 0, or -1 when the scene could not be built again (for a seek back; `error` says why). */
int gkv_player_seek(gkv_player *p, double time, char *error, size_t size);

/** The time of the first step after the player's time (direction > 0) or of the last step before it
 *  (direction < 0); the player's time when there is none. */
double gkv_player_step_time(const gkv_player *p, int direction);

/** The time of the trace's first step, where the player starts (0 for a trace without input). */
double gkv_player_start(const gkv_player *p);
/** The time of the trace's last step (0 for a trace without input). */
double gkv_player_end(const gkv_player *p);

/** The `age`-th latest decision log line (0: the latest), or NULL. */
const char *gkv_player_log_line(const gkv_player *p, size_t age);

#endif
