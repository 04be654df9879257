/* A small pool of worker threads for the processor array: pa_pool_run()
 * hands out items 0..n-1 to the caller's thread (worker 0) and the pool's
 * threads (workers 1..threads-1), each item to exactly one worker, and
 * returns when every item is done. */
#ifndef CSIM_PA_POOL_H
#define CSIM_PA_POOL_H

typedef struct pa_pool pa_pool;

typedef void (*pa_pool_fn)(void *user, unsigned worker, unsigned item);

/* Starts threads - 1 threads; NULL if they cannot be started. */
pa_pool *pa_pool_create(unsigned threads);

/* Stops and joins the threads; NULL is allowed. */
void pa_pool_destroy(pa_pool *p);

/* Runs fn(user, worker, item) for every item below n. If pre is not NULL the
 * caller's thread runs pre(user) first, while the pool's threads start on the
 * items. */
void pa_pool_run(pa_pool *p, unsigned n, pa_pool_fn fn, void (*pre)(void *user), void *user);

#endif
