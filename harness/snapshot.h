/* Fork snapshots of the whole simulation process (Verilated model, C model
 * and stimulus generator together), so that a mismatch late in a long run can
 * be traced from a recent snapshot instead of from cycle 0.
 *
 * A snapshot is a forked child blocked on a pipe. Asked to replay, it resumes
 * with a request (trace from cycle A, stop after cycle B) and exits. A child
 * whose parent dies reads EOF and exits; the pool reaps every child. */
#ifndef HARNESS_SNAPSHOT_H
#define HARNESS_SNAPSHOT_H

#include <stdint.h>
#include <sys/types.h>

typedef struct snapshot_request {
    uint64_t trace_from; /* first posedge to trace */
    uint64_t stop_after; /* last posedge to run */
} snapshot_request;

enum { SNAPSHOT_MAX = 8 };

typedef struct snapshot_pool {
    struct {
        pid_t pid;
        int fd;          /* write end of the child's request pipe */
        uint64_t at;     /* posedge count when taken */
    } snap[SNAPSHOT_MAX];
    unsigned count, keep;
} snapshot_pool;

/* keep: how many snapshots to hold (older ones are discarded), 1..SNAPSHOT_MAX. */
void snapshot_pool_init(snapshot_pool *p, unsigned keep);

/* Takes a snapshot at posedge `at`. Returns 0 in the parent (or when fork
 * failed: snapshots are an optimisation), and 1 in a child that has been
 * asked to replay, with *req filled in. */
int snapshot_take(snapshot_pool *p, uint64_t at, snapshot_request *req);

/* Replays from the newest snapshot taken at or before req->trace_from and
 * waits for it. Returns 0 when the child ran and exited 0, -1 otherwise
 * (no usable snapshot, or the child failed). */
int snapshot_replay(snapshot_pool *p, const snapshot_request *req);

/* The posedge of the oldest snapshot kept (UINT64_MAX: none). */
uint64_t snapshot_oldest(const snapshot_pool *p);

/* Ends every remaining snapshot and reaps it. */
void snapshot_pool_close(snapshot_pool *p);

#endif
