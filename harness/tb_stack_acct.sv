// Lock-step testbench of stack_acct (see tb_pred_stack.sv for the scheme): each
// rising edge checks the outputs of the cycle against the C model, then draws
// the next cycle's inputs from the C stimulus generator.
module tb_stack_acct #(
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

  logic       stim_valid_q, stim_rst_q, wqm_q, taken_q;
  logic [3:0] op_q;
  logic [2:0] pop_count_q;
  logic [7:0] stack_size_q;

  logic [15:0] entries, subentries, need, hwm, depth;
  logic        overflow, underflow, drop;

  stack_acct #(
    .Width(Width),
    .Rule (Rule),
    .Chip (Chip),
    .Depth(Depth)
  ) dut_stack_acct (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni & ~stim_rst_q),
    .op_i        (op_q),
    .pop_count_i (pop_count_q),
    .wqm_i       (wqm_q),
    .taken_i     (taken_q),
    .stack_size_i(stack_size_q),
    .entries_o   (entries),
    .subentries_o(subentries),
    .need_o      (need),
    .hwm_o       (hwm),
    .depth_o     (depth),
    .overflow_o  (overflow),
    .underflow_o (underflow),
    .drop_o      (drop)
  );

  initial c_dpi_stack_bind(Width, Rule, Chip, Depth);

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q <= 1'b0;
      stim_rst_q   <= 1'b0;
      op_q         <= '0;
      pop_count_q  <= '0;
      wqm_q        <= 1'b0;
      taken_q      <= 1'b0;
      stack_size_q <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      bit rst, wqm, taken;
      int op, pop_count, stack_size;
      if (cmp_en_i && stim_valid_q) begin
        if (c_dpi_stack_check(stim_rst_q, int'(op_q), int'(pop_count_q), wqm_q, taken_q,
                              int'(stack_size_q), int'(entries), int'(subentries), int'(need),
                              int'(hwm), int'(depth), overflow, underflow, drop)) begin
          mismatch_o <= 1'b1;
        end
      end
      c_dpi_stack_next(rst, op, pop_count, wqm, taken, stack_size);
      stim_valid_q <= 1'b1;
      stim_rst_q   <= rst;
      op_q         <= op[3:0];
      pop_count_q  <= pop_count[2:0];
      wqm_q        <= wqm;
      taken_q      <= taken;
      stack_size_q <= stack_size[7:0];
    end
  end
endmodule
