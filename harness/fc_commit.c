/* The flow-control bench checked at commit level (--check commit, docs/commit.md):
 * fc_unit behind the delay shell (commit_shell.c). Each START and FC step the
 * unit takes becomes a commit built from the unit's own outputs; the checker
 * shares the stimulus's run of the program (ctm_commit_share), so this one
 * checker is exercised by a regression against the real RTL. */
#include "fc_commit.h"

#include "commit_shell.h"
#include "hot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fc_commit {
    commit_shell *shell;
    unsigned contexts, level;
    uint64_t *active; /* per context: the unit's active lanes after its last step */
};

fc_commit *fc_commit_open(ctm_model *m, const fc_unit_params *rtl, uint64_t seed,
                          unsigned level, char *err, size_t n)
{
    fc_commit *c = calloc(1, sizeof *c);
    ctm_commit_checker *check = m ? ctm_commit_new(m, (int)rtl->contexts, (int)level) : NULL;
    int kinds = 1 << CTM_COMMIT_START | 1 << CTM_COMMIT_FC | (level ? 1 << CTM_COMMIT_FC_STATE : 0);
    if (!c || !(c->active = calloc(rtl->contexts, sizeof *c->active)) || !check ||
        ctm_commit_set_kinds(check, kinds) ||
        ctm_commit_share(check)) {
        snprintf(err, n, "%s", c && c->active ? ctm_error() : "out of memory");
        ctm_commit_free(check);
        fc_commit_free(c);
        return NULL;
    }
    c->contexts = rtl->contexts;
    c->level = level;
    if (!(c->shell = commit_shell_open(check, rtl->contexts, seed, err, n))) {
        fc_commit_free(c);
        return NULL;
    }
    return c;
}

void fc_commit_free(fc_commit *c)
{
    if (!c)
        return;
    commit_shell_free(c->shell);
    free(c->active);
    free(c);
}

/* Level 2: the unit's state after the step, from its own outputs. */
static int push_state(fc_commit *c, const fc_unit_in *in, const ctm_fc_out *dut, uint64_t cycle)
{
    ctm_commit s = {.kind = CTM_COMMIT_FC_STATE,
                    .wave = -1,
                    .pc = in->cmd == FC_CMD_START ? 0 : in->pc,
                    .br_inactive = dut->br_inactive,
                    .depth = dut->depth,
                    .addr_sp = dut->addr_sp,
                    .addr_top = dut->addr_top,
                    .loop_sp = dut->loop_sp,
                    .loop_count = dut->loop_top_count,
                    .al = (int16_t)dut->al};
    memcpy(s.bc, dut->bc, sizeof s.bc);
    return commit_shell_push(c->shell, in->ctx, s, cycle);
}

CTM_OUT_OF_LINE int fc_commit_step(fc_commit *c, const fc_unit_in *in, unsigned wave,
                                   const ctm_fc_out *dut, uint64_t cycle)
{
    if (in->ctx < c->contexts && (in->cmd == FC_CMD_START || in->cmd == FC_CMD_EXEC)) {
        ctm_commit r = {.active = dut->active};
        if (in->cmd == FC_CMD_START) {
            r.kind = CTM_COMMIT_START;
            r.wave = (int)wave;
            r.exec = in->live;
        } else {
            r.kind = CTM_COMMIT_FC;
            r.wave = -1;
            r.pc = in->pc;
            r.exec = c->active[in->ctx] & in->live; /* lanes that ended since leave the set */
            r.jump = dut->jump;
            r.next_pc = dut->next_pc;
        }
        c->active[in->ctx] = dut->active;
        if (commit_shell_push(c->shell, in->ctx, r, cycle))
            return 1;
        if (c->level == 2 && push_state(c, in, dut, cycle))
            return 1;
    }
    return commit_shell_deliver(c->shell, cycle, 0);
}

int fc_commit_finish(fc_commit *c, uint64_t cycle, int program_faulted)
{
    return commit_shell_finish(c->shell, cycle, program_faulted);
}

const char *fc_commit_kinds_text(const fc_commit *c)
{
    return c->level ? "level 2: START, FC and the unit's state after each (FC_STATE)"
                    : "START, FC";
}

uint64_t fc_commit_count(const fc_commit *c)
{
    return commit_shell_count(c->shell);
}

void fc_commit_report_json(fc_commit *c, json_t *report)
{
    commit_shell_report_json(c->shell, report);
}

const char *fc_commit_report(fc_commit *c, int format)
{
    return commit_shell_report(c->shell, format);
}
