/* pe: malformed command buffers (each with its byte offset), the domain walk
 * and wavefront packing, conditional execution at the PE, the performance
 * counters, the output-cache flush and fault propagation. */
#include "cmocka_all.h"

#include "cmdbuf.h"
#include "pe.h"

#include <stdlib.h>
#include <string.h>

#define MEM_SIZE      (64 * 1024)
#define H(op, n)      (0xC0000000u | (uint32_t)((n)-1) << 16 | (uint32_t)(op) << 8)
#define FMT_F1(pitch) ((uint32_t)(pitch) | (uint32_t)MC_FMT_FLOAT32_1 << 24)

/* The processor array double: records every wavefront it is given. */
typedef struct recorder {
    unsigned begins, waves;
    pe_wave last[16];
    pe_program prog;
    uint64_t clocks_per_wave;
    mc_model *mc;
    int write_output; /* each wave writes 7.0 to output 0 at its first lane's pair */
    int fail_wave;    /* wave number that faults, or -1 */
    pe_model *pe;
    pe_activity seen[16]; /* the PE's handshake counts as each wave() began */
    uint32_t input;       /* input 0 at the last wave's first pair, if read_input */
    int read_input;
} recorder;

static dpp_status rec_begin(void *user, const pe_program *prog, dpp_error *err)
{
    (void)err;
    recorder *r = user;
    r->begins++;
    r->prog = *prog;
    return DPP_OK;
}

static dpp_status rec_wave(void *user, const pe_program *prog, const pe_wave *w, uint64_t *clocks,
                           dpp_error *err)
{
    (void)prog;
    recorder *r = user;
    if ((int)r->waves == r->fail_wave)
        return dpp_error_set(err, DPP_E_FAULT, "wave %u lane 3: loop stack overflow", r->waves);
    if (r->waves < 16) {
        r->last[r->waves] = *w;
        pe_activity_of(r->pe, &r->seen[r->waves]);
    }
    r->waves++;
    if (r->read_input) {
        uint32_t v[4];
        dpp_status st = mc_read_input(r->mc, 0, w->i[0], w->j[0], v, err);
        if (st)
            return st;
        r->input = v[0];
    }
    *clocks = r->clocks_per_wave;
    if (r->write_output) {
        uint32_t v[4] = {0x40E00000u}; /* 7.0f */
        return mc_write_output(r->mc, 0, w->i[0], w->j[0], v, 1, err);
    }
    return DPP_OK;
}

typedef struct fixture {
    uint8_t *mem;
    mc_model *mc;
    pe_model *pe;
    recorder rec;
} fixture;

/* end(): an array that keeps every wavefront in flight until the last one. */
static dpp_status rec_end(void *user, uint64_t *clocks, dpp_error *err)
{
    (void)user, (void)err;
    *clocks = 0;
    return DPP_OK;
}

static fixture *make_array(unsigned lanes, int in_flight)
{
    fixture *f = calloc(1, sizeof *f);
    f->mem = calloc(1, MEM_SIZE);
    assert_int_equal(mc_create(f->mem, MEM_SIZE, &f->mc, NULL), DPP_OK);
    f->rec.mc = f->mc;
    f->rec.fail_wave = -1;
    pe_array_ops ops = {rec_begin, rec_wave, in_flight ? rec_end : NULL, &f->rec};
    assert_int_equal(pe_create(f->mc, lanes, &ops, &f->pe, NULL), DPP_OK);
    f->rec.pe = f->pe;
    return f;
}

static fixture *make(unsigned lanes)
{
    return make_array(lanes, 0);
}

static void drop(fixture *f)
{
    pe_destroy(f->pe);
    mc_destroy(f->mc);
    free(f->mem);
    free(f);
}

static dpp_status run_words(fixture *f, const uint32_t *w, size_t n, size_t extra_bytes,
                            dpp_error *err)
{
    uint8_t buf[256];
    assert_true(n * 4 + extra_bytes <= sizeof buf);
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 4; b++)
            buf[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
    memset(buf + 4 * n, 0xC0, extra_bytes);
    return pe_execute(f->pe, buf, n * 4 + extra_bytes, "cb", err);
}

#define SETUP H(PE_SET_DOMAIN, 4), 0, 0, 3, 3, H(PE_SET_INST_FMT, 2), 0x800, 0

typedef struct bad_case {
    const char *name;
    uint32_t w[24];
    size_t n, extra;  /* words, then extra trailing bytes */
    const char *want; /* the exact "byte N: error: ..." prefix expected */
} bad_case;

static const bad_case bad[] = {
    {"truncated header", {H(PE_SET_COND_TEST, 1), 0}, 2, 2, "cb: byte 8: error: truncated header"},
    {"type 0 packet", {0x00000000u}, 1, 0, "cb: byte 0: error: packet type 0"},
    {"type 2 packet",
     {H(PE_SET_COND_LOC, 1), 1, 0x80001B00u, 0},
     4,
     0,
     "cb: byte 8: error: packet type 2"},
    {"reserved header bits", {0xC0001B01u, 0}, 2, 0, "cb: byte 0: error: reserved header bits"},
    {"unknown opcode",
     {H(PE_SET_COND_TEST, 1), 3, H(0x42, 1), 0},
     4,
     0,
     "cb: byte 8: error: unknown opcode 0x42"},
    {"opcode 0", {H(0, 1), 0}, 2, 0, "cb: byte 0: error: unknown opcode 0x00"},
    {"too many parameters",
     {H(PE_SET_COND_TEST, 2), 0, 0},
     3,
     0,
     "cb: byte 0: error: set_cond_test takes 1 parameter, header says 2"},
    {"too few parameters",
     {H(PE_SET_DOMAIN, 1), 0},
     2,
     0,
     "cb: byte 0: error: set_domain takes 4 parameters, header says 1"},
    {"truncated parameters",
     {H(PE_SET_DOMAIN, 4), 0, 0},
     3,
     0,
     "cb: byte 0: error: truncated set_domain"},
    {"truncated second command",
     {H(PE_SET_OUT_MASK, 1), 1, H(PE_SET_INP_FMT, 4), 0},
     4,
     0,
     "cb: byte 8: error: truncated set_inp_fmt"},
    {"cond test reserved bits",
     {H(PE_SET_COND_TEST, 1), 8},
     2,
     0,
     "cb: byte 4: error: set_cond_test parameter 0: reserved bits"},
    {"input index 16",
     {H(PE_SET_INP_FMT, 4), 16, 0, FMT_F1(4), 1},
     5,
     0,
     "cb: byte 4: error: set_inp_fmt parameter 0: reserved bits"},
    {"output index 4",
     {H(PE_SET_OUT_FMT, 4), 4, 0, FMT_F1(4), 1},
     5,
     0,
     "cb: byte 4: error: set_out_fmt parameter 0: reserved bits"},
    {"pitch low bits",
     {H(PE_SET_OUT_FMT, 4), 1, 0, FMT_F1(4) | 2, 1},
     5,
     0,
     "cb: byte 12: error: set_out_fmt parameter 2: reserved bits"},
    {"height 13 bits",
     {H(PE_SET_COND_OUT_FMT, 3), 0, FMT_F1(4), 0x2000},
     4,
     0,
     "cb: byte 12: error: set_cond_out_fmt parameter 2: reserved bits"},
    {"domain coordinate 4096",
     {H(PE_SET_DOMAIN, 4), 0, 0, 4096, 1},
     5,
     0,
     "cb: byte 12: error: set_domain parameter 2: reserved bits"},
    {"wait_for_idle parameter",
     {H(PE_WAIT_FOR_IDLE, 1), 1},
     2,
     0,
     "cb: byte 4: error: wait_for_idle parameter 0: reserved bits"},
    {"start_program reserved bit",
     {H(PE_START_PROGRAM, 1), 1u << 20 | 5},
     2,
     0,
     "cb: byte 4: error: start_program parameter 0: reserved bits"},
    {"reserved format",
     {H(PE_SET_OUT_MASK, 1), 1, H(PE_SET_INP_FMT, 4), 0, 0, 5u << 24, 1},
     7,
     0,
     "cb: byte 8: error: set_inp_fmt: reserved data format 5"},
    {"empty domain",
     {H(PE_SET_DOMAIN, 4), 5, 0, 4, 9},
     5,
     0,
     "cb: byte 0: error: set_domain: empty domain"},
    {"zero instructions",
     {SETUP, H(PE_START_PROGRAM, 1), 0},
     10,
     0,
     "cb: byte 32: error: start_program: instruction count 0"},
    {"too many instructions",
     {SETUP, H(PE_START_PROGRAM, 1), 513},
     10,
     0,
     "cb: byte 32: error: start_program: instruction count 513"},
    {"no domain",
     {H(PE_SET_INST_FMT, 2), 0x800, 0, H(PE_START_PROGRAM, 1), 4},
     5,
     0,
     "cb: byte 12: error: start_program: no domain: set_domain has not been issued"},
    {"no program",
     {H(PE_SET_DOMAIN, 4), 0, 0, 1, 1, H(PE_START_PROGRAM, 1), 4},
     7,
     0,
     "cb: byte 20: error: start_program: no program: set_inst_fmt has not been issued"},
    {"surface past memory",
     {H(PE_SET_OUT_FMT, 4), 2, 0xF800, 64 | (uint32_t)MC_FMT_FLOAT32_4 << 24, 64},
     5,
     0,
     "cb: byte 0: error: set_out_fmt: output surface at 0xf800"},
    {"perf counters past memory",
     {H(PE_INIT_PERF_COUNTERS, 1), 1, H(PE_READ_PERF_COUNTERS, 1), 0xFFFFF800u},
     4,
     0,
     "cb: byte 8: error: read_perf_counters: write at 0xfffff800 outside device memory"},
};

static void test_malformed(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fixture *f = make(4);
        dpp_error err = {0};
        dpp_status st = run_words(f, bad[i].w, bad[i].n, bad[i].extra, &err);
        if (st == DPP_OK || strncmp(err.msg, bad[i].want, strlen(bad[i].want)))
            fail_msg("%s: status %s, message \"%s\", want prefix \"%s\"", bad[i].name,
                     dpp_status_name(st), err.msg, bad[i].want);
        assert_int_equal(f->rec.waves, 0);
        drop(f);
    }
}

/* Framing is checked before anything runs: a bad tail stops the program from starting. */
static void test_checked_before_running(void **state)
{
    (void)state;
    fixture *f = make(4);
    const uint32_t w[] = {SETUP, H(PE_START_PROGRAM, 1), 4, H(0x77, 1), 0};
    dpp_error err;
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, &err), DPP_E_FORMAT);
    assert_int_equal(f->rec.begins, 0);
    assert_int_equal(f->rec.waves, 0);
    drop(f);
}

/* A 5 x 3 domain in 4-lane wavefronts: raster order, i fastest, last wave partial. */
static void test_domain_walk(void **state)
{
    (void)state;
    fixture *f = make(4);
    f->rec.clocks_per_wave = 10;
    const uint32_t w[] = {H(PE_SET_DOMAIN, 4),
                          2,
                          1,
                          6,
                          3,
                          H(PE_SET_INST_FMT, 2),
                          0x800,
                          0,
                          H(PE_SET_COND_VAL, 1),
                          0x3F800000u,
                          H(PE_START_PROGRAM, 1),
                          7 | PE_START_FULL_FC | PE_START_FG_DEPTH_SRC};
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.begins, 1);
    assert_int_equal(f->rec.prog.ninsts, 7);
    assert_int_equal(f->rec.prog.full_fc, 1);
    assert_int_equal(f->rec.prog.fg_depth_src, 1);
    assert_int_equal(f->rec.prog.cond_val, 0x3F800000u);
    assert_int_equal(f->rec.waves, 4);
    for (unsigned k = 0; k < 15; k++) {
        const pe_wave *wv = &f->rec.last[k / 4];
        assert_int_equal(wv->i[k % 4], 2 + k % 5);
        assert_int_equal(wv->j[k % 4], 1 + k / 5);
    }
    assert_int_equal(f->rec.last[0].live, 0xF);
    assert_int_equal(f->rec.last[3].live, 0x7);
    drop(f);
    /* The same domain in one 64-lane wavefront. */
    f = make(64);
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.waves, 1);
    assert_int_equal(f->rec.last[0].live, 0x7FFF);
    drop(f);
}

/* Conditional execution at the PE: v = 5 LESS b; pairs failing are off; write-back. */
static void test_cond_exec(void **state)
{
    (void)state;
    fixture *f = make(8);
    float b[8] = {1, 9, 5, 6, 0, 7, 2, 8};
    memcpy(f->mem + 0x1000, b, sizeof b);
    const uint32_t w[] = {
        H(PE_SET_DOMAIN, 4),
        0,
        0,
        7,
        0,
        H(PE_SET_INST_FMT, 2),
        0x800,
        0,
        H(PE_SET_COND_OUT_FMT, 3),
        0x1000,
        FMT_F1(8),
        1,
        H(PE_SET_COND_TEST, 1),
        CO_LESS,
        H(PE_SET_COND_LOC, 1),
        CO_LOC_PE,
        H(PE_SET_COND_OUT_MASK, 1),
        1,
        H(PE_SET_COND_VAL, 1),
        0x40A00000u /* 5.0 */,
        H(PE_START_PROGRAM, 1),
        1,
    };
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.waves, 1);
    assert_int_equal(f->rec.last[0].live, 0xAA); /* b = 9, 6, 7, 8 */
    assert_int_equal(pe_co(f->pe)->test, CO_LESS);
    /* The write-backs wait in the conditional output cache [seed 000, p11]: its one line
     * missed once, then 7 reads and 4 writes hit. A program reading the buffer as input 0 at
     * (1, 0) sees memory's 9 until flush_out_cache, then the 5 written back. */
    assert_memory_equal(f->mem + 0x1000, b, sizeof b);
    const mc_cache *c = mc_cache_of(f->mc, MC_CACHE_COND);
    assert_int_equal(c->n.misses, 1);
    assert_int_equal(c->n.hits, 11);
    assert_int_equal(c->nlines, 1);
    f->rec.read_input = 1;
    const uint32_t again[] = {H(PE_SET_COND_LOC, 1),
                              CO_LOC_DPP,
                              H(PE_SET_DOMAIN, 4),
                              1,
                              0,
                              1,
                              0,
                              H(PE_SET_INP_FMT, 4),
                              0,
                              0x1000,
                              FMT_F1(8),
                              1,
                              H(PE_START_PROGRAM, 1),
                              1};
    assert_int_equal(run_words(f, again, sizeof again / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.input, 0x41100000u); /* 9.0f */
    const uint32_t flushed[] = {H(PE_FLUSH_OUT_CACHE, 1), 0, H(PE_START_PROGRAM, 1), 1};
    assert_int_equal(run_words(f, flushed, sizeof flushed / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.input, 0x40A00000u); /* 5.0f */
    const float want[8] = {1, 5, 5, 5, 0, 5, 2, 5};
    assert_memory_equal(f->mem + 0x1000, want, sizeof want);
    assert_int_equal(c->nlines, 0);
    drop(f);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Counters: one clock per command read while running, plus each wave's busy clocks. */
static void test_perf_counters(void **state)
{
    (void)state;
    fixture *f = make(4);
    f->rec.clocks_per_wave = 10;
    const uint32_t w[] = {H(PE_INIT_PERF_COUNTERS, 1),
                          1,
                          H(PE_START_PERF_COUNTERS, 1),
                          0,
                          SETUP,
                          H(PE_START_PROGRAM, 1),
                          3,
                          H(PE_STOP_PERF_COUNTERS, 1),
                          0,
                          H(PE_READ_PERF_COUNTERS, 1),
                          0x2000 | 0x7FF};
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(rd32(f->mem + 0x2000), 44); /* 4 commands + 4 waves x 10 */
    assert_int_equal(rd32(f->mem + 0x2004), 40);
    drop(f);
    /* Disabled counters: read writes nothing. */
    f = make(4);
    const uint32_t w2[] = {H(PE_START_PERF_COUNTERS, 1), 0, H(PE_READ_PERF_COUNTERS, 1), 0x2000};
    memset(f->mem + 0x2000, 0xAB, 8);
    assert_int_equal(run_words(f, w2, sizeof w2 / 4, 0, NULL), DPP_OK);
    assert_int_equal(rd32(f->mem + 0x2000), 0xABABABABu);
    drop(f);
}

/* Output writes stay in the cache until flush_out_cache. */
static void test_flush(void **state)
{
    (void)state;
    fixture *f = make(4);
    f->rec.write_output = 1;
    const uint32_t w[] = {SETUP, H(PE_SET_OUT_FMT, 4),   0, 0x1000, FMT_F1(4),
                          4,     H(PE_START_PROGRAM, 1), 1};
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(rd32(f->mem + 0x1000), 0);
    const uint32_t fl[] = {H(PE_FLUSH_OUT_CACHE, 1), 0};
    assert_int_equal(run_words(f, fl, 2, 0, NULL), DPP_OK);
    assert_int_equal(rd32(f->mem + 0x1000), 0x40E00000u);
    drop(f);
}

/* A program fault ends the buffer with the start_program's byte offset. */
static void test_fault_propagates(void **state)
{
    (void)state;
    fixture *f = make(4);
    f->rec.fail_wave = 2;
    const uint32_t w[] = {SETUP, H(PE_START_PROGRAM, 1), 1, H(PE_SET_COND_TEST, 1), 1};
    dpp_error err;
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, &err), DPP_E_FAULT);
    assert_string_equal(err.msg,
                        "cb: byte 32: error: start_program: wave 2 lane 3: loop stack overflow");
    assert_int_equal(pe_co(f->pe)->test, CO_ALWAYS); /* the set_cond_test after it never ran */
    drop(f);
}

/* Each set_*_fmt command, observed in the MC's surface after it runs: base (bits 10:0
 * dropped), pitch, height (1 for instructions and constants) and format. */
#define FMT(pitch, f) ((uint32_t)(pitch) | (uint32_t)(f) << 24)
static const struct {
    const char *name;
    uint32_t w[5];
    mc_client client;
    unsigned idx;
    uint32_t base, pitch, height;
    uint8_t format;
} surface_cmds[] = {
    {"set_inst_fmt",
     {H(PE_SET_INST_FMT, 2), 0x800 | 0x7FF, FMT(4, MC_FMT_FLOAT32_4)},
     MC_CL_INST,
     0,
     0x800,
     4,
     1,
     MC_FMT_FLOAT32_4},
    {"set_constf_fmt",
     {H(PE_SET_CONSTF_FMT, 2), 0x1800, FMT(256, MC_FMT_FLOAT32_4)},
     MC_CL_CONSTF,
     0,
     0x1800,
     256,
     1,
     MC_FMT_FLOAT32_4},
    {"set_consti_fmt",
     {H(PE_SET_CONSTI_FMT, 2), 0x2000, FMT(32, MC_FMT_FLOAT32_1)},
     MC_CL_CONSTI,
     0,
     0x2000,
     32,
     1,
     MC_FMT_FLOAT32_1},
    {"set_constb_fmt",
     {H(PE_SET_CONSTB_FMT, 2), 0x2800, FMT(4, MC_FMT_FLOAT32_1)},
     MC_CL_CONSTB,
     0,
     0x2800,
     4,
     1,
     MC_FMT_FLOAT32_1},
    {"set_inp_fmt",
     {H(PE_SET_INP_FMT, 4), 15, 0x3000, FMT(8, MC_FMT_UINT8_4), 5},
     MC_CL_INPUT,
     15,
     0x3000,
     8,
     5,
     MC_FMT_UINT8_4},
    {"set_out_fmt",
     {H(PE_SET_OUT_FMT, 4), 3, 0x3800, FMT(4, MC_FMT_FLOAT32_2), 2},
     MC_CL_OUTPUT,
     3,
     0x3800,
     4,
     2,
     MC_FMT_FLOAT32_2},
    {"set_cond_out_fmt",
     {H(PE_SET_COND_OUT_FMT, 3), 0x4000, FMT(8, MC_FMT_FLOAT32_1), 3},
     MC_CL_COND,
     0,
     0x4000,
     8,
     3,
     MC_FMT_FLOAT32_1},
};

static void test_surface_commands(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof surface_cmds / sizeof surface_cmds[0]; k++) {
        fixture *f = make(4);
        size_t n = 1 + pe_cmd_by_opcode(surface_cmds[k].w[0] >> 8 & 0xFF)->nparams;
        assert_false(mc_get_surface(f->mc, surface_cmds[k].client, surface_cmds[k].idx)->valid);
        assert_int_equal(run_words(f, surface_cmds[k].w, n, 0, NULL), DPP_OK);
        const mc_surface *m = mc_get_surface(f->mc, surface_cmds[k].client, surface_cmds[k].idx);
        if (!m->valid || m->base != surface_cmds[k].base || m->pitch != surface_cmds[k].pitch ||
            m->height != surface_cmds[k].height || m->format != surface_cmds[k].format)
            fail_msg("%s: valid %u base 0x%x pitch %u height %u format %u", surface_cmds[k].name,
                     m->valid, m->base, m->pitch, m->height, m->format);
        drop(f);
    }
}

/* The CO commands, observed in the PE's CO state after they run (reset: ALWAYS, at the DPP,
 * no write-back). */
static void test_co_commands(void **state)
{
    (void)state;
    fixture *f = make(4);
    const uint32_t w[] = {H(PE_SET_COND_TEST, 1),     CO_GREATER, H(PE_SET_COND_LOC, 1), CO_LOC_PE,
                          H(PE_SET_COND_OUT_MASK, 1), 1};
    const co_state *co = pe_co(f->pe);
    assert_int_equal(co->test, CO_ALWAYS);
    assert_int_equal(co->loc, CO_LOC_DPP);
    assert_int_equal(co->writemask, 0);
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(co->test, CO_GREATER);
    assert_int_equal(co->loc, CO_LOC_PE);
    assert_int_equal(co->writemask, 1);
    drop(f);
}

/* set_out_mask: channels 1 and 3 masked off (0x5) are not written to memory. */
static void test_out_mask(void **state)
{
    (void)state;
    fixture *f = make(4);
    const uint32_t w[] = {H(PE_SET_OUT_FMT, 4),  0,  0x1000, FMT(4, MC_FMT_FLOAT32_4), 1,
                          H(PE_SET_OUT_MASK, 1), 0x5};
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    const uint32_t v[4] = {0x3F800000u, 0x40000000u, 0x40400000u, 0x40800000u}; /* 1, 2, 3, 4 */
    assert_int_equal(mc_write_output(f->mc, 0, 0, 0, v, 0xF, NULL), DPP_OK);
    mc_flush(f->mc);
    assert_int_equal(rd32(f->mem + 0x1000), 0x3F800000u);
    assert_int_equal(rd32(f->mem + 0x1004), 0); /* masked */
    assert_int_equal(rd32(f->mem + 0x1008), 0x40400000u);
    assert_int_equal(rd32(f->mem + 0x100C), 0); /* masked */
    drop(f);
}

/* invalidate_inp_cache (model-defined: there is no input cache, every input read goes to
 * memory): after a program's outputs are flushed into an input surface, the next
 * program reads them. Run 1 reads input 0 at (0, 0) = 0.0 and writes 7.0 there through
 * output 0 (the same memory); flush, invalidate; run 2 reads 7.0. */
static void test_input_after_invalidate(void **state)
{
    (void)state;
    fixture *f = make(4);
    f->rec.write_output = f->rec.read_input = 1;
    const uint32_t w[] = {H(PE_SET_DOMAIN, 4),
                          0,
                          0,
                          0,
                          0,
                          H(PE_SET_INST_FMT, 2),
                          0x800,
                          0,
                          H(PE_SET_INP_FMT, 4),
                          0,
                          0x1000,
                          FMT_F1(4),
                          1,
                          H(PE_SET_OUT_FMT, 4),
                          0,
                          0x1000,
                          FMT_F1(4),
                          1,
                          H(PE_START_PROGRAM, 1),
                          1};
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.input, 0);
    const uint32_t again[] = {H(PE_FLUSH_OUT_CACHE, 1), 0, H(PE_INVALIDATE_INP_CACHE, 1), 0,
                              H(PE_START_PROGRAM, 1),   1};
    assert_int_equal(run_words(f, again, sizeof again / 4, 0, NULL), DPP_OK);
    assert_int_equal(f->rec.input, 0x40E00000u); /* 7.0f */
    drop(f);
}

/* Seed 000 p8, 2.1.2: "Under normal operation, the PE consumes commands as fast as it can
 * process them or pass them along", unless a wait_for_idle stops it. A command that changes
 * what a running program reads, after its start_program with no wait_for_idle between, races
 * the program; the model runs the program to its end first and counts the race. The buffer
 * (byte offsets): set_domain 0, set_inst_fmt 20, set_out_mask 32 (no program yet: no race),
 * start_program 40, set_cond_val 48 (the PE's own value, handed out with the pairs: no race),
 * set_out_mask 56 (race 1), wait_for_idle 64, set_out_mask 72 (waited: no race),
 * start_program 80, flush_out_cache 88 (race 2). The first race is at 56, of the
 * start_program at 40. */
static void test_commands_race_a_running_program(void **state)
{
    (void)state;
    const uint32_t w[] = {H(PE_SET_DOMAIN, 4),     0, 0, 3, 0, H(PE_SET_INST_FMT, 2), 0x800, 0,
                          H(PE_SET_OUT_MASK, 1),   0xF, H(PE_START_PROGRAM, 1), 1,
                          H(PE_SET_COND_VAL, 1),   0, H(PE_SET_OUT_MASK, 1), 0x3,
                          H(PE_WAIT_FOR_IDLE, 1),  0, H(PE_SET_OUT_MASK, 1), 0xF,
                          H(PE_START_PROGRAM, 1),  1, H(PE_FLUSH_OUT_CACHE, 1), 0};
    fixture *f = make(4);
    assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
    pe_activity a;
    pe_activity_of(f->pe, &a);
    assert_int_equal(a.races, 2);
    assert_int_equal(a.race_off, 56);
    assert_int_equal(a.race_start_off, 40);
    assert_int_equal(a.race_opcode, PE_SET_OUT_MASK);
    drop(f);
    /* Which commands race, each by its reason (docs/pe.md). */
    static const unsigned racing[] = {
        PE_SET_INST_FMT,       PE_SET_CONSTF_FMT,      PE_SET_CONSTI_FMT,     PE_SET_CONSTB_FMT,
        PE_SET_INP_FMT,        PE_SET_OUT_FMT,         PE_SET_COND_OUT_FMT,   PE_SET_OUT_MASK,
        PE_FLUSH_OUT_CACHE,    PE_SET_COND_TEST,       PE_SET_COND_LOC,       PE_SET_COND_OUT_MASK,
        PE_INIT_PERF_COUNTERS, PE_START_PERF_COUNTERS, PE_STOP_PERF_COUNTERS, PE_READ_PERF_COUNTERS};
    unsigned n = 0;
    for (unsigned op = 0; op < 256; op++) {
        int want = 0;
        for (size_t k = 0; k < sizeof racing / sizeof racing[0]; k++)
            want |= racing[k] == op;
        assert_int_equal(pe_cmd_races_running(op), want);
        n += want;
    }
    assert_int_equal(n, 16);
    assert_false(pe_cmd_races_running(PE_SET_DOMAIN) || pe_cmd_races_running(PE_START_PROGRAM) ||
                 pe_cmd_races_running(PE_WAIT_FOR_IDLE) ||
                 pe_cmd_races_running(PE_INVALIDATE_INP_CACHE));
}

/* The busy/idle handshake (seed 000 p8, 2.1.1; docs/pe.md): a 5 x 3 domain
 * (15 pairs) in 4-lane wavefronts (4, 4, 4, 3 live lanes). An array whose wavefronts end
 * inside wave() sees only its own lanes busy: 4, 4, 4, 3, after 4, 8, 12, 15 busy reports;
 * one that keeps them in flight until end() sees 4, 8, 12, 15 busy. Either way start_program
 * ends with 15 idle reports and none busy, and wait_for_idle finds the array idle. */
static void test_busy_idle(void **state)
{
    (void)state;
    static const unsigned busy[2][4] = {{4, 4, 4, 3}, {4, 8, 12, 15}};
    static const unsigned reports[4] = {4, 8, 12, 15};
    const uint32_t w[] = {H(PE_SET_DOMAIN, 4),
                          2,
                          1,
                          6,
                          3,
                          H(PE_SET_INST_FMT, 2),
                          0x800,
                          0,
                          H(PE_WAIT_FOR_IDLE, 1),
                          0,
                          H(PE_START_PROGRAM, 1),
                          1,
                          H(PE_WAIT_FOR_IDLE, 1),
                          0};
    for (int in_flight = 0; in_flight <= 1; in_flight++) {
        fixture *f = make_array(4, in_flight);
        assert_int_equal(run_words(f, w, sizeof w / 4, 0, NULL), DPP_OK);
        assert_int_equal(f->rec.waves, 4);
        for (unsigned k = 0; k < 4; k++) {
            assert_int_equal(f->rec.seen[k].busy, busy[in_flight][k]);
            assert_int_equal(f->rec.seen[k].busy_reports, reports[k]);
        }
        pe_activity a;
        pe_activity_of(f->pe, &a);
        assert_int_equal(a.busy, 0);
        assert_int_equal(a.busy_reports, 15);
        assert_int_equal(a.idle_reports, 15);
        assert_int_equal(a.idle_waits, 2);
        drop(f);
    }
    /* Pairs the CO at the PE turns away (NEVER: all 8) never reach a processor. */
    fixture *f = make(8);
    const uint32_t never[] = {H(PE_SET_DOMAIN, 4),
                              0,
                              0,
                              7,
                              0,
                              H(PE_SET_INST_FMT, 2),
                              0x800,
                              0,
                              H(PE_SET_COND_TEST, 1),
                              CO_NEVER,
                              H(PE_SET_COND_LOC, 1),
                              CO_LOC_PE,
                              H(PE_START_PROGRAM, 1),
                              1};
    assert_int_equal(run_words(f, never, sizeof never / 4, 0, NULL), DPP_OK);
    pe_activity a;
    pe_activity_of(f->pe, &a);
    assert_int_equal(f->rec.waves, 0);
    assert_int_equal(a.busy_reports, 0);
    drop(f);
}

/* The command table and builder agree with the manual's two surviving headers. */
static void test_table(void **state)
{
    (void)state;
    assert_int_equal(pe_header(pe_cmd_by_name("set_consti_fmt")), 0xC0010F00u);
    assert_int_equal(pe_header(pe_cmd_by_name("set_cond_test")), 0xC0001B00u);
    assert_null(pe_cmd_by_opcode(0x42));
    cmdbuf cb = {0};
    const uint32_t p[4] = {1, 2, 3, 4};
    assert_int_equal(cmdbuf_add(&cb, PE_SET_DOMAIN, p), DPP_OK);
    assert_int_equal(cmdbuf_add(&cb, 0x42, p), DPP_E_ARG);
    assert_int_equal(cb.size, 20);
    assert_int_equal(rd32(cb.bytes), H(PE_SET_DOMAIN, 4));
    assert_int_equal(rd32(cb.bytes + 16), 4);
    cmdbuf_free(&cb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed),        cmocka_unit_test(test_checked_before_running),
        cmocka_unit_test(test_domain_walk),      cmocka_unit_test(test_cond_exec),
        cmocka_unit_test(test_perf_counters),    cmocka_unit_test(test_flush),
        cmocka_unit_test(test_fault_propagates), cmocka_unit_test(test_table),
        cmocka_unit_test(test_surface_commands), cmocka_unit_test(test_co_commands),
        cmocka_unit_test(test_out_mask),         cmocka_unit_test(test_input_after_invalidate),
        cmocka_unit_test(test_busy_idle),
        cmocka_unit_test(test_commands_race_a_running_program),
    };
    return cmocka_run_group_tests_name("pe", tests, NULL, NULL);
}
