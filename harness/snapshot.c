#include "snapshot.h"

#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

void snapshot_pool_init(snapshot_pool *p, unsigned keep)
{
    p->count = 0;
    p->keep = keep < 1 ? 1 : keep > SNAPSHOT_MAX ? SNAPSHOT_MAX : keep;
}

static void discard(snapshot_pool *p, unsigned i)
{
    close(p->snap[i].fd); /* the child reads EOF and exits */
    kill(p->snap[i].pid, SIGKILL);
    waitpid(p->snap[i].pid, NULL, 0);
    for (unsigned j = i + 1; j < p->count; j++)
        p->snap[j - 1] = p->snap[j];
    p->count--;
}

int snapshot_take(snapshot_pool *p, uint64_t at, snapshot_request *req)
{
    int fds[2];
    if (pipe(fds))
        return 0;
    fflush(NULL); /* buffered output must not be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return 0;
    }
    if (pid == 0) {
        close(fds[1]);
        for (unsigned i = 0; i < p->count; i++)
            close(p->snap[i].fd);
        p->count = 0;
        ssize_t n = read(fds[0], req, sizeof *req);
        close(fds[0]);
        if (n != (ssize_t)sizeof *req)
            _exit(0); /* discarded, or the parent is gone */
        return 1;
    }
    close(fds[0]);
    if (p->count == p->keep)
        discard(p, 0);
    p->snap[p->count].pid = pid;
    p->snap[p->count].fd = fds[1];
    p->snap[p->count].at = at;
    p->count++;
    return 0;
}

int snapshot_replay(snapshot_pool *p, const snapshot_request *req)
{
    int best = -1;
    for (unsigned i = 0; i < p->count; i++)
        if (p->snap[i].at <= req->trace_from)
            best = (int)i;
    if (best < 0)
        return -1;
    pid_t pid = p->snap[best].pid;
    ssize_t n = write(p->snap[best].fd, req, sizeof *req);
    close(p->snap[best].fd);
    for (unsigned j = (unsigned)best + 1; j < p->count; j++)
        p->snap[j - 1] = p->snap[j];
    p->count--;
    int status = 0;
    if (n != (ssize_t)sizeof *req) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return -1;
    }
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

uint64_t snapshot_oldest(const snapshot_pool *p)
{
    return p->count ? p->snap[0].at : UINT64_MAX;
}

void snapshot_pool_close(snapshot_pool *p)
{
    while (p->count)
        discard(p, p->count - 1);
}
