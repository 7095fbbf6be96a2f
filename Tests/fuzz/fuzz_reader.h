/* The byte reader of the libFuzzer harnesses that decode their input into a program of calls:
 * each value is taken from the front of the input, and an exhausted input reads as zeros. */
#ifndef GK_FUZZ_READER_H
#define GK_FUZZ_READER_H

#include <stddef.h>
#include <stdint.h>

struct reader {
    const uint8_t *p;
    size_t n;
};

static inline uint8_t u8(struct reader *r) {
    if (r->n == 0) return 0;
    r->n--;
    return *r->p++;
}

#endif
