/* The stack-accounting bench: stimulus and checking of rtl/stack_acct.sv
 * against the golden model, a ctm_stack handle of the public API (ctm.h). A
 * handle as pred_bench.h's: created at bind, stepped once per cycle by the DPI
 * glue (dpi/stack_dpi.c) or the system bench; also usable from C alone (unit
 * tests of the generator). */
#ifndef HARNESS_STACK_BENCH_H
#define HARNESS_STACK_BENCH_H

#include "ctm.h"
#include "stack_acct.h"

struct cosim_bench;
struct cmp_unit;

typedef struct stack_bench stack_bench;

/* The bench's options (--weights), parsed before it exists. */
typedef struct stack_bench_settings stack_bench_settings;

/* The kind of bench, for the session's registry (harness/cosim_benches.c). */
const struct cosim_bench *stack_bench_kind(void);

/* A bench of the RTL's parameters with the options s (NULL: the defaults), as
 * pred_bench_new. */
stack_bench *stack_bench_new(const stack_acct_cfg *rtl, const stack_bench_settings *s);
void stack_bench_free(stack_bench *b);

/* The RTL elaborated with these parameters (the DPI glue's bind), as
 * pred_bench_bind: the run's bench, or NULL. */
stack_bench *stack_bench_bind(unsigned width, unsigned rule, unsigned chip, unsigned depth);

/* Draws the inputs of the next cycle, as the port struct the RTL's wrapper
 * takes (harness/stack_acct_ports.sv). */
void stack_bench_next(stack_bench *b, ctm_stack_in *in);

/* Steps the C model with the inputs the RTL saw this cycle and compares the
 * outputs (ctm_stack_cycle); dut as pred_bench_check's. Returns 1 (and
 * records the mismatch) on the first difference. */
int stack_bench_check(stack_bench *b, const ctm_stack_in *in, const void *dut);

/* One lock-step cycle of the block's own testbench: draws the next cycle's
 * inputs into *next, then checks this cycle's outputs (dut). Returns
 * ctm_stack_cycle's status; after one other than CTM_OK, stack_bench_failed
 * (the same dut) records the mismatch or the error. */
int stack_bench_cycle(stack_bench *b, const void *dut, ctm_stack_in *next);
void stack_bench_failed(stack_bench *b, const void *dut);

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

/* The RTL's parameters, once bound. */
const stack_acct_cfg *stack_bench_cfg(const stack_bench *b);

/* The DUT's field tables (the waveform's signals). */
const struct cmp_unit *stack_bench_unit(const stack_bench *b);

#endif
