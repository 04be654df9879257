/* The delay shell of the kit's commit-level runs (--check commit; docs/commit.md):
 * a unit's commits, made as the unit answers, wait 1..8 cycles at random in their
 * context's queue (in order within the context), context ids are renamed, and
 * what is due goes to a libctm commit checker in a random order of contexts, as
 * a design with its own pipeline would commit them. fc_commit.c (fc_unit's
 * results) and pred_commit.c (pred_stack's masks) feed one each. */
#ifndef HARNESS_COMMIT_SHELL_H
#define HARNESS_COMMIT_SHELL_H

#include "ctm.h"

#include <stddef.h>
#include <stdint.h>

typedef struct commit_shell commit_shell;
typedef struct json_t json_t;

/* A shell of `contexts` unit contexts in front of checker c (owned: freed with
 * the shell); seed draws the delays and the order. NULL with a message in err
 * (c is freed then too). */
commit_shell *commit_shell_open(ctm_commit_checker *c, unsigned contexts, uint64_t seed,
                                char *err, size_t n);
void commit_shell_free(commit_shell *s);

/* The unit's context ctx made commit r at `cycle` (r.ctx is set here: the
 * renamed id). 0, or 1 after recording an error for the session. */
int commit_shell_push(commit_shell *s, unsigned ctx, ctm_commit r, uint64_t cycle);

/* Hands the commits due at `cycle` (all of them with flush) to the checker,
 * then its watchdog. 0, or 1 after recording the mismatch for the session. */
int commit_shell_deliver(commit_shell *s, uint64_t cycle, int flush);

/* The stimulus has ended: every commit still queued goes, then the drain
 * check. A program that faulted ends both runs at the same fault: that is no
 * mismatch. 0 or 1 as above. */
int commit_shell_finish(commit_shell *s, uint64_t cycle, int program_faulted);

/* Commits checked (matched), and the checker's report (CTM_REPORT_*). */
uint64_t commit_shell_count(const commit_shell *s);
const char *commit_shell_report(commit_shell *s, int format);

/* The checker's JSON report into a session report: "commit", and the
 * wavefront's last commits as "last_ops". */
void commit_shell_report_json(commit_shell *s, json_t *report);

#endif
