/* A live evdev device read into a decoder (live_device.h). */

#include "live_device.h"

#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#ifdef GK_LOAD_LIBEVDEV
#include "libevdev_loaded.h"
#endif
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static gk_evdev_axis axis(struct libevdev *dev, unsigned code) {
    const struct input_absinfo *a = libevdev_get_abs_info(dev, code);
    return a ? (gk_evdev_axis){a->minimum, a->maximum} : (gk_evdev_axis){0, 0};
}

void gk_live_device_caps(struct libevdev *dev, gk_device_caps *c) {
    memset(c, 0, sizeof *c);
    for (unsigned p = 0; p < 32; p++)
        if (libevdev_has_property(dev, p)) c->properties |= 1u << p;
    for (unsigned code = 0; code < 8 * sizeof c->keys; code++)
        if (libevdev_has_event_code(dev, EV_KEY, code)) c->keys[code / 8] |= (uint8_t)(1u << (code % 8));
    c->has_keys = true;
    c->has_mt = libevdev_has_event_code(dev, EV_ABS, ABS_MT_POSITION_X) && libevdev_has_event_code(dev, EV_ABS, ABS_MT_POSITION_Y);
    c->name = libevdev_get_name(dev);
}

int gk_live_device_open(gk_live_device *d, const char *path, const gk_evdev_config *config, bool indirect_as_direct,
                        gk_evdev_sink *sink, char *error, size_t size) {
    memset(d, 0, sizeof *d);
#ifdef GK_LOAD_LIBEVDEV
    if (gk_libevdev_load(error, size) < 0) return -1;
#endif
    d->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (d->fd < 0) {
        /* The causes a newcomer meets, with their fixes. */
        if (errno == EACCES)
            snprintf(error, size, "%s: permission denied: run as root, or as a member of the group that owns it "
                                  "(usually input: sudo usermod -aG input $USER, then log in again)", path);
        else if (errno == ENOENT)
            snprintf(error, size, "%s: no such device (gesturekit record, with no device, lists them)", path);
        else
            snprintf(error, size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (libevdev_new_from_fd(d->fd, &d->dev) < 0) {
        snprintf(error, size, "%s: not an evdev device", path);
        close(d->fd);
        return -1;
    }
    gk_device_caps caps;
    gk_live_device_caps(d->dev, &caps);
    const char *reason = NULL;
    gk_device_class cls = gk_device_classify(&caps, &reason);
    bool semi = cls == GK_DEVICE_SEMI_MT;
    if ((semi || cls == GK_DEVICE_INDIRECT) && !indirect_as_direct) {
        snprintf(error, size, "%s: %s (%s), not a touchscreen; to read it as one, use --indirect-as-direct (gesturekit) "
                 "or GK_PUMP_INDIRECT_AS_DIRECT (libgesturekit-pump)", path,
                 semi ? "a semi-multitouch device" : "an indirect device, a touchpad or a tablet's finger pad", reason);
        libevdev_free(d->dev);
        close(d->fd);
        return -1;
    }
    libevdev_set_clock_id(d->dev, CLOCK_MONOTONIC);
    gk_evdev_config c = *config;
    c.protocol_a = !libevdev_has_event_code(d->dev, EV_ABS, ABS_MT_SLOT) &&
                   libevdev_has_event_code(d->dev, EV_ABS, ABS_MT_POSITION_X);
    c.protocol_a_tracking_ids = c.protocol_a && libevdev_has_event_code(d->dev, EV_ABS, ABS_MT_TRACKING_ID);
    c.semi_mt = semi;
    gk_evdev_init(&d->decoder, &c, axis(d->dev, ABS_X), axis(d->dev, ABS_Y), axis(d->dev, ABS_MT_POSITION_X),
                  axis(d->dev, ABS_MT_POSITION_Y), sink);
    d->decoder.pressure = axis(d->dev, ABS_MT_PRESSURE);
    /* The device's state before the open: a panel touched before (a reload, a restart, another
     * reader) keeps its slots' last positions, which the kernel will not send again. */
    const struct input_absinfo *slot = libevdev_get_abs_info(d->dev, ABS_MT_SLOT);
    if (!c.protocol_a && slot && libevdev_has_event_code(d->dev, EV_ABS, ABS_MT_POSITION_X) &&
        libevdev_has_event_code(d->dev, EV_ABS, ABS_MT_POSITION_Y)) {
        for (int s = 0; s <= slot->maximum && s < GK_EVDEV_MAX_SLOTS; s++)
            gk_evdev_seed_slot(&d->decoder, s, libevdev_get_slot_value(d->dev, (unsigned)s, ABS_MT_POSITION_X),
                               libevdev_get_slot_value(d->dev, (unsigned)s, ABS_MT_POSITION_Y));
        gk_evdev_seed_current_slot(&d->decoder, slot->value);
    }
    const struct input_absinfo *x = libevdev_get_abs_info(d->dev, ABS_X), *y = libevdev_get_abs_info(d->dev, ABS_Y);
    if (x && y) gk_evdev_seed_single(&d->decoder, x->value, y->value);
    d->read_flags = LIBEVDEV_READ_FLAG_NORMAL;
    d->opened = monotonic_now();
    return 0;
}

const char *gk_live_device_name(const gk_live_device *d) { return libevdev_get_name(d->dev); }

int gk_live_device_read(gk_live_device *d, int timeout_ms) {
    struct pollfd p = {d->fd, POLLIN, 0};
    int ready = poll(&p, 1, timeout_ms);
    if (ready < 0) return errno == EINTR ? 0 : -1;
    if (p.revents & (POLLERR | POLLHUP | POLLNVAL)) return -1;
    if (ready == 0) return 0;
    return gk_live_device_drain(d);
}

int gk_live_device_drain(gk_live_device *d) {
    struct input_event ev;
    /* Bounded: a device that never stops talking still lets the caller's loop run. */
    for (int n = 0; n < 4096; n++) {
        int rc = libevdev_next_event(d->dev, d->read_flags, &ev);
        if (rc == -EAGAIN) {
            if (d->read_flags == LIBEVDEV_READ_FLAG_NORMAL) return 0;
            /* The state after a SYN_DROPPED has been replayed: back to the device's own events. */
            d->read_flags = LIBEVDEV_READ_FLAG_NORMAL;
            continue;
        }
        if (rc < 0) return rc == -EINTR ? 0 : -1;
        /* In sync mode libevdev replays the device's current state after a SYN_DROPPED. */
        if (rc == LIBEVDEV_READ_STATUS_SYNC) d->read_flags = LIBEVDEV_READ_FLAG_SYNC;
        gk_evdev_event(&d->decoder, (double)ev.input_event_sec + (double)ev.input_event_usec / 1e6 - d->opened, ev.type,
                       ev.code, ev.value);
    }
    return 0;
}

void gk_live_device_close(gk_live_device *d) {
    if (d->dev) {
        gk_evdev_release(&d->decoder);
        libevdev_free(d->dev);
        close(d->fd);
    }
    memset(d, 0, sizeof *d);
}

double gk_live_device_elapsed(const gk_live_device *d) { return monotonic_now() - d->opened; }

void gk_live_device_use_monotonic_time(gk_live_device *d) { d->opened = 0; }
