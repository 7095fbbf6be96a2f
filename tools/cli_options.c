/* The gesturekit tool's command-line options (cli_options.h). */

#include "cli_options.h"

#include "cli_numbers.h"
#include "trace.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>


/* WxH, each above 0 and at most `max`. */
static bool parse_size(const char *text, double max, double *width, double *height) {
    char w[64];
    const char *x = strchr(text, 'x');
    size_t n = x ? (size_t)(x - text) : 0;
    if (!(n > 0 && n < sizeof w)) return false;
    memcpy(w, text, n);
    w[n] = 0;
    return gk_cli_double(w, width) && gk_cli_double(x + 1, height) && *width > 0 && *height > 0 && *width <= max &&
           *height <= max;
}

int gk_tool_parse_options(int argc, char **argv, struct gk_tool_options *o) {
    memset(o, 0, sizeof *o);
    gk_evdev_config_init(&o->config);
    gkv_options_init(&o->view);
    o->axis_x = o->axis_y = -1;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "-o") == 0 && next) { o->output = next; i++; }
        else if (strcmp(a, "--scene") == 0 && next) { o->scene = next; i++; }
        else if (strcmp(a, "--desc") == 0 && next) { o->desc = next; i++; }
        else if (strcmp(a, "--profile") == 0 && next) { o->profile = next; i++; }
        else if (strcmp(a, "--filters") == 0 && next) { o->filters = next; i++; }
        else if (strcmp(a, "--openmetrics") == 0) o->openmetrics = true;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) o->help = true;
        else if (strcmp(a, "--screen") == 0 && next) {
            double width = 0, height = 0;
            if (!parse_size(next, 1e6, &width, &height)) {
                fprintf(stderr, "gesturekit: --screen WIDTHxHEIGHT in points, each above 0 and at most 1e6 (got '%s')\n", next);
                return -1;
            }
            o->config.screen_width = width;
            o->config.screen_height = height;
            i++;
        } else if (strcmp(a, "--size") == 0 && next) {
            double width = 0, height = 0;
            if (!parse_size(next, 16384, &width, &height) || width < 320 || height < 200 || width != (int)width ||
                height != (int)height) {
                fprintf(stderr, "gesturekit: --size WIDTHxHEIGHT in whole pixels, from 320x200 to 16384x16384 (got '%s')\n", next);
                return -1;
            }
            /* The picture is drawn whole (4 bytes a pixel): bounded so that it fits a small kiosk. */
            if (width * height > GKV_MAX_PIXELS) {
                fprintf(stderr, "gesturekit: --size %s is %.0f pixels, %.0f MiB to draw; at most %d pixels (e.g. 8192x8192, "
                                "256 MiB)\n", next, width * height, width * height * 4 / 1048576, GKV_MAX_PIXELS);
                return -1;
            }
            o->view.width = (int)width;
            o->view.height = (int)height;
            i++;
        } else if ((strcmp(a, "--at") == 0 || strcmp(a, "--speed") == 0) && next) {
            double v;
            bool at = a[2] == 'a';
            if (!gk_cli_double(next, &v) || !(at ? v >= 0 && v <= GKT_MAX_TIME : v >= 1.0 / 16 && v <= 8)) {
                fprintf(stderr, "gesturekit: %s\n", at ? "--at takes seconds from the first input, 0 or more"
                                                      : "--speed takes a factor from 0.0625 to 8 (1 is real time)");
                return -1;
            }
            if (at) o->view.at = v;
            else o->view.speed = v;
            i++;
        } else if (strcmp(a, "--screenshot") == 0 && next) {
            size_t n = strlen(next);
            if (n < 5 || strcasecmp(next + n - 4, ".png") != 0) {
                fprintf(stderr, "gesturekit: --screenshot writes a PNG: name the file FILE.png (got '%s')\n", next);
                return -1;
            }
            o->view.screenshot = next;
            i++;
        }
        else if (strcmp(a, "--font") == 0 && next) { o->view.font = next; i++; }
        else if (strcmp(a, "--paused") == 0) o->view.paused = true;
        else if (strcmp(a, "--fullscreen") == 0) o->view.fullscreen = true;
        else if (strcmp(a, "--rotate") == 0 && next) {
            long long r;
            if (!gk_cli_integer(next, 0, 270, &r) || r % 90 != 0) {
                fprintf(stderr, "gesturekit: --rotate takes 0, 90, 180 or 270 (degrees clockwise), not '%s'\n", next);
                return -1;
            }
            o->config.rotation = (int)r;
            i++;
        } else if (strcmp(a, "--seconds") == 0 && next) {
            if (!gk_cli_double(next, &o->seconds) || !(o->seconds > 0 && o->seconds <= 1e6)) {
                fprintf(stderr, "gesturekit: --seconds takes a number of seconds above 0 (got '%s')\n", next);
                return -1;
            }
            i++;
        }
        else if (strcmp(a, "--flip-x") == 0) o->config.flip_x = true;
        else if (strcmp(a, "--flip-y") == 0) o->config.flip_y = true;
        else if (strcmp(a, "--log") == 0) o->log = true;
        else if (strcmp(a, "--indirect-as-direct") == 0) o->indirect_as_direct = true;
        else if (strcmp(a, "--axes") == 0 && next) {
            char xs[32];
            const char *comma = strchr(next, ',');
            size_t n = comma ? (size_t)(comma - next) : 0;
            long long ax = -1, ay = -1;
            if (n > 0 && n < sizeof xs) {
                memcpy(xs, next, n);
                xs[n] = 0;
            }
            if (!(n > 0 && n < sizeof xs && gk_cli_integer(xs, 0, 63, &ax) && gk_cli_integer(comma + 1, 0, 63, &ay))) {
                fprintf(stderr, "gesturekit: --axes XCODE,YCODE (ABS_* codes, e.g. 0x02,0x03)\n");
                return -1;
            }
            o->axis_x = (int)ax;
            o->axis_y = (int)ay;
            i++;
        }
        else if (a[0] != '-' && !o->input) o->input = a;
        else {
            fprintf(stderr, "gesturekit: unknown option %s ('gesturekit %s --help' lists the options)\n", a, argv[1]);
            return -1;
        }
    }
    return 0;
}
