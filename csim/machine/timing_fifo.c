/* The timing model's output FIFO (timing_fifo.h). Between two calls no entry
 * is taken, so the FIFO, once full, stays full until its earliest free time
 * (`next`, which a later give may bring forward but never before the time
 * of that call): the last full stretch is kept open and ends there. */
#include "timing_fifo.h"

#include <stdlib.h>
#include <string.h>

static void update(tm_fifo *f)
{
    f->next = TM_FIFO_HELD;
    for (unsigned e = 0; e < f->n; e++)
        if (f->free_at[e] < f->next)
            f->next = f->free_at[e];
    if (f->open)
        f->span[f->nspan - 1].to = f->next;
}

void tm_fifo_reset(tm_fifo *f, unsigned n)
{
    f->n = n < 1 ? 1 : n > TM_FIFO_MAX ? TM_FIFO_MAX : n;
    memset(f->free_at, 0, sizeof f->free_at);
    f->next = 0;
    f->first = f->nspan = 0;
    f->open = f->nomem = 0;
}

void tm_fifo_release(tm_fifo *f)
{
    free(f->span);
    f->span = NULL;
    f->cap = 0;
}

/* A full stretch from t; one that ended at t goes on. */
static void full_from(tm_fifo *f, uint64_t t)
{
    f->open = 1;
    if (f->nspan > f->first && f->span[f->nspan - 1].to == t)
        return;
    if (f->nspan == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 64;
        tm_fifo_span *s = realloc(f->span, cap * sizeof *s);
        if (!s) {
            f->nomem = 1;
            f->open = 0;
            return;
        }
        f->span = s;
        f->cap = cap;
    }
    f->span[f->nspan++] = (tm_fifo_span){t, t};
}

unsigned tm_fifo_take(tm_fifo *f, uint64_t t)
{
    f->open = 0; /* an entry was free at t: the last full stretch ended by then */
    unsigned best = 0, held = 1;
    for (unsigned e = 0; e < f->n; e++) {
        held += f->free_at[e] > t; /* a holder that ends after t holds it at t */
        if (f->free_at[e] < f->free_at[best])
            best = e;
    }
    f->free_at[best] = TM_FIFO_HELD;
    update(f);
    if (f->next > t) { /* every entry is held from t */
        full_from(f, t);
        update(f);
    }
    return held;
}

void tm_fifo_give(tm_fifo *f, uint64_t end)
{
    unsigned e = 0;
    while (e + 1 < f->n && f->free_at[e] != TM_FIFO_HELD)
        e++;
    f->free_at[e] = end;
    update(f);
}

void tm_fifo_prune(tm_fifo *f, uint64_t before)
{
    size_t last = f->open ? f->nspan - 1 : f->nspan; /* the open one is never pruned */
    while (f->first < last && f->span[f->first].to <= before)
        f->first++;
    if (f->first && 2 * f->first >= f->nspan) { /* the kept half to the front */
        memmove(f->span, f->span + f->first, (f->nspan - f->first) * sizeof *f->span);
        f->nspan -= f->first;
        f->first = 0;
    }
}

const tm_fifo_span *tm_fifo_spans(const tm_fifo *f, size_t *n)
{
    *n = f->nspan - f->first;
    return f->span ? f->span + f->first : NULL;
}
