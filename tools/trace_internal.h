/* Helpers shared by the trace reader (trace.c) and the replay (replay.c); not part of trace.h. */
#ifndef GESTUREKIT_TRACE_INTERNAL_H
#define GESTUREKIT_TRACE_INTERNAL_H

#include <stddef.h>

/* Grows `*p` (elements of `elem` bytes, capacity `*cap`) to hold `need`. 0, or -1 out of memory. */
int gkt_grow(void **p, size_t *cap, size_t need, size_t elem);
/* The index of `word` in `list` (n entries), or -1. */
int gkt_index_of(const char *word, const char *const *list, int n);
/* Writes "line N: message" (just the message for line 0) into `error` (size bytes); returns -1. */
int gkt_fail(char *error, size_t size, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
