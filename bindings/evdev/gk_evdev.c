/* Long file: both multitouch protocols, pens and frame assembly share the decoder's slot state. */
/* The evdev decoder: see gk_evdev.h. */
#include "gk_evdev.h"

#include <math.h>
#include <mtdev-plumbing.h>
#include <mtdev.h>
#include <string.h>

void gk_evdev_config_init(gk_evdev_config *c) {
    memset(c, 0, sizeof *c);
    c->screen_width = 800;
    c->screen_height = 480;
    c->calibration[0] = 1;
    c->calibration[4] = 1;
}

void gk_evdev_init(gk_evdev_decoder *d, const gk_evdev_config *config, gk_evdev_axis x, gk_evdev_axis y,
                   gk_evdev_axis mt_x, gk_evdev_axis mt_y, const gk_evdev_sink *sink) {
    memset(d, 0, sizeof *d);
    if (config) d->config = *config; else gk_evdev_config_init(&d->config);
    if (sink) d->sink = *sink;
    d->x = x;
    d->y = y;
    d->mt_x = mt_x.maximum > mt_x.minimum ? mt_x : x;
    d->mt_y = mt_y.maximum > mt_y.minimum ? mt_y : y;
    for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) d->slots[i].tracking_id = -1;
    d->next_id = 1;
    d->tool = GK_TOUCH_TYPE_DIRECT;
    d->protocol_a = d->config.protocol_a;
    d->pending.tracking_id = -1;
}

void gk_evdev_seed_slot(gk_evdev_decoder *d, int slot, int32_t x, int32_t y) {
    if (slot < 0 || slot >= GK_EVDEV_MAX_SLOTS) return;
    gk_evdev_slot *s = &d->slots[slot];
    s->x = s->end_x = x;
    s->y = s->end_y = y;
    s->has_x = s->has_y = true;
}

void gk_evdev_seed_current_slot(gk_evdev_decoder *d, int slot) {
    d->slot = slot >= 0 && slot < GK_EVDEV_MAX_SLOTS ? slot : -1;
}

void gk_evdev_seed_single(gk_evdev_decoder *d, int32_t x, int32_t y) {
    d->st_x = x;
    d->st_y = y;
    d->st_has_x = d->st_has_y = true;
}

void gk_evdev_release(gk_evdev_decoder *d) {
    if (d->mtdev) {
        mtdev_close_delete(d->mtdev);
        d->mtdev = NULL;
    }
}

/* mtdev pairs contacts by squared distance in int: differences above 32,767 on an axis overflow it,
 * and its assignment solver then need not finish. The right shift that brings an axis's span
 * within 15 bits (0 for every panel whose span is at most 32,767 units). */
static int pairing_shift(gk_evdev_axis a) {
    if (a.maximum <= a.minimum) return 16;   /* unknown range: int32 differences need 16 bits off */
    int64_t span = (int64_t)a.maximum - a.minimum;
    int shift = 0;
    while ((span >> shift) > 32767) shift++;
    return shift;
}

/* A device position as mtdev sees it: inside the axis, then shifted down; and back again. */
static int32_t to_pairing(int32_t v, gk_evdev_axis a, int shift) {
    if (a.maximum <= a.minimum) return (int32_t)((int64_t)v >> shift);
    return (int32_t)(a.minimum + (((int64_t)v - a.minimum) >> shift));
}

static int32_t from_pairing(int32_t v, gk_evdev_axis a, int shift) {
    if (shift == 0) return v;
    if (a.maximum <= a.minimum) return (int32_t)((int64_t)v * ((int64_t)1 << shift));
    int64_t back = a.minimum + ((int64_t)v - a.minimum) * ((int64_t)1 << shift);
    return back > a.maximum ? a.maximum : (int32_t)back;
}

/* Sets up mtdev for a protocol-A device: the axes it converts, with the decoder's ranges. */
static bool start_mtdev(gk_evdev_decoder *d, bool tracking_ids) {
    struct mtdev *m = mtdev_new();
    if (!m) return false;
    if (mtdev_init(m) != 0) {
        mtdev_delete(m);
        return false;
    }
    /* Only the positions (and the device's own ids) are declared: mtdev passes the other values of a
     * contact through anyway, and a declared ABS_MT_TOUCH_MAJOR would make it drop contacts whose
     * major is 0 as not touching. */
    d->a_shift_x = pairing_shift(d->mt_x);
    d->a_shift_y = pairing_shift(d->mt_y);
    mtdev_set_mt_event(m, ABS_MT_POSITION_X, 1);
    mtdev_set_mt_event(m, ABS_MT_POSITION_Y, 1);
    if (tracking_ids) mtdev_set_mt_event(m, ABS_MT_TRACKING_ID, 1);
    mtdev_set_abs_minimum(m, ABS_MT_POSITION_X, d->mt_x.minimum);
    mtdev_set_abs_maximum(m, ABS_MT_POSITION_X, to_pairing(d->mt_x.maximum, d->mt_x, d->a_shift_x));
    mtdev_set_abs_minimum(m, ABS_MT_POSITION_Y, d->mt_y.minimum);
    mtdev_set_abs_maximum(m, ABS_MT_POSITION_Y, to_pairing(d->mt_y.maximum, d->mt_y, d->a_shift_y));
    d->mtdev = m;
    d->a_contacts = 0;
    d->a_has_x = d->a_has_y = false;
    return true;
}

static double normalise(int32_t v, gk_evdev_axis a) {
    if (a.maximum <= a.minimum) return 0;
    return ((double)v - a.minimum) / ((double)a.maximum - a.minimum);
}

void gk_evdev_map(const gk_evdev_decoder *d, int32_t x, int32_t y, bool multitouch, double *ox, double *oy) {
    double u = normalise(x, multitouch ? d->mt_x : d->x);
    double v = normalise(y, multitouch ? d->mt_y : d->y);
    const double *c = d->config.calibration;
    double cu = c[0] * u + c[1] * v + c[2], cv = c[3] * u + c[4] * v + c[5];
    u = cu;
    v = cv;
    if (d->config.flip_x) u = 1 - u;
    if (d->config.flip_y) v = 1 - v;
    double ru = u, rv = v;
    switch (d->config.rotation) {
    case 90: ru = 1 - v; rv = u; break;
    case 180: ru = 1 - u; rv = 1 - v; break;
    case 270: ru = v; rv = 1 - u; break;
    default: break;
    }
    *ox = ru * d->config.screen_width;
    *oy = rv * d->config.screen_height;
}

static double stamp(gk_evdev_decoder *d, double seconds) {
    if (d->config.absolute_time) return seconds;
    if (!d->have_t0) {
        d->have_t0 = true;
        d->t0 = seconds;
    }
    double t = seconds - d->t0;
    return t < 0 ? 0 : t;
}

/* A device value inside its axis range: one outside (a touchpad reporting x = -33 below a minimum
 * of 0) is moved to the edge and counted in d->clamped. */
static int32_t clamp_value(gk_evdev_decoder *d, int32_t v, gk_evdev_axis a) {
    if (a.maximum <= a.minimum) return v;
    if (v < a.minimum) { d->clamped++; return a.minimum; }
    if (v > a.maximum) { d->clamped++; return a.maximum; }
    return v;
}

static gk_touch touch_of(gk_evdev_decoder *d, const gk_evdev_slot *s, uint32_t phase, uint32_t type) {
    gk_touch t;
    memset(&t, 0, sizeof t);
    t.id = s->touch_id;
    t.phase = phase;
    t.type = type;
    gk_evdev_map(d, clamp_value(d, s->x, d->mt_x), clamp_value(d, s->y, d->mt_y), true, &t.x, &t.y);
    if (s->pressure > 0 && d->pressure.maximum > d->pressure.minimum) t.force = normalise(s->pressure, d->pressure) * 2;
    if (s->major > 0) {
        double w = (double)d->mt_x.maximum - (double)d->mt_x.minimum;   /* in double: int32 spans overflow */
        if (w > 0) t.major_radius = s->major / w * d->config.screen_width / 2;
    }
    return t;
}

/* The frame being built: at most one entry per slot or contact, plus the single-touch tool. */
struct frame {
    gk_touch t[GK_EVDEV_MAX_SLOTS * 2 + 1];
    size_t n;
};

static void add(struct frame *f, gk_touch t) {
    if (f->n < sizeof f->t / sizeof f->t[0]) f->t[f->n++] = t;
}

/* Protocol B: the slots that changed since the last SYN_REPORT. */
static void flush_slots(gk_evdev_decoder *d, struct frame *f) {
    for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) {
        gk_evdev_slot *s = &d->slots[i];
        if (s->end && s->active) {
            gk_evdev_slot last = *s;
            last.x = s->end_x;
            last.y = s->end_y;
            add(f, touch_of(d, &last, GK_TOUCH_ENDED, GK_TOUCH_TYPE_DIRECT));
            s->active = false;
        }
        s->end = false;
        if (s->begin && s->tracking_id >= 0) {
            if (s->has_x && s->has_y) {   /* a new contact may repeat no coordinate: the slot keeps its last one */
                s->touch_id = d->next_id++;
                s->active = true;
                s->begin = false;
                s->moved = false;
                add(f, touch_of(d, s, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT));
            }
            continue;   /* without any position yet, it begins once one arrives */
        }
        if (s->moved && s->active) add(f, touch_of(d, s, GK_TOUCH_MOVED, GK_TOUCH_TYPE_DIRECT));
        s->moved = false;
    }
}

/* Protocol A: match this frame's contacts to the touches down, by tracking id or nearest position. */
static void flush_contacts(gk_evdev_decoder *d, struct frame *f) {
    bool used[GK_EVDEV_MAX_SLOTS] = {false};
    bool kept[GK_EVDEV_MAX_SLOTS] = {false};
    /* Existing touches live in d->slots[] (active entries). */
    for (int c = 0; c < d->ncontacts; c++) {
        gk_evdev_slot *ct = &d->contacts[c];
        int best = -1;
        double best_dist = INFINITY;
        for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) {
            gk_evdev_slot *s = &d->slots[i];
            if (!s->active || kept[i]) continue;
            if (ct->tracking_id >= 0 && s->tracking_id >= 0) {
                if (ct->tracking_id == s->tracking_id) { best = i; break; }
                continue;
            }
            double dx = (double)ct->x - s->x, dy = (double)ct->y - s->y, dist = dx * dx + dy * dy;
            if (dist < best_dist) { best_dist = dist; best = i; }
        }
        if (best >= 0) {
            gk_evdev_slot *s = &d->slots[best];
            kept[best] = true;
            used[c] = true;
            if (s->x != ct->x || s->y != ct->y) {
                s->x = ct->x;
                s->y = ct->y;
                s->pressure = ct->pressure;
                s->major = ct->major;
                add(f, touch_of(d, s, GK_TOUCH_MOVED, GK_TOUCH_TYPE_DIRECT));
            }
        }
    }
    for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) {
        gk_evdev_slot *s = &d->slots[i];
        if (s->active && !kept[i]) {
            add(f, touch_of(d, s, GK_TOUCH_ENDED, GK_TOUCH_TYPE_DIRECT));
            s->active = false;
        }
    }
    for (int c = 0; c < d->ncontacts; c++) {
        if (used[c] || !d->contacts[c].has_x || !d->contacts[c].has_y) continue;
        for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) {
            gk_evdev_slot *s = &d->slots[i];
            if (s->active || kept[i]) continue;
            *s = d->contacts[c];
            s->active = true;
            s->touch_id = d->next_id++;
            kept[i] = true;
            add(f, touch_of(d, s, GK_TOUCH_BEGAN, GK_TOUCH_TYPE_DIRECT));
            break;
        }
    }
    d->ncontacts = 0;
}

/* Single-touch devices and pens (ABS_X/ABS_Y, BTN_TOUCH, BTN_TOOL_PEN). */
static void flush_single(gk_evdev_decoder *d, struct frame *f, double t) {
    if (!d->st_has_x || !d->st_has_y) return;
    double x, y;
    gk_evdev_map(d, clamp_value(d, d->st_x, d->x), clamp_value(d, d->st_y, d->y), false, &x, &y);
    bool touching = d->st_touch;
    bool in_range = d->pen_in_range || touching;
    if (touching && !d->st_active) {
        if (d->hovering && d->sink.hover) d->sink.hover(d->sink.user_data, t, GK_HOVER_EXIT, x, y);
        d->hovering = false;
        d->st_active = true;
        d->st_touch_id = d->next_id++;
        add(f, (gk_touch){.id = d->st_touch_id, .phase = GK_TOUCH_BEGAN, .type = (uint32_t)d->tool, .x = x, .y = y});
    } else if (touching) {
        add(f, (gk_touch){.id = d->st_touch_id, .phase = GK_TOUCH_MOVED, .type = (uint32_t)d->tool, .x = x, .y = y});
    } else if (d->st_active) {
        d->st_active = false;
        add(f, (gk_touch){.id = d->st_touch_id, .phase = GK_TOUCH_ENDED, .type = (uint32_t)d->tool, .x = x, .y = y});
    }
    /* A pen in range without contact hovers. Fingers never hover. */
    bool pen = d->tool != GK_TOUCH_TYPE_DIRECT;
    if (pen && in_range && !touching && d->sink.hover) {
        d->sink.hover(d->sink.user_data, t, d->hovering ? GK_HOVER_MOVE : GK_HOVER_ENTER, x, y);
        d->hovering = true;
    } else if (d->hovering && !in_range && d->sink.hover) {
        d->sink.hover(d->sink.user_data, t, GK_HOVER_EXIT, x, y);
        d->hovering = false;
    }
}

/* Semi-MT: whatever the slots say, one touch at the centre of the box they span. */
static void collapse_semi_mt(gk_evdev_decoder *d, struct frame *f) {
    double sx = 0, sy = 0;
    int n = 0;
    for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) {
        if (!d->slots[i].active) continue;
        double x, y;
        gk_evdev_map(d, clamp_value(d, d->slots[i].x, d->mt_x), clamp_value(d, d->slots[i].y, d->mt_y), true, &x, &y);
        sx += x;
        sy += y;
        n++;
    }
    f->n = 0;
    if (n > 0) {
        double x = sx / n, y = sy / n;
        uint32_t phase = d->semi_active ? GK_TOUCH_MOVED : GK_TOUCH_BEGAN;
        if (!d->semi_active) {
            d->semi_active = true;
            d->semi_id = d->next_id++;
        } else if (x == d->semi_x && y == d->semi_y) {
            return;
        }
        d->semi_x = x;
        d->semi_y = y;
        add(f, (gk_touch){.id = d->semi_id, .phase = phase, .type = GK_TOUCH_TYPE_DIRECT, .x = x, .y = y});
    } else if (d->semi_active) {
        d->semi_active = false;
        add(f, (gk_touch){.id = d->semi_id, .phase = GK_TOUCH_ENDED, .type = GK_TOUCH_TYPE_DIRECT, .x = d->semi_x,
                          .y = d->semi_y});
    }
}

static void report(gk_evdev_decoder *d, double seconds) {
    double t = stamp(d, seconds);
    struct frame f;
    f.n = 0;
    if (d->protocol_a) {
        if (d->pending_any && d->ncontacts < GK_EVDEV_MAX_SLOTS) d->contacts[d->ncontacts++] = d->pending;
        d->pending_any = false;
        flush_contacts(d, &f);
    } else {
        flush_slots(d, &f);
    }
    if (d->config.semi_mt) collapse_semi_mt(d, &f);
    if (!d->mt_seen) flush_single(d, &f, t);
    d->frames++;
    if (f.n > 0 && d->sink.frame) d->sink.frame(d->sink.user_data, t, f.t, f.n);
}

/* SYN_DROPPED: events were lost. Cancel everything in flight; slots come back when they report. */
static void recover(gk_evdev_decoder *d, double seconds) {
    double t = stamp(d, seconds);
    bool any = d->st_active;
    for (int i = 0; i < GK_EVDEV_MAX_SLOTS; i++) {
        if (d->slots[i].active) any = true;
        d->slots[i].active = false;
        d->slots[i].end = false;
        d->slots[i].moved = false;
        /* A contact still present will be reported again; treat its next report as a new touch. */
        d->slots[i].begin = d->slots[i].tracking_id >= 0;
    }
    d->st_active = false;
    d->semi_active = false;
    d->ncontacts = 0;
    d->pending_any = false;
    if (d->hovering && d->sink.hover) d->sink.hover(d->sink.user_data, t, GK_HOVER_EXIT, NAN, NAN);
    d->hovering = false;
    if (any && d->sink.cancel_all) d->sink.cancel_all(d->sink.user_data, t);
}

static void decode(gk_evdev_decoder *d, double seconds, uint16_t type, uint16_t code, int32_t value) {
    if (type == GK_EV_SYN && code == GK_SYN_DROPPED) {
        d->dropping = true;
        d->dropped_reports++;
        return;
    }
    if (d->dropping) {
        /* Drop everything up to and including the next SYN_REPORT, then resynchronise. */
        if (type == GK_EV_SYN && code == GK_SYN_REPORT) {
            d->dropping = false;
            recover(d, seconds);
        }
        return;
    }
    gk_evdev_slot *s = d->slot >= 0 && d->slot < GK_EVDEV_MAX_SLOTS ? &d->slots[d->slot] : NULL;
    switch (type) {
    case GK_EV_SYN:
        if (code == GK_SYN_REPORT) report(d, seconds);
        else if (code == GK_SYN_MT_REPORT) {
            /* Protocol A without mtdev (it could not be set up): pair contacts here. */
            if (!d->protocol_a) {
                /* Detected late: what went to slot 0 so far was this frame's first contact. */
                d->protocol_a = true;
                gk_evdev_slot *z = &d->slots[0];
                if (!z->active && (z->has_x || z->has_y)) {
                    d->pending = *z;
                    d->pending_any = true;
                }
                memset(z, 0, sizeof *z);
                z->tracking_id = -1;
            }
            d->mt_seen = true;
            if (d->pending_any && d->ncontacts < GK_EVDEV_MAX_SLOTS) d->contacts[d->ncontacts++] = d->pending;
            memset(&d->pending, 0, sizeof d->pending);
            d->pending.tracking_id = -1;
            d->pending_any = false;
        }
        break;
    case GK_EV_KEY:
        if (code == GK_BTN_TOUCH) { d->st_touch = value != 0; d->st_touch_seen = true; }
        else if (code == GK_BTN_TOOL_PEN || code == GK_BTN_TOOL_RUBBER) {
            d->pen_in_range = value != 0;
            if (value) d->tool = GK_TOUCH_TYPE_STYLUS;
        }
        break;
    case GK_EV_ABS:
        switch (code) {
        case GK_ABS_X: d->st_x = value; d->st_has_x = true; break;
        case GK_ABS_Y: d->st_y = value; d->st_has_y = true; break;
        case GK_ABS_MT_SLOT:
            d->slot = value >= 0 && value < GK_EVDEV_MAX_SLOTS ? value : -1;
            d->mt_seen = true;
            break;
        case GK_ABS_MT_TRACKING_ID:
            d->mt_seen = true;
            if (d->protocol_a) {
                d->pending.tracking_id = value;
                d->pending_any = true;
                break;
            }
            if (!s) break;
            if (value < 0) {
                s->end = s->active;
                s->end_x = s->x;
                s->end_y = s->y;
                s->begin = false;
                s->tracking_id = -1;
            } else {
                if (s->active && s->tracking_id != value) {   /* a reused slot: end the old contact first */
                    s->end = true;
                    s->end_x = s->x;
                    s->end_y = s->y;
                }
                if (!s->active || s->tracking_id != value) s->begin = true;
                s->tracking_id = value;
            }
            break;
        case GK_ABS_MT_POSITION_X:
        case GK_ABS_MT_POSITION_Y:
        case GK_ABS_MT_PRESSURE:
        case GK_ABS_MT_TOUCH_MAJOR: {
            d->mt_seen = true;
            gk_evdev_slot *target = d->protocol_a ? &d->pending : s;
            if (d->protocol_a) d->pending_any = true;
            if (!target) break;
            if (code == GK_ABS_MT_POSITION_X) { target->x = value; target->moved = true; target->has_x = true; }
            else if (code == GK_ABS_MT_POSITION_Y) { target->y = value; target->moved = true; target->has_y = true; }
            else if (code == GK_ABS_MT_PRESSURE) target->pressure = value;
            else target->major = value;
            break;
        }
        default: break;
        }
        break;
    default: break;
    }
}

/* Hands one protocol-A event to mtdev; at SYN_REPORT, decodes what mtdev made of the frame (protocol
 * B: slots and tracking ids) with the SYN_REPORT's own timestamp. */
static void through_mtdev(gk_evdev_decoder *d, double seconds, uint16_t type, uint16_t code, int32_t value) {
    struct mtdev *m = d->mtdev;
    bool report = type == GK_EV_SYN && code == GK_SYN_REPORT;
    /* The contact gate: at most GK_EVDEV_PROTOCOL_A_CONTACTS contacts of a frame reach mtdev (see
     * gk_evdev.h), and their positions within the axis and 15 bits. */
    if (type == GK_EV_SYN && code == GK_SYN_MT_REPORT) {
        bool contact = d->a_has_x && d->a_has_y;   /* mtdev's own rule for what is a contact */
        d->a_has_x = d->a_has_y = false;
        d->a_frame_reported = true;
        if (d->a_contacts >= GK_EVDEV_PROTOCOL_A_CONTACTS) {
            if (contact) d->dropped_contacts++;
            return;
        }
        if (contact) d->a_contacts++;
    } else if (type == GK_EV_ABS) {
        if (code == GK_ABS_MT_POSITION_X) d->a_has_x = true;
        if (code == GK_ABS_MT_POSITION_Y) d->a_has_y = true;
        if (d->a_contacts >= GK_EVDEV_PROTOCOL_A_CONTACTS) return;
        if (code == GK_ABS_MT_POSITION_X) value = to_pairing(clamp_value(d, value, d->mt_x), d->mt_x, d->a_shift_x);
        if (code == GK_ABS_MT_POSITION_Y) value = to_pairing(clamp_value(d, value, d->mt_y), d->mt_y, d->a_shift_y);
    } else if (report) {
        /* A contact the device did not close with SYN_MT_REPORT: mtdev drops it; so does the gate. */
        d->a_contacts = 0;
        d->a_has_x = d->a_has_y = false;
        /* The last lift of some protocol-A panels is BTN_TOUCH 0 and SYN_REPORT alone, with no
         * SYN_MT_REPORT (N-Trig does it; the kernel allows it). mtdev keeps the contacts of a frame
         * that reported none, so say "no contacts" for it with the empty SYN_MT_REPORT that other
         * panels send. */
        bool lifted = d->st_touch_seen && !d->st_touch;
        if (!d->a_frame_reported && lifted) {
            struct input_event empty;
            memset(&empty, 0, sizeof empty);
            empty.type = GK_EV_SYN;
            empty.code = GK_SYN_MT_REPORT;
            mtdev_put_event(m, &empty);
        }
        d->a_frame_reported = false;
    }
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.code = code;
    ev.value = value;
    mtdev_put_event(m, &ev);
    if (!report) return;
    /* mtdev's output ring holds DIM_EVENTS (512) events: never read more than that in one report. */
    for (int n = 0; n < 512 && !mtdev_empty(m); n++) {
        mtdev_get_event(m, &ev);
        if (ev.type == GK_EV_ABS && ev.code == GK_ABS_MT_POSITION_X) ev.value = from_pairing(ev.value, d->mt_x, d->a_shift_x);
        else if (ev.type == GK_EV_ABS && ev.code == GK_ABS_MT_POSITION_Y) ev.value = from_pairing(ev.value, d->mt_y, d->a_shift_y);
        decode(d, seconds, ev.type, ev.code, ev.value);
    }
}

static bool is_mt_contact_event(uint16_t type, uint16_t code) {
    return (type == GK_EV_ABS && code >= GK_ABS_MT_TOUCH_MAJOR && code <= GK_ABS_MT_PRESSURE && code != GK_ABS_MT_SLOT) ||
           (type == GK_EV_SYN && code == GK_SYN_MT_REPORT);
}

void gk_evdev_event(gk_evdev_decoder *d, double seconds, uint16_t type, uint16_t code, int32_t value) {
    if (!isfinite(seconds)) return;
    if (type == GK_EV_SYN && code == GK_SYN_DROPPED) {
        decode(d, seconds, type, code, value);
        if (d->mtdev) {   /* the converter's state is lost too: start it afresh */
            bool ids = d->config.protocol_a_tracking_ids;
            gk_evdev_release(d);
            start_mtdev(d, ids);
        }
        d->nframe_events = 0;
        return;
    }
    if (d->dropping) {
        decode(d, seconds, type, code, value);
        return;
    }
    /* Protocol A known from the configuration: mtdev from the first event. */
    if (d->protocol_a && !d->mtdev && !d->mt_seen && d->config.protocol_a) {
        if (start_mtdev(d, d->config.protocol_a_tracking_ids)) d->protocol_a = false;
    }
    if (d->mtdev) {
        /* Single-touch axes and keys go straight to the decoder; multitouch goes through mtdev. */
        if (is_mt_contact_event(type, code) || (type == GK_EV_SYN && code == GK_SYN_REPORT)) {
            through_mtdev(d, seconds, type, code, value);
            return;
        }
        decode(d, seconds, type, code, value);
        return;
    }
    if (type == GK_EV_ABS && code == GK_ABS_MT_TRACKING_ID) d->frame_had_tracking_id = true;
    if (type == GK_EV_SYN && code == GK_SYN_MT_REPORT && !d->protocol_a) {
        /* Protocol A detected late, at its first SYN_MT_REPORT: hand this frame's multitouch events
         * to a new mtdev converter, undoing what they did to slot 0. */
        d->config.protocol_a_tracking_ids = d->config.protocol_a_tracking_ids || d->frame_had_tracking_id;
        if (start_mtdev(d, d->config.protocol_a_tracking_ids)) {
            gk_evdev_slot *z = &d->slots[0];
            if (!z->active) {
                memset(z, 0, sizeof *z);
                z->tracking_id = -1;
            }
            for (int i = 0; i < d->nframe_events; i++)
                if (is_mt_contact_event(d->frame_events[i].type, d->frame_events[i].code))
                    through_mtdev(d, seconds, d->frame_events[i].type, d->frame_events[i].code, d->frame_events[i].value);
            d->nframe_events = 0;
            d->mt_seen = true;
            through_mtdev(d, seconds, type, code, value);
            return;
        }
    }
    if (type == GK_EV_SYN && code == GK_SYN_REPORT) {
        d->nframe_events = 0;
        d->frame_had_tracking_id = false;
    } else if (d->nframe_events < GK_EVDEV_FRAME_EVENTS) {
        d->frame_events[d->nframe_events].type = type;
        d->frame_events[d->nframe_events].code = code;
        d->frame_events[d->nframe_events].value = value;
        d->nframe_events++;
    }
    decode(d, seconds, type, code, value);
}
