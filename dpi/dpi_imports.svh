// Every DPI-C import of the lock-step testbenches, in one place.
// Names say the direction: imports are c_dpi_*, exports sv_dpi_*.
// Masks travel as 64-bit longints (lanes <= 64), so one call costs ~1.5 ns.

// pred_stack (harness/tb_pred_stack.sv -> dpi/pred_dpi.c -> harness/pred_bench.c)
import "DPI-C" function void c_dpi_pred_bind(input int contexts, input int lanes, input int depth,
                                             input int spu_sc);
import "DPI-C" function void c_dpi_pred_next(output bit rst, output int op, output int ctx,
                                             output longint mask, output int obs_ctx);
import "DPI-C" function bit c_dpi_pred_check(
    input bit rst, input int op, input int ctx, input longint mask, input int obs_ctx,
    input longint exec_mask, input longint obs_pred, input longint obs_task_mask,
    input longint obs_exec_mask, input int obs_sp, input longint obs_top,
    input bit obs_overflow, input bit obs_underflow);

// stack_acct (harness/tb_stack_acct.sv -> dpi/stack_dpi.c -> harness/stack_bench.c)
import "DPI-C" function void c_dpi_stack_bind(input int width, input int rule, input int chip,
                                              input int depth);
import "DPI-C" function void c_dpi_stack_next(output bit rst, output int op, output int pop_count,
                                              output bit wqm, output bit taken,
                                              output int stack_size);
import "DPI-C" function bit c_dpi_stack_check(
    input bit rst, input int op, input int pop_count, input bit wqm, input bit taken,
    input int stack_size, input int entries, input int subentries, input int need, input int hwm,
    input int depth, input bit overflow, input bit underflow, input bit drop);

// fc_unit (harness/tb_fc_unit.sv -> dpi/fc_dpi.c -> harness/fc_bench.c).
// The instruction travels as its three encoded dwords (US_CMN_INST, US_FC_INST,
// US_FC_ADDR, spec 6.3) and the integer constant as US_FC_INT_CONST (KR, KG, KB);
// the testbench decodes them onto the unit's ports. next() is given the unit's
// previous outputs: the generator follows the unit's decisions like a sequencer.
import "DPI-C" function void c_dpi_fc_bind(input int contexts, input int lanes,
                                           input int addr_depth, input int loop_depth,
                                           input int bc_width, input int part_branches);
import "DPI-C" function void c_dpi_fc_next(
    input bit prev_valid, input bit prev_jump, input int prev_next_pc, input int prev_fault,
    input int prev_depth, input int prev_loop_sp, input int prev_addr_sp,
    input bit prev_top_is_loop, input longint prev_active,
    output bit rst, output int cmd, output int ctx, output bit full_mode, output int cmn_inst,
    output int fc_inst, output int fc_addr, output int int_const, output bit bool_const,
    output longint pred_r, output longint pred_g, output longint pred_b, output longint pred_a,
    output longint alu_result, output bit alu_valid, output int pc, output longint live);
import "DPI-C" function bit c_dpi_fc_check(
    input bit jump, input int next_pc, input longint want, input longint active,
    input longint br_inactive, input longint loop_masked, input bit [511:0] bc, input int depth,
    input int addr_sp, input int addr_top, input int loop_sp, input bit loop_top_is_loop,
    input int loop_top_count, input longint loop_top_live, input longint loop_top_brk,
    input longint loop_top_cont, input int al, input int ovf, input int udf, input int fault);

// The system run (harness/tb_system.sv -> dpi/sys_dpi.c -> harness/sys_bench.c): the three
// units bind and check through their own imports above; next() draws the inputs of all three
// from one program's steps, cross() checks the blocks against each other and the model.
import "DPI-C" function void c_dpi_sys_bind();
import "DPI-C" function void c_dpi_sys_next(
    output bit rst, output int cmd, output int ctx, output bit full_mode, output int cmn_inst,
    output int fc_inst, output int fc_addr, output int int_const, output bit bool_const,
    output longint pred_r, output longint pred_g, output longint pred_b, output longint pred_a,
    output longint alu_result, output bit alu_valid, output int pc, output longint live,
    output int pred_op, output int pred_ctx, output longint pred_mask, output int pred_obs_ctx,
    output int stack_op, output int stack_pop_count, output bit stack_wqm,
    output bit stack_taken, output int stack_size);
import "DPI-C" function bit c_dpi_sys_cross(
    input bit fc_bad, input bit pred_bad, input bit stack_bad, input longint fc_active,
    input longint pred_obs_exec, input int stack_hwm, input int stack_depth,
    input bit stack_underflow);
