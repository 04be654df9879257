/* The predicate-stack bench: stimulus and checking of rtl/pred_stack.sv
 * against the golden model, a ctm_pred handle of the public API (ctm.h), as
 * any user testbench holds it. The bench is a handle too: created at bind, then
 * stepped and checked once per cycle by the DPI glue (dpi/pred_dpi.c), which keeps
 * it in one static; the system bench holds one of its own; usable from C alone
 * (unit tests of the generator). */
#ifndef HARNESS_PRED_BENCH_H
#define HARNESS_PRED_BENCH_H

#include "ctm.h"
#include "pred_stack.h"

#include <stdint.h>

struct cosim_bench;
struct cmp_unit;

typedef struct pred_bench pred_bench;

/* The bench's options (--weights, --burst-rate), parsed before it exists. */
typedef struct pred_bench_settings pred_bench_settings;

/* The kind of bench, for the session's registry (harness/cosim_benches.c). */
const struct cosim_bench *pred_bench_kind(void);

/* A bench of the RTL's shape, with the options s (NULL: the defaults) and the
 * session's seed, reset rate and coverage switch. NULL (and a recorded
 * cosim_error) when the model cannot be created. */
pred_bench *pred_bench_new(const pred_stack_cfg *rtl, const pred_bench_settings *s);
void pred_bench_free(pred_bench *b);

/* The RTL elaborated with these parameters (the DPI glue's bind): checks them
 * against the options (a difference is a configuration error) and, when the
 * block is the run's, creates the bench with the run's options and hands it to
 * the session. NULL otherwise. */
pred_bench *pred_bench_bind(unsigned contexts, unsigned lanes, unsigned depth, unsigned spu_sc);

/* Draws the inputs of the next cycle, as the port struct the RTL's wrapper
 * takes (harness/pred_stack_ports.sv). */
void pred_bench_next(pred_bench *b, ctm_pred_in *in);

/* Steps the C model with the inputs the RTL saw this cycle and compares its
 * outputs with the RTL's, through the public handle (ctm_pred_cycle). dut is
 * a ctm_pred_out at 4-byte alignment (an svBitVecVal array): it is only
 * compared as bytes, and copied for a report. Returns 1 (and records the
 * mismatch) on the first difference, 0 otherwise. */
int pred_bench_check(pred_bench *b, const ctm_pred_in *in, const void *dut);

/* One lock-step cycle of the block's own testbench: checks the inputs the
 * last pred_bench_next drew against the RTL's outputs dut, then draws the
 * next ones. */
int pred_bench_cycle(pred_bench *b, const void *dut, ctm_pred_in *next);

/* The port struct of a cycle's inputs (the system run draws them as the
 * mirror's). */
static inline ctm_pred_in pred_bench_port_in(const pred_stack_in *in)
{
    return (ctm_pred_in){
        .mask = in->mask, .op = in->op, .ctx = in->ctx, .obs_ctx = in->obs_ctx, .rst = in->rst};
}

/* Cycles checked so far. */
uint64_t pred_bench_cycles_checked(const pred_bench *b);

/* The ExecuteMask of context ctx in the golden model now (after the last
 * checked edge): what a condition instruction issued next runs under. */
uint64_t pred_bench_exec_mask(const pred_bench *b, unsigned ctx);

/* The DUT's field tables, as bound (the waveform's signals). */
const struct cmp_unit *pred_bench_unit(const pred_bench *b);

#endif
