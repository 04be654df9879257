/* The flow-control unit bench: options, binding, and the per-cycle check of
 * rtl/fc_unit.sv against csim/fc.c (fc_bench.h). The generator is in
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

static fc_unit_params want = {1, 64, 4, 4, 6};
static bool weights_given;

static int parse_uint(const char *v, unsigned lo, unsigned hi, unsigned *dst, char *err,
                      size_t errlen)
{
    return cli_range_u(v, lo, hi, dst, err, errlen);
}

static int opt_contexts(const char *v, char *err, size_t n)
{
    return parse_uint(v, 1, 256, &want.contexts, err, n);
}

static int opt_lanes(const char *v, char *err, size_t n)
{
    return parse_uint(v, 1, FC_MAX_LANES, &want.lanes, err, n);
}

static int opt_addr_depth(const char *v, char *err, size_t n)
{
    return parse_uint(v, 0, FC_MAX_DEPTH, &want.addr_depth, err, n);
}

static int opt_loop_depth(const char *v, char *err, size_t n)
{
    return parse_uint(v, 0, FC_MAX_DEPTH, &want.loop_depth, err, n);
}

static int opt_bc_width(const char *v, char *err, size_t n)
{
    return parse_uint(v, 3, 8, &want.bc_width, err, n);
}

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

static const cosim_option fc_options[] = {
    {"contexts", "N", "contexts (wavefronts), 1..256 (default 1)", opt_contexts, 0, 0},
    {"lanes", "N", "lanes per wavefront, 1..64 (default 64)", opt_lanes, 0, 0},
    {"addr-depth", "N", "address stack entries, 0..32 (default 4)", opt_addr_depth, 0, 0},
    {"loop-depth", "N", "loop stack frames in full mode, 0..32 (default 4)", opt_loop_depth, 0, 0},
    {"bc-width", "N", "branch counter width, 3..8 (default 6)", opt_bc_width, 0, 0},
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

/* ------------------------------------------------------------------ config strings */

static void config_name(char *buf, size_t n)
{
    snprintf(buf, n, "%ux%ua%ul%ub%u", want.contexts, want.lanes, want.addr_depth, want.loop_depth,
             want.bc_width);
}

static void config_args(char *buf, size_t n)
{
    snprintf(buf, n, "--contexts %u --lanes %u --addr-depth %u --loop-depth %u --bc-width %u",
             want.contexts, want.lanes, want.addr_depth, want.loop_depth, want.bc_width);
}

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

/* --program: opens the program's stepped run; the run is as long as its steps. */
static void load_program(void)
{
    char err[512];
    if (fc_program_open(program_path, domain_w, domain_h, &fcb.rtl, &fcb.prog, err,
                        sizeof err)) {
        fprintf(stderr, "cosim: --program: %s\n", err);
        exit(3);
    }
    if (cosim_cfg.cycles > fcb.prog.n)
        cosim_cfg.cycles = fcb.prog.n;
    if (!cosim_cfg.quiet)
        fprintf(stderr, "cosim: stimulus from %s over %ux%u: %zu flow-control steps%s%s\n",
                program_path, domain_w, domain_h, fcb.prog.n,
                fcb.prog.faulted ? ", ending in the program fault: " : "",
                fcb.prog.faulted ? fcb.prog.fault_msg : "");
}

/* ------------------------------------------------------------------ binding */

void fc_bench_close(void)
{
    fc_unit_destroy(fcb.model);
    free(fcb.g);
    free(fcb.state);
    free(fcb.history);
    free(fcb.history_count);
    fc_program_free(&fcb.prog);
    memset(&fcb, 0, sizeof fcb);
}

void fc_bench_bind(const fc_unit_params *rtl)
{
    char name[64];
    snprintf(name, sizeof name, "%ux%ua%ul%ub%u", rtl->contexts, rtl->lanes, rtl->addr_depth,
             rtl->loop_depth, rtl->bc_width);
    cosim_bind("fc", name);
    if (cosim_config_error())
        return;
    fc_bench_close(); /* a new run starts from a clean bench */
    fcb.rtl = *rtl;
    dpp_error err;
    if (fc_unit_create(&fcb.rtl, &fcb.model, &err) != DPP_OK) {
        fprintf(stderr, "cosim: %s\n", err.msg);
        exit(3);
    }
    unsigned c = rtl->contexts;
    fcb.g = calloc(c, sizeof *fcb.g);
    fcb.state = calloc(c, sizeof *fcb.state);
    fcb.history = calloc(c, sizeof *fcb.history);
    fcb.history_count = calloc(c, sizeof *fcb.history_count);
    if (!fcb.g || !fcb.state || !fcb.history || !fcb.history_count) {
        fprintf(stderr, "cosim: out of memory\n");
        exit(3);
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

/* ------------------------------------------------------------------ checking */

typedef struct field_desc {
    const char *name;
    size_t offset; /* in fc_unit_out */
    enum { F_U8, F_U16, F_LANES } kind;
    unsigned width; /* bits; 0 = lanes */
} field_desc;

/* clang-format off */
#define FIELD(n, k, w) {#n, offsetof(fc_unit_out, n), k, w}
/* clang-format on */
static const field_desc fields[] = {
    FIELD(jump, F_U8, 1),
    FIELD(next_pc, F_U16, 10),
    FIELD(fault, F_U8, 4),
    FIELD(want, F_LANES, 0),
    FIELD(active, F_LANES, 0),
    FIELD(br_inactive, F_LANES, 0),
    FIELD(loop_masked, F_LANES, 0),
    FIELD(depth, F_U8, 8),
    FIELD(addr_sp, F_U8, 6),
    FIELD(addr_top, F_U16, 10),
    FIELD(loop_sp, F_U8, 6),
    FIELD(loop_top_is_loop, F_U8, 1),
    FIELD(loop_top_count, F_U8, 8),
    FIELD(loop_top_live, F_LANES, 0),
    FIELD(loop_top_brk, F_LANES, 0),
    FIELD(loop_top_cont, F_LANES, 0),
    FIELD(al, F_U16, 16),
    FIELD(ovf, F_U8, 3),
    FIELD(udf, F_U8, 3),
};

static uint64_t field_value(const fc_unit_out *o, const field_desc *f)
{
    const char *p = (const char *)o + f->offset;
    switch (f->kind) {
    case F_U8:
        return *(const uint8_t *)p;
    case F_U16:
        return *(const uint16_t *)p;
    case F_LANES:
        return *(const uint64_t *)p;
    }
    return 0;
}

static void record(const fc_stim *s, const fc_unit_out *o, uint64_t cycle)
{
    unsigned ctx = s->in.ctx;
    if (ctx >= fcb.rtl.contexts)
        return;
    ev_record *e = &fcb.history[ctx][fcb.history_count[ctx]++ % HISTORY];
    *e = (ev_record){cycle,
                     fcb.pend.label,
                     s->in.inst,
                     s->in.pc,
                     o->next_pc,
                     s->in.cmd,
                     s->in.loop_count,
                     o->jump,
                     o->depth,
                     o->loop_sp,
                     o->addr_sp,
                     o->fault,
                     s->in.live & fcb.lanes,
                     o->active};
}

static void reset_model(void)
{
    fc_unit_in in = {0};
    fc_unit_out o;
    in.cmd = FC_CMD_START;
    for (unsigned c = 0; c < fcb.rtl.contexts; c++) {
        in.ctx = (uint8_t)c;
        fc_unit_step(fcb.model, &in, &o);
        fcb.state[c] = o;
    }
}

static void report_mismatch(const fc_stim *s, const fc_unit_out *exp, const fc_unit_out *dut,
                            uint64_t cycle)
{
    fcb.mm_stim = *s;
    fcb.mm_expected = *exp;
    fcb.mm_actual = *dut;
    fcb.mm_label = fcb.pend.label;
    unsigned ctx = s->in.ctx;
    if (ctx < fcb.rtl.contexts)
        fcb.mm_before = fcb.state[ctx];
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        uint64_t e = field_value(exp, &fields[i]), a = field_value(dut, &fields[i]);
        if (e == a)
            continue;
        bool lanes = fields[i].kind == F_LANES;
        cosim_mismatch mm = {
            cycle, ctx, fields[i].name, e, a, lanes ? fcb.rtl.lanes : fields[i].width, lanes};
        cosim_record_mismatch(&mm);
        return;
    }
    for (unsigned l = 0; l < fcb.rtl.lanes; l++)
        if (exp->bc[l] != dut->bc[l]) {
            snprintf(fcb.mm_field, sizeof fcb.mm_field, "bc[%u]", l);
            cosim_mismatch mm = {cycle, ctx, fcb.mm_field, exp->bc[l], dut->bc[l], fcb.rtl.bc_width,
                                 false};
            cosim_record_mismatch(&mm);
            return;
        }
}

int fc_bench_check(const fc_stim *s, const fc_unit_out *dut)
{
    uint64_t cycle = fcb.checked++;
    if (s->rst) { /* the RTL spends this cycle in reset; the model resets too */
        reset_model();
        fcb.cov.resets++;
        fcb.last_reset_cycle = cycle;
        fcb.any_reset = true;
        return 0;
    }
    fc_unit_out exp;
    fc_unit_step(fcb.model, &s->in, &exp);
    unsigned ctx = s->in.ctx;
    const fc_unit_out *before = ctx < fcb.rtl.contexts ? &fcb.state[ctx] : &exp;
    fc_cover(s, before, &exp);
    record(s, &exp, cycle);
    /* Fast path: one OR of differences; the field walk only runs on a mismatch. */
    uint64_t diff =
        (uint64_t)(exp.jump ^ dut->jump) | (uint64_t)(exp.next_pc ^ dut->next_pc) |
        (exp.want ^ dut->want) | (exp.active ^ dut->active) | (exp.br_inactive ^ dut->br_inactive) |
        (exp.loop_masked ^ dut->loop_masked) | (uint64_t)(exp.depth ^ dut->depth) |
        (uint64_t)(exp.addr_sp ^ dut->addr_sp) | (uint64_t)(exp.addr_top ^ dut->addr_top) |
        (uint64_t)(exp.loop_sp ^ dut->loop_sp) |
        (uint64_t)(exp.loop_top_is_loop ^ dut->loop_top_is_loop) |
        (uint64_t)(exp.loop_top_count ^ dut->loop_top_count) |
        (exp.loop_top_live ^ dut->loop_top_live) | (exp.loop_top_brk ^ dut->loop_top_brk) |
        (exp.loop_top_cont ^ dut->loop_top_cont) | (uint64_t)(uint16_t)(exp.al ^ dut->al) |
        (uint64_t)(exp.ovf ^ dut->ovf) | (uint64_t)(exp.udf ^ dut->udf) |
        (uint64_t)(exp.fault ^ dut->fault);
    if (diff || memcmp(exp.bc, dut->bc, fcb.rtl.lanes)) {
        report_mismatch(s, &exp, dut, cycle);
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
    .options = fc_options,
    .has_contexts = true,
    .config_name = config_name,
    .config_args = config_args,
    .wave_signals = fc_wave_signals,
    .report_text = fc_report_text,
    .report_json = fc_report_json,
    .stimulus_args = stimulus_args,
    .fcov_write = fc_fcov_write,
};
