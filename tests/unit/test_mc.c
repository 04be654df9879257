/* mc: formats and layouts round-trip through an output and an input, the 2x2
 * input mode, conversions, bounds faults, the output mask, the output cache and
 * the conditional output cache. */
#include "cmocka_all.h"

#include "fp_bits.h"
#include "mc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MEM_SIZE (64 * 1024)

typedef struct fixture {
    uint8_t *mem;
    mc_model *mc;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->mem = calloc(1, MEM_SIZE);
    assert_int_equal(mc_create(f->mem, MEM_SIZE, &f->mc, NULL), DPP_OK);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    mc_destroy(f->mc);
    free(f->mem);
    free(f);
    return 0;
}

/* Short: the tables below convert every value. */
#define fb dpp_fp_bits

static mc_surface surf(uint32_t base, uint32_t pitch, uint32_t height, unsigned tiling,
                       unsigned format)
{
    mc_surface s;
    assert_int_equal(
        mc_surface_decode(base, mc_format_word(pitch, tiling, format), height, &s, NULL), DPP_OK);
    return s;
}

/* A value for channel c of element (x, y) that the format represents exactly. */
static uint32_t exact_value(unsigned format, unsigned x, unsigned y, unsigned c)
{
    unsigned k = (x * 7 + y * 13 + c * 3) % 256;
    switch (format) {
    case MC_FMT_UINT16_1:
        return fb((float)(k * 251 + 3));
    case MC_FMT_UINT8_4:
        return fb((float)k / 255.0f);
    default:
        return fb((float)k * 0.375f - 17.0f);
    }
}

/* Every format and layout: write a 12 x 7 image through output 2, flush, read it through input 9.
 */
static void test_round_trip(void **state)
{
    fixture *f = *state;
    for (unsigned format = 0; format < MC_FMT_COUNT; format++)
        for (unsigned tiling = 0; tiling < 2; tiling++) {
            memset(f->mem, 0, MEM_SIZE);
            mc_surface s = surf(0x2000, 12, 7, tiling, format);
            assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 2, &s, NULL), DPP_OK);
            assert_int_equal(mc_set_surface(f->mc, MC_CL_INPUT, 9, &s, NULL), DPP_OK);
            unsigned nch = mc_format_channels(format);
            for (unsigned y = 0; y < 7; y++)
                for (unsigned x = 0; x < 12; x++) {
                    uint32_t v[4];
                    for (unsigned c = 0; c < 4; c++)
                        v[c] = exact_value(format, x, y, c);
                    assert_int_equal(mc_write_output(f->mc, 2, x, y, v, 0xF, NULL), DPP_OK);
                }
            mc_flush(f->mc);
            for (unsigned y = 0; y < 7; y++)
                for (unsigned x = 0; x < 12; x++) {
                    uint32_t v[4];
                    assert_int_equal(mc_read_input(f->mc, 9, x, y, v, NULL), DPP_OK);
                    for (unsigned c = 0; c < 4; c++) {
                        uint32_t want =
                            c < nch ? exact_value(format, x, y, c) : (c == 3 ? fb(1.0f) : 0);
                        if (v[c] != want)
                            fail_msg("%s tiling %u (%u,%u) ch %u: 0x%08x want 0x%08x",
                                     mc_format_name(format), tiling, x, y, c, v[c], want);
                    }
                }
        }
}

/* The layouts themselves: linear row-major, tiled in 4 x 4 tiles. */
static void test_layout_offsets(void **state)
{
    (void)state;
    static const struct {
        unsigned tiling, format, pitch, x, y;
        uint64_t off;
    } cases[] = {
        {MC_TILE_LINEAR, MC_FMT_FLOAT32_1, 8, 5, 6, (6 * 8 + 5) * 4},
        {MC_TILE_LINEAR, MC_FMT_UINT16_1, 12, 3, 2, (2 * 12 + 3) * 2},
        {MC_TILE_TILED, MC_FMT_FLOAT32_1, 8, 5, 6, (3 * 16 + 2 * 4 + 1) * 4},
        {MC_TILE_TILED, MC_FMT_FLOAT32_4, 12, 11, 0, (2 * 16 + 3) * 16},
        {MC_TILE_TILED_2X2, MC_FMT_FLOAT32_1, 4, 0, 5, (1 * 16 + 1 * 4) * 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mc_surface s = surf(0, cases[i].pitch, 8, cases[i].tiling, cases[i].format);
        uint64_t off;
        assert_int_equal(mc_element_offset(&s, cases[i].x, cases[i].y, &off, NULL), DPP_OK);
        assert_int_equal(off, cases[i].off);
    }
}

static void test_2x2(void **state)
{
    fixture *f = *state;
    for (unsigned tiling = MC_TILE_LINEAR_2X2; tiling <= MC_TILE_TILED_2X2; tiling++) {
        mc_surface s = surf(0x800, 8, 8, tiling, MC_FMT_FLOAT32_1);
        mc_surface w = surf(0x800, 8, 8, tiling - 2, MC_FMT_FLOAT32_1); /* same layout */
        assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 0, &w, NULL), DPP_OK);
        for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 8; x++) {
                uint32_t v[4] = {fb((float)(10 * y + x))};
                mc_write_output(f->mc, 0, x, y, v, 1, NULL);
            }
        mc_flush(f->mc);
        assert_int_equal(mc_set_surface(f->mc, MC_CL_INPUT, 3, &s, NULL), DPP_OK);
        uint32_t v[4];
        assert_int_equal(mc_read_input(f->mc, 3, 2, 5, v, NULL), DPP_OK);
        assert_int_equal(v[0], fb(53.0f)); /* (x+1, y) */
        assert_int_equal(v[1], fb(62.0f)); /* (x, y+1) */
        assert_int_equal(v[2], fb(63.0f)); /* (x+1, y+1) */
        assert_int_equal(v[3], fb(52.0f)); /* (x, y) */
        dpp_error err;
        assert_int_equal(mc_read_input(f->mc, 3, 7, 0, v, &err), DPP_E_FAULT);
        /* 2x2 is only for one-channel inputs. */
        mc_surface bad = surf(0x800, 8, 8, tiling, MC_FMT_FLOAT32_2);
        assert_int_equal(mc_set_surface(f->mc, MC_CL_INPUT, 3, &bad, NULL), DPP_OK);
        assert_int_equal(mc_read_input(f->mc, 3, 0, 0, v, &err), DPP_E_FAULT);
        assert_non_null(strstr(err.msg, "one-channel"));
    }
}

/* Output conversions that are not exact: clamping, rounding, NaN. */
static void test_conversions(void **state)
{
    (void)state;
    static const struct {
        unsigned format;
        float in;
        unsigned out;
    } cases[] = {
        {MC_FMT_UINT8_4, -1.0f, 0},      {MC_FMT_UINT8_4, 2.0f, 255},
        {MC_FMT_UINT8_4, NAN, 0},        {MC_FMT_UINT8_4, 0.5f, 128},
        {MC_FMT_UINT8_4, 1.0f, 255},     {MC_FMT_UINT16_1, 65535.7f, 65535},
        {MC_FMT_UINT16_1, 2.5f, 2},      {MC_FMT_UINT16_1, 3.5f, 4},
        {MC_FMT_UINT16_1, -INFINITY, 0}, {MC_FMT_UINT16_1, INFINITY, 65535},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t v[4] = {fb(cases[i].in), 0, 0, 0}, bytes;
        uint8_t e[16] = {0};
        mc_pack(cases[i].format, v, 1, e, &bytes);
        unsigned got = cases[i].format == MC_FMT_UINT8_4 ? e[0] : (unsigned)(e[0] | e[1] << 8);
        if (got != cases[i].out)
            fail_msg("case %zu: %f -> %u, want %u", i, (double)cases[i].in, got, cases[i].out);
    }
    uint8_t e[4] = {0, 51, 255, 1};
    uint32_t v[4];
    mc_unpack(MC_FMT_UINT8_4, e, v);
    assert_int_equal(v[1], fb(0.2f));
    assert_int_equal(v[2], fb(1.0f));
}

static void test_bounds(void **state)
{
    fixture *f = *state;
    dpp_error err;
    uint32_t v[6] = {0};
    /* unset surfaces */
    assert_int_equal(mc_read_input(f->mc, 0, 0, 0, v, &err), DPP_E_FAULT);
    assert_int_equal(mc_const_float(f->mc, 0, v, &err), DPP_E_FAULT);
    assert_int_equal(mc_fetch_inst(f->mc, 0, v, &err), DPP_E_FAULT);
    mc_surface s = surf(0x1000, 8, 4, MC_TILE_LINEAR, MC_FMT_FLOAT32_4);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_INPUT, 15, &s, NULL), DPP_OK);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 3, &s, NULL), DPP_OK);
    static const int xy[][2] = {{-1, 0}, {0, -1}, {8, 0}, {0, 4}, {100000, 3}};
    for (size_t i = 0; i < sizeof xy / sizeof xy[0]; i++) {
        assert_int_equal(mc_read_input(f->mc, 15, xy[i][0], xy[i][1], v, &err), DPP_E_FAULT);
        assert_non_null(strstr(err.msg, "outside"));
        assert_int_equal(mc_write_output(f->mc, 3, xy[i][0], xy[i][1], v, 0xF, &err), DPP_E_FAULT);
    }
    assert_int_equal(mc_read_input(f->mc, 15, 7, 3, v, &err), DPP_OK);
    assert_int_equal(mc_read_input(f->mc, 16, 0, 0, v, &err), DPP_E_FAULT);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 4, &s, &err), DPP_E_ARG);
    mc_surface big = surf(0xF800, 64, 64, MC_TILE_LINEAR, MC_FMT_FLOAT32_4);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_INPUT, 0, &big, &err), DPP_E_ARG);
    assert_non_null(strstr(err.msg, "reaches past"));
    dpp_error e2;
    mc_surface r;
    assert_int_equal(mc_surface_decode(0, 5u << 24, 1, &r, &e2), DPP_E_ARG);
    /* int and bool constants are element (c, 0): inside the pitch, the surface inside memory */
    mc_surface ci = surf(MEM_SIZE - 2048, 32, 1, 0, MC_FMT_FLOAT32_1);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_CONSTI, 0, &ci, NULL), DPP_OK);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_CONSTB, 0, &ci, NULL), DPP_OK);
    uint32_t w;
    assert_int_equal(mc_const_int(f->mc, 31, &w, &err), DPP_OK);
    assert_int_equal(mc_const_int(f->mc, 32, &w, &err), DPP_E_FAULT);
    assert_non_null(strstr(err.msg, "int constant 32: access (32, 0) outside its 32 x 1 surface"));
    assert_int_equal(mc_const_bool(f->mc, 31, &w, &err), DPP_OK);
    assert_int_equal(mc_const_bool(f->mc, 32, &w, &err), DPP_E_FAULT);
    mc_surface wide = surf(MEM_SIZE - 2048, 256, 1, 0, MC_FMT_FLOAT32_4);
    for (mc_client c = MC_CL_CONSTI; c <= MC_CL_CONSTB; c++) {
        assert_int_equal(mc_set_surface(f->mc, c, 0, &wide, &err), DPP_E_ARG);
        assert_non_null(strstr(err.msg, "reaches past"));
    }
}

/* set_out_mask and the instruction's channel mask both gate channels. */
static void test_out_mask(void **state)
{
    fixture *f = *state;
    memset(f->mem, 0xEE, 64);
    mc_surface s = surf(0, 4, 1, MC_TILE_LINEAR, MC_FMT_UINT8_4);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 1, &s, NULL), DPP_OK);
    uint32_t v[4] = {fb(0), fb(1), fb(0), fb(1)};
    mc_set_out_mask(f->mc, 0x5);
    assert_int_equal(mc_write_output(f->mc, 1, 0, 0, v, 0xF, NULL), DPP_OK);
    assert_int_equal(mc_write_output(f->mc, 1, 1, 0, v, 0x3, NULL), DPP_OK);
    mc_flush(f->mc);
    static const uint8_t want[8] = {0, 0xEE, 0, 0xEE, 0, 0xEE, 0xEE, 0xEE};
    assert_memory_equal(f->mem, want, 8);
    mc_set_out_mask(f->mc, 0xF);
}

/* Writes sit in the cache until flush; a full cache evicts its oldest line. */
static void test_cache(void **state)
{
    fixture *f = *state;
    memset(f->mem, 0, MEM_SIZE);
    mc_surface s = surf(0, 8, 1024, MC_TILE_LINEAR, MC_FMT_FLOAT32_1); /* 32-byte rows */
    assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 0, &s, NULL), DPP_OK);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_INPUT, 0, &s, NULL), DPP_OK);
    uint32_t v[4] = {fb(5.0f)}, r[4];
    assert_int_equal(mc_write_output(f->mc, 0, 1, 0, v, 1, NULL), DPP_OK);
    assert_int_equal(mc_cache_lines_used(f->mc), 1);
    assert_int_equal(mc_read_input(f->mc, 0, 1, 0, r, NULL), DPP_OK);
    assert_int_equal(r[0], 0); /* not yet in memory */
    for (unsigned y = 1; y <= MC_CACHE_LINES; y++)
        assert_int_equal(mc_write_output(f->mc, 0, 0, y, v, 1, NULL), DPP_OK);
    assert_int_equal(mc_cache_lines_used(f->mc), MC_CACHE_LINES);
    uint64_t hits, misses, evictions;
    mc_cache_counts(f->mc, &hits, &misses, &evictions);
    assert_int_equal(hits, 0);
    assert_int_equal(misses, MC_CACHE_LINES + 1);
    assert_int_equal(evictions, 1);
    assert_int_equal(mc_write_output(f->mc, 0, 1, MC_CACHE_LINES, v, 1, NULL), DPP_OK);
    assert_int_equal(mc_write_output(f->mc, 0, 1, 1, v, 0, NULL), DPP_OK); /* no byte stored */
    mc_cache_counts(f->mc, &hits, &misses, &evictions);
    assert_int_equal(hits, 1);
    assert_int_equal(misses, MC_CACHE_LINES + 1);
    assert_int_equal(mc_read_input(f->mc, 0, 1, 0, r, NULL), DPP_OK);
    assert_int_equal(r[0], fb(5.0f)); /* evicted */
    assert_int_equal(mc_read_input(f->mc, 0, 0, 1, r, NULL), DPP_OK);
    assert_int_equal(r[0], 0);
    mc_flush(f->mc);
    assert_int_equal(mc_cache_lines_used(f->mc), 0);
    mc_cache_counts(f->mc, &hits, &misses, &evictions);
    assert_int_equal(evictions, 1); /* a flush is not an eviction */
    assert_int_equal(mc_read_input(f->mc, 0, 0, MC_CACHE_LINES, r, NULL), DPP_OK);
    assert_int_equal(r[0], fb(5.0f));
}

/* The conditional output cache [seed 000, p11: a request found in it "the MC will satisfy
 * ... from the cache Otherwise it will pull data into the cache"]: 16 lines, FIFO. A row of
 * the 8-wide FLOAT32_1 buffer is one line. A write-back stays in the cache until its line is
 * evicted (only its own bytes reach memory) or flushed; a read after it sees it; memory
 * written around a held line is not seen through it until the flush empties the cache. */
static void test_cond_cache(void **state)
{
    fixture *f = *state;
    memset(f->mem, 0, MEM_SIZE);
    const uint32_t base = 0x4000;
    mc_surface s = surf(base, 8, 32, MC_TILE_LINEAR, MC_FMT_FLOAT32_1);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_COND, 0, &s, NULL), DPP_OK);
    float *mem = (float *)(f->mem + base);
    mem[8 + 1] = 3.0f; /* (1, 1) before any line is pulled in */
    for (unsigned y = 0; y < MC_COND_CACHE_LINES; y++)
        assert_int_equal(mc_cond_write(f->mc, 0, y, fb(7.0f), NULL), DPP_OK);
    uint32_t b = 0;
    assert_int_equal(mc_cond_read(f->mc, 0, 0, &b, NULL), DPP_OK);
    assert_int_equal(b, fb(7.0f));
    assert_int_equal(mc_cond_read(f->mc, 1, 1, &b, NULL), DPP_OK);
    assert_int_equal(b, fb(3.0f)); /* pulled in with its line */
    for (unsigned y = 0; y < MC_COND_CACHE_LINES; y++)
        assert_true(mem[8 * y] == 0.0f); /* nothing in memory yet */
    const mc_cache *c = mc_cache_of(f->mc, MC_CACHE_COND);
    assert_int_equal(c->cap, MC_COND_CACHE_LINES);
    assert_int_equal(c->nlines, MC_COND_CACHE_LINES);
    assert_int_equal(c->n.misses, MC_COND_CACHE_LINES);
    assert_int_equal(c->n.hits, 2);
    assert_int_equal(c->n.evictions, 0);
    assert_int_equal(mc_cond_read(f->mc, 0, MC_COND_CACHE_LINES, &b, NULL), DPP_OK);
    assert_true(mem[0] == 7.0f); /* row 0's line evicted: its write-back is in memory */
    assert_true(mem[8] == 0.0f && mem[1] == 0.0f);
    assert_int_equal(c->n.evictions, 1);
    assert_int_equal(c->n.misses, MC_COND_CACHE_LINES + 1);
    mem[8 + 1] = 4.0f; /* around the cache: row 1's line still holds 3 */
    assert_int_equal(mc_cond_read(f->mc, 1, 1, &b, NULL), DPP_OK);
    assert_int_equal(b, fb(3.0f));
    assert_int_equal(mc_cache_lines_used(f->mc), 0); /* the output cache is another one */
    mc_flush(f->mc);
    assert_int_equal(c->nlines, 0);
    assert_int_equal(c->n.evictions, 1); /* a flush is not an eviction */
    for (unsigned y = 0; y < MC_COND_CACHE_LINES; y++)
        assert_true(mem[8 * y] == 7.0f);
    assert_true(mem[8 + 1] == 4.0f); /* an unwritten byte is not written back */
    assert_int_equal(mc_cond_read(f->mc, 1, 1, &b, NULL), DPP_OK);
    assert_int_equal(b, fb(4.0f));
}

/* The cache against a plain FIFO of MC_CACHE_LINES lines searched in full:
 * random single-byte-channel writes over a surface whose rows are 8 KiB apart
 * (many tags share an index bucket), with the memory compared after every
 * write (evictions show there) and after flushes. */
typedef struct ref_cache {
    uint64_t tag[MC_CACHE_LINES];
    uint32_t valid[MC_CACHE_LINES];
    uint8_t data[MC_CACHE_LINES][MC_LINE_BYTES];
    unsigned n, oldest;
} ref_cache;

static void ref_write(ref_cache *c, uint8_t *mem, uint64_t addr, uint8_t byte)
{
    uint64_t tag = addr / MC_LINE_BYTES;
    unsigned k = 0;
    while (k < c->n && c->tag[(c->oldest + k) % MC_CACHE_LINES] != tag)
        k++;
    unsigned slot = (c->oldest + k) % MC_CACHE_LINES;
    if (k == c->n) {
        if (c->n == MC_CACHE_LINES) {
            for (unsigned b = 0; b < MC_LINE_BYTES; b++)
                if (c->valid[c->oldest] >> b & 1)
                    mem[c->tag[c->oldest] * MC_LINE_BYTES + b] = c->data[c->oldest][b];
            c->oldest = (c->oldest + 1) % MC_CACHE_LINES;
            c->n--;
        }
        slot = (c->oldest + c->n++) % MC_CACHE_LINES;
        c->tag[slot] = tag;
        c->valid[slot] = 0;
    }
    c->data[slot][addr % MC_LINE_BYTES] = byte;
    c->valid[slot] |= 1u << (addr % MC_LINE_BYTES);
}

static void ref_flush(ref_cache *c, uint8_t *mem)
{
    for (unsigned k = 0; k < c->n; k++) {
        unsigned s = (c->oldest + k) % MC_CACHE_LINES;
        for (unsigned b = 0; b < MC_LINE_BYTES; b++)
            if (c->valid[s] >> b & 1)
                mem[c->tag[s] * MC_LINE_BYTES + b] = c->data[s][b];
    }
    c->n = c->oldest = 0;
}

static void test_cache_matches_fifo(void **state)
{
    fixture *f = *state;
    static uint8_t want[MEM_SIZE];
    static ref_cache ref;
    memset(&ref, 0, sizeof ref);
    memset(f->mem, 0, MEM_SIZE);
    memset(want, 0, MEM_SIZE);
    /* UINT8_4 elements, 2048 per row: rows are 8 KiB (256 lines) apart */
    mc_surface s = surf(0, 2048, 8, MC_TILE_LINEAR, MC_FMT_UINT8_4);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 0, &s, NULL), DPP_OK);
    uint64_t rng = 12345;
    for (unsigned k = 0; k < 20000; k++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        unsigned x = (unsigned)(rng >> 33) % 24, y = (unsigned)(rng >> 50) % 8, c = k % 4;
        if (rng >> 62 == 0) /* now and then a run of far-away columns */
            x = (unsigned)(rng >> 20) % 2048;
        uint8_t byte = (uint8_t)(k * 37 + 1);
        uint32_t v[4] = {0};
        v[c] = fb((float)byte / 255.0f);
        assert_int_equal(mc_write_output(f->mc, 0, x, y, v, 1u << c, NULL), DPP_OK);
        ref_write(&ref, want, (uint64_t)y * 8192 + x * 4 + c, byte);
        if (k % 61 == 0) { /* often: sparse caches, buckets of one line */
            mc_flush(f->mc);
            ref_flush(&ref, want);
        }
        if (memcmp(f->mem, want, MEM_SIZE))
            fail_msg("memory differs from the FIFO reference after write %u", k);
        assert_int_equal(mc_cache_lines_used(f->mc), ref.n);
    }
}

/* Discarded outputs are checked against their surface but never reach memory. */
static void test_discard_outputs(void **state)
{
    fixture *f = *state;
    memset(f->mem, 0, MEM_SIZE);
    mc_surface s = surf(0, 8, 4, MC_TILE_LINEAR, MC_FMT_FLOAT32_1);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_OUTPUT, 0, &s, NULL), DPP_OK);
    mc_set_discard_outputs(f->mc, 1);
    uint32_t v[4] = {fb(5.0f)};
    assert_int_equal(mc_write_output(f->mc, 0, 1, 1, v, 1, NULL), DPP_OK);
    dpp_error err;
    assert_int_equal(mc_write_output(f->mc, 0, 8, 0, v, 1, &err), DPP_E_FAULT); /* still checked */
    assert_int_equal(mc_cache_lines_used(f->mc), 0);
    mc_flush(f->mc);
    static const uint8_t zero[128];
    assert_memory_equal(f->mem, zero, sizeof zero);
    mc_set_discard_outputs(f->mc, 0);
    assert_int_equal(mc_write_output(f->mc, 0, 1, 1, v, 1, NULL), DPP_OK);
    mc_flush(f->mc);
    uint32_t w;
    memcpy(&w, f->mem + 36, 4);
    assert_int_equal(w, fb(5.0f));
}

static void test_constants_and_fetch(void **state)
{
    fixture *f = *state;
    uint8_t *m = f->mem;
    for (unsigned i = 0; i < 256; i++)
        m[0x800 + i] = (uint8_t)i;
    mc_surface cf = surf(0x800, 4, 1, MC_TILE_LINEAR, MC_FMT_FLOAT32_4);
    mc_surface ci = surf(0x800, 4, 1, MC_TILE_LINEAR, MC_FMT_FLOAT32_1);
    mc_surface raw = surf(0x800, 0, 1, MC_TILE_LINEAR, MC_FMT_FLOAT32_1);
    mc_surface cb = surf(0x1000, 4, 1, MC_TILE_LINEAR, MC_FMT_FLOAT32_1);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_CONSTF, 0, &cf, NULL), DPP_OK);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_CONSTI, 0, &ci, NULL), DPP_OK);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_CONSTB, 0, &cb, NULL), DPP_OK);
    assert_int_equal(mc_set_surface(f->mc, MC_CL_INST, 0, &raw, NULL), DPP_OK);
    /* bool constant c: channel 0 of element (c, 0) compared with 0 (a NaN is true, -0 false,
     * the smallest denormal true) */
    static const uint32_t bools[4] = {0x7FC00000u, 0x80000000u, 0x00000001u, 0};
    memcpy(m + 0x1000, bools, sizeof bools);
    uint32_t v[6];
    assert_int_equal(mc_const_float(f->mc, 1, v, NULL), DPP_OK);
    assert_int_equal(v[0], 0x13121110u);
    assert_int_equal(v[3], 0x1F1E1D1Cu);
    dpp_error err;
    assert_int_equal(mc_const_float(f->mc, 4, v, &err), DPP_E_FAULT); /* pitch 4 constants */
    assert_int_equal(mc_const_int(f->mc, 2, v, NULL), DPP_OK);
    assert_int_equal(v[0], 0x0B0A0908u);
    for (unsigned c = 0; c < 4; c++) {
        assert_int_equal(mc_const_bool(f->mc, c, v, NULL), DPP_OK);
        assert_int_equal(v[0], c == 0 || c == 2);
    }
    assert_int_equal(mc_fetch_inst(f->mc, 1, v, NULL), DPP_OK);
    assert_int_equal(v[0], 0x1B1A1918u);
    assert_int_equal(v[5], 0x2F2E2D2Cu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
        cmocka_unit_test(test_layout_offsets),
        cmocka_unit_test_setup_teardown(test_2x2, setup, teardown),
        cmocka_unit_test(test_conversions),
        cmocka_unit_test_setup_teardown(test_bounds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_out_mask, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_matches_fifo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cond_cache, setup, teardown),
        cmocka_unit_test_setup_teardown(test_discard_outputs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_constants_and_fetch, setup, teardown),
    };
    return cmocka_run_group_tests_name("mc", tests, NULL, NULL);
}
