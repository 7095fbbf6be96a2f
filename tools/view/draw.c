/* Drawing a player's state (draw.h). */

#include "draw.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color background = {18, 20, 26, 255}, screen_fill = {32, 35, 45, 255}, text_colour = {225, 228, 235, 255},
                       dim = {140, 145, 160, 255};
const SDL_Color gkv_view_colour = {110, 160, 255, 255};

SDL_Color gkv_touch_colour(int index) {
    static const SDL_Color palette[] = {{255, 140, 0, 255},  {0, 200, 255, 255},  {235, 70, 200, 255}, {130, 225, 60, 255},
                                        {250, 220, 50, 255}, {240, 70, 70, 255},  {160, 120, 255, 255}, {40, 205, 160, 255}};
    return palette[(unsigned)index % (sizeof palette / sizeof palette[0])];
}

SDL_Color gkv_state_colour(gk_state state) {
    static const SDL_Color colours[] = {{120, 122, 135, 255}, {80, 220, 120, 255}, {60, 170, 255, 255},
                                        {245, 245, 245, 255}, {255, 160, 50, 255}, {230, 60, 60, 255}};
    return colours[(unsigned)state % 6];
}

void gkv_layout(gkv_layout_box *b, const gkt_trace *t, int width, int height) {
    memset(b, 0, sizeof *b);
    b->width = width;
    b->height = height;
    int panel_w = width * 3 / 10;
    if (panel_w < 260) panel_w = 260;
    if (panel_w > 440) panel_w = 440;
    if (panel_w > width / 2) panel_w = width / 2;
    b->panel = (SDL_Rect){width - panel_w, 30, panel_w, height - 30};
    int top = 38, bottom = 52, left = 10, right = 10;   /* bottom: the timeline and its time marks */
    int aw = width - panel_w - left - right, ah = height - top - bottom;
    if (aw < 1) aw = 1;
    if (ah < 1) ah = 1;
    double sw = t->width > 0 ? t->width : 800, sh = t->height > 0 ? t->height : 480;
    b->scale = fmin(aw / sw, ah / sh);
    int dw = (int)lround(sw * b->scale), dh = (int)lround(sh * b->scale);
    b->origin_x = left + (aw - dw) / 2;
    b->origin_y = top + (ah - dh) / 2;
    b->screen = (SDL_Rect){(int)b->origin_x, (int)b->origin_y, dw, dh};
    b->timeline = (SDL_Rect){left, height - 40, aw, 12};
}

static void colour(SDL_Renderer *r, SDL_Color c) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a); }

static void text(SDL_Renderer *r, TTF_Font *font, int x, int y, SDL_Color c, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static void text(SDL_Renderer *r, TTF_Font *font, int x, int y, SDL_Color c, const char *fmt, ...) {
    if (!font) return;
    char s[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s, sizeof s, fmt, ap);
    va_end(ap);
    if (!s[0]) return;
    SDL_Surface *surface = TTF_RenderUTF8_Blended(font, s, c);
    if (!surface) return;
    SDL_Texture *texture = SDL_CreateTextureFromSurface(r, surface);
    if (texture) {
        SDL_Rect at = {x, y, surface->w, surface->h};
        SDL_RenderCopy(r, texture, NULL, &at);
        SDL_DestroyTexture(texture);
    }
    SDL_FreeSurface(surface);
}

/* `s` drawn at (x, y), cut to `max_w` pixels with a "..." at the end when it is wider (a
 * decision-log line in a narrow panel). */
static void text_fitted(SDL_Renderer *r, TTF_Font *font, int x, int y, int max_w, SDL_Color c, const char *s) {
    if (!font) return;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    size_t n = strlen(buf);   /* how much of `s` is kept */
    int w = 0;
    while (n > 0 && TTF_SizeUTF8(font, buf, &w, NULL) == 0 && w > max_w) {
        do n--; while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80);   /* one character (UTF-8) off */
        snprintf(buf + n, sizeof buf - n, "...");
    }
    text(r, font, x, y, c, "%s", buf);
}

/* `s` over as many rows as it needs (up to `max_rows`), broken at spaces to fit `max_w` pixels; rows
 * after the first are indented. Returns the rows drawn. (A decision-log line is no longer cut.) */
static int text_wrapped(SDL_Renderer *r, TTF_Font *font, int x, int y, int max_w, int row_h, int max_rows, SDL_Color c,
                        const char *s) {
    if (!font) return 0;
    int rows = 0, indent = 0;
    const char *rest = s;
    while (*rest && rows < max_rows) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", rest);
        size_t n = strlen(buf);
        int w = 0;
        /* The longest head of `rest` that fits, cut at a space (or anywhere if one word is too long). */
        while (n > 0 && TTF_SizeUTF8(font, buf, &w, NULL) == 0 && w > max_w - indent) {
            size_t cut = n - 1;
            while (cut > 0 && buf[cut] != ' ') cut--;
            if (cut == 0) cut = n - 1;
            buf[cut] = 0;
            n = cut;
        }
        if (n == 0) break;
        if (rows == max_rows - 1 && rest[n]) {   /* the last row: what does not fit is cut */
            text_fitted(r, font, x + indent, y + rows * row_h, max_w - indent, c, rest);
            return rows + 1;
        }
        text(r, font, x + indent, y + rows * row_h, c, "%s", buf);
        rows++;
        rest += n;
        while (*rest == ' ') rest++;
        indent = 16;
    }
    return rows;
}

/* Rows a wrapped line will take (text_wrapped's count, without drawing). */
static int rows_needed(TTF_Font *font, int max_w, int max_rows, const char *s) {
    if (!font) return 0;
    int w = 0;
    if (TTF_SizeUTF8(font, s, &w, NULL) != 0 || w <= max_w) return 1;
    return w <= 2 * (max_w - 16) ? 2 : max_rows;
}

static void disc(SDL_Renderer *r, double cx, double cy, double radius) {
    for (int dy = (int)-radius; dy <= (int)radius; dy++) {
        double half = sqrt(radius * radius - (double)dy * dy);
        SDL_RenderDrawLine(r, (int)lround(cx - half), (int)lround(cy + dy), (int)lround(cx + half), (int)lround(cy + dy));
    }
}

static void ring(SDL_Renderer *r, double cx, double cy, double radius) {
    int n = (int)(radius * 6.3) + 12;
    SDL_Point pts[2000];
    if (n > 1999) n = 1999;
    for (int i = 0; i <= n; i++) {
        double a = 2 * M_PI * i / n;
        pts[i] = (SDL_Point){(int)lround(cx + radius * cos(a)), (int)lround(cy + radius * sin(a))};
    }
    SDL_RenderDrawLines(r, pts, n + 1);
}

static void frame_rect(SDL_Renderer *r, SDL_Rect a, int thickness) {
    for (int i = 0; i < thickness; i++) {
        SDL_Rect k = {a.x + i, a.y + i, a.w - 2 * i, a.h - 2 * i};
        if (k.w > 0 && k.h > 0) SDL_RenderDrawRect(r, &k);
    }
}

static double px(const gkv_layout_box *b, double x) { return b->origin_x + x * b->scale; }
static double py(const gkv_layout_box *b, double y) { return b->origin_y + y * b->scale; }

/* A view's frame in window points: its own frame offset by its ancestors' (trace views name their parent). */
static SDL_Rect view_rect(const gkv_layout_box *b, const gkt_trace *t, int index) {
    const gkt_view *v = &t->views[index];
    double x = v->x, y = v->y, w = v->w > 0 ? v->w : t->width, h = v->h > 0 ? v->h : t->height;
    for (int depth = 0, k = index; depth < GKT_MAX_VIEWS; depth++) {
        int parent = -1;
        for (int j = 0; j < k; j++)
            if (strcmp(t->views[j].name, t->views[k].parent) == 0) parent = j;
        if (parent < 0) break;
        x += t->views[parent].x;
        y += t->views[parent].y;
        k = parent;
    }
    return (SDL_Rect){(int)lround(px(b, x)), (int)lround(py(b, y)), (int)lround(w * b->scale), (int)lround(h * b->scale)};
}

static void draw_views(SDL_Renderer *r, const gkv_layout_box *b, const gkv_player *p, TTF_Font *small) {
    const gkt_trace *t = p->trace;
    for (int i = 0; i < t->nviews; i++) {
        SDL_Rect a = view_rect(b, t, i);
        colour(r, gkv_view_colour);
        frame_rect(r, a, 2);
        text(r, small, a.x + 5, a.y + 4, gkv_view_colour, "%s", t->views[i].name);
    }
}

static void draw_touches(SDL_Renderer *r, const gkv_layout_box *b, const gkv_player *p, TTF_Font *small) {
    double noise = p->setup && p->setup->profile ? p->setup->profile->noise : 0;
    /* Labels placed so far: a label that would cover another moves down a row (lifted fingers of
     * quick taps on one spot used to print on top of each other). */
    SDL_Rect placed[GKV_TOUCHES];
    int nplaced = 0;
    for (int i = 0; i < GKV_TOUCHES; i++) {
        const gkv_touch *k = &p->touches[i];
        if (!k->used || (!k->down && p->time - k->up_time > GKV_UP_SHOWN)) continue;
        SDL_Color c = gkv_touch_colour(k->colour);
        if (!k->down) c.a = 110;
        colour(r, c);
        SDL_Point pts[GKV_TRAIL];
        for (int j = 0; j < k->trail_len; j++) {
            int at = (k->trail_start + j) % GKV_TRAIL;
            pts[j] = (SDL_Point){(int)lround(px(b, k->trail_x[at])), (int)lround(py(b, k->trail_y[at]))};
        }
        if (k->trail_len > 1) SDL_RenderDrawLines(r, pts, k->trail_len);
        double cx = px(b, k->x), cy = py(b, k->y);
        double radius = fmax(11, k->radius * b->scale);
        if (k->down) {
            disc(r, cx, cy, radius);
            SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
            ring(r, cx, cy, radius);
            if (k->force > 0) {   /* pressure: a ring further out the harder the press (1 = an average touch) */
                colour(r, c);
                ring(r, cx, cy, radius + 4 + 6 * fmin(k->force, 3));
            }
            if (noise > 0) {   /* the panel profile's noise: movement inside this circle is the panel's, not the finger's */
                SDL_SetRenderDrawColor(r, 255, 255, 255, 140);
                ring(r, cx, cy, fmax(2, noise * b->scale));
            }
        } else {
            ring(r, cx, cy, radius);
        }
        char label[32];
        snprintf(label, sizeof label, "#%lld%s", (long long)k->id, k->down ? "" : " up");
        int lw = 40, lh = 12;
        if (small) TTF_SizeUTF8(small, label, &lw, &lh);
        SDL_Rect box = {(int)(cx + radius + 6), (int)(cy - radius - 10), lw, lh};
        for (int tries = 0; tries < 8; tries++) {
            bool clear = true;
            for (int j = 0; j < nplaced && clear; j++) clear = !SDL_HasIntersection(&box, &placed[j]);
            if (clear) break;
            box.y += lh + 1;
        }
        if (nplaced < GKV_TOUCHES) placed[nplaced++] = box;
        text(r, small, box.x, box.y, c, "%s", label);
    }
}

/* Where each recognizer that is acting says its gesture is, with a pan's velocity as an arrow (0.1 s of travel). */
static void draw_actions(SDL_Renderer *r, const gkv_layout_box *b, const gkv_player *p, TTF_Font *small) {
    for (int i = 0; i < p->trace->nrecognizers; i++) {
        const gkv_recognizer *g = &p->recs[i];
        bool live = g->state == GK_STATE_BEGAN || g->state == GK_STATE_CHANGED;
        if (!g->acted || !(live || p->time - g->since < 0.5)) continue;
        SDL_Color c = gkv_state_colour(g->state);
        double x = px(b, g->last.location.x), y = py(b, g->last.location.y);
        colour(r, c);
        SDL_RenderDrawLine(r, (int)x - 9, (int)y, (int)x + 9, (int)y);
        SDL_RenderDrawLine(r, (int)x, (int)y - 9, (int)x, (int)y + 9);
        if (g->last.kind == GK_KIND_PAN || g->last.kind == GK_KIND_SCREEN_EDGE_PAN) {
            double vx = g->last.velocity.x * 0.1 * b->scale, vy = g->last.velocity.y * 0.1 * b->scale;
            SDL_RenderDrawLine(r, (int)x, (int)y, (int)lround(x + vx), (int)lround(y + vy));
            double len = hypot(vx, vy);
            if (len > 8) {
                double ux = vx / len, uy = vy / len, ex = x + vx, ey = y + vy;
                SDL_RenderDrawLine(r, (int)ex, (int)ey, (int)lround(ex - 8 * ux + 5 * uy), (int)lround(ey - 8 * uy - 5 * ux));
                SDL_RenderDrawLine(r, (int)ex, (int)ey, (int)lround(ex - 8 * ux - 5 * uy), (int)lround(ey - 8 * uy + 5 * ux));
            }
        }
        text(r, small, (int)x + 8, (int)y + 6, c, "%s %s", p->trace->recognizers[i].name, gkt_state_names[g->state % 6]);
    }
}

/* One line of detail about a recognizer's latest action. */
static void detail(const gk_action *a, char *s, size_t n) {
    switch (a->kind) {
    case GK_KIND_PAN:
    case GK_KIND_SCREEN_EDGE_PAN:
        snprintf(s, n, "v %.0f, %.0f pt/s  moved %.0f, %.0f", a->velocity.x, a->velocity.y, a->translation.x, a->translation.y);
        break;
    case GK_KIND_PINCH: snprintf(s, n, "scale %.3f  v %.2f/s", a->scale, a->scalar_velocity); break;
    case GK_KIND_ROTATION: snprintf(s, n, "%.1f deg  v %.2f rad/s", a->rotation * 180 / M_PI, a->scalar_velocity); break;
    default: snprintf(s, n, "at %.0f, %.0f  %u touch%s", a->location.x, a->location.y, a->number_of_touches,
                      a->number_of_touches == 1 ? "" : "es");
    }
}

static void draw_panel(SDL_Renderer *r, const gkv_layout_box *b, const gkv_player *p, TTF_Font *font, TTF_Font *small) {
    SDL_SetRenderDrawColor(r, 26, 29, 38, 255);
    SDL_RenderFillRect(r, &b->panel);
    int x = b->panel.x + 12, y = b->panel.y + 8, line = font ? TTF_FontLineSkip(font) : 16,
        small_line = small ? TTF_FontLineSkip(small) : 14, bottom = b->panel.y + b->panel.h;
    text(r, font, x, y, dim, "Recognizers");
    y += line + 2;
    for (int i = 0; i < p->trace->nrecognizers && y + line < bottom - 7 * small_line; i++) {
        const gkv_recognizer *g = &p->recs[i];
        SDL_Color c = gkv_state_colour(g->state);
        colour(r, c);
        SDL_Rect box = {x, y + 3, 11, 11};
        SDL_RenderFillRect(r, &box);
        const gkt_recognizer *tr = &p->trace->recognizers[i];
        text(r, font, x + 18, y, text_colour, "%-14s %s", tr->name, gkt_state_names[g->state % 6]);
        y += line;
        if (g->acted) {
            char s[120];
            detail(&g->last, s, sizeof s);
            text(r, small, x + 18, y, dim, "%s", s);
            y += small_line;
        }
    }
    y += 6;
    int down = 0;
    for (int i = 0; i < GKV_TOUCHES; i++) down += p->touches[i].used && p->touches[i].down;
    text(r, font, x, y, dim, "Touches down: %d%s", down, p->hidden ? " (more not shown)" : "");
    y += line;
    for (int i = 0; i < GKV_TOUCHES && y + small_line < bottom - 6 * small_line; i++) {
        const gkv_touch *k = &p->touches[i];
        if (!k->used || !k->down) continue;
        char extra[64] = "";
        if (k->force > 0) snprintf(extra, sizeof extra, "  force %.2f", k->force);
        if (k->radius > 0) snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "  r %.1f", k->radius);
        text(r, small, x + 18, y, gkv_touch_colour(k->colour), "#%lld  %.0f, %.0f%s", (long long)k->id, k->x, k->y, extra);
        y += small_line;
    }
    /* The newest decisions that fit in 10 rows, each on as many rows as it needs (at most 3). */
    int log_y = bottom - 10 * small_line - line - 6;
    if (log_y < y) log_y = y;
    text(r, font, x, log_y, dim, "Decision log");
    log_y += line;
    int width = b->panel.x + b->panel.w - x - 6, rows = 0;
    size_t shown = 0;
    for (size_t age = 0; age < 5; age++) {
        const char *s = gkv_player_log_line(p, age);
        if (!s) break;
        int need = rows_needed(small, width, 3, s);
        if (rows + need > 10) break;
        rows += need;
        shown++;
    }
    for (size_t age = shown; age-- > 0;) {
        const char *s = gkv_player_log_line(p, age);
        log_y += small_line * text_wrapped(r, small, x, log_y, width, small_line, 3, age == 0 ? text_colour : dim, s);
    }
    if (p->refused)
        text(r, small, x, bottom - small_line - 2, gkv_state_colour(GK_STATE_FAILED), "%zu steps refused: %s", p->refused,
             p->error);
}

static void draw_timeline(SDL_Renderer *r, const gkv_layout_box *b, const gkv_player *p, TTF_Font *small) {
    SDL_SetRenderDrawColor(r, 45, 48, 60, 255);
    SDL_RenderFillRect(r, &b->timeline);
    double start = gkv_player_start(p), end = gkv_player_end(p), span = end > start ? end - start : 1;
    SDL_SetRenderDrawColor(r, 90, 95, 115, 255);
    int last = -1;
    for (size_t i = 0; i < p->trace->nsteps; i++) {
        int x = b->timeline.x + (int)((p->trace->steps[i].t - start) / span * (b->timeline.w - 1));
        if (x == last) continue;
        last = x;
        SDL_RenderDrawLine(r, x, b->timeline.y + 3, x, b->timeline.y + b->timeline.h - 4);
    }
    /* Time marks under the bar, every 1, 2 or 5 times a power of ten seconds: about 6 of them. */
    if (small) {
        double step = pow(10, floor(log10(span / 6)));
        if (span / step > 12) step *= 5;
        else if (span / step > 6) step *= 2;
        int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
        for (double t = 0; t <= span + 1e-9 && t / step < 40; t += step) {
            int x = b->timeline.x + (int)(t / span * (b->timeline.w - 1));
            SDL_SetRenderDrawColor(r, 150, 155, 175, 255);
            SDL_RenderDrawLine(r, x, b->timeline.y + b->timeline.h, x, b->timeline.y + b->timeline.h + 3);
            text(r, small, x + 2, b->timeline.y + b->timeline.h + 1, (SDL_Color){150, 155, 175, 255}, "%.*f s",
                 decimals, t);
        }
    }
    double f = (p->time - start) / span;
    if (f > 1) f = 1;
    if (f < 0) f = 0;
    SDL_Rect at = {b->timeline.x + (int)(f * (b->timeline.w - 1)) - 2, b->timeline.y - 3, 5, b->timeline.h + 6};
    SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
    SDL_RenderFillRect(r, &at);
}

void gkv_draw(SDL_Renderer *r, const gkv_layout_box *b, const gkv_player *p, const gkv_hud *hud, TTF_Font *font,
              TTF_Font *small) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    colour(r, background);
    SDL_RenderClear(r);
    colour(r, screen_fill);
    SDL_RenderFillRect(r, &b->screen);
    draw_views(r, b, p, small);
    draw_touches(r, b, p, small);
    draw_actions(r, b, p, small);
    draw_panel(r, b, p, font, small);
    draw_timeline(r, b, p, small);
    double start = gkv_player_start(p);
    text(r, font, 10, 7, text_colour, "%s   t %.3f s of %.3f   %s%s", hud->source ? hud->source : "",
         p->time - start, gkv_player_end(p) - start, hud->live ? "live" : hud->paused ? "paused" : "playing",
         hud->live ? "" : hud->speed == 1 ? "  1x" : hud->speed > 1 ? "  fast" : "  slow");
    if (!hud->live && hud->speed != 1) text(r, small, b->panel.x - 90, 9, dim, "speed %.3gx", hud->speed);
}
