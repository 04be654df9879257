// Lock-step testbench of stack_acct (see tb_pred_stack.sv for the scheme): each
// rising edge checks the outputs of the cycle against the C model, then draws
// the next cycle's inputs from the C stimulus generator.
module tb_stack_acct
  import ctm_ports_pkg::*;
#(
  parameter int unsigned Width = 64,
  parameter int unsigned Rule  = 0,
  parameter int unsigned Chip  = 0,
  parameter int unsigned Depth = 64
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic cmp_en_i,   // 0: RTL alone (speed baseline), the C model is not called
  output logic mismatch_o
);
`include "dpi_imports.svh"

  logic           stim_valid_q;
  ctm_stack_in_t  in_q;  // the inputs of the current cycle
  ctm_stack_out_t out;

  stack_acct_ports #(
    .Width(Width),
    .Rule (Rule),
    .Chip (Chip),
    .Depth(Depth)
  ) u_stack_acct (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .in_i  (in_q),
    .out_o (out)
  );

  initial c_dpi_stack_bind(Width, Rule, Chip, Depth);

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q <= 1'b0;
      in_q         <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      ctm_stack_in_t next;
      if (cmp_en_i && stim_valid_q) begin  // one DPI crossing a cycle: draw, then check
        if (c_dpi_stack_cycle(out, next) != 0) begin  // and one more on a failure
          c_dpi_stack_failed(out);
          mismatch_o <= 1'b1;
        end
      end else begin
        c_dpi_stack_next(next);
      end
      stim_valid_q <= 1'b1;
      in_q         <= next;
    end
  end
endmodule
