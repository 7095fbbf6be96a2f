/* The SDL adapter's own cost (issue 39): the standard workload, one touch event per SDL finger
 * event, fed through gk_sdl_handle_event() or, for comparison, straight to gk_engine_feed() with the
 * same touches one by one. Under callgrind the difference per event is the adapter's cost:
 *
 *   valgrind --tool=callgrind --toggle-collect=run_events build/sdl_bench WORKLOAD direct
 *   valgrind --tool=callgrind --toggle-collect=run_events build/sdl_bench WORKLOAD sdl
 *
 * Headless (SDL's dummy video driver). Prints the events fed and what was recognized, so the two
 * runs can be seen to do the same work. */
#define _GNU_SOURCE
#include "bench_scene.h"
#include "gk_sdl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct line {
    uint32_t ms;
    int64_t id;
    gk_touch_phase phase;
    double x, y;
};

static struct line *lines;
static size_t nlines;

static void load(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    size_t cap = 1 << 19;
    lines = malloc(cap * sizeof *lines);
    char text[256];
    int64_t ids[2] = {0, 0}, next_id = 1;
    while (fgets(text, sizeof text, f) && nlines < cap) {
        long ms;
        int finger;
        char phase[8];
        double x, y;
        if (text[0] == '#' || sscanf(text, "%ld %d %7s %lf %lf", &ms, &finger, phase, &x, &y) != 5 || finger < 0 ||
            finger > 1)
            continue;
        if (phase[0] == 'd') ids[finger] = next_id++;
        lines[nlines++] = (struct line){(uint32_t)ms, ids[finger],
                                        phase[0] == 'd'   ? GK_TOUCH_BEGAN
                                        : phase[0] == 'u' ? GK_TOUCH_ENDED
                                                          : GK_TOUCH_MOVED,
                                        x, y};
    }
    fclose(f);
}

static const gk_recognizer_kind kinds[5] = {GK_KIND_TAP, GK_KIND_LONG_PRESS, GK_KIND_PAN, GK_KIND_PINCH, GK_KIND_SWIPE};

/* Feeds every line; the callgrind toggle counts exactly this. */
__attribute__((noinline)) void run_events(gk_engine *e, gk_sdl *sdl, double display_w, double display_h,
                                          struct counts *c);
__attribute__((noinline)) void run_events(gk_engine *e, gk_sdl *sdl, double display_w, double display_h,
                                          struct counts *c) {
    for (size_t i = 0; i < nlines; i++) {
        const struct line *l = &lines[i];
        if (sdl) {
            SDL_Event ev;
            SDL_zero(ev);
            ev.type = l->phase == GK_TOUCH_BEGAN ? SDL_FINGERDOWN : l->phase == GK_TOUCH_ENDED ? SDL_FINGERUP : SDL_FINGERMOTION;
            ev.tfinger.type = ev.type;
            ev.tfinger.timestamp = l->ms;
            ev.tfinger.touchId = 1;
            ev.tfinger.fingerId = l->id;
            ev.tfinger.x = (float)(l->x / display_w);
            ev.tfinger.y = (float)(l->y / display_h);
            ev.tfinger.pressure = 1;
            gk_sdl_handle_event(sdl, &ev);
        } else {
            gk_touch t = {.id = l->id, .phase = l->phase, .type = GK_TOUCH_TYPE_DIRECT, .x = l->x, .y = l->y, .force = 1};
            gk_engine_feed(e, l->ms / 1000.0, &t, 1);
        }
        drain(e, c);
    }
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[2], "direct") != 0 && strcmp(argv[2], "sdl") != 0)) {
        fprintf(stderr, "usage: sdl_bench WORKLOAD direct|sdl\n");
        return 2;
    }
    load(argv[1]);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "sdl_bench: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Rect display;
    SDL_GetDisplayBounds(0, &display);
    SDL_Window *window = SDL_CreateWindow("sdl_bench", 0, 0, 800, 480, 0);
    gk_engine *e = make_scene(4, 4, 5, kinds, 5, 800, 480);
    gk_sdl *sdl = NULL;
    if (strcmp(argv[2], "sdl") == 0) check(gk_sdl_create(e, window, NULL, &sdl), "gk_sdl_create");
    struct counts c = {0};
    run_events(e, sdl, display.w, display.h, &c);
    printf("%s: %zu events, %llu actions, %llu deliveries, taps %llu, pans %llu, pinches %llu\n", argv[2], nlines,
           c.actions, c.deliveries, c.ended[GK_KIND_TAP], c.ended[GK_KIND_PAN], c.ended[GK_KIND_PINCH]);
    gk_sdl_destroy(sdl);
    gk_engine_destroy(e);
    SDL_DestroyWindow(window);
    SDL_Quit();
    free(lines);
    return 0;
}
