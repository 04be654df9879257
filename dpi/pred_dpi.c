/* DPI glue of the predicate-stack testbench: the ports arrive as the packed
 * structs of ctm_ports_pkg, which are ctm.h's ctm_pred_in and ctm_pred_out
 * word for word; the bench reads them in place. Compiled with
 * -include V<top>__Dpi.h, so a signature that drifts from dpi_imports.svh is
 * a compile error. The imports carry no context: the bench is the one created
 * at bind, kept here. */
#include "pred_bench.h"

#include <svdpi.h>
#include <string.h>

static pred_bench *bench;

void c_dpi_pred_bind(int contexts, int lanes, int depth, int spu_sc)
{
    bench = pred_bench_bind((unsigned)contexts, (unsigned)lanes, (unsigned)depth,
                            (unsigned)spu_sc);
}

/* flatten, here and in c_dpi_pred_cycle: libctm's ctm_pred_cycle (built with
 * LTO, too big for gcc to inline on its own) and the bench's draw are
 * inlined, so a checked cycle pays one call, the DPI's, as a user's
 * testbench importing ctm_pred_cycle does (check_cost: -23 Ir a cycle). */
__attribute__((flatten)) void c_dpi_pred_next(svBitVecVal *in)
{
    ctm_pred_in next;
    pred_bench_next(bench, &next);
    memcpy(in, &next, sizeof next);
}

/* The block's own testbench: one crossing a cycle. */
__attribute__((flatten)) svBit c_dpi_pred_cycle(const svBitVecVal *out, svBitVecVal *next_w)
{
    ctm_pred_in next;
    svBit bad = (svBit)pred_bench_cycle(bench, out, &next);
    memcpy(next_w, &next, sizeof next);
    return bad;
}
