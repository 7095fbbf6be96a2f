/* The Unix socket clients subscribe on (gkd_socket.h). */
#include "gkd_socket.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

void gkd_socket_init(gkd_socket *s) {
    memset(s, 0, sizeof *s);
    s->listen_fd = -1;
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) s->clients[i] = -1;
}

/* Removes a socket file an earlier run left at `path`, and nothing else: a file of another kind
 * is refused, and so is a socket another program still listens on. */
static int clear_stale_socket(const char *path, char *error, size_t size) {
    struct stat st;
    if (lstat(path, &st) < 0) {
        if (errno == ENOENT) return 0;
        snprintf(error, size, "socket %s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISSOCK(st.st_mode)) {
        snprintf(error, size, "socket %s: %s is there, not a socket: the daemon removes only a socket it left; "
                 "choose another path or remove it", path,
                 S_ISREG(st.st_mode) ? "a regular file" : S_ISDIR(st.st_mode) ? "a directory"
                 : S_ISLNK(st.st_mode) ? "a symbolic link" : "something");
        return -1;
    }
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    snprintf(address.sun_path, sizeof address.sun_path, "%s", path);
    int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (probe >= 0 && connect(probe, (struct sockaddr *)&address, sizeof address) == 0) {
        close(probe);
        snprintf(error, size, "socket %s: another program is listening on it (a second gesturekitd?)", path);
        return -1;
    }
    if (probe >= 0) close(probe);
    unlink(path);   /* a socket nobody listens on: left by an earlier run */
    return 0;
}

/* The group the socket file gets: `wanted`, or "gesturekit" when `wanted` is NULL or "" and that
 * group exists, or -1 (the daemon's own group). */
static int socket_gid(const char *wanted, gid_t *gid, char *error, size_t size) {
    const char *name = wanted && *wanted ? wanted : "gesturekit";
    struct group *g = getgrnam(name);
    if (g) {
        *gid = g->gr_gid;
        return 0;
    }
    *gid = (gid_t)-1;
    if (!wanted || !*wanted) return 0;
    snprintf(error, size, "socket_group %s: no such group", wanted);
    return -1;
}

int gkd_socket_check(const char *path, const char *group, char *message, size_t size) {
    gid_t gid;
    if (socket_gid(group, &gid, message, size) < 0) return -1;
    char folder[256];
    snprintf(folder, sizeof folder, "%s", path);
    char *slash = strrchr(folder, '/');
    if (slash) *(slash == folder ? slash + 1 : slash) = 0;
    struct stat st;
    if (stat(folder, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(message, size, "socket %s: the folder %s does not exist (yet): the daemon cannot start until it "
                                "does (under systemd, the unit's RuntimeDirectory= makes /run/gesturekitd)", path, folder);
        return 1;
    }
    return 0;
}

int gkd_socket_open(gkd_socket *s, const char *path, const char *group, char *error, size_t size) {
    gid_t gid;
    if (socket_gid(group, &gid, error, size) < 0) return -1;
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        snprintf(error, size, "socket path is %zu bytes long; the limit is %zu", strlen(path),
                 sizeof address.sun_path - 1);
        return -1;
    }
    snprintf(address.sun_path, sizeof address.sun_path, "%s", path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(error, size, "socket %s: %s", path, strerror(errno));
        return -1;
    }
    if (clear_stale_socket(path, error, size) < 0) {
        close(fd);
        return -1;
    }
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 8) < 0) {
        snprintf(error, size, "socket %s: %s (does its folder exist and belong to the daemon's user?)", path,
                 strerror(errno));
        close(fd);
        return -1;
    }
    /* Read and written by the daemon's user and the socket's group: the apps that read events.
     * The group gives no device access (docs/DAEMON.md, "Who may do what"). */
    if (gid != (gid_t)-1 && chown(path, (uid_t)-1, gid) < 0) {
        snprintf(error, size, "socket %s: cannot give it to group %u: %s (is the daemon's user in that group?)", path,
                 (unsigned)gid, strerror(errno));
        close(fd);
        unlink(path);
        return -1;
    }
    chmod(path, 0660);
    s->listen_fd = fd;
    snprintf(s->path, sizeof s->path, "%s", path);
    return 0;
}

void gkd_socket_accept(gkd_socket *s) {
    for (;;) {
        int fd = accept4(s->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return;
        struct ucred peer = {.uid = (uid_t)-1};
        socklen_t length = sizeof peer;
        getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length);
        int slot = -1, same_user = 0;
        for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) {
            if (s->clients[i] < 0) {
                if (slot < 0) slot = i;
            } else if (s->uids[i] == peer.uid) {
                same_user++;
            }
        }
        /* The newest client is turned away, told why: when every slot is taken, or when its user
         * holds its share already (so one user cannot lock the others out). */
        const char *why = slot < 0 ? "error: the daemon has no free client slot (16 in use)\n"
                        : same_user >= GKD_SOCKET_CLIENTS_PER_USER ? "error: this user holds 4 connections already\n"
                        : NULL;
        if (why) {
            send(fd, why, strlen(why), MSG_NOSIGNAL | MSG_DONTWAIT);
            close(fd);
            s->refused++;
            continue;
        }
        s->clients[slot] = fd;
        s->uids[slot] = peer.uid;
        s->input_length[slot] = 0;
    }
}

static void drop(gkd_socket *s, int index) {
    close(s->clients[index]);
    s->clients[index] = -1;
    s->input_length[index] = 0;
}

void gkd_socket_read(gkd_socket *s, int index, gkd_socket_command command, void *user_data) {
    if (index < 0 || index >= GKD_SOCKET_CLIENTS || s->clients[index] < 0) return;
    char buffer[GKD_SOCKET_LINE];
    ssize_t n = recv(s->clients[index], buffer, sizeof buffer, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        drop(s, index);
        return;
    }
    for (ssize_t i = 0; i < n; i++) {
        char *line = s->input[index];
        size_t *length = &s->input_length[index];
        if (buffer[i] != '\n') {
            if (*length + 1 >= GKD_SOCKET_LINE) {   /* not a command: a client that sends this goes */
                drop(s, index);
                s->dropped++;
                return;
            }
            line[(*length)++] = buffer[i];
            continue;
        }
        line[*length] = 0;
        if (*length && line[*length - 1] == '\r') line[*length - 1] = 0;
        *length = 0;
        char reply[256];
        reply[0] = 0;
        command(user_data, line, reply, sizeof reply - 1);
        size_t r = strlen(reply);
        reply[r++] = '\n';
        if (send(s->clients[index], reply, r, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)r) {
            drop(s, index);
            s->dropped++;
            return;
        }
    }
}

void gkd_socket_broadcast(void *user_data, const char *line, size_t length) {
    gkd_socket *s = user_data;
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) {
        if (s->clients[i] < 0) continue;
        /* A client that does not keep up (its buffer full) or has gone is dropped, never waited for. */
        ssize_t n = send(s->clients[i], line, length, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n != (ssize_t)length) {
            drop(s, i);
            s->dropped++;
        }
    }
}

void gkd_socket_close(gkd_socket *s) {
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++)
        if (s->clients[i] >= 0) close(s->clients[i]);
    if (s->listen_fd >= 0) {
        close(s->listen_fd);
        unlink(s->path);
    }
    gkd_socket_init(s);
}
