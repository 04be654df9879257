/* Where a mismatch's waveform window goes, and its GTKWave save file. */
#include "compare.h"
#include "cosim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ waveform files */

int cosim_wave_path(char *buf, size_t n, const char *ext)
{
    if (mkdir(cosim_cfg.out_dir, 0777) && errno != EEXIST)
        return -1;
    char model[320]; /* the model's name (cosim_params.h), then the seed */
    cosim_model_name(cosim_cfg.bench->params, cosim_cfg.param, cosim_cfg.variant, model,
                     sizeof model);
    snprintf(buf, n, "%s/%s-s%" PRIu64 "%s", cosim_cfg.out_dir, model, cosim_cfg.seed, ext);
    return 0;
}

typedef struct gtkw_ctx {
    FILE *out;
} gtkw_ctx;

static void gtkw_emit(void *ctx, const char *sig)
{
    gtkw_ctx *g = ctx;
    /* Vectors in hex (flag 22), single bits as plain traces (28). */
    fprintf(g->out, "%s\n%s\n", strchr(sig, '[') ? "@22" : "@28", sig);
}

int cosim_write_gtkw(const char *gtkw_path, const char *fst_path, uint64_t from, uint64_t to,
                     uint64_t cursor_cycle)
{
    FILE *f = fopen(gtkw_path, "w");
    if (!f)
        return -1;
    char *abs_fst = realpath(fst_path, NULL);
    fprintf(f, "[*] cosim mismatch window: cycles %" PRIu64 "..%" PRIu64 ", cursor on cycle %" PRIu64
               "\n",
            from, to, cursor_cycle);
    fprintf(f, "[dumpfile] \"%s\"\n", abs_fst ? abs_fst : fst_path);
    free(abs_fst);
    fprintf(f, "[timestart] %" PRIu64 "\n", 10 * from);
    fprintf(f, "[size] 1600 900\n[pos] -1 -1\n");
    fprintf(f, "*-4.000000 %" PRIu64 " -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 "
               "-1 -1 -1 -1\n",
            cosim_cycle_time(cursor_cycle));
    fprintf(f, "[sst_width] 250\n[signals_width] 300\n[sst_expanded] 1\n");
    gtkw_ctx g = {f};
    const cosim_bench *b = cosim_cfg.bench;
    const void *self = cosim_bench_self();
    if (b->wave_signals) {
        b->wave_signals(self, gtkw_emit, &g);
    } else {
        char top[64], sig[96];
        snprintf(top, sizeof top, "TOP.%s.", b->params->tb);
        cmp_wave_signals(b->unit(self), top, gtkw_emit, &g);
        snprintf(sig, sizeof sig, "%smismatch_o", top);
        gtkw_emit(&g, sig);
    }
    return fclose(f);
}
