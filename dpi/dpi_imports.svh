// Every DPI-C import of the lock-step testbenches, in one place.
// Names say the direction: imports are c_dpi_*, exports sv_dpi_*.
// fc_unit's masks travel as 64-bit longints (lanes <= 64); the other blocks' ports as packed
// structs.

// pred_stack (harness/tb_pred_stack.sv -> dpi/pred_dpi.c -> harness/pred_bench.c) and
// stack_acct (tb_stack_acct.sv -> stack_dpi.c -> stack_bench.c): the ports travel as the
// packed structs of ctm_ports_pkg (imported by the including module), one argument each. A
// lock-step cycle is one crossing, cycle(): the check of this cycle's outputs against the
// inputs the bench drew for it, and the next inputs; the RTL alone calls next() only. The
// system run checks with check(), naming the inputs, and draws all three blocks' inputs in
// one c_dpi_sys_next.
import "DPI-C" function void c_dpi_pred_bind(input int contexts, input int lanes, input int depth,
                                             input int spu_sc);
import "DPI-C" function void c_dpi_pred_next(output ctm_pred_in_t next);
import "DPI-C" function bit c_dpi_pred_check(input ctm_pred_in_t in, input ctm_pred_out_t out);
import "DPI-C" function bit c_dpi_pred_cycle(input ctm_pred_out_t out, output ctm_pred_in_t next);

import "DPI-C" function void c_dpi_stack_bind(input int width, input int rule, input int chip,
                                              input int depth);
import "DPI-C" function void c_dpi_stack_next(output ctm_stack_in_t next);
import "DPI-C" function bit c_dpi_stack_check(input ctm_stack_in_t in,
                                              input ctm_stack_out_t out);
import "DPI-C" function bit c_dpi_stack_cycle(input ctm_stack_out_t out,
                                              output ctm_stack_in_t next);

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
    output ctm_pred_in_t pred_in, output ctm_stack_in_t stack_in);
import "DPI-C" function bit c_dpi_sys_cross(
    input bit fc_bad, input bit pred_bad, input bit stack_bad, input longint fc_active,
    input longint pred_obs_exec, input int stack_hwm, input int stack_depth,
    input bit stack_underflow);
