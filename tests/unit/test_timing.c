/* The timing model (csim/machine/timing*.c, docs/timing.md): cycle counts derived by
 * hand for small programs under every profile, the occupancy the Cayman
 * article gives, what single instructions cost, the ALU's cycles adding up,
 * the timeline, and results that do not depend on the profile, the
 * wavefronts in flight or the threads.
 *
 * How the counts below are derived (docs/timing.md):
 * - ctm: one clock per instruction issued, over every wavefront.
 * - cayman and rv740: one SIMD; wavefronts are dispatched in order into free
 *   slots. A wavefront's first instruction, and every one that starts a
 *   clause (an instruction of another type than its previous one, or after a
 *   flow-control instruction), starts 40 cycles after the previous one ended
 *   (a dispatched wavefront "ended" at its dispatch). An ALU or OUT
 *   instruction of b bundles and e extra read phases holds the ALU 4(b + e)
 *   cycles and ends 4 cycles later (one bundle: start s, ALU free at s+4, the
 *   wavefront's next instruction at s+8: two wavefronts interleave). A TEX
 *   instruction holds the TEX unit 4 cycles and ends then. Flow-control
 *   instructions cost nothing. When several can start at once the oldest
 *   wavefront goes first. The count is the last end.
 * - The output FIFO [seed 000, p27]: a wavefront's first OUTPUT takes one of
 *   8 entries as it starts and holds it until the wavefront ends; another
 *   wavefront's first OUTPUT cannot start while all 8 are held.
 * The counts are the PE's active clocks (read_perf_counters). */
#include "cmocka_all.h"

#include "asm.h"
#include "pa_int.h"
#include "run.h"
#include "run_fixture.h"
#include "timing.h"
#include "timing_fifo.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One run: the PE's active clocks, the timing counters, the first output's bytes. */
typedef struct run_out {
    uint32_t active;
    tm_stats t;
    int timed;
    uint8_t *out;
    size_t out_bytes;
} run_out;

static run_out run(const char *src, unsigned w, unsigned h, unsigned lanes, tm_chip chip,
                   unsigned contexts, unsigned threads, const tm_sink *sink)
{
    static dpp_run_opts o;
    fixture_opts(&o, w, h, lanes, contexts);
    o.array.chip = chip;
    o.array.threads = threads;
    o.timeline = sink;
    dpp_run_result r;
    dpp_error err;
    if (dpp_run(fixture_assemble(src), &o, "test.s", &r, &err))
        fail_msg("%s", err.msg);
    run_out ro = {r.active_clocks, r.timing, r.timed, NULL, 0};
    ro.out_bytes = (size_t)w * h * 16;
    ro.out = malloc(ro.out_bytes);
    assert_non_null(ro.out);
    memcpy(ro.out, r.output[0].data, ro.out_bytes);
    dpp_run_free(&r);
    return ro;
}

/* The ALU's cycles add up: executing, extra reads and idle by cause. */
static void check_sum(const tm_stats *t)
{
    uint64_t sum = t->alu_busy;
    for (int k = 0; k < TM_NUM_CAUSES; k++)
        sum += t->stall[k];
    assert_int_equal(sum, t->cycles);
}

typedef struct hand_case {
    const char *name, *src;
    unsigned w, h, lanes; /* domain and lanes per wavefront (64 pairs: one wavefront) */
    uint32_t ctm, cayman, rv740;
} hand_case;

#define OUT_R1 "    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0\n"
#define MAD4                                                                                       \
    "    alu rgb mad r1.rgb, r0.rgb, #1, #0\n"                                                     \
    "    alu rgb mad r1.rgb, r1.rgb, #2, #0\n"                                                     \
    "    alu rgb mad r1.rgb, r1.rgb, #2, #0\n"                                                     \
    "    alu rgb mad r1.rgb, r1.rgb, #2, #0\n" OUT_R1
#define TEX_ALU                                                                                    \
    "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"                                      \
    "    alu rgb mad r2.rgb, r1.rgb, #2, #0 wait\n"                                                \
    "    out rgb mad r0._ o0.rgb, r2.rgb, #1, #0\n"
/* lane i breaks out after max(i, 1) iterations */
#define DIVERGENT                                                                                  \
    ".int i0, 8, 0, 1\n"                                                                           \
    "    loop i0\n"                                                                                \
    "        alu rgb mad r2.r, r2.rrr, #1, #1\n"                                                   \
    "        alu rgb mad r3.r, r2.rrr, #1, -r0.rrr setres r ge\n"                                  \
    "        break if res\n"                                                                       \
    "    endloop\n"                                                                                \
    "    out rgb mad r0._ o0.rgb, r2.rgb, #1, #0\n"
#define TRANS4                                                                                     \
    "    alu rgb mad r1.rgb, r0.rgb, #1, #0 alpha rcp r1.a, r0.a, r0.a, r0.a\n"                    \
    "    alu rgb mad r1.rgb, r1.rgb, #1, #0 alpha ex2 r1.a, r1.a, r1.a, r1.a\n"                    \
    "    alu rgb mad r1.rgb, r1.rgb, #1, #0 alpha rsq r1.a, r1.a, r1.a, r1.a\n"                    \
    "    alu rgb mad r1.rgb, r1.rgb, #1, #0 alpha ln2 r1.a, r1.a, r1.a, r1.a\n" OUT_R1
#define ALU_OUT                                                                                    \
    "    alu rgb mad r1.rgb, r0.rgb, #1, #0\n"                                                     \
    "    alu rgb mad r1.rgb, r1.rgb, #2, #0\n" OUT_R1
/* The first OUTPUT comes before an ALU instruction: it reserves its FIFO entry early. */
#define EARLY_OUT                                                                                  \
    "    out rgb mad r0._ o0.rgb, r0.rgb, #1, #0\n"                                                \
    "    alu rgb mad r1.rgb, r0.rgb, #2, #0\n" OUT_R1

static const hand_case hand[] = {
    /* Straight-line ALU, one wavefront: 4 ALU, 1 OUT.
     * ctm: 5 issues.
     * cayman, rv740 (each instruction one bundle, <= 3 temporaries, <= 2 literals): ALU clause
     * at 0+40; ALU at 40, 48, 56, 64, the last ends 72; OUT starts a clause at 72+40 = 112,
     * ends 120. */
    {"straight ALU, 1 wave", MAD4, 8, 8, 64, 5, 120, 120},
    /* The same on two wavefronts (16x8): they interleave even/odd.
     * ctm: 2 x 5 = 10.
     * cayman, rv740: w0 ALU at 40, 48, 56, 64 (ends 72), w1 at 44, 52, 60, 68 (ends 76);
     * OUT w0 at 72+40 = 112 (ends 120), w1 at 76+40 = 116 (ends 124). */
    {"straight ALU, 2 waves", MAD4, 16, 8, 64, 10, 124, 124},
    /* TEX, then ALU, then OUT: a clause switch each time, one wavefront.
     * ctm: 3.
     * cayman, rv740: TEX at 40, ends 44; ALU at 44+40 = 84, ends 92; OUT at 92+40 = 132,
     * ends 140. */
    {"TEX then ALU, 1 wave", TEX_ALU, 8, 8, 64, 3, 140, 140},
    /* The same on four wavefronts (32x8): the switches of one hide behind the others.
     * ctm: 4 x 3 = 12.
     * cayman, rv740: TEX unit: w0..w3 at 40, 44, 48, 52 (end 44..56); ALU w0..w3 at
     * 84, 88, 92, 96 (44+40 ...; end 92..104); OUT w0..w3 at 132, 136, 140, 144 (92+40 ...;
     * the ALU is free) ending 140..152. 4 times the work in 12 more cycles. */
    {"TEX then ALU, 4 waves", TEX_ALU, 32, 8, 64, 12, 152, 152},
    /* A divergent loop, one wavefront of 4 lanes: lanes 0-3 leave after 1, 1, 2, 3
     * iterations. Issued: LOOP; ALU ALU BREAK ENDLOOP twice; ALU ALU BREAK (the last lane
     * leaves: it jumps past ENDLOOP); OUT.
     * ctm: 1 + 4 + 4 + 3 + 1 = 13.
     * cayman, rv740: each ALU pair starts a clause (after LOOP or ENDLOOP): 40 + 8 + 8 = 56
     * per iteration, 3 x 56 = 168; OUT at 168+40 = 208, ends 216. A 4-lane wavefront takes
     * a whole 64-lane hardware wavefront. */
    {"divergent loop", DIVERGENT, 4, 1, 4, 13, 216, 216},
    /* The same loop on two wavefronts of 4 lanes (4x2: rows j = 0 and 1, the same i).
     * ctm: 2 x 13 = 26.
     * cayman, rv740: iteration k's ALU pair: w0 at 40+56k, 48+56k, w1 at 44+56k, 52+56k; the
     * last pair ends 168 (w0) and 172 (w1); OUT at 208 (ends 216) and 212 (ends 220). */
    {"divergent loop, 2 waves", DIVERGENT, 4, 2, 4, 26, 220, 220},
    /* Transcendental-heavy: 4 ALU of 3 RGB channels and a transcendental alpha, then OUT.
     * ctm: 5.
     * cayman: x, y, z for RGB and 3 slots for the transcendental (no t unit): 2 bundles,
     * ALU held 8, ends 12 after its start: 40, 52, 64, 76 (ends 88); OUT at 88+40 = 128,
     * ends 136.
     * rv740: the transcendental goes to t: 1 bundle: 40, 48, 56, 64 (ends 72); OUT at 112,
     * ends 120. */
    {"transcendentals, 1 wave", TRANS4, 8, 8, 64, 5, 136, 120},
    /* The same on two wavefronts (16x8).
     * ctm: 10.
     * cayman: (start, ALU free, end) w0 (40, 48, 52), w1 (48, 56, 60), w0 (56, 64, 68),
     * w1 (64, 72, 72), w0 (72, 80, 84), w1 (80, 88, 92), w0 (88, 96, 100), w1 (96, 104, 108);
     * OUT w0 at 100+40 = 140 (ALU free 144), w1 at 108+40 = 148, ends 156.
     * rv740: as the straight ALU on two wavefronts: 124. */
    {"transcendentals, 2 waves", TRANS4, 16, 8, 64, 10, 156, 124},
    /* SOP copies a transcendental into R, G, B: the copies need the result, a bundle later.
     * 3 of them, then OUT. ctm: 4.
     * cayman: bundle 1 the transcendental (3 slots), bundle 2 the copies; rv740: bundle 1 t,
     * bundle 2 the copies. Both: 2 bundles, held 8, ends 12: 40, 52, 64 (ends 76); OUT at
     * 116, ends 124. */
    {"SOP after a transcendental",
     "    alu rgb sop r1.rgb, r0.rgb, r0.rgb, r0.rgb alpha sin r1.a, r0.a, r0.a, r0.a\n"
     "    alu rgb sop r1.rgb, r1.rgb, r1.rgb, r1.rgb alpha cos r1.a, r1.a, r1.a, r1.a\n"
     "    alu rgb sop r1.rgb, r1.rgb, r1.rgb, r1.rgb alpha ex2 r1.a, r1.a, r1.a, r1.a\n" OUT_R1,
     8, 8, 64, 4, 124, 124},
    /* 4 distinct temporaries read (r1, r2, r3 by RGB, r4 by alpha), 3 times, then OUT.
     * ctm: 4.
     * cayman: 3 reads per element file, never exceeded: 40, 48, 56 (ends 64); OUT at 104,
     * ends 112.
     * rv740: 3 distinct GPRs per read cycle: a second read phase (4 cycles): held 8, ends 12:
     * 40, 52, 64 (ends 76); OUT at 116, ends 124. */
    {"4 GPR reads",
     "    alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha mad r5.a, r4.a, r1.a, r1.a\n"
     "    alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha mad r5.a, r4.a, r1.a, r1.a\n"
     "    alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha mad r5.a, r4.a, r1.a, r1.a\n"
     "    out rgb mad r0._ o0.rgb, r5.rgb, #1, #0\n",
     8, 8, 64, 4, 112, 124},
    /* 3 distinct inline values (literals), twice, then OUT. ctm: 3.
     * cayman (no literal limit): 40, 48 (ends 56); OUT at 96, ends 104.
     * rv740: "at most 2 64-bit literal constants" [seed 004], two 32-bit values a word: 4
     * literals a bundle, so 3 fit in one: as cayman. OUT's #1, #0 are inline constants. */
    {"3 literals",
     "    alu rgb mad r1.rgb, #2, #3, #4\n"
     "    alu rgb mad r1.rgb, #2, #3, #4\n" OUT_R1,
     8, 8, 64, 3, 104, 104},
    /* 6 distinct constants, twice, then OUT. ctm: 3.
     * cayman (4 constants a read phase): a second read phase: held 8, ends 12: 40, 52
     * (ends 64); OUT at 104, ends 112.
     * rv740 (no constant limit): 40, 48 (ends 56); OUT at 96, ends 104. */
    {"6 constants",
     "    alu rgb mad r1.rgb, c0.rgb, c1.rgb, c2.rgb alpha mad r1.a, c3.a, c4.a, c5.a\n"
     "    alu rgb mad r1.rgb, c0.rgb, c1.rgb, c2.rgb alpha mad r1.a, c3.a, c4.a, c5.a\n" OUT_R1,
     8, 8, 64, 3, 112, 104},
    /* 83 registers: 2 wavefronts a SIMD ((256 - 8) / 83 = 2). 4 wavefronts (32x8), each
     * ALU ALU OUT. ctm: 12.
     * cayman, rv740: w0 ALU at 40, 48 (ends 56), w1 at 44, 52 (ends 60); OUT w0 at 96
     * (ends 104), w1 at 100 (ends 108). w2 is dispatched into w0's slot at 104, w3 at 108:
     * ALU w2 at 144, 152 (ends 160), w3 at 148, 156 (ends 164); OUT w2 at 200 (ends 208),
     * w3 at 204, ends 212. */
    {"83 registers", ".proginfo num_temps=83\n" ALU_OUT, 32, 8, 64, 12, 212, 212},
    /* 82 registers: 3 wavefronts ((256 - 8) / 82 = 3). The same 4 wavefronts.
     * cayman, rv740: (oldest first) 40 w0, 44 w1, 48 w0 (ends 56), 52 w1 (ends 60), 56 w2,
     * 64 w2 (ends 72); OUT w0 at 96 (ends 104), w1 at 100 (ends 108), w2 at 112 (ends 120);
     * w3 dispatched at 104: ALU at 144, 152 (ends 160), OUT at 200, ends 208. */
    {"82 registers", ".proginfo num_temps=82\n" ALU_OUT, 32, 8, 64, 12, 208, 208},
    /* One register, 40 wavefronts (64x40): the 32-wavefront cap. Each is one OUT.
     * ctm: 40.
     * cayman, rv740: w0..w31 dispatched at 0, each ready at 40: OUT at 40, 44, ..., 164 (the
     * oldest first). w0 ends 48, so w32 is dispatched at 48 (ready 88), ... w39 at 76 (ready
     * 116): all younger than w31, so they follow it: 168, 172, ..., 196, ends 204. */
    {"wavefront cap", "    out rgb mad r0._ o0.rgb, r0.rgb, #1, #0\n", 64, 40, 64, 40, 204, 204},
    /* 6 distinct literals (2, 3, 4, 8, 16, 32), twice, then OUT. ctm: 3.
     * cayman (no literal limit): 40, 48 (ends 56); OUT at 96, ends 104.
     * rv740 (4 a bundle [seed 004]): ceil(6 / 4) = 2 bundles, held 8, ends 12: 40, 52
     * (ends 64); OUT (no literal) at 64 + 40 = 104, ends 112. */
    {"6 literals",
     "    alu rgb mad r1.rgb, #2, #3, #4 alpha mad r1.a, #8, #16, #32\n"
     "    alu rgb mad r1.rgb, #2, #3, #4 alpha mad r1.a, #8, #16, #32\n" OUT_R1,
     8, 8, 64, 3, 104, 112},
    /* 0, 0.5 and 1 are inline constants, not literals: 6 reads of them cost no bundle.
     * Twice, then OUT. ctm: 3. cayman, rv740: 40, 48 (ends 56); OUT at 96, ends 104. */
    {"inline constants 0, 0.5, 1",
     "    alu rgb mad r1.rgb, #0, #0.5, #1 alpha mad r1.a, #1, #0.5, #0\n"
     "    alu rgb mad r1.rgb, #0.5, #1, #0 alpha mad r1.a, #0, #1, #0.5\n" OUT_R1,
     8, 8, 64, 3, 104, 104},
    /* An early OUTPUT on as many wavefronts as the FIFO has entries (8: 64x8): no stall.
     * Each instruction is one bundle. ctm: 8 x 3 = 24.
     * cayman, rv740: the first OUTPUTs w0..w7 at 40, 44, ..., 68 (each takes an entry); the
     * ALU clause 40 after each ends: 88, 92, ..., 116; the last OUTPUT 40 after that: 136,
     * 140, ..., 164, w7's ends 172. */
    {"early OUTPUT, 8 waves", EARLY_OUT, 64, 8, 64, 24, 172, 172},
    /* The same on 10 wavefronts (64x10): w8 and w9 are ready at 40, but the older w0..w7
     * take the ALU first and by 68 all 8 entries; w8 and w9 wait until a holder ends.
     * ctm: 30.
     * cayman, rv740: w0..w7 as above (w0 ends 144, w1 148, ...). w8 may start from 144 (w0's
     * entry) but the older w2..w7 take the ALU at 144..164 first (oldest first): w8's first
     * OUTPUT at 168 (ends 176), w9's at 172 (ends 180); their ALU at 216, 220 (ends 224,
     * 228), their last OUTPUT at 264, 268: 276.
     * Without the FIFO (before it was modelled) w8, w9 went on after w7 at 72 and 76 and
     * all ended by 180. */
    {"early OUTPUT, 10 waves", EARLY_OUT, 64, 10, 64, 30, 276, 276},
};

static const tm_chip chips[] = {TM_CHIP_CTM, TM_CHIP_CAYMAN, TM_CHIP_RV740};

static uint32_t expected(const hand_case *c, tm_chip chip)
{
    return chip == TM_CHIP_CTM ? c->ctm : chip == TM_CHIP_CAYMAN ? c->cayman : c->rv740;
}

static void test_hand_counts(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof hand / sizeof hand[0]; k++) {
        const hand_case *c = &hand[k];
        run_out first = {0};
        for (size_t p = 0; p < sizeof chips / sizeof chips[0]; p++) {
            run_out r = run(c->src, c->w, c->h, c->lanes, chips[p], 1, 1, NULL);
            if (r.active != expected(c, chips[p]))
                fail_msg("%s under %s: %u cycles, derived %u", c->name,
                         tm_profile_of(chips[p])->name, r.active, expected(c, chips[p]));
            assert_int_equal(r.timed, chips[p] != TM_CHIP_CTM);
            if (r.timed) {
                assert_int_equal(r.t.cycles, r.active);
                check_sum(&r.t);
            }
            if (p == 0) {
                first = r;
                continue;
            }
            if (memcmp(first.out, r.out, r.out_bytes)) /* results never depend on the profile */
                fail_msg("%s: output 0 differs under %s", c->name, tm_profile_of(chips[p])->name);
            free(r.out);
        }
        free(first.out);
    }
}

/* Wavefronts in flight and threads are the functional model's: neither changes a count. */
static void test_counts_ignore_contexts_and_threads(void **state)
{
    (void)state;
    const hand_case *c = &hand[3]; /* TEX then ALU, 4 waves */
    for (unsigned contexts = 1; contexts <= 3; contexts += 2)
        for (unsigned threads = 1; threads <= 2; threads++) {
            run_out r = run(c->src, c->w, c->h, c->lanes, TM_CHIP_CAYMAN, contexts, threads, NULL);
            assert_int_equal(r.active, c->cayman);
            free(r.out);
        }
}

/* Stall causes of two derivations. */
static void test_stalls(void **state)
{
    (void)state;
    /* Straight ALU, 1 wave: ALU busy 5 x 4 = 20; clause switches [0, 40) and [72, 112): 80;
     * latency: 4 after each of the first 3 ALU, [68, 72) before the OUT's switch, the
     * tail [116, 120): 20. */
    run_out r = run(hand[0].src, 8, 8, 64, TM_CHIP_CAYMAN, 1, 1, NULL);
    assert_int_equal(r.t.alu_busy, 20);
    assert_int_equal(r.t.stall[TM_CLAUSE], 80);
    assert_int_equal(r.t.stall[TM_LATENCY], 20);
    free(r.out);
    /* TEX then ALU, 4 waves: busy 8 x 4 = 32, TEX busy 16; before the first ALU (w0):
     * [0, 40) its switch to TEX, [40, 44) its TEX, [44, 84) its switch to ALU; [100, 132)
     * w0's switch to OUT; tail [148, 152) the last OUT's latency. */
    r = run(hand[3].src, 32, 8, 64, TM_CHIP_CAYMAN, 1, 1, NULL);
    assert_int_equal(r.t.alu_busy, 32);
    assert_int_equal(r.t.tex_busy, 16);
    assert_int_equal(r.t.stall[TM_CLAUSE], 40 + 40 + 32);
    assert_int_equal(r.t.stall[TM_FETCH], 4);
    assert_int_equal(r.t.stall[TM_LATENCY], 4);
    free(r.out);
    /* 4 GPR reads on rv740: 3 instructions with a second read phase: 3 x 4 cycles. */
    r = run(hand[9].src, 8, 8, 64, TM_CHIP_RV740, 1, 1, NULL);
    assert_int_equal(r.t.stall[TM_READS], 12);
    check_sum(&r.t);
    free(r.out);
}

/* The output FIFO's counts for hand[18] (early OUTPUT, 10 waves; schedule in its comment),
 * under both profiles. Every entry is held from 68 (w7 takes the last) until w0 ends at 144.
 * ALU busy 10 x 3 x 4 = 120. Idle: [0, 40) w0's clause switch; [72, 88) and [120, 136)
 * with w8 and w9 ready (since 40) for an OUTPUT and every entry held: the FIFO's, 32;
 * [176, 216) and [224, 264) w8's clause switches; the tail [272, 276) w9's last OUTPUT's
 * latency. w8 and w9 each waited [68, 144) for an entry, 76 cycles (before 68 and after
 * 144 they waited for the ALU, which older wavefronts held). And OUTPUTs last (hand[14],
 * one OUTPUT per wavefront at 40, 44, ..., each holding its entry 8 cycles) hold 2
 * entries at most and never wait. */
static void test_output_fifo(void **state)
{
    (void)state;
    for (tm_chip chip = TM_CHIP_CAYMAN; chip <= TM_CHIP_RV740; chip++) {
        run_out r = run(hand[18].src, 64, 10, 64, chip, 1, 1, NULL);
        assert_int_equal(r.t.alu_busy, 120);
        assert_int_equal(r.t.stall[TM_CLAUSE], 40 + 40 + 40);
        assert_int_equal(r.t.stall[TM_OFIFO], 16 + 16);
        assert_int_equal(r.t.stall[TM_LATENCY], 4);
        assert_int_equal(r.t.fifo_peak, 8);
        assert_int_equal(r.t.fifo_waits, 2);
        assert_int_equal(r.t.fifo_wait_cycles, 76 + 76);
        check_sum(&r.t);
        free(r.out);
        r = run(hand[14].src, 64, 40, 64, chip, 1, 1, NULL);
        assert_int_equal(r.t.fifo_peak, 2);
        assert_int_equal(r.t.fifo_waits, 0);
        assert_int_equal(r.t.stall[TM_OFIFO], 0);
        free(r.out);
    }
}

/* The FIFO's bookkeeping on its own: the entries held when one is taken, and the
 * stretches during which every entry was held (what an OUTPUT's wait is measured
 * against), with one taken again the cycle it frees continuing the stretch. */
static void test_fifo_spans(void **state)
{
    (void)state;
    tm_fifo f = {0};
    tm_fifo_reset(&f, 2);
    size_t n;
    assert_int_equal(tm_fifo_take(&f, 0), 1);
    assert_int_equal(f.next, 0);
    assert_int_equal(tm_fifo_take(&f, 4), 2); /* full from 4, until an end is known */
    const tm_fifo_span *s = tm_fifo_spans(&f, &n);
    assert_int_equal(n, 1);
    assert_int_equal(s[0].from, 4);
    assert_int_equal(s[0].to, TM_FIFO_HELD);
    tm_fifo_give(&f, 30); /* the second holder's end is known first... */
    tm_fifo_give(&f, 20); /* ...and the first ends earlier: the stretch ends at 20 */
    s = tm_fifo_spans(&f, &n);
    assert_int_equal(s[0].to, 20);
    assert_int_equal(f.next, 20);
    assert_int_equal(tm_fifo_take(&f, 20), 2); /* taken as it frees: full on to 30 */
    s = tm_fifo_spans(&f, &n);
    assert_int_equal(n, 1);
    assert_int_equal(s[0].to, 30);
    assert_int_equal(tm_fifo_take(&f, 31), 2); /* the one free since 30: full again */
    s = tm_fifo_spans(&f, &n);
    assert_int_equal(n, 2);
    assert_int_equal(s[1].from, 31);
    tm_fifo_prune(&f, 31); /* no wait looks before 31: the first stretch goes */
    s = tm_fifo_spans(&f, &n);
    assert_int_equal(n, 1);
    assert_int_equal(s[0].from, 31);
    tm_fifo_release(&f);
}

/* The Cayman article: "only 2 wavefronts can occupy a SIMD if they use 83 or more
 * registers"; 16K 128-bit registers are 256 per lane of a 64-lane wavefront, and with 8
 * reserved per lane (model-defined) 248 remain: 248 / 83 = 2.99, 248 / 82 = 3.02. Few
 * registers hit the cap of 32 wavefronts instead (248 / 7 = 35). */
static void test_occupancy(void **state)
{
    (void)state;
    static const struct {
        unsigned temps, waves, by_regs;
    } table[] = {{0, 32, 0}, {1, 32, 0},  {7, 32, 0},  {8, 31, 1},  {11, 22, 1}, {82, 3, 1},
                 {83, 2, 1}, {100, 2, 1}, {124, 2, 1}, {125, 1, 1}, {128, 1, 1}};
    for (unsigned c = TM_CHIP_CAYMAN; c <= TM_CHIP_RV740; c++)
        for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
            int by_regs;
            unsigned n = tm_occupancy(tm_profile_of((tm_chip)c), table[k].temps, &by_regs);
            if (n != table[k].waves || by_regs != (int)table[k].by_regs)
                fail_msg("%s, %u registers: %u wavefronts (by registers %d), want %u",
                         tm_profile_of((tm_chip)c)->name, table[k].temps, n, by_regs,
                         table[k].waves);
        }
    /* through a run: PROGINFO's temporaries set it, and the peak follows */
    run_out r = run(hand[12].src, 32, 8, 64, TM_CHIP_CAYMAN, 1, 1, NULL);
    assert_int_equal(r.t.temps, 83);
    assert_int_equal(r.t.limit, 2);
    assert_true(r.t.limit_by_regs);
    assert_int_equal(r.t.peak, 2);
    assert_int_equal(r.t.waves, 4);
    free(r.out);
    r = run(hand[14].src, 64, 40, 64, TM_CHIP_CAYMAN, 1, 1, NULL);
    assert_int_equal(r.t.limit, 32);
    assert_false(r.t.limit_by_regs);
    assert_int_equal(r.t.peak, 32);
    free(r.out);
}

/* The cost of one instruction (the first of src) under a chip. */
static tm_cost cost(const char *src, tm_chip chip)
{
    dpp_exe *x = fixture_assemble(src);
    static pa_uop u[DPP_MAX_INSTS];
    dpp_error err;
    if (pa_prog_decode(x->words, x->ninsts, u, &err))
        fail_msg("%s", err.msg);
    tm_cost c;
    tm_cost_of(tm_profile_of(chip), &u[0], &c);
    return c;
}

/* Instructions and what they cost: clause, bundles, extra read phases, slots, distinct
 * temporaries, constants and literals read, transcendental, cycles held, latency. #0, #0.5
 * and #1 are inline constants, not literals (docs/timing.md, "Literals"). */
#define I_TRANS "alu rgb mad r1.rgb, r0.rgb, #1, #0 alpha rcp r1.a, r0.a, r0.a, r0.a\n"
#define I_DP4   "alu rgb dp4 r1.rgb, r0, r1, #0 alpha mad r1.a, r0.a, #1, #0\n"
#define I_GPR4  "alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha mad r5.a, r4.a, r1.a, r1.a\n"
static const struct {
    const char *why, *src;
    tm_chip chip;
    uint8_t clause, bundles, read_extra, slots, gprs, consts, literals, trans;
    uint16_t occupy, latency;
} costs[] = {
    {"RGB and a transcendental: x, y, z and t", I_TRANS, TM_CHIP_RV740, TM_CL_ALU, 1, 0, 4, 1, 0, 0,
     1, 4, 8},
    {"RGB and a transcendental: x, y, z, then 3 slots in a second bundle", I_TRANS, TM_CHIP_CAYMAN,
     TM_CL_ALU, 2, 0, 6, 1, 0, 0, 1, 8, 12},
    {"one RGB channel leaves room for the transcendental",
     "alu rgb mad r1.r, r0.rgb, #1, #0 alpha rcp r1.a, r0.a, r0.a, r0.a\n", TM_CHIP_CAYMAN,
     TM_CL_ALU, 1, 0, 4, 1, 0, 0, 1, 4, 8},
    {"DP4 takes x, y, z, w; the alpha MAD goes to t (the dot reads no operand C)", I_DP4,
     TM_CHIP_RV740, TM_CL_ALU, 1, 0, 5, 2, 0, 0, 0, 4, 8},
    {"DP4 takes x, y, z, w; the alpha MAD a second bundle", I_DP4, TM_CHIP_CAYMAN, TM_CL_ALU, 2, 0,
     5, 2, 0, 0, 0, 8, 12},
    {"SOP: the transcendental on t, the copies a bundle later",
     "alu rgb sop r1.rgb, r0.rgb, r0.rgb, r0.rgb alpha sin r1.a, r0.a, r0.a, r0.a\n", TM_CHIP_RV740,
     TM_CL_ALU, 2, 0, 4, 1, 0, 0, 1, 8, 12},
    {"4 temporaries: a second read phase", I_GPR4, TM_CHIP_RV740, TM_CL_ALU, 1, 1, 4, 4, 0, 0, 0, 8,
     12},
    {"4 temporaries: cayman's limit is per element file", I_GPR4, TM_CHIP_CAYMAN, TM_CL_ALU, 1, 0,
     4, 4, 0, 0, 0, 4, 8},
    {"presubtract SUB reads s0 and s1; s2's constant swizzles read nothing",
     "alu rgb mad r1.rgb, sp.rgb, s2.111, s2.000 src r2/r2, r3/r3, #0/#0 srcp sub/sub\n",
     TM_CHIP_RV740, TM_CL_ALU, 1, 0, 3, 2, 0, 0, 0, 4, 8},
    {"6 constants: a second read phase",
     "alu rgb mad r1.rgb, c0.rgb, c1.rgb, c2.rgb alpha mad r1.a, c3.a, c4.a, c5.a\n",
     TM_CHIP_CAYMAN, TM_CL_ALU, 1, 1, 4, 0, 6, 0, 0, 8, 12},
    /* rv740: "at most 2 64-bit literal constants" [seed 004], each word two 32-bit values. */
    {"3 literals fit the 2 literal words", "alu rgb mad r1.rgb, #2, #3, #4\n", TM_CHIP_RV740,
     TM_CL_ALU, 1, 0, 3, 0, 0, 3, 0, 4, 8},
    {"4 literals fill the 2 literal words",
     "alu rgb mad r1.rgb, #2, #3, #4 alpha mad r1.a, #8, #2, #3\n", TM_CHIP_RV740, TM_CL_ALU, 1, 0,
     4, 0, 0, 4, 0, 4, 8},
    {"5 literals: a second bundle (ceil(5 / 4) = 2)",
     "alu rgb mad r1.rgb, #2, #3, #4 alpha mad r1.a, #8, #16, #2\n", TM_CHIP_RV740, TM_CL_ALU, 2, 0,
     4, 0, 0, 5, 0, 8, 12},
    {"0, 0.5 and 1 are inline constants: no literal",
     "alu rgb mad r1.rgb, #0, #0.5, #1 alpha mad r1.a, #1, #0.5, #2\n", TM_CHIP_RV740, TM_CL_ALU, 1,
     0, 4, 0, 0, 1, 0, 4, 8},
    {"an address read twice, or by both parts, counts once",
     "alu rgb mad r1.rgb, r2.rgb, r2.bgr, #1 alpha mad r1.a, r2.a, r2.r, #1\n", TM_CHIP_RV740,
     TM_CL_ALU, 1, 0, 4, 1, 0, 0, 0, 4, 8},
    {"OUTPUT: its own clause type", "out rgb mad r0._ o0.rgb, r1.rgb, #1, #0\n", TM_CHIP_CAYMAN,
     TM_CL_OUT, 1, 0, 3, 1, 0, 0, 0, 4, 8},
    {"TEX: the TEX unit", "tex ld r1.rgba, r0.rgba, i0 unscaled\n", TM_CHIP_CAYMAN, TM_CL_TEX, 0, 0,
     0, 0, 0, 0, 0, 4, 4},
    {"flow control: free, it ends the clause", "fc jump 0 jump_func=0xff\n", TM_CHIP_RV740,
     TM_CL_CF, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};

static void test_costs(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof costs / sizeof costs[0]; k++) {
        tm_cost c = cost(costs[k].src, costs[k].chip);
        tm_cost want = {costs[k].clause, costs[k].bundles, costs[k].read_extra, costs[k].slots,
                        costs[k].gprs,   costs[k].consts,  costs[k].literals,   costs[k].trans,
                        costs[k].occupy, costs[k].latency};
        if (memcmp(&c, &want, sizeof c))
            fail_msg("%s (%s): clause %u bundles %u read_extra %u slots %u gprs %u consts %u "
                     "literals %u trans %u occupy %u latency %u",
                     costs[k].why, tm_profile_of(costs[k].chip)->name, c.clause, c.bundles,
                     c.read_extra, c.slots, c.gprs, c.consts, c.literals, c.trans, c.occupy,
                     c.latency);
    }
}

/* The timeline: changes in time order; a slot's ALU ISSUE cycles are the ALU's busy
 * cycles, its FIFO cycles the cycles OUTPUTs waited for an entry; every slot ends empty at
 * the last cycle. */
typedef struct tl_check {
    uint64_t last_time, issue_alu, fifo;
    unsigned slots, begins;
    tm_slot_state cur[64];
} tl_check;

static void tl_begin(void *user, const tm_profile *p, unsigned slots)
{
    tl_check *c = user;
    assert_int_equal(slots, p->max_waves);
    c->slots = slots;
    c->begins++;
}

static void tl_change(void *user, const tm_slot_state *s)
{
    tl_check *c = user;
    assert_true(s->time >= c->last_time);
    assert_true(s->slot < c->slots);
    for (unsigned k = 0; k < c->slots; k++) { /* the cycles since the last change */
        const tm_slot_state *p = &c->cur[k];
        if (p->valid && p->cause == TM_ISSUE && (p->clause == TM_CL_ALU || p->clause == TM_CL_OUT))
            c->issue_alu += s->time - c->last_time;
        if (p->valid && p->cause == TM_OFIFO)
            c->fifo += s->time - c->last_time;
    }
    c->last_time = s->time;
    c->cur[s->slot] = *s;
}

static void test_timeline(void **state)
{
    (void)state;
    static tl_check c;
    tm_sink sink = {tl_begin, tl_change, &c};
    for (size_t k = 0; k < sizeof hand / sizeof hand[0]; k++) {
        memset(&c, 0, sizeof c);
        run_out r =
            run(hand[k].src, hand[k].w, hand[k].h, hand[k].lanes, TM_CHIP_RV740, 1, 1, &sink);
        assert_int_equal(c.begins, 1);
        assert_int_equal(c.last_time, r.t.cycles);
        assert_int_equal(c.issue_alu, r.t.alu_busy); /* rv740's extra reads show as READS */
        assert_int_equal(c.fifo, r.t.fifo_wait_cycles);
        for (unsigned s = 0; s < c.slots; s++)
            assert_false(c.cur[s].valid);
        free(r.out);
    }
}

/* Seed 004 on RV740: "in a worst case scenario constituted by a sequence of fully dependent
 * instructions, RV740 will run at around one 5th of its theoretical rate", and "The
 * transcendental ALU shares GPR read ports with the other ALUs, so it can either load a needed
 * operand in a single cycle if and only if one of the slim ALUs loads the same operand,
 * otherwise it has to wait". A CTM instruction is bundled alone, so a chain of one-operation
 * instructions (each reads the last one's r1.r) fills 1 of the 5 slots of each bundle: lane
 * operations are a fifth of 5 x 64 per bundle (4 ALU cycles a bundle). An RCP in t whose operand
 * a slim ALU also reads (r1, with r2, r3: 3 addresses) costs no read phase; one reading r4 (a
 * fourth address) waits one read phase, 4 cycles, per instruction: three of them end 12 later
 * (as "4 GPR reads" above: 112 without, 124 with). */
static void test_rv740_dependent_chain_and_t_ports(void **state)
{
    (void)state;
    const char *chain = "    alu rgb mad r1.r, r0.rrr, #1, #0\n"
                        "    alu rgb mad r1.r, r1.rrr, #1, #0\n"
                        "    alu rgb mad r1.r, r1.rrr, #1, #0\n"
                        "    alu rgb mad r1.r, r1.rrr, #1, #0\n"
                        "    out rgb mad r0._ o0.r, r1.rrr, #1, #0\n";
    run_out r = run(chain, 8, 8, 64, TM_CHIP_RV740, 1, 1, NULL);
    uint64_t bundles = r.t.alu_busy / 4;
    assert_int_equal(bundles, 5);
    assert_int_equal(r.t.alu_lane_ops * 5, bundles * 64 * 5); /* 1 slot of 5: 64 lane-ops */
    free(r.out);
    const char *shared = "    alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha rcp r5.a, r1.a, r1.a, r1.a\n"
                         "    alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha rcp r5.a, r1.a, r1.a, r1.a\n"
                         "    alu rgb mad r5.rgb, r1.rgb, r2.rgb, r3.rgb alpha rcp r5.a, r1.a, r1.a, r1.a\n"
                         "    out rgb mad r0._ o0.rgb, r5.rgb, #1, #0\n";
    char own[1024];
    snprintf(own, sizeof own, "%s", shared);
    for (char *p = own; (p = strstr(p, "rcp r5.a, r1.a, r1.a, r1.a"));)
        memcpy(p, "rcp r5.a, r4.a, r4.a, r4.a", 26);
    run_out a = run(shared, 8, 8, 64, TM_CHIP_RV740, 1, 1, NULL);
    run_out b = run(own, 8, 8, 64, TM_CHIP_RV740, 1, 1, NULL);
    assert_int_equal(a.t.cycles, 112);
    assert_int_equal(b.t.cycles, 124);
    free(a.out);
    free(b.out);
}

/* docs/timing.md's profile table holds the numbers of csim/machine/timing_profiles.c. */
static void test_doc_table(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        size_t off;
    } fields[] = {
#define F(x) {#x, offsetof(tm_profile, x)}
        F(simd_lanes),  F(wave_lanes),  F(read_cycles),   F(clause_switch),
        F(max_waves),   F(gpr_regs),    F(reserved_rows), F(reserved_per_wave),
        F(vec_slots),   F(t_slots),     F(trans_slots),   F(dot_slots),
        F(gpr_reads),   F(const_reads), F(literal_words), F(literal_values),
        F(inline_free), F(tex_cycles),  F(out_fifo),
#undef F
    };
    FILE *f = fopen("docs/timing.md", "r"); /* the tests run from the repository's root */
    if (!f) {
        skip();
        return;
    }
    unsigned seen[sizeof fields / sizeof fields[0]] = {0};
    char line[2048];
    while (fgets(line, sizeof line, f)) {
        char name[64];
        unsigned cayman, rv740;
        if (sscanf(line, "| `%63[a-z_]` | %*[^|]| %u | %u |", name, &cayman, &rv740) != 3)
            continue;
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
            if (strcmp(name, fields[k].name))
                continue;
            seen[k]++;
            unsigned c, r;
            memcpy(&c, (const char *)tm_profile_of(TM_CHIP_CAYMAN) + fields[k].off, sizeof c);
            memcpy(&r, (const char *)tm_profile_of(TM_CHIP_RV740) + fields[k].off, sizeof r);
            if (c != cayman || r != rv740)
                fail_msg("docs/timing.md: %s is %u / %u, the table in timing_profiles.c %u / %u",
                         name, cayman, rv740, c, r);
        }
    }
    fclose(f);
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
        if (seen[k] != 1)
            fail_msg("docs/timing.md: field %s listed %u times", fields[k].name, seen[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_counts),
        cmocka_unit_test(test_counts_ignore_contexts_and_threads),
        cmocka_unit_test(test_stalls),
        cmocka_unit_test(test_output_fifo),
        cmocka_unit_test(test_fifo_spans),
        cmocka_unit_test(test_occupancy),
        cmocka_unit_test(test_costs),
        cmocka_unit_test(test_timeline),
        cmocka_unit_test(test_doc_table),
        cmocka_unit_test(test_rv740_dependent_chain_and_t_ports),
    };
    return cmocka_run_group_tests_name("timing", tests, NULL, NULL);
}
