// pred_stack with its ports as the structs of ctm_ports_pkg (dpi/ctm_ports_pkg.sv, written by
// `dpp svpkg` from libctm's port tables): the one place the RTL's flat ports are wired, for
// every testbench that instantiates the block (tb_pred_stack, tb_system). The inputs are
// truncated to the port widths, the outputs zero-extended to the struct's; a DPI call moves
// each struct whole, and the C side reads it as ctm.h's ctm_pred_in and ctm_pred_out.
module pred_stack_ports
  import ctm_ports_pkg::*;
#(
  parameter int unsigned Contexts = 32,
  parameter int unsigned Lanes    = 20,
  parameter int unsigned Depth    = 32,
  parameter int unsigned SpuSc    = 0,
  localparam int unsigned CtxW    = (Contexts > 1) ? $clog2(Contexts) : 1,
  localparam int unsigned SpW     = $clog2(Depth + 1)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  /* verilator lint_off UNUSEDSIGNAL */  // the struct's bits past the ports' widths
  input  ctm_pred_in_t  in_i,   // in_i.rst resets the block too (a stimulus reset)
  /* verilator lint_on UNUSEDSIGNAL */
  output ctm_pred_out_t out_o
);
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
    .rst_ni         (rst_ni & ~in_i.rst[0]),
    .op_i           (in_i.op[2:0]),
    .ctx_i          (in_i.ctx[CtxW-1:0]),
    .mask_i         (in_i.mask[Lanes-1:0]),
    .obs_ctx_i      (in_i.obs_ctx[CtxW-1:0]),
    .exec_mask_o    (exec_mask),
    .obs_pred_o     (obs_pred),
    .obs_task_mask_o(obs_task_mask),
    .obs_exec_mask_o(obs_exec_mask),
    .obs_sp_o       (obs_sp),
    .obs_top_o      (obs_top),
    .obs_overflow_o (obs_overflow),
    .obs_underflow_o(obs_underflow)
  );

  always_comb begin
    out_o               = '0;
    out_o.exec_mask     = 64'(exec_mask);
    out_o.obs_pred      = 64'(obs_pred);
    out_o.obs_task_mask = 64'(obs_task_mask);
    out_o.obs_exec_mask = 64'(obs_exec_mask);
    out_o.obs_top       = 64'(obs_top);
    out_o.obs_sp        = 32'(obs_sp);
    out_o.obs_overflow  = 8'(obs_overflow);
    out_o.obs_underflow = 8'(obs_underflow);
  end
endmodule
