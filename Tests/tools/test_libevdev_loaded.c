/* libevdev loaded at run time (bindings/evdev/libevdev_loaded.c, the wheel's pump): every function
 * live_device.c calls is found in the system's libevdev.so.2, loading twice is loading once, and
 * the loaded functions work: a file that is no evdev device is refused as libevdev refuses it. */
#include "libevdev_loaded.h"

#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

static void test_every_function_the_live_reader_calls_is_loaded(void **state) {
    (void)state;
    char error[256] = "";
    assert_int_equal(gk_libevdev_load(error, sizeof error), 0);
    assert_string_equal(error, "");
    assert_non_null(gk_libevdev.new_from_fd);
    assert_non_null(gk_libevdev.free_);
    assert_non_null(gk_libevdev.get_abs_info);
    assert_non_null(gk_libevdev.has_property);
    assert_non_null(gk_libevdev.has_event_code);
    assert_non_null(gk_libevdev.get_name);
    assert_non_null(gk_libevdev.set_clock_id);
    assert_non_null(gk_libevdev.next_event);
    assert_int_equal(gk_libevdev_load(error, sizeof error), 0);   /* once only */
}

static void test_the_loaded_library_refuses_what_is_no_evdev_device(void **state) {
    (void)state;
    char error[256];
    assert_int_equal(gk_libevdev_load(error, sizeof error), 0);
    int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    struct libevdev *dev = NULL;
    assert_true(libevdev_new_from_fd(fd, &dev) < 0);
    assert_null(dev);
    close(fd);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_function_the_live_reader_calls_is_loaded),
        cmocka_unit_test(test_the_loaded_library_refuses_what_is_no_evdev_device),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
