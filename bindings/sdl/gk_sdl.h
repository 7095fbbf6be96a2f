/* gk_sdl: GestureKit in an SDL2 app. The adapter turns SDL's finger and mouse events into engine
 * input with SDL's own timestamps, drives the engine's deadlines from the app's event loop, and
 * hands the engine's actions back as SDL user events or through a callback. SDL2 has no pen events
 * of its own: a pen or tablet reaches an SDL2 app as the mouse, or as fingers where its driver
 * reports it as a touchscreen, and the adapter reads it as such.
 *
 *     gk_sdl *sdl;
 *     gk_sdl_create(engine, window, NULL, &sdl);
 *     for (;;) {
 *         SDL_Event e;
 *         if (SDL_WaitEventTimeout(&e, gk_sdl_wait_timeout(sdl))) {
 *             if (!gk_sdl_handle_event(sdl, &e)) ... the app's own event ...
 *         }
 *         gk_sdl_advance(sdl);          // timers that are due
 *         ... drain gk_engine_poll_action() / _delivery(), or read the user events ...
 *     }
 *
 * Ownership: the adapter borrows the engine and the window (both must outlive it) and owns only
 * itself. Threads: one adapter, its engine and its window belong to the thread that runs SDL's
 * event loop. The engine stays deterministic: the adapter is the only part that reads a clock
 * (SDL_GetTicks, for deadlines), and it feeds SDL's event times, not the clock, as input times.
 *
 * Coordinates: finger events are normalised to the touch device, which on a touchscreen covers the
 * display; the adapter maps them to the window's points from the display's bounds and the window's
 * position. It reads them once, and again after an SDL_WINDOWEVENT of its window or an
 * SDL_DISPLAYEVENT: pass every event to gk_sdl_handle_event() (it returns false for those, and for
 * every other event that is not input). Mouse events are already in window coordinates. */
#ifndef GK_SDL_H
#define GK_SDL_H

#include <SDL.h>
#include <gesturekit.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gk_sdl gk_sdl;

typedef struct gk_sdl_options {
    size_t size;               /* sizeof(gk_sdl_options); set by gk_sdl_options_init() */
    bool fingers;              /* SDL_FINGER* events (default true) */
    bool mouse;                /* the mouse as an indirect pointer, left button down = touching (default true);
                                  the mouse events SDL synthesises from touches are always ignored */
    uint32_t action_event;     /* 0 (default): actions stay in the engine's queue for the app to poll.
                                  Else an SDL user event type (SDL_RegisterEvents): after each event and
                                  advance the adapter drains the queue and pushes one such event per
                                  action, with event.user.code = the action's gk_state and data1 = a copy
                                  of the gk_action that the app owns and frees with SDL_free() */
} gk_sdl_options;

void gk_sdl_options_init(gk_sdl_options *options);

/* Creates an adapter for `engine` and `window` (`options` may be NULL). Returns GK_OK, or
 * GK_ERR_NULL_POINTER, GK_ERR_STRUCT_SIZE, GK_ERR_CAPACITY (out of memory). */
gk_status gk_sdl_create(gk_engine *engine, SDL_Window *window, const gk_sdl_options *options, gk_sdl **out);

/* Frees the adapter (NULL is accepted). The engine and window stay. */
void gk_sdl_destroy(gk_sdl *sdl);

/* Feeds one SDL event. Returns true when it was an input event the adapter used (a finger, a mouse
 * button or motion of the window), false for any other event, which stays the app's.
 * Events of another window are not used. A touch device the adapter has not seen before is
 * accepted; a finger id that is down twice is taken as a new touch after the old one is cancelled.
 * SDL2's timestamps are 32-bit milliseconds since start, which wrap after 49.7 days: the adapter
 * unwraps them, so time goes on past the wrap. A timestamp that goes back is held at the last
 * one, so the engine never sees time go back. */
bool gk_sdl_handle_event(gk_sdl *sdl, const SDL_Event *event);

/* Milliseconds to wait in SDL_WaitEventTimeout() before the engine's next deadline, or -1 when
 * nothing is pending (wait for an event). */
int gk_sdl_wait_timeout(const gk_sdl *sdl);

/* Fires the engine's timers that are due by SDL's clock (SDL_GetTicks64()). Call it after each
 * wait. */
void gk_sdl_advance(gk_sdl *sdl);

/* gk_sdl_wait_timeout() and gk_sdl_advance() at `now_ms`, SDL milliseconds since start, for a
 * host with a clock of its own on SDL's time base (and for tests). */
int gk_sdl_wait_timeout_at(const gk_sdl *sdl, uint64_t now_ms);
void gk_sdl_advance_at(gk_sdl *sdl, uint64_t now_ms);

/* Counters: events used, events ignored (other window, synthesised), touches cancelled because
 * their finger id came down again, times held back. */
typedef struct gk_sdl_stats {
    uint64_t used, ignored, restarted, time_held;
} gk_sdl_stats;
void gk_sdl_get_stats(const gk_sdl *sdl, gk_sdl_stats *out);

#ifdef __cplusplus
}
#endif
#endif
