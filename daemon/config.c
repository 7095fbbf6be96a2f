/* Parsing gesturekitd.conf (gesturekitd.conf(5)): the sections, the gestures, and the checks that
 * need the whole file (a gesture's zone and failure requirements may be written after it), in one
 * pass over the lines. The [daemon], [accessibility] and zone settings are declared in
 * config_settings.c; the values are read by config_values.c. */
#include "config_parser.h"

#include "cli_numbers.h"
#include "closest_word.h"
#include "gk_recording.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int gesture_key(struct gkd_parser *p, const char *key, const char *value) {
    gkd_gesture *g = &p->config->gestures[p->config->ngestures - 1];
    if (strcmp(key, "kind") == 0) {
        for (int k = 0; k < nkind_names; k++) {
            if (kind_names[k] && strcmp(kind_names[k], value) == 0) {
                g->kind = (gk_recognizer_kind)k;
                g->has_kind = true;
                return 0;
            }
        }
        return gkd_parse_fail(p, p->line, key, "unknown kind '%s' (tap, long_press, pan, screen_edge_pan, swipe, pinch, rotation, "
                                     "one_finger_zoom)", value);
    }
    if (strcmp(key, "zone") == 0) {   /* checked once the whole file is read: the zone may come later */
        g->zone_line = p->line;
        if (!gkd_parse_valid_name(value) || strlen(value) >= GKD_NAME) return gkd_parse_fail(p, p->line, key, "'%s' is not a zone name", value);
        return gkd_parse_copy(p, key, g->zone_name, sizeof g->zone_name, value);
    }
    if (strcmp(key, "on") == 0) {
        if (strcmp(value, "began") == 0) g->on = GK_STATE_BEGAN;
        else if (strcmp(value, "ended") == 0 || strcmp(value, "recognized") == 0) g->on = GK_STATE_ENDED;
        else return gkd_parse_fail(p, p->line, key, "'%s' is not began or ended", value);
        g->has_on = true;
        return 0;
    }
    if (strcmp(key, "require_failure_of") == 0) {
        if (g->nrequires == GKD_MAX_REQUIRES) return gkd_parse_fail(p, p->line, key, "more than %d", GKD_MAX_REQUIRES);
        if (!gkd_parse_valid_name(value) || strlen(value) >= GKD_NAME) return gkd_parse_fail(p, p->line, key, "'%s' is not a gesture name", value);
        return gkd_parse_copy(p, key, g->requires[g->nrequires++], GKD_NAME, value);
    }
    if (strcmp(key, "action") == 0) {
        if (g->naction == GKD_MAX_ACTIONS) return gkd_parse_fail(p, p->line, key, "more than %d actions", GKD_MAX_ACTIONS);
        if (gkd_parse_action(p, key, value, &g->actions[g->naction]) < 0) return -1;
        g->naction++;
        return 0;
    }
    /* A recognizer property: checked against the kind once the whole section is read. */
    if (g->nprops == GKD_MAX_PROPS) return gkd_parse_fail(p, p->line, key, "more than %d properties", GKD_MAX_PROPS);
    gkd_property *prop = &g->props[g->nprops++];
    prop->line = p->line;
    if (gkd_parse_copy(p, key, prop->key, sizeof prop->key, key) < 0) return -1;
    return gkd_parse_copy(p, key, prop->value, sizeof prop->value, value);
}

static int section(struct gkd_parser *p, char *text) {
    size_t n = strlen(text);
    if (n < 2 || text[n - 1] != ']') return gkd_parse_fail(p, p->line, "section", "a section header is [NAME] or [zone NAME]");
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
        if (arg) return gkd_parse_fail(p, p->line, "section", "[%s] takes no name", name);
        p->section = name[0] == 'd' ? GKD_SECTION_DAEMON : GKD_SECTION_ACCESSIBILITY;
        return 0;
    }
    bool zone = strcmp(name, "zone") == 0;
    if (!zone && strcmp(name, "gesture") != 0)
        return gkd_parse_fail(p, p->line, "section", "unknown section [%s] (daemon, accessibility, zone NAME, gesture NAME)", name);
    if (!arg || !gkd_parse_valid_name(arg) || strlen(arg) >= GKD_NAME)
        return gkd_parse_fail(p, p->line, "section", "[%s NAME]: a name of letters, digits, '-', '_' and '.' (at most %d)", name,
                    GKD_NAME - 1);
    p->nseen[2] = 0;   /* a new zone or gesture: its own settings */
    if (zone) {
        for (int i = 0; i < c->nzones; i++)
            if (strcmp(c->zones[i].name, arg) == 0)
                return gkd_parse_fail(p, p->line, "section", "zone %s is defined twice (first on line %d)", arg, c->zones[i].line);
        if (c->nzones == GKD_MAX_ZONES) return gkd_parse_fail(p, p->line, "section", "more than %d zones", GKD_MAX_ZONES);
        gkd_zone *z = &c->zones[c->nzones++];
        memset(z, 0, sizeof *z);
        snprintf(z->name, sizeof z->name, "%s", arg);
        z->line = -p->line;   /* negative until its rect is read */
        p->section = GKD_SECTION_ZONE;
    } else {
        for (int i = 0; i < c->ngestures; i++)
            if (strcmp(c->gestures[i].name, arg) == 0)
                return gkd_parse_fail(p, p->line, "section", "gesture %s is defined twice (first on line %d)", arg, c->gestures[i].line);
        if (c->ngestures == GKD_MAX_GESTURES) return gkd_parse_fail(p, p->line, "section", "more than %d gestures", GKD_MAX_GESTURES);
        gkd_gesture *g = &c->gestures[c->ngestures++];
        memset(g, 0, sizeof *g);
        snprintf(g->name, sizeof g->name, "%s", arg);
        g->zone = -1;
        g->line = p->line;
        p->section = GKD_SECTION_GESTURE;
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
    return strcmp(key, "action") == 0 || strcmp(key, "require_failure_of") == 0 || gkd_setting_repeatable(key);
}

/* Notes `key` in the current section; a single-valued setting seen before is an error. */
static int remember(struct gkd_parser *p, const char *key) {
    if (repeatable(key) || strlen(key) >= GKD_NAME) return 0;   /* too long: the section's own check names it */
    int k = p->section == GKD_SECTION_DAEMON ? 0 : p->section == GKD_SECTION_ACCESSIBILITY ? 1 : 2;
    for (int i = 0; i < p->nseen[k]; i++)
        if (strcmp(p->seen[k][i].key, key) == 0)
            return gkd_parse_fail(p, p->line, key, "set twice (first on line %d): the second would silently replace the first; "
                                         "keep one", p->seen[k][i].line);
    if (p->nseen[k] == GKD_MAX_SEEN) return 0;
    snprintf(p->seen[k][p->nseen[k]].key, GKD_NAME, "%s", key);
    p->seen[k][p->nseen[k]++].line = p->line;
    return 0;
}

static int line(struct gkd_parser *p, char *text) {
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
    if (!eq) return gkd_parse_fail(p, p->line, "line", "neither [section] nor KEY = VALUE");
    *eq = 0;
    char *key = trim(text), *value = trim(eq + 1);
    if (!*key) return gkd_parse_fail(p, p->line, "line", "a setting without a name");
    if (!*value) return gkd_parse_fail(p, p->line, key, "no value");
    if (p->section != GKD_SECTION_NONE && remember(p, key) < 0) return -1;
    switch (p->section) {
    case GKD_SECTION_DAEMON:
    case GKD_SECTION_ACCESSIBILITY:
    case GKD_SECTION_ZONE: return gkd_parse_setting(p, key, value);
    case GKD_SECTION_GESTURE: return gesture_key(p, key, value);
    case GKD_SECTION_NONE: break;
    }
    return gkd_parse_fail(p, p->line, key, "a setting before the first [section]");
}

static int gesture_index(const gkd_config *c, const char *name) {
    for (int j = 0; j < c->ngestures; j++)
        if (strcmp(c->gestures[j].name, name) == 0) return j;
    return -1;
}

/* Gestures that wait for each other to fail, in a circle, can never be recognized: each waits for
 * the next for ever. A depth-first walk of the requirements finds such a circle and names it. */
static int check_failure_cycles(struct gkd_parser *p) {
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
                return gkd_parse_fail(p, c->gestures[to].line, "require_failure_of",
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
static int check_touch_counts(struct gkd_parser *p, const gkd_gesture *g) {
    const gkd_property *lo = NULL, *hi = NULL;
    for (int k = 0; k < g->nprops; k++) {
        if (strcmp(g->props[k].key, "minimum_number_of_touches") == 0) lo = &g->props[k];
        if (strcmp(g->props[k].key, "maximum_number_of_touches") == 0) hi = &g->props[k];
    }
    long long low, high;
    if (lo && hi && gk_cli_integer(lo->value, 1, 1024, &low) && gk_cli_integer(hi->value, 1, 1024, &high) && low > high)
        return gkd_parse_fail(p, lo->line, lo->key, "%lld is above maximum_number_of_touches (%lld, line %d): gesture %s could "
                                          "never begin", low, high, hi->line, g->name);
    return 0;
}

/* A zone in millimetres must lie on the screen (screen and points_per_mm in [daemon]); fractions
 * were checked when read. Up to 1 mm past an edge is allowed for rounding. */
static int check_zones_on_screen(struct gkd_parser *p) {
    const gkd_config *c = p->config;
    double width_mm = c->screen_width / c->points_per_mm, height_mm = c->screen_height / c->points_per_mm;
    for (int i = 0; i < c->nzones; i++) {
        const gkd_zone *z = &c->zones[i];
        if (!z->in_mm) continue;
        if (z->rect[0] + z->rect[2] > width_mm + 1 || z->rect[1] + z->rect[3] > height_mm + 1)
            return gkd_parse_fail(p, z->line, "rect_mm", "zone %s reaches past the screen, which is %.0f x %.0f mm (screen = "
                                               "%gx%g points at points_per_mm = %g)", z->name, width_mm, height_mm,
                        c->screen_width, c->screen_height, c->points_per_mm);
    }
    return 0;
}

/* What needs the whole file: zones named by gestures, failure requirements, kinds and properties. */
static int check(struct gkd_parser *p) {
    gkd_config *c = p->config;
    for (int i = 0; i < c->nzones; i++)
        if (c->zones[i].line < 0) return gkd_parse_fail(p, -c->zones[i].line, "rect", "zone %s has no rect or rect_mm", c->zones[i].name);
    for (int i = 0; i < c->ngestures; i++) {
        gkd_gesture *g = &c->gestures[i];
        if (!g->has_kind) return gkd_parse_fail(p, g->line, "kind", "gesture %s has no kind", g->name);
        if (g->naction == 0) return gkd_parse_fail(p, g->line, "action", "gesture %s has no action", g->name);
        if (g->zone_name[0]) {
            for (int z = 0; z < c->nzones; z++)
                if (strcmp(c->zones[z].name, g->zone_name) == 0) g->zone = z;
            if (g->zone < 0) return gkd_parse_fail(p, g->zone_line, "zone", "no zone named %s", g->zone_name);
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
                    return gkd_parse_fail(p, g->props[k].line, g->props[k].key, "not a property of a %s gesture; did you mean %s?",
                                gkd_kind_name(g->kind), near);
                return gkd_parse_fail(p, g->props[k].line, g->props[k].key, "not a property of a %s gesture", gkd_kind_name(g->kind));
            }
        }
        for (int r = 0; r < g->nrequires; r++) {
            int found = -1;
            for (int j = 0; j < c->ngestures; j++)
                if (strcmp(c->gestures[j].name, g->requires[r]) == 0) found = j;
            if (found < 0) return gkd_parse_fail(p, g->line, "require_failure_of", "gesture %s: no gesture named %s", g->name, g->requires[r]);
            if (found == i) return gkd_parse_fail(p, g->line, "require_failure_of", "gesture %s cannot wait for itself", g->name);
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
    struct gkd_parser p = {.config = config, .path = path ? path : "(configuration)", .section = GKD_SECTION_NONE, .error = error, .size = size};
    snprintf(config->path, sizeof config->path, "%s", p.path);
    if (!text) return gkd_parse_fail(&p, 0, "file", "no text");
    if (length > GKD_MAX_BYTES) return gkd_parse_fail(&p, 0, "file", "longer than %d bytes", GKD_MAX_BYTES);
    size_t at = 0;
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) at = 3;   /* a UTF-8 byte order mark, as some editors write */
    char buffer[GKD_MAX_LINE + 1];
    while (at < length) {
        p.line++;
        size_t end = at;
        while (end < length && text[end] != '\n') end++;
        size_t n = end - at;
        if (n > GKD_MAX_LINE) return gkd_parse_fail(&p, p.line, "line", "longer than %d characters", GKD_MAX_LINE);
        memcpy(buffer, text + at, n);
        buffer[n] = 0;
        if (memchr(buffer, 0, n)) return gkd_parse_fail(&p, p.line, "line", "a NUL byte: not a text file");
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
