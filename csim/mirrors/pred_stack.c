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

/* One SPU of the grouping: its SC lanes and its SFU lane. */
typedef struct spu {
    uint64_t sc, sfu;
} spu;

struct pred_stack_model {
    pred_stack_cfg cfg;
    uint64_t lanes; /* mask of valid lane bits */
    pred_ctx *ctx;  /* cfg.contexts entries */
    unsigned spus;  /* 0: flat lanes */
    spu spu[PRED_STACK_MAX];
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

/* The lane layout of the grouping (docs/pred_stack.md): the SC lanes of
 * every SPU first, in SPU order, then one SFU lane per SPU. */
static void set_spus(pred_stack_model *m)
{
    unsigned k = m->cfg.spu_sc;
    m->spus = k ? m->cfg.lanes / (k + 1) : 0;
    for (unsigned s = 0; s < m->spus; s++) {
        m->spu[s].sc = lane_bits(k) << (s * k);
        m->spu[s].sfu = 1ull << (m->spus * k + s);
    }
}

/* A predicate as the register keeps it: an SFU lane's bit is the OR of its
 * SPU's SC bits [seed 003: "SFU對應的Predicate Mask由同一個SPU內的4個SC的
 * Predicate Mask進行或操作得到"]; whatever the SFU bits of p were is dropped. */
static uint64_t pred_value(const pred_stack_model *m, uint64_t p)
{
    for (unsigned s = 0; s < m->spus; s++)
        p = (p & ~m->spu[s].sfu) | ((p & m->spu[s].sc) ? m->spu[s].sfu : 0);
    return p;
}

/* The DataMask a TaskMask gives: every lane of an SPU, SCs and SFU, has the
 * SPU's TaskMask [seed 003: "一個SPU內部SC和SFU的DataMask均與該SPU對應的TaskMask
 * 相同"]; the SPU has a task when any of its SC lanes is in t (model-defined). */
static uint64_t data_mask(const pred_stack_model *m, uint64_t t)
{
    for (unsigned s = 0; s < m->spus; s++) {
        uint64_t all = m->spu[s].sc | m->spu[s].sfu;
        t = (t & ~all) | ((t & m->spu[s].sc) ? all : 0);
    }
    return t;
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
    unsigned group = cfg->spu_sc + 1;
    if (cfg->spu_sc && (cfg->spu_sc >= PRED_STACK_MAX || cfg->lanes % group))
        return dpp_error_set(err, DPP_E_ARG,
                             "pred_stack: lanes = %u is not a whole number of SPUs of %u SC "
                             "lanes and 1 SFU lane",
                             cfg->lanes, cfg->spu_sc);
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
    set_spus(m);
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
        x->pred = pred_value(m, x->pred & mask);
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
        x->pred = pred_value(m, ~x->pred & read_top(m, x) & m->lanes);
        break;
    case PRED_OP_PUSH_SETP:
        push(m, x);
        x->pred = pred_value(m, x->pred & mask);
        break;
    case PRED_OP_SET_TASK_MASK:
        x->task_mask = data_mask(m, mask);
        break;
    case PRED_OP_WRITE: /* the patent's store of the condition result [seed 003] */
        x->pred = pred_value(m, mask);
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
