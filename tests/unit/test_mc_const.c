/* Integer and boolean constants at (c, 0) of their surfaces [seed 000, p8 (2.1.1), p13, p23]:
 * "The index pair for each of the constants is (c, 0)"; set_consti_fmt and set_constb_fmt
 * "Set the base address offset pitch tiling and data format". A program on a model device
 * (the runtime API, as `dpp exec` runs it) reads i5 (a loop) and b5, b6 (two ifs) from
 * surfaces in every format, LINEAR and TILED, and writes what it saw; the MC's transactions
 * name each constant's element address and format. The rule (docs/mc.md):
 * int constant c is the first four bytes of element (c, 0) (two for UINT16_1) as a
 * little-endian word; bool constant c is channel 0 of element (c, 0), as the format
 * converts it, compared with 0. */
#include "cmocka_all.h"

#include "cmdbuf.h"
#include "fp_bits.h"
#include "mc.h"
#include "run_fixture.h"
#include "runtime.h"

#include <string.h>

#define MEM    (64 * 1024)
#define INST   0x0000u
#define CONSTF 0x0800u /* FLOAT32_4, c[k] = (1, k, 0, 0) */
#define CONSTI 0x1000u
#define CONSTB 0x1800u
#define OUT    0x2000u /* FLOAT32_4 output 0 */
#define CMDS   0x3000u
#define PITCH  8u    /* constants 0..7 */
#define JUNK   0xA5u /* bytes the rule does not read */

/* r = trips of loop i5, g = the sum of c[aL] over them (init, init + step, ...),
 * b = 1 if b5, a = 1 if b6. */
static const char program[] =
    "    alu rgb mad r1.rgb, #0, #0, #0 alpha mad r1.a, #0, #0, #0\n"
    "    loop i5\n"
    "        alu rgb mad r1.rg, s0.rgb, s1.rgb, s2.rgb src r1/r1, #1/#1, c[aL]/c[aL]\n"
    "    endloop\n"
    "    if b5\n"
    "        alu rgb mad r1.b, #1, #1, #0\n"
    "    endif\n"
    "    if b6\n"
    "        alu alpha mad r1.a, #1, #1, #0\n"
    "    endif\n"
    "    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ o0.a, s0.a, s1.a, s2.a "
    "src r1/r1, #1/#1, #0/#0\n";

static void put32(uint8_t *p, uint32_t v)
{
    for (int b = 0; b < 4; b++)
        p[b] = (uint8_t)(v >> (8 * b));
}

/* An int constant's word into an element: its first four bytes (two for UINT16_1), junk
 * after them. */
static void put_int(uint8_t *e, unsigned bpe, uint32_t w)
{
    memset(e, JUNK, bpe);
    memcpy(
        e,
        (const uint8_t[4]){(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)},
        bpe < 4 ? bpe : 4);
}

/* A boolean into an element: channel 0 as the format stores it; the other channels hold
 * nonzero junk (they are not read). false_like: a zero channel 0 that is not all-zero bytes
 * (-0.0 in a float, zero R with G, B, A set). */
static void put_bool(uint8_t *e, unsigned format, int value, int false_like)
{
    unsigned bpe = mc_format_bpe(format);
    memset(e, JUNK, bpe);
    switch (format) {
    case MC_FMT_UINT16_1:
        e[0] = 0, e[1] = value ? 0x80 : 0; /* 32768 or 0 */
        break;
    case MC_FMT_UINT8_4:
        e[0] = value ? 1 : 0; /* R = 1/255 */
        break;
    default:
        put32(e, value ? dpp_fp_bits(0.5f) : false_like ? 0x80000000u : 0);
        break;
    }
}

/* Per format and layout: where elements (5, 0) and (6, 0) lie, in elements from the base,
 * worked out by hand: LINEAR 5, 6; TILED with pitch 8 (model-defined 4 x 4 tiles, 2 tiles
 * a row) (5, 0) is element 1 of tile 1, 16 + 1, and (6, 0) is 16 + 2. */
static const struct {
    unsigned format, tiling, at5, at6;
    float trips, sum; /* i5 = (3, 4, 2): 3 trips, 4 + 6 + 8; UINT16_1 has no KB: 4 + 4 + 4 */
} cases[] = {
    {MC_FMT_UINT16_1, MC_TILE_LINEAR, 5, 6, 3, 12},
    {MC_FMT_UINT16_1, MC_TILE_TILED, 17, 18, 3, 12},
    {MC_FMT_UINT8_4, MC_TILE_LINEAR, 5, 6, 3, 18},
    {MC_FMT_UINT8_4, MC_TILE_TILED, 17, 18, 3, 18},
    {MC_FMT_FLOAT32_1, MC_TILE_LINEAR, 5, 6, 3, 18},
    {MC_FMT_FLOAT32_1, MC_TILE_TILED, 17, 18, 3, 18},
    {MC_FMT_FLOAT32_2, MC_TILE_LINEAR, 5, 6, 3, 18},
    {MC_FMT_FLOAT32_2, MC_TILE_TILED, 17, 18, 3, 18},
    {MC_FMT_FLOAT32_4, MC_TILE_LINEAR, 5, 6, 3, 18},
    {MC_FMT_FLOAT32_4, MC_TILE_TILED, 17, 18, 3, 18},
};

typedef struct seen {
    txn consti[32], constb[32]; /* by index */
    unsigned ni, nb;
} seen;

static void keep(void *user, const txn *t)
{
    seen *s = user;
    if (t->kind == TXN_MC_CONSTI && t->index >= 0 && t->index < 32)
        s->consti[t->index] = *t, s->ni++;
    if (t->kind == TXN_MC_CONSTB && t->index >= 0 && t->index < 32)
        s->constb[t->index] = *t, s->nb++;
}

/* Runs the program once over a 1 x 1 domain with both constant surfaces in format/tiling
 * (fill: every element before 5 and 6 are placed); the status, output 0 in out. */
static dpp_status run_case(const char *text, unsigned format, unsigned tiling, unsigned at5,
                           unsigned at6, float out[4], seen *s, dpp_error *err)
{
    dpp_exe *x = fixture_assemble(text);
    dpp_device_params p = dpp_device_default_params();
    p.mem_bytes = MEM;
    dpp_connection *c;
    assert_int_equal(dpp_am_open(&p, &c, err), DPP_OK);
    size_t size;
    uint8_t *mem = dpp_am_memory(c, &size);
    for (unsigned k = 0; k < x->ninsts * 6; k++)
        put32(mem + INST + 4 * k, x->words[k]);
    for (unsigned k = 0; k < 16; k++) {
        put32(mem + CONSTF + 16 * k, dpp_fp_bits(1.0f));
        put32(mem + CONSTF + 16 * k + 4, dpp_fp_bits((float)k));
    }
    unsigned bpe = mc_format_bpe(format);
    for (unsigned k = 0; k < 4 * PITCH; k++) {   /* every element a tiled surface spans */
        put_int(mem + CONSTI + k * bpe, bpe, 1); /* one trip from aL 0: c[0].g = 0 */
        put_bool(mem + CONSTB + k * bpe, format, 0, 0);
    }
    put_int(mem + CONSTI + at5 * bpe, bpe, 3 | 4 << 8 | 2 << 16);
    put_bool(mem + CONSTB + at5 * bpe, format, 1, 0);
    put_bool(mem + CONSTB + at6 * bpe, format, 0, 1);
    uint32_t fmt = mc_format_word(PITCH, tiling, format);
    cmdbuf cb = {0};
    cmdbuf_add(&cb, PE_SET_INST_FMT, (const uint32_t[]){INST, 0});
    cmdbuf_add(&cb, PE_SET_CONSTF_FMT,
               (const uint32_t[]){CONSTF, mc_format_word(16, MC_TILE_LINEAR, MC_FMT_FLOAT32_4)});
    cmdbuf_add(&cb, PE_SET_CONSTI_FMT, (const uint32_t[]){CONSTI, fmt});
    cmdbuf_add(&cb, PE_SET_CONSTB_FMT, (const uint32_t[]){CONSTB, fmt});
    cmdbuf_add(&cb, PE_SET_OUT_FMT,
               (const uint32_t[]){0, OUT, mc_format_word(4, MC_TILE_LINEAR, MC_FMT_FLOAT32_4), 1});
    cmdbuf_add(&cb, PE_SET_DOMAIN, (const uint32_t[]){0, 0, 0, 0});
    cmdbuf_add(&cb, PE_START_PROGRAM,
               (const uint32_t[]){x->ninsts | (x->info.fc_mode ? PE_START_FULL_FC : 0)});
    cmdbuf_add(&cb, PE_FLUSH_OUT_CACHE, (const uint32_t[]){0});
    assert_false(cb.failed);
    memcpy(mem + CMDS, cb.bytes, cb.size);
    if (s)
        mc_set_txn_sink(dpp_am_mc(c), keep, s);
    uint32_t ticket;
    int done = 0;
    dpp_status st = dpp_am_submit(c, CMDS, (uint32_t)cb.size, "cb", &ticket, err);
    if (!st)
        st = dpp_am_consumed(c, ticket, &done, err);
    for (int k = 0; k < 4; k++)
        memcpy(&out[k], mem + OUT + 4 * k, 4);
    cmdbuf_free(&cb);
    dpp_am_close(c);
    return st;
}

/* Each format and layout: the program sees i5 = (3, 4, 2) (KB 0 in UINT16_1's two bytes),
 * b5 set and b6 clear, read from elements (5, 0) and (6, 0) and nowhere else. */
static void test_constants_per_format(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        float o[4];
        dpp_error err;
        if (run_case(program, cases[k].format, cases[k].tiling, cases[k].at5, cases[k].at6, o, NULL,
                     &err))
            fail_msg("%s tiling %u: %s", mc_format_name(cases[k].format), cases[k].tiling, err.msg);
        if (o[0] != cases[k].trips || o[1] != cases[k].sum || o[2] != 1.0f || o[3] != 0.0f)
            fail_msg("%s tiling %u: trips %g sum %g b5 %g b6 %g, expected %g %g 1 0",
                     mc_format_name(cases[k].format), cases[k].tiling, (double)o[0], (double)o[1],
                     (double)o[2], (double)o[3], (double)cases[k].trips, (double)cases[k].sum);
    }
}

/* The MC's transactions: one CONSTI and one CONSTB per constant of the surface (its pitch,
 * 8 here), each with the element's address and the surface's format; CONSTI's value the
 * word, CONSTB's the boolean. */
static void test_constant_transactions(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        seen s = {0};
        float o[4];
        dpp_error err;
        assert_int_equal(run_case(program, cases[k].format, cases[k].tiling, cases[k].at5,
                                  cases[k].at6, o, &s, &err),
                         DPP_OK);
        unsigned bpe = mc_format_bpe(cases[k].format);
        uint32_t word = cases[k].format == MC_FMT_UINT16_1 ? 0x0403u : 0x020403u;
        assert_int_equal(s.ni, PITCH);
        assert_int_equal(s.nb, PITCH);
        assert_int_equal(s.consti[5].address, CONSTI + cases[k].at5 * bpe);
        assert_int_equal(s.consti[5].format, cases[k].format);
        assert_int_equal(s.consti[5].value[0], word);
        assert_int_equal(s.constb[5].address, CONSTB + cases[k].at5 * bpe);
        assert_int_equal(s.constb[5].format, cases[k].format);
        assert_int_equal(s.constb[5].value[0], 1);
        assert_int_equal(s.constb[6].address, CONSTB + cases[k].at6 * bpe);
        assert_int_equal(s.constb[6].value[0], 0);
    }
}

/* A constant past the surface's pitch (8) is a fault at the instruction that reads it,
 * naming the constant and the surface. */
static void test_constant_outside_surface(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
    } rows[] = {
        {"    loop i9\n    endloop\n", "integer constant i9 is outside the set_consti_fmt surface"},
        {"    if b8\n    endif\n", "boolean constant b8 is outside the set_constb_fmt surface"},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        float o[4];
        dpp_error err;
        assert_int_equal(
            run_case(rows[k].text, MC_FMT_FLOAT32_1, MC_TILE_LINEAR, 5, 6, o, NULL, &err),
            DPP_E_FAULT);
        if (!strstr(err.msg, rows[k].msg))
            fail_msg("expected \"%s\" in: %s", rows[k].msg, err.msg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constants_per_format),
        cmocka_unit_test(test_constant_transactions),
        cmocka_unit_test(test_constant_outside_surface),
    };
    return cmocka_run_group_tests_name("mc_const", tests, NULL, NULL);
}
