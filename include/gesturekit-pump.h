/*
 * gesturekit-pump.h - Linux touch input read and fed to a GestureKit engine in C.
 *
 * Copyright 2026 The GestureKit developers. SPDX-License-Identifier: Apache-2.0
 *
 * OVERVIEW
 *
 *   A pump (gk_pump) reads touch input from an evemu recording, an Android `getevent -lt` trace or
 *   a live evdev device, decodes it (multitouch protocols A and B, pens, single-touch devices) and
 *   feeds the frames to an engine with gk_engine_feed(), gk_engine_feed_hover() and
 *   gk_engine_cancel_all_touches(). Every per-event step happens in C: a host written in a language
 *   with a costly foreign call (Python through ctypes) pays one call per batch of frames, then
 *   drains the engine's actions and deliveries as usual (gk_engine_take_actions()).
 *
 *   libgesturekit-pump.so.0 is a library of its own beside libgesturekit.so.0, which it calls. Its
 *   functions are versioned in the node GESTUREKIT_PUMP_0.4.
 *
 * TIME
 *
 *   A recording's first event is at 0 s unless GK_PUMP_ABSOLUTE_TIME is set; its frames carry the
 *   recorded times. A device's events are timed in seconds since the pump opened it
 *   (CLOCK_MONOTONIC), the clock gk_pump_now() reads: call gk_engine_advance() with it when the
 *   engine's deadline comes before the next input.
 *
 * OWNERSHIP AND THREADS
 *
 *   The host owns a pump from gk_pump_open_*() to gk_pump_close(). A pump holds no engine between
 *   calls: gk_pump_run() is given one each time. A pump belongs to one thread at a time, and so does
 *   the engine it is running.
 *
 * ERRORS
 *
 *   Functions return a gk_status (gesturekit.h). Pointers are checked for NULL and sizes against
 *   the oldest layout. A file that cannot be read as a recording, or a path that is not a usable
 *   touch device, gives GK_ERR_INVALID_ARGUMENT with the reason in the caller's `error` buffer.
 */
#ifndef GESTUREKIT_PUMP_H
#define GESTUREKIT_PUMP_H

#include <gesturekit.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef GESTUREKIT_PUMP_API
#  if defined(__GNUC__) || defined(__clang__)
#    define GESTUREKIT_PUMP_API __attribute__((visibility("default")))
#  else
#    define GESTUREKIT_PUMP_API
#  endif
#endif

/** A recording or a device being read into engines. Opaque. @since 0.4.0 */
typedef struct gk_pump gk_pump;

/** Flags of gk_pump_options. @since 0.4.0 */
enum {
    GK_PUMP_FLIP_X = 1u << 0,             /**< mirror the device's x axis */
    GK_PUMP_FLIP_Y = 1u << 1,             /**< mirror the device's y axis */
    GK_PUMP_ABSOLUTE_TIME = 1u << 2,      /**< a recording's own times, not 0 at its first event */
    GK_PUMP_INDIRECT_AS_DIRECT = 1u << 3  /**< read a touchpad or a semi-multitouch device as a screen */
};

/** How device positions become screen points. Start from gk_pump_options_init(). @since 0.4.0 */
typedef struct gk_pump_options {
    size_t size;            /**< sizeof(gk_pump_options); set by gk_pump_options_init() */
    double screen_width;    /**< points, > 0; default 800 */
    double screen_height;   /**< points, > 0; default 480 */
    int32_t rotation;       /**< 0, 90, 180 or 270: the panel is mounted turned clockwise by this much */
    uint32_t flags;         /**< GK_PUMP_* bits */
} gk_pump_options;

/** Sets the defaults: 800 x 480 points, no rotation, no flags. @since 0.4.0 */
GESTUREKIT_PUMP_API void gk_pump_options_init(gk_pump_options *options);

/**
 * Opens an evemu recording (with its device description in the file, or in `desc_path`, or in
 * "<device name>.desc" beside it when `desc_path` is NULL) or a getevent trace, and reads it whole.
 * `options` may be NULL for the defaults; `options_size` is sizeof(gk_pump_options). On failure
 * `*out_pump` is untouched and `error` (`error_size` bytes, may be NULL with 0) says why.
 * Errors: GK_ERR_NULL_POINTER, GK_ERR_STRUCT_SIZE, GK_ERR_INVALID_ARGUMENT (options out of range,
 * a file that is not a recording, one without position axes), GK_ERR_CAPACITY (out of memory).
 * @since 0.4.0
 */
GESTUREKIT_PUMP_API gk_status gk_pump_open_recording(const char *path, const char *desc_path,
                                                     const gk_pump_options *options, size_t options_size,
                                                     gk_pump **out_pump, char *error, size_t error_size);

/**
 * Opens a live evdev device (/dev/input/eventN) read-only and without blocking. A touchpad or a
 * semi-multitouch device is refused unless GK_PUMP_INDIRECT_AS_DIRECT. Errors as
 * gk_pump_open_recording(); GK_ERR_UNSUPPORTED when the library was built without libevdev.
 * @since 0.4.0
 */
GESTUREKIT_PUMP_API gk_status gk_pump_open_device(const char *path, const gk_pump_options *options,
                                                  size_t options_size, gk_pump **out_pump, char *error,
                                                  size_t error_size);

/**
 * Feeds `engine` the input that is next.
 *
 * A recording: its events are decoded in order until `max_frames` input frames (touch frames,
 * hover events and cancel-alls each count one) have been fed, or the recording ends;
 * `timeout_ms` is not used. `*out_frames` is the number fed, 0 once the recording is done.
 *
 * A device: waits up to `timeout_ms` (0: not at all; -1: until input arrives) and then feeds every
 * event the device has queued; `max_frames` is not used. GK_ERR_INVALID_ARGUMENT when the device
 * is gone (unplugged): close the pump.
 *
 * Between two calls the host drains the engine's actions and deliveries: a queue that fills
 * drops its oldest entries (gk_engine_options). A frame the engine refuses (a time that went
 * backwards, say) is counted in gk_pump_stats.refused and not retried; the call goes on, and its
 * status is GK_OK. GK_ERR_BUSY when called from inside one of the engine's callbacks.
 * @since 0.4.0
 */
GESTUREKIT_PUMP_API gk_status gk_pump_run(gk_pump *pump, gk_engine *engine, size_t max_frames, int timeout_ms,
                                          size_t *out_frames);

/** What a pump has read and fed so far. @since 0.4.0 */
typedef struct gk_pump_stats {
    uint64_t reports;         /**< input reports decoded (SYN_REPORT: one a frame at most) */
    uint64_t frames;          /**< touch frames fed */
    uint64_t touches;         /**< touches in those frames (touch events) */
    uint64_t hovers;          /**< hover events fed */
    uint64_t cancels;         /**< cancel-alls fed (events were lost: SYN_DROPPED) */
    uint64_t refused;         /**< frames, hovers and cancels the engine refused */
    gk_status last_refusal;   /**< the engine's answer to the last one refused, or GK_OK */
    uint64_t clamped;         /**< positions outside their axis range, moved to its edge */
    uint64_t remaining;       /**< a recording's events not read yet; 0 for a device */
    double time;              /**< the time of the last event decoded, in the pump's clock */
} gk_pump_stats;

/** Copies the pump's figures into `*out_stats` (`size` is sizeof(gk_pump_stats)). @since 0.4.0 */
GESTUREKIT_PUMP_API gk_status gk_pump_get_stats(const gk_pump *pump, gk_pump_stats *out_stats, size_t size);

/**
 * The pump's clock, in seconds: for a device, the time since it was opened (CLOCK_MONOTONIC, the
 * times its frames carry); for a recording, the time of the last event decoded. @since 0.4.0
 */
GESTUREKIT_PUMP_API gk_status gk_pump_now(const gk_pump *pump, double *out_seconds);

/**
 * A device's file descriptor, to wait on with poll() beside the host's own; -1 for a recording.
 * It stays the pump's: do not read or close it. @since 0.4.0
 */
GESTUREKIT_PUMP_API gk_status gk_pump_get_fd(const gk_pump *pump, int *out_fd);

/**
 * Closes the device or frees the recording, and the pump. NULL is allowed. Called from one of
 * the engine's callbacks while gk_pump_run() runs this pump, it feeds nothing more and the pump
 * is freed when gk_pump_run() returns (GK_OK): the handle must not be used after this call
 * either way. @since 0.4.0
 */
GESTUREKIT_PUMP_API void gk_pump_close(gk_pump *pump);

#ifdef __cplusplus
}
#endif
#endif
