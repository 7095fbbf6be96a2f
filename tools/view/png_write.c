/* Writing an SDL surface as a PNG file (png_write.h), one row at a time: the memory it takes is
 * one row of RGB, whatever the picture's size. */

#include "png_write.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct png_failure {
    char *error;
    size_t size;
    const char *path;
};

static void on_png_error(png_structp png, png_const_charp message) {
    struct png_failure *f = png_get_error_ptr(png);
    snprintf(f->error, f->size, "cannot write %s: %s", f->path, message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int gkv_write_png(SDL_Surface *surface, const char *path, char *error, size_t size) {
    FILE *out = fopen(path, "wb");
    if (!out) {
        snprintf(error, size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    struct png_failure failure = {error, size, path};
    unsigned char *volatile row = malloc((size_t)surface->w * 3);
    png_structp png = row ? png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, on_png_error, on_png_warning) : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    volatile int ok = 0;
    if (!info) {
        snprintf(error, size, "cannot write %s: out of memory", path);
    } else if (setjmp(png_jmpbuf(png)) == 0) {
        png_init_io(png, out);
        png_set_IHDR(png, info, (png_uint_32)surface->w, (png_uint_32)surface->h, 8, PNG_COLOR_TYPE_RGB,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        ok = SDL_LockSurface(surface) == 0;
        if (!ok) snprintf(error, size, "cannot read the picture: %s", SDL_GetError());
        for (int y = 0; ok && y < surface->h; y++) {
            const unsigned char *source = (const unsigned char *)surface->pixels + (size_t)y * (size_t)surface->pitch;
            if (SDL_ConvertPixels(surface->w, 1, surface->format->format, source, surface->pitch, SDL_PIXELFORMAT_RGB24,
                                  row, surface->w * 3) != 0) {
                snprintf(error, size, "cannot convert the picture: %s", SDL_GetError());
                ok = 0;
                break;
            }
            png_write_row(png, row);
        }
        if (surface->locked) SDL_UnlockSurface(surface);
        if (ok) png_write_end(png, NULL);
    } else if (surface->locked) {
        SDL_UnlockSurface(surface);   /* libpng said why (on_png_error) */
    }
    if (png) png_destroy_write_struct(&png, info ? &info : NULL);
    free(row);
    if (fclose(out) != 0 && ok) {
        snprintf(error, size, "cannot write %s: %s", path, strerror(errno));
        ok = 0;
    }
    if (!ok) remove(path);
    return ok ? 0 : -1;
}
