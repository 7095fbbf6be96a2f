/* gesturekitd: system gestures, touch accommodations and a cleaning mode for any kiosk app
 * (gesturekitd(8), docs/DAEMON.md). This file is the command line; the live loop is live.c, the
 * dry run dry_run.c. */
#include "cli_numbers.h"
#include "gkd_config.h"
#include "gkd_dry_run.h"
#include "gkd_live.h"
#include "gkd_scene.h"
#include "gkd_socket.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_CONFIG "/etc/gesturekit/gesturekitd.conf"

static void usage(FILE *out) {
    fputs("usage: gesturekitd [--config FILE] [--device PATH]     run on the touchscreen (live)\n"
          "       gesturekitd [--config FILE] --check             check the configuration, then exit\n"
          "       gesturekitd [--config FILE] --dry-run RECORDING [--desc FILE] [--app-out FILE]\n"
          "                   [--actions-out FILE] [--touches-out FILE] [--tail SECONDS] [--repeat N]\n"
          "       gesturekitd --help | --version\n"
          "\n"
          "--config FILE        the configuration (default " DEFAULT_CONFIG "; gesturekitd.conf(5))\n"
          "--device PATH        this event device, not the touchscreens udev finds\n"
          "--check              read and build the configuration, say what is wrong, exit 0 or 1\n"
          "--dry-run RECORDING  read an evemu recording instead of a device: write what the app's\n"
          "                     touchscreen would emit (an evemu recording, --app-out, default\n"
          "                     standard output) and the gestures and actions as JSON lines\n"
          "                     (--actions-out, default standard error); run no action\n"
          "--touches-out FILE   also write the touches the app receives, a line each\n"
          "                     (\"app: touch down at 6.000 s at (400, 300), lifted at 6.080 s\";\n"
          "                     - for standard output)\n"
          "--desc FILE          the recording's device description, when it has no A: lines\n"
          "--tail SECONDS       timers fire up to this long after the recording ends (default 10)\n"
          "--repeat N           play the recording N times, one after the other (a soak run)\n", out);
}

int main(int argc, char **argv) {
    const char *config_path = DEFAULT_CONFIG, *device = NULL;
    gkd_dry_run_options dry = {.tail = 10};
    bool check = false;
    /* getopt_long (glibc's): --opt=value and unique prefixes (--dry=FILE) work too. */
    enum { CONFIG = 256, DEVICE, CHECK, DRY_RUN, DESC, APP_OUT, ACTIONS_OUT, TOUCHES_OUT, TAIL, REPEAT, HELP, VERSION };
    static const struct option options[] = {
        {"config", required_argument, NULL, CONFIG},        {"device", required_argument, NULL, DEVICE},
        {"check", no_argument, NULL, CHECK},                {"dry-run", required_argument, NULL, DRY_RUN},
        {"desc", required_argument, NULL, DESC},            {"app-out", required_argument, NULL, APP_OUT},
        {"actions-out", required_argument, NULL, ACTIONS_OUT}, {"touches-out", required_argument, NULL, TOUCHES_OUT},
        {"tail", required_argument, NULL, TAIL},
        {"repeat", required_argument, NULL, REPEAT},        {"help", no_argument, NULL, HELP},
        {"version", no_argument, NULL, VERSION},            {NULL, 0, NULL, 0},
    };
    int c;
    while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
        const char *next = optarg;
        switch (c) {
        case 'h':
        case HELP:
            usage(stdout);
            return 0;
        case VERSION:
            printf("gesturekitd %s (libgesturekit %s)\n", GK_TOOL_VERSION, gk_version_string());
            return 0;
        case CHECK: check = true; break;
        case CONFIG: config_path = next; break;
        case DEVICE: device = next; break;
        case DRY_RUN: dry.recording = next; break;
        case DESC: dry.desc = next; break;
        case APP_OUT: dry.app_out = next; break;
        case ACTIONS_OUT: dry.actions_out = next; break;
        case TOUCHES_OUT: dry.touches_out = next; break;
        case TAIL:
            if (!gk_cli_double(next, &dry.tail) || dry.tail < 0 || dry.tail > 86400 * 7) {
                fprintf(stderr, "gesturekitd: --tail takes seconds, 0 to 604800 (got '%s')\n", next);
                return 2;
            }
            break;
        case REPEAT: {
            unsigned long long n;
            if (!gk_cli_unsigned(next, 1000000000ull, &n) || n == 0) {
                fprintf(stderr, "gesturekitd: --repeat takes a count, 1 to 1000000000 (got '%s')\n", next);
                return 2;
            }
            dry.repeat = n;
            break;
        }
        default:   /* getopt_long has said what is wrong */
            fputs("gesturekitd: gesturekitd --help lists the options\n", stderr);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "gesturekitd: unexpected argument %s (gesturekitd --help lists the options)\n", argv[optind]);
        return 2;
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
            int socket = config->socket_path[0] ? gkd_socket_check(config->socket_path, config->socket_group, error,
                                                                    sizeof error) : 0;
            if (socket < 0) {
                fprintf(stderr, "gesturekitd: %s: %s\n", config_path, error);
                status = 1;
            } else {
                printf("%s: %d zones, %d gestures: OK\n", config_path, config->nzones, config->ngestures);
                if (socket > 0) printf("%s: note: %s\n", config_path, error);
                gkd_scene_print_claim_notes(config, &scene, stdout);
            }
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
