/* The trace format: the trace in memory and its reader. The writer is trace_write.c, the replay
 * replay.c. See trace.h and docs/TRACE-FORMAT.md. */

#include "trace.h"
#include "trace_internal.h"
#include "gk_recording.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char gkt_default_scene[] =
    "# The default scene: one full-screen view with the standard recognizers.\n"
    "view screen root 0 0 0 0 multitouch\n"
    "recognizer double tap screen number_of_taps_required=2\n"
    "recognizer tap tap screen\n"
    "require tap double\n"
    "recognizer long_press long_press screen\n"
    "recognizer pan pan screen\n"
    "recognizer pinch pinch screen\n"
    "recognizer rotation rotation screen\n"
    "recognizer swipe swipe screen direction=15\n"
    "recognizer hover hover screen\n"
    "recognizer two_finger_tap tap screen number_of_touches_required=2\n";

void gkt_init(gkt_trace *t) {
    memset(t, 0, sizeof *t);
    t->width = 800;
    t->height = 480;
}

void gkt_clear_expect(gkt_trace *t) {
    for (size_t i = 0; i < t->nexpect; i++) free(t->expect[i]);
    t->nexpect = 0;
}

void gkt_free(gkt_trace *t) {
    gkt_clear_expect(t);
    free(t->expect);
    free(t->steps);
    free(t->touches);
    free(t->focus_views);
    gkt_init(t);
}

int gkt_grow(void **p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap * 2 : 64;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q) return -1;
    *p = q;
    *cap = n;
    return 0;
}

static gkt_step *new_step(gkt_trace *t, gkt_step_kind kind, double time) {
    if (gkt_grow((void **)&t->steps, &t->cap_steps, t->nsteps + 1, sizeof *t->steps) < 0) return NULL;
    gkt_step *s = &t->steps[t->nsteps++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->t = time;
    return s;
}

int gkt_add_frame(gkt_trace *t, double time, const gk_touch *touches, size_t count) {
    if (gkt_grow((void **)&t->touches, &t->cap_touches, t->ntouches + count, sizeof *t->touches) < 0) return -1;
    gkt_step *s = new_step(t, GKT_FRAME, time);
    if (!s) return -1;
    s->first = t->ntouches;
    s->count = count;
    if (count > 0) memcpy(t->touches + t->ntouches, touches, count * sizeof *touches);
    t->ntouches += count;
    return 0;
}

int gkt_add_hover(gkt_trace *t, double time, gk_hover_phase phase, double x, double y) {
    return gkt_add_hover_typed(t, time, phase, GK_TOUCH_TYPE_STYLUS, x, y);
}

int gkt_add_press(gkt_trace *t, double time, gk_press_type type, gk_touch_phase phase, double force) {
    gkt_step *s = new_step(t, GKT_PRESS, time);
    if (!s) return -1;
    s->press_type = type;
    s->press_phase = phase;
    s->force = force;
    return 0;
}

int gkt_add_focus(gkt_trace *t, double time, const char *view) {
    if (gkt_grow((void **)&t->focus_views, &t->cap_focus, t->nfocus + 1, sizeof *t->focus_views) < 0) return -1;
    gkt_step *s = new_step(t, GKT_FOCUS, time);
    if (!s) return -1;
    s->first = t->nfocus;
    snprintf(t->focus_views[t->nfocus++], GKT_NAME, "%s", view);
    return 0;
}

int gkt_add_hover_typed(gkt_trace *t, double time, gk_hover_phase phase, gk_touch_type type, double x, double y) {
    gkt_step *s = new_step(t, GKT_HOVER, time);
    if (!s) return -1;
    s->hover_phase = phase;
    s->hover_type = type;
    s->x = x;
    s->y = y;
    return 0;
}

int gkt_add_cancel(gkt_trace *t, double time) { return new_step(t, GKT_CANCEL, time) ? 0 : -1; }
int gkt_add_advance(gkt_trace *t, double time) { return new_step(t, GKT_ADVANCE, time) ? 0 : -1; }

int gkt_add_expect(gkt_trace *t, const char *line) {
    if (gkt_grow((void **)&t->expect, &t->cap_expect, t->nexpect + 1, sizeof *t->expect) < 0) return -1;
    char *copy = strdup(line);
    if (!copy) return -1;
    t->expect[t->nexpect++] = copy;
    return 0;
}

const char *const gkt_phase_names[5] = {"down", "move", "stay", "up", "cancel"};
const char *const gkt_type_names[3] = {"finger", "stylus", "pointer"};
const char *const gkt_hover_names[3] = {"enter", "move", "exit"};
const char *const gkt_press_names[8] = {"up_arrow", "down_arrow", "left_arrow", "right_arrow", "select", "menu",
                                    "play_pause", "back"};

/* A button: its name, or "key<N>" for custom key N (0..55). */
static int press_index(const char *word) {
    for (int i = 0; i < 8; i++)
        if (strcmp(word, gkt_press_names[i]) == 0) return i;
    if (strncmp(word, "key", 3) == 0 && word[3]) {
        char *end;
        long k = strtol(word + 3, &end, 10);
        if (*end == 0 && k >= 0 && k < 56) return 8 + (int)k;
    }
    return -1;
}

int gkt_index_of(const char *word, const char *const *list, int n) {
    for (int i = 0; i < n; i++)
        if (strcmp(word, list[i]) == 0) return i;
    return -1;
}

int gkt_fail(char *error, size_t size, int line, const char *fmt, ...) {
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0) snprintf(error, size, "line %d: %s", line, msg);
    else snprintf(error, size, "%s", msg);
    return -1;
}

/* A word that is a whole number. */
static bool parse_number(const char *word, double *out) {
    char *end = NULL;
    double v = strtod(word, &end);
    if (end == word || *end != 0) return false;
    *out = v;
    return true;
}

/* A coordinate: a whole number, or "-" for none (NaN). */
static bool parse_coordinate(const char *word, double *out) {
    if (strcmp(word, "-") == 0) {
        *out = NAN;
        return true;
    }
    return parse_number(word, out);
}

/* A time word: a number in [-GKT_MAX_TIME, GKT_MAX_TIME] (NaN fails the comparison). */
static bool parse_time(const char *word, double *out) {
    return parse_number(word, out) && fabs(*out) <= GKT_MAX_TIME;
}

static const gkt_view *find_view(const gkt_trace *t, const char *name) {
    for (int i = 0; i < t->nviews; i++)
        if (strcmp(t->views[i].name, name) == 0) return &t->views[i];
    return NULL;
}

/* One line; `scene_only` skips input and expectation lines. */
static int parse_line(gkt_trace *t, char *line, int n, bool scene_only, bool *saw_header, char *error, size_t size) {
    char *save = NULL;
    char *word = strtok_r(line, " \t\r\n", &save);
    if (!word || word[0] == '#') return 0;
    if (strcmp(word, "gesturekit-trace") == 0) {
        char *v = strtok_r(NULL, " \t\r\n", &save);
        if (!v || strcmp(v, "1") != 0) return gkt_fail(error, size, n, "unsupported trace version %s", v ? v : "(none)");
        *saw_header = true;
        return 0;
    }
    if (strcmp(word, "screen") == 0) {
        char *w = strtok_r(NULL, " \t", &save), *h = strtok_r(NULL, " \t\r\n", &save);
        if (!w || !h) return gkt_fail(error, size, n, "screen WIDTH HEIGHT");
        if (!parse_number(w, &t->width) || !parse_number(h, &t->height)) t->width = t->height = 0;
        if (!(t->width > 0 && t->height > 0 && t->width <= 1e6 && t->height <= 1e6))
            return gkt_fail(error, size, n, "bad screen size (0 < size <= 1e6)");
        return 0;
    }
    if (strcmp(word, "view") == 0) {
        if (t->nviews >= GKT_MAX_VIEWS) return gkt_fail(error, size, n, "too many views");
        gkt_view *v = &t->views[t->nviews];
        memset(v, 0, sizeof *v);
        char *name = strtok_r(NULL, " \t", &save), *parent = strtok_r(NULL, " \t", &save);
        char *f[4];
        for (int i = 0; i < 4; i++) f[i] = strtok_r(NULL, " \t\r\n", &save);
        if (!name || !parent || !f[3])
            return gkt_fail(error, size, n, "view NAME PARENT X Y W H [multitouch] [inline] [essential]");
        if (strlen(name) >= GKT_NAME || strcmp(name, "root") == 0 || find_view(t, name))
            return gkt_fail(error, size, n, "view name '%.40s' is too long, 'root' or already used", name);
        /* A parent is the root or a view defined above: no forward reference, so no cycle. */
        if (strcmp(parent, "root") != 0 && !find_view(t, parent))
            return gkt_fail(error, size, n, "view %s: parent '%.40s' is not a view defined above it", name, parent);
        snprintf(v->name, sizeof v->name, "%s", name);
        snprintf(v->parent, sizeof v->parent, "%s", parent);
        double g[4];
        for (int i = 0; i < 4; i++)
            if (!parse_number(f[i], &g[i]) || !(fabs(g[i]) <= 1e12))
                return gkt_fail(error, size, n, "view %s: bad frame value '%.40s'", name, f[i]);
        v->x = g[0]; v->y = g[1]; v->w = g[2]; v->h = g[3];
        char *flag;
        while ((flag = strtok_r(NULL, " \t\r\n", &save))) {
            if (strcmp(flag, "multitouch") == 0) v->multitouch = true;
            else if (strcmp(flag, "inline") == 0) v->inline_target = true;
            else if (strcmp(flag, "essential") == 0) v->essential = true;
            else return gkt_fail(error, size, n, "view %s: unknown flag '%.40s' (multitouch, inline, essential)", name, flag);
        }
        t->nviews++;
        return 0;
    }
    if (strcmp(word, "recognizer") == 0) {
        if (t->nrecognizers >= GKT_MAX_RECOGNIZERS) return gkt_fail(error, size, n, "too many recognizers");
        gkt_recognizer *r = &t->recognizers[t->nrecognizers];
        memset(r, 0, sizeof *r);
        char *name = strtok_r(NULL, " \t", &save), *kind = strtok_r(NULL, " \t", &save);
        char *view = strtok_r(NULL, " \t\r\n", &save);
        if (!name || !kind || !view) return gkt_fail(error, size, n, "recognizer NAME KIND VIEW [key=value ...]");
        snprintf(r->name, sizeof r->name, "%s", name);
        snprintf(r->kind, sizeof r->kind, "%s", kind);
        snprintf(r->view, sizeof r->view, "%s", view);
        char *kv;
        while ((kv = strtok_r(NULL, " \t\r\n", &save))) {
            char *eq = strchr(kv, '=');
            if (!eq || r->nprops >= GKT_MAX_PROPS) return gkt_fail(error, size, n, "bad property %s", kv);
            *eq = 0;
            snprintf(r->prop_key[r->nprops], sizeof r->prop_key[0], "%s", kv);
            snprintf(r->prop_value[r->nprops], sizeof r->prop_value[0], "%s", eq + 1);
            r->nprops++;
        }
        t->nrecognizers++;
        return 0;
    }
    if (strcmp(word, "require") == 0) {
        char *a = strtok_r(NULL, " \t", &save), *b = strtok_r(NULL, " \t\r\n", &save);
        if (!a || !b) return gkt_fail(error, size, n, "require NAME OTHER");
        for (int i = 0; i < t->nrecognizers; i++) {
            gkt_recognizer *r = &t->recognizers[i];
            if (strcmp(r->name, a) != 0) continue;
            if (r->nrequires >= GKT_MAX_PROPS) return gkt_fail(error, size, n, "too many requirements");
            snprintf(r->requires[r->nrequires++], GKT_NAME, "%s", b);
            return 0;
        }
        return gkt_fail(error, size, n, "unknown recognizer %s", a);
    }
    if (strcmp(word, "alternative") == 0) {
        char *a = strtok_r(NULL, " \t", &save), *b = strtok_r(NULL, " \t\r\n", &save);
        if (!a || !b) return gkt_fail(error, size, n, "alternative NAME OTHER");
        for (int i = 0; i < t->nrecognizers; i++) {
            gkt_recognizer *r = &t->recognizers[i];
            if (strcmp(r->name, a) != 0) continue;
            if (r->nalternatives >= GKT_MAX_PROPS) return gkt_fail(error, size, n, "too many alternatives");
            snprintf(r->alternatives[r->nalternatives++], GKT_NAME, "%s", b);
            return 0;
        }
        return gkt_fail(error, size, n, "unknown recognizer %s", a);
    }
    if (scene_only) return 0;
    if (strcmp(word, "frame") == 0) {
        char *ts = strtok_r(NULL, " \t\r\n", &save);
        if (!ts) return gkt_fail(error, size, n, "frame TIME ID:PHASE:X:Y[:TYPE] ...");
        gk_touch touches[64];
        size_t count = 0;
        char *item;
        while ((item = strtok_r(NULL, " \t\r\n", &save))) {
            if (count >= 64) return gkt_fail(error, size, n, "more than 64 touches in a frame");
            char *s2 = NULL;
            char *id = strtok_r(item, ":", &s2), *ph = strtok_r(NULL, ":", &s2);
            char *x = strtok_r(NULL, ":", &s2), *y = strtok_r(NULL, ":", &s2), *ty = strtok_r(NULL, ":", &s2);
            int p = ph ? gkt_index_of(ph, gkt_phase_names, 5) : -1;
            int k = ty ? gkt_index_of(ty, gkt_type_names, 3) : 0;
            if (!id || p < 0 || !x || !y || k < 0) return gkt_fail(error, size, n, "bad touch %s", item);
            gk_touch *tc = &touches[count++];
            memset(tc, 0, sizeof *tc);
            char *end = NULL;
            errno = 0;
            tc->id = strtoll(id, &end, 10);
            if (end == id || *end != 0 || errno == ERANGE || !parse_coordinate(x, &tc->x) || !parse_coordinate(y, &tc->y))
                return gkt_fail(error, size, n, "bad touch %s (ID:PHASE:X:Y, numbers whole)", item);
            tc->phase = (uint32_t)p;
            tc->type = (uint32_t)k;
        }
        double time;
        if (!parse_time(ts, &time)) return gkt_fail(error, size, n, "time '%.40s' is not a number within +-1e10 s", ts);
        return gkt_add_frame(t, time, touches, count) < 0 ? gkt_fail(error, size, n, "out of memory") : 0;
    }
    if (strcmp(word, "hover") == 0) {
        char *ts = strtok_r(NULL, " \t", &save), *ph = strtok_r(NULL, " \t", &save);
        char *x = strtok_r(NULL, " \t", &save), *y = strtok_r(NULL, " \t\r\n", &save);
        char *ty = strtok_r(NULL, " \t\r\n", &save);
        int p = ph ? gkt_index_of(ph, gkt_hover_names, 3) : -1;
        int k = ty ? gkt_index_of(ty, gkt_type_names, 3) : 1;
        if (!ts || p < 0 || !x || !y || k < 1) return gkt_fail(error, size, n, "hover TIME enter|move|exit X Y [stylus|pointer]");
        double time;
        if (!parse_time(ts, &time)) return gkt_fail(error, size, n, "time '%.40s' is not a number within +-1e10 s", ts);
        double hx, hy;
        if (!parse_coordinate(x, &hx) || !parse_coordinate(y, &hy)) return gkt_fail(error, size, n, "hover: X and Y are numbers or -");
        return gkt_add_hover_typed(t, time, (gk_hover_phase)p, (gk_touch_type)k, hx, hy);
    }
    if (strcmp(word, "press") == 0) {
        char *ts = strtok_r(NULL, " \t", &save), *ty = strtok_r(NULL, " \t", &save);
        char *ph = strtok_r(NULL, " \t\r\n", &save), *force = strtok_r(NULL, " \t\r\n", &save);
        int p = ph ? gkt_index_of(ph, gkt_phase_names, 5) : -1;
        int k = ty ? press_index(ty) : -1;
        if (!ts || k < 0 || p < 0 || p == GK_TOUCH_STATIONARY)
            return gkt_fail(error, size, n, "press TIME BUTTON down|move|up|cancel [FORCE]");
        double time;
        if (!parse_time(ts, &time)) return gkt_fail(error, size, n, "time '%.40s' is not a number within +-1e10 s", ts);
        double f = 0;
        if (force && !parse_number(force, &f)) return gkt_fail(error, size, n, "press: FORCE is a number");
        return gkt_add_press(t, time, (gk_press_type)k, (gk_touch_phase)p, f);
    }
    if (strcmp(word, "focus") == 0) {
        char *ts = strtok_r(NULL, " \t", &save), *v = strtok_r(NULL, " \t\r\n", &save);
        if (!ts || !v) return gkt_fail(error, size, n, "focus TIME VIEW|none");
        double time;
        if (!parse_time(ts, &time)) return gkt_fail(error, size, n, "time '%.40s' is not a number within +-1e10 s", ts);
        return gkt_add_focus(t, time, v);
    }
    if (strcmp(word, "advance") == 0 || strcmp(word, "cancel") == 0) {
        char *ts = strtok_r(NULL, " \t\r\n", &save);
        double time;
        if (!ts) return gkt_fail(error, size, n, "%s TIME", word);
        if (!parse_time(ts, &time)) return gkt_fail(error, size, n, "time '%.40s' is not a number within +-1e10 s", ts);
        int rc = word[0] == 'a' ? gkt_add_advance(t, time) : gkt_add_cancel(t, time);
        return rc < 0 ? gkt_fail(error, size, n, "out of memory") : 0;
    }
    if (strcmp(word, "expect") == 0) {
        char *rest = save;
        while (rest && (*rest == ' ' || *rest == '\t')) rest++;
        if (!rest || !*rest) return gkt_fail(error, size, n, "expect action|delivery ...");
        rest[strcspn(rest, "\r\n")] = 0;
        return gkt_add_expect(t, rest);
    }
    return gkt_fail(error, size, n, "unknown line '%s'", word);
}

static int parse(gkt_trace *t, const char *text, bool scene_only, bool need_header, char *error, size_t size) {
    char *copy = strdup(text);
    if (!copy) return gkt_fail(error, size, 0, "out of memory");
    char *save = NULL, *line;
    int n = 0, rc = 0;
    bool header = false;
    for (char *p = copy; (line = strtok_r(p, "\n", &save)); p = NULL) {
        n++;
        if (strlen(line) > GKT_MAX_LINE) {
            rc = gkt_fail(error, size, n, "line longer than %d bytes", GKT_MAX_LINE);
            break;
        }
        if ((rc = parse_line(t, line, n, scene_only, &header, error, size)) < 0) break;
    }
    free(copy);
    if (rc == 0 && need_header && !header) return gkt_fail(error, size, 1, "not a trace (no 'gesturekit-trace 1' line)");
    return rc;
}

int gkt_parse(gkt_trace *t, const char *text, char *error, size_t size) { return parse(t, text, false, true, error, size); }
int gkt_parse_scene(gkt_trace *t, const char *text, char *error, size_t size) {
    return parse(t, text, true, false, error, size);
}

int gkt_load(gkt_trace *t, const char *path, char *error, size_t size) {
    char *text = NULL;
    if (gk_read_text_file(path, GKT_MAX_FILE_BYTES, &text, NULL, error, size) < 0) return -1;
    int rc = gkt_parse(t, text, error, size);
    free(text);
    return rc;
}
