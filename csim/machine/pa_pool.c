/* Worker threads of the processor array (pa_pool.h). Items are claimed one
 * at a time from a shared counter, so a slow item does not hold up the rest. */
#include "pa_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct worker {
    pa_pool *pool;
    unsigned id;
    pthread_t tid;
} worker;

struct pa_pool {
    unsigned threads;
    worker *w;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned generation; /* bumped for every run */
    unsigned busy;       /* pool threads still working on this run */
    int quit;
    /* the current run */
    pa_pool_fn fn;
    void *user;
    unsigned n;
    atomic_uint next;
};

static void claim_items(pa_pool *p, unsigned id)
{
    for (unsigned item; (item = atomic_fetch_add(&p->next, 1)) < p->n;)
        p->fn(p->user, id, item);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    pa_pool *p = w->pool;
    unsigned seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->generation == seen && !p->quit)
            pthread_cond_wait(&p->go, &p->mu);
        if (p->quit)
            break;
        seen = p->generation;
        pthread_mutex_unlock(&p->mu);
        claim_items(p, w->id);
        pthread_mutex_lock(&p->mu);
        if (--p->busy == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

pa_pool *pa_pool_create(unsigned threads)
{
    pa_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->threads = threads ? threads : 1;
    p->w = calloc(p->threads, sizeof *p->w);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
    if (!p->w) {
        pa_pool_destroy(p);
        return NULL;
    }
    for (unsigned k = 1; k < p->threads; k++) {
        p->w[k] = (worker){p, k, 0};
        if (pthread_create(&p->w[k].tid, NULL, worker_main, &p->w[k])) {
            p->threads = k; /* join the ones that started */
            pa_pool_destroy(p);
            return NULL;
        }
    }
    return p;
}

void pa_pool_destroy(pa_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (unsigned k = 1; p->w && k < p->threads; k++)
        pthread_join(p->w[k].tid, NULL);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->mu);
    free(p->w);
    free(p);
}

void pa_pool_run(pa_pool *p, unsigned n, pa_pool_fn fn, void (*pre)(void *user), void *user)
{
    pthread_mutex_lock(&p->mu);
    p->fn = fn;
    p->user = user;
    p->n = n;
    atomic_store(&p->next, 0);
    p->busy = p->threads - 1;
    p->generation++;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    if (pre)
        pre(user);
    claim_items(p, 0);
    pthread_mutex_lock(&p->mu);
    while (p->busy)
        pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
}
