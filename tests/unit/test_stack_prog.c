/* stack_prog: the static walk of a CTM program into stack ops
 * (docs/stack_acct.md, "CTM programs"). Programs are built here from the
 * canonical encodings of fc_canon (spec 6.6), without the assembler, so the
 * walk's mapping is checked against that table: every construct of it must be
 * recognised, with the op the mapping table states. */
#include "cmocka_all.h"

#include "fc_canon.h"
#include "stack_prog.h"

#include <stdlib.h>
#include <string.h>

enum { ALU = -1, GOTO = FC_C_COUNT, RET_ALWAYS }; /* non-FC slot; unconditional forward JUMP; RET_COND on 0xFF */

typedef struct pslot {
    int c;       /* fc_construct, ALU or GOTO */
    uint16_t to; /* JUMP_ADDR */
    uint8_t pop; /* B_POP_CNT where the construct takes one */
} pslot;

typedef struct want {
    unsigned slot, op, pops;
} want;

#define MAXS 16

typedef struct walk_case {
    const char *name;
    pslot prog[MAXS];
    unsigned n;
    want ev[MAXS];
    unsigned nev;
} walk_case;

static dpp_exe *build(const pslot *p, unsigned n)
{
    dpp_exe *x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->ninsts = n;
    for (unsigned i = 0; i < n; i++) {
        dpp_inst in;
        memset(&in, 0, sizeof in);
        if (p[i].c != ALU) {
            fc_fields f = p[i].c == GOTO         ? (fc_fields){.jump_func = 0xFF}
                          : p[i].c == RET_ALWAYS ? fc_canon(FC_C_RET_COND, 0, p[i].pop, 0xFF)
                                                 : fc_canon((fc_construct)p[i].c, 0, p[i].pop, 0xF0);
            in.cmn.type = DPP_TYPE_FC;
            in.fc.op = f.op;
            in.fc.b_else = f.b_else;
            in.fc.jump_any = f.jump_any;
            in.fc.a_op = f.a_op;
            in.fc.jump_func = f.jump_func;
            in.fc.b_pop_cnt = f.b_pop_cnt;
            in.fc.b_op0 = f.b_op0;
            in.fc.b_op1 = f.b_op1;
            in.fc.jump_addr = p[i].to;
        }
        dpp_inst_encode(&in, &x->words[i * DPP_INST_DWORDS]);
    }
    return x;
}

/* The expected walks, derived from the mapping table by hand. */
static const walk_case cases[] = {
    {"ifs",
     {{FC_C_IF, 0, 0},
      {FC_C_IF_PRED, 0, 0},
      {FC_C_IF_BOOL, 0, 0},
      {FC_C_IF_MERGED, 0, 1},
      {FC_C_ENDIF, 0, 4}},
     5,
     {{0, STACK_OP_ALU_PUSH_BEFORE, 0},
      {1, STACK_OP_ALU_PUSH_BEFORE, 0},
      {2, STACK_OP_ALU_PUSH_BEFORE, 0},
      {3, STACK_OP_ALU_PUSH_BEFORE, 0},
      {4, STACK_OP_POP, 4}},
     5},
    {"if-else",
     {{FC_C_IF_ELSE, 0, 0},
      {ALU, 0, 0},
      {FC_C_ELSE, 0, 1},
      {FC_C_IF_PRED_ELSE, 0, 0},
      {FC_C_ELSE, 0, 1},
      {FC_C_IF_BOOL_ELSE, 0, 0},
      {FC_C_ELSE, 0, 1},
      {FC_C_ENDIF, 0, 3}},
     8,
     {{0, STACK_OP_ALU_PUSH_BEFORE, 0},
      {2, STACK_OP_ELSE, 1},
      {3, STACK_OP_ALU_PUSH_BEFORE, 0},
      {4, STACK_OP_ELSE, 1},
      {5, STACK_OP_ALU_PUSH_BEFORE, 0},
      {6, STACK_OP_ELSE, 1},
      {7, STACK_OP_POP, 3}},
     7},
    {"loops and exits",
     {{FC_C_LOOP, 0, 0},
      {FC_C_BREAKC_LOOP, 0, 0},
      {FC_C_REP, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_BREAKREP, 0, 1},
      {FC_C_BREAKC_REP, 0, 1},
      {FC_C_CONTINUE, 0, 1},
      {FC_C_ENDIF, 0, 1},
      {FC_C_ENDREP, 0, 0},
      {FC_C_BREAKLOOP, 0, 0},
      {FC_C_CONTINUE, 0, 0},
      {FC_C_ENDLOOP, 0, 0}},
     12,
     {{0, STACK_OP_LOOP_START, 0},
      {1, STACK_OP_NOP, 0},
      {2, STACK_OP_LOOP_START, 0},
      {3, STACK_OP_ALU_PUSH_BEFORE, 0},
      {4, STACK_OP_NOP, 0},
      {5, STACK_OP_NOP, 0},
      {6, STACK_OP_NOP, 0},
      {7, STACK_OP_POP, 1},
      {8, STACK_OP_LOOP_END, 1},
      {9, STACK_OP_NOP, 0},
      {10, STACK_OP_NOP, 0},
      {11, STACK_OP_LOOP_END, 1}},
     12},
    /* 0 call f; 1 callnz g; 2 goto 9; f: 3 ret_cond, 4 ret; g: 5 if, 6 endif,
     * 7 ret_callnz; 8 (skipped). Walk: 0 3 4 1 5 6 7 2. */
    {"calls",
     {{FC_C_CALL, 3, 0},
      {FC_C_CALLNZ, 5, 0},
      {GOTO, 9, 0},
      {FC_C_RET_COND, 0, 0},
      {FC_C_RET, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_ENDIF, 0, 1},
      {FC_C_RET_CALLNZ, 0, 1},
      {FC_C_ENDIF, 0, 7},
      {ALU, 0, 0}},
     10,
     {{0, STACK_OP_CALL, 0},
      {3, STACK_OP_NOP, 0},
      {4, STACK_OP_RETURN, 1},
      {1, STACK_OP_CALL, 0},
      {5, STACK_OP_ALU_PUSH_BEFORE, 0},
      {6, STACK_OP_POP, 1},
      {7, STACK_OP_RETURN, 1},
      {2, STACK_OP_NOP, 0}},
     8},
    /* A function that ends in `ret if` on an always-true condition (how progen ends one with
     * conditional returns) returns there: 0 callnz f; 1 goto 5; f: 2 ret if, 3 ret if true,
     * 4 (skipped). Walk: 0 2 3 1. */
    {"always-true ret if",
     {{FC_C_CALLNZ, 2, 0},
      {GOTO, 5, 0},
      {FC_C_RET_COND, 0, 1},
      {RET_ALWAYS, 0, 2},
      {ALU, 0, 0},
      {ALU, 0, 0}},
     6,
     {{0, STACK_OP_CALL, 0}, {2, STACK_OP_NOP, 0}, {3, STACK_OP_RETURN, 1}, {1, STACK_OP_NOP, 0}},
     4},
    /* A merged ENDIF of 9 levels: POP 7 then POP 2, both at its slot. */
    {"pop above 7",
     {{FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_IF, 0, 0},
      {FC_C_ENDIF, 0, 9}},
     10,
     {{0, STACK_OP_ALU_PUSH_BEFORE, 0},
      {1, STACK_OP_ALU_PUSH_BEFORE, 0},
      {2, STACK_OP_ALU_PUSH_BEFORE, 0},
      {3, STACK_OP_ALU_PUSH_BEFORE, 0},
      {4, STACK_OP_ALU_PUSH_BEFORE, 0},
      {5, STACK_OP_ALU_PUSH_BEFORE, 0},
      {6, STACK_OP_ALU_PUSH_BEFORE, 0},
      {7, STACK_OP_ALU_PUSH_BEFORE, 0},
      {8, STACK_OP_ALU_PUSH_BEFORE, 0},
      {9, STACK_OP_POP, 7},
      {9, STACK_OP_POP, 2}},
     11},
};

static void test_walks(void **state)
{
    (void)state;
    unsigned seen = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const walk_case *wc = &cases[k];
        dpp_exe *x = build(wc->prog, wc->n);
        stack_event *ev = NULL;
        size_t n = 0;
        dpp_error err = {0};
        if (stack_prog_walk("t.elf", x, &ev, &n, &err) != DPP_OK)
            fail_msg("%s: %s", wc->name, err.msg);
        if (n != wc->nev)
            fail_msg("%s: %zu ops, want %u", wc->name, n, wc->nev);
        for (unsigned i = 0; i < wc->nev; i++) {
            const want *w = &wc->ev[i];
            if (ev[i].line != w->slot || ev[i].in.op != w->op ||
                (w->pops && ev[i].in.pop_count != w->pops) || ev[i].in.taken || ev[i].col)
                fail_msg("%s: op %u: slot %u %s/%u, want slot %u %s/%u", wc->name, i, ev[i].line,
                         stack_op_name(ev[i].in.op), ev[i].in.pop_count, w->slot,
                         stack_op_name(w->op), w->pops);
        }
        for (unsigned i = 0; i < wc->n; i++)
            if (wc->prog[i].c >= 0 && wc->prog[i].c < FC_C_COUNT)
                seen |= 1u << wc->prog[i].c;
        stack_events_free(ev);
        free(x);
    }
    /* Every canonical construct of fc_canon is covered above. */
    assert_int_equal(seen, (1u << FC_C_COUNT) - 1);
}

/* Malformed flow: the error names the slot; nothing is returned. */
static void expect_fail(const pslot *p, unsigned n, const char *msg)
{
    dpp_exe *x = build(p, n);
    stack_event *ev = (stack_event *)&ev;
    size_t cnt = 99;
    dpp_error err = {0};
    assert_int_equal(stack_prog_walk("t.elf", x, &ev, &cnt, &err), DPP_E_FORMAT);
    assert_null(ev);
    assert_int_equal(cnt, 0);
    assert_string_equal(err.msg, msg);
    free(x);
}

static void test_errors(void **state)
{
    (void)state;
    const pslot else_in_loop[] = {{FC_C_LOOP, 0, 0}, {FC_C_ELSE, 0, 1}, {FC_C_ENDLOOP, 0, 0}};
    expect_fail(else_in_loop, 3,
                "t.elf: slot 1: error: ELSE without an open IF (the innermost open block is the "
                "LOOP at slot 0)");
    const pslot two_elses[] = {{FC_C_IF_ELSE, 0, 0}, {FC_C_ELSE, 0, 1}, {FC_C_ELSE, 0, 1}};
    expect_fail(two_elses, 3, "t.elf: slot 2: error: second ELSE for the IF at slot 0");
    const pslot endif0[] = {{FC_C_IF, 0, 0}, {FC_C_ENDIF, 0, 0}};
    expect_fail(endif0, 2, "t.elf: slot 1: error: ENDIF pops 0 levels (B_POP_CNT 0)");
    const pslot endrep_loop[] = {{FC_C_LOOP, 0, 0}, {FC_C_ENDREP, 0, 0}};
    expect_fail(endrep_loop, 2,
                "t.elf: slot 1: error: ENDREP without an open REP (the innermost open block is "
                "the LOOP at slot 0)");
    const pslot cont_out[] = {{FC_C_CONTINUE, 0, 0}};
    expect_fail(cont_out, 1, "t.elf: slot 0: error: CONTINUE outside a loop");
    /* A loop does not reach through a call: a BREAK in a subroutine is outside it. */
    const pslot brk_call[] = {{FC_C_LOOP, 0, 0},
                              {FC_C_CALL, 3, 0},
                              {FC_C_ENDLOOP, 0, 0},
                              {FC_C_BREAKLOOP, 0, 0},
                              {FC_C_RET, 0, 0}};
    expect_fail(brk_call, 5, "t.elf: slot 3: error: BREAKLOOP outside a loop");
    const pslot self_call[] = {{FC_C_CALL, 0, 0}};
    expect_fail(self_call, 1,
                "t.elf: slot 0: error: recursive call: the subroutine at slot 0 is already being "
                "walked (called at slot 0)");
    const pslot ret_cond_main[] = {{FC_C_RET_COND, 0, 0}};
    expect_fail(ret_cond_main, 1,
                "t.elf: slot 0: error: conditional RET outside a subroutine (no CALL leads here)");
    const pslot loop_open[] = {{FC_C_REP, 0, 0}, {ALU, 0, 0}};
    expect_fail(loop_open, 2,
                "t.elf: slot 0: error: REP is not closed before the end of the program");
    const pslot goto_self[] = {{GOTO, 0, 0}};
    expect_fail(goto_self, 1,
                "t.elf: slot 0: error: backward JUMP to slot 0 (the walk follows forward jumps "
                "only)");
}

/* An empty program and one without flow control walk to no op at all. */
static void test_no_flow(void **state)
{
    (void)state;
    const pslot p[] = {{ALU, 0, 0}, {ALU, 0, 0}};
    for (unsigned n = 0; n <= 2; n++) {
        dpp_exe *x = build(p, n);
        stack_event *ev = NULL;
        size_t cnt = 99;
        assert_int_equal(stack_prog_walk("t.elf", x, &ev, &cnt, NULL), DPP_OK);
        assert_int_equal(cnt, 0);
        stack_events_free(ev);
        free(x);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walks),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_no_flow),
    };
    return cmocka_run_group_tests_name("stack_prog", tests, NULL, NULL);
}
