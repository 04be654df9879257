/* Program-driven stimulus for the flow-control bench: the golden model runs a
 * real CTM program over a domain, and every fc_unit step of every wavefront
 * (its START and each FC instruction's EXEC) is recorded; the lock-step run then
 * replays those steps, in order, into the RTL and the C mirror. */
#ifndef HARNESS_FC_PROGRAM_H
#define HARNESS_FC_PROGRAM_H

#include "fc.h"

#include <stddef.h>

typedef struct fc_program_trace {
    fc_unit_in *steps;
    size_t n, cap;
    int faulted;        /* the program ended with a defined fault (the trace stops there) */
    char fault_msg[sizeof(((dpp_error *)0)->msg)];
} fc_program_trace;

/* Runs the executable at `path` over a width x height domain on a processor
 * array shaped like the RTL (lanes, stack depths; at most 16 wavefronts in
 * flight) and records its flow-control steps into *t. A program fault is not
 * an error: the steps up to it are kept and t->faulted says so. Returns 0, or
 * -1 with a message in err. */
int fc_program_record(const char *path, unsigned width, unsigned height,
                      const fc_unit_params *rtl, fc_program_trace *t, char *err, size_t errlen);

void fc_program_free(fc_program_trace *t);

#endif
