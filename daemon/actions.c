/* Reporting events and running actions (gkd_actions.h). */
#include "gkd_actions.h"

#include "gkd_spawner.h"

#include <errno.h>
#include <libevdev/libevdev.h>
#include <stdarg.h>
#include <string.h>

struct text {
    char *out;
    size_t size, length;
    bool overflow;
};

static void put(struct text *t, const char *format, ...) {
    if (t->overflow) return;
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(t->out + t->length, t->size - t->length, format, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= t->size - t->length) t->overflow = true;
    else t->length += (size_t)n;
}

/* A JSON string: quotes, backslashes and control characters escaped; other bytes as they are. */
static void string(struct text *t, const char *s) {
    put(t, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') put(t, "\\%c", c);
        else if (c < 0x20) put(t, "\\u%04x", c);
        else put(t, "%c", c);
    }
    put(t, "\"");
}

static const char *action_name(gkd_action_kind kind) {
    switch (kind) {
    case GKD_ACTION_EXEC: return "exec";
    case GKD_ACTION_KEY: return "key";
    case GKD_ACTION_SOCKET: return "socket";
    case GKD_ACTION_CLEANING: return "cleaning";
    }
    return "?";
}

int gkd_event_json(const gkd_event *e, const gkd_action *a, bool ran, char *out, size_t size) {
    if (size == 0) return -1;
    struct text t = {out, size, 0, false};
    out[0] = 0;
    put(&t, "{\"time\":%.6f,\"event\":", e->time);
    string(&t, e->event);
    if (e->gesture) {
        put(&t, ",\"gesture\":");
        string(&t, e->gesture);
    }
    if (e->kind) {
        put(&t, ",\"kind\":");
        string(&t, e->kind);
    }
    if (e->state) {
        put(&t, ",\"state\":");
        string(&t, e->state);
    }
    if (e->gesture) put(&t, ",\"x\":%.2f,\"y\":%.2f,\"touches\":%d", e->x, e->y, e->touches);
    if (a) {
        put(&t, ",\"action\":");
        string(&t, action_name(a->kind));
        if (a->kind == GKD_ACTION_EXEC) {
            put(&t, ",\"argv\":[");
            for (int i = 0; i < a->argc; i++) {
                if (i) put(&t, ",");
                string(&t, a->argv[i]);
            }
            put(&t, "]");
        } else if (a->kind == GKD_ACTION_KEY) {
            put(&t, ",\"keys\":[");
            for (int i = 0; i < a->nkeys; i++) {
                const char *name = libevdev_event_code_get_name(EV_KEY, (unsigned)a->keys[i]);
                if (i) put(&t, ",");
                string(&t, name ? name : "?");
            }
            put(&t, "]");
        }
        put(&t, ",\"ran\":%s", ran ? "true" : "false");
    }
    put(&t, "}");
    return t.overflow ? -1 : (int)t.length;
}

static void log_line(gkd_runner *r, const char *line, int length) {
    if (length < 0) return;
    if (r->log) {
        fwrite(line, 1, (size_t)length, r->log);
        fputc('\n', r->log);
        fflush(r->log);
    }
}

/* argv with the event in the environment: GESTUREKIT_EVENT, _GESTURE, _KIND, _STATE, _X, _Y,
 * _TOUCHES, _TIME, after the daemon's own environment. Through the runner's helper when it has one
 * (gkd_spawner.h), so that the daemon never waits for the program to start. */
static bool spawn(gkd_runner *r, const gkd_action *a, const gkd_event *e) {
    char values[8][96];
    const char *names[8] = {"GESTUREKIT_EVENT", "GESTUREKIT_GESTURE", "GESTUREKIT_KIND", "GESTUREKIT_STATE",
                            "GESTUREKIT_X", "GESTUREKIT_Y", "GESTUREKIT_TOUCHES", "GESTUREKIT_TIME"};
    snprintf(values[0], sizeof values[0], "%s=%s", names[0], e->event);
    snprintf(values[1], sizeof values[1], "%s=%s", names[1], e->gesture ? e->gesture : "");
    snprintf(values[2], sizeof values[2], "%s=%s", names[2], e->kind ? e->kind : "");
    snprintf(values[3], sizeof values[3], "%s=%s", names[3], e->state ? e->state : "");
    snprintf(values[4], sizeof values[4], "%s=%.2f", names[4], e->x);
    snprintf(values[5], sizeof values[5], "%s=%.2f", names[5], e->y);
    snprintf(values[6], sizeof values[6], "%s=%d", names[6], e->touches);
    snprintf(values[7], sizeof values[7], "%s=%.6f", names[7], e->time);
    char *extra[8];
    for (int i = 0; i < 8; i++) extra[i] = values[i];
    char *argv[GKD_MAX_ARGS + 1];
    for (int i = 0; i < a->argc; i++) argv[i] = (char *)a->argv[i];
    argv[a->argc] = NULL;
    if (r->spawn) return r->spawn(r->spawn_user_data, argv, extra, 8);
    return gkd_spawn_now(argv, extra, 8);
}

void gkd_run_actions(gkd_runner *r, const gkd_event *e, const gkd_action *actions, int count) {
    char line[4096];
    for (int i = 0; i < count; i++) {
        const gkd_action *a = &actions[i];
        bool ran = false;
        if (!r->dry_run) {
            switch (a->kind) {
            case GKD_ACTION_EXEC: ran = spawn(r, a, e); break;
            case GKD_ACTION_KEY: ran = r->send_keys && r->send_keys(r->keys_user_data, a->keys, a->nkeys) == 0; break;
            case GKD_ACTION_SOCKET: ran = r->broadcast != NULL; break;
            case GKD_ACTION_CLEANING: ran = true; break;
            }
            if (ran) r->run++;
            else if (a->kind != GKD_ACTION_CLEANING) r->failed++;
        }
        int n = gkd_event_json(e, a, ran, line, sizeof line);
        log_line(r, line, n);
        if (a->kind == GKD_ACTION_SOCKET && r->broadcast && n >= 0) {
            /* Clients get the event itself, without the action's bookkeeping. */
            int m = gkd_event_json(e, NULL, false, line, sizeof line - 1);
            if (m >= 0) {
                line[m] = '\n';
                r->broadcast(r->broadcast_user_data, line, (size_t)m + 1);
            }
        }
    }
}

void gkd_log_event(gkd_runner *r, const gkd_event *e) {
    char line[1024];
    log_line(r, line, gkd_event_json(e, NULL, false, line, sizeof line));
}
