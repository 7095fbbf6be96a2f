/* gesturekit view: the live view of a trace, a recording or a device (docs/VIEW.md). */
#ifndef GKV_VIEW_H
#define GKV_VIEW_H

#include "trace.h"

#include <stdbool.h>

/* Most pixels a picture may have: it is drawn whole, 4 bytes a pixel (256 MiB). */
#define GKV_MAX_PIXELS (8192 * 8192)

typedef struct gkv_options {
    const char *screenshot;  /* --screenshot FILE: draw once at --at and write a PNG, with no window */
    double at;               /* --at T: seconds from the first input step (default 0) */
    double speed;            /* --speed X: 1 is real time (default 1) */
    bool paused;             /* --paused: start paused */
    int width, height;       /* --size WxH: the window or the screenshot, pixels (default 1280x720) */
    const char *font;        /* --font FILE: a TrueType font for the text */
    bool fullscreen;         /* --fullscreen: the whole display (under KMS/DRM the display is all there is) */
    double seconds;          /* --seconds N: close the window after N seconds (0: when asked) */
} gkv_options;

/** A live source: pump() reads what the device has sent into the trace (appending steps) and
 *  returns the trace time now, or a negative number when the device is gone. */
typedef struct gkv_live {
    void *userdata;
    double (*pump)(void *userdata);
} gkv_live;

static inline void gkv_options_init(gkv_options *o) {
    *o = (gkv_options){.speed = 1, .width = 1280, .height = 720};
}

/** Shows `t` (its scene, and its input so far) with `setup` (may be NULL). `source` names it in the
 *  title bar. `live` is NULL for a trace or recording. Returns the tool's exit status. */
int gkv_run(gkt_trace *t, const gkt_replay_setup *setup, const char *source, const gkv_options *o, const gkv_live *live);

#endif
