/* gesturekit: replay, check, convert, draw, record and measure touch input against a GestureKit
 * scene. The commands and options, with what each does, are in tools/gesturekit_cli.def (the
 * source of --help and of gesturekit(1)); docs/INPUT.md and docs/TRACE-FORMAT.md have the details. */

#include "cli_help.h"
#include "cli_options.h"
#include "device_list.h"
#include "cli_numbers.h"
#include "trace.h"
#include "gk_profile.h"
#include "gk_recording.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef GESTUREKIT_HAVE_LIBEVDEV
#include "live_device.h"
#endif
#include "view/view.h"
#include <sys/stat.h>

/* Decoded input goes straight into the trace. */
static void sink_frame(void *ud, double t, const gk_touch *touches, size_t n) { gkt_add_frame(ud, t, touches, n); }
static void sink_hover(void *ud, double t, gk_hover_phase p, double x, double y) { gkt_add_hover(ud, t, p, x, y); }
static void sink_cancel(void *ud, double t) { gkt_add_cancel(ud, t); }

static int load_scene(gkt_trace *t, const struct gk_tool_options *o, char *error, size_t size) {
    t->width = o->config.screen_width;
    t->height = o->config.screen_height;
    if (!o->scene) return gkt_parse_scene(t, gkt_default_scene, error, size);
    char *text = NULL;
    if (gk_read_text_file(o->scene, GKT_MAX_FILE_BYTES, &text, NULL, error, size) < 0) return -1;
    int rc = gkt_parse_scene(t, text, error, size);
    free(text);
    return rc;
}

/* Whether the input was a recording (turned into a trace here), not a trace. */
static bool input_is_recording;

/* A trace, or a recording turned into one over the scene. On an error `t` may hold part of the
 * input: the caller frees it either way. */
static int load_input(gkt_trace *t, const struct gk_tool_options *o) {
    char error[300];
    char *text = NULL;
    size_t length = 0;
    if (!o->input) {
        fputs("gesturekit: no input file\n", stderr);
        return -1;
    }
    if (gk_read_text_file(o->input, GKT_MAX_FILE_BYTES, &text, &length, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekit: %s\n", error);
        return -1;
    }
    bool is_trace = strncmp(text, "gesturekit-trace", 16) == 0;
    input_is_recording = !is_trace;
    if (is_trace) {
        int rc = gkt_parse(t, text, error, sizeof error);
        free(text);
        if (rc < 0) fprintf(stderr, "gesturekit: %s: %s\n", o->input, error);
        return rc;
    }
    if (load_scene(t, o, error, sizeof error) < 0) {
        free(text);
        fprintf(stderr, "gesturekit: scene: %s\n", error);
        return -1;
    }
    gk_recording rec;
    int rc = gk_recording_parse(text, length, o->input, o->desc, &rec, error, sizeof error);
    free(text);
    if (rc == 0 && o->axis_x >= 0) rc = gk_recording_map_axes(&rec, (unsigned)o->axis_x, (unsigned)o->axis_y, error,
                                                               sizeof error);
    if (rc == 0) rc = gk_recording_check_axes(&rec, error, sizeof error);
    if (rc < 0) {
        fprintf(stderr, "gesturekit: %s\n", error);
        if (rec.events) gk_recording_free(&rec);
        return -1;
    }
    gk_evdev_config config = o->config;
    const char *reason = NULL;
    gk_device_class cls = gk_recording_classify(&rec, &reason);
    if ((cls == GK_DEVICE_INDIRECT || cls == GK_DEVICE_SEMI_MT) && !o->indirect_as_direct) {
        fprintf(stderr, "gesturekit: %s: %s (%s)\n  Its fingers do not touch the screen's views, so it is not read as a "
                        "touchscreen. Use --indirect-as-direct to read it as one anyway%s.\n", o->input,
                cls == GK_DEVICE_SEMI_MT ? "a semi-multitouch device" : "an indirect device, a touchpad or a tablet's finger pad",
                reason, cls == GK_DEVICE_SEMI_MT ? " (one touch at the box's centre, never a pinch or a rotation)" : "");
        gk_recording_free(&rec);
        return -1;
    }
    if (cls == GK_DEVICE_SEMI_MT) config.semi_mt = true;
    gk_evdev_sink sink = {t, sink_frame, sink_hover, sink_cancel};
    gk_evdev_decoder d;
    gk_recording_decoder(&rec, &config, &sink, &d);
    gk_recording_play(&rec, &d);
    if (d.clamped > 0)
        fprintf(stderr, "gesturekit: %s: %llu positions outside the device's axis range were clamped to its edge\n",
                o->input, (unsigned long long)d.clamped);
    if (d.dropped_contacts > 0)
        fprintf(stderr, "gesturekit: %s: %llu contacts past the %d a protocol-A frame may hold were dropped\n", o->input,
                (unsigned long long)d.dropped_contacts, GK_EVDEV_PROTOCOL_A_CONTACTS);
    gk_evdev_release(&d);
    gk_recording_free(&rec);
    return 0;
}

static gk_panel_profile profile;
static gk_input_filters filters;
static gkt_replay_setup setup = {.metrics_format = -1};

/* The replay setup the options ask for. */
static int load_setup(const struct gk_tool_options *o) {
    gk_input_filters_init(&filters);
    if (o->profile) {
        char error[300];
        if (gk_panel_profile_load(o->profile, &profile, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekit: %s\n", error);
            return -1;
        }
        setup.profile = &profile;
    }
    if (o->filters || o->profile) {
        char error[200];
        if (gk_input_filters_parse(o->filters ? o->filters : GK_PROFILE_DEFAULT_FILTERS, &filters, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekit: --filters: %s\n", error);
            return -1;
        }
        setup.filters = &filters;
    }
    return 0;
}

static int replay(gkt_trace *t, bool log, gkt_replay *r) {
    char error[300];
    if (gkt_replay_run_setup(t, log, 1.0, &setup, r, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekit: replay: %s\n", error);
        return -1;
    }
    return 0;
}

static FILE *open_output(const char *path) {
    if (!path || strcmp(path, "-") == 0) return stdout;
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, "gesturekit: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

/* convert: the input stays, and what the replay produces becomes the expectations, written as it
 * comes (gkt_replay_setup.expect_out): memory holds the input, never the output. A failed run
 * leaves no half-written file. */
static int convert(gkt_trace *t, const struct gk_tool_options *o) {
    gkt_clear_expect(t);
    FILE *out = open_output(o->output);
    if (!out) {
        gkt_free(t);
        return 1;
    }
    gkt_write(t, out, false);
    setup.expect_out = out;
    gkt_replay r;
    int status = replay(t, o->log, &r) < 0 ? 1 : 0;
    setup.expect_out = NULL;
    if (status == 0) gkt_replay_free(&r);
    if (ferror(out)) status = 1;
    if (out != stdout) {
        if (fclose(out) != 0) status = 1;
        if (status != 0) {
            fprintf(stderr, "gesturekit: %s not written\n", o->output);
            unlink(o->output);
        }
    }
    gkt_free(t);
    return status;
}

#ifdef GESTUREKIT_HAVE_LIBEVDEV
static volatile sig_atomic_t stop;
static void on_signal(int sig) { (void)sig; stop = 1; }

static int record(const struct gk_tool_options *o) {
    gkt_trace t;
    gkt_init(&t);
    char error[300];
    if (load_scene(&t, o, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekit: scene: %s\n", error);
        gkt_free(&t);
        return 1;
    }
    gk_evdev_sink sink = {&t, sink_frame, sink_hover, sink_cancel};
    gk_live_device dev;
    if (gk_live_device_open(&dev, o->input, &o->config, o->indirect_as_direct, &sink, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekit: %s\n", error);
        gkt_free(&t);
        return 1;
    }
    fprintf(stderr, "gesturekit: recording %s (%s); Ctrl-C to stop\n", o->input, gk_live_device_name(&dev));
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    while (!stop && !(o->seconds > 0 && gk_live_device_elapsed(&dev) >= o->seconds))
        if (gk_live_device_read(&dev, 100) < 0) {
            fprintf(stderr, "gesturekit: %s: the device is gone; writing what was recorded\n", o->input);
            break;
        }
    gk_live_device_close(&dev);
    gkt_replay r;
    if (replay(&t, false, &r) == 0) {
        for (size_t i = 0; i < r.nlines; i++) gkt_add_expect(&t, r.lines[i]);
        gkt_replay_free(&r);
    }
    FILE *out = open_output(o->output);
    if (!out) {
        gkt_free(&t);
        return 1;
    }
    gkt_write(&t, out, true);
    if (out != stdout) fclose(out);
    gkt_free(&t);
    return 0;
}
#endif

#ifdef GESTUREKIT_HAVE_VIEW
#ifdef GESTUREKIT_HAVE_LIBEVDEV
/* The live source of gesturekit view: what the device queued, in its trace time. */
static double live_pump(void *ud) {
    gk_live_device *dev = ud;
    double now = gk_live_device_elapsed(dev);   /* before reading: every event queued by now is read below */
    return gk_live_device_read(dev, 0) < 0 ? -1 : now;
}
#endif

static bool is_device(const char *path) {
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

static int view(const struct gk_tool_options *o) {
    gkt_trace t;
    gkt_init(&t);
    int status;
    if (is_device(o->input)) {
#ifdef GESTUREKIT_HAVE_LIBEVDEV
        char error[300];
        if (o->view.screenshot) {
            fputs("gesturekit view: --screenshot draws a file at a time; for a device, press S in the view\n", stderr);
            return 2;
        }
        if (load_scene(&t, o, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekit: scene: %s\n", error);
            gkt_free(&t);
            return 1;
        }
        gk_live_device dev;
        gk_evdev_sink sink = {&t, sink_frame, sink_hover, sink_cancel};
        if (gk_live_device_open(&dev, o->input, &o->config, o->indirect_as_direct, &sink, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekit: %s\n", error);
            gkt_free(&t);
            return 1;
        }
        gkv_live source = {&dev, live_pump};
        char title[300];
        snprintf(title, sizeof title, "%s (%s)", o->input, gk_live_device_name(&dev));
        gkv_options vo = o->view;
        vo.seconds = o->seconds;
        status = gkv_run(&t, &setup, title, &vo, &source);
        gk_live_device_close(&dev);
#else
        fputs("gesturekit: built without libevdev; view reads files only\n", stderr);
        status = 2;
#endif
    } else if (load_input(&t, o) < 0) {
        status = 1;
    } else {
        const char *base = strrchr(o->input, '/');
        gkv_options vo = o->view;
        vo.seconds = o->seconds;
        status = gkv_run(&t, &setup, base ? base + 1 : o->input, &vo, NULL);
    }
    gkt_free(&t);
    return status;
}
#endif

int main(int argc, char **argv) {
    if (argc < 2) {
        gk_cli_short_usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        gk_cli_usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("gesturekit %s (libgesturekit %s)\n", GK_TOOL_VERSION, gk_version_string());
        return 0;
    }
    if (!gk_cli_is_command(cmd)) {
        const char *near = gk_cli_closest_command(cmd);
        if (near) fprintf(stderr, "gesturekit: unknown command \"%s\"; did you mean \"%s\"?\n", cmd, near);
        else fprintf(stderr, "gesturekit: unknown command \"%s\"\n", cmd);
        gk_cli_short_usage(stderr);
        return 2;
    }
    struct gk_tool_options o;
    if (gk_tool_parse_options(argc, argv, &o) < 0) return 2;
    if (o.help) {
        gk_cli_command_help(stdout, cmd);
        return 0;
    }
    if (strcmp(cmd, "scene") == 0) {
        fputs(gkt_default_scene, stdout);
        return 0;
    }
    if (strcmp(cmd, "record") == 0) {
#ifdef GESTUREKIT_HAVE_LIBEVDEV
        if (!o.input) return gk_tool_list_touchscreens();
        return record(&o);
#else
        fputs("gesturekit: built without libevdev; record is not available\n", stderr);
        return 2;
#endif
    }
    if (load_setup(&o) < 0) return 2;
    if (strcmp(cmd, "view") == 0) {
#ifdef GESTUREKIT_HAVE_VIEW
        if (!o.input) {
            fputs("gesturekit view: a trace, a recording or an event device to show\n", stderr);
            return 2;
        }
        return view(&o);
#else
        fputs("gesturekit: built without SDL2, SDL2_ttf or libpng; view is not available\n", stderr);
        return 2;
#endif
    }
    if (strcmp(cmd, "metrics") == 0) setup.metrics_format = o.openmetrics ? GK_METRICS_OPENMETRICS : GK_METRICS_PROMETHEUS;
    if (strcmp(cmd, "audit") == 0) setup.audit = true;
    gkt_trace t;
    gkt_init(&t);
    /* audit also takes a scene file (the lines `gesturekit scene` prints, and --scene reads). */
    bool scene_file = false;
    if (strcmp(cmd, "audit") == 0 && o.input) {
        char error[300], *text = NULL;
        size_t length = 0;
        if (gk_read_text_file(o.input, GKT_MAX_FILE_BYTES, &text, &length, error, sizeof error) == 0 &&
            strncmp(text, "gesturekit-trace", 16) != 0 && gkt_parse_scene(&t, text, error, sizeof error) == 0 &&
            t.nrecognizers > 0)
            scene_file = true;
        else {
            gkt_free(&t);
            gkt_init(&t);
        }
        free(text);
    }
    if (!scene_file && load_input(&t, &o) < 0) {
        gkt_free(&t);
        return 1;
    }
    if (strcmp(cmd, "profile") == 0) {
        gk_panel_profile measured;
        int rc = gkt_measure_profile(&t, &measured, stderr);
        FILE *out = rc == 0 ? open_output(o.output) : NULL;
        if (out) {
            fprintf(out, "# measured by gesturekit profile from %s\n", o.input);
            rc = gk_panel_profile_write(&measured, out);
            if (out != stdout && fclose(out) != 0) rc = -1;
        }
        gkt_free(&t);
        return out && rc == 0 ? 0 : 1;
    }
    if (strcmp(cmd, "convert") == 0) return convert(&t, &o);
    gkt_replay r;
    if (replay(&t, o.log, &r) < 0) {
        gkt_free(&t);
        return 1;
    }
    int status = 0;
    if (strcmp(cmd, "audit") == 0) {
        for (size_t i = 0; i < r.naudit; i++) puts(r.audit[i]);
        printf("%zu finding%s\n", r.naudit, r.naudit == 1 ? "" : "s");
        status = r.naudit > 0 ? 1 : 0;
    } else if (strcmp(cmd, "metrics") == 0) {
        if (r.metrics) fputs(r.metrics, stdout);
        else status = 1;
    } else if (strcmp(cmd, "replay") == 0) {
        for (size_t i = 0; i < r.nlines; i++) puts(r.lines[i]);
        if (o.log) {
            puts("# decision log");
            for (size_t i = 0; i < r.nlog; i++) puts(r.log[i]);
        }
    } else if (strcmp(cmd, "check") == 0 && input_is_recording) {
        /* A recording has no expectations to check against. */
        fprintf(stderr, "gesturekit: %s has no expectations: convert it first (gesturekit convert %s -o FILE.trace), "
                        "then check the trace\n", o.input, o.input);
        status = 1;
    } else if (strcmp(cmd, "check") == 0) {
        size_t n = r.nlines > t.nexpect ? r.nlines : t.nexpect;
        for (size_t i = 0; i < n; i++) {
            const char *want = i < t.nexpect ? t.expect[i] : "(nothing)";
            const char *got = i < r.nlines ? r.lines[i] : "(nothing)";
            if (strcmp(want, got) != 0) {
                fprintf(stderr, "gesturekit: %s: entry %zu: expected '%s', got '%s'\n", o.input, i + 1, want, got);
                status = 1;
                break;
            }
        }
        if (status == 0) printf("%s: %zu expectations hold\n", o.input, t.nexpect);
    } else {
        FILE *out = open_output(o.output);
        if (!out) status = 1;
        else {
            /* The title names the recording, and the profile and filters when a replay used them,
             * so that pictures with and without a profile tell themselves apart. */
            const char *base = strrchr(o.input, '/');
            const char *pbase = o.profile ? strrchr(o.profile, '/') : NULL;
            char title[600];
            if (o.profile || o.filters)
                snprintf(title, sizeof title, "%s (profile %s, filters %s)", base ? base + 1 : o.input,
                         o.profile ? (pbase ? pbase + 1 : o.profile) : "none",
                         o.filters ? o.filters : "noise,ghosts,palms,edges");
            else snprintf(title, sizeof title, "%s", base ? base + 1 : o.input);
            gkt_write_svg(&t, &r, title, out);
            if (out != stdout) fclose(out);
        }
    }
    gkt_replay_free(&r);
    gkt_free(&t);
    return status;
}
