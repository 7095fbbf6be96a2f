/* Panel profile files: the small text format `gesturekit profile` writes and hosts load before
 * calling gk_engine_set_panel_profile(). docs/INPUT.md ("Panel profiles") describes it:
 *
 *     gesturekit-panel-profile 1
 *     # comments and blank lines are ignored
 *     noise 1.25
 *     sample_rate_hz 130
 *
 * One "key value" per line; the keys are the field names of gk_panel_profile; a key left out
 * keeps its "not known" value. */
#ifndef GK_PROFILE_H
#define GK_PROFILE_H

#include <gesturekit.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Parses a profile from `text` (`length` bytes, need not end in NUL) into *out (initialized with
 * gk_panel_profile_init() first). Returns 0, or -1 with a message naming the line in `error`
 * (`size` bytes): a missing or unknown header, an unknown or repeated key, a value that is not a
 * finite number in 0..1e6 (0 or 1 for the reports_* flags), a line longer than 4,095 bytes.
 */
int gk_panel_profile_parse(const char *text, size_t length, gk_panel_profile *out, char *error, size_t size);

/** Reads and parses a profile file (at most 64 KiB). Same results as gk_panel_profile_parse(). */
int gk_panel_profile_load(const char *path, gk_panel_profile *out, char *error, size_t size);

/** Writes `profile` in the file format, every field, numbers in their shortest exact form. */
int gk_panel_profile_write(const gk_panel_profile *profile, FILE *out);

/** The filters a panel profile turns on when no list is given (`gesturekit --profile`, gesturekitd). */
#define GK_PROFILE_DEFAULT_FILTERS "noise,ghosts,palms,edges"

/**
 * A filter list, as `gesturekit --filters` and gesturekitd's `filters =` take it: names separated
 * by commas or spaces, out of noise, ghosts, palms, chatter, edges, one-euro, hysteresis and none.
 * Fills *out (defaults for everything the list does not set). Returns 0, or -1 with the first
 * unknown name (or "empty list") in `error` (`size` bytes).
 */
int gk_input_filters_parse(const char *list, gk_input_filters *out, char *error, size_t size);

#ifdef __cplusplus
}
#endif
#endif
