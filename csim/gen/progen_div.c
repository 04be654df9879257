/* progen, the keyed profiles (divergent, partial): programs whose lanes disagree.
 *
 * Input 0 is the lane-rank pattern (in_pattern.h): each lane of a wavefront
 * holds its key, floor(rank * 64 / lanes) - 32, on all four channels. main
 * first copies it to r8 (KEY), which nothing writes again. The generator keeps
 * the span of keys of the lanes it expects active at each point (a
 * wavefront's lanes fill -32..31 evenly), and draws every condition on the
 * key as a share of that span: half, one lane, all but one, none, all. The
 * shares are exact for a power-of-two lane count and the first levels, close
 * elsewhere; the oracle (pg_interpret) does not depend on them, only the
 * measure of `make bench` does.
 *
 * Loops give each lane its own trip count: a counter starts at the key (or
 * its negation), grows by a quarter of the span each iteration, and the lanes
 * whose counter passes the top of the span break (or continue), so a quarter
 * of them leave per iteration. Conditional calls, conditional returns,
 * BREAK/CONTINUE inside key-split ifs and KILLs of one lane inside split
 * regions make the rest of the corners. Data assignments write r1..r4 (the
 * outputs); r5..r7 are the counters of loop levels 0..2.
 *
 * The profile's row (g->def) bounds what is built: the partial profile has no
 * loops and no functions, nests at most 6 deep (the spine too), and picks each
 * spine split so that its side keeps lanes enough to split at every level
 * below (spine_cond). */
#include "progen_int.h"

#include "in_pattern.h"
#include "isa.h"

#define KEY            8
#define COUNTER(level) (7u - (level))

typedef struct span {
    int lo, hi; /* keys lo..hi-1; lo == hi: no lane */
} span;

typedef struct dwhere {
    unsigned depth, loops;
    int in_func;
    unsigned callable;
    span s;
} dwhere;

typedef struct list {
    int first, last;
} list;

enum share { SH_HALF, SH_ONE, SH_ALL_BUT_ONE, SH_NONE, SH_ALL, SH_COUNT };

/* Out of 20: mostly real splits; none and all keep the uniform cases in. */
static const unsigned share_weight[SH_COUNT] = {8, 4, 4, 2, 2};

static void push(gen *g, list *l, int n)
{
    if (n < 0)
        return;
    if (l->last < 0)
        l->first = n;
    else
        g->p->node[l->last].next = n;
    l->last = n;
    while (g->p->node[l->last].next >= 0) /* a pushed chain: keep its tail */
        l->last = g->p->node[l->last].next;
}

/* A spine level must stay live and wide enough to split again below it: half or all but one. */
static unsigned pick_share(gen *g, int spine)
{
    if (spine)
        return pg_pick(g, 10) < 7 ? SH_HALF : SH_ALL_BUT_ONE;
    unsigned r = pg_pick(g, 20), k = 0;
    while (r >= share_weight[k]) {
        r -= share_weight[k];
        k++;
    }
    return k;
}

/* The key of "one lane" in span s: its low end, moved up to the 4-grid a
 * 16-lane wavefront's keys lie on (after an all-but-one split, lo+1 holds
 * no key for 16 lanes). */
static int one_key(span s)
{
    int a = s.lo + (4 - (s.lo - DPP_PAT_RANK_LO) % 4) % 4;
    return a < s.hi ? a : s.lo;
}

/* A condition on a register holding the key (value r = key) splitting span s
 * at the given share; *then_s and *else_s are the spans of each side. */
static pg_cond share_cond(gen *g, unsigned share, span s, uint8_t reg, span *then_s, span *else_s)
{
    pg_cond c = {.src = PG_SRC_ALU, .reg = reg};
    int a = one_key(s), alt = (int)pg_pick(g, 2);
    span all = s, none = {s.lo, s.lo};
    switch (share) {
    case SH_HALF: {
        int t = s.lo + (s.hi - s.lo) / 2;
        c.cmp = DPP_CMP_LT, c.k = (int8_t)t;
        *then_s = (span){s.lo, t};
        *else_s = (span){t, s.hi};
        break;
    }
    case SH_ONE:
        c.cmp = alt ? DPP_CMP_EQ : DPP_CMP_LT, c.k = (int8_t)(alt ? a : a + 1);
        *then_s = (span){a, a + 1};
        *else_s = (span){a + 1, s.hi};
        break;
    case SH_ALL_BUT_ONE:
        c.cmp = alt ? DPP_CMP_NE : DPP_CMP_GE, c.k = (int8_t)(alt ? a : a + 1);
        *then_s = (span){a + 1, s.hi};
        *else_s = (span){a, a + 1};
        break;
    case SH_NONE:
        c.cmp = DPP_CMP_LT, c.k = (int8_t)(s.lo - (int)pg_pick(g, 3));
        *then_s = none;
        *else_s = all;
        break;
    default:
        c.cmp = DPP_CMP_GE, c.k = (int8_t)(s.lo - (int)pg_pick(g, 3));
        *then_s = all;
        *else_s = none;
        break;
    }
    if (pg_pick(g, 4) == 0) { /* the negation: the sides swap */
        c.neg = 1;
        span t = *then_s;
        *then_s = *else_s;
        *else_s = t;
    }
    return c;
}

/* Condition c of a branch as drawn, or the same test through a predicate bit SETP sets just
 * before (pushed onto l). */
static pg_cond through_pred(gen *g, list *l, pg_cond c)
{
    if (pg_pick(g, 5) < 2) {
        int n = pg_new_node(g, PG_SETP);
        if (n < 0)
            return c;
        pg_node *nd = &g->p->node[n];
        nd->bit = (uint8_t)pg_pick(g, 4); /* SETP reads channel `bit`: the key is on all four */
        nd->cond = c;
        nd->cond.neg = 0;
        push(g, l, n);
        c = (pg_cond){.src = PG_SRC_PRED, .bit = nd->bit, .neg = c.neg};
    }
    return c;
}

/* A condition on the key for a branch (IF, BREAK, CONTINUE, CALL, RET), from
 * the ALU result or a predicate bit. */
static pg_cond key_cond(gen *g, list *l, unsigned share, span s, uint8_t reg, span *then_s,
                        span *else_s)
{
    return through_pred(g, l, share_cond(g, share, s, reg, then_s, else_s));
}

/* The lanes of a 16-lane wavefront with keys in s that no TEXKILL took: its keys lie on the
 * 4-grid from DPP_PAT_RANK_LO (32 and 64 lanes hold every one of them too). */
static int lanes16(const gen *g, span s)
{
    int n = 0;
    for (int k = s.lo; k < s.hi; k++) {
        unsigned b = (unsigned)(k - DPP_PAT_RANK_LO);
        n += b < 64 && b % 4 == 0 && !(g->dead >> b & 1);
    }
    return n;
}

/* A spine IF's condition that splits s and leaves its then side (the spine's)
 * lanes enough to split again at each of the `below` levels under it: half
 * when both halves have them, else all but one, negated so that the spine
 * takes the wide side. */
static pg_cond spine_cond(gen *g, list *l, unsigned below, span s, span *then_s, span *else_s)
{
    while (s.lo < s.hi && !lanes16(g, (span){s.lo, s.lo + 1}))
        s.lo++; /* "all but one" leaves out a lane that is there */
    int need = (int)below + 1, t = s.lo + (s.hi - s.lo) / 2;
    int halves = lanes16(g, (span){s.lo, t}) >= need && lanes16(g, (span){t, s.hi}) >= need;
    unsigned share = halves && pg_pick(g, 10) < 7 ? SH_HALF : SH_ALL_BUT_ONE;
    pg_cond c = share_cond(g, share, s, KEY, then_s, else_s);
    if (lanes16(g, *then_s) < need) {
        span w = *then_s;
        *then_s = *else_s;
        *else_s = w;
        c.neg ^= 1;
    }
    return through_pred(g, l, c);
}

/* Any condition of an IF: on the key (most), a boolean constant (all or none), or the data.
 * A spine IF's then side opens `below` levels more. */
static pg_cond if_cond(gen *g, list *l, int spine, unsigned below, span s, span *then_s,
                       span *else_s)
{
    unsigned r = pg_pick(g, 20);
    if (spine && g->def->spine_splits)
        return spine_cond(g, l, below, s, then_s, else_s);
    if (spine || r < 16)
        return key_cond(g, l, pick_share(g, spine), s, KEY, then_s, else_s);
    pg_cond c = pg_random_cond(g);
    if (r < 18) {
        c.src = PG_SRC_BOOL;
        int taken = (int)((g->p->bools >> c.bit & 1) ^ c.neg);
        *then_s = taken ? s : (span){s.lo, s.lo};
        *else_s = taken ? (span){s.lo, s.lo} : s;
    } else {
        c.src = PG_SRC_ALU;
        c.reg = (uint8_t)(1 + pg_pick(g, 4)); /* data derived from the key: some split */
        *then_s = *else_s = s;
    }
    return c;
}

static list div_block(gen *g, dwhere w, unsigned want_depth);

static void gen_if(gen *g, dwhere w, list *l, unsigned want_depth, int spine)
{
    span ts, es;
    pg_cond c = if_cond(g, l, spine, want_depth, w.s, &ts, &es);
    int n = pg_new_node(g, PG_IF);
    if (n < 0)
        return;
    g->p->node[n].cond = c;
    g->p->node[n].has_else = (uint8_t)pg_pick(g, 2);
    dwhere in = w;
    in.depth++;
    in.s = ts;
    g->p->node[n].body = div_block(g, in, want_depth).first;
    if (g->p->node[n].has_else) {
        in.s = es;
        g->p->node[n].alt = div_block(g, in, 0).first;
    }
    push(g, l, n);
}

/* A loop constant: count 3..5, init 0..1, step 0..1 (aL-relative reads stay within r1..r8). */
static unsigned loop_const(gen *g, int rep)
{
    if (g->nints == 32)
        return pg_pick(g, 32);
    unsigned count = 3 + pg_pick(g, 3), init = rep ? 0 : pg_pick(g, 2),
             step = rep ? 0 : pg_pick(g, 2);
    g->p->ints[g->nints] = count | init << 8 | step << 16;
    return g->nints++;
}

static int assign(gen *g, unsigned dst, unsigned a, int neg, int c)
{
    int n = pg_new_node(g, PG_ASSIGN);
    if (n >= 0) {
        pg_node *nd = &g->p->node[n];
        nd->dst = (uint8_t)dst, nd->a = (uint8_t)a, nd->neg = (uint8_t)neg, nd->c = (int8_t)c;
    }
    return n;
}

/* A BREAK or CONTINUE (kind) of the lanes for which c holds. */
static void cond_exit(gen *g, list *l, unsigned kind, pg_cond c)
{
    int e = pg_new_node(g, kind);
    if (e < 0)
        return;
    g->p->node[e].conditional = 1;
    g->p->node[e].cond = c;
    push(g, l, e);
}

/* The exit that gives each lane its own trip count: the lanes whose counter
 * reached t leave (BREAK, or CONTINUE for the rest of this iteration), as a
 * conditional exit or a plain one inside an IF on the same test. */
static void counter_exit(gen *g, dwhere w, list *l, unsigned ctr, int t)
{
    unsigned kind = pg_pick(g, 10) < 7 ? PG_BREAK : PG_CONTINUE;
    pg_cond c = {.src = PG_SRC_ALU, .reg = (uint8_t)ctr, .cmp = DPP_CMP_GE, .k = (int8_t)t};
    if (pg_pick(g, 4) == 0 && w.depth < g->def->max_depth) { /* if (counter >= t) { break } */
        int n = pg_new_node(g, PG_IF), e = pg_new_node(g, kind);
        if (n < 0 || e < 0)
            return;
        g->p->node[n].cond = c;
        g->p->node[n].body = e;
        push(g, l, n);
        return;
    }
    if (pg_pick(g, 3) == 0) { /* through a predicate bit */
        int p = pg_new_node(g, PG_SETP);
        if (p < 0)
            return;
        g->p->node[p].cond = c;
        g->p->node[p].bit = (uint8_t)pg_pick(g, 4);
        push(g, l, p);
        c = (pg_cond){.src = PG_SRC_PRED, .bit = g->p->node[p].bit};
    }
    cond_exit(g, l, kind, c);
}

static void gen_loop(gen *g, dwhere w, list *l, unsigned want_depth)
{
    unsigned ctr = COUNTER(w.loops);
    int neg = (int)pg_pick(g, 2); /* the counter runs from -key: the high keys stay longest */
    span e = neg ? (span){1 - w.s.hi, 1 - w.s.lo} : w.s;
    int d = (e.hi - e.lo) / 4;
    d = d < 1 ? 1 : d > 16 ? 16 : d;
    push(g, l, assign(g, ctr, KEY, neg, 0));
    int rep = pg_pick(g, 3) == 0;
    int n = pg_new_node(g, rep ? PG_REP : PG_LOOP);
    if (n < 0)
        return;
    g->p->node[n].int_addr = (uint8_t)loop_const(g, rep);
    g->p->node[n].mesa_target = (uint8_t)pg_pick(g, 2);
    dwhere in = w;
    in.depth++;
    in.loops++;
    list body = {-1, -1};
    push(g, &body, assign(g, ctr, ctr, 0, d));
    /* the exit first, or after the rest of the body (the lanes leaving late run it all) */
    int exit_first = (int)pg_pick(g, 2);
    if (exit_first)
        counter_exit(g, in, &body, ctr, e.hi);
    list rest = div_block(g, in, want_depth);
    push(g, &body, rest.first);
    if (!exit_first)
        counter_exit(g, in, &body, ctr, e.hi);
    g->p->node[n].body = body.first;
    push(g, l, n);
}

/* BREAK or CONTINUE of the lanes a key condition picks (plain inside an IF, or conditional). */
static void key_exit(gen *g, dwhere w, list *l)
{
    unsigned kind = pg_pick(g, 2) ? PG_BREAK : PG_CONTINUE;
    span ts, es;
    cond_exit(g, l, kind, key_cond(g, l, pick_share(g, 1), w.s, KEY, &ts, &es));
}

static void gen_call(gen *g, dwhere w, list *l)
{
    unsigned f = pg_pick(g, w.callable);
    span ts, es;
    pg_cond c = {0};
    if (g->p->func_cond[f])
        c = key_cond(g, l, pick_share(g, 0), w.s, KEY, &ts, &es);
    int n = pg_new_node(g, PG_CALL);
    if (n < 0)
        return;
    g->p->node[n].func = (uint8_t)f;
    g->p->node[n].cond = c;
    push(g, l, n);
}

/* TEXKILL of one lane of the span (or none): kill if key - k < 0. */
static void gen_kill(gen *g, dwhere *w, list *l)
{
    int n = pg_new_node(g, PG_KILL);
    if (n < 0)
        return;
    int a = one_key(w->s);
    pg_node *nd = &g->p->node[n];
    nd->cond = (pg_cond){.src = PG_SRC_ALU, .reg = KEY, .cmp = DPP_CMP_LT};
    nd->cond.k = (int8_t)(pg_pick(g, 4) ? a + 1 : w->s.lo);
    if (g->def->spine_splits) {
        span took = {w->s.lo, nd->cond.k}, pend = {g->pend_lo, g->pend_hi};
        span both = {took.lo > pend.lo ? took.lo : pend.lo, took.hi < pend.hi ? took.hi : pend.hi};
        if (g->pend_need && lanes16(g, pend) - lanes16(g, both) < g->pend_need)
            nd->cond.k = (int8_t)w->s.lo; /* the spine to come needs that lane: none dies */
        for (int k = w->s.lo; k < nd->cond.k; k++)
            g->dead |= 1ull << (k - DPP_PAT_RANK_LO);
    }
    if (nd->cond.k > w->s.lo)
        w->s.lo = nd->cond.k;
    push(g, l, n);
}

static void gen_simple(gen *g, dwhere *w, list *l)
{
    for (;;) {
        unsigned r = pg_pick(g, 100);
        if (r < 20) { /* data: r1..r4 from any register */
            int n = assign(g, 1 + pg_pick(g, 4), pg_pick(g, PG_DATA_REGS + 1), (int)pg_pick(g, 2),
                           (int)pg_pick(g, 15) - 7);
            if (n >= 0 && w->loops && pg_pick(g, 4) == 0) {
                g->p->node[n].rel = 1;
                g->p->node[n].a = (uint8_t)(1 + pg_pick(g, 3));
            }
            push(g, l, n);
            return;
        }
        if (r < 26) { /* a predicate bit from the data, for data conditions */
            int n = pg_new_node(g, PG_SETP);
            if (n >= 0) {
                g->p->node[n].cond = pg_random_cond(g);
                g->p->node[n].cond.src = PG_SRC_ALU;
                g->p->node[n].bit = (uint8_t)pg_pick(g, 4);
            }
            push(g, l, n);
            return;
        }
        if (r < 52 && w->depth < g->def->max_depth) {
            gen_if(g, *w, l, 0, 0);
            return;
        }
        if (r < 64 && w->loops < g->def->max_loops && !w->in_func && w->depth < g->def->max_depth) {
            gen_loop(g, *w, l, 0);
            return;
        }
        if (r < 78 && w->loops) {
            key_exit(g, *w, l);
            return;
        }
        if (r >= 78 && r < 90 && w->callable) {
            gen_call(g, *w, l);
            return;
        }
        if (r >= 90 && r < 94 && w->depth > 0) {
            gen_kill(g, w, l);
            return;
        }
    }
}

/* 1-4 statements; with want_depth > 0, one of them nests that deep. */
static list div_block(gen *g, dwhere w, unsigned want_depth)
{
    list l = {-1, -1};
    unsigned count = 1 + pg_pick(g, 4), spine = want_depth ? pg_pick(g, count) : count;
    if (want_depth && g->def->spine_splits) { /* until the spine: lanes to split want_depth times */
        g->pend_lo = w.s.lo, g->pend_hi = w.s.hi;
        g->pend_need = (int)want_depth + 1;
    }
    for (unsigned i = 0; i < count && !g->failed; i++) {
        if (i != spine) {
            gen_simple(g, &w, &l);
            continue;
        }
        g->pend_need = 0; /* the spine's body sets its own */
        if (w.loops < g->def->max_loops && !w.in_func && pg_pick(g, 3) == 0)
            gen_loop(g, w, &l, want_depth - 1);
        else
            gen_if(g, w, &l, want_depth - 1, 1);
    }
    return l;
}

/* A function: a block on the whole span (callers vary), with 0-2 returns of
 * key-picked lanes spliced in at its top level. */
static int gen_function(gen *g, unsigned f)
{
    dwhere w = {.in_func = 1, .callable = f, .depth = 5, .s = {DPP_PAT_RANK_LO, DPP_PAT_RANK_HI}};
    list body = div_block(g, w, 2);
    int first = body.first;
    for (unsigned k = pg_pick(g, 3); k > 0 && !g->failed; k--) {
        list pre = {-1, -1};
        span ts, es;
        pg_cond c = key_cond(g, &pre, pick_share(g, 0), w.s, KEY, &ts, &es);
        int r = pg_new_node(g, PG_RET_COND);
        if (r < 0)
            break;
        g->p->node[r].cond = c;
        push(g, &pre, r);
        int *link = &first;
        for (unsigned skip = pg_pick(g, 3); skip > 0 && *link >= 0; skip--)
            link = &g->p->node[*link].next;
        g->p->node[r].next = *link;
        *link = pre.first;
    }
    return first;
}

void pg_generate_keyed(gen *g, unsigned min_depth)
{
    pg_program *p = g->p;
    p->nfuncs = g->def->max_funcs ? 1 + pg_pick(g, g->def->max_funcs) : 0;
    for (unsigned f = 0; f < p->nfuncs; f++) {
        p->func_cond[f] = (uint8_t)(pg_pick(g, 4) != 0); /* mostly called by some lanes */
        p->func[f] = gen_function(g, f);
    }
    list main = {-1, -1};
    push(g, &main, assign(g, KEY, 1, 0, 0)); /* r8 = the key, kept */
    dwhere w = {.callable = p->nfuncs, .s = {DPP_PAT_RANK_LO, DPP_PAT_RANK_HI}};
    unsigned want = min_depth + pg_pick(g, 2);
    if (g->def->partial && want > g->def->max_depth)
        want = g->def->max_depth; /* the mode's limit binds the spine too */
    list rest = div_block(g, w, want);
    push(g, &main, rest.first);
    p->main = main.first;
}
