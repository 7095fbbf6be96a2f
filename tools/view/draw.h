/* Drawing a player's state (player.h) with an SDL renderer: the scene's views, the touches with
 * their trails, ids, pressure and size, the panel profile's noise circle, each recognizer's state and
 * latest action, velocities, the decision log's latest lines, and a timeline.
 *
 * Layout, for a target of W x H pixels: a bar along the top, a panel of recognizers and log lines on
 * the right, a timeline along the bottom, and the trace's screen scaled to fit the rest and centred
 * in it (gkv_layout). The text needs a TrueType font; without one everything else is drawn. */
#ifndef GKV_DRAW_H
#define GKV_DRAW_H

#include "player.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>

typedef struct gkv_layout_box {
    int width, height;             /* the target, pixels */
    double scale, origin_x, origin_y;   /* pixel = origin + point * scale */
    SDL_Rect screen, panel, timeline;
} gkv_layout_box;

typedef struct gkv_hud {
    const char *source;      /* the file or device shown */
    double speed;            /* playback speed: 1 real time */
    bool paused, live;
} gkv_hud;

/** The layout of the trace's screen in a target of width x height pixels. */
void gkv_layout(gkv_layout_box *box, const gkt_trace *t, int width, int height);

/** Draws the whole picture. `font` and `small` may be NULL (no text). */
void gkv_draw(SDL_Renderer *r, const gkv_layout_box *box, const gkv_player *p, const gkv_hud *hud, TTF_Font *font,
              TTF_Font *small);

/** The colour of touch number `index` (the order touches came down in), and of a state. */
SDL_Color gkv_touch_colour(int index);
SDL_Color gkv_state_colour(gk_state state);
/** The colour of view frames. */
extern const SDL_Color gkv_view_colour;

#endif
