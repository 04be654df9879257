// Lock-step testbench of the system run: fc_unit, pred_stack and stack_acct side by side, all
// driven from one CTM program's flow-control steps (the golden model, stepped by the C bench).
// Each rising edge: every DUT's outputs go to its own bench (the same checks as the block's own
// testbench), then the cross-checks between the blocks and the model, then the next cycle's
// inputs of all three are drawn. The first failure raises mismatch_o.
module tb_system
  import ctm_ports_pkg::*;
  import ctm_isa_pkg::*;  // the ISA's fields
#(
  // fc_unit (docs/fc_unit.md)
  parameter int unsigned Contexts     = 1,
  parameter int unsigned Lanes        = 64,
  parameter int unsigned AddrDepth    = 4,
  parameter int unsigned LoopDepth    = 4,
  parameter int unsigned BcWidth      = 6,
  parameter int unsigned PartBranches = 6,
  // pred_stack: one context per quarter-wave of 16 lanes (docs/system.md); PredSpuSc > 0 groups
  // them as the SC lanes of 16 / PredSpuSc SPUs, each with one more (SFU) lane [seed 003]
  parameter int unsigned PredDepth    = 64,
  parameter int unsigned PredSpuSc    = 0,
  // stack_acct (docs/stack_acct.md)
  parameter int unsigned Width        = 64,
  parameter int unsigned Rule         = 0,
  parameter int unsigned Chip         = 0,
  parameter int unsigned TrackerDepth = 64,
  localparam int unsigned Quarters     = (Lanes + 15) / 16,
  localparam int unsigned PredScLanes  = (Lanes < 16) ? Lanes : 16,
  localparam int unsigned PredLanes    = PredScLanes + ((PredSpuSc > 0) ? PredScLanes / PredSpuSc : 0),
  localparam int unsigned PredContexts = Contexts * Quarters
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic cmp_en_i,   // 0: RTL alone (speed baseline): the model still steps, no check
  output logic mismatch_o
);
`include "dpi_imports.svh"

  logic stim_valid_q;
  // A stimulus reset (the system run draws none; kept so the three units reset together).

  // ---------------------------------------------------------------- fc_unit
  logic             fc_rst_q, full_mode_q, bool_const_q, alu_valid_q;
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
    .rst_ni            (rst_ni & ~fc_rst_q),
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

  // ---------------------------------------------------------------- pred_stack, stack_acct
  ctm_pred_in_t   pred_in_q;
  ctm_pred_out_t  pred_out;
  ctm_stack_in_t  stack_in_q;
  ctm_stack_out_t stack_out;

  pred_stack_ports #(
    .Contexts(PredContexts),
    .Lanes   (PredLanes),
    .Depth   (PredDepth),
    .SpuSc   (PredSpuSc)
  ) u_pred_stack (
    .clk_i (clk_i),
    .rst_ni(rst_ni & ~fc_rst_q),
    .in_i  (pred_in_q),
    .out_o (pred_out)
  );

  stack_acct_ports #(
    .Width(Width),
    .Rule (Rule),
    .Chip (Chip),
    .Depth(TrackerDepth)
  ) u_stack_acct (
    .clk_i (clk_i),
    .rst_ni(rst_ni & ~fc_rst_q),
    .in_i  (stack_in_q),
    .out_o (stack_out)
  );

  initial begin
    c_dpi_fc_bind(Contexts, Lanes, AddrDepth, LoopDepth, BcWidth, PartBranches);
    c_dpi_pred_bind(PredContexts, PredLanes, PredDepth, PredSpuSc);
    c_dpi_stack_bind(Width, Rule, Chip, TrackerDepth);
    c_dpi_sys_bind();
  end

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q   <= 1'b0;
      fc_rst_q       <= 1'b0;
      cmd_q          <= '0;
      ctx_q          <= '0;
      full_mode_q    <= 1'b0;
      cmn_inst_q     <= '0;
      fc_inst_q      <= '0;
      fc_addr_q      <= '0;
      int_const_q    <= '0;
      bool_const_q   <= 1'b0;
      pred_r_q       <= '0;
      pred_g_q       <= '0;
      pred_b_q       <= '0;
      pred_a_q       <= '0;
      alu_result_q   <= '0;
      alu_valid_q    <= 1'b0;
      pc_q           <= '0;
      live_q         <= '0;
      pred_in_q      <= '0;
      stack_in_q     <= '0;
      mismatch_o     <= 1'b0;
    end else begin
      bit             rst, fm, bc1, av, fc_bad, pred_bad, stack_bad;
      int             cmd, ctx, cmn, fci, fca, kc, pc;
      longint         pr, pg, pb, pa, alu, lv;
      ctm_pred_in_t   pred_next;
      ctm_stack_in_t  stack_next;
      if (cmp_en_i && stim_valid_q) begin
        fc_bad = c_dpi_fc_check(jump, int'(next_pc), longint'(want), longint'(active),
                                longint'(br_inactive), longint'(loop_masked), 512'(bc),
                                int'(depth), int'(addr_sp), int'(addr_top), int'(loop_sp),
                                loop_top_is_loop, int'(loop_top_count), longint'(loop_top_live),
                                longint'(loop_top_brk), longint'(loop_top_cont), int'(al),
                                int'(ovf), int'(udf), int'(fault));
        pred_bad = c_dpi_pred_check(pred_in_q, pred_out);
        stack_bad = c_dpi_stack_check(stack_in_q, stack_out);
        if (c_dpi_sys_cross(fc_bad, pred_bad, stack_bad, longint'(active),
                            longint'(pred_out.obs_exec_mask), int'(stack_out.hwm),
                            int'(stack_out.depth), stack_out.underflow[0])) begin
          mismatch_o <= 1'b1;
        end
      end
      c_dpi_sys_next(rst, cmd, ctx, fm, cmn, fci, fca, kc, bc1, pr, pg, pb, pa, alu, av, pc, lv,
                     pred_next, stack_next);
      stim_valid_q   <= 1'b1;
      fc_rst_q       <= rst;
      cmd_q          <= cmd[1:0];
      ctx_q          <= ctx[7:0];
      full_mode_q    <= fm;
      cmn_inst_q     <= cmn;
      fc_inst_q      <= fci;
      fc_addr_q      <= fca;
      int_const_q    <= kc;
      bool_const_q   <= bc1;
      pred_r_q       <= pr[Lanes-1:0];
      pred_g_q       <= pg[Lanes-1:0];
      pred_b_q       <= pb[Lanes-1:0];
      pred_a_q       <= pa[Lanes-1:0];
      alu_result_q   <= alu[Lanes-1:0];
      alu_valid_q    <= av;
      pc_q           <= pc[8:0];
      live_q         <= lv[Lanes-1:0];
      pred_in_q      <= pred_next;
      stack_in_q     <= stack_next;
    end
  end
endmodule
