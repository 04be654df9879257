/* The system run (--block system): one CTM program, run by the golden model
 * and stepped on demand (csim/machine/run_step.h), drives fc_unit, pred_stack and
 * stack_acct at once. Each flow-control step becomes the fc_unit's command,
 * the predicate-stack ops of the same control flow (csim/mirrors/pred_map.h) and the
 * R700 stack ops of the same path (csim/mirrors/stack_map.h). Each DUT is checked
 * against its own C mirror by its own bench, every cycle; this bench adds the
 * cross-checks between the blocks and the model (docs/system.md). A handle
 * as the unit benches': created at bind (it creates its three units through their
 * own handles), stepped once per cycle by the DPI glue (dpi/sys_dpi.c). */
#ifndef HARNESS_SYS_BENCH_H
#define HARNESS_SYS_BENCH_H

#include "fc_bench.h"
#include "ctm.h"

#include <stdbool.h>

struct cosim_bench;

typedef struct sys_bench sys_bench;

/* The bench's options (--program, --progen, --domain, ...), parsed before it exists. */
typedef struct sys_bench_settings sys_bench_settings;

/* The kind of bench, for the session's registry (harness/cosim_benches.c). */
const struct cosim_bench *sys_bench_kind(void);

/* One cycle of the three DUTs' ports: the inputs drawn, or the outputs shown. */
typedef struct sys_in {
    ctm_fc_in fc;
    ctm_pred_in pred;
    ctm_stack_in stack;
} sys_in;

typedef struct sys_out {
    ctm_fc_out fc;
    ctm_pred_out pred;
    ctm_stack_out stack;
} sys_out;

/* A bench with the options s, the three units of the shapes the session's
 * parameters name (the RTL's, which each unit's bind checked), and the program's
 * stepped run opened. NULL (and a recorded cosim_error) when that fails. */
sys_bench *sys_bench_new(const sys_bench_settings *s);
void sys_bench_free(sys_bench *y);

/* After the three units bound (the DPI glue's bind): the run's bench, handed to
 * the session, or NULL after a configuration error. */
sys_bench *sys_bench_bind(void);

/* The next cycle's inputs; after the program's last step, NOPs and the end of
 * stimulus (cosim_end_stimulus). A stimulus reset resets the three units together. */
void sys_bench_next(sys_bench *y, sys_in *next);

/* One lock-step cycle: each unit's check by its own bench, the cross-checks
 * between the blocks and the model, then sys_bench_next. Returns 1 (and
 * records the mismatch) on the first failure. */
int sys_bench_cycle(sys_bench *y, const sys_out *dut, sys_in *next);

#endif
