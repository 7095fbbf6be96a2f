/* libFuzzer harness over the recording readers (bindings/evdev/gk_recording.c: evemu recordings
 * and Android getevent traces) and the evdev decoder behind them, then the tool's path for a
 * recording: the decoded input becomes a trace over the default scene, which is replayed and drawn.
 * The first input byte picks the decoder settings (rotation, flips, protocol A, absolute time); the
 * rest is the file's text. Every outcome is accepted except a crash, a sanitizer report, a leak,
 * or a hang (libFuzzer's -timeout catches those).
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_recording build-san/fuzz-corpus-recording Tests/fuzz/corpus-recording -timeout=10 */
#include "fuzz_settings.h"
#include "gk_recording.h"
#include "trace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void on_frame(void *ud, double t, const gk_touch *touches, size_t n) { gkt_add_frame(ud, t, touches, n); }
static void on_hover(void *ud, double t, gk_hover_phase p, double x, double y) { gkt_add_hover(ud, t, p, x, y); }
static void on_cancel(void *ud, double t) { gkt_add_cancel(ud, t); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    if (size < 1 || size > (1u << 20)) return 0;
    uint8_t settings = data[0];
    gk_recording rec;
    char error[300];
    /* No path: an evemu file without its own axes is refused instead of reading a description. */
    if (gk_recording_parse((const char *)data + 1, size - 1, NULL, NULL, &rec, error, sizeof error) < 0) return 0;
    const char *reason = NULL;
    if ((unsigned)gk_recording_classify(&rec, &reason) > GK_DEVICE_UNDECLARED || !reason) abort();
    gkt_trace *t = malloc(sizeof *t);
    if (!t) {
        gk_recording_free(&rec);
        return 0;
    }
    gkt_init(t);
    if (gkt_parse_scene(t, gkt_default_scene, error, sizeof error) == 0) {
        gk_evdev_config c = fuzz_decoder_settings(settings);
        gk_evdev_sink s = {t, on_frame, on_hover, on_cancel};
        gk_evdev_decoder d;
        gk_recording_decoder(&rec, &c, &s, &d);
        gk_recording_play(&rec, &d);
        gk_evdev_release(&d);
        gkt_replay r;
        if (gkt_replay_run(t, false, 1.0, &r, error, sizeof error) == 0) {
            if (sink) gkt_write_svg(t, &r, "fuzz", sink);
            gkt_replay_free(&r);
        }
    }
    gk_recording_free(&rec);
    gkt_free(t);
    free(t);
    return 0;
}
