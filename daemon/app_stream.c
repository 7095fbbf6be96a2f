/* The app's touchscreen as kernel events (gkd_app_stream.h). */
#include "gkd_app_stream.h"

#include <math.h>
#include <string.h>

void gkd_mapping_to_device(const gkd_mapping *m, double x, double y, int32_t *out_x, int32_t *out_y) {
    const gk_evdev_config *c = &m->config;
    double ru = x / c->screen_width, rv = y / c->screen_height;
    /* The decoder calibrates, then flips, then rotates (gk_evdev_map): undo it in reverse. */
    double u = ru, v = rv;
    switch (c->rotation) {
    case 90: u = rv; v = 1 - ru; break;
    case 180: u = 1 - ru; v = 1 - rv; break;
    case 270: u = 1 - rv; v = ru; break;
    default: break;
    }
    if (c->flip_x) u = 1 - u;
    if (c->flip_y) v = 1 - v;
    const double *k = c->calibration;
    double det = k[0] * k[4] - k[1] * k[3];
    if (fabs(det) > 1e-12) {
        double a = u - k[2], b = v - k[5];
        u = (k[4] * a - k[1] * b) / det;
        v = (k[0] * b - k[3] * a) / det;
    }
    double dx = m->x.minimum + u * ((double)m->x.maximum - m->x.minimum);
    double dy = m->y.minimum + v * ((double)m->y.maximum - m->y.minimum);
    dx = fmin(fmax(round(dx), m->x.minimum), m->x.maximum);
    dy = fmin(fmax(round(dy), m->y.minimum), m->y.maximum);
    *out_x = (int32_t)dx;
    *out_y = (int32_t)dy;
}

void gkd_app_stream_init(gkd_app_stream *s, const gkd_mapping *mapping, gkd_cancel_style cancel,
                         const gkd_event_sink *sink) {
    memset(s, 0, sizeof *s);
    s->mapping = *mapping;
    s->cancel = cancel;
    s->sink = *sink;
    s->current_slot = -1;
}

static void emit(gkd_app_stream *s, uint16_t type, uint16_t code, int32_t value) {
    if (!s->sink.event || s->sink.event(s->sink.user_data, s->frame_time, type, code, value) < 0) s->dropped_events++;
    if (type != GK_EV_SYN) s->frame_open = true;
}

static void report(gkd_app_stream *s) {
    emit(s, GK_EV_SYN, GK_SYN_REPORT, 0);
    s->frame_open = false;
    s->frames++;
    for (int i = 0; i < GKD_APP_SLOTS; i++) s->slots[i].written = false;
}

static void select_slot(gkd_app_stream *s, int slot) {
    if (s->current_slot != slot) emit(s, GK_EV_ABS, GK_ABS_MT_SLOT, slot);
    s->current_slot = slot;
}

static int slot_of(const gkd_app_stream *s, int64_t touch_id) {
    for (int i = 0; i < GKD_APP_SLOTS; i++)
        if (s->slots[i].used && s->slots[i].touch_id == touch_id) return i;
    return -1;
}

/* BTN_TOUCH and the single-touch position follow the contacts, as a panel's driver sends them. */
static void touch_state(gkd_app_stream *s) {
    bool any = false;
    int first = -1;
    for (int i = 0; i < GKD_APP_SLOTS; i++) {
        if (s->slots[i].used && !s->slots[i].palm) {
            any = true;
            if (first < 0) first = i;
        }
    }
    if (any != s->touching) emit(s, GK_EV_KEY, GK_BTN_TOUCH, any ? 1 : 0);
    s->touching = any;
    if (first >= 0 && s->slots[first].written) {
        emit(s, GK_EV_ABS, GK_ABS_X, s->slots[first].x);
        emit(s, GK_EV_ABS, GK_ABS_Y, s->slots[first].y);
    }
}

void gkd_app_stream_flush(gkd_app_stream *s) {
    if (!s->frame_open) return;
    touch_state(s);
    report(s);
    /* A palm frame is followed by the lift, in a frame of its own. */
    bool lifts = false;
    for (int i = 0; i < GKD_APP_SLOTS; i++) {
        gkd_app_slot *slot = &s->slots[i];
        if (!slot->palm) continue;
        select_slot(s, i);
        emit(s, GK_EV_ABS, GK_ABS_MT_TRACKING_ID, -1);
        slot->palm = false;
        slot->used = false;
        lifts = true;
    }
    if (lifts) {
        touch_state(s);
        report(s);
    }
}

/* A slot written twice in one frame would merge two states: end the frame first. */
static void begin_write(gkd_app_stream *s, double time, int slot) {
    if (s->frame_open && (time != s->frame_time || s->slots[slot].written)) gkd_app_stream_flush(s);
    s->frame_time = time;
    s->slots[slot].written = true;
}

static void position(gkd_app_stream *s, int slot, const gk_delivery *d, bool always) {
    int32_t x, y;
    gkd_mapping_to_device(&s->mapping, d->window_location.x, d->window_location.y, &x, &y);
    gkd_app_slot *t = &s->slots[slot];
    if (always || x != t->x) emit(s, GK_EV_ABS, GK_ABS_MT_POSITION_X, x);
    if (always || y != t->y) emit(s, GK_EV_ABS, GK_ABS_MT_POSITION_Y, y);
    t->x = x;
    t->y = y;
}

void gkd_app_stream_deliver(gkd_app_stream *s, const gk_delivery *d) {
    int slot = slot_of(s, d->touch_id);
    switch (d->phase) {
    case GK_TOUCH_BEGAN: {
        if (slot >= 0) return;   /* began twice: not from the engine */
        for (int i = 0; i < GKD_APP_SLOTS && slot < 0; i++)
            if (!s->slots[i].used) slot = i;
        if (slot < 0) {
            s->full++;
            return;
        }
        begin_write(s, d->timestamp, slot);
        gkd_app_slot *t = &s->slots[slot];
        t->used = true;
        t->touch_id = d->touch_id;
        select_slot(s, slot);
        /* The tool type first: libinput reads it when the tracking id arrives, and a slot still
         * marked palm then makes it ignore the whole touch. */
        if (t->was_palm) emit(s, GK_EV_ABS, GKD_ABS_MT_TOOL_TYPE, GKD_MT_TOOL_FINGER);
        t->was_palm = false;
        emit(s, GK_EV_ABS, GK_ABS_MT_TRACKING_ID, s->next_tracking_id);
        s->next_tracking_id = (s->next_tracking_id + 1) & 0xffff;
        position(s, slot, d, true);
        break;
    }
    case GK_TOUCH_MOVED:
    case GK_TOUCH_STATIONARY:
        if (slot < 0 || s->slots[slot].palm) return;
        begin_write(s, d->timestamp, slot);
        select_slot(s, slot);
        position(s, slot, d, false);
        break;
    case GK_TOUCH_ENDED:
        if (slot < 0 || s->slots[slot].palm) return;
        begin_write(s, d->timestamp, slot);
        select_slot(s, slot);
        position(s, slot, d, false);
        emit(s, GK_EV_ABS, GK_ABS_MT_TRACKING_ID, -1);
        s->slots[slot].used = false;
        break;
    case GK_TOUCH_CANCELLED:
        if (slot < 0 || s->slots[slot].palm) return;
        begin_write(s, d->timestamp, slot);
        select_slot(s, slot);
        if (s->cancel == GKD_CANCEL_LIFT) {
            /* A plain lift where it is: every stack ends the touch (docs/DAEMON.md). */
            emit(s, GK_EV_ABS, GK_ABS_MT_TRACKING_ID, -1);
            s->slots[slot].used = false;
            break;
        }
        emit(s, GK_EV_ABS, GKD_ABS_MT_TOOL_TYPE, GKD_MT_TOOL_PALM);
        s->slots[slot].palm = true;
        s->slots[slot].was_palm = true;
        break;
    default:
        break;
    }
}

void gkd_app_stream_cancel_all(gkd_app_stream *s, double time) {
    for (int i = 0; i < GKD_APP_SLOTS; i++) {
        if (!s->slots[i].used || s->slots[i].palm) continue;
        gk_delivery d = {0};
        d.timestamp = time;
        d.touch_id = s->slots[i].touch_id;
        d.phase = GK_TOUCH_CANCELLED;
        gkd_app_stream_deliver(s, &d);
    }
    gkd_app_stream_flush(s);
}

int gkd_evemu_event(void *file, double time, uint16_t type, uint16_t code, int32_t value) {
    if (time < 0) time = 0;
    long long seconds = (long long)time;
    long micros = lround((time - (double)seconds) * 1e6);
    if (micros >= 1000000) {
        seconds++;
        micros -= 1000000;
    }
    return fprintf(file, "E: %lld.%06ld %04x %04x %d\n", seconds, micros, type, code, value) < 0 ? -1 : 0;
}

static void bits_line(FILE *out, int type, const uint8_t *bytes, int count) {
    for (int at = 0; at < count; at += 8) {
        fprintf(out, "B: %02x", type);
        for (int i = at; i < at + 8; i++) fprintf(out, " %02x", i < count ? bytes[i] : 0);
        fputc('\n', out);
    }
}

void gkd_app_stream_write_description(const gkd_mapping *m, const char *name, FILE *out) {
    fprintf(out, "# EVEMU 1.3\n# gesturekitd: the touches the app receives\n");
    fprintf(out, "N: %s\nI: 0006 0000 0000 0000\nP: %02x 00 00 00 00 00 00 00\n", name, 1u << GKD_INPUT_PROP_DIRECT);
    uint8_t syn[1] = {0x01 | 0x08}, key[96] = {0}, abs[8] = {0};
    key[GK_BTN_TOUCH / 8] |= (uint8_t)(1u << (GK_BTN_TOUCH % 8));
    const int codes[] = {GK_ABS_X, GK_ABS_Y, GK_ABS_MT_SLOT, GK_ABS_MT_POSITION_X, GK_ABS_MT_POSITION_Y,
                         GKD_ABS_MT_TOOL_TYPE, GK_ABS_MT_TRACKING_ID};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) abs[codes[i] / 8] |= (uint8_t)(1u << (codes[i] % 8));
    bits_line(out, 0x00, syn, 1);
    bits_line(out, 0x01, key, 96);
    bits_line(out, 0x03, abs, 8);
    fprintf(out, "A: 00 %d %d 0 0 %d\nA: 01 %d %d 0 0 %d\n", m->x.minimum, m->x.maximum, m->resolution_x,
            m->y.minimum, m->y.maximum, m->resolution_y);
    fprintf(out, "A: 2f 0 %d 0 0 0\n", GKD_APP_SLOTS - 1);
    fprintf(out, "A: 35 %d %d 0 0 %d\nA: 36 %d %d 0 0 %d\n", m->x.minimum, m->x.maximum, m->resolution_x,
            m->y.minimum, m->y.maximum, m->resolution_y);
    fprintf(out, "A: 37 0 %d 0 0 0\nA: 39 0 65535 0 0 0\n", GKD_MT_TOOL_PALM);
}
