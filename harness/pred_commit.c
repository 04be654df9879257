/* pred_stack at commit level (pred_commit.h). */
#include "pred_commit.h"

#include "commit_shell.h"
#include "cosim.h"
#include "isa.h"

#include <stdio.h>
#include <stdlib.h>

enum { OPS_MAX = 256 }; /* level 2: a step's ops (the mapping makes a handful a quarter) */

typedef struct slot_step {
    int open;          /* a step waits for its quarters */
    ctm_commit ops[OPS_MAX]; /* level 2: the step's ops, until its START has gone */
    unsigned nops;
    unsigned seen;     /* bit q: quarter q was observed */
    uint64_t lanes;    /* the active lanes read back so far */
    uint64_t before;   /* the active lanes after the slot's last step */
    fc_unit_in in;     /* the step */
    uint8_t jump;      /* the model's group decision */
    unsigned wave;
} slot_step;

struct pred_commit {
    commit_shell *shell;
    ctm_model *m;
    const pred_map *pm;
    unsigned slots, quarters, level;
    slot_step *slot;
};

/* Level 1's kinds but END (pred_stack does not see a wavefront end) and the
 * loop events (they carry aL, which pred_stack does not hold). */
static int kinds(void)
{
    int k = 1 << CTM_COMMIT_START;
    for (int e = CTM_COMMIT_DIVERGE; e <= CTM_COMMIT_RETURN; e++)
        if (e < CTM_COMMIT_LOOP_ENTER || e > CTM_COMMIT_LOOP_EXIT)
            k |= 1 << e;
    return k;
}

pred_commit *pred_commit_open(ctm_model *m, const pred_map *pm, unsigned slots, uint64_t seed,
                              unsigned level, char *err, size_t n)
{
    pred_commit *p = calloc(1, sizeof *p);
    ctm_commit_checker *check = ctm_commit_new(m, (int)slots, level ? 2 : 1);
    if (!p || !(p->slot = calloc(slots, sizeof *p->slot)) || !check ||
        (level && ctm_commit_set_family(check, CTM_COMMIT_FAMILY_PRED)) ||
        ctm_commit_set_kinds(check, level ? 1 << CTM_COMMIT_START | 1 << CTM_COMMIT_PRED_OP
                                          : kinds())) {
        snprintf(err, n, "%s", p && p->slot ? ctm_error() : "out of memory");
        ctm_commit_free(check);
        ctm_model_free(m);
        pred_commit_free(p);
        return NULL;
    }
    p->m = m;
    p->pm = pm;
    p->level = level;
    p->slots = slots;
    p->quarters = pred_map_quarters(pm);
    if (!(p->shell = commit_shell_open(check, slots, seed ^ 0x9E3779B9ull, err, n))) {
        pred_commit_free(p);
        return NULL;
    }
    return p;
}

void pred_commit_free(pred_commit *p)
{
    if (!p)
        return;
    commit_shell_free(p->shell); /* the checker, before the run it drives */
    ctm_model_free(p->m);
    free(p->slot);
    free(p);
}

void pred_commit_step(pred_commit *p, const fc_unit_in *in, const fc_unit_out *out,
                      unsigned wave)
{
    if (in->ctx >= p->slots || (in->cmd != FC_CMD_START && in->cmd != FC_CMD_EXEC) ||
        out->fault)
        return;
    slot_step *s = &p->slot[in->ctx];
    s->open = 1;
    s->seen = 0;
    s->lanes = 0;
    s->nops = 0;
    s->in = *in;
    s->jump = out->jump;
    s->wave = wave;
}

/* The event an FC instruction is (docs/commit.md, level 1), or -1; the loop
 * events are named only to be left out. */
static int event_of(const fc_unit_in *in, int jump)
{
    unsigned op = in->inst.op & 7, a = in->inst.a_op & 3;
    if (op == DPP_FC_LOOP || op == DPP_FC_REP)
        return CTM_COMMIT_LOOP_ENTER;
    if (op == DPP_FC_ENDLOOP || op == DPP_FC_ENDREP)
        return jump ? CTM_COMMIT_LOOP_ITERATE : CTM_COMMIT_LOOP_EXIT;
    if (op == DPP_FC_BREAKLOOP || op == DPP_FC_BREAKREP)
        return CTM_COMMIT_BREAK;
    if (op == DPP_FC_CONTINUE)
        return CTM_COMMIT_CONTINUE;
    if (jump && a == DPP_AOP_PUSH)
        return CTM_COMMIT_CALL;
    if (jump && a == DPP_AOP_POP)
        return CTM_COMMIT_RETURN;
    return -1;
}

/* Level 2: slot k's ops, after its START. */
static int commit_ops(pred_commit *p, unsigned k, uint64_t cycle)
{
    slot_step *s = &p->slot[k];
    for (unsigned i = 0; i < s->nops; i++)
        if (commit_shell_push(p->shell, k, s->ops[i], cycle))
            return 1;
    return 0;
}

/* Slot k's step is complete: its commits into the shell. */
static int commit_step(pred_commit *p, unsigned k, uint64_t cycle)
{
    slot_step *s = &p->slot[k];
    uint64_t after = s->lanes, before = s->before & s->in.live;
    s->open = 0;
    s->before = after;
    if (s->in.cmd == FC_CMD_START &&
        commit_shell_push(p->shell, k,
                          (ctm_commit){.kind = CTM_COMMIT_START,
                                       .wave = (int)s->wave,
                                       .exec = s->in.live,
                                       .active = after},
                          cycle))
        return 1;
    if (p->level)
        return commit_ops(p, k, cycle);
    if (s->in.cmd == FC_CMD_START)
        return 0;
    const ctm_commit base = {.wave = -1, .pc = s->in.pc};
    int what = event_of(&s->in, s->jump);
    ctm_commit ev = base;
    if (what >= 0 && (what < CTM_COMMIT_LOOP_ENTER || what > CTM_COMMIT_LOOP_EXIT)) {
        ev.kind = what, ev.exec = after;
        if (commit_shell_push(p->shell, k, ev, cycle))
            return 1;
    }
    ev = base, ev.kind = CTM_COMMIT_DIVERGE, ev.exec = before & ~after;
    if (ev.exec && commit_shell_push(p->shell, k, ev, cycle))
        return 1;
    ev = base, ev.kind = CTM_COMMIT_RECONVERGE, ev.exec = after & ~before;
    return ev.exec && commit_shell_push(p->shell, k, ev, cycle);
}

int pred_commit_op(pred_commit *p, unsigned op, unsigned ctx, uint64_t mask, uint64_t exec_after)
{
    unsigned k = pred_map_slot(p->pm, ctx);
    slot_step *s = k < p->slots ? &p->slot[k] : NULL;
    if (!p->level || !s || !s->open)
        return 0;
    if (s->nops == OPS_MAX) {
        cosim_error("--level 2: a step of wave %u makes more than %d predicate-stack ops",
                    s->wave, OPS_MAX);
        return 1;
    }
    s->ops[s->nops++] = (ctm_commit){.kind = CTM_COMMIT_PRED_OP,
                                     .wave = -1,
                                     .pc = s->in.cmd == FC_CMD_START ? 0 : s->in.pc,
                                     .op = (int)op,
                                     .quarter = (int)(ctx % p->quarters),
                                     .mask = mask,
                                     .exec = exec_after};
    return 0;
}

int pred_commit_observe(pred_commit *p, unsigned ctx, uint64_t exec_mask, uint64_t cycle)
{
    unsigned k = pred_map_slot(p->pm, ctx), q = ctx % p->quarters;
    slot_step *s = k < p->slots ? &p->slot[k] : NULL;
    if (s && s->open && !(s->seen >> q & 1)) {
        s->seen |= 1u << q;
        s->lanes |= pred_map_lanes_of(p->pm, ctx, exec_mask);
        if (s->seen == (1u << p->quarters) - 1 && commit_step(p, k, cycle))
            return 1;
    }
    return commit_shell_deliver(p->shell, cycle, 0);
}

int pred_commit_tick(pred_commit *p, uint64_t cycle)
{
    return commit_shell_deliver(p->shell, cycle, 0);
}

int pred_commit_finish(pred_commit *p, uint64_t cycle, int program_faulted)
{
    return commit_shell_finish(p->shell, cycle, program_faulted);
}

uint64_t pred_commit_count(const pred_commit *p)
{
    return commit_shell_count(p->shell);
}

const char *pred_commit_report(pred_commit *p, int format)
{
    return commit_shell_report(p->shell, format);
}

void pred_commit_report_json(pred_commit *p, json_t *report)
{
    commit_shell_report_json(p->shell, report);
}
