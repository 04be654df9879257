/* Processor array: the program of a start_program, the groups of wavefronts
 * it runs, and where their finished lanes go.
 *
 * Wavefronts run in groups of `contexts` (the ones in flight together). With
 * one thread a group runs as soon as it is full and every finished lane is
 * committed to the CO and MC at once. With several threads, groups are
 * gathered into batches; the threads share a batch's groups, each group on
 * one core, and keep their finished lanes; the caller's thread commits them
 * group by group in wavefront order while the threads run the next batch
 * (running a group writes no memory, so nothing it reads changes under it).
 * The CO and MC see the same calls in the same order either way, so outputs,
 * the conditional buffer and the output cache come out identical for any
 * thread count, and the first fault in wavefront order is the one reported.
 * Runs where that order could show (a trace, a transaction sink, or inputs
 * that overlap outputs or the conditional buffer) use one thread. */
#include "pa.h"

#include "asm.h"
#include "co.h"
#include "pa_int.h"
#include "pa_pool.h"

#include <stdlib.h>
#include <string.h>

#define PA_MAX_THREADS     64
#define PA_GROUPS_PER_CORE 128 /* groups per thread in one batch */

/* One group of a batch and what running it left. */
typedef struct pa_group {
    unsigned first; /* index of its first wavefront in the batch */
    unsigned count;
    dpp_status st;
    dpp_error err;
    uint64_t clocks;
    pa_finish *done; /* finished lanes, in order */
    size_t ndone, cap;
} pa_group;

/* Wavefronts gathered for the threads, and their groups once run. */
typedef struct pa_batch {
    pe_wave *wave;
    unsigned nwaves, first_index; /* first_index: the number of its first wavefront */
    pa_group *group;
    unsigned ngroups;
} pa_batch;

struct pa_model {
    pa_params p;
    mc_model *mc;
    pa_shared *sh;
    unsigned ncores;
    pa_core core[PA_MAX_THREADS];
    pa_pool *pool;
    pa_trace_fn trace;
    void *trace_user;
    pa_issue_fn on_issue;
    void *on_issue_user;
    tm_model *tm;   /* the chip profile's timing model; NULL: ctm */
    int parallel;   /* this start_program runs batches on several threads */
    unsigned waves; /* wavefronts started in this start_program */
    unsigned batch_waves, batch_groups; /* capacity of a batch */
    pa_batch batch[2];                  /* one gathered or running, one waiting for its commit */
    pa_batch *gather, *pending;
    dpp_status commit_st; /* what committing `pending` found */
    dpp_error commit_err;
    uint64_t commit_clocks;
};

pa_params pa_default_params(void)
{
    pa_params p = {.lanes = 64,
                   .contexts = 1,
                   .addr_depth = 4,
                   .loop_depth = 4,
                   .part_branches = DPP_FC_PARTIAL_BRANCHES,
                   .step_limit = 1000000,
                   .threads = 1,
                   .chip = TM_CHIP_CTM,
                   .hazards = 1};
    return p;
}

/* The sink of a sequential run: the CO decides whether the lane's written
 * outputs go to the MC. */
static dpp_status commit(void *user, const pa_finish *f, dpp_error *err)
{
    pa_model *pa = user;
    int pass;
    dpp_status st =
        co_request(&pa->sh->prog.co, pa->mc, CO_LOC_DPP, f->i, f->j, f->v, &pass, err);
    for (unsigned o = 0; !st && pass && o < DPP_NUM_OUTPUTS; o++)
        if (f->written[o])
            st = mc_write_output(pa->mc, o, f->i, f->j, f->out[o], f->written[o], err);
    return st ? pa_fault_at(f->wave, f->pc, f->lane, f->i, f->j, st, err) : DPP_OK;
}

/* The sink of a parallel run: keep the lane for the commit. */
static dpp_status keep(void *user, const pa_finish *f, dpp_error *err)
{
    pa_group *g = user;
    if (g->ndone == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 256;
        pa_finish *p = realloc(g->done, cap * sizeof *p);
        if (!p)
            return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
        g->done = p;
        g->cap = cap;
    }
    g->done[g->ndone++] = *f;
    return DPP_OK;
}

dpp_status pa_create(mc_model *mc, const pa_params *p, pa_model **out, dpp_error *err)
{
    *out = NULL;
    if (p->contexts < 1 || p->contexts > PA_MAX_CONTEXTS)
        return dpp_error_set(err, DPP_E_ARG, "pa: %u wavefronts in flight (1-%d)", p->contexts,
                             PA_MAX_CONTEXTS);
    if (p->threads > PA_MAX_THREADS)
        return dpp_error_set(err, DPP_E_ARG, "pa: %u threads (1-%d)", p->threads,
                             PA_MAX_THREADS);
    if (p->chip >= TM_NUM_CHIPS || p->temps > DPP_NUM_TEMPS)
        return dpp_error_set(err, DPP_E_ARG, "pa: chip %u, %u temporaries (0-%d, 0-%d)", p->chip,
                             p->temps, TM_NUM_CHIPS - 1, DPP_NUM_TEMPS);
    /* aligned as its cores are (pa_int.h) */
    size_t size = (sizeof(pa_model) + _Alignof(pa_core) - 1) / _Alignof(pa_core) * _Alignof(pa_core);
    pa_model *pa = aligned_alloc(_Alignof(pa_core), size);
    if (pa)
        memset(pa, 0, size);
    if (!pa || !(pa->sh = calloc(1, sizeof *pa->sh))) {
        free(pa);
        return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
    }
    pa->p = *p;
    pa->mc = mc;
    pa->sh->p = *p;
    pa->sh->mc = mc;
    pa->ncores = p->threads ? p->threads : 1;
    for (unsigned k = 0; k < pa->ncores; k++) {
        dpp_status st = pa_core_init(&pa->core[k], p, err);
        if (st) {
            pa_destroy(pa);
            return st;
        }
        pa->core[k].sh = pa->sh;
    }
    if (p->chip != TM_CHIP_CTM) {
        dpp_status st = tm_create((tm_chip)p->chip, &pa->tm, err);
        if (st) {
            pa_destroy(pa);
            return st;
        }
    }
    *out = pa;
    return DPP_OK;
}

void pa_destroy(pa_model *pa)
{
    if (!pa)
        return;
    pa_pool_destroy(pa->pool);
    tm_destroy(pa->tm);
    for (unsigned k = 0; k < pa->ncores; k++)
        pa_core_free(&pa->core[k]);
    for (int b = 0; b < 2; b++) {
        for (unsigned g = 0; pa->batch[b].group && g < pa->batch_groups; g++)
            free(pa->batch[b].group[g].done);
        free(pa->batch[b].group);
        free(pa->batch[b].wave);
    }
    free(pa->sh);
    free(pa);
}

void pa_set_trace(pa_model *pa, pa_trace_fn fn, void *user)
{
    pa->trace = fn;
    pa->trace_user = user;
}

void pa_set_issue_hook(pa_model *pa, pa_issue_fn fn, void *user)
{
    pa->on_issue = fn;
    pa->on_issue_user = user;
    for (unsigned k = 0; k < pa->ncores; k++) {
        pa->core[k].on_issue = fn;
        pa->core[k].on_issue_user = user;
    }
}

void pa_set_timeline(pa_model *pa, const tm_sink *sink)
{
    if (pa->tm)
        tm_set_sink(pa->tm, sink);
}

int pa_get_timing(const pa_model *pa, tm_stats *st)
{
    memset(st, 0, sizeof *st);
    if (pa->tm)
        tm_get_stats(pa->tm, st);
    return pa->tm != NULL;
}

void pa_get_stats(const pa_model *pa, pa_stats *st)
{
    memset(st, 0, sizeof *st);
    for (unsigned k = 0; k < pa->ncores; k++) {
        st->issues += pa->core[k].issues;
        st->lane_instructions += pa->core[k].lane_instrs;
        st->fc_steps += pa->core[k].fc_steps;
        st->early_outputs += pa->core[k].early_outputs;
        unsigned e = pa->core[k].early_output_pc;
        if (e && (!st->early_output_pc || e < st->early_output_pc))
            st->early_output_pc = e;
    }
}

static int overlap(const mc_surface *a, const mc_surface *b)
{
    if (!a->valid || !b->valid)
        return 0;
    uint64_t a1 = a->base + mc_surface_bytes(a), b1 = b->base + mc_surface_bytes(b);
    return a->base < b1 && b->base < a1;
}

/* Whether an input reads memory that outputs or the conditional buffer
 * write: then the order of wavefronts shows and one thread must run them. */
static int inputs_alias(const mc_model *mc)
{
    for (unsigned i = 0; i < MC_NUM_INPUTS; i++) {
        const mc_surface *in = mc_get_surface(mc, MC_CL_INPUT, i);
        if (overlap(in, mc_get_surface(mc, MC_CL_COND, 0)))
            return 1;
        for (unsigned o = 0; o < MC_NUM_OUTPUTS; o++)
            if (overlap(in, mc_get_surface(mc, MC_CL_OUTPUT, o)))
                return 1;
    }
    return 0;
}

/* Room for two batches of PA_GROUPS_PER_CORE groups per thread, and the threads. */
static dpp_status batch_room(pa_model *pa, dpp_error *err)
{
    if (pa->pool)
        return DPP_OK;
    pa->batch_groups = PA_GROUPS_PER_CORE * pa->ncores;
    pa->batch_waves = pa->batch_groups * pa->p.contexts;
    for (int b = 0; b < 2; b++) {
        pa->batch[b].wave = malloc(pa->batch_waves * sizeof *pa->batch[b].wave);
        pa->batch[b].group = calloc(pa->batch_groups, sizeof *pa->batch[b].group);
        if (!pa->batch[b].wave || !pa->batch[b].group)
            return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
    }
    pa->pool = pa_pool_create(pa->ncores);
    if (!pa->pool)
        return dpp_error_set(err, DPP_E_NOMEM, "pa: cannot start %u threads", pa->ncores);
    return DPP_OK;
}

/* The constants of a client that exist: element (c, 0) for c below the surface's pitch, at
 * most max; none without a surface. */
static unsigned constants(const mc_model *mc, mc_client cl, unsigned max)
{
    const mc_surface *s = mc_get_surface(mc, cl, 0);
    return s->valid ? (s->pitch < max ? s->pitch : max) : 0;
}

/* Loads and checks the program and the constants in force at start_program. */
static dpp_status begin(void *user, const pe_program *prog, dpp_error *err)
{
    pa_model *pa = user;
    pa_shared *sh = pa->sh;
    sh->prog = *prog;
    sh->ninsts = prog->ninsts;
    pa->waves = 0;
    pa->gather = &pa->batch[0];
    pa->pending = NULL;
    pa->batch[0].nwaves = pa->batch[1].nwaves = 0;
    for (unsigned k = 0; k < pa->ncores; k++) {
        pa_core *c = &pa->core[k];
        pa_core_reset(c); /* a fault may have left wavefronts behind */
        c->trace = pa->trace;
        c->trace_user = pa->trace_user;
        c->on_issue = pa->on_issue;
        c->on_issue_user = pa->on_issue_user;
        c->tm = pa->tm;
        c->finish = commit;
        c->finish_user = pa;
    }
    /* a transaction sink sees the input reads too, which the threads make: one thread */
    pa->parallel = pa->ncores > 1 && !pa->trace && !pa->on_issue && !pa->tm &&
                   !mc_txn_on(pa->mc) && !inputs_alias(pa->mc);
    if (pa->parallel) {
        dpp_status st = batch_room(pa, err);
        if (st)
            return st;
    }
    uint32_t *words = malloc(sizeof(uint32_t) * DPP_INST_DWORDS * prog->ninsts);
    if (!words)
        return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
    dpp_status st = DPP_OK;
    for (unsigned pc = 0; !st && pc < prog->ninsts; pc++)
        st = mc_fetch_inst(pa->mc, pc, words + DPP_INST_DWORDS * pc, err);
    if (!st)
        st = pa_prog_decode(words, prog->ninsts, sh->code, err);
    for (unsigned pc = 0; !st && sh->p.hazards && pc < prog->ninsts; pc++)
        pa_hz_decode(&sh->code[pc], &sh->hz[pc]);
    if (!st && !prog->full_fc) /* the partial-mode rules, before any lane starts */
        st = dpp_program_check_partial(words, prog->ninsts, pa->p.part_branches, err);
    if (!st && pa->tm) {
        unsigned temps = pa->p.temps;
        if (!temps) {
            dpp_usage use;
            dpp_usage_of(words, prog->ninsts, &use);
            temps = use.num_temps;
        }
        st = tm_begin(pa->tm, sh->code, prog->ninsts, temps, err);
    }
    free(words);
    if (st)
        return st;
    sh->nconst = constants(pa->mc, MC_CL_CONSTF, DPP_NUM_CONSTS);
    memset(sh->cnst, 0, sizeof sh->cnst);
    for (unsigned c = 0; !st && c < sh->nconst; c++)
        st = mc_const_float(pa->mc, c, sh->cnst[c], err);
    sh->ints_valid = mc_get_surface(pa->mc, MC_CL_CONSTI, 0)->valid;
    sh->nints = constants(pa->mc, MC_CL_CONSTI, DPP_NUM_INTS);
    for (unsigned c = 0; !st && c < sh->nints; c++)
        st = mc_const_int(pa->mc, c, &sh->ints[c], err);
    sh->bools_valid = mc_get_surface(pa->mc, MC_CL_CONSTB, 0)->valid;
    sh->nbools = constants(pa->mc, MC_CL_CONSTB, DPP_NUM_BOOLS);
    sh->bools = 0;
    for (unsigned c = 0; !st && c < sh->nbools; c++) {
        uint32_t b = 0;
        st = mc_const_bool(pa->mc, c, &b, err);
        sh->bools |= (b & 1) << c;
    }
    return st;
}

/* ------------------------------------------------------------ one thread */

static dpp_status drain_core0(pa_model *pa, uint64_t *clocks, dpp_error *err)
{
    pa_core *c = &pa->core[0];
    c->clocks = 0;
    dpp_status st = pa_core_drain(c, err);
    *clocks = c->clocks;
    if (!st && pa->tm) { /* a profile's cycles are known at the end */
        *clocks = 0;
        st = tm_advance(pa->tm, err);
    }
    return st;
}

/* -------------------------------------------------------- several threads */

/* Runs group g of the gathered batch on core c. */
static void run_group(pa_model *pa, pa_core *c, pa_group *g)
{
    const pa_batch *b = pa->gather;
    g->ndone = 0;
    c->finish = keep;
    c->finish_user = g;
    c->clocks = 0;
    for (unsigned w = 0; w < g->count; w++)
        pa_core_start(c, b->first_index + g->first + w, &b->wave[g->first + w]);
    g->st = pa_core_drain(c, &g->err);
    if (g->st)
        pa_core_reset(c);
    g->clocks = c->clocks;
}

static void run_groups(void *user, unsigned worker, unsigned item)
{
    pa_model *pa = user;
    run_group(pa, &pa->core[worker], &pa->gather->group[item]);
}

/* Commits the pending batch group by group; stops at the first fault. */
static void commit_pending(void *user)
{
    pa_model *pa = user;
    const pa_batch *b = pa->pending;
    pa->commit_st = DPP_OK;
    pa->commit_clocks = 0;
    for (unsigned g = 0; b && g < b->ngroups; g++) {
        const pa_group *gr = &b->group[g];
        pa->commit_clocks += gr->clocks;
        for (size_t k = 0; k < gr->ndone; k++)
            if ((pa->commit_st = commit(pa, &gr->done[k], &pa->commit_err)))
                return;
        if (gr->st) {
            pa->commit_st = gr->st;
            pa->commit_err = gr->err;
            return;
        }
    }
}

/* Runs the gathered batch on every thread while the caller's thread commits
 * the pending one; then the gathered batch is the pending one. */
static dpp_status run_batch(pa_model *pa, uint64_t *clocks, dpp_error *err)
{
    pa_batch *b = pa->gather;
    unsigned size = pa->p.contexts;
    b->ngroups = (b->nwaves + size - 1) / size;
    for (unsigned g = 0; g < b->ngroups; g++) {
        b->group[g].first = g * size;
        b->group[g].count = g + 1 < b->ngroups ? size : b->nwaves - g * size;
    }
    if (b->ngroups)
        pa_pool_run(pa->pool, b->ngroups, run_groups, commit_pending, pa);
    else
        commit_pending(pa);
    *clocks = pa->commit_clocks;
    if (pa->commit_st) {
        if (err)
            *err = pa->commit_err;
        return pa->commit_st;
    }
    pa->pending = b->ngroups ? b : NULL;
    pa->gather = b == &pa->batch[0] ? &pa->batch[1] : &pa->batch[0];
    pa->gather->nwaves = 0;
    return DPP_OK;
}

/* ------------------------------------------------------------ the PE's calls */

static dpp_status wave(void *user, const pe_program *prog, const pe_wave *w, uint64_t *clocks,
                       dpp_error *err)
{
    (void)prog;
    pa_model *pa = user;
    *clocks = 0;
    unsigned index = pa->waves++;
    if (!pa->parallel) {
        pa_slot *s = pa_core_start(&pa->core[0], index, w);
        if ((unsigned)(s - pa->core[0].slot) + 1 < pa->p.contexts)
            return DPP_OK;
        return drain_core0(pa, clocks, err);
    }
    pa_batch *b = pa->gather;
    if (b->nwaves == 0)
        b->first_index = index;
    b->wave[b->nwaves++] = *w;
    return b->nwaves == pa->batch_waves ? run_batch(pa, clocks, err) : DPP_OK;
}

/* The last wavefronts: run the gathered batch, then commit it. */
static dpp_status end(void *user, uint64_t *clocks, dpp_error *err)
{
    pa_model *pa = user;
    if (!pa->parallel) {
        dpp_status st = drain_core0(pa, clocks, err);
        return !st && pa->tm ? tm_finish(pa->tm, clocks, err) : st;
    }
    uint64_t more = 0;
    dpp_status st = run_batch(pa, clocks, err);
    if (!st)
        st = run_batch(pa, &more, err); /* an empty batch: only the commit */
    *clocks += more;
    return st;
}

/* ------------------------------------------------------------ pull mode */

dpp_status pa_pull_begin(pa_model *pa, const pe_program *prog, dpp_error *err)
{
    dpp_status st = begin(pa, prog, err);
    pa->parallel = 0;
    pa->core[0].tm = NULL; /* no timing model in pull mode */
    return st;
}

int pa_pull_start(pa_model *pa, const pe_wave *w)
{
    pa_slot *s = pa_core_start(&pa->core[0], pa->waves++, w);
    return (unsigned)(s - pa->core[0].slot) + 1 == pa->p.contexts;
}

dpp_status pa_pull_issue(pa_model *pa, int *busy, uint64_t *clocks, dpp_error *err)
{
    pa_core *c = &pa->core[0];
    c->clocks = 0;
    dpp_status st = pa_core_issue_next(c, busy, err);
    *clocks = c->clocks;
    if (st)
        pa_core_reset(c);
    return st;
}

pe_array_ops pa_array_ops(pa_model *pa)
{
    pe_array_ops ops = {begin, wave, end, pa};
    return ops;
}
