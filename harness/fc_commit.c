/* The flow-control bench checked at commit level (--check commit, docs/commit.md):
 * fc_unit behind a shell that commits each step's result late and out of
 * step, as a design with its own pipeline would. Each START and FC step the
 * unit takes becomes a commit built from the unit's own outputs; each
 * context's commits wait 1..8 cycles at random (in order within the
 * context), contexts are renamed, and what is due goes to the library's
 * commit checker in a random order of contexts. The checker shares the
 * stimulus's run of the program (ctm_commit_share), so this one checker is
 * exercised by a regression against the real RTL. */
#include "fc_commit.h"

#include "cosim.h"
#include "rng.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DELAY = 8, FIFO = 16 }; /* a context commits at most once a cycle: 8 wait */

typedef struct due {
    uint64_t at;
    ctm_commit r;
} due;

typedef struct ctx_fifo {
    due q[FIFO];
    unsigned head, n;
    uint64_t last_at;
    uint64_t active; /* the unit's active lanes after the context's last step */
} ctx_fifo;

struct fc_commit {
    ctm_commit_checker *check;
    unsigned contexts;
    ctx_fifo *ctx;
    unsigned *order; /* scratch: the contexts in a random order */
    rng rng;
    uint64_t commits;
    int verdict; /* the status that stopped the check (CTM_OK: none) */
};

/* A design context id for unit context k: reversed, so that the checker's
 * mapping of ids to wavefronts is exercised. */
static int rename_ctx(const fc_commit *c, unsigned k)
{
    return (int)(c->contexts - 1 - k);
}

fc_commit *fc_commit_open(ctm_model *m, const fc_unit_params *rtl, uint64_t seed, char *err,
                          size_t n)
{
    fc_commit *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    c->contexts = rtl->contexts;
    c->ctx = calloc(rtl->contexts, sizeof *c->ctx);
    c->order = calloc(rtl->contexts, sizeof *c->order);
    if (m)
        c->check = ctm_commit_new(m, (int)rtl->contexts, 0);
    if (!c->ctx || !c->order || !c->check ||
        ctm_commit_set_kinds(c->check, 1 << CTM_COMMIT_START | 1 << CTM_COMMIT_FC) ||
        ctm_commit_share(c->check)) {
        snprintf(err, n, "%s", c->ctx && c->order ? ctm_error() : "out of memory");
        fc_commit_free(c);
        return NULL;
    }
    rng_seed(&c->rng, seed ^ 0xC0FFEEull); /* its own draws: the stimulus is the program's */
    return c;
}

void fc_commit_free(fc_commit *c)
{
    if (!c)
        return;
    ctm_commit_free(c->check);
    free(c->ctx);
    free(c->order);
    free(c);
}

/* Records the checker's mismatch for the session: the field (or what ended
 * the check), both values, the context; 1. */
static int mismatch(fc_commit *c, uint64_t cycle, int status)
{
    c->verdict = status;
    json_t *j = json_loads(ctm_commit_report(c->check, CTM_REPORT_JSON), 0, NULL);
    static char field[32];
    const char *what = json_string_value(json_object_get(j, "what"));
    const char *f = json_string_value(json_object_get(j, "field"));
    snprintf(field, sizeof field, "%s", f ? f : what ? what : "commit");
    const char *e = json_string_value(json_object_get(j, "expected"));
    const char *a = json_string_value(json_object_get(j, "actual"));
    json_t *ctx = json_object_get(j, "context");
    cosim_mismatch mm = {cycle,
                         json_is_integer(ctx) ? (unsigned)json_integer_value(ctx) : 0,
                         field,
                         e ? strtoull(e, NULL, 0) : 0,
                         a ? strtoull(a, NULL, 0) : 0,
                         64,
                         f && (!strcmp(f, "exec") || !strcmp(f, "active"))};
    json_decref(j);
    if (status != CTM_E_MISMATCH) /* the model faulted or refused: not the DUT's fault */
        cosim_error("commit check: %s", ctm_commit_diff(c->check));
    else
        cosim_record_mismatch(&mm);
    return 1;
}

/* Hands the commits due at `cycle` (all of them with flush) to the checker. */
static int deliver(fc_commit *c, uint64_t cycle, int flush)
{
    for (unsigned k = 0; k < c->contexts; k++)
        c->order[k] = k;
    for (unsigned k = c->contexts; k > 1; k--) {
        unsigned j = rng_below(&c->rng, k), t = c->order[k - 1];
        c->order[k - 1] = c->order[j];
        c->order[j] = t;
    }
    for (unsigned i = 0; i < c->contexts; i++) {
        ctx_fifo *f = &c->ctx[c->order[i]];
        while (f->n && (flush || f->q[f->head].at <= cycle)) {
            int st = ctm_commit_put(c->check, cycle, &f->q[f->head].r);
            f->head = (f->head + 1) % FIFO;
            f->n--;
            if (st)
                return mismatch(c, cycle, st);
        }
    }
    int st = ctm_commit_clock(c->check, cycle);
    return st ? mismatch(c, cycle, st) : 0;
}

int fc_commit_step(fc_commit *c, const fc_unit_in *in, unsigned wave, const ctm_fc_out *dut,
                   uint64_t cycle)
{
    if (c->verdict)
        return 1;
    if (in->ctx < c->contexts && (in->cmd == FC_CMD_START || in->cmd == FC_CMD_EXEC)) {
        ctx_fifo *f = &c->ctx[in->ctx];
        ctm_commit r = {.ctx = rename_ctx(c, in->ctx), .active = dut->active};
        if (in->cmd == FC_CMD_START) {
            r.kind = CTM_COMMIT_START;
            r.wave = (int)wave;
            r.exec = in->live;
        } else {
            r.kind = CTM_COMMIT_FC;
            r.wave = -1;
            r.pc = in->pc;
            r.exec = f->active & in->live; /* lanes that ended since leave the active set */
            r.jump = dut->jump;
            r.next_pc = dut->next_pc;
        }
        f->active = dut->active;
        uint64_t at = cycle + 1 + rng_below(&c->rng, MAX_DELAY);
        if (at < f->last_at)
            at = f->last_at; /* a context commits in program order */
        f->last_at = at;
        if (f->n == FIFO) { /* cannot happen: one commit a cycle, each at most 8 late */
            cosim_error("commit shell: context %u holds %u commits", in->ctx, f->n);
            return 1;
        }
        f->q[(f->head + f->n++) % FIFO] = (due){at, r};
        c->commits++;
    }
    return deliver(c, cycle, 0);
}

int fc_commit_finish(fc_commit *c, uint64_t cycle, int program_faulted)
{
    if (c->verdict)
        return 1;
    if (deliver(c, cycle, 1))
        return 1;
    int st = ctm_commit_finish(c->check);
    if (st == CTM_E_FAULT && program_faulted)
        return 0; /* the stimulus stopped at the same fault: every commit before it matched */
    return st ? mismatch(c, cycle, st) : 0;
}

uint64_t fc_commit_count(const fc_commit *c)
{
    return ctm_commit_count(c->check);
}

void fc_commit_report_json(fc_commit *c, json_t *report)
{
    json_t *j = json_loads(ctm_commit_report(c->check, CTM_REPORT_JSON), 0, NULL);
    json_t *ops = json_array(), *made;
    size_t i;
    /* the run's last ops: the wavefront's last commits, oldest first */
    json_array_foreach(json_object_get(j, "last_commits"), i, made)
    {
        json_t *r = json_object_get(made, "commit");
        json_array_append_new(ops, json_pack("{s:O, s:O, s:O, s:O}", "cycle",
                                             json_object_get(made, "cycle"), "op",
                                             json_object_get(r, "kind"), "context",
                                             json_object_get(made, "context"), "commit", r));
    }
    json_object_set_new(report, "last_ops", ops);
    json_object_set_new(report, "commit", j);
}

const char *fc_commit_report(fc_commit *c, int format)
{
    return ctm_commit_report(c->check, format);
}
