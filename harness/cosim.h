/* The lock-step session: options, the block under test, cycle accounting, the
 * first mismatch and the report. Everything here is C; the Verilator driver
 * (cosim_main.cpp) only clocks the model, traces and forks snapshots, and the
 * DPI glue (dpi/) steps the handle of the block's bench; the session reaches the
 * bench through the hooks below, each given that handle. */
#ifndef HARNESS_COSIM_H
#define HARNESS_COSIM_H

#include "cliopt.h"
#include "cosim_params.h"

#include <jansson.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ options */

/* One command-line option: `--name VALUE` or `--name=VALUE` (or a flag), in a
 * table ended by a NULL name; parse keeps the value in its table's context: the
 * session's settings, or the bench's settings struct (csim/util/cliopt.h). */
typedef cli_option cosim_option;
enum { COSIM_OPTION_TABLES = 2 };

/* ------------------------------------------------------------------ mismatch */

typedef struct cosim_mismatch {
    uint64_t cycle;
    unsigned ctx;       /* context the field belongs to */
    const char *field;  /* output or state name, e.g. "obs_pred" */
    uint64_t expected;
    uint64_t actual;
    unsigned width;     /* bits of the field */
    bool per_lane;      /* bit i is lane i: the report lists differing lanes */
} cosim_mismatch;

/* ------------------------------------------------------------------ blocks */

/* What a block contributes to the session: a kind of bench (its name, options
 * and hooks), found through the session's registry (cosim_find_bench). The bench
 * itself is a handle its block's bind creates when the RTL elaborates (e.g.
 * pred_bench_bind, which the DPI glue keeps in one static) and hands to the session
 * (cosim_attach); every hook takes that handle as self. Options parsed before the
 * bench exists go into the kind's settings struct (the option parser's context for
 * the kind's tables), which the session holds and the bench copies at bind. */
typedef struct cosim_bench {
    const char *block;   /* --block name */
    const char *summary; /* one line for --help */
    bool has_contexts;   /* reports name the context of a mismatch */
    /* The block's RTL parameters (cosim_params.h): their options, ranges, the
     * configuration name ("32x20x32") and the option words that reproduce it. */
    const cosim_params *params;
    /* the block's other options: up to two tables, each NULL-terminated by name;
     * their parse functions write into a settings struct of settings_size bytes that
     * starts as a copy of settings_default */
    const cosim_option *options[COSIM_OPTION_TABLES];
    size_t settings_size;
    const void *settings_default;
    /* The GTKWave save file shows TOP.<tb>.<dut>'s ports (the bench's field tables) and
     * TOP.<tb>.mismatch_o; tb is the testbench top of the block's table (params->tb). */
    const struct cmp_unit *(*unit)(const void *self);
    /* Instead of unit (a bench of several DUTs): the signals of the
     * save file, one "name[msb:lsb]" per call of emit. */
    void (*wave_signals)(const void *self, void (*emit)(void *ctx, const char *sig), void *ctx);
    /* Block-specific report sections: text lines, and members added to the
     * JSON report object (docs/cosim-report.schema.json lists them). */
    void (*report_text)(const void *self, FILE *out, const cosim_mismatch *mm);
    void (*report_json)(const void *self, json_t *report, const cosim_mismatch *mm);
    /* Option words weights etc. that change the stimulus (for the replay). */
    void (*stimulus_args)(const void *self, char *buf, size_t n);
    /* Functional coverage of the stimulus, one "row count" line per counter (make
     * coverage sets COSIM_FCOV_DIR; scripts/fcovreport.py sums and judges the rows). */
    void (*fcov_write)(const void *self, FILE *out);
    /* A bench made of other blocks' benches (the system run): checks the
     * configuration a unit's RTL was built with when that unit binds (NULL: the
     * bench holds one block). The one hook without self: the units bind before the
     * bench exists. 0, or -1 with a message in err. */
    int (*bind_unit)(const char *block, const char *rtl_config, char *err, size_t n);
    /* Program-driven: without --cycles, the run lasts until its stimulus ends. */
    bool runs_to_end;
    /* What the run covered, printed after the PASS line or the report, and
     * added to the JSON report as "summary" (NULL: nothing to add). */
    void (*summary_text)(const void *self, FILE *out);
    json_t *(*summary_json)(const void *self);
    /* --check commit: the run whose control coverage (ctm_model_cover_report;
     * docs/commit.md) follows the summary, in JSON as "control_coverage" (NULL,
     * or a NULL run: none). */
    struct ctm_model *(*commit_model)(const void *self);
    /* Checks what the bench has kept unchecked (a batch of cycles): called
     * before each snapshot and when the run stops, while no mismatch is
     * known; nonzero on one (NULL: the bench checks each cycle as it comes). */
    int (*flush)(void *self);
} cosim_bench;

/* The registry (cosim_benches.c): the kind of bench of a block by name, or NULL;
 * and the i-th kind (NULL past the last), for --help. */
const cosim_bench *cosim_find_bench(const char *block);
const cosim_bench *cosim_bench_at(size_t i);

/* True when this run records functional coverage (COSIM_FCOV_DIR is set). */
bool cosim_fcov_on(void);

/* ------------------------------------------------------------------ session */

typedef struct cosim_settings {
    const cosim_bench *bench;
    uint64_t seed;
    uint64_t cycles;
    bool cycles_given;    /* --cycles was on the command line */
    bool compare;         /* false: RTL alone (stimulus still drawn) */
    const char *json_path;
    const char *out_dir;  /* waveforms and .gtkw */
    uint64_t wave_window; /* 0: no waveform */
    uint64_t snapshot_interval;
    uint64_t reset_rate;  /* a one-cycle reset of the unit once in this many cycles (0: never) */
    bool reset_given;
    bool progress;
    bool quiet;
    const char *variant;  /* broken-RTL variant name built into this binary, or "" */
    const char *self;     /* path of this program, for the replay command */
    const void *settings; /* the bench's options (its kind's settings struct) */
    unsigned param[COSIM_PARAMS_MAX]; /* the block's parameters, in its table's order */
} cosim_settings;

extern cosim_settings cosim_cfg;

/* Parses argv into cosim_cfg. Returns -1 to continue, or an exit status:
 * 0 after --help, 2 on a usage error (message printed). `variant` is the
 * broken-RTL variant compiled into this binary ("" for the real RTL). */
int cosim_parse_args(int argc, char **argv, const char *variant);

/* build/cosim_config (harness/cosim_config.c): the same options without a model, or
 * --model NAME; prints the configuration (cosim_params_print). Exit status as cosim's. */
int cosim_config_main(int argc, char **argv);

/* The options every mode takes (--seed, --json, --out, --quiet, ...; cosim_opts.c),
 * written into cosim_cfg. */
extern const cosim_option cosim_common_options[];

/* The options of p's tables in turn, a row of t (an option without a parse function) set
 * into v: CLI_END, CLI_HELP, or CLI_ERROR after a message naming the option (the block's
 * or the design's parse and the checks after it are the caller's). */
int cosim_parse_options(cli_parser *p, const cosim_params *t, unsigned *v);

/* cosim --design (cosim_design.c): the design run's options, common ones included, parsed
 * and printed resolved as key=value lines for scripts/design_run.sh; exit status as
 * cosim's. cosim_design_model: the same description of a model name
 * ("design-pipe_fc-c4l16[-VARIANT]", cosim_config --model). */
int cosim_design_config(int argc, char **argv);
int cosim_design_model(const char *model);
/* One Markdown row of `cosim_config --table` per example design: its sources, levels, modes
 * and inputs (printed after the design table's rows). */
void cosim_design_print_rows(FILE *out);

/* The value of one of the block's parameters (by option: "pred-depth"); the block
 * must have it. */
unsigned cosim_param(const char *opt);

/* The configuration name the options ask for ("32x20x32g4") and the option
 * words that reproduce it. */
void cosim_config_name(char *buf, size_t n);
void cosim_config_args(char *buf, size_t n);

/* The --reset-rate as a threshold on a 24-bit random field: a cycle resets
 * when the field is below it (rarer than 1 in 2^24 is clamped to that). */
uint32_t cosim_reset_threshold(void);

/* Called by a block's bind when the RTL elaborates: checks that the block and its
 * parameters are the ones the options asked for. On a difference, records a
 * configuration error (cosim_config_error) and returns false; false too for a unit
 * of a bench of several blocks (the system's, which creates its units itself). True:
 * the block is the run's, and its bind creates the bench (from cosim_cfg.settings)
 * and hands it to cosim_attach. */
bool cosim_bind(const char *block, const char *rtl_config);
const char *cosim_config_error(void);

/* cosim_bind of a block whose RTL has the parameter values v of table t. */
bool cosim_bind_params(const cosim_params *t, const unsigned *v);

/* The run's bench handle, for the hooks of cosim_cfg.bench (NULL: none bound). */
void cosim_attach(void *self);
void *cosim_bench_self(void);

/* Records an error found inside a DPI callback (a model that cannot be
 * created, a program that cannot be read or run): the first one is kept, the
 * driver stops after the current cycle and exits 3 with it. Callbacks never
 * exit themselves. */
void cosim_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A bench whose stimulus has a natural end (a program's last step) says so:
 * the driver stops after the cycle in which it was said, and that cycle was not
 * driven. */
void cosim_end_stimulus(void);

/* --check cycle|commit (the fc and system benches): *commit is 1 for commit;
 * 0, or -1 with a message in err. */
int cosim_parse_check(const char *v, bool *commit, char *err, size_t errlen);

/* --level 0|2 (with --check commit): level 2 adds the family's state (fc_unit's
 * FC_STATE, pred_stack's PRED_OP; docs/commit.md). 0, or -1 with a message. */
int cosim_parse_commit_level(const char *v, unsigned *level, char *err, size_t errlen);
bool cosim_stimulus_ended(void);

/* The bench checks the cycles it has kept unchecked (its flush hook): before a
 * snapshot and when the run stops. Nonzero when a mismatch has been found. */
int cosim_check_kept(void);

/* Records the first mismatch (later ones are ignored). */
void cosim_record_mismatch(const cosim_mismatch *mm);
const cosim_mismatch *cosim_first_mismatch(void);

/* Wall-clock seconds (monotonic). */
double cosim_now(void);

/* CPU seconds of this process: unlike the wall clock, not stretched by other
 * jobs sharing the core (make bench prints both ratios). */
double cosim_cpu_now(void);

/* Where the trace window of a mismatch goes: <out_dir>/<block>-<config>-s<seed>.fst
 * (and .gtkw). Creates out_dir. Returns 0 or -1 with errno set. */
int cosim_wave_path(char *buf, size_t n, const char *ext);

/* Writes the GTKWave save file for an FST whose window is [from, to] cycles,
 * with the cursor on `cursor_cycle`. */
int cosim_write_gtkw(const char *gtkw_path, const char *fst_path, uint64_t from, uint64_t to,
                     uint64_t cursor_cycle);

/* Waveform time of a cycle: the middle of the cycle, where the compared
 * inputs and outputs are stable. Posedge p is at 10*p. */
static inline uint64_t cosim_cycle_time(uint64_t cycle)
{
    return 10 * cycle + 5;
}

typedef struct cosim_result {
    uint64_t cycles_run;   /* cycles compared (or driven, without compare) */
    double seconds;
    double cpu_seconds;    /* the same span in CPU time (cosim_cpu_now) */
    const char *wave_fst;  /* NULL when no waveform was written */
    const char *wave_gtkw;
    uint64_t wave_from, wave_to;
} cosim_result;

/* Prints the summary (PASS) or the mismatch report, writes the JSON report
 * when asked, and returns the process exit status (0 pass, 1 mismatch,
 * 4 a pass whose JSON report could not be written). */
int cosim_finish(const cosim_result *res);

/* A JSON string "0x..." of a value (masks and field values, which may use all 64 bits). */
json_t *cosim_json_hex(uint64_t v);

#endif
