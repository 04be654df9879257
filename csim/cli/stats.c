/* --stats output (stats.h). */
#include "stats.h"

#include <time.h>
#include <unistd.h>

/* n with an SI prefix, e.g. 264.6 M. */
static void si(FILE *f, double n)
{
    static const char *const prefix[] = {"", " k", " M", " G", " T"};
    unsigned p = 0;
    while (n >= 1000 && p < 4) {
        n /= 1000;
        p++;
    }
    fprintf(f, p ? "%.1f%s" : "%.0f%s", n, prefix[p]);
}

void cli_print_stats(FILE *f, const cli_stats *s)
{
    const pa_params *a = s->array;
    fprintf(f, "clocks             %u total, %u active (PE performance counters; one issue is one clock)\n",
            s->total_clocks, s->active_clocks);
    fprintf(f, "issued             %llu instructions\n", (unsigned long long)s->pa.issues);
    fprintf(f, "lane-instructions  %llu (issued instructions x %u lanes per wavefront)\n",
            (unsigned long long)s->pa.lane_instructions, a->lanes);
    fprintf(f, "wall time          %.3f s (%u thread%s, %u wavefront%s in flight)\n", s->seconds,
            a->threads, a->threads == 1 ? "" : "s", a->contexts, a->contexts == 1 ? "" : "s");
    fprintf(f, "rate               ");
    if (s->seconds > 0)
        si(f, (double)s->pa.lane_instructions / s->seconds);
    else
        fprintf(f, "-");
    fprintf(f, " lane-instructions/s\n");
}

unsigned cli_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > 64 ? 64u : (unsigned)n;
}

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
