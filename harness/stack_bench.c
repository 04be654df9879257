#include "stack_bench.h"

#include "cosim.h"
#include "rng.h"
#include "stim_weights.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ settings */

/* Base op weights, indexed by stack_op. The generator alternates a growing
 * phase (pushes x4) and a shrinking phase (pops x4), so nesting sweeps from
 * empty (underflow) to past STACK_SIZE (overflow) and past the tracker (drop). */
static unsigned weights[STACK_OP_COUNT] = {
    [STACK_OP_NOP] = 2,        [STACK_OP_PUSH] = 4,      [STACK_OP_PUSH_WQM] = 2,
    [STACK_OP_PUSH_ELSE] = 2,  [STACK_OP_ALU_PUSH_BEFORE] = 4, [STACK_OP_LOOP_START] = 3,
    [STACK_OP_CALL] = 2,       [STACK_OP_POP] = 6,       [STACK_OP_LOOP_END] = 3,
    [STACK_OP_RETURN] = 2,     [STACK_OP_ELSE] = 3,      [STACK_OP_JUMP] = 3,
    [STACK_OP_CLEAR] = 1,      [13] = 1,                 [14] = 1,
    [15] = 1,
};
static stack_acct_cfg want = {64, STACK_RULE_ISA, STACK_CHIP_R7XX, 64};
static bool weights_given;

static const char *const rule_names[] = {"isa", "mesa", "llvm"};
static const char *const chip_names[] = {"r7xx", "evergreen", "ni", "cayman"};

static int pick_name(const char *v, const char *const *names, unsigned n, unsigned *dst, char *err,
                     size_t errlen)
{
    for (unsigned i = 0; i < n; i++)
        if (!strcasecmp(v, names[i])) {
            *dst = i;
            return 0;
        }
    snprintf(err, errlen, "'%s' is not one of", v);
    for (unsigned i = 0; i < n; i++)
        snprintf(err + strlen(err), errlen - strlen(err), " %s", names[i]);
    return -1;
}

static int opt_width(const char *v, char *err, size_t n)
{
    unsigned w;
    if (cli_range_u(v, 16, 64, &w, err, n) || w % 16) {
        snprintf(err, n, "'%s' is not 16, 32, 48 or 64", v);
        return -1;
    }
    want.width = w;
    return 0;
}

static int opt_rule(const char *v, char *err, size_t n)
{
    return pick_name(v, rule_names, 3, &want.rule, err, n);
}

static int opt_chip(const char *v, char *err, size_t n)
{
    return pick_name(v, chip_names, 4, &want.chip, err, n);
}

static int opt_tracker_depth(const char *v, char *err, size_t n)
{
    return cli_range_u(v, 1, STACK_ACCT_MAX_DEPTH, &want.depth, err, n);
}

/* Op names as --weights spells them: lower case, "op13".."op15" for the reserved codes. */
static void op_namer(unsigned op, char *buf, size_t n)
{
    if (op > STACK_OP_CLEAR) {
        snprintf(buf, n, "op%u", op);
        return;
    }
    stim_lower_name(buf, n, stack_op_name(op));
}

static int opt_weights(const char *v, char *err, size_t errlen)
{
    weights_given = true;
    return stim_weights_parse(v, weights, STACK_OP_COUNT, op_namer, err, errlen);
}

/* The unit's shape; the system run takes the same options. */
const cosim_option stack_shape_options[] = {
    {"width", "W", "physical thread-group width: 16, 32, 48 or 64 (default 64)", opt_width, 0, 0},
    {"rule", "R", "accounting rule: isa, mesa or llvm (default isa)", opt_rule, 0, 0},
    {"chip", "C", "chip class for the rules that need one: r7xx, evergreen, ni, cayman "
                  "(default r7xx)",
     opt_chip, 0, 0},
    {"tracker-depth", "N", "frames the tracker holds, 1..1024 (default 64)", opt_tracker_depth, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static const cosim_option stack_stim_options[] = {
    {"weights", "LIST",
     "op weights, e.g. pop=6,call=1 (ops: nop push push_wqm push_else alu_push_before loop_start "
     "call pop loop_end return else jump clear op13 op14 op15)",
     opt_weights, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------------ state */

enum { HISTORY = 16 };

typedef struct op_record {
    uint64_t cycle;
    stack_acct_in in;
} op_record;

static struct {
    stack_acct_model *model;
    stack_acct_cfg rtl;
    rng rng;
    uint64_t checked;
    uint8_t grow_table[256], shrink_table[256]; /* op of each value of a byte, per phase */
    uint32_t reset_threshold;
    bool growing;
    unsigned level;      /* the generator's own estimate of the nesting depth */
    unsigned target;     /* depth the growing phase aims for */
    unsigned stack_size; /* STACK_SIZE of the current "program" */
    op_record history[HISTORY];
    uint64_t history_count;
    stack_acct_in mm_in;
    stack_acct_out mm_expected, mm_actual;
} S;

static bool is_push(unsigned op)
{
    return op >= STACK_OP_PUSH && op <= STACK_OP_CALL;
}

static bool is_pop(unsigned op)
{
    return op >= STACK_OP_POP && op <= STACK_OP_JUMP;
}

/* The op table of a phase: the weights with pushes (or pops) boosted. */
static void build_table(uint8_t *table, bool (*boosted)(unsigned), unsigned boost)
{
    unsigned w[STACK_OP_COUNT];
    for (unsigned i = 0; i < STACK_OP_COUNT; i++)
        w[i] = weights[i] * (boosted(i) ? boost : 1);
    stim_weight_table(table, w, STACK_OP_COUNT);
}

/* ------------------------------------------------------------------ config strings */

static void config_name(char *buf, size_t n)
{
    snprintf(buf, n, "w%u.%s.%s.d%u", want.width, rule_names[want.rule], chip_names[want.chip],
             want.depth);
}

static void config_args(char *buf, size_t n)
{
    snprintf(buf, n, "--width %u --rule %s --chip %s --tracker-depth %u", want.width,
             rule_names[want.rule], chip_names[want.chip], want.depth);
}

static void stimulus_args(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    if (weights_given) {
        used += (size_t)snprintf(buf, n, "--weights ");
        stim_weights_format(buf + used, n - used, weights, STACK_OP_COUNT, op_namer);
        used = strlen(buf);
    }
}

/* ------------------------------------------------------------------ binding */

void stack_bench_bind(unsigned width, unsigned rule, unsigned chip, unsigned depth)
{
    char rtl[64];
    snprintf(rtl, sizeof rtl, "w%u.%s.%s.d%u", width, rule < 3 ? rule_names[rule] : "?",
             chip < 4 ? chip_names[chip] : "?", depth);
    cosim_bind("stack", rtl);
    if (cosim_config_error())
        return;
    stack_bench_close();
    memset(&S, 0, sizeof S);
    S.rtl = (stack_acct_cfg){width, rule, chip, depth};
    dpp_error err;
    if (stack_acct_create(&S.rtl, &S.model, &err) != DPP_OK) {
        fprintf(stderr, "cosim: %s\n", err.msg);
        exit(3);
    }
    rng_seed(&S.rng, cosim_cfg.seed);
    build_table(S.grow_table, is_push, 4);
    build_table(S.shrink_table, is_pop, 4);
    S.reset_threshold = cosim_reset_threshold();
    S.growing = true;
    S.target = 1;
}

const stack_acct_cfg *stack_bench_cfg(void)
{
    return &S.rtl;
}

void stack_bench_close(void)
{
    stack_acct_destroy(S.model);
    S.model = NULL;
}

/* ------------------------------------------------------------------ stimulus */

/* A new "program": how deep it nests and the STACK_SIZE it was given. Most
 * stay inside the tracker; some go past STACK_SIZE (overflow) and a few past
 * the tracker itself (drop). */
static void new_phase(void)
{
    uint32_t r = (uint32_t)rng_next(&S.rng);
    unsigned d = S.rtl.depth;
    S.target = (r & 7) == 0 ? d + 1 + (r >> 3) % 4 : 1 + (r >> 3) % (d < 40 ? d : 40);
    S.stack_size = (r >> 16 & 15) == 0 ? (r >> 20 & 255) : (r >> 20) % 24;
    S.growing = true;
}

/* One 64-bit draw decides the cycle (bit fields):
 *   [0,24) reset trigger  [24,32) op (phase table)  [32,35) pop count  [35,38) pop-count
 *   choice  [38,40) wqm  [40] taken  [41,44) STACK_SIZE jitter */
void stack_bench_next(stack_acct_in *in)
{
    uint64_t r = rng_next(&S.rng);
    in->rst = (r & 0xffffff) < S.reset_threshold;
    unsigned op = (S.growing ? S.grow_table : S.shrink_table)[r >> 24 & 0xff];
    in->op = op;
    /* POP_COUNT: mostly 1, sometimes 0, 2 (ALU_POP2_AFTER) or up to 7 */
    unsigned choice = (unsigned)(r >> 35 & 7);
    in->pop_count = choice < 5 ? 1 : choice == 5 ? 0 : choice == 6 ? 2 : (unsigned)(r >> 32 & 7);
    in->wqm = (r >> 38 & 3) == 0;
    in->taken = r >> 40 & 1;
    /* STACK_SIZE mostly steady within a program, sometimes changed mid-way */
    in->stack_size = (r >> 41 & 7) == 0 ? (S.stack_size + 1) & 255 : S.stack_size;

    if (in->rst || op == STACK_OP_CLEAR)
        S.level = 0;
    else if (is_push(op))
        S.level++;
    else if (is_pop(op)) {
        unsigned n = op == STACK_OP_LOOP_END || op == STACK_OP_RETURN ? 1
                     : (op == STACK_OP_POP || in->taken)          ? in->pop_count
                                                                   : 0;
        S.level = S.level > n ? S.level - n : 0;
    }
    if (S.growing && S.level >= S.target)
        S.growing = false;
    else if (!S.growing && S.level == 0 && (r >> 44 & 3) == 0)
        new_phase(); /* linger at empty for a while: pops there underflow */
}

/* ------------------------------------------------------------------ checking */

typedef struct field_desc {
    const char *name;
    size_t offset;
    bool flag;
} field_desc;

#define FIELD(n, f) {#n, offsetof(stack_acct_out, n), f}
static const field_desc fields[] = {
    FIELD(entries, false), FIELD(subentries, false), FIELD(need, false),
    FIELD(hwm, false),     FIELD(depth, false),      FIELD(overflow, true),
    FIELD(underflow, true), FIELD(drop, true),
};

static uint64_t field_value(const stack_acct_out *o, const field_desc *f)
{
    const char *p = (const char *)o + f->offset;
    return f->flag ? *(const bool *)p : *(const unsigned *)p;
}

/* Functional coverage (make coverage): op x tracker depth before the op (empty, one,
 * mid, full), and the drop, underflow and overflow events. */
static struct {
    unsigned depth; /* after the last step */
    uint64_t op_depth[16][4], drop, underflow, overflow;
} fcov;

static void stack_cover(const stack_acct_in *in, const stack_acct_out *exp)
{
    if (in->rst) {
        fcov.depth = 0;
        return;
    }
    unsigned d = fcov.depth, full = S.rtl.depth;
    fcov.op_depth[in->op & 15][d == 0 ? 0 : d == full ? 3 : d == 1 ? 1 : 2]++;
    fcov.drop += exp->drop;
    fcov.underflow += exp->underflow;
    fcov.overflow += exp->overflow;
    fcov.depth = exp->depth;
}

static void fcov_write(FILE *out)
{
    static const char *const ops[] = {"NOP", "PUSH", "PUSH_WQM", "PUSH_ELSE", "ALU_PUSH_BEFORE",
                                      "LOOP_START", "CALL", "POP", "LOOP_END", "RETURN", "ELSE",
                                      "JUMP", "CLEAR", "RES13", "RES14", "RES15"};
    static const char *const depth_names[] = {"empty", "one", "mid", "full"};
    for (int o = 0; o < 16; o++)
        for (int b = 0; b < 4; b++)
            fprintf(out, "stack.op_depth.%s.%s %" PRIu64 "\n", ops[o], depth_names[b], fcov.op_depth[o][b]);
    fprintf(out, "stack.event.drop %" PRIu64 "\nstack.event.underflow %" PRIu64 "\n", fcov.drop,
            fcov.underflow);
    fprintf(out, "stack.event.overflow %" PRIu64 "\n", fcov.overflow);
}

int stack_bench_check(const stack_acct_in *in, const stack_acct_out *dut)
{
    uint64_t cycle = S.checked++;
    op_record *h = &S.history[S.history_count++ % HISTORY];
    h->cycle = cycle;
    h->in = *in;
    stack_acct_out exp;
    stack_acct_step(S.model, in, &exp);
    stack_cover(in, &exp);
    unsigned diff = (exp.entries ^ dut->entries) | (exp.subentries ^ dut->subentries) |
                    (exp.need ^ dut->need) | (exp.hwm ^ dut->hwm) | (exp.depth ^ dut->depth) |
                    (unsigned)(exp.overflow ^ dut->overflow) |
                    (unsigned)(exp.underflow ^ dut->underflow) | (unsigned)(exp.drop ^ dut->drop);
    if (!diff)
        return 0;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        uint64_t e = field_value(&exp, &fields[i]), a = field_value(dut, &fields[i]);
        if (e != a) {
            S.mm_in = *in;
            S.mm_expected = exp;
            S.mm_actual = *dut;
            cosim_mismatch mm = {cycle, 0, fields[i].name, e, a, fields[i].flag ? 1 : 16, false};
            cosim_record_mismatch(&mm);
            break;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ report sections */

static void print_outputs_text(FILE *out, const char *who, const stack_acct_out *o)
{
    fprintf(out,
            "    %-8s entries %u subentries %u need %u hwm %u depth %u overflow %d underflow %d "
            "drop %d\n",
            who, o->entries, o->subentries, o->need, o->hwm, o->depth, o->overflow, o->underflow,
            o->drop);
}

static json_t *outputs_json(const stack_acct_out *o)
{
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:b, s:b, s:b}", "entries", o->entries,
                     "subentries", o->subentries, "need", o->need, "hwm", o->hwm, "depth",
                     o->depth, "overflow", o->overflow, "underflow", o->underflow, "drop",
                     o->drop);
}

static void report_text(FILE *out, const cosim_mismatch *mm)
{
    (void)mm;
    fprintf(out, "  all outputs this cycle (before the edge):\n");
    print_outputs_text(out, "C model", &S.mm_expected);
    print_outputs_text(out, "RTL", &S.mm_actual);
    fprintf(out, "  stack depth: expected %u, RTL %u (tracker depth %u)\n", S.mm_expected.depth,
            S.mm_actual.depth, S.rtl.depth);
    fprintf(out, "  last ops (oldest first; each shows in the outputs of the next cycle):\n");
    uint64_t n = S.history_count, first = n > HISTORY ? n - HISTORY : 0;
    for (uint64_t i = first; i < n; i++) {
        const op_record *h = &S.history[i % HISTORY];
        fprintf(out, "    cycle %-10" PRIu64 " %-16s pop_count %u wqm %d taken %d stack_size %u%s\n",
                h->cycle, stack_op_name(h->in.op), h->in.pop_count, h->in.wqm, h->in.taken,
                h->in.stack_size, h->in.rst ? "  (reset asserted)" : "");
    }
}

static void report_json(json_t *r, const cosim_mismatch *mm)
{
    (void)mm;
    json_object_set_new(r, "expected_outputs", outputs_json(&S.mm_expected));
    json_object_set_new(r, "actual_outputs", outputs_json(&S.mm_actual));
    json_object_set_new(r, "stack_depth", json_pack("{s:i, s:i}", "expected", S.mm_expected.depth,
                                                    "actual", S.mm_actual.depth));
    json_t *ops = json_array();
    uint64_t n = S.history_count, first = n > HISTORY ? n - HISTORY : 0;
    for (uint64_t i = first; i < n; i++) {
        const op_record *h = &S.history[i % HISTORY];
        json_array_append_new(
            ops, json_pack("{s:I, s:s, s:i, s:i, s:i, s:i, s:b}", "cycle", (json_int_t)h->cycle,
                           "op", stack_op_name(h->in.op), "pop_count", h->in.pop_count, "wqm",
                           h->in.wqm, "taken", h->in.taken, "stack_size", h->in.stack_size,
                           "reset", h->in.rst));
    }
    json_object_set_new(r, "last_ops", ops);
}

static void wave_signals(void (*emit)(void *, const char *), void *ctx)
{
    static const char *const sigs[] = {
        "clk_i",          "rst_ni",      "op_i[3:0]",      "pop_count_i[2:0]", "wqm_i",
        "taken_i",        "stack_size_i[7:0]", "entries_o[15:0]", "subentries_o[15:0]",
        "need_o[15:0]",   "hwm_o[15:0]", "depth_o[15:0]",  "overflow_o",       "underflow_o",
        "drop_o",
    };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char buf[160];
        snprintf(buf, sizeof buf, "TOP.tb_stack_acct.dut_stack_acct.%s", sigs[i]);
        emit(ctx, buf);
    }
    emit(ctx, "TOP.tb_stack_acct.mismatch_o");
}

const cosim_bench stack_bench = {
    .block = "stack",
    .summary = "R700 stack-allocation accounting (rtl/stack_acct.sv, docs/stack_acct.md)",
    .has_contexts = false,
    .options = {stack_shape_options, stack_stim_options},
    .config_name = config_name,
    .config_args = config_args,
    .wave_signals = wave_signals,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fcov_write,
};
