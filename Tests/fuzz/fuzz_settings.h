/* The decoder settings the recording harnesses take from their first input byte: rotation (bits
 * 0-1), flips (2, 3), protocol A (4), absolute time (5), then what each harness adds (6, 7). */
#ifndef GK_FUZZ_SETTINGS_H
#define GK_FUZZ_SETTINGS_H

#include "gk_evdev.h"

static inline gk_evdev_config fuzz_decoder_settings(uint8_t settings) {
    gk_evdev_config c;
    gk_evdev_config_init(&c);
    c.rotation = (settings & 3) * 90;
    c.flip_x = settings & 4;
    c.flip_y = settings & 8;
    c.protocol_a = settings & 16;
    c.absolute_time = settings & 32;
    return c;
}

#endif
