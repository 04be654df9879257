/* Image files for dpp run. */
#include "imgio.h"

#include "mc_format.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_read_file(const char *path, uint8_t **data, size_t *len, char *msg, size_t msz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, msz, "%s: error: cannot open: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap || cap >= (1u << 30))
            break;
        uint8_t *nb = realloc(b, cap * 2);
        if (!nb)
            free(b);
        b = nb;
        cap *= 2;
    }
    int bad = !b || ferror(f) || n == cap;
    fclose(f);
    if (bad) {
        free(b);
        snprintf(msg, msz, "%s: error: cannot read the file (unreadable or over 1 GiB)", path);
        return -1;
    }
    *data = b;
    *len = n;
    return 0;
}

int cli_parse_format(const char *s)
{
    for (int f = 0; f < MC_FMT_COUNT; f++)
        if (!strcmp(s, mc_format_name((unsigned)f)))
            return f;
    return -1;
}

static const char *ext(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot ? dot : "";
}

/* Reads the next header number of a PNM/PFM file (skipping blanks and # comments). */
static int header_token(const uint8_t *b, size_t len, size_t *pos, char *tok, size_t tsz)
{
    size_t p = *pos, n = 0;
    while (p < len &&
           (b[p] == ' ' || b[p] == '\t' || b[p] == '\r' || b[p] == '\n' || b[p] == '#')) {
        if (b[p] == '#')
            while (p < len && b[p] != '\n')
                p++;
        else
            p++;
    }
    while (p < len && n + 1 < tsz && !(b[p] == ' ' || b[p] == '\t' || b[p] == '\r' || b[p] == '\n'))
        tok[n++] = (char)b[p++];
    tok[n] = 0;
    *pos = p + 1; /* exactly one whitespace byte ends the header */
    return n ? 0 : -1;
}

static void put_f32(uint8_t *p, float f)
{
    memcpy(p, &f, 4);
}

/* Fills an image from a PNM/PFM file body. */
static int load_pnm(const char *path, const uint8_t *b, size_t len, dpp_image *img, char *msg,
                    size_t msz)
{
    char magic[8], ws[16], hs[16], ms[32];
    size_t pos = 0;
    if (header_token(b, len, &pos, magic, sizeof magic) ||
        header_token(b, len, &pos, ws, sizeof ws) || header_token(b, len, &pos, hs, sizeof hs) ||
        header_token(b, len, &pos, ms, sizeof ms)) {
        snprintf(msg, msz, "%s: byte %zu: error: truncated image header", path, pos);
        return -1;
    }
    long w = strtol(ws, NULL, 10), h = strtol(hs, NULL, 10);
    double maxv = strtod(ms, NULL);
    int pgm = !strcmp(magic, "P5"), ppm = !strcmp(magic, "P6"), pfg = !strcmp(magic, "Pf"),
        pfc = !strcmp(magic, "PF");
    if (!(pgm || ppm || pfg || pfc) || w < 1 || h < 1 || w > 4096 || h > 8191 ||
        ((pgm || ppm) && (maxv < 1 || maxv > 65535)) || ((pfg || pfc) && !(maxv < 0))) {
        snprintf(msg, msz, "%s: byte 0: error: unsupported image header '%s %s %s %s'", path, magic,
                 ws, hs, ms);
        return -1;
    }
    size_t chans = ppm || pfc ? 3 : 1, sample = pfg || pfc ? 4 : maxv > 255 ? 2 : 1;
    size_t need = (size_t)w * (size_t)h * chans * sample;
    if (len - pos < need || pos > len) {
        snprintf(msg, msz, "%s: byte %zu: error: truncated pixel data (%zu bytes needed)", path,
                 pos, need);
        return -1;
    }
    img->width = (uint32_t)w;
    img->height = (uint32_t)h;
    img->format = ppm && sample == 1 ? MC_FMT_UINT8_4
                  : chans == 3       ? MC_FMT_FLOAT32_4
                                     : MC_FMT_FLOAT32_1;
    img->data = calloc((size_t)w * h, mc_format_bpe(img->format));
    if (!img->data) {
        snprintf(msg, msz, "%s: error: out of memory", path);
        return -1;
    }
    const uint8_t *px = b + pos;
    for (long y = 0; y < h; y++)
        for (long x = 0; x < w; x++) {
            long row = pfg || pfc ? h - 1 - y : y; /* PFM stores the bottom row first */
            size_t src = ((size_t)row * w + x) * chans * sample;
            uint8_t *dst = img->data + ((size_t)y * w + x) * mc_format_bpe(img->format);
            for (size_t c = 0; c < 4; c++) {
                float v;
                if (c >= chans)
                    v = 1.0f;
                else if (sample == 4)
                    memcpy(&v, px + src + 4 * c, 4);
                else if (sample == 2)
                    v = (float)(px[src + 2 * c] << 8 | px[src + 2 * c + 1]) / (float)maxv;
                else
                    v = (float)px[src + c] / (float)maxv;
                if (img->format == MC_FMT_UINT8_4)
                    dst[c] = c < 3 ? px[src + c] : 255;
                else if (c < mc_format_channels(img->format))
                    put_f32(dst + 4 * c, v);
            }
        }
    return 0;
}

int cli_load_image(const char *path, int format, uint32_t width, uint32_t height, dpp_image *img,
                   char *msg, size_t msz)
{
    uint8_t *b;
    size_t len;
    if (cli_read_file(path, &b, &len, msg, msz))
        return -1;
    const char *e = ext(path);
    int rc;
    if (!strcmp(e, ".pgm") || !strcmp(e, ".ppm") || !strcmp(e, ".pfm")) {
        rc = load_pnm(path, b, len, img, msg, msz);
        free(b);
        return rc;
    }
    if (format < 0 || width < 1 || height < 1) {
        free(b);
        snprintf(msg, msz, "%s: error: a raw input needs FORMAT:WxH (e.g. FLOAT32_1:64x64)", path);
        return -1;
    }
    size_t need = (size_t)width * height * mc_format_bpe((unsigned)format);
    if (len != need) {
        free(b);
        snprintf(msg, msz, "%s: byte %zu: error: raw %s %ux%u input needs %zu bytes, file has %zu",
                 path, len < need ? len : need, mc_format_name((unsigned)format), width, height,
                 need, len);
        return -1;
    }
    img->format = (uint8_t)format;
    img->width = width;
    img->height = height;
    img->data = b;
    return 0;
}

static float channel(const dpp_image *img, uint32_t x, uint32_t y, unsigned c)
{
    uint32_t v[4];
    mc_unpack(img->format, img->data + ((size_t)y * img->width + x) * mc_format_bpe(img->format),
              v);
    float f;
    memcpy(&f, &v[c], 4);
    return f;
}

static uint8_t to8(float f)
{
    return (uint8_t)(f > 0 ? (f < 1 ? lrintf(f * 255.0f) : 255) : 0);
}

int cli_save_image(const char *path, const dpp_image *img, char *msg, size_t msz)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(msg, msz, "%s: error: cannot create: %s", path, strerror(errno));
        return -1;
    }
    const char *e = ext(path);
    uint32_t w = img->width, h = img->height;
    if (!strcmp(e, ".pgm") || !strcmp(e, ".ppm")) {
        unsigned ch = e[2] == 'g' ? 1 : 3;
        fprintf(f, "P%c\n%u %u\n255\n", ch == 1 ? '5' : '6', w, h);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                for (unsigned c = 0; c < ch; c++)
                    fputc(to8(channel(img, x, y, c)), f);
    } else if (!strcmp(e, ".pfm")) {
        fprintf(f, "PF\n%u %u\n-1.0\n", w, h);
        for (uint32_t y = h; y-- > 0;)
            for (uint32_t x = 0; x < w; x++)
                for (unsigned c = 0; c < 3; c++) {
                    float v = channel(img, x, y, c);
                    fwrite(&v, 4, 1, f);
                }
    } else if (!strcmp(e, ".txt")) {
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                fprintf(f, "%u %u %.9g %.9g %.9g %.9g\n", x, y, (double)channel(img, x, y, 0),
                        (double)channel(img, x, y, 1), (double)channel(img, x, y, 2),
                        (double)channel(img, x, y, 3));
    } else {
        fwrite(img->data, mc_format_bpe(img->format), (size_t)w * h, f);
    }
    if (fclose(f)) {
        snprintf(msg, msz, "%s: error: write failed", path);
        return -1;
    }
    return 0;
}
