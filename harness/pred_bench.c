#include "pred_bench.h"

#include "compare.h"
#include "cosim.h"
#include "ctm.h"
#include "rng.h"
#include "stim_weights.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ settings */

/* Op weights, indexed by pred_op. Pushes (PUSH + PUSH_SETP) and POP balance,
 * so the depth random-walks across the whole stack; bursts reach past both ends. */
static unsigned weights[PRED_OP_COUNT] = {
    [PRED_OP_NOP] = 1,  [PRED_OP_SETP] = 3,      [PRED_OP_PUSH] = 3,
    [PRED_OP_POP] = 5,  [PRED_OP_INV] = 3,       [PRED_OP_PUSH_SETP] = 2,
    [PRED_OP_SET_TASK_MASK] = 1, [PRED_OP_WRITE] = 3,
};
static uint64_t burst_rate = 512;     /* a burst starts once in this many cycles (0: never) */
static bool weights_given, burst_given;

static int opt_burst_rate(const char *v, char *err, size_t n)
{
    burst_given = true;
    return cli_count(v, UINT64_MAX, &burst_rate, err, n);
}

static void op_namer(unsigned op, char *buf, size_t n)
{
    stim_lower_name(buf, n, pred_op_name(op));
}

static int opt_weights(const char *v, char *err, size_t errlen)
{
    weights_given = true;
    return stim_weights_parse(v, weights, PRED_OP_COUNT, op_namer, err, errlen);
}

/* The shape (--contexts, --lanes, --depth, --spu-sc) is the table's (cosim_params.c). */
static const cosim_option pred_options[] = {
    {"weights", "LIST",
     "op weights, e.g. push=3,pop=5 (ops: nop setp push pop inv push_setp set_task_mask "
     "write; defaults 1,3,3,5,3,2,1,3)",
     opt_weights, 0, 0},
    {"burst-rate", "N", "start a fill-past-full then drain-past-empty burst once in N cycles "
                        "(default 512; 0: never)",
     opt_burst_rate, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------------ state */

static struct {
    ctm_pred *golden;          /* the C model, through the public API (ctm.h) */
    pred_stack_cfg rtl;        /* parameters the RTL was built with */
    unsigned ctx_span;         /* contexts addressable by the RTL port: 2^CtxW */
    uint64_t lanes;            /* lane mask */
    rng rng;
    uint64_t drawn, checked;
    uint8_t op_table[256];       /* op of each value of the draw's op byte, by weight */
    uint32_t reset_threshold;    /* reset when the 24-bit field is below this */
    uint32_t burst_threshold;    /* a burst starts when the 16-bit field is below this */
    /* burst: a fill past full, then a drain past empty, on one context */
    unsigned burst_ctx, burst_left, burst_fill;
    unsigned last_ctx;
    ctm_pred_in cur; /* the inputs drawn last: the RTL's this cycle */
    uint64_t last_reset_cycle;
    bool any_reset;
    /* the first mismatch, for the block's report sections */
    ctm_pred_in mm_in;
    ctm_pred_out mm_expected, mm_actual;
    unsigned mm_depth; /* the stack depth of the mismatch's context before the edge */
} B;

/* Functional coverage (make coverage): op x stack depth of its context before the op,
 * the mask patterns of the mask ops, overflow and underflow events. */
enum { DEPTH_EMPTY, DEPTH_ONE, DEPTH_MID, DEPTH_FULL, DEPTH_BUCKETS };
enum { MASK_NONE, MASK_ALL, MASK_ONE, MASK_OTHER, MASK_PATTERNS };
static const char *const depth_names[] = {"empty", "one", "mid", "full"};
static const char *const mask_names[] = {"none", "all", "one-lane", "other"};
static struct {
    bool on;
    uint64_t op_depth[8][DEPTH_BUCKETS], op_mask[8][MASK_PATTERNS], overflow, underflow, bad_ctx;
} fcov;

/* ------------------------------------------------------------------ option words */

static void stimulus_args(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    if (weights_given) {
        used += (size_t)snprintf(buf, n, "--weights ");
        stim_weights_format(buf + used, n - used, weights, PRED_OP_COUNT, op_namer);
        used = strlen(buf);
    }
    if (burst_given && used < n)
        used += (size_t)snprintf(buf + used, n - used, "%s--burst-rate %" PRIu64, used ? " " : "",
                                 burst_rate);
}

/* ------------------------------------------------------------------ the tables */

static const char *op_name(unsigned op)
{
    return pred_op_name(op & 7);
}

#define IN(m, name, port, type, flags, width, names)                                               \
    CMP_F(ctm_pred_in, m, name, port, type, (flags) | CMP_HIST, width, names)
static const cmp_field in_fields[] = {
    IN(rst, "reset", NULL, CMP_BOOL, 0, 1, NULL),
    IN(op, "op", "op_i", CMP_U32, 0, 3, op_name),
    IN(ctx, "ctx", "ctx_i", CMP_U32, CMP_DYN, 0, NULL),
    IN(mask, "mask", "mask_i", CMP_U64, CMP_LANES, 0, NULL),
    IN(obs_ctx, "obs_ctx", "obs_ctx_i", CMP_U32, CMP_DYN, 0, NULL),
};
/* The outputs as the library compares them (its port table), filled at bind. */
static cmp_field out_fields[CMP_FIELDS_MAX];
static const char *const out_hist[] = {"exec_mask", NULL}, *const out_dyn[] = {"obs_sp", NULL};

/* Context indices are CtxW = max(1, clog2 C) bits; obs_sp is clog2(D + 1). */
static unsigned width_of(const cmp_field *f)
{
    unsigned bits = 1;
    unsigned limit = !strcmp(f->name, "obs_sp") ? B.rtl.depth + 1 : B.rtl.contexts;
    while ((1u << bits) < limit)
        bits++;
    return bits;
}

static cmp_unit unit = {"u_pred_stack.dut_pred_stack", in_fields,
                        sizeof in_fields / sizeof in_fields[0], out_fields,
                        0, sizeof(ctm_pred_in),
                        sizeof(ctm_pred_out), 0, width_of};

/* ------------------------------------------------------------------ binding */

void pred_bench_bind(unsigned contexts, unsigned lanes, unsigned depth, unsigned spu_sc)
{
    char rtl[64];
    cosim_params_name(&cosim_params_pred, (const unsigned[]){contexts, lanes, depth, spu_sc}, rtl,
                      sizeof rtl);
    cosim_bind("pred", rtl);
    if (cosim_config_error())
        return;
    pred_bench_close();
    memset(&B, 0, sizeof B); /* a new run starts from a clean bench */
    B.rtl = (pred_stack_cfg){contexts, lanes, depth, spu_sc};
    if (!(B.golden = ctm_pred_new_grouped((int)contexts, (int)lanes, (int)depth, (int)spu_sc))) {
        cosim_error("%s", ctm_error());
        return;
    }
    /* the report's last ops are the handle's history */
    if (ctm_pred_set_history(B.golden, CMP_HISTORY) != CTM_OK) {
        cosim_error("%s", ctm_pred_diff(B.golden));
        return;
    }
    B.ctx_span = 2; /* CtxW is at least 1: one context still has a second (bad) index */
    while (B.ctx_span < contexts)
        B.ctx_span <<= 1;
    B.lanes = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
    unit.lanes = lanes;
    unit.n_out = cmp_fields_from_ports("pred_stack", out_fields, CMP_FIELDS_MAX, out_hist, out_dyn);
    rng_seed(&B.rng, cosim_cfg.seed);
    stim_weight_table(B.op_table, weights, PRED_OP_COUNT);
    B.reset_threshold = cosim_reset_threshold();
    fcov.on = cosim_fcov_on();
    if (burst_rate && !B.burst_threshold)
        B.burst_threshold = 1;
}

void pred_bench_close(void)
{
    ctm_pred_free(B.golden);
    B.golden = NULL;
}

uint64_t pred_bench_exec_mask(unsigned ctx)
{
    return ctm_pred_peek(B.golden, (int)ctx, CTM_PRED_EXEC_MASK);
}

uint64_t pred_bench_cycles_checked(void)
{
    return B.checked;
}

/* ------------------------------------------------------------------ stimulus */

/* A condition or TaskMask, drawn from the patterns that find lane bugs: random,
 * all, none, one lane, alternating, a prefix of lanes (a partial task), and
 * random with bits above the lane count set (they must be ignored). */
static uint64_t draw_mask(void)
{
    uint64_t r = rng_next(&B.rng);
    unsigned lanes = B.rtl.lanes;
    switch (r & 15) {
    case 0:
        return ~0ull;
    case 1:
        return 0;
    case 2:
        return 1ull << rng_below(&B.rng, lanes);
    case 3:
        return 0x5555555555555555ull << (r >> 63);
    case 4:
    case 5: {
        unsigned k = 1 + rng_below(&B.rng, lanes); /* lanes 0..k-1 valid */
        return k >= 64 ? ~0ull : (1ull << k) - 1;
    }
    case 6:
        return rng_next(&B.rng); /* including bits >= lanes */
    default:
        return rng_next(&B.rng) & B.lanes;
    }
}

/* One 64-bit draw decides the whole cycle except the mask (bit fields):
 *   [0,24) reset trigger   [24,40) burst trigger   [40,48) op (table)
 *   [48,56) context        [56,58) observe choice  [58,64) observed context */
void pred_bench_next(ctm_pred_in *in)
{
    uint64_t r = rng_next(&B.rng);
    B.drawn++;
    *in = (ctm_pred_in){.rst = (r & 0xffffff) < B.reset_threshold};
    if (!B.burst_left && (r >> 24 & 0xffff) < B.burst_threshold) {
        B.burst_ctx = rng_below(&B.rng, B.rtl.contexts);
        B.burst_fill = B.rtl.depth + 2 + rng_below(&B.rng, 3);
        B.burst_left = 2 * B.burst_fill + 2;
    }
    unsigned op_bits = (unsigned)(r >> 40 & 0xff);
    if (B.burst_left && (op_bits & 3) != 0) {
        /* three cycles in four go to the burst context; the rest interleave */
        bool filling = B.burst_left > B.burst_fill + 2;
        in->ctx = B.burst_ctx;
        in->op = filling ? ((op_bits >> 2 & 3) ? PRED_OP_PUSH : PRED_OP_PUSH_SETP)
                         : ((op_bits >> 2 & 7) ? PRED_OP_POP : PRED_OP_INV);
        B.burst_left--;
    } else {
        in->op = B.op_table[op_bits];
        in->ctx = (unsigned)((r >> 48 & 0xff) * B.rtl.contexts >> 8);
        /* Now and then an index past the last context (only exists when the
         * count is not a power of two): the RTL must ignore it. */
        if (B.ctx_span != B.rtl.contexts && (r >> 48 & 0x3f) == 0)
            in->ctx = B.rtl.contexts + rng_below(&B.rng, B.ctx_span - B.rtl.contexts);
    }
    in->mask = (in->op == PRED_OP_SETP || in->op == PRED_OP_PUSH_SETP ||
                in->op == PRED_OP_SET_TASK_MASK || in->op == PRED_OP_WRITE || (r >> 56 & 7) == 0)
                   ? draw_mask()
                   : 0;
    /* Observe the previous op's context most of the time (its new state),
     * otherwise any context (isolation: a stray write shows up there). */
    in->obs_ctx = (r >> 56 & 3) ? B.last_ctx : (unsigned)(r >> 58) & (B.ctx_span - 1);
    B.last_ctx = in->ctx < B.rtl.contexts ? in->ctx : B.last_ctx;
    B.cur = *in;
}

/* ------------------------------------------------------------------ checking */

/* Context ctx's stack depth as the model holds it now. */
static unsigned depth_of(unsigned ctx)
{
    return (unsigned)ctm_pred_peek(B.golden, (int)ctx, CTM_PRED_OBS_SP);
}

static void report_mismatch(const ctm_pred_in *in, const ctm_pred_out *exp,
                            const ctm_pred_out *dut, uint64_t cycle)
{
    unsigned index;
    const cmp_field *f = cmp_first_diff(&unit, exp, dut, &index);
    if (!f) { /* the library's check and the bench's field table must agree */
        cosim_error("pred: the golden model reports '%s', the bench's fields no difference",
                    ctm_pred_diff(B.golden));
        return;
    }
    B.mm_in = *in;
    B.mm_expected = *exp;
    B.mm_actual = *dut;
    B.mm_depth = depth_of(f->flags & CMP_OBS ? in->obs_ctx : in->ctx); /* before the edge */
    cmp_record(&unit, f, index, exp, dut, cycle, in->ctx, in->obs_ctx);
}

/* Coverage of the op about to land: its context's depth and the sticky flags
 * before and after the edge (ctm_pred_cycle took it). */
static void pred_cover(const ctm_pred_in *in, unsigned sp, bool ovf, bool udf)
{
    if (in->rst)
        return;
    if (in->ctx >= B.rtl.contexts) {
        fcov.bad_ctx++;
        return;
    }
    unsigned d = B.rtl.depth;
    int bucket = sp == 0 ? DEPTH_EMPTY : sp == d ? DEPTH_FULL : sp == 1 ? DEPTH_ONE : DEPTH_MID;
    fcov.op_depth[in->op & 7][bucket]++;
    uint64_t m = in->mask & B.lanes;
    int pat = m == 0 ? MASK_NONE : m == B.lanes ? MASK_ALL : !(m & (m - 1)) ? MASK_ONE : MASK_OTHER;
    fcov.op_mask[in->op & 7][pat]++;
    fcov.overflow += !ovf && ctm_pred_peek(B.golden, (int)in->ctx, CTM_PRED_OBS_OVERFLOW);
    fcov.underflow += !udf && ctm_pred_peek(B.golden, (int)in->ctx, CTM_PRED_OBS_UNDERFLOW);
}

static void fcov_write(FILE *out)
{
    static const char *const ops[] = {"NOP", "SETP", "PUSH", "POP", "INV", "PUSH_SETP", "SET_TASK_MASK", "WRITE"};
    for (int o = 0; o < 8; o++)
        for (int b = 0; b < DEPTH_BUCKETS; b++)
            fprintf(out, "pred.op_depth.%s.%s %" PRIu64 "\n", ops[o], depth_names[b], fcov.op_depth[o][b]);
    static const int mask_ops[] = {PRED_OP_SETP, PRED_OP_PUSH_SETP, PRED_OP_SET_TASK_MASK,
                                   PRED_OP_WRITE};
    for (int i = 0; i < 4; i++)
        for (int p = 0; p < MASK_PATTERNS; p++)
            fprintf(out, "pred.op_mask.%s.%s %" PRIu64 "\n", ops[mask_ops[i]], mask_names[p],
                    fcov.op_mask[mask_ops[i]][p]);
    fprintf(out, "pred.event.overflow %" PRIu64 "\npred.event.underflow %" PRIu64 "\n", fcov.overflow,
            fcov.underflow);
    fprintf(out, "pred.event.bad_context %" PRIu64 "\n", fcov.bad_ctx);
}

/* The cold part of a check: coverage, and what a failure reports. */
static __attribute__((noinline, cold)) int check_rest(const ctm_pred_in *in, const void *dut,
                                                      int rc, unsigned sp, bool ovf, bool udf)
{
    uint64_t cycle = B.checked - 1; /* the check's */
    if (rc == CTM_OK) {
        pred_cover(in, sp, ovf, udf);
        return 0;
    }
    if (rc != CTM_E_MISMATCH) {
        cosim_error("pred: %s", ctm_pred_diff(B.golden));
        return 1;
    }
    ctm_pred_out exp, act;
    ctm_pred_expected(B.golden, &exp);
    memcpy(&act, dut, sizeof act);
    report_mismatch(in, &exp, &act, cycle);
    return 1;
}

/* A check past the common case: a reset cycle or coverage on. */
static __attribute__((noinline, cold)) int check_full(const ctm_pred_in *in, const void *dut)
{
    if (in->rst) {
        B.last_reset_cycle = B.checked - 1;
        B.any_reset = true;
    }
    if (fcov.on) { /* the state the op starts from (a context past the last counts too) */
        bool valid = !in->rst && in->ctx < B.rtl.contexts;
        unsigned sp = valid ? depth_of(in->ctx) : 0;
        bool ovf = valid && ctm_pred_peek(B.golden, (int)in->ctx, CTM_PRED_OBS_OVERFLOW);
        bool udf = valid && ctm_pred_peek(B.golden, (int)in->ctx, CTM_PRED_OBS_UNDERFLOW);
        return check_rest(in, dut, ctm_pred_cycle(B.golden, in, dut), sp, ovf, udf);
    }
    int rc = ctm_pred_cycle(B.golden, in, dut);
    return rc == CTM_OK ? 0 : check_rest(in, dut, rc, 0, false, false);
}

/* Inline in each caller: the block's cycle pays one call a cycle, ctm_pred_cycle's. */
static inline __attribute__((always_inline)) int check(const ctm_pred_in *in, const void *dut)
{
    B.checked++;
    if (in->rst | fcov.on)
        return check_full(in, dut);
    int rc = ctm_pred_cycle(B.golden, in, dut);
    return rc == CTM_OK ? 0 : check_rest(in, dut, rc, 0, false, false);
}

int pred_bench_check(const ctm_pred_in *in, const void *dut)
{
    return check(in, dut);
}

int pred_bench_cycle(const void *dut, ctm_pred_in *next)
{
    int bad = check(&B.cur, dut);
    pred_bench_next(next);
    return bad;
}

/* ------------------------------------------------------------------ report sections */

/* The last ops of context *ctx, from the handle's history. */
static int kept_step(const void *ctx, unsigned i, uint64_t *cycle, void *in, void *out)
{
    return ctm_pred_history(B.golden, (int)*(const unsigned *)ctx, (int)i, cycle, in, out) ==
           CTM_OK;
}

static size_t last_ops(unsigned ctx, cmp_step steps[CMP_HISTORY])
{
    static unsigned char buf[CMP_HISTORY * (sizeof(ctm_pred_in) + sizeof(ctm_pred_out))];
    return cmp_steps_from(&unit, kept_step, &ctx, steps, buf);
}

static void report_text(FILE *out, const cosim_mismatch *mm)
{
    cmp_report_text(out, &unit, &B.mm_in, &B.mm_expected, &B.mm_actual);
    fprintf(out, "  stack depth of context %u: expected %u", mm->ctx, B.mm_depth);
    if (mm->ctx == B.mm_in.obs_ctx)
        fprintf(out, ", RTL shows %u", B.mm_actual.obs_sp);
    fprintf(out, " (depth %u)\n", B.rtl.depth);
    if (B.any_reset)
        fprintf(out, "  last reset at cycle %" PRIu64 "\n", B.last_reset_cycle);
    fprintf(out, "  last ops on context %u (oldest first, with the C model's exec_mask):\n",
            mm->ctx);
    cmp_step steps[CMP_HISTORY];
    cmp_steps_text(out, &unit, steps, last_ops(mm->ctx, steps));
}

static void report_json(json_t *r, const cosim_mismatch *mm)
{
    const ctm_pred_in *in = &B.mm_in;
    cmp_report_json(r, &unit, in, &B.mm_expected, &B.mm_actual);
    json_object_set_new(r, "op", json_string(pred_op_name(in->op)));
    json_object_set_new(r, "op_context", json_integer(in->ctx));
    json_object_set_new(r, "mask", cosim_json_hex(in->mask & B.lanes));
    json_object_set_new(r, "obs_context", json_integer(in->obs_ctx));
    json_object_set_new(r, "stack_depth",
                        json_pack("{s:i, s:o}", "expected", B.mm_depth, "actual",
                                  mm->ctx == in->obs_ctx ? json_integer(B.mm_actual.obs_sp)
                                                         : json_null()));
    cmp_step steps[CMP_HISTORY];
    json_object_set_new(r, "last_ops", cmp_steps_json(&unit, steps, last_ops(mm->ctx, steps)));
}

const cosim_bench pred_bench = {
    .block = "pred",
    .summary = "predicate register and predicate stack (rtl/pred_stack.sv, docs/pred_stack.md)",
    .has_contexts = true,
    .params = &cosim_params_pred,
    .options = {pred_options},
    .top = "tb_pred_stack",
    .unit = &unit,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fcov_write,
};
