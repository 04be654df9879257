/* The --trace file of dpp run and dpp exec: one line per flow-control event. */
#ifndef CSIM_CLI_TRACE_H
#define CSIM_CLI_TRACE_H

#include "pa.h"

#include <stdio.h>

typedef struct cli_tracer {
    FILE *f;
    uint64_t last_active[16]; /* per context, to print the mask before the event */
} cli_tracer;

/* pa_trace_fn writing to ((cli_tracer *)user)->f (format in docs/run.md). */
void cli_trace_event(void *user, const pa_fc_event *ev);

#endif
