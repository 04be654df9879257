/* pa: the processor array. It runs the current program on wavefronts of
 * 1..64 lanes that the PE hands it (pe_array_ops), keeping up to `contexts`
 * wavefronts in flight and issuing one instruction of each in turn. Per lane:
 * 128 temporaries, 4 predicate bits, the ALU result, output registers and the
 * W (conditional) value; per wavefront: the flow-control state, which lives in
 * one fc_unit (context = wavefront slot). Lanes diverge and reconverge only
 * through that unit. Program faults (stack over/underflow, accesses outside a
 * surface, the step limit) end the run with DPP_E_FAULT and a message naming
 * the wavefront, pc and lane. Programs are decoded once and lanes run as rows;
 * `threads` threads may share the wavefronts with identical results
 * (docs/model-speed.md). */
#ifndef CSIM_PA_H
#define CSIM_PA_H

#include "fc.h"
#include "mc.h"
#include "pe.h"
#include "status.h"
#include "timing.h"

#include <stdint.h>

typedef struct pa_params {
    unsigned lanes;      /* lanes per wavefront, 1..64 */
    unsigned contexts;   /* wavefronts in flight, 1..16 */
    unsigned addr_depth; /* fc_unit address stack depth */
    unsigned loop_depth; /* fc_unit loop stack depth (full mode) */
    unsigned part_branches; /* fc_unit branch nesting in partial mode: the guide's 6
                               [seed 000 p38]; also checked when a partial-mode program starts */
    uint64_t step_limit; /* instructions one wavefront may issue; 0 = no limit */
    unsigned threads;    /* threads that share the wavefronts, 1..64 (0 = 1); results
                            do not depend on it */
    unsigned chip;       /* tm_chip: TM_CHIP_CTM (0) counts one clock per issue; the other
                            profiles count modelled cycles (timing.h); results do not depend
                            on it. A profile runs on one thread, and not in pull mode */
    unsigned temps;      /* registers per lane, for a profile's occupancy; 0: the highest
                            temporary the program names, plus one */
    unsigned hazards;    /* 1: a synchronisation rule of the guide that the program breaks
                            (ALU_WAIT, the texture semaphore) is a fault
                            (pa_hazard.h); 0: run it as written */
} pa_params;

/* What the array has issued since it was created. */
typedef struct pa_stats {
    uint64_t issues;            /* instructions issued, over every wavefront */
    uint64_t lane_instructions; /* issues x lanes of the issuing wavefront */
    uint64_t fc_steps;          /* flow-control events: START of each wavefront, each FC issue */
    /* Hazard checks' warnings [seed 000, p27]: wavefronts whose first OUTPUT issued before
     * another kind of instruction (it reserves output FIFO space early), and the smallest such
     * OUTPUT's pc + 1 (0: none). */
    uint64_t early_outputs;
    unsigned early_output_pc;
} pa_stats;

/* One flow-control event: the exact fc_unit step of one wavefront (START when
 * it begins, EXEC for every FC instruction), for traces and lock-step stimulus. */
typedef struct pa_fc_event {
    unsigned wave;        /* wavefront number within the start_program, from 0 */
    const pe_wave *pairs; /* its index pairs */
    const fc_unit_in *in; /* in->cmd says START or EXEC */
    const fc_unit_out *out;
} pa_fc_event;

typedef void (*pa_trace_fn)(void *user, const pa_fc_event *ev);

/* What one wavefront did at one issue, as a design commits it (docs/commit.md,
 * level 0): its start, each instruction, its end. The kinds are ctm.h's
 * CTM_COMMIT_* in the same order. */
enum { PA_ISSUE_START, PA_ISSUE_ALU, PA_ISSUE_TEX, PA_ISSUE_OUTPUT, PA_ISSUE_FC, PA_ISSUE_END };
typedef struct pa_issue_event {
    unsigned wave;    /* wavefront number within the start_program, from 0 */
    unsigned slot;    /* the core's context that runs it */
    unsigned kind;    /* PA_ISSUE_* */
    unsigned pc;      /* the instruction's; END: the pc the wavefront ended at */
    uint64_t exec;    /* lanes it acts on (FC: the active lanes it decides for; START: live) */
    uint64_t done;    /* lanes that ended with it (an instruction's LAST bit, the program's end) */
    uint64_t kill;    /* TEX: lanes TEXKILL ended */
    uint64_t active;  /* FC, START: the active lanes after it */
    unsigned next_pc; /* FC: the pc the wavefront goes on at */
    int jump;         /* FC: the group decision */
    int al;           /* FC: the loop counter aL after it */
    uint8_t op, a_op; /* FC: the instruction's OP and A_OP (DPP_FC_*, DPP_AOP_*) */
    /* START, FC: the fc_unit step behind it (valid during the call only), for
     * checkers of a design of the fc_unit's or the predicate stack's family */
    const fc_unit_in *fc_in;
    const fc_unit_out *fc_out;
} pa_issue_event;

typedef void (*pa_issue_fn)(void *user, const pa_issue_event *ev);

typedef struct pa_model pa_model;

/* Defaults: 64 lanes, 1 context, address 4, loop 4, partial-mode nesting 6, step limit
 * 1,000,000, 1 thread, hazard checks on. */
pa_params pa_default_params(void);

/* Creates an array reading and writing through mc (not owned). */
dpp_status pa_create(mc_model *mc, const pa_params *p, pa_model **out, dpp_error *err);

/* Frees the array; NULL is allowed. */
void pa_destroy(pa_model *pa);

/* Calls fn for every flow-control event (NULL turns tracing off). */
void pa_set_trace(pa_model *pa, pa_trace_fn fn, void *user);

/* Calls fn for every issue, start and end of a wavefront (NULL: off). Only
 * where one thread runs the wavefronts in order: pull mode (run_step.h). */
void pa_set_issue_hook(pa_model *pa, pa_issue_fn fn, void *user);

/* Issue counters, summed over the threads. */
void pa_get_stats(const pa_model *pa, pa_stats *st);

/* Sends the chip profile's schedule to sink (NULL: nowhere); nothing under ctm. */
void pa_set_timeline(pa_model *pa, const tm_sink *sink);

/* The timing model's counters; 0 if the chip is ctm (no timing model). */
int pa_get_timing(const pa_model *pa, tm_stats *st);

/* Pull mode: the caller walks the domain (pe_walk_*) and runs the array
 * itself, one instruction at a time, on one thread, with the same results and
 * the same flow-control events as the PE's callbacks. pa_pull_begin is
 * start_program's begin. Wavefronts are started until pa_pull_start returns
 * 1 (every slot busy) or the domain ends; then pa_pull_issue runs them, one
 * instruction of each in turn, until *busy = 0; then the next group starts. */
dpp_status pa_pull_begin(pa_model *pa, const pe_program *prog, dpp_error *err);
int pa_pull_start(pa_model *pa, const pe_wave *w);
dpp_status pa_pull_issue(pa_model *pa, int *busy, uint64_t *clocks, dpp_error *err);

/* The callbacks the PE drives this array through. */
pe_array_ops pa_array_ops(pa_model *pa);

#endif
