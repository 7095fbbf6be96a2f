/* The helper that starts exec actions' programs (gkd_spawner.h). */
#include "gkd_spawner.h"

#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAX_WORDS 64
#define MAX_ENV 4096

bool gkd_spawn_now(char *const argv[], char *const extra[], int nextra) {
    static char *envp[MAX_ENV + MAX_WORDS + 1];
    size_t n = 0;
    for (size_t i = 0; environ && environ[i] && n < MAX_ENV; i++)
        if (strncmp(environ[i], "GESTUREKIT_", 11) != 0) envp[n++] = environ[i];
    for (int i = 0; i < nextra && i < MAX_WORDS; i++) envp[n++] = extra[i];
    envp[n] = NULL;
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], NULL, &attr, argv, envp);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        fprintf(stderr, "gesturekitd: %s: cannot run: %s\n", argv[0], strerror(rc));
        return false;
    }
    return true;
}

int gkd_drop_capabilities(void) {
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3];
    memset(none, 0, sizeof none);
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    return (int)syscall(SYS_capset, &header, none);
}

/* What the programs get of the daemon's privileges: nothing. Returns 0, or the errno of a failed
 * setgroups() when the daemon has supplementary groups (said when a program first runs: a daemon
 * with no exec action has nothing to warn about). */
static int shed_privileges(void) {
    int kept = setgroups(0, NULL) < 0 && getgroups(0, NULL) > 0 ? errno : 0;
    if (getuid() != 0) gkd_drop_capabilities();
    return kept;
}

/* A request: argc, nextra, then argc + nextra NUL-terminated strings. */
static void helper(int fd) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int kept_groups = shed_privileges();
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_IGN);   /* a Ctrl-C at the daemon's terminal is the daemon's to handle */
    signal(SIGHUP, SIG_IGN);
    signal(SIGCHLD, SIG_IGN);  /* children are reaped by the kernel */
    static char message[GKD_SPAWN_MESSAGE + 1];
    for (;;) {
        ssize_t got = recv(fd, message, GKD_SPAWN_MESSAGE, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) _exit(0);   /* the daemon has gone */
        message[got] = 0;
        unsigned char argc = (unsigned char)message[0], nextra = (unsigned char)message[1];
        char *words[MAX_WORDS + 1];
        int nwords = 0;
        for (char *p = message + 2; p < message + got && nwords < MAX_WORDS; p += strlen(p) + 1) words[nwords++] = p;
        if (argc == 0 || argc + nextra != nwords) continue;   /* not one of ours */
        char *argv[MAX_WORDS + 1];
        memcpy(argv, words, sizeof(char *) * argc);
        argv[argc] = NULL;
        if (kept_groups) {
            fprintf(stderr, "gesturekitd: exec actions keep the daemon's supplementary groups (dropping them needs "
                            "CAP_SETGID, which gesturekitd.service grants): %s\n", strerror(kept_groups));
            kept_groups = 0;   /* once */
        }
        gkd_spawn_now(argv, words + argc, nextra);
    }
}

int gkd_spawner_start(gkd_spawner *s, char *error, size_t size) {
    memset(s, 0, sizeof *s);
    s->fd = -1;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) < 0) {
        snprintf(error, size, "exec actions: no socket pair for the helper: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(error, size, "exec actions: cannot start the helper: %s", strerror(errno));
        close(pair[0]);
        close(pair[1]);
        return -1;
    }
    if (pid == 0) {
        close(pair[0]);
        helper(pair[1]);
    }
    close(pair[1]);
    s->fd = pair[0];
    s->pid = pid;
    return 0;
}

bool gkd_spawner_run(void *user_data, char *const argv[], char *const extra[], int nextra) {
    gkd_spawner *s = user_data;
    static char message[GKD_SPAWN_MESSAGE];
    int argc = 0;
    while (argv[argc]) argc++;
    if (s->fd < 0 || argc == 0 || argc + nextra > MAX_WORDS) return false;
    size_t length = 2;
    message[0] = (char)argc;
    message[1] = (char)nextra;
    for (int i = 0; i < argc + nextra; i++) {
        const char *w = i < argc ? argv[i] : extra[i - argc];
        size_t n = strlen(w) + 1;
        if (length + n > sizeof message) return false;
        memcpy(message + length, w, n);
        length += n;
    }
    /* Never waits: a helper that cannot keep up loses the request, and the daemon says so. */
    if (send(s->fd, message, length, MSG_DONTWAIT | MSG_NOSIGNAL) != (ssize_t)length) {
        s->refused++;
        fprintf(stderr, "gesturekitd: %s: not started: the helper that starts programs is not taking requests\n", argv[0]);
        return false;
    }
    s->sent++;
    return true;
}

void gkd_spawner_stop(gkd_spawner *s) {
    if (s->fd >= 0) close(s->fd);
    if (s->pid > 0) waitpid(s->pid, NULL, 0);
    s->fd = -1;
    s->pid = 0;
}
