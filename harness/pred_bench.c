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

/* The options, parsed before the bench exists (the option parser's context). */
struct pred_bench_settings {
    unsigned weights[PRED_OP_COUNT]; /* op weights, indexed by pred_op */
    uint64_t burst_rate;             /* a burst starts once in this many cycles (0: never) */
    bool weights_given, burst_given;
};

/* Pushes (PUSH + PUSH_SETP) and POP balance, so the depth random-walks across the
 * whole stack; bursts reach past both ends. */
static const pred_bench_settings defaults = {
    .weights = {[PRED_OP_NOP] = 1, [PRED_OP_SETP] = 3, [PRED_OP_PUSH] = 3, [PRED_OP_POP] = 5,
                [PRED_OP_INV] = 3, [PRED_OP_PUSH_SETP] = 2, [PRED_OP_SET_TASK_MASK] = 1,
                [PRED_OP_WRITE] = 3},
    .burst_rate = 512,
};

static int opt_burst_rate(void *ctx, const char *v, char *err, size_t n)
{
    pred_bench_settings *s = ctx;
    s->burst_given = true;
    return cli_count(v, UINT64_MAX, &s->burst_rate, err, n);
}

static void op_namer(unsigned op, char *buf, size_t n)
{
    stim_lower_name(buf, n, pred_op_name(op));
}

static int opt_weights(void *ctx, const char *v, char *err, size_t errlen)
{
    pred_bench_settings *s = ctx;
    s->weights_given = true;
    return stim_weights_parse(v, s->weights, PRED_OP_COUNT, op_namer, err, errlen);
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

/* Functional coverage (make coverage): op x stack depth of its context before the op,
 * the mask patterns of the mask ops, overflow and underflow events. */
enum { DEPTH_EMPTY, DEPTH_ONE, DEPTH_MID, DEPTH_FULL, DEPTH_BUCKETS };
enum { MASK_NONE, MASK_ALL, MASK_ONE, MASK_OTHER, MASK_PATTERNS };
static const char *const depth_names[] = {"empty", "one", "mid", "full"};
static const char *const mask_names[] = {"none", "all", "one-lane", "other"};

struct pred_bench {
    ctm_pred *golden;          /* the C model, through the public API (ctm.h) */
    pred_stack_cfg rtl;        /* parameters the RTL was built with */
    pred_bench_settings set;   /* the options */
    cmp_unit unit;             /* the DUT's field tables, widths as bound */
    cmp_field out_fields[CMP_FIELDS_MAX]; /* unit.out: the library's port table */
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
    struct {
        bool on;
        uint64_t op_depth[8][DEPTH_BUCKETS], op_mask[8][MASK_PATTERNS], overflow, underflow,
            bad_ctx;
    } fcov;
};

/* ------------------------------------------------------------------ option words */

static void stimulus_args(const void *self, char *buf, size_t n)
{
    const pred_bench_settings *s = &((const pred_bench *)self)->set;
    size_t used = 0;
    buf[0] = 0;
    if (s->weights_given) {
        used += (size_t)snprintf(buf, n, "--weights ");
        stim_weights_format(buf + used, n - used, s->weights, PRED_OP_COUNT, op_namer);
        used = strlen(buf);
    }
    if (s->burst_given && used < n)
        used += (size_t)snprintf(buf + used, n - used, "%s--burst-rate %" PRIu64, used ? " " : "",
                                 s->burst_rate);
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
/* The outputs are the library's port table (cmp_fields_from_ports), in each bench. */
static const char *const out_hist[] = {"exec_mask", NULL};
static const char *const out_dyn[] = {"obs_sp", NULL};

/* Context indices are CtxW = max(1, clog2 C) bits; obs_sp is clog2(D + 1). */
static unsigned width_of(const void *ctx, const cmp_field *f)
{
    const pred_bench *b = ctx;
    unsigned bits = 1;
    unsigned limit = !strcmp(f->name, "obs_sp") ? b->rtl.depth + 1 : b->rtl.contexts;
    while ((1u << bits) < limit)
        bits++;
    return bits;
}

static const cmp_unit unit = {"u_pred_stack.dut_pred_stack", in_fields,
                              sizeof in_fields / sizeof in_fields[0], NULL,
                              0, sizeof(ctm_pred_in),
                              sizeof(ctm_pred_out), 0, width_of, NULL};

/* ------------------------------------------------------------------ binding */

pred_bench *pred_bench_new(const pred_stack_cfg *rtl, const pred_bench_settings *s)
{
    pred_bench *b = calloc(1, sizeof *b);
    if (!b) {
        cosim_error("out of memory");
        return NULL;
    }
    b->rtl = *rtl;
    b->set = s ? *s : defaults;
    if (!(b->golden = ctm_pred_new_grouped((int)rtl->contexts, (int)rtl->lanes, (int)rtl->depth,
                                           (int)rtl->spu_sc))) {
        cosim_error("%s", ctm_error());
        free(b);
        return NULL;
    }
    /* the report's last ops are the handle's history */
    if (ctm_pred_set_history(b->golden, CMP_HISTORY) != CTM_OK) {
        cosim_error("%s", ctm_pred_diff(b->golden));
        pred_bench_free(b);
        return NULL;
    }
    b->ctx_span = 2; /* CtxW is at least 1: one context still has a second (bad) index */
    while (b->ctx_span < rtl->contexts)
        b->ctx_span <<= 1;
    b->lanes = rtl->lanes >= 64 ? ~0ull : (1ull << rtl->lanes) - 1;
    b->unit = unit;
    b->unit.lanes = rtl->lanes;
    b->unit.ctx = b;
    b->unit.out = b->out_fields;
    b->unit.n_out = cmp_fields_from_ports("pred_stack", b->out_fields, CMP_FIELDS_MAX, out_hist, out_dyn);
    rng_seed(&b->rng, cosim_cfg.seed);
    stim_weight_table(b->op_table, b->set.weights, PRED_OP_COUNT);
    b->reset_threshold = cosim_reset_threshold();
    b->fcov.on = cosim_fcov_on();
    if (b->set.burst_rate)
        b->burst_threshold = 1;
    return b;
}

void pred_bench_free(pred_bench *b)
{
    if (!b)
        return;
    ctm_pred_free(b->golden);
    free(b);
}

pred_bench *pred_bench_bind(unsigned contexts, unsigned lanes, unsigned depth, unsigned spu_sc)
{
    if (!cosim_bind_params(&cosim_params_pred, (const unsigned[]){contexts, lanes, depth, spu_sc}))
        return NULL;
    pred_bench *b = pred_bench_new(&(pred_stack_cfg){contexts, lanes, depth, spu_sc},
                                   cosim_cfg.settings);
    cosim_attach(b);
    return b;
}

uint64_t pred_bench_exec_mask(const pred_bench *b, unsigned ctx)
{
    return ctm_pred_peek(b->golden, (int)ctx, CTM_PRED_EXEC_MASK);
}

uint64_t pred_bench_cycles_checked(const pred_bench *b)
{
    return b->checked;
}

const cmp_unit *pred_bench_unit(const pred_bench *b)
{
    return &b->unit;
}

/* ------------------------------------------------------------------ stimulus */

/* A condition or TaskMask, drawn from the patterns that find lane bugs: random,
 * all, none, one lane, alternating, a prefix of lanes (a partial task), and
 * random with bits above the lane count set (they must be ignored). */
static uint64_t draw_mask(pred_bench *b)
{
    uint64_t r = rng_next(&b->rng);
    unsigned lanes = b->rtl.lanes;
    switch (r & 15) {
    case 0:
        return ~0ull;
    case 1:
        return 0;
    case 2:
        return 1ull << rng_below(&b->rng, lanes);
    case 3:
        return 0x5555555555555555ull << (r >> 63);
    case 4:
    case 5: {
        unsigned k = 1 + rng_below(&b->rng, lanes); /* lanes 0..k-1 valid */
        return k >= 64 ? ~0ull : (1ull << k) - 1;
    }
    case 6:
        return rng_next(&b->rng); /* including bits >= lanes */
    default:
        return rng_next(&b->rng) & b->lanes;
    }
}

/* One 64-bit draw decides the whole cycle except the mask (bit fields):
 *   [0,24) reset trigger   [24,40) burst trigger   [40,48) op (table)
 *   [48,56) context        [56,58) observe choice  [58,64) observed context */
void pred_bench_next(pred_bench *b, ctm_pred_in *in)
{
    uint64_t r = rng_next(&b->rng);
    b->drawn++;
    *in = (ctm_pred_in){.rst = (r & 0xffffff) < b->reset_threshold};
    if (!b->burst_left && (r >> 24 & 0xffff) < b->burst_threshold) {
        b->burst_ctx = rng_below(&b->rng, b->rtl.contexts);
        b->burst_fill = b->rtl.depth + 2 + rng_below(&b->rng, 3);
        b->burst_left = 2 * b->burst_fill + 2;
    }
    unsigned op_bits = (unsigned)(r >> 40 & 0xff);
    if (b->burst_left && (op_bits & 3) != 0) {
        /* three cycles in four go to the burst context; the rest interleave */
        bool filling = b->burst_left > b->burst_fill + 2;
        in->ctx = b->burst_ctx;
        in->op = filling ? ((op_bits >> 2 & 3) ? PRED_OP_PUSH : PRED_OP_PUSH_SETP)
                         : ((op_bits >> 2 & 7) ? PRED_OP_POP : PRED_OP_INV);
        b->burst_left--;
    } else {
        in->op = b->op_table[op_bits];
        in->ctx = (unsigned)((r >> 48 & 0xff) * b->rtl.contexts >> 8);
        /* Now and then an index past the last context (only exists when the
         * count is not a power of two): the RTL must ignore it. */
        if (b->ctx_span != b->rtl.contexts && (r >> 48 & 0x3f) == 0)
            in->ctx = b->rtl.contexts + rng_below(&b->rng, b->ctx_span - b->rtl.contexts);
    }
    in->mask = (in->op == PRED_OP_SETP || in->op == PRED_OP_PUSH_SETP ||
                in->op == PRED_OP_SET_TASK_MASK || in->op == PRED_OP_WRITE || (r >> 56 & 7) == 0)
                   ? draw_mask(b)
                   : 0;
    /* Observe the previous op's context most of the time (its new state),
     * otherwise any context (isolation: a stray write shows up there). */
    in->obs_ctx = (r >> 56 & 3) ? b->last_ctx : (unsigned)(r >> 58) & (b->ctx_span - 1);
    b->last_ctx = in->ctx < b->rtl.contexts ? in->ctx : b->last_ctx;
    b->cur = *in;
}

/* ------------------------------------------------------------------ checking */

/* Context ctx's stack depth as the model holds it now. */
static unsigned depth_of(const pred_bench *b, unsigned ctx)
{
    return (unsigned)ctm_pred_peek(b->golden, (int)ctx, CTM_PRED_OBS_SP);
}

static void report_mismatch(pred_bench *b, const ctm_pred_in *in, const ctm_pred_out *exp,
                            const ctm_pred_out *dut, uint64_t cycle)
{
    unsigned index;
    int port = -1, lane = -1;
    ctm_pred_diff_port(b->golden, &port, &lane);
    const cmp_field *f = cmp_diff_field(&b->unit, port, lane, &index);
    if (!f) { /* the library's check and the bench's field table must agree */
        cosim_error("pred: the golden model reports '%s', the bench's fields no difference",
                    ctm_pred_diff(b->golden));
        return;
    }
    b->mm_in = *in;
    b->mm_expected = *exp;
    b->mm_actual = *dut;
    b->mm_depth = depth_of(b, f->flags & CMP_OBS ? in->obs_ctx : in->ctx); /* before the edge */
    cmp_record(&b->unit, f, index, exp, dut, cycle, in->ctx, in->obs_ctx);
}

/* Coverage of the op about to land: its context's depth and the sticky flags
 * before and after the edge (ctm_pred_cycle took it). */
static void pred_cover(pred_bench *b, const ctm_pred_in *in, unsigned sp, bool ovf, bool udf)
{
    if (in->rst)
        return;
    if (in->ctx >= b->rtl.contexts) {
        b->fcov.bad_ctx++;
        return;
    }
    unsigned d = b->rtl.depth;
    int bucket = sp == 0 ? DEPTH_EMPTY : sp == d ? DEPTH_FULL : sp == 1 ? DEPTH_ONE : DEPTH_MID;
    b->fcov.op_depth[in->op & 7][bucket]++;
    uint64_t m = in->mask & b->lanes;
    int pat = m == 0 ? MASK_NONE : m == b->lanes ? MASK_ALL : !(m & (m - 1)) ? MASK_ONE : MASK_OTHER;
    b->fcov.op_mask[in->op & 7][pat]++;
    b->fcov.overflow += !ovf && ctm_pred_peek(b->golden, (int)in->ctx, CTM_PRED_OBS_OVERFLOW);
    b->fcov.underflow += !udf && ctm_pred_peek(b->golden, (int)in->ctx, CTM_PRED_OBS_UNDERFLOW);
}

static void fcov_write(const void *self, FILE *out)
{
    const pred_bench *b = self;
    static const char *const ops[] = {"NOP", "SETP", "PUSH", "POP", "INV", "PUSH_SETP", "SET_TASK_MASK", "WRITE"};
    for (int o = 0; o < 8; o++)
        for (int d = 0; d < DEPTH_BUCKETS; d++)
            fprintf(out, "pred.op_depth.%s.%s %" PRIu64 "\n", ops[o], depth_names[d], b->fcov.op_depth[o][d]);
    static const int mask_ops[] = {PRED_OP_SETP, PRED_OP_PUSH_SETP, PRED_OP_SET_TASK_MASK,
                                   PRED_OP_WRITE};
    for (int i = 0; i < 4; i++)
        for (int p = 0; p < MASK_PATTERNS; p++)
            fprintf(out, "pred.op_mask.%s.%s %" PRIu64 "\n", ops[mask_ops[i]], mask_names[p],
                    b->fcov.op_mask[mask_ops[i]][p]);
    fprintf(out, "pred.event.overflow %" PRIu64 "\npred.event.underflow %" PRIu64 "\n", b->fcov.overflow,
            b->fcov.underflow);
    fprintf(out, "pred.event.bad_context %" PRIu64 "\n", b->fcov.bad_ctx);
}

/* The cold part of a check: coverage, and what a failure reports. */
static __attribute__((noinline, cold)) int check_rest(pred_bench *b, const ctm_pred_in *in, const void *dut,
                                                      int rc, unsigned sp, bool ovf, bool udf)
{
    uint64_t cycle = b->checked - 1; /* the check's */
    if (rc == CTM_OK) {
        pred_cover(b, in, sp, ovf, udf);
        return 0;
    }
    if (rc != CTM_E_MISMATCH) {
        cosim_error("pred: %s", ctm_pred_diff(b->golden));
        return 1;
    }
    ctm_pred_out exp, act;
    ctm_pred_expected(b->golden, &exp);
    memcpy(&act, dut, sizeof act);
    report_mismatch(b, in, &exp, &act, cycle);
    return 1;
}

/* A check past the common case: a reset cycle or coverage on. */
static __attribute__((noinline, cold)) int check_full(pred_bench *b, const ctm_pred_in *in,
                                                      const void *dut)
{
    if (in->rst) {
        b->last_reset_cycle = b->checked - 1;
        b->any_reset = true;
    }
    if (b->fcov.on) { /* the state the op starts from (a context past the last counts too) */
        bool valid = !in->rst && in->ctx < b->rtl.contexts;
        unsigned sp = valid ? depth_of(b, in->ctx) : 0;
        bool ovf = valid && ctm_pred_peek(b->golden, (int)in->ctx, CTM_PRED_OBS_OVERFLOW);
        bool udf = valid && ctm_pred_peek(b->golden, (int)in->ctx, CTM_PRED_OBS_UNDERFLOW);
        return check_rest(b, in, dut, ctm_pred_cycle(b->golden, in, dut), sp, ovf, udf);
    }
    int rc = ctm_pred_cycle(b->golden, in, dut);
    return rc == CTM_OK ? 0 : check_rest(b, in, dut, rc, 0, false, false);
}

/* Inline in each caller: the block's cycle pays one call a cycle, ctm_pred_cycle's. */
static inline __attribute__((always_inline)) int check(pred_bench *b, const ctm_pred_in *in,
                                                      const void *dut)
{
    b->checked++;
    if (in->rst | b->fcov.on)
        return check_full(b, in, dut);
    int rc = ctm_pred_cycle(b->golden, in, dut);
    return rc == CTM_OK ? 0 : check_rest(b, in, dut, rc, 0, false, false);
}

int pred_bench_check(pred_bench *b, const ctm_pred_in *in, const void *dut)
{
    return check(b, in, dut);
}

int pred_bench_cycle(pred_bench *b, const void *dut, ctm_pred_in *next)
{
    int bad = check(b, &b->cur, dut);
    pred_bench_next(b, next);
    return bad;
}

/* ------------------------------------------------------------------ report sections */

/* The last ops of a context, from the handle's history. */
typedef struct kept_ctx {
    const pred_bench *b;
    unsigned ctx;
} kept_ctx;

static int kept_step(const void *arg, unsigned i, uint64_t *cycle, void *in, void *out)
{
    const kept_ctx *k = arg;
    return ctm_pred_history(k->b->golden, (int)k->ctx, (int)i, cycle, in, out) == CTM_OK;
}

/* The steps of a report's history and their structs. */
typedef struct last_steps {
    cmp_step steps[CMP_HISTORY];
    unsigned char buf[CMP_HISTORY * (sizeof(ctm_pred_in) + sizeof(ctm_pred_out))];
} last_steps;

static size_t last_ops(const pred_bench *b, unsigned ctx, last_steps *l)
{
    const kept_ctx k = {b, ctx};
    return cmp_steps_from(&b->unit, kept_step, &k, l->steps, l->buf);
}

static void report_text(const void *self, FILE *out, const cosim_mismatch *mm)
{
    const pred_bench *b = self;
    cmp_report_text(out, &b->unit, &b->mm_in, &b->mm_expected, &b->mm_actual);
    fprintf(out, "  stack depth of context %u: expected %u", mm->ctx, b->mm_depth);
    if (mm->ctx == b->mm_in.obs_ctx)
        fprintf(out, ", RTL shows %u", b->mm_actual.obs_sp);
    fprintf(out, " (depth %u)\n", b->rtl.depth);
    if (b->any_reset)
        fprintf(out, "  last reset at cycle %" PRIu64 "\n", b->last_reset_cycle);
    fprintf(out, "  last ops on context %u (oldest first, with the C model's exec_mask):\n",
            mm->ctx);
    last_steps l;
    cmp_steps_text(out, &b->unit, l.steps, last_ops(b, mm->ctx, &l));
}

static void report_json(const void *self, json_t *r, const cosim_mismatch *mm)
{
    const pred_bench *b = self;
    const ctm_pred_in *in = &b->mm_in;
    cmp_report_json(r, &b->unit, in, &b->mm_expected, &b->mm_actual);
    json_object_set_new(r, "op", json_string(pred_op_name(in->op)));
    json_object_set_new(r, "op_context", json_integer(in->ctx));
    json_object_set_new(r, "mask", cosim_json_hex(in->mask & b->lanes));
    json_object_set_new(r, "obs_context", json_integer(in->obs_ctx));
    json_object_set_new(r, "stack_depth",
                        json_pack("{s:i, s:o}", "expected", b->mm_depth, "actual",
                                  mm->ctx == in->obs_ctx ? json_integer(b->mm_actual.obs_sp)
                                                         : json_null()));
    last_steps l;
    json_object_set_new(r, "last_ops",
                        cmp_steps_json(&b->unit, l.steps, last_ops(b, mm->ctx, &l)));
}

static const cmp_unit *unit_of(const void *self)
{
    return &((const pred_bench *)self)->unit;
}

static const cosim_bench kind = {
    .block = "pred",
    .summary = "predicate register and predicate stack (rtl/pred_stack.sv, docs/pred_stack.md)",
    .has_contexts = true,
    .params = &cosim_params_pred,
    .options = {pred_options},
    .settings_size = sizeof(pred_bench_settings),
    .settings_default = &defaults,
    .unit = unit_of,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fcov_write,
};

const cosim_bench *pred_bench_kind(void)
{
    return &kind;
}
