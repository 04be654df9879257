/* The predicate-stack bench: stimulus and checking of rtl/pred_stack.sv
 * against the golden model, a ctm_pred handle of the public API (ctm.h), as
 * any user testbench holds it. Called once per cycle by the DPI glue
 * (dpi/pred_dpi.c); also usable from C alone (unit tests of the generator). */
#ifndef HARNESS_PRED_BENCH_H
#define HARNESS_PRED_BENCH_H

#include "ctm.h"
#include "pred_stack.h"

/* The RTL elaborated with these parameters: creates the C model and checks
 * them against the options (a difference is a configuration error). */
void pred_bench_bind(unsigned contexts, unsigned lanes, unsigned depth, unsigned spu_sc);

/* Draws the inputs of the next cycle, as the port struct the RTL's wrapper
 * takes (harness/pred_stack_ports.sv). */
void pred_bench_next(ctm_pred_in *in);

/* Steps the C model with the inputs the RTL saw this cycle and compares its
 * outputs with the RTL's, through the public handle (ctm_pred_cycle). dut is
 * a ctm_pred_out at 4-byte alignment (an svBitVecVal array): it is only
 * compared as bytes, and copied for a report. Returns 1 (and records the
 * mismatch) on the first difference, 0 otherwise. */
int pred_bench_check(const ctm_pred_in *in, const void *dut);

/* One lock-step cycle of the block's own testbench: checks the inputs the
 * last pred_bench_next drew against the RTL's outputs dut, then draws the
 * next ones. */
int pred_bench_cycle(const void *dut, ctm_pred_in *next);

/* The port struct of a cycle's inputs (the system run draws them as the
 * mirror's). */
static inline ctm_pred_in pred_bench_port_in(const pred_stack_in *in)
{
    return (ctm_pred_in){
        .mask = in->mask, .op = in->op, .ctx = in->ctx, .obs_ctx = in->obs_ctx, .rst = in->rst};
}

/* Cycles checked so far. */
uint64_t pred_bench_cycles_checked(void);

/* The ExecuteMask of context ctx in the golden model now (after the last
 * checked edge): what a condition instruction issued next runs under. */
uint64_t pred_bench_exec_mask(unsigned ctx);

/* Frees the model (end of run). */
void pred_bench_close(void);

#endif
