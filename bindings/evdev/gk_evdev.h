/* gk_evdev: Linux evdev touch input for GestureKit.
 *
 * A decoder that turns the kernel's input events (struct input_event: time, type, code, value)
 * into GestureKit input frames: the multitouch protocol B (slots and tracking ids) and A
 * (SYN_MT_REPORT contacts, with or without tracking ids), single-touch devices and pens (hover
 * while in proximity, stylus touches on contact), SYN_REPORT framing and SYN_DROPPED recovery.
 * Device units are mapped to screen points from the axis ranges, with an optional rotation,
 * flips and an affine calibration. The decoder reads no file and no clock: feed it events from a
 * live device (gk_evdev_device.h, through libevdev) or from a recording (gk_recording.h).
 *
 * Not thread-safe; one decoder per device. Touch ids are assigned by the decoder (1, 2, ...),
 * unique for the decoder's lifetime, so a reused slot or tracking id never collides. */
#ifndef GK_EVDEV_H
#define GK_EVDEV_H

#include <gesturekit.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Most slots (protocol B) or contacts per frame (protocol A without mtdev) the decoder follows. */
#define GK_EVDEV_MAX_SLOTS 32

/**
 * Most contacts of one protocol-A frame handed to mtdev; the decoder drops the rest of the frame's
 * contacts and counts them in `dropped_contacts`. mtdev keeps its slots in 32-bit masks and never
 * returns once slot 31 is in use (its bit walk shifts by 32), and within a frame it holds the previous
 * frame's contacts beside this frame's new ones: 15 + 15 keeps every slot it can use below 30.
 */
#define GK_EVDEV_PROTOCOL_A_CONTACTS 15

/** One axis's range in device units (from EVIOCGABS or an evemu "A:" line). */
typedef struct gk_evdev_axis {
    int32_t minimum;
    int32_t maximum;   /**< maximum > minimum; otherwise the axis is unknown */
} gk_evdev_axis;

/** How device coordinates become screen points. Start from gk_evdev_config_init(). */
typedef struct gk_evdev_config {
    double screen_width;   /**< points; default 800 */
    double screen_height;  /**< points; default 480 */
    int rotation;          /**< 0, 90, 180 or 270: the panel is mounted turned clockwise by this much */
    bool flip_x, flip_y;   /**< mirror an axis (panels wired the other way round) */
    /** Affine calibration in normalised [0,1] coordinates, applied first:
     *  u' = c[0]*u + c[1]*v + c[2], v' = c[3]*u + c[4]*v + c[5] (libinput's matrix). Identity by default. */
    double calibration[6];
    bool absolute_time;    /**< false (default): timestamps start at 0 with the first event */
    bool protocol_a;       /**< the device speaks MT protocol A (no ABS_MT_SLOT axis); also detected
                                from the first SYN_MT_REPORT */
    bool protocol_a_tracking_ids; /**< protocol A with ABS_MT_TRACKING_ID: contacts keep the device's
                                       ids; otherwise mtdev pairs them by least total distance.
                                       Also set when a tracking id arrives before the first SYN_MT_REPORT */
    bool semi_mt;          /**< INPUT_PROP_SEMI_MT: the slots are two corners of a box, not fingers; the
                                decoder reports one touch at the box's centre, never two */
} gk_evdev_config;

void gk_evdev_config_init(gk_evdev_config *config);

/** Where decoded input goes. Any member may be NULL. */
typedef struct gk_evdev_sink {
    void *user_data;
    /** One input frame (one SYN_REPORT); `touches` is valid during the call only. */
    void (*frame)(void *user_data, double timestamp, const gk_touch *touches, size_t count);
    /** A pen (or a mouse without buttons) moving in proximity: drives hover recognizers. */
    void (*hover)(void *user_data, double timestamp, gk_hover_phase phase, double x, double y);
    /** Events were lost (SYN_DROPPED): every touch in flight must be cancelled. */
    void (*cancel_all)(void *user_data, double timestamp);
} gk_evdev_sink;

typedef struct gk_evdev_slot {
    int32_t tracking_id;   /* -1: no contact */
    int32_t x, y, pressure, major;
    int32_t end_x, end_y;  /* where a contact that ends in this report was */
    bool has_x, has_y;
    bool active;           /* down in the engine */
    bool begin, end, moved;
    int64_t touch_id;
} gk_evdev_slot;

/** Events of the frame being read that the decoder keeps, to hand protocol A to mtdev late. */
#define GK_EVDEV_FRAME_EVENTS 128

/**
 * Decoder state. Treat as opaque; allocate it anywhere. A protocol-A device makes the decoder
 * allocate an mtdev converter (see gk_evdev_release()).
 */
typedef struct gk_evdev_decoder {
    gk_evdev_config config;
    gk_evdev_sink sink;
    gk_evdev_axis x, y, mt_x, mt_y, pressure;
    gk_evdev_slot slots[GK_EVDEV_MAX_SLOTS];
    int slot;                 /* current protocol-B slot, -1 when out of range */
    bool protocol_a;          /* SYN_MT_REPORT seen */
    void *mtdev;              /* protocol A: the mtdev converter to protocol B (struct mtdev *), or NULL */
    struct { uint16_t type, code; int32_t value; } frame_events[GK_EVDEV_FRAME_EVENTS];
    int nframe_events;        /* events since the last SYN_REPORT (while protocol A is not known yet) */
    bool frame_had_tracking_id;
    gk_evdev_slot contacts[GK_EVDEV_MAX_SLOTS];   /* protocol A without mtdev: contacts of the frame */
    int ncontacts;
    gk_evdev_slot pending;    /* protocol A: the contact being read */
    bool pending_any;
    /* Single touch and pens. */
    int32_t st_x, st_y;
    bool st_has_x, st_has_y, st_touch, st_touch_seen, pen_in_range, pen_was_in_range, hovering;
    bool st_active;
    int64_t st_touch_id;
    int tool;                 /* gk_touch_type of the single-touch tool */
    bool mt_seen;
    /* Framing. */
    bool dropping;
    bool have_t0;
    double t0;
    int64_t next_id;
    uint64_t frames, dropped_reports;
    uint64_t clamped;         /* positions outside their axis range, moved to its edge (stats) */
    uint64_t dropped_contacts; /* protocol A: contacts past GK_EVDEV_PROTOCOL_A_CONTACTS in a frame (stats) */
    /* Protocol A through mtdev: the contacts handed over in this frame, whether the one being read has
     * a position yet, and the right shift that keeps each position axis within 15 bits for mtdev's
     * pairing (it squares differences in int). */
    int a_contacts;
    bool a_has_x, a_has_y;
    int a_shift_x, a_shift_y;
    bool a_frame_reported;    /* protocol A through mtdev: a SYN_MT_REPORT came in this frame */
    bool semi_active;         /* semi-MT: the one touch is down */
    int64_t semi_id;
    double semi_x, semi_y;
} gk_evdev_decoder;

/**
 * Prepares a decoder for a device with the given axes (mt_x/mt_y may be unknown for
 * single-touch devices; x/y may be unknown for multitouch-only devices). `sink` is copied.
 */
void gk_evdev_init(gk_evdev_decoder *decoder, const gk_evdev_config *config, gk_evdev_axis x, gk_evdev_axis y,
                   gk_evdev_axis mt_x, gk_evdev_axis mt_y, const gk_evdev_sink *sink);

/**
 * Frees what the decoder allocated (the mtdev converter of a protocol-A device). Call it when done
 * with a decoder; the decoder may be initialised again afterwards. Safe on a decoder that
 * allocated nothing, and twice.
 */
void gk_evdev_release(gk_evdev_decoder *decoder);

/**
 * What a device already holds when it is opened (libevdev reads it with EVIOCGMTSLOTS and
 * EVIOCGABS): the kernel sends a slot number or a coordinate only when it changes, so a contact
 * that begins after the open may repeat values the decoder never saw, and would never begin.
 * Seeding gives protocol-B slot `slot` its last position, the current slot, and the single-touch
 * position. A contact already down at the open is not begun: it is seen from its next tracking id.
 */
void gk_evdev_seed_slot(gk_evdev_decoder *decoder, int slot, int32_t x, int32_t y);
void gk_evdev_seed_current_slot(gk_evdev_decoder *decoder, int slot);
void gk_evdev_seed_single(gk_evdev_decoder *decoder, int32_t x, int32_t y);

/**
 * Feeds one kernel event; `seconds` is its timestamp (tv_sec + tv_usec / 1e6).
 *
 * Protocol A (SYN_MT_REPORT between contacts) goes through mtdev, Linux's converter to protocol B
 * (the library Qt and libinput use): it pairs each frame's contacts with the touches down by the
 * least total distance, so the order in which the kernel lists them does not matter, and a
 * contact that appears first or vanishes from the middle of the list keeps every other touch's id.
 * If mtdev cannot be set up (out of memory), the decoder falls back to its own nearest-first
 * pairing.
 *
 * Bad input is bounded, never a hang: a protocol-A frame keeps its first GK_EVDEV_PROTOCOL_A_CONTACTS
 * contacts (the rest are counted in `dropped_contacts`); positions outside the axis range are moved
 * to its edge (counted in `clamped`); an axis spanning more than 32,767 units is handed to mtdev at
 * 1/32,768 of its range, which is the precision its touches then have. Each call does at most a
 * bounded amount of work.
 */
void gk_evdev_event(gk_evdev_decoder *decoder, double seconds, uint16_t type, uint16_t code, int32_t value);

/** Maps a device position to screen points (for tools that draw device data). */
void gk_evdev_map(const gk_evdev_decoder *decoder, int32_t x, int32_t y, bool multitouch, double *out_x,
                  double *out_y);

/* Event types and codes used (linux/input-event-codes.h values, so no kernel header is needed). */
enum {
    GK_EV_SYN = 0x00, GK_EV_KEY = 0x01, GK_EV_ABS = 0x03,
    GK_SYN_REPORT = 0, GK_SYN_MT_REPORT = 2, GK_SYN_DROPPED = 3,
    GK_ABS_X = 0x00, GK_ABS_Y = 0x01, GK_ABS_PRESSURE = 0x18, GK_ABS_DISTANCE = 0x19,
    GK_ABS_MT_SLOT = 0x2f, GK_ABS_MT_TOUCH_MAJOR = 0x30, GK_ABS_MT_POSITION_X = 0x35, GK_ABS_MT_POSITION_Y = 0x36,
    GK_ABS_MT_TRACKING_ID = 0x39, GK_ABS_MT_PRESSURE = 0x3a,
    GK_BTN_TOOL_PEN = 0x140, GK_BTN_TOOL_RUBBER = 0x141, GK_BTN_TOOL_FINGER = 0x145, GK_BTN_TOUCH = 0x14a
};

#ifdef __cplusplus
}
#endif
#endif
