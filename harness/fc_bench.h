/* The flow-control unit bench: stimulus and checking of rtl/fc_unit.sv against
 * csim/mirrors/fc.c. A handle as pred_bench.h's: created at bind, stepped once per
 * cycle by the DPI glue (dpi/fc_dpi.c), which keeps it in one static, or by the
 * system bench; also usable from C alone (unit test of the generator).
 *
 * The generator writes FC programs on the fly, one instruction per EXEC, from
 * the canonical encodings of spec 6.6 (csim/mirrors/fc_canon.h). It follows what the
 * unit decided (jump, next PC, fault) the way a sequencer would, so it is fed
 * the outputs of the previous cycle: the RTL's in a lock-step run (equal to
 * the model's, or the run has stopped), the model's in a unit test. */
#ifndef HARNESS_FC_BENCH_H
#define HARNESS_FC_BENCH_H

#include "ctm.h"
#include "fc.h"

#include <stdint.h>
#include <stdio.h>

struct cosim_bench;
struct cmp_unit;

typedef struct fc_bench fc_bench;

/* The bench's options (--weights, --program, --domain), parsed before it exists. */
typedef struct fc_bench_settings fc_bench_settings;

/* The kind of bench, for the session's registry (harness/cosim_benches.c). */
const struct cosim_bench *fc_bench_kind(void);

/* One cycle of stimulus: a reset of the whole unit, or one command. */
typedef struct fc_stim {
    uint8_t rst;
    fc_unit_in in;
} fc_stim;

/* The stimulus as fc_unit's input port struct (ctm.h's ctm_fc_in, ctm_ports_pkg's
 * ctm_fc_in_t): the instruction as US_CMN_INST, US_FC_INST and US_FC_ADDR (spec 6.3)
 * through the ISA's encoder, the integer constant as US_FC_INT_CONST (KR 7:0, KG 15:8,
 * KB 23:16): what the testbench drives and the golden model's handle decodes. */
ctm_fc_in fc_stim_port_in(const fc_stim *s);

/* The inverse, for the report: the stimulus the port struct carries. */
fc_stim fc_stim_from_port(const ctm_fc_in *in);

/* A bench of the RTL's parameters with the options s (NULL: the defaults), as
 * pred_bench_new; with --program, its stepped run is opened here. */
fc_bench *fc_bench_new(const fc_unit_params *rtl, const fc_bench_settings *s);
void fc_bench_free(fc_bench *b);

/* Checks the unit at commit level from now on (--check commit; docs/commit.md)
 * against the run of m: the stimulus's own ctm_model, not yet stepped, which
 * the checker shares (ctm_commit_share) and does not own. 0, or -1 after a
 * session error. The system bench gives its run; fc_bench_new its --program's.
 * level 0 commits START and FC; 2 also the unit's state after each (FC_STATE).
 */
int fc_bench_check_commits(fc_bench *b, ctm_model *m, unsigned level);

/* At commit level, the run the checker counts its control coverage on
 * (ctm_model_cover; docs/commit.md, "Control coverage"); else NULL. */
ctm_model *fc_bench_commit_model(const fc_bench *b);

/* The wavefront of the pending step (its START commit names it). */
void fc_bench_set_wave(fc_bench *b, unsigned wave);

/* At commit level, a summary line: how many commits were checked (nothing
 * at cycle level). */
void fc_bench_commit_text(const fc_bench *b, FILE *out);

/* The stimulus has ended: at commit level, the last commits and the drain
 * check: 0, or 1 after recording the mismatch. Nothing at cycle level. */
int fc_bench_finish(fc_bench *b);

/* The RTL elaborated with these parameters (the DPI glue's bind), as
 * pred_bench_bind: the run's bench, or NULL. */
fc_bench *fc_bench_bind(const fc_unit_params *rtl);

/* Draws the next cycle's inputs. `prev` holds the unit's outputs for the
 * cycle that just ended (NULL when there was none, or a reset); the generator
 * follows them. The stimulus is kept as the pending one for fc_bench_check
 * (fc_bench_pending has it as the generator drew it). */
void fc_bench_next(fc_bench *b, const ctm_fc_out *prev, ctm_fc_in *next);

/* The stimulus drawn last (the inputs the RTL sees this cycle), and as the
 * input port struct. */
const fc_stim *fc_bench_pending(const fc_bench *b);
ctm_fc_in fc_bench_pending_port(const fc_bench *b);

/* Checks the DUT's outputs of the pending stimulus's cycle through the golden
 * model's handle (ctm_fc_cycle). Returns 1 (and records the mismatch) on the
 * first difference, 0 otherwise. */
int fc_bench_check(fc_bench *b, const ctm_fc_out *dut);

/* The block testbench's cycle, one DPI crossing: the outputs at dut_w (the
 * DPI's array, only 4-byte aligned) kept for the check (in a
 * batch, fc_bench_int.h), then the next inputs drawn from it. Nonzero when the
 * check of a batch found a mismatch (recorded at its own cycle). */
int fc_bench_cycle(fc_bench *b, const void *dut_w, ctm_fc_in *next);

/* Checks the cycles fc_bench_cycle has kept: nonzero on a mismatch. A run
 * that stops calls it (the bench's flush hook). */
int fc_bench_flush(fc_bench *b);

/* What the stimulus reached, counted by fc_bench_check (from the model) when a run
 * asks for functional coverage (COSIM_FCOV_DIR): counting it is not the check. */
typedef struct fc_bench_coverage {
    uint64_t ops[8];                       /* committed EXECs per US_FC_INST.OP */
    uint64_t faults[FC_FAULT_COUNT];       /* faults raised, per code */
    uint64_t divergent;                    /* decisions where the evaluated lanes disagreed */
    uint64_t all_diverge;                  /* ... with every second lane wanting to jump */
    uint64_t none_active;                  /* EXECs with no lane in the evaluated set */
    uint64_t single_active;                /* EXECs with exactly one evaluated lane */
    uint64_t zero_count;                   /* LOOP/REP skipped by a zero count */
    uint64_t brk_level[FC_MAX_DEPTH + 1];  /* committed BREAKs by loop depth (1..) */
    uint64_t cont_level[FC_MAX_DEPTH + 1]; /* committed CONTINUEs by loop depth */
    uint64_t brk_pop;                      /* BREAKs that ended their loop */
    uint64_t call_cond, ret_cond;          /* conditional calls taken, conditional returns taken */
    uint64_t lanes_died;                   /* committed EXECs that removed a lane */
    uint64_t partial_start;                /* STARTs with a partial live mask */
    uint64_t bad_ctx;                      /* commands for a context that does not exist */
    uint64_t resets;
    /* corners of the contract where a second reading is easy */
    uint64_t cont_restored;  /* ENDLOOP/ENDREP bringing CONTINUE lanes back */
    uint64_t brk_drops_cont; /* a BREAK that ends its loop while lanes outside its live
                                mask wait in its cont mask (they become DEAD) */
    uint64_t masked_died;    /* a lane held in a loop frame died */
    uint64_t else_mixed;     /* B_ELSE with counter-0 and deeper BR_INACTIVE lanes */
    uint64_t empty_frame;    /* LOOP/REP entered with no active lane (empty frame) */
    uint64_t al_under_rep;   /* a REP on top of a LOOP whose aL is not 0 */
    uint64_t bc_limit;       /* steps that took a lane's counter to the full-mode branch
                                limit (bc = depth = BrLimit: the counters' top bit) */
    uint64_t bc_limit_lanes; /* the lanes whose counter got there */
    uint64_t jump_func_class[8];  /* committed EXECs by the inputs JUMP_FUNC reads:
                                     bit 0 bool, bit 1 predicate, bit 2 ALU result */
    uint64_t jump_any[2];         /* committed EXECs with JUMP_ALL / JUMP_ANY */
    /* partial mode's rules [seed 000 p38]: faults raised in partial mode, per code (branch
     * past its limit, a LOOP/REP, a CALL), and the deepest nesting an INCR reached there */
    uint64_t partial_faults[FC_FAULT_COUNT];
    uint8_t partial_max_depth;
    unsigned max_depth, max_loop_sp, max_addr_sp;
} fc_bench_coverage;

const fc_bench_coverage *fc_bench_cov(const fc_bench *b);

/* Cycles checked so far. */
uint64_t fc_bench_cycles_checked(const fc_bench *b);

/* The RTL's parameters, once bound. */
const fc_unit_params *fc_bench_params(const fc_bench *b);

/* The DUT's field tables, as bound (the waveform's signals). */
const struct cmp_unit *fc_bench_unit(const fc_bench *b);

/* Makes s the pending stimulus (a bench that draws fc_unit's inputs itself:
 * the system run); returns it as the input port struct. */
ctm_fc_in fc_bench_set_pending(fc_bench *b, const fc_stim *s);

#endif
