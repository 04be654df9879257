// Lock-step testbench of pred_stack. Each rising edge it hands the inputs the
// DUT saw this cycle and the DUT's outputs (settled before the edge) to the C
// model, which steps and compares; then it draws the next cycle's inputs from
// the one C stimulus generator. The first difference raises mismatch_o. The
// ports travel as ctm_ports_pkg's structs: one DPI argument each way.
module tb_pred_stack
  import ctm_ports_pkg::*;
#(
  parameter int unsigned Contexts = 32,
  parameter int unsigned Lanes    = 20,
  parameter int unsigned Depth    = 32,
  parameter int unsigned SpuSc    = 0
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic cmp_en_i,   // 0: RTL alone (speed baseline), the C model is not called
  output logic mismatch_o
);
`include "dpi_imports.svh"

  logic          stim_valid_q;
  ctm_pred_in_t  in_q;  // the inputs of the current cycle
  ctm_pred_out_t out;

  pred_stack_ports #(
    .Contexts(Contexts),
    .Lanes   (Lanes),
    .Depth   (Depth),
    .SpuSc   (SpuSc)
  ) u_pred_stack (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .in_i  (in_q),
    .out_o (out)
  );

  initial c_dpi_pred_bind(Contexts, Lanes, Depth, SpuSc);

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q <= 1'b0;
      in_q         <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      ctm_pred_in_t next;
      if (cmp_en_i && stim_valid_q) begin  // one DPI crossing a cycle: check, then draw
        if (c_dpi_pred_cycle(out, next)) mismatch_o <= 1'b1;
      end else begin
        c_dpi_pred_next(next);
      end
      stim_valid_q <= 1'b1;
      in_q         <= next;
    end
  end
endmodule
