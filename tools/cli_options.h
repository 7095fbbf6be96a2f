/* The gesturekit tool's command-line options: what each command reads (tools/gesturekit_cli.def
 * lists them for --help and the man page), and the reader that checks each value. */
#ifndef GK_CLI_OPTIONS_H
#define GK_CLI_OPTIONS_H

#include "gk_evdev.h"
#include "view/view.h"

#include <stdbool.h>

struct gk_tool_options {
    const char *input, *output, *scene, *desc;
    gk_evdev_config config;
    bool log;
    bool indirect_as_direct;   /* read a touchpad or semi-MT device as a touchscreen anyway */
    int axis_x, axis_y;        /* --axes: read the position from these ABS codes; -1 when not given */
    double seconds;
    const char *profile;       /* --profile FILE */
    const char *filters;       /* --filters LIST */
    bool openmetrics;          /* metrics: OpenMetrics rather than Prometheus text */
    bool help;                 /* --help or -h after the command */
    gkv_options view;          /* view: --screenshot, --at, --speed, --paused, --size, --font, --fullscreen */
};

/** Reads argv[2..] (argv[1] is the command) into `o`. Returns 0, or -1 after printing what was
 *  wrong on standard error. */
int gk_tool_parse_options(int argc, char **argv, struct gk_tool_options *o);

#endif
