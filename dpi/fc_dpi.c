/* DPI glue of the flow-control unit testbench: the ports arrive as the packed
 * structs of ctm_ports_pkg, which are ctm.h's ctm_fc_in and ctm_fc_out word for
 * word (the instruction as its encoded dwords, which the testbench's wrapper
 * decodes). Compiled with -include V<top>__Dpi.h, so a signature that drifts
 * from dpi_imports.svh is a compile error. The imports carry no context: the
 * bench is the one created at bind, kept here. */
#include "fc_bench.h"

#include <string.h>
#include <svdpi.h>

static fc_bench *bench;

void c_dpi_fc_bind(int contexts, int lanes, int addr_depth, int loop_depth, int width,
                   int part_branches)
{
    const fc_unit_params p = {(unsigned)contexts, (unsigned)lanes, (unsigned)addr_depth,
                              (unsigned)loop_depth, (unsigned)width, (unsigned)part_branches};
    bench = fc_bench_bind(&p);
}

/* The RTL alone: the generator follows the unit's outputs (prev_valid 0: the
 * cycle that ended had no stimulus, or a reset). */
void c_dpi_fc_next(svBit prev_valid, const svBitVecVal *prev_w, svBitVecVal *next_w)
{
    ctm_fc_out prev; /* a copy: an svBitVecVal array is only 4-byte aligned */
    if (prev_valid)
        memcpy(&prev, prev_w, sizeof prev);
    ctm_fc_in next;
    fc_bench_next(bench, prev_valid ? &prev : NULL, &next);
    memcpy(next_w, &next, sizeof next);
}

/* The block's own testbench: one crossing a cycle. */
svBit c_dpi_fc_cycle(const svBitVecVal *out_w, svBitVecVal *next_w)
{
    ctm_fc_in next; /* the outputs are copied once, by the bench, where it keeps them */
    svBit bad = (svBit)fc_bench_cycle(bench, out_w, &next);
    memcpy(next_w, &next, sizeof next);
    return bad;
}
