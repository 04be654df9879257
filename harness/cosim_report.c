/* The end of a run: the PASS line or the mismatch report (text and JSON), the
 * replay command, and the functional-coverage file. */
#include "cosim.h"

#include "api_check.h"
#include "ctm.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ report */

json_t *cosim_json_hex(uint64_t v)
{
    return json_sprintf("0x%" PRIx64, v);
}

static void replay_command(char *buf, size_t n, const cosim_mismatch *mm)
{
    /* The front end sits next to the per-configuration binaries. */
    char front[1024];
    const char *slash = strrchr(cosim_cfg.self, '/');
    snprintf(front, sizeof front, "%.*scosim", slash ? (int)(slash - cosim_cfg.self + 1) : 0,
             cosim_cfg.self);
    char cfg[256], stim[512];
    cosim_config_args(cfg, sizeof cfg);
    cosim_cfg.bench->stimulus_args(cosim_bench_self(), stim, sizeof stim);
    size_t used = (size_t)snprintf(
        buf, n, "%s --block %s %s --seed %" PRIu64 " --cycles %" PRIu64 "%s%s%s%s", front,
        cosim_cfg.bench->block, cfg, cosim_cfg.seed, mm->cycle + 1,
        *cosim_cfg.variant ? " --rtl-variant " : "", cosim_cfg.variant, *stim ? " " : "", stim);
    if (cosim_cfg.reset_given && used < n)
        snprintf(buf + used, n - used, " --reset-rate %" PRIu64, cosim_cfg.reset_rate);
}

/* --check commit: the checked run (its control coverage), else NULL. */
static ctm_model *commit_run(void)
{
    return cosim_cfg.bench->commit_model ? cosim_cfg.bench->commit_model(cosim_bench_self()) : NULL;
}

/* The summary, then the control coverage, each line indented as the summary's. */
static void summary_text(FILE *out)
{
    if (cosim_cfg.bench->summary_text)
        cosim_cfg.bench->summary_text(cosim_bench_self(), out);
    ctm_model *run = commit_run();
    const char *t = run ? ctm_model_cover_report(run, CTM_REPORT_TEXT) : "";
    for (const char *line = t; *line;) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        fprintf(out, "  %.*s\n", len, line);
        line += len + (end != NULL);
    }
}

static void report_text(FILE *out, const cosim_mismatch *mm, const cosim_result *res,
                        const char *replay)
{
    char cfg[128];
    cosim_config_name(cfg, sizeof cfg);
    fprintf(out, "MISMATCH %s %s%s%s seed=%" PRIu64 " at cycle %" PRIu64 "\n",
            cosim_cfg.bench->block, cfg, *cosim_cfg.variant ? " rtl-variant=" : "",
            cosim_cfg.variant, cosim_cfg.seed, mm->cycle);
    if (cosim_cfg.bench->has_contexts)
        fprintf(out, "  context  %u\n", mm->ctx);
    /* the field section is the library's own (ctm_*_report prints the same) */
    api_print_field(out, mm->field, mm->width, mm->expected, mm->actual, mm->per_lane);
    cosim_cfg.bench->report_text(cosim_bench_self(), out, mm);
    if (res->wave_fst)
        fprintf(out, "  waveform %s (cycles %" PRIu64 "..%" PRIu64 ")\n           gtkwave %s\n",
                res->wave_fst, res->wave_from, res->wave_to, res->wave_gtkw);
    fprintf(out, "  replay   %s\n", replay);
}

/* The report object (docs/cosim-report.schema.json); jansson does the encoding. */
static json_t *report_json(const cosim_mismatch *mm, const cosim_result *res, const char *replay)
{
    char cfg[128];
    cosim_config_name(cfg, sizeof cfg);
    json_t *r = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:f}", "result",
                          mm ? "mismatch" : "pass", "block", cosim_cfg.bench->block, "config", cfg,
                          "rtl_variant", cosim_cfg.variant, "seed", (json_int_t)cosim_cfg.seed,
                          "cycles_run", (json_int_t)res->cycles_run, "seconds", res->seconds);
    if (!r)
        return NULL;
    if (cosim_cfg.bench->summary_json)
        json_object_set_new(r, "summary", cosim_cfg.bench->summary_json(cosim_bench_self()));
    ctm_model *run = commit_run();
    json_t *cover = run ? json_loads(ctm_model_cover_report(run, CTM_REPORT_JSON), 0, NULL) : NULL;
    if (cover)
        json_object_set_new(r, "control_coverage", cover);
    if (!mm) {
        json_object_set_new(r, "cycles_per_second",
                            json_real(res->seconds > 0 ? (double)res->cycles_run / res->seconds
                                                       : 0.0));
        return r;
    }
    json_object_set_new(r, "cycle", json_integer((json_int_t)mm->cycle));
    json_object_set_new(r, "context",
                        cosim_cfg.bench->has_contexts ? json_integer(mm->ctx) : json_null());
    json_object_set_new(r, "field", json_string(mm->field));
    json_object_set_new(r, "expected", cosim_json_hex(mm->expected));
    json_object_set_new(r, "actual", cosim_json_hex(mm->actual));
    json_object_set_new(r, "width", json_integer(mm->width));
    json_t *lanes = json_array();
    uint64_t diff = mm->expected ^ mm->actual;
    for (unsigned lane = 0; mm->per_lane && lane < 64; lane++)
        if (diff >> lane & 1)
            json_array_append_new(lanes, json_integer(lane));
    json_object_set_new(r, "lanes", lanes);
    cosim_cfg.bench->report_json(cosim_bench_self(), r, mm);
    json_object_set_new(r, "replay", json_string(replay));
    if (res->wave_fst)
        json_object_set_new(r, "wave",
                            json_pack("{s:s, s:s, s:I, s:I}", "fst", res->wave_fst, "gtkw",
                                      res->wave_gtkw, "from_cycle", (json_int_t)res->wave_from,
                                      "to_cycle", (json_int_t)res->wave_to));
    return r;
}

static int write_json(const cosim_mismatch *mm, const cosim_result *res, const char *replay)
{
    json_t *r = report_json(mm, res, replay);
    FILE *f = r ? fopen(cosim_cfg.json_path, "w") : NULL;
    int bad = !f || json_dumpf(r, f, JSON_COMPACT) || fputc('\n', f) == EOF;
    if (f && fclose(f))
        bad = 1;
    if (bad)
        fprintf(stderr, "cosim: cannot write %s: %s\n", cosim_cfg.json_path,
                r ? strerror(errno) : "report not encodable");
    json_decref(r);
    return bad ? -1 : 0;
}

bool cosim_fcov_on(void)
{
    return getenv("COSIM_FCOV_DIR") != NULL;
}

/* One file per run: COSIM_FCOV_DIR/<block>-<pid>.txt: the bench's rows, and with
 * --check commit the checked run's control coverage, every bin (ctl.NAME). */
static void write_fcov(void)
{
    const char *dir = getenv("COSIM_FCOV_DIR");
    ctm_model *run = commit_run();
    if (!dir || (!cosim_cfg.bench->fcov_write && !run))
        return;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s-%ld.txt", dir, cosim_cfg.bench->block, (long)getpid());
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "cosim: warning: cannot write %s\n", path);
        return;
    }
    if (cosim_cfg.bench->fcov_write)
        cosim_cfg.bench->fcov_write(cosim_bench_self(), f);
    for (int b = 0; run && b < ctm_cover_bins(); b++)
        fprintf(f, "ctl.%s %" PRIu64 "\n", ctm_cover_name(b), ctm_model_cover(run, b));
    fclose(f);
}

int cosim_finish(const cosim_result *res)
{
    const cosim_mismatch *mm = cosim_first_mismatch();
    write_fcov();
    char replay[2048] = "";
    if (mm)
        replay_command(replay, sizeof replay, mm);
    int json_failed = cosim_cfg.json_path && write_json(mm, res, replay);
    if (mm) {
        report_text(stdout, mm, res, replay);
        summary_text(stdout);
        fflush(stdout);
        return 1;
    }
    if (!cosim_cfg.quiet) {
        char cfg[128];
        cosim_config_name(cfg, sizeof cfg);
        printf("PASS %s %s%s%s seed=%" PRIu64 " cycles=%" PRIu64 " compare=%s time=%.3fs "
               "rate=%.0f cycles/s cpu_rate=%.0f cycles/s\n",
               cosim_cfg.bench->block, cfg, *cosim_cfg.variant ? " rtl-variant=" : "",
               cosim_cfg.variant, cosim_cfg.seed, res->cycles_run,
               cosim_cfg.compare ? "on" : "off", res->seconds,
               res->seconds > 0 ? (double)res->cycles_run / res->seconds : 0.0,
               res->cpu_seconds > 0 ? (double)res->cycles_run / res->cpu_seconds : 0.0);
        summary_text(stdout);
    }
    return json_failed ? 4 : 0;
}
