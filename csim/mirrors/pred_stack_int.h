/* pred_stack's state and its hot half-steps, inline: the checker of libctm
 * (csim/api/ctm_api.c) runs them every lock-step cycle, and libctm is built
 * without LTO, so a user's testbench would otherwise pay two calls a cycle.
 * Internal to the golden model; pred_stack.h is the interface. */
#ifndef CSIM_PRED_STACK_INT_H
#define CSIM_PRED_STACK_INT_H

#include "pred_stack.h"

#include <string.h>

/* A context. v is what the obs_* outputs show, kept in their layout so that
 * an output is a copy (v.exec_mask is not kept); it is only ever written
 * member by member, so its padding stays the zeros of calloc. ops masks the
 * op code: 7, or 0 for a context past the last (a ghost: its NOP leaves it
 * all zeros, rule 6). The stack holds its entries at 1..sp and 0 at [0],
 * obs_top of an empty stack; a push writes one past the top before it knows
 * whether it fits, hence the spare slot. */
typedef struct pred_ctx {
    pred_stack_out v;
    uint32_t ops;
    uint64_t stack[PRED_STACK_MAX + 2];
} pred_ctx;

/* One SPU of the grouping: its SC lanes and its SFU lane. */
typedef struct pred_spu {
    uint64_t sc, sfu;
} pred_spu;

/* What an op does to a context whose stack is empty, full or neither, as
 * masks and counts, so that an edge has no branch on the op (random ops
 * would mispredict every cycle). With top the top entry (0 on an empty
 * stack) and mask within the lanes, the new predicate is
 *   ((pred ^ flip) | keep) & (mask | no_mask) & (top | no_top)
 * and the new TaskMask (task & keep_task) | (mask & ~keep_task). */
typedef struct pred_edge_row {
    uint64_t flip, keep, no_mask, no_top, keep_task;
    int32_t dsp;    /* the change of sp */
    uint16_t flags; /* the sticky flags it raises: overflow | underflow << 8, */
} pred_edge_row;    /* as the outputs lay them out (pred_stack.c checks) */

enum { PRED_EMPTY = 2, PRED_FULL = 1 }; /* a stack's state, the low bits of an edge row's index */

struct pred_stack_model {
    pred_stack_cfg cfg;
    uint64_t lanes; /* mask of valid lane bits */
    unsigned span;  /* indices the RTL's ctx ports carry: 2^max(1, clog2 contexts) */
    pred_ctx *ctx;  /* span + 1 of them: the contexts, then ghosts */
    unsigned spus;  /* 0: flat lanes */
    pred_spu spu[PRED_STACK_MAX];
    uint8_t state[PRED_STACK_MAX + 1];     /* of each sp: PRED_EMPTY, PRED_FULL or 0 */
    pred_edge_row edge[PRED_OP_COUNT * 4]; /* [op << 2 | state] */
};

/* The SPU rules (pred_stack.c): a predicate's SFU bits, a TaskMask's DataMask. */
uint64_t pred_stack_spu_pred(const pred_stack_model *m, uint64_t p);
uint64_t pred_stack_spu_task(const pred_stack_model *m, uint64_t t);

/* The edge of op on context x (not a reset cycle); mask within the lanes.
 * grouped: a model with SPUs (a constant: each caller has its own copy). */
static inline __attribute__((always_inline)) void
pred_stack_edge_body(const pred_stack_model *m, pred_ctx *x, unsigned op, uint64_t mask,
                     bool grouped)
{
    unsigned sp = x->v.obs_sp;
    const pred_edge_row *r = &m->edge[(op & x->ops) << 2 | m->state[sp]];
    uint64_t pred = x->v.obs_pred;
    x->stack[sp + 1] = pred; /* a push's entry; unread past sp otherwise */
    pred = ((pred ^ r->flip) | r->keep) & (mask | r->no_mask) & (x->v.obs_top | r->no_top);
    if (grouped) { /* pred is always in SPU form: the rule changes only a new value */
        pred = pred_stack_spu_pred(m, pred);
        mask = pred_stack_spu_task(m, mask);
    }
    uint64_t task = (x->v.obs_task_mask & r->keep_task) | (mask & ~r->keep_task);
    sp += (unsigned)r->dsp;
    uint16_t flags; /* obs_overflow and obs_underflow, raised together */
    memcpy(&flags, &x->v.obs_overflow, sizeof flags);
    flags |= r->flags;
    memcpy(&x->v.obs_overflow, &flags, sizeof flags);
    x->v.obs_pred = pred;
    x->v.obs_task_mask = task;
    x->v.obs_exec_mask = pred & task;
    x->v.obs_top = x->stack[sp];
    x->v.obs_sp = sp;
}

/* A grouped model's edge (pred_stack.c), out of line. */
void pred_stack_edge_grouped(const pred_stack_model *m, pred_ctx *x, unsigned op, uint64_t mask);

/* The edge, inline for flat lanes: with nothing after it, the checker's
 * cycle is then a leaf on its common path (no registers to save). */
static inline __attribute__((always_inline)) void
pred_stack_edge_of(const pred_stack_model *m, pred_ctx *x, unsigned op, uint64_t mask)
{
    if (m->spus)
        pred_stack_edge_grouped(m, x, op, mask);
    else
        pred_stack_edge_body(m, x, op, mask, false);
}

#endif
