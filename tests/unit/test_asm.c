/* The assembler: the structured pseudo-ops against the canonical encodings
 * of spec 6.6, hazard NOPs, the final OUTPUT, notes and PROGINFO, limits,
 * and mutated sources that must never crash it. */
#include "asm.h"
#include "isa_gen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static dpp_exe *exe;

static int setup(void **state)
{
    (void)state;
    exe = malloc(sizeof *exe);
    return exe ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(exe);
    return 0;
}

static dpp_status assemble(const char *text, int report_nops, dpp_error *err)
{
    dpp_asm_opts o = {report_nops};
    return dpp_asm(text, strlen(text), "t.s", &o, exe, err);
}

static dpp_inst slot(unsigned i)
{
    dpp_inst in;
    dpp_inst_decode(exe->words + i * DPP_INST_DWORDS, &in);
    return in;
}

/* Expected FC fields, in the column order of spec 6.6. */
typedef struct fc_row {
    unsigned slot, func, any, op, a_op, b_op0, b_op1, pop, b_else, addr;
} fc_row;

static void check_fc(const fc_row *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dpp_inst in = slot(r[i].slot);
        const dpp_fc *f = &in.fc;
        unsigned got[] = {f->jump_func, f->jump_any,  f->op,     f->a_op,     f->b_op0,
                          f->b_op1,     f->b_pop_cnt, f->b_else, f->jump_addr};
        unsigned want[] = {r[i].func,  r[i].any, r[i].op,     r[i].a_op, r[i].b_op0,
                           r[i].b_op1, r[i].pop, r[i].b_else, r[i].addr};
        static const char *const names[] = {"JUMP_FUNC", "JUMP_ANY", "OP",   "A_OP",     "B_OP0",
                                            "B_OP1",     "POP",      "ELSE", "JUMP_ADDR"};
        assert_int_equal(in.cmn.type, DPP_TYPE_FC);
        assert_int_equal(in.cmn.alu_wait, 1);
        for (size_t k = 0; k < sizeof got / sizeof got[0]; k++) {
            if (got[k] != want[k])
                print_error("slot %u %s: got 0x%x want 0x%x\n", r[i].slot, names[k], got[k],
                            want[k]);
            assert_int_equal(got[k], want[k]);
        }
    }
}

#define ALU                                                                                        \
    "alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, "      \
    "r0/r0, r0/r0"

static void if_else_endif(void **state)
{
    (void)state;
    dpp_error err;
    /* 0 alu, 1 if, 2 alu, 3 else, 4 alu, 5 endif, 6 if p.g, 7 endif, 8 if !b5, 9 endif, 10 out */
    const char *src = ALU " setres r lt\n if res\n" ALU "\n else\n" ALU "\n endif\n"
                          " if p.g\n endif\n if !b5\n endif\n";
    assert_int_equal(assemble(src, 0, &err), DPP_OK);
    const fc_row rows[] = {
        {1, 0x0F, 0, DPP_FC_JUMP, 0, DPP_BOP_INCR, DPP_BOP_INCR, 0, 0, 4},  /* IF with else */
        {3, 0x00, 0, DPP_FC_JUMP, 0, DPP_BOP_NONE, DPP_BOP_DECR, 1, 1, 6},  /* ELSE */
        /* "ENDIF 0x00 1 JUMP NONE DECR NONE 1 0 0" [seed 000, p43]: JUMP_ADDR 0 */
        {5, 0x00, 1, DPP_FC_JUMP, 0, DPP_BOP_DECR, DPP_BOP_NONE, 1, 0, 0},  /* ENDIF */
        {6, 0x33, 0, DPP_FC_JUMP, 0, DPP_BOP_INCR, DPP_BOP_NONE, 0, 0, 8},  /* IF p, no else */
        {8, 0xAA, 0, DPP_FC_JUMP, 0, DPP_BOP_INCR, DPP_BOP_NONE, 0, 0, 10}, /* IF !b: jump if b */
    };
    check_fc(rows, sizeof rows / sizeof rows[0]);
    assert_int_equal(slot(6).cmn.rgb_pred_sel, DPP_PRED_GGGG);
    assert_int_equal(slot(8).fc.bool_addr, 5);
    assert_int_equal(exe->ninsts, 11);
    assert_int_equal(exe->info.fc_mode, 0); /* no loops, nesting 1 */
}

static void loops_break_continue(void **state)
{
    (void)state;
    dpp_error err;
    /* 0 loop, 1 if, 2 if, 3 break, 4 endif, 5 endif, 6 continue, 7 rep, 8 break if p.r,
     * 9 endrep, 10 endloop, 11 out */
    const char *src = " loop i4\n if b1\n if p.a\n break\n endif\n endif\n continue\n"
                      " rep i7\n break if p.r\n endrep\n endloop\n";
    assert_int_equal(assemble(src, 0, &err), DPP_OK);
    /* LOOP and REP target END+1, as the guide's table [seed 000, p43]: "LOOP 0x00 0 LOOP
     * NONE NONE NONE 0 0 ENDLOOP 1", "REP 0x00 0 REP NONE NONE NONE 0 0 ENDREP 1". */
    const fc_row rows[] = {
        {0, 0x00, 0, DPP_FC_LOOP, 0, 0, 0, 0, 0, 11},
        {3, 0xFF, 0, DPP_FC_BREAKLOOP, 0, DPP_BOP_NONE, DPP_BOP_DECR, 2, 0, 11},
        {6, 0xFF, 0, DPP_FC_CONTINUE, 0, DPP_BOP_NONE, DPP_BOP_DECR, 0, 0, 10},
        {7, 0x00, 0, DPP_FC_REP, 0, 0, 0, 0, 0, 10},
        {8, 0xCC, 0, DPP_FC_BREAKREP, 0, DPP_BOP_NONE, DPP_BOP_DECR, 0, 0, 10},
        {9, 0xFF, 1, DPP_FC_ENDREP, 0, 0, 0, 0, 0, 8},
        {10, 0xFF, 1, DPP_FC_ENDLOOP, 0, 0, 0, 0, 0, 1},
    };
    check_fc(rows, sizeof rows / sizeof rows[0]);
    assert_int_equal(slot(0).fc.int_addr, 4);
    assert_int_equal(slot(10).fc.int_addr, 4);
    assert_int_equal(slot(9).fc.int_addr, 7);
    assert_int_equal(exe->int_used, 1u << 4 | 1u << 7);
    assert_int_equal(exe->info.fc_mode, 1);
}

static void call_and_ret(void **state)
{
    (void)state;
    dpp_error err;
    /* 0 call f, 1 call g if !b1, 2 fc jump end, 3 f: ret if p.b, 4 ret,
     * 5 g: ret if p.b, 6 ret if p.r, 7 ret, 8 end: out.
     * Spec 6.6 "Conditional RET": a ret if that stays parks its lanes one level
     * deeper (B_OP0 INCR); the group's return (B_OP1) undoes the levels of the
     * earlier ret ifs, plus the CALL's level when g is called conditionally.
     * f (unconditional): ret if pops 0 (none parked yet), ret pops 1.
     * g (conditional): ret ifs pop 0+1 and 1+1, ret pops 2+1. */
    const char *src = " call f\n call g if !b1\n fc jump end jump_func=0xff\nf:\n ret if p.b\n"
                      " ret\ng:\n ret if p.b\n ret if p.r\n ret\nend:\n";
    assert_int_equal(assemble(src, 0, &err), DPP_OK);
    const fc_row rows[] = {
        {0, 0xFF, 1, DPP_FC_JUMP, DPP_AOP_PUSH, 0, 0, 0, 0, 3},
        {1, 0x55, 1, DPP_FC_JUMP, DPP_AOP_PUSH, DPP_BOP_NONE, DPP_BOP_INCR, 0, 0, 5},
        {3, 0xCC, 0, DPP_FC_JUMP, DPP_AOP_POP, DPP_BOP_INCR, DPP_BOP_NONE, 0, 0, 0},
        {4, 0xFF, 0, DPP_FC_JUMP, DPP_AOP_POP, DPP_BOP_NONE, DPP_BOP_DECR, 1, 0, 0},
        {5, 0xCC, 0, DPP_FC_JUMP, DPP_AOP_POP, DPP_BOP_INCR, DPP_BOP_DECR, 1, 0, 0},
        {6, 0xCC, 0, DPP_FC_JUMP, DPP_AOP_POP, DPP_BOP_INCR, DPP_BOP_DECR, 2, 0, 0},
        {7, 0xFF, 0, DPP_FC_JUMP, DPP_AOP_POP, DPP_BOP_NONE, DPP_BOP_DECR, 3, 0, 0},
    };
    check_fc(rows, sizeof rows / sizeof rows[0]);
    assert_int_equal(slot(2).fc.jump_addr, 8);
    assert_int_equal(slot(8).cmn.type, DPP_TYPE_OUT);

    /* An explicit override is kept as written. */
    assert_int_equal(assemble(" call f if b0\nf:\n ret b_op1=none\n", 0, &err), DPP_OK);
    assert_int_equal(slot(1).fc.b_op1, DPP_BOP_NONE);
    /* One subroutine called both ways cannot be restored by one RET. */
    assert_int_not_equal(assemble(" call f\n call f if b0\nf:\n ret\n", 0, &err), DPP_OK);
    assert_non_null(strstr(err.msg, "called both conditionally and unconditionally"));
    /* A conditional return inside an if (spec 6.7). */
    assert_int_not_equal(assemble(" call f\nf:\n if b0\n ret if b1\n endif\n ret\n", 0, &err),
                         DPP_OK);
    assert_non_null(strstr(err.msg, "top level"));
}

/* A lookup writes R, G, B and A: `tex ... if P` predicates all four, RGB_PRED_SEL/INV and
 * ALPHA_PRED_SEL/INV alike, and prints back as `if P`; an encoding that predicates only some
 * channels prints as its fields, never as `if P` (before: `if p.r` left alpha unpredicated
 * and an RGB-only word printed as `if p.rrrr`). */
static void tex_predicate_covers_alpha(void **state)
{
    (void)state;
    dpp_error err;
    char line[256];
    assert_int_equal(assemble(" tex ld r1.rgba, r0.rgba, i0 unscaled if !p.g\n", 0, &err), DPP_OK);
    dpp_inst in = slot(0);
    assert_int_equal(in.cmn.rgb_pred_sel, DPP_PRED_GGGG);
    assert_int_equal(in.cmn.rgb_pred_inv, 1);
    assert_int_equal(in.cmn.alpha_pred_sel, DPP_PRED_GGGG);
    assert_int_equal(in.cmn.alpha_pred_inv, 1);
    dpp_disasm_inst(&in, 0, line, sizeof line);
    assert_non_null(strstr(line, " if !p.gggg"));
    assert_null(strstr(line, "pred_"));
    assert_int_equal(assemble(" tex ld r1.rgba, r0.rgba, i0 unscaled rgb_pred_sel=rrrr\n", 0, &err),
                     DPP_OK);
    in = slot(0);
    assert_int_equal(in.cmn.alpha_pred_sel, DPP_PRED_NONE);
    dpp_disasm_inst(&in, 0, line, sizeof line);
    assert_null(strstr(line, " if "));
    assert_non_null(strstr(line, " rgb_pred_sel=rrrr"));
}

/* `head`, then k nested ifs on b0..b(k-1) and their endifs, into buf. */
static const char *nested_ifs(char *buf, size_t n, const char *head, unsigned k)
{
    size_t used = (size_t)snprintf(buf, n, "%s", head);
    for (unsigned i = 0; i < k; i++)
        used += (size_t)snprintf(buf + used, n - used, " if b%u\n", i);
    for (unsigned i = 0; i < k; i++)
        used += (size_t)snprintf(buf + used, n - used, " endif\n");
    return buf;
}

/* The guide [seed 000 p38]: "Partial flow control mode should be used unless the program
 * requires branch statements nested more than 6 deep or the program requires loops or
 * subroutines". Without .proginfo the assembler picks partial mode exactly then. */
static void deep_nesting_selects_full_mode(void **state)
{
    (void)state;
    dpp_error err;
    char buf[512];
    assert_int_equal(assemble(nested_ifs(buf, sizeof buf, "", 6), 0, &err), DPP_OK);
    assert_int_equal(exe->info.fc_mode, 0);
    assert_int_equal(assemble(nested_ifs(buf, sizeof buf, "", 7), 0, &err), DPP_OK);
    assert_int_equal(exe->info.fc_mode, 1);
    assert_int_equal(assemble(" call f\nf:\n ret\n", 0, &err), DPP_OK);
    assert_int_equal(exe->info.fc_mode, 1);
    assert_int_equal(assemble(".proginfo fc_mode=full\n if b0\n endif\n", 0, &err), DPP_OK);
    assert_int_equal(exe->info.fc_mode, 1);
}

/* fc_mode=partial that breaks a rule of seed 000 p38 is refused at the line that breaks it. */
static void partial_mode_rules(void **state)
{
    (void)state;
    dpp_error err;
    char buf[512];
    const char *partial = ".proginfo fc_mode=partial\n";
    assert_int_equal(assemble(nested_ifs(buf, sizeof buf, partial, 6), 0, &err), DPP_OK);
    assert_int_equal(exe->info.fc_mode, 0);
    /* the 7th if, line 8, slot 6 */
    assert_int_equal(assemble(nested_ifs(buf, sizeof buf, partial, 7), 0, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "t.s:8:1: error: slot 6: branches nested 7 deep; partial "
                                    "flow-control mode allows 6 [seed 000 p38]"));
    static const struct {
        const char *src, *want;
    } bad[] = {
        {" if b0\n loop i0\n endloop\n endif\n",
         "t.s:3:1: error: slot 1: fc loop: partial flow-control mode allows no loops"},
        {" rep i1\n endrep\n", "t.s:2:1: error: slot 0: fc rep: partial flow-control mode"},
        {" call f\nf:\n ret\n", "t.s:2:1: error: slot 0: JUMP with A_OP PUSH (call): partial "
                                 "flow-control mode allows no subroutine calls or returns"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(buf, sizeof buf, "%s%s", partial, bad[i].src);
        assert_int_equal(assemble(buf, 0, &err), DPP_E_ILLEGAL);
        if (!strstr(err.msg, bad[i].want))
            fail_msg("%s: got '%s'", bad[i].want, err.msg);
    }
}

static void hazard_nop_and_final_output(void **state)
{
    (void)state;
    dpp_error err;
    const char *src =
        "alu rgb mad r5.r, s0.rgb, s1.rgb, s2.rgb alpha mad r6._, s0.a, s1.a, s2.a src r0/r0, "
        "r0/r0, r0/r0\n"
        "alu rgb mad r1.rgb, sp.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, "
        "r0/r5, r0/r0 srcp sub/sub\n"
        "alu rgb mad r2.rgb, sp.rgb, s1.rgb, s2.rgb alpha mad r2.a, s0.a, s1.a, s2.a src r1/r0, "
        "r0/r0, r0/r0\n";
    assert_int_equal(assemble(src, 0, &err), DPP_OK);
    assert_int_equal(slot(0).cmn.nop, 1); /* r5 feeds slot 1's presubtract (alpha src1) */
    assert_int_equal(slot(1).cmn.nop, 1); /* r1 feeds slot 2's presubtract */
    assert_int_equal(slot(2).cmn.nop, 0);
    assert_int_equal(exe->ninsts, 4);
    dpp_inst last = slot(3);
    assert_int_equal(last.cmn.type, DPP_TYPE_OUT);
    assert_int_equal(last.cmn.tex_sem_wait, 1);
    assert_int_equal(last.cmn.rgb_omask | last.cmn.alpha_omask | last.cmn.rgb_wmask, 0);
    /* reported instead of inserted */
    assert_int_equal(assemble(src, 1, &err), DPP_E_PARSE);
    assert_non_null(strstr(err.msg, "t.s:2:1: error: presubtract"));
    /* a final out gets WAIT, nothing is appended */
    assert_int_equal(assemble("out rgb mad r0._, s0.rgb, s0.rgb, s0.rgb alpha mad r0._, s0.a, "
                              "s0.a, s0.a src r0/r0, r0/r0, r0/r0\n",
                              0, &err),
                     DPP_OK);
    assert_int_equal(exe->ninsts, 1);
    assert_int_equal(slot(0).cmn.tex_sem_wait, 1);
    /* an empty program still gets its OUTPUT */
    assert_int_equal(assemble("; nothing\n", 0, &err), DPP_OK);
    assert_int_equal(exe->ninsts, 1);
}

/* seed 000, p34: "RGB_OMASK 3 bits Write R G B to output or to predicate
 * bits": `setp MASK` encodes the output masks, never STAT_WE; `stat MASK` is
 * STAT_WE alone (docs/isa-model-defined.md I13). */
static void setp_encodes_output_masks(void **state)
{
    (void)state;
    dpp_error err;
    const char *src = "alu rgb mad r1.r, s0.rgb, s0.rgb, s0.rgb alpha mad r1._, s0.a, s0.a, s0.a "
                      "src r0/r0, r0/r0, r0/r0 setp ga lt ge\n"
                      "alu rgb mad r1.r, s0.rgb, s0.rgb, s0.rgb alpha mad r1._, s0.a, s0.a, s0.a "
                      "src r0/r0, r0/r0, r0/r0 stat rb\n";
    assert_int_equal(assemble(src, 0, &err), DPP_OK);
    dpp_inst p = slot(0), q = slot(1);
    assert_int_equal(p.cmn.rgb_omask, 2);
    assert_int_equal(p.cmn.alpha_omask, 1);
    assert_int_equal(p.cmn.stat_we, 0);
    assert_int_equal(p.alu.rgb_target, DPP_CMP_LT);
    assert_int_equal(p.alu.alpha_target, DPP_CMP_GE);
    assert_int_equal(q.cmn.stat_we, 5);
    assert_int_equal(dpp_cmn_omask(&q.cmn), 0);
}

static void notes_and_proginfo(void **state)
{
    (void)state;
    dpp_error err;
    const char *src =
        ".float c9, 1\n"
        "tex ld r3.rgba, r0.rgba, i6\n"
        "tex texkill r0._, r0.rgba, i7\n"
        "alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a "
        "src c4/c5, c[aL+100]/r0, #1/#1\n"
        "out rgb mad r10._ o2.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ o3.a w, s0.a, "
        "s1.a, s2.a src r0/r0, r0/r0, r0/r0 last\n";
    assert_int_equal(assemble(src, 0, &err), DPP_OK);
    assert_int_equal(exe->inputs, 1u << 6);
    assert_int_equal(exe->outputs, 1u << 2 | 1u << 3);
    assert_int_equal(exe->condout, 1);
    assert_int_equal(exe->earlyexit, 1);
    assert_true(exe->float_used[4] && exe->float_used[5] && exe->float_used[9]);
    assert_false(exe->float_used[100]);       /* relative: unknown */
    assert_int_equal(exe->info.num_temps, 4); /* r3 is the highest temporary read or written */
    assert_int_equal(exe->info.reserved, 1);
    assert_int_equal(exe->info.num_insts, 4);
    assert_int_equal(exe->info.fg_depth_src, 1); /* it writes W */
}

/* FG_DEPTH_SRC picks v for the whole program (isa-model-defined E11): 1 by default when an
 * OUTPUT writes W, else 0; .proginfo may say 0 for a program that writes W, but not 1 for one
 * that writes no W and declares none (error at the .proginfo line). */
static void fg_depth_src_follows_w(void **state)
{
    (void)state;
    dpp_error err;
    static const char w[] = "out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r0._ w, "
                            "s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0\n",
                      now[] = "out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r0/r0, r0/r0, "
                              "r0/r0\n";
    static const struct {
        const char *pre, *body;
        uint32_t fg, condout;
    } ok[] = {{"", w, 1, 1},
              {"", now, 0, 0},
              {".proginfo fg_depth_src=0\n", w, 0, 1},
              {".use condout\n", now, 0, 1},
              {".use condout\n.proginfo fg_depth_src=1\n", now, 1, 1}};
    char src[512];
    for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
        snprintf(src, sizeof src, "%s%s", ok[k].pre, ok[k].body);
        if (assemble(src, 0, &err) != DPP_OK)
            fail_msg("case %zu: %s", k, err.msg);
        assert_int_equal(exe->info.fg_depth_src, ok[k].fg);
        assert_int_equal(exe->condout, ok[k].condout);
    }
    snprintf(src, sizeof src, "\n.proginfo fg_depth_src=1\n%s", now);
    assert_int_equal(assemble(src, 0, &err), DPP_E_PARSE);
    assert_non_null(strstr(err.msg, "t.s:2:1: error: fg_depth_src=1 takes the conditional value "
                                    "from W, but no 'out ... w' writes it"));
}

static void limits(void **state)
{
    (void)state;
    dpp_error err;
    char *big = malloc(600 * 40), *p = big;
    for (int i = 0; i < 65; i++)
        p += sprintf(p, " if b0\n");
    assert_int_equal(assemble(big, 0, &err), DPP_E_PARSE);
    assert_non_null(strstr(err.msg, "t.s:65:2: error: blocks nested more than 64 deep"));
    p = big;
    for (int i = 0; i < 520; i++)
        p += sprintf(p, "tex nop r0._, r0.rgba, i0\n");
    assert_int_equal(assemble(big, 0, &err), DPP_E_PARSE);
    assert_non_null(strstr(err.msg, "t.s:513:1: error: program has more than 512 instructions"));
    p = big;
    for (int i = 0; i < 512; i++)
        p += sprintf(p, "tex nop r0._, r0.rgba, i0\n");
    assert_int_equal(assemble(big, 0, &err), DPP_E_PARSE); /* no room for the final OUTPUT */
    assert_non_null(strstr(err.msg, "more than 512 instructions"));
    free(big);
}

/* Register operands are placed in source slots by the assembler: the result
 * equals the hand-allocated form, and unused halves are inline 0. */
static void direct_operands_match_explicit_slots(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"alu rgb mad r4.rgb, r1.bgr, r2.aaa, r3.xyz alpha mad r4.a, r1.r, r2.a, r3.w",
         "alu rgb mad r4.rgb, s0.bgr, s0.aaa, s1.rgb alpha mad r4.a, s0.r, s0.a, s1.a "
         "src r1/r2, r3/r3, #0/#0"},
        {"alu rgb mad r2.rgb, -r1, |c[aL+3].xxx|, #0.5 alpha rcp r2.a, r1.w, r1.w, r1.w",
         "alu rgb mad r2.rgb, -s0.rgb, |s1.rrr|, s2.rgb alpha rcp r2.a, s0.a, s0.a, s0.a "
         "src r1/r1, c[aL+3]/#0, #0.5/#0"},
        {"alu rgb mad r2.rgb, s0.rgb, r7, s0.rgb alpha mad r2.a, s0.a, r7.a, s0.a src r1/r1, "
         "r9/r9, r7/r7",
         "alu rgb mad r2.rgb, s0.rgb, s2.rgb, s0.rgb alpha mad r2.a, s0.a, s2.a, s0.a "
         "src r1/r1, r9/r9, r7/r7"},
        {"alu rgb max r3.rgb, r1.01h, r1.01h, r1.01h alpha max r3.a, r1.1, r1.1, r1.1",
         "alu rgb max r3.rgb, s0.01h, s0.01h, s0.01h alpha max r3.a, s0.1, s0.1, s0.1 "
         "src #0/#0, #0/#0, #0/#0"},
    };
    dpp_error err;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        uint32_t w[2][DPP_INST_DWORDS];
        for (int k = 0; k < 2; k++) {
            char text[512];
            snprintf(text, sizeof text, "%s\n", pairs[i][k]);
            dpp_status st = assemble(text, 1, &err);
            if (st != DPP_OK)
                print_error("%s\n", err.msg);
            assert_int_equal(st, DPP_OK);
            memcpy(w[k], exe->words, sizeof w[k]);
        }
        if (memcmp(w[0], w[1], sizeof w[0]))
            print_error("pair %zu differs\n", i);
        assert_memory_equal(w[0], w[1], sizeof w[0]);
    }
}

/* Mutated good sources: each either assembles or fails with a located
 * message; the binary runs under ASan/UBSan, so a crash fails the test. */
static void mutated_sources_never_crash(void **state)
{
    (void)state;
    static const char *const seeds[] = {
        ".float c0, 1, 2, 3, 4\n.int i1, 3, 0, -1\nstart:\n" ALU " setres r lt\n if res\n loop i1\n"
        " break if p.r\n endloop\n else\n call start if !b2\n endif\n"
        " tex ld r1.rgba, r[aL+2].abgr, i3 dswz rgba acquire wait\n"
        " out rgb max.disabled r0._ o1.r_b, -|s0.rgb|, sp.0h1, s2.rgb if !p.gggg alpha cnd.d2.sat "
        "r0.a o1.a w, s0.a, s1.a, s2.a src c[aL+3]/#0.5, r1/r1, r2/r2 srcp bias/inv nop\n",
        ".float c2, 0.5\n alu rgb mad r2.xyz, -r1.zyx, |c2.xxx|, #1 alpha rcp r2.w, r1.x, r3.w, "
        "c[aL+1].w\n alu rgb dp4 r4.r_b, r2, r2, sp.rgb alpha dp r4.a, r2.w, r2.w, #0 srcp "
        "sub/add\n"
        " out rgb max r0._ o0.rgb, r4, r4, r4 alpha max r0._ o0.a, r4.a, r4.a, r4.a\n",
    };
    const char junk[] = " \n\\;#[]|!-+,./:=@aLrcs01pio_.\t\x01\xff";
    uint64_t rng = 99;
    dpp_error err;
    unsigned ok = 0, refused = 0;
    for (int round = 0; round < 3000; round++) {
        const char *s = seeds[round % 2];
        size_t n = strlen(s);
        char buf[2048];
        memcpy(buf, s, n + 1);
        int edits = 1 + (int)(gen_rand(&rng) % 4);
        for (int e = 0; e < edits && n > 0; e++) {
            size_t at = gen_rand(&rng) % n;
            switch (gen_rand(&rng) % 3) {
            case 0:
                buf[at] = junk[gen_rand(&rng) % (sizeof junk - 1)];
                break;
            case 1:
                memmove(buf + at, buf + at + 1, n - at);
                n--;
                break;
            default:
                n = at; /* truncate */
                buf[n] = 0;
                break;
            }
        }
        dpp_status st = dpp_asm(buf, n, "m.s", NULL, exe, &err);
        if (st == DPP_OK) {
            ok++;
            assert_int_equal(dpp_program_validate(exe->words, exe->ninsts, &err), DPP_OK);
        } else {
            refused++;
            assert_int_equal(strncmp(err.msg, "m.s:", 4), 0);
            assert_non_null(strstr(err.msg, ": error: "));
        }
    }
    assert_true(ok > 0 && refused > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(if_else_endif),
        cmocka_unit_test(tex_predicate_covers_alpha),
        cmocka_unit_test(loops_break_continue),
        cmocka_unit_test(partial_mode_rules),
        cmocka_unit_test(call_and_ret),
        cmocka_unit_test(deep_nesting_selects_full_mode),
        cmocka_unit_test(hazard_nop_and_final_output),
        cmocka_unit_test(setp_encodes_output_masks),
        cmocka_unit_test(notes_and_proginfo),
        cmocka_unit_test(fg_depth_src_follows_w),
        cmocka_unit_test(limits),
        cmocka_unit_test(direct_operands_match_explicit_slots),
        cmocka_unit_test(mutated_sources_never_crash),
    };
    return cmocka_run_group_tests_name("asm", tests, setup, teardown);
}
