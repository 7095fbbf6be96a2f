/* libFuzzer harness over the panel-profile reader (bindings/evdev/gk_profile.c): the input is a
 * profile file. What is accepted must be taken by the engine (the reader checks what the engine
 * checks), written back, and read again to the same profile bit for bit.
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_profile build-san/fuzz-corpus-profile Tests/fuzz/corpus-profile -timeout=10 */
#include "gk_profile.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > (1u << 20)) return 0;
    gk_panel_profile p;
    gk_panel_profile_init(&p);
    char error[300];
    if (gk_panel_profile_parse((const char *)data, size, &p, error, sizeof error) < 0) return 0;
    gk_engine *e;
    if (gk_engine_create(NULL, &e) != GK_OK) return 0;
    if (gk_engine_set_panel_profile(e, &p) != GK_OK) abort();   /* accepted by the reader: valid */
    gk_panel_profile back;
    gk_panel_profile_init(&back);
    if (gk_engine_get_panel_profile(e, &back, sizeof back) != GK_OK || memcmp(&back, &p, sizeof p) != 0) abort();
    gk_engine_destroy(e);
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out) return 0;
    int written = gk_panel_profile_write(&p, out);
    fclose(out);
    if (written == 0) {
        gk_panel_profile again;
        gk_panel_profile_init(&again);
        if (gk_panel_profile_parse(text, length, &again, error, sizeof error) < 0) abort();
        if (memcmp(&again, &p, sizeof p) != 0) abort();   /* the file format round-trips */
    }
    free(text);
    return 0;
}
