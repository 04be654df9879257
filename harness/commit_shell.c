/* The delay shell of the kit's commit-level runs (commit_shell.h). */
#include "commit_shell.h"

#include "cosim.h"
#include "rng.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A context makes at most one step a cycle and a step at most three commits
 * (level 1's events), each waiting at most 8 cycles: 64 is room to spare. */
enum { MAX_DELAY = 8, FIFO = 64 };

typedef struct due {
    uint64_t at;
    ctm_commit r;
} due;

typedef struct ctx_fifo {
    due q[FIFO];
    unsigned head, n;
    uint64_t last_at;
} ctx_fifo;

struct commit_shell {
    ctm_commit_checker *check;
    unsigned contexts;
    ctx_fifo *ctx;
    unsigned *order; /* scratch: the contexts in a random order */
    rng rng;
    int verdict; /* the status that stopped the check (CTM_OK: none) */
};

commit_shell *commit_shell_open(ctm_commit_checker *c, unsigned contexts, uint64_t seed,
                                char *err, size_t n)
{
    commit_shell *s = calloc(1, sizeof *s);
    if (s) {
        s->check = c;
        s->contexts = contexts;
        s->ctx = calloc(contexts, sizeof *s->ctx);
        s->order = calloc(contexts, sizeof *s->order);
    }
    if (!s || !s->ctx || !s->order) {
        snprintf(err, n, "out of memory");
        if (!s)
            ctm_commit_free(c);
        commit_shell_free(s);
        return NULL;
    }
    rng_seed(&s->rng, seed ^ 0xC0FFEEull); /* its own draws: the stimulus is the program's */
    return s;
}

void commit_shell_free(commit_shell *s)
{
    if (!s)
        return;
    ctm_commit_free(s->check);
    free(s->ctx);
    free(s->order);
    free(s);
}

/* A design context id for unit context k: reversed, so that the checker's
 * mapping of ids to wavefronts is exercised. */
static int rename_ctx(const commit_shell *s, unsigned k)
{
    return (int)(s->contexts - 1 - k);
}

/* Records the checker's mismatch for the session: the field (or what ended
 * the check), both values, the context; 1. */
static int mismatch(commit_shell *s, uint64_t cycle, int status)
{
    s->verdict = status;
    json_t *j = json_loads(ctm_commit_report(s->check, CTM_REPORT_JSON), 0, NULL);
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
        cosim_error("commit check: %s", ctm_commit_diff(s->check));
    else
        cosim_record_mismatch(&mm);
    return 1;
}

int commit_shell_push(commit_shell *s, unsigned ctx, ctm_commit r, uint64_t cycle)
{
    if (s->verdict)
        return 1;
    ctx_fifo *f = &s->ctx[ctx];
    if (f->n == FIFO) { /* cannot happen: see FIFO */
        cosim_error("commit shell: context %u holds %u commits", ctx, f->n);
        return 1;
    }
    r.ctx = rename_ctx(s, ctx);
    uint64_t at = cycle + 1 + rng_below(&s->rng, MAX_DELAY);
    if (at < f->last_at)
        at = f->last_at; /* a context commits in program order */
    f->last_at = at;
    f->q[(f->head + f->n++) % FIFO] = (due){at, r};
    return 0;
}

int commit_shell_deliver(commit_shell *s, uint64_t cycle, int flush)
{
    if (s->verdict)
        return 1;
    for (unsigned k = 0; k < s->contexts; k++)
        s->order[k] = k;
    for (unsigned k = s->contexts; k > 1; k--) {
        unsigned j = rng_below(&s->rng, k), t = s->order[k - 1];
        s->order[k - 1] = s->order[j];
        s->order[j] = t;
    }
    for (unsigned i = 0; i < s->contexts; i++) {
        ctx_fifo *f = &s->ctx[s->order[i]];
        while (f->n && (flush || f->q[f->head].at <= cycle)) {
            int st = ctm_commit_put(s->check, cycle, &f->q[f->head].r);
            f->head = (f->head + 1) % FIFO;
            f->n--;
            if (st)
                return mismatch(s, cycle, st);
        }
    }
    int st = ctm_commit_clock(s->check, cycle);
    return st ? mismatch(s, cycle, st) : 0;
}

int commit_shell_finish(commit_shell *s, uint64_t cycle, int program_faulted)
{
    if (s->verdict || commit_shell_deliver(s, cycle, 1))
        return 1;
    int st = ctm_commit_finish(s->check);
    if (st == CTM_E_FAULT && program_faulted)
        return 0; /* the stimulus stopped at the same fault: every commit before it matched */
    return st ? mismatch(s, cycle, st) : 0;
}

uint64_t commit_shell_count(const commit_shell *s)
{
    return ctm_commit_count(s->check);
}

const char *commit_shell_report(commit_shell *s, int format)
{
    return ctm_commit_report(s->check, format);
}

void commit_shell_report_json(commit_shell *s, json_t *report)
{
    json_t *j = json_loads(ctm_commit_report(s->check, CTM_REPORT_JSON), 0, NULL);
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
