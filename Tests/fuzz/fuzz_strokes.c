/* libFuzzer harness over the stroke-template reader (bindings/evdev/gk_strokes.c): the input is a
 * template file. The first byte picks the matcher and how full the recognizer already is; the
 * rest is the text. Whatever is accepted is written back, read again into a second recognizer
 * (it must give the same count: the writer and reader agree), and used to match a stroke.
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_strokes build-san/fuzz-corpus-strokes Tests/fuzz/corpus-strokes -timeout=10 */
#include "gk_strokes.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static gk_recognizer stroke(gk_engine *e, int matcher) {
    gk_view root;
    gk_recognizer r;
    gk_engine_root_view(e, &root);
    if (gk_recognizer_create(e, GK_KIND_STROKE, &r) != GK_OK) abort();
    if (gk_recognizer_attach(e, r, root) != GK_OK) abort();
    (void)gk_recognizer_set_int(e, r, GK_PROP_STROKE_MATCHER, matcher);
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > (1u << 20)) return 0;
    uint8_t settings = data[0];
    gk_engine *e;
    if (gk_engine_create(NULL, &e) != GK_OK) return 0;
    gk_recognizer a = stroke(e, settings & 1), b = stroke(e, settings & 1);
    /* Sometimes nearly full already, so the template limit is reached inside the file. */
    for (int k = 0; k < ((settings >> 1) & 3) * 84; k++) {
        gk_point p[2] = {{0, 0}, {(double)k + 1, 100}};
        (void)gk_stroke_add_template(e, a, "t", 1, p, 2, NULL);
    }
    uint32_t before = 0, after = 0;
    (void)gk_stroke_template_count(e, a, &before);
    char error[300];
    int added = gk_strokes_parse((const char *)data + 1, size - 1, e, a, error, sizeof error);
    (void)gk_stroke_template_count(e, a, &after);
    /* All or nothing: an error adds no template, success adds exactly what it says. */
    if (added < 0 ? after != before : after != before + (uint32_t)added) abort();
    if (added > 0) {
        char *text = NULL;
        size_t length = 0;
        FILE *out = open_memstream(&text, &length);
        if (out) {
            int written = gk_strokes_write(e, a, out);
            fclose(out);
            if (written == 0) {
                int again = gk_strokes_parse(text, length, e, b, error, sizeof error);
                if (again != (int)after) abort();   /* what was written reads back whole */
            }
            free(text);
        }
        gk_point probe[3] = {{0, 60}, {35, 100}, {100, 0}};
        int32_t index;
        double score;
        (void)gk_stroke_match(e, a, probe, 3, &index, &score);
    }
    gk_engine_destroy(e);
    return 0;
}
