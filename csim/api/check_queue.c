/* The queue, history and verdict the commit and transaction checkers share
 * (check_queue.h). */
#include "check_queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *cq_grow(check_queue *q)
{
    /* the items unrolled into a ring twice the size */
    size_t cap = q->cap ? 2 * q->cap : 8;
    unsigned char *grown = malloc(cap * q->size);
    if (!grown)
        return NULL;
    cq_copy(q, grown, (unsigned)q->n);
    free(q->buf);
    q->buf = grown;
    q->cap = cap;
    q->head = 0;
    return q->buf + q->n * q->size;
}

int cq_push(check_queue *q, const void *item)
{
    void *at = cq_tail(q);
    if (!at)
        return CTM_E_NOMEM;
    memcpy(at, item, q->size);
    q->n++;
    return CTM_OK;
}

int cq_offer(check_queue *q, const void *item, int draining, size_t keep)
{
    return cq_count_only(q, draining, keep) ? CTM_OK : cq_push(q, item);
}

void cq_drop(check_queue *q)
{
    q->head = (q->head + 1) & (q->cap - 1);
    q->n--;
}

void cq_take(check_queue *q, size_t i)
{
    /* i == 0, the head (the common case): nothing moves */
    if (i && q->head + i < q->cap) /* the ones before it in one piece: one move */
        memmove(cq_at(q, 1), cq_at(q, 0), i * q->size);
    else
        for (size_t j = i; j > 0; j--)
            memcpy(cq_at(q, j), cq_at(q, j - 1), q->size);
    cq_drop(q);
}

unsigned cq_copy(const check_queue *q, void *out, unsigned max)
{
    unsigned n = q->n < max ? (unsigned)q->n : max;
    if (!n)
        return 0;
    size_t first = q->cap - q->head; /* items before the ring wraps */
    if (first > n)
        first = n;
    memcpy(out, cq_at(q, 0), first * q->size);
    memcpy((unsigned char *)out + first * q->size, q->buf, (n - first) * q->size);
    return n;
}

void cq_free(check_queue *q)
{
    free(q->buf);
    q->buf = NULL;
    q->head = q->n = q->cap = 0;
}

int ch_add(check_hist *h, const void *item, size_t size)
{
    if (!h->buf && !(h->buf = malloc(CHECK_HISTORY * size)))
        return CTM_E_NOMEM;
    unsigned slot = (h->head + h->n) % CHECK_HISTORY;
    if (h->n == CHECK_HISTORY)
        h->head = (h->head + 1) % CHECK_HISTORY;
    else
        h->n++;
    memcpy(h->buf + slot * size, item, size);
    return CTM_OK;
}

unsigned ch_copy(const check_hist *h, void *out, size_t size)
{
    for (unsigned i = 0; i < h->n; i++)
        memcpy((unsigned char *)out + i * size, h->buf + (h->head + i) % CHECK_HISTORY * size,
               size);
    return h->n;
}

void ch_free(check_hist *h)
{
    free(h->buf);
    *h = (check_hist){0};
}

int cv_can_check(check_verdict *v, api_handle *h)
{
    if (v->verdict)
        return v->verdict;
    if (h->pending) { /* a misuse since the last check: reported now */
        h->pending = 0;
        snprintf(v->diff, sizeof v->diff, "%s", h->error);
        return CTM_E_ARG;
    }
    return CTM_OK;
}

int cv_misuse(check_verdict *v, api_handle *h, const char *func, const char *text)
{
    api_error(h, "%s: %s", func, text);
    snprintf(v->diff, sizeof v->diff, "%s: %s", func, text);
    h->pending = 0; /* reported now, by this call's status */
    return CTM_E_ARG;
}
