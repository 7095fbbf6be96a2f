/* The Unix socket apps subscribe on: each client reads JSON lines, one per event whose gesture has
 * a `socket` action, and may send command lines ("cleaning on", "cleaning off", "status"), which
 * the daemon obeys only with socket_control = yes. Non-blocking throughout: a client that does not
 * read is dropped, never waited for. */
#ifndef GKD_SOCKET_H
#define GKD_SOCKET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define GKD_SOCKET_CLIENTS 16
/* Connections one user (by SO_PEERCRED) may hold at once: no user can take every slot. */
#define GKD_SOCKET_CLIENTS_PER_USER 4

#define GKD_SOCKET_LINE 128

/* A command line a client sent: the reply to send back (NUL-terminated) goes into `reply`. */
typedef void (*gkd_socket_command)(void *user_data, const char *line, char *reply, size_t size);

typedef struct gkd_socket {
    int listen_fd;                       /* -1 when closed */
    int clients[GKD_SOCKET_CLIENTS];     /* -1: free */
    uid_t uids[GKD_SOCKET_CLIENTS];      /* each client's user (SO_PEERCRED) */
    char input[GKD_SOCKET_CLIENTS][GKD_SOCKET_LINE];   /* each client's line so far */
    size_t input_length[GKD_SOCKET_CLIENTS];
    char path[108];
    uint64_t refused, dropped;
} gkd_socket;

void gkd_socket_init(gkd_socket *socket);
/* Listens at `path`, a socket of mode 0660 in `group` (NULL or "": the group gesturekit if it
 * exists, else the daemon's own; a named group that does not exist is an error). A socket an
 * earlier run left there is replaced; anything else at `path` (a
 * regular file, a directory, a link, a socket another program listens on) is refused. Returns 0,
 * or -1 with the reason. */
int gkd_socket_open(gkd_socket *socket, const char *path, const char *group, char *error, size_t size);

/* What --check can say of a socket before the daemon opens it: -1 when `group` is named and does
 * not exist (the start would fail), 1 when the socket's folder does not exist yet (it must by
 * the start), 0 when both are fine; `message` says which. */
int gkd_socket_check(const char *path, const char *group, char *message, size_t size);
/* Takes the clients waiting on the listening socket. A client is refused (sent one "error: ..."
 * line, then closed) when all GKD_SOCKET_CLIENTS slots are taken or its user already holds
 * GKD_SOCKET_CLIENTS_PER_USER of them. */
void gkd_socket_accept(gkd_socket *socket);
/* Reads what client `index` sent (its fd polled readable): each complete line goes to `command`,
 * and its reply back to that client. A line longer than GKD_SOCKET_LINE, or a client that has
 * gone, closes it. */
void gkd_socket_read(gkd_socket *socket, int index, gkd_socket_command command, void *user_data);
/* Sends a line to every client (gkd_runner.broadcast). */
void gkd_socket_broadcast(void *socket, const char *line, size_t length);
void gkd_socket_close(gkd_socket *socket);

#endif
