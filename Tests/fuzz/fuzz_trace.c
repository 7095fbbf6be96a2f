/* libFuzzer harness over the trace reader (tools/trace.c) and everything the gesturekit tool does
 * with a trace it accepted: the replay against its scene, the decision log, the writer, the SVG
 * picture and the panel profile measured from it. The input bytes are the trace text. Every outcome is accepted except a crash, a
 * sanitizer report, a leak, or a hang (libFuzzer's -timeout catches those).
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_trace build-san/fuzz-corpus-trace Tests/fuzz/corpus-trace -timeout=10 -rss_limit_mb=2048 */
#include "trace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    if (size > (1u << 20)) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;   /* the reader takes C text: a NUL ends it, as gk_read_text_file refuses one */
    gkt_trace *t = malloc(sizeof *t);
    if (!t) {
        free(text);
        return 0;
    }
    gkt_init(t);
    char error[300];
    if (gkt_parse(t, text, error, sizeof error) == 0) {
        gkt_replay r;
        if (gkt_replay_run(t, true, 1.0, &r, error, sizeof error) == 0) {
            if (sink) {
                gkt_write(t, sink, true);
                gkt_write_svg(t, &r, "fuzz", sink);
            }
            gkt_replay_free(&r);
        }
        gk_panel_profile profile;
        gkt_measure_profile(t, &profile, sink);
    }
    gkt_free(t);
    free(t);
    free(text);
    return 0;
}
