/* What gesturekitd does when a gesture fires, goes idle or changes mode: every such event becomes one
 * JSON line (the log of a dry run, and what socket clients read), and the configured actions run:
 * exec (argv, no shell, the event in GESTUREKIT_* environment variables), key (through the
 * virtual keyboard), socket (the line to every client). In a dry run nothing is run: the line says
 * what would have been. */
#ifndef GKD_ACTIONS_H
#define GKD_ACTIONS_H

#include "gkd_config.h"

#include <stdio.h>

/* One event, as the JSON line and the environment describe it. */
typedef struct gkd_event {
    double time;
    const char *event;        /* "gesture", "idle", "cleaning" */
    const char *gesture;      /* gesture: its name */
    const char *kind;         /* gesture: its kind */
    const char *state;        /* gesture: "began", "ended"; cleaning: "on", "off" */
    double x, y;              /* gesture: location in points */
    int touches;              /* gesture: number of touches */
} gkd_event;

typedef struct gkd_runner {
    bool dry_run;             /* report actions, run none */
    FILE *log;                /* every event's JSON line (the dry run's actions file), or NULL */
    /* Sends a key combination (press in order, release in reverse); NULL: none available. */
    int (*send_keys)(void *user_data, const int *keys, int count);
    void *keys_user_data;
    /* Writes a line to every socket client; NULL: no socket. */
    void (*broadcast)(void *user_data, const char *line, size_t length);
    void *broadcast_user_data;
    /* Starts an exec action's program (gkd_spawner_run); NULL: started here (gkd_spawn_now). */
    bool (*spawn)(void *user_data, char *const argv[], char *const extra[], int nextra);
    void *spawn_user_data;
    uint64_t run, failed;     /* actions started, actions that could not start */
} gkd_runner;

/* The event's JSON line (no newline) into `out` (`size` bytes); with `action`, the action's fields
 * too. Returns the length, or -1 if it did not fit. */
int gkd_event_json(const gkd_event *event, const gkd_action *action, bool ran, char *out, size_t size);

/* Runs (or, dry, reports) the actions for one event. A kind the runner cannot do (key without a
 * keyboard) is reported as not run. GKD_ACTION_CLEANING is the caller's: skipped here. */
void gkd_run_actions(gkd_runner *runner, const gkd_event *event, const gkd_action *actions, int count);

/* Logs an event that has no actions (cleaning on/off). */
void gkd_log_event(gkd_runner *runner, const gkd_event *event);

#endif
