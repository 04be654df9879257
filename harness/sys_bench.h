/* The system run (--block system): one CTM program, run by the golden model
 * and stepped on demand (csim/machine/run_step.h), drives fc_unit, pred_stack and
 * stack_acct at once. Each flow-control step becomes the fc_unit's command,
 * the predicate-stack ops of the same control flow (csim/mirrors/pred_map.h) and the
 * R700 stack ops of the same path (csim/mirrors/stack_map.h). Each DUT is checked
 * against its own C mirror by its own bench, every cycle; this bench adds the
 * cross-checks between the blocks and the model (docs/system.md). Called by
 * the DPI glue (dpi/sys_dpi.c). */
#ifndef HARNESS_SYS_BENCH_H
#define HARNESS_SYS_BENCH_H

#include "fc_bench.h"
#include "pred_stack.h"
#include "stack_acct.h"

#include <stdbool.h>

/* One cycle of stimulus for the three DUTs. */
typedef struct sys_stim {
    fc_stim fc;
    pred_stack_in pred;
    stack_acct_in stack;
} sys_stim;

/* What the cross-checks read of the DUTs, and which unit checks failed this cycle. */
typedef struct sys_dut {
    bool fc_bad, pred_bad, stack_bad;
    uint64_t fc_active;     /* fc_unit active_o */
    uint64_t pred_obs_exec; /* pred_stack obs_exec_mask_o */
    unsigned stack_hwm, stack_depth;
    bool stack_underflow;
} sys_dut;

/* After the three units bound: opens the program's stepped run. */
void sys_bench_bind(void);

/* The next cycle's stimulus; after the program's last step, NOPs and the
 * end of stimulus (cosim_end_stimulus). */
void sys_bench_next(sys_stim *s);

/* The cross-checks of the cycle drawn last. Returns 1 (and records the
 * mismatch) on a failure, or when a unit check failed. */
int sys_bench_cross(const sys_dut *d);

#endif
