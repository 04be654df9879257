/* MC surface descriptions (spec ctm-isa.md 3.1, 3.3): the base/format/height
 * words, element sizes, the linear and the model-defined tiled layout, and the
 * conversions between memory elements and four fp32 channels
 * (docs/mc.md). */
#ifndef CSIM_MC_FORMAT_H
#define CSIM_MC_FORMAT_H

#include "status.h"

#include <stdint.h>

typedef enum mc_format {
    MC_FMT_UINT16_1 = 0,
    MC_FMT_UINT8_4 = 1,
    MC_FMT_FLOAT32_1 = 2,
    MC_FMT_FLOAT32_2 = 3,
    MC_FMT_FLOAT32_4 = 4,
    MC_FMT_COUNT
} mc_format;

typedef enum mc_tiling {
    MC_TILE_LINEAR = 0,
    MC_TILE_TILED = 1,
    MC_TILE_LINEAR_2X2 = 2,
    MC_TILE_TILED_2X2 = 3,
    MC_TILE_COUNT
} mc_tiling;

#define MC_TILE_DIM 4 /* model-defined tiles are 4 x 4 elements */

typedef struct mc_surface {
    uint32_t base;   /* byte address, 2 KiB aligned */
    uint32_t pitch;  /* elements per row, a multiple of 4 */
    uint32_t height; /* rows, 0..8191 */
    uint8_t tiling;  /* mc_tiling */
    uint8_t format;  /* mc_format */
    uint8_t valid;   /* set by a command */
} mc_surface;

/* Decodes the three parameter words of spec 3.1 (reserved bits ignored, base
 * bits 10:0 dropped). Fails with DPP_E_ARG for a reserved format code. */
dpp_status mc_surface_decode(uint32_t base_word, uint32_t format_word, uint32_t height_word,
                             mc_surface *s, dpp_error *err);

/* The format word for a pitch (elements, multiple of 4), tiling and format. */
uint32_t mc_format_word(uint32_t pitch, unsigned tiling, unsigned format);

/* The formats' one table (mc_format.c): name, bytes per element, channels. */
typedef struct mc_format_info {
    const char *name;
    uint8_t bpe, channels;
} mc_format_info;
extern const mc_format_info mc_formats[MC_FMT_COUNT];

/* Bytes per element and channels of a format (0 for reserved codes). Inline: the
 * MC asks them on every access, and a call each was a tenth of a transaction's cost. */
static inline unsigned mc_format_bpe(unsigned format)
{
    return format < MC_FMT_COUNT ? mc_formats[format].bpe : 0;
}

static inline unsigned mc_format_channels(unsigned format)
{
    return format < MC_FMT_COUNT ? mc_formats[format].channels : 0;
}

/* Name of a format, e.g. "FLOAT32_4" ("?" if reserved). */
const char *mc_format_name(unsigned format);

/* Name of a layout, e.g. "TILED_2X2" ("?" past the last). */
const char *mc_tiling_name(unsigned tiling);

/* Bytes the surface spans from its base (tiled surfaces round the height up to whole tiles). */
uint64_t mc_surface_bytes(const mc_surface *s);

/* Byte offset of element (x, y) from the base. Fails with DPP_E_FAULT if
 * (x, y) lies outside pitch x height. */
dpp_status mc_element_offset(const mc_surface *s, int64_t x, int64_t y, uint64_t *off,
                             dpp_error *err);

/* The inverse of mc_element_offset: element number elem (byte offset / bpe)
 * of the surface's layout as (x, y). */
void mc_element_xy(const mc_surface *s, uint64_t elem, int64_t *x, int64_t *y);

/* Memory element -> four fp32 bit patterns (missing channels read 0, 0, 1). */
void mc_unpack(unsigned format, const uint8_t *elem, uint32_t v[4]);

/* Integer constant c from its element (c, 0): the element's first four bytes (two for
 * UINT16_1, zero-extended) as a little-endian word, KR | KG << 8 | KB << 16. A 32-bit format
 * (FLOAT32_1, UINT8_4) gives the raw word; FLOAT32_2/4 give channel 0's word (model-defined,
 * docs/mc.md). */
uint32_t mc_int_word(unsigned format, const uint8_t *elem);

/* Boolean constant c from its element (c, 0): 1 if channel 0, as mc_unpack converts it, is
 * not 0 (a NaN is true, -0 false), else 0 (model-defined, docs/mc.md). */
uint32_t mc_bool_value(unsigned format, const uint8_t *elem);

/* Four fp32 bit patterns -> memory element. *byte_mask gets one bit per byte
 * of the element that channel mask chmask (bit c = channel c) lets through. */
void mc_pack(unsigned format, const uint32_t v[4], unsigned chmask, uint8_t *elem,
             uint32_t *byte_mask);

#endif
