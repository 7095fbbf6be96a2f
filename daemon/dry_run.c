/* gesturekitd --dry-run: the daemon on a recording instead of a device (gkd_dry_run.h). */
#include "gkd_dry_run.h"

#include "gkd_control.h"

#include "gk_recording.h"
#include "gkd_session.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static FILE *open_out(const char *path, FILE *fallback, char *error, size_t size) {
    if (!path || strcmp(path, "-") == 0) return fallback;
    FILE *f = fopen(path, "w");
    if (!f) snprintf(error, size, "cannot write %s: %s", path, strerror(errno));
    return f;
}

/* What the app receives, in words (--touches-out): each touch of the app stream, when and where it
 * landed (the panel's units) and how it ended, one line when it ends. The stream itself goes on to
 * `stream` unchanged. `log` is NULL when no one asked. */
struct app_summary {
    FILE *stream, *log;
    int slot;
    unsigned touches;
    struct {
        bool down, palm, have_x, have_y;
        double time;
        int32_t x, y;
    } slots[GKD_APP_SLOTS];
};

static int summarize(void *ud, double t, uint16_t type, uint16_t code, int32_t value) {
    struct app_summary *s = ud;
    if (type == GK_EV_ABS) {
        if (code == GK_ABS_MT_SLOT) {
            s->slot = value >= 0 && value < GKD_APP_SLOTS ? value : -1;
        } else if (s->log && s->slot >= 0 && code == GK_ABS_MT_TRACKING_ID) {
            if (value >= 0) {
                memset(&s->slots[s->slot], 0, sizeof s->slots[s->slot]);
                s->slots[s->slot].down = true;
                s->slots[s->slot].time = t;
            } else if (s->slots[s->slot].down) {
                s->slots[s->slot].down = false;
                s->touches++;
                fprintf(s->log, "app: touch down at %.3f s at (%d, %d), %s at %.3f s\n", s->slots[s->slot].time,
                        s->slots[s->slot].x, s->slots[s->slot].y,
                        s->slots[s->slot].palm ? "cancelled (MT_TOOL_PALM)" : "lifted", t);
            }
        } else if (s->log && s->slot >= 0 && s->slots[s->slot].down) {
            if (code == GK_ABS_MT_POSITION_X && !s->slots[s->slot].have_x) {
                s->slots[s->slot].x = value;
                s->slots[s->slot].have_x = true;
            } else if (code == GK_ABS_MT_POSITION_Y && !s->slots[s->slot].have_y) {
                s->slots[s->slot].y = value;
                s->slots[s->slot].have_y = true;
            } else if (code == 0x37 && value == 2) {   /* ABS_MT_TOOL_TYPE = MT_TOOL_PALM */
                s->slots[s->slot].palm = true;
            }
        }
    }
    return gkd_evemu_event(s->stream, t, type, code, value);
}

/* The decoder's mapping for the session's configuration: absolute times, so that the app stream's
 * times are the recording's own. */
static void mapping_for(const gkd_config *c, const gk_recording *rec, gkd_mapping *m) {
    memset(m, 0, sizeof *m);
    gkd_reader_config(c, &m->config);
    bool mt = rec->mt_x.maximum > rec->mt_x.minimum && rec->mt_y.maximum > rec->mt_y.minimum;
    m->x = mt ? rec->mt_x : rec->x;
    m->y = mt ? rec->mt_y : rec->y;
    /* The virtual device copies the panel's resolution, as live does. */
    m->resolution_x = rec->resolution[mt ? GK_ABS_MT_POSITION_X : GK_ABS_X];
    m->resolution_y = rec->resolution[mt ? GK_ABS_MT_POSITION_Y : GK_ABS_Y];
}

/* With grab = no the app reads the panel itself: its stream is the recording's own description and
 * events, said so in a comment. */
static void write_panel_stream(const gk_recording *rec, const char *path, const gkd_mapping *m, FILE *out) {
    fprintf(out, "# EVEMU 1.3\n# gesturekitd: grab = no: the app reads the panel itself, every touch included; "
                 "these are the panel's own events\n");
    bool described = false;
    char why[300];
    FILE *in = gk_open_regular_file(path, why, sizeof why);   /* read whole already: a regular file */
    char line[1024];
    while (in && fgets(line, sizeof line, in)) {
        if (strlen(line) >= 2 && line[1] == ':' && strchr("NIPBA", line[0])) {
            fputs(line, out);
            if (line[strlen(line) - 1] != '\n') fputc('\n', out);
            described = true;
        }
    }
    if (in) fclose(in);
    if (!described) gkd_app_stream_write_description(m, rec->name, out);
    for (size_t i = 0; i < rec->count; i++)
        gkd_evemu_event(out, rec->events[i].time, rec->events[i].type, rec->events[i].code, rec->events[i].value);
}

int gkd_dry_run(const gkd_config *config, const gkd_dry_run_options *o, char *error, size_t size) {
    gk_recording rec;
    if (gk_recording_load(o->recording, o->desc, &rec, error, size) < 0) return -1;
    if (gk_recording_check_axes(&rec, error, size) < 0) {
        gk_recording_free(&rec);
        return -1;
    }
    const char *reason = NULL;
    gk_device_class cls = gk_recording_classify(&rec, &reason);
    if (cls == GK_DEVICE_INDIRECT || cls == GK_DEVICE_SEMI_MT) {
        snprintf(error, size, "%s: not a touchscreen (a touchpad or a semi-multitouch device: %s): gesturekitd serves "
                              "touchscreens", o->recording, reason);
        gk_recording_free(&rec);
        return -1;
    }
    FILE *app = open_out(o->app_out, stdout, error, size);
    FILE *log = app ? open_out(o->actions_out, stderr, error, size) : NULL;
    if (!app || !log) {
        if (app && app != stdout) fclose(app);
        gk_recording_free(&rec);
        return -1;
    }
    gkd_mapping mapping;
    mapping_for(config, &rec, &mapping);
    struct app_summary *summary = calloc(1, sizeof *summary);
    if (!summary) {
        snprintf(error, size, "out of memory");
        if (app != stdout) fclose(app);
        if (log != stderr) fclose(log);
        gk_recording_free(&rec);
        return -1;
    }
    summary->stream = app;
    if (o->touches_out) {
        summary->log = !strcmp(o->touches_out, "-") ? stdout : fopen(o->touches_out, "w");
        if (!summary->log) {
            snprintf(error, size, "cannot write %s: %s", o->touches_out, strerror(errno));
            free(summary);
            if (app != stdout) fclose(app);
            if (log != stderr) fclose(log);
            gk_recording_free(&rec);
            return -1;
        }
    }
    gkd_event_sink app_sink = {summary, summarize};
    if (config->grab) {
        gkd_app_stream_write_description(&mapping, "gesturekitd virtual touchscreen", app);
    } else {
        /* grab = no: there is no virtual touchscreen; the app reads the panel, every touch included. */
        write_panel_stream(&rec, o->recording, &mapping, app);
        app_sink.event = NULL;
    }
    gkd_runner runner = {.dry_run = true, .log = log};
    gkd_session *session = calloc(1, sizeof *session);
    int rc = session ? gkd_session_start(session, config, &mapping, &app_sink, &runner, error, size) : -1;
    if (!session) snprintf(error, size, "out of memory");
    if (rc == 0) {
        gk_evdev_sink sink = gkd_session_sink(session);
        gk_evdev_decoder decoder;
        gk_recording_decoder(&rec, &mapping.config, &sink, &decoder);
        /* --repeat: the recording again and again, each pass a second after the last one ended. */
        double first = rec.count ? rec.events[0].time : 0, last = rec.count ? rec.events[rec.count - 1].time : 0;
        double offset = 0;
        for (uint64_t pass = 0; pass < (o->repeat ? o->repeat : 1); pass++, offset += last - first + 1) {
            for (size_t i = 0; i < rec.count; i++) {
                const gk_input_event *e = &rec.events[i];
                /* The session fires the timers that fall before each frame first, as live. */
                gk_evdev_event(&decoder, e->time + offset, e->type, e->code, e->value);
            }
        }
        /* After the last event: every pending timer, up to `tail` seconds later. */
        gkd_session_advance_to(session, last + offset - (last - first + 1) + o->tail);
        gk_evdev_release(&decoder);
        gkd_session_stop(session);
    }
    free(session);
    if (summary->log) {
        if (rc == 0 && !config->grab)
            fputs("app: reads the panel itself (grab = no): every touch, as the panel gives it\n", summary->log);
        else if (rc == 0 && summary->touches == 0)
            fputs("app: no touch\n", summary->log);
        if (summary->log != stdout) fclose(summary->log);
        else fflush(stdout);
    }
    free(summary);
    if (fflush(app) != 0 || ferror(app)) {
        if (rc == 0) snprintf(error, size, "writing the app stream failed: %s", strerror(errno));
        rc = -1;
    }
    if (app != stdout) fclose(app);
    if (log != stderr) fclose(log);
    gk_recording_free(&rec);
    return rc;
}
