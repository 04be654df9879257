// fc_unit with its ports as the structs of ctm_ports_pkg (dpi/ctm_ports_pkg.sv, written by
// `dpp svpkg` from libctm's port tables): the one place the RTL's flat ports are wired, for
// every testbench that instantiates the block (tb_fc_unit, tb_system). The instruction
// arrives encoded (US_CMN_INST, US_FC_INST, US_FC_ADDR and the integer constant
// US_FC_INT_CONST, spec 6.3) and is decoded here by the field functions ctm_isa_pkg has
// from the ISA's field table (ctm_isa_*). The outputs are wired by the package's
// macros, as pred_stack_ports.sv's (a new output port needs no edit here); the branch counters
// are unpacked here, each lane's to a byte of out_o_bc. The C side reads the structs as
// ctm_fc_in and ctm_fc_out (csim/util/ctm_ports.h).
module fc_unit_ports
  import ctm_ports_pkg::*;
  import ctm_isa_pkg::*;
#(
  parameter int unsigned Contexts     = 1,
  parameter int unsigned Lanes        = 64,
  parameter int unsigned AddrDepth    = 4,
  parameter int unsigned LoopDepth    = 4,
  parameter int unsigned BcWidth      = 6,
  parameter int unsigned PartBranches = 6
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  /* verilator lint_off UNUSEDSIGNAL */  // the struct's bits past the ports' widths
  input  ctm_fc_in_t   in_i,   // in_i.rst resets the block too (a stimulus reset)
  /* verilator lint_on UNUSEDSIGNAL */
  output ctm_fc_out_t  out_o
);
  logic [Lanes*BcWidth-1:0] bc;

  `CTM_FC_OUT_WIRES(out_o)

  fc_unit #(
    .Contexts    (Contexts),
    .Lanes       (Lanes),
    .AddrDepth   (AddrDepth),
    .LoopDepth   (LoopDepth),
    .BcWidth     (BcWidth),
    .PartBranches(PartBranches)
  ) dut_fc_unit (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni & ~in_i.rst[0]),
    .cmd_i             (in_i.cmd[1:0]),
    .ctx_i             (in_i.ctx[7:0]),
    .full_mode_i       (in_i.full_mode[0]),
    .op_i              (ctm_isa_fc_op(in_i.fc_inst)),
    .b_else_i          (ctm_isa_b_else(in_i.fc_inst)),
    .jump_any_i        (ctm_isa_jump_any(in_i.fc_inst)),
    .a_op_i            (ctm_isa_a_op(in_i.fc_inst)),
    .jump_func_i       (ctm_isa_jump_func(in_i.fc_inst)),
    .b_pop_cnt_i       (ctm_isa_b_pop_cnt(in_i.fc_inst)),
    .b_op0_i           (ctm_isa_b_op0(in_i.fc_inst)),
    .b_op1_i           (ctm_isa_b_op1(in_i.fc_inst)),
    .jump_addr_i       (ctm_isa_jump_addr(in_i.fc_addr)),
    .pred_sel_i        (ctm_isa_rgb_pred_sel(in_i.cmn_inst)),
    .pred_inv_i        (ctm_isa_rgb_pred_inv(in_i.cmn_inst)),
    .pred_r_i          (in_i.pred_r[Lanes-1:0]),
    .pred_g_i          (in_i.pred_g[Lanes-1:0]),
    .pred_b_i          (in_i.pred_b[Lanes-1:0]),
    .pred_a_i          (in_i.pred_a[Lanes-1:0]),
    .alu_result_i      (in_i.alu_result[Lanes-1:0]),
    .alu_valid_i       (in_i.alu_valid[0]),
    .bool_const_i      (in_i.bool_const[0]),
    .loop_count_i      (in_i.int_const[7:0]),    // KR
    .loop_init_i       (in_i.int_const[15:8]),   // KG
    .loop_step_i       (in_i.int_const[23:16]),  // KB
    .pc_i              (in_i.pc[8:0]),
    .live_i            (in_i.live[Lanes-1:0]),
    .bc_o              (bc),
    /* verilator lint_off WIDTH */  // each output zero-extended to its member
    `CTM_FC_OUTPUTS(out_o)
    /* verilator lint_on WIDTH */
  );

  for (genvar l = 0; l < 64; l++) begin : g_bc  // lane l's counter in byte l, 0 past the lanes
    if (l < Lanes) begin : g_lane
      assign out_o_bc[l] = 8'(bc[l*BcWidth +: BcWidth]);
    end else begin : g_none
      assign out_o_bc[l] = '0;
    end
  end
  `CTM_FC_OUT_PACK(out_o)
endmodule
