/* The programs of `exec` actions are started by a helper process the daemon forks when it starts,
 * so that starting one never holds up the app stream: posix_spawn() waits until the child has
 * exec'd (144 ms once under QEMU), and the daemon only hands the helper one datagram. Every program
 * starts with an empty signal mask and default signal dispositions (the daemon blocks SIGTERM,
 * SIGINT and SIGHUP for its signalfd), with the daemon's environment and the event's GESTUREKIT_*
 * variables. The helper reaps its children and ends when the daemon does.
 *
 * Programs get none of the daemon's device or socket access: the helper drops every
 * supplementary group (gesturekitd-io: /dev/uinput and the touchscreens; gesturekit: the socket)
 * with CAP_SETGID, which the unit grants for this alone, and then every capability; the daemon
 * drops its own capabilities once the helper is forked. Run without CAP_SETGID (by hand, as a
 * user), the helper cannot drop the groups and says so once. */
#ifndef GKD_SPAWNER_H
#define GKD_SPAWNER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define GKD_SPAWN_MESSAGE 16384   /* largest request: argv and the event's variables */

typedef struct gkd_spawner {
    int fd;        /* the daemon's end of the socket pair, -1 when not running */
    pid_t pid;     /* the helper */
    unsigned long long sent, refused;
} gkd_spawner;

/* Starts the helper. Returns 0, or -1 with the reason in `error`. */
int gkd_spawner_start(gkd_spawner *spawner, char *error, size_t size);

/* Hands argv (NULL-terminated) and `nextra` NAME=VALUE strings to the helper without waiting
 * (gkd_runner.spawn). Returns false when the request could not be sent. */
bool gkd_spawner_run(void *spawner, char *const argv[], char *const extra[], int nextra);

/* Drops every capability this process has (effective, permitted, inheritable, ambient): what a
 * non-root daemon does once the helper is forked. Returns 0, or -1 with errno. */
int gkd_drop_capabilities(void);

/* Ends the helper (programs it started go on). */
void gkd_spawner_stop(gkd_spawner *spawner);

/* Starts argv now with the daemon's environment plus `extra`, an empty signal mask and default
 * dispositions. What the helper does for each request; also the fallback without a helper. */
bool gkd_spawn_now(char *const argv[], char *const extra[], int nextra);

#endif
