// Lock-step testbench of fc_unit. Each rising edge it hands the DUT's outputs
// (settled before the edge, for the inputs of this cycle) to the C model, which
// steps with the same inputs and compares; then it draws the next cycle's
// inputs from the one C stimulus generator, which follows the unit's decisions.
// Both directions are ctm_ports_pkg's structs (the instruction as its encoded
// dwords, decoded onto the unit's ports by fc_unit_ports), one DPI crossing a
// cycle. The first difference raises mismatch_o.
module tb_fc_unit
  import ctm_ports_pkg::*;
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

  logic        stim_valid_q;
  ctm_fc_in_t  in_q;  // the inputs of the current cycle
  ctm_fc_out_t out;

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
    .in_i  (in_q),
    .out_o (out)
  );

  initial c_dpi_fc_bind(Contexts, Lanes, AddrDepth, LoopDepth, BcWidth, PartBranches);

  always_ff @(posedge clk_i) begin  // sync reset: cheaper to evaluate than async
    if (!rst_ni) begin
      stim_valid_q <= 1'b0;
      in_q         <= '0;
      mismatch_o   <= 1'b0;
    end else begin
      ctm_fc_in_t next;
      if (cmp_en_i && stim_valid_q) begin  // one DPI crossing a cycle: check, then draw
        if (c_dpi_fc_cycle(out, next)) mismatch_o <= 1'b1;
      end else begin
        c_dpi_fc_next(stim_valid_q && !in_q.rst[0], out, next);
      end
      stim_valid_q <= 1'b1;
      in_q         <= next;
    end
  end
endmodule
