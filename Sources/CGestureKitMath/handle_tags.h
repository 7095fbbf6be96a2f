/* Engine handle tags for the Swift core: every live engine of the process holds a distinct 16-bit
 * tag (1 ... 65535), which is the top of each of its view and recognizer handles, so that a handle
 * of one live engine is never accepted by another. The table is shared by every thread; claiming
 * and releasing a tag are single atomic read-modify-write operations on its bit (no lock).
 *
 * Embedded Swift has no atomics of its own that the hosted build shares, hence this C helper. The
 * table lives in a function-local static: the Swift module is the only translation unit that
 * includes this header, so the process has exactly one table. */
#ifndef GESTUREKIT_HANDLE_TAGS_H
#define GESTUREKIT_HANDLE_TAGS_H
#include <stdint.h>

#define GK_HANDLE_TAG_COUNT 65535u

/* op 0: claim a free tag, starting after the last one handed out (so a freed tag is reused as
 * late as possible); returns it, or 0 when all 65,535 are held by live engines.
 * op 1: release `tag`; returns it. */
static inline uint32_t gk_handle_tag(int op, uint32_t tag) {
    static uint64_t held[(GK_HANDLE_TAG_COUNT + 1) / 64];
    static uint32_t cursor;
    if (op == 1) {
        if (tag == 0 || tag > GK_HANDLE_TAG_COUNT) return 0;
        __atomic_fetch_and(&held[tag >> 6], ~(UINT64_C(1) << (tag & 63)), __ATOMIC_ACQ_REL);
        return tag;
    }
    uint32_t start = __atomic_fetch_add(&cursor, 1, __ATOMIC_RELAXED);
    for (uint32_t i = 0; i < GK_HANDLE_TAG_COUNT; i++) {
        uint32_t t = (start + i) % GK_HANDLE_TAG_COUNT + 1;
        uint64_t bit = UINT64_C(1) << (t & 63);
        if (__atomic_fetch_or(&held[t >> 6], bit, __ATOMIC_ACQ_REL) & bit) continue;   /* taken */
        __atomic_store_n(&cursor, t, __ATOMIC_RELAXED);   /* the next search starts after it */
        return t;
    }
    return 0;
}
#endif
