/* DPI glue of the stack-accounting testbench: unpacks the DPI arguments into
 * the C model's port structs and calls the bench (see dpi/pred_dpi.c). */
#include "stack_bench.h"

#include <svdpi.h>

void c_dpi_stack_bind(int width, int rule, int chip, int depth)
{
    stack_bench_bind((unsigned)width, (unsigned)rule, (unsigned)chip, (unsigned)depth);
}

void c_dpi_stack_next(svBit *rst, int *op, int *pop_count, svBit *wqm, svBit *taken,
                      int *stack_size)
{
    stack_acct_in in;
    stack_bench_next(&in);
    *rst = in.rst;
    *op = (int)in.op;
    *pop_count = (int)in.pop_count;
    *wqm = in.wqm;
    *taken = in.taken;
    *stack_size = (int)in.stack_size;
}

svBit c_dpi_stack_check(svBit rst, int op, int pop_count, svBit wqm, svBit taken, int stack_size,
                        int entries, int subentries, int need, int hwm, int depth,
                        svBit overflow, svBit underflow, svBit drop)
{
    const stack_acct_in in = {rst, (unsigned)op, (unsigned)pop_count, wqm, taken,
                              (unsigned)stack_size};
    const stack_acct_out dut = {(unsigned)entries, (unsigned)subentries, (unsigned)need,
                                (unsigned)hwm,     (unsigned)depth,      overflow,
                                underflow,         drop};
    return (svBit)stack_bench_check(&in, &dut);
}
