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

/* The block's own testbench: one crossing a cycle. */
svBit c_dpi_stack_cycle(const svBitVecVal *out, svBitVecVal *next_w)
{
    ctm_stack_in next;
    svBit bad = (svBit)stack_bench_cycle(bench, out, &next);
    memcpy(next_w, &next, sizeof next);
    return bad;
}
