/* Long file: the evemu and getevent formats and the device description, read into one recording. */
/* Readers of evemu recordings and getevent traces: see gk_recording.h. */

#include "gk_recording.h"

#include <errno.h>
#include <sys/stat.h>
#include <fcntl.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int push(gk_recording *r, size_t *cap, double t, uint16_t type, uint16_t code, int32_t value) {
    if (r->count == *cap) {
        size_t n = *cap ? *cap * 2 : 1024;
        gk_input_event *e = realloc(r->events, n * sizeof *e);
        if (!e) return -1;
        r->events = e;
        *cap = n;
    }
    r->events[r->count++] = (gk_input_event){t, type, code, value};
    if (type == GK_EV_SYN && code == GK_SYN_MT_REPORT) r->protocol_a = true;
    if (type == GK_EV_ABS && code == GK_ABS_MT_TRACKING_ID) r->tracking_ids = true;
    return 0;
}

static void axis_line(gk_recording *r, const char *line) {
    unsigned code;
    int min, max, fuzz, flat, resolution;
    int fields = sscanf(line, "A: %x %d %d %d %d %d", &code, &min, &max, &fuzz, &flat, &resolution);
    if (fields < 3) return;
    if (code == GK_ABS_MT_SLOT) r->has_slots = true;
    if (max <= min) return;
    gk_evdev_axis a = {min, max};
    if (code < 64) {
        r->resolution[code] = fields == 6 && resolution > 0 ? resolution : 0;
        r->axes[code] = a;
        r->axis_mask |= UINT64_C(1) << code;
    }
    switch (code) {
    case GK_ABS_X: r->x = a; break;
    case GK_ABS_Y: r->y = a; break;
    case GK_ABS_MT_POSITION_X: r->mt_x = a; break;
    case GK_ABS_MT_POSITION_Y: r->mt_y = a; break;
    case GK_ABS_MT_PRESSURE: r->pressure = a; break;
    case GK_ABS_MT_SLOT: r->has_slots = true; break;
    default: break;
    }
}

FILE *gk_open_regular_file(const char *path, char *error, size_t size) {
    /* Without blocking: opening a FIFO for reading would wait for a writer, for ever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(error, size, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    /* statx (glibc 2.28) rather than fstat, a symbol of its own only since glibc 2.33: the wheel's
     * own libraries need glibc 2.28 at most (README, "Python without Debian"). */
    struct statx st;
    if (statx(fd, "", AT_EMPTY_PATH, STATX_TYPE, &st) < 0) {
        snprintf(error, size, "%s: cannot read its type: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.stx_mode)) {
        const char *what = S_ISFIFO(st.stx_mode) ? "a FIFO" : S_ISDIR(st.stx_mode) ? "a directory"
                         : S_ISCHR(st.stx_mode) ? "a character device" : S_ISBLK(st.stx_mode) ? "a block device"
                         : S_ISSOCK(st.stx_mode) ? "a socket" : "not a file";
        snprintf(error, size, "%s: %s, not a regular file", path, what);
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(error, size, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

int gk_read_text_file(const char *path, size_t max_bytes, char **text, size_t *length, char *error, size_t size) {
    *text = NULL;
    if (length) *length = 0;
    FILE *f = gk_open_regular_file(path, error, size);
    if (!f) return -1;
    size_t cap = 0, len = 0;
    char *buf = NULL;
    for (;;) {
        if (cap - len < 4097) {
            size_t n = cap ? cap * 2 : 65536;
            if (n > max_bytes + 4097) n = max_bytes + 4097;
            char *q = n > cap ? realloc(buf, n) : NULL;
            if (!q) {
                free(buf);
                fclose(f);
                snprintf(error, size, "%s: out of memory", path);
                return -1;
            }
            buf = q;
            cap = n;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        if (got == 0) break;
        const char *nul = memchr(buf + len, 0, got);
        if (nul) {
            size_t offset = len + (size_t)(nul - (buf + len));
            free(buf);
            fclose(f);
            snprintf(error, size, "%s: binary data (a NUL byte at offset %zu), not a text file", path, offset);
            return -1;
        }
        len += got;
        if (len > max_bytes) {
            free(buf);
            fclose(f);
            snprintf(error, size, "%s: larger than %zu bytes", path, max_bytes);
            return -1;
        }
    }
    bool failed = ferror(f) != 0;
    fclose(f);
    if (failed) {
        free(buf);
        snprintf(error, size, "%s: read error", path);
        return -1;
    }
    buf[len] = 0;
    *text = buf;
    if (length) *length = len;
    return 0;
}

/* Splits `text` into lines: copies the next one (without its newline) into `line` and advances
 * `*pos`. Returns 1 for a line, 0 at the end, -1 for a line longer than GK_RECORDING_MAX_LINE. */
static int next_line(const char *text, size_t length, size_t *pos, char line[GK_RECORDING_MAX_LINE + 1]) {
    if (*pos >= length) return 0;
    const char *start = text + *pos;
    const char *nl = memchr(start, '\n', length - *pos);
    size_t n = nl ? (size_t)(nl - start) : length - *pos;
    if (n > GK_RECORDING_MAX_LINE) return -1;
    memcpy(line, start, n);
    line[n] = 0;
    *pos += n + (nl ? 1 : 0);
    return 1;
}

/* "P: 02 00 00 00 00 00 00 00": the INPUT_PROP_* bits, one byte per eight. */
static void properties_line(gk_recording *r, const char *line) {
    unsigned b[4] = {0, 0, 0, 0};
    int n = sscanf(line, "P: %x %x %x %x", &b[0], &b[1], &b[2], &b[3]);
    if (n < 1) return;
    r->properties = 0;
    for (int i = 0; i < n; i++) r->properties |= (b[i] & 0xffu) << (8 * i);
    r->has_properties = true;
}

/* "B: 01 00 24 00 00 00 00 00 00": eight more bytes of the EV_KEY bits ("B: 00", the event types,
 * comes first and starts them again). Other types' bits are not kept. */
static void bits_line(gk_recording *r, const char *line, size_t *key_bytes) {
    unsigned type, b[8];
    int n = sscanf(line, "B: %x %x %x %x %x %x %x %x %x", &type, &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7]);
    if (n < 2) return;
    if (type == 0) {
        *key_bytes = 0;
        return;
    }
    if (type != 1) return;
    for (int i = 0; i + 1 < n && *key_bytes < sizeof r->key_bits; i++) r->key_bits[(*key_bytes)++] = (uint8_t)b[i];
    r->has_key_bits = true;
}

static int load_desc(gk_recording *r, const char *path, char *error, size_t size) {
    if (size > 0) error[0] = 0;
    char *text = NULL;
    size_t len = 0;
    if (gk_read_text_file(path, GK_RECORDING_MAX_BYTES, &text, &len, error, size) < 0) return -1;
    char line[GK_RECORDING_MAX_LINE + 1];
    size_t pos = 0;
    int n = 0, rc;
    size_t key_bytes = 0;
    while ((rc = next_line(text, len, &pos, line)) > 0) {
        n++;
        if (line[0] == 'A' && line[1] == ':') axis_line(r, line);
        else if (line[0] == 'P' && line[1] == ':') properties_line(r, line);
        else if (line[0] == 'B' && line[1] == ':') bits_line(r, line, &key_bytes);
        else if (line[0] == 'N' && line[1] == ':') {
            line[strcspn(line, "\r\n")] = 0;
            snprintf(r->name, sizeof r->name, "%.127s", line + 3);
        }
    }
    free(text);
    if (rc < 0) {
        snprintf(error, size, "%.200s: line %d is longer than %d bytes", path, n + 1, GK_RECORDING_MAX_LINE);
        return -1;
    }
    return 0;
}

/* getevent -l names of the events a touchscreen sends. */
static const struct { const char *name; uint16_t type, code; } names[] = {
    {"SYN_REPORT", GK_EV_SYN, GK_SYN_REPORT}, {"SYN_MT_REPORT", GK_EV_SYN, GK_SYN_MT_REPORT},
    {"SYN_DROPPED", GK_EV_SYN, GK_SYN_DROPPED}, {"ABS_X", GK_EV_ABS, GK_ABS_X}, {"ABS_Y", GK_EV_ABS, GK_ABS_Y},
    {"ABS_MT_SLOT", GK_EV_ABS, GK_ABS_MT_SLOT}, {"ABS_MT_TOUCH_MAJOR", GK_EV_ABS, GK_ABS_MT_TOUCH_MAJOR},
    {"ABS_MT_POSITION_X", GK_EV_ABS, GK_ABS_MT_POSITION_X}, {"ABS_MT_POSITION_Y", GK_EV_ABS, GK_ABS_MT_POSITION_Y},
    {"ABS_MT_TRACKING_ID", GK_EV_ABS, GK_ABS_MT_TRACKING_ID}, {"ABS_MT_PRESSURE", GK_EV_ABS, GK_ABS_MT_PRESSURE},
    {"BTN_TOUCH", GK_EV_KEY, GK_BTN_TOUCH}, {"BTN_TOOL_PEN", GK_EV_KEY, GK_BTN_TOOL_PEN},
};

/* One getevent line: 1 when it has getevent's shape (used or not), 0 when it does not, -1 out of
 * memory, -2 a time out of range. */
static int getevent_line(gk_recording *r, size_t *cap, const char *line, int32_t *maxx, int32_t *maxy) {
    double t;
    char type[32], code[64], value[32];
    if (sscanf(line, " [ %lf ] %31s %63s %31s", &t, type, code, value) != 4) return 0;
    if (!(fabs(t) <= GK_RECORDING_MAX_TIME)) return -2;   /* NaN, infinity or absurd */
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(code, names[i].name) != 0) continue;
        int32_t v;
        if (strcmp(value, "DOWN") == 0) v = 1;
        else if (strcmp(value, "UP") == 0) v = 0;
        else v = (int32_t)(uint32_t)strtoul(value, NULL, 16);
        if (names[i].code == GK_ABS_MT_POSITION_X && v > *maxx) *maxx = v;
        if (names[i].code == GK_ABS_MT_POSITION_Y && v > *maxy) *maxy = v;
        if (names[i].code == GK_ABS_MT_SLOT) r->has_slots = true;
        return push(r, cap, t, names[i].type, names[i].code, v) < 0 ? -1 : 1;
    }
    return 1;   /* an event the decoder does not use */
}

/* Finds the description of an evemu recording that has no "A:" lines: "<device name>.desc" beside it
 * (the name from its "N:" line, when it has one), "<file name without extension>.desc", or else the
 * .desc file of the same directory whose name is the longest prefix of the recording's, ending where
 * the recording's name goes on with '.', ' ', '-' or '_' ("Device 1.2 Finger.desc" for
 * "Device 1.2 Finger tap.events", never "Device 1.desc" when the longer one is there). Only the
 * extension is cut from the file name. 0 with the path in `out`, or -1 with what was tried. */
/* "<dir>/<name><suffix>" into out; false when it does not fit. */
static bool path_join(char *out, size_t size, const char *dir, const char *name, int name_len, const char *suffix) {
    int n = snprintf(out, size, "%s/%.*s%s", dir, name_len, name, suffix);
    return n >= 0 && (size_t)n < size;
}

static int find_description(const char *path, const char *device_name, char *out, size_t size, char *tried,
                            size_t tried_size) {
    char dir[1024], stem[512];
    const char *slash = strrchr(path, '/');
    if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else snprintf(dir, sizeof dir, ".");
    snprintf(stem, sizeof stem, "%s", slash ? slash + 1 : path);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem) *dot = 0;
    const char *base = slash ? slash + 1 : path;
    if (device_name[0] && strcmp(device_name, base) != 0) {
        if (path_join(out, size, dir, device_name, (int)strlen(device_name), ".desc") && access(out, R_OK) == 0) return 0;
    }
    if (path_join(out, size, dir, stem, (int)strlen(stem), ".desc") && access(out, R_OK) == 0) return 0;
    size_t best = 0;
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t n = strlen(e->d_name);
            if (n <= 5 || strcmp(e->d_name + n - 5, ".desc") != 0) continue;
            size_t k = n - 5;   /* the description's stem */
            if (k <= best || k > strlen(stem) || strncmp(stem, e->d_name, k) != 0) continue;
            char next = stem[k];
            if (next != 0 && next != '.' && next != ' ' && next != '-' && next != '_') continue;
            if (path_join(out, size, dir, e->d_name, (int)n, "")) best = k;
        }
        closedir(d);
    }
    if (best > 0) return 0;
    bool named = device_name[0] && strcmp(device_name, base) != 0;
    if (snprintf(tried, tried_size, "'%.60s.desc'%s%.60s%s and the .desc files of '%.100s' that begin its name",
                 stem, named ? ", '" : "", named ? device_name : "", named ? ".desc'" : "", dir) < 0)
        tried[0] = 0;
    return -1;
}

gk_device_class gk_recording_classify(const gk_recording *r, const char **reason) {
    gk_device_caps c = {.properties = r->properties, .has_keys = r->has_key_bits, .name = r->name,
                        .has_mt = r->mt_x.maximum > r->mt_x.minimum && r->mt_y.maximum > r->mt_y.minimum};
    memcpy(c.keys, r->key_bits, sizeof c.keys);
    return gk_device_classify(&c, reason);
}

gk_device_class gk_recording_device_class(const gk_recording *r) { return gk_recording_classify(r, NULL); }

static const char *abs_name(unsigned code) {
    static const struct { unsigned code; const char *name; } names[] = {
        {0x00, "ABS_X"}, {0x01, "ABS_Y"}, {0x02, "ABS_Z"}, {0x03, "ABS_RX"}, {0x04, "ABS_RY"}, {0x05, "ABS_RZ"},
        {0x06, "ABS_THROTTLE"}, {0x07, "ABS_RUDDER"}, {0x08, "ABS_WHEEL"}, {0x18, "ABS_PRESSURE"},
        {0x19, "ABS_DISTANCE"}, {0x1a, "ABS_TILT_X"}, {0x1b, "ABS_TILT_Y"}, {0x2f, "ABS_MT_SLOT"},
        {0x30, "ABS_MT_TOUCH_MAJOR"}, {0x35, "ABS_MT_POSITION_X"}, {0x36, "ABS_MT_POSITION_Y"},
        {0x39, "ABS_MT_TRACKING_ID"}, {0x3a, "ABS_MT_PRESSURE"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == code) return names[i].name;
    return NULL;
}

/* Axes that can carry a position: not the slot, the tracking id, pressure, distance, tilt, a
 * contact's size and orientation, a wheel or ring (ABS_WHEEL), or ABS_MISC (a tablet's tool or pad
 * serial). */
static bool could_be_position(unsigned c) {
    return c != 0x2f && c != 0x39 && c != 0x18 && c != 0x19 && c != 0x1a && c != 0x1b && c != 0x3a && c != 0x08 &&
           c != 0x28 &&
           !(c >= 0x30 && c <= 0x34) && c < 0x35;
}

/* Declared position axes that never change while two others do (seen: a USB controller declaring
 * ABS_X/ABS_Y and reporting on ABS_Z/ABS_RX): -1 with the --axes to try, else 0. */
static int check_axes_move(const gk_recording *r, char *error, size_t size) {
    uint32_t changes[64] = {0};
    int32_t last[64];
    uint64_t seen = 0;
    for (size_t i = 0; i < r->count; i++) {
        const gk_input_event *e = &r->events[i];
        if (e->type != GK_EV_ABS || e->code >= 64) continue;
        uint64_t bit = UINT64_C(1) << e->code;
        if ((seen & bit) && last[e->code] != e->value && changes[e->code] < UINT32_MAX) changes[e->code]++;
        seen |= bit;
        last[e->code] = e->value;
    }
    if (changes[GK_ABS_X] || changes[GK_ABS_Y] || changes[GK_ABS_MT_POSITION_X] || changes[GK_ABS_MT_POSITION_Y])
        return 0;
    unsigned best[2] = {64, 64};   /* the two moving axes with the most changes, lower code first on ties */
    for (unsigned c = 0; c < 64; c++) {
        if (!could_be_position(c) || c == GK_ABS_X || c == GK_ABS_Y || !changes[c]) continue;
        if (best[0] == 64 || changes[c] > changes[best[0]]) {
            best[1] = best[0];
            best[0] = c;
        } else if (best[1] == 64 || changes[c] > changes[best[1]]) {
            best[1] = c;
        }
    }
    if (best[1] == 64) return 0;
    unsigned x = best[0] < best[1] ? best[0] : best[1], y = best[0] < best[1] ? best[1] : best[0];
    const char *xn = abs_name(x), *yn = abs_name(y);
    snprintf(error, size, "%s: the position axes never change (ABS_X/ABS_Y and ABS_MT_POSITION_X/Y stay put), while "
             "%s (0x%02x) and %s (0x%02x) do: the position is probably there. Try --axes 0x%02x,0x%02x",
             r->name, xn ? xn : "axis", x, yn ? yn : "axis", y, x, y);
    return -1;
}

int gk_recording_check_axes(const gk_recording *r, char *error, size_t size) {
    bool st = r->x.maximum > r->x.minimum && r->y.maximum > r->y.minimum;
    bool mt = r->mt_x.maximum > r->mt_x.minimum && r->mt_y.maximum > r->mt_y.minimum;
    if (st || mt) return check_axes_move(r, error, size);
    char list[600] = "";
    for (unsigned c = 0; c < 64; c++) {
        if (!(r->axis_mask & (UINT64_C(1) << c))) continue;
        const char *n = abs_name(c);
        size_t used = strlen(list);
        if (n) snprintf(list + used, sizeof list - used, "%s%s (0x%02x)", used ? ", " : "", n, c);
        else snprintf(list + used, sizeof list - used, "%s0x%02x", used ? ", " : "", c);
    }
    snprintf(error, size, "%s: no position axes (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y); the device has %s. "
             "Read the position from two of them with --axes XCODE,YCODE (e.g. --axes 0x02,0x03)",
             r->name, list[0] ? list : "no described axis at all");
    return -1;
}

int gk_recording_map_axes(gk_recording *r, unsigned xc, unsigned yc, char *error, size_t size) {
    if (xc >= 64 || yc >= 64 || xc == yc || !(r->axis_mask & (UINT64_C(1) << xc)) ||
        !(r->axis_mask & (UINT64_C(1) << yc))) {
        snprintf(error, size, "%s: --axes 0x%02x,0x%02x: both must be different axes the device describes", r->name,
                 xc, yc);
        return -1;
    }
    r->x = r->axes[xc];
    r->y = r->axes[yc];
    r->mt_x = r->mt_y = (gk_evdev_axis){0, 0};
    for (size_t i = 0; i < r->count; i++) {
        gk_input_event *e = &r->events[i];
        if (e->type != GK_EV_ABS) continue;
        if (e->code == xc) e->code = GK_ABS_X;
        else if (e->code == yc) e->code = GK_ABS_Y;
        else if (e->code == GK_ABS_X || e->code == GK_ABS_Y) e->code = 0x3f;   /* out of the way: unused */
    }
    return 0;
}

int gk_recording_load(const char *path, const char *desc_path, gk_recording *r, char *error, size_t size) {
    memset(r, 0, sizeof *r);
    char *text = NULL;
    size_t len = 0;
    if (gk_read_text_file(path, GK_RECORDING_MAX_BYTES, &text, &len, error, size) < 0) return -1;
    int rc = gk_recording_parse(text, len, path, desc_path, r, error, size);
    free(text);
    return rc;
}

int gk_recording_parse(const char *text, size_t length, const char *path, const char *desc_path, gk_recording *r,
                       char *error, size_t size) {
    memset(r, 0, sizeof *r);
    const char *label = path ? path : "(memory)";
    const char *base = strrchr(label, '/');
    snprintf(r->name, sizeof r->name, "%s", base ? base + 1 : label);
    if (length > GK_RECORDING_MAX_BYTES) {
        snprintf(error, size, "%s: larger than %u bytes", label, GK_RECORDING_MAX_BYTES);
        return -1;
    }
    if (memchr(text, 0, length)) {
        snprintf(error, size, "%s: binary data (a NUL byte), not a recording", label);
        return -1;
    }
    size_t cap = 0, pos = 0;
    char line[GK_RECORDING_MAX_LINE + 1];
    bool evemu = false, getevent = false, has_axes = false, named = false;
    int32_t maxx = 0, maxy = 0;
    size_t key_bytes = 0;
    int n = 0, got;
    while ((got = next_line(text, length, &pos, line)) > 0) {
        n++;
        int rc = 0;
        if (line[0] == 'E' && line[1] == ':') {
            double t;
            unsigned type, code;
            int value;
            evemu = true;
            if (sscanf(line, "E: %lf %x %x %d", &t, &type, &code, &value) == 4) {
                if (!(fabs(t) <= GK_RECORDING_MAX_TIME)) rc = -2;
                else rc = push(r, &cap, t, (uint16_t)type, (uint16_t)code, value);
            }
        } else if (line[0] == 'A' && line[1] == ':') {
            axis_line(r, line);
            has_axes = true;
        } else if (line[0] == 'P' && line[1] == ':') {
            properties_line(r, line);
        } else if (line[0] == 'B' && line[1] == ':') {
            bits_line(r, line, &key_bytes);
        } else if (line[0] == 'N' && line[1] == ':') {
            named = true;
            line[strcspn(line, "\r\n")] = 0;
            snprintf(r->name, sizeof r->name, "%.127s", line + 3);
        } else if (line[0] == '[' || (line[0] == ' ' && strchr(line, '['))) {
            rc = getevent_line(r, &cap, line, &maxx, &maxy);
            if (rc > 0) {
                getevent = true;
                rc = 0;
            }
        }
        if (rc == -2) snprintf(error, size, "%s: line %d: event time out of range (|t| <= %g s)", label, n,
                               GK_RECORDING_MAX_TIME);
        else if (rc < 0) snprintf(error, size, "%s: out of memory", label);
        if (rc < 0) {
            gk_recording_free(r);
            return -1;
        }
    }
    if (got < 0) {
        snprintf(error, size, "%s: line %d is longer than %d bytes", label, n + 1, GK_RECORDING_MAX_LINE);
        gk_recording_free(r);
        return -1;
    }
    if (!evemu && !getevent) {
        if (has_axes || named)
            snprintf(error, size, "%s: a device description with no events (no E: lines); record the panel with "
                                  "evemu-record", label);
        else
            snprintf(error, size, "%s: not a recording: neither an evemu recording (N:, A: and E: lines) nor an "
                                  "Android getevent -lt trace ([ seconds ] lines)", label);
        gk_recording_free(r);
        return -1;
    }
    if (evemu && !has_axes) {
        char why[300] = "", tried[700] = "";
        const char *use = desc_path;
        char found[1024];
        if (!use && path && find_description(path, r->name, found, sizeof found, tried, sizeof tried) == 0) use = found;
        if (!use || load_desc(r, use, why, sizeof why) < 0) {
            if (use) snprintf(error, size, "%s: no axis ranges in the file, and the description %s: %s", label, use, why);
            else snprintf(error, size, "%s: no axis ranges in the file and no description beside it (tried %s); "
                                       "give one with --desc FILE", label, tried[0] ? tried : "nothing: no file name");
            gk_recording_free(r);
            return -1;
        }
        snprintf(r->desc_path, sizeof r->desc_path, "%s", use);
    }
    if (getevent) {
        /* No ranges in the trace: assume the panel spans 0 .. 2^k - 1, the smallest such range
         * holding every value seen (controllers report 10- to 12-bit coordinates). */
        int32_t px = 1, py = 1;
        while (px <= maxx && px < (1 << 30)) px <<= 1;
        while (py <= maxy && py < (1 << 30)) py <<= 1;
        r->mt_x = (gk_evdev_axis){0, px - 1};
        r->mt_y = (gk_evdev_axis){0, py - 1};
    }
    return 0;
}

void gk_recording_free(gk_recording *r) {
    free(r->events);
    r->events = NULL;
    r->count = 0;
}

void gk_recording_decoder(const gk_recording *r, const gk_evdev_config *config, const gk_evdev_sink *sink,
                          gk_evdev_decoder *out) {
    gk_evdev_config c;
    if (config) c = *config; else gk_evdev_config_init(&c);
    if (!r->has_slots && r->protocol_a) {
        c.protocol_a = true;
        c.protocol_a_tracking_ids = c.protocol_a_tracking_ids || r->tracking_ids;
    }
    gk_evdev_init(out, &c, r->x, r->y, r->mt_x, r->mt_y, sink);
    out->pressure = r->pressure;
}

void gk_recording_play(const gk_recording *r, gk_evdev_decoder *d) {
    for (size_t i = 0; i < r->count; i++)
        gk_evdev_event(d, r->events[i].time, r->events[i].type, r->events[i].code, r->events[i].value);
}
