/* The public API's fc_unit mirror (ctm.h): the flow-control unit stepped with
 * the instruction as its encoded dwords, decoded by the ISA's own decoder,
 * exactly the words a testbench drives onto the RTL. */
#include "ctm.h"
#include "api_check.h"
#include "ctm_int.h"

#include "fc.h"
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cmd_name(unsigned cmd)
{
    static const char *const names[4] = {"IDLE", "START", "EXEC", "CMD3"};
    return names[cmd & 3];
}

static const char *op_name(unsigned op)
{
    return fc_op_name(op);
}

static const char *fault_name(unsigned f)
{
    return f ? fc_fault_name(f) : NULL;
}

enum {
    IN_RST, IN_CMD, IN_CTX, IN_FULL_MODE, IN_OP, IN_CMN_INST, IN_FC_INST, IN_FC_ADDR,
    IN_INT_CONST, IN_BOOL_CONST, IN_PRED_R, IN_PRED_G, IN_PRED_B, IN_PRED_A, IN_ALU_RESULT,
    IN_ALU_VALID, IN_PC, IN_LIVE, IN_COUNT
};

/* fc_unit has no port structs yet: offset and size 0. */
static const api_port fc_in[IN_COUNT] = {
    [IN_RST] = {"rst", 0, 0, 0, 1, NULL, 0, 0},
    [IN_CMD] = {"cmd", 0, 0, 0, 2, cmd_name, 0, 0},
    [IN_CTX] = {"ctx", 0, 0, 0, 8, NULL, 0, 0},
    [IN_FULL_MODE] = {"full_mode", 0, 0, 0, 1, NULL, 0, 0},
    [IN_OP] = {"op", 0, 0, 0, 3, op_name, 0, 0}, /* decoded from fc_inst, for the reader */
    [IN_CMN_INST] = {"cmn_inst", 0, 1, 0, 32, NULL, 0, 0},
    [IN_FC_INST] = {"fc_inst", 0, 1, 0, 32, NULL, 0, 0},
    [IN_FC_ADDR] = {"fc_addr", 0, 1, 0, 32, NULL, 0, 0},
    [IN_INT_CONST] = {"int_const", 0, 1, 0, 32, NULL, 0, 0},
    [IN_BOOL_CONST] = {"bool_const", 0, 0, 0, 1, NULL, 0, 0},
    [IN_PRED_R] = {"pred_r", 1, 1, 0, 0, NULL, 0, 0},
    [IN_PRED_G] = {"pred_g", 1, 1, 0, 0, NULL, 0, 0},
    [IN_PRED_B] = {"pred_b", 1, 1, 0, 0, NULL, 0, 0},
    [IN_PRED_A] = {"pred_a", 1, 1, 0, 0, NULL, 0, 0},
    [IN_ALU_RESULT] = {"alu_result", 1, 1, 0, 0, NULL, 0, 0},
    [IN_ALU_VALID] = {"alu_valid", 0, 0, 0, 1, NULL, 0, 0},
    [IN_PC] = {"pc", 0, 0, 0, 9, NULL, 0, 0},
    [IN_LIVE] = {"live", 1, 1, 0, 0, NULL, 0, 0},
};

/* The compared outputs; the per-lane counters bc_o come last as the mask of
 * the lanes whose counter differs (expected 0). */
enum { OUT_BC = CTM_FC_FIELDS, OUT_COUNT };

static const api_port fc_out[OUT_COUNT] = {
    [CTM_FC_JUMP] = {"jump", 0, 0, 0, 1, NULL, 0, 0},
    [CTM_FC_NEXT_PC] = {"next_pc", 0, 0, 0, 10, NULL, 0, 0},
    [CTM_FC_WANT] = {"want", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_ACTIVE] = {"active", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_BR_INACTIVE] = {"br_inactive", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_LOOP_MASKED] = {"loop_masked", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_DEPTH] = {"depth", 0, 0, 0, 8, NULL, 0, 0},
    [CTM_FC_ADDR_SP] = {"addr_sp", 0, 0, 0, 6, NULL, 0, 0},
    [CTM_FC_ADDR_TOP] = {"addr_top", 0, 0, 0, 10, NULL, 0, 0},
    [CTM_FC_LOOP_SP] = {"loop_sp", 0, 0, 0, 6, NULL, 0, 0},
    [CTM_FC_LOOP_TOP_IS_LOOP] = {"loop_top_is_loop", 0, 0, 0, 1, NULL, 0, 0},
    [CTM_FC_LOOP_TOP_COUNT] = {"loop_top_count", 0, 0, 0, 8, NULL, 0, 0},
    [CTM_FC_LOOP_TOP_LIVE] = {"loop_top_live", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_LOOP_TOP_BRK] = {"loop_top_brk", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_LOOP_TOP_CONT] = {"loop_top_cont", 1, 1, 0, 0, NULL, 0, 0},
    [CTM_FC_AL] = {"al", 0, 0, 0, 16, NULL, 0, 0},
    [CTM_FC_OVF] = {"ovf", 0, 0, 0, 3, NULL, 0, 0},
    [CTM_FC_UDF] = {"udf", 0, 0, 0, 3, NULL, 0, 0},
    [CTM_FC_FAULT] = {"fault", 0, 0, 0, 4, fault_name, 0, 0},
    [OUT_BC] = {"bc_lanes_differ", 1, 1, 0, 0, NULL, 0, 0},
};

_Static_assert((int)IN_COUNT <= (int)API_PORTS_MAX && (int)OUT_COUNT <= (int)API_PORTS_MAX,
               "fc_unit's ports fit the checker's arrays");

/* No port structs yet: the checker compares the want and got arrays. */
static const api_unit fc_api_unit = {"fc_unit", "fc", fc_in,  IN_COUNT, fc_out,
                                     OUT_COUNT, IN_CTX, NULL, NULL, 0,      0};

struct ctm_fc {
    api_mirror mr; /* first: the guard and the checker (api_check.h) */
    fc_unit_model *m;
    fc_unit_params p;
    fc_unit_out out; /* the last stepped cycle's outputs */
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
    char config[64];
    snprintf(config, sizeof config, "%dx%da%dl%db%d", contexts, lanes, addr_depth, loop_depth,
             bc_width);
    dpp_error err;
    if (api_check_init(&f->mr.ck, &fc_api_unit, (unsigned)lanes, (unsigned)contexts + 1, config) ||
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

void ctm_fc_step(ctm_fc *f, int rst, int cmd, int ctx, int full_mode, uint32_t cmn_inst,
                 uint32_t fc_inst, uint32_t fc_addr, uint32_t int_const, int bool_const,
                 uint64_t pred_r, uint64_t pred_g, uint64_t pred_b, uint64_t pred_a,
                 uint64_t alu_result, int alu_valid, int pc, uint64_t live)
{
    if (!API_LIVE(f, API_FC) || !API_RANGE(&f->mr.h, "cmd", cmd, 0, 3) ||
        !API_RANGE(&f->mr.h, "ctx", ctx, 0, 255) || !API_RANGE(&f->mr.h, "pc", pc, 0, 511))
        return;
    /* Only EXEC reads the instruction: the words of other commands are not decoded
     * (most cycles of a system run are IDLE). */
    dpp_inst inst;
    if (cmd == FC_CMD_EXEC && !rst) {
        uint32_t words[DPP_INST_DWORDS] = {cmn_inst, 0, fc_inst, fc_addr, 0, 0};
        dpp_inst_decode(words, &inst);
    } else {
        memset(&inst, 0, sizeof inst);
    }
    /* the step's inputs as the report shows them (op: decoded from fc_inst) */
    uint64_t lanes = f->p.lanes >= 64 ? ~0ull : (1ull << f->p.lanes) - 1;
    api_check *c = &f->mr.ck;
    uint64_t *k = api_check_begin(c, api_check_slot(c, (unsigned)ctx));
    k[IN_RST] = rst != 0;
    k[IN_CMD] = (unsigned)cmd;
    k[IN_CTX] = (unsigned)ctx;
    k[IN_FULL_MODE] = full_mode != 0;
    k[IN_OP] = inst.fc.op;
    k[IN_CMN_INST] = cmn_inst;
    k[IN_FC_INST] = fc_inst;
    k[IN_FC_ADDR] = fc_addr;
    k[IN_INT_CONST] = int_const;
    k[IN_BOOL_CONST] = bool_const != 0;
    k[IN_PRED_R] = pred_r & lanes;
    k[IN_PRED_G] = pred_g & lanes;
    k[IN_PRED_B] = pred_b & lanes;
    k[IN_PRED_A] = pred_a & lanes;
    k[IN_ALU_RESULT] = alu_result & lanes;
    k[IN_ALU_VALID] = alu_valid != 0;
    k[IN_PC] = (unsigned)pc;
    k[IN_LIVE] = live & lanes;
    if (rst) { /* every context back to its reset state */
        fc_unit_model *fresh;
        dpp_error err;
        if (!fc_unit_create(&f->p, &fresh, &err)) {
            fc_unit_destroy(f->m);
            f->m = fresh;
        }
        memset(&f->out, 0, sizeof f->out);
        memset(f->mr.ck.want, 0, sizeof f->mr.ck.want);
        return;
    }
    fc_unit_in in = {.cmd = (uint8_t)cmd,
                     .ctx = (uint8_t)ctx,
                     .full_mode = (uint8_t)(full_mode != 0),
                     .inst = {.op = (uint8_t)inst.fc.op,
                              .b_else = (uint8_t)inst.fc.b_else,
                              .jump_any = (uint8_t)inst.fc.jump_any,
                              .a_op = (uint8_t)inst.fc.a_op,
                              .jump_func = (uint8_t)inst.fc.jump_func,
                              .b_pop_cnt = (uint8_t)inst.fc.b_pop_cnt,
                              .b_op0 = (uint8_t)inst.fc.b_op0,
                              .b_op1 = (uint8_t)inst.fc.b_op1,
                              .jump_addr = inst.fc.jump_addr,
                              .pred_sel = (uint8_t)inst.cmn.rgb_pred_sel,
                              .pred_inv = (uint8_t)inst.cmn.rgb_pred_inv},
                     .pred = {pred_r, pred_g, pred_b, pred_a},
                     .alu_result = alu_result,
                     .alu_valid = (uint8_t)(alu_valid != 0),
                     .bool_const = (uint8_t)(bool_const != 0),
                     .loop_count = (uint8_t)int_const,
                     .loop_init = (uint8_t)(int_const >> 8),
                     .loop_step = (int8_t)(uint8_t)(int_const >> 16),
                     .pc = (uint16_t)pc,
                     .live = live};
    fc_unit_out *o = &f->out;
    fc_unit_step(f->m, &in, o);
    uint64_t *w = f->mr.ck.want;
    w[CTM_FC_JUMP] = o->jump;
    w[CTM_FC_NEXT_PC] = o->next_pc;
    w[CTM_FC_WANT] = o->want;
    w[CTM_FC_ACTIVE] = o->active;
    w[CTM_FC_BR_INACTIVE] = o->br_inactive;
    w[CTM_FC_LOOP_MASKED] = o->loop_masked;
    w[CTM_FC_DEPTH] = o->depth;
    w[CTM_FC_ADDR_SP] = o->addr_sp;
    w[CTM_FC_ADDR_TOP] = o->addr_top;
    w[CTM_FC_LOOP_SP] = o->loop_sp;
    w[CTM_FC_LOOP_TOP_IS_LOOP] = o->loop_top_is_loop;
    w[CTM_FC_LOOP_TOP_COUNT] = o->loop_top_count;
    w[CTM_FC_LOOP_TOP_LIVE] = o->loop_top_live;
    w[CTM_FC_LOOP_TOP_BRK] = o->loop_top_brk;
    w[CTM_FC_LOOP_TOP_CONT] = o->loop_top_cont;
    w[CTM_FC_AL] = (uint16_t)o->al;
    w[CTM_FC_OVF] = o->ovf;
    w[CTM_FC_UDF] = o->udf;
    w[CTM_FC_FAULT] = o->fault;
    w[OUT_BC] = 0;
}

uint64_t ctm_fc_expect(const ctm_fc *f, int field)
{
    return API_LIVE(f, API_FC)
               ? API_EXPECT(&f->mr.ck, (api_handle *)&f->mr.h, field, CTM_FC_FIELDS)
               : 0;
}

int ctm_fc_expect_bc(const ctm_fc *f, int lane)
{
    if (api_is_live(f, API_FC) && (unsigned)lane < f->p.lanes && f->mr.ck.steps)
        return f->out.bc[lane]; /* a bench reads the counters of every lane that is off */
    if (!API_LIVE(f, API_FC) ||
        !API_RANGE((api_handle *)&f->mr.h, "lane", lane, 0, (long long)f->p.lanes - 1))
        return 0;
    if (!f->mr.ck.steps) {
        api_error((api_handle *)&f->mr.h, "%s: no cycle stepped yet", __func__);
        return 0;
    }
    return f->out.bc[lane];
}

/* The lanes whose counter in bc (bc_o as 32-bit words) differs from the
 * expected ones: the packed vectors word by word, lane by lane only when they
 * differ. The first such lane's values go to *lane, *want, *got. */
static uint64_t bc_differ(const ctm_fc *f, const uint32_t *bc, unsigned *lane, unsigned *want,
                          unsigned *got)
{
    unsigned lanes = f->p.lanes, bits = lanes * f->p.bc_width, full = bits / 32, rest = bits % 32;
    uint32_t want_bc[FC_BC_WORDS];
    fc_bc_pack(f->out.bc, lanes, f->p.bc_width, want_bc);
    if (!memcmp(want_bc, bc, full * sizeof *bc) &&
        (!rest || !((want_bc[full] ^ bc[full]) & ((1u << rest) - 1))))
        return 0;
    uint8_t got_bc[FC_MAX_LANES];
    fc_bc_unpack(bc, lanes, f->p.bc_width, got_bc);
    uint64_t d = 0;
    for (unsigned l = lanes; l-- > 0;)
        if (got_bc[l] != f->out.bc[l]) {
            d |= 1ull << l;
            *lane = l;
            *want = f->out.bc[l];
            *got = got_bc[l];
        }
    return d;
}

int ctm_fc_check(ctm_fc *f, int jump, int next_pc, uint64_t want, uint64_t active,
                 uint64_t br_inactive, uint64_t loop_masked, const uint32_t *bc, int depth,
                 int addr_sp, int addr_top, int loop_sp, int loop_top_is_loop, int loop_top_count,
                 uint64_t loop_top_live, uint64_t loop_top_brk, uint64_t loop_top_cont, int al,
                 int ovf, int udf, int fault)
{
    if (!API_LIVE(f, API_FC))
        return CTM_E_ARG;
    uint64_t *g = f->mr.ck.got;
    g[CTM_FC_JUMP] = jump != 0;
    g[CTM_FC_NEXT_PC] = (uint64_t)next_pc;
    g[CTM_FC_WANT] = want;
    g[CTM_FC_ACTIVE] = active;
    g[CTM_FC_BR_INACTIVE] = br_inactive;
    g[CTM_FC_LOOP_MASKED] = loop_masked;
    g[CTM_FC_DEPTH] = (uint64_t)depth;
    g[CTM_FC_ADDR_SP] = (uint64_t)addr_sp;
    g[CTM_FC_ADDR_TOP] = (uint64_t)addr_top;
    g[CTM_FC_LOOP_SP] = (uint64_t)loop_sp;
    g[CTM_FC_LOOP_TOP_IS_LOOP] = loop_top_is_loop != 0;
    g[CTM_FC_LOOP_TOP_COUNT] = (uint64_t)loop_top_count;
    g[CTM_FC_LOOP_TOP_LIVE] = loop_top_live;
    g[CTM_FC_LOOP_TOP_BRK] = loop_top_brk;
    g[CTM_FC_LOOP_TOP_CONT] = loop_top_cont;
    g[CTM_FC_AL] = (uint16_t)al;
    g[CTM_FC_OVF] = (uint64_t)ovf;
    g[CTM_FC_UDF] = (uint64_t)udf;
    g[CTM_FC_FAULT] = (uint64_t)fault;
    unsigned lane = 0, bw = 0, bg = 0;
    g[OUT_BC] = bc && f->mr.ck.steps ? bc_differ(f, bc, &lane, &bw, &bg) : 0;
    int st = api_verdict(&f->mr.ck, &f->mr.h, __func__, "ctm_fc_step", IN_CTX);
    if (st == CTM_E_MISMATCH && f->mr.ck.differ[0] == OUT_BC) /* only the counters differ */
        snprintf(f->mr.ck.diff, sizeof f->mr.ck.diff, "cycle %llu, context %llu: bc[%u]: expected %u, "
                 "actual %u", (unsigned long long)f->mr.ck.cycle,
                 (unsigned long long)((const uint64_t *)f->mr.ck.in)[IN_CTX], lane, bw, bg);
    return st;
}

const char *ctm_fc_diff(const ctm_fc *f)
{
    return api_mirror_diff(f, API_FC, __func__);
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
