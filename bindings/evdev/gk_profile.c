/* Panel profile files (gk_profile.h). */
#include "gk_profile.h"
#include "gk_recording.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char header[] = "gesturekit-panel-profile 1";

static const struct {
    const char *key;
    size_t offset;
    int flag; /* a 0/1 uint32_t field */
} fields[] = {
    {"width_mm", offsetof(gk_panel_profile, width_mm), 0},
    {"height_mm", offsetof(gk_panel_profile, height_mm), 0},
    {"sample_rate_hz", offsetof(gk_panel_profile, sample_rate_hz), 0},
    {"noise", offsetof(gk_panel_profile, noise), 0},
    {"max_contact_radius", offsetof(gk_panel_profile, max_contact_radius), 0},
    {"reports_pressure", offsetof(gk_panel_profile, reports_pressure), 1},
    {"reports_size", offsetof(gk_panel_profile, reports_size), 1},
    {"edge_top", offsetof(gk_panel_profile, edge_top), 0},
    {"edge_left", offsetof(gk_panel_profile, edge_left), 0},
    {"edge_bottom", offsetof(gk_panel_profile, edge_bottom), 0},
    {"edge_right", offsetof(gk_panel_profile, edge_right), 0},
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static int fail(char *error, size_t size, const char *fmt, ...) {
    if (error && size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(error, size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int gk_panel_profile_parse(const char *text, size_t length, gk_panel_profile *out, char *error, size_t size) {
    if (!text || !out) return fail(error, size, "null argument");
    gk_panel_profile p;
    gk_panel_profile_init(&p);
    bool seen[NFIELDS] = {false};
    bool have_header = false;
    size_t pos = 0;
    int line = 0;
    char buf[GK_RECORDING_MAX_LINE + 1];
    while (pos < length) {
        size_t end = pos;
        while (end < length && text[end] != '\n') end++;
        line++;
        size_t n = end - pos;
        if (n > GK_RECORDING_MAX_LINE) return fail(error, size, "line %d: longer than %d bytes", line, GK_RECORDING_MAX_LINE);
        memcpy(buf, text + pos, n);
        buf[n] = 0;
        pos = end + 1;
        if (memchr(buf, 0, n)) return fail(error, size, "line %d: a NUL byte (not a text file)", line);
        if (n > 0 && buf[n - 1] == '\r') buf[--n] = 0;
        char *s = buf;
        while (*s == ' ' || *s == '\t') s++;
        if (*s == 0 || *s == '#') continue;
        if (!have_header) {
            if (strcmp(s, header) != 0) return fail(error, size, "line %d: expected \"%s\"", line, header);
            have_header = true;
            continue;
        }
        char key[64];
        char value[128];
        char extra[2];
        int got = sscanf(s, "%63s %127s %1s", key, value, extra);
        if (got != 2) return fail(error, size, "line %d: expected \"key value\"", line);
        size_t k = 0;
        while (k < NFIELDS && strcmp(fields[k].key, key) != 0) k++;
        if (k == NFIELDS) return fail(error, size, "line %d: unknown key \"%s\"", line, key);
        if (seen[k]) return fail(error, size, "line %d: %s given twice", line, key);
        seen[k] = true;
        char *stop;
        double v = strtod(value, &stop);
        if (*stop != 0 || !isfinite(v) || v < 0 || v > 1e6)
            return fail(error, size, "line %d: %s must be a number from 0 to 1e6", line, key);
        if (fields[k].flag) {
            if (v != 0 && v != 1) return fail(error, size, "line %d: %s must be 0 or 1", line, key);
            *(uint32_t *)((char *)&p + fields[k].offset) = (uint32_t)v;
        } else {
            *(double *)((char *)&p + fields[k].offset) = v;
        }
    }
    if (!have_header) return fail(error, size, "not a panel profile (no \"%s\" line)", header);
    *out = p;
    return 0;
}

int gk_panel_profile_load(const char *path, gk_panel_profile *out, char *error, size_t size) {
    char *text = NULL;
    size_t length = 0;
    if (gk_read_text_file(path, 64u << 10, &text, &length, error, size) < 0) return -1;
    int rc = gk_panel_profile_parse(text, length, out, error, size);
    if (rc < 0 && error && size > 0) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s: %s", path, error);
        snprintf(error, size, "%s", msg);
    }
    free(text);
    return rc;
}

/* The shortest plain decimal (no exponent; profile values are at most 1e6) that reads back as
   the same double, or %.17g when none of up to 17 decimals does. */
static void shortest(double v, char *buf, size_t n) {
    for (int decimals = 0; decimals <= 17; decimals++) {
        snprintf(buf, n, "%.*f", decimals, v);
        if (strtod(buf, NULL) == v) return;
    }
    snprintf(buf, n, "%.17g", v);
}

int gk_panel_profile_write(const gk_panel_profile *p, FILE *out) {
    if (!p || !out) return -1;
    fprintf(out, "%s\n", header);
    for (size_t k = 0; k < NFIELDS; k++) {
        if (fields[k].flag) {
            fprintf(out, "%s %u\n", fields[k].key, *(const uint32_t *)((const char *)p + fields[k].offset));
        } else {
            char num[40];
            shortest(*(const double *)((const char *)p + fields[k].offset), num, sizeof num);
            fprintf(out, "%s %s\n", fields[k].key, num);
        }
    }
    return ferror(out) ? -1 : 0;
}

int gk_input_filters_parse(const char *list, gk_input_filters *f, char *error, size_t size) {
    static const struct { const char *name; uint32_t flag; int jitter; } names[] = {
        {"noise", GK_FILTER_NOISE_THRESHOLDS, -1}, {"ghosts", GK_FILTER_GHOSTS, -1}, {"palms", GK_FILTER_PALMS, -1},
        {"chatter", GK_FILTER_CHATTER, -1}, {"edges", GK_FILTER_EDGES, -1}, {"one-euro", 0, GK_JITTER_ONE_EURO},
        {"hysteresis", 0, GK_JITTER_HYSTERESIS}, {"none", 0, -1},
    };
    gk_input_filters_init(f);
    f->flags = 0;
    f->jitter = GK_JITTER_OFF;
    char buffer[256];
    if (!list || strlen(list) >= sizeof buffer) {
        snprintf(error, size, "a filter list of at most %zu characters", sizeof buffer - 1);
        return -1;
    }
    snprintf(buffer, sizeof buffer, "%s", list);
    int words = 0;
    for (char *save = NULL, *w = strtok_r(buffer, ", ", &save); w; w = strtok_r(NULL, ", ", &save), words++) {
        size_t i = 0;
        while (i < sizeof names / sizeof names[0] && strcmp(names[i].name, w) != 0) i++;
        if (i == sizeof names / sizeof names[0]) {
            snprintf(error, size, "unknown filter \"%s\" (noise, ghosts, palms, chatter, edges, one-euro, "
                                  "hysteresis, none)", w);
            return -1;
        }
        f->flags |= names[i].flag;
        if (names[i].jitter >= 0) f->jitter = (uint32_t)names[i].jitter;
    }
    if (words == 0) {
        snprintf(error, size, "an empty filter list (none turns every filter off)");
        return -1;
    }
    return 0;
}

