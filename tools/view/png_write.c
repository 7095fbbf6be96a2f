/* Writing an SDL surface as a PNG file (png_write.h). */

#include "png_write.h"

#include <png.h>
#include <stdio.h>
#include <string.h>

int gkv_write_png(SDL_Surface *surface, const char *path, char *error, size_t size) {
    SDL_Surface *rgb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24, 0);
    if (!rgb) {
        snprintf(error, size, "cannot convert the picture: %s", SDL_GetError());
        return -1;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)rgb->w;
    image.height = (png_uint_32)rgb->h;
    image.format = PNG_FORMAT_RGB;
    int ok = SDL_LockSurface(rgb) == 0;
    if (ok) {
        ok = png_image_write_to_file(&image, path, 0, rgb->pixels, rgb->pitch, NULL) != 0;
        SDL_UnlockSurface(rgb);
        if (!ok) snprintf(error, size, "cannot write %s: %s", path, image.message);
    } else {
        snprintf(error, size, "cannot read the picture: %s", SDL_GetError());
    }
    SDL_FreeSurface(rgb);
    return ok ? 0 : -1;
}
