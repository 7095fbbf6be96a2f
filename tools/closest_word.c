#include "closest_word.h"

#include <string.h>

/* Edits (insertions, deletions, substitutions) between two short words, capped at 9. */
static int distance(const char *a, const char *b) {
    size_t n = strlen(a), m = strlen(b);
    if (n > 40 || m > 40) return 9;
    int row[41];
    for (size_t j = 0; j <= m; j++) row[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int above = row[j];
            int best = diagonal + (a[i - 1] != b[j - 1]);
            if (above + 1 < best) best = above + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[m] > 9 ? 9 : row[m];
}

/* The known name nearest `word`, if it is a likely typo of it (at most 2 edits, or a third of it). */
const char *gk_closest_word(const char *word, const char *const *names, size_t count) {
    const char *best = NULL;
    int limit = (int)strlen(word) / 3 > 2 ? (int)strlen(word) / 3 : 2;
    int best_d = limit + 1;
    for (size_t i = 0; i < count; i++) {
        int d = distance(word, names[i]);
        if (d < best_d) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}
