/* libgesturekit-pump: a recording or a live device decoded and fed to an engine, every per-event
 * step in C (gesturekit-pump.h). The decoder and the recording reader are the evdev library's;
 * this file owns the pump's life, its sink into the engine and its figures. */

#include <gesturekit-pump.h>

#include "gk_evdev.h"
#include "gk_recording.h"
#ifdef GESTUREKIT_HAVE_LIBEVDEV
#include "live_device.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first gk_pump_options and gk_pump_stats layouts (0.4.0): sizes below are refused. */
#define OPTIONS_SIZE_0_4 (offsetof(gk_pump_options, flags) + sizeof(uint32_t))
#define STATS_SIZE_0_4 (offsetof(gk_pump_stats, time) + sizeof(double))

struct gk_pump {
    bool is_device;
    gk_recording recording;      /* a recording: its events, read whole */
    size_t next;                 /* the recording's next event */
    gk_evdev_decoder decoder;    /* a recording's decoder (a device's is inside `device`) */
#ifdef GESTUREKIT_HAVE_LIBEVDEV
    gk_live_device device;
#endif
    gk_engine *engine;           /* the engine being run; NULL between calls */
    bool closing;                /* gk_pump_close() was called from a callback of the running call */
    size_t fed;                  /* input frames fed in this call */
    gk_pump_stats stats;
};

static void say(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message);
}

void gk_pump_options_init(gk_pump_options *options) {
    if (!options) return;
    memset(options, 0, sizeof *options);
    options->size = sizeof *options;
    options->screen_width = 800;
    options->screen_height = 480;
}

/* The decoder's configuration from the caller's options (NULL: the defaults), or a status. */
static gk_status read_options(const gk_pump_options *options, size_t size, gk_evdev_config *out, uint32_t *flags,
                              char *error, size_t error_size) {
    gk_pump_options o;
    gk_pump_options_init(&o);
    if (options) {
        if (size < OPTIONS_SIZE_0_4) {
            say(error, error_size, "gk_pump_options: size smaller than the 0.4.0 layout");
            return GK_ERR_STRUCT_SIZE;
        }
        memcpy(&o, options, size < sizeof o ? size : sizeof o);
    }
    const uint32_t known = GK_PUMP_FLIP_X | GK_PUMP_FLIP_Y | GK_PUMP_ABSOLUTE_TIME | GK_PUMP_INDIRECT_AS_DIRECT;
    if (!(isfinite(o.screen_width) && o.screen_width > 0 && o.screen_width <= 1e6 && isfinite(o.screen_height) &&
          o.screen_height > 0 && o.screen_height <= 1e6)) {
        say(error, error_size, "gk_pump_options: the screen size must be above 0 and at most 1e6 points");
        return GK_ERR_INVALID_ARGUMENT;
    }
    if (o.rotation != 0 && o.rotation != 90 && o.rotation != 180 && o.rotation != 270) {
        say(error, error_size, "gk_pump_options: rotation must be 0, 90, 180 or 270");
        return GK_ERR_INVALID_ARGUMENT;
    }
    if (o.flags & ~known) {
        say(error, error_size, "gk_pump_options: unknown flags");
        return GK_ERR_INVALID_ARGUMENT;
    }
    gk_evdev_config_init(out);
    out->screen_width = o.screen_width;
    out->screen_height = o.screen_height;
    out->rotation = o.rotation;
    out->flip_x = (o.flags & GK_PUMP_FLIP_X) != 0;
    out->flip_y = (o.flags & GK_PUMP_FLIP_Y) != 0;
    out->absolute_time = (o.flags & GK_PUMP_ABSOLUTE_TIME) != 0;
    *flags = o.flags;
    return GK_OK;
}

static void free_pump(gk_pump *pump);

/* The sink: each decoded input goes straight to the engine of the running call. */
static void refused(gk_pump *p, gk_status st) {
    if (st == GK_OK) return;
    p->stats.refused++;
    p->stats.last_refusal = st;
}

static void on_frame(void *user_data, double t, const gk_touch *touches, size_t count) {
    gk_pump *p = user_data;
    if (p->closing) return;
    p->fed++;
    p->stats.frames++;
    p->stats.touches += count;
    refused(p, gk_engine_feed(p->engine, t, touches, count));
}

static void on_hover(void *user_data, double t, gk_hover_phase phase, double x, double y) {
    gk_pump *p = user_data;
    if (p->closing) return;
    p->fed++;
    p->stats.hovers++;
    refused(p, gk_engine_feed_hover(p->engine, t, phase, GK_TOUCH_TYPE_STYLUS, x, y, 0));
}

static void on_cancel(void *user_data, double t) {
    gk_pump *p = user_data;
    if (p->closing) return;
    p->fed++;
    p->stats.cancels++;
    refused(p, gk_engine_cancel_all_touches(p->engine, t));
}

static gk_pump *new_pump(char *error, size_t error_size) {
    gk_pump *p = calloc(1, sizeof *p);
    if (!p) say(error, error_size, "out of memory");
    return p;
}

gk_status gk_pump_open_recording(const char *path, const char *desc_path, const gk_pump_options *options,
                                 size_t options_size, gk_pump **out_pump, char *error, size_t error_size) {
    if (!path || !out_pump) return GK_ERR_NULL_POINTER;
    gk_evdev_config config;
    uint32_t flags = 0;
    gk_status st = read_options(options, options_size, &config, &flags, error, error_size);
    if (st != GK_OK) return st;
    gk_pump *p = new_pump(error, error_size);
    if (!p) return GK_ERR_CAPACITY;
    char message[1200];
    if (gk_recording_load(path, desc_path, &p->recording, message, sizeof message) < 0 ||
        gk_recording_check_axes(&p->recording, message, sizeof message) < 0) {
        say(error, error_size, message);
        gk_recording_free(&p->recording);
        free(p);
        return GK_ERR_INVALID_ARGUMENT;
    }
    const char *reason = NULL;
    gk_device_class cls = gk_recording_classify(&p->recording, &reason);
    if ((cls == GK_DEVICE_INDIRECT || cls == GK_DEVICE_SEMI_MT) && !(flags & GK_PUMP_INDIRECT_AS_DIRECT)) {
        snprintf(message, sizeof message, "%s: %s (%s), not a touchscreen; set GK_PUMP_INDIRECT_AS_DIRECT to read it as one",
                 path, cls == GK_DEVICE_SEMI_MT ? "a semi-multitouch device" : "a touchpad or a tablet's finger pad",
                 reason);
        say(error, error_size, message);
        gk_recording_free(&p->recording);
        free(p);
        return GK_ERR_INVALID_ARGUMENT;
    }
    config.semi_mt = cls == GK_DEVICE_SEMI_MT;
    gk_evdev_sink sink = {p, on_frame, on_hover, on_cancel};
    gk_recording_decoder(&p->recording, &config, &sink, &p->decoder);
    p->stats.remaining = p->recording.count;
    *out_pump = p;
    return GK_OK;
}

gk_status gk_pump_open_device(const char *path, const gk_pump_options *options, size_t options_size,
                              gk_pump **out_pump, char *error, size_t error_size) {
    if (!path || !out_pump) return GK_ERR_NULL_POINTER;
    gk_evdev_config config;
    uint32_t flags = 0;
    gk_status st = read_options(options, options_size, &config, &flags, error, error_size);
    if (st != GK_OK) return st;
#ifdef GESTUREKIT_HAVE_LIBEVDEV
    gk_pump *p = new_pump(error, error_size);
    if (!p) return GK_ERR_CAPACITY;
    gk_evdev_sink sink = {p, on_frame, on_hover, on_cancel};
    char message[1200];
    if (gk_live_device_open(&p->device, path, &config, (flags & GK_PUMP_INDIRECT_AS_DIRECT) != 0, &sink, message,
                            sizeof message) < 0) {
        say(error, error_size, message);
        free(p);
        return GK_ERR_INVALID_ARGUMENT;
    }
    p->is_device = true;
    *out_pump = p;
    return GK_OK;
#else
    say(error, error_size, "this libgesturekit-pump was built without libevdev: it reads recordings only");
    return GK_ERR_UNSUPPORTED;
#endif
}

/* Refuses an engine that cannot take input now (a call from one of its callbacks, a destroyed
 * engine) before any event is decoded, so that nothing is lost: advancing to the engine's own
 * time fires nothing that its next input would not fire first. */
static gk_status engine_ready(gk_engine *engine) {
    double now = 0;
    gk_status st = gk_engine_now(engine, &now);
    if (st != GK_OK) return st;
    return isfinite(now) ? gk_engine_advance(engine, now) : GK_OK;
}

gk_status gk_pump_run(gk_pump *pump, gk_engine *engine, size_t max_frames, int timeout_ms, size_t *out_frames) {
    if (!pump || !engine || !out_frames) return GK_ERR_NULL_POINTER;
    if (pump->engine) return GK_ERR_BUSY;   /* called again from a callback of the running call */
    gk_status st = engine_ready(engine);
    if (st != GK_OK) return st;
    pump->engine = engine;
    pump->fed = 0;
    st = GK_OK;
    if (pump->is_device) {
#ifdef GESTUREKIT_HAVE_LIBEVDEV
        if (gk_live_device_read(&pump->device, timeout_ms < 0 ? -1 : timeout_ms) < 0) st = GK_ERR_INVALID_ARGUMENT;
        pump->stats.reports = pump->device.decoder.frames;
        pump->stats.clamped = pump->device.decoder.clamped;
        pump->stats.time = gk_live_device_elapsed(&pump->device);
#endif
    } else {
        (void)timeout_ms;   /* a recording never waits */
        const gk_recording *r = &pump->recording;
        while (!pump->closing && pump->next < r->count && pump->fed < max_frames) {
            const gk_input_event *e = &r->events[pump->next++];
            gk_evdev_event(&pump->decoder, e->time, e->type, e->code, e->value);
        }
        pump->stats.reports = pump->decoder.frames;
        pump->stats.remaining = r->count - pump->next;
        pump->stats.clamped = pump->decoder.clamped;
        if (pump->next > 0) {
            double t0 = pump->decoder.have_t0 && !pump->decoder.config.absolute_time ? pump->decoder.t0 : 0;
            pump->stats.time = r->events[pump->next - 1].time - t0;
        }
    }
    *out_frames = pump->fed;
    pump->engine = NULL;
    if (pump->closing) {
        free_pump(pump);   /* closed from a callback: freed now that the call is done with it */
        return GK_OK;
    }
    return st;
}

gk_status gk_pump_get_stats(const gk_pump *pump, gk_pump_stats *out_stats, size_t size) {
    if (!pump || !out_stats) return GK_ERR_NULL_POINTER;
    if (size < STATS_SIZE_0_4) return GK_ERR_STRUCT_SIZE;
    memcpy(out_stats, &pump->stats, size < sizeof pump->stats ? size : sizeof pump->stats);
    return GK_OK;
}

gk_status gk_pump_now(const gk_pump *pump, double *out_seconds) {
    if (!pump || !out_seconds) return GK_ERR_NULL_POINTER;
#ifdef GESTUREKIT_HAVE_LIBEVDEV
    if (pump->is_device) {
        *out_seconds = gk_live_device_elapsed(&pump->device);
        return GK_OK;
    }
#endif
    *out_seconds = pump->stats.time;
    return GK_OK;
}

gk_status gk_pump_get_fd(const gk_pump *pump, int *out_fd) {
    if (!pump || !out_fd) return GK_ERR_NULL_POINTER;
#ifdef GESTUREKIT_HAVE_LIBEVDEV
    *out_fd = pump->is_device ? pump->device.fd : -1;
#else
    *out_fd = -1;
#endif
    return GK_OK;
}

static void free_pump(gk_pump *pump) {
#ifdef GESTUREKIT_HAVE_LIBEVDEV
    if (pump->is_device) gk_live_device_close(&pump->device);
#endif
    if (!pump->is_device) {
        gk_evdev_release(&pump->decoder);
        gk_recording_free(&pump->recording);
    }
    free(pump);
}

void gk_pump_close(gk_pump *pump) {
    if (!pump) return;
    if (pump->engine) {   /* inside gk_pump_run (an action target): stop feeding, free on return */
        pump->closing = true;
        return;
    }
    free_pump(pump);
}
