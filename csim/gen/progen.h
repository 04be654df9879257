/* progen: random structured programs and their direct per-lane interpreter.
 *
 * A program is a tree of statements: assignments, predicate sets, if/else on
 * the three condition sources (ALU result, predicate bit, boolean constant),
 * loops and reps with break and continue (plain or conditional, inside any
 * number of ifs), calls (plain and conditional) of functions with conditional
 * returns. pg_compile() turns it into an executable with the canonical FC
 * encodings (fc_canon.h); pg_interpret() runs one lane of the tree directly,
 * with no masks, counters or stacks, as the oracle for the processor array
 * (flow-control.md 6.3). Data are small integers, so results are exact. */
#ifndef CSIM_PROGEN_H
#define CSIM_PROGEN_H

#include "elf_exe.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

#define PG_DATA_REGS 8 /* r1..r8; r1..r4 are written to outputs 0..3 at the end */

typedef struct pg_program pg_program;

/* What a program is made for. default: random conditions on the data (the
 * programs of `cosim --progen SEED`, unchanged from before profiles). divergent:
 * conditions on each lane's own input value, with input 0 the lane-rank pattern
 * (in_pattern.h) named in the executable, so that the lanes of a wavefront
 * disagree at most flow-control steps (docs/model-defined.md, "Random structured
 * programs"). partial: the divergent profile's conditions within partial
 * flow-control mode's rules (ifs nested at most 6 deep, no loops, no calls
 * [seed 000 p38]); its executables carry partial mode and run in it. */
typedef enum pg_profile {
    PG_PROFILE_DEFAULT,
    PG_PROFILE_DIVERGENT,
    PG_PROFILE_PARTIAL,
    PG_PROFILE_COUNT
} pg_profile;

/* The profile called name, or -1. */
int pg_profile_find(const char *name);

/* An option's value as a profile: 0 and *k, or -1 and err says "'NAME' is not a
 * profile (default, ...)" (the message of every option that takes one). */
int pg_profile_parse(const char *name, unsigned *k, char *err, size_t errlen);

/* The name of profile k (< PG_PROFILE_COUNT). */
const char *pg_profile_name(unsigned k);

/* The valid names, for messages: "default, divergent, partial". */
const char *pg_profile_list(void);

/* What a program contains, for coverage checks. */
typedef struct pg_features {
    unsigned depth;       /* deepest nesting of if/loop/rep blocks */
    unsigned if_src[3];   /* ifs per condition source: ALU result, predicate, boolean */
    unsigned else_src[3]; /* ifs with an else, per source */
    unsigned loops, reps, breaks, continues, cond_exits, calls, cond_calls, cond_rets, rel_reads;
    unsigned zero_count_loops, mesa_targets, kills;
    unsigned key_conds; /* divergent, partial: conditions on the lane's key (its input value) */
} pg_features;

/* Generates the default-profile program of seed (deterministic), nested at least min_depth deep. */
dpp_status pg_generate(uint64_t seed, unsigned min_depth, pg_program **out, dpp_error *err);

/* The same for a profile (pg_profile); DPP_E_ARG for an unknown one, or a min_depth
 * the profile cannot reach (partial: 6 at most). */
dpp_status pg_generate_profile(uint64_t seed, unsigned min_depth, unsigned profile,
                               pg_program **out, dpp_error *err);

/* Frees a program; NULL is allowed. */
void pg_free(pg_program *p);

/* Compiles p into exe (instructions, float/int/bool constants, notes; full FC mode,
 * or partial for the partial profile). Fails with DPP_E_ARG if it needs more than
 * 512 slots (or, a generator's bug, a partial program breaks partial mode's rules). */
dpp_status pg_compile(const pg_program *p, dpp_exe *exe, dpp_error *err);

/* Runs one lane of pair (i, j) whose input 0 holds `in` (fp32 bits); out[o]
 * receives what output o gets (r1..r4 at the end). */
void pg_interpret(const pg_program *p, int i, int j, const uint32_t in[4], uint32_t out[4][4]);

/* Features of p. */
void pg_features_of(const pg_program *p, pg_features *f);

/* Writes the program as indented pseudo-code into buf (for failure reports). */
void pg_print(const pg_program *p, char *buf, size_t size);

#endif
