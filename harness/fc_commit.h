/* The flow-control bench checked at commit level (--check commit; docs/commit.md):
 * the unit's START and FC results as commits, delayed 1..8 cycles per context and
 * delivered out of step to libctm's commit checker, which shares the stimulus's run
 * of the program. A part of fc_bench (harness/fc_bench.c), used with --program only. */
#ifndef HARNESS_FC_COMMIT_H
#define HARNESS_FC_COMMIT_H

#include "ctm.h"
#include "fc.h"

#include <stddef.h>
#include <stdint.h>

typedef struct fc_commit fc_commit;

/* The checker of the run of m, the stimulus's ctm_model (shape, inputs and
 * constants set, not stepped), shared (ctm_commit_share: the commits come as
 * the stimulus steps it; not owned: free the checker first), for a unit shaped
 * rtl; seed draws the delays; level 0 (START, FC) or 2 (and after each the
 * unit's state, FC_STATE, from its own outputs). NULL with a message in err. */
fc_commit *fc_commit_open(ctm_model *m, const fc_unit_params *rtl, uint64_t seed,
                          unsigned level, char *err, size_t n);
void fc_commit_free(fc_commit *c);

/* The unit took step *in (of wavefront `wave`) at `cycle` and answered *dut:
 * its commit joins its context's queue; the commits due go to the checker.
 * 0, or 1 after recording the mismatch for the session. */
int fc_commit_step(fc_commit *c, const fc_unit_in *in, unsigned wave, const ctm_fc_out *dut,
                   uint64_t cycle);

/* The stimulus has ended: every commit still queued goes, then the drain
 * check (a run that stopped at the program's fault owes nothing past it).
 * 0, or 1 after recording the mismatch. */
int fc_commit_finish(fc_commit *c, uint64_t cycle, int program_faulted);

/* Adds the checker's report to a session report: "commit", and "last_ops"
 * (the failing wavefront's last commits). */
typedef struct json_t json_t;
void fc_commit_report_json(fc_commit *c, json_t *report);

/* What the unit commits, for the summary: "START, FC" (level 0) or "level 2:
 * START, FC and the unit's state after each (FC_STATE)". */
const char *fc_commit_kinds_text(const fc_commit *c);

/* Commits checked so far, and the checker's report (CTM_REPORT_*). */
uint64_t fc_commit_count(const fc_commit *c);
const char *fc_commit_report(fc_commit *c, int format);

#endif
