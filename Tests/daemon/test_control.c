/* gesturekitd's reload logic (daemon/control.c) with a fake panel: the order of reloads, failed
 * opens and lost panels that once crashed the daemon or freed a configuration in use, and what the
 * app sees across them. Under the sanitizer build, AddressSanitizer checks every access too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gkd_control.h"

/* A panel that opens unless its path says "missing", and the app's touchscreen as a count of
 * contacts down. */
struct fake {
    bool present;               /* a touchscreen udev would find */
    bool open;
    int opens, closes;
    int app_down_at_close;      /* contacts the app still had when the panel closed */
    gk_evdev_sink sink;
    int slot;
    bool down[GKD_APP_SLOTS];
    double now;
};

static int app_down(const struct fake *f) {
    int n = 0;
    for (int i = 0; i < GKD_APP_SLOTS; i++) n += f->down[i];
    return n;
}

static int app_event(void *ud, double t, uint16_t type, uint16_t code, int32_t value) {
    (void)t;
    struct fake *f = ud;
    if (type == GK_EV_ABS && code == GK_ABS_MT_SLOT) f->slot = value;
    if (type == GK_EV_ABS && code == GK_ABS_MT_TRACKING_ID && f->slot >= 0 && f->slot < GKD_APP_SLOTS)
        f->down[f->slot] = value >= 0;
    return 0;
}

static int fake_open(void *ud, const char *path, const gkd_config *config, const gk_evdev_sink *sink,
                     gkd_mapping *m, gkd_event_sink *app, char *error, size_t size) {
    struct fake *f = ud;
    assert_false(f->open);
    if (strstr(path, "missing")) {
        snprintf(error, size, "%s: No such file or directory", path);
        return -1;
    }
    gkd_reader_config(config, &m->config);
    m->x = (gk_evdev_axis){0, 799};
    m->y = (gk_evdev_axis){0, 479};
    f->sink = *sink;
    f->open = true;
    f->opens++;
    *app = (gkd_event_sink){f, app_event};
    return 0;
}

static void fake_close(void *ud) {
    struct fake *f = ud;
    assert_true(f->open);
    f->open = false;
    f->closes++;
    f->app_down_at_close = app_down(f);
}

static bool fake_find(void *ud, char *out, size_t size) {
    struct fake *f = ud;
    snprintf(out, size, "%s", f->present ? "/dev/input/event5" : "");
    return f->present;
}

static double fake_now(void *ud) { return ((struct fake *)ud)->now; }

struct fixture {
    char path[64];
    gkd_config first;
    gkd_runner runner;
    struct fake fake;
    gkd_control control;
};

static const char GOOD[] = "[daemon]\ngrab = yes\n[gesture hold]\nkind = long_press\nnumber_of_touches_required = 3\n"
                           "minimum_press_duration = 0.5\naction = key KEY_F10\n";

static void write_file(struct fixture *f, const char *text) {
    FILE *file = fopen(f->path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

/* The daemon's state after start: the first configuration from GOOD, no panel opened yet. */
static int set_up(void **state) {
    struct fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->path, sizeof f->path, "/tmp/test-control-%d.conf", (int)getpid());
    write_file(f, GOOD);
    char error[600];
    if (gkd_config_load_checked(f->path, &f->first, error, sizeof error) < 0) fail_msg("%s", error);
    f->fake.slot = -1;
    f->fake.now = 100;
    gkd_panel_ops ops = {fake_open, fake_close, fake_find, fake_now, NULL, &f->fake};
    FILE *log = fopen("/dev/null", "w");
    assert_int_equal(gkd_control_init(&f->control, f->path, &f->first, NULL, &f->runner, &ops, log), 0);
    *state = f;
    return 0;
}

static int tear_down(void **state) {
    struct fixture *f = *state;
    gkd_control_finish(&f->control);
    assert_false(f->fake.open);
    if (f->control.log) fclose(f->control.log);
    unlink(f->path);
    free(f);
    return 0;
}

/* The rule control.c keeps: an open panel has a session on the running configuration; a closed
 * one has a stopped session that points at no configuration. */
static void assert_consistent(const struct fixture *f) {
    assert_int_equal(f->control.panel_open, f->fake.open);
    if (f->control.panel_open) assert_ptr_equal(f->control.session->config, f->control.config);
    else assert_null(f->control.session->config);
}

static void touch(struct fixture *f, int n) {
    gk_touch t[3];
    memset(t, 0, sizeof t);
    for (int i = 0; i < n; i++) {
        t[i].id = 1 + i;
        t[i].phase = GK_TOUCH_BEGAN;
        t[i].x = 100 + 50 * i;
        t[i].y = 200;
    }
    f->fake.now += 0.2;   /* past the landing window: the app has them */
    f->fake.sink.frame(f->fake.sink.user_data, f->fake.now - 0.2, t, (size_t)n);
    gkd_session_advance_to(f->control.session, f->fake.now);
}

static void reload_to_an_unopenable_device_and_back_opens_the_panel(void **state) {
    struct fixture *f = *state;
    assert_int_equal(gkd_control_connect(&f->control), 1);   /* a kiosk booted before its panel */
    assert_consistent(f);
    write_file(f, "[daemon]\ndevice = /dev/input/missing99\n[gesture g]\nkind = tap\naction = key KEY_A\n");
    assert_int_equal(gkd_control_reload(&f->control), 0);
    assert_false(f->control.panel_open);
    assert_consistent(f);
    f->fake.present = true;
    write_file(f, GOOD);
    assert_int_equal(gkd_control_reload(&f->control), 0);   /* crashed in 0.5.1 */
    assert_true(f->control.panel_open);
    assert_consistent(f);
}

static void reload_after_a_reload_whose_device_did_not_open_reads_no_freed_configuration(void **state) {
    struct fixture *f = *state;
    f->fake.present = true;
    assert_int_equal(gkd_control_connect(&f->control), 0);
    assert_int_equal(gkd_control_reload(&f->control), 0);   /* the running configuration is now owned */
    write_file(f, "[daemon]\ndevice = /dev/input/missing\n[gesture g]\nkind = tap\naction = key KEY_A\n");
    assert_int_equal(gkd_control_reload(&f->control), 0);
    assert_consistent(f);
    write_file(f, "[daemon]\ndevice = /dev/input/missing2\n[gesture g]\nkind = swipe\naction = key KEY_B\n");
    assert_int_equal(gkd_control_reload(&f->control), 0);   /* freed the configuration in use in 0.5.1 */
    assert_consistent(f);
    write_file(f, GOOD);
    assert_int_equal(gkd_control_reload(&f->control), 0);
    assert_true(f->control.panel_open);
    assert_consistent(f);
}

static void reload_ends_the_apps_touches_before_the_panel_closes(void **state) {
    struct fixture *f = *state;
    f->fake.present = true;
    assert_int_equal(gkd_control_connect(&f->control), 0);
    touch(f, 1);
    assert_int_equal(app_down(&f->fake), 1);
    assert_int_equal(gkd_control_reload(&f->control), 0);
    assert_int_equal(f->fake.closes, 1);
    assert_int_equal(f->fake.app_down_at_close, 0);
    assert_int_equal(f->fake.opens, 2);
    assert_consistent(f);
}

static void a_file_that_does_not_load_keeps_the_configuration_the_panel_and_the_touches(void **state) {
    struct fixture *f = *state;
    f->fake.present = true;
    assert_int_equal(gkd_control_connect(&f->control), 0);
    touch(f, 1);
    const gkd_config *running = f->control.config;
    write_file(f, "[gesture g]\nkind = tap\nnumber_of_taps_required = 0\naction = key KEY_A\n");
    assert_int_equal(gkd_control_reload(&f->control), -1);
    write_file(f, "[daemon]\ngrab = maybe\n");
    assert_int_equal(gkd_control_reload(&f->control), -1);
    unlink(f->path);
    assert_int_equal(gkd_control_reload(&f->control), -1);
    assert_ptr_equal(f->control.config, running);
    assert_int_equal(f->fake.opens, 1);
    assert_int_equal(f->fake.closes, 0);
    assert_int_equal(app_down(&f->fake), 1);
    assert_consistent(f);
}

static void a_lost_panel_ends_the_apps_touches_and_a_new_one_opens(void **state) {
    struct fixture *f = *state;
    f->fake.present = true;
    assert_int_equal(gkd_control_connect(&f->control), 0);
    touch(f, 2);
    assert_int_equal(app_down(&f->fake), 2);
    gkd_control_panel_lost(&f->control);
    assert_int_equal(f->fake.app_down_at_close, 0);
    assert_consistent(f);
    assert_true(isinf(gkd_control_next_deadline(&f->control)));
    gkd_control_advance(&f->control);   /* nothing runs with no panel */
    assert_int_equal(gkd_control_reload(&f->control), 0);   /* a reload with the panel gone */
    assert_int_equal(f->fake.opens, 2);
    assert_consistent(f);
}

static void a_named_device_that_does_not_open_is_an_error_and_leaves_nothing_open(void **state) {
    struct fixture *f = *state;
    f->control.device = "/dev/input/missing7";
    f->fake.present = true;
    assert_string_equal(gkd_control_wanted_device(&f->control), "/dev/input/missing7");
    assert_int_equal(gkd_control_connect(&f->control), -1);
    assert_int_equal(f->fake.opens, 0);
    assert_consistent(f);
    assert_int_equal(gkd_control_reload(&f->control), 0);   /* --device still wins over the file */
    assert_false(f->control.panel_open);
    assert_consistent(f);
}

static void the_configurations_device_wins_over_the_one_udev_finds_and_auto_means_any(void **state) {
    struct fixture *f = *state;
    f->fake.present = true;
    write_file(f, "[daemon]\ndevice = auto\n[gesture g]\nkind = tap\naction = key KEY_A\n");
    assert_int_equal(gkd_control_reload(&f->control), 0);
    assert_null(gkd_control_wanted_device(&f->control));
    assert_string_equal(f->control.panel_path, "/dev/input/event5");
    write_file(f, "[daemon]\ndevice = /dev/input/event9\n[gesture g]\nkind = tap\naction = key KEY_A\n");
    assert_int_equal(gkd_control_reload(&f->control), 0);
    assert_string_equal(f->control.panel_path, "/dev/input/event9");
}

static void a_hold_held_past_its_duration_fires_through_the_controls_timers(void **state) {
    struct fixture *f = *state;
    f->fake.present = true;
    assert_int_equal(gkd_control_connect(&f->control), 0);
    gk_touch t[3];
    memset(t, 0, sizeof t);
    for (int i = 0; i < 3; i++) t[i] = (gk_touch){.id = 1 + i, .phase = GK_TOUCH_BEGAN, .x = 100 + 50.0 * i, .y = 200};
    f->fake.sink.frame(f->fake.sink.user_data, f->fake.now, t, 3);
    double deadline = gkd_control_next_deadline(&f->control);
    assert_true(isfinite(deadline) && deadline > f->fake.now);
    f->fake.now += 1;
    gkd_control_advance(&f->control);
    assert_true(gkd_control_next_deadline(&f->control) > deadline);
    assert_int_equal(app_down(&f->fake), 0);   /* the three fingers were the gesture's, never the app's */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(reload_to_an_unopenable_device_and_back_opens_the_panel, set_up, tear_down),
        cmocka_unit_test_setup_teardown(reload_after_a_reload_whose_device_did_not_open_reads_no_freed_configuration, set_up, tear_down),
        cmocka_unit_test_setup_teardown(reload_ends_the_apps_touches_before_the_panel_closes, set_up, tear_down),
        cmocka_unit_test_setup_teardown(a_file_that_does_not_load_keeps_the_configuration_the_panel_and_the_touches, set_up, tear_down),
        cmocka_unit_test_setup_teardown(a_lost_panel_ends_the_apps_touches_and_a_new_one_opens, set_up, tear_down),
        cmocka_unit_test_setup_teardown(a_named_device_that_does_not_open_is_an_error_and_leaves_nothing_open, set_up, tear_down),
        cmocka_unit_test_setup_teardown(the_configurations_device_wins_over_the_one_udev_finds_and_auto_means_any, set_up, tear_down),
        cmocka_unit_test_setup_teardown(a_hold_held_past_its_duration_fires_through_the_controls_timers, set_up, tear_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
