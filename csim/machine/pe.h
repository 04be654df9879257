/* pe: the processor execution unit (spec ctm-isa.md 1.2, 1.5, 2). It reads a
 * binary command buffer of PM4 type-3 packets (header 0xC0000000 |
 * (nparams-1) << 16 | opcode << 8, then nparams little-endian words), keeps
 * the state the commands set, drives the MC and CO, walks the (i, j) domain on
 * start_program and hands wavefronts of index pairs to the processor array
 * through pe_array_ops. Errors name the byte offset: "NAME: byte N: error: ...". */
#ifndef CSIM_PE_H
#define CSIM_PE_H

#include "co.h"
#include "mc.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

#define PE_MAX_LANES  64
#define PE_MAX_DOMAIN 4096 /* set_domain fields are 12 bits */

/* Opcodes: 0x0F and 0x1B from the manual, the rest model-defined (one table in pe_cmds.c). */
typedef enum pe_opcode {
    PE_SET_DOMAIN = 0x01,
    PE_START_PROGRAM = 0x02,
    PE_WAIT_FOR_IDLE = 0x03,
    PE_SET_COND_VAL = 0x04,
    PE_INIT_PERF_COUNTERS = 0x05,
    PE_START_PERF_COUNTERS = 0x06,
    PE_STOP_PERF_COUNTERS = 0x07,
    PE_READ_PERF_COUNTERS = 0x08,
    PE_SET_INST_FMT = 0x0D,
    PE_SET_CONSTF_FMT = 0x0E,
    PE_SET_CONSTI_FMT = 0x0F,
    PE_SET_CONSTB_FMT = 0x10,
    PE_SET_INP_FMT = 0x14,
    PE_SET_OUT_FMT = 0x15,
    PE_SET_COND_OUT_FMT = 0x16,
    PE_SET_OUT_MASK = 0x17,
    PE_INVALIDATE_INP_CACHE = 0x18,
    PE_FLUSH_OUT_CACHE = 0x19,
    PE_SET_COND_TEST = 0x1B,
    PE_SET_COND_LOC = 0x1C,
    PE_SET_COND_OUT_MASK = 0x1D,
} pe_opcode;

/* start_program P0: bits 9:0 instruction count (1..512), bit 16 full flow-control mode,
 * bit 17 the program's FG_DEPTH_SRC (1: the conditional value v is the lane's W). */
#define PE_START_NINSTS_MASK  0x3FFu
#define PE_START_FULL_FC      (1u << 16)
#define PE_START_FG_DEPTH_SRC (1u << 17)

/* A field of a command: (parameter `param` >> lsb) & mask, e.g. set_inp_fmt's
 * "pitch" (param 2, bits 12:2 as the number they spell). */
typedef struct pe_field {
    const char *name;
    uint8_t param, lsb;
    uint32_t mask;
} pe_field;

enum { PE_MAX_FIELDS = 6 };

/* One command of the table. */
typedef struct pe_cmd_desc {
    const char *name;
    uint8_t opcode;
    uint8_t nparams;
    uint32_t reserved[4];                  /* per parameter: bits that must be 0 */
    const pe_field *fields[PE_MAX_FIELDS]; /* what its parameters carry, NULL-ended */
    uint8_t races_running; /* 1: changes what a running program reads (pe_cmd_races_running) */
} pe_cmd_desc;

/* The field of command d named name, or NULL. */
const pe_field *pe_cmd_field(const pe_cmd_desc *d, const char *name);

/* Its value in the command with parameters p. */
uint32_t pe_field_value(const pe_field *f, const uint32_t p[4]);

/* Row k of the table (in opcode order), or NULL past its end: for a caller that
 * lists every command (`dpp svpkg --consts`). */
const pe_cmd_desc *pe_cmd_at(unsigned k);

/* The command with this opcode, or NULL. */
const pe_cmd_desc *pe_cmd_by_opcode(unsigned opcode);

/* The command with this name (e.g. "set_domain"), or NULL. */
const pe_cmd_desc *pe_cmd_by_name(const char *name);

/* The header word of a command: 0xC0000000 | (nparams-1) << 16 | opcode << 8. */
uint32_t pe_header(const pe_cmd_desc *c);

/* What start_program tells the processor array. */
typedef struct pe_program {
    unsigned ninsts;       /* the end-of-program address */
    unsigned full_fc;      /* 1 = full flow-control mode */
    unsigned fg_depth_src; /* v at the DPP: 1 = the lane's W, 0 = cond_val (every lane) */
    uint32_t cond_val;     /* the PE's conditional value (fp32 bits) */
    co_state co;           /* CO state in force */
} pe_program;

/* One wavefront: lane l runs pair (i[l], j[l]) if bit l of live is set. */
typedef struct pe_wave {
    unsigned lanes;
    uint64_t live;
    int32_t i[PE_MAX_LANES], j[PE_MAX_LANES];
} pe_wave;

/* The processor array as the PE sees it. begin() is called once per
 * start_program, wave() once per wavefront and end() (if not NULL) after the
 * last one, so an array that keeps several wavefronts in flight can finish
 * them; wave() and end() set *clocks to the busy clocks they spent. A failure
 * (a program fault) ends the command buffer. */
typedef struct pe_array_ops {
    dpp_status (*begin)(void *user, const pe_program *prog, dpp_error *err);
    dpp_status (*wave)(void *user, const pe_program *prog, const pe_wave *w, uint64_t *clocks,
                       dpp_error *err);
    dpp_status (*end)(void *user, uint64_t *clocks, dpp_error *err);
    void *user;
} pe_array_ops;

typedef struct pe_model pe_model;

/* Creates a PE over mc with lanes (1..64) per wavefront; the array ops are copied. */
dpp_status pe_create(mc_model *mc, unsigned lanes, const pe_array_ops *ops, pe_model **out,
                     dpp_error *err);

/* Frees the PE; NULL is allowed. */
void pe_destroy(pe_model *pe);

/* Checks and executes size bytes of commands. name prefixes error messages. */
dpp_status pe_execute(pe_model *pe, const uint8_t *buf, size_t size, const char *name,
                      dpp_error *err);

/* The same one command at a time, for a caller fed the buffer's words as a
 * design receives them (ctm_pe): the framing checks pe_execute makes, each
 * with its message ("NAME: byte OFF: error: ..."), on a header word at byte
 * off (sets *desc), on parameter k of d at byte off, and on the `left`
 * bytes that followed d's header at byte off ("truncated ..."); pe_check_packet
 * is the whole check of the packet at byte off of buf; pe_run_packet runs a
 * checked command whose header is at byte off. */
dpp_status pe_check_header(uint32_t header, size_t off, const char *name, const pe_cmd_desc **desc,
                           dpp_error *err);
dpp_status pe_check_param(const pe_cmd_desc *d, unsigned k, uint32_t p, size_t off,
                          const char *name, dpp_error *err);
dpp_status pe_check_length(const pe_cmd_desc *d, size_t left, size_t off, const char *name,
                           dpp_error *err);
dpp_status pe_check_packet(const uint8_t *buf, size_t size, size_t off, const char *name,
                           const pe_cmd_desc **desc, dpp_error *err);
dpp_status pe_run_packet(pe_model *pe, const pe_cmd_desc *d, const uint32_t p[4], size_t off,
                         const char *name, dpp_error *err);

/* Transactions (txn.h): the PE reports each command it runs (pe_run_packet)
 * through its MC's sink, at byte offset base + its offset in the buffer
 * pe_execute was given (a caller that runs one buffer in pieces sets the
 * base of each piece, 0 by default); pe_txn_command reports a command the
 * caller runs itself (a stepped start_program). */
void pe_set_txn_base(pe_model *pe, size_t base);
void pe_txn_command(const pe_model *pe, const pe_cmd_desc *d, const uint32_t p[4], size_t off);

/* The state the commands set, beside the MC's surfaces and pe_co. */
typedef struct pe_regs {
    int domain_set;
    uint32_t i0, j0, i1, j1;
    uint32_t cond_val;
    int perf_enabled, perf_running;
    uint64_t total, active; /* read_perf_counters writes the low 32 bits */
} pe_regs;

void pe_regs_of(const pe_model *pe, pe_regs *out);

/* A start_program walked one wavefront at a time (what start_program does,
 * for a caller that runs the array itself, e.g. one flow-control step at a
 * time). */
typedef struct pe_walk {
    pe_program prog;
    uint64_t next, pairs, width;
} pe_walk;

/* Checks start_program's parameter p0 and the state it needs; sets up *wk. */
dpp_status pe_walk_open(pe_model *pe, uint32_t p0, pe_walk *wk, dpp_error *err);

/* The next wavefront with a live lane (*more = 1), or the end (*more = 0). */
dpp_status pe_walk_next(pe_model *pe, pe_walk *wk, pe_wave *wave, int *more, dpp_error *err);

/* start_program at byte off of a buffer named name, for a caller that walks it itself: what
 * pe_run_packet does before the command's action (its clock, its transaction), then
 * pe_walk_open; an error as pe_run_packet words it ("NAME: byte OFF: error: start_program: ..."). */
dpp_status pe_open_program(pe_model *pe, const uint32_t p[4], size_t off, const char *name,
                           pe_walk *wk, dpp_error *err);

/* Adds clocks to the performance counters (a walked program's command and
 * the array's busy clocks), as pe_execute counts them. */
void pe_count_clocks(pe_model *pe, uint64_t total, uint64_t active);

/* Performance counters as read_perf_counters would write them. */
void pe_perf(const pe_model *pe, uint32_t *total, uint32_t *active);

/* The busy/idle handshake of seed 000 p8, 2.1.1 ("the processor informs the PE that
 * it is busy ... informs that PE that it is again idle"), as the PE counts it
 * (docs/pe.md): a processor reports busy when start_program
 * hands it a pair and idle when its wavefront has ended (the array's return
 * from wave(), or from end() for an array that keeps wavefronts in flight). */
typedef struct pe_activity {
    unsigned busy;         /* processors busy now */
    uint64_t busy_reports; /* pairs handed to a processor */
    uint64_t idle_reports; /* processors that halted */
    uint64_t idle_waits;   /* wait_for_idle commands run; each found busy == 0 */
    /* Commands that race a running program (seed 000 p8, 2.1.2: the PE "consumes
     * commands as fast as it can process them or pass them along" unless a
     * wait_for_idle stops it): a command that changes what a program reads or
     * counts, after a start_program with no wait_for_idle between. The model
     * runs start_program to its end first; hardware may not (docs/model-defined.md
     * "PE"). The first one: its byte, opcode and its start_program's byte. */
    uint64_t races;
    size_t race_off, race_start_off;
    unsigned race_opcode;
} pe_activity;

/* 1: a change by command `opcode` reaches a program still running (it sets a
 * surface, the output mask, the CO's test, location or write mask, or the
 * performance counters); 0: the PE's own state, read when start_program hands
 * out the pairs, or no state. */
int pe_cmd_races_running(unsigned opcode);

/* The handshake counts so far. */
void pe_activity_of(const pe_model *pe, pe_activity *out);

/* The CO state the commands have set. */
const co_state *pe_co(const pe_model *pe);

#endif
