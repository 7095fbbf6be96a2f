/* A live evdev device read through libevdev into a gk_evdev decoder: what gesturekit record,
 * gesturekit view, libgesturekit-pump's devices and gesturekitd share. Not installed: each compiles
 * it in. Event times reach the decoder in seconds since the device was opened (the device's clock
 * set to CLOCK_MONOTONIC), the clock of gk_live_device_elapsed(), or in CLOCK_MONOTONIC seconds
 * after gk_live_device_use_monotonic_time(). */
#ifndef GK_LIVE_DEVICE_H
#define GK_LIVE_DEVICE_H

#include "gk_evdev.h"
#include "gk_recording.h"

#include <stdbool.h>
#include <stddef.h>

struct libevdev;

typedef struct gk_live_device {
    int fd;
    struct libevdev *dev;
    gk_evdev_decoder decoder;
    unsigned read_flags;
    double opened;           /* CLOCK_MONOTONIC at opening, seconds */
} gk_live_device;

/** Opens `path` read-only and sets up a decoder that writes to `sink` (protocol A or B, semi-MT,
 *  pressure, from the device's own axes). A touchpad or semi-MT device is refused unless
 *  `indirect_as_direct`. Returns 0, or -1 with the reason in `error` (nothing left open). */
int gk_live_device_open(gk_live_device *d, const char *path, const gk_evdev_config *config, bool indirect_as_direct,
                        gk_evdev_sink *sink, char *error, size_t size);

/** What an open libevdev device says about itself, for gk_device_classify(). `caps->name` points
 *  into `dev` (valid while it is open). */
void gk_live_device_caps(struct libevdev *dev, gk_device_caps *caps);

/** The device's name. */
const char *gk_live_device_name(const gk_live_device *d);

/** Waits up to `timeout_ms` for events, then decodes everything the device has queued. Returns 0,
 *  or -1 when the device is gone (unplugged) or cannot be read. */
int gk_live_device_read(gk_live_device *d, int timeout_ms);

/** Decodes what the device has queued (at most 4,096 events), for a caller that polls `fd` itself.
 *  After a SYN_DROPPED the decoder cancels every touch and libevdev's replay of the device's state
 *  follows; then reading goes back to the device's own events. Returns 0, or -1 when the device is
 *  gone or cannot be read. */
int gk_live_device_drain(gk_live_device *d);

void gk_live_device_close(gk_live_device *d);

/** Seconds since the device was opened: the clock of the times the decoder receives. */
double gk_live_device_elapsed(const gk_live_device *d);

/** From now on events reach the decoder in CLOCK_MONOTONIC seconds (gesturekitd's clock), and
 *  gk_live_device_elapsed() reads that clock. Call it before the first read. */
void gk_live_device_use_monotonic_time(gk_live_device *d);

#endif
