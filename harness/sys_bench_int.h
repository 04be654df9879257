/* What the parts of the system bench share, private to harness/sys_*.c: the
 * handle's struct; sys_bench.c (options, binding, the stimulus and the
 * cross-checks), sys_report.c (report sections, waveform signals, summary). */
#ifndef HARNESS_SYS_BENCH_INT_H
#define HARNESS_SYS_BENCH_INT_H

#include "compare.h"
#include "cosim.h"
#include "elf_exe.h"
#include "pred_bench.h"
#include "pred_commit.h"
#include "pred_map.h"
#include "stack_bench.h"
#include "stack_map.h"
#include "sys_bench.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The options, parsed before the bench exists (the option parser's context). */
struct sys_bench_settings {
    const char *program_path;
    uint64_t progen_seed;
    bool progen_given;
    unsigned progen_depth;
    unsigned progen_profile; /* pg_profile: --progen-profile */
    unsigned domain_w, domain_h;
    pred_map_bug map_bug;
    bool stack_wqm;
    bool check_commit; /* --check commit: fc_unit at commit level (docs/commit.md) */
    unsigned commit_level; /* --level: 0, or 2 with fc_unit's state and pred_stack's ops */
};

enum { PLAN_MAX = 4096, HISTORY = 8 };

/* A flow-control step as the report shows it. */
typedef struct step_record {
    uint64_t cycle; /* its first cycle */
    unsigned wave, slot, pc, cmd, op, jump, fault;
    uint64_t active;
    unsigned pred_ops, stack_ops;
} step_record;

/* The cross-checks due in a cycle. */
typedef struct due {
    int quarter;     /* the quarter context whose ExecuteMask is observed, -1: none */
    int stack_depth; /* frames stack_acct must hold now, -1: not checked */
} due;

struct sys_bench {
    sys_bench_settings set; /* the options */
    /* the three units, each checked by its own bench */
    fc_bench *fc;
    pred_bench *pred;
    stack_bench *stack;
    pred_stack_cfg pred_cfg; /* the predicate stack of the mapping */
    /* the program */
    dpp_exe *exe;
    char name[512];
    uint32_t *input; /* the kit's FLOAT32_4 surface (kit_input.h), shared by every input read */
    ctm_model *model; /* the golden model's run, through the public API (ctm.h) */
    /* --check commit: pred_stack's control events, checked against a run of their own
     * (pmodel until the checker takes it); pcommit_bad: that check failed */
    ctm_model *pmodel;
    pred_commit *pcommit;
    bool pcommit_bad;
    bool ended, faulted; /* the program's run has ended; in a fault */
    unsigned stack_size; /* the program's static STACK_SIZE (dpp stack) */
    bool size_known;
    char size_why[sizeof(((dpp_error *)0)->msg)];
    /* the mappings */
    pred_map *pm;
    stack_map *sm;
    unsigned quarters;
    /* the current step's cycles */
    step_record step;
    fc_unit_in step_in;
    bool checked; /* its wavefront's ExecuteMasks must equal the model's active lanes */
    pred_map_op pred_ops[PLAN_MAX];
    stack_acct_in stack_ops[PLAN_MAX];
    unsigned n_pred, n_stack, len, next;
    int obs_ctx[PLAN_MAX], check_q[PLAN_MAX];
    unsigned last_ctx;
    due cur; /* of the cycle drawn last */
    uint64_t cycles, steps;
    uint64_t cross_masks, max_hwm; /* ExecuteMask cross-checks passed; stack_acct's hwm */
    step_record history[HISTORY];
    /* the first mismatch */
    const char *unit; /* the unit whose own check failed, or NULL for a cross-check */
    uint64_t mm_model, mm_fc, mm_pred;
    unsigned mm_ctx, mm_slot;
    sys_in drawn; /* the inputs of the cycle drawn last, as driven */
    ctm_pred_in prev_pred; /* pred_stack's inputs of the cycle before (--level 2) */
};

/* The cosim_bench hooks of the report (sys_report.c). */
void sys_report_text(const void *self, FILE *out, const cosim_mismatch *mm);
void sys_report_json(const void *self, json_t *r, const cosim_mismatch *mm);
void sys_wave_signals(const void *self, void (*emit)(void *, const char *), void *ctx);
void sys_summary_text(const void *self, FILE *out);
json_t *sys_summary_json(const void *self);
struct ctm_model *sys_commit_model(const void *self); /* fc_unit's commit check's run */

#endif
