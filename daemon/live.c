/* gesturekitd on a real touchscreen (gkd_live.h). */
#include "gkd_live.h"

#include "gkd_session.h"
#include "gkd_socket.h"
#include "gkd_spawner.h"
#include "live_device.h"

#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev-uinput.h>
#include <libevdev/libevdev.h>
#include <libudev.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <systemd/sd-daemon.h>
#include <time.h>
#include <unistd.h>

#define UDEV_RULE "/usr/lib/udev/rules.d/70-gesturekitd.rules"

/* The app's touchscreen, written a frame at a time: one write() per SYN_REPORT. */
#define APP_FRAME_EVENTS 256

struct app_writer {
    int fd;                                      /* the uinput device's, -1 when there is none */
    struct input_event frame[APP_FRAME_EVENTS];  /* the frame being built */
    int count;
    unsigned long long events, writes, failed;
};

/* The open panel, and what the daemon made for it. */
struct panel {
    bool open;
    gk_live_device device;             /* the panel, through the reader the tools and the pump share */
    struct libevdev_uinput *app;       /* the app's touchscreen (grab = yes), or NULL */
    struct libevdev *app_dev;          /* its description, kept while it exists */
    struct app_writer writer;
    char path[256];
    gkd_mapping mapping;
};

struct daemon {
    const char *config_path;
    gkd_config *config;                /* the running configuration (owned after a reload) */
    bool config_owned;
    const char *device;                /* --device */
    struct panel panel;
    gkd_session *session;
    gkd_runner runner;
    gkd_socket socket;
    struct libevdev_uinput *keyboard;  /* for key actions, or NULL */
    gkd_spawner spawner;               /* starts exec actions' programs */
    struct udev *udev;
    struct udev_monitor *monitor;
    uint64_t watchdog_usec;
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int flush_frame(struct app_writer *w) {
    if (w->count == 0) return 0;
    size_t bytes = sizeof w->frame[0] * (size_t)w->count;
    ssize_t n = write(w->fd, w->frame, bytes);
    w->writes++;
    w->events += (unsigned long long)w->count;
    w->count = 0;
    if (n != (ssize_t)bytes) {
        w->failed++;
        return -1;
    }
    return 0;
}

/* gkd_event_sink.event: the kernel stamps what is written, so `time` is not used. */
static int write_event(void *ud, double time, uint16_t type, uint16_t code, int32_t value) {
    (void)time;
    struct app_writer *w = ud;
    struct input_event *ev = &w->frame[w->count++];
    memset(ev, 0, sizeof *ev);
    ev->type = type;
    ev->code = code;
    ev->value = value;
    if ((type == EV_SYN && code == SYN_REPORT) || w->count == APP_FRAME_EVENTS) return flush_frame(w);
    return 0;
}

static int send_keys(void *ud, const int *keys, int count) {
    struct libevdev_uinput *k = ud;
    int rc = 0;
    for (int i = 0; i < count; i++) rc |= libevdev_uinput_write_event(k, EV_KEY, (unsigned)keys[i], 1);
    rc |= libevdev_uinput_write_event(k, EV_SYN, SYN_REPORT, 0);
    for (int i = count - 1; i >= 0; i--) rc |= libevdev_uinput_write_event(k, EV_KEY, (unsigned)keys[i], 0);
    rc |= libevdev_uinput_write_event(k, EV_SYN, SYN_REPORT, 0);
    return rc < 0 ? -1 : 0;
}

/* A uinput keyboard with every key the configuration's key actions use. */
static void make_keyboard(struct daemon *d) {
    const gkd_config *c = d->config;
    struct libevdev *k = libevdev_new();
    libevdev_set_name(k, "gesturekitd keyboard");
    int keys = 0;
    for (int g = 0; g <= c->ngestures; g++) {
        const gkd_action *actions = g < c->ngestures ? c->gestures[g].actions : c->idle_actions;
        int n = g < c->ngestures ? c->gestures[g].naction : c->nidle;
        for (int i = 0; i < n; i++)
            for (int j = 0; actions[i].kind == GKD_ACTION_KEY && j < actions[i].nkeys; j++, keys++)
                libevdev_enable_event_code(k, EV_KEY, (unsigned)actions[i].keys[j], NULL);
    }
    if (keys > 0) {
        int rc = libevdev_uinput_create_from_device(k, LIBEVDEV_UINPUT_OPEN_MANAGED, &d->keyboard);
        if (rc < 0)
            fprintf(stderr, "gesturekitd: no virtual keyboard for the key actions: %s (is /dev/uinput there, and "
                            "writable by the daemon's user?)\n", strerror(-rc));
    }
    libevdev_free(k);
}

static void close_panel(struct daemon *d) {
    struct panel *p = &d->panel;
    if (p->app) {
        fprintf(stderr, "gesturekitd: the app's touchscreen had %llu events in %llu writes (%llu failed)\n",
                p->writer.events, p->writer.writes, p->writer.failed);
        libevdev_uinput_destroy(p->app);
    }
    if (p->app_dev) libevdev_free(p->app_dev);
    if (p->open) {
        libevdev_grab(p->device.dev, LIBEVDEV_UNGRAB);
        gk_live_device_close(&p->device);
    }
    memset(p, 0, sizeof *p);
    p->writer.fd = -1;
}

/* udev's LIBINPUT_CALIBRATION_MATRIX for the device, when the configuration has none. */
static bool udev_calibration(struct daemon *d, const char *path, double out[6]) {
    bool found = false;
    struct udev_enumerate *e = udev_enumerate_new(d->udev);
    udev_enumerate_add_match_subsystem(e, "input");
    udev_enumerate_add_match_property(e, "DEVNAME", path);
    udev_enumerate_scan_devices(e);
    struct udev_list_entry *entry;
    udev_list_entry_foreach(entry, udev_enumerate_get_list_entry(e)) {
        struct udev_device *dev = udev_device_new_from_syspath(d->udev, udev_list_entry_get_name(entry));
        const char *m = dev ? udev_device_get_property_value(dev, "LIBINPUT_CALIBRATION_MATRIX") : NULL;
        if (m && sscanf(m, "%lf %lf %lf %lf %lf %lf", &out[0], &out[1], &out[2], &out[3], &out[4], &out[5]) == 6) found = true;
        if (dev) udev_device_unref(dev);
    }
    udev_enumerate_unref(e);
    return found;
}

/* The app's touchscreen: a protocol-B device (whatever protocol the panel speaks: the app stream
 * writes slots) with the panel's position axes and resolution, its ids and properties, BTN_TOUCH,
 * and a tool type that can say MT_TOOL_PALM. A device of its own, so that the panel's libevdev
 * state (which follows the panel's own protocol) is left alone. */
static int make_app_device(struct panel *p, const struct input_absinfo *ax, const struct input_absinfo *ay) {
    struct libevdev *panel = p->device.dev;
    struct libevdev *v = libevdev_new();
    if (!v) return -ENOMEM;
    char name[300];
    snprintf(name, sizeof name, "gesturekitd: %s", libevdev_get_name(panel));
    libevdev_set_name(v, name);
    libevdev_set_id_bustype(v, BUS_VIRTUAL);
    libevdev_set_id_vendor(v, libevdev_get_id_vendor(panel));
    libevdev_set_id_product(v, libevdev_get_id_product(panel));
    for (unsigned prop = 0; prop <= INPUT_PROP_MAX; prop++)
        if (libevdev_has_property(panel, prop)) libevdev_enable_property(v, prop);
    libevdev_enable_property(v, INPUT_PROP_DIRECT);
    libevdev_enable_event_code(v, EV_KEY, BTN_TOUCH, NULL);
    struct input_absinfo x = *ax, y = *ay;
    libevdev_enable_event_code(v, EV_ABS, ABS_X, &x);
    libevdev_enable_event_code(v, EV_ABS, ABS_Y, &y);
    libevdev_enable_event_code(v, EV_ABS, ABS_MT_POSITION_X, &x);
    libevdev_enable_event_code(v, EV_ABS, ABS_MT_POSITION_Y, &y);
    struct input_absinfo slot = {.maximum = GKD_APP_SLOTS - 1}, id = {.maximum = 65535}, tool = {.maximum = MT_TOOL_PALM};
    libevdev_enable_event_code(v, EV_ABS, ABS_MT_SLOT, &slot);
    libevdev_enable_event_code(v, EV_ABS, ABS_MT_TRACKING_ID, &id);
    libevdev_enable_event_code(v, EV_ABS, ABS_MT_TOOL_TYPE, &tool);
    int rc = libevdev_uinput_create_from_device(v, LIBEVDEV_UINPUT_OPEN_MANAGED, &p->app);
    if (rc < 0) {
        libevdev_free(v);
        return rc;
    }
    p->app_dev = v;
    p->writer.fd = libevdev_uinput_get_fd(p->app);
    return 0;
}

static void sink_frame(void *ud, double t, const gk_touch *touches, size_t n) { gkd_session_frame(ud, t, touches, n); }
static void sink_cancel(void *ud, double t) { gkd_session_cancel_all(ud, t); }

static int start_session(struct daemon *d, char *error, size_t size);

static int open_panel(struct daemon *d, const char *path) {
    struct panel *p = &d->panel;
    close_panel(d);
    if (!d->session && !(d->session = calloc(1, sizeof *d->session))) {
        fprintf(stderr, "gesturekitd: out of memory\n");
        return -1;
    }
    gk_evdev_config c;
    gk_evdev_config_init(&c);
    c.screen_width = d->config->screen_width;
    c.screen_height = d->config->screen_height;
    c.rotation = d->config->rotation;
    c.absolute_time = true;
    if (d->config->has_calibration) memcpy(c.calibration, d->config->calibration, sizeof c.calibration);
    else udev_calibration(d, path, c.calibration);
    /* The reader gesturekit record, view and the pump use: protocol A through mtdev, semi-MT and
     * touchpads refused, pressure, SYN_DROPPED recovery. Its frames go to the session. */
    gk_evdev_sink sink = {d->session, sink_frame, NULL, sink_cancel};
    char error[600];
    if (gk_live_device_open(&p->device, path, &c, false, &sink, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekitd: %s\n", error);
        if (access(path, R_OK) != 0 && errno == EACCES)
            fprintf(stderr, "gesturekitd: run it as a member of the group that owns %s (usually input), or install "
                            "the rule %s (the gesturekitd package does)\n", path, UDEV_RULE);
        memset(p, 0, sizeof *p);
        p->writer.fd = -1;
        return -1;
    }
    p->open = true;
    gk_live_device_use_monotonic_time(&p->device);
    snprintf(p->path, sizeof p->path, "%s", path);
    struct libevdev *dev = p->device.dev;
    bool mt = libevdev_has_event_code(dev, EV_ABS, ABS_MT_POSITION_X);
    const struct input_absinfo *ax = libevdev_get_abs_info(dev, mt ? ABS_MT_POSITION_X : ABS_X);
    const struct input_absinfo *ay = libevdev_get_abs_info(dev, mt ? ABS_MT_POSITION_Y : ABS_Y);
    if (!ax || !ay) {
        fprintf(stderr, "gesturekitd: %s (%s): no position axes: not a touchscreen\n", path, libevdev_get_name(dev));
        close_panel(d);
        return -1;
    }
    gkd_mapping *m = &p->mapping;
    m->config = p->device.decoder.config;
    m->x = (gk_evdev_axis){ax->minimum, ax->maximum};
    m->y = (gk_evdev_axis){ay->minimum, ay->maximum};
    m->resolution_x = ax->resolution;
    m->resolution_y = ay->resolution;
    if (d->config->grab) {
        if (libevdev_grab(dev, LIBEVDEV_GRAB) < 0) {
            fprintf(stderr, "gesturekitd: %s: cannot grab it (another program has it grabbed?)\n", path);
            close_panel(d);
            return -1;
        }
        int rc = make_app_device(p, ax, ay);
        if (rc < 0) {
            fprintf(stderr, "gesturekitd: cannot create the app's touchscreen: %s (is there a /dev/uinput the daemon "
                            "may write? grab = no only listens)\n", strerror(-rc));
            close_panel(d);
            return -1;
        }
    }
    if (start_session(d, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekitd: %s\n", error);
        close_panel(d);
        return -1;
    }
    fprintf(stderr, "gesturekitd: reading %s (%s)%s\n", path, libevdev_get_name(dev),
            d->config->grab ? ", the app reads the virtual touchscreen" : ", listening only (grab = no)");
    gkd_scene_print_claim_notes(d->config, &d->session->scene, stderr);
    sd_notifyf(0, "STATUS=reading %s", path);
    return 0;
}

static int start_session(struct daemon *d, char *error, size_t size) {
    if (d->session->config) gkd_session_stop(d->session);
    gkd_event_sink app = {&d->panel.writer, d->panel.app ? write_event : NULL};
    return gkd_session_start(d->session, d->config, &d->panel.mapping, &app, &d->runner, error, size);
}

/* The first touchscreen udev knows (ID_INPUT_TOUCHSCREEN=1), or "" when there is none. */
static void find_touchscreen(struct daemon *d, char *out, size_t size) {
    out[0] = 0;
    struct udev_enumerate *e = udev_enumerate_new(d->udev);
    udev_enumerate_add_match_subsystem(e, "input");
    udev_enumerate_add_match_property(e, "ID_INPUT_TOUCHSCREEN", "1");
    udev_enumerate_scan_devices(e);
    struct udev_list_entry *entry;
    udev_list_entry_foreach(entry, udev_enumerate_get_list_entry(e)) {
        struct udev_device *dev = udev_device_new_from_syspath(d->udev, udev_list_entry_get_name(entry));
        const char *node = dev ? udev_device_get_devnode(dev) : NULL;
        if (!out[0] && node && strncmp(node, "/dev/input/event", 16) == 0) snprintf(out, size, "%s", node);
        if (dev) udev_device_unref(dev);
    }
    udev_enumerate_unref(e);
}

static const char *wanted_device(const struct daemon *d) {
    if (d->device) return d->device;
    if (d->config->device[0] && strcmp(d->config->device, "auto") != 0) return d->config->device;
    return NULL;
}

static void connect_device(struct daemon *d) {
    char found[256];
    const char *path = wanted_device(d);
    if (!path) {
        find_touchscreen(d, found, sizeof found);
        if (!found[0]) {
            sd_notify(0, "STATUS=waiting for a touchscreen (udev: ID_INPUT_TOUCHSCREEN=1)");
            return;
        }
        path = found;
    }
    open_panel(d, path);
}

/* Ends the app's touches and stops the session, when one runs: a session allocated for a panel
 * that then did not open never started, and holds no configuration. */
static void stop_session(struct daemon *d) {
    if (!d->session || !d->session->config) return;
    gkd_session_cancel_all(d->session, now());
    gkd_session_stop(d->session);
}

/* SIGHUP: a new configuration replaces the old one only when it loads and builds. */
static void reload(struct daemon *d) {
    gkd_config *next = malloc(sizeof *next);
    char error[600];
    if (!next || gkd_config_load_checked(d->config_path, next, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekitd: reload: %s; the running configuration stays\n", next ? error : "out of memory");
        free(next);
        return;
    }
    if (strcmp(next->socket_path, d->config->socket_path) != 0 || strcmp(next->socket_group, d->config->socket_group) != 0)
        fprintf(stderr, "gesturekitd: reload: the socket stays %s (its path and group are read at start only: "
                        "restart the daemon to change them)\n", d->config->socket_path[0] ? d->config->socket_path : "off");
    /* The session reads the configuration it started with: stop it before that is freed (the new
     * one starts with the panel, if the panel opens). */
    stop_session(d);
    if (d->config_owned) free(d->config);
    d->config = next;
    d->config_owned = true;
    close_panel(d);   /* grab, axes and device may have changed: open it again */
    connect_device(d);
    fprintf(stderr, "gesturekitd: reloaded %s\n", d->config_path);
}

/* A socket client's command (gkd_socket_command). Only with socket_control = yes: whoever may
 * connect (the socket is 0660, the daemon's user and group) may then switch the cleaning mode. */
static void socket_command(void *ud, const char *line, char *reply, size_t size) {
    struct daemon *d = ud;
    bool on = strcmp(line, "cleaning on") == 0, off = strcmp(line, "cleaning off") == 0;
    if (strcmp(line, "status") == 0) {
        snprintf(reply, size, "{\"cleaning\":%s,\"panel\":\"%s\"}", d->session && d->session->cleaning ? "true" : "false",
                 d->panel.open ? d->panel.path : "");
    } else if (!on && !off) {
        snprintf(reply, size, "error: unknown command (cleaning on, cleaning off, status)");
    } else if (!d->config->socket_control) {
        snprintf(reply, size, "error: commands are off (socket_control = no in %s)", d->config_path);
    } else if (!d->session || !d->session->config || !d->panel.open) {
        snprintf(reply, size, "error: no touchscreen is open");
    } else {
        gkd_session_set_cleaning(d->session, on, now());
        snprintf(reply, size, "ok: cleaning %s", on ? "on" : "off");
    }
}

static void read_panel(struct daemon *d) {
    struct panel *p = &d->panel;
    /* Timers due before a frame fire first: gkd_session_frame catches up to each frame's time. */
    if (gk_live_device_drain(&p->device) < 0) {
        fprintf(stderr, "gesturekitd: %s: gone or unreadable; waiting for it to come back\n", p->path);
        stop_session(d);
        close_panel(d);
    }
}

int gkd_live(const char *config_path, gkd_config *config, const char *device) {
    struct daemon d = {.config_path = config_path, .config = config, .device = device};
    d.panel.writer.fd = -1;
    char error[600];
    /* The helper that starts exec actions' programs, forked before any device is open. */
    if (gkd_spawner_start(&d.spawner, error, sizeof error) == 0) {
        d.runner.spawn = gkd_spawner_run;
        d.runner.spawn_user_data = &d.spawner;
    } else {
        fprintf(stderr, "gesturekitd: %s; programs start from the daemon itself\n", error);
    }
    /* CAP_SETGID was the helper's, to drop its groups: the daemon itself needs no capability. */
    if (getuid() != 0) gkd_drop_capabilities();
    d.runner.send_keys = send_keys;
    gkd_socket_init(&d.socket);
    if (config->socket_path[0]) {
        if (gkd_socket_open(&d.socket, config->socket_path, config->socket_group, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekitd: %s\n", error);
            gkd_spawner_stop(&d.spawner);
            return 1;
        }
        d.runner.broadcast = gkd_socket_broadcast;
        d.runner.broadcast_user_data = &d.socket;
    }
    make_keyboard(&d);
    d.runner.keys_user_data = d.keyboard;
    if (!d.keyboard) d.runner.send_keys = NULL;
    d.udev = udev_new();
    if (d.udev) {
        d.monitor = udev_monitor_new_from_netlink(d.udev, "udev");
        if (d.monitor) {
            udev_monitor_filter_add_match_subsystem_devtype(d.monitor, "input", NULL);
            udev_monitor_enable_receiving(d.monitor);
        }
    }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGHUP);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int sfd = signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK);
    connect_device(&d);
    int status = 0;
    bool running = true;
    if (!d.panel.open && wanted_device(&d)) {
        sd_notifyf(0, "STATUS=cannot open %s", wanted_device(&d));
        status = 1;
        running = false;   /* straight to the clean-up below: the socket file goes too */
    } else {
        sd_watchdog_enabled(0, &d.watchdog_usec);
        sd_notify(0, "READY=1");
    }
    double last_ping = now();
    while (running) {
        struct pollfd fds[4 + GKD_SOCKET_CLIENTS] = {{sfd, POLLIN, 0}, {-1, POLLIN, 0}, {-1, POLLIN, 0}, {-1, POLLIN, 0}};
        for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) fds[4 + i] = (struct pollfd){d.socket.clients[i], POLLIN, 0};
        fds[1].fd = d.panel.open ? d.panel.device.fd : -1;
        fds[2].fd = d.monitor ? udev_monitor_get_fd(d.monitor) : -1;
        fds[3].fd = d.socket.listen_fd;
        double deadline = d.session && d.panel.open ? gkd_session_next_deadline(d.session) : INFINITY;
        if (d.watchdog_usec) deadline = fmin(deadline, last_ping + (double)d.watchdog_usec / 2e6);
        double wait = deadline - now();
        int timeout = isinf(deadline) ? -1 : wait <= 0 ? 0 : (int)ceil(wait * 1000);
        if (poll(fds, 4 + GKD_SOCKET_CLIENTS, timeout) < 0 && errno != EINTR) break;
        if (fds[0].revents & POLLIN) {
            struct signalfd_siginfo info;
            while (read(sfd, &info, sizeof info) == sizeof info) {
                if (info.ssi_signo == SIGHUP) {
                    sd_notify(0, "RELOADING=1");
                    reload(&d);
                    sd_notify(0, "READY=1");
                } else {
                    running = false;
                }
            }
        }
        if (fds[1].revents & (POLLIN | POLLERR | POLLHUP)) read_panel(&d);
        if (fds[2].fd >= 0 && (fds[2].revents & POLLIN)) {
            struct udev_device *dev = udev_monitor_receive_device(d.monitor);
            if (dev) {
                const char *action = udev_device_get_action(dev);
                if (!d.panel.open && action && strcmp(action, "add") == 0) connect_device(&d);
                udev_device_unref(dev);
            }
        }
        for (int i = 0; i < GKD_SOCKET_CLIENTS; i++)
            if (fds[4 + i].fd >= 0 && fds[4 + i].fd == d.socket.clients[i] && (fds[4 + i].revents & (POLLIN | POLLHUP | POLLERR)))
                gkd_socket_read(&d.socket, i, socket_command, &d);
        if (fds[3].fd >= 0 && (fds[3].revents & POLLIN)) gkd_socket_accept(&d.socket);
        if (d.session && d.panel.open && gkd_session_next_deadline(d.session) <= now())
            gkd_session_advance(d.session, now());
        if (d.watchdog_usec && now() >= last_ping + (double)d.watchdog_usec / 2e6) {
            sd_notify(0, "WATCHDOG=1");
            last_ping = now();
        }
    }
    sd_notify(0, "STOPPING=1");
    stop_session(&d);
    free(d.session);
    gkd_spawner_stop(&d.spawner);
    close_panel(&d);
    if (d.keyboard) libevdev_uinput_destroy(d.keyboard);
    gkd_socket_close(&d.socket);
    if (d.monitor) udev_monitor_unref(d.monitor);
    if (d.udev) udev_unref(d.udev);
    if (d.config_owned) free(d.config);
    if (sfd >= 0) close(sfd);
    return status;
}
