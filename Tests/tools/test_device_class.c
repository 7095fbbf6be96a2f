/* gk_device_classify: the declared INPUT_PROP_* bits, then udev's input_id rules, then the name
 * (bindings/evdev/gk_device_class.c, docs/INPUT.md); and every real recording of a touchscreen
 * in the data samples stays a touchscreen. */
#include "gk_recording.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

enum { BTN_LEFT = 0x110, BTN_RIGHT = 0x111, BTN_TOOL_PEN = 0x140, BTN_TOOL_FINGER = 0x145, BTN_TOUCH = 0x14a,
       BTN_STYLUS = 0x14b, BTN_TOOL_DOUBLETAP = 0x14d };

static gk_device_caps caps(uint32_t props, bool mt, const char *name, const unsigned *keys, size_t n) {
    gk_device_caps c;
    memset(&c, 0, sizeof c);
    c.properties = props;
    c.has_mt = mt;
    c.name = name;
    c.has_keys = keys != NULL;
    for (size_t i = 0; i < n; i++) c.keys[keys[i] / 8] |= (uint8_t)(1u << (keys[i] % 8));
    return c;
}

#define CLASS(props, mt, name, ...) classify(props, mt, name, (const unsigned[]){__VA_ARGS__}, \
                                             sizeof((const unsigned[]){__VA_ARGS__}) / sizeof(unsigned))

static gk_device_class classify(uint32_t props, bool mt, const char *name, const unsigned *keys, size_t n) {
    gk_device_caps c = caps(props, mt, name, keys, n);
    const char *reason = NULL;
    gk_device_class cls = gk_device_classify(&c, &reason);
    assert_non_null(reason);
    return cls;
}

static void test_declared_property_bits_decide_first(void **state) {
    (void)state;
    assert_int_equal(CLASS(GK_INPUT_PROP_DIRECT, true, "Pad", BTN_TOOL_FINGER, BTN_LEFT), GK_DEVICE_DIRECT);
    assert_int_equal(CLASS(GK_INPUT_PROP_POINTER, true, "Panel", BTN_TOUCH), GK_DEVICE_INDIRECT);
    assert_int_equal(CLASS(GK_INPUT_PROP_BUTTONPAD, true, "Panel", BTN_TOUCH), GK_DEVICE_INDIRECT);
    assert_int_equal(CLASS(GK_INPUT_PROP_SEMI_MT | GK_INPUT_PROP_POINTER, true, "x", BTN_TOUCH), GK_DEVICE_SEMI_MT);
}

static void test_a_finger_tool_without_direct_is_a_touchpad_as_udev_says(void **state) {
    (void)state;
    const char *reason = NULL;
    gk_device_caps c = caps(0, true, "Old Pad", (const unsigned[]){BTN_TOOL_FINGER, BTN_TOUCH, BTN_TOOL_DOUBLETAP}, 3);
    assert_int_equal(gk_device_classify(&c, &reason), GK_DEVICE_INDIRECT);
    assert_non_null(strstr(reason, "BTN_TOOL_FINGER without INPUT_PROP_DIRECT"));
    /* With a pen as well it is a tablet in udev's eyes, beside the screen without INPUT_PROP_DIRECT. */
    assert_int_equal(CLASS(0, true, "Tablet", BTN_TOOL_FINGER, BTN_TOOL_PEN, BTN_TOUCH), GK_DEVICE_INDIRECT);
    assert_int_equal(CLASS(0, true, "Tablet", BTN_TOOL_FINGER, BTN_STYLUS, BTN_TOUCH), GK_DEVICE_INDIRECT);
}

/* Pens and pads: udev's ID_INPUT_TABLET and ID_INPUT_TABLET_PAD. A pen display declares
 * INPUT_PROP_DIRECT and is read as a screen; a drawing tablet without it, and a tablet's button
 * pad (BTN_0, rings and strips; Wacom's also declare BTN_STYLUS), are refused with the rule. */
static void test_pen_tablets_without_direct_and_button_pads_are_refused_with_udevs_rule(void **state) {
    (void)state;
    const char *reason = NULL;
    gk_device_caps pen = caps(0, false, "UGTABLET 6 inch PenTablet", (const unsigned[]){BTN_TOOL_PEN, BTN_TOUCH, BTN_STYLUS}, 3);
    assert_int_equal(gk_device_classify(&pen, &reason), GK_DEVICE_INDIRECT);
    assert_non_null(strstr(reason, "ID_INPUT_TABLET"));
    gk_device_caps pad = caps(0, false, "Wacom Intuos Pro M Pad", (const unsigned[]){0x100, 0x101, 0x102, BTN_STYLUS}, 4);
    assert_int_equal(gk_device_classify(&pad, &reason), GK_DEVICE_INDIRECT);
    assert_non_null(strstr(reason, "ID_INPUT_TABLET_PAD"));
    assert_int_equal(CLASS(GK_INPUT_PROP_DIRECT, false, "Wacom Cintiq Pen", BTN_TOOL_PEN, BTN_TOUCH, BTN_STYLUS),
                     GK_DEVICE_DIRECT);
}

static void test_mouse_buttons_make_a_pointer_unless_multitouch_with_btn_touch(void **state) {
    (void)state;
    assert_int_equal(CLASS(0, false, "Absolute Pointer", BTN_LEFT, BTN_RIGHT, BTN_TOUCH), GK_DEVICE_INDIRECT);
    assert_int_equal(CLASS(0, true, "Absolute Pointer", BTN_LEFT, BTN_RIGHT), GK_DEVICE_INDIRECT);
    assert_int_equal(CLASS(0, true, "USB Touch Panel", BTN_LEFT, BTN_TOUCH), GK_DEVICE_UNDECLARED);
}

static void test_btn_touch_alone_is_a_touchscreen_and_the_name_is_the_last_resort(void **state) {
    (void)state;
    assert_int_equal(CLASS(0, true, "SynPS/2 Synaptics TouchPad", BTN_TOUCH), GK_DEVICE_UNDECLARED);   /* keys win */
    assert_int_equal(classify(0, true, "SynPS/2 Synaptics TouchPad", NULL, 0), GK_DEVICE_INDIRECT);     /* no keys known */
    assert_int_equal(classify(0, true, "Apple Magic Trackpad", NULL, 0), GK_DEVICE_INDIRECT);
    assert_int_equal(classify(0, true, "ALPS GlidePoint", NULL, 0), GK_DEVICE_INDIRECT);
    assert_int_equal(classify(0, true, "eGalax Touch Screen", NULL, 0), GK_DEVICE_UNDECLARED);
    assert_int_equal(classify(0, true, NULL, NULL, 0), GK_DEVICE_UNDECLARED);
    assert_int_equal(classify(0, true, "", NULL, 0), GK_DEVICE_UNDECLARED);
    assert_int_equal(classify(0, true, "touchpa", NULL, 0), GK_DEVICE_UNDECLARED);   /* a word cut short */
}

/* Every evemu recording of the data samples is a touchscreen or a pen display, read as before. */
static void test_every_real_touchscreen_recording_stays_a_touchscreen(void **state) {
    (void)state;
    const char *samples = getenv("GESTUREKIT_DATA_SAMPLES");
    static const char *files[] = {
        "evemu-devices/touchscreens/Atmel maXTouch Touchscreen.1-finger-fast-taps.events",
        "evemu-devices/touchscreens/EP0430M09.2-finger-scroll-down.events",
        "evemu-devices/touchscreens/N-Trig MultiTouch.1-finger-drag-NW-SE.events",
        "evemu-devices/tablets/Wacom ISDv4 E6 Finger.2fg-tap.events",
        "evemu-devices/tablets/Wacom ISDv4 E6 Finger.single-tap-center.events",
        "evemu-devices/tablets/Wacom Cintiq 13HD touch Pen.events",
    };
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", samples ? samples : "", files[0]);
    FILE *probe = samples ? fopen(path, "r") : NULL;
    if (!probe) {
        print_message("not run: GESTUREKIT_DATA_SAMPLES (../shared/data-samples) is not there\n");
        skip();
    }
    fclose(probe);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", samples, files[i]);
        gk_recording r;
        char error[300];
        assert_int_equal(gk_recording_load(path, NULL, &r, error, sizeof error), 0);
        const char *reason = NULL;
        gk_device_class cls = gk_recording_classify(&r, &reason);
        print_message("%s: %d (%s)\n", files[i], (int)cls, reason);
        assert_true(cls == GK_DEVICE_DIRECT || cls == GK_DEVICE_UNDECLARED);
        gk_recording_free(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_declared_property_bits_decide_first),
        cmocka_unit_test(test_a_finger_tool_without_direct_is_a_touchpad_as_udev_says),
        cmocka_unit_test(test_pen_tablets_without_direct_and_button_pads_are_refused_with_udevs_rule),
        cmocka_unit_test(test_mouse_buttons_make_a_pointer_unless_multitouch_with_btn_touch),
        cmocka_unit_test(test_btn_touch_alone_is_a_touchscreen_and_the_name_is_the_last_resort),
        cmocka_unit_test(test_every_real_touchscreen_recording_stays_a_touchscreen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
