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

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* The timing model's lines: cycles, occupancy, ALU use, stalls, the output FIFO
 * (docs/timing.md). */
static void print_timing(FILE *f, const tm_profile *p, const tm_stats *t)
{
    unsigned rows = p->gpr_regs / p->wave_lanes;
    fprintf(f, "cycles             %llu modelled cycles of one %s SIMD (%u lanes, %u-lane "
               "wavefronts)\n",
            (unsigned long long)t->cycles, p->name, p->simd_lanes, p->wave_lanes);
    fprintf(f, "resident           %u wavefronts per SIMD at most, limited by ", t->limit);
    if (t->limit_by_regs)
        fprintf(f, "registers (%u temporaries + %u reserved per wavefront, of %u per lane less %u "
                   "reserved)",
                t->temps, p->reserved_per_wave, rows, p->reserved_rows);
    else
        fprintf(f, "the wavefront cap (%u; %u temporaries per lane)", p->max_waves, t->temps);
    fprintf(f, "; peak %u of %llu wavefronts\n", t->peak, (unsigned long long)t->waves);
    fprintf(f, "ALU busy           %llu cycles (%.1f%% of the cycles)\n",
            (unsigned long long)t->alu_busy, percent(t->alu_busy, t->cycles));
    unsigned width = p->vec_slots + p->t_slots;
    fprintf(f, "ALU utilisation    %.1f%% (active lanes x slots used, of %u lanes x %u slots a "
               "cycle)\n",
            percent(t->alu_lane_ops, t->cycles * p->simd_lanes * width), p->simd_lanes, width);
    fprintf(f, "TEX busy           %llu cycles (%.1f%% of the cycles)\n",
            (unsigned long long)t->tex_busy, percent(t->tex_busy, t->cycles));
    static const struct {
        tm_cause cause;
        const char *name;
    } causes[] = {{TM_CLAUSE, "clause switch"}, {TM_LATENCY, "ALU latency"},
                  {TM_FETCH, "TEX fetch"},      {TM_READS, "register reads"},
                  {TM_EMPTY, "no wavefront"},   {TM_OFIFO, "output FIFO"}};
    fprintf(f, "stall cycles      ");
    for (size_t k = 0; k < sizeof causes / sizeof causes[0]; k++)
        fprintf(f, "%s %s %llu", k ? "," : "", causes[k].name,
                (unsigned long long)t->stall[causes[k].cause]);
    fprintf(f, " (cycles the ALU did not execute)\n");
    fprintf(f, "output FIFO        peak %u of %u entries held (a wavefront's first OUTPUT holds "
               "one until the wavefront ends); %llu wavefronts waited %llu cycles in all for one\n",
            t->fifo_peak, p->out_fifo, (unsigned long long)t->fifo_waits,
            (unsigned long long)t->fifo_wait_cycles);
}

void cli_print_stats(FILE *f, const cli_stats *s)
{
    const pa_params *a = s->array;
    const tm_profile *p = tm_profile_of((tm_chip)a->chip);
    fprintf(f, "clocks             %u total, %u active (PE performance counters; ", s->total_clocks,
            s->active_clocks);
    if (s->timing)
        fprintf(f, "modelled %s cycles)\n", p->name);
    else
        fprintf(f, "one issue is one clock)\n");
    if (s->timing)
        print_timing(f, p, s->timing);
    unsigned threads = s->timing ? 1 : a->threads; /* a profile's schedule runs on one */
    /* The MC's caches (docs/mc.md), one line each. */
    static const struct {
        const char *name, *what;
        unsigned lines;
    } caches[MC_CACHES] = {
        [MC_CACHE_OUT] = {"output cache", "output writes", MC_CACHE_LINES},
        [MC_CACHE_COND] = {"cond cache", "the CO's reads and write-backs", MC_COND_CACHE_LINES},
    };
    for (int k = 0; k < MC_CACHES; k++)
        fprintf(f, "%-18s %llu hits, %llu misses, %llu evictions (%s; %u lines of %u bytes)\n",
                caches[k].name, (unsigned long long)s->cache[k].hits,
                (unsigned long long)s->cache[k].misses, (unsigned long long)s->cache[k].evictions,
                caches[k].what, caches[k].lines, MC_LINE_BYTES);
    fprintf(f, "issued             %llu instructions\n", (unsigned long long)s->pa.issues);
    fprintf(f, "lane-instructions  %llu (issued instructions x %u lanes per wavefront)\n",
            (unsigned long long)s->pa.lane_instructions, a->lanes);
    fprintf(f, "wall time          %.3f s (%u thread%s, %u wavefront%s in flight)\n", s->seconds,
            threads, threads == 1 ? "" : "s", a->contexts, a->contexts == 1 ? "" : "s");
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
