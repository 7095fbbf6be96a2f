/* gesturekitd's engine: the screen as a root view (the app), a view per zone, and a recognizer per
 * configured gesture, built from a gkd_config. Building is also how a configuration is checked:
 * every property value, each against its kind's range, with the file and line of its setting. */
#ifndef GKD_SCENE_H
#define GKD_SCENE_H

#include "gkd_config.h"

#include <stdio.h>

typedef struct gkd_scene {
    gk_engine *engine;
    gk_view root;
    gk_view zones[GKD_MAX_ZONES];
    gk_recognizer gestures[GKD_MAX_GESTURES];   /* by the configuration's gesture index */
    gk_recognizer cleaning_exit;                /* the hold that ends the cleaning mode (disabled until then) */
    int ngestures;
} gkd_scene;

/* Builds the engine. Returns 0, or -1 with "PATH:LINE: FIELD: why" in `error` (nothing is left
 * allocated then). The engine belongs to the scene: gkd_scene_destroy() frees it. */
int gkd_scene_build(const gkd_config *config, gkd_scene *scene, char *error, size_t size);

void gkd_scene_destroy(gkd_scene *scene);

/* Loads a configuration and builds a trial engine from it: what a reload does before it replaces
 * the running configuration. Returns 0, or -1 with the reason (and `config` then holds no
 * promise: keep the running one). */
int gkd_config_load_checked(const char *path, gkd_config *config, char *error, size_t size);

/* The configured gesture a recognizer is, or -1. */
int gkd_scene_gesture_of(const gkd_scene *scene, gk_recognizer recognizer);

/* How many touches configured gesture `gesture` (of kind `kind`) needs down together. */
int gkd_scene_touches_needed(const gkd_scene *scene, int gesture, gk_recognizer_kind kind);

/* Whether the app receives the touches of configured gesture `gesture` before the gesture is
 * decided (grab on, and the gesture does not delay them): a claim can then only end them. */
bool gkd_scene_app_sees_touches(const gkd_config *config, const gkd_scene *scene, int gesture);

/* Writes a note to `out` for each gesture whose touches the app receives (above), with the
 * reason; returns how many. */
int gkd_scene_print_claim_notes(const gkd_config *config, const gkd_scene *scene, FILE *out);

/* Cleaning mode on: every gesture off, the exit hold on; off: the reverse. */
void gkd_scene_set_cleaning(gkd_scene *scene, bool cleaning);

#endif
