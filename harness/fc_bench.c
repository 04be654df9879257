/* The flow-control unit bench: options, binding, and the per-cycle check of
 * rtl/fc_unit.sv against csim/mirrors/fc.c (fc_bench.h). The generator is in
 * fc_stim.c, coverage in fc_cover.c, the report sections in fc_report.c. */
#include "fc_bench_int.h"
#include "stim_weights.h"

#include <inttypes.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ settings */

/* The run's bench: this file's entry points (the DPI glue's, the hooks) pass
 * it to the generator, the coverage and the report as an argument. */
static fc_bench_state fcb;
static cmp_unit fc_unit_fields; /* below, with its tables */

static const char *const act_names[A_COUNT] = {
    "idle",     "start", "if",  "else",   "endif",      "loop",  "endloop", "break",
    "continue", "call",  "ret", "random", "unbalanced", "stray", "script",  "deep",
};

/* --weights, copied into the bench at bind. */
static unsigned fc_weights[A_COUNT] = {
    [A_IDLE] = 4,       [A_START] = 1, [A_IF] = 12,     [A_ELSE] = 8,
    [A_ENDIF] = 10,     [A_LOOP] = 6,  [A_ENDLOOP] = 8, [A_BREAK] = 4,
    [A_CONTINUE] = 3,   [A_CALL] = 4,  [A_RET] = 5,     [A_RANDOM] = 2,
    [A_UNBALANCED] = 1, [A_STRAY] = 2, [A_SCRIPT] = 1,  [A_DEEP] = 1,
};

static bool weights_given;

/* --program FILE.elf and --domain WxH: program-driven stimulus (fc_program.h). */
static const char *program_path;
static unsigned domain_w = 8, domain_h = 8;
static bool domain_given;

static int opt_program(const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    program_path = v;
    return 0;
}

static int opt_domain(const char *v, char *err, size_t errlen)
{
    unsigned w, h;
    if (cli_size(v, 4096, &w, &h, err, errlen))
        return -1;
    domain_w = w;
    domain_h = h;
    domain_given = true;
    return 0;
}

static void act_namer(unsigned act, char *buf, size_t n)
{
    snprintf(buf, n, "%s", act_names[act]);
}

/* --weights if=20,random=0,...: names are act_names; IDLE and START alone
 * would never execute an instruction. */
static int opt_weights(const char *v, char *err, size_t errlen)
{
    weights_given = true;
    if (stim_weights_parse(v, fc_weights, A_COUNT, act_namer, err, errlen))
        return -1;
    unsigned exec = 0;
    for (unsigned i = A_IF; i < A_COUNT; i++)
        exec += fc_weights[i];
    if (exec == 0) {
        snprintf(err, errlen, "every instruction weight is zero");
        return -1;
    }
    return 0;
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
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* ------------------------------------------------------------------ option words */

static void stimulus_args(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    if (weights_given) {
        used += (size_t)snprintf(buf, n, "--weights ");
        stim_weights_format(buf + used, n - used, fc_weights, A_COUNT, act_namer);
        used = strlen(buf);
    }
    if (program_path && used < n)
        snprintf(buf + used, n - used, "%s--program %s --domain %ux%u", used ? " " : "",
                 program_path, domain_w, domain_h);
}

/* --program: opens the program's stepped run; the run ends with its last step. */
static void load_program(void)
{
    char err[512];
    if (fc_program_open(program_path, domain_w, domain_h, &fcb.rtl, &fcb.prog, err,
                        sizeof err))
        cosim_error("--program: %s", err);
}

/* --program: how many of the program's steps the run drove. */
static void summary_text(FILE *out)
{
    if (!program_path)
        return;
    /* each step is one cycle; the step drawn for the cycle after the last is not driven */
    fprintf(out, "  fc: %" PRIu64 " flow-control steps of %s over %ux%u%s%s%s\n", fcb.checked,
            program_path, domain_w, domain_h, fcb.prog.ended ? "" : " (cut by --cycles)",
            fcb.prog.faulted ? ", ending in the program fault: " : "",
            fcb.prog.faulted ? fcb.prog.fault_msg : "");
}

/* ------------------------------------------------------------------ binding */

/* Steps of each context the golden model's history keeps, resets among them. */
enum { LABELS = 2 * CMP_HISTORY };

void fc_bench_close(void)
{
    ctm_fc_free(fcb.golden);
    free(fcb.g);
    free(fcb.state);
    free(fcb.labels);
    free(fcb.label_next);
    fc_program_free(&fcb.prog);
    memset(&fcb, 0, sizeof fcb);
}

void fc_bench_bind(const fc_unit_params *rtl)
{
    char name[64];
    cosim_params_name(&cosim_params_fc,
                      (const unsigned[]){rtl->contexts, rtl->lanes, rtl->addr_depth,
                                         rtl->loop_depth, rtl->bc_width},
                      name, sizeof name);
    cosim_bind("fc", name);
    if (cosim_config_error())
        return;
    if (rtl->part_branches != DPP_FC_PARTIAL_BRANCHES) { /* ctm_fc_new has no such parameter */
        cosim_error("PartBranches = %u: the golden fc_unit nests %d deep in partial mode "
                    "(the guide's limit), so only that value can be checked",
                    rtl->part_branches, DPP_FC_PARTIAL_BRANCHES);
        return;
    }
    fc_bench_close(); /* a new run starts from a clean bench */
    fcb.rtl = *rtl;
    memcpy(fcb.weights, fc_weights, sizeof fcb.weights);
    fcb.fields = &fc_unit_fields;
    if (!(fcb.golden = ctm_fc_new((int)rtl->contexts, (int)rtl->lanes, (int)rtl->addr_depth,
                                  (int)rtl->loop_depth, (int)rtl->bc_width))) {
        cosim_error("%s", ctm_error());
        return;
    }
    /* the report's history is the handle's; resets are kept there too, and
     * the report leaves them out */
    ctm_fc_set_history(fcb.golden, LABELS);
    unsigned c = rtl->contexts;
    fcb.g = calloc(c, sizeof *fcb.g);
    fcb.state = calloc(c, sizeof *fcb.state);
    fcb.labels = calloc((size_t)(c + 1) * LABELS, sizeof *fcb.labels);
    fcb.label_next = calloc(c + 1, sizeof *fcb.label_next);
    fc_unit_fields.lanes = rtl->lanes;
    if (!fcb.g || !fcb.state || !fcb.labels || !fcb.label_next) {
        cosim_error("out of memory");
        return;
    }
    fcb.lanes = rtl->lanes == 64 ? ~0ull : (1ull << rtl->lanes) - 1;
    rng_seed(&fcb.rng, cosim_cfg.seed);
    fcb.reset_threshold = cosim_reset_threshold();
    fcb.cover = cosim_fcov_on();
    if (program_path)
        load_program();
}

uint64_t fc_bench_cycles_checked(void)
{
    return fcb.checked;
}

const fc_bench_coverage *fc_bench_cov(void)
{
    return &fcb.cov;
}

const fc_stim *fc_bench_pending(void)
{
    return &fcb.cur;
}

ctm_fc_in fc_bench_pending_port(void)
{
    return fcb.cur_in;
}

ctm_fc_in fc_bench_set_pending(const fc_stim *s)
{
    fcb.cur = *s;
    return fcb.cur_in = fc_stim_port_in(s); /* encoded once: driven and checked */
}

const fc_unit_params *fc_bench_params(void)
{
    return &fcb.rtl;
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

static const char *fault_name(unsigned f)
{
    return fc_fault_name(f);
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
#define OUT(m, type, flags, width, names) CMP_F(fc_unit_out, m, #m, #m "_o", type, flags, width, names)
static const cmp_field out_fields[] = {
    OUT(jump,             CMP_U8,    CMP_HIST, 1, NULL),
    OUT(next_pc,          CMP_U16,   CMP_HIST, 10, NULL),
    OUT(fault,            CMP_U8,    CMP_HIST, 4, fault_name),
    OUT(want,             CMP_U64,   CMP_LANES, 0, NULL),
    OUT(active,           CMP_U64,   CMP_LANES | CMP_HIST, 0, NULL),
    OUT(br_inactive,      CMP_U64,   CMP_LANES, 0, NULL),
    OUT(loop_masked,      CMP_U64,   CMP_LANES, 0, NULL),
    OUT(depth,            CMP_U8,    CMP_HIST | CMP_DYN, 0, NULL),
    OUT(addr_sp,          CMP_U8,    CMP_HIST, 6, NULL),
    OUT(addr_top,         CMP_U16,   0, 10, NULL),
    OUT(loop_sp,          CMP_U8,    CMP_HIST, 6, NULL),
    OUT(loop_top_is_loop, CMP_U8,    0, 1, NULL),
    OUT(loop_top_count,   CMP_U8,    0, 8, NULL),
    OUT(loop_top_live,    CMP_U64,   CMP_LANES, 0, NULL),
    OUT(loop_top_brk,     CMP_U64,   CMP_LANES, 0, NULL),
    OUT(loop_top_cont,    CMP_U64,   CMP_LANES, 0, NULL),
    OUT(al,               CMP_I16,   0, 16, NULL),
    OUT(ovf,              CMP_U8,    0, 3, NULL),
    OUT(udf,              CMP_U8,    0, 3, NULL),
    OUT(bc,               CMP_BYTES, CMP_DYN, 0, NULL),
};
/* clang-format on */

/* depth_o and each lane's counter are BcWidth bits. */
static unsigned bc_width(const cmp_field *f)
{
    (void)f;
    return fcb.rtl.bc_width;
}

static cmp_unit fc_unit_fields = {"u_fc_unit.dut_fc_unit", in_fields, sizeof in_fields / sizeof in_fields[0],
                           out_fields, sizeof out_fields / sizeof out_fields[0],
                           sizeof(fc_record), sizeof(fc_unit_out), 0, bc_width};

void fc_out_from_port(const ctm_fc_out *w, fc_unit_out *o)
{
    *o = (fc_unit_out){.jump = w->jump,
                       .next_pc = (uint16_t)w->next_pc,
                       .want = w->want,
                       .active = w->active,
                       .br_inactive = w->br_inactive,
                       .loop_masked = w->loop_masked,
                       .depth = (uint8_t)w->depth,
                       .addr_sp = (uint8_t)w->addr_sp,
                       .addr_top = (uint16_t)w->addr_top,
                       .loop_sp = (uint8_t)w->loop_sp,
                       .loop_top_is_loop = w->loop_top_is_loop,
                       .loop_top_count = (uint8_t)w->loop_top_count,
                       .loop_top_live = w->loop_top_live,
                       .loop_top_brk = w->loop_top_brk,
                       .loop_top_cont = w->loop_top_cont,
                       .al = (int16_t)(uint16_t)w->al,
                       .ovf = (uint8_t)w->ovf,
                       .udf = (uint8_t)w->udf,
                       .fault = (uint8_t)w->fault};
    memcpy(o->bc, w->bc, sizeof o->bc);
}

/* The outputs of context ctx before the step checked at `cycle`: those of its
 * last step before it, which matched (the DUT's were the expected ones), from
 * the handle's history; zeros when it has had none since the last reset. Read
 * on a mismatch only: a check copies nothing for it. */
static void before_of(unsigned ctx, uint64_t cycle, ctm_fc_out *o)
{
    memset(o, 0, sizeof *o);
    ctm_fc_in port;
    ctm_fc_out want;
    uint64_t at;
    for (int j = 0; ctm_fc_history(fcb.golden, (int)ctx, j, &at, &port, &want) == CTM_OK; j++) {
        if (at >= cycle) /* the step checked now */
            continue;
        if (!fcb.any_reset || at > fcb.last_reset_cycle)
            *o = want;
        return;
    }
}

static void report_mismatch(const fc_record *rec, const ctm_fc_out *exp, const ctm_fc_out *dut,
                            uint64_t cycle)
{
    fcb.mm_rec = *rec;
    fc_out_from_port(exp, &fcb.mm_expected);
    fc_out_from_port(dut, &fcb.mm_actual);
    unsigned ctx = rec->s.in.ctx, index;
    if (ctx < fcb.rtl.contexts) {
        ctm_fc_out before;
        before_of(ctx, cycle, &before);
        fc_out_from_port(&before, &fcb.mm_before);
    }
    const cmp_field *f = cmp_first_diff(&fc_unit_fields, &fcb.mm_expected, &fcb.mm_actual, &index);
    if (!f) { /* the library's check and the bench's field table must agree */
        cosim_error("fc: the golden model reports '%s', the bench's fields no difference",
                    ctm_fc_diff(fcb.golden));
        return;
    }
    cmp_record(&fc_unit_fields, f, index, &fcb.mm_expected, &fcb.mm_actual, cycle, ctx, ctx);
}

/* The history slot of a context, as the golden model's handle has them. */
static unsigned label_slot(const fc_bench_state *b, unsigned ctx)
{
    return ctx < b->rtl.contexts ? ctx : b->rtl.contexts;
}

/* What the generator meant by the step the handle keeps as the i-th last of ctx. */
static const char *label_of(const fc_bench_state *b, unsigned ctx, unsigned i)
{
    unsigned slot = label_slot(b, ctx), at = (b->label_next[slot] + LABELS - 1 - i) % LABELS;
    return b->labels[(size_t)slot * LABELS + at];
}

typedef struct kept_ctx {
    const fc_bench_state *b;
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
    for (unsigned j = 0, seen = 0; j < LABELS && /* the steps a label is kept for */
                                   ctm_fc_history(k->b->golden, (int)k->ctx, (int)j, cycle,
                                                  &port, &want) == CTM_OK;
         j++) {
        if (port.rst || seen++ < i)
            continue;
        fc_record *r = in;
        *r = (fc_record){label_of(k->b, k->ctx, j), fc_stim_from_port(&port)};
        fc_out_from_port(&want, out);
        return 1;
    }
    return 0;
}

size_t fc_last_steps(fc_bench_state *b, unsigned ctx, cmp_step steps[CMP_HISTORY])
{
    static unsigned char buf[CMP_HISTORY * (sizeof(fc_record) + sizeof(fc_unit_out))];
    const kept_ctx k = {b, ctx};
    return cmp_steps_from(b->fields, kept_step, &k, steps, buf);
}

int fc_bench_check(const ctm_fc_out *dut)
{
    uint64_t cycle = fcb.checked++;
    const fc_stim *s = &fcb.cur;
    unsigned ctx = s->in.ctx, slot = label_slot(&fcb, ctx);
    int st = ctm_fc_cycle(fcb.golden, &fcb.cur_in, dut);
    unsigned at = fcb.label_next[slot];
    fcb.labels[(size_t)slot * LABELS + at] = fcb.pend.label;
    fcb.label_next[slot] = at + 1 == LABELS ? 0 : at + 1;
    if (s->rst) { /* the RTL spends this cycle in reset; the model resets too */
        memset(fcb.state, 0, fcb.rtl.contexts * sizeof *fcb.state);
        fcb.cov.resets++;
        fcb.last_reset_cycle = cycle;
        fcb.any_reset = true;
        return 0;
    }
    /* on a match the DUT's outputs are the expected ones, byte for byte */
    ctm_fc_out want;
    const ctm_fc_out *exp = dut;
    if (st != CTM_OK) {
        ctm_fc_expected(fcb.golden, &want);
        exp = &want;
    }
    if (fcb.cover)
        fc_cover(&fcb, s, ctx < fcb.rtl.contexts ? &fcb.state[ctx] : exp, exp);
    if (st != CTM_OK) {
        const fc_record rec = {fcb.pend.label, *s};
        report_mismatch(&rec, exp, dut, cycle);
        return 1;
    }
    if (fcb.cover && ctx < fcb.rtl.contexts) /* the coverage's "before" of the next step */
        fcb.state[ctx] = *exp;
    return 0;
}

void fc_bench_next(const ctm_fc_out *prev, ctm_fc_in *next)
{
    fc_stim s;
    fc_stim_next(&fcb, prev, &s);
    *next = fc_bench_set_pending(&s);
}

int fc_bench_cycle(const ctm_fc_out *dut, ctm_fc_in *next)
{
    bool valid = !fcb.cur.rst; /* after a reset the generator follows nothing */
    int bad = fc_bench_check(dut);
    fc_bench_next(valid ? dut : NULL, next);
    return bad;
}

/* ------------------------------------------------------------------ hooks */

static void report_text(FILE *out, const cosim_mismatch *mm)
{
    fc_report_text(&fcb, out, mm);
}

static void report_json(json_t *r, const cosim_mismatch *mm)
{
    fc_report_json(&fcb, r, mm);
}

static void fcov_write(FILE *out)
{
    fc_fcov_write(&fcb, out);
}

const cosim_bench fc_bench = {
    .block = "fc",
    .summary = "CTM flow-control unit (rtl/fc_unit.sv, docs/fc_unit.md)",
    .params = &cosim_params_fc,
    .options = {fc_stim_options},
    .has_contexts = true,
    .top = "tb_fc_unit",
    .unit = &fc_unit_fields,
    .report_text = report_text,
    .report_json = report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fcov_write,
    .summary_text = summary_text,
};
