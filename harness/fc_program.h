/* Program-driven stimulus for the flow-control bench: the golden model runs a
 * real CTM program over a domain, and every fc_unit step of every wavefront
 * (its START and each FC instruction's EXEC) drives the RTL and the C mirror,
 * in order. The model is a ctm_model handle of the public API (ctm.h), stepped
 * on demand: nothing is recorded, so memory stays flat however large the
 * domain, and the run ends with the program's last step. */
#ifndef HARNESS_FC_PROGRAM_H
#define HARNESS_FC_PROGRAM_H

#include "ctm.h"
#include "fc.h"

#include <stddef.h>

typedef struct fc_program_stream {
    ctm_model *model;
    size_t steps; /* steps handed out so far */
    unsigned wave; /* the wavefront of the step handed out last */
    int pulled;   /* the model stands on a step not yet handed out */
    int ended;    /* the program's run is over (or faulted) */
    int faulted;  /* it ended in a defined fault (the steps stop there) */
    char fault_msg[256];
    char path[512];
} fc_program_stream;

/* A model handle of the executable at path over width x height on an array
 * shaped like the RTL (at most 16 wavefronts in flight), not stepped; NULL
 * with ctm_error() saying why. */
ctm_model *fc_program_model(const char *path, unsigned width, unsigned height,
                            const fc_unit_params *rtl);

/* Opens the executable at `path` over a width x height domain on a processor
 * array shaped like the RTL (lanes, stack depths; at most 16 wavefronts in
 * flight), and fc_program_start runs it to its first flow-control step (in
 * between, t->model can be shared with a commit checker). A program fault is
 * not an error: the steps up to it are handed out and t->faulted says so.
 * Each returns 0, or -1 with a message in err (start frees t then). */
int fc_program_open(const char *path, unsigned width, unsigned height, const fc_unit_params *rtl,
                    fc_program_stream *t, char *err, size_t errlen);
int fc_program_start(fc_program_stream *t, char *err, size_t errlen);

/* The current step of a model handle as the unit's port structs: its inputs,
 * and (out, wave: NULL to skip) the model's own results active, want, jump,
 * next_pc, fault (the other fields 0) and the wavefront's number. */
void fc_program_read(const ctm_model *m, fc_unit_in *in, fc_unit_out *out, unsigned *wave);

/* The next step into *in: 1, or 0 once the run is over. */
int fc_program_next(fc_program_stream *t, fc_unit_in *in);

void fc_program_free(fc_program_stream *t);

#endif
