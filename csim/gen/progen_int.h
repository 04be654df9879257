/* The statement tree shared by the generator, compiler and interpreter of progen. */
#ifndef CSIM_PROGEN_INT_H
#define CSIM_PROGEN_INT_H

#include "progen.h"

#include <stdint.h>

enum pg_kind {
    PG_ASSIGN,   /* r[dst] = (neg ? -1 : 1) * r[a (+aL if rel)] + c, all four channels */
    PG_SETP,     /* p[bit] = cmp(r[cond.reg].chan(bit) - cond.k) */
    PG_IF,       /* if cond { then } [else { else }] */
    PG_LOOP,     /* loop i[int_addr] { body } */
    PG_REP,      /* rep i[int_addr] { body } */
    PG_BREAK,    /* break [if cond] */
    PG_CONTINUE, /* continue [if cond] */
    PG_CALL,     /* call f [if cond] (the function decides which) */
    PG_RET_COND, /* ret if cond: top level of a function only */
    PG_KILL,     /* TEXKILL: the lane dies if r[cond.reg].r - cond.k < 0 */
};

enum pg_src { PG_SRC_ALU, PG_SRC_PRED, PG_SRC_BOOL };

typedef struct pg_cond {
    uint8_t src; /* pg_src */
    uint8_t neg; /* condition is the negation */
    uint8_t reg; /* ALU: register compared (channel R) */
    uint8_t cmp; /* ALU: DPP_CMP_* of r - k against 0 */
    int8_t k;    /* ALU: threshold */
    uint8_t bit; /* PRED: predicate bit; BOOL: boolean constant index */
} pg_cond;

typedef struct pg_node {
    uint8_t kind;
    uint8_t conditional; /* BREAK, CONTINUE: has cond */
    pg_cond cond;
    uint8_t dst, a, neg, rel; /* ASSIGN; rel: source is r[a + aL] */
    int8_t c;
    uint8_t bit;         /* SETP */
    uint8_t int_addr;    /* LOOP, REP */
    uint8_t mesa_target; /* LOOP, REP: jump to END (Mesa) instead of END+1 */
    uint8_t func;        /* CALL */
    uint8_t has_else;
    int body, alt, next; /* first child (then/body), first else child, next sibling; -1 = none */
} pg_node;

#define PG_MAX_FUNCS 3
#define PG_MAX_NODES 70      /* default profile: keeps programs inside 512 slots and quick to run */
#define PG_DIV_MAX_NODES 110 /* keyed profiles: their conditions and counters take more nodes */

struct pg_program {
    pg_node *node;
    unsigned n, cap;
    int main; /* first statement of the main body */
    unsigned nfuncs;
    int func[PG_MAX_FUNCS];          /* first statement of each function */
    uint8_t func_cond[PG_MAX_FUNCS]; /* called only conditionally (else only plainly) */
    uint32_t ints[32];               /* loop constants (count | init << 8 | step << 16) */
    uint32_t bools;
    uint8_t profile;       /* pg_profile */
    uint32_t pattern_seed; /* keyed profiles: input 0 is the lane-rank pattern of this seed */
};

/* A profile as data (progen.c's table). The keyed ones are built by progen_div.c
 * within their limits. */
typedef struct pg_profile_def {
    const char *name;
    unsigned max_nodes;
    uint64_t stream;      /* added to the seed's stream: each profile has programs of its own */
    uint8_t keyed;        /* progen_div.c: input 0 the lane-rank pattern, r8 the lane's key */
    uint8_t partial;      /* partial flow-control mode: the spine stops at max_depth too */
    uint8_t spine_splits; /* each spine level keeps lanes enough on its side to split again */
    unsigned max_depth;   /* keyed: if/loop nesting of the statements off the spine */
    unsigned max_loops;   /* keyed: loop nesting; 0: no loops, breaks or continues */
    unsigned max_funcs;   /* keyed: functions; 0: no calls or returns */
} pg_profile_def;

/* The row of profile k (< PG_PROFILE_COUNT). */
const pg_profile_def *pg_profile_def_of(unsigned k);

/* The generator's state, shared by the profiles (progen.c, progen_div.c). */
typedef struct gen {
    pg_program *p;
    uint64_t s;
    unsigned nints;
    int failed;
    unsigned max_nodes;
    const pg_profile_def *def;
    /* progen_div.c, spine_splits profiles: the keys a TEXKILL took (bit key - DPP_PAT_RANK_LO),
     * and the keys and lane count the spine IF to come needs (pend_need 0: none) */
    uint64_t dead;
    int pend_lo, pend_hi;
    int pend_need;
} gen;

uint64_t pg_next(gen *g);
unsigned pg_pick(gen *g, unsigned n); /* 0..n-1 */
int pg_new_node(gen *g, unsigned kind); /* -1 (and g->failed) past g->max_nodes */
pg_cond pg_random_cond(gen *g);

/* A keyed profile (divergent, partial) within g->def's limits: fills g->p
 * (functions, main) or sets g->failed (progen_div.c). */
void pg_generate_keyed(gen *g, unsigned min_depth);

/* The float constant index holding v, -64..64: c0..c16 hold -8..8 (every profile), c32..c160
 * hold -64..64 (the keyed profiles only). */
static inline unsigned pg_const_index(int v)
{
    return v >= -8 && v <= 8 ? (unsigned)(v + 8) : (unsigned)(32 + 64 + v);
}

/* Float constant index holding value v (-8..8). */
#define PG_CONST(v) ((unsigned)((v) + 8))

#endif
