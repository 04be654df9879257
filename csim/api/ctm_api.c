/* The public API (ctm.h): version, and the pred_stack and stack_acct mirrors
 * behind handles. Each mirror is the same C model the kit's own lock-step runs
 * use; every call checks its handle and arguments (api_guard.c) and a check
 * compares every output field through the handle's checker (api_check.c),
 * which also keeps the history and writes the report. */
#include "ctm.h"
#include "api_check.h"
#include "ctm_int.h"

#include "pred_stack_int.h"
#include "stack_acct_int.h"

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

const ctm_port *ctm_ports(const char *block, int outputs, int *count)
{
    static const api_unit *const units[] = {&api_pred_unit, &api_stack_unit, &api_fc_unit};
    if (!block || !count)
        return api_fail("ctm_ports: %s is NULL", block ? "count" : "block");
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        const api_unit *u = units[i];
        if (strcmp(block, u->block) && strcmp(block, u->json_block))
            continue;
        *count = (int)(outputs ? u->n_out : u->n_in);
        return outputs ? u->out : u->in;
    }
    return api_fail("ctm_ports: no block \"%s\" (pred_stack, stack_acct, fc_unit)", block);
}

/* ------------------------------------------------------------ pred_stack */

static const char *pred_op_label(unsigned op)
{
    return pred_op_name(op);
}
#define API_NAMES_pred_op pred_op_label

/* The ports of ctm_ports.h's lists, in their order: the inputs' indices by
 * name (PRED_IN_ctx), the outputs' by ctm.h's CTM_PRED_*. */
enum { CTM_PRED_IN_PORTS(API_INDEX, PRED_IN_) PRED_INS };
enum { CTM_PRED_OUT_PORTS(API_INDEX, PRED_OUT_) PRED_OUTS };
_Static_assert((int)PRED_OUTS == (int)CTM_PRED_FIELDS, "a row for each CTM_PRED_* field");
API_TABLE(pred_in, CTM_PRED_IN_PORTS, ctm_pred_in);
API_TABLE(pred_out, CTM_PRED_OUT_PORTS, ctm_pred_out);
API_ONLY_LISTED(CTM_PRED_IN_PORTS, ctm_pred_in, sizeof(((ctm_pred_in *)0)->pad_));
API_ONLY_LISTED(CTM_PRED_OUT_PORTS, ctm_pred_out, sizeof(((ctm_pred_out *)0)->pad_));
_Static_assert((int)PRED_INS <= (int)API_PORTS_MAX && (int)PRED_OUTS <= (int)API_PORTS_MAX,
               "pred_stack's ports fit the checker's arrays");

const api_unit api_pred_unit = {"pred_stack",        "pred",          pred_in,
                                PRED_INS,            pred_out,        PRED_OUTS,
                                PRED_IN_obs_ctx,     "ctm_pred_in_t", "ctm_pred_out_t",
                                sizeof(ctm_pred_in), sizeof(ctm_pred_out)};

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
    if (api_check_init(&p->mr.ck, &api_pred_unit, (unsigned)lanes, (unsigned)contexts + 1, config) ||
        pred_stack_create(&cfg, &p->m, &err)) {
        api_check_free(&p->mr.ck);
        api_release(p, API_PRED);
        return api_fail("%s: out of memory", func);
    }
    p->ctx_max = p->m->span - 1; /* ctx_i is clog2(contexts) bits wide, at least 1 */
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

/* The mirror writes its outputs (a ctm_pred_out) straight into the history
 * entry, where the checker reads them. */

/* The first half of a cycle whose inputs are in range: the history entry
 * keeps them and the expected outputs (the mirror writes them there); returns
 * the entry's inputs, the edge's. */
static const ctm_pred_in *pred_eval_at(ctm_pred *p, const ctm_pred_in *in)
{
    api_check *c = &p->mr.ck;
    unsigned char *e = api_check_begin(c, api_check_slot(c, in->ctx));
    ctm_pred_in *kept = (ctm_pred_in *)(e + 8);
    pred_stack_out *want = (pred_stack_out *)(e + c->want_at);
    *kept = *in;
    kept->rst = in->rst != 0;
    kept->mask &= p->m->lanes;
    if (kept->rst) /* asynchronous: a reset cycle's outputs show the reset state */
        pred_stack_reset(p->m);
    *want = p->m->ctx[in->obs_ctx].v;
    want->exec_mask = p->m->ctx[in->ctx].v.obs_exec_mask;
    return kept;
}

/* The edge ctm_pred_edge takes: the inputs of the cycle last evaluated. */
static void pred_pend(ctm_pred *p, const ctm_pred_in *in)
{
    p->in = (pred_stack_in){
        .rst = in->rst != 0, .op = in->op, .ctx = in->ctx, .mask = in->mask, .obs_ctx = in->obs_ctx};
}

static void pred_eval(ctm_pred *p, const ctm_pred_in *in)
{
    pred_pend(p, pred_eval_at(p, in));
}

/* The scalar calls' cycle: 1 if in range (then evaluated), else 0 with the error. */
static int pred_eval_args(ctm_pred *p, const char *func, int rst, int op, int ctx, uint64_t mask,
                          int obs_ctx)
{
    if (!pred_inputs_ok(p, func, op, ctx, obs_ctx))
        return 0;
    const ctm_pred_in in = {.mask = mask,
                            .op = (uint32_t)op,
                            .ctx = (uint32_t)ctx,
                            .obs_ctx = (uint32_t)obs_ctx,
                            .rst = rst != 0};
    pred_eval(p, &in);
    return 1;
}

void ctm_pred_eval(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx)
{
    if (API_LIVE(p, API_PRED) && !pred_eval_args(p, __func__, rst, op, ctx, mask, obs_ctx))
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
    if (pred_eval_args(p, __func__, rst, op, ctx, mask, obs_ctx))
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
    ctm_pred_out *g = (ctm_pred_out *)p->mr.ck.got_w;
    *g = (ctm_pred_out){.exec_mask = exec_mask,
                        .obs_pred = obs_pred,
                        .obs_task_mask = obs_task_mask,
                        .obs_exec_mask = obs_exec_mask,
                        .obs_top = obs_top,
                        .obs_sp = (uint32_t)obs_sp,
                        .obs_overflow = obs_overflow != 0,
                        .obs_underflow = obs_underflow != 0};
    return api_verdict(&p->mr.ck, &p->mr.h, __func__, "ctm_pred_step or ctm_pred_eval", PRED_IN_ctx);
}

/* The rest of a checked cycle past ctm_pred_cycle's common case: the fields
 * named on a difference (then the edge is left to ctm_pred_edge), else the
 * edge. */
static __attribute__((noinline, cold)) int pred_verdict(ctm_pred *p, const ctm_pred_in *kept,
                                                        const ctm_pred_out *dut)
{
    if (dut) {
        int rc = api_check_compare_wire(&p->mr.ck, dut, PRED_IN_ctx);
        if (rc != CTM_OK) {
            pred_pend(p, kept);
            return rc;
        }
    }
    if (!kept->rst)
        pred_stack_edge_of(p->m, &p->m->ctx[kept->ctx], kept->op, kept->mask);
    p->in.rst = true;
    return CTM_OK;
}

/* ctm_pred_cycle but for its common case: a misuse, a refused input, a reset
 * cycle or no DUT outputs. The caller's name in errors is ctm_pred_cycle. */
static __attribute__((noinline, cold)) int pred_cycle_rest(ctm_pred *p, const ctm_pred_in *in_w,
                                                           const ctm_pred_out *dut)
{
    if (!api_is_live(p, API_PRED) && !api_live_slow(p, API_PRED, "ctm_pred_cycle"))
        return CTM_E_ARG;
    ctm_pred_in in;
    memcpy(&in, in_w, sizeof in);
    if (p->mr.h.pending || in.op > 7 || in.ctx > p->ctx_max || in.obs_ctx > p->ctx_max) {
        api_handle *h = &p->mr.h;
        (void)(API_RANGE_AT(h, "ctm_pred_cycle", "op", in.op, 0, 7) && /* the first one out */
               API_RANGE_AT(h, "ctm_pred_cycle", "ctx", in.ctx, 0, p->ctx_max) &&
               API_RANGE_AT(h, "ctm_pred_cycle", "obs_ctx", in.obs_ctx, 0, p->ctx_max));
        p->in.rst = true; /* a refused cycle has no edge */
        return api_verdict(&p->mr.ck, h, "ctm_pred_cycle", "ctm_pred_cycle", PRED_IN_ctx);
    }
    return pred_verdict(p, pred_eval_at(p, &in), dut);
}

/* The 8 bytes at p as a word (any alignment). */
static inline uint64_t word_at(const void *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

/* The expected outputs, n bytes (a multiple of 8) whose first word is
 * first and the rest those at from, into the history entry at want;
 * nonzero if the DUT's at got differ. As words, unrolled: no call, no byte
 * loop. */
static inline __attribute__((always_inline)) uint64_t
put_outputs(void *want, uint64_t first, const void *from, const void *got, size_t n)
{
    unsigned char *to = want;
    uint64_t diff = first ^ word_at(got);
    memcpy(to, &first, 8);
#pragma GCC unroll 6
    for (size_t i = 8; i < n; i += 8) {
        uint64_t w = word_at((const unsigned char *)from + i);
        memcpy(to + i, &w, 8);
        diff |= w ^ word_at((const unsigned char *)got + i);
    }
    return diff;
}

int ctm_pred_cycle(ctm_pred *p, const ctm_pred_in *in_w, const ctm_pred_out *dut)
{
    if (!api_is_live(p, API_PRED) || !dut)
        return pred_cycle_rest(p, in_w, dut);
    /* the ports one by one: an svBitVecVal array is only 4-byte aligned */
    uint32_t op, ctx, obs_ctx;
    uint8_t rst;
    memcpy(&op, &in_w->op, sizeof op);
    memcpy(&ctx, &in_w->ctx, sizeof ctx);
    memcpy(&obs_ctx, &in_w->obs_ctx, sizeof obs_ctx);
    memcpy(&rst, &in_w->rst, sizeof rst);
    /* ctx_max is 2^k - 1: one test for every input out of range */
    if (p->mr.h.pending | rst | (op & ~7u) | ((ctx | obs_ctx) & ~p->ctx_max))
        return pred_cycle_rest(p, in_w, dut);
    /* A checked cycle, inline: the history entry keeps the inputs and the
     * expected outputs, which are compared with the DUT's as words. */
    api_check *c = &p->mr.ck;
    const pred_stack_model *m = p->m;
    unsigned char *e = api_check_begin(c, api_check_slot(c, ctx));
    ctm_pred_in *kept = (ctm_pred_in *)(e + 8);
    void *want = e + c->want_at;
    uint64_t mask = word_at(&in_w->mask) & m->lanes; /* kept as the port carries it */
    kept->mask = mask;
    memcpy(&kept->op, &in_w->op, sizeof *kept - offsetof(ctm_pred_in, op)); /* op .. pad_ */
    pred_ctx *x = &m->ctx[ctx];
    if (put_outputs(want, x->v.obs_exec_mask, &m->ctx[obs_ctx].v, dut, sizeof *dut))
        return pred_verdict(p, kept, dut);
    api_check_matched(c);
    p->in.rst = true; /* no edge pending (a failed cycle may have left one) */
    pred_stack_edge_of(m, x, op, mask);
    return CTM_OK;
}

int ctm_pred_expected(const ctm_pred *p, ctm_pred_out *out)
{
    if (!API_LIVE(p, API_PRED))
        return CTM_E_ARG;
    if (!p->mr.ck.steps) {
        api_fail("%s: no cycle stepped yet", __func__); /* the status says it: not pending */
        return CTM_E_STATE;
    }
    memcpy(out, api_check_want(&p->mr.ck), sizeof *out);
    return CTM_OK;
}

int ctm_pred_history(const ctm_pred *p, int ctx, int i, uint64_t *cycle, ctm_pred_in *in,
                     ctm_pred_out *expected)
{
    if (!API_LIVE(p, API_PRED))
        return CTM_E_ARG;
    /* The status says what went wrong: nothing is left pending for the next check. */
    if (ctx < 0 || (unsigned)ctx > p->ctx_max) {
        api_fail("%s: ctx = %d is outside 0..%u", __func__, ctx, p->ctx_max);
        return CTM_E_ARG;
    }
    const api_check *c = &p->mr.ck;
    return api_history_step(c, api_check_slot(c, (unsigned)ctx), i, cycle, in, expected, __func__);
}

const char *ctm_pred_diff(const ctm_pred *p)
{
    return api_mirror_diff(p, API_PRED, __func__);
}

int ctm_pred_diff_port(const ctm_pred *p, int *port, int *lane)
{
    return api_mirror_diff_port(p, API_PRED, port, lane, __func__);
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
#define API_NAMES_stack_op stack_op_label

enum { CTM_STACK_IN_PORTS(API_INDEX, ST_IN_) ST_INS };
enum { CTM_STACK_OUT_PORTS(API_INDEX, ST_OUT_) ST_OUTS };
_Static_assert((int)ST_OUTS == (int)CTM_STACK_FIELDS, "a row for each CTM_STACK_* field");
API_TABLE(stack_in, CTM_STACK_IN_PORTS, ctm_stack_in);
API_TABLE(stack_out, CTM_STACK_OUT_PORTS, ctm_stack_out);
API_ONLY_LISTED(CTM_STACK_IN_PORTS, ctm_stack_in, sizeof(((ctm_stack_in *)0)->pad_));
API_ONLY_LISTED(CTM_STACK_OUT_PORTS, ctm_stack_out, sizeof(((ctm_stack_out *)0)->pad_));
_Static_assert((int)ST_INS <= (int)API_PORTS_MAX && (int)ST_OUTS <= (int)API_PORTS_MAX,
               "stack_acct's ports fit the checker's arrays");
_Static_assert(offsetof(ctm_stack_in, op) == 0 && offsetof(ctm_stack_in, pop_count) == 4 &&
                   offsetof(ctm_stack_in, stack_size) == 8 && offsetof(ctm_stack_in, rst) == 12 &&
                   offsetof(ctm_stack_in, wqm) == 13 && offsetof(ctm_stack_in, taken) == 14,
               "ctm_stack_cycle reads the inputs as two little-endian words");

const api_unit api_stack_unit = {"stack_acct",         "stack",           stack_in,
                                 ST_INS,               stack_out,         ST_OUTS,
                                 0,                    "ctm_stack_in_t",  "ctm_stack_out_t",
                                 sizeof(ctm_stack_in), sizeof(ctm_stack_out)};

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
    if (api_check_init(&s->mr.ck, &api_stack_unit, 0, 1, config) ||
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


/* A step whose inputs are in range: into the history entry with its expected outputs. */
static void stack_step_in(ctm_stack *s, const ctm_stack_in *in)
{
    api_check *c = &s->mr.ck;
    unsigned char *e = api_check_begin(c, 0);
    ctm_stack_in *kept = (ctm_stack_in *)(e + 8);
    *kept = *in;
    const stack_acct_in m = {.rst = in->rst != 0,
                             .op = in->op,
                             .pop_count = in->pop_count,
                             .wqm = in->wqm != 0,
                             .taken = in->taken != 0,
                             .stack_size = in->stack_size};
    stack_acct_step(s->m, &m, (stack_acct_out *)(e + c->want_at));
}

static int stack_in_range(const ctm_stack_in *in)
{
    return in->op <= 15 && in->pop_count <= 7 && in->stack_size <= 255;
}

/* The step of ctm_stack_step and ctm_stack_cycle, the caller's name in errors. */
static int stack_step(ctm_stack *s, const char *func, int rst, int op, int pop_count, int wqm,
                      int taken, int stack_size)
{
    if (!API_RANGE_AT(&s->mr.h, func, "op", op, 0, 15) ||
        !API_RANGE_AT(&s->mr.h, func, "pop_count", pop_count, 0, 7) ||
        !API_RANGE_AT(&s->mr.h, func, "stack_size", stack_size, 0, 255))
        return 0;
    const ctm_stack_in in = {.op = (uint32_t)op,
                             .pop_count = (uint32_t)pop_count,
                             .stack_size = (uint32_t)stack_size,
                             .rst = rst != 0,
                             .wqm = wqm != 0,
                             .taken = taken != 0};
    stack_step_in(s, &in);
    return 1;
}

void ctm_stack_step(ctm_stack *s, int rst, int op, int pop_count, int wqm, int taken,
                    int stack_size)
{
    if (API_LIVE(s, API_STACK))
        stack_step(s, __func__, rst, op, pop_count, wqm, taken, stack_size);
}

/* ctm_stack_cycle but for its common case: a misuse, a refused input, a
 * reset cycle or no DUT outputs. */
static __attribute__((noinline, cold)) int stack_cycle_rest(ctm_stack *s, const ctm_stack_in *in_w,
                                                            const ctm_stack_out *dut)
{
    if (!api_is_live(s, API_STACK) && !api_live_slow(s, API_STACK, "ctm_stack_cycle"))
        return CTM_E_ARG;
    ctm_stack_in in;
    memcpy(&in, in_w, sizeof in); /* an svBitVecVal array is only 4-byte aligned */
    api_check *c = &s->mr.ck;
    if (s->mr.h.pending || !stack_in_range(&in)) {
        if (!stack_in_range(&in)) /* refused, naming the input */
            stack_step(s, "ctm_stack_cycle", in.rst, (int)in.op, (int)in.pop_count, in.wqm,
                       in.taken, (int)in.stack_size);
        return api_verdict(c, &s->mr.h, "ctm_stack_cycle", "ctm_stack_cycle", -1);
    }
    stack_step_in(s, &in);
    if (dut)
        return api_check_compare_wire(c, dut, -1);
    return CTM_OK;
}

__attribute__((noinline)) int ctm_stack_cycle(ctm_stack *s, const ctm_stack_in *in_w, const ctm_stack_out *dut)
{
    if (!api_is_live(s, API_STACK) || !dut)
        return stack_cycle_rest(s, in_w, dut);
    /* The inputs as two words (an svBitVecVal array is only 4-byte aligned):
     * op | pop_count << 32, and stack_size | rst, wqm, taken, pad_ << 32. The
     * common case in one test: nothing pending, no reset, op, pop_count and
     * stack_size in range, wqm and taken 0 or 1. */
    uint64_t lo, hi;
    memcpy(&lo, in_w, sizeof lo);
    memcpy(&hi, (const unsigned char *)in_w + 8, sizeof hi);
    const uint64_t lo_ok = 15u | (uint64_t)7u << 32, hi_ok = 255u | (uint64_t)0xff010100u << 32;
    if (s->mr.h.pending | (lo & ~lo_ok) | (hi & ~hi_ok))
        return stack_cycle_rest(s, in_w, dut);
    /* A checked cycle, inline: the history entry keeps the inputs and the
     * expected outputs (the state before the edge), compared with the DUT's
     * as words; the edge is taken whatever the verdict. */
    api_check *c = &s->mr.ck;
    stack_acct_model *m = s->m;
    unsigned char *e = api_check_begin(c, 0);
    memcpy(e + 8, in_w, sizeof *in_w);
    uint64_t diff = put_outputs(e + c->want_at, word_at(&m->view), &m->view, dut, sizeof *dut);
    unsigned row = (unsigned)lo << 2 | (unsigned)(hi >> 39 & 2) | (unsigned)(hi >> 48 & 1);
    stack_acct_edge_row(m, row, (unsigned)(lo >> 32), (unsigned)hi);
    if (diff)
        return api_check_compare_wire(c, dut, -1);
    api_check_matched(c);
    return CTM_OK;
}

int ctm_stack_expected(const ctm_stack *s, ctm_stack_out *out)
{
    if (!API_LIVE(s, API_STACK))
        return CTM_E_ARG;
    if (!s->mr.ck.steps) {
        api_fail("%s: no cycle stepped yet", __func__); /* the status says it: not pending */
        return CTM_E_STATE;
    }
    memcpy(out, api_check_want(&s->mr.ck), sizeof *out);
    return CTM_OK;
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
    ctm_stack_out *g = (ctm_stack_out *)s->mr.ck.got_w;
    *g = (ctm_stack_out){.entries = (uint32_t)entries,
                         .subentries = (uint32_t)subentries,
                         .need = (uint32_t)need,
                         .hwm = (uint32_t)hwm,
                         .depth = (uint32_t)depth,
                         .overflow = overflow != 0,
                         .underflow = underflow != 0,
                         .drop = drop != 0};
    return api_verdict(&s->mr.ck, &s->mr.h, __func__, "ctm_stack_step", -1);
}

int ctm_stack_history(const ctm_stack *s, int i, uint64_t *cycle, ctm_stack_in *in,
                      ctm_stack_out *expected)
{
    if (!API_LIVE(s, API_STACK))
        return CTM_E_ARG;
    return api_history_step(&s->mr.ck, 0, i, cycle, in, expected, __func__);
}

const char *ctm_stack_diff(const ctm_stack *s)
{
    return api_mirror_diff(s, API_STACK, __func__);
}

int ctm_stack_diff_port(const ctm_stack *s, int *port, int *lane)
{
    return api_mirror_diff_port(s, API_STACK, port, lane, __func__);
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
