/* The wavefront ALU kernel (pa_alu_issue, lanes as rows) against the per-lane
 * reference (dpp_alu_exec + dpp_alu_commit), instruction by instruction:
 * random legal ALU and OUTPUT instructions on random lanes, predicates, aL and
 * register contents rich in +-0, +-Inf, NaN payloads and denormals. After each
 * instruction every register, output, W value, predicate bit and ALU result of
 * every lane must be equal bit for bit, and a fault must name the same lane
 * with the same message. */
#include "cmocka_all.h"

#include "alu.h"
#include "fp_bits.h"
#include "isa_gen.h"
#include "pa_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEQUENCES     20
#define INSTS_PER_SEQ 300

/* The per-lane reference state: what the array kept per lane before rows. */
typedef struct ref_lane {
    uint32_t temp[DPP_NUM_TEMPS][4];
    uint32_t out[DPP_NUM_OUTPUTS][4];
    uint8_t out_written[DPP_NUM_OUTPUTS];
    uint32_t w; /* +0.0 until an OUTPUT writes it */
    uint8_t pred, alu_result;
} ref_lane;

typedef struct world {
    pa_shared sh;
    pa_core core;
    pa_scratch scratch;
    pa_slot slot;
    ref_lane ref[PA_LANES];
    int ref_alu_valid;
} world;

static const uint32_t specials[] = {
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x40000000, 0x7F800000,
    0xFF800000, 0x7FC00000, 0x7FC12345, 0xFFC00001, 0x7F800001, 0x00000001, 0x80000001,
    0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x33800000, 0x4B000000, 0x3EAAAAAB,
};

static uint32_t value(uint64_t *rng)
{
    uint32_t r = gen_rand(rng);
    switch (r % 4) {
    case 0:
        return specials[gen_rand(rng) % (sizeof specials / sizeof specials[0])];
    case 1:
        return gen_rand(rng); /* any bits */
    default: {
        return dpp_fp_bits((float)((int)(gen_rand(rng) % 2001) - 1000) / 250.0f);
    }
    }
}

static void fill_world(world *w, uint64_t *rng)
{
    memset(&w->slot, 0, sizeof w->slot);
    memset(w->ref, 0, sizeof w->ref);
    w->slot.wave.lanes = 1 + gen_rand(rng) % 64;
    w->slot.index = gen_rand(rng) % 100;
    w->slot.pc = gen_rand(rng) % 512;
    for (unsigned l = 0; l < PA_LANES; l++) {
        w->slot.wave.i[l] = (int32_t)l;
        w->slot.wave.j[l] = 7;
    }
    for (unsigned r = 0; r < DPP_NUM_TEMPS; r++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < PA_LANES; l++)
                w->ref[l].temp[r][c] = w->slot.temp[r][c][l].u = value(rng);
    for (unsigned k = 0; k < 4; k++) {
        uint64_t m = (uint64_t)gen_rand(rng) << 32 | gen_rand(rng);
        w->slot.pred[k] = m;
        for (unsigned l = 0; l < PA_LANES; l++)
            w->ref[l].pred |= (uint8_t)((m >> l & 1) << k);
    }
    for (unsigned c = 0; c < DPP_NUM_CONSTS; c++)
        for (unsigned ch = 0; ch < 4; ch++)
            w->sh.cnst[c][ch] = value(rng);
    w->sh.nconst = gen_rand(rng) % 8 ? DPP_NUM_CONSTS : 200 + gen_rand(rng) % 56;
    for (unsigned c = w->sh.nconst; c < DPP_NUM_CONSTS; c++)
        memset(w->sh.cnst[c], 0, sizeof w->sh.cnst[c]);
    w->ref_alu_valid = w->slot.alu_valid = 0;
}

/* The old array's per-lane check of the constant surface. */
static dpp_status check_consts(const world *w, const dpp_inst *in, int32_t al, dpp_error *err)
{
    for (unsigned k = 0; k < 6; k++) {
        const dpp_src_addr *a = k < 3 ? &in->alu.rgb_src[k] : &in->alu.alpha_src[k - 3];
        if (dpp_src_classify(a) != DPP_SRC_CONST)
            continue;
        int64_t idx = (int64_t)a->addr + (a->rel ? al : 0);
        if (idx >= 0 && idx >= (int64_t)w->sh.nconst && idx < DPP_NUM_CONSTS)
            return dpp_error_set(err, DPP_E_FAULT,
                                 "float constant %lld is outside the constant surface (%u "
                                 "constants)",
                                 (long long)idx, w->sh.nconst);
    }
    return DPP_OK;
}

/* The reference: each lane in order, as the array did before rows. */
static dpp_status reference(world *w, const dpp_inst *in, uint64_t lanes, dpp_error *err)
{
    const pa_slot *s = &w->slot;
    if (in->cmn.type == DPP_TYPE_ALU && in->alu.alu_wmask)
        w->ref_alu_valid = 1;
    for (unsigned l = 0; l < s->wave.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        ref_lane *ln = &w->ref[l];
        dpp_alu_in ai = {(const uint32_t(*)[4])ln->temp, (const uint32_t(*)[4])w->sh.cnst, s->al,
                         ln->pred};
        dpp_alu_result r;
        dpp_status st = check_consts(w, in, s->al, err);
        if (!st)
            st = dpp_alu_exec(in, &ai, &r, err);
        if (st) {
            dpp_error inner = *err;
            return dpp_error_set(err, st, "wave %u pc %u lane %u (i %d, j %d): %s", s->index,
                                 s->pc, l, s->wave.i[l], s->wave.j[l], inner.msg);
        }
        dpp_alu_commit(&r, ln->temp, ln->out, &ln->w, &ln->alu_result, &ln->pred);
        for (unsigned c = 0; c < 4; c++)
            if (r.out_mask >> c & 1)
                ln->out_written[c < 3 ? r.rgb_out : r.alpha_out] |= (uint8_t)(1u << c);
    }
    return DPP_OK;
}

/* After a fault the kernel has committed nothing, the reference the lanes
 * before the faulting one: take the kernel's state as the reference's. */
static void resync(world *w)
{
    const pa_slot *s = &w->slot;
    for (unsigned l = 0; l < PA_LANES; l++) {
        ref_lane *ln = &w->ref[l];
        for (unsigned r = 0; r < DPP_NUM_TEMPS; r++)
            for (unsigned c = 0; c < 4; c++)
                ln->temp[r][c] = s->temp[r][c][l].u;
        ln->pred = 0;
        for (unsigned k = 0; k < 4; k++)
            ln->pred |= (uint8_t)((s->pred[k] >> l & 1) << k);
        ln->alu_result = (uint8_t)(s->alu_result >> l & 1);
        ln->w = s->w[l].u;
        for (unsigned o = 0; o < DPP_NUM_OUTPUTS; o++) {
            ln->out_written[o] = 0;
            for (unsigned c = 0; c < 4; c++) {
                ln->out[o][c] = s->out[o][c][l].u;
                ln->out_written[o] |= (uint8_t)((s->out_written[o][c] >> l & 1) << c);
            }
        }
    }
}

static void compare(const world *w, unsigned seq, unsigned step, const char *text)
{
    const pa_slot *s = &w->slot;
    for (unsigned l = 0; l < s->wave.lanes; l++) {
        const ref_lane *ln = &w->ref[l];
        for (unsigned r = 0; r < DPP_NUM_TEMPS; r++)
            for (unsigned c = 0; c < 4; c++)
                if (ln->temp[r][c] != s->temp[r][c][l].u)
                    fail_msg("seq %u step %u lane %u r%u.%c: want 0x%08x got 0x%08x\n%s", seq,
                             step, l, r, "rgba"[c], ln->temp[r][c], s->temp[r][c][l].u, text);
        for (unsigned o = 0; o < DPP_NUM_OUTPUTS; o++)
            for (unsigned c = 0; c < 4; c++) {
                unsigned wrote = (unsigned)(s->out_written[o][c] >> l & 1);
                if (wrote != (ln->out_written[o] >> c & 1u) ||
                    (wrote && ln->out[o][c] != s->out[o][c][l].u))
                    fail_msg("seq %u step %u lane %u o%u.%c differs\n%s", seq, step, l, o,
                             "rgba"[c], text);
            }
        if (ln->w != s->w[l].u)
            fail_msg("seq %u step %u lane %u: W differs\n%s", seq, step, l, text);
        for (unsigned k = 0; k < 4; k++)
            if ((s->pred[k] >> l & 1) != (ln->pred >> k & 1u))
                fail_msg("seq %u step %u lane %u: predicate %u differs\n%s", seq, step, l, k, text);
        if ((s->alu_result >> l & 1) != ln->alu_result)
            fail_msg("seq %u step %u lane %u: ALU result differs\n%s", seq, step, l, text);
    }
    if (s->alu_valid != w->ref_alu_valid)
        fail_msg("seq %u step %u: alu_valid differs\n%s", seq, step, text);
}

static void describe(const dpp_inst *in, char *text, size_t n)
{
    uint32_t words[DPP_INST_DWORDS];
    dpp_inst_encode(in, words);
    snprintf(text, n, "words %08x %08x %08x %08x %08x %08x", words[0], words[1], words[2],
             words[3], words[4], words[5]);
}

/* Both builds of the kernels: the one this CPU runs, and the baseline. */
static void check_kernels(int baseline)
{
    static world w;
    uint64_t rng = 0x5EED5EEDull;
    w.core.kern = pa_alu_kernels_get(baseline);
    print_message("kernels: %s\n", w.core.kern->name);
    w.core.sh = &w.sh;
    w.core.scratch = &w.scratch;
    w.core.slot = &w.slot;
    unsigned faults = 0, steps = 0;
    for (unsigned seq = 0; seq < SEQUENCES; seq++) {
        fill_world(&w, &rng);
        for (unsigned step = 0; step < INSTS_PER_SEQ; step++) {
            dpp_inst in;
            gen_inst(&rng, gen_rand(&rng) % 3 ? DPP_TYPE_ALU : DPP_TYPE_OUT, 8, &in);
            assert_int_equal(dpp_inst_check(&in, 0, NULL), DPP_OK);
            pa_uop u;
            pa_uop_decode(&in, &u);
            /* aL mostly small; sometimes far enough to leave the register file */
            w.slot.al = gen_rand(&rng) % 16 ? (int32_t)(gen_rand(&rng) % 5)
                                            : (int32_t)(gen_rand(&rng) % 400) - 200;
            uint64_t all = w.slot.wave.lanes == 64 ? ~0ull : (1ull << w.slot.wave.lanes) - 1;
            uint64_t lanes = ((uint64_t)gen_rand(&rng) << 32 | gen_rand(&rng)) & all;
            if (gen_rand(&rng) % 4 == 0)
                lanes = all;
            char text[200];
            describe(&in, text, sizeof text);
            dpp_error want_err = {0}, got_err = {0};
            dpp_status want = reference(&w, &in, lanes, &want_err);
            dpp_status got = pa_alu_issue(&w.core, &w.slot, &u, lanes, &got_err);
            steps++;
            if (want != got)
                fail_msg("seq %u step %u: status %d, want %d (%s / %s)\n%s", seq, step, got, want,
                         got_err.msg, want_err.msg, text);
            if (want) {
                if (strcmp(want_err.msg, got_err.msg))
                    fail_msg("seq %u step %u: fault\n  want %s\n  got  %s\n%s", seq, step,
                             want_err.msg, got_err.msg, text);
                faults++;
                resync(&w);
                continue;
            }
            compare(&w, seq, step, text);
        }
    }
    print_message("%u instructions compared, %u faults compared\n", steps - faults, faults);
    /* The sequences must reach both outcomes often enough to mean something. */
    assert_true(faults > 200);
    assert_true(steps - faults > 4000);
}

static void test_kernels_match_reference(void **state)
{
    (void)state;
    check_kernels(0);
}

static void test_baseline_kernels_match_reference(void **state)
{
    (void)state;
    check_kernels(1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kernels_match_reference),
        cmocka_unit_test(test_baseline_kernels_match_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
