/* The system bench (sys_bench.h): a program's flow-control steps drive the
 * three DUTs; the units' own benches compare each DUT with its C mirror, this
 * one schedules the cycles and checks the blocks against each other and the
 * model (docs/system.md, "The system lock-step run"). */
#include "sys_bench.h"

#include "compare.h"
#include "cosim.h"
#include "ctm.h"
#include "elf_exe.h"
#include "fc_bench.h"
#include "fc_program.h"
#include "pred_bench.h"
#include "pred_map.h"
#include "progen.h"
#include "stack_bench.h"
#include "stack_map.h"
#include "stack_prog.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* One cycle of stimulus for the three DUTs, as the benches draw it. */
typedef struct sys_stim {
    fc_stim fc;
    pred_stack_in pred;
    stack_acct_in stack;
} sys_stim;

/* What the cross-checks read of the DUTs, and which unit checks failed this cycle. */
typedef struct sys_dut {
    bool fc_bad, pred_bad, stack_bad;
    uint64_t fc_active;     /* fc_unit active_o */
    uint64_t pred_obs_exec; /* pred_stack obs_exec_mask_o */
    unsigned stack_hwm, stack_depth;
    bool stack_underflow;
} sys_dut;

extern const cosim_bench pred_bench, stack_bench, fc_bench;

/* ------------------------------------------------------------------ options */

static const char *program_path;
static uint64_t progen_seed;
static bool progen_given;
static unsigned progen_depth = 6;
static unsigned domain_w = 64, domain_h = 64;
static pred_map_bug map_bug = PRED_MAP_BUG_NONE;
static bool stack_wqm;

static int opt_program(const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    program_path = v;
    return 0;
}

static int opt_progen(const char *v, char *err, size_t errlen)
{
    progen_given = true;
    return cli_range(v, 0, INT64_MAX, &progen_seed, err, errlen);
}

static int opt_progen_depth(const char *v, char *err, size_t errlen)
{
    return cli_range_u(v, 1, 8, &progen_depth, err, errlen);
}

static int opt_domain(const char *v, char *err, size_t errlen)
{
    return cli_size(v, 4096, &domain_w, &domain_h, err, errlen);
}

static int opt_map_bug(const char *v, char *err, size_t errlen)
{
    if (strcmp(v, "else-as-pop")) {
        snprintf(err, errlen, "'%s' is not a known mapping bug (else-as-pop)", v);
        return -1;
    }
    map_bug = PRED_MAP_BUG_ELSE_AS_POP;
    return 0;
}

static int opt_stack_wqm(const char *v, char *err, size_t errlen)
{
    (void)v, (void)err, (void)errlen;
    stack_wqm = true;
    return 0;
}

/* The shapes (fc_unit's, --pred-depth, --pred-spu-sc, stack_acct's) are the table's
 * (cosim_params.c). */
static const cosim_option sys_options[] = {
    {"program", "FILE.elf", "the CTM executable whose run drives the three blocks", opt_program, 0, 0},
    {"progen", "SEED",
     "instead of --program: the random structured program of this seed (csim/gen/progen.h), with a "
     "generated input surface",
     opt_progen, 0, 0},
    {"progen-depth", "N", "nesting the --progen program reaches at least, 1..8 (default 6)",
     opt_progen_depth, 0, 0},
    {"domain", "WxH", "the domain the program runs over (default 64x64)", opt_domain, 0, 0},
    {"stack-wqm", NULL,
     "push the IF levels on stack_acct as a whole-quad-mode pixel shader would (PUSH with "
     "WHOLE_QUAD_MODE) instead of ALU_PUSH_BEFORE",
     opt_stack_wqm, 0, 0},
    {"inject-map-bug", "NAME",
     "test only: a deliberately wrong predicate mapping (else-as-pop), which the cross-check "
     "must catch",
     opt_map_bug, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------------ shapes, option words */

/* The predicate stack of the mapping (wavefront x quarter-wave contexts) for
 * the shape the options ask for. */
static pred_stack_cfg pred_shape(void)
{
    return pred_map_shape(&(pred_map_cfg){cosim_param("contexts"), cosim_param("lanes"),
                                          cosim_param("pred-depth"), cosim_param("pred-spu-sc")});
}

static void stimulus_args(char *buf, size_t n)
{
    size_t used = progen_given
                      ? (size_t)snprintf(buf, n, "--progen %" PRIu64 " --progen-depth %u",
                                         progen_seed, progen_depth)
                      : (size_t)snprintf(buf, n, "--program %s", program_path ? program_path : "?");
    if (used < n)
        used += (size_t)snprintf(buf + used, n - used, " --domain %ux%u", domain_w, domain_h);
    if (stack_wqm && used < n)
        used += (size_t)snprintf(buf + used, n - used, " --stack-wqm");
    if (map_bug && used < n)
        snprintf(buf + used, n - used, " --inject-map-bug else-as-pop");
}

/* ------------------------------------------------------------------ state */

enum { PLAN_MAX = 4096, HISTORY = 8 };

/* A flow-control step as the report shows it. */
typedef struct step_record {
    uint64_t cycle; /* its first cycle */
    unsigned wave, slot, pc, cmd, op, jump, fault;
    uint64_t active;
    unsigned pred_ops, stack_ops;
} step_record;

/* The cross-checks due in a cycle. */
typedef struct due {
    int quarter;     /* the quarter context whose ExecuteMask is observed, -1: none */
    int stack_depth; /* frames stack_acct must hold now, -1: not checked */
} due;

static struct {
    /* the program */
    dpp_exe *exe;
    char name[512];
    float *input; /* one generated FLOAT32_4 surface, shared by every input the program reads */
    ctm_model *model; /* the golden model's run, through the public API (ctm.h) */
    bool ended;
    unsigned stack_size; /* the program's static STACK_SIZE (dpp stack) */
    bool size_known;
    char size_why[sizeof(((dpp_error *)0)->msg)];
    /* the mappings */
    pred_map *pm;
    stack_map *sm;
    unsigned quarters;
    /* the current step's cycles */
    step_record step;
    fc_unit_in step_in;
    bool checked; /* its wavefront's ExecuteMasks must equal the model's active lanes */
    pred_map_op pred_ops[PLAN_MAX];
    stack_acct_in stack_ops[PLAN_MAX];
    unsigned n_pred, n_stack, len, next;
    int obs_ctx[PLAN_MAX], check_q[PLAN_MAX];
    unsigned last_ctx;
    due cur; /* of the cycle drawn last */
    uint64_t cycles, steps;
    uint64_t cross_masks, max_hwm; /* ExecuteMask cross-checks passed; stack_acct's hwm */
    step_record history[HISTORY];
    /* the first mismatch */
    const char *unit; /* the unit whose own check failed, or NULL for a cross-check */
    uint64_t mm_model, mm_fc, mm_pred;
    unsigned mm_ctx, mm_slot;
    sys_in drawn; /* the inputs of the cycle drawn last, as driven */
} Y;

/* ------------------------------------------------------------------ binding */

static const char *bind_unit(const char *block, const char *rtl_config)
{
    static char err[400];
    char want[64];
    if (!strcmp(block, "pred")) {
        pred_stack_cfg p = pred_shape();
        cosim_params_name(&cosim_params_pred,
                          (const unsigned[]){p.contexts, p.lanes, p.depth, p.spu_sc}, want,
                          sizeof want);
    } else if (!strcmp(block, "fc") || !strcmp(block, "stack")) {
        const cosim_params *unit = cosim_params_find(block);
        unsigned v[COSIM_PARAMS_MAX];
        cosim_params_pick(unit, v, &cosim_params_system, cosim_cfg.param);
        cosim_params_name(unit, v, want, sizeof want);
    } else {
        snprintf(err, sizeof err, "the system holds no block '%s'", block);
        return err;
    }
    if (strcmp(want, rtl_config)) {
        snprintf(err, sizeof err,
                 "this binary holds %s RTL built as %s, but the system options ask for %s", block,
                 rtl_config, want);
        return err;
    }
    return NULL;
}

/* Records the run's error (the driver stops and exits 3); returns false. */
static bool fail(const char *what, const char *msg)
{
    cosim_error("%s: %s", what, msg);
    Y.ended = true;
    return false;
}

/* The executable: read from --program, or generated from --progen. */
static bool load_exe(void)
{
    dpp_error e;
    if (!(Y.exe = calloc(1, sizeof *Y.exe)))
        return fail("system", "out of memory");
    if (progen_given) {
        snprintf(Y.name, sizeof Y.name, "progen-%" PRIu64, progen_seed);
        pg_program *pg = NULL;
        bool ok = !pg_generate(progen_seed, progen_depth, &pg, &e) && !pg_compile(pg, Y.exe, &e);
        pg_free(pg);
        return ok || fail("--progen", e.msg);
    }
    if (!program_path)
        return fail("--block system", "needs --program FILE.elf or --progen SEED");
    snprintf(Y.name, sizeof Y.name, "%s", program_path);
    return !dpp_elf_read(program_path, Y.exe, &e) || fail("--program", e.msg);
}

/* Every input the program reads gets one generated surface: small integers,
 * positive and negative, so that data-dependent branches go both ways. It is
 * INPUT_PAD columns wider than the domain, for programs that read along a row
 * past their own element (the reduction example). */
enum { INPUT_PAD = 64 };

static bool bind_inputs(void)
{
    unsigned w = domain_w + INPUT_PAD;
    size_t elems = (size_t)w * domain_h;
    if (!Y.exe->inputs)
        return true;
    if (!(Y.input = malloc(elems * 4 * sizeof *Y.input)))
        return fail("system", "out of memory for the input surface");
    for (size_t k = 0; k < elems * 4; k++)
        Y.input[k] = (float)((k * 2654435761u) % 17) - 8.0f;
    for (int i = 0; i < 16; i++)
        if (Y.exe->inputs >> i & 1 &&
            ctm_model_set_input(Y.model, i, Y.input, CTM_FMT_FLOAT32_4, (int)w, (int)domain_h))
            return fail("system", ctm_model_error(Y.model));
    return true;
}

/* The model handle of the run: of --program's file, or of the --progen
 * program written to a temporary executable (the handle reads an ELF). */
static bool open_model(void)
{
    const fc_unit_params *fp = fc_bench_params();
    const char *dir = getenv("TMPDIR");
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s/cosim-progen-XXXXXX", dir && *dir ? dir : "/tmp");
    const char *path = program_path;
    if (progen_given) {
        int fd = mkstemp(tmp);
        dpp_error e;
        if (fd < 0) {
            cosim_error("--progen: cannot create a temporary executable in %s: %s",
                        dir && *dir ? dir : "/tmp", strerror(errno));
            Y.ended = true;
            return false;
        }
        close(fd);
        if (dpp_elf_write(Y.exe, tmp, &e)) {
            unlink(tmp);
            return fail("--progen", e.msg);
        }
        path = tmp;
    }
    Y.model = ctm_model_new(path, (int)domain_w, (int)domain_h, (int)fp->lanes,
                            (int)fp->contexts, (int)fp->addr_depth, (int)fp->loop_depth);
    if (progen_given)
        unlink(tmp);
    return Y.model || fail("system", ctm_error());
}

void sys_bench_bind(void)
{
    if (cosim_config_error())
        return;
    const fc_unit_params *fp = fc_bench_params();
    dpp_error e;
    if (!load_exe())
        return;
    if (!open_model() || !bind_inputs())
        return;
    /* the bound the stack accounting of the run must stay within */
    Y.size_known = stack_prog_size_wqm(Y.name, Y.exe, stack_bench_cfg(), stack_wqm, &Y.stack_size,
                                       &e) == DPP_OK;
    if (!Y.size_known) {
        snprintf(Y.size_why, sizeof Y.size_why, "%s", e.msg);
        Y.stack_size = 255;
    }
    pred_map_cfg mc = {fp->contexts, fp->lanes, cosim_param("pred-depth"),
                       cosim_param("pred-spu-sc")};
    if (pred_map_create(&mc, &Y.pm, &e) || stack_map_create(0, &Y.sm, &e)) {
        fail("system", e.msg);
        return;
    }
    pred_map_set_bug(Y.pm, map_bug);
    stack_map_set_wqm(Y.sm, stack_wqm);
    Y.quarters = pred_map_quarters(Y.pm);
    Y.cur = (due){-1, -1};
    if (!cosim_cfg.quiet) {
        const stack_acct_cfg *sc = stack_bench_cfg();
        fprintf(stderr, "cosim: system run of %s over %ux%u; STACK_SIZE %s", Y.name, domain_w,
                domain_h, Y.size_known ? "" : "unknown (");
        if (Y.size_known)
            fprintf(stderr, "%u (%s rule, width %u)\n", Y.stack_size, stack_rule_name(sc->rule),
                    sc->width);
        else
            fprintf(stderr, "%s): the high-water mark is not bounded\n", Y.size_why);
    }
}

/* ------------------------------------------------------------------ stimulus */

/* The cycles of one step: the fc_unit command in the first; the pred ops
 * quarter by quarter, each quarter's ExecuteMask observed in the cycle after
 * its last op (and observed anyway when it has none); the stack ops; stack_acct's
 * depth checked once its last op has landed. */
static bool plan_step(const fc_unit_in *in, const fc_unit_out *out, unsigned wave)
{
    dpp_error e;
    int checked;
    unsigned slot = in->ctx, q_n = Y.quarters;
    if (pred_map_event(Y.pm, in, out, Y.pred_ops, PLAN_MAX, &Y.n_pred, &checked, &e) ||
        stack_map_event(Y.sm, in, out, Y.stack_ops, PLAN_MAX, &Y.n_stack, &e))
        return fail("system", e.msg);
    Y.checked = checked;
    unsigned k = Y.n_pred / q_n; /* ops per quarter */
    unsigned len = 1;
    for (unsigned q = 0; q < q_n; q++) {
        unsigned at = (q + 1) * k > q ? (q + 1) * k : q;
        len = at + 1 > len ? at + 1 : len;
    }
    if (Y.n_stack + 1 > len)
        len = Y.n_stack + 1;
    if (len > PLAN_MAX)
        return fail("system", "a step needs more cycles than the plan holds");
    for (unsigned c = 0; c < len; c++) {
        if (c && c <= Y.n_pred)
            Y.last_ctx = Y.pred_ops[c - 1].ctx;
        Y.obs_ctx[c] = (int)Y.last_ctx;
        Y.check_q[c] = -1;
    }
    for (unsigned q = 0; q < q_n; q++) {
        unsigned at = (q + 1) * k > q ? (q + 1) * k : q;
        Y.obs_ctx[at] = (int)(slot * q_n + q);
        Y.check_q[at] = (int)q;
    }
    Y.len = len;
    Y.next = 0;
    Y.step_in = *in;
    Y.step = (step_record){Y.cycles, wave,      slot,        in->pc,   in->cmd, in->inst.op,
                           out->jump, out->fault, out->active, Y.n_pred, Y.n_stack};
    Y.history[Y.steps++ % HISTORY] = Y.step;
    return true;
}

/* Runs the model to its next step; false at the end of the program (or at a
 * program fault, which ends the stimulus like the fc --program run). */
static bool pull_step(void)
{
    int r = Y.ended ? 0 : ctm_model_step(Y.model);
    if (r == -CTM_E_FAULT && !cosim_cfg.quiet)
        fprintf(stderr, "cosim: the program ends in a fault: %s\n", ctm_model_error(Y.model));
    if (r != 1) {
        Y.ended = true;
        return false;
    }
    fc_unit_in in;
    fc_unit_out out;
    unsigned wave;
    fc_program_read(Y.model, &in, &out, &wave);
    return plan_step(&in, &out, wave);
}

static void draw(sys_stim *s)
{
    memset(s, 0, sizeof *s);
    s->stack.stack_size = Y.stack_size;
    Y.cur = (due){-1, -1};
    /* after a failure the run stops: the report shows the steps up to it */
    if (cosim_first_mismatch() || (Y.next >= Y.len && !pull_step())) {
        cosim_end_stimulus();
        fc_bench_set_pending(&s->fc);
        return;
    }
    unsigned c = Y.next++;
    Y.cycles++;
    if (c == 0) {
        s->fc.in = Y.step_in; /* the step itself */
    } else {
        s->fc.in.cmd = FC_CMD_IDLE; /* the slot's outputs stay in view */
        s->fc.in.ctx = (uint8_t)Y.step.slot;
    }
    if (c < Y.n_pred) {
        const pred_map_op *op = &Y.pred_ops[c];
        s->pred.op = op->op;
        s->pred.ctx = op->ctx;
        /* a condition is written under the ExecuteMask the context has now,
         * the C mirror's after the last edge (the RTL's is checked equal) */
        s->pred.mask = pred_map_drive_mask(op, pred_bench_exec_mask(op->ctx));
    }
    s->pred.obs_ctx = (unsigned)Y.obs_ctx[c];
    if (c < Y.n_stack) {
        s->stack = Y.stack_ops[c];
        s->stack.stack_size = Y.stack_size;
    }
    Y.cur.quarter = Y.checked ? Y.check_q[c] : -1;
    if (Y.step.slot == 0 && c == Y.n_stack)
        Y.cur.stack_depth = (int)stack_map_depth(Y.sm);
    fc_bench_set_pending(&s->fc);
}

void sys_bench_next(sys_in *next)
{
    sys_stim s;
    draw(&s);
    next->fc = fc_bench_pending_port();
    next->pred = pred_bench_port_in(&s.pred);
    next->stack = stack_bench_port_in(&s.stack);
    next->pred.rst = next->stack.rst = s.fc.rst; /* the three units reset together */
    Y.drawn = *next;
}

/* ------------------------------------------------------------------ cross-checks */

static const char *const unit_names[] = {"fc_unit", "pred_stack", "stack_acct"};

static int cross_fail(const char *field, unsigned ctx, uint64_t expected, uint64_t actual,
                      unsigned width, bool per_lane)
{
    cosim_mismatch mm = {Y.cycles - 1, ctx, field, expected, actual, width, per_lane};
    cosim_record_mismatch(&mm);
    return 1;
}

static int cross(const sys_dut *d)
{
    const bool bad[3] = {d->fc_bad, d->pred_bad, d->stack_bad};
    for (int u = 0; u < 3; u++)
        if (bad[u]) {
            if (!Y.unit)
                Y.unit = unit_names[u];
            return 1;
        }
    const fc_unit_params *fp = fc_bench_params();
    if (Y.cur.quarter >= 0) {
        unsigned ctx = Y.step.slot * Y.quarters + (unsigned)Y.cur.quarter;
        Y.mm_slot = Y.step.slot;
        uint64_t want = pred_map_expected(Y.pm, ctx, Y.step.active);
        Y.mm_model = Y.step.active;
        Y.mm_fc = d->fc_active;
        Y.mm_pred = d->pred_obs_exec;
        Y.mm_ctx = ctx;
        if (d->pred_obs_exec != want)
            return cross_fail("cross.pred_exec_mask", ctx, want, d->pred_obs_exec,
                              pred_shape().lanes, true);
        if (d->fc_active != Y.step.active)
            return cross_fail("cross.fc_active", Y.step.slot, Y.step.active, d->fc_active,
                              fp->lanes, true);
        Y.cross_masks++;
    }
    if (d->stack_hwm > Y.max_hwm)
        Y.max_hwm = d->stack_hwm;
    if (Y.size_known && d->stack_hwm > Y.stack_size)
        return cross_fail("cross.stack_hwm", 0, Y.stack_size, d->stack_hwm, 16, false);
    if (d->stack_underflow)
        return cross_fail("cross.stack_underflow", 0, 0, 1, 1, false);
    if (Y.cur.stack_depth >= 0 && d->stack_depth != (unsigned)Y.cur.stack_depth)
        return cross_fail("cross.stack_depth", 0, (uint64_t)Y.cur.stack_depth, d->stack_depth, 16,
                          false);
    return 0;
}

int sys_bench_cycle(const sys_out *dut, sys_in *next)
{
    bool fc_bad = fc_bench_check(&dut->fc) != 0; /* each unit's own check, in this order */
    bool pred_bad = pred_bench_check(&Y.drawn.pred, &dut->pred) != 0;
    bool stack_bad = stack_bench_check(&Y.drawn.stack, &dut->stack) != 0;
    const sys_dut d = {fc_bad,          pred_bad,        stack_bad,
                       dut->fc.active,  dut->pred.obs_exec_mask,
                       dut->stack.hwm,  dut->stack.depth, dut->stack.underflow != 0};
    int bad = cross(&d);
    sys_bench_next(next);
    return bad;
}

/* ------------------------------------------------------------------ report */

static const cosim_bench *unit_bench(void)
{
    return !Y.unit                         ? NULL
           : !strcmp(Y.unit, "fc_unit")    ? &fc_bench
           : !strcmp(Y.unit, "pred_stack") ? &pred_bench
                                           : &stack_bench;
}

static void step_text(FILE *out, const step_record *r)
{
    fprintf(out, "    cycle %-8" PRIu64 " wave %-5u slot %u pc %-3u %-5s %-10s jump %u active 0x%016" PRIx64
                 "  %u pred ops, %u stack ops%s%s\n",
            r->cycle, r->wave, r->slot, r->pc, r->cmd == FC_CMD_START ? "START" : "EXEC",
            r->cmd == FC_CMD_START ? "" : fc_op_name(r->op), r->jump, r->active, r->pred_ops,
            r->stack_ops, r->fault ? " fault " : "", r->fault ? fc_fault_name(r->fault) : "");
}

static void cross_text(FILE *out, const cosim_mismatch *mm)
{
    if (!strcmp(mm->field, "cross.pred_exec_mask") || !strcmp(mm->field, "cross.fc_active")) {
        unsigned q = Y.mm_ctx % Y.quarters;
        fprintf(out,
                "  cross-check: the ExecuteMask of wavefront slot %u (predicate contexts %u..%u, "
                "16 lanes each) against the model's active lanes\n",
                Y.mm_slot, Y.mm_slot * Y.quarters, Y.mm_slot * Y.quarters + Y.quarters - 1);
        fprintf(out, "    model (csim/pa, after the step)   active      0x%016" PRIx64 "\n",
                Y.mm_model);
        fprintf(out, "    fc_unit RTL                        active_o    0x%016" PRIx64 "\n",
                Y.mm_fc);
        fprintf(out,
                "    pred_stack RTL context %-2u (quarter %u, lanes %u..%u) obs_exec_mask_o 0x%" PRIx64
                "\n",
                Y.mm_ctx, q, 16 * q, 16 * q + 15, Y.mm_pred);
        fprintf(out, "    the mapping (csim/mirrors/pred_map.c, docs/system.md) turned the steps "
                     "below into the predicate ops\n");
    } else {
        fprintf(out,
                "  cross-check: stack_acct against the program's static STACK_SIZE %u "
                "(dpp stack) and the dynamic path's frames (csim/mirrors/stack_map.c)\n",
                Y.stack_size);
    }
}

static void report_text(FILE *out, const cosim_mismatch *mm)
{
    const cosim_bench *b = unit_bench();
    fprintf(out, "  unit     %s\n", b ? Y.unit : "cross-check between the blocks and the model");
    if (b)
        b->report_text(out, mm);
    else
        cross_text(out, mm);
    fprintf(out, "  program  %s over %ux%u; last flow-control steps (oldest first):\n", Y.name,
            domain_w, domain_h);
    for (uint64_t i = Y.steps > HISTORY ? Y.steps - HISTORY : 0; i < Y.steps; i++)
        step_text(out, &Y.history[i % HISTORY]);
}

static void report_json(json_t *r, const cosim_mismatch *mm)
{
    const cosim_bench *b = unit_bench();
    json_object_set_new(r, "unit", json_string(b ? Y.unit : "cross"));
    if (b) {
        b->report_json(r, mm);
    } else {
        json_object_set_new(r, "cross",
                            json_pack("{s:o, s:o, s:o, s:i, s:i}", "model_active",
                                      cosim_json_hex(Y.mm_model), "fc_active",
                                      cosim_json_hex(Y.mm_fc), "pred_exec_mask",
                                      cosim_json_hex(Y.mm_pred), "pred_context", Y.mm_ctx,
                                      "stack_size", Y.stack_size));
    }
    json_t *steps = json_array();
    for (uint64_t i = Y.steps > HISTORY ? Y.steps - HISTORY : 0; i < Y.steps; i++) {
        const step_record *s = &Y.history[i % HISTORY];
        json_array_append_new(
            steps, json_pack("{s:I, s:s, s:i, s:i, s:i, s:o}", "cycle", (json_int_t)s->cycle, "op",
                             s->cmd == FC_CMD_START ? "START" : fc_op_name(s->op), "wave", s->wave,
                             "slot", s->slot, "pc", s->pc, "active", cosim_json_hex(s->active)));
    }
    json_object_set_new(r, "program", json_string(Y.name));
    if (!json_object_get(r, "last_ops"))
        json_object_set_new(r, "last_ops", steps);
    else
        json_object_set_new(r, "last_steps", steps);
}

/* The three units' ports under the system top, and its own mismatch_o. */
static void wave_signals(void (*emit)(void *, const char *), void *ctx)
{
    const cosim_bench *units[] = {&fc_bench, &pred_bench, &stack_bench};
    for (int k = 0; k < 3; k++)
        cmp_wave_signals(units[k]->unit, "TOP.tb_system.", emit, ctx);
    emit(ctx, "TOP.tb_system.mismatch_o");
}

/* ------------------------------------------------------------------ summary */

/* Peak resident memory of this process so far, KiB (forked snapshots not counted). */
static long peak_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) ? -1 : ru.ru_maxrss;
}

static void summary_text(FILE *out)
{
    const pred_map_stats *p = pred_map_get_stats(Y.pm);
    const stack_map_stats *m = stack_map_get_stats(Y.sm);
    fprintf(out,
            "  system: %" PRIu64 " flow-control steps of %s; pred_stack %" PRIu64 " ops, %" PRIu64
            " ExecuteMask cross-checks, %" PRIu64 " steps not expressible in the four ops (%" PRIu64
            " steps unchecked after them); stack_acct %" PRIu64 " ops, high-water mark %" PRIu64
            " of STACK_SIZE %u%s, %" PRIu64 " FC words without a stack op; peak RSS %.1f MiB\n",
            Y.steps, Y.name, p->ops, Y.cross_masks, p->unmapped, p->unchecked, m->ops, Y.max_hwm,
            Y.stack_size, Y.size_known ? "" : " (unknown)", m->unmapped, peak_rss_kib() / 1024.0);
}

static json_t *summary_json(void)
{
    const pred_map_stats *p = pred_map_get_stats(Y.pm);
    const stack_map_stats *m = stack_map_get_stats(Y.sm);
    return json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:i, s:b, s:I}", "program", Y.name,
                     "steps", (json_int_t)Y.steps, "pred_ops", (json_int_t)p->ops,
                     "mask_cross_checks", (json_int_t)Y.cross_masks, "pred_unmapped",
                     (json_int_t)p->unmapped, "pred_unchecked", (json_int_t)p->unchecked,
                     "stack_ops", (json_int_t)m->ops, "stack_hwm", (json_int_t)Y.max_hwm,
                     "stack_size", Y.stack_size, "stack_size_known", Y.size_known, "peak_rss_kib",
                     (json_int_t)peak_rss_kib());
}

const cosim_bench sys_bench = {
    .block = "system",
    .summary = "fc_unit, pred_stack and stack_acct driven at once by one CTM program run by the "
               "golden model, with cross-checks (docs/system.md; at most 16 --contexts)",
    .has_contexts = true,
    .params = &cosim_params_system,
    .options = {sys_options},
    .wave_signals = wave_signals,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .bind_unit = bind_unit,
    .summary_text = summary_text,
    .summary_json = summary_json,
    .runs_to_end = true, /* to the program's last step */
};
