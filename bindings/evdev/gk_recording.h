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
