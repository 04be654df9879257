/* pred_stack: C mirror of rtl/pred_stack.sv, the predicate register and
 * predicate stack of the SIMT branch patent. Port contract and every
 * model-defined corner case: docs/pred_stack.md. One pred_stack_step call is
 * one clock edge: outputs are computed from the state before the edge, then
 * the state is updated. */
#ifndef CSIM_PRED_STACK_H
#define CSIM_PRED_STACK_H

#include "ctm_ports.h"
#include "enc.h"
#include "status.h"

#include <stdbool.h>
#include <stdint.h>

#define PRED_STACK_MAX 64u /* upper bound of contexts, lanes and depth */

/* op_i encodings (docs/pred_stack.md, "Ops"). WRITE is the patent's store of a
 * condition result [seed 003]; SETP and PUSH_SETP are the model's AND forms.
 * An X-macro list (enc.h): the enum, and the RTL's localparams. */
#define PRED_OP_LIST(X)                                                                            \
    X(PRED_OP_NOP, 0) X(PRED_OP_SETP, 1) X(PRED_OP_PUSH, 2) X(PRED_OP_POP, 3) X(PRED_OP_INV, 4)    \
        X(PRED_OP_PUSH_SETP, 5) X(PRED_OP_SET_TASK_MASK, 6) X(PRED_OP_WRITE, 7)
typedef enum pred_op { PRED_OP_LIST(ENC_ENUM) PRED_OP_COUNT = 8 } pred_op;

typedef struct pred_stack_cfg {
    unsigned contexts; /* 1..64 */
    unsigned lanes;    /* 1..64 */
    unsigned depth;    /* 1..64 */
    unsigned spu_sc;   /* SC lanes per SPU (docs/pred_stack.md, "SPU grouping"); 0: flat lanes */
} pred_stack_cfg;

typedef struct pred_stack_in {
    bool rst;         /* reset asserted this cycle (rst_ni low) */
    unsigned op;      /* pred_op; only the low 3 bits are used */
    unsigned ctx;     /* context of the op */
    uint64_t mask;    /* condition, value to WRITE or new TaskMask; bits >= lanes ignored */
    unsigned obs_ctx; /* context shown on the obs_* outputs */
} pred_stack_in;

/* The outputs are the block's port struct (ctm_ports.h): exec_mask is the
 * ExecuteMask of ctx, obs_top 0 when obs_sp is 0, pad_ 0. */
typedef ctm_pred_out pred_stack_out;

typedef struct pred_stack_model pred_stack_model;

/* Creates a unit in its reset state. Fails with DPP_E_ARG if a parameter is
 * outside 1..64, or if spu_sc > 0 and lanes is not a multiple of spu_sc + 1. */
dpp_status pred_stack_create(const pred_stack_cfg *cfg, pred_stack_model **out, dpp_error *err);

void pred_stack_destroy(pred_stack_model *m);

/* Resets every context (docs/pred_stack.md, rule 4). */
void pred_stack_reset(pred_stack_model *m);

/* One clock edge: fills *out from the state before the edge, then applies
 * in->op. With in->rst the state is reset first and no op is applied.
 * Equivalent to pred_stack_outputs followed by pred_stack_edge. */
void pred_stack_step(pred_stack_model *m, const pred_stack_in *in, pred_stack_out *out);

/* The two halves of a step, for a checker that inspects the state between
 * them: the outputs (after a reset, if in->rst), then the edge. */
void pred_stack_outputs(pred_stack_model *m, const pred_stack_in *in, pred_stack_out *out);
void pred_stack_edge(pred_stack_model *m, const pred_stack_in *in);

/* The observation outputs of context ctx without stepping (for reports). */
void pred_stack_observe(const pred_stack_model *m, unsigned ctx, pred_stack_out *out);

const pred_stack_cfg *pred_stack_config(const pred_stack_model *m);

/* Mask of the unit's lanes (bits 0..lanes-1). */
uint64_t pred_stack_lane_mask(const pred_stack_model *m);

/* Name of an op code ("PUSH_SETP"), for reports and disassembly of traces. */
const char *pred_op_name(unsigned op);

#endif
