/* Long file: the whole gesturekitd.conf grammar in one parser: the [daemon] and [accessibility]
 * keys, zones, gestures and their messages. */
/* Parsing gesturekitd.conf (gesturekitd.conf(5)). One pass over the lines, then the checks that
 * need the whole file (a gesture's zone and failure requirements may be written after it). */
#include "gkd_config.h"

#include "cli_numbers.h"
#include "closest_word.h"
#include "gk_profile.h"
#include "gk_recording.h"

#include <ctype.h>
#include <libevdev/libevdev.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct { uint32_t kinds; const char *key; gk_property id; char type; } properties[] = {
#include "gkd_properties.inc"
};

static const char *const kind_names[] = {
    [GK_KIND_TAP] = "tap", [GK_KIND_LONG_PRESS] = "long_press", [GK_KIND_PAN] = "pan",
    [GK_KIND_SCREEN_EDGE_PAN] = "screen_edge_pan", [GK_KIND_SWIPE] = "swipe", [GK_KIND_PINCH] = "pinch",
    [GK_KIND_ROTATION] = "rotation", [GK_KIND_ONE_FINGER_ZOOM] = "one_finger_zoom",
};
enum { nkind_names = sizeof kind_names / sizeof kind_names[0] };

const char *gkd_kind_name(gk_recognizer_kind kind) {
    return (unsigned)kind < nkind_names ? kind_names[kind] : NULL;
}

bool gkd_property_lookup(gk_recognizer_kind kind, const char *key, gk_property *id, char *type) {
    if ((unsigned)kind >= 32) return false;
    for (size_t i = 0; i < sizeof properties / sizeof properties[0]; i++) {
        if ((properties[i].kinds & (1u << kind)) && strcmp(properties[i].key, key) == 0) {
            *id = properties[i].id;
            *type = properties[i].type;
            return true;
        }
    }
    return false;
}

void gkd_config_init(gkd_config *c) {
    memset(c, 0, sizeof *c);
    c->screen_width = 800;
    c->screen_height = 480;
    c->points_per_mm = 6.4;
    c->calibration[0] = c->calibration[4] = 1;
    c->cleaning_exit_hold = 3;
    c->timing_scale = 1;
    c->landing_window = GKD_DEFAULT_LANDING_WINDOW;
    gk_touch_accommodations_init(&c->accommodations);
}

/* The parser's place in the file, and where its first error goes. */
struct parser {
    gkd_config *config;
    const char *path;
    int line;
    enum { NONE, DAEMON, ACCESSIBILITY, ZONE, GESTURE } section;
    char *error;
    size_t size;
    /* The settings seen so far in [daemon], [accessibility] and the current zone or gesture, with
     * their lines: a setting given twice is an error (the second would silently win). */
    struct seen { char key[GKD_NAME]; int line; } seen[3][GKD_MAX_SEEN];
    int nseen[3];
};

static int fail(struct parser *p, int line, const char *field, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char what[512];
    vsnprintf(what, sizeof what, format, ap);
    va_end(ap);
    if (line > 0) snprintf(p->error, p->size, "%s:%d: %s: %s", p->path, line, field, what);
    else snprintf(p->error, p->size, "%s: %s: %s", p->path, field, what);
    return -1;
}

/* Copies a word that must fit: a longer one is an error, never cut. */
static int copy(struct parser *p, const char *field, char *out, size_t size, const char *value) {
    size_t n = strlen(value);
    if (n >= size) return fail(p, p->line, field, "longer than %zu characters", size - 1);
    memcpy(out, value, n + 1);
    return 0;
}

static bool valid_name(const char *name) {
    if (!*name) return false;
    for (const char *s = name; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.') return false;
    return true;
}

static int yes_no(struct parser *p, const char *key, const char *value, bool *out) {
    if (strcmp(value, "yes") == 0 || strcmp(value, "true") == 0) *out = true;
    else if (strcmp(value, "no") == 0 || strcmp(value, "false") == 0) *out = false;
    else return fail(p, p->line, key, "'%s' is not yes, no, true or false", value);
    return 0;
}

/* What a number of `key` counts, for messages: "'500ms' is not a number" does not say to write 0.5. */
static const char *unit_of(const char *key) {
    static const struct { const char *key, *unit; } units[] = {
        {"idle", "seconds, e.g. 60"},
        {"cleaning_exit_hold", "seconds, e.g. 3"},
        {"landing_window", "seconds, e.g. 0.075"},
        {"tap_assistance_delay", "seconds, e.g. 0.3"},
        {"timing_scale", "a factor: 2 gives twice the time"},
        {"ignore_repeat_distance", "points"},
        {"points_per_mm", "points per millimetre, e.g. 6.4"},
        {"screen", "points: WIDTHxHEIGHT, e.g. 800x480"},
        {"rect", "fractions of the screen: 0.5 is half of it; rect_mm takes millimetres"},
        {"rect_mm", "millimetres from the top-left corner"},
        {"calibration", "the six numbers of a LIBINPUT_CALIBRATION_MATRIX"},
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(units[i].key, key) == 0) return units[i].unit;
    return NULL;
}

static int number(struct parser *p, const char *key, const char *value, double low, double high, double *out) {
    double v;
    const char *unit = unit_of(key);
    if (!gk_cli_double(value, &v))
        return unit ? fail(p, p->line, key, "'%s' is not a number (%s)", value, unit)
                    : fail(p, p->line, key, "'%s' is not a number", value);
    if (v < low || v > high)
        return unit ? fail(p, p->line, key, "%s is outside %g..%g (%s)", value, low, high, unit)
                    : fail(p, p->line, key, "%s is outside %g..%g", value, low, high);
    *out = v;
    return 0;
}

/* "unknown setting in [SECTION]", with "did you mean X?" when a known setting is a likely typo. */
static int unknown_setting(struct parser *p, const char *key, const char *section, const char *const *names, size_t count) {
    const char *near = gk_closest_word(key, names, count);
    if (near) return fail(p, p->line, key, "unknown setting in %s; did you mean %s?", section, near);
    return fail(p, p->line, key, "unknown setting in %s", section);
}

static const char *const daemon_keys[] = {"device", "grab", "profile", "filters", "socket", "points_per_mm", "idle",
                                          "cleaning_exit_hold", "cleaning_at_start", "socket_control", "socket_group",
                                          "cancel", "idle_action", "screen", "rotation", "calibration",
                                          "landing_window"};
static const char *const accessibility_keys[] = {"hold_duration", "ignore_repeat", "ignore_repeat_distance",
                                                 "tap_assistance_delay", "timing_scale", "tap_assistance"};

/* Splits `text` into at most `max` words of at most GKD_TEXT - 1 bytes: spaces separate them, and
 * "double quotes" keep spaces in a word (\" and \\ inside quotes). Returns the count, or -1. */
static int words(struct parser *p, const char *field, const char *text, char (*out)[GKD_TEXT], int max) {
    int n = 0;
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) return n;
        if (n == max) return fail(p, p->line, field, "more than %d words", max);
        size_t len = 0;
        bool quoted = false;
        while (*s && (quoted || (*s != ' ' && *s != '\t'))) {
            char c = *s++;
            if (c == '"') {
                quoted = !quoted;
                continue;
            }
            if (quoted && c == '\\' && (*s == '"' || *s == '\\')) c = *s++;
            if (len + 1 >= GKD_TEXT) return fail(p, p->line, field, "a word longer than %d characters", GKD_TEXT - 1);
            out[n][len++] = c;
        }
        if (quoted) return fail(p, p->line, field, "a quote is not closed");
        out[n][len] = 0;
        n++;
    }
}

/* "exec ARGV...", "key KEY_A+KEY_B", "socket" or "cleaning". */
static int parse_action(struct parser *p, const char *key, const char *value, gkd_action *a) {
    memset(a, 0, sizeof *a);
    a->line = p->line;
    char kind[GKD_TEXT];
    size_t k = strcspn(value, " \t");
    if (k >= sizeof kind) return fail(p, p->line, key, "unknown action");
    memcpy(kind, value, k);
    kind[k] = 0;
    const char *rest = value + k;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (strcmp(kind, "exec") == 0) {
        a->kind = GKD_ACTION_EXEC;
        int n = words(p, key, rest, a->argv, GKD_MAX_ARGS);
        if (n < 0) return -1;
        if (n == 0) return fail(p, p->line, key, "exec needs a program");
        if (a->argv[0][0] != '/') return fail(p, p->line, key, "exec needs an absolute path (got '%s'): no shell or PATH "
                                                               "is searched", a->argv[0]);
        /* A program that is not there yet is accepted (it may be installed later; the daemon says
         * so when it cannot start it); what is there must be a program. */
        struct stat st;
        if (stat(a->argv[0], &st) == 0) {
            if (S_ISDIR(st.st_mode)) return fail(p, p->line, key, "%s is a directory, not a program", a->argv[0]);
            if (!S_ISREG(st.st_mode)) return fail(p, p->line, key, "%s is not a regular file, not a program", a->argv[0]);
            if (!(st.st_mode & 0111))
                return fail(p, p->line, key, "%s is not executable (chmod +x it, or exec its interpreter with it)", a->argv[0]);
        }
        a->argc = n;
    } else if (strcmp(kind, "key") == 0) {
        a->kind = GKD_ACTION_KEY;
        if (!*rest || strchr(rest, ' ')) return fail(p, p->line, key, "key takes one combination, e.g. KEY_LEFTCTRL+KEY_R");
        char combination[GKD_TEXT];
        if (copy(p, key, combination, sizeof combination, rest) < 0) return -1;
        size_t last = strlen(combination) - 1;
        if (strstr(combination, "++") || combination[0] == '+' || combination[last] == '+')
            return fail(p, p->line, key, "'%s' has an empty key between its '+' signs (e.g. KEY_LEFTCTRL+KEY_R)", combination);
        for (char *save = NULL, *w = strtok_r(combination, "+", &save); w; w = strtok_r(NULL, "+", &save)) {
            if (a->nkeys == GKD_MAX_KEYS) return fail(p, p->line, key, "more than %d keys", GKD_MAX_KEYS);
            int code = libevdev_event_code_from_name(EV_KEY, w);
            if (code < 0 || strncmp(w, "KEY_", 4) != 0)
                return fail(p, p->line, key, "'%s' is not a key name (KEY_* of linux/input-event-codes.h)", w);
            a->keys[a->nkeys++] = code;
        }
        if (a->nkeys == 0) return fail(p, p->line, key, "key takes one combination, e.g. KEY_LEFTCTRL+KEY_R");
    } else if (strcmp(kind, "socket") == 0 || strcmp(kind, "cleaning") == 0) {
        a->kind = kind[0] == 's' ? GKD_ACTION_SOCKET : GKD_ACTION_CLEANING;
        if (*rest) return fail(p, p->line, key, "%s takes nothing after it", kind);
    } else {
        return fail(p, p->line, key, "unknown action '%s' (exec, key, socket or cleaning)", kind);
    }
    return 0;
}

static int daemon_key(struct parser *p, const char *key, const char *value) {
    gkd_config *c = p->config;
    if (strcmp(key, "device") == 0) return copy(p, key, c->device, sizeof c->device, value);
    if (strcmp(key, "grab") == 0) return yes_no(p, key, value, &c->grab);
    if (strcmp(key, "profile") == 0) return copy(p, key, c->profile, sizeof c->profile, value);
    if (strcmp(key, "filters") == 0) {
        gk_input_filters f;
        char why[200];
        if (gk_input_filters_parse(value, &f, why, sizeof why) < 0) return fail(p, p->line, key, "%s", why);
        return copy(p, key, c->filters, sizeof c->filters, value);
    }
    if (strcmp(key, "socket") == 0) {
        if (value[0] != '/') return fail(p, p->line, key, "the socket needs an absolute path");
        if (strlen(value) >= 108) return fail(p, p->line, key, "a Unix socket's path holds at most 107 characters");
        return copy(p, key, c->socket_path, sizeof c->socket_path, value);
    }
    if (strcmp(key, "points_per_mm") == 0) return number(p, key, value, 0.1, 1000, &c->points_per_mm);
    if (strcmp(key, "idle") == 0) return number(p, key, value, 1, 86400 * 7, &c->idle_seconds);
    if (strcmp(key, "cleaning_exit_hold") == 0) return number(p, key, value, 0.5, 60, &c->cleaning_exit_hold);
    if (strcmp(key, "cleaning_at_start") == 0) return yes_no(p, key, value, &c->cleaning_at_start);
    if (strcmp(key, "socket_control") == 0) return yes_no(p, key, value, &c->socket_control);
    if (strcmp(key, "socket_group") == 0) {
        if (!valid_name(value) || strlen(value) >= GKD_NAME) return fail(p, p->line, key, "'%s' is not a group name", value);
        return copy(p, key, c->socket_group, sizeof c->socket_group, value);
    }
    if (strcmp(key, "cancel") == 0) {
        if (strcmp(value, "lift") == 0) c->cancel = GKD_CANCEL_LIFT;
        else if (strcmp(value, "palm") == 0) c->cancel = GKD_CANCEL_PALM;
        else return fail(p, p->line, key, "'%s' is not lift or palm (how a touch the app had ends when a gesture "
                                          "claims it; docs/DAEMON.md says what each stack does with each)", value);
        return 0;
    }
    if (strcmp(key, "landing_window") == 0) return number(p, key, value, 0, 0.5, &c->landing_window);
    if (strcmp(key, "idle_action") == 0) {
        if (c->nidle == GKD_MAX_ACTIONS) return fail(p, p->line, key, "more than %d idle actions", GKD_MAX_ACTIONS);
        if (parse_action(p, key, value, &c->idle_actions[c->nidle]) < 0) return -1;
        c->nidle++;
        return 0;
    }
    if (strcmp(key, "screen") == 0) {
        char w[32];
        const char *x = strchr(value, 'x');
        size_t n = x ? (size_t)(x - value) : 0;
        if (n == 0 || n >= sizeof w) return fail(p, p->line, key, "'%s' is not WIDTHxHEIGHT in points", value);
        memcpy(w, value, n);
        w[n] = 0;
        if (number(p, key, w, 1, 1e6, &c->screen_width) < 0 || number(p, key, x + 1, 1, 1e6, &c->screen_height) < 0)
            return -1;
        return 0;
    }
    if (strcmp(key, "rotation") == 0) {
        long long r;
        if (!gk_cli_integer(value, 0, 270, &r) || r % 90 != 0)
            return fail(p, p->line, key, "'%s' is not 0, 90, 180 or 270", value);
        c->rotation = (int)r;
        return 0;
    }
    if (strcmp(key, "calibration") == 0) {
        char w[7][GKD_TEXT];
        int n = words(p, key, value, w, 7);
        if (n < 0) return -1;
        if (n != 6) return fail(p, p->line, key, "six numbers, as in LIBINPUT_CALIBRATION_MATRIX");
        for (int i = 0; i < 6; i++)
            if (number(p, key, w[i], -1e6, 1e6, &c->calibration[i]) < 0) return -1;
        const double *m = c->calibration;
        if (fabs(m[0] * m[4] - m[1] * m[3]) < 1e-9)
            return fail(p, p->line, key, "the matrix cannot be inverted (a*e - b*d is 0): every touch would land on "
                                         "one line or point; no calibration is 1 0 0 0 1 0");
        c->has_calibration = true;
        return 0;
    }
    return unknown_setting(p, key, "[daemon]", daemon_keys, sizeof daemon_keys / sizeof daemon_keys[0]);
}

/* 0 (off), or 0.1 to 2 seconds: what the engine takes for hold_duration and ignore_repeat. */
static int off_or_seconds(struct parser *p, const char *key, const char *value, double *out) {
    double v;
    if (!gk_cli_double(value, &v)) return fail(p, p->line, key, "'%s' is not a number (seconds, e.g. 0.5)", value);
    if (v != 0 && !(v >= 0.1 && v <= 2))
        return fail(p, p->line, key, "%s is not 0 (off) or 0.1..2 seconds", value);
    *out = v;
    return 0;
}

static int accessibility_key(struct parser *p, const char *key, const char *value) {
    gk_touch_accommodations *a = &p->config->accommodations;
    if (strcmp(key, "hold_duration") == 0) return off_or_seconds(p, key, value, &a->hold_duration);
    if (strcmp(key, "ignore_repeat") == 0) return off_or_seconds(p, key, value, &a->ignore_repeat);
    if (strcmp(key, "ignore_repeat_distance") == 0) return number(p, key, value, 0.001, 1e6, &a->ignore_repeat_distance);
    if (strcmp(key, "tap_assistance_delay") == 0) return number(p, key, value, 0.1, 2, &a->tap_assistance_delay);
    if (strcmp(key, "timing_scale") == 0) return number(p, key, value, 1, 10, &p->config->timing_scale);
    if (strcmp(key, "tap_assistance") == 0) {
        if (strcmp(value, "off") == 0) a->tap_assistance = GK_TAP_ASSISTANCE_OFF;
        else if (strcmp(value, "initial") == 0) a->tap_assistance = GK_TAP_ASSISTANCE_INITIAL_LOCATION;
        else if (strcmp(value, "final") == 0) a->tap_assistance = GK_TAP_ASSISTANCE_FINAL_LOCATION;
        else return fail(p, p->line, key, "'%s' is not off, initial or final", value);
        return 0;
    }
    return unknown_setting(p, key, "[accessibility]", accessibility_keys,
                           sizeof accessibility_keys / sizeof accessibility_keys[0]);
}

static int zone_key(struct parser *p, const char *key, const char *value) {
    gkd_zone *z = &p->config->zones[p->config->nzones - 1];
    bool mm = strcmp(key, "rect_mm") == 0;
    if (!mm && strcmp(key, "rect") != 0) return fail(p, p->line, key, "unknown setting in a zone (rect or rect_mm)");
    char w[5][GKD_TEXT];
    int n = words(p, key, value, w, 5);
    if (n < 0) return -1;
    if (n != 4) return fail(p, p->line, key, "four numbers: x y width height");
    double high = mm ? 1e5 : 1;
    for (int i = 0; i < 4; i++)
        if (number(p, key, w[i], 0, high, &z->rect[i]) < 0) return -1;
    if (z->rect[2] <= 0 || z->rect[3] <= 0) return fail(p, p->line, key, "the width and height must be above 0");
    if (!mm && (z->rect[0] + z->rect[2] > 1 + 1e-9 || z->rect[1] + z->rect[3] > 1 + 1e-9))
        return fail(p, p->line, key, "the rectangle reaches past the screen (fractions of it: at most 1)");
    z->in_mm = mm;
    z->line = p->line;
    return 0;
}

static int gesture_key(struct parser *p, const char *key, const char *value) {
    gkd_gesture *g = &p->config->gestures[p->config->ngestures - 1];
    if (strcmp(key, "kind") == 0) {
        for (int k = 0; k < nkind_names; k++) {
            if (kind_names[k] && strcmp(kind_names[k], value) == 0) {
                g->kind = (gk_recognizer_kind)k;
                g->has_kind = true;
                return 0;
            }
        }
        return fail(p, p->line, key, "unknown kind '%s' (tap, long_press, pan, screen_edge_pan, swipe, pinch, rotation, "
                                     "one_finger_zoom)", value);
    }
    if (strcmp(key, "zone") == 0) {   /* checked once the whole file is read: the zone may come later */
        g->zone_line = p->line;
        if (!valid_name(value) || strlen(value) >= GKD_NAME) return fail(p, p->line, key, "'%s' is not a zone name", value);
        return copy(p, key, g->zone_name, sizeof g->zone_name, value);
    }
    if (strcmp(key, "on") == 0) {
        if (strcmp(value, "began") == 0) g->on = GK_STATE_BEGAN;
        else if (strcmp(value, "ended") == 0 || strcmp(value, "recognized") == 0) g->on = GK_STATE_ENDED;
        else return fail(p, p->line, key, "'%s' is not began or ended", value);
        g->has_on = true;
        return 0;
    }
    if (strcmp(key, "require_failure_of") == 0) {
        if (g->nrequires == GKD_MAX_REQUIRES) return fail(p, p->line, key, "more than %d", GKD_MAX_REQUIRES);
        if (!valid_name(value) || strlen(value) >= GKD_NAME) return fail(p, p->line, key, "'%s' is not a gesture name", value);
        return copy(p, key, g->requires[g->nrequires++], GKD_NAME, value);
    }
    if (strcmp(key, "action") == 0) {
        if (g->naction == GKD_MAX_ACTIONS) return fail(p, p->line, key, "more than %d actions", GKD_MAX_ACTIONS);
        if (parse_action(p, key, value, &g->actions[g->naction]) < 0) return -1;
        g->naction++;
        return 0;
    }
    /* A recognizer property: checked against the kind once the whole section is read. */
    if (g->nprops == GKD_MAX_PROPS) return fail(p, p->line, key, "more than %d properties", GKD_MAX_PROPS);
    gkd_property *prop = &g->props[g->nprops++];
    prop->line = p->line;
    if (copy(p, key, prop->key, sizeof prop->key, key) < 0) return -1;
    return copy(p, key, prop->value, sizeof prop->value, value);
}

static int section(struct parser *p, char *text) {
    size_t n = strlen(text);
    if (n < 2 || text[n - 1] != ']') return fail(p, p->line, "section", "a section header is [NAME] or [zone NAME]");
    text[n - 1] = 0;
    char *name = text + 1;
    char *space = strchr(name, ' ');
    char *arg = NULL;
    if (space) {
        *space = 0;
        arg = space + 1;
        while (*arg == ' ') arg++;
    }
    gkd_config *c = p->config;
    if (strcmp(name, "daemon") == 0 || strcmp(name, "accessibility") == 0) {
        if (arg) return fail(p, p->line, "section", "[%s] takes no name", name);
        p->section = name[0] == 'd' ? DAEMON : ACCESSIBILITY;
        return 0;
    }
    bool zone = strcmp(name, "zone") == 0;
    if (!zone && strcmp(name, "gesture") != 0)
        return fail(p, p->line, "section", "unknown section [%s] (daemon, accessibility, zone NAME, gesture NAME)", name);
    if (!arg || !valid_name(arg) || strlen(arg) >= GKD_NAME)
        return fail(p, p->line, "section", "[%s NAME]: a name of letters, digits, '-', '_' and '.' (at most %d)", name,
                    GKD_NAME - 1);
    p->nseen[2] = 0;   /* a new zone or gesture: its own settings */
    if (zone) {
        for (int i = 0; i < c->nzones; i++)
            if (strcmp(c->zones[i].name, arg) == 0)
                return fail(p, p->line, "section", "zone %s is defined twice (first on line %d)", arg, c->zones[i].line);
        if (c->nzones == GKD_MAX_ZONES) return fail(p, p->line, "section", "more than %d zones", GKD_MAX_ZONES);
        gkd_zone *z = &c->zones[c->nzones++];
        memset(z, 0, sizeof *z);
        snprintf(z->name, sizeof z->name, "%s", arg);
        z->line = -p->line;   /* negative until its rect is read */
        p->section = ZONE;
    } else {
        for (int i = 0; i < c->ngestures; i++)
            if (strcmp(c->gestures[i].name, arg) == 0)
                return fail(p, p->line, "section", "gesture %s is defined twice (first on line %d)", arg, c->gestures[i].line);
        if (c->ngestures == GKD_MAX_GESTURES) return fail(p, p->line, "section", "more than %d gestures", GKD_MAX_GESTURES);
        gkd_gesture *g = &c->gestures[c->ngestures++];
        memset(g, 0, sizeof *g);
        snprintf(g->name, sizeof g->name, "%s", arg);
        g->zone = -1;
        g->line = p->line;
        p->section = GESTURE;
    }
    return 0;
}

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = 0;
    return s;
}

/* Settings that may be given more than once (each adds one). */
static bool repeatable(const char *key) {
    return strcmp(key, "action") == 0 || strcmp(key, "idle_action") == 0 || strcmp(key, "require_failure_of") == 0;
}

/* Notes `key` in the current section; a single-valued setting seen before is an error. */
static int remember(struct parser *p, const char *key) {
    if (repeatable(key) || strlen(key) >= GKD_NAME) return 0;   /* too long: the section's own check names it */
    int k = p->section == DAEMON ? 0 : p->section == ACCESSIBILITY ? 1 : 2;
    for (int i = 0; i < p->nseen[k]; i++)
        if (strcmp(p->seen[k][i].key, key) == 0)
            return fail(p, p->line, key, "set twice (first on line %d): the second would silently replace the first; "
                                         "keep one", p->seen[k][i].line);
    if (p->nseen[k] == GKD_MAX_SEEN) return 0;
    snprintf(p->seen[k][p->nseen[k]].key, GKD_NAME, "%s", key);
    p->seen[k][p->nseen[k]++].line = p->line;
    return 0;
}

static int line(struct parser *p, char *text) {
    /* A comment starts with '#' at the start of the line or after a space. */
    for (char *s = text; *s; s++) {
        if (*s == '#' && (s == text || s[-1] == ' ' || s[-1] == '\t')) {
            *s = 0;
            break;
        }
    }
    text = trim(text);
    if (!*text) return 0;
    if (*text == '[') return section(p, text);
    char *eq = strchr(text, '=');
    if (!eq) return fail(p, p->line, "line", "neither [section] nor KEY = VALUE");
    *eq = 0;
    char *key = trim(text), *value = trim(eq + 1);
    if (!*key) return fail(p, p->line, "line", "a setting without a name");
    if (!*value) return fail(p, p->line, key, "no value");
    if (p->section != NONE && remember(p, key) < 0) return -1;
    switch (p->section) {
    case DAEMON: return daemon_key(p, key, value);
    case ACCESSIBILITY: return accessibility_key(p, key, value);
    case ZONE: return zone_key(p, key, value);
    case GESTURE: return gesture_key(p, key, value);
    case NONE: break;
    }
    return fail(p, p->line, key, "a setting before the first [section]");
}

static int gesture_index(const gkd_config *c, const char *name) {
    for (int j = 0; j < c->ngestures; j++)
        if (strcmp(c->gestures[j].name, name) == 0) return j;
    return -1;
}

/* Gestures that wait for each other to fail, in a circle, can never be recognized: each waits for
 * the next for ever. A depth-first walk of the requirements finds such a circle and names it. */
static int check_failure_cycles(struct parser *p) {
    const gkd_config *c = p->config;
    enum { WHITE, GREY, BLACK };
    int colour[GKD_MAX_GESTURES] = {0}, stack[GKD_MAX_GESTURES + 1], next[GKD_MAX_GESTURES + 1];
    for (int start = 0; start < c->ngestures; start++) {
        if (colour[start] != WHITE) continue;
        int depth = 0;
        stack[0] = start;
        next[0] = 0;
        colour[start] = GREY;
        while (depth >= 0) {
            const gkd_gesture *g = &c->gestures[stack[depth]];
            if (next[depth] == g->nrequires) {
                colour[stack[depth]] = BLACK;
                depth--;
                continue;
            }
            int to = gesture_index(c, g->requires[next[depth]++]);
            if (to < 0 || colour[to] == BLACK) continue;
            if (colour[to] == GREY) {   /* back to a gesture on the path: the circle is from there */
                char path[600] = "";
                size_t n = 0;
                int from = depth;
                while (stack[from] != to) from--;
                for (int k = from; k <= depth && n < sizeof path; k++)
                    n += (size_t)snprintf(path + n, sizeof path - n, "%s waits for ", c->gestures[stack[k]].name);
                if (n < sizeof path) snprintf(path + n, sizeof path - n, "%s", c->gestures[to].name);
                return fail(p, c->gestures[to].line, "require_failure_of",
                            "%s to fail: a circle, so none of them can ever be recognized; drop one of these "
                            "requirements", path);
            }
            colour[to] = GREY;
            stack[++depth] = to;
            next[depth] = 0;
        }
    }
    return 0;
}

/* A pan's least number of touches above its most: it could never begin. */
static int check_touch_counts(struct parser *p, const gkd_gesture *g) {
    const gkd_property *lo = NULL, *hi = NULL;
    for (int k = 0; k < g->nprops; k++) {
        if (strcmp(g->props[k].key, "minimum_number_of_touches") == 0) lo = &g->props[k];
        if (strcmp(g->props[k].key, "maximum_number_of_touches") == 0) hi = &g->props[k];
    }
    long long low, high;
    if (lo && hi && gk_cli_integer(lo->value, 1, 1024, &low) && gk_cli_integer(hi->value, 1, 1024, &high) && low > high)
        return fail(p, lo->line, lo->key, "%lld is above maximum_number_of_touches (%lld, line %d): gesture %s could "
                                          "never begin", low, high, hi->line, g->name);
    return 0;
}

/* A zone in millimetres must lie on the screen (screen and points_per_mm in [daemon]); fractions
 * were checked when read. Up to 1 mm past an edge is allowed for rounding. */
static int check_zones_on_screen(struct parser *p) {
    const gkd_config *c = p->config;
    double width_mm = c->screen_width / c->points_per_mm, height_mm = c->screen_height / c->points_per_mm;
    for (int i = 0; i < c->nzones; i++) {
        const gkd_zone *z = &c->zones[i];
        if (!z->in_mm) continue;
        if (z->rect[0] + z->rect[2] > width_mm + 1 || z->rect[1] + z->rect[3] > height_mm + 1)
            return fail(p, z->line, "rect_mm", "zone %s reaches past the screen, which is %.0f x %.0f mm (screen = "
                                               "%gx%g points at points_per_mm = %g)", z->name, width_mm, height_mm,
                        c->screen_width, c->screen_height, c->points_per_mm);
    }
    return 0;
}

/* What needs the whole file: zones named by gestures, failure requirements, kinds and properties. */
static int check(struct parser *p) {
    gkd_config *c = p->config;
    for (int i = 0; i < c->nzones; i++)
        if (c->zones[i].line < 0) return fail(p, -c->zones[i].line, "rect", "zone %s has no rect or rect_mm", c->zones[i].name);
    for (int i = 0; i < c->ngestures; i++) {
        gkd_gesture *g = &c->gestures[i];
        if (!g->has_kind) return fail(p, g->line, "kind", "gesture %s has no kind", g->name);
        if (g->naction == 0) return fail(p, g->line, "action", "gesture %s has no action", g->name);
        if (g->zone_name[0]) {
            for (int z = 0; z < c->nzones; z++)
                if (strcmp(c->zones[z].name, g->zone_name) == 0) g->zone = z;
            if (g->zone < 0) return fail(p, g->zone_line, "zone", "no zone named %s", g->zone_name);
        }
        for (int k = 0; k < g->nprops; k++) {
            gk_property id;
            char type;
            if (!gkd_property_lookup(g->kind, g->props[k].key, &id, &type)) {
                const char *names[64];
                size_t n = 0;
                for (size_t i = 0; i < sizeof properties / sizeof properties[0] && n < 64; i++)
                    if (properties[i].kinds & (1u << g->kind)) names[n++] = properties[i].key;
                const char *near = gk_closest_word(g->props[k].key, names, n);
                if (near)
                    return fail(p, g->props[k].line, g->props[k].key, "not a property of a %s gesture; did you mean %s?",
                                gkd_kind_name(g->kind), near);
                return fail(p, g->props[k].line, g->props[k].key, "not a property of a %s gesture", gkd_kind_name(g->kind));
            }
        }
        for (int r = 0; r < g->nrequires; r++) {
            int found = -1;
            for (int j = 0; j < c->ngestures; j++)
                if (strcmp(c->gestures[j].name, g->requires[r]) == 0) found = j;
            if (found < 0) return fail(p, g->line, "require_failure_of", "gesture %s: no gesture named %s", g->name, g->requires[r]);
            if (found == i) return fail(p, g->line, "require_failure_of", "gesture %s cannot wait for itself", g->name);
        }
        if (!g->has_on) {
            bool discrete = g->kind == GK_KIND_TAP || g->kind == GK_KIND_SWIPE;
            g->on = discrete ? GK_STATE_ENDED : GK_STATE_BEGAN;
        }
        if (check_touch_counts(p, g) < 0) return -1;
    }
    if (check_zones_on_screen(p) < 0) return -1;
    return check_failure_cycles(p);
}

int gkd_config_parse(const char *text, size_t length, const char *path, gkd_config *config, char *error,
                     size_t size) {
    gkd_config_init(config);
    struct parser p = {.config = config, .path = path ? path : "(configuration)", .section = NONE, .error = error, .size = size};
    snprintf(config->path, sizeof config->path, "%s", p.path);
    if (!text) return fail(&p, 0, "file", "no text");
    if (length > GKD_MAX_BYTES) return fail(&p, 0, "file", "longer than %d bytes", GKD_MAX_BYTES);
    size_t at = 0;
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) at = 3;   /* a UTF-8 byte order mark, as some editors write */
    char buffer[GKD_MAX_LINE + 1];
    while (at < length) {
        p.line++;
        size_t end = at;
        while (end < length && text[end] != '\n') end++;
        size_t n = end - at;
        if (n > GKD_MAX_LINE) return fail(&p, p.line, "line", "longer than %d characters", GKD_MAX_LINE);
        memcpy(buffer, text + at, n);
        buffer[n] = 0;
        if (memchr(buffer, 0, n)) return fail(&p, p.line, "line", "a NUL byte: not a text file");
        if (line(&p, buffer) < 0) return -1;
        at = end + 1;
    }
    return check(&p);
}

int gkd_config_load(const char *path, gkd_config *config, char *error, size_t size) {
    char *text = NULL;
    size_t length = 0;
    char why[300];
    if (gk_read_text_file(path, GKD_MAX_BYTES, &text, &length, why, sizeof why) < 0) {
        gkd_config_init(config);
        snprintf(error, size, "%s", why);
        return -1;
    }
    int rc = gkd_config_parse(text, length, path, config, error, size);
    free(text);
    return rc;
}
