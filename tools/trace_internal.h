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

/* The words of the trace format, by enum value: touch phases, touch types, hover phases, named
 * buttons (defined in trace.c, written by trace_write.c). */
extern const char *const gkt_phase_names[5];
extern const char *const gkt_type_names[3];
extern const char *const gkt_hover_names[3];
extern const char *const gkt_press_names[8];

#endif
