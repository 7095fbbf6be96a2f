/* gesturekitd's configuration: the text of /etc/gesturekit/gesturekitd.conf (gesturekitd.conf(5))
 * parsed into plain values. The parser reads no file of its own and has no side effect: it fills
 * a gkd_config or says, for the first error, the file, the line and the field. Every size is
 * bounded (the limits below), so any input, however long or strange, is either read or refused. */
#ifndef GKD_CONFIG_H
#define GKD_CONFIG_H

#include <gesturekit.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GKD_NAME 64            /* zone and gesture names, with their NUL */
#define GKD_TEXT 256           /* paths, words of an action, property values */
#define GKD_MAX_ZONES 32
#define GKD_MAX_GESTURES 32
#define GKD_MAX_PROPS 16       /* recognizer properties of one gesture */
#define GKD_MAX_REQUIRES 8     /* failure requirements of one gesture */
#define GKD_MAX_SEEN 32        /* settings of one section the parser remembers, to refuse repeats */
#define GKD_MAX_ACTIONS 8      /* actions of one gesture, or of idle */
#define GKD_MAX_ARGS 16        /* words of an exec action */
#define GKD_MAX_KEYS 6         /* keys pressed together by a key action */
#define GKD_MAX_LINE 1024      /* longest line */
#define GKD_MAX_BYTES (256 * 1024) /* longest file */

typedef enum gkd_action_kind {
    GKD_ACTION_EXEC,      /* run argv without a shell */
    GKD_ACTION_KEY,       /* press and release keys on the virtual keyboard */
    GKD_ACTION_SOCKET,    /* a JSON line to every client of the socket */
    GKD_ACTION_CLEANING,  /* start the cleaning mode */
} gkd_action_kind;

typedef struct gkd_action {
    gkd_action_kind kind;
    int argc;                          /* exec: words of argv */
    char argv[GKD_MAX_ARGS][GKD_TEXT];
    int nkeys;                         /* key: KEY_* codes, pressed in order, released in reverse */
    int keys[GKD_MAX_KEYS];
    int line;                          /* where it was written, for messages */
} gkd_action;

typedef struct gkd_zone {
    char name[GKD_NAME];
    bool in_mm;                        /* rect in millimetres (rect_mm) rather than screen fractions */
    double rect[4];                    /* x, y, width, height */
    int line;
} gkd_zone;

typedef struct gkd_property {
    char key[GKD_NAME];
    char value[GKD_TEXT];
    int line;
} gkd_property;

/* How a touch the app had, and a gesture then claimed, ends in the app stream (gkd_app_stream.h). */
typedef enum gkd_cancel_style { GKD_CANCEL_LIFT, GKD_CANCEL_PALM } gkd_cancel_style;

typedef struct gkd_gesture {
    char name[GKD_NAME];
    int zone;                          /* index into zones, or -1: the whole screen */
    char zone_name[GKD_NAME];          /* as written ("" for the whole screen) */
    int zone_line;
    gk_recognizer_kind kind;
    bool has_kind;
    int on;                            /* the gk_state that runs the actions: BEGAN or ENDED */
    bool has_on;
    int nprops;
    gkd_property props[GKD_MAX_PROPS];
    int nrequires;
    char requires[GKD_MAX_REQUIRES][GKD_NAME];   /* gestures that must fail first */
    int naction;
    gkd_action actions[GKD_MAX_ACTIONS];
    int line;
} gkd_gesture;

typedef struct gkd_config {
    char path[GKD_TEXT];               /* the file, for messages */
    /* [daemon] */
    char device[GKD_TEXT];             /* "" or "auto": every touchscreen udev finds; else a path */
    bool grab;                         /* take the panel from the app and re-emit its touches */
    double screen_width, screen_height; /* points; default 800x480 */
    double points_per_mm;              /* for zones in millimetres; default 6.4 */
    int rotation;                      /* 0, 90, 180, 270 */
    bool has_calibration;
    double calibration[6];             /* else udev's LIBINPUT_CALIBRATION_MATRIX */
    char profile[GKD_TEXT];            /* a panel profile file, or "" */
    char filters[GKD_TEXT];            /* the tool's filter list, or "" */
    char socket_path[GKD_TEXT];        /* the Unix socket for clients, or "" */
    char socket_group[GKD_NAME];       /* the group that may connect, or "": gesturekit if it exists */
    double idle_seconds;               /* 0: no idle signal */
    int nidle;
    gkd_action idle_actions[GKD_MAX_ACTIONS];
    double cleaning_exit_hold;         /* seconds a touch must be held to end the cleaning mode */
    bool cleaning_at_start;            /* start (and reload) in the cleaning mode */
    bool socket_control;               /* socket clients may send "cleaning on" / "cleaning off" */
    gkd_cancel_style cancel;           /* how a claimed touch ends in the app (default lift) */
    double landing_window;             /* seconds a whole-screen gesture of several fingers holds a new
                                        * touch back from the app while its fingers land (default
                                        * GKD_DEFAULT_LANDING_WINDOW; 0: never, and claims end touches) */
    /* [accessibility] */
    gk_touch_accommodations accommodations;
    double timing_scale;
    /* [zone NAME] and [gesture NAME] */
    int nzones;
    gkd_zone zones[GKD_MAX_ZONES];
    int ngestures;
    gkd_gesture gestures[GKD_MAX_GESTURES];
} gkd_config;

/* The landing window's default: fingers of one gesture land within it of each other (60 ms apart
 * still counts), and the delay it adds to a touch no gesture takes stays under 80 ms. */
#define GKD_DEFAULT_LANDING_WINDOW 0.075

/* A gkd_config is about 1.3 MB (every limit above held in place): allocate it on the heap. */

/* Fills `config` with the defaults (no zone, no gesture, grab off, 800x480). */
void gkd_config_init(gkd_config *config);

/* Parses a configuration's text (`length` bytes; need not end in NUL). `path` names it in
 * messages. Returns 0, or -1 with "PATH:LINE: FIELD: what is wrong" in `error` (`size` bytes),
 * and `config` then holds no promise. The whole file is checked, names included: a gesture's zone,
 * its failure requirements, property names and values for its kind. */
int gkd_config_parse(const char *text, size_t length, const char *path, gkd_config *config, char *error,
                     size_t size);

/* Reads and parses a file (at most GKD_MAX_BYTES). Same results as gkd_config_parse(). */
int gkd_config_load(const char *path, gkd_config *config, char *error, size_t size);

/* The recognizer property a configuration key names for `kind`: its id and type ('b', 'i' or
 * 'd'). Returns false for a name that is not a settable property of that kind. */
bool gkd_property_lookup(gk_recognizer_kind kind, const char *key, gk_property *id, char *type);

/* The index-th setting of [daemon], [accessibility] and zones, as config_settings.c declares them
 * (from 0): its key, and its section in `section` ("[daemon]", "[accessibility]" or "a zone") when
 * not NULL. NULL past the last. */
const char *gkd_config_setting(size_t index, const char **section);

/* The name of a recognizer kind in the configuration ("tap", "long_press", ...), or NULL. */
const char *gkd_kind_name(gk_recognizer_kind kind);

#endif
