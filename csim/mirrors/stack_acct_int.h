/* stack_acct's state and its hot step, inline: the checker of libctm
 * (csim/api/ctm_api.c) runs it every lock-step cycle, and libctm is built
 * without LTO. Internal to the golden model; stack_acct.h is the interface.
 *
 * The tracker keeps, for each depth k, what its bottom k frames account to
 * (a level): a push writes the level above the top from the top's, a pop of
 * n frames only moves sp down n levels. So a step has no loop over frames
 * and no branch on the op (random ops would mispredict every cycle). */
#ifndef CSIM_STACK_ACCT_INT_H
#define CSIM_STACK_ACCT_INT_H

#include "stack_acct.h"

#include <string.h>

/* A level: its outputs' A and B as the outputs lay out entries and
 * subentries (ab: one copy), and t = A*M + B with what the extras and LLVM
 * NI's rule depend on, which only ever turn on going up (tc). A push adds
 * the two words of the model's table for the frame's kind and the level's
 * class. t is kept in 32nds of an entry (t * 32 / D, D = 4 or 8), so that
 * need = ceil(t / D) is a fixed shift; the class is kept times the size of a
 * push-table row, so that it is the row's byte offset within its kind. */
typedef struct stack_level {
    uint64_t tc; /* t * 32 / D | class * sizeof(stack_level) << 32 */
    uint64_t ab; /* A | B << 32 */
} stack_level;

enum {
    SA_NONWQM = 1,   /* a non-WQM push frame (FirstExtra) */
    SA_NONCALL = 2,  /* any push or loop frame (AnyExtra) */
    SA_FULLFRAME = 4, /* an LLVM NI full-entry frame */
    SA_FULLENTRY = 8  /* A > 0 */
};

/* Frame kinds; SA_NONE for an op that pushes nothing. */
enum { SA_NONE, SA_VPM, SA_VPM_FULL, SA_WQM, SA_LOOP, SA_CALL, SA_KINDS };

/* What an op does, by op, wqm_i and taken_i: the byte offset in m->push of
 * the rows of the kind of frame it pushes, whether it pushes, the mask of
 * pop_count it pops and the frames it pops besides. */
typedef struct stack_op_row {
    uint16_t kind_at;
    uint8_t push, pops, pop_one;
    uint8_t pad_[3];
} stack_op_row;

struct stack_acct_model {
    stack_acct_cfg cfg;
    unsigned s;                 /* subentries per entry */
    stack_op_row op[STACK_OP_COUNT << 2]; /* [op << 2 | wqm << 1 | taken] */
    stack_level push[SA_KINDS << 4];      /* [kind << 4 | class] */
    unsigned sp;
    stack_level *level;  /* depth + 2: the spare one a push writes past a full tracker */
    stack_acct_out view; /* the outputs, in their layout: an output is a copy */
};

/* The state after a reset or CLEAR. */
void stack_acct_clear(stack_acct_model *m);

/* The edge of one step (docs/stack_acct.md), its op by the row of m->op:
 * op << 2 | wqm << 1 | taken (op 0..15, wqm and taken 0 or 1), applied to
 * the state whose outputs m->view shows, and m->view made the new state's.
 * Data decide by masks, not branches: ops and depths come at random. */
static inline __attribute__((always_inline)) void
stack_acct_edge_row(stack_acct_model *m, unsigned row, unsigned pop_count, unsigned stack_size)
{
    if (row >> 2 == STACK_OP_CLEAR) { /* CLEAR is an op: it acts at the edge */
        stack_acct_clear(m);
        return;
    }
    const stack_op_row *r = &m->op[row];
    unsigned sp = m->sp, depth = m->cfg.depth;
    stack_level *level = m->level;
    /* the level a push makes, written past the top whether or not it is pushed */
    stack_level l = level[sp];
    const stack_level *d = (const stack_level *)((const char *)m->push + r->kind_at + (l.tc >> 32));
    level[sp + 1] = (stack_level){l.tc + d->tc, l.ab + d->ab};
    unsigned pops = (pop_count & r->pops) | r->pop_one;
    unsigned drop = r->push & (sp == depth), underflow = pops > sp;
    sp = sp + (r->push ^ drop) - (underflow ? sp : pops);
    m->sp = sp;
    l = level[sp];
    unsigned need = ((uint32_t)l.tc + 31) >> 5, hwm = m->view.hwm;
    /* each output stored on its own: the next cycle's check reads them long after */
    memcpy(&m->view.entries, &l.ab, sizeof l.ab); /* and subentries */
    m->view.need = need;
    m->view.hwm = need > hwm ? need : hwm;
    m->view.depth = sp;
    m->view.overflow = need > (stack_size & 0xffu);
    m->view.underflow = (uint8_t)underflow;
    m->view.drop = (uint8_t)drop;
}

/* The edge of one step, as stack_acct_edge_row, its inputs as the mirror's struct. */
static inline __attribute__((always_inline)) void stack_acct_edge(stack_acct_model *m,
                                                                  const stack_acct_in *in)
{
    if (in->rst) {
        stack_acct_clear(m);
        return;
    }
    stack_acct_edge_row(m, (in->op & 15u) << 2 | (unsigned)in->wqm << 1 | (unsigned)in->taken,
                        in->pop_count, in->stack_size);
}

#endif
