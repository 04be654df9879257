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

fc_bench_state fcb;

static const char *const act_names[A_COUNT] = {
    "idle",     "start", "if",  "else",   "endif",      "loop",  "endloop", "break",
    "continue", "call",  "ret", "random", "unbalanced", "stray", "script",  "deep",
};

unsigned fc_weights[A_COUNT] = {
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

void fc_bench_close(void)
{
    ctm_fc_free(fcb.golden);
    free(fcb.g);
    free(fcb.state);
    cmp_history_free(&fcb.history);
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
    if (!(fcb.golden = ctm_fc_new((int)rtl->contexts, (int)rtl->lanes, (int)rtl->addr_depth,
                                  (int)rtl->loop_depth, (int)rtl->bc_width))) {
        cosim_error("%s", ctm_error());
        return;
    }
    ctm_fc_set_history(fcb.golden, 0); /* the report's history is the bench's (fcb.history) */
    unsigned c = rtl->contexts;
    fcb.g = calloc(c, sizeof *fcb.g);
    fcb.state = calloc(c, sizeof *fcb.state);
    fc_unit_fields.lanes = rtl->lanes;
    if (!fcb.g || !fcb.state || cmp_history_init(&fcb.history, &fc_unit_fields, c)) {
        cosim_error("out of memory");
        return;
    }
    fcb.lanes = rtl->lanes == 64 ? ~0ull : (1ull << rtl->lanes) - 1;
    rng_seed(&fcb.rng, cosim_cfg.seed);
    fcb.reset_threshold = cosim_reset_threshold();
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

void fc_bench_set_pending(const fc_stim *s)
{
    fcb.cur = *s;
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

cmp_unit fc_unit_fields = {"dut_fc_unit", in_fields, sizeof in_fields / sizeof in_fields[0],
                           out_fields, sizeof out_fields / sizeof out_fields[0],
                           sizeof(fc_record), sizeof(fc_unit_out), 0, bc_width};

/* Steps the golden model with the cycle's inputs, as the unit's port words. */
static void step_golden(const fc_stim *s)
{
    fc_words w;
    fc_stim_words(s, &w);
    const fc_unit_in *in = &s->in;
    ctm_fc_step(fcb.golden, s->rst, in->cmd, in->ctx, in->full_mode, w.cmn_inst, w.fc_inst,
                w.fc_addr, w.int_const, in->bool_const, in->pred[0], in->pred[1], in->pred[2],
                in->pred[3], in->alu_result, in->alu_valid, in->pc, in->live);
}

/* The golden model's expected outputs of the stepped cycle. */
static void expected(fc_unit_out *o)
{
    const ctm_fc *g = fcb.golden;
    memset(o, 0, sizeof *o);
    o->jump = (uint8_t)ctm_fc_expect(g, CTM_FC_JUMP);
    o->next_pc = (uint16_t)ctm_fc_expect(g, CTM_FC_NEXT_PC);
    o->want = ctm_fc_expect(g, CTM_FC_WANT);
    o->active = ctm_fc_expect(g, CTM_FC_ACTIVE);
    o->br_inactive = ctm_fc_expect(g, CTM_FC_BR_INACTIVE);
    o->loop_masked = ctm_fc_expect(g, CTM_FC_LOOP_MASKED);
    o->depth = (uint8_t)ctm_fc_expect(g, CTM_FC_DEPTH);
    o->addr_sp = (uint8_t)ctm_fc_expect(g, CTM_FC_ADDR_SP);
    o->addr_top = (uint16_t)ctm_fc_expect(g, CTM_FC_ADDR_TOP);
    o->loop_sp = (uint8_t)ctm_fc_expect(g, CTM_FC_LOOP_SP);
    o->loop_top_is_loop = (uint8_t)ctm_fc_expect(g, CTM_FC_LOOP_TOP_IS_LOOP);
    o->loop_top_count = (uint8_t)ctm_fc_expect(g, CTM_FC_LOOP_TOP_COUNT);
    o->loop_top_live = ctm_fc_expect(g, CTM_FC_LOOP_TOP_LIVE);
    o->loop_top_brk = ctm_fc_expect(g, CTM_FC_LOOP_TOP_BRK);
    o->loop_top_cont = ctm_fc_expect(g, CTM_FC_LOOP_TOP_CONT);
    o->al = (int16_t)(uint16_t)ctm_fc_expect(g, CTM_FC_AL);
    o->ovf = (uint8_t)ctm_fc_expect(g, CTM_FC_OVF);
    o->udf = (uint8_t)ctm_fc_expect(g, CTM_FC_UDF);
    o->fault = (uint8_t)ctm_fc_expect(g, CTM_FC_FAULT);
    /* a lane's counter is 0 unless the branch switched it off (docs/fc_unit.md) */
    for (uint64_t off = o->br_inactive & fcb.lanes; off; off &= off - 1) {
        int lane = __builtin_ctzll(off);
        o->bc[lane] = (uint8_t)ctm_fc_expect_bc(g, lane);
    }
}

/* The DUT's outputs through the library's check (bc_o packed again as the
 * RTL's vector: lane i at bits [i*BcWidth +: BcWidth]). */
static int check_golden(const fc_unit_out *d, const uint32_t *bc_words)
{
    uint32_t packed[FC_BC_WORDS];
    const uint32_t *bc = bc_words;
    if (!bc) {
        fc_bc_pack(d->bc, fcb.rtl.lanes, fcb.rtl.bc_width, packed);
        bc = packed;
    }
    return ctm_fc_check(fcb.golden, d->jump, d->next_pc, d->want, d->active, d->br_inactive,
                        d->loop_masked, bc, d->depth, d->addr_sp, d->addr_top, d->loop_sp,
                        d->loop_top_is_loop, d->loop_top_count, d->loop_top_live,
                        d->loop_top_brk, d->loop_top_cont, d->al, d->ovf, d->udf, d->fault);
}

static void report_mismatch(const fc_record *rec, const fc_unit_out *exp, const fc_unit_out *dut,
                            uint64_t cycle)
{
    fcb.mm_rec = *rec;
    fcb.mm_expected = *exp;
    fcb.mm_actual = *dut;
    unsigned ctx = rec->s.in.ctx, index;
    if (ctx < fcb.rtl.contexts)
        fcb.mm_before = fcb.state[ctx];
    const cmp_field *f = cmp_first_diff(&fc_unit_fields, exp, dut, &index);
    if (!f) { /* the library's check and the bench's field table must agree */
        cosim_error("fc: the golden model reports '%s', the bench's fields no difference",
                    ctm_fc_diff(fcb.golden));
        return;
    }
    cmp_record(&fc_unit_fields, f, index, exp, dut, cycle, ctx, ctx);
}

int fc_bench_check(const fc_stim *s, const fc_unit_out *dut, const uint32_t *bc_words)
{
    uint64_t cycle = fcb.checked++;
    step_golden(s);
    if (s->rst) { /* the RTL spends this cycle in reset; the model resets too */
        memset(fcb.state, 0, fcb.rtl.contexts * sizeof *fcb.state);
        fcb.cov.resets++;
        fcb.last_reset_cycle = cycle;
        fcb.any_reset = true;
        return 0;
    }
    fc_unit_out exp;
    expected(&exp);
    unsigned ctx = s->in.ctx;
    const fc_unit_out *before = ctx < fcb.rtl.contexts ? &fcb.state[ctx] : &exp;
    fc_cover(s, before, &exp);
    const fc_record rec = {fcb.pend.label, *s};
    cmp_history_add(&fcb.history, ctx, cycle, &rec, &exp);
    if (check_golden(dut, bc_words) != CTM_OK) {
        fc_unit_out act = *dut;
        if (bc_words) /* lanes past the unit's count stay 0, as in the C model */
            fc_bc_unpack(bc_words, fcb.rtl.lanes, fcb.rtl.bc_width, act.bc);
        report_mismatch(&rec, &exp, &act, cycle);
        return 1;
    }
    if (ctx < fcb.rtl.contexts)
        fcb.state[ctx] = exp;
    return 0;
}

/* ------------------------------------------------------------------ hooks */

const cosim_bench fc_bench = {
    .block = "fc",
    .summary = "CTM flow-control unit (rtl/fc_unit.sv, docs/fc_unit.md)",
    .params = &cosim_params_fc,
    .options = {fc_stim_options},
    .has_contexts = true,
    .top = "tb_fc_unit",
    .unit = &fc_unit_fields,
    .report_text = fc_report_text,
    .report_json = fc_report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fc_fcov_write,
    .summary_text = summary_text,
};
