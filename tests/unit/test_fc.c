/* fc_unit: every row of the canonical encodings (spec ctm-isa.md 6.6), with the
 * expected active mask of all 8 lanes after every instruction, plus the
 * model-defined faults and corner cases of docs/fc_unit.md. */
#include "cmocka_all.h"

#include "fc.h"
#include "fc_canon.h"

#include <stdio.h>
#include <string.h>

enum { CHK_DEPTH = 1, CHK_LSP = 2, CHK_ASP = 4, CHK_AL = 8, CHK_BC = 16 };

/* One FC issue and what must hold after it. */
typedef struct step {
    uint16_t pc;
    fc_construct c;
    uint16_t addr;
    uint8_t pop, jf;
    uint64_t alu;
    uint64_t pred; /* R channel; the row's pred_sel picks it */
    uint8_t psel, pinv, boolc;
    uint64_t exp_active;
    uint16_t exp_next;
    unsigned chk;
    uint8_t exp_depth, exp_lsp, exp_asp;
    int16_t exp_al;
    uint8_t exp_bc[8];
} step;

typedef struct scenario {
    const char *name;
    uint8_t count, init;
    int8_t stepv;
    const step *steps;
    size_t n;
} scenario;

#define SCEN(nm, cnt, ini, stp, arr)                                                               \
    {                                                                                              \
        nm, cnt, ini, stp, arr, sizeof arr / sizeof arr[0]                                         \
    }

static fc_unit_model *make(unsigned lanes, unsigned contexts, unsigned addr, unsigned loop)
{
    fc_unit_params p = fc_unit_default_params();
    p.lanes = lanes;
    p.contexts = contexts;
    p.addr_depth = addr;
    p.loop_depth = loop;
    fc_unit_model *m = NULL;
    assert_int_equal(fc_unit_create(&p, &m, NULL), DPP_OK);
    return m;
}

static void start(fc_unit_model *m, unsigned ctx, uint64_t live, fc_unit_out *o)
{
    fc_unit_in in = {.cmd = FC_CMD_START, .ctx = (uint8_t)ctx, .live = live};
    fc_unit_step(m, &in, o);
}

static fc_unit_in exec_in(const scenario *s, const step *st)
{
    fc_unit_in in = {.cmd = FC_CMD_EXEC, .full_mode = 1, .alu_valid = 1, .live = 0xFF};
    in.inst = fc_canon(st->c, st->addr, st->pop, st->jf);
    in.inst.pred_sel = st->psel;
    in.inst.pred_inv = st->pinv;
    in.pred[0] = st->pred;
    in.alu_result = st->alu;
    in.bool_const = st->boolc;
    in.loop_count = s->count;
    in.loop_init = s->init;
    in.loop_step = s->stepv;
    in.pc = st->pc;
    return in;
}

static void check_step(const scenario *s, size_t i, const fc_unit_out *o)
{
    const step *st = &s->steps[i];
    char where[96];
    snprintf(where, sizeof where, "%s step %zu (pc %u %s)", s->name, i, st->pc,
             fc_construct_name(st->c));
    if (o->fault || o->active != st->exp_active || o->next_pc != st->exp_next)
        fail_msg("%s: fault %u active 0x%02llx (want 0x%02llx) next %u (want %u)", where, o->fault,
                 (unsigned long long)o->active, (unsigned long long)st->exp_active, o->next_pc,
                 st->exp_next);
    if ((st->chk & CHK_DEPTH) && o->depth != st->exp_depth)
        fail_msg("%s: depth %u want %u", where, o->depth, st->exp_depth);
    if ((st->chk & CHK_LSP) && o->loop_sp != st->exp_lsp)
        fail_msg("%s: loop_sp %u want %u", where, o->loop_sp, st->exp_lsp);
    if ((st->chk & CHK_ASP) && o->addr_sp != st->exp_asp)
        fail_msg("%s: addr_sp %u want %u", where, o->addr_sp, st->exp_asp);
    if ((st->chk & CHK_AL) && (int16_t)o->al != st->exp_al)
        fail_msg("%s: aL %d want %d", where, (int16_t)o->al, st->exp_al);
    if (st->chk & CHK_BC)
        for (unsigned l = 0; l < 8; l++)
            if (o->bc[l] != st->exp_bc[l])
                fail_msg("%s: lane %u counter %u want %u", where, l, o->bc[l], st->exp_bc[l]);
}

static void run_scenario(void **state)
{
    const scenario *s = *state;
    fc_unit_model *m = make(8, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0xFF, &o);
    for (size_t i = 0; i < s->n; i++) {
        if (i > 0 && s->steps[i].pc != o.next_pc)
            fail_msg("%s step %zu: table pc %u but unit went to %u", s->name, i, s->steps[i].pc,
                     o.next_pc);
        fc_unit_in in = exec_in(s, &s->steps[i]);
        fc_unit_step(m, &in, &o);
        check_step(s, i, &o);
    }
    fc_unit_destroy(m);
}

/* Rows IF (no else) and ENDIF. Program: 0 IF ->3, 1 body, 2 ENDIF, 3. */
static const step if_some[] = {
    {.pc = 0,
     .c = FC_C_IF,
     .addr = 3,
     .alu = 0x0F,
     .exp_active = 0x0F,
     .exp_next = 1,
     .chk = CHK_DEPTH | CHK_BC,
     .exp_depth = 1},
    {.pc = 1,
     .c = FC_C_ENDIF,
     .addr = 3,
     .pop = 1,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_DEPTH,
     .exp_depth = 0},
};
static const step if_none[] = {
    {.pc = 0,
     .c = FC_C_IF,
     .addr = 3,
     .alu = 0x00,
     .exp_active = 0xFF,
     .exp_next = 3,
     .chk = CHK_DEPTH,
     .exp_depth = 0},
};
static const step if_all[] = {
    {.pc = 0, .c = FC_C_IF, .addr = 3, .alu = 0xFF, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_ENDIF,
     .addr = 3,
     .pop = 1,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_DEPTH},
};

/* Rows IF (with else), ELSE, ENDIF. Program: 0 IF ->3, 1 ELSE ->4, 2 (body), 3 ENDIF, 4. */
static const step ifelse_split[] = {
    {.pc = 0, .c = FC_C_IF_ELSE, .addr = 2, .alu = 0x0F, .exp_active = 0x0F, .exp_next = 1},
    {.pc = 1, .c = FC_C_ELSE, .addr = 4, .exp_active = 0xF0, .exp_next = 2, .chk = CHK_BC},
    {.pc = 2, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_DEPTH},
};
static const step ifelse_allelse[] = {
    {.pc = 0,
     .c = FC_C_IF_ELSE,
     .addr = 2,
     .alu = 0x00,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_DEPTH,
     .exp_depth = 1},
    {.pc = 2, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_DEPTH},
};
static const step ifelse_allthen[] = {
    {.pc = 0, .c = FC_C_IF_ELSE, .addr = 2, .alu = 0xFF, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1, .c = FC_C_ELSE, .addr = 4, .exp_active = 0xFF, .exp_next = 4, .chk = CHK_DEPTH},
};
/* Nested: outer IF 0x0F, inner IF/ELSE on lanes 0,1 vs 2,3; lanes 4-7 off two levels up.
 * 0 IF ->6, 1 IF_ELSE ->3, 2 ELSE ->4, 3 ENDIF, 4 ENDIF, 5. */
static const step ifelse_nested[] = {
    {.pc = 0, .c = FC_C_IF, .addr = 5, .alu = 0x0F, .exp_active = 0x0F, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_IF_ELSE,
     .addr = 3,
     .alu = 0x03,
     .exp_active = 0x03,
     .exp_next = 2,
     .chk = CHK_BC | CHK_DEPTH,
     .exp_depth = 2,
     .exp_bc = {0, 0, 0, 0, 1, 1, 1, 1}},
    {.pc = 2,
     .c = FC_C_ELSE,
     .addr = 4,
     .exp_active = 0x0C,
     .exp_next = 3,
     .chk = CHK_BC,
     .exp_bc = {0, 0, 0, 0, 1, 1, 1, 1}},
    {.pc = 3,
     .c = FC_C_ENDIF,
     .pop = 1,
     .exp_active = 0x0F,
     .exp_next = 4,
     .chk = CHK_BC | CHK_DEPTH,
     .exp_depth = 1},
    {.pc = 4, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 5, .chk = CHK_DEPTH},
};

/* IF on a predicate (R replicated), with and without inversion; IF/ELSE on it. */
static const step ifpred[] = {
    {.pc = 0,
     .c = FC_C_IF_PRED,
     .addr = 2,
     .pred = 0x55,
     .psel = DPP_PRED_RRRR,
     .exp_active = 0x55,
     .exp_next = 1},
    {.pc = 1, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 2},
    {.pc = 2,
     .c = FC_C_IF_PRED,
     .addr = 4,
     .pred = 0x55,
     .psel = DPP_PRED_RRRR,
     .pinv = 1,
     .exp_active = 0xAA,
     .exp_next = 3},
    {.pc = 3, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 4},
    {.pc = 4,
     .c = FC_C_IF_PRED_ELSE,
     .addr = 6,
     .pred = 0x81,
     .psel = DPP_PRED_RRRR,
     .exp_active = 0x81,
     .exp_next = 5},
    {.pc = 5, .c = FC_C_ELSE, .addr = 8, .exp_active = 0x7E, .exp_next = 6},
    {.pc = 6, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 7},
    /* NONE selects predicate 0: 0x33 then jumps for everyone. */
    {.pc = 7,
     .c = FC_C_IF_PRED,
     .addr = 9,
     .pred = 0xFF,
     .psel = DPP_PRED_NONE,
     .exp_active = 0xFF,
     .exp_next = 9,
     .chk = CHK_DEPTH},
};

/* IF on the boolean constant: uniform; true enters, false skips; with else. */
static const step ifbool[] = {
    {.pc = 0,
     .c = FC_C_IF_BOOL,
     .addr = 2,
     .boolc = 1,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_DEPTH,
     .exp_depth = 1},
    {.pc = 1, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 2, .chk = CHK_DEPTH},
    {.pc = 2,
     .c = FC_C_IF_BOOL,
     .addr = 4,
     .boolc = 0,
     .exp_active = 0xFF,
     .exp_next = 4,
     .chk = CHK_DEPTH},
    {.pc = 4,
     .c = FC_C_IF_BOOL_ELSE,
     .addr = 6,
     .boolc = 0,
     .exp_active = 0xFF,
     .exp_next = 6,
     .chk = CHK_DEPTH,
     .exp_depth = 1},
    {.pc = 6, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFF, .exp_next = 7, .chk = CHK_DEPTH},
    {.pc = 7, .c = FC_C_IF_BOOL_ELSE, .addr = 9, .boolc = 1, .exp_active = 0xFF, .exp_next = 8},
    {.pc = 8, .c = FC_C_ELSE, .addr = 11, .exp_active = 0xFF, .exp_next = 11, .chk = CHK_DEPTH},
};

/* Merged ENDIFs: 0 IF1 ->5, 1 IF2 pop1 ->5, 2 IF3 pop2 ->5, 3 (body), 4 ENDIF pop3. */
static const step merged_fall[] = {
    {.pc = 0, .c = FC_C_IF, .addr = 5, .alu = 0xFE, .exp_active = 0xFE, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_IF_MERGED,
     .addr = 5,
     .pop = 1,
     .alu = 0xFC,
     .exp_active = 0xFC,
     .exp_next = 2},
    {.pc = 2,
     .c = FC_C_IF_MERGED,
     .addr = 5,
     .pop = 2,
     .alu = 0xF8,
     .exp_active = 0xF8,
     .exp_next = 3,
     .chk = CHK_BC | CHK_DEPTH,
     .exp_depth = 3,
     .exp_bc = {2, 1, 0}},
    {.pc = 3,
     .c = FC_C_ENDIF,
     .pop = 3,
     .exp_active = 0xFF,
     .exp_next = 4,
     .chk = CHK_BC | CHK_DEPTH},
};
static const step merged_inner_jump[] = {
    {.pc = 0, .c = FC_C_IF, .addr = 5, .alu = 0x0F, .exp_active = 0x0F, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_IF_MERGED,
     .addr = 5,
     .pop = 1,
     .alu = 0xF0,
     .exp_active = 0xFF,
     .exp_next = 5,
     .chk = CHK_DEPTH | CHK_BC},
};
static const step merged_third_jump[] = {
    {.pc = 0, .c = FC_C_IF, .addr = 5, .alu = 0x7F, .exp_active = 0x7F, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_IF_MERGED,
     .addr = 5,
     .pop = 1,
     .alu = 0x3F,
     .exp_active = 0x3F,
     .exp_next = 2},
    {.pc = 2,
     .c = FC_C_IF_MERGED,
     .addr = 5,
     .pop = 2,
     .alu = 0xC0,
     .exp_active = 0xFF,
     .exp_next = 5,
     .chk = CHK_DEPTH | CHK_BC},
};

/* LOOP (count 3, aL 5 step 2) and ENDLOOP: 0 LOOP ->2 (Mesa), 1 body, 2 ENDLOOP ->1, 3. */
static const step loop3[] = {
    {.pc = 0,
     .c = FC_C_LOOP,
     .addr = 2,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_LSP | CHK_AL,
     .exp_lsp = 1,
     .exp_al = 5},
    {.pc = 1,
     .c = FC_C_ENDLOOP,
     .addr = 1,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_LSP | CHK_AL,
     .exp_lsp = 1,
     .exp_al = 7},
    {.pc = 1,
     .c = FC_C_ENDLOOP,
     .addr = 1,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_LSP | CHK_AL,
     .exp_lsp = 1,
     .exp_al = 9},
    {.pc = 1,
     .c = FC_C_ENDLOOP,
     .addr = 1,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_LSP | CHK_AL,
     .exp_lsp = 0,
     .exp_al = 0},
};
/* Zero count, the old (Mesa) target: LOOP jumps to its ENDLOOP, which falls through
 * without a pop and lands where the guide's target would have [seed 000 p43]. */
static const step loop0[] = {
    {.pc = 0, .c = FC_C_LOOP, .addr = 2, .exp_active = 0xFF, .exp_next = 2, .chk = CHK_LSP},
    {.pc = 2, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_LSP},
};
/* Zero count, the guide's target ENDLOOP+1 [seed 000 p43]: the END is skipped. */
static const step loop0_seed[] = {
    {.pc = 0, .c = FC_C_LOOP, .addr = 3, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_LSP},
};
/* Negative step: aL 10, step -3, count 2. */
static const step loopneg[] = {
    {.pc = 0,
     .c = FC_C_LOOP,
     .addr = 2,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_AL,
     .exp_al = 10},
    {.pc = 1,
     .c = FC_C_ENDLOOP,
     .addr = 1,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_AL,
     .exp_al = 7},
    {.pc = 1, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0xFF, .exp_next = 2, .chk = CHK_LSP},
};
/* REP/ENDREP count 2 inside a LOOP: aL stays the LOOP's. 0 LOOP, 1 REP, 2 ENDREP, 3 ENDLOOP. */
static const step rep_in_loop[] = {
    {.pc = 0,
     .c = FC_C_LOOP,
     .addr = 4,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_AL,
     .exp_al = 4},
    {.pc = 1,
     .c = FC_C_REP,
     .addr = 3,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_AL | CHK_LSP,
     .exp_al = 4,
     .exp_lsp = 2},
    {.pc = 2,
     .c = FC_C_ENDREP,
     .addr = 2,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_AL | CHK_LSP,
     .exp_al = 4,
     .exp_lsp = 2},
    {.pc = 2,
     .c = FC_C_ENDREP,
     .addr = 2,
     .exp_active = 0xFF,
     .exp_next = 3,
     .chk = CHK_AL | CHK_LSP,
     .exp_al = 4,
     .exp_lsp = 1},
    {.pc = 3,
     .c = FC_C_ENDLOOP,
     .addr = 1,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_AL,
     .exp_al = 5},
};
static const step rep0[] = {
    {.pc = 0, .c = FC_C_REP, .addr = 2, .exp_active = 0xFF, .exp_next = 2, .chk = CHK_LSP},
    {.pc = 2, .c = FC_C_ENDREP, .addr = 1, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_LSP},
};

/* BREAK in a LOOP inside one IF: 0 LOOP ->5, 1 IF ->4, 2 BREAKLOOP pop1 ->5, 3 ENDIF,
 * 4 ENDLOOP ->1, 5. Lanes 0,1 break in iteration 1, the rest in iteration 2. */
static const step brk_loop[] = {
    {.pc = 0, .c = FC_C_LOOP, .addr = 5, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1, .c = FC_C_IF, .addr = 4, .alu = 0x03, .exp_active = 0x03, .exp_next = 2},
    {.pc = 2, .c = FC_C_BREAKLOOP, .addr = 5, .pop = 1, .exp_active = 0x00, .exp_next = 3},
    {.pc = 3, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xFC, .exp_next = 4},
    {.pc = 4, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0xFC, .exp_next = 1},
    {.pc = 1, .c = FC_C_IF, .addr = 4, .alu = 0xFC, .exp_active = 0xFC, .exp_next = 2},
    {.pc = 2,
     .c = FC_C_BREAKLOOP,
     .addr = 5,
     .pop = 1,
     .exp_active = 0xFF,
     .exp_next = 5,
     .chk = CHK_LSP | CHK_DEPTH},
};
/* The same with REP and BREAKREP, and count 2 so the second iteration ends the loop. */
static const step brk_rep[] = {
    {.pc = 0, .c = FC_C_REP, .addr = 5, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1, .c = FC_C_IF, .addr = 4, .alu = 0x80, .exp_active = 0x80, .exp_next = 2},
    {.pc = 2, .c = FC_C_BREAKREP, .addr = 5, .pop = 1, .exp_active = 0x00, .exp_next = 3},
    {.pc = 3, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0x7F, .exp_next = 4},
    {.pc = 4, .c = FC_C_ENDREP, .addr = 1, .exp_active = 0x7F, .exp_next = 1},
    {.pc = 1, .c = FC_C_IF, .addr = 4, .alu = 0x01, .exp_active = 0x01, .exp_next = 2},
    {.pc = 2, .c = FC_C_BREAKREP, .addr = 5, .pop = 1, .exp_active = 0x00, .exp_next = 3},
    {.pc = 3, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0x7E, .exp_next = 4},
    {.pc = 4,
     .c = FC_C_ENDREP,
     .addr = 1,
     .exp_active = 0xFF,
     .exp_next = 5,
     .chk = CHK_LSP | CHK_DEPTH},
};
/* BREAKC (no IF): 0 REP ->3, 1 BREAKC on alu ->3, 2 ENDREP ->1, 3; and in a LOOP. */
static const step brkc_rep[] = {
    {.pc = 0, .c = FC_C_REP, .addr = 3, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_BREAKC_REP,
     .addr = 3,
     .jf = 0xF0,
     .alu = 0x0F,
     .exp_active = 0xF0,
     .exp_next = 2},
    {.pc = 2, .c = FC_C_ENDREP, .addr = 1, .exp_active = 0xF0, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_BREAKC_REP,
     .addr = 3,
     .jf = 0xF0,
     .alu = 0xF0,
     .exp_active = 0xFF,
     .exp_next = 3,
     .chk = CHK_LSP},
};
static const step brkc_loop[] = {
    {.pc = 0, .c = FC_C_LOOP, .addr = 3, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_BREAKC_LOOP,
     .addr = 3,
     .jf = 0x0F,
     .alu = 0x0F,
     .exp_active = 0x0F,
     .exp_next = 2},
    {.pc = 2, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0x0F, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_BREAKC_LOOP,
     .addr = 3,
     .jf = 0x0F,
     .alu = 0x0F,
     .exp_active = 0x0F,
     .exp_next = 2},
    {.pc = 2, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_LSP},
};

/* CONTINUE inside one IF: 0 LOOP ->5, 1 IF ->4, 2 CONTINUE pop1 ->4, 3 ENDIF, 4 ENDLOOP ->1. */
static const step cont_loop[] = {
    {.pc = 0, .c = FC_C_LOOP, .addr = 5, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1, .c = FC_C_IF, .addr = 4, .alu = 0x0F, .exp_active = 0x0F, .exp_next = 2},
    {.pc = 2, .c = FC_C_CONTINUE, .addr = 4, .pop = 1, .exp_active = 0x00, .exp_next = 3},
    {.pc = 3, .c = FC_C_ENDIF, .pop = 1, .exp_active = 0xF0, .exp_next = 4},
    {.pc = 4, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1, .c = FC_C_IF, .addr = 4, .alu = 0xFF, .exp_active = 0xFF, .exp_next = 2},
    {.pc = 2,
     .c = FC_C_CONTINUE,
     .addr = 4,
     .pop = 1,
     .exp_active = 0x00,
     .exp_next = 4,
     .chk = CHK_DEPTH},
    {.pc = 4, .c = FC_C_ENDLOOP, .addr = 1, .exp_active = 0xFF, .exp_next = 5, .chk = CHK_LSP},
};
/* CONTINUE and BREAK mixed: lanes 0-3 continue, 4-7 break; the loop ends at ENDLOOP. */
static const step cont_brk[] = {
    {.pc = 0, .c = FC_C_REP, .addr = 4, .exp_active = 0xFF, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_BREAKC_REP,
     .addr = 4,
     .jf = 0xF0,
     .alu = 0xF0,
     .exp_active = 0x0F,
     .exp_next = 2},
    {.pc = 2, .c = FC_C_CONTINUE, .addr = 3, .exp_active = 0x00, .exp_next = 3},
    {.pc = 3, .c = FC_C_ENDREP, .addr = 1, .exp_active = 0x0F, .exp_next = 1},
    {.pc = 1,
     .c = FC_C_BREAKC_REP,
     .addr = 4,
     .jf = 0x0F,
     .alu = 0xF0,
     .exp_active = 0xFF,
     .exp_next = 4,
     .chk = CHK_LSP},
};

/* CALL / RET (unconditional): 0 CALL 3, 1 CALL 3, 2 (end), 3 RET. */
static const step call_ret[] = {
    {.pc = 0,
     .c = FC_C_CALL,
     .addr = 3,
     .exp_active = 0xFF,
     .exp_next = 3,
     .chk = CHK_ASP,
     .exp_asp = 1},
    {.pc = 3, .c = FC_C_RET, .exp_active = 0xFF, .exp_next = 1, .chk = CHK_ASP},
    {.pc = 1,
     .c = FC_C_CALL,
     .addr = 3,
     .exp_active = 0xFF,
     .exp_next = 3,
     .chk = CHK_ASP,
     .exp_asp = 1},
    {.pc = 3, .c = FC_C_RET, .exp_active = 0xFF, .exp_next = 2, .chk = CHK_ASP},
};
/* CALLNZ on alu and the return from a conditionally called function. */
static const step callnz[] = {
    {.pc = 0,
     .c = FC_C_CALLNZ,
     .addr = 4,
     .jf = 0xF0,
     .alu = 0x0F,
     .exp_active = 0x0F,
     .exp_next = 4,
     .chk = CHK_ASP | CHK_DEPTH,
     .exp_asp = 1,
     .exp_depth = 1},
    {.pc = 4, .c = FC_C_RET_CALLNZ, .exp_active = 0xFF, .exp_next = 1, .chk = CHK_ASP | CHK_DEPTH},
    {.pc = 1,
     .c = FC_C_CALLNZ,
     .addr = 4,
     .jf = 0xF0,
     .alu = 0x00,
     .exp_active = 0xFF,
     .exp_next = 2,
     .chk = CHK_ASP | CHK_DEPTH},
    {.pc = 2,
     .c = FC_C_CALLNZ,
     .addr = 4,
     .jf = 0xF0,
     .alu = 0xFF,
     .exp_active = 0xFF,
     .exp_next = 4,
     .chk = CHK_ASP | CHK_DEPTH,
     .exp_asp = 1,
     .exp_depth = 1},
    {.pc = 4, .c = FC_C_RET_CALLNZ, .exp_active = 0xFF, .exp_next = 3, .chk = CHK_ASP},
};
/* Conditional returns at the top of f: 0 CALL 3; 3 RET_COND n=0; 4 RET_COND n=1; 5 final
 * RET (RET_COND always, n=2). */
static const step cond_ret[] = {
    {.pc = 0, .c = FC_C_CALL, .addr = 3, .exp_active = 0xFF, .exp_next = 3},
    {.pc = 3,
     .c = FC_C_RET_COND,
     .jf = 0xF0,
     .pop = 0,
     .alu = 0x03,
     .exp_active = 0xFC,
     .exp_next = 4},
    {.pc = 4,
     .c = FC_C_RET_COND,
     .jf = 0xF0,
     .pop = 1,
     .alu = 0x0C,
     .exp_active = 0xF0,
     .exp_next = 5,
     .chk = CHK_BC | CHK_DEPTH,
     .exp_depth = 2,
     .exp_bc = {1, 1, 0, 0}},
    {.pc = 5,
     .c = FC_C_RET_COND,
     .jf = 0xFF,
     .pop = 2,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_BC | CHK_DEPTH | CHK_ASP},
};
static const step cond_ret_early[] = {
    {.pc = 0, .c = FC_C_CALL, .addr = 3, .exp_active = 0xFF, .exp_next = 3},
    {.pc = 3,
     .c = FC_C_RET_COND,
     .jf = 0xF0,
     .pop = 0,
     .alu = 0x03,
     .exp_active = 0xFC,
     .exp_next = 4},
    {.pc = 4,
     .c = FC_C_RET_COND,
     .jf = 0xF0,
     .pop = 1,
     .alu = 0xFC,
     .exp_active = 0xFF,
     .exp_next = 1,
     .chk = CHK_DEPTH | CHK_ASP},
};

static const scenario scenarios[] = {
    SCEN("if/some", 0, 0, 0, if_some),
    SCEN("if/none", 0, 0, 0, if_none),
    SCEN("if/all", 0, 0, 0, if_all),
    SCEN("ifelse/split", 0, 0, 0, ifelse_split),
    SCEN("ifelse/allelse", 0, 0, 0, ifelse_allelse),
    SCEN("ifelse/allthen", 0, 0, 0, ifelse_allthen),
    SCEN("ifelse/nested", 0, 0, 0, ifelse_nested),
    SCEN("if-pred", 0, 0, 0, ifpred),
    SCEN("if-bool", 0, 0, 0, ifbool),
    SCEN("merged/fall", 0, 0, 0, merged_fall),
    SCEN("merged/inner-jump", 0, 0, 0, merged_inner_jump),
    SCEN("merged/third-jump", 0, 0, 0, merged_third_jump),
    SCEN("loop/3", 3, 5, 2, loop3),
    SCEN("loop/0", 0, 5, 2, loop0),
    SCEN("loop/0-seed-target", 0, 5, 2, loop0_seed),
    SCEN("loop/neg-step", 2, 10, -3, loopneg),
    SCEN("rep/in-loop", 2, 4, 1, rep_in_loop),
    SCEN("rep/0", 0, 0, 0, rep0),
    SCEN("break/loop", 4, 0, 0, brk_loop),
    SCEN("break/rep", 2, 0, 0, brk_rep),
    SCEN("breakc/rep", 4, 0, 0, brkc_rep),
    SCEN("breakc/loop-count", 2, 0, 0, brkc_loop),
    SCEN("continue/loop", 2, 0, 0, cont_loop),
    SCEN("continue+break", 9, 0, 0, cont_brk),
    SCEN("call/ret", 0, 0, 0, call_ret),
    SCEN("callnz/ret", 0, 0, 0, callnz),
    SCEN("cond-ret", 0, 0, 0, cond_ret),
    SCEN("cond-ret/early", 0, 0, 0, cond_ret_early),
};

/* ---------------------------------------------------------------- corner cases */

static fc_unit_in plain(fc_construct c, uint16_t pc, uint16_t addr, uint8_t pop)
{
    fc_unit_in in = {.cmd = FC_CMD_EXEC,
                     .full_mode = 1,
                     .alu_valid = 1,
                     .live = ~0ull,
                     .pc = pc,
                     .loop_count = 5};
    in.inst = fc_canon(c, addr, pop, 0xFF);
    return in;
}

/* Runs `in` n times (pc advancing) and returns the last output. */
static fc_unit_out repeat(fc_unit_model *m, fc_unit_in in, unsigned n)
{
    fc_unit_out o = {0};
    for (unsigned i = 0; i < n; i++) {
        fc_unit_step(m, &in, &o);
        in.pc = (uint16_t)(in.pc + 1);
    }
    return o;
}

typedef struct fault_case {
    const char *name;
    fc_construct c;
    uint8_t full, pop;
    unsigned addr_depth, loop_depth, ok_steps; /* ok_steps succeed, the next one faults */
    uint8_t fault, ovf, udf;
} fault_case;

static const fault_case fault_cases[] = {
    {"call overflow", FC_C_CALL, 1, 0, 3, 4, 3, FC_FAULT_ADDR_OVERFLOW, 4, 0},
    {"ret underflow", FC_C_RET, 1, 0, 3, 4, 0, FC_FAULT_ADDR_UNDERFLOW, 0, 4},
    {"loop overflow", FC_C_LOOP, 1, 0, 4, 2, 2, FC_FAULT_LOOP_OVERFLOW, 2, 0},
    /* Partial mode [seed 000 p38]: "... unless the program requires branch statements nested
     * more than 6 deep or the program requires loops or subroutines". */
    {"rep in partial mode", FC_C_REP, 0, 0, 4, 4, 0, FC_FAULT_LOOP_OVERFLOW, 2, 0},
    {"call in partial mode", FC_C_CALL, 0, 0, 4, 4, 0, FC_FAULT_ADDR_OVERFLOW, 4, 0},
    {"callnz in partial mode", FC_C_CALLNZ, 0, 0, 4, 4, 0, FC_FAULT_ADDR_OVERFLOW, 4, 0},
    {"endloop underflow", FC_C_ENDLOOP, 1, 0, 4, 4, 0, FC_FAULT_LOOP_UNDERFLOW, 0, 2},
    {"break underflow", FC_C_BREAKREP, 1, 1, 4, 4, 0, FC_FAULT_LOOP_UNDERFLOW, 0, 2},
    {"continue underflow", FC_C_CONTINUE, 1, 0, 4, 4, 0, FC_FAULT_LOOP_UNDERFLOW, 0, 2},
    {"if overflow partial", FC_C_IF, 0, 0, 4, 4, 6, FC_FAULT_BRANCH_OVERFLOW, 1, 0},
    {"if overflow full", FC_C_IF, 1, 0, 4, 4, 32, FC_FAULT_BRANCH_OVERFLOW, 1, 0},
    {"endif underflow", FC_C_ENDIF, 1, 1, 4, 4, 0, FC_FAULT_BRANCH_UNDERFLOW, 0, 1},
};

static void test_faults(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof fault_cases / sizeof fault_cases[0]; i++) {
        const fault_case *fc = &fault_cases[i];
        fc_unit_model *m = make(8, 1, fc->addr_depth, fc->loop_depth);
        fc_unit_out o;
        start(m, 0, 0xFF, &o);
        fc_unit_in in = plain(fc->c, 0, 0, fc->pop);
        in.full_mode = fc->full;
        in.alu_result = 0xFF; /* IFs enter for everyone */
        o = repeat(m, in, fc->ok_steps);
        if (o.fault)
            fail_msg("%s: early fault %u", fc->name, o.fault);
        o = repeat(m, in, 1);
        if (o.fault != fc->fault || o.ovf != fc->ovf || o.udf != fc->udf || o.jump ||
            o.next_pc != in.pc)
            fail_msg("%s: fault %u ovf %u udf %u (want %u %u %u) jump %u next %u", fc->name,
                     o.fault, o.ovf, o.udf, fc->fault, fc->ovf, fc->udf, o.jump, o.next_pc);
        /* Sticky: a following legal instruction changes nothing. */
        fc_unit_out again = repeat(m, plain(FC_C_IF_ELSE, 9, 0, 0), 1);
        assert_int_equal(again.fault, fc->fault);
        assert_int_equal(again.depth, o.depth);
        start(m, 0, 0xFF, &o);
        assert_int_equal(o.fault, 0);
        assert_int_equal(o.active, 0xFF);
        fc_unit_destroy(m);
    }
}

/* Inputs are cut to their port widths, as the RTL's ports cut them: an ENDIF
 * asking for 32 pops (6 bits) pops 0 and so cannot underflow; a pc of 512+3
 * is pc 3. */
static void test_inputs_cut_to_port_width(void **state)
{
    (void)state;
    fc_unit_model *m = make(8, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0xFF, &o);
    fc_unit_in in = plain(FC_C_ENDIF, 512 + 3, 0, 1);
    in.inst.b_pop_cnt = 32;
    fc_unit_step(m, &in, &o);
    assert_int_equal(o.fault, 0);
    assert_int_equal(o.depth, 0);
    assert_int_equal(o.next_pc, 4);
    in.inst.b_pop_cnt = 33; /* 33 & 31 = 1: a real underflow */
    fc_unit_step(m, &in, &o);
    assert_int_equal(o.fault, FC_FAULT_BRANCH_UNDERFLOW);
    fc_unit_destroy(m);
}

static void test_loop_kind_and_illegal(void **state)
{
    (void)state;
    fc_unit_model *m = make(8, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0xFF, &o);
    repeat(m, plain(FC_C_LOOP, 0, 3, 0), 1);
    o = repeat(m, plain(FC_C_BREAKREP, 1, 3, 0), 1);
    assert_int_equal(o.fault, FC_FAULT_LOOP_KIND);
    start(m, 0, 0xFF, &o);
    repeat(m, plain(FC_C_REP, 0, 3, 0), 1);
    o = repeat(m, plain(FC_C_ENDLOOP, 1, 3, 0), 1);
    assert_int_equal(o.fault, FC_FAULT_LOOP_KIND);
    /* CONTINUE is legal in both kinds. */
    start(m, 0, 0xFF, &o);
    repeat(m, plain(FC_C_REP, 0, 3, 0), 1);
    o = repeat(m, plain(FC_C_CONTINUE, 1, 3, 0), 1);
    assert_int_equal(o.fault, 0);
    assert_int_equal(o.next_pc, 3);

    static const struct {
        uint8_t a_op, b_op0, b_op1, psel;
    } bad[] = {{3, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, DPP_PRED_RGBA},
               {0, 0, 0, 6}, {0, 0, 0, 7}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        start(m, 0, 0xFF, &o);
        fc_unit_in in = plain(FC_C_IF, 0, 3, 0);
        in.inst.a_op = bad[i].a_op;
        in.inst.b_op0 = bad[i].b_op0;
        in.inst.b_op1 = bad[i].b_op1;
        in.inst.pred_sel = bad[i].psel;
        o = repeat(m, in, 1);
        assert_int_equal(o.fault, FC_FAULT_ILLEGAL_FIELD);
    }
    /* A stale ALU result only matters when JUMP_FUNC reads it. */
    start(m, 0, 0xFF, &o);
    fc_unit_in in = plain(FC_C_IF, 0, 3, 0);
    in.alu_valid = 0;
    o = repeat(m, in, 1);
    assert_int_equal(o.fault, FC_FAULT_STALE_ALU);
    start(m, 0, 0xFF, &o);
    in = plain(FC_C_IF_PRED, 0, 3, 0);
    in.alu_valid = 0;
    o = repeat(m, in, 1);
    assert_int_equal(o.fault, 0);
    fc_unit_destroy(m);
}

/* JUMP_FUNC: for every table and index, a single active lane's jump in ANY mode is the bit. */
static void test_jump_func_table(void **state)
{
    (void)state;
    fc_unit_model *m = make(1, 1, 4, 4);
    fc_unit_out o;
    for (unsigned jf = 0; jf < 256; jf++)
        for (unsigned idx = 0; idx < 8; idx++) {
            start(m, 0, 1, &o);
            fc_unit_in in = plain(FC_C_CALLNZ, 0, 7, 0);
            in.inst.jump_func = (uint8_t)jf;
            in.inst.a_op = DPP_AOP_NONE;
            in.inst.b_op1 = DPP_BOP_NONE;
            in.inst.pred_sel = DPP_PRED_BBBB;
            in.alu_result = idx >> 2 & 1;
            in.pred[2] = idx >> 1 & 1;
            in.bool_const = idx & 1;
            o = repeat(m, in, 1);
            if (o.jump != ((jf >> idx) & 1))
                fail_msg("jump_func 0x%02x idx %u: jump %u", jf, idx, o.jump);
        }
    fc_unit_destroy(m);
}

/* Empty active set: ALL mode jumps, ANY mode stays. */
static void test_empty_active(void **state)
{
    (void)state;
    fc_unit_model *m = make(4, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0xF, &o);
    repeat(m, plain(FC_C_REP, 0, 9, 0), 1);
    fc_unit_in in = plain(FC_C_BREAKC_REP, 1, 9, 0);
    in.inst.jump_func = 0xF0;
    in.alu_result = 0x3;
    o = repeat(m, in, 1); /* lanes 0,1 break */
    assert_int_equal(o.active, 0xC);
    o = repeat(m, plain(FC_C_CONTINUE, 2, 9, 0), 1); /* lanes 2,3 continue */
    assert_int_equal(o.active, 0);
    assert_int_equal(o.jump, 1);
    static const struct {
        uint8_t jf, any, jump;
    } cases[] = {{0xFF, 1, 0}, {0x00, 1, 0}, {0x00, 0, 1}, {0xFF, 0, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        in = plain(FC_C_IF_PRED, 3, 7, 0);
        in.inst.jump_func = cases[i].jf;
        in.inst.jump_any = cases[i].any;
        in.inst.b_op0 = in.inst.b_op1 = DPP_BOP_NONE;
        o = repeat(m, in, 1);
        assert_int_equal(o.jump, cases[i].jump);
        assert_int_equal(o.next_pc, cases[i].jump ? 7 : 4);
        assert_int_equal(o.active, 0);
        assert_int_equal(o.loop_masked, 0xF);
    }
    fc_unit_destroy(m);
}

/* A faulting EXEC commits nothing, not even the removal of dead lanes; field checks do not
 * depend on the path taken (a reserved B_OP1 faults although the group stays). */
static void test_fault_commits_nothing(void **state)
{
    (void)state;
    fc_unit_model *m = make(8, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0xFF, &o);
    fc_unit_in in = plain(FC_C_IF, 0, 5, 0);
    in.alu_result = 0xFF; /* everyone stays */
    in.inst.b_op1 = 3;
    in.live = 0x0F;
    o = repeat(m, in, 1);
    assert_int_equal(o.fault, FC_FAULT_ILLEGAL_FIELD);
    assert_int_equal(o.active, 0xFF);
    assert_int_equal(o.depth, 0);
    assert_int_equal(o.want, 0);
    fc_unit_destroy(m);
}

/* A LOOP reached with nobody active enters with an empty frame, so an END target
 * (Mesa) does not pop the enclosing loop's frame: 0 REP, 1 BREAKC, 2 LOOP ->4, 3 body,
 * 4 ENDLOOP ->3, 5 ENDREP. */
static void test_loop_with_nobody_active(void **state)
{
    (void)state;
    fc_unit_model *m = make(4, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0xF, &o);
    fc_unit_in in = plain(FC_C_REP, 0, 6, 0);
    o = repeat(m, in, 1);
    in = plain(FC_C_IF, 1, 5, 0);
    in.alu_result = 0x3;
    o = repeat(m, in, 1); /* lanes 2,3 off by branch, depth 1 */
    in = plain(FC_C_BREAKREP, 2, 6, 1);
    o = repeat(m, in, 1); /* lanes 0,1 break: nobody active, no jump */
    assert_int_equal(o.active, 0);
    assert_int_equal(o.jump, 0);
    in = plain(FC_C_LOOP, 3, 4, 0);
    o = repeat(m, in, 1);
    assert_int_equal(o.jump, 0);
    assert_int_equal(o.loop_sp, 2);
    assert_int_equal(o.loop_top_live, 0);
    in = plain(FC_C_ENDLOOP, 4, 4, 0);
    o = repeat(m, in, 1);
    assert_int_equal(o.jump, 0);
    assert_int_equal(o.loop_sp, 1);
    assert_int_equal(o.loop_top_is_loop, 0); /* the REP frame survived */
    in = plain(FC_C_ENDIF, 5, 0, 1);
    o = repeat(m, in, 1);
    assert_int_equal(o.active, 0xC);
    fc_unit_destroy(m);
}

/* Partial wavefronts and dying lanes: missing lanes are never active and never block a loop. */
static void test_live_lanes(void **state)
{
    (void)state;
    fc_unit_model *m = make(64, 1, 4, 4);
    fc_unit_out o;
    start(m, 0, 0x7, &o);
    assert_int_equal(o.active, 0x7);
    fc_unit_in in = plain(FC_C_IF, 0, 9, 0);
    in.alu_result = 0x7;
    in.live = 0x7;
    o = repeat(m, in, 1);
    assert_int_equal(o.jump, 0);
    assert_int_equal(o.active, 0x7);
    in = plain(FC_C_REP, 1, 9, 0);
    in.live = 0x7;
    o = repeat(m, in, 1);
    assert_int_equal(o.loop_top_live, 0x7);
    /* lanes 0,1 break; lane 2 dies: the group then has left the loop. */
    in = plain(FC_C_BREAKC_REP, 2, 9, 1);
    in.inst.jump_func = 0xF0;
    in.alu_result = 0x3;
    in.live = 0x3;
    o = repeat(m, in, 1);
    assert_int_equal(o.jump, 1);
    assert_int_equal(o.active, 0x3);
    assert_int_equal(o.loop_sp, 0);
    /* A 5-lane unit masks everything to 5 lanes. */
    fc_unit_model *m5 = make(5, 1, 4, 4);
    start(m5, 0, ~0ull, &o);
    assert_int_equal(o.active, 0x1F);
    in = plain(FC_C_IF, 0, 9, 0);
    in.alu_result = ~0ull;
    o = repeat(m5, in, 1);
    assert_int_equal(o.active, 0x1F);
    fc_unit_destroy(m5);
    fc_unit_destroy(m);
}

/* Two contexts interleaved do not disturb each other; a bad context is rejected. */
static void test_contexts(void **state)
{
    (void)state;
    fc_unit_model *m = make(8, 2, 4, 4);
    fc_unit_out o0, o1;
    start(m, 0, 0xFF, &o0);
    start(m, 1, 0x0F, &o1);
    fc_unit_in in = plain(FC_C_IF, 0, 9, 0);
    in.alu_result = 0x33;
    in.ctx = 0;
    fc_unit_step(m, &in, &o0);
    in.ctx = 1;
    in.alu_result = 0x01;
    fc_unit_step(m, &in, &o1);
    assert_int_equal(o0.active, 0x33);
    assert_int_equal(o1.active, 0x01);
    fc_unit_in idle = {.cmd = FC_CMD_IDLE, .ctx = 0};
    fc_unit_step(m, &idle, &o0);
    assert_int_equal(o0.active, 0x33);
    assert_int_equal(o0.depth, 1);
    idle.ctx = 2;
    fc_unit_step(m, &idle, &o0);
    assert_int_equal(o0.fault, FC_FAULT_ILLEGAL_FIELD);
    fc_unit_destroy(m);
}

/* fc_unit_idle_check is fc_unit_step_at_ports' answer to an IDLE step (cmd 0 or the
 * reserved 3), whatever the contexts have been through: random instructions
 * (every op, faults, loops, divergence) on 3 contexts, each followed by a
 * look at a random context (one past the unit's too) and pc. */
static void test_idle(void **state)
{
    (void)state;
    fc_unit_model *m = make(20, 3, 2, 2);
    uint64_t r = 0xD1B54A32D192ED03ull;
    unsigned diverged = 0;
    for (int i = 0; i < 20000; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        fc_unit_in in = {.cmd = (r & 31) == 0 ? FC_CMD_START : FC_CMD_EXEC,
                         .ctx = (uint8_t)(r >> 5 & 3) % 3,
                         .full_mode = (r >> 7 & 3) != 0,
                         .inst = fc_fields_decode(((uint32_t)(r >> 9) & ~3u) | DPP_TYPE_FC,
                                                  (uint32_t)(r >> 17), (uint32_t)(r >> 27)),
                         .pred = {r, r >> 3, ~r, r << 5},
                         .alu_result = r * 7,
                         .alu_valid = (r >> 40 & 7) != 0,
                         .bool_const = r >> 43 & 1,
                         .loop_count = (uint8_t)(r >> 44 & 3),
                         .pc = (uint16_t)(r >> 46 & 511),
                         .live = (r >> 55 & 7) ? ~0ull : r};
        fc_unit_out o, idle, stepped;
        fc_unit_step_at_ports(m, &in, &o);
        diverged += o.br_inactive != 0;
        unsigned ctx = (unsigned)(r >> 58 & 3), pc = (unsigned)(r >> 20 & 511);
        fc_unit_in look = {.cmd = (r >> 61 & 1) ? 3 : FC_CMD_IDLE, .ctx = (uint8_t)ctx,
                           .pc = (uint16_t)pc, .inst = in.inst, .live = in.live};
        static const fc_unit_out no_dut;
        fc_unit_idle_check(m, ctx, pc, &idle, &no_dut);
        fc_unit_step_at_ports(m, &look, &stepped);
        assert_memory_equal(&idle, &stepped, sizeof idle);
    }
    assert_true(diverged > 300); /* 722: branches taken by some lanes, not others */
    fc_unit_destroy(m);
}

static void test_params(void **state)
{
    (void)state;
    fc_unit_params p = fc_unit_default_params();
    fc_unit_model *m = NULL;
    dpp_error err;
    p.lanes = 65;
    assert_int_equal(fc_unit_create(&p, &m, &err), DPP_E_ARG);
    assert_null(m);
    assert_non_null(strstr(err.msg, "lanes 65"));
    p = fc_unit_default_params();
    p.bc_width = 3;
    assert_int_equal(fc_unit_create(&p, &m, &err), DPP_OK);
    assert_int_equal(fc_unit_branch_limit(m, 1), 7);
    assert_int_equal(fc_unit_branch_limit(m, 0), 6); /* the guide's 6 [seed 000 p38] */
    fc_unit_destroy(m);
    p.bc_width = 6;
    p.part_branches = 4; /* Mesa's partial-mode limit, as an option */
    assert_int_equal(fc_unit_create(&p, &m, &err), DPP_OK);
    assert_int_equal(fc_unit_branch_limit(m, 0), 4);
    assert_int_equal(fc_unit_branch_limit(m, 1), 32);
    fc_unit_destroy(m);
    p.part_branches = 33;
    assert_int_equal(fc_unit_create(&p, &m, &err), DPP_E_ARG);
    assert_non_null(strstr(err.msg, "partial nesting 33"));
}

/* bc_o's packing: every width and lane count round-trips, a counter across
 * two words lands in both, and nothing is written past the last lane. */
static void test_bc_packing(void **state)
{
    (void)state;
    for (unsigned w = 3; w <= 8; w++)
        for (unsigned lanes = 1; lanes <= FC_MAX_LANES; lanes++) {
            uint8_t bc[FC_MAX_LANES], back[FC_MAX_LANES];
            for (unsigned l = 0; l < lanes; l++)
                bc[l] = (uint8_t)((l * 37 + w) & ((1u << w) - 1));
            uint32_t words[FC_BC_WORDS];
            fc_bc_pack(bc, lanes, w, words);
            for (unsigned b = lanes * w; b < FC_BC_WORDS * 32; b++)
                assert_int_equal(words[b / 32] >> (b % 32) & 1, 0);
            fc_bc_unpack(words, lanes, w, back);
            assert_memory_equal(bc, back, lanes);
        }
    uint8_t bc[6] = {0, 0, 0, 0, 0, 0x3f}; /* width 6: lane 5 is bits 30..35 */
    uint32_t words[FC_BC_WORDS];
    fc_bc_pack(bc, 6, 6, words);
    assert_int_equal(words[0], 0xc0000000u);
    assert_int_equal(words[1], 0xfu);
}

/* fc_fields_decode reads the words as the ISA's decoder does: every field of
 * an FC word, nothing of a word of another type. */
static void test_fields_decode(void **state)
{
    (void)state;
    uint64_t r = 0x6A09E667F3BCC908ull;
    for (int i = 0; i < 20000; i++) {
        uint32_t w[DPP_INST_DWORDS] = {0};
        for (int d = 0; d < 4; d++) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            w[d] = (uint32_t)r;
        }
        w[1] = 0;
        dpp_inst inst;
        dpp_inst_decode(w, &inst);
        const fc_fields f = fc_fields_decode(w[0], w[2], w[3]);
        const int fc = (w[0] & 3) == DPP_TYPE_FC;
        assert_int_equal(f.op, fc ? inst.fc.op : 0);
        assert_int_equal(f.b_else, fc ? inst.fc.b_else : 0);
        assert_int_equal(f.jump_any, fc ? inst.fc.jump_any : 0);
        assert_int_equal(f.a_op, fc ? inst.fc.a_op : 0);
        assert_int_equal(f.jump_func, fc ? inst.fc.jump_func : 0);
        assert_int_equal(f.b_pop_cnt, fc ? inst.fc.b_pop_cnt : 0);
        assert_int_equal(f.b_op0, fc ? inst.fc.b_op0 : 0);
        assert_int_equal(f.b_op1, fc ? inst.fc.b_op1 : 0);
        assert_int_equal(f.jump_addr, fc ? inst.fc.jump_addr : 0);
        assert_int_equal(f.pred_sel, inst.cmn.rgb_pred_sel);
        assert_int_equal(f.pred_inv, inst.cmn.rgb_pred_inv);
    }
}

int main(void)
{
    enum { NS = sizeof scenarios / sizeof scenarios[0] };
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_faults),
        cmocka_unit_test(test_inputs_cut_to_port_width),
        cmocka_unit_test(test_loop_kind_and_illegal),
        cmocka_unit_test(test_jump_func_table),
        cmocka_unit_test(test_fields_decode),
        cmocka_unit_test(test_empty_active),
        cmocka_unit_test(test_loop_with_nobody_active),
        cmocka_unit_test(test_fault_commits_nothing),
        cmocka_unit_test(test_live_lanes),
        cmocka_unit_test(test_contexts),
        cmocka_unit_test(test_idle),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_bc_packing),
    };
    enum { NF = sizeof fixed / sizeof fixed[0] };
    struct CMUnitTest tests[NS + NF];
    size_t n = 0;
    for (size_t i = 0; i < NS; i++) {
        struct CMUnitTest t = {scenarios[i].name, run_scenario, NULL, NULL, (void *)&scenarios[i]};
        tests[n++] = t;
    }
    for (size_t i = 0; i < NF; i++)
        tests[n++] = fixed[i];
    return _cmocka_run_group_tests("fc_unit", tests, n, NULL, NULL);
}
