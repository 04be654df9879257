/* Memory controller: surfaces per client, address translation, the output
 * and conditional output caches (mc_cache.c). */
#include "mc.h"

#include "le32.h"

#include <stdlib.h>
#include <string.h>

struct mc_model {
    uint8_t *mem;
    size_t size;
    mc_surface inst, constf, consti, constb, cond;
    mc_surface input[MC_NUM_INPUTS], output[MC_NUM_OUTPUTS];
    unsigned out_mask;
    int discard_outputs;
    mc_cache cache[MC_CACHES]; /* the output and the conditional output cache */
    txn_fn txn;     /* the transaction sink, or NULL (mc_set_txn_sink) */
    void *txn_user;
    unsigned txn_units; /* bit u: unit u's transactions reach the sink (0 without one) */
};

#define TXN_ALL_UNITS ((1u << TXN_UNITS) - 1)

/* The hooks cost one predictable branch when no sink is set. */
#define TXN_ON(m) __builtin_expect((m)->txn_units >> TXN_UNIT_MC & 1, 0)

void mc_set_txn_sink(mc_model *m, txn_fn fn, void *user)
{
    m->txn = fn;
    m->txn_user = user;
    m->txn_units = fn ? TXN_ALL_UNITS : 0;
}

void mc_set_txn_units(mc_model *m, unsigned units)
{
    m->txn_units = m->txn ? units & TXN_ALL_UNITS : 0;
}

int mc_txn_on(const mc_model *m)
{
    return m->txn != NULL;
}

int mc_txn_unit_on(const mc_model *m, txn_unit u)
{
    return m->txn_units >> u & 1;
}

void mc_txn_emit(const mc_model *m, const txn *t)
{
    if (m->txn)
        m->txn(m->txn_user, t);
}

/* An MC transaction of kind k on surface s at address a, into *t (written in
 * place: a record returned by value was copied once more). */
static void mc_txn_of(txn *t, txn_kind k, int index, const mc_surface *s, int64_t x, int64_t y,
                      uint64_t a, unsigned mask, const uint32_t v[4])
{
    *t = (txn){.unit = TXN_UNIT_MC,
               .kind = k,
               .index = index,
               .format = s ? s->format : 0,
               .x = x,
               .y = y,
               .address = a,
               .mask = mask};
    for (int c = 0; v && c < 4; c++)
        t->value[c] = v[c];
}

static void mc_txn(const mc_model *m, txn_kind k, int index, const mc_surface *s, int64_t x,
                   int64_t y, uint64_t a, unsigned mask, const uint32_t v[4])
{
    txn t;
    mc_txn_of(&t, k, index, s, x, y, a, mask, v);
    m->txn(m->txn_user, &t);
}

/* A word's bytes as a mask: bit b of en (< 16) keeps byte b. The multiply moves bit b to
 * bit 8b (the four shifted copies of en do not overlap), the second fills its byte. */
static uint32_t byte_lanes(unsigned en)
{
    return ((en * 0x00204081u) & 0x01010101u) * 0xFFu;
}

/* A write's transaction, with the bytes it stores (elem through byte_en; the
 * others 0): a packing bug shows as a byte, not only as a value. */
static void mc_txn_write(const mc_model *m, txn_kind k, int index, const mc_surface *s,
                         int64_t x, int64_t y, uint64_t a, unsigned mask, const uint32_t v[4],
                         const uint8_t elem[16], uint32_t byte_en)
{
    txn t;
    mc_txn_of(&t, k, index, s, x, y, a, mask, v);
    t.byte_en = byte_en;
    for (unsigned w = 0; w < 4; w++) /* a word at a time, its bytes kept by byte_en's nibble */
        t.bytes[w] = dpp_get_le32(elem + 4 * w) & byte_lanes(byte_en >> (4 * w) & 0xFu);
    m->txn(m->txn_user, &t);
}

static const char *const client_names[] = {
    [MC_CL_INST] = "instruction",
    [MC_CL_CONSTF] = "float constant",
    [MC_CL_CONSTI] = "int constant",
    [MC_CL_CONSTB] = "bool constant",
    [MC_CL_INPUT] = "input",
    [MC_CL_OUTPUT] = "output",
    [MC_CL_COND] = "conditional buffer",
};

dpp_status mc_create(uint8_t *mem, size_t size, mc_model **out, dpp_error *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return dpp_error_set(err, DPP_E_NOMEM, "mc: out of memory");
    (*out)->mem = mem;
    (*out)->size = size;
    (*out)->out_mask = 0xF;
    mc_cache_init(&(*out)->cache[MC_CACHE_OUT], MC_CACHE_LINES, 0);
    mc_cache_init(&(*out)->cache[MC_CACHE_COND], MC_COND_CACHE_LINES, 1);
    return DPP_OK;
}

void mc_destroy(mc_model *m)
{
    free(m);
}

static mc_surface *surface(mc_model *m, mc_client c, unsigned index)
{
    switch (c) {
    case MC_CL_INST:
        return &m->inst;
    case MC_CL_CONSTF:
        return &m->constf;
    case MC_CL_CONSTI:
        return &m->consti;
    case MC_CL_CONSTB:
        return &m->constb;
    case MC_CL_INPUT:
        return index < MC_NUM_INPUTS ? &m->input[index] : NULL;
    case MC_CL_OUTPUT:
        return index < MC_NUM_OUTPUTS ? &m->output[index] : NULL;
    case MC_CL_COND:
        return &m->cond;
    }
    return NULL;
}

const mc_surface *mc_get_surface(const mc_model *m, mc_client c, unsigned index)
{
    return surface((mc_model *)m, c, index);
}

dpp_status mc_set_surface(mc_model *m, mc_client c, unsigned index, const mc_surface *s,
                          dpp_error *err)
{
    mc_surface *dst = surface(m, c, index);
    if (!dst)
        return dpp_error_set(err, DPP_E_ARG, "%s index %u out of range", client_names[c], index);
    if (c == MC_CL_INST) {
        /* 24-byte slots: only the base matters; extents are checked per fetch */
    } else if ((uint64_t)s->base + mc_surface_bytes(s) > m->size) {
        return dpp_error_set(
            err, DPP_E_ARG, "%s surface at 0x%x (%llu bytes) reaches past the %zu-byte memory",
            client_names[c], s->base, (unsigned long long)mc_surface_bytes(s), m->size);
    }
    *dst = *s;
    dst->valid = 1;
    return DPP_OK;
}

void mc_set_out_mask(mc_model *m, unsigned mask)
{
    m->out_mask = mask & 0xF;
}

unsigned mc_out_mask(const mc_model *m)
{
    return m->out_mask;
}

/* Address of element (x, y) of a set surface, checked against the memory. */
static dpp_status element(const mc_model *m, mc_client c, unsigned index, const mc_surface *s,
                          int64_t x, int64_t y, uint64_t *addr, dpp_error *err)
{
    if (!s->valid)
        return dpp_error_set(err, DPP_E_FAULT, "%s %u used before its surface was set",
                             client_names[c], index);
    uint64_t off;
    dpp_status st = mc_element_offset(s, x, y, &off, err);
    if (st) {
        dpp_error_set(err, st, "%s %u: access (%lld, %lld) outside its %u x %u surface",
                      client_names[c], index, (long long)x, (long long)y, s->pitch, s->height);
        return st;
    }
    *addr = s->base + off;
    if (*addr + mc_format_bpe(s->format) > m->size)
        return dpp_error_set(err, DPP_E_FAULT, "%s %u: address 0x%llx outside device memory",
                             client_names[c], index, (unsigned long long)*addr);
    return DPP_OK;
}

/* Element (x, y) into v; *a its address (the transaction's, so not computed twice). */
static dpp_status read_elem(const mc_model *m, mc_client c, unsigned index, const mc_surface *s,
                            int64_t x, int64_t y, uint32_t v[4], uint64_t *a, dpp_error *err)
{
    dpp_status st = element(m, c, index, s, x, y, a, err);
    if (!st)
        mc_unpack(s->format, m->mem + *a, v);
    return st;
}

static dpp_status input_elems(const mc_model *m, unsigned idx, const mc_surface *s, int64_t x,
                              int64_t y, uint32_t v[4], uint64_t *a, dpp_error *err);

dpp_status mc_read_input(const mc_model *m, unsigned idx, int64_t x, int64_t y, uint32_t v[4],
                         dpp_error *err)
{
    if (idx >= MC_NUM_INPUTS)
        return dpp_error_set(err, DPP_E_FAULT, "input index %u out of range", idx);
    const mc_surface *s = &m->input[idx];
    uint64_t a = 0;
    dpp_status st = input_elems(m, idx, s, x, y, v, &a, err);
    if (!st && TXN_ON(m))
        mc_txn(m, TXN_MC_INPUT, (int)idx, s, x, y, a, 0, v);
    return st;
}

/* The element(s) of an input read: one, or the quad of the 2x2 modes; *a the
 * address of (x, y) itself (the quad's last). */
static dpp_status input_elems(const mc_model *m, unsigned idx, const mc_surface *s, int64_t x,
                              int64_t y, uint32_t v[4], uint64_t *a, dpp_error *err)
{
    if (s->tiling != MC_TILE_LINEAR_2X2 && s->tiling != MC_TILE_TILED_2X2)
        return read_elem(m, MC_CL_INPUT, idx, s, x, y, v, a, err);
    if (mc_format_channels(s->format) != 1)
        return dpp_error_set(err, DPP_E_FAULT,
                             "input %u: 2x2 mode needs a one-channel format, not %s", idx,
                             mc_format_name(s->format));
    static const int dx[4] = {1, 0, 1, 0}, dy[4] = {0, 1, 1, 0};
    for (int c = 0; c < 4; c++) {
        uint32_t t[4];
        dpp_status st = read_elem(m, MC_CL_INPUT, idx, s, x + dx[c], y + dy[c], t, a, err);
        if (st)
            return st;
        v[c] = t[0];
    }
    return DPP_OK;
}

dpp_status mc_write_output(mc_model *m, unsigned idx, int64_t x, int64_t y, const uint32_t v[4],
                           unsigned chmask, dpp_error *err)
{
    if (idx >= MC_NUM_OUTPUTS)
        return dpp_error_set(err, DPP_E_FAULT, "output index %u out of range", idx);
    const mc_surface *s = &m->output[idx];
    uint64_t a = 0;
    dpp_status st = element(m, MC_CL_OUTPUT, idx, s, x, y, &a, err);
    if (st)
        return st;
    if (m->discard_outputs && !TXN_ON(m))
        return DPP_OK;
    uint8_t elem[16] = {0};
    uint32_t bytes;
    mc_pack(s->format, v, chmask & m->out_mask, elem, &bytes);
    if (TXN_ON(m))
        mc_txn_write(m, TXN_MC_OUTPUT, (int)idx, s, x, y, a, chmask & m->out_mask & 0xF, v, elem,
                     bytes);
    if (m->discard_outputs)
        return DPP_OK;
    mc_line *l = bytes ? mc_cache_line(&m->cache[MC_CACHE_OUT], m->mem, m->size, a) : NULL;
    unsigned bpe = mc_format_bpe(s->format);
    for (unsigned b = 0; l && b < bpe; b++)
        if (bytes >> b & 1) {
            unsigned at = (unsigned)(a % MC_LINE_BYTES) + b;
            l->data[at] = elem[b];
            l->dirty |= 1u << at;
        }
    return DPP_OK;
}

void mc_set_discard_outputs(mc_model *m, int on)
{
    m->discard_outputs = on;
}

/* The output cache goes first, so where both hold a byte the conditional
 * buffer's value is the one left in memory (model-defined). */
void mc_flush(mc_model *m)
{
    if (TXN_ON(m))
        mc_txn(m, TXN_MC_FLUSH, (int)m->cache[MC_CACHE_OUT].nlines, NULL, 0, 0, 0, 0, NULL);
    for (int k = 0; k < MC_CACHES; k++)
        mc_cache_flush(&m->cache[k], m->mem);
}

unsigned mc_cache_lines_used(const mc_model *m)
{
    return m->cache[MC_CACHE_OUT].nlines;
}

void mc_cache_counts(const mc_model *m, uint64_t *hits, uint64_t *misses, uint64_t *evictions)
{
    const mc_cache_stats *n = &m->cache[MC_CACHE_OUT].n;
    *hits = n->hits;
    *misses = n->misses;
    *evictions = n->evictions;
}

const mc_cache *mc_cache_of(const mc_model *m, mc_cache_id k)
{
    return &m->cache[k];
}

/* A raw 32-bit word at byte address a, or a fault. */
static dpp_status raw_word(const mc_model *m, mc_client c, uint64_t a, uint32_t *w, dpp_error *err)
{
    if (a + 4 > m->size)
        return dpp_error_set(err, DPP_E_FAULT, "%s at 0x%llx outside device memory",
                             client_names[c], (unsigned long long)a);
    const uint8_t *p = m->mem + a;
    *w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return DPP_OK;
}

static dpp_status need(const mc_surface *s, mc_client c, dpp_error *err)
{
    return s->valid ? DPP_OK
                    : dpp_error_set(err, DPP_E_FAULT, "%s surface used before it was set",
                                    client_names[c]);
}

dpp_status mc_fetch_inst(const mc_model *m, unsigned pc, uint32_t words[6], dpp_error *err)
{
    dpp_status st = need(&m->inst, MC_CL_INST, err);
    for (unsigned i = 0; !st && i < 6; i++)
        st = raw_word(m, MC_CL_INST, (uint64_t)m->inst.base + pc * MC_INST_BYTES + 4 * i, &words[i],
                      err);
    return st;
}

dpp_status mc_const_float(const mc_model *m, unsigned c, uint32_t v[4], dpp_error *err)
{
    uint64_t a = 0;
    dpp_status st = read_elem(m, MC_CL_CONSTF, c, &m->constf, c, 0, v, &a, err);
    if (!st && TXN_ON(m))
        mc_txn(m, TXN_MC_CONSTF, (int)c, &m->constf, 0, 0, a, 0, v);
    return st;
}

/* Integer and boolean constant c are element (c, 0) of their surfaces [seed 000, p8: "The
 * index pair for each of the constants is (c, 0)"], turned into a value by conv. */
static dpp_status const_read(const mc_model *m, mc_client cl, txn_kind k, const mc_surface *s,
                             unsigned c, uint32_t (*conv)(unsigned, const uint8_t *), uint32_t *out,
                             dpp_error *err)
{
    uint64_t a = 0;
    dpp_status st = element(m, cl, c, s, c, 0, &a, err);
    if (st)
        return st;
    *out = conv(s->format, m->mem + a);
    if (TXN_ON(m))
        mc_txn(m, k, (int)c, s, 0, 0, a, 0, (const uint32_t[4]){*out, 0, 0, 0});
    return DPP_OK;
}

dpp_status mc_const_int(const mc_model *m, unsigned c, uint32_t *w, dpp_error *err)
{
    return const_read(m, MC_CL_CONSTI, TXN_MC_CONSTI, &m->consti, c, mc_int_word, w, err);
}

dpp_status mc_const_bool(const mc_model *m, unsigned c, uint32_t *b, dpp_error *err)
{
    return const_read(m, MC_CL_CONSTB, TXN_MC_CONSTB, &m->constb, c, mc_bool_value, b, err);
}

/* The conditional buffer goes through the conditional output cache: "[if the
 * request] can be found in the MC conditional output cache then the MC will
 * satisfy the request from the cache Otherwise it will pull data into the
 * cache" [seed 000, p11]. An element (bpe 2..16, aligned) lies in one line. */
dpp_status mc_cond_read(mc_model *m, int64_t i, int64_t j, uint32_t *b, dpp_error *err)
{
    uint64_t a = 0;
    dpp_status st = element(m, MC_CL_COND, 0, &m->cond, i, j, &a, err);
    if (st)
        return st;
    const mc_line *l = mc_cache_line(&m->cache[MC_CACHE_COND], m->mem, m->size, a);
    uint32_t v[4];
    mc_unpack(m->cond.format, l->data + a % MC_LINE_BYTES, v);
    *b = v[0];
    if (TXN_ON(m))
        mc_txn(m, TXN_MC_COND_READ, 0, &m->cond, i, j, a, 0, (const uint32_t[4]){v[0], 0, 0, 0});
    return DPP_OK;
}

dpp_status mc_cond_write(mc_model *m, int64_t i, int64_t j, uint32_t v, dpp_error *err)
{
    uint64_t a = 0;
    dpp_status st = element(m, MC_CL_COND, 0, &m->cond, i, j, &a, err);
    if (st)
        return st;
    uint32_t vals[4] = {v, 0, 0, 0}, bytes;
    uint8_t elem[16] = {0};
    mc_pack(m->cond.format, vals, 1, elem, &bytes);
    if (TXN_ON(m))
        mc_txn_write(m, TXN_MC_COND_WRITE, 0, &m->cond, i, j, a, 1, vals, elem, bytes);
    mc_line *l = mc_cache_line(&m->cache[MC_CACHE_COND], m->mem, m->size, a);
    unsigned at = (unsigned)(a % MC_LINE_BYTES);
    for (unsigned b = 0; b < mc_format_bpe(m->cond.format); b++)
        if (bytes >> b & 1) {
            l->data[at + b] = elem[b];
            l->dirty |= 1u << (at + b);
        }
    return DPP_OK;
}

dpp_status mc_write_word(mc_model *m, uint32_t addr, uint32_t value, dpp_error *err)
{
    if ((uint64_t)addr + 4 > m->size)
        return dpp_error_set(err, DPP_E_FAULT, "write at 0x%x outside device memory", addr);
    for (int i = 0; i < 4; i++)
        m->mem[addr + i] = (uint8_t)(value >> (8 * i));
    if (TXN_ON(m))
        mc_txn(m, TXN_MC_WORD, 0, NULL, 0, 0, addr, 0, (const uint32_t[4]){value, 0, 0, 0});
    return DPP_OK;
}
