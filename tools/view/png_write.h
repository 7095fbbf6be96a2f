/* Writing an SDL surface as a PNG file, a row at a time (libpng). */
#ifndef GKV_PNG_WRITE_H
#define GKV_PNG_WRITE_H

#include <SDL.h>
#include <stddef.h>

/** Writes `surface` (any pixel format) to `path` as an 8-bit RGB PNG. Returns 0, or -1 with the
 *  reason in `error`. The surface is not changed. */
int gkv_write_png(SDL_Surface *surface, const char *path, char *error, size_t size);

#endif
