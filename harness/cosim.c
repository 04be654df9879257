/* The lock-step session's state: binding, the first mismatch, the end of the
 * stimulus and errors recorded inside DPI callbacks. Options (cosim_opts.c),
 * waveform files (cosim_wave.c) and the report (cosim_report.c) are beside it. */
#include "cosim.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static char config_error[512];
static bool have_mismatch, stimulus_ended;
static cosim_mismatch first_mismatch;
static void *bench_self; /* the run's bench (cosim_attach) */
/* ------------------------------------------------------------------ binding */

bool cosim_bind(const char *block, const char *rtl_config)
{
    char want[128];
    cosim_config_name(want, sizeof want);
    char unit_error[sizeof config_error];
    if (cosim_cfg.bench->bind_unit && strcmp(block, cosim_cfg.bench->block)) {
        if (cosim_cfg.bench->bind_unit(block, rtl_config, unit_error, sizeof unit_error))
            snprintf(config_error, sizeof config_error, "%s", unit_error);
    } else if (strcmp(block, cosim_cfg.bench->block))
        snprintf(config_error, sizeof config_error,
                 "this binary holds the RTL of block '%s', but --block %s was asked for", block,
                 cosim_cfg.bench->block);
    else if (strcmp(want, rtl_config))
        snprintf(config_error, sizeof config_error,
                 "this binary holds %s RTL built as %s, but the options ask for %s", block,
                 rtl_config, want);
    else
        return !config_error[0]; /* an error recorded before stops the run all the same */
    return false;
}

bool cosim_bind_params(const cosim_params *t, const unsigned *v)
{
    char rtl[64];
    cosim_params_name(t, v, rtl, sizeof rtl);
    return cosim_bind(t->block, rtl);
}

void cosim_attach(void *self)
{
    bench_self = self;
}

void *cosim_bench_self(void)
{
    return bench_self;
}

void cosim_error(const char *fmt, ...)
{
    if (config_error[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(config_error, sizeof config_error, fmt, ap);
    va_end(ap);
}

void cosim_end_stimulus(void)
{
    stimulus_ended = true;
}

int cosim_parse_check(const char *v, bool *commit, char *err, size_t errlen)
{
    if (strcmp(v, "cycle") && strcmp(v, "commit")) {
        snprintf(err, errlen, "'%s' is not cycle or commit", v);
        return -1;
    }
    *commit = !strcmp(v, "commit");
    return 0;
}

int cosim_parse_commit_level(const char *v, unsigned *level, char *err, size_t errlen)
{
    if (strcmp(v, "0") && strcmp(v, "2")) {
        snprintf(err, errlen, "'%s' is not 0 or 2 (level 1's control events are checked of a "
                              "design with another mechanism: cosim --design)", v);
        return -1;
    }
    *level = (unsigned)(*v - '0');
    return 0;
}

bool cosim_stimulus_ended(void)
{
    return stimulus_ended;
}

const char *cosim_config_error(void)
{
    return config_error[0] ? config_error : NULL;
}

void cosim_record_mismatch(const cosim_mismatch *mm)
{
    if (!have_mismatch) {
        have_mismatch = true;
        first_mismatch = *mm;
    }
}

int cosim_check_kept(void)
{
    const cosim_bench *k = cosim_cfg.bench;
    if (!have_mismatch && !config_error[0] && k && k->flush && bench_self)
        k->flush(bench_self);
    return have_mismatch;
}

const cosim_mismatch *cosim_first_mismatch(void)
{
    return have_mismatch ? &first_mismatch : NULL;
}

double cosim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double cosim_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
