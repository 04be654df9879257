/* What the parts of the flow-control bench share, private to harness/fc_*.c:
 * the handle's struct; fc_bench.c (options, binding, the check), fc_stim.c (the
 * generator, fc_stim_next), fc_cover.c (coverage), fc_report.c (report
 * sections). No state is shared but through the handle. */
#ifndef HARNESS_FC_BENCH_INT_H
#define HARNESS_FC_BENCH_INT_H

#include "compare.h"
#include "cosim.h"
#include "ctm.h"
#include "fc_bench.h"
#include "fc_canon.h"
#include "fc_commit.h"
#include "fc_program.h"
#include "rng.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What the generator does with a context's next cycle. Weights are relative;
 * an action that makes no sense in the context's current nesting (ELSE with no
 * open IF...) is skipped, and the context's grow/shrink phase favours opening
 * or closing constructs so that nesting random-walks to both limits. */
typedef enum gen_act {
    A_IDLE,  /* IDLE command: the outputs show the context */
    A_START, /* a new wavefront (random live mask, full or partial mode) */
    A_IF,    /* IF on ALU result / predicate / boolean, with or without ELSE, merged */
    A_ELSE,
    A_ENDIF,   /* closes one IF, or a merged chain at once */
    A_LOOP,    /* LOOP or REP, count 0 now and then (skip to the END) */
    A_ENDLOOP, /* ENDLOOP/ENDREP of the innermost loop */
    A_BREAK,   /* BREAKLOOP/BREAKREP, unconditional or conditional, at any IF depth */
    A_CONTINUE,
    A_CALL,       /* CALL or conditional CALLNZ */
    A_RET,        /* RET, RET of a CALLNZ, conditional RET at the function's top level */
    A_RANDOM,     /* every field random (illegal ones fault) */
    A_UNBALANCED, /* a close with nothing to close: underflow or kind mismatch */
    A_STRAY,      /* legal but not canonical: random legal fields, pops within the depth
                     (lanes woken in the middle of a loop, ELSE without IF, ...) */
    A_SCRIPT,     /* a scripted sequence for a corner random programs hardly reach */
    A_DEEP,       /* scripted: every active lane parked at depth 0, then nested to the
                     branch limit (counters at BrLimit, which no canonical program reaches) */
    A_COUNT
} gen_act;


/* The generator's picture of a context's program: the constructs open at the
 * current instruction, innermost last. */
enum { K_IF, K_IFELSE, K_ELSEPART, K_LOOP, K_REP, K_CALL, K_CALLNZ };

typedef struct sframe {
    uint8_t kind;
    uint8_t merge; /* K_IF: levels of its merged-ENDIF chain below it */
    uint8_t cret;  /* K_CALL*: conditional returns that stayed (each INCR'd) */
    uint8_t kr;    /* K_LOOP/K_REP: the iteration count constant its END carries */
} sframe;

enum { SHADOW_MAX = 3 * FC_MAX_DEPTH + 8 };

typedef struct gen_ctx {
    sframe s[SHADOW_MAX];
    unsigned n;
    uint64_t live;   /* lanes alive in this wavefront */
    uint64_t active; /* reported after the context's last step */
    uint16_t pc;     /* next PC reported by the unit */
    uint8_t depth, loop_sp, addr_sp, top_is_loop, fault;
    uint8_t full_mode, started, grow, dirty, faulted;
    uint8_t end_kind, end_kr, end_due; /* the next instruction must be this END */
    uint8_t script;                    /* next step of a scripted sequence (0: none) */
    uint64_t script_mask;              /* lanes the script remembers */
    uint8_t deep;                      /* next step of the A_DEEP script (0: none) */
} gen_ctx;

/* The instruction drawn last, waiting for the unit's decision. */
typedef struct pending {
    bool valid;
    unsigned ctx;
    gen_act act;
    fc_construct c;
    uint8_t merge, kind, kr, zero_end;
    const char *label;
} pending;

/* A command as the history keeps it: the stimulus and what the generator meant by it. */
typedef struct fc_record {
    const char *label;
    fc_stim s;
} fc_record;


/* The options, parsed before the bench exists (the option parser's context). */
struct fc_bench_settings {
    unsigned weights[A_COUNT]; /* the generator's action weights (--weights) */
    bool weights_given;
    const char *program_path; /* --program FILE.elf and --domain WxH: program-driven */
    unsigned domain_w, domain_h;
    bool check_commit; /* --check commit: at commit level, behind a delaying shell */
    unsigned commit_level; /* --level: 0, or 2 with the unit's state (FC_STATE) */
};

/* The block testbench checks its cycles in batches (fc_bench_cycle): a cycle
 * keeps the words driven and the unit's answer, and every FC_CHECK_BATCH
 * cycles the golden model steps through the batch in a row. The mirror's code
 * then runs out of a warm instruction cache and leaves the Verilated model's
 * in place, where a check every cycle evicted each other's (fc 4x16: 32.5
 * L1i misses a lock-step cycle, 4.2 for the RTL alone, cachegrind). A
 * mismatch is found up to FC_CHECK_BATCH - 1 cycles late but reported at its
 * own cycle, the history and coverage as before; the run stops where it was
 * found, so the waveform window runs that far past it. 128: longer batches
 * keep the mirror's code warm longer (fc 4x16 lock-step / RTL-alone: 8 cycles
 * 0.84, 32 0.85, 128 0.86, 256 0.87, 512 0.86); 32 KiB of kept cycles. */
enum { FC_CHECK_BATCH = 128 };

/* What the generator meant by each cycle, by cycle number: the last
 * FC_LABEL_RING cycles' (a report names the steps of a context the handle's
 * history keeps; one older than these shows no label). */
enum { FC_LABEL_RING = 1 << 14 };

/* The bench of a run: model, generator, history, coverage, first mismatch. */
struct fc_bench {
    ctm_fc *golden; /* the C model, through the public API (ctm.h) */
    fc_unit_params rtl;
    fc_bench_settings set; /* the options; set.weights are the generator's */
    cmp_unit fields; /* the unit's fields: inputs over fc_record, outputs over ctm_fc_out */
    cmp_field out_fields[CMP_FIELDS_MAX]; /* fields.out: the library's port table */
    uint64_t lanes; /* lane mask */
    rng rng;
    uint64_t checked;
    uint32_t reset_threshold;
    unsigned after_reset; /* commands left to send to not-restarted contexts after a reset */
    unsigned focus;
    gen_ctx *g;         /* per context */
    ctm_fc_out *state; /* model outputs after each context's last step (kept with cover) */
    /* What the generator meant by each step the golden model's history keeps
     * (its slots: a context each, one for the contexts past the unit's). */
    const char **labels; /* FC_LABEL_RING, by cycle */
    fc_stim cur;
    ctm_fc_in cur_in; /* cur as the unit's input port struct: the words driven */
    pending pend;
    fc_program_stream prog; /* --program: the model's steps, instead of drawn ones */
    fc_commit *commit;      /* --check commit: the commit shell and checker, else NULL */
    ctm_model *commit_run;  /* the run it shares (its control coverage) */
    unsigned cur_wave;      /* --program: the wavefront of the pending step */
    /* the cycles kept for the next check (ctm_fc_cycles): the words driven and
     * the unit's outputs at the end of each */
    ctm_fc_in batch_in[FC_CHECK_BATCH];
    ctm_fc_out batch_dut[FC_CHECK_BATCH];
    unsigned batched; /* how many */
    fc_bench_coverage cov;
    bool cover; /* counted only when asked for (COSIM_FCOV_DIR): it is not the check */
    uint64_t last_reset_cycle;
    bool any_reset;
    /* the first mismatch */
    fc_record mm_rec;
    ctm_fc_out mm_before, mm_expected, mm_actual;
};


/* Counts what a checked step reached (before = the context before it) (fc_cover.c). */
void fc_cover(fc_bench *b, const fc_stim *s, const ctm_fc_out *before,
              const ctm_fc_out *o);

/* The report's history: the last steps of context ctx the golden model keeps,
 * as the field tables describe them, into l (fc_bench.c); returns how many. */
typedef struct fc_steps {
    cmp_step steps[CMP_HISTORY];
    unsigned char buf[CMP_HISTORY * (sizeof(fc_record) + sizeof(ctm_fc_out))];
} fc_steps;
size_t fc_last_steps(const fc_bench *b, unsigned ctx, fc_steps *l);

/* The generator's next command into *s, following prev (fc_stim.c). */
void fc_stim_next(fc_bench *b, const ctm_fc_out *prev, fc_stim *s);
/* Writes the counters as functional-coverage rows (fc_cover.c). */
void fc_fcov_write(const fc_bench *b, FILE *out);

/* The cosim_bench report hooks (fc_report.c). */
void fc_report_text(const fc_bench *b, FILE *out, const cosim_mismatch *mm);
void fc_report_json(const fc_bench *b, json_t *report, const cosim_mismatch *mm);

#endif
