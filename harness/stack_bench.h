/* The stack-accounting bench: stimulus and checking of rtl/stack_acct.sv
 * against the golden model, a ctm_stack handle of the public API (ctm.h).
 * Called once per cycle by the DPI glue
 * (dpi/stack_dpi.c); also usable from C alone (unit tests of the generator). */
#ifndef HARNESS_STACK_BENCH_H
#define HARNESS_STACK_BENCH_H

#include "ctm.h"
#include "stack_acct.h"

/* The RTL elaborated with these parameters: creates the C model and checks
 * them against the options (a difference is a configuration error). */
void stack_bench_bind(unsigned width, unsigned rule, unsigned chip, unsigned depth);

/* Draws the inputs of the next cycle, as the port struct the RTL's wrapper
 * takes (harness/stack_acct_ports.sv). */
void stack_bench_next(ctm_stack_in *in);

/* Steps the C model with the inputs the RTL saw this cycle and compares the
 * outputs (ctm_stack_cycle); dut as pred_bench_check's. Returns 1 (and
 * records the mismatch) on the first difference. */
int stack_bench_check(const ctm_stack_in *in, const void *dut);

/* One lock-step cycle of the block's own testbench, as pred_bench_cycle. */
int stack_bench_cycle(const void *dut, ctm_stack_in *next);

/* The port struct of a cycle's inputs (the system run draws them as the
 * mirror's). */
static inline ctm_stack_in stack_bench_port_in(const stack_acct_in *in)
{
    return (ctm_stack_in){.op = in->op,
                          .pop_count = in->pop_count,
                          .stack_size = in->stack_size,
                          .rst = in->rst,
                          .wqm = in->wqm,
                          .taken = in->taken};
}

/* Frees the model (end of run). */
void stack_bench_close(void);

/* The RTL's parameters, once bound. */
const stack_acct_cfg *stack_bench_cfg(void);

#endif
