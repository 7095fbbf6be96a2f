/* gesturekitd.conf: one test per class of error, each with the message a user reads (file, line,
 * field, what is wrong), and what a good file gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gkd_actions.h"
#include "gkd_app_stream.h"
#include "gkd_config.h"
#include "gk_profile.h"
#include "gkd_scene.h"

static gkd_config *config;

static int setup(void **state) {
    (void)state;
    config = malloc(sizeof *config);
    return config ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    free(config);
    return 0;
}

/* Parses and builds `text`; returns the message ("" when it is fine). */
static const char *check_text(const char *text) {
    static char error[600];
    error[0] = 0;
    if (gkd_config_parse(text, strlen(text), "test.conf", config, error, sizeof error) < 0) return error;
    gkd_scene scene;
    if (gkd_scene_build(config, &scene, error, sizeof error) < 0) return error;
    gkd_scene_destroy(&scene);
    return "";
}

#define GESTURE "[gesture g]\nkind = tap\naction = socket\n"
#define expect_message(text, message) assert_string_equal(check_text(text), message)

static void test_a_good_file_gives_its_zones_gestures_and_actions(void **state) {
    (void)state;
    expect_message("# a kiosk\n[daemon]\nscreen = 1280x800\ngrab = yes\nidle = 90\n"
                   "idle_action = exec /usr/bin/kiosk \"go home\"\n\n[accessibility]\nhold_duration = 0.2\n"
                   "[zone corner]\nrect_mm = 0 0 20 20\n[gesture menu]\nzone = corner\nkind = long_press\n"
                   "number_of_taps_required = 4\nrequire_failure_of = other\naction = key KEY_LEFTCTRL+KEY_Q\n"
                   "[gesture other]\nkind = swipe\ndirection = left,right\naction = socket\n", "");
    assert_int_equal(config->nzones, 1);
    assert_int_equal(config->ngestures, 2);
    assert_true(config->grab);
    assert_true(config->zones[0].in_mm);
    assert_int_equal(config->gestures[0].zone, 0);
    assert_int_equal(config->gestures[0].on, GK_STATE_BEGAN);   /* a long press acts when it begins */
    assert_int_equal(config->gestures[1].on, GK_STATE_ENDED);   /* a swipe when it is recognized */
    assert_int_equal(config->gestures[0].actions[0].nkeys, 2);
    assert_int_equal(config->idle_actions[0].argc, 2);
    assert_string_equal(config->idle_actions[0].argv[1], "go home");
    assert_true(config->accommodations.hold_duration == 0.2);
}

static void test_the_cancel_style_cleaning_start_and_socket_control_are_read(void **state) {
    (void)state;
    expect_message("[daemon]\n", "");
    assert_int_equal(config->cancel, GKD_CANCEL_LIFT);   /* lift by default: no touch stuck on any stack measured */
    assert_false(config->cleaning_at_start);
    assert_false(config->socket_control);
    expect_message("[daemon]\ncancel = palm\ncleaning_at_start = yes\nsocket_control = yes\n", "");
    assert_int_equal(config->cancel, GKD_CANCEL_PALM);
    assert_true(config->cleaning_at_start);
    assert_true(config->socket_control);
    expect_message("[daemon]\ncancel = cancel\n",
                   "test.conf:2: cancel: 'cancel' is not lift or palm (how a touch the app had ends when a gesture "
                   "claims it; docs/DAEMON.md says what each stack does with each)");
    expect_message("[daemon]\nsocket_control = maybe\n", "test.conf:2: socket_control: 'maybe' is not yes, no, true or false");
}

static void test_an_unknown_section_is_named(void **state) {
    (void)state;
    expect_message("[deamon]\n", "test.conf:1: section: unknown section [deamon] (daemon, accessibility, zone NAME, gesture NAME)");
}

static void test_a_setting_before_any_section_is_refused(void **state) {
    (void)state;
    expect_message("\ngrab = yes\n", "test.conf:2: grab: a setting before the first [section]");
}

static void test_a_line_without_an_equals_sign_is_refused(void **state) {
    (void)state;
    expect_message("[daemon]\ngrab yes\n", "test.conf:2: line: neither [section] nor KEY = VALUE");
}

static void test_an_unknown_setting_is_named(void **state) {
    (void)state;
    expect_message("[daemon]\ngrab = yes\nscren = 800x480\n", "test.conf:3: scren: unknown setting in [daemon]; did you mean screen?");
    expect_message("[accessibility]\nhold = 1\n", "test.conf:2: hold: unknown setting in [accessibility]");
    /* Issue 55, item 6: a likely typo gets the setting it probably meant. */
    expect_message("[daemon]\ngrabb = yes\n", "test.conf:2: grabb: unknown setting in [daemon]; did you mean grab?");
    expect_message("[accessibility]\ntiming-scale = 2\n",
                   "test.conf:2: timing-scale: unknown setting in [accessibility]; did you mean timing_scale?");
    expect_message("[daemon]\nwallpaper = blue\n", "test.conf:2: wallpaper: unknown setting in [daemon]");
}

static void test_values_out_of_range_or_not_numbers_are_refused(void **state) {
    (void)state;
    expect_message("[daemon]\nscreen = 800x0\n", "test.conf:2: screen: 0 is outside 1..1e+06 (points: WIDTHxHEIGHT, e.g. 800x480)");
    expect_message("[daemon]\nidle = soon\n", "test.conf:2: idle: 'soon' is not a number (seconds, e.g. 60)");
    /* Issue 55, item 6: the message says what the number counts. */
    expect_message("[daemon]\ncleaning_exit_hold = 500ms\n",
                   "test.conf:2: cleaning_exit_hold: '500ms' is not a number (seconds, e.g. 3)");
    expect_message("[zone z]\nrect = 720 0 80 40\n", "test.conf:2: rect: 720 is outside 0..1 (fractions of the screen: 0.5 is "
                   "half of it; rect_mm takes millimetres)");
    expect_message("[daemon]\nrotation = 45\n", "test.conf:2: rotation: '45' is not 0, 90, 180 or 270");
    expect_message("[accessibility]\nhold_duration = 5\n", "test.conf:2: hold_duration: 5 is not 0 (off) or 0.1..2 seconds");
    expect_message("[daemon]\ngrab = maybe\n", "test.conf:2: grab: 'maybe' is not yes, no, true or false");
    expect_message("[daemon]\nsocket_group = kiosk apps\n", "test.conf:2: socket_group: 'kiosk apps' is not a group name");
    expect_message("[daemon]\nsocket_group = gesturekit\n", "");
}

static void test_profiles_and_filters_are_checked(void **state) {
    (void)state;
    expect_message("[daemon]\nfilters = noise,sparkle\n", "test.conf:2: filters: unknown filter \"sparkle\" (noise, "
                   "ghosts, palms, chatter, edges, one-euro, hysteresis, none)");
    const char *missing = check_text("[daemon]\nprofile = /nonexistent/panel.profile\n");
    assert_non_null(strstr(missing, "test.conf: profile: "));
    assert_non_null(strstr(missing, "/nonexistent/panel.profile"));
    expect_message("[daemon]\nfilters = noise,ghosts,one-euro\n", "");
    gk_input_filters f;
    char why[200];
    assert_int_equal(gk_input_filters_parse("noise, hysteresis", &f, why, sizeof why), 0);
    assert_int_equal(f.flags, GK_FILTER_NOISE_THRESHOLDS);
    assert_int_equal(f.jitter, GK_JITTER_HYSTERESIS);
}

/* The words set in bold in `man`'s section `heading` (from its ".SH" line to the next): the name
 * of each ".BI NAME" entry when `entries`, else every word after ".B" or ".BR". */
static int bold_words(const char *man, const char *heading, bool entries, char words[][64], int max) {
    const char *at = strstr(man, heading);
    assert_non_null(at);
    const char *end = strstr(at + strlen(heading), "\n.SH ");
    if (!end) end = at + strlen(at);
    int n = 0;
    for (const char *line = strchr(at, '\n'); line && line < end && n < max; line = strchr(line + 1, '\n')) {
        const char *text = line + 1;
        const char *prefix = entries ? ".BI " : strncmp(text, ".BR ", 4) == 0 ? ".BR " : ".B ";
        if (strncmp(text, prefix, strlen(prefix)) != 0) continue;
        text += strlen(prefix);
        size_t len = strcspn(text, " \n\"");
        if (len == 0 || len >= 64) continue;
        memcpy(words[n], text, len);
        words[n++][len] = 0;
    }
    return n;
}

static bool listed(char words[][64], int n, const char *word) {
    for (int i = 0; i < n; i++)
        if (strcmp(words[i], word) == 0) return true;
    return false;
}

/* Every [daemon], [accessibility] and zone setting the parser reads is in gesturekitd.conf(5), and
 * every [daemon] and zone entry there is a setting the parser reads (issue 70: the page had lost
 * profile and filters). GESTUREKITD_CONF_MAN names the page. */
static void test_the_settings_table_and_the_man_page_agree(void **state) {
    (void)state;
    const char *path = getenv("GESTUREKITD_CONF_MAN");
    assert_non_null(path);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char man[64 * 1024];
    size_t n = fread(man, 1, sizeof man - 1, f);
    fclose(f);
    man[n] = 0;
    static char daemon[64][64], accessibility[64][64], zone[64][64];
    int nd = bold_words(man, ".SH [daemon]", true, daemon, 64);
    int na = bold_words(man, ".SH [accessibility]", false, accessibility, 64);
    int nz = bold_words(man, ".SH \"[zone NAME]\"", true, zone, 64);
    int table_daemon = 0, table_zone = 0;
    const char *section, *key;
    for (size_t i = 0; (key = gkd_config_setting(i, &section)); i++) {
        bool in_daemon = strcmp(section, "[daemon]") == 0, in_zone = strcmp(section, "a zone") == 0;
        table_daemon += in_daemon;
        table_zone += in_zone;
        bool documented = in_daemon ? listed(daemon, nd, key) : in_zone ? listed(zone, nz, key) : listed(accessibility, na, key);
        if (!documented) fail_msg("%s setting %s is not in %s", section, key, path);
    }
    for (int i = 0; i < nd; i++) {
        bool known = false;
        for (size_t k = 0; gkd_config_setting(k, &section); k++)
            known |= strcmp(section, "[daemon]") == 0 && strcmp(gkd_config_setting(k, NULL), daemon[i]) == 0;
        if (!known) fail_msg("%s documents [daemon] %s, which the parser does not read", path, daemon[i]);
    }
    assert_int_equal(nd, table_daemon);
    assert_int_equal(nz, table_zone);
}

static void test_a_zone_needs_a_rectangle_on_the_screen(void **state) {
    (void)state;
    expect_message("[zone z]\n", "test.conf:1: rect: zone z has no rect or rect_mm");
    expect_message("[zone z]\nrect = 0.5 0.5 0.6 0.1\n",
                   "test.conf:2: rect: the rectangle reaches past the screen (fractions of it: at most 1)");
    expect_message("[zone z]\nrect = 0 0 1\n", "test.conf:2: rect: four numbers: x y width height");
}

static void test_names_defined_twice_are_refused(void **state) {
    (void)state;
    expect_message("[zone z]\nrect = 0 0 1 1\n[zone z]\n", "test.conf:3: section: zone z is defined twice (first on line 2)");
    expect_message(GESTURE GESTURE, "test.conf:4: section: gesture g is defined twice (first on line 1)");
    expect_message("[gesture a b]\n", "test.conf:1: section: [gesture NAME]: a name of letters, digits, '-', '_' and '.' (at most 63)");
}

static void test_a_gesture_needs_a_known_kind_and_an_action(void **state) {
    (void)state;
    expect_message("[gesture g]\naction = socket\n", "test.conf:1: kind: gesture g has no kind");
    expect_message("[gesture g]\nkind = wave\n", "test.conf:2: kind: unknown kind 'wave' (tap, long_press, pan, "
                                                 "screen_edge_pan, swipe, pinch, rotation, one_finger_zoom)");
    expect_message("[gesture g]\nkind = tap\n", "test.conf:1: action: gesture g has no action");
}

static void test_bad_actions_say_why(void **state) {
    (void)state;
    expect_message("[gesture g]\nkind = tap\naction = shout\n", "test.conf:3: action: unknown action 'shout' (exec, key, socket or cleaning)");
    expect_message("[gesture g]\nkind = tap\naction = exec reboot\n",
                   "test.conf:3: action: exec needs an absolute path (got 'reboot'): no shell or PATH is searched");
    expect_message("[gesture g]\nkind = tap\naction = key KEY_LEFTCTRL+Q\n",
                   "test.conf:3: action: 'Q' is not a key name (KEY_* of linux/input-event-codes.h)");
    expect_message("[gesture g]\nkind = tap\naction = exec /bin/echo \"open\n", "test.conf:3: action: a quote is not closed");
    expect_message("[gesture g]\nkind = tap\naction = socket now\n", "test.conf:3: action: socket takes nothing after it");
}

static void test_a_property_must_belong_to_the_kind(void **state) {
    (void)state;
    expect_message("[gesture g]\nkind = tap\nminimum_press_duration = 1\naction = socket\n",
                   "test.conf:3: minimum_press_duration: not a property of a tap gesture");
    expect_message("[gesture g]\nkind = tap\nnumber_of_tap_required = 2\naction = socket\n",
                   "test.conf:3: number_of_tap_required: not a property of a tap gesture; did you mean "
                   "number_of_taps_required?");
}

static void test_a_property_value_the_engine_refuses_is_named_with_its_line(void **state) {
    (void)state;
    expect_message("[gesture g]\nkind = tap\naction = socket\nnumber_of_taps_required = 0\n",
                   "test.conf:4: number_of_taps_required: 0 is refused: invalid argument");
    expect_message("[gesture g]\nkind = screen_edge_pan\nedges = middle\naction = socket\n",
                   "test.conf:3: edges: 'middle' is not a whole number or a list of top, left, bottom, right");
    expect_message("[gesture g]\nkind = tap\nmaximum_duration = long\naction = socket\n",
                   "test.conf:3: maximum_duration: 'long' is not a number (seconds, e.g. 0.5)");
}

/* Issue 69: a time written in milliseconds is refused with the unit, not taken as 16 minutes; a
 * flag's message names every word it takes. */
static void test_a_gesture_time_in_milliseconds_is_refused_saying_the_unit(void **state) {
    (void)state;
    expect_message("[gesture g]\nkind = long_press\nminimum_press_duration = 1000\naction = socket\n",
                   "test.conf:3: minimum_press_duration: 1000 is over 60 s: times are in seconds (0.5 is half a second; "
                   "1000 ms is 1)");
    expect_message("[gesture g]\nkind = long_press\nminimum_press_duration = 500ms\naction = socket\n",
                   "test.conf:3: minimum_press_duration: '500ms' is not a number (seconds, e.g. 0.5)");
    expect_message("[gesture g]\nkind = long_press\nminimum_press_duration = 1.5\naction = socket\n", "");
    expect_message("[gesture g]\nkind = tap\nallowable_movement = far\naction = socket\n",
                   "test.conf:3: allowable_movement: 'far' is not a number (points, e.g. 10)");
    expect_message("[gesture g]\nkind = tap\ncancels_touches_in_view = maybe\naction = socket\n",
                   "test.conf:3: cancels_touches_in_view: 'maybe' is not yes, no, true or false");
}

static void test_references_to_missing_zones_and_gestures_are_refused(void **state) {
    (void)state;
    expect_message("[gesture g]\nkind = tap\nzone = nowhere\naction = socket\n", "test.conf:3: zone: no zone named nowhere");
    expect_message("[gesture g]\nkind = tap\nrequire_failure_of = h\naction = socket\n",
                   "test.conf:1: require_failure_of: gesture g: no gesture named h");
    expect_message("[gesture g]\nkind = tap\nrequire_failure_of = g\naction = socket\n",
                   "test.conf:1: require_failure_of: gesture g cannot wait for itself");
}

static void test_text_that_is_not_a_configuration_is_refused(void **state) {
    (void)state;
    char line[1100];
    memset(line, 'a', sizeof line - 1);
    line[sizeof line - 1] = 0;
    assert_string_equal(check_text(line), "test.conf:1: line: longer than 1024 characters");
    char nul[] = "[daemon]\ngrab = y\0es\n";
    char error[300];
    assert_int_equal(gkd_config_parse(nul, sizeof nul - 1, "test.conf", config, error, sizeof error), -1);
    assert_string_equal(error, "test.conf:2: line: a NUL byte: not a text file");
    assert_int_equal(gkd_config_parse("", GKD_MAX_BYTES + 1, "test.conf", config, error, sizeof error), -1);
    assert_string_equal(error, "test.conf: file: longer than 262144 bytes");
}

/* Files --check used to accept though they could never work (issue 52): each now gets its line,
 * its field and, where it is plain, the fix. */
static void test_gestures_that_wait_for_each_other_in_a_circle_are_refused(void **state) {
    (void)state;
    expect_message("[gesture a]\nkind = tap\nrequire_failure_of = b\naction = socket\n"
                   "[gesture b]\nkind = tap\nrequire_failure_of = a\naction = socket\n",
                   "test.conf:1: require_failure_of: a waits for b waits for a to fail: a circle, so none of them can "
                   "ever be recognized; drop one of these requirements");
    /* 32 gestures, each waiting for the next, the last for the first. */
    char text[8192];
    size_t n = 0;
    for (int i = 0; i < 32; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "[gesture g%d]\nkind = tap\nrequire_failure_of = g%d\naction = socket\n",
                              i, (i + 1) % 32);
    const char *message = check_text(text);
    assert_non_null(strstr(message, "test.conf:1: require_failure_of: g0 waits for g1 waits for g2"));
    assert_non_null(strstr(message, "g31 waits for g0 to fail: a circle"));
    /* A chain is fine. */
    expect_message("[gesture a]\nkind = tap\nrequire_failure_of = b\naction = socket\n"
                   "[gesture b]\nkind = tap\nnumber_of_taps_required = 2\naction = socket\n", "");
}

static void test_settings_that_cannot_work_are_refused_with_their_line(void **state) {
    (void)state;
    expect_message("[daemon]\ncalibration = 0 0 0 0 0 0\n",
                   "test.conf:2: calibration: the matrix cannot be inverted (a*e - b*d is 0): every touch would land on "
                   "one line or point; no calibration is 1 0 0 0 1 0");
    expect_message("[daemon]\nscreen = 800x480\npoints_per_mm = 6.4\n[zone z]\nrect_mm = 9000 9000 10 10\n",
                   "test.conf:5: rect_mm: zone z reaches past the screen, which is 125 x 75 mm (screen = 800x480 points "
                   "at points_per_mm = 6.4)");
    expect_message("[zone z]\nrect_mm = 10 10 20 20\n", "");
    expect_message("[gesture g]\nkind = pan\nminimum_number_of_touches = 3\nmaximum_number_of_touches = 2\naction = socket\n",
                   "test.conf:3: minimum_number_of_touches: 3 is above maximum_number_of_touches (2, line 4): gesture g "
                   "could never begin");
    expect_message("[gesture g]\nkind = tap\naction = exec /\n", "test.conf:3: action: / is a directory, not a program");
    expect_message("[gesture g]\nkind = tap\naction = exec /etc/passwd\n",
                   "test.conf:3: action: /etc/passwd is not executable (chmod +x it, or exec its interpreter with it)");
    expect_message("[gesture g]\nkind = tap\naction = exec /usr/local/bin/not-installed-yet\n", "");
    expect_message("[gesture g]\nkind = tap\naction = key KEY_LEFTCTRL++KEY_R\n",
                   "test.conf:3: action: 'KEY_LEFTCTRL++KEY_R' has an empty key between its '+' signs (e.g. KEY_LEFTCTRL+KEY_R)");
    expect_message("[gesture g]\nkind = tap\naction = key KEY_R+\n",
                   "test.conf:3: action: 'KEY_R+' has an empty key between its '+' signs (e.g. KEY_LEFTCTRL+KEY_R)");
    expect_message("[daemon]\nscreen = 800x480\ngrab = yes\nscreen = 1024x600\n",
                   "test.conf:4: screen: set twice (first on line 2): the second would silently replace the first; keep one");
    expect_message("[daemon]\nscreen = 800x480\n[gesture g]\nkind = tap\naction = socket\n[daemon]\nscreen = 1024x600\n",
                   "test.conf:7: screen: set twice (first on line 2): the second would silently replace the first; keep one");
    expect_message("[gesture g]\nkind = tap\nkind = pan\naction = socket\n",
                   "test.conf:3: kind: set twice (first on line 2): the second would silently replace the first; keep one");
    expect_message("[gesture g]\nkind = tap\naction = socket\naction = cleaning\n[gesture h]\nkind = tap\naction = socket\n", "");
    expect_message("[accessibility]\nhold_duration = 0.05\n",
                   "test.conf:2: hold_duration: 0.05 is not 0 (off) or 0.1..2 seconds");
    expect_message("[accessibility]\nhold_duration = 0\nignore_repeat = 0.3\n", "");
    /* A UTF-8 byte order mark, as Notepad writes one, is not a bad first line. */
    expect_message("\xEF\xBB\xBF[daemon]\ngrab = yes\n", "");
}

static void test_a_missing_file_gives_the_reason(void **state) {
    (void)state;
    char error[600];
    assert_int_equal(gkd_config_load("/nonexistent/gesturekitd.conf", config, error, sizeof error), -1);
    assert_non_null(strstr(error, "/nonexistent/gesturekitd.conf"));
    assert_non_null(strstr(error, "No such file or directory"));
}

/* A FIFO with no writer would block the open for ever (the daemon's reload, --check, a boot). */
static void test_a_fifo_or_a_directory_as_the_configuration_is_refused_at_once(void **state) {
    (void)state;
    char dir[] = "/tmp/gesturekitd-fifo-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/conf", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    char error[600];
    assert_int_equal(gkd_config_load(fifo, config, error, sizeof error), -1);
    assert_non_null(strstr(error, "a FIFO, not a regular file"));
    assert_int_equal(gkd_config_load(dir, config, error, sizeof error), -1);
    assert_non_null(strstr(error, "a directory, not a regular file"));
    unlink(fifo);
    rmdir(dir);
}

static void test_a_checked_reload_of_a_bad_file_leaves_the_running_one_alone(void **state) {
    (void)state;
    char path[] = "/tmp/gesturekitd-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *bad = "[gesture g]\nkind = tap\nnumber_of_taps_required = 99\naction = socket\n";
    assert_int_equal(write(fd, bad, strlen(bad)), (int)strlen(bad));
    close(fd);
    expect_message(GESTURE, "");                 /* the running configuration */
    gkd_config *next = malloc(sizeof *next);
    char error[600];
    assert_int_equal(gkd_config_load_checked(path, next, error, sizeof error), -1);
    char expected[700];
    snprintf(expected, sizeof expected, "%s:3: number_of_taps_required: 99 is refused: invalid argument", path);
    assert_string_equal(error, expected);
    assert_int_equal(config->ngestures, 1);       /* untouched */
    assert_string_equal(config->gestures[0].name, "g");
    free(next);
    unlink(path);
}

static void test_the_app_stream_maps_points_back_to_the_panels_units(void **state) {
    (void)state;
    gkd_mapping m = {0};
    gk_evdev_config_init(&m.config);
    m.x = (gk_evdev_axis){0, 4095};
    m.y = (gk_evdev_axis){0, 4095};
    int rotations[] = {0, 90, 180, 270};
    for (int r = 0; r < 4; r++) {
        m.config.rotation = rotations[r];
        m.config.flip_x = r % 2 == 1;
        double c[6] = {1.1, 0.05, -0.02, 0.0, 0.9, 0.03};
        memcpy(m.config.calibration, c, sizeof c);
        gk_evdev_decoder d;
        gk_evdev_init(&d, &m.config, m.x, m.y, m.x, m.y, NULL);
        for (int32_t x = 200; x < 4000; x += 517) {
            for (int32_t y = 300; y < 4000; y += 611) {
                double px, py;
                gk_evdev_map(&d, x, y, true, &px, &py);
                int32_t bx, by;
                gkd_mapping_to_device(&m, px, py, &bx, &by);
                assert_int_equal(bx, x);
                assert_int_equal(by, y);
            }
        }
        gk_evdev_release(&d);
    }
}

static void test_event_json_escapes_what_a_name_may_hold(void **state) {
    (void)state;
    gkd_event e = {.time = 1.5, .event = "gesture", .gesture = "a\"b\\c", .kind = "tap", .state = "ended", .touches = 1};
    gkd_action a = {.kind = GKD_ACTION_EXEC, .argc = 2};
    snprintf(a.argv[0], sizeof a.argv[0], "/bin/echo");
    snprintf(a.argv[1], sizeof a.argv[1], "line\nbreak");
    char out[512];
    assert_true(gkd_event_json(&e, &a, false, out, sizeof out) > 0);
    assert_string_equal(out, "{\"time\":1.500000,\"event\":\"gesture\",\"gesture\":\"a\\\"b\\\\c\",\"kind\":\"tap\","
                             "\"state\":\"ended\",\"x\":0.00,\"y\":0.00,\"touches\":1,\"action\":\"exec\",\"argv\":"
                             "[\"/bin/echo\",\"line\\u000abreak\"],\"ran\":false}");
    assert_int_equal(gkd_event_json(&e, &a, false, out, 20), -1);   /* too small: refused, not cut */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_good_file_gives_its_zones_gestures_and_actions),
        cmocka_unit_test(test_the_cancel_style_cleaning_start_and_socket_control_are_read),
        cmocka_unit_test(test_an_unknown_section_is_named),
        cmocka_unit_test(test_a_setting_before_any_section_is_refused),
        cmocka_unit_test(test_a_line_without_an_equals_sign_is_refused),
        cmocka_unit_test(test_an_unknown_setting_is_named),
        cmocka_unit_test(test_values_out_of_range_or_not_numbers_are_refused),
        cmocka_unit_test(test_profiles_and_filters_are_checked),
        cmocka_unit_test(test_the_settings_table_and_the_man_page_agree),
        cmocka_unit_test(test_a_zone_needs_a_rectangle_on_the_screen),
        cmocka_unit_test(test_names_defined_twice_are_refused),
        cmocka_unit_test(test_a_gesture_needs_a_known_kind_and_an_action),
        cmocka_unit_test(test_bad_actions_say_why),
        cmocka_unit_test(test_a_property_must_belong_to_the_kind),
        cmocka_unit_test(test_a_property_value_the_engine_refuses_is_named_with_its_line),
        cmocka_unit_test(test_a_gesture_time_in_milliseconds_is_refused_saying_the_unit),
        cmocka_unit_test(test_references_to_missing_zones_and_gestures_are_refused),
        cmocka_unit_test(test_text_that_is_not_a_configuration_is_refused),
        cmocka_unit_test(test_gestures_that_wait_for_each_other_in_a_circle_are_refused),
        cmocka_unit_test(test_settings_that_cannot_work_are_refused_with_their_line),
        cmocka_unit_test(test_a_missing_file_gives_the_reason),
        cmocka_unit_test(test_a_fifo_or_a_directory_as_the_configuration_is_refused_at_once),
        cmocka_unit_test(test_a_checked_reload_of_a_bad_file_leaves_the_running_one_alone),
        cmocka_unit_test(test_the_app_stream_maps_points_back_to_the_panels_units),
        cmocka_unit_test(test_event_json_escapes_what_a_name_may_hold),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
