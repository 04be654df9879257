// pred_stack with its ports as the structs of ctm_ports_pkg (dpi/ctm_ports_pkg.sv, written by
// `dpp svpkg` from libctm's port tables): the one place the RTL's flat ports are wired, for
// every testbench that instantiates the block (tb_pred_stack, tb_system). The inputs are
// truncated to the port widths here; the outputs are wired by the package's macros (one
// signal per output, zero-extended to its member, packed by one always_comb: a struct settled
// before the DPI call, docs/dpi.md), so an output port added to the block and to its row in
// csim/util/ctm_ports.h needs no edit here. A DPI call moves each struct whole, and the C side
// reads it as ctm_pred_in and ctm_pred_out.
module pred_stack_ports
  import ctm_ports_pkg::*;
#(
  parameter int unsigned Contexts = 32,
  parameter int unsigned Lanes    = 20,
  parameter int unsigned Depth    = 32,
  parameter int unsigned SpuSc    = 0,
  localparam int unsigned CtxW    = (Contexts > 1) ? $clog2(Contexts) : 1
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  /* verilator lint_off UNUSEDSIGNAL */  // the struct's bits past the ports' widths
  input  ctm_pred_in_t  in_i,   // in_i.rst resets the block too (a stimulus reset)
  /* verilator lint_on UNUSEDSIGNAL */
  output ctm_pred_out_t out_o
);
  `CTM_PRED_OUT_WIRES(out_o)

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
    /* verilator lint_off WIDTH */  // each output zero-extended to its member
    `CTM_PRED_OUTPUTS(out_o)
    /* verilator lint_on WIDTH */
  );

  `CTM_PRED_OUT_PACK(out_o)
endmodule
