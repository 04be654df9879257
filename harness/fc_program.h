/* Program-driven stimulus for the flow-control bench: the golden model runs a
 * real CTM program over a domain, and every fc_unit step of every wavefront
 * (its START and each FC instruction's EXEC) drives the RTL and the C mirror,
 * in order. The model is stepped on demand (run_step.h): nothing is recorded,
 * so memory stays flat however large the domain. A first, quick pass of the
 * model counts the steps, so the run's length is known before it starts. */
#ifndef HARNESS_FC_PROGRAM_H
#define HARNESS_FC_PROGRAM_H

#include "fc.h"
#include "run_step.h"

#include <stddef.h>

typedef struct fc_program_stream {
    size_t n;    /* flow-control steps of the whole run */
    size_t next; /* steps handed out so far */
    int faulted; /* the program ends with a defined fault (the steps stop there) */
    char fault_msg[sizeof(((dpp_error *)0)->msg)];
    dpp_stepper *stepper;
    dpp_exe *exe;
    dpp_run_opts opts;
    char path[512];
} fc_program_stream;

/* Opens the executable at `path` over a width x height domain on a processor
 * array shaped like the RTL (lanes, stack depths; at most 16 wavefronts in
 * flight) and counts its flow-control steps. A program fault is not an error:
 * the steps up to it are kept and t->faulted says so. Returns 0, or -1 with a
 * message in err. */
int fc_program_open(const char *path, unsigned width, unsigned height, const fc_unit_params *rtl,
                    fc_program_stream *t, char *err, size_t errlen);

/* The next step into *in: 1, or 0 once the n steps are out. */
int fc_program_next(fc_program_stream *t, fc_unit_in *in);

void fc_program_free(fc_program_stream *t);

#endif
