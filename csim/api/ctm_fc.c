/* The public API's fc_unit mirror (ctm.h): the flow-control unit stepped with
 * the instruction as its encoded dwords, decoded by the ISA's own decoder,
 * exactly the words a testbench drives onto the RTL. */
#include "ctm.h"
#include "api_check.h"
#include "ctm_int.h"

#include "fc.h"
#include "hot.h"
#include "isa.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cmd_name(unsigned cmd)
{
    static const char *const names[4] = {"IDLE", "START", "EXEC", "CMD3"};
    return names[cmd & 3];
}

static const char *fault_name(unsigned f)
{
    return f ? fc_fault_name(f) : NULL;
}

/* The op of a US_FC_INST word, named, for the report's inputs. */
static const char *fc_inst_op(unsigned fc_inst)
{
    static const dpp_field_desc *op; /* the table is constant: a race writes the same value */
    if (!op)
        op = dpp_field_find("fc_op");
    return fc_op_name(fc_inst >> op->lo & ((1u << op->width) - 1));
}

#define API_NAMES_fc_cmd cmd_name
#define API_NAMES_fc_inst_op fc_inst_op
#define API_NAMES_fc_fault fault_name

/* The ports of ctm_ports.h's lists, in their order: the inputs in the order
 * the report shows them, the outputs in CTM_FC_* order and the counters bc
 * last, one byte per lane (a difference shows as the mask of the lanes that
 * differ). */
enum { CTM_FC_IN_PORTS(API_INDEX, FC_IN_) FC_INS };
enum { CTM_FC_OUT_PORTS(API_INDEX, FC_OUT_) FC_OUTS };
_Static_assert((int)FC_OUT_bc == (int)CTM_FC_FIELDS, "a row for each CTM_FC_* field, then bc");
API_TABLE(fc_in, CTM_FC_IN_PORTS, ctm_fc_in);
API_TABLE(fc_out, CTM_FC_OUT_PORTS, ctm_fc_out);
API_ONLY_LISTED(CTM_FC_IN_PORTS, ctm_fc_in, 0);
API_ONLY_LISTED(CTM_FC_OUT_PORTS, ctm_fc_out, sizeof(((ctm_fc_out *)0)->pad_));
_Static_assert((int)FC_INS <= (int)API_PORTS_MAX && (int)FC_OUTS <= (int)API_PORTS_MAX,
               "fc_unit's ports fit the checker's arrays");
_Static_assert(sizeof(((ctm_fc_out *)0)->bc) == FC_MAX_LANES, "one counter byte per lane");

const api_unit api_fc_unit = {"fc_unit",     "fc",         fc_in,          FC_INS,
                              fc_out,        FC_OUTS,      FC_IN_ctx,         "ctm_fc_in_t",
                              "ctm_fc_out_t", sizeof(ctm_fc_in), sizeof(ctm_fc_out)};

struct ctm_fc {
    api_mirror mr; /* first: the guard and the checker (api_check.h) */
    fc_unit_model *m;
    fc_unit_params p;
    uint64_t lanes; /* lane mask */
};

ctm_fc *ctm_fc_new(int contexts, int lanes, int addr_depth, int loop_depth, int bc_width)
{
    if (!API_RANGE(NULL, "contexts", contexts, 1, 256) ||
        !API_RANGE(NULL, "lanes", lanes, 1, FC_MAX_LANES) ||
        !API_RANGE(NULL, "addr_depth", addr_depth, 0, FC_MAX_DEPTH) ||
        !API_RANGE(NULL, "loop_depth", loop_depth, 0, FC_MAX_DEPTH) ||
        !API_RANGE(NULL, "bc_width", bc_width, 3, 8))
        return NULL;
    ctm_fc *f = api_alloc(API_FC, sizeof *f);
    if (!f)
        return api_fail("ctm_fc_new: out of memory");
    f->p = (fc_unit_params){(unsigned)contexts, (unsigned)lanes, (unsigned)addr_depth,
                            (unsigned)loop_depth, (unsigned)bc_width, DPP_FC_PARTIAL_BRANCHES};
    f->lanes = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
    char config[64];
    snprintf(config, sizeof config, "%dx%da%dl%db%d", contexts, lanes, addr_depth, loop_depth,
             bc_width);
    dpp_error err;
    if (api_check_init(&f->mr.ck, &api_fc_unit, (unsigned)lanes, (unsigned)contexts + 1, config) ||
        fc_unit_create(&f->p, &f->m, &err)) {
        api_check_free(&f->mr.ck);
        api_release(f, API_FC);
        return api_fail("ctm_fc_new: out of memory");
    }
    api_set_error("");
    return f;
}

void ctm_fc_free(ctm_fc *f)
{
    if (!f || !API_LIVE(f, API_FC))
        return;
    fc_unit_destroy(f->m);
    api_check_free(&f->mr.ck);
    api_release(f, API_FC);
}

/* The mirror's inputs, the instruction decoded from its words. Read from the
 * caller's struct, not from the history's copy just written: loads of fields
 * the store of the whole copy has not yet written back wait for it. Only EXEC
 * reads the instruction (most cycles of a system run are IDLE). */
static void to_mirror(const ctm_fc_in *in, fc_unit_in *m)
{
    const dpp_loop_const k = dpp_loop_const_unpack(in->int_const);
    *m = (fc_unit_in){.cmd = (uint8_t)in->cmd,
                      .ctx = (uint8_t)in->ctx,
                      .full_mode = (uint8_t)(in->full_mode != 0),
                      .pred = {in->pred_r, in->pred_g, in->pred_b, in->pred_a},
                      .alu_result = in->alu_result,
                      .alu_valid = (uint8_t)(in->alu_valid != 0),
                      .bool_const = (uint8_t)(in->bool_const != 0),
                      .loop_count = k.count,
                      .loop_init = k.init,
                      .loop_step = k.step,
                      .pc = (uint16_t)in->pc,
                      .live = in->live};
    if (in->cmd == FC_CMD_EXEC) /* inline: a struct returned by value is packed into registers */
        fc_fields_decode_into(&m->inst, in->cmn_inst, in->fc_inst, in->fc_addr);
}

/* A reset's step: every context as created, the outputs 0. */
CTM_COLD static void reset_all(ctm_fc *f, ctm_fc_out *w)
{
    fc_unit_model *fresh;
    dpp_error err;
    if (!fc_unit_create(&f->p, &fresh, &err)) {
        fc_unit_destroy(f->m);
        f->m = fresh;
    }
    memset(w, 0, sizeof *w);
}

/* One clock edge with inputs in range: kept in the history as the port struct
 * (flags as 0/1, lane masks cut to the lanes), the expected outputs beside
 * them, compared with the DUT's at dut as they are written (NULL: none):
 * nonzero if they differ (a reset's are not compared: 0). */
static uint64_t step(ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut)
{
    api_check *c = &f->mr.ck;
    unsigned char *e = api_check_begin(c, api_check_slot(c, in->ctx));
    ctm_fc_in *k = (ctm_fc_in *)(e + 8);
    ctm_fc_out *w = (ctm_fc_out *)(e + c->want_at);
    const uint64_t lanes = f->lanes;
    *k = (ctm_fc_in){.pred_r = in->pred_r & lanes,
                     .pred_g = in->pred_g & lanes,
                     .pred_b = in->pred_b & lanes,
                     .pred_a = in->pred_a & lanes,
                     .alu_result = in->alu_result & lanes,
                     .live = in->live & lanes,
                     .cmd = in->cmd,
                     .ctx = in->ctx,
                     .pc = in->pc,
                     .cmn_inst = in->cmn_inst,
                     .fc_inst = in->fc_inst,
                     .fc_addr = in->fc_addr,
                     .int_const = in->int_const,
                     .rst = in->rst != 0,
                     .full_mode = in->full_mode != 0,
                     .bool_const = in->bool_const != 0,
                     .alu_valid = in->alu_valid != 0};
    if (in->rst) { /* every context back to its reset state */
        reset_all(f, w);
        return 0;
    }
    static const ctm_fc_out none; /* compared with when no DUT's outputs are given */
    dut = dut ? dut : &none;
    if (in->cmd != FC_CMD_START && in->cmd != FC_CMD_EXEC) /* IDLE: the context's outputs */
        return fc_unit_idle_check(f->m, in->ctx, in->pc, w, dut);
    fc_unit_in mi;
    to_mirror(in, &mi);
    return fc_unit_step_check(f->m, &mi, w, dut); /* into the history entry, at the ports' widths */
}

/* The inputs' ranges (cmd 0..3, ctx 0..255, pc 0..511): 1, or 0 with the
 * first one out of range pending on the handle, in func's name. */
static int in_range(ctm_fc *f, long long cmd, long long ctx, long long pc, const char *func)
{
    return API_RANGE_AT(&f->mr.h, func, "cmd", cmd, 0, 3) &&
           API_RANGE_AT(&f->mr.h, func, "ctx", ctx, 0, 255) &&
           API_RANGE_AT(&f->mr.h, func, "pc", pc, 0, 511);
}

void ctm_fc_step(ctm_fc *f, int rst, int cmd, int ctx, int full_mode, uint32_t cmn_inst,
                 uint32_t fc_inst, uint32_t fc_addr, uint32_t int_const, int bool_const,
                 uint64_t pred_r, uint64_t pred_g, uint64_t pred_b, uint64_t pred_a,
                 uint64_t alu_result, int alu_valid, int pc, uint64_t live)
{
    if (!API_LIVE(f, API_FC) || !in_range(f, cmd, ctx, pc, __func__))
        return;
    const ctm_fc_in in = {.pred_r = pred_r,
                          .pred_g = pred_g,
                          .pred_b = pred_b,
                          .pred_a = pred_a,
                          .alu_result = alu_result,
                          .live = live,
                          .cmd = (uint32_t)cmd,
                          .ctx = (uint32_t)ctx,
                          .pc = (uint32_t)pc,
                          .cmn_inst = cmn_inst,
                          .fc_inst = fc_inst,
                          .fc_addr = fc_addr,
                          .int_const = int_const,
                          .rst = rst != 0,
                          .full_mode = full_mode != 0,
                          .bool_const = bool_const != 0,
                          .alu_valid = alu_valid != 0};
    step(f, &in, NULL);
}

uint64_t ctm_fc_expect(const ctm_fc *f, int field)
{
    return API_LIVE(f, API_FC)
               ? API_EXPECT(&f->mr.ck, (api_handle *)&f->mr.h, field, CTM_FC_FIELDS)
               : 0;
}

int ctm_fc_expect_bc(const ctm_fc *f, int lane)
{
    if (!API_LIVE(f, API_FC) ||
        !API_RANGE((api_handle *)&f->mr.h, "lane", lane, 0, (long long)f->p.lanes - 1))
        return 0;
    if (!f->mr.ck.steps) {
        api_error((api_handle *)&f->mr.h, "%s: no cycle stepped yet", __func__);
        return 0;
    }
    return ((const ctm_fc_out *)api_check_want(&f->mr.ck))->bc[lane];
}

/* After a mismatch whose first field is bc: the diff names the first lane
 * whose counter differs. */
static int bc_note(ctm_fc *f, int st)
{
    api_check *c = &f->mr.ck;
    if (st != CTM_E_MISMATCH || c->differ[0] != FC_OUT_bc)
        return st;
    const ctm_fc_out *w = api_check_want(c), *g = (const ctm_fc_out *)c->got_w;
    unsigned lane = (unsigned)__builtin_ctzll(c->got[FC_OUT_bc]);
    snprintf(c->diff, sizeof c->diff, "cycle %llu, context %lld: bc[%u]: expected %u, actual %u",
             (unsigned long long)api_check_cycle(c), c->mm_ctx, lane, w->bc[lane], g->bc[lane]);
    return st;
}

int ctm_fc_check(ctm_fc *f, int jump, int next_pc, uint64_t want, uint64_t active,
                 uint64_t br_inactive, uint64_t loop_masked, const uint32_t bc[16], int depth,
                 int addr_sp, int addr_top, int loop_sp, int loop_top_is_loop, int loop_top_count,
                 uint64_t loop_top_live, uint64_t loop_top_brk, uint64_t loop_top_cont, int al,
                 int ovf, int udf, int fault)
{
    if (!API_LIVE(f, API_FC))
        return CTM_E_ARG;
    api_check *c = &f->mr.ck;
    ctm_fc_out *g = (ctm_fc_out *)c->got_w;
    *g = (ctm_fc_out){.want = want,
                      .active = active,
                      .br_inactive = br_inactive,
                      .loop_masked = loop_masked,
                      .loop_top_live = loop_top_live,
                      .loop_top_brk = loop_top_brk,
                      .loop_top_cont = loop_top_cont,
                      .next_pc = (uint32_t)next_pc,
                      .depth = (uint32_t)depth,
                      .addr_sp = (uint32_t)addr_sp,
                      .addr_top = (uint32_t)addr_top,
                      .loop_sp = (uint32_t)loop_sp,
                      .loop_top_count = (uint32_t)loop_top_count,
                      .al = (uint16_t)al,
                      .ovf = (uint32_t)ovf,
                      .udf = (uint32_t)udf,
                      .fault = (uint32_t)fault,
                      .jump = jump != 0,
                      .loop_top_is_loop = loop_top_is_loop != 0};
    if (bc) /* bc_o's packed vector; NULL: the counters are not compared */
        fc_bc_unpack(bc, f->p.lanes, f->p.bc_width, g->bc);
    else if (c->steps)
        memcpy(g->bc, ((const ctm_fc_out *)api_check_want(c))->bc, sizeof g->bc);
    return bc_note(f, api_verdict(c, &f->mr.h, __func__, "ctm_fc_step", FC_IN_ctx));
}

/* ctm_fc_cycle with an error pending or an input out of range: its verdict. */
CTM_COLD static int refused(ctm_fc *f, const ctm_fc_in *in, const char *func)
{
    (void)in_range(f, in->cmd, in->ctx, in->pc, func);
    return api_verdict(&f->mr.ck, &f->mr.h, func, func, FC_IN_ctx);
}

/* ctm_fc_cycle's outputs differ from the expected ones as bytes: the field
 * comparison and its verdict. */
CTM_COLD static int mismatch(ctm_fc *f, const ctm_fc_out *dut)
{
    return bc_note(f, api_check_compare_wire(&f->mr.ck, dut, FC_IN_ctx));
}

/* A cycle of ctm_fc_cycle or ctm_fc_cycles (func names it in errors) on a
 * live handle. */
static inline __attribute__((always_inline)) int cycle(ctm_fc *f, const ctm_fc_in *in_w,
                                                       const ctm_fc_out *dut, const char *func)
{
    /* read in place, or a copy when not aligned (an svBitVecVal array is only
     * 4-byte aligned) */
    ctm_fc_in copy;
    const ctm_fc_in *in = in_w;
    if ((uintptr_t)in_w % _Alignof(ctm_fc_in)) {
        memcpy(&copy, in_w, sizeof copy);
        in = &copy;
    }
    api_check *c = &f->mr.ck;
    if (f->mr.h.pending || in->cmd > 3 || in->ctx > 255 || in->pc > 511)
        return refused(f, in, func);
    uint8_t rst = in->rst; /* read before the step, which writes the history */
    uint64_t differs = step(f, in, dut);
    if (rst || !dut) /* fc_unit's outputs are not checked in reset */
        return CTM_OK;
    if (!differs) { /* the common case, inline */
        api_check_matched(c);
        return CTM_OK;
    }
    return mismatch(f, dut);
}

int ctm_fc_cycle(ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut)
{
    return API_LIVE(f, API_FC) ? cycle(f, in, dut, __func__) : CTM_E_ARG;
}

/* flatten: where the mirror's step can be inlined (the kit's LTO build), the
 * loop runs it without a call, its inputs kept in registers (fc 4x16: 125 ->
 * 119 TSC cycles a step); ctm_fc_cycle keeps the call, the code the model's
 * own steps share. */
__attribute__((flatten)) int ctm_fc_cycles(ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut,
                                           int n, int *stepped)
{
    if (stepped)
        *stepped = 0;
    if (!API_LIVE(f, API_FC))
        return CTM_E_ARG;
    if (n < 0 || (n && (!in || !dut))) {
        if (n < 0)
            api_error(&f->mr.h, "%s: n = %d is negative", __func__, n);
        else
            api_error(&f->mr.h, "%s: %s is NULL with n = %d", __func__, in ? "dut" : "in", n);
        return api_verdict(&f->mr.ck, &f->mr.h, __func__, __func__, FC_IN_ctx);
    }
    for (int i = 0; i < n; i++) {
        int st = cycle(f, &in[i], &dut[i], __func__);
        if (st != CTM_OK) {
            if (stepped)
                *stepped = i + 1;
            return st;
        }
    }
    if (stepped)
        *stepped = n;
    return CTM_OK;
}

int ctm_fc_expected(const ctm_fc *f, ctm_fc_out *out)
{
    if (!API_LIVE(f, API_FC))
        return CTM_E_ARG;
    if (!f->mr.ck.steps) {
        api_fail("%s: no cycle stepped yet", __func__); /* the status says it: not pending */
        return CTM_E_STATE;
    }
    memcpy(out, api_check_want(&f->mr.ck), sizeof *out);
    return CTM_OK;
}

int ctm_fc_history(const ctm_fc *f, int ctx, int i, uint64_t *cycle, ctm_fc_in *in,
                   ctm_fc_out *expected)
{
    if (!API_LIVE(f, API_FC))
        return CTM_E_ARG;
    if (ctx < 0 || ctx > 255) { /* ctx_i's range: past the unit's contexts, one slot */
        api_fail("%s: ctx = %d is outside 0..255", __func__, ctx);
        return CTM_E_ARG;
    }
    const api_check *c = &f->mr.ck;
    return api_history_step(c, api_check_slot(c, (unsigned)ctx), i, cycle, in, expected, __func__);
}

const char *ctm_fc_diff(const ctm_fc *f)
{
    return api_mirror_diff(f, API_FC, __func__);
}

int ctm_fc_diff_port(const ctm_fc *f, int *port, int *lane)
{
    return api_mirror_diff_port(f, API_FC, port, lane, __func__);
}

const char *ctm_fc_report(ctm_fc *f, int format)
{
    return api_mirror_report(f, API_FC, format, __func__);
}

int ctm_fc_set_cycle(ctm_fc *f, uint64_t cycle)
{
    return api_mirror_set_cycle(f, API_FC, cycle, __func__);
}

int ctm_fc_set_history(ctm_fc *f, int steps)
{
    return api_mirror_set_history(f, API_FC, steps, __func__);
}
