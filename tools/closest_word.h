/* The known word nearest a misspelt one, for "did you mean ...?" in the tool's and gesturekitd's
 * messages. */
#ifndef GK_CLOSEST_WORD_H
#define GK_CLOSEST_WORD_H
#include <stddef.h>

/* The name of `names` nearest `word` when it is a likely typo of it (at most 2 edits, or a third of
 * the word), else NULL. */
const char *gk_closest_word(const char *word, const char *const *names, size_t count);

#endif
