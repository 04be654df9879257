// Every DPI-C import of the lock-step testbenches, in one place.
// Names say the direction: imports are c_dpi_*, exports sv_dpi_*.

// Each block's ports travel as the packed structs of ctm_ports_pkg (imported by the including
// module), one argument each: pred_stack (harness/tb_pred_stack.sv -> dpi/pred_dpi.c ->
// harness/pred_bench.c), stack_acct (tb_stack_acct.sv -> stack_dpi.c -> stack_bench.c) and
// fc_unit (tb_fc_unit.sv -> fc_dpi.c -> fc_bench.c; the instruction as its encoded dwords,
// which the block's wrapper decodes). A lock-step cycle is one crossing, cycle(): the check of
// this cycle's outputs against the inputs the bench drew for it, and the next inputs; the RTL
// alone calls next() only. fc_unit's generator follows the unit's decisions like a sequencer,
// so its next() is given the outputs too.
import "DPI-C" function void c_dpi_pred_bind(input int contexts, input int lanes, input int depth,
                                             input int spu_sc);
import "DPI-C" function void c_dpi_pred_next(output ctm_pred_in_t next);
import "DPI-C" function bit c_dpi_pred_cycle(input ctm_pred_out_t out, output ctm_pred_in_t next);

import "DPI-C" function void c_dpi_stack_bind(input int width, input int rule, input int chip,
                                              input int depth);
import "DPI-C" function void c_dpi_stack_next(output ctm_stack_in_t next);
// stack_acct's cycle returns the check's status (0: CTM_OK); on another, failed() reports it.
import "DPI-C" function int c_dpi_stack_cycle(input ctm_stack_out_t out,
                                              output ctm_stack_in_t next);
import "DPI-C" function void c_dpi_stack_failed(input ctm_stack_out_t out);

import "DPI-C" function void c_dpi_fc_bind(input int contexts, input int lanes,
                                           input int addr_depth, input int loop_depth,
                                           input int bc_width, input int part_branches);
import "DPI-C" function void c_dpi_fc_next(input bit prev_valid, input ctm_fc_out_t prev,
                                           output ctm_fc_in_t next);
import "DPI-C" function bit c_dpi_fc_cycle(input ctm_fc_out_t out, output ctm_fc_in_t next);

// The system run (harness/tb_system.sv -> dpi/sys_dpi.c -> harness/sys_bench.c): the three
// units bind through their own imports above; one crossing a cycle checks each unit as its
// own bench does, then the blocks against each other and the model, and draws the next inputs
// of all three from one program's steps.
import "DPI-C" function void c_dpi_sys_bind();
import "DPI-C" function void c_dpi_sys_next(output ctm_fc_in_t fc_next,
                                            output ctm_pred_in_t pred_next,
                                            output ctm_stack_in_t stack_next);
import "DPI-C" function bit c_dpi_sys_cycle(
    input ctm_fc_out_t fc_out, input ctm_pred_out_t pred_out, input ctm_stack_out_t stack_out,
    output ctm_fc_in_t fc_next, output ctm_pred_in_t pred_next, output ctm_stack_in_t stack_next);
