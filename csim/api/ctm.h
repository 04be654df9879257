/* ctm.h: the public C API of the CTM golden model (libctm).
 *
 * One header for users' own testbenches, in C or in SystemVerilog through the
 * DPI package dpi/ctm_dpi_pkg.sv, which imports these functions as they are:
 * every type here maps onto a DPI type (int, longint unsigned, string,
 * chandle). Every public name starts with ctm_. Handles are opaque and come in
 * new/free pairs. Nothing here calls exit(). docs/dpi.md shows how to wire it
 * into a testbench.
 *
 * Errors. Every call checks its handle and arguments: a NULL or freed handle,
 * a handle of another kind (a chandle has no type), or an argument outside
 * its range is an error, never a crash and never a silent default. The
 * message always has one form, "FUNCTION: ARGUMENT = VALUE is outside LO..HI"
 * (or "FUNCTION: the ctm_pred handle was freed", ...), and ctm_error() returns
 * it. A call that returns a status returns CTM_E_ARG (ctm_model_step:
 * -CTM_E_ARG); a ctm_*_new returns NULL; a call that returns a value returns
 * 0; ctm_*_diff, ctm_*_report and ctm_model_error return the message. Two
 * exceptions for NULL: ctm_*_free(NULL) does nothing, as free() does, and
 * ctm_*_diff, ctm_*_report and ctm_model_error with NULL return the thread's
 * last message if there is one (it says why there is no handle), else their
 * own "the ... handle is NULL". A freed handle is known as freed until 64
 * more handles of its kind have been freed (its memory may then hold a new
 * handle: do not keep handles past their free). A
 * misuse on a live pred, stack or fc handle is also kept on the handle: its
 * next ctm_*_check returns CTM_E_ARG with the message as its diff, so a
 * testbench that checks every cycle stops at the first misuse even of a call
 * that returns nothing (ctm_*_step).
 *
 * The mirrors follow the port contracts of the RTL blocks (docs/pred_stack.md,
 * docs/stack_acct.md, docs/fc_unit.md): one ctm_*_step is one clock edge;
 * afterwards the expected outputs of that cycle (computed from the state
 * before the edge, as the RTL shows them) are read with ctm_*_expect, or
 * compared with a DUT's outputs by ctm_*_check, which describes the first
 * difference in ctm_*_diff and the whole mismatch in ctm_*_report.
 *
 * Cycles. A mirror handle numbers its steps 0, 1, 2, ... (ctm_pred_eval and
 * ctm_pred_step count, ctm_pred_edge does not); ctm_*_set_cycle(h, c) makes
 * the next step cycle c and the ones after c+1, c+2, ... so that reports name
 * the cycle as the testbench counts it (its clock count, $time / period).
 * Reports give both: the cycle, and the step of the handle.
 *
 * Reset. Step the model with rst = 1 in each cycle where the DUT's rst_ni is
 * low: every context resets and no op lands (pred_stack's ctx and obs_ctx
 * still choose what the outputs show; fc_unit's outputs are not checked in
 * such a cycle). A fall of rst_ni at time 0 is no edge under Verilator: start
 * the first reset cycle after time 0 (docs/dpi.md, "Reset protocol"). */
#ifndef CTM_H
#define CTM_H

#include <stdint.h>

#include "ctm_consts.h" /* the PE's opcodes, the MC's formats and layouts: the model's tables */
#include "ctm_ports.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CTM_VERSION_MAJOR 1
#define CTM_VERSION_MINOR 21
#define CTM_VERSION_PATCH 0

/* "MAJOR.MINOR.PATCH", spelled by the preprocessor from the three numbers above (so a
 * release changes them alone; the Makefile reads them for ctm.pc the same way). */
#define CTM_VERSION_STR_(x) #x
#define CTM_VERSION_STR(x)  CTM_VERSION_STR_(x)
#define CTM_VERSION_STRING                                                                         \
    CTM_VERSION_STR(CTM_VERSION_MAJOR)                                                             \
    "." CTM_VERSION_STR(CTM_VERSION_MINOR) "." CTM_VERSION_STR(CTM_VERSION_PATCH)

/* Status codes. */
enum {
    CTM_OK = 0,
    CTM_E_ARG = 1,      /* a handle or an argument out of range */
    CTM_E_IO = 2,       /* a file could not be read */
    CTM_E_FORMAT = 3,   /* a malformed input file */
    CTM_E_FAULT = 4,    /* the program faulted (stack overflow, bad access, step limit) */
    CTM_E_NOMEM = 5,    /* out of memory */
    CTM_E_MISMATCH = 6, /* a DUT's outputs differ from the model's */
    CTM_E_STATE = 7,    /* a call out of order: a check before any step, a setter after it */
};

/* Formats of ctm_*_report. */
enum { CTM_REPORT_TEXT = 0, CTM_REPORT_JSON = 1 };

/* (major << 16) | (minor << 8) | patch of the library; a package or program
 * built against another major version must not use it. */
int ctm_version(void);

/* CTM_VERSION_STRING of the library: "MAJOR.MINOR.PATCH". */
const char *ctm_version_string(void);

/* The message of this thread's last failed call (any function; "" until one
 * fails). A successful ctm_*_new clears it. */
const char *ctm_error(void);

/* Empties this thread's ctm_error() text (since 1.17), so that a message after
 * a call is that call's: a call that returns nothing (ctm_*_step) tells a
 * misuse no other way. ctm_error()'s text is the library's: clear it so, not
 * through its pointer. */
void ctm_clear_error(void);

/* A block's port table (since 1.6): the ports of its input struct (outputs
 * 0) or output struct (outputs 1) in ctm_ports.h's order (the order reports
 * compare and show them), *count of them. block is "pred_stack",
 * "stack_acct" or "fc_unit" (or build/cosim's names "pred", "stack", "fc").
 * NULL and ctm_error() for an unknown block or a NULL argument. */
const ctm_port *ctm_ports(const char *block, int outputs, int *count);

/* ------------------------------------------------------------ pred_stack */

typedef struct ctm_pred ctm_pred;

/* Output fields of pred_stack (ctm_pred_expect), in the order ctm_pred_check
 * compares them. */
enum {
    CTM_PRED_EXEC_MASK,
    CTM_PRED_OBS_PRED,
    CTM_PRED_OBS_TASK_MASK,
    CTM_PRED_OBS_EXEC_MASK,
    CTM_PRED_OBS_SP,
    CTM_PRED_OBS_TOP,
    CTM_PRED_OBS_OVERFLOW,
    CTM_PRED_OBS_UNDERFLOW,
    CTM_PRED_FIELDS
};

/* The op codes of pred_stack's op_i (docs/pred_stack.md). WRITE (since 1.3)
 * stores mask as the predicate, the patent's write of a condition result;
 * SETP and PUSH_SETP are the AND forms. */
enum {
    CTM_PRED_OP_NOP = 0,
    CTM_PRED_OP_SETP = 1,
    CTM_PRED_OP_PUSH = 2,
    CTM_PRED_OP_POP = 3,
    CTM_PRED_OP_INV = 4,
    CTM_PRED_OP_PUSH_SETP = 5,
    CTM_PRED_OP_SET_TASK_MASK = 6,
    CTM_PRED_OP_WRITE = 7,
};

/* A predicate stack of contexts x lanes x depth (each 1..64), in reset. */
ctm_pred *ctm_pred_new(int contexts, int lanes, int depth);

/* The same with the lanes grouped as the patent's SPUs (since 1.3;
 * docs/pred_stack.md, "SPU grouping"): spu_sc SC lanes and one SFU lane per
 * SPU (0..63; 0 is ctm_pred_new's flat lanes), lanes a multiple of spu_sc + 1.
 * The patent's unit is ctm_pred_new_grouped(32, 20, 32, 4). */
ctm_pred *ctm_pred_new_grouped(int contexts, int lanes, int depth, int spu_sc);
void ctm_pred_free(ctm_pred *p);

/* The first half of a step: the cycle's expected outputs from these inputs
 * (ctm_pred_expect and ctm_pred_check read them; with rst every context is
 * reset first, as the asynchronous reset does), no edge yet. For a
 * testbench that compares, or looks at the state with ctm_pred_peek, before
 * it lets the clock edge happen. */
void ctm_pred_eval(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx);

/* The second half: the clock edge with the inputs of the last ctm_pred_eval
 * (the op lands on its context). A second edge without an eval does nothing. */
void ctm_pred_edge(ctm_pred *p);

/* What the observation outputs would show for context ctx now, without
 * stepping: field CTM_PRED_OBS_* (CTM_PRED_EXEC_MASK gives the context's
 * ExecuteMask, as obs_exec_mask). ctx as in ctm_pred_step. */
uint64_t ctm_pred_peek(const ctm_pred *p, int ctx, int field);

/* Since 1.4: pred_stack's ports as one struct each way, ctm_pred_in and
 * ctm_pred_out (ctm_ports.h), laid out word for word as the SystemVerilog
 * package ctm_ports_pkg packs ctm_pred_in_t and ctm_pred_out_t (`dpp svpkg`
 * writes it from the library's port tables; docs/dpi.md, "Port structs"), so
 * a testbench hands its DUT's packed outputs over as they are. */

/* One checked cycle (since 1.4): ctm_pred_eval with *in, ctm_pred_check with
 * *dut, and on a match ctm_pred_edge, at the cost of one call. On
 * CTM_E_MISMATCH the edge is not taken: ctm_pred_peek shows the state the
 * failing cycle started from (ctm_pred_edge takes it). Returns as
 * ctm_pred_check; a refused input is CTM_E_ARG. */
int ctm_pred_cycle(ctm_pred *p, const ctm_pred_in *in, const ctm_pred_out *dut);

/* The expected outputs of the last stepped cycle, all at once (since 1.4):
 * CTM_OK, or CTM_E_STATE before the first step. */
int ctm_pred_expected(const ctm_pred *p, ctm_pred_out *out);

/* The i-th last step (0: the last) that context ctx's history keeps
 * (ctm_pred_set_history; since 1.4): its cycle, inputs and expected outputs.
 * CTM_OK, or CTM_E_ARG when no such step is kept. A context past the last
 * one shares one history with the others past it. */
int ctm_pred_history(const ctm_pred *p, int ctx, int i, uint64_t *cycle, ctm_pred_in *in,
                     ctm_pred_out *expected);

/* The last check's first difference in one line, e.g. "cycle 97, context 3:
 * exec_mask: expected 0xc10, actual 0xc13 (lanes 0 1 differ)"; "" after a
 * match; the error after CTM_E_ARG or CTM_E_STATE. */
const char *ctm_pred_diff(const ctm_pred *p);

/* The last check's first differing output as data (since 1.12), so a
 * testbench need not find it again: *port its index in ctm_ports("pred_stack",
 * 1, ...) (the order of the CTM_PRED_* fields), -1 after a match or before a
 * check; *lane the lowest lane that differs when the port is a lane mask (or,
 * fc_unit's bc, a byte per lane), else -1. CTM_OK, or CTM_E_ARG. */
int ctm_pred_diff_port(const ctm_pred *p, int *port, int *lane);

/* The last check's mismatch in full, as CTM_REPORT_TEXT or CTM_REPORT_JSON
 * (docs/cosim-report.schema.json, "source": "libctm"): the cycle and step,
 * the context, every differing field with its lanes, the inputs of the
 * failing cycle and the last steps of that context (ctm_pred_set_history).
 * "" after a match or a check that returned an error. The text stays valid
 * until the next report call. */
const char *ctm_pred_report(ctm_pred *p, int format);

/* Numbers the next step `cycle` (the ones after it count up from there);
 * CTM_OK. */
int ctm_pred_set_cycle(ctm_pred *p, uint64_t cycle);

/* Keeps the last `steps` (0..4096, default 8) steps of each context for the
 * report, forgetting those kept so far; CTM_OK. */
int ctm_pred_set_history(ctm_pred *p, int steps);

/* ------------------------------------------------------------ stack_acct */

typedef struct ctm_stack ctm_stack;

enum {
    CTM_STACK_ENTRIES,
    CTM_STACK_SUBENTRIES,
    CTM_STACK_NEED,
    CTM_STACK_HWM,
    CTM_STACK_DEPTH,
    CTM_STACK_OVERFLOW,
    CTM_STACK_UNDERFLOW,
    CTM_STACK_DROP,
    CTM_STACK_FIELDS
};

/* The op codes of stack_acct's op_i (docs/stack_acct.md); 13..15 are
 * reserved and do what NOP does. */
enum {
    CTM_STACK_OP_NOP = 0,
    CTM_STACK_OP_PUSH = 1,
    CTM_STACK_OP_PUSH_WQM = 2,
    CTM_STACK_OP_PUSH_ELSE = 3,
    CTM_STACK_OP_ALU_PUSH_BEFORE = 4,
    CTM_STACK_OP_LOOP_START = 5,
    CTM_STACK_OP_CALL = 6,
    CTM_STACK_OP_POP = 7,
    CTM_STACK_OP_LOOP_END = 8,
    CTM_STACK_OP_RETURN = 9,
    CTM_STACK_OP_ELSE = 10,
    CTM_STACK_OP_JUMP = 11,
    CTM_STACK_OP_CLEAR = 12,
};

/* The R700 stack accounting (docs/stack_acct.md) of width 16/32/48/64 under
 * rule 0 ISA, 1 Mesa, 2 LLVM, for chip 0 R7xx, 1 Evergreen, 2 NI, 3 Cayman,
 * with a tracker of depth frames (1..1024), in reset. */
ctm_stack *ctm_stack_new(int width, int rule, int chip, int depth);
void ctm_stack_free(ctm_stack *s);

/* stack_acct's ports as one struct each way (since 1.4; ctm_ports.h), as
 * ctm_pred_in. */
/* As ctm_pred_cycle and ctm_pred_expected (since 1.4). stack_acct has no
 * eval/edge halves: the cycle's edge is taken whatever the verdict. */
int ctm_stack_cycle(ctm_stack *s, const ctm_stack_in *in, const ctm_stack_out *dut);
int ctm_stack_expected(const ctm_stack *s, ctm_stack_out *out);
int ctm_stack_history(const ctm_stack *s, int i, uint64_t *cycle, ctm_stack_in *in,
                      ctm_stack_out *expected);

const char *ctm_stack_diff(const ctm_stack *s);
int ctm_stack_diff_port(const ctm_stack *s, int *port, int *lane); /* as ctm_pred_diff_port */

/* As ctm_pred_report, ctm_pred_set_cycle, ctm_pred_set_history (one history:
 * the unit has no contexts). */
const char *ctm_stack_report(ctm_stack *s, int format);
int ctm_stack_set_cycle(ctm_stack *s, uint64_t cycle);
int ctm_stack_set_history(ctm_stack *s, int steps);

/* ------------------------------------------------------------ fc_unit */

typedef struct ctm_fc ctm_fc;

/* Output fields of fc_unit (ctm_fc_expect), in the order ctm_fc_check compares
 * them (docs/fc_unit.md); the per-lane counters bc_o come last. */
enum {
    CTM_FC_JUMP,
    CTM_FC_NEXT_PC,
    CTM_FC_WANT,
    CTM_FC_ACTIVE,
    CTM_FC_BR_INACTIVE,
    CTM_FC_LOOP_MASKED,
    CTM_FC_DEPTH,
    CTM_FC_ADDR_SP,
    CTM_FC_ADDR_TOP,
    CTM_FC_LOOP_SP,
    CTM_FC_LOOP_TOP_IS_LOOP,
    CTM_FC_LOOP_TOP_COUNT,
    CTM_FC_LOOP_TOP_LIVE,
    CTM_FC_LOOP_TOP_BRK,
    CTM_FC_LOOP_TOP_CONT,
    CTM_FC_AL,
    CTM_FC_OVF,
    CTM_FC_UDF,
    CTM_FC_FAULT,
    CTM_FC_FIELDS
};

/* The CTM flow-control unit: contexts (1..256) x lanes (1..64), address and
 * loop stacks of addr_depth and loop_depth entries (0..32), branch counters of
 * bc_width bits (3..8), in reset. */
ctm_fc *ctm_fc_new(int contexts, int lanes, int addr_depth, int loop_depth, int bc_width);
void ctm_fc_free(ctm_fc *f);

/* fc_unit's commands (cmd_i); 3 is reserved and does what IDLE does. */
enum { CTM_FC_CMD_IDLE = 0, CTM_FC_CMD_START = 1, CTM_FC_CMD_EXEC = 2 };

/* The last check's first difference; "" after a match. */
const char *ctm_fc_diff(const ctm_fc *f);

/* As ctm_pred_diff_port; the counters bc are the last port (CTM_FC_FIELDS), *lane the
 * first lane whose counter differs. */
int ctm_fc_diff_port(const ctm_fc *f, int *port, int *lane);

/* fc_unit's ports as one struct each way (since 1.5; ctm_ports.h), as
 * ctm_pred_in: the structs ctm_fc_in_t and ctm_fc_out_t of ctm_ports_pkg. The
 * inputs are ctm_fc_step's arguments (the instruction as its encoded dwords);
 * the outputs are ctm_fc_check's, al_o's 16 bits zero-extended, and the
 * branch counters bc_o as one byte per lane (lane i's counter in bc[i], 0
 * past `lanes`). */

/* As ctm_stack_cycle, ctm_pred_expected and ctm_pred_history (since 1.5): one
 * checked cycle (a cycle with rst is stepped, not compared), the expected
 * outputs of the last stepped cycle, and step i of context ctx's history. */
int ctm_fc_cycle(ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut);
int ctm_fc_expected(const ctm_fc *f, ctm_fc_out *out);
int ctm_fc_history(const ctm_fc *f, int ctx, int i, uint64_t *cycle, ctm_fc_in *in,
                   ctm_fc_out *expected);

/* n checked cycles in one call (since 1.21): as ctm_fc_cycle(f, &in[i],
 * &dut[i]) for i = 0, 1, ..., stopping after the first that does not return
 * CTM_OK; returns that one's status, or CTM_OK when all n matched. *stepped
 * (NULL: not wanted) is the number of cycles taken, the failing one
 * included. The same history, diff and report as n calls; for a testbench
 * that keeps a batch of cycles and checks them at once (the checker's code
 * then stays warm in the caches). in and dut: arrays of n (n >= 0). C only. */
int ctm_fc_cycles(ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut, int n, int *stepped);

/* As ctm_pred_report, ctm_pred_set_cycle, ctm_pred_set_history; a difference
 * of the counters shows as the field bc, as the mask of the lanes whose
 * counter differs (expected 0), and the diff names the first such lane. */
const char *ctm_fc_report(ctm_fc *f, int format);
int ctm_fc_set_cycle(ctm_fc *f, uint64_t cycle);
int ctm_fc_set_history(ctm_fc *f, int steps);

/* ------------------------------------------------------------ the processor array */

typedef struct ctm_model ctm_model;

/* A run of the CTM executable at elf_path over a width x height domain (1..4096
 * each), on an array of `lanes` (1..64) lanes per wavefront and `contexts`
 * (1..16) wavefronts in flight, with address and loop stacks of the given
 * depths (0..32 each; the fc_unit's shape). Nothing runs until
 * ctm_model_step. */
ctm_model *ctm_model_new(const char *elf_path, int width, int height, int lanes, int contexts,
                         int addr_depth, int loop_depth);
void ctm_model_free(ctm_model *m);

/* Surface formats CTM_FMT_* (UINT16_1 .. FLOAT32_4), layouts CTM_TILE_*, the PE's
 * opcodes CTM_PE_OP_* (since 1.19) and the format word's CTM_FMTWORD_* fields: ctm_consts.h,
 * which `dpp svpkg --consts` writes from the model's own tables (docs/mc.md, docs/pe.md). */

/* Binds input n (0..15, the program's INPUT n) to width x height elements of
 * format CTM_FMT_*, row-major, as `dpp run --in` does; before the first
 * ctm_model_step only. ctm_model_set_input (C only: the data stays the
 * caller's and must live as long as the handle) and ctm_model_load_input
 * (the raw bytes of a file, exactly width x height elements, each 1..8192).
 * CTM_OK, or a status (CTM_E_ARG, CTM_E_STATE after the first step, CTM_E_IO,
 * CTM_E_FORMAT) with ctm_model_error saying why; a program that reads an input left
 * unbound reads zeros from a surface of the domain's size (a read outside it faults, as
 * any read outside a surface does: the reduction example reads 16 elements to the right
 * of its own and needs a wider input), unless the executable names an input pattern
 * for it (the INPUTPATTERN note of `dpp progen --profile divergent`): then the run
 * generates that pattern for its lanes and domain (docs/isa-model-defined.md, E9).
 * Inputs and constants take effect at the first
 * ctm_model_step, which prepares the run with all of them once (if it cannot,
 * that step returns -CTM_E_FAULT and ctm_model_error says why). */
int ctm_model_set_input(ctm_model *m, int n, const void *data, int format, int width, int height);
int ctm_model_load_input(ctm_model *m, int n, const char *path, int format, int width,
                         int height);

/* Overrides a constant of the executable, as `dpp run --constf/--consti/
 * --constb` do; before the first ctm_model_step only. Float constant n
 * (0..255) as four floats; integer (loop) constant n (0..31) as count 0..255,
 * init 0..255, step -128..127; boolean constant n (0..31) as 0 or 1. CTM_OK,
 * or CTM_E_ARG (an argument out of range) or CTM_E_STATE (after the first
 * step) with ctm_model_error saying why. */
int ctm_model_set_constf(ctm_model *m, int n, double x, double y, double z, double w);
int ctm_model_set_consti(ctm_model *m, int n, int count, int init, int step);
int ctm_model_set_constb(ctm_model *m, int n, int value);

/* The layouts and the conditional output of a run (since 1.11), as `dpp run`'s
 * command buffer programs them; before the first ctm_model_step only (else
 * CTM_E_STATE), CTM_E_ARG for an argument out of range, named.
 * ctm_model_set_tiling: the layout CTM_TILE_* of input n (client CTM_PE_INPUT,
 * n 0..15; an unbound input too), output n (CTM_PE_OUTPUT, 0..3) or the
 * conditional buffer (CTM_PE_COND, n 0); default linear. In the 2x2 layouts a
 * one-channel input reads the quad (x+1, y), (x, y+1), (x+1, y+1), (x, y); a
 * 2x2 layout of an input of more channels faults at its first read.
 * ctm_model_set_out_format: the format CTM_FMT_* output n (0..3) is stored in
 * (default FLOAT32_4).
 * ctm_model_set_cond: programs the CO (set_cond_test, _loc, _out_mask,
 * _val): the test CTM_CO_*, the location CTM_CO_LOC_*, writemask 0 or 1 (v
 * written back where the pair is kept) and the PE's value (fp32 bits), as
 * `dpp run --cond-test --cond-loc --cond-write --cond-val` do.
 * ctm_model_load_cond: the conditional buffer b from a raw file of exactly
 * width x height elements of format (read from channel 0), as `--cond-buf`;
 * it programs the CO too (test ALWAYS at the DPP, no write-back, value 0,
 * until ctm_model_set_cond). A CO programmed without a buffer tests against
 * a domain-sized FLOAT32_1 buffer of zeros. */
int ctm_model_set_tiling(ctm_model *m, int client, int n, int tiling);
int ctm_model_set_out_format(ctm_model *m, int n, int format);
int ctm_model_set_cond(ctm_model *m, int test, int loc, int writemask, uint32_t value);
int ctm_model_load_cond(ctm_model *m, const char *path, int format, int width, int height);

/* The little-endian word at addr (a multiple of 4) of the run's device memory
 * as it stands (since 1.11): the inputs, constants and command buffer as the
 * run lays them out (before the first step: as it will), then what the MC
 * has written (conditional-buffer write-backs; outputs are checked but not
 * kept by a ctm_model_new run, docs/txn.md; a ctm_model_new_cmd run keeps
 * them). For a testbench that serves a design's memory reads from the
 * model's memory. CTM_OK, or CTM_E_ARG (addr unaligned or outside the run's
 * memory), or CTM_E_STATE when the run cannot be laid out (a ctm_model_new_cmd
 * memory too small for its image and buffer, say: ctm_model_error says why,
 * and the first step, commit or transaction faults with the reason); *word 0. */
int ctm_model_read_word(ctm_model *m, uint32_t addr, uint32_t *word);

/* A run of the user's own command buffer against the user's own device memory image
 * (since 1.16), as `dpp exec CMDBUF --mem IMAGE` runs it (docs/run.md, "A run of your own
 * command buffer"): the image at device address 0, the buffer at the next 2 KiB boundary
 * after it, device memory of mem_bytes (a multiple of 2048 up to 1 GiB; 0: the image plus
 * the buffer, as dpp exec's default). Every command runs as the PE runs it, the whole
 * buffer's framing checked before the first: each start_program runs the program at the
 * image's instruction surface over its domain, outputs and conditional write-backs land in
 * the device memory. The run is a ctm_model like ctm_model_new's: its steps, commits and
 * transactions come out as for an executable's run (so a ctm_commit_checker or
 * ctm_txn_checker takes it), and ctm_model_read_word reads its memory, after the run too.
 * A failing command ends it as a fault (-CTM_E_FAULT) whose message names the buffer, the
 * command's byte offset, the command and the rule ("cmd.bin: byte 12: error: start_program:
 * no domain: set_domain has not been issued"), after the steps, commits or transactions
 * before it. The array's shape as ctm_model_new's. NULL and ctm_error() on a bad argument. */
ctm_model *ctm_model_new_cmd(uint32_t mem_bytes, int lanes, int contexts, int addr_depth,
                             int loop_depth);

/* The image and the buffer, before the run's first step, commit or transaction (else
 * CTM_E_STATE; also on a ctm_model_new model). ctm_model_load_mem: the image is the
 * file's bytes (CTM_E_FORMAT, naming the size it may be, for a file larger than the
 * memory less 2 KiB). ctm_model_put_mem: the word at addr (a multiple of 4) of the image,
 * little-endian; the image grows to hold it, zeros between. ctm_model_load_cmd: the buffer
 * is the file's bytes (a multiple of 4: CTM_E_FORMAT names the sizes expected; errors of
 * the run name the file). ctm_model_put_cmd: one more word at the buffer's end. CTM_OK, or
 * CTM_E_ARG, CTM_E_IO, CTM_E_FORMAT, CTM_E_NOMEM or CTM_E_STATE with ctm_model_error
 * saying why. */
int ctm_model_load_mem(ctm_model *m, const char *path);
int ctm_model_put_mem(ctm_model *m, uint32_t addr, uint32_t word);
int ctm_model_load_cmd(ctm_model *m, const char *path);
int ctm_model_put_cmd(ctm_model *m, uint32_t word);

/* Runs the model to its next flow-control step (a wavefront's START, or an FC
 * instruction's step of the flow-control unit): 1, or 0 when the run has
 * ended, or -CTM_E_FAULT when the program faulted (ctm_model_error says
 * where; the steps before it were all handed out), or -CTM_E_ARG for a bad
 * handle, or -CTM_E_STATE when the run hands out commits (ctm_model_commit) or a
 * commit checker drives it (but for a run it shares: ctm_commit_share). */
int ctm_model_step(ctm_model *m);

/* The fc_unit inputs of the current step, by port name without _i: "cmd",
 * "ctx", "full_mode", "op", "b_else", "jump_any", "a_op", "jump_func",
 * "b_pop_cnt", "b_op0", "b_op1", "jump_addr", "pred_sel", "pred_inv",
 * "pred0".."pred3", "alu_result", "alu_valid", "bool_const", "loop_count",
 * "loop_init", "loop_step" (two's complement, 8 bits), "pc", "live"; and the
 * model's own results of the step: "active", "want", "jump", "next_pc",
 * "fault" (FC_FAULT_* of docs/fc_unit.md, 0 none), "wave" (the wavefront's
 * number). 0, and an error, for an unknown name or when there is no current
 * step (before the first, after the last). */
uint64_t ctm_model_get(const ctm_model *m, const char *name);

/* The same in two halves, for a testbench that reads many ports every step:
 * ctm_model_port looks a name up once (an index >= 0, or -1 for an unknown
 * name), ctm_model_get_port reads the port of that index (0, and an error,
 * for an index that is not one). */
int ctm_model_port(const char *name);
uint64_t ctm_model_get_port(const ctm_model *m, int port);

/* The fault's message after -CTM_E_FAULT, or the last error of a call on m;
 * for NULL, ctm_error() (why ctm_model_new failed); for a freed m, that it
 * was freed. */
const char *ctm_model_error(const ctm_model *m);

/* ------------------------------------------------------------ commit-level checking */

/* A design with its own pipeline is checked where it commits, not cycle by
 * cycle (since 1.8; docs/commit.md). Level 0 is what any design of the CTM
 * must commit, per context (wavefront) in program order: the wavefront's
 * START, each instruction (ALU, TEX, OUTPUT, FC) with its pc and the lanes
 * it acts on, the lanes that end with it, and its END. */
enum {
    CTM_COMMIT_START = 0, /* a wavefront begins: exec = its live lanes, active after */
    CTM_COMMIT_ALU = 1,
    CTM_COMMIT_TEX = 2,   /* kill = the lanes TEXKILL ended */
    CTM_COMMIT_OUTPUT = 3,
    CTM_COMMIT_FC = 4,    /* exec = active lanes before; jump, next_pc, active after */
    CTM_COMMIT_END = 5,   /* no lane is left: pc = where it ended */
    /* Level 1, control events: what each FC commit did to the lanes, for a design
     * with another mechanism (docs/commit.md). With START and END; pc is the FC's. */
    CTM_COMMIT_DIVERGE = 6,      /* exec = lanes it parked (active before, not after) */
    CTM_COMMIT_RECONVERGE = 7,   /* exec = lanes it woke (active after, not before) */
    CTM_COMMIT_LOOP_ENTER = 8,   /* LOOP, REP: exec = active after, al */
    CTM_COMMIT_LOOP_ITERATE = 9, /* ENDLOOP, ENDREP that jump back: exec = active after, al */
    CTM_COMMIT_LOOP_EXIT = 10,   /* ENDLOOP, ENDREP that fall through: exec = active after, al */
    CTM_COMMIT_BREAK = 11,       /* BREAKLOOP, BREAKREP: exec = active after */
    CTM_COMMIT_CONTINUE = 12,    /* CONTINUE: exec = active after */
    CTM_COMMIT_CALL = 13,        /* a JUMP that pushes (CALL) and jumps: exec = active after */
    CTM_COMMIT_RETURN = 14,      /* a JUMP that pops (RET) and jumps: exec = active after */
    /* Levels 0 and 1, opt-in (ctm_commit_set_kinds, since 1.9): a TEXKILL's lanes reported
     * on their own, whenever the design learns them (a texture unit's late answer): pc = the
     * TEX, kill = its lanes. Until it comes, the wave's other commits are compared outside
     * those lanes, and a TEX commit's kill is not compared (docs/commit.md). */
    CTM_COMMIT_KILL = 15,
    /* Level 2 (since 1.11): the state of one family of designs after each START and FC
     * commit of level 0 (docs/commit.md, "Level 2"; ctm_commit_set_family). */
    CTM_COMMIT_FC_STATE = 16, /* the fc_unit family: pc, br_inactive, depth, addr_sp,
                                 addr_top, loop_sp, loop_count, al, bc */
    CTM_COMMIT_PRED_OP = 17,  /* the predicate-stack family: one op of the system's mapping:
                                 pc, op, quarter, mask, exec (the ExecuteMask after it) */
    /* Any level, opt-in (ctm_commit_set_regions, since 1.14): after each START and FC
     * step, the number of open branch regions (docs/commit.md, "Open regions"). */
    CTM_COMMIT_REGIONS = 18, /* pc (START: 0), regions */
    CTM_COMMIT_KINDS
};

/* The family a level-2 checker expects (ctm_commit_set_family). */
enum { CTM_COMMIT_FAMILY_FC = 0, CTM_COMMIT_FAMILY_PRED = 1 };

/* One commit. The fields a kind does not name are not compared (zero them). */
typedef struct ctm_commit {
    int ctx;          /* the design's context (the model's slot in ctm_model_commit) */
    int kind;         /* CTM_COMMIT_* */
    int wave;         /* START: the wavefront's number in dispatch order from 0, or
                         -1 for the next one no START has claimed; others: ignored */
    uint32_t pc;      /* the instruction's address */
    uint64_t exec;    /* the lanes it acts on (FC: the active lanes it decides for) */
    uint64_t done;    /* the lanes that end with it (LAST bit, the program's end) */
    uint64_t kill;    /* TEX, KILL: the lanes TEXKILL ended */
    int jump;         /* FC: the group decision, 0 or 1 */
    uint32_t next_pc; /* FC: where the wavefront goes on */
    uint64_t active;  /* FC, START: the active lanes after it */
    int al;           /* FC, LOOP_*, FC_STATE: the loop counter aL after it */
    /* level 2 (since 1.11) */
    int op;              /* PRED_OP: the op (CTM_PRED_OP_*) */
    int quarter;         /* PRED_OP: the predicate context within the wavefront (16 lanes each) */
    uint64_t mask;       /* PRED_OP: the mask it drives (the quarter's lanes, from bit 0) */
    uint64_t br_inactive; /* FC_STATE: the lanes a branch parked (their counters in bc) */
    uint32_t depth;      /* FC_STATE: open branch nesting of the group */
    uint32_t addr_sp;    /* FC_STATE: address stack entries in use */
    uint32_t addr_top;   /* FC_STATE: the top return address (0 when empty) */
    uint32_t loop_sp;    /* FC_STATE: loop frames in use */
    uint32_t loop_count; /* FC_STATE: the top frame's iterations remaining (0 when empty) */
    uint8_t bc[64];      /* FC_STATE: each lane's branch counter (0 unless in br_inactive) */
    uint32_t regions;    /* REGIONS (since 1.14): open branch regions after the step */
} ctm_commit;

/* Runs m to its next level-0 commit, in the model's own order (wavefronts in flight
 * interleave as the model issues them; ctx is the model's slot, wave is
 * set): 1 and *out, 0 when the run has ended, -CTM_E_FAULT when the program
 * faulted (ctm_model_error says where), -CTM_E_STATE when m was stepped with
 * ctm_model_step or a checker drives it, -CTM_E_ARG for a bad argument. */
int ctm_model_commit(ctm_model *m, ctm_commit *out);

typedef struct ctm_commit_checker ctm_commit_checker;

/* A checker of a design's commits against the run of m (already set up:
 * inputs and constants; not yet stepped): the design's contexts are
 * 0..contexts-1 (1..1024); level 0 (START, each instruction, END), 1
 * (START, the control events of each FC commit, END) or 2 (level 0, and
 * after each START and FC the state of a family of designs: FC_STATE or
 * PRED_OP, ctm_commit_set_family).
 * The checker drives m (keep m until the checker is freed). NULL and
 * ctm_error() on a bad argument. */
ctm_commit_checker *ctm_commit_new(ctm_model *m, int contexts, int level);
void ctm_commit_free(ctm_commit_checker *c);

/* The kinds the design commits (bit k: CTM_COMMIT_k; default all of the
 * level's but KILL): a unit that sees only flow control commits START and FC
 * (0x11); the model's commits of the other kinds are not expected. START must
 * be among them; without END, a wavefront ends once every commit of it was
 * made. With KILL (1 << CTM_COMMIT_KILL) the design reports each TEXKILL's
 * lanes as a commit of its own, at any time before the wavefront's END.
 * REGIONS is set by ctm_commit_set_regions and kept here. Before the first
 * commit; CTM_OK, CTM_E_ARG or CTM_E_STATE. */
int ctm_commit_set_kinds(ctm_commit_checker *c, int kinds);

/* Level 2 (since 1.11): the family whose state the design commits,
 * CTM_COMMIT_FAMILY_FC (the default: fc_unit's branch counters and stacks,
 * FC_STATE) or CTM_COMMIT_FAMILY_PRED (the patent's predicate stack driven
 * by the system run's mapping, PRED_OP; the model's lanes in quarters of 16,
 * at most 64 quarters in flight). Sets the kinds to the family's (level 0's
 * and its own). Before the first commit, level 2 only; CTM_OK, CTM_E_ARG or
 * CTM_E_STATE. */
int ctm_commit_set_family(ctm_commit_checker *c, int family);

/* What a uniform branch (one that parks no lane: every lane it decides for
 * goes the same way) is to the count of open regions (ctm_commit_set_regions). */
enum {
    CTM_REGIONS_DIVERGENT = 0, /* not a region: only a branch that parks lanes opens one */
    CTM_REGIONS_ALL = 1,       /* a region too: every branch level opened counts */
};

/* Open regions (since 1.14; docs/commit.md, "Open regions"): the design
 * commits, after each START and FC step (after that step's other commits),
 * a REGIONS commit with the number of branch levels it holds open, which
 * must equal the model's count by `policy` (CTM_REGIONS_*: whether a uniform
 * branch opens one). The count after a wavefront's last step is the one it
 * ends with (0 for a program that closes every branch it opens): a stack
 * that leaks an entry with every mask right is caught at the step. Adds
 * REGIONS to the kinds (ctm_commit_set_kinds keeps it). Before the first
 * commit; CTM_OK, CTM_E_ARG or CTM_E_STATE. */
int ctm_commit_set_regions(ctm_commit_checker *c, int policy);

/* A REGIONS commit with its fields as arguments (the DPI package's form;
 * ctm_commit_check_state puts a state commit of kind REGIONS with it). */
int ctm_commit_put_regions(ctm_commit_checker *c, uint64_t cycle, int ctx, uint32_t pc,
                           uint32_t regions);

/* One run for stimulus and reference (since 1.8): the testbench steps the
 * checker's model with ctm_model_step for the design's stimulus, and the
 * checker takes the commits those steps make, instead of running a second
 * copy of the program. A commit ahead of the steps is a mismatch ("extra");
 * the drain check runs the rest of the run. Before the model's first step;
 * CTM_OK, or CTM_E_STATE. */
int ctm_commit_share(ctm_commit_checker *c);

/* The design committed *r at `cycle` (the testbench's count, for reports).
 * Each context's commits come in program order; contexts interleave freely.
 * A START binds r->ctx to a wavefront until its END. CTM_OK, or
 * CTM_E_MISMATCH (ctm_commit_diff: the first difference, ctm_commit_report:
 * all of it), CTM_E_ARG for a bad argument (a context out of range, an
 * unknown kind), CTM_E_FAULT if the model faulted. The first mismatch ends
 * the check: later calls return it again. */
int ctm_commit_put(ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r);

/* ctm_commit_put with the record's fields as arguments (the DPI package's
 * form). */
int ctm_commit_put_fields(ctm_commit_checker *c, uint64_t cycle, int ctx, int kind, int wave,
                          uint32_t pc, uint64_t exec, uint64_t done, uint64_t kill, int jump,
                          uint32_t next_pc, uint64_t active, int al);

/* A level-2 commit with its fields as arguments (the DPI package's form):
 * kind FC_STATE or PRED_OP, bc the 64 lanes' branch counters (lane l in
 * byte l; SV: bit [511:0], lane l in [8l +: 8]). */
int ctm_commit_put_state(ctm_commit_checker *c, uint64_t cycle, int ctx, int kind, uint32_t pc,
                         int op, int quarter, uint64_t mask, uint64_t exec,
                         uint64_t br_inactive, uint32_t depth,
                         uint32_t addr_sp, uint32_t addr_top, uint32_t loop_sp,
                         uint32_t loop_count, int al, const uint8_t bc[64]);

/* The watchdog, called once per clock (or whenever the testbench likes):
 * CTM_E_MISMATCH when the design has committed nothing for the watchdog's
 * cycles (ctm_commit_set_watchdog, default 10000) while commits are still
 * expected; the report says what each context waits for. Else CTM_OK. */
int ctm_commit_clock(ctm_commit_checker *c, uint64_t cycle);

/* Cycles without a commit that make a hang (0: no watchdog); CTM_OK. */
int ctm_commit_set_watchdog(ctm_commit_checker *c, uint64_t cycles);

/* The drain check, at the end of the test: CTM_OK when every commit the
 * model expects was made, else CTM_E_MISMATCH and a report of the commits
 * never made (per wavefront: how many, from which pc). */
int ctm_commit_finish(ctm_commit_checker *c);

/* Commits checked so far (matched). */
uint64_t ctm_commit_count(const ctm_commit_checker *c);

/* The first difference in one line, e.g. "cycle 812, context 2 (wave 5), pc
 * 14: FC: active: expected 0xff00, actual 0xff80 (lanes 7 differ)"; "" while
 * all matched; the error after CTM_E_ARG. */
const char *ctm_commit_diff(const ctm_commit_checker *c);

/* The mismatch in full, CTM_REPORT_TEXT or CTM_REPORT_JSON: the cycle,
 * context, wavefront, pc, level, field, both values and the lanes that
 * differ, the last commits of that wavefront and the next ones the model
 * expects; "" while all matched. Valid until the next report call. */
const char *ctm_commit_report(ctm_commit_checker *c, int format);

/* SIMT control coverage (since 1.13; docs/commit.md, "Control coverage"):
 * what a run's flow control exercised, counted on the model's own fc_unit
 * steps as the run makes its commits (ctm_model_commit, ctm_model_step, a
 * ctm_commit_checker's model, shared or not; ctm_model_txn). Each FC step
 * counts in one bin of construct (IF ELSE ENDIF LOOP ENDLOOP REP ENDREP
 * BREAK CONTINUE CALL RET JUMP_ANY JUMP_ALL) x outcome (taken, not_taken,
 * diverged) x nesting (d0..d6, d7+), e.g. "IF.diverged.d2"; then the
 * reconvergences per nesting, loops that shrank and grew back, calls and
 * returns from diverged lanes, stacks filled, kills in diverged regions. */

/* The number of bins, and a bin's stable name (0..ctm_cover_bins()-1; ""
 * and ctm_error() past them). */
int ctm_cover_bins(void);
const char *ctm_cover_name(int bin);

/* The hits of one bin in m's run so far; 0 (and ctm_model_error) for a bad
 * handle or bin. */
uint64_t ctm_model_cover(const ctm_model *m, int bin);

/* Every bin, as CTM_REPORT_TEXT (a table: construct and outcome by nesting,
 * rows of zeros left out, then the other bins) or CTM_REPORT_JSON ({"bins",
 * "hit", "steps", "hits": {name: count}}); valid until the next call on m.
 * The error text for a bad handle or format. */
const char *ctm_model_cover_report(ctm_model *m, int format);

/* ------------------------------------------------------------ MC and CO */

/* Pure functions of the memory controller (MC) and the conditional output
 * unit (CO), since 1.7: the model's own code, for an RTL address generator,
 * format converter or output unit to check against (docs/dpi.md, "Units").
 * Each returns CTM_OK, or CTM_E_ARG (an argument out of range or NULL, named
 * by ctm_error()); nothing is kept between calls. Formats are CTM_FMT_*
 * (above). */

/* Surface layouts CTM_TILE_* (ctm_consts.h): linear rows, the model's 4 x 4 element
 * tiles, and the same two with a single-channel input read as 2 x 2 quads (docs/mc.md). */

/* The byte address of element (x, y) of a surface at `base` (a multiple of
 * 2048: the command words carry bits 31:11), `pitch` elements a row (a
 * multiple of 4, 0..8188), `height` rows (0..8191), layout CTM_TILE_* and
 * format CTM_FMT_*, into *address. CTM_E_FAULT (and *address 0) when (x, y)
 * lies outside pitch x height, as the MC faults such an access. */
int ctm_mc_address(uint32_t base, uint32_t pitch, uint32_t height, int tiling, int format,
                   int64_t x, int64_t y, uint64_t *address);

/* Bytes of one element of a format (2, 4, 4, 8 or 16), or -CTM_E_ARG. */
int ctm_mc_element_bytes(int format);

/* An element as it lies in memory (its first ctm_mc_element_bytes bytes of
 * element) as the four fp32 bit patterns a program reads, by docs/mc.md
 * ("Conversions"): UINT8_4 channels as c/255, UINT16_1 as its integer value
 * (not normalised), FLOAT32_n raw; the missing G, B, A channels read 0, 0, 1. */
int ctm_mc_unpack(int format, const uint8_t element[16], uint32_t value[4]);

/* Four fp32 bit patterns as the element an output write stores, by the rule
 * of docs/mc.md ("Conversions": UINT8_4 rounds the fp32 product v*255 to the
 * nearest integer, ties to even; UINT16_1 rounds v; both clamp, NaN 0;
 * floats raw). element gets every channel (the bytes past the element 0);
 * *byte_mask has bit k set for each byte k that a write with channel mask
 * chmask (0..15, bit c = channel c) stores. */
int ctm_mc_pack(int format, const uint32_t value[4], int chmask, uint8_t element[16],
                uint32_t *byte_mask);

/* CO tests (set_cond_test) and locations (set_cond_loc): which unit, the
 * DPP at each lane's end or the PE at each pair's start, is tested. */
enum {
    CTM_CO_NEVER = 0,
    CTM_CO_LESS = 1,
    CTM_CO_LEQUAL = 2,
    CTM_CO_EQUAL = 3,
    CTM_CO_GEQUAL = 4,
    CTM_CO_GREATER = 5,
    CTM_CO_NOTEQUAL = 6,
    CTM_CO_ALWAYS = 7,
};
enum { CTM_CO_LOC_DPP = 0, CTM_CO_LOC_PE = 1 };

/* The CO's decision for one request of `client` (CTM_CO_LOC_*) with value v
 * (fp32 bits) against b, the conditional buffer's value at the pair, under
 * test, loc and writemask (0, 1): *keep 1 keeps the pair (the client that
 * loc does not name always keeps it), *write 1 writes v back to the buffer
 * (a kept pair of the tested client with writemask on). IEEE compares: a
 * NaN fails every test but NOTEQUAL and ALWAYS, -0 equals +0. */
int ctm_co_decide(int test, int loc, int writemask, int client, uint32_t v, uint32_t b, int *keep,
                  int *write);

/* 1 when such a request reads the buffer (the tested client, a test other
 * than NEVER and ALWAYS), else 0; -CTM_E_ARG for an argument out of range. */
int ctm_co_reads_buffer(int test, int loc, int client);

/* ------------------------------------------------------------ the PE's command processor */

/* The processor execution unit fed a command buffer one dword at a time, as
 * a design receives it (since 1.10; docs/dpi.md, "PE"): each command is
 * checked and run by the model's own PE code (what `dpp exec` runs) as its
 * last word arrives, and the command and the state it leaves are read field
 * by field, for a design's command processor to be checked against. */
typedef struct ctm_pe ctm_pe;

/* A PE handing out wavefronts of `lanes` (1..64) lanes, over mem_bytes
 * (1..2^30) of zeroed device memory (what `dpp exec --mem-size` gives: a
 * surface must fit in it; read_perf_counters writes there and a conditional
 * test at the PE reads there). Model-defined: the handle has no processor
 * array; start_program walks the domain and hands each wavefront to an array
 * that runs nothing, so its counts ("programs", "waves", "busy_reports", ...)
 * are the model's and no instruction executes (run the program with
 * ctm_model_new). NULL and ctm_error() on a bad argument. */
ctm_pe *ctm_pe_new(int lanes, uint32_t mem_bytes);
void ctm_pe_free(ctm_pe *pe);

/* The next dword of the buffer (the handle's word n is byte 4n of a buffer
 * `dpp exec` would read). A header word is checked as it arrives, a
 * parameter word too (reserved bits), and the command runs with its last
 * word. CTM_OK, or the stream's first error with `dpp exec`'s text after
 * "ctm_pe_put: " (e.g. "ctm_pe_put: byte 12: error: start_program: no
 * domain: set_domain has not been issued"): CTM_E_FORMAT for a malformed
 * word or a command the model refuses, CTM_E_FAULT for a fault while it ran
 * (a conditional buffer or memory write out of range). The first error stops
 * the stream, as it stops `dpp exec`: the state is what the commands before
 * it (and the failing one, up to its failure) left, later puts take no word
 * and return the same error (ctm_pe_error keeps it); make a new handle to go
 * on. Unlike `dpp exec`, which checks the whole buffer's framing before it
 * runs any command, the commands before a malformed word have run. */
int ctm_pe_put(ctm_pe *pe, uint32_t dword);

/* The end of the buffer: CTM_OK, or CTM_E_FORMAT when a command still
 * awaits parameter words ("ctm_pe_finish: byte N: error: truncated
 * set_domain: 16 parameter bytes needed, 4 left"), which stops the stream;
 * after an earlier error, that error. */
int ctm_pe_finish(ctm_pe *pe);

/* The stream's error ("" while there is none); for NULL, ctm_error(). */
const char *ctm_pe_error(const ctm_pe *pe);

/* Field `name` of the last command whose words all arrived (it ran, or its
 * run failed) into *value: "opcode", "nparams", "offset" (byte of its
 * header), "p0".."p3" (its parameter words, as many as it has), and the
 * fields its parameters carry (docs/dpi.md, "PE"): set_domain "i0" "j0"
 * "i1" "j1"; start_program "ninsts" "full_fc" "fg_depth_src"; set_cond_val
 * "value"; init_perf_counters "enable"; read_perf_counters "base"; the
 * set_*_fmt commands "base" "pitch" (elements) "tiling" "format", set_inp_fmt and
 * set_out_fmt also "index", with set_cond_out_fmt "height"; set_out_mask
 * "mask"; set_cond_test "test"; set_cond_loc "loc"; set_cond_out_mask
 * "writemask". CTM_OK, or CTM_E_ARG (a name the command has not, NULL) or
 * CTM_E_STATE (no command yet), *value 0. */
int ctm_pe_field(const ctm_pe *pe, const char *name, uint64_t *value);

/* The state the commands have left, by name, into *value: the stream
 * ("words" taken, "pending" words of a command not yet complete,
 * "commands" completed, "status" CTM_* of the stream), the domain
 * ("domain_set", "i0", "j0", "i1", "j1"), the program ("prog_ninsts",
 * "prog_full_fc", "prog_fg_depth_src" of the last start_program, "programs"
 * started, "waves" handed out), the conditional setup ("cond_val",
 * "cond_test", "cond_loc", "cond_writemask"), "out_mask", the performance
 * counters ("perf_enabled", "perf_running", "perf_total", "perf_active":
 * busy clocks, one a command without an array), the busy/idle handshake
 * ("busy", "busy_reports", "idle_reports", "idle_waits";
 * docs/pe.md), and the commands that race a running program
 * ("races": a command that changes what a program reads after a start_program
 * with no wait_for_idle between, "race_offset": the first one's byte). CTM_OK,
 * or CTM_E_ARG (an unknown name), *value 0. */
int ctm_pe_get(const ctm_pe *pe, const char *name, uint64_t *value);

/* The surfaces the set_*_fmt commands set, per client and index. */
enum {
    CTM_PE_INST = 0,
    CTM_PE_CONSTF = 1,
    CTM_PE_CONSTI = 2,
    CTM_PE_CONSTB = 3,
    CTM_PE_INPUT = 4,  /* index 0..15 */
    CTM_PE_OUTPUT = 5, /* index 0..3 */
    CTM_PE_COND = 6,
};
enum {
    CTM_PE_SURF_VALID = 0, /* 1 once a command set it */
    CTM_PE_SURF_BASE = 1,
    CTM_PE_SURF_PITCH = 2, /* elements a row */
    CTM_PE_SURF_HEIGHT = 3,
    CTM_PE_SURF_TILING = 4, /* CTM_TILE_* */
    CTM_PE_SURF_FORMAT = 5, /* CTM_FMT_* */
};

/* Field `field` (CTM_PE_SURF_*) of the surface of `client` (CTM_PE_*),
 * `index` (0 but for inputs and outputs) into *value: CTM_OK, or CTM_E_ARG
 * (an argument out of range), *value 0. */
int ctm_pe_surface(const ctm_pe *pe, int client, int index, int field, uint64_t *value);

/* ------------------------------------------------------------ the MC's memory */

/* Device memory behind the model's memory controller (since 1.11; docs/dpi.md,
 * "MC memory"): surfaces per client, input reads, output writes through the
 * output channel mask and the output cache, conditional-buffer reads and
 * writes, and the memory's words as they stand, for a design's memory
 * controller to be checked against. The cache is the model's (docs/mc.md,
 * "Output writes and caches"): 64 lines of 32 bytes, FIFO replacement; an output
 * write that misses takes a new line, and with all 64 held the oldest line
 * goes to memory first; only its written bytes reach memory, at that eviction
 * or at ctm_mem_flush. The conditional buffer has a cache of its own, 16 such
 * lines, which a read or write that misses fills from memory first. */
typedef struct ctm_mem ctm_mem;

/* mem_bytes (1..2^30) of zeroed device memory, no surface set, the output
 * mask 15, the caches empty. NULL and ctm_error() on a bad argument. */
ctm_mem *ctm_mem_new(uint32_t mem_bytes);
void ctm_mem_free(ctm_mem *m);

/* Sets the surface of `client` (CTM_PE_*), `index` (inputs 0..15, outputs
 * 0..3, else 0): base a multiple of 2048, pitch (elements a row) a multiple
 * of 4 up to 8188, height up to 8191, tiling CTM_TILE_*, format CTM_FMT_*, as
 * ctm_mc_address takes them. CTM_OK, or CTM_E_ARG (an argument out of range,
 * or a surface reaching past the memory: the model's text). The instruction
 * surface is 24-byte slots: its extent is not checked, as the model checks
 * it per fetch. */
int ctm_mem_set_surface(ctm_mem *m, int client, int index, uint32_t base, uint32_t pitch,
                        uint32_t height, int tiling, int format);

/* set_out_mask: bit c (mask 0..15) lets channel c of every output write
 * through. CTM_OK or CTM_E_ARG. */
int ctm_mem_set_out_mask(ctm_mem *m, int mask);

/* Input `index` (0..15) at (x, y) as four fp32 bit patterns, from memory as
 * it stands (ctm_mc_unpack of the element at ctm_mc_address); in the 2x2
 * modes a one-channel input reads the quad (x+1, y), (x, y+1), (x+1, y+1),
 * (x, y). CTM_OK; CTM_E_FAULT (the model's text) for an access outside the
 * surface or an input never set; CTM_E_ARG for an argument out of range. */
int ctm_mem_read_input(ctm_mem *m, int index, int64_t x, int64_t y, uint32_t value[4]);

/* Writes the channels of value in chmask (0..15) AND the output mask to
 * output `index` (0..3) at (x, y), packed as ctm_mc_pack packs them, into the
 * output cache (memory changes only when the line is evicted or flushed).
 * CTM_OK, CTM_E_FAULT (the model's text) or CTM_E_ARG. */
int ctm_mem_write_output(ctm_mem *m, int index, int64_t x, int64_t y, const uint32_t value[4],
                         int chmask);

/* The conditional buffer's value at (i, j) (channel 0), and its write-back,
 * both through the conditional output cache: a read sees earlier writes, and
 * a write reaches memory when its line is evicted or at ctm_mem_flush (before
 * issue 40: at once). CTM_OK, CTM_E_FAULT (the model's text) or CTM_E_ARG. */
int ctm_mem_cond_read(ctm_mem *m, int64_t i, int64_t j, uint32_t *value);
int ctm_mem_cond_write(ctm_mem *m, int64_t i, int64_t j, uint32_t value);

/* flush_out_cache: every written byte of the output and conditional output
 * caches to memory, both emptied. CTM_OK or CTM_E_ARG. */
int ctm_mem_flush(ctm_mem *m);

/* The lines the output cache holds (0..64), or -CTM_E_ARG. */
int ctm_mem_cache_lines(const ctm_mem *m);

/* Output writes that stored a byte since ctm_mem_new, to a line the cache
 * held (*hits) or taking a new line (*misses), and the lines a full cache
 * evicted to memory (*evictions; a flush is none). CTM_OK, or CTM_E_ARG (a
 * NULL pointer; the counts 0). */
int ctm_mem_cache_counts(const ctm_mem *m, uint64_t *hits, uint64_t *misses,
                         uint64_t *evictions);

/* The little-endian word of device memory at addr as it stands (cached
 * output bytes not yet in it), and a word written straight to memory (a line
 * cached over it still overwrites its written bytes when it goes). addr a
 * multiple of 4 inside the memory. CTM_OK or CTM_E_ARG (*word 0). */
int ctm_mem_read_word(const ctm_mem *m, uint32_t addr, uint32_t *word);
int ctm_mem_write_word(ctm_mem *m, uint32_t addr, uint32_t word);

/* The memory-image check (since 1.15; docs/txn.md, "Memory images"): a
 * design's little-endian word at addr (a multiple of 4 inside the memory)
 * against the memory's word as it stands (ctm_mem_flush first: a design's
 * memory after its flush_out_cache). CTM_OK; CTM_E_MISMATCH, ctm_error()
 * naming the first byte that differs through the surfaces set (outputs
 * first, then the conditional buffer, inputs, constants): "ctm_mem_check_word:
 * byte 0x802: channel 2 of output 0 (UINT8_4, linear, pitch 16) at (0, 0):
 * expected 0x80, actual 0x7f" (the channel's bytes as a little-endian
 * number); CTM_E_ARG for a bad handle or addr. */
int ctm_mem_check_word(const ctm_mem *m, uint32_t addr, uint32_t word);

/* ctm_mem_check_word over nwords words from addr, stopping at the first
 * mismatch (C only). CTM_E_ARG for NULL words or a range outside the
 * memory. */
int ctm_mem_check(const ctm_mem *m, uint32_t addr, const uint32_t *words, uint32_t nwords);

/* ------------------------------------------------------------ transactions */

/* What the PE, MC and CO do in a run, one transaction at a time (since 1.11;
 * docs/txn.md): every PE command executed, every MC access (input and
 * constant reads, output writes, conditional-buffer reads and writes, cache
 * flushes, perf-counter words) and every CO decision, in the order the model
 * does them, for an RTL command processor, memory controller or output unit
 * to be checked against. */
enum { CTM_UNIT_PE = 0, CTM_UNIT_MC = 1, CTM_UNIT_CO = 2, CTM_UNITS = 3 };

/* The units of a stream or a checker: bit u is CTM_UNIT_u. */
#define CTM_UNIT_BIT(u) (1 << (u))
#define CTM_UNITS_ALL   7

/* Kinds of transaction (docs/txn.md lists the fields each carries and
 * compares; the others are 0 in the model's and not compared). */
enum {
    CTM_TXN_PE_CMD = 0,        /* PE: index opcode, address the header's byte offset in the
                                  command buffer, mask nparams, value the parameter words */
    CTM_TXN_MC_INPUT = 1,      /* MC: index input 0..15, x, y, address of (x, y), format,
                                  value the four fp32 read (2x2 modes: the quad) */
    CTM_TXN_MC_CONSTF = 2,     /* MC: index constant, address, format, value */
    CTM_TXN_MC_CONSTI = 3,     /* MC: index constant, address, format, value[0] the word */
    CTM_TXN_MC_CONSTB = 4,     /* MC: index constant, address, format, value[0] 0 or 1 */
    CTM_TXN_MC_OUTPUT = 5,     /* MC: index output 0..3, x, y, address, format, mask the
                                  channels written (write mask AND output mask), value,
                                  bytes and byte_en as stored (since 1.15) */
    CTM_TXN_MC_COND_READ = 6,  /* MC: x, y the pair (i, j), address, format, value[0] = b */
    CTM_TXN_MC_COND_WRITE = 7, /* MC: x, y, address, format, mask 1, value[0] = v, bytes
                                  and byte_en as stored (since 1.15) */
    CTM_TXN_MC_FLUSH = 8,      /* MC: flush_out_cache (index: the model's output cache lines
                                  written back, not compared; 0 in a ctm_model run, which
                                  keeps no output) */
    CTM_TXN_MC_WORD = 9,       /* MC: a word written straight to memory (read_perf_counters):
                                  address, value[0] */
    CTM_TXN_CO_DECIDE = 10,    /* CO: index the client CTM_CO_LOC_*, x, y the pair (i, j), v,
                                  b (when reads), test, loc, writemask, reads (the buffer was
                                  read), keep, write (v written back) */
    CTM_TXN_KINDS = 11
};

/* One transaction: a flat record of fixed-width integers (a packed struct in
 * SystemVerilog). */
typedef struct ctm_txn {
    int32_t unit;      /* CTM_UNIT_* */
    int32_t kind;      /* CTM_TXN_* */
    int32_t index;     /* which: input, output, constant, opcode, client */
    int32_t format;    /* CTM_FMT_* of the surface */
    int64_t x, y;      /* the element, or the pair (i, j) */
    uint64_t address;  /* the byte address (PE: byte offset in the command buffer) */
    uint32_t mask;     /* channels written; PE: parameter count */
    uint32_t value[4]; /* fp32 bit patterns or raw words */
    uint32_t v, b;     /* CO: the value tested and the buffer's value */
    int32_t test, loc, writemask; /* CO: the state in force */
    int32_t reads, keep, write;   /* CO: read b, kept the pair, wrote v back */
    uint32_t bytes[4]; /* a write (OUTPUT, COND_WRITE): the element's bytes as stored, byte k
                          (at address + k) in bits 8(k%4)+7..8(k%4) of bytes[k/4] (since 1.15) */
    uint32_t byte_en;  /* a write: bit k set when byte k of the element is stored */
} ctm_txn;

/* Runs m to its next transaction of `units` (CTM_UNIT_BIT of each, 1..7),
 * in the model's order, from the first command of the command buffer to its
 * last (the commands before and after start_program count): 1 and *out, 0
 * when the run has ended, -CTM_E_FAULT when the program faulted (the
 * transactions before the fault were all handed out), -CTM_E_STATE when m
 * hands out steps or commits or a checker drives it, -CTM_E_ARG for a bad
 * argument. The first call (before any step) chooses this mode. */
int ctm_model_txn(ctm_model *m, int units, ctm_txn *out);

/* The transaction as SystemVerilog's packed ctm_txn_t (ctm_dpi_pkg) holds it:
 * CTM_TXN_WORDS 32-bit words (a `bit [CTM_TXN_WORDS*32-1:0]`), word 0 the
 * least significant. From the most significant word down: unit, kind, index,
 * format, x and y and address (64 bits each, high word first), mask,
 * value[3..0] (SystemVerilog's bit [3:0][31:0]), v, b, test, loc, writemask, reads, keep, write,
 * bytes[3..0] (as value), byte_en (since 1.15; 23 words before). */
#define CTM_TXN_WORDS 28

/* ctm_model_txn with the transaction packed into bits[CTM_TXN_WORDS] (all
 * zeros when none came): the DPI package's form, for a testbench that reads
 * the model's stream as its stimulus. */
int ctm_model_txn_bits(ctm_model *m, int units, uint32_t bits[CTM_TXN_WORDS]);

typedef struct ctm_txn_checker ctm_txn_checker;

/* A checker of a design's transactions of `units` (1..7) against the run of
 * m (set up, not stepped; the checker drives it: keep m until the checker is
 * freed). NULL and ctm_error() on a bad argument. */
ctm_txn_checker *ctm_txn_new(ctm_model *m, int units);
void ctm_txn_free(ctm_txn_checker *c);

/* The kinds of transaction the design makes: bit k checks CTM_TXN_k (default
 * all of the checker's units'); the model's transactions of the other kinds
 * are skipped, and a put of one is CTM_E_ARG (since 1.11: an MC design that
 * serves inputs and outputs but reads its constants elsewhere). Before the
 * first put; CTM_OK, CTM_E_ARG (no kind of the units) or CTM_E_STATE. */
int ctm_txn_set_kinds(ctm_txn_checker *c, int kinds);

/* One run for stimulus and reference (since 1.20): the testbench pulls the
 * checker's model with ctm_model_txn (of whatever units it drives the design
 * with), and the checker takes every transaction of its units and kinds the
 * run makes, as it makes them: no second run. A design's transaction the run
 * has not made yet is a mismatch; the drain check runs the rest of the run
 * (after it, ctm_model_txn hands out nothing more). Before the first put;
 * CTM_OK, or CTM_E_STATE (too late, the model freed). */
int ctm_txn_share(ctm_txn_checker *c);

/* The testbench's cycle of the puts from now on (since 1.18; its clock count,
 * as a mirror's ctm_*_set_cycle): a verdict's diff then starts "cycle N, "
 * and its report gives the cycle. Call it in each cycle that puts or
 * finishes; unset, reports name no cycle. CTM_OK or CTM_E_ARG. */
int ctm_txn_set_cycle(ctm_txn_checker *c, uint64_t cycle);

/* The design did *t. Ordered kinds (PE commands, MC flushes and words) must
 * be the model's next; the others match the earliest pending transaction
 * with the same key (unit, kind, index, x, y) among the next ones before an
 * ordered kind (docs/txn.md, "Order"). CTM_OK, or CTM_E_MISMATCH (diff and
 * report: field, order, extra), CTM_E_ARG for a bad argument (NULL, an
 * unknown unit or kind, a unit the checker does not check), CTM_E_FAULT if
 * the model faulted, CTM_E_STATE after ctm_txn_finish. The first mismatch
 * ends the check: later calls return it again. */
int ctm_txn_put(ctm_txn_checker *c, const ctm_txn *t);

/* ctm_txn_put with the transaction packed as ctm_txn_t (ctm_model_txn_bits). */
int ctm_txn_put_bits(ctm_txn_checker *c, const uint32_t bits[CTM_TXN_WORDS]);

/* The drain check at the end: CTM_OK when the design did every transaction
 * the model expects of its units, else CTM_E_MISMATCH ("drain") and a report
 * of those never done. Later puts are CTM_E_STATE. */
int ctm_txn_finish(ctm_txn_checker *c);

/* Transactions matched so far. */
uint64_t ctm_txn_count(const ctm_txn_checker *c);

/* The first difference in one line, naming the unit, the kind and the field,
 * e.g. "transaction 41: MC OUTPUT (model's transaction 44, index 0, x 3,
 * y 1): value[0]: expected 0x3f800000, actual 0x3fc00000"; "" while all
 * matched; the error after CTM_E_ARG or CTM_E_STATE. */
const char *ctm_txn_diff(const ctm_txn_checker *c);

/* The mismatch in full, CTM_REPORT_TEXT or CTM_REPORT_JSON: what ended the
 * check (field, order, extra, drain), unit, kind, field, expected and
 * actual, the design's transaction, the model's next ones and the last ones
 * matched; "" while all matched. Valid until the next report call. */
const char *ctm_txn_report(ctm_txn_checker *c, int format);

/* ================================================================ Legacy
 * The positional forms of the mirrors' cycle and of a transaction's put,
 * kept for testbenches written before the struct forms (ctm_*_cycle,
 * ctm_*_expected, ctm_txn_put and ctm_txn_put_bits) and documented here;
 * they check and behave as ever, and no call is added to them. New code
 * uses the struct forms. The DPI package imports them in its "Legacy"
 * section. */

/* Legacy: pred_stack. */

/* One clock edge: rst (rst_ni low), op (CTM_PRED_OP_*, 0..7), ctx and obs_ctx
 * (0 .. 2^CtxW - 1, what the RTL's ctx_i carries, CtxW = max(1,
 * clog2(contexts)); a context past the last one is the RTL's out-of-range
 * context, docs/pred_stack.md), mask (bits past `lanes` are ignored, as the
 * port has none). The same as ctm_pred_eval followed by ctm_pred_edge. A
 * refused step changes nothing. */
void ctm_pred_step(ctm_pred *p, int rst, int op, int ctx, uint64_t mask, int obs_ctx);

/* Expected value of output `field` (CTM_PRED_*) in the last stepped cycle
 * (0, and an error, before the first step). */
uint64_t ctm_pred_expect(const ctm_pred *p, int field);

/* Compares a DUT's outputs of the last stepped cycle: CTM_OK or
 * CTM_E_MISMATCH (ctm_pred_diff names the first field that differs,
 * ctm_pred_report tells the whole mismatch); CTM_E_ARG for a misuse since the
 * last check, CTM_E_STATE before the first step (ctm_pred_diff says which). */
int ctm_pred_check(ctm_pred *p, uint64_t exec_mask, uint64_t obs_pred, uint64_t obs_task_mask,
                   uint64_t obs_exec_mask, int obs_sp, uint64_t obs_top, int obs_overflow,
                   int obs_underflow);

/* Legacy: stack_acct. */

/* One clock edge: rst, op (CTM_STACK_OP_*, 0..15), pop_count (0..7), wqm,
 * taken, stack_size (0..255). */
void ctm_stack_step(ctm_stack *s, int rst, int op, int pop_count, int wqm, int taken,
                    int stack_size);

/* Expected value of output `field` (CTM_STACK_*) in the last stepped cycle. */
uint64_t ctm_stack_expect(const ctm_stack *s, int field);

/* Compares a DUT's outputs of the last stepped cycle, as ctm_pred_check. */
int ctm_stack_check(ctm_stack *s, int entries, int subentries, int need, int hwm, int depth,
                    int overflow, int underflow, int drop);

/* Legacy: fc_unit. */

/* One clock edge: rst (every context resets), cmd (CTM_FC_CMD_*, 0..3),
 * ctx (0..255, the 8-bit ctx_i; a context past the last one is the RTL's
 * out-of-range context), full_mode, the instruction as its encoded dwords (cmn_inst = US_CMN_INST,
 * fc_inst = US_FC_INST, fc_addr = US_FC_ADDR, decoded by the ISA's decoder),
 * int_const (US_FC_INT_CONST: KR 7:0, KG 15:8, KB 23:16), bool_const, the four
 * predicate lane masks, alu_result and alu_valid, pc (0..511) and the live
 * lanes. */
void ctm_fc_step(ctm_fc *f, int rst, int cmd, int ctx, int full_mode, uint32_t cmn_inst,
                 uint32_t fc_inst, uint32_t fc_addr, uint32_t int_const, int bool_const,
                 uint64_t pred_r, uint64_t pred_g, uint64_t pred_b, uint64_t pred_a,
                 uint64_t alu_result, int alu_valid, int pc, uint64_t live);

/* Expected value of output `field` (CTM_FC_*) in the last stepped cycle. */
uint64_t ctm_fc_expect(const ctm_fc *f, int field);

/* Expected branch counter of one lane (0..lanes-1) in the last stepped cycle. */
int ctm_fc_expect_bc(const ctm_fc *f, int lane);

/* Compares a DUT's outputs of the last stepped cycle: CTM_OK or CTM_E_MISMATCH
 * (ctm_fc_diff names the first field that differs). bc is bc_o as 32-bit
 * words, lane i's counter at bits [i*bc_width +: bc_width] (an SV bit vector
 * through DPI); NULL skips the counters. */
int ctm_fc_check(ctm_fc *f, int jump, int next_pc, uint64_t want, uint64_t active,
                 uint64_t br_inactive, uint64_t loop_masked, const uint32_t bc[16], int depth,
                 int addr_sp, int addr_top, int loop_sp, int loop_top_is_loop, int loop_top_count,
                 uint64_t loop_top_live, uint64_t loop_top_brk, uint64_t loop_top_cont, int al,
                 int ovf, int udf, int fault);

/* Legacy: transactions. */

/* ctm_txn_put with the record's fields as arguments (the DPI package's form). */
int ctm_txn_put_fields(ctm_txn_checker *c, int unit, int kind, int index, int format, int64_t x,
                       int64_t y, uint64_t address, uint32_t mask, uint32_t value0,
                       uint32_t value1, uint32_t value2, uint32_t value3, uint32_t v, uint32_t b,
                       int test, int loc, int writemask, int reads, int keep, int write);

#ifdef __cplusplus
}
#endif

#endif
