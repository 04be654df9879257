/* The system bench (sys_bench.h): a program's flow-control steps drive the
 * three DUTs; the units' own benches compare each DUT with its C mirror, this
 * one schedules the cycles and checks the blocks against each other and the
 * model (docs/system.md, "The system lock-step run"). Its report is in
 * sys_report.c. */
#include "sys_bench_int.h"

#include "ctm.h"
#include "fc_program.h"
#include "kit_input.h"
#include "progen.h"
#include "stack_prog.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
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

/* ------------------------------------------------------------------ options */

static const sys_bench_settings defaults = {
    .progen_depth = 6,
    .domain_w = 64,
    .domain_h = 64,
    .map_bug = PRED_MAP_BUG_NONE,
};

static int opt_program(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    (void)err, (void)errlen;
    s->program_path = v;
    return 0;
}

static int opt_progen(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    s->progen_given = true;
    return cli_range(v, 0, INT64_MAX, &s->progen_seed, err, errlen);
}

static int opt_progen_depth(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    return cli_range_u(v, 1, 8, &s->progen_depth, err, errlen);
}

static int opt_progen_profile(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    return pg_profile_parse(v, &s->progen_profile, err, errlen);
}

static int opt_domain(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    return cli_size(v, 4096, &s->domain_w, &s->domain_h, err, errlen);
}

static int opt_map_bug(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    if (strcmp(v, "else-as-pop")) {
        snprintf(err, errlen, "'%s' is not a known mapping bug (else-as-pop)", v);
        return -1;
    }
    s->map_bug = PRED_MAP_BUG_ELSE_AS_POP;
    return 0;
}

static int opt_check(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    return cosim_parse_check(v, &s->check_commit, err, errlen);
}

static int opt_level(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    return cosim_parse_commit_level(v, &s->commit_level, err, errlen);
}

static int opt_stack_wqm(void *ctx, const char *v, char *err, size_t errlen)
{
    sys_bench_settings *s = ctx;
    (void)v, (void)err, (void)errlen;
    s->stack_wqm = true;
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
    {"progen-depth", "N",
     "nesting the --progen program reaches at least, 1..8 (default 6; the partial profile 6 at "
     "most)",
     opt_progen_depth, 0, 0},
    {"progen-profile", "NAME",
     "the --progen program's profile: default; divergent (conditions on each lane's own "
     "input, which the model generates as the lane-rank pattern for the run's lanes); or "
     "partial (divergent's conditions in a partial flow-control mode program: ifs up to 6 "
     "deep, no loops or calls; docs/model-defined.md)",
     opt_progen_profile, 0, 0},
    {"domain", "WxH", "the domain the program runs over (default 64x64)", opt_domain, 0, 0},
    {"stack-wqm", NULL,
     "push the IF levels on stack_acct as a whole-quad-mode pixel shader would (PUSH with "
     "WHOLE_QUAD_MODE) instead of ALU_PUSH_BEFORE",
     opt_stack_wqm, 0, 0},
    {"check", "cycle|commit",
     "cycle: every unit every cycle (default); commit: fc_unit's START and FC results as "
     "commits, delayed 1..8 cycles per context and checked by libctm's commit checker, which "
     "shares the program's run (docs/commit.md); pred_stack and stack_acct stay cycle-level",
     opt_check, 0, 0},
    {"level", "0|2",
     "with --check commit: 0 (default), or 2: fc_unit's state after each step (FC_STATE) and "
     "pred_stack's ops, each with its ExecuteMask after it (PRED_OP), at commit level too",
     opt_level, 0, 0},
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

/* The parameters of a unit (fc or stack) the system's options ask for, in the
 * order of the unit's table. */
static void unit_params(const char *block, unsigned v[COSIM_PARAMS_MAX])
{
    cosim_params_pick(cosim_params_find(block), v, &cosim_params_system, cosim_cfg.param);
}

static void stimulus_args(const void *self, char *buf, size_t n)
{
    const sys_bench_settings *s = &((const sys_bench *)self)->set;
    size_t used = s->progen_given
                      ? (size_t)snprintf(buf, n, "--progen %" PRIu64 " --progen-depth %u%s%s",
                                         s->progen_seed, s->progen_depth,
                                         s->progen_profile ? " --progen-profile " : "",
                                         s->progen_profile ? pg_profile_name(s->progen_profile)
                                                           : "")
                      : (size_t)snprintf(buf, n, "--program %s",
                                         s->program_path ? s->program_path : "?");
    if (used < n)
        used += (size_t)snprintf(buf + used, n - used, " --domain %ux%u", s->domain_w,
                                 s->domain_h);
    if (s->stack_wqm && used < n)
        used += (size_t)snprintf(buf + used, n - used, " --stack-wqm");
    if (s->map_bug && used < n)
        used += (size_t)snprintf(buf + used, n - used, " --inject-map-bug else-as-pop");
    if (s->check_commit && used < n)
        used += (size_t)snprintf(buf + used, n - used, " --check commit");
    if (s->commit_level && used < n)
        snprintf(buf + used, n - used, " --level %u", s->commit_level);
}

/* ------------------------------------------------------------------ binding */

static int bind_unit(const char *block, const char *rtl_config, char *err, size_t n)
{
    char want[64];
    if (!strcmp(block, "pred")) {
        pred_stack_cfg p = pred_shape();
        cosim_params_name(&cosim_params_pred,
                          (const unsigned[]){p.contexts, p.lanes, p.depth, p.spu_sc}, want,
                          sizeof want);
    } else if (!strcmp(block, "fc") || !strcmp(block, "stack")) {
        unsigned v[COSIM_PARAMS_MAX];
        unit_params(block, v);
        cosim_params_name(cosim_params_find(block), v, want, sizeof want);
    } else {
        snprintf(err, n, "the system holds no block '%s'", block);
        return -1;
    }
    if (strcmp(want, rtl_config)) {
        snprintf(err, n, "this binary holds %s RTL built as %s, but the system options ask for %s",
                 block, rtl_config, want);
        return -1;
    }
    return 0;
}

/* Records the run's error (the driver stops and exits 3); returns false. */
static bool fail(sys_bench *y, const char *what, const char *msg)
{
    cosim_error("%s: %s", what, msg);
    y->ended = true;
    return false;
}

/* The executable: read from --program, or generated from --progen. */
static bool load_exe(sys_bench *y)
{
    dpp_error e;
    if (!(y->exe = calloc(1, sizeof *y->exe)))
        return fail(y, "system", "out of memory");
    if (y->set.progen_given) {
        snprintf(y->name, sizeof y->name, "progen-%" PRIu64, y->set.progen_seed);
        pg_program *pg = NULL;
        bool ok = !pg_generate_profile(y->set.progen_seed, y->set.progen_depth,
                                       y->set.progen_profile, &pg, &e) &&
                  !pg_compile(pg, y->exe, &e);
        pg_free(pg);
        return ok || fail(y, "--progen", e.msg);
    }
    if (!y->set.program_path)
        return fail(y, "--block system", "needs --program FILE.elf or --progen SEED");
    snprintf(y->name, sizeof y->name, "%s", y->set.program_path);
    return !dpp_elf_read(y->set.program_path, y->exe, &e) || fail(y, "--program", e.msg);
}

/* Every input the program reads gets one generated surface, the kit's
 * (kit_input.h): small integers, positive and negative, so that data-dependent
 * branches go both ways, and in every third word a format edge (+-0, +-inf, NaN,
 * a denormal, ...: the program reads FLOAT32_4). It is
 * INPUT_PAD columns wider than the domain, for programs that read along a row
 * past their own element (the reduction example). An input the executable
 * names a pattern for (INPUTPATTERN, a divergent or partial progen program's) is left
 * unbound: the model generates it for the run's lanes. */
enum { INPUT_PAD = 64 };

static bool bind_inputs(sys_bench *y)
{
    unsigned w = y->set.domain_w + INPUT_PAD;
    size_t elems = (size_t)w * y->set.domain_h;
    if (!y->exe->inputs)
        return true;
    if (!(y->input = malloc(elems * 4 * sizeof *y->input)))
        return fail(y, "system", "out of memory for the input surface");
    dpp_kit_input_fill(y->input, elems * 4, 1);
    ctm_model *runs[2] = {y->model, y->pmodel};
    for (int k = 0; k < 2 && runs[k]; k++)
        for (int i = 0; i < 16; i++)
            if (y->exe->inputs >> i & 1 && !y->exe->in_pattern[i] &&
                ctm_model_set_input(runs[k], i, y->input, CTM_FMT_FLOAT32_4, (int)w,
                                    (int)y->set.domain_h))
                return fail(y, "system", ctm_model_error(runs[k]));
    return true;
}

/* The model handle of the run: of --program's file, or of the --progen
 * program written to a temporary executable (the handle reads an ELF). */
static bool open_model(sys_bench *y)
{
    const fc_unit_params *fp = fc_bench_params(y->fc);
    const char *dir = getenv("TMPDIR");
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s/cosim-progen-XXXXXX", dir && *dir ? dir : "/tmp");
    const char *path = y->set.program_path;
    if (y->set.progen_given) {
        int fd = mkstemp(tmp);
        dpp_error e;
        if (fd < 0) {
            cosim_error("--progen: cannot create a temporary executable in %s: %s",
                        dir && *dir ? dir : "/tmp", strerror(errno));
            y->ended = true;
            return false;
        }
        close(fd);
        if (dpp_elf_write(y->exe, tmp, &e)) {
            unlink(tmp);
            return fail(y, "--progen", e.msg);
        }
        path = tmp;
    }
    /* --check commit: pred_stack's checker runs a copy of its own (one checker a run) */
    ctm_model **runs[2] = {&y->model, y->set.check_commit ? &y->pmodel : NULL};
    for (int k = 0; k < 2; k++)
        if (runs[k])
            *runs[k] = ctm_model_new(path, (int)y->set.domain_w, (int)y->set.domain_h,
                                     (int)fp->lanes, (int)fp->contexts, (int)fp->addr_depth,
                                     (int)fp->loop_depth);
    if (y->set.progen_given)
        unlink(tmp);
    return (y->model && (!y->set.check_commit || y->pmodel)) || fail(y, "system", ctm_error());
}

/* The three units, of the shapes the options name (each unit's bind checked its
 * RTL against them). */
static bool new_units(sys_bench *y)
{
    unsigned v[COSIM_PARAMS_MAX];
    unit_params("fc", v);
    const fc_unit_params fp = {v[0], v[1], v[2], v[3], v[4], DPP_FC_PARTIAL_BRANCHES};
    y->fc = fc_bench_new(&fp, NULL);
    y->pred_cfg = pred_shape();
    y->pred = y->fc ? pred_bench_new(&y->pred_cfg, NULL) : NULL;
    unit_params("stack", v);
    const stack_acct_cfg sc = {v[0], v[1], v[2], v[3]};
    y->stack = y->pred ? stack_bench_new(&sc, NULL) : NULL;
    return y->stack != NULL;
}

/* The bound the stack accounting of the run must stay within, and the mappings. */
static bool map_steps(sys_bench *y)
{
    const fc_unit_params *fp = fc_bench_params(y->fc);
    dpp_error e;
    y->size_known = stack_prog_size_wqm(y->name, y->exe, stack_bench_cfg(y->stack),
                                        y->set.stack_wqm, &y->stack_size, &e) == DPP_OK;
    if (!y->size_known) {
        snprintf(y->size_why, sizeof y->size_why, "%s", e.msg);
        y->stack_size = 255;
    }
    pred_map_cfg mc = {fp->contexts, fp->lanes, cosim_param("pred-depth"),
                       cosim_param("pred-spu-sc")};
    if (pred_map_create(&mc, &y->pm, &e) || stack_map_create(0, &y->sm, &e))
        return fail(y, "system", e.msg);
    pred_map_set_bug(y->pm, y->set.map_bug);
    stack_map_set_wqm(y->sm, y->set.stack_wqm);
    y->quarters = pred_map_quarters(y->pm);
    y->cur = (due){-1, -1};
    return true;
}

/* --check commit: pred_stack's control events at commit level, against the
 * second run (pred_commit.h). */
static bool open_pred_commit(sys_bench *y)
{
    if (y->set.commit_level && !y->set.check_commit)
        return fail(y, "--level", "needs --check commit");
    if (!y->set.check_commit)
        return true;
    char err[512];
    if (y->set.commit_level && cosim_param("pred-spu-sc")) {
        ctm_model_free(y->pmodel);
        y->pmodel = NULL;
        return fail(y, "--level 2",
                    "pred_stack's ops are checked on flat quarters of 16 lanes: leave out "
                    "--pred-spu-sc");
    }
    y->pcommit = pred_commit_open(y->pmodel, y->pm, fc_bench_params(y->fc)->contexts,
                                  cosim_cfg.seed, y->set.commit_level, err, sizeof err);
    y->pmodel = NULL; /* the checker's now (freed on failure too) */
    return y->pcommit || fail(y, "--check commit", err);
}

sys_bench *sys_bench_new(const sys_bench_settings *s)
{
    sys_bench *y = calloc(1, sizeof *y);
    if (!y) {
        cosim_error("out of memory");
        return NULL;
    }
    y->set = s ? *s : defaults;
    /* --check commit: fc_unit's checker shares the run, from before its first step */
    if (!new_units(y) || !load_exe(y) || !open_model(y) || !bind_inputs(y) ||
        (y->set.check_commit && fc_bench_check_commits(y->fc, y->model, y->set.commit_level)) ||
        !map_steps(y) || !open_pred_commit(y)) {
        sys_bench_free(y);
        return NULL;
    }
    if (!cosim_cfg.quiet) {
        const stack_acct_cfg *sc = stack_bench_cfg(y->stack);
        fprintf(stderr, "cosim: system run of %s over %ux%u; STACK_SIZE %s", y->name,
                y->set.domain_w, y->set.domain_h, y->size_known ? "" : "unknown (");
        if (y->size_known)
            fprintf(stderr, "%u (%s rule, width %u)\n", y->stack_size, stack_rule_name(sc->rule),
                    sc->width);
        else
            fprintf(stderr, "%s): the high-water mark is not bounded\n", y->size_why);
    }
    return y;
}

void sys_bench_free(sys_bench *y)
{
    if (!y)
        return;
    fc_bench_free(y->fc); /* its commit checker before the run it shares */
    pred_commit_free(y->pcommit);
    ctm_model_free(y->pmodel);
    pred_bench_free(y->pred);
    stack_bench_free(y->stack);
    pred_map_destroy(y->pm);
    stack_map_destroy(y->sm);
    ctm_model_free(y->model);
    free(y->exe);
    free(y->input);
    free(y);
}

sys_bench *sys_bench_bind(void)
{
    if (cosim_config_error())
        return NULL;
    sys_bench *y = sys_bench_new(cosim_cfg.settings);
    cosim_attach(y);
    return y;
}

/* ------------------------------------------------------------------ stimulus */

/* The cycles of one step: the fc_unit command in the first; the pred ops
 * quarter by quarter, each quarter's ExecuteMask observed in the cycle after
 * its last op (and observed anyway when it has none); the stack ops; stack_acct's
 * depth checked once its last op has landed. */
static bool plan_step(sys_bench *y, const fc_unit_in *in, const fc_unit_out *out, unsigned wave)
{
    dpp_error e;
    int checked;
    unsigned slot = in->ctx, q_n = y->quarters;
    if (pred_map_event(y->pm, in, out, y->pred_ops, PLAN_MAX, &y->n_pred, &checked, &e) ||
        stack_map_event(y->sm, in, out, y->stack_ops, PLAN_MAX, &y->n_stack, &e))
        return fail(y, "system", e.msg);
    y->checked = checked;
    if (y->pcommit && !checked) { /* the commits would be of another mapping */
        if (!cosim_cfg.quiet)
            fprintf(stderr, "cosim: pred_stack's commit check stops at wave %u: a step the four "
                            "ops cannot express (docs/system.md)\n", wave);
        pred_commit_free(y->pcommit);
        y->pcommit = NULL;
    }
    if (y->pcommit)
        pred_commit_step(y->pcommit, in, out, wave);
    unsigned k = y->n_pred / q_n; /* ops per quarter */
    unsigned len = 1;
    for (unsigned q = 0; q < q_n; q++) {
        unsigned at = (q + 1) * k > q ? (q + 1) * k : q;
        len = at + 1 > len ? at + 1 : len;
    }
    if (y->n_stack + 1 > len)
        len = y->n_stack + 1;
    if (len > PLAN_MAX)
        return fail(y, "system", "a step needs more cycles than the plan holds");
    for (unsigned c = 0; c < len; c++) {
        if (c && c <= y->n_pred)
            y->last_ctx = y->pred_ops[c - 1].ctx;
        y->obs_ctx[c] = (int)y->last_ctx;
        y->check_q[c] = -1;
    }
    for (unsigned q = 0; q < q_n; q++) {
        unsigned at = (q + 1) * k > q ? (q + 1) * k : q;
        y->obs_ctx[at] = (int)(slot * q_n + q);
        y->check_q[at] = (int)q;
    }
    y->len = len;
    y->next = 0;
    y->step_in = *in;
    y->step = (step_record){y->cycles, wave,      slot,        in->pc,   in->cmd, in->inst.op,
                           out->jump, out->fault, out->active, y->n_pred, y->n_stack};
    y->history[y->steps++ % HISTORY] = y->step;
    return true;
}

/* Runs the model to its next step; false at the end of the program (or at a
 * program fault, which ends the stimulus like the fc --program run). */
static bool pull_step(sys_bench *y)
{
    int r = y->ended ? 0 : ctm_model_step(y->model);
    if (r == -CTM_E_FAULT && !cosim_cfg.quiet)
        fprintf(stderr, "cosim: the program ends in a fault: %s\n", ctm_model_error(y->model));
    if (r != 1) {
        y->ended = true;
        y->faulted = r == -CTM_E_FAULT;
        return false;
    }
    fc_unit_in in;
    fc_unit_out out;
    unsigned wave;
    fc_program_read(y->model, &in, &out, &wave);
    return plan_step(y, &in, &out, wave);
}

static void draw(sys_bench *y, sys_stim *s)
{
    memset(s, 0, sizeof *s);
    s->stack.stack_size = y->stack_size;
    y->cur = (due){-1, -1};
    /* after a failure the run stops: the report shows the steps up to it */
    if (cosim_first_mismatch() || (y->next >= y->len && !pull_step(y))) {
        cosim_end_stimulus();
        fc_bench_set_pending(y->fc, &s->fc);
        return;
    }
    unsigned c = y->next++;
    y->cycles++;
    if (c == 0) {
        s->fc.in = y->step_in; /* the step itself */
        fc_bench_set_wave(y->fc, y->step.wave);
    } else {
        s->fc.in.cmd = FC_CMD_IDLE; /* the slot's outputs stay in view */
        s->fc.in.ctx = (uint8_t)y->step.slot;
    }
    if (c < y->n_pred) {
        const pred_map_op *op = &y->pred_ops[c];
        s->pred.op = op->op;
        s->pred.ctx = op->ctx;
        /* a condition is written under the ExecuteMask the context has now,
         * the C mirror's after the last edge (the RTL's is checked equal) */
        s->pred.mask = pred_map_drive_mask(op, pred_bench_exec_mask(y->pred, op->ctx));
    }
    s->pred.obs_ctx = (unsigned)y->obs_ctx[c];
    if (c < y->n_stack) {
        s->stack = y->stack_ops[c];
        s->stack.stack_size = y->stack_size;
    }
    y->cur.quarter = y->checked ? y->check_q[c] : -1;
    if (y->step.slot == 0 && c == y->n_stack)
        y->cur.stack_depth = (int)stack_map_depth(y->sm);
    fc_bench_set_pending(y->fc, &s->fc);
}

void sys_bench_next(sys_bench *y, sys_in *next)
{
    sys_stim s;
    draw(y, &s);
    next->fc = fc_bench_pending_port(y->fc);
    next->pred = pred_bench_port_in(&s.pred);
    next->stack = stack_bench_port_in(&s.stack);
    next->pred.rst = next->stack.rst = s.fc.rst; /* the three units reset together */
    y->drawn = *next;
}

/* ------------------------------------------------------------------ cross-checks */

static const char *const unit_names[] = {"fc_unit", "pred_stack", "stack_acct"};

static int cross_fail(const sys_bench *y, const char *field, unsigned ctx, uint64_t expected, uint64_t actual,
                      unsigned width, bool per_lane)
{
    cosim_mismatch mm = {y->cycles - 1, ctx, field, expected, actual, width, per_lane};
    cosim_record_mismatch(&mm);
    return 1;
}

static int cross(sys_bench *y, const sys_dut *d)
{
    const bool bad[3] = {d->fc_bad, d->pred_bad, d->stack_bad};
    for (int u = 0; u < 3; u++)
        if (bad[u]) {
            if (!y->unit)
                y->unit = unit_names[u];
            return 1;
        }
    const fc_unit_params *fp = fc_bench_params(y->fc);
    if (y->cur.quarter >= 0) {
        unsigned ctx = y->step.slot * y->quarters + (unsigned)y->cur.quarter;
        y->mm_slot = y->step.slot;
        uint64_t want = pred_map_expected(y->pm, ctx, y->step.active);
        y->mm_model = y->step.active;
        y->mm_fc = d->fc_active;
        y->mm_pred = d->pred_obs_exec;
        y->mm_ctx = ctx;
        /* --check commit: the SC lanes are pred_stack's commits; the SFU lanes stay here */
        uint64_t sc = y->pcommit ? (1ull << PRED_MAP_QUARTER) - 1 : 0;
        if ((d->pred_obs_exec ^ want) & ~sc)
            return cross_fail(y, "cross.pred_exec_mask", ctx, want, d->pred_obs_exec,
                              y->pred_cfg.lanes, true);
        if (!y->set.check_commit && d->fc_active != y->step.active) /* else: its commits */
            return cross_fail(y, "cross.fc_active", y->step.slot, y->step.active, d->fc_active,
                              fp->lanes, true);
        y->cross_masks++;
    }
    if (d->stack_hwm > y->max_hwm)
        y->max_hwm = d->stack_hwm;
    if (y->size_known && d->stack_hwm > y->stack_size)
        return cross_fail(y, "cross.stack_hwm", 0, y->stack_size, d->stack_hwm, 16, false);
    if (d->stack_underflow)
        return cross_fail(y, "cross.stack_underflow", 0, 0, 1, 1, false);
    if (y->cur.stack_depth >= 0 && d->stack_depth != (unsigned)y->cur.stack_depth)
        return cross_fail(y, "cross.stack_depth", 0, (uint64_t)y->cur.stack_depth, d->stack_depth, 16,
                          false);
    return 0;
}

/* --level 2: the op pred_stack took in the cycle before, with the ExecuteMask
 * it left, which this cycle observes (the plan looks at each op's context in
 * the cycle after it). */
static int pred_op_after(sys_bench *y, const ctm_pred_out *dut)
{
    const ctm_pred_in *op = &y->prev_pred;
    if (y->drawn.pred.obs_ctx != op->ctx) {
        cosim_error("--level 2: the plan observes predicate context %u after an op of %u",
                    y->drawn.pred.obs_ctx, op->ctx);
        return 1;
    }
    return pred_commit_op(y->pcommit, op->op, op->ctx, op->mask, dut->obs_exec_mask);
}

int sys_bench_cycle(sys_bench *y, const sys_out *dut, sys_in *next)
{
    bool fc_bad = fc_bench_check(y->fc, &dut->fc) != 0; /* each unit's own check, in this order */
    bool pred_bad = pred_bench_check(y->pred, &y->drawn.pred, &dut->pred) != 0;
    bool stack_bad = stack_bench_check(y->stack, &y->drawn.stack, &dut->stack) != 0;
    const sys_dut d = {fc_bad,          pred_bad,        stack_bad,
                       dut->fc.active,  dut->pred.obs_exec_mask,
                       dut->stack.hwm,  dut->stack.depth, dut->stack.underflow != 0};
    int bad = cross(y, &d);
    /* --level 2: the op of the cycle before, with the ExecuteMask it left */
    if (!bad && y->pcommit && y->set.commit_level && y->prev_pred.op != PRED_OP_NOP)
        bad = y->pcommit_bad = pred_op_after(y, &dut->pred);
    y->prev_pred = y->drawn.pred;
    if (!bad && y->pcommit) { /* pred_stack's look at a quarter: its commits, late */
        int q = y->cur.quarter;
        bad = y->pcommit_bad =
            q >= 0 ? pred_commit_observe(y->pcommit, y->step.slot * y->quarters + (unsigned)q,
                                         d.pred_obs_exec, y->cycles)
                   : pred_commit_tick(y->pcommit, y->cycles);
    }
    sys_bench_next(y, next);
    if (!bad && cosim_stimulus_ended() && fc_bench_finish(y->fc)) { /* --check commit's drain */
        y->unit = "fc_unit";
        bad = 1;
    }
    if (!bad && cosim_stimulus_ended() && y->pcommit)
        bad = y->pcommit_bad = pred_commit_finish(y->pcommit, y->cycles, y->faulted);
    return bad;
}


/* ------------------------------------------------------------------ the kind */

static const cosim_bench kind = {
    .block = "system",
    .summary = "fc_unit, pred_stack and stack_acct driven at once by one CTM program run by the "
               "golden model, with cross-checks (docs/system.md; at most 16 --contexts)",
    .has_contexts = true,
    .params = &cosim_params_system,
    .options = {sys_options},
    .settings_size = sizeof(sys_bench_settings),
    .settings_default = &defaults,
    .wave_signals = sys_wave_signals,
    .report_text = sys_report_text,
    .report_json = sys_report_json,
    .stimulus_args = stimulus_args,
    .bind_unit = bind_unit,
    .summary_text = sys_summary_text,
    .summary_json = sys_summary_json,
    .commit_model = sys_commit_model,
    .runs_to_end = true, /* to the program's last step */
};

const cosim_bench *sys_bench_kind(void)
{
    return &kind;
}
