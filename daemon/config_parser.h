/* The configuration parser's own state and the value readers its parts share (config.c: sections,
 * gestures and whole-file checks; config_settings.c: the [daemon], [accessibility] and zone
 * settings, declared in one table; config_values.c: numbers, words, flags and actions). Not
 * installed, not used outside the parser. */
#ifndef GKD_CONFIG_PARSER_H
#define GKD_CONFIG_PARSER_H

#include "gkd_config.h"

#include <stdbool.h>
#include <stddef.h>

enum gkd_section { GKD_SECTION_NONE, GKD_SECTION_DAEMON, GKD_SECTION_ACCESSIBILITY, GKD_SECTION_ZONE,
                   GKD_SECTION_GESTURE };

/* The parser's place in the file, and where its first error goes. */
struct gkd_parser {
    gkd_config *config;
    const char *path;
    int line;
    enum gkd_section section;
    char *error;
    size_t size;
    /* The settings seen so far in [daemon], [accessibility] and the current zone or gesture, with
     * their lines: a setting given twice is an error (the second would silently win). */
    struct gkd_seen { char key[GKD_NAME]; int line; } seen[3][GKD_MAX_SEEN];
    int nseen[3];
};

/* Writes "PATH:LINE: FIELD: what" (or "PATH: FIELD: what" for line 0) to the parser's error; -1. */
int gkd_parse_fail(struct gkd_parser *p, int line, const char *field, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Copies a word that must fit: a longer one is an error, never cut. */
int gkd_parse_copy(struct gkd_parser *p, const char *field, char *out, size_t size, const char *value);

/* Letters, digits, '-', '_' and '.', at least one. */
bool gkd_parse_valid_name(const char *name);

/* yes, no, true or false. */
int gkd_parse_flag(struct gkd_parser *p, const char *key, const char *value, bool *out);

/* A number within [low, high]; `unit` (or NULL) is said in the messages. */
int gkd_parse_number(struct gkd_parser *p, const char *key, const char *value, double low, double high,
                     const char *unit, double *out);

/* Splits `text` into at most `max` words of at most GKD_TEXT - 1 bytes: spaces separate them, and
 * "double quotes" keep spaces in a word (\" and \\ inside quotes). Returns the count, or -1. */
int gkd_parse_words(struct gkd_parser *p, const char *field, const char *text, char (*out)[GKD_TEXT], int max);

/* "exec ARGV...", "key KEY_A+KEY_B", "socket" or "cleaning". */
int gkd_parse_action(struct gkd_parser *p, const char *key, const char *value, gkd_action *a);

/* A [daemon], [accessibility] or zone setting (config_settings.c), or "unknown setting" with the
 * section's closest name. */
int gkd_parse_setting(struct gkd_parser *p, const char *key, const char *value);

/* Settings that may be given more than once in their section (each adds one). */
bool gkd_setting_repeatable(const char *key);

#endif
