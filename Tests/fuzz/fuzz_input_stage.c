/* libFuzzer harness over the input stage and the screen reader: the input filter configuration
 * (every flag, jitter kind and parameter, sane or not), the panel profile, the touch
 * accommodations, the timing scale, explore-by-touch with views' accessibility data, and a run of
 * frames, advances, cancels and polls through them, on an engine with room for 1 to 8 touches.
 * Every status is accepted; what must hold: nothing crashes, hangs or leaks, and the engine never
 * holds more touches than its limit (gk_engine_stats.touches_down <= max_touches).
 *
 * Build: cmake -DGESTUREKIT_FUZZ=ON with the Swift toolchain's clang (see docs/RELIABILITY.md).
 * Run:   build-san/fuzz_input_stage build-san/fuzz-corpus-input-stage Tests/fuzz/corpus-input-stage */
#include <gesturekit.h>
#include "fuzz_reader.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);


/* Mostly values in range, sometimes the edges and the ones that break code. */
static double value(struct reader *r, double scale) {
    uint8_t mode = u8(r);
    switch (mode % 12) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -1;
    case 3: return 0;
    case 4: return 1e300;
    default: return (double)u8(r) / 255.0 * scale;
    }
}

#define NV 6

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 4096) return 0;
    struct reader rd = {data, size}, *r = &rd;
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = 800;
    o.screen_height = 480;
    o.max_touches = 1 + u8(r) % 8;
    o.action_queue_capacity = 64;
    o.delivery_queue_capacity = 64;
    gk_engine *e;
    if (gk_engine_create(&o, &e) != GK_OK) return 0;
    gk_view root, views[NV];
    gk_engine_root_view(e, &root);
    for (int k = 0; k < NV; k++) {
        gk_rect f = {(double)(k % 3) * 260, (double)(k / 3) * 240, 250, 230};
        if (gk_view_create(e, root, &f, &views[k]) != GK_OK) views[k] = root;
        gk_recognizer rec;
        static const gk_recognizer_kind kinds[] = {GK_KIND_TAP, GK_KIND_PAN, GK_KIND_LONG_PRESS, GK_KIND_PINCH,
                                                   GK_KIND_SWIPE, GK_KIND_TAP};
        if (gk_recognizer_create(e, kinds[k], &rec) == GK_OK) (void)gk_recognizer_attach(e, rec, views[k]);
        char label[8] = {'v', (char)('0' + k)};
        (void)gk_view_set_accessibility(e, views[k], label, 2, u8(r) & 1, (int32_t)(u8(r) % 5));
    }
    double now = 0;
    int64_t next_id = 1;
    int64_t down[8];
    int ndown = 0;
    while (rd.n > 0) {
        uint8_t op = u8(r);
        switch (op % 10) {
        case 0: {   /* the filters, any configuration */
            gk_input_filters f;
            gk_input_filters_init(&f);
            f.flags = u8(r) & 0x3f;   /* one bit past the known ones, sometimes */
            f.jitter = u8(r) % 4;
            f.one_euro_min_cutoff = value(r, 5);
            f.one_euro_beta = value(r, 1);
            f.ghost_min_duration = value(r, 0.1);
            f.ghost_max_speed = value(r, 1e5);
            f.stuck_timeout = value(r, 20);
            f.chatter_interval = value(r, 0.2);
            f.chatter_distance = value(r, 50);
            (void)gk_engine_set_input_filters(e, u8(r) & 7 ? &f : NULL);
            break;
        }
        case 1: {   /* the panel profile */
            gk_panel_profile p;
            gk_panel_profile_init(&p);
            p.noise = value(r, 5);
            p.sample_rate_hz = value(r, 240);
            p.max_contact_radius = value(r, 40);
            p.reports_pressure = u8(r) % 3;
            p.reports_size = u8(r) % 3;
            p.edge_top = value(r, 60);
            p.edge_left = value(r, 60);
            p.edge_bottom = value(r, 60);
            p.edge_right = value(r, 60);
            (void)gk_engine_set_panel_profile(e, &p);
            break;
        }
        case 2: {   /* accommodations and the timing scale */
            gk_touch_accommodations a;
            gk_touch_accommodations_init(&a);
            a.hold_duration = value(r, 2);
            a.ignore_repeat = value(r, 2);
            a.ignore_repeat_distance = value(r, 80);
            a.tap_assistance = u8(r) % 4;
            a.tap_assistance_delay = value(r, 2);
            a.swipe_distance = value(r, 60);
            (void)gk_engine_set_touch_accommodations(e, u8(r) & 3 ? &a : NULL);
            (void)gk_engine_set_timing_scale(e, 1 + value(r, 12));
            break;
        }
        case 3:     /* explore-by-touch on or off, and a view's accessibility data changed or destroyed */
            (void)gk_engine_set_screen_reader(e, u8(r) & 1);
            if (u8(r) % 4 == 0) (void)gk_view_destroy(e, views[u8(r) % NV]);
            else (void)gk_view_set_accessibility(e, views[u8(r) % NV], "x", 1, u8(r) & 1, (int32_t)u8(r) - 128);
            /* 0.6.0: modal views and groups (and unknown bits), the host's focus. */
            (void)gk_view_set_accessibility_traits(e, views[u8(r) % NV], u8(r) % 16);
            if (u8(r) & 1) (void)gk_engine_set_accessibility_focus(e, views[u8(r) % NV]);
            else (void)gk_engine_move_accessibility_focus(e, u8(r) % 5);
            break;
        case 4: case 5: case 6: {   /* a frame: touches begin, move, lift or are cancelled */
            gk_touch t[4];
            size_t n = 1 + u8(r) % 4;
            for (size_t k = 0; k < n; k++) {
                memset(&t[k], 0, sizeof t[k]);
                uint8_t which = u8(r);
                if (ndown == 0 || which % 3 == 0) {
                    t[k].id = next_id++;
                    t[k].phase = GK_TOUCH_BEGAN;
                    if (ndown < 8) down[ndown++] = t[k].id;
                } else {
                    t[k].id = down[which % ndown];
                    t[k].phase = which % 5 == 1 ? GK_TOUCH_ENDED : which % 11 == 2 ? GK_TOUCH_CANCELLED : GK_TOUCH_MOVED;
                }
                t[k].x = (double)u8(r) * 3.2 - 10;
                t[k].y = (double)u8(r) * 2.0 - 10;
                t[k].major_radius = u8(r) % 4 == 0 ? (double)u8(r) : 0;
                t[k].force = u8(r) % 4 == 0 ? (double)u8(r) / 128 : 0;
            }
            now += (double)u8(r) / 2000.0;
            if (gk_engine_feed(e, now, t, n) == GK_OK) {
                for (size_t k = 0; k < n; k++) {
                    if (t[k].phase != GK_TOUCH_ENDED && t[k].phase != GK_TOUCH_CANCELLED) continue;
                    for (int j = 0; j < ndown; j++)
                        if (down[j] == t[k].id) down[j] = down[--ndown];
                }
            } else {
                /* A refused frame: forget the touches it would have begun. */
                for (size_t k = 0; k < n; k++)
                    for (int j = 0; j < ndown; j++)
                        if (t[k].phase == GK_TOUCH_BEGAN && down[j] == t[k].id) down[j] = down[--ndown];
            }
            break;
        }
        case 7: {   /* time passes: to the next deadline, or a little */
            double deadline = INFINITY;
            (void)gk_engine_next_deadline(e, &deadline);
            now = isfinite(deadline) && u8(r) & 1 ? fmax(now, deadline) : now + (double)u8(r) / 100.0;
            (void)gk_engine_advance(e, now);
            break;
        }
        case 8:
            if (gk_engine_cancel_all_touches(e, now) == GK_OK) ndown = 0;
            break;
        default: {   /* drain every queue */
            gk_action a;
            gk_delivery d;
            gk_accessibility_event ev;
            while (gk_engine_poll_action(e, &a, sizeof a) == GK_OK) {}
            while (gk_engine_poll_delivery(e, &d, sizeof d) == GK_OK) {}
            while (gk_engine_poll_accessibility_event(e, &ev, sizeof ev) == GK_OK) {}
            gk_audit_finding f[4];
            size_t nf = 0;
            (void)gk_engine_audit(e, f, 4, sizeof f[0], &nf);
            break;
        }
        }
        gk_engine_stats s;
        if (gk_engine_get_stats(e, &s, sizeof s) == GK_OK && s.touches_down > o.max_touches) abort();
    }
    gk_engine_destroy(e);
    return 0;
}
