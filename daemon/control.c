/* The live daemon's configuration, panel and session across reloads (gkd_control.h). */
#include "gkd_control.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LOG(c, ...) ((c)->log ? (void)fprintf((c)->log, __VA_ARGS__) : (void)0)


void gkd_reader_config(const gkd_config *config, gk_evdev_config *out) {
    gk_evdev_config_init(out);
    out->screen_width = config->screen_width;
    out->screen_height = config->screen_height;
    out->rotation = config->rotation;
    if (config->has_calibration) memcpy(out->calibration, config->calibration, sizeof out->calibration);
    out->absolute_time = true;
}

int gkd_control_init(gkd_control *c, const char *config_path, gkd_config *config, const char *device,
                     gkd_runner *runner, const gkd_panel_ops *ops, FILE *log) {
    memset(c, 0, sizeof *c);
    c->config_path = config_path;
    c->config = config;
    c->device = device;
    c->runner = runner;
    c->ops = *ops;
    c->log = log;
    c->session = calloc(1, sizeof *c->session);
    return c->session ? 0 : -1;
}

const char *gkd_control_wanted_device(const gkd_control *c) {
    if (c->device) return c->device;
    if (c->config->device[0] && strcmp(c->config->device, "auto") != 0) return c->config->device;
    return NULL;
}

/* The app's touches end and the session stops, when one runs. */
static void stop_session(gkd_control *c) {
    if (!c->session->config) return;
    gkd_session_cancel_all(c->session, c->ops.now(c->ops.user_data));
    gkd_session_stop(c->session);
}

static void close_panel(gkd_control *c) {
    stop_session(c);
    if (c->panel_open) c->ops.close(c->ops.user_data);
    c->panel_open = false;
    c->panel_path[0] = 0;
}

static int open_panel(gkd_control *c, const char *path) {
    close_panel(c);
    gk_evdev_sink sink = gkd_session_sink(c->session);
    gkd_mapping mapping;
    gkd_event_sink app = {NULL, NULL};
    char error[600];
    memset(&mapping, 0, sizeof mapping);
    if (c->ops.open(c->ops.user_data, path, c->config, &sink, &mapping, &app, error, sizeof error) < 0) {
        LOG(c, "gesturekitd: %s\n", error);
        return -1;
    }
    c->panel_open = true;
    snprintf(c->panel_path, sizeof c->panel_path, "%s", path);
    if (gkd_session_start(c->session, c->config, &mapping, &app, c->runner, error, sizeof error) < 0) {
        LOG(c, "gesturekitd: %s\n", error);
        close_panel(c);
        return -1;
    }
    if (c->ops.opened) c->ops.opened(c->ops.user_data, path);
    if (c->log) gkd_scene_print_claim_notes(c->config, &c->session->scene, c->log);
    return 0;
}

int gkd_control_connect(gkd_control *c) {
    char found[256];
    const char *path = gkd_control_wanted_device(c);
    if (!path) {
        if (!c->ops.find || !c->ops.find(c->ops.user_data, found, sizeof found) || !found[0]) {
            LOG(c, "gesturekitd: no touchscreen yet: waiting for one to appear (one udev marks ID_INPUT_TOUCHSCREEN=1); "
                   "name another with --device or device = in %s\n", c->config_path);
            return 1;
        }
        path = found;
    }
    return open_panel(c, path) < 0 ? -1 : 0;
}

int gkd_control_reload(gkd_control *c) {
    gkd_config *next = malloc(sizeof *next);
    char error[600];
    if (!next || gkd_config_load_checked(c->config_path, next, error, sizeof error) < 0) {
        LOG(c, "gesturekitd: reload: %s; the running configuration stays\n", next ? error : "out of memory");
        free(next);
        return -1;
    }
    if (strcmp(next->socket_path, c->config->socket_path) != 0 || strcmp(next->socket_group, c->config->socket_group) != 0)
        LOG(c, "gesturekitd: reload: the socket stays %s (its path and group are read at start only: "
               "restart the daemon to change them)\n", c->config->socket_path[0] ? c->config->socket_path : "off");
    /* The session reads the configuration it started with: it stops (with the panel: grab, axes
     * and device may have changed) before that is freed. */
    close_panel(c);
    if (c->config_owned) free(c->config);
    c->config = next;
    c->config_owned = true;
    gkd_control_connect(c);
    LOG(c, "gesturekitd: reloaded %s\n", c->config_path);
    return 0;
}

void gkd_control_panel_lost(gkd_control *c) { close_panel(c); }

double gkd_control_next_deadline(const gkd_control *c) {
    return c->panel_open && c->session->config ? gkd_session_next_deadline(c->session) : INFINITY;
}

void gkd_control_advance(gkd_control *c) {
    if (!c->panel_open || !c->session->config) return;
    double t = c->ops.now(c->ops.user_data);
    if (gkd_session_next_deadline(c->session) <= t) gkd_session_advance(c->session, t);
}

void gkd_control_finish(gkd_control *c) {
    close_panel(c);
    free(c->session);
    c->session = NULL;
    if (c->config_owned) free(c->config);
    c->config = NULL;
    c->config_owned = false;
}
