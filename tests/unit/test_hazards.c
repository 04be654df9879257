/* The hazard checks (csim/machine/pa_hazard.c, docs/model-defined.md "Hazard
 * checks"): each synchronisation rule the CTM guide leaves to the program,
 * broken by one small program and kept by its corrected twin. A broken rule
 * is a fault naming the rule's seed page, the pc and the fix; with the checks
 * off (pa_params.hazards = 0) the broken program runs as written. */
#include "cmocka_all.h"

#include "run.h"
#include "run_fixture.h"

#include <string.h>

#define OUT_R1 "    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0"

typedef struct hz_case {
    const char *name, *src;
    const char *error[3]; /* substrings of the fault; NULL[0]: the program keeps the rules */
} hz_case;

static const hz_case cases[] = {
    /* seed 000, p37: a lookup's result is in its register after an ACQUIRE and a WAIT */
    {"read before any acquire",
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n" OUT_R1 " wait\n",
     {"pc 1 (out", "r1 is read before the texture lookup at pc 0", "[seed 000, p37]"}},
    {"acquired, not waited for", /* (the assembler puts a WAIT on the last instruction) */
     "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"
     "    alu rgb mad r2.rgb, r1.rgb, #1, #0\n"
     "    out rgb mad r0._ o0.rgb, r2.rgb, #1, #0\n",
     {"pc 1 (alu", "[seed 000, p37]", "set TEX_SEM_WAIT (wait) on this instruction"}},
    {"acquired and waited for",
     "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n" OUT_R1 " wait\n",
     {NULL}},
    {"a later lookup's acquire covers the earlier ones",
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n"
     "    tex ld r2.rgba, r0.rgba, i0 unscaled acquire wait\n"
     "    alu rgb mad r3.rgb, r1.rgb, r2.rgb, #0 wait\n"
     "    out rgb mad r0._ o0.rgb, r3.rgb, #1, #0\n",
     {NULL}},
    {"a lookup after the acquire is not covered",
     "    tex ld r2.rgba, r0.rgba, i0 unscaled acquire wait\n"
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n" OUT_R1 " wait\n",
     {"pc 2", "r1 is read before the texture lookup at pc 1"}},
    {"overwritten while the lookup is outstanding",
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n"
     "    alu rgb mad r1.rgb, r0.rgb, #1, #0\n" OUT_R1 " wait\n",
     {"pc 1 (alu", "r1 is written before the texture lookup at pc 0"}},
    {"read through aL",
     ".int i0, 2, 1, 0\n"
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n"
     "    loop i0\n"
     "        alu rgb mad r2.rgb, r[aL+0].rgb, #1, #0\n"
     "    endloop\n"
     "    out rgb mad r0._ o0.rgb, r2.rgb, #1, #0\n",
     {"r1 is read before the texture lookup at pc 0", "[seed 000, p37]"}},
    /* the registers an instruction reads are those its operands use (pa_uop.src_read) */
    {"a source slot no operand reads",
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n"
     "    alu rgb max r2.rgb, s0.rgb, s1.rgb, s0.rgb src r0/r0, r0/r0, r1/r1\n"
     "    tex ld r3.rgba, r0.rgba, i0 unscaled acquire wait\n"
     "    out rgb mad r0._ o0.rgb, r2.rgb, r3.rgb, r1.rgb wait\n",
     {NULL}},
    {"read through the presubtract",
     "    tex ld r1.rgba, r0.rgba, i0 unscaled\n"
     "    alu rgb mad r2.rgb, sp.rgb, s2.111, s2.000 src r0/r0, r1/r1, #0/#0 srcp sub/sub\n"
     "    out rgb mad r0._ o0.rgb, r2.rgb, #1, #0 wait\n",
     {"pc 1 (alu", "r1 is read before the texture lookup at pc 0"}},
    /* seed 000, p28: the engines run in parallel; ALU results reach TEX and FC after ALU_WAIT */
    {"a lookup's coordinates from the ALU, no ALU_WAIT",
     "    alu rgb mad r2.rgb, r0.rgb, #1, #0\n"
     "    tex ld r1.rgba, r2.rgba, i0 unscaled acquire wait\n" OUT_R1 " wait\n",
     {"pc 1 (tex", "reads r2, which the ALU instruction at pc 0 wrote", "[seed 000, p28]"}},
    {"a lookup's coordinates from the ALU, ALU_WAIT",
     "    alu rgb mad r2.rgb, r0.rgb, #1, #0\n"
     "    tex ld r1.rgba, r2.rgba, i0 unscaled aluwait acquire wait\n" OUT_R1 " wait\n",
     {NULL}},
    {"a lookup's coordinates from an OUTPUT instruction, no ALU_WAIT",
     "    out rgb mad r2.rgb o0.rgb, r0.rgb, #1, #0\n"
     "    tex ld r1.rgba, r2.rgba, i0 unscaled acquire wait\n" OUT_R1 " wait\n",
     {"pc 1 (tex", "reads r2, which the ALU instruction at pc 0 wrote", "[seed 000, p28]"}},
    {"TEXKILL of another lookup's value, no semaphore",
     "    tex ld r2.rgba, r0.rgba, i0 unscaled\n"
     "    tex texkill r0._, r2.rrrr, i0\n" OUT_R1 "\n",
     {"pc 1 (tex", "r2 is read before the texture lookup at pc 0", "[seed 000, p37]"}},
    {"TEXKILL of an ALU value, no ALU_WAIT",
     "    alu rgb mad r2.rgb, r0.rgb, #1, #0\n"
     "    tex texkill r0._, r2.rrrr, i0\n" OUT_R1 "\n",
     {"pc 1", "reads r2", "set ALU_WAIT (aluwait) on it"}},
    {"a jump on the ALU result, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setres r lt\n"
     "    fc jump end jump_func=0x0f\n"
     "end:\n" OUT_R1 "\n",
     {"pc 1 (fc", "reads the ALU result, which the ALU instruction at pc 0 wrote",
      "[seed 000, p28]"}},
    {"a jump on the ALU result, ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setres r lt\n"
     "    fc jump end jump_func=0x0f aluwait\n"
     "end:\n" OUT_R1 "\n",
     {NULL}},
    {"a jump on a predicate bit, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setp r lt lt\n"
     "    fc jump end jump_func=0x33 if p.rrrr\n"
     "end:\n" OUT_R1 "\n",
     {"pc 1 (fc", "reads predicate bit 0, which the ALU instruction at pc 0 wrote"}},
    {"a jump that ignores the ALU, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setres r lt\n"
     "    fc jump end jump_func=0xff\n"
     "end:\n" OUT_R1 "\n",
     {NULL}},
    /* ... predicate bits too: a predicated TEX or TEXKILL reads them (RGB_PRED_SEL for R, G,
     * B, ALPHA_PRED_SEL for A) */
    {"a lookup predicated on a bit the ALU wrote, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setp r lt lt\n"
     "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait if p.r\n" OUT_R1 " wait\n",
     {"pc 1 (tex", "the texture engine reads predicate bit 0, which the ALU instruction at pc 0",
      "[seed 000, p28]"}},
    {"a lookup predicated on a bit the ALU wrote, ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setp r lt lt\n"
     "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait aluwait if p.r\n" OUT_R1 " wait\n",
     {NULL}},
    {"a lookup's alpha predicated on a bit the ALU wrote, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setp rgba lt lt\n"
     "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait alpha_pred_sel=aaaa\n" OUT_R1
     " wait\n",
     {"pc 1 (tex", "reads predicate bit 3", "set ALU_WAIT (aluwait) on it"}},
    {"TEXKILL predicated on a bit the ALU wrote, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setp r lt lt\n"
     "    tex texkill r0._, r0.rrrr, i0 if p.r\n" OUT_R1 "\n",
     {"pc 1 (tex", "the texture engine reads predicate bit 0", "[seed 000, p28]"}},
    {"a lookup predicated on a bit the ALU did not write, no ALU_WAIT",
     "    alu rgb mad r2.r, r0.rrr, #1, #0 setp r lt lt\n"
     "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait if p.g\n" OUT_R1 " wait\n",
     {NULL}},
    /* seed 000, p27: "The first OUTPUT instruction will reserve space in the output register
     * fifo This space is limited therefore issuing an..." forbids nothing: an OUTPUT that writes
     * no output is legal anywhere (the model faulted one that was not last) */
    {"an OUTPUT that writes no output, early",
     "    out rgb mad r1.rgb, r0.rgb, #1, #0\n" OUT_R1 "\n",
     {NULL}},
    {"an OUTPUT that writes no output, last", "    out rgb mad r1.rgb, r0.rgb, #1, #0\n", {NULL}},
};

static dpp_status run(const hz_case *c, unsigned hazards, dpp_error *err)
{
    static dpp_run_opts o;
    fixture_opts(&o, 4, 2, 4, 1);
    o.array.hazards = hazards;
    dpp_run_result r;
    dpp_status st = dpp_run(fixture_assemble(c->src), &o, c->name, &r, err);
    if (!st)
        dpp_run_free(&r);
    return st;
}

static void test_rules(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const hz_case *c = &cases[k];
        dpp_error err = {0};
        dpp_status st = run(c, 1, &err);
        if (!c->error[0]) {
            if (st)
                fail_msg("%s: %s", c->name, err.msg);
            continue;
        }
        if (st != DPP_E_FAULT)
            fail_msg("%s: ran without the fault (status %d)", c->name, st);
        for (int i = 0; i < 3 && c->error[i]; i++)
            if (!strstr(err.msg, c->error[i]))
                fail_msg("%s: '%s' is not in: %s", c->name, c->error[i], err.msg);
        if (run(c, 0, &err))
            fail_msg("%s: with the checks off: %s", c->name, err.msg);
    }
}

/* [seed 000, p27] "The first OUTPUT instruction will reserve space in the output register fifo
 * This space is limited": a first OUTPUT issued before other instructions is a warning (counted
 * in the run's stats with its pc), not a fault; one issued last is not. */
static void test_early_output_warns(void **state)
{
    (void)state;
    static const struct {
        const char *src;
        unsigned waves, pc1; /* wavefronts warned (of the 4 x 2 domain in 4 lanes), pc + 1 */
    } rows[] = {
        {"    alu rgb mad r1.rgb, r0.rgb, #1, #0\n"
         "    out rgb mad r2.rgb, r0.rgb, #1, #0\n"
         "    alu rgb mad r1.rgb, r2.rgb, #1, #0\n" OUT_R1 "\n",
         2, 2},
        {"    alu rgb mad r1.rgb, r0.rgb, #1, #0\n"
         "    out rgb mad r2.rgb, r0.rgb, #1, #0\n" OUT_R1 "\n",
         0, 0},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        static dpp_run_opts o;
        fixture_opts(&o, 4, 2, 4, 1);
        dpp_run_result r;
        dpp_error err;
        if (dpp_run(fixture_assemble(rows[k].src), &o, "early", &r, &err))
            fail_msg("row %zu: %s", k, err.msg);
        assert_int_equal(r.stats.early_outputs, rows[k].waves);
        assert_int_equal(r.stats.early_output_pc, rows[k].pc1);
        dpp_run_free(&r);
    }
}

/* The default is on: a program that breaks a rule fails under the defaults. */
static void test_default_on(void **state)
{
    (void)state;
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    assert_int_equal(o.array.hazards, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_default_on),
        cmocka_unit_test(test_early_output_warns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
