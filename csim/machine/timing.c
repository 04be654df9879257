/* The timing model's scheduler (timing.h, docs/timing.md): one SIMD, on
 * which wavefronts are dispatched in order as slots free (at most the
 * profile's occupancy for the program's registers), and each wavefront's
 * issued instructions are placed in time:
 *   - a non-CF instruction that starts a clause (its type differs from the
 *     wavefront's previous one, a CF instruction came in between, or it is
 *     the wavefront's first) starts clause_switch cycles after the previous
 *     one ended; one in the same clause may start when the previous ended;
 *   - ALU and OUTPUT instructions hold the ALU, TEX instructions the TEX unit,
 *     for their `occupy` cycles; an instruction ends `latency` cycles after
 *     it started (ALU: read phase, then execute: 8 cycles for one bundle, so
 *     two wavefronts interleave even/odd and keep the ALU busy);
 *   - CF instructions cost nothing and end the clause;
 *   - the output FIFO [seed 000, p27]: a wavefront's first OUTPUT reserves
 *     one of the profile's out_fifo entries as it starts and holds it until
 *     the wavefront ends; the first OUTPUT of another wavefront cannot start
 *     before an entry is free (model-defined: the seed's page is cut off).
 * Events are taken in time order: the earliest possible instruction or
 * dispatch next, ties to a dispatch, then to the oldest wavefront. Streams
 * arrive as the functional model runs; scheduling waits where a stream it
 * needs is not complete yet, so only the resident wavefronts' and those not
 * yet dispatched are kept. */
#include "timing.h"
#include "timing_fifo.h"

#include "isa.h"
#include "pa_int.h"

#include <stdlib.h>
#include <string.h>

#define TM_MAX_SLOTS 64
_Static_assert(TM_FIFO_MAX >= TM_MAX_SLOTS, "an output-FIFO entry for every slot");
#define NEVER        UINT64_MAX

enum { UNIT_ALU, UNIT_TEX };

/* One SIMD slot and the wavefront in it. */
typedef struct tm_res {
    tm_stream *s;      /* NULL: empty */
    uint32_t pos;      /* its next record */
    uint64_t start;    /* when its previous instruction started (or it was dispatched) */
    uint64_t end;      /* when its previous instruction ended (or it was dispatched) */
    uint64_t earliest; /* when its next instruction may start (has_next) */
    uint64_t free_at;  /* empty: when the slot became free */
    uint8_t clause;    /* clause type of its previous non-CF instruction (NONE: none yet) */
    uint8_t prev_new;  /* that instruction started a clause */
    uint8_t boundary;  /* a CF instruction came after it */
    uint8_t has_next;  /* its next non-CF instruction is known */
    uint8_t next_new;  /* ... and starts a clause */
    uint8_t fifo;      /* it holds an output-FIFO entry */
} tm_res;

struct tm_model {
    const tm_profile *p;
    tm_sink sink;
    int has_sink;
    tm_cost cost[DPP_MAX_INSTS];
    unsigned quarter;              /* cycles a wavefront takes through the SIMD's lanes */
    tm_stream *all;                /* every stream allocated (freed by tm_destroy) */
    tm_stream *spare;              /* free streams */
    tm_stream *queue, *queue_tail; /* started, not yet dispatched */
    int ended;                     /* no more wavefronts will start */
    unsigned nslots;               /* the occupancy limit */
    tm_res res[TM_MAX_SLOTS];
    unsigned resident;
    uint64_t unit_free[2];
    uint64_t alu_free; /* end of the ALU's last occupancy */
    tm_fifo fifo;      /* the output FIFO's entries */
    uint64_t makespan; /* latest end so far */
    tm_res last;       /* the wavefront that ends last, as it ended */
    uint64_t base;     /* cycles of the earlier start_programs */
    tm_stats st;
    /* timeline: changes waiting to be sent in time order (a binary heap) */
    struct pending {
        tm_slot_state s;
        uint64_t seq;
    } * heap;
    size_t nheap, capheap;
    uint64_t seq;
    int nomem;
};

/* ------------------------------------------------------------ streams */

void tm_grow(tm_stream *s)
{
    uint32_t cap = s->cap ? 2 * s->cap : 256;
    tm_rec *r = realloc(s->rec, cap * sizeof *r);
    if (!r) {
        s->nomem = 1;
        return;
    }
    s->rec = r;
    s->cap = cap;
}

tm_stream *tm_wave_begin(tm_model *tm, unsigned index)
{
    tm_stream *s = tm->spare;
    if (s) {
        tm->spare = s->next;
    } else {
        if (!(s = calloc(1, sizeof *s))) {
            tm->nomem = 1;
            return NULL;
        }
        s->all = tm->all;
        tm->all = s;
    }
    s->n = 0;
    s->index = index;
    s->done = s->nomem = 0;
    s->next = NULL;
    if (tm->queue_tail)
        tm->queue_tail->next = s;
    else
        tm->queue = s;
    tm->queue_tail = s;
    return s;
}

void tm_wave_end(tm_model *tm, tm_stream *s)
{
    (void)tm;
    if (s)
        s->done = 1;
}

static void spare(tm_model *tm, tm_stream *s)
{
    s->next = tm->spare;
    tm->spare = s;
}

/* ------------------------------------------------------------ timeline */

static int before(const struct pending *a, const struct pending *b)
{
    return a->s.time < b->s.time || (a->s.time == b->s.time && a->seq < b->seq);
}

static void note(tm_model *tm, unsigned slot, uint64_t time, const tm_res *r, uint8_t clause,
                 const tm_rec *rec, tm_cause cause)
{
    if (!tm->has_sink)
        return;
    if (tm->nheap == tm->capheap) {
        size_t cap = tm->capheap ? 2 * tm->capheap : 256;
        struct pending *h = realloc(tm->heap, cap * sizeof *h);
        if (!h) {
            tm->nomem = 1;
            return;
        }
        tm->heap = h;
        tm->capheap = cap;
    }
    struct pending e = {{.time = tm->base + time,
                         .lanes = rec ? rec->lanes : 0,
                         .wave = r && r->s ? r->s->index : 0,
                         .pc = (uint16_t)(rec ? rec->pc : 0),
                         .slot = (uint8_t)slot,
                         .valid = (uint8_t)(r && r->s),
                         .clause = clause,
                         .cause = (uint8_t)cause},
                        tm->seq++};
    size_t k = tm->nheap++;
    while (k && before(&e, &tm->heap[(k - 1) / 2])) { /* sift up */
        tm->heap[k] = tm->heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    tm->heap[k] = e;
}

/* Sends the pending changes up to time `upto` (model time), in order. */
static void flush(tm_model *tm, uint64_t upto)
{
    while (tm->nheap && (upto == NEVER || tm->heap[0].s.time <= tm->base + upto)) {
        tm->sink.change(tm->sink.user, &tm->heap[0].s);
        struct pending last = tm->heap[--tm->nheap];
        size_t k = 0;
        for (;;) { /* sift down */
            size_t c = 2 * k + 1;
            if (c >= tm->nheap)
                break;
            if (c + 1 < tm->nheap && before(&tm->heap[c + 1], &tm->heap[c]))
                c++;
            if (!before(&tm->heap[c], &last))
                break;
            tm->heap[k] = tm->heap[c];
            k = c;
        }
        if (tm->nheap)
            tm->heap[k] = last;
    }
}

/* The earliest time any slot may still get a change. */
static uint64_t watermark(const tm_model *tm)
{
    uint64_t w = NEVER;
    for (unsigned k = 0; k < tm->nslots; k++) {
        const tm_res *r = &tm->res[k];
        uint64_t t = r->s ? r->end : (tm->queue || !tm->ended) ? r->free_at : NEVER;
        if (t < w)
            w = t;
    }
    return w;
}

/* ------------------------------------------------------------ output FIFO */

/* The entries: out_fifo of them; no more than the slots, since only a resident wavefront
 * holds one (so 0, no limit, or more than the slots never stall). */
static void fifo_reset(tm_model *tm)
{
    unsigned n = tm->p->out_fifo;
    tm_fifo_reset(&tm->fifo, n && n < tm->nslots ? n : tm->nslots);
}

/* Instruction c of r is its wavefront's first OUTPUT: it needs an entry. */
static int needs_entry(const tm_res *r, const tm_cost *c)
{
    return c->clause == TM_CL_OUT && !r->fifo;
}

/* When r's next instruction may start as far as the FIFO goes: the first OUTPUT waits for
 * the earliest free entry. */
static uint64_t fifo_ready(const tm_model *tm, const tm_res *r, const tm_cost *c)
{
    return needs_entry(r, c) ? tm->fifo.next : 0;
}

/* The earliest time before t from which a resident wavefront was ready to start an OUTPUT
 * but held no entry and found none free until t (t: none was). */
static uint64_t fifo_blocked_since(const tm_model *tm, uint64_t t)
{
    uint64_t b = t;
    if (tm->fifo.next < t) /* an entry was free before t */
        return b;
    for (unsigned k = 0; k < tm->nslots; k++) {
        const tm_res *r = &tm->res[k];
        if (r->s && r->has_next && r->earliest < b &&
            needs_entry(r, &tm->cost[r->s->rec[r->pos].pc]))
            b = r->earliest;
    }
    return b;
}

/* r's first OUTPUT starts at t: it takes an entry. The full stretches a wavefront may
 * still wait through begin after t or after the end of a resident holding none. */
static void fifo_take(tm_model *tm, tm_res *r, uint64_t t)
{
    unsigned held = tm_fifo_take(&tm->fifo, t);
    r->fifo = 1;
    if (held > tm->st.fifo_peak)
        tm->st.fifo_peak = held;
    uint64_t before = t;
    for (unsigned k = 0; k < tm->nslots; k++)
        if (tm->res[k].s && !tm->res[k].fifo && tm->res[k].end < before)
            before = tm->res[k].end;
    tm_fifo_prune(&tm->fifo, before);
}

/* ------------------------------------------------------------ the model */

dpp_status tm_create(tm_chip chip, tm_model **out, dpp_error *err)
{
    *out = NULL;
    const tm_profile *p = tm_profile_of(chip);
    if (!p || chip == TM_CHIP_CTM)
        return dpp_error_set(err, DPP_E_ARG, "timing: no timing model for chip %u", chip);
    tm_model *tm = calloc(1, sizeof *tm);
    if (!tm)
        return dpp_error_set(err, DPP_E_NOMEM, "timing: out of memory");
    tm->p = p;
    tm->quarter = p->wave_lanes / p->simd_lanes;
    *out = tm;
    return DPP_OK;
}

void tm_destroy(tm_model *tm)
{
    if (!tm)
        return;
    for (tm_stream *s = tm->all, *n; s; s = n) {
        n = s->all;
        free(s->rec);
        free(s);
    }
    free(tm->heap);
    tm_fifo_release(&tm->fifo);
    free(tm);
}

const tm_profile *tm_profile_get(const tm_model *tm)
{
    return tm->p;
}

void tm_set_sink(tm_model *tm, const tm_sink *sink)
{
    tm->has_sink = sink && sink->change;
    if (sink)
        tm->sink = *sink;
}

void tm_get_stats(const tm_model *tm, tm_stats *st)
{
    *st = tm->st;
}

dpp_status tm_begin(tm_model *tm, const pa_uop *code, unsigned n, unsigned temps, dpp_error *err)
{
    (void)err;
    for (unsigned k = 0; k < TM_MAX_SLOTS; k++) /* streams of a faulted run */
        if (tm->res[k].s)
            spare(tm, tm->res[k].s);
    while (tm->queue) {
        tm_stream *s = tm->queue;
        tm->queue = s->next;
        spare(tm, s);
    }
    tm->queue_tail = NULL;
    memset(tm->res, 0, sizeof tm->res);
    for (unsigned pc = 0; pc < n; pc++)
        tm_cost_of(tm->p, &code[pc], &tm->cost[pc]);
    tm->st.temps = temps ? temps : 1;
    tm->st.limit = tm_occupancy(tm->p, tm->st.temps, &tm->st.limit_by_regs);
    tm->nslots = tm->st.limit < TM_MAX_SLOTS ? tm->st.limit : TM_MAX_SLOTS;
    tm->st.peak = tm->st.fifo_peak = 0;
    fifo_reset(tm);
    tm->ended = 0;
    tm->resident = 0;
    tm->unit_free[UNIT_ALU] = tm->unit_free[UNIT_TEX] = 0;
    tm->alu_free = tm->makespan = 0;
    tm->last = (tm_res){0};
    tm->nheap = 0;
    if (tm->has_sink) {
        if (tm->sink.begin)
            tm->sink.begin(tm->sink.user, tm->p, tm->p->max_waves);
        for (unsigned k = 0; k < tm->p->max_waves && k < 256; k++)
            note(tm, k, 0, NULL, TM_CL_NONE, NULL, TM_EMPTY);
    }
    return DPP_OK;
}

static tm_cause after(uint8_t clause)
{
    return clause == TM_CL_TEX ? TM_FETCH : clause == TM_CL_NONE ? TM_EMPTY : TM_LATENCY;
}

/* Adds the part of [lo, hi) inside [a, t) to the stall count of cause. */
static void charge(tm_model *tm, uint64_t a, uint64_t t, uint64_t lo, uint64_t hi, tm_cause cause)
{
    lo = lo > a ? lo : a;
    hi = hi < t ? hi : t;
    if (hi > lo)
        tm->st.stall[cause] += hi - lo;
}

/* The ALU idle from alu_free until t. From the moment a wavefront was ready
 * to start an OUTPUT but every output-FIFO entry was held (b), it is the
 * FIFO's: with the ALU idle nothing else kept that wavefront waiting, and
 * no entry frees before t (or it would have started). Before b, it is
 * charged to what the wavefront that ends it was doing: waiting before its
 * previous instruction (a clause switch, or the same clause's wait), that
 * instruction in flight (ALU latency, TEX fetch; nothing if it was just
 * dispatched), then its own clause switch. */
static void alu_gap(tm_model *tm, const tm_res *r, int new_clause, uint64_t t)
{
    uint64_t a = tm->alu_free, b = fifo_blocked_since(tm, t);
    tm_cause in_flight = after(r->clause);
    charge(tm, a, b, 0, r->start, r->prev_new ? TM_CLAUSE : in_flight);
    charge(tm, a, b, r->start, r->end, in_flight);
    charge(tm, a, b, r->end, b, new_clause ? TM_CLAUSE : TM_LATENCY);
    charge(tm, a, t, b, t, TM_OFIFO);
}

/* Moves r past CF instructions to its next instruction; finishes it when its stream ends. */
static void next_inst(tm_model *tm, unsigned k)
{
    tm_res *r = &tm->res[k];
    tm_stream *s = r->s;
    while (r->pos < s->n && tm->cost[s->rec[r->pos].pc].clause == TM_CL_CF) {
        r->boundary = 1;
        r->pos++;
    }
    r->has_next = r->pos < s->n;
    if (r->has_next) {
        uint8_t cl = tm->cost[s->rec[r->pos].pc].clause;
        r->next_new = r->boundary || cl != r->clause;
        r->earliest = r->end + (r->next_new ? tm->p->clause_switch : 0);
        return;
    }
    if (!s->done)
        return; /* more will come */
    if (r->end > tm->makespan || !tm->last.s) {
        tm->last = *r;
        tm->makespan = r->end;
    }
    if (r->fifo) { /* its entry is free from its end */
        tm_fifo_give(&tm->fifo, r->end);
        r->fifo = 0;
    }
    r->s = NULL;
    r->free_at = r->end;
    tm->resident--;
    spare(tm, s);
    note(tm, k, r->end, r, TM_CL_NONE, NULL, TM_EMPTY);
}

static void dispatch(tm_model *tm, unsigned k)
{
    tm_res *r = &tm->res[k];
    tm_stream *s = tm->queue;
    tm->queue = s->next;
    if (!tm->queue)
        tm->queue_tail = NULL;
    *r = (tm_res){
        .s = s, .start = r->free_at, .end = r->free_at, .clause = TM_CL_NONE, .boundary = 1};
    tm->st.waves++;
    if (++tm->resident > tm->st.peak)
        tm->st.peak = tm->resident;
    next_inst(tm, k);
}

/* What slot k waits for before its next instruction starts at t: the clause
 * switch, then the unit, or an output-FIFO entry while every entry is held
 * (a first OUTPUT; the cycles counted). */
static void note_wait(tm_model *tm, unsigned k, const tm_rec *rec, const tm_cost *c, uint64_t t)
{
    const tm_res *r = &tm->res[k];
    if (r->next_new)
        note(tm, k, r->end, r, c->clause, rec, TM_CLAUSE);
    uint64_t at = r->earliest, waited = 0; /* ready from `at` */
    size_t n = 0;
    const tm_fifo_span *full = needs_entry(r, c) ? tm_fifo_spans(&tm->fifo, &n) : NULL;
    for (size_t i = 0; i < n && full[i].from < t; i++) {
        uint64_t lo = full[i].from > at ? full[i].from : at, hi = full[i].to < t ? full[i].to : t;
        if (lo >= hi)
            continue;
        if (lo > at)
            note(tm, k, at, r, c->clause, rec, TM_UNIT);
        note(tm, k, lo, r, c->clause, rec, TM_OFIFO);
        waited += hi - lo;
        at = hi;
    }
    if (t > at)
        note(tm, k, at, r, c->clause, rec, TM_UNIT);
    tm->st.fifo_waits += waited > 0;
    tm->st.fifo_wait_cycles += waited;
}

/* Places r's next instruction at time t. */
static void issue(tm_model *tm, unsigned k, uint64_t t)
{
    tm_res *r = &tm->res[k];
    const tm_rec *rec = &r->s->rec[r->pos];
    const tm_cost *c = &tm->cost[rec->pc];
    note_wait(tm, k, rec, c, t);
    uint64_t reads = (uint64_t)tm->quarter * c->read_extra;
    if (reads)
        note(tm, k, t, r, c->clause, rec, TM_READS);
    note(tm, k, t + reads, r, c->clause, rec, TM_ISSUE);
    if (c->latency > c->occupy)
        note(tm, k, t + c->occupy, r, c->clause, rec, TM_LATENCY);
    if (c->clause == TM_CL_TEX) {
        tm->st.tex_busy += c->occupy;
        tm->unit_free[UNIT_TEX] = t + c->occupy;
    } else {
        if (t > tm->alu_free)
            alu_gap(tm, r, r->next_new, t);
        tm->alu_free = tm->unit_free[UNIT_ALU] = t + c->occupy;
        tm->st.alu_busy += (uint64_t)tm->quarter * c->bundles;
        tm->st.stall[TM_READS] += reads;
        tm->st.alu_lane_ops += (uint64_t)__builtin_popcountll(rec->lanes) * c->slots;
    }
    if (needs_entry(r, c)) /* after the gap's charge, which sees it wait */
        fifo_take(tm, r, t);
    r->start = t;
    r->end = t + c->latency;
    r->clause = c->clause;
    r->prev_new = r->next_new;
    r->boundary = 0;
    r->pos++;
    next_inst(tm, k);
}

/* Moves every resident wavefront to its next instruction; 0 if one's stream
 * is not complete yet. */
static int streams_ready(tm_model *tm)
{
    for (unsigned k = 0; k < tm->nslots; k++) {
        tm_res *r = &tm->res[k];
        if (r->s && !r->has_next)
            next_inst(tm, k);
        if (r->s && !r->has_next)
            return 0;
    }
    return 1;
}

/* Schedules until a stream it needs is incomplete (or, when every
 * wavefront has ended, to the end). */
static void schedule(tm_model *tm)
{
    while (streams_ready(tm)) {
        uint64_t best = NEVER, wait_for_wave = NEVER;
        int bk = -1, bdispatch = 0;
        for (unsigned k = 0; k < tm->nslots; k++) {
            const tm_res *r = &tm->res[k];
            if (!r->s) {
                if (tm->queue && (r->free_at < best || (r->free_at == best && !bdispatch)))
                    best = r->free_at, bk = (int)k, bdispatch = 1;
                else if (!tm->queue && !tm->ended && r->free_at < wait_for_wave)
                    wait_for_wave = r->free_at;
                continue;
            }
            const tm_cost *c = &tm->cost[r->s->rec[r->pos].pc];
            uint64_t u = tm->unit_free[c->clause == TM_CL_TEX ? UNIT_TEX : UNIT_ALU];
            uint64_t f = fifo_ready(tm, r, c);
            uint64_t t = r->earliest > u ? r->earliest : u;
            if (f == NEVER)
                continue; /* every entry is held: it waits for a holder to end */
            t = f > t ? f : t;
            if (t < best || (t == best && !bdispatch && r->s->index < tm->res[bk].s->index))
                best = t, bk = (int)k, bdispatch = 0;
        }
        if (bk < 0 || wait_for_wave <= best)
            return; /* nothing to do, or a wavefront that has not started may come first */
        if (bdispatch)
            dispatch(tm, (unsigned)bk);
        else
            issue(tm, (unsigned)bk, best);
        if (tm->has_sink)
            flush(tm, watermark(tm));
    }
}

dpp_status tm_advance(tm_model *tm, dpp_error *err)
{
    schedule(tm);
    if (tm->nomem || tm->fifo.nomem)
        return dpp_error_set(err, DPP_E_NOMEM, "timing: out of memory");
    return DPP_OK;
}

dpp_status tm_finish(tm_model *tm, uint64_t *cycles, dpp_error *err)
{
    tm->ended = 1;
    schedule(tm);
    for (tm_stream *s = tm->all; s; s = s->all)
        if (s->nomem)
            tm->nomem = 1;
    if (tm->nomem || tm->fifo.nomem)
        return dpp_error_set(err, DPP_E_NOMEM, "timing: out of memory");
    if (tm->makespan > tm->alu_free) /* the tail: the last instructions completing */
        alu_gap(tm, &tm->last, 0, tm->makespan);
    tm->st.cycles += tm->makespan;
    if (tm->has_sink)
        flush(tm, NEVER);
    tm->base += tm->makespan;
    *cycles = tm->makespan;
    return DPP_OK;
}
