#include "fc_program.h"

#include "elf_exe.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_STEPS = 1 << 24 }; /* 16 M steps (~1.5 GB would be silly for a lock-step trace) */

typedef struct recorder {
    fc_program_trace *t;
    int overflow;
} recorder;

static void record_step(void *user, const pa_fc_event *ev)
{
    recorder *r = user;
    fc_program_trace *t = r->t;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 4096;
        fc_unit_in *grown = cap <= MAX_STEPS ? realloc(t->steps, cap * sizeof *grown) : NULL;
        if (!grown) {
            r->overflow = 1;
            return;
        }
        t->steps = grown;
        t->cap = cap;
    }
    t->steps[t->n++] = *ev->in;
}

int fc_program_record(const char *path, unsigned width, unsigned height,
                      const fc_unit_params *rtl, fc_program_trace *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    dpp_exe *exe = calloc(1, sizeof *exe);
    dpp_error e;
    if (!exe) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (dpp_elf_read(path, exe, &e) != DPP_OK) {
        snprintf(err, errlen, "%s", e.msg);
        free(exe);
        return -1;
    }
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = width;
    o.height = height;
    o.array.lanes = rtl->lanes;
    o.array.contexts = rtl->contexts < 16 ? rtl->contexts : 16;
    o.array.addr_depth = rtl->addr_depth;
    o.array.loop_depth = rtl->loop_depth;
    recorder r = {t, 0};
    o.trace = record_step;
    o.trace_user = &r;
    dpp_run_result res;
    memset(&res, 0, sizeof res);
    dpp_status st = dpp_run(exe, &o, path, &res, &e);
    dpp_run_free(&res);
    free(exe);
    if (r.overflow) {
        snprintf(err, errlen, "%s: more than %d flow-control steps (use a smaller --domain)", path,
                 MAX_STEPS);
        fc_program_free(t);
        return -1;
    }
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
    return 0;
}

void fc_program_free(fc_program_trace *t)
{
    free(t->steps);
    memset(t, 0, sizeof *t);
}
