/* progen: the direct per-lane interpreter of the statement tree. No masks,
 * branch counters or stacks: plain recursion over the tree for one lane. */
#include "progen_int.h"

#include "alu.h"
#include "fp_bits.h"
#include "isa.h"

#include <string.h>

typedef struct lane {
    float r[PG_DATA_REGS + 1][4]; /* r0 = (i, j, 0, 1) */
    uint8_t pred;
    int al[8]; /* aL of the enclosing LOOPs, innermost last */
    unsigned nal;
    const pg_program *p;
} lane;

enum flow { NORMAL, BREAK, CONTINUE, RETURN, KILLED };

static int compare(float v, unsigned cmp)
{
    return dpp_cmp_zero(dpp_fp_bits(v), cmp);
}

static int cond(const lane *l, const pg_cond *c)
{
    int v;
    if (c->src == PG_SRC_ALU)
        v = compare(l->r[c->reg][0] - (float)c->k, c->cmp);
    else if (c->src == PG_SRC_PRED)
        v = l->pred >> c->bit & 1;
    else
        v = (int)(l->p->bools >> c->bit & 1);
    return v ^ c->neg;
}

static enum flow run(lane *l, int n);

static enum flow run_loop(lane *l, const pg_node *nd)
{
    uint32_t k = l->p->ints[nd->int_addr];
    unsigned count = k & 0xFF;
    int is_loop = nd->kind == PG_LOOP;
    if (is_loop)
        l->al[l->nal++] = (int)(k >> 8 & 0xFF);
    enum flow f = NORMAL;
    for (unsigned it = 0; it < count; it++) {
        f = run(l, nd->body);
        if (f == BREAK || f == RETURN || f == KILLED)
            break;
        if (is_loop)
            l->al[l->nal - 1] += (int8_t)(k >> 16);
    }
    if (is_loop)
        l->nal--;
    return f == RETURN || f == KILLED ? f : NORMAL;
}

static enum flow run(lane *l, int n)
{
    const pg_program *p = l->p;
    for (; n >= 0; n = p->node[n].next) {
        const pg_node *nd = &p->node[n];
        enum flow f = NORMAL;
        switch (nd->kind) {
        case PG_ASSIGN: {
            int al = l->nal ? l->al[l->nal - 1] : 0; /* aL is 0 outside LOOPs */
            unsigned a = nd->a + (nd->rel ? (unsigned)al : 0u);
            for (int c = 0; c < 4; c++)
                l->r[nd->dst][c] = (nd->neg ? -l->r[a][c] : l->r[a][c]) + (float)nd->c;
            break;
        }
        case PG_SETP: {
            int v = compare(l->r[nd->cond.reg][nd->bit] - (float)nd->cond.k, nd->cond.cmp);
            l->pred = (uint8_t)((l->pred & ~(1u << nd->bit)) | (unsigned)v << nd->bit);
            break;
        }
        case PG_IF:
            f = run(l, cond(l, &nd->cond) ? nd->body : nd->has_else ? nd->alt : -1);
            break;
        case PG_LOOP:
        case PG_REP:
            f = run_loop(l, nd);
            break;
        case PG_BREAK:
        case PG_CONTINUE:
            if (!nd->conditional || cond(l, &nd->cond))
                f = nd->kind == PG_BREAK ? BREAK : CONTINUE;
            break;
        case PG_CALL:
            if ((!p->func_cond[nd->func] || cond(l, &nd->cond)) &&
                run(l, p->func[nd->func]) == KILLED)
                f = KILLED;
            break;
        case PG_KILL:
            if (l->r[nd->cond.reg][0] - (float)nd->cond.k < 0.0f)
                f = KILLED;
            break;
        case PG_RET_COND:
            if (cond(l, &nd->cond))
                f = RETURN;
            break;
        }
        if (f != NORMAL)
            return f;
    }
    return NORMAL;
}

void pg_interpret(const pg_program *p, int i, int j, const uint32_t in[4], uint32_t out[4][4])
{
    lane l;
    memset(&l, 0, sizeof l);
    l.p = p;
    l.r[0][0] = (float)i;
    l.r[0][1] = (float)j;
    l.r[0][3] = 1.0f;
    for (int c = 0; c < 4; c++)
        l.r[1][c] = dpp_fp_f(in[c]);
    int killed = run(&l, p->main) == KILLED; /* a killed lane writes no output */
    for (int o = 0; o < 4; o++)
        for (int c = 0; c < 4; c++)
            out[o][c] = killed ? 0u : dpp_fp_bits(l.r[1 + o][c] + 0.0f);
}
