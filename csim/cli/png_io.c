/* PNG input and output through libpng's simplified API (no setjmp here). */
#include "imgio.h"

#include "fp_bits.h"
#include "le32.h"
#include "mc_format.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

int cli_load_png(const char *path, const uint8_t *b, size_t len, dpp_image *img, char *msg,
                 size_t msz)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&pi, b, len)) {
        snprintf(msg, msz, "%s: error: not a PNG image: %s", path, pi.message);
        return -1;
    }
    if (pi.width < 1 || pi.height < 1 || pi.width > 4096 || pi.height > 8191) {
        snprintf(msg, msz, "%s: error: PNG of %ux%u; at most 4096x8191", path, pi.width,
                 pi.height);
        png_image_free(&pi);
        return -1;
    }
    /* Grey stays one channel (as a PGM does); colour becomes 8-bit RGBA (as a PPM does). */
    int grey = !(pi.format & PNG_FORMAT_FLAG_COLOR);
    pi.format = grey ? PNG_FORMAT_GRAY : PNG_FORMAT_RGBA;
    size_t n = (size_t)pi.width * pi.height;
    uint8_t *px = malloc(PNG_IMAGE_SIZE(pi));
    if (!px || !png_image_finish_read(&pi, NULL, px, 0, NULL)) {
        snprintf(msg, msz, "%s: error: %s", path, px ? pi.message : "out of memory");
        free(px);
        png_image_free(&pi);
        return -1;
    }
    img->width = pi.width;
    img->height = pi.height;
    if (grey) {
        img->format = MC_FMT_FLOAT32_1;
        img->data = malloc(n * 4);
        for (size_t k = 0; img->data && k < n; k++) {
            dpp_put_le32(img->data + 4 * k, dpp_fp_bits((float)px[k] / 255.0f));
        }
        free(px);
    } else {
        img->format = MC_FMT_UINT8_4;
        img->data = px;
    }
    if (!img->data) {
        snprintf(msg, msz, "%s: error: out of memory", path);
        return -1;
    }
    return 0;
}

int cli_save_png(const char *path, FILE *f, const dpp_image *img, char *msg, size_t msz)
{
    unsigned ch = mc_format_channels(img->format) == 1 ? 1 : 3;
    size_t n = (size_t)img->width * img->height;
    uint8_t *px = malloc(n * ch);
    if (!px) {
        snprintf(msg, msz, "%s: error: out of memory", path);
        return -1;
    }
    for (uint32_t y = 0; y < img->height; y++)
        for (uint32_t x = 0; x < img->width; x++)
            for (unsigned c = 0; c < ch; c++)
                px[((size_t)y * img->width + x) * ch + c] = cli_to8(cli_channel(img, x, y, c));
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    pi.width = img->width;
    pi.height = img->height;
    pi.format = ch == 1 ? PNG_FORMAT_GRAY : PNG_FORMAT_RGB;
    int ok = png_image_write_to_stdio(&pi, f, 0, px, 0, NULL);
    if (!ok)
        snprintf(msg, msz, "%s: error: PNG write failed: %s", path, pi.message);
    free(px);
    return ok ? 0 : -1;
}
