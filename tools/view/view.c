/* gesturekit view: a window (or the display, under SDL's KMS/DRM driver) showing a player, with
 * playback keys, or one picture written as a PNG without any window (--screenshot). This is the
 * host: it alone reads a clock (SDL_GetTicks64) to move playback on. */

#include "view.h"

#include "draw.h"
#include "player.h"
#include "png_write.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *font_paths[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
};

struct fonts {
    TTF_Font *font, *small;
};

/* --font, then $GESTUREKIT_FONT, then DejaVu Sans Mono where distributions put it. */
static void open_fonts(const gkv_options *o, struct fonts *f) {
    memset(f, 0, sizeof *f);
    const char *env = getenv("GESTUREKIT_FONT");
    const char *path = o->font ? o->font : env && env[0] ? env : NULL;
    for (size_t i = 0; !path && i < sizeof font_paths / sizeof font_paths[0]; i++) {
        FILE *probe = fopen(font_paths[i], "rb");
        if (probe) {
            fclose(probe);
            path = font_paths[i];
        }
    }
    if (!path) {
        fputs("gesturekit view: no font found (install fonts-dejavu-core, or give --font FILE): drawing without text\n",
              stderr);
        return;
    }
    f->font = TTF_OpenFont(path, 15);
    f->small = TTF_OpenFont(path, 12);
    if (!f->font || !f->small)
        fprintf(stderr, "gesturekit view: cannot use the font %s (%s): drawing without text\n", path, TTF_GetError());
}

static void close_fonts(struct fonts *f) {
    if (f->font) TTF_CloseFont(f->font);
    if (f->small) TTF_CloseFont(f->small);
    memset(f, 0, sizeof *f);
}

static SDL_Surface *new_canvas(int w, int h) { return SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888); }

/* Draws the player into `canvas` (through a software renderer on it). */
static int paint(SDL_Surface *canvas, const gkv_player *p, const gkv_hud *hud, const struct fonts *f, gkv_layout_box *box) {
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(canvas);
    if (!r) return -1;
    gkv_layout(box, p->trace, canvas->w, canvas->h);
    gkv_draw(r, box, p, hud, f->font, f->small);
    SDL_RenderPresent(r);
    SDL_DestroyRenderer(r);
    return 0;
}

static int screenshot(const gkt_trace *t, const gkt_replay_setup *setup, const char *source, const gkv_options *o) {
    char error[300];
    gkv_player p;
    if (gkv_player_open(&p, t, setup, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekit view: %s\n", error);
        return 1;
    }
    double at = gkv_player_start(&p) + o->at;
    if (at > gkv_player_end(&p)) {
        fprintf(stderr, "gesturekit view: --at %g s is past the end of the input (%.3f s): drawing its end\n", o->at,
                gkv_player_end(&p) - gkv_player_start(&p));
        at = gkv_player_end(&p);   /* the time printed below is the one drawn */
    }
    gkv_player_seek(&p, at, error, sizeof error);
    struct fonts f;
    open_fonts(o, &f);
    SDL_Surface *canvas = new_canvas(o->width, o->height);
    gkv_hud hud = {source, o->speed, true, false};
    gkv_layout_box box;
    int status = 1;
    if (!canvas || paint(canvas, &p, &hud, &f, &box) < 0)
        fprintf(stderr, "gesturekit view: cannot draw: %s\n", SDL_GetError());
    else if (gkv_write_png(canvas, o->screenshot, error, sizeof error) < 0)
        fprintf(stderr, "gesturekit view: %s\n", error);
    else {
        /* Where the picture puts the trace's screen, for whoever checks it. */
        printf("%s: %dx%d pixels at %.3f s; the screen's point (x, y) is pixel (%.1f + x * %.6f, %.1f + y * %.6f)\n",
               o->screenshot, o->width, o->height, at - gkv_player_start(&p), box.origin_x, box.scale, box.origin_y,
               box.scale);
        status = 0;
    }
    if (p.refused) fprintf(stderr, "gesturekit view: %zu input steps refused by the engine; the first: %s\n", p.refused, p.error);
    if (canvas) SDL_FreeSurface(canvas);
    close_fonts(&f);
    gkv_player_close(&p);
    return status;
}

struct session {
    gkv_player player;
    gkv_hud hud;
    double clock;           /* trace time shown */
    int shots;
};

static void seek(struct session *s, double time) {
    char error[300];
    double start = gkv_player_start(&s->player), end = gkv_player_end(&s->player);
    if (time < start) time = start;
    if (!s->hud.live && time > end + 1) time = end + 1;
    s->clock = time;
    if (gkv_player_seek(&s->player, time, error, sizeof error) < 0) fprintf(stderr, "gesturekit view: %s\n", error);
}

static void save(struct session *s, SDL_Surface *canvas) {
    char path[64], error[300];
    snprintf(path, sizeof path, "gesturekit-view-%03d.png", ++s->shots);
    if (gkv_write_png(canvas, path, error, sizeof error) < 0) fprintf(stderr, "gesturekit view: %s\n", error);
    else fprintf(stderr, "gesturekit view: wrote %s\n", path);
}

/* A key: returns false to quit. */
static bool key(struct session *s, SDL_Keycode k, SDL_Surface *canvas) {
    gkv_player *p = &s->player;
    switch (k) {
    case SDLK_q:
    case SDLK_ESCAPE: return false;
    case SDLK_s: save(s, canvas); break;
    case SDLK_SPACE: s->hud.paused = !s->hud.paused; break;
    case SDLK_RIGHT: s->hud.paused = true; seek(s, gkv_player_step_time(p, 1)); break;
    case SDLK_LEFT: s->hud.paused = true; seek(s, gkv_player_step_time(p, -1)); break;
    case SDLK_UP: if (s->hud.speed < 8) s->hud.speed *= 2; break;
    case SDLK_DOWN: if (s->hud.speed > 1.0 / 16) s->hud.speed /= 2; break;
    case SDLK_1: s->hud.speed = 1; break;
    case SDLK_HOME: seek(s, gkv_player_start(p)); break;
    case SDLK_END: seek(s, gkv_player_end(p)); break;
    case SDLK_PAGEUP: seek(s, s->clock - 1); break;
    case SDLK_PAGEDOWN: seek(s, s->clock + 1); break;
    default: break;
    }
    return true;
}

static int window(gkt_trace *t, const gkt_replay_setup *setup, const char *source, const gkv_options *o, const gkv_live *live) {
    if (SDL_Init(SDL_INIT_VIDEO) < 0) {
        fprintf(stderr, "gesturekit view: no display (%s). Without one, --screenshot FILE --at T draws a picture.\n",
                SDL_GetError());
        return 1;
    }
    /* With no display SDL may fall back to a driver that shows nothing: unless asked for one
     * (SDL_VIDEODRIVER, as the tests do), that is no display either. */
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = getenv("SDL_VIDEODRIVER");
    if (driver && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0 || strcmp(driver, "evdev") == 0) &&
        !(asked && asked[0])) {
        fprintf(stderr, "gesturekit view: no display (SDL found only its '%s' video driver, which shows nothing). "
                        "Without one, --screenshot FILE.png --at T draws a picture.\n", driver);
        SDL_Quit();
        return 1;
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | (o->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    SDL_Window *w = SDL_CreateWindow("gesturekit view", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o->width, o->height, flags);
    if (!w) {
        fprintf(stderr, "gesturekit view: cannot open a window: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    struct session s;
    memset(&s, 0, sizeof s);
    char error[300];
    if (gkv_player_open(&s.player, t, setup, error, sizeof error) < 0) {
        fprintf(stderr, "gesturekit view: %s\n", error);
        SDL_DestroyWindow(w);
        SDL_Quit();
        return 1;
    }
    s.hud = (gkv_hud){source, o->speed, o->paused, live != NULL};
    struct fonts f;
    open_fonts(o, &f);
    seek(&s, gkv_player_start(&s.player) + o->at);
    SDL_Surface *canvas = NULL;
    gkv_layout_box box;
    Uint64 last = SDL_GetTicks64(), opened = last;
    bool running = true, dragging = false;
    int status = 0;
    while (running) {
        SDL_Event e;
        if (SDL_WaitEventTimeout(&e, 15)) {
            do {
                if (e.type == SDL_QUIT) running = false;
                else if (e.type == SDL_KEYDOWN && canvas) running = key(&s, e.key.keysym.sym, canvas);
                else if ((e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT) ||
                         (e.type == SDL_MOUSEMOTION && dragging)) {
                    int mx = e.type == SDL_MOUSEMOTION ? e.motion.x : e.button.x, my = e.type == SDL_MOUSEMOTION ? e.motion.y : e.button.y;
                    if (!live && (dragging || (my >= box.timeline.y - 6 && my < box.timeline.y + box.timeline.h + 6))) {
                        dragging = true;   /* the timeline: seek */
                        double f0 = (double)(mx - box.timeline.x) / (box.timeline.w > 1 ? box.timeline.w - 1 : 1);
                        double start = gkv_player_start(&s.player);
                        seek(&s, start + fmin(fmax(f0, 0), 1) * (gkv_player_end(&s.player) - start));
                    }
                } else if (e.type == SDL_MOUSEBUTTONUP) dragging = false;
            } while (running && SDL_PollEvent(&e));
        }
        Uint64 now = SDL_GetTicks64();
        if (o->seconds > 0 && (double)(now - opened) >= o->seconds * 1000) running = false;
        if (live) {
            double at = live->pump(live->userdata);
            if (at < 0) {
                fprintf(stderr, "gesturekit view: the device is gone\n");
                status = 1;
                running = false;
            } else if (!s.hud.paused) {
                seek(&s, at);
            }
        } else if (!s.hud.paused) {
            seek(&s, s.clock + (double)(now - last) / 1000.0 * s.hud.speed);
        }
        last = now;
        SDL_Surface *target = SDL_GetWindowSurface(w);
        if (!target) break;
        if (!canvas || canvas->w != target->w || canvas->h != target->h) {
            if (canvas) SDL_FreeSurface(canvas);
            canvas = new_canvas(target->w, target->h);
            if (!canvas) break;
        }
        paint(canvas, &s.player, &s.hud, &f, &box);
        SDL_BlitSurface(canvas, NULL, target, NULL);
        SDL_UpdateWindowSurface(w);
    }
    if (canvas) SDL_FreeSurface(canvas);
    close_fonts(&f);
    gkv_player_close(&s.player);
    SDL_DestroyWindow(w);
    SDL_Quit();
    return status;
}

int gkv_run(gkt_trace *t, const gkt_replay_setup *setup, const char *source, const gkv_options *o, const gkv_live *live) {
    if (TTF_Init() < 0) {
        fprintf(stderr, "gesturekit view: SDL_ttf: %s\n", TTF_GetError());
        return 1;
    }
    int status = o->screenshot && !live ? screenshot(t, setup, source, o) : window(t, setup, source, o, live);
    TTF_Quit();
    return status;
}
