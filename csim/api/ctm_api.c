/* The public API (ctm.h): version, and the pred_stack and stack_acct mirrors
 * behind handles. Each mirror is the same C model the kit's own lock-step runs
 * use; every call checks its handle and arguments (api_guard.c) and a check
 * compares every output field through the handle's checker (api_check.c),
 * which also keeps the history and writes the report. */
#include "ctm.h"
#include "api_check.h"
#include "ctm_int.h"

#include "pred_stack.h"
#include "stack_acct.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int ctm_version(void)
{
    return CTM_VERSION_MAJOR << 16 | CTM_VERSION_MINOR << 8 | CTM_VERSION_PATCH;
}

const char *ctm_version_string(void)
{
    return CTM_VERSION_STRING;
}

/* ------------------------------------------------------------ pred_stack */

static const char *pred_op_label(unsigned op)
{
    return pred_op_name(op);
}

enum { PRED_IN_RST, PRED_IN_OP, PRED_IN_CTX, PRED_IN_MASK, PRED_IN_OBS_CTX, PRED_INS };

static const api_port pred_in[PRED_INS] = {
    [PRED_IN_RST] = {"rst", 0, 0, 0, 1, NULL},       [PRED_IN_OP] = {"op", 0, 0, 0, 3, pred_op_label},
    [PRED_IN_CTX] = {"ctx", 0, 0, 0, 8, NULL},       [PRED_IN_MASK] = {"mask", 1, 1, 0, 0, NULL},
    [PRED_IN_OBS_CTX] = {"obs_ctx", 0, 0, 0, 8, NULL},
};

static const api_port pred_out[CTM_PRED_FIELDS] = {
    [CTM_PRED_EXEC_MASK] = {"exec_mask", 1, 1, 0, 0, NULL},
    [CTM_PRED_OBS_PRED] = {"obs_pred", 1, 1, 1, 0, NULL},
    [CTM_PRED_OBS_TASK_MASK] = {"obs_task_mask", 1, 1, 1, 0, NULL},
    [CTM_PRED_OBS_EXEC_MASK] = {"obs_exec_mask", 1, 1, 1, 0, NULL},
    [CTM_PRED_OBS_SP] = {"obs_sp", 0, 0, 1, 7, NULL},
    [CTM_PRED_OBS_TOP] = {"obs_top", 1, 1, 1, 0, NULL},
    [CTM_PRED_OBS_OVERFLOW] = {"obs_overflow", 0, 0, 1, 1, NULL},
    [CTM_PRED_OBS_UNDERFLOW] = {"obs_underflow", 0, 0, 1, 1, NULL},
};

_Static_assert((int)PRED_INS <= (int)API_PORTS_MAX && (int)CTM_PRED_FIELDS <= (int)API_PORTS_MAX,
               "pred_stack's ports fit the checker's arrays");

static const api_unit pred_unit = {"pred_stack", "pred", pred_in,  PRED_INS,
                                   pred_out,     CTM_PRED_FIELDS, PRED_IN_OBS_CTX};

struct ctm_pred {
    api_mirror mr; /* first: the guard and the checker (api_check.h) */
    pred_stack_model *m;
    pred_stack_in in; /* the inputs of the last evaluated cycle, for its edge */
    unsigned ctx_max; /* the largest context the RTL's ctx_i port carries */
};

/* ctm_pred_new and ctm_pred_new_grouped, the caller's name in errors. */
static ctm_pred *pred_new(const char *func, int contexts, int lanes, int depth, int spu_sc)
{
    if (!API_RANGE_AT(NULL, func, "contexts", contexts, 1, PRED_STACK_MAX) ||
        !API_RANGE_AT(NULL, func, "lanes", lanes, 1, PRED_STACK_MAX) ||
        !API_RANGE_AT(NULL, func, "depth", depth, 1, PRED_STACK_MAX) ||
        !API_RANGE_AT(NULL, func, "spu_sc", spu_sc, 0, PRED_STACK_MAX - 1))
        return NULL;
    if (spu_sc && lanes % (spu_sc + 1))
        return api_fail("%s: lanes = %d is not a whole number of SPUs of %d SC lanes and 1 SFU "
                        "lane",
                        func, lanes, spu_sc);
    pred_stack_cfg cfg = {(unsigned)contexts, (unsigned)lanes, (unsigned)depth, (unsigned)spu_sc};
    ctm_pred *p = api_alloc(API_PRED, sizeof *p);
    if (!p)
        return api_fail("%s: out of memory", func);
    char config[64];
    int used = snprintf(config, sizeof config, "%dx%dx%d", contexts, lanes, depth);
    if (spu_sc)
        snprintf(config + used, sizeof config - (size_t)used, "g%d", spu_sc);
    dpp_error err;
    if (api_check_init(&p->mr.ck, &pred_unit, (unsigned)lanes, (unsigned)contexts + 1, config) ||
        pred_stack_create(&cfg, &p->m, &err)) {
        api_check_free(&p->mr.ck);
        api_release(p, API_PRED);
        return api_fail("%s: out of memory", func);
    }
    unsigned span = 2; /* ctx_i is clog2(contexts) bits wide, at least 1 */
    while (span < (unsigned)contexts)
        span *= 2;
    p->ctx_max = span - 1;
    api_set_error("");
    return p;
}

ctm_pred *ctm_pred_new(int contexts, int lanes, int depth)
{
    return pred_new(__func__, contexts, lanes, depth, 0);
}

ctm_pred *ctm_pred_new_grouped(int contexts, int lanes, int depth, int spu_sc)
{
    return pred_new(__func__, contexts, lanes, depth, spu_sc);
}

void ctm_pred_free(ctm_pred *p)
{
    if (!p || !API_LIVE(p, API_PRED))
        return;
    pred_stack_destroy(p->m);
    api_check_free(&p->mr.ck);
    api_release(p, API_PRED);
}

/* The arguments of a cycle, as the RTL's ports can carry them. */
static inline int pred_inputs_ok(ctm_pred *p, const char *func, int op, int ctx, int obs_ctx)
{
    return API_RANGE_AT(&p->mr.h, func, "op", op, 0, 7) &&
           API_RANGE_AT(&p->mr.h, func, "ctx", ctx, 0, p->ctx_max) &&
           API_RANGE_AT(&p->mr.h, func, "obs_ctx", obs_ctx, 0, p->ctx_max);
}

/* The eval of ctm_pred_eval and ctm_pred_step, the caller's name in errors. */
static int pred_eval(ctm_pred *p, const char *func, int rst, int op, int ctx, uint64_t mask,
                     int obs_ctx)
{
    if (!pred_inputs_ok(p, func, op, ctx, obs_ctx))
        return 0;
    p->in = (pred_stack_in){.rst = rst != 0,
                            .op = (unsigned)op,
                            .ctx = (unsigned)ctx,
                            .mask = mask,
                            .obs_ctx = (unsigned)obs_ctx};
    pred_stack_out o;
    pred_stack_outputs(p->m, &p->in, &o);
    api_check *c = &p->mr.ck;
    uint64_t *w = c->want, *in = api_check_begin(c, api_check_slot(c, (unsigned)ctx));
    w[CTM_PRED_EXEC_MASK] = o.exec_mask;
    w[CTM_PRED_OBS_PRED] = o.obs_pred;
    w[CTM_PRED_OBS_TASK_MASK] = o.obs_task_mask;
    w[CTM_PRED_OBS_EXEC_MASK] = o.obs_exec_mask;
    w[CTM_PRED_OBS_SP] = o.obs_sp;
    w[CTM_PRED_OBS_TOP] = o.obs_top;
    w[CTM_PRED_OBS_OVERFLOW] = o.obs_overflow;
    w[CTM_PRED_OBS_UNDERFLOW] = o.obs_underflow;
    in[PRED_IN_RST] = rst != 0;
    in[PRED_IN_OP] = (unsigned)op;
    in[PRED_IN_CTX] = (unsigned)ctx;
    in[PRED_IN_MASK] = mask & pred_stack_lane_mask(p->m);
    in[PRED_IN_OBS_CTX] = (unsigned)obs_ctx;
    return 1;
}

void ctm_pred_eval(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx)
{
    if (API_LIVE(p, API_PRED) && !pred_eval(p, __func__, rst, op, ctx, mask, obs_ctx))
        p->in.rst = true; /* a refused cycle has no edge */
}

void ctm_pred_edge(ctm_pred *p)
{
    if (!API_LIVE(p, API_PRED))
        return;
    pred_stack_edge(p->m, &p->in);
    p->in.rst = true; /* a second edge of the same cycle changes nothing */
}

void ctm_pred_step(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx)
{
    if (!API_LIVE(p, API_PRED))
        return;
    if (pred_eval(p, __func__, rst, op, ctx, mask, obs_ctx))
        pred_stack_edge(p->m, &p->in);
    p->in.rst = true; /* edged, or refused: either way no edge is pending (as a refused eval) */
}

uint64_t ctm_pred_peek(const ctm_pred *p, int ctx, int field)
{
    if (!API_LIVE(p, API_PRED))
        return 0;
    api_handle *h = (api_handle *)&p->mr.h; /* a misuse is recorded on the handle */
    if (!API_RANGE(h, "ctx", ctx, 0, p->ctx_max) ||
        !API_RANGE(h, "field", field, 0, CTM_PRED_FIELDS - 1))
        return 0;
    pred_stack_out o;
    pred_stack_observe(p->m, (unsigned)ctx, &o);
    switch (field) {
    case CTM_PRED_EXEC_MASK:
    case CTM_PRED_OBS_EXEC_MASK: return o.obs_exec_mask;
    case CTM_PRED_OBS_PRED: return o.obs_pred;
    case CTM_PRED_OBS_TASK_MASK: return o.obs_task_mask;
    case CTM_PRED_OBS_SP: return o.obs_sp;
    case CTM_PRED_OBS_TOP: return o.obs_top;
    case CTM_PRED_OBS_OVERFLOW: return o.obs_overflow;
    default: return o.obs_underflow;
    }
}

uint64_t ctm_pred_expect(const ctm_pred *p, int field)
{
    return API_LIVE(p, API_PRED) ? API_EXPECT(&p->mr.ck, (api_handle *)&p->mr.h, field, CTM_PRED_FIELDS)
                                 : 0;
}

int ctm_pred_check(ctm_pred *p, uint64_t exec_mask, uint64_t obs_pred, uint64_t obs_task_mask,
                   uint64_t obs_exec_mask, int obs_sp, uint64_t obs_top, int obs_overflow,
                   int obs_underflow)
{
    if (!API_LIVE(p, API_PRED))
        return CTM_E_ARG;
    uint64_t *g = p->mr.ck.got;
    g[CTM_PRED_EXEC_MASK] = exec_mask;
    g[CTM_PRED_OBS_PRED] = obs_pred;
    g[CTM_PRED_OBS_TASK_MASK] = obs_task_mask;
    g[CTM_PRED_OBS_EXEC_MASK] = obs_exec_mask;
    g[CTM_PRED_OBS_SP] = (uint64_t)obs_sp;
    g[CTM_PRED_OBS_TOP] = obs_top;
    g[CTM_PRED_OBS_OVERFLOW] = obs_overflow != 0;
    g[CTM_PRED_OBS_UNDERFLOW] = obs_underflow != 0;
    return api_verdict(&p->mr.ck, &p->mr.h, __func__, "ctm_pred_step or ctm_pred_eval", PRED_IN_CTX);
}

const char *ctm_pred_diff(const ctm_pred *p)
{
    return api_mirror_diff(p, API_PRED, __func__);
}

const char *ctm_pred_report(ctm_pred *p, int format)
{
    return api_mirror_report(p, API_PRED, format, __func__);
}

int ctm_pred_set_cycle(ctm_pred *p, uint64_t cycle)
{
    return api_mirror_set_cycle(p, API_PRED, cycle, __func__);
}

int ctm_pred_set_history(ctm_pred *p, int steps)
{
    return api_mirror_set_history(p, API_PRED, steps, __func__);
}

/* ------------------------------------------------------------ stack_acct */

static const char *stack_op_label(unsigned op)
{
    return stack_op_name(op);
}

enum { ST_IN_RST, ST_IN_OP, ST_IN_POP_COUNT, ST_IN_WQM, ST_IN_TAKEN, ST_IN_STACK_SIZE, ST_INS };

static const api_port stack_in[ST_INS] = {
    [ST_IN_RST] = {"rst", 0, 0, 0, 1, NULL},
    [ST_IN_OP] = {"op", 0, 0, 0, 4, stack_op_label},
    [ST_IN_POP_COUNT] = {"pop_count", 0, 0, 0, 3, NULL},
    [ST_IN_WQM] = {"wqm", 0, 0, 0, 1, NULL},
    [ST_IN_TAKEN] = {"taken", 0, 0, 0, 1, NULL},
    [ST_IN_STACK_SIZE] = {"stack_size", 0, 0, 0, 8, NULL},
};

static const api_port stack_out[CTM_STACK_FIELDS] = {
    [CTM_STACK_ENTRIES] = {"entries", 0, 0, 0, 16, NULL},
    [CTM_STACK_SUBENTRIES] = {"subentries", 0, 0, 0, 16, NULL},
    [CTM_STACK_NEED] = {"need", 0, 0, 0, 16, NULL},
    [CTM_STACK_HWM] = {"hwm", 0, 0, 0, 16, NULL},
    [CTM_STACK_DEPTH] = {"depth", 0, 0, 0, 11, NULL},
    [CTM_STACK_OVERFLOW] = {"overflow", 0, 0, 0, 1, NULL},
    [CTM_STACK_UNDERFLOW] = {"underflow", 0, 0, 0, 1, NULL},
    [CTM_STACK_DROP] = {"drop", 0, 0, 0, 1, NULL},
};

_Static_assert((int)ST_INS <= (int)API_PORTS_MAX && (int)CTM_STACK_FIELDS <= (int)API_PORTS_MAX,
               "stack_acct's ports fit the checker's arrays");

static const api_unit stack_unit = {"stack_acct", "stack", stack_in, ST_INS,
                                    stack_out,    CTM_STACK_FIELDS, 0};

struct ctm_stack {
    api_mirror mr; /* first: the guard and the checker (api_check.h) */
    stack_acct_model *m;
};

ctm_stack *ctm_stack_new(int width, int rule, int chip, int depth)
{
    if (width != 16 && width != 32 && width != 48 && width != 64)
        return api_fail("ctm_stack_new: width = %d is not one of 16, 32, 48, 64", width);
    if (!API_RANGE(NULL, "rule", rule, 0, STACK_RULE_COUNT - 1) ||
        !API_RANGE(NULL, "chip", chip, 0, STACK_CHIP_COUNT - 1) ||
        !API_RANGE(NULL, "depth", depth, 1, 1024))
        return NULL;
    stack_acct_cfg cfg = {(unsigned)width, (unsigned)rule, (unsigned)chip, (unsigned)depth};
    ctm_stack *s = api_alloc(API_STACK, sizeof *s);
    if (!s)
        return api_fail("ctm_stack_new: out of memory");
    char config[64];
    snprintf(config, sizeof config, "w%d.%s.%s.d%d", width, stack_rule_name((unsigned)rule),
             stack_chip_name((unsigned)chip), depth);
    for (char *c = config; *c; c++) /* as build/cosim names the configuration */
        *c = (char)tolower((unsigned char)*c);
    dpp_error err;
    if (api_check_init(&s->mr.ck, &stack_unit, 0, 1, config) ||
        stack_acct_create(&cfg, &s->m, &err)) {
        api_check_free(&s->mr.ck);
        api_release(s, API_STACK);
        return api_fail("ctm_stack_new: out of memory");
    }
    api_set_error("");
    return s;
}

void ctm_stack_free(ctm_stack *s)
{
    if (!s || !API_LIVE(s, API_STACK))
        return;
    stack_acct_destroy(s->m);
    api_check_free(&s->mr.ck);
    api_release(s, API_STACK);
}

void ctm_stack_step(ctm_stack *s, int rst, int op, int pop_count, int wqm, int taken,
                    int stack_size)
{
    if (!API_LIVE(s, API_STACK) || !API_RANGE(&s->mr.h, "op", op, 0, 15) ||
        !API_RANGE(&s->mr.h, "pop_count", pop_count, 0, 7) ||
        !API_RANGE(&s->mr.h, "stack_size", stack_size, 0, 255))
        return;
    stack_acct_in in = {.rst = rst != 0,
                        .op = (unsigned)op,
                        .pop_count = (unsigned)pop_count,
                        .wqm = wqm != 0,
                        .taken = taken != 0,
                        .stack_size = (unsigned)stack_size};
    stack_acct_out o;
    stack_acct_step(s->m, &in, &o);
    api_check *c = &s->mr.ck;
    uint64_t *w = c->want, *i = api_check_begin(c, 0);
    w[CTM_STACK_ENTRIES] = o.entries;
    w[CTM_STACK_SUBENTRIES] = o.subentries;
    w[CTM_STACK_NEED] = o.need;
    w[CTM_STACK_HWM] = o.hwm;
    w[CTM_STACK_DEPTH] = o.depth;
    w[CTM_STACK_OVERFLOW] = o.overflow;
    w[CTM_STACK_UNDERFLOW] = o.underflow;
    w[CTM_STACK_DROP] = o.drop;
    i[ST_IN_RST] = in.rst;
    i[ST_IN_OP] = in.op;
    i[ST_IN_POP_COUNT] = in.pop_count;
    i[ST_IN_WQM] = in.wqm;
    i[ST_IN_TAKEN] = in.taken;
    i[ST_IN_STACK_SIZE] = in.stack_size;
}

uint64_t ctm_stack_expect(const ctm_stack *s, int field)
{
    return API_LIVE(s, API_STACK)
               ? API_EXPECT(&s->mr.ck, (api_handle *)&s->mr.h, field, CTM_STACK_FIELDS)
               : 0;
}

int ctm_stack_check(ctm_stack *s, int entries, int subentries, int need, int hwm, int depth,
                    int overflow, int underflow, int drop)
{
    if (!API_LIVE(s, API_STACK))
        return CTM_E_ARG;
    uint64_t *g = s->mr.ck.got;
    g[CTM_STACK_ENTRIES] = (uint64_t)entries;
    g[CTM_STACK_SUBENTRIES] = (uint64_t)subentries;
    g[CTM_STACK_NEED] = (uint64_t)need;
    g[CTM_STACK_HWM] = (uint64_t)hwm;
    g[CTM_STACK_DEPTH] = (uint64_t)depth;
    g[CTM_STACK_OVERFLOW] = overflow != 0;
    g[CTM_STACK_UNDERFLOW] = underflow != 0;
    g[CTM_STACK_DROP] = drop != 0;
    return api_verdict(&s->mr.ck, &s->mr.h, __func__, "ctm_stack_step", -1);
}

const char *ctm_stack_diff(const ctm_stack *s)
{
    return api_mirror_diff(s, API_STACK, __func__);
}

const char *ctm_stack_report(ctm_stack *s, int format)
{
    return api_mirror_report(s, API_STACK, format, __func__);
}

int ctm_stack_set_cycle(ctm_stack *s, uint64_t cycle)
{
    return api_mirror_set_cycle(s, API_STACK, cycle, __func__);
}

int ctm_stack_set_history(ctm_stack *s, int steps)
{
    return api_mirror_set_history(s, API_STACK, steps, __func__);
}
