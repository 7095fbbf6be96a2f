/* gesturekitd's socket (daemon/socket.c): what it replaces at its path and what it refuses there,
 * who gets a client slot, and what happens to a client that does not read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "gkd_socket.h"

static char dir[32], path[64];

static int setup(void **state) {
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/gkd-socket-XXXXXX");
    if (!mkdtemp(dir)) return -1;
    snprintf(path, sizeof path, "%s/events.sock", dir);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    unlink(path);
    rmdir(dir);
    return 0;
}

static int client(void) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    return fd;
}

static void test_a_regular_file_at_the_path_is_refused_and_left_alone(void **state) {
    (void)state;
    FILE *f = fopen(path, "w");
    fputs("precious\n", f);
    fclose(f);
    gkd_socket s;
    gkd_socket_init(&s);
    char error[300];
    assert_int_equal(gkd_socket_open(&s, path, NULL, error, sizeof error), -1);
    assert_non_null(strstr(error, "a regular file is there, not a socket"));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode) && st.st_size == 9);
}

static void test_a_stale_socket_is_replaced_and_a_listening_one_is_not(void **state) {
    (void)state;
    gkd_socket first, second;
    gkd_socket_init(&first);
    gkd_socket_init(&second);
    char error[300];
    assert_int_equal(gkd_socket_open(&first, path, NULL, error, sizeof error), 0);
    assert_int_equal(gkd_socket_open(&second, path, NULL, error, sizeof error), -1);
    assert_non_null(strstr(error, "another program is listening on it"));
    close(first.listen_fd);   /* dies without cleaning up: its socket file stays behind */
    first.listen_fd = -1;
    assert_int_equal(gkd_socket_open(&second, path, NULL, error, sizeof error), 0);
    int c = client();
    gkd_socket_accept(&second);
    assert_int_equal(second.clients[0] >= 0, 1);
    close(c);
    gkd_socket_close(&second);
    assert_int_equal(access(path, F_OK), -1);   /* closing removes it */
}

static void test_one_user_holds_at_most_four_slots_and_the_rest_are_told_why(void **state) {
    (void)state;
    gkd_socket s;
    gkd_socket_init(&s);
    char error[300];
    assert_int_equal(gkd_socket_open(&s, path, NULL, error, sizeof error), 0);
    int fds[20];
    for (int i = 0; i < 20; i++) {
        fds[i] = client();
        gkd_socket_accept(&s);   /* as the daemon's loop does (the listen backlog is 8) */
    }
    int held = 0;
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) held += s.clients[i] >= 0;
    assert_int_equal(held, GKD_SOCKET_CLIENTS_PER_USER);
    assert_int_equal(s.refused, 16);
    char line[128] = {0};
    ssize_t n = recv(fds[19], line, sizeof line - 1, 0);
    assert_true(n > 0);
    assert_string_equal(line, "error: this user holds 4 connections already\n");
    assert_int_equal(recv(fds[19], line, sizeof line, 0), 0);   /* then closed */
    /* A slot given back is free again for that user. */
    close(fds[0]);
    gkd_socket_read(&s, 0, NULL, NULL);   /* the daemon sees the hang-up */
    int again = client();
    gkd_socket_accept(&s);
    held = 0;
    for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) held += s.clients[i] >= 0;
    assert_int_equal(held, GKD_SOCKET_CLIENTS_PER_USER);
    close(again);
    for (int i = 1; i < 20; i++) close(fds[i]);
    gkd_socket_close(&s);
}

/* A client that never reads is dropped once its buffer is full, after its last whole line: the
 * daemon never waits for it, and the others go on receiving. */
static void test_a_client_that_does_not_read_is_dropped_and_the_others_keep_their_lines(void **state) {
    (void)state;
    gkd_socket s;
    gkd_socket_init(&s);
    char error[300];
    assert_int_equal(gkd_socket_open(&s, path, NULL, error, sizeof error), 0);
    int stuck = client(), reader = client();
    gkd_socket_accept(&s);
    const char line[] = "{\"gesture\":\"g\",\"state\":\"recognized\"}\n";
    char sink[4096];
    int sent = 0;
    while (s.dropped == 0 && sent < 1000000) {
        gkd_socket_broadcast(&s, line, sizeof line - 1);
        sent++;
        while (recv(reader, sink, sizeof sink, MSG_DONTWAIT) > 0) {
        }
    }
    assert_int_equal(s.dropped, 1);
    assert_int_equal(s.clients[0], -1);   /* the stuck one */
    assert_true(s.clients[1] >= 0);
    /* What the stuck client got ends with a whole line. */
    size_t total = 0;
    char last = 0;
    ssize_t n;
    while ((n = recv(stuck, sink, sizeof sink, MSG_DONTWAIT)) > 0) {
        total += (size_t)n;
        last = sink[n - 1];
    }
    assert_true(total > 0);
    assert_int_equal(last, '\n');
    assert_int_equal(total % (sizeof line - 1), 0);
    close(stuck);
    close(reader);
    gkd_socket_close(&s);
}

static void test_the_socket_is_0660_in_its_group_and_an_unknown_group_is_an_error(void **state) {
    (void)state;
    gkd_socket s;
    gkd_socket_init(&s);
    char error[300];
    assert_int_equal(gkd_socket_open(&s, path, "no-such-group-here", error, sizeof error), -1);
    assert_string_equal(error, "socket_group no-such-group-here: no such group");
    assert_int_equal(access(path, F_OK), -1);
    struct group *mine = getgrgid(getgid());
    assert_non_null(mine);
    assert_int_equal(gkd_socket_open(&s, path, mine->gr_name, error, sizeof error), 0);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0660);
    assert_int_equal(st.st_gid, getgid());
    gkd_socket_close(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_regular_file_at_the_path_is_refused_and_left_alone, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_socket_is_0660_in_its_group_and_an_unknown_group_is_an_error, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_stale_socket_is_replaced_and_a_listening_one_is_not, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_user_holds_at_most_four_slots_and_the_rest_are_told_why, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_client_that_does_not_read_is_dropped_and_the_others_keep_their_lines, setup,
                                        teardown),
    };
    return cmocka_run_group_tests_name("gesturekitd socket", tests, NULL, NULL);
}
