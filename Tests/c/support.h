/* Helpers shared by the cmocka tests: a scene like the spec's harness and a transcript of
 * everything the engine reports, one line per action or delivery. */
#ifndef GK_TEST_SUPPORT_H
#define GK_TEST_SUPPORT_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <gesturekit.h>

struct scene {
    gk_engine *engine;
    gk_view root, v;      /* window 400 x 800; V = (100,100,200,200) */
    char log[8192];       /* "0.080 tap ended (50.0,50.0) n=1\n" and "0.080 V C#1\n" lines */
    gk_recognizer names_r[8];
    const char *names[8];
    int name_count;
};

void scene_init(struct scene *s);
void scene_free(struct scene *s);
gk_recognizer scene_add(struct scene *s, gk_recognizer_kind kind, gk_view view, const char *name);
/* Names a recognizer for the log (and with gk_recognizer_set_name). */
void scene_name(struct scene *s, gk_recognizer r, const char *name);
void scene_touch(struct scene *s, double t, int64_t id, gk_touch_phase phase, double x, double y);
void scene_advance(struct scene *s, double t);
/* Appends the queued actions and deliveries to the log, in sequence order. */
void scene_drain(struct scene *s);

#endif
