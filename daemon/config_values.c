/* The value readers of gesturekitd.conf's parser (config_parser.h): each reads one value or writes
 * the message that says what is wrong with it. */
#include "config_parser.h"

#include "cli_numbers.h"

#include <ctype.h>
#include <libevdev/libevdev.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int gkd_parse_fail(struct gkd_parser *p, int line, const char *field, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char what[512];
    vsnprintf(what, sizeof what, format, ap);
    va_end(ap);
    if (line > 0) snprintf(p->error, p->size, "%s:%d: %s: %s", p->path, line, field, what);
    else snprintf(p->error, p->size, "%s: %s: %s", p->path, field, what);
    return -1;
}

int gkd_parse_copy(struct gkd_parser *p, const char *field, char *out, size_t size, const char *value) {
    size_t n = strlen(value);
    if (n >= size) return gkd_parse_fail(p, p->line, field, "longer than %zu characters", size - 1);
    memcpy(out, value, n + 1);
    return 0;
}

bool gkd_parse_valid_name(const char *name) {
    if (!*name) return false;
    for (const char *s = name; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.') return false;
    return true;
}

int gkd_parse_flag(struct gkd_parser *p, const char *key, const char *value, bool *out) {
    if (strcmp(value, "yes") == 0 || strcmp(value, "true") == 0) *out = true;
    else if (strcmp(value, "no") == 0 || strcmp(value, "false") == 0) *out = false;
    else return gkd_parse_fail(p, p->line, key, "'%s' is not yes, no, true or false", value);
    return 0;
}

int gkd_parse_number(struct gkd_parser *p, const char *key, const char *value, double low, double high,
                     const char *unit, double *out) {
    double v;
    if (!gk_cli_double(value, &v))
        return unit ? gkd_parse_fail(p, p->line, key, "'%s' is not a number (%s)", value, unit)
                    : gkd_parse_fail(p, p->line, key, "'%s' is not a number", value);
    if (v < low || v > high)
        return unit ? gkd_parse_fail(p, p->line, key, "%s is outside %g..%g (%s)", value, low, high, unit)
                    : gkd_parse_fail(p, p->line, key, "%s is outside %g..%g", value, low, high);
    *out = v;
    return 0;
}

int gkd_parse_words(struct gkd_parser *p, const char *field, const char *text, char (*out)[GKD_TEXT], int max) {
    int n = 0;
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) return n;
        if (n == max) return gkd_parse_fail(p, p->line, field, "more than %d words", max);
        size_t len = 0;
        bool quoted = false;
        while (*s && (quoted || (*s != ' ' && *s != '\t'))) {
            char c = *s++;
            if (c == '"') {
                quoted = !quoted;
                continue;
            }
            if (quoted && c == '\\' && (*s == '"' || *s == '\\')) c = *s++;
            if (len + 1 >= GKD_TEXT) return gkd_parse_fail(p, p->line, field, "a word longer than %d characters", GKD_TEXT - 1);
            out[n][len++] = c;
        }
        if (quoted) return gkd_parse_fail(p, p->line, field, "a quote is not closed");
        out[n][len] = 0;
        n++;
    }
}

/* exec's program: an absolute path; one that is there must be a program (one that is not there
 * yet is accepted: it may be installed later, and the daemon says so when it cannot start it). */
static int exec_program(struct gkd_parser *p, const char *key, const char *program) {
    if (program[0] != '/')
        return gkd_parse_fail(p, p->line, key, "exec needs an absolute path (got '%s'): no shell or PATH is searched",
                              program);
    struct stat st;
    if (stat(program, &st) != 0) return 0;
    if (S_ISDIR(st.st_mode)) return gkd_parse_fail(p, p->line, key, "%s is a directory, not a program", program);
    if (!S_ISREG(st.st_mode)) return gkd_parse_fail(p, p->line, key, "%s is not a regular file, not a program", program);
    if (!(st.st_mode & 0111))
        return gkd_parse_fail(p, p->line, key, "%s is not executable (chmod +x it, or exec its interpreter with it)",
                              program);
    return 0;
}

/* key's one combination of KEY_* names joined by '+'. */
static int key_combination(struct gkd_parser *p, const char *key, const char *rest, gkd_action *a) {
    if (!*rest || strchr(rest, ' '))
        return gkd_parse_fail(p, p->line, key, "key takes one combination, e.g. KEY_LEFTCTRL+KEY_R");
    char combination[GKD_TEXT];
    if (gkd_parse_copy(p, key, combination, sizeof combination, rest) < 0) return -1;
    size_t last = strlen(combination) - 1;
    if (strstr(combination, "++") || combination[0] == '+' || combination[last] == '+')
        return gkd_parse_fail(p, p->line, key, "'%s' has an empty key between its '+' signs (e.g. KEY_LEFTCTRL+KEY_R)",
                              combination);
    for (char *save = NULL, *w = strtok_r(combination, "+", &save); w; w = strtok_r(NULL, "+", &save)) {
        if (a->nkeys == GKD_MAX_KEYS) return gkd_parse_fail(p, p->line, key, "more than %d keys", GKD_MAX_KEYS);
        int code = libevdev_event_code_from_name(EV_KEY, w);
        if (code < 0 || strncmp(w, "KEY_", 4) != 0)
            return gkd_parse_fail(p, p->line, key, "'%s' is not a key name (KEY_* of linux/input-event-codes.h)", w);
        a->keys[a->nkeys++] = code;
    }
    if (a->nkeys == 0) return gkd_parse_fail(p, p->line, key, "key takes one combination, e.g. KEY_LEFTCTRL+KEY_R");
    return 0;
}

int gkd_parse_action(struct gkd_parser *p, const char *key, const char *value, gkd_action *a) {
    memset(a, 0, sizeof *a);
    a->line = p->line;
    char kind[GKD_TEXT];
    size_t k = strcspn(value, " \t");
    if (k >= sizeof kind) return gkd_parse_fail(p, p->line, key, "unknown action");
    memcpy(kind, value, k);
    kind[k] = 0;
    const char *rest = value + k;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (strcmp(kind, "exec") == 0) {
        a->kind = GKD_ACTION_EXEC;
        int n = gkd_parse_words(p, key, rest, a->argv, GKD_MAX_ARGS);
        if (n < 0) return -1;
        if (n == 0) return gkd_parse_fail(p, p->line, key, "exec needs a program");
        a->argc = n;
        return exec_program(p, key, a->argv[0]);
    }
    if (strcmp(kind, "key") == 0) {
        a->kind = GKD_ACTION_KEY;
        return key_combination(p, key, rest, a);
    }
    if (strcmp(kind, "socket") == 0 || strcmp(kind, "cleaning") == 0) {
        a->kind = kind[0] == 's' ? GKD_ACTION_SOCKET : GKD_ACTION_CLEANING;
        if (*rest) return gkd_parse_fail(p, p->line, key, "%s takes nothing after it", kind);
        return 0;
    }
    return gkd_parse_fail(p, p->line, key, "unknown action '%s' (exec, key, socket or cleaning)", kind);
}
