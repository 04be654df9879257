/* DPI glue of the flow-control unit testbench: packs the bench's stimulus into
 * the encoded instruction dwords the testbench decodes, and unpacks the RTL's
 * outputs into the C model's port struct. Compiled with -include V<top>__Dpi.h,
 * so a signature that drifts from dpi_imports.svh is a compile error. */
#include "fc_dpi.h"

#include <string.h>
#include <svdpi.h>

void c_dpi_fc_bind(int contexts, int lanes, int addr_depth, int loop_depth, int width,
                   int part_branches)
{
    const fc_unit_params p = {(unsigned)contexts, (unsigned)lanes, (unsigned)addr_depth,
                              (unsigned)loop_depth, (unsigned)width, (unsigned)part_branches};
    fc_bench_bind(&p);
}

/* The stimulus as the testbench's ports: the instruction as its encoded dwords. */
void fc_dpi_pack(const fc_stim *s, svBit *rst, int *cmd, int *ctx, svBit *full_mode, int *cmn_inst,
                 int *fc_inst, int *fc_addr, int *int_const, svBit *bool_const, long long *pred_r,
                 long long *pred_g, long long *pred_b, long long *pred_a, long long *alu_result,
                 svBit *alu_valid, int *pc, long long *live)
{
    *rst = s->rst;
    *cmd = s->in.cmd;
    *ctx = s->in.ctx;
    *full_mode = s->in.full_mode;
    fc_words w;
    fc_stim_words(s, &w); /* the instruction through the ISA's encoder */
    *cmn_inst = (int)w.cmn_inst;
    *fc_inst = (int)w.fc_inst;
    *fc_addr = (int)w.fc_addr;
    *int_const = (int)w.int_const;
    *bool_const = s->in.bool_const & 1;
    *pred_r = (long long)s->in.pred[0];
    *pred_g = (long long)s->in.pred[1];
    *pred_b = (long long)s->in.pred[2];
    *pred_a = (long long)s->in.pred[3];
    *alu_result = (long long)s->in.alu_result;
    *alu_valid = s->in.alu_valid & 1;
    *pc = s->in.pc;
    *live = (long long)s->in.live;
}

void c_dpi_fc_next(svBit prev_valid, svBit prev_jump, int prev_next_pc, int prev_fault,
                   int prev_depth, int prev_loop_sp, int prev_addr_sp, svBit prev_top_is_loop,
                   long long prev_active, svBit *rst, int *cmd, int *ctx, svBit *full_mode,
                   int *cmn_inst, int *fc_inst, int *fc_addr, int *int_const, svBit *bool_const,
                   long long *pred_r, long long *pred_g, long long *pred_b, long long *pred_a,
                   long long *alu_result, svBit *alu_valid, int *pc, long long *live)
{
    fc_unit_out prev;
    memset(&prev, 0, sizeof prev);
    prev.jump = prev_jump;
    prev.next_pc = (uint16_t)prev_next_pc;
    prev.fault = (uint8_t)prev_fault;
    prev.depth = (uint8_t)prev_depth;
    prev.loop_sp = (uint8_t)prev_loop_sp;
    prev.addr_sp = (uint8_t)prev_addr_sp;
    prev.loop_top_is_loop = prev_top_is_loop;
    prev.active = (uint64_t)prev_active;
    fc_stim s;
    fc_bench_next(prev_valid ? &prev : NULL, &s);
    fc_dpi_pack(&s, rst, cmd, ctx, full_mode, cmn_inst, fc_inst, fc_addr, int_const, bool_const,
                pred_r, pred_g, pred_b, pred_a, alu_result, alu_valid, pc, live);
}

svBit c_dpi_fc_check(svBit jump, int next_pc, long long want, long long active,
                     long long br_inactive, long long loop_masked, const svBitVecVal *bc, int depth,
                     int addr_sp, int addr_top, int loop_sp, svBit loop_top_is_loop,
                     int loop_top_count, long long loop_top_live, long long loop_top_brk,
                     long long loop_top_cont, int al, int ovf, int udf, int fault)
{
    fc_unit_out dut;
    memset(&dut, 0, sizeof dut);
    dut.jump = jump;
    dut.next_pc = (uint16_t)next_pc;
    dut.want = (uint64_t)want;
    dut.active = (uint64_t)active;
    dut.br_inactive = (uint64_t)br_inactive;
    dut.loop_masked = (uint64_t)loop_masked;
    /* bc_o goes to the check as the packed words it is; unpacked only for a report */
    dut.depth = (uint8_t)depth;
    dut.addr_sp = (uint8_t)addr_sp;
    dut.addr_top = (uint16_t)addr_top;
    dut.loop_sp = (uint8_t)loop_sp;
    dut.loop_top_is_loop = loop_top_is_loop;
    dut.loop_top_count = (uint8_t)loop_top_count;
    dut.loop_top_live = (uint64_t)loop_top_live;
    dut.loop_top_brk = (uint64_t)loop_top_brk;
    dut.loop_top_cont = (uint64_t)loop_top_cont;
    dut.al = (int16_t)(uint16_t)al;
    dut.ovf = (uint8_t)ovf;
    dut.udf = (uint8_t)udf;
    dut.fault = (uint8_t)fault;
    return (svBit)fc_bench_check(fc_bench_pending(), &dut, bc);
}
