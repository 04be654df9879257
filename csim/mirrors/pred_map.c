/* The mapping of flow-control steps onto predicate-stack ops (pred_map.h,
 * docs/system.md). Ops are built for the whole wavefront (64-bit masks) and
 * then given to each quarter context with its 16 bits of every mask. */
#include "pred_map.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH   PRED_STACK_MAX /* the deepest predicate stack the mapping can ask for */
#define MAX_WAVE_OP 128            /* ops of one event for one wavefront */

enum { ENTRY_LEVEL, ENTRY_LOOP }; /* what a pushed entry stands for */

/* What the mapping knows of one wavefront slot. */
typedef struct shadow {
    unsigned sp;                  /* entries pushed on each of its contexts */
    uint8_t kind[MAX_DEPTH];      /* ENTRY_* of each */
    unsigned frames;              /* open loop frames */
    uint64_t brk[MAX_DEPTH], cont[MAX_DEPTH]; /* per frame: lanes parked by BREAK, CONTINUE */
    uint64_t task;                            /* TaskMask last set */
    uint64_t killed;                          /* lanes live at START that died since */
    int checked;                              /* every event of this wavefront was expressible */
} shadow;

typedef struct wave_op {
    uint8_t op, cond;
    uint64_t mask;
} wave_op;

struct pred_map {
    pred_map_cfg cfg;
    unsigned quarters, qlanes, depth, spus; /* spus: SPUs per context (0: flat) */
    uint64_t lane_mask;
    pred_map_bug bug;
    pred_map_stats st;
    shadow *slot;
    /* the event being mapped */
    wave_op op[MAX_WAVE_OP];
    unsigned nop;
    shadow *s;
};

dpp_status pred_map_create(const pred_map_cfg *cfg, pred_map **out, dpp_error *err)
{
    *out = NULL;
    if (cfg->slots < 1 || cfg->slots > 16 || cfg->lanes < 1 || cfg->lanes > 64 ||
        cfg->depth > MAX_DEPTH)
        return dpp_error_set(err, DPP_E_ARG,
                             "pred_map: %u slots (1-16) of %u lanes (1-64), depth %u (1-64)",
                             cfg->slots, cfg->lanes, cfg->depth);
    if (cfg->spu_sc && (PRED_MAP_QUARTER % cfg->spu_sc || cfg->lanes % PRED_MAP_QUARTER))
        return dpp_error_set(err, DPP_E_ARG,
                             "pred_map: SPUs of %u SC lanes need a divisor of %u and wavefronts "
                             "of whole quarters (%u lanes is not)",
                             cfg->spu_sc, PRED_MAP_QUARTER, cfg->lanes);
    pred_map *pm = calloc(1, sizeof *pm);
    if (!pm || !(pm->slot = calloc(cfg->slots, sizeof *pm->slot))) {
        free(pm);
        return dpp_error_set(err, DPP_E_NOMEM, "pred_map: out of memory");
    }
    pm->cfg = *cfg;
    pred_stack_cfg shape = pred_map_shape(cfg);
    pm->depth = shape.depth;
    pm->quarters = shape.contexts / cfg->slots;
    pm->qlanes = shape.lanes;
    pm->spus = cfg->spu_sc ? PRED_MAP_QUARTER / cfg->spu_sc : 0;
    pm->lane_mask = cfg->lanes == 64 ? ~0ull : (1ull << cfg->lanes) - 1;
    for (unsigned k = 0; k < cfg->slots; k++)
        pm->slot[k].task = pm->lane_mask;
    *out = pm;
    return DPP_OK;
}

void pred_map_destroy(pred_map *pm)
{
    if (pm)
        free(pm->slot);
    free(pm);
}

pred_stack_cfg pred_map_shape(const pred_map_cfg *cfg)
{
    unsigned quarters = (cfg->lanes + PRED_MAP_QUARTER - 1) / PRED_MAP_QUARTER;
    unsigned sc = cfg->lanes < PRED_MAP_QUARTER ? cfg->lanes : PRED_MAP_QUARTER;
    unsigned sfu = cfg->spu_sc ? sc / cfg->spu_sc : 0;
    pred_stack_cfg c = {cfg->slots * quarters, sc + sfu, cfg->depth ? cfg->depth : MAX_DEPTH,
                        cfg->spu_sc};
    return c;
}

pred_stack_cfg pred_map_stack_cfg(const pred_map *pm)
{
    return pred_map_shape(&pm->cfg);
}

unsigned pred_map_quarters(const pred_map *pm)
{
    return pm->quarters;
}

unsigned pred_map_slot(const pred_map *pm, unsigned ctx)
{
    return ctx / pm->quarters;
}

/* Lanes 0..n-1. */
static uint64_t low_bits(unsigned n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

uint64_t pred_map_expected(const pred_map *pm, unsigned ctx, uint64_t active)
{
    unsigned q = ctx % pm->quarters, k = pm->cfg.spu_sc;
    uint64_t sc = (active >> (PRED_MAP_QUARTER * q)) & low_bits(pm->qlanes - pm->spus);
    for (unsigned s = 0; s < pm->spus; s++) /* SFU lane 16 + s: the OR of SPU s's SC lanes */
        if (sc >> (s * k) & low_bits(k))
            sc |= 1ull << (PRED_MAP_QUARTER + s);
    return sc;
}

uint64_t pred_map_lanes_of(const pred_map *pm, unsigned ctx, uint64_t exec_mask)
{
    unsigned q = ctx % pm->quarters;
    return (exec_mask & low_bits(pm->qlanes - pm->spus)) << (PRED_MAP_QUARTER * q);
}

uint64_t pred_map_drive_mask(const pred_map_op *op, uint64_t exec_mask)
{
    return op->cond ? op->mask & exec_mask : op->mask;
}

const pred_map_stats *pred_map_get_stats(const pred_map *pm)
{
    return &pm->st;
}

void pred_map_set_bug(pred_map *pm, pred_map_bug bug)
{
    pm->bug = bug;
}

/* ------------------------------------------------------------ building ops */

static void unmapped(pred_map *pm)
{
    if (pm->s->checked)
        pm->st.unmapped++;
    pm->s->checked = 0;
}

static void emit_op(pred_map *pm, unsigned op, int cond, uint64_t mask)
{
    if (pm->nop < MAX_WAVE_OP)
        pm->op[pm->nop++] = (wave_op){(uint8_t)op, (uint8_t)cond, mask & pm->lane_mask};
    else
        unmapped(pm);
}

static void emit(pred_map *pm, unsigned op, uint64_t mask)
{
    emit_op(pm, op, 0, mask);
}

/* A push of the current predicate, standing for a branch level or a loop.
 * Returns 0 when the stack would overflow: nothing is pushed. */
static int push(pred_map *pm, int kind)
{
    shadow *s = pm->s;
    if (s->sp == pm->depth) {
        unmapped(pm);
        return 0;
    }
    emit(pm, PRED_OP_PUSH, 0);
    s->kind[s->sp++] = (uint8_t)kind;
    return 1;
}

/* Pops one entry of the given kind; anything else is not expressible. A POP
 * with nothing pushed is still issued: the predicate stack's underflow rule
 * (root mask, sticky flag) is then checked against its mirror. */
static int pop(pred_map *pm, int kind)
{
    shadow *s = pm->s;
    if (s->sp == 0 || s->kind[s->sp - 1] != kind) {
        if (s->sp == 0)
            emit(pm, PRED_OP_POP, 0);
        unmapped(pm);
        return 0;
    }
    emit(pm, PRED_OP_POP, 0);
    s->sp--;
    return 1;
}

/* The lanes running now that keep running: the condition result `keep`,
 * WRITTEN as the patent stores it (each lane that runs stores its result;
 * the others store 0). At depth 0 too: a new wavefront's START writes its
 * live lanes back. */
static void narrow(pred_map *pm, uint64_t keep)
{
    if ((keep & pm->lane_mask) != pm->lane_mask)
        emit_op(pm, PRED_OP_WRITE, 1, keep);
}

/* Lanes parked by the open loops' BREAK and CONTINUE, and lanes killed since
 * the START, stay off whatever a POP or INV brings back. */
static void keep_parked_off(pred_map *pm)
{
    uint64_t parked = pm->s->killed;
    for (unsigned f = 0; f < pm->s->frames; f++)
        parked |= pm->s->brk[f] | pm->s->cont[f];
    if (parked & pm->lane_mask)
        narrow(pm, ~parked);
}

static int is_end(unsigned op)
{
    return op == DPP_FC_ENDLOOP || op == DPP_FC_ENDREP;
}

static int is_leave(unsigned op)
{
    return op == DPP_FC_BREAKLOOP || op == DPP_FC_BREAKREP || op == DPP_FC_CONTINUE;
}

/* Step 2 of spec 6.5, the loop stack. Returns 1 if the innermost loop ends
 * with this step (its entry is popped after the branch levels). */
static int loop_ops(pred_map *pm, const fc_unit_in *in, const fc_unit_out *out)
{
    shadow *s = pm->s;
    unsigned op = in->inst.op & 7;
    if (op == DPP_FC_LOOP || op == DPP_FC_REP) {
        if (out->jump) /* zero count, or the group skips it: no frame */
            return 0;
        push(pm, ENTRY_LOOP);
        if (s->frames < MAX_DEPTH) {
            s->brk[s->frames] = s->cont[s->frames] = 0;
            s->frames++;
        }
        return 0;
    }
    if ((is_end(op) && in->loop_count == 0) || (!is_end(op) && !is_leave(op)))
        return 0; /* JUMP, or the END of a skipped zero-count loop */
    if (s->frames == 0) {
        unmapped(pm);
        return 0;
    }
    unsigned f = s->frames - 1;
    if (is_end(op)) {
        s->cont[f] = 0; /* CONTINUE lanes come back at the end of the body */
        if (!out->jump)
            return 1;
        /* the next iteration: the loop's lanes less those that broke */
        if (pop(pm, ENTRY_LOOP))
            push(pm, ENTRY_LOOP);
        keep_parked_off(pm);
        return 0;
    }
    if (out->want)
        narrow(pm, ~out->want);
    if (op == DPP_FC_CONTINUE)
        s->cont[f] |= out->want;
    else
        s->brk[f] |= out->want;
    return op != DPP_FC_CONTINUE && out->jump; /* every lane broke: the loop ends */
}

/* Step 3, the branch levels: INCR opens one, DECR closes B_POP_CNT. */
static void branch_ops(pred_map *pm, const fc_unit_in *in, const fc_unit_out *out)
{
    unsigned bop = (out->jump ? in->inst.b_op1 : in->inst.b_op0) & 3;
    if (bop == DPP_BOP_INCR) {
        /* the old predicate is pushed, then the lanes that stay are written:
         * those jumping (jump) or those not wanting to (no jump) */
        if (push(pm, ENTRY_LEVEL))
            narrow(pm, out->jump ? out->want : ~out->want);
    } else if (bop == DPP_BOP_DECR) {
        unsigned n = in->inst.b_pop_cnt & 31;
        for (unsigned k = 0; k < n && pop(pm, ENTRY_LEVEL); k++)
            ;
        if (n)
            keep_parked_off(pm);
    }
}

static void exec_ops(pred_map *pm, const fc_unit_in *in, const fc_unit_out *out)
{
    shadow *s = pm->s;
    if (out->fault)
        return; /* a faulting step changes nothing */
    uint64_t live = in->live & pm->lane_mask;
    if (live != s->task) { /* lanes that died or finished */
        emit(pm, PRED_OP_SET_TASK_MASK, live);
        /* grouped, an SPU keeps its TaskMask while one SC lane lives: the
         * dead lanes leave the predicate */
        s->killed |= s->task & ~live;
        s->task = live;
        narrow(pm, live);
    }
    if (in->inst.b_else & 1) { /* the lanes that went off at this level swap with the active */
        if (pm->bug == PRED_MAP_BUG_ELSE_AS_POP)
            emit(pm, PRED_OP_POP, 0);
        else if (s->sp == 0)
            unmapped(pm);
        else
            emit(pm, PRED_OP_INV, 0);
        keep_parked_off(pm);
    }
    int loop_ends = loop_ops(pm, in, out);
    branch_ops(pm, in, out);
    if (loop_ends && pop(pm, ENTRY_LOOP)) {
        s->frames--;
        keep_parked_off(pm);
    }
}

/* A new wavefront in the slot: back to depth 0, its live lanes as the
 * TaskMask and as the predicate (a plain WRITE: the slot's last wavefront
 * may have left any predicate at depth 0). */
static void start_ops(pred_map *pm, const fc_unit_in *in)
{
    shadow *s = pm->s;
    while (s->sp) {
        emit(pm, PRED_OP_POP, 0);
        s->sp--;
    }
    s->frames = 0;
    s->checked = 1;
    s->task = in->live & pm->lane_mask;
    s->killed = 0;
    emit(pm, PRED_OP_SET_TASK_MASK, s->task);
    emit(pm, PRED_OP_WRITE, s->task);
}

dpp_status pred_map_event(pred_map *pm, const fc_unit_in *in, const fc_unit_out *out,
                          pred_map_op *ops, unsigned cap, unsigned *n, int *checked,
                          dpp_error *err)
{
    *n = 0;
    *checked = 0;
    if (in->ctx >= pm->cfg.slots || (in->cmd & 3) == FC_CMD_IDLE)
        return DPP_OK;
    pm->s = &pm->slot[in->ctx];
    pm->nop = 0;
    pm->st.events++;
    if ((in->cmd & 3) == FC_CMD_START)
        start_ops(pm, in);
    else
        exec_ops(pm, in, out);
    if (!pm->s->checked)
        pm->st.unchecked++;
    if ((size_t)pm->nop * pm->quarters > cap)
        return dpp_error_set(err, DPP_E_ARG, "pred_map: %u ops do not fit in %u",
                             pm->nop * pm->quarters, cap);
    uint64_t qmask = low_bits(pm->qlanes - pm->spus); /* the SC lanes; SFU bits stay 0 */
    for (unsigned q = 0; q < pm->quarters; q++)
        for (unsigned k = 0; k < pm->nop; k++) {
            const wave_op *w = &pm->op[k];
            ops[(*n)++] = (pred_map_op){w->op, (uint8_t)(in->ctx * pm->quarters + q), w->cond,
                                        (w->mask >> (PRED_MAP_QUARTER * q)) & qmask};
            pm->st.by_op[w->op]++;
        }
    pm->st.ops += *n;
    *checked = pm->s->checked;
    return DPP_OK;
}
