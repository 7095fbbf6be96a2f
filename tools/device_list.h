/* `gesturekit record` with no device named: the event devices in /dev/input (or
 * $GESTUREKIT_INPUT_DIR), each with its name and whether it is a touchscreen, on standard error. */
#ifndef GK_TOOL_DEVICE_LIST_H
#define GK_TOOL_DEVICE_LIST_H

/* Always returns 2, a usage error: no device was named. */
int gk_tool_list_touchscreens(void);

#endif
