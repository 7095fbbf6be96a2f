/* libFuzzer harness over libgesturekit-pump (bindings/pump/gk_pump.c): a recording's text is
 * opened by path (a memfd, no disk) and pumped into an engine with a tap, a pan and a pinch, in
 * batches whose size the input picks, draining by take between batches; then the figures and the
 * clock are read and the pump closed. Every outcome is accepted except a crash, a sanitizer report,
 * a leak, or a hang.
 *
 * Byte 0: rotation (bits 0-1), flips (2, 3), close the pump from the tap's action target (4: the
 * run must return GK_OK and free it), absolute time (5), touchpads read as screens (6);
 * byte 1: the batch size (1 + the byte); the rest is the file's text.
 *
 * Run: build-san/fuzz_pump build-san/fuzz-corpus-pump Tests/fuzz/corpus-recording -timeout=10 */
#include <gesturekit-pump.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The tap's target closes the running pump (byte 0, bit 4). */
struct closer {
    gk_pump *pump;
    bool armed, closed;
};

static void close_pump(gk_engine *e, const gk_action *a, void *ud) {
    (void)e;
    (void)a;
    struct closer *c = ud;
    if (c->armed && !c->closed) {
        gk_pump_close(c->pump);
        c->closed = true;
    }
}

static gk_engine *scene(struct closer *closer) {
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = 800;
    o.screen_height = 480;
    o.action_queue_capacity = 64;   /* small: batches overrun it, and the oldest entries drop */
    gk_engine *e;
    if (gk_engine_create(&o, &e) != GK_OK) abort();
    gk_view root;
    gk_engine_root_view(e, &root);
    const gk_recognizer_kind kinds[] = {GK_KIND_TAP, GK_KIND_PAN, GK_KIND_PINCH};
    for (size_t i = 0; i < 3; i++) {
        gk_recognizer r;
        gk_recognizer_create(e, kinds[i], &r);
        gk_recognizer_attach(e, r, root);
        if (i == 0) gk_recognizer_add_target(e, r, close_pump, closer);
    }
    return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2 || size > (1u << 20)) return 0;
    int fd = memfd_create("recording", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (write(fd, data + 2, size - 2) != (ssize_t)(size - 2)) {
        close(fd);
        return 0;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    gk_pump_options o;
    gk_pump_options_init(&o);
    o.rotation = (data[0] & 3) * 90;
    o.flags = (data[0] & 4 ? GK_PUMP_FLIP_X : 0) | (data[0] & 8 ? GK_PUMP_FLIP_Y : 0) |
              (data[0] & 32 ? GK_PUMP_ABSOLUTE_TIME : 0) | (data[0] & 64 ? GK_PUMP_INDIRECT_AS_DIRECT : 0);
    size_t batch = 1 + (size_t)data[1];
    gk_pump *p = NULL;
    char error[300] = "";
    gk_status st = gk_pump_open_recording(path, NULL, &o, sizeof o, &p, error, sizeof error);
    close(fd);
    if (st != GK_OK) {
        if (p != NULL || memchr(error, 0, sizeof error) == NULL) abort();   /* untouched; a string */
        return 0;
    }
    struct closer closer = {p, (data[0] & 16) != 0, false};
    gk_engine *e = scene(&closer);
    size_t fed, rounds = 0;
    do {
        if (gk_pump_run(p, e, batch, 0, &fed) != GK_OK) abort();
        if (closer.closed) {   /* freed as the run returned: never touched again */
            gk_engine_destroy(e);
            return 0;
        }
        if (fed > batch + 2) abort();   /* one kernel event ends at most a frame and a hover */
        const gk_action *a;
        size_t n, stride;
        if (gk_engine_take_actions(e, sizeof *a, &a, &n, &stride) == GK_OK && n > 0 && stride < sizeof *a) abort();
    } while (fed > 0 && ++rounds < 100000);
    gk_pump_stats s;
    double now;
    int pfd;
    if (gk_pump_get_stats(p, &s, sizeof s) != GK_OK || s.remaining != 0 || s.touches < s.frames) abort();
    if (gk_pump_now(p, &now) != GK_OK || gk_pump_get_fd(p, &pfd) != GK_OK || pfd != -1) abort();
    gk_engine_destroy(e);
    gk_pump_close(p);
    return 0;
}
