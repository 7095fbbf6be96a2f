/* Stroke-template files: the small text format in which a kiosk keeps the shapes its operators
 * drew (docs/STROKES.md, "Templates at run time"). Python's StrokeRecognizer.save_templates and
 * load_templates read and write the same format:
 *
 *     gesturekit-strokes 1
 *     # comments and blank lines are ignored
 *     template check
 *     stroke 0 60 35 100 100 0
 *     template x
 *     stroke 0 0 100 100
 *     stroke 100 0 0 100
 *
 * "template NAME" starts a template (NAME: 1..GK_MAX_STROKE_NAME bytes, blanks around it dropped);
 * each following "stroke" line is one stroke, its points as x y pairs, in drawing order. */
#ifndef GK_STROKES_H
#define GK_STROKES_H

#include <gesturekit.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Parses templates from `text` (`length` bytes, need not end in NUL) and adds them to the stroke
 * recognizer. The whole text is checked before anything is added, so on an error nothing is.
 * Returns the number of templates added, or -1 with a message naming the line in `error` (`size`
 * bytes): a missing header, an unknown statement, a stroke before any template, a name too long,
 * a template without strokes, an odd count or a non-finite number, a template of no length, more
 * than GK_MAX_STROKE_POINTS points or GK_MAX_STROKE_COUNT strokes in one template, more templates
 * than the recognizer has room for (parsing stops at that template's line), or an error of the
 * engine (its gk_status_string()).
 */
int gk_strokes_parse(const char *text, size_t length, gk_engine *engine, gk_recognizer recognizer, char *error,
                     size_t size);

/**
 * Reads a template file and adds its templates; as gk_strokes_parse(). The file is read line by
 * line, and reading stops at the first error: at the template that does not fit (the
 * recognizer's GK_MAX_STROKE_TEMPLATES), at a line longer than 1 MiB, or past 16 MiB. The memory
 * it holds is the templates read so far (each at most GK_MAX_STROKE_POINTS points) and one line.
 */
int gk_strokes_load(const char *path, gk_engine *engine, gk_recognizer recognizer, char *error, size_t size);

/**
 * Writes every template of the stroke recognizer to `out` in the file format, numbers in their
 * shortest exact form. Returns 0, or -1 when the engine refuses (wrong kind, stale handle) or
 * writing fails.
 */
int gk_strokes_write(gk_engine *engine, gk_recognizer recognizer, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
