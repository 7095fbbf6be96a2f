/* The gesturekit tool's command-line options (cli_options.h). */

#include "cli_options.h"

#include "cli_numbers.h"
#include "trace.h"

#include <stdio.h>
#include <getopt.h>
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

/* The options of gesturekit_cli.def (the source of --help and gesturekit(1)), for getopt_long. */
static const struct { const char *flag, *argument; } defined[] = {
#define GK_CLI_COMMAND(name, arguments, summary)
#define GK_CLI_OPTION(flag, argument, commands, text) {flag, argument},
#include "gesturekit_cli.def"
#undef GK_CLI_COMMAND
#undef GK_CLI_OPTION
};
enum { NDEFINED = sizeof defined / sizeof defined[0] };

/* argv from argv[2] on, as the parser below reads it: getopt_long (glibc's) matches each option,
 * so --opt=value and a unique prefix (--indirect, --scr=800x480) work; each comes out as the
 * option's full name, then its value as a word of its own; other words keep their order. Returns
 * the count, or -1 after getopt_long has said what is wrong (unknown or ambiguous). */
static int canonical(int argc, char **argv, char **out) {
    struct option longs[NDEFINED + 1];
    char shorts[16] = "-";   /* '-': words that are no option come back in order, as 1 */
    int nlong = 0;
    for (int i = 0; i < NDEFINED; i++) {
        bool arg = defined[i].argument[0] != 0;
        if (defined[i].flag[1] == '-') {
            longs[nlong++] = (struct option){defined[i].flag + 2, arg ? required_argument : no_argument, NULL, 256 + i};
        } else {
            size_t n = strlen(shorts);
            shorts[n] = defined[i].flag[1];
            shorts[n + 1] = arg ? ':' : 0;
            shorts[n + 2] = 0;
        }
    }
    strcat(shorts, "h");
    longs[nlong] = (struct option){0, 0, 0, 0};
    /* getopt_long reads argv[1] on: the command's name takes argv[0]'s place. */
    char *args[argc];
    args[0] = "gesturekit";
    for (int i = 2; i < argc; i++) args[i - 1] = argv[i];
    int n = 0, c;
    optind = 1;
    opterr = 1;
    while ((c = getopt_long(argc - 1, args, shorts, longs, NULL)) != -1) {
        if (c == '?' || c == ':') return -1;
        if (c == 1) {
            out[n++] = optarg;
            continue;
        }
        if (c == 'h') {
            out[n++] = "--help";
            continue;
        }
        int i = -1;
        for (int k = 0; k < NDEFINED && i < 0; k++)
            if (c >= 256 ? k == c - 256 : (defined[k].flag[1] == c && defined[k].flag[2] == 0)) i = k;
        out[n++] = (char *)defined[i].flag;
        if (defined[i].argument[0]) out[n++] = optarg;
    }
    return n;
}

int gk_tool_parse_options(int argc, char **argv, struct gk_tool_options *o) {
    memset(o, 0, sizeof *o);
    gk_evdev_config_init(&o->config);
    gkv_options_init(&o->view);
    o->axis_x = o->axis_y = -1;
    char *words[2 * (argc > 2 ? argc : 2)];
    int nwords = argc > 2 ? canonical(argc, argv, words) : 0;
    if (nwords < 0) {
        fprintf(stderr, "gesturekit: 'gesturekit %s --help' lists the options\n", argv[1]);
        return -1;
    }
    /* From here on, the words as canonical() gave them, after the program and the command. */
    char *full[nwords + 2];
    full[0] = argv[0];
    full[1] = argv[1];
    for (int i = 0; i < nwords; i++) full[i + 2] = words[i];
    argc = nwords + 2;
    argv = full;
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
