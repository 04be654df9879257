/* DPI glue of the system testbench (harness/tb_system.sv): the three units bind
 * and check through their own glue (fc_dpi.c, pred_dpi.c, stack_dpi.c); this
 * file draws the cycle's inputs of all three from the system bench and hands
 * it what the cross-checks read. */
#include "fc_dpi.h"
#include "sys_bench.h"

#include <svdpi.h>

void c_dpi_sys_bind(void)
{
    sys_bench_bind();
}

void c_dpi_sys_next(svBit *rst, int *cmd, int *ctx, svBit *full_mode, int *cmn_inst, int *fc_inst,
                    int *fc_addr, int *int_const, svBit *bool_const, long long *pred_r,
                    long long *pred_g, long long *pred_b, long long *pred_a,
                    long long *alu_result, svBit *alu_valid, int *pc, long long *live,
                    int *pred_op, int *pred_ctx, long long *pred_mask, int *pred_obs_ctx,
                    int *stack_op, int *stack_pop_count, svBit *stack_wqm, svBit *stack_taken,
                    int *stack_size)
{
    sys_stim s;
    sys_bench_next(&s);
    fc_dpi_pack(&s.fc, rst, cmd, ctx, full_mode, cmn_inst, fc_inst, fc_addr, int_const,
                bool_const, pred_r, pred_g, pred_b, pred_a, alu_result, alu_valid, pc, live);
    *pred_op = (int)s.pred.op;
    *pred_ctx = (int)s.pred.ctx;
    *pred_mask = (long long)s.pred.mask;
    *pred_obs_ctx = (int)s.pred.obs_ctx;
    *stack_op = (int)s.stack.op;
    *stack_pop_count = (int)s.stack.pop_count;
    *stack_wqm = s.stack.wqm;
    *stack_taken = s.stack.taken;
    *stack_size = (int)s.stack.stack_size;
}

svBit c_dpi_sys_cross(svBit fc_bad, svBit pred_bad, svBit stack_bad, long long fc_active,
                      long long pred_obs_exec, int stack_hwm, int stack_depth,
                      svBit stack_underflow)
{
    const sys_dut d = {fc_bad,
                       pred_bad,
                       stack_bad,
                       (uint64_t)fc_active,
                       (uint64_t)pred_obs_exec,
                       (unsigned)stack_hwm,
                       (unsigned)stack_depth,
                       stack_underflow};
    return (svBit)sys_bench_cross(&d);
}
