/* gesturekitd on a real touchscreen (gkd_live.h). */
#include "gkd_live.h"

#include "gkd_control.h"
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
};

struct daemon {
    gkd_control control;               /* the configuration, the session, reloads (gkd_control.h) */
    struct panel panel;                /* what the control's panel operations opened */
    gkd_runner runner;
    gkd_socket socket;
    struct libevdev_uinput *keyboard;  /* for key actions, or NULL */
    struct libevdev *keyboard_dev;     /* its description: the keys it has */
    gkd_spawner spawner;               /* starts exec actions' programs */
    struct udev *udev;
    struct udev_monitor *monitor;
    int signal_fd;
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

/* A uinput keyboard with every key the running configuration's key actions use. Made at start,
 * and made again after a reload whose key actions use a key it lacks (the kernel drops a key a
 * uinput device was not made with). With no key action there is none. */
static void update_keyboard(struct daemon *d) {
    const gkd_config *c = d->control.config;
    struct libevdev *k = libevdev_new();
    if (!k) return;
    libevdev_set_name(k, "gesturekitd keyboard");
    int keys = 0;
    bool missing = false;
    for (int g = 0; g <= c->ngestures; g++) {
        const gkd_action *actions = g < c->ngestures ? c->gestures[g].actions : c->idle_actions;
        int n = g < c->ngestures ? c->gestures[g].naction : c->nidle;
        for (int i = 0; i < n; i++)
            for (int j = 0; actions[i].kind == GKD_ACTION_KEY && j < actions[i].nkeys; j++, keys++) {
                libevdev_enable_event_code(k, EV_KEY, (unsigned)actions[i].keys[j], NULL);
                if (!d->keyboard_dev || !libevdev_has_event_code(d->keyboard_dev, EV_KEY, (unsigned)actions[i].keys[j]))
                    missing = true;
            }
    }
    if (!missing) {   /* the keyboard there has every key (or none is needed) */
        libevdev_free(k);
        return;
    }
    if (d->keyboard) {
        fprintf(stderr, "gesturekitd: the key actions use keys the virtual keyboard lacks: making it again\n");
        libevdev_uinput_destroy(d->keyboard);
        libevdev_free(d->keyboard_dev);
        d->keyboard = NULL;
        d->keyboard_dev = NULL;
    }
    int rc = keys > 0 ? libevdev_uinput_create_from_device(k, LIBEVDEV_UINPUT_OPEN_MANAGED, &d->keyboard) : 0;
    if (rc < 0) {
        fprintf(stderr, "gesturekitd: no virtual keyboard for the key actions: %s (is /dev/uinput there, and "
                        "writable by the daemon's user?)\n", strerror(-rc));
        d->keyboard = NULL;
    }
    if (d->keyboard) d->keyboard_dev = k;
    else libevdev_free(k);
    d->runner.keys_user_data = d->keyboard;
    d->runner.send_keys = d->keyboard ? send_keys : NULL;
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
    if (!d->udev) return false;
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

/* gkd_panel_ops.open: the panel through the reader gesturekit record, view and the pump use
 * (protocol A through mtdev, semi-MT and touchpads refused, pressure, SYN_DROPPED recovery), and
 * with grab = yes the panel grabbed and the app's touchscreen made. */
static int panel_open(void *ud, const char *path, const gkd_config *config, const gk_evdev_sink *sink,
                      gkd_mapping *m, gkd_event_sink *app, char *error, size_t size) {
    struct daemon *d = ud;
    struct panel *p = &d->panel;
    gk_evdev_config c;
    gkd_reader_config(config, &c);
    if (!config->has_calibration) udev_calibration(d, path, c.calibration);
    gk_evdev_sink reader_sink = *sink;
    if (gk_live_device_open(&p->device, path, &c, false, &reader_sink, error, size) < 0) {
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
        snprintf(error, size, "%s (%s): no position axes: not a touchscreen", path, libevdev_get_name(dev));
        close_panel(d);
        return -1;
    }
    m->config = p->device.decoder.config;
    m->x = (gk_evdev_axis){ax->minimum, ax->maximum};
    m->y = (gk_evdev_axis){ay->minimum, ay->maximum};
    m->resolution_x = ax->resolution;
    m->resolution_y = ay->resolution;
    if (config->grab) {
        if (libevdev_grab(dev, LIBEVDEV_GRAB) < 0) {
            snprintf(error, size, "%s: cannot grab it (another program has it grabbed?)", path);
            close_panel(d);
            return -1;
        }
        int rc = make_app_device(p, ax, ay);
        if (rc < 0) {
            snprintf(error, size, "cannot create the app's touchscreen: %s (is there a /dev/uinput the daemon "
                                  "may write? grab = no only listens)", strerror(-rc));
            close_panel(d);
            return -1;
        }
    }
    *app = (gkd_event_sink){&p->writer, p->app ? write_event : NULL};
    return 0;
}

static void panel_close(void *ud) { close_panel(ud); }

static void panel_opened(void *ud, const char *path) {
    struct daemon *d = ud;
    fprintf(stderr, "gesturekitd: reading %s (%s)%s\n", path, libevdev_get_name(d->panel.device.dev),
            d->panel.app ? ", the app reads the virtual touchscreen" : ", listening only (grab = no)");
    sd_notifyf(0, "STATUS=reading %s", path);
}

/* gkd_panel_ops.find: the first touchscreen udev knows (ID_INPUT_TOUCHSCREEN=1). */
static bool find_touchscreen(void *ud, char *out, size_t size) {
    struct daemon *d = ud;
    out[0] = 0;
    if (!d->udev) return false;
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
    if (!out[0]) sd_notify(0, "STATUS=waiting for a touchscreen (udev: ID_INPUT_TOUCHSCREEN=1)");
    return out[0] != 0;
}

static double clock_now(void *ud) {
    (void)ud;
    return now();
}

/* A socket client's command (gkd_socket_command). Only with socket_control = yes: whoever may
 * connect (the socket is 0660, the daemon's user and group) may then switch the cleaning mode. */
static void socket_command(void *ud, const char *line, char *reply, size_t size) {
    struct daemon *d = ud;
    gkd_control *c = &d->control;
    bool on = strcmp(line, "cleaning on") == 0, off = strcmp(line, "cleaning off") == 0;
    if (strcmp(line, "status") == 0) {
        snprintf(reply, size, "{\"cleaning\":%s,\"panel\":\"%s\"}", c->session->cleaning ? "true" : "false",
                 c->panel_open ? c->panel_path : "");
    } else if (!on && !off) {
        snprintf(reply, size, "error: unknown command (cleaning on, cleaning off, status)");
    } else if (!c->config->socket_control) {
        snprintf(reply, size, "error: commands are off (socket_control = no in %s)", c->config_path);
    } else if (!c->panel_open) {
        snprintf(reply, size, "error: no touchscreen is open");
    } else {
        gkd_session_set_cleaning(c->session, on, now());
        snprintf(reply, size, "ok: cleaning %s", on ? "on" : "off");
    }
}

static void read_panel(struct daemon *d) {
    /* Timers due before a frame fire first: gkd_session_frame catches up to each frame's time. */
    if (gk_live_device_drain(&d->panel.device) < 0) {
        fprintf(stderr, "gesturekitd: %s: gone or unreadable; waiting for it to come back\n", d->panel.path);
        gkd_control_panel_lost(&d->control);
    }
}

/* Everything but the panel: the exec helper (forked before any device is open), the socket, the
 * virtual keyboard, udev and its monitor, the signals. Returns 0, or -1 when the socket does not
 * open (said). */
static int set_up(struct daemon *d, const gkd_config *config) {
    char error[600];
    d->panel.writer.fd = -1;
    d->signal_fd = -1;
    if (gkd_spawner_start(&d->spawner, error, sizeof error) == 0) {
        d->runner.spawn = gkd_spawner_run;
        d->runner.spawn_user_data = &d->spawner;
    } else {
        fprintf(stderr, "gesturekitd: %s; programs start from the daemon itself\n", error);
    }
    /* CAP_SETGID was the helper's, to drop its groups: the daemon itself needs no capability. */
    if (getuid() != 0) gkd_drop_capabilities();
    gkd_socket_init(&d->socket);
    if (config->socket_path[0]) {
        if (gkd_socket_open(&d->socket, config->socket_path, config->socket_group, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekitd: %s\n", error);
            gkd_spawner_stop(&d->spawner);
            return -1;
        }
        d->runner.broadcast = gkd_socket_broadcast;
        d->runner.broadcast_user_data = &d->socket;
    }
    update_keyboard(d);
    d->udev = udev_new();
    if (d->udev) {
        d->monitor = udev_monitor_new_from_netlink(d->udev, "udev");
        if (d->monitor) {
            udev_monitor_filter_add_match_subsystem_devtype(d->monitor, "input", NULL);
            udev_monitor_enable_receiving(d->monitor);
        }
    }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGHUP);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    d->signal_fd = signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK);
    return 0;
}

/* Signals: SIGHUP reloads; SIGTERM and SIGINT end the loop (returns false). */
static bool read_signals(struct daemon *d) {
    bool running = true;
    struct signalfd_siginfo info;
    while (read(d->signal_fd, &info, sizeof info) == sizeof info) {
        if (info.ssi_signo == SIGHUP) {
            sd_notify(0, "RELOADING=1");
            if (gkd_control_reload(&d->control) == 0) update_keyboard(d);
            sd_notify(0, "READY=1");
        } else {
            running = false;
        }
    }
    return running;
}

/* The loop: the signals, the panel, udev (a touchscreen added while none is open), the socket's
 * clients, the session's timers and the watchdog, until SIGTERM or SIGINT. */
static void run(struct daemon *d) {
    gkd_control *c = &d->control;
    sd_watchdog_enabled(0, &d->watchdog_usec);
    sd_notify(0, "READY=1");
    double last_ping = now();
    for (bool running = true; running;) {
        struct pollfd fds[4 + GKD_SOCKET_CLIENTS] = {{d->signal_fd, POLLIN, 0}, {-1, POLLIN, 0}, {-1, POLLIN, 0}, {-1, POLLIN, 0}};
        for (int i = 0; i < GKD_SOCKET_CLIENTS; i++) fds[4 + i] = (struct pollfd){d->socket.clients[i], POLLIN, 0};
        fds[1].fd = c->panel_open ? d->panel.device.fd : -1;
        fds[2].fd = d->monitor ? udev_monitor_get_fd(d->monitor) : -1;
        fds[3].fd = d->socket.listen_fd;
        double deadline = gkd_control_next_deadline(c);
        if (d->watchdog_usec) deadline = fmin(deadline, last_ping + (double)d->watchdog_usec / 2e6);
        double wait = deadline - now();
        int timeout = isinf(deadline) ? -1 : wait <= 0 ? 0 : (int)ceil(wait * 1000);
        if (poll(fds, 4 + GKD_SOCKET_CLIENTS, timeout) < 0 && errno != EINTR) break;
        if (fds[0].revents & POLLIN) running = read_signals(d);
        if (fds[1].fd >= 0 && c->panel_open && (fds[1].revents & (POLLIN | POLLERR | POLLHUP))) read_panel(d);
        if (fds[2].fd >= 0 && (fds[2].revents & POLLIN)) {
            struct udev_device *dev = udev_monitor_receive_device(d->monitor);
            if (dev) {
                const char *action = udev_device_get_action(dev);
                if (!c->panel_open && action && strcmp(action, "add") == 0) gkd_control_connect(c);
                udev_device_unref(dev);
            }
        }
        for (int i = 0; i < GKD_SOCKET_CLIENTS; i++)
            if (fds[4 + i].fd >= 0 && fds[4 + i].fd == d->socket.clients[i] && (fds[4 + i].revents & (POLLIN | POLLHUP | POLLERR)))
                gkd_socket_read(&d->socket, i, socket_command, d);
        if (fds[3].fd >= 0 && (fds[3].revents & POLLIN)) gkd_socket_accept(&d->socket);
        gkd_control_advance(c);
        if (d->watchdog_usec && now() >= last_ping + (double)d->watchdog_usec / 2e6) {
            sd_notify(0, "WATCHDOG=1");
            last_ping = now();
        }
    }
}

/* The app's touches end, then everything set_up made goes, the socket file with it. */
static void tear_down(struct daemon *d) {
    sd_notify(0, "STOPPING=1");
    gkd_control_finish(&d->control);
    gkd_spawner_stop(&d->spawner);
    if (d->keyboard) libevdev_uinput_destroy(d->keyboard);
    if (d->keyboard_dev) libevdev_free(d->keyboard_dev);
    gkd_socket_close(&d->socket);
    if (d->monitor) udev_monitor_unref(d->monitor);
    if (d->udev) udev_unref(d->udev);
    if (d->signal_fd >= 0) close(d->signal_fd);
}

int gkd_live(const char *config_path, gkd_config *config, const char *device) {
    static struct daemon d;   /* one per process; its app frame buffer is large for a stack */
    memset(&d, 0, sizeof d);
    gkd_panel_ops ops = {panel_open, panel_close, find_touchscreen, clock_now, panel_opened, &d};
    if (gkd_control_init(&d.control, config_path, config, device, &d.runner, &ops, stderr) < 0) {
        fprintf(stderr, "gesturekitd: out of memory\n");
        return 1;
    }
    if (set_up(&d, config) < 0) {
        gkd_control_finish(&d.control);
        return 1;
    }
    int status = 0;
    if (gkd_control_connect(&d.control) < 0 && gkd_control_wanted_device(&d.control)) {
        /* A named panel that does not open is an error at start (straight to the clean-up: the
         * socket file goes too). */
        sd_notifyf(0, "STATUS=cannot open %s", gkd_control_wanted_device(&d.control));
        status = 1;
    } else {
        run(&d);
    }
    tear_down(&d);
    return status;
}
