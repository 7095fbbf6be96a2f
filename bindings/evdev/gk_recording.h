/* Recorded input: evemu recordings (evemu-record output, with the device description in the file
 * or in a matching .desc file) and Android `getevent -lt` traces, loaded as kernel events that a
 * gk_evdev_decoder replays. */
#ifndef GK_RECORDING_H
#define GK_RECORDING_H

#include "gk_evdev.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gk_input_event {
    double time;
    uint16_t type, code;
    int32_t value;
} gk_input_event;

typedef struct gk_recording {
    char name[128];              /**< the device name (evemu "N:"), or the file name */
    gk_evdev_axis x, y, mt_x, mt_y, pressure;
    bool has_slots;              /**< ABS_MT_SLOT exists: protocol B */
    bool protocol_a;             /**< SYN_MT_REPORT seen in the events */
    bool tracking_ids;           /**< ABS_MT_TRACKING_ID seen in the events */
    gk_evdev_axis axes[64];      /**< every absolute axis of the description, by ABS_* code */
    uint64_t axis_mask;          /**< bit c set when axes[c] was described ("A:" line) */
    uint32_t properties;         /**< INPUT_PROP_* bits of the "P:" line (see gk_device_class) */
    bool has_properties;         /**< a "P:" line was there */
    uint8_t key_bits[96];        /**< EV_KEY bits of the "B: 01" lines (KEY_* and BTN_* codes 0..767) */
    bool has_key_bits;           /**< "B: 01" lines were there */
    char desc_path[1024];        /**< the description file read, or "" */
    gk_input_event *events;      /**< owned; free with gk_recording_free() */
    size_t count;
    int32_t resolution[64];      /**< units per mm of each described axis (the "A:" line's last field), 0 when unknown */
} gk_recording;

/**
 * Loads a recording. evemu files without their own "A:" lines take the axes from `desc_path`,
 * or, when that is NULL, from "<device name>.desc" beside the file. getevent traces carry no
 * ranges: each axis is taken to span 0 .. 2^k - 1, the smallest such range that holds every value
 * seen (set the recording's axes after loading to override). Returns 0, or -1 with a message in
 * `error` (size bytes).
 */
int gk_recording_load(const char *path, const char *desc_path, gk_recording *out, char *error, size_t size);

/**
 * Parses a recording held in memory: `text` (`length` bytes, need not end in NUL). `path` names it
 * in messages and, for an evemu recording without "A:" lines and no `desc_path`, is where the
 * description is looked for (may be NULL: then such a recording is an error). Same results and
 * limits as gk_recording_load().
 */
int gk_recording_parse(const char *text, size_t length, const char *path, const char *desc_path, gk_recording *out,
                       char *error, size_t size);

/** Largest file gk_recording_load() and gk_read_text_file() accept, bytes. */
#define GK_RECORDING_MAX_BYTES (64u << 20)
/** Longest line of a recording, a description or a trace, bytes (without the newline). */
#define GK_RECORDING_MAX_LINE 4095
/** Event times a recording may hold, seconds: |t| at most this (older evemu files use epoch time). */
#define GK_RECORDING_MAX_TIME 1e10

/**
 * Reads a whole text file of at most `max_bytes` bytes into a new NUL-terminated buffer (`*text`,
 * free() it; `*length` without the NUL). Refuses, with a message in `error`, a file that cannot
 * be opened, anything but a regular file (a FIFO, a device, a directory: gk_open_regular_file()),
 * a file that is larger, and binary input (a NUL byte). Returns 0, or -1 with `*text` NULL.
 */
int gk_read_text_file(const char *path, size_t max_bytes, char **text, size_t *length, char *error, size_t size);

/**
 * Opens `path` for reading ("rb") if it is a regular file. The open never blocks (a FIFO with no
 * writer would wait for ever); a FIFO, a device, a socket or a directory is refused with a message
 * that says what it is. Returns the stream, or NULL with the reason in `error`.
 */
FILE *gk_open_regular_file(const char *path, char *error, size_t size);

void gk_recording_free(gk_recording *recording);

/** What kind of device a recording comes from, from its INPUT_PROP_* bits ("P:" line). */
typedef enum gk_device_class {
    GK_DEVICE_DIRECT = 0,    /**< INPUT_PROP_DIRECT: a touchscreen or pen display; read as touches on views */
    GK_DEVICE_INDIRECT = 1,  /**< INPUT_PROP_POINTER or INPUT_PROP_BUTTONPAD: a touchpad or a tablet's finger pad */
    GK_DEVICE_SEMI_MT = 2,   /**< INPUT_PROP_SEMI_MT: two corners of a bounding box, not two fingers */
    GK_DEVICE_UNDECLARED = 3 /**< no property bits (recorded before kernels had them): taken as direct */
} gk_device_class;

#define GK_INPUT_PROP_POINTER 0x01
#define GK_INPUT_PROP_DIRECT 0x02
#define GK_INPUT_PROP_BUTTONPAD 0x04
#define GK_INPUT_PROP_SEMI_MT 0x08

/** What a device says about itself, for gk_device_classify(). */
typedef struct gk_device_caps {
    uint32_t properties;   /**< INPUT_PROP_* bits (GK_INPUT_PROP_*) */
    uint8_t keys[96];      /**< EV_KEY bits, KEY_* and BTN_* codes 0..767 */
    bool has_keys;         /**< `keys` is known (false: a getevent trace, a description without "B:" lines) */
    bool has_mt;           /**< ABS_MT_POSITION_X and _Y exist */
    const char *name;      /**< the device's name, or NULL */
} gk_device_caps;

/**
 * The class of a device, and in `*reason` (if not NULL; a static string) why, in words for a
 * message. The INPUT_PROP_* bits decide first: SEMI_MT, then POINTER or BUTTONPAD (INDIRECT), then
 * DIRECT. A device with none of them is judged as udev's input_id builtin judges it:
 * BTN_TOOL_FINGER without a pen is a touchpad (INDIRECT); mouse buttons (BTN_LEFT...) without
 * multitouch BTN_TOUCH make a pointing device (INDIRECT); BTN_TOUCH or a pen is UNDECLARED (read as
 * a touchscreen). With none of those keys known, a name with "touchpad", "trackpad", "clickpad" or
 * "glidepoint" in it is INDIRECT; anything else is UNDECLARED. docs/INPUT.md lists the rules.
 */
gk_device_class gk_device_classify(const gk_device_caps *caps, const char **reason);

/** The class of the recording's device (gk_device_classify() on its description). */
gk_device_class gk_recording_device_class(const gk_recording *recording);

/** The same, with the reason in `*reason` (a static string; may be NULL). */
gk_device_class gk_recording_classify(const gk_recording *recording, const char **reason);

/**
 * Whether the recording has a position to read: ABS_X/ABS_Y or ABS_MT_POSITION_X/Y with a range,
 * and, when they never change while two other axes do, not elsewhere. Returns 0, or -1 with a
 * message naming the axes the device does have and the --axes to try.
 */
int gk_recording_check_axes(const gk_recording *recording, char *error, size_t size);

/**
 * Reads positions from the axes `x_code` and `y_code` (ABS_* codes, e.g. ABS_Z and ABS_RX on some
 * single-touch controllers) as if they were ABS_X and ABS_Y: their ranges become the X/Y ranges
 * and their events are renamed. Returns 0, or -1 with a message when an axis is not described.
 */
int gk_recording_map_axes(gk_recording *recording, unsigned x_code, unsigned y_code, char *error, size_t size);

/** A decoder for the recording's device (axes and protocol), writing to `sink`. */
void gk_recording_decoder(const gk_recording *recording, const gk_evdev_config *config, const gk_evdev_sink *sink,
                          gk_evdev_decoder *out);

/** Feeds every event of the recording to the decoder, in order. */
void gk_recording_play(const gk_recording *recording, gk_evdev_decoder *decoder);

#ifdef __cplusplus
}
#endif
#endif
