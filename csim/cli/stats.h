/* --stats of dpp run and dpp exec: the PE's performance counters and the
 * model's own counters, each with its unit. */
#ifndef CSIM_CLI_STATS_H
#define CSIM_CLI_STATS_H

#include "mc.h"
#include "pa.h"

#include <stdint.h>
#include <stdio.h>

typedef struct cli_stats {
    uint32_t total_clocks, active_clocks; /* read_perf_counters */
    pa_stats pa;                          /* issues and lane-instructions */
    double seconds;                       /* wall time of the run */
    const pa_params *array;
    const tm_stats *timing;               /* the chip profile's timing model; NULL: ctm */
    mc_cache_stats cache[MC_CACHES];      /* the MC's caches (mc_cache_of) */
} cli_stats;

/* Prints s, one quantity a line. */
void cli_print_stats(FILE *f, const cli_stats *s);

/* The machine's online cores, 1..64: the default of --threads. */
unsigned cli_default_threads(void);

/* Seconds on a monotonic clock. */
double cli_now(void);

#endif
