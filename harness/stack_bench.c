#include "stack_bench.h"

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
struct stack_bench_settings {
    unsigned weights[STACK_OP_COUNT]; /* base op weights, indexed by stack_op */
    bool weights_given;
};

/* The generator alternates a growing phase (pushes x4) and a shrinking phase (pops
 * x4), so nesting sweeps from empty (underflow) to past STACK_SIZE (overflow) and
 * past the tracker (drop). */
static const stack_bench_settings defaults = {
    .weights = {[STACK_OP_NOP] = 2,       [STACK_OP_PUSH] = 4,      [STACK_OP_PUSH_WQM] = 2,
                [STACK_OP_PUSH_ELSE] = 2, [STACK_OP_ALU_PUSH_BEFORE] = 4,
                [STACK_OP_LOOP_START] = 3, [STACK_OP_CALL] = 2,     [STACK_OP_POP] = 6,
                [STACK_OP_LOOP_END] = 3,  [STACK_OP_RETURN] = 2,    [STACK_OP_ELSE] = 3,
                [STACK_OP_JUMP] = 3,      [STACK_OP_CLEAR] = 1,     [13] = 1,
                [14] = 1,                 [15] = 1},
};

/* Op names as --weights spells them: lower case, "op13".."op15" for the reserved codes. */
static void op_namer(unsigned op, char *buf, size_t n)
{
    if (op > STACK_OP_CLEAR) {
        snprintf(buf, n, "op%u", op);
        return;
    }
    stim_lower_name(buf, n, stack_op_name(op));
}

static int opt_weights(void *ctx, const char *v, char *err, size_t errlen)
{
    stack_bench_settings *s = ctx;
    s->weights_given = true;
    return stim_weights_parse(v, s->weights, STACK_OP_COUNT, op_namer, err, errlen);
}

/* The shape (--width, --rule, --chip, --tracker-depth) is the table's (cosim_params.c). */
static const cosim_option stack_stim_options[] = {
    {"weights", "LIST",
     "op weights, e.g. pop=6,call=1 (ops: nop push push_wqm push_else alu_push_before loop_start "
     "call pop loop_end return else jump clear op13 op14 op15)",
     opt_weights, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------------ state */

struct stack_bench {
    ctm_stack *golden; /* the C model, through the public API (ctm.h) */
    stack_acct_cfg rtl;
    stack_bench_settings set; /* the options */
    cmp_unit unit;            /* the DUT's field tables */
    cmp_field out_fields[CMP_FIELDS_MAX]; /* unit.out: the library's port table */
    rng rng;
    uint64_t checked;
    uint8_t grow_table[256], shrink_table[256]; /* op of each value of a byte, per phase */
    uint32_t reset_threshold;
    bool growing;
    unsigned level;      /* the generator's own estimate of the nesting depth */
    unsigned target;     /* depth the growing phase aims for */
    unsigned stack_size; /* STACK_SIZE of the current "program" */
    ctm_stack_in cur;    /* the inputs drawn last: the RTL's this cycle */
    ctm_stack_in now;    /* stack_bench_cycle's: the inputs its check steps with */
    ctm_stack_in mm_in;
    ctm_stack_out mm_expected, mm_actual;
    /* Functional coverage (make coverage): op x tracker depth before the op (empty,
     * one, mid, full), and the drop, underflow and overflow events. */
    struct {
        bool on;
        unsigned depth; /* after the last step */
        uint64_t op_depth[16][4], drop, underflow, overflow;
    } fcov;
};

static bool is_push(unsigned op)
{
    return op >= STACK_OP_PUSH && op <= STACK_OP_CALL;
}

static bool is_pop(unsigned op)
{
    return op >= STACK_OP_POP && op <= STACK_OP_JUMP;
}

/* The op table of a phase: the weights with pushes (or pops) boosted. */
static void build_table(const unsigned *weights, uint8_t *table, bool (*boosted)(unsigned),
                        unsigned boost)
{
    unsigned w[STACK_OP_COUNT];
    for (unsigned i = 0; i < STACK_OP_COUNT; i++)
        w[i] = weights[i] * (boosted(i) ? boost : 1);
    stim_weight_table(table, w, STACK_OP_COUNT);
}

/* ------------------------------------------------------------------ option words */

static void stimulus_args(const void *self, char *buf, size_t n)
{
    const stack_bench_settings *s = &((const stack_bench *)self)->set;
    buf[0] = 0;
    if (s->weights_given) {
        size_t used = (size_t)snprintf(buf, n, "--weights ");
        stim_weights_format(buf + used, n - used, s->weights, STACK_OP_COUNT, op_namer);
    }
}

/* ------------------------------------------------------------------ the tables */

#define IN(m, name, port, type, width, names) CMP_F(ctm_stack_in, m, name, port, type, CMP_HIST, width, names)
static const cmp_field in_fields[] = {
    IN(rst, "reset", NULL, CMP_BOOL, 1, NULL),
    IN(op, "op", "op_i", CMP_U32, 4, stack_op_name),
    IN(pop_count, "pop_count", "pop_count_i", CMP_U32, 3, NULL),
    IN(wqm, "wqm", "wqm_i", CMP_BOOL, 1, NULL),
    IN(taken, "taken", "taken_i", CMP_BOOL, 1, NULL),
    IN(stack_size, "stack_size", "stack_size_i", CMP_U32, 8, NULL),
};
/* The outputs are the library's port table (cmp_fields_from_ports), in each bench. */
static const char *const out_hist[] = {"need", "hwm", "depth", NULL};

static const cmp_unit unit_template = {"u_stack_acct.dut_stack_acct", in_fields,
                        sizeof in_fields / sizeof in_fields[0], NULL, 0, sizeof(ctm_stack_in),
                        sizeof(ctm_stack_out), 1, NULL, NULL};

/* ------------------------------------------------------------------ binding */

stack_bench *stack_bench_new(const stack_acct_cfg *rtl, const stack_bench_settings *s)
{
    stack_bench *b = calloc(1, sizeof *b);
    if (!b) {
        cosim_error("out of memory");
        return NULL;
    }
    b->rtl = *rtl;
    b->set = s ? *s : defaults;
    if (!(b->golden =
              ctm_stack_new((int)rtl->width, (int)rtl->rule, (int)rtl->chip, (int)rtl->depth))) {
        cosim_error("%s", ctm_error());
        free(b);
        return NULL;
    }
    /* the report's last ops are the handle's history */
    if (ctm_stack_set_history(b->golden, CMP_HISTORY) != CTM_OK) {
        cosim_error("%s", ctm_stack_diff(b->golden));
        stack_bench_free(b);
        return NULL;
    }
    rng_seed(&b->rng, cosim_cfg.seed);
    b->unit = unit_template;
    b->unit.out = b->out_fields;
    b->unit.n_out = cmp_fields_from_ports("stack_acct", b->out_fields, CMP_FIELDS_MAX, out_hist, NULL);
    build_table(b->set.weights, b->grow_table, is_push, 4);
    build_table(b->set.weights, b->shrink_table, is_pop, 4);
    b->reset_threshold = cosim_reset_threshold();
    b->growing = true;
    b->target = 1;
    b->fcov.on = cosim_fcov_on();
    return b;
}

void stack_bench_free(stack_bench *b)
{
    if (!b)
        return;
    ctm_stack_free(b->golden);
    free(b);
}

stack_bench *stack_bench_bind(unsigned width, unsigned rule, unsigned chip, unsigned depth)
{
    if (!cosim_bind_params(&cosim_params_stack, (const unsigned[]){width, rule, chip, depth}))
        return NULL;
    stack_bench *b = stack_bench_new(&(stack_acct_cfg){width, rule, chip, depth},
                                     cosim_cfg.settings);
    cosim_attach(b);
    return b;
}

const stack_acct_cfg *stack_bench_cfg(const stack_bench *b)
{
    return &b->rtl;
}

const cmp_unit *stack_bench_unit(const stack_bench *b)
{
    return &b->unit;
}

/* ------------------------------------------------------------------ stimulus */

/* A new "program": how deep it nests and the STACK_SIZE it was given. Most
 * stay inside the tracker; some go past STACK_SIZE (overflow) and a few past
 * the tracker itself (drop). */
static void new_phase(stack_bench *b)
{
    uint32_t r = (uint32_t)rng_next(&b->rng);
    unsigned d = b->rtl.depth;
    b->target = (r & 7) == 0 ? d + 1 + (r >> 3) % 4 : 1 + (r >> 3) % (d < 40 ? d : 40);
    b->stack_size = (r >> 16 & 15) == 0 ? (r >> 20 & 255) : (r >> 20) % 24;
    b->growing = true;
}

/* One 64-bit draw decides the cycle (bit fields):
 *   [0,24) reset trigger  [24,32) op (phase table)  [32,35) pop count  [35,38) pop-count
 *   choice  [38,40) wqm  [40] taken  [41,44) STACK_SIZE jitter */
void stack_bench_next(stack_bench *b, ctm_stack_in *in)
{
    uint64_t r = rng_next(&b->rng);
    *in = (ctm_stack_in){.rst = (r & 0xffffff) < b->reset_threshold};
    unsigned op = (b->growing ? b->grow_table : b->shrink_table)[r >> 24 & 0xff];
    in->op = op;
    /* POP_COUNT: mostly 1, sometimes 0, 2 (ALU_POP2_AFTER) or up to 7 */
    unsigned choice = (unsigned)(r >> 35 & 7);
    /* by a table of nibbles, not branches: the choice is random (7: the table says 0, the
     * random count is or-ed in) */
    unsigned any = -(unsigned)(choice == 7);
    in->pop_count = (0x02011111u >> 4 * choice & 15) | ((unsigned)(r >> 32 & 7) & any);
    in->wqm = (r >> 38 & 3) == 0;
    in->taken = r >> 40 & 1;
    /* STACK_SIZE mostly steady within a program, sometimes changed mid-way */
    in->stack_size = (r >> 41 & 7) == 0 ? (b->stack_size + 1) & 255 : b->stack_size;

    if (in->rst || op == STACK_OP_CLEAR)
        b->level = 0;
    else if (is_push(op))
        b->level++;
    else if (is_pop(op)) {
        unsigned n = op == STACK_OP_LOOP_END || op == STACK_OP_RETURN ? 1
                     : (op == STACK_OP_POP || in->taken)          ? in->pop_count
                                                                   : 0;
        b->level = b->level > n ? b->level - n : 0;
    }
    if (b->growing && b->level >= b->target)
        b->growing = false;
    else if (!b->growing && b->level == 0 && (r >> 44 & 3) == 0)
        new_phase(b); /* linger at empty for a while: pops there underflow */
    b->cur = *in;
}

/* ------------------------------------------------------------------ checking */


static void stack_cover(stack_bench *b, const ctm_stack_in *in, const ctm_stack_out *exp)
{
    if (in->rst) {
        b->fcov.depth = 0;
        return;
    }
    unsigned d = b->fcov.depth, full = b->rtl.depth;
    b->fcov.op_depth[in->op & 15][d == 0 ? 0 : d == full ? 3 : d == 1 ? 1 : 2]++;
    b->fcov.drop += exp->drop;
    b->fcov.underflow += exp->underflow;
    b->fcov.overflow += exp->overflow;
    b->fcov.depth = exp->depth;
}

static void fcov_write(const void *self, FILE *out)
{
    const stack_bench *b = self;
    static const char *const ops[] = {"NOP", "PUSH", "PUSH_WQM", "PUSH_ELSE", "ALU_PUSH_BEFORE",
                                      "LOOP_START", "CALL", "POP", "LOOP_END", "RETURN", "ELSE",
                                      "JUMP", "CLEAR", "RES13", "RES14", "RES15"};
    static const char *const depth_names[] = {"empty", "one", "mid", "full"};
    for (int o = 0; o < 16; o++)
        for (int d = 0; d < 4; d++)
            fprintf(out, "stack.op_depth.%s.%s %" PRIu64 "\n", ops[o], depth_names[d], b->fcov.op_depth[o][d]);
    fprintf(out, "stack.event.drop %" PRIu64 "\nstack.event.underflow %" PRIu64 "\n", b->fcov.drop,
            b->fcov.underflow);
    fprintf(out, "stack.event.overflow %" PRIu64 "\n", b->fcov.overflow);
}

/* The coverage of a checked cycle, from the outputs the model expected. */
static __attribute__((noinline, cold)) void cover_checked(stack_bench *b, const ctm_stack_in *in)
{
    ctm_stack_out exp;
    ctm_stack_expected(b->golden, &exp);
    stack_cover(b, in, &exp);
}

/* What a failed check (rc) reports: 1. */
static __attribute__((noinline, cold)) int failed(stack_bench *b, const ctm_stack_in *in,
                                                  const void *dut, int rc)
{
    uint64_t cycle = b->checked - 1; /* the check's */
    ctm_stack_out exp;
    ctm_stack_expected(b->golden, &exp);
    if (rc != CTM_E_MISMATCH) {
        cosim_error("stack: %s", ctm_stack_diff(b->golden));
        return 1;
    }
    ctm_stack_out act;
    memcpy(&act, dut, sizeof act);
    unsigned index;
    int port = -1, lane = -1;
    ctm_stack_diff_port(b->golden, &port, &lane);
    const cmp_field *f = cmp_diff_field(&b->unit, port, lane, &index);
    if (!f) { /* the library's check and the bench's field table must agree */
        cosim_error("stack: the golden model reports '%s', the bench's fields no difference",
                    ctm_stack_diff(b->golden));
        return 1;
    }
    b->mm_in = *in;
    b->mm_expected = exp;
    b->mm_actual = act;
    cmp_record(&b->unit, f, index, &exp, &act, cycle, 0, 0);
    return 1;
}

int stack_bench_check(stack_bench *b, const ctm_stack_in *in, const void *dut)
{
    b->checked++;
    int rc = ctm_stack_cycle(b->golden, in, dut);
    if (b->fcov.on)
        cover_checked(b, in);
    return rc == CTM_OK ? 0 : failed(b, in, dut, rc);
}

/* The draw first, then the check as the cycle's last call: nothing is left to
 * do after it (a failure is reported by stack_bench_failed), so the check is
 * a jump, not a call and a return (the block's checking is a few instructions
 * a cycle: these were an eighth of them). */
int stack_bench_cycle(stack_bench *b, const void *dut, ctm_stack_in *next)
{
    b->now = b->cur;
    stack_bench_next(b, next);
    b->checked++;
    if (b->fcov.on) {
        int rc = ctm_stack_cycle(b->golden, &b->now, dut);
        cover_checked(b, &b->now);
        return rc;
    }
    return ctm_stack_cycle(b->golden, &b->now, dut);
}

void stack_bench_failed(stack_bench *b, const void *dut)
{
    int port = -1, lane = -1; /* a port: the outputs differ; none: the call failed */
    ctm_stack_diff_port(b->golden, &port, &lane);
    failed(b, &b->now, dut, port >= 0 ? CTM_E_MISMATCH : CTM_E_ARG);
}

/* ------------------------------------------------------------------ report sections */

/* The last ops, from the handle's history. */
static int kept_step(const void *arg, unsigned i, uint64_t *cycle, void *in, void *out)
{
    const stack_bench *b = arg; /* one history */
    return ctm_stack_history(b->golden, (int)i, cycle, in, out) == CTM_OK;
}

/* The steps of a report's history and their structs. */
typedef struct last_steps {
    cmp_step steps[CMP_HISTORY];
    unsigned char buf[CMP_HISTORY * (sizeof(ctm_stack_in) + sizeof(ctm_stack_out))];
} last_steps;

static size_t last_ops(const stack_bench *b, last_steps *l)
{
    return cmp_steps_from(&b->unit, kept_step, b, l->steps, l->buf);
}

static void report_text(const void *self, FILE *out, const cosim_mismatch *mm)
{
    const stack_bench *b = self;
    (void)mm;
    cmp_report_text(out, &b->unit, &b->mm_in, &b->mm_expected, &b->mm_actual);
    fprintf(out, "  stack depth: expected %u, RTL %u (tracker depth %u)\n", b->mm_expected.depth,
            b->mm_actual.depth, b->rtl.depth);
    fprintf(out, "  last ops (oldest first; each shows in the outputs of the next cycle):\n");
    last_steps l;
    cmp_steps_text(out, &b->unit, l.steps, last_ops(b, &l));
}

static void report_json(const void *self, json_t *r, const cosim_mismatch *mm)
{
    const stack_bench *b = self;
    (void)mm;
    cmp_report_json(r, &b->unit, &b->mm_in, &b->mm_expected, &b->mm_actual);
    json_object_set_new(r, "stack_depth", json_pack("{s:i, s:i}", "expected", b->mm_expected.depth,
                                                    "actual", b->mm_actual.depth));
    last_steps l;
    json_object_set_new(r, "last_ops", cmp_steps_json(&b->unit, l.steps, last_ops(b, &l)));
}

static const cmp_unit *unit_of(const void *self)
{
    return stack_bench_unit(self);
}

static const cosim_bench kind = {
    .block = "stack",
    .summary = "R700 stack-allocation accounting (rtl/stack_acct.sv, docs/stack_acct.md)",
    .has_contexts = false,
    .params = &cosim_params_stack,
    .options = {stack_stim_options},
    .settings_size = sizeof(stack_bench_settings),
    .settings_default = &defaults,
    .unit = unit_of,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fcov_write,
};

const cosim_bench *stack_bench_kind(void)
{
    return &kind;
}
