/* gesturekitd: system gestures, touch accommodations and a cleaning mode for any kiosk app
 * (gesturekitd(8), docs/DAEMON.md). This file is the command line; the live loop is live.c, the
 * dry run dry_run.c. */
#include "cli_numbers.h"
#include "gkd_config.h"
#include "gkd_dry_run.h"
#include "gkd_live.h"
#include "gkd_scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_CONFIG "/etc/gesturekit/gesturekitd.conf"

static void usage(FILE *out) {
    fputs("usage: gesturekitd [--config FILE] [--device PATH]     run on the touchscreen (live)\n"
          "       gesturekitd [--config FILE] --check             check the configuration, then exit\n"
          "       gesturekitd [--config FILE] --dry-run RECORDING [--desc FILE] [--app-out FILE]\n"
          "                   [--actions-out FILE] [--tail SECONDS] [--repeat N]\n"
          "       gesturekitd --help | --version\n"
          "\n"
          "--config FILE        the configuration (default " DEFAULT_CONFIG "; gesturekitd.conf(5))\n"
          "--device PATH        this event device, not the touchscreens udev finds\n"
          "--check              read and build the configuration, say what is wrong, exit 0 or 1\n"
          "--dry-run RECORDING  read an evemu recording instead of a device: write what the app's\n"
          "                     touchscreen would emit (an evemu recording, --app-out, default\n"
          "                     standard output) and the gestures and actions as JSON lines\n"
          "                     (--actions-out, default standard error); run no action\n"
          "--desc FILE          the recording's device description, when it has no A: lines\n"
          "--tail SECONDS       timers fire up to this long after the recording ends (default 10)\n"
          "--repeat N           play the recording N times, one after the other (a soak run)\n", out);
}

int main(int argc, char **argv) {
    const char *config_path = DEFAULT_CONFIG, *device = NULL;
    gkd_dry_run_options dry = {.tail = 10};
    bool check = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("gesturekitd %s (libgesturekit %s)\n", GK_TOOL_VERSION, gk_version_string());
            return 0;
        }
        if (strcmp(a, "--check") == 0) check = true;
        else if (strcmp(a, "--config") == 0 && next) config_path = argv[++i];
        else if (strcmp(a, "--device") == 0 && next) device = argv[++i];
        else if (strcmp(a, "--dry-run") == 0 && next) dry.recording = argv[++i];
        else if (strcmp(a, "--desc") == 0 && next) dry.desc = argv[++i];
        else if (strcmp(a, "--app-out") == 0 && next) dry.app_out = argv[++i];
        else if (strcmp(a, "--actions-out") == 0 && next) dry.actions_out = argv[++i];
        else if (strcmp(a, "--tail") == 0 && next) {
            if (!gk_cli_double(next, &dry.tail) || dry.tail < 0 || dry.tail > 86400 * 7) {
                fprintf(stderr, "gesturekitd: --tail takes seconds, 0 to 604800 (got '%s')\n", next);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--repeat") == 0 && next) {
            unsigned long long n;
            if (!gk_cli_unsigned(next, 1000000000ull, &n) || n == 0) {
                fprintf(stderr, "gesturekitd: --repeat takes a count, 1 to 1000000000 (got '%s')\n", next);
                return 2;
            }
            dry.repeat = n;
            i++;
        } else {
            fprintf(stderr, "gesturekitd: unknown option %s (gesturekitd --help lists them)\n", a);
            return 2;
        }
    }
    gkd_config *config = malloc(sizeof *config);
    if (!config) {
        fputs("gesturekitd: out of memory\n", stderr);
        return 1;
    }
    char error[600];
    int status = 0;
    if (gkd_config_load(config_path, config, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekitd: %s\n", error);
        status = 1;
    } else if (check) {
        gkd_scene scene;
        if (gkd_scene_build(config, &scene, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekitd: %s\n", error);
            status = 1;
        } else {
            printf("%s: %d zones, %d gestures: OK\n", config_path, config->nzones, config->ngestures);
            gkd_scene_destroy(&scene);
        }
    } else if (dry.recording) {
        if (gkd_dry_run(config, &dry, error, sizeof error) < 0) {
            fprintf(stderr, "gesturekitd: %s\n", error);
            status = 1;
        }
    } else {
        status = gkd_live(config_path, config, device);
    }
    free(config);
    return status;
}
