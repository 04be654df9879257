/* The MC's memory through ctm.h (ctm_mem_*, since 1.11), each result
 * compared with an expectation built here from the pure functions
 * (ctm_mc_address, ctm_mc_pack, ctm_mc_unpack) and the memory's words as
 * ctm_mem_read_word shows them: output writes stay in the cache until a flush
 * or a FIFO eviction puts exactly their packed bytes (channel mask AND output
 * mask) in memory; input reads of every format and tiling, the 2x2 quads
 * too, unpack the bytes written; conditional writes stay in the conditional
 * output cache until a flush [seed 000, p11] while reads see them; every
 * misuse is a specific error. */
#include "cmocka_all.h"

#include "ctm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEM   (16 * 1024)
#define PITCH 12 /* not a multiple of the 4 x 4 tiles' rows of 8 */
#define ROWS  6  /* the tiled layouts round it up to 8 */

static const int formats[] = {CTM_FMT_UINT16_1, CTM_FMT_UINT8_4, CTM_FMT_FLOAT32_1,
                              CTM_FMT_FLOAT32_2, CTM_FMT_FLOAT32_4};
static const int tilings[] = {CTM_TILE_LINEAR, CTM_TILE_TILED, CTM_TILE_LINEAR_2X2,
                              CTM_TILE_TILED_2X2};
#define N(a) (sizeof(a) / sizeof *(a))

/* Bit patterns that a format must carry through: NaNs, infinities, zeros,
 * denormals, the largest finite, values a UINT format clamps. */
static const uint32_t special[] = {0x7FC00000u, 0x7F800001u, 0xFFC00000u, 0x7F800000u,
                                   0xFF800000u, 0x00000000u, 0x80000000u, 0x00000001u,
                                   0x807FFFFFu, 0x7F7FFFFFu, 0x3F800000u, 0xBF800000u,
                                   0x477FFF00u, 0x47800000u, 0x3F000000u, 0xFFFFFFFFu};

/* The background every test starts from: no word of it is zero. */
static uint32_t background(uint32_t addr)
{
    return (addr * 2654435761u) ^ 0xA5C3E10Fu;
}

static ctm_mem *new_mem(void)
{
    ctm_mem *m = ctm_mem_new(MEM);
    assert_non_null(m);
    for (uint32_t a = 0; a < MEM; a += 4)
        assert_int_equal(ctm_mem_write_word(m, a, background(a)), CTM_OK);
    return m;
}

/* The whole memory as ctm_mem_read_word shows it. */
static void memory_of(const ctm_mem *m, uint8_t *bytes)
{
    for (uint32_t a = 0; a < MEM; a += 4) {
        uint32_t w = 0;
        assert_int_equal(ctm_mem_read_word(m, a, &w), CTM_OK);
        for (int k = 0; k < 4; k++)
            bytes[a + k] = (uint8_t)(w >> (8 * k));
    }
}

static void background_image(uint8_t *bytes)
{
    for (uint32_t a = 0; a < MEM; a += 4)
        for (int k = 0; k < 4; k++)
            bytes[a + k] = (uint8_t)(background(a) >> (8 * k));
}

static void assert_memory(const ctm_mem *m, const uint8_t *want, const char *what)
{
    static uint8_t got[MEM];
    memory_of(m, got);
    for (uint32_t a = 0; a < MEM; a++)
        if (got[a] != want[a])
            fail_msg("%s: byte 0x%x is 0x%02x, want 0x%02x", what, a, got[a], want[a]);
}

static uint64_t address(uint32_t base, int tiling, int format, int64_t x, int64_t y)
{
    uint64_t a = 0;
    assert_int_equal(ctm_mc_address(base, PITCH, ROWS, tiling, format, x, y, &a), CTM_OK);
    return a;
}

/* ------------------------------------------------------------ (a) the cache until a flush */

static void test_output_write_waits_for_the_flush(void **state)
{
    (void)state;
    static const uint32_t bases[2] = {0x1000, 0x2000};
    static const int chmasks[] = {15, 5, 2, 8};
    static const int out_masks[] = {15, 9, 6, 0};
    static uint8_t want[MEM];
    for (size_t f = 0; f < N(formats); f++)
        for (size_t t = 0; t < N(tilings); t++)
            for (int o = 0; o < 2; o++)
                for (size_t c = 0; c < N(chmasks); c++)
                    for (size_t k = 0; k < N(out_masks); k++) {
                        char what[160];
                        snprintf(what, sizeof what,
                                 "format %d tiling %d output %d chmask %d "
                                 "out mask %d",
                                 formats[f], tilings[t], o, chmasks[c], out_masks[k]);
                        ctm_mem *m = new_mem();
                        for (int i = 0; i < 2; i++)
                            assert_int_equal(ctm_mem_set_surface(m, CTM_PE_OUTPUT, i, bases[i],
                                                                 PITCH, ROWS, tilings[t],
                                                                 formats[f]),
                                             CTM_OK);
                        assert_int_equal(ctm_mem_set_out_mask(m, out_masks[k]), CTM_OK);
                        const int64_t x = 11 - (int64_t)c, y = 5 - (int64_t)k;
                        const uint32_t v[4] = {special[(f + c) % N(special)],
                                               special[(t + 3) % N(special)], 0x3E800000u,
                                               special[(k + 9 + (size_t)o) % N(special)]};
                        assert_int_equal(ctm_mem_write_output(m, o, x, y, v, chmasks[c]), CTM_OK);
                        uint8_t elem[16];
                        uint32_t bytes = 0;
                        assert_int_equal(
                            ctm_mc_pack(formats[f], v, chmasks[c] & out_masks[k], elem, &bytes),
                            CTM_OK);
                        background_image(want);
                        assert_int_equal(ctm_mem_cache_lines(m), bytes ? 1 : 0);
                        assert_memory(m, want, what); /* nothing in memory yet */
                        assert_int_equal(ctm_mem_flush(m), CTM_OK);
                        assert_int_equal(ctm_mem_cache_lines(m), 0);
                        uint64_t a = address(bases[o], tilings[t], formats[f], x, y);
                        for (int b = 0; b < 16; b++)
                            if (bytes >> b & 1)
                                want[a + (uint64_t)b] = elem[b];
                        assert_memory(m, want, what);
                        ctm_mem_free(m);
                    }
}

/* ------------------------------------------------------------ (b) FIFO replacement */

/* The test's own cache: the bytes written per 32-byte line, not yet in memory. */
static uint8_t pend[MEM], pend_on[MEM];

static void write_elem(ctm_mem *m, int64_t x, const uint32_t v[4])
{
    uint8_t elem[16];
    uint32_t bytes;
    assert_int_equal(ctm_mem_write_output(m, 0, x, 0, v, 15), CTM_OK);
    assert_int_equal(ctm_mc_pack(CTM_FMT_FLOAT32_4, v, 15, elem, &bytes), CTM_OK);
    uint64_t a = 0;
    assert_int_equal(ctm_mc_address(0x800, 132, 1, CTM_TILE_LINEAR, CTM_FMT_FLOAT32_4, x, 0, &a),
                     CTM_OK);
    for (int b = 0; b < 16; b++)
        if (bytes >> b & 1) {
            pend[a + (uint64_t)b] = elem[b];
            pend_on[a + (uint64_t)b] = 1;
        }
}

/* Line `line` (of the byte address) goes to memory in want. */
static void evict(uint8_t *want, uint32_t line)
{
    for (uint32_t a = line * 32; a < line * 32 + 32; a++)
        if (pend_on[a]) {
            want[a] = pend[a];
            pend_on[a] = 0;
        }
}

static void test_fifo_replacement(void **state)
{
    (void)state;
    static uint8_t want[MEM];
    memset(pend_on, 0, sizeof pend_on);
    background_image(want);
    ctm_mem *m = new_mem();
    /* FLOAT32_4: two elements a line, element 2k in line 0x800/32 + k */
    assert_int_equal(
        ctm_mem_set_surface(m, CTM_PE_OUTPUT, 0, 0x800, 132, 1, CTM_TILE_LINEAR, CTM_FMT_FLOAT32_4),
        CTM_OK);
    const uint32_t first = 0x800 / 32;
    for (int k = 0; k < 64; k++) {
        const uint32_t v[4] = {special[k % 16], (uint32_t)k, 0x3F800000u, special[(k + 5) % 16]};
        write_elem(m, 2 * k, v);
        assert_int_equal(ctm_mem_cache_lines(m), k + 1); /* each a miss: a new line */
    }
    const uint32_t hit[4] = {1, 2, 3, 4};
    write_elem(m, 3, hit); /* line 1 again: a hit, no new line */
    assert_int_equal(ctm_mem_cache_lines(m), 64);
    assert_memory(m, want, "64 lines held");
    const uint32_t v65[4] = {5, 6, 7, 8};
    write_elem(m, 128, v65); /* the 65th line: the oldest, line 0, goes */
    evict(want, first);
    assert_int_equal(ctm_mem_cache_lines(m), 64);
    assert_memory(m, want, "after the 65th line");
    write_elem(m, 1, hit); /* line 0 again: a miss; the oldest now is line 1, hit or not */
    evict(want, first + 1);
    assert_int_equal(ctm_mem_cache_lines(m), 64);
    assert_memory(m, want, "after line 0 came back");
    uint64_t hits = 9, misses = 9, evictions = 9;
    assert_int_equal(ctm_mem_cache_counts(m, &hits, &misses, &evictions), CTM_OK);
    assert_int_equal(hits, 1);      /* element 3 in line 1 */
    assert_int_equal(misses, 66);   /* 64 lines, the 65th, line 0 again */
    assert_int_equal(evictions, 2); /* line 0, then line 1 */
    assert_int_equal(ctm_mem_flush(m), CTM_OK);
    for (uint32_t l = first; l < first + 66; l++)
        evict(want, l);
    assert_int_equal(ctm_mem_cache_lines(m), 0);
    assert_memory(m, want, "after the flush");
    assert_int_equal(ctm_mem_cache_counts(m, &hits, &misses, &evictions), CTM_OK);
    assert_int_equal(evictions, 2); /* a flush evicts nothing */
    ctm_mem_free(m);
}

/* ------------------------------------------------------------ (c) input reads */

/* The element at a as the memory's words hold it. */
static void element_at(const ctm_mem *m, uint64_t a, int format, uint8_t elem[16])
{
    memset(elem, 0, 16);
    int n = ctm_mc_element_bytes(format);
    for (int b = 0; b < n; b++) {
        uint32_t w = 0;
        assert_int_equal(ctm_mem_read_word(m, (uint32_t)((a + (uint64_t)b) & ~3ull), &w), CTM_OK);
        elem[b] = (uint8_t)(w >> (8 * ((a + (uint64_t)b) % 4)));
    }
}

static void unpacked(const ctm_mem *m, int tiling, int format, int64_t x, int64_t y, uint32_t v[4])
{
    uint8_t elem[16];
    element_at(m, address(0x800, tiling, format, x, y), format, elem);
    assert_int_equal(ctm_mc_unpack(format, elem, v), CTM_OK);
}

static void test_input_reads_every_format_and_tiling(void **state)
{
    (void)state;
    static const int dx[4] = {1, 0, 1, 0}, dy[4] = {0, 1, 1, 0};
    for (size_t f = 0; f < N(formats); f++)
        for (size_t t = 0; t < N(tilings); t++) {
            ctm_mem *m = new_mem();
            for (uint32_t a = 0x800; a < 0x1000 + 0x800; a += 4)
                assert_int_equal(ctm_mem_write_word(m, a, special[(a / 4 + f) % N(special)]),
                                 CTM_OK);
            for (int i = 0; i < 16; i++)
                assert_int_equal(ctm_mem_set_surface(m, CTM_PE_INPUT, i, 0x800, PITCH, ROWS,
                                                     tilings[t], formats[f]),
                                 CTM_OK);
            int quad = tilings[t] == CTM_TILE_LINEAR_2X2 || tilings[t] == CTM_TILE_TILED_2X2;
            int one = formats[f] == CTM_FMT_UINT16_1 || formats[f] == CTM_FMT_FLOAT32_1;
            for (int64_t y = 0; y < ROWS; y++)
                for (int64_t x = 0; x < PITCH; x++) {
                    uint32_t got[4], want[4], t4[4];
                    int st = ctm_mem_read_input(m, (int)(x + y) % 16, x, y, got);
                    if (!quad) {
                        unpacked(m, tilings[t], formats[f], x, y, want);
                    } else if (!one) {
                        assert_int_equal(st, CTM_E_FAULT);
                        assert_non_null(strstr(ctm_error(), "2x2 mode needs a one-channel"));
                        continue;
                    } else if (x + 1 == PITCH || y + 1 == ROWS) {
                        assert_int_equal(st, CTM_E_FAULT); /* the quad leaves the surface */
                        assert_non_null(strstr(ctm_error(), "outside its 12 x 6 surface"));
                        continue;
                    } else {
                        for (int c = 0; c < 4; c++) {
                            unpacked(m, tilings[t], formats[f], x + dx[c], y + dy[c], t4);
                            want[c] = t4[0];
                        }
                    }
                    assert_int_equal(st, CTM_OK);
                    for (int c = 0; c < 4; c++)
                        if (got[c] != want[c])
                            fail_msg("format %d tiling %d (%lld, %lld) channel %d: 0x%08x, want "
                                     "0x%08x",
                                     formats[f], tilings[t], (long long)x, (long long)y, c, got[c],
                                     want[c]);
                }
            uint32_t v[4];
            assert_int_equal(ctm_mem_read_input(m, 0, PITCH, 0, v), CTM_E_FAULT);
            assert_int_equal(ctm_mem_read_input(m, 0, 0, -1, v), CTM_E_FAULT);
            ctm_mem_free(m);
        }
}

/* ------------------------------------------------------------ (d) the conditional buffer */

/* A write-back reaches memory at the flush, not before (8 elements, fewer
 * lines than the 16 the cache holds, so none is evicted); a read in between
 * sees it [seed 000, p11]. */
static void test_cond_write_waits_for_the_flush(void **state)
{
    (void)state;
    static uint8_t want[MEM], before[MEM];
    for (size_t f = 0; f < N(formats); f++)
        for (size_t t = 0; t < 2; t++) {
            ctm_mem *m = new_mem();
            background_image(want);
            background_image(before);
            assert_int_equal(
                ctm_mem_set_surface(m, CTM_PE_COND, 0, 0x800, PITCH, ROWS, tilings[t], formats[f]),
                CTM_OK);
            for (int64_t j = 0; j < ROWS; j += 5)
                for (int64_t i = 0; i < PITCH; i += 3) {
                    uint32_t v = special[(size_t)(i + j + (int64_t)f) % N(special)], got = 0;
                    uint32_t vals[4] = {v, 0, 0, 0}, bytes, back[4];
                    uint8_t elem[16], now[16];
                    assert_int_equal(ctm_mem_cond_write(m, i, j, v), CTM_OK);
                    assert_int_equal(ctm_mem_cache_lines(m), 0);
                    assert_int_equal(ctm_mc_pack(formats[f], vals, 1, elem, &bytes), CTM_OK);
                    uint64_t a = address(0x800, tilings[t], formats[f], i, j);
                    for (int b = 0; b < 16; b++)
                        if (bytes >> b & 1)
                            want[a + (uint64_t)b] = elem[b];
                    assert_memory(m, before, "after a cond write"); /* no flush */
                    memcpy(now, want + a, sizeof now);
                    assert_int_equal(ctm_mc_unpack(formats[f], now, back), CTM_OK);
                    assert_int_equal(ctm_mem_cond_read(m, i, j, &got), CTM_OK);
                    assert_int_equal(got, back[0]);
                    if (formats[f] == CTM_FMT_FLOAT32_1)
                        assert_int_equal(got, v); /* a float buffer keeps the bits */
                }
            assert_int_equal(ctm_mem_flush(m), CTM_OK);
            assert_memory(m, want, "after the flush");
            ctm_mem_free(m);
        }
}

/* ------------------------------------------------------------ (e) misuse */

#define ERR(call, status, text)                                                                    \
    do {                                                                                           \
        assert_int_equal((call), (status));                                                        \
        assert_string_equal(ctm_error(), (text));                                                  \
    } while (0)

static void test_errors(void **state)
{
    (void)state;
    uint32_t v[4] = {0}, w = 7;
    assert_null(ctm_mem_new(0));
    assert_string_equal(ctm_error(), "ctm_mem_new: mem_bytes = 0 is outside 1..1073741824");
    assert_null(ctm_mem_new((1u << 30) + 1));
    ctm_mem *m = ctm_mem_new(MEM);
    assert_non_null(m);
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0x801, PITCH, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: base = 0x801 is not a multiple of 2048 (2 KiB)");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0x400, PITCH, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: base = 0x400 is not a multiple of 2048 (2 KiB)");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0, 6, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: pitch = 6 is not a multiple of 4 in 0..8188");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0, 8192, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: pitch = 8192 is not a multiple of 4 in 0..8188");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0, PITCH, 8192, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: height = 8192 is outside 0..8191");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0, PITCH, ROWS, 4, 0), CTM_E_ARG,
        "ctm_mem_set_surface: tiling = 4 is outside 0..3");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 0, 0, PITCH, ROWS, 0, 5), CTM_E_ARG,
        "ctm_mem_set_surface: format = 5 is outside 0..4");
    ERR(ctm_mem_set_surface(m, 7, 0, 0, PITCH, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: client = 7 is outside 0..6");
    ERR(ctm_mem_set_surface(m, CTM_PE_INPUT, 16, 0, PITCH, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: index = 16 is outside 0..15");
    ERR(ctm_mem_set_surface(m, CTM_PE_OUTPUT, 4, 0, PITCH, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: index = 4 is outside 0..3");
    ERR(ctm_mem_set_surface(m, CTM_PE_COND, 1, 0, PITCH, ROWS, 0, 0), CTM_E_ARG,
        "ctm_mem_set_surface: index = 1 is outside 0..0");
    ERR(ctm_mem_set_surface(m, CTM_PE_OUTPUT, 1, 0x3800, PITCH, 20, 0, CTM_FMT_FLOAT32_4),
        CTM_E_ARG,
        "ctm_mem_set_surface: output surface at 0x3800 (3840 bytes) reaches past the "
        "16384-byte memory");
    ERR(ctm_mem_set_out_mask(m, 16), CTM_E_ARG, "ctm_mem_set_out_mask: mask = 16 is outside 0..15");
    ERR(ctm_mem_read_input(m, 3, 0, 0, v), CTM_E_FAULT,
        "ctm_mem_read_input: input 3 used before its surface was set");
    ERR(ctm_mem_read_input(m, 16, 0, 0, v), CTM_E_ARG,
        "ctm_mem_read_input: index = 16 is outside 0..15");
    ERR(ctm_mem_read_input(m, 0, 0, 0, NULL), CTM_E_ARG, "ctm_mem_read_input: value is NULL");
    assert_int_equal(ctm_mem_set_surface(m, CTM_PE_INPUT, 2, 0x800, PITCH, ROWS, 0, 0), CTM_OK);
    ERR(ctm_mem_read_input(m, 2, PITCH, 0, v), CTM_E_FAULT,
        "ctm_mem_read_input: input 2: access (12, 0) outside its 12 x 6 surface");
    ERR(ctm_mem_write_output(m, 0, 0, 0, v, 15), CTM_E_FAULT,
        "ctm_mem_write_output: output 0 used before its surface was set");
    ERR(ctm_mem_write_output(m, 4, 0, 0, v, 15), CTM_E_ARG,
        "ctm_mem_write_output: index = 4 is outside 0..3");
    ERR(ctm_mem_write_output(m, 0, 0, 0, v, 16), CTM_E_ARG,
        "ctm_mem_write_output: chmask = 16 is outside 0..15");
    ERR(ctm_mem_write_output(m, 0, 0, 0, NULL, 15), CTM_E_ARG,
        "ctm_mem_write_output: value is NULL");
    ERR(ctm_mem_cond_read(m, 0, 0, &w), CTM_E_FAULT,
        "ctm_mem_cond_read: conditional buffer 0 used before its surface was set");
    assert_int_equal(w, 0);
    ERR(ctm_mem_cond_write(m, 0, 0, 1), CTM_E_FAULT,
        "ctm_mem_cond_write: conditional buffer 0 used before its surface was set");
    ERR(ctm_mem_cond_read(m, 0, 0, NULL), CTM_E_ARG, "ctm_mem_cond_read: value is NULL");
    ERR(ctm_mem_read_word(m, 2, &w), CTM_E_ARG,
        "ctm_mem_read_word: addr = 0x2 is not a multiple of 4 with its word in the 16384-byte "
        "memory");
    ERR(ctm_mem_read_word(m, MEM, &w), CTM_E_ARG,
        "ctm_mem_read_word: addr = 0x4000 is not a multiple of 4 with its word in the "
        "16384-byte memory");
    ERR(ctm_mem_write_word(m, 0xFFFFFFFCu, 1), CTM_E_ARG,
        "ctm_mem_write_word: addr = 0xfffffffc is not a multiple of 4 with its word in the "
        "16384-byte memory");
    ERR(ctm_mem_read_word(m, 0, NULL), CTM_E_ARG, "ctm_mem_read_word: word is NULL");
    uint64_t n = 0;
    ERR(ctm_mem_cache_counts(m, &n, &n, NULL), CTM_E_ARG,
        "ctm_mem_cache_counts: evictions is NULL");
    assert_int_equal(ctm_mem_read_word(m, MEM - 4, &w), CTM_OK);
    ERR(ctm_mem_flush(NULL), CTM_E_ARG,
        "ctm_mem_flush: the ctm_mem handle is NULL (a failed ctm_mem_new returns NULL: ctm_error() "
        "says why)");
    ERR(ctm_mem_cache_lines(NULL), -CTM_E_ARG,
        "ctm_mem_cache_lines: the ctm_mem handle is NULL (a failed ctm_mem_new returns NULL: "
        "ctm_error() says why)");
    ERR(ctm_mem_read_word(NULL, 0, &w), CTM_E_ARG,
        "ctm_mem_read_word: the ctm_mem handle is NULL (a failed ctm_mem_new returns NULL: "
        "ctm_error() says why)");
    ctm_mem_free(m);
    ERR(ctm_mem_flush(m), CTM_E_ARG, "ctm_mem_flush: the ctm_mem handle was freed");
    ctm_mem_free(NULL);
}

/* The design's word at addr: memory's word with byte b (0..3) changed by delta. */
static uint32_t spoiled(const ctm_mem *m, uint32_t addr, int b, int delta)
{
    uint32_t w = 0;
    assert_int_equal(ctm_mem_read_word(m, addr, &w), CTM_OK);
    uint32_t byte = (w >> (8 * b) & 0xFFu) + (uint32_t)delta;
    return (w & ~(0xFFu << (8 * b))) | (byte & 0xFFu) << (8 * b);
}

/* The memory-image check (since 1.15): a design's words equal to memory's
 * pass; one byte off is named by surface, x, y, channel, format and both
 * values, decoded through the layout (a tiled output, a linear UINT16_1
 * input, the conditional buffer); a byte no surface holds says so. */
static void test_memory_image_check(void **state)
{
    (void)state;
    ctm_mem *m = new_mem();
    /* output 1: UINT8_4, tiled, pitch 16, at 0x800; input 3: UINT16_1 at 0x1800 */
    assert_int_equal(ctm_mem_set_surface(m, CTM_PE_OUTPUT, 1, 0x800, 16, 8, CTM_TILE_TILED,
                                         CTM_FMT_UINT8_4),
                     CTM_OK);
    assert_int_equal(ctm_mem_set_surface(m, CTM_PE_INPUT, 3, 0x1800, 8, 4, CTM_TILE_LINEAR,
                                         CTM_FMT_UINT16_1),
                     CTM_OK);
    assert_int_equal(ctm_mem_set_surface(m, CTM_PE_COND, 0, 0x2000, 4, 4, CTM_TILE_LINEAR,
                                         CTM_FMT_FLOAT32_1),
                     CTM_OK);
    const uint32_t v[4] = {0x3F800000u, 0x3F000000u, 0x3E800000u, 0x00000000u};
    assert_int_equal(ctm_mem_write_output(m, 1, 5, 1, v, 0xF), CTM_OK);
    assert_int_equal(ctm_mem_flush(m), CTM_OK);
    uint32_t words[MEM / 4];
    for (uint32_t a = 0; a < MEM; a += 4)
        assert_int_equal(ctm_mem_read_word(m, a, &words[a / 4]), CTM_OK);
    assert_int_equal(ctm_mem_check(m, 0, words, MEM / 4), CTM_OK);

    /* (5, 1) of a tiled pitch-16 surface: tile 1, element 4 + 1 = 5, bytes 0x800 + 84.. */
    uint64_t a = 0;
    assert_int_equal(ctm_mc_address(0x800, 16, 8, CTM_TILE_TILED, CTM_FMT_UINT8_4, 5, 1, &a),
                     CTM_OK);
    assert_int_equal(a, 0x800 + 4 * 21);
    uint32_t w = spoiled(m, (uint32_t)a, 1, -1); /* 0.5 stored as 0x80; the design's 0x7f */
    assert_int_equal(ctm_mem_check_word(m, (uint32_t)a, w), CTM_E_MISMATCH);
    assert_string_equal(ctm_error(), "ctm_mem_check_word: byte 0x855: channel 1 of output 1 "
                                     "(UINT8_4, tiled, pitch 16) at (5, 1): expected 0x80, "
                                     "actual 0x7f");
    words[a / 4] = w;
    assert_int_equal(ctm_mem_check(m, 0, words, MEM / 4), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_error(), "channel 1 of output 1"));

    /* UINT16_1 input 3, element (3, 1) at 0x1800 + 2 * 11: the high byte of a channel */
    w = spoiled(m, 0x1814, 3, 1);
    assert_int_equal(ctm_mem_check_word(m, 0x1814, w), CTM_E_MISMATCH);
    uint32_t was = 0;
    assert_int_equal(ctm_mem_read_word(m, 0x1814, &was), CTM_OK);
    char want[160];
    snprintf(want, sizeof want,
             "ctm_mem_check_word: byte 0x1817: channel 0 of input 3 (UINT16_1, linear, pitch 8) "
             "at (3, 1): expected 0x%04x, actual 0x%04x",
             was >> 16, w >> 16);
    assert_string_equal(ctm_error(), want);

    /* the conditional buffer, and a byte of no surface */
    assert_int_equal(ctm_mem_check_word(m, 0x2014, spoiled(m, 0x2014, 0, 1)), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_error(), "channel 0 of the conditional buffer (FLOAT32_1, linear, "
                                        "pitch 4) at (1, 1)"));
    assert_int_equal(ctm_mem_check_word(m, 0x10, spoiled(m, 0x10, 2, 1)), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_error(), "byte 0x12 (no surface holds it)"));

    /* misuse */
    assert_int_equal(ctm_mem_check_word(m, 2, 0), CTM_E_ARG);
    assert_int_equal(ctm_mem_check_word(m, MEM, 0), CTM_E_ARG);
    assert_int_equal(ctm_mem_check(m, 0, NULL, 1), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_mem_check: words is NULL"));
    assert_int_equal(ctm_mem_check(m, MEM - 4, words, 2), CTM_E_ARG);
    assert_int_equal(ctm_mem_check_word(NULL, 0, 0), CTM_E_ARG);
    ctm_mem_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_write_waits_for_the_flush),
        cmocka_unit_test(test_fifo_replacement),
        cmocka_unit_test(test_input_reads_every_format_and_tiling),
        cmocka_unit_test(test_cond_write_waits_for_the_flush),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_memory_image_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
