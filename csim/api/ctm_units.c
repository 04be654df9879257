/* The public API's pure functions of the memory controller and the
 * conditional output unit (ctm.h): the model's own address, format and
 * decision code (mc_format.c, co.c) behind range-checked arguments, so a
 * user's address generator, format converter or output unit has its
 * reference one call away. No state, no handle. */
#include "ctm.h"
#include "ctm_int.h"

#include "co.h"
#include "mc_format.h"

#include <string.h>

/* The layout and format arguments every MC call shares: CTM_OK, or
 * CTM_E_ARG with why as ctm_error(). */
static int format_ok(const char *func, int format)
{
    return API_RANGE_AT(NULL, func, "format", format, CTM_FMT_UINT16_1, CTM_FMT_FLOAT32_4)
               ? CTM_OK
               : CTM_E_ARG;
}

int api_mc_surface(const char *func, uint32_t base, uint32_t pitch, uint32_t height, int tiling,
                   int format, mc_surface *s)
{
    if (base % 2048) { /* the command words carry base bits 31:11 only */
        api_fail("%s: base = 0x%x is not a multiple of 2048 (2 KiB)", func, base);
        return CTM_E_ARG;
    }
    if (pitch % 4 || pitch > 0x1FFCu) { /* the format word's pitch field, bits 12:2 */
        api_fail("%s: pitch = %u is not a multiple of 4 in 0..8188", func, pitch);
        return CTM_E_ARG;
    }
    if (height > 8191) { /* the height word's field, bits 12:0 */
        api_fail("%s: height = %u is outside 0..8191", func, height);
        return CTM_E_ARG;
    }
    if (!API_RANGE_AT(NULL, func, "tiling", tiling, CTM_TILE_LINEAR, CTM_TILE_TILED_2X2) ||
        format_ok(func, format))
        return CTM_E_ARG;
    *s = (mc_surface){.base = base,
                      .pitch = pitch,
                      .height = height,
                      .tiling = (uint8_t)tiling,
                      .format = (uint8_t)format,
                      .valid = 1};
    return CTM_OK;
}

int ctm_mc_address(uint32_t base, uint32_t pitch, uint32_t height, int tiling, int format,
                   int64_t x, int64_t y, uint64_t *address)
{
    mc_surface s;
    if (!address) {
        api_fail("ctm_mc_address: address is NULL");
        return CTM_E_ARG;
    }
    *address = 0;
    int st = api_mc_surface(__func__, base, pitch, height, tiling, format, &s);
    if (st)
        return st;
    uint64_t off;
    dpp_error err;
    if (mc_element_offset(&s, x, y, &off, &err)) {
        api_fail("ctm_mc_address: %s", err.msg);
        return CTM_E_FAULT;
    }
    *address = base + off;
    return CTM_OK;
}

int ctm_mc_element_bytes(int format)
{
    if (format_ok(__func__, format))
        return -CTM_E_ARG;
    return (int)mc_format_bpe((unsigned)format);
}

int ctm_mc_unpack(int format, const uint8_t element[16], uint32_t value[4])
{
    if (!element || !value) {
        api_fail("ctm_mc_unpack: %s is NULL", element ? "value" : "element");
        return CTM_E_ARG;
    }
    if (format_ok(__func__, format))
        return CTM_E_ARG;
    mc_unpack((unsigned)format, element, value);
    return CTM_OK;
}

int ctm_mc_pack(int format, const uint32_t value[4], int chmask, uint8_t element[16],
                uint32_t *byte_mask)
{
    if (!value || !element || !byte_mask) {
        api_fail("ctm_mc_pack: %s is NULL", !value ? "value" : !element ? "element" : "byte_mask");
        return CTM_E_ARG;
    }
    if (format_ok(__func__, format) || !API_RANGE(NULL, "chmask", chmask, 0, 15))
        return CTM_E_ARG;
    memset(element, 0, 16); /* the bytes past the element's, and the masked ones */
    mc_pack((unsigned)format, value, (unsigned)chmask, element, byte_mask);
    return CTM_OK;
}

int ctm_co_decide(int test, int loc, int writemask, int client, uint32_t v, uint32_t b, int *keep,
                  int *write)
{
    if (!keep || !write) {
        api_fail("ctm_co_decide: %s is NULL", keep ? "write" : "keep");
        return CTM_E_ARG;
    }
    *keep = *write = 0;
    if (!API_RANGE(NULL, "test", test, CTM_CO_NEVER, CTM_CO_ALWAYS) ||
        !API_RANGE(NULL, "loc", loc, CTM_CO_LOC_DPP, CTM_CO_LOC_PE) ||
        !API_RANGE(NULL, "writemask", writemask, 0, 1) ||
        !API_RANGE(NULL, "client", client, CTM_CO_LOC_DPP, CTM_CO_LOC_PE))
        return CTM_E_ARG;
    const co_state co = {(uint8_t)test, (uint8_t)loc, (uint8_t)writemask};
    *keep = co_decide(&co, (unsigned)client, v, b, write);
    return CTM_OK;
}

int ctm_co_reads_buffer(int test, int loc, int client)
{
    if (!API_RANGE(NULL, "test", test, CTM_CO_NEVER, CTM_CO_ALWAYS) ||
        !API_RANGE(NULL, "loc", loc, CTM_CO_LOC_DPP, CTM_CO_LOC_PE) ||
        !API_RANGE(NULL, "client", client, CTM_CO_LOC_DPP, CTM_CO_LOC_PE))
        return -CTM_E_ARG;
    const co_state co = {(uint8_t)test, (uint8_t)loc, 0};
    return co_reads_buffer(&co, (unsigned)client);
}
