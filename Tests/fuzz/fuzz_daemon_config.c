/* libFuzzer harness over gesturekitd's configuration (daemon/config.c, daemon/scene.c): the input
 * is a configuration file. It is parsed; what parses is built into an engine; what builds runs a
 * few frames of touches through a session whose app stream and actions go nowhere. Nothing may
 * crash, leak or trip a sanitizer, parsing must be deterministic, and a file that parsed must
 * parse again to the same configuration.
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_daemon_config build-san/fuzz-corpus-daemon-config Tests/fuzz/corpus-daemon-config \
 *          -dict=Tests/fuzz/daemon-config.dict -timeout=10 */
#include "gkd_config.h"
#include "gkd_session.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count_event(void *ud, double t, uint16_t type, uint16_t code, int32_t value) {
    (void)t, (void)type, (void)code, (void)value;
    ++*(uint64_t *)ud;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > GKD_MAX_BYTES + 16) return 0;
    static gkd_config a, b;
    char error[600];
    if (gkd_config_parse((const char *)data, size, "fuzz.conf", &a, error, sizeof error) < 0) {
        if (!error[0]) abort();   /* a refusal always says why */
        return 0;
    }
    if (gkd_config_parse((const char *)data, size, "fuzz.conf", &b, error, sizeof error) < 0) abort();
    if (memcmp(&a, &b, sizeof a) != 0) abort();
    gkd_session *s = calloc(1, sizeof *s);
    if (!s) return 0;
    gkd_mapping m = {0};
    gk_evdev_config_init(&m.config);
    m.config.screen_width = a.screen_width;
    m.config.screen_height = a.screen_height;
    m.x = (gk_evdev_axis){0, 4095};
    m.y = (gk_evdev_axis){0, 4095};
    uint64_t events = 0;
    gkd_event_sink sink = {&events, count_event};
    gkd_runner runner = {.dry_run = true};
    if (gkd_session_start(s, &a, &m, &sink, &runner, error, sizeof error) == 0) {
        /* A tap in each corner and the middle, a three-finger hold, then time passing. */
        double t = 1;
        const double spots[5][2] = {{0.01, 0.01}, {0.99, 0.01}, {0.5, 0.5}, {0.01, 0.99}, {0.99, 0.99}};
        for (int i = 0; i < 5; i++, t += 0.3) {
            gk_touch touch = {.id = i + 1, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT,
                              .x = spots[i][0] * a.screen_width, .y = spots[i][1] * a.screen_height};
            gkd_session_frame(s, t, &touch, 1);
            touch.phase = GK_TOUCH_ENDED;
            gkd_session_frame(s, t + 0.05, &touch, 1);
        }
        gk_touch three[3];
        for (int i = 0; i < 3; i++)
            three[i] = (gk_touch){.id = 10 + i, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT,
                                  .x = (0.3 + 0.1 * i) * a.screen_width, .y = 0.5 * a.screen_height};
        gkd_session_frame(s, t, three, 3);
        for (int i = 0; i < 50 && gkd_session_next_deadline(s) < t + 10; i++)
            gkd_session_advance(s, gkd_session_next_deadline(s));
        for (int i = 0; i < 3; i++) three[i].phase = GK_TOUCH_ENDED;
        gkd_session_frame(s, t + 10, three, 3);
        gkd_session_stop(s);
    } else if (!error[0]) {
        abort();
    }
    free(s);
    return 0;
}
