#include "pred_stack.h"

#include <stdlib.h>

typedef struct pred_ctx {
    uint64_t pred;
    uint64_t task_mask;
    unsigned sp;
    bool overflow;
    bool underflow;
    uint64_t stack[PRED_STACK_MAX];
} pred_ctx;

struct pred_stack_model {
    pred_stack_cfg cfg;
    uint64_t lanes;  /* mask of valid lane bits */
    pred_ctx *ctx;   /* cfg.contexts entries */
};

static const char *const op_names[PRED_OP_COUNT] = {
    "NOP", "SETP", "PUSH", "POP", "INV", "PUSH_SETP", "SET_TASK_MASK", "WRITE",
};

const char *pred_op_name(unsigned op)
{
    return op_names[op & 7u];
}

static uint64_t lane_bits(unsigned lanes)
{
    return lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
}

dpp_status pred_stack_create(const pred_stack_cfg *cfg, pred_stack_model **out, dpp_error *err)
{
    const struct {
        const char *name;
        unsigned value;
    } params[] = {{"contexts", cfg->contexts}, {"lanes", cfg->lanes}, {"depth", cfg->depth}};
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
        if (params[i].value < 1 || params[i].value > PRED_STACK_MAX)
            return dpp_error_set(err, DPP_E_ARG, "pred_stack: %s = %u is outside 1..%u",
                                 params[i].name, params[i].value, PRED_STACK_MAX);
    pred_stack_model *m = calloc(1, sizeof *m);
    pred_ctx *ctx = calloc(cfg->contexts, sizeof *ctx);
    if (!m || !ctx) {
        free(m);
        free(ctx);
        return dpp_error_set(err, DPP_E_NOMEM, "pred_stack: out of memory");
    }
    m->cfg = *cfg;
    m->lanes = lane_bits(cfg->lanes);
    m->ctx = ctx;
    pred_stack_reset(m);
    *out = m;
    return DPP_OK;
}

void pred_stack_destroy(pred_stack_model *m)
{
    if (m)
        free(m->ctx);
    free(m);
}

void pred_stack_reset(pred_stack_model *m)
{
    for (unsigned c = 0; c < m->cfg.contexts; c++) {
        pred_ctx *x = &m->ctx[c];
        x->pred = m->lanes;
        x->task_mask = m->lanes;
        x->sp = 0;
        x->overflow = false;
        x->underflow = false;
    }
}

void pred_stack_observe(const pred_stack_model *m, unsigned ctx, pred_stack_out *out)
{
    if (ctx >= m->cfg.contexts) { /* rule 6: out-of-range contexts read as zeros */
        out->obs_pred = out->obs_task_mask = out->obs_exec_mask = out->obs_top = 0;
        out->obs_sp = 0;
        out->obs_overflow = out->obs_underflow = false;
        return;
    }
    const pred_ctx *x = &m->ctx[ctx];
    out->obs_pred = x->pred;
    out->obs_task_mask = x->task_mask;
    out->obs_exec_mask = x->pred & x->task_mask;
    out->obs_top = x->sp ? x->stack[x->sp - 1] : 0;
    out->obs_sp = x->sp;
    out->obs_overflow = x->overflow;
    out->obs_underflow = x->underflow;
}

/* The entry POP and INV read: the top, or the root mask on an empty stack
 * (rule 1), which also raises the sticky underflow flag. */
static uint64_t read_top(pred_stack_model *m, pred_ctx *x)
{
    if (x->sp == 0) {
        x->underflow = true;
        return m->lanes;
    }
    return x->stack[x->sp - 1];
}

/* Pushes pred (rule 2: a full stack flags overflow and keeps everything). */
static void push(pred_stack_model *m, pred_ctx *x)
{
    if (x->sp == m->cfg.depth) {
        x->overflow = true;
        return;
    }
    x->stack[x->sp++] = x->pred;
}

void pred_stack_outputs(pred_stack_model *m, const pred_stack_in *in, pred_stack_out *out)
{
    /* Reset is asynchronous: during a reset cycle the outputs show the reset state. */
    if (in->rst)
        pred_stack_reset(m);
    pred_stack_observe(m, in->obs_ctx, out);
    const pred_ctx *x = in->ctx < m->cfg.contexts ? &m->ctx[in->ctx] : NULL;
    out->exec_mask = x ? x->pred & x->task_mask : 0;
}

void pred_stack_step(pred_stack_model *m, const pred_stack_in *in, pred_stack_out *out)
{
    pred_stack_outputs(m, in, out);
    pred_stack_edge(m, in);
}

void pred_stack_edge(pred_stack_model *m, const pred_stack_in *in)
{
    if (in->rst || in->ctx >= m->cfg.contexts)
        return;
    pred_ctx *x = &m->ctx[in->ctx];

    uint64_t mask = in->mask & m->lanes;
    switch ((pred_op)(in->op & 7u)) {
    case PRED_OP_SETP:
        x->pred &= mask;
        break;
    case PRED_OP_PUSH:
        push(m, x);
        break;
    case PRED_OP_POP: {
        uint64_t top = read_top(m, x);
        x->pred = top;
        if (x->sp)
            x->sp--;
        break;
    }
    case PRED_OP_INV:
        x->pred = ~x->pred & read_top(m, x) & m->lanes;
        break;
    case PRED_OP_PUSH_SETP:
        push(m, x);
        x->pred &= mask;
        break;
    case PRED_OP_SET_TASK_MASK:
        x->task_mask = mask;
        break;
    case PRED_OP_WRITE: /* the patent's store of the condition result [seed 003] */
        x->pred = mask;
        break;
    case PRED_OP_NOP:
    case PRED_OP_COUNT:
        break;
    }
}

const pred_stack_cfg *pred_stack_config(const pred_stack_model *m)
{
    return &m->cfg;
}

uint64_t pred_stack_lane_mask(const pred_stack_model *m)
{
    return m->lanes;
}
