/* progen: the random generator, features and printing of structured programs. */
#include "progen_int.h"

#include "isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PG_MAX_LOOPS 3 /* loop nesting in main (the loop stack holds 4) */

typedef struct where {
    unsigned depth, loops, ifs_in_loop;
    int in_loop, in_func;
    unsigned callable; /* functions 0..callable-1 may be called */
} where;

uint64_t pg_next(gen *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

unsigned pg_pick(gen *g, unsigned n)
{
    return (unsigned)(pg_next(g) % n);
}

int pg_new_node(gen *g, unsigned kind)
{
    pg_program *p = g->p;
    if (p->n == g->max_nodes) {
        g->failed = 1;
        return -1;
    }
    pg_node *nd = &p->node[p->n];
    memset(nd, 0, sizeof *nd);
    nd->kind = (uint8_t)kind;
    nd->body = nd->alt = nd->next = -1;
    return (int)p->n++;
}

pg_cond pg_random_cond(gen *g)
{
    pg_cond c = {.src = (uint8_t)pg_pick(g, 3),
                 .neg = (uint8_t)pg_pick(g, 2),
                 .reg = (uint8_t)pg_pick(g, PG_DATA_REGS + 1),
                 .cmp = (uint8_t)pg_pick(g, 4),
                 .k = (int8_t)((int)pg_pick(g, 7) - 3)};
    c.bit = (uint8_t)(c.src == PG_SRC_BOOL ? pg_pick(g, 32) : pg_pick(g, 4));
    return c;
}

/* A fresh integer constant for a loop (count 0-3, 0 one time in ten), or an old one when all 32 are
 * taken. */
static unsigned new_loop_const(gen *g, int rep)
{
    if (g->nints == 32)
        return pg_pick(g, 32);
    unsigned count = pg_pick(g, 10) == 0 ? 0 : 1 + pg_pick(g, 3);
    unsigned init = rep ? 0 : pg_pick(g, 3), step = rep ? 0 : pg_pick(g, 2);
    g->p->ints[g->nints] = count | init << 8 | step << 16;
    return g->nints++;
}

static int gen_block(gen *g, where w, unsigned want_depth);

static int gen_compound(gen *g, where w, unsigned kind, unsigned want_depth)
{
    int n = pg_new_node(g, kind);
    if (n < 0)
        return -1;
    where in = w;
    in.depth++;
    if (kind == PG_IF) {
        g->p->node[n].cond = pg_random_cond(g);
        g->p->node[n].has_else = (uint8_t)pg_pick(g, 2);
        in.ifs_in_loop++;
        int body = gen_block(g, in, want_depth);
        g->p->node[n].body = body;
        if (g->p->node[n].has_else) {
            int alt = gen_block(g, in, 0);
            g->p->node[n].alt = alt;
        }
    } else {
        g->p->node[n].int_addr = (uint8_t)new_loop_const(g, kind == PG_REP);
        g->p->node[n].mesa_target = (uint8_t)pg_pick(g, 2);
        in.loops++;
        in.in_loop = 1;
        in.ifs_in_loop = 0;
        int body = gen_block(g, in, want_depth);
        g->p->node[n].body = body;
    }
    return n;
}

static int gen_simple(gen *g, where w)
{
    for (;;) {
        unsigned r = pg_pick(g, 100);
        int n;
        if (r < 30) {
            n = pg_new_node(g, PG_ASSIGN);
            if (n >= 0) {
                pg_node *nd = &g->p->node[n];
                nd->dst = (uint8_t)(1 + pg_pick(g, PG_DATA_REGS));
                nd->rel = (uint8_t)(w.in_loop && pg_pick(g, 4) == 0);
                nd->a = (uint8_t)(nd->rel ? 1 + pg_pick(g, 3) : pg_pick(g, PG_DATA_REGS + 1));
                nd->neg = (uint8_t)pg_pick(g, 2);
                nd->c = (int8_t)((int)pg_pick(g, 15) - 7);
            }
            return n;
        }
        if (r < 33 && pg_pick(g, 3) == 0) {
            n = pg_new_node(g, PG_KILL);
            if (n >= 0) {
                g->p->node[n].cond = pg_random_cond(g);
                g->p->node[n].cond.src = PG_SRC_ALU;
                g->p->node[n].cond.k =
                    (int8_t) - (3 + (int)pg_pick(g, 4)); /* kill only well below 0 */
            }
            return n;
        }
        if (r < 42) {
            n = pg_new_node(g, PG_SETP);
            if (n >= 0) {
                g->p->node[n].cond = pg_random_cond(g);
                g->p->node[n].cond.src = PG_SRC_ALU;
                g->p->node[n].bit = (uint8_t)pg_pick(g, 4);
            }
            return n;
        }
        if (r < 58 && w.depth < 8)
            return gen_compound(g, w, PG_IF, 0);
        if (r < 68 && w.loops < PG_MAX_LOOPS && !w.in_func)
            return gen_compound(g, w, r < 63 ? PG_LOOP : PG_REP, 0);
        if (r < 84 && w.in_loop) {
            n = pg_new_node(g, r < 76 ? PG_BREAK : PG_CONTINUE);
            if (n >= 0 && (g->p->node[n].conditional = (uint8_t)pg_pick(g, 2)))
                g->p->node[n].cond = pg_random_cond(g);
            return n;
        }
        if (r >= 84 && w.callable) {
            n = pg_new_node(g, PG_CALL);
            if (n >= 0) {
                g->p->node[n].func = (uint8_t)pg_pick(g, w.callable);
                g->p->node[n].cond = pg_random_cond(g);
            }
            return n;
        }
    }
}

/* A list of 1-4 statements; if want_depth > 0, one of them nests that deep. */
static int gen_block(gen *g, where w, unsigned want_depth)
{
    unsigned count = 1 + pg_pick(g, 4), spine = want_depth ? pg_pick(g, count) : count;
    int first = -1, last = -1;
    for (unsigned i = 0; i < count && !g->failed; i++) {
        int n;
        if (i == spine) {
            int loop_ok = w.loops < PG_MAX_LOOPS && !w.in_func && pg_pick(g, 3) == 0;
            n = gen_compound(g, w, loop_ok ? (pg_pick(g, 2) ? PG_LOOP : PG_REP) : PG_IF,
                             want_depth - 1);
        } else {
            n = gen_simple(g, w);
        }
        if (n < 0)
            break;
        if (last < 0)
            first = n;
        else
            g->p->node[last].next = n;
        last = n;
    }
    return first;
}

/* A function body: a block, with 0-2 conditional returns spliced in at its top level. */
static int gen_function(gen *g, unsigned f)
{
    where w = {.in_func = 1, .callable = f, .depth = 5};
    int first = gen_block(g, w, 2);
    for (unsigned k = pg_pick(g, 3); k > 0 && !g->failed; k--) {
        int r = pg_new_node(g, PG_RET_COND);
        if (r < 0)
            break;
        g->p->node[r].cond = pg_random_cond(g);
        int *link = &first;
        for (unsigned skip = pg_pick(g, 3); skip > 0 && *link >= 0; skip--)
            link = &g->p->node[*link].next;
        g->p->node[r].next = *link;
        *link = r;
    }
    return first;
}

/* The profiles. The keyed ones draw from streams of their own (divergent seed 5 is not default's
 * 5); the divergent one nests as deep as the default one and its loops as deep (the loop stack
 * holds 4); the partial one stays inside partial flow-control mode [seed 000 p38]. */
static const pg_profile_def profiles[PG_PROFILE_COUNT] = {
    [PG_PROFILE_DEFAULT] = {.name = "default", .max_nodes = PG_MAX_NODES},
    [PG_PROFILE_DIVERGENT] = {.name = "divergent",
                              .max_nodes = PG_DIV_MAX_NODES,
                              .stream = 0x5D1Eull << 40,
                              .keyed = 1,
                              .max_depth = 8,
                              .max_loops = PG_MAX_LOOPS,
                              .max_funcs = PG_MAX_FUNCS},
    [PG_PROFILE_PARTIAL] = {.name = "partial",
                            .max_nodes = PG_DIV_MAX_NODES,
                            .stream = 0x9A27ull << 40,
                            .keyed = 1,
                            .partial = 1,
                            .spine_splits = 1,
                            .max_depth = DPP_FC_PARTIAL_BRANCHES},
};

const pg_profile_def *pg_profile_def_of(unsigned k)
{
    return &profiles[k < PG_PROFILE_COUNT ? k : PG_PROFILE_DEFAULT];
}

int pg_profile_find(const char *name)
{
    for (unsigned k = 0; k < PG_PROFILE_COUNT; k++)
        if (!strcmp(name, profiles[k].name))
            return (int)k;
    return -1;
}

int pg_profile_parse(const char *name, unsigned *k, char *err, size_t errlen)
{
    int found = pg_profile_find(name);
    if (found < 0) {
        snprintf(err, errlen, "'%s' is not a profile (%s)", name, pg_profile_list());
        return -1;
    }
    *k = (unsigned)found;
    return 0;
}

const char *pg_profile_name(unsigned k)
{
    return k < PG_PROFILE_COUNT ? profiles[k].name : "?";
}

const char *pg_profile_list(void)
{
    return "default, divergent, partial"; /* the table's names (test_progen checks they agree) */
}

dpp_status pg_generate_profile(uint64_t seed, unsigned min_depth, unsigned profile,
                               pg_program **out, dpp_error *err)
{
    *out = NULL;
    if (profile >= PG_PROFILE_COUNT)
        return dpp_error_set(err, DPP_E_ARG, "progen: unknown profile %u", profile);
    const pg_profile_def *def = &profiles[profile];
    if (def->partial && min_depth > def->max_depth)
        return dpp_error_set(err, DPP_E_ARG,
                             "progen: profile %s nests at most %u deep (partial flow-control "
                             "mode [seed 000 p38]); depth %u asked",
                             def->name, def->max_depth, min_depth);
    unsigned cap = def->max_nodes;
    pg_program *p = calloc(1, sizeof *p);
    if (p)
        p->node = calloc(cap, sizeof *p->node);
    if (!p || !p->node) {
        pg_free(p);
        return dpp_error_set(err, DPP_E_NOMEM, "progen: out of memory");
    }
    p->cap = cap;
    p->profile = (uint8_t)profile;
    for (uint64_t attempt = 0;; attempt++) {
        gen g = {.p = p,
                 .s = seed * 0x100000001B3ull + attempt + def->stream,
                 .max_nodes = cap,
                 .def = def};
        p->n = 0;
        p->nfuncs = 0;
        memset(p->ints, 0, sizeof p->ints);
        p->bools = (uint32_t)pg_next(&g);
        if (def->keyed) {
            p->pattern_seed = (uint32_t)(seed ^ seed >> 32);
            pg_generate_keyed(&g, min_depth);
        } else {
            p->nfuncs = pg_pick(&g, PG_MAX_FUNCS + 1);
            for (unsigned f = 0; f < p->nfuncs; f++) {
                p->func_cond[f] = (uint8_t)pg_pick(&g, 2);
                p->func[f] = gen_function(&g, f);
            }
            where w = {.callable = p->nfuncs};
            p->main = gen_block(&g, w, min_depth + pg_pick(&g, 2));
        }
        if (!g.failed)
            break;
    }
    *out = p;
    return DPP_OK;
}

dpp_status pg_generate(uint64_t seed, unsigned min_depth, pg_program **out, dpp_error *err)
{
    return pg_generate_profile(seed, min_depth, PG_PROFILE_DEFAULT, out, err);
}

void pg_free(pg_program *p)
{
    if (p)
        free(p->node);
    free(p);
}

static void count(const pg_program *p, int n, unsigned depth, pg_features *f)
{
    for (; n >= 0; n = p->node[n].next) {
        const pg_node *nd = &p->node[n];
        /* a condition on a keyed profile's key, r8 (SETP, ALU conditions, KILL) */
        f->key_conds += pg_profile_def_of(p->profile)->keyed && nd->kind != PG_ASSIGN &&
                        nd->kind != PG_LOOP && nd->kind != PG_REP && nd->cond.src == PG_SRC_ALU &&
                        nd->cond.reg == PG_DATA_REGS && (nd->kind != PG_BREAK || nd->conditional) &&
                        (nd->kind != PG_CONTINUE || nd->conditional) &&
                        (nd->kind != PG_CALL || p->func_cond[nd->func]);
        switch (nd->kind) {
        case PG_IF:
            f->if_src[nd->cond.src]++;
            f->else_src[nd->cond.src] += nd->has_else;
            break;
        case PG_LOOP:
        case PG_REP:
            *(nd->kind == PG_LOOP ? &f->loops : &f->reps) += 1;
            f->zero_count_loops += (p->ints[nd->int_addr] & 0xFF) == 0;
            f->mesa_targets += nd->mesa_target;
            break;
        case PG_BREAK:
        case PG_CONTINUE:
            *(nd->kind == PG_BREAK ? &f->breaks : &f->continues) += 1;
            f->cond_exits += nd->conditional;
            break;
        case PG_CALL:
            *(p->func_cond[nd->func] ? &f->cond_calls : &f->calls) += 1;
            break;
        case PG_RET_COND:
            f->cond_rets++;
            break;
        case PG_KILL:
            f->kills++;
            break;
        case PG_ASSIGN:
            f->rel_reads += nd->rel;
            break;
        default:
            break;
        }
        if (nd->kind == PG_IF || nd->kind == PG_LOOP || nd->kind == PG_REP) {
            if (depth + 1 > f->depth)
                f->depth = depth + 1;
            count(p, nd->body, depth + 1, f);
            count(p, nd->alt, depth + 1, f);
        }
    }
}

void pg_features_of(const pg_program *p, pg_features *f)
{
    memset(f, 0, sizeof *f);
    count(p, p->main, 0, f);
    unsigned main_depth = f->depth;
    for (unsigned k = 0; k < p->nfuncs; k++)
        count(p, p->func[k], 0, f);
    f->depth = main_depth;
}

typedef struct out_buf {
    char *b;
    size_t size, len;
} out_buf;

static void put(out_buf *o, unsigned indent, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void put(out_buf *o, unsigned indent, const char *fmt, ...)
{
    if (o->len + 1 >= o->size)
        return;
    int k = snprintf(o->b + o->len, o->size - o->len, "%*s", (int)(2 * indent), "");
    o->len += k > 0 ? (size_t)k : 0;
    if (o->len >= o->size)
        o->len = o->size - 1;
    va_list ap;
    va_start(ap, fmt);
    k = vsnprintf(o->b + o->len, o->size - o->len, fmt, ap);
    va_end(ap);
    o->len += k > 0 ? (size_t)k : 0;
    if (o->len >= o->size)
        o->len = o->size - 1;
}

static const char *cond_text(const pg_cond *c, char *buf, size_t size)
{
    static const char *const cmps[] = {"==", "<", ">=", "!="};
    if (c->src == PG_SRC_ALU)
        snprintf(buf, size, "%s(r%u - %d %s 0)", c->neg ? "!" : "", c->reg, c->k, cmps[c->cmp & 3]);
    else
        snprintf(buf, size, "%s%c%u", c->neg ? "!" : "", c->src == PG_SRC_PRED ? 'p' : 'b', c->bit);
    return buf;
}

static void print_list(const pg_program *p, int n, unsigned ind, out_buf *o)
{
    char cb[64];
    for (; n >= 0; n = p->node[n].next) {
        const pg_node *nd = &p->node[n];
        switch (nd->kind) {
        case PG_ASSIGN:
            put(o, ind, "r%u = %sr%s%u%s + %d\n", nd->dst, nd->neg ? "-" : "",
                nd->rel ? "[aL+" : "", nd->a, nd->rel ? "]" : "", nd->c);
            break;
        case PG_SETP:
            put(o, ind, "p%u = %s\n", nd->bit, cond_text(&nd->cond, cb, sizeof cb));
            break;
        case PG_IF:
            put(o, ind, "if %s {\n", cond_text(&nd->cond, cb, sizeof cb));
            print_list(p, nd->body, ind + 1, o);
            if (nd->has_else) {
                put(o, ind, "} else {\n");
                print_list(p, nd->alt, ind + 1, o);
            }
            put(o, ind, "}\n");
            break;
        case PG_LOOP:
        case PG_REP: {
            uint32_t k = p->ints[nd->int_addr];
            put(o, ind, "%s i%u (count %u init %u step %d)%s {\n",
                nd->kind == PG_LOOP ? "loop" : "rep", nd->int_addr, k & 0xFF, k >> 8 & 0xFF,
                (int8_t)(k >> 16), nd->mesa_target ? " [END target]" : "");
            print_list(p, nd->body, ind + 1, o);
            put(o, ind, "}\n");
            break;
        }
        case PG_BREAK:
        case PG_CONTINUE:
            put(o, ind, "%s%s%s\n", nd->kind == PG_BREAK ? "break" : "continue",
                nd->conditional ? " if " : "",
                nd->conditional ? cond_text(&nd->cond, cb, sizeof cb) : "");
            break;
        case PG_CALL:
            put(o, ind, "call f%u%s%s\n", nd->func, p->func_cond[nd->func] ? " if " : "",
                p->func_cond[nd->func] ? cond_text(&nd->cond, cb, sizeof cb) : "");
            break;
        case PG_RET_COND:
            put(o, ind, "ret if %s\n", cond_text(&nd->cond, cb, sizeof cb));
            break;
        case PG_KILL:
            put(o, ind, "kill if r%u - %d < 0\n", nd->cond.reg, nd->cond.k);
            break;
        }
    }
}

void pg_print(const pg_program *p, char *buf, size_t size)
{
    out_buf o = {buf, size, 0};
    if (size)
        buf[0] = 0;
    if (pg_profile_def_of(p->profile)->keyed)
        put(&o, 0, "profile %s: input 0 is the lane-rank pattern of seed %u; r8 = key\n",
            pg_profile_name(p->profile), p->pattern_seed);
    put(&o, 0, "bools 0x%08x\n", p->bools);
    for (unsigned f = 0; f < p->nfuncs; f++) {
        put(&o, 0, "f%u (%s) {\n", f, p->func_cond[f] ? "called conditionally" : "called plainly");
        print_list(p, p->func[f], 1, &o);
        put(&o, 0, "}\n");
    }
    put(&o, 0, "main {\n");
    print_list(p, p->main, 1, &o);
    put(&o, 0, "}\n");
}
