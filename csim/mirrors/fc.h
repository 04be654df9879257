/* fc_unit: the CTM flow-control unit, C mirror of the RTL block of the same name.
 *
 * One fc_unit_step() call is one clock edge: the issue of one flow-control
 * instruction (or a START/IDLE command) for one context, i.e. one wavefront
 * of up to 64 lanes. The semantics are spec ctm-isa.md 6.5 plus the
 * model-defined corner cases of docs/fc_unit.md, which is the contract the
 * SystemVerilog follows; keep the two in step. Lane i is bit i of every mask. */
#ifndef CSIM_FC_H
#define CSIM_FC_H

#include "ctm_ports.h"
#include "isa.h"
#include "status.h"

#include <stdint.h>

#define FC_MAX_LANES 64
#define FC_MAX_DEPTH 32 /* upper bound for the address and loop stack depth parameters */

/* The instruction's encodings (US_FC_INST.OP, A_OP, B_OP0/B_OP1, RGB_PRED_SEL)
 * are the ISA table's: DPP_FC_*, DPP_AOP_*, DPP_BOP_* and DPP_PRED_* of isa.h.
 * A_OP and B_OP value 3 is reserved and faults; FC accepts RGB_PRED_SEL NONE
 * and the four replicate modes only. */

/* Port cmd_i (2 bits). This and the fault codes are X-macro lists (enc.h): the
 * enums, and the RTL's localparams. */
#define FC_CMD_LIST(X) X(FC_CMD_IDLE, 0) X(FC_CMD_START, 1) X(FC_CMD_EXEC, 2)
enum { FC_CMD_LIST(ENC_ENUM) };

/* Fault codes (port fault_o, 4 bits). A fault is sticky per context until START. */
#define FC_FAULT_LIST(X)                                                                           \
    X(FC_FAULT_NONE, 0)                                                                            \
    X(FC_FAULT_BRANCH_OVERFLOW, 1)  /* INCR beyond the mode's branch nesting limit */              \
    X(FC_FAULT_BRANCH_UNDERFLOW, 2) /* DECR by more than the open nesting depth */                 \
    X(FC_FAULT_LOOP_OVERFLOW, 3)    /* LOOP/REP push on a full loop stack */                       \
    X(FC_FAULT_LOOP_UNDERFLOW, 4)   /* ENDLOOP/ENDREP/BREAK/CONTINUE with no frame */              \
    X(FC_FAULT_LOOP_KIND, 5)        /* ENDLOOP/BREAKLOOP on a REP frame or vice versa */           \
    X(FC_FAULT_ADDR_OVERFLOW, 6)    /* PUSH on a full address stack */                             \
    X(FC_FAULT_ADDR_UNDERFLOW, 7)   /* POP on an empty address stack */                            \
    X(FC_FAULT_ILLEGAL_FIELD, 8)    /* reserved A_OP, B_OP or predicate selection */               \
    X(FC_FAULT_STALE_ALU, 9)        /* JUMP_FUNC reads an ALU result an FC op invalidated */
typedef enum fc_fault { FC_FAULT_LIST(ENC_ENUM) FC_FAULT_COUNT } fc_fault;

/* Decoded US_FC_INST / US_FC_ADDR fields (spec 6.3) plus the FC predicate
 * selection from US_CMN_INST. BOOL_ADDR and INT_ADDR are resolved by the
 * caller, which drives the selected constants on bool_const/loop_* instead. */
typedef struct fc_fields {
    uint8_t op;         /* DPP_FC_*, 3 bits */
    uint8_t b_else;     /* 1 bit */
    uint8_t jump_any;   /* 1 bit */
    uint8_t a_op;       /* 2 bits */
    uint8_t jump_func;  /* 8 bits, truth table indexed by alu<<2 | pred<<1 | bool */
    uint8_t b_pop_cnt;  /* 5 bits */
    uint8_t b_op0;      /* 2 bits, when the group stays */
    uint8_t b_op1;      /* 2 bits, when the group jumps */
    uint16_t jump_addr; /* 9 bits */
    uint8_t pred_sel;   /* RGB_PRED_SEL, 3 bits */
    uint8_t pred_inv;   /* RGB_PRED_INV, 1 bit */
} fc_fields;

/* The fields fc_unit reads of an instruction's encoded words (US_CMN_INST,
 * US_FC_INST, US_FC_ADDR), where the ISA's field table puts them; a word
 * whose type is not FC has none of them (all 0), as dpp_inst_decode has it. */
fc_fields fc_fields_decode(uint32_t cmn_inst, uint32_t fc_inst, uint32_t fc_addr);

/* The fields where the ISA's field table puts them (isa.h's DPP_AT_x, from
 * which the table is built), with constant shifts: a few instructions a field,
 * no table. The FC fields read 0 in a word of another type, as
 * dpp_inst_decode leaves them; the predicate select is every type's. (Byte
 * tables built from the table at first use, which this replaced, took
 * 196 KiB that random instructions missed in the data cache at every step.)
 * Inline, into *f: the checker decodes every EXEC it checks, and the struct
 * fc_fields_decode returns by value is packed into registers and out again. */
static inline void fc_fields_decode_into(fc_fields *f, uint32_t cmn_inst, uint32_t fc_inst,
                                         uint32_t fc_addr)
{
    const uint32_t w[4] = {cmn_inst, 0, fc_inst, fc_addr};
    const uint32_t fc = 0u - (uint32_t)(DPP_TAKE(w, DPP_AT_TYPE) == DPP_TYPE_FC);
    const uint32_t v[4] = {cmn_inst, 0, fc_inst & fc, fc_addr & fc};
    f->op = (uint8_t)DPP_TAKE(v, DPP_AT_FC_OP);
    f->b_else = (uint8_t)DPP_TAKE(v, DPP_AT_B_ELSE);
    f->jump_any = (uint8_t)DPP_TAKE(v, DPP_AT_JUMP_ANY);
    f->a_op = (uint8_t)DPP_TAKE(v, DPP_AT_A_OP);
    f->jump_func = (uint8_t)DPP_TAKE(v, DPP_AT_JUMP_FUNC);
    f->b_pop_cnt = (uint8_t)DPP_TAKE(v, DPP_AT_B_POP_CNT);
    f->b_op0 = (uint8_t)DPP_TAKE(v, DPP_AT_B_OP0);
    f->b_op1 = (uint8_t)DPP_TAKE(v, DPP_AT_B_OP1);
    f->jump_addr = (uint16_t)DPP_TAKE(v, DPP_AT_JUMP_ADDR);
    f->pred_sel = (uint8_t)DPP_TAKE(v, DPP_AT_RGB_PRED_SEL);
    f->pred_inv = (uint8_t)DPP_TAKE(v, DPP_AT_RGB_PRED_INV);
}

typedef struct fc_unit_in {
    uint8_t cmd;         /* FC_CMD_* */
    uint8_t ctx;         /* context (wavefront slot), < contexts */
    uint8_t full_mode;   /* 1 = full flow-control mode, 0 = partial */
    fc_fields inst;      /* the instruction (EXEC only) */
    uint64_t pred[4];    /* predicate bits R, G, B, A: one lane mask each */
    uint64_t alu_result; /* per-lane ALU result bit */
    uint8_t alu_valid;   /* 1 = alu_result was written after the last FC instruction */
    uint8_t bool_const;  /* the boolean constant selected by BOOL_ADDR, 1 bit */
    uint8_t loop_count;  /* KR of the integer constant selected by INT_ADDR */
    uint8_t loop_init;   /* KG */
    int8_t loop_step;    /* KB, two's complement */
    uint16_t pc;         /* slot of this instruction, 9 bits */
    uint64_t live;       /* lanes that exist and have not died or finished */
} fc_unit_in;

/* The outputs are the block's port struct (ctm_ports.h), each at its port's
 * width: jump (the group's decision this step), next_pc (10 bits: 512 is
 * past the last slot), want (lanes of the evaluated active set whose
 * JUMP_FUNC bit was 1), active (lane state after the step), br_inactive
 * (lanes switched off by a branch, their counters in bc[]), loop_masked
 * (lanes held by BREAK or CONTINUE in some loop frame), bc (per-lane branch
 * counters, 0 unless br_inactive), depth (open branch nesting of the group),
 * addr_sp and addr_top (address stack entries in use; the top return
 * address, 0 when empty), loop_sp (loop frames in use), loop_top_is_loop,
 * loop_top_count, loop_top_live, loop_top_brk, loop_top_cont (the top frame:
 * LOOP or REP, iterations remaining, lanes that entered, broke out, wait at
 * CONTINUE; 0 when empty), al (aL of the innermost LOOP frame as 16 bits,
 * two's complement; 0 if none), ovf and udf (bit 0 branch, 1 loop, 2 address
 * over- and underflow, sticky), fault (fc_fault of the context, sticky until
 * START); pad_ 0. */
typedef ctm_fc_out fc_unit_out;

typedef struct fc_unit_params {
    unsigned contexts;   /* 1..256 */
    unsigned lanes;      /* 1..64 */
    unsigned addr_depth; /* address stack entries, 0..FC_MAX_DEPTH */
    unsigned loop_depth; /* loop stack frames in full mode, 0..FC_MAX_DEPTH */
    unsigned bc_width;   /* branch counter width in bits, 3..8 */
    unsigned part_branches; /* branch nesting limit in partial mode, 0..32: the guide's 6
                               [seed 000 p38]; Mesa's 4 is an option */
} fc_unit_params;

typedef struct fc_unit_model fc_unit_model;

/* The defaults: 1 context, 64 lanes, address 4, loop 4, 6-bit counters, partial-mode
 * nesting 6. */
fc_unit_params fc_unit_default_params(void);

/* Creates a unit with every context reset as if by START with no live lane.
 * Returns DPP_E_ARG (message in err) for parameters out of range. */
dpp_status fc_unit_create(const fc_unit_params *p, fc_unit_model **out, dpp_error *err);

/* Frees the unit; NULL is allowed. */
void fc_unit_destroy(fc_unit_model *m);

/* One clock edge. Out-of-range ctx is clamped to no-op outputs of zero with
 * fault = FC_FAULT_ILLEGAL_FIELD; every other input is total (no UB). */
void fc_unit_step(fc_unit_model *m, const fc_unit_in *in, fc_unit_out *out);

/* The same for inputs already cut to their port widths (docs/fc_unit.md,
 * "Ports"), as a caller that decodes the port words has them. */
void fc_unit_step_at_ports(fc_unit_model *m, const fc_unit_in *in, fc_unit_out *out);

/* fc_unit_step_at_ports for a checker: the outputs compared with the DUT's at
 * dut as they are written, nonzero if any differs (nothing read back). */
uint64_t fc_unit_step_check(fc_unit_model *m, const fc_unit_in *in, fc_unit_out *out,
                            const fc_unit_out *dut);

/* The same for an IDLE step (cmd IDLE, or the reserved 3, which does what IDLE
 * does) of context ctx at pc, pc already cut to its port: the context's
 * outputs as they are, no decision, nothing changed; without building a
 * step's inputs, for a checker whose steps are mostly IDLE (the system run's). */
uint64_t fc_unit_idle_check(const fc_unit_model *m, unsigned ctx, unsigned pc, fc_unit_out *out,
                            const fc_unit_out *dut);

/* The branch nesting limit of a mode for this unit (docs/fc_unit.md). */
unsigned fc_unit_branch_limit(const fc_unit_model *m, int full_mode);

/* Short stable name of a fault code, e.g. "loop stack overflow". */
const char *fc_fault_name(unsigned fault);

/* Name of an FC op, e.g. "ENDLOOP". */
const char *fc_op_name(unsigned op);

/* The RTL's bc_o as 32-bit words (an SV bit vector through DPI): lane i's
 * counter at bits [i*width +: width], lanes x width <= 512 bits. */
#define FC_BC_WORDS (FC_MAX_LANES * 8 / 32)
void fc_bc_pack(const uint8_t *bc, unsigned lanes, unsigned width, uint32_t words[FC_BC_WORDS]);
void fc_bc_unpack(const uint32_t *words, unsigned lanes, unsigned width, uint8_t *bc);

#endif
