/* Stroke-template files (gk_strokes.h). */
#include "gk_strokes.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char header[] = "gesturekit-strokes 1";

static int fail(char *error, size_t size, const char *fmt, ...) {
    if (error && size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(error, size, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* One template while parsing: its name and its points with their stroke numbers. */
struct parsed {
    char name[GK_MAX_STROKE_NAME + 1];
    size_t name_length;
    gk_point *points;
    uint32_t *ids;
    size_t count, capacity;
    uint32_t strokes;
    int line;
};

struct parse_state {
    struct parsed *items;
    size_t count, capacity;
};

static void free_state(struct parse_state *s) {
    for (size_t k = 0; k < s->count; k++) {
        free(s->items[k].points);
        free(s->items[k].ids);
    }
    free(s->items);
}

static int push_point(struct parsed *t, double x, double y) {
    if (t->count == t->capacity) {
        size_t cap = t->capacity ? t->capacity * 2 : 64;
        gk_point *p = realloc(t->points, cap * sizeof *p);
        if (!p) return -1;
        t->points = p;
        uint32_t *ids = realloc(t->ids, cap * sizeof *ids);
        if (!ids) return -1;
        t->ids = ids;
        t->capacity = cap;
    }
    t->points[t->count].x = x;
    t->points[t->count].y = y;
    t->ids[t->count] = t->strokes;
    t->count++;
    return 0;
}

/* The length of a template's path within its strokes. */
static double path_length(const struct parsed *t) {
    double d = 0;
    for (size_t k = 1; k < t->count; k++)
        if (t->ids[k] == t->ids[k - 1]) d += hypot(t->points[k].x - t->points[k - 1].x, t->points[k].y - t->points[k - 1].y);
    return d;
}

/* Parses one "stroke" line's numbers (from `s` to `end`) into template `t`. */
static int parse_stroke(const char *s, const char *end, struct parsed *t, int line, char *error, size_t size) {
    char num[64];
    size_t values = 0;
    double x = 0;
    while (s < end) {
        while (s < end && (*s == ' ' || *s == '\t')) s++;
        if (s == end) break;
        const char *w = s;
        while (s < end && *s != ' ' && *s != '\t') s++;
        size_t n = (size_t)(s - w);
        if (n >= sizeof num) return fail(error, size, "line %d: a number longer than %zu bytes", line, sizeof num - 1);
        memcpy(num, w, n);
        num[n] = 0;
        char *stop;
        double v = strtod(num, &stop);
        if (*stop != 0 || !isfinite(v)) return fail(error, size, "line %d: \"%s\" is not a finite number", line, num);
        if (values % 2 == 0) x = v;
        else {
            if (t->count >= GK_MAX_STROKE_POINTS)
                return fail(error, size, "line %d: template \"%s\" has more than %d points", line, t->name,
                            GK_MAX_STROKE_POINTS);
            if (push_point(t, x, v) < 0) return fail(error, size, "out of memory");
        }
        values++;
    }
    if (values == 0 || values % 2) return fail(error, size, "line %d: a stroke is x y pairs, at least one", line);
    if (t->strokes >= GK_MAX_STROKE_COUNT)
        return fail(error, size, "line %d: template \"%s\" has more than %d strokes", line, t->name, GK_MAX_STROKE_COUNT);
    t->strokes++;
    return 0;
}

static int parse_all(const char *text, size_t length, struct parse_state *st, char *error, size_t size) {
    bool have_header = false;
    size_t pos = 0;
    int line = 0;
    while (pos < length) {
        size_t stop = pos;
        while (stop < length && text[stop] != '\n') stop++;
        line++;
        const char *s = text + pos, *end = text + stop;
        pos = stop + 1;
        if (memchr(s, 0, (size_t)(end - s))) return fail(error, size, "line %d: a NUL byte (not a text file)", line);
        if (end > s && end[-1] == '\r') end--;
        while (s < end && (*s == ' ' || *s == '\t')) s++;
        while (end > s && (end[-1] == ' ' || end[-1] == '\t')) end--;
        if (s == end || *s == '#') continue;
        size_t n = (size_t)(end - s);
        if (!have_header) {
            if (n != strlen(header) || memcmp(s, header, n) != 0)
                return fail(error, size, "line %d: expected \"%s\"", line, header);
            have_header = true;
            continue;
        }
        if (n > 8 && memcmp(s, "template", 8) == 0 && (s[8] == ' ' || s[8] == '\t')) {
            const char *name = s + 9;
            while (name < end && (*name == ' ' || *name == '\t')) name++;
            size_t len = (size_t)(end - name);
            if (len == 0 || len > GK_MAX_STROKE_NAME)
                return fail(error, size, "line %d: a template name is 1..%d bytes", line, GK_MAX_STROKE_NAME);
            if (st->count == st->capacity) {
                size_t cap = st->capacity ? st->capacity * 2 : 16;
                struct parsed *p = realloc(st->items, cap * sizeof *p);
                if (!p) return fail(error, size, "out of memory");
                st->items = p;
                st->capacity = cap;
            }
            struct parsed *t = &st->items[st->count++];
            memset(t, 0, sizeof *t);
            memcpy(t->name, name, len);
            t->name_length = len;
            t->line = line;
        } else if (n >= 6 && memcmp(s, "stroke", 6) == 0 && (n == 6 || s[6] == ' ' || s[6] == '\t')) {
            if (st->count == 0) return fail(error, size, "line %d: a stroke before any template", line);
            if (parse_stroke(s + 6, end, &st->items[st->count - 1], line, error, size) < 0) return -1;
        } else {
            size_t w = 0;
            while (w < n && w < 40 && s[w] != ' ' && s[w] != '\t') w++;
            return fail(error, size, "line %d: unknown statement \"%.*s\"", line, (int)w, s);
        }
    }
    if (!have_header) return fail(error, size, "expected \"%s\"", header);
    for (size_t k = 0; k < st->count; k++) {
        const struct parsed *t = &st->items[k];
        if (t->strokes == 0) return fail(error, size, "line %d: template \"%s\" has no stroke", t->line, t->name);
        if (!(path_length(t) > 0) || !isfinite(path_length(t)))
            return fail(error, size, "line %d: template \"%s\" has no length", t->line, t->name);
    }
    return 0;
}

int gk_strokes_parse(const char *text, size_t length, gk_engine *engine, gk_recognizer recognizer, char *error,
                     size_t size) {
    if (!text || !engine) return fail(error, size, "null argument");
    uint32_t have = 0;
    gk_status status = gk_stroke_template_count(engine, recognizer, &have);
    if (status != GK_OK) return fail(error, size, "%s", gk_status_string(status));
    struct parse_state st = {0};
    int rc = parse_all(text, length, &st, error, size);
    if (rc == 0 && have + st.count > GK_MAX_STROKE_TEMPLATES)
        rc = fail(error, size, "%zu templates do not fit: the recognizer has %u of at most %d", st.count, have,
                  GK_MAX_STROKE_TEMPLATES);
    for (size_t k = 0; rc == 0 && k < st.count; k++) {
        const struct parsed *t = &st.items[k];
        status = gk_stroke_add_multistroke_template(engine, recognizer, t->name, t->name_length, t->points, t->ids,
                                                    t->count, NULL);
        if (status != GK_OK) rc = fail(error, size, "line %d: %s", t->line, gk_status_string(status));
    }
    size_t added = st.count;
    free_state(&st);
    return rc == 0 ? (int)added : -1;
}

int gk_strokes_load(const char *path, gk_engine *engine, gk_recognizer recognizer, char *error, size_t size) {
    if (!path) return fail(error, size, "null argument");
    FILE *f = fopen(path, "rb");
    if (!f) return fail(error, size, "%s: cannot open", path);
    const size_t limit = (size_t)16 << 20;
    char *text = malloc(limit + 1);
    if (!text) {
        fclose(f);
        return fail(error, size, "out of memory");
    }
    size_t n = fread(text, 1, limit + 1, f);
    bool bad = ferror(f) != 0;
    fclose(f);
    int rc;
    if (bad) rc = fail(error, size, "%s: read error", path);
    else if (n > limit) rc = fail(error, size, "%s: larger than 16 MiB", path);
    else rc = gk_strokes_parse(text, n, engine, recognizer, error, size);
    free(text);
    return rc;
}

/* The shortest %.*g form that reads back as the same double. */
static void shortest(double v, char *buf, size_t n) {
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, n, "%.*g", digits, v);
        if (strtod(buf, NULL) == v) return;
    }
}

int gk_strokes_write(gk_engine *engine, gk_recognizer recognizer, FILE *out) {
    if (!engine || !out) return -1;
    uint32_t count = 0;
    if (gk_stroke_template_count(engine, recognizer, &count) != GK_OK) return -1;
    fprintf(out, "%s\n", header);
    gk_point *points = NULL;
    uint32_t *ids = NULL;
    int rc = 0;
    for (uint32_t k = 0; k < count && rc == 0; k++) {
        char name[GK_MAX_STROKE_NAME + 1];
        size_t n = 0;
        if (gk_stroke_template_name(engine, recognizer, k, name, sizeof name, NULL) != GK_OK ||
            gk_stroke_template_points(engine, recognizer, k, NULL, NULL, 0, &n) != GK_OK || n == 0) {
            rc = -1;
            break;
        }
        gk_point *p = realloc(points, n * sizeof *p);
        uint32_t *i = p ? realloc(ids, n * sizeof *i) : NULL;
        if (p) points = p;
        if (i) ids = i;
        if (!p || !i || gk_stroke_template_points(engine, recognizer, k, points, ids, n, &n) != GK_OK) {
            rc = -1;
            break;
        }
        /* A name the format cannot carry (a line break, blanks around it) is refused, not changed. */
        size_t len = strlen(name);
        if (len == 0 || strchr(name, '\n') || strchr(name, '\r') || name[0] == ' ' || name[0] == '\t' ||
            name[len - 1] == ' ' || name[len - 1] == '\t') {
            rc = -1;
            break;
        }
        fprintf(out, "template %s\n", name);
        for (size_t j = 0; j < n; j++) {
            char x[40], y[40];
            shortest(points[j].x, x, sizeof x);
            shortest(points[j].y, y, sizeof y);
            if (j == 0 || ids[j] != ids[j - 1]) fprintf(out, "%sstroke", j == 0 ? "" : "\n");
            fprintf(out, " %s %s", x, y);
        }
        fputc('\n', out);
    }
    free(points);
    free(ids);
    return rc == 0 && !ferror(out) ? 0 : -1;
}
