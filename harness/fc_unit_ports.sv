// fc_unit with its ports as the structs of ctm_ports_pkg (dpi/ctm_ports_pkg.sv, written by
// `dpp svpkg` from libctm's port tables): the one place the RTL's flat ports are wired, for
// every testbench that instantiates the block (tb_fc_unit, tb_system). The instruction
// arrives encoded (US_CMN_INST, US_FC_INST, US_FC_ADDR and the integer constant
// US_FC_INT_CONST, spec 6.3) and is decoded here by the field functions ctm_isa_pkg has
// from the ISA's field table (ctm_isa_*). The outputs are zero-extended to the struct's
// widths, each lane's branch counter to a byte; the C side reads the structs as ctm.h's
// ctm_fc_in and ctm_fc_out.
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
  logic                     jump, loop_top_is_loop;
  logic [9:0]               next_pc, addr_top;
  logic [Lanes-1:0]         want, active, br_inactive, loop_masked;
  logic [Lanes-1:0]         loop_top_live, loop_top_brk, loop_top_cont;
  logic [Lanes*BcWidth-1:0] bc;
  logic [BcWidth-1:0]       depth;
  logic [5:0]               addr_sp, loop_sp;
  logic [7:0]               loop_top_count;
  logic [15:0]              al;
  logic [2:0]               ovf, udf;
  logic [3:0]               fault;

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
    .jump_o            (jump),
    .next_pc_o         (next_pc),
    .want_o            (want),
    .active_o          (active),
    .br_inactive_o     (br_inactive),
    .loop_masked_o     (loop_masked),
    .bc_o              (bc),
    .depth_o           (depth),
    .addr_sp_o         (addr_sp),
    .addr_top_o        (addr_top),
    .loop_sp_o         (loop_sp),
    .loop_top_is_loop_o(loop_top_is_loop),
    .loop_top_count_o  (loop_top_count),
    .loop_top_live_o   (loop_top_live),
    .loop_top_brk_o    (loop_top_brk),
    .loop_top_cont_o   (loop_top_cont),
    .al_o              (al),
    .ovf_o             (ovf),
    .udf_o             (udf),
    .fault_o           (fault)
  );

  always_comb begin
    out_o                  = '0;
    out_o.jump             = 8'(jump);
    out_o.next_pc          = 32'(next_pc);
    out_o.want             = 64'(want);
    out_o.active           = 64'(active);
    out_o.br_inactive      = 64'(br_inactive);
    out_o.loop_masked      = 64'(loop_masked);
    for (int unsigned l = 0; l < Lanes; l++) out_o.bc[l] = 8'(bc[l*BcWidth +: BcWidth]);
    out_o.depth            = 32'(depth);
    out_o.addr_sp          = 32'(addr_sp);
    out_o.addr_top         = 32'(addr_top);
    out_o.loop_sp          = 32'(loop_sp);
    out_o.loop_top_is_loop = 8'(loop_top_is_loop);
    out_o.loop_top_count   = 32'(loop_top_count);
    out_o.loop_top_live    = 64'(loop_top_live);
    out_o.loop_top_brk     = 64'(loop_top_brk);
    out_o.loop_top_cont    = 64'(loop_top_cont);
    out_o.al               = 32'(al);
    out_o.ovf              = 32'(ovf);
    out_o.udf              = 32'(udf);
    out_o.fault            = 32'(fault);
  end
endmodule
