/* libevdev loaded when first needed instead of linked (libgesturekit-pump, built with
 * GK_LOAD_LIBEVDEV): the library then loads without libevdev, recordings need none, and a live
 * device takes the system's libevdev.so.2. So the Python wheel need not carry a libevdev built for
 * a newer glibc than the system's (Debian 12's uses fstat, a glibc 2.33 symbol).
 *
 * live_device.c includes this after <libevdev/libevdev.h>: its calls go through the pointers
 * below, which gk_libevdev_load() fills. Every other user of live_device.c links libevdev. */
#ifndef GK_LIBEVDEV_LOADED_H
#define GK_LIBEVDEV_LOADED_H

#include <libevdev/libevdev.h>
#include <stddef.h>

struct gk_libevdev_api {
    int (*new_from_fd)(int, struct libevdev **);
    void (*free_)(struct libevdev *);
    const struct input_absinfo *(*get_abs_info)(const struct libevdev *, unsigned int);
    int (*has_property)(const struct libevdev *, unsigned int);
    int (*has_event_code)(const struct libevdev *, unsigned int, unsigned int);
    const char *(*get_name)(const struct libevdev *);
    int (*set_clock_id)(struct libevdev *, int);
    int (*next_event)(struct libevdev *, unsigned int, struct input_event *);
    int (*get_slot_value)(const struct libevdev *, unsigned int, unsigned int);
};
extern struct gk_libevdev_api gk_libevdev;

/* Loads libevdev.so.2 once (later calls return at once). 0, or -1 with `error` saying why. */
int gk_libevdev_load(char *error, size_t size);

#define libevdev_new_from_fd gk_libevdev.new_from_fd
#define libevdev_free gk_libevdev.free_
#define libevdev_get_abs_info gk_libevdev.get_abs_info
#define libevdev_has_property gk_libevdev.has_property
#define libevdev_has_event_code gk_libevdev.has_event_code
#define libevdev_get_name gk_libevdev.get_name
#define libevdev_set_clock_id gk_libevdev.set_clock_id
#define libevdev_next_event gk_libevdev.next_event
#define libevdev_get_slot_value gk_libevdev.get_slot_value

#endif
