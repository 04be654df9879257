/* The per-cycle path of a lock-step run shares the instruction cache with the
 * Verilated model and the stimulus, which nearly fill it on their own: a
 * check's cost is mostly the model's code it evicts (fc 4x16: 28 more L1i
 * misses a cycle than the RTL alone, cachegrind). What a cycle rarely runs
 * (a mismatch, a reset, an out-of-range input, coverage, commit mode) is kept
 * out of the hot functions with these, so that the code a matching cycle runs
 * stays short and together. */
#ifndef CSIM_HOT_H
#define CSIM_HOT_H

/* Rarely run: out of line, placed apart from the hot code, its callers'
 * paths to it laid out as unlikely. */
#define CTM_COLD __attribute__((cold, noinline))

/* Run every cycle in some modes only (coverage, commit-level checking): out
 * of line, so the other modes do not carry it. */
#define CTM_OUT_OF_LINE __attribute__((noinline))

#endif
