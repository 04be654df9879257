/* DPI glue of the system testbench (harness/tb_system.sv): the three units'
 * ports cross as the packed structs of ctm_ports_pkg, all six in one call a
 * cycle; the system bench checks each unit through its own bench, then the
 * blocks against each other and the model, and draws the next inputs. The
 * imports carry no context: the bench is the one created at bind, kept here. */
#include "sys_bench.h"

#include <string.h>
#include <svdpi.h>

static sys_bench *bench;

void c_dpi_sys_bind(void)
{
    bench = sys_bench_bind();
}

static void put(const sys_in *in, svBitVecVal *fc, svBitVecVal *pred, svBitVecVal *stack)
{
    memcpy(fc, &in->fc, sizeof in->fc);
    memcpy(pred, &in->pred, sizeof in->pred);
    memcpy(stack, &in->stack, sizeof in->stack);
}

/* The RTL alone: the model still steps the program, nothing is checked. */
void c_dpi_sys_next(svBitVecVal *fc, svBitVecVal *pred, svBitVecVal *stack)
{
    sys_in next;
    sys_bench_next(bench, &next);
    put(&next, fc, pred, stack);
}

svBit c_dpi_sys_cycle(const svBitVecVal *fc_out, const svBitVecVal *pred_out,
                      const svBitVecVal *stack_out, svBitVecVal *fc, svBitVecVal *pred,
                      svBitVecVal *stack)
{
    sys_out dut; /* copies: an svBitVecVal array is only 4-byte aligned */
    memcpy(&dut.fc, fc_out, sizeof dut.fc);
    memcpy(&dut.pred, pred_out, sizeof dut.pred);
    memcpy(&dut.stack, stack_out, sizeof dut.stack);
    sys_in next;
    svBit bad = (svBit)sys_bench_cycle(bench, &dut, &next);
    put(&next, fc, pred, stack);
    return bad;
}
