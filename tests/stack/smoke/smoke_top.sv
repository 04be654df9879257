// All widths x rule rows side by side, same inputs (smoke run only).
module smoke_top #(parameter int unsigned Depth = 12) (
  input  logic clk_i, rst_ni,
  input  logic [3:0] op_i, input logic [2:0] pop_count_i, input logic wqm_i, taken_i,
  input  logic [7:0] stack_size_i,
  output logic [36*16-1:0] entries_o, subentries_o, need_o, hwm_o, depth_o,
  output logic [35:0] overflow_o, underflow_o, drop_o
);
  for (genvar w = 0; w < 4; w++) begin : g_w
    for (genvar r = 0; r < 9; r++) begin : g_r
      localparam int unsigned I = w * 9 + r;
      stack_acct #(.Width(16 * (w + 1)), .Rule(r == 0 ? 0 : (r <= 4 ? 1 : 2)),
                   .Chip(r == 0 ? 0 : (r <= 4 ? r - 1 : r - 5)), .Depth(Depth)) u (
        .clk_i, .rst_ni, .op_i, .pop_count_i, .wqm_i, .taken_i, .stack_size_i,
        .entries_o(entries_o[I*16 +: 16]), .subentries_o(subentries_o[I*16 +: 16]),
        .need_o(need_o[I*16 +: 16]), .hwm_o(hwm_o[I*16 +: 16]), .depth_o(depth_o[I*16 +: 16]),
        .overflow_o(overflow_o[I]), .underflow_o(underflow_o[I]), .drop_o(drop_o[I]));
    end
  end
endmodule
