/* stack_prog: static walk of a CTM program's flow control into stack_acct
 * ops. The mapping is the table `constructs` (docs/stack_acct.md,
 * "CTM programs"); the walk keeps the open blocks to check the nesting. */
#include "stack_prog.h"

#include "grow.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* What a construct does to the walk's block nesting: stack_kind (stack_prog.h). */
typedef stack_kind walk_act;

#define M(v)     (1u << (v))
#define ANY_BOP  (M(DPP_BOP_NONE) | M(DPP_BOP_DECR) | M(DPP_BOP_INCR))
#define NONE_DEC (M(DPP_BOP_NONE) | M(DPP_BOP_DECR))
#define POP_FLD  0xFF /* the POP_COUNT is the instruction's B_POP_CNT */
#define ANY_FUNC 0x100

/* The mapping: an FC word whose OP, A_OP, B_ELSE match and whose B_OP0, B_OP1
 * and JUMP_FUNC are among the allowed values is that construct, and stands for
 * the stack op (ELSE never taken in the walk). JUMP_ANY, JUMP_ADDR and the
 * condition inputs do not matter. */
// clang-format off
static const struct construct {
    const char *name; /* as the assembler's pseudo-op */
    uint8_t op, a_op, b_else;
    uint8_t b_op0, b_op1; /* masks of allowed values */
    uint16_t jump_func;   /* required value, or ANY_FUNC */
    uint8_t stack_op;     /* stack_acct op */
    uint8_t pops;         /* its POP_COUNT, or POP_FLD */
    uint8_t act;          /* walk_act */
} constructs[] = {
    /* name       OP                A_OP          ELSE B_OP0             B_OP1                             JUMP_FUNC  stack op                  POP_COUNT walk */
    {"if",       DPP_FC_JUMP,      DPP_AOP_NONE, 0, M(DPP_BOP_INCR), ANY_BOP,                          ANY_FUNC, STACK_OP_ALU_PUSH_BEFORE, 0,       STACK_K_OPEN_IF},
    {"else",     DPP_FC_JUMP,      DPP_AOP_NONE, 1, M(DPP_BOP_NONE), M(DPP_BOP_DECR),                  ANY_FUNC, STACK_OP_ELSE,            1,       STACK_K_ELSE},
    {"endif",    DPP_FC_JUMP,      DPP_AOP_NONE, 0, M(DPP_BOP_DECR), M(DPP_BOP_NONE),                  ANY_FUNC, STACK_OP_POP,             POP_FLD, STACK_K_CLOSE_IFS},
    {"jump",     DPP_FC_JUMP,      DPP_AOP_NONE, 0, M(DPP_BOP_NONE), M(DPP_BOP_NONE),                  0xFF,     STACK_OP_NOP,             0,       STACK_K_GOTO},
    {"call",     DPP_FC_JUMP,      DPP_AOP_PUSH, 0, M(DPP_BOP_NONE), M(DPP_BOP_NONE) | M(DPP_BOP_INCR), ANY_FUNC, STACK_OP_CALL,            0,       STACK_K_CALL},
    {"ret",      DPP_FC_JUMP,      DPP_AOP_POP,  0, M(DPP_BOP_NONE), NONE_DEC,                         ANY_FUNC, STACK_OP_RETURN,          1,       STACK_K_RET},
    /* `ret if` on a condition every lane meets (JUMP_FUNC 0xFF) always returns: a RET (progen ends functions so) */
    {"ret",      DPP_FC_JUMP,      DPP_AOP_POP,  0, M(DPP_BOP_INCR), NONE_DEC,                         0xFF,     STACK_OP_RETURN,          1,       STACK_K_RET},
    {"ret if",   DPP_FC_JUMP,      DPP_AOP_POP,  0, M(DPP_BOP_INCR), NONE_DEC,                         ANY_FUNC, STACK_OP_NOP,             0,       STACK_K_RET_COND},
    {"loop",     DPP_FC_LOOP,      DPP_AOP_NONE, 0, M(DPP_BOP_NONE), M(DPP_BOP_NONE),                  ANY_FUNC, STACK_OP_LOOP_START,      0,       STACK_K_OPEN_LOOP},
    {"endloop",  DPP_FC_ENDLOOP,   DPP_AOP_NONE, 0, M(DPP_BOP_NONE), M(DPP_BOP_NONE),                  ANY_FUNC, STACK_OP_LOOP_END,        1,       STACK_K_CLOSE_LOOP},
    {"rep",      DPP_FC_REP,       DPP_AOP_NONE, 0, M(DPP_BOP_NONE), M(DPP_BOP_NONE),                  ANY_FUNC, STACK_OP_LOOP_START,      0,       STACK_K_OPEN_REP},
    {"endrep",   DPP_FC_ENDREP,    DPP_AOP_NONE, 0, M(DPP_BOP_NONE), M(DPP_BOP_NONE),                  ANY_FUNC, STACK_OP_LOOP_END,        1,       STACK_K_CLOSE_REP},
    {"break",    DPP_FC_BREAKLOOP, DPP_AOP_NONE, 0, M(DPP_BOP_NONE), NONE_DEC,                         ANY_FUNC, STACK_OP_NOP,             0,       STACK_K_EXIT_LOOP},
    {"break",    DPP_FC_BREAKREP,  DPP_AOP_NONE, 0, M(DPP_BOP_NONE), NONE_DEC,                         ANY_FUNC, STACK_OP_NOP,             0,       STACK_K_EXIT_REP},
    {"continue", DPP_FC_CONTINUE,  DPP_AOP_NONE, 0, M(DPP_BOP_NONE), NONE_DEC,                         ANY_FUNC, STACK_OP_NOP,             0,       STACK_K_EXIT_ANY},
};
// clang-format on

/* An open block of the walk. */
typedef struct block {
    uint8_t act;    /* STACK_K_OPEN_IF, STACK_K_OPEN_LOOP, STACK_K_OPEN_REP or STACK_K_CALL */
    bool has_else;  /* IF: its ELSE was seen */
    unsigned slot;  /* the opening instruction */
    unsigned entry; /* CALL: the subroutine's first slot */
} block;

typedef struct walk {
    const char *name;
    dpp_error *err;
    block *blocks;
    size_t nblocks, cap_blocks;
    stack_event *ev;
    size_t nev, cap_ev;
} walk;

static dpp_status fail(const walk *w, unsigned slot, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static dpp_status fail(const walk *w, unsigned slot, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return dpp_error_set(w->err, DPP_E_FORMAT, "%s: slot %u: error: %s", w->name, slot, msg);
}

/* Makes room for one more element of size sz in *arr (n used of *cap). */
/* Appends c's op; a POP_COUNT above 7 (3 bits in stack_acct) becomes several
 * POPs of at most 7. */
static dpp_status emit(walk *w, unsigned slot, const struct construct *c, unsigned pops)
{
    do {
        unsigned part = pops > 7 ? 7 : pops;
        if (dpp_grow((void **)&w->ev, &w->cap_ev, w->nev + 1, sizeof *w->ev))
            return dpp_error_set(w->err, DPP_E_NOMEM, "%s: out of memory", w->name);
        w->ev[w->nev++] = (stack_event){
            .in = {.op = c->stack_op, .pop_count = part}, .line = slot, .spell = c->name};
        pops -= part;
    } while (pops);
    return DPP_OK;
}

static dpp_status open_block(walk *w, uint8_t act, unsigned slot, unsigned entry)
{
    if (dpp_grow((void **)&w->blocks, &w->cap_blocks, w->nblocks + 1, sizeof *w->blocks))
        return dpp_error_set(w->err, DPP_E_NOMEM, "%s: out of memory", w->name);
    w->blocks[w->nblocks++] = (block){act, false, slot, entry};
    return DPP_OK;
}

static const struct construct *classify(const dpp_fc *f)
{
    for (size_t i = 0; i < sizeof constructs / sizeof constructs[0]; i++) {
        const struct construct *c = &constructs[i];
        if (c->op == f->op && c->a_op == f->a_op && c->b_else == f->b_else &&
            (c->b_op0 & M(f->b_op0)) && (c->b_op1 & M(f->b_op1)) &&
            (c->jump_func == ANY_FUNC || c->jump_func == f->jump_func))
            return c;
    }
    return NULL;
}

static const char *block_name(uint8_t act)
{
    return act == STACK_K_OPEN_IF     ? "IF"
           : act == STACK_K_OPEN_LOOP ? "LOOP"
           : act == STACK_K_OPEN_REP  ? "REP"
                                  : "CALL";
}

static const block *top(const walk *w)
{
    return w->nblocks ? &w->blocks[w->nblocks - 1] : NULL;
}

/* IF blocks open above the innermost loop or call. */
static unsigned open_ifs(const walk *w)
{
    unsigned k = 0;
    while (k < w->nblocks && w->blocks[w->nblocks - 1 - k].act == STACK_K_OPEN_IF)
        k++;
    return k;
}

/* ENDIF: closes B_POP_CNT IFs, all of them above the innermost loop or call. */
static dpp_status close_ifs(walk *w, unsigned slot, unsigned n)
{
    unsigned k = open_ifs(w);
    if (n == 0)
        return fail(w, slot, "ENDIF pops 0 levels (B_POP_CNT 0)");
    if (n > k)
        return fail(w, slot, "ENDIF pops %u level%s but %u IF%s open here", n, n == 1 ? "" : "s", k,
                    k == 1 ? " is" : "s are");
    w->nblocks -= n;
    return DPP_OK;
}

/* " (the innermost open block is the LOOP at slot 4)", or "" when none is. */
static const char *innermost(const walk *w, char *buf, size_t size)
{
    const block *t = top(w);
    if (!t)
        return "";
    snprintf(buf, size, " (the innermost open block is the %s at slot %u)", block_name(t->act),
             t->slot);
    return buf;
}

/* Whether a CALL is being walked (else the walk is in the main program). */
static bool in_call(const walk *w)
{
    for (size_t i = 0; i < w->nblocks; i++)
        if (w->blocks[i].act == STACK_K_CALL)
            return true;
    return false;
}

/* RET and conditional RET: only at the top level of a subroutine (spec 6.7). */
static dpp_status check_ret(const walk *w, unsigned slot, const char *what)
{
    const block *t = top(w);
    if (!in_call(w))
        return fail(w, slot, "%s outside a subroutine (no CALL leads here)", what);
    if (t->act != STACK_K_CALL)
        return fail(w, slot,
                    "%s inside the %s at slot %u (returns only at a subroutine's top level)", what,
                    block_name(t->act), t->slot);
    return DPP_OK;
}

/* BREAKLOOP, BREAKREP, CONTINUE: inside a loop of the right kind, with
 * B_OP1 = DECR by the IFs open inside that loop (spec 6.6). */
static dpp_status check_exit(const walk *w, unsigned slot, const dpp_fc *f, uint8_t act)
{
    static const char *const names[] = {"BREAKLOOP", "BREAKREP", "CONTINUE"};
    const char *what = names[act - STACK_K_EXIT_LOOP];
    unsigned k = open_ifs(w);
    const block *l = k < w->nblocks ? &w->blocks[w->nblocks - 1 - k] : NULL;
    if (!l || l->act == STACK_K_CALL)
        return fail(w, slot, "%s outside a loop", what);
    if ((act == STACK_K_EXIT_LOOP && l->act != STACK_K_OPEN_LOOP) ||
        (act == STACK_K_EXIT_REP && l->act != STACK_K_OPEN_REP))
        return fail(w, slot, "%s inside the %s at slot %u", what, block_name(l->act), l->slot);
    unsigned d = f->b_op1 == DPP_BOP_DECR ? f->b_pop_cnt : 0;
    if (d != k)
        return fail(w, slot, "%s pops %u level%s but %u IF%s open inside its loop", what, d,
                    d == 1 ? "" : "s", k, k == 1 ? " is" : "s are");
    return DPP_OK;
}

#define TRY(x)                                                                                     \
    do {                                                                                           \
        dpp_status rc_ = (x);                                                                      \
        if (rc_)                                                                                   \
            return rc_;                                                                            \
    } while (0)

static dpp_status unknown_construct(const walk *w, unsigned slot, const dpp_fc *f)
{
    const dpp_field_desc *fo = dpp_field_find("fc_op"), *fa = dpp_field_find("a_op"),
                         *fb = dpp_field_find("b_op0");
    return fail(w, slot,
                "FC word is no structured construct (fc_op=%s a_op=%s b_else=%u b_op0=%s b_op1=%s "
                "jump_func=0x%02x)",
                dpp_field_value_name(fo, f->op), dpp_field_value_name(fa, f->a_op), f->b_else,
                dpp_field_value_name(fb, f->b_op0), dpp_field_value_name(fb, f->b_op1),
                f->jump_func);
}

/* One FC instruction at *pc: checks the nesting, emits its op, moves *pc. */
static dpp_status walk_fc(walk *w, const dpp_fc *f, unsigned *pc)
{
    unsigned slot = *pc;
    char buf[96];
    const struct construct *c = classify(f);
    if (!c)
        return unknown_construct(w, slot, f);
    const block *t = top(w);
    *pc = slot + 1;
    switch ((walk_act)c->act) {
    case STACK_K_OPEN_IF:
    case STACK_K_OPEN_LOOP:
    case STACK_K_OPEN_REP:
        TRY(open_block(w, c->act, slot, 0));
        break;
    case STACK_K_ELSE:
        if (!t || t->act != STACK_K_OPEN_IF)
            return fail(w, slot, "ELSE without an open IF%s", innermost(w, buf, sizeof buf));
        if (t->has_else)
            return fail(w, slot, "second ELSE for the IF at slot %u", t->slot);
        w->blocks[w->nblocks - 1].has_else = true;
        break;
    case STACK_K_CLOSE_IFS:
        TRY(close_ifs(w, slot, f->b_pop_cnt));
        break;
    case STACK_K_GOTO:
        if (f->jump_addr <= slot)
            return fail(w, slot, "backward JUMP to slot %u (the walk follows forward jumps only)",
                        f->jump_addr);
        *pc = f->jump_addr;
        break;
    case STACK_K_CALL:
        for (size_t i = 0; i < w->nblocks; i++)
            if (w->blocks[i].act == STACK_K_CALL && w->blocks[i].entry == f->jump_addr)
                return fail(w, slot,
                            "recursive call: the subroutine at slot %u is already being walked "
                            "(called at slot %u)",
                            f->jump_addr, w->blocks[i].slot);
        TRY(open_block(w, STACK_K_CALL, slot, f->jump_addr));
        *pc = f->jump_addr;
        break;
    case STACK_K_RET:
        TRY(check_ret(w, slot, "RET"));
        *pc = t->slot + 1;
        w->nblocks--;
        break;
    case STACK_K_RET_COND:
        TRY(check_ret(w, slot, "conditional RET"));
        break;
    case STACK_K_CLOSE_LOOP:
    case STACK_K_CLOSE_REP: {
        uint8_t want = c->act == STACK_K_CLOSE_LOOP ? STACK_K_OPEN_LOOP : STACK_K_OPEN_REP;
        if (!t || t->act != want)
            return fail(w, slot, "%s without an open %s%s",
                        c->act == STACK_K_CLOSE_LOOP ? "ENDLOOP" : "ENDREP", block_name(want),
                        innermost(w, buf, sizeof buf));
        w->nblocks--;
        break;
    }
    case STACK_K_EXIT_LOOP:
    case STACK_K_EXIT_REP:
    case STACK_K_EXIT_ANY:
        TRY(check_exit(w, slot, f, c->act));
        break;
    }
    return emit(w, slot, c, c->pops == POP_FLD ? f->b_pop_cnt : c->pops);
}

static dpp_status walk_program(walk *w, const dpp_exe *exe)
{
    unsigned pc = 0;
    for (unsigned long visits = 0; pc < exe->ninsts; visits++) {
        if (visits == STACK_PROG_MAX_VISITS)
            return fail(w, pc,
                        "the walk visits more than %u instructions (calls fan out too widely)",
                        STACK_PROG_MAX_VISITS);
        dpp_inst in;
        dpp_inst_decode(&exe->words[(size_t)pc * DPP_INST_DWORDS], &in);
        if (in.cmn.type == DPP_TYPE_FC)
            TRY(walk_fc(w, &in.fc, &pc));
        else
            pc++;
    }
    const block *t = top(w);
    if (!t)
        return DPP_OK;
    if (t->act == STACK_K_CALL)
        return fail(w, t->slot,
                    "the subroutine at slot %u runs to the end of the program without RET",
                    t->entry);
    return fail(w, t->slot, "%s is not closed before the end of the program", block_name(t->act));
}

dpp_status stack_prog_walk(const char *name, const dpp_exe *exe, stack_event **out, size_t *count,
                           dpp_error *err)
{
    *out = NULL;
    *count = 0;
    walk w = {.name = name, .err = err};
    dpp_status rc = walk_program(&w, exe);
    free(w.blocks);
    if (rc) {
        free(w.ev);
        return rc;
    }
    *out = w.ev;
    *count = w.nev;
    return DPP_OK;
}

int stack_prog_classify(const dpp_fc *f, stack_construct *out)
{
    const struct construct *c = classify(f);
    if (!c)
        return 0;
    *out = (stack_construct){c->name, c->stack_op, c->pops == POP_FLD ? f->b_pop_cnt : c->pops,
                             (stack_kind)c->act};
    return 1;
}

dpp_status stack_prog_size(const char *name, const dpp_exe *exe, const stack_acct_cfg *cfg,
                           unsigned *size, dpp_error *err)
{
    return stack_prog_size_wqm(name, exe, cfg, 0, size, err);
}

dpp_status stack_prog_size_wqm(const char *name, const dpp_exe *exe, const stack_acct_cfg *cfg,
                               int wqm, unsigned *size, dpp_error *err)
{
    stack_event *ev;
    size_t n;
    *size = 0;
    dpp_status st = stack_prog_walk(name, exe, &ev, &n, err);
    if (st)
        return st;
    stack_acct_model *m;
    if ((st = stack_acct_create(cfg, &m, err))) {
        stack_events_free(ev);
        return st;
    }
    for (size_t k = 0; k < n; k++) {
        stack_acct_out out;
        stack_acct_in in = ev[k].in;
        if (wqm && in.op == STACK_OP_ALU_PUSH_BEFORE)
            in = (stack_acct_in){.op = STACK_OP_PUSH, .wqm = true};
        stack_acct_step(m, &in, &out);
    }
    stack_acct_out out;
    stack_acct_observe(m, &out);
    *size = out.hwm;
    stack_acct_destroy(m);
    stack_events_free(ev);
    return DPP_OK;
}
