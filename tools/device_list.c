/* `gesturekit record` without a device: the event devices there are (device_list.h). */
#include "device_list.h"
#include "live_device.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "event12" -> 12; anything else -> -1. */
static int event_number(const char *name) {
    unsigned n;
    int end = 0;
    return sscanf(name, "event%u%n", &n, &end) == 1 && name[end] == '\0' && n < 100000 ? (int)n : -1;
}

static int by_event_number(const void *a, const void *b) {
    return event_number(*(char *const *)a) - event_number(*(char *const *)b);
}

int gk_tool_list_touchscreens(void) {
    const char *dir = getenv("GESTUREKIT_INPUT_DIR");
    if (!dir || !*dir) dir = "/dev/input";
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "gesturekit: record: no DEVICE given, and %s cannot be read: %s\n", dir, strerror(errno));
        return 2;
    }
    enum { most = 256 };
    char *names[most];
    size_t n = 0;
    for (struct dirent *e; n < most && (e = readdir(d)) != NULL;)
        if (event_number(e->d_name) >= 0 && (names[n] = strdup(e->d_name)) != NULL) n++;
    closedir(d);
    if (n == 0) {
        fprintf(stderr, "gesturekit: record: no DEVICE given, and there is no event device in %s (is the panel "
                        "plugged in? in a container, is %s passed through?)\n", dir, dir);
        return 2;
    }
    qsort(names, n, sizeof names[0], by_event_number);
    fprintf(stderr, "gesturekit: record: which device? The event devices in %s:\n", dir);
    const char *first = NULL;
    size_t denied = 0;
    char path[4096];
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        int fd = open(path, O_RDONLY | O_NONBLOCK);
        struct libevdev *dev = NULL;
        if (fd < 0) {
            fprintf(stderr, "  %-22s cannot open: %s\n", path, strerror(errno));
            if (errno == EACCES) denied++;
        } else if (libevdev_new_from_fd(fd, &dev) < 0) {
            fprintf(stderr, "  %-22s not an evdev device\n", path);
        } else {
            bool touch = libevdev_has_event_code(dev, EV_ABS, ABS_MT_POSITION_X) ||
                         (libevdev_has_event_code(dev, EV_KEY, BTN_TOUCH) && libevdev_has_event_code(dev, EV_ABS, ABS_X));
            gk_device_caps caps;
            gk_live_device_caps(dev, &caps);
            gk_device_class cls = gk_device_classify(&caps, NULL);
            bool indirect = cls == GK_DEVICE_INDIRECT || cls == GK_DEVICE_SEMI_MT;
            const char *what = !touch ? "not a touch device" : indirect ? "a touchpad (needs --indirect-as-direct)"
                                                                        : "touchscreen";
            fprintf(stderr, "  %-22s %-34s %s\n", path, libevdev_get_name(dev), what);
            if (touch && !indirect && !first) first = strdup(path);
            libevdev_free(dev);
        }
        if (fd >= 0) close(fd);
        free(names[i]);
    }
    if (denied > 0)
        fprintf(stderr, "%zu could not be opened: run as root, or as a member of the group that owns them "
                        "(usually input)\n", denied);
    if (first) fprintf(stderr, "Record the first touchscreen with: gesturekit record %s -o FILE.trace\n", first);
    else fputs("None of them is a touchscreen.\n", stderr);
    free((void *)first);
    return 2;
}
