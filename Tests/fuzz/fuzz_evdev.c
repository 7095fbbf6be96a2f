/* libFuzzer harness over the evdev decoder alone (bindings/evdev/gk_evdev.c, behind the evemu and
 * getevent readers): no replay and no picture, so that it runs thousands of inputs a second
 * where fuzz_recording runs about 80, and finds the decoder's own loops and limits (a protocol-A
 * frame past mtdev's slots hung it) in seconds. The first input byte picks the decoder settings
 * (rotation, flips, protocol A with or without tracking ids, absolute time, semi-MT); the rest is
 * the file's text. Every outcome is accepted except a crash, a sanitizer report, a leak or a hang;
 * and a decoded touch must lie on the screen.
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_evdev build-san/fuzz-corpus-evdev Tests/fuzz/corpus-recording
 *        -dict=Tests/fuzz/recording.dict -timeout=10 */
#include "fuzz_settings.h"
#include "gk_recording.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_frame(void *ud, double t, const gk_touch *touches, size_t n) {
    const gk_evdev_config *c = ud;
    (void)t;
    for (size_t k = 0; k < n; k++) {
        /* Positions are clamped to the axes and mapped onto the screen (a rounding's slack). */
        const gk_touch *p = &touches[k];
        if (!(p->x >= -1e-6 && p->x <= c->screen_width + 1e-6 && p->y >= -1e-6 && p->y <= c->screen_height + 1e-6)) {
            if (isfinite(p->x) && isfinite(p->y)) abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > (1u << 20)) return 0;
    uint8_t settings = data[0];
    gk_recording rec;
    char error[300];
    if (gk_recording_parse((const char *)data + 1, size - 1, NULL, NULL, &rec, error, sizeof error) < 0) return 0;
    gk_evdev_config c = fuzz_decoder_settings(settings);
    c.protocol_a_tracking_ids = settings & 64;
    c.semi_mt = settings & 128;
    gk_evdev_sink s = {&c, on_frame, NULL, NULL};
    gk_evdev_decoder d;
    gk_recording_decoder(&rec, &c, &s, &d);
    gk_recording_play(&rec, &d);
    gk_evdev_release(&d);
    gk_recording_free(&rec);
    return 0;
}
