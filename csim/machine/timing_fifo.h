/* The output FIFO of the timing model (timing.c; docs/timing.md, "The output
 * FIFO"): a few entries, each free from a known time or held by a wavefront
 * whose end is not known yet, and the stretches of time during which every
 * entry was held, which tell how long an OUTPUT waited for one. Times are
 * model cycles; calls come in nondecreasing time, as the scheduler's. */
#ifndef CSIM_TIMING_FIFO_H
#define CSIM_TIMING_FIFO_H

#include <stddef.h>
#include <stdint.h>

#define TM_FIFO_MAX  64         /* entries at most: the most wavefronts a SIMD holds */
#define TM_FIFO_HELD UINT64_MAX /* an entry's free time while its holder's end is unknown */

/* A stretch [from, to) during which every entry was held. */
typedef struct tm_fifo_span {
    uint64_t from, to;
} tm_fifo_span;

typedef struct tm_fifo {
    uint64_t free_at[TM_FIFO_MAX]; /* when each entry is free (TM_FIFO_HELD: not known) */
    unsigned n;                    /* entries */
    uint64_t next;                 /* the earliest free_at: when an entry is next free */
    tm_fifo_span *span;            /* full stretches, oldest first, from span[first] */
    size_t first, nspan, cap;
    int open; /* the last stretch lasts until `next` */
    int nomem;
} tm_fifo;

/* n entries (1 to TM_FIFO_MAX), all free at 0; keeps the span storage. */
void tm_fifo_reset(tm_fifo *f, unsigned n);

void tm_fifo_release(tm_fifo *f); /* frees the span storage */

/* A wavefront takes an entry at t (f->next <= t): the one free longest.
 * Returns the entries held at t, this one included. */
unsigned tm_fifo_take(tm_fifo *f, uint64_t t);

/* A holder's end is known: its entry is free from `end`. */
void tm_fifo_give(tm_fifo *f, uint64_t end);

/* Forgets the full stretches that end by `before`: no wait will look at them. */
void tm_fifo_prune(tm_fifo *f, uint64_t before);

/* The full stretches kept, oldest first (*n of them). */
const tm_fifo_span *tm_fifo_spans(const tm_fifo *f, size_t *n);

#endif
