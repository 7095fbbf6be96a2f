/* Which kind of device: a touchscreen, a touchpad, a semi-multitouch pad. The declared
 * INPUT_PROP_* bits decide first. A device that declares none of them (touchpads of kernels
 * before 2.6.38, and some of today's drivers) is judged by the rules udev's input_id builtin
 * uses for ID_INPUT_TOUCHPAD and ID_INPUT_TOUCHSCREEN, then by its name (docs/INPUT.md). */
#include "gk_recording.h"

#include <ctype.h>
#include <string.h>

enum {
    KEY_BTN_0 = 0x100,         /* a tablet pad's first button */
    KEY_BTN_MOUSE = 0x110,     /* BTN_LEFT; the mouse buttons run to BTN_JOYSTICK (0x120) */
    KEY_BTN_JOYSTICK = 0x120,
    KEY_BTN_TOOL_PEN = 0x140,
    KEY_BTN_TOOL_FINGER = 0x145,
    KEY_BTN_TOUCH = 0x14a,
    KEY_BTN_STYLUS = 0x14b,
};

static bool key(const gk_device_caps *c, unsigned code) {
    return c->has_keys && code / 8 < sizeof c->keys && (c->keys[code / 8] >> (code % 8)) & 1;
}

/* Case-insensitive search for `word` in `name`. */
static bool names(const char *name, const char *word) {
    size_t n = strlen(word);
    for (const char *p = name; *p; p++) {
        size_t i = 0;
        while (i < n && p[i] && tolower((unsigned char)p[i]) == word[i]) i++;
        if (i == n) return true;
    }
    return false;
}

gk_device_class gk_device_classify(const gk_device_caps *c, const char **reason) {
    const char *why = "INPUT_PROP_DIRECT";
    gk_device_class cls = GK_DEVICE_DIRECT;
    bool pen = key(c, KEY_BTN_TOOL_PEN) || key(c, KEY_BTN_STYLUS);
    bool mouse_button = false;
    for (unsigned code = KEY_BTN_MOUSE; code < KEY_BTN_JOYSTICK; code++) mouse_button = mouse_button || key(c, code);
    if (c->properties & GK_INPUT_PROP_SEMI_MT) {
        cls = GK_DEVICE_SEMI_MT;
        why = "INPUT_PROP_SEMI_MT: it reports the corners of a box around the fingers, not the fingers";
    } else if (c->properties & (GK_INPUT_PROP_POINTER | GK_INPUT_PROP_BUTTONPAD)) {
        cls = GK_DEVICE_INDIRECT;
        why = "INPUT_PROP_POINTER or INPUT_PROP_BUTTONPAD";
    } else if (c->properties & GK_INPUT_PROP_DIRECT) {
        cls = GK_DEVICE_DIRECT;
    } else if (key(c, KEY_BTN_0) && !key(c, KEY_BTN_TOOL_PEN) && !key(c, KEY_BTN_TOUCH)) {
        /* udev: BTN_0 with absolute axes and no pen tool is ID_INPUT_TABLET_PAD (Wacom pads also
         * declare BTN_STYLUS). Its axes are rings and strips, never a touch position. */
        cls = GK_DEVICE_INDIRECT;
        why = "BTN_0 without a pen tool or BTN_TOUCH, which udev reads as a tablet's button pad (ID_INPUT_TABLET_PAD): "
              "buttons, rings and strips, no touch position";
    } else if (pen) {
        /* udev: a pen (BTN_TOOL_PEN or BTN_STYLUS) is ID_INPUT_TABLET; without INPUT_PROP_DIRECT the
         * tablet lies beside the screen (a pen display declares DIRECT). */
        cls = GK_DEVICE_INDIRECT;
        why = "a pen (BTN_TOOL_PEN or BTN_STYLUS) without INPUT_PROP_DIRECT, which udev reads as a drawing tablet "
              "(ID_INPUT_TABLET) beside the screen, not on it";
    } else if (key(c, KEY_BTN_TOOL_FINGER)) {
        /* udev: a finger tool, no pen and not direct is ID_INPUT_TOUCHPAD. */
        cls = GK_DEVICE_INDIRECT;
        why = "BTN_TOOL_FINGER without INPUT_PROP_DIRECT, which udev reads as a touchpad";
    } else if (mouse_button && !(key(c, KEY_BTN_TOUCH) && c->has_mt)) {
        /* udev: absolute axes with mouse buttons (BTN_LEFT...) and neither pen nor direct is a
         * mouse, never ID_INPUT_TOUCHSCREEN (unless multitouch axes with BTN_TOUCH say so too). */
        cls = GK_DEVICE_INDIRECT;
        why = "BTN_LEFT or another mouse button, without INPUT_PROP_DIRECT or multitouch with BTN_TOUCH, which udev "
              "reads as a mouse";
    } else if (key(c, KEY_BTN_TOUCH)) {
        cls = GK_DEVICE_UNDECLARED;
        why = "no INPUT_PROP_* bits; BTN_TOUCH, which udev reads as a touchscreen";
    } else if (c->name && (names(c->name, "touchpad") || names(c->name, "trackpad") || names(c->name, "clickpad") ||
                           names(c->name, "glidepoint"))) {
        cls = GK_DEVICE_INDIRECT;
        why = "no INPUT_PROP_* bits and no telling buttons, but its name says it is a touchpad";
    } else {
        cls = GK_DEVICE_UNDECLARED;
        why = "no INPUT_PROP_* bits (recorded before kernels had them): taken as a touchscreen";
    }
    if (reason) *reason = why;
    return cls;
}
