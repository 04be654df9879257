/* The machine the commit checker (ctm_commit.c) and the transaction checker
 * (ctm_txn.c) share, written once: the model's items the design has yet to
 * make (a queue in the model's order, with the count of those a drain check
 * only counts), the last items the design made (the history a report shows),
 * and the sticky verdict with its one-line diff. An item is a checker's own
 * record, copied in and out by its size; what an item is, how one is matched
 * and what a report says stay the checker's. */
#ifndef CSIM_CHECK_QUEUE_H
#define CSIM_CHECK_QUEUE_H

#include "ctm.h"
#include "ctm_int.h"

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------ the queue */

/* The model's items not yet made, oldest first: a ring whose capacity is a
 * power of two (an index is a mask, not a division), grown by doubling. */
typedef struct check_queue {
    unsigned char *buf;
    size_t size; /* bytes an item */
    size_t head, n, cap;
    uint64_t unqueued; /* draining: items counted past the ones kept */
} check_queue;

/* An empty queue of items of `size` bytes. */
static inline check_queue cq_new(size_t size)
{
    return (check_queue){.size = size};
}

/* Item i from the head (i < n). */
static inline void *cq_at(const check_queue *q, size_t i)
{
    return q->buf + ((q->head + i) & (q->cap - 1)) * q->size;
}

/* What the design still owes: the items kept and the ones only counted. */
static inline uint64_t cq_owed(const check_queue *q)
{
    return q->n + q->unqueued;
}

/* An item at the tail. CTM_OK or CTM_E_NOMEM. */
int cq_push(check_queue *q, const void *item);

/* An item at the tail, or, while draining and once `keep` are kept (what a
 * report shows), only counted: a drain check holds no more than it tells. */
int cq_offer(check_queue *q, const void *item, int draining, size_t keep);

/* A full queue grown (cq_tail's slow path): the tail's storage, or NULL when
 * out of memory. */
void *cq_grow(check_queue *q);

/* The storage of the item past the tail, to be written in place and then
 * offered with cq_offer_tail (one copy less than cq_offer); NULL when out of
 * memory. Inline, as cq_at: a checker's every transaction comes through it. */
static inline void *cq_tail(check_queue *q)
{
    if (q->n == q->cap)
        return cq_grow(q);
    return q->buf + ((q->head + q->n) & (q->cap - 1)) * q->size;
}

/* cq_offer's rule: while draining with keep items held, an item is only
 * counted. 1 when it counted the item. */
static inline int cq_count_only(check_queue *q, int draining, size_t keep)
{
    if (!(draining && q->n >= keep))
        return 0;
    q->unqueued++;
    return 1;
}

/* cq_offer of the item written at cq_tail. */
static inline void cq_offer_tail(check_queue *q, int draining, size_t keep)
{
    if (!cq_count_only(q, draining, keep))
        q->n++;
}

/* The head out (n > 0). */
void cq_drop(check_queue *q);

/* Item i out (i < n); the ones before it keep their order. */
void cq_take(check_queue *q, size_t i);

/* The first items (at most max) into out, oldest first: how many. */
unsigned cq_copy(const check_queue *q, void *out, unsigned max);

/* Frees the items kept: the queue is empty (the count of those only counted
 * stays). */
void cq_free(check_queue *q);

/* ------------------------------------------------------------ the history */

enum { CHECK_HISTORY = 8 }; /* items the design made that a report shows */

/* The last CHECK_HISTORY items made: a ring, its storage taken at the first. */
typedef struct check_hist {
    unsigned char *buf;
    unsigned head, n;
} check_hist;

/* An item of `size` bytes made, the oldest one out when full. CTM_OK or
 * CTM_E_NOMEM. */
int ch_add(check_hist *h, const void *item, size_t size);

/* The items, oldest first, into out: how many. */
unsigned ch_copy(const check_hist *h, void *out, size_t size);

void ch_free(check_hist *h);

/* ------------------------------------------------------------ the verdict */

/* A check's verdict: once a mismatch or an error ended it, every later call
 * returns it; the diff is the one-line text of the last mismatch or misuse. */
typedef struct check_verdict {
    int verdict; /* 0, or the status that ended the check */
    char diff[API_ERROR_MAX];
    char *report; /* the last report's text */
} check_verdict;

/* CTM_OK to go on: else the sticky verdict, or CTM_E_ARG for a misuse since
 * the last check (its text into the diff, reported now). */
int cv_can_check(check_verdict *v, api_handle *h);

/* A bad argument of func: CTM_E_ARG, the message in ctm_error() and the diff. */
int cv_misuse(check_verdict *v, api_handle *h, const char *func, const char *text);

/* Status st of a check: a mismatch ends it through the checker's report, any
 * other error ends it here. st. */
static inline int cv_latch(check_verdict *v, int st)
{
    if (st && st != CTM_E_MISMATCH)
        v->verdict = st;
    return st;
}

/* The diff a checker's ctm_*_diff returns: empty while nothing was said. */
static inline const char *cv_diff(const check_verdict *v)
{
    return v->verdict || v->diff[0] ? v->diff : "";
}

#endif
