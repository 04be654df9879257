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
  `CTM_STACK_OUT_WIRES(out_o)

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
    /* verilator lint_off WIDTH */  // each output zero-extended to its member
    `CTM_STACK_OUTPUTS(out_o)
    /* verilator lint_on WIDTH */
  );

  `CTM_STACK_OUT_PACK(out_o)
endmodule
