// Lock-step testbench of pred_stack. Each rising edge it hands the inputs the
// DUT saw this cycle and the DUT's outputs (settled before the edge) to the C
// model, which steps and compares; then it draws the next cycle's inputs from
// the one C stimulus generator. The first difference raises mismatch_o.
module tb_pred_stack #(
  parameter int unsigned Contexts = 32,
  parameter int unsigned Lanes    = 20,
  parameter int unsigned Depth    = 32,
  parameter int unsigned SpuSc    = 0,
  localparam int unsigned CtxW    = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned SpW     = $clog2(Depth + 1)
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic cmp_en_i,   // 0: RTL alone (speed baseline), the C model is not called
  output logic mismatch_o
);
`include "dpi_imports.svh"

  // Stimulus registers: the inputs of the current cycle.
  logic             stim_valid_q, stim_rst_q;
  logic [2:0]       op_q;
  logic [CtxW-1:0]  ctx_q, obs_ctx_q;
  logic [Lanes-1:0] mask_q;

  logic [Lanes-1:0] exec_mask, obs_pred, obs_task_mask, obs_exec_mask, obs_top;
  logic [SpW-1:0]   obs_sp;
  logic             obs_overflow, obs_underflow;

  pred_stack #(
    .Contexts(Contexts),
    .Lanes   (Lanes),
    .Depth   (Depth),
    .SpuSc   (SpuSc)
  ) dut_pred_stack (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni & ~stim_rst_q),
    .op_i           (op_q),
    .ctx_i          (ctx_q),
    .mask_i         (mask_q),
    .obs_ctx_i      (obs_ctx_q),
    .exec_mask_o    (exec_mask),
    .obs_pred_o     (obs_pred),
    .obs_task_mask_o(obs_task_mask),
    .obs_exec_mask_o(obs_exec_mask),
    .obs_sp_o       (obs_sp),
    .obs_top_o      (obs_top),
    .obs_overflow_o (obs_overflow),
    .obs_underflow_o(obs_underflow)
  );

  initial c_dpi_pred_bind(Contexts, Lanes, Depth, SpuSc);

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q <= 1'b0;
      stim_rst_q   <= 1'b0;
      op_q         <= '0;
      ctx_q        <= '0;
      mask_q       <= '0;
      obs_ctx_q    <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      bit     rst;
      int     op, ctx, obs_ctx;
      longint mask;
      if (cmp_en_i && stim_valid_q) begin
        if (c_dpi_pred_check(stim_rst_q, int'(op_q), int'(ctx_q), longint'(mask_q),
                             int'(obs_ctx_q), longint'(exec_mask), longint'(obs_pred),
                             longint'(obs_task_mask), longint'(obs_exec_mask), int'(obs_sp),
                             longint'(obs_top), obs_overflow, obs_underflow)) begin
          mismatch_o <= 1'b1;
        end
      end
      c_dpi_pred_next(rst, op, ctx, mask, obs_ctx);
      stim_valid_q <= 1'b1;
      stim_rst_q   <= rst;
      op_q         <= op[2:0];
      ctx_q        <= ctx[CtxW-1:0];
      mask_q       <= mask[Lanes-1:0];
      obs_ctx_q    <= obs_ctx[CtxW-1:0];
    end
  end
endmodule
