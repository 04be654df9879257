// Lock-step testbench of the system run: fc_unit, pred_stack and stack_acct side by side, all
// driven from one CTM program's flow-control steps (the golden model, stepped by the C bench).
// Each rising edge: every DUT's outputs go to its own bench (the same checks as the block's own
// testbench), then the cross-checks between the blocks and the model, then the next cycle's
// inputs of all three are drawn. The first failure raises mismatch_o.
module tb_system
  import ctm_ports_pkg::*;
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

  // ---------------------------------------------------------------- fc_unit
  ctm_fc_in_t  fc_in_q;
  ctm_fc_out_t fc_out;

  fc_unit_ports #(
    .Contexts    (Contexts),
    .Lanes       (Lanes),
    .AddrDepth   (AddrDepth),
    .LoopDepth   (LoopDepth),
    .BcWidth     (BcWidth),
    .PartBranches(PartBranches)
  ) u_fc_unit (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .in_i  (fc_in_q),
    .out_o (fc_out)
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
    .rst_ni(rst_ni),
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
    .rst_ni(rst_ni),
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
      stim_valid_q <= 1'b0;
      fc_in_q      <= '0;
      pred_in_q    <= '0;
      stack_in_q   <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      ctm_fc_in_t    fc_next;
      ctm_pred_in_t  pred_next;
      ctm_stack_in_t stack_next;
      if (cmp_en_i && stim_valid_q) begin  // one DPI crossing a cycle: check, then draw
        if (c_dpi_sys_cycle(fc_out, pred_out, stack_out, fc_next, pred_next, stack_next)) begin
          mismatch_o <= 1'b1;
        end
      end else begin
        c_dpi_sys_next(fc_next, pred_next, stack_next);
      end
      stim_valid_q <= 1'b1;
      fc_in_q      <= fc_next;
      pred_in_q    <= pred_next;
      stack_in_q   <= stack_next;
    end
  end
endmodule
