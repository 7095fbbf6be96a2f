/* libFuzzer harness over gesturekitd's reload path (daemon/control.c, the code live.c runs on
 * SIGHUP, on a panel lost and on udev's "add"), with a fake panel in place of libevdev and uinput.
 *
 * The input is a script and the configuration files it reloads, separated by lines "%%":
 *     SCRIPT \n%%\n FILE1 \n%%\n FILE2 ...
 * Each script byte is an operation (its low 3 bits) with an argument (the rest, and what follows):
 *   0 reload a built-in file (good, grab = no, an unopenable device, a bad file, a cleaning
 *     gesture, device = auto), 1 reload FILEn, 2 an evdev event to the panel (two more bytes),
 *   3 time passes, 4 the panel is lost, 5 udev says a device was added, 6 toggle whether a panel
 *   is present and whether opens fail, 7 the cleaning mode from the socket. Reloads past the 12th
 *   are skipped (the VM's reload storm does a thousand on a real kernel).
 * The fake panel keeps its slots' positions across opens, as the kernel does, and a new reader is
 * seeded from them (as live_device.c seeds from libevdev).
 *
 * After every operation: an open panel has a session on the running configuration; a closed one
 * has a stopped session holding no configuration, and the app holds no touch. AddressSanitizer
 * checks every access (the two 0.5.1 reload defects were a NULL configuration and a freed one).
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_daemon_reload build-san/fuzz-corpus-daemon-reload Tests/fuzz/corpus-daemon-reload \
 *          -dict=Tests/fuzz/daemon-config.dict -timeout=10 */
#include "gkd_control.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FILES 8
#define AXIS_MAX 4095
#define MAX_RELOADS 12   /* per input: a reload costs a file and an engine; more add no paths */

struct fake {
    bool present, failing, open;
    gk_evdev_decoder decoder;
    int slot;                                  /* the kernel's current slot */
    int32_t x[GK_EVDEV_MAX_SLOTS], y[GK_EVDEV_MAX_SLOTS];   /* the kernel's last positions */
    int app_slot;
    bool app_down[GKD_APP_SLOTS];
    double now;
};

static int app_event(void *ud, double t, uint16_t type, uint16_t code, int32_t value) {
    (void)t;
    struct fake *f = ud;
    if (type == GK_EV_ABS && code == GK_ABS_MT_SLOT) f->app_slot = value;
    if (type == GK_EV_ABS && code == GK_ABS_MT_TRACKING_ID) {
        if (f->app_slot < 0 || f->app_slot >= GKD_APP_SLOTS) abort();   /* the app stream's own slots */
        f->app_down[f->app_slot] = value >= 0;
    }
    return 0;
}

static int fake_open(void *ud, const char *path, const gkd_config *config, const gk_evdev_sink *sink,
                     gkd_mapping *m, gkd_event_sink *app, char *error, size_t size) {
    struct fake *f = ud;
    if (f->open) abort();   /* opened twice without a close */
    if (f->failing || strstr(path, "missing")) {
        snprintf(error, size, "%s: No such file or directory", path);
        return -1;
    }
    gkd_reader_config(config, &m->config);
    m->x = m->y = (gk_evdev_axis){0, AXIS_MAX};
    gk_evdev_init(&f->decoder, &m->config, m->x, m->y, m->x, m->y, sink);
    for (int s = 0; s < GK_EVDEV_MAX_SLOTS; s++) gk_evdev_seed_slot(&f->decoder, s, f->x[s], f->y[s]);
    gk_evdev_seed_current_slot(&f->decoder, f->slot);
    f->open = true;
    *app = (gkd_event_sink){f, config->grab ? app_event : NULL};
    return 0;
}

static void fake_close(void *ud) {
    struct fake *f = ud;
    if (!f->open) abort();
    gk_evdev_release(&f->decoder);
    f->open = false;
}

static bool fake_find(void *ud, char *out, size_t size) {
    struct fake *f = ud;
    snprintf(out, size, "%s", f->present ? "/dev/input/event5" : "");
    return f->present;
}

static double fake_now(void *ud) { return ((struct fake *)ud)->now; }

static const char *const BUILT_IN[] = {
    "[daemon]\ngrab = yes\n[gesture hold]\nkind = long_press\nnumber_of_touches_required = 3\n"
    "minimum_press_duration = 0.5\naction = key KEY_F10\n[gesture swipe]\nkind = swipe\n"
    "number_of_touches_required = 4\ndirection = left\naction = socket\n",
    "[daemon]\ngrab = no\n[gesture tap]\nkind = tap\nnumber_of_taps_required = 2\naction = socket\n",
    "[daemon]\ndevice = /dev/input/missing99\n[gesture g]\nkind = tap\naction = key KEY_A\n",
    "[gesture g]\nkind = tap\nnumber_of_taps_required = 0\naction = key KEY_A\n",
    "[daemon]\ngrab = yes\nlanding_window = 0\n[gesture clean]\nkind = long_press\nnumber_of_touches_required = 2\n"
    "minimum_press_duration = 0.3\naction = cleaning\n[zone edge]\nx = 0..40\n[gesture edge]\nzone = edge\n"
    "kind = pan\naction = key KEY_F7\n",
    "[daemon]\ndevice = auto\ngrab = yes\n[gesture g]\nkind = pinch\naction = socket\n",
};
#define BUILT_INS (sizeof BUILT_IN / sizeof BUILT_IN[0])

static char path[64];

static void write_file(const char *text, size_t length) {
    FILE *f = fopen(path, "w");
    if (!f) abort();
    fwrite(text, 1, length, f);
    fclose(f);
}

static void check(const gkd_control *c, const struct fake *f) {
    if (c->panel_open != f->open) abort();
    if (c->panel_open && c->session->config != c->config) abort();
    if (!c->panel_open) {
        if (c->session->config) abort();
        for (int i = 0; i < GKD_APP_SLOTS; i++)
            if (f->app_down[i]) abort();   /* a closed panel leaves the app no touch */
    }
}

/* An evdev event from two bytes: which (a), and its value (b). */
static void panel_event(struct fake *f, uint8_t a, uint8_t b) {
    f->now += 0.004 * (a >> 5);
    uint16_t type = GK_EV_ABS, code;
    int32_t value;
    switch (a & 7) {
    case 0: code = GK_ABS_MT_SLOT; value = b % 12 - 1; break;   /* -1 and 10 are out of range */
    case 1: code = GK_ABS_MT_TRACKING_ID; value = b < 16 ? -1 : b; break;
    case 2: code = GK_ABS_MT_POSITION_X; value = b * 16; break;
    case 3: code = GK_ABS_MT_POSITION_Y; value = b * 16; break;
    case 4: code = 0x37; value = b & 2; break;                 /* ABS_MT_TOOL_TYPE: finger or palm */
    case 5: type = GK_EV_SYN; code = GK_SYN_REPORT; value = 0; break;
    case 6: type = GK_EV_SYN; code = b < 8 ? GK_SYN_DROPPED : GK_SYN_REPORT; value = 0; break;
    default: type = GK_EV_KEY; code = 0x14a; value = b & 1; break;   /* BTN_TOUCH */
    }
    /* What the kernel remembers, whether or not a reader is open. */
    if (type == GK_EV_ABS && code == GK_ABS_MT_SLOT && value >= 0 && value < GK_EVDEV_MAX_SLOTS) f->slot = value;
    if (type == GK_EV_ABS && (code == GK_ABS_MT_POSITION_X || code == GK_ABS_MT_POSITION_Y) && f->slot >= 0 &&
        f->slot < GK_EVDEV_MAX_SLOTS)
        (code == GK_ABS_MT_POSITION_X ? f->x : f->y)[f->slot] = value;
    if (f->open) gk_evdev_event(&f->decoder, f->now, type, code, value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 64 * 1024) return 0;
    if (!path[0]) snprintf(path, sizeof path, "/tmp/fuzz-gkd-reload-%d.conf", (int)getpid());
    /* The script, then the files. */
    const char *files[MAX_FILES];
    size_t lengths[MAX_FILES];
    int nfiles = 0;
    const uint8_t *script = data, *end = data + size;
    size_t script_length = size;
    const uint8_t *p = memmem(data, size, "\n%%\n", 4);
    if (p) {
        script_length = (size_t)(p - data);
        while (p && nfiles < MAX_FILES) {
            const uint8_t *start = p + 4;
            const uint8_t *next = memmem(start, (size_t)(end - start), "\n%%\n", 4);
            files[nfiles] = (const char *)start;
            lengths[nfiles++] = (size_t)((next ? next : end) - start);
            p = next;
        }
    }
    write_file(BUILT_IN[0], strlen(BUILT_IN[0]));
    gkd_config *first = malloc(sizeof *first);
    char error[600];
    if (!first || gkd_config_load_checked(path, first, error, sizeof error) < 0) abort();
    static struct fake f;
    memset(&f, 0, sizeof f);
    f.slot = 0;
    f.app_slot = -1;
    f.present = true;
    f.now = 1000;
    gkd_runner runner = {.dry_run = true};
    gkd_panel_ops ops = {fake_open, fake_close, fake_find, fake_now, NULL, &f};
    gkd_control c;
    if (gkd_control_init(&c, path, first, NULL, &runner, &ops, NULL) < 0) abort();
    gkd_control_connect(&c);
    check(&c, &f);
    int reloads = 0;
    for (size_t i = 0; i < script_length; i++) {
        uint8_t op = script[i], arg = op >> 3;
        if ((op & 7) <= 1 && ++reloads > MAX_RELOADS) continue;
        switch (op & 7) {
        case 0:
            write_file(BUILT_IN[arg % BUILT_INS], strlen(BUILT_IN[arg % BUILT_INS]));
            gkd_control_reload(&c);
            break;
        case 1:
            if (nfiles) {
                write_file(files[arg % nfiles], lengths[arg % nfiles]);
                gkd_control_reload(&c);
            }
            break;
        case 2:
            if (i + 2 < script_length) {
                panel_event(&f, script[i + 1], script[i + 2]);
                i += 2;
            }
            break;
        case 3:
            f.now += 0.01 * arg * arg;
            /* As the loop does: what is due fires (the session catches up to each frame itself). */
            for (int n = 0; n < 100 && gkd_control_next_deadline(&c) <= f.now; n++) gkd_control_advance(&c);
            break;
        case 4:
            if (c.panel_open) gkd_control_panel_lost(&c);
            break;
        case 5:
            if (!c.panel_open) gkd_control_connect(&c);
            break;
        case 6:
            if (arg & 1) f.present = !f.present;
            if (arg & 2) f.failing = !f.failing;
            break;
        default:
            if (c.panel_open) gkd_session_set_cleaning(c.session, arg & 1, f.now);
            break;
        }
        check(&c, &f);
    }
    gkd_control_finish(&c);
    if (f.open) abort();
    for (int i = 0; i < GKD_APP_SLOTS; i++)
        if (f.app_down[i]) abort();
    /* The first configuration is the caller's, as gesturekitd's main() owns it. */
    free(first);
    return 0;
}
