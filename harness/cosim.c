#include "cosim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

extern const cosim_bench pred_bench;
extern const cosim_bench stack_bench;
extern const cosim_bench fc_bench;
extern const cosim_bench sys_bench;

/* Every block the simulator knows; a binary holds the RTL of one of them (the
 * system block: all three). */
static const cosim_bench *const benches[] = {&pred_bench, &stack_bench, &fc_bench, &sys_bench};

cosim_settings cosim_cfg = {
    .bench = &pred_bench,
    .seed = 1,
    .cycles = 1000000,
    .compare = true,
    .json_path = NULL,
    .out_dir = "cosim-out",
    .wave_window = 200,
    .snapshot_interval = 1000000,
    .reset_rate = 250000,
    .variant = "",
    .self = "cosim",
};

static char config_error[512];
static bool have_mismatch, stimulus_ended;
static cosim_mismatch first_mismatch;

const cosim_bench *cosim_find_bench(const char *block)
{
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
        if (!strcmp(benches[i]->block, block))
            return benches[i];
    return NULL;
}

/* ------------------------------------------------------------------ numbers */

/* Parses a count (cliopt.h: base 10, k/M/G) into *dst, requiring at least min. */
static int set_count(const char *v, uint64_t *dst, uint64_t min, char *err, size_t errlen)
{
    return cli_range(v, min, UINT64_MAX, dst, err, errlen);
}

/* Seeds and cycle counts stay below 2^63: the JSON report holds them as integers. */
static int opt_seed(const char *v, char *err, size_t n)
{
    return cli_range(v, 0, INT64_MAX, &cosim_cfg.seed, err, n);
}

static int opt_cycles(const char *v, char *err, size_t n)
{
    cosim_cfg.cycles_given = true;
    return cli_range(v, 1, INT64_MAX, &cosim_cfg.cycles, err, n);
}

static int opt_wave_window(const char *v, char *err, size_t n)
{
    return set_count(v, &cosim_cfg.wave_window, 0, err, n);
}

static int opt_snapshot_interval(const char *v, char *err, size_t n)
{
    return set_count(v, &cosim_cfg.snapshot_interval, 1, err, n);
}

static int opt_reset_rate(const char *v, char *err, size_t n)
{
    cosim_cfg.reset_given = true;
    return set_count(v, &cosim_cfg.reset_rate, 0, err, n);
}

uint32_t cosim_reset_threshold(void)
{
    uint64_t rate = cosim_cfg.reset_rate;
    if (!rate)
        return 0;
    uint32_t t = (uint32_t)((1u << 24) / rate);
    return t ? t : 1;
}

static int opt_block(const char *v, char *err, size_t errlen)
{
    const cosim_bench *b = cosim_find_bench(v);
    if (!b) {
        snprintf(err, errlen, "unknown block '%s'", v);
        return -1;
    }
    cosim_cfg.bench = b;
    return 0;
}

/* The report file is created now, so that a path that cannot be written is a usage
 * error before the run, not a failure after it (and no stale report survives). */
static int opt_json(const char *v, char *err, size_t errlen)
{
    FILE *f = fopen(v, "w");
    if (!f || fclose(f)) {
        snprintf(err, errlen, "cannot create %s: %s", v, strerror(errno));
        return -1;
    }
    cosim_cfg.json_path = v;
    return 0;
}

static int opt_out(const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    cosim_cfg.out_dir = v;
    return 0;
}

static int opt_no_compare(const char *v, char *err, size_t errlen)
{
    (void)v, (void)err, (void)errlen;
    cosim_cfg.compare = false;
    return 0;
}

static int opt_progress(const char *v, char *err, size_t errlen)
{
    (void)v, (void)err, (void)errlen;
    cosim_cfg.progress = true;
    return 0;
}

static int opt_quiet(const char *v, char *err, size_t errlen)
{
    (void)v, (void)err, (void)errlen;
    cosim_cfg.quiet = true;
    cosim_cfg.progress = false;
    return 0;
}

/* Set by a first argument --check-options: parse, report, exit (the front end checks the
 * options this way before it picks or builds a model). */
static bool check_only;

static int opt_variant(const char *v, char *err, size_t errlen)
{
    if (!check_only && strcmp(v, cosim_cfg.variant)) {
        snprintf(err, errlen, "this binary holds RTL variant '%s', not '%s' (run it through cosim)",
                 *cosim_cfg.variant ? cosim_cfg.variant : "none", v);
        return -1;
    }
    return 0;
}

static const cosim_option common_options[] = {
    {"block", "NAME", "block under test: pred, stack, fc or system (all three from one program; "
                      "default pred)",
     opt_block, 0, 0},
    {"seed", "N", "stimulus seed (default 1)", opt_seed, 0, 0},
    {"cycles", "N", "cycles to run; k/M/G suffixes (default 1M)", opt_cycles, 0, 0},
    {"json", "FILE", "write the report (pass or mismatch) as JSON", opt_json, 0, 0},
    {"out", "DIR", "directory for waveforms and .gtkw files (default cosim-out)", opt_out, 0, 0},
    {"wave-window", "N", "on a mismatch, trace the last N cycles to an FST (default 200; 0: off)",
     opt_wave_window, 0, 0},
    {"snapshot-interval", "N",
     "fork a snapshot every N cycles so a late mismatch is traced without re-running from 0 "
     "(default 1M)",
     opt_snapshot_interval, 0, 0},
    {"reset-rate", "N", "assert the unit's reset for one cycle once in N cycles (default 250000; "
                        "0: never)",
     opt_reset_rate, 0, 0},
    {"no-compare", NULL, "drive the RTL alone: no C model, no comparison (speed baseline)",
     opt_no_compare, 0, 0},
    {"progress", NULL, "print progress on stderr (default when stderr is a terminal)", opt_progress, 0, 0},
    {"quiet", NULL, "print nothing on a pass", opt_quiet, 0, 0},
    {"rtl-variant", "NAME", "deliberately broken RTL variant (build/cosim --help lists them); none by default",
     opt_variant, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: cosim [options]\n\n"
            "Lock-step simulation: SystemVerilog RTL (Verilator) against the C golden model, one\n"
            "clock at a time. Every output and the visible state are compared after each edge; the\n"
            "first difference stops the run with a report (text, and JSON with --json), an FST of\n"
            "the cycles before it with a GTKWave save file, and the command that replays it.\n"
            "Exit status: 0 pass, 1 mismatch, 2 usage error, 3 configuration error, 4 the JSON\n"
            "report could not be written.\n\n"
            "options:\n");
    cli_print_options(out, common_options);
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) {
        fprintf(out, "\n--block %s: %s\n", benches[i]->block, benches[i]->summary);
        for (int t = 0; t < COSIM_OPTION_TABLES && benches[i]->options[t]; t++)
            cli_print_options(out, benches[i]->options[t]);
    }
}

int cosim_parse_args(int argc, char **argv, const char *variant)
{
    cosim_cfg.self = argv[0];
    cosim_cfg.variant = variant;
    check_only = argc > 1 && !strcmp(argv[1], "--check-options");
    if (check_only)
        argc--, argv++;
    cosim_cfg.progress = isatty(2);
    /* The block decides which options exist: find it first (--block B or --block=B). */
    for (int i = 1; i < argc; i++) {
        const char *v = !strcmp(argv[i], "--block") && i + 1 < argc ? argv[i + 1]
                        : !strncmp(argv[i], "--block=", 8)          ? argv[i] + 8
                                                                    : NULL;
        if (v && !cosim_find_bench(v)) {
            fprintf(stderr, "cosim: --block: unknown block '%s' (pred, stack, fc or system)\n", v);
            return 2;
        }
        if (v)
            cosim_cfg.bench = cosim_find_bench(v);
    }
    char scope[64];
    snprintf(scope, sizeof scope, "for --block %s", cosim_cfg.bench->block);
    cli_parser p;
    cli_init(&p, "cosim", argc, argv, common_options, cosim_cfg.bench->options[0]);
    for (int t = 1; t < COSIM_OPTION_TABLES; t++)
        p.tables[1 + t] = cosim_cfg.bench->options[t];
    p.scope = scope;
    for (;;) {
        const cli_option *o;
        const char *v;
        switch (cli_next(&p, &o, &v)) {
        case CLI_END:
            return check_only ? 0 : -1;
        case CLI_HELP:
            usage(stdout);
            return 0;
        case CLI_ARG:
            cli_error(&p, "unexpected argument '%s' (see --help)", v);
            return 2;
        case CLI_ERROR:
            return 2;
        default: /* every cosim option parses its own value */
            break;
        }
    }
}

/* ------------------------------------------------------------------ binding */

void cosim_bind(const char *block, const char *rtl_config)
{
    char want[128];
    cosim_cfg.bench->config_name(want, sizeof want);
    const char *unit_error = NULL;
    if (cosim_cfg.bench->bind_unit && strcmp(block, cosim_cfg.bench->block)) {
        if ((unit_error = cosim_cfg.bench->bind_unit(block, rtl_config)))
            snprintf(config_error, sizeof config_error, "%s", unit_error);
    } else if (strcmp(block, cosim_cfg.bench->block))
        snprintf(config_error, sizeof config_error,
                 "this binary holds the RTL of block '%s', but --block %s was asked for", block,
                 cosim_cfg.bench->block);
    else if (strcmp(want, rtl_config))
        snprintf(config_error, sizeof config_error,
                 "this binary holds %s RTL built as %s, but the options ask for %s", block,
                 rtl_config, want);
}

void cosim_end_stimulus(void)
{
    stimulus_ended = true;
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

/* ------------------------------------------------------------------ waveform files */

int cosim_wave_path(char *buf, size_t n, const char *ext)
{
    if (mkdir(cosim_cfg.out_dir, 0777) && errno != EEXIST)
        return -1;
    char cfg[128];
    cosim_cfg.bench->config_name(cfg, sizeof cfg);
    snprintf(buf, n, "%s/%s-%s%s%s-s%" PRIu64 "%s", cosim_cfg.out_dir, cosim_cfg.bench->block,
             cfg, *cosim_cfg.variant ? "-" : "", cosim_cfg.variant, cosim_cfg.seed, ext);
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
    cosim_cfg.bench->wave_signals(gtkw_emit, &g);
    return fclose(f);
}

void cosim_emit_signals(void (*emit)(void *ctx, const char *sig), void *ctx, const char *prefix,
                        const cosim_signal *sigs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char buf[256];
        if (sigs[i].width == 1)
            snprintf(buf, sizeof buf, "%s%s", prefix, sigs[i].name);
        else
            snprintf(buf, sizeof buf, "%s%s[%u:0]", prefix, sigs[i].name, sigs[i].width - 1);
        emit(ctx, buf);
    }
}

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
    cosim_cfg.bench->config_args(cfg, sizeof cfg);
    cosim_cfg.bench->stimulus_args(stim, sizeof stim);
    size_t used = (size_t)snprintf(
        buf, n, "%s --block %s %s --seed %" PRIu64 " --cycles %" PRIu64 "%s%s%s%s", front,
        cosim_cfg.bench->block, cfg, cosim_cfg.seed, mm->cycle + 1,
        *cosim_cfg.variant ? " --rtl-variant " : "", cosim_cfg.variant, *stim ? " " : "", stim);
    if (cosim_cfg.reset_given && used < n)
        snprintf(buf + used, n - used, " --reset-rate %" PRIu64, cosim_cfg.reset_rate);
}

static void lane_list(char *buf, size_t n, uint64_t diff)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned lane = 0; lane < 64 && used < n; lane++)
        if (diff >> lane & 1)
            used += (size_t)snprintf(buf + used, n - used, "%s%u", used ? "," : "", lane);
}

static void report_text(FILE *out, const cosim_mismatch *mm, const cosim_result *res,
                        const char *replay)
{
    char cfg[128];
    cosim_cfg.bench->config_name(cfg, sizeof cfg);
    uint64_t diff = mm->expected ^ mm->actual;
    fprintf(out, "MISMATCH %s %s%s%s seed=%" PRIu64 " at cycle %" PRIu64 "\n",
            cosim_cfg.bench->block, cfg, *cosim_cfg.variant ? " rtl-variant=" : "",
            cosim_cfg.variant, cosim_cfg.seed, mm->cycle);
    if (cosim_cfg.bench->has_contexts)
        fprintf(out, "  context  %u\n", mm->ctx);
    fprintf(out, "  field    %s\n", mm->field);
    fprintf(out, "  expected 0x%0*" PRIx64, (int)(mm->width + 3) / 4, mm->expected);
    if (!mm->per_lane)
        fprintf(out, " (%" PRIu64 ")", mm->expected);
    fprintf(out, "  C model\n  actual   0x%0*" PRIx64, (int)(mm->width + 3) / 4, mm->actual);
    if (!mm->per_lane)
        fprintf(out, " (%" PRIu64 ")", mm->actual);
    fprintf(out, "  RTL\n");
    if (mm->per_lane) {
        char lanes[256];
        lane_list(lanes, sizeof lanes, diff);
        fprintf(out, "  lanes    %s differ\n", lanes);
        /* Lane picture, highest lane on the left as in the hex values. */
        fprintf(out, "  lane     ");
        for (int l = (int)mm->width - 1; l >= 0; l--)
            fputc('0' + l % 10, out);
        fprintf(out, "\n  expected ");
        for (int l = (int)mm->width - 1; l >= 0; l--)
            fputc('0' + (int)(mm->expected >> l & 1), out);
        fprintf(out, "\n  actual   ");
        for (int l = (int)mm->width - 1; l >= 0; l--)
            fputc('0' + (int)(mm->actual >> l & 1), out);
        fprintf(out, "\n  diff     ");
        for (int l = (int)mm->width - 1; l >= 0; l--)
            fputc(diff >> l & 1 ? '^' : ' ', out);
        fputc('\n', out);
    }
    cosim_cfg.bench->report_text(out, mm);
    if (res->wave_fst)
        fprintf(out, "  waveform %s (cycles %" PRIu64 "..%" PRIu64 ")\n           gtkwave %s\n",
                res->wave_fst, res->wave_from, res->wave_to, res->wave_gtkw);
    fprintf(out, "  replay   %s\n", replay);
}

/* The report object (docs/cosim-report.schema.json); jansson does the encoding. */
static json_t *report_json(const cosim_mismatch *mm, const cosim_result *res, const char *replay)
{
    char cfg[128];
    cosim_cfg.bench->config_name(cfg, sizeof cfg);
    json_t *r = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:f}", "result",
                          mm ? "mismatch" : "pass", "block", cosim_cfg.bench->block, "config", cfg,
                          "rtl_variant", cosim_cfg.variant, "seed", (json_int_t)cosim_cfg.seed,
                          "cycles_run", (json_int_t)res->cycles_run, "seconds", res->seconds);
    if (!r)
        return NULL;
    if (cosim_cfg.bench->summary_json)
        json_object_set_new(r, "summary", cosim_cfg.bench->summary_json());
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
    cosim_cfg.bench->report_json(r, mm);
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

/* One file per run: COSIM_FCOV_DIR/<block>-<pid>.txt. */
static void write_fcov(void)
{
    const char *dir = getenv("COSIM_FCOV_DIR");
    if (!dir || !cosim_cfg.bench->fcov_write)
        return;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s-%ld.txt", dir, cosim_cfg.bench->block, (long)getpid());
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "cosim: warning: cannot write %s\n", path);
        return;
    }
    cosim_cfg.bench->fcov_write(f);
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
        if (cosim_cfg.bench->summary_text)
            cosim_cfg.bench->summary_text(stdout);
        fflush(stdout);
        return 1;
    }
    if (!cosim_cfg.quiet) {
        char cfg[128];
        cosim_cfg.bench->config_name(cfg, sizeof cfg);
        printf("PASS %s %s%s%s seed=%" PRIu64 " cycles=%" PRIu64 " compare=%s time=%.3fs "
               "rate=%.0f cycles/s\n",
               cosim_cfg.bench->block, cfg, *cosim_cfg.variant ? " rtl-variant=" : "",
               cosim_cfg.variant, cosim_cfg.seed, res->cycles_run,
               cosim_cfg.compare ? "on" : "off", res->seconds,
               res->seconds > 0 ? (double)res->cycles_run / res->seconds : 0.0);
        if (cosim_cfg.bench->summary_text)
            cosim_cfg.bench->summary_text(stdout);
    }
    return json_failed ? 4 : 0;
}
