/* pred_map: the control flow of a CTM program in the SIMT patent's scheme.
 *
 * The golden model's flow-control steps (pa_fc_event: a wavefront's START, or
 * an FC instruction's fc_unit step) are turned into the patent's pred_stack
 * ops: PUSH, POP, INV, WRITE of a condition result [seed 003: the result is
 * stored], and SET_TASK_MASK, so that the same execution drives the
 * predicate-stack RTL. A wavefront runs as quarter-waves of 16 lanes (Cayman's
 * SIMD: 64 lanes in 4 cycles), each its own predicate context: context = slot
 * x quarters + quarter. With spu_sc = K the 16 lanes are the SC lanes of 16/K
 * SPUs and the context has 16/K SFU lanes more (the patent's 20 lanes: K = 4,
 * and 8 wavefronts x 4 quarters = its 32 contexts). The mapping (docs/system.md)
 * reads only the instruction's fields, the model's per-lane JUMP_FUNC results
 * (`want`), the group's jump decision and the live lanes, never the model's
 * resulting active mask, so that "ExecuteMask of every quarter = the model's
 * active lanes" is a real cross-check of the predicate stack, the mapping
 * and the flow-control model against each other. */
#ifndef CSIM_PRED_MAP_H
#define CSIM_PRED_MAP_H

#include "fc.h"
#include "pred_stack.h"
#include "status.h"

#include <stdint.h>

#define PRED_MAP_QUARTER 16 /* lanes per predicate context */

typedef struct pred_map_cfg {
    unsigned slots;  /* wavefronts in flight (fc_unit contexts), 1..16 */
    unsigned lanes;  /* lanes per wavefront, 1..64 */
    unsigned depth;  /* predicate-stack entries per context, 1..64 (0: 64, the maximum) */
    unsigned spu_sc; /* 0: flat contexts; K (dividing 16, lanes a multiple of 16): SPU grouping */
} pred_map_cfg;

/* One op for the predicate stack (pred_stack_in's op, ctx, mask). A WRITE
 * with `cond` set stores a condition result: the instruction runs under the
 * context's ExecuteMask, and a lane that does not run stores 0 (model-
 * defined), so the mask driven is mask & ExecuteMask at issue
 * (pred_map_drive_mask). */
typedef struct pred_map_op {
    uint8_t op;
    uint8_t ctx;
    uint8_t cond;
    uint64_t mask;
} pred_map_op;

/* The mask to drive for op, given its context's ExecuteMask right before it. */
uint64_t pred_map_drive_mask(const pred_map_op *op, uint64_t exec_mask);

/* Events and ops so far. An event the four ops cannot express (a POP with
 * nothing pushed, a loop ending under open branch levels) is counted in
 * unmapped; its wavefront is then left out of the cross-check until its
 * next START. */
typedef struct pred_map_stats {
    uint64_t events, ops, unmapped, unchecked;
    uint64_t by_op[PRED_OP_COUNT];
} pred_map_stats;

/* Deliberately wrong mappings, for the test that proves the cross-check
 * catches one (never set in a real run). */
typedef enum pred_map_bug {
    PRED_MAP_BUG_NONE,
    PRED_MAP_BUG_ELSE_AS_POP, /* B_ELSE mapped to POP instead of INV */
} pred_map_bug;

typedef struct pred_map pred_map;

dpp_status pred_map_create(const pred_map_cfg *cfg, pred_map **out, dpp_error *err);
void pred_map_destroy(pred_map *pm);

/* The predicate stack a mapping of cfg needs: slots x quarters contexts of
 * (at most) PRED_MAP_QUARTER lanes, plus the SFU lanes when grouped, depth
 * entries. */
pred_stack_cfg pred_map_shape(const pred_map_cfg *cfg);

/* The same for a mapping made. */
pred_stack_cfg pred_map_stack_cfg(const pred_map *pm);

/* The ops of one event, appended to ops (room for cap; *n set); returns
 * DPP_E_ARG if they do not fit. *checked says whether this wavefront's
 * ExecuteMasks must now equal the model's active lanes. */
dpp_status pred_map_event(pred_map *pm, const fc_unit_in *in, const fc_unit_out *out,
                          pred_map_op *ops, unsigned cap, unsigned *n, int *checked,
                          dpp_error *err);

/* The ExecuteMask that predicate context ctx must show when the wavefront in
 * its slot has the given active lanes: the quarter's lanes on the SC lanes and,
 * grouped, on each SFU lane the OR of its SPU's. */
uint64_t pred_map_expected(const pred_map *pm, unsigned ctx, uint64_t active);

/* The other way: the wavefront lanes that predicate context ctx's ExecuteMask
 * shows active, read from its SC lanes (the SFU lanes are each an SPU's OR:
 * they name no lane of their own). */
uint64_t pred_map_lanes_of(const pred_map *pm, unsigned ctx, uint64_t exec_mask);

/* The slot (wavefront context) of predicate context ctx. */
unsigned pred_map_slot(const pred_map *pm, unsigned ctx);

/* Quarter contexts per wavefront. */
unsigned pred_map_quarters(const pred_map *pm);

const pred_map_stats *pred_map_get_stats(const pred_map *pm);

void pred_map_set_bug(pred_map *pm, pred_map_bug bug);

#endif
