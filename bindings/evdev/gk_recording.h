/* Recorded input: evemu recordings (evemu-record output, with the device description in the file
 * or in a matching .desc file) and Android `getevent -lt` traces, loaded as kernel events that a
 * gk_evdev_decoder replays. */
#ifndef GK_RECORDING_H
#define GK_RECORDING_H

#include "gk_evdev.h"

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
    gk_input_event *events;      /**< owned; free with gk_recording_free() */
    size_t count;
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
 * be opened, one that is larger (so /dev/zero and endless pipes end), and binary input (a NUL
 * byte). Returns 0, or -1 with `*text` NULL.
 */
int gk_read_text_file(const char *path, size_t max_bytes, char **text, size_t *length, char *error, size_t size);

void gk_recording_free(gk_recording *recording);

/** A decoder for the recording's device (axes and protocol), writing to `sink`. */
void gk_recording_decoder(const gk_recording *recording, const gk_evdev_config *config, const gk_evdev_sink *sink,
                          gk_evdev_decoder *out);

/** Feeds every event of the recording to the decoder, in order. */
void gk_recording_play(const gk_recording *recording, gk_evdev_decoder *decoder);

#ifdef __cplusplus
}
#endif
#endif
