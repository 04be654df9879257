/* Internals of dpp_run shared with the stepper (run.c, run_step.c): the
 * device a run sets up, its memory layout and its command buffer. */
#ifndef CSIM_RUN_INT_H
#define CSIM_RUN_INT_H

#include "cmdbuf.h"
#include "run.h"
#include "runtime.h"

/* Where dpp_run puts things in device memory. */
typedef struct layout {
    uint64_t inst, constf, consti, constb, in[16], out[4], cmd, end;
    mc_surface in_s[16], out_s[4], cond_s;
    uint8_t outs;
} layout;

typedef struct run_device {
    dpp_connection *c;
    uint8_t *mem;
    layout L;
    cmdbuf cb;        /* also copied to L.cmd in device memory */
    size_t start_off; /* byte offset of start_program in cb */
    char cbname[300]; /* "NAME (command buffer)", for error messages */
} run_device;

/* Opens a device for exe and o, fills its memory and writes the command
 * buffer (not submitted). */
dpp_status run_prepare(const dpp_exe *exe, const dpp_run_opts *o, const char *name, run_device *d,
                       dpp_error *err);

/* Copies the outputs, the conditional buffer and the counters into res. */
dpp_status run_collect(run_device *d, const dpp_run_opts *o, const char *name, dpp_run_result *res,
                       dpp_error *err);

/* Closes the device; d may be half prepared. */
void run_release(run_device *d);

#endif
