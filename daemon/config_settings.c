/* gesturekitd.conf's [daemon], [accessibility] and zone settings, each declared once: its key, its
 * section, its type, its range and unit, and the field of gkd_config it fills. The parser, the
 * "did you mean" of an unknown setting, the messages' units and the test against
 * gesturekitd.conf(5) (Tests/daemon/test_config.c) all read this table. */
#include "config_parser.h"

#include "cli_numbers.h"
#include "closest_word.h"
#include "gk_profile.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum setting_type {
    TEXT,            /* a word kept as written, in a char array of `size` */
    FLAG,            /* yes, no, true or false: a bool */
    NUMBER,          /* a double in [low, high] */
    OFF_OR_SECONDS,  /* 0, or 0.1 to 2 seconds: a double */
    CHOICE,          /* one of `choices`' words: an int-sized enum */
    SPECIAL,         /* read by `read` */
};

struct choice { const char *word; int value; };
struct setting;
typedef int (*setting_reader)(struct gkd_parser *p, const struct setting *s, const char *value);

struct setting {
    const char *key;
    enum gkd_section section;
    enum setting_type type;
    size_t field;                 /* offsetof(gkd_config, ...); unused by a SPECIAL with its own fields */
    size_t size;                  /* TEXT and SPECIAL text: the array's size */
    double low, high;             /* NUMBER */
    const char *unit;             /* said when a number is wrong */
    const struct choice *choices; /* CHOICE: ended by a NULL word */
    const char *why;              /* CHOICE: said after the words when the value is none of them */
    setting_reader read;          /* SPECIAL */
    bool repeatable;              /* each line adds one (idle_action) */
};

#define FIELD(member) offsetof(gkd_config, member), sizeof(((gkd_config *)0)->member)

_Static_assert(sizeof(gkd_cancel_style) == sizeof(int), "CHOICE fields are int-sized enums");
_Static_assert(sizeof(gk_tap_assistance) == sizeof(int), "CHOICE fields are int-sized enums");

static void *field_of(struct gkd_parser *p, const struct setting *s) { return (char *)p->config + s->field; }

static int read_filters(struct gkd_parser *p, const struct setting *s, const char *value) {
    gk_input_filters f;
    char why[200];
    if (gk_input_filters_parse(value, &f, why, sizeof why) < 0) return gkd_parse_fail(p, p->line, s->key, "%s", why);
    return gkd_parse_copy(p, s->key, field_of(p, s), s->size, value);
}

static int read_socket(struct gkd_parser *p, const struct setting *s, const char *value) {
    if (value[0] != '/') return gkd_parse_fail(p, p->line, s->key, "the socket needs an absolute path");
    if (strlen(value) >= 108) return gkd_parse_fail(p, p->line, s->key, "a Unix socket's path holds at most 107 characters");
    return gkd_parse_copy(p, s->key, field_of(p, s), s->size, value);
}

static int read_group(struct gkd_parser *p, const struct setting *s, const char *value) {
    if (!gkd_parse_valid_name(value) || strlen(value) >= s->size)
        return gkd_parse_fail(p, p->line, s->key, "'%s' is not a group name", value);
    return gkd_parse_copy(p, s->key, field_of(p, s), s->size, value);
}

static int read_idle_action(struct gkd_parser *p, const struct setting *s, const char *value) {
    gkd_config *c = p->config;
    if (c->nidle == GKD_MAX_ACTIONS) return gkd_parse_fail(p, p->line, s->key, "more than %d idle actions", GKD_MAX_ACTIONS);
    if (gkd_parse_action(p, s->key, value, &c->idle_actions[c->nidle]) < 0) return -1;
    c->nidle++;
    return 0;
}

static int read_screen(struct gkd_parser *p, const struct setting *s, const char *value) {
    gkd_config *c = p->config;
    char w[32];
    const char *x = strchr(value, 'x');
    size_t n = x ? (size_t)(x - value) : 0;
    if (n == 0 || n >= sizeof w) return gkd_parse_fail(p, p->line, s->key, "'%s' is not WIDTHxHEIGHT in points", value);
    memcpy(w, value, n);
    w[n] = 0;
    if (gkd_parse_number(p, s->key, w, 1, 1e6, s->unit, &c->screen_width) < 0 ||
        gkd_parse_number(p, s->key, x + 1, 1, 1e6, s->unit, &c->screen_height) < 0)
        return -1;
    return 0;
}

static int read_rotation(struct gkd_parser *p, const struct setting *s, const char *value) {
    long long r;
    if (!gk_cli_integer(value, 0, 270, &r) || r % 90 != 0)
        return gkd_parse_fail(p, p->line, s->key, "'%s' is not 0, 90, 180 or 270", value);
    p->config->rotation = (int)r;
    return 0;
}

static int read_calibration(struct gkd_parser *p, const struct setting *s, const char *value) {
    gkd_config *c = p->config;
    char w[7][GKD_TEXT];
    int n = gkd_parse_words(p, s->key, value, w, 7);
    if (n < 0) return -1;
    if (n != 6) return gkd_parse_fail(p, p->line, s->key, "six numbers, as in LIBINPUT_CALIBRATION_MATRIX");
    for (int i = 0; i < 6; i++)
        if (gkd_parse_number(p, s->key, w[i], -1e6, 1e6, s->unit, &c->calibration[i]) < 0) return -1;
    const double *m = c->calibration;
    if (fabs(m[0] * m[4] - m[1] * m[3]) < 1e-9)
        return gkd_parse_fail(p, p->line, s->key, "the matrix cannot be inverted (a*e - b*d is 0): every touch would "
                                                  "land on one line or point; no calibration is 1 0 0 0 1 0");
    c->has_calibration = true;
    return 0;
}

/* A zone's rectangle: four numbers, in fractions of the screen (rect) or millimetres (rect_mm). */
static int read_rect(struct gkd_parser *p, const struct setting *s, const char *value) {
    gkd_zone *z = &p->config->zones[p->config->nzones - 1];
    bool mm = strcmp(s->key, "rect_mm") == 0;
    char w[5][GKD_TEXT];
    int n = gkd_parse_words(p, s->key, value, w, 5);
    if (n < 0) return -1;
    if (n != 4) return gkd_parse_fail(p, p->line, s->key, "four numbers: x y width height");
    double high = mm ? 1e5 : 1;
    for (int i = 0; i < 4; i++)
        if (gkd_parse_number(p, s->key, w[i], 0, high, s->unit, &z->rect[i]) < 0) return -1;
    if (z->rect[2] <= 0 || z->rect[3] <= 0) return gkd_parse_fail(p, p->line, s->key, "the width and height must be above 0");
    if (!mm && (z->rect[0] + z->rect[2] > 1 + 1e-9 || z->rect[1] + z->rect[3] > 1 + 1e-9))
        return gkd_parse_fail(p, p->line, s->key, "the rectangle reaches past the screen (fractions of it: at most 1)");
    z->in_mm = mm;
    z->line = p->line;
    return 0;
}

static const struct choice cancel_styles[] = {{"lift", GKD_CANCEL_LIFT}, {"palm", GKD_CANCEL_PALM}, {NULL, 0}};
static const struct choice tap_assistance[] = {{"off", GK_TAP_ASSISTANCE_OFF},
                                               {"initial", GK_TAP_ASSISTANCE_INITIAL_LOCATION},
                                               {"final", GK_TAP_ASSISTANCE_FINAL_LOCATION},
                                               {NULL, 0}};

#define DAEMON GKD_SECTION_DAEMON
#define ACCESSIBILITY GKD_SECTION_ACCESSIBILITY
#define ZONE GKD_SECTION_ZONE

static const struct setting settings[] = {
    {.key = "device", .section = DAEMON, .type = TEXT, FIELD(device)},
    {.key = "grab", .section = DAEMON, .type = FLAG, FIELD(grab)},
    {.key = "screen", .section = DAEMON, .type = SPECIAL, .read = read_screen,
     .unit = "points: WIDTHxHEIGHT, e.g. 800x480"},
    {.key = "points_per_mm", .section = DAEMON, .type = NUMBER, FIELD(points_per_mm), .low = 0.1, .high = 1000,
     .unit = "points per millimetre, e.g. 6.4"},
    {.key = "rotation", .section = DAEMON, .type = SPECIAL, .read = read_rotation},
    {.key = "calibration", .section = DAEMON, .type = SPECIAL, .read = read_calibration,
     .unit = "the six numbers of a LIBINPUT_CALIBRATION_MATRIX"},
    {.key = "profile", .section = DAEMON, .type = TEXT, FIELD(profile)},
    {.key = "filters", .section = DAEMON, .type = SPECIAL, FIELD(filters), .read = read_filters},
    {.key = "cancel", .section = DAEMON, .type = CHOICE, FIELD(cancel), .choices = cancel_styles,
     .why = "how a touch the app had ends when a gesture claims it; docs/DAEMON.md says what each stack does with each"},
    {.key = "landing_window", .section = DAEMON, .type = NUMBER, FIELD(landing_window), .low = 0, .high = 0.5,
     .unit = "seconds, e.g. 0.075"},
    {.key = "socket", .section = DAEMON, .type = SPECIAL, FIELD(socket_path), .read = read_socket},
    {.key = "socket_control", .section = DAEMON, .type = FLAG, FIELD(socket_control)},
    {.key = "socket_group", .section = DAEMON, .type = SPECIAL, FIELD(socket_group), .read = read_group},
    {.key = "idle", .section = DAEMON, .type = NUMBER, FIELD(idle_seconds), .low = 1, .high = 86400 * 7,
     .unit = "seconds, e.g. 60"},
    {.key = "idle_action", .section = DAEMON, .type = SPECIAL, .read = read_idle_action, .repeatable = true},
    {.key = "cleaning_exit_hold", .section = DAEMON, .type = NUMBER, FIELD(cleaning_exit_hold), .low = 0.5, .high = 60,
     .unit = "seconds, e.g. 3"},
    {.key = "cleaning_at_start", .section = DAEMON, .type = FLAG, FIELD(cleaning_at_start)},
    {.key = "hold_duration", .section = ACCESSIBILITY, .type = OFF_OR_SECONDS, FIELD(accommodations.hold_duration)},
    {.key = "ignore_repeat", .section = ACCESSIBILITY, .type = OFF_OR_SECONDS, FIELD(accommodations.ignore_repeat)},
    {.key = "ignore_repeat_distance", .section = ACCESSIBILITY, .type = NUMBER,
     FIELD(accommodations.ignore_repeat_distance), .low = 0.001, .high = 1e6, .unit = "points"},
    {.key = "tap_assistance", .section = ACCESSIBILITY, .type = CHOICE, FIELD(accommodations.tap_assistance),
     .choices = tap_assistance},
    {.key = "tap_assistance_delay", .section = ACCESSIBILITY, .type = NUMBER, FIELD(accommodations.tap_assistance_delay),
     .low = 0.1, .high = 2, .unit = "seconds, e.g. 0.3"},
    {.key = "timing_scale", .section = ACCESSIBILITY, .type = NUMBER, FIELD(timing_scale), .low = 1, .high = 10,
     .unit = "a factor: 2 gives twice the time"},
    {.key = "rect", .section = ZONE, .type = SPECIAL, .read = read_rect,
     .unit = "fractions of the screen: 0.5 is half of it; rect_mm takes millimetres"},
    {.key = "rect_mm", .section = ZONE, .type = SPECIAL, .read = read_rect, .unit = "millimetres from the top-left corner"},
};
enum { nsettings = sizeof settings / sizeof settings[0] };

static const char *section_name(enum gkd_section section) {
    return section == DAEMON ? "[daemon]" : section == ACCESSIBILITY ? "[accessibility]" : "a zone";
}

static int read_choice(struct gkd_parser *p, const struct setting *s, const char *value) {
    for (const struct choice *c = s->choices; c->word; c++) {
        if (strcmp(c->word, value) == 0) {
            *(int *)field_of(p, s) = c->value;
            return 0;
        }
    }
    char words[200] = "";
    size_t n = 0, count = 0;
    while (s->choices[count].word) count++;
    for (size_t i = 0; i < count && n < sizeof words; i++)
        n += (size_t)snprintf(words + n, sizeof words - n, "%s%s", i == 0 ? "" : i + 1 == count ? " or " : ", ",
                              s->choices[i].word);
    if (s->why) return gkd_parse_fail(p, p->line, s->key, "'%s' is not %s (%s)", value, words, s->why);
    return gkd_parse_fail(p, p->line, s->key, "'%s' is not %s", value, words);
}

static int read_off_or_seconds(struct gkd_parser *p, const struct setting *s, const char *value) {
    double v;
    if (!gk_cli_double(value, &v)) return gkd_parse_fail(p, p->line, s->key, "'%s' is not a number (seconds, e.g. 0.5)", value);
    if (v != 0 && !(v >= 0.1 && v <= 2))
        return gkd_parse_fail(p, p->line, s->key, "%s is not 0 (off) or 0.1..2 seconds", value);
    *(double *)field_of(p, s) = v;
    return 0;
}

/* "unknown setting in [SECTION]", with "did you mean X?" when a setting of it is a likely typo;
 * a zone's, which has two, lists them. */
static int unknown_setting(struct gkd_parser *p, const char *key) {
    const char *names[nsettings];
    size_t n = 0;
    for (size_t i = 0; i < nsettings; i++)
        if (settings[i].section == p->section) names[n++] = settings[i].key;
    const char *section = section_name(p->section);
    const char *near = gk_closest_word(key, names, n);
    if (near) return gkd_parse_fail(p, p->line, key, "unknown setting in %s; did you mean %s?", section, near);
    if (p->section == ZONE) return gkd_parse_fail(p, p->line, key, "unknown setting in a zone (rect or rect_mm)");
    return gkd_parse_fail(p, p->line, key, "unknown setting in %s", section);
}

int gkd_parse_setting(struct gkd_parser *p, const char *key, const char *value) {
    for (size_t i = 0; i < nsettings; i++) {
        const struct setting *s = &settings[i];
        if (s->section != p->section || strcmp(s->key, key) != 0) continue;
        switch (s->type) {
        case TEXT: return gkd_parse_copy(p, key, field_of(p, s), s->size, value);
        case FLAG: return gkd_parse_flag(p, key, value, field_of(p, s));
        case NUMBER: return gkd_parse_number(p, key, value, s->low, s->high, s->unit, field_of(p, s));
        case OFF_OR_SECONDS: return read_off_or_seconds(p, s, value);
        case CHOICE: return read_choice(p, s, value);
        case SPECIAL: return s->read(p, s, value);
        }
    }
    return unknown_setting(p, key);
}

bool gkd_setting_repeatable(const char *key) {
    for (size_t i = 0; i < nsettings; i++)
        if (settings[i].repeatable && strcmp(settings[i].key, key) == 0) return true;
    return false;
}

const char *gkd_config_setting(size_t index, const char **section) {
    if (index >= nsettings) return NULL;
    if (section) *section = section_name(settings[index].section);
    return settings[index].key;
}
