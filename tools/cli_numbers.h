/* Strict number parsing for command lines and scene values: the whole word must be the number
 * (no trailing text, no empty word), a real number must be finite, and an unsigned one may not
 * carry a sign (strtoull would read "-1" as its largest value). Header-only, shared by the
 * gesturekit tool, the benchmarks and the soak test. */
#ifndef GK_CLI_NUMBERS_H
#define GK_CLI_NUMBERS_H

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

/* A finite real number. */
static inline bool gk_cli_double(const char *word, double *out) {
    if (!word || !*word || isspace((unsigned char)word[0])) return false;
    char *end = NULL;
    errno = 0;
    double v = strtod(word, &end);
    if (end == word || *end != 0 || !isfinite(v)) return false;
    *out = v;
    return true;
}

/* A whole number in [min, max], decimal or 0x hexadecimal. */
static inline bool gk_cli_integer(const char *word, long long min, long long max, long long *out) {
    if (!word || !*word || isspace((unsigned char)word[0])) return false;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(word, &end, 0);
    if (end == word || *end != 0 || errno == ERANGE || v < min || v > max) return false;
    *out = v;
    return true;
}

/* A count or a size: digits only (no sign), at most `max`. */
static inline bool gk_cli_unsigned(const char *word, unsigned long long max, unsigned long long *out) {
    if (!word || !isdigit((unsigned char)word[0])) return false;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(word, &end, 10);
    if (*end != 0 || errno == ERANGE || v > max) return false;
    *out = v;
    return true;
}

#endif
