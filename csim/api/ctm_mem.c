/* The MC's device memory through the public API (ctm.h, since 1.11): the
 * model's memory controller (mc.c) over a memory of the handle's own, its
 * surfaces, input reads, output writes through the output mask and cache,
 * conditional-buffer accesses and flushes, behind range-checked arguments,
 * and the memory's words as they stand. */
#include "ctm.h"
#include "ctm_int.h"

#include "mc.h"
#include "mc_locate.h"

#include <stdio.h>
#include <stdlib.h>

#define MEM_MAX (1u << 30)

struct ctm_mem {
    api_handle h;
    uint8_t *mem;
    uint32_t size;
    mc_model *mc;
};

ctm_mem *ctm_mem_new(uint32_t mem_bytes)
{
    if (!API_RANGE(NULL, "mem_bytes", mem_bytes, 1, MEM_MAX))
        return NULL;
    ctm_mem *m = api_alloc(API_MEM, sizeof *m);
    if (!m)
        return api_fail("ctm_mem_new: out of memory");
    m->size = mem_bytes;
    if (!(m->mem = calloc(1, mem_bytes)) || mc_create(m->mem, mem_bytes, &m->mc, NULL)) {
        ctm_mem_free(m);
        return api_fail("ctm_mem_new: out of memory for %u bytes of device memory", mem_bytes);
    }
    api_set_error("");
    return m;
}

void ctm_mem_free(ctm_mem *m)
{
    if (!m || !API_LIVE(m, API_MEM))
        return;
    mc_destroy(m->mc);
    free(m->mem);
    api_release(m, API_MEM);
}

/* The model's error as ctm.h's status, its text after "FUNC: ". */
static int model_error(dpp_status st, const dpp_error *err, const char *func)
{
    api_fail("%s: %s", func, err->msg);
    return st == DPP_E_FAULT ? CTM_E_FAULT : st == DPP_E_NOMEM ? CTM_E_NOMEM : CTM_E_ARG;
}

/* A live handle and a non-NULL out-pointer (named name). */
static int usable(const ctm_mem *m, const void *ptr, const char *name, const char *func)
{
    if (!api_is_live(m, API_MEM) && !api_live_slow(m, API_MEM, func))
        return 0;
    if (!ptr) {
        api_fail("%s: %s is NULL", func, name);
        return 0;
    }
    return 1;
}

int ctm_mem_set_surface(ctm_mem *m, int client, int index, uint32_t base, uint32_t pitch,
                        uint32_t height, int tiling, int format)
{
    if (!API_LIVE(m, API_MEM))
        return CTM_E_ARG;
    int last = client == CTM_PE_INPUT    ? MC_NUM_INPUTS - 1
               : client == CTM_PE_OUTPUT ? MC_NUM_OUTPUTS - 1
                                         : 0;
    mc_surface s;
    if (!API_RANGE(NULL, "client", client, CTM_PE_INST, CTM_PE_COND) ||
        !API_RANGE(NULL, "index", index, 0, last) ||
        api_mc_surface(__func__, base, pitch, height, tiling, format, &s))
        return CTM_E_ARG;
    dpp_error err;
    dpp_status st = mc_set_surface(m->mc, (mc_client)client, (unsigned)index, &s, &err);
    return st ? model_error(st, &err, __func__) : CTM_OK;
}

int ctm_mem_set_out_mask(ctm_mem *m, int mask)
{
    if (!API_LIVE(m, API_MEM) || !API_RANGE(NULL, "mask", mask, 0, 15))
        return CTM_E_ARG;
    mc_set_out_mask(m->mc, (unsigned)mask);
    return CTM_OK;
}

int ctm_mem_read_input(ctm_mem *m, int index, int64_t x, int64_t y, uint32_t value[4])
{
    if (!usable(m, value, "value", __func__))
        return CTM_E_ARG;
    for (int c = 0; c < 4; c++)
        value[c] = 0;
    if (!API_RANGE(NULL, "index", index, 0, MC_NUM_INPUTS - 1))
        return CTM_E_ARG;
    dpp_error err;
    uint32_t v[4];
    dpp_status st = mc_read_input(m->mc, (unsigned)index, x, y, v, &err);
    if (st)
        return model_error(st, &err, __func__);
    for (int c = 0; c < 4; c++)
        value[c] = v[c];
    return CTM_OK;
}

int ctm_mem_write_output(ctm_mem *m, int index, int64_t x, int64_t y, const uint32_t value[4],
                         int chmask)
{
    if (!usable(m, value, "value", __func__) ||
        !API_RANGE(NULL, "index", index, 0, MC_NUM_OUTPUTS - 1) ||
        !API_RANGE(NULL, "chmask", chmask, 0, 15))
        return CTM_E_ARG;
    dpp_error err;
    dpp_status st = mc_write_output(m->mc, (unsigned)index, x, y, value, (unsigned)chmask, &err);
    return st ? model_error(st, &err, __func__) : CTM_OK;
}

int ctm_mem_cond_read(ctm_mem *m, int64_t i, int64_t j, uint32_t *value)
{
    if (!usable(m, value, "value", __func__))
        return CTM_E_ARG;
    *value = 0;
    dpp_error err;
    dpp_status st = mc_cond_read(m->mc, i, j, value, &err);
    return st ? model_error(st, &err, __func__) : CTM_OK;
}

int ctm_mem_cond_write(ctm_mem *m, int64_t i, int64_t j, uint32_t value)
{
    if (!API_LIVE(m, API_MEM))
        return CTM_E_ARG;
    dpp_error err;
    dpp_status st = mc_cond_write(m->mc, i, j, value, &err);
    return st ? model_error(st, &err, __func__) : CTM_OK;
}

int ctm_mem_flush(ctm_mem *m)
{
    if (!API_LIVE(m, API_MEM))
        return CTM_E_ARG;
    mc_flush(m->mc);
    return CTM_OK;
}

int ctm_mem_cache_lines(const ctm_mem *m)
{
    if (!API_LIVE(m, API_MEM))
        return -CTM_E_ARG;
    return (int)mc_cache_lines_used(m->mc);
}

int ctm_mem_cache_counts(const ctm_mem *m, uint64_t *hits, uint64_t *misses, uint64_t *evictions)
{
    if (hits)
        *hits = 0;
    if (misses)
        *misses = 0;
    if (evictions)
        *evictions = 0;
    if (!usable(m, hits, "hits", __func__) || !usable(m, misses, "misses", __func__) ||
        !usable(m, evictions, "evictions", __func__))
        return CTM_E_ARG;
    mc_cache_counts(m->mc, hits, misses, evictions);
    return CTM_OK;
}

/* addr a multiple of 4 with its word inside the memory. */
static int word_at(const ctm_mem *m, uint32_t addr, const char *func)
{
    if (addr % 4 || (uint64_t)addr + 4 > m->size) {
        api_fail("%s: addr = 0x%x is not a multiple of 4 with its word in the %u-byte memory", func,
                 addr, m->size);
        return 0;
    }
    return 1;
}

int ctm_mem_read_word(const ctm_mem *m, uint32_t addr, uint32_t *word)
{
    if (!usable(m, word, "word", __func__))
        return CTM_E_ARG;
    *word = 0;
    if (!word_at(m, addr, __func__))
        return CTM_E_ARG;
    const uint8_t *p = m->mem + addr;
    *word = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return CTM_OK;
}

int ctm_mem_write_word(ctm_mem *m, uint32_t addr, uint32_t word)
{
    if (!API_LIVE(m, API_MEM) || !word_at(m, addr, __func__))
        return CTM_E_ARG;
    dpp_error err;
    dpp_status st = mc_write_word(m->mc, addr, word, &err);
    return st ? model_error(st, &err, __func__) : CTM_OK;
}

/* The first byte of word (the design's, at addr) that differs from memory:
 * its number 0..3, or -1. */
static int first_byte_differing(const ctm_mem *m, uint32_t addr, uint32_t word)
{
    for (int b = 0; b < 4; b++)
        if (m->mem[addr + (uint32_t)b] != (uint8_t)(word >> (8 * b)))
            return b;
    return -1;
}

int ctm_mem_check_word(const ctm_mem *m, uint32_t addr, uint32_t word)
{
    if (!API_LIVE(m, API_MEM) || !word_at(m, addr, __func__))
        return CTM_E_ARG;
    int b = first_byte_differing(m, addr, word);
    if (b < 0)
        return CTM_OK;
    uint32_t at = addr + (uint32_t)b;
    mc_where w;
    if (!mc_locate(m->mc, at, &w)) {
        api_fail("%s: byte 0x%x (no surface holds it): expected 0x%02x, actual 0x%02x", __func__,
                 at, m->mem[at], (unsigned)(word >> (8 * b) & 0xFFu));
        return CTM_E_MISMATCH;
    }
    /* the channel's bytes, little-endian: a channel never crosses a word */
    unsigned width = mc_format_bpe(w.s->format) / mc_format_channels(w.s->format);
    uint32_t first = at - (w.byte - w.channel * width), want = 0, got = 0;
    for (unsigned k = width; k-- > 0;) {
        want = want << 8 | m->mem[first + k];
        got = got << 8 | (uint8_t)(word >> (8 * (first + k - addr)));
    }
    char where[128];
    mc_where_text(&w, where, sizeof where);
    api_fail("%s: byte 0x%x: %s: expected 0x%0*x, actual 0x%0*x", __func__, at, where,
             (int)(2 * width), want, (int)(2 * width), got);
    return CTM_E_MISMATCH;
}

int ctm_mem_check(const ctm_mem *m, uint32_t addr, const uint32_t *words, uint32_t nwords)
{
    if (!usable(m, words, "words", __func__))
        return CTM_E_ARG;
    if (addr % 4 || (uint64_t)addr + 4 * (uint64_t)nwords > m->size) {
        api_fail("%s: addr = 0x%x, nwords = %u: not a multiple of 4 inside the %u-byte memory",
                 __func__, addr, nwords, m->size);
        return CTM_E_ARG;
    }
    for (uint32_t i = 0; i < nwords; i++) {
        int st = ctm_mem_check_word(m, addr + 4 * i, words[i]);
        if (st)
            return st;
    }
    api_set_error("");
    return CTM_OK;
}
