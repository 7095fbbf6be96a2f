/* gesturekitd --dry-run: the daemon reads an evemu recording instead of a device, writes what the
 * virtual touchscreen would emit as an evemu recording, and the actions as JSON lines (run none).
 * Timers fire at their deadlines between the recording's events, as they would live. */
#ifndef GKD_DRY_RUN_H
#define GKD_DRY_RUN_H

#include "gkd_config.h"

#include <stdint.h>

typedef struct gkd_dry_run_options {
    const char *recording;    /* evemu recording or getevent trace */
    const char *desc;         /* its device description, or NULL (looked for beside it) */
    const char *app_out;      /* the app's stream, an evemu recording; NULL or "-": standard output */
    const char *actions_out;  /* the events and actions, JSON lines; NULL or "-": standard error */
    const char *touches_out;  /* the touches the app receives, a line each ("app: touch down at ..."):
                                 NULL: not written; "-": standard output */
    double tail;              /* seconds after the last event during which timers still fire */
    uint64_t repeat;          /* play the recording this many times (0 or 1: once); for soak runs */
} gkd_dry_run_options;

/* Returns 0, or -1 with the reason in `error`. */
int gkd_dry_run(const gkd_config *config, const gkd_dry_run_options *options, char *error, size_t size);

#endif
