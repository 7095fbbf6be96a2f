/* The Unix socket clients subscribe on (gkd_socket.h). */
#include "gkd_socket.h"

#include <errno.h>
#include <fcntl.h>
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

int gkd_socket_open(gkd_socket *s, const char *path, char *error, size_t size) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        snprintf(error, size, "socket %s: the path is too long", path);
        return -1;
    }
    snprintf(address.sun_path, sizeof address.sun_path, "%s", path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(error, size, "socket %s: %s", path, strerror(errno));
        return -1;
    }
    unlink(path);   /* a socket file left by an earlier run */
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 8) < 0) {
        snprintf(error, size, "socket %s: %s (does its folder exist and belong to the daemon's user?)", path,
                 strerror(errno));
        close(fd);
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
        int slot = -1;
        for (int i = 0; i < GKD_SOCKET_CLIENTS && slot < 0; i++)
            if (s->clients[i] < 0) slot = i;
        if (slot < 0) {
            close(fd);   /* full: the newest client is turned away */
            s->refused++;
            continue;
        }
        s->clients[slot] = fd;
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
