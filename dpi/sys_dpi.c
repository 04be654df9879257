/* DPI glue of the system testbench (harness/tb_system.sv): the three units bind
 * and check through their own glue (fc_dpi.c, pred_dpi.c, stack_dpi.c); this
 * file draws the cycle's inputs of all three from the system bench and hands
 * it what the cross-checks read. */
#include "fc_dpi.h"
#include "pred_bench.h"
#include "stack_bench.h"
#include "sys_bench.h"

#include <string.h>
#include <svdpi.h>

void c_dpi_sys_bind(void)
{
    sys_bench_bind();
}

void c_dpi_sys_next(svBit *rst, int *cmd, int *ctx, svBit *full_mode, int *cmn_inst, int *fc_inst,
                    int *fc_addr, int *int_const, svBit *bool_const, long long *pred_r,
                    long long *pred_g, long long *pred_b, long long *pred_a,
                    long long *alu_result, svBit *alu_valid, int *pc, long long *live,
                    svBitVecVal *pred, svBitVecVal *stack)
{
    sys_stim s;
    sys_bench_next(&s);
    fc_dpi_pack(&s.fc, rst, cmd, ctx, full_mode, cmn_inst, fc_inst, fc_addr, int_const,
                bool_const, pred_r, pred_g, pred_b, pred_a, alu_result, alu_valid, pc, live);
    /* the stimulus reset resets the three units together */
    ctm_pred_in p = pred_bench_port_in(&s.pred);
    ctm_stack_in k = stack_bench_port_in(&s.stack);
    p.rst = k.rst = s.fc.rst;
    memcpy(pred, &p, sizeof p);
    memcpy(stack, &k, sizeof k);
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
