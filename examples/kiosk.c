/* A complete kiosk main loop in C: read a Linux touchscreen, feed GestureKit, react.
 *
 *   kiosk /dev/input/eventN       a live panel (through libevdev)
 *   kiosk --replay FILE.events...  evemu recordings instead of a device, one after the other
 *                                  (no timing waits)
 *   ... --metrics DIR              also write DIR/gesturekit.prom for node_exporter's textfile
 *                                  collector (every 10 s on a device, and at the end)
 *   ... --accessible               explore-by-touch: the screen reader mode; focus changes,
 *                                  activations and announcements are printed and spoken with
 *                                  espeak-ng; the magic tap (two-finger double tap) is the main
 *                                  action: it opens "Pay 12 EUR?" (a modal dialog), then pays
 *   ... --speak-to DIR             with --accessible: speech goes to DIR/001.wav, 002.wav, ...
 *                                  instead of the loudspeaker (tests, machines without audio)
 *
 * The loop: poll() the touchscreen with the engine's next deadline as the timeout; decode the
 * kernel's events into frames (gk_evdev); feed each frame; when poll times out, advance the engine
 * to its deadline; then drain the actions and the view deliveries and "redraw". Build it against
 * the installed packages:
 *
 *   cc kiosk.c $(pkg-config --cflags --libs gesturekit gesturekit-evdev libevdev) -o kiosk */
#include <gesturekit.h>
#include <gk_evdev.h>
#include <gk_recording.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <libevdev/libevdev.h>
#include <math.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct app {
    gk_engine *engine;
    gk_view buy_button, map, tickets;
    int ticket_count;   /* the quantity the tickets view shows, 1..9 */
    gk_recognizer buy_tap, map_pan, map_pinch;
    /* The confirmation, a modal dialog over the screen: "Pay 12 EUR" and "Cancel". */
    gk_view dialog, pay_button, cancel_button;
    gk_recognizer pay_tap, cancel_tap;
    bool dialog_shown;
    int payments;       /* attempts so far: this demo's card is declined once */
    int redraws;
    double time_offset;   /* replays after the first start where the one before ended */
};

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

extern char **environ;

/* --accessible: speak what the screen reader says, with espeak-ng (Debian package espeak-ng). */
static bool accessible;
static const char *speak_dir;
static int utterances;

static void speak(const char *text) {
    char wav[4096];
    char *argv[6];
    int n = 0;
    argv[n++] = "espeak-ng";
    if (speak_dir) {
        snprintf(wav, sizeof wav, "%s/%03d.wav", speak_dir, ++utterances);
        argv[n++] = "-w";
        argv[n++] = wav;
    }
    argv[n++] = (char *)text;
    argv[n] = NULL;
    pid_t pid;
    if (posix_spawnp(&pid, "espeak-ng", NULL, NULL, argv, environ) != 0) {
        fprintf(stderr, "kiosk: cannot run espeak-ng (apt install espeak-ng): %s\n", strerror(errno));
        return;
    }
    /* Wait, so that utterances do not talk over each other (a real kiosk would queue them and
     * cut the stale ones short). */
    int status;
    waitpid(pid, &status, 0);
}

static void die(gk_status st, const char *what) {
    if (st == GK_OK) return;
    fprintf(stderr, "kiosk: %s: %s\n", what, gk_status_string(st));
    exit(1);
}

/* ---- the screen: a map you can pan and pinch, and a buy button ---- */
static void build_screen(struct app *a) {
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = 800;
    o.screen_height = 480;
    die(gk_engine_create(&o, &a->engine), "create");
    gk_view root;
    die(gk_engine_root_view(a->engine, &root), "root");
    gk_rect map = {0, 0, 800, 400}, button = {600, 410, 190, 60}, tickets = {10, 410, 190, 60};
    die(gk_view_create(a->engine, root, &map, &a->map), "map view");
    die(gk_view_set_flag(a->engine, a->map, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true), "flag");
    die(gk_view_create(a->engine, root, &button, &a->buy_button), "button view");
    /* How many tickets: a quantity, adjustable with the screen reader (flick up or down). */
    die(gk_view_create(a->engine, root, &tickets, &a->tickets), "tickets view");
    a->ticket_count = 1;
    die(gk_recognizer_create(a->engine, GK_KIND_TAP, &a->buy_tap), "tap");
    die(gk_recognizer_attach(a->engine, a->buy_tap, a->buy_button), "attach");
    die(gk_recognizer_create(a->engine, GK_KIND_PAN, &a->map_pan), "pan");
    die(gk_recognizer_attach(a->engine, a->map_pan, a->map), "attach");
    die(gk_recognizer_create(a->engine, GK_KIND_PINCH, &a->map_pinch), "pinch");
    die(gk_recognizer_attach(a->engine, a->map_pinch, a->map), "attach");
    /* What a screen reader says for each element, in reading order. */
    die(gk_view_set_accessibility(a->engine, a->map, "Map", 3, true, 1), "map label");
    die(gk_view_set_accessibility(a->engine, a->tickets, "Tickets: 1", 10, true, 2), "tickets label");
    die(gk_view_set_accessibility_traits(a->engine, a->tickets, GK_ACCESSIBILITY_TRAIT_ADJUSTABLE), "tickets trait");
    die(gk_view_set_accessibility(a->engine, a->buy_button, "Buy ticket", 10, true, 3), "button label");
    /* The confirmation dialog, hidden until the main action asks for it. Modal: while it is
     * shown, the screen reader reaches only its two buttons. */
    gk_rect dialog = {200, 80, 400, 240}, pay = {20, 140, 170, 80}, cancel = {210, 140, 170, 80};
    die(gk_view_create(a->engine, root, &dialog, &a->dialog), "dialog view");
    die(gk_view_set_flag(a->engine, a->dialog, GK_VIEW_HIDDEN, true), "dialog hidden");
    die(gk_view_set_accessibility_traits(a->engine, a->dialog, GK_ACCESSIBILITY_TRAIT_MODAL), "dialog trait");
    die(gk_view_create(a->engine, a->dialog, &pay, &a->pay_button), "pay view");
    die(gk_view_create(a->engine, a->dialog, &cancel, &a->cancel_button), "cancel view");
    die(gk_view_set_accessibility(a->engine, a->pay_button, "Pay 12 EUR", 10, true, 1), "pay label");
    die(gk_view_set_accessibility(a->engine, a->cancel_button, "Cancel", 6, true, 2), "cancel label");
    die(gk_recognizer_create(a->engine, GK_KIND_TAP, &a->pay_tap), "tap");
    die(gk_recognizer_attach(a->engine, a->pay_tap, a->pay_button), "attach");
    die(gk_recognizer_create(a->engine, GK_KIND_TAP, &a->cancel_tap), "tap");
    die(gk_recognizer_attach(a->engine, a->cancel_tap, a->cancel_button), "attach");
    if (accessible) die(gk_engine_set_screen_reader(a->engine, true), "screen reader");
}

/* What the host announces (gk_engine_announce's message is an index into this). */
static const char *const announcements[] = {"", "Card declined. Try again", "Paid. Printing your ticket"};
enum { SAY_DECLINED = 1, SAY_PAID = 2 };

static void show_dialog(struct app *a, bool shown) {
    a->dialog_shown = shown;
    die(gk_view_set_flag(a->engine, a->dialog, GK_VIEW_HIDDEN, !shown), "dialog");
    /* A new screen: the host puts the focus where the user should start, as UIKit's
     * screen-changed notification does. */
    if (accessible) die(gk_engine_set_accessibility_focus(a->engine, shown ? a->pay_button : a->buy_button), "focus");
}

/* Paying: this demo's card is declined on the first attempt. */
static void pay(struct app *a) {
    if (++a->payments == 1) {
        printf("         payment declined\n");
        die(gk_engine_announce(a->engine, SAY_DECLINED, GK_ANNOUNCE_URGENT), "announce");
        return;
    }
    printf("         payment accepted\n");
    show_dialog(a, false);
    die(gk_engine_announce(a->engine, SAY_PAID, GK_ANNOUNCE_POLITE), "announce");
}

/* The main action of the moment (the screen reader's magic tap): buy, then pay. */
static void main_action(struct app *a) {
    if (a->dialog_shown) pay(a);
    else show_dialog(a, true);
}

/* Drain what happened and redraw (here: print). */
static void react(struct app *a) {
    gk_action act;
    int dirty = 0;
    while (gk_engine_poll_action(a->engine, &act, sizeof act) == GK_OK) {
        if (act.recognizer == a->buy_tap) printf("%8.3f  BUY pressed\n", act.timestamp);
        else if (act.recognizer == a->pay_tap) pay(a);
        else if (act.recognizer == a->cancel_tap) show_dialog(a, false);
        else if (act.recognizer == a->map_pan && act.state != GK_STATE_CHANGED)
            printf("%8.3f  map pan %s, moved (%.0f, %.0f)\n", act.timestamp, gk_state_string(act.state), act.translation.x,
                   act.translation.y);
        else if (act.recognizer == a->map_pinch && act.state != GK_STATE_CHANGED)
            printf("%8.3f  map zoom %s, scale %.2f\n", act.timestamp, gk_state_string(act.state), act.scale);
        dirty = 1;
    }
    gk_accessibility_event ev;
    while (gk_engine_poll_accessibility_event(a->engine, &ev, sizeof ev) == GK_OK) {
        char label[256] = "";
        if (ev.view != GK_VIEW_NONE) gk_view_get_accessibility_label(a->engine, ev.view, label, sizeof label, NULL);
        static const char *what[] = {"focus",     "activate", "back",     "scroll",   "pause",
                                     "pass-through", "boundary", "scroll into view", "increment", "decrement",
                                     "magic tap", "read all", "position", "announce", "activate twice"};
        if (ev.kind == GK_ACCESSIBILITY_ANNOUNCEMENT && ev.message < sizeof announcements / sizeof announcements[0])
            snprintf(label, sizeof label, "%s", announcements[ev.message]);
        if ((ev.kind == GK_ACCESSIBILITY_INCREMENT || ev.kind == GK_ACCESSIBILITY_DECREMENT) && ev.view == a->tickets) {
            /* The app owns the value: change it, relabel the element and say the new value. */
            int n = a->ticket_count + (ev.kind == GK_ACCESSIBILITY_INCREMENT ? 1 : -1);
            if (n >= 1 && n <= 9) a->ticket_count = n;
            snprintf(label, sizeof label, "Tickets: %d", a->ticket_count);
            die(gk_view_set_accessibility(a->engine, a->tickets, label, strlen(label), true, 2), "tickets label");
            speak(label);
        }
        printf("%8.3f  screen reader: %s \"%s\"\n", ev.timestamp,
               ev.kind < sizeof what / sizeof what[0] ? what[ev.kind] : "?", label);
        if (ev.kind == GK_ACCESSIBILITY_BOUNDARY) speak("end");   /* VoiceOver plays a boundary sound */
        if (ev.kind == GK_ACCESSIBILITY_ANNOUNCEMENT) speak(label);
        if (ev.kind == GK_ACCESSIBILITY_MAGIC_TAP) main_action(a);
        if (ev.kind == GK_ACCESSIBILITY_FOCUS_CHANGED) speak(label);
        if (ev.kind == GK_ACCESSIBILITY_ACTIVATE) {
            /* A blind user hears that the button worked, not only where the focus is. */
            char said[300];
            snprintf(said, sizeof said, "%s, activated", label[0] ? label : "item");
            speak(said);
        }
        if (ev.kind == GK_ACCESSIBILITY_PASS_THROUGH) {
            /* The finger now holds or drags the element itself (VoiceOver plays a tone here). */
            char said[300];
            snprintf(said, sizeof said, "%s, holding", label[0] ? label : "item");
            speak(said);
        }
        dirty = 1;
    }
    gk_delivery d;
    while (gk_engine_poll_delivery(a->engine, &d, sizeof d) == GK_OK) {
        /* A real kiosk hands these to its widgets (the button's own highlight, say). */
        dirty = 1;
    }
    if (dirty) a->redraws++;
}

/* Decoded frames go straight into the engine. */
static void on_frame(void *ud, double t, const gk_touch *touches, size_t n) {
    struct app *a = ud;
    gk_status st = gk_engine_feed(a->engine, t + a->time_offset, touches, n);
    if (st != GK_OK) fprintf(stderr, "kiosk: frame at %.3f: %s\n", t, gk_status_string(st));
}
static void on_cancel(void *ud, double t) {
    struct app *a = ud;
    gk_engine_cancel_all_touches(a->engine, t + a->time_offset);
}

static gk_evdev_axis axis(struct libevdev *dev, unsigned code) {
    const struct input_absinfo *i = libevdev_get_abs_info(dev, code);
    return i ? (gk_evdev_axis){i->minimum, i->maximum} : (gk_evdev_axis){0, 0};
}

/* The fleet's monitoring reads the engine's counters from node_exporter's textfile collector
 * directory (--collector.textfile.directory). The collector may read at any moment, so the file is
 * written beside its final name and renamed over it: a reader sees the old file or the new one,
 * never half of one. docs/TELEMETRY.md. */
static const char *metrics_dir;

static void write_metrics(gk_engine *e) {
    if (!metrics_dir) return;
    size_t length = 0;
    gk_engine_write_metrics(e, GK_METRICS_PROMETHEUS, NULL, 0, &length);
    char *text = malloc(length + 1);
    if (!text || gk_engine_write_metrics(e, GK_METRICS_PROMETHEUS, text, length + 1, NULL) != GK_OK) {
        free(text);
        return;
    }
    char tmp[4096], final[4096];
    snprintf(tmp, sizeof tmp, "%s/.gesturekit.prom.%ld", metrics_dir, (long)getpid());
    snprintf(final, sizeof final, "%s/gesturekit.prom", metrics_dir);
    FILE *f = fopen(tmp, "w");
    bool ok = f && fwrite(text, 1, length, f) == length;
    if (f && fclose(f) != 0) ok = false;
    if (ok && rename(tmp, final) == 0) {
        free(text);
        return;
    }
    fprintf(stderr, "kiosk: cannot write %s: %s\n", final, strerror(errno));
    unlink(tmp);
    free(text);
}

static int run_device(struct app *a, const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    struct libevdev *dev = NULL;
    if (fd < 0 || libevdev_new_from_fd(fd, &dev) < 0) {
        fprintf(stderr, "kiosk: %s: %s\n", path, strerror(errno));
        return 1;
    }
    /* A touchpad or a semi-multitouch pad is no touchscreen: its contacts are not places on the
     * screen (docs/INPUT.md). A kiosk refuses it rather than turn taps into pans. The device is
     * judged as udev judges it: its property bits, else its keys (gk_device_classify). */
    gk_device_caps caps = {.has_keys = true, .name = libevdev_get_name(dev)};
    for (unsigned p = 0; p < 32; p++)
        if (libevdev_has_property(dev, p)) caps.properties |= 1u << p;
    for (unsigned code = 0; code < 8 * sizeof caps.keys; code++)
        if (libevdev_has_event_code(dev, EV_KEY, code)) caps.keys[code / 8] |= (uint8_t)(1u << (code % 8));
    caps.has_mt = libevdev_has_event_code(dev, EV_ABS, ABS_MT_POSITION_X) &&
                  libevdev_has_event_code(dev, EV_ABS, ABS_MT_POSITION_Y);
    const char *why = NULL;
    gk_device_class device_class = gk_device_classify(&caps, &why);
    if (device_class == GK_DEVICE_INDIRECT || device_class == GK_DEVICE_SEMI_MT) {
        fprintf(stderr, "kiosk: %s (%s) is not a touchscreen: %s\n", path, libevdev_get_name(dev), why);
        libevdev_free(dev);
        close(fd);
        return 1;
    }
    gk_evdev_config c;
    gk_evdev_config_init(&c);
    c.absolute_time = true;   /* the kernel's monotonic timestamps are the engine's clock */
    c.protocol_a = !libevdev_has_event_code(dev, EV_ABS, ABS_MT_SLOT);
    c.protocol_a_tracking_ids = c.protocol_a && libevdev_has_event_code(dev, EV_ABS, ABS_MT_TRACKING_ID);
    gk_evdev_sink sink = {a, on_frame, NULL, on_cancel};
    gk_evdev_decoder dec;
    gk_evdev_init(&dec, &c, axis(dev, ABS_X), axis(dev, ABS_Y), axis(dev, ABS_MT_POSITION_X),
                  axis(dev, ABS_MT_POSITION_Y), &sink);
    printf("kiosk: reading %s (%s)\n", path, libevdev_get_name(dev));
    unsigned flags = LIBEVDEV_READ_FLAG_NORMAL;
    for (;;) {
        /* Sleep until input arrives or the engine's next timer is due. */
        double deadline;
        gk_engine_next_deadline(a->engine, &deadline);
        int timeout = -1;
        if (!isinf(deadline)) {
            double wait = deadline - monotonic();
            timeout = wait <= 0 ? 0 : (int)ceil(wait * 1000);
        }
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, timeout);
        if (ready == 0) {
            gk_engine_advance(a->engine, fmax(deadline, monotonic()));   /* timers: double taps, long presses */
        } else if (ready > 0) {
            struct input_event ev;
            int rc;
            while ((rc = libevdev_next_event(dev, flags, &ev)) >= 0) {
                flags = rc == LIBEVDEV_READ_STATUS_SYNC ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL;
                gk_evdev_event(&dec, (double)ev.input_event_sec + (double)ev.input_event_usec / 1e6, ev.type, ev.code,
                               ev.value);
            }
            if (rc == -ENODEV) break;   /* unplugged */
            if (rc != -EAGAIN) flags = LIBEVDEV_READ_FLAG_NORMAL;
        } else if (errno != EINTR) {
            break;
        }
        react(a);
        static double last_export;
        if (monotonic() - last_export >= 10) {
            last_export = monotonic();
            write_metrics(a->engine);
        }
    }
    gk_evdev_release(&dec);
    libevdev_free(dev);
    close(fd);
    return 0;
}

/* Replays a recording, its times starting at a->time_offset; then moves that offset to one second
 * after its end, for the next one. */
static int run_replay(struct app *a, const char *path) {
    gk_recording rec;
    char error[300];
    if (gk_recording_load(path, NULL, &rec, error, sizeof error) < 0) {
        fprintf(stderr, "kiosk: %s\n", error);
        return 1;
    }
    const char *why = NULL;
    gk_device_class cls = gk_recording_classify(&rec, &why);
    if (cls == GK_DEVICE_INDIRECT || cls == GK_DEVICE_SEMI_MT) {
        fprintf(stderr, "kiosk: %s does not come from a touchscreen: %s\n", path, why);
        gk_recording_free(&rec);
        return 1;
    }
    gk_evdev_sink sink = {a, on_frame, NULL, on_cancel};
    gk_evdev_decoder dec;
    gk_recording_decoder(&rec, NULL, &sink, &dec);
    for (size_t i = 0; i < rec.count; i++) {
        gk_evdev_event(&dec, rec.events[i].time, rec.events[i].type, rec.events[i].code, rec.events[i].value);
        if (rec.events[i].type == GK_EV_SYN) react(a);
    }
    double now;
    gk_engine_now(a->engine, &now);
    gk_engine_advance(a->engine, now + 1);
    gk_engine_cancel_all_touches(a->engine, now + 1);   /* the recording may end with a finger down */
    react(a);
    a->time_offset = now + 1;
    gk_evdev_release(&dec);
    gk_recording_free(&rec);
    return 0;
}

int main(int argc, char **argv) {
    /* The options may come anywhere after the device or --replay; the rest are inputs. */
    const char *inputs[64];
    int ninputs = 0;
    bool replay = false;
    static const char usage[] = "usage: kiosk /dev/input/eventN | kiosk --replay FILE.events...  [--metrics DIR] "
                                "[--accessible [--speak-to DIR]]\n";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-' && strcmp(argv[i], "--metrics") && strcmp(argv[i], "--speak-to") &&
            strcmp(argv[i], "--accessible") && strcmp(argv[i], "--replay")) {
            fprintf(stderr, "kiosk: unknown option %s\n%s", argv[i], usage);
            return 2;
        }
        if (strcmp(argv[i], "--metrics") == 0 && i + 1 < argc) metrics_dir = argv[++i];
        else if (strcmp(argv[i], "--speak-to") == 0 && i + 1 < argc) speak_dir = argv[++i];
        else if (strcmp(argv[i], "--accessible") == 0) accessible = true;
        else if (strcmp(argv[i], "--replay") == 0) replay = true;
        else if (ninputs < 64) inputs[ninputs++] = argv[i];
    }
    if (ninputs < 1 || (!replay && ninputs > 1)) {
        fputs(usage, stderr);
        return 2;
    }
    if (speak_dir && mkdir(speak_dir, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "kiosk: cannot make %s: %s\n", speak_dir, strerror(errno));
        return 1;
    }
    struct app a = {0};
    build_screen(&a);
    int rc = 0;
    if (replay) {
        for (int i = 0; i < ninputs && rc == 0; i++) rc = run_replay(&a, inputs[i]);
    } else {
        rc = run_device(&a, inputs[0]);
    }
    printf("kiosk: %d redraws\n", a.redraws);
    write_metrics(a.engine);
    gk_engine_destroy(a.engine);
    return rc;
}
