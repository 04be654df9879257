/* The fork-snapshot pool: a replay resumes the newest snapshot taken at or
 * before the requested start, with the process state of that moment; old
 * snapshots are discarded; no child outlives the pool. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "snapshot.h"

static int result_pipe[2];

/* Runs a "simulation" that counts 0..limit, snapshotting every 10 steps. In a
 * resumed child, reports the counter it resumed at and the request, then exits. */
static void simulate(snapshot_pool *p, uint64_t limit)
{
    for (uint64_t step = 0; step <= limit; step++) {
        snapshot_request req;
        if (step % 10 == 0 && snapshot_take(p, step, &req)) {
            uint64_t msg[3] = {step, req.trace_from, req.stop_after};
            ssize_t n = write(result_pipe[1], msg, sizeof msg);
            _exit(n == (ssize_t)sizeof msg ? 0 : 1);
        }
    }
}

static void test_replay_picks_newest_eligible(void **state)
{
    (void)state;
    assert_int_equal(pipe(result_pipe), 0);
    snapshot_pool p;
    snapshot_pool_init(&p, 3);
    simulate(&p, 100); /* snapshots 0..100; kept: 80, 90, 100 */
    assert_int_equal(p.count, 3);
    assert_int_equal(p.snap[0].at, 80);

    snapshot_request req = {85, 95};
    assert_int_equal(snapshot_replay(&p, &req), 0);
    uint64_t msg[3];
    assert_int_equal(read(result_pipe[0], msg, sizeof msg), sizeof msg);
    assert_int_equal(msg[0], 80); /* resumed with the state of step 80 */
    assert_int_equal(msg[1], 85);
    assert_int_equal(msg[2], 95);
    assert_int_equal(p.count, 2); /* a replayed snapshot is used up */

    snapshot_request too_early = {55, 60};
    assert_int_equal(snapshot_replay(&p, &too_early), -1);

    snapshot_pool_close(&p);
    assert_int_equal(p.count, 0);
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1); /* every child reaped */
    assert_int_equal(errno, ECHILD);
    close(result_pipe[0]);
    close(result_pipe[1]);
}

static void test_keep_is_clamped(void **state)
{
    (void)state;
    snapshot_pool p;
    snapshot_pool_init(&p, 0);
    assert_int_equal(p.keep, 1);
    snapshot_pool_init(&p, 1000);
    assert_int_equal(p.keep, SNAPSHOT_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_picks_newest_eligible),
        cmocka_unit_test(test_keep_is_clamped),
    };
    return cmocka_run_group_tests_name("snapshot", tests, NULL, NULL);
}
