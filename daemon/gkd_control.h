/* What the live daemon keeps across reloads and a panel coming and going: the configuration it
 * runs (owned once a reload replaced the first one), the panel it reads, and the session between
 * them. Opening and closing the panel, finding one, and the clock are the host's (gkd_panel_ops):
 * gesturekitd's live loop gives libevdev, uinput and udev; a test or a fuzzer gives a fake panel,
 * and drives the same reload logic.
 *
 * The rule it keeps: while the panel is open the session runs on the running configuration; while
 * it is closed the session is stopped and holds no pointer to any configuration, so a reload may
 * free the old one. */
#ifndef GKD_CONTROL_H
#define GKD_CONTROL_H

#include "gkd_session.h"

#include <stdio.h>

typedef struct gkd_panel_ops {
    /* Opens the panel at `path` for `config`: its decoded frames go to `sink`. Fills `mapping` (the
     * panel's axes and the reader's configuration) and `app` (the app's touchscreen, or a sink with
     * no event function when the app reads the panel itself). Returns 0, or -1 with the reason in
     * `error` and nothing left open. */
    int (*open)(void *user_data, const char *path, const gkd_config *config, const gk_evdev_sink *sink,
                gkd_mapping *mapping, gkd_event_sink *app, char *error, size_t size);
    /* Closes what open() opened (called only after an open that returned 0). */
    void (*close)(void *user_data);
    /* The touchscreen to read when none is named: writes its path to `out` and returns true, or
     * returns false when there is none. */
    bool (*find)(void *user_data, char *out, size_t size);
    /* The time of the session's clock, seconds. */
    double (*now)(void *user_data);
    /* Told when the panel at `path` is open and its session runs (may be NULL). */
    void (*opened)(void *user_data, const char *path);
    void *user_data;
} gkd_panel_ops;

typedef struct gkd_control {
    const char *config_path;     /* what a reload reads */
    gkd_config *config;          /* the running configuration */
    bool config_owned;           /* allocated by a reload (the first one is the caller's) */
    const char *device;          /* --device, or NULL */
    gkd_session *session;        /* allocated by gkd_control_init */
    gkd_runner *runner;          /* borrowed */
    gkd_panel_ops ops;
    bool panel_open;
    char panel_path[256];
    FILE *log;                   /* what happens, for people (stderr), or NULL */
} gkd_control;

/* Sets up with the first configuration (borrowed: it must outlive the control unless a reload
 * replaces it). Opens nothing. Returns 0, or -1 when out of memory. */
int gkd_control_init(gkd_control *control, const char *config_path, gkd_config *config, const char *device,
                     gkd_runner *runner, const gkd_panel_ops *ops, FILE *log);

/* The panel named by --device or the configuration, or NULL when any touchscreen will do. */
const char *gkd_control_wanted_device(const gkd_control *control);

/* Opens the wanted panel, or the one ops.find gives, and starts the session on it. Returns 0 when
 * the panel is open, 1 when none is present to open (waiting for one), -1 when it did not open or
 * the session did not start (said on the log). */
int gkd_control_connect(gkd_control *control);

/* SIGHUP: the file is read again; a file that does not load or build leaves everything as it is.
 * One that does replaces the configuration, and the panel is opened again for it (the app's
 * touches are cancelled first). Returns 0 when the new configuration runs, -1 when the old one
 * stays. */
int gkd_control_reload(gkd_control *control);

/* The panel could not be read (unplugged): every touch is cancelled and it is closed. */
void gkd_control_panel_lost(gkd_control *control);

/* When gkd_control_advance must be called, INFINITY when nothing is pending or no panel is open. */
double gkd_control_next_deadline(const gkd_control *control);

/* Fires what is due at the clock's time, when a panel is open. */
void gkd_control_advance(gkd_control *control);

/* Cancels the app's touches, stops the session, closes the panel and frees what the control owns
 * (the configuration a reload made, the session). */
void gkd_control_finish(gkd_control *control);

/* The decoder's configuration for a daemon configuration: screen, rotation, calibration (when the
 * file has one), absolute times. */
void gkd_reader_config(const gkd_config *config, gk_evdev_config *out);

#endif
