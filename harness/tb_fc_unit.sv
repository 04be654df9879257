// Lock-step testbench of fc_unit. Each rising edge it hands the DUT's outputs
// (settled before the edge, for the inputs of this cycle) to the C model, which
// steps with the same inputs and compares; then it draws the next cycle's
// inputs from the one C stimulus generator, which follows the unit's decisions.
// The instruction arrives encoded (US_CMN_INST, US_FC_INST, US_FC_ADDR and the
// integer constant) and is decoded here onto the unit's ports, by the field
// functions ctm_isa_pkg has from the ISA's field table (ctm_isa_*).
// The first difference raises mismatch_o.
module tb_fc_unit
  import ctm_ports_pkg::*;  // dpi_imports.svh names the port structs
  import ctm_isa_pkg::*;    // the ISA's fields
#(
  parameter int unsigned Contexts  = 1,
  parameter int unsigned Lanes     = 64,
  parameter int unsigned AddrDepth = 4,
  parameter int unsigned LoopDepth = 4,
  parameter int unsigned BcWidth   = 6,
  parameter int unsigned PartBranches = 6
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic cmp_en_i,   // 0: RTL alone (speed baseline), the C model is not called
  output logic mismatch_o
);
`include "dpi_imports.svh"

  // Stimulus registers: the inputs of the current cycle, as drawn.
  logic             stim_valid_q, stim_rst_q, full_mode_q, bool_const_q, alu_valid_q;
  logic [1:0]       cmd_q;
  logic [7:0]       ctx_q;
  logic [31:0]      cmn_inst_q, fc_inst_q, fc_addr_q, int_const_q;
  logic [Lanes-1:0] pred_r_q, pred_g_q, pred_b_q, pred_a_q, alu_result_q, live_q;
  logic [8:0]       pc_q;

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
    .Contexts (Contexts),
    .Lanes    (Lanes),
    .AddrDepth(AddrDepth),
    .LoopDepth(LoopDepth),
    .BcWidth  (BcWidth),
    .PartBranches(PartBranches)
  ) dut_fc_unit (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni & ~stim_rst_q),
    .cmd_i             (cmd_q),
    .ctx_i             (ctx_q),
    .full_mode_i       (full_mode_q),
    .op_i              (ctm_isa_fc_op(fc_inst_q)),
    .b_else_i          (ctm_isa_b_else(fc_inst_q)),
    .jump_any_i        (ctm_isa_jump_any(fc_inst_q)),
    .a_op_i            (ctm_isa_a_op(fc_inst_q)),
    .jump_func_i       (ctm_isa_jump_func(fc_inst_q)),
    .b_pop_cnt_i       (ctm_isa_b_pop_cnt(fc_inst_q)),
    .b_op0_i           (ctm_isa_b_op0(fc_inst_q)),
    .b_op1_i           (ctm_isa_b_op1(fc_inst_q)),
    .jump_addr_i       (ctm_isa_jump_addr(fc_addr_q)),
    .pred_sel_i        (ctm_isa_rgb_pred_sel(cmn_inst_q)),
    .pred_inv_i        (ctm_isa_rgb_pred_inv(cmn_inst_q)),
    .pred_r_i          (pred_r_q),
    .pred_g_i          (pred_g_q),
    .pred_b_i          (pred_b_q),
    .pred_a_i          (pred_a_q),
    .alu_result_i      (alu_result_q),
    .alu_valid_i       (alu_valid_q),
    .bool_const_i      (bool_const_q),
    .loop_count_i      (int_const_q[7:0]),
    .loop_init_i       (int_const_q[15:8]),
    .loop_step_i       (int_const_q[23:16]),
    .pc_i              (pc_q),
    .live_i            (live_q),
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

  initial c_dpi_fc_bind(Contexts, Lanes, AddrDepth, LoopDepth, BcWidth, PartBranches);

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q <= 1'b0;
      stim_rst_q   <= 1'b0;
      cmd_q        <= '0;
      ctx_q        <= '0;
      full_mode_q  <= 1'b0;
      cmn_inst_q   <= '0;
      fc_inst_q    <= '0;
      fc_addr_q    <= '0;
      int_const_q  <= '0;
      bool_const_q <= 1'b0;
      pred_r_q     <= '0;
      pred_g_q     <= '0;
      pred_b_q     <= '0;
      pred_a_q     <= '0;
      alu_result_q <= '0;
      alu_valid_q  <= 1'b0;
      pc_q         <= '0;
      live_q       <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      bit     rst, fm, bc1, av;
      int     cmd, ctx, cmn, fci, fca, kc, pc;
      longint pr, pg, pb, pa, alu, lv;
      if (cmp_en_i && stim_valid_q) begin
        if (c_dpi_fc_check(jump, int'(next_pc), longint'(want), longint'(active),
                           longint'(br_inactive), longint'(loop_masked), 512'(bc), int'(depth),
                           int'(addr_sp), int'(addr_top), int'(loop_sp), loop_top_is_loop,
                           int'(loop_top_count), longint'(loop_top_live), longint'(loop_top_brk),
                           longint'(loop_top_cont), int'(al), int'(ovf), int'(udf),
                           int'(fault))) begin
          mismatch_o <= 1'b1;
        end
      end
      c_dpi_fc_next(stim_valid_q && !stim_rst_q, jump, int'(next_pc), int'(fault), int'(depth),
                    int'(loop_sp), int'(addr_sp), loop_top_is_loop, longint'(active),
                    rst, cmd, ctx, fm, cmn, fci, fca, kc, bc1, pr, pg, pb, pa, alu, av, pc, lv);
      stim_valid_q <= 1'b1;
      stim_rst_q   <= rst;
      cmd_q        <= cmd[1:0];
      ctx_q        <= ctx[7:0];
      full_mode_q  <= fm;
      cmn_inst_q   <= cmn;
      fc_inst_q    <= fci;
      fc_addr_q    <= fca;
      int_const_q  <= kc;
      bool_const_q <= bc1;
      pred_r_q     <= pr[Lanes-1:0];
      pred_g_q     <= pg[Lanes-1:0];
      pred_b_q     <= pb[Lanes-1:0];
      pred_a_q     <= pa[Lanes-1:0];
      alu_result_q <= alu[Lanes-1:0];
      alu_valid_q  <= av;
      pc_q         <= pc[8:0];
      live_q       <= lv[Lanes-1:0];
    end
  end
endmodule
