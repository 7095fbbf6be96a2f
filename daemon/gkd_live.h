/* gesturekitd on a real touchscreen: finds it through libudev (or takes the one named), follows
 * hotplug, reads it through the live reader the tools and the pump share (live_device.h), and,
 * with grab = yes, takes it from the app and re-emits the app's touches on a uinput touchscreen
 * with the panel's axes, a frame per write(). Starts exec actions' programs from a helper process
 * (gkd_spawner.h). Serves the socket (events out, commands in), tells systemd it is ready and
 * alive, reloads its configuration on SIGHUP and stops cleanly on SIGTERM. The only part of the
 * daemon that reads a clock. */
#ifndef GKD_LIVE_H
#define GKD_LIVE_H

#include "gkd_config.h"

/* Runs until SIGTERM or SIGINT. `config` is the loaded configuration from `config_path` (read
 * again on SIGHUP); `device` overrides its device. Returns the exit status. */
int gkd_live(const char *config_path, gkd_config *config, const char *device);

#endif
