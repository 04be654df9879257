/* stack_acct: C mirror of rtl/stack_acct.sv, the R700 stack-allocation
 * accounting. Port contract, rule table and every model-defined decision:
 * docs/stack_acct.md. One stack_acct_step call is one clock edge: the outputs
 * are the registered state before the edge, then the inputs are applied. */
#ifndef CSIM_STACK_ACCT_H
#define CSIM_STACK_ACCT_H

#include "ctm_ports.h"
#include "enc.h"
#include "status.h"

#include <stdbool.h>
#include <stdint.h>

#define STACK_ACCT_MAX_DEPTH 1024u /* upper bound of the tracker depth */

/* op_i encodings (docs/stack_acct.md, "Ops"); 13..15 are reserved NOPs. This
 * and the Rule and Chip parameters' values are X-macro lists (enc.h): the
 * enums, and the RTL's localparams. */
#define STACK_OP_LIST(X)                                                                           \
    X(STACK_OP_NOP, 0)                                                                             \
    X(STACK_OP_PUSH, 1)                                                                            \
    X(STACK_OP_PUSH_WQM, 2)                                                                        \
    X(STACK_OP_PUSH_ELSE, 3)                                                                       \
    X(STACK_OP_ALU_PUSH_BEFORE, 4)                                                                 \
    X(STACK_OP_LOOP_START, 5)                                                                      \
    X(STACK_OP_CALL, 6)                                                                            \
    X(STACK_OP_POP, 7)                                                                             \
    X(STACK_OP_LOOP_END, 8)                                                                        \
    X(STACK_OP_RETURN, 9)                                                                          \
    X(STACK_OP_ELSE, 10)                                                                           \
    X(STACK_OP_JUMP, 11)                                                                           \
    X(STACK_OP_CLEAR, 12)
typedef enum stack_op { STACK_OP_LIST(ENC_ENUM) STACK_OP_COUNT = 16 /* op_i is 4 bits */ } stack_op;

#define STACK_RULE_LIST(X)                                                                         \
    X(STACK_RULE_ISA, 0)  /* R700 ISA document, Tables 3.5/3.6 */                                  \
    X(STACK_RULE_MESA, 1) /* Mesa r600 sfn CallStack */                                            \
    X(STACK_RULE_LLVM, 2) /* LLVM R600ControlFlowFinalizer CFStack */
typedef enum stack_rule { STACK_RULE_LIST(ENC_ENUM) STACK_RULE_COUNT = 3 } stack_rule;

#define STACK_CHIP_LIST(X)                                                                         \
    X(STACK_CHIP_R7XX, 0) /* R6xx and R7xx */                                                      \
    X(STACK_CHIP_EVERGREEN, 1)                                                                     \
    X(STACK_CHIP_NI, 2) /* Barts, Turks, Caicos (Northern Islands without Cayman) */               \
    X(STACK_CHIP_CAYMAN, 3)
typedef enum stack_chip { STACK_CHIP_LIST(ENC_ENUM) STACK_CHIP_COUNT = 4 } stack_chip;

typedef struct stack_acct_cfg {
    unsigned width; /* physical thread-group width: 16, 32, 48 or 64 */
    unsigned rule;  /* stack_rule */
    unsigned chip;  /* stack_chip (ignored by STACK_RULE_ISA) */
    unsigned depth; /* frames the tracker holds, 1..STACK_ACCT_MAX_DEPTH */
} stack_acct_cfg;

typedef struct stack_acct_in {
    bool rst;            /* reset asserted this cycle (rst_ni low) */
    unsigned op;         /* stack_op; only the low 4 bits are used */
    unsigned pop_count;  /* POP_COUNT of POP, ELSE, JUMP; low 3 bits used */
    bool wqm;            /* WHOLE_QUAD_MODE of PUSH, PUSH_ELSE */
    bool taken;          /* ELSE/JUMP jump taken */
    unsigned stack_size; /* programmed STACK_SIZE; low 8 bits used */
} stack_acct_in;

/* The outputs are the block's port struct (ctm_ports.h): entries (A, full
 * entries in use), subentries (B, reserved extras included), need (entries
 * required now: ceil((A*M + B) / D)), hwm (max of need since reset/CLEAR),
 * depth (frames on the tracker), overflow (need > STACK_SIZE of the last
 * edge), underflow (the last edge popped more frames than there were), drop
 * (the last edge pushed onto a full tracker); pad_ 0. */
typedef ctm_stack_out stack_acct_out;

typedef struct stack_acct_model stack_acct_model;

/* Creates a unit in its reset state. Fails with DPP_E_ARG when a parameter
 * is outside its documented range. */
dpp_status stack_acct_create(const stack_acct_cfg *cfg, stack_acct_model **out, dpp_error *err);

void stack_acct_destroy(stack_acct_model *m);

/* Back to the reset state (same as rst or a CLEAR op). */
void stack_acct_reset(stack_acct_model *m);

/* One clock edge: fills *out (if not NULL) from the state before the edge,
 * then applies *in. With in->rst (asynchronous) the state is reset first, so
 * *out shows the reset state, and no op is applied. */
void stack_acct_step(stack_acct_model *m, const stack_acct_in *in, stack_acct_out *out);

/* The outputs of the current state without stepping. */
void stack_acct_observe(const stack_acct_model *m, stack_acct_out *out);

const stack_acct_cfg *stack_acct_config(const stack_acct_model *m);

/* Subentries per entry of a physical width (Table 3.5), 0 if the width is
 * not 16, 32, 48 or 64. */
unsigned stack_acct_subentries_per_entry(unsigned width);

/* Names for reports and the event-file syntax ("ALU_PUSH_BEFORE", "MESA",
 * "EVERGREEN"); "?" when out of range. */
const char *stack_op_name(unsigned op);
const char *stack_rule_name(unsigned rule);
const char *stack_chip_name(unsigned chip);

#endif
