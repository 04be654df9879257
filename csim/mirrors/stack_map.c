/* The dynamic R700 stack-op mapping (stack_map.h, docs/system.md). */
#include "stack_map.h"

#include "stack_prog.h"

#include <stdlib.h>

struct stack_map {
    unsigned slot;
    unsigned depth; /* frames open */
    stack_map_stats st;
    stack_acct_in *ops;
    unsigned n, cap;
    int overflow;
    int wqm; /* IF levels as whole-quad-mode pushes */
};

dpp_status stack_map_create(unsigned slot, stack_map **out, dpp_error *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return dpp_error_set(err, DPP_E_NOMEM, "stack_map: out of memory");
    (*out)->slot = slot;
    return DPP_OK;
}

void stack_map_destroy(stack_map *sm)
{
    free(sm);
}

unsigned stack_map_depth(const stack_map *sm)
{
    return sm->depth;
}

void stack_map_set_wqm(stack_map *sm, int on)
{
    sm->wqm = on;
}

const stack_map_stats *stack_map_get_stats(const stack_map *sm)
{
    return &sm->st;
}

static void emit(stack_map *sm, unsigned op, unsigned pops, int taken)
{
    if (sm->n == sm->cap) {
        sm->overflow = 1;
        return;
    }
    sm->ops[sm->n++] = (stack_acct_in){.op = op, .pop_count = pops, .taken = taken != 0};
}

static void push(stack_map *sm, unsigned op)
{
    emit(sm, op, 0, 0);
    sm->depth++;
}

/* POP of n frames, in POP_COUNTs of at most 7 (3 bits). */
static void pop(stack_map *sm, unsigned n)
{
    while (n) {
        unsigned part = n > 7 ? 7 : n;
        emit(sm, STACK_OP_POP, part, 0);
        sm->depth -= part < sm->depth ? part : sm->depth;
        n -= part;
    }
}

static void pop_one(stack_map *sm, unsigned op)
{
    emit(sm, op, 0, 0);
    if (sm->depth)
        sm->depth--;
}

/* The branch levels a taken jump closes (B_OP1 DECR). */
static unsigned levels_closed(const fc_unit_in *in, const fc_unit_out *out)
{
    unsigned bop = (out->jump ? in->inst.b_op1 : in->inst.b_op0) & 3;
    return bop == DPP_BOP_DECR ? in->inst.b_pop_cnt & 31u : 0;
}

static void exec_event(stack_map *sm, const fc_unit_in *in, const fc_unit_out *out)
{
    const fc_fields *f = &in->inst;
    dpp_fc w = {.op = f->op, .b_else = f->b_else, .jump_any = f->jump_any, .a_op = f->a_op,
                .jump_func = f->jump_func, .b_pop_cnt = f->b_pop_cnt, .b_op0 = f->b_op0,
                .b_op1 = f->b_op1, .jump_addr = f->jump_addr};
    stack_construct c;
    if (out->fault)
        return;
    if (!stack_prog_classify(&w, &c)) {
        sm->st.unmapped++;
        return;
    }
    int jump = out->jump;
    unsigned bop = (jump ? f->b_op1 : f->b_op0) & 3;
    switch (c.kind) {
    case STACK_K_OPEN_IF: /* a level opens, or every lane skips: JUMP taken */
        if (bop == DPP_BOP_INCR && sm->wqm) {
            unsigned before = sm->n;
            push(sm, STACK_OP_PUSH);
            if (sm->n > before)
                sm->ops[sm->n - 1].wqm = true;
        } else if (bop == DPP_BOP_INCR) {
            push(sm, STACK_OP_ALU_PUSH_BEFORE);
        } else {
            unsigned n = levels_closed(in, out);
            emit(sm, STACK_OP_JUMP, n > 7 ? 7 : n, 1);
            sm->depth -= n < sm->depth ? n : sm->depth;
        }
        break;
    case STACK_K_ELSE: /* taken when no lane runs the else-part: it pops and skips the ENDIF */
        emit(sm, STACK_OP_ELSE, c.pops, jump);
        if (jump && sm->depth)
            sm->depth--;
        break;
    case STACK_K_CLOSE_IFS:
        pop(sm, c.pops);
        break;
    case STACK_K_CALL:
        if (jump)
            push(sm, STACK_OP_CALL);
        break;
    case STACK_K_RET:
        if (jump)
            pop_one(sm, STACK_OP_RETURN);
        break;
    case STACK_K_RET_COND: /* every lane returns: this is the subroutine's RETURN */
        if (jump)
            pop_one(sm, STACK_OP_RETURN);
        break;
    case STACK_K_OPEN_LOOP:
    case STACK_K_OPEN_REP:
        if (!jump)
            push(sm, STACK_OP_LOOP_START);
        break;
    case STACK_K_CLOSE_LOOP:
    case STACK_K_CLOSE_REP: /* the loop ends when its END does not jump back */
        if (!jump && in->loop_count != 0)
            pop_one(sm, STACK_OP_LOOP_END);
        break;
    case STACK_K_EXIT_LOOP:
    case STACK_K_EXIT_REP: /* every lane broke: the IF levels, then the loop */
        if (jump) {
            pop(sm, levels_closed(in, out));
            pop_one(sm, STACK_OP_LOOP_END);
        }
        break;
    case STACK_K_EXIT_ANY: /* every lane continued: to the END, closing its IF levels */
        if (jump)
            pop(sm, levels_closed(in, out));
        break;
    case STACK_K_GOTO:
        break;
    }
}

dpp_status stack_map_event(stack_map *sm, const fc_unit_in *in, const fc_unit_out *out,
                           stack_acct_in *ops, unsigned cap, unsigned *n, dpp_error *err)
{
    *n = 0;
    if (in->ctx != sm->slot || (in->cmd & 3) == FC_CMD_IDLE)
        return DPP_OK;
    sm->ops = ops;
    sm->cap = cap;
    sm->n = 0;
    sm->overflow = 0;
    sm->st.events++;
    if ((in->cmd & 3) == FC_CMD_START) {
        if (sm->depth) { /* the last wavefront ended inside a block */
            emit(sm, STACK_OP_CLEAR, 0, 0);
            sm->st.clears++;
            sm->depth = 0;
        }
    } else {
        exec_event(sm, in, out);
    }
    if (sm->overflow)
        return dpp_error_set(err, DPP_E_ARG, "stack_map: more than %u ops for one event", cap);
    *n = sm->n;
    sm->st.ops += sm->n;
    return DPP_OK;
}
