/* The public API's fc_unit mirror (ctm.h): the flow-control unit stepped with
 * the instruction as its encoded dwords, decoded by the ISA's own decoder,
 * exactly the words a testbench drives onto the RTL. */
#include "ctm.h"
#include "ctm_int.h"

#include "fc.h"
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const api_field fc_fields_out[CTM_FC_FIELDS] = {
    [CTM_FC_JUMP] = {"jump", 0},
    [CTM_FC_NEXT_PC] = {"next_pc", 0},
    [CTM_FC_WANT] = {"want", 1},
    [CTM_FC_ACTIVE] = {"active", 1},
    [CTM_FC_BR_INACTIVE] = {"br_inactive", 1},
    [CTM_FC_LOOP_MASKED] = {"loop_masked", 1},
    [CTM_FC_DEPTH] = {"depth", 0},
    [CTM_FC_ADDR_SP] = {"addr_sp", 0},
    [CTM_FC_ADDR_TOP] = {"addr_top", 0},
    [CTM_FC_LOOP_SP] = {"loop_sp", 0},
    [CTM_FC_LOOP_TOP_IS_LOOP] = {"loop_top_is_loop", 0},
    [CTM_FC_LOOP_TOP_COUNT] = {"loop_top_count", 0},
    [CTM_FC_LOOP_TOP_LIVE] = {"loop_top_live", 1},
    [CTM_FC_LOOP_TOP_BRK] = {"loop_top_brk", 1},
    [CTM_FC_LOOP_TOP_CONT] = {"loop_top_cont", 1},
    [CTM_FC_AL] = {"al", 0},
    [CTM_FC_OVF] = {"ovf", 0},
    [CTM_FC_UDF] = {"udf", 0},
    [CTM_FC_FAULT] = {"fault", 0},
};

struct ctm_fc {
    fc_unit_model *m;
    fc_unit_params p;
    uint64_t cycle;
    fc_unit_out out; /* the last stepped cycle's outputs */
    uint64_t want[CTM_FC_FIELDS];
    char diff[512];
};

ctm_fc *ctm_fc_new(int contexts, int lanes, int addr_depth, int loop_depth, int bc_width)
{
    if (contexts < 1 || lanes < 1 || addr_depth < 0 || loop_depth < 0 || bc_width < 1)
        return api_fail("ctm_fc_new: contexts %d, lanes %d, addr_depth %d, loop_depth %d, "
                        "bc_width %d",
                        contexts, lanes, addr_depth, loop_depth, bc_width);
    ctm_fc *f = calloc(1, sizeof *f);
    if (!f)
        return api_fail("ctm_fc_new: out of memory");
    f->p = (fc_unit_params){(unsigned)contexts, (unsigned)lanes, (unsigned)addr_depth,
                            (unsigned)loop_depth, (unsigned)bc_width};
    dpp_error err;
    if (fc_unit_create(&f->p, &f->m, &err)) {
        free(f);
        return api_fail("ctm_fc_new: %s", err.msg);
    }
    api_set_error("");
    return f;
}

void ctm_fc_free(ctm_fc *f)
{
    if (f)
        fc_unit_destroy(f->m);
    free(f);
}

void ctm_fc_step(ctm_fc *f, int rst, int cmd, int ctx, int full_mode, uint32_t cmn_inst,
                 uint32_t fc_inst, uint32_t fc_addr, uint32_t int_const, int bool_const,
                 uint64_t pred_r, uint64_t pred_g, uint64_t pred_b, uint64_t pred_a,
                 uint64_t alu_result, int alu_valid, int pc, uint64_t live)
{
    f->cycle++;
    if (rst) { /* every context back to its reset state */
        fc_unit_model *fresh;
        dpp_error err;
        if (!fc_unit_create(&f->p, &fresh, &err)) {
            fc_unit_destroy(f->m);
            f->m = fresh;
        }
        memset(&f->out, 0, sizeof f->out);
        memset(f->want, 0, sizeof f->want);
        return;
    }
    /* Only EXEC reads the instruction: the words of other commands are not decoded
     * (most cycles of a system run are IDLE). */
    dpp_inst inst;
    if ((cmd & 3) == FC_CMD_EXEC) { /* the port is 2 bits wide */
        uint32_t words[DPP_INST_DWORDS] = {cmn_inst, 0, fc_inst, fc_addr, 0, 0};
        dpp_inst_decode(words, &inst);
    } else {
        memset(&inst, 0, sizeof inst);
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
    uint64_t w[CTM_FC_FIELDS] = {
        o->jump,          o->next_pc,          o->want,           o->active,
        o->br_inactive,   o->loop_masked,      o->depth,          o->addr_sp,
        o->addr_top,      o->loop_sp,          o->loop_top_is_loop, o->loop_top_count,
        o->loop_top_live, o->loop_top_brk,     o->loop_top_cont,  (uint16_t)o->al,
        o->ovf,           o->udf,              o->fault};
    memcpy(f->want, w, sizeof w);
}

uint64_t ctm_fc_expect(const ctm_fc *f, int field)
{
    return field >= 0 && field < CTM_FC_FIELDS ? f->want[field] : 0;
}

int ctm_fc_expect_bc(const ctm_fc *f, int lane)
{
    return lane >= 0 && (unsigned)lane < f->p.lanes ? f->out.bc[lane] : 0;
}

int ctm_fc_check(ctm_fc *f, int jump, int next_pc, uint64_t want, uint64_t active,
                 uint64_t br_inactive, uint64_t loop_masked, const uint32_t *bc, int depth,
                 int addr_sp, int addr_top, int loop_sp, int loop_top_is_loop, int loop_top_count,
                 uint64_t loop_top_live, uint64_t loop_top_brk, uint64_t loop_top_cont, int al,
                 int ovf, int udf, int fault)
{
    uint64_t got[CTM_FC_FIELDS] = {
        (uint64_t)(jump != 0),       (uint64_t)next_pc,        want,
        active,                      br_inactive,              loop_masked,
        (uint64_t)depth,             (uint64_t)addr_sp,        (uint64_t)addr_top,
        (uint64_t)loop_sp,           (uint64_t)(loop_top_is_loop != 0), (uint64_t)loop_top_count,
        loop_top_live,               loop_top_brk,             loop_top_cont,
        (uint64_t)(uint16_t)al,      (uint64_t)ovf,            (uint64_t)udf,
        (uint64_t)fault};
    int st = api_compare(fc_fields_out, f->want, got, CTM_FC_FIELDS, f->cycle - 1, f->diff,
                         sizeof f->diff);
    if (st != CTM_OK || !bc)
        return st;
    /* the expected counters packed as the RTL's vector are compared word by
     * word; only a difference is looked for lane by lane */
    unsigned lanes = f->p.lanes, bits = lanes * f->p.bc_width, full = bits / 32, rest = bits % 32;
    uint32_t want_bc[FC_BC_WORDS];
    fc_bc_pack(f->out.bc, lanes, f->p.bc_width, want_bc);
    if (!memcmp(want_bc, bc, full * sizeof *bc) &&
        (!rest || !((want_bc[full] ^ bc[full]) & ((1u << rest) - 1))))
        return CTM_OK;
    uint8_t got_bc[FC_MAX_LANES];
    fc_bc_unpack(bc, lanes, f->p.bc_width, got_bc);
    for (unsigned lane = 0; lane < lanes; lane++)
        if (got_bc[lane] != f->out.bc[lane]) {
            snprintf(f->diff, sizeof f->diff, "cycle %llu: bc[%u]: expected %u, actual %u",
                     (unsigned long long)(f->cycle - 1), lane, f->out.bc[lane], got_bc[lane]);
            return CTM_E_MISMATCH;
        }
    return CTM_OK;
}

const char *ctm_fc_diff(const ctm_fc *f)
{
    return f->diff;
}
