#include "pred_stack_int.h"

#include <stddef.h>
#include <stdlib.h>

/* What each op does (docs/pred_stack.md, "Ops"); set_edges makes the
 * edge table of a model from it. */
typedef struct op_rule {
    bool pred_in, flip, mask_in, top_in; /* the new pred: (~)pred & mask & top of those in */
    bool push, pop, reads_top, task;
} op_rule;

/* clang-format off */
static const op_rule op_rules[PRED_OP_COUNT] = {
    /*                         pred  ~     mask  top   push  pop   top   task */
    [PRED_OP_NOP]           = {1,    0,    0,    0,    0,    0,    0,    0},
    [PRED_OP_SETP]          = {1,    0,    1,    0,    0,    0,    0,    0},
    [PRED_OP_PUSH]          = {1,    0,    0,    0,    1,    0,    0,    0},
    [PRED_OP_POP]           = {0,    0,    0,    1,    0,    1,    1,    0},
    [PRED_OP_INV]           = {1,    1,    0,    1,    0,    0,    1,    0},
    [PRED_OP_PUSH_SETP]     = {1,    0,    1,    0,    1,    0,    0,    0}, /* the old pred pushed */
    [PRED_OP_SET_TASK_MASK] = {1,    0,    0,    0,    0,    0,    0,    1},
    [PRED_OP_WRITE]         = {0,    0,    1,    0,    0,    0,    0,    0}, /* [seed 003] */
};
/* clang-format on */

_Static_assert(offsetof(pred_stack_out, obs_underflow) == offsetof(pred_stack_out, obs_overflow) + 1,
               "an edge raises both sticky flags with one 16-bit OR (little-endian)");

/* The edge table: each op on an empty, a full and any other stack. */
static void set_edges(pred_stack_model *m)
{
    for (unsigned op = 0; op < PRED_OP_COUNT; op++)
        for (unsigned empty = 0; empty < 2; empty++)
            for (unsigned full = 0; full < 2; full++) {
                const op_rule *o = &op_rules[op];
                pred_edge_row *r = &m->edge[op << 2 | empty << 1 | full];
                r->flip = o->flip ? m->lanes : 0;
                r->keep = o->pred_in ? 0 : ~0ull;
                r->no_mask = o->mask_in ? 0 : ~0ull;
                /* rule 1: an empty stack's top reads as the root mask */
                r->no_top = !o->top_in ? ~0ull : empty ? m->lanes : 0;
                r->keep_task = o->task ? 0 : ~0ull;
                r->dsp = (o->push && !full) - (o->pop && !empty); /* rule 2: full keeps all */
                r->flags = (uint16_t)((o->push && full) | (o->reads_top && empty) << 8);
            }
}

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
uint64_t pred_stack_spu_pred(const pred_stack_model *m, uint64_t p)
{
    for (unsigned s = 0; s < m->spus; s++)
        p = (p & ~m->spu[s].sfu) | ((p & m->spu[s].sc) ? m->spu[s].sfu : 0);
    return p;
}

/* The DataMask a TaskMask gives: every lane of an SPU, SCs and SFU, has the
 * SPU's TaskMask [seed 003: "一個SPU內部SC和SFU的DataMask均與該SPU對應的TaskMask
 * 相同"]; the SPU has a task when any of its SC lanes is in t (model-defined). */
uint64_t pred_stack_spu_task(const pred_stack_model *m, uint64_t t)
{
    for (unsigned s = 0; s < m->spus; s++) {
        uint64_t all = m->spu[s].sc | m->spu[s].sfu;
        t = (t & ~all) | ((t & m->spu[s].sc) ? all : 0);
    }
    return t;
}

__attribute__((noinline)) void pred_stack_edge_grouped(const pred_stack_model *m, pred_ctx *x,
                                                       unsigned op, uint64_t mask)
{
    pred_stack_edge_body(m, x, op, mask, true);
}

/* The context of any index: its own, or a ghost (rule 6). */
static pred_ctx *ctx_of(const pred_stack_model *m, unsigned ctx)
{
    return &m->ctx[ctx < m->span ? ctx : m->span];
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
    unsigned span = 2; /* CtxW = max(1, clog2 contexts) bits */
    while (span < cfg->contexts)
        span *= 2;
    pred_stack_model *m = calloc(1, sizeof *m);
    pred_ctx *ctx = calloc(span + 1, sizeof *ctx); /* a ghost past any index */
    if (!m || !ctx) {
        free(m);
        free(ctx);
        return dpp_error_set(err, DPP_E_NOMEM, "pred_stack: out of memory");
    }
    m->cfg = *cfg;
    m->lanes = lane_bits(cfg->lanes);
    m->span = span;
    m->ctx = ctx;
    for (unsigned c = 0; c < cfg->contexts; c++)
        ctx[c].ops = 7;
    for (unsigned sp = 0; sp <= cfg->depth; sp++)
        m->state[sp] = (uint8_t)((sp == 0 ? PRED_EMPTY : 0) | (sp == cfg->depth ? PRED_FULL : 0));
    set_spus(m);
    set_edges(m);
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
        pred_stack_out *v = &m->ctx[c].v;
        v->obs_pred = v->obs_task_mask = v->obs_exec_mask = m->lanes;
        v->obs_top = 0;
        v->obs_sp = 0;
        v->obs_overflow = false;
        v->obs_underflow = false;
    }
}

void pred_stack_observe(const pred_stack_model *m, unsigned ctx, pred_stack_out *out)
{
    const pred_stack_out *v = &ctx_of(m, ctx)->v; /* rule 6: past the last, zeros */
    *out = *v;
    out->exec_mask = v->obs_exec_mask;
}

void pred_stack_outputs(pred_stack_model *m, const pred_stack_in *in, pred_stack_out *out)
{
    /* Reset is asynchronous: during a reset cycle the outputs show the reset state. */
    if (in->rst)
        pred_stack_reset(m);
    *out = ctx_of(m, in->obs_ctx)->v;
    out->exec_mask = ctx_of(m, in->ctx)->v.obs_exec_mask;
}

void pred_stack_step(pred_stack_model *m, const pred_stack_in *in, pred_stack_out *out)
{
    pred_stack_outputs(m, in, out);
    pred_stack_edge(m, in);
}

void pred_stack_edge(pred_stack_model *m, const pred_stack_in *in)
{
    if (!in->rst)
        pred_stack_edge_of(m, ctx_of(m, in->ctx), in->op, in->mask & m->lanes);
}

const pred_stack_cfg *pred_stack_config(const pred_stack_model *m)
{
    return &m->cfg;
}

uint64_t pred_stack_lane_mask(const pred_stack_model *m)
{
    return m->lanes;
}
