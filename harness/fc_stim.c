/* The flow-control stimulus generator: follows what the unit decided, draws
 * the next action of a context and builds its instruction (fc_bench.h). */
#include "fc_bench_int.h"

#include <string.h>

/* ------------------------------------------------------------------ following the unit */

static bool is_loop_kind(uint8_t k)
{
    return k == K_LOOP || k == K_REP;
}

static bool is_call_kind(uint8_t k)
{
    return k == K_CALL || k == K_CALLNZ;
}

/* Index of the innermost loop frame with no call frame above it, or -1. */
static int innermost_loop(const gen_ctx *g)
{
    for (unsigned i = g->n; i-- > 0;) {
        if (is_loop_kind(g->s[i].kind))
            return (int)i;
        if (is_call_kind(g->s[i].kind))
            return -1;
    }
    return -1;
}

static void push_frame(gen_ctx *g, sframe f)
{
    if (g->n < SHADOW_MAX)
        g->s[g->n++] = f;
    else
        g->dirty = 1;
}

static void pop_frames(gen_ctx *g, unsigned k)
{
    if (k > g->n) {
        g->dirty = 1;
        k = g->n;
    }
    g->n -= k;
}

/* What the unit reported after the context's last step. */
static void take_outputs(gen_ctx *g, const ctm_fc_out *o)
{
    g->active = o->active;
    g->depth = o->depth;
    g->loop_sp = o->loop_sp;
    g->addr_sp = o->addr_sp;
    g->top_is_loop = o->loop_top_is_loop;
    g->fault = o->fault;
    g->pc = o->next_pc;
}

/* A new wavefront: an empty program picture at PC 0. */
static void restart(gen_ctx *g)
{
    g->n = 0;
    g->started = 1;
    g->dirty = g->faulted = g->end_due = g->script = g->deep = 0;
    g->pc = 0;
}

/* IF, ELSE, ENDIF: the frames an IF opens or a jump or close takes away. */
static void follow_branch(gen_ctx *g, const pending *p, int jump)
{
    switch (p->act) {
    case A_IF:
        if (p->c == FC_C_IF_ELSE || p->c == FC_C_IF_PRED_ELSE || p->c == FC_C_IF_BOOL_ELSE)
            push_frame(g, (sframe){.kind = jump ? K_ELSEPART : K_IFELSE});
        else if (!jump)
            push_frame(g, (sframe){.kind = K_IF, .merge = p->merge});
        else
            pop_frames(g, p->merge); /* a merged IF jumps past the chain's one ENDIF */
        break;
    case A_ELSE:
        if (jump)
            pop_frames(g, 1);
        else if (g->n)
            g->s[g->n - 1].kind = K_ELSEPART;
        break;
    default: /* A_ENDIF */
        pop_frames(g, g->n ? g->s[g->n - 1].merge + 1u : 1u);
        break;
    }
}

/* LOOP/REP, their END, BREAK and CONTINUE. */
static void follow_loop(gen_ctx *g, const pending *p, int jump)
{
    int li = innermost_loop(g);
    switch (p->act) {
    case A_LOOP:
        if (p->kr == 0) {
            g->end_due = 1; /* skipped to its END, which runs with count 0 */
            g->end_kind = p->kind;
            g->end_kr = 0;
        } else {
            push_frame(g, (sframe){.kind = p->kind, .kr = p->kr});
        }
        break;
    case A_ENDLOOP:
        if (!p->zero_end && !jump)
            pop_frames(g, 1);
        break;
    case A_BREAK:
        if (jump && li >= 0)
            g->n = (unsigned)li; /* jumped past the END: the loop and its IFs are gone */
        break;
    default: /* A_CONTINUE */
        if (jump && li >= 0) { /* jumped to the END instruction itself */
            g->n = (unsigned)li + 1;
            g->end_due = 1;
            g->end_kind = g->s[li].kind;
            g->end_kr = g->s[li].kr;
        }
        break;
    }
}

/* CALL and RET. */
static void follow_call(gen_ctx *g, const pending *p, int jump)
{
    if (p->act == A_CALL) {
        if (jump)
            push_frame(g, (sframe){.kind = p->kind});
    } else if (jump) {
        pop_frames(g, 1);
    } else if (g->n) {
        g->s[g->n - 1].cret++;
    }
}

/* The unit's decision on the pending instruction, applied to the program picture. */
static void follow(fc_bench *b, const ctm_fc_out *o)
{
    const pending *p = &b->pend;
    if (!p->valid || p->ctx >= b->rtl.contexts)
        return;
    gen_ctx *g = &b->g[p->ctx];
    take_outputs(g, o);
    if (p->act == A_START) {
        restart(g);
        return;
    }
    if (o->fault) {
        g->faulted++;
        g->deep = 0; /* a fault ends the climb (the mode changed under it) */
        return;
    }
    switch (p->act) {
    case A_IF:
    case A_ELSE:
    case A_ENDIF:
        follow_branch(g, p, o->jump);
        break;
    case A_LOOP:
    case A_ENDLOOP:
    case A_BREAK:
    case A_CONTINUE:
        follow_loop(g, p, o->jump);
        break;
    case A_CALL:
    case A_RET:
        follow_call(g, p, o->jump);
        break;
    case A_RANDOM:
    case A_UNBALANCED:
    case A_STRAY:
    case A_SCRIPT:
    case A_DEEP:
        g->dirty = 1; /* whatever it did, the picture is no longer the unit's */
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------ drawing */

/* A per-lane condition, drawn from the patterns that find lane bugs. */
static uint64_t draw_cond(fc_bench *b, uint64_t active)
{
    uint64_t r = rng_next(&b->rng);
    switch (r & 15) {
    case 0:
    case 1:
        return ~0ull;
    case 2:
    case 3:
        return 0;
    case 4: { /* one lane of the active ones (or any) */
        uint64_t pick = active ? active : b->lanes;
        unsigned k = rng_below(&b->rng, (unsigned)__builtin_popcountll(pick));
        while (k--)
            pick &= pick - 1;
        return pick & -pick;
    }
    case 5:
    case 6:
        return 0x5555555555555555ull << (r >> 63); /* every lane disagrees with its neighbour */
    case 7:
        return active;
    case 8:
        return ~active;
    default:
        return rng_next(&b->rng);
    }
}

static uint8_t draw_kr(fc_bench *b)
{
    unsigned r = rng_below(&b->rng, 32);
    return r < 4 ? 0 : r < 6 ? 255 : r < 8 ? (uint8_t)rng_next(&b->rng) : (uint8_t)(1 + r % 4);
}

/* A condition for the rows whose JUMP_FUNC is the caller's choice. */
static uint8_t draw_cond_func(fc_bench *b)
{
    static const uint8_t funcs[] = {0x0F, 0xF0, 0x33, 0xCC, 0x55, 0xAA, 0x80, 0xFE, 0x3C};
    unsigned i = rng_below(&b->rng, sizeof funcs + 1);
    return i < sizeof funcs ? funcs[i] : (uint8_t)rng_next(&b->rng);
}

static bool reads_alu(uint8_t jf)
{
    return (jf >> 4) != (jf & 15);
}

static bool reads_pred(uint8_t jf)
{
    return ((jf >> 2) & 0x33) != (jf & 0x33);
}

static uint64_t draw_live_start(fc_bench *b)
{
    unsigned r = rng_below(&b->rng, 16);
    if (r < 8)
        return b->lanes;
    if (r < 12) {
        unsigned k = 1 + rng_below(&b->rng, b->rtl.lanes); /* a partial wavefront */
        return k >= 64 ? ~0ull : (1ull << k) - 1;
    }
    if (r < 14)
        return rng_next(&b->rng) & b->lanes;
    if (r < 15)
        return 1ull << rng_below(&b->rng, b->rtl.lanes);
    return 0;
}

/* Action weights for this context now: only what its program picture allows. */
static gen_act choose(fc_bench *b, const gen_ctx *g)
{
    unsigned w[A_COUNT] = {0};
    const sframe *top = g->n ? &g->s[g->n - 1] : NULL;
    bool room = g->n < SHADOW_MAX - 1;
    w[A_IDLE] = b->set.weights[A_IDLE];
    w[A_START] = b->set.weights[A_START];
    w[A_IF] = room ? b->set.weights[A_IF] : 0;
    w[A_ELSE] = top && top->kind == K_IFELSE ? b->set.weights[A_ELSE] : 0;
    w[A_ENDIF] = top && (top->kind == K_IF || top->kind == K_ELSEPART) ? b->set.weights[A_ENDIF] : 0;
    w[A_LOOP] = room ? b->set.weights[A_LOOP] : 0;
    w[A_ENDLOOP] = top && is_loop_kind(top->kind) ? b->set.weights[A_ENDLOOP] : 0;
    w[A_BREAK] = innermost_loop(g) >= 0 ? b->set.weights[A_BREAK] : 0;
    w[A_CONTINUE] = innermost_loop(g) >= 0 ? b->set.weights[A_CONTINUE] : 0;
    w[A_CALL] = room ? b->set.weights[A_CALL] : 0;
    w[A_RET] = top && is_call_kind(top->kind) ? b->set.weights[A_RET] : 0;
    w[A_RANDOM] = b->set.weights[A_RANDOM];
    w[A_UNBALANCED] = b->set.weights[A_UNBALANCED];
    w[A_STRAY] = b->set.weights[A_STRAY];
    w[A_SCRIPT] =
        g->full_mode && g->loop_sp < b->rtl.loop_depth && g->depth < 4 ? b->set.weights[A_SCRIPT] : 0;
    w[A_DEEP] = g->full_mode && g->depth == 0 && g->active ? b->set.weights[A_DEEP] : 0;
    /* Grow phase: opens x4 (IF x8) and no deliberate faults, so nests reach
     * the limits; shrink phase: closes x4. */
    static const gen_act opens[] = {A_IF, A_IF, A_LOOP, A_CALL};
    static const gen_act closes[] = {A_ELSE, A_ENDIF, A_ENDLOOP, A_BREAK, A_RET};
    if (g->grow) {
        for (size_t i = 0; i < sizeof opens / sizeof opens[0]; i++)
            w[opens[i]] *= 4;
        w[A_RANDOM] = w[A_UNBALANCED] = w[A_STRAY] = w[A_SCRIPT] = 0;
    } else {
        for (size_t i = 0; i < sizeof closes / sizeof closes[0]; i++)
            w[closes[i]] *= 4;
    }
    /* At a limit, opening more is rare: the overflow is reached now and then
     * instead of ending every deep nest. */
    unsigned cap = (1u << b->rtl.bc_width) - 1;
    unsigned lim = g->full_mode ? 32 : b->rtl.part_branches;
    if (g->depth >= (lim < cap ? lim : cap))
        w[A_IF] = (w[A_IF] + 7) / 8;
    /* Partial mode has no loop frames and no address entries [seed 000 p38]. */
    if (!g->full_mode || g->loop_sp >= b->rtl.loop_depth)
        w[A_LOOP] = (w[A_LOOP] + 7) / 8;
    if (!g->full_mode || g->addr_sp >= b->rtl.addr_depth)
        w[A_CALL] = (w[A_CALL] + 7) / 8;
    unsigned total = 0;
    for (unsigned i = 0; i < A_COUNT; i++)
        total += w[i];
    if (!total)
        return A_IDLE;
    unsigned x = rng_below(&b->rng, total);
    for (unsigned i = 0; i < A_COUNT; i++) {
        if (x < w[i])
            return (gen_act)i;
        x -= w[i];
    }
    return A_IDLE;
}

static uint8_t ifs_inside(const gen_ctx *g, int li)
{
    return (uint8_t)(g->n - (unsigned)li - 1);
}

/* A canonical instruction being built: its construct, B_POP_CNT and JUMP_FUNC. */
typedef struct canon_pick {
    fc_construct c;
    uint8_t pop, jf;
} canon_pick;

/* IF (plain, with ELSE, merged into the chain above), ELSE, ENDIF. */
static void pick_branch(fc_bench *b, const gen_ctx *g, gen_act a, canon_pick *x)
{
    const sframe *top = g->n ? &g->s[g->n - 1] : NULL;
    if (a == A_ELSE) {
        x->c = FC_C_ELSE;
        return;
    }
    if (a == A_ENDIF) {
        x->c = FC_C_ENDIF;
        x->pop = (uint8_t)(top->merge + 1);
        return;
    }
    unsigned r = rng_below(&b->rng, 8);
    bool merge = top && top->kind == K_IF && r == 7 && top->merge < 30;
    static const fc_construct plain[] = {FC_C_IF, FC_C_IF_PRED, FC_C_IF_BOOL};
    static const fc_construct with_else[] = {FC_C_IF_ELSE, FC_C_IF_PRED_ELSE, FC_C_IF_BOOL_ELSE};
    if (merge) {
        x->c = FC_C_IF_MERGED;
        b->pend.merge = x->pop = (uint8_t)(top->merge + 1);
    } else {
        x->c = (r & 1 ? with_else : plain)[r % 3];
    }
}

/* LOOP or REP (its count in the pending record), or the END of the innermost
 * loop, or the END a skip or a CONTINUE jumped to. */
static void pick_loop(fc_bench *b, const gen_ctx *g, gen_act a, canon_pick *x)
{
    pending *p = &b->pend;
    if (a == A_LOOP) {
        p->kind = rng_below(&b->rng, 2) ? K_LOOP : K_REP;
        x->c = p->kind == K_LOOP ? FC_C_LOOP : FC_C_REP;
        p->kr = draw_kr(b);
        return;
    }
    const sframe *top = g->n ? &g->s[g->n - 1] : NULL;
    p->kind = g->end_due ? g->end_kind : top->kind;
    p->kr = g->end_due ? g->end_kr : top->kr;
    p->zero_end = g->end_due && g->end_kr == 0;
    x->c = p->kind == K_LOOP ? FC_C_ENDLOOP : FC_C_ENDREP;
}

/* BREAK (unconditional or conditional) or CONTINUE of the innermost loop,
 * popping the IFs inside it. */
static void pick_loop_exit(fc_bench *b, const gen_ctx *g, gen_act a, canon_pick *x)
{
    int li = innermost_loop(g);
    x->pop = ifs_inside(g, li);
    if (a == A_CONTINUE) {
        x->c = FC_C_CONTINUE;
        return;
    }
    bool cond = rng_below(&b->rng, 3) == 0, loop = g->s[li].kind == K_LOOP;
    x->c = cond ? (loop ? FC_C_BREAKC_LOOP : FC_C_BREAKC_REP)
                : (loop ? FC_C_BREAKLOOP : FC_C_BREAKREP);
    if (cond)
        x->jf = draw_cond_func(b);
}

/* CALL or CALLNZ; RET, conditional or of a CALLNZ. */
static void pick_call(fc_bench *b, const gen_ctx *g, gen_act a, canon_pick *x)
{
    if (a == A_CALL) {
        b->pend.kind = rng_below(&b->rng, 2) ? K_CALLNZ : K_CALL;
        x->c = b->pend.kind == K_CALLNZ ? FC_C_CALLNZ : FC_C_CALL;
        x->jf = draw_cond_func(b);
        return;
    }
    /* The lanes every earlier conditional return switched off, plus the CALLNZ
     * level, come back when the group returns. */
    const sframe *top = &g->s[g->n - 1];
    uint8_t n = (uint8_t)(top->cret + (top->kind == K_CALLNZ));
    if (rng_below(&b->rng, 3) == 0) {
        x->c = FC_C_RET_COND;
        x->jf = draw_cond_func(b);
        x->pop = n;
    } else if (top->cret) {
        x->c = FC_C_RET_COND; /* unconditional, but with the counters to restore */
        x->pop = n;
    } else {
        x->c = top->kind == K_CALLNZ ? FC_C_RET_CALLNZ : FC_C_RET;
    }
}

/* The predicate selection: drawn when the instruction reads a predicate, and
 * now and then when it does not (read, then ignored). */
static void pick_pred_sel(fc_bench *b, fc_construct c, fc_fields *f)
{
    if (c == FC_C_IF_PRED || c == FC_C_IF_PRED_ELSE || reads_pred(f->jump_func)) {
        f->pred_sel = (uint8_t)(DPP_PRED_RRRR + rng_below(&b->rng, 4));
        f->pred_inv = (uint8_t)rng_below(&b->rng, 2);
    } else if (rng_below(&b->rng, 8) == 0) {
        f->pred_sel = (uint8_t)(DPP_PRED_RRRR + rng_below(&b->rng, 4));
    }
}

/* The instruction of a generator action, into s->in.inst (and the pending record). */
static void build_exec(fc_bench *b, gen_ctx *g, gen_act a, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    pending *p = &b->pend;
    uint16_t addr = (uint16_t)rng_below(&b->rng, 512);
    canon_pick x = {FC_C_COUNT, 0, 0xFF};
    switch (a) {
    case A_IF:
    case A_ELSE:
    case A_ENDIF:
        pick_branch(b, g, a, &x);
        break;
    case A_LOOP:
    case A_ENDLOOP:
        pick_loop(b, g, a, &x);
        break;
    case A_BREAK:
    case A_CONTINUE:
        pick_loop_exit(b, g, a, &x);
        break;
    case A_CALL:
    case A_RET:
        pick_call(b, g, a, &x);
        break;
    default:
        break;
    }
    p->c = x.c;
    p->label = fc_construct_name(x.c);
    in->inst = fc_canon(x.c, addr, x.pop, x.jf);
    pick_pred_sel(b, x.c, &in->inst);
    if (a == A_LOOP || a == A_ENDLOOP)
        in->loop_count = p->kr;
}

/* A close with nothing to close, chosen from what the unit last reported. */
static void build_unbalanced(fc_bench *b, const gen_ctx *g, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    uint16_t addr = (uint16_t)rng_below(&b->rng, 512);
    in->loop_count = (uint8_t)(1 + rng_below(&b->rng, 255));
    switch (rng_below(&b->rng, 4)) {
    case 0: /* ENDIF popping one level more than is open */
        in->inst = fc_canon(FC_C_ENDIF, addr, (uint8_t)(g->depth < 31 ? g->depth + 1 : 31), 0);
        b->pend.label = "ENDIF (unbalanced)";
        break;
    case 1: /* END on an empty stack, or of the other kind */
        in->inst = fc_canon(g->loop_sp && g->top_is_loop ? FC_C_ENDREP : FC_C_ENDLOOP, addr, 0, 0);
        b->pend.label = "END (unbalanced)";
        break;
    case 2:
        in->inst =
            fc_canon(g->loop_sp && !g->top_is_loop ? FC_C_BREAKLOOP : FC_C_BREAKREP, addr, 0, 0);
        b->pend.label = "BREAK (unbalanced)";
        break;
    default:
        in->inst = fc_canon(FC_C_RET, addr, 0, 0);
        b->pend.label = "RET (unbalanced)";
        break;
    }
}

static void build_random(fc_bench *b, fc_stim *s)
{
    uint64_t r = rng_next(&b->rng);
    fc_fields *f = &s->in.inst;
    f->op = r & 7;
    f->b_else = r >> 3 & 1;
    f->jump_any = r >> 4 & 1;
    f->a_op = r >> 5 & 3;
    f->jump_func = (uint8_t)(r >> 7);
    f->b_pop_cnt = r >> 15 & 31;
    f->b_op0 = r >> 20 & 3;
    f->b_op1 = r >> 22 & 3;
    f->jump_addr = r >> 24 & 511;
    f->pred_sel = r >> 33 & 7;
    f->pred_inv = r >> 36 & 1;
    s->in.loop_count = (uint8_t)(r >> 37);
    s->in.alu_valid = r >> 45 & 1;
    b->pend.label = "random fields";
}

/* Random fields made legal against what the unit last reported: no illegal
 * codes, no stale ALU result, pops within the depth, loop ops only on a frame
 * of the right kind. Such programs are not canonical, but must not fault. */
static void build_stray(fc_bench *b, const gen_ctx *g, fc_stim *s)
{
    build_random(b, s);
    fc_fields *f = &s->in.inst;
    f->a_op %= 3;
    f->b_op0 %= 3;
    f->b_op1 %= 3;
    if (f->pred_sel == DPP_PRED_RGBA || f->pred_sel > DPP_PRED_AAAA)
        f->pred_sel = DPP_PRED_NONE;
    f->b_pop_cnt = (uint8_t)rng_below(&b->rng, (g->depth < 31 ? g->depth : 31) + 1u);
    s->in.alu_valid = 1;
    bool closes = f->op == DPP_FC_ENDLOOP || f->op == DPP_FC_ENDREP || f->op >= DPP_FC_BREAKLOOP;
    if (closes && !g->loop_sp)
        f->op = DPP_FC_JUMP;
    else if (f->op == DPP_FC_ENDLOOP || f->op == DPP_FC_ENDREP)
        f->op = g->top_is_loop ? DPP_FC_ENDLOOP : DPP_FC_ENDREP;
    else if (f->op == DPP_FC_BREAKLOOP || f->op == DPP_FC_BREAKREP)
        f->op = g->top_is_loop ? DPP_FC_BREAKLOOP : DPP_FC_BREAKREP;
    b->pend.label = "stray (legal fields)";
}

/* Lanes kept in a CONTINUE mask when a BREAK ends their loop, although they
 * never entered it (they were woken inside): the frame is dropped with them
 * and they become DEAD (docs/fc_unit_rtl.md, decision 3). Steps:
 *   1 IF_ELSE splitting the active lanes   2 LOOP/REP (live = the then-lanes)
 *   3 a stray ENDIF: the else-lanes wake inside the loop
 *   4 CONTINUE of exactly the woken lanes  5 BREAK of everyone else: the loop ends */
static void build_script(fc_bench *b, gen_ctx *g, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    uint16_t addr = (uint16_t)rng_below(&b->rng, 512);
    unsigned step = g->script ? g->script : 1;
    switch (step) {
    case 1:
        in->inst = fc_canon(FC_C_IF_ELSE, addr, 0, 0);
        in->alu_result = g->active & rng_next(&b->rng);
        break;
    case 2:
        in->inst = fc_canon(rng_below(&b->rng, 2) ? FC_C_LOOP : FC_C_REP, addr, 0, 0);
        in->loop_count = (uint8_t)(2 + rng_below(&b->rng, 4));
        g->script_mask = g->active;
        break;
    case 3:
        in->inst = fc_canon(FC_C_ENDIF, addr, 1, 0);
        break;
    case 4:
        in->inst = fc_canon(FC_C_CONTINUE, addr, 0, 0);
        in->inst.jump_func = 0xF0; /* the lanes whose ALU result is set: the woken ones */
        in->alu_result = g->active & ~g->script_mask;
        break;
    default:
        in->inst = fc_canon(g->top_is_loop ? FC_C_BREAKLOOP : FC_C_BREAKREP, addr, 0, 0);
        break;
    }
    g->script = step < 5 ? (uint8_t)(step + 1) : 0;
    b->pend.label = "script: cont lanes dropped";
}

/* Every lane's branch counter up to the branch limit: a lane parked by an IF
 * counts the levels above it, at most BrLimit - 1 in a canonical program, so the
 * counters' top bit (bit 5 of 6, the full-mode limit 32) needs a lane parked at
 * depth 0, which only a non-canonical B_ELSE does (make coverage: bc_o). Steps:
 *   1        B_ELSE with INCR on both paths at depth 0: every active lane is
 *            parked and counts this level (bc = depth = 1)
 *   2..lim   IF_ELSE on the drawn conditions: those lanes count up to lim =
 *            BrLimit, the others park at every level (counters of every value)
 *   lim+1    ENDIF popping lim - 1: the counters come down again */
static void build_deep(fc_bench *b, gen_ctx *g, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    uint16_t addr = (uint16_t)rng_below(&b->rng, 512);
    unsigned cap = (1u << b->rtl.bc_width) - 1, lim = cap < 32 ? cap : 32;
    unsigned step = g->deep ? g->deep : 1;
    if (step == 1) {
        in->inst = fc_canon(FC_C_ELSE, addr, 0, 0);
        in->inst.b_op0 = in->inst.b_op1 = DPP_BOP_INCR;
        in->inst.b_pop_cnt = 0;
    } else if (step <= lim) {
        in->inst = fc_canon(FC_C_IF_ELSE, addr, 0, 0);
    } else {
        in->inst = fc_canon(FC_C_ENDIF, addr, (uint8_t)(lim - 1), 0);
    }
    g->deep = step <= lim ? (uint8_t)(step + 1) : 0;
    b->pend.label = "script: counters to the branch limit";
}

/* Every field cut to its port width: the model then sees what the RTL's ports
 * carry (the model does not cut them itself: B_POP_CNT 32 would pop 32 there
 * and 0 in the RTL). */
static void cut_to_width(fc_unit_in *in)
{
    fc_fields *f = &in->inst;
    f->op &= 7;
    f->b_else &= 1;
    f->jump_any &= 1;
    f->a_op &= 3;
    f->b_pop_cnt &= 31;
    f->b_op0 &= 3;
    f->b_op1 &= 3;
    f->jump_addr &= 511;
    f->pred_sel &= 7;
    f->pred_inv &= 1;
    in->cmd &= 3;
    in->full_mode &= 1;
    in->alu_valid &= 1;
    in->bool_const &= 1;
    in->pc &= 511;
}

/* --program: the model's next step; once the run is over, the stimulus ends
 * (this cycle, an IDLE on context 0, is not driven). */
static void next_program_step(fc_bench *b, fc_stim *s)
{
    memset(s, 0, sizeof *s);
    memset(&b->pend, 0, sizeof b->pend);
    if (!fc_program_next(&b->prog, &s->in)) {
        s->in.cmd = FC_CMD_IDLE;
        cosim_end_stimulus();
    }
    b->cur_wave = b->prog.wave;
    b->pend.valid = true;
    b->pend.ctx = s->in.ctx;
    b->pend.label = s->in.cmd == FC_CMD_START ? "program START" : "program step";
}

/* A reset of the whole unit: every context restarts, after a few commands to
 * contexts that have not. */
static void draw_reset(fc_bench *b, fc_stim *s)
{
    s->rst = 1;
    for (unsigned c = 0; c < b->rtl.contexts; c++)
        b->g[c].started = 0;
    b->after_reset = 2;
}

/* Mostly the focus context (long programs, deep nesting), interleaved with the
 * others; now and then a context that does not exist. */
static void draw_context(fc_bench *b, fc_unit_in *in, uint64_t r)
{
    unsigned sel = (unsigned)(r >> 24 & 63);
    if (sel == 0 && b->rtl.contexts < 256) {
        in->ctx = (uint8_t)(b->rtl.contexts + rng_below(&b->rng, 256 - b->rtl.contexts));
    } else if (sel < 48) {
        in->ctx = (uint8_t)b->focus;
    } else {
        in->ctx = (uint8_t)rng_below(&b->rng, b->rtl.contexts);
    }
    if ((r >> 30 & 255) == 0)
        b->focus = rng_below(&b->rng, b->rtl.contexts);
}

/* Lane conditions and constants (ignored where the instruction does not read them). */
static void draw_conditions(fc_bench *b, fc_unit_in *in, uint64_t r)
{
    uint64_t act = in->ctx < b->rtl.contexts ? b->g[in->ctx].active : b->lanes;
    in->alu_result = draw_cond(b, act);
    for (int i = 0; i < 4; i++)
        in->pred[i] = draw_cond(b, act);
    in->bool_const = r >> 38 & 1;
    in->loop_count = (uint8_t)(r >> 39);
    in->loop_init = (uint8_t)(r >> 47);
    in->loop_step = (int8_t)(uint8_t)(r >> 55);
    in->alu_valid = 1;
}

/* A command with every field random: right after a reset (an IDLE or an EXEC
 * before the context restarts: the unit shows its reset values, which make
 * mutate found never observed while START overwrote them), or for a context
 * that does not exist. */
static void draw_random_command(fc_bench *b, fc_stim *s, uint64_t r, uint8_t other_cmd, const char *label)
{
    s->in.cmd = (uint8_t)(r >> 63 ? FC_CMD_EXEC : other_cmd);
    s->in.live = rng_next(&b->rng);
    build_random(b, s);
    b->pend.act = A_RANDOM;
    b->pend.label = label;
}

/* What a started context does next. */
static gen_act choose_action(fc_bench *b, gen_ctx *g, uint64_t r)
{
    if (!g->started || g->pc > 511 || g->faulted > (r >> 61) ||
        (g->dirty && !g->script && !g->deep && rng_below(&b->rng, 16) == 0) ||
        (!g->live && rng_below(&b->rng, 8) == 0))
        return A_START; /* a new wavefront: first use, program end, after a fault, lost track */
    if (g->end_due)
        return A_ENDLOOP;
    if (g->script)
        return A_SCRIPT;
    if (g->deep)
        return A_DEEP;
    return choose(b, g);
}

/* The command of action a. */
static void build_action(fc_bench *b, gen_ctx *g, gen_act a, fc_stim *s)
{
    fc_unit_in *in = &s->in;
    in->cmd = FC_CMD_EXEC;
    switch (a) {
    case A_START:
        in->cmd = FC_CMD_START;
        g->live = draw_live_start(b);
        in->live = g->live;
        g->full_mode = rng_below(&b->rng, 8) != 0;
        g->grow = (uint8_t)rng_below(&b->rng, 2);
        b->pend.label = "START";
        break;
    case A_IDLE:
        in->cmd = rng_below(&b->rng, 4) ? FC_CMD_IDLE : 3; /* 3 also means IDLE */
        build_random(b, s);                                    /* fields are ignored */
        b->pend.label = "IDLE";
        break;
    case A_RANDOM:
        build_random(b, s);
        break;
    case A_UNBALANCED:
        build_unbalanced(b, g, s);
        break;
    case A_STRAY:
        build_stray(b, g, s);
        break;
    case A_SCRIPT:
        build_script(b, g, s);
        break;
    case A_DEEP:
        build_deep(b, g, s);
        break;
    default:
        build_exec(b, g, a, s);
        g->end_due = a == A_ENDLOOP ? 0 : g->end_due;
        break;
    }
}

/* An EXEC's surroundings: whether the ALU result is fresh, lanes dying, the
 * mode flipping, the nesting phase turning. */
static void draw_exec_context(fc_bench *b, gen_ctx *g, gen_act a, fc_unit_in *in)
{
    /* ALU result written by the ALU instruction before this one, mostly. */
    if (a != A_RANDOM && a != A_STRAY && a != A_SCRIPT && a != A_DEEP)
        in->alu_valid = reads_alu(in->inst.jump_func)
                            ? g->grow || rng_below(&b->rng, 32) != 0 /* stale now and then */
                            : (uint8_t)rng_below(&b->rng, 2);
    /* Lanes die now and then (TEXKILL, end of their work); a dead lane raised
     * again in live must stay dead. */
    unsigned d = rng_below(&b->rng, 64);
    if (d == 0 && g->live)
        g->live &= ~(1ull << rng_below(&b->rng, b->rtl.lanes));
    else if (d == 1)
        g->live &= rng_next(&b->rng);
    in->live = g->live;
    if (d == 2)
        in->live |= rng_next(&b->rng);
    if (rng_below(&b->rng, 1024) == 0)
        g->full_mode ^= 1;
    in->full_mode = g->full_mode;
    if (rng_below(&b->rng, 96) == 0)
        g->grow ^= 1;
}

/* The generator's next command, following the unit's last decision. */
static void draw(fc_bench *b, const ctm_fc_out *prev, fc_stim *s)
{
    if (prev)
        follow(b, prev);
    memset(s, 0, sizeof *s);
    pending *p = &b->pend;
    memset(p, 0, sizeof *p);
    fc_unit_in *in = &s->in;
    uint64_t r = rng_next(&b->rng);
    if ((r & 0xffffff) < b->reset_threshold) {
        draw_reset(b, s);
        return;
    }
    draw_context(b, in, r);
    draw_conditions(b, in, r);
    p->ctx = in->ctx;
    p->valid = true;
    if (b->after_reset && in->ctx < b->rtl.contexts) {
        b->after_reset--;
        draw_random_command(b, s, r, FC_CMD_IDLE, "after reset");
        return;
    }
    if (in->ctx >= b->rtl.contexts) {
        draw_random_command(b, s, r, FC_CMD_START, "bad context");
        return;
    }
    gen_ctx *g = &b->g[in->ctx];
    in->pc = g->pc & 0x1FF;
    in->full_mode = g->full_mode;
    in->live = g->live;
    gen_act a = choose_action(b, g, r);
    p->act = a;
    build_action(b, g, a, s);
    if (in->cmd == FC_CMD_EXEC)
        draw_exec_context(b, g, a, in);
    cut_to_width(in);
}

void fc_stim_next(fc_bench *b, const ctm_fc_out *prev, fc_stim *s)
{
    if (b->prog.model)
        next_program_step(b, s);
    else
        draw(b, prev, s);
}

ctm_fc_in fc_stim_port_in(const fc_stim *s)
{
    const fc_unit_in *in = &s->in;
    const fc_fields *f = &in->inst;
    dpp_inst inst;
    memset(&inst, 0, sizeof inst);
    inst.cmn.type = DPP_TYPE_FC;
    inst.cmn.rgb_pred_sel = f->pred_sel;
    inst.cmn.rgb_pred_inv = f->pred_inv;
    inst.fc = (dpp_fc){.op = f->op,
                       .b_else = f->b_else,
                       .jump_any = f->jump_any,
                       .a_op = f->a_op,
                       .jump_func = f->jump_func,
                       .b_pop_cnt = f->b_pop_cnt,
                       .b_op0 = f->b_op0,
                       .b_op1 = f->b_op1,
                       .jump_addr = f->jump_addr};
    uint32_t words[DPP_INST_DWORDS];
    dpp_inst_encode(&inst, words);
    return (ctm_fc_in){.pred_r = in->pred[0],
                       .pred_g = in->pred[1],
                       .pred_b = in->pred[2],
                       .pred_a = in->pred[3],
                       .alu_result = in->alu_result,
                       .live = in->live,
                       .cmd = in->cmd,
                       .ctx = in->ctx,
                       .pc = in->pc,
                       .cmn_inst = words[0],
                       .fc_inst = words[2],
                       .fc_addr = words[3],
                       .int_const = (unsigned)in->loop_count | (unsigned)in->loop_init << 8 |
                                    (unsigned)(uint8_t)in->loop_step << 16,
                       .rst = s->rst,
                       .full_mode = in->full_mode,
                       .bool_const = in->bool_const,
                       .alu_valid = in->alu_valid};
}

fc_stim fc_stim_from_port(const ctm_fc_in *in)
{
    const dpp_loop_const k = dpp_loop_const_unpack(in->int_const);
    return (fc_stim){.rst = in->rst,
                     .in = {.cmd = (uint8_t)in->cmd,
                            .ctx = (uint8_t)in->ctx,
                            .full_mode = in->full_mode,
                            .inst = fc_fields_decode(in->cmn_inst, in->fc_inst, in->fc_addr),
                            .pred = {in->pred_r, in->pred_g, in->pred_b, in->pred_a},
                            .alu_result = in->alu_result,
                            .alu_valid = in->alu_valid,
                            .bool_const = in->bool_const,
                            .loop_count = k.count,
                            .loop_init = k.init,
                            .loop_step = k.step,
                            .pc = (uint16_t)in->pc,
                            .live = in->live}};
}
