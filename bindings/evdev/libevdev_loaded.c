/* libevdev.so.2 loaded at the first live device (libevdev_loaded.h). */

#include "libevdev_loaded.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <sched.h>
#include <stdio.h>

#if defined(GK_LIBEVDEV_OLD_GLIBC) && defined(__x86_64__)
/* The wheel's pump loads on glibc 2.28 and later: glibc 2.34 moved dlopen and friends into libc
 * under the version GLIBC_2.34, which older systems lack; their first versions (in libdl, which
 * the wheel's build links) are still in every glibc. */
__asm__(".symver dlopen,dlopen@GLIBC_2.2.5");
__asm__(".symver dlsym,dlsym@GLIBC_2.2.5");
__asm__(".symver dlerror,dlerror@GLIBC_2.2.5");
__asm__(".symver dlclose,dlclose@GLIBC_2.2.5");
#elif defined(GK_LIBEVDEV_OLD_GLIBC) && defined(__aarch64__)
__asm__(".symver dlopen,dlopen@GLIBC_2.17");
__asm__(".symver dlsym,dlsym@GLIBC_2.17");
__asm__(".symver dlerror,dlerror@GLIBC_2.17");
__asm__(".symver dlclose,dlclose@GLIBC_2.17");
#endif

struct gk_libevdev_api gk_libevdev;

/* 0: not tried; 1: loading; 2: loaded; 3: failed. The first caller loads; others wait for it. */
static int state;
static char failure[256];

static void *symbol(void *handle, const char *name) {
    void *f = dlsym(handle, name);
    if (!f && !failure[0]) snprintf(failure, sizeof failure, "libevdev.so.2 has no %s", name);
    return f;
}

static void load(void) {
    void *h = dlopen("libevdev.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "cannot load libevdev.so.2, which live devices need (apt install libevdev2): %s",
                 why ? why : "not found");
        return;
    }
    struct gk_libevdev_api api;
    *(void **)&api.new_from_fd = symbol(h, "libevdev_new_from_fd");
    *(void **)&api.free_ = symbol(h, "libevdev_free");
    *(void **)&api.get_abs_info = symbol(h, "libevdev_get_abs_info");
    *(void **)&api.has_property = symbol(h, "libevdev_has_property");
    *(void **)&api.has_event_code = symbol(h, "libevdev_has_event_code");
    *(void **)&api.get_name = symbol(h, "libevdev_get_name");
    *(void **)&api.set_clock_id = symbol(h, "libevdev_set_clock_id");
    *(void **)&api.next_event = symbol(h, "libevdev_next_event");
    *(void **)&api.get_slot_value = symbol(h, "libevdev_get_slot_value");
    if (failure[0]) {
        dlclose(h);
        return;
    }
    gk_libevdev = api;   /* kept loaded for the process's life */
}

int gk_libevdev_load(char *error, size_t size) {
    int expected = 0;
    if (__atomic_compare_exchange_n(&state, &expected, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        load();
        __atomic_store_n(&state, failure[0] ? 3 : 2, __ATOMIC_RELEASE);
    }
    while (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == 1) sched_yield();
    if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == 2) return 0;
    snprintf(error, size, "%s", failure);
    return -1;
}
