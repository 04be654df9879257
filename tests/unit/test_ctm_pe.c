/* The PE's command processor through ctm.h (ctm_pe_*, since 1.10): every
 * command fed a dword at a time, its fields as written here by hand, and the
 * state after it compared with the model's own pe_execute run of the same
 * words (what `dpp exec` runs); every malformed form with pe_execute's exact
 * error text; a stream stopped by an error takes no more words. */
#include "cmocka_all.h"

#include "pe_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEM      (64 * 1024)
#define LANES    4
#define H(op, n) (0xC0000000u | (uint32_t)((n)-1) << 16 | (uint32_t)(op) << 8)
#define FMT(pitch, tiling, format)                                                                 \
    ((uint32_t)(pitch) | (uint32_t)(tiling) << 16 | (uint32_t)(format) << 24)

static uint64_t get(const ctm_pe *pe, const char *name)
{
    uint64_t v = 99;
    if (ctm_pe_get(pe, name, &v) != CTM_OK)
        fail_msg("ctm_pe_get(%s): %s", name, ctm_error());
    return v;
}

/* ------------------------------------------------------------ every command */

/* A command, its parameters and the fields it must show, "name=value ...". */
typedef struct cmd_case {
    unsigned opcode, n;
    uint32_t p[4];
    const char *fields;
} cmd_case;

/* In an order that runs: the domain and the program first, the CO at the PE
 * with a buffer under it (the program's pairs pass 1.0 >= 0 and write 1.0 back). */
static const cmd_case every[] = {
    {PE_SET_DOMAIN, 4, {1, 2, 9, 5}, "i0=1 j0=2 i1=9 j1=5"},
    {PE_SET_INST_FMT, 2, {0x800, FMT(8, 1, 4)}, "base=2048 pitch=8 tiling=1 format=4"},
    {PE_SET_CONSTF_FMT, 2, {0x10FF, FMT(256, 0, 4)}, "base=4096 pitch=256 tiling=0 format=4"},
    {PE_SET_CONSTI_FMT, 2, {0x1800, FMT(32, 0, 2)}, "base=6144 pitch=32 tiling=0 format=2"},
    {PE_SET_CONSTB_FMT, 2, {0x1800, FMT(4, 0, 2)}, "base=6144 pitch=4 tiling=0 format=2"},
    {PE_SET_INP_FMT,
     4,
     {15, 0x2000, FMT(12, 3, 2), 7},
     "index=15 base=8192 pitch=12 tiling=3 format=2 height=7"},
    {PE_SET_OUT_FMT,
     4,
     {3, 0x2800, FMT(16, 2, 1), 6},
     "index=3 base=10240 pitch=16 tiling=2 format=1 height=6"},
    {PE_SET_COND_OUT_FMT,
     3,
     {0x3000, FMT(16, 0, 2), 8},
     "base=12288 pitch=16 tiling=0 format=2 height=8"},
    {PE_SET_OUT_MASK, 1, {0x5}, "mask=5"},
    {PE_SET_COND_VAL, 1, {0x3F800000u}, "value=1065353216"},
    {PE_SET_COND_TEST, 1, {CTM_CO_GEQUAL}, "test=4"},
    {PE_SET_COND_LOC, 1, {CTM_CO_LOC_PE}, "loc=1"},
    {PE_SET_COND_OUT_MASK, 1, {1}, "writemask=1"},
    {PE_INIT_PERF_COUNTERS, 1, {1}, "enable=1"},
    {PE_START_PERF_COUNTERS, 1, {0}, ""},
    {PE_START_PROGRAM, 1, {0x30005}, "ninsts=5 full_fc=1 fg_depth_src=1"},
    {PE_WAIT_FOR_IDLE, 1, {0}, ""},
    {PE_INVALIDATE_INP_CACHE, 1, {0}, ""},
    {PE_FLUSH_OUT_CACHE, 1, {0}, ""},
    {PE_STOP_PERF_COUNTERS, 1, {0}, ""},
    {PE_READ_PERF_COUNTERS, 1, {0x4123}, "base=16384"},
};
enum { EVERY = sizeof every / sizeof every[0] };

/* Its fields as the handle shows them: each named one, then the generic ones. */
static void has_fields(const ctm_pe *pe, const cmd_case *c, size_t off)
{
    unsigned named = 0;
    char name[32];
    unsigned long long want;
    int used;
    for (const char *t = c->fields; sscanf(t, " %31[^=]=%llu%n", name, &want, &used) == 2;
         t += used, named++) {
        uint64_t v = 99;
        if (ctm_pe_field(pe, name, &v) != CTM_OK || v != want)
            fail_msg("opcode 0x%02x field %s: %llu (%s), want %llu", c->opcode, name,
                     (unsigned long long)v, ctm_error(), want);
    }
    const pe_cmd_desc *d = pe_cmd_by_opcode(c->opcode);
    unsigned in_table = 0;
    while (in_table < PE_MAX_FIELDS && d->fields[in_table])
        in_table++;
    assert_int_equal(named, in_table); /* the table has no field the list forgot */
    uint64_t v;
    assert_int_equal(ctm_pe_field(pe, "opcode", &v), CTM_OK);
    assert_int_equal(v, c->opcode);
    assert_int_equal(ctm_pe_field(pe, "nparams", &v), CTM_OK);
    assert_int_equal(v, c->n);
    assert_int_equal(ctm_pe_field(pe, "offset", &v), CTM_OK);
    assert_int_equal(v, off);
    for (unsigned k = 0; k < 4; k++) {
        char p[3] = {'p', (char)('0' + k), 0};
        int st = ctm_pe_field(pe, p, &v);
        assert_int_equal(st, k < c->n ? CTM_OK : CTM_E_ARG);
        assert_int_equal(v, k < c->n ? c->p[k] : 0);
    }
    assert_int_equal(ctm_pe_field(pe, "no_such", &v), CTM_E_ARG);
    char msg[96];
    snprintf(msg, sizeof msg, "ctm_pe_field: %s has no field \"no_such\"", d->name);
    assert_string_equal(ctm_error(), msg);
}

static void test_every_command(void **state)
{
    (void)state;
    int covered[256] = {0};
    uint32_t words[128];
    size_t n = 0;
    ctm_pe *pe = ctm_pe_new(LANES, MEM);
    assert_non_null(pe);
    uint64_t v;
    assert_int_equal(ctm_pe_field(pe, "opcode", &v), CTM_E_STATE);
    for (size_t c = 0; c < EVERY; c++) {
        const cmd_case *k = &every[c];
        covered[k->opcode] = 1;
        size_t off = 4 * n;
        words[n++] = H(k->opcode, k->n);
        for (unsigned i = 0; i < k->n; i++)
            words[n++] = k->p[i];
        for (size_t w = off / 4; w < n; w++) {
            assert_int_equal(ctm_pe_put(pe, words[w]), CTM_OK);
            assert_int_equal(get(pe, "pending"), w + 1 < n ? w + 1 - off / 4 : 0);
            assert_int_equal(get(pe, "commands"), w + 1 < n ? c : c + 1);
        }
        has_fields(pe, k, off);
        pe_ref r;
        dpp_error err;
        assert_int_equal(pe_ref_run(&r, LANES, MEM, words, n, "ref", &err), DPP_OK);
        const char *why = pe_ref_differs(pe, &r);
        pe_ref_drop(&r);
        if (why)
            fail_msg("after command %zu: %s", c, why);
        assert_int_equal(ctm_pe_finish(pe), CTM_OK);
    }
    for (unsigned op = 0; op < 256; op++)
        if (pe_cmd_by_opcode(op) && !covered[op])
            fail_msg("command 0x%02x is not in the test", op);
    /* the run: 9 x 4 pairs in wavefronts of 4, all kept by the CO at the PE */
    assert_int_equal(get(pe, "programs"), 1);
    assert_int_equal(get(pe, "waves"), 9);
    assert_int_equal(get(pe, "busy_reports"), 36);
    assert_int_equal(get(pe, "idle_reports"), 36);
    assert_int_equal(get(pe, "busy"), 0);
    assert_int_equal(get(pe, "idle_waits"), 1);
    assert_int_equal(get(pe, "races"), 0); /* every start_program here is waited for */
    assert_int_equal(get(pe, "perf_total"), 5); /* start_program .. stop_perf: a clock a command */
    assert_int_equal(get(pe, "perf_active"), 0);
    assert_int_equal(get(pe, "words"), n);
    assert_int_equal(get(pe, "status"), CTM_OK);
    assert_string_equal(ctm_pe_error(pe), "");
    /* a start_program with no wait_for_idle after it: set_out_mask races it (seed 000 2.1.2) */
    const uint32_t race[] = {H(PE_START_PROGRAM, 1), 0x10005, H(PE_SET_OUT_MASK, 1), 0xF};
    for (size_t w = 0; w < 4; w++)
        assert_int_equal(ctm_pe_put(pe, race[w]), CTM_OK);
    assert_int_equal(get(pe, "races"), 1);
    assert_int_equal(get(pe, "race_offset"), 4 * n + 8);
    ctm_pe_free(pe);
}

/* ------------------------------------------------------------ malformed words */

typedef struct bad_case {
    const char *name;
    uint32_t w[16];
    size_t n;
    int status; /* the handle's */
    int finish; /* the error comes at ctm_pe_finish (a short command) */
} bad_case;

#define SETUP H(PE_SET_DOMAIN, 4), 0, 0, 3, 3, H(PE_SET_INST_FMT, 2), 0x800, 0

static const bad_case bad[] = {
    {"unknown opcode", {H(PE_SET_COND_TEST, 1), 3, H(0x42, 1)}, 3, CTM_E_FORMAT, 0},
    {"opcode 0", {0xC0000000u}, 1, CTM_E_FORMAT, 0},
    {"type 0 packet", {0x00000000u}, 1, CTM_E_FORMAT, 0},
    {"type 1 packet", {0x40001B00u}, 1, CTM_E_FORMAT, 0},
    {"type 2 packet", {H(PE_SET_COND_LOC, 1), 1, 0x80001B00u}, 3, CTM_E_FORMAT, 0},
    {"reserved header bits", {0xC0001B01u}, 1, CTM_E_FORMAT, 0},
    {"count", {H(PE_SET_DOMAIN, 2), 0, 0}, 1, CTM_E_FORMAT, 0},
    {"count of one", {H(PE_SET_INP_FMT, 1)}, 1, CTM_E_FORMAT, 0},
    {"short header only", {H(PE_SET_DOMAIN, 4)}, 1, CTM_E_FORMAT, 1},
    {"short command",
     {H(PE_SET_COND_TEST, 1), 1, H(PE_SET_INP_FMT, 4), 0, 0x800},
     5,
     CTM_E_FORMAT,
     1},
    {"empty domain", {H(PE_SET_DOMAIN, 4), 4, 0, 3, 3}, 5, CTM_E_FORMAT, 0},
    {"reserved format", {H(PE_SET_INST_FMT, 2), 0x800, FMT(4, 0, 5)}, 3, CTM_E_FORMAT, 0},
    {"surface past memory",
     {H(PE_SET_INP_FMT, 4), 0, 0xF800, FMT(1024, 0, 4), 100},
     5,
     CTM_E_FORMAT,
     0},
    {"no instructions", {SETUP, H(PE_START_PROGRAM, 1), 0}, 10, CTM_E_FORMAT, 0},
    {"too many instructions", {SETUP, H(PE_START_PROGRAM, 1), 513}, 10, CTM_E_FORMAT, 0},
    {"no domain", {H(PE_SET_INST_FMT, 2), 0x800, 0, H(PE_START_PROGRAM, 1), 3}, 5, CTM_E_FORMAT, 0},
    {"no program",
     {H(PE_SET_DOMAIN, 4), 0, 0, 3, 3, H(PE_START_PROGRAM, 1), 3},
     7,
     CTM_E_FORMAT,
     0},
    {"counters past memory",
     {H(PE_INIT_PERF_COUNTERS, 1), 1, H(PE_READ_PERF_COUNTERS, 1), 0xFFFFF800u},
     4,
     CTM_E_FAULT,
     0},
    {"CO at the PE without a buffer",
     {SETUP, H(PE_SET_COND_LOC, 1), 1, H(PE_SET_COND_TEST, 1), CTM_CO_LESS, H(PE_START_PROGRAM, 1),
      2},
     14,
     CTM_E_FAULT,
     0},
};

/* The handle fed c's words stops where the model stops, with its text and status. */
static void check_bad(const bad_case *c)
{
    ctm_pe *pe = ctm_pe_new(LANES, MEM);
    int st = CTM_OK;
    size_t taken = 0;
    while (taken < c->n && st == CTM_OK)
        st = ctm_pe_put(pe, c->w[taken++]);
    if (c->finish) {
        assert_int_equal(st, CTM_OK);
        st = ctm_pe_finish(pe);
    }
    pe_ref r;
    dpp_error err = {0};
    dpp_status want =
        pe_ref_run(&r, LANES, MEM, c->w, c->n, c->finish ? "ctm_pe_finish" : "ctm_pe_put", &err);
    pe_ref_drop(&r);
    if (st != c->status || !want || strcmp(ctm_error(), err.msg) ||
        strcmp(ctm_pe_error(pe), err.msg))
        fail_msg("%s: status %d (want %d), \"%s\", want \"%s\"", c->name, st, c->status,
                 ctm_error(), err.msg);
    /* stopped: the same error again, no word taken, the state as it was */
    uint64_t words = get(pe, "words"), commands = get(pe, "commands");
    assert_int_equal(ctm_pe_put(pe, H(PE_SET_COND_TEST, 1)), c->status);
    assert_string_equal(ctm_error(), err.msg);
    assert_int_equal(ctm_pe_finish(pe), c->status);
    assert_int_equal(get(pe, "words"), words);
    assert_int_equal(get(pe, "commands"), commands);
    assert_int_equal(get(pe, "status"), c->status);
    ctm_pe_free(pe);
}

static void test_malformed_words(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        check_bad(&bad[k]);
}

/* Each reserved bit field of each command's each parameter, from the command table. */
static void test_reserved_bits_of_every_parameter(void **state)
{
    (void)state;
    unsigned checked = 0;
    for (unsigned op = 0; op < 256; op++) {
        const pe_cmd_desc *d = pe_cmd_by_opcode(op);
        for (unsigned k = 0; d && k < d->nparams; k++) {
            uint32_t rsv = d->reserved[k];
            for (uint32_t bit = 1; bit && rsv; bit <<= 1) {
                if (!(rsv & bit) || (bit != (rsv & -rsv) && !(bit & 0x80000000u)))
                    continue; /* the lowest and the top reserved bit */
                bad_case c = {d->name, {H(op, d->nparams)}, 1 + d->nparams, CTM_E_FORMAT, 0};
                c.w[1 + k] = bit;
                check_bad(&c);
                checked++;
            }
        }
    }
    assert_true(checked >= 20);
}

/* The bytes tests/cli/exec.sh gives `dpp exec`, with its messages after the file name. */
static void test_dpp_exec_messages(void **state)
{
    (void)state;
    static const struct {
        uint32_t w[5];
        size_t n;
        const char *says;
    } cases[] = {
        {{0xC0004200u, 0}, 2, "ctm_pe_put: byte 0: error: unknown opcode 0x42"},
        {{0xC0010100u, 0, 0},
         3,
         "ctm_pe_put: byte 0: error: set_domain takes 4 parameters, header says 2"},
        {{0x40001B00u, 0},
         2,
         "ctm_pe_put: byte 0: error: packet type 1 in header 0x40001b00 (only type-3 packets are "
         "commands)"},
        {{0xC0010D00u, 0, 0, 0xC0000200u, 3},
         5,
         "ctm_pe_put: byte 12: error: start_program: no domain: set_domain has not been issued"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ctm_pe *pe = ctm_pe_new(LANES, MEM);
        int st = CTM_OK;
        for (size_t i = 0; i < cases[k].n && st == CTM_OK; i++)
            st = ctm_pe_put(pe, cases[k].w[i]);
        assert_int_not_equal(st, CTM_OK);
        assert_string_equal(ctm_pe_error(pe), cases[k].says);
        ctm_pe_free(pe);
    }
}

/* Misuse: specific errors, never a crash (test_ctm_misuse.c holds the handle cases). */
static void test_bad_arguments(void **state)
{
    (void)state;
    assert_null(ctm_pe_new(0, MEM));
    assert_string_equal(ctm_error(), "ctm_pe_new: lanes = 0 is outside 1..64");
    assert_null(ctm_pe_new(4, 0));
    assert_string_equal(ctm_error(), "ctm_pe_new: mem_bytes = 0 is outside 1..1073741824");
    ctm_pe *pe = ctm_pe_new(4, 4096);
    uint64_t v = 5;
    assert_int_equal(ctm_pe_surface(pe, CTM_PE_INPUT, 16, CTM_PE_SURF_BASE, &v), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pe_surface: index = 16 is outside 0..15");
    assert_int_equal(v, 0);
    assert_int_equal(ctm_pe_surface(pe, CTM_PE_OUTPUT, 4, CTM_PE_SURF_BASE, &v), CTM_E_ARG);
    assert_int_equal(ctm_pe_surface(pe, CTM_PE_COND, 1, CTM_PE_SURF_BASE, &v), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pe_surface: index = 1 is outside 0..0");
    assert_int_equal(ctm_pe_surface(pe, 7, 0, 0, &v), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pe_surface: client = 7 is outside 0..6");
    assert_int_equal(ctm_pe_surface(pe, 0, 0, 6, &v), CTM_E_ARG);
    assert_int_equal(ctm_pe_surface(pe, 0, 0, 0, NULL), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pe_surface: value is NULL");
    assert_int_equal(ctm_pe_get(pe, "nope", &v), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pe_get: no state named \"nope\"");
    assert_int_equal(ctm_pe_get(pe, NULL, &v), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pe_get: name is NULL");
    assert_int_equal(ctm_pe_field(pe, "opcode", NULL), CTM_E_ARG);
    assert_int_equal(ctm_pe_field(pe, "opcode", &v), CTM_E_STATE);
    assert_string_equal(ctm_error(),
                        "ctm_pe_field: no command yet (ctm_pe_put has not completed one)");
    ctm_pe_free(pe);
    ctm_pe_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_command),
        cmocka_unit_test(test_malformed_words),
        cmocka_unit_test(test_reserved_bits_of_every_parameter),
        cmocka_unit_test(test_dpp_exec_messages),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
