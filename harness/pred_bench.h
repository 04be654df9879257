/* The predicate-stack bench: stimulus and checking of rtl/pred_stack.sv
 * against the golden model, a ctm_pred handle of the public API (ctm.h), as
 * any user testbench holds it. Called once per cycle by the DPI glue
 * (dpi/pred_dpi.c); also usable from C alone (unit tests of the generator). */
#ifndef HARNESS_PRED_BENCH_H
#define HARNESS_PRED_BENCH_H

#include "pred_stack.h"

/* The RTL elaborated with these parameters: creates the C model and checks
 * them against the options (a difference is a configuration error). */
void pred_bench_bind(unsigned contexts, unsigned lanes, unsigned depth, unsigned spu_sc);

/* Draws the inputs of the next cycle. */
void pred_bench_next(pred_stack_in *in);

/* Steps the C model with the inputs the RTL saw this cycle and compares its
 * outputs with the RTL's. Returns 1 (and records the mismatch) on the first
 * difference, 0 otherwise. */
int pred_bench_check(const pred_stack_in *in, const pred_stack_out *dut);

/* Cycles checked so far. */
uint64_t pred_bench_cycles_checked(void);

/* The ExecuteMask of context ctx in the golden model now (after the last
 * checked edge): what a condition instruction issued next runs under. */
uint64_t pred_bench_exec_mask(unsigned ctx);

/* Frees the model (end of run). */
void pred_bench_close(void);

#endif
