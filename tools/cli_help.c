/* Usage text from tools/gesturekit_cli.def. */
#include "cli_help.h"
#include "closest_word.h"

#include <string.h>

struct cli_command { const char *name, *arguments, *summary; };
struct cli_option { const char *flag, *argument, *commands, *text; };

static const struct cli_command commands[] = {
#define GK_CLI_COMMAND(name, arguments, summary) {name, arguments, summary},
#define GK_CLI_OPTION(flag, argument, commands, text)
#include "gesturekit_cli.def"
#undef GK_CLI_COMMAND
#undef GK_CLI_OPTION
};

static const struct cli_option options[] = {
#define GK_CLI_COMMAND(name, arguments, summary)
#define GK_CLI_OPTION(flag, argument, commands, text) {flag, argument, commands, text},
#include "gesturekit_cli.def"
#undef GK_CLI_COMMAND
#undef GK_CLI_OPTION
};

enum { ncommands = sizeof commands / sizeof commands[0], noptions = sizeof options / sizeof options[0] };
enum { line_width = 79 };

/* `text` (and `end`, e.g. "." or "") wrapped at spaces to the line width, each line indented. */
static void wrapped(FILE *out, int indent, const char *text, const char *end) {
    int column = 0;
    const char *p = text;
    while (*p) {
        size_t word = strcspn(p, " ");
        if (column > indent && column + 1 + (int)word > line_width) {
            fputc('\n', out);
            column = 0;
        }
        if (column == 0) column = fprintf(out, "%*s", indent, "");
        else column += fprintf(out, " ");
        column += fprintf(out, "%.*s", (int)word, p);
        p += word;
        while (*p == ' ') p++;
    }
    fprintf(out, "%s\n", end);
}

/* Whether the option is read by `command` (a word of its space-separated list, or "*"). */
static bool reads(const struct cli_option *o, const char *command) {
    if (strcmp(o->commands, "*") == 0) return true;
    size_t n = strlen(command);
    for (const char *p = o->commands; (p = strstr(p, command)) != NULL; p += n) {
        bool starts = p == o->commands || p[-1] == ' ';
        bool ends = p[n] == '\0' || p[n] == ' ';
        if (starts && ends) return true;
    }
    return false;
}

static void option_entry(FILE *out, const struct cli_option *o) {
    fprintf(out, "  %s%s%s\n", o->flag, o->argument[0] ? " " : "", o->argument);
    wrapped(out, 6, o->text, "");
}

bool gk_cli_is_command(const char *name) {
    for (size_t i = 0; i < ncommands; i++)
        if (strcmp(commands[i].name, name) == 0) return true;
    return false;
}

const char *gk_cli_closest_command(const char *name) {
    const char *names[sizeof commands / sizeof commands[0]];
    for (size_t i = 0; i < ncommands; i++) names[i] = commands[i].name;
    return gk_closest_word(name, names, ncommands);
}

void gk_cli_short_usage(FILE *out) {
    fputs("usage: gesturekit COMMAND [FILE] [options]   (COMMAND:", out);
    for (size_t i = 0; i < ncommands; i++) fprintf(out, " %s", commands[i].name);
    fputs(")\n       gesturekit --help | --version\n", out);
}

void gk_cli_usage(FILE *out) {
    gk_cli_short_usage(out);
    fputs("\nFILE is a trace (docs/TRACE-FORMAT.md), an evemu recording or an Android getevent trace.\n"
          "\nCommands:\n", out);
    for (size_t i = 0; i < ncommands; i++) {
        fprintf(out, "  %s%s%s\n", commands[i].name, commands[i].arguments[0] ? " " : "", commands[i].arguments);
        wrapped(out, 6, commands[i].summary, ".");
    }
    fputs("\nOptions:\n", out);
    for (size_t i = 0; i < noptions; i++) option_entry(out, &options[i]);
    fputs("\n'gesturekit COMMAND --help' lists the options one command reads. man gesturekit has more.\n", out);
}

bool gk_cli_command_help(FILE *out, const char *name) {
    for (size_t i = 0; i < ncommands; i++) {
        const struct cli_command *c = &commands[i];
        if (strcmp(c->name, name) != 0) continue;
        fprintf(out, "usage: gesturekit %s%s%s\n", c->name, c->arguments[0] ? " " : "", c->arguments);
        wrapped(out, 0, c->summary, ".");
        fputs("\nOptions:\n", out);
        for (size_t j = 0; j < noptions; j++)
            if (reads(&options[j], name)) option_entry(out, &options[j]);
        return true;
    }
    return false;
}
