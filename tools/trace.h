/* The GestureKit trace format (docs/TRACE-FORMAT.md), its reader and writer, and replaying a
 * trace or a recording against a scene. Shared by the gesturekit command-line tool and tests. */
#ifndef GK_TRACE_H
#define GK_TRACE_H

#include <gesturekit.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define GKT_NAME 32
#define GKT_MAX_VIEWS 64
#define GKT_MAX_RECOGNIZERS 64
#define GKT_MAX_PROPS 8
/** Times a trace may hold, seconds: |t| at most this (NaN, infinity and larger values are refused). */
#define GKT_MAX_TIME 1e10
/** Longest trace line, bytes; largest trace file, bytes. */
#define GKT_MAX_LINE 4095
#define GKT_MAX_FILE_BYTES (64u << 20)

typedef struct gkt_view {
    char name[GKT_NAME], parent[GKT_NAME];
    double x, y, w, h;
    bool multitouch;
    bool inline_target, essential;   /* the audit's exceptions (GK_VIEW_INLINE_TARGET, GK_VIEW_ESSENTIAL) */
} gkt_view;

typedef struct gkt_recognizer {
    char name[GKT_NAME], kind[GKT_NAME], view[GKT_NAME];
    char prop_key[GKT_MAX_PROPS][40];
    char prop_value[GKT_MAX_PROPS][40];
    int nprops;
    char requires[GKT_MAX_PROPS][GKT_NAME];
    int nrequires;
    char alternatives[GKT_MAX_PROPS][GKT_NAME];   /* declared single-pointer alternatives */
    int nalternatives;
} gkt_recognizer;

typedef enum gkt_step_kind { GKT_FRAME, GKT_HOVER, GKT_ADVANCE, GKT_CANCEL, GKT_PRESS, GKT_FOCUS } gkt_step_kind;

typedef struct gkt_step {
    gkt_step_kind kind;
    double t;
    size_t first, count;   /* GKT_FRAME: touches[first .. first+count); GKT_FOCUS: focus_views[first] */
    gk_hover_phase hover_phase;
    gk_touch_type hover_type;      /* GKT_HOVER: stylus (default) or pointer */
    gk_press_type press_type;      /* GKT_PRESS */
    gk_touch_phase press_phase;    /* GKT_PRESS */
    double force;                  /* GKT_PRESS */
    double x, y;
} gkt_step;

typedef struct gkt_trace {
    double width, height;
    gkt_view views[GKT_MAX_VIEWS];
    int nviews;
    gkt_recognizer recognizers[GKT_MAX_RECOGNIZERS];
    int nrecognizers;
    gkt_step *steps;
    size_t nsteps, cap_steps;
    gk_touch *touches;
    size_t ntouches, cap_touches;
    char (*focus_views)[GKT_NAME];   /* the view names of focus steps (a view's name, or "none") */
    size_t nfocus, cap_focus;
    char **expect;          /* "action 0.080 tap ended", "delivery 0.080 screen C 1" */
    size_t nexpect, cap_expect;
} gkt_trace;

void gkt_init(gkt_trace *t);
void gkt_free(gkt_trace *t);
/** Drops the expectations, keeping the scene and the input. */
void gkt_clear_expect(gkt_trace *t);

/** Parses trace text (the whole file). Returns 0, or -1 with "line N: ..." in `error`; on an error
 *  `t` keeps what was read before the bad line (gkt_free() it either way). Refused: times outside
 *  +-GKT_MAX_TIME, lines over GKT_MAX_LINE bytes, views whose parent is not defined above them
 *  (so no parent cycle), duplicate view names. */
int gkt_parse(gkt_trace *t, const char *text, char *error, size_t size);
int gkt_load(gkt_trace *t, const char *path, char *error, size_t size);
/** Parses only the scene lines (screen, view, recognizer, require) of `text`. */
int gkt_parse_scene(gkt_trace *t, const char *text, char *error, size_t size);
void gkt_write(const gkt_trace *t, FILE *out, bool with_expectations);

int gkt_add_frame(gkt_trace *t, double time, const gk_touch *touches, size_t count);
int gkt_add_hover(gkt_trace *t, double time, gk_hover_phase phase, double x, double y);
int gkt_add_hover_typed(gkt_trace *t, double time, gk_hover_phase phase, gk_touch_type type, double x, double y);
int gkt_add_press(gkt_trace *t, double time, gk_press_type type, gk_touch_phase phase, double force);
int gkt_add_focus(gkt_trace *t, double time, const char *view);
int gkt_add_cancel(gkt_trace *t, double time);
int gkt_add_advance(gkt_trace *t, double time);
int gkt_add_expect(gkt_trace *t, const char *line);

/** Appends the engine's flight-recorder content (gk_engine_read_flight_recorder) as input steps. */
int gkt_add_recorded(gkt_trace *t, const gk_recorded_input *entries, size_t count);
/** Writes the flight recorder of `engine` as a trace with the scene of `scene` (may be NULL). */
int gkt_dump_flight_recorder(gk_engine *engine, const gkt_trace *scene, FILE *out);

/** The scene the tool uses for recordings when none is given. */
extern const char gkt_default_scene[];

/** One transition or action of a replay, for pictures. */
typedef struct gkt_event {
    double t;
    int recognizer;      /* index into trace->recognizers */
    int action;          /* 1: an action; 0: a transition */
    gk_state from, to;
} gkt_event;

typedef struct gkt_replay {
    char **lines;        /* what happened, in the expectation syntax */
    size_t nlines, cap;
    gkt_event *events;
    size_t nevents, cap_events;
    char **log;          /* the decision log, readable */
    size_t nlog, cap_log;
    double end_time;
    char *metrics;       /* the engine's metrics text at the end, when asked for (gkt_replay_setup) */
    char **audit;        /* the accessibility audit of the scene, one finding per line, when asked for */
    size_t naudit, cap_audit;
} gkt_replay;

/** How the engine of a replay is set up beyond the trace's scene. */
typedef struct gkt_replay_setup {
    const gk_panel_profile *profile;   /* NULL: none */
    const gk_input_filters *filters;   /* NULL: all off */
    int metrics_format;                /* a gk_metrics_format to keep the metrics text, or -1 */
    bool audit;                        /* run gk_engine_audit() on the scene (gkt_replay.audit) */
    FILE *expect_out;                  /* non-NULL: each action and delivery line is written here at
                                        * once, as "expect LINE", and not kept (gkt_replay.lines and
                                        * .events stay empty): memory does not grow with the trace */
} gkt_replay_setup;

/** A trace's scene built in an engine: the handles of its views and recognizers, by index. */
typedef struct gkt_scene {
    gk_engine *engine;
    gk_view root;
    gk_view views[GKT_MAX_VIEWS];
    gk_recognizer recs[GKT_MAX_RECOGNIZERS];
} gkt_scene;

/** Creates an engine for the trace's screen with its views and recognizers, and the setup's profile
 *  and filters (`setup` may be NULL; its audit and metrics are not read). Returns 0, or -1 with the
 *  reason in `error` and nothing left to free. */
int gkt_scene_build(gkt_scene *scene, const gkt_trace *t, const gkt_replay_setup *setup, char *error, size_t size);
/** Destroys the scene's engine (a zeroed scene is accepted). */
void gkt_scene_destroy(gkt_scene *scene);
/** Feeds one input step of `t` into the scene's engine and returns the engine's status. */
gk_status gkt_scene_feed(const gkt_scene *scene, const gkt_trace *t, const gkt_step *step);
/** The index in `t->recognizers` of the scene's recognizer `r`, or -1. */
int gkt_scene_recognizer_index(const gkt_scene *scene, const gkt_trace *t, gk_recognizer r);
/** A decision-log entry as one readable line: "   0.101  pan          accepted (possible -> began)",
 *  or with `compact` "  0.101 pan accepted (possible > began)" (for narrow displays). */
void gkt_format_decision(const gkt_scene *scene, const gkt_trace *t, const gk_decision *d, bool compact, char *out,
                         size_t size);
/** The names of the gk_state values. */
extern const char *const gkt_state_names[6];

/** Builds the scene, feeds the input (advancing past the last step by `tail` seconds), records. */
int gkt_replay_run(const gkt_trace *t, bool decision_log, double tail, gkt_replay *out, char *error, size_t size);
/** gkt_replay_run() with a panel profile, input filters and metrics (`setup` may be NULL). */
int gkt_replay_run_setup(const gkt_trace *t, bool decision_log, double tail, const gkt_replay_setup *setup,
                         gkt_replay *out, char *error, size_t size);

/** Measures a panel from the touches of `t` (docs/INPUT.md, "Panel profiles"), writing what it
 *  found to `report` (may be NULL). Returns 0, or -1 when out of memory. */
int gkt_measure_profile(const gkt_trace *t, gk_panel_profile *out, FILE *report);
void gkt_replay_free(gkt_replay *r);

/** Writes an SVG picture: touch paths over the views, and a timeline of states and actions. */
void gkt_write_svg(const gkt_trace *t, const gkt_replay *r, const char *title, FILE *out);

#endif
