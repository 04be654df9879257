#include "fc_program.h"

#include "elf_exe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void count_step(void *user, const pa_fc_event *ev)
{
    (void)ev;
    ++*(size_t *)user;
}

/* Pass 1: the number of steps. Without a trace the model counts them itself
 * on every core; a run that faults is counted again on one thread with a
 * trace, which stops exactly at the fault. */
static dpp_status count_steps(fc_program_stream *t, dpp_error *e)
{
    dpp_run_opts o = t->opts;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.array.threads = cores < 1 ? 1 : cores > 64 ? 64 : (unsigned)cores;
    dpp_run_result res;
    memset(&res, 0, sizeof res);
    dpp_status st = dpp_run(t->exe, &o, t->path, &res, e);
    t->n = res.stats.fc_steps;
    dpp_run_free(&res);
    if (st != DPP_E_FAULT)
        return st;
    t->n = 0;
    o.array.threads = 1;
    o.trace = count_step;
    o.trace_user = &t->n;
    st = dpp_run(t->exe, &o, t->path, &res, e);
    dpp_run_free(&res);
    return st;
}

int fc_program_open(const char *path, unsigned width, unsigned height, const fc_unit_params *rtl,
                    fc_program_stream *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    dpp_error e;
    if (!(t->exe = calloc(1, sizeof *t->exe))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (dpp_elf_read(path, t->exe, &e) != DPP_OK) {
        snprintf(err, errlen, "%s", e.msg);
        fc_program_free(t);
        return -1;
    }
    dpp_run_opts *o = &t->opts;
    dpp_run_default_opts(o);
    o->width = width;
    o->height = height;
    o->array.lanes = rtl->lanes;
    o->array.contexts = rtl->contexts < 16 ? rtl->contexts : 16;
    o->array.addr_depth = rtl->addr_depth;
    o->array.loop_depth = rtl->loop_depth;
    o->discard_outputs = 1; /* the steps are the stimulus; the image is never read */
    dpp_status st = count_steps(t, &e);
    if (st == DPP_E_FAULT) {
        t->faulted = 1;
        snprintf(t->fault_msg, sizeof t->fault_msg, "%s", e.msg);
    } else if (st != DPP_OK) {
        snprintf(err, errlen, "%s", e.msg);
        fc_program_free(t);
        return -1;
    }
    if (t->n == 0) {
        snprintf(err, errlen, "%s: the program issued no flow-control step", path);
        fc_program_free(t);
        return -1;
    }
    /* pass 2, stepped on demand while the lock-step run goes */
    if (dpp_stepper_open(t->exe, o, path, &t->stepper, &e) != DPP_OK) {
        snprintf(err, errlen, "%s", e.msg);
        fc_program_free(t);
        return -1;
    }
    return 0;
}

int fc_program_next(fc_program_stream *t, fc_unit_in *in)
{
    if (t->next >= t->n)
        return 0;
    const pa_fc_event *ev = NULL;
    dpp_error e;
    /* the same run as pass 1: its n steps come out before any fault or the end */
    if (dpp_stepper_next(t->stepper, &ev, &e) != DPP_OK || !ev) {
        fprintf(stderr, "cosim: %s: the model's second pass ended after %zu of %zu steps\n",
                t->path, t->next, t->n);
        t->n = t->next;
        return 0;
    }
    *in = *ev->in;
    t->next++;
    return 1;
}

void fc_program_free(fc_program_stream *t)
{
    dpp_stepper_close(t->stepper);
    free(t->exe);
    memset(t, 0, sizeof *t);
}
