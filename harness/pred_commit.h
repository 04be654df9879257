/* The system run's pred_stack checked at commit level (--check commit;
 * docs/commit.md): after each flow-control step of a wavefront, the active lanes
 * pred_stack's ExecuteMasks show (each quarter's, read back through the
 * mapping) become the step's control events at level 1 (but the loop events,
 * whose aL pred_stack does not hold), the masks pred_stack's, the event's kind
 * and pc the step's own, as a predicate-stack design would commit them; the delay shell (commit_shell.c) hands them late and out of
 * step to a checker on a run of its own. At level 2 (--level 2) the commits
 * are instead each op pred_stack took, with its ExecuteMask after it
 * (PRED_OP), after the wavefront's START. A part of sys_bench. */
#ifndef HARNESS_PRED_COMMIT_H
#define HARNESS_PRED_COMMIT_H

#include "ctm.h"
#include "fc.h"
#include "pred_map.h"

#include <stddef.h>
#include <stdint.h>

typedef struct pred_commit pred_commit;
typedef struct json_t json_t;

/* The checker of the run of m (owned: a second model of the stimulus's program,
 * inputs bound, not stepped) for the wavefronts of `slots` contexts under the
 * mapping pm (not owned); seed draws the delays; level 0 (the control events)
 * or 2 (the ops). NULL with a message in err. */
pred_commit *pred_commit_open(ctm_model *m, const pred_map *pm, unsigned slots, uint64_t seed,
                              unsigned level, char *err, size_t n);
void pred_commit_free(pred_commit *p);

/* A step of wavefront `wave` starts (the stimulus's START or FC and the model's
 * answer, for what its events say besides the masks). */
void pred_commit_step(pred_commit *p, const fc_unit_in *in, const fc_unit_out *out,
                      unsigned wave);

/* Level 2: pred_stack took op (op, ctx, the mask driven) in the step now
 * open, and shows exec_after, the ExecuteMask of ctx after it. */
int pred_commit_op(pred_commit *p, unsigned op, unsigned ctx, uint64_t mask, uint64_t exec_after);

/* pred_stack shows exec_mask on predicate context ctx at `cycle`, the step's
 * look at that quarter: once every quarter of the step is in, its events join
 * the shell. Then the commits due go to the checker. 0, or 1 after recording
 * the mismatch for the session. */
int pred_commit_observe(pred_commit *p, unsigned ctx, uint64_t exec_mask, uint64_t cycle);

/* Each cycle without an observation: the commits due go, the watchdog runs. */
int pred_commit_tick(pred_commit *p, uint64_t cycle);

/* The end of the stimulus: the last commits, then the drain check. */
int pred_commit_finish(pred_commit *p, uint64_t cycle, int program_faulted);

uint64_t pred_commit_count(const pred_commit *p);
const char *pred_commit_report(pred_commit *p, int format);
void pred_commit_report_json(pred_commit *p, json_t *report);

#endif
