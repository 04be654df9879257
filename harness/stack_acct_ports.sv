// stack_acct with its ports as the structs of ctm_ports_pkg (see pred_stack_ports.sv): the one
// place its flat ports are wired, for tb_stack_acct and tb_system.
module stack_acct_ports
  import ctm_ports_pkg::*;
#(
  parameter int unsigned Width = 64,
  parameter int unsigned Rule  = 0,
  parameter int unsigned Chip  = 0,
  parameter int unsigned Depth = 64
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  /* verilator lint_off UNUSEDSIGNAL */  // the struct's bits past the ports' widths
  input  ctm_stack_in_t  in_i,   // in_i.rst resets the block too (a stimulus reset)
  /* verilator lint_on UNUSEDSIGNAL */
  output ctm_stack_out_t out_o
);
  logic [15:0] entries, subentries, need, hwm, depth;
  logic        overflow, underflow, drop;

  stack_acct #(
    .Width(Width),
    .Rule (Rule),
    .Chip (Chip),
    .Depth(Depth)
  ) dut_stack_acct (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni & ~in_i.rst[0]),
    .op_i        (in_i.op[3:0]),
    .pop_count_i (in_i.pop_count[2:0]),
    .wqm_i       (in_i.wqm[0]),
    .taken_i     (in_i.taken[0]),
    .stack_size_i(in_i.stack_size[7:0]),
    .entries_o   (entries),
    .subentries_o(subentries),
    .need_o      (need),
    .hwm_o       (hwm),
    .depth_o     (depth),
    .overflow_o  (overflow),
    .underflow_o (underflow),
    .drop_o      (drop)
  );

  always_comb begin
    out_o            = '0;
    out_o.entries    = 32'(entries);
    out_o.subentries = 32'(subentries);
    out_o.need       = 32'(need);
    out_o.hwm        = 32'(hwm);
    out_o.depth      = 32'(depth);
    out_o.overflow   = 8'(overflow);
    out_o.underflow  = 8'(underflow);
    out_o.drop       = 8'(drop);
  end
endmodule
