/* co: the conditional output unit (spec ctm-isa.md 1.4, 4). It evaluates
 * `v OP b` with b read from the conditional buffer at (i, j), for the client
 * that `set_cond_loc` names; the other client always passes. With the write
 * mask on, a passing test writes v back to the buffer (Z-buffer rule). */
#ifndef CSIM_CO_H
#define CSIM_CO_H

#include "mc.h"
#include "status.h"

#include <stdint.h>

typedef enum co_test {
    CO_NEVER = 0,
    CO_LESS = 1,
    CO_LEQUAL = 2,
    CO_EQUAL = 3,
    CO_GEQUAL = 4,
    CO_GREATER = 5,
    CO_NOTEQUAL = 6,
    CO_ALWAYS = 7,
} co_test;

typedef enum co_loc { CO_LOC_DPP = 0, CO_LOC_PE = 1 } co_loc;

/* The CO state (commands set_cond_test, set_cond_loc, set_cond_out_mask).
 * The PE resets it to Always, at the DPP, no write-back (everything passes). */
typedef struct co_state {
    uint8_t test;      /* co_test */
    uint8_t loc;       /* co_loc */
    uint8_t writemask; /* 1: write v into the buffer when the test passes */
} co_state;

/* v OP b on fp32 bit patterns with IEEE compares (a NaN operand fails every
 * test but NOTEQUAL and ALWAYS; -0 == +0). */
int co_compare(unsigned test, uint32_t v, uint32_t b);

/* Whether the request of `client` reads the conditional buffer: it is the
 * tested client and the test is neither NEVER nor ALWAYS. */
int co_reads_buffer(const co_state *co, unsigned client);

/* The decision for a request of `client` with value v against buffer value b
 * (read only when co_reads_buffer): 1 to keep the pair, 0 to drop it; *write
 * is 1 when v goes back into the buffer (a kept pair of the tested client
 * with the write mask on). */
int co_decide(const co_state *co, unsigned client, uint32_t v, uint32_t b, int *write);

/* The request of client `client` (CO_LOC_PE or CO_LOC_DPP) for pair (i, j)
 * with value v: *pass = 1 when the client is not the tested one; otherwise
 * reads b, tests, and writes v back if it passed and writemask is set.
 * Buffer faults (unset surface, (i, j) outside it) are DPP_E_FAULT. */
dpp_status co_request(const co_state *co, mc_model *mc, unsigned client, int64_t i, int64_t j,
                      uint32_t v, int *pass, dpp_error *err);

#endif
