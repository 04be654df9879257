/* The commit checker of the public API (ctm.h, docs/commit.md): a design's
 * commits, context by context, against the model's, wavefront by wavefront.
 *
 * The model runs on demand in its own order (ctm_model_commit) and each of
 * its commits joins the queue of its wavefront; a design's commit is compared
 * with the head of its wavefront's queue, running the model on until that
 * queue has one. So any latency and any interleaving of contexts costs only
 * the commits the model made ahead of the design, and nothing is recorded
 * for a wavefront once the design has ended it. */
#include "commit_int.h"
#include "ctm.h"
#include "ctm_int.h"
#include "isa.h"
#include "pa.h"
#include "pred_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CONTEXTS_MAX = 1024, WATCHDOG_DEFAULT = 10000 };

/* Bit k: CTM_COMMIT_k is a kind of checker c's level (and family, and REGIONS
 * once ctm_commit_set_regions turned it on). */
static uint32_t level_kinds(const ctm_commit_checker *c)
{
    uint32_t regions = c->regions >= 0 ? CC_REGIONS_KIND : 0;
    return regions | (c->level == 0   ? CC_LEVEL0_KINDS
                      : c->level == 1 ? CC_LEVEL1_KINDS
                                      : CC_LEVEL0_KINDS | CC_FAMILY_KIND(c->family));
}

/* The fields each kind commits, compared in this order after the kind. */
static const uint32_t fields_of[CTM_COMMIT_KINDS] = {
    [CTM_COMMIT_START] = CF_BIT(CF_EXEC) | CF_BIT(CF_ACTIVE),
    [CTM_COMMIT_ALU] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_DONE),
    [CTM_COMMIT_TEX] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_DONE) | CF_BIT(CF_KILL),
    [CTM_COMMIT_OUTPUT] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_DONE),
    [CTM_COMMIT_FC] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_DONE) | CF_BIT(CF_JUMP) |
                      CF_BIT(CF_NEXT_PC) | CF_BIT(CF_ACTIVE),
    [CTM_COMMIT_END] = 0,
    [CTM_COMMIT_DIVERGE] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC),
    [CTM_COMMIT_RECONVERGE] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC),
    [CTM_COMMIT_LOOP_ENTER] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_AL),
    [CTM_COMMIT_LOOP_ITERATE] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_AL),
    [CTM_COMMIT_LOOP_EXIT] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC) | CF_BIT(CF_AL),
    [CTM_COMMIT_BREAK] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC),
    [CTM_COMMIT_CONTINUE] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC),
    [CTM_COMMIT_CALL] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC),
    [CTM_COMMIT_RETURN] = CF_BIT(CF_PC) | CF_BIT(CF_EXEC),
    [CTM_COMMIT_KILL] = CF_BIT(CF_PC) | CF_BIT(CF_KILL),
    [CTM_COMMIT_FC_STATE] = CF_BIT(CF_PC) | CF_BIT(CF_BR_INACTIVE) | CF_BIT(CF_DEPTH) |
                            CF_BIT(CF_ADDR_SP) | CF_BIT(CF_ADDR_TOP) | CF_BIT(CF_LOOP_SP) |
                            CF_BIT(CF_LOOP_COUNT) | CF_BIT(CF_AL) | CF_BIT(CF_BC),
    [CTM_COMMIT_PRED_OP] = CF_BIT(CF_PC) | CF_BIT(CF_OP) | CF_BIT(CF_QUARTER) | CF_BIT(CF_MASK) |
                           CF_BIT(CF_EXEC),
    [CTM_COMMIT_REGIONS] = CF_BIT(CF_PC) | CF_BIT(CF_REGIONS),
};

#define CF_MASKS                                                                                   \
    (CF_BIT(CF_EXEC) | CF_BIT(CF_DONE) | CF_BIT(CF_KILL) | CF_BIT(CF_ACTIVE) |                     \
     CF_BIT(CF_BR_INACTIVE))

uint32_t commit_fields(int kind)
{
    return (unsigned)kind < CTM_COMMIT_KINDS ? fields_of[kind] : 0;
}

uint64_t commit_field(const ctm_commit *r, int f)
{
    switch (f) {
    case CF_KIND:
        return (uint64_t)r->kind;
    case CF_PC:
        return r->pc;
    case CF_EXEC:
        return r->exec;
    case CF_DONE:
        return r->done;
    case CF_KILL:
        return r->kill;
    case CF_JUMP:
        return (uint64_t)r->jump;
    case CF_NEXT_PC:
        return r->next_pc;
    case CF_ACTIVE:
        return r->active;
    case CF_AL:
        return (uint64_t)(int64_t)r->al;
    case CF_OP:
        return (uint64_t)r->op;
    case CF_QUARTER:
        return (uint64_t)r->quarter;
    case CF_MASK:
        return r->mask;
    case CF_BR_INACTIVE:
        return r->br_inactive;
    case CF_DEPTH:
        return r->depth;
    case CF_ADDR_SP:
        return r->addr_sp;
    case CF_ADDR_TOP:
        return r->addr_top;
    case CF_LOOP_SP:
        return r->loop_sp;
    case CF_LOOP_COUNT:
        return r->loop_count;
    case CF_REGIONS:
        return r->regions;
    case CF_BC: {
        uint64_t parked = 0;
        for (unsigned l = 0; l < 64; l++)
            parked |= (uint64_t)(r->bc[l] != 0) << l;
        return parked;
    }
    default:
        return 0;
    }
}

uint64_t commit_bc_differ(const ctm_commit *want, const ctm_commit *got)
{
    uint64_t d = 0;
    for (unsigned l = 0; l < 64; l++)
        d |= (uint64_t)(want->bc[l] != got->bc[l]) << l;
    return d;
}

/* The first field of r that differs from want (CF_NONE: they agree), lane
 * masks compared outside `pending` (lanes killed that the design has not yet
 * reported: it may still hold them), kill not at all when kills come apart. */
static int first_difference(const ctm_commit_checker *c, const ctm_commit *want,
                            const ctm_commit *r, uint64_t pending)
{
    if (want->kind != r->kind)
        return CF_KIND;
    uint32_t fields = fields_of[want->kind];
    if (c->kinds & CC_KILL_KIND && want->kind != CTM_COMMIT_KILL)
        fields &= ~CF_BIT(CF_KILL);
    for (uint32_t m = fields; m; m &= m - 1) {
        int f = __builtin_ctz(m);
        if (f == CF_BC) {
            if (commit_bc_differ(want, r) & ~pending)
                return f;
            continue;
        }
        uint64_t ignore = CF_MASKS >> f & 1 ? pending : 0;
        if ((commit_field(want, f) & ~ignore) != (commit_field(r, f) & ~ignore))
            return f;
    }
    return CF_NONE;
}

/* ------------------------------------------------------------ queues */

static cc_wave *wave_at(ctm_commit_checker *c, unsigned w)
{
    return w < c->nwaves ? &c->wave[w] : NULL;
}

static ctm_commit *queue_at(const cc_wave *q, size_t i)
{
    return cq_at(&q->queue, i);
}

/* Room for one more wave (w = c->nwaves). 0 or CTM_E_NOMEM. */
static int add_wave(ctm_commit_checker *c)
{
    if (c->nwaves == c->wave_cap) {
        unsigned cap = c->wave_cap ? 2 * c->wave_cap : 64;
        cc_wave *grown = realloc(c->wave, cap * sizeof *grown);
        if (!grown)
            return CTM_E_NOMEM;
        c->wave = grown;
        c->wave_cap = cap;
    }
    c->wave[c->nwaves++] = (cc_wave){.queue = cq_new(sizeof(ctm_commit)), .ctx = -1};
    return CTM_OK;
}

/* A TEXKILL the design reports on its own (KILL): pending until it does. */
static int expect_kill(cc_wave *q, const ctm_commit *r)
{
    if (q->nkills == q->kills_cap) {
        unsigned cap = q->kills_cap ? 2 * q->kills_cap : 4;
        cc_kill *grown = realloc(q->kills, cap * sizeof *grown);
        if (!grown)
            return CTM_E_NOMEM;
        q->kills = grown;
        q->kills_cap = cap;
    }
    q->kills[q->nkills++] = (cc_kill){r->pc, r->kill};
    q->pending |= r->kill;
    return CTM_OK;
}

/* r into wave q's queue if the design commits its kind (draining: counted
 * only, once the queue holds the first one never made, all a report shows). 0 or CTM_E_NOMEM. */
static int expect(ctm_commit_checker *c, cc_wave *q, const ctm_commit *r)
{
    if (c->kinds & CC_KILL_KIND && r->kill && expect_kill(q, r))
        return CTM_E_NOMEM;
    if (!(c->kinds >> r->kind & 1))
        return CTM_OK; /* a kind the design does not commit */
    return cq_offer(&q->queue, r, c->draining, 1);
}

/* Level 1: the control events of FC commit r (instruction OP op, A_OP a_op),
 * in this order: what the instruction is (a loop's enter, iterate or exit, a
 * break, a continue, a taken call or return), then the lanes it parked
 * (DIVERGE) and the lanes it woke (RECONVERGE). 0 or CTM_E_NOMEM. */
static int expect_events(ctm_commit_checker *c, cc_wave *q, const ctm_commit *r, int op, int a_op)
{
    int what = -1;
    if (op == DPP_FC_LOOP || op == DPP_FC_REP)
        what = CTM_COMMIT_LOOP_ENTER;
    else if (op == DPP_FC_ENDLOOP || op == DPP_FC_ENDREP)
        what = r->jump ? CTM_COMMIT_LOOP_ITERATE : CTM_COMMIT_LOOP_EXIT;
    else if (op == DPP_FC_BREAKLOOP || op == DPP_FC_BREAKREP)
        what = CTM_COMMIT_BREAK;
    else if (op == DPP_FC_CONTINUE)
        what = CTM_COMMIT_CONTINUE;
    else if (a_op == DPP_AOP_PUSH && r->jump)
        what = CTM_COMMIT_CALL;
    else if (a_op == DPP_AOP_POP && r->jump)
        what = CTM_COMMIT_RETURN;
    int loop = what >= CTM_COMMIT_LOOP_ENTER && what <= CTM_COMMIT_LOOP_EXIT;
    const ctm_commit events[3] = {
        {.ctx = r->ctx,
         .kind = what,
         .wave = r->wave,
         .pc = r->pc,
         .exec = r->active,
         .al = loop ? r->al : 0},
        {.ctx = r->ctx,
         .kind = CTM_COMMIT_DIVERGE,
         .wave = r->wave,
         .pc = r->pc,
         .exec = r->exec & ~r->active},
        {.ctx = r->ctx,
         .kind = CTM_COMMIT_RECONVERGE,
         .wave = r->wave,
         .pc = r->pc,
         .exec = r->active & ~r->exec},
    };
    const int due[3] = {what >= 0, events[1].exec != 0, events[2].exec != 0};
    for (int i = 0; i < 3; i++)
        if (due[i] && expect(c, q, &events[i]))
            return CTM_E_NOMEM;
    return CTM_OK;
}

/* ------------------------------------------------------------ level 2 */

/* The predicate-stack family: the system run's mapping of the model's
 * flow-control steps to the patent's ops, and a predicate stack they drive,
 * whose ExecuteMask after each op the design's must equal. */
typedef struct cc_pred {
    pred_map *pm;
    pred_stack_model *ps;
    unsigned quarters;
    pred_map_op ops[256];
} cc_pred;

static void pred_free(cc_pred *p)
{
    if (p) {
        pred_map_destroy(p->pm);
        pred_stack_destroy(p->ps);
        free(p);
    }
}

/* The family's state for m's shape; NULL and ctm_error() if it cannot be made. */
static cc_pred *pred_new(const ctm_model *m, const char *func)
{
    int lanes, slots;
    api_model_shape(m, &lanes, &slots);
    pred_map_cfg cfg = {.slots = (unsigned)slots, .lanes = (unsigned)lanes, .depth = 64};
    cc_pred *p = calloc(1, sizeof *p);
    dpp_error e = {0};
    if (!p)
        return api_fail("%s: out of memory", func);
    pred_stack_cfg shape = pred_map_shape(&cfg);
    if (pred_map_create(&cfg, &p->pm, &e) || pred_stack_create(&shape, &p->ps, &e)) {
        pred_free(p);
        return api_fail("%s: the predicate-stack family does not fit the model's %d wavefronts "
                        "of %d lanes: %s",
                        func, slots, lanes, e.msg);
    }
    p->quarters = pred_map_quarters(p->pm);
    return p;
}

/* PRED_OP: the ops of START or FC commit r, quarter by quarter as the
 * mapping orders them, each with the mask it drives and the quarter's
 * ExecuteMask after it. 0 or a status. */
static int expect_pred_ops(ctm_commit_checker *c, cc_wave *q, const ctm_commit *r,
                           const pa_issue_event *ev)
{
    cc_pred *p = c->pred;
    unsigned n;
    int checked;
    dpp_error e;
    if (pred_map_event(p->pm, ev->fc_in, ev->fc_out, p->ops, sizeof p->ops / sizeof p->ops[0],
                       &n, &checked, &e))
        return CTM_E_NOMEM; /* more ops than any step makes */
    for (unsigned i = 0; i < n; i++) {
        const pred_map_op *op = &p->ops[i];
        pred_stack_out o;
        pred_stack_observe(p->ps, op->ctx, &o);
        pred_stack_in in = {.op = op->op,
                            .ctx = op->ctx,
                            .mask = pred_map_drive_mask(op, o.obs_exec_mask),
                            .obs_ctx = op->ctx};
        pred_stack_step(p->ps, &in, &o);
        pred_stack_observe(p->ps, op->ctx, &o);
        ctm_commit s = {.ctx = r->ctx,
                        .kind = CTM_COMMIT_PRED_OP,
                        .wave = r->wave,
                        .pc = r->pc,
                        .op = op->op,
                        .quarter = (int)(op->ctx % p->quarters),
                        .mask = in.mask,
                        .exec = o.obs_exec_mask};
        if (expect(c, q, &s))
            return CTM_E_NOMEM;
    }
    return CTM_OK;
}

/* FC_STATE: fc_unit's state after START or FC commit r. */
static int expect_fc_state(ctm_commit_checker *c, cc_wave *q, const ctm_commit *r,
                           const fc_unit_out *o)
{
    ctm_commit s = {.ctx = r->ctx,
                    .kind = CTM_COMMIT_FC_STATE,
                    .wave = r->wave,
                    .pc = r->pc,
                    .br_inactive = o->br_inactive,
                    .depth = o->depth,
                    .addr_sp = o->addr_sp,
                    .addr_top = o->addr_top,
                    .loop_sp = o->loop_sp,
                    .loop_count = o->loop_top_count,
                    .al = (int16_t)o->al};
    memcpy(s.bc, o->bc, sizeof s.bc);
    return expect(c, q, &s);
}

/* ------------------------------------------------------------ open regions */

/* REGIONS after START or FC step r: the branch levels open (fc_unit's depth),
 * each counted by the policy. A branch opens a level by B_OP INCR, which parks
 * the lanes that disagree at counter 0 (a B_ELSE before it in the same step
 * parks at 0 too, but the INCR then raises those to 1), so the level is
 * divergent when some parked lane has counter 0 right after it; it stays what
 * it was opened as until a DECR closes it. */
static int expect_regions(ctm_commit_checker *c, cc_wave *q, const ctm_commit *r,
                          const fc_unit_out *o)
{
    if (r->kind == CTM_COMMIT_START)
        q->levels = 0, q->divergent = 0;
    unsigned depth = o->depth;
    if (depth > q->levels) { /* INCR: one level more */
        uint64_t parked = 0;
        for (unsigned l = 0; l < 64; l++)
            parked |= (uint64_t)(o->br_inactive >> l & 1 && !o->bc[l]) << l;
        if (parked)
            q->divergent |= 1ull << (depth - 1);
    }
    q->divergent &= depth < 64 ? (1ull << depth) - 1 : ~0ull; /* DECR closes levels */
    q->levels = (uint8_t)depth;
    ctm_commit s = {.ctx = r->ctx,
                    .kind = CTM_COMMIT_REGIONS,
                    .wave = r->wave,
                    .pc = r->pc,
                    .regions = c->regions == CTM_REGIONS_ALL
                                   ? depth
                                   : (uint32_t)__builtin_popcountll(q->divergent)};
    return expect(c, q, &s);
}

/* One commit of the model's run (ev) into its wavefront's queue, as the
 * checker's level has it, then its open regions if the design commits them.
 * 0 or CTM_E_NOMEM. */
static int take_commit(ctm_commit_checker *c, const ctm_commit *r, const pa_issue_event *ev)
{
    if ((unsigned)r->wave >= c->nwaves && add_wave(c))
        return CTM_E_NOMEM;
    cc_wave *q = &c->wave[r->wave];
    if (r->kind == CTM_COMMIT_END)
        q->model_done = 1;
    int st;
    if (c->level == 1 && r->kind == CTM_COMMIT_FC)
        st = expect_events(c, q, r, ev->op, ev->a_op);
    else if ((st = expect(c, q, r)) == 0 && c->level == 2 && ev->fc_out)
        st = c->family == CTM_COMMIT_FAMILY_PRED ? expect_pred_ops(c, q, r, ev)
                                                 : expect_fc_state(c, q, r, ev->fc_out);
    if (st || c->regions < 0 || !ev->fc_out)
        return st;
    return expect_regions(c, q, r, ev->fc_out);
}

/* A shared run's commit, as the testbench's ctm_model_step makes it. */
static void take_shared(void *user, const pa_issue_event *ev)
{
    ctm_commit_checker *c = user;
    ctm_commit r;
    api_commit_of(ev, &r);
    if (take_commit(c, &r, ev))
        c->sink_status = CTM_E_NOMEM;
}

/* A shared run: nothing comes but what the testbench's steps made, until the
 * drain check, which runs the rest of the run itself. 0, or a negative status. */
static int pull_shared(ctm_commit_checker *c)
{
    if (c->sink_status)
        return -c->sink_status;
    if (c->draining && !c->model_ended) {
        int r = api_model_run_out(c->m);
        c->model_ended = 1;
        if (r < 0) {
            snprintf(c->v.diff, sizeof c->v.diff, "the model faulted: %s", ctm_model_error(c->m));
            return r;
        }
        return c->sink_status ? -c->sink_status : 0;
    }
    c->model_ended = api_model_ended(c->m);
    return 0;
}

/* The model's next commit into its wavefront's queue, as the checker's
 * level has it. 1, 0 at the run's end (a shared run: nothing more yet), or a
 * negative status (the reason in c->v.diff). */
static int pull(ctm_commit_checker *c)
{
    if (c->model_ended)
        return 0;
    if (!api_is_live(c->m, API_MODEL)) {
        snprintf(c->v.diff, sizeof c->v.diff, "the checker's ctm_model was freed");
        return -CTM_E_STATE;
    }
    if (c->shared)
        return pull_shared(c);
    ctm_commit r;
    const pa_issue_event *ev;
    int got = api_model_commit(c->m, &r, &ev, "ctm_commit_checker");
    if (got < 0) {
        snprintf(c->v.diff, sizeof c->v.diff, "the model faulted: %s", ctm_model_error(c->m));
        return got;
    }
    if (!got) {
        c->model_ended = 1;
        return 0;
    }
    return take_commit(c, &r, ev) ? -CTM_E_NOMEM : 1;
}

/* Runs the model until wave w's queue holds `want` commits or the run ends:
 * the commits it holds then, or a negative status. */
static int fill(ctm_commit_checker *c, unsigned w, unsigned want)
{
    for (;;) {
        cc_wave *q = wave_at(c, w);
        if (q && q->queue.n >= want)
            return (int)q->queue.n;
        int st = pull(c);
        if (st <= 0)
            return st < 0 ? st : (q ? (int)q->queue.n : 0);
    }
}

uint64_t commit_owed(const cc_wave *q, ctm_commit *first)
{
    if (first && q->queue.n)
        *first = *queue_at(q, 0);
    else if (first && q->nkills)
        *first = (ctm_commit){.ctx = q->ctx,
                              .kind = CTM_COMMIT_KILL,
                              .wave = -1,
                              .pc = q->kills[0].pc,
                              .kill = q->kills[0].lanes};
    return cq_owed(&q->queue) + q->nkills;
}

/* ------------------------------------------------------------ the handle */

ctm_commit_checker *ctm_commit_new(ctm_model *m, int contexts, int level)
{
    if (!api_is_live(m, API_MODEL) && !api_live_slow(m, API_MODEL, __func__))
        return NULL;
    if (!API_RANGE(NULL, "contexts", contexts, 1, CONTEXTS_MAX) ||
        !API_RANGE(NULL, "level", level, 0, 2))
        return NULL;
    ctm_commit_checker *c = api_alloc(API_COMMIT, sizeof *c);
    if (!c)
        return api_fail("%s: out of memory", __func__);
    c->ctx_wave = malloc((size_t)contexts * sizeof *c->ctx_wave);
    if (!c->ctx_wave || api_model_drive(m, c, __func__)) {
        char why[API_ERROR_MAX];
        snprintf(why, sizeof why, "%s", c->ctx_wave ? ctm_error() : "out of memory");
        free(c->ctx_wave);
        api_release(c, API_COMMIT);
        return api_fail("%s", why);
    }
    for (int k = 0; k < contexts; k++)
        c->ctx_wave[k] = -1;
    c->m = m;
    c->contexts = contexts;
    c->level = level;
    c->watchdog = WATCHDOG_DEFAULT;
    c->family = CTM_COMMIT_FAMILY_FC;
    c->regions = -1;                           /* REGIONS is opt-in too */
    c->kinds = level_kinds(c) & ~CC_KILL_KIND; /* KILL is opt-in */
    api_set_error("");
    return c;
}

static void free_queues(ctm_commit_checker *c)
{
    for (unsigned w = 0; w < c->nwaves; w++) {
        cq_free(&c->wave[w].queue);
        ch_free(&c->wave[w].hist);
        free(c->wave[w].kills);
    }
    free(c->wave);
    c->wave = NULL;
    c->nwaves = c->wave_cap = 0;
}

void ctm_commit_free(ctm_commit_checker *c)
{
    if (!c || !API_LIVE(c, API_COMMIT))
        return;
    if (api_is_live(c->m, API_MODEL))
        api_model_drive(c->m, NULL, __func__);
    free_queues(c);
    pred_free(c->pred);
    free(c->ctx_wave);
    free(c->v.report);
    api_release(c, API_COMMIT);
}

/* ------------------------------------------------------------ verdicts */

/* Ends the check with a mismatch of kind `what` at commit r (NULL: none);
 * the one-line text in c->v.diff is the caller's. */
static int stop(ctm_commit_checker *c, int what, uint64_t cycle, const ctm_commit *r, int wave)
{
    cc_mismatch *x = &c->x;
    x->what = what;
    x->cycle = cycle;
    x->wave = wave;
    if (r)
        x->got = *r;
    x->has_got = r != NULL;
    x->nnext = 0;
    x->nhist = 0;
    if (wave >= 0)
        fill(c, (unsigned)wave, CC_NEXT_SHOWN); /* may move the queues */
    const cc_wave *q = wave >= 0 ? wave_at(c, (unsigned)wave) : NULL;
    if (q) {
        x->nnext = cq_copy(&q->queue, x->next, CC_NEXT_SHOWN);
        x->nhist = ch_copy(&q->hist, x->hist, sizeof *x->hist);
    }
    c->v.verdict = CTM_E_MISMATCH;
    return CTM_E_MISMATCH;
}

/* A bad argument of func (ctm_commit_put or _put_fields): CTM_E_ARG, the
 * message in ctm_error() and ctm_commit_diff. */
static int misuse(ctm_commit_checker *c, const char *func, const char *text)
{
    return cv_misuse(&c->v, &c->h, func, text);
}

/* Wave q has ended on the design's side: its context is free, its records go. */
static void release(ctm_commit_checker *c, cc_wave *q)
{
    if (q->ctx >= 0)
        c->ctx_wave[q->ctx] = -1;
    q->ctx = -1;
    q->ended = 1;
    cq_free(&q->queue);
    ch_free(&q->hist);
    free(q->kills);
    q->kills = NULL;
    q->nkills = q->kills_cap = 0;
    q->pending = 0;
}

/* Whether wave q has ended without an END commit: a design that does not
 * commit ENDs has made every commit of it the model made. */
static int ended_silently(const ctm_commit_checker *c, const cc_wave *q)
{
    return !(c->kinds >> CTM_COMMIT_END & 1) && q->model_done && !q->queue.n && !q->nkills;
}

/* A commit that matched, into the wave's history. */
static int remember(ctm_commit_checker *c, cc_wave *q, uint64_t cycle, const ctm_commit *r)
{
    cc_made made = {*r, cycle};
    if (ch_add(&q->hist, &made, sizeof made))
        return CTM_E_NOMEM;
    q->made++;
    c->matched++;
    c->last_cycle = cycle;
    c->seen_cycle = 1;
    return CTM_OK;
}

/* A commit that matched the head of its queue: out of it into the history. */
static int accept(ctm_commit_checker *c, cc_wave *q, uint64_t cycle, const ctm_commit *r)
{
    if (remember(c, q, cycle, r))
        return CTM_E_NOMEM;
    cq_drop(&q->queue);
    if (r->kind == CTM_COMMIT_END)
        release(c, q);
    return CTM_OK;
}

/* A START: binds r->ctx to its wavefront. The wave, or a negative status. */
static int bind(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r)
{
    int busy = c->ctx_wave[r->ctx];
    if (busy >= 0 && !ended_silently(c, &c->wave[busy]))
        fill(c, (unsigned)busy, 1); /* the model may not have ended it yet */
    if (busy >= 0 && ended_silently(c, &c->wave[busy])) {
        release(c, &c->wave[busy]);
        busy = -1;
    }
    if (busy >= 0) {
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d: START while wave %d still runs on it (no END)",
                 (unsigned long long)cycle, r->ctx, busy);
        return -stop(c, CC_CONTEXT, cycle, r, busy);
    }
    unsigned w = r->wave >= 0 ? (unsigned)r->wave : c->next_start;
    int st = fill(c, w, 1);
    if (st < 0)
        return st;
    cc_wave *q = wave_at(c, w);
    if (q && q->started) {
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d: START of wave %u, which context %d started before",
                 (unsigned long long)cycle, r->ctx, w, q->start_ctx);
        return -stop(c, CC_CONTEXT, cycle, r, (int)w);
    }
    if (!q && c->shared && !c->model_ended) {
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d: the design started wave %u, which the model has "
                 "not started yet: an extra START, or a testbench that has not stepped the "
                 "model (ctm_model_step) to it",
                 (unsigned long long)cycle, r->ctx, w);
        return -stop(c, CC_EXTRA, cycle, r, -1);
    }
    if (!q) {
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d: START of wave %u, but the run has %u wavefronts",
                 (unsigned long long)cycle, r->ctx, w, c->nwaves);
        return -stop(c, CC_CONTEXT, cycle, r, -1);
    }
    q->started = 1;
    q->start_ctx = r->ctx;
    q->ctx = r->ctx;
    c->ctx_wave[r->ctx] = (int)w;
    while (c->next_start < c->nwaves && c->wave[c->next_start].started)
        c->next_start++;
    return (int)w;
}

/* How far into wave w's queue a commit equal to r waits (0: none within
 * CC_LOOKAHEAD): r is out of order. */
static unsigned later_match(ctm_commit_checker *c, unsigned w, const ctm_commit *r)
{
    fill(c, w, CC_LOOKAHEAD + 1);
    const cc_wave *q = &c->wave[w];
    for (unsigned i = 1; i < q->queue.n && i <= CC_LOOKAHEAD; i++)
        if (first_difference(c, queue_at(q, i), r, q->pending) == CF_NONE)
            return i;
    return 0;
}

/* The design's END while kills of the wave were never reported. */
static int kills_unreported(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r,
                            unsigned w)
{
    const cc_kill *k = &c->wave[w].kills[0];
    snprintf(c->v.diff, sizeof c->v.diff,
             "cycle %llu, context %d (wave %u), pc %u: END: kill: the lanes TEXKILL ended at pc "
             "%u (0x%llx) were never reported (KILL)",
             (unsigned long long)cycle, r->ctx, w, r->pc, k->pc, (unsigned long long)k->lanes);
    c->x.field = CF_KILL;
    c->x.later = 0;
    return stop(c, CC_FIELD, cycle, r, (int)w);
}

/* Index of wave q's unreported kill at pc, or -1. */
static int kill_at(const cc_wave *q, uint32_t pc)
{
    for (unsigned i = 0; i < q->nkills; i++)
        if (q->kills[i].pc == pc)
            return (int)i;
    return -1;
}

/* A KILL: the lanes of a TEXKILL of the wave at r->pc, in any order with the
 * wave's other commits; the model is run ahead to find it. */
static int match_kill(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r, unsigned w)
{
    int i = kill_at(&c->wave[w], r->pc);
    if (i < 0) { /* the design's texture unit may be ahead of the model's run */
        int st = fill(c, w, c->wave[w].queue.n + CC_LOOKAHEAD);
        if (st < 0)
            return -st;
        i = kill_at(&c->wave[w], r->pc);
    }
    cc_wave *q = &c->wave[w];
    if (i >= 0 && q->kills[i].lanes == r->kill) {
        q->kills[i] = q->kills[--q->nkills];
        q->pending = 0;
        for (unsigned k = 0; k < q->nkills; k++)
            q->pending |= q->kills[k].lanes;
        return remember(c, q, cycle, r);
    }
    ctm_commit want = {.ctx = r->ctx, .kind = CTM_COMMIT_KILL, .pc = r->pc};
    want.kill = i >= 0 ? q->kills[i].lanes : 0;
    char diff_text[256];
    commit_field_diff(diff_text, sizeof diff_text, CF_KILL, &want, r);
    snprintf(c->v.diff, sizeof c->v.diff, "cycle %llu, context %d (wave %u), pc %u: KILL: %s%s",
             (unsigned long long)cycle, r->ctx, w, r->pc, diff_text,
             i >= 0 ? "" : ": the model's wave ended no lanes by TEXKILL at this pc");
    c->x.field = CF_KILL;
    c->x.later = 0;
    return stop(c, CC_FIELD, cycle, r, (int)w);
}

/* Whether the head of wave w's queue is the wave's last commit but its END:
 * the model has ended the wave and nothing but an END follows it. */
static int ends_after_head(ctm_commit_checker *c, unsigned w)
{
    fill(c, w, 2);
    const cc_wave *q = &c->wave[w];
    return q->queue.n >= 2 ? queue_at(q, 1)->kind == CTM_COMMIT_END : q->model_done;
}

static int compare(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r, unsigned w)
{
    if (r->kind == CTM_COMMIT_KILL)
        return match_kill(c, cycle, r, w);
    int st = fill(c, w, 1); /* may move the queues */
    if (st < 0)
        return -st;
    cc_wave *q = &c->wave[w];
    if (q->queue.n) {
        int f = first_difference(c, queue_at(q, 0), r, q->pending);
        if (f == CF_NONE && !(r->kind == CTM_COMMIT_END && q->nkills))
            return accept(c, q, cycle, r); /* the common case: no text made */
    }
    char want_text[160], got_text[160]; /* a mismatch from here on */
    commit_describe(got_text, sizeof got_text, r);
    if (!q->queue.n && c->shared && !c->model_ended) { /* what the design did comes first */
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d (wave %u), pc %u: the design committed %s, the wave's "
                 "commit %llu; the model's run has made %llu: an extra commit, or a testbench "
                 "that has not stepped the model (ctm_model_step) to it",
                 (unsigned long long)cycle, r->ctx, w, r->pc, got_text,
                 (unsigned long long)q->made + 1, (unsigned long long)q->made);
        return stop(c, CC_EXTRA, cycle, r, (int)w);
    }
    if (!q->queue.n) {
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d (wave %u): extra commit %s: the model's wave %u "
                 "ended after %llu commits",
                 (unsigned long long)cycle, r->ctx, w, got_text, w, (unsigned long long)q->made);
        return stop(c, CC_EXTRA, cycle, r, (int)w);
    }
    int f = first_difference(c, queue_at(q, 0), r, q->pending);
    if (f == CF_NONE) /* an END with kills unreported */
        return kills_unreported(c, cycle, r, w);
    /* a copy: later_match runs the model on, which may move the queues */
    const ctm_commit head = *queue_at(q, 0), *want = &head;
    commit_describe(want_text, sizeof want_text, want);
    /* the field against the model's next commit comes first, even when the design's commit
     * equals a later one: in a loop that is most often a decision gone wrong, not a reorder.
     * The pc is the design's, the one its waveform shows. */
    char diff_text[256];
    commit_field_diff(diff_text, sizeof diff_text, f, want, r);
    int n = snprintf(c->v.diff, sizeof c->v.diff, "cycle %llu, context %d (wave %u), pc %u: %s: %s",
                     (unsigned long long)cycle, r->ctx, w, r->pc, commit_kind_name(want->kind),
                     diff_text);
    /* a count is not a reorder: a REGIONS equal to a later one is no sign of one */
    int regions = f == CF_REGIONS;
    unsigned later = regions ? 0 : later_match(c, w, r);
    if (regions && n > 0 && (size_t)n < sizeof c->v.diff && ends_after_head(c, w))
        snprintf(c->v.diff + n, sizeof c->v.diff - (size_t)n,
                 "; the wave ends with %u open, the model's with %u", r->regions, want->regions);
    if (later && n > 0 && (size_t)n < sizeof c->v.diff)
        snprintf(c->v.diff + n, sizeof c->v.diff - (size_t)n,
                 "; out of order: %s is the wave's commit %u after the next; the next is %s",
                 got_text, later, want_text);
    c->x.field = f;
    c->x.later = later;
    return stop(c, later ? CC_ORDER : CC_FIELD, cycle, r, (int)w);
}

/* The sticky verdict, or a check that cannot start: CTM_OK to go on. */
static int can_check(ctm_commit_checker *c)
{
    return cv_can_check(&c->v, &c->h);
}

static int put(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r, const char *func)
{
    if (!api_is_live(c, API_COMMIT) && !api_live_slow(c, API_COMMIT, func))
        return CTM_E_ARG;
    int st = can_check(c);
    if (st)
        return st;
    char text[96];
    if (!r)
        return misuse(c, func, "the commit is NULL");
    if (r->kind < 0 || r->kind >= CTM_COMMIT_KINDS) {
        snprintf(text, sizeof text, "kind = %d is outside 0..%d", r->kind, CTM_COMMIT_KINDS - 1);
        return misuse(c, func, text);
    }
    if (r->ctx < 0 || r->ctx >= c->contexts) { /* the design's own value: its mismatch */
        char got_text[160];
        commit_describe(got_text, sizeof got_text, r);
        c->v.diff[0] = 0;
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d: the design committed %s on context %d, outside its "
                 "contexts 0..%d (ctm_commit_new)",
                 (unsigned long long)cycle, r->ctx, got_text, r->ctx, c->contexts - 1);
        return stop(c, CC_CONTEXT, cycle, r, -1);
    }
    if (r->kind == CTM_COMMIT_REGIONS && c->regions < 0)
        return misuse(c, func,
                      "kind = 18 (REGIONS) is not among the kinds the design commits "
                      "(ctm_commit_set_regions)");
    if (!(level_kinds(c) >> r->kind & 1)) {
        snprintf(text, sizeof text, "kind = %d (%s) is not a kind of level %d%s", r->kind,
                 commit_kind_name(r->kind), c->level,
                 c->level < 2 ? ""
                 : c->family == CTM_COMMIT_FAMILY_PRED ? " (the predicate-stack family)"
                                                       : " (the fc_unit family)");
        return misuse(c, func, text);
    }
    if (r->kind == CTM_COMMIT_KILL && !(c->kinds & CC_KILL_KIND))
        return misuse(c, func, "kind = 15 (KILL) is not among the kinds the design commits "
                               "(ctm_commit_set_kinds)");
    c->v.diff[0] = 0;
    int w = c->ctx_wave[r->ctx];
    if (r->kind == CTM_COMMIT_START) {
        if ((w = bind(c, cycle, r)) < 0) {
            c->v.verdict = -w;
            return -w;
        }
    } else if (w < 0) {
        char got_text[160];
        commit_describe(got_text, sizeof got_text, r);
        snprintf(c->v.diff, sizeof c->v.diff,
                 "cycle %llu, context %d: %s, but the context runs no wavefront (no START "
                 "since its last END)",
                 (unsigned long long)cycle, r->ctx, got_text);
        return stop(c, CC_CONTEXT, cycle, r, -1);
    }
    return cv_latch(&c->v, compare(c, cycle, r, (unsigned)w));
}

int ctm_commit_put(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r)
{
    return put(c, cycle, r, __func__);
}

int ctm_commit_put_fields(ctm_commit_checker *c, uint64_t cycle, int ctx, int kind, int wave,
                          uint32_t pc, uint64_t exec, uint64_t done, uint64_t kill, int jump,
                          uint32_t next_pc, uint64_t active, int al)
{
    ctm_commit r = {.ctx = ctx,
                    .kind = kind,
                    .wave = wave,
                    .pc = pc,
                    .exec = exec,
                    .done = done,
                    .kill = kill,
                    .jump = jump,
                    .next_pc = next_pc,
                    .active = active,
                    .al = al};
    return put(c, cycle, &r, __func__);
}

int ctm_commit_put_state(ctm_commit_checker *c, uint64_t cycle, int ctx, int kind, uint32_t pc,
                         int op, int quarter, uint64_t mask, uint64_t exec,
                         uint64_t br_inactive, uint32_t depth,
                         uint32_t addr_sp, uint32_t addr_top, uint32_t loop_sp,
                         uint32_t loop_count, int al, const uint8_t bc[64])
{
    ctm_commit r = {.ctx = ctx,
                    .kind = kind,
                    .pc = pc,
                    .op = op,
                    .quarter = quarter,
                    .mask = mask,
                    .exec = exec,
                    .br_inactive = br_inactive,
                    .depth = depth,
                    .addr_sp = addr_sp,
                    .addr_top = addr_top,
                    .loop_sp = loop_sp,
                    .loop_count = loop_count,
                    .al = al};
    if (bc)
        memcpy(r.bc, bc, sizeof r.bc);
    return put(c, cycle, &r, __func__);
}

int ctm_commit_put_regions(ctm_commit_checker *c, uint64_t cycle, int ctx, uint32_t pc,
                           uint32_t regions)
{
    ctm_commit r = {.ctx = ctx, .kind = CTM_COMMIT_REGIONS, .pc = pc, .regions = regions};
    return put(c, cycle, &r, __func__);
}

/* Whether the design still owes commits: a wavefront the model started that
 * the design has not ended, or one the model is still to start (a fault
 * counts as owing: the report tells it). */
static int owes(ctm_commit_checker *c)
{
    for (;;) {
        while (c->first_open < c->nwaves &&
               (c->wave[c->first_open].ended || ended_silently(c, &c->wave[c->first_open])))
            c->first_open++;
        if (c->first_open < c->nwaves)
            return 1;
        int st = pull(c);
        if (st <= 0)
            return st < 0;
    }
}

int ctm_commit_clock(ctm_commit_checker *c, uint64_t cycle)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    if (c->v.verdict)
        return c->v.verdict;
    if (!c->seen_cycle) { /* the watchdog counts from the first cycle it sees */
        c->last_cycle = cycle;
        c->seen_cycle = 1;
        return CTM_OK;
    }
    if (!c->watchdog || cycle < c->last_cycle + c->watchdog || !owes(c))
        return CTM_OK;
    for (int k = 0; k < c->contexts; k++) { /* the report says what each one waits for */
        int w = c->ctx_wave[k];
        if (w >= 0)
            fill(c, (unsigned)w, 1);
        if (w >= 0 && ended_silently(c, &c->wave[w]))
            release(c, &c->wave[w]);
    }
    snprintf(c->v.diff, sizeof c->v.diff,
             "cycle %llu: hang: no commit for %llu cycles (the last at cycle %llu) while "
             "commits are expected",
             (unsigned long long)cycle, (unsigned long long)(cycle - c->last_cycle),
             (unsigned long long)c->last_cycle);
    return stop(c, CC_HANG, cycle, NULL, -1);
}

int ctm_commit_set_watchdog(ctm_commit_checker *c, uint64_t cycles)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    c->watchdog = cycles;
    return CTM_OK;
}

/* A setter of live checker c (func) that must come before the first commit:
 * CTM_OK, or CTM_E_STATE ("too late: WHAT before the first commit") once a
 * commit came or the run has begun. */
static int before_commits(ctm_commit_checker *c, const char *func, const char *what)
{
    if (c->matched || c->v.verdict || c->nwaves) {
        api_error(&c->h, "%s: too late: %s before the first commit", func, what);
        return CTM_E_STATE;
    }
    return CTM_OK;
}

int ctm_commit_set_kinds(ctm_commit_checker *c, int kinds)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    int st = before_commits(c, __func__, "the kinds are set");
    if (st)
        return st;
    uint32_t all = level_kinds(c);
    if (!API_RANGE(&c->h, "kinds", kinds, 1, (1 << CTM_COMMIT_KINDS) - 1))
        return CTM_E_ARG;
    if ((uint32_t)kinds & ~all) {
        api_error(&c->h, "%s: kinds = 0x%x names kinds outside level %d's (0x%x)", __func__,
                  (unsigned)kinds, c->level, (unsigned)all);
        return CTM_E_ARG;
    }
    if (!(kinds >> CTM_COMMIT_START & 1)) {
        api_error(&c->h,
                  "%s: kinds = 0x%x leaves out START, which binds a context to its "
                  "wavefront",
                  __func__, (unsigned)kinds);
        return CTM_E_ARG;
    }
    c->kinds = (uint32_t)kinds | (c->regions >= 0 ? CC_REGIONS_KIND : 0);
    return CTM_OK;
}

int ctm_commit_set_family(ctm_commit_checker *c, int family)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    int st = before_commits(c, __func__, "the family is set");
    if (st)
        return st;
    if (c->level != 2) {
        api_error(&c->h, "%s: a family is a level-2 choice; this checker is level %d", __func__,
                  c->level);
        return CTM_E_STATE;
    }
    if (!API_RANGE(&c->h, "family", family, CTM_COMMIT_FAMILY_FC, CTM_COMMIT_FAMILY_PRED))
        return CTM_E_ARG;
    if (family == CTM_COMMIT_FAMILY_PRED && !c->pred && !(c->pred = pred_new(c->m, __func__))) {
        api_error(&c->h, "%s", ctm_error());
        return CTM_E_ARG;
    }
    c->family = family;
    c->kinds = level_kinds(c) & ~CC_KILL_KIND;
    return CTM_OK;
}

int ctm_commit_set_regions(ctm_commit_checker *c, int policy)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    int st = before_commits(c, __func__, "REGIONS is turned on");
    if (st)
        return st;
    if (!API_RANGE(&c->h, "policy", policy, CTM_REGIONS_DIVERGENT, CTM_REGIONS_ALL))
        return CTM_E_ARG;
    c->regions = policy;
    c->kinds |= CC_REGIONS_KIND;
    return CTM_OK;
}

int ctm_commit_share(ctm_commit_checker *c)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    if (c->matched || c->v.verdict || c->nwaves || c->model_ended) {
        api_error(&c->h, "%s: too late: a run is shared before its first commit", __func__);
        return CTM_E_STATE;
    }
    if (!api_is_live(c->m, API_MODEL)) {
        api_error(&c->h, "%s: the checker's ctm_model was freed", __func__);
        return CTM_E_STATE;
    }
    if (api_model_share(c->m, take_shared, c, __func__)) {
        api_error(&c->h, "%s", ctm_error());
        return CTM_E_STATE;
    }
    c->shared = 1;
    return CTM_OK;
}

int ctm_commit_finish(ctm_commit_checker *c)
{
    if (!API_LIVE(c, API_COMMIT))
        return CTM_E_ARG;
    int st = can_check(c);
    if (st)
        return st;
    c->draining = 1;
    while ((st = pull(c)) > 0)
        ;
    if (st < 0)
        return c->v.verdict = -st;
    uint64_t missing = 0; /* commits never made, of `waves` wavefronts, the first's */
    unsigned waves = 0;
    int first = -1;
    ctm_commit first_owed = {0};
    for (unsigned w = 0; w < c->nwaves; w++) {
        uint64_t owed = commit_owed(&c->wave[w], waves ? NULL : &first_owed);
        if (owed) {
            missing += owed;
            if (!waves++)
                first = (int)w;
        }
    }
    if (!missing)
        return CTM_OK;
    c->x.missing_waves = waves;
    char want_text[160];
    commit_describe(want_text, sizeof want_text, &first_owed);
    snprintf(c->v.diff, sizeof c->v.diff,
             "drain: %llu commits of %u wavefronts expected, never made; the first: wave %d "
             "%s",
             (unsigned long long)missing, waves, first, want_text);
    return stop(c, CC_DRAIN, c->last_cycle, NULL, first);
}

uint64_t ctm_commit_count(const ctm_commit_checker *c)
{
    return API_LIVE(c, API_COMMIT) ? c->matched : 0;
}

const char *ctm_commit_diff(const ctm_commit_checker *c)
{
    if (!text_of(c, API_COMMIT, __func__))
        return ctm_error();
    return cv_diff(&c->v);
}
