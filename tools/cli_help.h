/* The gesturekit tool's usage and per-command help, printed from tools/gesturekit_cli.def (the
 * source of the man page too). */
#ifndef GESTUREKIT_CLI_HELP_H
#define GESTUREKIT_CLI_HELP_H

#include <stdbool.h>
#include <stdio.h>

/* Whether `name` is one of the tool's commands. */
bool gk_cli_is_command(const char *name);
/* The command a misspelt name most likely meant ("reply": "replay"), or NULL. */
const char *gk_cli_closest_command(const char *name);

/* The full usage: every command and option. */
void gk_cli_usage(FILE *out);

/* Two lines and a pointer to --help, for usage errors (on standard error). */
void gk_cli_short_usage(FILE *out);

/* `gesturekit COMMAND --help`: the command's synopsis, what it does, and the options it reads.
 * Returns false (printing nothing) when `name` is not a command. */
bool gk_cli_command_help(FILE *out, const char *name);

#endif
