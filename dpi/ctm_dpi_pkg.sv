// ctm_dpi_pkg: the CTM golden model inside any SystemVerilog testbench.
// Compile ctm_ports_pkg.sv (written by `dpp svpkg`) before it.
//
// Imports the public C API of libctm (csim/api/ctm.h) as it is: every function
// keeps its C name (the ctm_ prefix says it goes from SV into the library),
// handles are chandles, masks are longint unsigned. docs/dpi.md shows the
// wiring; build with `pkg-config --libs ctm` on the link line.
//
// The package checks at time 0 that the library's major version is the one
// it was written for, and stops the simulation otherwise.
//
// Errors: no call crashes on a null or freed handle or an argument out of range. A call
// that returns a status returns CTM_E_ARG; one that returns nothing leaves the error on the
// handle, and the handle's next ctm_*_check returns CTM_E_ARG with the message as its
// ctm_*_diff; ctm_error() always has the last message. So the usual
//   if (ctm_pred_check(...) != CTM_OK) $fatal(1, "%s", ctm_pred_diff(h));
// stops at a misuse with its message, and ctm_expect_ok(status, "what") does the same
// for any other status.
package ctm_dpi_pkg;
  // The port structs of ctm_*_cycle (ctm_pred_in_t, ...): ctm_ports_pkg.sv, installed beside
  // this file and compiled before it.
  import ctm_ports_pkg::*;

  localparam int unsigned CTM_API_VERSION = 32'h0001_0B00;  // 1.11.0

  // Status codes (CTM_OK ...), op codes, report formats and output fields (CTM_PRED_*,
  // CTM_STACK_*, CTM_FC_*), as ctm.h has them: a testbench uses some of them, so the rest
  // are not lint warnings.
  /* verilator lint_off UNUSEDPARAM */
  localparam int CTM_OK = 0;
  localparam int CTM_E_ARG = 1;       // a handle or an argument out of range
  localparam int CTM_E_IO = 2;        // a file could not be read
  localparam int CTM_E_FORMAT = 3;    // a malformed input file
  localparam int CTM_E_FAULT = 4;     // the program faulted
  localparam int CTM_E_NOMEM = 5;     // out of memory
  localparam int CTM_E_MISMATCH = 6;  // the DUT's outputs differ from the model's
  localparam int CTM_E_STATE = 7;     // a call out of order (a check before any step)

  localparam int CTM_REPORT_TEXT = 0;
  localparam int CTM_REPORT_JSON = 1;

  localparam int CTM_PRED_OP_NOP = 0;
  localparam int CTM_PRED_OP_SETP = 1;
  localparam int CTM_PRED_OP_PUSH = 2;
  localparam int CTM_PRED_OP_POP = 3;
  localparam int CTM_PRED_OP_INV = 4;
  localparam int CTM_PRED_OP_PUSH_SETP = 5;
  localparam int CTM_PRED_OP_SET_TASK_MASK = 6;
  localparam int CTM_PRED_OP_WRITE = 7;

  localparam int CTM_STACK_OP_NOP = 0;
  localparam int CTM_STACK_OP_PUSH = 1;
  localparam int CTM_STACK_OP_PUSH_WQM = 2;
  localparam int CTM_STACK_OP_PUSH_ELSE = 3;
  localparam int CTM_STACK_OP_ALU_PUSH_BEFORE = 4;
  localparam int CTM_STACK_OP_LOOP_START = 5;
  localparam int CTM_STACK_OP_CALL = 6;
  localparam int CTM_STACK_OP_POP = 7;
  localparam int CTM_STACK_OP_LOOP_END = 8;
  localparam int CTM_STACK_OP_RETURN = 9;
  localparam int CTM_STACK_OP_ELSE = 10;
  localparam int CTM_STACK_OP_JUMP = 11;
  localparam int CTM_STACK_OP_CLEAR = 12;

  localparam int CTM_FC_CMD_IDLE = 0;
  localparam int CTM_FC_CMD_START = 1;
  localparam int CTM_FC_CMD_EXEC = 2;

  localparam int CTM_FMT_UINT16_1 = 0;
  localparam int CTM_FMT_UINT8_4 = 1;
  localparam int CTM_FMT_FLOAT32_1 = 2;
  localparam int CTM_FMT_FLOAT32_2 = 3;
  localparam int CTM_FMT_FLOAT32_4 = 4;

  localparam int CTM_TILE_LINEAR = 0;
  localparam int CTM_TILE_TILED = 1;
  localparam int CTM_TILE_LINEAR_2X2 = 2;
  localparam int CTM_TILE_TILED_2X2 = 3;

  localparam int CTM_CO_NEVER = 0;
  localparam int CTM_CO_LESS = 1;
  localparam int CTM_CO_LEQUAL = 2;
  localparam int CTM_CO_EQUAL = 3;
  localparam int CTM_CO_GEQUAL = 4;
  localparam int CTM_CO_GREATER = 5;
  localparam int CTM_CO_NOTEQUAL = 6;
  localparam int CTM_CO_ALWAYS = 7;
  localparam int CTM_CO_LOC_DPP = 0;
  localparam int CTM_CO_LOC_PE = 1;

  localparam int CTM_PE_INST = 0;
  localparam int CTM_PE_CONSTF = 1;
  localparam int CTM_PE_CONSTI = 2;
  localparam int CTM_PE_CONSTB = 3;
  localparam int CTM_PE_INPUT = 4;
  localparam int CTM_PE_OUTPUT = 5;
  localparam int CTM_PE_COND = 6;
  localparam int CTM_PE_SURF_VALID = 0;
  localparam int CTM_PE_SURF_BASE = 1;
  localparam int CTM_PE_SURF_PITCH = 2;
  localparam int CTM_PE_SURF_HEIGHT = 3;
  localparam int CTM_PE_SURF_TILING = 4;
  localparam int CTM_PE_SURF_FORMAT = 5;

  localparam int CTM_UNIT_PE = 0;
  localparam int CTM_UNIT_MC = 1;
  localparam int CTM_UNIT_CO = 2;
  localparam int CTM_UNITS_ALL = 7;
  localparam int CTM_TXN_PE_CMD = 0;
  localparam int CTM_TXN_MC_INPUT = 1;
  localparam int CTM_TXN_MC_CONSTF = 2;
  localparam int CTM_TXN_MC_CONSTI = 3;
  localparam int CTM_TXN_MC_CONSTB = 4;
  localparam int CTM_TXN_MC_OUTPUT = 5;
  localparam int CTM_TXN_MC_COND_READ = 6;
  localparam int CTM_TXN_MC_COND_WRITE = 7;
  localparam int CTM_TXN_MC_FLUSH = 8;
  localparam int CTM_TXN_MC_WORD = 9;
  localparam int CTM_TXN_CO_DECIDE = 10;

  localparam int CTM_COMMIT_START = 0;
  localparam int CTM_COMMIT_ALU = 1;
  localparam int CTM_COMMIT_TEX = 2;
  localparam int CTM_COMMIT_OUTPUT = 3;
  localparam int CTM_COMMIT_FC = 4;
  localparam int CTM_COMMIT_END = 5;
  localparam int CTM_COMMIT_DIVERGE = 6;
  localparam int CTM_COMMIT_RECONVERGE = 7;
  localparam int CTM_COMMIT_LOOP_ENTER = 8;
  localparam int CTM_COMMIT_LOOP_ITERATE = 9;
  localparam int CTM_COMMIT_LOOP_EXIT = 10;
  localparam int CTM_COMMIT_BREAK = 11;
  localparam int CTM_COMMIT_CONTINUE = 12;
  localparam int CTM_COMMIT_CALL = 13;
  localparam int CTM_COMMIT_RETURN = 14;
  localparam int CTM_COMMIT_KILL = 15;  // opt-in: a TEXKILL's lanes on their own
  localparam int CTM_COMMIT_FC_STATE = 16;  // level 2, fc_unit's family: its state after a step
  localparam int CTM_COMMIT_PRED_OP = 17;   // level 2, the predicate stack's: one op
  localparam int CTM_COMMIT_FAMILY_FC = 0;
  localparam int CTM_COMMIT_FAMILY_PRED = 1;

  localparam int CTM_PRED_EXEC_MASK = 0;
  localparam int CTM_PRED_OBS_PRED = 1;
  localparam int CTM_PRED_OBS_TASK_MASK = 2;
  localparam int CTM_PRED_OBS_EXEC_MASK = 3;
  localparam int CTM_PRED_OBS_SP = 4;
  localparam int CTM_PRED_OBS_TOP = 5;
  localparam int CTM_PRED_OBS_OVERFLOW = 6;
  localparam int CTM_PRED_OBS_UNDERFLOW = 7;
  localparam int CTM_PRED_FIELDS = 8;

  localparam int CTM_STACK_ENTRIES = 0;
  localparam int CTM_STACK_SUBENTRIES = 1;
  localparam int CTM_STACK_NEED = 2;
  localparam int CTM_STACK_HWM = 3;
  localparam int CTM_STACK_DEPTH = 4;
  localparam int CTM_STACK_OVERFLOW = 5;
  localparam int CTM_STACK_UNDERFLOW = 6;
  localparam int CTM_STACK_DROP = 7;
  localparam int CTM_STACK_FIELDS = 8;

  localparam int CTM_FC_JUMP = 0;
  localparam int CTM_FC_NEXT_PC = 1;
  localparam int CTM_FC_WANT = 2;
  localparam int CTM_FC_ACTIVE = 3;
  localparam int CTM_FC_BR_INACTIVE = 4;
  localparam int CTM_FC_LOOP_MASKED = 5;
  localparam int CTM_FC_DEPTH = 6;
  localparam int CTM_FC_ADDR_SP = 7;
  localparam int CTM_FC_ADDR_TOP = 8;
  localparam int CTM_FC_LOOP_SP = 9;
  localparam int CTM_FC_LOOP_TOP_IS_LOOP = 10;
  localparam int CTM_FC_LOOP_TOP_COUNT = 11;
  localparam int CTM_FC_LOOP_TOP_LIVE = 12;
  localparam int CTM_FC_LOOP_TOP_BRK = 13;
  localparam int CTM_FC_LOOP_TOP_CONT = 14;
  localparam int CTM_FC_AL = 15;
  localparam int CTM_FC_OVF = 16;
  localparam int CTM_FC_UDF = 17;
  localparam int CTM_FC_FAULT = 18;
  localparam int CTM_FC_FIELDS = 19;
  /* verilator lint_on UNUSEDPARAM */

  // -------------------------------------------------------------- the library
  import "DPI-C" function int ctm_version();
  import "DPI-C" function string ctm_version_string();
  import "DPI-C" function string ctm_error();

  // -------------------------------------------------------------- pred_stack
  import "DPI-C" function chandle ctm_pred_new(int contexts, int lanes, int depth);
  import "DPI-C" function chandle ctm_pred_new_grouped(int contexts, int lanes, int depth,
                                                       int spu_sc);
  import "DPI-C" function void ctm_pred_free(chandle p);
  import "DPI-C" function void ctm_pred_step(chandle p, int rst, int op, int ctx,
                                             longint unsigned mask, int obs_ctx);
  import "DPI-C" function void ctm_pred_eval(chandle p, int rst, int op, int ctx,
                                             longint unsigned mask, int obs_ctx);
  import "DPI-C" function void ctm_pred_edge(chandle p);
  import "DPI-C" function longint unsigned ctm_pred_peek(chandle p, int ctx, int field);
  import "DPI-C" function longint unsigned ctm_pred_expect(chandle p, int field);
  import "DPI-C" function int ctm_pred_check(chandle p, longint unsigned exec_mask,
                                             longint unsigned obs_pred,
                                             longint unsigned obs_task_mask,
                                             longint unsigned obs_exec_mask, int obs_sp,
                                             longint unsigned obs_top, int obs_overflow,
                                             int obs_underflow);
  import "DPI-C" function string ctm_pred_diff(chandle p);
  import "DPI-C" function string ctm_pred_report(chandle p, int format);
  import "DPI-C" function int ctm_pred_set_cycle(chandle p, longint unsigned cycle);
  import "DPI-C" function int ctm_pred_set_history(chandle p, int steps);
  // One checked cycle with the ports as ctm_ports_pkg's structs (since 1.4): one call.
  import "DPI-C" function int ctm_pred_cycle(chandle p, input ctm_pred_in_t in,
                                             input ctm_pred_out_t dut);
  import "DPI-C" function int ctm_pred_expected(chandle p, output ctm_pred_out_t out);
  import "DPI-C" function int ctm_pred_history(chandle p, int ctx, int i,
                                               output longint unsigned cycle,
                                               output ctm_pred_in_t in,
                                               output ctm_pred_out_t expected);

  // -------------------------------------------------------------- stack_acct
  import "DPI-C" function chandle ctm_stack_new(int width, int rule, int chip, int depth);
  import "DPI-C" function void ctm_stack_free(chandle s);
  import "DPI-C" function void ctm_stack_step(chandle s, int rst, int op, int pop_count, int wqm,
                                              int taken, int stack_size);
  import "DPI-C" function longint unsigned ctm_stack_expect(chandle s, int field);
  import "DPI-C" function int ctm_stack_check(chandle s, int entries, int subentries, int need,
                                              int hwm, int depth, int overflow, int underflow,
                                              int drop);
  import "DPI-C" function string ctm_stack_diff(chandle s);
  import "DPI-C" function string ctm_stack_report(chandle s, int format);
  import "DPI-C" function int ctm_stack_set_cycle(chandle s, longint unsigned cycle);
  import "DPI-C" function int ctm_stack_set_history(chandle s, int steps);
  import "DPI-C" function int ctm_stack_cycle(chandle s, input ctm_stack_in_t in,
                                              input ctm_stack_out_t dut);
  import "DPI-C" function int ctm_stack_expected(chandle s, output ctm_stack_out_t out);
  import "DPI-C" function int ctm_stack_history(chandle s, int i, output longint unsigned cycle,
                                                output ctm_stack_in_t in,
                                                output ctm_stack_out_t expected);

  // -------------------------------------------------------------- fc_unit
  // The instruction goes in as its encoded dwords (US_CMN_INST, US_FC_INST, US_FC_ADDR) and
  // the integer constant as US_FC_INT_CONST; bc is bc_o, lane i at [i*BcWidth +: BcWidth].
  import "DPI-C" function chandle ctm_fc_new(int contexts, int lanes, int addr_depth,
                                             int loop_depth, int bc_width);
  import "DPI-C" function void ctm_fc_free(chandle f);
  import "DPI-C" function void ctm_fc_step(chandle f, int rst, int cmd, int ctx, int full_mode,
                                           int unsigned cmn_inst, int unsigned fc_inst,
                                           int unsigned fc_addr, int unsigned int_const,
                                           int bool_const, longint unsigned pred_r,
                                           longint unsigned pred_g, longint unsigned pred_b,
                                           longint unsigned pred_a, longint unsigned alu_result,
                                           int alu_valid, int pc, longint unsigned live);
  import "DPI-C" function longint unsigned ctm_fc_expect(chandle f, int field);
  import "DPI-C" function int ctm_fc_expect_bc(chandle f, int lane);
  import "DPI-C" function int ctm_fc_check(chandle f, int jump, int next_pc,
                                           longint unsigned want, longint unsigned active,
                                           longint unsigned br_inactive,
                                           longint unsigned loop_masked, input bit [511:0] bc,
                                           int depth, int addr_sp, int addr_top, int loop_sp,
                                           int loop_top_is_loop, int loop_top_count,
                                           longint unsigned loop_top_live,
                                           longint unsigned loop_top_brk,
                                           longint unsigned loop_top_cont, int al, int ovf,
                                           int udf, int fault);
  import "DPI-C" function string ctm_fc_diff(chandle f);
  import "DPI-C" function string ctm_fc_report(chandle f, int format);
  import "DPI-C" function int ctm_fc_set_cycle(chandle f, longint unsigned cycle);
  import "DPI-C" function int ctm_fc_set_history(chandle f, int steps);
  // Since 1.5: the ports as ctm_ports_pkg's structs (the counters one byte per lane).
  import "DPI-C" function int ctm_fc_cycle(chandle f, input ctm_fc_in_t in,
                                           input ctm_fc_out_t dut);
  import "DPI-C" function int ctm_fc_expected(chandle f, output ctm_fc_out_t out);
  import "DPI-C" function int ctm_fc_history(chandle f, int ctx, int i,
                                             output longint unsigned cycle,
                                             output ctm_fc_in_t in,
                                             output ctm_fc_out_t expected);

  // -------------------------------------------------------------- the processor array
  import "DPI-C" function chandle ctm_model_new(string elf_path, int width, int height, int lanes,
                                                int contexts, int addr_depth, int loop_depth);
  import "DPI-C" function void ctm_model_free(chandle m);
  import "DPI-C" function int ctm_model_load_input(chandle m, int n, string path, int format,
                                                  int width, int height);
  import "DPI-C" function int ctm_model_set_constf(chandle m, int n, real x, real y, real z,
                                                  real w);
  import "DPI-C" function int ctm_model_set_consti(chandle m, int n, int count, int init,
                                                  int step);
  import "DPI-C" function int ctm_model_set_constb(chandle m, int n, int value);
  // Since 1.11: the run's layouts and its conditional output (ctm.h), before the first step.
  import "DPI-C" function int ctm_model_set_tiling(chandle m, int client, int n, int tiling);
  import "DPI-C" function int ctm_model_set_out_format(chandle m, int n, int format);
  import "DPI-C" function int ctm_model_set_cond(chandle m, int test, int loc, int writemask,
                                                 int unsigned value);
  import "DPI-C" function int ctm_model_load_cond(chandle m, string path, int format, int width,
                                                  int height);
  import "DPI-C" function int ctm_model_read_word(chandle m, int unsigned addr,
                                                  output int unsigned word);
  import "DPI-C" function int ctm_model_step(chandle m);
  import "DPI-C" function longint unsigned ctm_model_get(chandle m, string name);
  import "DPI-C" function int ctm_model_port(string name);
  import "DPI-C" function longint unsigned ctm_model_get_port(chandle m, int port);
  import "DPI-C" function string ctm_model_error(chandle m);

  // Since 1.8: commit-level checking (docs/commit.md). A design's commit is
  // ctm_commit_put_fields(c, cycle, ctx, kind, wave, pc, exec, done, kill, jump, next_pc,
  // active, al) with kind CTM_COMMIT_*; the fields its kind does not carry are not compared.
  // One commit as a design's port carries it (ctm_commit_check's commit_i): the fields of
  // ctm.h's ctm_commit, the masks a lane a bit.
  typedef struct packed {
    logic [15:0] ctx;          // the design's context
    logic [3:0] kind;          // CTM_COMMIT_*
    logic signed [31:0] wave;  // START: the wavefront's dispatch number, or -1 (the next)
    logic [15:0] pc;
    logic [63:0] exec;         // lanes it acts on (FC: the active lanes it decides for)
    logic [63:0] done;         // lanes that end with it
    logic [63:0] kill;         // TEX: lanes TEXKILL ended
    logic jump;                // FC: the group decision
    logic [15:0] next_pc;      // FC: where the wavefront goes on
    logic [63:0] active;       // FC, START: active lanes after it
    logic signed [15:0] al;    // FC, LOOP_*: the loop counter aL after it
  } ctm_commit_t;

  import "DPI-C" function chandle ctm_commit_new(chandle m, int contexts, int level);
  import "DPI-C" function void ctm_commit_free(chandle c);
  import "DPI-C" function int ctm_commit_put_fields(chandle c, longint unsigned cycle, int ctx,
                                                    int kind, int wave, int unsigned pc,
                                                    longint unsigned exec, longint unsigned done,
                                                    longint unsigned kill, int jump,
                                                    int unsigned next_pc,
                                                    longint unsigned active, int al);
  import "DPI-C" function int ctm_commit_set_kinds(chandle c, int kinds);

  // Since 1.11: level 2, the state of one family of designs (docs/commit.md, "Level 2"): a
  // commit of kind CTM_COMMIT_FC_STATE (after each START and FC: the fc_unit's branch
  // counters, depth and stacks) or CTM_COMMIT_PRED_OP (each predicate-stack op of the
  // system's mapping, with the ExecuteMask it left), as ctm_commit_check_state's state_i
  // carries it; the fields its kind does not carry are not compared.
  typedef struct packed {
    logic [15:0] ctx;          // the design's context
    logic [4:0] kind;          // CTM_COMMIT_FC_STATE or CTM_COMMIT_PRED_OP
    logic [15:0] pc;           // the step's FC instruction (START: 0)
    logic [2:0] op;            // PRED_OP: CTM_PRED_OP_*
    logic [1:0] quarter;       // PRED_OP: the predicate context within the wavefront
    logic [63:0] mask;         // PRED_OP: the mask the op drives (the quarter's lanes)
    logic [63:0] exec;         // PRED_OP: the quarter's ExecuteMask after the op
    logic [63:0] br_inactive;  // FC_STATE: the lanes a branch parked
    logic [7:0] depth;         // FC_STATE: open branch nesting
    logic [5:0] addr_sp;       // FC_STATE: address stack entries in use
    logic [9:0] addr_top;      // FC_STATE: the top return address
    logic [5:0] loop_sp;       // FC_STATE: loop frames in use
    logic [7:0] loop_count;    // FC_STATE: the top frame's iterations left
    logic signed [15:0] al;    // FC_STATE: aL
    logic [63:0][7:0] bc;      // FC_STATE: lane l's branch counter in bc[l]
  } ctm_commit_state_t;

  import "DPI-C" function int ctm_commit_set_family(chandle c, int family);
  import "DPI-C" function int ctm_commit_put_state(chandle c, longint unsigned cycle, int ctx,
                                                   int kind, int unsigned pc, int op,
                                                   int quarter, longint unsigned mask,
                                                   longint unsigned exec,
                                                   longint unsigned br_inactive,
                                                   int unsigned depth, int unsigned addr_sp,
                                                   int unsigned addr_top, int unsigned loop_sp,
                                                   int unsigned loop_count, int al,
                                                   input bit [511:0] bc);
  import "DPI-C" function int ctm_commit_share(chandle c);
  import "DPI-C" function int ctm_commit_clock(chandle c, longint unsigned cycle);
  import "DPI-C" function int ctm_commit_set_watchdog(chandle c, longint unsigned cycles);
  import "DPI-C" function int ctm_commit_finish(chandle c);
  import "DPI-C" function longint unsigned ctm_commit_count(chandle c);
  import "DPI-C" function string ctm_commit_diff(chandle c);
  import "DPI-C" function string ctm_commit_report(chandle c, int format);

  // Since 1.7: the memory controller's and the conditional output unit's pure functions.
  // An element and four channel values travel as 128-bit vectors: element byte k (channel
  // c's fp32 bits) in bits [8k +: 8] ([32c +: 32]).
  import "DPI-C" function int ctm_mc_address(int unsigned base, int unsigned pitch,
                                             int unsigned height, int tiling, int format,
                                             longint x, longint y,
                                             output longint unsigned address);
  import "DPI-C" function int ctm_mc_element_bytes(int format);
  import "DPI-C" function int ctm_mc_unpack(int format, input bit [127:0] element,
                                            output bit [127:0] value);
  import "DPI-C" function int ctm_mc_pack(int format, input bit [127:0] value, int chmask,
                                          output bit [127:0] element,
                                          output int unsigned byte_mask);
  import "DPI-C" function int ctm_co_decide(int test, int loc, int writemask, int client,
                                            int unsigned v, int unsigned b, output int keep,
                                            output int write);
  import "DPI-C" function int ctm_co_reads_buffer(int test, int loc, int client);

  // Since 1.10: the PE's command processor fed a command buffer a dword at a time
  // ("PE" in docs/dpi.md): the last command's fields and the state by name.
  import "DPI-C" function chandle ctm_pe_new(int lanes, int unsigned mem_bytes);
  import "DPI-C" function void ctm_pe_free(chandle pe);
  import "DPI-C" function int ctm_pe_put(chandle pe, int unsigned dword);
  import "DPI-C" function int ctm_pe_finish(chandle pe);
  import "DPI-C" function string ctm_pe_error(chandle pe);
  import "DPI-C" function int ctm_pe_field(chandle pe, string name,
                                           output longint unsigned value);
  import "DPI-C" function int ctm_pe_get(chandle pe, string name, output longint unsigned value);
  import "DPI-C" function int ctm_pe_surface(chandle pe, int client, int index, int field,
                                             output longint unsigned value);

  // Since 1.11: the MC's device memory ("MC memory" in docs/dpi.md): surfaces, input reads,
  // output writes through the output mask and cache, the conditional buffer, flushes and the
  // memory's words as they stand. Four channel values travel as a 128-bit vector, channel c's
  // fp32 bits in [32c +: 32].
  import "DPI-C" function chandle ctm_mem_new(int unsigned mem_bytes);
  import "DPI-C" function void ctm_mem_free(chandle m);
  import "DPI-C" function int ctm_mem_set_surface(chandle m, int client, int index,
                                                  int unsigned base, int unsigned pitch,
                                                  int unsigned height, int tiling, int format);
  import "DPI-C" function int ctm_mem_set_out_mask(chandle m, int mask);
  import "DPI-C" function int ctm_mem_read_input(chandle m, int index, longint x, longint y,
                                                 output bit [127:0] value);
  import "DPI-C" function int ctm_mem_write_output(chandle m, int index, longint x, longint y,
                                                   input bit [127:0] value, int chmask);
  import "DPI-C" function int ctm_mem_cond_read(chandle m, longint i, longint j,
                                                output int unsigned value);
  import "DPI-C" function int ctm_mem_cond_write(chandle m, longint i, longint j,
                                                 int unsigned value);
  import "DPI-C" function int ctm_mem_flush(chandle m);
  import "DPI-C" function int ctm_mem_cache_lines(chandle m);
  import "DPI-C" function int ctm_mem_cache_counts(chandle m, output longint unsigned hits,
                                                   output longint unsigned misses,
                                                   output longint unsigned evictions);
  import "DPI-C" function int ctm_mem_read_word(chandle m, int unsigned addr,
                                                output int unsigned word);
  import "DPI-C" function int ctm_mem_write_word(chandle m, int unsigned addr, int unsigned word);

  // Since 1.11: transaction-level checking of the PE, MC and CO (docs/txn.md). A design's
  // transaction is ctm_txn_put_fields(c, unit, kind, index, format, x, y, address, mask,
  // value0..3, v, b, test, loc, writemask, reads, keep, write) with kind CTM_TXN_*; the
  // fields its kind does not carry are not compared.
  import "DPI-C" function chandle ctm_txn_new(chandle m, int units);
  import "DPI-C" function void ctm_txn_free(chandle c);
  import "DPI-C" function int ctm_txn_set_kinds(chandle c, int kinds);
  import "DPI-C" function int ctm_txn_put_fields(chandle c, int unit, int kind, int index,
                                                 int format, longint x, longint y,
                                                 longint unsigned address, int unsigned mask,
                                                 int unsigned value0, int unsigned value1,
                                                 int unsigned value2, int unsigned value3,
                                                 int unsigned v, int unsigned b, int test,
                                                 int loc, int writemask, int reads, int keep,
                                                 int write);
  // The same, packed: a transaction as a design's port carries it (ctm_txn_check's txn_i), the
  // fields of ctm.h's ctm_txn in its order (the first member the most significant bits).
  typedef struct packed {
    int unit;                     // CTM_UNIT_*
    int kind;                     // CTM_TXN_*
    int index;                    // which input, output, constant, opcode, CO client
    int format;                   // CTM_FMT_* of the surface
    longint x;                    // the element, or the pair (i, j)
    longint y;
    longint unsigned address;     // the byte address (PE: the command's offset in the buffer)
    int unsigned mask;            // the channels written; PE: the parameter count
    bit [3:0][31:0] value;        // fp32 bit patterns or raw words (value[c]: channel c)
    int unsigned v;               // CO: the value tested
    int unsigned b;               // CO: the conditional buffer's value
    int test;                     // CO: the state in force
    int loc;
    int writemask;
    int reads;                    // CO: the buffer was read
    int keep;                     // CO: the pair kept
    int write;                    // CO: v written back
  } ctm_txn_t;
  localparam int CTM_TXN_BITS = $bits(ctm_txn_t);  // 736: ctm.h's CTM_TXN_WORDS words

  import "DPI-C" function int ctm_txn_put_bits(chandle c, input bit [CTM_TXN_BITS-1:0] t);
  // The model's next transaction of `units`, to drive a design with (a second ctm_model of the
  // same run: the checker drives its own): 1 and t, 0 at the end, -CTM_E_FAULT after a fault.
  import "DPI-C" function int ctm_model_txn_bits(chandle m, int units,
                                                 output bit [CTM_TXN_BITS-1:0] t);
  function automatic int ctm_model_txn_next(chandle m, int units, output ctm_txn_t t);
    bit [CTM_TXN_BITS-1:0] bits;
    int r = ctm_model_txn_bits(m, units, bits);
    t = ctm_txn_t'(bits);
    return r;
  endfunction
  import "DPI-C" function int ctm_txn_finish(chandle c);
  import "DPI-C" function longint unsigned ctm_txn_count(chandle c);
  import "DPI-C" function string ctm_txn_diff(chandle c);
  import "DPI-C" function string ctm_txn_report(chandle c, int format);

  // -------------------------------------------------------------- errors
  // Stops the simulation with the library's message when a status is not CTM_OK.
  function automatic void ctm_expect_ok(int status, string what);
    if (status != CTM_OK) begin
      $fatal(1, "%s: libctm status %0d: %s", what, status, ctm_error());
    end
  endfunction

  // A checker module's mismatch (ctm_commit_check, ctm_txn_check): the report's text on the
  // output, its JSON into the file +PLUSARG=PATH names, if given.
  function automatic void ctm_show_report(string text, string json, string plusarg);
    string path;
    int fd;
    $display("%s", text);
    if ($value$plusargs({plusarg, "=%s"}, path)) begin
      fd = $fopen(path, "w");
      if (fd != 0) begin
        $fwrite(fd, "%s\n", json);
        $fclose(fd);
      end
    end
  endfunction

  // -------------------------------------------------------------- time 0
  function automatic bit ctm_check_version();
    int unsigned lib_major = 32'(ctm_version()) >> 16;
    if (lib_major != CTM_API_VERSION >> 16) begin
      $fatal(1, "ctm_dpi_pkg: libctm %s is not major version %0d", ctm_version_string(),
             CTM_API_VERSION[31:16]);
    end
    return 1'b1;
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  bit ctm_version_ok = ctm_check_version();  // evaluated at time 0; read by nobody
  /* verilator lint_on UNUSEDSIGNAL */

endpackage
