/* Structured flow-control pseudo-ops, expanded to the canonical encodings of
 * spec 6.6: if/else/endif, loop/endloop, rep/endrep, break, continue,
 * call, ret (and their conditional forms). */
#include "asm_int.h"

#include <stdio.h>
#include <string.h>

/* JUMP_FUNC bits that are set when the condition input is true (6.3). */
enum { JF_RES = 0xF0, JF_PRED = 0xCC, JF_BOOL = 0xAA };

/* A condition: res, !res, p.X, !p.X, bN, !bN. Sets the predicate select or
 * BOOL_ADDR in inst and returns the JUMP_FUNC of "condition true". */
static dpp_status parse_cond(asm_state *s, dpp_inst *in, unsigned *func)
{
    cursor *c = &s->cur;
    int neg = asm_accept(c, "!");
    const tok *t = asm_peek(c);
    unsigned f;
    if (t->kind == TOK_IDENT && !strcmp(t->text, "res")) {
        asm_next(c);
        f = JF_RES;
    } else if (t->kind == TOK_IDENT && !strncmp(t->text, "p.", 2)) {
        uint16_t inv;
        TRY(asm_pred(s, &in->cmn.rgb_pred_sel, &inv, 1));
        f = JF_PRED;
    } else if (t->kind == TOK_IDENT && t->text[0] == 'b') {
        unsigned k;
        asm_next(c);
        TRY(asm_uint(c, t, t->text + 1, DPP_NUM_BOOLS - 1, &k));
        in->fc.bool_addr = (uint16_t)k;
        f = JF_BOOL;
    } else {
        return asm_fail(c, t, "expected a condition: res, p.r/g/b/a or b0-b31 (optionally '!')");
    }
    *func = neg ? (~f & 0xFF) : f;
    return DPP_OK;
}

static dpp_inst *fc(asm_state *s, unsigned op, unsigned func, unsigned any)
{
    dpp_inst *in = asm_emit(s, DPP_TYPE_FC);
    if (in) {
        in->cmn.alu_wait = 1; /* as Mesa: wait for the ALU result before deciding */
        in->fc.op = (uint16_t)op;
        in->fc.jump_func = (uint16_t)func;
        in->fc.jump_any = (uint16_t)any;
    }
    return in;
}

static void set_b(dpp_inst *in, unsigned op0, unsigned op1, unsigned pop, unsigned b_else)
{
    in->fc.b_op0 = (uint16_t)op0;
    in->fc.b_op1 = (uint16_t)op1;
    in->fc.b_pop_cnt = (uint16_t)pop;
    in->fc.b_else = (uint16_t)b_else;
}

static dpp_status push_frame(asm_state *s, const tok *kw, int kind)
{
    if (s->nframes == ASM_MAX_FRAMES)
        return asm_fail(&s->cur, kw, "blocks nested more than %d deep", ASM_MAX_FRAMES);
    asm_frame *f = &s->frames[s->nframes++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->open = s->n - 1;
    f->line = s->cur.line;
    f->col = kw->col;
    if (kind == FR_IF) {
        for (unsigned i = s->nframes - 1; i-- > 0;)
            if (s->frames[i].kind != FR_IF) {
                s->frames[i].ifs++;
                break;
            }
    }
    return DPP_OK;
}

static asm_frame *top(asm_state *s, int kind)
{
    return s->nframes && s->frames[s->nframes - 1].kind == kind ? &s->frames[s->nframes - 1] : NULL;
}

static asm_frame *innermost_loop(asm_state *s)
{
    for (unsigned i = s->nframes; i-- > 0;)
        if (s->frames[i].kind != FR_IF)
            return &s->frames[i];
    return NULL;
}

static void pop_if(asm_state *s)
{
    s->nframes--;
    for (unsigned i = s->nframes; i-- > 0;)
        if (s->frames[i].kind != FR_IF) {
            s->frames[i].ifs--;
            break;
        }
}

/* Trailing flags and field=value overrides after a pseudo-op. */
static dpp_status tail(asm_state *s, dpp_inst *in)
{
    while (!asm_at_end(&s->cur)) {
        int done = asm_common_flag(s, in);
        if (!done)
            TRY(asm_generic_field(s, in, &done));
        if (!done)
            return asm_fail(&s->cur, asm_peek(&s->cur), "unexpected '%s'", asm_peek(&s->cur)->text);
    }
    return DPP_OK;
}

static dpp_status do_if(asm_state *s, const tok *kw)
{
    dpp_inst *in = fc(s, DPP_FC_JUMP, 0, 0);
    unsigned f;
    if (!in)
        return DPP_E_PARSE;
    TRY(parse_cond(s, in, &f));
    in->fc.jump_func = (uint16_t)(~f & 0xFF); /* jump over the block when false */
    set_b(in, DPP_BOP_INCR, DPP_BOP_NONE, 0, 0);
    TRY(push_frame(s, kw, FR_IF));
    return tail(s, in);
}

static dpp_status do_else(asm_state *s, const tok *kw)
{
    asm_frame *f = top(s, FR_IF);
    if (!f || f->has_else)
        return asm_fail(&s->cur, kw, f ? "second 'else' for one 'if'" : "'else' without 'if'");
    dpp_inst *in = fc(s, DPP_FC_JUMP, 0x00, 0);
    if (!in)
        return DPP_E_PARSE;
    set_b(in, DPP_BOP_NONE, DPP_BOP_DECR, 1, 1);
    f->has_else = 1;
    f->else_slot = s->n - 1;
    s->inst[f->open].fc.b_op1 = DPP_BOP_INCR;
    s->inst[f->open].fc.jump_addr = (uint16_t)(f->else_slot + 1);
    return tail(s, in);
}

static dpp_status do_endif(asm_state *s, const tok *kw)
{
    asm_frame *f = top(s, FR_IF);
    if (!f)
        return asm_fail(&s->cur, kw, "'endif' without 'if'");
    dpp_inst *in = fc(s, DPP_FC_JUMP, 0x00, 1);
    if (!in)
        return DPP_E_PARSE;
    set_b(in, DPP_BOP_DECR, DPP_BOP_NONE, 1, 0);
    /* ENDIF never jumps (ANY with JUMP_FUNC 0), so the guide's table gives it
     * JUMP_ADDR 0: "ENDIF 0x00 1 JUMP NONE DECR NONE 1 0 0" [seed 000, p43]. */
    in->fc.jump_addr = 0;
    uint16_t after = (uint16_t)s->n; /* ENDIF + 1, where IF or ELSE jumps */
    if (f->has_else)
        s->inst[f->else_slot].fc.jump_addr = after;
    else
        s->inst[f->open].fc.jump_addr = after;
    pop_if(s);
    return tail(s, in);
}

static dpp_status do_loop(asm_state *s, const tok *kw, int rep)
{
    cursor *c = &s->cur;
    dpp_inst *in = fc(s, rep ? DPP_FC_REP : DPP_FC_LOOP, 0x00, 0);
    if (!in)
        return DPP_E_PARSE;
    const tok *t = asm_next(c);
    unsigned k;
    if (t->kind != TOK_IDENT || t->text[0] != 'i')
        return asm_fail(c, t, "'%s' needs an integer constant i0-i31", kw->text);
    TRY(asm_uint(c, t, t->text + 1, DPP_NUM_INTS - 1, &k));
    in->fc.int_addr = (uint16_t)k;
    TRY(push_frame(s, kw, rep ? FR_REP : FR_LOOP));
    return tail(s, in);
}

static dpp_status do_endloop(asm_state *s, const tok *kw, int rep)
{
    asm_frame *f = top(s, rep ? FR_REP : FR_LOOP);
    if (!f)
        return asm_fail(&s->cur, kw, "'%s' without '%s'", kw->text, rep ? "rep" : "loop");
    dpp_inst *in = fc(s, rep ? DPP_FC_ENDREP : DPP_FC_ENDLOOP, 0xFF, 1);
    if (!in)
        return DPP_E_PARSE;
    unsigned end = s->n - 1;
    dpp_inst *open = &s->inst[f->open];
    in->fc.int_addr = open->fc.int_addr;
    in->fc.jump_addr = (uint16_t)(f->open + 1);
    /* Count 0 skips the loop: END+1, as the guide's table [seed 000 p43] (Mesa
     * targets END; the model runs both the same, docs/isa-model-defined.md S1). */
    open->fc.jump_addr = (uint16_t)(end + 1);
    for (unsigned i = 0; i < f->nexits; i++) {
        dpp_inst *x = &s->inst[f->exits[i]];
        x->fc.jump_addr = (uint16_t)(x->fc.op == DPP_FC_CONTINUE ? end : end + 1);
    }
    s->nframes--;
    return tail(s, in);
}

/* break / continue [if cond]: B_OP1 = DECR by the IFs open inside the loop. */
static dpp_status do_exit(asm_state *s, const tok *kw, int cont)
{
    asm_frame *f = innermost_loop(s);
    if (!f)
        return asm_fail(&s->cur, kw, "'%s' outside a loop", kw->text);
    if (f->nexits == sizeof f->exits / sizeof f->exits[0])
        return asm_fail(&s->cur, kw, "too many break/continue in one loop");
    unsigned op = cont ? DPP_FC_CONTINUE : f->kind == FR_REP ? DPP_FC_BREAKREP : DPP_FC_BREAKLOOP;
    dpp_inst *in = fc(s, op, 0xFF, 0);
    if (!in)
        return DPP_E_PARSE;
    if (asm_accept(&s->cur, "if")) {
        unsigned fn;
        TRY(parse_cond(s, in, &fn));
        in->fc.jump_func = (uint16_t)fn;
    }
    if (f->ifs > 31)
        return asm_fail(&s->cur, kw, "'%s' inside %u IFs (B_POP_CNT holds 31)", kw->text, f->ifs);
    set_b(in, DPP_BOP_NONE, DPP_BOP_DECR, f->ifs, 0);
    f->exits[f->nexits++] = s->n - 1;
    return tail(s, in);
}

static dpp_status do_call(asm_state *s, const tok *kw)
{
    dpp_inst *in = fc(s, DPP_FC_JUMP, 0xFF, 1);
    if (!in)
        return DPP_E_PARSE;
    in->fc.a_op = DPP_AOP_PUSH;
    const tok *t = asm_next(&s->cur);
    if (t->kind != TOK_IDENT)
        return asm_fail(&s->cur, t, "'%s' needs a label", kw->text);
    TRY(asm_fix_label(s, s->n - 1, t));
    if (s->ncalls == ASM_MAX_FIXES)
        return asm_fail(&s->cur, t, "more than %d calls", ASM_MAX_FIXES);
    asm_call *call = &s->calls[s->ncalls++];
    snprintf(call->name, sizeof call->name, "%s", t->text);
    call->cond = asm_accept(&s->cur, "if");
    if (call->cond) {
        unsigned fn;
        TRY(parse_cond(s, in, &fn));
        in->fc.jump_func = (uint16_t)fn;
        set_b(in, DPP_BOP_NONE, DPP_BOP_INCR, 0, 0);
    }
    return tail(s, in);
}

/* Stands in the B fields of a return until its trailing overrides are read:
 * a field the source sets no longer holds it. */
enum { B_UNSET = 0xFFFF };

static dpp_status do_ret(asm_state *s, const tok *kw)
{
    dpp_inst *in = fc(s, DPP_FC_JUMP, 0xFF, 0);
    if (!in)
        return DPP_E_PARSE;
    if (s->nrets == ASM_MAX_FIXES)
        return asm_fail(&s->cur, kw, "more than %d returns", ASM_MAX_FIXES);
    in->fc.a_op = DPP_AOP_POP;
    asm_ret *r = &s->rets[s->nrets++];
    *r = (asm_ret){s->n - 1, s->cur.line, kw->col, s->cond_rets, 0, 0};
    r->cond = asm_accept(&s->cur, "if");
    if (r->cond) {
        /* Spec 6.7: a conditional return only at the subroutine's top level. */
        if (s->nframes)
            return asm_fail(&s->cur, kw, "'ret if' inside an open if/loop/rep (spec 6.7: conditional "
                                         "returns only at a subroutine's top level)");
        unsigned fn;
        TRY(parse_cond(s, in, &fn));
        in->fc.jump_func = (uint16_t)fn;
        s->cond_rets++;
    } else {
        s->cond_rets = 0; /* a plain ret ends the subroutine */
    }
    in->fc.b_op0 = in->fc.b_op1 = in->fc.b_pop_cnt = B_UNSET;
    TRY(tail(s, in));
    /* Setting any B field takes all three over; the pops are settled later. */
    r->overridden = in->fc.b_op0 != B_UNSET || in->fc.b_op1 != B_UNSET ||
                    in->fc.b_pop_cnt != B_UNSET;
    uint16_t *b[] = {&in->fc.b_op0, &in->fc.b_op1, &in->fc.b_pop_cnt};
    for (unsigned i = 0; i < 3; i++)
        if (*b[i] == B_UNSET)
            *b[i] = 0;
    return DPP_OK;
}

/* The call kinds of the subroutine that starts at the nearest call target at
 * or before `slot`: bit 0 called unconditionally, bit 1 conditionally. */
static unsigned call_kinds(const asm_state *s, unsigned slot, const char **entry)
{
    unsigned best_slot = 0, kinds = 0;
    *entry = NULL;
    for (unsigned i = 0; i < s->ncalls; i++)
        for (unsigned l = 0; l < s->nlabels; l++) {
            const asm_label *lab = &s->labels[l];
            if (strcmp(lab->name, s->calls[i].name) || lab->slot > slot)
                continue;
            if (!*entry || lab->slot > best_slot) {
                best_slot = lab->slot;
                *entry = lab->name;
                kinds = 0;
            }
            if (lab->slot == best_slot)
                kinds |= s->calls[i].cond ? 2u : 1u;
        }
    return kinds;
}

/* Spec 6.6, "Conditional RET": a `ret if` that stays parks its returning
 * lanes one branch level deeper (B_OP0 = INCR); when the whole group returns
 * (B_OP1), it must undo the levels parked by the conditional returns before it
 * and, in a conditionally called subroutine, the level of the CALL. The plain
 * `ret` that ends the subroutine undoes all of them. */
dpp_status asm_flow_returns(asm_state *s)
{
    for (unsigned i = 0; i < s->nrets; i++) {
        const asm_ret *r = &s->rets[i];
        const char *entry;
        unsigned kinds = call_kinds(s, r->slot, &entry);
        if (kinds == 3)
            return dpp_error_set(s->cur.err, DPP_E_PARSE,
                                 "%s:%u:%u: error: subroutine '%s' is called both conditionally "
                                 "and unconditionally: one return cannot restore both",
                                 s->cur.file, r->line, r->col, entry);
        if (r->overridden)
            continue;
        unsigned pops = r->earlier + (kinds == 2);
        if (pops > 31)
            return dpp_error_set(s->cur.err, DPP_E_PARSE,
                                 "%s:%u:%u: error: return pops %u branch levels (B_POP_CNT holds 31)",
                                 s->cur.file, r->line, r->col, pops);
        dpp_inst *in = &s->inst[r->slot];
        set_b(in, r->cond ? DPP_BOP_INCR : DPP_BOP_NONE, pops ? DPP_BOP_DECR : DPP_BOP_NONE, pops,
              0);
    }
    return DPP_OK;
}

dpp_status asm_flow_stmt(asm_state *s, const tok *kw)
{
    const char *k = kw->text;
    if (!strcmp(k, "if"))
        return do_if(s, kw);
    if (!strcmp(k, "else"))
        return do_else(s, kw);
    if (!strcmp(k, "endif"))
        return do_endif(s, kw);
    if (!strcmp(k, "loop") || !strcmp(k, "rep"))
        return do_loop(s, kw, k[0] == 'r');
    if (!strcmp(k, "endloop") || !strcmp(k, "endrep"))
        return do_endloop(s, kw, k[3] == 'r');
    if (!strcmp(k, "break") || !strcmp(k, "continue"))
        return do_exit(s, kw, k[0] == 'c');
    if (!strcmp(k, "call"))
        return do_call(s, kw);
    if (!strcmp(k, "ret"))
        return do_ret(s, kw);
    return DPP_E_ARG;
}

dpp_status asm_flow_finish(asm_state *s)
{
    if (!s->nframes)
        return DPP_OK;
    static const char *const names[] = {"if", "loop", "rep"};
    const asm_frame *f = &s->frames[s->nframes - 1];
    return dpp_error_set(s->cur.err, DPP_E_PARSE, "%s:%u:%u: error: '%s' is never closed",
                         s->cur.file, f->line, f->col, names[f->kind]);
}
