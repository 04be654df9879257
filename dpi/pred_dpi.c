/* DPI glue of the predicate-stack testbench: unpacks the DPI arguments into
 * the C model's port structs and calls the bench. Compiled with
 * -include V<top>__Dpi.h, so a signature that drifts from dpi_imports.svh is
 * a compile error. */
#include "pred_bench.h"

#include <svdpi.h>

void c_dpi_pred_bind(int contexts, int lanes, int depth, int spu_sc)
{
    pred_bench_bind((unsigned)contexts, (unsigned)lanes, (unsigned)depth, (unsigned)spu_sc);
}

void c_dpi_pred_next(svBit *rst, int *op, int *ctx, long long *mask, int *obs_ctx)
{
    pred_stack_in in;
    pred_bench_next(&in);
    *rst = in.rst;
    *op = (int)in.op;
    *ctx = (int)in.ctx;
    *mask = (long long)in.mask;
    *obs_ctx = (int)in.obs_ctx;
}

svBit c_dpi_pred_check(svBit rst, int op, int ctx, long long mask, int obs_ctx,
                       long long exec_mask, long long obs_pred, long long obs_task_mask,
                       long long obs_exec_mask, int obs_sp, long long obs_top,
                       svBit obs_overflow, svBit obs_underflow)
{
    const pred_stack_in in = {rst, (unsigned)op, (unsigned)ctx, (uint64_t)mask, (unsigned)obs_ctx};
    const pred_stack_out dut = {(uint64_t)exec_mask,     (uint64_t)obs_pred,
                                (uint64_t)obs_task_mask, (uint64_t)obs_exec_mask,
                                (uint64_t)obs_top,       (unsigned)obs_sp,
                                obs_overflow,            obs_underflow};
    return (svBit)pred_bench_check(&in, &dut);
}
