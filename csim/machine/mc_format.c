/* Surface words, layouts and element conversions; the choices are in
 * docs/mc.md. */
#include "mc_format.h"

#include "fp_bits.h"
#include "le32.h"

#include <math.h>

const mc_format_info mc_formats[MC_FMT_COUNT] = {
    [MC_FMT_UINT16_1] = {"UINT16_1", 2, 1},    [MC_FMT_UINT8_4] = {"UINT8_4", 4, 4},
    [MC_FMT_FLOAT32_1] = {"FLOAT32_1", 4, 1},  [MC_FMT_FLOAT32_2] = {"FLOAT32_2", 8, 2},
    [MC_FMT_FLOAT32_4] = {"FLOAT32_4", 16, 4},
};

static const char *const tilings[MC_TILE_COUNT] = {
    [MC_TILE_LINEAR] = "LINEAR",
    [MC_TILE_TILED] = "TILED",
    [MC_TILE_LINEAR_2X2] = "LINEAR_2X2",
    [MC_TILE_TILED_2X2] = "TILED_2X2",
};

const char *mc_tiling_name(unsigned tiling)
{
    return tiling < MC_TILE_COUNT ? tilings[tiling] : "?";
}

const char *mc_format_name(unsigned format)
{
    return format < MC_FMT_COUNT ? mc_formats[format].name : "?";
}

dpp_status mc_surface_decode(uint32_t base_word, uint32_t format_word, uint32_t height_word,
                             mc_surface *s, dpp_error *err)
{
    unsigned format = format_word >> 24 & 7;
    if (format >= MC_FMT_COUNT)
        return dpp_error_set(err, DPP_E_ARG, "reserved data format %u (0-4 are defined)", format);
    s->base = base_word & ~0x7FFu;
    s->pitch = format_word & 0x1FFCu;
    s->tiling = (uint8_t)(format_word >> 16 & 3);
    s->format = (uint8_t)format;
    s->height = height_word & 0x1FFFu;
    s->valid = 1;
    return DPP_OK;
}

uint32_t mc_format_word(uint32_t pitch, unsigned tiling, unsigned format)
{
    return (pitch & 0x1FFCu) | (tiling & 3u) << 16 | (format & 7u) << 24;
}

static int is_tiled(const mc_surface *s)
{
    return s->tiling == MC_TILE_TILED || s->tiling == MC_TILE_TILED_2X2;
}

uint64_t mc_surface_bytes(const mc_surface *s)
{
    uint64_t rows = s->height;
    if (is_tiled(s))
        rows = (rows + MC_TILE_DIM - 1) / MC_TILE_DIM * MC_TILE_DIM;
    return rows * s->pitch * mc_format_bpe(s->format);
}

dpp_status mc_element_offset(const mc_surface *s, int64_t x, int64_t y, uint64_t *off,
                             dpp_error *err)
{
    if (x < 0 || y < 0 || x >= s->pitch || y >= s->height)
        return dpp_error_set(err, DPP_E_FAULT,
                             "access (%lld, %lld) outside a %u x %u surface at 0x%x", (long long)x,
                             (long long)y, s->pitch, s->height, s->base);
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y, elem;
    if (is_tiled(s)) {
        uint64_t tiles_per_row = s->pitch / MC_TILE_DIM;
        uint64_t tile = uy / MC_TILE_DIM * tiles_per_row + ux / MC_TILE_DIM;
        elem = tile * MC_TILE_DIM * MC_TILE_DIM + uy % MC_TILE_DIM * MC_TILE_DIM + ux % MC_TILE_DIM;
    } else {
        elem = uy * s->pitch + ux;
    }
    *off = elem * mc_format_bpe(s->format);
    return DPP_OK;
}

void mc_element_xy(const mc_surface *s, uint64_t elem, int64_t *x, int64_t *y)
{
    if (!s->pitch) {
        *x = *y = 0;
        return;
    }
    if (is_tiled(s)) {
        uint64_t tile = elem / (MC_TILE_DIM * MC_TILE_DIM), in = elem % (MC_TILE_DIM * MC_TILE_DIM);
        uint64_t tiles_per_row = s->pitch / MC_TILE_DIM;
        *x = (int64_t)(tile % tiles_per_row * MC_TILE_DIM + in % MC_TILE_DIM);
        *y = (int64_t)(tile / tiles_per_row * MC_TILE_DIM + in / MC_TILE_DIM);
    } else {
        *x = (int64_t)(elem % s->pitch);
        *y = (int64_t)(elem / s->pitch);
    }
}

/* Float to an unsigned integer in [0, max]: NaN 0, clamp, round half to even. */
static unsigned to_uint(float f, float max)
{
    if (!(f > 0.0f))
        return 0;
    if (f >= max)
        return (unsigned)max;
    return (unsigned)nearbyintf(f);
}

void mc_unpack(unsigned format, const uint8_t *elem, uint32_t v[4])
{
    v[0] = v[1] = v[2] = 0;
    v[3] = dpp_fp_bits(1.0f);
    switch (format) {
    case MC_FMT_UINT16_1:
        v[0] = dpp_fp_bits((float)(elem[0] | elem[1] << 8));
        break;
    case MC_FMT_UINT8_4:
        for (int c = 0; c < 4; c++)
            v[c] = dpp_fp_bits((float)elem[c] / 255.0f);
        break;
    case MC_FMT_FLOAT32_1:
    case MC_FMT_FLOAT32_2:
    case MC_FMT_FLOAT32_4:
        for (unsigned c = 0; c < mc_format_channels(format); c++)
            v[c] = dpp_get_le32(elem + 4 * c);
        break;
    default:
        break;
    }
}

uint32_t mc_int_word(unsigned format, const uint8_t *elem)
{
    unsigned n = mc_format_bpe(format) < 4 ? mc_format_bpe(format) : 4;
    uint32_t w = 0;
    for (unsigned b = 0; b < n; b++)
        w |= (uint32_t)elem[b] << (8 * b);
    return w;
}

uint32_t mc_bool_value(unsigned format, const uint8_t *elem)
{
    uint32_t v[4];
    mc_unpack(format, elem, v);
    return dpp_fp_f(v[0]) != 0.0f;
}

void mc_pack(unsigned format, const uint32_t v[4], unsigned chmask, uint8_t *elem,
             uint32_t *byte_mask)
{
    *byte_mask = 0;
    switch (format) {
    case MC_FMT_UINT16_1: {
        unsigned u = to_uint(dpp_fp_f(v[0]), 65535.0f);
        elem[0] = (uint8_t)u;
        elem[1] = (uint8_t)(u >> 8);
        *byte_mask = chmask & 1 ? 3u : 0u;
        break;
    }
    case MC_FMT_UINT8_4:
        for (unsigned c = 0; c < 4; c++) {
            elem[c] = (uint8_t)to_uint(dpp_fp_f(v[c]) * 255.0f, 255.0f);
            if (chmask >> c & 1)
                *byte_mask |= 1u << c;
        }
        break;
    case MC_FMT_FLOAT32_1:
    case MC_FMT_FLOAT32_2:
    case MC_FMT_FLOAT32_4:
        for (unsigned c = 0; c < mc_format_channels(format); c++) {
            dpp_put_le32(elem + 4 * c, v[c]);
            if (chmask >> c & 1)
                *byte_mask |= 0xFu << (4 * c);
        }
        break;
    default:
        break;
    }
}
