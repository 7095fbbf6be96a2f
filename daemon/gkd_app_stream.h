/* The app's touchscreen: the touches gesturekitd lets through, written as kernel multitouch events
 * (protocol B) for a virtual device with the panel's own axes. The engine's view deliveries drive
 * it: a delivered BEGAN puts a contact in a slot, MOVED moves it, ENDED lifts it, and CANCELLED
 * ends it as `cancel` says: a plain lift (GKD_CANCEL_LIFT, the default: every stack measured ends
 * the touch), or the slot's tool turned to MT_TOOL_PALM for one frame and then the lift
 * (GKD_CANCEL_PALM: libinput reports TOUCH_CANCEL, but wlroots 0.15 compositors keep the touch
 * down in the app). docs/DAEMON.md has the measured table.
 *
 * Positions go back to device units through the inverse of the decoder's mapping, so a touch the
 * daemon does not touch reaches the app at the panel's own values. Events go to a sink: uinput
 * (live) or an evemu recording (--dry-run, and the tests). */
#ifndef GKD_APP_STREAM_H
#define GKD_APP_STREAM_H

#include "gk_evdev.h"
#include "gkd_config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define GKD_APP_SLOTS 16       /* contacts the virtual device holds at once */

/* The panel's axes and how the decoder mapped them, to map points back. */
typedef struct gkd_mapping {
    gk_evdev_config config;   /* screen size, rotation, flips, calibration */
    gk_evdev_axis x, y;       /* ABS_MT_POSITION_X/Y (or ABS_X/Y of a single-touch panel) */
    int32_t resolution_x, resolution_y;   /* units per mm, 0 when unknown */
} gkd_mapping;

/* A window position in points, back to the panel's units (rounded, within the axis). */
void gkd_mapping_to_device(const gkd_mapping *mapping, double x, double y, int32_t *out_x, int32_t *out_y);

typedef struct gkd_event_sink {
    void *user_data;
    /* One event; returns 0, or -1 when it could not be written (the stream counts it). */
    int (*event)(void *user_data, double time, uint16_t type, uint16_t code, int32_t value);
} gkd_event_sink;

typedef struct gkd_app_slot {
    bool used;            /* a contact is down in this slot, as the app sees it */
    bool palm;            /* MT_TOOL_PALM was written and the lift is still to come */
    bool was_palm;        /* the slot's tool type is PALM: the next contact sets FINGER first */
    bool written;         /* written in the frame being built */
    int64_t touch_id;
    int32_t x, y;
} gkd_app_slot;

typedef struct gkd_app_stream {
    gkd_mapping mapping;
    gkd_cancel_style cancel;
    gkd_event_sink sink;
    gkd_app_slot slots[GKD_APP_SLOTS];
    int current_slot;             /* ABS_MT_SLOT last written, -1 at first */
    int32_t next_tracking_id;
    bool touching;                /* BTN_TOUCH as last written */
    bool frame_open;              /* events written since the last SYN_REPORT */
    double frame_time;
    uint64_t frames, dropped_events, full;   /* full: BEGANs with no free slot (not forwarded) */
} gkd_app_stream;

void gkd_app_stream_init(gkd_app_stream *stream, const gkd_mapping *mapping, gkd_cancel_style cancel,
                         const gkd_event_sink *sink);

/* One view delivery. A phase for a touch the stream never began (withheld, or past the slots) is
 * ignored, so a touch is never half forwarded. */
void gkd_app_stream_deliver(gkd_app_stream *stream, const gk_delivery *delivery);

/* Ends every contact the app has, in the stream's cancel style: cleaning mode starts, the device goes. */
void gkd_app_stream_cancel_all(gkd_app_stream *stream, double time);

/* Ends the frame: BTN_TOUCH, SYN_REPORT, and the lifts that follow palm frames. */
void gkd_app_stream_flush(gkd_app_stream *stream);

/* The evemu description of the virtual device ("N:", "I:", "P:", "B:" and "A:" lines) with the
 * panel's axes, for a recording of the stream. */
void gkd_app_stream_write_description(const gkd_mapping *mapping, const char *name, FILE *out);

/* A sink that writes "E: SECONDS.MICROS TYPE CODE VALUE" lines to a FILE (an evemu recording). */
int gkd_evemu_event(void *file, double time, uint16_t type, uint16_t code, int32_t value);

enum { GKD_ABS_MT_TOOL_TYPE = 0x37, GKD_MT_TOOL_FINGER = 0, GKD_MT_TOOL_PALM = 2, GKD_INPUT_PROP_DIRECT = 1 };

#endif
