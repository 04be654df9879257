/* --fc-stats of dpp run: how often a wavefront's lanes disagree at its
 * flow-control steps (the measure of `make bench`'s progen lines). */
#ifndef CSIM_CLI_FC_STATS_H
#define CSIM_CLI_FC_STATS_H

#include "pa.h"

#include <stdint.h>
#include <stdio.h>

typedef struct cli_fc_stats {
    uint64_t steps;    /* FC instructions executed by a wavefront (EXEC events) */
    uint64_t diverged; /* of them, live lanes split (some active, some not) before or after */
    uint64_t split;    /* of them, whose own decision split the evaluated active lanes */
    uint64_t last_active[16]; /* per context, the active mask after its last event */
} cli_fc_stats;

/* pa_trace_fn counting into (cli_fc_stats *)user; needs a serial run (a trace gives one). */
void cli_fc_stats_event(void *user, const pa_fc_event *ev);

/* Prints the three counts and the two shares, one a line. */
void cli_fc_stats_print(FILE *f, const cli_fc_stats *s);

#endif
