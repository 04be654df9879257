/* The stack-accounting bench: stimulus and checking of rtl/stack_acct.sv
 * against the golden model, a ctm_stack handle of the public API (ctm.h).
 * Called once per cycle by the DPI glue
 * (dpi/stack_dpi.c); also usable from C alone (unit tests of the generator). */
#ifndef HARNESS_STACK_BENCH_H
#define HARNESS_STACK_BENCH_H

#include "stack_acct.h"

/* The RTL elaborated with these parameters: creates the C model and checks
 * them against the options (a difference is a configuration error). */
void stack_bench_bind(unsigned width, unsigned rule, unsigned chip, unsigned depth);

/* Draws the inputs of the next cycle. */
void stack_bench_next(stack_acct_in *in);

/* Steps the C model with the inputs the RTL saw this cycle and compares the
 * outputs. Returns 1 (and records the mismatch) on the first difference. */
int stack_bench_check(const stack_acct_in *in, const stack_acct_out *dut);

/* Frees the model (end of run). */
void stack_bench_close(void);

/* The RTL's parameters, once bound. */
const stack_acct_cfg *stack_bench_cfg(void);

#endif
