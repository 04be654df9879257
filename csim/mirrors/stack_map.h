/* stack_map: the R700 stack ops of a program's dynamic path (docs/system.md).
 * The static walk of `dpp stack` (stack_prog.h) enters every block once; here
 * the golden model's flow-control steps of one wavefront slot are classified
 * with the same table and turned into the ops that path executes: a skipped IF
 * pushes nothing (JUMP taken), an ELSE pops when taken, a loop's frame is
 * popped by the step that leaves it (LOOP_END, or a BREAK that every lane
 * takes, after the IF levels it closes), a `ret if` that every lane takes is
 * the RETURN. Each op is one stack_acct_in; the high-water mark of the path can
 * never exceed the STACK_SIZE of the static walk, which the system run checks. */
#ifndef CSIM_STACK_MAP_H
#define CSIM_STACK_MAP_H

#include "fc.h"
#include "stack_acct.h"
#include "status.h"

typedef struct stack_map_stats {
    uint64_t events;   /* flow-control steps of the tracked slot */
    uint64_t ops;      /* stack ops emitted */
    uint64_t unmapped; /* FC words that are no structured construct (no op emitted) */
    uint64_t clears;   /* wavefronts that ended with frames open (CLEAR at the next START) */
} stack_map_stats;

typedef struct stack_map stack_map;

/* Tracks the wavefronts of fc_unit context `slot`. */
dpp_status stack_map_create(unsigned slot, stack_map **out, dpp_error *err);
void stack_map_destroy(stack_map *sm);

/* The ops of one event into ops (room for cap; *n set); events of other slots
 * give none. */
dpp_status stack_map_event(stack_map *sm, const fc_unit_in *in, const fc_unit_out *out,
                           stack_acct_in *ops, unsigned cap, unsigned *n, dpp_error *err);

/* With on set, an IF level is pushed as a whole-quad-mode pixel shader pushes
 * it: PUSH with WHOLE_QUAD_MODE (a full entry under every rule), not
 * ALU_PUSH_BEFORE. CTM itself has no WQM; model-defined (docs/system.md). */
void stack_map_set_wqm(stack_map *sm, int on);

/* Frames the mapping believes are open (what stack_acct's depth must be). */
unsigned stack_map_depth(const stack_map *sm);

const stack_map_stats *stack_map_get_stats(const stack_map *sm);

#endif
