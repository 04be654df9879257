/* The public API (ctm.h): version, errors, and the pred_stack and stack_acct
 * mirrors behind handles. Each mirror is the same C model the kit's own
 * lock-step runs use; a check walks one table of the block's output fields
 * (name, per-lane or not) and describes the first that differs. */
#include "ctm.h"
#include "ctm_int.h"

#include "pred_stack.h"
#include "stack_acct.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char last_error[256];

int ctm_version(void)
{
    return CTM_VERSION_MAJOR << 16 | CTM_VERSION_MINOR << 8 | CTM_VERSION_PATCH;
}

const char *ctm_version_string(void)
{
    return "1.1.0";
}

const char *ctm_error(void)
{
    return last_error;
}

void api_set_error(const char *msg)
{
    snprintf(last_error, sizeof last_error, "%s", msg);
}

void *api_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return NULL;
}

/* ------------------------------------------------------------ the comparer */

int api_compare(const api_field *f, const uint64_t *want, const uint64_t *got, int n,
                uint64_t cycle, char *diff, size_t size)
{
    diff[0] = 0;
    for (int k = 0; k < n; k++) {
        if (want[k] == got[k])
            continue;
        int used = snprintf(diff, size, "cycle %llu: %s: expected 0x%llx, actual 0x%llx",
                            (unsigned long long)cycle, f[k].name, (unsigned long long)want[k],
                            (unsigned long long)got[k]);
        if (f[k].per_lane && used > 0 && (size_t)used < size) {
            uint64_t d = want[k] ^ got[k];
            used += snprintf(diff + used, size - (size_t)used, " (lanes");
            for (int l = 0; l < 64 && (size_t)used < size; l++)
                if (d >> l & 1)
                    used += snprintf(diff + used, size - (size_t)used, " %d", l);
            if ((size_t)used < size)
                snprintf(diff + used, size - (size_t)used, " differ)");
        }
        return CTM_E_MISMATCH;
    }
    return CTM_OK;
}

/* ------------------------------------------------------------ pred_stack */

static const api_field pred_fields[CTM_PRED_FIELDS] = {
    [CTM_PRED_EXEC_MASK] = {"exec_mask", 1},         [CTM_PRED_OBS_PRED] = {"obs_pred", 1},
    [CTM_PRED_OBS_TASK_MASK] = {"obs_task_mask", 1}, [CTM_PRED_OBS_EXEC_MASK] = {"obs_exec_mask", 1},
    [CTM_PRED_OBS_SP] = {"obs_sp", 0},               [CTM_PRED_OBS_TOP] = {"obs_top", 1},
    [CTM_PRED_OBS_OVERFLOW] = {"obs_overflow", 0},   [CTM_PRED_OBS_UNDERFLOW] = {"obs_underflow", 0},
};

struct ctm_pred {
    pred_stack_model *m;
    pred_stack_in in; /* the inputs of the last evaluated cycle, for its edge */
    uint64_t cycle;   /* cycles evaluated */
    uint64_t want[CTM_PRED_FIELDS];
    char diff[512];
};

ctm_pred *ctm_pred_new(int contexts, int lanes, int depth)
{
    if (contexts < 1 || lanes < 1 || depth < 1)
        return api_fail("ctm_pred_new: contexts %d, lanes %d, depth %d (1..64 each)", contexts, lanes,
                    depth);
    pred_stack_cfg cfg = {(unsigned)contexts, (unsigned)lanes, (unsigned)depth};
    ctm_pred *p = calloc(1, sizeof *p);
    dpp_error err;
    if (!p)
        return api_fail("ctm_pred_new: out of memory");
    if (pred_stack_create(&cfg, &p->m, &err)) {
        free(p);
        return api_fail("ctm_pred_new: %s", err.msg);
    }
    last_error[0] = 0;
    return p;
}

void ctm_pred_free(ctm_pred *p)
{
    if (p)
        pred_stack_destroy(p->m);
    free(p);
}

void ctm_pred_eval(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx)
{
    p->in = (pred_stack_in){.rst = rst != 0,
                            .op = (unsigned)op,
                            .ctx = (unsigned)ctx,
                            .mask = mask,
                            .obs_ctx = (unsigned)obs_ctx};
    pred_stack_out o;
    pred_stack_outputs(p->m, &p->in, &o);
    uint64_t w[CTM_PRED_FIELDS] = {o.exec_mask,     o.obs_pred, o.obs_task_mask,
                                   o.obs_exec_mask, o.obs_sp,   o.obs_top,
                                   o.obs_overflow,  o.obs_underflow};
    memcpy(p->want, w, sizeof w);
    p->cycle++;
}

void ctm_pred_edge(ctm_pred *p)
{
    pred_stack_edge(p->m, &p->in);
    p->in.rst = true; /* a second edge of the same cycle changes nothing */
}

void ctm_pred_step(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx)
{
    ctm_pred_eval(p, rst, op, ctx, mask, obs_ctx);
    ctm_pred_edge(p);
}

uint64_t ctm_pred_peek(const ctm_pred *p, int ctx, int field)
{
    pred_stack_out o;
    pred_stack_observe(p->m, ctx < 0 ? UINT32_MAX : (unsigned)ctx, &o);
    switch (field) {
    case CTM_PRED_EXEC_MASK:
    case CTM_PRED_OBS_EXEC_MASK: return o.obs_exec_mask;
    case CTM_PRED_OBS_PRED: return o.obs_pred;
    case CTM_PRED_OBS_TASK_MASK: return o.obs_task_mask;
    case CTM_PRED_OBS_SP: return o.obs_sp;
    case CTM_PRED_OBS_TOP: return o.obs_top;
    case CTM_PRED_OBS_OVERFLOW: return o.obs_overflow;
    case CTM_PRED_OBS_UNDERFLOW: return o.obs_underflow;
    default: return 0;
    }
}

uint64_t ctm_pred_expect(const ctm_pred *p, int field)
{
    return field >= 0 && field < CTM_PRED_FIELDS ? p->want[field] : 0;
}

int ctm_pred_check(ctm_pred *p, uint64_t exec_mask, uint64_t obs_pred, uint64_t obs_task_mask,
                   uint64_t obs_exec_mask, int obs_sp, uint64_t obs_top, int obs_overflow,
                   int obs_underflow)
{
    uint64_t got[CTM_PRED_FIELDS] = {exec_mask,     obs_pred,           obs_task_mask,
                                     obs_exec_mask, (uint64_t)obs_sp,   obs_top,
                                     obs_overflow != 0, obs_underflow != 0};
    return api_compare(pred_fields, p->want, got, CTM_PRED_FIELDS, p->cycle - 1, p->diff,
                   sizeof p->diff);
}

const char *ctm_pred_diff(const ctm_pred *p)
{
    return p->diff;
}

/* ------------------------------------------------------------ stack_acct */

static const api_field stack_fields[CTM_STACK_FIELDS] = {
    [CTM_STACK_ENTRIES] = {"entries", 0},     [CTM_STACK_SUBENTRIES] = {"subentries", 0},
    [CTM_STACK_NEED] = {"need", 0},           [CTM_STACK_HWM] = {"hwm", 0},
    [CTM_STACK_DEPTH] = {"depth", 0},         [CTM_STACK_OVERFLOW] = {"overflow", 0},
    [CTM_STACK_UNDERFLOW] = {"underflow", 0}, [CTM_STACK_DROP] = {"drop", 0},
};

struct ctm_stack {
    stack_acct_model *m;
    uint64_t cycle;
    uint64_t want[CTM_STACK_FIELDS];
    char diff[256];
};

ctm_stack *ctm_stack_new(int width, int rule, int chip, int depth)
{
    if (width < 0 || rule < 0 || chip < 0 || depth < 1)
        return api_fail("ctm_stack_new: width %d, rule %d, chip %d, depth %d", width, rule, chip,
                    depth);
    stack_acct_cfg cfg = {(unsigned)width, (unsigned)rule, (unsigned)chip, (unsigned)depth};
    ctm_stack *s = calloc(1, sizeof *s);
    dpp_error err;
    if (!s)
        return api_fail("ctm_stack_new: out of memory");
    if (stack_acct_create(&cfg, &s->m, &err)) {
        free(s);
        return api_fail("ctm_stack_new: %s", err.msg);
    }
    last_error[0] = 0;
    return s;
}

void ctm_stack_free(ctm_stack *s)
{
    if (s)
        stack_acct_destroy(s->m);
    free(s);
}

void ctm_stack_step(ctm_stack *s, int rst, int op, int pop_count, int wqm, int taken,
                    int stack_size)
{
    stack_acct_in in = {.rst = rst != 0,
                        .op = (unsigned)op,
                        .pop_count = (unsigned)pop_count,
                        .wqm = wqm != 0,
                        .taken = taken != 0,
                        .stack_size = (unsigned)stack_size};
    stack_acct_out o;
    stack_acct_step(s->m, &in, &o);
    uint64_t w[CTM_STACK_FIELDS] = {o.entries, o.subentries, o.need,      o.hwm,
                                    o.depth,   o.overflow,   o.underflow, o.drop};
    memcpy(s->want, w, sizeof w);
    s->cycle++;
}

uint64_t ctm_stack_expect(const ctm_stack *s, int field)
{
    return field >= 0 && field < CTM_STACK_FIELDS ? s->want[field] : 0;
}

int ctm_stack_check(ctm_stack *s, int entries, int subentries, int need, int hwm, int depth,
                    int overflow, int underflow, int drop)
{
    uint64_t got[CTM_STACK_FIELDS] = {(uint64_t)entries, (uint64_t)subentries, (uint64_t)need,
                                      (uint64_t)hwm,     (uint64_t)depth,      overflow != 0,
                                      underflow != 0,    drop != 0};
    return api_compare(stack_fields, s->want, got, CTM_STACK_FIELDS, s->cycle - 1, s->diff,
                   sizeof s->diff);
}

const char *ctm_stack_diff(const ctm_stack *s)
{
    return s->diff;
}
