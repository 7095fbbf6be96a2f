/* libFuzzer harness over gesturekitd's configuration (daemon/config.c, daemon/scene.c): the input
 * is a configuration file. It is parsed; what parses is built into an engine; what builds runs a
 * few frames of touches through a session whose app stream goes nowhere and whose socket actions
 * go to a real socket (daemon/socket.c) with three clients: one that reads everything, one that
 * never reads (dropped once its buffer is full, then replaced), and one that reads a little and
 * sends command lines, a line too long among them. Nothing may crash, leak or trip a sanitizer,
 * parsing must be deterministic, a file that parsed must parse again to the same configuration,
 * and the client that reads is never dropped.
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_daemon_config build-san/fuzz-corpus-daemon-config Tests/fuzz/corpus-daemon-config \
 *          -dict=Tests/fuzz/daemon-config.dict -timeout=10 */
#include "gkd_config.h"
#include "gkd_session.h"
#include "gkd_socket.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count_event(void *ud, double t, uint16_t type, uint16_t code, int32_t value) {
    (void)t, (void)type, (void)code, (void)value;
    ++*(uint64_t *)ud;
    return 0;
}

/* The socket and its clients, made once per process. The reader is the first client: slot 0. */
static gkd_socket sock;
static bool ready;
static int reader = -1, stuck = -1, slow = -1;
static uint64_t dropped_before;

static int connect_client(void) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    snprintf(a.sun_path, sizeof a.sun_path, "%s", sock.path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) abort();
    gkd_socket_accept(&sock);
    return fd;
}

static void answer(void *ud, const char *line, char *reply, size_t size) {
    (void)ud;
    snprintf(reply, size, "error: %s", strcmp(line, "status") == 0 ? "no daemon here" : "unknown command");
}

static void remove_socket(void) { gkd_socket_close(&sock); }

static void socket_round(void) {
    if (!ready) {
        atexit(remove_socket);
        gkd_socket_init(&sock);
        char path[64], error[300];
        snprintf(path, sizeof path, "/tmp/fuzz-gkd-%d.sock", (int)getpid());
        unlink(path);
        if (gkd_socket_open(&sock, path, NULL, error, sizeof error) < 0) abort();
        reader = connect_client();
        ready = true;
    }
    if (slow < 0) slow = connect_client();
    if (stuck < 0) stuck = connect_client();
    /* The slow client reads a little and sends a status and an unknown command. */
    char buffer[65536];
    ssize_t got = recv(slow, buffer, 100, MSG_DONTWAIT);
    static const char commands[] = "status\nfrobnicate\n";
    if (got == 0 || send(slow, commands, sizeof commands - 1, MSG_DONTWAIT | MSG_NOSIGNAL) < 0) {
        close(slow);   /* dropped for not keeping up: a new one next round */
        slow = -1;
    }
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++)
        if (sock.clients[i] >= 0) gkd_socket_read(&sock, i, answer, NULL);
    while (recv(reader, buffer, sizeof buffer, MSG_DONTWAIT) > 0) {
    }
    if (sock.dropped != dropped_before) {   /* the stuck one (or the slow one) went: replace it */
        dropped_before = sock.dropped;
        close(stuck);
        stuck = -1;
    }
    int held = 0;
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) held += sock.clients[i] >= 0;
    if (held > GKD_SOCKET_CLIENTS_PER_USER) abort();   /* one user: this process */
    if (sock.clients[0] < 0) abort();                  /* the reader is never dropped */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > GKD_MAX_BYTES + 16) return 0;
    static gkd_config a, b;
    char error[600];
    if (gkd_config_parse((const char *)data, size, "fuzz.conf", &a, error, sizeof error) < 0) {
        if (!error[0]) abort();   /* a refusal always says why */
        return 0;
    }
    if (gkd_config_parse((const char *)data, size, "fuzz.conf", &b, error, sizeof error) < 0) abort();
    if (memcmp(&a, &b, sizeof a) != 0) abort();
    gkd_session *s = calloc(1, sizeof *s);
    if (!s) return 0;
    gkd_mapping m = {0};
    gk_evdev_config_init(&m.config);
    m.config.screen_width = a.screen_width;
    m.config.screen_height = a.screen_height;
    m.x = (gk_evdev_axis){0, 4095};
    m.y = (gk_evdev_axis){0, 4095};
    uint64_t events = 0;
    gkd_event_sink sink = {&events, count_event};
    gkd_runner runner = {.dry_run = true, .broadcast = gkd_socket_broadcast, .broadcast_user_data = &sock};
    socket_round();
    if (gkd_session_start(s, &a, &m, &sink, &runner, error, sizeof error) == 0) {
        /* A tap in each corner and the middle, a three-finger hold, then time passing. */
        double t = 1;
        const double spots[5][2] = {{0.01, 0.01}, {0.99, 0.01}, {0.5, 0.5}, {0.01, 0.99}, {0.99, 0.99}};
        for (int i = 0; i < 5; i++, t += 0.3) {
            gk_touch touch = {.id = i + 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT,
                              .x = spots[i][0] * a.screen_width, .y = spots[i][1] * a.screen_height};
            gkd_session_frame(s, t, &touch, 1);
            touch.phase = GK_TOUCH_ENDED;
            gkd_session_frame(s, t + 0.05, &touch, 1);
        }
        gk_touch three[3];
        for (int i = 0; i < 3; i++)
            three[i] = (gk_touch){.id = 10 + i, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT,
                                  .x = (0.3 + 0.1 * i) * a.screen_width, .y = 0.5 * a.screen_height};
        gkd_session_frame(s, t, three, 3);
        for (int i = 0; i < 50 && gkd_session_next_deadline(s) < t + 10; i++)
            gkd_session_advance(s, gkd_session_next_deadline(s));
        for (int i = 0; i < 3; i++) three[i].phase = GK_TOUCH_ENDED;
        gkd_session_frame(s, t + 10, three, 3);
        gkd_session_stop(s);
        socket_round();
    } else if (!error[0]) {
        abort();
    }
    free(s);
    return 0;
}
