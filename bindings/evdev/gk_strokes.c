/* Stroke-template files (gk_strokes.h). */
#include "gk_strokes.h"
#include "gk_recording.h"

#include <errno.h>
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
        /* The engine's own limit for a point (1e12 pt): checked here, so that no template the file
         * holds is refused half-way through adding them. */
        if (fabs(v) > 1e12) return fail(error, size, "line %d: %s is beyond the 1e12 pt a coordinate may be", line, num);
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

/* The parser, fed one line at a time (from a text in memory or a file read line by line). */
struct parser {
    struct parse_state st;
    size_t room;          /* templates the recognizer can still take */
    bool have_header;
    int line;
    char *error;
    size_t size;
};

/* One line, without its '\n'. Stops (-1) at the first error, including the template that no longer
 * fits: nothing after it is read. */
static int parse_line(struct parser *p, const char *s, const char *end) {
    struct parse_state *st = &p->st;
    char *error = p->error;
    size_t size = p->size;
    int line = ++p->line;
    if (memchr(s, 0, (size_t)(end - s))) return fail(error, size, "line %d: a NUL byte (not a text file)", line);
    if (end > s && end[-1] == '\r') end--;
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t')) end--;
    if (s == end || *s == '#') return 0;
    size_t n = (size_t)(end - s);
    if (!p->have_header) {
        if (n != strlen(header) || memcmp(s, header, n) != 0) return fail(error, size, "line %d: expected \"%s\"", line, header);
        p->have_header = true;
        return 0;
    }
    if (n > 8 && memcmp(s, "template", 8) == 0 && (s[8] == ' ' || s[8] == '\t')) {
        const char *name = s + 9;
        while (name < end && (*name == ' ' || *name == '\t')) name++;
        size_t len = (size_t)(end - name);
        if (len == 0 || len > GK_MAX_STROKE_NAME)
            return fail(error, size, "line %d: a template name is 1..%d bytes", line, GK_MAX_STROKE_NAME);
        if (st->count >= p->room)
            return fail(error, size, "line %d: one template too many: the recognizer takes at most %d", line,
                        GK_MAX_STROKE_TEMPLATES);
        if (st->count == st->capacity) {
            size_t cap = st->capacity ? st->capacity * 2 : 16;
            struct parsed *q = realloc(st->items, cap * sizeof *q);
            if (!q) return fail(error, size, "out of memory");
            st->items = q;
            st->capacity = cap;
        }
        struct parsed *t = &st->items[st->count++];
        memset(t, 0, sizeof *t);
        memcpy(t->name, name, len);
        t->name_length = len;
        t->line = line;
        return 0;
    }
    if (n >= 6 && memcmp(s, "stroke", 6) == 0 && (n == 6 || s[6] == ' ' || s[6] == '\t')) {
        if (st->count == 0) return fail(error, size, "line %d: a stroke before any template", line);
        return parse_stroke(s + 6, end, &st->items[st->count - 1], line, error, size);
    }
    size_t w = 0;
    while (w < n && w < 40 && s[w] != ' ' && s[w] != '\t') w++;
    return fail(error, size, "line %d: unknown statement \"%.*s\"", line, (int)w, s);
}

/* After the last line: every template complete. */
static int parse_finish(struct parser *p) {
    if (!p->have_header) return fail(p->error, p->size, "expected \"%s\"", header);
    for (size_t k = 0; k < p->st.count; k++) {
        const struct parsed *t = &p->st.items[k];
        if (t->strokes == 0) return fail(p->error, p->size, "line %d: template \"%s\" has no stroke", t->line, t->name);
        if (!(path_length(t) > 0) || !isfinite(path_length(t)))
            return fail(p->error, p->size, "line %d: template \"%s\" has no length", t->line, t->name);
    }
    return 0;
}

/* Starts a parser for the recognizer (its room for more templates), or -1 when the engine refuses. */
static int parser_start(struct parser *p, gk_engine *engine, gk_recognizer recognizer, char *error, size_t size) {
    memset(p, 0, sizeof *p);
    p->error = error;
    p->size = size;
    uint32_t have = 0;
    gk_status status = gk_stroke_template_count(engine, recognizer, &have);
    if (status != GK_OK) return fail(error, size, "%s", gk_status_string(status));
    p->room = have < GK_MAX_STROKE_TEMPLATES ? GK_MAX_STROKE_TEMPLATES - have : 0;
    return 0;
}

/* Adds what was parsed (all or nothing as far as the engine allows), frees it; the count or -1. */
static int parser_end(struct parser *p, int rc, gk_engine *engine, gk_recognizer recognizer) {
    if (rc == 0) rc = parse_finish(p);
    for (size_t k = 0; rc == 0 && k < p->st.count; k++) {
        const struct parsed *t = &p->st.items[k];
        gk_status status = gk_stroke_add_multistroke_template(engine, recognizer, t->name, t->name_length, t->points,
                                                              t->ids, t->count, NULL);
        if (status != GK_OK) rc = fail(p->error, p->size, "line %d: %s", t->line, gk_status_string(status));
    }
    size_t added = p->st.count;
    free_state(&p->st);
    return rc == 0 ? (int)added : -1;
}

int gk_strokes_parse(const char *text, size_t length, gk_engine *engine, gk_recognizer recognizer, char *error,
                     size_t size) {
    if (!text || !engine) return fail(error, size, "null argument");
    struct parser p;
    if (parser_start(&p, engine, recognizer, error, size) < 0) return -1;
    int rc = 0;
    size_t pos = 0;
    while (rc == 0 && pos < length) {
        size_t stop = pos;
        while (stop < length && text[stop] != '\n') stop++;
        rc = parse_line(&p, text + pos, text + stop);
        pos = stop + 1;
    }
    return parser_end(&p, rc, engine, recognizer);
}

/* The longest line gk_strokes_load() reads: a stroke of GK_MAX_STROKE_POINTS points fits many
 * times over. */
#define STROKES_LINE_LIMIT ((size_t)1 << 20)
#define STROKES_FILE_LIMIT ((size_t)16 << 20)

int gk_strokes_load(const char *path, gk_engine *engine, gk_recognizer recognizer, char *error, size_t size) {
    if (!path || !engine) return fail(error, size, "null argument");
    char why[300];
    FILE *f = gk_open_regular_file(path, why, sizeof why);
    if (!f) return fail(error, size, "%s", why);
    struct parser p;
    if (parser_start(&p, engine, recognizer, error, size) < 0) {
        fclose(f);
        return -1;
    }
    /* Line by line, so the memory held is the templates parsed so far and one line. */
    char *line = malloc(4096);
    size_t capacity = line ? 4096 : 0, total = 0;
    int rc = line ? 0 : fail(error, size, "out of memory");
    while (rc == 0) {
        size_t n = 0;
        int c = EOF;
        while ((c = getc(f)) != EOF && c != '\n') {
            if (n == capacity) {
                if (capacity >= STROKES_LINE_LIMIT) break;
                char *bigger = realloc(line, capacity * 2);
                if (!bigger) break;
                line = bigger;
                capacity *= 2;
            }
            line[n++] = (char)c;
        }
        total += n + (c == '\n');
        if (c != EOF && c != '\n') {
            rc = n == capacity && capacity >= STROKES_LINE_LIMIT
                     ? fail(error, size, "%s: line %d is longer than %zu bytes", path, p.line + 1, STROKES_LINE_LIMIT)
                     : fail(error, size, "out of memory");
            break;
        }
        if (total > STROKES_FILE_LIMIT) {
            rc = fail(error, size, "%s: larger than 16 MiB", path);
            break;
        }
        if (n > 0 || c == '\n') rc = parse_line(&p, line, line + n);
        if (c == EOF) break;
    }
    if (rc == 0 && ferror(f)) rc = fail(error, size, "%s: read error", path);
    free(line);
    fclose(f);
    return parser_end(&p, rc, engine, recognizer);
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
