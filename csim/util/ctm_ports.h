/* The kit's blocks' ports, written once: for each block a struct each way and
 * beside it the list of its ports. Public (installed beside ctm.h, which
 * includes it); the mirrors write these structs, the library's port tables
 * (ctm_ports(), the checker, the report, the JSON) are built from the lists,
 * and `dpp svpkg` writes the SystemVerilog package ctm_ports_pkg and the
 * wrappers' output connections from those tables. Adding an output port to a
 * block is: the RTL, a member and a list row here, and the mirror's value.
 *
 * The structs are laid out word for word as ctm_ports_pkg packs them: members
 * of 8, then 4, then 1 byte (a byte array per lane between), pad_ last, no
 * padding the compiler chose (the library asserts it). Lane masks are zero
 * above the block's lanes, pad_ is 0. The library copies the structs, so
 * 4-byte alignment (an svBitVecVal array) is enough.
 *
 * A list row is X(A, member, width, flags, names), A what the list's user
 * passes on (a struct, a prefix): width is the RTL port's bits (0 for a lane
 * mask or a byte per lane), flags CTM_PORT_*, names the token of the function
 * naming its values (an op, a fault; 0 for none). The rows are in the order
 * reports show them. */
#ifndef CTM_PORTS_H
#define CTM_PORTS_H

#include <stdint.h>

enum {
    CTM_PORT_LANES = 1,  /* a lane mask: bit i is lane i */
    CTM_PORT_HEX = 2,    /* shown in hex */
    CTM_PORT_OBS = 4,    /* an output of the observed context (pred_stack's obs_*) */
    CTM_PORT_SIGNED = 8, /* two's complement in its width bits */
};

/* A port as the library's tables describe it (ctm_ports() in ctm.h gives
 * them): for tools that walk a block's ports (reports, waveforms, a
 * testbench's own checks). */
typedef struct ctm_port {
    const char *name; /* the struct member; the RTL port is name_i or name_o */
    uint16_t offset;  /* in the block's port struct */
    uint8_t size;     /* bytes: 1, 4 or 8; 64 for a byte per lane */
    uint8_t width;    /* the RTL port's bits; 0 for a lane mask or a byte per lane */
    uint8_t flags;    /* CTM_PORT_* */
    const char *(*name_of)(unsigned v); /* the name of a value (an op), or NULL */
} ctm_port;

/* ------------------------------------------------------------ pred_stack */

typedef struct ctm_pred_in {
    uint64_t mask;
    uint32_t op, ctx, obs_ctx;
    uint8_t rst;
    uint8_t pad_[3];
} ctm_pred_in;

#define CTM_PRED_IN_PORTS(X, A)                                                                    \
    X(A, rst, 1, 0, 0)                                                                             \
    X(A, op, 3, 0, pred_op)                                                                        \
    X(A, ctx, 8, 0, 0)                                                                             \
    X(A, mask, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                                \
    X(A, obs_ctx, 8, 0, 0)

typedef struct ctm_pred_out {
    uint64_t exec_mask, obs_pred, obs_task_mask, obs_exec_mask, obs_top;
    uint32_t obs_sp;
    uint8_t obs_overflow, obs_underflow;
    uint8_t pad_[2];
} ctm_pred_out;

/* In ctm.h's CTM_PRED_* order. */
#define CTM_PRED_OUT_PORTS(X, A)                                                                   \
    X(A, exec_mask, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                           \
    X(A, obs_pred, 0, CTM_PORT_LANES | CTM_PORT_HEX | CTM_PORT_OBS, 0)                             \
    X(A, obs_task_mask, 0, CTM_PORT_LANES | CTM_PORT_HEX | CTM_PORT_OBS, 0)                        \
    X(A, obs_exec_mask, 0, CTM_PORT_LANES | CTM_PORT_HEX | CTM_PORT_OBS, 0)                        \
    X(A, obs_sp, 7, CTM_PORT_OBS, 0)                                                               \
    X(A, obs_top, 0, CTM_PORT_LANES | CTM_PORT_HEX | CTM_PORT_OBS, 0)                              \
    X(A, obs_overflow, 1, CTM_PORT_OBS, 0)                                                         \
    X(A, obs_underflow, 1, CTM_PORT_OBS, 0)

/* ------------------------------------------------------------ stack_acct */

typedef struct ctm_stack_in {
    uint32_t op, pop_count, stack_size;
    uint8_t rst, wqm, taken;
    uint8_t pad_;
} ctm_stack_in;

#define CTM_STACK_IN_PORTS(X, A)                                                                   \
    X(A, rst, 1, 0, 0)                                                                             \
    X(A, op, 4, 0, stack_op)                                                                       \
    X(A, pop_count, 3, 0, 0)                                                                       \
    X(A, wqm, 1, 0, 0)                                                                             \
    X(A, taken, 1, 0, 0)                                                                           \
    X(A, stack_size, 8, 0, 0)

typedef struct ctm_stack_out {
    uint32_t entries, subentries, need, hwm, depth;
    uint8_t overflow, underflow, drop;
    uint8_t pad_;
} ctm_stack_out;

/* In ctm.h's CTM_STACK_* order. */
#define CTM_STACK_OUT_PORTS(X, A)                                                                  \
    X(A, entries, 16, 0, 0)                                                                        \
    X(A, subentries, 16, 0, 0)                                                                     \
    X(A, need, 16, 0, 0)                                                                           \
    X(A, hwm, 16, 0, 0)                                                                            \
    X(A, depth, 16, 0, 0)                                                                          \
    X(A, overflow, 1, 0, 0)                                                                        \
    X(A, underflow, 1, 0, 0)                                                                       \
    X(A, drop, 1, 0, 0)

/* ------------------------------------------------------------ fc_unit */

/* The instruction as its encoded dwords (US_CMN_INST, US_FC_INST, US_FC_ADDR,
 * and US_FC_INT_CONST: KR 7:0, KG 15:8, KB 23:16), as a design receives it. */
typedef struct ctm_fc_in {
    uint64_t pred_r, pred_g, pred_b, pred_a, alu_result, live;
    uint32_t cmd, ctx, pc, cmn_inst, fc_inst, fc_addr, int_const;
    uint8_t rst, full_mode, bool_const, alu_valid;
} ctm_fc_in;

#define CTM_FC_IN_PORTS(X, A)                                                                      \
    X(A, rst, 1, 0, 0)                                                                             \
    X(A, cmd, 2, 0, fc_cmd)                                                                        \
    X(A, ctx, 8, 0, 0)                                                                             \
    X(A, full_mode, 1, 0, 0)                                                                       \
    X(A, cmn_inst, 32, CTM_PORT_HEX, 0)                                                            \
    X(A, fc_inst, 32, CTM_PORT_HEX, fc_inst_op)                                                    \
    X(A, fc_addr, 32, CTM_PORT_HEX, 0)                                                             \
    X(A, int_const, 32, CTM_PORT_HEX, 0)                                                           \
    X(A, bool_const, 1, 0, 0)                                                                      \
    X(A, pred_r, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                              \
    X(A, pred_g, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                              \
    X(A, pred_b, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                              \
    X(A, pred_a, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                              \
    X(A, alu_result, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                          \
    X(A, alu_valid, 1, 0, 0)                                                                       \
    X(A, pc, 9, 0, 0)                                                                              \
    X(A, live, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)

/* al is al_o's 16 bits (aL, two's complement), bc lane i's branch counter in
 * bc[i] (0 past the lanes). */
typedef struct ctm_fc_out {
    uint64_t want, active, br_inactive, loop_masked, loop_top_live, loop_top_brk, loop_top_cont;
    uint8_t bc[64];
    uint32_t next_pc, depth, addr_sp, addr_top, loop_sp, loop_top_count, al, ovf, udf, fault;
    uint8_t jump, loop_top_is_loop;
    uint8_t pad_[6];
} ctm_fc_out;

/* In ctm.h's CTM_FC_* order, then the counters (a difference shows as the
 * mask of the lanes whose counter differs). */
#define CTM_FC_OUT_PORTS(X, A)                                                                     \
    X(A, jump, 1, 0, 0)                                                                            \
    X(A, next_pc, 10, 0, 0)                                                                        \
    X(A, want, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                                \
    X(A, active, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                              \
    X(A, br_inactive, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                         \
    X(A, loop_masked, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                         \
    X(A, depth, 8, 0, 0)                                                                           \
    X(A, addr_sp, 6, 0, 0)                                                                         \
    X(A, addr_top, 10, 0, 0)                                                                       \
    X(A, loop_sp, 6, 0, 0)                                                                         \
    X(A, loop_top_is_loop, 1, 0, 0)                                                                \
    X(A, loop_top_count, 8, 0, 0)                                                                  \
    X(A, loop_top_live, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                       \
    X(A, loop_top_brk, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                        \
    X(A, loop_top_cont, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)                                       \
    X(A, al, 16, CTM_PORT_SIGNED, 0)                                                               \
    X(A, ovf, 3, 0, 0)                                                                             \
    X(A, udf, 3, 0, 0)                                                                             \
    X(A, fault, 4, 0, fc_fault)                                                                    \
    X(A, bc, 0, CTM_PORT_LANES | CTM_PORT_HEX, 0)

#endif
