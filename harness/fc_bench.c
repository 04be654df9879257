/* The flow-control unit bench: options, binding, and the per-cycle check of
 * rtl/fc_unit.sv against csim/mirrors/fc.c (fc_bench.h). The generator is in
 * fc_stim.c, coverage in fc_cover.c, the report sections in fc_report.c. */
#include "fc_bench_int.h"
#include "hot.h"
#include "stim_weights.h"

#include <inttypes.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ settings */

static const char *const act_names[A_COUNT] = {
    "idle",     "start", "if",  "else",   "endif",      "loop",  "endloop", "break",
    "continue", "call",  "ret", "random", "unbalanced", "stray", "script",  "deep",
};

static const fc_bench_settings defaults = {
    .weights = {[A_IDLE] = 4,       [A_START] = 1, [A_IF] = 12,     [A_ELSE] = 8,
                [A_ENDIF] = 10,     [A_LOOP] = 6,  [A_ENDLOOP] = 8, [A_BREAK] = 4,
                [A_CONTINUE] = 3,   [A_CALL] = 4,  [A_RET] = 5,     [A_RANDOM] = 2,
                [A_UNBALANCED] = 1, [A_STRAY] = 2, [A_SCRIPT] = 1,  [A_DEEP] = 1},
    .domain_w = 8,
    .domain_h = 8,
};

static int opt_program(void *ctx, const char *v, char *err, size_t errlen)
{
    fc_bench_settings *s = ctx;
    (void)err, (void)errlen;
    s->program_path = v;
    return 0;
}

static int opt_domain(void *ctx, const char *v, char *err, size_t errlen)
{
    fc_bench_settings *s = ctx;
    return cli_size(v, 4096, &s->domain_w, &s->domain_h, err, errlen);
}

static void act_namer(unsigned act, char *buf, size_t n)
{
    snprintf(buf, n, "%s", act_names[act]);
}

/* --weights if=20,random=0,...: names are act_names; IDLE and START alone
 * would never execute an instruction. */
static int opt_weights(void *ctx, const char *v, char *err, size_t errlen)
{
    fc_bench_settings *s = ctx;
    s->weights_given = true;
    if (stim_weights_parse(v, s->weights, A_COUNT, act_namer, err, errlen))
        return -1;
    unsigned exec = 0;
    for (unsigned i = A_IF; i < A_COUNT; i++)
        exec += s->weights[i];
    if (exec == 0) {
        snprintf(err, errlen, "every instruction weight is zero");
        return -1;
    }
    return 0;
}

/* --check cycle|commit */
static int opt_check(void *ctx, const char *v, char *err, size_t errlen)
{
    fc_bench_settings *s = ctx;
    return cosim_parse_check(v, &s->check_commit, err, errlen);
}

/* --level 0|2 */
static int opt_level(void *ctx, const char *v, char *err, size_t errlen)
{
    fc_bench_settings *s = ctx;
    return cosim_parse_commit_level(v, &s->commit_level, err, errlen);
}

/* The shape (--contexts, --lanes, --addr-depth, --loop-depth, --bc-width) is the table's
 * (cosim_params.c). */
static const cosim_option fc_stim_options[] = {
    {"weights", "LIST",
     "generator action weights, e.g. if=20,random=0 (actions: idle start if else endif loop "
     "endloop break continue call ret random unbalanced stray script deep; defaults "
     "4,1,12,8,10,6,8,4,3,4,5,2,1,2,1,1)",
     opt_weights, 0, 0},
    {"program", "FILE.elf",
     "program-driven stimulus: replay the flow-control steps of this CTM executable run by the "
     "golden model (no random stimulus; the run ends with the trace)",
     opt_program, 0, 0},
    {"domain", "WxH", "the domain the --program runs over (default 8x8)", opt_domain, 0, 0},
    {"check", "cycle|commit",
     "cycle: every output every cycle against the C mirror (default); commit: with --program, "
     "each START and FC result as a commit, delayed 1..8 cycles per context and checked by "
     "libctm's commit checker (docs/commit.md)",
     opt_check, 0, 0},
    {"level", "0|2",
     "with --check commit: 0 (default) START and FC, or 2 also the unit's state after each "
     "(FC_STATE: branch counters, depth, stacks, aL)",
     opt_level, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------------ option words */

static void stimulus_args(const void *self, char *buf, size_t n)
{
    const fc_bench_settings *s = &((const fc_bench *)self)->set;
    size_t used = 0;
    buf[0] = 0;
    if (s->weights_given) {
        used += (size_t)snprintf(buf, n, "--weights ");
        stim_weights_format(buf + used, n - used, s->weights, A_COUNT, act_namer);
        used = strlen(buf);
    }
    if (s->program_path && used < n)
        used += (size_t)snprintf(buf + used, n - used, "%s--program %s --domain %ux%u",
                                 used ? " " : "", s->program_path, s->domain_w, s->domain_h);
    if (s->check_commit && used < n)
        used += (size_t)snprintf(buf + used, n - used, "%s--check commit", used ? " " : "");
    if (s->commit_level && used < n)
        snprintf(buf + used, n - used, " --level %u", s->commit_level);
}

/* --program: how many of the program's steps the run drove. */
static void summary_text(const void *self, FILE *out)
{
    const fc_bench *b = self;
    fc_bench_commit_text(b, out);
    if (!b->set.program_path)
        return;
    /* each step is one cycle; the step drawn for the cycle after the last is not driven */
    fprintf(out, "  fc: %" PRIu64 " flow-control steps of %s over %ux%u%s%s%s\n", b->checked,
            b->set.program_path, b->set.domain_w, b->set.domain_h,
            b->prog.ended ? "" : " (cut by --cycles)",
            b->prog.faulted ? ", ending in the program fault: " : "",
            b->prog.faulted ? b->prog.fault_msg : "");
}

void fc_bench_commit_text(const fc_bench *b, FILE *out)
{
    if (b->commit)
        fprintf(out, "  fc: checked at commit level: %" PRIu64 " commits (%s), each 1..8 "
                     "cycles late, contexts renamed and interleaved\n",
                fc_commit_count(b->commit), fc_commit_kinds_text(b->commit));
}

/* ------------------------------------------------------------------ binding */

/* Steps of each context the golden model's history keeps, resets among them. */
enum { HISTORY_STEPS = 2 * CMP_HISTORY };

static const cmp_unit fc_unit_fields; /* below, with its tables */
/* The outputs are the library's port table (cmp_fields_from_ports), in each bench. */
static const char *const out_hist[] = {"jump",  "next_pc", "fault",   "active",
                                       "depth", "addr_sp", "loop_sp", NULL};
static const char *const out_dyn[] = {"depth", "bc", NULL};

void fc_bench_free(fc_bench *b)
{
    if (!b)
        return;
    ctm_fc_free(b->golden);
    free(b->g);
    free(b->state);
    free(b->labels);
    fc_commit_free(b->commit); /* before the run it shares */
    fc_program_free(&b->prog);
    free(b);
}

fc_bench *fc_bench_new(const fc_unit_params *rtl, const fc_bench_settings *s)
{
    fc_bench *b = calloc(1, sizeof *b);
    if (!b) {
        cosim_error("out of memory");
        return NULL;
    }
    b->rtl = *rtl;
    b->set = s ? *s : defaults;
    b->fields = fc_unit_fields;
    b->fields.lanes = rtl->lanes;
    b->fields.ctx = b;
    b->fields.out = b->out_fields;
    b->fields.n_out =
        cmp_fields_from_ports("fc_unit", b->out_fields, CMP_FIELDS_MAX, out_hist, out_dyn);
    if (!(b->golden = ctm_fc_new((int)rtl->contexts, (int)rtl->lanes, (int)rtl->addr_depth,
                                 (int)rtl->loop_depth, (int)rtl->bc_width))) {
        cosim_error("%s", ctm_error());
        fc_bench_free(b);
        return NULL;
    }
    /* the report's history is the handle's; resets are kept there too, and
     * the report leaves them out */
    ctm_fc_set_history(b->golden, HISTORY_STEPS);
    unsigned c = rtl->contexts;
    b->g = calloc(c, sizeof *b->g);
    b->state = calloc(c, sizeof *b->state);
    b->labels = calloc(FC_LABEL_RING, sizeof *b->labels);
    if (!b->g || !b->state || !b->labels) {
        cosim_error("out of memory");
        fc_bench_free(b);
        return NULL;
    }
    b->lanes = rtl->lanes == 64 ? ~0ull : (1ull << rtl->lanes) - 1;
    rng_seed(&b->rng, cosim_cfg.seed);
    b->reset_threshold = cosim_reset_threshold();
    b->cover = cosim_fcov_on();
    char err[512] = ""; /* --program: opens the program's stepped run; the run ends with its last step */
    if (b->set.commit_level && !b->set.check_commit)
        cosim_error("--level needs --check commit");
    if (b->set.check_commit && !b->set.program_path)
        cosim_error("--check commit needs --program: commits are checked against a program's run");
    if (b->set.program_path &&
        (fc_program_open(b->set.program_path, b->set.domain_w, b->set.domain_h, &b->rtl, &b->prog,
                         err, sizeof err) ||
         (b->set.check_commit &&
          fc_bench_check_commits(b, b->prog.model, b->set.commit_level)) ||
         fc_program_start(&b->prog, err, sizeof err)))
        cosim_error("--program: %s", err);
    return b;
}

int fc_bench_check_commits(fc_bench *b, ctm_model *m, unsigned level)
{
    char err[512];
    if (!(b->commit = fc_commit_open(m, &b->rtl, cosim_cfg.seed, level, err, sizeof err))) {
        cosim_error("--check commit: %s", err);
        return -1;
    }
    b->commit_run = m;
    return 0;
}

ctm_model *fc_bench_commit_model(const fc_bench *b)
{
    return b->commit ? b->commit_run : NULL;
}

static ctm_model *commit_model(const void *self)
{
    return fc_bench_commit_model(self);
}

void fc_bench_set_wave(fc_bench *b, unsigned wave)
{
    b->cur_wave = wave;
}

CTM_COLD int fc_bench_finish(fc_bench *b)
{
    return b->commit ? fc_commit_finish(b->commit, b->checked, b->prog.faulted) : 0;
}

fc_bench *fc_bench_bind(const fc_unit_params *rtl)
{
    bool mine = cosim_bind_params(&cosim_params_fc,
                                  (const unsigned[]){rtl->contexts, rtl->lanes, rtl->addr_depth,
                                                     rtl->loop_depth, rtl->bc_width});
    if (cosim_config_error())
        return NULL;
    if (rtl->part_branches != DPP_FC_PARTIAL_BRANCHES) { /* ctm_fc_new has no such parameter */
        cosim_error("PartBranches = %u: the golden fc_unit nests %d deep in partial mode "
                    "(the guide's limit), so only that value can be checked",
                    rtl->part_branches, DPP_FC_PARTIAL_BRANCHES);
        return NULL;
    }
    if (!mine) /* a unit of the system bench, which makes its own */
        return NULL;
    fc_bench *b = fc_bench_new(rtl, cosim_cfg.settings);
    cosim_attach(b);
    return b;
}

uint64_t fc_bench_cycles_checked(const fc_bench *b)
{
    return b->checked;
}

const fc_bench_coverage *fc_bench_cov(const fc_bench *b)
{
    return &b->cov;
}

const fc_stim *fc_bench_pending(const fc_bench *b)
{
    return &b->cur;
}

ctm_fc_in fc_bench_pending_port(const fc_bench *b)
{
    return b->cur_in;
}

ctm_fc_in fc_bench_set_pending(fc_bench *b, const fc_stim *s)
{
    b->cur = *s;
    return b->cur_in = fc_stim_port_in(s); /* encoded once: driven and checked */
}

const fc_unit_params *fc_bench_params(const fc_bench *b)
{
    return &b->rtl;
}

const cmp_unit *fc_bench_unit(const fc_bench *b)
{
    return &b->fields;
}

/* ------------------------------------------------------------------ checking */

static const char *cmd_name(unsigned cmd)
{
    return cmd == FC_CMD_START ? "START" : cmd == FC_CMD_EXEC ? "EXEC" : "IDLE";
}

static const char *op_name(unsigned op)
{
    return fc_op_name(op & 7);
}

/* clang-format off */
#define IN(m, name, port, type, flags, width, names) CMP_F(fc_record, m, name, port, type, flags, width, names)
static const cmp_field in_fields[] = {
    IN(label,              "what",       NULL,           CMP_STR, CMP_HIST, 0, NULL),
    IN(s.rst,              "reset",      NULL,           CMP_U8,  0, 1, NULL),
    IN(s.in.cmd,           "cmd",        "cmd_i",        CMP_U8,  CMP_HIST, 2, cmd_name),
    IN(s.in.ctx,           "ctx",        "ctx_i",        CMP_U8,  0, 8, NULL),
    IN(s.in.pc,            "pc",         "pc_i",         CMP_U16, CMP_HIST, 9, NULL),
    IN(s.in.inst.op,       "op",         "op_i",         CMP_U8,  CMP_HIST, 3, op_name),
    IN(s.in.inst.jump_func,"jump_func",  "jump_func_i",  CMP_U8,  CMP_HIST, 8, NULL),
    IN(s.in.inst.jump_any, "jump_any",   "jump_any_i",   CMP_U8,  CMP_HIST, 1, NULL),
    IN(s.in.inst.a_op,     "a_op",       "a_op_i",       CMP_U8,  CMP_HIST, 2, NULL),
    IN(s.in.inst.b_op0,    "b_op0",      "b_op0_i",      CMP_U8,  CMP_HIST, 2, NULL),
    IN(s.in.inst.b_op1,    "b_op1",      "b_op1_i",      CMP_U8,  CMP_HIST, 2, NULL),
    IN(s.in.inst.b_pop_cnt,"b_pop_cnt",  "b_pop_cnt_i",  CMP_U8,  CMP_HIST, 5, NULL),
    IN(s.in.inst.b_else,   "b_else",     "b_else_i",     CMP_U8,  CMP_HIST, 1, NULL),
    IN(s.in.inst.jump_addr,"jump_addr",  "jump_addr_i",  CMP_U16, 0, 9, NULL),
    IN(s.in.inst.pred_sel, "pred_sel",   "pred_sel_i",   CMP_U8,  0, 3, NULL),
    IN(s.in.inst.pred_inv, "pred_inv",   "pred_inv_i",   CMP_U8,  0, 1, NULL),
    IN(s.in.full_mode,     "full_mode",  "full_mode_i",  CMP_U8,  0, 1, NULL),
    IN(s.in.loop_count,    "loop_count", "loop_count_i", CMP_U8,  CMP_HIST, 8, NULL),
    IN(s.in.loop_init,     "loop_init",  "loop_init_i",  CMP_U8,  0, 8, NULL),
    IN(s.in.loop_step,     "loop_step",  "loop_step_i",  CMP_U8,  0, 8, NULL),
    IN(s.in.bool_const,    "bool_const", "bool_const_i", CMP_U8,  0, 1, NULL),
    IN(s.in.alu_valid,     "alu_valid",  "alu_valid_i",  CMP_U8,  0, 1, NULL),
    IN(s.in.alu_result,    "alu_result", "alu_result_i", CMP_U64, CMP_LANES, 0, NULL),
    IN(s.in.pred[0],       "pred_r",     "pred_r_i",     CMP_U64, CMP_LANES, 0, NULL),
    IN(s.in.pred[1],       "pred_g",     "pred_g_i",     CMP_U64, CMP_LANES, 0, NULL),
    IN(s.in.pred[2],       "pred_b",     "pred_b_i",     CMP_U64, CMP_LANES, 0, NULL),
    IN(s.in.pred[3],       "pred_a",     "pred_a_i",     CMP_U64, CMP_LANES, 0, NULL),
    IN(s.in.live,          "live",       "live_i",       CMP_U64, CMP_LANES | CMP_HIST, 0, NULL),
};
/* clang-format on */

/* depth_o and each lane's counter are BcWidth bits. */
static unsigned bc_width(const void *ctx, const cmp_field *f)
{
    (void)f;
    return ((const fc_bench *)ctx)->rtl.bc_width;
}

static const cmp_unit fc_unit_fields = {"u_fc_unit.dut_fc_unit", in_fields, sizeof in_fields / sizeof in_fields[0],
                                        NULL, 0, sizeof(fc_record), sizeof(ctm_fc_out), 0, bc_width, NULL};

/* The outputs of context ctx before the step checked at `cycle`: those of its
 * last step before it, which matched (the DUT's were the expected ones), from
 * the handle's history; zeros when it has had none since the last reset. Read
 * on a mismatch only: a check copies nothing for it. */
static void before_of(const fc_bench *b, unsigned ctx, uint64_t cycle, ctm_fc_out *o)
{
    memset(o, 0, sizeof *o);
    ctm_fc_in port;
    ctm_fc_out want;
    uint64_t at;
    for (int j = 0; ctm_fc_history(b->golden, (int)ctx, j, &at, &port, &want) == CTM_OK; j++) {
        if (at >= cycle) /* the step checked now */
            continue;
        if (!b->any_reset || at > b->last_reset_cycle)
            *o = want;
        return;
    }
}

CTM_COLD static void report_mismatch(fc_bench *b, const fc_record *rec, const ctm_fc_out *exp, const ctm_fc_out *dut,
                            uint64_t cycle)
{
    b->mm_rec = *rec;
    b->mm_expected = *exp;
    b->mm_actual = *dut;
    unsigned ctx = rec->s.in.ctx, index;
    if (ctx < b->rtl.contexts)
        before_of(b, ctx, cycle, &b->mm_before);
    int port = -1, lane = -1;
    ctm_fc_diff_port(b->golden, &port, &lane);
    const cmp_field *f = cmp_diff_field(&b->fields, port, lane, &index);
    if (!f) { /* the library's check and the bench's field table must agree */
        cosim_error("fc: the golden model reports '%s', the bench's fields no difference",
                    ctm_fc_diff(b->golden));
        return;
    }
    cmp_record(&b->fields, f, index, &b->mm_expected, &b->mm_actual, cycle, ctx, ctx);
}

/* What the generator meant by the step checked at `cycle` (the handle's
 * cycles are the bench's: it never sets them). */
static const char *label_of(const fc_bench *b, uint64_t cycle)
{
    return b->checked - cycle <= FC_LABEL_RING ? b->labels[cycle % FC_LABEL_RING] : "?";
}

typedef struct kept_ctx {
    const fc_bench *b;
    unsigned ctx;
} kept_ctx;

/* The i-th last step of a context the golden model keeps, resets left out, as
 * the field tables describe it. */
static int kept_step(const void *arg, unsigned i, uint64_t *cycle, void *in, void *out)
{
    const kept_ctx *k = arg;
    if (k->ctx >= k->b->rtl.contexts) /* the contexts past the unit's have no history */
        return 0;
    ctm_fc_in port;
    ctm_fc_out want;
    for (unsigned j = 0, seen = 0; j < HISTORY_STEPS && /* the steps the handle keeps */
                                   ctm_fc_history(k->b->golden, (int)k->ctx, (int)j, cycle,
                                                  &port, &want) == CTM_OK;
         j++) {
        if (port.rst || seen++ < i)
            continue;
        fc_record *r = in;
        *r = (fc_record){label_of(k->b, *cycle), fc_stim_from_port(&port)};
        memcpy(out, &want, sizeof want); /* the output table is the library's, over its struct */
        return 1;
    }
    return 0;
}

size_t fc_last_steps(const fc_bench *b, unsigned ctx, fc_steps *l)
{
    const kept_ctx k = {b, ctx};
    return cmp_steps_from(&b->fields, kept_step, &k, l->steps, l->buf);
}

CTM_COLD static void note_reset(fc_bench *b, uint64_t cycle)
{
    memset(b->state, 0, b->rtl.contexts * sizeof *b->state);
    b->cov.resets++;
    b->last_reset_cycle = cycle;
    b->any_reset = true;
}

/* The coverage of a checked step (exp: its expected outputs): what it reached,
 * from the context before. */
CTM_OUT_OF_LINE static void cover_step(fc_bench *b, const ctm_fc_in *in, const ctm_fc_out *exp)
{
    const fc_stim s = fc_stim_from_port(in);
    unsigned ctx = in->ctx;
    fc_cover(b, &s, ctx < b->rtl.contexts ? &b->state[ctx] : exp, exp);
    if (ctx < b->rtl.contexts) /* the coverage's "before" of the next step */
        b->state[ctx] = *exp;
}

/* A step whose outputs differ: the expected ones, the coverage, the report. */
CTM_COLD static void mismatched(fc_bench *b, const ctm_fc_in *in, const char *label,
                                const ctm_fc_out *dut, uint64_t cycle)
{
    ctm_fc_out want;
    ctm_fc_expected(b->golden, &want);
    if (b->cover)
        cover_step(b, in, &want);
    const fc_record rec = {label, fc_stim_from_port(in)};
    report_mismatch(b, &rec, &want, dut, cycle);
}

/* The check of one cycle: in driven (label: what the generator meant by it),
 * dut the unit's outputs at its end. */
static int check_step(fc_bench *b, const ctm_fc_in *in, const char *label, const ctm_fc_out *dut)
{
    uint64_t cycle = b->checked++;
    b->labels[cycle % FC_LABEL_RING] = label;
    int st = ctm_fc_cycle(b->golden, in, dut);
    if (in->rst) { /* the RTL spends this cycle in reset; the model resets too */
        note_reset(b, cycle);
        return 0;
    }
    if (st != CTM_OK) {
        mismatched(b, in, label, dut, cycle);
        return 1;
    }
    if (b->cover) /* on a match the DUT's outputs are the expected ones, byte for byte */
        cover_step(b, in, dut);
    return 0;
}

int fc_bench_check(fc_bench *b, const ctm_fc_out *dut)
{
    if (b->commit) /* the unit's results as commits, late: no cycle-level check */
        return fc_commit_step(b->commit, &b->cur.in, b->cur_wave, dut, b->checked++);
    return check_step(b, &b->cur_in, b->pend.label, dut);
}

/* The batch in one call, up to its first failure, the labels written when
 * kept; a step at a time with coverage (which follows each step). */
int fc_bench_flush(fc_bench *b)
{
    unsigned n = b->batched;
    b->batched = 0;
    if (b->cover) {
        for (unsigned i = 0; i < n; i++) /* up to the first mismatch: the report's last step */
            if (check_step(b, &b->batch_in[i], label_of(b, b->checked), &b->batch_dut[i]))
                return 1;
        return 0;
    }
    for (unsigned done = 0; done < n;) {
        int stepped;
        int st = ctm_fc_cycles(b->golden, &b->batch_in[done], &b->batch_dut[done],
                               (int)(n - done), &stepped);
        for (unsigned i = done; i < done + (unsigned)stepped; i++) /* the resets among them */
            if (b->batch_in[i].rst)
                note_reset(b, b->checked + (i - done));
        b->checked += (unsigned)stepped;
        done += (unsigned)stepped;
        const ctm_fc_in *in = &b->batch_in[done - 1];
        if (st == CTM_OK || in->rst) /* a reset cycle's status is not a check's (check_step) */
            continue;
        mismatched(b, in, label_of(b, b->checked - 1), &b->batch_dut[done - 1], b->checked - 1);
        return 1;
    }
    return 0;
}

/* A cycle kept for the batch's check, the unit's outputs copied from dut_w
 * (4-byte aligned: an svBitVecVal array) straight into it; the batch checked
 * when full. *dut: the kept copy (a flush leaves the batch's cycles as they
 * were). */
static int keep(fc_bench *b, const void *dut_w, const ctm_fc_out **dut)
{
    unsigned i = b->batched++;
    b->batch_in[i] = b->cur_in;
    memcpy(&b->batch_dut[i], dut_w, sizeof b->batch_dut[i]);
    b->labels[(b->checked + i) % FC_LABEL_RING] = b->pend.label;
    *dut = &b->batch_dut[i];
    return b->batched == FC_CHECK_BATCH ? fc_bench_flush(b) : 0;
}

void fc_bench_next(fc_bench *b, const ctm_fc_out *prev, ctm_fc_in *next)
{
    fc_stim s;
    fc_stim_next(b, prev, &s);
    *next = fc_bench_set_pending(b, &s);
}

int fc_bench_cycle(fc_bench *b, const void *dut_w, ctm_fc_in *next)
{
    bool valid = !b->cur.rst; /* after a reset the generator follows nothing */
    ctm_fc_out copy;
    const ctm_fc_out *dut = &copy;
    int bad;
    if (b->commit) {
        memcpy(&copy, dut_w, sizeof copy);
        bad = fc_bench_check(b, dut);
    } else {
        bad = keep(b, dut_w, &dut);
    }
    fc_bench_next(b, valid ? dut : NULL, next);
    if (!bad && cosim_stimulus_ended()) /* the last batch; --check commit: the drain check */
        bad = fc_bench_flush(b) || fc_bench_finish(b);
    return bad;
}

/* ------------------------------------------------------------------ hooks */

static void report_text(const void *self, FILE *out, const cosim_mismatch *mm)
{
    const fc_bench *b = self;
    if (b->commit) /* the commit checker's own report */
        fputs(fc_commit_report(b->commit, CTM_REPORT_TEXT), out);
    else
        fc_report_text(self, out, mm);
}

static void report_json(const void *self, json_t *r, const cosim_mismatch *mm)
{
    const fc_bench *b = self;
    if (b->commit)
        fc_commit_report_json(b->commit, r);
    else
        fc_report_json(self, r, mm);
}

static void fcov_write(const void *self, FILE *out)
{
    fc_fcov_write(self, out);
}

static int flush(void *self)
{
    return fc_bench_flush(self);
}

static const cmp_unit *unit_of(const void *self)
{
    return fc_bench_unit(self);
}

static const cosim_bench kind = {
    .block = "fc",
    .summary = "CTM flow-control unit (rtl/fc_unit.sv, docs/fc_unit.md)",
    .params = &cosim_params_fc,
    .options = {fc_stim_options},
    .settings_size = sizeof(fc_bench_settings),
    .settings_default = &defaults,
    .has_contexts = true,
    .unit = unit_of,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fcov_write,
    .flush = flush,
    .summary_text = summary_text,
    .commit_model = commit_model,
};

const cosim_bench *fc_bench_kind(void)
{
    return &kind;
}
