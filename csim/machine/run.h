/* run: runs an executable on a model device the way `dpp run` does. It lays
 * out device memory (program, constants, inputs, outputs), writes the command
 * buffer (surface formats, set_domain, start_program, flush_out_cache,
 * wait_for_idle), submits it through the runtime API and copies the outputs
 * back. Host images are linear, width x height elements of their format. */
#ifndef CSIM_RUN_H
#define CSIM_RUN_H

#include "elf_exe.h"
#include "mc.h"
#include "mc_format.h"
#include "pa.h"
#include "status.h"
#include "txn.h"

#include <stddef.h>
#include <stdint.h>

typedef struct dpp_image {
    uint8_t format; /* mc_format */
    uint8_t tiling; /* mc_tiling of the device surface */
    uint32_t width, height;
    uint8_t *data; /* width * height * bpe bytes, row-major */
} dpp_image;

typedef struct dpp_run_opts {
    uint32_t width, height; /* domain: i in 0..width-1, j in 0..height-1 */
    pa_params array;        /* lanes, contexts, depths, step limit, chip profile; temps 0:
                               MODELINFO's num_temps */
    dpp_image input[16];    /* format/size/data; data NULL = unused */
    uint8_t out_format[4], out_tiling[4];
    uint8_t out_used;       /* bit o: set up output o (else exe->outputs) */
    uint8_t float_set[256]; /* constants given here override the executable's */
    uint32_t float_val[256][4];
    uint32_t int_set, int_val[32];
    uint32_t bool_set, bool_val;
    /* conditional execution / output: with cond.data set, the CO state below is
     * programmed and cond is the conditional buffer (width x height = the domain) */
    dpp_image cond;
    uint8_t cond_test, cond_loc, cond_writemask;
    uint32_t cond_val; /* set_cond_val, fp32 bits */
    pa_trace_fn trace;
    void *trace_user;
    const tm_sink *timeline; /* the chip profile's schedule (array.chip not ctm) */
    /* Model-defined, for stimulus runs: outputs are checked but not kept
     * (mc_set_discard_outputs), and none are returned. */
    uint8_t discard_outputs;
    /* If set, called with the device memory below the command buffer before
     * (after = 0) and after (after = 1) the run, and the command buffer. */
    void (*emit)(void *user, int after, const uint8_t *mem, size_t mem_len, const uint8_t *cb,
                 size_t cb_len);
    void *emit_user;
    /* If set, every transaction of the PE, MC and CO of the run (txn.h), from
     * the first command on; the run is then single-threaded. */
    txn_fn txn;
    void *txn_user;
} dpp_run_opts;

typedef struct dpp_run_result {
    dpp_image output[4]; /* data malloc'ed for every output used (free with dpp_run_free) */
    dpp_image cond;      /* the conditional buffer after the run (if one was given) */
    uint32_t total_clocks, active_clocks;
    pa_stats stats;                  /* issues and lane-instructions of the array */
    int timed;                       /* the chip profile has a timing model (not ctm): */
    tm_stats timing;                 /* its cycles, occupancy, ALU use and stalls */
    mc_cache_stats cache[MC_CACHES]; /* the MC's output and conditional output caches */
} dpp_run_result;

/* Options with the domain 1x1, default array, FLOAT32_4 linear outputs. */
void dpp_run_default_opts(dpp_run_opts *o);

/* Runs exe. name (the program's file) starts error messages. */
dpp_status dpp_run(const dpp_exe *exe, const dpp_run_opts *o, const char *name, dpp_run_result *res,
                   dpp_error *err);

/* Frees the output images. */
void dpp_run_free(dpp_run_result *res);

#endif
