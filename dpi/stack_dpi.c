/* DPI glue of the stack-accounting testbench: the ports arrive as
 * ctm_ports_pkg's structs, ctm.h's ctm_stack_in and ctm_stack_out (see
 * dpi/pred_dpi.c); the bench is the one created at bind, kept here. */
#include "stack_bench.h"

#include <svdpi.h>
#include <string.h>

static stack_bench *bench;

void c_dpi_stack_bind(int width, int rule, int chip, int depth)
{
    bench = stack_bench_bind((unsigned)width, (unsigned)rule, (unsigned)chip, (unsigned)depth);
}

void c_dpi_stack_next(svBitVecVal *in)
{
    ctm_stack_in next;
    stack_bench_next(bench, &next);
    memcpy(in, &next, sizeof next);
}

/* The block's own testbench: one crossing a cycle, and one more on a failure.
 * The next inputs go straight into next_w (ctm_stack_in is 4-byte aligned, as
 * an svBitVecVal array is). */
int c_dpi_stack_cycle(const svBitVecVal *out, svBitVecVal *next_w)
{
    _Static_assert(_Alignof(ctm_stack_in) <= _Alignof(svBitVecVal), "written in place");
    return stack_bench_cycle(bench, out, (ctm_stack_in *)next_w);
}

void c_dpi_stack_failed(const svBitVecVal *out)
{
    stack_bench_failed(bench, out);
}
