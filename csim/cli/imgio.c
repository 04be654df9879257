/* Image files for dpp run. */
#include "imgio.h"

#include "fp_bits.h"
#include "le32.h"
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
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) ? dot : "";
}

/* Every file kind by extension: whether it can be read, written, and what a write keeps. */
static const struct img_kind {
    const char *ext;
    int in, out;
    const char *what;
} kinds[] = {
    {".pgm", 1, 1, "PGM, channel 0 clamped to [0, 1] as 8 bits"},
    {".ppm", 1, 1, "PPM, channels 0-2 clamped to [0, 1] as 8 bits"},
    {".pfm", 1, 1, "PFM, channels 0-2 as little-endian floats"},
    {".png", 1, 1, "PNG, 8 bits: grey for a one-channel format, else RGB of channels 0-2"},
    {".txt", 0, 1, "text, one line 'i j c0 c1 c2 c3' per element"},
    {".raw", 0, 1, "raw bytes in the device format"},
};

static const struct img_kind *kind_of(const char *path, int output)
{
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (!strcmp(ext(path), kinds[k].ext) && (output ? kinds[k].out : kinds[k].in))
            return &kinds[k];
    return NULL;
}

/* " (known: .pgm .ppm ...)" for inputs or outputs. */
static void list_kinds(char *buf, size_t n, int output)
{
    size_t used = (size_t)snprintf(buf, n, "known:");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && used < n; k++)
        if (output ? kinds[k].out : kinds[k].in)
            used += (size_t)snprintf(buf + used, n - used, " %s", kinds[k].ext);
}

int cli_check_output_name(const char *path, char *msg, size_t msz)
{
    if (kind_of(path, 1))
        return 0;
    char known[128];
    list_kinds(known, sizeof known, 1);
    snprintf(msg, msz, "%s: error: unknown output extension '%s' (%s)", path, ext(path), known);
    return -1;
}

const char *cli_output_kind(const char *path)
{
    const struct img_kind *k = kind_of(path, 1);
    return k ? k->what : "?";
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
        ((pgm || ppm) && (maxv < 1 || maxv > 65535)) || ((pfg || pfc) && !(maxv != 0))) {
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
    int big_endian = maxv > 0; /* a PFM's scale sign gives its byte order */
    for (long y = 0; y < h; y++)
        for (long x = 0; x < w; x++) {
            long row = pfg || pfc ? h - 1 - y : y; /* PFM stores the bottom row first */
            size_t src = ((size_t)row * w + x) * chans * sample;
            uint8_t *dst = img->data + ((size_t)y * w + x) * mc_format_bpe(img->format);
            for (size_t c = 0; c < 4; c++) {
                float v;
                if (c >= chans)
                    v = 1.0f;
                else if (sample == 4) {
                    const uint8_t *q = px + src + 4 * c;
                    uint8_t le[4] = {q[3], q[2], q[1], q[0]};
                    v = dpp_fp_f(dpp_get_le32(big_endian ? le : q));
                }
                else if (sample == 2)
                    v = (float)(px[src + 2 * c] << 8 | px[src + 2 * c + 1]) / (float)maxv;
                else
                    v = (float)px[src + c] / (float)maxv;
                if (img->format == MC_FMT_UINT8_4)
                    dst[c] = c < 3 ? px[src + c] : 255;
                else if (c < mc_format_channels(img->format))
                    dpp_put_le32(dst + 4 * c, dpp_fp_bits(v));
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
    if (kind_of(path, 0)) {
        rc = !strcmp(e, ".png") ? cli_load_png(path, b, len, img, msg, msz)
                                : load_pnm(path, b, len, img, msg, msz);
        free(b);
        return rc;
    }
    if (format < 0 || width < 1 || height < 1) {
        free(b);
        char known[128];
        list_kinds(known, sizeof known, 0);
        snprintf(msg, msz,
                 "%s: error: not an image (%s); a raw input needs FORMAT:WxH (e.g. "
                 "FLOAT32_1:64x64)",
                 path, known);
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

float cli_channel(const dpp_image *img, uint32_t x, uint32_t y, unsigned c)
{
    uint32_t v[4];
    mc_unpack(img->format, img->data + ((size_t)y * img->width + x) * mc_format_bpe(img->format),
              v);
    return dpp_fp_f(v[c]);
}

uint8_t cli_to8(float f)
{
    return (uint8_t)(f > 0 ? (f < 1 ? lrintf(f * 255.0f) : 255) : 0);
}

int cli_save_image(const char *path, const dpp_image *img, char *msg, size_t msz)
{
    if (cli_check_output_name(path, msg, msz))
        return -1;
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
                    fputc(cli_to8(cli_channel(img, x, y, c)), f);
    } else if (!strcmp(e, ".pfm")) {
        fprintf(f, "PF\n%u %u\n-1.0\n", w, h);
        for (uint32_t y = h; y-- > 0;)
            for (uint32_t x = 0; x < w; x++)
                for (unsigned c = 0; c < 3; c++) {
                    uint8_t le[4];
                    dpp_put_le32(le, dpp_fp_bits(cli_channel(img, x, y, c)));
                    fwrite(le, 4, 1, f);
                }
    } else if (!strcmp(e, ".txt")) {
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                fprintf(f, "%u %u %.9g %.9g %.9g %.9g\n", x, y, (double)cli_channel(img, x, y, 0),
                        (double)cli_channel(img, x, y, 1), (double)cli_channel(img, x, y, 2),
                        (double)cli_channel(img, x, y, 3));
    } else if (!strcmp(e, ".png")) {
        if (cli_save_png(path, f, img, msg, msz)) {
            fclose(f);
            return -1;
        }
    } else {
        fwrite(img->data, mc_format_bpe(img->format), (size_t)w * h, f);
    }
    if (ferror(f) | fclose(f)) {
        snprintf(msg, msz, "%s: error: write failed", path);
        return -1;
    }
    return 0;
}
