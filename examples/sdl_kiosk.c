/* An SDL2 kiosk screen whose gestures come from GestureKit through the SDL adapter (gk_sdl.h):
 * two buttons, a map that pans, pinches and rotates at once, a double tap that recentres the map,
 * and a hidden service gesture (two fingers held for two seconds in the top right corner). It is
 * drawn with SDL's renderer and SDL_ttf; the loop waits with gk_sdl_wait_timeout() and fires the
 * engine's timers with gk_sdl_advance().
 *
 *   gesturekit-sdl-kiosk                      a window (or the display, under SDL_VIDEODRIVER=kmsdrm)
 *   gesturekit-sdl-kiosk --demo [--screenshot FILE.bmp]
 *       plays a scripted visit through SDL's own event queue (taps, a pan, a double tap, a pinch
 *       with a rotation, the service gesture), prints each action, draws the last frame to FILE
 *       and exits. Runs headless with SDL_VIDEODRIVER=dummy.
 */
#include <gk_sdl.h>

#include <SDL.h>
#include <SDL_ttf.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define WIDTH 800
#define HEIGHT 480

struct kiosk {
    SDL_Window *window;
    SDL_Renderer *renderer;
    TTF_Font *font;
    gk_engine *engine;
    gk_sdl *sdl;
    SDL_Rect tickets_rect, help_rect, map_rect, corner_rect;
    gk_recognizer tickets, help, pan, pinch, rotation, recentre, service;
    double x, y, scale, angle;          /* the map's committed transform */
    double live_x, live_y, live_scale, live_angle;   /* the gestures in progress */
    int sold;
    bool service_open;
    char status[160];
};

static gk_view make_view(gk_engine *e, gk_view parent, SDL_Rect r) {
    gk_view v;
    gk_rect frame = {r.x, r.y, r.w, r.h};
    gk_view_create(e, parent, &frame, &v);
    return v;
}

static gk_recognizer make(gk_engine *e, gk_recognizer_kind kind, gk_view view, const char *name) {
    gk_recognizer r;
    gk_recognizer_create(e, kind, &r);
    gk_recognizer_set_name(e, r, name, strlen(name));
    gk_recognizer_attach(e, r, view);
    return r;
}

/* Pan, pinch and rotation on the map recognize together. */
static bool together(gk_engine *e, gk_recognizer r, gk_recognizer other, void *user_data) {
    (void)e;
    (void)r;
    const struct kiosk *k = user_data;
    return other == k->pan || other == k->pinch || other == k->rotation;
}

static void build_scene(struct kiosk *k) {
    gk_engine_options o;
    gk_engine_options_init(&o);
    o.screen_width = WIDTH;
    o.screen_height = HEIGHT;
    gk_engine_create(&o, &k->engine);
    gk_view root;
    gk_engine_root_view(k->engine, &root);
    k->tickets_rect = (SDL_Rect){24, 20, 220, 70};
    k->help_rect = (SDL_Rect){264, 20, 160, 70};
    k->map_rect = (SDL_Rect){24, 110, 752, 334};
    k->corner_rect = (SDL_Rect){WIDTH - 130, 0, 130, 100};
    gk_view map = make_view(k->engine, root, k->map_rect);
    gk_view_set_flag(k->engine, map, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true);
    gk_view corner = make_view(k->engine, root, k->corner_rect);
    gk_view_set_flag(k->engine, corner, GK_VIEW_MULTIPLE_TOUCH_ENABLED, true);
    k->tickets = make(k->engine, GK_KIND_TAP, make_view(k->engine, root, k->tickets_rect), "tickets");
    k->help = make(k->engine, GK_KIND_TAP, make_view(k->engine, root, k->help_rect), "help");
    k->pan = make(k->engine, GK_KIND_PAN, map, "map pan");
    gk_recognizer_set_int(k->engine, k->pan, GK_PROP_PAN_MAXIMUM_NUMBER_OF_TOUCHES, 2);
    k->pinch = make(k->engine, GK_KIND_PINCH, map, "map pinch");
    k->rotation = make(k->engine, GK_KIND_ROTATION, map, "map rotation");
    k->recentre = make(k->engine, GK_KIND_TAP, map, "recentre");
    gk_recognizer_set_int(k->engine, k->recentre, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2);
    k->service = make(k->engine, GK_KIND_LONG_PRESS, corner, "service");
    gk_recognizer_set_int(k->engine, k->service, GK_PROP_LONG_PRESS_NUMBER_OF_TOUCHES_REQUIRED, 2);
    gk_recognizer_set_double(k->engine, k->service, GK_PROP_LONG_PRESS_MINIMUM_PRESS_DURATION, 2.0);
    gk_delegate d;
    memset(&d, 0, sizeof d);
    d.size = sizeof d;
    d.user_data = k;
    d.should_recognize_simultaneously = together;
    gk_recognizer_set_delegate(k->engine, k->pan, &d);
    gk_recognizer_set_delegate(k->engine, k->pinch, &d);
    gk_recognizer_set_delegate(k->engine, k->rotation, &d);
    k->scale = k->live_scale = 1;
}

static void say(struct kiosk *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct kiosk *k, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->status, sizeof k->status, fmt, ap);
    va_end(ap);
    printf("%s\n", k->status);
    fflush(stdout);
}

/* What the app does with each action: the whole of its gesture logic. */
static void on_action(struct kiosk *k, const gk_action *a) {
    bool done = a->state == GK_STATE_ENDED || a->state == GK_STATE_CANCELLED;
    if (a->recognizer == k->tickets && a->state == GK_STATE_ENDED) {
        k->sold++;
        say(k, "tickets: tapped, %d sold", k->sold);
    } else if (a->recognizer == k->help && a->state == GK_STATE_ENDED) {
        k->service_open = false;
        say(k, "help: tapped");
    } else if (a->recognizer == k->recentre && a->state == GK_STATE_ENDED) {
        k->x = k->y = k->angle = 0;
        k->scale = 1;
        say(k, "map: double tap at %.0f, %.0f, recentred", a->location.x, a->location.y);
    } else if (a->recognizer == k->pan) {
        k->live_x = a->translation.x;
        k->live_y = a->translation.y;
        if (done) {
            k->x += k->live_x;
            k->y += k->live_y;
            k->live_x = k->live_y = 0;
            say(k, "map: panned by %.0f, %.0f", a->translation.x, a->translation.y);
        }
    } else if (a->recognizer == k->pinch) {
        k->live_scale = a->scale;
        if (done) {
            k->scale *= a->scale;
            k->live_scale = 1;
            say(k, "map: pinched, scale %.2f (now %.2f)", a->scale, k->scale);
        }
    } else if (a->recognizer == k->rotation) {
        k->live_angle = a->rotation;
        if (done) {
            k->angle += a->rotation;
            k->live_angle = 0;
            say(k, "map: rotated by %.0f degrees", a->rotation * 180 / M_PI);
        }
    } else if (a->recognizer == k->service && a->state == GK_STATE_BEGAN) {
        k->service_open = true;
        say(k, "service: two fingers held 2 s in the corner, service menu open");
    }
}

static void label(struct kiosk *k, const char *text, int x, int y, SDL_Color c, bool centred) {
    if (!k->font) return;
    SDL_Surface *s = TTF_RenderUTF8_Blended(k->font, text, c);
    if (!s) return;
    SDL_Texture *t = SDL_CreateTextureFromSurface(k->renderer, s);
    SDL_Rect at = {centred ? x - s->w / 2 : x, centred ? y - s->h / 2 : y, s->w, s->h};
    if (t) SDL_RenderCopy(k->renderer, t, NULL, &at);
    SDL_DestroyTexture(t);
    SDL_FreeSurface(s);
}

static void button(struct kiosk *k, SDL_Rect r, const char *text, SDL_Color fill) {
    SDL_SetRenderDrawColor(k->renderer, fill.r, fill.g, fill.b, 255);
    SDL_RenderFillRect(k->renderer, &r);
    label(k, text, r.x + r.w / 2, r.y + r.h / 2, (SDL_Color){255, 255, 255, 255}, true);
}

/* A point of the map (metres from its centre, say) on the screen, with the committed and live transforms. */
static SDL_FPoint on_screen(const struct kiosk *k, double mx, double my) {
    double s = k->scale * k->live_scale, a = k->angle + k->live_angle;
    double cx = k->map_rect.x + k->map_rect.w / 2.0 + k->x + k->live_x;
    double cy = k->map_rect.y + k->map_rect.h / 2.0 + k->y + k->live_y;
    return (SDL_FPoint){(float)(cx + s * (mx * cos(a) - my * sin(a))), (float)(cy + s * (mx * sin(a) + my * cos(a)))};
}

static void draw(struct kiosk *k) {
    SDL_Renderer *r = k->renderer;
    SDL_SetRenderDrawColor(r, 24, 28, 36, 255);
    SDL_RenderClear(r);
    button(k, k->tickets_rect, "Buy a ticket", (SDL_Color){30, 130, 80, 255});
    button(k, k->help_rect, "Help", (SDL_Color){60, 90, 150, 255});
    char sold[48];
    snprintf(sold, sizeof sold, "%d sold", k->sold);
    label(k, sold, 444, 44, (SDL_Color){200, 205, 215, 255}, false);
    SDL_SetRenderDrawColor(r, 232, 228, 214, 255);
    SDL_RenderFillRect(r, &k->map_rect);
    SDL_RenderSetClipRect(r, &k->map_rect);
    SDL_SetRenderDrawColor(r, 190, 186, 170, 255);
    for (int i = -12; i <= 12; i++) {   /* streets every 60 units */
        SDL_FPoint a = on_screen(k, i * 60, -720), b = on_screen(k, i * 60, 720);
        SDL_FPoint c = on_screen(k, -720, i * 60), d = on_screen(k, 720, i * 60);
        SDL_RenderDrawLineF(r, a.x, a.y, b.x, b.y);
        SDL_RenderDrawLineF(r, c.x, c.y, d.x, d.y);
    }
    SDL_SetRenderDrawColor(r, 90, 140, 200, 255);   /* a river */
    for (int i = -12; i < 12; i++) {
        SDL_FPoint a = on_screen(k, i * 60, 90 + 40 * sin(i * 0.7)), b = on_screen(k, (i + 1) * 60, 90 + 40 * sin((i + 1) * 0.7));
        for (int w = -3; w <= 3; w++) SDL_RenderDrawLineF(r, a.x, a.y + w, b.x, b.y + w);
    }
    static const struct { const char *name; double x, y; } places[] = {{"Station", -120, 30}, {"Museum", 95, -40}, {"You are here", 0, 0}};
    for (size_t i = 0; i < 3; i++) {
        SDL_FPoint p = on_screen(k, places[i].x, places[i].y);
        SDL_SetRenderDrawColor(r, i == 2 ? 220 : 170, i == 2 ? 60 : 70, i == 2 ? 60 : 160, 255);
        SDL_FRect dot = {p.x - 7, p.y - 7, 14, 14};
        SDL_RenderFillRectF(r, &dot);
        label(k, places[i].name, (int)p.x + 11, (int)p.y - 9, (SDL_Color){40, 40, 50, 255}, false);
    }
    SDL_RenderSetClipRect(r, NULL);
    if (k->service_open) {
        SDL_Rect panel = {WIDTH - 344, 110, 320, 120};
        SDL_SetRenderDrawColor(r, 40, 40, 48, 255);
        SDL_RenderFillRect(r, &panel);
        label(k, "Service menu", panel.x + 16, panel.y + 14, (SDL_Color){255, 200, 80, 255}, false);
        label(k, "(hidden gesture: two fingers,", panel.x + 16, panel.y + 50, (SDL_Color){200, 200, 210, 255}, false);
        label(k, " two seconds, top right)", panel.x + 16, panel.y + 76, (SDL_Color){200, 200, 210, 255}, false);
    }
    label(k, k->status, 24, HEIGHT - 28, (SDL_Color){200, 205, 215, 255}, false);
    SDL_RenderPresent(r);
}

/* ---- the scripted visit of --demo: finger events pushed into SDL's queue at their times ---- */
struct scripted {
    Uint32 at;        /* ms after the start */
    Uint32 type;
    SDL_FingerID finger;
    float x, y;       /* window pixels */
};

static int script(struct scripted *s, int max) {
    int n = 0;
#define ADD(t, ty, f, px, py) do { if (n < max) s[n++] = (struct scripted){(t), (ty), (f), (px), (py)}; } while (0)
    ADD(200, SDL_FINGERDOWN, 1, 130, 55);   /* buy a ticket */
    ADD(280, SDL_FINGERUP, 1, 130, 55);
    for (int i = 0; i <= 12; i++)            /* pan the map right and down */
        ADD(700 + i * 16, i == 0 ? SDL_FINGERDOWN : SDL_FINGERMOTION, 2, 300 + i * 10, 260 + i * 4);
    ADD(700 + 13 * 16, SDL_FINGERUP, 2, 420, 308);
    ADD(1300, SDL_FINGERDOWN, 3, 400, 280);  /* double tap: recentre */
    ADD(1360, SDL_FINGERUP, 3, 400, 280);
    ADD(1480, SDL_FINGERDOWN, 4, 402, 282);
    ADD(1540, SDL_FINGERUP, 4, 402, 282);
    for (int i = 0; i <= 20; i++) {          /* pinch out while turning by 25 degrees */
        double a = i * (25.0 / 20) * M_PI / 180, d = 60 + i * 4.5;
        Uint32 t = 2200 + (Uint32)i * 16, type = i == 0 ? SDL_FINGERDOWN : SDL_FINGERMOTION;
        ADD(t, type, 5, (float)(400 - d * cos(a)), (float)(283 - d * sin(a)));
        ADD(t, type, 6, (float)(400 + d * cos(a)), (float)(283 + d * sin(a)));
    }
    ADD(2200 + 21 * 16, SDL_FINGERUP, 5, 0, 0);
    ADD(2200 + 21 * 16, SDL_FINGERUP, 6, 0, 0);
    ADD(3000, SDL_FINGERDOWN, 7, 720, 40);   /* the service gesture */
    ADD(3010, SDL_FINGERDOWN, 8, 760, 60);
    ADD(5300, SDL_FINGERUP, 7, 720, 40);
    ADD(5300, SDL_FINGERUP, 8, 760, 60);
#undef ADD
    return n;
}

static void push(struct kiosk *k, const struct scripted *s, float last_x[16], float last_y[16]) {
    /* Finger coordinates are normalised to the display; the window sits somewhere on it. */
    SDL_Rect display;
    int wx, wy;
    SDL_GetDisplayBounds(SDL_GetWindowDisplayIndex(k->window), &display);
    SDL_GetWindowPosition(k->window, &wx, &wy);
    float x = s->x, y = s->y;
    if (s->type == SDL_FINGERUP && x == 0 && y == 0) {
        x = last_x[s->finger % 16];
        y = last_y[s->finger % 16];
    }
    last_x[s->finger % 16] = x;
    last_y[s->finger % 16] = y;
    SDL_Event e;
    SDL_zero(e);
    e.type = s->type;
    e.tfinger.touchId = 1;
    e.tfinger.fingerId = s->finger;
    e.tfinger.x = (wx - display.x + x) / (float)display.w;
    e.tfinger.y = (wy - display.y + y) / (float)display.h;
    e.tfinger.pressure = 1;
    e.tfinger.windowID = SDL_GetWindowID(k->window);
    SDL_PushEvent(&e);   /* SDL stamps it with the time it is pushed */
}

static int save_bmp(struct kiosk *k, const char *path) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    int rc = s && SDL_RenderReadPixels(k->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0 &&
                     SDL_SaveBMP(s, path) == 0
                 ? 0
                 : -1;
    if (rc < 0) fprintf(stderr, "gesturekit-sdl-kiosk: cannot write %s: %s\n", path, SDL_GetError());
    SDL_FreeSurface(s);
    return rc;
}

static const char *font_path(void) {
    static const char *paths[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans.ttf"};
    for (size_t i = 0; i < 2; i++) {
        SDL_RWops *f = SDL_RWFromFile(paths[i], "rb");
        if (f) {
            SDL_RWclose(f);
            return paths[i];
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    bool demo = false;
    const char *shot = NULL;
    static const char usage[] = "usage: gesturekit-sdl-kiosk [--demo [--screenshot FILE.bmp]]\n"
                                "       gesturekit-sdl-kiosk --help\n"
                                "A ticket kiosk on SDL2 with GestureKit's gestures: tickets and help buttons, a map that\n"
                                "pans, pinches and rotates, a double tap that recentres it, a service gesture in a corner.\n"
                                "--demo plays a scripted visit; --screenshot writes its last frame as a BMP.\n";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--demo") == 0) demo = true;
        else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) shot = argv[++i];
        else {
            fputs(usage, stderr);
            return 2;
        }
    }
    if (SDL_Init(SDL_INIT_VIDEO) < 0 || TTF_Init() < 0) {
        fprintf(stderr, "gesturekit-sdl-kiosk: %s\n", SDL_GetError());
        return 1;
    }
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    struct kiosk k;
    memset(&k, 0, sizeof k);
    k.window = SDL_CreateWindow("GestureKit SDL kiosk", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, WIDTH, HEIGHT, 0);
    k.renderer = k.window ? SDL_CreateRenderer(k.window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!k.renderer) {
        fprintf(stderr, "gesturekit-sdl-kiosk: %s\n", SDL_GetError());
        return 1;
    }
    const char *font = font_path();
    k.font = font ? TTF_OpenFont(font, 18) : NULL;
    build_scene(&k);
    snprintf(k.status, sizeof k.status, "Tap, drag, pinch or turn the map; double tap recentres it");
    gk_sdl_create(k.engine, k.window, NULL, &k.sdl);
    struct scripted steps[128];
    int nsteps = demo ? script(steps, 128) : 0, next = 0;
    float last_x[16] = {0}, last_y[16] = {0};
    Uint32 start = SDL_GetTicks();
    bool running = true;
    while (running) {
        int wait = gk_sdl_wait_timeout(k.sdl);          /* the engine's next deadline, or -1 */
        if (demo) {
            int until = next < nsteps ? (int)(steps[next].at - (SDL_GetTicks() - start)) : 300;
            if (until < 0) until = 0;
            if (wait < 0 || until < wait) wait = until;
        }
        SDL_Event e;
        if (SDL_WaitEventTimeout(&e, wait < 0 ? 1000 : wait)) {
            do {
                if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) running = false;
                else gk_sdl_handle_event(k.sdl, &e);
            } while (SDL_PollEvent(&e));
        }
        gk_sdl_advance(k.sdl);                           /* timers that are due */
        gk_action a;
        while (gk_engine_poll_action(k.engine, &a, sizeof a) == GK_OK) on_action(&k, &a);
        while (demo && next < nsteps && SDL_GetTicks() - start >= steps[next].at) push(&k, &steps[next++], last_x, last_y);
        if (demo && next == nsteps && SDL_GetTicks() - start > steps[nsteps - 1].at + 300) running = false;
        draw(&k);
    }
    int status = shot && save_bmp(&k, shot) < 0 ? 1 : 0;
    gk_sdl_destroy(k.sdl);
    gk_engine_destroy(k.engine);
    if (k.font) TTF_CloseFont(k.font);
    SDL_DestroyRenderer(k.renderer);
    SDL_DestroyWindow(k.window);
    TTF_Quit();
    SDL_Quit();
    return status;
}
