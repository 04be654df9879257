/* DPI glue of the stack-accounting testbench: the ports arrive as
 * ctm_ports_pkg's structs, ctm.h's ctm_stack_in and ctm_stack_out (see
 * dpi/pred_dpi.c). */
#include "stack_bench.h"

#include <svdpi.h>
#include <string.h>

void c_dpi_stack_bind(int width, int rule, int chip, int depth)
{
    stack_bench_bind((unsigned)width, (unsigned)rule, (unsigned)chip, (unsigned)depth);
}

void c_dpi_stack_next(svBitVecVal *in)
{
    ctm_stack_in next;
    stack_bench_next(&next);
    memcpy(in, &next, sizeof next);
}

/* The system run's check: the inputs come from its own draw. */
svBit c_dpi_stack_check(const svBitVecVal *in_w, const svBitVecVal *out)
{
    ctm_stack_in in; /* a copy: an svBitVecVal array is only 4-byte aligned */
    memcpy(&in, in_w, sizeof in);
    return (svBit)stack_bench_check(&in, out);
}

/* The block's own testbench: one crossing a cycle. */
svBit c_dpi_stack_cycle(const svBitVecVal *out, svBitVecVal *next_w)
{
    ctm_stack_in next;
    svBit bad = (svBit)stack_bench_cycle(out, &next);
    memcpy(next_w, &next, sizeof next);
    return bad;
}
