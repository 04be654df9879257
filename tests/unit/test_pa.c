/* The processor array through dpp_run (the library behind `dpp run`):
 * conditional output at the DPP (W from the program or the PE's value),
 * conditional execution at the PE, write-back, TEXKILL, LAST, WRITE_INACTIVE,
 * the 2x2 input mode, constant bounds and the flow-control event stream. */
#include "cmocka_all.h"

#include "asm.h"
#include "fc.h"
#include "fp_bits.h"
#include "run.h"
#include "run_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W       4
#define H       2
#define OUT_ALL "out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ o0.a"


static float fout(const dpp_run_result *r, int o, int i, int j, int c)
{
    float f;
    memcpy(&f, r->output[o].data + ((size_t)j * W + i) * 16 + 4 * (size_t)c, 4);
    return f;
}

static dpp_run_opts *opts(void)
{
    static dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = W;
    o.height = H;
    o.array.lanes = 3; /* partial wavefronts on purpose */
    return &o;
}

/* Conditional buffer b(i, j) = 1 + j * 2 (the same for every i of a row). */
static float condbuf[W * H];
static void set_cond(dpp_run_opts *o, unsigned test, unsigned loc, unsigned wm, float v)
{
    for (int k = 0; k < W * H; k++)
        condbuf[k] = 1.0f + (float)(k / W) * 2.0f;
    o->cond = (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_LINEAR, W, H, (uint8_t *)condbuf};
    o->cond_test = (uint8_t)test;
    o->cond_loc = (uint8_t)loc;
    o->cond_writemask = (uint8_t)wm;
    o->cond_val = dpp_fp_bits(v);
}

static float cond_after(const dpp_run_result *r, int i, int j)
{
    float f;
    memcpy(&f, r->cond.data + ((size_t)j * W + i) * 4, 4);
    return f;
}

/* loc = DPP, v = W = i from the program, LESS: lanes with i < b write; b <- i where passed. */
static void test_cond_output_from_program(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble(OUT_ALL " w, s0.r, s1.r, s2.r src r0/r0, #1/#1, #0/#0\n");
    dpp_run_opts *o = opts();
    set_cond(o, CO_LESS, CO_LOC_DPP, 1, 0.0f);
    dpp_run_result r;
    dpp_error err;
    assert_int_equal(dpp_run(x, o, "t", &r, &err), DPP_OK);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++) {
            float b = 1.0f + 2.0f * (float)j;
            int pass = (float)i < b;
            assert_true(fout(&r, 0, i, j, 0) == (pass ? (float)i : 0.0f));
            assert_true(fout(&r, 0, i, j, 1) == (pass ? (float)j : 0.0f));
            assert_true(cond_after(&r, i, j) == (pass ? (float)i : b));
        }
    dpp_run_free(&r);
}

/* No W written: the PE's value goes to the CO; no write-back without the mask. */
static void test_cond_output_from_pe(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble(OUT_ALL ", s0.r, s1.r, s2.r src r0/r0, #1/#1, #0/#0\n");
    dpp_run_opts *o = opts();
    set_cond(o, CO_GREATER, CO_LOC_DPP, 0, 2.0f); /* 2 > b: row 0 only */
    dpp_run_result r;
    assert_int_equal(dpp_run(x, o, "t", &r, NULL), DPP_OK);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++) {
            assert_true(fout(&r, 0, i, j, 3) == (j == 0 ? (float)i : 0.0f));
            assert_true(cond_after(&r, i, j) == 1.0f + 2.0f * (float)j);
        }
    dpp_run_free(&r);
}

/* v's source is the program's, for every lane [seed 000, p8: "The conditional value, v,
 * depends on program that is currently being executed"; isa-model-defined E11]: only lanes
 * with i >= 2 write W = 0.5 (inside an if). LESS against b = 1 or 3, the PE's value 5.
 * FG_DEPTH_SRC 1 (the default, as the program writes W): the writers send 0.5, the others
 * their W as it started, +0.0; every lane passes and writes 0.5 or 0 back. FG_DEPTH_SRC 0:
 * every lane sends 5 and fails, W or not. (Before, each lane chose: W where it wrote one.) */
static void test_cond_value_per_program(void **state)
{
    (void)state;
    static const char body[] =
        "    alu rgb mad r4.r, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0 setres r ge\n"
        "    if res\n"
        "    out rgb mad r0._, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ w, s0.r, s1.r, s2.r"
        " src #0.5/#0.5, #1/#1, #0/#0\n"
        "    endif\n" OUT_ALL ", s0.r, s1.r, s2.r src r0/r0, #1/#1, #1/#1\n"
        ".float c0, -2\n";
    char src[1024];
    for (int fg = 1; fg >= 0; fg--) {
        snprintf(src, sizeof src, ".proginfo fg_depth_src=%d\n%s", fg, body);
        dpp_exe *x = fixture_assemble(src);
        dpp_run_opts *o = opts();
        set_cond(o, CO_LESS, CO_LOC_DPP, 1, 5.0f);
        dpp_run_result r;
        assert_int_equal(dpp_run(x, o, "t", &r, NULL), DPP_OK);
        for (int j = 0; j < H; j++)
            for (int i = 0; i < W; i++) {
                float b = 1.0f + 2.0f * (float)j, v = i >= 2 ? 0.5f : 0.0f;
                if (fout(&r, 0, i, j, 0) != (fg ? (float)i + 1.0f : 0.0f) ||
                    cond_after(&r, i, j) != (fg ? v : b))
                    fail_msg("fg_depth_src %d (%d, %d): o0.r %g, b %g", fg, i, j,
                             (double)fout(&r, 0, i, j, 0), (double)cond_after(&r, i, j));
            }
        dpp_run_free(&r);
    }
}

/* loc = PE: pairs failing v OP b never run (the program's W is not tested). */
static void test_cond_exec_at_pe(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble(OUT_ALL " w, s0.r, s1.r, s2.r src r0/r0, #1/#1, #1/#1\n");
    dpp_run_opts *o = opts();
    set_cond(o, CO_LEQUAL, CO_LOC_PE, 1, 3.0f); /* 3 <= b: row 1 only; b <- 3 */
    dpp_run_result r;
    assert_int_equal(dpp_run(x, o, "t", &r, NULL), DPP_OK);
    for (int i = 0; i < W; i++) {
        assert_true(fout(&r, 0, i, 0, 3) == 0.0f);
        assert_true(fout(&r, 0, i, 1, 3) == (float)i + 1.0f);
        assert_true(cond_after(&r, i, 0) == 1.0f);
        assert_true(cond_after(&r, i, 1) == 3.0f);
    }
    dpp_run_free(&r);
}

/* TEXKILL (lanes with i < 2 have S < 0) writes nothing; LAST ends active lanes early;
 * WRITE_INACTIVE writes lanes an IF switched off. */
static void test_kill_last_inactive(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble("    alu rgb mad r2.rgb, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0\n"
                          "    tex texkill r0._, r2.rrrr, i0 aluwait\n" OUT_ALL
                          ", s0.r, s1.r, s2.r src r0/r0, #1/#1, #1/#1\n"
                          ".float c0, -1.5\n");
    dpp_run_result r;
    assert_int_equal(dpp_run(x, opts(), "t", &r, NULL), DPP_OK);
    for (int i = 0; i < W; i++)
        assert_true(fout(&r, 0, i, 1, 0) == (i < 2 ? 0.0f : (float)i + 1.0f));
    dpp_run_free(&r);

    /* r1 = 5 for lanes with i >= 2 only (an if), but WRITE_INACTIVE writes r3 = 7 everywhere;
     * lanes with i < 2 then end at a LAST output before the second output overwrites o0. */
    x = fixture_assemble(
        "    alu rgb mad r4.r, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0 setres r ge\n"
        "    if res\n"
        "    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb src #5/#5, #1/#1, #0/#0\n"
        "    alu rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb src #7/#7, #1/#1, #0/#0 inactive\n"
        "    else\n" OUT_ALL ", s0.r, s1.r, s2.r src r3/r3, #1/#1, #0/#0 last\n"
        "    endif\n" OUT_ALL ", s0.r, s1.r, s2.r src r1/r1, #1/#1, #0/#0\n"
        ".float c0, -2\n");
    assert_int_equal(dpp_run(x, opts(), "t", &r, NULL), DPP_OK);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++) {
            float want = i >= 2 ? 5.0f : 7.0f;
            if (fout(&r, 0, i, j, 0) != want)
                fail_msg("(%d, %d): %g, want %g", i, j, (double)fout(&r, 0, i, j, 0), (double)want);
        }
    dpp_run_free(&r);
}

/* A predicated TEXKILL kills only where its predicate holds: every coordinate is -1, p.r is
 * i < 2, so `if p.r` kills lanes i < 2 and `if !p.r` the others (before, both killed every
 * lane: the model ignored the predicate). */
static void test_kill_predicated(void **state)
{
    (void)state;
    static const char *const pred[] = {"p.r", "!p.r"};
    char src[512];
    for (int inv = 0; inv < 2; inv++) {
        snprintf(src, sizeof src,
                 "    alu rgb mad r2.r, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, c0/c0 setp r lt lt\n"
                 "    alu rgb mad r5.rgb, s0.rgb, s1.rgb, s2.rgb src #0/#0, #0/#0, c1/c1\n"
                 "    tex texkill r0._, r5.rrrr, i0 aluwait if %s\n" OUT_ALL
                 ", s0.r, s1.r, s2.r src r0/r0, #1/#1, #1/#1\n"
                 ".float c0, -2\n.float c1, -1\n",
                 pred[inv]);
        dpp_exe *x = fixture_assemble(src);
        dpp_run_result r;
        assert_int_equal(dpp_run(x, opts(), "t", &r, NULL), DPP_OK);
        for (int j = 0; j < H; j++)
            for (int i = 0; i < W; i++) {
                int killed = (i < 2) != inv;
                if (fout(&r, 0, i, j, 0) != (killed ? 0.0f : (float)i + 1.0f))
                    fail_msg("if %s (%d, %d): o0.r %g", pred[inv], i, j,
                             (double)fout(&r, 0, i, j, 0));
            }
        dpp_run_free(&r);
    }
}

/* The 2x2 input mode through TEX: in(x, y) = 10 y + x, one read gives four neighbours. */
static void test_2x2_fetch(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble("    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n" OUT_ALL
                          ", s0.a, s1.a, s2.a src r1/r1, #1/#1, #0/#0 wait\n");
    float in[(W + 1) * (H + 1)];
    for (int y = 0; y <= H; y++)
        for (int i = 0; i <= W; i++)
            in[y * (W + 1) + i] = (float)(10 * y + i);
    dpp_run_opts *o = opts();
    o->input[0] = (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_LINEAR_2X2, W + 1, H + 1, (uint8_t *)in};
    dpp_run_result r;
    assert_int_equal(dpp_run(x, o, "t", &r, NULL), DPP_OK);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++) {
            float base = (float)(10 * j + i);
            assert_true(fout(&r, 0, i, j, 0) == base + 1);
            assert_true(fout(&r, 0, i, j, 1) == base + 10);
            assert_true(fout(&r, 0, i, j, 2) == base + 11);
            assert_true(fout(&r, 0, i, j, 3) == base);
        }
    dpp_run_free(&r);
}

/* A constant beyond the constant surface (dpp run sets up 256) and an aL-relative read
 * off the register file are faults, not silent garbage. */
static void test_faults(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble(".int i0, 3, 126, 1\n    loop i0\n"
                          "    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb src r[aL+1]/r[aL+1], "
                          "#1/#1, #0/#0\n    endloop\n" OUT_ALL
                          ", s0.r, s1.r, s2.r src r1/r1, #1/#1, #0/#0\n");
    dpp_error err;
    dpp_run_result r;
    assert_int_equal(dpp_run(x, opts(), "t", &r, &err), DPP_E_FAULT);
    assert_non_null(strstr(err.msg, "wave 0 pc 1 lane 0 (i 0, j 0): temporary r1+aL(127) = 128 "
                                    "is out of range"));
}

#define IFS7    " if b0\n if b0\n if b0\n if b0\n if b0\n if b0\n if b0\n"
#define ENDIFS7 " endif\n endif\n endif\n endif\n endif\n endif\n endif\n"

/* The guide [seed 000 p38]: "Partial flow control mode should be used unless the program
 * requires branch statements nested more than 6 deep or the program requires loops or
 * subroutines". An executable whose program information says partial mode but that breaks
 * a rule is refused when it starts, naming the slot and the rule; in full mode it runs. */
static void test_partial_mode_load(void **state)
{
    (void)state;
    static const struct {
        const char *src, *want;
    } cases[] = {
        {".bool b0, 1\n" IFS7 ENDIFS7,
         "slot 6: branches nested 7 deep; partial flow-control mode allows 6 [seed 000 p38]"},
        {".int i0, 2, 0, 0\n loop i0\n endloop\n",
         "slot 0: fc loop: partial flow-control mode allows no loops [seed 000 p38]"},
        {" call f\n fc jump end jump_func=0xff\nf:\n ret\nend:\n",
         "slot 0: JUMP with A_OP PUSH (call): partial flow-control mode allows no subroutine "
         "calls or returns [seed 000 p38]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dpp_exe *x = fixture_assemble(cases[i].src);
        dpp_run_result r;
        dpp_error err;
        assert_int_equal(x->info.fc_mode, 1); /* the assembler chose full mode */
        if (dpp_run(x, opts(), "t", &r, &err) != DPP_OK)
            fail_msg("case %zu in full mode: %s", i, err.msg);
        dpp_run_free(&r);
        x->info.fc_mode = 0;
        assert_int_not_equal(dpp_run(x, opts(), "t", &r, &err), DPP_OK);
        if (!strstr(err.msg, cases[i].want))
            fail_msg("case %zu: got '%s'", i, err.msg);
    }
}

typedef struct events {
    unsigned starts, execs, lanes_total;
    uint64_t last_live;
} events;

static void count_event(void *user, const pa_fc_event *ev)
{
    events *e = user;
    if (ev->in->cmd == FC_CMD_START) {
        e->starts++;
        e->lanes_total += (unsigned)__builtin_popcountll(ev->in->live);
        e->last_live = ev->in->live;
    } else {
        e->execs++;
    }
}

/* One START per wavefront (8 pairs in 3-lane wavefronts: 3 of them, the last with 2
 * lanes) and one EXEC per FC instruction issued. */
static void test_trace_events(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble(".int i0, 2, 0, 0\n    loop i0\n    endloop\n" OUT_ALL
                          ", s0.r, s1.r, s2.r src r0/r0, #1/#1, #0/#0\n");
    dpp_run_opts *o = opts();
    events e = {0};
    o->trace = count_event;
    o->trace_user = &e;
    dpp_run_result r;
    assert_int_equal(dpp_run(x, o, "t", &r, NULL), DPP_OK);
    assert_int_equal(e.starts, 3);
    assert_int_equal(e.lanes_total, W * H);
    assert_int_equal(e.last_live, 0x3);
    assert_int_equal(e.execs, 3 * 3); /* LOOP, ENDLOOP, ENDLOOP per wavefront */
    dpp_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cond_output_from_program),
        cmocka_unit_test(test_cond_output_from_pe),
        cmocka_unit_test(test_cond_exec_at_pe),
        cmocka_unit_test(test_cond_value_per_program),
        cmocka_unit_test(test_kill_last_inactive),
        cmocka_unit_test(test_kill_predicated),
        cmocka_unit_test(test_2x2_fetch),
        cmocka_unit_test(test_faults),
        cmocka_unit_test(test_partial_mode_load),
        cmocka_unit_test(test_trace_events),
    };
    return cmocka_run_group_tests_name("pa", tests, NULL, NULL);
}
