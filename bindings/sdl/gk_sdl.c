/* GestureKit in an SDL2 app (gk_sdl.h). */
#include "gk_sdl.h"

#include <math.h>
#include <string.h>

#define GK_SDL_TOUCHES 32

struct gk_sdl {
    gk_engine *engine;
    SDL_Window *window;
    gk_sdl_options options;
    struct { bool down; SDL_TouchID device; SDL_FingerID finger; int64_t id; } fingers[GK_SDL_TOUCHES];
    bool mouse_down;
    int64_t mouse_id;
    int64_t next_id;
    uint32_t window_id;
    bool mapped;           /* the display-to-window mapping below is current */
    double origin_x, origin_y, scale_x, scale_y;   /* window point = origin + normalised * scale */
    double last_time;      /* seconds: the last time fed to the engine */
    uint64_t latest_ms;    /* the latest SDL time seen (an event's or the clock's), unwrapped */
    bool have_time;
    gk_sdl_stats stats;
};

/* SDL's clock in milliseconds, 64 bits where SDL has them (2.0.18 and later). */
static uint64_t clock_ms(void) {
#if SDL_VERSION_ATLEAST(2, 0, 18)
    return SDL_GetTicks64();
#else
    return SDL_GetTicks();   /* wraps after 49.7 days: gk_sdl_advance_at() unwraps it */
#endif
}

void gk_sdl_options_init(gk_sdl_options *o) {
    memset(o, 0, sizeof *o);
    o->size = sizeof *o;
    o->fingers = true;
    o->mouse = true;
}

gk_status gk_sdl_create(gk_engine *engine, SDL_Window *window, const gk_sdl_options *options, gk_sdl **out) {
    if (!engine || !window || !out) return GK_ERR_NULL_POINTER;
    if (options && options->size < sizeof *options) return GK_ERR_STRUCT_SIZE;
    gk_sdl *a = SDL_calloc(1, sizeof *a);
    if (!a) return GK_ERR_CAPACITY;
    a->engine = engine;
    a->window = window;
    if (options) a->options = *options;
    else gk_sdl_options_init(&a->options);
    a->next_id = 1;
    a->window_id = SDL_GetWindowID(window);
    a->latest_ms = clock_ms();
    *out = a;
    return GK_OK;
}

void gk_sdl_destroy(gk_sdl *a) { SDL_free(a); }

/* SDL2's event timestamps are 32-bit milliseconds that wrap after 49.7 days. Each is read as the
 * 64-bit time nearest the latest one seen (serial-number arithmetic: an event is never 24 days
 * away from the latest clock reading or event), so time goes on across the wrap. */
static uint64_t unwrap(gk_sdl *a, uint32_t ticks) {
    int32_t d = (int32_t)(ticks - (uint32_t)a->latest_ms);
    uint64_t t = d < 0 && (uint64_t)(-(int64_t)d) > a->latest_ms ? 0 : a->latest_ms + (uint64_t)(int64_t)d;
    if (t > a->latest_ms) a->latest_ms = t;
    return t;
}

/* SDL's milliseconds as engine seconds, never going back. */
static double input_time(gk_sdl *a, uint32_t ticks) {
    double t = (double)unwrap(a, ticks) / 1000.0;
    if (a->have_time && t < a->last_time) {
        a->stats.time_held++;
        t = a->last_time;
    }
    a->last_time = t;
    a->have_time = true;
    return t;
}

static void push_actions(gk_sdl *a) {
    if (!a->options.action_event) return;
    gk_action action;
    while (gk_engine_poll_action(a->engine, &action, sizeof action) == GK_OK) {
        gk_action *copy = SDL_malloc(sizeof *copy);
        if (!copy) continue;
        *copy = action;
        SDL_Event e;
        SDL_zero(e);
        e.type = a->options.action_event;
        e.user.code = (Sint32)action.state;
        e.user.data1 = copy;
        if (SDL_PushEvent(&e) != 1) SDL_free(copy);
    }
}

static void feed(gk_sdl *a, double t, int64_t id, gk_touch_phase phase, gk_touch_type type, double x, double y,
                 double force, uint32_t buttons) {
    gk_touch touch = {.id = id, .phase = phase, .type = type, .x = x, .y = y, .force = force, .buttons = buttons};
    gk_engine_feed(a->engine, t, &touch, 1);
    push_actions(a);
}

static int finger_slot(const gk_sdl *a, SDL_TouchID device, SDL_FingerID finger) {
    for (int i = 0; i < GK_SDL_TOUCHES; i++)
        if (a->fingers[i].down && a->fingers[i].device == device && a->fingers[i].finger == finger) return i;
    return -1;
}

/* A finger's normalised device position in the window's points: the touch device covers the
 * display the window is on. The mapping is read once, and again after the window or a display
 * changes (the app passes those events on). */
static void finger_point(gk_sdl *a, float nx, float ny, double *x, double *y) {
    if (!a->mapped) {
        SDL_Rect display = {0, 0, 0, 0};
        int index = SDL_GetWindowDisplayIndex(a->window);
        if (index < 0 || SDL_GetDisplayBounds(index, &display) != 0 || display.w <= 0 || display.h <= 0)
            SDL_GetWindowSize(a->window, &display.w, &display.h);
        int wx = 0, wy = 0;
        SDL_GetWindowPosition(a->window, &wx, &wy);
        a->origin_x = display.x - wx;
        a->origin_y = display.y - wy;
        a->scale_x = display.w;
        a->scale_y = display.h;
        a->mapped = true;
    }
    *x = a->origin_x + (double)nx * a->scale_x;
    *y = a->origin_y + (double)ny * a->scale_y;
}

static bool finger_event(gk_sdl *a, const SDL_TouchFingerEvent *f) {
    if (f->touchId == SDL_MOUSE_TOUCHID) return false;   /* synthesised from the mouse */
    if (f->windowID && f->windowID != a->window_id) return false;
    double t = input_time(a, f->timestamp), x, y;
    finger_point(a, f->x, f->y, &x, &y);
    double force = f->pressure > 0 ? f->pressure : 0;
    int slot = finger_slot(a, f->touchId, f->fingerId);
    if (f->type == SDL_FINGERDOWN) {
        if (slot >= 0) {
            /* Down again without an up (a lost event): end the old touch as cancelled first. */
            a->stats.restarted++;
            feed(a, t, a->fingers[slot].id, GK_TOUCH_CANCELLED, GK_TOUCH_TYPE_DIRECT, NAN, NAN, 0, 0);
            a->fingers[slot].down = false;
        }
        for (slot = 0; slot < GK_SDL_TOUCHES && a->fingers[slot].down; slot++) {}
        if (slot == GK_SDL_TOUCHES) return false;
        a->fingers[slot].down = true;
        a->fingers[slot].device = f->touchId;
        a->fingers[slot].finger = f->fingerId;
        a->fingers[slot].id = a->next_id++;
        feed(a, t, a->fingers[slot].id, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT, x, y, force, 0);
        return true;
    }
    if (slot < 0) return false;   /* motion or up of a finger that never went down here */
    bool up = f->type == SDL_FINGERUP;
    feed(a, t, a->fingers[slot].id, up ? GK_TOUCH_ENDED : GK_TOUCH_MOVED, GK_TOUCH_TYPE_DIRECT, x, y, force, 0);
    if (up) a->fingers[slot].down = false;
    return true;
}

static bool mouse_event(gk_sdl *a, const SDL_Event *e) {
    uint32_t which = e->type == SDL_MOUSEMOTION ? e->motion.which : e->button.which;
    uint32_t window = e->type == SDL_MOUSEMOTION ? e->motion.windowID : e->button.windowID;
    if (which == SDL_TOUCH_MOUSEID) return false;   /* synthesised from a touch */
    if (window != a->window_id) return false;
    double t = input_time(a, e->common.timestamp);
    if (e->type == SDL_MOUSEMOTION) {
        if (!a->mouse_down) return false;
        feed(a, t, a->mouse_id, GK_TOUCH_MOVED, GK_TOUCH_TYPE_INDIRECT_POINTER, e->motion.x, e->motion.y, 0,
             GK_BUTTON_PRIMARY);
        return true;
    }
    if (e->button.button != SDL_BUTTON_LEFT) return false;
    if (e->type == SDL_MOUSEBUTTONDOWN && !a->mouse_down) {
        a->mouse_down = true;
        a->mouse_id = a->next_id++;
        feed(a, t, a->mouse_id, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_INDIRECT_POINTER, e->button.x, e->button.y, 0,
             GK_BUTTON_PRIMARY);
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONUP && a->mouse_down) {
        a->mouse_down = false;
        feed(a, t, a->mouse_id, GK_TOUCH_ENDED, GK_TOUCH_TYPE_INDIRECT_POINTER, e->button.x, e->button.y, 0, 0);
        return true;
    }
    return false;
}

bool gk_sdl_handle_event(gk_sdl *a, const SDL_Event *e) {
    if (!a || !e) return false;
    bool used = false;
    switch (e->type) {
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP:
        used = a->options.fingers && finger_event(a, &e->tfinger);
        break;
    case SDL_MOUSEMOTION:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        used = a->options.mouse && mouse_event(a, e);
        break;
    case SDL_WINDOWEVENT:
        /* Moved, resized or on another display: map fingers afresh. Never the adapter's to keep. */
        if (e->window.windowID == a->window_id) a->mapped = false;
        return false;
    case SDL_DISPLAYEVENT:
        a->mapped = false;
        return false;
    default:
        return false;
    }
    if (used) a->stats.used++;
    else a->stats.ignored++;
    return used;
}

int gk_sdl_wait_timeout(const gk_sdl *a) { return a ? gk_sdl_wait_timeout_at(a, clock_ms()) : -1; }

int gk_sdl_wait_timeout_at(const gk_sdl *a, uint64_t now_ms) {
    double deadline = INFINITY;
    if (!a || gk_engine_next_deadline(a->engine, &deadline) != GK_OK || isinf(deadline)) return -1;
    double wait = deadline - (double)now_ms / 1000.0;
    if (wait <= 0) return 0;
    return wait > 86400 ? 86400 * 1000 : (int)ceil(wait * 1000);
}

void gk_sdl_advance(gk_sdl *a) {
    if (a) gk_sdl_advance_at(a, clock_ms());
}

void gk_sdl_advance_at(gk_sdl *a, uint64_t now_ms) {
    if (!a) return;
#if !SDL_VERSION_ATLEAST(2, 0, 18)
    now_ms = unwrap(a, (uint32_t)now_ms);
#endif
    if (now_ms > a->latest_ms) a->latest_ms = now_ms;
    double deadline = INFINITY;
    double now = (double)now_ms / 1000.0;
    if (gk_engine_next_deadline(a->engine, &deadline) != GK_OK || deadline > now) return;
    if (a->have_time && now < a->last_time) now = a->last_time;
    a->last_time = now;
    a->have_time = true;
    gk_engine_advance(a->engine, now);
    push_actions(a);
}

void gk_sdl_get_stats(const gk_sdl *a, gk_sdl_stats *out) {
    if (a && out) *out = a->stats;
}
